/**
 * Every event's payload as Claude Code sends it (reference section 1.2) is
 * accepted (ARCHITECTURE 2, 5.4): optional and nullable fields as the
 * reference lists them, unknown extra fields allowed; the matcher field of
 * each event; `buildPayload`'s Stop lists.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import type { HookEvent } from "../../src/index.ts"
import { buildPayload } from "../../src/core/payload.ts"
import { eventFieldsSchemas, matcherFieldOf } from "../../src/core/events.ts"
import { hookEvents, hookInputSchemas } from "../../src/index.ts"
import { matchValueOf } from "../../src/settings/plan.ts"

/** One payload per event with the fields the reference's table lists (nullable ones as null). */
const samples: { readonly [E in HookEvent]: Record<string, unknown> } = {
  PreToolUse: {
    tool_name: "Bash",
    tool_input: { command: "ls" },
    tool_use_id: "t1",
    mcp_server: { name: "m", source: "project" }
  },
  PermissionRequest: {
    tool_name: "Bash",
    tool_input: { command: "ls" },
    permission_suggestions: [{ type: "addRules" }]
  },
  PostToolUse: { tool_name: "Bash", tool_input: {}, tool_response: { stdout: "" }, tool_use_id: "t1", duration_ms: 12 },
  PostToolUseFailure: {
    tool_name: "Bash",
    tool_input: {},
    tool_use_id: "t1",
    error: "boom",
    is_interrupt: false,
    duration_ms: 3
  },
  UserPromptSubmit: { prompt: "hi", session_title: null, source: "user" },
  Stop: { stop_hook_active: false, last_assistant_message: null, background_tasks: [], session_crons: [] },
  SubagentStart: { agent_id: "a1", agent_type: "" },
  SubagentStop: {
    stop_hook_active: true,
    agent_id: "a1",
    agent_type: "",
    agent_transcript_path: "/t/a1.jsonl",
    last_assistant_message: "done",
    background_tasks: [],
    session_crons: []
  },
  SessionStart: {
    source: "fork",
    model: "claude-x",
    session_title: null,
    seconds_since_last_response: 120,
    context_tokens: 1000,
    prompt_cache_likely_expired: true,
    estimated_cache_write_usd: 0.01
  },
  SessionEnd: { reason: "prompt_input_exit" },
  Notification: { message: "needs input", title: "Claude", notification_type: "agent_needs_input" },
  PreCompact: { trigger: "auto", custom_instructions: null },
  Setup: { trigger: "init" },
  UserPromptExpansion: {
    expansion_type: "slash_command",
    command_name: "deploy",
    command_args: "",
    command_source: null,
    prompt: "/deploy"
  },
  PermissionDenied: { tool_name: "Bash", tool_input: {}, tool_use_id: "t1", reason: "auto mode" },
  PostToolBatch: { tool_calls: [{ tool_name: "Read", tool_input: {}, tool_use_id: "t1", tool_response: "..." }] },
  MessageDisplay: { turn_id: "u1", message_id: "m1", index: 0, final: true, delta: "Hello" },
  TaskCreated: {
    task_id: "1",
    task_subject: "Write tests",
    task_description: null,
    teammate_name: null,
    team_name: null
  },
  TaskCompleted: { task_id: "1", task_subject: "Write tests" },
  StopFailure: { error: "rate_limit", error_details: null, last_assistant_message: "API Error" },
  TeammateIdle: { teammate_name: "reviewer", team_name: null },
  InstructionsLoaded: { file_path: "/p/CLAUDE.md", memory_type: "Project", load_reason: "session_start", globs: null },
  ConfigChange: { source: "project_settings", file_path: "/p/.claude/settings.json" },
  CwdChanged: { old_cwd: "/p", new_cwd: "/p/sub" },
  FileChanged: { file_path: "/p/.env", event: "change" },
  DirectoryAdded: { directory: "/other", source: "slash_command" },
  WorktreeCreate: { name: "feature-x" },
  WorktreeRemove: { worktree_path: "/wt/feature-x" },
  PostCompact: { trigger: "manual", compact_summary: "summary" },
  Elicitation: { mcp_server_name: "github", message: "Token?", mode: "form", requested_schema: { type: "object" } },
  ElicitationResult: { mcp_server_name: "github", action: "accept", content: { token: "x" }, mode: "form" },
  PreModelSwitch: {
    from_model: "claude-a",
    to_model: "claude-b",
    requested_model: null,
    source: "picker",
    context_tokens: 5000,
    prompt_cache_warm: true,
    cache_ttl: "5m",
    estimated_cache_write_usd: 0.2,
    pricing: {}
  },
  PostModelSwitch: {
    from_model: "claude-a",
    to_model: "claude-b",
    requested_model: "b",
    source: "resume",
    context_tokens: 0
  },
  // Gemini CLI's model-level events (research 2.2: G hookTranslator.ts's request and response shapes).
  PreModelRequest: {
    llm_request: { model: "gemini-2.5-pro", messages: [{ role: "user", content: "hi" }], config: {} }
  },
  PostModelResponse: {
    llm_request: { model: "gemini-2.5-pro", messages: [] },
    llm_response: { candidates: [{ content: { role: "model", parts: ["Hello"] }, finishReason: "STOP" }] }
  },
  PreToolSelection: { llm_request: { model: "gemini-2.5-pro", messages: [], toolConfig: { mode: "AUTO" } } },
  // Copilot's userPromptTransformed (research 5.2) and Codex CLI's Interrupt (research 3.4, X-155).
  PromptTransformed: { prompt: "fix the test", transformed_prompt: "fix the test\n\n<skill>testing</skill>" },
  Interrupt: { turn_id: "turn-7" }
}

