/**
 * The corpus: real-style hooks (test/corpus/hooks/: bash with `set -euo
 * pipefail` and `jq`, Python, Node) for every one of Claude Code's 33 events
 * in the claude-code dialect, the common ones in the wave dialect, and the
 * issue-12 features (handler fields, env files, plugins, the settings `env`
 * map). Each expectation comes from Claude Code's documented behaviour
 * (`../shared/research/claude-code-hooks.md`, cited as "ref") or, where the
 * design decides otherwise on purpose, from docs/ARCHITECTURE.md (cited as
 * "design"); none is copied from the engine's output.
 */

/** An expected string: exact, or one that must contain the text (default texts the engine writes). */
export type Text = string | { readonly $includes: string }

/** What `wave-hooks run --json` must print and do. */
export interface Expectation {
  readonly exitCode: 0 | 1 | 2
  /** The effects other than Diagnostics, as a multiset. */
  readonly effects: ReadonlyArray<Readonly<Record<string, unknown>>>
  /** The Diagnostic codes, as a set (absent: not checked). */
  readonly diagnostics?: ReadonlyArray<string>
  /** How many hooks ran (absent: not checked). */
  readonly runs?: number
  /** The `env` key of the JSON (absent: must be absent). */
  readonly env?: Readonly<Record<string, string>>
  /** How many background hooks the JSON reports under `async`. */
  readonly async?: number
  /** Files (relative to the project) the hooks must have left, with their content; `null`: must not exist. */
  readonly files?: Readonly<Record<string, string | null>>
  /** Text that must not appear anywhere in the CLI's stdout or stderr. */
  readonly never?: string
}

/** A plugin folder passed with `--plugin-dir`. */
export interface PluginFixture {
  readonly name: string
  readonly hooks: Readonly<Record<string, unknown>>
  /** Scripts of test/corpus/hooks copied into the plugin's `scripts/`. */
  readonly scripts: ReadonlyArray<string>
}

/** One case: a project with settings and hooks, an event and its payload, and what must happen. */
export interface CorpusCase {
  readonly name: string
  /** What the hook does and where the expectation comes from. */
  readonly about: string
  readonly dialect: "claude-code" | "wave"
  readonly event: string
  /** The project's settings file (`.claude/settings.json` or `.wave/settings.json`). */
  readonly settings: Readonly<Record<string, unknown>>
  /** Scripts of test/corpus/hooks copied into the project's `.claude/hooks/` or `.wave/hooks/`. */
  readonly hooks: ReadonlyArray<string>
  /** Other project files to create. */
  readonly files?: Readonly<Record<string, string>>
  readonly plugin?: PluginFixture
  /** The event's payload; the common fields are added by the engine when absent. */
  readonly payload: Readonly<Record<string, unknown>>
  readonly expect: Expectation
}

const common = {
  session_id: "2f6c1d9e-5b1f-4c43-9f0e-0f6f1b6c8a11",
  transcript_path: "/home/dev/.claude/projects/app/2f6c1d9e.jsonl",
  cwd: "/srv/app",
  permission_mode: "default"
}

/** A settings file with one matcher group per event entry. */
const on = (
  event: string,
  hooks: ReadonlyArray<Readonly<Record<string, unknown>>>,
  matcher?: string
): Record<string, unknown> => ({ hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks }] } })

/** A command hook running a script of the project, the way users write it in each dialect. */
const script = (name: string, dialect: "claude-code" | "wave" = "claude-code", extra: Record<string, unknown> = {}) => {
  const [dir, variable] = dialect === "claude-code" ? [".claude", "CLAUDE_PROJECT_DIR"] : [".wave", "WAVE_PROJECT_DIR"]
  const command = name.endsWith(".py")
    ? `python3 "$${variable}/${dir}/hooks/${name}"`
    : name.endsWith(".mjs")
    ? `node ${dir}/hooks/${name}`
    : `"$${variable}"/${dir}/hooks/${name}`
  return { type: "command", command, ...extra }
}

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command, description: "run a command" }, tool_use_id: "toolu_01" })

