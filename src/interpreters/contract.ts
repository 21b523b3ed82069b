/**
 * The interpreter contract: carry out the combined effects of an event in a
 * session, answering `AskPermission` through a permission service. Every
 * interpreter (memory, terminal, web, ai-sdk) implements it and passes one
 * conformance suite.
 *
 * @since 0.1.0
 */
import { Context, Duration, Effect, Layer, Option, Schema } from "effect"
import type { HookEvent } from "../core/events.ts"
import type { JsonRecord } from "../core/payload.ts"
import type { PermissionAnswer, Resolution } from "./resolution.ts"
import { needsAnswer as needsAnswerByPrecedence } from "../effects/precedence.ts"
import { askTimedOutReason, resolveCouldNotAsk, resolveEffects } from "./resolution.ts"
import type { HookEffect } from "../effects/hook-effect.ts"

// ====== Models ======

/**
 * The tool call an event is about.
 *
 * @category models
 * @since 0.1.0
 */
export interface ToolCall {
  readonly id: string
  readonly name: string
  readonly input: JsonRecord
}

/**
 * What an interpreter carries out: the combined effects of one event.
 *
 * @category models
 * @since 0.1.0
 */
export interface EffectsRequest {
  readonly event: HookEvent
  readonly effects: ReadonlyArray<HookEffect>
  /** The tool call, for tool events. */
  readonly tool?: ToolCall
}

/**
 * A question for the user: may this tool call run?
 *
 * @category models
 * @since 0.1.0
 */
export interface PermissionRequest {
  readonly event: HookEvent
  readonly tool?: ToolCall
  readonly reason?: string
}

// ====== Errors ======

/**
 * A permission question that could not be asked: the dialog, page or
 * handler failed (`message` says how). The tool call is denied, and the
 * model and the user are told the question could not be asked, not that the
 * user refused (`couldNotAskReason`, `Resolution.asked.couldNotAsk`).
 *
 * @category errors
 * @since 0.2.0
 */
export class CouldNotAsk extends Schema.TaggedError<CouldNotAsk>()("CouldNotAsk", {
  message: Schema.String
}) {}

// ====== Services ======

/**
 * Answers `AskPermission`: the user (a dialog, a web page) or a script.
 *
 * @category services
 * @since 0.1.0
 */
export class Permission extends Context.Service<
  Permission,
  {
    /** The user's answer; fails with `CouldNotAsk` (since 0.2.0) when the question could not be asked. */
    readonly ask: (request: PermissionRequest) => Effect.Effect<PermissionAnswer, CouldNotAsk>
  }
>()("wave-hooks/Permission") {
  /** Always give the same answer. */
  static always(answer: PermissionAnswer): Layer.Layer<Permission> {
    return Layer.succeed(Permission, Permission.of({ ask: () => Effect.succeed(answer) }))
  }

  /**
   * A layer setting the ask timeout (`AskTimeout`) for the interpreter layers
   * it is provided to: a question nobody answers within `duration` is denied,
   * with a deny reason saying it timed out. `undefined` waits as long as it
   * takes (the default).
   *
   * **Example** (The terminal interpreter, unattended)
   *
   * ```ts
   * terminalInterpreter().pipe(Layer.provide(Permission.timeout("30 seconds")))
   * ```
   */
  static timeout(duration: Duration.Input | undefined): Layer.Layer<never> {
    return askTimeout(duration)
  }

  /**
   * A permission layer whose questions are denied after `duration` without
   * an answer: `layer` plus `Permission.timeout(duration)`, for interpreters
   * built with `makeInterpreter` that take their `Permission` from outside.
   */
  static withTimeout<E, R>(
    layer: Layer.Layer<Permission, E, R>,
    duration: Duration.Input | undefined
  ): Layer.Layer<Permission, E, R> {
    return Layer.merge(layer, askTimeout(duration))
  }

  /**
   * Answer from a script, in order; when the script runs out, `otherwise`
   * (default deny). The questions asked are recorded in `asked`.
   */
  static scripted(
    answers: ReadonlyArray<PermissionAnswer>,
    otherwise: PermissionAnswer = "deny",
    asked: Array<PermissionRequest> = []
  ): Layer.Layer<Permission> {
    let next = 0
    return Layer.succeed(
      Permission,
      Permission.of({
        ask: (request) =>
          Effect.sync(() => {
            asked.push(request)
            return answers[next++] ?? otherwise
          })
      })
    )
  }
}

/**
 * How long a permission question may wait for an answer before it is denied
 * (an unattended run); `undefined`, the default, waits as long as it takes.
 *
 * **Details**
 *
 * Read by `makeInterpreter` when its layer is built, so provide it to the
 * interpreter's layer (`Layer.provide(askTimeout("30 seconds"))`), or pass
 * `askTimeoutMs` to `interpreterPromise`. A question that times out is
 * interrupted (the web page withdraws it, the terminal dialog closes) and
 * resolves to deny, with a deny reason saying it timed out after how long
 * (`askTimedOutReason`) and `asked.timedOutAfterMs` set.
 *
 * @category services
 * @since 0.1.0
 */
export const AskTimeout: Context.Reference<Duration.Duration | undefined> = Context.Reference<
  Duration.Duration | undefined
>("wave-hooks/AskTimeout", { defaultValue: () => undefined })

/**
 * A layer setting `AskTimeout`: permission questions are denied after this
 * long without an answer. `undefined` (or a non-finite duration) waits as
 * long as it takes.
 *
 * **Example** (Deny a question nobody answers within 30 s)
 *
 * ```ts
 * const unattended = terminalInterpreter().pipe(Layer.provide(askTimeout("30 seconds")))
 * ```
 *
 * @category layers
 * @since 0.1.0
 */
