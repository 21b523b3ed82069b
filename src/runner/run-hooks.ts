/**
 * Running the hooks of one event: select them from the settings, run them in
 * config order (parallel groups concurrently), chain tool input and output
 * updates, decide each run and combine (ARCHITECTURE sections 6-8).
 *
 * @since 0.1.0
 */
import { at } from "../core/rule-id.ts"
import { Effect, type Fiber, FileSystem, References, Schema, Tracer } from "effect"
import { isAbsolute, resolve } from "node:path"
import type { CombineOptions } from "../core/combine.ts"
import { combineTraced } from "../core/combine.ts"
import { applyLoopLimit, applyPayloadRules } from "../core/payload-rules.ts"
import { joinContexts, laterVerdictsOverride } from "../settings/merge-rows.ts"
import { decideTraced } from "../core/decide.ts"
import type { Dialect } from "../core/dialect.ts"
import type { HookEvent } from "../core/events.ts"
import type { HookRun } from "../core/hook-run.ts"
import { hookRun } from "../core/hook-run.ts"
import { isBackgroundHook } from "../settings/handler-fields.ts"
import type { JsonRecord, SessionFields } from "../core/payload.ts"
import { buildPayload } from "../core/payload.ts"
import type { HookPlan, SettingsSnapshot } from "../settings/plan.ts"
import { hookDialectOf } from "../settings/plan.ts"
import type { ConfiguredHook, SettingsDiagnostic } from "../settings/settings-schema.ts"
import { changedScriptHooksFor, planHooks, skippedEntriesFor, untrustedFilesFor } from "../settings/plan.ts"
import { redactUrlsIn } from "../settings/http-hook-config.ts"
import {
  brokenGuardEntriesOf,
  brokenGuardEntryEffects,
  unreadableSettingsEffects,
  unreadableSettingsOf
} from "../settings/unreadable-settings.ts"
import type { TrustPolicy } from "../settings/trust.ts"
import type { TracedEffect } from "../core/trace.ts"
import type { HookEffect } from "../effects/hook-effect.ts"
import { Diagnostic } from "../effects/hook-effect.ts"
import { hookEnvironment } from "./hook-env.ts"
import { HookProcess } from "./hook-process.ts"
import type { BackgroundHookRun } from "./background-hooks.ts"
import { startBackground } from "./background-hooks.ts"
import { hookCommandLine } from "./hook-command-line.ts"
import { failedOpenEffects, runLimits } from "./run-limits.ts"
import { capHookTexts } from "./text-cap.ts"
import { makeSessionId } from "./session-id.ts"
import { setEnvVariables } from "./session-state.ts"
import type { SettingsSources } from "./settings-files.ts"
import { loadSettings } from "./settings-files.ts"
import type { EnvFileOutcome } from "./hook-run-setup.ts"
import { envFileEffects, runWithSetup } from "./hook-run-setup.ts"
import { envFileEvents } from "./env-file.ts"
import { excludedByPolicyEffects } from "./policy-effects.ts"
import { managedSettingsDirVariable } from "./managed-settings.ts"
import { handlerServices, runHandlerHook } from "./transport-hook.ts"
import type { TransportHandler } from "../settings/hook-types.ts"
import { McpTools } from "./mcp-client.ts"
import type { ModelSource } from "./prompt-hook.ts"
import { dialectRules, dialects } from "../core/dialect.ts"
import { agentEventNamed, agentEventOf } from "../core/dialect-events.ts"
import { payloadForHook } from "../core/copilot-payload.ts"
import {
  changedScriptEffects,
  missingToolNameEffects,
  sourcePriorityEffects,
  skippedEffects,
  transportNoteEffects,
  untrustedEffects,
  untrustedElsewhereEffects
} from "../settings/run-notices.ts"
import type { RunObserver } from "../settings/run-observer.ts"
import {
  decisionAttributes,
  decisionSpanName,
  eventResultAttributes,
  eventSpanName,
  hookRunAttributes,
  hookSpanAttributes,
  hookSpanName,
  secretValuesOf
} from "./telemetry.ts"
import { recordInAuditLog } from "./audit-log.ts"

// ====== Models ======

/**
 * Told when each hook starts and finishes (spinners, live web pages). Defined
 * on the interpreter side (`interpreters/run-observer.ts`), so interpreters do
 * not import the runner; re-exported here for `wave-hooks/runner`.
 *
 * @category models
 * @since 0.1.0
 */
export type { RunObserver } from "../settings/run-observer.ts"
export { skippedEntryText } from "../settings/run-notices.ts"

/**
 * What `runHooks` needs.
 *
 * @category models
 * @since 0.1.0
 */
