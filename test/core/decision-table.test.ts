/**
 * Every row of the decision tables of ARCHITECTURE section 5.1 (valid JSON)
 * and 5.2 (exit code), for every event where the row applies, in both
 * dialects, and the claude-code differences of 5.3. One named test per row.
 */
import { assert, describe, it } from "@effect/vitest"
import type { Dialect, HookEffect, HookEvent } from "../../src/index.ts"
import {
  AllowRetry,
  AllowTool,
  AnswerElicitation,
  AskPermission,
  audienceOf,
  BlockAction,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockModelRequest,
  BlockTool,
  ChainToolCall,
  ClearContext,
  DeferTool,
  Diagnostic,
  hookEffectTags,
  InjectContext,
  PromptModel,
  ReplaceDisplay,
  ReplacePrompt,
  ReplaceSubagentResponse,
  RestrictTools,
  SendUserMessage,
  SetEnv,
  SetSessionTitle,
  SetWorktreePath,
  ShowUser,
  StopAgent,
  SyntheticModelResponse,
  UpdateInput,
  UpdateModelRequest,
  UpdateModelResponse,
  UpdatePermissions,
  UpdateToolOutput,
  WatchPaths
} from "../../src/index.ts"
import type { Outcome } from "../helpers/given.ts"
import { assertSameEffects, given, withoutDiagnostics } from "../helpers/given.ts"
import {
  classicEvents,
  exit2Row,
  exit2Tag,
  injectsStdout,
  rowText,
  takesAdditionalContext,
  topLevelBlockEvents
} from "../helpers/rows.ts"

const dialects: ReadonlyArray<Dialect> = ["wave", "claude-code"]
const COMMAND = "./hooks/check.sh"

/** Assert a single effect of the exit-2 row whose text is a default naming the command and `mentions`. */
const assertDefaultRow = (o: Outcome, event: HookEvent, tag: HookEffect["_tag"], mentions: ReadonlyArray<string>) => {
  const effects = withoutDiagnostics(o.effects)
  assert.deepStrictEqual(
    effects.map((e) => e._tag),
    [tag],
    `${event}`
  )
  const text = rowText(effects[0]!)!
  assert.include(text, COMMAND)
  for (const m of mentions) assert.include(text, m)
}

// ====== 5.2 ======

describe("5.2 no valid JSON: the exit code decides", () => {
  for (const dialect of dialects) {
    for (const event of classicEvents) {
      const g = () => given(event).inDialect(dialect).withCommand(COMMAND)
      // 5.3, 5.4: claude-code ignores PermissionRequest's and Notification's exit 2, leaving only an
      // ignored-output Diagnostic (with the stderr), so a guard that exits 2 there is never silently void.
      const exit2OnlyDiagnosed =
        dialect === "claude-code" && (event === "Notification" || event === "PermissionRequest")

      it(`${event} [${dialect}] exit 0, empty stdout: no effect`, () => {
        g().whenExit(0, "", "").thenNothing()
      })

      it(`${event} [${dialect}] exit 0, stdout: ${injectsStdout.has(event) ? "InjectContext" : "no effect"}`, () => {
        const o = g().whenExit(0, "  some stdout text\n", "some stderr")
        o.then(injectsStdout.has(event) ? [InjectContext({ text: "some stdout text" })] : [])
      })

      it(`${event} [${dialect}] exit 2, stderr: ${exit2OnlyDiagnosed ? "ignored (5.3, 5.4)" : `${exit2Tag(event)} with the trimmed stderr`}`, () => {
        const o = g().whenExit(2, "stdout is not used", "\n  the reason  \n")
        if (exit2OnlyDiagnosed) {
          o.thenIgnoringDiagnostics([])
          assert.deepStrictEqual(o.diagnosticCodes(), ["ignored-output"])
          assert.include(o.diagnostics()[0]!.message, "the reason")
        } else o.then([exit2Row(event, "the reason")])
      })

      it(`${event} [${dialect}] exit 2, empty stderr: ${exit2OnlyDiagnosed ? "ignored (5.3, 5.4)" : "default text naming the command and the code"}`, () => {
        const o = g().whenExit(2, "", "")
        if (exit2OnlyDiagnosed) assert.deepStrictEqual(o.diagnosticCodes(), ["ignored-output"])
        else assertDefaultRow(o, event, exit2Tag(event), ["2"])
      })

      for (const code of [1, 3, 126, 127, 139, 255]) {
        it(`${event} [${dialect}] exit ${code}, stderr: ShowUser error with the stderr`, () => {
          g()
            .whenExit(code, "stdout is not used", "it broke\n")
            .then([ShowUser({ level: "error", text: "it broke" })])
        })
      }

      it(`${event} [${dialect}] exit 1, empty stderr: ShowUser error naming the command and the code`, () => {
        const o = g().whenExit(1, "", "")
        assertDefaultRow(o, event, "ShowUser", ["1"])
        assert.strictEqual(o.withTag("ShowUser")[0]!.level, "error")
      })

      for (const [kind, run, mention] of [
        ["timeout", { exitCode: null, timedOut: true, durationMs: 60_000 }, "timed out"],
        ["signal", { exitCode: null, signal: "SIGSEGV" }, "SIGSEGV"],
        ["spawn failure", { exitCode: null, spawnError: "spawn /bin/sh ENOENT" }, "ENOENT"]
      ] as const) {
        it(`${event} [${dialect}] ${kind}, onFailure continue: ShowUser error saying what happened`, () => {
          const o = g().whenRun({ ...run, stdout: '{"continue": false}', stderr: "ignored" })
          assertDefaultRow(o, event, "ShowUser", [mention])
          assert.strictEqual(o.withTag("ShowUser")[0]!.level, "error")
        })
      }
    }
  }
})

