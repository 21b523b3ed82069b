/**
 * The codex dialect's decision rows (ARCHITECTURE 5.3.2; Codex CLI's events/*.rs and output_parser as
 * /work/shared/research/agent-dialects.md section 3.4-3.5 records them), given/when/then.
 */
import { assert, describe, it } from "@effect/vitest"
import { BlockStop, BlockTool, InjectContext, PromptModel, ShowUser, UpdateInput } from "../../src/index.ts"
import { given } from "../helpers/given.ts"

const codex = (event: Parameters<typeof given>[0]) => given(event).inDialect("codex")

describe("codex: exit codes", () => {
  it("blocks on exit 2 with stderr as the reason", () => {
    codex("PreToolUse")
      .whenExit(2, "", "no rm -rf\n")
      .then([BlockTool({ reason: "no rm -rf" })])
  })

  it("counts exit 2 with nothing on stderr as a failed run, not a block", () => {
    const outcome = codex("PreToolUse").whenExit(2)
    assert.deepStrictEqual(outcome.withTag("BlockTool"), [])
    assert.include(outcome.withTag("ShowUser")[0]?.text, "wrote no reason on stderr")
  })

  it("denies a PermissionRequest on exit 2, and gives PostToolUse's stderr to the model", () => {
    codex("PermissionRequest")
      .whenExit(2, "", "not here")
      .then([BlockTool({ reason: "not here" })])
    codex("PostToolUse")
      .whenExit(2, "", "tests fail")
      .then([PromptModel({ text: "tests fail" })])
  })

  it("cannot block compaction or the session start with exit 2: a failed run", () => {
    for (const event of ["PreCompact", "SessionStart"] as const) {
      const outcome = codex(event).whenExit(2, "", "no")
      assert.deepStrictEqual(
        outcome.effects.map((e) => e._tag),
        ["ShowUser"],
        event
      )
    }
  })

  it("ignores JSON on a non-zero exit: the exit code decides", () => {
    codex("PreToolUse")
      .whenExit(1, JSON.stringify({ decision: "block", reason: "no" }), "crashed")
      .then([ShowUser({ level: "error", text: "crashed" })])
  })

  it("reads plain stdout as context on SessionStart, ignores it on PreToolUse, and fails a Stop hook on it", () => {
    codex("SessionStart")
      .whenExit(0, "branch main")
      .then([InjectContext({ text: "branch main" })])
    codex("PreToolUse").whenExit(0, "checked").thenNothing()
    const stop = codex("Stop").whenExit(0, "done")
    assert.deepStrictEqual(stop.withTag("BlockStop"), [])
    assert.include(stop.withTag("ShowUser")[0]?.text, "must answer with JSON")
  })
})

describe("codex: the strict wire", () => {
  it("blocks with a deny and its reason, and rewrites with allow plus updatedInput", () => {
    codex("PreToolUse")
      .whenJson({
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" }
      })
      .then([BlockTool({ reason: "no" })])
    codex("PreToolUse")
      .whenJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          updatedInput: { command: "ls" }
        }
      })
      .thenIgnoringDiagnostics([UpdateInput({ input: { command: "ls" } })])
  })

  const rejected: ReadonlyArray<readonly [string, Parameters<typeof given>[0], Record<string, unknown>, string]> = [
    ["an unknown field next to a deny", "PreToolUse", { decision: "block", reason: "no", note: "x" }, "$.note"],
    [
      "ask",
      "PreToolUse",
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "?" } },
      "$.hookSpecificOutput.permissionDecision"
    ],
    [
      "allow without updatedInput",
      "PreToolUse",
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } },
      "$.hookSpecificOutput.permissionDecision"
    ],
    ["a block without a reason", "Stop", { decision: "block" }, "$.reason"],
    ["decision on PreCompact", "PreCompact", { decision: "block", reason: "no" }, "$.decision"],
    [
      "interrupt on PermissionRequest",
      "PermissionRequest",
      { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", interrupt: true } } },
      "$.hookSpecificOutput.decision.interrupt"
    ]
  ]
  for (const [what, event, answer, path] of rejected) {
    it(`drops the whole answer for ${what}, naming ${path}`, () => {
      const outcome = codex(event).whenJson(answer)
      assert.deepStrictEqual(
        outcome.effects.filter((e) => e._tag !== "Diagnostic").map((e) => e._tag),
        ["ShowUser"]
      )
      assert.isTrue(
        outcome.diagnostics().some((d) => d.code === "invalid-field" && d.message.startsWith(`${path}:`)),
        JSON.stringify(outcome.diagnostics())
      )
    })
  }

  it("reads a Stop block with its reason", () => {
    codex("Stop")
      .whenJson({ decision: "block", reason: "run the tests" })
      .then([BlockStop({ reason: "run the tests" })])
  })
})

describe("codex: Interrupt (0.155)", () => {
  it("shows a systemMessage, and nothing else", () => {
    codex("Interrupt")
      .whenJson({ systemMessage: "Interrupted; the partial edit was kept." })
      .then([ShowUser({ level: "warning", text: "Interrupted; the partial edit was kept." })])
  })

  it("rejects any other field as Codex's strict wire does: the run failed, nothing stops", () => {
    const outcome = codex("Interrupt").whenJson({ continue: false, systemMessage: "x" })
    assert.deepStrictEqual(outcome.withTag("StopAgent"), [])
    assert.include(outcome.withTag("ShowUser")[0]?.text, "$.continue")
  })

  it("cannot be prevented: exit 2 is a failed run, shown", () => {
    const outcome = codex("Interrupt").whenExit(2, "", "not now")
    assert.deepStrictEqual(outcome.withTag("ShowUser").length, 1)
    assert.include(outcome.withTag("ShowUser")[0]?.text, "not now")
  })
})
