/**
 * `checkPayload` (ARCHITECTURE 2, 8): one optional field of an unexpected
 * type is reported, not fatal; a field the event needs still refuses the run.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { checkPayload } from "../../src/core/payload-check.ts"

describe("checkPayload", () => {
  it("a valid payload: no diagnostics", () => {
    assert.deepStrictEqual(checkPayload("PreCompact", { trigger: "auto", custom_instructions: null }, "stdin"), Result.succeed([]))
  })

  it("optional fields of unexpected types: one invalid-field Diagnostic each, naming the field and where the payload came from", () => {
    const checked = checkPayload("SessionStart", { source: "startup", model: 3, context_tokens: "many" }, "stdin")
    assert.isTrue(Result.isSuccess(checked))
    const diagnostics = Result.getOrThrow(checked)
    assert.deepStrictEqual(diagnostics.map((d) => d.code), ["invalid-field", "invalid-field"])
    assert.include(diagnostics[0]!.message, "$.model")
    assert.include(diagnostics[0]!.message, "stdin")
    assert.include(diagnostics[1]!.message, "$.context_tokens")
  })

  it("a field the event needs, missing or invalid: refused with the schema's message", () => {
    const wrong = checkPayload("PreToolUse", { tool_name: 5, tool_input: {} }, "stdin")
    assert.isTrue(Result.isFailure(wrong))
    assert.include(Result.isFailure(wrong) ? wrong.failure : "", "tool_name")
    assert.isTrue(Result.isFailure(checkPayload("UserPromptSubmit", { session_title: 3 }, "stdin")), "prompt is missing")
  })

  it("a required field wrong and an optional one wrong: refused", () => {
    assert.isTrue(Result.isFailure(checkPayload("PostToolUseFailure", { tool_name: "Bash", tool_input: {}, error: 1, duration_ms: "x" }, "stdin")))
  })
})