// ====== 5.1 ======

interface JsonRow {
  readonly name: string
  readonly events: ReadonlyArray<HookEvent>
  readonly json: unknown
  /** The expected effects (diagnostics aside), per dialect. */
  readonly expected: (dialect: Dialect, event: HookEvent) => ReadonlyArray<HookEffect>
  /** Expected diagnostic codes (default none), or per dialect and event. */
  readonly diagnostics?: ReadonlyArray<string> | ((dialect: Dialect, event: HookEvent) => ReadonlyArray<string>)
  /** Checks beyond the effect list (default texts). */
  readonly check?: (o: Outcome, event: HookEvent) => void
}

const hso = (event: HookEvent, fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: event, ...fields }
})
const pre = (fields: Record<string, unknown>) => hso("PreToolUse", fields)
const perm = (decision: unknown) => hso("PermissionRequest", { decision })
const same =
  (...effects: ReadonlyArray<HookEffect>) =>
  () =>
    effects

/** A single effect whose text is a default naming the command; compared by tag. */
const defaultText = (tag: HookEffect["_tag"]) => (o: Outcome) => {
  const effects = withoutDiagnostics(o.effects).filter((e) => e._tag === tag)
  assert.lengthOf(effects, 1)
  assert.include(rowText(effects[0]!)!, COMMAND)
}

/** 5.4: the classic events whose `continue` and `systemMessage` the claude-code dialect discards (reference 3.4). */
const ccDiscards: ReadonlySet<HookEvent> = new Set<HookEvent>(["Notification", "SessionEnd", "PreCompact"])
/** The effects, or none with a discarded-field Diagnostic where claude-code discards the common fields. */
const unlessDiscarded =
  (...effects: ReadonlyArray<HookEffect>) =>
  (d: Dialect, e: HookEvent) =>
    d === "claude-code" && ccDiscards.has(e) ? [] : effects
const discardedDiagnostic = (d: Dialect, e: HookEvent): ReadonlyArray<string> =>
  d === "claude-code" && ccDiscards.has(e) ? ["discarded-field"] : []

