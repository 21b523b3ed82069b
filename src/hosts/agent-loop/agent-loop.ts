/**
 * A minimal agent loop over a hook session: prompts, tool calls and stops
 * fire their hook events, an interpreter carries the effects out, and a
 * conversation records what happened. Used by the demo and by hook authors
 * who want to see their hooks in a whole session.
 *
 * @since 0.1.0
 */
import { Effect, type FileSystem, Ref } from "effect"
import type { JsonRecord } from "../../core/payload.ts"
import type { Resolution } from "../../interpreters/resolution.ts"
import type { AsyncHookResult } from "../../runner/background-hooks.ts"
import type { HookSession } from "../../runner/session.ts"
import type { RunHooksResult } from "../../runner/run-hooks.ts"
import type { ToolCall } from "../../interpreters/contract.ts"
import { Interpreter } from "../../interpreters/contract.ts"
import type { Block, Conversation } from "../../interpreters/memory/conversation.ts"

/**
 * What became of a prompt.
 *
 * @category models
 * @since 0.1.0
 */
export interface PromptOutcome {
  readonly accepted: boolean
  readonly resolution: Resolution
  readonly hooks: RunHooksResult
}

/**
 * What became of a tool call.
 *
 * @category models
 * @since 0.1.0
 */
export interface ToolOutcome {
  readonly call: ToolCall
  /** Whether the tool ran. */
  readonly ran: boolean
  /** What the model is told: the tool's (possibly updated) output, or why it did not run. */
  readonly resultForModel: string
  readonly before: Resolution
  readonly after?: Resolution
  /** All processing halts (a hook said `continue: false`). */
  readonly stopped: boolean
}

/**
 * What became of the agent's attempt to stop.
 *
 * @category models
 * @since 0.1.0
 */
export interface StopOutcome {
  /** The agent stops (no hook blocked, or the Stop-loop cap was reached). */
  readonly stops: boolean
  /** Why it must go on, when a Stop hook blocked. */
  readonly continueWith?: string
  readonly resolution: Resolution
}

/**
 * A tool's implementation.
 *
 * @category models
 * @since 0.1.0
 */
export type ToolExecute = (input: JsonRecord) => Effect.Effect<unknown, unknown>

const text = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)))

/** What the model is told after a tool ran (or failed): the output or error, as replaced by a hook, plus hook feedback. */
const told = (result: string, post: Resolution): string =>
  (post.toolOutput === undefined ? result : text(post.toolOutput.value)) +
  post.feedback.map((f) => `\n\nHook feedback: ${f}`).join("")

/** What the model is told about a tool call that was interrupted after it started. */
const interruptedResult = "The tool call was interrupted."

/** How far a tool step got: before PreToolUse was carried out, decided, or the tool running. */
type ToolPhase = "before" | "decided" | "running"

/** Whether PreToolUse's resolution keeps the call from running: a stop, a deny or a defer. */
const keepsFromRunning = (before: Resolution): boolean =>
  before.stop !== undefined || before.permission === "deny" || before.permission === "defer"

/**
 * A call PreToolUse kept from running. A StopAgent or defer reason is for the
 * user; the model only learns that the call did not run, and the call gets
 * that as its result (every tool call in the history gets one, so the
 * conversation stays valid for a model).
 */
const notRun = (conversation: Conversation, call: ToolCall, before: Resolution): ToolOutcome => {
  const resultForModel =
    before.denyReason ??
    (before.permission === "defer"
      ? "The tool call did not run: a hook deferred it."
      : "The tool call did not run: a hook stopped the agent.")
  if (conversation.toolBlock(call.id)?.result === undefined) {
    conversation.updateToolBlock(call.id, { status: "denied", result: resultForModel })
  }
  return { call, ran: false, resultForModel, before, stopped: before.stop !== undefined }
}

