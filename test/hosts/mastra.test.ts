/**
 * Mastra (issue 15): a Mastra `Agent` (`@mastra/core` 1.71) takes AI SDK
 * `tool()` objects, so tools wrapped by `withHooks` run the project's tool
 * hooks inside a Mastra agent: a PreToolUse deny keeps the tool from running
 * and the model gets the reason, an updated input reaches the tool, a
 * PostToolUse replacement is what the model sees, a PostToolUseFailure's
 * feedback joins the error. Then what does not carry over, as observed:
 * UserPromptSubmit and Stop never fire (UserPromptSubmit can be fired by
 * hand), a StopAgent ends the Mastra loop only through `stopWhen`, an ask is
 * answered by `permission` inside the tool (no Mastra approval), a tool's
 * `needsApproval` becomes Mastra's approval, which comes before the hooks,
 * `toolApproval` does not fit Mastra's `requireToolApproval`, and Mastra
 * hands `toModelOutput` the output alone.
 * Real bash hooks in a temp project; the AI SDK's MockLanguageModelV4, which
 * Mastra accepts as an AI SDK 7 model (it wraps `LanguageModelV4`s itself).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Mastra } from "@mastra/core"
import type { ToolsInput } from "@mastra/core/agent"
import { Agent } from "@mastra/core/agent"
import type { MastraModelConfig } from "@mastra/core/llm"
import { InMemoryStore } from "@mastra/core/storage"
import type { RequireToolApproval } from "@mastra/core/tools"
import type { ToolSet } from "ai"
import { jsonSchema, tool } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import { AiSdkHooks, toolApproval, withHooks } from "../../src/hosts/ai-sdk/index.ts"
import { guardScript, makeProject, removeTempProjects } from "../helpers/project.ts"

afterAll(removeTempProjects)

// ====== The scripted model ======

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}
const callsBash = (toolCallId: string, command: string) => ({
  content: [{ type: "tool-call" as const, toolCallId, toolName: "Bash", input: JSON.stringify({ command }) }],
  finishReason: { unified: "tool-calls" as const, raw: undefined },
  usage,
  warnings: []
})
const says = (text: string) => ({
  content: [{ type: "text" as const, text }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: []
})

/** A model that calls Bash with `command`, then answers "done". */
const modelCalling = (command: string) =>
  new MockLanguageModelV4({ doGenerate: [callsBash("c1", command), says("done")] })

/** The tool result the model was given on its last call, as JSON text. */
const lastToolResult = (model: MockLanguageModelV4): string => {
  const prompt = model.doGenerateCalls.at(-1)?.prompt ?? []
  const tool = prompt.findLast((message) => message.role === "tool")
  return JSON.stringify(tool?.content ?? null)
}

// ====== The tool and the project ======

interface BashInput {
  readonly command: string
}

/** An AI SDK tool that records what it ran; `cat .env` prints a secret, `fail` throws. */
const bash = (ran: Array<BashInput>) =>
  tool({
    description: "Run a shell command",
    inputSchema: jsonSchema<BashInput>({
      type: "object",
      properties: { command: { type: "string" } },
      required: ["command"]
    }),
    execute: async (input: BashInput) => {
      ran.push(input)
      if (input.command === "fail") throw new Error("disk full")
      return input.command === "cat .env" ? "API_KEY=sk-secret-123" : `ran ${input.command}`
    }
  })

/**
 * A project whose hooks are real bash scripts: PreToolUse denies rm -rf, asks
 * for git push, rewrites npm test and halts on "freeze"; PostToolUse redacts
 * output holding API_KEY=; PostToolUseFailure adds feedback; UserPromptSubmit
 * and Stop only log. Each script logs its run.
 */
