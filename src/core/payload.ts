/**
 * The JSON a hook reads on stdin: the event's fields plus the common fields
 * the runner adds when absent (ARCHITECTURE section 8).
 *
 * @since 0.1.0
 */
import type { Dialect } from "./dialect.ts"
import { dialectRules } from "./dialect.ts"
import { agentEventName, agentEventNamed, agentEventOf } from "./dialect-events.ts"
import type { HookEvent } from "./events.ts"

/**
 * The common fields of a session.
 *
 * @category models
 * @since 0.1.0
 */
export interface SessionFields {
  readonly session_id: string
  readonly transcript_path: string
  readonly cwd: string
}

/**
 * A JSON object.
 *
 * @category models
 * @since 0.1.0
 */
export type JsonRecord = { readonly [key: string]: unknown }

/**
 * What a payload is built with beside its fields: the run's time (for the
 * dialects whose payloads carry a `timestamp`), and the agent's name of the
 * event when several of the dialect's events fire it (Cursor's
 * `beforeShellExecution` for PreToolUse).
 *
 * @category models
 * @since 0.5.0
 */
export interface PayloadOptions {
  readonly timestamp?: string
  readonly agentEvent?: string
}

/**
 * The stdin payload for an event: `session_id`, `transcript_path`, `cwd` and
 * `hook_event_name` are added when the given fields lack them, and, on Stop,
 * `background_tasks: []` and `session_crons: []` (since 0.2.0). SubagentStop
 * gets the two lists too in the claude-code dialect, not in the wave dialect
 * (Wave sends them on Stop only; since 0.2.0). Fields the caller gives are
 * kept as given. Since 0.5.0, `hook_event_name` is the dialect's name of the
 * event (Gemini CLI's `BeforeTool` for PreToolUse; `options.agentEvent` when
 * given), a Gemini CLI payload gets `timestamp` (`options.timestamp`) when
 * absent, only wave and Claude Code payloads get the Stop lists, and a Cursor payload gets no session fields (Cursor sends its own
 * common fields, `conversation_id`, `workspace_roots`, ...).
 *
 * **Example** (A PreToolUse payload)
 *
 * ```ts
 * buildPayload("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } },
 *   { session_id: "s1", transcript_path: "/t.jsonl", cwd: "/p" })
 * // => { session_id: "s1", transcript_path: "/t.jsonl", cwd: "/p", hook_event_name: "PreToolUse",
 * //      tool_name: "Bash", tool_input: { command: "ls" } }
 * ```
 *
 * @category payloads
 * @since 0.1.0
 */
export const buildPayload = (
  event: HookEvent,
  fields: JsonRecord,
  session: SessionFields,
  dialect: Dialect = "wave",
  options: PayloadOptions = {}
): JsonRecord => ({
  ...(dialectRules[dialect].payloadSessionFields
    ? { session_id: session.session_id, transcript_path: session.transcript_path, cwd: session.cwd }
    : {}),
  // Copilot's camelCase payloads carry no hook_event_name.
  ...((options.agentEvent === undefined ? agentEventOf(dialect, event) : agentEventNamed(dialect, options.agentEvent))
    ?.payloadCase === "camel"
    ? {}
    : { hook_event_name: options.agentEvent ?? agentEventName(dialect, event) }),
  ...(options.timestamp !== undefined && dialectRules[dialect].payloadTimestamp
    ? { timestamp: options.timestamp }
    : {}),
  ...(hasStopLists(event, dialect) ? { background_tasks: [], session_crons: [] } : {}),
  ...fields
})

/** Whether the event's payload carries `background_tasks` and `session_crons` (empty when there are none). */
const hasStopLists = (event: HookEvent, dialect: Dialect): boolean =>
  dialectRules[dialect].payloadStopLists &&
  (event === "Stop" || (event === "SubagentStop" && dialectRules[dialect].subagentStopHasStopLists))
