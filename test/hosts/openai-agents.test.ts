/**
 * The OpenAI Agents host end to end, offline: a real `Agent` with real
 * `tool()`s, run with the SDK's own `run()` against its `ScriptedModel`
 * (from `@openai/agents/testing`), and real bash + jq hook scripts in a
 * trusted temporary project (a temp HOME, so real user settings are never
 * read). The scripted model's last answer echoes the tool outputs it was
 * sent, so `finalOutput` is what the model saw.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { NodeFileSystem } from "@effect/platform-node"
import { Effect } from "effect"
import type { AgentInputItem, FunctionTool } from "@openai/agents"
import { Agent, run, RunState, setTracingDisabled, tool } from "@openai/agents"
import type { RecordedModelCall } from "@openai/agents/testing"
import { assistantMessage, functionCall, modelResponder, ScriptedModel } from "@openai/agents/testing"
import {
  AllowTool,
  AskPermission,
  BlockTool,
  DeferTool,
  InjectContext,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/effects/hook-effect.ts"
import type { OpenAIAgentsHookOptions, UserMessage } from "../../src/hosts/openai-agents/index.ts"
import {
  hookStopOf,
  needsApprovalOf,
  OpenAIAgentsHooks,
  postToolAction,
  preToolAction,
  withHooks,
  withHooksEffect
} from "../../src/hosts/openai-agents/index.ts"
import { group, hook, makeProject, removeTempProjects, settings, type TempProject } from "../helpers/project.ts"

setTracingDisabled(true)
afterAll(removeTempProjects)

// ====== Hook scripts ======

/** PreToolUse guard: deny rm -rf, rewrite npm test, ask on git push, halt on "halt"; logs every command it sees. */
const guardScript = `#!/bin/bash
input=$(cat)
cmd=$(printf '%s' "$input" | jq -r '.tool_input.command // ""')
printf '%s\\n' "$cmd" >> pre.log
case "$cmd" in
  *"rm -rf"*) echo "guard: rm -rf is not allowed in this project" >&2; exit 2 ;;
  "npm test") jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
    updatedInput: {command: "npm test -- --reporter=dot"}, additionalContext: "The test command was rewritten to use the dot reporter."}}' ;;
  "git push"*) jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "pushing needs your OK"}}' ;;
  "halt") jq -n '{continue: false, stopReason: "the guard halted the agent"}' ;;
esac
exit 0
`

/** PostToolUse: redact SECRET_... tokens, halt on FATAL output; logs the tool_use_id it saw. */
const redactScript = `#!/bin/bash
input=$(cat)
printf '%s' "$input" | jq -r '.tool_use_id' >> post.log
resp=$(printf '%s' "$input" | jq -r '.tool_response | if type == "string" then . else tojson end')
case "$resp" in
  *SECRET_*) jq -n --arg out "$(printf '%s' "$resp" | sed -E 's/SECRET_[A-Za-z0-9]+/[redacted]/g')" \\
    '{hookSpecificOutput: {hookEventName: "PostToolUse", updatedToolOutput: $out}}' ;;
  *FATAL*) jq -n '{continue: false, stopReason: "the tool reported a fatal error"}' ;;
esac
exit 0
`

/** PostToolUseFailure: log the error and give the model feedback. */
const failureScript = `#!/bin/bash
input=$(cat)
printf '%s' "$input" | jq -r '.error' >> failure.log
jq -n '{hookSpecificOutput: {hookEventName: "PostToolUseFailure", additionalContext: "Check the disk before retrying."}}'
`

interface Setup {
  readonly project: TempProject
  readonly messages: Array<UserMessage>
  readonly stops: Array<string | undefined>
  readonly options: OpenAIAgentsHookOptions
}

/** A trusted project with the guard (PreToolUse), redaction (PostToolUse) and failure hooks on `matcher`. */
const setup = async (matcher = "bash"): Promise<Setup> => {
  const project = makeProject()
  project.writeFile("hooks/guard.sh", guardScript)
  project.writeFile("hooks/redact.sh", redactScript)
  project.writeFile("hooks/failure.sh", failureScript)
  project.writeSettings(
    "project",
    settings({
      PreToolUse: [group([hook("./hooks/guard.sh")], { matcher })],
      PostToolUse: [group([hook("./hooks/redact.sh")], { matcher })],
      PostToolUseFailure: [group([hook("./hooks/failure.sh")], { matcher })]
    })
  )
  await project.trust()
  const messages: Array<UserMessage> = []
  const stops: Array<string | undefined> = []
  const options: OpenAIAgentsHookOptions = {
    projectDir: project.dir,
    homeDir: project.home,
    env: project.env,
    onUserMessage: (m) => messages.push(m),
    onStopAgent: (reason) => stops.push(reason)
  }
  return { project, messages, stops, options }
}

