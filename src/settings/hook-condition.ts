/**
 * Whether a hook's `if` condition lets it run for an event's payload
 * (ARCHITECTURE section 7).
 *
 * @since 0.2.0
 */
import { Result } from "effect"
import type { RuleContext, RuleOutcome } from "./permission-rule.ts"
import { parsePermissionRule, ruleMatches, toolEventNames } from "./permission-rule.ts"

/**
 * The outcome of a hook's `if` for one event: `Match` when it has none. On an
 * event that is not a tool event a hook with `if` never runs (`NoMatch`); on
 * a tool event the rule is tested against `tool_name` and `tool_input`; a
 * Bash command that cannot be parsed gives `Unparseable` (the hook runs). A
 * rule that does not parse (validation skips such hooks) gives `NoMatch`.
 *
 * **Example** (A commit guard on another command)
 *
 * ```ts
 * conditionOutcome("Bash(git commit:*)", "PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }, {})
 * // => { _tag: "NoMatch" }
 * ```
 *
 * @category selection
 * @since 0.2.0
 */
export const conditionOutcome = (
  condition: string | undefined,
  event: string,
  payload: { readonly [key: string]: unknown },
  context: RuleContext
): RuleOutcome => {
  if (condition === undefined) return { _tag: "Match" }
  if (!toolEventNames.has(event)) return { _tag: "NoMatch" }
  const rule = parsePermissionRule(condition)
  if (Result.isFailure(rule)) return { _tag: "NoMatch" }
  const toolName = payload["tool_name"]
  const cwd = payload["cwd"]
  return ruleMatches(rule.success, typeof toolName === "string" ? toolName : "", payload["tool_input"], {
    ...context,
    ...(typeof cwd === "string" && cwd.startsWith("/") ? { cwd } : {})
  })
}
