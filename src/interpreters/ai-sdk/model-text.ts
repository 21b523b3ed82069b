/**
 * The texts the AI SDK adapter gives the model: a blocked call's tool result,
 * hook notes (context and feedback) appended to a tool result, and values
 * as text. Pure; shared by `withHooks` and the AI SDK interpreter so both
 * tell the model the same thing.
 *
 * @since 0.1.0
 */
import type { Resolution } from "../resolution.ts"
import type { HookEffect } from "../../effects/hook-effect.ts"

/**
 * The tool result of a call a hook deferred (`DeferTool`): the AI SDK loop
 * cannot pause a call for its host, so the call does not run. The defer
 * reason is for the user, never the model.
 *
 * @category constants
 * @since 0.2.0
 */
export const deferredToolResult =
  "The tool call was not run: a hook deferred it, and this host cannot pause a call for later."

/**
 * The tool result of a call a hook halted (`StopAgent`) without a deny
 * reason. The stop reason itself is for the user, never the model.
 *
 * @category constants
 * @since 0.1.0
 */
export const stoppedToolResult = "The tool call was not run: a hook stopped the agent."

/**
 * A value as the model reads it: strings as they are, anything else as JSON.
 *
 * @category helpers
 * @since 0.1.0
 */
export const textOf = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined ? "" : (JSON.stringify(value) ?? String(value))

/**
 * The model-visible notes of an event's effects, in effect order:
 * `InjectContext` as "Hook context: ...", `PromptModel` as "Hook feedback: ...".
 *
 * **Example** (Feedback after a tool call)
 *
 * ```ts
 * hookNotes([PromptModel({ text: "run the linter" })]) // => ["Hook feedback: run the linter"]
 * ```
 *
 * @category helpers
 * @since 0.1.0
 */
export const hookNotes = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> =>
  effects.flatMap((e) =>
    e._tag === "InjectContext"
      ? [`Hook context: ${e.text}`]
      : e._tag === "PromptModel"
        ? [`Hook feedback: ${e.text}`]
        : []
  )

/**
 * A text followed by notes, separated by blank lines.
 *
 * @category helpers
 * @since 0.1.0
 */
export const withNotes = (text: string, notes: ReadonlyArray<string>): string =>
  [text, ...notes].filter((part) => part !== "").join("\n\n")

/**
 * The tool result the model gets for a call that does not run: the deny
 * reason (a hook's `BlockTool`, or the user's refusal), or, for a halt
 * without one, `stoppedToolResult`. `undefined` when the call runs.
 *
 * @category helpers
 * @since 0.1.0
 */
export const blockedToolResult = (resolution: Resolution): string | undefined =>
  resolution.permission === "deny"
    ? (resolution.denyReason ?? stoppedToolResult)
    : resolution.permission === "defer"
      ? deferredToolResult
      : resolution.stop !== undefined
        ? stoppedToolResult
        : undefined