export interface RunHooksOptions {
  readonly event: HookEvent
  /**
   * The agent's name of the event, when the agent fired it by a name of its own that others share (Cursor's
   * `beforeShellExecution`, which fires PreToolUse as `preToolUse` does): only the hooks configured under
   * that name run, and it is the payload's `hook_event_name`. Since 0.5.0.
   */
  readonly agentEvent?: string
  /** The event's fields (`tool_name`, `tool_input`, `prompt`, ...); common fields are added when absent. */
  readonly payload: JsonRecord
  readonly projectDir: string
  /** Where user settings live; default `$HOME`. */
  readonly homeDir?: string
  /**
   * Read only this dialect's settings files, in it (`--dialect`). Absent:
   * both dialects' files, each hook decided in its own file's dialect, the
   * run's dialect chosen by `runDialectOf` (since 0.2.0; wave before).
   */
  readonly dialect?: Dialect
  /** The environment hooks inherit (filtered by each hook's `env` allowlist); default `process.env`. */
  readonly env?: { readonly [name: string]: string | undefined }
  /** A settings snapshot read earlier (a session reads settings once); default: read them now. */
  readonly settings?: SettingsSnapshot
  /** Session fields for the payload; defaults are generated. */
  readonly session?: Partial<SessionFields>
  /** Bytes kept of each output stream; default 1 MiB. */
  readonly outputCapBytes?: number
  /** Between SIGTERM and SIGKILL on timeout; default 1000 ms. */
  readonly killGraceMs?: number
  /** How project and local settings are trusted (default `trusted`); see `SettingsSources`. */
  readonly trustPolicy?: TrustPolicy
  readonly askTrust?: SettingsSources["askTrust"]
  /** Consecutive Stop blocks so far and the cap (section 6.6). */
  readonly stopBlocks?: number
  readonly stopLoopCap?: number
  readonly observer?: RunObserver
  /** Plugin folders whose `hooks/hooks.json` hooks run after the settings files' (`--plugin-dir`); since 0.2.0. */
  readonly pluginDirs?: ReadonlyArray<string>
  /** The managed settings folder; default `$WAVE_HOOKS_MANAGED_SETTINGS_DIR` of `env`, else `/etc/wave` or `/etc/claude-code`; since 0.2.0. */
  readonly managedSettingsDir?: string
  /**
   * `onceKey`s of the `once` hooks that already ran successfully (a
   * `HookSession` keeps them); those do not run again.
   *
   * @since 0.2.0
   */
  readonly ranOnce?: ReadonlySet<string>
  /**
   * The language model `prompt` and `agent` hooks ask (one for every hook, or
   * a function of the hook's `model`), when no `PromptHooks` is in the
   * context; default: the OpenAI-compatible endpoint of `env`
   * (`OPENAI_BASE_URL`, `OPENAI_API_KEY`, `WAVE_HOOKS_MODEL`).
   *
   * @since 0.2.0
   */
  readonly model?: ModelSource
  /**
   * Append one JSON line per event to this file (`--audit-log`): created
   * with mode 0600, each line written whole with one `write(2)`; a relative
   * path is taken from the home directory, and only a regular file of the
   * user's is written (never through a symbolic link). Default: the
   * `auditLog` of the user's (or managed) settings, else none. See
   * `auditLineOf` for the line, `recordInAuditLog` for a log that cannot be
   * written (a warning; the decision stands).
   *
   * @since 0.2.0
   */
  readonly auditLog?: string
  /**
   * `false`: the `async` / `asyncRewake` hooks are not started here; they
   * are only listed in `plan.background`, for the caller to start elsewhere
   * (the CLI's one-shot `run` hands them to a detached worker, so it does
   * not wait for them). Default `true`: they start with the event's hooks
   * and are in `RunHooksResult.background`.
   *
   * @since 0.2.0
   */
  readonly startBackground?: boolean
}

/**
 * One hook's run, with the effects `decide` gave it.
 *
 * @category models
 * @since 0.1.0
 */
export interface HookRunRecord {
  readonly hook: ConfiguredHook
  readonly run: HookRun
  readonly effects: ReadonlyArray<TracedEffect>
  /** What the hook's env file gave (SessionStart, Setup, CwdChanged, FileChanged); since 0.2.0. */
  readonly envFile?: EnvFileOutcome
}

/**
 * The outcome of an event's hooks.
 *
 * @category models
 * @since 0.1.0
 */
export interface RunHooksResult {
  readonly event: HookEvent
  /** The combined effects: what the agent carries out. */
  readonly effects: ReadonlyArray<HookEffect>
  /** The same with the rule and the hook behind each effect. */
  readonly traced: ReadonlyArray<TracedEffect>
  readonly runs: ReadonlyArray<HookRunRecord>
  readonly plan: HookPlan
  /** Settings entries for this event that were skipped because of errors. */
  readonly skipped: ReadonlyArray<SettingsDiagnostic>
  /** The tool input after every update (PreToolUse, PermissionRequest). */
  readonly toolInput?: unknown
  /**
   * The variables the hooks appended to their env files (`CLAUDE_ENV_FILE`,
   * `WAVE_ENV_FILE`), later hooks winning: for the host to set in the
   * session's environment. Present on SessionStart, Setup, CwdChanged and
   * FileChanged; since 0.2.0. Since 0.5.0 also the variables of the
   * combined `SetEnv` effects (Cursor's sessionStart `env`), present on any
   * event that has them, over the env files' values.
   */
  readonly env?: { readonly [name: string]: string }
  /**
   * The `async` / `asyncRewake` hooks this event started: they run on, and
   * are not part of `effects`. Await or poll each, or let a `HookSession`
   * collect them.
   *
   * @since 0.2.0
   */
  readonly background?: ReadonlyArray<BackgroundHookRun>
}

