/**
 * `wave-hooks/agent-loop`: a scripted agent that fires hooks through the
 * runner and carries their effects out with an interpreter on an in-memory
 * conversation; the harness for testing hooks and interpreters end to end.
 *
 * @since 0.1.0
 */
export { AgentLoop, type PromptOutcome, type StopOutcome, type ToolExecute, type ToolOutcome } from "./agent-loop.ts"
