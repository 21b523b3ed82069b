/**
 * What `wave-hooks run <Event>` does once its arguments are parsed: run the
 * configured hooks of an event and print the combined effects (ARCHITECTURE
 * section 8). No parser here: the effect/cli command and the fast path both
 * run it.
 *
 * @since 0.1.0
 */
import { at } from "../core/rule-id.ts"
import type { FileSystem } from "effect"
import { Console, Effect, Option, Predicate, Result, Schema } from "effect"
import type { HookEvent } from "../core/events.ts"
import { eventFieldsSchemas, isHookEvent } from "../core/events.ts"
import { dialectRules, dialects } from "../core/dialect.ts"
import { agentEventNamed } from "../core/dialect-events.ts"
import type { JsonRecord } from "../core/payload.ts"
import type { SettingsDiagnostic } from "../settings/settings-schema.ts"
import { formatSettingsDiagnostic } from "../settings/validate-settings.ts"
import { redactUrlsIn } from "../settings/http-hook-config.ts"
import { escapeControl, escapeJsonControl } from "../internal/escape-control.ts"
import type { TracedEffect } from "../core/trace.ts"
import { hookTypeOf } from "../settings/hook-types.ts"
import type { ConfiguredHook } from "../settings/settings-schema.ts"
import type { TraceOrigin } from "./render-explain.ts"
import { citationOfRule } from "../core/rule-id.ts"
import { renderTraceText } from "./render-explain.ts"
import { audienceOf, textOf } from "../effects/audience.ts"
import type { EffectOf, HookEffect } from "../effects/hook-effect.ts"
import { checkPayload } from "../core/payload-check.ts"
import type { HookRun } from "../core/hook-run.ts"
import type { AsyncHookResult } from "../runner/background-hooks.ts"
import type { SpooledResult } from "../runner/async-spool.ts"
import { HookProcess } from "../runner/hook-process.ts"
import { isBlocking } from "../effects/precedence.ts"
import { runHooks, skippedEntryText } from "../runner/run-hooks.ts"
import type { RunHooksResult } from "../runner/run-hooks.ts"
import { loadSettings } from "../runner/settings-files.ts"
import { brokenGuardEntriesOf, unreadableSettingsOf } from "../settings/unreadable-settings.ts"
import {
  auditLogParams,
  dialectOverride,
  homeDir,
  resolvePluginDirs,
  resolveProjectDir,
  settingsParams
} from "./common-flags.ts"
import { parseEvent } from "./decision-input.ts"
import type { ValuesOf } from "./flag-spec.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import { readFileText, readStdinText } from "./read-text.ts"
import { spinnerObserver } from "./spinner.ts"
import type { BackgroundPlan } from "./run-background.ts"
import { deliverEarlierResults, planBackground } from "./run-background.ts"
import { ExitWith, UsageError } from "./usage-error.ts"

/**
 * Whether the event was fired by an agent's own name whose payloads have fields of their own (Cursor's
 * beforeShellExecution): such a payload is passed to the hooks as it is, not checked against the internal
 * event's fields.
 */
const firedWithOwnPayload = (flags: Pick<RunFlags, "event" | "dialect">): boolean => {
  const firedIn =
    flags.dialect !== "auto"
      ? [flags.dialect]
      : dialects.filter((d) => agentEventNamed(d, flags.event) !== undefined && !isHookEvent(flags.event))
  return (
    firedIn.length > 0 &&
    firedIn.every((d) => dialectRules[d].ownPayloadFields && agentEventNamed(d, flags.event) !== undefined)
  )
}

/**
 * The arguments of `run`: the event, then flags.
 *
 * @category flags
 * @since 0.1.0
 */
export const runParams = {
  event: FlagSpec.argument("event", "The hook event, e.g. PreToolUse", "Event"),
  payload: FlagSpec.optionalString("payload", "The event's fields as JSON: a file, or - for stdin", "PATH|-"),
  json: FlagSpec.boolean("json", "Print effects and runs as JSON"),
  explain: FlagSpec.boolean(
    "explain",
    'Say for each effect the rule and the hook (with its handler type) behind it; with --json, as "trace"'
  ),
  waitAsync: FlagSpec.boolean(
    "wait-async",
    'Wait for the background (async, asyncRewake) hooks and report them under "async" (default: run returns once the other hooks decided; ' +
      "the background ones go on in a detached worker and their results reach the next run of the same session_id)"
  ),
  ...auditLogParams,
  ...settingsParams
}

