/**
 * The web server and its Permission without a browser: questions that time
 * out, that the closing server denies, that an interrupted asker withdraws;
 * answers over HTTP; the event stream's replay; `POST /run` checks; the
 * scoped (Effect) server.
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it, onTestFinished } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { AskPermission, BlockTool } from "../../src/index.ts"
import type { EffectsRequest, ToolCall } from "../../src/interpreters/contract.ts"
import { Interpreter } from "../../src/interpreters/contract.ts"
import { serveHookRuns } from "../../src/hosts/web/run-endpoint.ts"
import { carryOutWeb, webInterpreter } from "../../src/interpreters/web/web-interpreter.ts"
import type { WebServer } from "../../src/interpreters/web/web-server.ts"
import { makeWebServer, startWebServer, tokenHeader } from "../../src/interpreters/web/web-server.ts"
import { makeToken, tokenMatches } from "../../src/interpreters/web/token.ts"
import { request } from "node:http"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const tool: ToolCall = { id: "toolu_9", name: "Bash", input: { command: "git push" } }
const asking: EffectsRequest = { event: "PreToolUse", effects: [AskPermission({ reason: "pushes" })], tool }

const withServer = async (use: (server: WebServer) => Promise<void>): Promise<void> => {
  const server = await startWebServer()
  try {
    await use(server)
  } finally {
    await server.close()
  }
}

const waitFor = async (check: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 5_000
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** Open the page as a browser does: the printed URL, whose #token fragment is never sent. */
const openPage = (server: WebServer): Promise<Response> => fetch(server.url)

const post = (server: WebServer, path: string, body: string, token = server.token) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { method: "POST", headers: { [tokenHeader]: token }, body })

