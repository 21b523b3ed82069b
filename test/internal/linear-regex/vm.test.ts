/**
 * The linear-time regex engine's oracle (issue 23): for any pattern of the
 * supported syntax and any name, `compileLinearRegex` agrees with a native
 * `RegExp`, anchored to the whole name or as a search. The matcher's own law
 * (property-tests/matcher.laws.test.ts) checks the same through
 * `compileMatcher`'s selection; this one holds the engine alone.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { compileLinearRegex } from "../../../src/internal/linear-regex/vm.ts"
import { nameArb, supportedPatternArb } from "../../../property-tests/arbitraries/patterns.ts"

describe("compileLinearRegex agrees with RegExp", () => {
  it("for any supported pattern and name, anchored and searching", () => {
    fc.assert(
      fc.property(
        supportedPatternArb,
        fc.array(nameArb, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (pattern, names, anchored) => {
          const linear = compileLinearRegex(pattern, anchored)
          const native = new RegExp(anchored ? `^(?:${pattern})$` : pattern)
          for (const name of names)
            assert.strictEqual(
              linear(name),
              native.test(name),
              `${JSON.stringify(pattern)} vs ${JSON.stringify(name)} [${anchored}]`
            )
        }
      )
    )
  })

  it("a compiled predicate is reusable: the same answers on the second and later calls", () => {
    const linear = compileLinearRegex("(a|ab)*c\\b", false)
    const names = ["abac", "xx", "ababc d", "", "c"]
    const first = names.map(linear)
    assert.deepStrictEqual(names.map(linear), first)
    assert.deepStrictEqual(
      first,
      names.map((n) => /(a|ab)*c\b/.test(n))
    )
  })

  it("a catastrophic pattern answers like RegExp on a name RegExp answers quickly", () => {
    assert.isFalse(compileLinearRegex("(a+)+$", true)("a".repeat(30) + "!"))
    assert.isTrue(compileLinearRegex("(a+)+$", false)("a".repeat(30)))
  })
})
