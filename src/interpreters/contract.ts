/**
 * The interpreter contract: carry out the combined effects of an event in a
 * session, answering `AskPermission` through a permission service. Every
 * interpreter (memory, terminal, web, ai-sdk) implements it and passes one
 * conformance suite.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer } from "effect"
import type { HookEvent } from "../core/events.ts"
import type { JsonRecord } from "../core/payload.ts"
import type { PermissionAnswer, Resolution } from "./resolution.ts"
import { needsAnswer as needsAnswerByPrecedence } from "../effects/precedence.ts"
import { resolveEffects } from "./resolution.ts"
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

// ====== Services ======

/**
 * Answers `AskPermission`: the user (a dialog, a web page) or a script.
 *
 * @category services
 * @since 0.1.0
 */
export class Permission extends Context.Service<Permission, {
  readonly ask: (request: PermissionRequest) => Effect.Effect<PermissionAnswer>
}>()("wave-hooks/Permission") {
  /** Always give the same answer. */
  static always(answer: PermissionAnswer): Layer.Layer<Permission> {
    return Layer.succeed(Permission, Permission.of({ ask: () => Effect.succeed(answer) }))
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
 * Carries out effects: shows user messages, asks for permission, and reports
 * what the agent does next.
 *
 * @category services
 * @since 0.1.0
 */
export class Interpreter extends Context.Service<Interpreter, {
  readonly name: string
  readonly carryOut: (request: EffectsRequest) => Effect.Effect<Resolution>
}>()("wave-hooks/Interpreter") {}

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
    Effect.gen(function*() {
      const permission = yield* Permission
      return Interpreter.of({
        name,
        carryOut: (request) =>
          askAndResolve(request, permission).pipe(
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
 * Ask the permission service when the effects need it, then resolve.
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
  permission: Permission["Service"]
): Effect.Effect<Resolution> =>
  Effect.gen(function*() {
    if (!needsAnswer(request.effects)) return resolveEffects(request.effects)
    const ask = request.effects.find((e) => e._tag === "AskPermission")
    const reason = ask?._tag === "AskPermission" ? ask.reason : undefined
    const answer = yield* permission.ask({
      event: request.event,
      ...(request.tool === undefined ? {} : { tool: request.tool }),
      ...(reason === undefined ? {} : { reason })
    })
    return resolveEffects(request.effects, answer)
  })
