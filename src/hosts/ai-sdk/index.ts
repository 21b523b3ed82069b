/**
 * wave-hooks/ai-sdk: hooks for apps built on the Vercel AI SDK (`ai`, an
 * optional peer dependency). `withHooks` wraps a tool set, `hookedGenerateText`
 * runs a whole user turn (UserPromptSubmit, tools, Stop), `modelHooksMiddleware`
 * runs the model-level hooks around each model call (since 0.5.0), `AiSdkHooks`
 * fires events by hand, and `aiSdkInterpreter` carries effects out on
 * `ModelMessage`s for the shared interpreter contract.
 *
 * All hosts here are Promise APIs (no Effect needed). The interpreter is a
 * `Layer` (`aiSdkInterpreter`) for Effect and `aiSdkInterpreterPromise` for
 * plain TypeScript.
 *
 * @example
 * ```ts
 * import { generateText, type LanguageModel, stepCountIs, type Tool } from "ai"
 * import { withHooks } from "wave-hooks/ai-sdk"
 *
 * declare const model: LanguageModel, bash: Tool // your model and your tools
 * const tools = withHooks({ Bash: bash }, { projectDir: process.cwd(), permission: { ask: () => "deny" } })
 * await generateText({ model, tools, prompt: "tidy up", stopWhen: stepCountIs(5) })
 * ```
 *
 * @since 0.1.0
 */
export type { PermissionRequest, ToolCall } from "../../interpreters/contract.ts"
export type { PermissionAnswer } from "../../interpreters/resolution.ts"
export { denyAll, type PermissionHandler, permissionFromHandler } from "../../interpreters/permission-handler.ts"
export type { PromiseInterpreter } from "../../interpreters/promise.ts"
export type { HookSessionSource } from "../session-source.ts"
export { type AiSdkHookOptions, AiSdkHooks, type FiredEvent, type FireOptions } from "./ai-sdk-hooks.ts"
export { approvalStatusOf, toolApproval } from "./tool-approval.ts"
export {
  hookedGenerateText,
  type HookedGenerateTextOptions,
  type HookedGenerateTextResult,
  type HookedStepsResult,
  type TurnOutcome
} from "./generate-text.ts"
export { type HookedTool, type HookedToolSet, withHooks } from "./with-hooks.ts"
export { ModelRequestBlocked, modelHooksMiddleware } from "./model-hooks-middleware.ts"
export {
  aiSdkInterpreter,
  type AiSdkInterpreterOptions,
  aiSdkInterpreterPromise,
  renderAiSdk
} from "../../interpreters/ai-sdk/ai-sdk-interpreter.ts"
export type { ToolEffectsRequest } from "../../interpreters/ai-sdk/model-messages.ts"
export type { UserMessage } from "../../interpreters/ai-sdk/user-message.ts"
