/**
 * `wave-hooks mcp-proxy` in front of the tiny fixture server, as real
 * processes: PreToolUse deny / updatedInput / allow, PostToolUse output
 * replacement, context and block reasons, PostToolUseFailure, SessionStart
 * instructions, logging for ShowUser, and pass-through of everything else.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema
} from "@modelcontextprotocol/sdk/types.js"
import { join } from "node:path"
import { ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"
import type { RunningProxy } from "./gateway-helpers.ts"
import { eventually, startProxy, textsOf, tinyServer } from "./gateway-helpers.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const tiny = ["--", nodeBin, tinyServer]

/** A project whose hooks are `hooks` (settings.json's `hooks` object), with the tiny server's calls logged to calls.log. */
const project = (hooks: Parameters<typeof settings>[0]): { readonly p: TempProject; readonly log: string } => {
  const p = makeProject()
  p.writeSettings("project", settings(hooks))
  return { p, log: join(p.root, "calls.log") }
}

const withProxy = async <A>(
  p: TempProject,
  log: string,
  run: (proxy: RunningProxy) => Promise<A>,
  args: ReadonlyArray<string> = tiny,
  options: Parameters<typeof startProxy>[2] = {}
): Promise<A> => {
  const proxy = await startProxy(p, args, { ...options, env: { TINY_LOG: log, ...options.env } })
  try {
    return await run(proxy)
  } finally {
    await proxy.close()
  }
}

const json = (value: unknown) => `printf '%s\\n' ${shq(JSON.stringify(value))}`

describe.concurrent("PreToolUse through the proxy", () => {
  it("given a deny hook on mcp__tiny__echo, when echo is called, then the upstream is never called and the client gets isError with the reason", async () => {
    const { p, log } = project({
      PreToolUse: [group([hook("echo 'no echoing here' >&2; exit 2")], { matcher: "mcp__tiny__echo" })]
    })
    await withProxy(p, log, async ({ client }) => {
      const result = await client.callTool({ name: "echo", arguments: { text: "hi" } })
      assert.strictEqual(result.isError, true)
      assert.deepStrictEqual(textsOf(result), ["no echoing here"])
      // secret is not matched: it runs, and is the only call the upstream saw.
      await client.callTool({ name: "secret", arguments: {} })
    })
    assert.deepStrictEqual(
      p.lines("../calls.log").map((l) => JSON.parse(l).name),
      ["secret"]
    )
  })

  it("given a hook matching mcp__tiny__.*, when a tool is called, then the payload carries tool_name, tool_input, tool_use_id and mcp_server", async () => {
    const payloads = "payloads.log"
    const { p, log } = project({
      PreToolUse: [group([hook(`cat >> ${payloads}; echo >> ${payloads}`)], { matcher: "mcp__tiny__.*" })]
    })
    await withProxy(p, log, async ({ client }) => {
      await client.callTool({ name: "echo", arguments: { text: "hi" } })
    })
    const [payload] = p.lines(payloads).map((l) => JSON.parse(l) as Record<string, unknown>)
    assert.strictEqual(payload!["tool_name"], "mcp__tiny__echo")
    assert.deepStrictEqual(payload!["tool_input"], { text: "hi" })
    assert.isString(payload!["tool_use_id"])
    assert.match(payload!["tool_use_id"] as string, /^\d+$/)
    assert.deepStrictEqual(payload!["mcp_server"], { name: "tiny" })
    assert.strictEqual(payload!["hook_event_name"], "PreToolUse")
  })

  it("given --name files, when a tool is called, then hooks see mcp__files__<tool>", async () => {
    const { p, log } = project({
      PreToolUse: [group([hook("echo renamed >&2; exit 2")], { matcher: "mcp__files__echo" })]
    })
    await withProxy(
      p,
      log,
      async ({ client }) => {
        const result = await client.callTool({ name: "echo", arguments: { text: "hi" } })
        assert.deepStrictEqual(textsOf(result), ["renamed"])
      },
      ["--name", "files", ...tiny]
    )
  })

  it("given --dialect claude-code, when echo is called, then the hooks of .claude/settings.json decide", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook("echo 'from .claude' >&2; exit 2")], { matcher: "mcp__tiny__echo" })] }),
      "claude-code"
    )
    await withProxy(
      p,
      join(p.root, "calls.log"),
      async ({ client }) => {
        assert.deepStrictEqual(textsOf(await client.callTool({ name: "echo", arguments: { text: "hi" } })), [
          "from .claude"
        ])
      },
      ["--dialect", "claude-code", ...tiny]
    )
  })

  it("given updatedInput, when echo is called, then the upstream receives the new arguments", async () => {
    const rewrite = json({ hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { text: "rewritten" } } })
    const { p, log } = project({ PreToolUse: [group([hook(rewrite)], { matcher: "mcp__tiny__echo" })] })
    await withProxy(p, log, async ({ client }) => {
      const result = await client.callTool({ name: "echo", arguments: { text: "original" } })
      assert.deepStrictEqual(textsOf(result), ["rewritten"])
    })
    assert.deepStrictEqual(
      p.lines("../calls.log").map((l) => JSON.parse(l)),
      [{ name: "echo", args: { text: "rewritten" } }]
    )
  })

  it("given an allow with additionalContext and a reason, when echo is called, then it runs as is, the context follows the result and the reason reaches the client as a log message", async () => {
    const allow = json({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "echo is fine",
        additionalContext: "echo is harmless"
      }
    })
    const { p, log } = project({ PreToolUse: [group([hook(allow)], { matcher: "mcp__tiny__echo" })] })
    const messages: Array<unknown> = []
    await withProxy(p, log, async ({ client }) => {
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        messages.push(n.params)
      })
      const result = await client.callTool({ name: "echo", arguments: { text: "hi" } })
      assert.deepStrictEqual(textsOf(result), ["hi", "echo is harmless"])
    })
    assert.deepInclude(messages, { level: "info", logger: "wave-hooks", data: "echo is fine" })
  })
})

