/**
 * The names of Claude Code's hook events (33 in v2.1.330, `HOOK_EVENTS` of
 * its Agent SDK), including those wave-hooks does not run yet. A settings
 * file written for Claude Code may configure any of them: such a name is a
 * warning shown once by `validate`, not an error reported on every run of
 * another event.
 *
 * @since 0.2.0
 */

/**
 * Every Claude Code hook event name.
 *
 * @category constants
 * @since 0.2.0
 */
export const claudeCodeEventNames: ReadonlySet<string> = new Set([
  "SessionStart",
  "Setup",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "PreToolUse",
  "PermissionRequest",
  "PermissionDenied",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "MessageDisplay",
  "SubagentStart",
  "SubagentStop",
  "TaskCreated",
  "TaskCompleted",
  "Stop",
  "StopFailure",
  "TeammateIdle",
  "InstructionsLoaded",
  "ConfigChange",
  "CwdChanged",
  "DirectoryAdded",
  "FileChanged",
  "WorktreeCreate",
  "WorktreeRemove",
  "PreCompact",
  "PostCompact",
  "PreModelSwitch",
  "PostModelSwitch",
  "Elicitation",
  "ElicitationResult",
  "SessionEnd"
])
