/**
 * The detached worker of a one-shot `run` (`wave-hooks __async-worker
 * <job file>`, started by `run`, never typed by a user; ARCHITECTURE section
 * 7, "Background hooks of a one-shot run"). It takes its job from the async
 * spool, reads the settings as `run` did, runs the background hooks `run`
 * planned (each within its timeout, through the process supervisor, so none
 * outlives it), and keeps each result for the next run of the session as
 * soon as it finishes. Then it sweeps the spool and exits.
 *
 * @since 0.2.0
 */
import { Effect, FileSystem, Schema } from "effect"
import * as NodeRuntime from "@effect/platform-node-shared/NodeRuntime"
import type { Dialect } from "../core/dialect.ts"
import { Diagnostic } from "../effects/hook-effect.ts"
import { AsyncJob } from "../runner/async-job.ts"
import type { SpooledResult } from "../runner/async-spool.ts"
import { asyncSpoolDirOf, spoolResult, sweepSpool, takeJobFile } from "../runner/async-spool.ts"
import type { AsyncHookResult } from "../runner/background-hooks.ts"
import { effectsForLaterRun } from "../runner/background-hooks.ts"
import { HookProcess } from "../runner/hook-process.ts"
import { runHooks } from "../runner/run-hooks.ts"
import { loadSettings } from "../runner/settings-files.ts"
import { telemetryLayerFromEnv } from "../runner/telemetry.ts"
import { isBackgroundHook } from "../settings/handler-fields.ts"
import { hookTypeOf } from "../settings/hook-types.ts"
import { redactUrlsIn } from "../settings/http-hook-config.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"
import { effectiveTimeoutSeconds, hookDialectOf, runIdentityKey } from "../settings/plan.ts"
import * as SyncReadFileSystem from "../runner/sync-read-file-system.ts"

/** How long past the longest hook timeout the worker lives at most (its hooks' kill grace, the spool writes). */
const watchdogSlackMs = 60_000

/** A finished background hook as the spool keeps it: what the next run of the session delivers. */
const spooledOf = (result: AsyncHookResult, dialect: Dialect): SpooledResult | undefined => {
  const { effects, wake } = effectsForLaterRun(result, dialect)
  if (effects.length === 0 && wake === undefined) return undefined
  return {
    version: 1,
    event: result.event,
    command: redactUrlsIn(result.run.command ?? result.hook.command),
    type: hookTypeOf(result.hook),
    file: result.hook.file,
    path: result.hook.path,
    exitCode: result.run.exitCode,
    durationMs: result.run.durationMs,
    timedOut: result.run.timedOut,
    finishedAt: new Date().toISOString(),
    effects,
    ...(wake === undefined ? {} : { wake })
  }
}

/** What could not run: a hook `run` planned that the settings read now no longer have (changed, or no longer trusted). */
const notRun = (job: AsyncJob, command: string): SpooledResult => ({
  version: 1,
  event: job.event,
  command,
  type: "command",
  file: "",
  path: "",
  exitCode: null,
  durationMs: 0,
  timedOut: false,
  finishedAt: new Date().toISOString(),
  effects: [
    Diagnostic({
      code: "async-spool",
      message: `The background ${job.event} hook ${command} did not run: the settings changed (or are no longer trusted) between run and the start of its worker.`
    })
  ]
})

/**
 * The worker's program for the job file `jobFile`.
 *
 * @category running
 * @since 0.2.0
 */
export const workerProgram = (jobFile: string): Effect.Effect<void, unknown, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const spoolDir = asyncSpoolDirOf(process.env)
    if (spoolDir === undefined) return yield* Effect.fail(new Error("no state folder (HOME, XDG_STATE_HOME)"))
    const text = yield* takeJobFile(spoolDir, jobFile)
    const job = yield* Schema.decodeUnknownEffect(Schema.fromJsonString(AsyncJob))(text)
    const override = job.dialect === undefined ? {} : { dialect: job.dialect }
    const loaded = yield* loadSettings({
      projectDir: job.projectDir,
      homeDir: job.homeDir,
      ...override,
      pluginDirs: job.pluginDirs
    })
    // Only the background hooks run planned; nothing else runs, and no audit line is written (run wrote the event's).
    const wanted = new Set(job.hooks.map((h) => h.key))
    const hooks = loaded.hooks.filter(
      (hook) => isBackgroundHook(hook) && wanted.has(runIdentityKey(hook, loaded.dialect))
    )
    const { auditLog: _auditLog, ...rest } = loaded
    const settings: SettingsSnapshot = { ...rest, hooks }
    const longest = Math.max(
      0,
      ...hooks.map((hook) => effectiveTimeoutSeconds(hook, hookDialectOf(hook, loaded.dialect)))
    )
    // A last bound on the worker itself: it never outlives its hooks' timeouts by more than the slack.
    setTimeout(() => process.exit(124), longest * 1000 + watchdogSlackMs).unref()
    const keep = (result: SpooledResult | undefined) =>
      job.sessionId === undefined || result === undefined
        ? Effect.void
        : spoolResult(spoolDir, job.sessionId, result).pipe(Effect.ignore)
    const found = new Set(hooks.map((hook) => runIdentityKey(hook, loaded.dialect)))
    yield* Effect.forEach(
      job.hooks.filter((h) => !found.has(h.key)),
      (h) => keep(notRun(job, h.command))
    )
    const ran = yield* runHooks({
      event: job.event,
      payload: job.payload,
      projectDir: job.projectDir,
      settings,
      ...override,
      pluginDirs: job.pluginDirs
    }).pipe(Effect.provideService(HookProcess, HookProcess.node))
    // Each result is kept as soon as its hook finishes: a run of the session in between gets the finished ones.
    yield* Effect.forEach(
      ran.background ?? [],
      (b) => Effect.flatMap(b.result, (result) => keep(spooledOf(result, hookDialectOf(result.hook, loaded.dialect)))),
      {
        concurrency: "unbounded",
        discard: true
      }
    )
    yield* sweepSpool(spoolDir)
  })

/**
 * Run the worker for `args` (`["__async-worker", jobFile]`) and exit.
 *
 * @category running
 * @since 0.2.0
 */
export const main = async (args: ReadonlyArray<string>): Promise<void> => {
  const jobFile = args[1]
  if (jobFile === undefined) {
    process.exitCode = 1
    return
  }
  const telemetry = await telemetryLayerFromEnv(process.env)
  workerProgram(jobFile).pipe(
    (program) => (telemetry === undefined ? program : Effect.provide(program, telemetry)),
    Effect.provideService(FileSystem.FileSystem, SyncReadFileSystem.syncReadFileSystem),
    NodeRuntime.runMain({
      disableErrorReporting: true,
      teardown: (exit, onExit) => onExit(exit._tag === "Success" ? 0 : 1)
    })
  )
}
