/**
 * `wave-hooks trust`: show what a project's settings turn on (hooks, MCP
 * server programs, `env`, allowlists, `disableAllHooks`) and record the
 * SHA-256 of every project and local settings file (both dialects), with the
 * project files their programs name, as trusted.
 *
 * @since 0.1.0
 */
import { Console, Effect } from "effect"
import { Command, Prompt } from "effect/cli"
import type { ValidatedSettings } from "../settings/settings-schema.ts"
import { projectSettingsToTrust } from "../runner/settings-files.ts"
import { readTrustStore, recordTrust, trustStorePath } from "../runner/trust-store.ts"
import type { TrustedFile, TrustStore } from "../settings/trust.ts"
import { trustCommandFor, trustStateOf } from "../settings/trust.ts"
import { escapeControl } from "../internal/escape-control.ts"
import { trustPromptLines } from "./render-trust.ts"
import { homeDir, resolveProjectDir, settingsParams } from "./common-flags.ts"
import { toEffectParams } from "./effect-params.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import { ExitWith } from "./usage-error.ts"

/**
 * The flags of `trust`: `--project-dir` and `--yes` (no `--dialect`: it
 * trusts both dialects' project files).
 *
 * @category flags
 * @since 0.3.0
 */
export const trustParams = {
  projectDir: settingsParams.projectDir,
  yes: FlagSpec.boolean("yes", "Trust without asking")
}

/** The usage line of `trust`, printed under its usage errors (made from `trustParams`). */
const usage = usageLine("trust", trustParams)

/**
 * Refuse the whole trust while a project settings file cannot be read (not
 * valid JSON, not an object, not a regular file, too big): what it would run
 * cannot be shown, and trusting the project's other files without it could
 * switch on part of a setup (a file's `env` without the other file's guard).
 * Each file, its problem and its fix go to stderr; exit 1, nothing recorded.
 */
const refuseUnreadable = (unreadable: ReadonlyArray<ValidatedSettings>, projectDir: string) =>
  Effect.gen(function* () {
    yield* Console.error("")
    for (const f of unreadable) {
      const d = f.diagnostics.find((x) => x.severity === "error")
      yield* Console.error(
        escapeControl(
          d === undefined ? `${f.file}: it could not be read` : `${f.file}: ${d.path}: ${d.problem}; ${d.fix}`
        )
      )
    }
    yield* Console.error(
      `Nothing was trusted: ${unreadable.length === 1 ? "this file cannot" : `these ${unreadable.length} files cannot`} be read, ` +
        `so what ${unreadable.length === 1 ? "it" : "they"} would run cannot be shown. ` +
        `Fix ${unreadable.length === 1 ? "it" : "them"}, then run ${escapeControl(trustCommandFor(projectDir))} --yes again.`
    )
    return yield* new ExitWith({ status: 1, message: "unreadable settings" })
  })

/** A project settings file `trust` found, with the project files its programs name (absent when it cannot be read). */
type FoundFile = { readonly settings: ValidatedSettings; readonly trusted?: TrustedFile }

/**
 * Print each project settings file, its trust state and everything trusting
 * it turns on (`trustPromptLines`), with the scripts its programs name.
 */
const showSettings = (projectDir: string, found: ReadonlyArray<FoundFile>, store: TrustStore) =>
  Effect.gen(function* () {
    yield* Console.log(`Project settings in ${escapeControl(projectDir)}:`)
    for (const { settings: f, trusted } of found) {
      const state = f.sha256 === undefined ? "unreadable" : trustStateOf(store, f.file, f.sha256)
      yield* Console.log(
        `\n  ${escapeControl(f.file)}  (${state === "changed" ? "changed since you trusted it" : state})`
      )
      if (!f.readable) {
        const refused = f.sha256 === undefined ? f.diagnostics[0] : undefined
        yield* Console.log(
          refused === undefined
            ? `    not valid JSON: its hooks cannot run until it is fixed`
            : `    ${escapeControl(refused.problem)}; ${escapeControl(refused.fix)}`
        )
      }
      // Everything trusting the file turns on: hooks, servers, env, allowlists, disableAllHooks (render-trust.ts).
      for (const line of trustPromptLines(f)) yield* Console.log(`    ${line}`)
      for (const [path, scriptState] of Object.entries(trusted?.scripts ?? {})) {
        yield* Console.log(
          `    script ${escapeControl(path)}: ${/^[0-9a-f]{64}$/.test(scriptState) ? `sha256 ${scriptState.slice(0, 16)}...` : scriptState}`
        )
      }
    }
  })

