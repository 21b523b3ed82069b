/**
 * What surrounds one hook's process (ARCHITECTURE section 7): the engine's
 * variables (`hookVariablesOf`), a plugin's data folder created on demand, and
 * the env file of SessionStart, Setup, CwdChanged and FileChanged hooks,
 * created before the hook and read back and removed after it.
 *
 * @since 0.2.0
 */
import { at } from "../core/rule-id.ts"
import { Effect } from "effect"
import type { Dialect } from "../core/dialect.ts"
import type { HookRun } from "../core/hook-run.ts"
import type { TracedEffect } from "../core/trace.ts"
import { Diagnostic, ShowUser } from "../effects/hook-effect.ts"
import { escapeControl } from "../internal/escape-control.ts"
import type { EnvFileProblem } from "../settings/env-file-text.ts"
import type { ConfiguredHook, PluginSource } from "../settings/settings-schema.ts"
import { envFileEvents, makeEnvFile, readEnvFile, removeEnvFile } from "./env-file.ts"
import { hookVariablesOf } from "./hook-variables.ts"

/**
 * What a hook's env file gave: the variables it set (as bash would leave
 * them after sourcing it), the variables of the hook's environment it unset
 * (since 0.3.0; not passed on, see `envFileEffects`), the lines that were not
 * applied, and why the whole file could not be used (not created, or
 * replaced by something that is not a regular file, or too big).
 *
 * @category models
 * @since 0.2.0
 */
export interface EnvFileOutcome {
  readonly variables: { readonly [name: string]: string }
  readonly unset?: ReadonlyArray<string>
  readonly problems: ReadonlyArray<EnvFileProblem>
  readonly refused?: string
}

/**
 * Run a hook (`run` starts its process with the engine's variables) inside
 * its setup: a plugin hook's data folder is created first; on an env-file
 * event an empty env file is made, its path passed in `CLAUDE_ENV_FILE` and
 * `WAVE_ENV_FILE`, and after the hook its `export` lines are read
 * (`parseEnvFileText`, expanding from the hook's own environment, so an
 * allowlisted hook cannot reach a variable it was not given) and the file removed,
 * whatever happened. The env file of a hook that did not exit by itself
 * (timed out, killed by a signal) is not used: its output is not trusted
 * (section 2), and half a file could set half the variables.
 *
 * @category running
 * @since 0.2.0
 */
export const runWithSetup = <R>(
  options: {
    readonly event: string
    /** The plugin the hook comes from, if any. */
    readonly plugin?: PluginSource | undefined
    readonly dialect: Dialect
    readonly payload: { readonly [key: string]: unknown }
    /** The hook's whole environment given the engine's variables: what `$NAME` in its env file expands from. */
    readonly environment: (engine: { readonly [name: string]: string }) => {
      readonly [name: string]: string | undefined
    }
    /** The hook's working directory: `$PWD` in its env file (without it, `$PWD` is refused). */
    readonly pwd?: string | undefined
  },
  run: (engine: { readonly [name: string]: string }) => Effect.Effect<HookRun, never, R>
): Effect.Effect<{ readonly run: HookRun; readonly envFile?: EnvFileOutcome }, never, R> =>
  Effect.gen(function* () {
    const { plugin } = options
    if (plugin !== undefined) {
      const dataDir = plugin.dataDir
      yield* Effect.sync(() => {
        try {
          process.getBuiltinModule("node:fs").mkdirSync(dataDir, { recursive: true, mode: 0o700 })
        } catch {
          // The hook still runs; one that writes to CLAUDE_PLUGIN_DATA reports the failure itself.
        }
      })
    }
    const variables = (envFile?: string) =>
      hookVariablesOf({ event: options.event, payload: options.payload, dialect: options.dialect, plugin, envFile })
    if (!envFileEvents.has(options.event)) return { run: yield* run(variables()) }
    return yield* Effect.acquireUseRelease(
      makeEnvFile,
      (file) =>
        Effect.gen(function* () {
          if ("problem" in file) {
            return { run: yield* run(variables()), envFile: { variables: {}, problems: [], refused: file.problem } }
          }
          const done = yield* run(variables(file.path))
          const read = yield* readEnvFile(file)
          if ("problem" in read) return { run: done, envFile: { variables: {}, problems: [], refused: read.problem } }
          if (done.exitCode === null && read.text.trim() !== "") {
            // A hook that was killed (timeout, signal) may have written half its lines: its output is not trusted, nor is its env file.
            const how = done.timedOut ? "timed out" : "did not exit by itself"
            return {
              run: done,
              envFile: {
                variables: {},
                problems: [],
                refused: `was not read: the hook ${how}, so what it wrote may be incomplete`
              }
            }
          }
          // Loaded on first use: only events with env files need the reader (a bundle of its own in the CLI).
          const { parseEnvFileText } = yield* Effect.promise(() => import("../settings/env-file-text.ts"))
          const parsed = parseEnvFileText(
            read.text,
            options.environment(variables(file.path)),
            options.pwd === undefined ? {} : { pwd: options.pwd }
          )
          return { run: done, envFile: parsed }
        }),
      (file) => ("problem" in file ? Effect.void : removeEnvFile(file))
    )
  })

