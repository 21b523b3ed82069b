/**
 * The oracle for the dialects whose answers go through a strict wire (`strictWire`: Codex CLI), written from Codex
 * CLI's contract (research agent-dialects.md 3.4-3.7), not from `decide` or `strictWireProblems`: the fields each
 * event's output struct has, the combinations its parser refuses, which events stop on `continue: false`, and what
 * exit 2 and plain stdout do on each event.
 *
 * Codex CLI's reading (research 3.4): stdout is read only on exit 0; empty stdout is nothing; stdout that
 * deserialises into the event's struct is the answer; anything else starting with `{` or `[` fails the run; other
 * text is context on UserPromptSubmit, SessionStart and SubagentStart, ignored on PreToolUse, PermissionRequest,
 * PostToolUse, PreCompact and PostCompact, and a failure on Stop and SubagentStop. Exit 2 blocks with stderr (the
 * event's blocking row), except with empty stderr and on SessionStart, SubagentStart, PreCompact, PostCompact and
 * SessionEnd (a failed run). Other exits, timeouts and signals are failed runs, fail open.
 */
import type { HookEffectTag, HookEvent } from "../../src/index.ts"
import { hookEffectTags } from "../../src/effects/hook-effect.ts"

/** The fields of Codex CLI's output struct of one event (research 3.4, 3.5; every struct `deny_unknown_fields`). */
export interface CodexStruct {
  /** Top-level keys. */
  readonly top: ReadonlyArray<string>
  /** `hookSpecificOutput` keys; `undefined`: the struct has no `hookSpecificOutput`. */
  readonly specific: ReadonlyArray<string> | undefined
}

const common = ["continue", "stopReason", "suppressOutput", "systemMessage"] as const

/**
 * Codex CLI's output structs by event (research 3.5): PreToolUse refuses `stopReason` and `suppressOutput`,
 * PermissionRequest has no `decision` or `reason` at the top and refuses `stopReason` and `suppressOutput`,
 * PostToolUse refuses `suppressOutput`; Stop, SubagentStop, PreCompact, PostCompact and SessionEnd have no
 * `hookSpecificOutput`; PreCompact and PostCompact have no `decision` (compact.rs
 * `block_decision_is_not_supported_for_pre_compact`).
 */
export const codexStructs: { readonly [E in HookEvent]?: CodexStruct } = {
  PreToolUse: {
    top: ["continue", "systemMessage", "decision", "reason", "hookSpecificOutput"],
    specific: ["hookEventName", "permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"]
  },
  PermissionRequest: {
    top: ["continue", "systemMessage", "hookSpecificOutput"],
    specific: ["hookEventName", "decision"]
  },
  PostToolUse: {
    top: ["continue", "stopReason", "systemMessage", "decision", "reason", "hookSpecificOutput"],
    specific: ["hookEventName", "additionalContext"]
  },
  UserPromptSubmit: {
    top: [...common, "decision", "reason", "hookSpecificOutput"],
    specific: ["hookEventName", "additionalContext"]
  },
  Stop: { top: [...common, "decision", "reason"], specific: undefined },
  SubagentStop: { top: [...common, "decision", "reason"], specific: undefined },
  SessionStart: { top: [...common, "hookSpecificOutput"], specific: ["hookEventName", "additionalContext"] },
  SubagentStart: { top: [...common, "hookSpecificOutput"], specific: ["hookEventName", "additionalContext"] },
  PreCompact: { top: common, specific: undefined },
  PostCompact: { top: common, specific: undefined },
  SessionEnd: { top: common, specific: undefined },
  // 0.155 (research 3.5, X-155 2.1): Interrupt's answer is a systemMessage only.
  Interrupt: { top: ["systemMessage"], specific: undefined }
}

/** The internal events Codex CLI fires (those with an output struct). */
export const codexEvents: ReadonlyArray<HookEvent> = Object.keys(codexStructs) as Array<HookEvent>

/** Every top-level key of any Codex struct: a key outside it is unknown on every event. */
export const codexTopKeys: ReadonlySet<string> = new Set(codexEvents.flatMap((event) => codexStructs[event]!.top))

/** Events whose struct refuses `continue: false` (research 3.5: PreToolUse, PermissionRequest; "fails closed"). */
export const codexRefusesStop: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "PreToolUse",
  "PermissionRequest",
  // 0.155's Interrupt: its struct has only systemMessage (X-155 2.1).
  "Interrupt"
])

/**
 * Events where a valid `continue: false` stops the agent (research 3.7: SessionStart, UserPromptSubmit,
 * PostToolUse, Stop, SubagentStop, PreCompact, PostCompact). SubagentStart ignores it (3.5); SessionEnd is not said.
 */
export const codexStopsOn: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "SessionStart",
  "UserPromptSubmit",
  "PostToolUse",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "PostCompact"
])

/** Events where Codex CLI ignores a valid `continue: false` (research 3.5: "SubagentStart ... `continue:false` ignored"). */
export const codexIgnoresStop: ReadonlySet<HookEvent> = new Set<HookEvent>(["SubagentStart"])

/** Events whose exit 2 is only a failed run (research 3.4: SessionStart, PreCompact, PostCompact; 5.3.2 adds SubagentStart, SessionEnd). */
export const codexExit2Fails: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "SessionStart",
  "SubagentStart",
  "PreCompact",
  "PostCompact",
  "SessionEnd"
])

/**
 * The effect exit 2 with a reason on stderr gives (research 3.4, 3.7): PreToolUse and PermissionRequest block the
 * tool (BlockTool), PostToolUse gives stderr to the model (PromptModel), UserPromptSubmit blocks the prompt, Stop
 * and SubagentStop block the stop; `undefined` where exit 2 is a failed run.
 */
export const codexExit2Tag = (event: HookEvent): HookEffectTag | undefined => {
  switch (event) {
    case "PreToolUse":
    case "PermissionRequest":
      return "BlockTool"
    case "PostToolUse":
      return "PromptModel"
    case "UserPromptSubmit":
      return "BlockPrompt"
    case "Stop":
    case "SubagentStop":
      return "BlockStop"
    default:
      return undefined
  }
}

/** What plain (non-JSON) stdout on exit 0 does on each Codex event (research 3.4). */
export const codexPlainStdout = (event: HookEvent): "context" | "failure" | "ignored" =>
  event === "UserPromptSubmit" || event === "SessionStart" || event === "SubagentStart"
    ? "context"
    : event === "Stop" || event === "SubagentStop"
      ? "failure"
      : "ignored"

/** The effects that decide something (every effect but a message and a Diagnostic): none may come of a rejected answer. */
export const decidingTags: ReadonlyArray<HookEffectTag> = hookEffectTags.filter(
  (tag) => tag !== "ShowUser" && tag !== "Diagnostic"
)

/** The blocking effects: none may come of an exit 2 that is a failed run. */
export const blockingTags: ReadonlyArray<HookEffectTag> = [
  "BlockTool",
  "PromptModel",
  "BlockPrompt",
  "BlockStop",
  "BlockCompaction",
  "BlockAction",
  "StopAgent"
]
