/**
 * `HttpHook`: the service that sends one `http` hook request and reports
 * what came back, in the shape of `HookProcess`: the
 * request is plain data, only the service touches the network.
 * `HttpHook.layer` sends real requests on keep-alive agents it owns (closed
 * with the layer); `HttpHook.node` is the same on the process's shared
 * agents; `HttpHook.layerTest` answers with canned outcomes and records what
 * it was asked. `runHttpHook` is the whole hook: allowlists, header
 * variables, the request, and the `HookRun` for `decide`.
 *
 * @since 0.2.0
 */
import { Context, Effect, Layer } from "effect"
import type { HookRun } from "../core/hook-run.ts"
import type { HttpOutcome, TransportRun } from "../core/transport-outcome.ts"
import { httpResponseRun } from "../core/transport-outcome.ts"
import type { HttpHookConfig, HttpHookPolicy } from "../settings/http-hook-config.ts"
import {
  describeHeaderProblems,
  effectiveAllowedEnvVars,
  httpHookLabel,
  httpsOnlyProblem,
  redactUrl,
  substituteHeaderVars,
  urlAllowed,
  urlNotAllowedMessage
} from "../settings/http-hook-config.ts"
import type { HttpAgents, HttpRequestOptions } from "./node-http-hook.ts"
import { destroyHttpAgents, makeHttpAgents, processHttpAgents, sendHttpRequest } from "./node-http-hook.ts"
import { defaultOutputCapBytes } from "./node-hook-process.ts"

export type { HttpAgents, HttpRequestOptions } from "./node-http-hook.ts"

// ====== Models ======

/**
 * A canned answer of the test layer: an outcome, the fields of a response
 * that matter (`status`, `body`; the rest defaulted), or an Effect giving
 * either (to take time, or to look at the request).
 *
 * @category models
 * @since 0.2.0
 */
export type CannedHttp =
  | HttpOutcome
  | { readonly status: number; readonly body?: string; readonly location?: string }
  | Effect.Effect<HttpOutcome | { readonly status: number; readonly body?: string; readonly location?: string }>

// ====== Service ======

let nodeService: HttpHook["Service"] | undefined

/**
 * Sends one `http` hook request. Never fails: a refused connection, a
 * timeout or a cut body is part of the `HttpOutcome`.
 *
 * **When to use**
 *
 * `runHttpHook` needs it, and `runHooks` for `http` hooks (optional there: without it, `HttpHook.node`).
 * Provide `HttpHook.layer` in an agent, `HttpHook.layerTest(script)` in
 * tests.
 *
 * **Example** (Canned answers by URL)
 *
 * ```ts
 * const asked: Array<HttpRequestOptions> = []
 * const layer = HttpHook.layerTest({ "http://guard/pre": { status: 200, body: "{\"decision\":\"block\",\"reason\":\"no\"}" } }, asked)
 * const { run } = yield* runHttpHook({ type: "http", url: "http://guard/pre" }, { input, env: {}, timeoutMs: 5000 }).pipe(Effect.provide(layer))
 * run.stdout // => '{"decision":"block","reason":"no"}'
 * ```
 *
 * @category services
 * @since 0.2.0
 */
export class HttpHook extends Context.Service<
  HttpHook,
  {
    readonly send: (request: HttpRequestOptions) => Effect.Effect<HttpOutcome>
  }
>()("wave-hooks/runner/HttpHook") {
  /** The service on the given agents (default: the process's shared keep-alive agents). */
  static make(agents: HttpAgents = processHttpAgents()): HttpHook["Service"] {
    return {
      // No span of its own (the runner's `hook http` span covers the request): this is on every http hook's path.
      send: (request: HttpRequestOptions) => Effect.promise((signal) => sendHttpRequest(request, agents, signal))
    }
  }

  /**
   * The real client as a plain service value on the process's shared
   * agents: connections are reused by every caller in the process (`run`,
   * `serve`, each `HookSession`).
   */
  static readonly node: HttpHook["Service"] = {
    send: (request) => (nodeService ??= HttpHook.make(processHttpAgents())).send(request)
  }

  /** Real requests on keep-alive agents of the layer's own, closed (every socket) when the layer's scope closes. */
  static readonly layer: Layer.Layer<HttpHook> = Layer.effect(
    HttpHook,
    Effect.map(
      Effect.acquireRelease(Effect.sync(makeHttpAgents), (agents) => Effect.sync(() => destroyHttpAgents(agents))),
      HttpHook.make
    )
  )

  /**
   * Canned outcomes instead of requests. Every request is pushed to
   * `requests` (url, headers, body, timeout, cap) before it is answered.
   *
   * **Details**
   *
   * A record script without an entry for a URL dies with a defect naming the
   * URL (a test that calls an unexpected hook should fail loudly).
   */
  static layerTest(
    script: ((request: HttpRequestOptions) => CannedHttp) | { readonly [url: string]: CannedHttp },
    requests: Array<HttpRequestOptions> = []
  ): Layer.Layer<HttpHook> {
    return Layer.succeed(HttpHook, HttpHook.test(script, requests))
  }

  /** The service value behind `layerTest`. */
  static test(
    script: ((request: HttpRequestOptions) => CannedHttp) | { readonly [url: string]: CannedHttp },
    requests: Array<HttpRequestOptions> = []
  ): HttpHook["Service"] {
    return {
      send: Effect.fn("HttpHook.send")(function* (request: HttpRequestOptions) {
        requests.push(request)
        const answer =
          typeof script === "function"
            ? script(request)
            : Object.hasOwn(script, request.url)
              ? script[request.url]
              : undefined
        if (answer === undefined) {
          return yield* Effect.die(
            new Error(
              `HttpHook.layerTest has no canned answer for ${JSON.stringify(request.url)}; ` +
                `add it to the script (known: ${
                  typeof script === "function"
                    ? "(a function)"
                    : Object.keys(script)
                        .map((u) => JSON.stringify(u))
                        .join(", ")
                }).`
            )
          )
        }
        const value = Effect.isEffect(answer) ? yield* answer : answer
        if ("_tag" in value) return value
        return {
          _tag: "Response",
          status: value.status,
          body: value.body ?? "",
          truncated: false,
          capBytes: request.capBytes,
          location: value.location,
          durationMs: 0
        } satisfies HttpOutcome
      })
    }
  }
}

