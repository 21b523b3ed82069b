/**
 * `wave-hooks/langchain` end to end, offline: LangChain's own `createAgent`
 * with its fake chat model (`fakeModel()`, scripted tool calls, recording
 * every request), real `tool()`s, and real bash hook scripts in temporary
 * trusted projects (a temp HOME, so real user settings are never read).
 * Assertions are on what the tools received and what the model was sent.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { BaseMessage } from "@langchain/core/messages"
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages"
import { Command, MemorySaver } from "@langchain/langgraph"
import { Effect } from "effect"
import { NodeFileSystem } from "@effect/platform-node"
import { createAgent, fakeModel, tool } from "langchain"
import type {
  PermissionInterrupt,
  PermissionRequest,
  UserMessage,
  WaveHooksMiddlewareOptions
} from "../../src/hosts/langchain/index.ts"
import {
  makeWaveHooksMiddleware,
  promptAction,
  stopAction,
  toolCallAction,
  toolResultAction,
  waveHooksMiddleware
} from "../../src/hosts/langchain/index.ts"
import {
  AskPermission,
  BlockPrompt,
  BlockStop,
  DeferTool,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/effects/hook-effect.ts"
import type { HookEffect } from "../../src/effects/hook-effect.ts"
import { deferredToolResult, stoppedToolResult } from "../../src/interpreters/ai-sdk/model-text.ts"
import { Permission } from "../../src/interpreters/contract.ts"
import { couldNotAskReason, resolveEffects, userDeniedReason } from "../../src/interpreters/resolution.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import { HookSession } from "../../src/runner/session.ts"
import { repoRoot } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

// ====== Projects, tools, models ======

type Hooks = Partial<Record<string, ReadonlyArray<{ readonly matcher?: string; readonly script: string }>>>

/**
 * A trusted project whose `.wave/settings.json` runs one bash script per
 * entry (`hooks/<event>-<n>.sh`), and middleware options for it that collect
 * the user messages.
 */
const project = async (hooks: Hooks) => {
  const p = makeProject()
  const config: Record<string, ReadonlyArray<Record<string, unknown>>> = {}
  for (const [event, entries] of Object.entries(hooks)) {
    config[event] = (entries ?? []).map((entry, n) => {
      const file = `hooks/${event}-${n}.sh`
      p.writeFile(file, `#!/bin/bash\n${entry.script}\n`)
      return group([hook(`./${file}`)], entry.matcher === undefined ? {} : { matcher: entry.matcher })
    })
  }
  p.writeSettings("project", settings(config))
  await p.trust()
  const userMessages: Array<UserMessage> = []
  const options = (extra: Partial<WaveHooksMiddlewareOptions> = {}): WaveHooksMiddlewareOptions =>
    ({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      onUserMessage: (m: UserMessage) => userMessages.push(m),
      ...extra
    }) as WaveHooksMiddlewareOptions
  return { p, options, userMessages }
}

/** The JSON lines a hook appended to a project file. */
const jsonLines = (p: TempProject, file: string): ReadonlyArray<Record<string, unknown>> =>
  p.lines(file).map((line) => JSON.parse(line) as Record<string, unknown>)

const commandSchema = { type: "object", properties: { command: { type: "string" } }, required: ["command"] } as const

/** A real LangChain `tool()` named `bash` that records the commands it ran; `fail` throws. */
const bashTool = (executed: Array<string>) =>
  tool(
    async (input: { command: string }) => {
      executed.push(input.command)
      if (input.command === "fail") throw new Error("kaboom: the disk is full")
      return input.command.startsWith("cat") ? "db password SECRET_hunter2 ok" : `ran: ${input.command}`
    },
    { name: "bash", description: "Run a shell command", schema: commandSchema }
  )

const call = (id: string, command: string) => ({ name: "bash", args: { command }, id })

/** The messages of the model's n-th request. */
const sent = (model: ReturnType<typeof fakeModel>, n: number): ReadonlyArray<BaseMessage> => model.calls[n]!.messages

