/**
 * Marketplace plugins switched on in settings (ARCHITECTURE section 7):
 * `enabledPlugins` (`{"name@marketplace": true}`) as Claude Code's and Wave's
 * `/plugin install` write it, layered across files, and the install records
 * (`installed_plugins.json`) that say where each plugin was installed. Pure:
 * the runner reads the files.
 *
 * @since 0.2.0
 */
import { Predicate } from "effect"
import type { Dialect } from "../core/dialect.ts"
import { dialects } from "../core/dialect.ts"
import { describeValue } from "../core/read-output.ts"
import type { SettingsScope, ValidatedSettings } from "./settings-schema.ts"

/**
 * Where `readEnabledPlugins` reports a problem: severity, JSON path (as keys),
 * problem, fix.
 *
 * @category models
 * @since 0.2.0
 */
export type EnabledPluginsReport = (
  severity: "error" | "warning",
  path: ReadonlyArray<string | number>,
  problem: string,
  fix: string
) => void

/**
 * A plugin id split at its last `@`: `name@marketplace`. `undefined` when it
 * has no `@`, or nothing before or after it.
 *
 * @category plugins
 * @since 0.2.0
 */
const parsePluginId = (id: string): { readonly name: string; readonly marketplace: string } | undefined => {
  const at = id.lastIndexOf("@")
  if (at <= 0 || at === id.length - 1) return undefined
  return { name: id.slice(0, at), marketplace: id.slice(at + 1) }
}

/**
 * Read `enabledPlugins` from a settings file's top-level object: an object of
 * `"name@marketplace": true | false`. A value that is not a boolean is an error
 * that drops that entry; an id without `@marketplace` is a warning (it names
 * no installed plugin) and is dropped.
 *
 * **Example** (One good and one bad entry)
 *
 * ```ts
 * readEnabledPlugins({ enabledPlugins: { "fmt@tools": true, "lint@tools": "yes" } }, report)
 * // => { "fmt@tools": true }, and an error at $.enabledPlugins["lint@tools"]
 * ```
 *
 * @category validation
 * @since 0.2.0
 */
export const readEnabledPlugins = (
  root: { readonly [key: string]: unknown },
  report: EnabledPluginsReport
): { readonly [id: string]: boolean } | undefined => {
  if (!("enabledPlugins" in root)) return undefined
  const value = root["enabledPlugins"]
  if (!Predicate.isObject(value) || Array.isArray(value)) {
    report(
      "error",
      ["enabledPlugins"],
      `expected an object of plugin ids, found ${describeValue(value)}; no plugin was switched on or off`,
      'write "enabledPlugins": {"name@marketplace": true}'
    )
    return undefined
  }
  const found: Record<string, boolean> = {}
  for (const [id, enabled] of Object.entries(value as Record<string, unknown>)) {
    if (typeof enabled !== "boolean") {
      report(
        "error",
        ["enabledPlugins", id],
        `expected true or false, found ${describeValue(enabled)}; the entry was ignored`,
        `write "${id}": true to switch the plugin on, or false to switch it off`
      )
      continue
    }
    if (parsePluginId(id) === undefined) {
      report(
        "warning",
        ["enabledPlugins", id],
        `"${id}" is not a plugin id of the form name@marketplace; it names no installed plugin and is ignored`,
        `write the id /plugin install uses, e.g. "${id}@<marketplace>"; a plugin folder is loaded with "plugins": ["/path/to/plugin"] or --plugin-dir`
      )
      continue
    }
    found[id] = enabled
  }
  return found
}

/**
 * A plugin switched on by the layered `enabledPlugins`, with the file that
 * named it.
 *
 * @category models
 * @since 0.2.0
 */
export interface EnabledPlugin {
  /** `name@marketplace`. */
  readonly id: string
  readonly name: string
  readonly marketplace: string
  /** The dialect of the files that enabled it: which agent's install records hold it. */
  readonly dialect: Dialect
  /** The settings file that switched it on (the user's or managed one when any did, else the first project or local file). */
  readonly namedBy: string
  /** The scope of that file: a project or local file's plugin is trusted with it. */
  readonly scope: SettingsScope
}

/**
 * The plugins `enabledPlugins` switches on, per dialect (a `.claude/` file's
 * ids are Claude Code's plugins, a `.wave/` file's Wave's), in the order they
 * are first named.
 *
 * **Details**
 *
 * Files layer as Claude Code layers settings: user, then project, then local,
 * then managed (which wins), a later file's `true` or `false` replacing an
 * earlier one's for the same id; so a local `false` switches off what the
 * project switched on. Only files that count are read (the caller passes the
 * files after trust: an untrusted project's `enabledPlugins` is ignored, so
 * it can neither switch a plugin on nor switch the user's off). A plugin a
 * user or managed file switches on is named by that file (trusted like user
 * settings) even when a project names it too.
 *
 * @category plugins
 * @since 0.2.0
 */
