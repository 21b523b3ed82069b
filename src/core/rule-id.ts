/**
 * The rules behind the effects: a stable id for each (`RuleId`), what it says
 * and where it is written down. A trace entry carries the id, so a typo is a
 * compile error and renumbering a document changes no output.
 *
 * Ids are `Topic.case`: the topic is the event the rule belongs to
 * (`PreToolUse`, `WorktreeCreate`, ...) or, for a rule of every event, one of
 * `stdout` (reading stdout), `exit` (no valid JSON: the exit code decides),
 * `process` (the hook process itself), `json` (JSON fields every event reads),
 * `claude-code`, `gemini-cli`, `codex`, `cursor` and `copilot` (those dialects' differences), `combine` (several hooks) and
 * `run` (the runner: settings, trust, limits). The case is kebab-case. The
 * topic is the section of `docs/reference/decision-table.md` that lists the
 * rule.
 *
 * @since 0.3.0
 */

/**
 * What a rule says and the section of the decision-table page it belongs to.
 *
 * @category models
 * @since 0.3.0
 */
export interface RuleInfo {
  readonly topic: RuleTopic
  readonly description: string
}

/**
 * The sections of `docs/reference/decision-table.md`, in page order, with
 * their headings.
 *
 * @category models
 * @since 0.3.0
 */
export const ruleTopics = {
  stdout: "Reading stdout",
  exit: "No valid JSON: the exit code decides",
  process: "The hook process",
  json: "JSON fields of every event",
  PreToolUse: "PreToolUse",
  PermissionRequest: "PermissionRequest",
  PermissionDenied: "PermissionDenied",
  PostToolUse: "PostToolUse",
  PostToolUseFailure: "PostToolUseFailure",
  PostToolBatch: "PostToolBatch",
  PreCompact: "PreCompact",
  PreModelSwitch: "PreModelSwitch",
  SessionStart: "SessionStart",
  TaskCreated: "TaskCreated",
  ConfigChange: "ConfigChange",
  MessageDisplay: "MessageDisplay",
  Elicitation: "Elicitation and ElicitationResult",
  WorktreeCreate: "WorktreeCreate",
  "claude-code": "claude-code dialect: differences",
  "gemini-cli": "gemini-cli dialect: differences",
  codex: "codex dialect: differences",
  cursor: "cursor dialect: differences",
  copilot: "copilot dialect: differences",
  combine: "Several hooks for one event",
  run: "The runner: settings, trust and limits"
} as const

/**
 * A section of the decision-table page.
 *
 * @category models
 * @since 0.3.0
 */
export type RuleTopic = keyof typeof ruleTopics

const r = (topic: RuleTopic, description: string): RuleInfo => ({ topic, description })

/**
 * Every rule, by id, in page order.
 *
 * @category models
 * @since 0.3.0
 */
