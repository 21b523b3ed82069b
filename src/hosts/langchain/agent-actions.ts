/**
 * What the LangChain middleware does with an event's resolved effects, as
 * pure functions over plain data (no LangChain values): whether a tool call
 * runs and with which arguments, what the model reads of its result, whether
 * a prompt goes on, and whether the agent may stop. The middleware turns
 * these actions into `ToolMessage`s, messages and `jumpTo`s.
 *
 * @since 0.2.0
 */
import type { HookEffect } from "../../effects/hook-effect.ts"
import type { Resolution } from "../../interpreters/resolution.ts"
import { blockedToolResult, hookNotes, textOf, withNotes } from "../../interpreters/ai-sdk/model-text.ts"

// ====== Models ======

/**
 * What becomes of a tool call after PreToolUse (and the user's answer to an
 * ask).
 *
 * - `Run`: call the tool, with `args` (a hook's `updatedInput`) when given,
 *   else with the model's arguments; `notes` (context and feedback for the
 *   model) are added to its result.
 * - `Refuse`: the tool does not run; the model gets an error `ToolMessage`
 *   with `content`. `halt` is set when a hook stopped the agent.
 *
 * @category models
 * @since 0.2.0
 */
export type ToolCallAction =
  | {
      readonly _tag: "Run"
      readonly args?: { readonly [key: string]: unknown }
      readonly notes: ReadonlyArray<string>
    }
  | { readonly _tag: "Refuse"; readonly content: string; readonly halt: boolean }

/**
 * What the model reads of a tool's result after PostToolUse (or
 * PostToolUseFailure): `undefined` for the tool's own `ToolMessage`;
 * `replaced`, the hooks replaced the output and `content` is the new text
 * (the original is withheld: the new message keeps no artifact); else the
 * same content followed by `notes`.
 *
 * @category models
 * @since 0.2.0
 */
export type ToolResultAction =
  | { readonly replaced: true; readonly content: string }
  | { readonly replaced: false; readonly notes: ReadonlyArray<string> }
  | undefined

/**
 * What becomes of a prompt after UserPromptSubmit.
 *
 * - `Continue`: the agent runs; `messages` (context and feedback) are added
 *   after the prompt as one user message, when there are any.
 * - `Block`: the prompt is erased and the run ends (`jumpTo: "end"`); the
 *   reason is for the user.
 * - `Halt`: a hook stopped the agent; the run ends, the prompt stays.
 *
 * @category models
 * @since 0.2.0
 */
export type PromptAction =
  | { readonly _tag: "Continue"; readonly messages: ReadonlyArray<string> }
  | { readonly _tag: "Block"; readonly reason: string }
  | { readonly _tag: "Halt"; readonly reason?: string }

/**
 * What becomes of the agent's stop after Stop: it ends (`End`), or it goes
 * back to the model (`jumpTo: "model"`) with `message` (the block reason,
 * context and feedback) as a user message.
 *
 * @category models
 * @since 0.2.0
 */
export type StopAction = { readonly _tag: "End" } | { readonly _tag: "Continue"; readonly message: string }

// ====== Deciding ======

/** Context and feedback for the model, block reasons too, in effect order. */
const modelTexts = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> =>
  effects.flatMap((e) =>
    e._tag === "InjectContext" || e._tag === "PromptModel" ? [e.text] : e._tag === "BlockStop" ? [e.reason] : []
  )

/**
 * Decide a tool call from PreToolUse's effects and their resolution (the
 * user's answer to an ask already in it).
 *
 * **Details**
 *
 * A deny (`BlockTool`, a refused ask), a defer (LangChain's loop cannot
 * pause one call for its host here) or a halt (`StopAgent`) refuses the
 * call with the text `blockedToolResult` gives, followed by the hooks'
 * notes for the model ("Hook context: ...", "Hook feedback: ..."). Anything
 * else runs it, with the resolution's `toolInput` when a hook updated it.
 *
 * **Example** (A deny)
 *
 * ```ts
 * const effects = [BlockTool({ reason: "rm -rf is not allowed" })]
 * toolCallAction(effects, resolveEffects(effects))
 * // => { _tag: "Refuse", content: "rm -rf is not allowed", halt: false }
 * ```
 *
 * @category deciding
 * @since 0.2.0
 */