describe.concurrent("PostToolUse through the proxy", () => {
  it("given updatedMCPToolOutput, when secret is called, then the client sees the replacement only", async () => {
    const redact = json({
      hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: "token=[redacted]" }
    })
    const { p, log } = project({ PostToolUse: [group([hook(redact)], { matcher: "mcp__tiny__secret" })] })
    await withProxy(p, log, async ({ client }) => {
      const result = await client.callTool({ name: "secret", arguments: {} })
      assert.deepStrictEqual(textsOf(result), ["token=[redacted]"])
      assert.notInclude(JSON.stringify(result), "SECRET_123")
    })
  })

  it("given a tool with an outputSchema and a text replacement, when called, then the structured content is the replacement in the schema's one string field", async () => {
    const redact = json({
      hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "password=[redacted]" }
    })
    const { p, log } = project({ PostToolUse: [group([hook(redact)], { matcher: "mcp__tiny__structured" })] })
    await withProxy(p, log, async ({ client }) => {
      await client.listTools()
      const result = await client.callTool({ name: "structured", arguments: { path: "/x" } })
      assert.deepStrictEqual(textsOf(result), ["password=[redacted]"])
      assert.deepStrictEqual(result.structuredContent, { content: "password=[redacted]" })
    })
  })

  it("given a structured replacement that does not fit the outputSchema, when called, then the output is withheld, the client gets isError and the user is told", async () => {
    const bad = json({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: { content: 42 } } })
    const { p, log } = project({ PostToolUse: [group([hook(bad)], { matcher: "mcp__tiny__structured" })] })
    const messages: Array<{ level: string; data: unknown }> = []
    await withProxy(p, log, async ({ client, stderr }) => {
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        messages.push(n.params)
      })
      // No tools/list first: the proxy fetches the schema itself.
      const result = await client.request(
        { method: "tools/call", params: { name: "structured", arguments: { path: "/x" } } },
        CallToolResultSchema
      )
      assert.strictEqual(result.isError, true)
      assert.notInclude(JSON.stringify(result), "hunter2")
      assert.match(textsOf(result)[0]!, /does not fit its outputSchema/)
      // The proxy's stderr line may arrive after the answer it wrote before it (two pipes, a loaded machine).
      await eventually(() => /outputSchema/.test(stderr()), "the proxy to say on stderr why the output was withheld")
    })
    assert.isTrue(messages.some((m) => m.level === "warning" && String(m.data).includes("outputSchema")))
  })

  it("given additionalContext and a block reason, when echo is called, then both follow the unchanged result as text blocks", async () => {
    const both = json({
      decision: "block",
      reason: "check the echo",
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "echo ran" }
    })
    const { p, log } = project({ PostToolUse: [group([hook(both)], { matcher: "mcp__tiny__echo" })] })
    await withProxy(p, log, async ({ client }) => {
      const result = await client.callTool({ name: "echo", arguments: { text: "hi" } })
      assert.deepStrictEqual(textsOf(result), ["hi", "echo ran", "check the echo"])
      assert.notStrictEqual(result.isError, true)
    })
  })

  it("given an isError result and a JSON-RPC error, when called, then PostToolUseFailure runs with the error and PostToolUse does not", async () => {
    const failures = "failures.log"
    const { p, log } = project({
      PostToolUseFailure: [group([hook(`jq -c '{tool_name, error}' >> ${failures}`)])],
      PostToolUse: [group([hook("echo post >> post.log")])]
    })
    await withProxy(p, log, async ({ client }) => {
      const result = await client.callTool({ name: "fail", arguments: {} })
      assert.strictEqual(result.isError, true)
      const error = await client.callTool({ name: "nope", arguments: {} }).then(
        () => undefined,
        (e: unknown) => e as Error
      )
      // The upstream's error as it sent it (the SDK client adds one "MCP error <code>: " prefix).
      assert.strictEqual(error?.message, "MCP error -32602: MCP error -32602: Unknown tool: nope")
    })
    assert.deepStrictEqual(
      p.lines(failures).map((l) => JSON.parse(l)),
      [
        { tool_name: "mcp__tiny__fail", error: "it broke" },
        { tool_name: "mcp__tiny__nope", error: "MCP error -32602: Unknown tool: nope" }
      ]
    )
    assert.deepStrictEqual(p.lines("post.log"), [])
  })
})