export const rules = {
  "stdout.noisy": r("stdout", "Text around the JSON object on stdout is ignored, with a noisy-stdout diagnostic."),
  "stdout.diagnostic": r(
    "stdout",
    "A JSON field that is invalid or unknown for the event is ignored, with a diagnostic naming it."
  ),
  "stdout.malformed-json": r(
    "stdout",
    "Stdout that starts like JSON but does not parse: a malformed-json diagnostic; the exit code decides."
  ),
  "stdout.unreadable-json": r(
    "stdout",
    "A JSON-like stdout line that could not be read: a malformed-json diagnostic; the exit code decides."
  ),
  "stdout.malformed-json-blocks": r("stdout", "Malformed JSON with onFailure: block blocks as exit 2 would."),
  "exit.0-context": r("exit", "Exit 0 on an event whose stdout is context: stdout is added to the model's context."),
  "exit.2": r("exit", "Exit 2 blocks: the event's blocking effect carries stderr."),
  "exit.ignored": r(
    "exit",
    "An event that ignores its hooks' exit codes (in the dialect): the exit or failure is reported in an ignored-output diagnostic, nothing else happens."
  ),
  "exit.on-failure-block": r("exit", "Any other non-zero exit with onFailure: block blocks as exit 2 would."),
  "exit.non-blocking": r("exit", "Any other non-zero exit is a non-blocking error shown to the user."),
  "process.failure": r("process", "A timeout, signal or spawn failure is a non-blocking error shown to the user."),
  "process.failure-blocks": r(
    "process",
    "A timeout, signal or spawn failure with onFailure: block blocks as exit 2 would."
  ),
  "process.escaped": r("process", "A process the hook left running is reported to the user and in a diagnostic."),
  "process.truncated-output": r("process", "Output over the cap is cut, with a warning and a diagnostic."),
  "json.continue-false": r("json", "continue: false stops the agent with stopReason."),
  "json.system-message": r("json", "systemMessage is shown to the user as a warning."),
  "json.additional-context": r("json", "additionalContext is added to the model's context."),
  "json.feedback-context": r("json", "additionalContext on this event is non-error feedback to the model."),
  "json.context-cap": r("json", "Context over the cap is cut, with a diagnostic."),
  "json.block": r("json", "decision: block blocks with reason."),
  "json.block-without-reason": r("json", "decision: block without a reason is ignored, with a diagnostic."),
  "json.discarded": r("json", "This event's output is discarded, with a diagnostic."),
  "json.not-carried-out": r("json", "A field the engine reads but does not carry out, with a diagnostic."),
  "json.session-title": r("json", "sessionTitle sets the session's title."),
  "json.watch-paths": r("json", "watchPaths sets the paths to watch."),
  "PreToolUse.allow": r("PreToolUse", "permissionDecision: allow allows the tool call."),
  "PreToolUse.allow-reason": r("PreToolUse", "permissionDecisionReason on allow is shown to the user."),
  "PreToolUse.deny": r("PreToolUse", "permissionDecision: deny blocks the tool call with the reason."),
  "PreToolUse.ask": r("PreToolUse", "permissionDecision: ask asks the user."),
  "PreToolUse.defer": r("PreToolUse", "permissionDecision: defer defers the tool call."),
  "PreToolUse.defer-drops": r("PreToolUse", "defer drops updatedInput and additionalContext, with a diagnostic."),
  "PreToolUse.legacy-decision": r("PreToolUse", "The legacy top-level decision approve/block maps to allow/deny."),
  "PreToolUse.updated-input": r("PreToolUse", "updatedInput replaces the tool's input."),
  "PermissionRequest.allow": r("PermissionRequest", "decision.behavior: allow allows the tool call."),
  "PermissionRequest.updated-input": r("PermissionRequest", "decision.updatedInput replaces the tool's input."),
  "PermissionRequest.updated-permissions": r(
    "PermissionRequest",
    "decision.updatedPermissions updates the permission rules."
  ),
  "PermissionRequest.deny": r(
    "PermissionRequest",
    "decision.behavior: deny blocks the tool call with decision.message."
  ),
  "PermissionRequest.interrupt": r("PermissionRequest", "decision.interrupt: true also stops the agent."),
  "PermissionDenied.retry": r("PermissionDenied", "retry: true lets the model retry."),
  "PostToolUse.block": r("PostToolUse", "decision: block gives the reason to the model."),
  "PostToolUse.updated-output": r(
    "PostToolUse",
    "updatedToolOutput (or updatedMCPToolOutput) replaces the tool's output."
  ),
  "PostToolUseFailure.block": r("PostToolUseFailure", "decision: block gives the reason to the model."),
  "PostToolBatch.block": r("PostToolBatch", "decision: block stops the agent after the batch."),
  "PreCompact.block": r("PreCompact", "decision: block blocks compaction."),
  "PreModelSwitch.allow": r("PreModelSwitch", "permissionDecision: allow allows the switch."),
  "PreModelSwitch.deny": r("PreModelSwitch", "permissionDecision: deny refuses the switch."),
  "PreModelSwitch.ask": r("PreModelSwitch", "permissionDecision: ask asks the user."),
  "PreModelSwitch.defer": r("PreModelSwitch", "permissionDecision: defer is not supported here, with a diagnostic."),
  "PreModelSwitch.block": r("PreModelSwitch", "decision: block refuses the switch."),
  "PreModelSwitch.failure-blocks": r("PreModelSwitch", "A PreModelSwitch hook that fails blocks the switch."),
  "SessionStart.initial-user-message": r("SessionStart", "initialUserMessage is sent as the user's first message."),
  "SessionStart.title-source": r("SessionStart", "sessionTitle is used only on startup, resume and fork."),
  "TaskCreated.block": r("TaskCreated", "decision: block blocks the task."),
  "ConfigChange.block": r("ConfigChange", "decision: block blocks the settings change."),
  "ConfigChange.policy-unblockable": r("ConfigChange", "A change from policy_settings cannot be blocked."),
  "MessageDisplay.display-content": r("MessageDisplay", "displayContent replaces the displayed message."),
  "Elicitation.action": r("Elicitation", "action answers the elicitation."),
  "Elicitation.content-without-action": r("Elicitation", "content without an action is ignored, with a diagnostic."),
  "Elicitation.content-with-action": r("Elicitation", "content with decline or cancel is dropped, with a diagnostic."),
  "WorktreeCreate.worktree-path": r("WorktreeCreate", "worktreePath is the new worktree's path."),
  "WorktreeCreate.json-without-path": r("WorktreeCreate", "JSON without worktreePath fails the creation."),
  "WorktreeCreate.stdout-path": r(
    "WorktreeCreate",
    "Exit 0: stdout names the path (wave: trimmed; claude-code: the last line)."
  ),
  "WorktreeCreate.multiline-path": r(
    "WorktreeCreate",
    "wave: a path over several lines is used as it is, with a warning."
  ),
  "WorktreeCreate.no-path": r("WorktreeCreate", "Exit 0 without a path fails the creation."),
  "claude-code.exit-2-ignored": r(
    "claude-code",
    "PermissionRequest exit 2 does not deny (only a JSON decision does): reported in a diagnostic."
  ),
  "claude-code.exit-2-overrides-json": r("claude-code", "Exit 2 overrides the JSON on stdout."),
  "claude-code.continue-false-over-exit-2": r("claude-code", "continue: false wins over exit 2."),
  "gemini-cli.answer-text": r(
    "gemini-cli",
    "The answer is the trimmed stdout, or the trimmed stderr when stdout is empty; JSON decides whatever the exit code."
  ),
  "gemini-cli.json": r(
    "gemini-cli",
    "A JSON answer's decision, reason and hookSpecificOutput are read in Gemini CLI's vocabulary (see the dialect page)."
  ),
  "gemini-cli.exit-0-text": r("gemini-cli", "Exit 0 with text: the text is shown to the user."),
  "gemini-cli.exit-1-text": r("gemini-cli", "Exit 1 with text: the text is shown as a warning."),
  "gemini-cli.exit-2-text": r("gemini-cli", "Any other exit code with text denies, the text as the reason."),
  "gemini-cli.silent-exit": r("gemini-cli", "A non-zero exit with no text blocks nothing, with a diagnostic."),
  "gemini-cli.failed-run": r("gemini-cli", "Every non-zero exit also tells the user the hook failed."),
  "gemini-cli.tail-tool-call": r(
    "gemini-cli",
    "AfterTool's tailToolCallRequest {name, args}: the agent calls that tool next, its result standing in for this one."
  ),
  "gemini-cli.clear-context": r("gemini-cli", "AfterAgent's clearContext: true clears the model's history."),
  "gemini-cli.model-blocked": r(
    "gemini-cli",
    "BeforeModel's or AfterModel's deny ends the turn; BeforeModel's llm_response with it is the model's answer."
  ),
  "gemini-cli.model-request": r("gemini-cli", "BeforeModel's llm_request replaces fields of the model request."),
  "gemini-cli.model-response": r("gemini-cli", "AfterModel's llm_response replaces the model's answer (chunk)."),
  "gemini-cli.tool-selection": r(
    "gemini-cli",
    "BeforeToolSelection's toolConfig restricts how the model picks tools and which it may call."
  ),
  "codex.strict-wire": r(
    "codex",
    "A JSON answer with a field Codex CLI does not accept for the event fails the run: nothing of it decides."
  ),
  "cursor.json": r(
    "cursor",
    "A JSON answer's permission, agent_message, user_message, followup_message and the rest are read in Cursor's vocabulary (see the dialect page)."
  ),
  "cursor.refuses-action": r("cursor", "subagentStart's deny (or ask) refuses the subagent: the action is blocked."),
  "cursor.observes": r(
    "cursor",
    "An event that only observes (afterShellExecution, afterFileEdit, ...): its answer is discarded and its exit codes block nothing."
  ),
  "cursor.loop-limit": r(
    "cursor",
    "A stop or subagentStop follow-up once loop_count has reached the hook's loop_limit (default 5) is only shown."
  ),
  "cursor.session-env": r("cursor", "sessionStart's env: variables for the session's later hooks."),
  "cursor.source-priority": r(
    "cursor",
    "A deny stands although a higher-priority source allowed (the most restrictive answer wins), with a diagnostic."
  ),
  "copilot.json": r(
    "copilot",
    "A JSON answer's permissionDecision, modifiedArgs, modifiedResult, behavior, decision and the rest are read in Copilot's vocabulary (PascalCase events: Claude Code's)."
  ),
  "copilot.no-output": r(
    "copilot",
    "Stdout that is not one JSON object once progress lines are removed is no answer; one that looks like JSON is reported."
  ),
  "copilot.exit-2": r(
    "copilot",
    "Exit 2 denies on preToolUse and permissionRequest, gives stdout as guidance on postToolUseFailure, and is a warning elsewhere."
  ),
  "copilot.crash-blocks": r("copilot", "A preToolUse hook that crashes or exits with another code denies the call."),
  "copilot.timeout-open": r("copilot", "A hook that times out never blocks: a warning."),
  "copilot.context-cap": r(
    "copilot",
    "postToolUse's contexts, joined by a blank line, are cut at 10 KB, with a diagnostic."
  ),
  "copilot.transformed-prompt": r(
    "copilot",
    "userPromptTransformed's modifiedTransformedPrompt: the model reads it instead of the built prompt (the screen keeps the user's)."
  ),
  "copilot.subagent-response": r(
    "copilot",
    "subagentStop's modifiedResponse: the parent agent reads it as the subagent's answer (a block wins)."
  ),
  "copilot.overridden-deny": r(
    "copilot",
    "A later permissionRequest hook's verdict overrides an earlier one's, except a managed deny; the overridden deny is reported."
  ),
  "combine.conflicting-update": r(
    "combine",
    "Hooks of one parallel group set the same update: the last in config order is used, with a diagnostic."
  ),
  "combine.stop-loop-cap": r("combine", "Stop blocked too many times in a row: the agent stops, with a warning."),
  "combine.reasons-joined": r("combine", "Several hooks' blocks of one kind merge, their reasons joined."),
  "combine.strongest-action": r("combine", "Several hooks' elicitation answers: the strongest action wins."),
  "combine.tool-restrictions": r(
    "combine",
    "Several hooks' tool restrictions: the strictest mode (NONE, then ANY, then AUTO), their allow-lists joined."
  ),
  "combine.worktree-path": r("combine", "Several hooks' worktree paths: the first is used."),
  "run.payload-check": r("run", "The event's payload misses a field the event needs."),
  "run.skipped-entry": r("run", "A settings entry that could not be used is skipped, with a warning."),
  "run.hook-type": r("run", "A handler type's warning (http, mcp_tool, prompt, agent)."),
  "run.missing-tool-name": r("run", "A tool event without a tool name matches no matcher."),
  "run.untrusted-settings": r("run", "Hooks of settings not trusted yet do not run."),
  "run.unreadable-settings": r("run", "Settings that cannot be read deny tool calls."),
  "run.managed-policy": r("run", "Managed settings' policy."),
  "run.limits": r("run", "A limit of the runner was reached."),
  "run.if-condition": r("run", "A handler's if condition could not be read."),
  "run.env-file": r("run", "A hook's env file."),
  "run.shell": r("run", "The configured shell was not found."),
  "run.background": r("run", "Background (async) hooks of a one-shot run."),
  "run.audit-log": r("run", "The audit log could not be written.")
} as const satisfies Record<string, RuleInfo>

