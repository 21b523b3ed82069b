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
  BlockPrompt: { reason: Schema.String },
  BlockStop: { reason: Schema.String },
  BlockCompaction: { reason: Schema.String },
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
export const BlockTool = (fields: Fields<"BlockTool">): EffectOf<"BlockTool"> => ({ _tag: "BlockTool", reason: fields.reason })

/**
 * The tool runs with this input (whole replacement).
 *
 * @category constructors
 * @since 0.1.0
 */
export const UpdateInput = (fields: Fields<"UpdateInput">): EffectOf<"UpdateInput"> => ({ _tag: "UpdateInput", input: fields.input })

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
export const InjectContext = (fields: Fields<"InjectContext">): EffectOf<"InjectContext"> => ({ _tag: "InjectContext", text: fields.text })

/**
 * Feedback the model is prompted with; it keeps going.
 *
 * @category constructors
 * @since 0.1.0
 */
export const PromptModel = (fields: Fields<"PromptModel">): EffectOf<"PromptModel"> => ({ _tag: "PromptModel", text: fields.text })

/**
 * The prompt is erased from context and not processed; the reason is for the user.
 *
 * @category constructors
 * @since 0.1.0
 */
export const BlockPrompt = (fields: Fields<"BlockPrompt">): EffectOf<"BlockPrompt"> => ({ _tag: "BlockPrompt", reason: fields.reason })

/**
 * The agent does not stop; it must process the reason (model).
 *
 * @category constructors
 * @since 0.1.0
 */
export const BlockStop = (fields: Fields<"BlockStop">): EffectOf<"BlockStop"> => ({ _tag: "BlockStop", reason: fields.reason })

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
export const ShowUser = (fields: Fields<"ShowUser">): EffectOf<"ShowUser"> => ({ _tag: "ShowUser", level: fields.level, text: fields.text })

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