const toolMessages = (messages: ReadonlyArray<BaseMessage>): ReadonlyArray<ToolMessage> =>
  messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m))

const texts = (messages: ReadonlyArray<BaseMessage>): ReadonlyArray<string> => messages.map((m) => m.text)

// ====== Hook scripts ======

const guardRm = `input=$(cat)
case "$input" in *"rm -rf"*) echo "guard-rm: rm -rf is not allowed in this project" >&2; exit 2;; esac
exit 0`

const rewriteNpmTest = `input=$(cat)
case "$input" in *'"npm test"'*)
  printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"npm test -- --reporter=dot"},"additionalContext":"The test command was rewritten to use the dot reporter."}}';;
esac
exit 0`

const redactSecrets = `input=$(cat)
case "$input" in *SECRET_*)
  printf '%s' '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":"db password [redacted] ok"}}';;
esac
exit 0`

const askPush = `input=$(cat)
case "$input" in *"git push"*)
  printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushing needs your OK"}}';;
esac
exit 0`

// ====== Tool calls ======

describe("waveHooksMiddleware: tool calls (wrapToolCall)", () => {
  it("a scripted model calls tools; real hooks deny, rewrite and redact", async () => {
    const { p, options } = await project({
      PreToolUse: [
        { matcher: "bash", script: guardRm },
        { matcher: "bash", script: rewriteNpmTest }
      ],
      PostToolUse: [{ matcher: "bash", script: redactSecrets }]
    })
    const executed: Array<string> = []
    const model = fakeModel()
      .respondWithTools([call("c1", "rm -rf build"), call("c2", "npm test"), call("c3", "cat config.env")])
      .respond(new AIMessage("done"))
    const agent = createAgent({ model, tools: [bashTool(executed)], middleware: [waveHooksMiddleware(options())] })
    const result = await agent.invoke({ messages: [new HumanMessage("clean up, test, show the config")] })

    // Deny: the tool never ran with rm -rf; updatedInput: it ran with the rewritten command.
    assert.deepStrictEqual(executed.sort(), ["cat config.env", "npm test -- --reporter=dot"])
    assert.strictEqual(model.callCount, 2)
    const results = new Map(toolMessages(sent(model, 1)).map((m) => [m.tool_call_id, m]))
    const denied = results.get("c1")!
    assert.strictEqual(denied.status, "error")
    assert.strictEqual(denied.content, "guard-rm: rm -rf is not allowed in this project")
    const rewritten = results.get("c2")!
    assert.strictEqual(
      rewritten.content,
      "ran: npm test -- --reporter=dot\n\nHook context: The test command was rewritten to use the dot reporter."
    )
    assert.strictEqual(rewritten.status, "success")
    // Redaction: the model saw the new content, never the secret.
    assert.strictEqual(results.get("c3")!.content, "db password [redacted] ok")
    assert.notInclude(JSON.stringify(sent(model, 1).map((m) => m.content)), "SECRET_")
    assert.notInclude(JSON.stringify(result.messages.map((m) => m.content)), "SECRET_")
    assert.isFalse(p.exists("order.log"))
  })

  it("PreToolUse and PostToolUse see the call (tool_name, tool_input, tool_use_id) and the result", async () => {
    const { p, options } = await project({
      PreToolUse: [{ script: "cat >> pre.log; echo >> pre.log" }],
      PostToolUse: [{ script: "cat >> post.log; echo >> post.log" }]
    })
    const executed: Array<string> = []
    const model = fakeModel()
      .respondWithTools([call("c7", "ls")])
      .respond(new AIMessage("done"))
    const agent = createAgent({ model, tools: [bashTool(executed)], middleware: [waveHooksMiddleware(options())] })
    await agent.invoke({ messages: [new HumanMessage("list")] })
    const [pre] = jsonLines(p, "pre.log")
    assert.strictEqual(pre!["hook_event_name"], "PreToolUse")
    assert.strictEqual(pre!["tool_name"], "bash")
    assert.deepStrictEqual(pre!["tool_input"], { command: "ls" })
    assert.strictEqual(pre!["tool_use_id"], "c7")
    const [post] = jsonLines(p, "post.log")
    assert.strictEqual(post!["tool_response"], "ran: ls")
  })

  it("PostToolUseFailure fires for a throwing tool; the model gets an error ToolMessage with the hook's context", async () => {
    const { p, options } = await project({
      PostToolUseFailure: [
        {
          script: `cat > failure.json
printf '%s' '{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"Free some disk space, then retry."}}'`
        }
      ],
      PostToolUse: [{ script: "touch post-ran" }]
    })
    const executed: Array<string> = []
    const model = fakeModel()
      .respondWithTools([call("c1", "fail")])
      .respond(new AIMessage("sorry"))
    const agent = createAgent({ model, tools: [bashTool(executed)], middleware: [waveHooksMiddleware(options())] })
    const result = await agent.invoke({ messages: [new HumanMessage("write the file")] })
    assert.deepStrictEqual(executed, ["fail"])
    const failure = JSON.parse(p.read("failure.json")) as Record<string, unknown>
    assert.strictEqual(failure["hook_event_name"], "PostToolUseFailure")
    assert.include(String(failure["error"]), "kaboom: the disk is full")
    assert.deepStrictEqual(failure["tool_input"], { command: "fail" })
    assert.isFalse(p.exists("post-ran"), "PostToolUse does not fire for a failure")
    const [message] = toolMessages(sent(model, 1))
    assert.strictEqual(message!.status, "error")
    assert.include(message!.text, "kaboom: the disk is full")
    assert.include(message!.text, "Hook context: Free some disk space, then retry.")
    assert.strictEqual(lastText(result.messages), "sorry")
  })

  it("toolErrors: \"throw\" rethrows the tool's error with the hooks' notes", async () => {
    const { options } = await project({
      PostToolUseFailure: [
        {
          script: `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"check the disk"}}'`
        }
      ]
    })
    const model = fakeModel()
      .respondWithTools([call("c1", "fail")])
      .respond(new AIMessage("never"))
    const agent = createAgent({
      model,
      tools: [bashTool([])],
      middleware: [waveHooksMiddleware(options({ toolErrors: "throw" }))]
    })
    const error = await agent.invoke({ messages: [new HumanMessage("go")] }).then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(error, Error)
    assert.include(String(error), "kaboom: the disk is full")
    assert.include(String((error as Error).cause ?? error), "check the disk")
  })

  it("a StopAgent from PreToolUse: the tool does not run, the model is not called again, Stop does not fire", async () => {
    const { p, options } = await project({
      PreToolUse: [{ script: `printf '%s' '{"continue":false,"stopReason":"budget exhausted"}'` }],
      Stop: [{ script: "touch stop-ran" }]
    })
    const executed: Array<string> = []
    const stopped: Array<string | undefined> = []
    const model = fakeModel()
      .respondWithTools([call("c1", "ls")])
      .respond(new AIMessage("never"))
    const agent = createAgent({
      model,
      tools: [bashTool(executed)],
      middleware: [waveHooksMiddleware(options({ onStopAgent: (reason) => stopped.push(reason) }))]
    })
    const result = await agent.invoke({ messages: [new HumanMessage("go")] })
    assert.deepStrictEqual(executed, [])
    assert.strictEqual(model.callCount, 1)
    assert.deepStrictEqual(stopped, ["budget exhausted"])
    assert.isFalse(p.exists("stop-ran"))
    const last = result.messages[result.messages.length - 1]!
    assert.isTrue(ToolMessage.isInstance(last))
    assert.notInclude(last.text, "budget exhausted", "the stop reason is for the user")
  })
})

