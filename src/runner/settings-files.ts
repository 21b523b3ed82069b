/**
 * Finding and reading the settings files of a session, and checking the
 * scripts their hooks start (ARCHITECTURE section 7).
 *
 * @since 0.1.0
 */
import { Effect, FileSystem } from "effect"
import type { Dialect, SettingsFileRow, SettingsFormat, SettingsKeys } from "../core/dialect.ts"
import { dialectRules, dialects } from "../core/dialect.ts"
import type { PathContext } from "../settings/script-path.ts"
import { mcpServerCwdOf, scriptPathOf } from "../settings/script-path.ts"
import { withChangedServersBlocked } from "../settings/changed-servers.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"
import type { SettingsDiagnostic, SettingsScope, ValidatedSettings } from "../settings/settings-schema.ts"
import { layerSettings } from "../settings/plan.ts"
import { validateSettings } from "../settings/validate-settings.ts"
import type { TrustedFile, TrustPolicy, TrustStore } from "../settings/trust.ts"
import { emptyTrustStore, scriptChangesOf, trustStateOf } from "../settings/trust.ts"
import { sha256Of } from "../settings/trust.ts"
import { defaultMaxSettingsBytes, readBoundedText } from "./bounded-read.ts"
import { programsOf, scriptStatesOf } from "./script-hashes.ts"
import { managedSettingsDirChosen, managedSettingsFiles } from "./managed-settings.ts"
import type { PluginReference } from "./plugins.ts"
import { geminiExtensionReferencesOf } from "./gemini-extensions.ts"
import { enabledPluginReferencesOf, pluginReferencesOf, readPlugin } from "./plugins.ts"
import { readTrustStore, trustStorePath } from "./trust-store.ts"

/**
 * Where settings come from, and how project settings are trusted.
 *
 * @category models
 * @since 0.1.0
 */
export interface SettingsSources {
  readonly projectDir: string
  readonly homeDir: string
  /**
   * Read only this dialect's files (`--dialect`), each in it. Absent (since
   * 0.2.0): both dialects' files, each read and decided in the dialect it was
   * written for (`settingsLocations`), and the run's dialect is `runDialectOf`
   * them.
   */
  readonly dialect?: Dialect | undefined
  /** Default `trusted`: project and local files run only when trusted (`wave-hooks trust`). */
  readonly trustPolicy?: TrustPolicy
  /** With the `ask` policy: asked about each untrusted file; true runs its hooks for this session. */
  readonly askTrust?: (file: ValidatedSettings) => Effect.Effect<boolean>
  /** Settings files larger than this are not read (an error diagnostic instead); default 1 MiB. */
  readonly maxSettingsBytes?: number
  /**
   * Plugin folders to load (`--plugin-dir`), relative to the working
   * directory; trusted like user settings (since 0.2.0).
   */
  readonly pluginDirs?: ReadonlyArray<string>
  /**
   * The managed settings folder; default `$WAVE_HOOKS_MANAGED_SETTINGS_DIR`,
   * else `/etc/wave` (wave) or `/etc/claude-code` (claude-code) (since 0.2.0).
   */
  readonly managedSettingsDir?: string
  /**
   * The values of the variables that move an agent's user folder (`SettingsFileRow.homeVariable`, Copilot's
   * `COPILOT_HOME`), as the run's environment sets them (since 0.5.0).
   */
  readonly agentHomes?: { readonly [variable: string]: string }
}

/**
 * One settings file location.
 *
 * @category models
 * @since 0.1.0
 */
export interface SettingsLocation {
  readonly path: string
  readonly scope: SettingsScope
  /** The dialect the file is written in (`.wave/` wave, `.claude/` claude-code); since 0.2.0. */
  readonly dialect?: Dialect
  /** How it is written (since 0.5.0; default: as its dialect's user file). */
  readonly format?: SettingsFormat
  /** What its top-level keys are (since 0.5.0; default: as its dialect's user file). */
  readonly keys?: SettingsKeys
  /** Where its hooks run (since 0.5.0; default: the project). `file-folder`: the folder the file is in. */
  readonly runsIn?: "project" | "file-folder"
  /** Its `hooks` hold flat entries (since 0.5.0; Copilot's inline settings hooks). */
  readonly entries?: "flat"
}

