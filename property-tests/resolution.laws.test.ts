/**
 * Laws of `resolveEffects` (what the agent does next): the tool call's fate
 * is deny if any hook denied, else defer if any hook deferred, else the
 * user's answer if any hook asked, else allow if any hook allowed; the updated
 * input survives exactly when the call is not denied (by a hook or by the
 * user) or deferred, and it is the last one. The
 * expectations are written from ARCHITECTURE section 6, not read from the
 * precedence table.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { HookEffect } from "../src/index.ts"
import { resolveEffects } from "../src/index.ts"
import type { PermissionAnswer } from "../src/interpreters/resolution.ts"
import { userDeniedReason } from "../src/interpreters/resolution.ts"
import { permissionHeavyEffectArb } from "./arbitraries/effects.ts"

/** One hook's worth of permission-heavy effects, not combined (resolveEffects must not depend on combine). */
const effectsArb: fc.Arbitrary<ReadonlyArray<HookEffect>> = fc.array(permissionHeavyEffectArb, { maxLength: 8 })

/** The user's answer, or none given (which counts as deny). */
const answerArb: fc.Arbitrary<PermissionAnswer | undefined> = fc.constantFrom("allow", "deny", undefined)

const has = (effects: ReadonlyArray<HookEffect>, tag: HookEffect["_tag"]): boolean =>
  effects.some((effect) => effect._tag === tag)

/** Section 6 rules 2 and 4a (deny > defer > ask > allow), with the user's answer standing in for the question. */
const expectedPermission = (
  effects: ReadonlyArray<HookEffect>,
  answer: PermissionAnswer | undefined
): "allow" | "deny" | "defer" | "default" =>
  has(effects, "BlockTool")
    ? "deny"
    : has(effects, "DeferTool")
      ? "defer"
      : has(effects, "AskPermission")
        ? (answer ?? "deny")
        : has(effects, "AllowTool")
          ? "allow"
          : "default"

describe("resolveEffects laws", () => {
  it("should deny when any hook denied, else follow the user's answer when any hook asked, else allow when any hook allowed", () => {
    fc.assert(
      fc.property(effectsArb, answerArb, (effects, answer) => {
        assert.strictEqual(resolveEffects(effects, answer).permission, expectedPermission(effects, answer))
      })
    )
  })

  it("should give the deny reason of the last BlockTool, or the user-denied text when the user refused", () => {
    fc.assert(
      fc.property(effectsArb, answerArb, (effects, answer) => {
        const blocks = effects.filter((effect) => effect._tag === "BlockTool")
        const expected =
          blocks.length > 0
            ? blocks[blocks.length - 1]!.reason
            : expectedPermission(effects, answer) === "deny"
              ? userDeniedReason()
              : undefined
        assert.strictEqual(resolveEffects(effects, answer).denyReason, expected)
      })
    )
  })

  it("should run the tool with the last updated input unless the call is denied (by a hook or by the user) or deferred", () => {
    fc.assert(
      fc.property(effectsArb, answerArb, (effects, answer) => {
        const updates = effects.filter((effect) => effect._tag === "UpdateInput")
        const fate = expectedPermission(effects, answer)
        const expected =
          updates.length === 0 || fate === "deny" || fate === "defer" ? undefined : updates[updates.length - 1]!.input
        assert.deepStrictEqual(resolveEffects(effects, answer).toolInput, expected)
      })
    )
  })
})
