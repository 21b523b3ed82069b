/**
 * The event names of each dialect (ARCHITECTURE section 5.3): the name an
 * agent's settings and payloads use, the internal event `decide` and
 * `combine` read, and the payload field its matcher tests. wave and
 * claude-code use the internal names; Gemini CLI has its own; Codex CLI uses
 * Claude Code's for the events it has.
 *
 * @since 0.5.0
 */
import type { Dialect } from "./dialect.ts"
import type { HookEvent } from "./events.ts"
import { claudeCodeEvents, matcherFieldOf } from "./events.ts"

/**
 * One event of a dialect.
 *
 * @category models
 * @since 0.5.0
 */
export interface AgentEvent {
  /** The name in the agent's settings and in the payload's `hook_event_name`. */
  readonly name: string
  /** The internal event it fires. */
  readonly event: HookEvent
  /** The payload field the matcher is tested against; `undefined`: the matcher is ignored (the hook always runs). */
  readonly matcherField: string | undefined
  /** `exact`: the matcher is the whole value (Gemini CLI's triggers); `pattern`: the dialect's matcher rules. */
  readonly matcherKind: "pattern" | "exact"
  /**
   * The agent only tells its hooks what happened (Cursor's `afterShellExecution`): whatever they answer is
   * read and discarded, and their exit codes change nothing. Since 0.5.0.
   */
  readonly observes?: true
  /**
   * The shape of the payload its hooks read, where the agent has two (Copilot): `camel` (`sessionId`,
   * `toolName`, ...) or `snake` (`session_id`, `tool_name` with Claude Code's tool names, ...). Since 0.5.0.
   */
  readonly payloadCase?: "camel" | "snake"
  /**
   * The event this one is another spelling of (Copilot's `PreToolUse` for `preToolUse`): the hooks of both
   * run when either is fired, each reading its own payload shape. Since 0.5.0.
   */
  readonly spellingOf?: string
}

const internal: ReadonlyArray<AgentEvent> = claudeCodeEvents.map(
  (event): AgentEvent => ({ name: event, event, matcherField: matcherFieldOf[event], matcherKind: "pattern" })
)

/** Internal events by their own names, as Claude Code's settings name them. */
const sameNames = (events: ReadonlyArray<HookEvent>): ReadonlyArray<AgentEvent> =>
  internal.filter((row) => events.includes(row.event))

/** GitHub Copilot's camelCase events (K §Hook events). */
const copilotEvents: ReadonlyArray<AgentEvent> = [
  { name: "preToolUse", event: "PreToolUse", matcherField: "toolName", matcherKind: "pattern", payloadCase: "camel" },
  { name: "postToolUse", event: "PostToolUse", matcherField: "toolName", matcherKind: "pattern", payloadCase: "camel" },
  {
    name: "postToolUseFailure",
    event: "PostToolUseFailure",
    matcherField: "toolName",
    matcherKind: "pattern",
    payloadCase: "camel"
  },
  {
    name: "permissionRequest",
    event: "PermissionRequest",
    matcherField: "toolName",
    matcherKind: "pattern",
    payloadCase: "camel"
  },
  {
    name: "sessionStart",
    event: "SessionStart",
    matcherField: undefined,
    matcherKind: "pattern",
    payloadCase: "camel"
  },
  {
    name: "sessionEnd",
    event: "SessionEnd",
    matcherField: undefined,
    matcherKind: "pattern",
    payloadCase: "camel",
    observes: true
  },
  {
    name: "userPromptTransformed",
    event: "PromptTransformed",
    matcherField: undefined,
    matcherKind: "pattern",
    payloadCase: "camel"
  },
  {
    name: "userPromptSubmitted",
    event: "UserPromptSubmit",
    matcherField: undefined,
    matcherKind: "pattern",
    payloadCase: "camel"
  },
  { name: "agentStop", event: "Stop", matcherField: undefined, matcherKind: "pattern", payloadCase: "camel" },
  {
    name: "subagentStart",
    event: "SubagentStart",
    matcherField: "agentName",
    matcherKind: "pattern",
    payloadCase: "camel"
  },
  {
    name: "subagentStop",
    event: "SubagentStop",
    matcherField: undefined,
    matcherKind: "pattern",
    payloadCase: "camel"
  },
  {
    name: "errorOccurred",
    event: "StopFailure",
    matcherField: undefined,
    matcherKind: "pattern",
    payloadCase: "camel",
    observes: true
  },
  { name: "preCompact", event: "PreCompact", matcherField: "trigger", matcherKind: "pattern", payloadCase: "camel" },
  {
    name: "notification",
    event: "Notification",
    matcherField: "notification_type",
    matcherKind: "pattern",
    payloadCase: "camel"
  }
]

