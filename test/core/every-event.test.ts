/**
 * The per-event table of ARCHITECTURE 5.4 (issue 12): every one of the 33
 * events, in both dialects, written out by hand from Claude Code's reference
 * (sections 2.2, 3.2 to 3.5 and 6) rather than read from `src`.
 */
import { assert, describe, it } from "@effect/vitest"
import type { Dialect, HookEffect, HookEvent } from "../../src/index.ts"
import { contextCapCharacters, contextPreviewCharacters } from "../../src/core/context-cap.ts"
import { agentOnlyEvents, claudeCodeEvents } from "../../src/core/events.ts"
import {
  AllowRetry,
  AllowTool,
  AnswerElicitation,
  AskPermission,
  BlockAction,
  BlockModelRequest,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  DeferTool,
  hookEvents,
  InjectContext,
  PromptModel,
  ReplaceDisplay,
  SendUserMessage,
  SetSessionTitle,
  SetWorktreePath,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdatePermissions,
  WatchPaths
} from "../../src/index.ts"
import { given } from "../helpers/given.ts"

const dialects: ReadonlyArray<Dialect> = ["wave", "claude-code"]

/** The 33 events of the reference's `HOOK_EVENTS` (reference section 1.2). */
const referenceEvents: ReadonlyArray<HookEvent> = [
  "Setup",
  "SessionStart",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "PreToolUse",
  "PermissionRequest",
  "PermissionDenied",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "MessageDisplay",
  "SubagentStart",
  "SubagentStop",
  "TaskCreated",
  "TaskCompleted",
  "Stop",
  "StopFailure",
  "TeammateIdle",
  "InstructionsLoaded",
  "ConfigChange",
  "CwdChanged",
  "FileChanged",
  "DirectoryAdded",
  "WorktreeCreate",
  "WorktreeRemove",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
  "Elicitation",
  "ElicitationResult",
  "PreModelSwitch",
  "PostModelSwitch"
]

/** "ignored": no effect, an `ignored-output` Diagnostic; "notice": `ShowUser{error}`; else the effect. */
type Row = "ignored" | "notice" | ((text: string) => HookEffect)

/** The exit-2 column of 5.4 (reference 2.2), per dialect. */
const exit2Of = (event: HookEvent, dialect: Dialect): Row | "nothing" => {
  switch (event) {
    case "PreToolUse":
    case "TaskCreated":
    case "TaskCompleted":
      return (reason) => BlockTool({ reason })
    case "PermissionRequest":
      return dialect === "wave" ? (reason) => BlockTool({ reason }) : "nothing"
    case "PostToolUse":
    case "PostToolUseFailure":
      return (text) => PromptModel({ text })
    case "PostToolBatch":
      return (reason) => StopAgent({ reason })
    case "UserPromptSubmit":
    case "UserPromptExpansion":
      return (reason) => BlockPrompt({ reason })
    case "Stop":
    case "SubagentStop":
    case "TeammateIdle":
      return (reason) => BlockStop({ reason })
    case "PreCompact":
      return (reason) => BlockCompaction({ reason })
    case "ConfigChange":
    case "WorktreeCreate":
    case "PreModelSwitch":
      return (reason) => BlockAction({ reason })
    case "WorktreeRemove":
      // Wave logs a failed removal hook and removes anyway; Claude Code fails the removal (issue 21).
      return dialect === "wave" ? "notice" : (reason) => BlockAction({ reason })
    case "Elicitation":
    case "ElicitationResult":
      return () => AnswerElicitation({ action: "decline" })
    case "PermissionDenied":
    case "StopFailure":
    case "InstructionsLoaded":
    case "MessageDisplay":
    case "DirectoryAdded":
      return "ignored"
    case "Setup":
    case "Notification":
      return dialect === "wave" ? "notice" : "ignored"
    case "SessionStart":
    case "SubagentStart":
    case "SessionEnd":
    case "CwdChanged":
    case "FileChanged":
    case "PostCompact":
    case "PostModelSwitch":
    case "PreToolSelection":
    case "PromptTransformed":
    case "Interrupt":
      return "notice"
    case "PreModelRequest":
    case "PostModelResponse":
      return (reason) => BlockModelRequest({ reason })
  }
}

