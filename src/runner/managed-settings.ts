/**
 * Managed settings (ARCHITECTURE section 7): the administrator's policy files,
 * `managed-settings.json` and `managed-settings.d/*.json` in a system folder,
 * read before every other settings file and trusted.
 *
 * @since 0.2.0
 */
import { Effect, FileSystem } from "effect"
import type { Dialect } from "../core/dialect.ts"
import type { ValidatedSettings } from "../settings/settings-schema.ts"
import { plainFailure } from "./bounded-read.ts"
// settings-files.ts imports this module too; the cycle is only used at run time.
import { readSettingsFile } from "./settings-files.ts"

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
 * `$WAVE_HOOKS_MANAGED_SETTINGS_DIR`, else `/etc/wave` (wave dialect) or
 * `/etc/claude-code` (claude-code dialect, Claude Code's Linux location).
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
  return given ?? (fromEnv !== undefined && fromEnv !== "" ? fromEnv : dialect === "wave" ? "/etc/wave" : "/etc/claude-code")
}

/**
 * Read the managed settings files of a folder, in order:
 * `managed-settings.json`, then `managed-settings.d/*.json` by name. A folder
 * that does not exist gives none (the normal case); one that cannot be listed
 * gives an unreadable entry with an error diagnostic (fail closed: `run`
 * stops on it, as a policy that cannot be read must not be ignored).
 *
 * @category settings
 * @since 0.2.0
 */
export const managedSettingsFiles = (sources: {
  readonly dialect: Dialect
  readonly managedSettingsDir?: string
  readonly maxSettingsBytes?: number
}): Effect.Effect<ReadonlyArray<ValidatedSettings>, never, FileSystem.FileSystem> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const dir = managedSettingsDirOf(sources.managedSettingsDir, sources.dialect).replace(/\/+$/, "")
    const options = sources.maxSettingsBytes === undefined ? undefined : { maxBytes: sources.maxSettingsBytes }
    const files: Array<ValidatedSettings> = []
    const main = yield* readSettingsFile({ path: `${dir}/managed-settings.json`, scope: "managed" }, sources.dialect, options)
    if (main !== undefined) files.push(main)
    const dropIns = `${dir}/managed-settings.d`
    const listed = yield* fs.readDirectory(dropIns).pipe(Effect.result)
    if (listed._tag === "Failure") {
      if (listed.failure.reason._tag !== "NotFound") {
        files.push({
          file: dropIns,
          scope: "managed",
          readable: false,
          hooks: [],
          disableAllHooks: undefined,
          diagnostics: [{
            severity: "error",
            file: dropIns,
            path: "$",
            problem: `the managed settings folder could not be listed (${plainFailure(listed.failure)})`,
            fix: "check its permissions (it must be readable by every user), or ask your administrator"
          }]
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
