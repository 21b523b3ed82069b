/**
 * The oracle for the dialects whose answers are Cursor's (`vocabulary: "cursor"`), written from ARCHITECTURE 5.3.3
 * and Cursor's hooks documentation as research agent-dialects.md 4.2-4.5 records it, not from `decide` or
 * `translateCursorAnswer`: Cursor's events and the internal events they fire, the events that only observe, the
 * fields each event reads, and what a well-typed answer decides.
 *
 * Cursor's reading (5.3.3): JSON only on exit 0; exit 2 takes the event's blocking row with stderr ("= permission
 * deny"); another exit, a timeout or a crash fails open unless the hook is `failClosed` (`onFailure: "block"`).
 * `permission` (allow, deny, ask) on the before-events and subagentStart: deny blocks with `agent_message` for the
 * model and `user_message` shown (the reason when there is no `agent_message`), ask asks with `user_message`,
 * allow approves; subagentStart's deny and ask refuse the subagent (`BlockAction`). `updated_input` (preToolUse),
 * `additional_context` (postToolUse, sessionStart), `updated_mcp_tool_output` (postToolUse, `MCP:<tool>` tools),
 * `followup_message` (stop, subagentStop), `continue: false` on beforeSubmitPrompt (the prompt is refused with
 * `user_message`), preCompact's `user_message` (shown). The after-events, postToolUseFailure, sessionEnd and
 * afterAgentResponse/Thought only observe. Any other field is discarded with a `discarded-field` Diagnostic.
 */
import type { DecideOptions, HookEffectTag, HookEvent } from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"

/** One of Cursor's events: its name, the internal event it fires, whether its hooks only observe. */
export interface CursorRow {
  readonly name: string
  readonly event: HookEvent
  readonly observes: boolean
}

const row = (name: string, event: HookEvent, observes = false): CursorRow => ({ name, event, observes })

/** Cursor's events (5.3.3 "Events", research 4.2), the first row of an internal event being its own name. */
export const cursorRows: ReadonlyArray<CursorRow> = [
  row("preToolUse", "PreToolUse"),
  row("beforeShellExecution", "PreToolUse"),
  row("beforeMCPExecution", "PreToolUse"),
  row("beforeReadFile", "PreToolUse"),
  row("beforeTabFileRead", "PreToolUse"),
  row("postToolUse", "PostToolUse"),
  row("afterShellExecution", "PostToolUse", true),
  row("afterMCPExecution", "PostToolUse", true),
  row("afterFileEdit", "PostToolUse", true),
  row("afterTabFileEdit", "PostToolUse", true),
  row("postToolUseFailure", "PostToolUseFailure", true),
  row("beforeSubmitPrompt", "UserPromptSubmit"),
  row("stop", "Stop"),
  row("subagentStart", "SubagentStart"),
  row("subagentStop", "SubagentStop"),
  row("sessionStart", "SessionStart"),
  row("sessionEnd", "SessionEnd", true),
  row("preCompact", "PreCompact"),
  row("afterAgentResponse", "MessageDisplay", true),
  row("afterAgentThought", "MessageDisplay", true)
]

/** The internal events Cursor fires. */
export const cursorEvents: ReadonlyArray<HookEvent> = [...new Set(cursorRows.map((r) => r.event))]

/** Cursor's rows of an internal event, its own name first. */
export const cursorRowsOf = (event: HookEvent): ReadonlyArray<CursorRow> => cursorRows.filter((r) => r.event === event)

/** The row a run answers: the one `agentEvent` names, else the event's own (`DecideOptions.agentEvent` absent). */
export const cursorRowOf = (event: HookEvent, agentEvent?: string): CursorRow | undefined =>
  cursorRows.find((r) => r.event === event && r.name === agentEvent) ?? cursorRowsOf(event)[0]

/** Whether `dialect` answers in Cursor's vocabulary. */
export const isCursorDialect = (dialect: DecideOptions["dialect"]): boolean =>
  dialectRules[dialect].vocabulary === "cursor"

/** The Cursor row a `decide` call reads its run as, `undefined` outside Cursor's vocabulary or events. */
export const cursorRowIn = (event: HookEvent, policy: DecideOptions): CursorRow | undefined =>
  isCursorDialect(policy.dialect) ? cursorRowOf(event, policy.agentEvent) : undefined

/** Whether the run's row only observes (its answer is discarded, its exit codes block nothing). */
export const observesIn = (event: HookEvent, policy: DecideOptions): boolean =>
  cursorRowIn(event, policy)?.observes === true

// ====== The fields ======

/** A field of Cursor's answers, by its documented snake_case name. */
export type CursorField =
  | "permission"
  | "agent_message"
  | "user_message"
  | "updated_input"
  | "additional_context"
  | "updated_mcp_tool_output"
  | "followup_message"
  | "continue"
  | "env"

