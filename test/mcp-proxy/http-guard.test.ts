/**
 * `mcp-proxy --listen` as a server, with real processes: the tiny upstream
 * behind a listening proxy, reached over real HTTP on loopback.
 *
 * - The credential: every request without the printed token (or the fixed
 *   one from WAVE_HOOKS_MCP_TOKEN or --token-file) gets 401 with
 *   `WWW-Authenticate: Bearer`, on every path and method, and reaches neither
 *   a hook nor the upstream; the variable reaches neither either.
 * - Upstream requests (elicitation, sampling) go to the session whose call
 *   caused them, never to another one; with several calls in flight they go
 *   to none.
 * - Bodies: over 4 MiB is a 413 while the body still streams, the proxy
 *   goes on serving; without the token nothing is read.
 * - Addresses: beyond loopback needs --allow-remote (refused before
 *   anything listens); 127.0.0.2 is loopback and keeps the Host check; Host
 *   is compared case-insensitively; --allow-host adds a name.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { CreateMessageRequestSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"
import { connect } from "node:net"
import { join } from "node:path"
import { ensureCliBuilt, nodeBin, runCli } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"
import {
  alive,
  eventually,
  fileHas,
  httpClient,
  initializeBody,
  mcpHeaders,
  rawRequest,
  startListening,
  textsOf,
  tinyServer
} from "./gateway-helpers.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

/** A project whose SessionStart hook and every PreToolUse hook log a line, so "nothing reached a hook" can be checked. */
const loggingProject = () => {
  const p = makeProject()
  const log = join(p.root, "hooks.log")
  p.writeSettings(
    "project",
    settings({
      SessionStart: [group([hook(`echo "start \${WAVE_HOOKS_MCP_TOKEN:-no-token-variable}" >> ${shq(log)}`)])],
      PreToolUse: [group([hook(`echo pre >> ${shq(log)}`)], { matcher: "*" })]
    })
  )
  return { p, log }
}

const lines = (file: string): ReadonlyArray<string> =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.length > 0)
    : []

/** Stream `total` bytes as a chunked POST; resolves with the status and how much had been sent when the answer came. */
const streamBody = (
  url: string,
  headers: Record<string, string>,
  total: number
): Promise<{ readonly status: number; readonly sent: number }> =>
  new Promise((resolve, reject) => {
    let sent = 0
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    const req = request(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } }, (res) => {
      res.resume()
      resolve({ status: res.statusCode ?? 0, sent })
      req.destroy()
    })
    req.on("error", (error) => (sent >= total ? reject(error) : undefined))
    const pump = () => {
      while (sent < total && !req.destroyed) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once("drain", pump)
      }
      if (!req.destroyed) req.end()
    }
    pump()
  })

/** A port nothing listens on now. */
const freePort = async (): Promise<number> => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

const refusesConnections = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host, port })
    socket.once("connect", () => {
      socket.destroy()
      resolve(false)
    })
    socket.once("error", () => resolve(true))
  })

