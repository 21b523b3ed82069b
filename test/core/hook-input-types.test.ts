/**
 * Each event's input schema keeps its own fields in its type: a PreToolUse
 * input has `tool_name`, a Stop input has `stop_hook_active` and no tool
 * fields (before, every schema was typed as the union of all events' fields).
 */
import { describe, expectTypeOf, it } from "vitest"
import { assert } from "@effect/vitest"
import { Schema } from "effect"
import type { HookInput } from "../../src/index.ts"
import { hookInputSchemas } from "../../src/index.ts"

describe("hookInputSchemas types", () => {
  it("types PreToolUse with its tool fields and its event name", () => {
    expectTypeOf<HookInput<"PreToolUse">["tool_name"]>().toEqualTypeOf<string>()
    expectTypeOf<HookInput<"PreToolUse">["hook_event_name"]>().toEqualTypeOf<"PreToolUse">()
  })

  it("types Stop without tool fields", () => {
    expectTypeOf<HookInput<"Stop">>().not.toHaveProperty("tool_name")
    expectTypeOf<HookInput<"Stop">["hook_event_name"]>().toEqualTypeOf<"Stop">()
  })

  it("decodes a PreToolUse payload and rejects it as a Stop payload", () => {
    const payload = {
      session_id: "s",
      transcript_path: "/t",
      cwd: "/p",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" }
    }
    assert.isTrue(Schema.is(hookInputSchemas.PreToolUse)(payload))
    assert.isFalse(Schema.is(hookInputSchemas.Stop)(payload))
  })
})