export const toolCallAction = (effects: ReadonlyArray<HookEffect>, resolution: Resolution): ToolCallAction => {
  const notes = hookNotes(effects)
  const refused = blockedToolResult(resolution)
  if (refused !== undefined)
    return { _tag: "Refuse", content: withNotes(refused, notes), halt: resolution.stop !== undefined }
  return resolution.toolInput === undefined
    ? { _tag: "Run", notes }
    : { _tag: "Run", args: resolution.toolInput, notes }
}

/**
 * Decide what the model reads of a tool's result from PostToolUse's (or
 * PostToolUseFailure's) effects: the last `UpdateToolOutput` replaces the
 * content (a string as it is, anything else as JSON); the notes of
 * PreToolUse (`preNotes`) and of this event follow, separated by blank
 * lines. `undefined` when nothing changes.
 *
 * **Example** (A redaction)
 *
 * ```ts
 * const effects = [UpdateToolOutput({ output: "token=[redacted]" })]
 * toolResultAction(effects, resolveEffects(effects), [])
 * // => { replaced: true, content: "token=[redacted]" }
 * ```
 *
 * @category deciding
 * @since 0.2.0
 */
export const toolResultAction = (
  effects: ReadonlyArray<HookEffect>,
  resolution: Resolution,
  preNotes: ReadonlyArray<string>
): ToolResultAction => {
  const notes = [...preNotes, ...hookNotes(effects)]
  const replaced = resolution.toolOutput
  if (replaced !== undefined) return { replaced: true, content: withNotes(textOf(replaced.value), notes) }
  return notes.length === 0 ? undefined : { replaced: false, notes }
}

/**
 * Decide a prompt from UserPromptSubmit's effects and their resolution: a
 * halt first, then a block, else the run goes on with the context and
 * feedback texts (in effect order) as `messages`.
 *
 * **Example** (A block)
 *
 * ```ts
 * const effects = [BlockPrompt({ reason: "no secrets in prompts" })]
 * promptAction(effects, resolveEffects(effects)) // => { _tag: "Block", reason: "no secrets in prompts" }
 * ```
 *
 * @category deciding
 * @since 0.2.0
 */
export const promptAction = (effects: ReadonlyArray<HookEffect>, resolution: Resolution): PromptAction => {
  if (resolution.stop !== undefined)
    return resolution.stop.reason === undefined ? { _tag: "Halt" } : { _tag: "Halt", reason: resolution.stop.reason }
  if (resolution.promptBlocked !== undefined) return { _tag: "Block", reason: resolution.promptBlocked }
  return { _tag: "Continue", messages: modelTexts(effects) }
}

/**
 * Decide the agent's stop from Stop's effects and their resolution: a
 * `BlockStop` or feedback (`PromptModel`, which the session counts as a
 * block) sends the agent back to the model with the texts (block reasons,
 * context and feedback in effect order, blank-line separated); a halt or
 * anything else ends it. At the session's Stop-loop cap the block is
 * already a warning for the user, so the agent ends.
 *
 * **Example** (A blocked stop)
 *
 * ```ts
 * const effects = [BlockStop({ reason: "the tests still fail" })]
 * stopAction(effects, resolveEffects(effects)) // => { _tag: "Continue", message: "the tests still fail" }
 * ```
 *
 * @category deciding
 * @since 0.2.0
 */
export const stopAction = (effects: ReadonlyArray<HookEffect>, resolution: Resolution): StopAction => {
  if (resolution.stop !== undefined) return { _tag: "End" }
  if (resolution.continueWith === undefined && resolution.feedback.length === 0) return { _tag: "End" }
  return { _tag: "Continue", message: modelTexts(effects).join("\n\n") }
}
