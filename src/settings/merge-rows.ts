/**
 * The merge rows of a dialect that the one precedence table does not hold (ARCHITECTURE section 6):
 * Copilot's permissionRequest, where a later hook's verdict overrides an earlier one's (except a managed
 * deny), and its postToolUse contexts, joined into one. Applied by `runHooks` around `combine`. Pure.
 *
 * @since 0.5.0
 */
import { at } from "../core/rule-id.ts"
import type { TracedEffect } from "../core/trace.ts"
import { Diagnostic, InjectContext, ShowUser } from "../effects/hook-effect.ts"
import type { ConfiguredHook } from "./settings-schema.ts"

/** One hook's run as the merge rows see it: the hook and the effects `decide` gave it. */
interface RanHook {
  readonly hook: ConfiguredHook
  readonly effects: ReadonlyArray<TracedEffect>
}

const verdictOf = (effects: ReadonlyArray<TracedEffect>): "allow" | "deny" | undefined =>
  effects.some((t) => t.effect._tag === "BlockTool")
    ? "deny"
    : effects.some((t) => t.effect._tag === "AllowTool")
      ? "allow"
      : undefined

/**
 * Copilot's permissionRequest merge: the last hook with a verdict decides. When it allows, each earlier
 * deny (with its interrupt) is taken out and reported (`overridden-deny`, and a warning to the user), unless
 * a managed (policy) hook denied: an administrator's deny stands, and the most restrictive answer wins as
 * everywhere else. Runs without a verdict are unchanged.
 *
 * **Example**
 *
 * ```ts
 * laterVerdictsOverride([{ hook: repoHook, effects: [deny] }, { hook: userHook, effects: [allow] }])
 * // => { runs: [{ hook: repoHook, effects: [] }, { hook: userHook, effects: [allow] }], notices: [Diagnostic{overridden-deny}, ShowUser{warning}] }
 * ```
 *
 * @category merging
 * @since 0.5.0
 */
export const laterVerdictsOverride = <R extends RanHook>(
  runs: ReadonlyArray<R>
): { readonly runs: ReadonlyArray<R>; readonly notices: ReadonlyArray<TracedEffect> } => {
  const last = runs.findLast((run) => verdictOf(run.effects) !== undefined)
  if (last === undefined || verdictOf(last.effects) !== "allow") return { runs, notices: [] }
  const denied = runs.filter((run) => verdictOf(run.effects) === "deny")
  if (denied.length === 0 || denied.some((run) => run.hook.scope === "managed")) return { runs, notices: [] }
  const rule = at("copilot.overridden-deny", "a later permissionRequest verdict overrides an earlier one")
  const overridden = denied.map((run) => `${run.hook.command} (${run.hook.file})`).join(", ")
  const text = `A later permissionRequest hook allowed what ${overridden} denied; as in Copilot, the later verdict stands.`
  return {
    runs: runs.map((run) =>
      verdictOf(run.effects) !== "deny"
        ? run
        : { ...run, effects: run.effects.filter((t) => t.effect._tag !== "BlockTool" && t.effect._tag !== "StopAgent") }
    ),
    notices: [
      {
        effect: Diagnostic({
          code: "overridden-deny",
          message: `${text} Move the deny to a managed policy file if it must stand, or remove the later allow (${last.hook.command} in ${last.hook.file}).`
        }),
        ...rule
      },
      { effect: ShowUser({ level: "warning", text }), ...rule }
    ]
  }
}

/**
 * Several hooks' contexts joined into one, in order, with `separator`, and cut at `capBytes` of UTF-8 (Copilot's
 * postToolUse contexts: a blank line between them, 10 KB in all): the first `InjectContext` holds the joined
 * text, the others are taken out; a cut adds a `context-capped` Diagnostic saying how much was left out.
 *
 * **Example** (Two hooks' contexts)
 *
 * ```ts
 * joinContexts([traced(InjectContext({ text: "a" })), traced(InjectContext({ text: "b" }))], { separator: "\n\n", capBytes: 10240 })
 * // => [InjectContext({ text: "a\n\nb" })] (traced as the first)
 * ```
 *
 * @category merging
 * @since 0.5.0
 */
export const joinContexts = (
  effects: ReadonlyArray<TracedEffect>,
  join: { readonly separator: string; readonly capBytes: number }
): ReadonlyArray<TracedEffect> => {
  const contexts = effects.filter((t) => t.effect._tag === "InjectContext")
  if (contexts.length === 0) return effects
  const joined = contexts.map((t) => (t.effect._tag === "InjectContext" ? t.effect.text : "")).join(join.separator)
  const bytes = utf8.encode(joined)
  const text = bytes.length <= join.capBytes ? joined : cutAt(joined, join.capBytes)
  if (contexts.length === 1 && text === joined) return effects
  const first = contexts[0]
  const capped: ReadonlyArray<TracedEffect> =
    text === joined
      ? []
      : [
          {
            effect: Diagnostic({
              code: "context-capped",
              message: `The PostToolUse context of ${contexts.length} hook${contexts.length === 1 ? "" : "s"} was ${bytes.length} bytes; the agent reads at most ${join.capBytes} (10 KB), so the rest was cut. Keep additionalContext short.`
            }),
            ...at("copilot.context-cap", "postToolUse context over 10 KB")
          }
        ]
  return [
    ...capped,
    ...effects.flatMap((t) =>
      t.effect._tag !== "InjectContext" ? [t] : t === first ? [{ ...t, effect: InjectContext({ text }) }] : []
    )
  ]
}

const utf8 = new TextEncoder()

/** The longest prefix of `text` whose UTF-8 takes at most `capBytes` (never half a character). */
const cutAt = (text: string, capBytes: number): string => {
  let bytes = 0
  let end = 0
  for (const char of text) {
    const size = utf8.encode(char).length
    if (bytes + size > capBytes) break
    bytes += size
    end += char.length
  }
  return text.slice(0, end)
}
