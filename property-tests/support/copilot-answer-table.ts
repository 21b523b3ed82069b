/**
 * The oracle for the dialects whose answers are GitHub Copilot CLI's (`vocabulary: "copilot"`), written from
 * ARCHITECTURE 5.3.4 and Copilot's hooks reference as research agent-dialects.md 5.2-5.5 records it, not from
 * `decide`, `copilotRun` or `translateCopilotAnswer`: Copilot's events (camelCase, and Claude Code's PascalCase
 * names as another spelling), the events that only observe, the fields each camelCase event reads, what a
 * well-typed answer decides, and the exit-code rows.
 *
 * Copilot's reading (research 5.3): stdout on exit 0 only; lines that are one JSON object with `"type": "progress"`
 * are removed and the rest is one `JSON.parse` (two objects: no answer, reported as malformed). Exit 2 denies on
 * preToolUse and permissionRequest, is guidance (stdout as context) on postToolUseFailure, and a warning elsewhere.
 * Another exit code, or a crash, on preToolUse denies ("Denied by preToolUse hook (hook errored)"); elsewhere it
 * fails open. A timeout never blocks. PascalCase events answer in Claude Code's vocabulary.
 */
import type { DecideOptions, HookEffectTag, HookEvent } from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"

/** One of Copilot's events: its name, the internal event, its payload's case, whether its hooks only observe. */
export interface CopilotRow {
  readonly name: string
  readonly event: HookEvent
  /** `true`: a camelCase name (Copilot's vocabulary); `false`: Claude Code's PascalCase name (Claude Code's). */
  readonly camel: boolean
  readonly observes: boolean
}

const row = (name: string, event: HookEvent, camel: boolean, observes = false): CopilotRow => ({
  name,
  event,
  camel,
  observes
})

/**
 * Copilot's events (research 5.2, 5.3.4 "Events"), the camelCase rows first (so the first row of an internal event
 * is its camelCase name): sessionEnd and errorOccurred only observe (5.4 "not processed").
 */
export const copilotRows: ReadonlyArray<CopilotRow> = [
  row("preToolUse", "PreToolUse", true),
  row("postToolUse", "PostToolUse", true),
  row("postToolUseFailure", "PostToolUseFailure", true),
  row("permissionRequest", "PermissionRequest", true),
  row("sessionStart", "SessionStart", true),
  row("sessionEnd", "SessionEnd", true, true),
  row("userPromptSubmitted", "UserPromptSubmit", true),
  row("userPromptTransformed", "PromptTransformed", true),
  row("agentStop", "Stop", true),
  row("subagentStart", "SubagentStart", true),
  row("subagentStop", "SubagentStop", true),
  row("errorOccurred", "StopFailure", true, true),
  row("preCompact", "PreCompact", true),
  row("notification", "Notification", true),
  row("PreToolUse", "PreToolUse", false),
  row("PostToolUse", "PostToolUse", false),
  row("PostToolUseFailure", "PostToolUseFailure", false),
  row("PermissionRequest", "PermissionRequest", false),
  row("SessionStart", "SessionStart", false),
  row("SessionEnd", "SessionEnd", false, true),
  row("UserPromptSubmit", "UserPromptSubmit", false),
  row("Stop", "Stop", false),
  row("SubagentStop", "SubagentStop", false),
  row("ErrorOccurred", "StopFailure", false, true),
  row("PreCompact", "PreCompact", false)
]

/** The camelCase rows. */
export const copilotCamelRows: ReadonlyArray<CopilotRow> = copilotRows.filter((r) => r.camel)

/** Copilot's rows of an internal event, its camelCase name first. */
export const copilotRowsOf = (event: HookEvent): ReadonlyArray<CopilotRow> =>
  copilotRows.filter((r) => r.event === event)

/** The row a run answers: the one `agentEvent` names, else the event's camelCase one. */
export const copilotRowOf = (event: HookEvent, agentEvent?: string): CopilotRow | undefined =>
  copilotRows.find((r) => r.event === event && r.name === agentEvent) ?? copilotRowsOf(event)[0]

