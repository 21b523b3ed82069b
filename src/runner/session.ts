/**
 * A hook session: settings read once (a snapshot), and the Stop-loop state
 * across events (ARCHITECTURE section 6.6).
 *
 * @since 0.1.0
 */
import { Context, Effect, type FileSystem, Layer, Option, SynchronizedRef } from "effect"
import * as NodeFileSystem from "@effect/platform-node-shared/NodeFileSystem"
import type { HookEvent } from "../core/events.ts"
import type { JsonRecord, SessionFields } from "../core/payload.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"
import type { AsyncHookResult, BackgroundHookRun } from "./background-hooks.ts"
import { HookProcess } from "./hook-process.ts"
import type { ProjectDirNotFound, RunHooksOptions, RunHooksResult } from "./run-hooks.ts"
import {
  absoluteProjectDir,
  checkProjectDir,
  runHooks,
  serverProjectVariables,
  sessionFieldsOf,
  settingsSourcesOf
} from "./run-hooks.ts"
import { makeSessionId } from "./session-id.ts"
import type { SessionState } from "./session-state.ts"
import { collected, envFileVariables, evolve, initialSessionState, nextStopBlocks } from "./session-state.ts"
import { HttpHook } from "./http-hook.ts"
import { McpTools } from "./mcp-client.ts"
import { PromptHooks } from "./prompt-hook.ts"
import { loadSettings } from "./settings-files.ts"
import { deniesForUnreadable } from "../settings/unreadable-settings.ts"
import type { TelemetryHandle } from "./telemetry.ts"
import { startTelemetryFromEnv } from "./telemetry.ts"
import { withNodeFileSystem } from "./node-file-system.ts"

/**
 * What a session needs.
 *
 * @category models
 * @since 0.1.0
 */
export type SessionOptions = Omit<
  RunHooksOptions,
  "event" | "payload" | "stopBlocks" | "session" | "settings" | "ranOnce"
> & {
  readonly session?: Partial<SessionFields>
  /** A snapshot to use instead of reading the settings files. */
  readonly settings?: SettingsSnapshot
  /**
   * What runs the hooks. Default: the `HookProcess` in the context of
   * `HookSession.start` if there is one, else real processes
   * (`HookProcess.layer`). Pass `HookProcess.layerTest(script)` for canned runs.
   */
  readonly hookProcess?: Layer.Layer<HookProcess>
}

type StopEvent = "Stop" | "SubagentStop"

/**
 * The services a session's non-command hooks run on; absent ones default
 * (see `HookSession`).
 *
 * @category models
 * @since 0.2.0
 */
export interface SessionTransports {
  readonly http?: HttpHook["Service"]
  readonly mcpTools?: McpTools["Service"]
  readonly prompts?: PromptHooks["Service"]
}

/** `runHooks` with a `HookProcess` layer, for the Promise APIs. */
const withHookProcess = (layer: Layer.Layer<HookProcess> | undefined) =>
  Layer.mergeAll(NodeFileSystem.layer, layer ?? HookProcess.layer)

/**
 * Runs the hooks of a session's events with one settings snapshot and the
 * Stop-loop guard.
 *
 * **Details**
 *
 * Settings are read once, when the session starts; a change mid-session takes
 * effect in the next session. Each Stop (and SubagentStop) block, or
 * non-error feedback (`additionalContext`, a `PromptModel`), increments a
 * counter; while the agent continues because of a block, Stop hooks receive
 * `stop_hook_active: true`; at the cap (default 8) a block becomes a warning
 * and the agent stops. Any Stop that does not block resets the counter. The
 * counter lives in a `SynchronizedRef`: Stops fired concurrently run one after
 * the other (per event), so each sees the count the previous one left. The
 * cap is `stopLoopCap`, else `WAVE_STOP_HOOK_BLOCK_CAP` or
 * `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP` of `env`.
 *
 * A `once` hook runs until its first successful run (exit 0) in the session,
 * then no more. Background hooks (`async`, `asyncRewake`) are started by
 * `fire` and collected with `collectAsync` (finished ones) or `awaitAsync`
 * (waits for all).
 *
 * Non-command hooks run on the `HttpHook`, `McpTools` and `PromptHooks` of
 * the context of `start` when there are; else on the process's keep-alive
 * HTTP agents, MCP servers the session starts on first use and keeps until
 * `close`, and the OpenAI-compatible endpoint of `env` (`OPENAI_BASE_URL`).
 *
 * **Example** (Two events)
 *
 * ```ts
 * const session = yield* HookSession.start({ projectDir: "/repo" })
 * yield* session.fire("UserPromptSubmit", { prompt: "fix the tests" })
 * yield* session.fire("Stop", {})
 * ```
 *
 * **Example** (Canned hook runs in a test)
 *
 * ```ts
 * const session = yield* HookSession.start({
 *   projectDir, hookProcess: HookProcess.layerTest({ "./stop-guard.sh": { exitCode: 2, stderr: "tests fail" } })
 * })
 * ```
 *
 * @category sessions
 * @since 0.1.0
 */
