/**
 * The `HookEffect` tagged union: what a hook run asks the agent to do, as data
 * (ARCHITECTURE section 3). Effects are declarative; interpreters carry them out.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { DiagnosticCode } from "./diagnostic-code.ts"

// ====== Models ======

/**
 * Level of a user-facing message.
 *
 * @category schemas
 * @since 0.1.0
 */
export const ShowUserLevel = Schema.Literals(["info", "warning", "error"])

/**
 * `"info" | "warning" | "error"`.
 *
 * @category models
 * @since 0.1.0
 */
export type ShowUserLevel = typeof ShowUserLevel.Type

/**
 * The answer to an MCP server's elicitation: `accept` (with content),
 * `decline` or `cancel`.
 *
 * @category schemas
 * @since 0.2.0
 */
export const ElicitationAction = Schema.Literals(["accept", "decline", "cancel"])

/**
 * `"accept" | "decline" | "cancel"`.
 *
 * @category models
 * @since 0.2.0
 */
export type ElicitationAction = typeof ElicitationAction.Type

/**
 * How the model may pick tools for one request (Gemini CLI's `toolConfig.mode`):
 * `AUTO` as it likes, `ANY` it must call one, `NONE` it may call none.
 *
 * @category schemas
 * @since 0.5.0
 */
export const ToolSelectionMode = Schema.Literals(["AUTO", "ANY", "NONE"])

/**
 * `"AUTO" | "ANY" | "NONE"`.
 *
 * @category models
 * @since 0.5.0
 */
export type ToolSelectionMode = typeof ToolSelectionMode.Type

/**
 * Schema of every effect. The JSON form is exactly the object: `_tag` plus the fields.
 *
 * **When to use**
 *
 * Decode effects that arrive from another program (for example the output of
 * `wave-hooks decide`), or match over effects exhaustively with `HookEffect.match`.
 *
 * **Example** (Matching an effect)
 *
 * ```ts
 * HookEffect.match(BlockTool({ reason: "no" }), {
 *   BlockTool: (e) => e.reason,
 *   // ... one handler per tag
 * })
 * ```
 *
 * @category schemas
 * @since 0.1.0
 */
export const HookEffect = Schema.TaggedUnion({
  AllowTool: {},
  AskPermission: { reason: Schema.optionalKey(Schema.String) },
  BlockTool: { reason: Schema.String },
  UpdateInput: { input: Schema.Record(Schema.String, Schema.Unknown) },
  UpdateToolOutput: { output: Schema.Unknown },
  InjectContext: { text: Schema.String },
  PromptModel: { text: Schema.String },
  BlockPrompt: { reason: Schema.String, suppressOriginalPrompt: Schema.optionalKey(Schema.Literal(true)) },
  BlockStop: { reason: Schema.String },
  BlockCompaction: { reason: Schema.String },
  BlockAction: { reason: Schema.String },
  DeferTool: { reason: Schema.optionalKey(Schema.String) },
  AllowRetry: {},
  UpdatePermissions: { updates: Schema.Array(Schema.Unknown) },
  ReplaceDisplay: { text: Schema.String },
  AnswerElicitation: {
    action: ElicitationAction,
    content: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown))
  },
  SetWorktreePath: { path: Schema.String },
  SetSessionTitle: { title: Schema.String },
  SendUserMessage: { text: Schema.String },
  WatchPaths: { paths: Schema.Array(Schema.String) },
  ChainToolCall: { name: Schema.String, args: Schema.Record(Schema.String, Schema.Unknown) },
  ClearContext: {},
  SetEnv: { variables: Schema.Record(Schema.String, Schema.String) },
  ReplaceSubagentResponse: { text: Schema.String },
  ReplacePrompt: { text: Schema.String },
  BlockModelRequest: { reason: Schema.String },
  UpdateModelRequest: { request: Schema.Record(Schema.String, Schema.Unknown) },
  SyntheticModelResponse: { response: Schema.Record(Schema.String, Schema.Unknown) },
  UpdateModelResponse: { response: Schema.Record(Schema.String, Schema.Unknown) },
  RestrictTools: { mode: ToolSelectionMode, allowedFunctionNames: Schema.optionalKey(Schema.Array(Schema.String)) },
  StopAgent: { reason: Schema.optionalKey(Schema.String) },
  ShowUser: { level: ShowUserLevel, text: Schema.String },
  Diagnostic: { code: DiagnosticCode, message: Schema.String }
})

/**
 * One declarative effect of a hook run.
 *
 * @category models
 * @since 0.1.0
 */
export type HookEffect = typeof HookEffect.Type

/**
 * The `_tag` of an effect, such as `"BlockTool"`.
 *
 * @category models
 * @since 0.1.0
 */
