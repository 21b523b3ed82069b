/**
 * The gemini-cli dialect's decision rows (ARCHITECTURE 5.3; Gemini CLI's hookRunner and hook-utils as
 * /work/shared/research/agent-dialects.md section 2.4-2.5 records them), given/when/then.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  AskPermission,
  BlockPrompt,
  BlockStop,
  BlockModelRequest,
  BlockTool,
  ChainToolCall,
  ClearContext,
  combine,
  RestrictTools,
  SyntheticModelResponse,
  UpdateModelRequest,
  UpdateModelResponse,
  decide,
  hookRun,
  InjectContext,
  ShowUser,
  StopAgent,
  UpdateInput
} from "../../src/index.ts"
import { UpdateToolOutput } from "../../src/effects/hook-effect.ts"
import { given } from "../helpers/given.ts"

const gemini = (event: Parameters<typeof given>[0]) => given(event).inDialect("gemini-cli")
const failedFor = (event: string) => ShowUser({ level: "warning", text: `Hook(s) [] failed for event ${event}.` })

describe("gemini-cli: the text decides", () => {
  it("denies on exit 2 with the trimmed stderr as the reason, and says the hook failed", () => {
    gemini("PreToolUse")
      .whenExit(2, "", "rm -rf is blocked\n")
      .then([BlockTool({ reason: "rm -rf is blocked" }), failedFor("BeforeTool")])
  })

  it("takes stdout before stderr as the text", () => {
    gemini("PreToolUse")
      .whenExit(2, "checked 3 rules\n", "rm -rf is blocked")
      .thenIgnoringDiagnostics([BlockTool({ reason: "checked 3 rules" }), failedFor("BeforeTool")])
  })

  it("blocks nothing on a silent exit 2, and says so", () => {
    const outcome = gemini("PreToolUse").whenExit(2)
    assert.deepStrictEqual(outcome.withTag("BlockTool"), [])
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["ignored-output"])
    assert.include(outcome.withTag("ShowUser")[0]?.text, "blocks nothing")
  })

  it("denies on any code from 2 up with text (exit 127 of a missing script), with a diagnostic", () => {
    const outcome = gemini("PreToolUse").whenExit(127, "", "bash: ./guard.sh: No such file or directory")
    assert.deepStrictEqual(outcome.withTag("BlockTool"), [
      BlockTool({ reason: "bash: ./guard.sh: No such file or directory" })
    ])
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["ignored-output"])
  })

  it("shows exit 0 text to the user, and exit 1 text as a warning", () => {
    gemini("PreToolUse")
      .whenExit(0, "all clear\n")
      .then([ShowUser({ level: "info", text: "all clear" })])
    gemini("PreToolUse")
      .whenExit(1, "", "lint not installed")
      .then([ShowUser({ level: "warning", text: "Warning: lint not installed" }), failedFor("BeforeTool")])
  })

  it("reads text before a JSON object as text: the verdict is not read, and a diagnostic says so", () => {
    const outcome = gemini("PreToolUse").whenExit(0, 'checking\n{"decision":"deny","reason":"no"}')
    outcome.thenIgnoringDiagnostics([ShowUser({ level: "info", text: 'checking\n{"decision":"deny","reason":"no"}' })])
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["noisy-stdout"])
  })

  it("names the hook by its name in the failed notice, and counts a timeout as a failed run", () => {
    const named = decide("PreToolUse", hookRun({ exitCode: 1, stderr: "x", command: "./lint.sh", name: "lint" }), {
      dialect: "gemini-cli",
      onFailure: "continue"
    })
    assert.isTrue(named.some((e) => e._tag === "ShowUser" && e.text === "Hook(s) [lint] failed for event BeforeTool."))
    const timedOut = decide("PreToolUse", hookRun({ exitCode: null, timedOut: true, command: "./slow.sh" }), {
      dialect: "gemini-cli",
      onFailure: "continue"
    })
    assert.deepStrictEqual(
      timedOut.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include((timedOut[0] as { text: string }).text, "Hook(s) [./slow.sh] failed for event BeforeTool. ")
  })
})

describe("gemini-cli: the JSON answer", () => {
  it("denies with decision deny or block and the reason, whatever the exit code", () => {
    gemini("PreToolUse")
      .whenJson({ decision: "deny", reason: "no rm -rf" })
      .then([BlockTool({ reason: "no rm -rf" })])
    gemini("PreToolUse")
      .whenJson({ decision: "block", reason: "no rm -rf" }, 1)
      .then([BlockTool({ reason: "no rm -rf" }), failedFor("BeforeTool")])
  })

  it("reads a JSON string holding the object a second time", () => {
    gemini("PreToolUse")
      .whenExit(0, JSON.stringify(JSON.stringify({ decision: "deny", reason: "twice" })))
      .then([BlockTool({ reason: "twice" })])
  })

  it("does not approve on decision allow (Gemini CLI's policy still decides), and says so", () => {
    const outcome = gemini("PreToolUse").whenJson({ decision: "allow", reason: "fine" })
    assert.deepStrictEqual(outcome.withTag("AllowTool"), [])
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["discarded-field"])
  })

  it("frames context as Gemini does: <hook_context>, with < and > escaped", () => {
    gemini("PostToolUse")
      .whenJson({ hookSpecificOutput: { additionalContext: "see <pkg>/types.ts" } })
      .then([InjectContext({ text: "<hook_context>see &lt;pkg&gt;/types.ts</hook_context>" })])
  })

  it("asks on decision ask, with systemMessage as the question, which the user also sees", () => {
    gemini("PreToolUse")
      .whenJson({ decision: "ask", systemMessage: "Push to main?" })
      .then([AskPermission({ reason: "Push to main?" }), ShowUser({ level: "warning", text: "Push to main?" })])
  })

  it("replaces the tool input with hookSpecificOutput.tool_input", () => {
    gemini("PreToolUse")
      .whenJson({ hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { command: "ls -la" } } })
      .then([UpdateInput({ input: { command: "ls -la" } })])
  })

  it("replaces an AfterTool result when a hook denies it", () => {
    gemini("PostToolUse")
      .whenJson({ decision: "deny", reason: "secrets in the output" })
      .then([UpdateToolOutput({ output: "Tool result blocked: secrets in the output" })])
  })

  it("blocks the prompt on BeforeAgent and the stop on AfterAgent", () => {
    gemini("UserPromptSubmit")
      .whenJson({ decision: "deny", reason: "no secrets" })
      .then([BlockPrompt({ reason: "no secrets" })])
    gemini("Stop")
      .whenJson({ decision: "deny", reason: "tests fail" })
      .then([BlockStop({ reason: "tests fail" })])
  })

  it("stops the agent on continue false, with stopReason else reason", () => {
    gemini("PreToolUse")
      .whenJson({ continue: false, reason: "budget spent" })
      .then([StopAgent({ reason: "budget spent" })])
  })

  it("ignores continue false and decision on SessionStart, with discarded-field diagnostics", () => {
    const outcome = gemini("SessionStart").whenJson({ continue: false, decision: "deny", reason: "no" })
    assert.deepStrictEqual(outcome.withTag("StopAgent"), [])
    assert.deepStrictEqual(outcome.diagnosticCodes(), ["discarded-field", "discarded-field"])
  })

  it("discards a Claude Code answer, which Gemini CLI does not read, naming the field", () => {
    const outcome = gemini("PreToolUse").whenJson({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "x" }
    })
    assert.deepStrictEqual(outcome.withTag("BlockTool"), [])
    const messages = outcome.diagnostics().map((d) => d.message)
    assert.isTrue(messages.some((m) => m.includes("$.hookSpecificOutput.permissionDecision")))
  })

  it("chains the tool call an AfterTool hook asks for (ChainToolCall)", () => {
    gemini("PostToolUse")
      .whenJson({ hookSpecificOutput: { tailToolCallRequest: { name: "read_file", args: { file_path: "a" } } } })
      .then([ChainToolCall({ name: "read_file", args: { file_path: "a" } })])
  })

  it("chains a tail call beside a blocked result: the block replaces this result, the next call still runs", () => {
    gemini("PostToolUse")
      .whenJson({
        decision: "deny",
        reason: "secret",
        hookSpecificOutput: { tailToolCallRequest: { name: "redact", args: {} } }
      })
      .then([ChainToolCall({ name: "redact", args: {} }), UpdateToolOutput({ output: "Tool result blocked: secret" })])
  })

  it("reports a tail call without a tool name, or on another event, and chains nothing", () => {
    const nameless = gemini("PostToolUse").whenJson({ hookSpecificOutput: { tailToolCallRequest: { args: {} } } })
    assert.deepStrictEqual(nameless.withTag("ChainToolCall"), [])
    assert.include(nameless.diagnostics()[0]?.message, "$.hookSpecificOutput.tailToolCallRequest: expected an object")
    const early = gemini("PreToolUse").whenJson({ hookSpecificOutput: { tailToolCallRequest: { name: "x" } } })
    assert.deepStrictEqual(early.withTag("ChainToolCall"), [])
    assert.include(early.diagnostics()[0]?.message, "only on AfterTool")
  })

  it("clears the model's history when an AfterAgent hook asks (ClearContext), also beside a block", () => {
    gemini("Stop")
      .whenJson({ hookSpecificOutput: { clearContext: true } })
      .then([ClearContext()])
    gemini("Stop")
      .whenJson({ decision: "block", reason: "retry", hookSpecificOutput: { clearContext: true } })
      .then([ClearContext(), BlockStop({ reason: "retry" })])
    gemini("Stop")
      .whenJson({ hookSpecificOutput: { clearContext: false } })
      .then([])
  })

  it("reports clearContext that is not true or false, or on another event", () => {
    const odd = gemini("Stop").whenJson({ hookSpecificOutput: { clearContext: "yes" } })
    assert.deepStrictEqual(odd.withTag("ClearContext"), [])
    assert.strictEqual(odd.diagnosticCodes()[0], "invalid-field")
    const early = gemini("PostToolUse").whenJson({ hookSpecificOutput: { clearContext: true } })
    assert.include(early.diagnostics()[0]?.message, "only on AfterAgent")
  })
})

describe("gemini-cli: the model-level events (BeforeModel, AfterModel, BeforeToolSelection)", () => {
  const response = { candidates: [{ content: { role: "model", parts: ["Cached answer."] }, finishReason: "STOP" }] }

  it("BeforeModel: llm_request changes the request (UpdateModelRequest)", () => {
    gemini("PreModelRequest")
      .whenJson({ hookSpecificOutput: { llm_request: { model: "gemini-2.5-flash", config: { temperature: 0 } } } })
      .then([UpdateModelRequest({ request: { model: "gemini-2.5-flash", config: { temperature: 0 } } })])
  })

  it("BeforeModel: a deny ends the turn, and its llm_response is the model's answer", () => {
    gemini("PreModelRequest")
      .whenJson({ decision: "deny", reason: "Over the token budget", hookSpecificOutput: { llm_response: response } })
      .then([BlockModelRequest({ reason: "Over the token budget" }), SyntheticModelResponse({ response })])
  })

  it("continue: false stops the agent, and what it absorbs is not decided (a deny, a synthetic answer, a tail call)", () => {
    for (const [event, answer] of [
      ["PostModelResponse", { decision: "deny", continue: false }],
      ["PreModelRequest", { decision: "deny", continue: false, hookSpecificOutput: { llm_response: response } }],
      ["PostToolUse", { continue: false, hookSpecificOutput: { tailToolCallRequest: { name: "ls", args: {} } } }]
    ] as const) {
      const run = hookRun({ exitCode: 0, stdout: JSON.stringify(answer) })
      const decided = decide(event, run, { dialect: "gemini-cli", onFailure: "continue" })
      assert.deepStrictEqual(
        decided.map((e) => e._tag),
        ["StopAgent"],
        `${event}: ${JSON.stringify(decided)}`
      )
      // The law: combine of one hook's decision is that decision.
      assert.deepStrictEqual(combine([decided]), decided)
    }
  })

  it("BeforeModel: llm_response without a deny is reported, not used", () => {
    const outcome = gemini("PreModelRequest").whenJson({ hookSpecificOutput: { llm_response: response } })
    assert.deepStrictEqual(outcome.withTag("SyntheticModelResponse"), [])
    assert.include(outcome.diagnostics()[0]?.message, "only with a deny")
  })

  it("AfterModel: llm_response replaces the answer; a deny ends the turn; text on exit 2 denies", () => {
    gemini("PostModelResponse")
      .whenJson({ hookSpecificOutput: { llm_response: response } })
      .then([UpdateModelResponse({ response })])
    gemini("PostModelResponse")
      .whenJson({ decision: "deny", reason: "leaked a key" })
      .then([BlockModelRequest({ reason: "leaked a key" })])
    assert.deepStrictEqual(gemini("PostModelResponse").whenExit(2, "", "leaked a key").withTag("BlockModelRequest"), [
      BlockModelRequest({ reason: "leaked a key" })
    ])
  })

  it("AfterModel: an llm_response without candidates is invalid, reported at its path", () => {
    const outcome = gemini("PostModelResponse").whenJson({ hookSpecificOutput: { llm_response: { text: "hi" } } })
    assert.deepStrictEqual(outcome.withTag("UpdateModelResponse"), [])
    assert.include(outcome.diagnostics()[0]?.message, "$.hookSpecificOutput.llm_response: expected a model response")
  })

  it("BeforeToolSelection: toolConfig restricts the tools; mode defaults to AUTO; continue:false and decision do nothing", () => {
    gemini("PreToolSelection")
      .whenJson({ hookSpecificOutput: { toolConfig: { mode: "ANY", allowedFunctionNames: ["read_file", "glob"] } } })
      .then([RestrictTools({ mode: "ANY", allowedFunctionNames: ["read_file", "glob"] })])
    gemini("PreToolSelection")
      .whenJson({ hookSpecificOutput: { toolConfig: { allowedFunctionNames: ["glob"] } } })
      .then([RestrictTools({ mode: "AUTO", allowedFunctionNames: ["glob"] })])
    const ignored = gemini("PreToolSelection").whenJson({ continue: false, decision: "deny", reason: "x" })
    assert.deepStrictEqual(ignored.withTag("StopAgent"), [])
    assert.deepStrictEqual(ignored.withTag("BlockModelRequest"), [])
  })

  it("BeforeToolSelection: a mode Gemini does not know is invalid", () => {
    const outcome = gemini("PreToolSelection").whenJson({ hookSpecificOutput: { toolConfig: { mode: "SOME" } } })
    assert.deepStrictEqual(outcome.withTag("RestrictTools"), [])
    assert.strictEqual(outcome.diagnosticCodes()[0], "invalid-field")
  })

  it("reads each model-level field only on its own event", () => {
    const outcome = gemini("PreToolUse").whenJson({ hookSpecificOutput: { toolConfig: { mode: "NONE" } } })
    assert.deepStrictEqual(outcome.withTag("RestrictTools"), [])
    assert.include(outcome.diagnostics()[0]?.message, "only on BeforeToolSelection")
  })
})

describe("combine: several hooks' tool restrictions", () => {
  it("keeps the strictest mode and joins the allow-lists, sorted", () => {
    assert.deepStrictEqual(
      combine([
        [RestrictTools({ mode: "AUTO", allowedFunctionNames: ["glob", "read_file"] })],
        [RestrictTools({ mode: "ANY", allowedFunctionNames: ["ask_user"] })],
        [RestrictTools({ mode: "AUTO" })]
      ]),
      [RestrictTools({ mode: "ANY", allowedFunctionNames: ["ask_user", "glob", "read_file"] })]
    )
    assert.deepStrictEqual(combine([[RestrictTools({ mode: "ANY" })], [RestrictTools({ mode: "NONE" })]]), [
      RestrictTools({ mode: "NONE" })
    ])
  })

  it("a blocked request drops the request and answer changes, not a synthetic answer", () => {
    assert.deepStrictEqual(
      combine([
        [UpdateModelRequest({ request: { model: "m" } }), UpdateModelResponse({ response })],
        [BlockModelRequest({ reason: "budget" }), SyntheticModelResponse({ response })]
      ]),
      [BlockModelRequest({ reason: "budget" }), SyntheticModelResponse({ response })]
    )
  })
})

const response = { candidates: [{ content: { role: "model", parts: ["Cached answer."] } }] }