// ====== The agent ======

/** A real `tool()` that records the commands it ran. */
const bashTool = (executed: Array<string>) =>
  tool({
    name: "bash",
    description: "Run a shell command",
    parameters: {
      type: "object",
      properties: { command: { type: "string" } },
      required: ["command"],
      additionalProperties: false
    },
    execute: async (input: unknown) => {
      const { command } = input as { command: string }
      executed.push(command)
      if (command === "cat .env") return "token=SECRET_abc123 user=me"
      if (command === "panic") return "FATAL: disk on fire"
      return `ran ${command}`
    }
  })

/** The text of each tool output in a model request, in order. */
const toolOutputsIn = (call: RecordedModelCall): ReadonlyArray<string> => {
  const input = call.request.input
  const items: ReadonlyArray<AgentInputItem> = typeof input === "string" ? [] : input
  return items.flatMap((item) => {
    if (item.type !== "function_call_result") return []
    const output: unknown = item.output
    if (typeof output === "string") return [output]
    if (typeof output === "object" && output !== null && "text" in output && typeof output.text === "string")
      return [output.text]
    return [JSON.stringify(output)]
  })
}

/** A model that calls bash with each command (one turn, parallel calls c1, c2, ...), then answers with the tool outputs it was sent. */
const scriptedModel = (commands: ReadonlyArray<string>): ScriptedModel =>
  new ScriptedModel([
    commands.map((command, i) => functionCall("bash", { command }, { callId: `c${i + 1}` })),
    modelResponder((call) => [assistantMessage(`saw: ${toolOutputsIn(call).join(" | ")}`)])
  ])

const agentWith = (model: ScriptedModel, executed: Array<string>) =>
  new Agent({ name: "dev", instructions: "Use bash.", model, tools: [bashTool(executed)] })

// ====== End to end ======

