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
import { nodeHttpClientLayer } from "./node-http-client.ts"
import { HttpClient, HttpClientError, HttpClientResponse } from "effect/http"
import type { HttpClientRequest } from "effect/http"
import { OtlpSerialization, OtlpTracer } from "effect/observability"
import type { CollectorHealth } from "./collector-health.ts"

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

/** Why an export failed, in words for the line said when the collector is marked down. */
const whyExportFailed = (error: unknown): string => {
  if (HttpClientError.isHttpClientError(error) && error.reason._tag === "TransportError") {
    const cause = error.reason.cause as { readonly code?: unknown; readonly message?: unknown } | undefined
    const code = typeof cause?.code === "string" ? cause.code : undefined
    if (code === "ECONNREFUSED") return "refused the connection (ECONNREFUSED)"
    if (code !== undefined) return `could not be reached (${code})`
    return `could not be reached (${typeof cause?.message === "string" ? cause.message : "transport error"})`
  }
  const code = (error as { readonly code?: unknown } | null)?.code
  if (code === "ECONNREFUSED") return "refused the connection (ECONNREFUSED)"
  if (typeof code === "string") return `could not be reached (${code})`
  return `could not be reached (${error instanceof Error ? error.message : String(error)})`
}

/** The answer an export gets when it is dropped: 204, so the exporter neither retries nor stops itself. */
const dropped = (request: HttpClientRequest.HttpClientRequest): HttpClientResponse.HttpClientResponse =>
  HttpClientResponse.fromWeb(request, new Response(null, { status: 204 }))

/**
 * Send `request` (an export) once with `node:http(s)`, outside any Effect
 * runtime, so it outlives the exporter that made it (a `runHooksPromise`
 * call's ends with the call): no agent, its socket unreferenced (it never
 * keeps the process alive), at most `timeoutMs` without an answer. Resolves
 * with why it failed, or `undefined` when the collector answered 2xx.
 */
const probeOnce = (request: HttpClientRequest.HttpClientRequest, timeoutMs: number): Promise<string | undefined> =>
  new Promise((resolve) => {
    try {
      const target = new URL(request.url)
      const http =
        target.protocol === "https:" ? process.getBuiltinModule("node:https") : process.getBuiltinModule("node:http")
      const body = request.body._tag === "Uint8Array" ? request.body.body : new Uint8Array()
      const contentType = request.body._tag === "Uint8Array" ? request.body.contentType : "application/json"
      const sent = http.request(
        target,
        {
          method: "POST",
          agent: false,
          headers: { ...request.headers, "content-type": contentType, "content-length": String(body.length) },
          timeout: timeoutMs > 0 ? timeoutMs : defaultShutdownMs
        },
        (answer) => {
          answer.resume()
          const status = answer.statusCode ?? 0
          resolve(status >= 200 && status < 300 ? undefined : `answered HTTP ${status}`)
        }
      )
      sent.on("socket", (socket) => socket.unref())
      sent.on("timeout", () => {
        sent.destroy()
        resolve(`did not answer within ${timeoutMs} ms`)
      })
      sent.on("error", (error) => resolve(whyExportFailed(error)))
      sent.end(body)
    } catch (error) {
      resolve(whyExportFailed(error))
    }
  })

/**
 * The HTTP client of the exporter, in front of `node:http`: each export to
 * `url` is admitted by `health` (`CollectorHealth`). Sent, it gets at most
 * `timeoutMs`; refused, silent past that, or answered with an error status, it
 * marks the collector down (`health.failed`, which says so once) and is
 * dropped, never retried: the caller never waits more than once. While the
 * collector is down, exports are dropped at once; now and then one is sent
 * in the background (`probeOnce`) to see whether it is back.
 */