/** The "other exit code" column of 5.4, per dialect. */
const otherOf = (event: HookEvent, dialect: Dialect): Row => {
  switch (event) {
    case "PermissionDenied":
    case "StopFailure":
    case "InstructionsLoaded":
    case "MessageDisplay":
      return "ignored"
    case "Setup":
      return dialect === "wave" ? "notice" : "ignored"
    case "WorktreeCreate":
      return (reason) => BlockAction({ reason })
    case "WorktreeRemove":
      return dialect === "wave" ? "notice" : (reason) => BlockAction({ reason })
    default:
      return "notice"
  }
}

/** Events whose exit-0 plain stdout becomes context (reference 2.1). */
const stdoutIsContext: ReadonlySet<HookEvent> = new Set([
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
  "PostModelSwitch"
])

const expectRow = (row: Row, text: string, run: () => ReturnType<ReturnType<typeof given>["whenExit"]>) => {
  const o = run()
  if (row === "ignored") {
    o.thenIgnoringDiagnostics([])
    assert.deepStrictEqual(o.diagnosticCodes(), ["ignored-output"])
    assert.include(o.diagnostics()[0]!.message, text)
  } else if (row === "notice") o.then([ShowUser({ level: "error", text })])
  else o.thenIgnoringDiagnostics([row(text)])
}

describe("5.4 every event: the exit-code rows", () => {
  it("knows exactly the 33 events of the reference, and the other agents' five events after them", () => {
    assert.deepStrictEqual([...claudeCodeEvents].sort(), [...referenceEvents].sort())
    assert.deepStrictEqual(hookEvents.slice(33), [
      "PreModelRequest",
      "PostModelResponse",
      "PreToolSelection",
      "PromptTransformed",
      "Interrupt"
    ])
    assert.deepStrictEqual(hookEvents.slice(33), [...agentOnlyEvents])
  })

  for (const dialect of dialects) {
    for (const event of referenceEvents) {
      const g = () => given(event).inDialect(dialect).withCommand("./hook.sh")

      it(`${event} [${dialect}] exit 0 with empty stdout: ${event === "WorktreeCreate" ? "BlockAction (no path)" : "no effect"}`, () => {
        const o = g().whenExit(0, "", "")
        if (event === "WorktreeCreate") {
          assert.deepStrictEqual(
            o.effects.map((e) => e._tag),
            ["BlockAction"]
          )
          assert.include((o.effects[0] as { reason: string }).reason, "no worktree path")
        } else o.thenNothing()
      })

      it(`${event} [${dialect}] exit 0 with plain stdout`, () => {
        const o = g().whenExit(0, "  some text \n", "stderr is never shown on exit 0")
        if (stdoutIsContext.has(event)) o.then([InjectContext({ text: "some text" })])
        else if (event === "WorktreeCreate") o.then([SetWorktreePath({ path: "some text" })])
        else o.thenNothing()
      })

      const exit2 = exit2Of(event, dialect)
      it(`${event} [${dialect}] exit 2 with stderr: ${typeof exit2 === "function" ? exit2("x")._tag : exit2}`, () => {
        if (exit2 === "nothing") {
          const o = g().whenExit(2, "", "the reason")
          // Rows that ignore exit 2 leave nothing but an ignored-output Diagnostic (PermissionRequest in claude-code, 5.3).
          if (event === "PermissionRequest") {
            o.thenIgnoringDiagnostics([])
            assert.deepStrictEqual(o.diagnosticCodes(), ["ignored-output"])
          } else o.thenNothing()
        } else expectRow(exit2, "the reason", () => g().whenExit(2, "", "  the reason \n"))
      })

      const other = otherOf(event, dialect)
      it(`${event} [${dialect}] exit 1 with stderr: ${typeof other === "function" ? other("x")._tag : other}`, () => {
        expectRow(other, "it broke", () => g().whenExit(1, "", "it broke\n"))
      })

      it(`${event} [${dialect}] timeout (onFailure continue)`, () => {
        const o = g().whenRun({ exitCode: null, timedOut: true, durationMs: 2_000, stdout: "", stderr: "" })
        const tags = o.effects.map((e) => e._tag)
        if (
          event === "WorktreeCreate" ||
          (event === "WorktreeRemove" && dialect === "claude-code") ||
          event === "PreModelSwitch"
        ) {
          assert.deepStrictEqual(tags, ["BlockAction"]) // creation or removal fails; a PreModelSwitch timeout blocks (reference 4)
        } else if (other === "ignored") assert.deepStrictEqual(tags, ["Diagnostic"])
        else assert.deepStrictEqual(tags, ["ShowUser"])
        assert.include(JSON.stringify(o.effects), "timed out")
      })
    }
  }

  it("WorktreeCreate (claude-code): the path is the last non-empty stdout line, ANSI escapes stripped", () => {
    given("WorktreeCreate")
      .inDialect("claude-code")
      .whenExit(0, "Preparing worktree...\n\u001b[32m/tmp/wt/feature\u001b[0m\n\n", "")
      .then([SetWorktreePath({ path: "/tmp/wt/feature" })])
  })

  it("WorktreeCreate (wave): the path is the whole stdout, trimmed, ANSI escapes stripped; several lines are warned about", () => {
    given("WorktreeCreate")
      .whenExit(0, "  \u001b[32m/tmp/wt/feature\u001b[0m \n\n", "")
      .then([SetWorktreePath({ path: "/tmp/wt/feature" })])
    const o = given("WorktreeCreate").whenExit(0, "Preparing worktree...\n/tmp/wt/feature\n", "")
    assert.deepStrictEqual(o.withTag("SetWorktreePath"), [
      SetWorktreePath({ path: "Preparing worktree...\n/tmp/wt/feature" })
    ])
    assert.deepStrictEqual(o.diagnosticCodes(), ["noisy-stdout"])
    assert.include(o.withTag("ShowUser")[0]!.text, "Print only the path")
  })

  it("Elicitation exit 2: decline; the stderr only in the author's Diagnostic, shown to no one", () => {
    const o = given("Elicitation").whenExit(2, "", "not now")
    o.thenIgnoringDiagnostics([AnswerElicitation({ action: "decline" })])
    assert.include(o.diagnostics()[0]!.message, "not now")
  })

  it("claude-code ignores onFailure on Stop, SubagentStop, TaskCompleted and TeammateIdle; wave keeps it", () => {
    for (const event of ["Stop", "SubagentStop", "TaskCompleted", "TeammateIdle"] as const) {
      given(event)
        .inDialect("claude-code")
        .onFailure("block")
        .whenExit(1, "", "crash")
        .then([ShowUser({ level: "error", text: "crash" })])
      const wave = given(event).onFailure("block").whenExit(1, "", "crash").effects
      assert.notStrictEqual(wave[0]?._tag, "ShowUser", event)
    }
  })

  it("onFailure block takes the exit-2 row on the new events (TaskCreated: BlockTool)", () => {
    const o = given("TaskCreated").onFailure("block").whenExit(3, "", "crash")
    assert.deepStrictEqual(
      o.effects.map((e) => e._tag),
      ["BlockTool"]
    )
  })
})

