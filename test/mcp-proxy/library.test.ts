/**
 * `wave-hooks/mcp` as a library: `createHookedProxy` wraps a connected MCP
 * `Client` as a hooked `Server`, both ends in-process over the SDK's
 * `InMemoryTransport`, with real hook processes from a trusted temp project.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { CallToolRequestSchema, CallToolResultSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import { createHookedProxy, type HookedProxy } from "../../src/hosts/mcp/index.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"
import { textsOf } from "./gateway-helpers.ts"

afterAll(removeTempProjects)

/** An upstream server with one tool, `run {command}`, recording what it ran. */
const upstreamServer = (ran: Array<string>) => {
  const server = new Server(
    { name: "Shell Runner", version: "2.0.0" },
    { capabilities: { tools: {} }, instructions: "Runs commands." }
  )
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: "run", inputSchema: { type: "object", properties: { command: { type: "string" } } } }]
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const command = String(request.params.arguments?.["command"])
    ran.push(command)
    return { content: [{ type: "text", text: `ran ${command}` }] }
  })
  return server
}

const connectPair = async (server: { connect: Server["connect"] }, client: Client) => {
  const [a, b] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(a), client.connect(b)])
}

describe("createHookedProxy", () => {
  it("given a connected client and a project's hooks, when an app's client calls through the hooked server, then hooks deny, rewrite and add context, and the name derives from serverInfo", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        SessionStart: [group([hook("echo 'Never run rm.'")])],
        PreToolUse: [
          group([hook("if grep -q 'rm -rf'; then echo 'no rm -rf' >&2; exit 2; fi")], {
            matcher: "mcp__shell_runner__run"
          }),
          group(
            [
              hook(
                `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"npm test -- --reporter=dot"}}}'`
              )
            ],
            {
              matcher: "mcp__shell_runner__run"
            }
          )
        ]
      })
    )
    const ran: Array<string> = []
    const upstream = new Client({ name: "app", version: "1.0.0" })
    await connectPair(upstreamServer(ran), upstream)
    const proxy: HookedProxy = await createHookedProxy({ upstream, hooks: { hookSession: await p.session() } })
    assert.strictEqual(proxy.serverName, "shell_runner")
    assert.strictEqual(proxy.instructions, "Runs commands.\n\nNever run rm.")
    const client = new Client({ name: "agent", version: "1.0.0" })
    await connectPair(proxy.server, client)
    try {
      const denied = await client.callTool({ name: "run", arguments: { command: "rm -rf build" } })
      assert.deepStrictEqual(
        { isError: denied.isError, texts: textsOf(denied) },
        { isError: true, texts: ["no rm -rf"] }
      )
      const rewritten = await client.callTool({ name: "run", arguments: { command: "npm test" } })
      assert.deepStrictEqual(textsOf(rewritten), ["ran npm test -- --reporter=dot"])
      assert.deepStrictEqual(ran, ["npm test -- --reporter=dot"])
    } finally {
      await client.close()
      await proxy.ended
      await upstream.close()
    }
  })

  it("given a hook that stops the agent (continue: false), when called, then that call and every later one are refused without reaching the upstream", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [
          group([hook(`if grep -q halt; then printf '%s' '{"continue":false,"stopReason":"budget spent"}'; fi`)])
        ]
      })
    )
    const ran: Array<string> = []
    const upstream = new Client({ name: "app", version: "1.0.0" })
    await connectPair(upstreamServer(ran), upstream)
    const proxy = await createHookedProxy({ upstream, serverName: "sh", hooks: { hookSession: await p.session() } })
    const client = new Client({ name: "agent", version: "1.0.0" })
    await connectPair(proxy.server, client)
    try {
      assert.deepStrictEqual(textsOf(await client.callTool({ name: "run", arguments: { command: "ls" } })), ["ran ls"])
      const halted = await client.callTool({ name: "run", arguments: { command: "halt now" } })
      assert.strictEqual(halted.isError, true)
      assert.match(textsOf(halted)[0]!, /A hook stopped the agent: budget spent/)
      const later = await client.callTool({ name: "run", arguments: { command: "pwd" } })
      assert.match(textsOf(later)[0]!, /No further tool calls run on this server/)
      assert.deepStrictEqual(ran, ["ls"])
    } finally {
      await client.close()
      await upstream.close()
    }
  })

  it("given claude-code dialect settings, when the proxy's session reads them, then .claude/settings.json hooks guard the calls", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook("echo 'claude-code guard' >&2; exit 2")], { matcher: "mcp__sh__run" })] }),
      "claude-code"
    )
    const ran: Array<string> = []
    const upstream = new Client({ name: "app", version: "1.0.0" })
    await connectPair(upstreamServer(ran), upstream)
    const proxy = await createHookedProxy({
      upstream,
      serverName: "sh",
      hooks: { hookSession: await p.session({ dialect: "claude-code" }) }
    })
    const client = new Client({ name: "agent", version: "1.0.0" })
    await connectPair(proxy.server, client)
    try {
      assert.deepStrictEqual(textsOf(await client.callTool({ name: "run", arguments: { command: "ls" } })), [
        "claude-code guard"
      ])
      assert.deepStrictEqual(ran, [])
    } finally {
      await client.close()
      await upstream.close()
    }
  })

  it("given an ask, no elicitation and an askFallback, when called, then the fallback answers", async () => {
    const p = makeProject()
    const ask = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}'`
    p.writeSettings("project", settings({ PreToolUse: [group([hook(ask)])] }))
    const ran: Array<string> = []
    const upstream = new Client({ name: "app", version: "1.0.0" })
    await connectPair(upstreamServer(ran), upstream)
    const asked: Array<unknown> = []
    const proxy = await createHookedProxy({
      upstream,
      serverName: "sh",
      hooks: { hookSession: await p.session() },
      askFallback: {
        ask: (request) => {
          asked.push({ reason: request.reason, tool: request.tool?.name })
          return request.tool?.input["command"] === "ls" ? "allow" : "deny"
        }
      }
    })
    const client = new Client({ name: "agent", version: "1.0.0" })
    await connectPair(proxy.server, client)
    try {
      assert.deepStrictEqual(textsOf(await client.callTool({ name: "run", arguments: { command: "ls" } })), ["ran ls"])
      assert.deepStrictEqual(textsOf(await client.callTool({ name: "run", arguments: { command: "rm x" } })), [
        "The user denied this tool call."
      ])
      assert.deepStrictEqual(asked, [
        { reason: "sure?", tool: "mcp__sh__run" },
        { reason: "sure?", tool: "mcp__sh__run" }
      ])
      assert.deepStrictEqual(ran, ["ls"])
    } finally {
      await client.close()
      await upstream.close()
    }
  })

  it("given an askFallback that throws (or rejects), when called, then the call is denied saying the question could not be asked, with the error (issue 21)", async () => {
    const p = makeProject()
    const ask = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}'`
    p.writeSettings("project", settings({ PreToolUse: [group([hook(ask)])] }))
    const ran: Array<string> = []
    const upstream = new Client({ name: "app", version: "1.0.0" })
    await connectPair(upstreamServer(ran), upstream)
    const proxy = await createHookedProxy({
      upstream,
      serverName: "sh",
      hooks: { hookSession: await p.session() },
      askFallback: {
        ask: (request) => {
          if (request.tool?.input["command"] === "ls") throw new Error("the dialog crashed")
          return Promise.reject(new Error("no browser"))
        }
      }
    })
    const client = new Client({ name: "agent", version: "1.0.0" })
    await connectPair(proxy.server, client)
    try {
      const thrown = textsOf(await client.callTool({ name: "run", arguments: { command: "ls" } })).join("\n")
      const rejected = textsOf(await client.callTool({ name: "run", arguments: { command: "rm x" } })).join("\n")
      assert.include(thrown, "could not ask: the dialog crashed")
      assert.include(rejected, "could not ask: no browser")
      for (const text of [thrown, rejected]) assert.notInclude(text, "The user denied")
      assert.deepStrictEqual(ran, [])
    } finally {
      await client.close()
      await upstream.close()
    }
  })

  it("given an upstream that offers task-augmented tools/call, when a client asks for a task, then the proxy refuses it (the result would pass PostToolUse by) and declares no such capability", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        PostToolUse: [
          group([
            hook(
              `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":"[redacted]"}}'`
            )
          ])
        ]
      })
    )
    const ran: Array<string> = []
    const server = new Server(
      { name: "Task Runner", version: "1.0.0" },
      { capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } }
    )
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: "run", inputSchema: { type: "object" } }]
    }))
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      ran.push(JSON.stringify(request.params))
      return { content: [{ type: "text", text: "secret output" }] }
    })
    const upstream = new Client({ name: "app", version: "1.0.0" })
    await connectPair(server, upstream)
    const proxy = await createHookedProxy({ upstream, serverName: "tasks", hooks: { hookSession: await p.session() } })
    const client = new Client({ name: "agent", version: "1.0.0" })
    await connectPair(proxy.server, client)
    try {
      const declared = client.getServerCapabilities()
      assert.deepStrictEqual(declared?.tasks, { list: {}, cancel: {}, requests: {} })
      assert.isDefined(declared?.tools)
      const asTask = await client
        .request(
          { method: "tools/call", params: { name: "run", arguments: {}, task: { ttl: 60_000 } } },
          CallToolResultSchema
        )
        .then(
          () => "answered",
          (error: unknown) => String(error)
        )
      assert.match(asTask, /does not support task creation for tools\/call/)
      assert.deepStrictEqual(textsOf(await client.callTool({ name: "run", arguments: {} })), ["[redacted]"])
      assert.deepStrictEqual(
        ran.map((r) => JSON.parse(r) as { task?: unknown }).map((r) => r.task),
        [undefined],
        "no task reached the upstream"
      )
    } finally {
      await client.close()
      await upstream.close()
    }
  })
})