/**
 * The usage line of `run`, printed under its usage errors (made from `runParams`).
 *
 * @category usage
 * @since 0.1.0
 */
export const runUsage = usageLine("run", runParams)
const usage = runUsage
const fail = (message: string) => new UsageError({ message, usage, exitStatus: 1 })

/**
 * The parsed values of `runParams`.
 *
 * @category models
 * @since 0.1.0
 */
export type RunFlags = ValuesOf<typeof runParams>

/** How to pass a payload, said under every payload error. */
const howToPass = (event: HookEvent): string => {
  const example =
    event === "PreToolUse" || event === "PermissionRequest"
      ? `{"tool_name": "Bash", "tool_input": {"command": "ls"}}`
      : event === "UserPromptSubmit"
        ? `{"prompt": "fix the tests"}`
        : Result.isSuccess(Schema.decodeUnknownResult(eventFieldsSchemas[event])({}))
          ? "{}"
          : undefined
  return (
    `Pass the ${event} fields as a JSON object: --payload FILE, or --payload - with the JSON on stdin` +
    (example === undefined ? "." : ` (e.g. echo '${example}' | wave-hooks run ${event} --payload -).`)
  )
}

/**
 * The payload of `run`: `--payload FILE` or `-`, checked against the event's fields; `agentName`: the
 * event was fired by an agent's own name whose payloads have fields of their own (Cursor's
 * beforeShellExecution): the payload is not checked, but it is needed.
 */
const readPayload = (
  event: HookEvent,
  source: Option.Option<string>,
  agentName?: string
): Effect.Effect<
  { readonly payload: JsonRecord; readonly problems: ReadonlyArray<EffectOf<"Diagnostic">> },
  UsageError
> =>
  Effect.gen(function* () {
    const check = agentName === undefined
    if (Option.isNone(source) && !check)
      return yield* fail(
        `${agentName} needs a payload: the fields the agent sends, as a JSON object: --payload FILE, or --payload - with the JSON on stdin.`
      )
    if (Option.isNone(source)) {
      // No payload: {} must be a valid payload of the event (Stop, PreCompact...); a tool event needs its fields.
      const checked = Schema.decodeUnknownResult(eventFieldsSchemas[event])({})
      if (Result.isFailure(checked)) {
        return yield* fail(
          `${event} needs a payload (${checked.failure.message.replace(/\n\s*/g, " ")}). ${howToPass(event)}`
        )
      }
      return { payload: {}, problems: [] }
    }
    const where = source.value === "-" ? "stdin" : source.value
    if (source.value === "-" && process.stdin.isTTY === true) {
      return yield* fail(`--payload - reads stdin, which is a terminal. ${howToPass(event)}`)
    }
    const text =
      source.value === "-"
        ? yield* readStdinText().pipe(
            Effect.mapError((e) => fail(`Could not read the payload from stdin: ${e.message}`))
          )
        : yield* readFileText(source.value).pipe(
            Effect.mapError((e) =>
              fail(
                `Could not read --payload ${source.value}: ${e.message}. Check the path, or pass the payload on stdin with --payload -.`
              )
            )
          )
    if (text.trim() === "") return yield* fail(`The payload in ${where} is empty. ${howToPass(event)}`)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      return yield* fail(
        `The payload in ${where} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`
      )
    }
    if (!Predicate.isObject(json)) {
      return yield* fail(
        `The payload in ${where} must be a JSON object of ${event} fields, e.g. {"tool_name": "Bash", "tool_input": {...}}.`
      )
    }
    // A field the run does not need, of a type this version does not expect (a newer Claude Code),
    // does not keep every hook from running: it is reported and passed to the hooks as sent.
    if (!check) return { payload: json as JsonRecord, problems: [] }
    const checked = checkPayload(event, json as JsonRecord, where)
    if (Result.isFailure(checked)) {
      return yield* fail(
        `The payload in ${where} is not a valid ${event} payload: ${checked.failure}. ${howToPass(event)}`
      )
    }
    return { payload: json as JsonRecord, problems: checked.success }
  })

/**
 * A one-line rendering of an effect: `[audience] Tag: text`.
 *
 * @category rendering
 * @since 0.1.0
 */