/**
 * Copilot's PascalCase spellings (Claude Code's names, "VS Code compatible"): the same events, with snake_case
 * payloads whose matchers test Claude Code's tool names.
 */
const copilotPascalEvents: ReadonlyArray<AgentEvent> = (
  [
    ["PreToolUse", "preToolUse"],
    ["PostToolUse", "postToolUse"],
    ["PostToolUseFailure", "postToolUseFailure"],
    ["PermissionRequest", "permissionRequest"],
    ["SessionStart", "sessionStart"],
    ["SessionEnd", "sessionEnd"],
    ["UserPromptSubmit", "userPromptSubmitted"],
    ["Stop", "agentStop"],
    ["SubagentStop", "subagentStop"],
    ["ErrorOccurred", "errorOccurred"],
    ["PreCompact", "preCompact"]
  ] as const
).flatMap(([name, camel]): ReadonlyArray<AgentEvent> => {
  const row = copilotEvents.find((r) => r.name === camel)
  if (row === undefined) return []
  const matcherField = row.matcherField === "toolName" ? "tool_name" : row.matcherField
  return [{ ...row, name, matcherField, payloadCase: "snake", spellingOf: camel }]
})

/**
 * Every dialect's events. The names of one dialect are unique, and each maps
 * to one internal event; several may map to the same one (Cursor's
 * `preToolUse`, `beforeShellExecution` and `beforeMCPExecution` all fire
 * PreToolUse), the first of them being the event's own name in the dialect.
 *
 * **Example** (Gemini CLI's BeforeTool)
 *
 * ```ts
 * dialectEvents["gemini-cli"][0]
 * // => { name: "BeforeTool", event: "PreToolUse", matcherField: "tool_name", matcherKind: "pattern" }
 * ```
 *
 * @category constants
 * @since 0.5.0
 */
export const dialectEvents: { readonly [D in Dialect]: ReadonlyArray<AgentEvent> } = {
  wave: internal,
  "claude-code": internal,
  "gemini-cli": [
    { name: "BeforeTool", event: "PreToolUse", matcherField: "tool_name", matcherKind: "pattern" },
    { name: "AfterTool", event: "PostToolUse", matcherField: "tool_name", matcherKind: "pattern" },
    { name: "BeforeAgent", event: "UserPromptSubmit", matcherField: undefined, matcherKind: "pattern" },
    { name: "AfterAgent", event: "Stop", matcherField: undefined, matcherKind: "pattern" },
    { name: "SessionStart", event: "SessionStart", matcherField: "source", matcherKind: "exact" },
    { name: "SessionEnd", event: "SessionEnd", matcherField: "reason", matcherKind: "exact" },
    { name: "PreCompress", event: "PreCompact", matcherField: "trigger", matcherKind: "exact" },
    { name: "Notification", event: "Notification", matcherField: undefined, matcherKind: "pattern" },
    // The model-level events: no matcher (Gemini CLI's hookPlanner tests none for them).
    { name: "BeforeModel", event: "PreModelRequest", matcherField: undefined, matcherKind: "pattern" },
    { name: "AfterModel", event: "PostModelResponse", matcherField: undefined, matcherKind: "pattern" },
    { name: "BeforeToolSelection", event: "PreToolSelection", matcherField: undefined, matcherKind: "pattern" }
  ],
  // Codex CLI: Claude Code's names and matcher fields, for the events it has.
  codex: sameNames([
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "UserPromptSubmit",
    "Stop",
    "SubagentStart",
    "SubagentStop",
    "SessionStart",
    "PreCompact",
    "PostCompact",
    "SessionEnd"
  ]).concat([{ name: "Interrupt", event: "Interrupt", matcherField: undefined, matcherKind: "pattern" }]),
  // Cursor: its own names; several fire one internal event, each with its own payload and matcher field.
  cursor: [
    { name: "preToolUse", event: "PreToolUse", matcherField: "tool_name", matcherKind: "pattern" },
    { name: "beforeShellExecution", event: "PreToolUse", matcherField: "command", matcherKind: "pattern" },
    { name: "beforeMCPExecution", event: "PreToolUse", matcherField: "tool_name", matcherKind: "pattern" },
    { name: "beforeReadFile", event: "PreToolUse", matcherField: undefined, matcherKind: "pattern" },
    { name: "beforeTabFileRead", event: "PreToolUse", matcherField: undefined, matcherKind: "pattern" },
    { name: "postToolUse", event: "PostToolUse", matcherField: "tool_name", matcherKind: "pattern" },
    {
      name: "afterShellExecution",
      event: "PostToolUse",
      matcherField: "command",
      matcherKind: "pattern",
      observes: true
    },
    {
      name: "afterMCPExecution",
      event: "PostToolUse",
      matcherField: "tool_name",
      matcherKind: "pattern",
      observes: true
    },
    { name: "afterFileEdit", event: "PostToolUse", matcherField: undefined, matcherKind: "pattern", observes: true },
    { name: "afterTabFileEdit", event: "PostToolUse", matcherField: undefined, matcherKind: "pattern", observes: true },
    {
      name: "postToolUseFailure",
      event: "PostToolUseFailure",
      matcherField: "tool_name",
      matcherKind: "pattern",
      observes: true
    },
    { name: "beforeSubmitPrompt", event: "UserPromptSubmit", matcherField: undefined, matcherKind: "pattern" },
    { name: "stop", event: "Stop", matcherField: undefined, matcherKind: "pattern" },
    { name: "subagentStart", event: "SubagentStart", matcherField: "subagent_type", matcherKind: "pattern" },
    { name: "subagentStop", event: "SubagentStop", matcherField: "subagent_type", matcherKind: "pattern" },
    { name: "sessionStart", event: "SessionStart", matcherField: undefined, matcherKind: "pattern" },
    { name: "sessionEnd", event: "SessionEnd", matcherField: undefined, matcherKind: "pattern", observes: true },
    { name: "preCompact", event: "PreCompact", matcherField: undefined, matcherKind: "pattern" },
    {
      name: "afterAgentResponse",
      event: "MessageDisplay",
      matcherField: undefined,
      matcherKind: "pattern",
      observes: true
    },
    {
      name: "afterAgentThought",
      event: "MessageDisplay",
      matcherField: undefined,
      matcherKind: "pattern",
      observes: true
    }
  ],
  // GitHub Copilot: its camelCase names, then Claude Code's PascalCase spellings of the same events.
  copilot: [...copilotEvents, ...copilotPascalEvents]
}

