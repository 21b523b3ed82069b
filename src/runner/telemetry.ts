/**
 * OpenTelemetry for hook runs (ARCHITECTURE section 7.2): the span names and
 * attributes of an event, its hook runs and its decision, the secrets kept
 * out of them, and the OTLP exporter configured from the standard `OTEL_*`
 * variables. Naming is pure; the exporter (`otlp-from-env.ts`) is loaded with
 * `import()` only when an endpoint variable is set, so a run without them
 * loads nothing of it.
 *
 * @since 0.2.0
 */
import { Effect, Layer, Tracer } from "effect"
import type { HookEvent } from "../core/events.ts"
import type { HookRun } from "../core/hook-run.ts"
import type { TracedEffect } from "../core/trace.ts"
import type { HookEffect } from "../effects/hook-effect.ts"
import { isBlocking } from "../effects/precedence.ts"
import { hookTypeOf } from "../settings/hook-types.ts"
import { redactUrl, redactUrlsIn } from "../settings/http-hook-config.ts"
import { escapeControl } from "../internal/escape-control.ts"
import { makeCollectorHealth } from "./collector-health.ts"
import type { ConfiguredHook } from "../settings/settings-schema.ts"

// ====== Secrets ======

/** Values shorter than this are not redacted (a `1` or `yes` would garble every text). */
const minSecretLength = 4

/**
 * The secrets a hook run may carry: the values, in `env`, of every variable
 * named by a hook's `env` allowlist or an `http` hook's `allowedEnvVars`, of
 * the settings' `httpHookAllowedEnvVars`, and of the model hooks' key and the
 * exporter's headers (`OPENAI_API_KEY`, `OTEL_EXPORTER_OTLP_HEADERS`,
 * `OTEL_EXPORTER_OTLP_TRACES_HEADERS`). Values shorter than 4 characters are
 * left out. Longest first, so a secret holding another is replaced whole.
 *
 * @category secrets
 * @since 0.2.0
 */
export const secretValuesOf = (
  hooks: ReadonlyArray<ConfiguredHook>,
  env: { readonly [name: string]: string | undefined },
  extraNames: ReadonlyArray<string> = []
): ReadonlyArray<{ readonly name: string; readonly value: string }> => {
  const names = new Set<string>([
    "OPENAI_API_KEY",
    "OTEL_EXPORTER_OTLP_HEADERS",
    "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
    ...extraNames
  ])
  for (const hook of hooks) {
    for (const name of hook.env ?? []) names.add(name)
    if (hook.handler?.type === "http") for (const name of hook.handler.allowedEnvVars ?? []) names.add(name)
  }
  const found: Array<{ name: string; value: string }> = []
  for (const name of names) {
    const value = env[name]
    if (value !== undefined && value.length >= minSecretLength && !found.some((f) => f.value === value))
      found.push({ name, value })
  }
  return found.sort((a, b) => b.value.length - a.value.length)
}

/**
 * `text` with the credentials of every URL in it hidden (`redactUrl`): the
 * settings' `redactUrlsIn`, re-exported for the runner's users.
 *
 * @category secrets
 * @since 0.2.0
 */
export { redactUrlsIn }

/**
 * `text` with the credentials of every URL in it hidden (`redactUrlsIn`),
 * then each secret value replaced by `[redacted NAME]`. What spans and audit
 * lines carry of a command, a label or a hook's answer.
 *
 * @example
 * ```ts
 * redactSecrets("token s3cret!", [{ name: "API_TOKEN", value: "s3cret!" }]) // => "token [redacted API_TOKEN]"
 * ```
 *
 * @category secrets
 * @since 0.2.0
 */
export const redactSecrets = (
  text: string,
  secrets: ReadonlyArray<{ readonly name: string; readonly value: string }>
): string => {
  let out = redactUrlsIn(text)
  for (const { name, value } of secrets) if (out.includes(value)) out = out.split(value).join(`[redacted ${name}]`)
  return out
}

/**
 * A JSON value with `redactSecrets` applied to every string in it (keys too).
 *
 * @category secrets
 * @since 0.2.0
 */
export const redactDeep = (
  value: unknown,
  secrets: ReadonlyArray<{ readonly name: string; readonly value: string }>
): unknown => {
  if (typeof value === "string") return redactSecrets(value, secrets)
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets))
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [redactSecrets(k, secrets), redactDeep(v, secrets)])
    )
  }
  return value
}

// ====== Span names and attributes ======

/**
 * The name of an event's span: `wave-hooks <Event>` (one per event fired).
 *
 * @category spans
 * @since 0.2.0
 */
export const eventSpanName = (event: HookEvent): string => `wave-hooks ${event}`

/**
 * The name of a hook run's span, a child of the event's: `hook <type>`
 * (`hook command`, `hook http`, ...).
 *
 * @category spans
 * @since 0.2.0
 */
