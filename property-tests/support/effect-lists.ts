/**
 * Comparing effect lists the way ARCHITECTURE section 3 says tests compare
 * them: as multisets, except that the relative order of `InjectContext`,
 * `PromptModel` and `ShowUser` texts carries meaning.
 */
import { assert } from "@effect/vitest"
import type { HookEffect, HookEffectTag } from "../../src/index.ts"

/** An effect as a canonical string (JSON of the object). */
export const keyOf = (effect: HookEffect): string => JSON.stringify(effect)

/** Effects as a sorted list of canonical strings. */
export const asMultiset = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> => effects.map(keyOf).sort()

const ordered: ReadonlySet<HookEffectTag> = new Set<HookEffectTag>(["InjectContext", "PromptModel", "ShowUser"])

/** The effects whose relative order carries meaning, in order. */
export const orderedPart = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<HookEffect> =>
  effects.filter((effect) => ordered.has(effect._tag))

/** Asserts two effect lists are equal as multisets and agree on the order of InjectContext, PromptModel and ShowUser. */
export const assertSameEffects = (actual: ReadonlyArray<HookEffect>, expected: ReadonlyArray<HookEffect>): void => {
  assert.deepStrictEqual(asMultiset(actual), asMultiset(expected))
  assert.deepStrictEqual(orderedPart(actual).map(keyOf), orderedPart(expected).map(keyOf))
}

/**
 * `whole` minus `part` as multisets, or `undefined` when `part` is not
 * contained in `whole`. Keeps the order of `whole`.
 */
export const multisetMinus = (
  whole: ReadonlyArray<HookEffect>,
  part: ReadonlyArray<HookEffect>
): ReadonlyArray<HookEffect> | undefined => {
  const remaining = [...whole]
  for (const effect of part) {
    const key = keyOf(effect)
    const index = remaining.findIndex((candidate) => keyOf(candidate) === key)
    if (index < 0) return undefined
    remaining.splice(index, 1)
  }
  return remaining
}

/** The tags of a list of effects, as a set. */
export const tagsOf = (effects: ReadonlyArray<HookEffect>): ReadonlySet<HookEffectTag> =>
  new Set(effects.map((e) => e._tag))

/** The effect with each occurrence of the exit code `code` in its text (reason, text, message) replaced by a placeholder. */
export const withoutExitCode = (effect: HookEffect, code: number): HookEffect => {
  const hide = (text: string) => text.split(String(code)).join("<exit code>")
  const fields: Record<string, unknown> = { ...effect }
  for (const key of ["reason", "text", "message"]) {
    const value = fields[key]
    if (typeof value === "string") fields[key] = hide(value)
  }
  return fields as HookEffect
}