/**
 * The `projectDir` given to `runHooks`, `runHooksPromise` or
 * `HookSession.start` does not exist (or is not a directory): no hook ran.
 * The message names the directory and says how to fix it.
 *
 * @category errors
 * @since 0.1.0
 */
export class ProjectDirNotFound extends Schema.TaggedError<ProjectDirNotFound>()("ProjectDirNotFound", {
  /** The directory as given. */
  projectDir: Schema.String,
  /** The absolute directory that was looked for. */
  resolved: Schema.String,
  message: Schema.String
}) {}

// ====== Running ======

/**
 * The absolute project directory: a relative `projectDir` is resolved against
 * the process's working directory, so `WAVE_PROJECT_DIR` and the payload's
 * `cwd` are absolute and a hook running `$WAVE_PROJECT_DIR/x.sh` finds it from
 * any directory.
 *
 * @category running
 * @since 0.1.0
 */
export const absoluteProjectDir = (projectDir: string): string =>
  isAbsolute(projectDir) ? projectDir : resolve(projectDir)

/**
 * The absolute project directory (`absoluteProjectDir`), or
 * `ProjectDirNotFound` when it does not exist or is not a directory.
 *
 * @category running
 * @since 0.1.0
 */
export const checkProjectDir = (projectDir: string): Effect.Effect<string, ProjectDirNotFound, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const resolved = absoluteProjectDir(projectDir)
    const info = yield* fs.stat(resolved).pipe(Effect.result)
    if (info._tag === "Success" && info.success.type === "Directory") return resolved
    const what = info._tag === "Success" ? "is not a directory" : "does not exist"
    const given =
      resolved === projectDir
        ? resolved
        : `${resolved} (projectDir ${JSON.stringify(projectDir)} resolved against ${process.cwd()})`
    return yield* new ProjectDirNotFound({
      projectDir,
      resolved,
      message:
        `The project directory ${given} ${what}, so no hooks ran. ` +
        `Pass the project's root directory as projectDir (an absolute path, e.g. process.cwd() when the agent runs there).`
    })
  })

/**
 * Where a run's (or a session's) settings come from: the project, `homeDir`
 * (default `$HOME` of `env`), the dialect (absent: both dialects' files) and
 * the trust policy.
 *
 * @category running
 * @since 0.1.0
 */
export const settingsSourcesOf = (
  options: Pick<
    RunHooksOptions,
    "projectDir" | "homeDir" | "dialect" | "env" | "trustPolicy" | "askTrust" | "pluginDirs" | "managedSettingsDir"
  >
): SettingsSources => {
  const env = options.env ?? process.env
  const managed = options.managedSettingsDir ?? env[managedSettingsDirVariable]
  const agentHomes = Object.fromEntries(
    agentHomeVariables.flatMap((name) => {
      const value = env[name]
      return value === undefined || value === "" ? [] : [[name, value] as const]
    })
  )
  return {
    projectDir: options.projectDir,
    homeDir: options.homeDir ?? (options.env ?? process.env)["HOME"] ?? "",
    ...(options.dialect === undefined ? {} : { dialect: options.dialect }),
    ...(options.trustPolicy === undefined ? {} : { trustPolicy: options.trustPolicy }),
    ...(options.askTrust === undefined ? {} : { askTrust: options.askTrust }),
    ...(options.pluginDirs === undefined ? {} : { pluginDirs: options.pluginDirs }),
    ...(managed === undefined || managed === "" ? {} : { managedSettingsDir: managed }),
    ...(Object.keys(agentHomes).length === 0 ? {} : { agentHomes })
  }
}

/** The variables that move an agent's user folder (`SettingsFileRow.homeVariable`), across the dialects. */
const agentHomeVariables: ReadonlyArray<string> = [
  ...new Set(
    dialects.flatMap((d) =>
      dialectRules[d].settingsFiles.flatMap(
        (row): ReadonlyArray<string> => (row.homeVariable === undefined ? [] : [row.homeVariable])
      )
    )
  )
]

/**
 * The session fields of a payload: the given ones, a generated `session_id`
 * (`makeSessionId`), an empty `transcript_path` and the project as `cwd`.
 * With `payload` (since 0.2.0), the payload's own non-empty string
 * `session_id`, `transcript_path` and `cwd` win: they are what the hooks
 * read, so the audit line and the spans carry the agent's session id.
 *
 * @category running
 * @since 0.1.0
 */