export class HookSession {
  private snapshot: SettingsSnapshot
  /**
   * The session read its settings itself (`start` without `settings`): while
   * a user or managed file in them cannot be read, it reads them again before
   * each event, so it recovers once the file is fixed.
   */
  private rereadWhileUnreadable = false
  readonly options: SessionOptions
  readonly sessionFields: SessionFields
  private readonly stopBlocks: { readonly [E in StopEvent]: SynchronizedRef.SynchronizedRef<number> } = {
    Stop: SynchronizedRef.makeUnsafe(0),
    SubagentStop: SynchronizedRef.makeUnsafe(0)
  }
  /** What the session remembers between events; replaced only by `evolve` and `collected` (session-state.ts). */
  private state: SessionState<BackgroundHookRun> = initialSessionState()
  /** The service the hooks run on; `undefined` when only a layer (`options.hookProcess`) was given. */
  private readonly hookProcess: HookProcess["Service"] | undefined
  /** The services of non-command hooks found in the context of `start`. */
  private readonly transports: SessionTransports
  /** The session's own MCP servers when the context had no `McpTools`: started on first use, ended by `close`. */
  private readonly ownMcp: ReturnType<typeof McpTools.unscoped> | undefined
  /** The OTLP exporter `startPromise` started from `OTEL_*` (its spans are flushed by `close`). */
  private telemetry: TelemetryHandle | undefined

  /**
   * A session over a settings snapshot. `hookProcess` (a service value) wins
   * over `options.hookProcess` (a layer); without either, real processes.
   * Prefer `HookSession.start`, which reads the settings and the context.
   */
  constructor(
    options: SessionOptions & { readonly settings: SettingsSnapshot },
    hookProcess?: HookProcess["Service"],
    transports: SessionTransports = {}
  ) {
    this.options = { ...options, projectDir: absoluteProjectDir(options.projectDir) }
    this.snapshot = options.settings
    this.hookProcess = hookProcess ?? (options.hookProcess === undefined ? HookProcess.node : undefined)
    this.sessionFields = Effect.runSync(sessionFieldsOf(this.options.projectDir, options.session))
    const projectDir = this.options.projectDir
    // Servers of user and managed settings start in the home the session reads those from.
    const homeDir = options.homeDir ?? options.env?.["HOME"]
    this.ownMcp =
      transports.mcpTools === undefined
        ? McpTools.unscoped({
            cwd: projectDir,
            env: serverProjectVariables(options.settings, options.dialect ?? options.settings.dialect, projectDir),
            ...(homeDir === undefined ? {} : { homeDir })
          })
        : undefined
    this.transports = { ...transports, mcpTools: transports.mcpTools ?? this.ownMcp!.service }
  }

  /**
   * The settings snapshot the session's events run with: read once, when the
   * session starts, except that while a user or managed file in it cannot be
   * read (every tool call is then denied), a session that read its own
   * settings reads them again before each event.
   */
  get settings(): SettingsSnapshot {
    return this.snapshot
  }

