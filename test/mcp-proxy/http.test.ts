/**
 * The gateway over Streamable HTTP, as real processes: one proxy serves the
 * tiny server with `--listen 127.0.0.1:0` (the address and the token on
 * stderr), a second one reaches it with `--url` (the token in
 * WAVE_HOOKS_MCP_UPSTREAM_TOKEN), and an SDK client talks to the second on
 * stdio. The listening proxy's hooks apply; SIGTERM ends it and its
 * upstream. A `--url` upstream that redirects is not followed.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"
import {
  alive,
  eventually,
  httpClient,
  initializeBody,
  mcpHeaders,
  pidIn,
  rawRequest,
  startListening,
  startProxy,
  textsOf,
  tinyServer
} from "./gateway-helpers.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

describe("Streamable HTTP", () => {
  it("given a proxy listening on HTTP with a deny hook, when a client reaches it directly and through a --url proxy, then the hook applies, instructions carry SessionStart, and SIGTERM ends it and its upstream", async () => {
    const served = makeProject()
    served.writeSettings(
      "project",
      settings({
        SessionStart: [group([hook("echo 'HTTP session rules.'")])],
        PreToolUse: [group([hook("echo 'no echo over HTTP' >&2; exit 2")], { matcher: "mcp__tiny__echo" })]
      })
    )
    const upstreamPid = join(served.root, "upstream.pid")
    const server = await startListening(served, [], { env: { TINY_PID_FILE: upstreamPid } })
    try {
      // Directly, with the SDK's Streamable HTTP client and the token the proxy printed.
      assert.match(server.token ?? "", /^[A-Za-z0-9_-]{43}$/, server.stderr())
      const direct = await httpClient(server.url, server.token)
      assert.strictEqual(direct.getInstructions(), "Tiny server: use echo to echo.\n\nHTTP session rules.")
      assert.deepStrictEqual(textsOf(await direct.callTool({ name: "echo", arguments: { text: "hi" } })), [
        "no echo over HTTP"
      ])
      assert.deepStrictEqual(textsOf(await direct.callTool({ name: "secret", arguments: {} })), ["token=SECRET_123"])
      await direct.close()

      // Through a second proxy on stdio that reaches the first with --url (its own project has no hooks).
      const front = makeProject()
      const proxy = await startProxy(front, ["--url", server.url], {
        env: { WAVE_HOOKS_MCP_UPSTREAM_TOKEN: server.token! }
      })
      try {
        assert.deepStrictEqual(textsOf(await proxy.client.callTool({ name: "echo", arguments: { text: "hi" } })), [
          "no echo over HTTP"
        ])
        assert.include(
          (await proxy.client.listTools()).tools.map((t) => t.name),
          "secret"
        )
      } finally {
        const exit = await proxy.close()
        assert.strictEqual(exit.code, 0, proxy.stderr())
      }
      assert.strictEqual(server.stdout(), "")

      // A request naming another host (DNS rebinding) or coming from a web page's origin is refused, token or not.
      const port = new URL(server.url).port
      const status = async (extra: Record<string, string>) =>
        (
          await rawRequest(server.url, {
            headers: { ...mcpHeaders(server.token), ...extra },
            body: initializeBody("evil")
          })
        ).status
      assert.strictEqual(await status({ host: `evil.example:${port}` }), 403)
      assert.strictEqual(await status({ origin: "http://evil.example" }), 403)
    } finally {
      await server.stop()
    }
    const exit = await server.exited
    assert.isTrue(exit.code !== null || exit.signal !== null)
    const pid = pidIn(upstreamPid)
    await eventually(() => !alive(pid), "the upstream to end", 5000)
  })

  it("given a --listen port that is taken, when the proxy starts, then it says so, exits 1 and leaves no upstream behind", async () => {
    const p = makeProject()
    await p.trust()
    const { createServer } = await import("node:http")
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
    const port = (taken.address() as { port: number }).port
    const upstreamPid = join(p.root, "upstream.pid")
    try {
      const { runCli } = await import("../helpers/cli-process.ts")
      // An upstream that outlives the end of its stdin (a shell going on after the server): only the proxy can end it.
      const upstream = `echo $$ > ${shq(upstreamPid)}; ${shq(nodeBin)} ${shq(tinyServer)}; exec sleep 60`
      const r = await runCli(
        ["mcp-proxy", "--project-dir", p.dir, "--listen", `127.0.0.1:${port}`, "--", "/bin/sh", "-c", upstream],
        {
          env: { ...p.env, HOME: p.home }
        }
      )
      assert.strictEqual(r.status, 1, r.stderr)
      assert.match(r.stderr, /EADDRINUSE/)
      const pid = pidIn(upstreamPid)
      await eventually(() => !alive(pid), "the upstream to end", 3000)
    } finally {
      taken.close()
    }
  })

  it("given a --url upstream that redirects, to its own origin or another, when the proxy starts, then it follows neither and says so", async () => {
    const p = makeProject()
    await p.trust()
    const hits: Array<string> = []
    const target = createServer((req, res) => {
      hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`)
      res.writeHead(500).end()
    })
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve))
    const redirector = createServer((req, res) => {
      if (req.url === "/moved") return void res.writeHead(404).end()
      const to = req.url === "/same" ? "/moved" : `http://127.0.0.1:${(target.address() as AddressInfo).port}/mcp`
      hits.push(`redirect ${req.method} ${req.url}`)
      res.writeHead(307, { location: to }).end()
    })
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve))
    try {
      const { runCli } = await import("../helpers/cli-process.ts")
      for (const path of ["/same", "/other"]) {
        const r = await runCli(
          [
            "mcp-proxy",
            "--project-dir",
            p.dir,
            "--url",
            `http://127.0.0.1:${(redirector.address() as AddressInfo).port}${path}`
          ],
          {
            env: { ...p.env, HOME: p.home, WAVE_HOOKS_MCP_UPSTREAM_TOKEN: "upstream-secret-token-0123456789" }
          }
        )
        assert.strictEqual(r.status, 1, r.stderr)
        assert.match(r.stderr, /could not connect to the upstream MCP server/)
        assert.match(r.stderr, /redirect/i)
      }
      assert.deepStrictEqual(
        hits,
        ["redirect POST /same", "redirect POST /other"],
        "no redirect was followed, the token went nowhere else"
      )
    } finally {
      target.close()
      redirector.close()
    }
  })
})
