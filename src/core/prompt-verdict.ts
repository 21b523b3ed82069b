/**
 * Prompt and agent hooks: the model's answer `{ok, reason?,
 * impossible?}` and the hook run it stands for, so `decide`, `combine` and
 * `explain` treat a model's verdict exactly like a command's (ARCHITECTURE
 * section 5.4). Pure.
 *
 * @since 0.2.0
 */
import { Schema } from "effect"
import type { HookEvent } from "./events.ts"
import type { HookRun } from "./hook-run.ts"
import { hookRun } from "./hook-run.ts"

// ====== The answer ======

/**
 * Schema of a prompt or agent hook's answer: `ok` says whether to proceed;
 * `reason` says why not; `impossible` (Stop, SubagentStop) says the condition
 * the hook checks can never be met, so the agent stops anyway.
 *
 * @category schemas
 * @since 0.2.0
 */
export const PromptAnswer = Schema.Struct({
  ok: Schema.Boolean.annotate({ description: "true: proceed. false: do not (say why in reason)." }),
  reason: Schema.optionalKey(Schema.String.annotate({ description: "Why not; required when ok is false." })),
  impossible: Schema.optionalKey(
    Schema.Boolean.annotate({ description: "true when what is asked for can never be done, so going on is pointless." })
  )
}).annotate({ identifier: "PromptAnswer" })

/**
 * A prompt or agent hook's answer.
 *
 * @category models
 * @since 0.2.0
 */
export type PromptAnswer = typeof PromptAnswer.Type

/**
 * The JSON Schema of `PromptAnswer`, for structured output requests
 * (derived from the Effect Schema).
 *
 * **Details**
 *
 * Every property is listed as required and no other is allowed, as OpenAI's
 * strict structured outputs demand (a model then says `"reason": ""` and
 * `"impossible": false` when they do not apply). Reading an answer stays
 * lenient: `readPromptAnswer` needs only `ok`.
 *
 * @category schemas
 * @since 0.2.0
 */
export const promptAnswerJsonSchema = (): Record<string, unknown> => {
  const document = Schema.toJsonSchemaDocument(PromptAnswer)
  const root = document.schema as Record<string, unknown>
  const ref = typeof root["$ref"] === "string" ? root["$ref"].replace("#/$defs/", "") : undefined
  const schema = ref === undefined ? root : (document.definitions[ref] as Record<string, unknown>)
  return { ...schema, required: ["ok", "reason", "impossible"], additionalProperties: false }
}

/**
 * Read a model's answer (already parsed from JSON) as a `PromptAnswer`:
 * `undefined` and a message saying what is wrong when it is not one. Extra
 * keys are ignored.
 *
 * @category parsing
 * @since 0.2.0
 */
export const readPromptAnswer = (value: unknown): { readonly answer: PromptAnswer } | { readonly problem: string } => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      problem: `the answer is ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}, not an object {"ok": boolean, "reason"?: string, "impossible"?: boolean}`
    }
  }
  const record = value as Record<string, unknown>
  if (typeof record["ok"] !== "boolean") {
    return {
      problem: `"ok" is ${record["ok"] === undefined ? "missing" : JSON.stringify(record["ok"])}, not true or false`
    }
  }
  if (record["reason"] !== undefined && record["reason"] !== null && typeof record["reason"] !== "string") {
    return { problem: `"reason" is ${JSON.stringify(record["reason"])}, not a string` }
  }
  if (
    record["impossible"] !== undefined &&
    record["impossible"] !== null &&
    typeof record["impossible"] !== "boolean"
  ) {
    return { problem: `"impossible" is ${JSON.stringify(record["impossible"])}, not true or false` }
  }
  const answer: { ok: boolean; reason?: string; impossible?: boolean } = { ok: record["ok"] }
  if (typeof record["reason"] === "string") answer.reason = record["reason"]
  if (typeof record["impossible"] === "boolean") answer.impossible = record["impossible"]
  return { answer }
}

// ====== The outcome ======

/**
 * Which kind of model hook answered: `agent` hooks map `ok: false` as a
 * prompt hook with `continueOnBlock: true` does.
 *
 * @category models
 * @since 0.2.0
 */
export type ModelHookType = "prompt" | "agent"

/**
 * What `promptOutcome` needs besides the answer.
 *
 * @category models
 * @since 0.2.0
 */
export interface PromptOutcomeOptions {
  readonly type: ModelHookType
  /** PreToolUse, PostToolUse: the reason goes to the model and the turn continues, instead of ending it. */
  readonly continueOnBlock?: boolean
  /** Names the hook in default texts (`HookRun.command`). */
  readonly label: string
  readonly durationMs?: number
}

/** The reason, or a default naming the hook. */
const reasonOf = (answer: PromptAnswer, label: string): string => {
  const reason = answer.reason?.trim() ?? ""
  return reason.length > 0 ? reason : `Hook "${label}" answered ok: false without giving a reason.`
}