export const sessionFieldsOf = (
  projectDir: string,
  session: Partial<SessionFields> | undefined,
  payload?: JsonRecord
): Effect.Effect<SessionFields> => {
  const given = (key: keyof SessionFields): string | undefined => {
    const value = payload?.[key]
    return typeof value === "string" && value !== "" ? value : session?.[key]
  }
  const fields = (session_id: string): SessionFields => ({
    session_id,
    transcript_path: given("transcript_path") ?? "",
    cwd: given("cwd") ?? projectDir
  })
  // On every event's path: no generator when the session id is given (a host's session always gives one).
  const id = given("session_id")
  return id === undefined ? Effect.map(makeSessionId, fields) : Effect.succeed(fields(id))
}

/**
 * The project directory variables an `mcp_tool` hook's server starts with:
 * those of the run's dialect and of every settings file's (a server declared
 * in a `.claude/` file gets `CLAUDE_PROJECT_DIR`, as that file's hooks do).
 *
 * @category running
 * @since 0.2.0
 */
export const serverProjectVariables = (
  snapshot: Pick<SettingsSnapshot, "files">,
  dialect: Dialect,
  projectDir: string
): { readonly [name: string]: string } =>
  Object.fromEntries(
    [dialect, ...snapshot.files.flatMap((f) => (f.dialect === undefined ? [] : [f.dialect]))]
      .flatMap((d) => dialectRules[d].projectDirVariables)
      .map((name) => [name, projectDir])
  )

/** The payload field that later hooks see updated, per event. */
const chainedField = (
  event: HookEvent
): { readonly field: string; readonly tag: "UpdateInput" | "UpdateToolOutput" } | undefined =>
  event === "PreToolUse" || event === "PermissionRequest"
    ? { field: "tool_input", tag: "UpdateInput" }
    : event === "PostToolUse"
      ? { field: "tool_response", tag: "UpdateToolOutput" }
      : undefined

const updateValue = (
  effects: ReadonlyArray<TracedEffect>,
  tag: "UpdateInput" | "UpdateToolOutput"
): { readonly value: unknown } | undefined => {
  let found: { value: unknown } | undefined
  for (const { effect } of effects) {
    if (effect._tag === "UpdateInput" && tag === "UpdateInput") found = { value: effect.input }
    if (effect._tag === "UpdateToolOutput" && tag === "UpdateToolOutput") found = { value: effect.output }
  }
  return found
}

/**
 * Run the hooks of one event and combine their effects.
 *
 * **When to use**
 *
 * In an agent, at each hook event; then hand `effects` to an interpreter.
 * Needs `FileSystem` (for settings) and `HookProcess` (`HookProcess.layer`
 * for real processes, `HookProcess.layerTest` for canned runs); use
 * `runHooksPromise` outside Effect.
 *
 * **Details**
 *
 * Hooks run in config order (user, project, local settings; array order), one
 * at a time; a matcher group with `"parallel": true` runs its hooks
 * concurrently, merged in config order. Identical hooks run once. A later
 * PreToolUse / PermissionRequest hook receives `tool_input` as updated by the
 * earlier ones, a later PostToolUse hook the updated `tool_response`. Entries
 * skipped for errors are reported as warnings, so a broken guard is never
 * silent. The hooks' environment comes from `env` (default `process.env`),
 * filtered by each hook's allowlist.
 *
 * While a user or managed settings file cannot be read (a syntax error, not a
 * regular file, too big), the result says so on every event and denies every
 * tool call: PreToolUse and PermissionRequest get a `BlockTool` naming the file
 * and the fix (`unreadableSettingsEffects`), whatever the other hooks answer.
 * An untrusted project's unreadable file only warns.
 *
 * A relative `projectDir` is resolved against the process's working
 * directory (`WAVE_PROJECT_DIR` and the payload's `cwd` are absolute). Without
 * a `settings` snapshot, the settings are read now and a `projectDir` that
 * does not exist fails with `ProjectDirNotFound`; with a snapshot, the caller
 * read them (`HookSession.start` checks the directory). A tool event whose
 * payload has no `tool_name` gets a `missing-tool-name` Diagnostic and a
 * warning: only hooks matching every tool can run.
 *
 * **Example** (A guard)
 *
 * ```ts
 * const result = yield* runHooks({ event: "PreToolUse", projectDir: "/repo",
 *   payload: { tool_name: "Bash", tool_input: { command: "rm -rf /" } } })
 * result.effects // => [{ _tag: "BlockTool", reason: "rm -rf is not allowed" }]
 * ```
 *
 * @category running
 * @since 0.1.0
 */
export function runHooks(
  options: RunHooksOptions & { readonly settings: SettingsSnapshot }
): Effect.Effect<RunHooksResult, never, FileSystem.FileSystem | HookProcess>
export function runHooks(
  options: RunHooksOptions
): Effect.Effect<RunHooksResult, ProjectDirNotFound, FileSystem.FileSystem | HookProcess>
export function runHooks(
  options: RunHooksOptions
): Effect.Effect<RunHooksResult, ProjectDirNotFound, FileSystem.FileSystem | HookProcess> {
  if (options.settings !== undefined)
    return runHooksIn({ ...options, projectDir: absoluteProjectDir(options.projectDir) })
  return Effect.flatMap(checkProjectDir(options.projectDir), (projectDir) => runHooksIn({ ...options, projectDir }))
}