const lastText = (messages: ReadonlyArray<BaseMessage>): string => messages[messages.length - 1]!.text

// ====== Permission ======

describe("waveHooksMiddleware: ask", () => {
  for (const answer of ["allow", "deny"] as const) {
    it(`an ask goes to the permission callback: ${answer}`, async () => {
      const { options, userMessages } = await project({ PreToolUse: [{ matcher: "bash", script: askPush }] })
      const executed: Array<string> = []
      const asked: Array<PermissionRequest> = []
      const model = fakeModel()
        .respondWithTools([call("c1", "git push"), call("c2", "git status")])
        .respond(new AIMessage("done"))
      const agent = createAgent({
        model,
        tools: [bashTool(executed)],
        middleware: [waveHooksMiddleware(options({ permission: { ask: (request) => (asked.push(request), answer) } }))]
      })
      await agent.invoke({ messages: [new HumanMessage("push it")] })
      assert.strictEqual(asked.length, 1, "only git push asks")
      assert.strictEqual(asked[0]!.reason, "pushing needs your OK")
      assert.deepStrictEqual(asked[0]!.tool, { id: "c1", name: "bash", input: { command: "git push" } })
      const push = toolMessages(sent(model, 1)).find((m) => m.tool_call_id === "c1")!
      if (answer === "allow") {
        assert.deepStrictEqual(executed.sort(), ["git push", "git status"])
        assert.strictEqual(push.content, "ran: git push")
      } else {
        assert.deepStrictEqual(executed, ["git status"])
        assert.strictEqual(push.content, userDeniedReason())
        assert.strictEqual(push.status, "error")
      }
      assert.isTrue(
        userMessages.some(
          (m) => m.text.includes("pushing needs your OK") && m.text.includes(answer === "allow" ? "allowed" : "denied")
        )
      )
    })
  }

  it("a permission callback that throws: the tool does not run, and the model reads that the question could not be asked, not that the user denied it (issue 21)", async () => {
    const { options, userMessages } = await project({ PreToolUse: [{ matcher: "bash", script: askPush }] })
    const executed: Array<string> = []
    const model = fakeModel()
      .respondWithTools([call("c1", "git push")])
      .respond(new AIMessage("done"))
    const agent = createAgent({
      model,
      tools: [bashTool(executed)],
      middleware: [
        waveHooksMiddleware(
          options({
            permission: {
              ask: () => {
                throw new Error("the approval service is down")
              }
            }
          })
        )
      ]
    })
    await agent.invoke({ messages: [new HumanMessage("push it")] })
    assert.deepStrictEqual(executed, [])
    const push = toolMessages(sent(model, 1)).find((m) => m.tool_call_id === "c1")!
    assert.strictEqual(push.content, couldNotAskReason("the approval service is down"))
    assert.include(String(push.content), "could not ask: the approval service is down")
    assert.strictEqual(push.status, "error")
    assert.isTrue(
      userMessages.some((m) => m.text.includes("could not ask: the approval service is down")),
      JSON.stringify(userMessages)
    )
    assert.isFalse(userMessages.some((m) => m.text.includes("by the user")))
  })

  it("without a permission callback an ask is denied", async () => {
    const { options } = await project({ PreToolUse: [{ script: askPush }] })
    const executed: Array<string> = []
    const model = fakeModel()
      .respondWithTools([call("c1", "git push")])
      .respond(new AIMessage("done"))
    const agent = createAgent({ model, tools: [bashTool(executed)], middleware: [waveHooksMiddleware(options())] })
    await agent.invoke({ messages: [new HumanMessage("push it")] })
    assert.deepStrictEqual(executed, [])
  })

  it('permission: "interrupt" pauses the run with LangGraph\'s interrupt; resuming with allow runs the tool', async () => {
    const { options } = await project({ PreToolUse: [{ script: askPush }] })
    const executed: Array<string> = []
    const model = fakeModel()
      .respondWithTools([call("c1", "git push")])
      .respond(new AIMessage("pushed"))
    const agent = createAgent({
      model,
      tools: [bashTool(executed)],
      middleware: [waveHooksMiddleware(options({ permission: "interrupt" }))],
      checkpointer: new MemorySaver()
    })
    const thread = { configurable: { thread_id: "t1" } }
    const paused = await agent.invoke({ messages: [new HumanMessage("push it")] }, thread)
    const interrupts =
      (paused as { readonly __interrupt__?: ReadonlyArray<{ readonly value: PermissionInterrupt }> }).__interrupt__ ??
      []
    assert.strictEqual(interrupts.length, 1)
    assert.deepStrictEqual(interrupts[0]!.value, {
      type: "wave-hooks/permission",
      event: "PreToolUse",
      tool: { id: "c1", name: "bash", input: { command: "git push" } },
      reason: "pushing needs your OK"
    })
    assert.deepStrictEqual(executed, [], "nothing runs while the question is open")
    const resumed = await agent.invoke(new Command({ resume: "allow" }), thread)
    assert.deepStrictEqual(executed, ["git push"])
    assert.strictEqual(lastText(resumed.messages), "pushed")
  })
})

