/**
 * Finding and reading plugins' hooks (ARCHITECTURE section 7): the folders
 * given with `--plugin-dir` (`pluginDirs`), those settings files name
 * (`plugins`), and the marketplace plugins they switch on (`enabledPlugins`,
 * found through the agent's install records), each read as
 * `hooks/hooks.json` with its name from `.claude-plugin/plugin.json` (or
 * `.wave-plugin/plugin.json`).
 *
 * @since 0.2.0
 */
import { Effect, FileSystem } from "effect"
import { isAbsolute, resolve } from "node:path"
import type { Dialect } from "../core/dialect.ts"
import { dialectRules } from "../core/dialect.ts"
import { jsonPath } from "../core/read-output.ts"
import { enabledPluginsOf, installPathFor, parseInstalledPlugins } from "../settings/enabled-plugins.ts"
import type { InstallRecord } from "../settings/enabled-plugins.ts"
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
  /**
   * The dialect its hooks are validated and decided in: that of the settings
   * file that names it; absent for `--plugin-dir` (the run's). Since 0.2.0.
   */
  readonly dialect?: Dialect
  /**
   * The plugin's name when whoever found it knows it (a Gemini CLI
   * extension's, from its `gemini-extension.json`); absent: the manifest's,
   * else the folder's. Since 0.5.0.
   */
  readonly name?: string
  /**
   * A marketplace plugin switched on with `enabledPlugins`: its id, the
   * install records it was looked up in, and whether they name a folder for
   * it (when not, `root` is where the agent would have installed it).
   * Since 0.2.0.
   */
  readonly enabled?: {
    readonly id: string
    readonly name: string
    readonly marketplace: string
    readonly records: string
    /** Why it could not be found: not in the records, or the records could not be read; absent when installed. */
    readonly notFound?: string
  }
}

/**
 * The install records of an agent's marketplace plugins:
 * `~/.claude/plugins/installed_plugins.json` (Claude Code's `/plugin
 * install`) or `~/.wave/plugins/installed_plugins.json` (Wave's).
 *
 * @category plugins
 * @since 0.2.0
 */
export const installedPluginsFileOf = (homeDir: string, dialect: Dialect): string =>
  `${homeDir.replace(/\/+$/, "")}/${dialectRules[dialect].settingsDir}/plugins/installed_plugins.json`

/**
 * The data folder of a plugin (`CLAUDE_PLUGIN_DATA`):
 * `$HOME/.wave/plugins/data/<name>` (`.claude/` in the claude-code dialect),
 * created before the plugin's first hook runs; for a marketplace plugin
 * `<name>-<marketplace>` (its id, other characters as `-`), as Claude Code
 * names it.
 *
 * @category plugins
 * @since 0.2.0
 */
export const pluginDataDirOf = (homeDir: string, dialect: Dialect, name: string, marketplace?: string): string => {
  // A marketplace plugin's folder is its id with every other character as -, as Claude Code names it (fmt@tools: fmt-tools).
  // A name is one folder: other characters become _, and "." or ".." cannot climb out of plugins/data/.
  const folder =
    marketplace !== undefined
      ? `${name}@${marketplace}`.replace(/[^A-Za-z0-9_-]/g, "-")
      : name.replace(/[^A-Za-z0-9._@-]/g, "_").replace(/^\.+$/, (dots) => "_".repeat(dots.length))
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
  const add = (root: string, namedBy: string, needsTrust: boolean, managed = false, dialect?: Dialect) => {
    const clean = root.length > 1 ? root.replace(/\/+$/, "") : root
    if (!found.some((p) => p.root === clean)) {
      found.push({
        root: clean,
        namedBy,
        needsTrust,
        ...(managed ? { managed } : {}),
        ...(dialect === undefined ? {} : { dialect })
      })
    }
  }
  for (const dir of options) add(isAbsolute(dir) ? dir : resolve(dir), "option", false)
  for (const f of files) {
    if (f.scope === "plugin" || (f.trust !== undefined && f.trust !== "trusted")) continue
    const base = f.scope === "project" || f.scope === "local" ? dirs.projectDir : dirs.homeDir
    for (const dir of f.plugins ?? []) {
      const expanded = dir.startsWith("~/") ? `${dirs.homeDir}/${dir.slice(2)}` : dir
      add(
        isAbsolute(expanded) ? expanded : resolve(base, expanded),
        f.file,
        f.scope === "project" || f.scope === "local",
        f.scope === "managed",
        f.dialect
      )
    }
  }
  return found
}