const join = (dir: string, ...parts: ReadonlyArray<string>): string => [dir.replace(/\/+$/, ""), ...parts].join("/")

/**
 * The settings files of a session, in layering order: user
 * (`$HOME/.wave/settings.json`, then `$HOME/.claude/settings.json`), project
 * (`.wave/settings.json`, then `.claude/settings.json`), local
 * (`.wave/settings.local.json`, then `.claude/settings.local.json`), each with
 * the dialect it is written in. With `dialect` (`--dialect`), only that
 * dialect's three. `run`, `list`, `validate`, `trust` and the library hosts all
 * take their files from here.
 *
 * @category settings
 * @since 0.1.0
 */
export const settingsLocations = (
  sources: Pick<SettingsSources, "projectDir" | "homeDir" | "dialect" | "agentHomes">
): ReadonlyArray<SettingsLocation> => {
  const pathOf = (row: SettingsFileRow): string => {
    const moved = row.homeVariable === undefined ? undefined : sources.agentHomes?.[row.homeVariable]
    if (row.scope === "user" && moved !== undefined) return join(moved, row.path.slice(row.path.indexOf("/") + 1))
    return join(row.scope === "user" ? sources.homeDir : sources.projectDir, row.path)
  }
  const inPlay: ReadonlyArray<Dialect> =
    sources.dialect === undefined ? dialects.filter((d) => dialectRules[d].readWithoutFlag) : [sources.dialect]
  // Scope by scope (user, project, local), each in the order of the dialects, then of each dialect's files.
  return (["user", "project", "local"] as const).flatMap((scope) =>
    inPlay.flatMap((dialect) =>
      dialectRules[dialect].settingsFiles
        .filter((row) => row.scope === scope)
        .map(
          (row): SettingsLocation => ({
            path: pathOf(row),
            scope,
            dialect,
            format: row.format,
            keys: row.keys,
            ...(row.runsIn === undefined ? {} : { runsIn: row.runsIn }),
            ...(row.entries === undefined ? {} : { entries: row.entries })
          })
        )
    )
  )
}

/**
 * The run's dialect: the given one (`--dialect`); else the dialect of the
 * settings files found (user, project, local, and managed files of the system
 * folders) when they all share one (claude-code when they are all Claude
 * Code's), else wave (no files, or files of different dialects).
 *
 * **Example** (A Claude Code project)
 *
 * ```ts
 * runDialectOf(undefined, [{ ...projectFile, dialect: "claude-code" }]) // => "claude-code"
 * ```
 *
 * @category settings
 * @since 0.2.0
 */
export const runDialectOf = (
  given: Dialect | undefined,
  files: ReadonlyArray<Pick<ValidatedSettings, "dialect">>
): Dialect => {
  const first = files[0]?.dialect
  return given ?? (first !== undefined && files.every((f) => f.dialect === first) ? first : "wave")
}

/** The user, project and local files found, the managed ones, and the run's dialect they give. */
const readSettingsSources = (
  sources: SettingsSources
): Effect.Effect<
  {
    readonly dialect: Dialect
    readonly managed: ReadonlyArray<ValidatedSettings>
    readonly found: ReadonlyArray<ValidatedSettings>
  },
  never,
  FileSystem.FileSystem