// ====== Prompts ======

describe("waveHooksMiddleware: UserPromptSubmit (beforeAgent)", () => {
  it("a block ends the run (jumpTo end): the model is never called, the prompt is erased, Stop does not fire", async () => {
    const { p, options, userMessages } = await project({
      UserPromptSubmit: [{ script: `echo "no secrets in prompts" >&2; exit 2` }],
      Stop: [{ script: "touch stop-ran" }]
    })
    const model = fakeModel().respond(new AIMessage("never"))
    const agent = createAgent({ model, tools: [bashTool([])], middleware: [waveHooksMiddleware(options())] })
    const result = await agent.invoke({ messages: [new HumanMessage("my password is hunter2")] })
    assert.strictEqual(model.callCount, 0)
    assert.deepStrictEqual(texts(result.messages), [])
    assert.isFalse(p.exists("stop-ran"))
    assert.isTrue(userMessages.some((m) => m.level === "error" && m.text.includes("no secrets in prompts")))
  })

  it("a block in a later turn keeps the earlier turns and fires no Stop", async () => {
    const { p, options } = await project({
      UserPromptSubmit: [{ script: `case "$(cat)" in *hunter2*) echo "no secrets" >&2; exit 2;; esac` }],
      Stop: [{ script: "echo stop >> stop.log" }]
    })
    const model = fakeModel().respond(new AIMessage("hello"))
    const agent = createAgent({
      model,
      tools: [bashTool([])],
      middleware: [waveHooksMiddleware(options())],
      checkpointer: new MemorySaver()
    })
    const thread = { configurable: { thread_id: "t2" } }
    await agent.invoke({ messages: [new HumanMessage("hi")] }, thread)
    const second = await agent.invoke({ messages: [new HumanMessage("my password is hunter2")] }, thread)
    assert.deepStrictEqual(texts(second.messages), ["hi", "hello"])
    assert.strictEqual(model.callCount, 1)
    assert.deepStrictEqual(p.lines("stop.log"), ["stop"])
  })

  it("a StopAgent from UserPromptSubmit ends the run before the model; the prompt stays; Stop does not fire", async () => {
    const { p, options } = await project({
      UserPromptSubmit: [{ script: `printf '%s' '{"continue":false,"stopReason":"maintenance window"}'` }],
      Stop: [{ script: "touch stop-ran" }]
    })
    const stopped: Array<string | undefined> = []
    const model = fakeModel().respond(new AIMessage("never"))
    const agent = createAgent({
      model,
      tools: [bashTool([])],
      middleware: [waveHooksMiddleware(options({ onStopAgent: (r) => stopped.push(r) }))]
    })
    const result = await agent.invoke({ messages: [new HumanMessage("deploy")] })
    assert.strictEqual(model.callCount, 0)
    assert.deepStrictEqual(texts(result.messages), ["deploy"])
    assert.deepStrictEqual(stopped, ["maintenance window"])
    assert.isFalse(p.exists("stop-ran"))
  })

  it("context from UserPromptSubmit reaches the model as a message after the prompt; the hook sees the prompt", async () => {
    const { p, options } = await project({
      UserPromptSubmit: [{ script: "cat > prompt.json; echo 'context: the branch is main'" }]
    })
    const model = fakeModel().respond(new AIMessage("main"))
    const agent = createAgent({ model, tools: [bashTool([])], middleware: [waveHooksMiddleware(options())] })
    await agent.invoke({ messages: [new HumanMessage("which branch?")] })
    assert.strictEqual((JSON.parse(p.read("prompt.json")) as Record<string, unknown>)["prompt"], "which branch?")
    assert.deepStrictEqual(texts(sent(model, 0)), ["which branch?", "context: the branch is main"])
    assert.isTrue(HumanMessage.isInstance(sent(model, 0)[1]))
  })
})