/**
 * The id of a rule, e.g. `"PreToolUse.deny"` or `"exit.2"`: stable, readable,
 * and a compile error when misspelled.
 *
 * @category models
 * @since 0.3.0
 */
export type RuleId = keyof typeof rules

/**
 * The page that lists every rule.
 *
 * @category models
 * @since 0.3.0
 */
export const decisionTablePage = "docs/reference/decision-table.md"

/**
 * The Markdown anchor of a heading, as GitHub makes it.
 *
 * @category rendering
 * @since 0.3.0
 */
export const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s/g, "-")

/**
 * Where a rule is written down, e.g.
 * `docs/reference/decision-table.md#pretooluse`.
 *
 * @category rendering
 * @since 0.3.0
 */
export const citationOfRule = (id: RuleId): string => `${decisionTablePage}#${anchorOf(ruleTopics[rules[id].topic])}`

/**
 * A rule as a trace entry carries it: its id and the human text of this case
 * (which may name the event, the field or the exit code).
 *
 * @category models
 * @since 0.3.0
 */
export interface RuleRef {
  readonly id: RuleId
  readonly rule: string
}

/**
 * A rule reference: `at("exit.2", "PreToolUse exit 2")`.
 *
 * @category constructors
 * @since 0.3.0
 */
export const at = (id: RuleId, rule: string): RuleRef => ({ id, rule })
