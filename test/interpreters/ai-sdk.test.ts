/**
 * The AI SDK adapter end to end, offline: the SDK's mock language model,
 * real hook commands in temporary projects (a temp HOME, so real user
 * settings are never read), and assertions on what the model was sent.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { ModelMessage } from "ai"
import { generateText, jsonSchema, stepCountIs, tool } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { userDeniedReason } from "../../src/interpreters/resolution.ts"
import type { AiSdkHookOptions, PermissionRequest, UserMessage } from "../../src/hosts/ai-sdk/index.ts"
import { AiSdkHooks, hookedGenerateText, withHooks } from "../../src/hosts/ai-sdk/index.ts"
import type { SessionOptions } from "../../src/runner/session.ts"
import { HookSession } from "../../src/runner/session.ts"

// ====== Temporary projects ======

const roots: Array<string> = []
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

interface Project {
  readonly dir: string
  /** Write an executable script into the project; returns its absolute path. */
  readonly script: (name: string, body: string) => string
  readonly read: (name: string) => string
  readonly exists: (name: string) => boolean
  /** Session options for this project: its settings trusted, a temp HOME. */
  readonly session: SessionOptions
  /** Hook options for this project, collecting user messages. */
  readonly options: (extra?: Partial<AiSdkHookOptions>) => AiSdkHookOptions
  readonly userMessages: Array<UserMessage>
}

type Hooks = { readonly [event: string]: ReadonlyArray<{ readonly matcher?: string; readonly command: string }> }

/** A project whose `.wave/settings.json` runs `commands` (one matcher group each). */
const project = (hooks: (p: Omit<Project, "options" | "userMessages" | "session">) => Hooks): Project => {
  const root = mkdtempSync(join(tmpdir(), "wave-hooks-ai-sdk-"))
  roots.push(root)
  const home = join(root, "home")
  const dir = join(root, "project")
  mkdirSync(home, { recursive: true })
  mkdirSync(join(dir, ".wave"), { recursive: true })
  const base = {
    dir,
    script: (name: string, body: string) => {
      const path = join(dir, name)
      writeFileSync(path, `#!/bin/sh\n${body}\n`)
      chmodSync(path, 0o755)
      return path
    },
    read: (name: string) => readFileSync(join(dir, name), "utf8"),
    exists: (name: string) => existsSync(join(dir, name))
  }
  const settings = Object.fromEntries(
    Object.entries(hooks(base)).map(([event, entries]) => [
      event,
      entries.map((e) => ({
        ...(e.matcher === undefined ? {} : { matcher: e.matcher }),
        hooks: [{ type: "command", command: e.command }]
      }))
    ])
  )
  writeFileSync(join(dir, ".wave", "settings.json"), JSON.stringify({ hooks: settings }, null, 2))
  const userMessages: Array<UserMessage> = []
  const session: SessionOptions = {
    projectDir: dir,
    homeDir: home,
    env: { ...process.env, HOME: home },
    // These tests are about the adapter; trust has its own tests (test/runner).
    trustPolicy: "all"
  }
  return {
    ...base,
    userMessages,
    session,
    options: (extra = {}) => ({ ...session, onUserMessage: (message) => userMessages.push(message), ...extra })
  }
}

