/**
 * Hook event names and the JSON payload each event's hooks receive on stdin
 * (ARCHITECTURE section 2).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

// ====== Names ======

/**
 * Every hook event, in the order of ARCHITECTURE section 2: the first twelve
 * of 0.1.0, then the 21 events 0.2.0 added (33, Claude Code's full list).
 *
 * @category constants
 * @since 0.1.0
 */
export const hookEvents = [
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
  "Notification",
  "PreCompact",
  "Setup",
  "UserPromptExpansion",
  "PermissionDenied",
  "PostToolBatch",
  "MessageDisplay",
  "TaskCreated",
  "TaskCompleted",
  "StopFailure",
  "TeammateIdle",
  "InstructionsLoaded",
  "ConfigChange",
  "CwdChanged",
  "FileChanged",
  "DirectoryAdded",
  "WorktreeCreate",
  "WorktreeRemove",
  "PostCompact",
  "Elicitation",
  "ElicitationResult",
  "PreModelSwitch",
  "PostModelSwitch",
  "PreModelRequest",
  "PostModelResponse",
  "PreToolSelection",
  "PromptTransformed",
  "Interrupt"
] as const

/**
 * The events only other agents' hooks answer (since 0.5.0): Gemini CLI's
 * model-level three, Copilot's userPromptTransformed (PromptTransformed) and
 * Codex CLI's Interrupt.
 *
 * @category constants
 * @since 0.5.0
 */
export const agentOnlyEvents = [
  "PreModelRequest",
  "PostModelResponse",
  "PreToolSelection",
  "PromptTransformed",
  "Interrupt"
] as const satisfies ReadonlyArray<(typeof hookEvents)[number]>

/**
 * The events Claude Code has (33): every event but the {@link agentOnlyEvents}.
 * The claude-code and wave dialects' settings name these.
 *
 * @category constants
 * @since 0.5.0
 */
export const claudeCodeEvents: ReadonlyArray<ClaudeCodeEvent> = hookEvents.filter(
  (event): event is ClaudeCodeEvent => !(agentOnlyEvents as ReadonlyArray<string>).includes(event)
)

/**
 * An event Claude Code has: every `HookEvent` but the {@link agentOnlyEvents}.
 *
 * @category models
 * @since 0.5.0
 */
export type ClaudeCodeEvent = Exclude<(typeof hookEvents)[number], (typeof agentOnlyEvents)[number]>

/**
 * Schema of an event name.
 *
 * @category schemas
 * @since 0.1.0
 */
export const HookEvent = Schema.Literals(hookEvents)

/**
 * A hook event name such as `"PreToolUse"`.
 *
 * @category models
 * @since 0.1.0
 */
export type HookEvent = typeof HookEvent.Type

/**
 * Whether a string names a hook event.
 *
 * @category guards
 * @since 0.1.0
 */
export const isHookEvent: (u: unknown) => u is HookEvent = Schema.is(HookEvent)

/**
 * The payload field a matcher is tested against for each event; `undefined`
 * for events that take no matcher (UserPromptSubmit, Stop, ...). FileChanged's
 * matcher is tested against the last segment of `file_path` (the file's name;
 * see `matchValueOf`). ARCHITECTURE sections 5.4 and 7.
 *
 * @category constants
 * @since 0.1.0
 */
export const matcherFieldOf: { readonly [E in HookEvent]: string | undefined } = {
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

// ====== Payloads ======

const JsonObject = Schema.Record(Schema.String, Schema.Unknown)

/**
 * Fields the runner adds to every payload when the caller left them out.
 *
 * @category schemas
 * @since 0.1.0
 */
const CommonInputFields = {
  session_id: Schema.String,
  transcript_path: Schema.String,
  cwd: Schema.String,
  permission_mode: Schema.optionalKey(Schema.String)
}

const opt = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)
const optNull = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))
const McpServer = Schema.Struct({ name: opt(Schema.String), source: opt(Schema.String) })

const toolFields = {
  tool_name: Schema.String,
  tool_input: JsonObject,
  tool_use_id: Schema.optionalKey(Schema.String),
  mcp_server: opt(McpServer)
}

/** Stop and SubagentStop: Claude Code and Wave send both lists (empty when there are none). */
const stopFields = {
  stop_hook_active: opt(Schema.Boolean),
  last_assistant_message: optNull(Schema.String),
  background_tasks: opt(Schema.Array(Schema.Unknown)),
  session_crons: opt(Schema.Array(Schema.Unknown))
}

const taskFields = {
  task_id: opt(Schema.String),
  task_subject: opt(Schema.String),
  task_description: optNull(Schema.String),
  teammate_name: optNull(Schema.String),
  team_name: optNull(Schema.String)
}