describe("mcp-proxy --listen: the credential", () => {
  it("given no token or a wrong one, when any path is asked with any method, then 401 with WWW-Authenticate: Bearer, and no hook nor the upstream hears of it; the printed token works", async () => {
    const { p, log } = loggingProject()
    const calls = join(p.root, "calls.log")
    const server = await startListening(p, [], { env: { TINY_LOG: calls } })
    try {
      assert.match(server.token ?? "", /^[A-Za-z0-9_-]{43}$/, server.stderr())
      const base = new URL(server.url)
      const wrong = "x".repeat(43)
      const attempts: ReadonlyArray<{
        readonly method: string
        readonly path: string
        readonly headers: Record<string, string>
        readonly body?: string
      }> = [
        { method: "POST", path: "/mcp", headers: mcpHeaders(), body: initializeBody("intruder") },
        { method: "POST", path: "/mcp", headers: mcpHeaders(wrong), body: initializeBody("intruder") },
        {
          method: "POST",
          path: "/mcp",
          headers: { ...mcpHeaders(), authorization: `Basic ${Buffer.from(`x:${server.token}`).toString("base64")}` },
          body: initializeBody()
        },
        { method: "POST", path: `/mcp?token=${server.token}`, headers: mcpHeaders(), body: initializeBody("intruder") },
        {
          method: "POST",
          path: "/mcp",
          headers: { ...mcpHeaders(), "x-wave-hooks-token": server.token! },
          body: initializeBody()
        },
        {
          method: "POST",
          path: "/mcp",
          headers: { ...mcpHeaders(), "mcp-session-id": "00000000-0000-0000-0000-000000000000" },
          body: "{}"
        },
        { method: "GET", path: "/mcp", headers: { accept: "text/event-stream" } },
        { method: "DELETE", path: "/mcp", headers: { "mcp-session-id": "00000000-0000-0000-0000-000000000000" } },
        { method: "GET", path: "/", headers: {} },
        { method: "POST", path: "/anything/else", headers: mcpHeaders(), body: initializeBody() },
        { method: "OPTIONS", path: "/mcp", headers: {} },
        { method: "PUT", path: "/mcp", headers: {}, body: "{}" }
      ]
      for (const attempt of attempts) {
        const reply = await rawRequest(new URL(attempt.path, base).href, {
          method: attempt.method,
          headers: attempt.headers,
          ...(attempt.body === undefined ? {} : { body: attempt.body })
        })
        const what = `${attempt.method} ${attempt.path} ${JSON.stringify(attempt.headers)}`
        assert.strictEqual(reply.status, 401, what)
        assert.match(String(reply.headers["www-authenticate"]), /^Bearer\b/, what)
        assert.include(reply.body, "Authorization: Bearer", what)
        assert.isUndefined(reply.headers["mcp-session-id"], what)
      }
      assert.deepStrictEqual(lines(log), [], "no hook ran for a request without the token")

      // The token it printed opens a session: SessionStart runs once, and the call reaches the hook and the upstream.
      const client = await httpClient(server.url, server.token)
      assert.deepStrictEqual(textsOf(await client.callTool({ name: "echo", arguments: { text: "hi" } })), ["hi"])
      await client.close()
      assert.deepStrictEqual(lines(log), ["start no-token-variable", "pre"])
      assert.strictEqual(lines(calls).length, 1)
      // The path: only /mcp, even with the token.
      const elsewhere = await rawRequest(new URL("/other", base).href, {
        headers: mcpHeaders(server.token),
        body: initializeBody()
      })
      assert.strictEqual(elsewhere.status, 404)
      // Host is compared case-insensitively.
      const upper = await rawRequest(server.url, {
        headers: { ...mcpHeaders(server.token), host: `LOCALHOST:${base.port}` },
        body: initializeBody()
      })
      assert.strictEqual(upper.status, 200, upper.body)
    } finally {
      await server.stop()
    }
  })

  it("given a fixed token in WAVE_HOOKS_MCP_TOKEN or a --token-file, when the proxy starts, then it does not print it, it is the only one that opens a session, and neither hooks nor the upstream inherit the variable", async () => {
    const { p, log } = loggingProject()
    const fixed = "fixed-token-for-the-client-config-0123456789"
    const upstreamEnv = join(p.root, "upstream.env")
    // The upstream reports whether it inherited the variable, then runs the tiny server.
    const upstream = [
      "/bin/sh",
      "-c",
      `echo "\${WAVE_HOOKS_MCP_TOKEN:-unset}" > ${shq(upstreamEnv)}; exec ${shq(nodeBin)} ${shq(tinyServer)}`
    ]
    const fromEnv = await startListening(p, [], { env: { WAVE_HOOKS_MCP_TOKEN: fixed }, upstream })
    try {
      assert.isUndefined(fromEnv.token)
      assert.notInclude(fromEnv.stderr(), fixed)
      assert.include(fromEnv.stderr(), "WAVE_HOOKS_MCP_TOKEN")
      const refused = await rawRequest(fromEnv.url, { headers: mcpHeaders("x".repeat(44)), body: initializeBody() })
      assert.strictEqual(refused.status, 401)
      const client = await httpClient(fromEnv.url, fixed)
      assert.deepStrictEqual(textsOf(await client.callTool({ name: "echo", arguments: { text: "fixed" } })), ["fixed"])
      await client.close()
      assert.deepStrictEqual(
        lines(log),
        ["start no-token-variable", "pre"],
        "the SessionStart hook did not see the token"
      )
      await eventually(fileHas(upstreamEnv, "\n"), "the upstream's report")
      assert.strictEqual(lines(upstreamEnv)[0], "unset", "the upstream did not inherit the token")
    } finally {
      await fromEnv.stop()
    }

    const file = join(p.root, "token")
    writeFileSync(file, `${fixed}-from-file\n`, { mode: 0o600 })
    const fromFile = await startListening(p, ["--token-file", file], { env: { WAVE_HOOKS_MCP_TOKEN: fixed } })
    try {
      assert.isUndefined(fromFile.token)
      assert.include(fromFile.stderr(), file)
      assert.strictEqual(
        (await rawRequest(fromFile.url, { headers: mcpHeaders(fixed), body: initializeBody() })).status,
        401,
        "the file wins"
      )
      const client = await httpClient(fromFile.url, `${fixed}-from-file`)
      assert.deepStrictEqual(textsOf(await client.callTool({ name: "echo", arguments: { text: "file" } })), ["file"])
      await client.close()
    } finally {
      await fromFile.stop()
    }

    // A token too short to guard anything is refused before anything starts.
    const short = await runCli(
      ["mcp-proxy", "--project-dir", p.dir, "--listen", "127.0.0.1:0", "--", nodeBin, tinyServer],
      {
        env: { ...p.env, HOME: p.home, WAVE_HOOKS_MCP_TOKEN: "short" }
      }
    )
    assert.strictEqual(short.status, 1, short.stderr)
    assert.match(short.stderr, /at least 24/)
    const missingFile = await runCli(
      [
        "mcp-proxy",
        "--project-dir",
        p.dir,
        "--listen",
        "127.0.0.1:0",
        "--token-file",
        join(p.root, "nope"),
        "--",
        nodeBin,
        tinyServer
      ],
      {
        env: { ...p.env, HOME: p.home }
      }
    )
    assert.strictEqual(missingFile.status, 2, missingFile.stderr)
    assert.match(missingFile.stderr, /--token-file .*nope: the file does not exist/)
  })
})