export const effectLine = (effect: HookEffect): string => {
  const text = textOf(effect)
  const detail =
    effect._tag === "UpdateInput"
      ? JSON.stringify(effect.input)
      : effect._tag === "UpdateToolOutput"
        ? JSON.stringify(effect.output)
        : effect._tag === "ShowUser"
          ? `${effect.level}: ${effect.text}`
          : effect._tag === "Diagnostic"
            ? `${effect.code}: ${effect.message}`
            : text
  return `[${audienceOf(effect)}] ${effect._tag}${detail === undefined ? "" : `: ${detail}`}`
}

/**
 * The effects the text output shows: a skipped settings entry comes as an
 * author `Diagnostic` and a user warning saying the same (`skippedEntryText`
 * of the entry); the text shows it once (the warning). `--json` keeps both.
 */
const shownEffects = (
  effects: ReadonlyArray<HookEffect>,
  skipped: ReadonlyArray<SettingsDiagnostic>
): ReadonlyArray<HookEffect> => {
  const warnings = new Set(effects.flatMap((e) => (e._tag === "ShowUser" ? [e.text] : [])))
  const repeated = new Set(skipped.filter((d) => warnings.has(skippedEntryText(d))).map(formatSettingsDiagnostic))
  return effects.filter((e) => !(e._tag === "Diagnostic" && e.code === "skipped-entry" && repeated.has(e.message)))
}

const runStatus = (run: HookRun): string =>
  run.timedOut
    ? "timed out"
    : run.exitCode === null
      ? (run.signal ?? run.spawnError ?? "failed")
      : `exit ${run.exitCode}`

/** The hook behind a traced effect (its `source.index` is the run's place in `runs`). */
const originIn =
  (result: RunHooksResult, extra: RunBackground = {}) =>
  (t: TracedEffect): TraceOrigin | undefined => {
    const hook = t.source === undefined ? undefined : result.runs[t.source.index]?.hook
    if (hook !== undefined)
      return { hook: redactUrlsIn(hook.command), type: hookTypeOf(hook), file: hook.file, path: hook.path }
    // An earlier background hook's result, delivered by this run.
    const delivered = extra.deliveredOrigin?.(t)
    return delivered === undefined
      ? undefined
      : { hook: delivered.command, type: delivered.type, file: delivered.file, path: delivered.path }
  }

/**
 * What a run reports besides its hooks' result: the background hooks it
 * waited for (`--wait-async`), those it left running in a detached worker,
 * and the earlier background results of its session it delivers.
 *
 * @category rendering
 * @since 0.2.0
 */
interface RunBackground {
  readonly waited?: ReadonlyArray<AsyncHookResult>
  readonly detached?: ReadonlyArray<ConfiguredHook>
  readonly delivered?: ReadonlyArray<SpooledResult>
  /** The delivered result behind a traced effect (`--explain`). */
  readonly deliveredOrigin?: (t: TracedEffect) => SpooledResult | undefined
}

const renderText = (result: RunHooksResult, extra: RunBackground, explain: boolean): string => {
  const background = extra.waited ?? []
  const lines = [`${result.event}: ${result.runs.length} hook${result.runs.length === 1 ? "" : "s"} ran`]
  for (const { hook, run } of result.runs) {
    const type = hook.handler === undefined ? "" : `${hook.handler.type}, `
    lines.push(
      `  ${redactUrlsIn(run.command ?? "")}  (${type}${runStatus(run)}, ${run.durationMs} ms${run.truncated === true ? ", output truncated" : ""})`
    )
  }
  for (const d of result.plan.duplicates)
    lines.push(`  ${redactUrlsIn(d.hook.command)}  (same as an earlier hook: ran once)`)
  const effects = shownEffects(result.effects, result.skipped)
  if (explain) lines.push(...renderTraceText(result.traced, originIn(result, extra)))
  else {
    lines.push(effects.length === 0 ? "No effects." : "Effects:")
    for (const effect of effects) lines.push(`  ${effectLine(effect)}`)
  }
  const env = Object.entries(result.env ?? {})
  if (env.length > 0)
    lines.push(
      "Environment (from the hooks' env files):",
      ...env.map(([name, value]) => `  ${name}=${JSON.stringify(value)}`)
    )
  if (background.length > 0) {
    lines.push(`Background hooks (not part of the decision; their effects are for the next turn): ${background.length}`)
    for (const b of background) {
      lines.push(
        `  ${redactUrlsIn(b.run.command ?? b.hook.command)}  (${runStatus(b.run)}, ${b.run.durationMs} ms${b.wake === undefined ? "" : ", wakes the agent"})`
      )
      for (const effect of b.effects) lines.push(`    ${effectLine(effect)}`)
    }
  }
  const detached = extra.detached ?? []
  if (detached.length > 0) {
    lines.push(
      `Background hooks (running on after this run, not part of the decision; their results go to the next run of this session): ${detached.length}`
    )
    for (const hook of detached) lines.push(`  ${redactUrlsIn(hook.command)}`)
  }
  const delivered = extra.delivered ?? []
  if (delivered.length > 0) {
    lines.push(
      `Delivered from earlier background hooks of this session (their effects are listed above): ${delivered.length}`
    )
    for (const d of delivered) {
      const status = d.timedOut ? "timed out" : d.exitCode === null ? "failed" : `exit ${d.exitCode}`
      lines.push(
        `  ${d.command}  (${d.event}, ${status}, ${d.durationMs} ms${d.wake === undefined ? "" : ", wakes the agent"})`
      )
    }
  }
  // Commands, file names and effect texts come from settings and hooks: their control characters are shown escaped.
  return lines.map((line) => escapeControl(line)).join("\n")
}

