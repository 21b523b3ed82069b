/**
 * Interpreters without Effect: any interpreter layer as an object whose
 * `carryOut` returns a Promise, with permission questions answered by a
 * plain `ask` function. Each interpreter entry has a convenience built on it
 * (`memoryInterpreterPromise`, `terminalInterpreterPromise`,
 * `webInterpreterPromise`, `aiSdkInterpreterPromise`).
 *
 * Node-free: it only needs `effect`.
 *
 * @since 0.1.0
 */
import { Effect, Layer, ManagedRuntime, Schema } from "effect"
import type { EffectsRequest, Permission } from "./contract.ts"
import { askTimeout, Interpreter } from "./contract.ts"
import type { PermissionHandler } from "./permission-handler.ts"
import { denyAll, permissionFromHandler } from "./permission-handler.ts"
import type { Resolution } from "./resolution.ts"

// ====== Models ======

/**
 * An interpreter for callers that do not use Effect.
 *
 * **Details**
 *
 * The interpreter's layer is built once, on the first `carryOut`, and its
 * resources (a terminal, a scope) are held until `dispose()`. Calls after
 * `dispose()` reject with `DisposedError`.
 *
 * @category models
 * @since 0.1.0
 */
export interface PromiseInterpreter {
  /** Carry out one event's effects; resolves with the resolution once any permission question was answered. */
  readonly carryOut: (request: EffectsRequest) => Promise<Resolution>
  /** Release the interpreter's resources. Safe to call twice. */
  readonly dispose: () => Promise<void>
}

/**
 * A Promise API (an interpreter, an agent loop) was used after `dispose()`.
 *
 * @category errors
 * @since 0.1.0
 */
export class DisposedError extends Schema.TaggedError<DisposedError>()("DisposedError", {
  message: Schema.String
}) {}

/**
 * Options of `interpreterPromise`.
 *
 * @category models
 * @since 0.1.0
 */
export interface PromiseInterpreterOptions {
  /**
   * Deny a permission question nobody answered within this many
   * milliseconds, with a deny reason saying it timed out (for unattended
   * runs); default: wait as long as it takes.
   */
  readonly askTimeoutMs?: number
}

// ====== Constructors ======

/**
 * The Promise form of an interpreter layer.
 *
 * **When to use**
 *
 * From plain TypeScript (no Effect), with any `Layer<Interpreter>`: your own
 * `makeInterpreter(...)`, or one of the built-in interpreters (each entry also
 * has a shorter `...InterpreterPromise`).
 *
 * **Details**
 *
 * `permission.ask` answers `AskPermission` for layers that need the
 * `Permission` service (default: deny, so nothing runs unasked; a rejected
 * promise or a thrown error also counts as deny). Layers that bring their own
 * `Permission` (the web and terminal interpreters) keep it and ignore `ask`.
 *
 * `askTimeoutMs` denies a question nobody answered in time, whoever asks it
 * (see `AskTimeout`); without it a question waits as long as it takes.
 *
 * **Example** (Carry out effects from plain TypeScript)
 *
 * ```ts
 * import { AskPermission, interpreterPromise, makeInterpreter } from "wave-hooks"
 *
 * const logged = makeInterpreter("log", (request, resolution) => Effect.sync(() => console.log(request.event, resolution)))
 * const interpreter = interpreterPromise(logged, { ask: async (question) => (question.tool?.name === "Read" ? "allow" : "deny") })
 * const resolution = await interpreter.carryOut({ event: "PreToolUse", effects: [AskPermission({ reason: "reads a file" })], tool })
 * resolution.permission // => "allow" when the tool is Read
 * await interpreter.dispose()
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const interpreterPromise = <E>(
  layer: Layer.Layer<Interpreter, E, Permission>,
  permission: PermissionHandler = denyAll,
  options: PromiseInterpreterOptions = {}
): PromiseInterpreter => {
  const runtime = ManagedRuntime.make(
    layer.pipe(
      Layer.provide(
        options.askTimeoutMs === undefined
          ? permissionFromHandler(permission)
          : Layer.merge(permissionFromHandler(permission), askTimeout(options.askTimeoutMs))
      )
    )
  )
  let disposed: Promise<void> | undefined
  return {
    carryOut: (request) =>
      disposed !== undefined
        ? Promise.reject(
            new DisposedError({
              message: `carryOut(${request.event}) was called after dispose(); create a new interpreter for further events.`
            })
          )
        : runtime.runPromise(Effect.flatMap(Interpreter, (interpreter) => interpreter.carryOut(request))),
    dispose: () => (disposed ??= runtime.dispose())
  }
}
