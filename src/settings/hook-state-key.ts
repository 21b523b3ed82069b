/**
 * The key an agent stores a hook's state under (Codex CLI's `hooks.state`
 * table, written by its `/hooks` screen): the file, the event in snake case,
 * the matcher group's index and the hook's index in it. Pure.
 *
 * @since 0.5.0
 */
import type { ConfiguredHook } from "./settings-schema.ts"

/** `$.hooks.<Event>[group].hooks[hook]`: a nested hook's JSON path. */
const nestedHookPath = /^\$\.hooks\.[A-Za-z]+\[(\d+)\]\.hooks\[(\d+)\]$/u

/**
 * The key of a settings file's hook in an agent's table of hook states:
 * `<file>:<event_name>:<group>:<hook>`, `undefined` for a hook that is not
 * nested in a group (a flat entry) or comes from a plugin (Codex keys those
 * by the plugin's id).
 *
 * @example
 * ```ts
 * hookStateKeyOf({ file: "/h/.codex/hooks.json", event: "PreToolUse", path: "$.hooks.PreToolUse[0].hooks[1]" })
 * // => "/h/.codex/hooks.json:pre_tool_use:0:1"
 * ```
 *
 * @category settings
 * @since 0.5.0
 */
export const hookStateKeyOf = (
  hook: Pick<ConfiguredHook, "file" | "event" | "path" | "plugin" | "agentEvent">
): string | undefined => {
  const indices = nestedHookPath.exec(hook.path)
  if (indices === null || hook.plugin !== undefined) return undefined
  const event = (hook.agentEvent ?? hook.event).replace(/(?<=[a-z0-9])(?=[A-Z])/gu, "_").toLowerCase()
  return `${hook.file}:${event}:${indices[1]}:${indices[2]}`
}