/**
 * Ask whether to trust the files (unless `--yes`): fails with exit 1 when
 * the user says no, or when there is no terminal to ask on.
 */
const confirmTrust = (fileCount: number, yes: boolean) =>
  Effect.gen(function* () {
    if (yes) return
    const question =
      `Trust ${fileCount === 1 ? "this file" : `these ${fileCount} files`}? ` +
      "Their hooks and MCP servers run programs on your machine, and their env and allowlists apply to your own hooks too."
    const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true
    if (!interactive) {
      yield* Console.error(`\n${question}\nNo terminal to ask; run again with --yes to trust them.`)
      return yield* new ExitWith({ status: 1, message: "not confirmed" })
    }
    const confirmed = yield* Prompt.Confirm({ message: question, initial: false }).pipe(
      Prompt.run,
      Effect.catch(() => Effect.succeed(false))
    )
    if (!confirmed) {
      yield* Console.log("Nothing was trusted.")
      return yield* new ExitWith({ status: 1, message: "not confirmed" })
    }
  })

/**
 * Record the files' hashes (and their programs' files) in the trust store and
 * say what was recorded; a trust store that could not be read was moved aside
 * first, which is said on stderr. Exit 1 when it cannot be written.
 */
const recordAndReport = (home: string, found: ReadonlyArray<FoundFile>) =>
  Effect.gen(function* () {
    const recorded = yield* recordTrust(
      home,
      found.flatMap((f) => (f.trusted === undefined ? [] : [f.trusted]))
    ).pipe(
      Effect.tapError((message) => Console.error(`Nothing was trusted: ${escapeControl(message)}`)),
      Effect.mapError((message) => new ExitWith({ status: 1, message }))
    )
    if (recorded.backup !== undefined) {
      yield* Console.error(
        `The trust store ${escapeControl(trustStorePath(home))} could not be read (${escapeControl(recorded.problem ?? "?")}): ` +
          `it trusted nothing, and was moved to ${escapeControl(recorded.backup)} before a new one was written. ` +
          `Projects trusted before must be trusted again (or restore entries from the backup).`
      )
    }
    const hashed = found.map((f) => f.settings).filter((f) => f.sha256 !== undefined)
    yield* Console.log(
      `\nTrusted ${hashed.length} file${hashed.length === 1 ? "" : "s"} (recorded in ${escapeControl(trustStorePath(home))}):`
    )
    for (const f of hashed) yield* Console.log(`  ${escapeControl(f.file)}  sha256 ${f.sha256!.slice(0, 16)}...`)
    yield* Console.log(
      "If a file changes, or a project file a program it starts names (a hook's script or arguments, ./x, $WAVE_PROJECT_DIR/x, bash x.sh, " +
        "node -r ./y.js x.js, python3 x.py; an MCP server's command, args and cwd; a project plugin's scripts), " +
        "that hook or server stops running until you trust the project again. Files outside the project (after resolving symbolic links) are not recorded."
    )
  })

/**
 * `trust`: exit 0 when recorded (or nothing to trust), 1 when not confirmed.
 *
 * **Details**
 *
 * Everything trusting a file turns on is listed (`trustPromptLines`), with
 * control characters escaped (`\r`, `\x1b`, `\u202e`) and URL credentials
 * redacted: what the user is asked to trust is what will run.
 *
 * @category commands
 * @since 0.1.0
 */
export const trustCommand = Command.make(
  "trust",
  toEffectParams(trustParams),
  Effect.fn("trust")(function* (flags) {
    const projectDir = yield* resolveProjectDir(flags.projectDir, usage)
    const home = homeDir()
    const found = yield* projectSettingsToTrust(projectDir, home)
    if (found.length === 0) {
      yield* Console.log(
        `No project settings files in ${escapeControl(projectDir)} (.wave/ or .claude/ settings.json, settings.local.json): nothing to trust.`
      )
      return
    }
    const { store } = yield* readTrustStore(home)
    yield* showSettings(projectDir, found, store)
    // A file that cannot be read shows nothing of what it would run: nothing is trusted until it is fixed.
    const unreadable = found.map((f) => f.settings).filter((f) => !f.readable || f.sha256 === undefined)
    if (unreadable.length > 0) return yield* refuseUnreadable(unreadable, projectDir)
    yield* confirmTrust(found.length, flags.yes)
    yield* recordAndReport(home, found)
  })
).pipe(
  Command.withDescription(
    "Show what a project's settings turn on and trust them (records their SHA-256 and their programs' files)"
  )
)
