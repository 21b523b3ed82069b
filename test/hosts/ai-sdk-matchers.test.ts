/**
 * Issue 11: a tool-event matcher that no tool of the AI SDK app can match
 * (`"Bash"` for a tool named `bash`) is a silent no-op guard; `withHooks`
 * warns once, naming the matcher, its file and the tools, with a hint on case.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { ToolExecutionOptions } from "ai"
import { jsonSchema, tool } from "ai"
import type { UserMessage } from "../../src/hosts/ai-sdk/index.ts"
import { AiSdkHooks, withHooks } from "../../src/hosts/ai-sdk/index.ts"
import { canned, group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

const echoTool = () =>
  tool({
    description: "Run a shell command",
    inputSchema: jsonSchema<{ command: string }>({
      type: "object",
      properties: { command: { type: "string" } },
      required: ["command"]
    }),
    execute: async (input: { command: string }) => `ran ${input.command}`
  })

const callOptions = (id: string): ToolExecutionOptions<never> =>
  ({ toolCallId: id, messages: [], context: undefined }) as unknown as ToolExecutionOptions<never>

const setup = (matchers: Record<string, ReadonlyArray<string>>) => {
  const hooks = canned()
  const p = makeProject({ hookProcess: hooks.layer })
  const file = p.writeSettings(
    "user",
    settings(
      Object.fromEntries(
        Object.entries(matchers).map(([event, ms]) => [
          event,
          ms.map((m) => group([hook("./guard.sh")], { matcher: m }))
        ])
      )
    )
  )
  const messages: Array<UserMessage> = []
  const adapter = new AiSdkHooks({
    projectDir: p.dir,
    homeDir: p.home,
    env: p.env,
    hookProcess: hooks.layer,
    onUserMessage: (m) => messages.push(m)
  })
  return { adapter, file, hooks, messages }
}

const warningsIn = (messages: ReadonlyArray<UserMessage>) =>
  messages.filter((m) => m.level === "warning" && m.text.includes("matches none"))

describe("withHooks warns about matchers no tool can match", () => {
  it('"Bash" for a tool named bash: one warning naming the matcher, the file and the tools, with a hint on case', async () => {
    const { adapter, file, hooks, messages } = setup({ PreToolUse: ["Bash"] })
    const tools = withHooks({ bash: echoTool(), read: echoTool() }, adapter)
    await tools.bash.execute!({ command: "ls" }, callOptions("c1"))
    await tools.bash.execute!({ command: "ls" }, callOptions("c2"))
    assert.deepStrictEqual(hooks.commands(), [], "the guard never ran")
    const warnings = warningsIn(messages)
    assert.strictEqual(warnings.length, 1, JSON.stringify(messages))
    const text = warnings[0]!.text
    assert.strictEqual(warnings[0]!.event, "PreToolUse")
    assert.include(text, `"Bash"`)
    assert.include(text, file)
    assert.include(text, `"bash", "read"`)
    assert.include(text, `did you mean "bash"`)
  })

  it("warns as soon as the settings are read, before any tool call", async () => {
    const { adapter, messages } = setup({ PostToolUse: ["Write|Edit"] })
    withHooks({ bash: echoTool() }, adapter)
    await adapter.session()
    await new Promise((resolve) => setTimeout(resolve, 0))
    const warnings = warningsIn(messages)
    assert.strictEqual(warnings.length, 1, JSON.stringify(messages))
    assert.include(warnings[0]!.text, `"Write|Edit"`)
    assert.include(warnings[0]!.text, "case-sensitive")
  })

  it("matchers that match a tool, match every tool, or belong to non-tool events say nothing", async () => {
    const { adapter, hooks, messages } = setup({
      PreToolUse: ["bash", "*", "", "ba.*"],
      PostToolUse: ["read"],
      SessionStart: ["startup"]
    })
    const tools = withHooks({ bash: echoTool(), read: echoTool() }, adapter)
    await tools.bash.execute!({ command: "ls" }, callOptions("c1"))
    assert.deepStrictEqual(warningsIn(messages), [])
    assert.isAbove(hooks.commands().length, 0, "the guards ran")
  })
})
