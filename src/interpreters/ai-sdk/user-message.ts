/**
 * Messages for the person using an AI SDK app: what hooks show the user
 * (`ShowUser`), permission questions and their answers, blocked prompts,
 * blocked compactions and halts. They go to a callback, never into the
 * model's context.
 *
 * @since 0.1.0
 */
import type { HookEvent } from "../../core/events.ts"
import type { Resolution } from "../resolution.ts"
import type { ShowUserLevel } from "../../effects/hook-effect.ts"
import type { EffectsRequest } from "../contract.ts"
import { carriesOut, notApplicableText } from "../../effects/host-capabilities.ts"

/**
 * A message for the user only.
 *
 * @category models
 * @since 0.1.0
 */
export interface UserMessage {
  /** The event whose hooks produced it. */
  readonly event: HookEvent
  readonly level: ShowUserLevel
  readonly text: string
}

/**
 * The user messages of one event, in effect order.
 *
 * **Details**
 *
 * - `ShowUser`: its text at its level.
 * - `AskPermission`: "Permission asked: <reason> (allowed/denied by the user)" (info), or
 *   "(could not ask: <error>; denied)" (warning) when the question could not be asked.
 * - `BlockPrompt`: "Prompt blocked by a hook: <reason>" (error).
 * - `BlockCompaction`: "Compaction blocked: <reason>" (warning).
 * - `StopAgent`: "Agent stopped by a hook: <reason>" (warning).
 * - `BlockModelRequest` (since 0.5.0): "Model request blocked by a hook: <reason>" (error).
 *
 * Model-visible effects and diagnostics produce none. Effects the host
 * cannot carry out get a warning naming `host` (default "the AI SDK host").
 *
 * **Example** (A hook's warning)
 *
 * ```ts
 * userMessagesOf({ event: "Stop", effects: [ShowUser({ level: "warning", text: "tests are red" })] }, resolution)
 * // => [{ event: "Stop", level: "warning", text: "tests are red" }]
 * ```
 *
 * @category helpers
 * @since 0.1.0
 */
export const userMessagesOf = (
  request: EffectsRequest,
  resolution: Resolution,
  host = "the AI SDK host"
): ReadonlyArray<UserMessage> => {
  const { event } = request
  const subject = request.tool === undefined ? "" : ` for ${request.tool.name}`
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch is exhaustive over the tags this host carries out (TypeScript checks the annotated return)
  return request.effects.flatMap((effect): ReadonlyArray<UserMessage> => {
    // The "ai-sdk" row of the capability table decides what the loop cannot carry out: say so.
    if (!carriesOut("ai-sdk", effect)) return [{ event, level: "warning", text: notApplicableText(effect._tag, host) }]
    switch (effect._tag) {
      case "ShowUser":
        return [{ event, level: effect.level, text: effect.text }]
      case "AskPermission": {
        const asked = resolution.asked
        if (asked === undefined) return []
        const reason = effect.reason === undefined ? "" : `: ${effect.reason}`
        if (asked.couldNotAsk !== undefined) {
          return [
            {
              event,
              level: "warning",
              text: `Permission asked${subject}${reason} (could not ask: ${asked.couldNotAsk}; denied)`
            }
          ]
        }
        const answer = asked.answer === "allow" ? "allowed" : "denied"
        return [{ event, level: "info", text: `Permission asked${subject}${reason} (${answer} by the user)` }]
      }
      case "BlockPrompt":
        return [{ event, level: "error", text: `Prompt blocked by a hook: ${effect.reason}` }]
      case "BlockCompaction":
        return [{ event, level: "warning", text: `Compaction blocked: ${effect.reason}` }]
      case "StopAgent":
        return [
          {
            event,
            level: "warning",
            text: `Agent stopped by a hook${effect.reason === undefined ? "" : `: ${effect.reason}`}`
          }
        ]
      case "BlockAction":
        return [{ event, level: "warning", text: `${event} blocked by a hook: ${effect.reason}` }]
      case "DeferTool":
        return [
          {
            event,
            level: "info",
            text: `Tool call${subject} deferred by a hook${effect.reason === undefined ? "" : `: ${effect.reason}`}`
          }
        ]
      case "SetSessionTitle":
        return [{ event, level: "info", text: `Session title: ${effect.title}` }]
      case "BlockModelRequest":
        return [{ event, level: "error", text: `Model request blocked by a hook: ${effect.reason}` }]
      // Carried out on the model call by modelHooksMiddleware.
      case "UpdateModelRequest":
      case "SyntheticModelResponse":
      case "UpdateModelResponse":
      case "RestrictTools":
      case "AllowTool":
      case "BlockTool":
      case "UpdateInput":
      case "UpdateToolOutput":
      case "InjectContext":
      case "PromptModel":
      case "BlockStop":
      case "Diagnostic":
        return []
    }
  })
}