/**
 * The marketplace plugins the counted files switch on (`enabledPluginsOf`:
 * `enabledPlugins` layered per dialect), each found through its agent's
 * install records (`installedPluginsFileOf`; `installPathFor` picks the
 * record): the plugin's folder, or, when the records have none or cannot be
 * read, a reference whose `enabled.notFound` says why (`readPlugin` turns it
 * into an unreadable entry naming the key and the install command). Trusted
 * like the file that names it: a user or managed file's plugin like user
 * settings, a project or local file's like a project file.
 *
 * @category plugins
 * @since 0.2.0
 */
export const enabledPluginReferencesOf = (
  files: ReadonlyArray<ValidatedSettings>,
  dirs: { readonly projectDir: string; readonly homeDir: string }
): Effect.Effect<ReadonlyArray<PluginReference>, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const enabled = enabledPluginsOf(files)
    const registries = new Map<
      Dialect,
      { readonly records: ReadonlyMap<string, ReadonlyArray<InstallRecord>> } | { readonly problem: string }
    >()
    const found: Array<PluginReference> = []
    for (const plugin of enabled) {
      const records = installedPluginsFileOf(dirs.homeDir, plugin.dialect)
      let registry = registries.get(plugin.dialect)
      if (registry === undefined) {
        const read = yield* readBoundedText(records, 16 * defaultMaxSettingsBytes, "plugin install records")
        registry =
          read._tag === "Text"
            ? parseInstalledPlugins(read.text)
            : read._tag === "Missing"
              ? { records: new Map() }
              : { problem: read.problem }
        registries.set(plugin.dialect, registry)
      }
      const installPath =
        "records" in registry ? installPathFor(registry.records.get(plugin.id) ?? [], dirs.projectDir) : undefined
      const notFound =
        "problem" in registry
          ? `the install records ${records} could not be read (${registry.problem})`
          : installPath === undefined
            ? `it is not installed (${records} has no record of it)`
            : undefined
      const agentDir = `${dirs.homeDir.replace(/\/+$/, "")}/${dialectRules[plugin.dialect].settingsDir}/plugins`
      found.push({
        root:
          installPath === undefined
            ? `${agentDir}/cache/${plugin.marketplace}/${plugin.name}`
            : resolve(agentDir, installPath),
        namedBy: plugin.namedBy,
        needsTrust: plugin.scope === "project" || plugin.scope === "local",
        ...(plugin.scope === "managed" ? { managed: true } : {}),
        dialect: plugin.dialect,
        enabled: {
          id: plugin.id,
          name: plugin.name,
          marketplace: plugin.marketplace,
          records,
          ...(notFound === undefined ? {} : { notFound })
        }
      })
    }
    return found
  })

/** How to install a marketplace plugin in the agent whose records it was looked up in. */
const installCommandOf = (dialect: Dialect, id: string): string =>
  dialectRules[dialect].pluginInstallHint.replaceAll("{id}", id)

/**
 * Read one plugin: its validated hooks files with every hook marked as the
 * plugin's: `hooks/hooks.json`, then those its manifest's `hooks` names
 * (paths inside the plugin), then the manifest's inline `hooks`; none when
 * the plugin has no hooks (a plugin of skills or commands only). A folder
 * that does not exist, a manifest path that leaves the plugin or does not
 * exist, or a hooks file that is not a regular file or is too big, comes
 * back unreadable with an error diagnostic naming it and the fix; so does a
 * marketplace plugin that is switched on but not installed (at the settings
 * file and its `enabledPlugins` key, with the install command). Its hooks are
 * validated and decided in the reference's dialect, else `options.dialect`.
 *
 * @category plugins
 * @since 0.2.0
 */
