/**
 * The dialects (wave, Claude Code, Gemini CLI, Codex CLI, Cursor, GitHub Copilot) and the places where their
 * semantics differ (ARCHITECTURE section 5.3), kept as data in one table.
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
export const Dialect = Schema.Literals(["wave", "claude-code", "gemini-cli", "codex", "cursor", "copilot"])

/**
 * `"wave"` (the default), `"claude-code"` (Claude Code compatible),
 * `"gemini-cli"` (Gemini CLI compatible), `"codex"` (OpenAI Codex CLI
 * compatible), `"cursor"` (Cursor compatible) or `"copilot"` (GitHub Copilot CLI
 * compatible); the last four since 0.5.0.
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
 * How a settings file is written: JSON, JSON with comments, or TOML.
 *
 * @category models
 * @since 0.5.0
 */
export type SettingsFormat = "json" | "jsonc" | "toml"

/**
 * What a settings file's top-level keys are. `settings`: wave-hooks' settings (`hooks`, `env`,
 * `mcpServers`, `disableAllHooks`, ...; unknown keys are reported). `agent-settings`: an agent's own
 * settings file, where only `hooks` and `hooksConfig` are read and the other keys are the agent's (Gemini
 * CLI's `settings.json`). `hooks-file`: a file of hooks only, `{"description"?, "hooks"}`, where any other
 * key rejects the file. `flat-hooks-file`: `{"version": 1, "hooks": {"<event>": [hook, ...]}}`, where each
 * entry is one hook with its own `matcher` (Cursor's `hooks.json`; other keys are reported and ignored).
 *
 * @category models
 * @since 0.5.0
 */
export type SettingsKeys = "settings" | "agent-settings" | "hooks-file" | "flat-hooks-file"

/**
 * One settings file of a dialect: under `$HOME` (`user`) or the project (`project`, `local`).
 *
 * @category models
 * @since 0.5.0
 */
