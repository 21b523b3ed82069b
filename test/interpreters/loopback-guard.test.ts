/**
 * The loopback guard both local servers share (`serve`'s page and
 * `mcp-proxy --listen`): which addresses are loopback, which Host and Origin
 * values a policy accepts (never one taken from the request itself), the body
 * cap counted while reading, and the slow-client timeouts, over real HTTP on
 * 127.0.0.1.
 */
import { assert, describe, it } from "@effect/vitest"
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"
import { connect } from "node:net"
import type { LoopbackPolicy } from "../../src/interpreters/web/loopback-guard.ts"
import {
  guardedServerOptions,
  guardRefusal,
  isLoopbackAddress,
  isWildcardAddress,
  loopbackPolicy,
  readBoundedBody,
  refuse
} from "../../src/interpreters/web/loopback-guard.ts"
import { startWebServer } from "../../src/interpreters/web/web-server.ts"

/** A real server on 127.0.0.1 that applies the guard with the policy `policyOf(port)`, then echoes the body's size. */
const guarded = async (
  policyOf: (port: number) => LoopbackPolicy,
  seen: { bytes: number } = { bytes: 0 }
): Promise<{ readonly server: Server; readonly port: number; readonly close: () => Promise<void> }> => {
  let policy: LoopbackPolicy | undefined
  const server = createServer(guardedServerOptions, (req: IncomingMessage, res: ServerResponse) => {
    req.on("data", (chunk: Buffer) => (seen.bytes += chunk.length))
    const refused = guardRefusal(req, policy!)
    if (refused !== undefined) return refuse(req, res, refused.status, refused.message)
    void readBoundedBody(req, policy!.maxBodyBytes).then((body) => {
      if (body._tag === "TooLarge") return refuse(req, res, 413, `over ${body.maxBytes}`)
      res.writeHead(200).end(String(body.bytes.length))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  policy = policyOf(port)
  return {
    server,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

const send = (
  port: number,
  headers: Record<string, string>,
  body?: string
): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, method: body === undefined ? "GET" : "POST", path: "/", headers },
      (res) => {
        let text = ""
        res
          .setEncoding("utf8")
          .on("data", (c: string) => (text += c))
          .on("end", () => resolve({ status: res.statusCode ?? 0, body: text }))
      }
    )
    req.on("error", reject)
    req.end(body)
  })

describe("loopback guard", () => {
  it("knows loopback: all of 127.0.0.0/8, ::1 and their IPv4-mapped forms; a wildcard or another address is not", () => {
    for (const address of [
      "127.0.0.1",
      "127.0.0.2",
      "127.255.255.254",
      "::1",
      "[::1]",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
      "::ffff:127.1.2.3"
    ]) {
      assert.isTrue(isLoopbackAddress(address), address)
    }
    for (const address of ["0.0.0.0", "::", "192.0.2.2", "128.0.0.1", "::ffff:192.0.2.2", "fd00::2", "localhost", ""]) {
      assert.isFalse(isLoopbackAddress(address), address)
    }
    assert.deepStrictEqual(["0.0.0.0", "::", "[::]", "127.0.0.1", "192.0.2.2"].map(isWildcardAddress), [
      true,
      true,
      true,
      false,
      false
    ])
  })

  it("lists the loopback names, the bound address and the names given, never a wildcard", () => {
    assert.deepStrictEqual(loopbackPolicy({ address: "127.0.0.2", port: 8808 }).hosts, [
      "127.0.0.1:8808",
      "localhost:8808",
      "[::1]:8808",
      "127.0.0.2:8808"
    ])
    const wide = loopbackPolicy(
      { address: "0.0.0.0", port: 8808 },
      { extraHosts: ["MCP.Internal", "gateway:443", "fd00::2"] }
    )
    assert.deepStrictEqual(wide.hosts, [
      "127.0.0.1:8808",
      "localhost:8808",
      "[::1]:8808",
      "mcp.internal:8808",
      "gateway:443",
      "[fd00::2]:8808"
    ])
    assert.deepStrictEqual(
      wide.origins,
      wide.hosts.map((h) => `http://${h}`)
    )
    assert.include(loopbackPolicy({ address: "127.0.0.1", port: 80 }).hosts, "localhost", "browsers leave out port 80")
  })

  it("compares Host and Origin case-insensitively, and refuses a missing Host, another name or another port", async () => {
    const s = await guarded((port) => loopbackPolicy({ address: "127.0.0.1", port }))
    try {
      for (const host of [`127.0.0.1:${s.port}`, `LOCALHOST:${s.port}`, `LocalHost:${s.port}`, `[::1]:${s.port}`]) {
        assert.strictEqual((await send(s.port, { host })).status, 200, host)
      }
      assert.strictEqual(
        (await send(s.port, { host: `localhost:${s.port}`, origin: `HTTP://LOCALHOST:${s.port}` })).status,
        200
      )
      for (const host of [
        `evil.example:${s.port}`,
        `127.0.0.1:${s.port + 1}`,
        "127.0.0.1",
        `localhost.evil.example:${s.port}`
      ]) {
        const reply = await send(s.port, { host })
        assert.strictEqual(reply.status, 403, host)
        assert.include(reply.body, "Host header")
      }
      for (const origin of [
        "http://evil.example",
        `http://127.0.0.1:${s.port + 1}`,
        "null",
        `https://127.0.0.1:${s.port}`
      ]) {
        const reply = await send(s.port, { host: `127.0.0.1:${s.port}`, origin })
        assert.strictEqual(reply.status, 403, origin)
        assert.include(reply.body, "origin")
      }
      // HTTP/1.0 without a Host header.
      const missing = await new Promise<string>((resolve) => {
        const socket = connect(s.port, "127.0.0.1", () => socket.write("GET / HTTP/1.0\r\n\r\n"))
        let text = ""
        socket
          .setEncoding("utf8")
          .on("data", (c: string) => (text += c))
          .on("close", () => resolve(text))
      })
      assert.match(missing, /^HTTP\/1\.1 403/)
      assert.include(missing, "is missing")
    } finally {
      await s.close()
    }
  })

  it("never takes the allowed Origin from the request's own Host: a rebound name with its own Origin is refused, for a wildcard bind too", async () => {
    // The policy of a server bound to 0.0.0.0 (built as the gateway does), applied on 127.0.0.1: the Host check stays.
    const s = await guarded((port) => loopbackPolicy({ address: "0.0.0.0", port }, { extraHosts: ["mcp.internal"] }))
    try {
      const rebound = await send(s.port, {
        host: `rebind.attacker.example:${s.port}`,
        origin: `http://rebind.attacker.example:${s.port}`
      })
      assert.strictEqual(rebound.status, 403)
      assert.strictEqual((await send(s.port, { host: `0.0.0.0:${s.port}` })).status, 403, "a wildcard is not a name")
      assert.strictEqual((await send(s.port, { host: `mcp.internal:${s.port}` })).status, 200)
      const foreignOrigin = await send(s.port, { host: `mcp.internal:${s.port}`, origin: "http://other.example" })
      assert.strictEqual(foreignOrigin.status, 403)
    } finally {
      await s.close()
    }
  })

  it("reads a body up to the cap, refuses one over it by its declared length before reading, and answers a streamed one at the cap, keeping nothing more", async () => {
    const seen = { bytes: 0 }
    const s = await guarded((port) => loopbackPolicy({ address: "127.0.0.1", port }, { maxBodyBytes: 1000 }), seen)
    try {
      const host = `127.0.0.1:${s.port}`
      assert.deepStrictEqual(await send(s.port, { host }, "x".repeat(1000)), { status: 200, body: "1000" })
      const declared = await send(s.port, { host, "content-length": "1001" }, "x".repeat(1001))
      assert.strictEqual(declared.status, 413)
      // Streamed (chunked) without a length: the answer comes after about the cap, not after the whole body.
      seen.bytes = 0
      const streamed = await new Promise<{ status: number; sent: number }>((resolve) => {
        let sent = 0
        const req = request(
          {
            host: "127.0.0.1",
            port: s.port,
            method: "POST",
            path: "/",
            headers: { host, "transfer-encoding": "chunked" }
          },
          (res) => {
            res.resume()
            resolve({ status: res.statusCode ?? 0, sent })
            req.destroy()
          }
        )
        req.on("error", () => {})
        const chunk = Buffer.alloc(16 * 1024, 0x61)
        const pump = () => {
          while (sent < 500 * 1024 * 1024 && !req.destroyed) {
            sent += chunk.length
            if (!req.write(chunk)) return void req.once("drain", pump)
          }
        }
        pump()
      })
      assert.strictEqual(streamed.status, 413)
      assert.isBelow(streamed.sent, 100 * 1024 * 1024, "answered long before the 500 MB were sent")
    } finally {
      await s.close()
    }
  })

  it("holds slow clients to the timeouts: a connection that never finishes its headers is closed well before Node's 60 s", async () => {
    assert.deepStrictEqual(
      [
        guardedServerOptions.headersTimeout,
        guardedServerOptions.requestTimeout,
        guardedServerOptions.connectionsCheckingInterval
      ],
      [10_000, 30_000, 2_000]
    )
    // On the real web server: it is built with these options.
    const server = await startWebServer()
    try {
      const started = Date.now()
      const closedAfter = await new Promise<number>((resolve) => {
        const socket = connect(server.port, "127.0.0.1", () =>
          socket.write(`GET /history HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: `)
        )
        socket.on("data", () => {})
        socket.on("error", () => {})
        socket.on("close", () => resolve(Date.now() - started))
      })
      assert.isBelow(closedAfter, 40_000, `closed after ${closedAfter} ms`)
    } finally {
      await server.close()
    }
  }, 60_000)
})