/** A call that ran: the model is told its result as PostToolUse (or PostToolUseFailure) left it. */
const ranOutcome = (call: ToolCall, result: string, before: Resolution, after: Resolution): ToolOutcome => ({
  call,
  ran: true,
  resultForModel: told(result, after),
  before,
  after,
  stopped: after.stop !== undefined
})

/**
 * Run the tool with the input PreToolUse left, record its output (or error)
 * on its block, then fire PostToolUse (or PostToolUseFailure).
 */
const runTool = (loop: AgentLoop, call: ToolCall, before: Resolution, execute: ToolExecute) =>
  Effect.gen(function* () {
    const { conversation } = loop
    const finalInput = before.toolInput ?? call.input
    const finalCall: ToolCall = { ...call, input: finalInput }
    const output = yield* execute(finalInput).pipe(Effect.result)
    if (output._tag === "Failure") {
      const error = output.failure instanceof Error ? output.failure.message : text(output.failure)
      conversation.updateToolBlock(call.id, { status: "failed", result: error })
      const post = yield* loop.fire(
        "PostToolUseFailure",
        { tool_name: call.name, tool_input: finalInput, tool_use_id: call.id, error },
        finalCall
      )
      return ranOutcome(finalCall, error, before, post.resolution)
    }
    conversation.updateToolBlock(call.id, { status: "done", result: text(output.success) })
    const post = yield* loop.fire(
      "PostToolUse",
      { tool_name: call.name, tool_input: finalInput, tool_use_id: call.id, tool_response: output.success },
      finalCall
    )
    return ranOutcome(finalCall, text(output.success), before, post.resolution)
  })

/**
 * Undo an interrupted tool step: before anything was carried out, the call
 * leaves no trace; decided or started, it stays in the history with a result.
 */
const undoToolStep = (conversation: Conversation, id: string | undefined, phase: ToolPhase): void => {
  const block = id === undefined ? undefined : conversation.toolBlock(id)
  if (id === undefined || block === undefined) return
  if (phase === "before") conversation.removeBlock(block)
  else if (block.result === undefined) conversation.updateToolBlock(id, { status: "failed", result: interruptedResult })
}

/**
 * An agent loop over a session, an interpreter and a conversation.
 *
 * **Details**
 *
 * Each method returns a lazy Effect: nothing happens to the conversation
 * until it runs, and each run is one step (running `prompt(p)` twice adds
 * the prompt twice). A step that is interrupted (a timeout while a question
 * waits, a retry) before its effects were carried out is undone: an
 * interrupted prompt leaves no message, an interrupted tool call that had
 * not run leaves no block. A tool call interrupted once the tool started
 * keeps its block, marked failed ("The tool call was interrupted."), so the
 * history stays valid for a model.
 *
 * For callers that do not use Effect, see `agentLoopPromise`.
 *
 * **Example** (One turn)
 *
 * ```ts
 * const loop = new AgentLoop(session, conversation)
 * yield* loop.prompt("clean the build folder")
 * yield* loop.useTool("Bash", { command: "rm -rf build" }, runBash)
 * yield* loop.stop()
 * ```
 *
 * @category agents
 * @since 0.1.0
 */
export class AgentLoop {
  private readonly nextToolId = Ref.makeUnsafe(1)
  readonly session: HookSession
  readonly conversation: Conversation

  constructor(session: HookSession, conversation: Conversation) {
    this.session = session
    this.conversation = conversation
  }

  /** Fire an event and carry out its effects. */
  fire(
    event: Parameters<HookSession["fire"]>[0],
    payload: JsonRecord,
    tool?: ToolCall
  ): Effect.Effect<
    { readonly hooks: RunHooksResult; readonly resolution: Resolution },
    never,
    Interpreter | FileSystem.FileSystem
  > {
    const session = this.session
    return Effect.gen(function* () {
      const interpreter = yield* Interpreter
      const hooks = yield* session.fire(event, payload)
      const resolution = yield* interpreter.carryOut({
        event,
        effects: hooks.effects,
        ...(tool === undefined ? {} : { tool })
      })
      return { hooks, resolution }
    })
  }

