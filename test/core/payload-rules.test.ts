/**
 * `applyPayloadRules` (ARCHITECTURE 5.4): the rows that depend on the payload.
 */
import { assert, describe, it } from "@effect/vitest"
import { BlockAction, BlockStop, InjectContext, SetSessionTitle } from "../../src/index.ts"
import { applyLoopLimit, applyPayloadRules } from "../../src/core/payload-rules.ts"

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

describe("applyLoopLimit (Cursor's loop_limit)", () => {
  const row = (limit: number | null) => ({ limit, countField: "loop_count" })
  const block = traced(BlockStop({ reason: "Run the tests." }))

  it("sends the follow-up while the loop count is under the limit", () => {
    assert.strictEqual(applyLoopLimit("Stop", { loop_count: 4 }, row(5), block), block)
    assert.strictEqual(applyLoopLimit("Stop", { loop_count: 50 }, row(null), block), block)
  })

  it("only shows it once the count reaches the limit, with a stop-loop-cap Diagnostic naming both", () => {
    const out = applyLoopLimit("Stop", { loop_count: 5 }, row(5), block)
    assert.deepStrictEqual(
      out.map((t) => t.effect._tag),
      ["ShowUser", "Diagnostic"]
    )
    assert.include(JSON.stringify(out[0]?.effect), "Run the tests.")
    assert.include(JSON.stringify(out[1]?.effect), "loop_count 5 has reached the hook's limit of 5")
  })

  it("does not send a subagent that did not complete back to work", () => {
    const out = applyLoopLimit("SubagentStop", { loop_count: 0, status: "aborted" }, row(5), block)
    assert.deepStrictEqual(
      out.map((t) => t.effect._tag),
      ["ShowUser", "Diagnostic"]
    )
    assert.strictEqual(applyLoopLimit("SubagentStop", { loop_count: 0, status: "completed" }, row(5), block), block)
  })

  it("leaves other events, and runs without a block, unchanged", () => {
    const context = traced(InjectContext({ text: "x" }))
    assert.strictEqual(applyLoopLimit("Stop", { loop_count: 9 }, row(5), context), context)
    assert.strictEqual(applyLoopLimit("PreCompact", { loop_count: 9 }, row(5), block), block)
  })
})
