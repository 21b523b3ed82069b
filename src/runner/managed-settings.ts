/**
 * Managed settings (ARCHITECTURE section 7): the administrator's policy files,
 * `managed-settings.json` and `managed-settings.d/*.json` in a system folder,
 * read before every other settings file and trusted.
 *
 * @since 0.2.0
 */
import { Effect, FileSystem } from "effect"
import type { Dialect } from "../core/dialect.ts"
import { dialectRules, dialects } from "../core/dialect.ts"
import type { ValidatedSettings } from "../settings/settings-schema.ts"
import { plainFailure } from "./bounded-read.ts"
// settings-files.ts imports this module too; the cycle is only used at run time.
import { readSettingsFile, readSettingsFiles } from "./settings-files.ts"

/**
 * The environment variable that names the managed settings folder (tests,
 * containers, other install locations).
 *
 * @category constants
 * @since 0.2.0
 */
export const managedSettingsDirVariable = "WAVE_HOOKS_MANAGED_SETTINGS_DIR"

/**
 * The managed settings folder: the given one, else
 * `$WAVE_HOOKS_MANAGED_SETTINGS_DIR`, else the dialect's system folder
 * (`dialectRules[dialect].managedSettings.folder`: `/etc/wave`,
 * `/etc/claude-code`, `/etc/gemini-cli`).
 *
 * @category settings
 * @since 0.2.0
 */
export const managedSettingsDirOf = (
  given: string | undefined,
  dialect: Dialect,
  env: { readonly [name: string]: string | undefined } = process.env
): string => {
  const fromEnv = env[managedSettingsDirVariable]
  return given ?? (fromEnv !== undefined && fromEnv !== "" ? fromEnv : dialectRules[dialect].managedSettings.folder)
}

/**
 * Whether the managed settings folder was chosen (`managedSettingsDir`, or
 * `$WAVE_HOOKS_MANAGED_SETTINGS_DIR`) rather than the dialect's system folder.
 *
 * @category settings
 * @since 0.2.0
 */
export const managedSettingsDirChosen = (
  given: string | undefined,
  env: { readonly [name: string]: string | undefined } = process.env
): boolean => given !== undefined || (env[managedSettingsDirVariable] ?? "") !== ""

/**
 * The managed settings folders to read, each with the dialect its files are
 * read in: the chosen folder (`managedSettingsDirChosen`) in `dialect` (wave
 * when absent); else the system folder of `dialect`; else, with no dialect
 * (both dialects' settings are read), `/etc/wave` (wave) then
 * `/etc/claude-code` (claude-code).
 *
 * @category settings
 * @since 0.2.0
 */
export const managedSettingsFolders = (
  sources: { readonly dialect?: Dialect | undefined; readonly managedSettingsDir?: string },
  env: { readonly [name: string]: string | undefined } = process.env
): ReadonlyArray<{ readonly dir: string; readonly dialect: Dialect }> =>
  sources.dialect === undefined && !managedSettingsDirChosen(sources.managedSettingsDir, env)
    ? dialects
        .filter((dialect) => dialectRules[dialect].readWithoutFlag)
        .map((dialect) => ({
          dir: managedSettingsDirOf(undefined, dialect, env),
          dialect
        }))
    : [
        {
          dir: managedSettingsDirOf(sources.managedSettingsDir, sources.dialect ?? "wave", env),
          dialect: sources.dialect ?? "wave"
        }
      ]

/**
 * Read the managed settings files of a folder (`managedSettingsFolders`: of
 * both dialects when `dialect` is absent), in order:
 * `managed-settings.json`, then `managed-settings.d/*.json` by name. A folder
 * that does not exist gives none (the normal case); one that cannot be listed
 * gives an unreadable entry with an error diagnostic (fail closed: `run`
 * stops on it, as a policy that cannot be read must not be ignored).
 *
 * @category settings
 * @since 0.2.0
 */
export const managedSettingsFiles = (sources: {
  readonly dialect?: Dialect | undefined
  readonly managedSettingsDir?: string
  readonly maxSettingsBytes?: number
}): Effect.Effect<ReadonlyArray<ValidatedSettings>, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const files: Array<ValidatedSettings> = []
    for (const folder of managedSettingsFolders(sources))
      files.push(...(yield* managedFolderFiles(folder, sources.maxSettingsBytes)))
    return files
  })

const managedFolderFiles = (
  folder: { readonly dir: string; readonly dialect: Dialect },
  maxSettingsBytes: number | undefined
): Effect.Effect<ReadonlyArray<ValidatedSettings>, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const dir = folder.dir.replace(/\/+$/, "")
    const sources = { dialect: folder.dialect }
    const options = maxSettingsBytes === undefined ? undefined : { maxBytes: maxSettingsBytes }
    const files: Array<ValidatedSettings> = []
    const layout = dialectRules[folder.dialect].managedSettings
    const main = yield* readSettingsFiles(
      {
        path: `${dir}/${layout.file}`,
        scope: "managed",
        format: layout.format,
        keys: layout.keys,
        ...(layout.runsIn === undefined ? {} : { runsIn: layout.runsIn })
      },
      sources.dialect,
      options
    )
    files.push(...main)
    if (!layout.dropIns) return files
    const dropIns = `${dir}/managed-settings.d`
    const listed = yield* fs.readDirectory(dropIns).pipe(Effect.result)
    if (listed._tag === "Failure") {
      if (listed.failure.reason._tag !== "NotFound") {
        files.push({
          file: dropIns,
          scope: "managed",
          readable: false,
          dialect: folder.dialect,
          hooks: [],
          disableAllHooks: undefined,
          diagnostics: [
            {
              severity: "error",
              file: dropIns,
              path: "$",
              problem: `the managed settings folder could not be listed (${plainFailure(listed.failure)})`,
              fix: "check its permissions (it must be readable by every user), or ask your administrator"
            }
          ]
        })
      }
      return files
    }
    for (const name of [...listed.success].filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort()) {
      const file = yield* readSettingsFile({ path: `${dropIns}/${name}`, scope: "managed" }, sources.dialect, options)
      if (file !== undefined) files.push(file)
    }
    return files
  })