const project = () => {
  const p = makeProject()
  p.writeFile("guard.sh", guardScript(`  *"freeze"*) echo '{"continue":false,"stopReason":"the repo is frozen"}' ;;\n`))
  p.writeFile(
    "redact.sh",
    `#!/bin/bash
input=$(cat)
echo post >> post.log
case "$input" in
  *"API_KEY="*) echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":"[redacted: the output held a secret]"}}' ;;
esac
`
  )
  p.writeSettings("project", {
    hooks: {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh" }] }],
      PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./redact.sh" }] }],
      PostToolUseFailure: [
        {
          matcher: "Bash",
          hooks: [{ type: "command", command: "cat > /dev/null; echo 'free some space first' >&2; exit 2" }]
        }
      ],
      UserPromptSubmit: [{ hooks: [{ type: "command", command: "cat > /dev/null; echo prompt >> prompt.log" }] }],
      Stop: [{ hooks: [{ type: "command", command: "cat > /dev/null; echo stop >> stop.log" }] }]
    }
  })
  return p
}

/**
 * A Mastra agent with the hooked tools. The casts are for types only: Mastra
 * 1.71 bundles its own copy of the AI SDK's types, older than `ai` 7.0.173,
 * so it rejects an AI SDK 7 `tool()` (whose `description` may be a function)
 * and an AI SDK 7 model (whose finish reasons include "interrupted"); both
 * work at run time.
 */
const agentWith = (model: MockLanguageModelV4, tools: ToolSet) =>
  new Agent({
    id: "coder",
    name: "coder",
    instructions: "You run shell commands.",
    model: model as MastraModelConfig,
    tools: tools as ToolsInput
  })

// ====== Tool hooks in a Mastra agent ======

