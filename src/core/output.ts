/**
 * Schemas of a hook's JSON answer on stdout: the common fields, the top-level
 * `decision` / `reason` of some events, and each event's `hookSpecificOutput`
 * (ARCHITECTURE section 4.5).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { HookEvent } from "./events.ts"

// ====== Field schemas ======

/**
 * A JSON object (not an array, not null).
 *
 * @category schemas
 * @since 0.1.0
 */
export const JsonObject = Schema.Record(Schema.String, Schema.Unknown)

/**
 * Any JSON value except `null` (which counts as an invalid value).
 *
 * @category schemas
 * @since 0.1.0
 */
const NonNullJson = Schema.Union([
  Schema.String,
  Schema.Number,
  Schema.Boolean,
  Schema.Array(Schema.Unknown),
  JsonObject
])

/**
 * Fields every event's output may carry.
 *
 * @category schemas
 * @since 0.1.0
 */
export const commonOutputFields = {
  continue: Schema.Boolean,
  stopReason: Schema.String,
  systemMessage: Schema.String,
  suppressOutput: Schema.Boolean,
  /** Since 0.2.0: read and reported, not carried out (the engine writes no terminal sequences). */
  terminalSequence: Schema.String
} as const

/**
 * PreToolUse's (and PreModelSwitch's) `permissionDecision`. `defer` (since
 * 0.2.0) is PreToolUse's only; PreModelSwitch reports it as invalid.
 *
 * @category schemas
 * @since 0.1.0
 */
const PermissionDecision = Schema.Literals(["allow", "deny", "ask", "defer"])

/**
 * PermissionRequest's `hookSpecificOutput.decision.behavior`.
 *
 * @category schemas
 * @since 0.1.0
 */
const PermissionBehavior = Schema.Literals(["allow", "deny"])

/**
 * Fields of PermissionRequest's `hookSpecificOutput.decision` object, each
 * validated on its own (an invalid `message` does not void the decision).
 *
 * @category schemas
 * @since 0.1.0
 */
export const permissionRequestDecisionFields = {
  behavior: PermissionBehavior,
  updatedInput: JsonObject,
  updatedPermissions: Schema.Array(Schema.Unknown),
  message: Schema.String,
  interrupt: Schema.Boolean
} as const

/**
 * PermissionRequest's `hookSpecificOutput.decision` as one schema (for
 * documentation and JSON Schema generation).
 *
 * @category schemas
 * @since 0.1.0
 */
const PermissionRequestDecision = Schema.Union([
  Schema.Struct({
    behavior: Schema.Literal("allow"),
    updatedInput: Schema.optionalKey(JsonObject),
    updatedPermissions: Schema.optionalKey(Schema.Array(Schema.Unknown))
  }),
  Schema.Struct({
    behavior: Schema.Literal("deny"),
    message: Schema.optionalKey(Schema.String),
    interrupt: Schema.optionalKey(Schema.Boolean)
  })
])

/**
 * Every field that lives inside `hookSpecificOutput` (for some event).
 *
 * @category schemas
 * @since 0.1.0
 */
export const hookSpecificFieldSchemas = {
  permissionDecision: PermissionDecision,
  permissionDecisionReason: Schema.String,
  updatedInput: JsonObject,
  additionalContext: Schema.String,
  updatedMCPToolOutput: NonNullJson,
  updatedToolOutput: NonNullJson,
  decision: Schema.Struct({ behavior: PermissionBehavior }), // checked field by field; see permissionRequestDecisionFields
  sessionTitle: Schema.String,
  suppressOriginalPrompt: Schema.Boolean,
  initialUserMessage: Schema.String,
  watchPaths: Schema.Array(Schema.String),
  retry: Schema.Boolean,
  displayContent: Schema.String,
  classifierContext: Schema.String,
  reloadSkills: Schema.Boolean,
  action: Schema.Literals(["accept", "decline", "cancel"]),
  content: JsonObject,
  worktreePath: Schema.String
} as const

/**
 * Name of a field that lives inside `hookSpecificOutput`.
 *
 * @category models
 * @since 0.1.0
 */
export type HookSpecificField = keyof typeof hookSpecificFieldSchemas

/**
 * Which `hookSpecificOutput` fields each event accepts.
 *
 * @category constants
 * @since 0.1.0
 */
