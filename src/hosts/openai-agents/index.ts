/**
 * `wave-hooks/openai-agents`: hooks for agents of the OpenAI Agents SDK
 * (`@openai/agents`, an optional peer dependency). `withHooks(agent, options)`
 * returns a copy of the `Agent` whose function tools run the project's
 * PreToolUse, PostToolUse and PostToolUseFailure hooks: a deny becomes the
 * tool's refusal without running it (a tool input guardrail), an updated
 * input reaches the tool's `invoke`, an ask becomes `needsApproval` (the run
 * stops with `interruptions`; `state.approve` / `state.reject` answer), a
 * replaced output is what the model sees, and a halt ends the run (a
 * guardrail tripwire; `hookStopOf` recognizes it).
 *
 * - Promise: `withHooks(agent, { projectDir })`, or an `OpenAIAgentsHooks`
 *   to share one session between agents.
 * - Effect: `withHooksEffect(agent, options)` and `OpenAIAgentsHooks.make`
 *   start the session in the caller's context.
 *
 * The decisions are pure and exported for other hosts: `preToolAction`,
 * `needsApprovalOf`, `postToolAction`, `failureMessage`, `userMessagesOf`.
 *
 * @example
 * ```ts
 * import { Agent, run, type Tool } from "@openai/agents"
 * import { withHooks } from "wave-hooks/openai-agents"
 *
 * declare const bash: Tool // your tools
 *
 * const agent = withHooks(new Agent({ name: "dev", tools: [bash] }), { projectDir: process.cwd() })
 * const result = await run(agent, "clean the build folder")
 * ```
 *
 * @since 0.2.0
 */
export type { HookSessionSource } from "../session-source.ts"
export type { UserMessage } from "../../interpreters/ai-sdk/user-message.ts"
export {
  failureMessage,
  hookGuardrailName,
  type HookStop,
  hookStopOf,
  needsApprovalOf,
  type PostToolAction,
  postToolAction,
  type PreToolAction,
  preToolAction,
  userMessagesOf
} from "./tool-actions.ts"
export { OpenAIAgentsHooks, type OpenAIAgentsHookOptions, withHooks, withHooksEffect } from "./with-hooks.ts"