describe("withHooks tools in a Mastra Agent", () => {
  it("a PreToolUse deny keeps the tool from running, and the model gets the reason as the tool result", async () => {
    const p = project()
    const ran: Array<BashInput> = []
    const model = modelCalling("rm -rf /")
    const tools = withHooks({ Bash: bash(ran) }, { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const result = await agentWith(model, tools).generate("clean up", { maxSteps: 3 })
    assert.deepStrictEqual(ran, [])
    assert.include(lastToolResult(model), "rm -rf is not allowed")
    assert.strictEqual(result.text, "done")
    assert.deepStrictEqual(p.lines("pre.log"), ["pre"])
    assert.deepStrictEqual(p.lines("post.log"), [], "PostToolUse does not run for a call that did not run")
  })

  it("a PreToolUse updatedInput is the input the tool runs with", async () => {
    const p = project()
    const ran: Array<BashInput> = []
    const model = modelCalling("npm test")
    const tools = withHooks({ Bash: bash(ran) }, { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    await agentWith(model, tools).generate("test it", { maxSteps: 3 })
    assert.deepStrictEqual(ran, [{ command: "npm test -- --run" }])
    assert.include(lastToolResult(model), "ran npm test -- --run")
  })

  it("a PostToolUse updatedToolOutput replaces what the model sees: the secret never reaches it", async () => {
    const p = project()
    const ran: Array<BashInput> = []
    const model = modelCalling("cat .env")
    const tools = withHooks({ Bash: bash(ran) }, { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    await agentWith(model, tools).generate("show the env", { maxSteps: 3 })
    assert.deepStrictEqual(ran, [{ command: "cat .env" }], "the tool ran")
    assert.include(lastToolResult(model), "[redacted: the output held a secret]")
    assert.notInclude(JSON.stringify(model.doGenerateCalls.at(-1)?.prompt), "sk-secret-123")
    assert.deepStrictEqual(p.lines("post.log"), ["post"])
  })

  it("a throwing tool fires PostToolUseFailure, and its feedback joins the error the model gets", async () => {
    const p = project()
    const model = modelCalling("fail")
    const tools = withHooks({ Bash: bash([]) }, { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    await agentWith(model, tools).generate("go", { maxSteps: 3 })
    const seen = lastToolResult(model)
    assert.include(seen, "error-text")
    assert.include(seen, "disk full")
    assert.include(seen, "Hook feedback: free some space first")
  })

  it("agent.stream runs the same hooks: a deny's reason is the streamed run's tool result", async () => {
    const p = project()
    const ran: Array<BashInput> = []
    const finish = (unified: "tool-calls" | "stop") => ({
      type: "finish" as const,
      finishReason: { unified, raw: undefined },
      usage
    })
    const model = new MockLanguageModelV4({
      doStream: [
        {
          stream: convertArrayToReadableStream([
            {
              type: "tool-call" as const,
              toolCallId: "c1",
              toolName: "Bash",
              input: JSON.stringify({ command: "rm -rf /" })
            },
            finish("tool-calls")
          ])
        },
        {
          stream: convertArrayToReadableStream([
            { type: "text-start" as const, id: "t" },
            { type: "text-delta" as const, id: "t", delta: "done" },
            { type: "text-end" as const, id: "t" },
            finish("stop")
          ])
        }
      ]
    })
    const tools = withHooks({ Bash: bash(ran) }, { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const stream = await agentWith(model, tools).stream("clean up", { maxSteps: 3 })
    assert.strictEqual(await stream.text, "done")
    assert.deepStrictEqual(ran, [])
    assert.include(JSON.stringify(model.doStreamCalls[1]?.prompt), "rm -rf is not allowed")
    assert.deepStrictEqual(
      [...p.lines("prompt.log"), ...p.lines("stop.log")],
      [],
      "no UserPromptSubmit nor Stop here either"
    )
  })
})

// ====== What does not carry over ======

describe("what does not carry over to Mastra", () => {
  it("only tool events fire: UserPromptSubmit and Stop hooks do not run for agent.generate", async () => {
    const p = project()
    const tools = withHooks({ Bash: bash([]) }, { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    await agentWith(modelCalling("ls"), tools).generate("list the files", { maxSteps: 3 })
    assert.deepStrictEqual(p.lines("pre.log"), ["pre"])
    assert.deepStrictEqual(p.lines("post.log"), ["post"])
    assert.deepStrictEqual(p.lines("prompt.log"), [], "no UserPromptSubmit")
    assert.deepStrictEqual(p.lines("stop.log"), [], "no Stop")
  })

  it("UserPromptSubmit can be fired by hand before agent.generate; the app acts on its resolution", async () => {
    const p = makeProject()
    p.writeSettings("project", {
      hooks: {
        UserPromptSubmit: [
          { hooks: [{ type: "command", command: "cat > /dev/null; echo 'no secrets in prompts' >&2; exit 2" }] }
        ]
      }
    })
    const hooks = new AiSdkHooks({ projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const model = modelCalling("ls")
    const prompt = "my password is hunter2"
    const submitted = await hooks.fire("UserPromptSubmit", { prompt })
    if (submitted.resolution.promptBlocked === undefined)
      await agentWith(model, withHooks({ Bash: bash([]) }, hooks)).generate(prompt)
    assert.strictEqual(submitted.resolution.promptBlocked, "no secrets in prompts")
    assert.strictEqual(model.doGenerateCalls.length, 0)
  })

  it("a StopAgent blocks the call but Mastra calls the model again; stopWhen reading hooks.halted ends the run", async () => {
    const p = project()
    const stops: Array<string | undefined> = []
    const hooks = new AiSdkHooks({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      trustPolicy: "all",
      onStopAgent: (reason) => stops.push(reason)
    })
    const ran: Array<BashInput> = []

    const goesOn = modelCalling("freeze")
    await agentWith(goesOn, withHooks({ Bash: bash(ran) }, hooks)).generate("go", { maxSteps: 3 })
    assert.deepStrictEqual(ran, [])
    assert.strictEqual(goesOn.doGenerateCalls.length, 2, "without stopWhen the loop goes on")
    assert.deepStrictEqual(stops, ["the repo is frozen"])

    hooks.halted = undefined // AiSdkHooks keeps a halt until cleared (hookedGenerateText clears it per turn)
    const ends = modelCalling("freeze")
    const result = await agentWith(ends, withHooks({ Bash: bash(ran) }, hooks)).generate("go", {
      maxSteps: 3,
      stopWhen: () => hooks.halted !== undefined
    })
    assert.strictEqual(ends.doGenerateCalls.length, 1, "the run ends after the step whose hook halted")
    assert.strictEqual(result.finishReason, "tool-calls")
    assert.deepStrictEqual(ran, [])
  })

  it("an ask is answered by the permission handler inside the tool: no Mastra approval, the run does not suspend", async () => {
    const p = project()
    const asked: Array<string> = []
    const ran: Array<BashInput> = []
    const model = modelCalling("git push")
    const tools = withHooks(
      { Bash: bash(ran) },
      {
        projectDir: p.dir,
        homeDir: p.home,
        env: p.env,
        trustPolicy: "all",
        permission: {
          ask: (request) => {
            asked.push(request.reason ?? "")
            return "deny"
          }
        }
      }
    )
    const result = await agentWith(model, tools).generate("push", { maxSteps: 3 })
    assert.deepStrictEqual(asked, ["pushes to the remote"])
    assert.deepStrictEqual(ran, [])
    assert.strictEqual(result.finishReason, "stop", 'not "suspended"')
    assert.include(lastToolResult(model), "denied")
  })

  it("a tool's needsApproval becomes Mastra's approval, asked before any hook runs; after approval the hooks run and a deny still wins", async () => {
    const p = project()
    const ran: Array<BashInput> = []
    const model = modelCalling("rm -rf /")
    const needsApproval = tool({ ...bash(ran), needsApproval: true })
    const tools = withHooks(
      { Bash: needsApproval },
      { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" }
    )
    // Resuming needs the run's snapshot: the agent is registered on a Mastra instance with storage.
    const mastra = new Mastra({
      agents: { coder: agentWith(model, tools) },
      storage: new InMemoryStore(),
      logger: false
    })
    const agent = mastra.getAgent("coder")
    const first = await agent.generate("clean up", { maxSteps: 3 })
    assert.strictEqual(first.finishReason, "suspended")
    assert.deepStrictEqual(p.lines("pre.log"), [], "Mastra asks before PreToolUse has run")
    const second = await agent.approveToolCallGenerate({ runId: first.runId!, toolCallId: "c1" })
    assert.deepStrictEqual(p.lines("pre.log"), ["pre"])
    assert.deepStrictEqual(ran, [], "the approved call is still denied by the hook")
    assert.include(lastToolResult(model), "rm -rf is not allowed")
    assert.strictEqual(second.text, "done")
  })

  it("toolApproval (AI SDK 7's approval) does not fit requireToolApproval: a type error, and forced in, every call waits for approval", async () => {
    const p = project()
    const hooks = new AiSdkHooks({ projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const ran: Array<BashInput> = []
    const model = modelCalling("ls")
    const mastra = new Mastra({
      agents: { coder: agentWith(model, withHooks({ Bash: bash(ran) }, hooks)) },
      logger: false
    })
    // Mastra calls it with { toolName, args } and wants a boolean; toolApproval takes the AI SDK's { toolCall }.
    // @ts-expect-error toolApproval is not a Mastra RequireToolApprovalFn
    const requireToolApproval: RequireToolApproval = toolApproval(hooks)
    const result = await mastra.getAgent("coder").generate("list", { maxSteps: 3, requireToolApproval })
    // It throws on Mastra's argument, and Mastra requires approval when its policy throws.
    assert.strictEqual(result.finishReason, "suspended")
    assert.deepStrictEqual(ran, [])
    assert.deepStrictEqual(p.lines("pre.log"), [], "no hook ran")
  })

  it("Mastra calls toModelOutput with the output alone, so a hook's result goes through it too", async () => {
    const p = project()
    const got: Array<unknown> = []
    const model = modelCalling("rm -rf /")
    const mapped = tool({
      ...bash([]),
      // The AI SDK 7 form: ({ toolCallId, input, output }).
      toModelOutput: (options: { output: string }) => {
        got.push(options)
        return { type: "text" as const, value: `mapped: ${String(options.output)}` }
      }
    })
    const tools = withHooks({ Bash: mapped }, { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    await agentWith(model, tools).generate("clean up", { maxSteps: 3 })
    // Under the AI SDK, withHooks gives a changed result to the model as text and skips toModelOutput.
    assert.deepStrictEqual(got, ["rm -rf is not allowed"], "the bare output, not { toolCallId, input, output }")
    assert.include(lastToolResult(model), "mapped: undefined")
  })
})
