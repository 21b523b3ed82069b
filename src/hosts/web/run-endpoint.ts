/**
 * `POST /run`: agents send hook events to the web server, which runs the
 * hooks in one `HookSession`, carries the effects out on the page (asking in
 * the browser) and answers with the effects and the resolution.
 *
 * @since 0.1.0
 */
import { Effect, FileSystem, Layer, Option, Result, Schema, Semaphore } from "effect"
import type { HookEvent } from "../../core/events.ts"
import { HookEvent as HookEventSchema } from "../../core/events.ts"
import { checkPayload } from "../../core/payload-check.ts"
import type { JsonRecord } from "../../core/payload.ts"
import type { Resolution } from "../../interpreters/resolution.ts"
import type { EffectOf, HookEffect } from "../../effects/hook-effect.ts"
import type { RunObserver } from "../../settings/run-observer.ts"
import type { SessionOptions } from "../../runner/session.ts"
import { HookSession } from "../../runner/session.ts"
import { HookProcess } from "../../runner/hook-process.ts"
import { McpTools } from "../../runner/mcp-client.ts"
import type { ProjectDirNotFound } from "../../runner/run-hooks.ts"
import { settingsSourcesOf } from "../../runner/run-hooks.ts"
import { loadSettings } from "../../runner/settings-files.ts"
import type { SettingsSnapshot } from "../../settings/plan.ts"
import { askTimeoutSecondsOf } from "../../settings/validate-settings.ts"
import type { ToolCall } from "../../interpreters/contract.ts"
import { askTimeout, Interpreter } from "../../interpreters/contract.ts"
import type { AskOptions } from "../../interpreters/web/feed.ts"
import { webInterpreter, webRunObserver } from "../../interpreters/web/web-interpreter.ts"
import type { RunReply, WebServer } from "../../interpreters/web/web-server.ts"
import { withNodeFileSystem } from "../../runner/node-file-system.ts"
import type { FreshRead } from "./fresh-reads.ts"
import { freshReads } from "./fresh-reads.ts"
import * as SyncReadFileSystem from "../../runner/sync-read-file-system.ts"

// ====== Models ======

const JsonObject = Schema.Record(Schema.String, Schema.Unknown)

/**
 * The body of `POST /run`: `{"event": "...", "payload": {...}, "tool"?: {...}}`.
 *
 * **Details**
 *
 * `payload` holds the event's fields (`tool_name`, `tool_input`, `prompt`,
 * ...); the session adds `session_id`, `transcript_path`, `cwd` and
 * `hook_event_name`. Without `tool`, a tool event's tool call is taken from
 * `tool_name`, `tool_input` and `tool_use_id`; with it, those payload fields
 * default to the tool's.
 *
 * @category models
 * @since 0.1.0
 */
export const RunRequest = Schema.Struct({
  event: HookEventSchema,
  payload: Schema.optionalKey(JsonObject),
  tool: Schema.optionalKey(Schema.Struct({ id: Schema.String, name: Schema.String, input: JsonObject }))
})

/**
 * A decoded `POST /run` body.
 *
 * @category models
 * @since 0.1.0
 */
export type RunRequest = typeof RunRequest.Type

/**
 * The answer of `POST /run` (status 200).
 *
 * @category models
 * @since 0.1.0
 */
export interface RunResponse {
  readonly effects: ReadonlyArray<HookEffect>
  readonly resolution: Resolution
  /** The variables the hooks wrote to their env files, when there are any (SessionStart and the like); since 0.2.0. */
  readonly env?: { readonly [name: string]: string }
}

const decodeBody = Schema.decodeUnknownResult(Schema.fromJsonString(RunRequest))

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ")

let nextToolId = 1

/** The tool call and the full payload of a request. */
const toolAndPayload = (request: RunRequest): { readonly tool?: ToolCall; readonly payload: JsonRecord } => {
  const payload: JsonRecord = request.payload ?? {}
  if (request.tool !== undefined) {
    const { id, name, input } = request.tool
    return { tool: { id, name, input }, payload: { tool_name: name, tool_input: input, tool_use_id: id, ...payload } }
  }
  const name = payload["tool_name"]
  const input = payload["tool_input"]
  if (typeof name !== "string" || typeof input !== "object" || input === null || Array.isArray(input))
    return { payload }
  const given = payload["tool_use_id"]
  const id = typeof given === "string" ? given : `web_${String(nextToolId++).padStart(3, "0")}`
  return { tool: { id, name, input: input as JsonRecord }, payload }
}

