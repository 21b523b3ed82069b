/**
 * Finding and reading plugins' hooks (ARCHITECTURE section 7): the folders
 * given with `--plugin-dir` (`pluginDirs`) and those settings files name
 * (`plugins`), each read as `hooks/hooks.json` with its name from
 * `.claude-plugin/plugin.json` (or `.wave-plugin/plugin.json`).
 *
 * @since 0.2.0
 */
import { Effect, FileSystem } from "effect"
import { isAbsolute, resolve } from "node:path"
import type { Dialect } from "../core/dialect.ts"
import { dialectRules } from "../core/dialect.ts"
import { manifestHooksOf, pluginNameOf, validatePluginHooks } from "../settings/plugin-hooks.ts"
import type { ValidatedSettings } from "../settings/settings-schema.ts"
import { sha256Of } from "../settings/trust.ts"
import { defaultMaxSettingsBytes, readBoundedText } from "./bounded-read.ts"

/**
 * A plugin folder to load and who named it.
 *
 * @category models
 * @since 0.2.0
 */
export interface PluginReference {
  /** The folder, absolute. */
  readonly root: string
  /** `"option"` (`--plugin-dir`, `pluginDirs`) or the settings file that names it. */
  readonly namedBy: string
  /**
   * Whether the plugin's hooks file must be trusted like a project file: a
   * plugin a project or local settings file names. One the user named (on the
   * command line, in `pluginDirs` or in user or managed settings) is trusted
   * like user settings.
   */
  readonly needsTrust: boolean
  /** Named by a managed settings file: its hooks count as managed. */
  readonly managed?: boolean
}

/**
 * The data folder of a plugin (`CLAUDE_PLUGIN_DATA`):
 * `$HOME/.wave/plugins/data/<name>` (`.claude/` in the claude-code dialect),
 * created before the plugin's first hook runs.
 *
 * @category plugins
 * @since 0.2.0
 */
export const pluginDataDirOf = (homeDir: string, dialect: Dialect, name: string): string => {
  // A name is one folder: other characters become _, and "." or ".." cannot climb out of plugins/data/.
  const folder = name.replace(/[^A-Za-z0-9._@-]/g, "_").replace(/^\.+$/, (dots) => "_".repeat(dots.length))
  return `${homeDir.replace(/\/+$/, "")}/${dialectRules[dialect].settingsDir}/plugins/data/${folder}`
}

/**
 * The plugins to load, in order, each once: the `pluginDirs` option (relative
 * to the working directory), then the `plugins` of each settings file that
 * counts (relative to the project for project and local files, to the home
 * folder for user and managed files).
 *
 * @category plugins
 * @since 0.2.0
 */
export const pluginReferencesOf = (
  options: ReadonlyArray<string>,
  files: ReadonlyArray<ValidatedSettings>,
  dirs: { readonly projectDir: string; readonly homeDir: string }
): ReadonlyArray<PluginReference> => {
  const found: Array<PluginReference> = []
  const add = (root: string, namedBy: string, needsTrust: boolean, managed = false) => {
    const clean = root.length > 1 ? root.replace(/\/+$/, "") : root
    if (!found.some((p) => p.root === clean)) found.push({ root: clean, namedBy, needsTrust, ...(managed ? { managed } : {}) })
  }
  for (const dir of options) add(isAbsolute(dir) ? dir : resolve(dir), "option", false)
  for (const f of files) {
    if (f.scope === "plugin" || (f.trust !== undefined && f.trust !== "trusted")) continue
    const base = f.scope === "project" || f.scope === "local" ? dirs.projectDir : dirs.homeDir
    for (const dir of f.plugins ?? []) {
      const expanded = dir.startsWith("~/") ? `${dirs.homeDir}/${dir.slice(2)}` : dir
      add(isAbsolute(expanded) ? expanded : resolve(base, expanded), f.file, f.scope === "project" || f.scope === "local", f.scope === "managed")
    }
  }
  return found
}

