/**
 * `wave-hooks/memory`: the in-memory conversation interpreter, the test
 * harness for hooks (the conversation operations of docs/ARCHITECTURE.md section 3).
 *
 * - Effect: `memoryInterpreter(conversation)` is a `Layer<Interpreter>`
 *   needing `Permission` (e.g. `Permission.scripted([...])` from `wave-hooks`).
 * - Promise: `memoryInterpreterPromise(conversation, { ask })`.
 *
 * @example
 * ```ts
 * import { Conversation, memoryInterpreterPromise } from "wave-hooks/memory"
 * import { InjectContext } from "wave-hooks"
 *
 * const conversation = new Conversation()
 * const interpreter = memoryInterpreterPromise(conversation)
 * await interpreter.carryOut({ event: "SessionStart", effects: [InjectContext({ text: "branch: main" })] })
 * conversation.toModelMessages() // => [{ role: "user", content: [{ type: "text", text: "branch: main" }] }]
 * ```
 *
 * @since 0.1.0
 */
export { type Block, Conversation, type Message, type ModelMessage } from "./conversation.ts"
export { memoryInterpreter, memoryInterpreterPromise, renderToConversation } from "./memory-interpreter.ts"
export type { PermissionHandler } from "../permission-handler.ts"
export type { PromiseInterpreter } from "../promise.ts"