// long: reads one plugin in order (manifest, hooks file, each check with its diagnostic naming the file and the fix).
export const readPlugin = (
  reference: PluginReference,
  options: { readonly homeDir: string; readonly dialect: Dialect; readonly maxBytes?: number }
): Effect.Effect<ReadonlyArray<ValidatedSettings>, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const { enabled, root } = reference
    const dialect = reference.dialect ?? options.dialect
    // A marketplace plugin goes by its name in the id until its manifest is read.
    const marketplace = enabled === undefined ? {} : { marketplace: enabled.marketplace }
    const dataDirOf = (name: string) =>
      pluginDataDirOf(options.homeDir, dialect, enabled?.name ?? name, enabled?.marketplace)
    // Who named the plugin travels with an unreadable entry too: the unreadable-settings rule denies tool calls
    // for a plugin the user or an administrator named (section 7.3), and only warns for a project's.
    const named = {
      name: enabled?.name ?? reference.name ?? pluginNameOf(undefined, root),
      root,
      dataDir: dataDirOf(reference.name ?? pluginNameOf(undefined, root)),
      namedBy: reference.namedBy,
      ...(reference.managed === true ? { managed: true } : {}),
      ...marketplace
    }
    const unreadable = (
      problem: string,
      fix: string,
      file = `${root}/hooks/hooks.json`,
      path = "$"
    ): ValidatedSettings => ({
      file,
      scope: "plugin",
      readable: false,
      dialect,
      hooks: [],
      disableAllHooks: undefined,
      plugin: named,
      diagnostics: [{ severity: "error", file, path, problem, fix }]
    })
    if (enabled?.notFound !== undefined) {
      // Reported where the user switched it on: the settings file and its enabledPlugins key.
      return [
        unreadable(
          `the plugin ${enabled.id} is switched on, but ${enabled.notFound}; none of its hooks can run`,
          `${installCommandOf(dialect, enabled.id)}, or switch it off with "${enabled.id}": false`,
          reference.namedBy,
          jsonPath(["enabledPlugins", enabled.id])
        )
      ]
    }
    const namedBy = reference.namedBy === "option" ? "--plugin-dir" : reference.namedBy
    const info = yield* fs.stat(root).pipe(Effect.result)
    if (info._tag === "Failure" || info.success.type !== "Directory") {
      const what = info._tag === "Failure" ? "does not exist" : "is not a folder"
      return [
        enabled === undefined
          ? unreadable(
              `the plugin folder ${root} (named by ${namedBy}) ${what}; none of its hooks can run`,
              "fix the path (a plugin folder holds hooks/hooks.json), or remove it"
            )
          : unreadable(
              `the install folder ${root} of the plugin ${enabled.id} (switched on by ${namedBy}, recorded in ${enabled.records}) ${what}; none of its hooks can run`,
              `reinstall it: ${installCommandOf(dialect, enabled.id)}`
            )
      ]
    }
    let manifest: { readonly file: string; readonly text: string } | undefined
    for (const candidate of [".claude-plugin/plugin.json", ".wave-plugin/plugin.json"]) {
      const read = yield* readBoundedText(`${root}/${candidate}`, defaultMaxSettingsBytes, "plugin manifest")
      if (read._tag === "Text") {
        manifest = { file: `${root}/${candidate}`, text: read.text }
        break
      }
    }
    const name = reference.name ?? pluginNameOf(manifest?.text, root)
    const plugin = {
      name,
      root,
      dataDir: dataDirOf(name),
      namedBy: reference.namedBy,
      ...(reference.managed === true ? { managed: true } : {}),
      ...marketplace
    }
    const declared = manifestHooksOf(manifest?.text)
    const found: Array<ValidatedSettings> = []
    const files = [`${root}/hooks/hooks.json`]
    for (const path of declared.paths) {
      const file = resolve(root, path)
      if (file !== root && !file.startsWith(`${root}/`)) {
        found.push(
          unreadable(
            `the manifest names the hooks file ${path}, outside the plugin folder; it was not read`,
            "keep the plugin's hooks inside its folder (./hooks/...)",
            manifest!.file
          )
        )
      } else if (!files.includes(file)) files.push(file)
    }
    for (const [index, file] of files.entries()) {
      const read = yield* readBoundedText(file, options.maxBytes ?? defaultMaxSettingsBytes, "plugin hooks file")
      if (read._tag === "Missing") {
        // No hooks/hooks.json is a plugin without hooks; a hooks file the manifest names must exist.
        if (index > 0)
          found.push(
            unreadable(
              `the hooks file ${file} that ${manifest!.file} names does not exist; its hooks cannot run`,
              'fix the manifest\'s "hooks" path, or create the file',
              file
            )
          )
        continue
      }
      if (read._tag === "Refused") {
        found.push(unreadable(`${read.problem}; none of the plugin's hooks in it can run`, read.fix, file))
        continue
      }
      found.push({ ...validatePluginHooks(read.text, { file, dialect, plugin }), sha256: sha256Of(read.text) })
    }
    if (declared.inline !== undefined && manifest !== undefined) {
      found.push({
        ...validatePluginHooks(declared.inline, { file: manifest.file, dialect, plugin }),
        sha256: sha256Of(manifest.text)
      })
    }
    return found
  })