/**
 * Read one plugin: its validated hooks files with every hook marked as the
 * plugin's: `hooks/hooks.json`, then those its manifest's `hooks` names
 * (paths inside the plugin), then the manifest's inline `hooks`; none when
 * the plugin has no hooks (a plugin of skills or commands only). A folder
 * that does not exist, a manifest path that leaves the plugin or does not
 * exist, or a hooks file that is not a regular file or is too big, comes
 * back unreadable with an error diagnostic naming it and the fix.
 *
 * @category plugins
 * @since 0.2.0
 */
export const readPlugin = (
  reference: PluginReference,
  options: { readonly homeDir: string; readonly dialect: Dialect; readonly maxBytes?: number }
): Effect.Effect<ReadonlyArray<ValidatedSettings>, never, FileSystem.FileSystem> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const { root } = reference
    // Who named the plugin travels with an unreadable entry too: the unreadable-settings rule denies tool calls
    // for a plugin the user or an administrator named (section 7.3), and only warns for a project's.
    const named = {
      name: pluginNameOf(undefined, root),
      root,
      dataDir: pluginDataDirOf(options.homeDir, options.dialect, pluginNameOf(undefined, root)),
      namedBy: reference.namedBy,
      ...(reference.managed === true ? { managed: true } : {})
    }
    const unreadable = (problem: string, fix: string, file = `${root}/hooks/hooks.json`): ValidatedSettings => ({
      file,
      scope: "plugin",
      readable: false,
      hooks: [],
      disableAllHooks: undefined,
      plugin: named,
      diagnostics: [{ severity: "error", file, path: "$", problem, fix }]
    })
    const namedBy = reference.namedBy === "option" ? "--plugin-dir" : reference.namedBy
    const info = yield* fs.stat(root).pipe(Effect.result)
    if (info._tag === "Failure" || info.success.type !== "Directory") {
      return [unreadable(
        `the plugin folder ${root} (named by ${namedBy}) ${info._tag === "Failure" ? "does not exist" : "is not a folder"}; none of its hooks can run`,
        "fix the path (a plugin folder holds hooks/hooks.json), or remove it"
      )]
    }
    let manifest: { readonly file: string; readonly text: string } | undefined
    for (const candidate of [".claude-plugin/plugin.json", ".wave-plugin/plugin.json"]) {
      const read = yield* readBoundedText(`${root}/${candidate}`, defaultMaxSettingsBytes, "plugin manifest")
      if (read._tag === "Text") {
        manifest = { file: `${root}/${candidate}`, text: read.text }
        break
      }
    }
    const name = pluginNameOf(manifest?.text, root)
    const plugin = {
      name,
      root,
      dataDir: pluginDataDirOf(options.homeDir, options.dialect, name),
      namedBy: reference.namedBy,
      ...(reference.managed === true ? { managed: true } : {})
    }
    const declared = manifestHooksOf(manifest?.text)
    const found: Array<ValidatedSettings> = []
    const files = [`${root}/hooks/hooks.json`]
    for (const path of declared.paths) {
      const file = resolve(root, path)
      if (file !== root && !file.startsWith(`${root}/`)) {
        found.push(unreadable(`the manifest names the hooks file ${path}, outside the plugin folder; it was not read`, "keep the plugin's hooks inside its folder (./hooks/...)", manifest!.file))
      } else if (!files.includes(file)) files.push(file)
    }
    for (const [index, file] of files.entries()) {
      const read = yield* readBoundedText(file, options.maxBytes ?? defaultMaxSettingsBytes, "plugin hooks file")
      if (read._tag === "Missing") {
        // No hooks/hooks.json is a plugin without hooks; a hooks file the manifest names must exist.
        if (index > 0) found.push(unreadable(`the hooks file ${file} that ${manifest!.file} names does not exist; its hooks cannot run`, "fix the manifest's \"hooks\" path, or create the file", file))
        continue
      }
      if (read._tag === "Refused") {
        found.push(unreadable(`${read.problem}; none of the plugin's hooks in it can run`, read.fix, file))
        continue
      }
      found.push({ ...validatePluginHooks(read.text, { file, dialect: options.dialect, plugin }), sha256: sha256Of(read.text) })
    }
    if (declared.inline !== undefined && manifest !== undefined) {
      found.push({ ...validatePluginHooks(declared.inline, { file: manifest.file, dialect: options.dialect, plugin }), sha256: sha256Of(manifest.text) })
    }
    return found
  })