describe.concurrent("the session and pass-through", () => {
  it("given a SessionStart hook, when the client connects, then its context extends the upstream's instructions; SessionEnd runs when the client goes away", async () => {
    const { p, log } = project({
      SessionStart: [group([hook("echo 'Project rule: never push on Fridays.'")], { matcher: "startup" })],
      SessionEnd: [group([hook("jq -r .reason >> end.log")])]
    })
    await withProxy(p, log, async ({ client }) => {
      assert.strictEqual(
        client.getInstructions(),
        "Tiny server: use echo to echo.\n\nProject rule: never push on Fridays."
      )
      assert.deepStrictEqual(p.lines("end.log"), [])
    })
    assert.deepStrictEqual(p.lines("end.log"), ["other"])
  })

  it("given no hooks, when the client lists tools, resources and prompts and reads them, then it gets the upstream's answers unchanged", async () => {
    const { p, log } = project({})
    await withProxy(p, log, async ({ client }) => {
      assert.deepStrictEqual(client.getServerVersion(), { name: "tiny-mcp-server", version: "1.0.0" })
      const tools = await client.listTools()
      assert.deepStrictEqual(
        tools.tools.map((t) => t.name),
        ["echo", "secret", "structured", "fail", "slow", "crash", "grow", "log", "ask_user", "sample"]
      )
      assert.deepStrictEqual(tools.tools[2]!.outputSchema, {
        type: "object",
        properties: { content: { type: "string" } },
        required: ["content"]
      })
      assert.deepStrictEqual((await client.listResources()).resources, [
        { uri: "tiny://readme", name: "readme", mimeType: "text/plain" }
      ])
      assert.deepStrictEqual((await client.readResource({ uri: "tiny://readme" })).contents, [
        { uri: "tiny://readme", mimeType: "text/plain", text: "Read me." }
      ])
      assert.deepStrictEqual((await client.listPrompts()).prompts, [{ name: "hello", description: "Say hello" }])
      assert.deepStrictEqual((await client.getPrompt({ name: "hello" })).messages, [
        { role: "user", content: { type: "text", text: "Hello!" } }
      ])
      const completion = await client.complete({
        ref: { type: "ref/prompt", name: "hello" },
        argument: { name: "name", value: "A" }
      })
      assert.deepStrictEqual(completion.completion, { values: ["Ada", "Alan"], hasMore: false })
      await client.setLoggingLevel("debug")
      await client.ping()
    })
  })

  it("given a matcher for this server that names none of its tools, when the client lists the tools, then it is warned once, with the close name", async () => {
    const { log, p } = project({
      PreToolUse: [
        group([hook("true")], { matcher: "mcp__tiny__Echo" }),
        group([hook("true")], { matcher: "mcp__tiny__echo" }),
        group([hook("true")], { matcher: "Bash" })
      ]
    })
    await withProxy(p, log, async ({ client }) => {
      const warnings: Array<string> = []
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        if (n.params.logger === "wave-hooks") warnings.push(String(n.params.data))
      })
      await client.listTools()
      await client.listTools()
      await client.ping()
      assert.strictEqual(warnings.length, 1, JSON.stringify(warnings))
      assert.match(
        warnings[0]!,
        /"mcp__tiny__Echo" .* matches none of the tools of the MCP server "tiny".*did you mean "mcp__tiny__echo"\?/
      )
    })
  })

  it("given the upstream logs, when it sends a log message, then the client gets it unchanged", async () => {
    const { p, log } = project({})
    await withProxy(p, log, async ({ client }) => {
      const logged = new Promise<unknown>((resolve) =>
        client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
          if (n.params.logger === "tiny") resolve(n.params)
        })
      )
      await client.callTool({ name: "log", arguments: { text: "upstream says hi" } })
      assert.deepStrictEqual(await logged, { level: "info", logger: "tiny", data: "upstream says hi" })
    })
  })

  it("given the upstream changes its tool list, when it notifies, then the client is told and sees the new tool", async () => {
    const { p, log } = project({})
    await withProxy(p, log, async ({ client }) => {
      const changed = new Promise<void>((resolve) =>
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve())
      )
      await client.callTool({ name: "grow", arguments: {} })
      await changed
      assert.include(
        (await client.listTools()).tools.map((t) => t.name),
        "extra"
      )
    })
  })

  it("given a client with elicitation and sampling, when the upstream asks it during a call, then the request reaches the client and its answer the upstream", async () => {
    const { p, log } = project({})
    await withProxy(
      p,
      log,
      async ({ client }) => {
        assert.deepStrictEqual(textsOf(await client.callTool({ name: "ask_user", arguments: {} })), [
          "answer=forty-two"
        ])
        assert.deepStrictEqual(textsOf(await client.callTool({ name: "sample", arguments: {} })), [
          "sampled=hello from the client"
        ])
      },
      tiny,
      {
        capabilities: { elicitation: {}, sampling: {} },
        setup: (client) => {
          client.setRequestHandler(ElicitRequestSchema, async () => ({
            action: "accept",
            content: { answer: "forty-two" }
          }))
          client.setRequestHandler(CreateMessageRequestSchema, async () => ({
            role: "assistant",
            content: { type: "text", text: "hello from the client" },
            model: "fake"
          }))
        }
      }
    )
  })

  it("given a client without elicitation or sampling, when the upstream asks it, then the upstream gets an error naming the capability", async () => {
    const { p, log } = project({})
    await withProxy(p, log, async ({ client }) => {
      assert.match(
        textsOf(await client.callTool({ name: "ask_user", arguments: {} }))[0]!,
        /^elicitation failed: .*elicitation/i
      )
      assert.match(
        textsOf(await client.callTool({ name: "sample", arguments: {} }))[0]!,
        /^sampling failed: .*sampling/i
      )
    })
  })

  it("given a tool call with a progress token, when the upstream reports progress, then the client gets it", async () => {
    const { p, log } = project({})
    const slowFile = join(p.root, "slow.txt")
    await withProxy(
      p,
      log,
      async ({ client }) => {
        const abort = new AbortController()
        const progress = new Promise<unknown>((resolve) => {
          void client
            .callTool({ name: "slow", arguments: {} }, undefined, {
              signal: abort.signal,
              onprogress: (value) => resolve(value)
            })
            .catch(() => {})
        })
        assert.deepStrictEqual(await progress, { progress: 1, total: 10 })
        abort.abort()
      },
      tiny,
      { env: { TINY_SLOW_FILE: slowFile } }
    )
  })
})