export type HookEffectTag = HookEffect["_tag"]

/**
 * The effect with tag `T`.
 *
 * @category models
 * @since 0.1.0
 */
export type EffectOf<T extends HookEffectTag> = Extract<HookEffect, { readonly _tag: T }>

/**
 * Every effect tag, in the order of ARCHITECTURE section 3 (the order of the
 * union's cases, read from the schema so that it cannot drift).
 *
 * @category constants
 * @since 0.1.0
 */
export const hookEffectTags: ReadonlyArray<HookEffectTag> = Object.keys(HookEffect.cases) as Array<HookEffectTag>

// ====== Constructors ======
// Plain object builders typed by the schema. They do not re-validate (the
// decision core builds millions of effects a second); `HookEffect` decodes
// untrusted ones.

type Fields<T extends HookEffectTag> = Omit<EffectOf<T>, "_tag">

/**
 * The tool runs without asking the user.
 *
 * @category constructors
 * @since 0.1.0
 */
export const AllowTool = (): EffectOf<"AllowTool"> => ({ _tag: "AllowTool" })

/**
 * The user must confirm the tool call; an empty or absent reason is omitted.
 *
 * **Example** (With and without a reason)
 *
 * ```ts
 * AskPermission({ reason: "writes to /etc" }) // => { _tag: "AskPermission", reason: "writes to /etc" }
 * AskPermission({ reason: "" })               // => { _tag: "AskPermission" }
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const AskPermission = (fields: { readonly reason?: string | undefined } = {}): EffectOf<"AskPermission"> =>
  fields.reason ? { _tag: "AskPermission", reason: fields.reason } : { _tag: "AskPermission" }

/**
 * The tool call is not executed; the reason becomes the tool's error result (model).
 *
 * @category constructors
 * @since 0.1.0
 */
export const BlockTool = (fields: Fields<"BlockTool">): EffectOf<"BlockTool"> => ({
  _tag: "BlockTool",
  reason: fields.reason
})

/**
 * The tool runs with this input (whole replacement).
 *
 * @category constructors
 * @since 0.1.0
 */
export const UpdateInput = (fields: Fields<"UpdateInput">): EffectOf<"UpdateInput"> => ({
  _tag: "UpdateInput",
  input: fields.input
})

/**
 * The model sees this value instead of the tool's output.
 *
 * @category constructors
 * @since 0.1.0
 */
export const UpdateToolOutput = (fields: Fields<"UpdateToolOutput">): EffectOf<"UpdateToolOutput"> => ({
  _tag: "UpdateToolOutput",
  output: fields.output
})

/**
 * Text added to the model's context.
 *
 * @category constructors
 * @since 0.1.0
 */
export const InjectContext = (fields: Fields<"InjectContext">): EffectOf<"InjectContext"> => ({
  _tag: "InjectContext",
  text: fields.text
})

/**
 * Feedback the model is prompted with; it keeps going.
 *
 * @category constructors
 * @since 0.1.0
 */
export const PromptModel = (fields: Fields<"PromptModel">): EffectOf<"PromptModel"> => ({
  _tag: "PromptModel",
  text: fields.text
})

/**
 * The prompt (or a `/command` expansion) is erased from context and not
 * processed; the reason is for the user. `suppressOriginalPrompt` (kept only
 * when `true`) asks that the block message not quote the prompt.
 *
 * @category constructors
 * @since 0.1.0
 */
export const BlockPrompt = (fields: {
  readonly reason: string
  readonly suppressOriginalPrompt?: boolean | undefined
}): EffectOf<"BlockPrompt"> =>
  fields.suppressOriginalPrompt === true
    ? { _tag: "BlockPrompt", reason: fields.reason, suppressOriginalPrompt: true }
    : { _tag: "BlockPrompt", reason: fields.reason }

/**
 * The agent does not stop; it must process the reason (model).
 *
 * @category constructors
 * @since 0.1.0
 */
export const BlockStop = (fields: Fields<"BlockStop">): EffectOf<"BlockStop"> => ({
  _tag: "BlockStop",
  reason: fields.reason
})

/**
 * Compaction does not happen; the reason is for the user.
 *
 * @category constructors
 * @since 0.1.0
 */
export const BlockCompaction = (fields: Fields<"BlockCompaction">): EffectOf<"BlockCompaction"> => ({
  _tag: "BlockCompaction",
  reason: fields.reason
})

/**
 * The action the event announces does not happen (a settings change, a model
 * switch, a worktree creation or removal); the reason is for the user.
 *
 * @category constructors
 * @since 0.2.0
 */
