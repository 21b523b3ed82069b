/**
 * One test per acceptance scenario of the specification seeds:
 * 000 (user stories US1-US5), 003 (PermissionRequest, SubagentStart,
 * updatedInput, updatedMCPToolOutput) and 004 (per-event exit-code paths),
 * read through ARCHITECTURE.md, which stands where they differ.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  AllowTool,
  AskPermission,
  audienceOf,
  BlockPrompt,
  BlockStop,
  BlockTool,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/index.ts"
import { given } from "../helpers/given.ts"

const preToolUse = (fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: "PreToolUse", ...fields }
})

describe("seed 000 US1: simple exit code communication", () => {
  it("US1.1 exit 0 continues, and UserPromptSubmit stdout is added to the model's context", () => {
    const ups = given("UserPromptSubmit").whenExit(0, "current branch: main\n", "")
    ups.then([InjectContext({ text: "current branch: main" })])
    assert.deepStrictEqual(ups.audiences(), ["InjectContext:model"])
    // Other events (here a tool guard) just continue: stdout is not context (FR-001).
    given("PreToolUse").whenExit(0, "all good", "").thenNothing()
    given("Stop").whenExit(0, "all good", "").thenNothing()
  })

  it("US1.2 exit 2 blocks the operation and routes stderr by event type", () => {
    // FR-013: PreToolUse blocks the tool and shows stderr to the model.
    const pre = given("PreToolUse").whenExit(2, "", "rm -rf is not allowed\n")
    pre.then([BlockTool({ reason: "rm -rf is not allowed" })])
    assert.deepStrictEqual(pre.audiences(), ["BlockTool:model"])
    // PostToolUse shows stderr to the model.
    const post = given("PostToolUse").whenExit(2, "", "lint failed: 3 errors")
    post.then([PromptModel({ text: "lint failed: 3 errors" })])
    assert.deepStrictEqual(post.audiences(), ["PromptModel:model"])
    // UserPromptSubmit blocks the prompt; stderr goes to the user only.
    const ups = given("UserPromptSubmit").whenExit(2, "", "Invalid prompt format")
    ups.then([BlockPrompt({ reason: "Invalid prompt format" })])
    assert.deepStrictEqual(ups.audiences(), ["BlockPrompt:user"])
    // Stop blocks the stop; stderr goes to the model.
    const stop = given("Stop").whenExit(2, "", "tests are still failing")
    stop.then([BlockStop({ reason: "tests are still failing" })])
    assert.deepStrictEqual(stop.audiences(), ["BlockStop:model"])
  })

  it("US1.3 any other exit code shows stderr to the user and continues without blocking", () => {
    for (const code of [1, 3, 127, 255]) {
      const o = given("PreToolUse").whenExit(code, "", "formatter crashed")
      o.then([ShowUser({ level: "error", text: "formatter crashed" })])
      assert.deepStrictEqual(o.audiences(), ["ShowUser:user"])
    }
    given("UserPromptSubmit")
      .whenExit(1, "ignored stdout", "oops")
      .then([ShowUser({ level: "error", text: "oops" })])
  })
})

describe("seed 000 US2: advanced JSON output control", () => {
  it("US2.1 continue:false stops processing and shows the stopReason to the user", () => {
    const o = given("PostToolUse").whenJson({ continue: false, stopReason: "Build broke: stopping the session" })
    o.then([StopAgent({ reason: "Build broke: stopping the session" })])
    assert.deepStrictEqual(o.audiences(), ["StopAgent:user"])
  })

  it("US2.2 systemMessage is shown to the user as a warning", () => {
    const o = given("Stop").whenJson({ systemMessage: "Remember to update the changelog" })
    o.then([ShowUser({ level: "warning", text: "Remember to update the changelog" })])
    assert.deepStrictEqual(o.audiences(), ["ShowUser:user"])
  })

  it("US2.3 valid JSON takes precedence over the exit code", () => {
    const allow = preToolUse({ permissionDecision: "allow" })
    for (const code of [0, 1, 2, 42]) {
      given("PreToolUse").whenJson(allow, code, "stderr that must be ignored").then([AllowTool()])
    }
    // A UserPromptSubmit hook that exits 2 but answers JSON without a block does not block.
    given("UserPromptSubmit")
      .whenJson(
        { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ctx" } },
        2,
        "would block"
      )
      .then([InjectContext({ text: "ctx" })])
  })
})

describe("seed 000 US3: PreToolUse permission control", () => {
  it("US3.1 permissionDecision allow runs the tool without asking and shows the reason to the user, not the model", () => {
    const o = given("PreToolUse").whenJson(
      preToolUse({ permissionDecision: "allow", permissionDecisionReason: "read-only command" })
    )
    o.then([AllowTool(), ShowUser({ level: "info", text: "read-only command" })])
    assert.deepStrictEqual(o.audiences(), ["AllowTool:none", "ShowUser:user"])
    assert.isFalse(
      o.effects.some((e) => audienceOf(e) === "model"),
      "the allow reason never reaches the model"
    )
  })

  it("US3.2 PreToolUse permissionDecision deny blocks the tool and shows the reason to the model", () => {
    const o = given("PreToolUse").whenJson(
      preToolUse({ permissionDecision: "deny", permissionDecisionReason: "writes outside the project" })
    )
    o.then([BlockTool({ reason: "writes outside the project" })])
    assert.deepStrictEqual(o.audiences(), ["BlockTool:model"])
  })

  it("US3.3 permissionDecision ask prompts the user for confirmation with the reason", () => {
    const o = given("PreToolUse").whenJson(
      preToolUse({ permissionDecision: "ask", permissionDecisionReason: "this deletes files" })
    )
    o.then([AskPermission({ reason: "this deletes files" })])
    assert.deepStrictEqual(o.audiences(), ["AskPermission:user"])
  })

  it("US3.4 updatedInput makes the tool run with the modified input", () => {
    const input = { command: "npm test -- --run", timeout: 60 }
    given("PreToolUse")
      .whenJson(preToolUse({ updatedInput: input }))
      .then([UpdateInput({ input })])
    given("PreToolUse")
      .whenJson(preToolUse({ permissionDecision: "allow", updatedInput: input }))
      .then([AllowTool(), UpdateInput({ input })])
  })
})

describe("seed 000 US4: PostToolUse feedback", () => {
  it("US4.1 decision block prompts the model with the reason", () => {
    const o = given("PostToolUse").whenJson({ decision: "block", reason: "The file has type errors; fix them" })
    o.then([PromptModel({ text: "The file has type errors; fix them" })])
    assert.deepStrictEqual(o.audiences(), ["PromptModel:model"])
  })

  it("US4.2 additionalContext is added to the model's context", () => {
    const o = given("PostToolUse").whenJson({
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "coverage dropped to 71%" }
    })
    o.then([InjectContext({ text: "coverage dropped to 71%" })])
    assert.deepStrictEqual(o.audiences(), ["InjectContext:model"])
  })

  it("US4.3 an undefined decision lets the agent continue without automated prompting", () => {
    given("PostToolUse").whenJson({}).thenNothing()
    given("PostToolUse").whenJson({ reason: "a reason without a decision" }).thenNothing()
    given("PostToolUse").whenJson({ suppressOutput: true }).thenNothing()
  })
})

describe("seed 000 US5: UserPromptSubmit and Stop control", () => {
  it("US5.1 UserPromptSubmit decision block erases the prompt and shows the reason to the user only", () => {
    const o = given("UserPromptSubmit").whenJson({ decision: "block", reason: "Prompt contains a secret" })
    o.then([BlockPrompt({ reason: "Prompt contains a secret" })])
    assert.deepStrictEqual(o.audiences(), ["BlockPrompt:user"])
  })

  it("US5.2 UserPromptSubmit additionalContext is added when the prompt is not blocked", () => {
    const context = { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "Today is Friday" } }
    const o = given("UserPromptSubmit").whenJson(context)
    o.then([InjectContext({ text: "Today is Friday" })])
    assert.deepStrictEqual(o.audiences(), ["InjectContext:model"])
    // When blocked, the context is not added.
    given("UserPromptSubmit")
      .whenJson({ ...context, decision: "block", reason: "no" })
      .then([BlockPrompt({ reason: "no" })])
  })

  it("US5.3 Stop decision block keeps the agent going and the model must process the reason", () => {
    const o = given("Stop").whenJson({ decision: "block", reason: "Run the tests before stopping" })
    o.then([BlockStop({ reason: "Run the tests before stopping" })])
    assert.deepStrictEqual(o.audiences(), ["BlockStop:model"])
  })
})

describe("seed 003: PermissionRequest output", () => {
  const permission = (decision: unknown) => ({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision } })

  it("Allow permission with unchanged input: the tool proceeds with its original input", () => {
    const o = given("PermissionRequest").whenJson(permission({ behavior: "allow" }))
    o.then([AllowTool()])
    assert.lengthOf(o.withTag("UpdateInput"), 0)
  })

  it("Allow permission with modified input: the tool proceeds with the updated input", () => {
    const updatedInput = { file_path: "/project/src/a.ts", content: "sanitised" }
    given("PermissionRequest")
      .whenJson(permission({ behavior: "allow", updatedInput }))
      .then([AllowTool(), UpdateInput({ input: updatedInput })])
  })

  it("Deny permission: the tool is not executed and the message says why", () => {
    const o = given("PermissionRequest").whenJson(
      permission({ behavior: "deny", message: "no network access", interrupt: false })
    )
    o.then([BlockTool({ reason: "no network access" })])
    assert.deepStrictEqual(o.audiences(), ["BlockTool:model"])
    assert.lengthOf(o.withTag("StopAgent"), 0, "interrupt false does not interrupt")
  })

  it("Deny with interrupt: the query is interrupted, the user sees the message, and the tool is prevented", () => {
    const o = given("PermissionRequest").whenJson(
      permission({ behavior: "deny", message: "dangerous command", interrupt: true })
    )
    o.then([StopAgent({ reason: "dangerous command" }), BlockTool({ reason: "dangerous command" })])
    assert.deepStrictEqual(
      o.effects.map((e) => `${e._tag}:${audienceOf(e)}`),
      ["StopAgent:user", "BlockTool:model"]
    )
  })
})

describe("seed 003: SubagentStart output", () => {
  it("Provide additional context to subagent: the subagent receives it", () => {
    const o = given("SubagentStart").whenJson({
      hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: "Use pnpm, not npm" }
    })
    o.then([InjectContext({ text: "Use pnpm, not npm" })])
    assert.deepStrictEqual(o.audiences(), ["InjectContext:model"])
  })

  it("No additional context: the subagent starts normally", () => {
    given("SubagentStart")
      .whenJson({ hookSpecificOutput: { hookEventName: "SubagentStart" } })
      .thenNothing()
    given("SubagentStart").whenExit(0).thenNothing()
  })
})

describe("seed 003: PreToolUse updatedInput", () => {
  it("Modify tool input before execution: the tool receives the modified input", () => {
    const updatedInput = { command: "ls -la", description: "list" }
    given("PreToolUse")
      .whenJson(preToolUse({ permissionDecision: "allow", updatedInput }))
      .then([AllowTool(), UpdateInput({ input: updatedInput })])
  })

  it("No input modification: the tool receives the original input", () => {
    given("PreToolUse")
      .whenJson(preToolUse({ permissionDecision: "allow" }))
      .then([AllowTool()])
    // A JSON null is an invalid value (section 4.5): reported to the author, no UpdateInput.
    const o = given("PreToolUse").whenJson(preToolUse({ permissionDecision: "allow", updatedInput: null }))
    o.thenIgnoringDiagnostics([AllowTool()])
    assert.deepStrictEqual(o.diagnosticCodes(), ["invalid-field"])
  })
})

describe("seed 003: PostToolUse updatedMCPToolOutput", () => {
  it("Modify tool output after execution: the model sees the modified output", () => {
    const output = { content: [{ type: "text", text: "[redacted]" }] }
    const o = given("PostToolUse").whenJson({
      hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: output }
    })
    o.then([UpdateToolOutput({ output })])
    assert.deepStrictEqual(o.audiences(), ["UpdateToolOutput:model"])
  })

  it("No output modification: the tool's actual output is used", () => {
    given("PostToolUse")
      .whenJson({ hookSpecificOutput: { hookEventName: "PostToolUse" } })
      .thenNothing()
    const o = given("PostToolUse").whenJson({
      hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: null }
    })
    assert.lengthOf(o.withTag("UpdateToolOutput"), 0)
    assert.deepStrictEqual(o.diagnosticCodes(), ["invalid-field"])
  })
})

describe("seed 004: per-event exit-code behaviour", () => {
  it("PreToolUse success (exit 0): no effect, execution continues", () => {
    given("PreToolUse").whenExit(0, "checked", "").thenNothing()
  })
  it("PreToolUse blocking error (exit 2): the tool block gets stderr as its failed result, seen by the model", () => {
    const o = given("PreToolUse").whenExit(2, "", "  Hook blocked: secrets in diff  \n")
    o.then([BlockTool({ reason: "Hook blocked: secrets in diff" })])
    assert.deepStrictEqual(o.audiences(), ["BlockTool:model"])
  })
  it("PreToolUse non-blocking error (other code): error shown to the user, execution continues", () => {
    const o = given("PreToolUse").whenExit(1, "", "guard.sh: line 3: jq: not found")
    o.then([ShowUser({ level: "error", text: "guard.sh: line 3: jq: not found" })])
    assert.deepStrictEqual(o.audiences(), ["ShowUser:user"])
  })

  it("PostToolUse success (exit 0): no effect", () => {
    given("PostToolUse").whenExit(0, "formatted 3 files", "").thenNothing()
  })
  it("PostToolUse blocking error (exit 2): stderr is fed back to the model, which continues", () => {
    const o = given("PostToolUse").whenExit(2, "", "prettier found problems")
    o.then([PromptModel({ text: "prettier found problems" })])
    assert.deepStrictEqual(o.audiences(), ["PromptModel:model"])
  })
  it("PostToolUse non-blocking error (other code): error shown to the user", () => {
    given("PostToolUse")
      .whenExit(3, "", "timeout talking to linter")
      .then([ShowUser({ level: "error", text: "timeout talking to linter" })])
  })

  it("UserPromptSubmit success (exit 0): stdout is injected as context", () => {
    const o = given("UserPromptSubmit").whenExit(0, "context data\n", "")
    o.then([InjectContext({ text: "context data" })])
    assert.deepStrictEqual(o.audiences(), ["InjectContext:model"])
  })
  it("UserPromptSubmit blocking error (exit 2): the prompt is erased and stderr shown to the user only", () => {
    const o = given("UserPromptSubmit").whenExit(2, "", "Invalid prompt format")
    o.then([BlockPrompt({ reason: "Invalid prompt format" })])
    assert.deepStrictEqual(o.audiences(), ["BlockPrompt:user"])
  })
  it("UserPromptSubmit non-blocking error (other code): error shown to the user, prompt processed", () => {
    const o = given("UserPromptSubmit").whenExit(1, "not context", "warning: cache cold")
    o.then([ShowUser({ level: "error", text: "warning: cache cold" })])
    assert.lengthOf(o.withTag("InjectContext"), 0)
  })

  it("Stop success (exit 0): no effect, the agent stops", () => {
    given("Stop").whenExit(0, "bye", "").thenNothing()
  })
  it("Stop blocking error (exit 2): stderr goes to the model and the agent continues", () => {
    const o = given("Stop").whenExit(2, "", "3 TODOs left")
    o.then([BlockStop({ reason: "3 TODOs left" })])
    assert.deepStrictEqual(o.audiences(), ["BlockStop:model"])
  })
  it("Stop non-blocking error (other code): error shown to the user", () => {
    given("Stop")
      .whenExit(127, "", "sh: notify-send: not found")
      .then([ShowUser({ level: "error", text: "sh: notify-send: not found" })])
  })
})
