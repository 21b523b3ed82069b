/**
 * The detached worker of a one-shot `run` (ARCHITECTURE section 7,
 * "Background hooks of a one-shot run"): the order it gets (`AsyncJob`, a
 * file in the async spool) and how it is started, as a process of its own
 * that outlives `run`.
 *
 * This is the one process the engine starts on purpose outside the process
 * supervisor (`process-supervisor.ts`): the supervisor's exit-time reaper
 * would kill it with `run`. The worker itself starts its hooks through the
 * supervisor, so their timeouts hold and none outlives the worker.
 *
 * @since 0.2.0
 */
import { Effect, Schema } from "effect"
import { Dialect } from "../core/dialect.ts"
import { HookEvent } from "../core/events.ts"

// ====== Models ======

/**
 * Schema of a worker's order: the event and payload `run` got, where it read
 * the settings from (the worker reads them again the same way), which
 * background hooks to run (each by its `runIdentityKey` and command), and
 * the session whose next run gets their results (absent: the results are
 * not kept).
 *
 * @category models
 * @since 0.2.0
 */
export const AsyncJob = Schema.Struct({
  version: Schema.Literal(1),
  event: HookEvent,
  payload: Schema.Record(Schema.String, Schema.Unknown),
  projectDir: Schema.String,
  homeDir: Schema.String,
  dialect: Schema.optionalKey(Dialect),
  pluginDirs: Schema.Array(Schema.String),
  hooks: Schema.Array(Schema.Struct({ key: Schema.String, command: Schema.String })),
  sessionId: Schema.optionalKey(Schema.String)
})

/**
 * A worker's order.
 *
 * @category models
 * @since 0.2.0
 */
export type AsyncJob = typeof AsyncJob.Type

/**
 * The program a worker runs in: `execPath` with `args`, to which
 * `__async-worker <job file>` is appended. The CLI's is the Node that runs
 * it and its own script (`cliWorkerLauncher`).
 *
 * @category models
 * @since 0.2.0
 */
export interface AsyncWorkerLauncher {
  readonly execPath: string
  readonly args: ReadonlyArray<string>
}

/**
 * The argument that makes `wave-hooks` a worker (not a command a user types).
 *
 * @category models
 * @since 0.2.0
 */
const asyncWorkerArgument = "__async-worker"

/**
 * The worker could not be started; `message` says why.
 *
 * @category errors
 * @since 0.2.0
 */
export class AsyncWorkerNotStarted extends Schema.TaggedError<AsyncWorkerNotStarted>()("AsyncWorkerNotStarted", {
  message: Schema.String
}) {}

// ====== Starting ======

/**
 * The launcher of the running CLI: this Node (with its flags) and the script
 * it runs (`dist/bin.js`, or the installed `wave-hooks`); `undefined` when
 * there is no script (Node run from stdin or `-e`).
 *
 * @category starting
 * @since 0.2.0
 */
export const cliWorkerLauncher = (): AsyncWorkerLauncher | undefined => {
  const script = process.argv[1]
  return script === undefined || script === ""
    ? undefined
    : { execPath: process.execPath, args: [...process.execArgv, script] }
}

/**
 * Start a worker for the job in `jobFile`, detached: in a session and
 * process group of its own, with no terminal and no stdin, stdout or stderr
 * (nothing the caller waits for: a caller that reads `run`'s output sees it
 * end when `run` ends), and not waited for. Its environment is this
 * process's; its working directory `cwd`. Gives its pid.
 *
 * @category starting
 * @since 0.2.0
 */
export const startAsyncWorker = (
  launcher: AsyncWorkerLauncher,
  jobFile: string,
  cwd: string
): Effect.Effect<number, AsyncWorkerNotStarted> =>
  Effect.suspend(() => {
    const { spawn } = process.getBuiltinModule("node:child_process")
    try {
      const child = spawn(launcher.execPath, [...launcher.args, asyncWorkerArgument, jobFile], {
        cwd,
        env: process.env,
        detached: true,
        stdio: "ignore"
      })
      // A spawn that fails later (ENOENT of the Node binary) has no pid now; the event is only swallowed here.
      child.on("error", () => {})
      child.unref()
      return child.pid === undefined
        ? Effect.fail(new AsyncWorkerNotStarted({ message: `${launcher.execPath} could not be started` }))
        : Effect.succeed(child.pid)
    } catch (error) {
      return Effect.fail(new AsyncWorkerNotStarted({ message: error instanceof Error ? error.message : String(error) }))
    }
  })
