/**
 * Settings for `prompt` and `agent` hooks: their schemas, the
 * events that accept them, their default timeouts, `$ARGUMENTS` expansion
 * and the checks validation runs on them (ARCHITECTURE section 5.4). Pure.
 *
 * @since 0.2.0
 */
import { Predicate, Schema } from "effect"
import type { HookEvent } from "../core/events.ts"
import type { OnFailure } from "../core/hook-run.ts"
import { OnFailure as OnFailureSchema } from "../core/hook-run.ts"
import { describeValue } from "../core/read-output.ts"
import type { ModelHookType } from "../core/prompt-verdict.ts"
import { hookKeysOf } from "./handler-fields.ts"
import { hookTypeEvents } from "./hook-types.ts"
import { modelHookDefaultTimeoutSeconds } from "./hook-timeouts.ts"

// ====== Events ======

/**
 * The events that accept `prompt` hooks, as the reference lists them:
 * PreToolUse, PermissionRequest, PermissionDenied, PostToolUse,
 * PostToolUseFailure, PostToolBatch, UserPromptSubmit, UserPromptExpansion,
 * Stop, SubagentStop, TaskCreated, TaskCompleted and TeammateIdle.
 *
 * @category constants
 * @since 0.2.0
 */
export const promptHookEvents: ReadonlyArray<HookEvent> = hookTypeEvents.prompt as ReadonlyArray<HookEvent>

/**
 * The events that accept `agent` hooks: those of `prompt` hooks but
 * PermissionRequest (Claude Code's October 2026 reference drops it).
 *
 * @category constants
 * @since 0.2.0
 */
export const agentHookEvents: ReadonlyArray<HookEvent> = hookTypeEvents.agent as ReadonlyArray<HookEvent>

/**
 * Whether a `prompt` or `agent` hook may be configured on `event`.
 *
 * @category predicates
 * @since 0.2.0
 */
export const acceptsModelHook = (type: ModelHookType, event: HookEvent): boolean =>
  (type === "prompt" ? promptHookEvents : agentHookEvents).includes(event)

// ====== Timeouts ======

/**
 * Default timeouts in seconds, as Claude Code's reference gives them: prompt
 * 30, agent 60 (kept in `hook-timeouts.ts` with the other timeouts).
 *
 * @category constants
 * @since 0.2.0
 */
export { modelHookDefaultTimeoutSeconds } from "./hook-timeouts.ts"

/**
 * The most tool-loop steps an `agent` hook takes before it must answer.
 *
 * @category constants
 * @since 0.2.0
 */
export const agentMaxSteps = 50

// ====== Schemas ======

const questionFields = {
  prompt: Schema.String.check(Schema.isPattern(/\S/u)).annotate({
    description: "What to ask the model; $ARGUMENTS is replaced by the event's JSON (appended when absent)."
  }),
  model: Schema.optionalKey(
    Schema.String.check(Schema.isPattern(/\S/u)).annotate({
      description:
        "Model name at the OpenAI-compatible endpoint (default: WAVE_HOOKS_MODEL); a host may pass its own model."
    })
  )
}

const outcomeFields = {
  onFailure: Schema.optionalKey(
    OnFailureSchema.annotate({
      description: '"block": no answer (timeout, error, garbage) blocks like exit 2 (fail closed).'
    })
  ),
  statusMessage: Schema.optionalKey(Schema.String.annotate({ description: "Shown while the hook runs." }))
}

/**
 * A `prompt` hook: ask a language model whether to proceed.
 *
 * @category schemas
 * @since 0.2.0
 */
export const PromptHookConfig = Schema.Struct({
  type: Schema.Literal("prompt").annotate({
    description: "Ask a language model; it answers {ok, reason, impossible}."
  }),
  ...questionFields,
  continueOnBlock: Schema.optionalKey(
    Schema.Boolean.annotate({
      description: "PreToolUse, PostToolUse: on ok:false, tell the model why and go on instead of ending the turn."
    })
  ),
  timeout: Schema.optionalKey(
    Schema.Finite.check(Schema.isGreaterThan(0)).annotate({
      description: "Seconds before the request is aborted (default 30)."
    })
  ),
  ...outcomeFields
}).annotate({ identifier: "PromptHook" })

/**
 * A `prompt` hook as configured.
 *
 * @category models
 * @since 0.2.0
 */
export type PromptHookConfig = typeof PromptHookConfig.Type

/**
 * An `agent` hook: a model with read-only tools over the project (read a file,
 * list a directory, search text; at most 50 steps) before it answers.
 *
 * @category schemas
 * @since 0.2.0
 */