/** Whether `dialect` answers in Copilot's vocabulary. */
export const isCopilotDialect = (dialect: DecideOptions["dialect"]): boolean =>
  dialectRules[dialect].vocabulary === "copilot"

/** The Copilot row a `decide` call reads its run as, `undefined` outside Copilot's vocabulary or events. */
export const copilotRowIn = (event: HookEvent, policy: DecideOptions): CopilotRow | undefined =>
  isCopilotDialect(policy.dialect) ? copilotRowOf(event, policy.agentEvent) : undefined

/** Whether the run answers a camelCase row (Copilot's top-level fields, not Claude Code's). */
export const speaksCopilotIn = (event: HookEvent, policy: DecideOptions): boolean =>
  copilotRowIn(event, policy)?.camel === true

// ====== The fields ======

/** A field of Copilot's answers. */
export type CopilotField =
  | "permissionDecision"
  | "permissionDecisionReason"
  | "modifiedArgs"
  | "modifiedResult"
  | "additionalContext"
  | "behavior"
  | "message"
  | "interrupt"
  | "decision"
  | "reason"
  | "modifiedResponse"
  | "modifiedTransformedPrompt"

/** Every field of Copilot's answers. */
export const copilotFields: ReadonlyArray<CopilotField> = [
  "permissionDecision",
  "permissionDecisionReason",
  "modifiedArgs",
  "modifiedResult",
  "additionalContext",
  "behavior",
  "message",
  "interrupt",
  "decision",
  "reason",
  "modifiedResponse",
  "modifiedTransformedPrompt"
]

/**
 * The fields each camelCase row reads (research 5.4, 5.3.4 "Reading the answer"); any other is discarded. The
 * command hooks' answer on userPromptSubmitted is dropped (SDK hooks only), subagentStop also reads
 * `modifiedResponse` and userPromptTransformed `modifiedTransformedPrompt` (5.3.4, since 0.5.0), and sessionEnd,
 * errorOccurred, preCompact and notification read nothing.
 */
export const copilotReads = (rowName: string): ReadonlySet<CopilotField> => {
  switch (rowName) {
    case "preToolUse":
      return new Set(["permissionDecision", "permissionDecisionReason", "modifiedArgs"])
    case "postToolUse":
      return new Set(["modifiedResult", "additionalContext"])
    case "permissionRequest":
      return new Set(["behavior", "message", "interrupt"])
    case "agentStop":
      return new Set(["decision", "reason"])
    case "subagentStop":
      return new Set(["decision", "reason", "modifiedResponse"])
    case "userPromptTransformed":
      return new Set(["modifiedTransformedPrompt"])
    case "sessionStart":
    case "subagentStart":
    case "postToolUseFailure":
      return new Set(["additionalContext"])
    default:
      return new Set()
  }
}

/** An effect the oracle expects: its tag, and its text where the reference fixes it (`undefined`: any text). */
export interface ExpectedEffect {
  readonly _tag: HookEffectTag
  readonly text: string | undefined
}

type Json = { readonly [key: string]: unknown }