describe("mcp-proxy --listen: upstream requests go to the caller", () => {
  it("given two sessions, when one calls a tool that elicits and samples, then only that session is asked; with calls in flight in two sessions, no session is asked", async () => {
    const p = makeProject()
    const slowFile = join(p.root, "slow.txt")
    const server = await startListening(p, [], { env: { TINY_SLOW_FILE: slowFile } })
    const asked: Array<string> = []
    const answering = (name: string) => (client: import("@modelcontextprotocol/sdk/client/index.js").Client) => {
      client.setRequestHandler(ElicitRequestSchema, async () => {
        asked.push(`${name} elicitation`)
        return { action: "accept", content: { answer: `from-${name}` } }
      })
      client.setRequestHandler(CreateMessageRequestSchema, async () => {
        asked.push(`${name} sampling`)
        return { role: "assistant", content: { type: "text", text: `from-${name}` }, model: "test" }
      })
    }
    const capabilities = { elicitation: {}, sampling: {} }
    const victim = await httpClient(server.url, server.token, {
      name: "victim",
      capabilities,
      setup: answering("victim")
    })
    // The intruder joins last (the newest session) and listens on its GET stream.
    const intruder = await httpClient(server.url, server.token, {
      name: "intruder",
      capabilities,
      setup: answering("intruder")
    })
    try {
      assert.deepStrictEqual(textsOf(await victim.callTool({ name: "ask_user", arguments: {} })), [
        "answer=from-victim"
      ])
      assert.deepStrictEqual(textsOf(await victim.callTool({ name: "sample", arguments: {} })), ["sampled=from-victim"])
      assert.deepStrictEqual(asked, ["victim elicitation", "victim sampling"])

      // The intruder has a call in flight too: MCP does not say whose call the elicitation belongs to, so nobody is asked.
      const cancel = new AbortController()
      const slow = intruder
        .callTool({ name: "slow", arguments: {} }, undefined, { signal: cancel.signal })
        .catch(() => "cancelled")
      await eventually(fileHas(slowFile, "started"), "the slow call to start")
      const [text] = textsOf(await victim.callTool({ name: "ask_user", arguments: {} }))
      assert.match(text!, /^elicitation failed: .*calls in flight/)
      assert.deepStrictEqual(asked, ["victim elicitation", "victim sampling"], "no session was asked")
      // The proxy's stderr line may arrive after the answer it wrote before it (two pipes, a loaded machine).
      await eventually(
        () =>
          /the upstream sent elicitation\/create; refused: 2 MCP clients of the proxy have calls in flight/.test(
            server.stderr()
          ),
        "the proxy to say why it refused"
      )
      cancel.abort()
      assert.strictEqual(await slow, "cancelled")
    } finally {
      await victim.close()
      await intruder.close()
      await server.stop()
    }
  })
})