const modelSwitchFields = {
  from_model: optNull(Schema.String),
  to_model: opt(Schema.String),
  requested_model: optNull(Schema.String),
  source: opt(Schema.String),
  context_tokens: optNull(Schema.Number),
  prompt_cache_warm: optNull(Schema.Boolean),
  cache_ttl: opt(Schema.Unknown),
  estimated_cache_write_usd: optNull(Schema.Number),
  pricing: opt(Schema.Unknown)
}

const eventFieldsSchemaThunks = {
  PreToolUse: () => Schema.Struct(toolFields),
  PermissionRequest: () =>
    Schema.Struct({ ...toolFields, permission_suggestions: Schema.optionalKey(Schema.Array(Schema.Unknown)) }),
  PostToolUse: () => Schema.Struct({ ...toolFields, tool_response: Schema.Unknown, duration_ms: opt(Schema.Number) }),
  PostToolUseFailure: () =>
    Schema.Struct({
      ...toolFields,
      error: Schema.String,
      is_interrupt: Schema.optionalKey(Schema.Boolean),
      duration_ms: opt(Schema.Number)
    }),
  UserPromptSubmit: () =>
    Schema.Struct({ prompt: Schema.String, session_title: optNull(Schema.String), source: opt(Schema.String) }),
  Stop: () => Schema.Struct(stopFields),
  SubagentStart: () => Schema.Struct({ agent_id: Schema.optionalKey(Schema.String), agent_type: Schema.String }),
  SubagentStop: () =>
    Schema.Struct({
      ...stopFields,
      agent_id: Schema.optionalKey(Schema.String),
      agent_type: Schema.optionalKey(Schema.String),
      agent_transcript_path: Schema.optionalKey(Schema.String)
    }),
  SessionStart: () =>
    Schema.Struct({
      /** startup, resume, clear, compact or fork today; any string, so a source a newer Claude Code adds still runs the hooks. */
      source: Schema.String,
      model: Schema.optionalKey(Schema.String),
      agent_type: opt(Schema.String),
      session_title: optNull(Schema.String),
      seconds_since_last_response: optNull(Schema.Number),
      context_tokens: optNull(Schema.Number),
      prompt_cache_likely_expired: optNull(Schema.Boolean),
      estimated_cache_write_usd: optNull(Schema.Number)
    }),
  SessionEnd: () => Schema.Struct({ reason: Schema.String }),
  Notification: () =>
    Schema.Struct({
      message: Schema.String,
      title: Schema.optionalKey(Schema.String),
      notification_type: Schema.optionalKey(Schema.String)
    }),
  PreCompact: () =>
    Schema.Struct({
      /** manual or auto; any string, for the same reason. */
      trigger: Schema.String,
      custom_instructions: optNull(Schema.String)
    }),
  Setup: () => Schema.Struct({ trigger: opt(Schema.String) }),
  UserPromptExpansion: () =>
    Schema.Struct({
      expansion_type: opt(Schema.String),
      command_name: opt(Schema.String),
      command_args: optNull(Schema.String),
      command_source: optNull(Schema.String),
      prompt: opt(Schema.String)
    }),
  PermissionDenied: () => Schema.Struct({ ...toolFields, reason: opt(Schema.String) }),
  PostToolBatch: () => Schema.Struct({ tool_calls: opt(Schema.Array(Schema.Unknown)) }),
  MessageDisplay: () =>
    Schema.Struct({
      turn_id: opt(Schema.String),
      message_id: opt(Schema.String),
      index: opt(Schema.Number),
      final: opt(Schema.Boolean),
      delta: opt(Schema.String)
    }),
  TaskCreated: () => Schema.Struct(taskFields),
  TaskCompleted: () => Schema.Struct(taskFields),
  StopFailure: () =>
    Schema.Struct({
      error: opt(Schema.String),
      error_details: optNull(Schema.Unknown),
      last_assistant_message: optNull(Schema.String)
    }),
  TeammateIdle: () => Schema.Struct({ teammate_name: optNull(Schema.String), team_name: optNull(Schema.String) }),
  InstructionsLoaded: () =>
    Schema.Struct({
      file_path: opt(Schema.String),
      memory_type: opt(Schema.String),
      load_reason: opt(Schema.String),
      globs: optNull(Schema.Array(Schema.String)),
      trigger_file_path: optNull(Schema.String),
      parent_file_path: optNull(Schema.String)
    }),
  ConfigChange: () => Schema.Struct({ source: opt(Schema.String), file_path: optNull(Schema.String) }),
  CwdChanged: () => Schema.Struct({ old_cwd: opt(Schema.String), new_cwd: opt(Schema.String) }),
  FileChanged: () => Schema.Struct({ file_path: opt(Schema.String), event: opt(Schema.String) }),
  DirectoryAdded: () => Schema.Struct({ directory: opt(Schema.String), source: opt(Schema.String) }),
  WorktreeCreate: () => Schema.Struct({ name: opt(Schema.String) }),
  WorktreeRemove: () => Schema.Struct({ worktree_path: opt(Schema.String) }),
  PostCompact: () => Schema.Struct({ trigger: opt(Schema.String), compact_summary: optNull(Schema.String) }),
  Elicitation: () =>
    Schema.Struct({
      mcp_server_name: opt(Schema.String),
      message: opt(Schema.String),
      mode: opt(Schema.String),
      url: optNull(Schema.String),
      elicitation_id: optNull(Schema.String),
      requested_schema: optNull(Schema.Unknown)
    }),
  ElicitationResult: () =>
    Schema.Struct({
      mcp_server_name: opt(Schema.String),
      action: opt(Schema.String),
      content: optNull(Schema.Unknown),
      mode: opt(Schema.String),
      elicitation_id: optNull(Schema.String)
    }),
  PreModelSwitch: () => Schema.Struct(modelSwitchFields),
  PostModelSwitch: () => Schema.Struct(modelSwitchFields),
  PreModelRequest: () => Schema.Struct({ llm_request: opt(JsonObject) }),
  PostModelResponse: () => Schema.Struct({ llm_request: opt(JsonObject), llm_response: opt(JsonObject) }),
  PreToolSelection: () => Schema.Struct({ llm_request: opt(JsonObject) }),
  PromptTransformed: () => Schema.Struct({ prompt: opt(Schema.String), transformed_prompt: opt(Schema.String) }),
  Interrupt: () => Schema.Struct({ turn_id: opt(Schema.String) })
} satisfies { readonly [E in HookEvent]: () => Schema.Top }

