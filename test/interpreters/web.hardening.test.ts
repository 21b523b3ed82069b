/**
 * The web server refuses what a foreign page or a rebound DNS name could
 * send, over real HTTP: a `Host` that does not name the server, an `Origin`
 * that is not its own, a missing or misplaced token; and the token's cookie
 * flow: `/?token=` sets an HttpOnly, SameSite=Strict cookie and redirects to
 * the clean `/`, after which the cookie alone opens the page and the stream.
 */
import { assert, describe, it } from "@effect/vitest"
import { request } from "node:http"
import { AskPermission } from "../../src/index.ts"
import type { EffectsRequest } from "../../src/interpreters/contract.ts"
import { carryOutWeb } from "../../src/interpreters/web/web-interpreter.ts"
import type { WebServer } from "../../src/interpreters/web/web-server.ts"
import { startWebServer, tokenCookieName, tokenHeader } from "../../src/interpreters/web/web-server.ts"

interface Reply {
  readonly status: number
  readonly headers: Record<string, string | Array<string> | undefined>
  readonly body: string
}

/** A raw request: node:http lets the test set `Host` and `Origin` as a browser on another name would. */
const send = (
  server: WebServer,
  options: { readonly method?: string; readonly path: string; readonly headers?: Record<string, string>; readonly body?: string }
): Promise<Reply> =>
  new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: server.port, method: options.method ?? "GET", path: options.path, headers: options.headers ?? {} },
      (res) => {
        let body = ""
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk))
        // An event stream never ends by itself: take what came first.
        if (res.headers["content-type"]?.startsWith("text/event-stream")) {
          res.once("data", () => {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
            req.destroy()
          })
          return
        }
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      }
    )
    req.on("error", reject)
    req.end(options.body)
  })

const withServer = async (use: (server: WebServer) => Promise<void>): Promise<void> => {
  const server = await startWebServer()
  try {
    await use(server)
  } finally {
    await server.close()
  }
}

const asking: EffectsRequest = {
  event: "PreToolUse",
  effects: [AskPermission({ reason: "pushes" })],
  tool: { id: "t1", name: "Bash", input: { command: "git push" } }
}

const waitForQuestion = async (server: WebServer): Promise<string> => {
  const deadline = Date.now() + 5_000
  while (server.feed.pendingQuestions().length === 0) {
    if (Date.now() > deadline) assert.fail("no question appeared")
    await new Promise((r) => setTimeout(r, 10))
  }
  return server.feed.pendingQuestions()[0]!
}