const common = { session_id: "s", transcript_path: "/t.jsonl", cwd: "/p" }

describe("every event's payload", () => {
  for (const event of hookEvents) {
    it(`${event}: the reference's fields decode, with an unknown extra field`, () => {
      const fields = { ...samples[event], field_from_a_newer_claude_code: { x: 1 } }
      assert.isTrue(Result.isSuccess(Schema.decodeUnknownResult(eventFieldsSchemas[event])(fields)), event)
      const full = { ...common, hook_event_name: event, ...fields }
      assert.isTrue(
        Result.isSuccess(Schema.decodeUnknownResult(hookInputSchemas[event] as Schema.Codec<unknown>)(full)),
        event
      )
    })
  }

  it("PreCompact: custom_instructions null (automatic compaction) is accepted, and a string too", () => {
    assert.isTrue(Schema.is(eventFieldsSchemas.PreCompact)({ trigger: "auto", custom_instructions: null }))
    assert.isTrue(Schema.is(eventFieldsSchemas.PreCompact)({ trigger: "manual", custom_instructions: "keep the plan" }))
  })

  it("SessionStart: source fork is accepted, and a source a newer Claude Code adds too (its hooks must still run)", () => {
    assert.isTrue(Schema.is(eventFieldsSchemas.SessionStart)({ source: "fork" }))
    assert.isTrue(Schema.is(eventFieldsSchemas.SessionStart)({ source: "teleport" }))
    assert.isTrue(Schema.is(eventFieldsSchemas.PreCompact)({ trigger: "proactive" }))
  })

  it("a field of the wrong type is still refused (the caller is told which)", () => {
    const refused = Schema.decodeUnknownResult(eventFieldsSchemas.PreCompact)({ trigger: 3 })
    assert.isTrue(Result.isFailure(refused))
  })

  it("the new events need no fields (a run without --payload works)", () => {
    const classic = new Set<HookEvent>([
      "PreToolUse",
      "PermissionRequest",
      "PostToolUse",
      "PostToolUseFailure",
      "UserPromptSubmit",
      "SubagentStart",
      "SessionStart",
      "SessionEnd",
      "Notification",
      "PreCompact",
      "PermissionDenied"
    ])
    for (const event of hookEvents.filter((e) => !classic.has(e))) {
      assert.isTrue(Result.isSuccess(Schema.decodeUnknownResult(eventFieldsSchemas[event])({})), event)
    }
  })
})