export const hookSpanName = (hook: ConfiguredHook): string => `hook ${hookTypeOf(hook)}`

/**
 * The name of the decision's span, a child of the event's.
 *
 * @category spans
 * @since 0.2.0
 */
export const decisionSpanName = "wave-hooks decision"

/**
 * Attributes of a hook run's span known before it runs: `wave_hooks.hook.type`,
 * `.command` (a command hook's command, or the label of another type: `POST
 * <url>`; URL credentials and secrets of the allowlisted environment
 * replaced, `redactSecrets`), `.source` (the settings file), `.path` (its JSON path) and
 * `.scope`.
 *
 * @category spans
 * @since 0.2.0
 */
export const hookSpanAttributes = (
  hook: ConfiguredHook,
  secrets: ReadonlyArray<{ readonly name: string; readonly value: string }>
): Record<string, unknown> => ({
  "wave_hooks.hook.type": hookTypeOf(hook),
  "wave_hooks.hook.command": redactSecrets(hook.command, secrets),
  "wave_hooks.hook.source": hook.file,
  "wave_hooks.hook.path": hook.path,
  "wave_hooks.hook.scope": hook.scope,
  ...(hook.plugin === undefined ? {} : { "wave_hooks.hook.plugin": hook.plugin.name })
})

/**
 * Attributes of a finished hook run: `wave_hooks.hook.exit_code` (absent when
 * it did not exit by itself), `.duration_ms`, `.timed_out`, `.truncated`,
 * `.signal` when one ended it, and `.effects` (the effect tags its output gave).
 *
 * @category spans
 * @since 0.2.0
 */
export const hookRunAttributes = (run: HookRun, effects: ReadonlyArray<TracedEffect>): Record<string, unknown> => ({
  ...(run.exitCode === null ? {} : { "wave_hooks.hook.exit_code": run.exitCode }),
  "wave_hooks.hook.duration_ms": run.durationMs,
  "wave_hooks.hook.timed_out": run.timedOut,
  "wave_hooks.hook.truncated": run.truncated === true,
  ...(run.signal === undefined ? {} : { "wave_hooks.hook.signal": run.signal }),
  ...(run.spawnError === undefined ? {} : { "wave_hooks.hook.spawn_failed": true }),
  "wave_hooks.hook.effects": effects.map((t) => t.effect._tag)
})

/**
 * Attributes of the decision's span, one array entry per combined effect in
 * order, as `explain` says them: `wave_hooks.decision.effects` (tags),
 * `.rules` (the rule that produced each, in words), `.rule_ids` (its
 * `RuleId`, since 0.3.0), `.hooks` (the hook's command or
 * label, `wave-hooks` for the engine's own effects), plus `.blocking`.
 *
 * @category spans
 * @since 0.2.0
 */
export const decisionAttributes = (
  traced: ReadonlyArray<TracedEffect>,
  hookOf: (t: TracedEffect) => ConfiguredHook | undefined,
  secrets: ReadonlyArray<{ readonly name: string; readonly value: string }>
): Record<string, unknown> => ({
  "wave_hooks.decision.effects": traced.map((t) => t.effect._tag),
  "wave_hooks.decision.rules": traced.map((t) => t.rule),
  "wave_hooks.decision.rule_ids": traced.map((t) => t.id),
  "wave_hooks.decision.hooks": traced.map((t) => {
    const hook = hookOf(t)
    return hook === undefined ? "wave-hooks" : redactSecrets(hook.command, secrets)
  }),
  "wave_hooks.decision.blocking": isBlocking(traced.map((t) => t.effect))
})

/**
 * Attributes of an event's span: `wave_hooks.event`, `.session_id`,
 * `.dialect`, `.tool_name` when the payload has one; after the run
 * `.hooks_run`, `.effects` and `.blocking`.
 *
 * @category spans
 * @since 0.2.0
 */
export const eventResultAttributes = (runs: number, effects: ReadonlyArray<HookEffect>): Record<string, unknown> => ({
  "wave_hooks.hooks_run": runs,
  "wave_hooks.effects": effects.map((e) => e._tag),
  "wave_hooks.blocking": isBlocking(effects)
})

// ====== The exporter, from the environment ======

/**
 * The OTLP/HTTP traces URL the standard variables give, or `undefined` (no
 * export): `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as written, else
 * `OTEL_EXPORTER_OTLP_ENDPOINT` with `/v1/traces` appended; nothing when
 * `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER` does not name `otlp`
 * (e.g. `none`).
 *
 * @example
 * ```ts
 * otlpTracesEndpointOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" }) // => "http://127.0.0.1:4318/v1/traces"
 * otlpTracesEndpointOf({}) // => undefined
 * ```
 *
 * @category telemetry
 * @since 0.2.0
 */