export const enabledPluginsOf = (files: ReadonlyArray<ValidatedSettings>): ReadonlyArray<EnabledPlugin> => {
  const layered = [...files.filter((f) => f.scope !== "managed"), ...files.filter((f) => f.scope === "managed")].filter(
    (f) => f.scope !== "plugin" && f.enabledPlugins !== undefined && (f.trust === undefined || f.trust === "trusted")
  )
  const found: Array<EnabledPlugin> = []
  for (const dialect of dialects) {
    const mine = layered.filter((f) => (f.dialect ?? "wave") === dialect)
    const state = new Map<string, boolean>()
    for (const f of mine) for (const [id, on] of Object.entries(f.enabledPlugins ?? {})) state.set(id, on)
    for (const [id, on] of state) {
      if (!on) continue
      const parsed = parsePluginId(id)
      if (parsed === undefined) continue
      const enabling = mine.filter((f) => f.enabledPlugins?.[id] === true)
      const named =
        enabling.find((f) => f.scope === "managed") ?? enabling.find((f) => f.scope === "user") ?? enabling[0]!
      found.push({ id, ...parsed, dialect, namedBy: named.file, scope: named.scope })
    }
  }
  return found
}

/**
 * Where one install record says a plugin is: its folder, the scope it was
 * installed for and, for a project or local install, the project.
 *
 * @category models
 * @since 0.2.0
 */
export interface InstallRecord {
  readonly installPath: string
  readonly scope?: string
  readonly projectPath?: string
}

/**
 * Read an `installed_plugins.json`: Claude Code's version 2
 * (`{"version": 2, "plugins": {"name@marketplace": [{"scope", "installPath",
 * "projectPath"?, ...}]}}`) and version 1 (`{"plugins": {"name@marketplace":
 * {"installPath", ...}}}`), and Wave's (`{"plugins": [{"name",
 * "marketplace", "cachePath", "projectPath"?}]}`). Entries without a path
 * are skipped; `problem` says why a text is not a record file at all.
 *
 * @category plugins
 * @since 0.2.0
 */
export const parseInstalledPlugins = (
  text: string
): { readonly records: ReadonlyMap<string, ReadonlyArray<InstallRecord>> } | { readonly problem: string } => {
  let json: unknown
  try {
    json = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text)
  } catch (error) {
    return { problem: `not valid JSON (${(error instanceof Error ? error.message : String(error)).split("\n")[0]})` }
  }
  const plugins =
    Predicate.isObject(json) && !Array.isArray(json) ? (json as Record<string, unknown>)["plugins"] : undefined
  const records = new Map<string, Array<InstallRecord>>()
  const add = (id: string, entry: unknown, pathKey: "installPath" | "cachePath") => {
    if (!Predicate.isObject(entry)) return
    const e = entry as Record<string, unknown>
    const installPath = e[pathKey]
    if (typeof installPath !== "string" || installPath === "") return
    const list = records.get(id) ?? []
    list.push({
      installPath,
      ...(typeof e["scope"] === "string" ? { scope: e["scope"] } : {}),
      ...(typeof e["projectPath"] === "string" ? { projectPath: e["projectPath"] } : {})
    })
    records.set(id, list)
  }
  if (Array.isArray(plugins)) {
    // Wave: a list of {name, marketplace, cachePath, projectPath?}.
    for (const entry of plugins) {
      if (!Predicate.isObject(entry)) continue
      const e = entry as Record<string, unknown>
      if (typeof e["name"] === "string" && typeof e["marketplace"] === "string")
        add(`${e["name"]}@${e["marketplace"]}`, e, "cachePath")
    }
    return { records }
  }
  if (!Predicate.isObject(plugins))
    return { problem: `expected an object with "plugins", found ${describeValue(json)}` }
  for (const [id, value] of Object.entries(plugins as Record<string, unknown>)) {
    for (const entry of Array.isArray(value) ? value : [value]) add(id, entry, "installPath")
  }
  return { records }
}

/**
 * The install folder to load for a project: a record made for this project
 * (`local` or `project` scope with its `projectPath`) first, then a user or
 * managed one, then any other (the files are on disk all the same).
 *
 * @category plugins
 * @since 0.2.0
 */
export const installPathFor = (records: ReadonlyArray<InstallRecord>, projectDir: string): string | undefined => {
  const clean = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path)
  const rank = (r: InstallRecord): number =>
    r.projectPath !== undefined && clean(r.projectPath) === clean(projectDir)
      ? r.scope === "local"
        ? 0
        : 1
      : r.scope === undefined || r.scope === "user" || r.scope === "managed"
        ? 2
        : 3
  return [...records].sort((a, b) => rank(a) - rank(b))[0]?.installPath
}
