/**
 * `wave-hooks/agent-loop`: a scripted agent that fires hooks through the
 * runner and carries their effects out with an interpreter on an in-memory
 * conversation; the harness for testing hooks and interpreters end to end.
 *
 * - Effect: `new AgentLoop(session, conversation)`; its steps are lazy
 *   Effects needing an `Interpreter` and a `FileSystem`.
 * - Promise: `agentLoopPromise({ projectDir, permission })`.
 *
 * @example
 * ```ts
 * import { agentLoopPromise } from "wave-hooks/agent-loop"
 *
 * const loop = agentLoopPromise({ projectDir: process.cwd() })
 * await loop.prompt("clean the build folder")
 * await loop.useTool("Bash", { command: "rm -rf build" }, async () => "")
 * await loop.stop()
 * await loop.dispose()
 * ```
 *
 * @since 0.1.0
 */
export { AgentLoop, type PromptOutcome, type StopOutcome, type ToolExecute, type ToolOutcome } from "./agent-loop.ts"
export {
  agentLoopPromise,
  type AgentLoopPromiseOptions,
  type PromiseAgentLoop,
  type PromiseToolExecute,
  type StepOptions
} from "./agent-loop-promise.ts"
export type { HookSessionSource } from "../session-source.ts"
export type { PermissionHandler } from "../../interpreters/permission-handler.ts"
