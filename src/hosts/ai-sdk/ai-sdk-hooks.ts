/**
 * The hook side of an AI SDK app: a `HookSession` (given, or started from a
 * project directory), who answers permission questions, where user messages
 * go, and whether a hook halted the agent. `withHooks` and
 * `hookedGenerateText` fire their events through it.
 *
 * @since 0.1.0
 */
import type { ModelMessage } from "ai"
import { Effect, Layer } from "effect"
import type { HookEvent } from "../../core/events.ts"
import type { JsonRecord } from "../../core/payload.ts"
import type { Resolution } from "../../interpreters/resolution.ts"
import type { HookEffect } from "../../effects/hook-effect.ts"
import type { RunHooksResult } from "../../runner/run-hooks.ts"
import type { HookSession } from "../../runner/session.ts"
import type { HookSessionSource } from "../session-source.ts"
import { AdapterSession } from "../session-source.ts"
import type { ToolCall } from "../../interpreters/contract.ts"
import { Interpreter } from "../../interpreters/contract.ts"
import { aiSdkInterpreter } from "../../interpreters/ai-sdk/ai-sdk-interpreter.ts"
import type { PermissionHandler } from "../../interpreters/permission-handler.ts"
import { permissionFromHandler } from "../../interpreters/permission-handler.ts"
import type { UserMessage } from "../../interpreters/ai-sdk/user-message.ts"
import { withNodeFileSystem } from "../../runner/node-file-system.ts"

// ====== Models ======

/**
 * Options of the AI SDK adapter.
 *
 * @category models
 * @since 0.1.0
 */
export type AiSdkHookOptions = HookSessionSource & {
  /** Answers `AskPermission` (and undecided PermissionRequests); default: deny, so nothing runs unasked. */
  readonly permission?: PermissionHandler
  /** Tools that fire PermissionRequest when PreToolUse did not already allow them (`true`: all); default none. */
  readonly permissionRequired?: boolean | ReadonlyArray<string>
  /** Messages for the user only (`ShowUser`, permission answers, blocked prompts, halts); never given to the model. */
  readonly onUserMessage?: (message: UserMessage) => void
  /** Notes for hook authors (`Diagnostic` effects). */
  readonly onDiagnostic?: (diagnostic: { readonly code: string; readonly message: string }) => void
  /** A hook halted the agent (`StopAgent`, `continue: false`); the reason is for the user. */
  readonly onStopAgent?: (reason: string | undefined) => void
}

/**
 * One event's outcome: the hooks' run, the effects carried out and the
 * resolution.
 *
 * @category models
 * @since 0.1.0
 */
export interface FiredEvent {
  readonly hooks: RunHooksResult
  readonly effects: ReadonlyArray<HookEffect>
  readonly resolution: Resolution
}

/**
 * What `fire` may add to an event.
 *
 * @category models
 * @since 0.1.0
 */
export interface FireOptions {
  readonly tool?: ToolCall
  /** What the tool returned (PostToolUse) or its error message (PostToolUseFailure). */
  readonly toolResponse?: { readonly value: unknown }
  /** A conversation to apply the model-visible effects to (tool results, context and feedback, as `aiSdkInterpreter` records them). */
  readonly messages?: Array<ModelMessage>
  /** Adjust the combined effects before they are carried out. */
  readonly effects?: (effects: ReadonlyArray<HookEffect>) => ReadonlyArray<HookEffect>
}

// ====== AiSdkHooks ======

/**
 * The hook side of an AI SDK app, shared by `withHooks` and
 * `hookedGenerateText`.
 *
 * **When to use**
 *
 * Build one when you wrap tools yourself and also fire events of your own
 * (or share a session between several `hookedGenerateText` turns); else pass
 * plain options to `withHooks` / `hookedGenerateText`.
 *
 * **Details**
 *
 * A session is started on the first event when none is given; its settings
 * are read once. Each event's effects are carried out by the AI SDK
 * interpreter: user messages go to `onUserMessage`, questions to
 * `permission`. A `StopAgent` sets `halted` and calls `onStopAgent`.
 *
 * **Example** (Fire an event by hand)
 *
 * ```ts
 * const hooks = new AiSdkHooks({ projectDir: "/repo", onUserMessage: (m) => console.log(m.text) })
 * const { resolution } = await hooks.fire("SessionStart", { source: "startup" })
 * ```
 *
 * @category adapters
 * @since 0.1.0
 */
