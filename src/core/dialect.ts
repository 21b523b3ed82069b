/**
 * The two dialects and the few places where their semantics differ
 * (ARCHITECTURE section 5.3), kept as data in one table.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * Schema of a dialect name.
 *
 * @category schemas
 * @since 0.1.0
 */
export const Dialect = Schema.Literals(["wave", "claude-code"])

/**
 * `"wave"` (the default) or `"claude-code"` (Claude Code compatible).
 *
 * @category models
 * @since 0.1.0
 */
export type Dialect = typeof Dialect.Type

/**
 * Every dialect, in a fixed order: what code that goes through all of them
 * (settings locations, managed folders, plugin records, flag choices) reads,
 * so that a dialect added to `Dialect` is added everywhere.
 *
 * @category models
 * @since 0.4.0
 */
export const dialects = Dialect.literals

/**
 * What differs between the dialects.
 *
 * @category models
 * @since 0.1.0
 */
export interface DialectRules {
  /** Stdout whose last non-empty line is a JSON object is read as that JSON (4.4). */
  readonly noisyStdoutRecovery: boolean
  /** Text starting with `{` but not ending with `}` is plain text, not malformed JSON (4.3). */
  readonly malformedNeedsClosingBrace: boolean
  /** A hook-specific field at the top level is used as if wrapped (4.5). */
  readonly unwrappedFieldRecovery: boolean
  /** Exit 2 takes the blocking row even when stdout is valid JSON (5.3). */
  readonly exit2OverridesJson: boolean
  /** `permissionDecisionReason` on allow is shown to the user (5.1 vs 5.3). */
  readonly showAllowReason: boolean
  /** PermissionRequest exit 2 blocks (wave) or is ignored (claude-code). */
  readonly permissionRequestExit2Blocks: boolean
  /**
   * Since 0.2.0: the events whose output Claude Code's hooks documentation says is ignored discard `continue`
   * and `systemMessage` (and Setup all its output), each with a
   * `discarded-field` Diagnostic (ARCHITECTURE 5.4).
   */
  readonly discardsCommonFields: boolean
  /**
   * Since 0.2.0: Setup's exit codes and Notification's exit 2 are ignored (an
   * `ignored-output` Diagnostic) instead of shown to the user.
   */
  readonly ignoresSetupAndNotificationExitCodes: boolean
  /** Since 0.2.0: `onFailure` is ignored on Stop, SubagentStop, TaskCompleted and TeammateIdle. */
  readonly onFailureIgnoredOnStopEvents: boolean
  /** Since 0.2.0: context text over 10,000 characters is cut to a preview (reference section 6). */
  readonly capsContext: boolean
  /** Regular-expression matchers must match the whole name. */
  readonly anchoredMatchers: boolean
  /** Since 0.4.0: a matcher of plain names joined by `|` or `,` is a list of exact names, not a regular expression. */
  readonly exactNameListMatchers: boolean
  /**
   * Since 0.4.0: what a background hook answered reaches a later run (its `systemMessage` as context); else
   * only its Diagnostics do, and the rest is reported as discarded.
   */
  readonly deliversBackgroundAnswers: boolean
  /** Since 0.4.0: the SessionEnd hooks of this dialect share one time budget (`sessionEndBudget`). */
  readonly sharesSessionEndBudget: boolean
  /**
   * Since 0.4.0: an unknown top-level settings key is reported only when it is near a known one (the agent's
   * own settings may be newer than our list).
   */
  readonly reportsOnlyMisspelledKeys: boolean
  /** Since 0.4.0: the project-directory variable a fix names (one of `projectDirVariables`). */
  readonly ownProjectDirVariable: string
  /** Since 0.4.0: how to install a marketplace plugin in this dialect's agent; `{id}` is the plugin's id. */
  readonly pluginInstallHint: string
  /** Folder under `$HOME` and the project holding settings files. */
  readonly settingsDir: ".wave" | ".claude"
  /** Environment variables that carry the project directory to hooks. */
  readonly projectDirVariables: ReadonlyArray<string>
  /** Timeout of a hook without its own `timeout`, in seconds. */
  readonly defaultTimeoutSeconds: number
  /**
   * Since 0.2.0: SubagentStop payloads get `background_tasks: []` and
   * `session_crons: []` when absent, as Stop's do (Claude Code); Wave sends
   * the two lists on Stop only.
   */
  readonly subagentStopHasStopLists: boolean
  /**
   * Since 0.2.0: WorktreeCreate takes the first successful hook's path, and a
   * hook that failed (or printed no path) does not fail the creation when
   * another hook gave one (Wave); else any failure fails it (Claude Code).
   */
  readonly worktreeCreateFirstSuccess: boolean
  /**
   * Since 0.2.0: a WorktreeCreate hook's path is the last non-empty line of
   * its stdout (Claude Code), or its whole stdout, trimmed (Wave).
   */
  readonly worktreePathIsLastLine: boolean
  /** Since 0.2.0: a failing WorktreeRemove hook blocks the removal (Claude Code); Wave logs it and removes. */
  readonly worktreeRemoveFailureBlocks: boolean
}

/**
 * The rules of each dialect.
 *
 * **Example** (Reading a rule)
 *
 * ```ts
 * dialectRules["claude-code"].defaultTimeoutSeconds // => 600
 * ```
 *
 * @category constants
 * @since 0.1.0
 */
export const dialectRules: { readonly [D in Dialect]: DialectRules } = {
  wave: {
    noisyStdoutRecovery: true,
    malformedNeedsClosingBrace: false,
    unwrappedFieldRecovery: true,
    exit2OverridesJson: false,
    showAllowReason: true,
    permissionRequestExit2Blocks: true,
    discardsCommonFields: false,
    ignoresSetupAndNotificationExitCodes: false,
    onFailureIgnoredOnStopEvents: false,
    capsContext: false,
    anchoredMatchers: true,
    exactNameListMatchers: false,
    deliversBackgroundAnswers: false,
    sharesSessionEndBudget: false,
    reportsOnlyMisspelledKeys: false,
    ownProjectDirVariable: "WAVE_PROJECT_DIR",
    pluginInstallHint: "install it in Wave (wave plugin install {id})",
    settingsDir: ".wave",
    projectDirVariables: ["WAVE_PROJECT_DIR"],
    defaultTimeoutSeconds: 60,
    subagentStopHasStopLists: false,
    worktreeCreateFirstSuccess: true,
    worktreePathIsLastLine: false,
    worktreeRemoveFailureBlocks: false
  },
  "claude-code": {
    noisyStdoutRecovery: false,
    malformedNeedsClosingBrace: true,
    unwrappedFieldRecovery: false,
    exit2OverridesJson: true,
    showAllowReason: false,
    permissionRequestExit2Blocks: false,
    discardsCommonFields: true,
    ignoresSetupAndNotificationExitCodes: true,
    onFailureIgnoredOnStopEvents: true,
    capsContext: true,
    anchoredMatchers: false,
    exactNameListMatchers: true,
    deliversBackgroundAnswers: true,
    sharesSessionEndBudget: true,
    reportsOnlyMisspelledKeys: true,
    ownProjectDirVariable: "CLAUDE_PROJECT_DIR",
    pluginInstallHint: "install it in Claude Code (/plugin install {id}, or: claude plugin install {id})",
    settingsDir: ".claude",
    projectDirVariables: ["WAVE_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
    defaultTimeoutSeconds: 600,
    subagentStopHasStopLists: true,
    worktreeCreateFirstSuccess: false,
    worktreePathIsLastLine: true,
    worktreeRemoveFailureBlocks: true
  }
}