const jsonRows: ReadonlyArray<JsonRow> = [
  // Common fields
  {
    name: "continue:false with stopReason -> StopAgent{stopReason} (claude-code: discarded where 5.4 says)",
    events: classicEvents,
    json: { continue: false, stopReason: "halt now" },
    expected: unlessDiscarded(StopAgent({ reason: "halt now" })),
    diagnostics: discardedDiagnostic
  },
  {
    name: "continue:false without stopReason -> StopAgent{} (claude-code: discarded where 5.4 says)",
    events: classicEvents,
    json: { continue: false },
    expected: unlessDiscarded(StopAgent()),
    diagnostics: discardedDiagnostic
  },
  {
    name: "continue:false with systemMessage -> StopAgent and the systemMessage still shows (claude-code: discarded where 5.4 says)",
    events: classicEvents,
    json: { continue: false, stopReason: "s", systemMessage: "m" },
    expected: unlessDiscarded(StopAgent({ reason: "s" }), ShowUser({ level: "warning", text: "m" })),
    diagnostics: discardedDiagnostic
  },
  {
    name: "systemMessage -> ShowUser{warning} (claude-code: discarded where 5.4 says)",
    events: classicEvents,
    json: { systemMessage: "heads up" },
    expected: unlessDiscarded(ShowUser({ level: "warning", text: "heads up" })),
    diagnostics: discardedDiagnostic
  },
  {
    name: "suppressOutput is accepted and has no effect",
    events: classicEvents,
    json: { suppressOutput: true },
    expected: same()
  },
  { name: "continue:true alone has no effect", events: classicEvents, json: { continue: true }, expected: same() },
  { name: "an empty object has no effect", events: classicEvents, json: {}, expected: same() },

  // PreToolUse
  {
    name: "permissionDecision allow -> AllowTool",
    events: ["PreToolUse"],
    json: pre({ permissionDecision: "allow" }),
    expected: same(AllowTool())
  },
  {
    name: "permissionDecision allow with reason -> AllowTool + ShowUser{info} (wave); AllowTool only (claude-code)",
    events: ["PreToolUse"],
    json: pre({ permissionDecision: "allow", permissionDecisionReason: "safe" }),
    expected: (d) => (d === "wave" ? [AllowTool(), ShowUser({ level: "info", text: "safe" })] : [AllowTool()])
  },
  {
    name: "permissionDecision deny with reason -> BlockTool{reason}",
    events: ["PreToolUse"],
    json: pre({ permissionDecision: "deny", permissionDecisionReason: "no rm -rf" }),
    expected: same(BlockTool({ reason: "no rm -rf" }))
  },
  {
    name: "permissionDecision deny without reason -> BlockTool{default}",
    events: ["PreToolUse"],
    json: pre({ permissionDecision: "deny" }),
    expected: same(),
    check: defaultText("BlockTool")
  },
  {
    name: "permissionDecision ask with reason -> AskPermission{reason}",
    events: ["PreToolUse"],
    json: pre({ permissionDecision: "ask", permissionDecisionReason: "touches prod" }),
    expected: same(AskPermission({ reason: "touches prod" }))
  },
  {
    name: "permissionDecision ask without reason -> AskPermission{}",
    events: ["PreToolUse"],
    json: pre({ permissionDecision: "ask" }),
    expected: same(AskPermission())
  },
  {
    name: "updatedInput alone -> UpdateInput",
    events: ["PreToolUse"],
    json: pre({ updatedInput: { cmd: "ls" } }),
    expected: same(UpdateInput({ input: { cmd: "ls" } }))
  },
  {
    name: "updatedInput with allow -> AllowTool + UpdateInput",
    events: ["PreToolUse"],
    json: pre({ permissionDecision: "allow", updatedInput: { cmd: "ls" } }),
    expected: same(AllowTool(), UpdateInput({ input: { cmd: "ls" } }))
  },
  {
    name: "updatedInput with ask -> AskPermission + UpdateInput",
    events: ["PreToolUse"],
    json: pre({ permissionDecision: "ask", updatedInput: { cmd: "ls" } }),
    expected: same(AskPermission(), UpdateInput({ input: { cmd: "ls" } }))
  },
  {
    name: "updatedInput with deny -> BlockTool only (not with deny)",
    events: ["PreToolUse"],
    json: pre({ permissionDecision: "deny", permissionDecisionReason: "r", updatedInput: { cmd: "ls" } }),
    expected: same(BlockTool({ reason: "r" }))
  },
  {
    name: "legacy decision approve -> AllowTool + deprecated-field",
    events: ["PreToolUse"],
    json: { decision: "approve" },
    expected: same(AllowTool()),
    diagnostics: ["deprecated-field"]
  },
  {
    name: "legacy decision approve with reason -> as allow (reason to the user in wave) + deprecated-field",
    events: ["PreToolUse"],
    json: { decision: "approve", reason: "fine" },
    expected: (d) => (d === "wave" ? [AllowTool(), ShowUser({ level: "info", text: "fine" })] : [AllowTool()]),
    diagnostics: ["deprecated-field"]
  },
  {
    name: "legacy decision block with reason -> BlockTool{reason} + deprecated-field",
    events: ["PreToolUse"],
    json: { decision: "block", reason: "legacy no" },
    expected: same(BlockTool({ reason: "legacy no" })),
    diagnostics: ["deprecated-field"]
  },
  {
    name: "legacy decision and permissionDecision -> permissionDecision wins + deprecated-field",
    events: ["PreToolUse"],
    json: {
      decision: "approve",
      reason: "legacy",
      ...pre({ permissionDecision: "deny", permissionDecisionReason: "modern" })
    },
    expected: same(BlockTool({ reason: "modern" })),
    diagnostics: ["deprecated-field"]
  },
  ...takesAdditionalContext.map(
    (event): JsonRow => ({
      name: "hookSpecificOutput.additionalContext -> InjectContext",
      events: [event],
      json: hso(event, { additionalContext: "extra context" }),
      expected: same(InjectContext({ text: "extra context" }))
    })
  ),
  {
    name: "additionalContext when the prompt is blocked -> BlockPrompt only",
    events: ["UserPromptSubmit"],
    json: { decision: "block", reason: "r", ...hso("UserPromptSubmit", { additionalContext: "c" }) },
    expected: same(BlockPrompt({ reason: "r" }))
  },

  // PermissionRequest
  {
    name: "decision.behavior allow -> AllowTool",
    events: ["PermissionRequest"],
    json: perm({ behavior: "allow" }),
    expected: same(AllowTool())
  },
  {
    name: "decision.behavior allow with updatedInput -> AllowTool + UpdateInput",
    events: ["PermissionRequest"],
    json: perm({ behavior: "allow", updatedInput: { path: "/tmp/x" } }),
    expected: same(AllowTool(), UpdateInput({ input: { path: "/tmp/x" } }))
  },
  {
    name: "decision.behavior deny with message -> BlockTool{message}",
    events: ["PermissionRequest"],
    json: perm({ behavior: "deny", message: "not here" }),
    expected: same(BlockTool({ reason: "not here" }))
  },
  {
    name: "decision.behavior deny without message -> BlockTool{default}",
    events: ["PermissionRequest"],
    json: perm({ behavior: "deny" }),
    expected: same(),
    check: defaultText("BlockTool")
  },
  {
    name: "decision.behavior deny with interrupt:true -> BlockTool + StopAgent{message}",
    events: ["PermissionRequest"],
    json: perm({ behavior: "deny", message: "stop everything", interrupt: true }),
    expected: same(StopAgent({ reason: "stop everything" }), BlockTool({ reason: "stop everything" }))
  },
  {
    name: "decision.behavior deny with interrupt:false -> BlockTool only",
    events: ["PermissionRequest"],
    json: perm({ behavior: "deny", message: "m", interrupt: false }),
    expected: same(BlockTool({ reason: "m" }))
  },

  // PostToolUse
  {
    name: "decision block with reason -> PromptModel{reason}",
    events: ["PostToolUse"],
    json: { decision: "block", reason: "fix the lint errors" },
    expected: same(PromptModel({ text: "fix the lint errors" }))
  },
  {
    name: "decision block without reason -> PromptModel{default}",
    events: ["PostToolUse"],
    json: { decision: "block" },
    expected: same(),
    check: defaultText("PromptModel")
  },
  {
    name: "updatedMCPToolOutput -> UpdateToolOutput",
    events: ["PostToolUse"],
    json: hso("PostToolUse", { updatedMCPToolOutput: { content: [{ type: "text", text: "redacted" }] } }),
    expected: same(UpdateToolOutput({ output: { content: [{ type: "text", text: "redacted" }] } }))
  },
  {
    name: "updatedToolOutput -> UpdateToolOutput",
    events: ["PostToolUse"],
    json: hso("PostToolUse", { updatedToolOutput: "short output" }),
    expected: same(UpdateToolOutput({ output: "short output" }))
  },
  {
    name: "decision block + additionalContext + updatedMCPToolOutput -> all three",
    events: ["PostToolUse"],
    json: {
      decision: "block",
      reason: "r",
      ...hso("PostToolUse", { additionalContext: "c", updatedMCPToolOutput: 0 })
    },
    expected: same(InjectContext({ text: "c" }), PromptModel({ text: "r" }), UpdateToolOutput({ output: 0 }))
  },

  // UserPromptSubmit
  {
    name: "decision block with reason -> BlockPrompt{reason}",
    events: ["UserPromptSubmit"],
    json: { decision: "block", reason: "contains a token" },
    expected: same(BlockPrompt({ reason: "contains a token" }))
  },
  {
    name: "decision block without reason -> BlockPrompt{default}",
    events: ["UserPromptSubmit"],
    json: { decision: "block" },
    expected: same(),
    check: defaultText("BlockPrompt")
  },

  // Stop, SubagentStop
  {
    name: "decision block with reason -> BlockStop{reason}",
    events: ["Stop", "SubagentStop"],
    json: { decision: "block", reason: "tests fail" },
    expected: same(BlockStop({ reason: "tests fail" }))
  },
  {
    name: "decision block without reason -> missing-reason Diagnostic, no block",
    events: ["Stop", "SubagentStop"],
    json: { decision: "block" },
    expected: same(),
    diagnostics: ["missing-reason"]
  },

  // PreCompact
  {
    name: "decision block with reason -> BlockCompaction{reason}",
    events: ["PreCompact"],
    json: { decision: "block", reason: "keep the transcript" },
    expected: same(BlockCompaction({ reason: "keep the transcript" }))
  },
  {
    name: "decision block without reason -> BlockCompaction{default}",
    events: ["PreCompact"],
    json: { decision: "block" },
    expected: same(),
    check: defaultText("BlockCompaction")
  }
]

