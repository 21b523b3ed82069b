/**
 * How long a hook may run (ARCHITECTURE section 7): the default per dialect
 * and event, and the budget the SessionEnd hooks of the claude-code dialect
 * share, as Claude Code gives them. Keyed by event name, so events added
 * later need no change here.
 *
 * @since 0.2.0
 */
import type { Dialect } from "../core/dialect.ts"
import { dialectRules } from "../core/dialect.ts"

/**
 * Default timeouts (seconds) that differ from the dialect's default, by
 * event: in the claude-code dialect 30 s for UserPromptSubmit, PreModelSwitch
 * and PostModelSwitch, 10 s for MessageDisplay (600 s elsewhere). The wave
 * dialect keeps 60 s for every event.
 *
 * @category constants
 * @since 0.2.0
 */
const eventDefaultTimeoutSeconds: { readonly [D in Dialect]: { readonly [event: string]: number } } = {
  wave: {},
  "claude-code": { UserPromptSubmit: 30, PreModelSwitch: 30, PostModelSwitch: 30, MessageDisplay: 10 },
  "gemini-cli": {},
  // Codex CLI: SessionEnd hooks get 1 s unless they say otherwise.
  codex: { SessionEnd: 1, Interrupt: 1 },
  cursor: {},
  copilot: {}
}

/**
 * The timeout of a hook without its own `timeout`, in seconds.
 *
 * **Example** (Claude Code's prompt hooks)
 *
 * ```ts
 * defaultTimeoutSecondsFor("UserPromptSubmit", "claude-code") // => 30
 * defaultTimeoutSecondsFor("PreToolUse", "claude-code") // => 600
 * ```
 *
 * @category timeouts
 * @since 0.2.0
 */
export const defaultTimeoutSecondsFor = (event: string, dialect: Dialect): number =>
  eventDefaultTimeoutSeconds[dialect][event] ?? dialectRules[dialect].defaultTimeoutSeconds

/**
 * Default timeouts (seconds) of `prompt` and `agent` hooks without their own
 * `timeout`, as Claude Code's reference gives them: prompt 30, agent 60 (in
 * both dialects).
 *
 * @category constants
 * @since 0.2.0
 */
export const modelHookDefaultTimeoutSeconds: { readonly prompt: number; readonly agent: number } = {
  prompt: 30,
  agent: 60
}

/**
 * The variable that sets the SessionEnd budget in milliseconds (claude-code dialect).
 *
 * @category constants
 * @since 0.2.0
 */
export const sessionEndBudgetVariable = "CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS"

/**
 * The time all SessionEnd hooks of one event share, in the claude-code
 * dialect: 1.5 s, raised to the largest per-hook `timeout` up to 60 s, or the
 * value of `CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS`. `undefined` in the wave
 * dialect, on other events, or without hooks (each hook has its own timeout).
 * A variable that is not a positive number is ignored, with `problem` saying
 * so.
 *
 * **Example** (One hook with a 5 s timeout)
 *
 * ```ts
 * sessionEndBudget("SessionEnd", "claude-code", [{ timeoutSeconds: 5 }], undefined) // => { budgetMs: 5000 }
 * ```
 *
 * @category timeouts
 * @since 0.2.0
 */
export const sessionEndBudget = (
  event: string,
  dialect: Dialect,
  hooks: ReadonlyArray<{ readonly timeoutSeconds: number | undefined }>,
  variable: string | undefined
): { readonly budgetMs: number; readonly problem?: string } | undefined => {
  if (event !== "SessionEnd" || !dialectRules[dialect].sharesSessionEndBudget || hooks.length === 0) return undefined
  const fromHooks = Math.min(60_000, Math.max(1500, ...hooks.map((h) => (h.timeoutSeconds ?? 0) * 1000)))
  if (variable === undefined || variable.trim() === "") return { budgetMs: fromHooks }
  const value = Number(variable)
  if (Number.isFinite(value) && value > 0) return { budgetMs: value }
  return {
    budgetMs: fromHooks,
    problem:
      `${sessionEndBudgetVariable}=${JSON.stringify(variable)} is not a positive number of milliseconds; ` +
      `the SessionEnd hooks shared ${fromHooks} ms instead. Set it to e.g. 5000, or unset it`
  }
}