// ====== Stop ======

describe("waveHooksMiddleware: Stop (afterAgent)", () => {
  it("a Stop hook that blocks once sends the agent back to the model with the reason (jumpTo model)", async () => {
    const { p, options } = await project({
      Stop: [
        {
          script: `cat >> stop.log; echo >> stop.log
if [ ! -f blocked-once ]; then touch blocked-once; echo "the tests still fail" >&2; exit 2; fi`
        }
      ]
    })
    const model = fakeModel().respond(new AIMessage("all done")).respond(new AIMessage("fixed the tests"))
    const agent = createAgent({ model, tools: [bashTool([])], middleware: [waveHooksMiddleware(options())] })
    const result = await agent.invoke({ messages: [new HumanMessage("fix the tests")] })
    assert.strictEqual(model.callCount, 2)
    assert.deepStrictEqual(texts(sent(model, 1)), ["fix the tests", "all done", "the tests still fail"])
    assert.strictEqual(lastText(result.messages), "fixed the tests")
    assert.deepStrictEqual(
      jsonLines(p, "stop.log").map((s) => s["stop_hook_active"]),
      [false, true]
    )
    assert.deepStrictEqual(
      jsonLines(p, "stop.log").map((s) => s["last_assistant_message"]),
      ["all done", "fixed the tests"]
    )
  })

  it("a Stop hook that always blocks is bounded by the Stop-loop cap", async () => {
    const { p, userMessages } = await project({ Stop: [{ script: `echo "keep going" >&2; exit 2` }] })
    const hookSession = await HookSession.startPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      stopLoopCap: 2
    })
    const model = fakeModel()
    for (let i = 0; i < 5; i++) model.respond(new AIMessage(`again ${i}`))
    const agent = createAgent({
      model,
      tools: [bashTool([])],
      middleware: [waveHooksMiddleware({ hookSession, onUserMessage: (m) => userMessages.push(m) })]
    })
    const result = await agent.invoke({ messages: [new HumanMessage("go")] })
    assert.strictEqual(model.callCount, 3)
    assert.strictEqual(lastText(result.messages), "again 2")
    assert.isTrue(userMessages.some((m) => m.event === "Stop" && m.level === "warning"))
  })
})

