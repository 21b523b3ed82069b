/**
 * Which effect tags each event may produce, read off the decision tables of
 * ARCHITECTURE section 5 (5.1 JSON rows, 5.2 exit-code rows, 5.3 dialect
 * differences). `StopAgent`, `ShowUser` and `Diagnostic` are allowed for every
 * event (`continue: false`, `systemMessage`, errors, diagnostics).
 */
import type { HookEffectTag, HookEvent } from "../../src/index.ts"

const common: ReadonlyArray<HookEffectTag> = ["StopAgent", "ShowUser", "Diagnostic"]

/** The effect tags section 5 allows for each event. */
export const allowedTagsOf: { readonly [E in HookEvent]: ReadonlySet<HookEffectTag> } = {
  // 5.1 permissionDecision, legacy decision, updatedInput, additionalContext; 5.2 exit 2 BlockTool
  PreToolUse: new Set([...common, "AllowTool", "AskPermission", "BlockTool", "UpdateInput", "InjectContext"]),
  // 5.1 decision.behavior allow (+ updatedInput) / deny (+ interrupt); 5.2 exit 2 BlockTool
  PermissionRequest: new Set([...common, "AllowTool", "UpdateInput", "BlockTool"]),
  // 5.1 additionalContext, decision block, updated(MCP)ToolOutput; 5.2 exit 2 PromptModel
  PostToolUse: new Set([...common, "InjectContext", "PromptModel", "UpdateToolOutput"]),
  // 5.1 additionalContext; 5.2 exit 2 PromptModel
  PostToolUseFailure: new Set([...common, "InjectContext", "PromptModel"]),
  // 5.1 additionalContext, decision block; 5.2 exit 0 stdout, exit 2 BlockPrompt
  UserPromptSubmit: new Set([...common, "InjectContext", "BlockPrompt"]),
  // 5.1 decision block; 5.2 exit 2 BlockStop
  Stop: new Set([...common, "BlockStop"]),
  // 5.1 additionalContext; 5.2 exit 2 cannot block
  SubagentStart: new Set([...common, "InjectContext"]),
  SubagentStop: new Set([...common, "BlockStop"]),
  // 5.1 additionalContext; 5.2 exit 0 stdout, exit 2 cannot block
  SessionStart: new Set([...common, "InjectContext"]),
  SessionEnd: new Set(common),
  Notification: new Set(common),
  // 5.1 decision block; 5.2 exit 2 BlockCompaction
  PreCompact: new Set([...common, "BlockCompaction"])
}
