/**
 * The model-based test's two sides: the real system (an `AgentLoop` over the
 * memory interpreter, a hook session whose hook processes are scripted, and a
 * scripted permission) and the model (what the model should be sent, kept as
 * plain lists), plus the check that compares them after each command.
 */
import { assert } from "@effect/vitest"
import { Effect, FileSystem, Layer, ManagedRuntime } from "effect"
import type { HookEvent, HookRun } from "../../src/index.ts"
import type { JsonRecord } from "../../src/core/payload.ts"
import { hookRun, layerSettings } from "../../src/index.ts"
import { claudeCodeEvents } from "../../src/core/events.ts"
import type { PermissionAnswer } from "../../src/interpreters/resolution.ts"
import type { HookProcessOptions } from "../../src/runner/hook-process.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import { HookSession } from "../../src/runner/session.ts"
import { validateSettings } from "../../src/settings/validate-settings.ts"
import { AgentLoop } from "../../src/hosts/agent-loop/agent-loop.ts"
import type { Interpreter, PermissionRequest } from "../../src/interpreters/contract.ts"
import { Permission } from "../../src/interpreters/contract.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { memoryInterpreter } from "../../src/interpreters/memory/memory-interpreter.ts"

// ====== The real system ======

/** User settings (trusted without a trust store) with one hook, `./<event>`, for every event. */
const oneHookPerEvent = layerSettings(
  [
    validateSettings(
      JSON.stringify({
        hooks: Object.fromEntries(
          claudeCodeEvents.map((event) => [event, [{ hooks: [{ type: "command", command: `./${event}` }] }]])
        )
      }),
      { dialect: "wave", file: "/model/home/.wave/settings.json", scope: "user" }
    )
  ],
  "wave"
)

/**
 * A real hook session (settings snapshot, `runHooks`, Stop-loop state) whose
 * hook processes are scripted: each event's hook answers with the `HookRun`
 * set for it (default: exit 0, no output), through `HookProcess.test`, without
 * starting a process. The Stop-loop cap is out of the model's reach.
 */
export class ScriptedSession extends HookSession {
  private readonly script: Map<HookEvent, HookRun>
  private readonly requests: Array<HookProcessOptions>

  constructor(script = new Map<HookEvent, HookRun>(), requests: Array<HookProcessOptions> = []) {
    super(
      {
        projectDir: "/nonexistent",
        env: {},
        settings: oneHookPerEvent,
        session: { session_id: "model", transcript_path: "" },
        stopLoopCap: Number.MAX_SAFE_INTEGER
      },
      HookProcess.test((options) => {
        const event = (JSON.parse(options.input) as { readonly hook_event_name: HookEvent }).hook_event_name
        const run = script.get(event) ?? hookRun({ exitCode: 0 })
        script.delete(event)
        return run
      }, requests)
    )
    this.script = script
    this.requests = requests
  }

  /** The hook's answer for the next `event`. */
  answer(event: HookEvent, run: HookRun): void {
    this.script.set(event, run)
  }

  /** Every event whose hook ran, with the payload the hook read on stdin. */
  get fired(): ReadonlyArray<{ readonly event: HookEvent; readonly payload: JsonRecord }> {
    return this.requests.map((request) => {
      const payload = JSON.parse(request.input) as JsonRecord & { readonly hook_event_name: HookEvent }
      return { event: payload.hook_event_name, payload }
    })
  }
}

/** The system under test. */
export interface Real {
  readonly conversation: Conversation
  readonly session: ScriptedSession
  readonly loop: AgentLoop
  /** The answer the user gives to the next permission question. */
  readonly permission: { next: PermissionAnswer; readonly asked: Array<PermissionRequest> }
  /** Run an agent-loop step with the memory interpreter. */
  readonly run: <A>(effect: Effect.Effect<A, never, Interpreter | FileSystem.FileSystem>) => Promise<A>
  readonly dispose: () => Promise<void>
}

