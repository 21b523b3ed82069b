/**
 * The AI SDK interpreter: carries effects out on AI SDK `ModelMessage`s
 * (what the model is given) and a user-message callback (what the person
 * sees), through the shared interpreter contract.
 *
 * @since 0.1.0
 */
import type { ModelMessage } from "ai"
import { Effect } from "effect"
import type { Layer } from "effect"
import type { Interpreter, Permission, Render } from "../contract.ts"
import { makeInterpreter } from "../contract.ts"
import type { PermissionHandler } from "../permission-handler.ts"
import type { PromiseInterpreter } from "../promise.ts"
import { interpreterPromise } from "../promise.ts"
import type { PendingNotes, ToolEffectsRequest } from "./model-messages.ts"
import { applyToModelMessages } from "./model-messages.ts"
import type { UserMessage } from "./user-message.ts"
import { userMessagesOf } from "./user-message.ts"

/**
 * Where the AI SDK interpreter puts things.
 *
 * @category models
 * @since 0.1.0
 */
export interface AiSdkInterpreterOptions {
  /** The conversation the model is given, changed in place: tool results of blocked and finished calls, updated inputs, context and feedback, an erased prompt; omit to record nothing. */
  readonly messages?: Array<ModelMessage>
  /** Messages for the user only; never part of `messages`. */
  readonly onUserMessage?: (message: UserMessage) => void
  /** Notes for hook authors (`Diagnostic` effects). */
  readonly onDiagnostic?: (diagnostic: { readonly code: string; readonly message: string }) => void
}

/**
 * The AI SDK renderer: model-visible effects change `messages`, user-visible
 * ones go to `onUserMessage`, diagnostics to `onDiagnostic`.
 *
 * **Gotchas**
 *
 * PreToolUse context is held until the call's PostToolUse (or
 * PostToolUseFailure) and then appended to its tool result, so a tool call
 * is always directly followed by its result.
 *
 * @category interpreters
 * @since 0.1.0
 */
export const renderAiSdk = (options: AiSdkInterpreterOptions): Render => {
  const pending: PendingNotes = new Map()
  return (request: ToolEffectsRequest, resolution) =>
    Effect.sync(() => {
      if (options.messages !== undefined) applyToModelMessages(options.messages, request, resolution, pending)
      for (const message of userMessagesOf(request, resolution)) options.onUserMessage?.(message)
      for (const diagnostic of resolution.diagnostics) options.onDiagnostic?.(diagnostic)
    })
}

/**
 * The AI SDK interpreter as a layer (needs `Permission`; see
 * `permissionFromHandler`).
 *
 * **Example** (A conversation and a user channel)
 *
 * ```ts
 * const messages: Array<ModelMessage> = [{ role: "user", content: "fix the tests" }]
 * const layer = aiSdkInterpreter({ messages, onUserMessage: (m) => console.log(m.text) }).pipe(
 *   Layer.provide(permissionFromHandler({ ask: () => "allow" }))
 * )
 * ```
 *
 * @category layers
 * @since 0.1.0
 */
export const aiSdkInterpreter = (options: AiSdkInterpreterOptions = {}): Layer.Layer<Interpreter, never, Permission> =>
  makeInterpreter("ai-sdk", renderAiSdk(options))

/**
 * The AI SDK interpreter without Effect: `carryOut` returns a Promise.
 *
 * **Details**
 *
 * `permission.ask` answers `AskPermission` (default: deny). Use this when
 * you fire hooks yourself (`runHooksPromise`) and keep the `ModelMessage`s;
 * `withHooks` and `hookedGenerateText` already carry effects out for you.
 *
 * **Example** (Effects onto a conversation)
 *
 * ```ts
 * const messages: Array<ModelMessage> = [{ role: "user", content: "fix the tests" }]
 * const interpreter = aiSdkInterpreterPromise({ messages, onUserMessage: (m) => console.log(m.text) }, { ask: () => "allow" })
 * const { effects } = await runHooksPromise({ event: "UserPromptSubmit", payload: { prompt: "fix the tests" }, projectDir })
 * await interpreter.carryOut({ event: "UserPromptSubmit", effects })
 * ```
 *
 * @category promise
 * @since 0.1.0
 */
export const aiSdkInterpreterPromise = (
  options: AiSdkInterpreterOptions = {},
  permission?: PermissionHandler
): PromiseInterpreter => interpreterPromise(aiSdkInterpreter(options), permission)
