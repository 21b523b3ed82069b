/**
 * Effect's `HttpClient` over `node:http` / `node:https`, for the OTLP
 * exporter. `@effect/platform-node` has one, but that package pulls a Redis
 * client into every install; Effect's fetch client loads undici on first use
 * (about 20 ms more per run), refuses URLs with a user and password
 * (`http://user:pw@collector`, which OTLP endpoints use), and hides the
 * connection error's code (ECONNREFUSED) one level deeper.
 *
 * @since 0.3.0
 */
import { Effect, Layer } from "effect"
import { HttpClient, HttpClientError, HttpClientResponse } from "effect/http"
import type { HttpClientRequest } from "effect/http"

/** Statuses whose answer has no body (the web `Response` refuses one). */
const bodiless = new Set([101, 204, 205, 304])

const transportError = (request: HttpClientRequest.HttpClientRequest, cause: unknown) =>
  new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, cause }) })

/**
 * Send one request with `node:http(s)`: the body when it is bytes (what the
 * OTLP exporter sends), no agent (one connection per request, closed after
 * it), the whole answer read before it is returned. An aborted request (the
 * exporter's timeout, an interrupted fiber) destroys the socket.
 */
const send = (request: HttpClientRequest.HttpClientRequest, url: URL, signal: AbortSignal) =>
  Effect.callback<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError>((resume) => {
    try {
      const http =
        url.protocol === "https:" ? process.getBuiltinModule("node:https") : process.getBuiltinModule("node:http")
      const body = request.body._tag === "Uint8Array" ? request.body.body : undefined
      const headers: Record<string, string> = { ...request.headers }
      if (body !== undefined && request.body._tag === "Uint8Array") {
        headers["content-type"] = request.body.contentType
        headers["content-length"] = String(body.length)
      }
      const sent = http.request(url, { method: request.method, headers, agent: false, signal }, (answer) => {
        const chunks: Array<Buffer> = []
        answer.on("data", (chunk: Buffer) => chunks.push(chunk))
        answer.on("error", (error) => resume(Effect.fail(transportError(request, error))))
        answer.on("end", () => {
          try {
            const status = answer.statusCode ?? 500
            const answerHeaders = new Headers()
            for (const [name, value] of Object.entries(answer.headers)) {
              if (typeof value === "string") answerHeaders.set(name, value)
              else if (Array.isArray(value)) for (const one of value) answerHeaders.append(name, one)
            }
            const web = new Response(bodiless.has(status) ? null : Buffer.concat(chunks), {
              status,
              headers: answerHeaders
            })
            resume(Effect.succeed(HttpClientResponse.fromWeb(request, web)))
          } catch (error) {
            resume(Effect.fail(transportError(request, error)))
          }
        })
      })
      sent.on("error", (error) => resume(Effect.fail(transportError(request, error))))
      sent.end(body)
    } catch (error) {
      resume(Effect.fail(transportError(request, error)))
    }
  })

/**
 * The `HttpClient` layer over `node:http(s)`.
 *
 * @category layers
 * @since 0.3.0
 */
export const nodeHttpClientLayer: Layer.Layer<HttpClient.HttpClient> = Layer.succeed(HttpClient.HttpClient)(
  HttpClient.make((request, url, signal) => send(request, url, signal))
)
