/**
 * Laws of the effect values `decide` produces (ARCHITECTURE section 3): they
 * decode with the `HookEffect` schema and survive a JSON round trip.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import type { HookEffect } from "../src/index.ts"
import { decide, decodeHookEffect } from "../src/index.ts"
import { decideInputArb } from "./arbitraries/decide-input.ts"

/** The effect without the values that are JSON already (UpdateInput.input, UpdateToolOutput.output). */
const withoutJsonValues = (effect: HookEffect): object =>
  effect._tag === "UpdateInput" || effect._tag === "UpdateToolOutput" ? { _tag: effect._tag } : effect

describe("effect laws", () => {
  it("should produce effects that decode with the HookEffect schema and survive a JSON round trip", () => {
    fc.assert(
      fc.property(decideInputArb(), ({ event, policy, run }) => {
        for (const effect of decide(event, run, policy)) {
          const decoded = decodeHookEffect(effect)
          assert.isTrue(Result.isSuccess(decoded), `${JSON.stringify(effect)} does not decode`)
          if (Result.isSuccess(decoded)) assert.deepStrictEqual(decoded.success, effect)
          const json = JSON.stringify(effect)
          assert.isString(json)
          const roundTripped = JSON.parse(json) as HookEffect
          assert.deepStrictEqual(withoutJsonValues(roundTripped), withoutJsonValues(effect))
          assert.isTrue(Result.isSuccess(decodeHookEffect(roundTripped)), `${json} does not decode after a round trip`)
        }
      })
    )
  })
})