export const AgentHookConfig = Schema.Struct({
  type: Schema.Literal("agent").annotate({
    description: "A model with read-only project tools; answers {ok, reason, impossible}."
  }),
  ...questionFields,
  timeout: Schema.optionalKey(
    Schema.Finite.check(Schema.isGreaterThan(0)).annotate({
      description: "Seconds before the loop is aborted (default 60)."
    })
  ),
  ...outcomeFields
}).annotate({ identifier: "AgentHook" })

/**
 * An `agent` hook as configured.
 *
 * @category models
 * @since 0.2.0
 */
export type AgentHookConfig = typeof AgentHookConfig.Type

/**
 * A `prompt` or `agent` hook: what the runner needs to ask the model.
 *
 * @category models
 * @since 0.2.0
 */
export interface ModelHookConfig {
  readonly type: ModelHookType
  readonly prompt: string
  readonly model?: string | undefined
  readonly continueOnBlock?: boolean | undefined
  readonly timeoutSeconds?: number | undefined
  readonly onFailure?: OnFailure | undefined
  readonly statusMessage?: string | undefined
}

// ====== $ARGUMENTS ======

/**
 * The prompt sent to the model: every `$ARGUMENTS` replaced by the event's
 * JSON, or the JSON appended after a blank line when the prompt has none.
 *
 * **Example** (Both forms)
 *
 * ```ts
 * expandArguments("Is $ARGUMENTS safe?", '{"a":1}') // => 'Is {"a":1} safe?'
 * expandArguments("Is it safe?", '{"a":1}')         // => 'Is it safe?\n\n{"a":1}'
 * ```
 *
 * @category prompts
 * @since 0.2.0
 */
export const expandArguments = (prompt: string, payloadJson: string): string =>
  prompt.includes("$ARGUMENTS") ? prompt.split("$ARGUMENTS").join(payloadJson) : `${prompt}\n\n${payloadJson}`

// ====== Validation ======

/**
 * One problem with a `prompt` or `agent` hook entry, relative to the hook's
 * JSON path (`key` undefined: the whole entry).
 *
 * @category models
 * @since 0.2.0
 */
export interface ModelHookProblem {
  readonly severity: "error" | "warning"
  readonly key: string | undefined
  readonly problem: string
  readonly fix: string
}

const knownKeys: { readonly [T in ModelHookType]: ReadonlyArray<string> } = {
  prompt: hookKeysOf(PromptHookConfig.fields),
  agent: hookKeysOf(AgentHookConfig.fields)
}

const isOnFailure = Schema.is(OnFailureSchema)

/**
 * Check a `prompt` or `agent` hook entry configured on `event`: the config
 * when it can run, and every problem (errors skip the entry, warnings keep
 * it), each with its fix.
 *
 * **Details**
 *
 * Errors: the type on an event that does not accept it (naming the events
 * that do), a missing or blank `prompt`, a `model` that is not a non-blank
 * string, a non-positive `timeout`, a bad `onFailure`, a `continueOnBlock`
 * that is not a boolean. Warnings: a timeout of 1000 or more (looks like
 * milliseconds), a hook on PermissionRequest or PermissionDenied (its answer
 * changes nothing), `command` on a model hook (ignored), `continueOnBlock` on an
 * `agent` hook (agents always continue) or on an event where it changes
 * nothing, other unknown keys.
 *
 * @category validation
 * @since 0.2.0
 */