export const BlockAction = (fields: Fields<"BlockAction">): EffectOf<"BlockAction"> => ({
  _tag: "BlockAction",
  reason: fields.reason
})

/**
 * The tool call is neither run nor refused now: the agent pauses it for its
 * host (PreToolUse `defer`); an empty or absent reason is omitted.
 *
 * @category constructors
 * @since 0.2.0
 */
export const DeferTool = (fields: { readonly reason?: string | undefined } = {}): EffectOf<"DeferTool"> =>
  fields.reason ? { _tag: "DeferTool", reason: fields.reason } : { _tag: "DeferTool" }

/**
 * The model is told it may retry a denied tool call; the denial stands
 * (PermissionDenied `retry: true`).
 *
 * @category constructors
 * @since 0.2.0
 */
export const AllowRetry = (): EffectOf<"AllowRetry"> => ({ _tag: "AllowRetry" })

/**
 * Permission-rule updates to apply with an allow, carried as data
 * (PermissionRequest `updatedPermissions`).
 *
 * @category constructors
 * @since 0.2.0
 */
export const UpdatePermissions = (fields: Fields<"UpdatePermissions">): EffectOf<"UpdatePermissions"> => ({
  _tag: "UpdatePermissions",
  updates: fields.updates
})

/**
 * The screen shows this text instead of the assistant's message; the
 * transcript and the model keep the original (MessageDisplay).
 *
 * @category constructors
 * @since 0.2.0
 */
export const ReplaceDisplay = (fields: Fields<"ReplaceDisplay">): EffectOf<"ReplaceDisplay"> => ({
  _tag: "ReplaceDisplay",
  text: fields.text
})

/**
 * The answer given to an MCP server's elicitation; `content` is kept only with
 * `accept`.
 *
 * @category constructors
 * @since 0.2.0
 */
export const AnswerElicitation = (fields: {
  readonly action: ElicitationAction
  readonly content?: { readonly [key: string]: unknown } | undefined
}): EffectOf<"AnswerElicitation"> =>
  fields.action === "accept" && fields.content !== undefined
    ? { _tag: "AnswerElicitation", action: "accept", content: fields.content }
    : { _tag: "AnswerElicitation", action: fields.action }

/**
 * The worktree a WorktreeCreate hook made, for the agent to use.
 *
 * @category constructors
 * @since 0.2.0
 */
export const SetWorktreePath = (fields: Fields<"SetWorktreePath">): EffectOf<"SetWorktreePath"> => ({
  _tag: "SetWorktreePath",
  path: fields.path
})

/**
 * The session's title.
 *
 * @category constructors
 * @since 0.2.0
 */
export const SetSessionTitle = (fields: Fields<"SetSessionTitle">): EffectOf<"SetSessionTitle"> => ({
  _tag: "SetSessionTitle",
  title: fields.title
})

/**
 * Sent as the first user message of a non-interactive run (SessionStart
 * `initialUserMessage`).
 *
 * @category constructors
 * @since 0.2.0
 */
export const SendUserMessage = (fields: Fields<"SendUserMessage">): EffectOf<"SendUserMessage"> => ({
  _tag: "SendUserMessage",
  text: fields.text
})

/**
 * The files the agent watches for FileChanged (replaces the dynamic list).
 *
 * @category constructors
 * @since 0.2.0
 */
export const WatchPaths = (fields: Fields<"WatchPaths">): EffectOf<"WatchPaths"> => ({
  _tag: "WatchPaths",
  paths: fields.paths
})

/**
 * The agent calls this tool next, and its result stands in for the result of
 * the call that just ran (Gemini CLI's AfterTool `tailToolCallRequest`).
 *
 * **Example** (Reading the file the last call wrote)
 *
 * ```ts
 * ChainToolCall({ name: "read_file", args: { path: "out.txt" } })
 * ```
 *
 * @category constructors
 * @since 0.5.0
 */
export const ChainToolCall = (fields: Fields<"ChainToolCall">): EffectOf<"ChainToolCall"> => ({
  _tag: "ChainToolCall",
  name: fields.name,
  args: fields.args
})

/**
 * The model's conversation history is cleared; what the user sees stays
 * (Gemini CLI's AfterAgent `clearContext`).
 *
 * @category constructors
 * @since 0.5.0
 */
export const ClearContext = (): EffectOf<"ClearContext"> => ({ _tag: "ClearContext" })

/**
 * Environment variables for the session's later hooks (Cursor's sessionStart
 * `env`); a later effect's value of a name wins.
 *
 * @category constructors
 * @since 0.5.0
 */
export const SetEnv = (fields: Fields<"SetEnv">): EffectOf<"SetEnv"> => ({
  _tag: "SetEnv",
  variables: fields.variables
})