/**
 * The spellings of each field, the documented one first. 5.3.3 and research 4.4: the first hooks page's camelCase
 * `agentMessage` and `userMessage` are read too. The engine also reads the camelCase of four more fields, which
 * neither document names (reported with the laws); they are listed so that the oracle reads an answer as the engine's
 * reading is documented to be, and the routing oracle routes their texts as the snake_case ones.
 */
export const cursorSpellings: { readonly [F in CursorField]: ReadonlyArray<string> } = {
  permission: ["permission"],
  agent_message: ["agent_message", "agentMessage"],
  user_message: ["user_message", "userMessage"],
  updated_input: ["updated_input", "updatedInput"],
  additional_context: ["additional_context", "additionalContext"],
  updated_mcp_tool_output: ["updated_mcp_tool_output", "updatedMcpToolOutput"],
  followup_message: ["followup_message", "followupMessage"],
  continue: ["continue"],
  env: ["env"]
}

/** The spellings 5.3.3 documents (the messages' camelCase); the rest are the engine's own. */
export const documentedCamelCase: { readonly [snake: string]: string } = {
  agent_message: "agentMessage",
  user_message: "userMessage"
}

/** The field a key spells, `undefined` for a key that is none of Cursor's. */
export const cursorFieldOf = (key: string): CursorField | undefined =>
  (Object.keys(cursorSpellings) as ReadonlyArray<CursorField>).find((field) => cursorSpellings[field].includes(key))

/** The rows that read `permission` (research 4.4: the before-events and subagentStart). */
export const permissionRows: ReadonlySet<string> = new Set([
  "preToolUse",
  "beforeShellExecution",
  "beforeMCPExecution",
  "beforeReadFile",
  "beforeTabFileRead",
  "subagentStart"
])

/** Where Cursor refuses an action that is not a tool call: subagentStart's deny and ask ("ask counts as deny"). */
export const actionRefusingRows: ReadonlySet<string> = new Set(["subagentStart"])

/** Where Cursor accepts `ask` and does not enforce it (research 4.4 preToolUse): wave-hooks enforces it and says so. */
export const askNotEnforcedRows: ReadonlySet<string> = new Set(["preToolUse"])

/** The fields each row reads (research 4.4, 5.3.3); a field a row does not read is discarded. */
export const cursorReads = (rowName: string): ReadonlySet<CursorField> => {
  const reads = new Set<CursorField>()
  if (permissionRows.has(rowName)) reads.add("permission").add("agent_message").add("user_message")
  if (rowName === "preToolUse") reads.add("updated_input")
  if (rowName === "postToolUse") reads.add("additional_context").add("updated_mcp_tool_output")
  if (rowName === "sessionStart") reads.add("additional_context").add("env")
  if (rowName === "stop" || rowName === "subagentStop") reads.add("followup_message")
  if (rowName === "beforeSubmitPrompt") reads.add("continue").add("user_message")
  if (rowName === "preCompact") reads.add("user_message")
  return reads
}

// ====== What an answer decides ======

/** An effect the oracle expects: its tag, and its text where the documentation fixes it (`undefined`: any text). */
export interface ExpectedEffect {
  readonly _tag: HookEffectTag
  readonly text: string | undefined
}

type Json = { readonly [key: string]: unknown }

/** The field's key and value in `answer`: the first of its spellings present. */
export const cursorFieldIn = (
  answer: Json,
  field: CursorField
): { readonly key: string; readonly value: unknown } | undefined => {
  const key = cursorSpellings[field].find((k) => Object.hasOwn(answer, k))
  return key === undefined ? undefined : { key, value: answer[key] }
}

/** A message's text: a non-empty string (an empty message is no message, as an empty reason is, 4.5). */
const textIn = (answer: Json, field: CursorField): string | undefined => {
  const value = cursorFieldIn(answer, field)?.value
  return typeof value === "string" && value.length > 0 ? value : undefined
}

/** What a well-typed answer decides on a row that reads it, and which message fields it uses. */
export interface CursorDecision {
  /** The effects other than Diagnostics, as a multiset. */
  readonly effects: ReadonlyArray<ExpectedEffect>
  /** The Diagnostic codes the answer must give besides `discarded-field` (`stricter-than-agent`). */
  readonly codes: ReadonlyArray<string>
  /** The message fields whose text one of `effects` carries. */
  readonly used: ReadonlySet<CursorField>
}

/**
 * What a well-typed answer (messages strings, `updated_input` an object, `permission` one of Cursor's three) decides
 * on a row that does not only observe, at exit 0 (5.3.3 "Reading the answer", research 4.4, 4.5). `toolName` is the
 * payload's tool (`MCP:<tool>` tools' results can be replaced). The model's text is never the user's: an ask without
 * `user_message` asks without a question, and subagentStart's refusal gives the engine's reason.
 */
