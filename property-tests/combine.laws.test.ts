/**
 * Laws of `combine` and `dedupeHooks` (ARCHITECTURE sections 6 and 9): deny
 * absorbs, the permission outcome does not depend on completion order, dedupe
 * is idempotent and keeps first occurrences, one hook's effects pass through,
 * and the data-first and data-last forms agree.
 */
import { assert, describe, it } from "@effect/vitest"
import { pipe } from "effect"
import * as fc from "fast-check"
import type { CombineOptions, HookEffect } from "../src/index.ts"
import { BlockTool, combine, decide, dedupeHooks } from "../src/index.ts"
import { decideInputArb } from "./arbitraries/decide-input.ts"
import { effectListsArb } from "./arbitraries/effects.ts"
import { numberedHooksArb } from "./arbitraries/hook-identities.ts"
import { shortWeirdStringArb } from "./arbitraries/strings.ts"
import { asMultiset } from "./support/effect-lists.ts"

/** Which permission the combined effects grant: deny, ask, allow or nothing. */
const permissionOutcome = (effects: ReadonlyArray<HookEffect>): "BlockTool" | "AskPermission" | "AllowTool" | "none" => {
  const tags = new Set(effects.map((effect) => effect._tag))
  return tags.has("BlockTool") ? "BlockTool" : tags.has("AskPermission") ? "AskPermission" : tags.has("AllowTool") ? "AllowTool" : "none"
}

/** Effect lists with a `BlockTool` inserted at a generated place (possibly as a hook of its own). */
const listsWithDenyArb = fc
  .tuple(effectListsArb, shortWeirdStringArb, fc.nat(), fc.nat())
  .map(([lists, reason, at, position]) => {
    const deny = BlockTool({ reason })
    const index = at % (lists.length + 1)
    if (index === lists.length) return [...lists, [deny]]
    return lists.map((list, i) => (i === index ? [...list.slice(0, position % (list.length + 1)), deny, ...list.slice(position % (list.length + 1))] : list))
  })

/** Effect lists and a permutation of them (another completion order of parallel hooks). */
const listsAndPermutationArb = effectListsArb.chain((lists) =>
  fc.tuple(
    fc.constant(lists),
    fc.shuffledSubarray([...lists], { minLength: lists.length, maxLength: lists.length })
  )
)

/** Options of `combine`. */
const combineOptionsArb: fc.Arbitrary<CombineOptions> = fc.record(
  {
    groups: fc.array(fc.option(fc.constantFrom(0, 1, "a"), { nil: undefined }), { maxLength: 6 }),
    stopBlocks: fc.nat({ max: 12 }),
    stopLoopCap: fc.nat({ max: 10 })
  },
  { requiredKeys: [] }
)

describe("combine laws", () => {
  it("should let a deny absorb allow, ask and updated input", () => {
    fc.assert(
      fc.property(listsWithDenyArb, combineOptionsArb, (lists, options) => {
        const tags = combine(lists, options).map((effect) => effect._tag)
        assert.strictEqual(tags.filter((tag) => tag === "BlockTool").length, 1, "exactly one BlockTool")
        for (const absorbed of ["AllowTool", "AskPermission", "UpdateInput"] as const) {
          assert.notInclude(tags, absorbed)
        }
      })
    )
  })

  it("should give the same permission outcome whatever order parallel hooks finish in", () => {
    fc.assert(
      fc.property(listsAndPermutationArb, ([lists, permuted]) => {
        assert.strictEqual(permissionOutcome(combine(permuted)), permissionOutcome(combine(lists)))
      })
    )
  })

  it("should make dedupe idempotent", () => {
    fc.assert(
      fc.property(numberedHooksArb, (hooks) => {
        const once = dedupeHooks(hooks)
        assert.deepStrictEqual(dedupeHooks(once), once)
      })
    )
  })

  it("should let dedupe keep the first of each identical (command, timeout) hook, in config order", () => {
    fc.assert(
      fc.property(numberedHooksArb, (hooks) => {
        const firsts = hooks.filter((hook, index) =>
          hooks.findIndex((other) => other.command === hook.command && other.timeoutSeconds === hook.timeoutSeconds) === index
        )
        assert.deepStrictEqual(dedupeHooks(hooks).map((hook) => hook.id), firsts.map((hook) => hook.id))
      })
    )
  })

  it("should pass one hook's decided effects through unchanged (combine of one decide, as a multiset)", () => {
    fc.assert(
      fc.property(decideInputArb(), ({ event, policy, run }) => {
        const decided = decide(event, run, policy)
        assert.deepStrictEqual(asMultiset(combine([decided])), asMultiset(decided))
      })
    )
  })

  it("should agree in its data-first and data-last forms", () => {
    fc.assert(
      fc.property(effectListsArb, fc.option(combineOptionsArb, { nil: undefined }), (lists, options) => {
        const dataFirst = options === undefined ? combine(lists) : combine(lists, options)
        assert.deepStrictEqual(combine(options)(lists), dataFirst)
        assert.deepStrictEqual(pipe(lists, combine(options)), dataFirst)
      })
    )
  })
})