/** The claude-code dialect: one case at least for each of the 33 events. */
const claudeCode: ReadonlyArray<CorpusCase> = [
  {
    name: "PreToolUse: bash guard blocks rm -rf with exit 2",
    about: "ref 2.2 PreToolUse exit 2: blocks the call, stderr goes to Claude as the reason",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("block-rm-rf.sh")], "Bash"),
    hooks: ["block-rm-rf.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("rm -rf build") },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "Blocked: 'rm -rf build' deletes recursively. Move files to ./trash instead." }], diagnostics: [], runs: 1 }
  },
  {
    name: "PreToolUse: the same guard lets a safe command through",
    about: "ref 2.2 PreToolUse exit 0 with no stdout: the call proceeds, nothing to do",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("block-rm-rf.sh")], "Bash"),
    hooks: ["block-rm-rf.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("ls -la") },
    expect: { exitCode: 0, effects: [], diagnostics: [], runs: 1 }
  },
  {
    name: "PreToolUse: Python .env guard denies with JSON",
    about: "ref 3.3 PreToolUse permissionDecision deny: blocks; permissionDecisionReason goes to Claude",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("protect-env.py")], "Edit|Write"),
    hooks: ["protect-env.py"],
    payload: { ...common, hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: "/srv/app/.env", content: "A=1" }, tool_use_id: "toolu_02" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: ".env holds secrets; edit .env.example instead." }], diagnostics: [], runs: 1 }
  },
  {
    name: "PreToolUse: one hook allows, another denies: deny wins",
    about: "ref 4 Decision merge: deny > defer > ask > allow; the allow reason goes to the debug log only (ref 3.5)",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("allow-docs.sh"), script("protect-env.py")], "Edit|Write"),
    hooks: ["allow-docs.sh", "protect-env.py"],
    payload: { ...common, hook_event_name: "PreToolUse", tool_name: "Edit", tool_input: { file_path: "/srv/app/docs/.env.local", old_string: "a", new_string: "b" }, tool_use_id: "toolu_03" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: ".env.local holds secrets; edit .env.example instead." }], diagnostics: [], runs: 2 }
  },
  {
    name: "PreToolUse: allow alone, with its reason kept out of the user's view",
    about: "ref 3.3 allow skips the prompt; ref 3.5 allow reason: debug log only",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("allow-docs.sh")], "Edit|Write"),
    hooks: ["allow-docs.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", tool_name: "Edit", tool_input: { file_path: "/srv/app/docs/intro.md", old_string: "a", new_string: "b" }, tool_use_id: "toolu_04" },
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }], diagnostics: [] }
  },
  {
    name: "PreToolUse: npm publish rewritten to a dry run",
    about: "ref 3.3 updatedInput replaces the whole input, with allow",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("dry-run-publish.sh")], "Bash"),
    hooks: ["dry-run-publish.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("npm publish --access public") },
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }, { _tag: "UpdateInput", input: { command: "npm publish --access public --dry-run" } }], diagnostics: [] }
  },
  {
    name: "PreToolUse: deployments deferred to the host",
    about: "ref 3.3 permissionDecision defer: neither run nor refused now (design 5.4: DeferTool, which run reports as blocking)",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("defer-deploy.sh")], "Bash"),
    hooks: ["defer-deploy.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("./deploy.sh production") },
    expect: { exitCode: 2, effects: [{ _tag: "DeferTool", reason: "deployments wait for a human" }], diagnostics: [] }
  },
  {
    name: "PreToolUse: MCP tool names match mcp__github__.*",
    about: "ref 5 matcher: anything beyond [A-Za-z0-9_ -,|] is an unanchored regex; MCP tools are mcp__<server>__<tool>; ask prompts the user",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("mcp-audit.py")], "mcp__github__.*"),
    hooks: ["mcp-audit.py"],
    payload: { ...common, hook_event_name: "PreToolUse", tool_name: "mcp__github__create_issue", tool_input: { title: "bug" }, tool_use_id: "toolu_05" },
    expect: { exitCode: 0, effects: [{ _tag: "AskPermission", reason: "creates something on GitHub" }], diagnostics: [], runs: 1 }
  },
  {
    name: "PreToolUse: Edit|Write does not match Read",
    about: "ref 5 matcher: a list of exact names; Read is not in it, so no hook runs",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("protect-env.py")], "Edit|Write"),
    hooks: ["protect-env.py"],
    payload: { ...common, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/srv/app/.env" }, tool_use_id: "toolu_06" },
    expect: { exitCode: 0, effects: [], diagnostics: [], runs: 0 }
  },
  {
    name: "PreToolUse: a log line before the JSON verdict",
    about: "ref 3.4 (G#hook-json-has-no-effect): echo before the JSON makes it plain text, so the deny is not used; design 4 and 5.3: reported to the user, not silently lost",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("noisy-deny.sh")], "Bash"),
    hooks: ["noisy-deny.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("git push") },
    expect: { exitCode: 0, effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "could not be read" } }], diagnostics: ["malformed-json"] }
  },
  {
    name: "PreToolUse: a hook that hangs times out and fails open",
    about: "ref 4 What a timeout means: cancelled, no decision, a timed-out PreToolUse hook does not block (a notice)",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("slow.sh", "claude-code", { timeout: 1 })], "Bash"),
    hooks: ["slow.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("ls") },
    expect: { exitCode: 0, effects: [{ _tag: "ShowUser", level: "error", text: { $includes: "timed out" } }], diagnostics: [] }
  },
  {
    name: "PermissionRequest: reads approved without a question",
    about: "ref 3.3 PermissionRequest decision.behavior allow",
    dialect: "claude-code",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [script("approve-read.py")], "Read|Glob|Grep"),
    hooks: ["approve-read.py"],
    payload: { ...common, hook_event_name: "PermissionRequest", tool_name: "Read", tool_input: { file_path: "/srv/app/src/index.ts" } },
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }], diagnostics: [] }
  },
  {
    name: "PermissionDenied: read-only tools may retry",
    about: "ref 3.3 PermissionDenied retry: the model is told it may retry (design: AllowRetry)",
    dialect: "claude-code",
    event: "PermissionDenied",
    settings: on("PermissionDenied", [script("retry-denied.py")]),
    hooks: ["retry-denied.py"],
    payload: { ...common, permission_mode: "auto", hook_event_name: "PermissionDenied", tool_name: "Read", tool_input: { file_path: "/etc/hosts" }, tool_use_id: "toolu_07", reason: "outside the project" },
    expect: { exitCode: 0, effects: [{ _tag: "AllowRetry" }], diagnostics: [] }
  },
  {
    name: "PostToolUse: Node check flags TODOs back to Claude",
    about: "ref 3.5 PostToolUse decision block: the reason goes to Claude next to the result; the tool already ran (no block of anything)",
    dialect: "claude-code",
    event: "PostToolUse",
    settings: on("PostToolUse", [script("check-todo.mjs")], "Write"),
    hooks: ["check-todo.mjs"],
    payload: { ...common, hook_event_name: "PostToolUse", tool_name: "Write", tool_input: { file_path: "/srv/app/src/a.ts", content: "// TODO one\nx()\n// TODO two\n" }, tool_response: { success: true }, tool_use_id: "toolu_08" },
    expect: { exitCode: 0, effects: [{ _tag: "PromptModel", text: "/srv/app/src/a.ts has 2 TODO(s): resolve them or open an issue." }], diagnostics: [] }
  },
  {
    name: "PostToolUse: secrets redacted from what Claude sees",
    about: "ref 3.3 PostToolUse updatedToolOutput: only what Claude sees changes",
    dialect: "claude-code",
    event: "PostToolUse",
    settings: on("PostToolUse", [script("redact-output.mjs")], "Bash"),
    hooks: ["redact-output.mjs"],
    payload: { ...common, hook_event_name: "PostToolUse", ...bash("cat token.txt"), tool_response: { stdout: "token sk-abcdefgh1234", stderr: "", interrupted: false } },
    expect: { exitCode: 0, effects: [{ _tag: "UpdateToolOutput", output: { stdout: "token sk-***", stderr: "", interrupted: false } }], diagnostics: [] }
  },
  {
    name: "PostToolUseFailure: a hint next to the tool error",
    about: "ref 3.3 PostToolUseFailure additionalContext: context",
    dialect: "claude-code",
    event: "PostToolUseFailure",
    settings: on("PostToolUseFailure", [script("failure-hint.py")], "Read"),
    hooks: ["failure-hint.py"],
    payload: { ...common, hook_event_name: "PostToolUseFailure", tool_name: "Read", tool_input: { file_path: "/srv/app/missing.ts" }, tool_use_id: "toolu_09", error: "ENOENT: no such file" },
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "The file does not exist: list the directory first." }], diagnostics: [] }
  },
  {
    name: "PostToolBatch: too many Bash calls in one batch stop the loop",
    about: "ref 3.2 PostToolBatch decision block: stops the agentic loop before the next model call (design 5.4: StopAgent)",
    dialect: "claude-code",
    event: "PostToolBatch",
    settings: on("PostToolBatch", [script("batch-guard.sh")]),
    hooks: ["batch-guard.sh"],
    payload: { ...common, hook_event_name: "PostToolBatch", tool_calls: [1, 2, 3].map((i) => ({ tool_name: "Bash", tool_input: { command: `echo ${i}` }, tool_use_id: `toolu_b${i}` })) },
    expect: { exitCode: 2, effects: [{ _tag: "StopAgent", reason: "one batch ran 3 Bash commands; stopping for review" }], diagnostics: [] }
  },
  {
    name: "UserPromptSubmit: context when the prompt mentions a commit",
    about: "ref 3.3 UserPromptSubmit additionalContext",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [script("prompt-reminder.sh")]),
    hooks: ["prompt-reminder.sh"],
    payload: { ...common, hook_event_name: "UserPromptSubmit", prompt: "Please commit the fix" },
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "Run npm test before committing." }], diagnostics: [] }
  },
  {
    name: "UserPromptSubmit: a pasted API key blocks the prompt",
    about: "ref 2.2 UserPromptSubmit exit 2: the prompt never reaches Claude; stderr to the user only",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [script("block-secrets-prompt.py")]),
    hooks: ["block-secrets-prompt.py"],
    payload: { ...common, hook_event_name: "UserPromptSubmit", prompt: "use sk-ABCDEFGHIJKLMNOPQRSTUVWX to call it" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockPrompt", reason: "Your prompt contains what looks like an API key; it was not sent." }], diagnostics: [] }
  },
  {
    name: "UserPromptExpansion: /deploy blocked, original prompt suppressed",
    about: "ref 3.2 decision block; ref 3.3 suppressOriginalPrompt (design: BlockPrompt with suppressOriginalPrompt)",
    dialect: "claude-code",
    event: "UserPromptExpansion",
    settings: on("UserPromptExpansion", [script("expansion-guard.sh")], "deploy"),
    hooks: ["expansion-guard.sh"],
    payload: { ...common, hook_event_name: "UserPromptExpansion", expansion_type: "slash_command", command_name: "deploy", command_args: "prod", prompt: "/deploy prod" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockPrompt", reason: "/deploy runs only from the release pipeline", suppressOriginalPrompt: true }], diagnostics: [] }
  },
  {
    name: "SessionStart: plain stdout is context",
    about: "ref 2.1 exit 0: SessionStart plain stdout is added to Claude's context",
    dialect: "claude-code",
    event: "SessionStart",
    settings: on("SessionStart", [script("session-notes.sh")], "startup|resume"),
    hooks: ["session-notes.sh"],
    files: { ".claude/notes.md": "Use pnpm, not npm." },
    payload: { ...common, hook_event_name: "SessionStart", source: "startup", model: "claude-sonnet-4" },
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "Project notes:\nUse pnpm, not npm." }], diagnostics: [] }
  },
  {
    name: "SessionStart: $CLAUDE_ENV_FILE under set -u",
    about: "ref 5 Environment: CLAUDE_ENV_FILE on SessionStart; the host gets the variables (issue 12: run --json prints them under env)",
    dialect: "claude-code",
    event: "SessionStart",
    settings: on("SessionStart", [script("env-file-set-u.sh")]),
    hooks: ["env-file-set-u.sh"],
    payload: { ...common, hook_event_name: "SessionStart", source: "startup" },
    expect: { exitCode: 0, effects: [], diagnostics: [], env: { FOO: "bar", GREETING: "hello world" } }
  },
  {
    name: "Setup: output ignored, env file kept",
    about: "ref 2.2 Setup: JSON and stdout discarded, exit code ignored; ref 5 CLAUDE_ENV_FILE on Setup",
    dialect: "claude-code",
    event: "Setup",
    settings: on("Setup", [script("setup-init.sh")], "init"),
    hooks: ["setup-init.sh"],
    payload: { ...common, hook_event_name: "Setup", trigger: "init" },
    expect: { exitCode: 0, effects: [], diagnostics: [], env: { NODE_ENV: "development" } }
  },
  {
    name: "SubagentStart: reviewers get the style rules",
    about: "ref 3.3 SubagentStart additionalContext",
    dialect: "claude-code",
    event: "SubagentStart",
    settings: on("SubagentStart", [script("subagent-start.mjs")], "reviewer"),
    hooks: ["subagent-start.mjs"],
    payload: { ...common, hook_event_name: "SubagentStart", agent_id: "agent-1", agent_type: "reviewer" },
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "Review against STYLE.md." }], diagnostics: [] }
  },
  {
    name: "SubagentStop: an unverified subagent goes on",
    about: "ref 2.2 SubagentStop exit 2: the subagent keeps running; stderr is its next instruction",
    dialect: "claude-code",
    event: "SubagentStop",
    settings: on("SubagentStop", [script("subagent-verify.sh")]),
    hooks: ["subagent-verify.sh"],
    payload: { ...common, hook_event_name: "SubagentStop", stop_hook_active: false, agent_id: "agent-1", agent_type: "coder", agent_transcript_path: "/tmp/a.jsonl", last_assistant_message: "Done." },
    expect: { exitCode: 2, effects: [{ _tag: "BlockStop", reason: "Verify your change (run the tests) before you finish." }], diagnostics: [] }
  },
  {
    name: "Stop: tests required before stopping",
    about: "ref 3.5 Stop decision block with reason: Claude goes on with the reason",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [script("require-tests.sh")]),
    hooks: ["require-tests.sh"],
    payload: { ...common, hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "All done." },
    expect: { exitCode: 2, effects: [{ _tag: "BlockStop", reason: "The tests have not passed yet: run npm test and fix what fails." }], diagnostics: [] }
  },
  {
    name: "Stop: stop_hook_active lets the agent stop",
    about: "ref 3.5 stop_hook_active true on re-entry: the guard lets go",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [script("require-tests.sh")]),
    hooks: ["require-tests.sh"],
    payload: { ...common, hook_event_name: "Stop", stop_hook_active: true },
    expect: { exitCode: 0, effects: [], diagnostics: [] }
  },
  {
    name: "Stop: additionalContext is non-error feedback",
    about: "ref 3.3 Stop additionalContext: non-error feedback, the conversation continues (design: PromptModel); background_tasks is [] when absent (issue 12)",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [script("stop-feedback.py")]),
    hooks: ["stop-feedback.py"],
    payload: { ...common, hook_event_name: "Stop", stop_hook_active: false },
    expect: { exitCode: 0, effects: [{ _tag: "PromptModel", text: "0 background task(s) still running: check them before you finish." }], diagnostics: [] }
  },
  {
    name: "StopFailure: logged, nothing decided",
    about: "ref 2.2 StopFailure: output and exit code ignored",
    dialect: "claude-code",
    event: "StopFailure",
    settings: on("StopFailure", [script("log-event.sh")], "rate_limit"),
    hooks: ["log-event.sh"],
    payload: { ...common, hook_event_name: "StopFailure", error: "rate_limit", last_assistant_message: "API Error: rate limited" },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { "events.log": "StopFailure rate_limit\n" } }
  },
  {
    name: "TeammateIdle: keep working while the queue has work",
    about: "ref 2.2 TeammateIdle exit 2: the teammate keeps working, stderr is its feedback (design: BlockStop)",
    dialect: "claude-code",
    event: "TeammateIdle",
    settings: on("TeammateIdle", [script("teammate-idle.sh")]),
    hooks: ["teammate-idle.sh"],
    files: { "queue.txt": "fix flaky test\nbump deps\n" },
    payload: { ...common, hook_event_name: "TeammateIdle", teammate_name: "tester", team_name: "core" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockStop", reason: "Take the next item from queue.txt: fix flaky test" }], diagnostics: [] }
  },
  {
    name: "TaskCreated: a task without a ticket is rolled back",
    about: "ref 2.2 TaskCreated exit 2: the task is deleted; stderr to Claude as the tool error (design: BlockTool)",
    dialect: "claude-code",
    event: "TaskCreated",
    settings: on("TaskCreated", [script("task-guard.sh")]),
    hooks: ["task-guard.sh"],
    payload: { ...common, hook_event_name: "TaskCreated", task_id: "t-7", task_subject: "Refactor parser" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "Task \"Refactor parser\" names no ticket (e.g. ABC-123)." }], diagnostics: [] }
  },
  {
    name: "TaskCompleted: open checklist items keep the task open",
    about: "ref 2.2 TaskCompleted exit 2: not completed; stderr to the model (design: BlockTool)",
    dialect: "claude-code",
    event: "TaskCompleted",
    settings: on("TaskCompleted", [script("task-completed.py")]),
    hooks: ["task-completed.py"],
    payload: { ...common, hook_event_name: "TaskCompleted", task_id: "t-1", task_subject: "ABC-1 parser", task_description: "- [x] lexer\n- [ ] errors" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "Task t-1 still has open checklist items." }], diagnostics: [] }
  },
  {
    name: "Notification: logged only",
    about: "ref 3.2 Notification: no decision control",
    dialect: "claude-code",
    event: "Notification",
    settings: on("Notification", [script("log-event.sh")], "idle_prompt"),
    hooks: ["log-event.sh"],
    payload: { ...common, hook_event_name: "Notification", message: "Claude is waiting for your input", notification_type: "idle_prompt" },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { "events.log": "Notification Claude is waiting for your input\n" } }
  },
  {
    name: "MessageDisplay: passwords hidden on screen",
    about: "ref 3.3 MessageDisplay displayContent: on screen only (design: ReplaceDisplay)",
    dialect: "claude-code",
    event: "MessageDisplay",
    settings: on("MessageDisplay", [script("redact-display.py")]),
    hooks: ["redact-display.py"],
    payload: { ...common, hook_event_name: "MessageDisplay", turn_id: "t1", message_id: "m1", index: 0, final: true, delta: "connect with password=hunter2 now" },
    expect: { exitCode: 0, effects: [{ _tag: "ReplaceDisplay", text: "connect with password=*** now" }], diagnostics: [] }
  },
  {
    name: "InstructionsLoaded: logged only",
    about: "ref 2.2 InstructionsLoaded: ignored",
    dialect: "claude-code",
    event: "InstructionsLoaded",
    settings: on("InstructionsLoaded", [script("log-event.sh")]),
    hooks: ["log-event.sh"],
    payload: { ...common, hook_event_name: "InstructionsLoaded", file_path: "/srv/app/CLAUDE.md", memory_type: "Project", load_reason: "session_start" },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { "events.log": "InstructionsLoaded session_start\n" } }
  },
  {
    name: "ConfigChange: project settings frozen",
    about: "ref 3.2 ConfigChange decision block: the change does not take effect (design: BlockAction)",
    dialect: "claude-code",
    event: "ConfigChange",
    settings: on("ConfigChange", [script("config-guard.sh")], "project_settings"),
    hooks: ["config-guard.sh"],
    payload: { ...common, hook_event_name: "ConfigChange", source: "project_settings", file_path: "/srv/app/.claude/settings.json" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockAction", reason: "project settings are frozen during a session" }], diagnostics: [] }
  },
  {
    name: "CwdChanged: env file and watch paths",
    about: "ref 5 CLAUDE_ENV_FILE on CwdChanged; ref 3.3 watchPaths (design: WatchPaths)",
    dialect: "claude-code",
    event: "CwdChanged",
    settings: on("CwdChanged", [script("watch-env.sh")]),
    hooks: ["watch-env.sh"],
    payload: { ...common, hook_event_name: "CwdChanged", old_cwd: "/srv", new_cwd: "/srv/app/api" },
    expect: { exitCode: 0, effects: [{ _tag: "WatchPaths", paths: ["/srv/app/api/.env"] }], diagnostics: [], env: { APP_ENV: "development", APP_DIR: "/srv/app/api" } }
  },
  {
    name: "FileChanged: the watched file name matches",
    about: "ref 1.2 FileChanged matcher on the file's name; ref 5 CLAUDE_ENV_FILE on FileChanged",
    dialect: "claude-code",
    event: "FileChanged",
    settings: on("FileChanged", [script("watch-env.sh")], ".envrc"),
    hooks: ["watch-env.sh"],
    payload: { ...common, hook_event_name: "FileChanged", file_path: "/srv/app/.envrc", event: "change" },
    expect: { exitCode: 0, effects: [{ _tag: "WatchPaths", paths: ["/srv/app/.env"] }], diagnostics: [], env: { APP_ENV: "development", APP_DIR: "/srv/app" }, runs: 1 }
  },
  {
    name: "DirectoryAdded: logged only",
    about: "ref 3.2 DirectoryAdded: no decision control",
    dialect: "claude-code",
    event: "DirectoryAdded",
    settings: on("DirectoryAdded", [script("log-event.sh")]),
    hooks: ["log-event.sh"],
    payload: { ...common, hook_event_name: "DirectoryAdded", directory: "/srv/shared", source: "slash_command" },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { "events.log": "DirectoryAdded /srv/shared\n" } }
  },
  {
    name: "WorktreeCreate: the last stdout line is the path, ANSI stripped",
    about: "ref 2.2 WorktreeCreate: the path is the last non-empty stdout line, ANSI stripped (design: SetWorktreePath)",
    dialect: "claude-code",
    event: "WorktreeCreate",
    settings: on("WorktreeCreate", [script("worktree-create.sh")]),
    hooks: ["worktree-create.sh"],
    payload: { ...common, hook_event_name: "WorktreeCreate", name: "feature-x" },
    expect: { exitCode: 0, effects: [{ _tag: "SetWorktreePath", path: { $includes: "/.worktrees/feature-x" } }], diagnostics: [] }
  },
  {
    name: "WorktreeRemove: uncommitted work keeps the worktree",
    about: "ref 2.2 WorktreeRemove: nonzero fails the removal while the directory exists (design: BlockAction)",
    dialect: "claude-code",
    event: "WorktreeRemove",
    settings: on("WorktreeRemove", [script("worktree-remove.sh")]),
    hooks: ["worktree-remove.sh"],
    files: { "wt/feature-x/WIP": "half done" },
    payload: { ...common, hook_event_name: "WorktreeRemove", worktree_path: "wt/feature-x" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockAction", reason: "wt/feature-x has uncommitted work (WIP); not removed." }], diagnostics: [], files: { "wt/feature-x/WIP": "half done" } }
  },
  {
    name: "PreCompact: automatic compaction sends custom_instructions null",
    about: "ref 1.2 PreCompact custom_instructions string or null; the hook runs and logs (issue 12: the payload is accepted)",
    dialect: "claude-code",
    event: "PreCompact",
    settings: on("PreCompact", [script("precompact-log.sh")], "auto"),
    hooks: ["precompact-log.sh"],
    payload: { ...common, hook_event_name: "PreCompact", trigger: "auto", custom_instructions: null },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { "compact.log": "auto none\n" } }
  },
  {
    name: "PostCompact: logged only",
    about: "ref 3.2 PostCompact: no decision control",
    dialect: "claude-code",
    event: "PostCompact",
    settings: on("PostCompact", [script("log-event.sh")]),
    hooks: ["log-event.sh"],
    payload: { ...common, hook_event_name: "PostCompact", trigger: "manual", compact_summary: "summary" },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { "events.log": "PostCompact summary\n" } }
  },
  {
    name: "SessionEnd: scratch files cleaned",
    about: "ref 3.2 SessionEnd: no decision control; the hook's side effects happen",
    dialect: "claude-code",
    event: "SessionEnd",
    settings: on("SessionEnd", [script("session-end-cleanup.sh")]),
    hooks: ["session-end-cleanup.sh"],
    files: { ".scratch-1": "x" },
    payload: { ...common, hook_event_name: "SessionEnd", reason: "prompt_input_exit" },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { ".scratch-1": null, "events.log": "cleaned\n" } }
  },
  {
    name: "Elicitation: unknown servers declined",
    about: "ref 2.2 Elicitation exit 2: denies the elicitation, stderr shown nowhere (design: AnswerElicitation decline, stderr in a Diagnostic)",
    dialect: "claude-code",
    event: "Elicitation",
    settings: on("Elicitation", [script("decline-elicitation.sh")]),
    hooks: ["decline-elicitation.sh"],
    payload: { ...common, hook_event_name: "Elicitation", mcp_server_name: "random-server", message: "Your password?", mode: "form" },
    expect: { exitCode: 0, effects: [{ _tag: "AnswerElicitation", action: "decline" }] }
  },
  {
    name: "ElicitationResult: a default filled in",
    about: "ref 3.3 ElicitationResult action + content (design: AnswerElicitation)",
    dialect: "claude-code",
    event: "ElicitationResult",
    settings: on("ElicitationResult", [script("accept-elicitation.mjs")], "deploy-server"),
    hooks: ["accept-elicitation.mjs"],
    payload: { ...common, hook_event_name: "ElicitationResult", mcp_server_name: "deploy-server", action: "accept", content: { service: "api" } },
    expect: { exitCode: 0, effects: [{ _tag: "AnswerElicitation", action: "accept", content: { service: "api", region: "eu-west-1" } }], diagnostics: [] }
  },
  {
    name: "PreModelSwitch: no opus while the cache is warm",
    about: "ref 3.2 PreModelSwitch permissionDecision deny: the switch is blocked (design: BlockAction)",
    dialect: "claude-code",
    event: "PreModelSwitch",
    settings: on("PreModelSwitch", [script("model-guard.py")]),
    hooks: ["model-guard.py"],
    payload: { ...common, hook_event_name: "PreModelSwitch", from_model: "claude-sonnet-4", to_model: "claude-opus-4", requested_model: "opus", source: "command", context_tokens: 120000, prompt_cache_warm: true, cache_ttl: 300, estimated_cache_write_usd: 1.8, pricing: {} },
    expect: { exitCode: 2, effects: [{ _tag: "BlockAction", reason: "switching to claude-opus-4 now would rewrite a warm cache" }], diagnostics: [] }
  },
  {
    name: "PostModelSwitch: plain stdout is context",
    about: "ref 2.1 exit 0: PostModelSwitch plain stdout is added to context",
    dialect: "claude-code",
    event: "PostModelSwitch",
    settings: on("PostModelSwitch", [script("model-note.sh")]),
    hooks: ["model-note.sh"],
    payload: { ...common, hook_event_name: "PostModelSwitch", from_model: "claude-sonnet-4", to_model: "claude-opus-4", requested_model: null, source: "picker", context_tokens: 1000, prompt_cache_warm: false, cache_ttl: 300, estimated_cache_write_usd: 0.1, pricing: {} },
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "Model is now claude-opus-4 (was claude-sonnet-4); keep answers short." }], diagnostics: [] }
  }
]