// long: one check per field of a prompt or agent hook, in the schema's order, sharing one problem list
export const checkModelHook = (
  type: ModelHookType,
  hook: { readonly [key: string]: unknown },
  event: HookEvent
): { readonly config: ModelHookConfig | undefined; readonly problems: ReadonlyArray<ModelHookProblem> } => {
  const problems: Array<ModelHookProblem> = []
  const error = (key: string | undefined, problem: string, fix: string) =>
    problems.push({ severity: "error", key, problem, fix })
  const warning = (key: string | undefined, problem: string, fix: string) =>
    problems.push({ severity: "warning", key, problem, fix })
  if (!acceptsModelHook(type, event)) {
    const accepted = (type === "prompt" ? promptHookEvents : agentHookEvents).join(", ")
    error(
      "type",
      `"${type}" hooks do not run on ${event}; the hook was skipped`,
      `use a "command" hook on ${event}, or move this hook to one of: ${accepted}`
    )
  }
  if (acceptsModelHook(type, event) && (event === "PermissionRequest" || event === "PermissionDenied")) {
    warning(
      "type",
      `a ${type} hook's answer changes nothing on ${event} (ok: false has no effect there, as in Claude Code); the hook only costs a model call`,
      `use a "command" or "http" hook to allow or deny on ${event}, or move this hook to PreToolUse`
    )
  }
  const prompt = hook["prompt"]
  if (typeof prompt !== "string" || prompt.trim().length === 0) {
    error(
      "prompt",
      prompt === undefined
        ? "missing prompt; the hook was skipped"
        : typeof prompt === "string"
          ? "empty prompt; the hook was skipped"
          : `expected a string, found ${describeValue(prompt)}; the hook was skipped`,
      'write what to ask, e.g. "prompt": "Does this command only read files? $ARGUMENTS"'
    )
  }
  const model = hook["model"]
  if (model !== undefined && (typeof model !== "string" || model.trim().length === 0)) {
    error(
      "model",
      `expected a model name, found ${describeValue(model)}; the hook was skipped`,
      'write e.g. "model": "llama3.2", or remove it to use WAVE_HOOKS_MODEL'
    )
  }
  let timeoutSeconds: number | undefined
  if ("timeout" in hook) {
    const timeout = hook["timeout"]
    if (typeof timeout !== "number" || !Number.isFinite(timeout) || timeout <= 0) {
      error(
        "timeout",
        `expected a positive number of seconds, found ${describeValue(timeout)}; the hook was skipped`,
        `write e.g. "timeout": ${modelHookDefaultTimeoutSeconds[type]}, or remove it for the default`
      )
    } else {
      timeoutSeconds = timeout
      if (timeout >= 1000) {
        warning(
          "timeout",
          `${timeout} seconds looks like milliseconds (timeouts are in seconds)`,
          `write "timeout": ${Math.max(1, Math.round(timeout / 1000))} if you meant ${timeout} ms`
        )
      }
    }
  }
  let onFailure: OnFailure = "continue"
  if ("onFailure" in hook) {
    if (isOnFailure(hook["onFailure"])) onFailure = hook["onFailure"]
    else
      error(
        "onFailure",
        `expected "continue" or "block", found ${describeValue(hook["onFailure"])}; the hook was skipped`,
        'write "onFailure": "block" to fail closed, or remove it'
      )
  }
  const continueOnBlock = hook["continueOnBlock"]
  if (continueOnBlock !== undefined) {
    if (typeof continueOnBlock !== "boolean") {
      error(
        "continueOnBlock",
        `expected true or false, found ${describeValue(continueOnBlock)}; the hook was skipped`,
        'write "continueOnBlock": true, or remove it'
      )
    } else if (type === "prompt" && event !== "PreToolUse" && event !== "PostToolUse") {
      warning(
        "continueOnBlock",
        `has no effect on ${event} (only PreToolUse and PostToolUse end the turn on ok:false)`,
        "remove it"
      )
    }
  }
  const statusMessage = hook["statusMessage"]
  if (statusMessage !== undefined && typeof statusMessage !== "string") {
    warning(
      "statusMessage",
      `expected a string, found ${describeValue(statusMessage)}; it is ignored`,
      'write e.g. "statusMessage": "Checking the command..."'
    )
  }
  for (const key of Object.keys(hook)) {
    if (knownKeys[type].includes(key)) continue
    if (key === "continueOnBlock") {
      warning(
        key,
        `"agent" hooks always tell the model why and go on (as continueOnBlock: true); it is ignored`,
        "remove it"
      )
    } else if (key === "command") {
      warning(key, `"${type}" hooks run no command; it is ignored`, `remove it, or write "type": "command" to run it`)
    } else {
      warning(
        key,
        `unknown key "${key}" in ${type === "agent" ? "an" : "a"} ${type} hook; it is ignored`,
        `remove it (valid keys: ${knownKeys[type].join(", ")})`
      )
    }
  }
  if (problems.some((p) => p.severity === "error")) return { config: undefined, problems }
  return {
    config: {
      type,
      prompt: prompt as string,
      ...(typeof model === "string" ? { model } : {}),
      ...(type === "prompt" && typeof continueOnBlock === "boolean" ? { continueOnBlock } : {}),
      ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
      onFailure,
      ...(typeof statusMessage === "string" ? { statusMessage } : {})
    },
    problems
  }
}

/**
 * Whether a hook entry is a `prompt` or `agent` hook (by its `type`).
 *
 * @category predicates
 * @since 0.2.0
 */
export const isModelHookEntry = (
  hook: unknown
): hook is { readonly type: ModelHookType; readonly [key: string]: unknown } =>
  Predicate.isObject(hook) &&
  ((hook as Record<string, unknown>)["type"] === "prompt" || (hook as Record<string, unknown>)["type"] === "agent")