/**
 * Check a `POST /run` body: the request, or a message saying what to fix.
 *
 * @category decoding
 * @since 0.1.0
 */
export const parseRunRequest = (
  body: string
): Result.Result<
  {
    readonly event: HookEvent
    readonly payload: JsonRecord
    readonly tool?: ToolCall
    /** Since 0.2.0: one `invalid-field` Diagnostic per optional payload field of an unexpected type (the run goes on). */
    readonly problems?: ReadonlyArray<EffectOf<"Diagnostic">>
  },
  string
> => {
  const decoded = decodeBody(body)
  if (Result.isFailure(decoded)) {
    return Result.fail(
      `Send {"event": "<HookEvent>", "payload": {...}, "tool"?: {"id", "name", "input"}}: ${oneLine(decoded.failure.message)}`
    )
  }
  const { event } = decoded.success
  const { tool, payload } = toolAndPayload(decoded.success)
  const checked = checkPayload(event, payload, "the request")
  if (Result.isFailure(checked)) return Result.fail(`The payload is not a valid ${event} payload: ${checked.failure}`)
  return Result.succeed({
    event,
    payload,
    ...(tool === undefined ? {} : { tool }),
    ...(checked.success.length === 0 ? {} : { problems: checked.success })
  })
}

// ====== Serving ======

/**
 * Options of `serveHookRuns`: the hook session's, how questions wait on the
 * page (`AskOptions`), and the ask timeout.
 *
 * @category models
 * @since 0.1.0
 */
export type ServeRunsOptions = SessionOptions &
  AskOptions & {
    /**
     * Deny a question nobody answered within this many milliseconds, with a
     * deny reason saying it timed out; wins over the settings'
     * `askTimeoutSeconds`. Default: the settings' value, else wait until
     * answered.
     */
    readonly askTimeoutMs?: number
  }

/** What identifies a snapshot's content: each file, its hash and its trust. */
const fingerprintOf = (snapshot: SettingsSnapshot): string =>
  JSON.stringify([
    snapshot.dialect,
    snapshot.files.map((f) => [
      f.file,
      f.sha256,
      f.trust,
      f.readable,
      (f.hooksWithChangedScripts ?? []).map((b) => [b.hook.path, b.changes])
    ])
  ])

/**
 * Serve `POST /run` on a web server with one hook session.
 *
 * **Details**
 *
 * The settings files are read again before each event (unless `settings`, a
 * fixed snapshot, is given): a changed or newly trusted settings file applies
 * to the next `POST /run`, without a restart. Events that arrive while the
 * files are being read share the next read, which starts after they arrived. The session id stays; when the
 * settings changed, the Stop-loop count starts again. A question nobody
 * answers within `askTimeoutMs` (else the settings' `askTimeoutSeconds`) is
 * denied, with a deny reason saying it timed out. Events run their
 * hooks one at a time (so each hook run lands on its own card and the
 * Stop-loop count stays right), then each request waits for its own answer
 * on the page, so one pending question does not hold up other agents. A
 * request whose client goes away withdraws its question. Answers: 200
 * `{effects, resolution}`, 400 for a bad body, 413 for one over 1 MiB. Fails
 * with `ProjectDirNotFound` when `projectDir` does not exist.
 *
 * **Example** (Serve a project's hooks)
 *
 * ```ts
 * const server = yield* makeWebServer()
 * yield* serveHookRuns(server, { projectDir: "/repo" })
 * // curl -X POST -H "Authorization: Bearer $TOKEN" http://127.0.0.1:PORT/run -d '{"event":"Stop","payload":{}}'
 * ```
 *
 * @category serving
 * @since 0.1.0
 */
export const serveHookRuns = (
  server: WebServer,
  options: ServeRunsOptions
): Effect.Effect<HookSession, ProjectDirNotFound, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const card: CardObserver = { current: undefined }
    const { first, readSettings, currentSession } = yield* endpointSessions(
      options,
      forwardingObserver(options.observer, card)
    )
    const oneAtATime = yield* Semaphore.make(1)
    const context = yield* Effect.context<FileSystem.FileSystem>()
    const ask: AskOptions = {
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.timeoutAnswer === undefined ? {} : { timeoutAnswer: options.timeoutAnswer })
    }
    const endpoint: Endpoint = { server, options, ask, card, readSettings, currentSession, oneAtATime }
    server.serveRuns((body, signal) => Effect.runPromiseWith(context)(handleRun(endpoint, body), { signal }))
    return first
  })

