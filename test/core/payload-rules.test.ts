/**
 * `applyPayloadRules` (ARCHITECTURE 5.4): the rows that depend on the payload.
 */
import { assert, describe, it } from "@effect/vitest"
import { BlockAction, InjectContext, SetSessionTitle } from "../../src/index.ts"
import { applyPayloadRules } from "../../src/core/payload-rules.ts"

const traced = (...effects: ReadonlyArray<Parameters<typeof applyPayloadRules>[2][number]["effect"]>) =>
  effects.map((effect) => ({ effect, id: "json.block" as const, rule: "r" }))

describe("applyPayloadRules", () => {
  it("ConfigChange from policy_settings: the block becomes an ignored-output Diagnostic keeping the reason", () => {
    const out = applyPayloadRules(
      "ConfigChange",
      { source: "policy_settings" },
      traced(BlockAction({ reason: "frozen" }))
    )
    assert.deepStrictEqual(
      out.map((t) => t.effect._tag),
      ["Diagnostic"]
    )
    assert.include(JSON.stringify(out[0]!.effect), "frozen")
  })

  it("ConfigChange from any other source, and other events: unchanged", () => {
    const effects = traced(BlockAction({ reason: "frozen" }))
    assert.strictEqual(applyPayloadRules("ConfigChange", { source: "user_settings" }, effects), effects)
    assert.strictEqual(applyPayloadRules("PreModelSwitch", { source: "policy_settings" }, effects), effects)
  })

  it("SessionStart: the title counts on startup, resume and fork only; other effects stay", () => {
    for (const source of ["startup", "resume", "fork"]) {
      const effects = traced(SetSessionTitle({ title: "t" }))
      assert.strictEqual(applyPayloadRules("SessionStart", { source }, effects), effects)
    }
    const out = applyPayloadRules(
      "SessionStart",
      { source: "compact" },
      traced(InjectContext({ text: "c" }), SetSessionTitle({ title: "t" }))
    )
    assert.deepStrictEqual(
      out.map((t) => t.effect._tag),
      ["InjectContext", "Diagnostic"]
    )
  })
})