describe("matcher fields (reference 1.2 'Matcher on')", () => {
  it("names the field of every event, none for the events without a matcher", () => {
    const expected: { readonly [E in HookEvent]: string | undefined } = {
      PreToolUse: "tool_name",
      PermissionRequest: "tool_name",
      PostToolUse: "tool_name",
      PostToolUseFailure: "tool_name",
      UserPromptSubmit: undefined,
      Stop: undefined,
      SubagentStart: "agent_type",
      SubagentStop: "agent_type",
      SessionStart: "source",
      SessionEnd: "reason",
      Notification: "notification_type",
      PreCompact: "trigger",
      Setup: "trigger",
      UserPromptExpansion: "command_name",
      PermissionDenied: "tool_name",
      PostToolBatch: undefined,
      MessageDisplay: undefined,
      TaskCreated: undefined,
      TaskCompleted: undefined,
      StopFailure: "error",
      TeammateIdle: undefined,
      InstructionsLoaded: "load_reason",
      ConfigChange: "source",
      CwdChanged: undefined,
      FileChanged: "file_path",
      DirectoryAdded: "source",
      WorktreeCreate: undefined,
      WorktreeRemove: undefined,
      PostCompact: "trigger",
      Elicitation: "mcp_server_name",
      ElicitationResult: "mcp_server_name",
      PreModelSwitch: "to_model",
      PostModelSwitch: "to_model",
      PreModelRequest: undefined,
      PostModelResponse: undefined,
      PreToolSelection: undefined,
      PromptTransformed: undefined,
      Interrupt: undefined
    }
    assert.deepStrictEqual(matcherFieldOf, expected)
  })

  it("FileChanged matchers are tested against the file's name, not its path", () => {
    assert.strictEqual(matchValueOf("FileChanged", { file_path: "/repo/config/.env" }), ".env")
    assert.strictEqual(matchValueOf("FileChanged", { file_path: "package.json" }), "package.json")
    assert.strictEqual(matchValueOf("PreModelSwitch", { to_model: "claude-b" }), "claude-b")
  })
})

describe("buildPayload", () => {
  it("adds background_tasks: [] and session_crons: [] to Stop payloads that lack them, in both dialects", () => {
    for (const dialect of ["wave", "claude-code"] as const) {
      const payload = buildPayload("Stop", {}, common, dialect)
      assert.deepStrictEqual([payload["background_tasks"], payload["session_crons"]], [[], []], dialect)
    }
  })

  it("SubagentStop: the claude-code dialect adds both lists; the wave dialect (the default) adds neither, as Wave sends them on Stop only", () => {
    const claude = buildPayload("SubagentStop", {}, common, "claude-code")
    assert.deepStrictEqual([claude["background_tasks"], claude["session_crons"]], [[], []])
    for (const wave of [buildPayload("SubagentStop", {}, common, "wave"), buildPayload("SubagentStop", {}, common)]) {
      assert.isFalse("background_tasks" in wave)
      assert.isFalse("session_crons" in wave)
    }
  })

  it("adds neither list in the dialects whose agents send none (Gemini CLI, Codex CLI, Cursor)", () => {
    for (const dialect of ["gemini-cli", "codex", "cursor"] as const) {
      for (const event of ["Stop", "SubagentStop"] as const) {
        const payload = buildPayload(event, {}, common, dialect)
        assert.isFalse("background_tasks" in payload, `${dialect} ${event}`)
        assert.isFalse("session_crons" in payload, `${dialect} ${event}`)
      }
    }
  })

  it("keeps the caller's lists", () => {
    const payload = buildPayload("Stop", { background_tasks: [{ id: "b" }], session_crons: [{ prompt: "p" }] }, common)
    assert.deepStrictEqual([payload["background_tasks"], payload["session_crons"]], [[{ id: "b" }], [{ prompt: "p" }]])
  })

  it("adds neither to other events", () => {
    const payload = buildPayload("PreCompact", { trigger: "auto" }, common)
    assert.isFalse("background_tasks" in payload)
    assert.isFalse("session_crons" in payload)
  })
})

describe("per-event schemas are built on first use (the CLI's start-up)", () => {
  it("every event has its schemas, enumerable, the same object on every read, and they decode", () => {
    assert.deepStrictEqual(Object.keys(eventFieldsSchemas), [...hookEvents])
    assert.deepStrictEqual(Object.keys(hookInputSchemas), [...hookEvents])
    for (const event of hookEvents) {
      assert.strictEqual(eventFieldsSchemas[event], eventFieldsSchemas[event], event)
      assert.strictEqual(hookInputSchemas[event], hookInputSchemas[event], event)
    }
    const ok = Schema.decodeUnknownResult(hookInputSchemas.Stop)({
      session_id: "s",
      transcript_path: "/t",
      cwd: "/p",
      hook_event_name: "Stop"
    })
    assert.isTrue(Result.isSuccess(ok))
  })
})
