/**
 * Answering `AskPermission` from plain TypeScript: an object with an `ask`
 * method returning a Promise, turned into the `Permission` service.
 *
 * @since 0.1.0
 */
import { Effect, Layer } from "effect"
import type { PermissionAnswer } from "./resolution.ts"
import type { PermissionRequest } from "./contract.ts"
import { CouldNotAsk, Permission } from "./contract.ts"

/**
 * Who answers a permission question without Effect: a dialog, a chat
 * button, a policy function. Used by every Promise API (`interpreterPromise`,
 * `agentLoopPromise`, the AI SDK hooks).
 *
 * **Gotchas**
 *
 * - A rejected promise or a thrown error denies the call, as a question
 *   that could not be asked (`CouldNotAsk`): the model is told "could not
 *   ask: <error>", not that the user refused, and a broken question never
 *   runs a tool unasked.
 * - TypeScript widens a lone literal returned by an async arrow
 *   (`async () => "allow"` is a `Promise<string>`): write `() => "allow"`,
 *   or `"allow" as const`.
 *
 * **Example** (Allow reads, deny the rest)
 *
 * ```ts
 * const permission: PermissionHandler = {
 *   ask: async (request) => (request.tool?.name === "readFile" ? "allow" : "deny")
 * }
 * ```
 *
 * @category models
 * @since 0.1.0
 */
export interface PermissionHandler {
  readonly ask: (request: PermissionRequest) => PermissionAnswer | PromiseLike<PermissionAnswer>
}

/**
 * What a thrown value says: an `Error`'s message, else the value as text.
 *
 * @category helpers
 * @since 0.2.0
 */
export const errorText = (error: unknown): string => {
  let text: string
  try {
    text = error instanceof Error ? error.message : String(error)
  } catch {
    text = "" // an object without toString (Object.create(null))
  }
  return text.length > 0 ? text : error instanceof Error ? error.name : `a thrown ${typeof error} without a message`
}

/**
 * The handler used when none is given: every question is answered `"deny"`,
 * so nothing runs unasked.
 *
 * @category constants
 * @since 0.1.0
 */
export const denyAll: PermissionHandler = { ask: () => "deny" }

/**
 * The `Permission` service backed by a handler (default `denyAll`).
 *
 * **Example** (With an interpreter layer)
 *
 * ```ts
 * const layer = aiSdkInterpreter({ onUserMessage }).pipe(Layer.provide(permissionFromHandler(handler)))
 * ```
 *
 * @category layers
 * @since 0.1.0
 */
export const permissionFromHandler = (handler: PermissionHandler = denyAll): Layer.Layer<Permission> =>
  Layer.succeed(
    Permission,
    Permission.of({
      ask: (request) =>
        Effect.tryPromise({
          try: async () => await handler.ask(request),
          catch: (error) => new CouldNotAsk({ message: errorText(error) })
        }).pipe(Effect.map((answer): PermissionAnswer => (answer === "allow" ? "allow" : "deny")))
    })
  )
