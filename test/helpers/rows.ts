/**
 * The decision table of ARCHITECTURE section 5, written out independently of
 * `src` so tests check the code against the contract, not against itself.
 */
import type { HookEffect } from "../../src/index.ts"
import { BlockCompaction, BlockPrompt, BlockStop, BlockTool, PromptModel, ShowUser } from "../../src/index.ts"

/** The twelve events of 0.1.0 (tables 5.1 and 5.2), in the order of ARCHITECTURE section 2. */
export type ClassicEvent =
  | "PreToolUse"
  | "PermissionRequest"
  | "PostToolUse"
  | "PostToolUseFailure"
  | "UserPromptSubmit"
  | "Stop"
  | "SubagentStart"
  | "SubagentStop"
  | "SessionStart"
  | "SessionEnd"
  | "Notification"
  | "PreCompact"

/** The twelve events of 0.1.0, whose rows tables 5.1 and 5.2 give (5.4 gives every event's). */
export const classicEvents: ReadonlyArray<ClassicEvent> = [
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
  "Notification",
  "PreCompact"
]

/** The exit-2 column of table 5.2: the effect with `text` as its text. */
export const exit2Row = (event: ClassicEvent, text: string): HookEffect => {
  switch (event) {
    case "PreToolUse":
    case "PermissionRequest":
      return BlockTool({ reason: text })
    case "PostToolUse":
    case "PostToolUseFailure":
      return PromptModel({ text })
    case "UserPromptSubmit":
      return BlockPrompt({ reason: text })
    case "Stop":
    case "SubagentStop":
      return BlockStop({ reason: text })
    case "PreCompact":
      return BlockCompaction({ reason: text })
    case "SessionStart":
    case "SubagentStart":
    case "SessionEnd":
    case "Notification":
      return ShowUser({ level: "error", text })
  }
}

/** The tag of the exit-2 row. */
export const exit2Tag = (event: ClassicEvent): HookEffect["_tag"] => exit2Row(event, "x")._tag

/** The text of an effect of the exit-2 row (reason or text). */
export const rowText = (effect: HookEffect): string | undefined =>
  "reason" in effect ? effect.reason : "text" in effect ? effect.text : undefined

/** Events whose exit 0 turns stdout into context (table 5.2). */
export const injectsStdout: ReadonlySet<ClassicEvent> = new Set<ClassicEvent>(["UserPromptSubmit", "SessionStart"])

/** Events whose `hookSpecificOutput.additionalContext` becomes `InjectContext` (table 5.1). */
export const takesAdditionalContext: ReadonlyArray<ClassicEvent> = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "SessionStart",
  "SubagentStart"
]

/** Events with a top-level `decision: "block"` / `reason` (section 4.5; PreToolUse's is legacy). */
export const topLevelBlockEvents: ReadonlyArray<ClassicEvent> = [
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "PreCompact"
]