/** Spans of the engine's own steps carry no stack trace (creating one costs). */
const noStackTrace = { captureStackTrace: false } as const

/** What one event holds beside its options: the MCP servers it started, and whether its spans go anywhere. */
interface EventScope {
  /** The MCP servers the event started itself (nothing provided `McpTools`): ended when the event is decided. */
  ownMcp: ReturnType<typeof McpTools.unscoped> | undefined
  /**
   * A tracing backend is installed: with only Effect's `nativeTracer` (spans kept nowhere) the event makes no
   * spans and computes no attributes, which is most of an event's own time when no hook matches.
   */
  readonly tracing: boolean
}

/** The variable that lets a dialect's http hooks post to this machine over http:// (Copilot's), when it has one. */
const httpsOnlyUnlessOf = (dialect: Dialect): string | undefined => {
  const urls = dialectRules[dialect].httpUrls
  return urls === "any" ? undefined : urls.localSwitch
}

/** The handler types whose answer wave-hooks writes itself, in its own vocabulary. */
const engineAnswers: ReadonlyArray<string> = ["prompt", "agent", "message"]

/** Whether the fiber's spans reach a backend (tracing on, and a tracer other than Effect's in-memory default). */

const tracingIn = (fiber: Fiber.Fiber<unknown, unknown>): boolean =>
  fiber.getRef(References.TracerEnabled) && fiber.getRef(Tracer.Tracer) !== Tracer.nativeTracer

const runHooksIn = (
  options: RunHooksOptions
): Effect.Effect<RunHooksResult, never, FileSystem.FileSystem | HookProcess> =>
  Effect.withFiber((fiber) => {
    const scope: EventScope = { ownMcp: undefined, tracing: tracingIn(fiber) }
    const body = runHooksBody(options, scope)
    const traced = !scope.tracing
      ? body
      : body.pipe(
          Effect.tap((result) => Effect.annotateCurrentSpan(eventResultAttributes(result.runs.length, result.effects))),
          Effect.withSpan(
            eventSpanName(options.event),
            { attributes: { "wave_hooks.event": options.event } },
            noStackTrace
          )
        )
    return Effect.ensuring(
      traced,
      Effect.suspend(() => scope.ownMcp?.close ?? Effect.void)
    )
  })

