/**
 * The web server refuses what a foreign page or a rebound DNS name could
 * send, over real HTTP: a `Host` that does not name the server, an `Origin`
 * that is not its own, a missing or misplaced token, a body over the cap
 * (refused while it streams); and the token never travels in a cookie
 * (cookies ignore ports: every server on 127.0.0.1 would get it).
 */
import { assert, describe, it } from "@effect/vitest"
import { request } from "node:http"
import { connect } from "node:net"
import { AskPermission } from "../../src/index.ts"
import type { EffectsRequest } from "../../src/interpreters/contract.ts"
import { carryOutWeb } from "../../src/interpreters/web/web-interpreter.ts"
import type { WebServer } from "../../src/interpreters/web/web-server.ts"
import { startWebServer, tokenHeader } from "../../src/interpreters/web/web-server.ts"

interface Reply {
  readonly status: number
  readonly headers: Record<string, string | Array<string> | undefined>
  readonly body: string
}

/** A raw request: node:http lets the test set `Host` and `Origin` as a browser on another name would. */
const send = (
  server: WebServer,
  options: {
    readonly method?: string
    readonly path: string
    readonly headers?: Record<string, string>
    readonly body?: string
  }
): Promise<Reply> =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers ?? {}
      },
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
      for (const host of [
        "evil.example:" + server.port,
        "127.0.0.1:1",
        "127.0.0.1",
        `localhost.evil.example:${server.port}`
      ]) {
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
      for (const host of [
        `127.0.0.1:${server.port}`,
        `localhost:${server.port}`,
        `LOCALHOST:${server.port}`,
        `[::1]:${server.port}`
      ]) {
        assert.strictEqual(
          (await send(server, { path: `/history?token=${server.token}`, headers: { host } })).status,
          200,
          host
        )
      }
    }))

  it("answers 413 to a body over 1 MiB (the shared loopback guard's bounded read), and goes on serving", () =>
    withServer(async (server) => {
      const big = await send(server, {
        method: "POST",
        path: "/answer",
        headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
        body: JSON.stringify({ id: "x", answer: "allow", pad: "a".repeat(1024 * 1024 + 16) })
      })
      assert.strictEqual(big.status, 413)
      assert.include(big.body, "larger than 1 MiB")
      assert.strictEqual(
        (await send(server, { path: `/history?token=${server.token}`, headers: { host: `LOCALHOST:${server.port}` } }))
          .status,
        200
      )
    }))

  it("refuses an Origin other than its own, even with the token", () =>
    withServer(async (server) => {
      const question = carryOutWeb(server, asking)
      const id = await waitForQuestion(server)
      for (const origin of [
        "http://evil.example",
        `http://127.0.0.1:${server.port + 1}`,
        "null",
        `https://127.0.0.1:${server.port}`
      ]) {
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
      const wrong = await send(server, {
        method: "POST",
        path: "/run",
        headers: { authorization: `Bearer ${"x".repeat(43)}` },
        body: "{}"
      })
      assert.strictEqual(wrong.status, 403)
      const inUrl = await send(server, { method: "POST", path: `/run?token=${server.token}`, body: "{}" })
      assert.strictEqual(inUrl.status, 403)
      assert.include(inUrl.body, "Authorization: Bearer")
      assert.strictEqual((await send(server, { path: "/events" })).status, 403)
      assert.strictEqual((await send(server, { path: "/history" })).status, 403)
      const bearer = await send(server, {
        method: "POST",
        path: "/run",
        headers: { authorization: `Bearer ${server.token}` },
        body: "{}"
      })
      assert.strictEqual(bearer.status, 200)
      const header = await send(server, {
        method: "POST",
        path: "/run",
        headers: { [tokenHeader]: server.token },
        body: "{}"
      })
      assert.strictEqual(header.status, 200)
    }))

  it("never puts the token in a cookie: the page holds no data, and a cookie holding the token opens nothing", () =>
    withServer(async (server) => {
      assert.strictEqual(
        server.url,
        `http://127.0.0.1:${server.port}/#token=${server.token}`,
        "the token rides in the #fragment, never sent"
      )
      for (const path of ["/", `/?token=${server.token}`]) {
        const page = await send(server, { path })
        assert.strictEqual(page.status, 200, path)
        assert.isUndefined(page.headers["set-cookie"], path)
        assert.notInclude(page.body, server.token, "the page never holds the token")
      }
      // Whatever cookie a browser sends (an old one, or one another local server set), it is not a credential.
      for (const cookie of [`wave_hooks_${server.port}=${server.token}`, `token=${server.token}`]) {
        assert.strictEqual((await send(server, { path: "/history", headers: { cookie } })).status, 403, cookie)
        assert.strictEqual((await send(server, { path: "/events", headers: { cookie } })).status, 403, cookie)
      }
      // The page's own requests: the token as a header, on every route.
      const authorization = `Bearer ${server.token}`
      assert.strictEqual((await send(server, { path: "/events", headers: { authorization } })).status, 200)
      assert.strictEqual((await send(server, { path: "/history", headers: { authorization } })).status, 200)
      assert.strictEqual(
        (await send(server, { path: "/history", headers: { [tokenHeader]: server.token } })).status,
        200
      )
      const question = carryOutWeb(server, asking)
      const id = await waitForQuestion(server)
      const body = JSON.stringify({ id, answer: "allow" })
      assert.strictEqual(
        (
          await send(server, {
            method: "POST",
            path: "/answer",
            headers: { cookie: `wave_hooks_${server.port}=${server.token}`, origin: `http://127.0.0.1:${server.port}` },
            body
          })
        ).status,
        403
      )
      const ok = await send(server, {
        method: "POST",
        path: "/answer",
        headers: { authorization, origin: `http://127.0.0.1:${server.port}` },
        body
      })
      assert.strictEqual(ok.status, 200, ok.body)
      assert.strictEqual((await question).permission, "allow")
    }))

  it("answers 413 to a body over 1 MiB as soon as the cap is crossed, without reading the rest, and keeps serving", () =>
    withServer(async (server) => {
      server.serveRuns(async (body) => ({ status: 200, json: { bytes: body.length } }))
      // A declared length over the cap: refused before a byte of the body is read.
      const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = connect(server.port, "127.0.0.1", () => {
          socket.write(
            `POST /run HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${server.token}\r\nContent-Length: 734003200\r\n\r\n`
          )
        })
        let text = ""
        socket.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk
          if (text.includes("\r\n\r\n") && text.includes("larger than 1 MiB")) {
            resolve({ status: Number(text.split(" ")[1]), body: text })
            socket.destroy()
          }
        })
        socket.on("error", reject)
      })
      assert.strictEqual(declared.status, 413)

      // A chunked body with no declared length: the 413 comes while the client is still sending.
      const streamed = await new Promise<{ status: number; sentWhenAnswered: number }>((resolve, reject) => {
        let sent = 0
        const chunk = Buffer.alloc(64 * 1024, 0x61)
        const req = request(
          {
            host: "127.0.0.1",
            port: server.port,
            method: "POST",
            path: "/run",
            headers: { authorization: `Bearer ${server.token}`, "transfer-encoding": "chunked" }
          },
          (res) => {
            res.resume()
            resolve({ status: res.statusCode ?? 0, sentWhenAnswered: sent })
            req.destroy()
          }
        )
        req.on("error", (error) => (sent >= 200 * 1024 * 1024 ? reject(error) : undefined))
        const pump = () => {
          while (sent < 200 * 1024 * 1024 && !req.destroyed) {
            sent += chunk.length
            if (!req.write(chunk)) return void req.once("drain", pump)
          }
          if (!req.destroyed) req.end()
        }
        pump()
      })
      assert.strictEqual(streamed.status, 413)
      assert.isBelow(
        streamed.sentWhenAnswered,
        100 * 1024 * 1024,
        "the server answered long before the 200 MB were sent"
      )

      const small = await send(server, {
        method: "POST",
        path: "/run",
        headers: { authorization: `Bearer ${server.token}` },
        body: "x".repeat(1024)
      })
      assert.deepStrictEqual([small.status, JSON.parse(small.body)], [200, { bytes: 1024 }])
    }))
})