/**
 * The hook run a model's answer stands for on `event`: its exit code, stdout
 * and stderr make `decide` give what Claude Code's reference gives for the
 * answer, in both dialects.
 *
 * **Details**
 *
 * `ok: true` is exit 0 with no output (no opinion: nothing is allowed that
 * would not have been). `ok: false` (the reason, or a default that names the
 * hook):
 *
 * | event | run | effects |
 * |---|---|---|
 * | PreToolUse | `{"continue": false, "stopReason": reason}` | `StopAgent` (the tool does not run, the turn ends) |
 * | PreToolUse, continueOnBlock or agent | `permissionDecision: "deny"` | `BlockTool{reason}` (the model reads it as the tool error) |
 * | PostToolUse | `{"continue": false, ...}` | `StopAgent` |
 * | PostToolUse, continueOnBlock or agent | `decision: "block"` | `PromptModel{reason}` |
 * | UserPromptSubmit | `decision: "block"` | `BlockPrompt{reason}` (the turn ends before it starts) |
 * | Stop, SubagentStop | `decision: "block"` | `BlockStop{reason}` (the agent goes on) |
 * | Stop, SubagentStop with `impossible: true` | `systemMessage` | `ShowUser{warning}` (the agent stops) |
 * | PostToolUseFailure | exit 2, stderr = reason | `PromptModel{reason}` (next to the tool error) |
 * | PermissionRequest | exit 0 | nothing |
 * | any other event | exit 1 | `ShowUser{error}` (prompt hooks do not run there; validation reports it) |
 *
 * **Example** (A Stop hook that is not satisfied)
 *
 * ```ts
 * decide("Stop", promptOutcome("Stop", { ok: false, reason: "tests fail" }, { type: "prompt", label: "prompt" }))
 * // => [{ _tag: "BlockStop", reason: "tests fail" }]
 * ```
 *
 * @category outcomes
 * @since 0.2.0
 */
export const promptOutcome = (event: HookEvent, answer: PromptAnswer, options: PromptOutcomeOptions): HookRun => {
  const base = { command: options.label, durationMs: options.durationMs ?? 0 }
  if (answer.ok) return hookRun({ ...base, exitCode: 0 })
  const reason = reasonOf(answer, options.label)
  const continues = options.type === "agent" || options.continueOnBlock === true
  const json = (value: unknown): HookRun => hookRun({ ...base, exitCode: 0, stdout: JSON.stringify(value) })
  const endTurn = json({ continue: false, stopReason: reason })
  switch (event) {
    case "PreToolUse":
      return continues
        ? json({
            hookSpecificOutput: { hookEventName: event, permissionDecision: "deny", permissionDecisionReason: reason }
          })
        : endTurn
    case "PostToolUse":
      return continues ? json({ decision: "block", reason }) : endTurn
    case "UserPromptSubmit":
    case "UserPromptExpansion":
      return json({ decision: "block", reason })
    case "PostToolBatch":
      // The turn ends (reference 5): PostToolBatch's block stops the loop before the next model call.
      return json({ decision: "block", reason })
    case "TaskCreated":
    case "TaskCompleted":
    case "TeammateIdle":
      // A tool error for the task (rolled back, or not completed) / the teammate keeps working: the exit-2 row.
      return hookRun({ ...base, exitCode: 2, stderr: reason })
    case "Stop":
    case "SubagentStop":
      return answer.impossible === true
        ? json({
            systemMessage: `Hook "${options.label}" judged it impossible to go on, so the agent stops: ${reason}`
          })
        : json({ decision: "block", reason })
    case "PostToolUseFailure":
      return hookRun({ ...base, exitCode: 2, stderr: reason })
    case "PermissionRequest":
    case "PermissionDenied":
      return hookRun({ ...base, exitCode: 0 })
    default:
      return hookRun({
        ...base,
        exitCode: 1,
        stderr: `${options.type} hooks do not run on ${event}; its answer was ignored. Use a command hook for ${event}.`
      })
  }
}

/**
 * The hook run of a model hook that could not answer (no model configured,
 * the request failed, the answer was not `{ok, ...}`): exit 1 with the
 * message on stderr, so `decide` shows it to the user, or blocks under
 * `onFailure: "block"`, like any failed hook. Never read as `ok`.
 *
 * @category outcomes
 * @since 0.2.0
 */
export const promptFailure = (label: string, message: string, durationMs = 0): HookRun =>
  hookRun({ command: label, exitCode: 1, stderr: message, durationMs })

/**
 * The hook run of a model hook that ran out of time: like a command that timed
 * out (no decision; `onFailure: "block"` blocks).
 *
 * @category outcomes
 * @since 0.2.0
 */
export const promptTimeout = (label: string, durationMs: number): HookRun =>
  hookRun({ command: label, exitCode: null, timedOut: true, durationMs })

/**
 * The name a model hook goes by in messages: its type and the start of its
 * prompt, e.g. `prompt: Is this command safe? ...` (`decide` quotes it:
 * `Hook "prompt: Is this command safe? ..."`).
 *
 * @category outcomes
 * @since 0.2.0
 */
export const modelHookLabel = (type: ModelHookType, prompt: string): string => {
  const line = prompt.replace(/\s+/gu, " ").trim()
  return `${type}: ${line.length > 40 ? `${line.slice(0, 40)}...` : line}`
}