> =>
  Effect.gen(function* () {
    const maxBytes = sources.maxSettingsBytes === undefined ? undefined : { maxBytes: sources.maxSettingsBytes }
    const readAll = (locations: ReadonlyArray<SettingsLocation>) =>
      Effect.gen(function* () {
        const files: Array<ValidatedSettings> = []
        for (const location of locations)
          files.push(...(yield* readSettingsFiles(location, location.dialect ?? sources.dialect ?? "wave", maxBytes)))
        return files
      })
    let found = yield* readAll(settingsLocations(sources))
    if (sources.dialect === undefined && found.length === 0) {
      // No wave or Claude Code file: a project whose only settings are one other agent's runs in its dialect.
      const only = yield* onlyOtherAgentOf(sources, maxBytes)
      if (only !== undefined) {
        const withOnly = { ...sources, dialect: only }
        found = yield* readAll(settingsLocations(withOnly))
        const managed = yield* managedSettingsFiles({
          ...(sources.managedSettingsDir === undefined ? {} : { managedSettingsDir: sources.managedSettingsDir }),
          ...(sources.maxSettingsBytes === undefined ? {} : { maxSettingsBytes: sources.maxSettingsBytes }),
          dialect: only
        })
        return { dialect: only, found, managed }
      }
    }
    const managedSources = {
      ...(sources.managedSettingsDir === undefined ? {} : { managedSettingsDir: sources.managedSettingsDir }),
      ...(sources.maxSettingsBytes === undefined ? {} : { maxSettingsBytes: sources.maxSettingsBytes })
    }
    // A chosen managed folder (tests, containers) says nothing of the agent: it is read in the dialect the other files give.
    if (managedSettingsDirChosen(sources.managedSettingsDir)) {
      const dialect = runDialectOf(sources.dialect, found)
      return { dialect, found, managed: yield* managedSettingsFiles({ ...managedSources, dialect }) }
    }
    const managed = yield* managedSettingsFiles({ ...managedSources, dialect: sources.dialect })
    return { dialect: runDialectOf(sources.dialect, [...managed, ...found]), found, managed }
  })

/**
 * The one dialect, of those read only with `--dialect` (Gemini CLI), with a
 * project settings file; `undefined` when none has one or several do.
 */
const onlyOtherAgentOf = (
  sources: SettingsSources,
  maxBytes: { readonly maxBytes: number } | undefined
): Effect.Effect<Dialect | undefined, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const present: Array<Dialect> = []
    for (const dialect of dialects) {
      if (dialectRules[dialect].readWithoutFlag) continue
      const projectFiles = settingsLocations({ ...sources, dialect }).filter((l) => l.scope !== "user")
      for (const location of projectFiles) {
        const files = yield* readSettingsFiles(location, dialect, maxBytes)
        if (files.length === 0) continue
        present.push(dialect)
        break
      }
    }
    return present.length === 1 ? present[0] : undefined
  })

/**
 * The run's dialect for these sources (`runDialectOf` the files that exist),
 * without loading hooks, plugins or trust: what `test` uses to run one hook as
 * the project's agent would.
 *
 * @category settings
 * @since 0.2.0
 */
export const runDialectFor = (sources: SettingsSources): Effect.Effect<Dialect, never, FileSystem.FileSystem> =>
  Effect.map(readSettingsSources(sources), (read) => read.dialect)

/** A settings file (or folder of them) none of whose hooks can be read, with the error that says why. */
const unreadableFile = (
  file: string,
  scope: SettingsScope,
  dialect: Dialect,
  problem: string,
  fix: string
): ValidatedSettings => ({
  file,
  scope,
  readable: false,
  dialect,
  hooks: [],
  disableAllHooks: undefined,
  diagnostics: [{ severity: "error", file, path: "$", problem, fix }]
})

/**
 * Read and validate the settings files of a location: the one file, or, for a path ending in `/*.json`
 * (Copilot's `.github/hooks/*.json`), each `.json` file of that folder, in name order (none when the
 * folder does not exist). A folder that cannot be listed comes back as one unreadable file naming it, so
 * its hooks are never silently missing.
 *
 * @category settings
 * @since 0.5.0
 */