describe("mcp-proxy --listen: bodies", () => {
  it("given a body over 4 MiB, when it streams in, then 413 comes before it is all sent, the proxy goes on serving, and without the token nothing is read at all; a client that never finishes its headers is cut", async () => {
    const { p, log } = loggingProject()
    const server = await startListening(p)
    try {
      // Slowloris: headers that never end. Node's defaults would keep it 60 s or more; the guard's timeouts cut it sooner.
      const slowStarted = Date.now()
      const slowClosed = new Promise<number>((resolve) => {
        const port = Number(new URL(server.url).port)
        const socket = connect(port, "127.0.0.1", () =>
          socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `)
        )
        socket.on("data", () => {})
        socket.on("error", () => {})
        socket.on("close", () => resolve(Date.now() - slowStarted))
      })
      const total = 300 * 1024 * 1024
      // Without the token: refused before the body is read.
      const anonymous = await streamBody(server.url, mcpHeaders(), total)
      assert.strictEqual(anonymous.status, 401)
      assert.isBelow(anonymous.sent, 100 * 1024 * 1024)
      // With the token, no session: cut at the cap.
      const big = await streamBody(server.url, mcpHeaders(server.token), total)
      assert.strictEqual(big.status, 413)
      assert.isBelow(big.sent, 100 * 1024 * 1024, "answered long before the 300 MB were sent")
      // A declared length over the cap: refused before reading.
      const declared = await new Promise<string>((resolve, reject) => {
        const port = Number(new URL(server.url).port)
        const socket = connect(port, "127.0.0.1", () =>
          socket.write(
            `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\n` +
              `Accept: application/json, text/event-stream\r\nContent-Length: 734003200\r\n\r\n`
          )
        )
        let text = ""
        socket.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk
          if (text.includes("Payload Too Large")) {
            socket.destroy()
            resolve(text)
          }
        })
        socket.on("error", reject)
      })
      assert.match(declared, /^HTTP\/1\.1 413/)
      // Within a session too.
      const client = await httpClient(server.url, server.token)
      const sessionId = (client.transport as unknown as { sessionId?: string }).sessionId!
      const inSession = await streamBody(
        server.url,
        { ...mcpHeaders(server.token), "mcp-session-id": sessionId },
        total
      )
      assert.strictEqual(inSession.status, 413)
      assert.isTrue(alive(server.pid), server.stderr())
      assert.deepStrictEqual(textsOf(await client.callTool({ name: "echo", arguments: { text: "still here" } })), [
        "still here"
      ])
      await client.close()
      assert.deepStrictEqual(lines(log), ["start no-token-variable", "pre"], "only the real session reached the hooks")
      const slowMs = await slowClosed
      assert.isBelow(slowMs, 40_000, `the slow client was cut after ${slowMs} ms`)
    } finally {
      await server.stop()
    }
  }, 60_000)
})

describe("mcp-proxy --listen: addresses", () => {
  it("given an address beyond loopback and no --allow-remote, when the proxy starts, then it refuses with a usage error and nothing listens", async () => {
    const p = makeProject()
    await p.trust()
    const port = await freePort()
    const upstreamPid = join(p.root, "upstream.pid")
    for (const listen of [`0.0.0.0:${port}`, `[::]:${port}`]) {
      const r = await runCli(["mcp-proxy", "--project-dir", p.dir, "--listen", listen, "--", nodeBin, tinyServer], {
        env: { ...p.env, HOME: p.home, TINY_PID_FILE: upstreamPid },
        timeoutMs: 20_000
      })
      assert.strictEqual(r.status, 2, r.stderr)
      assert.include(r.stderr, "is not a loopback address")
      assert.include(r.stderr, "--allow-remote")
      assert.isTrue(await refusesConnections("127.0.0.1", port), "nothing listened")
    }
    assert.isFalse(existsSync(upstreamPid), "the upstream was never started")
  })

  it("given --listen 127.0.0.2 (loopback too), when a rebound name or a foreign origin calls, then it is refused; the address itself, LOCALHOST and an --allow-host name pass", async () => {
    const p = makeProject()
    const server = await startListening(p, ["--allow-host", "MCP.Test"], { listen: "127.0.0.2:0" })
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.2:\d+\/mcp$/)
      assert.notInclude(server.stderr(), "warning", "loopback needs no warning")
      const port = new URL(server.url).port
      const post = (extra: Record<string, string>) =>
        rawRequest(server.url, { headers: { ...mcpHeaders(server.token), ...extra }, body: initializeBody() })
      const rebound = await post({
        host: `rebind.attacker.example:${port}`,
        origin: `http://rebind.attacker.example:${port}`
      })
      assert.strictEqual(rebound.status, 403)
      assert.include(rebound.body, "Host header")
      assert.strictEqual((await post({ host: `127.0.0.2:${port}`, origin: "http://other.example" })).status, 403)
      for (const host of [`127.0.0.2:${port}`, `LOCALHOST:${port}`, `mcp.test:${port}`]) {
        const reply = await post({ host, origin: `http://${host.toLowerCase()}` })
        assert.strictEqual(reply.status, 200, `${host}: ${reply.body}`)
      }
    } finally {
      await server.stop()
    }
  })
})
