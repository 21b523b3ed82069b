/**
 * The agent loop without Effect: `prompt`, `useTool`, `stop` and `fire`
 * return Promises, tools are plain (async) functions, and permission
 * questions go to a plain `ask` function.
 *
 * @since 0.1.0
 */
import * as NodeServices from "../../interpreters/node-services.ts"
import { Effect, Layer, ManagedRuntime } from "effect"
import type { HookEvent } from "../../core/events.ts"
import type { JsonRecord } from "../../core/payload.ts"
import type { Interpreter, Permission, ToolCall } from "../../interpreters/contract.ts"
import { Conversation } from "../../interpreters/memory/conversation.ts"
import { memoryInterpreter } from "../../interpreters/memory/memory-interpreter.ts"
import type { PermissionHandler } from "../../interpreters/permission-handler.ts"
import { permissionFromHandler } from "../../interpreters/permission-handler.ts"
import { DisposedError } from "../../interpreters/promise.ts"
import type { Resolution } from "../../interpreters/resolution.ts"
import type { RunHooksResult } from "../../runner/run-hooks.ts"
import type { HookSession } from "../../runner/session.ts"
import type { HookSessionSource } from "../session-source.ts"
import { sessionOf } from "../session-source.ts"
import type { PromptOutcome, StopOutcome, ToolOutcome } from "./agent-loop.ts"
import { AgentLoop } from "./agent-loop.ts"

// ====== Models ======

/**
 * Options of `agentLoopPromise`: where the hooks come from (a
 * `hookSession`, or `projectDir` and the other session options), plus the
 * conversation, the interpreter and who answers permission questions.
 *
 * @category models
 * @since 0.1.0
 */
export type AgentLoopPromiseOptions = HookSessionSource & {
  /** The conversation the loop records into; default a new one. */
  readonly conversation?: Conversation
  /**
   * Carries each event's effects out; default `memoryInterpreter(conversation)`.
   * Node's services (terminal, file system) are provided, so
   * `terminalInterpreter()` works as it is.
   */
  readonly interpreter?: Layer.Layer<Interpreter, unknown, Permission | NodeServices.NodeServices>
  /** Answers `AskPermission` for interpreters that ask `Permission`; default: deny. */
  readonly permission?: PermissionHandler
}

/**
 * A tool's implementation without Effect: returns the output (or a Promise
 * of it); throwing or rejecting is a failed call (PostToolUseFailure).
 *
 * @category models
 * @since 0.1.0
 */
export type PromiseToolExecute = (input: JsonRecord) => unknown

/**
 * What each step may take: a signal that cancels it. A cancelled step is
 * undone as in `AgentLoop` (an interrupted prompt leaves no message) and
 * its Promise rejects.
 *
 * @category models
 * @since 0.1.0
 */
export interface StepOptions {
  readonly signal?: AbortSignal
}

/**
 * `AgentLoop` for callers that do not use Effect.
 *
 * @category models
 * @since 0.1.0
 */
export interface PromiseAgentLoop {
  /** The conversation the loop records into. */
  readonly conversation: Conversation
  /** The hook session (started on first use when options were given). */
  readonly session: () => Promise<HookSession>
  /** Fire an event and carry out its effects. */
  readonly fire: (
    event: HookEvent,
    payload: JsonRecord,
    tool?: ToolCall,
    options?: StepOptions
  ) => Promise<{ readonly hooks: RunHooksResult; readonly resolution: Resolution }>
  /** The user submits a prompt (UserPromptSubmit). */
  readonly prompt: (prompt: string, options?: StepOptions) => Promise<PromptOutcome>
  /** The assistant says something (at once). */
  readonly say: (words: string) => void
  /** The agent calls a tool: PreToolUse, the tool unless denied, PostToolUse or PostToolUseFailure. */
  readonly useTool: (
    name: string,
    input: JsonRecord,
    execute: PromiseToolExecute,
    options?: StepOptions
  ) => Promise<ToolOutcome>
  /** The agent wants to stop (Stop). */
  readonly stop: (options?: StepOptions) => Promise<StopOutcome>
  /** Release the interpreter's resources. Safe to call twice. */
  readonly dispose: () => Promise<void>
}

// ====== Constructors ======

/**
 * The agent loop as Promises: a harness for hooks from plain TypeScript.
 *
 * **Details**
 *
 * Returns at once; the session starts (settings are read) on the first step
 * when options rather than a `hookSession` are given. Steps behave as
 * `AgentLoop`'s. After `dispose()` steps reject with `DisposedError`.
 *
 * **Example** (One turn against a project's hooks)
 *
 * ```ts
 * import { agentLoopPromise } from "wave-hooks/agent-loop"
 *
 * const loop = agentLoopPromise({ projectDir: "/repo", permission: { ask: () => "allow" } })
 * const { accepted } = await loop.prompt("clean the build folder")
 * const tool = await loop.useTool("Bash", { command: "rm -rf build" }, async () => "removed")
 * tool.ran // => false when a PreToolUse hook blocked it
 * await loop.stop()
 * loop.conversation.toModelMessages() // => what the model would be sent
 * await loop.dispose()
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const agentLoopPromise = (options: AgentLoopPromiseOptions): PromiseAgentLoop => {
  const conversation = options.conversation ?? new Conversation()
  const interpreter = options.interpreter ?? memoryInterpreter(conversation)
  const runtime = ManagedRuntime.make(
    interpreter.pipe(Layer.provide(permissionFromHandler(options.permission)), Layer.provideMerge(NodeServices.layer))
  )
  let session: Promise<HookSession> | undefined
  let loop: Promise<AgentLoop> | undefined
  let disposed: Promise<void> | undefined
  const sessionNow = () => (session ??= sessionOf(options))
  const loopNow = () => (loop ??= sessionNow().then((s) => new AgentLoop(s, conversation)))

  const run = async <A>(
    what: string,
    step: (loop: AgentLoop) => Effect.Effect<A, never, Interpreter | NodeServices.NodeServices>,
    stepOptions: StepOptions = {}
  ): Promise<A> => {
    if (disposed !== undefined) {
      throw new DisposedError({
        message: `${what} was called after dispose(); create a new agent loop for further steps.`
      })
    }
    const agent = await loopNow()
    return runtime.runPromise(step(agent), stepOptions.signal === undefined ? {} : { signal: stepOptions.signal })
  }

  return {
    conversation,
    session: sessionNow,
    fire: (event, payload, tool, stepOptions) =>
      run(`fire(${event})`, (agent) => agent.fire(event, payload, tool), stepOptions),
    prompt: (prompt, stepOptions) => run("prompt", (agent) => agent.prompt(prompt), stepOptions),
    say: (words) => conversation.addAssistantText(words),
    useTool: (name, input, execute, stepOptions) =>
      run(
        `useTool(${name})`,
        (agent) =>
          agent.useTool(name, input, (finalInput) =>
            Effect.tryPromise({ try: async () => await execute(finalInput), catch: (error) => error })
          ),
        stepOptions
      ),
    stop: (stepOptions) => run("stop", (agent) => agent.stop(), stepOptions),
    dispose: () => (disposed ??= runtime.dispose())
  }
}