/** Handler fields, plugins and unknown events (issue 12), in the claude-code dialect. */
const features: ReadonlyArray<CorpusCase> = [
  {
    name: "if: a commit guard runs for git commit inside a chain",
    about: "ref 5 `if` takes a permission rule; design 7: a Bash chain runs the hook when any part matches",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("commit-guard.sh", "claude-code", { if: "Bash(git commit:*)" })], "Bash"),
    hooks: ["commit-guard.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("npm test && git commit -m 'fix'") },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "commit refused: the tests have not passed" }], diagnostics: [], runs: 1 }
  },
  {
    name: "if: the commit guard does not run for ls",
    about: "ref 5 `if`: the hook runs only when the rule matches",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("commit-guard.sh", "claude-code", { if: "Bash(git commit:*)" })], "Bash"),
    hooks: ["commit-guard.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("ls") },
    expect: { exitCode: 0, effects: [], diagnostics: [], runs: 0 }
  },
  {
    name: "args: exec form, nothing expanded",
    about: "ref 5 handler types: `args` gives exec form (no shell): a space and $HOME arrive as written",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [{ type: "command", command: ".claude/hooks/print-args.sh", args: ["two words", "$HOME"] }]),
    hooks: ["print-args.sh"],
    payload: { ...common, hook_event_name: "UserPromptSubmit", prompt: "hi" },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { ".claude/args.log": "two words\n$HOME\n" } }
  },
  {
    name: "async: a background logger is not part of the decision",
    about: "ref 5 `async`: runs in the background; design 8: run waits for it and reports it under async",
    dialect: "claude-code",
    event: "PostToolUse",
    settings: on("PostToolUse", [script("log-event.sh", "claude-code", { async: true })], "Bash"),
    hooks: ["log-event.sh"],
    payload: { ...common, hook_event_name: "PostToolUse", ...bash("make"), tool_response: { stdout: "ok", stderr: "", interrupted: false } },
    expect: { exitCode: 0, effects: [], diagnostics: [], async: 1, files: { "events.log": "PostToolUse -\n" } }
  },
  {
    name: "plugin: hooks.json with ${CLAUDE_PLUGIN_ROOT}",
    about: "ref 5 Plugins: hooks/hooks.json; ${CLAUDE_PLUGIN_ROOT} substituted in commands",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: {},
    hooks: [],
    plugin: {
      name: "safety",
      hooks: { description: "Safety guards", hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "${CLAUDE_PLUGIN_ROOT}/scripts/block-rm-rf.sh" }] }] } },
      scripts: ["block-rm-rf.sh"]
    },
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("rm -fr /tmp/cache") },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "Blocked: 'rm -fr /tmp/cache' deletes recursively. Move files to ./trash instead." }], diagnostics: [], runs: 1 }
  },
  {
    name: "an event this version does not know, next to a guard",
    about: "issue 12: an unknown event name is a warning said once (by validate), never on runs of other events; the guard still runs",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: { hooks: { BackgroundJobQueued: [{ hooks: [script("log-event.sh")] }], PreToolUse: [{ matcher: "Bash", hooks: [script("block-rm-rf.sh")] }] } },
    hooks: ["block-rm-rf.sh", "log-event.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("rm -rf dist") },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "Blocked: 'rm -rf dist' deletes recursively. Move files to ./trash instead." }], diagnostics: [], never: "BackgroundJobQueued" }
  }
]

