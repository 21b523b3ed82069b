/**
 * `wave-hooks validate`: lint the settings files, one diagnostic a line.
 *
 * @since 0.1.0
 */
import { Console, Effect } from "effect"
import { Command } from "effect/cli"
import { formatSettingsDiagnostic } from "../settings/validate-settings.ts"
import { crossFileDiagnostics } from "../settings/transport-hook-diagnostics.ts"
import { escapeControl, escapeJsonControl } from "../internal/escape-control.ts"
import { loadSettings, settingsLocations } from "../runner/settings-files.ts"
import { trustCommandFor } from "../settings/trust.ts"
import { dialectOverride, homeDir, resolvePluginDirs, resolveProjectDir, settingsParams } from "./common-flags.ts"
import { mixesDialects } from "./settings-dialects.ts"
import { toEffectParams } from "./effect-params.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import { ExitWith } from "./usage-error.ts"
import { dialects } from "../core/dialect.ts"

/**
 * The flags of `validate`: the settings flags and `--json`.
 *
 * @category flags
 * @since 0.3.0
 */
export const validateParams = {
  ...settingsParams,
  json: FlagSpec.boolean(
    "json",
    'Print {"files":[{file, scope, trust?}],"diagnostics":[{severity, file, path, problem, fix, event?}]} on stdout'
  )
}

/** The usage line of `validate`, printed under its usage errors (made from `validateParams`). */
const usage = usageLine("validate", validateParams)

/**
 * `validate`: prints `FILE: JSON-PATH: problem; fix` lines on stdout (with
 * `--json`, one object with the files and the diagnostics) and a summary on
 * stderr; exit 1 if any error, 0 with only warnings.
 *
 * **Details**
 *
 * Each line has its control characters escaped (a diagnostic may quote a
 * command, a matcher or a key from the file).
 *
 * @category commands
 * @since 0.1.0
 */
export const validateCommand = Command.make(
  "validate",
  toEffectParams(validateParams),
  Effect.fn("validate")(function* (flags) {
    const projectDir = yield* resolveProjectDir(flags.projectDir, usage)
    const sources = {
      projectDir,
      homeDir: homeDir(),
      ...dialectOverride(flags.dialect),
      pluginDirs: yield* resolvePluginDirs(flags.pluginDir, usage)
    }
    const settings = yield* loadSettings(sources)
    // Per file, then what needs every file (an mcp_tool server declared elsewhere, the merged http allowlists).
    const diagnostics = [...settings.files.flatMap((f) => f.diagnostics), ...crossFileDiagnostics(settings.files)]
    if (flags.json) {
      const files = settings.files.map((f) => ({
        file: f.file,
        scope: f.scope,
        ...(f.dialect === undefined ? {} : { dialect: f.dialect }),
        ...(f.trust === undefined ? {} : { trust: f.trust })
      }))
      yield* Console.log(escapeJsonControl(JSON.stringify({ files, diagnostics })))
    } else {
      for (const d of diagnostics) yield* Console.log(escapeControl(formatSettingsDiagnostic(d)))
    }
    const errors = diagnostics.filter((d) => d.severity === "error").length
    const warnings = diagnostics.length - errors
    const untrusted = settings.files.filter((f) => f.trust === "untrusted" || f.trust === "changed")
    const untrustedHooks = untrusted.reduce((n, f) => n + (f.untrustedHooks ?? []).length, 0)
    const switchedOff = Math.max(
      0,
      settings.files
        .filter((f) => f.trust === undefined || f.trust === "trusted")
        .reduce((n, f) => n + f.hooks.length, 0) - settings.hooks.length
    )
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`
    const checked =
      settings.files.length === 0
        ? `no settings files found (looked for ${escapeControl(
            settingsLocations(sources)
              .map((l) => l.path)
              .join(", ")
          )})`
        : `${plural(settings.files.length, "settings file")} checked` +
          // Each file is checked in the dialect it is written for: say which when both are there, or when it is not wave.
          (mixesDialects(settings)
            ? ` (${dialects
                .map((d) => [settings.files.filter((f) => f.dialect === d).length, d] as const)
                .filter(([count]) => count > 0)
                .map(([count, d]) => `${count} ${d}`)
                .join(", ")})`
            : settings.dialect !== "wave"
              ? ` (${settings.dialect})`
              : "") +
          `, ${plural(settings.hooks.length + untrustedHooks + switchedOff, "hook")} valid` +
          // Valid hooks the settings switch off (disableAllHooks, Gemini CLI's hooksConfig, Codex CLI's hooks.state).
          (switchedOff === 0
            ? ""
            : ` (${switchedOff} switched off by the settings: ${switchedOff === 1 ? "it does" : "they do"} not run)`) +
          (untrusted.length === 0
            ? ""
            : ` (${untrustedHooks} in ${plural(untrusted.length, "file")} not trusted: they do not run)`)
    yield* Console.error(`${checked}: ${plural(errors, "error")}, ${plural(warnings, "warning")}.`)
    for (const f of untrusted) {
      const why = f.trust === "changed" ? "has changed since it was trusted" : "is not trusted"
      yield* Console.error(
        escapeControl(
          `${f.file} ${why}: its ${plural((f.untrustedHooks ?? []).length, "hook")} ${(f.untrustedHooks ?? []).length === 1 ? "does" : "do"} not run. Review it, then run: ${trustCommandFor(projectDir)}`
        )
      )
    }
    if (errors > 0) return yield* new ExitWith({ status: 1, message: "invalid settings" })
  })
).pipe(Command.withDescription("Check the settings files: one problem a line as FILE: JSON-PATH: problem; fix"))