export const readSettingsFiles = (
  location: SettingsLocation,
  dialect: Dialect,
  options?: { readonly maxBytes?: number }
): Effect.Effect<ReadonlyArray<ValidatedSettings>, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    if (!location.path.endsWith("/*.json")) {
      const file = yield* readSettingsFile(location, dialect, options)
      return file === undefined ? [] : [file]
    }
    const fs = yield* FileSystem.FileSystem
    const dir = location.path.slice(0, -"/*.json".length)
    const listed = yield* fs.readDirectory(dir).pipe(Effect.result)
    if (listed._tag === "Failure") {
      if (listed.failure.reason._tag === "NotFound") return []
      return [
        unreadableFile(
          dir,
          location.scope,
          dialect,
          `the folder of hook files could not be listed (${listed.failure.message}); none of its hooks can run`,
          "check its permissions (it must be readable by you)"
        )
      ]
    }
    const files: Array<ValidatedSettings> = []
    for (const name of [...listed.success].filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort()) {
      const file = yield* readSettingsFile({ ...location, path: `${dir}/${name}` }, dialect, options)
      if (file !== undefined) files.push(file)
    }
    return files
  })

/**
 * Read and validate one settings file; `undefined` when it does not exist.
 *
 * **Details**
 *
 * A file that is not a regular file (a directory, a FIFO, a link to
 * `/dev/zero`) is refused without being opened, and one over `maxBytes`
 * (default 1 MiB) without being read: it comes back unreadable, with an error
 * diagnostic naming the file and the fix, and none of its hooks run. So a
 * project's file can neither hang nor stop `run`; the other files' hooks
 * still run.
 *
 * @category settings
 * @since 0.1.0
 */
export const readSettingsFile = (
  location: SettingsLocation,
  dialect: Dialect,
  options?: { readonly maxBytes?: number }
): Effect.Effect<ValidatedSettings | undefined, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const read = yield* readBoundedText(location.path, options?.maxBytes ?? defaultMaxSettingsBytes, "settings file")
    if (read._tag === "Missing") return undefined
    if (read._tag === "Refused") {
      return unreadableFile(
        location.path,
        location.scope,
        dialect,
        `${read.problem}; none of its hooks can run`,
        read.fix
      )
    }
    const validated = validateSettings(read.text, {
      file: location.path,
      scope: location.scope,
      dialect,
      ...(location.format === undefined ? {} : { format: location.format }),
      ...(location.keys === undefined ? {} : { keys: location.keys }),
      ...(location.entries === undefined ? {} : { entries: location.entries })
    })
    // Hooks of a file that runs them in its own folder (Cursor's ~/.cursor/hooks.json) carry that folder.
    const cwd =
      location.runsIn === "file-folder" ? location.path.slice(0, location.path.lastIndexOf("/")) || "/" : undefined
    return {
      ...validated,
      ...(cwd === undefined ? {} : { hooks: validated.hooks.map((hook) => ({ ...hook, cwd })) }),
      sha256: sha256Of(read.text)
    }
  })

/**
 * Apply the trust policy to a project or local file: an untrusted (or
 * changed) file keeps its diagnostics but changes nothing about what runs:
 * its hooks move to `untrustedHooks`, its `disableAllHooks` and
 * `askTimeoutSeconds` to `untrustedSettings`. Of a trusted file, every
 * program it starts is checked against the states `trust` recorded
 * (`programsOf`): a hook that names a project file whose content changed (or
 * was never recorded) moves to `hooksWithChangedScripts`, with the changes;
 * an `mcpServers` entry whose `command`, `args` or `cwd` names one is left
 * out of `mcpServers` (never started) and listed in
 * `serversWithChangedScripts` (`withChangedServersBlocked` then stops the
 * `mcp_tool` hooks that call it).
 *
 * @category settings
 * @since 0.1.0
 */