describe("withHooks on an OpenAI Agents SDK agent", () => {
  it("deny: the tool never runs, the model gets the hook's reason as the tool output", async () => {
    const { project, options } = await setup()
    const executed: Array<string> = []
    const model = scriptedModel(["rm -rf build"])
    const agent = withHooks(agentWith(model, executed), options)
    const result = await run(agent, "clean the build folder")
    assert.deepStrictEqual(executed, [], "the tool function never ran")
    assert.deepStrictEqual(project.lines("pre.log"), ["rm -rf build"], "PreToolUse fired once")
    assert.include(String(result.finalOutput), "saw: guard: rm -rf is not allowed in this project")
    assert.deepStrictEqual(
      result.toolInputGuardrailResults.map((r) => [r.guardrail.name, r.output.behavior.type]),
      [["wave-hooks", "rejectContent"]],
      "the refusal is the SDK's own tool input guardrail result"
    )
    assert.isFalse(project.exists("post.log"), "PostToolUse does not fire for a call that did not run")
    model.assertComplete()
  })

  it("updatedInput: invoke gets the rewritten arguments; the hook's context follows the output", async () => {
    const { project, options } = await setup()
    const executed: Array<string> = []
    const agent = withHooks(agentWith(scriptedModel(["npm test"]), executed), options)
    const result = await run(agent, "run the tests")
    assert.deepStrictEqual(executed, ["npm test -- --reporter=dot"])
    assert.strictEqual(
      result.finalOutput,
      "saw: ran npm test -- --reporter=dot\n\nHook context: The test command was rewritten to use the dot reporter."
    )
    assert.deepStrictEqual(project.lines("post.log"), ["c1"], "PostToolUse fired with the call id")
  })

  it("ask: the run stops with an interruption; state.approve resumes and runs the tool", async () => {
    const { project, options, messages } = await setup()
    const hooks = new OpenAIAgentsHooks(options)
    const executed: Array<string> = []
    const model = scriptedModel(["git push origin main"])
    const agent = withHooks(agentWith(model, executed), hooks)
    let result = await run(agent, "publish")
    assert.strictEqual(result.interruptions.length, 1)
    const item = result.interruptions[0]!
    assert.strictEqual(item.name, "bash")
    assert.strictEqual(item.arguments, JSON.stringify({ command: "git push origin main" }))
    assert.strictEqual(hooks.askReason(item), "pushing needs your OK")
    assert.deepStrictEqual(executed, [], "nothing ran before the approval")
    assert.isTrue(
      messages.some((m) => m.level === "info" && m.text === "Approval asked for bash: pushing needs your OK"),
      JSON.stringify(messages)
    )

    result.state.approve(item)
    result = await run(agent, result.state)
    assert.deepStrictEqual(executed, ["git push origin main"])
    assert.strictEqual(result.finalOutput, "saw: ran git push origin main")
    assert.deepStrictEqual(
      project.lines("pre.log"),
      ["git push origin main"],
      "PreToolUse fired once for the call, before the approval"
    )
    model.assertComplete()
  })

  it("ask across processes: a serialized RunState, restored and approved, runs the call (PreToolUse fires again)", async () => {
    const { project, options } = await setup()
    const executed: Array<string> = []
    const model = scriptedModel(["git push origin main"])
    const agent = withHooks(agentWith(model, executed), options)
    const first = await run(agent, "publish")
    assert.strictEqual(first.interruptions.length, 1)
    const saved = first.state.toString()
    // Later, elsewhere: the same agent definition, hooked again, and the saved state.
    const again = withHooks(agentWith(model, executed), options)
    const restored = await RunState.fromString(again, saved)
    restored.approve(restored.getInterruptions()[0]!)
    const result = await run(again, restored)
    assert.deepStrictEqual(executed, ["git push origin main"])
    assert.strictEqual(result.finalOutput, "saw: ran git push origin main")
    assert.deepStrictEqual(project.lines("pre.log"), ["git push origin main", "git push origin main"])
  })

  it("ask: state.reject refuses the call; the model gets the rejection", async () => {
    const { options } = await setup()
    const executed: Array<string> = []
    const agent = withHooks(agentWith(scriptedModel(["git push --force"]), executed), options)
    let result = await run(agent, "publish")
    assert.strictEqual(result.interruptions.length, 1)
    result.state.reject(result.interruptions[0]!, { message: "The user said no to the push." })
    result = await run(agent, result.state)
    assert.deepStrictEqual(executed, [], "the rejected tool never ran")
    assert.strictEqual(result.finalOutput, "saw: The user said no to the push.")
  })

  it("PostToolUse: the model sees the redacted output, never the secret", async () => {
    const { options } = await setup()
    const executed: Array<string> = []
    const model = scriptedModel(["cat .env"])
    const agent = withHooks(agentWith(model, executed), options)
    const result = await run(agent, "show the config")
    assert.deepStrictEqual(executed, ["cat .env"])
    assert.strictEqual(result.finalOutput, "saw: token=[redacted] user=me")
    assert.notInclude(
      JSON.stringify(model.calls.map((c) => c.request.input)),
      "SECRET_abc123",
      "no request to the model carries the secret"
    )
    assert.notInclude(JSON.stringify(result.history), "SECRET_abc123", "nor does the run's history")
  })

  it("StopAgent in PreToolUse ends the run: the tool never runs, the model is not called again", async () => {
    const { options, stops, messages } = await setup()
    const executed: Array<string> = []
    const model = scriptedModel(["halt"])
    const agent = withHooks(agentWith(model, executed), options)
    const error = await run(agent, "go").then(
      () => undefined,
      (e: unknown) => e
    )
    assert.isDefined(error, "the run rejected")
    const stop = hookStopOf(error)
    assert.deepStrictEqual(stop, {
      waveHooksStop: true,
      event: "PreToolUse",
      toolName: "bash",
      reason: "the guard halted the agent"
    })
    assert.deepStrictEqual(executed, [])
    assert.strictEqual(model.calls.length, 1, "the model was not called after the halt")
    assert.deepStrictEqual(stops, ["the guard halted the agent"])
    assert.isTrue(
      messages.some((m) => m.level === "warning" && m.text === "Agent stopped by a hook: the guard halted the agent")
    )
    assert.isUndefined(hookStopOf(new Error("other")), "other errors are not halts")
  })

  it("StopAgent in PostToolUse ends the run after the tool ran", async () => {
    const { options } = await setup()
    const executed: Array<string> = []
    const model = scriptedModel(["panic"])
    const agent = withHooks(agentWith(model, executed), options)
    const error = await run(agent, "go").then(
      () => undefined,
      (e: unknown) => e
    )
    assert.deepStrictEqual(hookStopOf(error), {
      waveHooksStop: true,
      event: "PostToolUse",
      toolName: "bash",
      reason: "the tool reported a fatal error"
    })
    assert.deepStrictEqual(executed, ["panic"])
    assert.strictEqual(model.calls.length, 1)
  })

  it("one turn of parallel calls, decided one by one: a deny, a rewrite, a redaction and a plain call", async () => {
    const { options } = await setup()
    const executed: Array<string> = []
    const agent = withHooks(agentWith(scriptedModel(["rm -rf /", "npm test", "cat .env", "ls"]), executed), options)
    const result = await run(agent, "do four things")
    assert.sameMembers(executed, ["npm test -- --reporter=dot", "cat .env", "ls"])
    assert.strictEqual(
      result.finalOutput,
      "saw: guard: rm -rf is not allowed in this project" +
        " | ran npm test -- --reporter=dot\n\nHook context: The test command was rewritten to use the dot reporter." +
        " | token=[redacted] user=me | ran ls"
    )
  })

  it("a streamed run: the same deny and rewrite, then an ask answered across two streamed runs", async () => {
    const { options } = await setup()
    const hooks = new OpenAIAgentsHooks(options)
    const executed: Array<string> = []
    const agent = withHooks(agentWith(scriptedModel(["rm -rf build", "npm test", "git push"]), executed), hooks)
    let streamed = await run(agent, "do three things", { stream: true })
    for await (const _event of streamed) {
      // drain the events
    }
    await streamed.completed
    assert.deepStrictEqual(executed, ["npm test -- --reporter=dot"], "the rewrite ran; the deny and the ask did not")
    assert.strictEqual(streamed.interruptions.length, 1)
    const item = streamed.interruptions[0]!
    assert.strictEqual(hooks.askReason(item), "pushing needs your OK")
    streamed.state.approve(item)
    streamed = await run(agent, streamed.state, { stream: true })
    await streamed.completed
    assert.deepStrictEqual(executed, ["npm test -- --reporter=dot", "git push"])
    assert.isUndefined(hooks.askReason(item), "the reason is dropped once the call ran")
    assert.strictEqual(
      streamed.finalOutput,
      "saw: guard: rm -rf is not allowed in this project | ran npm test -- --reporter=dot\n\nHook context: The test command was rewritten to use the dot reporter. | ran git push"
    )
  })

  it("PostToolUseFailure: a tool that throws (errorFunction: null) fires it, and the error carries the hook's feedback", async () => {
    const { project, options } = await setup()
    const failing = tool({
      name: "bash",
      description: "Run a shell command",
      parameters: {
        type: "object",
        properties: { command: { type: "string" } },
        required: ["command"],
        additionalProperties: false
      },
      errorFunction: null,
      execute: async () => {
        throw new Error("disk full")
      }
    })
    const model = scriptedModel(["df"])
    const agent = withHooks(new Agent({ name: "dev", model, tools: [failing] }), options)
    const error = await run(agent, "go").then(
      () => undefined,
      (e: unknown) => e
    )
    assert.deepStrictEqual(project.lines("failure.log"), ["disk full"])
    assert.instanceOf(error, Error)
    assert.include(String(error), "disk full\n\nHook context: Check the disk before retrying.")
    assert.isUndefined(hookStopOf(error))
  })

  it("leaves the original agent and its tools unhooked, and keeps the agent's settings", async () => {
    const { project, options } = await setup()
    const executed: Array<string> = []
    const original = agentWith(scriptedModel(["rm -rf build"]), executed)
    const hooked = withHooks(original, options)
    assert.notStrictEqual(hooked, original)
    assert.strictEqual(hooked.name, "dev")
    assert.strictEqual(hooked.instructions, "Use bash.")
    assert.strictEqual(hooked.tools.length, 1)
    const [originalTool, hookedTool] = [original.tools[0] as FunctionTool, hooked.tools[0] as FunctionTool]
    assert.notStrictEqual(originalTool, hookedTool)
    assert.strictEqual(hookedTool.name, "bash")
    assert.deepStrictEqual(hookedTool.parameters, originalTool.parameters)
    assert.deepStrictEqual(originalTool.inputGuardrails, [])
    await run(original, "clean")
    assert.deepStrictEqual(executed, ["rm -rf build"], "the original agent runs its tool unguarded")
    assert.isFalse(project.exists("pre.log"))
  })
})

