/**
 * The model-based test's two sides: the real system (an `AgentLoop` over the
 * memory interpreter, a scripted hook session and a scripted permission) and
 * the model (what the model should be sent, kept as plain lists), plus the
 * check that compares them after each command.
 */
import { assert } from "@effect/vitest"
import { Effect, FileSystem, Layer, ManagedRuntime } from "effect"
import type { HookEvent, HookRun, JsonRecord } from "../../src/index.ts"
import type { RunHooksResult } from "../../src/runner/index.ts"
import { combine, decide, hookRun, layerSettings } from "../../src/index.ts"
import type { PermissionAnswer } from "../../src/interpreters/resolution.ts"
import { HookSession } from "../../src/runner/session.ts"
import { AgentLoop } from "../../src/hosts/agent-loop/agent-loop.ts"
import type { Interpreter, PermissionRequest } from "../../src/interpreters/contract.ts"
import { Permission } from "../../src/interpreters/contract.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { memoryInterpreter } from "../../src/interpreters/memory/memory-interpreter.ts"

// ====== The real system ======

/**
 * A hook session whose hooks are scripted: each event gets the `HookRun` set
 * for it (default: exit 0, no output), decided and combined like the runner
 * would, without starting a process.
 */
export class ScriptedSession extends HookSession {
  private readonly script = new Map<HookEvent, HookRun>()
  /** Every event fired, with its payload. */
  readonly fired: Array<{ readonly event: HookEvent; readonly payload: JsonRecord }> = []

  constructor() {
    super({ projectDir: "/nonexistent", settings: layerSettings([], "wave"), session: { session_id: "model", transcript_path: "" } })
  }

  /** The hook's answer for the next `event`. */
  answer(event: HookEvent, run: HookRun): void {
    this.script.set(event, run)
  }

  override fire(event: HookEvent, payload: JsonRecord): Effect.Effect<RunHooksResult> {
    return Effect.sync(() => {
      const run = this.script.get(event) ?? hookRun({ exitCode: 0 })
      this.script.delete(event)
      this.fired.push({ event, payload })
      return {
        event,
        effects: combine([decide(event, run)]),
        traced: [],
        runs: [],
        plan: { steps: [], duplicates: [] },
        skipped: []
      }
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
    const ids = new Set(previous?.role === "assistant" ? previous.content.flatMap((p) => (p.type === "tool-call" ? [p.toolCallId] : [])) : [])
    for (const r of m.content) assert.isTrue(ids.has(r.toolCallId), `result ${r.toolCallId} answers a call of that message`)
  })

  if (model.lastPrompt !== undefined) {
    if (model.lastPromptErased) assert.notInclude(json, model.lastPrompt, "an erased prompt never reaches the model")
    else assert.include(json, model.lastPrompt)
  }
  const userOnly = real.conversation.messages.flatMap((m) => m.blocks.filter((b) => b.type === "warn" || b.type === "error"))
  assert.strictEqual(userOnly.length, model.userOnlyBlocks, "user-only blocks")
  assert.strictEqual(real.permission.asked.length, model.asked, "permission questions")
}
