/**
 * The oracle for the dialects whose answer's text decides (`exitCodeRows: "text-decides"`: Gemini CLI), written
 * from Gemini CLI's contract (research agent-dialects.md 2.4-2.7, notes/issue-25/design.md 2.1, 2.2, 4), not from
 * `decide`: which events Gemini has and what they are called, which events ignore `continue`, what a deny does on
 * each event, and the effects a run whose text is not a JSON object gives.
 *
 * Gemini CLI's reading (research 2.4): `text` is the trimmed stdout, else the trimmed stderr; a JSON object (a
 * JSON string is parsed a second time) is the answer on any exit code; else exit 0 shows the text, exit 1 shows
 * `Warning: text`, any other code is `{decision: "deny", reason: text}`, and no text is no answer. Every non-zero
 * exit also tells the user `Hook(s) [name] failed for event X`.
 */
import type { HookEffect, HookEvent, HookRun } from "../../src/index.ts"

/** Gemini CLI's name of each internal event it fires (research 2.1, 2.2, 2.7). */
export const geminiEventNames: { readonly [E in HookEvent]?: string } = {
  PreToolUse: "BeforeTool",
  PostToolUse: "AfterTool",
  UserPromptSubmit: "BeforeAgent",
  Stop: "AfterAgent",
  SessionStart: "SessionStart",
  SessionEnd: "SessionEnd",
  PreCompact: "PreCompress",
  Notification: "Notification",
  PreModelRequest: "BeforeModel",
  PostModelResponse: "AfterModel",
  PreToolSelection: "BeforeToolSelection"
}

/** The internal events Gemini CLI fires (the contract covers them; the library decides the others too). */
export const geminiEvents: ReadonlyArray<HookEvent> = Object.keys(geminiEventNames) as Array<HookEvent>

/** The name messages give an event: Gemini CLI's own when it has one, else the internal name. */
export const geminiNameOf = (event: HookEvent): string => geminiEventNames[event] ?? event

/**
 * Events where Gemini CLI ignores `continue: false` (research 2.5, 2.7: SessionStart, SessionEnd, PreCompress,
 * Notification; 2.5: BeforeToolSelection uses none of decision, continue and systemMessage).
 */
export const geminiIgnoresContinue: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "SessionStart",
  "SessionEnd",
  "PreCompact",
  "Notification",
  "PreToolSelection"
])

/** Events whose `hookSpecificOutput.additionalContext` Gemini CLI reads (AfterTool, BeforeAgent, SessionStart). */
export const geminiContextEvents: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "PostToolUse",
  "UserPromptSubmit",
  "SessionStart"
])

/**
 * What `decision: "deny"` (or `"block"`, or a text on exit >= 2) with reason `reason` does on `event` (research
 * 2.5, 2.7): BeforeTool blocks the tool (the reason for the model), AfterTool replaces the tool's result with
 * `Tool result blocked: <reason>`, BeforeAgent blocks the prompt, AfterAgent sends the reason back to the model,
 * BeforeModel and AfterModel end the turn (research 2.5: "Agent execution blocked", the reason the user's).
 * Other events cannot block: nothing.
 */
export const geminiDenyOf = (event: HookEvent, reason: string): ReadonlyArray<HookEffect> => {
  switch (event) {
    case "PreToolUse":
      return [{ _tag: "BlockTool", reason }]
    case "PostToolUse":
      return [{ _tag: "UpdateToolOutput", output: `Tool result blocked: ${reason}` }]
    case "UserPromptSubmit":
      return [{ _tag: "BlockPrompt", reason }]
    case "Stop":
      return [{ _tag: "BlockStop", reason }]
    case "PreModelRequest":
    case "PostModelResponse":
      return [{ _tag: "BlockModelRequest", reason }]
    default:
      return []
  }
}

/** The reader of a deny's reason on `event` (BlockTool, UpdateToolOutput, BlockStop: the model; BlockPrompt: the user). */
export const geminiDenyReaderOf = (event: HookEvent): "user" | "model" | undefined => {
  switch (event) {
    case "PreToolUse":
    case "PostToolUse":
    case "Stop":
      return "model"
    case "UserPromptSubmit":
    case "PreModelRequest":
    case "PostModelResponse":
      return "user"
    default:
      return undefined
  }
}

/** Research 2.4 step 1: the trimmed stdout, or the trimmed stderr when stdout is empty. */
export const answerTextOf = (run: Pick<HookRun, "stdout" | "stderr">): string => {
  const stdout = run.stdout.trim()
  return stdout.length > 0 ? stdout : run.stderr.trim()
}

/** Research 2.4 step 2: the text as a JSON object (a JSON string is parsed a second time), else `undefined`. */
export const jsonAnswerOf = (text: string): { readonly [key: string]: unknown } | undefined => {
  const parse = (t: string): unknown => {
    try {
      return JSON.parse(t)
    } catch {
      return undefined
    }
  }
  let value = parse(text)
  if (typeof value === "string") value = parse(value)
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as { readonly [key: string]: unknown })
    : undefined
}

/** The text of the "failed" notice every non-zero exit gives, the hook's name left out (it is the command, shortened). */
export const failedNoticeOf = (event: HookEvent): string => `Hook(s) [...] failed for event ${geminiNameOf(event)}.`

/** An effect with the hook's name in a "failed" notice replaced as in {@link failedNoticeOf}. */
export const withoutHookName = (effect: HookEffect): HookEffect => {
  if (effect._tag !== "ShowUser") return effect
  const match = /^Hook\(s\) \[[\s\S]*\] failed for event (\S+)\.$/u.exec(effect.text)
  return match === null ? effect : { ...effect, text: `Hook(s) [...] failed for event ${match[1]}.` }
}

/**
 * The effects other than Diagnostics that a run whose text is not a JSON object gives on `event`, `onFailure`
 * being `continue` (research 2.4 steps 3-5), the "failed" notice as {@link failedNoticeOf}; for an empty text on
 * exit 2, `silentExit2` (research: design 4 row 2, a ShowUser warning that the exit blocks nothing) stands for the
 * warning whose wording is wave-hooks' own.
 */
export const textRowsOf = (
  event: HookEvent,
  run: Pick<HookRun, "stdout" | "stderr">,
  exitCode: number
): { readonly effects: ReadonlyArray<HookEffect>; readonly silentExit2: boolean } => {
  const text = answerTextOf(run)
  const failed: ReadonlyArray<HookEffect> =
    exitCode === 0 ? [] : [{ _tag: "ShowUser", level: "warning", text: failedNoticeOf(event) }]
  if (text.length === 0) return { effects: failed, silentExit2: exitCode === 2 }
  if (exitCode === 0) return { effects: [{ _tag: "ShowUser", level: "info", text }], silentExit2: false }
  if (exitCode === 1)
    return {
      effects: [{ _tag: "ShowUser", level: "warning", text: `Warning: ${text}` }, ...failed],
      silentExit2: false
    }
  return { effects: [...geminiDenyOf(event, text), ...failed], silentExit2: false }
}
