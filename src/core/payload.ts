/**
 * The JSON a hook reads on stdin: the event's fields plus the common fields
 * the runner adds when absent (ARCHITECTURE section 8).
 *
 * @since 0.1.0
 */
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
 * The stdin payload for an event: `session_id`, `transcript_path`, `cwd` and
 * `hook_event_name` are added when the given fields lack them, and, on Stop
 * and SubagentStop, `background_tasks: []` and `session_crons: []` (since 0.2.0).
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
export const buildPayload = (event: HookEvent, fields: JsonRecord, session: SessionFields): JsonRecord => ({
  session_id: session.session_id,
  transcript_path: session.transcript_path,
  cwd: session.cwd,
  hook_event_name: event,
  // Claude Code and Wave send both lists on Stop and SubagentStop, empty when there are none.
  ...(event === "Stop" || event === "SubagentStop" ? { background_tasks: [], session_crons: [] } : {}),
  ...fields
})
