/**
 * A tool call through the hooked server leaves nothing behind once it is
 * answered: the signal it gave the upstream `Client` (which the SDK leaves a
 * listener on) is collected. With `AbortSignal.any` it was not: Node keeps a
 * composite signal with a listener alive until it aborts, so each call (its
 * request, its closures) stayed for the session's life, and `mcp-proxy`'s
 * memory grew with every call. In-process over `InMemoryTransport`; the heap
 * is checked after forced collections.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { createHookedProxy } from "../../src/hosts/mcp/index.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

const echoServer = () => {
  const server = new Server({ name: "echo", version: "1.0.0" }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } } } }]
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: "text", text: String(request.params.arguments?.["text"]) }]
  }))
  return server
}

const connectPair = async (server: { connect: Server["connect"] }, client: Client) => {
  const [a, b] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(a), client.connect(b)])
}

describe("a tool call's memory", () => {
  it("given a hooked server, when tool calls are answered, then the signals given to the upstream are collected", async () => {
    setFlagsFromString("--expose-gc")
    const gc = runInNewContext("gc") as () => void
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("true")], { matcher: "mcp__other__.*" })] }))
    const upstream = new Client({ name: "app", version: "1.0.0" })
    await connectPair(echoServer(), upstream)
    const signals: Array<WeakRef<AbortSignal>> = []
    const request = upstream.request.bind(upstream)
    upstream.request = ((req, schema, options) => {
      if (options?.signal !== undefined) signals.push(new WeakRef(options.signal))
      return request(req, schema, options)
    }) as typeof upstream.request
    const proxy = await createHookedProxy({ upstream, hooks: { hookSession: await p.session() } })
    const client = new Client({ name: "agent", version: "1.0.0" })
    await connectPair(proxy.server, client)
    try {
      for (let i = 0; i < 20; i++) await client.callTool({ name: "echo", arguments: { text: `call ${i}` } })
      assert.strictEqual(signals.length, 20)
      for (let i = 0; i < 3; i++) {
        // A WeakRef's target lives to the end of the job that read it: collect between turns.
        await new Promise((r) => setTimeout(r, 10))
        gc()
      }
      const alive = signals.filter((s) => s.deref() !== undefined).length
      assert.strictEqual(alive, 0, `${alive} of 20 calls' signals are still alive`)
    } finally {
      await client.close()
      await proxy.close()
    }
  })
})
