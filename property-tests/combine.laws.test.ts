/**
 * Laws of `combine` and `dedupeHooks` (ARCHITECTURE sections 6 and 9): deny
 * absorbs; StopAgent absorbs every permission, update, block and model
 * effect; the last update stands; a blocked prompt drops its context; merged
 * reasons are the non-empty ones joined by newline; message order is kept;
 * combine is idempotent and can run in two stages; the permission outcome
 * does not depend on completion order; dedupe is idempotent and keeps first
 * occurrences; one hook's effects pass through; the data-first and data-last
 * forms agree. The expectations are written from section 6, not read from
 * the precedence table, so a wrong table fails here.
 */
import { assert, describe, it } from "@effect/vitest"
import { pipe } from "effect"
import * as fc from "fast-check"
import type { CombineOptions, EffectOf, HookEffect, HookEffectTag } from "../src/index.ts"
import { dedupeHooks } from "../src/core/dedupe.ts"
import { BlockPrompt, BlockTool, combine, decide, InjectContext, StopAgent } from "../src/index.ts"
import { decideInputArb } from "./arbitraries/decide-input.ts"
import { effectListsArb, permissionHeavyListsArb } from "./arbitraries/effects.ts"
import { numberedHooksArb } from "./arbitraries/hook-identities.ts"
import { shortWeirdStringArb } from "./arbitraries/strings.ts"
import { asMultiset, orderedPart } from "./support/effect-lists.ts"

/** Which permission the combined effects grant: deny, ask, allow or nothing. */
const permissionOutcome = (
  effects: ReadonlyArray<HookEffect>
): "BlockTool" | "AskPermission" | "AllowTool" | "none" => {
  const tags = new Set(effects.map((effect) => effect._tag))
  return tags.has("BlockTool")
    ? "BlockTool"
    : tags.has("AskPermission")
      ? "AskPermission"
      : tags.has("AllowTool")
        ? "AllowTool"
        : "none"
}

type Lists = ReadonlyArray<ReadonlyArray<HookEffect>>

/** `lists` with `effect` inserted at a generated place (possibly as a hook of its own). */
const withInserted = (listsArb: fc.Arbitrary<Lists>, effectArb: fc.Arbitrary<HookEffect>): fc.Arbitrary<Lists> =>
  fc.tuple(listsArb, effectArb, fc.nat(), fc.nat()).map(([lists, effect, at, position]) => {
    const index = at % (lists.length + 1)
    if (index === lists.length) return [...lists, [effect]]
    return lists.map((list, i) =>
      i === index
        ? [...list.slice(0, position % (list.length + 1)), effect, ...list.slice(position % (list.length + 1))]
        : list
    )
  })

/** Effect lists with a `BlockTool` inserted at a generated place. */
const listsWithDenyArb = withInserted(
  effectListsArb,
  shortWeirdStringArb.map((reason) => BlockTool({ reason }))
)

/** Permission-heavy effect lists with a `StopAgent` inserted at a generated place. */
const listsWithStopArb = withInserted(
  permissionHeavyListsArb,
  fc.option(shortWeirdStringArb, { nil: undefined }).map((reason) => StopAgent({ reason }))
)

/** Effect lists with a `BlockPrompt` and an `InjectContext` inserted at generated places. */
const listsWithBlockedPromptArb = withInserted(
  withInserted(
    effectListsArb,
    shortWeirdStringArb.map((reason) => BlockPrompt({ reason }))
  ),
  shortWeirdStringArb.map((text) => InjectContext({ text }))
)

/** Lists for the laws over every rule: any lists half the time, permission-heavy ones the other half. */
const anyListsArb: fc.Arbitrary<Lists> = fc.oneof(effectListsArb, permissionHeavyListsArb)

/** The effects of one tag, in config order. */
const ofTag = <T extends HookEffectTag>(effects: ReadonlyArray<HookEffect>, tag: T): ReadonlyArray<EffectOf<T>> =>
  effects.filter((effect): effect is EffectOf<T> => effect._tag === tag)

/** Whether any effect of `tags` is in `effects`. */
const hasAny = (effects: ReadonlyArray<HookEffect>, ...tags: ReadonlyArray<HookEffectTag>): boolean =>
  effects.some((effect) => tags.includes(effect._tag))