// ====== Matchers ======

describe("waveHooksMiddleware: matchers no tool can match", () => {
  it('"Bash" for a tool named bash: one warning naming the matcher, the file and the tools, with a hint on case', async () => {
    const { p, options, userMessages } = await project({ PreToolUse: [{ matcher: "Bash", script: guardRm }] })
    const executed: Array<string> = []
    const model = fakeModel()
      .respondWithTools([call("c1", "rm -rf build")])
      .respondWithTools([call("c2", "rm -rf dist")])
      .respond(new AIMessage("done"))
    const agent = createAgent({ model, tools: [bashTool(executed)], middleware: [waveHooksMiddleware(options())] })
    await agent.invoke({ messages: [new HumanMessage("clean")] })
    assert.deepStrictEqual(executed, ["rm -rf build", "rm -rf dist"], "the guard never ran: its matcher names no tool")
    const warnings = userMessages.filter((m) => m.level === "warning" && m.text.includes("matches none"))
    assert.strictEqual(warnings.length, 1, JSON.stringify(userMessages))
    assert.strictEqual(warnings[0]!.event, "PreToolUse")
    assert.include(warnings[0]!.text, `"Bash"`)
    assert.include(warnings[0]!.text, p.settingsPath("project"))
    assert.include(warnings[0]!.text, `did you mean "bash"`)
  })

  it("a matcher that matches the tool says nothing", async () => {
    const { options, userMessages } = await project({ PreToolUse: [{ matcher: "bash", script: guardRm }] })
    const model = fakeModel()
      .respondWithTools([call("c1", "ls")])
      .respond(new AIMessage("done"))
    const agent = createAgent({ model, tools: [bashTool([])], middleware: [waveHooksMiddleware(options())] })
    await agent.invoke({ messages: [new HumanMessage("list")] })
    assert.deepStrictEqual(
      userMessages.filter((m) => m.text.includes("matches none")),
      []
    )
  })
})