// ====== The whole hook ======

/**
 * What `runHttpHook` needs besides the hook: the event's JSON, the
 * environment header variables come from, the settings-level allowlists in
 * force, the timeout and the body cap.
 *
 * @category models
 * @since 0.2.0
 */
export interface HttpHookRunOptions {
  /** The event's JSON (the POST body). */
  readonly input: string
  readonly env: { readonly [name: string]: string | undefined }
  readonly policy?: HttpHookPolicy
  /**
   * The agent posts to https:// only, and to http:// on this machine only when this variable of `env` is `1`
   * (Copilot's `COPILOT_HOOK_ALLOW_LOCALHOST`); since 0.5.0.
   */
  readonly httpsOnlyUnless?: string
  readonly timeoutMs: number
  /** Bytes of the body kept (default 1 MiB, like a command's stdout). */
  readonly capBytes?: number
}

/**
 * Run one `http` hook: refuse a URL outside `allowedHttpHookUrls` (a failure
 * run, so `onFailure: "block"` blocks; nothing is sent), substitute the
 * allowed `$VAR`s into the headers, send the event's JSON and map the answer
 * to the `HookRun` `decide` reads. `notes` says which header variables went
 * out empty or which headers were dropped (show them as warnings).
 *
 * **Example** (In the runner, per hook)
 *
 * ```ts
 * const { run, notes } = yield* runHttpHook(hook, { input, env, policy, timeoutMs: 30_000 })
 * const effects = decideTraced(event, run, { dialect, onFailure: hook.onFailure ?? "continue" })
 * ```
 *
 * @category running
 * @since 0.2.0
 */
export const runHttpHook: (
  hook: Pick<HttpHookConfig, "url" | "headers" | "allowedEnvVars">,
  options: HttpHookRunOptions
) => Effect.Effect<TransportRun, never, HttpHook> = Effect.fnUntraced(function* (hook, options) {
  const label = httpHookLabel(hook)
  const allowedUrls = options.policy?.allowedHttpHookUrls
  if (!urlAllowed(hook.url, allowedUrls)) {
    const run: HookRun = httpResponseRun(
      { _tag: "Failed", message: urlNotAllowedMessage(hook.url, allowedUrls ?? []), durationMs: 0 },
      label
    )
    return { run, notes: [] }
  }
  const insecure =
    options.httpsOnlyUnless === undefined
      ? undefined
      : httpsOnlyProblem(hook.url, options.httpsOnlyUnless, options.env[options.httpsOnlyUnless] === "1")
  if (insecure !== undefined) {
    const message = `its URL ${redactUrl(hook.url)} was not posted to: the agent ${insecure}`
    return { run: httpResponseRun({ _tag: "Failed", message, durationMs: 0 }, label), notes: [] }
  }
  const substituted = substituteHeaderVars(
    hook.headers,
    effectiveAllowedEnvVars(hook.allowedEnvVars, options.policy?.httpHookAllowedEnvVars),
    options.env
  )
  const service = yield* HttpHook
  const outcome = yield* service.send({
    url: hook.url,
    headers: substituted.headers,
    body: options.input,
    timeoutMs: options.timeoutMs,
    capBytes: options.capBytes ?? defaultOutputCapBytes
  })
  return { run: httpResponseRun(outcome, label), notes: describeHeaderProblems(hook.url, substituted) }
})