export const askTimeout = (duration: Duration.Input | undefined): Layer.Layer<never> =>
  Layer.succeedContext(Context.make(AskTimeout, finiteDuration(duration)))

const finiteDuration = (duration: Duration.Input | undefined): Duration.Duration | undefined => {
  if (duration === undefined) return undefined
  const decoded = Duration.fromInput(duration)
  return Option.isSome(decoded) && Duration.isFinite(decoded.value) ? decoded.value : undefined
}

/**
 * Carries out effects: shows user messages, asks for permission, and reports
 * what the agent does next.
 *
 * @category services
 * @since 0.1.0
 */
export class Interpreter extends Context.Service<
  Interpreter,
  {
    readonly name: string
    readonly carryOut: (request: EffectsRequest) => Effect.Effect<Resolution>
  }
>()("wave-hooks/Interpreter") {}

// ====== Building interpreters ======

/**
 * How an interpreter shows the outcome of an event in its medium (a
 * conversation, a terminal, a web page). The resolution already holds the
 * user's answer to any `AskPermission`.
 *
 * @category models
 * @since 0.1.0
 */
export type Render = (request: EffectsRequest, resolution: Resolution) => Effect.Effect<void>

/**
 * An interpreter from a renderer: asks `Permission` when the effects need an
 * answer, resolves, then renders.
 *
 * **Details**
 *
 * A question waits as long as it takes, unless `AskTimeout` is set for the
 * layer (see `askTimeout`): then an unanswered question is denied after that
 * long.
 *
 * **Example** (Two media at once)
 *
 * ```ts
 * const both = makeInterpreter("demo", (req, res) => Effect.all([renderMemory(req, res), renderTerminal(req, res)]))
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const makeInterpreter = (name: string, render: Render): Layer.Layer<Interpreter, never, Permission> =>
  Layer.effect(
    Interpreter,
    Effect.gen(function* () {
      const permission = yield* Permission
      const timeout = yield* AskTimeout
      const options = timeout === undefined ? {} : { timeout }
      return Interpreter.of({
        name,
        carryOut: (request) =>
          askAndResolve(request, permission, options).pipe(
            Effect.tap((resolution) => render(request, resolution)),
            Effect.withSpan(`${name}.carryOut`)
          )
      })
    })
  )

// ====== Helpers for interpreters ======

/**
 * Whether the effects need the user's answer: an `AskPermission` that no
 * `BlockTool` or `StopAgent` already decided (read from the precedence
 * table, `effects/precedence.ts`).
 *
 * @category helpers
 * @since 0.1.0
 */
export const needsAnswer: (effects: ReadonlyArray<HookEffect>) => boolean = needsAnswerByPrecedence

/**
 * Options of `askAndResolve`.
 *
 * @category models
 * @since 0.1.0
 */
export interface AskAndResolveOptions {
  /** Deny a question that has no answer after this long; default: wait as long as it takes. */
  readonly timeout?: Duration.Input
}

/**
 * Ask the permission service when the effects need it, then resolve.
 *
 * **Details**
 *
 * With `timeout`, a question still unanswered after that long is
 * interrupted and the tool call is denied: `permission` is `deny`,
 * `denyReason` says the question timed out after how long, and
 * `asked.timedOutAfterMs` holds the timeout. A question that could not be
 * asked (`CouldNotAsk`) denies the call too, with `couldNotAskReason` and
 * `asked.couldNotAsk` (see `resolveCouldNotAsk`).
 *
 * **Example** (In an interpreter)
 *
 * ```ts
 * const resolution = yield* askAndResolve(request, permission)
 * ```
 *
 * @category helpers
 * @since 0.1.0
 */
export const askAndResolve = (
  request: EffectsRequest,
  permission: Permission["Service"],
  options: AskAndResolveOptions = {}
): Effect.Effect<Resolution> =>
  Effect.gen(function* () {
    if (!needsAnswer(request.effects)) return resolveEffects(request.effects)
    const ask = request.effects.find((e) => e._tag === "AskPermission")
    const reason = ask?._tag === "AskPermission" ? ask.reason : undefined
    const question = permission.ask({
      event: request.event,
      ...(request.tool === undefined ? {} : { tool: request.tool }),
      ...(reason === undefined ? {} : { reason })
    })
    const timeout = finiteDuration(options.timeout)
    if (timeout === undefined) {
      return yield* question.pipe(
        Effect.map((answer) => resolveEffects(request.effects, answer)),
        Effect.catchTag("CouldNotAsk", (error) => Effect.succeed(resolveCouldNotAsk(request.effects, error.message)))
      )
    }
    const answer = yield* Effect.timeoutOption(question, timeout).pipe(
      Effect.map(Option.map((value): PermissionAnswer | CouldNotAsk => value)),
      Effect.catchTag("CouldNotAsk", (error) => Effect.succeed(Option.some<PermissionAnswer | CouldNotAsk>(error)))
    )
    if (Option.isSome(answer)) {
      return typeof answer.value === "string"
        ? resolveEffects(request.effects, answer.value)
        : resolveCouldNotAsk(request.effects, answer.value.message)
    }
    const timedOutAfterMs = Duration.toMillis(timeout)
    const denied = resolveEffects(request.effects, "deny")
    return {
      ...denied,
      ...(denied.permission === "deny" ? { denyReason: askTimedOutReason(timedOutAfterMs) } : {}),
      ...(denied.asked === undefined ? {} : { asked: { ...denied.asked, timedOutAfterMs } })
    }
  })