const guardedHttpClient = (url: string, timeoutMs: number, health: CollectorHealth) =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, (client) => {
      const bounded = timeoutMs > 0
      return HttpClient.transform(client, (response, request) =>
        Effect.suspend(() => {
          if (health.admit(url, () => probeOnce(request, timeoutMs)) === "drop") return Effect.succeed(dropped(request))
          return response.pipe(
            bounded
              ? Effect.timeoutOrElse({
                  duration: Duration.millis(timeoutMs),
                  orElse: () => Effect.fail(`did not answer within ${timeoutMs} ms`)
                })
              : (self) => self,
            Effect.flatMap((answer) => {
              if (answer.status >= 200 && answer.status < 300) {
                health.answered(url)
                return Effect.succeed(answer)
              }
              return Effect.ignore(answer.arrayBuffer).pipe(
                Effect.andThen(Effect.fail(`answered HTTP ${answer.status}`))
              )
            }),
            Effect.catch((error) => {
              health.failed(url, typeof error === "string" ? error : whyExportFailed(error))
              return Effect.succeed(dropped(request))
            }),
            // Cut off by the end of a run's flush (its timeout): the collector did not answer in time.
            Effect.onInterrupt(() =>
              Effect.sync(() => (bounded ? health.failed(url, `did not answer within ${timeoutMs} ms`) : undefined))
            )
          )
        })
      )
    })
  ).pipe(Layer.provide(nodeHttpClientLayer))

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
 * not answer never fails the run. With `health` (since 0.2.0; the process's
 * `CollectorHealth`), a collector that is down costs that wait once per
 * process, is said once, and its later exports are dropped at once.
 *
 * @category telemetry
 * @since 0.2.0
 */
const otlpTracerLayer = (
  url: string,
  env: { readonly [name: string]: string | undefined },
  health?: CollectorHealth
) => {
  const attributes = env["OTEL_RESOURCE_ATTRIBUTES"] ?? ""
  const named = (env["OTEL_SERVICE_NAME"] ?? "").trim() !== "" || /(^|,)\s*service\.name\s*=/.test(attributes)
  const protocol = (env["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"] ?? env["OTEL_EXPORTER_OTLP_PROTOCOL"] ?? "").trim()
  const headers = headersOf(env["OTEL_EXPORTER_OTLP_TRACES_HEADERS"] ?? env["OTEL_EXPORTER_OTLP_HEADERS"])
  const interval = millisOf(env["OTEL_BSP_SCHEDULE_DELAY"])
  const timeout = millisOf(env["OTEL_EXPORTER_OTLP_TRACES_TIMEOUT"] ?? env["OTEL_EXPORTER_OTLP_TIMEOUT"])
  const provider: Record<string, string | undefined> = { ...env }
  const flushMs = timeout ?? defaultShutdownMs
  return OtlpTracer.layer({
    url,
    resource: named ? {} : { serviceName: "wave-hooks" },
    ...(headers === undefined ? {} : { headers }),
    ...(interval === undefined ? {} : { exportInterval: Duration.millis(interval) }),
    // A collector that is down delays the end of a run by at most this (the spans are then dropped).
    shutdownTimeout: Duration.millis(flushMs)
  }).pipe(
    Layer.provide(protocol === "http/protobuf" ? OtlpSerialization.layerProtobuf : OtlpSerialization.layerJson),
    // node:http rather than fetch: undici, which fetch loads on first use, costs a run about 20 ms more.
    Layer.provide(health === undefined ? nodeHttpClientLayer : guardedHttpClient(url, flushMs, health)),
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
 * Start the exporter of `otlpTracerLayer` (with `health`, the process's
 * `CollectorHealth`, since 0.2.0).
 *
 * @category telemetry
 * @since 0.2.0
 */
export const startOtlpTracer = async (
  url: string,
  env: { readonly [name: string]: string | undefined },
  health?: CollectorHealth
): Promise<OtlpTracerHandle> => {
  const runtime = ManagedRuntime.make(otlpTracerLayer(url, env, health))
  const tracer = await runtime.runPromise(Effect.tracer)
  return { tracer, shutdown: () => runtime.dispose() }
}