describe("5.1 valid JSON on stdout: JSON decides, whatever the exit code", () => {
  for (const row of jsonRows) {
    for (const event of row.events) {
      for (const dialect of dialects) {
        // claude-code exit 2 takes the blocking row (5.3, tested below); every other code is JSON's.
        const codes = dialect === "wave" ? [0, 1, 2, 3, 255] : [0, 1, 3, 255]
        it(`${event} [${dialect}] ${row.name} (exit ${codes.join(", ")})`, () => {
          for (const code of codes) {
            const o = given(event).inDialect(dialect).withCommand(COMMAND).whenJson(row.json, code, "stderr text")
            const expected = row.expected(dialect, event)
            if (row.check === undefined) assertSameEffects(withoutDiagnostics(o.effects), expected, `exit ${code}`)
            else row.check(o, event)
            const diagnostics =
              typeof row.diagnostics === "function" ? row.diagnostics(dialect, event) : (row.diagnostics ?? [])
            assert.deepStrictEqual(o.diagnosticCodes(), diagnostics, `diagnostics on exit ${code}`)
          }
        })
      }
    }
  }

  it("the JSON result does not depend on the exit code (wave, onFailure continue)", () => {
    for (const row of jsonRows) {
      for (const event of row.events) {
        const at0 = given(event).whenJson(row.json, 0).effects
        for (const code of [1, 2, 7, 126, 139])
          assert.deepStrictEqual(given(event).whenJson(row.json, code, "e").effects, at0)
      }
    }
  })
})