// long: one rule per field of Cursor's answer, in the order 5.3.3 lists them
export const cursorDecides = (rowName: string, answer: Json, toolName?: string): CursorDecision => {
  const reads = cursorReads(rowName)
  const effects: Array<ExpectedEffect> = []
  const codes: Array<string> = []
  const used = new Set<CursorField>()
  const agent = reads.has("agent_message") ? textIn(answer, "agent_message") : undefined
  const user = reads.has("user_message") ? textIn(answer, "user_message") : undefined
  const uses = (field: CursorField, text: string | undefined): string | undefined => {
    if (text !== undefined) used.add(field)
    return text
  }
  const permission = reads.has("permission") ? cursorFieldIn(answer, "permission")?.value : undefined
  if (permission === "deny" || permission === "ask" || permission === "allow") {
    if (actionRefusingRows.has(rowName)) {
      // "subagent not spawned": ask counts as deny.
      // Its reason is the engine's: subagentStart has no message for the model (research 4.4), and the user reads it.
      if (permission !== "allow") effects.push({ _tag: "BlockAction", text: undefined })
    } else if (permission === "deny") {
      // agent_message for the model; user_message is the reason when there is none, else shown.
      effects.push({ _tag: "BlockTool", text: uses("agent_message", agent) ?? uses("user_message", user) })
    } else if (permission === "ask") {
      // The question is the user's text; the model's text is never shown to the user.
      effects.push({ _tag: "AskPermission", text: uses("user_message", user) })
      if (askNotEnforcedRows.has(rowName)) codes.push("stricter-than-agent")
    } else effects.push({ _tag: "AllowTool", text: undefined })
  }
  const input = reads.has("updated_input") ? cursorFieldIn(answer, "updated_input")?.value : undefined
  if (typeof input === "object" && input !== null && !Array.isArray(input) && permission !== "deny")
    effects.push({ _tag: "UpdateInput", text: undefined })
  const context = reads.has("additional_context") ? textIn(answer, "additional_context") : undefined
  if (context !== undefined) effects.push({ _tag: "InjectContext", text: uses("additional_context", context) })
  const output = reads.has("updated_mcp_tool_output") ? cursorFieldIn(answer, "updated_mcp_tool_output") : undefined
  if (output !== undefined && output.value !== null && toolName?.startsWith("MCP:") === true)
    effects.push({ _tag: "UpdateToolOutput", text: undefined })
  const followup = reads.has("followup_message") ? textIn(answer, "followup_message") : undefined
  if (followup !== undefined) effects.push({ _tag: "BlockStop", text: uses("followup_message", followup) })
  if (reads.has("continue") && cursorFieldIn(answer, "continue")?.value === false)
    effects.push({ _tag: "BlockPrompt", text: uses("user_message", user) })
  // sessionStart's env: the variables whose names an environment holds and whose values are strings (5.3.3).
  const env = reads.has("env") ? cursorFieldIn(answer, "env")?.value : undefined
  if (
    typeof env === "object" &&
    env !== null &&
    !Array.isArray(env) &&
    Object.entries(env).some(([name, value]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && typeof value === "string")
  )
    effects.push({ _tag: "SetEnv", text: undefined })
  // user_message not used as a reason or a question is shown, where the row shows it.
  if (user !== undefined && !used.has("user_message"))
    effects.push({ _tag: "ShowUser", text: uses("user_message", user) })
  return { effects, codes, used }
}

/**
 * The tag of the blocking row (exit 2, or a failed run of a `failClosed` hook) of a Cursor row that decides: a
 * before-event's deny blocks the tool, subagentStart's refuses the subagent, beforeSubmitPrompt's the prompt; stop
 * and subagentStop send the agent back; postToolUse gives stderr to the model (5.3.3: "exit 2 takes the blocking row
 * with stderr"; 5.2 for the rest). `undefined`: a row whose exit 2 only shows the text (sessionStart).
 */
export const cursorBlockingTag = (rowName: string): HookEffectTag | undefined => {
  if (actionRefusingRows.has(rowName)) return "BlockAction"
  if (permissionRows.has(rowName)) return "BlockTool"
  switch (rowName) {
    case "beforeSubmitPrompt":
      return "BlockPrompt"
    case "stop":
    case "subagentStop":
      return "BlockStop"
    case "postToolUse":
      return "PromptModel"
    default:
      // preCompact cannot block (research 4.4): its exit 2 is a failed run, shown (5.3.3).
      return undefined
  }
}

/**
 * The tags a Cursor row may give beyond 5.4's table of the internal event: subagentStart's refusal and
 * sessionStart's env (5.3.3).
 */
export const cursorExtraTags: { readonly [E in HookEvent]?: ReadonlyArray<HookEffectTag> } = {
  SubagentStart: ["BlockAction"],
  SessionStart: ["SetEnv"]
}