describe("web server", () => {
  it("makes long random tokens and compares them exactly", () => {
    const token = makeToken()
    assert.match(token, /^[A-Za-z0-9_-]{43}$/)
    assert.notStrictEqual(makeToken(), token)
    assert.isTrue(tokenMatches(token, token))
    assert.isFalse(tokenMatches(token, `${token}x`))
    assert.isFalse(tokenMatches(token, undefined))
  })

  it("answers a question from POST /answer and shows the answer on the card", () =>
    withServer(async (server) => {
      const resolution = carryOutWeb(server, asking)
      await waitFor(() => server.feed.pendingQuestions().length === 1, "the question")
      const [id] = server.feed.pendingQuestions()
      assert.strictEqual((await post(server, "/answer", JSON.stringify({ id: "nope", answer: "allow" }))).status, 409)
      assert.strictEqual((await post(server, "/answer", JSON.stringify({ id, answer: "maybe" }))).status, 400)
      assert.strictEqual((await post(server, "/answer", "not json")).status, 400)
      const ok = await fetch(`http://127.0.0.1:${server.port}/answer`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.token}` },
        body: JSON.stringify({ id, answer: "allow" })
      })
      assert.strictEqual(ok.status, 200)
      assert.strictEqual((await resolution).permission, "allow")
      assert.strictEqual((await post(server, "/answer", JSON.stringify({ id, answer: "deny" }))).status, 409)
      const [card] = server.feed.history()
      assert.strictEqual(card?.state, "done")
      assert.strictEqual(card?.question?.outcome, "You allowed it.")
      assert.deepStrictEqual(card?.tool, tool)
      assert.include(server.feed.text(), "Tool call allowed.")
    }))

  it("gives the timeout answer when nobody answers in time", () =>
    withServer(async (server) => {
      const resolution = await carryOutWeb(server, asking, { timeoutMs: 50, timeoutAnswer: "allow" })
      assert.strictEqual(resolution.permission, "allow")
      assert.strictEqual(server.feed.history()[0]?.question?.by, "timeout")
      const denied = await carryOutWeb(server, asking, { timeoutMs: 20 })
      assert.strictEqual(denied.permission, "deny")
      assert.strictEqual(server.feed.history()[1]?.question?.outcome, "Nobody answered within 20 ms: denied.")
    }))

  it("denies pending questions when it closes", async () => {
    const server = await startWebServer()
    const resolution = carryOutWeb(server, asking)
    await waitFor(() => server.feed.pendingQuestions().length === 1, "the question")
    await server.close()
    const answer = await resolution
    assert.strictEqual(answer.permission, "deny")
    assert.strictEqual(server.feed.history()[0]?.question?.by, "closed")
    // Asked after closing: denied at once.
    assert.strictEqual((await carryOutWeb(server, asking)).permission, "deny")
    await server.close()
  })

  it.live("withdraws the question when the asker is interrupted", () =>
    Effect.gen(function* () {
      const server = yield* makeWebServer()
      const fiber = yield* Effect.gen(function* () {
        return yield* (yield* Interpreter).carryOut(asking)
      }).pipe(Effect.provide(webInterpreter(server)), Effect.forkChild)
      yield* Effect.promise(() => waitFor(() => server.feed.pendingQuestions().length === 1, "the question"))
      yield* Fiber.interrupt(fiber)
      assert.deepStrictEqual(server.feed.pendingQuestions(), [])
      assert.strictEqual(server.feed.history()[0]?.state, "abandoned")
      assert.strictEqual(server.feed.history()[0]?.question?.state, "withdrawn")
    }).pipe(Effect.scoped)
  )

  it.live("closes with its scope", () =>
    Effect.gen(function* () {
      const server = yield* makeWebServer().pipe(Effect.scoped)
      assert.isTrue(server.closed)
      const refused = yield* Effect.promise(() =>
        fetch(server.url).then(
          () => false,
          () => true
        )
      )
      assert.isTrue(refused)
    })
  )

  it("replays the history to a page that joins late, then streams changes", () =>
    withServer(async (server) => {
      await carryOutWeb(server, { event: "PreToolUse", effects: [BlockTool({ reason: "no <b>push</b>" })], tool })
      const response = await fetch(`http://127.0.0.1:${server.port}/events?token=${server.token}`)
      assert.strictEqual(response.status, 200)
      assert.strictEqual(response.headers.get("content-type"), "text/event-stream; charset=utf-8")
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      let text = ""
      while (!text.includes("event: ready")) text += (await reader.read()).value ?? ""
      assert.include(text, "event: card\ndata: ")
      assert.include(text, "no <b>push</b>")
      assert.strictEqual(server.viewers, 1)
      const next = carryOutWeb(server, { event: "Stop", effects: [] })
      while (!text.includes('"event":"Stop"')) text += (await reader.read()).value ?? ""
      await next
      await reader.cancel()
    }))

  it("streams changes to a page that comes back after every page left (the feed is followed only while a page is open)", () =>
    withServer(async (server) => {
      const follow = async () => {
        const response = await fetch(`http://127.0.0.1:${server.port}/events?token=${server.token}`)
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
        let text = ""
        while (!text.includes("event: ready")) text += (await reader.read()).value ?? ""
        return { reader, text }
      }
      const first = await follow()
      await first.reader.cancel()
      await waitFor(() => server.viewers === 0, "the first page to leave")
      await carryOutWeb(server, { event: "Stop", effects: [] })
      const second = await follow()
      assert.include(second.text, '"event":"Stop"')
      const next = carryOutWeb(server, { event: "SessionEnd", effects: [] })
      let text = second.text
      while (!text.includes('"event":"SessionEnd"')) text += (await second.reader.read()).value ?? ""
      await next
      await second.reader.cancel()
    }))

  it("answers 400 to a request line it cannot read, and keeps serving", () =>
    withServer(async (server) => {
      const status = await new Promise<number | undefined>((resolve, reject) =>
        request({ host: "127.0.0.1", port: server.port, path: "//[" }, (res) => {
          res.resume()
          resolve(res.statusCode)
        })
          .on("error", reject)
          .end()
      )
      assert.strictEqual(status, 400)
      assert.strictEqual((await openPage(server)).status, 200)
    }))

  it("serves the page with a strict Content-Security-Policy and no referrer", () =>
    withServer(async (server) => {
      const response = await openPage(server)
      assert.strictEqual(response.status, 200)
      const csp = response.headers.get("content-security-policy") ?? ""
      assert.include(csp, "default-src 'none'")
      assert.notInclude(csp, "unsafe-inline")
      assert.strictEqual(response.headers.get("referrer-policy"), "no-referrer")
      const html = await response.text()
      assert.notInclude(html, "innerHTML")
      assert.notMatch(html, /<(script|link)[^>]+(src|href)="(?!data:)/)
    }))

  it("answers 404 on /run without a handler, 400 for a bad /run body (unknown event, payload not an object), and runs a payload missing a field", () =>
    withServer(async (server) => {
      assert.strictEqual((await post(server, "/run", "{}")).status, 404)
      assert.strictEqual(
        (
          await fetch(`http://127.0.0.1:${server.port}/nowhere`, {
            headers: { authorization: `Bearer ${server.token}` }
          })
        ).status,
        404
      )
      const empty = mkdtempSync(join(tmpdir(), "wave-hooks-web-"))
      onTestFinished(() => rmSync(empty, { recursive: true, force: true }))
      await Effect.runPromise(
        serveHookRuns(server, { projectDir: empty, homeDir: empty }).pipe(Effect.provide(NodeServices.layer))
      )
      const bad = await post(server, "/run", JSON.stringify({ event: "Nope" }))
      assert.strictEqual(bad.status, 400)
      assert.include(((await bad.json()) as { error: string }).error, "PreToolUse")
      // A payload is never refused for one field (issue 12): it runs, and the missing tool_name is reported.
      const missing = await post(server, "/run", JSON.stringify({ event: "PreToolUse", payload: {} }))
      assert.strictEqual(missing.status, 200)
      assert.include(JSON.stringify(await missing.json()), "tool_name")
      const notAnObject = await post(server, "/run", JSON.stringify({ event: "PreToolUse", payload: [] }))
      assert.strictEqual(notAnObject.status, 400)
      const stop = await post(server, "/run", JSON.stringify({ event: "Stop", payload: {} }))
      assert.strictEqual(stop.status, 200)
      const body = (await stop.json()) as { effects: ReadonlyArray<unknown>; resolution: { permission: string } }
      assert.deepStrictEqual(body.effects, [])
      assert.strictEqual(body.resolution.permission, "default")
    }))

  it("withdraws the question of a /run whose client went away", () =>
    withServer(async (server) => {
      const home = mkdtempSync(join(tmpdir(), "wave-hooks-web-"))
      onTestFinished(() => rmSync(home, { recursive: true, force: true }))
      const ask = JSON.stringify({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "r" }
      })
      mkdirSync(join(home, ".wave"))
      writeFileSync(
        join(home, ".wave/settings.json"),
        JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `printf '%s' '${ask}'` }] }] } })
      )
      await Effect.runPromise(
        serveHookRuns(server, { projectDir: home, homeDir: home }).pipe(Effect.provide(NodeServices.layer))
      )
      const client = new AbortController()
      const request = post(
        server,
        "/run",
        JSON.stringify({ event: "PreToolUse", tool: { id: "t1", name: "Bash", input: { command: "ls" } } })
      )
      const aborted = fetch(`http://127.0.0.1:${server.port}/run`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.token}` },
        body: JSON.stringify({ event: "PreToolUse", tool: { id: "t2", name: "Bash", input: { command: "pwd" } } }),
        signal: client.signal
      }).catch(() => "aborted")
      await waitFor(() => server.feed.pendingQuestions().length === 2, "two questions")
      client.abort()
      assert.strictEqual(await aborted, "aborted")
      await waitFor(() => server.feed.pendingQuestions().length === 1, "the withdrawal")
      const cards = server.feed.history()
      assert.deepStrictEqual(
        cards.map((c) => [c.tool?.id, c.state]),
        [
          ["t1", "waiting"],
          ["t2", "abandoned"]
        ]
      )
      // The other agent's question is still answerable.
      assert.isTrue(server.feed.answer(server.feed.pendingQuestions()[0]!, "allow"))
      const answered = (await (await request).json()) as { resolution: { permission: string } }
      assert.strictEqual(answered.resolution.permission, "allow")
    }))
})