  /**
   * The `McpTools` the session's `mcp_tool` hooks call (the context's, or the
   * session's own), for another session to share.
   *
   * @since 0.2.0
   */
  get mcpTools(): McpTools["Service"] {
    return this.transports.mcpTools!
  }

  /**
   * End the MCP servers the session's `mcp_tool` hooks started (those of an
   * `McpTools` from the context are its owner's to end). Call it when the
   * agent's session ends; events fired after it start the servers again.
   *
   * @since 0.2.0
   */
  close(): Effect.Effect<void> {
    return Effect.andThen(
      this.ownMcp?.close ?? Effect.void,
      Effect.suspend(() => {
        const telemetry = this.telemetry
        this.telemetry = undefined
        return telemetry === undefined ? Effect.void : Effect.promise(telemetry.shutdown)
      })
    )
  }

  /** `close` as a Promise. */
  closePromise(): Promise<void> {
    return Effect.runPromise(this.close())
  }

  /**
   * Read the settings once and start a session. The hooks run on
   * `options.hookProcess`, else on the `HookProcess` of the caller's context,
   * else as real processes. A relative `projectDir` is resolved against the
   * process's working directory; without a `settings` snapshot, a `projectDir`
   * that does not exist fails with `ProjectDirNotFound`.
   */
  static start(options: SessionOptions): Effect.Effect<HookSession, ProjectDirNotFound, FileSystem.FileSystem> {
    return Effect.gen(function* () {
      const projectDir =
        options.settings === undefined
          ? yield* checkProjectDir(options.projectDir)
          : absoluteProjectDir(options.projectDir)
      const settings = options.settings ?? (yield* loadSettings(settingsSourcesOf({ ...options, projectDir })))
      const session_id = options.session?.session_id ?? (yield* makeSessionId)
      const fromContext = options.hookProcess === undefined ? yield* Effect.serviceOption(HookProcess) : Option.none()
      const http = Option.getOrUndefined(yield* Effect.serviceOption(HttpHook))
      const mcpTools = Option.getOrUndefined(yield* Effect.serviceOption(McpTools))
      const prompts = Option.getOrUndefined(yield* Effect.serviceOption(PromptHooks))
      const session = new HookSession(
        { ...options, projectDir, settings, session: { ...options.session, session_id } },
        Option.getOrUndefined(fromContext),
        {
          ...(http === undefined ? {} : { http }),
          ...(mcpTools === undefined ? {} : { mcpTools }),
          ...(prompts === undefined ? {} : { prompts })
        }
      )
      session.rereadWhileUnreadable = options.settings === undefined
      return session
    })
  }

  /**
   * Before an event: while a user or managed file of the session's own
   * settings cannot be read, read the settings again (the new snapshot is
   * used, fixed or not, so its messages are current).
   */
  private readonly refreshUnreadable: Effect.Effect<void, never, FileSystem.FileSystem> = Effect.suspend(() => {
    if (!this.rereadWhileUnreadable || !deniesForUnreadable(this.snapshot)) return Effect.void
    return Effect.map(loadSettings(settingsSourcesOf(this.options)), (settings) => {
      this.snapshot = settings
    })
  })

  /**
   * The variables the session's hooks set through their env files
   * (`CLAUDE_ENV_FILE`, `WAVE_ENV_FILE`) so far: what the host should add to
   * the environment of the commands it runs. SessionStart, Setup and
   * FileChanged variables accumulate (later ones win); each CwdChanged
   * replaces the variables of the previous CwdChanged (Claude Code clears them
   * on the next change). Hooks themselves are not given these variables.
   *
   * @since 0.2.0
   */
  envFileVariables(): { readonly [name: string]: string } {
    return envFileVariables(this.state)
  }

  /** How many times in a row Stop (or SubagentStop) was blocked. */
  consecutiveStopBlocks(event: StopEvent = "Stop"): number {
    return SynchronizedRef.getUnsafe(this.stopBlocks[event])
  }

  /** Run the hooks of an event. */
  fire(event: HookEvent, payload: JsonRecord): Effect.Effect<RunHooksResult, never, FileSystem.FileSystem> {
    return Effect.andThen(
      this.refreshUnreadable,
      Effect.suspend(() => this.fireWithSnapshot(event, payload))
    )
  }

