/**
 * Rendering `explain`'s output: each effect, who sees it, and the rule that
 * produced it, for a person or as JSON.
 *
 * @since 0.1.0
 */
import { agentEventName } from "../core/dialect-events.ts"
import type { Audience } from "../effects/audience.ts"
import { audienceOf } from "../effects/audience.ts"
import type { HookEffect } from "../effects/hook-effect.ts"
import { citationOfRule } from "../core/rule-id.ts"
import type { TracedEffect } from "../core/trace.ts"
import type { DecisionInput } from "./decision-input.ts"

const audienceText: { readonly [A in Audience]: string } = {
  user: "the user",
  model: "the model",
  author: "the hook's author (logs, explain)",
  none: "nobody (no text)"
}

const fieldsOf = (effect: HookEffect): ReadonlyArray<readonly [string, string]> =>
  Object.entries(effect)
    .filter(([key]) => key !== "_tag")
    .map(([key, value]) => [
      key,
      typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
    ])

const ruleText = (t: TracedEffect): string => `${t.rule} (${citationOfRule(t.id)})`

/**
 * The person-readable explanation.
 *
 * **Example** (One effect)
 *
 * ```text
 * PreToolUse, exit code 2, wave dialect, onFailure continue
 * 1 effect:
 *
 *   1. BlockTool
 *      reason   "no rm"
 *      seen by  the model
 *      rule     PreToolUse exit 2 (docs/reference/decision-table.md#no-valid-json-the-exit-code-decides)
 * ```
 *
 * @category rendering
 * @since 0.1.0
 */
export const renderExplainText = (input: DecisionInput, traced: ReadonlyArray<TracedEffect>): string => {
  const { event, policy, run } = input
  const how = run.exitCode === null ? "timed out" : `exit code ${run.exitCode}`
  // The agent's own name of the event first, when it has one (Gemini CLI's BeforeTool for PreToolUse).
  const agentName = agentEventName(policy.dialect, event)
  const named = agentName === event ? event : `${agentName} (${event})`
  const lines = [`${named}, ${how}, ${policy.dialect} dialect, onFailure ${policy.onFailure}`]
  if (traced.length === 0) {
    lines.push("No effects: the agent goes on as if the hook had not answered.")
    return lines.join("\n")
  }
  lines.push(`${traced.length} effect${traced.length === 1 ? "" : "s"}:`, "")
  traced.forEach((t, index) => {
    const { effect } = t
    lines.push(`  ${index + 1}. ${effect._tag}`)
    for (const [key, value] of fieldsOf(effect)) lines.push(`     ${key.padEnd(8)} ${value}`)
    lines.push(`     ${"seen by".padEnd(8)} ${audienceText[audienceOf(effect)]}`)
    lines.push(`     ${"rule".padEnd(8)} ${ruleText(t)}`)
  })
  return lines.join("\n")
}

/**
 * Where one effect of `run --explain` came from: the hook (its label, handler
 * type, file and JSON path), or `undefined` for the engine's own effects
 * (skipped entries, trust, limits).
 *
 * @category models
 * @since 0.2.0
 */
export interface TraceOrigin {
  readonly hook: string
  readonly type: string
  readonly file: string
  readonly path: string
}

/**
 * `run --explain`: each combined effect, who sees it, the rule that produced
 * it and the hook behind it with its handler type.
 *
 * **Example** (An http hook's deny)
 *
 * ```text
 *   1. BlockTool
 *      reason   "no rm -rf"
 *      seen by  the model
 *      rule     PreToolUse permissionDecision=deny (docs/reference/decision-table.md#pretooluse)
 *      by       http hook POST http://127.0.0.1:8080/pre (.wave/settings.json $.hooks.PreToolUse[0].hooks[0])
 * ```
 *
 * @category rendering
 * @since 0.2.0
 */
export const renderTraceText = (
  traced: ReadonlyArray<TracedEffect>,
  originOf: (t: TracedEffect) => TraceOrigin | undefined
): ReadonlyArray<string> => {
  if (traced.length === 0) return ["No effects."]
  const lines = [`${traced.length} effect${traced.length === 1 ? "" : "s"}, with the rule and the hook behind each:`]
  traced.forEach((t, index) => {
    lines.push(`  ${index + 1}. ${t.effect._tag}`)
    for (const [key, value] of fieldsOf(t.effect)) lines.push(`     ${key.padEnd(8)} ${value}`)
    lines.push(`     ${"seen by".padEnd(8)} ${audienceText[audienceOf(t.effect)]}`)
    lines.push(`     ${"rule".padEnd(8)} ${ruleText(t)}`)
    const origin = originOf(t)
    lines.push(
      `     ${"by".padEnd(8)} ${origin === undefined ? "wave-hooks itself (settings, trust, limits)" : `${origin.type} hook ${origin.hook} (${origin.file} ${origin.path})`}`
    )
  })
  return lines
}

/**
 * The machine-readable explanation: `{"effects":[{"effect", "audience", "id", "rule", "cites"}]}`
 * (`id`: the `RuleId`; `rule`: this case in words; `cites`: where the rule
 * is written down, e.g. `docs/reference/decision-table.md#pretooluse`).
 *
 * @category rendering
 * @since 0.1.0
 */
export const renderExplainJson = (traced: ReadonlyArray<TracedEffect>): string =>
  JSON.stringify({
    effects: traced.map(({ effect, id, rule }) => ({
      effect,
      audience: audienceOf(effect),
      id,
      rule,
      cites: citationOfRule(id)
    }))
  })