/**
 * The effects that report an env file's problems, for the hook that wrote
 * it: per unreadable line, a `Diagnostic{code:"env-file"}` (line number,
 * text, why) and a `ShowUser{warning}`; a refused file likewise.
 *
 * @category running
 * @since 0.2.0
 */
export const envFileEffects = (
  hook: ConfiguredHook,
  outcome: EnvFileOutcome | undefined
): ReadonlyArray<TracedEffect> => {
  if (outcome === undefined) return []
  const rule = at("run.env-file", "env file")
  const refused: ReadonlyArray<TracedEffect> =
    outcome.refused === undefined
      ? []
      : [
          {
            effect: Diagnostic({
              code: "env-file",
              message: `The env file of ${hook.command} (${hook.file} ${hook.path}) was not used: ${outcome.refused}.`
            }),
            ...rule
          },
          {
            effect: ShowUser({
              level: "warning",
              text:
                `The variables of the hook ${hook.command} were not set: its env file ${outcome.refused}. ` +
                `Append export NAME=value lines to "$CLAUDE_ENV_FILE" (or "$WAVE_ENV_FILE"); do not replace the file.`
            }),
            ...rule
          }
        ]
  const unset = outcome.unset ?? []
  const removed: ReadonlyArray<TracedEffect> =
    unset.length === 0
      ? []
      : [
          {
            effect: Diagnostic({
              code: "env-file",
              message: `The env file of ${hook.command} (${hook.file} ${hook.path}) unsets ${unset.join(", ")}; that is not passed on: later hooks and the host keep their own values.`
            }),
            ...rule
          },
          {
            effect: ShowUser({
              level: "warning",
              text: escapeControl(
                `The hook ${hook.command} unsets ${unset.join(", ")} in its env file; wave-hooks passes on variables it sets, not ones it removes, so they keep their values.`
              )
            }),
            ...rule
          }
        ]
  return [
    ...refused,
    ...removed,
    ...outcome.problems.flatMap(
      (p): ReadonlyArray<TracedEffect> => [
        {
          effect: Diagnostic({
            code: "env-file",
            message: `Line ${p.line} of the env file of ${hook.command} (${hook.file} ${hook.path}) was not applied: ${p.problem}: ${JSON.stringify(p.text)}`
          }),
          ...rule
        },
        {
          effect: ShowUser({
            level: "warning",
            text: escapeControl(
              `Line ${p.line} of the env file of the hook ${hook.command} was not applied (${p.problem}). ` +
                `Write export NAME=value lines (quote the value: export NAME='a b'); compute command output in the hook, not in the file.`
            )
          }),
          ...rule
        }
      ]
    )
  ]
}