/**
 * The `--json` output: `{"effects":[...],"runs":[{command, type, exitCode, durationMs, timedOut, truncated}]}`,
 * plus `"env": {NAME: value}` when hooks appended variables to their env
 * files (SessionStart, Setup, CwdChanged, FileChanged; since 0.2.0). `type`
 * is the hook's handler type (since 0.2.0). With `explain`, also
 * `"trace": [{effect, id, rule, cites, hook?: {command, type, file, path}}]`,
 * one entry per effect in `effects` order (since 0.2.0; `id`, the
 * `RuleId`, since 0.3.0). Background hooks
 * (since 0.2.0): with `--wait-async`, `"async": [{command, exitCode,
 * durationMs, timedOut, effects, wake?}]`; otherwise `"background":
 * [{command, type}]`, the hooks left running in a detached worker. Earlier
 * background results of the session this run delivers: `"delivered":
 * [{event, command, type, exitCode, durationMs, timedOut, finishedAt,
 * effects, wake?}]`, their effects also in `effects` (since 0.2.0).
 *
 * @category rendering
 * @since 0.1.0
 */
const renderRunJson = (result: RunHooksResult, extra: RunBackground = {}, explain = false): string => {
  const background = extra.waited ?? []
  const detached = extra.detached ?? []
  const delivered = extra.delivered ?? []
  return JSON.stringify({
    effects: result.effects,
    runs: result.runs.map(({ hook, run }) => ({
      command: redactUrlsIn(run.command ?? ""),
      type: hookTypeOf(hook),
      exitCode: run.exitCode,
      durationMs: run.durationMs,
      timedOut: run.timedOut,
      truncated: run.truncated === true
    })),
    ...(explain
      ? {
          trace: result.traced.map((t) => {
            const origin = originIn(result, extra)(t)
            return {
              effect: t.effect,
              id: t.id,
              rule: t.rule,
              cites: citationOfRule(t.id),
              ...(origin === undefined
                ? {}
                : { hook: { command: origin.hook, type: origin.type, file: origin.file, path: origin.path } })
            }
          })
        }
      : {}),
    ...(result.env === undefined || Object.keys(result.env).length === 0 ? {} : { env: result.env }),
    // Only with background hooks, so the output of every other run is unchanged.
    ...(background.length === 0
      ? {}
      : {
          async: background.map((b) => ({
            command: redactUrlsIn(b.run.command ?? b.hook.command),
            exitCode: b.run.exitCode,
            durationMs: b.run.durationMs,
            timedOut: b.run.timedOut,
            effects: b.effects,
            ...(b.wake === undefined ? {} : { wake: b.wake })
          }))
        }),
    ...(detached.length === 0
      ? {}
      : { background: detached.map((hook) => ({ command: redactUrlsIn(hook.command), type: hookTypeOf(hook) })) }),
    ...(delivered.length === 0
      ? {}
      : {
          delivered: delivered.map((d) => ({
            event: d.event,
            command: d.command,
            type: d.type,
            exitCode: d.exitCode,
            durationMs: d.durationMs,
            timedOut: d.timedOut,
            finishedAt: d.finishedAt,
            effects: d.effects,
            ...(d.wake === undefined ? {} : { wake: d.wake })
          }))
        })
  })
}