export const applyTrust = (
  settings: ValidatedSettings,
  store: TrustStore,
  sources: SettingsSources
): Effect.Effect<ValidatedSettings, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    if (settings.scope === "user" || settings.sha256 === undefined) return settings
    const context = { projectDir: sources.projectDir, homeDir: sources.homeDir }
    // A server's relative cwd starts from the project directory, where trust looked for its files (not the engine's cwd).
    const trusted = { ...withProjectCwds(settings, context), trust: "trusted" as const }
    const policy = sources.trustPolicy ?? "trusted"
    if (policy === "all") return trusted
    const state = trustStateOf(store, settings.file, settings.sha256)
    if (state === "trusted") {
      // Trust covers the programs the file starts too: a hook or server whose project file changed does not run.
      const changes = scriptChangesOf(store, settings.file, yield* scriptStatesOf(settings, context))
      if (changes.length === 0) return trusted
      const changed = programsOf(settings, context).flatMap((program) => {
        const mine = changes.filter((c) => program.files.includes(c.path))
        return mine.length === 0 ? [] : [{ program, changes: mine }]
      })
      const blocked = changed.flatMap(({ changes, program }) =>
        program._tag === "Hook" ? [{ hook: program.hook, changes }] : []
      )
      const servers = changed.flatMap(({ changes, program }) =>
        program._tag === "McpServer" ? [{ name: program.name, changes }] : []
      )
      const mcpServers =
        trusted.mcpServers === undefined
          ? undefined
          : Object.fromEntries(
              Object.entries(trusted.mcpServers).filter(([name]) => !servers.some((s) => s.name === name))
            )
      return {
        ...trusted,
        hooks: settings.hooks.filter((h) => !blocked.some((b) => b.hook === h)),
        ...(mcpServers === undefined ? {} : { mcpServers }),
        ...(blocked.length === 0 ? {} : { hooksWithChangedScripts: blocked }),
        ...(servers.length === 0 ? {} : { serversWithChangedScripts: servers })
      }
    }
    if (policy === "ask" && sources.askTrust !== undefined && (yield* sources.askTrust(settings))) return trusted
    const { askTimeoutSeconds, disableAllHooks, enabledPlugins, env, httpHookPolicy, mcpServers, plugins, ...rest } =
      settings
    const ignored = {
      ...(disableAllHooks === undefined ? {} : { disableAllHooks }),
      ...(askTimeoutSeconds === undefined ? {} : { askTimeoutSeconds }),
      ...(env === undefined ? {} : { env }),
      ...(plugins === undefined ? {} : { plugins }),
      ...(enabledPlugins === undefined ? {} : { enabledPlugins }),
      ...(httpHookPolicy === undefined ? {} : { httpHookPolicy }),
      ...(mcpServers === undefined ? {} : { mcpServers })
    }
    return {
      ...rest,
      disableAllHooks: undefined,
      trust: state,
      hooks: [],
      untrustedHooks: settings.hooks,
      ...(Object.keys(ignored).length === 0 ? {} : { untrustedSettings: ignored })
    }
  })

/** A file's stdio `mcpServers` with a relative `cwd` made absolute from the project directory (`mcpServerCwdOf`). */
const withProjectCwds = (settings: ValidatedSettings, context: PathContext): ValidatedSettings => {
  if (settings.mcpServers === undefined) return settings
  const servers = Object.entries(settings.mcpServers)
  if (!servers.some(([, server]) => server.type !== "http" && server.cwd !== undefined && !server.cwd.startsWith("/")))
    return settings
  return {
    ...settings,
    mcpServers: Object.fromEntries(
      servers.map(([name, server]) => [
        name,
        server.type === "http" || server.cwd === undefined
          ? server
          : { ...server, cwd: mcpServerCwdOf(server, context) }
      ])
    )
  }
}

/**
 * Warnings for hooks whose command starts a script that does not exist or is
 * not executable (paths relative to the project, `$WAVE_PROJECT_DIR` expanded).
 *
 * @category settings
 * @since 0.1.0
 */