export interface SettingsFileRow {
  readonly scope: "user" | "project" | "local"
  /** The path under `$HOME` or the project. */
  readonly path: string
  readonly format: SettingsFormat
  readonly keys: SettingsKeys
  /**
   * Where the file's hooks run: in the project (the default), or in the file's own folder (`file-folder`:
   * Cursor runs the user's `~/.cursor/hooks.json` hooks in `~/.cursor/`).
   */
  readonly runsIn?: "project" | "file-folder"
  /** The file's `hooks` hold flat entries, one hook each with its own `matcher` (Copilot's inline settings hooks). */
  readonly entries?: "flat"
  /**
   * A user file's folder moves with this environment variable when it is set (Copilot's `COPILOT_HOME`): the
   * path's first segment (the agent's folder under `$HOME`) is replaced by the variable's value. Since 0.5.0.
   */
  readonly homeVariable?: string
}

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
  /**
   * Since 0.5.0: a matcher of only letters, digits, `_` and `|` is a list of exact names (`Edit|Write`); else
   * it is a regular expression even then (Gemini CLI: `shell` matches `run_shell_command`).
   */
  readonly plainNamesAreExact: boolean
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
  /**
   * Since 0.5.0: the administrator's settings: the system folder, the file in it, and whether a
   * `managed-settings.d/` folder of drop-in files is read too.
   */
  readonly managedSettings: {
    readonly folder: string
    readonly file: string
    readonly format: SettingsFormat
    readonly keys: SettingsKeys
    readonly dropIns: boolean
    /** Where the managed file's hooks run (Cursor: the enterprise folder). */
    readonly runsIn?: "project" | "file-folder"
  }
  /**
   * Since 0.5.0: the settings files of the user (under `$HOME`) and of the project, in layering order, each
   * with its format and what its top-level keys are.
   */
  readonly settingsFiles: ReadonlyArray<SettingsFileRow>
  /** Folder under `$HOME` and the project holding settings files. */
  readonly settingsDir: ".wave" | ".claude" | ".gemini" | ".codex" | ".cursor" | ".copilot"
  /**
   * Since 0.5.0: this dialect's settings files are read when no `--dialect` is given. Gemini CLI's are read
   * only with `--dialect gemini-cli`, or when they are the only settings a project has: its
   * `~/.gemini/settings.json` holds every Gemini user's preferences, and its hooks must not run in another
   * agent's session.
   */
  readonly readWithoutFlag: boolean
  /** Since 0.5.0: the unit of a hook's `timeout` in settings (Gemini CLI: milliseconds). */
  readonly timeoutUnit: "seconds" | "milliseconds"
  /**
   * Since 0.5.0: the text a hook answered with. `stdout`; or `stdout-else-stderr`: the trimmed stdout, or
   * the trimmed stderr when stdout is empty (Gemini CLI).
   */
  readonly answerText: "stdout" | "stdout-else-stderr"
  /**
   * Since 0.5.0: how the exit code and a plain-text answer are read.
   *
   * - `exit-2-blocks`: 0 succeeds, 2 takes the event's blocking row with stderr, any other code is a
   *   non-blocking failure (wave, Claude Code).
   * - `text-decides`: the text decides, the exit code only says how (Gemini CLI): exit 0 with text shows it
   *   to the user, exit 1 shows it as a warning, any other code with text takes the blocking row with the
   *   text as reason, and no text does nothing (a silent exit 2 blocks nothing). Stdout that is not a JSON
   *   object (after a second parse of a JSON string) is text: there is no malformed JSON.
   */
  readonly exitCodeRows: "exit-2-blocks" | "text-decides"
  /** Since 0.5.0: every non-zero exit also tells the user the hook failed (Gemini CLI's "Hook(s) [name] failed"). */
  readonly failedRunNotice: boolean
  /**
   * Since 0.5.0: the JSON answer's vocabulary. `claude`: `hookSpecificOutput.permissionDecision`,
   * `decision: "block"`, ... as read by `readOutput`. `gemini`: a top-level `decision`
   * (`allow | deny | block | ask`) and `reason`, translated by `translateGeminiAnswer` first. `codex`:
   * Claude Code's fields, where a PreToolUse `allow` only carries `updatedInput` (it approves nothing;
   * `translateCodexAnswer`). `cursor`: `permission`, `agent_message`, `user_message`, `followup_message`, ...
   * per event (`translateCursorAnswer`). `copilot`: top-level `permissionDecision`, `modifiedArgs`,
   * `modifiedResult`, `behavior`, ... (`translateCopilotAnswer`) for the camelCase events, Claude Code's for the
   * PascalCase ones.
   */
  readonly vocabulary: "claude" | "gemini" | "codex" | "cursor" | "copilot"
  /**
   * Since 0.5.0: the order a matcher group's hooks run in. `sequential-unless-parallel`: one after another
   * unless the group says `parallel: true` (wave, Claude Code); `parallel-unless-sequential`: together
   * unless it says `sequential: true` (Gemini CLI); `parallel`: always together (Codex CLI).
   */
  readonly groupOrder: "sequential-unless-parallel" | "parallel-unless-sequential" | "parallel"
  /**
   * Since 0.5.0: the hook types the dialect's agent runs (Gemini CLI: `command` only); a hook of another type
   * is skipped with a warning, as the agent skips it.
   */
  readonly hookTypes: ReadonlyArray<string>
  /**
   * Since 0.5.0: what a `type: "prompt"` entry is. `ask-model`: a prompt hook, whose prompt a language model
   * answers with a verdict (Claude Code, Cursor); `first-user-message`: text submitted as the session's first
   * user message on SessionStart, starting nothing (Copilot).
   */
  readonly promptEntries: "ask-model" | "first-user-message"
  /** Since 0.5.0: hook keys the dialect's agent knows besides wave-hooks' own (Gemini CLI's `name`, `description`). */
  readonly extraHookKeys: ReadonlyArray<string>
  /**
   * Since 0.5.0: a hook's `env` is an object of values set for it (Gemini CLI), not wave-hooks' allowlist of
   * inherited variable names.
   */
  readonly envIsValues: boolean
  /**
   * Since 0.5.0: which hooks of one event are the same run (it runs once): `command-and-timeout` (the
   * command, its form and its effective timeout; `runIdentityKey`), or `name-and-command` (Gemini CLI: the
   * hook's `name` and command, whatever the timeout), or `none` (Codex CLI: two identical hooks both run).
   */
  readonly dedupeKey: "command-and-timeout" | "name-and-command" | "none"
  /**
   * Since 0.5.0: JSON on stdout is read only on exit 0; on any other exit the exit code decides and stdout
   * is ignored (Codex CLI).
   */
  readonly jsonOnlyOnExit0: boolean
  /** Since 0.5.0: exit 2 blocks only with a reason on stderr; with none it is a failed run (Codex CLI). */
  readonly exit2NeedsStderr: boolean
  /**
   * Since 0.5.0: events the dialect's hooks cannot block: exit 2, and a failure of a hook set to block on
   * failure, are only a failed run, not the event's blocking row (Codex CLI's SessionStart, PreCompact,
   * PostCompact; Cursor's preCompact).
   */
  readonly exit2FailsOn: ReadonlyArray<string>
  /**
   * Since 0.5.0: events where plain stdout on exit 0 is context for the model; `undefined`: the engine's
   * list (UserPromptSubmit, SessionStart, UserPromptExpansion, PostModelSwitch).
   */
  readonly plainStdoutContextOn: ReadonlyArray<string> | undefined
  /** Since 0.5.0: events where plain stdout on exit 0 is a failed run, as they need JSON (Codex CLI's Stop, SubagentStop). */
  readonly plainStdoutFailsOn: ReadonlyArray<string>
  /**
   * Since 0.5.0: the answer's JSON is checked against the agent's strict wire format (Codex CLI): an unknown
   * field, or a field the event does not accept, makes the run failed and its whole answer is dropped.
   */
  readonly strictWire: boolean
  /**
   * Since 0.5.0: the URLs `http` hooks may post to. `any`: http:// and https:// (wave, Claude Code);
   * `https-or-local`: https:// only, and http:// to this machine (localhost, 127.0.0.0/8, [::1]) when the
   * variable `localSwitch` is `1` (Copilot: `COPILOT_HOOK_ALLOW_LOCALHOST`).
   */
  readonly httpUrls: "any" | { readonly https: "only"; readonly localSwitch: string }
  /**
   * Since 0.5.0: the agent runs a hook marked `async` in the background (wave, Claude Code, Codex CLI). Where it
   * does not (Gemini CLI, Cursor, Copilot), `async`, `asyncRewake` and `rewakeMessage` are reported and ignored:
   * the hook runs, and can block, as in the agent.
   */
  readonly backgroundHooks: boolean
  /**
   * Since 0.5.0: the timeout, in seconds, a hook whose timeout is written as 0 runs with (Codex CLI: 1, its
   * minimum); `undefined`: a timeout of 0 is an error and the hook is skipped.
   */
  readonly zeroTimeoutSeconds: number | undefined
  /**
   * Since 0.5.0: the agent's own names for a plugin's folder and data folder, beside wave-hooks' four
   * (`${CLAUDE_PLUGIN_ROOT}`, `${WAVE_PLUGIN_ROOT}`, `${CLAUDE_PLUGIN_DATA}`, `${WAVE_PLUGIN_DATA}`): as
   * `${NAME}` in a plugin hook's command they are replaced as those are (Gemini CLI's `${extensionPath}`, Codex
   * CLI's `${PLUGIN_ROOT}`); `inEnvironment`: the agent also sets them as variables of the hook (Codex CLI).
   */
  readonly pluginVariables: {
    readonly root: ReadonlyArray<string>
    readonly data: ReadonlyArray<string>
    readonly inEnvironment: boolean
    /** Names of the path separator, replaced by `/` (Gemini CLI's `${/}` and `${pathSeparator}`). */
    readonly separator: ReadonlyArray<string>
  }
  /** Since 0.5.0: other tool names a matcher is also tested against, by tool name (Codex CLI: `apply_patch` is `Edit` and `Write`). */
  readonly toolNameAliases: { readonly [toolName: string]: ReadonlyArray<string> }
  /**
   * Since 0.5.0: the shell a command hook runs in without its own `shell`: `bash` (`bash --norc -c`), or
   * `login-shell` (`$SHELL -lc`, `/bin/sh` without `SHELL`: Codex CLI).
   */
  readonly defaultShell: "bash" | "login-shell"
  /**
   * Since 0.5.0: where an agent's own settings file switches its hooks: `enabled`, paths of booleans whose
   * `false` runs no hook of the file (Gemini CLI's `hooksConfig.enabled`, Codex CLI's `features.hooks`);
   * `disabledList`, the path of a list of hook names or commands that do not run (`hooksConfig.disabled`).
   */
  readonly hookSwitches: {
    readonly enabled: ReadonlyArray<ReadonlyArray<string>>
    readonly disabledList?: ReadonlyArray<string>
    /** The path of a boolean whose `true` runs no hook (Copilot's `disableAllHooks` in its settings.json). */
    readonly disableFlag?: ReadonlyArray<string>
    /** The path of a managed file's boolean that runs only managed hooks (Codex CLI's `allow_managed_hooks_only`). */
    readonly managedOnly?: ReadonlyArray<string>
    /**
     * The path of a table of per-hook states the agent writes in the user's file, keyed by its hook key (Codex
     * CLI's `hooks.state`, from its `/hooks` screen: `"<file>:<event_name>:<group>:<hook>" = {enabled,
     * trusted_hash}`): a state with `enabled = false` switches that hook off. It is not an event. Since 0.5.0.
     */
    readonly states?: ReadonlyArray<string>
  }
  /** Since 0.5.0: what joins several hooks' Stop reasons (Codex CLI: a blank line). */
  readonly stopReasonSeparator: string
  /**
   * Since 0.5.0: what a matcher that cannot be compiled is. `error`: a settings error that skips its group and
   * denies tool calls (ARCHITECTURE 7.3). `exact-name`: a matcher that is not a valid regular expression is an
   * exact name (Gemini CLI); one it cannot use otherwise is still an error. `skips-group`: its group is skipped
   * with a warning, as the agent does (Codex CLI, Copilot).
   */
  readonly invalidMatcher: "error" | "exact-name" | "skips-group"
  /**
   * Since 0.5.0: variables whose references in a command are quoted (`"${NAME}"`) when the settings are read:
   * Gemini CLI puts their shell-escaped values in the command text, so `$GEMINI_PROJECT_DIR/x.sh` works in
   * a folder with spaces.
   */
  readonly commandVariables: ReadonlyArray<string>
  /**
   * Since 0.5.0: variables set for hooks from payload fields, variable to field (Gemini CLI's
   * `GEMINI_SESSION_ID` from `session_id`, Cursor's `CURSOR_VERSION` from `cursor_version`).
   */
  readonly payloadVariables: { readonly [variable: string]: string }
  /**
   * Since 0.5.0: payloads get `session_id`, `transcript_path` and `cwd` when the caller gave none. Cursor's
   * carry its own common fields (`conversation_id`, `workspace_roots`, ...) and never these.
   */
  readonly payloadSessionFields: boolean
  /**
   * Since 0.5.0: the agent's payloads have fields of their own, not the internal event's (Cursor's
   * beforeShellExecution sends `command`, not `tool_name`): a payload fired by the agent's event name is
   * passed to its hooks as it is, not checked against the internal event's fields.
   */
  readonly ownPayloadFields: boolean
  /**
   * Since 0.5.0: Stop payloads get `background_tasks: []` and `session_crons: []` when absent (wave, Claude
   * Code); the other agents send no such lists, and a hook must not see fields its agent never sends.
   */
  readonly payloadStopLists: boolean
  /**
   * Since 0.5.0: events whose blocking row stops the action (`BlockAction`) where the engine's row only
   * shows the text (Cursor can refuse to start a subagent: SubagentStart).
   */
  readonly actionBlockEvents: ReadonlyArray<string>
  /** Since 0.5.0: the hook key that makes a failed run block, as `onFailure: "block"` (Cursor's `failClosed`). */
  readonly failClosedKey: string | undefined
  /**
   * Since 0.5.0: a per-hook limit on follow-up turns (Cursor's `loop_limit`, default 5, `null` for none): a
   * Stop or SubagentStop hook's block is only shown, not sent, once the payload's `loop_count` reaches it.
   */
  readonly followupLoopLimit:
    | { readonly key: string; readonly countField: string; readonly defaultLimit: number }
    | undefined
  /**
   * Since 0.5.0: the agent says a higher-priority source's answer wins (Cursor: enterprise, project, user):
   * wave-hooks keeps the most restrictive answer and reports a deny that the agent would have let an
   * allow from a higher-priority source override (`source-priority`).
   */
  readonly reportsSourcePriority: boolean
  /**
   * Since 0.5.0: how exit 2 reads, where it is not the event's blocking row everywhere (Copilot): it blocks on
   * `blocksOn` (the reason: the stdout answer's, else stderr), its stdout is context on `contextOn`, and
   * elsewhere it is only a warning with stderr. `undefined`: exit 2 takes every event's blocking row.
   */
  readonly exit2Rows:
    | { readonly blocksOn: ReadonlyArray<string>; readonly contextOn: ReadonlyArray<string> }
    | undefined
  /**
   * Since 0.5.0: events whose hooks block when they crash or exit with another code than 0 and 2, whatever
   * their `onFailure` (Copilot's preToolUse: "Denied by preToolUse hook (hook errored)").
   */
  readonly crashBlocksOn: ReadonlyArray<string>
  /** Since 0.5.0: a hook that times out never blocks, whatever its `onFailure`; it is a warning (Copilot). */
  readonly timeoutsFailOpen: boolean
  /**
   * Since 0.5.0: stdout is read as the agent reads it: `json`, wave-hooks' reading (section 4); `copilot`,
   * progress lines (`{"type": "progress", ...}`) removed and the rest one JSON object, else no answer
   * (`copilotStdout`).
   */
  readonly stdoutReading: "json" | "copilot"
  /**
   * Since 0.5.0: PermissionRequest answers are merged with the later overriding the earlier (Copilot): the
   * last hook with a verdict decides, except that a deny from a managed file stands; each overridden deny
   * is reported (`overridden-deny`).
   */
  readonly laterPermissionOverrides: boolean
  /**
   * Since 0.5.0: several hooks' PostToolUse contexts joined into one, with `separator`, and the whole cut at
   * `capBytes` of UTF-8 (Copilot: a blank line, 10 KB); `undefined`: each kept.
   */
  readonly postToolContext: { readonly separator: string; readonly capBytes: number } | undefined
  /** Since 0.5.0: a hooks file's `disableAllHooks: true` skips that file's hooks only (Copilot's `.github/hooks/*.json`). */
  readonly hooksFileSwitch: boolean
  /** Since 0.5.0: a hook's `env` values expand `$NAME` and `${NAME}` from the environment the hook inherits (Copilot). */
  readonly envExpands: boolean
  /**
   * Since 0.5.0: the keys of a flat entry that hold its command, in order (Copilot's `bash`, then the
   * cross-platform `command`), and the key of its program run without a shell (`exec`, with `args`).
   */
  readonly commandKeys: { readonly shell: ReadonlyArray<string>; readonly exec: string | undefined }
  /** Since 0.5.0: the hook keys of the timeout, in priority order (Copilot: `timeoutSec`, then `timeout`). */
  readonly timeoutKeys: ReadonlyArray<string>
  /** Environment variables that carry the project directory to hooks. */
  readonly projectDirVariables: ReadonlyArray<string>
  /** Timeout of a hook without its own `timeout`, in seconds. */
  readonly defaultTimeoutSeconds: number
  /** Since 0.5.0: payloads carry `timestamp` (ISO 8601) when the caller gave none (Gemini CLI). */
  readonly payloadTimestamp: boolean
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
    plainNamesAreExact: true,
    exactNameListMatchers: false,
    deliversBackgroundAnswers: false,
    sharesSessionEndBudget: false,
    reportsOnlyMisspelledKeys: false,
    ownProjectDirVariable: "WAVE_PROJECT_DIR",
    pluginInstallHint: "install it in Wave (wave plugin install {id})",
    managedSettings: {
      folder: "/etc/wave",
      file: "managed-settings.json",
      format: "json",
      keys: "settings",
      dropIns: true
    },
    settingsFiles: [
      { scope: "user", path: ".wave/settings.json", format: "json", keys: "settings" },
      { scope: "project", path: ".wave/settings.json", format: "json", keys: "settings" },
      { scope: "local", path: ".wave/settings.local.json", format: "json", keys: "settings" }
    ],
    settingsDir: ".wave",
    readWithoutFlag: true,
    timeoutUnit: "seconds",
    answerText: "stdout",
    exitCodeRows: "exit-2-blocks",
    failedRunNotice: false,
    vocabulary: "claude",
    groupOrder: "sequential-unless-parallel",
    hookTypes: ["command", "http", "mcp_tool", "prompt", "agent"],
    promptEntries: "ask-model",
    extraHookKeys: [],
    envIsValues: false,
    invalidMatcher: "error",
    dedupeKey: "command-and-timeout",
    jsonOnlyOnExit0: false,
    exit2NeedsStderr: false,
    exit2FailsOn: [],
    plainStdoutContextOn: undefined,
    plainStdoutFailsOn: [],
    strictWire: false,
    httpUrls: "any",
    backgroundHooks: true,
    zeroTimeoutSeconds: undefined,
    pluginVariables: { root: [], data: [], inEnvironment: false, separator: [] },
    toolNameAliases: {},
    timeoutKeys: ["timeout"],
    defaultShell: "bash",
    hookSwitches: { enabled: [] },
    stopReasonSeparator: "\n",
    commandVariables: [],
    payloadVariables: {},
    payloadSessionFields: true,
    ownPayloadFields: false,
    payloadStopLists: true,
    actionBlockEvents: [],
    failClosedKey: undefined,
    followupLoopLimit: undefined,
    reportsSourcePriority: false,
    exit2Rows: undefined,
    crashBlocksOn: [],
    timeoutsFailOpen: false,
    stdoutReading: "json",
    laterPermissionOverrides: false,
    postToolContext: undefined,
    hooksFileSwitch: false,
    envExpands: false,
    commandKeys: { shell: ["command"], exec: undefined },
    projectDirVariables: ["WAVE_PROJECT_DIR"],
    defaultTimeoutSeconds: 60,
    payloadTimestamp: false,
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
    plainNamesAreExact: true,
    exactNameListMatchers: true,
    deliversBackgroundAnswers: true,
    sharesSessionEndBudget: true,
    reportsOnlyMisspelledKeys: true,
    ownProjectDirVariable: "CLAUDE_PROJECT_DIR",
    pluginInstallHint: "install it in Claude Code (/plugin install {id}, or: claude plugin install {id})",
    managedSettings: {
      folder: "/etc/claude-code",
      file: "managed-settings.json",
      format: "json",
      keys: "settings",
      dropIns: true
    },
    settingsFiles: [
      { scope: "user", path: ".claude/settings.json", format: "json", keys: "settings" },
      { scope: "project", path: ".claude/settings.json", format: "json", keys: "settings" },
      { scope: "local", path: ".claude/settings.local.json", format: "json", keys: "settings" }
    ],
    settingsDir: ".claude",
    readWithoutFlag: true,
    timeoutUnit: "seconds",
    answerText: "stdout",
    exitCodeRows: "exit-2-blocks",
    failedRunNotice: false,
    vocabulary: "claude",
    groupOrder: "sequential-unless-parallel",
    hookTypes: ["command", "http", "mcp_tool", "prompt", "agent"],
    promptEntries: "ask-model",
    extraHookKeys: [],
    envIsValues: false,
    invalidMatcher: "error",
    dedupeKey: "command-and-timeout",
    jsonOnlyOnExit0: false,
    exit2NeedsStderr: false,
    exit2FailsOn: [],
    plainStdoutContextOn: undefined,
    plainStdoutFailsOn: [],
    strictWire: false,
    httpUrls: "any",
    backgroundHooks: true,
    zeroTimeoutSeconds: undefined,
    pluginVariables: { root: [], data: [], inEnvironment: false, separator: [] },
    toolNameAliases: {},
    timeoutKeys: ["timeout"],
    defaultShell: "bash",
    hookSwitches: { enabled: [] },
    stopReasonSeparator: "\n",
    commandVariables: [],
    payloadVariables: {},
    payloadSessionFields: true,
    ownPayloadFields: false,
    payloadStopLists: true,
    actionBlockEvents: [],
    failClosedKey: undefined,
    followupLoopLimit: undefined,
    reportsSourcePriority: false,
    exit2Rows: undefined,
    crashBlocksOn: [],
    timeoutsFailOpen: false,
    stdoutReading: "json",
    laterPermissionOverrides: false,
    postToolContext: undefined,
    hooksFileSwitch: false,
    envExpands: false,
    commandKeys: { shell: ["command"], exec: undefined },
    projectDirVariables: ["WAVE_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
    defaultTimeoutSeconds: 600,
    payloadTimestamp: false,
    subagentStopHasStopLists: true,
    worktreeCreateFirstSuccess: false,
    worktreePathIsLastLine: true,
    worktreeRemoveFailureBlocks: true
  },
  "gemini-cli": {
    noisyStdoutRecovery: false,
    malformedNeedsClosingBrace: false,
    unwrappedFieldRecovery: false,
    exit2OverridesJson: false,
    showAllowReason: false,
    permissionRequestExit2Blocks: true,
    discardsCommonFields: false,
    ignoresSetupAndNotificationExitCodes: false,
    onFailureIgnoredOnStopEvents: false,
    capsContext: false,
    anchoredMatchers: false,
    plainNamesAreExact: false,
    exactNameListMatchers: false,
    deliversBackgroundAnswers: false,
    sharesSessionEndBudget: false,
    reportsOnlyMisspelledKeys: true,
    ownProjectDirVariable: "GEMINI_PROJECT_DIR",
    pluginInstallHint: "install it as a Gemini CLI extension (gemini extensions install {id})",
    managedSettings: {
      folder: "/etc/gemini-cli",
      file: "settings.json",
      format: "jsonc",
      keys: "agent-settings",
      dropIns: false
    },
    settingsFiles: [
      { scope: "user", path: ".gemini/settings.json", format: "jsonc", keys: "agent-settings" },
      { scope: "project", path: ".gemini/settings.json", format: "jsonc", keys: "agent-settings" }
    ],
    settingsDir: ".gemini",
    readWithoutFlag: false,
    timeoutUnit: "milliseconds",
    answerText: "stdout-else-stderr",
    exitCodeRows: "text-decides",
    failedRunNotice: true,
    vocabulary: "gemini",
    groupOrder: "parallel-unless-sequential",
    hookTypes: ["command"],
    promptEntries: "ask-model",
    extraHookKeys: ["name", "description"],
    envIsValues: true,
    invalidMatcher: "exact-name",
    dedupeKey: "name-and-command",
    jsonOnlyOnExit0: false,
    exit2NeedsStderr: false,
    exit2FailsOn: [],
    plainStdoutContextOn: undefined,
    plainStdoutFailsOn: [],
    strictWire: false,
    httpUrls: "any",
    backgroundHooks: false,
    zeroTimeoutSeconds: undefined,
    pluginVariables: { root: ["extensionPath"], data: [], inEnvironment: false, separator: ["/", "pathSeparator"] },
    toolNameAliases: {},
    timeoutKeys: ["timeout"],
    defaultShell: "bash",
    hookSwitches: { enabled: [["hooksConfig", "enabled"]], disabledList: ["hooksConfig", "disabled"] },
    stopReasonSeparator: "\n",
    commandVariables: ["GEMINI_PROJECT_DIR", "GEMINI_CWD", "GEMINI_SESSION_ID", "CLAUDE_PROJECT_DIR"],
    payloadVariables: { GEMINI_SESSION_ID: "session_id" },
    payloadSessionFields: true,
    ownPayloadFields: false,
    payloadStopLists: false,
    actionBlockEvents: [],
    failClosedKey: undefined,
    followupLoopLimit: undefined,
    reportsSourcePriority: false,
    exit2Rows: undefined,
    crashBlocksOn: [],
    timeoutsFailOpen: false,
    stdoutReading: "json",
    laterPermissionOverrides: false,
    postToolContext: undefined,
    hooksFileSwitch: false,
    envExpands: false,
    commandKeys: { shell: ["command"], exec: undefined },
    projectDirVariables: ["WAVE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"],
    defaultTimeoutSeconds: 60,
    payloadTimestamp: true,
    subagentStopHasStopLists: false,
    worktreeCreateFirstSuccess: true,
    worktreePathIsLastLine: false,
    worktreeRemoveFailureBlocks: false
  },
  codex: {
    noisyStdoutRecovery: false,
    malformedNeedsClosingBrace: false,
    unwrappedFieldRecovery: false,
    exit2OverridesJson: false,
    showAllowReason: false,
    permissionRequestExit2Blocks: true,
    discardsCommonFields: false,
    ignoresSetupAndNotificationExitCodes: false,
    onFailureIgnoredOnStopEvents: false,
    capsContext: false,
    anchoredMatchers: false,
    plainNamesAreExact: true,
    exactNameListMatchers: false,
    deliversBackgroundAnswers: true,
    sharesSessionEndBudget: false,
    reportsOnlyMisspelledKeys: true,
    ownProjectDirVariable: "WAVE_PROJECT_DIR",
    pluginInstallHint: "install it as a Codex plugin ({id})",
    managedSettings: {
      folder: "/etc/codex",
      file: "requirements.toml",
      format: "toml",
      keys: "agent-settings",
      dropIns: false
    },
    settingsFiles: [
      { scope: "user", path: ".codex/hooks.json", format: "json", keys: "hooks-file" },
      { scope: "user", path: ".codex/config.toml", format: "toml", keys: "agent-settings" },
      { scope: "project", path: ".codex/hooks.json", format: "json", keys: "hooks-file" },
      { scope: "project", path: ".codex/config.toml", format: "toml", keys: "agent-settings" }
    ],
    settingsDir: ".codex",
    readWithoutFlag: false,
    timeoutUnit: "seconds",
    answerText: "stdout",
    exitCodeRows: "exit-2-blocks",
    failedRunNotice: false,
    vocabulary: "codex",
    groupOrder: "parallel",
    hookTypes: ["command", "mcp_tool"],
    promptEntries: "ask-model",
    extraHookKeys: ["commandWindows", "statusMessage", "additionalContextLimit", "timeoutSec"],
    envIsValues: false,
    invalidMatcher: "skips-group",
    dedupeKey: "none",
    jsonOnlyOnExit0: true,
    exit2NeedsStderr: true,
    exit2FailsOn: ["SessionStart", "SubagentStart", "PreCompact", "PostCompact", "SessionEnd", "Interrupt"],
    plainStdoutContextOn: ["UserPromptSubmit", "SessionStart", "SubagentStart"],
    plainStdoutFailsOn: ["Stop", "SubagentStop"],
    strictWire: true,
    httpUrls: "any",
    backgroundHooks: true,
    zeroTimeoutSeconds: 1,
    pluginVariables: { root: ["PLUGIN_ROOT"], data: ["PLUGIN_DATA"], inEnvironment: true, separator: [] },
    toolNameAliases: { apply_patch: ["Edit", "Write"] },
    timeoutKeys: ["timeout", "timeoutSec"],
    defaultShell: "login-shell",
    stopReasonSeparator: "\n\n",
    hookSwitches: {
      enabled: [
        ["features", "codex_hooks"],
        ["features", "hooks"]
      ],
      managedOnly: ["allow_managed_hooks_only"],
      states: ["hooks", "state"]
    },
    commandVariables: [],
    payloadVariables: {},
    payloadSessionFields: true,
    ownPayloadFields: false,
    payloadStopLists: false,
    actionBlockEvents: [],
    failClosedKey: undefined,
    followupLoopLimit: undefined,
    reportsSourcePriority: false,
    exit2Rows: undefined,
    crashBlocksOn: [],
    timeoutsFailOpen: false,
    stdoutReading: "json",
    laterPermissionOverrides: false,
    postToolContext: undefined,
    hooksFileSwitch: false,
    envExpands: false,
    commandKeys: { shell: ["command"], exec: undefined },
    projectDirVariables: ["WAVE_PROJECT_DIR"],
    defaultTimeoutSeconds: 600,
    payloadTimestamp: false,
    subagentStopHasStopLists: false,
    worktreeCreateFirstSuccess: false,
    worktreePathIsLastLine: true,
    worktreeRemoveFailureBlocks: true
  },
  cursor: {
    noisyStdoutRecovery: false,
    malformedNeedsClosingBrace: false,
    unwrappedFieldRecovery: false,
    exit2OverridesJson: false,
    showAllowReason: false,
    permissionRequestExit2Blocks: true,
    discardsCommonFields: false,
    ignoresSetupAndNotificationExitCodes: false,
    onFailureIgnoredOnStopEvents: false,
    capsContext: false,
    anchoredMatchers: false,
    plainNamesAreExact: false,
    exactNameListMatchers: false,
    deliversBackgroundAnswers: false,
    sharesSessionEndBudget: false,
    reportsOnlyMisspelledKeys: false,
    ownProjectDirVariable: "CURSOR_PROJECT_DIR",
    pluginInstallHint: "install it in Cursor ({id})",
    managedSettings: {
      folder: "/etc/cursor",
      file: "hooks.json",
      format: "json",
      keys: "flat-hooks-file",
      dropIns: false,
      runsIn: "file-folder"
    },
    settingsFiles: [
      { scope: "user", path: ".cursor/hooks.json", format: "json", keys: "flat-hooks-file", runsIn: "file-folder" },
      { scope: "project", path: ".cursor/hooks.json", format: "json", keys: "flat-hooks-file" }
    ],
    settingsDir: ".cursor",
    readWithoutFlag: false,
    timeoutUnit: "seconds",
    answerText: "stdout",
    exitCodeRows: "exit-2-blocks",
    failedRunNotice: false,
    vocabulary: "cursor",
    groupOrder: "parallel",
    hookTypes: ["command", "prompt"],
    promptEntries: "ask-model",
    extraHookKeys: ["failClosed", "loop_limit"],
    envIsValues: false,
    invalidMatcher: "error",
    dedupeKey: "command-and-timeout",
    jsonOnlyOnExit0: true,
    exit2NeedsStderr: false,
    exit2FailsOn: ["PreCompact"],
    plainStdoutContextOn: [],
    plainStdoutFailsOn: [],
    strictWire: false,
    httpUrls: "any",
    backgroundHooks: false,
    zeroTimeoutSeconds: undefined,
    pluginVariables: { root: [], data: [], inEnvironment: false, separator: [] },
    toolNameAliases: {},
    timeoutKeys: ["timeout"],
    defaultShell: "bash",
    hookSwitches: { enabled: [] },
    stopReasonSeparator: "\n",
    commandVariables: [],
    payloadVariables: {
      CURSOR_VERSION: "cursor_version",
      CURSOR_USER_EMAIL: "user_email",
      CURSOR_TRANSCRIPT_PATH: "transcript_path"
    },
    payloadSessionFields: false,
    ownPayloadFields: true,
    payloadStopLists: false,
    actionBlockEvents: ["SubagentStart"],
    failClosedKey: "failClosed",
    followupLoopLimit: { key: "loop_limit", countField: "loop_count", defaultLimit: 5 },
    reportsSourcePriority: true,
    exit2Rows: undefined,
    crashBlocksOn: [],
    timeoutsFailOpen: false,
    stdoutReading: "json",
    laterPermissionOverrides: false,
    postToolContext: undefined,
    hooksFileSwitch: false,
    envExpands: false,
    commandKeys: { shell: ["command"], exec: undefined },
    projectDirVariables: ["WAVE_PROJECT_DIR", "CURSOR_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
    defaultTimeoutSeconds: 60,
    payloadTimestamp: false,
    subagentStopHasStopLists: false,
    worktreeCreateFirstSuccess: true,
    worktreePathIsLastLine: false,
    worktreeRemoveFailureBlocks: false
  },
  copilot: {
    noisyStdoutRecovery: false,
    malformedNeedsClosingBrace: false,
    unwrappedFieldRecovery: false,
    exit2OverridesJson: false,
    showAllowReason: false,
    permissionRequestExit2Blocks: true,
    discardsCommonFields: false,
    ignoresSetupAndNotificationExitCodes: false,
    onFailureIgnoredOnStopEvents: false,
    capsContext: false,
    anchoredMatchers: true,
    plainNamesAreExact: false,
    exactNameListMatchers: false,
    deliversBackgroundAnswers: false,
    sharesSessionEndBudget: false,
    reportsOnlyMisspelledKeys: true,
    ownProjectDirVariable: "WAVE_PROJECT_DIR",
    pluginInstallHint: "install it as a Copilot CLI plugin (copilot plugin install {id})",
    managedSettings: {
      folder: "/etc/github-copilot",
      file: "policy.d/*.json",
      format: "json",
      keys: "flat-hooks-file",
      dropIns: false
    },
    settingsFiles: [
      {
        scope: "user",
        path: ".copilot/hooks/*.json",
        format: "json",
        keys: "flat-hooks-file",
        homeVariable: "COPILOT_HOME"
      },
      {
        scope: "user",
        path: ".copilot/settings.json",
        format: "json",
        keys: "agent-settings",
        entries: "flat",
        homeVariable: "COPILOT_HOME"
      },
      { scope: "project", path: ".github/hooks/*.json", format: "json", keys: "flat-hooks-file" },
      {
        scope: "project",
        path: ".github/copilot/settings.json",
        format: "json",
        keys: "agent-settings",
        entries: "flat"
      },
      {
        scope: "local",
        path: ".github/copilot/settings.local.json",
        format: "json",
        keys: "agent-settings",
        entries: "flat"
      },
      // Claude Code's project files, which Copilot reads too: nested groups under Claude Code's event names.
      { scope: "project", path: ".claude/settings.json", format: "json", keys: "agent-settings" },
      { scope: "local", path: ".claude/settings.local.json", format: "json", keys: "agent-settings" }
    ],
    settingsDir: ".copilot",
    readWithoutFlag: false,
    timeoutUnit: "seconds",
    answerText: "stdout",
    exitCodeRows: "exit-2-blocks",
    failedRunNotice: false,
    vocabulary: "copilot",
    groupOrder: "sequential-unless-parallel",
    hookTypes: ["command", "http", "prompt"],
    promptEntries: "first-user-message",
    extraHookKeys: ["bash", "powershell", "exec", "cwd", "timeoutSec"],
    envIsValues: true,
    invalidMatcher: "skips-group",
    dedupeKey: "none",
    jsonOnlyOnExit0: true,
    exit2NeedsStderr: false,
    exit2FailsOn: [],
    plainStdoutContextOn: [],
    plainStdoutFailsOn: [],
    strictWire: false,
    httpUrls: { https: "only", localSwitch: "COPILOT_HOOK_ALLOW_LOCALHOST" },
    backgroundHooks: false,
    zeroTimeoutSeconds: undefined,
    pluginVariables: { root: [], data: [], inEnvironment: false, separator: [] },
    toolNameAliases: {},
    timeoutKeys: ["timeoutSec", "timeout"],
    defaultShell: "bash",
    hookSwitches: { enabled: [], disableFlag: ["disableAllHooks"] },
    stopReasonSeparator: "\n",
    commandVariables: [],
    payloadVariables: {},
    payloadSessionFields: false,
    ownPayloadFields: true,
    payloadStopLists: false,
    actionBlockEvents: [],
    failClosedKey: undefined,
    followupLoopLimit: undefined,
    reportsSourcePriority: false,
    exit2Rows: { blocksOn: ["PreToolUse", "PermissionRequest"], contextOn: ["PostToolUseFailure"] },
    crashBlocksOn: ["PreToolUse"],
    timeoutsFailOpen: true,
    stdoutReading: "copilot",
    laterPermissionOverrides: true,
    postToolContext: { separator: "\n\n", capBytes: 10 * 1024 },
    hooksFileSwitch: true,
    envExpands: true,
    commandKeys: { shell: ["bash", "command"], exec: "exec" },
    projectDirVariables: ["WAVE_PROJECT_DIR"],
    defaultTimeoutSeconds: 30,
    payloadTimestamp: false,
    subagentStopHasStopLists: false,
    worktreeCreateFirstSuccess: true,
    worktreePathIsLastLine: false,
    worktreeRemoveFailureBlocks: false
  }
}
