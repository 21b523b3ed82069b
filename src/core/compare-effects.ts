/**
 * Comparing effect lists the way ARCHITECTURE section 3 says they compare: as
 * multisets, except the relative order of `InjectContext`, `PromptModel` and
 * `ShowUser` texts, which carries meaning.
 *
 * @since 0.1.0
 */
import type { HookEffect } from "../effects/hook-effect.ts"
import { canonicalJson } from "../internal/canonical-json.ts"

/**
 * How two effect lists differ.
 *
 * @category models
 * @since 0.1.0
 */
export interface EffectsDiff {
  /** Expected but not produced. */
  readonly missing: ReadonlyArray<HookEffect>
  /** Produced but not expected. */
  readonly unexpected: ReadonlyArray<HookEffect>
  /** Same texts, but InjectContext / PromptModel / ShowUser came in another order. */
  readonly orderDiffers: boolean
}

/** A canonical JSON text of an effect (keys sorted), for comparison. */
const canonical = (value: unknown): string => canonicalJson(value)

const ordered = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> =>
  effects.filter((e) => e._tag === "InjectContext" || e._tag === "PromptModel" || e._tag === "ShowUser").map(canonical)

/**
 * Compare expected and actual effects.
 *
 * **Example** (A wrong reason)
 *
 * ```ts
 * diffEffects([BlockTool({ reason: "no" })], [BlockTool({ reason: "never" })])
 * // => { missing: [BlockTool "no"], unexpected: [BlockTool "never"], orderDiffers: false }
 * ```
 *
 * @category comparing
 * @since 0.1.0
 */
export const diffEffects = (expected: ReadonlyArray<HookEffect>, actual: ReadonlyArray<HookEffect>): EffectsDiff => {
  const remaining = new Map<string, Array<HookEffect>>()
  for (const effect of actual) {
    const key = canonical(effect)
    remaining.set(key, [...(remaining.get(key) ?? []), effect])
  }
  const missing: Array<HookEffect> = []
  for (const effect of expected) {
    const key = canonical(effect)
    const left = remaining.get(key)
    if (left === undefined || left.length === 0) missing.push(effect)
    else left.pop()
  }
  const unexpected = [...remaining.values()].flat()
  const orderDiffers =
    missing.length === 0 && unexpected.length === 0 && ordered(expected).join("\n") !== ordered(actual).join("\n")
  return { missing, unexpected, orderDiffers }
}

/**
 * Whether two effect lists are equal in the sense of section 3.
 *
 * @category comparing
 * @since 0.1.0
 */
export const sameEffects = (expected: ReadonlyArray<HookEffect>, actual: ReadonlyArray<HookEffect>): boolean => {
  const diff = diffEffects(expected, actual)
  return diff.missing.length === 0 && diff.unexpected.length === 0 && !diff.orderDiffers
}

/**
 * A readable diff: `-` lines expected but missing, `+` lines produced but not
 * expected.
 *
 * @category comparing
 * @since 0.1.0
 */
export const formatEffectsDiff = (
  diff: EffectsDiff,
  expected: ReadonlyArray<HookEffect>,
  actual: ReadonlyArray<HookEffect>
): string => {
  const lines: Array<string> = []
  if (diff.missing.length > 0) {
    lines.push("  expected but not produced:")
    for (const e of diff.missing) lines.push(`  - ${canonical(e)}`)
  }
  if (diff.unexpected.length > 0) {
    lines.push("  produced but not expected:")
    for (const e of diff.unexpected) lines.push(`  + ${canonical(e)}`)
  }
  if (diff.orderDiffers) {
    lines.push("  the same effects, but InjectContext / PromptModel / ShowUser came in another order:")
    for (const e of ordered(expected)) lines.push(`  - ${e}`)
    for (const e of ordered(actual)) lines.push(`  + ${e}`)
  }
  return lines.join("\n")
}