describe("web server hardening", () => {
  it("refuses a Host that does not name the server (DNS rebinding), whatever the token", () =>
    withServer(async (server) => {
      for (const host of ["evil.example:" + server.port, "127.0.0.1:1", "127.0.0.1", `localhost.evil.example:${server.port}`]) {
        const reply = await send(server, { path: `/history?token=${server.token}`, headers: { host } })
        assert.strictEqual(reply.status, 403, host)
        assert.include(reply.body, "Host header")
        assert.include(reply.body, `127.0.0.1:${server.port}`)
      }
      const post = await send(server, {
        method: "POST",
        path: "/answer",
        headers: { host: `attacker.example:${server.port}`, authorization: `Bearer ${server.token}` },
        body: "{}"
      })
      assert.strictEqual(post.status, 403)
      for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `LOCALHOST:${server.port}`, `[::1]:${server.port}`]) {
        assert.strictEqual((await send(server, { path: `/history?token=${server.token}`, headers: { host } })).status, 200, host)
      }
    }))

  it("refuses an Origin other than its own, even with the token", () =>
    withServer(async (server) => {
      const question = carryOutWeb(server, asking)
      const id = await waitForQuestion(server)
      for (const origin of ["http://evil.example", `http://127.0.0.1:${server.port + 1}`, "null", `https://127.0.0.1:${server.port}`]) {
        const reply = await send(server, {
          method: "POST",
          path: "/answer",
          headers: { origin, authorization: `Bearer ${server.token}` },
          body: JSON.stringify({ id, answer: "allow" })
        })
        assert.strictEqual(reply.status, 403, origin)
        assert.include(reply.body, "origin")
      }
      assert.deepStrictEqual(server.feed.pendingQuestions(), [id], "no foreign page answered")
      const own = await send(server, {
        method: "POST",
        path: "/answer",
        headers: { origin: `http://127.0.0.1:${server.port}`, authorization: `Bearer ${server.token}` },
        body: JSON.stringify({ id, answer: "deny" })
      })
      assert.strictEqual(own.status, 200, own.body)
      assert.strictEqual((await question).permission, "deny")
    }))

  it("refuses a missing or wrong token, and a token in a POST's URL", () =>
    withServer(async (server) => {
      server.serveRuns(async () => ({ status: 200, json: { ran: true } }))
      const missing = await send(server, { method: "POST", path: "/run", body: "{}" })
      assert.strictEqual(missing.status, 403)
      assert.include(missing.body, "token")
      const wrong = await send(server, { method: "POST", path: "/run", headers: { authorization: `Bearer ${"x".repeat(43)}` }, body: "{}" })
      assert.strictEqual(wrong.status, 403)
      const inUrl = await send(server, { method: "POST", path: `/run?token=${server.token}`, body: "{}" })
      assert.strictEqual(inUrl.status, 403)
      assert.include(inUrl.body, "Authorization: Bearer")
      assert.strictEqual((await send(server, { path: "/" })).status, 403, "the page needs the token or the cookie")
      assert.strictEqual((await send(server, { path: "/events" })).status, 403)
      const bearer = await send(server, { method: "POST", path: "/run", headers: { authorization: `Bearer ${server.token}` }, body: "{}" })
      assert.strictEqual(bearer.status, 200)
      const header = await send(server, { method: "POST", path: "/run", headers: { [tokenHeader]: server.token }, body: "{}" })
      assert.strictEqual(header.status, 200)
    }))

  it("trades ?token= for an HttpOnly SameSite=Strict cookie and a redirect to the clean URL", () =>
    withServer(async (server) => {
      const opened = await send(server, { path: `/?token=${server.token}` })
      assert.strictEqual(opened.status, 303)
      assert.strictEqual(opened.headers["location"], "/")
      const setCookie = ([] as Array<string>).concat(opened.headers["set-cookie"] ?? [])
      assert.strictEqual(setCookie.length, 1)
      const attributes = setCookie[0]!.split(";").map((a) => a.trim())
      assert.strictEqual(attributes[0], `${tokenCookieName(server.port)}=${server.token}`)
      assert.includeMembers(attributes, ["HttpOnly", "SameSite=Strict", "Path=/"])
      const cookie = attributes[0]!

      const page = await send(server, { path: "/", headers: { cookie } })
      assert.strictEqual(page.status, 200)
      assert.notInclude(page.body, server.token, "the page never holds the token")
      assert.strictEqual((await send(server, { path: "/events", headers: { cookie } })).status, 200)
      assert.strictEqual((await send(server, { path: "/history", headers: { cookie } })).status, 200)
      const wrongCookie = `${tokenCookieName(server.port)}=${"x".repeat(43)}`
      assert.strictEqual((await send(server, { path: "/", headers: { cookie: wrongCookie } })).status, 403)
      assert.strictEqual((await send(server, { path: `/?token=${"x".repeat(43)}` })).status, 403, "a wrong token sets no cookie")

      // The cookie answers a question only with this server's Origin (the page's own fetch).
      const question = carryOutWeb(server, asking)
      const id = await waitForQuestion(server)
      const body = JSON.stringify({ id, answer: "allow" })
      assert.strictEqual((await send(server, { method: "POST", path: "/answer", headers: { cookie }, body })).status, 403)
      const ok = await send(server, { method: "POST", path: "/answer", headers: { cookie, origin: `http://127.0.0.1:${server.port}` }, body })
      assert.strictEqual(ok.status, 200, ok.body)
      assert.strictEqual((await question).permission, "allow")
    }))
})
