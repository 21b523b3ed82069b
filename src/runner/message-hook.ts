/**
 * A hook that answers with fixed text and starts nothing (Copilot's `prompt`
 * entry): on a new session its text becomes the first user message, in the
 * engine's own vocabulary (`initialUserMessage`, read as `SendUserMessage`).
 * A resumed session already has its messages, so the entry gives nothing
 * there, as Copilot submits the text to new sessions only.
 *
 * @since 0.5.0
 */
import { hookRun } from "../core/hook-run.ts"
import type { HookRun } from "../core/hook-run.ts"
import type { MessageHandler } from "../settings/hook-types.ts"

/** The payload's `source` of a session that resumes (both of Copilot's payload shapes name it so). */
const resumed = "resume"

/**
 * The run of a message hook on SessionStart: exit 0 with the text as the
 * session's first user message, or with nothing on a resumed session.
 *
 * @example
 * ```ts
 * messageHookRun({ type: "message", text: "Summarise the TODOs" }, { source: "new" }).stdout
 * // => '{"hookSpecificOutput":{"hookEventName":"SessionStart","initialUserMessage":"Summarise the TODOs"}}'
 * messageHookRun({ type: "message", text: "Summarise the TODOs" }, { source: "resume" }).stdout // => ""
 * ```
 *
 * @category running
 * @since 0.5.0
 */
export const messageHookRun = (handler: MessageHandler, payload: unknown): HookRun => {
  const source =
    typeof payload === "object" && payload !== null ? (payload as { readonly source?: unknown }).source : undefined
  return hookRun({
    exitCode: 0,
    stdout:
      source === resumed
        ? ""
        : JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", initialUserMessage: handler.text } })
  })
}