// ====== 5.3 ======

describe("5.3 claude-code: exit 2 takes the blocking row even with valid JSON", () => {
  const cc = (event: HookEvent) => given(event).inDialect("claude-code").withCommand(COMMAND)
  // Notification's exit 2 is ignored in claude-code (5.4); PermissionRequest's too (5.3).
  const blockingEvents = classicEvents.filter((e) => e !== "PermissionRequest" && e !== "Notification")

  for (const event of blockingEvents) {
    const discards = ccDiscards.has(event)
    it(`${event} [claude-code] exit 2 with valid JSON -> ${exit2Tag(event)} with stderr; systemMessage ${discards ? "discarded (5.4)" : "still shows"}`, () => {
      const o = cc(event).whenJson({ systemMessage: "note" }, 2, " from stderr \n")
      if (discards) o.thenIgnoringDiagnostics([exit2Row(event, "from stderr")])
      else o.then([ShowUser({ level: "warning", text: "note" }), exit2Row(event, "from stderr")])
    })

    it(`${event} [claude-code] exit 2 with valid JSON and empty stderr -> ${exit2Tag(event)} with a default text`, () => {
      assertDefaultRow(cc(event).whenJson({}, 2, ""), event, exit2Tag(event), ["2"])
    })

    it(`${event} [claude-code] exit 2 with continue:false -> ${discards ? "continue discarded (5.4), the exit-2 row" : "StopAgent wins, systemMessage still shows"}`, () => {
      const o = cc(event).whenJson(
        { continue: false, stopReason: "halt", systemMessage: "note", decision: "block", reason: "r" },
        2,
        "err"
      )
      if (discards) {
        o.thenIgnoringDiagnostics([exit2Row(event, event === "PreCompact" ? "r" : "err")])
        assert.include(o.diagnosticCodes(), "discarded-field")
      } else o.thenIgnoringDiagnostics([StopAgent({ reason: "halt" }), ShowUser({ level: "warning", text: "note" })])
    })
  }

  it("Notification [claude-code] exit 2 with valid JSON: the exit is ignored (a Diagnostic), the JSON decides", () => {
    const o = cc("Notification").whenJson({}, 2, "err")
    o.thenIgnoringDiagnostics([])
    assert.deepStrictEqual(o.diagnosticCodes(), ["ignored-output"])
  })

  for (const event of topLevelBlockEvents) {
    it(`${event} [claude-code] exit 2 with decision block and reason -> ${exit2Tag(event)} with the JSON's reason`, () => {
      cc(event)
        .whenJson({ decision: "block", reason: "json reason" }, 2, "stderr reason")
        .then([exit2Row(event, "json reason")])
    })
  }

  it("PreToolUse [claude-code] exit 2 with permissionDecision deny and a reason -> BlockTool with the JSON's reason", () => {
    cc("PreToolUse")
      .whenJson(pre({ permissionDecision: "deny", permissionDecisionReason: "json reason" }), 2, "stderr reason")
      .then([BlockTool({ reason: "json reason" })])
  })

  it("PreToolUse [claude-code] exit 2 with permissionDecision deny without a reason -> BlockTool with stderr", () => {
    cc("PreToolUse")
      .whenJson(pre({ permissionDecision: "deny" }), 2, "stderr reason")
      .then([BlockTool({ reason: "stderr reason" })])
  })

  it("PreToolUse [claude-code] exit 2 with allow -> BlockTool with stderr (the allow reason is not a blocking reason)", () => {
    // The allow reason is for the user (section 3); the model must not see it as a block reason.
    cc("PreToolUse")
      .whenJson(pre({ permissionDecision: "allow", permissionDecisionReason: "looks safe" }), 2, "stderr reason")
      .then([BlockTool({ reason: "stderr reason" })])
  })

  it("UserPromptSubmit [claude-code] exit 2 with additionalContext -> BlockPrompt, no context", () => {
    cc("UserPromptSubmit")
      .whenJson(hso("UserPromptSubmit", { additionalContext: "c" }), 2, "no")
      .then([BlockPrompt({ reason: "no" })])
  })

  it("PermissionRequest [claude-code] exit 2 without JSON is ignored, with an ignored-output Diagnostic saying how to deny", () => {
    const o = cc("PermissionRequest").whenExit(2, "", "blocked")
    o.thenIgnoringDiagnostics([])
    assert.deepStrictEqual(o.diagnosticCodes(), ["ignored-output"])
    assert.include(o.diagnostics()[0]!.message, "blocked")
    assert.include(o.diagnostics()[0]!.message, '"behavior": "deny"')
  })

  it("PermissionRequest [claude-code] exit 2 with valid JSON: the JSON still decides", () => {
    cc("PermissionRequest")
      .whenJson(perm({ behavior: "allow" }), 2, "blocked")
      .then([AllowTool()])
    cc("PermissionRequest")
      .whenJson(perm({ behavior: "deny", message: "json" }), 2, "blocked")
      .then([BlockTool({ reason: "json" })])
  })

  it("PermissionRequest [wave] exit 2 without JSON blocks with stderr", () => {
    given("PermissionRequest")
      .whenExit(2, "", "blocked")
      .then([BlockTool({ reason: "blocked" })])
  })

  it("[claude-code] valid JSON on other exit codes decides as in 5.1", () => {
    cc("PreToolUse")
      .whenJson(pre({ permissionDecision: "deny", permissionDecisionReason: "j" }), 1, "e")
      .then([BlockTool({ reason: "j" })])
    cc("Stop")
      .whenJson({ decision: "block", reason: "j" }, 126, "e")
      .then([BlockStop({ reason: "j" })])
  })

  it("[wave] exit 2 with valid JSON: JSON decides (contrast with claude-code)", () => {
    given("PreToolUse")
      .whenJson(pre({ permissionDecision: "allow" }), 2, "e")
      .then([AllowTool()])
    given("Stop").whenJson({}, 2, "e").thenNothing()
  })
})