/** A command printing `json` on stdout. */
const printJson = (json: unknown): string => `printf '%s\\n' '${JSON.stringify(json).replace(/'/g, `'\\''`)}'`

// ====== The mock model ======

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}

const callsTool = (toolCallId: string, toolName: string, input: unknown) => ({
  content: [{ type: "tool-call" as const, toolCallId, toolName, input: JSON.stringify(input) }],
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

/** Everything the model was sent, as JSON, per call. */
const requests = (model: MockLanguageModelV4): ReadonlyArray<string> =>
  model.doGenerateCalls.map((call) => JSON.stringify(call.prompt))

/** The text of the tool result for `toolCallId` in the model's `call`-th request. */
const toolResultSent = (
  model: MockLanguageModelV4,
  call: number,
  toolCallId: string
): { type: string; value: unknown } | undefined => {
  for (const message of model.doGenerateCalls[call]?.prompt ?? []) {
    if (message.role !== "tool") continue
    for (const part of message.content) {
      if (part.type === "tool-result" && part.toolCallId === toolCallId)
        return part.output as { type: string; value: unknown }
    }
  }
  return undefined
}

// ====== A tool ======

interface BashInput {
  readonly command: string
}

const bashTool = (received: Array<BashInput>, run: (input: BashInput) => string = (input) => `ran ${input.command}`) =>
  tool({
    description: "Run a shell command",
    inputSchema: jsonSchema<BashInput>({
      type: "object",
      properties: { command: { type: "string" } },
      required: ["command"]
    }),
    execute: async (input: BashInput) => {
      received.push(input)
      return run(input)
    }
  })

/** One tool call to `bash` with `input`, then a final text; hooked tools; up to 3 steps. */
const oneCall = async (
  p: Project,
  input: BashInput,
  extra: Partial<AiSdkHookOptions> = {},
  run?: (input: BashInput) => string
) => {
  const received: Array<BashInput> = []
  const model = new MockLanguageModelV4({ doGenerate: [callsTool("call-1", "bash", input), says("done")] })
  const result = await generateText({
    model,
    tools: withHooks({ bash: bashTool(received, run) }, p.options(extra)),
    prompt: "do it",
    stopWhen: stepCountIs(3)
  })
  return { received, model, result }
}

// ====== Tool hooks ======

describe("withHooks", () => {
  it("a PreToolUse guard that exits 2 blocks the call: the tool never runs, the model gets the reason", async () => {
    const p = project(({ script }) => ({
      PreToolUse: [
        {
          matcher: "bash",
          command: script(
            "guard.sh",
            `case "$(cat)" in *"rm -rf"*) echo "rm -rf is not allowed here" >&2; exit 2;; esac`
          )
        }
      ]
    }))
    const { received, model, result } = await oneCall(p, { command: "rm -rf build" })
    assert.deepStrictEqual(received, [])
    assert.strictEqual(model.doGenerateCalls.length, 2)
    assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), { type: "text", value: "rm -rf is not allowed here" })
    assert.strictEqual(result.text, "done")
  })

  it("lets a harmless call through the same guard", async () => {
    const p = project(({ script }) => ({
      PreToolUse: [{ matcher: "bash", command: script("guard.sh", `case "$(cat)" in *"rm -rf"*) exit 2;; esac`) }]
    }))
    const { received, model } = await oneCall(p, { command: "ls" })
    assert.deepStrictEqual(received, [{ command: "ls" }])
    assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), { type: "text", value: "ran ls" })
  })

  it("an updatedInput hook changes what execute receives", async () => {
    const p = project(() => ({
      PreToolUse: [
        {
          command: printJson({
            hookSpecificOutput: {
              hookEventName: "PreToolUse",
              permissionDecision: "allow",
              updatedInput: { command: "ls -la" }
            }
          })
        }
      ]
    }))
    const { received, model } = await oneCall(p, { command: "ls" })
    assert.deepStrictEqual(received, [{ command: "ls -la" }])
    assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), { type: "text", value: "ran ls -la" })
  })

  it("a PostToolUse updatedToolOutput hook changes what the model sees", async () => {
    const p = project(() => ({
      PostToolUse: [
        {
          command: printJson({
            hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "[redacted output]" }
          })
        }
      ]
    }))
    const { received, model, result } = await oneCall(p, { command: "cat .env" }, {}, () => "SECRET=hunter2")
    assert.strictEqual(received.length, 1)
    assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), { type: "text", value: "[redacted output]" })
    assert.notInclude(requests(model)[1], "hunter2")
    assert.strictEqual(result.steps[0]?.toolResults[0]?.output, "[redacted output]")
  })

  it("PostToolUse decision: block feedback reaches the model after the output", async () => {
    const p = project(() => ({
      PostToolUse: [{ command: printJson({ decision: "block", reason: "please run the linter next" }) }]
    }))
    const { model } = await oneCall(p, { command: "edit" })
    assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), {
      type: "text",
      value: "ran edit\n\nHook feedback: please run the linter next"
    })
  })

  it("PreToolUse and PostToolUse context is appended to the tool result", async () => {
    const p = project(() => ({
      PreToolUse: [
        {
          command: printJson({
            hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "pre-context-1" }
          })
        }
      ],
      PostToolUse: [
        {
          command: printJson({
            hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "post-context-2" }
          })
        }
      ]
    }))
    const { model } = await oneCall(p, { command: "ls" })
    assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), {
      type: "text",
      value: "ran ls\n\nHook context: pre-context-1\n\nHook context: post-context-2"
    })
  })

  it("a throwing tool fires PostToolUseFailure with the error, and the model gets the error", async () => {
    const p = project(() => ({
      PostToolUseFailure: [{ command: "cat > failure.log" }],
      PostToolUse: [{ command: "cat > success.log" }]
    }))
    const { model, result } = await oneCall(p, { command: "df" }, {}, () => {
      throw new Error("disk full")
    })
    const logged = JSON.parse(p.read("failure.log")) as Record<string, unknown>
    assert.strictEqual(logged["hook_event_name"], "PostToolUseFailure")
    assert.strictEqual(logged["tool_name"], "bash")
    assert.strictEqual(logged["tool_use_id"], "call-1")
    assert.strictEqual(logged["error"], "disk full")
    assert.deepStrictEqual(logged["tool_input"], { command: "df" })
    assert.isFalse(p.exists("success.log"))
    // The AI SDK gives the model `String(error)`.
    assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), { type: "error-text", value: "Error: disk full" })
    assert.strictEqual(
      result.steps[0]?.content.some((part) => part.type === "tool-error"),
      true
    )
  })

  it("PostToolUseFailure feedback is added to the error the model gets", async () => {
    const p = project(() => ({ PostToolUseFailure: [{ command: "echo 'free some space first' >&2; exit 2" }] }))
    const { model } = await oneCall(p, { command: "df" }, {}, () => {
      throw new RangeError("disk full")
    })
    assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), {
      type: "error-text",
      value: "RangeError: disk full\n\nHook feedback: free some space first"
    })
  })

  describe("ask", () => {
    const askingProject = () =>
      project(() => ({
        PreToolUse: [
          {
            command: printJson({
              hookSpecificOutput: {
                hookEventName: "PreToolUse",
                permissionDecision: "ask",
                permissionDecisionReason: "touches the network"
              }
            })
          }
        ]
      }))

    it("answered allow runs the tool", async () => {
      const p = askingProject()
      const asked: Array<PermissionRequest> = []
      const { received, model } = await oneCall(
        p,
        { command: "curl example.com" },
        {
          permission: { ask: async (request) => (asked.push(request), "allow" as const) }
        }
      )
      assert.deepStrictEqual(received, [{ command: "curl example.com" }])
      assert.strictEqual(asked.length, 1)
      assert.strictEqual(asked[0]?.reason, "touches the network")
      assert.deepStrictEqual(asked[0]?.tool, { id: "call-1", name: "bash", input: { command: "curl example.com" } })
      assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), { type: "text", value: "ran curl example.com" })
      assert.isTrue(p.userMessages.some((m) => m.text.includes("touches the network") && m.text.includes("allowed")))
      for (const request of requests(model)) assert.notInclude(request, "touches the network")
    })

    it("answered deny does not run the tool and tells the model", async () => {
      const p = askingProject()
      const { received, model } = await oneCall(
        p,
        { command: "curl example.com" },
        { permission: { ask: () => "deny" } }
      )
      assert.deepStrictEqual(received, [])
      assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), { type: "text", value: userDeniedReason() })
      // The question's reason was written for the user.
      for (const request of requests(model)) assert.notInclude(request, "touches the network")
    })

    it("without a permission handler, denies", async () => {
      const p = askingProject()
      const { received } = await oneCall(p, { command: "curl example.com" })
      assert.deepStrictEqual(received, [])
    })

    it("a handler that throws denies", async () => {
      const p = askingProject()
      const { received } = await oneCall(
        p,
        { command: "curl example.com" },
        {
          permission: {
            ask: () => {
              throw new Error("no dialog")
            }
          }
        }
      )
      assert.deepStrictEqual(received, [])
    })
  })

  describe("permissionRequired", () => {
    it("a PermissionRequest hook allows with an updated input, without asking", async () => {
      const p = project(() => ({
        PermissionRequest: [
          {
            matcher: "bash",
            command: printJson({
              hookSpecificOutput: {
                hookEventName: "PermissionRequest",
                decision: { behavior: "allow", updatedInput: { command: "ls -1" } }
              }
            })
          }
        ]
      }))
      const asked: Array<PermissionRequest> = []
      const { received } = await oneCall(
        p,
        { command: "ls" },
        {
          permissionRequired: ["bash"],
          permission: { ask: (request) => (asked.push(request), "deny" as const) }
        }
      )
      assert.deepStrictEqual(received, [{ command: "ls -1" }])
      assert.strictEqual(asked.length, 0)
    })

    it("a PermissionRequest hook denies with its message", async () => {
      const p = project(() => ({
        PermissionRequest: [
          {
            command: printJson({
              hookSpecificOutput: {
                hookEventName: "PermissionRequest",
                decision: { behavior: "deny", message: "not in CI" }
              }
            })
          }
        ]
      }))
      const { received, model } = await oneCall(
        p,
        { command: "ls" },
        { permissionRequired: true, permission: { ask: () => "allow" } }
      )
      assert.deepStrictEqual(received, [])
      assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), { type: "text", value: "not in CI" })
    })

    it("undecided by hooks, the user is asked", async () => {
      const p = project(() => ({ PermissionRequest: [{ command: "cat > request.log" }] }))
      const asked: Array<PermissionRequest> = []
      const { received } = await oneCall(
        p,
        { command: "ls" },
        {
          permissionRequired: true,
          permission: { ask: (request) => (asked.push(request), "allow" as const) }
        }
      )
      assert.deepStrictEqual(received, [{ command: "ls" }])
      assert.strictEqual(asked.length, 1)
      assert.strictEqual(asked[0]?.event, "PermissionRequest")
      assert.include(p.read("request.log"), `"hook_event_name":"PermissionRequest"`)
    })

    it("is skipped when PreToolUse already allowed", async () => {
      const p = project(() => ({
        PreToolUse: [
          { command: printJson({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } }) }
        ],
        PermissionRequest: [{ command: "touch request.log" }]
      }))
      const { received } = await oneCall(p, { command: "ls" }, { permissionRequired: true })
      assert.deepStrictEqual(received, [{ command: "ls" }])
      assert.isFalse(p.exists("request.log"))
    })
  })

  it("an untrusted project's guard does not run, and the user is told, not the model", async () => {
    const p = project(() => ({ PreToolUse: [{ command: "echo 'blocked by guard' >&2; exit 2" }] }))
    const { received, model } = await oneCall(p, { command: "ls" }, { trustPolicy: "trusted" })
    assert.deepStrictEqual(received, [{ command: "ls" }])
    assert.isTrue(p.userMessages.some((m) => m.level === "warning" && m.event === "PreToolUse"))
    for (const request of requests(model)) assert.notInclude(request, "trust")
  })

  it("keeps a tool's toModelOutput for unchanged results and bypasses it for hook texts", async () => {
    const p = project(({ script }) => ({
      PreToolUse: [{ command: script("guard.sh", `case "$(cat)" in *"secret"*) echo "no secrets" >&2; exit 2;; esac`) }]
    }))
    const received: Array<BashInput> = []
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsTool("call-1", "bash", { command: "ls" }),
        callsTool("call-2", "bash", { command: "cat secret" }),
        says("done")
      ]
    })
    const bash = tool({
      inputSchema: jsonSchema<BashInput>({
        type: "object",
        properties: { command: { type: "string" } },
        required: ["command"]
      }),
      execute: async (input: BashInput) => (received.push(input), { lines: 3 }),
      toModelOutput: ({ output }) => ({ type: "text", value: `${output.lines} lines` })
    })
    await generateText({ model, tools: withHooks({ bash }, p.options()), prompt: "go", stopWhen: stepCountIs(4) })
    assert.deepStrictEqual(toolResultSent(model, 1, "call-1"), { type: "text", value: "3 lines" })
    assert.deepStrictEqual(toolResultSent(model, 2, "call-2"), { type: "text", value: "no secrets" })
  })
})

// ====== A whole turn ======

describe("hookedGenerateText", () => {
  it("UserPromptSubmit exit 2: the model is never called", async () => {
    const p = project(() => ({ UserPromptSubmit: [{ command: "echo 'no secrets in prompts' >&2; exit 2" }] }))
    const model = new MockLanguageModelV4({ doGenerate: [says("never")] })
    const turn = await hookedGenerateText({ model, prompt: "my password is hunter2", hooks: p.options() })
    assert.strictEqual(model.doGenerateCalls.length, 0)
    assert.strictEqual(turn.outcome, "prompt-blocked")
    assert.strictEqual(turn.promptBlocked, "no secrets in prompts")
    assert.strictEqual(turn.text, "")
    assert.deepStrictEqual(turn.messages, [])
    assert.isTrue(p.userMessages.some((m) => m.text.includes("no secrets in prompts") && m.level === "error"))
  })

  it("UserPromptSubmit stdout context reaches the model's prompt", async () => {
    const p = project(() => ({ UserPromptSubmit: [{ command: "echo 'context: branch is main'" }] }))
    const model = new MockLanguageModelV4({ doGenerate: [says("ok")] })
    const turn = await hookedGenerateText({ model, prompt: "what branch?", hooks: p.options() })
    assert.strictEqual(turn.outcome, "completed")
    assert.strictEqual(model.doGenerateCalls.length, 1)
    const sent = requests(model)[0]!
    assert.include(sent, "what branch?")
    assert.include(sent, "context: branch is main")
    assert.isBelow(sent.indexOf("what branch?"), sent.indexOf("context: branch is main"))
  })

  it("UserPromptSubmit sees the prompt text", async () => {
    const p = project(() => ({ UserPromptSubmit: [{ command: "cat > prompt.log" }] }))
    const model = new MockLanguageModelV4({ doGenerate: [says("ok")] })
    const messages: Array<ModelMessage> = [
      { role: "user", content: "first" },
      { role: "assistant", content: "hello" },
      { role: "user", content: [{ type: "text", text: "second prompt" }] }
    ]
    const turn = await hookedGenerateText({ model, messages, hooks: p.options() })
    assert.strictEqual(JSON.parse(p.read("prompt.log")).prompt, "second prompt")
    assert.strictEqual(turn.messages.length, 4)
  })

  it("a Stop hook that blocks once makes the model go on with the reason, then stops", async () => {
    const p = project(({ script }) => ({
      Stop: [
        {
          command: script(
            "stop.sh",
            `cat >> stop.log; echo >> stop.log\nif [ ! -f blocked-once ]; then touch blocked-once; echo "tests are still failing" >&2; exit 2; fi`
          )
        }
      ]
    }))
    const model = new MockLanguageModelV4({ doGenerate: [says("all done"), says("fixed the tests")] })
    const turn = await hookedGenerateText({ model, prompt: "fix the tests", hooks: p.options() })
    assert.strictEqual(model.doGenerateCalls.length, 2)
    assert.notInclude(requests(model)[0], "tests are still failing")
    assert.include(requests(model)[1], "tests are still failing")
    assert.include(requests(model)[1], "all done")
    assert.strictEqual(turn.outcome, "completed")
    assert.strictEqual(turn.text, "fixed the tests")
    assert.strictEqual(turn.results.length, 2)
    const stops = p
      .read("stop.log")
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    assert.deepStrictEqual(
      stops.map((s) => s["stop_hook_active"]),
      [false, true]
    )
  })

  it("a Stop hook that always blocks is bounded by the Stop-loop cap", async () => {
    const p = project(() => ({ Stop: [{ command: "echo 'keep going' >&2; exit 2" }] }))
    const model = new MockLanguageModelV4({ doGenerate: () => Promise.resolve(says("again")) })
    const hookSession = await HookSession.startPromise({ ...p.session, stopLoopCap: 2 })
    const turn = await hookedGenerateText({
      model,
      prompt: "go",
      hooks: { hookSession, onUserMessage: (m) => p.userMessages.push(m) }
    })
    assert.strictEqual(turn.outcome, "completed")
    assert.strictEqual(model.doGenerateCalls.length, 3)
    assert.isTrue(p.userMessages.some((m) => m.event === "Stop" && m.level === "warning"))
  })

  it("StopAgent from a tool hook halts: the tool does not run and the model is not called again", async () => {
    const p = project(() => ({
      PreToolUse: [{ command: printJson({ continue: false, stopReason: "budget exhausted" }) }]
    }))
    const received: Array<BashInput> = []
    const stopped: Array<string | undefined> = []
    const model = new MockLanguageModelV4({
      doGenerate: [callsTool("call-1", "bash", { command: "ls" }), says("never")]
    })
    const turn = await hookedGenerateText({
      model,
      tools: { bash: bashTool(received) },
      prompt: "go",
      stopWhen: stepCountIs(5),
      hooks: p.options({ onStopAgent: (reason) => stopped.push(reason) })
    })
    assert.deepStrictEqual(received, [])
    assert.strictEqual(model.doGenerateCalls.length, 1)
    assert.strictEqual(turn.outcome, "stopped")
    assert.strictEqual(turn.stopReason, "budget exhausted")
    assert.deepStrictEqual(stopped, ["budget exhausted"])
    assert.notInclude(JSON.stringify(turn.messages), "budget exhausted")
  })

  it("runs tools through the hooks and continues the conversation", async () => {
    const p = project(({ script }) => ({
      PreToolUse: [
        { command: script("guard.sh", `case "$(cat)" in *"rm -rf"*) echo "rm -rf is not allowed" >&2; exit 2;; esac`) }
      ]
    }))
    const received: Array<BashInput> = []
    const model = new MockLanguageModelV4({
      doGenerate: [callsTool("call-1", "bash", { command: "rm -rf /" }), says("ok, I will not")]
    })
    const hooks = new AiSdkHooks(p.options())
    const turn = await hookedGenerateText({
      model,
      tools: { bash: bashTool(received) },
      prompt: "clean up",
      stopWhen: stepCountIs(3),
      hooks
    })
    assert.deepStrictEqual(received, [])
    assert.strictEqual(turn.text, "ok, I will not")
    assert.include(JSON.stringify(turn.messages), "rm -rf is not allowed")
    assert.deepStrictEqual(
      turn.messages.map((m) => m.role),
      ["user", "assistant", "tool", "assistant"]
    )
  })

  it("user-only texts (systemMessage) never reach the model", async () => {
    const userOnly = (n: number) => printJson({ systemMessage: `USER-ONLY-${n}` })
    const p = project(() => ({
      UserPromptSubmit: [{ command: userOnly(1) }],
      PreToolUse: [{ command: userOnly(2) }],
      PostToolUse: [{ command: userOnly(3) }],
      Stop: [{ command: userOnly(4) }]
    }))
    const received: Array<BashInput> = []
    const model = new MockLanguageModelV4({
      doGenerate: [callsTool("call-1", "bash", { command: "ls" }), says("done")]
    })
    const turn = await hookedGenerateText({
      model,
      tools: { bash: bashTool(received) },
      prompt: "go",
      stopWhen: stepCountIs(3),
      hooks: p.options()
    })
    assert.strictEqual(turn.outcome, "completed")
    assert.strictEqual(received.length, 1)
    assert.strictEqual(model.doGenerateCalls.length, 2)
    assert.deepStrictEqual(
      p.userMessages.map((m) => m.text),
      ["USER-ONLY-1", "USER-ONLY-2", "USER-ONLY-3", "USER-ONLY-4"]
    )
    for (const request of requests(model)) assert.notInclude(request, "USER-ONLY")
    assert.notInclude(JSON.stringify(turn.messages), "USER-ONLY")
  })
})
