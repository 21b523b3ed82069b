/**
 * The gateway over Streamable HTTP, as real processes: one proxy serves the
 * tiny server with `--listen 127.0.0.1:0` (the address on stderr), a second
 * one reaches it with `--url`, and an SDK client talks to the second on
 * stdio. The listening proxy's hooks apply; SIGTERM ends it and its
 * upstream.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { spawn } from "node:child_process"
import { join } from "node:path"
import { cliBin, ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"
import { alive, eventually, pidIn, startProxy, textsOf, tinyServer } from "./gateway-helpers.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

/** Start `mcp-proxy --listen 127.0.0.1:0 -- node tiny-server.mjs`; resolves with its URL once it says it serves. */
const listening = async (p: ReturnType<typeof makeProject>, env: Record<string, string>) => {
  await p.trust()
  const child = spawn(nodeBin, [cliBin, "mcp-proxy", "--project-dir", p.dir, "--listen", "127.0.0.1:0", "--", nodeBin, tinyServer], {
    cwd: p.dir,
    env: { ...p.env, HOME: p.home, ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let stderr = ""
  let stdout = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })))
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk
      const match = /serving MCP over Streamable HTTP at (\S+)/.exec(stderr)
      if (match !== null) resolve(match[1]!)
    })
    void exited.then(() => reject(new Error(`the listening proxy exited: ${stderr}`)))
  })
  return { child, url, exited, stderr: () => stderr, stdout: () => stdout }
}

describe("Streamable HTTP", () => {
  it("given a proxy listening on HTTP with a deny hook, when a client reaches it directly and through a --url proxy, then the hook applies, instructions carry SessionStart, and SIGTERM ends it and its upstream", async () => {
    const served = makeProject()
    served.writeSettings("project", settings({
      SessionStart: [group([hook("echo 'HTTP session rules.'")])],
      PreToolUse: [group([hook("echo 'no echo over HTTP' >&2; exit 2")], { matcher: "mcp__tiny__echo" })]
    }))
    const upstreamPid = join(served.root, "upstream.pid")
    const server = await listening(served, { TINY_PID_FILE: upstreamPid })
    try {
      // Directly, with the SDK's Streamable HTTP client.
      const direct = new Client({ name: "direct", version: "1.0.0" })
      await direct.connect(new StreamableHTTPClientTransport(new URL(server.url)))
      assert.strictEqual(direct.getInstructions(), "Tiny server: use echo to echo.\n\nHTTP session rules.")
      assert.deepStrictEqual(textsOf(await direct.callTool({ name: "echo", arguments: { text: "hi" } })), ["no echo over HTTP"])
      assert.deepStrictEqual(textsOf(await direct.callTool({ name: "secret", arguments: {} })), ["token=SECRET_123"])
      await direct.close()

      // Through a second proxy on stdio that reaches the first with --url (its own project has no hooks).
      const front = makeProject()
      const proxy = await startProxy(front, ["--url", server.url])
      try {
        assert.deepStrictEqual(textsOf(await proxy.client.callTool({ name: "echo", arguments: { text: "hi" } })), ["no echo over HTTP"])
        assert.include((await proxy.client.listTools()).tools.map((t) => t.name), "secret")
      } finally {
        const exit = await proxy.close()
        assert.strictEqual(exit.code, 0, proxy.stderr())
      }
      assert.strictEqual(server.stdout(), "")

      // A request naming another host (DNS rebinding) or coming from a web page's origin is refused.
      const initialize = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "evil", version: "1" } }
      })
      const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" }
      const port = new URL(server.url).port
      const { request } = await import("node:http")
      const status = (extra: Record<string, string>) =>
        new Promise<number | undefined>((resolve, reject) => {
          const req = request(server.url, { method: "POST", headers: { ...headers, ...extra } }, (res) => {
            res.resume()
            resolve(res.statusCode)
          })
          req.on("error", reject)
          req.end(initialize)
        })
      assert.strictEqual(await status({ host: `evil.example:${port}` }), 403)
      assert.strictEqual(await status({ origin: "http://evil.example" }), 403)
    } finally {
      server.child.kill("SIGTERM")
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
      const r = await runCli(["mcp-proxy", "--project-dir", p.dir, "--listen", `127.0.0.1:${port}`, "--", "/bin/sh", "-c", upstream], {
        env: { ...p.env, HOME: p.home }
      })
      assert.strictEqual(r.status, 1, r.stderr)
      assert.match(r.stderr, /EADDRINUSE/)
      const pid = pidIn(upstreamPid)
      await eventually(() => !alive(pid), "the upstream to end", 3000)
    } finally {
      taken.close()
    }
  })
})