/** The wave dialect: Wave's own settings, variables and behaviours. */
const wave: ReadonlyArray<CorpusCase> = [
  {
    name: "wave PreToolUse: $WAVE_PROJECT_DIR guard",
    about: "seeds: exit 2 blocks with stderr; WAVE_PROJECT_DIR names the project",
    dialect: "wave",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("block-rm-rf.sh", "wave")], "Bash"),
    hooks: ["block-rm-rf.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("rm -rf node_modules") },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "Blocked: 'rm -rf node_modules' deletes recursively. Move files to ./trash instead." }], diagnostics: [] }
  },
  {
    name: "wave PreToolUse: a verdict after a log line is recovered",
    about: "design 4: the wave dialect uses the last JSON object after other output, with a noisy-stdout diagnostic",
    dialect: "wave",
    event: "PreToolUse",
    settings: on("PreToolUse", [script("noisy-deny.sh", "wave")], "Bash"),
    hooks: ["noisy-deny.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("git push") },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "not on main" }], diagnostics: ["noisy-stdout"] }
  },
  {
    name: "wave: HOOK_EVENT, HOOK_TOOL_NAME and the settings env map",
    about: "issue 12: Wave sets HOOK_EVENT and HOOK_TOOL_NAME; a settings-level env map reaches every hook",
    dialect: "wave",
    event: "PreToolUse",
    settings: { env: { TEAM: "platform" }, ...on("PreToolUse", [script("wave-env.sh", "wave")], "Bash") },
    hooks: ["wave-env.sh"],
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("ls") },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { "env.log": "event=PreToolUse tool=Bash team=platform\n" } }
  },
  {
    name: "wave plugin: ${WAVE_PLUGIN_ROOT}",
    about: "issue 12: Wave plugins with hooks/hooks.json and ${WAVE_PLUGIN_ROOT} in commands",
    dialect: "wave",
    event: "PreToolUse",
    settings: {},
    hooks: [],
    plugin: {
      name: "guards",
      hooks: { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "${WAVE_PLUGIN_ROOT}/scripts/block-rm-rf.sh" }] }] } },
      scripts: ["block-rm-rf.sh"]
    },
    payload: { ...common, hook_event_name: "PreToolUse", ...bash("rm -rf /") },
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "Blocked: 'rm -rf /' deletes recursively. Move files to ./trash instead." }], diagnostics: [] }
  },
  {
    name: "wave SessionStart: initialUserMessage and sessionTitle",
    about: "issue 12: Wave's SessionStart initialUserMessage (design: SendUserMessage) and sessionTitle on startup (SetSessionTitle)",
    dialect: "wave",
    event: "SessionStart",
    settings: on("SessionStart", [script("wave-initial.sh", "wave")]),
    hooks: ["wave-initial.sh"],
    payload: { ...common, hook_event_name: "SessionStart", source: "startup" },
    expect: { exitCode: 0, effects: [{ _tag: "SendUserMessage", text: "Summarize the open issues." }, { _tag: "SetSessionTitle", title: "Issue triage" }], diagnostics: [] }
  },
  {
    name: "wave UserPromptSubmit: context",
    about: "seeds: additionalContext on UserPromptSubmit is context",
    dialect: "wave",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [script("prompt-reminder.sh", "wave")]),
    hooks: ["prompt-reminder.sh"],
    payload: { ...common, hook_event_name: "UserPromptSubmit", prompt: "commit it" },
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "Run npm test before committing." }], diagnostics: [] }
  },
  {
    name: "wave Stop: tests required",
    about: "seeds: Stop decision block with reason keeps the agent going",
    dialect: "wave",
    event: "Stop",
    settings: on("Stop", [script("require-tests.sh", "wave")]),
    hooks: ["require-tests.sh"],
    payload: { ...common, hook_event_name: "Stop", stop_hook_active: false },
    expect: { exitCode: 2, effects: [{ _tag: "BlockStop", reason: "The tests have not passed yet: run npm test and fix what fails." }], diagnostics: [] }
  },
  {
    name: "wave SubagentStop: exit 2 keeps the subagent going",
    about: "seeds: SubagentStop exit 2 blocks the stop with stderr",
    dialect: "wave",
    event: "SubagentStop",
    settings: on("SubagentStop", [script("subagent-verify.sh", "wave")]),
    hooks: ["subagent-verify.sh"],
    payload: { ...common, hook_event_name: "SubagentStop", stop_hook_active: false, agent_type: "coder", last_assistant_message: "done" },
    expect: { exitCode: 2, effects: [{ _tag: "BlockStop", reason: "Verify your change (run the tests) before you finish." }], diagnostics: [] }
  },
  {
    name: "wave PostToolUse: TODOs flagged",
    about: "seeds: PostToolUse decision block prompts the model",
    dialect: "wave",
    event: "PostToolUse",
    settings: on("PostToolUse", [script("check-todo.mjs", "wave")], "Write"),
    hooks: ["check-todo.mjs"],
    payload: { ...common, hook_event_name: "PostToolUse", tool_name: "Write", tool_input: { file_path: "/srv/app/b.ts", content: "TODO\n" }, tool_response: { success: true } },
    expect: { exitCode: 0, effects: [{ _tag: "PromptModel", text: "/srv/app/b.ts has 1 TODO(s): resolve them or open an issue." }], diagnostics: [] }
  },
  {
    name: "wave PermissionRequest: reads approved",
    about: "seeds: PermissionRequest decision allow",
    dialect: "wave",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [script("approve-read.py", "wave")]),
    hooks: ["approve-read.py"],
    payload: { ...common, hook_event_name: "PermissionRequest", tool_name: "Grep", tool_input: { pattern: "x" } },
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }], diagnostics: [] }
  },
  {
    name: "wave PreCompact: null custom_instructions",
    about: "issue 12: PreCompact with custom_instructions null runs its hooks",
    dialect: "wave",
    event: "PreCompact",
    settings: on("PreCompact", [script("precompact-log.sh", "wave")]),
    hooks: ["precompact-log.sh"],
    payload: { ...common, hook_event_name: "PreCompact", trigger: "auto", custom_instructions: null },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { "compact.log": "auto none\n" } }
  },
  {
    name: "wave Notification: logged",
    about: "seeds: Notification has no decision",
    dialect: "wave",
    event: "Notification",
    settings: on("Notification", [script("log-event.sh", "wave")]),
    hooks: ["log-event.sh"],
    payload: { ...common, hook_event_name: "Notification", message: "Permission needed", notification_type: "permission_prompt" },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { "events.log": "Notification Permission needed\n" } }
  },
  {
    name: "wave SessionEnd: cleanup",
    about: "seeds: SessionEnd has no decision; side effects happen",
    dialect: "wave",
    event: "SessionEnd",
    settings: on("SessionEnd", [script("session-end-cleanup.sh", "wave")]),
    hooks: ["session-end-cleanup.sh"],
    files: { ".scratch-2": "x" },
    payload: { ...common, hook_event_name: "SessionEnd", reason: "other" },
    expect: { exitCode: 0, effects: [], diagnostics: [], files: { ".scratch-2": null, "events.log": "cleaned\n" } }
  },
  {
    name: "wave Setup: additionalContext and WAVE_ENV_FILE",
    about: "design 5.4: the wave dialect reads Setup's additionalContext; issue 12: WAVE_ENV_FILE on Setup",
    dialect: "wave",
    event: "Setup",
    settings: on("Setup", [{ type: "command", command: "echo 'export CI=1' >> \"$WAVE_ENV_FILE\"; jq -n '{hookSpecificOutput: {hookEventName: \"Setup\", additionalContext: \"repository initialised\"}}'" }]),
    hooks: [],
    payload: { ...common, hook_event_name: "Setup", trigger: "init" },
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "repository initialised" }], diagnostics: [], env: { CI: "1" } }
  },
  {
    name: "wave CwdChanged: env file and watch paths",
    about: "issue 12: WAVE_ENV_FILE and CwdChanged in the wave dialect",
    dialect: "wave",
    event: "CwdChanged",
    settings: on("CwdChanged", [script("watch-env.sh", "wave")]),
    hooks: ["watch-env.sh"],
    payload: { ...common, hook_event_name: "CwdChanged", old_cwd: "/srv/app", new_cwd: "/srv/web" },
    expect: { exitCode: 0, effects: [{ _tag: "WatchPaths", paths: ["/srv/web/.env"] }], diagnostics: [], env: { APP_ENV: "development", APP_DIR: "/srv/web" } }
  },
  {
    name: "wave async: a background hook",
    about: "issue 12: Wave's async: true hooks run in the background",
    dialect: "wave",
    event: "PostToolUse",
    settings: on("PostToolUse", [script("log-event.sh", "wave", { async: true })]),
    hooks: ["log-event.sh"],
    payload: { ...common, hook_event_name: "PostToolUse", ...bash("make"), tool_response: { stdout: "", stderr: "", interrupted: false } },
    expect: { exitCode: 0, effects: [], diagnostics: [], async: 1, files: { "events.log": "PostToolUse -\n" } }
  }
]

/** Every case of the corpus. */
export const corpus: ReadonlyArray<CorpusCase> = [...claudeCode, ...features, ...wave]