export class AiSdkHooks {
  readonly options: AiSdkHookOptions
  /** Set when a hook halted the agent; `hookedGenerateText` clears it at the start of a turn. */
  halted: { readonly reason?: string } | undefined
  private readonly lazySession: AdapterSession

  constructor(options: AiSdkHookOptions) {
    this.options = options
    this.lazySession = new AdapterSession(options)
  }

  /** The session (started once, on first use, when not given). */
  session(): Promise<HookSession> {
    return this.lazySession.get()
  }

  /** Whether a tool fires PermissionRequest (see `permissionRequired`). */
  requiresPermission(toolName: string): boolean {
    const required = this.options.permissionRequired
    return required === true || (Array.isArray(required) && required.includes(toolName))
  }

  /**
   * End the session this adapter started (the MCP servers its `mcp_tool`
   * hooks started; the spans it has not exported yet are flushed). A
   * `hookSession` given in the options is its owner's to close. Call it when
   * the app's agent session ends; a later event starts a new session.
   *
   * @since 0.2.0
   */
  close(): Promise<void> {
    return this.lazySession.close()
  }

  /** Record a halt and tell `onStopAgent`. */
  halt(reason: string | undefined): void {
    this.halted = reason === undefined ? {} : { reason }
    this.options.onStopAgent?.(reason)
  }

  /** Run an event's hooks and carry their effects out. */
  async fire(event: HookEvent, payload: JsonRecord, fire: FireOptions = {}): Promise<FiredEvent> {
    const session = await this.session()
    const interpreter = aiSdkInterpreter({
      ...(fire.messages === undefined ? {} : { messages: fire.messages }),
      ...(this.options.onUserMessage === undefined ? {} : { onUserMessage: this.options.onUserMessage }),
      ...(this.options.onDiagnostic === undefined ? {} : { onDiagnostic: this.options.onDiagnostic })
    }).pipe(Layer.provide(permissionFromHandler(this.options.permission)))
    const fired = await Effect.runPromise(
      Effect.gen(function* () {
        const hooks = yield* session.fire(event, payload)
        const effects = fire.effects === undefined ? hooks.effects : fire.effects(hooks.effects)
        const resolution = yield* (yield* Interpreter).carryOut({
          event,
          effects,
          ...(fire.tool === undefined ? {} : { tool: fire.tool }),
          ...(fire.toolResponse === undefined ? {} : { toolResponse: fire.toolResponse })
        })
        return { hooks, effects, resolution } satisfies FiredEvent
      }).pipe(Effect.provide(interpreter), withNodeFileSystem)
    )
    if (fired.resolution.stop !== undefined) this.halt(fired.resolution.stop.reason)
    return fired
  }
}

/** The adapter made for a plain options object, so `withHooks` and `toolApproval` given the same options share it. */
const adapters = new WeakMap<AiSdkHookOptions, AiSdkHooks>()

/**
 * The adapter for `options`: itself when it is one, else the one made for
 * this options object (made on first use), so `withHooks(tools, options)`
 * and `toolApproval(options)` share one session and the PreToolUse results
 * `toolApproval` hands to the tools.
 *
 * @category adapters
 * @since 0.2.0
 */
export const adapterOf = (options: AiSdkHookOptions | AiSdkHooks): AiSdkHooks => {
  if (options instanceof AiSdkHooks) return options
  let made = adapters.get(options)
  if (made === undefined) {
    made = new AiSdkHooks(options)
    adapters.set(options, made)
  }
  return made
}
