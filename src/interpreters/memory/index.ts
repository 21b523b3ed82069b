/**
 * `wave-hooks/memory`: the in-memory conversation interpreter, the test
 * harness for hooks (seed 004's conversation operations).
 *
 * @since 0.1.0
 */
export * from "./conversation.ts"
export * from "./memory-interpreter.ts"
export { AgentLoop } from "../agent-loop.ts"
export type { PromptOutcome, StopOutcome, ToolExecute, ToolOutcome } from "../agent-loop.ts"
export { Interpreter, makeInterpreter, Permission } from "../contract.ts"
export type { EffectsRequest, PermissionRequest, Render, ToolCall } from "../contract.ts"
