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
import { plainIs } from "../src/core/read-output.ts"

/** Every field schema of the output contract, by name. */
const fieldSchemas: ReadonlyArray<readonly [string, Schema.Top]> = [
  ...Object.entries(commonOutputFields),
  ...Object.entries(hookSpecificFieldSchemas),
  ...Object.entries(permissionRequestDecisionFields),
  ...Object.entries(topLevelDecisionOf).flatMap(([event, schema]) =>
    schema === undefined ? [] : [[`${event} decision`, schema] as const]
  )
]

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
})