/**
 * The event-specific fields of each event's stdin payload (what a caller of
 * `wave-hooks run --payload` provides). Unknown extra fields are allowed and
 * passed through to the hook. The fields follow Claude Code's reference
 * (section 1): what it marks optional or nullable is optional or nullable;
 * enumerations that Claude Code extends over time (`source`, `reason`,
 * `error`, ...) are strings, their known values in the reference.
 *
 * @category schemas
 * @since 0.1.0
 */
export const eventFieldsSchemas: {
  readonly [E in keyof typeof eventFieldsSchemaThunks]: ReturnType<(typeof eventFieldsSchemaThunks)[E]>
} = builtOnFirstUse(eventFieldsSchemaThunks)

const hookInputSchemaThunks = {
  PreToolUse: () => withCommon("PreToolUse", eventFieldsSchemas.PreToolUse.fields),
  PermissionRequest: () => withCommon("PermissionRequest", eventFieldsSchemas.PermissionRequest.fields),
  PostToolUse: () => withCommon("PostToolUse", eventFieldsSchemas.PostToolUse.fields),
  PostToolUseFailure: () => withCommon("PostToolUseFailure", eventFieldsSchemas.PostToolUseFailure.fields),
  UserPromptSubmit: () => withCommon("UserPromptSubmit", eventFieldsSchemas.UserPromptSubmit.fields),
  Stop: () => withCommon("Stop", eventFieldsSchemas.Stop.fields),
  SubagentStart: () => withCommon("SubagentStart", eventFieldsSchemas.SubagentStart.fields),
  SubagentStop: () => withCommon("SubagentStop", eventFieldsSchemas.SubagentStop.fields),
  SessionStart: () => withCommon("SessionStart", eventFieldsSchemas.SessionStart.fields),
  SessionEnd: () => withCommon("SessionEnd", eventFieldsSchemas.SessionEnd.fields),
  Notification: () => withCommon("Notification", eventFieldsSchemas.Notification.fields),
  PreCompact: () => withCommon("PreCompact", eventFieldsSchemas.PreCompact.fields),
  Setup: () => withCommon("Setup", eventFieldsSchemas.Setup.fields),
  UserPromptExpansion: () => withCommon("UserPromptExpansion", eventFieldsSchemas.UserPromptExpansion.fields),
  PermissionDenied: () => withCommon("PermissionDenied", eventFieldsSchemas.PermissionDenied.fields),
  PostToolBatch: () => withCommon("PostToolBatch", eventFieldsSchemas.PostToolBatch.fields),
  MessageDisplay: () => withCommon("MessageDisplay", eventFieldsSchemas.MessageDisplay.fields),
  TaskCreated: () => withCommon("TaskCreated", eventFieldsSchemas.TaskCreated.fields),
  TaskCompleted: () => withCommon("TaskCompleted", eventFieldsSchemas.TaskCompleted.fields),
  StopFailure: () => withCommon("StopFailure", eventFieldsSchemas.StopFailure.fields),
  TeammateIdle: () => withCommon("TeammateIdle", eventFieldsSchemas.TeammateIdle.fields),
  InstructionsLoaded: () => withCommon("InstructionsLoaded", eventFieldsSchemas.InstructionsLoaded.fields),
  ConfigChange: () => withCommon("ConfigChange", eventFieldsSchemas.ConfigChange.fields),
  CwdChanged: () => withCommon("CwdChanged", eventFieldsSchemas.CwdChanged.fields),
  FileChanged: () => withCommon("FileChanged", eventFieldsSchemas.FileChanged.fields),
  DirectoryAdded: () => withCommon("DirectoryAdded", eventFieldsSchemas.DirectoryAdded.fields),
  WorktreeCreate: () => withCommon("WorktreeCreate", eventFieldsSchemas.WorktreeCreate.fields),
  WorktreeRemove: () => withCommon("WorktreeRemove", eventFieldsSchemas.WorktreeRemove.fields),
  PostCompact: () => withCommon("PostCompact", eventFieldsSchemas.PostCompact.fields),
  Elicitation: () => withCommon("Elicitation", eventFieldsSchemas.Elicitation.fields),
  ElicitationResult: () => withCommon("ElicitationResult", eventFieldsSchemas.ElicitationResult.fields),
  PreModelSwitch: () => withCommon("PreModelSwitch", eventFieldsSchemas.PreModelSwitch.fields),
  PostModelSwitch: () => withCommon("PostModelSwitch", eventFieldsSchemas.PostModelSwitch.fields),
  PreModelRequest: () => withCommon("PreModelRequest", eventFieldsSchemas.PreModelRequest.fields),
  PostModelResponse: () => withCommon("PostModelResponse", eventFieldsSchemas.PostModelResponse.fields),
  PreToolSelection: () => withCommon("PreToolSelection", eventFieldsSchemas.PreToolSelection.fields),
  PromptTransformed: () => withCommon("PromptTransformed", eventFieldsSchemas.PromptTransformed.fields),
  Interrupt: () => withCommon("Interrupt", eventFieldsSchemas.Interrupt.fields)
}