/** A fresh system: empty conversation, memory interpreter, scripted permission. */
export const makeReal = (): Real => {
  const conversation = new Conversation()
  const session = new ScriptedSession()
  const permission: Real["permission"] = { next: "deny", asked: [] }
  const answering = Layer.succeed(
    Permission,
    Permission.of({
      ask: (request) =>
        Effect.sync(() => {
          permission.asked.push(request)
          return permission.next
        })
    })
  )
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(memoryInterpreter(conversation).pipe(Layer.provide(answering)), FileSystem.layerNoop({}))
  )
  return {
    conversation,
    session,
    loop: new AgentLoop(session, conversation),
    permission,
    run: (effect) => runtime.runPromise(effect),
    dispose: () => runtime.dispose()
  }
}

// ====== The model ======

/** A tool call as the model should see it. */
export interface ModelTool {
  readonly id: string
  readonly name: string
  readonly input: JsonRecord
  /** The tool result the model is sent; absent while the call has none (the agent stopped). */
  readonly result?: { readonly value: string; readonly error: boolean }
}

/** What the model should be sent, and a few counters. */
export interface Model {
  /** Prompts submitted so far (makes each prompt text unique). */
  prompts: number
  /** Every user-side text the model is sent, in order: accepted prompts and hook texts. */
  readonly userTexts: Array<string>
  readonly tools: Array<ModelTool>
  /** The last prompt was blocked and erased. */
  lastPromptErased: boolean
  /** The last prompt's text (as submitted). */
  lastPrompt: string | undefined
  /** Blocks shown to the user only (warnings, errors). */
  userOnlyBlocks: number
  /** Permission questions asked. */
  asked: number
}

export const initialModel = (): Model => ({
  prompts: 0,
  userTexts: [],
  tools: [],
  lastPromptErased: false,
  lastPrompt: undefined,
  userOnlyBlocks: 0,
  asked: 0
})

/** The id the agent loop gives the n-th tool call (1-based). */
export const toolId = (n: number): string => `toolu_${String(n).padStart(3, "0")}`

// ====== Comparing ======

/** Compare the real conversation with the model. */
export const checkAgainstModel = (model: Model, real: Real): void => {
  const messages = real.conversation.toModelMessages()
  const json = JSON.stringify(messages)
  const userTexts = messages.flatMap((m) => (m.role === "user" ? m.content.map((p) => p.text) : []))
  assert.deepStrictEqual(userTexts, model.userTexts, "user-side texts the model is sent")

  const calls = messages.flatMap((m) => (m.role === "assistant" ? m.content.filter((p) => p.type === "tool-call") : []))
  assert.deepStrictEqual(
    calls.map((c) => ({ id: c.toolCallId, name: c.toolName, input: c.input })),
    model.tools.map((t) => ({ id: t.id, name: t.name, input: t.input })),
    "tool calls"
  )
  const results = messages.flatMap((m) => (m.role === "tool" ? m.content : []))
  assert.deepStrictEqual(
    results.map((r) => ({ id: r.toolCallId, value: r.output.value, error: r.output.type === "error-text" })),
    model.tools.flatMap((t) => (t.result === undefined ? [] : [{ id: t.id, ...t.result }])),
    "tool results"
  )

  // A tool message answers calls of the assistant message right before it.
  messages.forEach((m, i) => {
    if (m.role !== "tool") return
    const previous = messages[i - 1]
    assert.strictEqual(previous?.role, "assistant", "a tool message follows an assistant message")
    const ids = new Set(
      previous?.role === "assistant"
        ? previous.content.flatMap((p) => (p.type === "tool-call" ? [p.toolCallId] : []))
        : []
    )
    for (const r of m.content)
      assert.isTrue(ids.has(r.toolCallId), `result ${r.toolCallId} answers a call of that message`)
  })

  if (model.lastPrompt !== undefined) {
    if (model.lastPromptErased) assert.notInclude(json, model.lastPrompt, "an erased prompt never reaches the model")
    else assert.include(json, model.lastPrompt)
  }
  const userOnly = real.conversation.messages.flatMap((m) =>
    m.blocks.filter((b) => b.type === "warn" || b.type === "error")
  )
  assert.strictEqual(userOnly.length, model.userOnlyBlocks, "user-only blocks")
  assert.strictEqual(real.permission.asked.length, model.asked, "permission questions")
}
