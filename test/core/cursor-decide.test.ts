/**
 * The cursor dialect's decision rows (ARCHITECTURE 5.3.3; Cursor's hooks documentation as
 * /work/shared/research/agent-dialects.md section 4 records it), given/when/then.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  AllowTool,
  AskPermission,
  BlockAction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  decide,
  hookRun,
  InjectContext,
  SetEnv,
  ShowUser,
  UpdateInput,
  UpdateToolOutput
} from "../../src/index.ts"
import type { HookEvent } from "../../src/index.ts"
import { given } from "../helpers/given.ts"

const cursor = (event: HookEvent, agentEvent: string, toolName?: string) =>
  given(event).inDialect("cursor").asAgentEvent(agentEvent, toolName)

describe("cursor: permission", () => {
  it("denies with agent_message for the model and shows user_message to the user", () => {
    cursor("PreToolUse", "beforeShellExecution")
      .whenJson({ permission: "deny", agent_message: "no rm -rf", user_message: "Blocked rm -rf" })
      .then([BlockTool({ reason: "no rm -rf" }), ShowUser({ level: "warning", text: "Blocked rm -rf" })])
  })

  it("reads the first page's camelCase spellings as the snake_case ones", () => {
    cursor("PreToolUse", "beforeShellExecution")
      .whenJson({ permission: "deny", agentMessage: "no sudo", userMessage: "Blocked sudo" })
      .then([BlockTool({ reason: "no sudo" }), ShowUser({ level: "warning", text: "Blocked sudo" })])
  })

  it("takes user_message as the reason of a deny without agent_message, and does not show it twice", () => {
    cursor("PreToolUse", "beforeReadFile")
      .whenJson({ permission: "deny", user_message: ".env stays private" })
      .then([BlockTool({ reason: ".env stays private" })])
  })

  it("asks with user_message as the question; on preToolUse it says Cursor would not enforce it", () => {
    cursor("PreToolUse", "beforeShellExecution")
      .whenJson({ permission: "ask", user_message: "Force push?" })
      .then([AskPermission({ reason: "Force push?" })])
    const tool = cursor("PreToolUse", "preToolUse").whenJson({ permission: "ask", user_message: "Delete it?" })
    assert.deepStrictEqual(tool.withTag("AskPermission"), [AskPermission({ reason: "Delete it?" })])
    assert.deepStrictEqual(tool.diagnosticCodes(), ["stricter-than-agent"])
  })

  it("approves on allow, and rewrites a preToolUse call with updated_input", () => {
    cursor("PreToolUse", "beforeShellExecution").whenJson({ permission: "allow" }).then([AllowTool()])
    cursor("PreToolUse", "preToolUse", "Shell")
      .whenJson({ permission: "allow", updated_input: { command: "npm test -- --silent" } })
      .then([AllowTool(), UpdateInput({ input: { command: "npm test -- --silent" } })])
  })

  it("discards updated_input where Cursor does not read it", () => {
    const outcome = cursor("PreToolUse", "beforeShellExecution").whenJson({ updated_input: { command: "ls" } })
    assert.deepStrictEqual(outcome.withTag("UpdateInput"), [])
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["discarded-field"])
  })

  it("reports a permission value Cursor does not have, and decides nothing from it", () => {
    const outcome = cursor("PreToolUse", "preToolUse").whenJson({ permission: "block" })
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["invalid-field"])
    assert.deepStrictEqual(outcome.withTag("BlockTool"), [])
  })

  it("refuses a subagent on deny and on ask (the action is blocked), showing user_message", () => {
    const denied = cursor("SubagentStart", "subagentStart").whenJson({
      permission: "deny",
      user_message: "No shell agents."
    })
    assert.strictEqual(denied.withTag("BlockAction").length, 1)
    assert.deepStrictEqual(denied.withTag("ShowUser"), [ShowUser({ level: "warning", text: "No shell agents." })])
    const asked = cursor("SubagentStart", "subagentStart").whenJson({ permission: "ask", agent_message: "not now" })
    assert.deepStrictEqual(asked.withTag("BlockAction"), [
      BlockAction({ reason: "A Cursor subagentStart hook refused the subagent (ask)." })
    ])
    // subagentStart has no message for the model: it is not shown to the user either.
    assert.deepStrictEqual(asked.diagnosticCodes(), ["discarded-field"])
    cursor("SubagentStart", "subagentStart").whenJson({ permission: "allow" }).thenNothing()
  })
})

describe("cursor: fields of the wrong type, and texts that decide nothing", () => {
  it("reports a field of the wrong type where the hook wrote it, and decides nothing from it", () => {
    const context = cursor("PostToolUse", "postToolUse", "Write").whenJson({ additional_context: 5 })
    assert.deepStrictEqual(context.withTag("InjectContext"), [])
    assert.include(context.diagnostics()[0]?.message, "$.additional_context: expected a string")
    const reason = cursor("PreToolUse", "beforeShellExecution").whenJson({ permission: "deny", agent_message: 5 })
    assert.strictEqual(reason.withTag("BlockTool").length, 1)
    assert.include(reason.diagnostics()[0]?.message, "$.agent_message: expected a string")
    const followup = cursor("Stop", "stop").whenJson({ followup_message: 5 })
    assert.deepStrictEqual(followup.withTag("BlockStop"), [])
    assert.deepStrictEqual(followup.diagnosticCodes(), ["invalid-field"])
    const go = cursor("UserPromptSubmit", "beforeSubmitPrompt").whenJson({ continue: "false" })
    assert.deepStrictEqual(go.withTag("BlockPrompt"), [])
    assert.include(go.diagnostics()[0]?.message, "$.continue: expected true or false")
  })

  it("says so when agent_message decides nothing (no deny to give the model)", () => {
    for (const answer of [{ agent_message: "A" }, { permission: "allow", agent_message: "A" }]) {
      const outcome = cursor("PreToolUse", "preToolUse").whenJson(answer)
      assert.include(outcome.diagnostics().at(-1)?.message, "$.agent_message")
    }
    assert.deepStrictEqual(cursor("Stop", "stop").whenJson({ agent_message: "A" }).diagnosticCodes(), [
      "discarded-field"
    ])
  })

  it("never shows the model's text to the user: an ask without user_message asks without a reason", () => {
    const outcome = cursor("PreToolUse", "beforeMCPExecution").whenJson({ permission: "ask", agent_message: "secret" })
    assert.deepStrictEqual(outcome.withTag("AskPermission"), [AskPermission({})])
    assert.notInclude(JSON.stringify(outcome.withTag("ShowUser")), "secret")
  })
})

describe("cursor: a prompt hook's verdict, written by the engine", () => {
  it("blocks as the engine wrote it, not lost in Cursor's vocabulary", () => {
    const engine = given("PreToolUse").inDialect("cursor").asAgentEvent("preToolUse")
    const verdict = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" }
    })
    assert.deepStrictEqual(engine.whenRun({ exitCode: 0, stdout: verdict }).withTag("BlockTool"), [])
    assert.deepStrictEqual(
      decide("PreToolUse", hookRun({ exitCode: 0, stdout: verdict }), { ...engine.policy, engineAnswer: true }),
      [BlockTool({ reason: "no" })]
    )
    for (const dialect of ["gemini-cli", "codex"] as const)
      assert.deepStrictEqual(
        decide("PreToolUse", hookRun({ exitCode: 0, stdout: verdict }), {
          dialect,
          onFailure: "continue",
          engineAnswer: true
        }),
        [BlockTool({ reason: "no" })],
        dialect
      )
  })

  it("still discards it on an event that only observes", () => {
    const verdict = JSON.stringify({ decision: "block", reason: "no" })
    const effects = decide("PostToolUse", hookRun({ exitCode: 0, stdout: verdict }), {
      dialect: "cursor",
      onFailure: "continue",
      agentEvent: "afterFileEdit",
      engineAnswer: true
    })
    assert.deepStrictEqual(
      effects.map((e) => e._tag),
      ["Diagnostic"]
    )
  })
})

describe("cursor: the other answers", () => {
  it("gives additional_context to the model after a tool and at the session's start", () => {
    cursor("PostToolUse", "postToolUse", "Write")
      .whenJson({ additional_context: "lint failed" })
      .then([InjectContext({ text: "lint failed" })])
    cursor("SessionStart", "sessionStart")
      .whenJson({ additional_context: "use pnpm" })
      .then([InjectContext({ text: "use pnpm" })])
  })

  it("replaces only an MCP tool's result with updated_mcp_tool_output", () => {
    cursor("PostToolUse", "postToolUse", "MCP:query")
      .whenJson({ updated_mcp_tool_output: { rows: 3 } })
      .then([UpdateToolOutput({ output: { rows: 3 } })])
    const shell = cursor("PostToolUse", "postToolUse", "Shell").whenJson({ updated_mcp_tool_output: { rows: 3 } })
    assert.deepStrictEqual(shell.withTag("UpdateToolOutput"), [])
    assert.deepStrictEqual(shell.diagnosticCodes(), ["discarded-field"])
  })

  it("sends the agent back to work with followup_message", () => {
    cursor("Stop", "stop")
      .whenJson({ followup_message: "Run the tests." })
      .then([BlockStop({ reason: "Run the tests." })])
    cursor("SubagentStop", "subagentStop")
      .whenJson({ followup_message: "Finish the refactor." })
      .then([BlockStop({ reason: "Finish the refactor." })])
  })

  it("refuses a prompt with continue: false, the user_message its reason", () => {
    cursor("UserPromptSubmit", "beforeSubmitPrompt")
      .whenJson({ continue: false, user_message: "That prompt holds a key." })
      .then([BlockPrompt({ reason: "That prompt holds a key." })])
  })

  it("ignores continue: false where Cursor does not enforce it, and says so", () => {
    const outcome = cursor("SessionStart", "sessionStart").whenJson({ continue: false, user_message: "stop" })
    assert.deepStrictEqual(outcome.withTag("StopAgent"), [])
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["discarded-field", "discarded-field"])
  })

  it("gives sessionStart's env to the session's later hooks (SetEnv)", () => {
    cursor("SessionStart", "sessionStart")
      .whenJson({ env: { NODE_ENV: "development", TEAM: "infra" } })
      .then([SetEnv({ variables: { NODE_ENV: "development", TEAM: "infra" } })])
  })

  it("leaves out, each at its own path, an env value that is not a string and a name no environment holds", () => {
    const outcome = cursor("SessionStart", "sessionStart").whenJson({
      env: { PORT: 8080, "BAD=NAME": "x", "1ST": "y", OK: "yes" }
    })
    assert.deepStrictEqual(outcome.withTag("SetEnv"), [SetEnv({ variables: { OK: "yes" } })])
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["invalid-field", "invalid-field", "invalid-field"])
    const messages = outcome.diagnostics().map((d) => d.message)
    assert.include(messages[0], "$.env.PORT: expected a string, found the number 8080")
    assert.include(messages[1], '$.env["BAD=NAME"]: not a variable name')
    assert.include(messages[2], '$.env["1ST"]: not a variable name')
  })

  it("discards env on any event but sessionStart, naming where Cursor reads it", () => {
    const outcome = cursor("SubagentStart", "subagentStart").whenJson({ env: { A: "1" } })
    assert.deepStrictEqual(outcome.withTag("SetEnv"), [])
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["discarded-field"])
    assert.include(outcome.diagnostics()[0]?.message, "only on sessionStart")
  })

  it("shows preCompact's user_message and never blocks compaction", () => {
    cursor("PreCompact", "preCompact")
      .whenJson({ user_message: "Compacting." })
      .then([ShowUser({ level: "warning", text: "Compacting." })])
  })
})

describe("cursor: exit codes", () => {
  it("denies on exit 2 with stderr, ignoring stdout", () => {
    cursor("PreToolUse", "beforeShellExecution")
      .whenExit(2, JSON.stringify({ permission: "allow" }), "no prod db")
      .then([BlockTool({ reason: "no prod db" })])
  })

  it("fails open on another exit code, and closed with failClosed (onFailure block)", () => {
    cursor("PreToolUse", "beforeShellExecution")
      .whenExit(1, "", "server down")
      .then([ShowUser({ level: "error", text: "server down" })])
    const closed = given("PreToolUse").inDialect("cursor").onFailure("block").asAgentEvent("beforeShellExecution")
    assert.strictEqual(closed.whenExit(127, "", "opa: not found").withTag("BlockTool").length, 1)
    assert.strictEqual(closed.whenRun({ exitCode: null, timedOut: true }).withTag("BlockTool").length, 1)
  })

  it("reads JSON only on exit 0", () => {
    cursor("PreToolUse", "preToolUse")
      .whenExit(1, JSON.stringify({ permission: "deny", agent_message: "no" }), "")
      .thenIgnoringDiagnostics([
        ShowUser({ level: "error", text: "Hook failed with exit code 1 and wrote nothing to stderr." })
      ])
  })
})

describe("cursor: events that only observe", () => {
  it("discards what an after-event's hook answers, and says so", () => {
    const outcome = cursor("PostToolUse", "afterShellExecution").whenJson({ permission: "deny", agent_message: "no" })
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["discarded-field"])
    assert.deepStrictEqual(
      outcome.effects.filter((e) => e._tag !== "Diagnostic"),
      []
    )
  })

  it("blocks nothing on exit 2, and reports a failed run as every failed run is", () => {
    const blocked = cursor("PostToolUse", "afterFileEdit").whenExit(2, "", "bad edit")
    assert.deepStrictEqual(blocked.diagnosticCodes(), ["ignored-output"])
    assert.deepStrictEqual(blocked.withTag("PromptModel"), [])
    cursor("PostToolUse", "afterFileEdit")
      .whenExit(1, "", "audit log full")
      .then([ShowUser({ level: "error", text: "audit log full" })])
  })

  it("reads postToolUse's answer: the after-rows observe, the tool row decides", () => {
    cursor("PostToolUse", "postToolUse", "Write")
      .whenExit(2, "", "tests fail")
      .thenIgnoringDiagnostics([{ _tag: "PromptModel", text: "tests fail" }])
  })
})
