/**
 * The limits one event's hooks run under (ARCHITECTURE sections 6.6 and 7):
 * each hook's timeout, the SessionEnd budget of the claude-code dialect, and
 * the Stop-loop cap from the environment, with the Diagnostics of variables
 * that could not be read; and the Diagnostics of `if` conditions that failed
 * open.
 *
 * @since 0.2.0
 */
import { at } from "../core/rule-id.ts"
import type { Dialect } from "../core/dialect.ts"
import { dialectRules } from "../core/dialect.ts"
import type { HookEvent } from "../core/events.ts"
import type { TracedEffect } from "../core/trace.ts"
import { Diagnostic, ShowUser } from "../effects/hook-effect.ts"
import { sessionEndBudget, sessionEndBudgetVariable } from "../settings/hook-timeouts.ts"
import type { HookPlan } from "../settings/plan.ts"
import { effectiveTimeoutSeconds, hookDialectOf } from "../settings/plan.ts"
import type { ConfiguredHook } from "../settings/settings-schema.ts"
import { stopLoopCapFromEnv } from "./stop-loop-cap.ts"

/**
 * The limits of one event's run.
 *
 * @category models
 * @since 0.2.0
 */
export interface RunLimits {
  /** Milliseconds a hook may still run when it starts (0 or less: the shared budget is spent). */
  readonly timeoutMs: (hook: ConfiguredHook) => number
  /** The Stop-loop cap set by the environment, if any. */
  readonly stopLoopCap: number | undefined
  /** Diagnostics about the limits (a variable that could not be read). */
  readonly effects: ReadonlyArray<TracedEffect>
}

const invalidVariable = (message: string): ReadonlyArray<TracedEffect> => [
  { effect: Diagnostic({ code: "invalid-env-variable", message }), ...at("run.limits", "limits") },
  { effect: ShowUser({ level: "warning", text: message }), ...at("run.limits", "limits") }
]

/**
 * The limits of an event's hooks: each hook's own timeout (in its own
 * dialect, `hookDialectOf` with `dialect` the run's), or for a claude-code
 * hook on SessionEnd, what is left of the budget the claude-code hooks share
 * (`sessionEndBudget`) when it starts; the Stop-loop cap of
 * `WAVE_STOP_HOOK_BLOCK_CAP` / `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP` on Stop and
 * SubagentStop.
 *
 * @category running
 * @since 0.2.0
 */
export const runLimits = (
  event: HookEvent,
  dialect: Dialect,
  plan: HookPlan,
  env: { readonly [name: string]: string | undefined }
): RunLimits => {
  // The SessionEnd budget is Claude Code's: the claude-code hooks share it (each hook runs in its own file's dialect).
  const claudeCode = (hook: ConfiguredHook) => dialectRules[hookDialectOf(hook, dialect)].sharesSessionEndBudget
  const hooks = plan.steps.flatMap((step) => (step._tag === "Sequential" ? [step.hook] : step.hooks)).filter(claudeCode)
  const budget = sessionEndBudget(event, "claude-code", hooks, env[sessionEndBudgetVariable])
  const deadline = budget === undefined ? undefined : Date.now() + budget.budgetMs
  const cap = event === "Stop" || event === "SubagentStop" ? stopLoopCapFromEnv(env) : undefined
  return {
    timeoutMs: (hook) => {
      const own = effectiveTimeoutSeconds(hook, hookDialectOf(hook, dialect)) * 1000
      return deadline === undefined || !claudeCode(hook) ? own : Math.min(own, deadline - Date.now())
    },
    stopLoopCap: cap?.cap,
    effects: [
      ...(budget?.problem === undefined ? [] : invalidVariable(budget.problem)),
      ...(cap?.problem === undefined ? [] : invalidVariable(cap.problem))
    ]
  }
}

/**
 * One `condition-failed-open` Diagnostic per hook whose `if` could not be
 * tested because the Bash command does not parse: the hook ran.
 *
 * @category running
 * @since 0.2.0
 */
export const failedOpenEffects = (plan: HookPlan): ReadonlyArray<TracedEffect> =>
  (plan.failedOpen ?? []).map(({ hook, reason }) => ({
    effect: Diagnostic({
      code: "condition-failed-open",
      message:
        `${hook.file} ${hook.path}: "if": ${JSON.stringify(hook.if)} could not be tested because the Bash command cannot be parsed (${reason}); ` +
        `the hook ran anyway (fail open): ${hook.command}`
    }),
    ...at("run.if-condition", "if condition")
  }))
