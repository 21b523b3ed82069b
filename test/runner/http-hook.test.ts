/**
 * `HttpHook` against a real HTTP server on 127.0.0.1 (node:http, port 0):
 * every row of the response mapping, redirects not followed, the timeout,
 * a refused connection, the body cap, and keep-alive reuse (one socket for
 * 20 requests). Plus the whole hook (`runHttpHook`): allowlists and header
 * variables, and the test layer.
 */
import * as http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { decide } from "../../src/core/decide.ts"
import type { HttpRequestOptions } from "../../src/runner/http-hook.ts"
import { HttpHook, runHttpHook } from "../../src/runner/http-hook.ts"
import { destroyHttpAgents, makeHttpAgents, sendHttpRequest } from "../../src/runner/node-http-hook.ts"

interface Seen {
  readonly url: string
  readonly headers: http.IncomingHttpHeaders
  readonly body: string
}

let server: http.Server
let base = ""
const sockets = new Set<Socket>()
const connections: Array<Socket> = []
const seen: Array<Seen> = []
/** Requests the server got whose connection closed before it answered (the client gave up). */
const abandoned: Array<string> = []
const held: Array<http.ServerResponse> = []
let refusedUrl = ""

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      const url = req.url ?? "/"
      seen.push({ url, headers: req.headers, body })
      switch (url) {
        case "/empty":
          return res.writeHead(204).end()
        case "/empty-200":
          return res.writeHead(200).end("  \n")
        case "/json":
          return res.writeHead(200, { "content-type": "application/json" }).end(
            JSON.stringify({
              hookSpecificOutput: {
                hookEventName: "PreToolUse",
                permissionDecision: "deny",
                permissionDecisionReason: "from http"
              }
            })
          )
        case "/json-array":
          return res.writeHead(200).end("[1,2]")
        case "/text":
          return res.writeHead(200).end("all good")
        case "/redirect":
          return res.writeHead(302, { location: `${base}/json` }).end()
        case "/error":
          return res.writeHead(500).end('{"decision":"block","reason":"a 500 must not decide"}')
        case "/big":
          return res.writeHead(200).end("é".repeat(4096))
        case "/echo":
          return res.writeHead(200).end(JSON.stringify({ systemMessage: body }))
        case "/slow":
          res.on("close", () => {
            if (!res.writableEnded) abandoned.push(url)
          })
          held.push(res)
          return
        default:
          return res.writeHead(404).end("no such hook")
      }
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    connections.push(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // A port nothing listens on: bind one, note it, close it.
  const probe = http.createServer()
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve))
  refusedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/hook`
  await new Promise<void>((resolve) => probe.close(() => resolve()))
})

afterAll(async () => {
  for (const res of held) res.destroy()
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const request = (path: string, extra: Partial<HttpRequestOptions> = {}): HttpRequestOptions => ({
  url: path.startsWith("http") ? path : `${base}${path}`,
  headers: {},
  body: '{"hook_event_name":"PreToolUse"}',
  timeoutMs: 5000,
  capBytes: 1024 * 1024,
  ...extra
})

const hook = (path: string, extra: Record<string, unknown> = {}) => ({ url: `${base}${path}`, ...extra })

const runVia = <A>(effect: Effect.Effect<A, never, HttpHook>) => effect.pipe(Effect.provide(HttpHook.layer))

describe("HttpHook.layer against a real server", () => {
  it.effect("2xx with an empty body (204, and 200 with white space) is exit 0 with nothing to decide", () =>
    runVia(
      Effect.gen(function* () {
        for (const path of ["/empty", "/empty-200"]) {
          const { run, notes } = yield* runHttpHook(hook(path), { input: "{}", env: {}, timeoutMs: 5000 })
          assert.strictEqual(run.exitCode, 0)
          assert.strictEqual(run.stdout, "")
          assert.deepStrictEqual(notes, [])
          assert.deepStrictEqual(decide("PreToolUse", run), [])
        }
      })
    )
  )

  it.effect("2xx with a JSON object is stdout: its decision blocks like a command's", () =>
    runVia(
      Effect.gen(function* () {
        const { run } = yield* runHttpHook(hook("/json"), { input: "{}", env: {}, timeoutMs: 5000 })
        assert.strictEqual(run.exitCode, 0)
        assert.strictEqual(run.command, `POST ${base}/json`)
        assert.deepStrictEqual(decide("PreToolUse", run), [{ _tag: "BlockTool", reason: "from http" }])
      })
    )
  )

  it.effect("2xx with text or a JSON array is a non-blocking error; blocking with onFailure block", () =>
    runVia(
      Effect.gen(function* () {
        for (const path of ["/text", "/json-array"]) {
          const { run } = yield* runHttpHook(hook(path), { input: "{}", env: {}, timeoutMs: 5000 })
          assert.strictEqual(run.exitCode, 1)
          assert.strictEqual(run.stdout, "")
          assert.match(run.stderr, /answered HTTP 200 with a body that is not a JSON object/)
          const effects = decide("PreToolUse", run)
          assert.deepStrictEqual(
            effects.map((e) => e._tag),
            ["ShowUser"]
          )
          assert.strictEqual(decide("PreToolUse", run, { dialect: "wave", onFailure: "block" })[0]!._tag, "BlockTool")
        }
      })
    )
  )

  it.effect("a 3xx is not followed: one request, a non-blocking error naming the target", () =>
    runVia(
      Effect.gen(function* () {
        const before = seen.length
        const { run } = yield* runHttpHook(hook("/redirect"), { input: "{}", env: {}, timeoutMs: 5000 })
        assert.strictEqual(seen.length - before, 1)
        assert.strictEqual(run.exitCode, 1)
        assert.include(run.stderr, `HTTP 302 (a redirect to ${base}/json), which is not followed`)
      })
    )
  )

  it.effect("a 500 with a JSON body does not decide: a non-blocking error naming the status", () =>
    runVia(
      Effect.gen(function* () {
        const { run } = yield* runHttpHook(hook("/error"), { input: "{}", env: {}, timeoutMs: 5000 })
        assert.strictEqual(run.exitCode, 1)
        assert.strictEqual(run.stdout, "")
        assert.include(run.stderr, "answered HTTP 500 Internal Server Error:")
        assert.deepStrictEqual(
          decide("PreToolUse", run).map((e) => e._tag),
          ["ShowUser"]
        )
      })
    )
  )

  it.effect("a timeout aborts the request (the server sees the connection close) and is a timed-out run", () =>
    runVia(
      Effect.gen(function* () {
        const { run } = yield* runHttpHook(hook("/slow"), { input: "{}", env: {}, timeoutMs: 150 })
        assert.strictEqual(run.exitCode, null)
        assert.isTrue(run.timedOut)
        assert.isAtLeast(run.durationMs, 140)
        const [effect] = decide("PreToolUse", run, { dialect: "wave", onFailure: "block" })
        assert.strictEqual(effect?._tag, "BlockTool")
        // The server's side of the connection closes: the client destroyed it.
        yield* Effect.promise(
          () =>
            new Promise<void>((resolve) => {
              const check = () => (abandoned.includes("/slow") ? resolve() : setImmediate(check))
              check()
            })
        )
      })
    )
  )

  it.effect("interrupting the Effect destroys the request (the server sees the connection close)", () =>
    runVia(
      Effect.gen(function* () {
        const before = abandoned.length
        const heldBefore = held.length
        const fiber = yield* Effect.forkChild(runHttpHook(hook("/slow"), { input: "{}", env: {}, timeoutMs: 60_000 }))
        // Wait until the server holds the request, then interrupt.
        yield* Effect.promise(
          () =>
            new Promise<void>((resolve) => {
              const check = () => (held.length > heldBefore ? resolve() : setImmediate(check))
              check()
            })
        )
        yield* Fiber.interrupt(fiber)
        yield* Effect.promise(
          () =>
            new Promise<void>((resolve) => {
              const check = () => (abandoned.length > before ? resolve() : setImmediate(check))
              check()
            })
        )
      })
    )
  )

  it.effect("a refused connection is a failure run that says so", () =>
    runVia(
      Effect.gen(function* () {
        const { run } = yield* runHttpHook({ url: refusedUrl }, { input: "{}", env: {}, timeoutMs: 5000 })
        assert.strictEqual(run.exitCode, null)
        assert.match(
          run.spawnError ?? "",
          /connection refused by http:\/\/127\.0\.0\.1:\d+\/hook \(connect ECONNREFUSED/
        )
        assert.match(decide("PreToolUse", run)[0]!._tag, /ShowUser/)
      })
    )
  )

  it.effect("a body over the cap is cut on a character boundary and flagged truncated", () =>
    runVia(
      Effect.gen(function* () {
        const { run } = yield* runHttpHook(hook("/big"), { input: "{}", env: {}, timeoutMs: 5000, capBytes: 1001 })
        assert.isTrue(run.truncated)
        assert.deepStrictEqual(run.truncatedStreams, [{ stream: "stdout", limitBytes: 1001 }])
        assert.strictEqual(run.exitCode, 1)
        assert.include(run.stderr, "cut at the 1001 bytes cap")
        const codes = decide("PreToolUse", run).flatMap((e) => (e._tag === "Diagnostic" ? [e.code] : []))
        assert.deepStrictEqual(codes, ["output-truncated"])
        // The kept text itself, straight from the client: 500 whole "é" (1000 bytes), no broken character.
        const outcome = yield* Effect.promise(() => sendHttpRequest(request("/big", { capBytes: 1001 })))
        assert.strictEqual(outcome._tag === "Response" ? outcome.body : "", "é".repeat(500))
      })
    )
  )

  it.effect("keep-alive: 20 requests go over ONE connection; closing the layer closes it", () =>
    Effect.gen(function* () {
      const before = connections.length
      yield* runVia(
        Effect.gen(function* () {
          for (let i = 0; i < 20; i++) {
            const { run } = yield* runHttpHook(hook("/json"), { input: `{"i":${i}}`, env: {}, timeoutMs: 5000 })
            assert.strictEqual(run.exitCode, 0)
          }
        })
      )
      const opened = connections.slice(before)
      assert.strictEqual(opened.length, 1)
      // The layer's scope closed: its agent destroyed the socket.
      yield* Effect.promise(
        () =>
          new Promise<void>((resolve) => {
            const check = () => (opened.every((s) => !sockets.has(s)) ? resolve() : setImmediate(check))
            check()
          })
      )
    })
  )

  it.effect("the POST carries the event JSON, application/json, and the substituted headers", () =>
    runVia(
      Effect.gen(function* () {
        const before = seen.length
        const { run, notes } = yield* runHttpHook(
          hook("/echo", {
            headers: { Authorization: "Bearer $TOKEN", "X-Team": "${TEAM}", "X-Plain": "p" },
            allowedEnvVars: ["TOKEN"]
          }),
          { input: '{"tool_name":"Bash"}', env: { TOKEN: "s3cret", TEAM: "core" }, timeoutMs: 5000 }
        )
        const got = seen[before]!
        assert.strictEqual(got.body, '{"tool_name":"Bash"}')
        assert.strictEqual(got.headers["content-type"], "application/json")
        assert.strictEqual(got.headers["authorization"], "Bearer s3cret")
        assert.strictEqual(got.headers["x-team"], "")
        assert.strictEqual(got.headers["x-plain"], "p")
        assert.strictEqual(run.exitCode, 0)
        assert.strictEqual(notes.length, 1)
        assert.include(notes[0]!, 'header "X-Team" refers to $TEAM, which is not in allowedEnvVars')
      })
    )
  )

  it.effect(
    "httpHookAllowedEnvVars narrows allowedEnvVars; allowedHttpHookUrls refuses other URLs without a request",
    () =>
      runVia(
        Effect.gen(function* () {
          const before = seen.length
          const narrowed = yield* runHttpHook(
            hook("/echo", { headers: { Authorization: "$TOKEN" }, allowedEnvVars: ["TOKEN"] }),
            { input: "{}", env: { TOKEN: "s3cret" }, timeoutMs: 5000, policy: { httpHookAllowedEnvVars: ["OTHER"] } }
          )
          assert.strictEqual(seen[before]!.headers["authorization"], "")
          assert.strictEqual(narrowed.notes.length, 1)
          const refused = yield* runHttpHook(hook("/json"), {
            input: "{}",
            env: {},
            timeoutMs: 5000,
            policy: { allowedHttpHookUrls: ["https://hooks.example.com/*"] }
          })
          assert.strictEqual(seen.length - before, 1)
          assert.strictEqual(refused.run.exitCode, null)
          assert.include(
            refused.run.spawnError ?? "",
            'matches no allowedHttpHookUrls pattern ("https://hooks.example.com/*")'
          )
          const allowed = yield* runHttpHook(hook("/json"), {
            input: "{}",
            env: {},
            timeoutMs: 5000,
            policy: { allowedHttpHookUrls: ["http://127.0.0.1:*"] }
          })
          assert.strictEqual(allowed.run.exitCode, 0)
        })
      )
  )

  it("a header value that is not valid HTTP is a failure run, not a crash", async () => {
    const agents = makeHttpAgents()
    try {
      const outcome = await sendHttpRequest(request("/json", { headers: { "bad header": "x" } }), agents)
      assert.strictEqual(outcome._tag, "Failed")
      assert.include(outcome._tag === "Failed" ? outcome.message : "", "fix the hook's headers")
    } finally {
      destroyHttpAgents(agents)
    }
  })
})

describe("HttpHook.layerTest", () => {
  it.effect("canned answers by URL, recorded requests, and a loud defect for an unknown URL", () =>
    Effect.gen(function* () {
      const requests: Array<HttpRequestOptions> = []
      const layer = HttpHook.layerTest(
        {
          "http://guard/pre": { status: 200, body: '{"continue":false}' },
          "http://guard/down": { _tag: "TimedOut", durationMs: 5 }
        },
        requests
      )
      const { run } = yield* runHttpHook(
        { url: "http://guard/pre" },
        { input: '{"a":1}', env: {}, timeoutMs: 1000 }
      ).pipe(Effect.provide(layer))
      assert.strictEqual(run.stdout, '{"continue":false}')
      const down = yield* runHttpHook({ url: "http://guard/down" }, { input: "{}", env: {}, timeoutMs: 1000 }).pipe(
        Effect.provide(layer)
      )
      assert.isTrue(down.run.timedOut)
      assert.deepStrictEqual(
        requests.map((r) => [r.url, r.body, r.timeoutMs, r.capBytes]),
        [
          ["http://guard/pre", '{"a":1}', 1000, 1024 * 1024],
          ["http://guard/down", "{}", 1000, 1024 * 1024]
        ]
      )
      const exit = yield* Effect.exit(
        runHttpHook({ url: "http://other/" }, { input: "{}", env: {}, timeoutMs: 1000 }).pipe(Effect.provide(layer))
      )
      assert.isTrue(exit._tag === "Failure")
    })
  )
})
