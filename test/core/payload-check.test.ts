/**
 * `checkPayload` (ARCHITECTURE 2, 8): one optional field of an unexpected
 * type is reported, not fatal; a field the event needs still refuses the run.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { checkPayload } from "../../src/core/payload-check.ts"

describe("checkPayload", () => {
  it("a valid payload: no diagnostics", () => {
    assert.deepStrictEqual(
      checkPayload("PreCompact", { trigger: "auto", custom_instructions: null }, "stdin"),
      Result.succeed([])
    )
  })

  it("optional fields of unexpected types: one invalid-field Diagnostic each, naming the field and where the payload came from", () => {
    const checked = checkPayload("SessionStart", { source: "startup", model: 3, context_tokens: "many" }, "stdin")
    assert.isTrue(Result.isSuccess(checked))
    const diagnostics = Result.getOrThrow(checked)
    assert.deepStrictEqual(
      diagnostics.map((d) => d.code),
      ["invalid-field", "invalid-field"]
    )
    assert.include(diagnostics[0]!.message, "$.model")
    assert.include(diagnostics[0]!.message, "stdin")
    assert.include(diagnostics[1]!.message, "$.context_tokens")
  })

  it("a field the event needs, missing or invalid: reported as needed, never refused (issue 12)", () => {
    const wrong = checkPayload("PreToolUse", { tool_name: 5, tool_input: {} }, "stdin")
    assert.isTrue(Result.isSuccess(wrong))
    const messages = Result.isSuccess(wrong) ? wrong.success.map((d) => d.message) : []
    assert.strictEqual(messages.length, 1)
    assert.include(messages[0], "$.tool_name")
    assert.include(messages[0], "PreToolUse hooks expect this field")
    const missing = checkPayload("UserPromptSubmit", { session_title: 3 }, "stdin")
    const missingMessages = Result.isSuccess(missing) ? missing.success.map((d) => d.message) : []
    assert.isTrue(
      missingMessages.some((m) => m.includes("$.prompt") && m.includes("UserPromptSubmit hooks expect this field")),
      missingMessages.join("\n")
    )
    assert.isTrue(
      missingMessages.some((m) => m.includes("$.session_title") && !m.includes("expect this field")),
      missingMessages.join("\n")
    )
  })

  it("a required field wrong and an optional one wrong: both reported, only the required one as needed", () => {
    const both = checkPayload(
      "PostToolUseFailure",
      { tool_name: "Bash", tool_input: {}, error: 1, duration_ms: "x" },
      "stdin"
    )
    const messages = Result.isSuccess(both) ? both.success.map((d) => d.message) : []
    assert.strictEqual(messages.length, 2)
    assert.isTrue(messages.some((m) => m.includes("$.error") && m.includes("expect this field")))
    assert.isTrue(messages.some((m) => m.includes("$.duration_ms") && !m.includes("expect this field")))
  })
})