// ====== JSON ======

const hso = (event: HookEvent, fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: event, ...fields }
})

describe("5.4 every event: what valid JSON decides (both dialects)", () => {
  const rows: ReadonlyArray<readonly [string, HookEvent, unknown, ReadonlyArray<HookEffect>]> = [
    [
      "PreToolUse defer -> DeferTool",
      "PreToolUse",
      hso("PreToolUse", { permissionDecision: "defer", permissionDecisionReason: "later" }),
      [DeferTool({ reason: "later" })]
    ],
    [
      "PermissionRequest allow with updatedPermissions -> AllowTool + UpdatePermissions",
      "PermissionRequest",
      hso("PermissionRequest", {
        decision: { behavior: "allow", updatedPermissions: [{ type: "addRules", destination: "session" }] }
      }),
      [AllowTool(), UpdatePermissions({ updates: [{ type: "addRules", destination: "session" }] })]
    ],
    [
      "PermissionDenied retry:true -> AllowRetry",
      "PermissionDenied",
      hso("PermissionDenied", { retry: true }),
      [AllowRetry()]
    ],
    ["PermissionDenied retry:false -> nothing", "PermissionDenied", hso("PermissionDenied", { retry: false }), []],
    [
      "PostToolUseFailure decision block -> PromptModel",
      "PostToolUseFailure",
      { decision: "block", reason: "look again" },
      [PromptModel({ text: "look again" })]
    ],
    [
      "PostToolBatch decision block -> StopAgent (the loop stops)",
      "PostToolBatch",
      { decision: "block", reason: "enough" },
      [StopAgent({ reason: "enough" })]
    ],
    [
      "PostToolBatch additionalContext -> InjectContext",
      "PostToolBatch",
      hso("PostToolBatch", { additionalContext: "c" }),
      [InjectContext({ text: "c" })]
    ],
    [
      "UserPromptSubmit block with suppressOriginalPrompt",
      "UserPromptSubmit",
      {
        decision: "block",
        reason: "secret",
        ...hso("UserPromptSubmit", { suppressOriginalPrompt: true })
      },
      [BlockPrompt({ reason: "secret", suppressOriginalPrompt: true })]
    ],
    [
      "UserPromptSubmit sessionTitle -> SetSessionTitle",
      "UserPromptSubmit",
      hso("UserPromptSubmit", { sessionTitle: "Fix CI" }),
      [SetSessionTitle({ title: "Fix CI" })]
    ],
    [
      "UserPromptExpansion block -> BlockPrompt",
      "UserPromptExpansion",
      { decision: "block", reason: "no /deploy" },
      [BlockPrompt({ reason: "no /deploy" })]
    ],
    [
      "UserPromptExpansion additionalContext -> InjectContext",
      "UserPromptExpansion",
      hso("UserPromptExpansion", { additionalContext: "c" }),
      [InjectContext({ text: "c" })]
    ],
    [
      "SessionStart initialUserMessage, sessionTitle, watchPaths",
      "SessionStart",
      hso("SessionStart", {
        initialUserMessage: "start here",
        sessionTitle: "T",
        watchPaths: [".env"]
      }),
      [SendUserMessage({ text: "start here" }), SetSessionTitle({ title: "T" }), WatchPaths({ paths: [".env"] })]
    ],
    [
      "Stop additionalContext -> PromptModel (non-error feedback)",
      "Stop",
      hso("Stop", { additionalContext: "also run lint" }),
      [PromptModel({ text: "also run lint" })]
    ],
    [
      "SubagentStop additionalContext -> PromptModel",
      "SubagentStop",
      hso("SubagentStop", { additionalContext: "f" }),
      [PromptModel({ text: "f" })]
    ],
    [
      "Stop block and additionalContext -> BlockStop + PromptModel",
      "Stop",
      { decision: "block", reason: "r", ...hso("Stop", { additionalContext: "f" }) },
      [BlockStop({ reason: "r" }), PromptModel({ text: "f" })]
    ],
    [
      "MessageDisplay displayContent -> ReplaceDisplay",
      "MessageDisplay",
      hso("MessageDisplay", { displayContent: "[redacted]" }),
      [ReplaceDisplay({ text: "[redacted]" })]
    ],
    [
      "TaskCreated block -> BlockTool",
      "TaskCreated",
      { decision: "block", reason: "no subject" },
      [BlockTool({ reason: "no subject" })]
    ],
    [
      "TaskCompleted continue:false -> StopAgent",
      "TaskCompleted",
      { continue: false, stopReason: "done" },
      [StopAgent({ reason: "done" })]
    ],
    [
      "TeammateIdle continue:false -> StopAgent",
      "TeammateIdle",
      { continue: false, stopReason: "rest" },
      [StopAgent({ reason: "rest" })]
    ],
    [
      "ConfigChange block -> BlockAction",
      "ConfigChange",
      { decision: "block", reason: "frozen" },
      [BlockAction({ reason: "frozen" })]
    ],
    [
      "CwdChanged watchPaths -> WatchPaths",
      "CwdChanged",
      hso("CwdChanged", { watchPaths: ["a", "b"] }),
      [WatchPaths({ paths: ["a", "b"] })]
    ],
    [
      "FileChanged watchPaths -> WatchPaths",
      "FileChanged",
      hso("FileChanged", { watchPaths: [] }),
      [WatchPaths({ paths: [] })]
    ],
    [
      "WorktreeCreate worktreePath -> SetWorktreePath",
      "WorktreeCreate",
      hso("WorktreeCreate", { worktreePath: "/w" }),
      [SetWorktreePath({ path: "/w" })]
    ],
    [
      "Elicitation accept with content",
      "Elicitation",
      hso("Elicitation", { action: "accept", content: { name: "x" } }),
      [AnswerElicitation({ action: "accept", content: { name: "x" } })]
    ],
    [
      "ElicitationResult cancel",
      "ElicitationResult",
      hso("ElicitationResult", { action: "cancel" }),
      [AnswerElicitation({ action: "cancel" })]
    ],
    [
      "PreModelSwitch allow -> AllowTool",
      "PreModelSwitch",
      hso("PreModelSwitch", { permissionDecision: "allow" }),
      [AllowTool()]
    ],
    [
      "PreModelSwitch deny -> BlockAction",
      "PreModelSwitch",
      hso("PreModelSwitch", { permissionDecision: "deny", permissionDecisionReason: "cache is warm" }),
      [BlockAction({ reason: "cache is warm" })]
    ],
    [
      "PreModelSwitch ask -> AskPermission",
      "PreModelSwitch",
      hso("PreModelSwitch", { permissionDecision: "ask", permissionDecisionReason: "costly" }),
      [AskPermission({ reason: "costly" })]
    ],
    [
      "PreModelSwitch decision block -> BlockAction",
      "PreModelSwitch",
      { decision: "block", reason: "no" },
      [BlockAction({ reason: "no" })]
    ],
    [
      "PostModelSwitch additionalContext -> InjectContext",
      "PostModelSwitch",
      hso("PostModelSwitch", { additionalContext: "now on haiku" }),
      [InjectContext({ text: "now on haiku" })]
    ]
  ]
  for (const [name, event, json, expected] of rows) {
    for (const dialect of dialects) {
      it(`${event} [${dialect}] ${name}`, () => {
        const o = given(event).inDialect(dialect).whenJson(json)
        o.then(expected)
      })
    }
  }

  it("PreToolUse defer drops updatedInput and additionalContext, with a discarded-field Diagnostic", () => {
    const o = given("PreToolUse").whenJson(
      hso("PreToolUse", { permissionDecision: "defer", updatedInput: { a: 1 }, additionalContext: "c" })
    )
    o.thenIgnoringDiagnostics([DeferTool()])
    assert.deepStrictEqual(o.diagnosticCodes(), ["discarded-field"])
  })

  it("PreModelSwitch defer is invalid: no effect, an invalid-field Diagnostic", () => {
    const o = given("PreModelSwitch").whenJson(hso("PreModelSwitch", { permissionDecision: "defer" }))
    o.thenIgnoringDiagnostics([])
    assert.deepStrictEqual(o.diagnosticCodes(), ["invalid-field"])
  })

  it("Elicitation content without accept is discarded with a Diagnostic", () => {
    const o = given("Elicitation").whenJson(hso("Elicitation", { action: "decline", content: { a: 1 } }))
    o.thenIgnoringDiagnostics([AnswerElicitation({ action: "decline" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["discarded-field"])
  })

  it("PermissionRequest updatedPermissions on a deny is reported and ignored", () => {
    const o = given("PermissionRequest").whenJson(
      hso("PermissionRequest", { decision: { behavior: "deny", message: "m", updatedPermissions: [] } })
    )
    o.thenIgnoringDiagnostics([BlockTool({ reason: "m" })])
    assert.deepStrictEqual(o.diagnosticCodes(), ["unknown-field"])
  })

  it("PermissionRequest allow with updatedInput and updatedPermissions keeps both", () => {
    given("PermissionRequest")
      .whenJson(
        hso("PermissionRequest", { decision: { behavior: "allow", updatedInput: { a: 1 }, updatedPermissions: ["x"] } })
      )
      .then([AllowTool(), UpdateInput({ input: { a: 1 } }), UpdatePermissions({ updates: ["x"] })])
  })

  it("[claude-code] exit 2 on UserPromptSubmit keeps suppressOriginalPrompt from the JSON", () => {
    given("UserPromptSubmit")
      .inDialect("claude-code")
      .whenJson(hso("UserPromptSubmit", { suppressOriginalPrompt: true }), 2, "blocked")
      .then([BlockPrompt({ reason: "blocked", suppressOriginalPrompt: true })])
  })

  it("[claude-code] exit 2 on PreModelSwitch takes the JSON's deny reason", () => {
    given("PreModelSwitch")
      .inDialect("claude-code")
      .whenJson(hso("PreModelSwitch", { permissionDecision: "deny", permissionDecisionReason: "json" }), 2, "stderr")
      .then([BlockAction({ reason: "json" })])
  })

  it("[claude-code] exit 2 on PermissionDenied is ignored and its JSON still decides", () => {
    const o = given("PermissionDenied")
      .inDialect("claude-code")
      .whenJson(hso("PermissionDenied", { retry: true }), 2, "e")
    o.thenIgnoringDiagnostics([AllowRetry()])
    assert.deepStrictEqual(o.diagnosticCodes(), ["ignored-output"])
  })
})

// ====== claude-code discards (reference 3.4) ======

describe("5.4 claude-code discards continue and systemMessage where the reference says, with a Diagnostic", () => {
  /** Reference 3.4: events that discard `continue`, and whether they keep `systemMessage`. */
  const discards: ReadonlyArray<readonly [HookEvent, "keeps systemMessage" | "drops systemMessage"]> = [
    ["Notification", "drops systemMessage"],
    ["InstructionsLoaded", "drops systemMessage"],
    ["ConfigChange", "drops systemMessage"],
    ["PreCompact", "drops systemMessage"],
    ["PostCompact", "drops systemMessage"],
    ["WorktreeCreate", "drops systemMessage"],
    ["WorktreeRemove", "drops systemMessage"],
    ["SessionEnd", "drops systemMessage"],
    ["Setup", "drops systemMessage"],
    ["Elicitation", "drops systemMessage"],
    ["ElicitationResult", "drops systemMessage"],
    ["MessageDisplay", "drops systemMessage"],
    ["CwdChanged", "keeps systemMessage"],
    ["FileChanged", "keeps systemMessage"],
    ["DirectoryAdded", "drops systemMessage"],
    ["StopFailure", "drops systemMessage"],
    ["PermissionDenied", "drops systemMessage"],
    ["TaskCreated", "keeps systemMessage"]
  ]
  for (const [event, message] of discards) {
    it(`${event} [claude-code]: continue:false discarded; systemMessage ${message === "keeps systemMessage" ? "kept" : "discarded"}`, () => {
      const o = given(event).inDialect("claude-code").whenJson({ continue: false, stopReason: "s", systemMessage: "m" })
      if (event === "WorktreeCreate") {
        // With continue gone, the answer has no worktree path: the creation fails.
        assert.deepStrictEqual(
          o.effects.filter((e) => e._tag !== "Diagnostic").map((e) => e._tag),
          ["BlockAction"]
        )
      } else
        o.thenIgnoringDiagnostics(message === "keeps systemMessage" ? [ShowUser({ level: "warning", text: "m" })] : [])
      assert.deepStrictEqual(o.diagnosticCodes(), ["discarded-field"])
      assert.include(o.diagnostics()[0]!.message, "continue")
    })
    it(`${event} [wave]: continue:false honoured (the wave dialect reads continue on every event)`, () => {
      given(event)
        .whenJson({ continue: false, stopReason: "s", systemMessage: "m" })
        .then([StopAgent({ reason: "s" }), ShowUser({ level: "warning", text: "m" })])
    })
  }

  it("Setup [claude-code] discards additionalContext too; wave injects it", () => {
    const o = given("Setup")
      .inDialect("claude-code")
      .whenJson(hso("Setup", { additionalContext: "c" }))
    o.thenIgnoringDiagnostics([])
    assert.deepStrictEqual(o.diagnosticCodes(), ["discarded-field"])
    given("Setup")
      .whenJson(hso("Setup", { additionalContext: "c" }))
      .then([InjectContext({ text: "c" })])
  })

  it("TeammateIdle and TaskCompleted keep continue:false in claude-code (it stops the teammate)", () => {
    given("TeammateIdle").inDialect("claude-code").whenJson({ continue: false }).then([StopAgent()])
    given("TaskCompleted").inDialect("claude-code").whenJson({ continue: false }).then([StopAgent()])
  })
})

// ====== The 10,000-character cap (reference 6) ======

describe("5.3 claude-code caps context text at 10,000 characters", () => {
  const long = "a".repeat(contextPreviewCharacters) + "b".repeat(contextCapCharacters)
  const preview = (o: { readonly effects: ReadonlyArray<HookEffect> }, tag: HookEffect["_tag"]) => {
    const effect = o.effects.find((e) => e._tag === tag) as { text: string } | undefined
    assert.isDefined(effect, tag)
    return effect!.text
  }

  const cases: ReadonlyArray<
    readonly [string, HookEvent, () => ReturnType<ReturnType<typeof given>["whenExit"]>, HookEffect["_tag"]]
  > = [
    [
      "additionalContext",
      "PreToolUse",
      () =>
        given("PreToolUse")
          .inDialect("claude-code")
          .whenJson(hso("PreToolUse", { additionalContext: long })),
      "InjectContext"
    ],
    [
      "plain stdout",
      "UserPromptSubmit",
      () => given("UserPromptSubmit").inDialect("claude-code").whenExit(0, long),
      "InjectContext"
    ],
    [
      "systemMessage",
      "Stop",
      () => given("Stop").inDialect("claude-code").whenJson({ systemMessage: long }),
      "ShowUser"
    ],
    [
      "initialUserMessage",
      "SessionStart",
      () =>
        given("SessionStart")
          .inDialect("claude-code")
          .whenJson(hso("SessionStart", { initialUserMessage: long })),
      "SendUserMessage"
    ],
    [
      "Stop additionalContext",
      "Stop",
      () =>
        given("Stop")
          .inDialect("claude-code")
          .whenJson(hso("Stop", { additionalContext: long })),
      "PromptModel"
    ]
  ]
  for (const [field, event, run, tag] of cases) {
    it(`${event} ${field} over the cap: the first 2,000 characters and a note; the full text in a context-capped Diagnostic`, () => {
      const o = run()
      const text = preview(o, tag)
      assert.isTrue(text.startsWith("a".repeat(contextPreviewCharacters)))
      assert.notInclude(text, "b".repeat(10))
      assert.include(text, String(long.length))
      const diagnostic = o.diagnostics().find((d) => d.code === "context-capped")
      assert.isDefined(diagnostic)
      assert.include(diagnostic!.message, long)
    })
  }

  it("exactly 10,000 characters pass unchanged", () => {
    const text = "x".repeat(contextCapCharacters)
    given("SessionStart")
      .inDialect("claude-code")
      .whenExit(0, text)
      .then([InjectContext({ text })])
  })

  it("the wave dialect does not cap", () => {
    given("UserPromptSubmit")
      .whenExit(0, long)
      .then([InjectContext({ text: long })])
  })
})

describe("Claude Code fields the engine reads but cannot carry out: reported, not called unknown", () => {
  for (const dialect of dialects) {
    it(`[${dialect}] PostToolUse classifierContext, SessionStart reloadSkills and terminalSequence give a discarded-field Diagnostic`, () => {
      const post = given("PostToolUse")
        .inDialect(dialect)
        .whenJson({
          terminalSequence: "\u001b]0;done\u0007",
          ...hso("PostToolUse", { classifierContext: "user asked for it" })
        })
      post.thenIgnoringDiagnostics([])
      assert.deepStrictEqual(post.diagnosticCodes(), ["discarded-field", "discarded-field"])
      const start = given("SessionStart")
        .inDialect(dialect)
        .whenJson(hso("SessionStart", { reloadSkills: true }))
      start.thenIgnoringDiagnostics([])
      assert.deepStrictEqual(start.diagnosticCodes(), ["discarded-field"])
    })
  }

  it("StopFailure [claude-code] keeps only terminalSequence: the other fields are discarded", () => {
    const o = given("StopFailure").inDialect("claude-code").whenJson({ systemMessage: "m", terminalSequence: "\u0007" })
    o.thenIgnoringDiagnostics([])
    assert.strictEqual(o.diagnostics().filter((d) => d.message.includes("systemMessage")).length, 1)
    assert.strictEqual(o.diagnostics().filter((d) => d.message.includes("terminalSequence")).length, 1)
  })
})

describe("WorktreeCreate without a path", () => {
  for (const dialect of dialects) {
    it(`[${dialect}] a JSON answer without worktreePath fails the creation (BlockAction naming the field)`, () => {
      const o = given("WorktreeCreate")
        .inDialect(dialect)
        .whenJson({ hookSpecificOutput: { hookEventName: "WorktreeCreate" } })
      assert.deepStrictEqual(
        o.effects.map((e) => e._tag),
        ["BlockAction"]
      )
      assert.include((o.effects[0] as { reason: string }).reason, "worktreePath")
    })
  }
})
