/**
 * Copilot's two payload shapes (ARCHITECTURE 5.3.4; K §Hook event input payloads and §Claude-format
 * matchers as /work/shared/research/agent-dialects.md section 5.2 records them).
 */
import { assert, describe, it } from "@effect/vitest"
import { copilotPayloadAs } from "../../src/core/copilot-payload.ts"

const MS = 1795688103412
const ISO = new Date(MS).toISOString()

describe("copilotPayloadAs", () => {
  it("gives a PascalCase hook snake_case fields, Claude Code's tool name, parsed arguments and an ISO time", () => {
    assert.deepStrictEqual(
      copilotPayloadAs("snake", "PreToolUse", {
        sessionId: "s1",
        timestamp: MS,
        cwd: "/p",
        toolName: "bash",
        toolArgs: JSON.stringify({ command: "ls" })
      }),
      {
        hook_event_name: "PreToolUse",
        session_id: "s1",
        timestamp: ISO,
        cwd: "/p",
        tool_name: "Bash",
        tool_input: { command: "ls" }
      }
    )
  })

  it("maps each of Copilot's tool names to Claude Code's, and keeps the others", () => {
    for (const [copilot, claude] of [
      ["view", "Read"],
      ["create", "Write"],
      ["edit", "Edit"],
      ["apply_patch", "Edit"],
      ["task", "Agent"],
      ["str_replace_editor", "str_replace_editor"]
    ] as const)
      assert.strictEqual(copilotPayloadAs("snake", "PreToolUse", { toolName: copilot })["tool_name"], claude, copilot)
  })

  it("keeps arguments that are not a JSON string as they are", () => {
    assert.deepStrictEqual(copilotPayloadAs("snake", "PreToolUse", { toolArgs: { path: "a" } })["tool_input"], {
      path: "a"
    })
    assert.strictEqual(copilotPayloadAs("snake", "PreToolUse", { toolArgs: "not json" })["tool_input"], "not json")
  })

  it("gives a camelCase hook camelCase fields from a snake_case payload, without hook_event_name", () => {
    assert.deepStrictEqual(
      copilotPayloadAs("camel", "preToolUse", {
        hook_event_name: "PreToolUse",
        session_id: "s1",
        timestamp: ISO,
        tool_name: "Bash",
        tool_input: { command: "ls" }
      }),
      { sessionId: "s1", timestamp: MS, toolName: "bash", toolArgs: { command: "ls" } }
    )
  })

  it("leaves a payload already in the wanted shape unchanged, but for hook_event_name", () => {
    const camel = { sessionId: "s1", timestamp: MS, toolName: "bash", toolArgs: "{}" }
    assert.deepStrictEqual(copilotPayloadAs("camel", "preToolUse", camel), camel)
    const snake = { hook_event_name: "PreToolUse", session_id: "s1", tool_name: "Bash", tool_input: {} }
    assert.deepStrictEqual(copilotPayloadAs("snake", "PreToolUse", snake), snake)
  })
})