export const otlpTracesEndpointOf = (env: { readonly [name: string]: string | undefined }): string | undefined => {
  if (env["OTEL_SDK_DISABLED"]?.trim().toLowerCase() === "true") return undefined
  const exporters = env["OTEL_TRACES_EXPORTER"]?.trim()
  if (
    exporters !== undefined &&
    exporters !== "" &&
    !exporters.split(",").some((e) => e.trim().toLowerCase() === "otlp")
  )
    return undefined
  const traces = env["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"]?.trim()
  if (traces !== undefined && traces !== "") return traces
  const base = env["OTEL_EXPORTER_OTLP_ENDPOINT"]?.trim()
  if (base === undefined || base === "") return undefined
  return `${base.replace(/\/+$/, "")}/v1/traces`
}

/**
 * A started OTLP exporter: the `Tracer` to run programs with
 * (`Effect.withTracer`), and `shutdown`, which sends the spans not sent yet
 * and stops it.
 *
 * @category models
 * @since 0.2.0
 */
export interface TelemetryHandle {
  readonly tracer: Tracer.Tracer
  readonly shutdown: () => Promise<void>
}

/**
 * The collectors of this process (`CollectorHealth`): one down is said once on
 * stderr, and no later run, event or session of the process waits for it.
 */
const collectorHealth = makeCollectorHealth({
  // The endpoint and the error come from the environment and the network: credentials hidden, control characters escaped.
  report: (line) => process.stderr.write(`${escapeControl(redactUrlsIn(line.trimEnd()))}\n`),
  label: redactUrl
})

/**
 * Start the OTLP exporter the variables of `env` configure
 * (`otlpTracesEndpointOf`): `undefined`, having loaded nothing, when no
 * endpoint is set, and `undefined` with a line on stderr when a variable is
 * bad (an endpoint that is not a URL, an `OTEL_RESOURCE_ATTRIBUTES` that is
 * not percent-encoded): telemetry never stops a hook from running. `runHooksPromise` and `HookSession.startPromise` use it;
 * an Effect program provides `telemetryLayerFromEnv`. A collector that is
 * down (refuses, does not answer within `OTEL_EXPORTER_OTLP_TIMEOUT`, answers
 * an error) costs that wait once per process and is said once on stderr;
 * every exporter started later in the process drops its spans at once while
 * it is down (one export is tried in the background every 60 s).
 *
 * @category telemetry
 * @since 0.2.0
 */
export const startTelemetryFromEnv = async (env: {
  readonly [name: string]: string | undefined
}): Promise<TelemetryHandle | undefined> => {
  const url = otlpTracesEndpointOf(env)
  if (url === undefined) return undefined
  try {
    if (!URL.canParse(url)) throw new Error(`${url} is not a URL`)
    const { startOtlpTracer } = await import("./otlp-from-env.ts")
    return await startOtlpTracer(url, env, collectorHealth)
  } catch (error) {
    // Telemetry never stops a hook from running: a bad OTEL_* value is said once, and nothing is exported.
    const fields =
      typeof error === "object" && error !== null
        ? (error as { readonly _tag?: unknown; readonly message?: unknown })
        : {}
    const message = typeof fields.message === "string" && fields.message !== "" ? fields.message : String(error)
    const why =
      typeof fields._tag === "string" && !message.startsWith(fields._tag) ? `${fields._tag}: ${message}` : message
    process.stderr.write(
      `wave-hooks: OpenTelemetry export is off (${why.split("\n")[0]}). Check the OTEL_* variables.\n`
    )
    return undefined
  }
}

/**
 * The layer that exports every span to the OTLP endpoint the variables of
 * `env` name (`otlpTracesEndpointOf`), with `OTEL_SERVICE_NAME` (default
 * `wave-hooks`), `OTEL_RESOURCE_ATTRIBUTES` and
 * `OTEL_EXPORTER_OTLP_HEADERS`; `undefined` when no endpoint is set, in which
 * case nothing is loaded. The exporter is loaded with `import()`; closing the
 * layer's scope flushes the spans.
 *
 * **Example** (An embedder's program)
 *
 * ```ts
 * const telemetry = await telemetryLayerFromEnv(process.env)
 * await Effect.runPromise(telemetry === undefined ? program : Effect.provide(program, telemetry))
 * ```
 *
 * @category telemetry
 * @since 0.2.0
 */
export const telemetryLayerFromEnv = async (env: {
  readonly [name: string]: string | undefined
}): Promise<Layer.Layer<never> | undefined> => {
  const started = await startTelemetryFromEnv(env)
  if (started === undefined) return undefined
  return Layer.effectDiscard(Effect.addFinalizer(() => Effect.promise(started.shutdown))).pipe(
    Layer.provideMerge(Layer.succeed(Tracer.Tracer, started.tracer))
  ) as Layer.Layer<unknown> as Layer.Layer<never>
}
