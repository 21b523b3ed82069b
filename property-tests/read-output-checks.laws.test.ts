/**
 * The plain JavaScript tests `readOutput` uses for simple field schemas give
 * the same answers as `Schema.is` (they replace it on every decision's path).
 */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import * as fc from "fast-check"
import {
  commonOutputFields,
  hookSpecificFieldSchemas,
  permissionRequestDecisionFields,
  topLevelDecisionOf
} from "../src/core/output.ts"
import type { OutputView } from "../src/core/read-output.ts"
import { plainIs, setters } from "../src/core/read-output.ts"

/** Every field schema of the output contract, by name. */
const fieldSchemas: ReadonlyArray<readonly [string, Schema.Top]> = [
  ...Object.entries(commonOutputFields),
  ...Object.entries(hookSpecificFieldSchemas),
  ...Object.entries(permissionRequestDecisionFields),
  ...Object.entries(topLevelDecisionOf).flatMap(([event, schema]) =>
    schema === undefined ? [] : [[`${event} decision`, schema] as const]
  )
]

/** Every field of the output view, with its setter. */
const setterArb = fc.constantFrom(
  ...(Object.entries(setters) as Array<[keyof OutputView, (typeof setters)[keyof OutputView]]>)
)

/** A view some fields were already read into, in any order. */
const viewArb: fc.Arbitrary<OutputView> = fc.dictionary(
  fc.constantFrom(...(Object.keys(setters) as Array<keyof OutputView>)),
  fc.jsonValue()
) as fc.Arbitrary<OutputView>

/** A field's value as hooks write them: any JSON, or one of the literals the contract names. */
const fieldValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom("allow", "deny", "ask", "defer", "block", "approve", "accept", "decline", "cancel", true, false, "")
)

describe("read-output checks", () => {
  it("should answer as Schema.is for every field schema it has a plain test for", () => {
    const plain = fieldSchemas.flatMap(([name, schema]) => {
      const is = plainIs(schema)
      return is === undefined ? [] : [[name, schema, is] as const]
    })
    // The strings, booleans and literal sets of the contract all have one.
    assert.isAtLeast(plain.length, 15, plain.map(([name]) => name).join(", "))
    fc.assert(
      fc.property(fc.constantFrom(...plain), fieldValueArb, ([name, schema, is], value) => {
        assert.strictEqual(
          is(value),
          Schema.is(schema as Schema.Codec<unknown>)(value),
          `${name}: ${JSON.stringify(value)}`
        )
      }),
      { numRuns: 2000 }
    )
  })

  it("should have no plain test for a schema with checks or of another kind", () => {
    assert.isUndefined(plainIs(Schema.String.check(Schema.isMinLength(1))))
    assert.isUndefined(plainIs(Schema.Array(Schema.String)))
    assert.isUndefined(plainIs(Schema.Union([Schema.Literal("a"), Schema.Number])))
  })

  it("should store a value with each field's setter as output[field] = value does", () => {
    fc.assert(
      fc.property(setterArb, viewArb, fieldValueArb, ([field, set], view, value) => {
        const viaSetter: OutputView = { ...view }
        const viaKey: Record<string, unknown> = { ...view }
        set(viaSetter, value)
        viaKey[field] = value
        assert.deepStrictEqual(Object.entries(viaSetter), Object.entries(viaKey))
      })
    )
  })
})