describe("the matcher warning", () => {
  it('"Bash" for a tool named bash: one warning naming the matcher, the file and the tools, with a hint on case', async () => {
    const { project, options, messages } = await setup("Bash")
    const hooks = new OpenAIAgentsHooks(options)
    const executed: Array<string> = []
    const agent = withHooks(agentWith(scriptedModel(["rm -rf build"]), executed), hooks)
    await hooks.session()
    await new Promise((resolve) => setTimeout(resolve, 0))
    const warnings = messages.filter((m) => m.level === "warning" && m.text.includes("matches none"))
    assert.strictEqual(warnings.length, 3, JSON.stringify(messages))
    const pre = warnings.find((w) => w.event === "PreToolUse")!
    assert.include(
      pre.text,
      `The PreToolUse matcher "Bash" in ${project.settingsPath("project")} matches none of the agent's tools ("bash")`
    )
    assert.include(pre.text, `did you mean "bash"?`)
    await run(agent, "clean")
    assert.deepStrictEqual(executed, ["rm -rf build"], "the guard never matched")
    assert.strictEqual(messages.filter((m) => m.text.includes("matches none")).length, 3, "each warning is given once")
  })
})

describe("the Effect API", () => {
  it.effect("withHooksEffect starts the session in the caller's context and hooks the agent", () =>
    Effect.gen(function* () {
      const { options } = yield* Effect.promise(() => setup())
      const executed: Array<string> = []
      const agent = yield* withHooksEffect(agentWith(scriptedModel(["npm test"]), executed), options)
      const result = yield* Effect.promise(() => run(agent, "run the tests"))
      assert.deepStrictEqual(executed, ["npm test -- --reporter=dot"])
      assert.include(String(result.finalOutput), "ran npm test -- --reporter=dot")
    }).pipe(Effect.provide(NodeFileSystem.layer))
  )

  it.effect("a missing projectDir fails with ProjectDirNotFound", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(OpenAIAgentsHooks.make({ projectDir: "/no/such/wave-hooks-project" }))
      assert.strictEqual(error._tag, "ProjectDirNotFound")
    }).pipe(Effect.provide(NodeFileSystem.layer))
  )
})

