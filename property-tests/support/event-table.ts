/**
 * Which effect tags each event may produce, read off the decision tables of
 * ARCHITECTURE section 5 (5.1 JSON rows, 5.2 exit-code rows, 5.3 dialect
 * differences). `StopAgent`, `ShowUser` and `Diagnostic` are allowed for every
 * event (`continue: false`, `systemMessage`, errors, diagnostics).
 */
import type { DecideOptions, HookEffectTag, HookEvent } from "../../src/index.ts"
import type { DialectRules } from "../../src/core/dialect.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import { cursorExtraTags, isCursorDialect } from "./cursor-answer-table.ts"

const common: ReadonlyArray<HookEffectTag> = ["StopAgent", "ShowUser", "Diagnostic"]

/** The effect tags section 5 allows for each event. */
export const allowedTagsOf: { readonly [E in HookEvent]: ReadonlySet<HookEffectTag> } = {
  // 5.1 permissionDecision (5.4 defer), legacy decision, updatedInput, additionalContext; 5.2 exit 2 BlockTool
  PreToolUse: new Set([
    ...common,
    "AllowTool",
    "AskPermission",
    "BlockTool",
    "DeferTool",
    "UpdateInput",
    "InjectContext"
  ]),
  // 5.1 decision.behavior allow (+ updatedInput, 5.4 updatedPermissions) / deny (+ interrupt); 5.2 exit 2 BlockTool
  PermissionRequest: new Set([...common, "AllowTool", "UpdateInput", "UpdatePermissions", "BlockTool"]),
  // 5.1 additionalContext, decision block, updated(MCP)ToolOutput; 5.2 exit 2 PromptModel
  PostToolUse: new Set([...common, "InjectContext", "PromptModel", "UpdateToolOutput"]),
  // 5.1 additionalContext; 5.2 exit 2 PromptModel
  PostToolUseFailure: new Set([...common, "InjectContext", "PromptModel"]),
  // 5.1 additionalContext, decision block, 5.4 sessionTitle; 5.2 exit 0 stdout, exit 2 BlockPrompt
  UserPromptSubmit: new Set([...common, "InjectContext", "BlockPrompt", "SetSessionTitle"]),
  // 5.1 decision block, 5.4 additionalContext as PromptModel; 5.2 exit 2 BlockStop
  Stop: new Set([...common, "BlockStop", "PromptModel"]),
  // 5.1 additionalContext; 5.2 exit 2 cannot block
  SubagentStart: new Set([...common, "InjectContext"]),
  SubagentStop: new Set([...common, "BlockStop", "PromptModel"]),
  // 5.1 additionalContext, 5.4 initialUserMessage, sessionTitle, watchPaths; 5.2 exit 0 stdout, exit 2 cannot block
  SessionStart: new Set([...common, "InjectContext", "SendUserMessage", "SetSessionTitle", "WatchPaths"]),
  SessionEnd: new Set(common),
  Notification: new Set(common),
  // 5.1 decision block; 5.2 exit 2 BlockCompaction
  PreCompact: new Set([...common, "BlockCompaction"]),
  // 5.4: the events of issue 12
  Setup: new Set([...common, "InjectContext"]),
  UserPromptExpansion: new Set([...common, "InjectContext", "BlockPrompt"]),
  PermissionDenied: new Set([...common, "AllowRetry"]),
  PostToolBatch: new Set([...common, "InjectContext"]),
  MessageDisplay: new Set([...common, "ReplaceDisplay"]),
  TaskCreated: new Set([...common, "BlockTool"]),
  TaskCompleted: new Set([...common, "BlockTool"]),
  StopFailure: new Set(common),
  TeammateIdle: new Set([...common, "BlockStop"]),
  InstructionsLoaded: new Set(common),
  ConfigChange: new Set([...common, "BlockAction"]),
  CwdChanged: new Set([...common, "WatchPaths"]),
  FileChanged: new Set([...common, "WatchPaths"]),
  DirectoryAdded: new Set(common),
  WorktreeCreate: new Set([...common, "SetWorktreePath", "BlockAction"]),
  WorktreeRemove: new Set([...common, "BlockAction"]),
  PostCompact: new Set(common),
  Elicitation: new Set([...common, "AnswerElicitation"]),
  ElicitationResult: new Set([...common, "AnswerElicitation"]),
  PreModelSwitch: new Set([...common, "AllowTool", "AskPermission", "BlockAction"]),
  PostModelSwitch: new Set([...common, "InjectContext"]),
  // 5.3.1: Gemini CLI's model-level events; their effects come from its vocabulary (vocabularyExtraTags).
  PreModelRequest: new Set([...common, "BlockModelRequest"]),
  PostModelResponse: new Set([...common, "BlockModelRequest"]),
  PreToolSelection: new Set(common),
  // 5.3.4 userPromptTransformed (ReplacePrompt from Copilot's vocabulary), 5.3.2 Interrupt (a message only).
  PromptTransformed: new Set(common),
  Interrupt: new Set(common)
}

/**
 * The tags an agent's own vocabulary adds to an event (section 3, the effects of 0.5.0): Gemini CLI's AfterTool
 * `tailToolCallRequest` and AfterAgent `clearContext` (5.3.1), Copilot's subagentStop `modifiedResponse` (5.3.4).
 */
const vocabularyExtraTags: {
  readonly [V in DialectRules["vocabulary"]]?: { readonly [E in HookEvent]?: ReadonlyArray<HookEffectTag> }
} = {
  gemini: {
    PostToolUse: ["ChainToolCall"],
    Stop: ["ClearContext"],
    PreModelRequest: ["UpdateModelRequest", "SyntheticModelResponse"],
    PostModelResponse: ["UpdateModelResponse"],
    PreToolSelection: ["RestrictTools"]
  },
  copilot: { SubagentStop: ["ReplaceSubagentResponse"], PromptTransformed: ["ReplacePrompt"] }
}

/**
 * The effect tags section 5 allows for `event` in `dialect`: {@link allowedTagsOf}, in a dialect of Cursor's
 * vocabulary what 5.3.3 adds (subagentStart's deny and ask, exit 2 and a failClosed failure: `BlockAction`;
 * sessionStart's `SetEnv`), and the effects only an agent's vocabulary asks for.
 */
export const allowedTagsIn = (event: HookEvent, dialect: DecideOptions["dialect"]): ReadonlySet<HookEffectTag> => {
  const extra = [
    ...(isCursorDialect(dialect) ? (cursorExtraTags[event] ?? []) : []),
    ...(vocabularyExtraTags[dialectRules[dialect].vocabulary]?.[event] ?? [])
  ]
  return extra.length === 0 ? allowedTagsOf[event] : new Set([...allowedTagsOf[event], ...extra])
}