/**
 * `run`: exit 0 when nothing blocks, 2 when a blocking effect results, 1 on a
 * usage or settings error. A user or managed settings file that cannot be
 * read is a settings error: its problems go to stderr, the other files' hooks
 * still run, a PreToolUse or PermissionRequest is denied (exit 2), any other
 * event exits 1 unless it blocks. Background (`async`, `asyncRewake`) hooks
 * never change the exit status: by default they go on in a detached worker
 * after `run` returns, and their results reach the next run of the same
 * `session_id` (`run-background.ts`); with `--wait-async` they are waited
 * for after the decision (each within its timeout) and reported apart
 * (`async` in the JSON).
 *
 * @category commands
 * @since 0.1.0
 */
export const runProgram = (flags: RunFlags): Effect.Effect<void, UsageError | ExitWith, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const event = yield* parseEvent(flags.event, usage, flags.dialect).pipe(Effect.mapError((e) => fail(e.message)))
    const projectDir = yield* resolveProjectDir(flags.projectDir, usage, 1)
    const { payload, problems } = yield* readPayload(
      event,
      flags.payload,
      firedWithOwnPayload(flags) ? flags.event : undefined
    )
    const pluginDirs = yield* resolvePluginDirs(flags.pluginDir, usage, 1)
    const inputs = { projectDir, homeDir: homeDir(), ...dialectOverride(flags.dialect), pluginDirs }
    const settings = yield* loadSettings(inputs)
    // A broken user or managed file (or one the user trusted) denies tool calls: the runner's rule (section 7.3)
    // puts a BlockTool in PreToolUse and PermissionRequest results, and run also says it on stderr and exits 1 when
    // nothing blocks. A project or local file that could not be read or is not trusted runs nothing and is reported
    // as a skipped entry, while the other files' hooks run: a project cannot stop the user's guards.
    const unreadable = unreadableSettingsOf(settings)
    const brokenGuards = brokenGuardEntriesOf(settings, event)
    if (unreadable.length > 0 || brokenGuards.length > 0) {
      const problems = [
        ...unreadable.flatMap((f) => f.diagnostics.filter((d) => d.severity === "error")),
        ...brokenGuards.map((b) => b.diagnostic)
      ]
      yield* Console.error(problems.map((d) => escapeControl(formatSettingsDiagnostic(d))).join("\n"))
    }
    // Background hooks go to a detached worker before the others run (unless --wait-async): run does not wait for them.
    const backgroundPlan: BackgroundPlan = yield* planBackground({
      event,
      agentEvent: flags.event,
      payload,
      settings,
      inputs,
      waitAsync: flags.waitAsync
    })
    const observer = spinnerObserver()
    const ran = yield* runHooks({
      event,
      agentEvent: flags.event,
      payload,
      projectDir,
      settings,
      ...dialectOverride(flags.dialect),
      pluginDirs,
      ...(Option.isSome(flags.auditLog) ? { auditLog: flags.auditLog.value } : {}),
      ...(observer === undefined ? {} : { observer }),
      ...(backgroundPlan._tag === "Detached" ? { startBackground: false } : {})
    }).pipe(Effect.provideService(HookProcess, HookProcess.node))
    // The earlier background results of the session reach the model with this run (claude-code; wave discards them).
    const delivered = yield* deliverEarlierResults(event, payload, ran.effects)
    // The payload's tolerated problems come first, like every diagnostic (ARCHITECTURE section 3), then what
    // became of the background hooks, then the earlier results delivered: they came before this event.
    const before: ReadonlyArray<TracedEffect> = [
      ...problems.map((effect) => ({ effect, ...at("run.payload-check", "payload check") })),
      ...backgroundPlan.notes,
      ...delivered.traced
    ]
    const result: RunHooksResult =
      before.length === 0
        ? ran
        : { ...ran, effects: [...before.map((t) => t.effect), ...ran.effects], traced: [...before, ...ran.traced] }
    // --wait-async (or a worker that could not start): the background hooks ran here; wait for each (within its timeout).
    const waited = yield* Effect.forEach(result.background ?? [], (b) => b.result)
    const extra: RunBackground = {
      waited,
      ...(backgroundPlan._tag === "Detached" ? { detached: backgroundPlan.hooks } : {}),
      delivered: delivered.results,
      deliveredOrigin: delivered.originOf
    }
    yield* Console.log(
      flags.json
        ? escapeJsonControl(renderRunJson(result, extra, flags.explain))
        : renderText(result, extra, flags.explain)
    )
    if (isBlocking(result.effects)) return yield* new ExitWith({ status: 2, message: "blocked" })
    if (unreadable.length > 0) return yield* new ExitWith({ status: 1, message: "unreadable settings" })
  })