// ====== The pure decisions ======

describe("preToolAction / needsApprovalOf / postToolAction", () => {
  it("maps each PreToolUse verdict to the SDK's slot", () => {
    assert.deepStrictEqual(preToolAction([BlockTool({ reason: "no" }), InjectContext({ text: "why" })]), {
      _tag: "Refuse",
      output: "no\n\nHook context: why"
    })
    assert.deepStrictEqual(preToolAction([StopAgent({ reason: "halt" })]), { _tag: "Stop", reason: "halt" })
    assert.deepStrictEqual(preToolAction([AskPermission({ reason: "sure?" }), UpdateInput({ input: { a: 1 } })]), {
      _tag: "Run",
      approval: "ask",
      askReason: "sure?",
      input: { a: 1 },
      notes: []
    })
    assert.deepStrictEqual(preToolAction([DeferTool({ reason: "later" })]), {
      _tag: "Run",
      approval: "ask",
      askReason: "later",
      notes: []
    })
    assert.deepStrictEqual(preToolAction([AllowTool()]), { _tag: "Run", approval: "allow", notes: [] })
    assert.deepStrictEqual(preToolAction([]), { _tag: "Run", approval: "tool", notes: [] })
    assert.strictEqual(needsApprovalOf(preToolAction([AskPermission()])), true)
    assert.strictEqual(needsApprovalOf(preToolAction([AllowTool()])), false)
    assert.strictEqual(needsApprovalOf(preToolAction([BlockTool({ reason: "no" })])), false)
    assert.isUndefined(needsApprovalOf(preToolAction([])))
  })

  it("PostToolUse: a replacement, notes as text, a halt", () => {
    assert.deepStrictEqual(postToolAction([], { n: 1 }, []), { output: { n: 1 }, changed: false })
    assert.deepStrictEqual(postToolAction([UpdateToolOutput({ output: { n: 2 } })], { n: 1 }, []), {
      output: { n: 2 },
      changed: true
    })
    assert.deepStrictEqual(postToolAction([InjectContext({ text: "b" })], { n: 1 }, ["Hook context: a"]), {
      output: '{"n":1}\n\nHook context: a\n\nHook context: b',
      changed: true
    })
    assert.deepStrictEqual(postToolAction([StopAgent({})], "x", []), { output: "x", changed: false, stop: {} })
  })
})
