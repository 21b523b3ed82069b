/**
 * Hook event names and the JSON payload each event's hooks receive on stdin
 * (ARCHITECTURE section 2).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

// ====== Names ======

/**
 * Every hook event, in the order of ARCHITECTURE section 2.
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
  "PreCompact"
] as const

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
 * for events that take no matcher (UserPromptSubmit, Stop). ARCHITECTURE section 7.
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
  PreCompact: "trigger"
}

// ====== Payloads ======

const JsonObject = Schema.Record(Schema.String, Schema.Unknown)

/**
 * Fields the runner adds to every payload when the caller left them out.
 *
 * @category schemas
 * @since 0.1.0
 */
export const CommonInputFields = {
  session_id: Schema.String,
  transcript_path: Schema.String,
  cwd: Schema.String,
  permission_mode: Schema.optionalKey(Schema.String)
}

const toolFields = {
  tool_name: Schema.String,
  tool_input: JsonObject,
  tool_use_id: Schema.optionalKey(Schema.String)
}

/**
 * The event-specific fields of each event's stdin payload (what a caller of
 * `wave-hooks run --payload` provides). Unknown extra fields are allowed and
 * passed through to the hook.
 *
 * @category schemas
 * @since 0.1.0
 */
export const eventFieldsSchemas = {
  PreToolUse: Schema.Struct(toolFields),
  PermissionRequest: Schema.Struct({ ...toolFields, permission_suggestions: Schema.optionalKey(Schema.Array(Schema.Unknown)) }),
  PostToolUse: Schema.Struct({ ...toolFields, tool_response: Schema.Unknown }),
  PostToolUseFailure: Schema.Struct({
    ...toolFields,
    error: Schema.String,
    is_interrupt: Schema.optionalKey(Schema.Boolean)
  }),
  UserPromptSubmit: Schema.Struct({ prompt: Schema.String }),
  Stop: Schema.Struct({ stop_hook_active: Schema.optionalKey(Schema.Boolean) }),
  SubagentStart: Schema.Struct({ agent_id: Schema.optionalKey(Schema.String), agent_type: Schema.String }),
  SubagentStop: Schema.Struct({
    stop_hook_active: Schema.optionalKey(Schema.Boolean),
    agent_id: Schema.optionalKey(Schema.String),
    agent_type: Schema.optionalKey(Schema.String),
    agent_transcript_path: Schema.optionalKey(Schema.String)
  }),
  SessionStart: Schema.Struct({
    source: Schema.Literals(["startup", "resume", "clear", "compact"]),
    model: Schema.optionalKey(Schema.String)
  }),
  SessionEnd: Schema.Struct({ reason: Schema.String }),
  Notification: Schema.Struct({
    message: Schema.String,
    title: Schema.optionalKey(Schema.String),
    notification_type: Schema.optionalKey(Schema.String)
  }),
  PreCompact: Schema.Struct({
    trigger: Schema.Literals(["manual", "auto"]),
    custom_instructions: Schema.optionalKey(Schema.String)
  })
} as const satisfies { readonly [E in HookEvent]: Schema.Top }

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
export const hookInputSchemas = {
  PreToolUse: withCommon("PreToolUse", eventFieldsSchemas.PreToolUse.fields),
  PermissionRequest: withCommon("PermissionRequest", eventFieldsSchemas.PermissionRequest.fields),
  PostToolUse: withCommon("PostToolUse", eventFieldsSchemas.PostToolUse.fields),
  PostToolUseFailure: withCommon("PostToolUseFailure", eventFieldsSchemas.PostToolUseFailure.fields),
  UserPromptSubmit: withCommon("UserPromptSubmit", eventFieldsSchemas.UserPromptSubmit.fields),
  Stop: withCommon("Stop", eventFieldsSchemas.Stop.fields),
  SubagentStart: withCommon("SubagentStart", eventFieldsSchemas.SubagentStart.fields),
  SubagentStop: withCommon("SubagentStop", eventFieldsSchemas.SubagentStop.fields),
  SessionStart: withCommon("SessionStart", eventFieldsSchemas.SessionStart.fields),
  SessionEnd: withCommon("SessionEnd", eventFieldsSchemas.SessionEnd.fields),
  Notification: withCommon("Notification", eventFieldsSchemas.Notification.fields),
  PreCompact: withCommon("PreCompact", eventFieldsSchemas.PreCompact.fields)
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