// long: one generator whose steps (plan, run each hook, chain inputs, decide, trace, audit) share the event's closures
// (runOne, the chained payload, the MCP tools it starts); the notices it adds are pure in settings/run-notices.ts.
const runHooksBody: (
  options: RunHooksOptions,
  scope: EventScope
) => Effect.Effect<RunHooksResult, never, FileSystem.FileSystem | HookProcess> = Effect.fnUntraced(function* (
  options: RunHooksOptions,
  scope: EventScope
) {
  const hookProcess = yield* HookProcess
  const env = options.env ?? process.env
  const snapshot = options.settings ?? (yield* loadSettings(settingsSourcesOf(options)))
  // The run's dialect (payload defaults, limits read from the environment); each hook runs in its own (hookDialectOf).
  const dialect = options.dialect ?? snapshot.dialect
  const dialectOf = (hook: ConfiguredHook) => hookDialectOf(hook, dialect)
  // The agent's name of the event a hook answers: the one it is configured under, else the one fired, when its dialect has it.
  const agentEventOption = (hook: ConfiguredHook): { readonly agentEvent?: string } => {
    const name =
      hook.agentEvent ??
      (options.agentEvent !== undefined && agentEventNamed(dialectOf(hook), options.agentEvent) !== undefined
        ? options.agentEvent
        : undefined)
    return name === undefined ? {} : { agentEvent: name }
  }
  const { event } = options
  const plan = planHooks(snapshot, event, options.payload, {
    ...(options.agentEvent === undefined ? {} : { agentEvent: options.agentEvent }),
    projectDir: options.projectDir,
    ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
    ...(options.ranOnce === undefined ? {} : { ranOnce: options.ranOnce })
  })
  const limits = runLimits(event, dialect, plan, env)
  // The field the fired event's matchers test (Cursor's beforeShellExecution: `command`).
  const firedMatcherField = (
    (options.agentEvent === undefined ? undefined : agentEventNamed(dialect, options.agentEvent)) ??
    agentEventOf(dialect, event)
  )?.matcherField
  const skipped = snapshot.disabled ? [] : skippedEntriesFor(snapshot, event)
  // A user or managed file that cannot be read denies tool calls (section 7.3); it is said once, not also as skipped.
  const unreadable = unreadableSettingsOf(snapshot)
  const skippedElsewhere = skipped.filter((d) => !unreadable.some((f) => f.diagnostics.includes(d)))
  const untrusted = untrustedFilesFor(snapshot, event)
  const changedScripts = changedScriptHooksFor(snapshot, event)
  // The payload's own session_id is what the hooks read: the spans and the audit line carry it too.
  const session = yield* sessionFieldsOf(options.projectDir, options.session, options.payload)
  const toolName = typeof options.payload["tool_name"] === "string" ? options.payload["tool_name"] : undefined
  if (scope.tracing)
    yield* Effect.annotateCurrentSpan({
      "wave_hooks.dialect": dialect,
      "wave_hooks.session_id": session.session_id,
      "wave_hooks.project_dir": options.projectDir,
      ...(toolName === undefined ? {} : { "wave_hooks.tool_name": toolName })
    })
  // Values of allowlisted variables never reach a span or an audit line.
  const secrets = secretValuesOf(snapshot.hooks, env, snapshot.httpHookPolicy?.httpHookAllowedEnvVars ?? [])
  const chain = chainedField(event)
  let fields: JsonRecord = options.payload
  const handlers = yield* handlerServices(env, options.model, () => {
    const projectVariables = serverProjectVariables(snapshot, dialect, options.projectDir)
    const homeDir = options.homeDir ?? env["HOME"]
    return (scope.ownMcp ??= McpTools.unscoped({
      cwd: options.projectDir,
      env: projectVariables,
      ...(homeDir === undefined ? {} : { homeDir })
    })).service
  })

  const runOne = (hook: ConfiguredHook, input: string, payloadObject: unknown) =>
    !scope.tracing
      ? runOneUntraced(hook, input, payloadObject)
      : runOneUntraced(hook, input, payloadObject).pipe(
          Effect.tap((record) => Effect.annotateCurrentSpan(hookRunAttributes(record.run, record.effects))),
          Effect.withSpan(hookSpanName(hook), { attributes: hookSpanAttributes(hook, secrets) }, noStackTrace)
        )
  /** One hook's run, and the notes its transport left (shown before its decided effects). */
  type Ran = { readonly run: HookRun; readonly before: ReadonlyArray<TracedEffect>; readonly envFile?: EnvFileOutcome }

  /** An http, mcp_tool, prompt or agent hook, through its service. */
  const runHandler = (
    hook: ConfiguredHook,
    handler: TransportHandler,
    input: string,
    payloadObject: unknown,
    timeoutMs: number
  ) =>
    Effect.map(
      timeoutMs <= 0
        ? Effect.succeed({ run: hookRun({ command: hook.command, exitCode: null, timedOut: true }), notes: [] })
        : runHandlerHook(hook, handler, handlers, {
            event,
            input,
            payload: payloadObject,
            env: environmentOf(hook)({}),
            projectDir: options.projectDir,
            timeoutMs,
            capBytes: options.outputCapBytes,
            httpHookPolicy: snapshot.httpHookPolicy,
            httpsOnlyUnless: httpsOnlyUnlessOf(dialectOf(hook)),
            mcpServers: snapshot.mcpServers,
            mcpServerScopes: snapshot.mcpServerScopes
          }),
      ({ notes, run }): Ran => ({ run, before: notes.flatMap((note) => transportNoteEffects(hook, note)) })
    )

  /** A command hook, as a process, inside its env-file and plugin setup. */
  const runCommand = (hook: ConfiguredHook, input: string, timeoutMs: number) =>
    Effect.gen(function* () {
      let fallback: string | undefined
      const { envFile, run } = yield* runWithSetup(
        {
          event,
          plugin: hook.plugin,
          dialect: dialectOf(hook),
          payload: fields,
          environment: environmentOf(hook),
          pwd: cwdOf(hook)
        },
        (engine) => {
          const hookEnv = environmentOf(hook)(engine)
          const line = hookCommandLine(hook, hookEnv["PATH"], {
            loginShell:
              dialectRules[dialectOf(hook)].defaultShell === "login-shell" ? (hookEnv["SHELL"] ?? "/bin/sh") : undefined
          })
          if (line._tag === "Spawn") fallback = line.fallback
          return line._tag === "CannotStart"
            ? Effect.succeed(hookRun({ command: hook.command, exitCode: null, spawnError: line.message }))
            : timeoutMs <= 0
              ? Effect.succeed(hookRun({ command: hook.command, exitCode: null, timedOut: true }))
              : hookProcess.run({
                  command: hook.command,
                  argv: line.argv,
                  cwd: cwdOf(hook),
                  env: hookEnv,
                  input,
                  timeoutMs,
                  ...(options.outputCapBytes === undefined ? {} : { outputCapBytes: options.outputCapBytes }),
                  ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs })
                })
        }
      )
      return {
        run,
        before:
          fallback === undefined
            ? []
            : [{ effect: Diagnostic({ code: "shell-not-found", message: fallback }), ...at("run.shell", "shell") }],
        ...(envFile === undefined ? {} : { envFile })
      } satisfies Ran
    })

  // The folder a hook runs in: its own (absolute, or relative to the project), else the project.
  const cwdOf = (hook: ConfiguredHook): string =>
    hook.cwd === undefined
      ? options.projectDir
      : hook.cwd.startsWith("/")
        ? hook.cwd
        : `${options.projectDir.replace(/\/+$/, "")}/${hook.cwd.replace(/^\.\//, "")}`

  const environmentOf = (hook: ConfiguredHook) => (engine: { readonly [name: string]: string }) =>
    hookEnvironment(env, hook.env, options.projectDir, dialectOf(hook), {
      settings: snapshot.env ?? {},
      hook: hook.addedEnv,
      engine
    })

  const runOneUntraced = (hook: ConfiguredHook, input: string, payloadObject: unknown) =>
    Effect.gen(function* () {
      options.observer?.started?.(hook)
      const timeoutMs = limits.timeoutMs(hook)
      const ran =
        hook.handler === undefined
          ? yield* runCommand(hook, input, timeoutMs)
          : yield* runHandler(hook, hook.handler, input, payloadObject, timeoutMs)
      const { before, envFile } = ran
      // The name default texts, runs and spans give the hook: a URL's credentials and query values hidden.
      const redacted = ran.run.command === undefined ? ran.run : { ...ran.run, command: redactUrlsIn(ran.run.command) }
      const run = hook.name === undefined ? redacted : { ...redacted, name: hook.name }
      const traced = [
        ...before,
        ...timeoutUnitEffects(hook, run, dialectOf(hook)),
        ...decideTraced(event, run, {
          dialect: dialectOf(hook),
          onFailure: isBackgroundHook(hook) ? "continue" : hook.onFailure,
          ...agentEventOption(hook),
          ...(toolName === undefined ? {} : { toolName }),
          // A prompt or agent hook's verdict, and a message hook's text, are written by the engine, in its own
          // vocabulary.
          ...(hook.handler !== undefined && engineAnswers.includes(hook.handler.type) ? { engineAnswer: true } : {})
        })
      ]
      // A per-hook limit on follow-up turns (Cursor's loop_limit) turns a block past it into a notice.
      const loopRow = dialectRules[dialectOf(hook)].followupLoopLimit
      const limited =
        loopRow === undefined
          ? traced
          : applyLoopLimit(
              event,
              fields,
              {
                limit: hook.loopLimit === undefined ? loopRow.defaultLimit : hook.loopLimit,
                countField: loopRow.countField
              },
              traced
            )
      const capped = dialectRules[dialectOf(hook)].capsContext
        ? yield* capHookTexts(limited, session.session_id)
        : limited
      options.observer?.finished?.(
        hook,
        run,
        capped.map((t) => t.effect)
      )
      return { hook, run, effects: capped, ...(envFile === undefined ? {} : { envFile }) } satisfies HookRunRecord
    })

  // The run's time, for the dialects whose payloads carry a timestamp (Gemini CLI).
  const timestamp = new Date().toISOString()
  // Each hook reads its own agent's name of the event (Cursor's beforeShellExecution and preToolUse both fire PreToolUse).
  const payloadFor = (given: JsonRecord, hook: ConfiguredHook) =>
    buildPayload(
      event,
      payloadForHook(dialectOf(hook), options.agentEvent, agentEventOption(hook).agentEvent, given),
      session,
      dialectOf(hook),
      {
        timestamp,
        ...agentEventOption(hook)
      }
    )
  const background =
    options.startBackground === false || plan.background === undefined || plan.background.length === 0
      ? []
      : yield* Effect.forEach(plan.background, (hook) => {
          const payloadObject = payloadFor(options.payload, hook)
          return startBackground(
            event,
            hook,
            dialectOf(hook),
            runOne(hook, JSON.stringify(payloadObject), payloadObject)
          )
        })
  const records: Array<HookRunRecord> = []
  const groups: Array<string | undefined> = []
  for (const step of plan.steps) {
    // Each hook reads the payload in its own dialect (its event name, its fields); one text per dialect and
    // agent event of the step.
    const inputs = new Map<string, { readonly input: string; readonly payloadObject: JsonRecord }>()
    const runWithInput = (hook: ConfiguredHook) => {
      const key = `${dialectOf(hook)}\u0000${hook.agentEvent ?? ""}`
      let made = inputs.get(key)
      if (made === undefined) {
        const payloadObject = payloadFor(fields, hook)
        made = { input: JSON.stringify(payloadObject), payloadObject }
        inputs.set(key, made)
      }
      return runOne(hook, made.input, made.payloadObject)
    }
    const done =
      step._tag === "Sequential"
        ? [yield* runWithInput(step.hook)]
        : yield* Effect.all(step.hooks.map(runWithInput), { concurrency: "unbounded" })
    for (const record of done) {
      records.push(record)
      groups.push(step._tag === "Parallel" ? step.group : undefined)
      const update = chain === undefined ? undefined : updateValue(record.effects, chain.tag)
      if (chain !== undefined && update !== undefined) fields = { ...fields, [chain.field]: update.value }
    }
  }

  const stopLoopCap = options.stopLoopCap ?? limits.stopLoopCap
  const combineOptions: CombineOptions = {
    groups: [undefined, ...groups],
    ...(options.stopBlocks === undefined ? {} : { stopBlocks: options.stopBlocks }),
    ...(stopLoopCap === undefined ? {} : { stopLoopCap }),
    ...(event === "WorktreeCreate" && dialectRules[dialect].worktreeCreateFirstSuccess
      ? { firstWorktreePath: true }
      : {}),
    ...(dialectRules[dialect].stopReasonSeparator === "\n"
      ? {}
      : { stopReasonSeparator: dialectRules[dialect].stopReasonSeparator })
  }
  // Copilot: a later permissionRequest verdict overrides an earlier one (a managed deny stands).
  const overriding =
    event === "PermissionRequest" && dialectRules[dialect].laterPermissionOverrides
      ? laterVerdictsOverride(records)
      : { runs: records, notices: [] }
  const contextJoin = event === "PostToolUse" ? dialectRules[dialect].postToolContext : undefined
  const decide = () =>
    applyPayloadRules(
      event,
      options.payload,
      (contextJoin === undefined
        ? (effects: ReadonlyArray<TracedEffect>) => effects
        : (effects: ReadonlyArray<TracedEffect>) => joinContexts(effects, contextJoin))(
        combineTraced(
          [
            [
              ...unreadableSettingsEffects(unreadable, event),
              ...brokenGuardEntryEffects(brokenGuardEntriesOf(snapshot, event), event),
              ...missingToolNameEffects(event, options.payload, firedMatcherField),
              ...(dialectRules[dialect].reportsSourcePriority ? sourcePriorityEffects(records) : []),
              ...overriding.notices,
              ...limits.effects,
              ...failedOpenEffects(plan),
              ...skippedEffects(skippedElsewhere),
              ...untrustedEffects(untrusted, event, options.projectDir, snapshot.trustStoreProblem),
              ...untrustedElsewhereEffects(snapshot, untrusted, event, options.projectDir),
              ...changedScriptEffects(changedScripts, event, options.projectDir),
              ...excludedByPolicyEffects(snapshot, event),
              ...records.flatMap((record) => envFileEffects(record.hook, record.envFile))
            ],
            ...overriding.runs.map((record, index) =>
              record.effects.map((t) => ({ ...t, source: { hook: record.hook.command, index } }))
            )
          ],
          combineOptions
        )
      )
    )
  const traced = !scope.tracing
    ? decide()
    : yield* Effect.sync(decide).pipe(
        Effect.tap((traced) =>
          Effect.annotateCurrentSpan(
            decisionAttributes(
              traced,
              (t) => (t.source === undefined ? undefined : records[t.source.index]?.hook),
              secrets
            )
          )
        ),
        Effect.withSpan(decisionSpanName, undefined, noStackTrace)
      )
  const result = {
    event,
    effects: traced.map((t) => t.effect),
    traced,
    runs: records,
    plan,
    skipped,
    ...(chain?.field === "tool_input" ? { toolInput: fields["tool_input"] } : {}),
    ...sessionEnvOf(event, records, traced),
    ...(background.length === 0 ? {} : { background })
  } satisfies RunHooksResult
  // The audit line (section 8.2): a log that cannot be written adds a warning; the decision stands.
  return yield* recordInAuditLog(result, {
    explicit: options.auditLog,
    snapshot,
    homeDir: options.homeDir ?? env["HOME"] ?? "",
    session: session.session_id,
    payload: options.payload,
    secrets,
    projectDir: options.projectDir
  })
})