/**
 * Events an agent has that wave-hooks does not run yet (no effect can carry
 * their answer out): a settings file may name them, with a warning, and
 * their hooks never run.
 *
 * @category constants
 * @since 0.5.0
 */
export const eventsNotRunYet: { readonly [D in Dialect]: ReadonlyArray<string> } = {
  wave: [],
  "claude-code": [],
  "gemini-cli": [],
  codex: [],
  cursor: [],
  copilot: []
}

const byName = new Map<Dialect, ReadonlyMap<string, AgentEvent>>()
const byEvent = new Map<Dialect, ReadonlyMap<HookEvent, AgentEvent>>()
for (const [dialect, rows] of Object.entries(dialectEvents) as ReadonlyArray<[Dialect, ReadonlyArray<AgentEvent>]>) {
  byName.set(dialect, new Map(rows.map((row) => [row.name, row])))
  // The first row of an event is its own name in the dialect (a Map keeps the last of equal keys).
  byEvent.set(dialect, new Map(rows.toReversed().map((row) => [row.event, row])))
}

/**
 * The dialect's event of that name, `undefined` when the dialect has none.
 *
 * **Example**
 *
 * ```ts
 * agentEventNamed("gemini-cli", "AfterAgent")?.event // => "Stop"
 * agentEventNamed("gemini-cli", "Stop") // => undefined
 * ```
 *
 * @category lookups
 * @since 0.5.0
 */
export const agentEventNamed = (dialect: Dialect, name: string): AgentEvent | undefined =>
  byName.get(dialect)?.get(name)

/**
 * The dialect's event that fires an internal event, `undefined` when the
 * dialect has no such event (Gemini CLI has no PermissionRequest).
 *
 * **Example**
 *
 * ```ts
 * agentEventOf("gemini-cli", "PreToolUse")?.name // => "BeforeTool"
 * agentEventOf("claude-code", "PreToolUse")?.name // => "PreToolUse"
 * ```
 *
 * @category lookups
 * @since 0.5.0
 */
export const agentEventOf = (dialect: Dialect, event: HookEvent): AgentEvent | undefined =>
  byEvent.get(dialect)?.get(event)

/**
 * The name a dialect gives an internal event (its own when it has one, else
 * the internal name): what `hook_event_name` and messages say.
 *
 * @category lookups
 * @since 0.5.0
 */
export const agentEventName = (dialect: Dialect, event: HookEvent): string =>
  agentEventOf(dialect, event)?.name ?? event
