/**
 * wave-hooks/ai-sdk: hooks for apps built on the Vercel AI SDK (`ai`, an
 * optional peer dependency). `withHooks` wraps a tool set, `hookedGenerateText`
 * runs a whole user turn (UserPromptSubmit, tools, Stop), and
 * `aiSdkInterpreter` carries effects out on `ModelMessage`s for the shared
 * interpreter contract.
 *
 * @since 0.1.0
 */
export type { PermissionAnswer } from "../../interpreters/resolution.ts"
export type { PermissionRequest, ToolCall } from "../../interpreters/contract.ts"
export * from "./ai-sdk-hooks.ts"
export * from "../../interpreters/ai-sdk/ai-sdk-interpreter.ts"
export * from "./generate-text.ts"
export * from "../../interpreters/ai-sdk/model-messages.ts"
export * from "../../interpreters/ai-sdk/model-text.ts"
export * from "../../interpreters/ai-sdk/permission-handler.ts"
export * from "../../interpreters/ai-sdk/user-message.ts"
export * from "./with-hooks.ts"
