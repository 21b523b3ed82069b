/**
 * Plugins' hooks (ARCHITECTURE section 7): a plugin folder holds
 * `hooks/hooks.json` (`{"description"?: string, "hooks": {...}}`, the shape of
 * a settings file's `hooks`); its hooks run after the settings files' with
 * the plugin's folders substituted in their commands. Pure: the runner finds
 * and reads the files.
 *
 * @since 0.2.0
 */
import { Predicate } from "effect"
import type { Dialect } from "../core/dialect.ts"
import type { PluginSource, ValidatedSettings } from "./settings-schema.ts"
import { validateSettings } from "./validate-settings.ts"

/**
 * The placeholders a plugin hook's command may use, each replaced by the
 * plugin's folder or data folder before the command runs (only in plugin
 * hooks: a settings file's `${WAVE_PLUGIN_ROOT}` is left to the shell).
 *
 * @category plugins
 * @since 0.2.0
 */
export const substitutePluginVariables = (command: string, plugin: Pick<PluginSource, "root" | "dataDir">): string =>
  command.replace(/\$\{(CLAUDE_PLUGIN_ROOT|WAVE_PLUGIN_ROOT|CLAUDE_PLUGIN_DATA|WAVE_PLUGIN_DATA)\}/g, (_, name: string) =>
    name.endsWith("_ROOT") ? plugin.root : plugin.dataDir)

/**
 * A plugin's name: `name` of its manifest (`.claude-plugin/plugin.json` or
 * `.wave-plugin/plugin.json`) when that is a non-empty string without `/`,
 * else the folder's name.
 *
 * @category plugins
 * @since 0.2.0
 */
export const pluginNameOf = (manifestText: string | undefined, root: string): string => {
  const folder = root.replace(/\/+$/, "").split("/").pop() ?? root
  if (manifestText === undefined) return folder
  try {
    const json: unknown = JSON.parse(manifestText)
    const name = Predicate.isObject(json) ? (json as Record<string, unknown>)["name"] : undefined
    return typeof name === "string" && name.trim() !== "" && !name.includes("/") ? name : folder
  } catch {
    return folder
  }
}

/**
 * The hooks a plugin's manifest declares besides `hooks/hooks.json`: its
 * `hooks` field as a path or paths (relative to the plugin, `./config/hooks.json`)
 * or an inline object (the content of a hooks file, `{"hooks": {...}}`, or
 * just the events), as Claude Code's plugin manifests allow.
 *
 * @category plugins
 * @since 0.2.0
 */
export const manifestHooksOf = (
  manifestText: string | undefined
): { readonly paths: ReadonlyArray<string>; readonly inline?: string } => {
  if (manifestText === undefined) return { paths: [] }
  let json: unknown
  try {
    json = JSON.parse(manifestText)
  } catch {
    return { paths: [] }
  }
  const hooks = Predicate.isObject(json) ? (json as Record<string, unknown>)["hooks"] : undefined
  if (typeof hooks === "string") return { paths: [hooks] }
  if (Array.isArray(hooks)) return { paths: hooks.filter((h): h is string => typeof h === "string") }
  if (Predicate.isObject(hooks)) {
    const inline = "hooks" in (hooks as Record<string, unknown>) ? hooks : { hooks }
    return { paths: [], inline: JSON.stringify(inline) }
  }
  return { paths: [] }
}

/**
 * Validate a plugin's `hooks/hooks.json` (as a settings file of scope
 * `plugin`: `hooks` and `description` are its keys) and mark its hooks as the
 * plugin's, with the placeholders substituted in their commands.
 *
 * **Example** (A plugin's hook)
 *
 * ```ts
 * validatePluginHooks('{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"${WAVE_PLUGIN_ROOT}/stop.sh"}]}]}}',
 *   { file: "/p/hooks/hooks.json", dialect: "wave", plugin })
 * // => hooks: [{ command: "/p/stop.sh", scope: "plugin", plugin, ... }]
 * ```
 *
 * @category plugins
 * @since 0.2.0
 */
export const validatePluginHooks = (
  text: string,
  options: { readonly file: string; readonly dialect: Dialect; readonly plugin: PluginSource }
): ValidatedSettings => {
  // A plugin's file holds hooks only: settings-wide keys are unknown-key warnings there and count for nothing.
  const { askTimeoutSeconds: _ignored, ...validated } = validateSettings(text, { file: options.file, scope: "plugin", dialect: options.dialect })
  const { plugin } = options
  return {
    ...validated,
    plugin,
    disableAllHooks: undefined,
    hooks: validated.hooks.map((hook) => ({ ...hook, command: substitutePluginVariables(hook.command, plugin), plugin }))
  }
}
