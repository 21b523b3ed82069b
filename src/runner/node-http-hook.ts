/**
 * The Node client behind `HttpHook.layer`: one POST with `node:http` /
 * `node:https` on a keep-alive `Agent` (connections reused across events),
 * no redirects followed, the body cut at a cap, one deadline over connect,
 * response and body, and every failure turned into an `HttpOutcome`.
 *
 * Why `node:http` (bench `transport`, ARCHITECTURE 7.1): on a kept-alive
 * connection a round trip costs about 0.1-0.2 ms with it, against 0.3-0.7 ms
 * with `fetch`; undici's `Pool` is within a few tens of microseconds of it
 * but is a dependency wave-hooks does not declare (it comes only through
 * `@effect/platform-node`), and `node:http` never follows redirects, needs no
 * per-origin pool and exposes the socket for the reuse test.
 *
 * @since 0.2.0
 */
import type * as http from "node:http"
import type * as https from "node:https"
import type { HttpOutcome } from "../core/transport-outcome.ts"
import { redactUrl, redactUrlsIn } from "../settings/http-hook-config.ts"

/**
 * The keep-alive agents one process shares (`http:` and `https:`).
 *
 * @category models
 * @since 0.2.0
 */
export interface HttpAgents {
  readonly http: http.Agent
  readonly https: https.Agent
}

/**
 * How long an idle kept-alive connection is kept: under Node's server
 * default `keepAliveTimeout` (5 s), so the client closes first and a request
 * never goes out on a socket the server is closing. A server's
 * `Keep-Alive: timeout=N` hint shortens it.
 *
 * @category constants
 * @since 0.2.0
 */
const idleSocketMs = 4000

/**
 * New keep-alive agents (at most 64 connections per origin; idle ones closed
 * after `idleSocketMs`). Idle sockets do not keep the process alive.
 *
 * @category constructors
 * @since 0.2.0
 */
export const makeHttpAgents = (): HttpAgents => {
  const options = {
    keepAlive: true,
    maxSockets: 64,
    maxFreeSockets: 16,
    timeout: idleSocketMs,
    scheduling: "lifo" as const
  }
  // Loaded here, not imported: node:https brings tls and crypto, which a run of command hooks never needs.
  return {
    http: new (process.getBuiltinModule("node:http").Agent)(options),
    https: new (process.getBuiltinModule("node:https").Agent)(options)
  }
}

/**
 * Close every connection of the agents (idle and in use).
 *
 * @category constructors
 * @since 0.2.0
 */
export const destroyHttpAgents = (agents: HttpAgents): void => {
  agents.http.destroy()
  agents.https.destroy()
}

let processAgents: HttpAgents | undefined

/**
 * The agents of this process, made on first use (what `HttpHook.node` uses,
 * so `run`, `serve` and a `HookSession` reuse connections across events).
 *
 * @category constructors
 * @since 0.2.0
 */
export const processHttpAgents = (): HttpAgents => (processAgents ??= makeHttpAgents())

/**
 * One `http` hook request, as data.
 *
 * @category models
 * @since 0.2.0
 */
export interface HttpRequestOptions {
  readonly url: string
  /** Extra headers (already substituted). `Content-Type` and `Content-Length` are set unless given. */
  readonly headers: { readonly [name: string]: string }
  /** The event's JSON. */
  readonly body: string
  readonly timeoutMs: number
  /** Bytes of the response body kept; a longer body is cut and the connection closed. */
  readonly capBytes: number
}

const errorCode = (error: unknown): string | undefined => {
  const code = (error as { readonly code?: unknown } | null)?.code
  return typeof code === "string" ? code : undefined
}

/** A connection failure in words, with the fix where there is an obvious one. */
const describeFailure = (error: unknown, rawUrl: string): string => {
  const url = redactUrl(rawUrl)
  const message = redactUrlsIn(error instanceof Error ? error.message : String(error))
  switch (errorCode(error)) {
    case "ECONNREFUSED":
      return `connection refused by ${url} (${message}); is the hook's server running and listening there?`
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the host of ${url} could not be resolved (${message}); check the url`
    case "ECONNRESET":
      return `the connection to ${url} was reset before a whole response came (${message})`
    case "ERR_INVALID_HTTP_TOKEN":
    case "ERR_INVALID_CHAR":
      return `a request header is not valid HTTP (${message}); fix the hook's headers`
    case "ERR_INVALID_URL":
      return `the url ${url} is not a valid URL (${message})`
    default:
      return `the request to ${url} failed (${message})`
  }
}