/**
 * The parent agent reads this text instead of the subagent's final answer
 * (Copilot's subagentStop `modifiedResponse`).
 *
 * @category constructors
 * @since 0.5.0
 */
export const ReplaceSubagentResponse = (
  fields: Fields<"ReplaceSubagentResponse">
): EffectOf<"ReplaceSubagentResponse"> => ({
  _tag: "ReplaceSubagentResponse",
  text: fields.text
})

/**
 * The model reads this text instead of the prompt as the agent built it; the
 * prompt the user sees stays (Copilot's userPromptTransformed
 * `modifiedTransformedPrompt`).
 *
 * @category constructors
 * @since 0.5.0
 */
export const ReplacePrompt = (fields: Fields<"ReplacePrompt">): EffectOf<"ReplacePrompt"> => ({
  _tag: "ReplacePrompt",
  text: fields.text
})

/**
 * The model request does not go out and the turn ends; the reason is for the
 * user (Gemini CLI's BeforeModel or AfterModel deny).
 *
 * @category constructors
 * @since 0.5.0
 */
export const BlockModelRequest = (fields: Fields<"BlockModelRequest">): EffectOf<"BlockModelRequest"> => ({
  _tag: "BlockModelRequest",
  reason: fields.reason
})

/**
 * Fields of the model request replaced before it goes out: `model`, `config`,
 * `messages` (Gemini CLI's BeforeModel `llm_request`, in its request shape).
 *
 * @category constructors
 * @since 0.5.0
 */
export const UpdateModelRequest = (fields: Fields<"UpdateModelRequest">): EffectOf<"UpdateModelRequest"> => ({
  _tag: "UpdateModelRequest",
  request: fields.request
})

/**
 * The model's answer for a request that did not go out (Gemini CLI's
 * BeforeModel deny with `llm_response`, in its response shape).
 *
 * @category constructors
 * @since 0.5.0
 */
export const SyntheticModelResponse = (
  fields: Fields<"SyntheticModelResponse">
): EffectOf<"SyntheticModelResponse"> => ({
  _tag: "SyntheticModelResponse",
  response: fields.response
})

/**
 * The model's answer (a streamed chunk) replaced before the agent reads it
 * (Gemini CLI's AfterModel `llm_response`, in its response shape).
 *
 * @category constructors
 * @since 0.5.0
 */
export const UpdateModelResponse = (fields: Fields<"UpdateModelResponse">): EffectOf<"UpdateModelResponse"> => ({
  _tag: "UpdateModelResponse",
  response: fields.response
})

/**
 * How the model may pick tools for this request, and which it may call
 * (Gemini CLI's BeforeToolSelection `toolConfig`); without
 * `allowedFunctionNames` every offered tool stays.
 *
 * **Example** (Read-only tools)
 *
 * ```ts
 * RestrictTools({ mode: "ANY", allowedFunctionNames: ["read_file", "glob"] })
 * ```
 *
 * @category constructors
 * @since 0.5.0
 */
export const RestrictTools = (fields: {
  readonly mode: ToolSelectionMode
  readonly allowedFunctionNames?: ReadonlyArray<string> | undefined
}): EffectOf<"RestrictTools"> =>
  fields.allowedFunctionNames === undefined
    ? { _tag: "RestrictTools", mode: fields.mode }
    : { _tag: "RestrictTools", mode: fields.mode, allowedFunctionNames: fields.allowedFunctionNames }

/**
 * All processing halts (`continue: false`); an empty or absent reason is omitted.
 *
 * @category constructors
 * @since 0.1.0
 */
export const StopAgent = (fields: { readonly reason?: string | undefined } = {}): EffectOf<"StopAgent"> =>
  fields.reason ? { _tag: "StopAgent", reason: fields.reason } : { _tag: "StopAgent" }

/**
 * A message for the user only.
 *
 * @category constructors
 * @since 0.1.0
 */
export const ShowUser = (fields: Fields<"ShowUser">): EffectOf<"ShowUser"> => ({
  _tag: "ShowUser",
  level: fields.level,
  text: fields.text
})

/**
 * A note for the hook's author (logs, `explain`); never shown to the model.
 *
 * @category constructors
 * @since 0.1.0
 */
export const Diagnostic = (fields: Fields<"Diagnostic">): EffectOf<"Diagnostic"> => ({
  _tag: "Diagnostic",
  code: fields.code,
  message: fields.message
})

/**
 * Decode an unknown value (for example parsed JSON) as a `HookEffect`.
 *
 * @category decoding
 * @since 0.1.0
 */
export const decodeHookEffect = Schema.decodeUnknownResult(HookEffect)