/**
 * `RunHooksResult.env`: the env files' variables (on the events that hand hooks one), then the combined
 * `SetEnv` effects' variables; absent when the event has neither.
 */
const sessionEnvOf = (
  event: HookEvent,
  records: ReadonlyArray<HookRunRecord>,
  traced: ReadonlyArray<TracedEffect>
): { readonly env?: { readonly [name: string]: string } } => {
  const set = setEnvVariables(traced.map((t) => t.effect))
  if (!envFileEvents.has(event) && set === undefined) return {}
  return { env: Object.assign({}, ...records.map((r) => r.envFile?.variables ?? {}), set) }
}

/**
 * A hook that timed out with a timeout under a second in a dialect whose timeouts are milliseconds (Gemini
 * CLI): most likely seconds written as milliseconds (Gemini's own migration from Claude Code copies them),
 * said on the run where it cost the hook its answer.
 */
const timeoutUnitEffects = (hook: ConfiguredHook, run: HookRun, dialect: Dialect): ReadonlyArray<TracedEffect> => {
  if (!run.timedOut || hook.timeoutSeconds === undefined || hook.timeoutSeconds >= 1) return []
  if (dialectRules[dialect].timeoutUnit !== "milliseconds") return []
  const ms = Math.round(hook.timeoutSeconds * 1000)
  return [
    {
      effect: Diagnostic({
        code: "timeout-unit",
        message:
          `${hook.file} ${hook.path}: the hook timed out after its timeout of ${ms} ms; ${dialect} timeouts are milliseconds. ` +
          `Write "timeout": ${ms * 1000} if you meant ${ms} seconds.`
      }),
      ...at("run.limits", "a timeout under a second timed out")
    }
  ]
}