  private fireWithSnapshot(
    event: HookEvent,
    payload: JsonRecord
  ): Effect.Effect<RunHooksResult, never, FileSystem.FileSystem> {
    const run = (stopBlocks: number | undefined) => {
      const fields =
        stopBlocks !== undefined && !("stop_hook_active" in payload)
          ? { ...payload, stop_hook_active: stopBlocks > 0 }
          : payload
      const hookEnv = this.state.hookEnv
      const effect = runHooks({
        ...this.options,
        // Variables hooks set for later hooks (SetEnv) are part of the environment those hooks inherit.
        ...(hookEnv === undefined ? {} : { env: { ...(this.options.env ?? process.env), ...hookEnv } }),
        event,
        payload: fields,
        settings: this.settings,
        session: this.sessionFields,
        ranOnce: this.state.ranOnce,
        ...(stopBlocks === undefined ? {} : { stopBlocks })
      }).pipe(
        Effect.tap((result) =>
          Effect.sync(() => {
            this.state = evolve(this.state, event, result)
          })
        )
      )
      const withTransports = Effect.provideContext(effect, this.services)
      const traced =
        this.telemetry === undefined ? withTransports : withTransports.pipe(Effect.withTracer(this.telemetry.tracer))
      return this.hookProcess !== undefined ? traced : Effect.provide(traced, this.options.hookProcess!)
    }
    if (event !== "Stop" && event !== "SubagentStop") return run(undefined)
    // Read, run and update under the ref's lock: concurrent Stops are serialised.
    return SynchronizedRef.modifyEffect(this.stopBlocks[event], (blocks) =>
      run(blocks).pipe(
        // Stop's additionalContext (PromptModel) keeps the agent going too: the same loop limit applies.
        Effect.map((result) => [result, nextStopBlocks(blocks, result.effects)] as const)
      )
    )
  }

  /**
   * The services every event is given, built once (not a `provideService` per
   * service per event): the transports, and the hook process service when the
   * session has one (else `options.hookProcess`, a layer, is provided per event).
   */
  private get services(): Context.Context<HookProcess | McpTools | HttpHook | PromptHooks> {
    return (this.servicesCache ??= servicesOf(this.transports, this.hookProcess))
  }
  private servicesCache: Context.Context<HookProcess | McpTools | HttpHook | PromptHooks> | undefined

  /** Collected results leave the pending list; a successful `once` hook among them is remembered. */
  private take(results: ReadonlyArray<AsyncHookResult>): ReadonlyArray<AsyncHookResult> {
    this.state = collected(
      this.state,
      results.map((r) => ({ hook: r.hook, run: r.run, source: this.state.pending.find((p) => p.poll() === r) }))
    )
    return results
  }

  /**
   * The background (`async`, `asyncRewake`) hooks that finished since the
   * last collection, in start order; does not wait. Hand their `effects` to
   * the agent with its next turn (an `asyncRewake` hook that exited with 2
   * carries `wake`: prompt the model with it now).
   *
   * @since 0.2.0
   */
  collectAsync(): Effect.Effect<ReadonlyArray<AsyncHookResult>> {
    return Effect.sync(() =>
      this.take(
        this.state.pending.flatMap((p) => {
          const done = p.poll()
          return done === undefined ? [] : [done]
        })
      )
    )
  }

  /**
   * Wait for every background hook started so far (each bounded by its
   * timeout) and collect them all, e.g. at the end of a session.
   *
   * @since 0.2.0
   */
  awaitAsync(): Effect.Effect<ReadonlyArray<AsyncHookResult>> {
    return Effect.suspend(() => Effect.forEach([...this.state.pending], (p) => p.result)).pipe(
      Effect.map((results) => this.take(results))
    )
  }

  /** How many background hooks were started and not yet collected. */
  pendingAsyncCount(): number {
    return this.state.pending.length
  }

  /** `collectAsync` as a Promise. */
  collectAsyncPromise(): Promise<ReadonlyArray<AsyncHookResult>> {
    return Effect.runPromise(this.collectAsync())
  }

