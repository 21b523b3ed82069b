/**
 * Edge cases of seed 000 and the stdout-reading rules of ARCHITECTURE section 4,
 * the failure rules of 5.2 and the effect order of section 3.
 */
import { assert, describe, it } from "@effect/vitest"
import type { HookEffect, HookEvent } from "../../src/index.ts"
import {
  AllowTool,
  AskPermission,
  audienceOf,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  decide,
  Diagnostic,
  hookRun,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/index.ts"
import { given, withoutDiagnostics } from "../helpers/given.ts"
import { classicEvents, exit2Tag, rowText } from "../helpers/rows.ts"

const wrapped = (event: HookEvent, fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: event, ...fields }
})
const denyJson = (reason: string) =>
  wrapped("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: reason })
const cc = { dialect: "claude-code", onFailure: "continue" } as const

describe("seed 000 edge case: valid JSON and a meaningful exit code", () => {
  it("wave: JSON decides whatever the exit code (exit 2 with an allow is an allow)", () => {
    given("PreToolUse")
      .whenJson(wrapped("PreToolUse", { permissionDecision: "allow" }), 2, "blocked by exit code")
      .then([AllowTool()])
    given("Stop")
      .whenJson({ systemMessage: "done" }, 2, "keep going")
      .then([ShowUser({ level: "warning", text: "done" })])
  })

  it("wave: JSON with no decision on exit 2 has no effect at all", () => {
    given("PreToolUse").whenJson({}, 2, "stderr").thenNothing()
  })

  it("claude-code: exit 2 takes the blocking row even with valid JSON", () => {
    given("PreToolUse")
      .inDialect("claude-code")
      .whenJson(wrapped("PreToolUse", { permissionDecision: "allow" }), 2, "blocked by exit code")
      .then([BlockTool({ reason: "blocked by exit code" })])
  })
})

describe("seed 000 edge case: malformed JSON", () => {
  it("is reported to the author and the user, and the exit code decides as if stdout were empty (exit 0)", () => {
    const o = given("PreToolUse").withCommand("./guard.sh").whenExit(0, '{"permissionDecision": "deny",', "")
    assert.deepStrictEqual(o.diagnosticCodes(), ["malformed-json"])
    assert.deepStrictEqual(
      withoutDiagnostics(o.effects).map((e) => e._tag),
      ["ShowUser"]
    )
    const warning = o.withTag("ShowUser")[0]!
    assert.strictEqual(warning.level, "warning")
    assert.include(warning.text, "./guard.sh")
    assert.include(o.diagnostics()[0]!.message, "not valid JSON")
  })

  it("exit 2 still blocks with stderr", () => {
    given("PreToolUse")
      .whenExit(2, "{oops", "no")
      .thenIgnoringDiagnostics([
        ShowUser({ level: "warning", text: "Hook printed malformed JSON on stdout; it was ignored." }),
        BlockTool({ reason: "no" })
      ])
  })

  it("another exit code shows stderr as an error", () => {
    const o = given("Stop").whenExit(1, "{oops", "crash")
    assert.deepStrictEqual(o.diagnosticCodes(), ["malformed-json"])
    assert.deepStrictEqual(
      withoutDiagnostics(o.effects).map((e) => e._tag + ":" + ("level" in e ? e.level : "")),
      ["ShowUser:warning", "ShowUser:error"]
    )
    assert.strictEqual(o.withTag("ShowUser")[1]!.text, "crash")
  })

  it("is never passed to the model: UserPromptSubmit exit 0 does not inject malformed text", () => {
    const o = given("UserPromptSubmit").whenExit(0, '{"hookSpecificOutput": {"additionalContext": "secret"', "")
    assert.lengthOf(o.withTag("InjectContext"), 0)
    assert.isFalse(o.effects.some((e) => audienceOf(e) === "model"))
    assert.deepStrictEqual(o.diagnosticCodes(), ["malformed-json"])
  })

  it("is never passed to the model, not even inside the fail-closed text of onFailure block", () => {
    // Section 4.6: malformed output never reaches the model. JSON.parse's error message quotes
    // the input, so it must not be copied into a model-facing reason.
    for (const event of ["PreToolUse", "PostToolUse", "Stop", "SubagentStop", "PermissionRequest"] as const) {
      const o = given(event).onFailure("block").whenExit(0, '{"reason": TOP-SECRET-TEXT}', "")
      for (const effect of o.effects) {
        if (audienceOf(effect) !== "model") continue
        assert.notInclude(JSON.stringify(effect), "TOP-SECRET", `${event}: ${JSON.stringify(effect)}`)
      }
    }
  })

  it("trailing text after a JSON object is malformed in the wave dialect", () => {
    const o = given("PreToolUse").whenExit(0, '{"continue": false} and more', "")
    assert.deepStrictEqual(o.diagnosticCodes(), ["malformed-json"])
    assert.lengthOf(o.withTag("StopAgent"), 0)
  })
})

describe("seed 000 edge case: conflicting fields", () => {
  it("continue:false with permissionDecision allow: StopAgent only", () => {
    given("PreToolUse")
      .whenJson({
        continue: false,
        stopReason: "halt",
        ...wrapped("PreToolUse", { permissionDecision: "allow", permissionDecisionReason: "ok" })
      })
      .then([StopAgent({ reason: "halt" })])
  })

  it("continue:false with permissionDecision deny and updatedInput: StopAgent only", () => {
    given("PreToolUse")
      .whenJson({
        continue: false,
        ...wrapped("PreToolUse", { permissionDecision: "deny", updatedInput: { a: 1 }, additionalContext: "c" })
      })
      .then([StopAgent()])
  })

  it("continue:false with permissionDecision ask: StopAgent only", () => {
    given("PreToolUse")
      .whenJson({ continue: false, stopReason: "s", ...wrapped("PreToolUse", { permissionDecision: "ask" }) })
      .then([StopAgent({ reason: "s" })])
  })

  for (const event of ["PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "PreCompact"] as const) {
    it(`continue:false with decision block (${event}): StopAgent only, systemMessage still shows`, () => {
      given(event)
        .whenJson({ continue: false, stopReason: "halt", decision: "block", reason: "r", systemMessage: "note" })
        .then([StopAgent({ reason: "halt" }), ShowUser({ level: "warning", text: "note" })])
    })
  }

  it("continue:false with PermissionRequest deny: StopAgent only", () => {
    given("PermissionRequest")
      .whenJson({
        continue: false,
        stopReason: "halt",
        ...wrapped("PermissionRequest", { decision: { behavior: "deny", message: "m" } })
      })
      .then([StopAgent({ reason: "halt" })])
  })

  it("continue:false with additionalContext: no context is injected", () => {
    given("UserPromptSubmit")
      .whenJson({ continue: false, ...wrapped("UserPromptSubmit", { additionalContext: "ctx" }) })
      .then([StopAgent()])
  })

  it("continue:false with updatedMCPToolOutput: no output update", () => {
    given("PostToolUse")
      .whenJson({ continue: false, ...wrapped("PostToolUse", { updatedMCPToolOutput: "x" }) })
      .then([StopAgent()])
  })

  it("continue:true does not stop and the decision counts", () => {
    given("Stop")
      .whenJson({ continue: true, decision: "block", reason: "go on" })
      .then([BlockStop({ reason: "go on" })])
  })

  it("deny with updatedInput: the input update is dropped", () => {
    given("PreToolUse")
      .whenJson(
        wrapped("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no", updatedInput: { a: 1 } })
      )
      .then([BlockTool({ reason: "no" })])
  })

  it("permissionDecision and the legacy decision: permissionDecision wins, deprecated-field reported", () => {
    const o = given("PreToolUse").whenJson({
      decision: "block",
      reason: "legacy",
      ...wrapped("PreToolUse", { permissionDecision: "allow" })
    })
    o.thenIgnoringDiagnostics([AllowTool()])
    assert.deepStrictEqual(o.diagnosticCodes(), ["deprecated-field"])
  })

  it("UserPromptSubmit block with additionalContext: blocked, no context", () => {
    given("UserPromptSubmit")
      .whenJson({ decision: "block", reason: "no", ...wrapped("UserPromptSubmit", { additionalContext: "ctx" }) })
      .then([BlockPrompt({ reason: "no" })])
  })

  it("PostToolUse updatedToolOutput and updatedMCPToolOutput (src choice: updatedToolOutput wins with conflicting-update)", () => {
    const o = given("PostToolUse").whenJson(
      wrapped("PostToolUse", { updatedToolOutput: "a", updatedMCPToolOutput: "b" })
    )
    o.thenIgnoringDiagnostics([UpdateToolOutput({ output: "a" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["conflicting-update"])
  })
})

describe("seed 000 edge case: fields for the wrong event", () => {
  const cases: ReadonlyArray<readonly [string, HookEvent, Record<string, unknown>, string]> = [
    [
      "additionalContext on SessionEnd",
      "SessionEnd",
      { hookSpecificOutput: { additionalContext: "x" } },
      "$.hookSpecificOutput.additionalContext"
    ],
    [
      "permissionDecision on PostToolUse",
      "PostToolUse",
      { hookSpecificOutput: { permissionDecision: "deny" } },
      "$.hookSpecificOutput.permissionDecision"
    ],
    [
      "updatedMCPToolOutput on PreToolUse",
      "PreToolUse",
      { hookSpecificOutput: { updatedMCPToolOutput: "x" } },
      "$.hookSpecificOutput.updatedMCPToolOutput"
    ],
    [
      "updatedInput on PermissionRequest (outside decision)",
      "PermissionRequest",
      { hookSpecificOutput: { updatedInput: { a: 1 } } },
      "$.hookSpecificOutput.updatedInput"
    ],
    [
      "additionalContext on Notification",
      "Notification",
      { hookSpecificOutput: { additionalContext: "x" } },
      "$.hookSpecificOutput.additionalContext"
    ],
    ["decision block on SessionEnd", "SessionEnd", { decision: "block" }, "$.decision"],
    ["decision block on SessionStart", "SessionStart", { decision: "block" }, "$.decision"],
    ["reason on Notification", "Notification", { reason: "why" }, "$.reason"],
    ["top-level permissionDecision on Stop", "Stop", { permissionDecision: "deny" }, "$.permissionDecision"]
  ]
  for (const [name, event, json, path] of cases) {
    it(`${name}: wrong-event Diagnostic naming ${path}, field ignored`, () => {
      const o = given(event).whenJson(json)
      assert.deepStrictEqual(o.diagnosticCodes(), ["wrong-event"])
      assert.include(o.diagnostics()[0]!.message, path)
      assert.include(o.diagnostics()[0]!.message, event)
      assert.deepStrictEqual(withoutDiagnostics(o.effects), [])
    })
  }

  it("a wrong-event field does not void the valid ones", () => {
    given("PreCompact")
      .whenJson({ decision: "block", reason: "r", hookSpecificOutput: { additionalContext: "x" } })
      .thenIgnoringDiagnostics([BlockCompaction({ reason: "r" })])
  })
})

describe("seed 000 edge case: no output at all", () => {
  for (const dialect of ["wave", "claude-code"] as const) {
    for (const event of classicEvents) {
      it(`${event} (${dialect}) exit 0 with empty stdout and stderr: no effects`, () => {
        given(event).inDialect(dialect).whenExit(0, "", "").thenNothing()
        given(event).inDialect(dialect).whenExit(0, " \n\t\n", "\n").thenNothing()
      })
    }
  }
})

describe("section 4 steps 1-4: reading stdout", () => {
  it("a UTF-8 BOM before JSON is stripped", () => {
    given("PreToolUse")
      .whenExit(0, "\uFEFF" + JSON.stringify(denyJson("bom")))
      .then([BlockTool({ reason: "bom" })])
    given("PreToolUse")
      .inDialect("claude-code")
      .whenExit(0, "\uFEFF" + JSON.stringify(denyJson("bom")))
      .then([BlockTool({ reason: "bom" })])
  })

  it("a UTF-8 BOM before plain context text is stripped", () => {
    given("UserPromptSubmit")
      .whenExit(0, "\uFEFFbranch: main\n")
      .then([InjectContext({ text: "branch: main" })])
  })

  it("surrounding white space around JSON is ignored", () => {
    given("PreToolUse")
      .whenExit(0, "\n\t  " + JSON.stringify(denyJson("ws")) + "  \r\n\n")
      .then([BlockTool({ reason: "ws" })])
  })

  it("wave: JSON on the last line after log lines is used, with a noisy-stdout Diagnostic", () => {
    const o = given("PreToolUse").whenExit(
      0,
      "checking...\nscanned 3 files\n" + JSON.stringify(denyJson("found a key")) + "\n"
    )
    o.thenIgnoringDiagnostics([BlockTool({ reason: "found a key" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["noisy-stdout"])
    assert.include(o.diagnostics()[0]!.message, "stderr")
  })

  it("wave: noisy stdout on UserPromptSubmit injects only the JSON's context, not the log", () => {
    given("UserPromptSubmit")
      .whenExit(0, "loading\n" + JSON.stringify(wrapped("UserPromptSubmit", { additionalContext: "ctx" })))
      .thenIgnoringDiagnostics([InjectContext({ text: "ctx" })])
  })

  it("claude-code: no noisy-stdout recovery; the JSON after log lines is reported, and neither it nor the log reaches the model", () => {
    const text = "checking...\n" + JSON.stringify(denyJson("found a key"))
    const pre = given("PreToolUse").inDialect("claude-code").whenExit(0, text)
    assert.deepStrictEqual(pre.diagnosticCodes(), ["malformed-json"])
    assert.lengthOf(pre.withTag("BlockTool"), 0)
    assert.lengthOf(pre.withTag("ShowUser"), 1)
    const prompt = given("UserPromptSubmit").inDialect("claude-code").whenExit(0, text)
    assert.deepStrictEqual(prompt.diagnosticCodes(), ["malformed-json"])
    assert.lengthOf(prompt.withTag("InjectContext"), 0)
  })

  it("wave: a last line that is not a JSON object stays plain", () => {
    given("UserPromptSubmit")
      .whenExit(0, "log\n[1,2]")
      .then([InjectContext({ text: "log\n[1,2]" })])
    given("UserPromptSubmit")
      .whenExit(0, "log\n{not json}")
      .then([InjectContext({ text: "log\n{not json}" })])
  })

  it("claude-code: text starting with { without a closing } is plain text", () => {
    given("UserPromptSubmit")
      .inDialect("claude-code")
      .whenExit(0, "{draft notes")
      .then([InjectContext({ text: "{draft notes" })])
    given("PreToolUse").inDialect("claude-code").whenExit(0, "{draft").thenNothing()
  })

  it("claude-code: text starting with { and ending with } that does not parse is malformed", () => {
    const o = given("UserPromptSubmit").inDialect("claude-code").whenExit(0, "{draft notes}")
    assert.deepStrictEqual(o.diagnosticCodes(), ["malformed-json"])
    assert.lengthOf(o.withTag("InjectContext"), 0)
  })

  it("wave: text starting with { without a closing } is malformed", () => {
    const o = given("UserPromptSubmit").whenExit(0, "{draft notes")
    assert.deepStrictEqual(o.diagnosticCodes(), ["malformed-json"])
    assert.lengthOf(o.withTag("InjectContext"), 0)
  })
})

describe("section 4.5: validating fields", () => {
  it("invalid fields are dropped one by one; valid fields still count", () => {
    const o = given("Stop").whenJson({ continue: "no", systemMessage: "hi", decision: "block", reason: 42 })
    o.thenIgnoringDiagnostics([ShowUser({ level: "warning", text: "hi" })])
    // The block lost its (invalid) reason, so it is a Stop block without a reason.
    assert.deepStrictEqual(o.diagnosticCodes(), ["invalid-field", "invalid-field", "missing-reason"])
    const [first, second] = o.diagnostics()
    assert.include(first!.message, "$.continue")
    assert.include(first!.message, "boolean")
    assert.include(first!.message, '"no"')
    assert.include(second!.message, "$.reason")
    assert.include(second!.message, "string")
    assert.include(second!.message, "42")
  })

  it("an invalid permissionDecision names the path, the expected literals and the found value", () => {
    const o = given("PreToolUse").whenJson(
      wrapped("PreToolUse", { permissionDecision: "maybe", updatedInput: { a: 1 } })
    )
    o.thenIgnoringDiagnostics([UpdateInput({ input: { a: 1 } })])
    const message = o.diagnostics()[0]!.message
    assert.strictEqual(o.diagnostics()[0]!.code, "invalid-field")
    assert.include(message, "$.hookSpecificOutput.permissionDecision")
    assert.include(message, '"allow"')
    assert.include(message, '"deny"')
    assert.include(message, '"ask"')
    assert.include(message, '"maybe"')
  })

  it("an invalid field inside PermissionRequest's decision does not void the decision", () => {
    const o = given("PermissionRequest").whenJson(
      wrapped("PermissionRequest", { decision: { behavior: "deny", message: 5 } })
    )
    assert.deepStrictEqual(o.diagnosticCodes(), ["invalid-field"])
    assert.include(o.diagnostics()[0]!.message, "$.hookSpecificOutput.decision.message")
    assert.deepStrictEqual(
      withoutDiagnostics(o.effects).map((e) => e._tag),
      ["BlockTool"]
    )
  })

  it("an invalid behavior voids PermissionRequest's decision", () => {
    const o = given("PermissionRequest").whenJson(wrapped("PermissionRequest", { decision: { behavior: "maybe" } }))
    assert.deepStrictEqual(o.diagnosticCodes(), ["invalid-field"])
    assert.include(o.diagnostics()[0]!.message, "$.hookSpecificOutput.decision.behavior")
    assert.deepStrictEqual(withoutDiagnostics(o.effects), [])
  })

  it("a non-object updatedInput is invalid", () => {
    const o = given("PreToolUse").whenJson(wrapped("PreToolUse", { permissionDecision: "allow", updatedInput: ["ls"] }))
    o.thenIgnoringDiagnostics([AllowTool()])
    assert.include(o.diagnostics()[0]!.message, "$.hookSpecificOutput.updatedInput")
    assert.include(o.diagnostics()[0]!.message, "array")
  })

  for (const [name, event, json, path] of [
    ["systemMessage", "Stop", { systemMessage: null }, "$.systemMessage"],
    ["continue", "Stop", { continue: null }, "$.continue"],
    ["stopReason", "Stop", { continue: false, stopReason: null }, "$.stopReason"],
    ["decision", "Stop", { decision: null, reason: "r" }, "$.decision"],
    ["hookSpecificOutput", "PreToolUse", { hookSpecificOutput: null }, "$.hookSpecificOutput"],
    [
      "permissionDecisionReason",
      "PreToolUse",
      wrapped("PreToolUse", { permissionDecisionReason: null }),
      "$.hookSpecificOutput.permissionDecisionReason"
    ],
    [
      "additionalContext",
      "SessionStart",
      wrapped("SessionStart", { additionalContext: null }),
      "$.hookSpecificOutput.additionalContext"
    ],
    [
      "updatedToolOutput",
      "PostToolUse",
      wrapped("PostToolUse", { updatedToolOutput: null }),
      "$.hookSpecificOutput.updatedToolOutput"
    ],
    [
      "decision (PermissionRequest)",
      "PermissionRequest",
      wrapped("PermissionRequest", { decision: null }),
      "$.hookSpecificOutput.decision"
    ]
  ] as const) {
    it(`null is an invalid value: ${name}`, () => {
      const o = given(event).whenJson(json)
      assert.deepStrictEqual(o.diagnosticCodes(), ["invalid-field"])
      assert.include(o.diagnostics()[0]!.message, path)
      assert.include(o.diagnostics()[0]!.message, "null")
    })
  }

  it("stopReason null still stops, without a reason", () => {
    given("Stop").whenJson({ continue: false, stopReason: null }).thenIgnoringDiagnostics([StopAgent()])
  })

  it("a hookEventName that does not match the event drops the whole hookSpecificOutput; common fields still count", () => {
    const o = given("PreToolUse").whenJson({
      systemMessage: "note",
      hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny", permissionDecisionReason: "no" }
    })
    o.thenIgnoringDiagnostics([ShowUser({ level: "warning", text: "note" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["wrong-event"])
    assert.include(o.diagnostics()[0]!.message, "$.hookSpecificOutput.hookEventName")
    assert.include(o.diagnostics()[0]!.message, "PostToolUse")
  })

  it("an absent hookEventName is accepted", () => {
    given("PreToolUse")
      .whenJson({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" } })
      .then([BlockTool({ reason: "no" })])
  })

  it("unknown fields: Diagnostic, ignored, the rest counts", () => {
    const o = given("PreToolUse").whenJson({
      foo: 1,
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        bar: true,
        permissionDecision: "ask",
        permissionDecisionReason: "sure?"
      }
    })
    o.thenIgnoringDiagnostics([AskPermission({ reason: "sure?" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["unknown-field", "unknown-field"])
    assert.include(o.diagnostics()[0]!.message, "$.foo")
    assert.include(o.diagnostics()[1]!.message, "$.hookSpecificOutput.bar")
  })

  it("wave: an unwrapped permissionDecision is used, with unwrapped-field (a guard must not fail open)", () => {
    const o = given("PreToolUse").whenJson({
      permissionDecision: "deny",
      permissionDecisionReason: "forgot the wrapper"
    })
    o.thenIgnoringDiagnostics([BlockTool({ reason: "forgot the wrapper" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["unwrapped-field", "unwrapped-field"])
    assert.include(o.diagnostics()[0]!.message, "$.permissionDecision")
    assert.include(o.diagnostics()[0]!.message, "hookSpecificOutput")
  })

  it("wave: other unwrapped fields are used (additionalContext, updatedInput, updatedMCPToolOutput, PermissionRequest decision)", () => {
    given("UserPromptSubmit")
      .whenJson({ additionalContext: "ctx" })
      .thenIgnoringDiagnostics([InjectContext({ text: "ctx" })])
    given("PreToolUse")
      .whenJson({ updatedInput: { a: 1 } })
      .thenIgnoringDiagnostics([UpdateInput({ input: { a: 1 } })])
    given("PostToolUse")
      .whenJson({ updatedMCPToolOutput: { x: 1 } })
      .thenIgnoringDiagnostics([UpdateToolOutput({ output: { x: 1 } })])
    const o = given("PermissionRequest").whenJson({ decision: { behavior: "deny", message: "no" } })
    o.thenIgnoringDiagnostics([BlockTool({ reason: "no" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["unwrapped-field"])
  })

  it("claude-code: unwrapped fields are ignored", () => {
    const o = given("PreToolUse")
      .inDialect("claude-code")
      .whenJson({ permissionDecision: "deny", permissionDecisionReason: "x" })
    assert.deepStrictEqual(withoutDiagnostics(o.effects), [])
    given("UserPromptSubmit")
      .inDialect("claude-code")
      .whenJson({ additionalContext: "ctx" })
      .thenIgnoringDiagnostics([])
  })

  it("wave: the wrapped field wins over the unwrapped one", () => {
    const o = given("PreToolUse").whenJson({
      permissionDecision: "allow",
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "wrapped"
      }
    })
    o.thenIgnoringDiagnostics([BlockTool({ reason: "wrapped" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["unwrapped-field"])
  })

  it("wave: the wrapped field wins even when the unwrapped one comes later in the object", () => {
    const stdout = '{"hookSpecificOutput":{"additionalContext":"wrapped"},"additionalContext":"top"}'
    given("SessionStart")
      .whenExit(0, stdout)
      .thenIgnoringDiagnostics([InjectContext({ text: "wrapped" })])
  })
})

describe("section 4.5: empty strings", () => {
  const cmd = "./guards/no-rm.sh"
  const defaults: ReadonlyArray<readonly [string, HookEvent, Record<string, unknown>, HookEffect["_tag"]]> = [
    [
      'PreToolUse deny with permissionDecisionReason ""',
      "PreToolUse",
      wrapped("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "" }),
      "BlockTool"
    ],
    ['PreToolUse legacy block with reason ""', "PreToolUse", { decision: "block", reason: "" }, "BlockTool"],
    [
      'PermissionRequest deny with message ""',
      "PermissionRequest",
      wrapped("PermissionRequest", { decision: { behavior: "deny", message: "" } }),
      "BlockTool"
    ],
    ['PostToolUse block with reason ""', "PostToolUse", { decision: "block", reason: "" }, "PromptModel"],
    ['UserPromptSubmit block with reason ""', "UserPromptSubmit", { decision: "block", reason: "" }, "BlockPrompt"],
    ['PreCompact block with reason ""', "PreCompact", { decision: "block", reason: "" }, "BlockCompaction"]
  ]
  for (const [name, event, json, tag] of defaults) {
    it(`${name} uses a default text that names the command`, () => {
      const o = given(event).withCommand(cmd).whenJson(json)
      const effects = withoutDiagnostics(o.effects)
      assert.deepStrictEqual(
        effects.map((e) => e._tag),
        [tag]
      )
      const text = rowText(effects[0]!)!
      assert.include(text, cmd)
    })
    it(`${name} without a command names the hook generically`, () => {
      const text = rowText(withoutDiagnostics(given(event).whenJson(json).effects)[0]!)!
      assert.match(text, /\bhook\b/i)
    })
  }

  it("an empty systemMessage produces no effect", () => {
    given("Stop").whenJson({ systemMessage: "" }).thenNothing()
  })

  it("an empty additionalContext produces no effect", () => {
    for (const event of [
      "PreToolUse",
      "PostToolUse",
      "UserPromptSubmit",
      "SessionStart",
      "SubagentStart",
      "PostToolUseFailure"
    ] as const) {
      given(event)
        .whenJson(wrapped(event, { additionalContext: "" }))
        .thenNothing()
    }
  })

  it("an empty allow reason produces no user message", () => {
    given("PreToolUse")
      .whenJson(wrapped("PreToolUse", { permissionDecision: "allow", permissionDecisionReason: "" }))
      .then([AllowTool()])
  })

  it("an empty ask reason gives an AskPermission without reason", () => {
    given("PreToolUse")
      .whenJson(wrapped("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "" }))
      .then([AskPermission()])
  })

  it("an empty stopReason gives a StopAgent without reason", () => {
    given("Stop").whenJson({ continue: false, stopReason: "" }).then([StopAgent()])
  })

  for (const event of ["Stop", "SubagentStop"] as const) {
    it(`${event} block with reason "" has no reason: missing-reason Diagnostic and no block`, () => {
      const o = given(event).whenJson({ decision: "block", reason: "" })
      assert.deepStrictEqual(o.diagnosticCodes(), ["missing-reason"])
      assert.deepStrictEqual(withoutDiagnostics(o.effects), [])
      assert.include(o.diagnostics()[0]!.message, "reason")
    })
    it(`${event} block without a reason field: missing-reason Diagnostic and no block`, () => {
      const o = given(event).whenJson({ decision: "block" })
      assert.deepStrictEqual(o.diagnosticCodes(), ["missing-reason"])
      assert.deepStrictEqual(withoutDiagnostics(o.effects), [])
    })
  }

  it("an empty stderr on exit 2 uses a default text naming the command and the exit code", () => {
    const text = rowText(given("PreToolUse").withCommand(cmd).whenExit(2, "", "  \n").effects[0]!)!
    assert.include(text, cmd)
    assert.include(text, "2")
  })

  it("an empty stderr on another exit code uses a default text naming the command and the exit code", () => {
    const o = given("PostToolUse").withCommand(cmd).whenExit(7, "", "")
    assert.deepStrictEqual(
      o.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    const shown = o.withTag("ShowUser")[0]!
    assert.strictEqual(shown.level, "error")
    assert.include(shown.text, cmd)
    assert.include(shown.text, "7")
  })
})

describe("section 5.2: truncated output", () => {
  it("adds an output-truncated Diagnostic and a ShowUser warning; the rest is decided on the kept part", () => {
    const o = given("PreToolUse")
      .withCommand("big.sh")
      .whenRun({ exitCode: 2, stderr: "partial reason", truncated: true })
    assert.deepStrictEqual(o.diagnosticCodes(), ["output-truncated"])
    const warnings = o.withTag("ShowUser").filter((s) => s.level === "warning")
    assert.lengthOf(warnings, 1)
    assert.include(warnings[0]!.text, "big.sh")
    assert.deepStrictEqual(o.withTag("BlockTool"), [BlockTool({ reason: "partial reason" })])
  })

  it("says which stream was cut at what size when the runner reports it", () => {
    const o = given("UserPromptSubmit").whenRun({
      exitCode: 0,
      stdout: "lots of context",
      truncated: true,
      truncatedStreams: [{ stream: "stdout", limitBytes: 1024 * 1024 }]
    })
    const warning = o.withTag("ShowUser")[0]!
    assert.include(warning.text, "stdout")
    assert.include(warning.text, "1 MiB")
    assert.include(o.diagnostics()[0]!.message, "stdout")
    assert.deepStrictEqual(o.withTag("InjectContext"), [InjectContext({ text: "lots of context" })])
  })

  it("truncated JSON that no longer parses is malformed", () => {
    const o = given("PreToolUse").whenRun({
      exitCode: 0,
      stdout: '{"hookSpecificOutput": {"permissionDecision": "de',
      truncated: true
    })
    assert.deepStrictEqual(o.diagnosticCodes(), ["output-truncated", "malformed-json"])
  })
})

describe("section 5.2: timeout, signal and spawn failure", () => {
  const deny = JSON.stringify(denyJson("untrusted"))

  it("timeout: ShowUser error saying it timed out; stdout is not trusted", () => {
    const o = given("PreToolUse")
      .withCommand("slow.sh")
      .whenRun({ exitCode: null, timedOut: true, durationMs: 1500, stdout: deny, stderr: "x" })
    assert.deepStrictEqual(
      o.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    const shown = o.withTag("ShowUser")[0]!
    assert.strictEqual(shown.level, "error")
    assert.include(shown.text, "slow.sh")
    assert.include(shown.text, "timed out")
    assert.include(shown.text, "1.5 s")
  })

  it("signal: ShowUser error naming the signal", () => {
    const o = given("Stop")
      .withCommand("k.sh")
      .whenRun({ exitCode: null, signal: "SIGKILL", stdout: '{"decision":"block","reason":"r"}' })
    assert.deepStrictEqual(
      o.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include(o.withTag("ShowUser")[0]!.text, "SIGKILL")
    assert.include(o.withTag("ShowUser")[0]!.text, "k.sh")
  })

  it("spawn failure: ShowUser error with the spawn error", () => {
    const o = given("UserPromptSubmit")
      .withCommand("missing.sh")
      .whenRun({ exitCode: null, spawnError: "spawn /bin/sh ENOENT", stdout: "ctx" })
    assert.deepStrictEqual(
      o.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include(o.withTag("ShowUser")[0]!.text, "ENOENT")
    assert.include(o.withTag("ShowUser")[0]!.text, "missing.sh")
    assert.strictEqual(o.withTag("ShowUser")[0]!.level, "error")
  })
})

describe("section 5.2: onFailure block takes the exit-2 row (a crashing guard fails closed)", () => {
  const kinds: ReadonlyArray<
    readonly [string, Parameters<ReturnType<typeof given>["whenRun"]>[0], ReadonlyArray<string>]
  > = [
    ["timeout", { exitCode: null, timedOut: true, durationMs: 2000 }, ["timed out"]],
    ["signal", { exitCode: null, signal: "SIGTERM" }, ["SIGTERM"]],
    ["spawn error", { exitCode: null, spawnError: "spawn EACCES" }, ["EACCES"]],
    ["exit 1", { exitCode: 1, stderr: "boom" }, ["1", "boom"]],
    ["exit 139", { exitCode: 139, stderr: "segfault" }, ["139", "segfault"]],
    ["malformed JSON", { exitCode: 0, stdout: '{"permissionDecision":' }, ["malformed JSON"]]
  ]
  for (const event of classicEvents) {
    for (const [kind, run, mentions] of kinds) {
      it(`${event} ${kind} with onFailure block -> ${exit2Tag(event)}`, () => {
        const o = given(event).withCommand("guard.sh").onFailure("block").whenRun(run)
        // Malformed JSON also warns the user (section 4.6), besides the fail-closed row.
        const effects = withoutDiagnostics(o.effects).filter(
          (e) => !(kind === "malformed JSON" && e._tag === "ShowUser" && e.level === "warning")
        )
        if (kind === "malformed JSON") {
          assert.isTrue(
            o.effects.some((e) => e._tag === "ShowUser" && e.level === "warning" && e.text.includes("malformed JSON"))
          )
        }
        assert.deepStrictEqual(
          effects.map((e) => e._tag),
          [exit2Tag(event)]
        )
        if (exit2Tag(event) === "ShowUser") assert.strictEqual((effects[0] as { level?: string }).level, "error")
        const text = rowText(effects[0]!)!
        assert.include(text, "guard.sh")
        for (const mention of mentions) assert.include(text, mention)
        if (kind === "malformed JSON") assert.deepStrictEqual(o.diagnosticCodes(), ["malformed-json"])
      })
    }
  }

  it("onFailure block changes nothing for exit 0 and exit 2", () => {
    given("PreToolUse").onFailure("block").whenExit(0, "fine", "").thenNothing()
    given("PreToolUse")
      .onFailure("block")
      .whenExit(2, "", "no")
      .then([BlockTool({ reason: "no" })])
    given("PreToolUse")
      .onFailure("block")
      .whenJson(wrapped("PreToolUse", { permissionDecision: "allow" }))
      .then([AllowTool()])
  })

  it("malformed JSON with exit 2 and onFailure block blocks with stderr", () => {
    const o = given("Stop").onFailure("block").whenExit(2, "{oops", "keep going")
    assert.deepStrictEqual(o.withTag("BlockStop"), [BlockStop({ reason: "keep going" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["malformed-json"])
  })

  it("valid JSON with another exit code and onFailure block (src choice: the exit-2 row, the JSON is not read)", () => {
    const o = given("PreToolUse")
      .onFailure("block")
      .withCommand("g.sh")
      .whenJson(wrapped("PreToolUse", { permissionDecision: "allow" }), 1, "")
    assert.deepStrictEqual(
      o.effects.map((e) => e._tag),
      ["BlockTool"]
    )
  })

  it("continue:false still wins with another exit code and onFailure block (law 9: continue:false dominance)", () => {
    // Section 5.1: valid JSON decides whatever the exit code; section 9: continue:false gives
    // StopAgent and never BlockTool. The onFailure rule of 5.2 is about runs without valid JSON.
    const o = given("PreToolUse").onFailure("block").whenJson({ continue: false, stopReason: "halt" }, 1, "crash")
    assert.deepStrictEqual(o.withTag("StopAgent"), [StopAgent({ reason: "halt" })])
    assert.lengthOf(o.withTag("BlockTool"), 0)
  })
})

describe("section 3: effect order within one decide result", () => {
  it("diagnostics first, then the systemMessage ShowUser, then the per-event effects in table order", () => {
    given("PreToolUse")
      .whenJson({
        systemMessage: "sys",
        foo: 1,
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          additionalContext: "ctx",
          updatedInput: { a: 1 },
          permissionDecisionReason: "why",
          permissionDecision: "allow"
        }
      })
      .thenExactly([
        Diagnostic({
          code: "unknown-field",
          message: "$.foo: unknown field for PreToolUse output; the field was ignored."
        }),
        ShowUser({ level: "warning", text: "sys" }),
        AllowTool(),
        ShowUser({ level: "info", text: "why" }),
        UpdateInput({ input: { a: 1 } }),
        InjectContext({ text: "ctx" })
      ])
  })

  it("StopAgent comes after diagnostics and before the systemMessage", () => {
    const o = given("Stop").whenJson({ systemMessage: "sys", bogus: true, continue: false, stopReason: "halt" })
    assert.deepStrictEqual(
      o.effects.map((e) => e._tag),
      ["Diagnostic", "StopAgent", "ShowUser"]
    )
  })

  it("PermissionRequest interrupt: StopAgent before the BlockTool", () => {
    const o = given("PermissionRequest").whenJson({
      systemMessage: "sys",
      ...wrapped("PermissionRequest", { decision: { behavior: "deny", message: "m", interrupt: true } })
    })
    o.thenExactly([StopAgent({ reason: "m" }), ShowUser({ level: "warning", text: "sys" }), BlockTool({ reason: "m" })])
  })

  it("noisy-stdout and field diagnostics come before every other effect", () => {
    const o = given("PostToolUse").whenExit(
      0,
      "log\n" + JSON.stringify({ systemMessage: "s", decision: "block", reason: "r", x: 1 })
    )
    assert.deepStrictEqual(
      o.effects.map((e) => e._tag),
      ["Diagnostic", "Diagnostic", "ShowUser", "PromptModel"]
    )
    assert.deepStrictEqual(o.diagnosticCodes(), ["noisy-stdout", "unknown-field"])
  })

  it("PostToolUse: additionalContext, then PromptModel, then UpdateToolOutput (table order)", () => {
    given("PostToolUse")
      .whenJson({
        decision: "block",
        reason: "r",
        ...wrapped("PostToolUse", { updatedMCPToolOutput: 1, additionalContext: "c" })
      })
      .thenExactly([InjectContext({ text: "c" }), PromptModel({ text: "r" }), UpdateToolOutput({ output: 1 })])
  })

  it("decide is deterministic and total on odd input", () => {
    const odd = ["", "{", "}", "\uFEFF", '{"__proto__": {"x": 1}}', "null", '{"constructor": 1}', "\u0000{}", "{}\n{}"]
    for (const event of classicEvents) {
      for (const stdout of odd) {
        for (const exitCode of [null, 0, 2, 1, -1, 256]) {
          const run = hookRun({ exitCode, stdout, stderr: stdout })
          assert.deepStrictEqual(decide(event, run), decide(event, run))
          assert.deepStrictEqual(decide(event, run, cc), decide(event, run, cc))
        }
      }
    }
  })
})