const textOf = (answer: Json, field: CopilotField): string | undefined => {
  const value = answer[field]
  return typeof value === "string" && value.length > 0 ? value : undefined
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * What a well-typed answer decides on a camelCase row that does not only observe, at exit 0, Diagnostics aside
 * (research 5.4, 5.6): preToolUse `permissionDecision` deny blocks with `permissionDecisionReason` (else any text),
 * ask asks, allow approves, `modifiedArgs` replaces the input (not with a deny); postToolUse
 * `modifiedResult.textResultForLlm` replaces the result, `additionalContext` is context; permissionRequest `behavior`
 * allow approves, deny blocks with `message` (and stops the agent with `interrupt: true`); agentStop and subagentStop
 * `decision: "block"` with a `reason` sends the agent back with it; sessionStart, subagentStart and postToolUseFailure
 * `additionalContext` is context.
 */
// long: one rule per field of Copilot's answer, in the order research 5.4 lists them
export const copilotDecides = (rowName: string, answer: Json): ReadonlyArray<ExpectedEffect> => {
  const reads = copilotReads(rowName)
  const effects: Array<ExpectedEffect> = []
  const value = (field: CopilotField): unknown => (reads.has(field) ? answer[field] : undefined)
  const permission = value("permissionDecision")
  if (permission === "deny") effects.push({ _tag: "BlockTool", text: textOf(answer, "permissionDecisionReason") })
  else if (permission === "ask") effects.push({ _tag: "AskPermission", text: undefined })
  else if (permission === "allow") effects.push({ _tag: "AllowTool", text: undefined })
  if (isObject(value("modifiedArgs")) && permission !== "deny") effects.push({ _tag: "UpdateInput", text: undefined })
  const result = value("modifiedResult")
  if (isObject(result) && typeof result["textResultForLlm"] === "string")
    effects.push({ _tag: "UpdateToolOutput", text: undefined })
  const context = reads.has("additionalContext") ? textOf(answer, "additionalContext") : undefined
  if (context !== undefined) effects.push({ _tag: "InjectContext", text: context })
  const behavior = value("behavior")
  if (behavior === "allow") effects.push({ _tag: "AllowTool", text: undefined })
  else if (behavior === "deny") {
    effects.push({ _tag: "BlockTool", text: textOf(answer, "message") })
    if (answer["interrupt"] === true) effects.push({ _tag: "StopAgent", text: undefined })
  }
  // A block needs a reason (the agent is told to act on it): without one it is ignored, as the engine's (5.1).
  const reason = textOf(answer, "reason")
  if (value("decision") === "block" && reason !== undefined) effects.push({ _tag: "BlockStop", text: reason })
  // subagentStop's modifiedResponse is the parent's reading of the subagent's answer; a block in the answer wins.
  const response = value("modifiedResponse")
  if (typeof response === "string" && value("decision") !== "block")
    effects.push({ _tag: "ReplaceSubagentResponse", text: response })
  // userPromptTransformed's modifiedTransformedPrompt is what the model reads.
  const prompt = value("modifiedTransformedPrompt")
  if (typeof prompt === "string") effects.push({ _tag: "ReplacePrompt", text: prompt })
  return effects
}

// ====== The exit codes ======

/** The events whose exit 2 denies (research 5.3: preToolUse, permissionRequest). */
export const exit2DeniesOn: ReadonlySet<HookEvent> = new Set<HookEvent>(["PreToolUse", "PermissionRequest"])

/** The events whose exit 2 gives stdout as guidance (research 5.3: postToolUseFailure, the newest page). */
export const exit2GuidesOn: ReadonlySet<HookEvent> = new Set<HookEvent>(["PostToolUseFailure"])

/** The events whose hooks deny when they crash or exit with another code (research 5.3: preToolUse). */
export const crashDeniesOn: ReadonlySet<HookEvent> = new Set<HookEvent>(["PreToolUse"])

/** The text of a crashed preToolUse hook's deny starts so (research 5.3). */
export const crashDenyPrefix = "Denied by preToolUse hook (hook errored)"

/** The tags that block something (a tool call, a prompt, a stop, an action, the agent). */
export const blockingTags: ReadonlySet<HookEffectTag> = new Set<HookEffectTag>([
  "BlockTool",
  "BlockPrompt",
  "BlockStop",
  "BlockCompaction",
  "BlockAction",
  "StopAgent",
  "AskPermission",
  "DeferTool",
  "PromptModel"
])

/** Whether the run's Copilot row only observes (sessionEnd, errorOccurred, in either spelling). */
export const copilotObservesIn = (event: HookEvent, policy: DecideOptions): boolean =>
  copilotRowIn(event, policy)?.observes === true

/**
 * Copilot's reading of stdout (research 5.3): the lines that are one JSON object with `"type": "progress"` removed,
 * the rest trimmed. Written from the reference, not from `copilotStdout`.
 */
export const withoutProgressLines = (stdout: string): string =>
  stdout
    .split("\n")
    .filter((line) => {
      try {
        const value: unknown = JSON.parse(line)
        return !(isObject(value) && value["type"] === "progress")
      } catch {
        return true
      }
    })
    .join("\n")
    .trim()