  /** `awaitAsync` as a Promise. */
  awaitAsyncPromise(): Promise<ReadonlyArray<AsyncHookResult>> {
    return Effect.runPromise(this.awaitAsync())
  }

  /** `fire` as a Promise, for callers that do not use Effect. */
  firePromise(event: HookEvent, payload: JsonRecord): Promise<RunHooksResult> {
    return Effect.runPromise(withNodeFileSystem(this.fire(event, payload)))
  }

  /**
   * `start` as a Promise; the hooks run on `options.hookProcess`, else as real
   * processes. Rejects with `ProjectDirNotFound` for a missing `projectDir`.
   */
  static async startPromise(options: SessionOptions): Promise<HookSession> {
    // With OTEL_EXPORTER_OTLP_* in its environment, the session exports its spans; close() flushes them.
    const telemetry = await startTelemetryFromEnv(options.env ?? process.env)
    const session = await Effect.runPromise(
      HookSession.start(options).pipe(Effect.provide(NodeFileSystem.layer))
    ).catch(async (error) => {
      await telemetry?.shutdown()
      throw error
    })
    session.telemetry = telemetry
    return session
  }
}

/**
 * The context of a session's services: `McpTools`, and `HttpHook`,
 * `PromptHooks` and `HookProcess` where the session has them. Typed as
 * holding all four: the runner looks `HttpHook` and `PromptHooks` up and
 * falls back to its defaults, and `HookProcess` is absent only when the
 * session provides `options.hookProcess` (a layer) around every event.
 */
const servicesOf = (
  transports: SessionTransports,
  hookProcess: HookProcess["Service"] | undefined
): Context.Context<HookProcess | McpTools | HttpHook | PromptHooks> => {
  let context: Context.Context<never> = Context.empty()
  context = Context.add(context, McpTools, transports.mcpTools!)
  if (transports.http !== undefined) context = Context.add(context, HttpHook, transports.http)
  if (transports.prompts !== undefined) context = Context.add(context, PromptHooks, transports.prompts)
  if (hookProcess !== undefined) context = Context.add(context, HookProcess, hookProcess)
  return context as Context.Context<HookProcess | McpTools | HttpHook | PromptHooks>
}

/**
 * `runHooks` as a Promise, for callers that do not use Effect: real processes,
 * or `hookProcess` (e.g. `HookProcess.layerTest(script)`) when given. Rejects
 * with `ProjectDirNotFound` (its message names the directory) when
 * `projectDir` does not exist; a relative one is resolved against the
 * process's working directory.
 *
 * **Untrusted project files**
 *
 * With the default trust policy (`trusted`), a project or local settings file
 * that was not trusted (`wave-hooks trust`), or changed since, runs none of
 * its hooks. Every result then carries a `Diagnostic` with code
 * `untrusted-settings` naming the file and the trust command, plus a
 * `ShowUser` warning on the events the file has hooks for: look for them in
 * `result.effects` (or hand the effects to an interpreter, which shows them),
 * or pass `trustPolicy: "all"` for a project you trust as a whole.
 *
 * **Example** (From plain TypeScript)
 *
 * ```ts
 * const { effects } = await runHooksPromise({ event: "Stop", payload: {}, projectDir: process.cwd() })
 * ```
 *
 * @category running
 * @since 0.1.0
 */
export const runHooksPromise = async (
  options: RunHooksOptions & { readonly hookProcess?: Layer.Layer<HookProcess> }
): Promise<RunHooksResult> => {
  // With OTEL_EXPORTER_OTLP_* in `env`, the event's spans are exported (and flushed before it resolves).
  const telemetry = await startTelemetryFromEnv(options.env ?? process.env)
  const run = runHooks(options).pipe(Effect.provide(withHookProcess(options.hookProcess)))
  if (telemetry === undefined) return Effect.runPromise(run)
  try {
    return await Effect.runPromise(run.pipe(Effect.withTracer(telemetry.tracer)))
  } finally {
    await telemetry.shutdown()
  }
}