// ====== Section 3: who sees the text ======

describe("section 3: who sees each effect's text", () => {
  const table: ReadonlyArray<readonly [HookEffect, string]> = [
    [AllowTool(), "none"],
    [AskPermission({ reason: "r" }), "user"],
    [BlockTool({ reason: "r" }), "model"],
    [UpdateInput({ input: {} }), "none"],
    [UpdateToolOutput({ output: 1 }), "model"],
    [InjectContext({ text: "t" }), "model"],
    [PromptModel({ text: "t" }), "model"],
    [BlockPrompt({ reason: "r" }), "user"],
    [BlockStop({ reason: "r" }), "model"],
    [BlockCompaction({ reason: "r" }), "user"],
    [StopAgent({ reason: "r" }), "user"],
    [ShowUser({ level: "info", text: "t" }), "user"],
    [Diagnostic({ code: "invalid-field", message: "m" }), "author"],
    // Issue 12 (section 3's new rows)
    [BlockAction({ reason: "r" }), "user"],
    [DeferTool({ reason: "r" }), "user"],
    [AllowRetry(), "none"],
    [UpdatePermissions({ updates: [] }), "none"],
    [ReplaceDisplay({ text: "t" }), "user"],
    [AnswerElicitation({ action: "accept", content: {} }), "none"],
    [SetWorktreePath({ path: "/w" }), "none"],
    [SetSessionTitle({ title: "t" }), "user"],
    [SendUserMessage({ text: "t" }), "model"],
    [WatchPaths({ paths: [] }), "none"],
    [ChainToolCall({ name: "read_file", args: {} }), "none"],
    [ClearContext(), "none"],
    [SetEnv({ variables: { A: "1" } }), "none"],
    [ReplaceSubagentResponse({ text: "t" }), "model"],
    [ReplacePrompt({ text: "t" }), "model"],
    [BlockModelRequest({ reason: "r" }), "user"],
    [UpdateModelRequest({ request: {} }), "none"],
    [SyntheticModelResponse({ response: {} }), "none"],
    [UpdateModelResponse({ response: {} }), "none"],
    [RestrictTools({ mode: "NONE" }), "none"]
  ]
  it("covers every effect tag", () => {
    assert.deepStrictEqual(table.map(([effect]) => effect._tag).sort(), [...hookEffectTags].sort())
  })
  for (const [effect, audience] of table) {
    it(`${effect._tag} is seen by ${audience}`, () => {
      assert.strictEqual(audienceOf(effect), audience)
    })
  }
})
