/**
 * The variables the engine sets for one hook run, on top of the project
 * directory (ARCHITECTURE section 7): the wave dialect's `HOOK_EVENT` and
 * `HOOK_TOOL_NAME`, a plugin's root and data folders, and the env file.
 *
 * @since 0.2.0
 */
import type { Dialect } from "../core/dialect.ts"
import { dialectRules } from "../core/dialect.ts"
import type { PluginSource } from "../settings/settings-schema.ts"
import { envFileVariables } from "./env-file.ts"

/**
 * The engine's variables for a hook run.
 *
 * **Details**
 *
 * - Wave dialect: `HOOK_EVENT` (the event name) and `HOOK_TOOL_NAME` (the
 *   payload's `tool_name`, or empty when it has none, as Wave sets it: a
 *   script under `set -u` may read it on any event). Claude Code sets neither.
 * - A plugin's hook: `CLAUDE_PLUGIN_ROOT` and `WAVE_PLUGIN_ROOT` (its folder),
 *   `CLAUDE_PLUGIN_DATA` and `WAVE_PLUGIN_DATA` (its data folder); Codex CLI's
 *   `PLUGIN_ROOT` and `PLUGIN_DATA` too (`dialectRules[d].pluginVariables`).
 * - Variables from payload fields (`dialectRules[dialect].payloadVariables`):
 *   Gemini CLI's `GEMINI_SESSION_ID` (`session_id`), Cursor's
 *   `CURSOR_VERSION`, `CURSOR_USER_EMAIL` and `CURSOR_TRANSCRIPT_PATH`.
 * - An env file (SessionStart, Setup, CwdChanged, FileChanged):
 *   `CLAUDE_ENV_FILE` and `WAVE_ENV_FILE`.
 *
 * **Example** (A wave PreToolUse hook)
 *
 * ```ts
 * hookVariablesOf({ event: "PreToolUse", payload: { tool_name: "Bash" }, dialect: "wave" })
 * // => { HOOK_EVENT: "PreToolUse", HOOK_TOOL_NAME: "Bash" }
 * ```
 *
 * @category environment
 * @since 0.2.0
 */
export const hookVariablesOf = (options: {
  readonly event: string
  readonly payload: { readonly [key: string]: unknown }
  readonly dialect: Dialect
  readonly plugin?: PluginSource | undefined
  readonly envFile?: string | undefined
}): { readonly [name: string]: string } => {
  const variables: Record<string, string> = {}
  if (options.dialect === "wave") {
    const tool = options.payload["tool_name"]
    variables["HOOK_EVENT"] = options.event
    variables["HOOK_TOOL_NAME"] = typeof tool === "string" ? tool : ""
  }
  for (const [variable, field] of Object.entries(dialectRules[options.dialect].payloadVariables)) {
    const value = options.payload[field]
    if (typeof value === "string") variables[variable] = value
  }
  if (options.plugin !== undefined) {
    variables["CLAUDE_PLUGIN_ROOT"] = options.plugin.root
    variables["WAVE_PLUGIN_ROOT"] = options.plugin.root
    variables["CLAUDE_PLUGIN_DATA"] = options.plugin.dataDir
    variables["WAVE_PLUGIN_DATA"] = options.plugin.dataDir
    // The agent's own names, where it sets them for its plugins' hooks (Codex CLI's PLUGIN_ROOT, PLUGIN_DATA).
    const own = dialectRules[options.dialect].pluginVariables
    if (own.inEnvironment) {
      for (const name of own.root) variables[name] = options.plugin.root
      for (const name of own.data) variables[name] = options.plugin.dataDir
    }
  }
  if (options.envFile !== undefined) for (const name of envFileVariables) variables[name] = options.envFile
  return variables
}
