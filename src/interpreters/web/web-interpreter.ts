/**
 * The web interpreter: carries effects out on the web page of a `WebServer`.
 * Permission questions wait for a click on Allow or Deny, each event's
 * effects and resolution are pushed to the open pages, and a `RunObserver`
 * streams hook runs as they start and finish.
 *
 * @since 0.1.0
 */
import { Clock, Duration, Effect, Layer } from "effect"
import type { PermissionAnswer, Resolution } from "../resolution.ts"
import type { ConfiguredHook } from "../../settings/settings-schema.ts"
import type { RunObserver } from "../../settings/run-observer.ts"
import type { EffectsRequest, Render } from "../contract.ts"
import { AskTimeout, Interpreter, makeInterpreter, Permission } from "../contract.ts"
import type { PromiseInterpreter } from "../promise.ts"
import { interpreterPromise } from "../promise.ts"
import type { AskOptions } from "./feed.ts"
import type { WebServer } from "./web-server.ts"

/**
 * Options of the web interpreter.
 *
 * @category models
 * @since 0.1.0
 */
export interface WebInterpreterOptions extends AskOptions {
  /**
   * Put everything on this card (from `server.feed.open`) instead of the
   * newest unfinished card of the event; for concurrent callers.
   */
  readonly card?: number
}

/**
 * `Permission` answered on the page: each question becomes a pending card
 * with Allow and Deny buttons, and the answer is the click.
 *
 * **Details**
 *
 * Without `timeoutMs` the question waits until someone clicks or the server
 * closes (then: deny). With it, `timeoutAnswer` (default deny) is given when
 * nobody answers in time. When the asking fiber is interrupted, the question
 * is withdrawn from the page, unless the ask timeout (`AskTimeout`, e.g.
 * `serve --ask-timeout`) ran out: then the page says nobody answered in time
 * and the question was denied.
 *
 * @category layers
 * @since 0.1.0
 */
export const webPermission = (server: WebServer, options: WebInterpreterOptions = {}): Layer.Layer<Permission> =>
  Layer.effect(
    Permission,
    Effect.gen(function* () {
      const timeout = yield* AskTimeout
      const timeoutMs = timeout === undefined ? undefined : Duration.toMillis(timeout)
      return Permission.of({
        ask: (request) =>
          Effect.flatMap(Clock.currentTimeMillis, (started) =>
            Effect.callback<PermissionAnswer>((resume) => {
              if (server.closed) return resume(Effect.succeed("deny"))
              const card = options.card ?? server.feed.cardFor(request.event, request.tool)
              const id = server.feed.ask(card, request, options, (answer) => resume(Effect.succeed(answer)))
              // Interrupted: by the ask timeout (the page says so), or because the asker went away.
              return Effect.map(Clock.currentTimeMillis, (now) =>
                timeoutMs !== undefined && now - started >= timeoutMs
                  ? void server.feed.answer(id, "deny", "timeout", timeoutMs)
                  : server.feed.withdraw(id)
              )
            })
          )
      })
    })
  )

/**
 * The web renderer: puts each event's effects and what they mean on its card.
 *
 * @category interpreters
 * @since 0.1.0
 */
export const renderWeb =
  (server: WebServer, card?: number): Render =>
  (request, resolution) =>
    Effect.sync(() =>
      server.feed.resolve(card ?? server.feed.cardFor(request.event, request.tool), request, resolution)
    )

/**
 * A `RunObserver` that shows each hook run on its event's card: the command
 * while it runs, then its exit status and duration.
 *
 * **Example** (A session streamed to the page)
 *
 * ```ts
 * const session = yield* HookSession.start({ projectDir, observer: webRunObserver(server) })
 * ```
 *
 * @category observers
 * @since 0.1.0
 */
export const webRunObserver = (server: WebServer, card?: number): RunObserver => {
  const running = new Map<ConfiguredHook, { readonly card: number; readonly run: number }>()
  return {
    started: (hook) => {
      const on = card ?? server.feed.cardFor(hook.event)
      running.set(hook, { card: on, run: server.feed.runStarted(on, hook.command, hook.statusMessage) })
    },
    finished: (hook, run) => {
      const started = running.get(hook)
      if (started === undefined) return
      running.delete(hook)
      server.feed.runFinished(started.card, started.run, run)
    }
  }
}

/**
 * The web interpreter: the web renderer with the page's `Permission`.
 *
 * **Example** (An agent asking in the browser)
 *
 * ```ts
 * const server = yield* makeWebServer()
 * const resolution = yield* Effect.gen(function*() {
 *   return yield* (yield* Interpreter).carryOut({ event: "PreToolUse", effects, tool })
 * }).pipe(Effect.provide(webInterpreter(server)))
 * ```
 *
 * @category layers
 * @since 0.1.0
 */
export const webInterpreter = (server: WebServer, options: WebInterpreterOptions = {}): Layer.Layer<Interpreter> =>
  makeInterpreter("web", renderWeb(server, options.card)).pipe(Layer.provide(webPermission(server, options)))

/**
 * Carry out one event's effects on the page (Promise API, for plain
 * TypeScript); resolves once any question was answered.
 *
 * **Example** (From plain TypeScript)
 *
 * ```ts
 * const server = await startWebServer()
 * const { effects } = await runHooksPromise({ event: "PreToolUse", payload, projectDir, observer: webRunObserver(server) })
 * const resolution = await carryOutWeb(server, { event: "PreToolUse", effects, tool })
 * ```
 *
 * @category interpreters
 * @since 0.1.0
 */
export const carryOutWeb = (
  server: WebServer,
  request: EffectsRequest,
  options: WebInterpreterOptions = {}
): Promise<Resolution> =>
  Effect.runPromise(
    Effect.gen(function* () {
      return yield* (yield* Interpreter).carryOut(request)
    }).pipe(Effect.provide(webInterpreter(server, options)))
  )

/**
 * The web interpreter without Effect: `carryOut` returns a Promise that
 * resolves once any question was answered on the page.
 *
 * **Details**
 *
 * Questions are asked on the server's page (see `webPermission`); closing
 * the server denies the pending ones. `dispose()` releases the interpreter,
 * not the server: close that with `server.close()`.
 *
 * **Example** (From plain TypeScript)
 *
 * ```ts
 * const server = await startWebServer()
 * const web = webInterpreterPromise(server, { timeoutMs: 60_000 })
 * const { effects } = await runHooksPromise({ event: "PreToolUse", payload, projectDir, observer: webRunObserver(server) })
 * const resolution = await web.carryOut({ event: "PreToolUse", effects, tool })
 * await web.dispose()
 * await server.close()
 * ```
 *
 * @category promise
 * @since 0.1.0
 */
export const webInterpreterPromise = (server: WebServer, options: WebInterpreterOptions = {}): PromiseInterpreter =>
  interpreterPromise(webInterpreter(server, options))