const checkScripts = (
  settings: ValidatedSettings,
  sources: SettingsSources
): Effect.Effect<ValidatedSettings, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const warnings: Array<SettingsDiagnostic> = []
    for (const hook of settings.hooks) {
      const context =
        hook.plugin === undefined
          ? sources
          : { ...sources, pluginRoot: hook.plugin.root, pluginDataDir: hook.plugin.dataDir }
      const script = hook.handler === undefined ? scriptPathOf(hook.command, context) : undefined
      if (script === undefined) continue
      const info = yield* fs.stat(script).pipe(Effect.result)
      const base = {
        severity: "warning" as const,
        file: settings.file,
        path: `${hook.path}.command`,
        event: hook.event
      }
      if (info._tag === "Failure") {
        // The variable the file's own agent sets: a Claude Code file's hooks are used to $CLAUDE_PROJECT_DIR.
        const variable = `$${dialectRules[hook.dialect ?? settings.dialect ?? "wave"].ownProjectDirVariable}`
        warnings.push({
          ...base,
          problem: `the script ${script} does not exist (the hook will fail with exit 127)`,
          fix: `create it, or fix the path (relative paths start from the project directory; use ${variable})`
        })
      } else if (info.success.type !== "File" || (info.success.mode & 0o111) === 0) {
        warnings.push({
          ...base,
          problem: `the script ${script} is not executable (the hook will fail with exit 126)`,
          fix: `run chmod +x ${script}`
        })
      }
    }
    return warnings.length === 0 ? settings : { ...settings, diagnostics: [...settings.diagnostics, ...warnings] }
  })

/**
 * Read, validate and layer every settings file of a session, with script checks.
 *
 * **Details**
 *
 * The files are `settingsLocations`' (both dialects' unless `dialect` is
 * given), after the managed ones: managed (`/etc/wave`, then
 * `/etc/claude-code`, or the chosen folder), user, project, local, then the
 * plugins: `pluginDirs`, the files' `plugins`, the marketplace plugins
 * their `enabledPlugins` switch on, then, when the run's dialect is
 * gemini-cli, the user's installed Gemini CLI extensions
 * (`geminiExtensionReferencesOf`). Each file, and each hook in it, is read in
 * the dialect it was written for; the snapshot's `dialect` is the run's
 * (`runDialectOf`).
 *
 * **Example** (Loading a project's settings)
 *
 * ```ts
 * const snapshot = yield* loadSettings({ projectDir: "/repo", homeDir: "/home/me" })
 * snapshot.hooks.length // => hooks of ~/.wave/settings.json, ~/.claude/settings.json, .wave/settings.json, .claude/settings.json, ...
 * ```
 *
 * @category settings
 * @since 0.1.0
 */
export const loadSettings = (sources: SettingsSources): Effect.Effect<SettingsSnapshot, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const files: Array<ValidatedSettings> = []
    const { problem, store }: { readonly store: TrustStore; readonly problem?: string } =
      sources.trustPolicy === "all" ? { store: emptyTrustStore } : yield* readTrustStore(sources.homeDir)
    const maxBytes = sources.maxSettingsBytes === undefined ? undefined : { maxBytes: sources.maxSettingsBytes }
    const { dialect, found, managed } = yield* readSettingsSources(sources)
    // Managed settings come first and are trusted (system files an administrator wrote).
    for (const file of managed) files.push(yield* checkScripts(file, sources))
    for (const file of found) files.push(yield* applyTrust(yield* checkScripts(file, sources), store, sources))
    // In the gemini-cli dialect the user's installed Gemini CLI extensions are plugins too, after the others.
    const extensions =
      dialect === "gemini-cli" ? yield* geminiExtensionReferencesOf(sources) : { references: [], notices: [] }
    files.push(...extensions.notices)
    // Plugins' hooks merge after the settings files'; a plugin a project file names is trusted like a project file.
    for (const reference of yield* pluginsToLoad(sources.pluginDirs ?? [], files, sources, extensions.references)) {
      for (const plugin of yield* readPlugin(reference, { homeDir: sources.homeDir, dialect, ...maxBytes })) {
        const checked = yield* checkScripts(plugin, sources)
        files.push(reference.needsTrust ? yield* applyTrust(checked, store, sources) : checked)
      }
    }
    // An mcp_tool hook, in any file, whose server's program changed does not run (reported like a changed script).
    const snapshot = layerSettings(withChangedServersBlocked(files), dialect)
    return problem === undefined
      ? snapshot
      : { ...snapshot, trustStoreProblem: `${trustStorePath(sources.homeDir)} ${problem}` }
  })

