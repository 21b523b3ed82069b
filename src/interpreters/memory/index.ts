/**
 * `wave-hooks/memory`: the in-memory conversation interpreter, the test
 * harness for hooks (seed 004's conversation operations).
 *
 * @since 0.1.0
 */
export * from "./conversation.ts"
export * from "./memory-interpreter.ts"