  /**
   * Carry out what the session's background hooks (`async`, `asyncRewake`)
   * that finished since the last call answered: their context, feedback and
   * messages reach the conversation now, at the start of a turn. `prompt`
   * calls it first.
   *
   * @since 0.2.0
   */
  deliverAsync(): Effect.Effect<
    ReadonlyArray<{ readonly result: AsyncHookResult; readonly resolution: Resolution }>,
    never,
    Interpreter
  > {
    const session = this.session
    return Effect.gen(function* () {
      const interpreter = yield* Interpreter
      const finished = yield* session.collectAsync()
      return yield* Effect.forEach(finished, (result) =>
        interpreter
          .carryOut({ event: result.event, effects: result.effects })
          .pipe(Effect.map((resolution) => ({ result, resolution })))
      )
    })
  }

  /** The user submits a prompt (UserPromptSubmit), after the finished background hooks were delivered (`deliverAsync`). */
  prompt(prompt: string): Effect.Effect<PromptOutcome, never, Interpreter | FileSystem.FileSystem> {
    const loop = this
    return Effect.suspend(() => {
      // Set when the step's effects were carried out; before that, an interruption undoes the prompt.
      let carriedOut = false
      let added: Block | undefined
      return Effect.gen(function* () {
        yield* loop.deliverAsync()
        added = loop.conversation.addUserMessage(prompt)
        const { hooks, resolution } = yield* loop.fire("UserPromptSubmit", { prompt })
        carriedOut = true
        return {
          accepted: resolution.promptBlocked === undefined && resolution.stop === undefined,
          resolution,
          hooks
        } satisfies PromptOutcome
      }).pipe(
        Effect.onInterrupt(() =>
          Effect.sync(() => {
            if (!carriedOut && added !== undefined) loop.conversation.removeBlock(added)
          })
        )
      )
    })
  }

  /** The assistant says something (at once: this is not an Effect). */
  say(words: string): void {
    this.conversation.addAssistantText(words)
  }

  /**
   * The agent calls a tool: PreToolUse, then the tool (unless denied), then
   * PostToolUse or PostToolUseFailure.
   */
  useTool(
    name: string,
    input: JsonRecord,
    execute: ToolExecute
  ): Effect.Effect<ToolOutcome, never, Interpreter | FileSystem.FileSystem> {
    const loop = this
    const conversation = this.conversation
    return Effect.suspend(() => {
      // How far this step got, for undoing it when it is interrupted.
      let phase: ToolPhase = "before"
      let id: string | undefined
      return Effect.gen(function* () {
        const n = yield* Ref.getAndUpdate(loop.nextToolId, (next) => next + 1)
        const call: ToolCall = { id: `toolu_${String(n).padStart(3, "0")}`, name, input }
        id = call.id
        conversation.addToolCall(call.id, name, input)
        const pre = yield* loop.fire("PreToolUse", { tool_name: name, tool_input: input, tool_use_id: call.id }, call)
        phase = "decided"
        if (keepsFromRunning(pre.resolution)) return notRun(conversation, call, pre.resolution)
        phase = "running"
        return yield* runTool(loop, call, pre.resolution, execute)
      }).pipe(Effect.onInterrupt(() => Effect.sync(() => undoToolStep(conversation, id, phase))))
    })
  }

  /** The agent wants to stop (Stop). */
  stop(): Effect.Effect<StopOutcome, never, Interpreter | FileSystem.FileSystem> {
    return this.fire("Stop", {}).pipe(
      Effect.map(({ resolution }) => ({
        stops: resolution.continueWith === undefined,
        ...(resolution.continueWith === undefined ? {} : { continueWith: resolution.continueWith }),
        resolution
      }))
    )
  }
}