/** Where the hooks' runs are shown: the page's card of the event running now, if any. */
interface CardObserver {
  current: RunObserver | undefined
}

/** The sessions' observer: the caller's (`options.observer`), then the current card's. */
const forwardingObserver = (outer: RunObserver | undefined, card: CardObserver): RunObserver => ({
  started: (hook) => {
    outer?.started?.(hook)
    card.current?.started?.(hook)
  },
  finished: (hook, run, effects) => {
    outer?.finished?.(hook, run, effects)
    card.current?.finished?.(hook, run, effects)
  }
})

/**
 * The endpoint's hook sessions: the first, started now, and the session for
 * the next event, a new one (same id) when the settings files changed (unless
 * `options.settings` fixes them). Every session runs with the context's
 * HookProcess (if any) and one set of MCP servers: the context's, else the
 * first session's own.
 */
const endpointSessions = (options: ServeRunsOptions, observer: RunObserver) =>
  Effect.gen(function* () {
    // The HookProcess of the caller's context (if any) also runs the sessions made on a reload.
    const hookProcess = options.hookProcess === undefined ? yield* Effect.serviceOption(HookProcess) : Option.none()
    let mcpTools = Option.getOrUndefined(yield* Effect.serviceOption(McpTools))
    const startSession = (settings: SettingsSnapshot | undefined, session: SessionOptions["session"]) => {
      const start = HookSession.start({
        ...options,
        observer,
        ...(settings === undefined ? {} : { settings }),
        ...(session === undefined ? {} : { session })
      })
      const withMcp = mcpTools === undefined ? start : Effect.provideService(start, McpTools, mcpTools)
      return Option.isSome(hookProcess) ? Effect.provideService(withMcp, HookProcess, hookProcess.value) : withMcp
    }
    const first = yield* startSession(options.settings, options.session)
    mcpTools ??= first.mcpTools
    // A reload passes the settings it read, so it does not check the directory again.
    const restart = (settings: SettingsSnapshot, session: SessionOptions["session"]) =>
      startSession(settings, session).pipe(Effect.orDie)
    let session = first
    let fingerprint = fingerprintOf(first.settings)
    /** The generation of the read the session's settings came from: an older read changes nothing. */
    let applied = 0
    // Events that arrive while the files are being read share the next read (fresh-reads.ts): each still sees the
    // files as they were when it arrived, or newer. The read is synchronous (a few small files; `run` reads them so too).
    // A synchronous read ends in the tick it starts: it waits for the round of I/O to end, so the events of one
    // round share it.
    const nextRead = freshReads(
      () =>
        Effect.runPromise(
          loadSettings(settingsSourcesOf(options)).pipe(
            Effect.provideService(FileSystem.FileSystem, SyncReadFileSystem.syncReadFileSystem)
          )
        ),
      () => new Promise((resolve) => setImmediate(resolve))
    )
    /** The settings files as they are now (none when `options.settings` fixes them); outside the one-at-a-time lock. */
    const readSettings: Effect.Effect<FreshRead<SettingsSnapshot> | undefined> =
      options.settings !== undefined ? Effect.undefined : Effect.promise(nextRead)
    /** The session for the next event: a new one (same id) when the settings files read changed. */
    const currentSession = (read: FreshRead<SettingsSnapshot> | undefined) =>
      Effect.gen(function* () {
        if (read === undefined || read.generation <= applied) return session
        applied = read.generation
        const next = fingerprintOf(read.value)
        if (next !== fingerprint) {
          session = yield* restart(read.value, session.sessionFields)
          fingerprint = next
        }
        return session
      })
    return { first, readSettings, currentSession }
  })

/** What `handleRun` works with. */
interface Endpoint {
  readonly server: WebServer
  readonly options: ServeRunsOptions
  readonly ask: AskOptions
  readonly card: CardObserver
  /** The settings files as they are now, read outside the lock (shared by the events waiting for a read). */
  readonly readSettings: Effect.Effect<FreshRead<SettingsSnapshot> | undefined>
  /** The session for an event, given its read: a new one when the files changed. Runs under the lock. */
  readonly currentSession: (
    read: FreshRead<SettingsSnapshot> | undefined
  ) => Effect.Effect<HookSession, never, FileSystem.FileSystem>
  /** Events run their hooks one at a time. */
  readonly oneAtATime: Semaphore.Semaphore
}

/** A `POST /run` request, parsed. */
type ParsedRun = Result.Result.Success<ReturnType<typeof parseRunRequest>>

