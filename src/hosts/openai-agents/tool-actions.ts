/**
 * The OpenAI Agents host's decisions, as pure functions: a tool event's
 * combined effects in, what the SDK is told out (its approval, tool
 * guardrail and tool output slots). `withHooks` does the wrapping and the
 * I/O; nothing here imports the SDK.
 *
 * @since 0.2.0
 */
import type { HookEffect } from "../../effects/hook-effect.ts"
import { carriesOut, notApplicableText } from "../../effects/host-capabilities.ts"
import type { HookEvent } from "../../core/events.ts"
import { resolveEffects } from "../../interpreters/resolution.ts"
import { hookNotes, textOf, withNotes } from "../../interpreters/ai-sdk/model-text.ts"
import type { UserMessage } from "../../interpreters/ai-sdk/user-message.ts"

// ====== Models ======

/**
 * What PreToolUse decided for a tool call, in the SDK's terms.
 *
 * - `Refuse`: the tool input guardrail rejects the call (`rejectContent`):
 *   the tool does not run and the model gets `output` (the deny reason and
 *   any hook context).
 * - `Stop`: the tool input guardrail throws (`throwException`): the run
 *   ends; `reason` is for the user.
 * - `Run`: the tool runs, with `input` when a hook rewrote it, and `notes`
 *   (hook context) appended to its output. `approval` is what `needsApproval`
 *   answers: `ask` (an interruption: `state.approve` / `state.reject`),
 *   `allow` (no approval, even when the tool asks for one), or `tool` (the
 *   tool's own `needsApproval` decides). `askReason` is the hook's question,
 *   for the user.
 *
 * @category models
 * @since 0.2.0
 */
export type PreToolAction =
  | { readonly _tag: "Refuse"; readonly output: string }
  | { readonly _tag: "Stop"; readonly reason?: string }
  | {
      readonly _tag: "Run"
      readonly approval: "ask" | "allow" | "tool"
      readonly askReason?: string
      readonly input?: { readonly [key: string]: unknown }
      readonly notes: ReadonlyArray<string>
    }

/**
 * What PostToolUse decided: the output the model sees (the tool's, a hook's
 * replacement, either with hook notes appended as text), whether it differs
 * from the tool's, and a halt when a hook stopped the agent.
 *
 * @category models
 * @since 0.2.0
 */
export interface PostToolAction {
  readonly output: unknown
  readonly changed: boolean
  readonly stop?: { readonly reason?: string }
}

// ====== Deciding ======

/**
 * Decide a tool call from PreToolUse's combined effects.
 *
 * **Details**
 *
 * `StopAgent` wins (`Stop`); else `BlockTool` refuses with its reason;
 * `AskPermission` and `DeferTool` (the SDK can pause a call for its host)
 * ask; `AllowTool` allows; anything else leaves approval to the tool. The
 * last `UpdateInput` is the new input (dropped with a deny or a defer, as
 * the precedence table says); `InjectContext` texts become notes
 * ("Hook context: ...").
 *
 * **Example** (A deny)
 *
 * ```ts
 * preToolAction([BlockTool({ reason: "no rm -rf" })])
 * // => { _tag: "Refuse", output: "no rm -rf" }
 * ```
 *
 * @category deciding
 * @since 0.2.0
 */
export const preToolAction = (effects: ReadonlyArray<HookEffect>): PreToolAction => {
  const resolution = resolveEffects(effects, "allow")
  const notes = hookNotes(effects)
  if (resolution.stop !== undefined) {
    return resolution.stop.reason === undefined ? { _tag: "Stop" } : { _tag: "Stop", reason: resolution.stop.reason }
  }
  if (resolution.permission === "deny") return { _tag: "Refuse", output: withNotes(resolution.denyReason ?? "", notes) }
  const input = resolution.toolInput === undefined ? {} : { input: resolution.toolInput }
  if (resolution.permission === "defer" || resolution.asked !== undefined) {
    const reason = resolution.deferred?.reason ?? resolution.asked?.reason
    return { _tag: "Run", approval: "ask", ...(reason === undefined ? {} : { askReason: reason }), ...input, notes }
  }
  return { _tag: "Run", approval: resolution.permission === "allow" ? "allow" : "tool", ...input, notes }
}

/**
 * What `needsApproval` answers for a decided call: `true` asks (an
 * interruption), `false` runs without asking, `undefined` asks the tool's
 * own `needsApproval`. A refused or stopped call needs no approval: the
 * tool input guardrail ends it.
 *
 * @category deciding
 * @since 0.2.0
 */
export const needsApprovalOf = (action: PreToolAction): boolean | undefined =>
  action._tag !== "Run" ? false : action.approval === "ask" ? true : action.approval === "allow" ? false : undefined

/**
 * The output the model sees after PostToolUse (or the output of a call
 * whose PostToolUse was not fired, with only the PreToolUse notes).
 *
 * **Details**
 *
 * The last `UpdateToolOutput` replaces the output; `InjectContext` and
 * `PromptModel` texts, after the PreToolUse `notes`, are appended ("Hook
 * context: ...", "Hook feedback: ..."), which turns the output into text. A
 * `StopAgent` sets `stop`.
 *
 * **Example** (A redaction)
 *
 * ```ts
 * postToolAction([UpdateToolOutput({ output: "token=[redacted]" })], "token=abc", [])
 * // => { output: "token=[redacted]", changed: true }
 * ```
 *
 * @category deciding
 * @since 0.2.0
 */
