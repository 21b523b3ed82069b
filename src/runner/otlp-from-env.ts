/**
 * The OTLP/HTTP span exporter (Effect's own `OtlpTracer`), configured from
 * the standard `OTEL_*` variables. Loaded with `import()` by
 * `telemetryLayerFromEnv` only when an endpoint variable is set; the CLI
 * ships it as a bundle of its own, so a run without the variables does not
 * read it. It hands back a plain `Tracer` object and a `shutdown` function
 * (no layer), so the bundle that loads it needs no Effect value of this one.
 *
 * @since 0.2.0
 */
import type { Tracer } from "effect"
import { ConfigProvider, Duration, Effect, Layer, ManagedRuntime } from "effect"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { OtlpSerialization, OtlpTracer } from "effect/observability"

/** `name=value,name2=value2` (values percent-decoded), as `OTEL_EXPORTER_OTLP_HEADERS` is written. */
const headersOf = (text: string | undefined): Record<string, string> | undefined => {
  if (text === undefined || text.trim() === "") return undefined
  const headers: Record<string, string> = {}
  for (const entry of text.split(",")) {
    const at = entry.indexOf("=")
    if (at <= 0) continue
    const name = entry.slice(0, at).trim()
    const raw = entry.slice(at + 1).trim()
    let value = raw
    try {
      value = decodeURIComponent(raw)
    } catch {
      // Not percent-encoded after all: sent as written.
    }
    if (name !== "") headers[name] = value
  }
  return headers
}

/** How long the end of a run waits for the last spans to be sent, by default. */
const defaultShutdownMs = 1000

const millisOf = (text: string | undefined): number | undefined => {
  const n = text === undefined ? Number.NaN : Number(text.trim())
  return Number.isFinite(n) && n >= 0 ? n : undefined
}

/**
 * The layer exporting spans to `url` (OTLP/HTTP, JSON unless
 * `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` / `OTEL_EXPORTER_OTLP_PROTOCOL` is
 * `http/protobuf`), with the resource of `OTEL_SERVICE_NAME` (default
 * `wave-hooks`) and `OTEL_RESOURCE_ATTRIBUTES` and the headers of
 * `OTEL_EXPORTER_OTLP_TRACES_HEADERS` / `OTEL_EXPORTER_OTLP_HEADERS`, all read
 * from `env`. Spans are sent in batches (`OTEL_BSP_SCHEDULE_DELAY`, default
 * 5 s) and when the layer's scope closes (within
 * `OTEL_EXPORTER_OTLP_TRACES_TIMEOUT` / `OTEL_EXPORTER_OTLP_TIMEOUT`
 * milliseconds, default 1000: a hook run is on the agent's path, so a
 * collector that is down delays it by at most that); an endpoint that does
 * not answer never fails the run.
 *
 * @category telemetry
 * @since 0.2.0
 */
export const otlpTracerLayer = (url: string, env: { readonly [name: string]: string | undefined }) => {
  const attributes = env["OTEL_RESOURCE_ATTRIBUTES"] ?? ""
  const named = (env["OTEL_SERVICE_NAME"] ?? "").trim() !== "" || /(^|,)\s*service\.name\s*=/.test(attributes)
  const protocol = (env["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"] ?? env["OTEL_EXPORTER_OTLP_PROTOCOL"] ?? "").trim()
  const headers = headersOf(env["OTEL_EXPORTER_OTLP_TRACES_HEADERS"] ?? env["OTEL_EXPORTER_OTLP_HEADERS"])
  const interval = millisOf(env["OTEL_BSP_SCHEDULE_DELAY"])
  const timeout = millisOf(env["OTEL_EXPORTER_OTLP_TRACES_TIMEOUT"] ?? env["OTEL_EXPORTER_OTLP_TIMEOUT"])
  const provider: Record<string, string | undefined> = { ...env }
  return OtlpTracer.layer({
    url,
    resource: named ? {} : { serviceName: "wave-hooks" },
    ...(headers === undefined ? {} : { headers }),
    ...(interval === undefined ? {} : { exportInterval: Duration.millis(interval) }),
    // A collector that is down delays the end of a run by at most this (the spans are then dropped).
    shutdownTimeout: Duration.millis(timeout ?? defaultShutdownMs)
  }).pipe(
    Layer.provide(protocol === "http/protobuf" ? OtlpSerialization.layerProtobuf : OtlpSerialization.layerJson),
    // node:http rather than fetch: undici, which fetch loads on first use, costs a run about 20 ms more.
    Layer.provide(NodeHttpClient.layerNodeHttp),
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES are read through Config: from `env`, not process.env.
    Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(provider)))
  )
}

/**
 * A started OTLP exporter: the `Tracer` to run programs with, and
 * `shutdown`, which sends the spans not sent yet (within the timeout) and
 * stops it.
 *
 * @category models
 * @since 0.2.0
 */
export interface OtlpTracerHandle {
  readonly tracer: Tracer.Tracer
  readonly shutdown: () => Promise<void>
}

/**
 * Start the exporter of `otlpTracerLayer`.
 *
 * @category telemetry
 * @since 0.2.0
 */
export const startOtlpTracer = async (url: string, env: { readonly [name: string]: string | undefined }): Promise<OtlpTracerHandle> => {
  const runtime = ManagedRuntime.make(otlpTracerLayer(url, env))
  const tracer = await runtime.runPromise(Effect.tracer)
  return { tracer, shutdown: () => runtime.dispose() }
}