export const hookSpecificFieldsOf: { readonly [E in HookEvent]: ReadonlyArray<HookSpecificField> } = {
  PreToolUse: ["permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"],
  PermissionRequest: ["decision"],
  PostToolUse: ["additionalContext", "updatedMCPToolOutput", "updatedToolOutput", "classifierContext"],
  PostToolUseFailure: ["additionalContext"],
  UserPromptSubmit: ["additionalContext", "sessionTitle", "suppressOriginalPrompt"],
  Stop: ["additionalContext"],
  SubagentStart: ["additionalContext"],
  SubagentStop: ["additionalContext"],
  SessionStart: ["additionalContext", "initialUserMessage", "sessionTitle", "watchPaths", "reloadSkills"],
  SessionEnd: [],
  Notification: [],
  PreCompact: [],
  Setup: ["additionalContext"],
  UserPromptExpansion: ["additionalContext", "suppressOriginalPrompt"],
  PermissionDenied: ["retry"],
  PostToolBatch: ["additionalContext"],
  MessageDisplay: ["displayContent"],
  TaskCreated: [],
  TaskCompleted: [],
  StopFailure: [],
  TeammateIdle: [],
  InstructionsLoaded: [],
  ConfigChange: [],
  CwdChanged: ["watchPaths"],
  FileChanged: ["watchPaths"],
  DirectoryAdded: [],
  WorktreeCreate: ["worktreePath"],
  WorktreeRemove: [],
  PostCompact: [],
  Elicitation: ["action", "content"],
  ElicitationResult: ["action", "content"],
  PreModelSwitch: ["permissionDecision", "permissionDecisionReason"],
  PostModelSwitch: ["additionalContext"],
  // Gemini CLI's model-level events: their answers are read in its vocabulary only (5.3.1).
  PreModelRequest: [],
  PostModelResponse: [],
  PreToolSelection: [],
  // Copilot's userPromptTransformed and Codex CLI's Interrupt: read in their vocabularies only (5.3.2, 5.3.4).
  PromptTransformed: [],
  Interrupt: []
}

const block = Schema.Literals(["block"])

/**
 * The top-level `decision` each event accepts (`undefined`: none). PreToolUse's
 * `approve` / `block` is the deprecated form of `permissionDecision`.
 *
 * @category constants
 * @since 0.1.0
 */
export const topLevelDecisionOf: { readonly [E in HookEvent]: Schema.Literals<ReadonlyArray<string>> | undefined } = {
  PreToolUse: Schema.Literals(["approve", "block"]),
  PermissionRequest: undefined,
  PostToolUse: block,
  PostToolUseFailure: block,
  UserPromptSubmit: block,
  Stop: block,
  SubagentStart: undefined,
  SubagentStop: block,
  SessionStart: undefined,
  SessionEnd: undefined,
  Notification: undefined,
  PreCompact: block,
  Setup: undefined,
  UserPromptExpansion: block,
  PermissionDenied: undefined,
  PostToolBatch: block,
  MessageDisplay: undefined,
  TaskCreated: block,
  TaskCompleted: undefined,
  StopFailure: undefined,
  TeammateIdle: undefined,
  InstructionsLoaded: undefined,
  ConfigChange: block,
  CwdChanged: undefined,
  FileChanged: undefined,
  DirectoryAdded: undefined,
  WorktreeCreate: undefined,
  WorktreeRemove: undefined,
  PostCompact: undefined,
  Elicitation: undefined,
  ElicitationResult: undefined,
  PreModelSwitch: block,
  PostModelSwitch: undefined,
  PreModelRequest: undefined,
  PostModelResponse: undefined,
  PreToolSelection: undefined,
  PromptTransformed: undefined,
  Interrupt: undefined
}

// ====== Whole-output schemas (documentation, JSON Schema) ======

const optional = <S extends Schema.Top>(s: S) => Schema.optionalKey(s)

/**
 * The whole JSON output schema of an event, every field optional. The decision
 * core does not decode with it in one go (it validates field by field so one
 * bad field does not void the rest); it documents the shape and generates
 * JSON Schema.
 *
 * @category schemas
 * @since 0.1.0
 */
export const hookOutputSchema = (event: HookEvent) => {
  const specific: Record<string, Schema.Top> = { hookEventName: optional(Schema.Literal(event)) }
  for (const field of hookSpecificFieldsOf[event]) {
    specific[field] = optional(field === "decision" ? PermissionRequestDecision : hookSpecificFieldSchemas[field])
  }
  const top: Record<string, Schema.Top> = {}
  for (const [name, schema] of Object.entries(commonOutputFields)) top[name] = optional(schema)
  const decision = topLevelDecisionOf[event]
  if (decision !== undefined) {
    top["decision"] = optional(decision)
    top["reason"] = optional(Schema.String)
  }
  top["hookSpecificOutput"] = optional(Schema.Struct(specific))
  return Schema.Struct(top)
}