export const postToolAction = (
  effects: ReadonlyArray<HookEffect>,
  output: unknown,
  notes: ReadonlyArray<string>
): PostToolAction => {
  const resolution = resolveEffects(effects, "allow")
  const allNotes = [...notes, ...hookNotes(effects)]
  const stop = resolution.stop === undefined ? {} : { stop: resolution.stop }
  const value = resolution.toolOutput === undefined ? output : resolution.toolOutput.value
  if (allNotes.length === 0) return { output: value, changed: resolution.toolOutput !== undefined, ...stop }
  return { output: withNotes(textOf(value), allNotes), changed: true, ...stop }
}

/**
 * The message of the error a failed tool call rethrows when
 * PostToolUseFailure (or PreToolUse) gave the model notes: the tool's
 * message followed by them; `undefined` when there are none (the error is
 * rethrown as it is).
 *
 * @category deciding
 * @since 0.2.0
 */
export const failureMessage = (
  effects: ReadonlyArray<HookEffect>,
  message: string,
  notes: ReadonlyArray<string>
): string | undefined => {
  const allNotes = [...notes, ...hookNotes(effects)]
  return allNotes.length === 0 ? undefined : withNotes(message, allNotes)
}

// ====== Messages for the user ======

/**
 * The user messages of one tool event, in effect order: `ShowUser` texts,
 * "Approval asked for <tool>: <reason>" for an ask or a defer (the run
 * returns the call in `interruptions`), "Agent stopped by a hook: <reason>"
 * for a halt, and a warning for the effects this host cannot carry out
 * (permission-rule updates, retries, elicitation answers, worktrees, titles,
 * watch paths). Model-visible effects and diagnostics give none.
 *
 * @category messages
 * @since 0.2.0
 */
export const userMessagesOf = (
  event: HookEvent,
  toolName: string,
  effects: ReadonlyArray<HookEffect>
): ReadonlyArray<UserMessage> => {
  const halted = effects.some((e) => e._tag === "StopAgent")
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch is exhaustive over the tags this host carries out (TypeScript checks the annotated return)
  return effects.flatMap((effect): ReadonlyArray<UserMessage> => {
    if (!carriesOut("openai-agents-tool", effect)) {
      return [
        { event, level: "warning", text: notApplicableText(effect._tag, "a tool call of the OpenAI Agents host") }
      ]
    }
    switch (effect._tag) {
      case "ShowUser":
        return [{ event, level: effect.level, text: effect.text }]
      case "AskPermission":
      case "DeferTool":
        return halted
          ? []
          : [
              {
                event,
                level: "info",
                text: `Approval asked${toolName === "" ? "" : ` for ${toolName}`}${effect.reason === undefined ? "" : `: ${effect.reason}`}`
              }
            ]
      case "StopAgent":
        return [
          {
            event,
            level: "warning",
            text: `Agent stopped by a hook${effect.reason === undefined ? "" : `: ${effect.reason}`}`
          }
        ]
      case "AllowTool":
      case "BlockTool":
      case "UpdateInput":
      case "UpdateToolOutput":
      case "InjectContext":
      case "PromptModel":
      case "Diagnostic":
        return []
    }
  })
}

// ====== Halts ======

/**
 * The name of the tool guardrails `withHooks` adds: the hook's halt is a
 * tripwire of this guardrail.
 *
 * @category constants
 * @since 0.2.0
 */
export const hookGuardrailName = "wave-hooks"

/**
 * The `outputInfo` of the tripwire a hook's `StopAgent` throws.
 *
 * @category models
 * @since 0.2.0
 */
export interface HookStop {
  readonly waveHooksStop: true
  readonly event: "PreToolUse" | "PostToolUse"
  readonly toolName: string
  readonly reason?: string
}

const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as { readonly [k: string]: unknown })[key] : undefined

/**
 * Whether an error a run rejected with is a hook's halt (`StopAgent`,
 * `continue: false`), and then which: the SDK's
 * `ToolInputGuardrailTripwireTriggered` or
 * `ToolOutputGuardrailTripwireTriggered` of the `wave-hooks` guardrail, as
 * thrown or wrapped in the `ToolCallError` the runner rethrows.
 * `undefined` for any other error.
 *
 * **Example** (Telling a halt from a failure)
 *
 * ```ts
 * try {
 *   await run(agent, "clean up")
 * } catch (error) {
 *   const stop = hookStopOf(error)
 *   if (stop === undefined) throw error
 *   console.log(`stopped by a hook: ${stop.reason ?? "no reason given"}`)
 * }
 * ```
 *
 * @category halts
 * @since 0.2.0
 */
export const hookStopOf = (error: unknown): HookStop | undefined => {
  for (const candidate of [error, fieldOf(error, "error")]) {
    const result = fieldOf(candidate, "result")
    if (fieldOf(fieldOf(result, "guardrail"), "name") !== hookGuardrailName) continue
    const info = fieldOf(fieldOf(result, "output"), "outputInfo")
    if (fieldOf(info, "waveHooksStop") === true) return info as HookStop
  }
  return undefined
}