/** Effect lists and a permutation of them (another completion order of parallel hooks). */
const listsAndPermutationArb = effectListsArb.chain((lists) =>
  fc.tuple(fc.constant(lists), fc.shuffledSubarray([...lists], { minLength: lists.length, maxLength: lists.length }))
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

  it("should let StopAgent absorb every effect but the first StopAgent, BlockTool, ShowUser and Diagnostic (rule 1)", () => {
    fc.assert(
      fc.property(listsWithStopArb, combineOptionsArb, (lists, options) => {
        const all = lists.flat()
        const combined = combine(lists, options)
        for (const effect of combined) assert.include(["StopAgent", "BlockTool", "ShowUser", "Diagnostic"], effect._tag)
        assert.deepStrictEqual(
          ofTag(combined, "StopAgent"),
          ofTag(all, "StopAgent").slice(0, 1),
          "the first StopAgent, once"
        )
        assert.strictEqual(
          ofTag(combined, "BlockTool").length,
          hasAny(all, "BlockTool") ? 1 : 0,
          "one merged BlockTool"
        )
        assert.deepStrictEqual(ofTag(combined, "ShowUser"), ofTag(all, "ShowUser"), "every ShowUser, in order")
        assert.deepStrictEqual(ofTag(combined, "Diagnostic"), ofTag(all, "Diagnostic"), "every Diagnostic, in order")
      })
    )
  })

  it("should let the last UpdateInput stand unless StopAgent, BlockTool or DeferTool absorbs it (rules 3, 4a)", () => {
    fc.assert(
      fc.property(anyListsArb, (lists) => {
        const all = lists.flat()
        const expected = hasAny(all, "StopAgent", "BlockTool", "DeferTool") ? [] : ofTag(all, "UpdateInput").slice(-1)
        assert.deepStrictEqual(ofTag(combine(lists), "UpdateInput"), expected)
      })
    )
  })

  it("should let the last UpdateToolOutput stand unless StopAgent absorbs it (rule 3)", () => {
    fc.assert(
      fc.property(anyListsArb, (lists) => {
        const all = lists.flat()
        const expected = hasAny(all, "StopAgent") ? [] : ofTag(all, "UpdateToolOutput").slice(-1)
        assert.deepStrictEqual(ofTag(combine(lists), "UpdateToolOutput"), expected)
      })
    )
  })

  it("should drop every InjectContext when a prompt is blocked (rule 4)", () => {
    fc.assert(
      fc.property(listsWithBlockedPromptArb, combineOptionsArb, (lists, options) => {
        const combined = combine(lists, options)
        assert.notInclude(
          combined.map((effect) => effect._tag),
          "InjectContext"
        )
        assert.strictEqual(ofTag(combined, "BlockPrompt").length, hasAny(lists.flat(), "StopAgent") ? 0 : 1)
      })
    )
  })

  it("should merge each kind of block and question into one, its non-empty reasons joined by newline in config order (rules 2 and 4)", () => {
    fc.assert(
      fc.property(anyListsArb, (lists) => {
        const all = lists.flat()
        const combined = combine(lists)
        for (const tag of [
          "BlockTool",
          "AskPermission",
          "BlockPrompt",
          "BlockStop",
          "BlockCompaction",
          "BlockAction",
          "DeferTool"
        ] as const) {
          const kept = ofTag(combined, tag)
          if (kept.length === 0) continue
          const reasons = ofTag(all, tag)
            .map((effect) => effect.reason ?? "")
            .filter((reason) => reason.length > 0)
          assert.strictEqual(kept.length, 1, tag)
          assert.strictEqual(kept[0]!.reason ?? "", reasons.join("\n"), tag)
        }
      })
    )
  })

  it("should answer an elicitation with the strongest action of its hooks (cancel > decline > accept), the last content when all accept (rule 4a)", () => {
    const strength = { accept: 0, decline: 1, cancel: 2 } as const
    fc.assert(
      fc.property(anyListsArb, (lists) => {
        const all = lists.flat()
        const answers = ofTag(all, "AnswerElicitation")
        const kept = ofTag(combine(lists), "AnswerElicitation")
        if (answers.length === 0 || hasAny(all, "StopAgent")) {
          assert.deepStrictEqual(kept, [])
          return
        }
        const strongest = answers.reduce((a, b) => (strength[b.action] > strength[a.action] ? b : a)).action
        const content =
          strongest === "accept" ? answers.filter((a) => a.content !== undefined).at(-1)?.content : undefined
        assert.deepStrictEqual(kept, [
          content === undefined
            ? { _tag: "AnswerElicitation", action: strongest }
            : { _tag: "AnswerElicitation", action: strongest, content }
        ])
      })
    )
  })

  it("should keep suppressOriginalPrompt on the merged BlockPrompt exactly when a hook set it (rule 4)", () => {
    fc.assert(
      fc.property(anyListsArb, (lists) => {
        const all = lists.flat()
        const kept = ofTag(combine(lists), "BlockPrompt")
        if (kept.length === 0) return
        assert.strictEqual(
          kept[0]!.suppressOriginalPrompt === true,
          ofTag(all, "BlockPrompt").some((b) => b.suppressOriginalPrompt === true)
        )
      })
    )
  })

  it("should keep the InjectContext, PromptModel and ShowUser texts that survive in config order (rule 5)", () => {
    fc.assert(
      fc.property(anyListsArb, (lists) => {
        const all = lists.flat()
        const stopping = hasAny(all, "StopAgent")
        const promptBlocked = hasAny(all, "BlockPrompt")
        const expected = all.filter(
          (effect) =>
            effect._tag === "ShowUser" ||
            (effect._tag === "PromptModel" && !stopping) ||
            (effect._tag === "InjectContext" && !stopping && !promptBlocked)
        )
        assert.deepStrictEqual(orderedPart(combine(lists)), expected)
      })
    )
  })

  it("should be idempotent: combining a combined list changes nothing", () => {
    fc.assert(
      fc.property(anyListsArb, combineOptionsArb, (lists, options) => {
        const once = combine(lists, options)
        assert.deepStrictEqual(combine([once], options), once)
      })
    )
  })

  it("should combine in two stages as in one: combine([combine(a), combine(b)]) equals combine([...a, ...b])", () => {
    fc.assert(
      fc.property(anyListsArb, anyListsArb, (a, b) => {
        assert.deepStrictEqual(combine([combine(a), combine(b)]), combine([...a, ...b]))
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
        const firsts = hooks.filter(
          (hook, index) =>
            hooks.findIndex(
              (other) => other.command === hook.command && other.timeoutSeconds === hook.timeoutSeconds
            ) === index
        )
        assert.deepStrictEqual(
          dedupeHooks(hooks).map((hook) => hook.id),
          firsts.map((hook) => hook.id)
        )
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