/**
 * The plugins of a session, each folder once: the `pluginDirs` option, the
 * `plugins` the counted files name, the marketplace plugins their
 * `enabledPlugins` switch on, then `extensions` (the installed Gemini CLI
 * extensions, in the gemini-cli dialect).
 */
const pluginsToLoad = (
  pluginDirs: ReadonlyArray<string>,
  files: ReadonlyArray<ValidatedSettings>,
  dirs: { readonly projectDir: string; readonly homeDir: string },
  extensions: ReadonlyArray<PluginReference> = []
): Effect.Effect<ReadonlyArray<PluginReference>, never, FileSystem.FileSystem> =>
  Effect.map(enabledPluginReferencesOf(files, dirs), (enabled) => {
    const named = pluginReferencesOf(pluginDirs, files, dirs)
    const found = [...named, ...enabled.filter((e) => !named.some((n) => n.root === e.root))]
    return [...found, ...extensions.filter((e) => !found.some((f) => f.root === e.root))]
  })

/**
 * What `wave-hooks trust` shows and records: every project and local settings
 * file of both dialects (`settingsLocations`) and the hooks files of the
 * plugins they name (`plugins`) or switch on (`enabledPlugins`), and for each
 * readable one its SHA-256 and the states of the project files its programs
 * name (`scriptStatesOf`: its command hooks, in both forms, and its
 * `mcpServers`; a plugin's hooks with its folder).
 *
 * @category settings
 * @since 0.1.0
 */
export const projectSettingsToTrust = (
  projectDir: string,
  homeDir: string
): Effect.Effect<
  ReadonlyArray<{ readonly settings: ValidatedSettings; readonly trusted?: TrustedFile }>,
  never,
  FileSystem.FileSystem
> =>
  Effect.gen(function* () {
    const found: Array<{ readonly settings: ValidatedSettings; readonly trusted?: TrustedFile }> = []
    const record = (settings: ValidatedSettings) =>
      Effect.gen(function* () {
        if (found.some((f) => f.settings.file === settings.file)) return
        if (settings.sha256 === undefined) {
          found.push({ settings })
          return
        }
        const scripts = yield* scriptStatesOf(settings, { projectDir, homeDir })
        found.push({ settings, trusted: { file: settings.file, sha256: settings.sha256, scripts } })
      })
    // Every agent's project files, Gemini CLI's too (read only with --dialect): one review trusts the project.
    const locations = [
      ...settingsLocations({ projectDir, homeDir }),
      ...dialects
        .filter((dialect) => !dialectRules[dialect].readWithoutFlag)
        .flatMap((dialect) => settingsLocations({ projectDir, homeDir, dialect }))
    ]
    for (const location of locations) {
      if (location.scope === "user") continue
      for (const settings of yield* readSettingsFiles(location, location.dialect ?? "wave")) yield* record(settings)
    }
    // The plugins these files name or switch on are trusted with them (their hooks files and the scripts they name).
    const named = found.map((f) => f.settings)
    for (const reference of yield* pluginsToLoad([], named, { projectDir, homeDir })) {
      for (const settings of yield* readPlugin(reference, { homeDir, dialect: reference.dialect ?? "wave" }))
        yield* record(settings)
    }
    return found
  })
