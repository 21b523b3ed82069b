/**
 * `wave-hooks/langchain`: hooks for agents built with LangChain.js v1's
 * `createAgent` (optional peer dependencies `langchain` and
 * `@langchain/core`). `waveHooksMiddleware` is an agent middleware:
 * `wrapToolCall` runs PreToolUse, PostToolUse and PostToolUseFailure around
 * each tool call, `beforeAgent` UserPromptSubmit and `afterAgent` Stop.
 * `makeWaveHooksMiddleware` is its Effect form. The pure decisions
 * (`toolCallAction`, `toolResultAction`, `promptAction`, `stopAction`) are
 * exported for other hosts.
 *
 * @example
 * ```ts
 * import { createAgent } from "langchain"
 * import type { StructuredTool } from "@langchain/core/tools"
 * import { waveHooksMiddleware } from "wave-hooks/langchain"
 *
 * declare const model: string, bash: StructuredTool // e.g. "openai:gpt-5" and your tools
 *
 * const agent = createAgent({
 *   model, tools: [bash],
 *   middleware: [waveHooksMiddleware({ projectDir: process.cwd(), onUserMessage: (m) => console.log(m.text) })]
 * })
 * ```
 *
 * @since 0.2.0
 */
export type { PermissionRequest, ToolCall } from "../../interpreters/contract.ts"
export type { PermissionAnswer } from "../../interpreters/resolution.ts"
export { denyAll, type PermissionHandler } from "../../interpreters/permission-handler.ts"
export type { UserMessage } from "../../interpreters/ai-sdk/user-message.ts"
export type { HookSessionSource } from "../session-source.ts"
export {
  promptAction,
  type PromptAction,
  stopAction,
  type StopAction,
  toolCallAction,
  type ToolCallAction,
  toolResultAction,
  type ToolResultAction
} from "./agent-actions.ts"
export {
  makeWaveHooksMiddleware,
  type PermissionInterrupt,
  type WaveHooksMiddleware,
  waveHooksMiddleware,
  type WaveHooksMiddlewareHandlers,
  type WaveHooksMiddlewareOptions
} from "./wave-hooks-middleware.ts"
