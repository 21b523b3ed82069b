/**
 * GitHub Copilot's two payload shapes (ARCHITECTURE section 5.3.4): a hook
 * configured under a camelCase event name (`preToolUse`) reads camelCase
 * fields (`sessionId`, `toolName`, `toolArgs`, `timestamp` in milliseconds);
 * one configured under Claude Code's PascalCase name (`PreToolUse`) reads the
 * "VS Code compatible" snake_case fields (`session_id`, `tool_name` with
 * Claude Code's tool names, `tool_input`, an ISO `timestamp`,
 * `hook_event_name`). One event can run hooks of both, so the payload the
 * caller gave is turned into each hook's shape. Pure.
 *
 * @since 0.5.0
 */
import type { Dialect } from "./dialect.ts"
import { agentEventNamed } from "./dialect-events.ts"

type Json = { readonly [key: string]: unknown }

/** Copilot's tool names and Claude Code's, for PascalCase hooks (K §Claude-format matchers). */
const claudeToolNames: { readonly [copilotName: string]: string } = {
  bash: "Bash",
  view: "Read",
  create: "Write",
  edit: "Edit",
  apply_patch: "Edit",
  task: "Agent",
  glob: "Glob",
  grep: "Grep",
  web_fetch: "WebFetch"
}

/** Fields whose names do not follow from the case change. */
const camelToSnakeNames: { readonly [camel: string]: string } = {
  toolArgs: "tool_input",
  toolInput: "tool_input",
  toolResult: "tool_response"
}

const snakeOf = (key: string): string =>
  camelToSnakeNames[key] ?? key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

const camelOf = (key: string, eventName: string): string => {
  // permissionRequest sends its arguments as toolInput, the other tool events as toolArgs (K §Hook event input payloads).
  if (key === "tool_input" && eventName === "permissionRequest") return "toolInput"
  const named = Object.entries(camelToSnakeNames).find(([, snake]) => snake === key)?.[0]
  return named ?? key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

/** A JSON string holding an object or an array, parsed ("parsed from JSON string when possible"); else the value. */
const parsedWhenPossible = (value: unknown): unknown => {
  if (typeof value !== "string") return value
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === "object" && parsed !== null ? parsed : value
  } catch {
    return value
  }
}

/**
 * A Copilot payload in the shape a hook reads: `snake` for the hooks configured under a PascalCase name,
 * `camel` for the others. Fields already in the wanted case are kept as they are.
 *
 * **Example** (A camelCase tool call, for a PascalCase hook)
 *
 * ```ts
 * copilotPayloadAs("snake", "PreToolUse", { sessionId: "s", timestamp: 0, toolName: "bash", toolArgs: "{\"command\":\"ls\"}" })
 * // => { hook_event_name: "PreToolUse", session_id: "s", timestamp: "1970-01-01T00:00:00.000Z",
 * //      tool_name: "Bash", tool_input: { command: "ls" } }
 * ```
 *
 * @category payloads
 * @since 0.5.0
 */
export const copilotPayloadAs = (shape: "camel" | "snake", eventName: string, payload: Json): Json => {
  const out: Record<string, unknown> = shape === "snake" ? { hook_event_name: eventName } : {}
  for (const [key, value] of Object.entries(payload)) {
    if (shape === "camel" && key === "hook_event_name") continue
    const name = shape === "snake" ? snakeOf(key) : camelOf(key, eventName)
    if (name === "timestamp")
      out[name] =
        shape === "snake" && typeof value === "number"
          ? new Date(value).toISOString()
          : shape === "camel" && typeof value === "string" && !Number.isNaN(Date.parse(value))
            ? Date.parse(value)
            : value
    else if (shape === "snake" && name === "tool_name" && typeof value === "string")
      out[name] = claudeToolNames[value] ?? value
    else if (shape === "camel" && name === "toolName" && typeof value === "string")
      out[name] = Object.entries(claudeToolNames).find(([, claude]) => claude === value)?.[0] ?? value
    else if (shape === "snake" && (name === "tool_input" || name === "tool_response"))
      out[name] = parsedWhenPossible(value)
    else out[name] = value
  }
  return out
}

/**
 * The payload a hook reads, when its event's payload shape differs from the one fired (Copilot): a hook
 * configured under `PreToolUse` reads the snake_case shape of a `preToolUse` payload, and the reverse. An
 * event fired by an internal name, or by a host, carries the snake_case (Claude Code) shape. Unchanged in
 * the dialects with one shape.
 *
 * @category payloads
 * @since 0.5.0
 */
export const payloadForHook = (
  dialect: Dialect,
  fired: string | undefined,
  hookEvent: string | undefined,
  payload: Json
): Json => {
  const hookRow = hookEvent === undefined ? undefined : agentEventNamed(dialect, hookEvent)
  if (hookRow?.payloadCase === undefined) return payload
  const firedRow = fired === undefined ? undefined : agentEventNamed(dialect, fired)
  const firedCase = firedRow?.payloadCase ?? "snake"
  return firedCase === hookRow.payloadCase ? payload : copilotPayloadAs(hookRow.payloadCase, hookRow.name, payload)
}