// ====== Effect ======

describe("makeWaveHooksMiddleware (Effect)", () => {
  it.effect("hooks run on the context's HookProcess and asks go to its Permission service", () =>
    Effect.gen(function* () {
      const p = makeProject()
      p.writeSettings("user", settings({ PreToolUse: [group([hook("./guard.sh")])] }))
      const executed: Array<string> = []
      const middleware = yield* makeWaveHooksMiddleware({ projectDir: p.dir, homeDir: p.home, env: p.env }).pipe(
        Effect.provide(
          HookProcess.layerTest({
            "./guard.sh": {
              exitCode: 0,
              stdout: JSON.stringify({
                hookSpecificOutput: {
                  hookEventName: "PreToolUse",
                  permissionDecision: "ask",
                  permissionDecisionReason: "sure?"
                }
              })
            }
          })
        ),
        Effect.provide(Permission.always("allow"))
      )
      const model = fakeModel()
        .respondWithTools([call("c1", "git push")])
        .respond(new AIMessage("done"))
      const agent = createAgent({ model, tools: [bashTool(executed)], middleware: [middleware] })
      yield* Effect.promise(() => agent.invoke({ messages: [new HumanMessage("push")] }))
      assert.deepStrictEqual(executed, ["git push"])
    }).pipe(Effect.provide(NodeFileSystem.layer))
  )
})

// ====== The LangChain.js guide example ======

describe("examples/guides/integrations/langchain: the LangChain.js page's complete example", () => {
  it("its settings and hook scripts deny, rewrite, ask, redact and block a stop", async () => {
    // The example's files (the page includes the hook scripts by snippet markers), read as written.
    const exampleDir = "examples/guides/integrations/langchain"
    const text = (path: string) => readFileSync(join(repoRoot, exampleDir, path), "utf8")
    const p = makeProject()
    p.writeSettings("project", text(".wave/settings.json"))
    for (const script of ["guard.sh", "redact.sh", "tests-pass.sh"])
      p.writeFile(`hooks/${script}`, text(`hooks/${script}`))
    // The Stop hook's `npm test` fails once, then passes.
    p.writeFile(
      "package.json",
      JSON.stringify({ scripts: { test: "test -f fixed || { touch fixed; exit 1; }" } }),
      0o644
    )
    await p.trust()
    const code = text("agent.ts")
    assert.include(code, "waveHooksMiddleware({", "the example has the agent's code")

    const executed: Array<string> = []
    const bash = tool(
      ({ command }: { command: string }) => {
        executed.push(command)
        return command.startsWith("cat") ? "api key SECRET_abc123 ok" : `ran ${command}`
      },
      { name: "bash", description: "Run a shell command in the project", schema: commandSchema }
    )
    const model = fakeModel()
      .respondWithTools([
        call("a", "rm -rf build"),
        call("b", "npm test"),
        call("c", "cat .env"),
        call("d", "git push")
      ])
      .respond(new AIMessage("done"))
      .respond(new AIMessage("fixed"))
    const asked: Array<string | undefined> = []
    const agent = createAgent({
      model,
      tools: [bash],
      middleware: [
        waveHooksMiddleware({
          projectDir: p.dir,
          homeDir: p.home,
          env: p.env,
          permission: { ask: ({ reason }) => (asked.push(reason), "deny") }
        })
      ]
    })
    const result = await agent.invoke({ messages: [new HumanMessage("run the tests, then clean the build folder")] })
    assert.deepStrictEqual(executed.sort(), ["cat .env", "npm test -- --reporter=dot"])
    assert.deepStrictEqual(asked, ["pushing needs your OK"])
    assert.deepStrictEqual(texts(result.messages), [
      "run the tests, then clean the build folder",
      "run the tests, then clean the build folder",
      "rm -rf is not allowed in this project",
      "ran npm test -- --reporter=dot",
      "api key [redacted] ok",
      userDeniedReason(),
      "done",
      "the tests still fail: fix them before you stop",
      "fixed"
    ])
  })
})