/** The ask timeout of an event: the option, else the settings' `askTimeoutSeconds`, else none. */
const askTimeoutMsOf = (
  option: number | undefined,
  files: Parameters<typeof askTimeoutSecondsOf>[0]
): number | undefined => {
  const fromSettings = askTimeoutSecondsOf(files)
  return option ?? (fromSettings === undefined ? undefined : fromSettings * 1000)
}

/**
 * Fire an event on the current session, on a card of its own (opened here:
 * `opened` is told its number) that shows its hooks' runs; the payload's
 * tolerated problems come first among the effects.
 */
const fireOnCard = (
  endpoint: Endpoint,
  run: ParsedRun,
  read: FreshRead<SettingsSnapshot> | undefined,
  opened: (card: number) => void
) =>
  Effect.gen(function* () {
    const { server, card: shown } = endpoint
    const live = yield* endpoint.currentSession(read)
    const card = server.feed.open(run.event, run.tool)
    opened(card)
    shown.current = webRunObserver(server, card)
    const fired = yield* live
      .fire(run.event, run.payload)
      .pipe(Effect.ensuring(Effect.sync(() => void (shown.current = undefined))))
    const problems = run.problems ?? []
    // The payload's tolerated problems come first, like every diagnostic.
    const hooks = problems.length === 0 ? fired : { ...fired, effects: [...problems, ...fired.effects] }
    return { card, hooks, timeoutMs: askTimeoutMsOf(endpoint.options.askTimeoutMs, live.settings.files) }
  })

/** Carry the effects out on the page, on the event's card, a question waiting at most `timeoutMs`. */
const carryOutOnPage = (
  endpoint: Endpoint,
  run: ParsedRun,
  card: number,
  effects: ReadonlyArray<HookEffect>,
  timeoutMs: number | undefined
) => {
  const interpreter = webInterpreter(endpoint.server, { ...endpoint.ask, card }).pipe(
    Layer.provide(timeoutMs === undefined ? Layer.empty : askTimeout(timeoutMs))
  )
  return Effect.gen(function* () {
    return yield* (yield* Interpreter).carryOut({
      event: run.event,
      effects,
      ...(run.tool === undefined ? {} : { tool: run.tool })
    })
  }).pipe(Effect.provide(interpreter))
}

/**
 * Answer one `POST /run` body: 400 when it is not a request; else fire the
 * event (one at a time), then wait for its own answer on the page (so one
 * pending question does not hold up other agents), and answer 200.
 */
const handleRun = (endpoint: Endpoint, body: string): Effect.Effect<RunReply, never, FileSystem.FileSystem> => {
  let opened: number | undefined
  return Effect.gen(function* () {
    const parsed = parseRunRequest(body)
    if (Result.isFailure(parsed)) return { status: 400, json: { error: parsed.failure } }
    const run = parsed.success
    const read = yield* endpoint.readSettings
    const { card, hooks, timeoutMs } = yield* endpoint.oneAtATime.withPermit(
      fireOnCard(endpoint, run, read, (n) => (opened = n))
    )
    const resolution = yield* carryOutOnPage(endpoint, run, card, hooks.effects, timeoutMs)
    const env = hooks.env === undefined || Object.keys(hooks.env).length === 0 ? {} : { env: hooks.env }
    return { status: 200, json: { effects: hooks.effects, resolution, ...env } satisfies RunResponse }
  }).pipe(
    // The client went away: its card says so, and its question leaves the page.
    Effect.onInterrupt(() =>
      Effect.sync(() => (opened === undefined ? undefined : endpoint.server.feed.abandon(opened)))
    )
  )
}

/**
 * `serveHookRuns` without Effect: serve `POST /run` on a server started with
 * `startWebServer`; resolves with the hook session (as it started) once the
 * settings were read.
 *
 * **Details**
 *
 * Stop serving with `server.serveRuns(undefined)`, or close the server
 * (`server.close()`), which lets in-flight runs answer first.
 *
 * **Example** (Serve a project's hooks from plain TypeScript)
 *
 * ```ts
 * const server = await startWebServer()
 * await serveHookRunsPromise(server, { projectDir: "/repo", timeoutMs: 120_000 })
 * console.log(`POST hook events to http://127.0.0.1:${server.port}/run with Authorization: Bearer ${server.token}`)
 * // ... later
 * await server.close()
 * ```
 *
 * @category serving
 * @since 0.1.0
 */
export const serveHookRunsPromise = (server: WebServer, options: ServeRunsOptions): Promise<HookSession> =>
  Effect.runPromise(withNodeFileSystem(serveHookRuns(server, options)))