/** The kept bytes as text, cut back to a UTF-8 character boundary. */
const decodeCapped = (chunks: ReadonlyArray<Buffer>, kept: number, truncated: boolean): string => {
  const all = Buffer.concat(chunks, kept)
  if (!truncated) return all.toString("utf8")
  let end = all.length
  // Back off a partial multi-byte character at the cut.
  let back = end - 1
  while (back >= 0 && back >= end - 4 && (all[back]! & 0xc0) === 0x80) back--
  if (back >= 0) {
    const lead = all[back]!
    const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
    if (back + need > end) end = back
  }
  return all.subarray(0, end).toString("utf8")
}

/**
 * Send one request and settle with what came back; never rejects. The
 * `signal` aborts it (the Effect was interrupted); the request is destroyed
 * then, so no socket is left busy.
 *
 * @category running
 * @since 0.2.0
 */
// long: one request's lifecycle in Node callbacks (send, bounded body read, timeout, abort, settle once).
export const sendHttpRequest = (
  options: HttpRequestOptions,
  agents: HttpAgents = processHttpAgents(),
  signal?: AbortSignal
): Promise<HttpOutcome> =>
  new Promise<HttpOutcome>((resolve) => {
    const started = performance.now()
    const elapsed = () => performance.now() - started
    let settled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let request: http.ClientRequest | undefined
    const settle = (outcome: HttpOutcome) => {
      if (settled) return
      settled = true
      if (timer !== undefined) clearTimeout(timer)
      signal?.removeEventListener("abort", onAbort)
      resolve(outcome)
    }
    const onAbort = () => {
      request?.destroy()
      settle({
        _tag: "Failed",
        message: `the request to ${redactUrl(options.url)} was cancelled`,
        durationMs: elapsed()
      })
    }
    let url: URL
    try {
      url = new URL(options.url)
      if (url.protocol !== "http:" && url.protocol !== "https:")
        throw Object.assign(new Error(`unsupported protocol ${url.protocol}`), { code: "ERR_INVALID_URL" })
    } catch (error) {
      settle({ _tag: "Failed", message: describeFailure(error, options.url), durationMs: elapsed() })
      return
    }
    const body = Buffer.from(options.body, "utf8")
    const headers: Record<string, string | number> = { "content-type": "application/json", "user-agent": "wave-hooks" }
    for (const [name, value] of Object.entries(options.headers)) headers[name.toLowerCase()] = value
    headers["content-length"] = body.length
    try {
      request = (
        url.protocol === "https:" ? process.getBuiltinModule("node:https") : process.getBuiltinModule("node:http")
      ).request(url, {
        method: "POST",
        headers,
        agent: url.protocol === "https:" ? agents.https : agents.http
      })
    } catch (error) {
      settle({ _tag: "Failed", message: describeFailure(error, options.url), durationMs: elapsed() })
      return
    }
    timer = setTimeout(
      () => {
        request?.destroy()
        settle({ _tag: "TimedOut", durationMs: elapsed() })
      },
      Math.max(1, options.timeoutMs)
    )
    if (signal?.aborted) return onAbort()
    signal?.addEventListener("abort", onAbort, { once: true })
    request.on("error", (error) =>
      settle({ _tag: "Failed", message: describeFailure(error, options.url), durationMs: elapsed() })
    )
    request.on("response", (response) => {
      const chunks: Array<Buffer> = []
      let kept = 0
      const cap = Math.max(0, options.capBytes)
      const location = response.headers.location
      const finish = (truncated: boolean) =>
        settle({
          _tag: "Response",
          status: response.statusCode ?? 0,
          body: decodeCapped(chunks, kept, truncated),
          truncated,
          capBytes: cap,
          location,
          durationMs: elapsed()
        })
      response.on("data", (chunk: Buffer) => {
        if (settled) return
        if (kept + chunk.length > cap) {
          chunks.push(chunk.subarray(0, cap - kept))
          kept = cap
          // Over the cap: stop reading; the connection is closed rather than drained.
          response.destroy()
          request?.destroy()
          finish(true)
          return
        }
        chunks.push(chunk)
        kept += chunk.length
      })
      response.on("end", () => finish(false))
      response.on("error", (error) =>
        settle({ _tag: "Failed", message: describeFailure(error, options.url), durationMs: elapsed() })
      )
    })
    request.end(body)
  })