// ====== The pure decisions ======

describe("agent actions (pure)", () => {
  const decide = <A>(
    f: (effects: ReadonlyArray<HookEffect>, resolution: ReturnType<typeof resolveEffects>) => A,
    effects: ReadonlyArray<HookEffect>,
    answer?: "allow" | "deny"
  ) => f(effects, resolveEffects(effects, answer))

  it("toolCallAction: run with updated args and notes; refuse a deny, a defer and a halt", () => {
    assert.deepStrictEqual(
      decide(toolCallAction, [
        UpdateInput({ input: { command: "ls -a" } }),
        InjectContext({ text: "hidden files too" })
      ]),
      {
        _tag: "Run",
        args: { command: "ls -a" },
        notes: ["Hook context: hidden files too"]
      }
    )
    assert.deepStrictEqual(decide(toolCallAction, [AskPermission({ reason: "sure?" })], "deny"), {
      _tag: "Refuse",
      content: userDeniedReason(),
      halt: false
    })
    assert.deepStrictEqual(decide(toolCallAction, [AskPermission({ reason: "sure?" })], "allow"), {
      _tag: "Run",
      notes: []
    })
    assert.deepStrictEqual(decide(toolCallAction, [DeferTool({ reason: "later" })]), {
      _tag: "Refuse",
      content: deferredToolResult,
      halt: false
    })
    assert.deepStrictEqual(decide(toolCallAction, [StopAgent({ reason: "budget" })]), {
      _tag: "Refuse",
      content: stoppedToolResult,
      halt: true
    })
  })

  it("toolResultAction: a replacement (JSON for non-strings) with notes, notes alone, or nothing", () => {
    const effects = [UpdateToolOutput({ output: { ok: true } }), PromptModel({ text: "check it" })]
    assert.deepStrictEqual(toolResultAction(effects, resolveEffects(effects), ["Hook context: pre"]), {
      replaced: true,
      content: '{"ok":true}\n\nHook context: pre\n\nHook feedback: check it'
    })
    assert.deepStrictEqual(toolResultAction([], resolveEffects([]), ["Hook context: pre"]), {
      replaced: false,
      notes: ["Hook context: pre"]
    })
    const shown = [ShowUser({ level: "info", text: "for the user only" })]
    assert.strictEqual(toolResultAction(shown, resolveEffects(shown), []), undefined)
  })

  it("promptAction and stopAction", () => {
    assert.deepStrictEqual(decide(promptAction, [StopAgent({ reason: "no" }), BlockPrompt({ reason: "secret" })]), {
      _tag: "Halt",
      reason: "no"
    })
    assert.deepStrictEqual(decide(promptAction, [BlockPrompt({ reason: "secret" })]), {
      _tag: "Block",
      reason: "secret"
    })
    assert.deepStrictEqual(decide(promptAction, [InjectContext({ text: "a" }), PromptModel({ text: "b" })]), {
      _tag: "Continue",
      messages: ["a", "b"]
    })
    assert.deepStrictEqual(decide(stopAction, [BlockStop({ reason: "tests fail" })]), {
      _tag: "Continue",
      message: "tests fail"
    })
    assert.deepStrictEqual(decide(stopAction, [PromptModel({ text: "one more thing" })]), {
      _tag: "Continue",
      message: "one more thing"
    })
    assert.deepStrictEqual(decide(stopAction, [InjectContext({ text: "fyi" })]), { _tag: "End" })
    assert.deepStrictEqual(decide(stopAction, [StopAgent(), BlockStop({ reason: "x" })]), { _tag: "End" })
  })
})