/**
 * The full stdin payload of each event: the common fields, `hook_event_name`
 * and the event's own fields.
 *
 * **Example** (Decoding a PreToolUse payload)
 *
 * ```ts
 * Schema.decodeUnknownResult(hookInputSchemas.PreToolUse)({
 *   session_id: "s", transcript_path: "/t", cwd: "/p", hook_event_name: "PreToolUse",
 *   tool_name: "Bash", tool_input: { command: "ls" }
 * }) // => Success
 * ```
 *
 * @category schemas
 * @since 0.1.0
 */
export const hookInputSchemas: {
  readonly [E in keyof typeof hookInputSchemaThunks]: ReturnType<(typeof hookInputSchemaThunks)[E]>
} = builtOnFirstUse(hookInputSchemaThunks)

/**
 * An object whose property `k` is `thunks[k]()`, built on first read and kept:
 * a process that decides one event builds that event's schemas only (the
 * CLI's start-up cost).
 */
function builtOnFirstUse<T extends { readonly [key: string]: () => unknown }>(
  thunks: T
): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const out = {} as { [K in keyof T]: ReturnType<T[K]> }
  for (const key of Object.keys(thunks) as Array<keyof T & string>) {
    let value: ReturnType<T[typeof key]> | undefined
    Object.defineProperty(out, key, {
      enumerable: true,
      get: () => (value ??= thunks[key]!() as ReturnType<T[typeof key]>)
    })
  }
  return out
}

function withCommon<E extends HookEvent, F extends Schema.Struct.Fields>(event: E, fields: F) {
  return Schema.Struct({
    ...CommonInputFields,
    hook_event_name: Schema.Literal(event),
    ...fields
  })
}

/**
 * The stdin payload of a hook for event `E`.
 *
 * @category models
 * @since 0.1.0
 */
export type HookInput<E extends HookEvent> = (typeof hookInputSchemas)[E]["Type"]

/**
 * A record with one entry per event, computed by `f`.
 *
 * **Example** (A table over events)
 *
 * ```ts
 * byEvent((event) => event.length).Stop // => 4
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const byEvent = <A>(f: (event: HookEvent) => A): { readonly [E in HookEvent]: A } =>
  Object.fromEntries(hookEvents.map((event) => [event, f(event)])) as { readonly [E in HookEvent]: A }
