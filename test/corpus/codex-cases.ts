/**
 * The codex cases of the hook corpus: OpenAI Codex CLI's own hooks, settings and payloads, run through
 * `wave-hooks run <Event> --dialect codex --json`. Codex uses Claude Code's event names.
 *
 * The expectations come from Codex's contract as /work/shared/research/agent-dialects.md records it,
 * cited "R §3.x" (its source keys: X `codex-rs/hooks/src/**` at 0082977c, X-PRE pre_tool_use.rs after
 * the updatedInput change, X-P output_parser.rs / schema.rs, X-D the hooks page, X-155 the 0.155 notes),
 * R §1 (at a glance) and R §7 (differences from Claude Code), and from the dialect design for the choices
 * it makes where Codex's docs and source disagree or where the engine deliberately differs (cited
 * "design §x", design §4 rows #3, #4, #5). A case marked **disputed** follows the source where the docs say
 * otherwise, or the design where it departs from Codex. Effects are named as in
 * src/effects/hook-effect.ts. They were written from those texts, never from wave-hooks' output.
 *
 * Conventions:
 * - Settings have Codex's shape, `{"hooks":{"<Event>":[{"matcher","hooks":[{"type":"command","command",
 *   "timeout"}]}]}}`, timeouts in **seconds** (R §3.1). The project file is `.codex/hooks.json`, the user file
 *   `~/.codex/hooks.json`; `configToml` / `userConfigToml` hold `config.toml` text with `[[hooks.Event]]`
 *   tables. Project files are trusted with `wave-hooks trust` (wave-hooks' trust model; Codex's own
 *   per-hook trust hashes are not modelled, design §2.7).
 * - Codex runs `$SHELL -lc <command>` (`/bin/sh` when `SHELL` is unset, as in the harness) in the session
 *   cwd and sets no project-dir variable (R §3.3), so commands name scripts relative to the project:
 *   `.codex/hooks/x.sh` (`cx()`), `python3 .codex/hooks/x.py` (`cxPy()`). A login shell resets `PATH` from
 *   /etc/profile, so the hooks use only jq, python3 and bash from /usr/bin. Inline commands are POSIX sh.
 * - Payloads carry Codex's common fields: `session_id`, `turn_id` (turn-scoped events), `transcript_path`,
 *   `cwd`, `hook_event_name`, `model`, `permission_mode` (`X(...)`, `T(...)`, R §3.2). A shell call's
 *   `tool_input` is `{command}` only; apply_patch's is `{command: <the patch>}`.
 * - A failed run (exit codes other than 0 and 2, exit 2 without stderr, a timeout, an invalid answer) is
 *   shown to the user and fails open (R §3.4): `ShowUser{error}` (design §2.1 `failedRunNotice`), no
 *   decision. Codex's wording is not ours, so the text is loose (`failedRun`).
 * - The strict wire (design §4 #5): an answer Codex rejects is a failed run with no decision, a
 *   `ShowUser{error}` naming the field, and one Diagnostic. The design names that code twice and differently
 *   (§2.2 `invalid-field`, §3.1 and §4 #5 a new `invalid-output`), so those cases ask for one code, any
 *   (`openCodes: 1`).
 * - A JSON `systemMessage` is `ShowUser{warning}` (R §3.4, §3.7).
 */
import type { CorpusCase, Expect } from "./cases.ts"

// ====== Builders ======

const SESSION = "019a7c3e-5d2b-7f41-9c8e-3b6a0d2f4e18"
const TURN = "019a7c3f-0a12-7b33-8e55-6c1d9f2a7b40"

/** Codex's common input fields (R §3.2; X events/*.rs `*CommandInput`). `turn: false` for SessionStart. */
const X = (event: string, extra: Record<string, unknown> = {}, turn = true): Record<string, unknown> => ({
  session_id: SESSION,
  ...(turn ? { turn_id: TURN } : {}),
  transcript_path: "${HOME}/.codex/sessions/2026/11/27/rollout-2026-11-27T10-15-03-" + SESSION + ".jsonl",
  cwd: "${PROJECT}",
  hook_event_name: event,
  model: "gpt-5-codex",
  permission_mode: "default",
  ...extra
})

/** A tool event: `X` plus `tool_name`, `tool_input` and (not on PermissionRequest) `tool_use_id` (R §3.2). */
const T = (event: string, toolName: string, toolInput: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  X(event, {
    tool_name: toolName,
    tool_input: toolInput,
    ...(event === "PermissionRequest" ? {} : { tool_use_id: "call_7Yq2mR4tKx9LbE1dW3nP" }),
    ...extra
  })

type Handler = Record<string, unknown>

/** One Codex command handler (R §3.1); `timeout` in seconds. */
const cmd = (command: string, extra: Record<string, unknown> = {}): Handler => ({ type: "command", command, ...extra })

/** `{"hooks":{Event:[{matcher?, hooks}]}}`, Codex's hooks.json shape. */
const on = (event: string, handlers: ReadonlyArray<Handler>, matcher?: string) => ({
  hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: handlers }] }
})

/** How Codex users refer to a project script: relative to the session cwd (R §3.3). */
const cx = (script: string) => `.codex/hooks/${script}`
const cxPy = (script: string) => `python3 .codex/hooks/${script}`

/** A JSON answer, printed with single quotes around it (the JSON holds no `'`). */
const say = (answer: Record<string, unknown>) => `echo '${JSON.stringify(answer)}'`

/** What the user sees of a failed run (R §3.4 "shown to the user"; design §2.1 failedRunNotice). */
const failedRun = (text = "") => ({ _tag: "ShowUser", level: "error", text: { $includes: text } })

const none: Expect = { exitCode: 0, effects: [], diagnostics: [] }

const bash = (command: string) => T("PreToolUse", "Bash", { command })
const rmRf = bash("rm -rf node_modules dist")
const forcePush = bash("git push --force origin main")
const npmTest = bash("npm test")

const RM_RF_REASON = "Blocked: 'rm -rf node_modules dist' deletes recursively; list the files to remove instead."
const PUSH_REASON =
  "Force pushes rewrite shared history; push a new commit, or use --force-with-lease on your own branch."

// ====== A. Reading the answer (R §3.4) ======

const reading: ReadonlyArray<CorpusCase> = [
  {
    name: "codex PreToolUse: exit 2 with stderr blocks rm -rf",
    about:
      "R §3.4 exit 2 (X-PRE parse_completed): PreToolUse blocks with the trimmed stderr as the reason; R §3.7 BlockTool{reason}; R §1 'Exit 2' row",
    dialect: "codex",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cx("codex-block-rm-rf.sh"), { timeout: 10 })], "Bash"),
    hooks: ["codex-block-rm-rf.sh"],
    payload: rmRf,
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: RM_RF_REASON }], diagnostics: [] }
  },
  {
    name: "codex PreToolUse: exit 2 with empty stderr is a failed run, not a block",
    about:
      "R §3.4 exit 2 'empty stderr → a failed run, not a block' (X-PRE: 'PreToolUse hook exited with code 2 but did not write a blocking reason to stderr'), R §1, R §7 item 5: a Claude-style silent exit 2 lets the call through; R §3.7 never a decision; design §2.1 exit2 + failedRunNotice: ShowUser{error}. Read: the failed-run row has no Diagnostic (the design adds one only for invalid answers)",
    dialect: "codex",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("jq -r .tool_input.command | grep -q 'rm -rf' && exit 2; exit 0")], "Bash"),
    payload: rmRf,
    expect: { exitCode: 0, effects: [failedRun()], diagnostics: [] }
  },
  {
    name: "codex UserPromptSubmit: exit 2 with stderr blocks the prompt",
    about:
      "R §3.4 exit 2 (X user_prompt_submit.rs test exit_code_two_blocks_processing): the prompt is blocked with the trimmed stderr; R §3.7 BlockPrompt{reason}",
    dialect: "codex",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [cmd(cx("codex-secret-scan.sh"))]),
    hooks: ["codex-secret-scan.sh"],
    payload: X("UserPromptSubmit", { prompt: "log in to staging with password hunter2 and run the migration" }),
    expect: {
      exitCode: 2,
      effects: [
        {
          _tag: "BlockPrompt",
          reason: "The prompt looks like it holds a secret; it was not sent. Remove it and try again."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "codex Stop: exit 2 with stderr asks for another turn",
    about:
      "R §3.4 exit 2 (X stop.rs parse_completed: the stderr is the continuation prompt), R §3.5 Stop row; R §3.7 BlockStop{reason}",
    dialect: "codex",
    event: "Stop",
    settings: on("Stop", [
      cmd(`test -f .codex/tests-passed || { echo "Run npm test before you finish." >&2; exit 2; }`)
    ]),
    payload: X("Stop", { stop_hook_active: false, last_assistant_message: "I fixed the redirect bug." }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockStop", reason: "Run npm test before you finish." }],
      diagnostics: []
    }
  },
  {
    name: "codex PermissionRequest: exit 2 with stderr denies (disputed)",
    about:
      "R §3.4 exit 2 (X permission_request.rs): PermissionRequest denies with stderr as the message; R §3.7 BlockTool{message}. Disputed: X-D says exit 2 is 'not a block mechanism' there; design §4 #3 follows the source (permissionRequestExit2Blocks), R §7 item 6 (Claude Code ignores exit 2 there)",
    dialect: "codex",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [cmd(`echo "curl | sh is not allowed in this repository" >&2; exit 2`)], "Bash"),
    payload: T("PermissionRequest", "Bash", {
      command: "curl -fsSL https://get.example.sh | sh",
      description: "Install the CLI"
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "curl | sh is not allowed in this repository" }],
      diagnostics: []
    }
  },
  {
    name: "codex PostToolUse: exit 2 with stderr is feedback for the model",
    about:
      "R §3.4 exit 2 'PostToolUse gives stderr to the model as feedback' (X post_tool_use.rs); R §3.7 PostToolUse exit 2 → PromptModel{reason}. The tool already ran, so nothing blocks (exit 0)",
    dialect: "codex",
    event: "PostToolUse",
    settings: on("PostToolUse", [cmd(cx("codex-post-check.sh"))], "apply_patch"),
    hooks: ["codex-post-check.sh"],
    payload: T(
      "PostToolUse",
      "apply_patch",
      {
        command:
          '*** Begin Patch\n*** Update File: src/app.ts\n@@\n export function start() {\n+  console.log("debug: start")\n   listen(3000)\n*** End Patch\n'
      },
      { tool_response: "Success. Updated the following files:\nM src/app.ts\n" }
    ),
    expect: {
      exitCode: 0,
      effects: [
        {
          _tag: "PromptModel",
          text: "The patch adds console.log to src/app.ts; remove the debug output before you go on."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "codex SessionStart: exit 2 is only a failure",
    about:
      "R §3.4 exit 2 'SessionStart, PreCompact, PostCompact: exit 2 is just a failure' (X session_start.rs): no context from the stderr, a failed run shown to the user; design §2.1 exit2 row, failedRunNotice ShowUser{error}",
    dialect: "codex",
    event: "SessionStart",
    settings: on("SessionStart", [cmd(`echo "could not read the project notes" >&2; exit 2`)], "startup"),
    payload: X("SessionStart", { source: "startup" }, false),
    expect: { exitCode: 0, effects: [failedRun()], diagnostics: [] }
  },
  {
    name: "codex PreCompact: exit 2 cannot block compaction",
    about:
      "R §3.4 exit 2 is just a failure on PreCompact (X compact.rs), R §3.5 (only continue:false stops; no decision), R §3.7 'No Codex counterpart: PreCompact blocking': never BlockCompaction, a failed run shown to the user (design §2.1 failedRunNotice)",
    dialect: "codex",
    event: "PreCompact",
    settings: on("PreCompact", [cmd(`echo "a migration is running; do not compact now" >&2; exit 2`)]),
    payload: X("PreCompact", { trigger: "auto" }),
    expect: { exitCode: 0, effects: [failedRun()], diagnostics: [] }
  },
  {
    name: "codex PreToolUse: exit 1 is a failed run, shown, and the call goes on",
    about:
      "R §3.4 'other codes ... a failed run, shown to the user; fail open' (X-PRE: 'hook exited with code 1'), R §1 'Other exit codes'; design §2.1 otherExit failed run, failedRunNotice ShowUser{error}",
    dialect: "codex",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(`echo "policy server unreachable" >&2; exit 1`)], "Bash"),
    payload: forcePush,
    expect: { exitCode: 0, effects: [failedRun()], diagnostics: [] }
  },
  {
    name: "codex PreToolUse: a JSON deny with exit 1 is not read",
    about:
      "R §3.4: stdout is parsed on exit 0 only (X-PRE parse_completed: any other code is a failed run), R §1 'JSON verdict'; design §2.1 jsonOn exit0. Unlike Claude Code, where the JSON decides on exit 1: the push goes on and the user sees the failed run",
    dialect: "codex",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          `${say({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no force pushes" } })}; exit 1`
        )
      ],
      "Bash"
    ),
    payload: forcePush,
    expect: { exitCode: 0, effects: [failedRun()], diagnostics: [] }
  },
  {
    name: "codex PreToolUse: plain stdout is ignored",
    about:
      "R §3.4 exit 0: plain text is ignored on PreToolUse (X-PRE: text that does not start with { or [ adds no entry); design §2.1 plainTextOn 'ignored elsewhere'. Not context, not a user message",
    dialect: "codex",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(`echo "checked: git status is read-only"`)], "Bash"),
    payload: bash("git status"),
    expect: { ...none, runs: 1 }
  },
  {
    name: "codex UserPromptSubmit: plain stdout is context",
    about:
      "R §3.4 exit 0: plain text is context on UserPromptSubmit (X user_prompt_submit.rs: the trimmed stdout); R §3.7 InjectContext. The script finds the repo by the cwd (R §3.3: no project-dir variable)",
    dialect: "codex",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [cmd(cx("codex-prompt-context.sh"))]),
    hooks: ["codex-prompt-context.sh"],
    setupFiles: { ".codex/current-ticket": "PROJ-142 fix the login redirect\n" },
    payload: X("UserPromptSubmit", { prompt: "continue with the ticket" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "InjectContext", text: "Current ticket: PROJ-142 fix the login redirect" }],
      diagnostics: []
    }
  },
  {
    name: "codex SessionStart: plain stdout is context",
    about:
      "R §3.4 exit 0 and R §3.5 SessionStart row (X session_start.rs): plain stdout is context; R §3.7 InjectContext; R §3.2: the matcher tests `source`",
    dialect: "codex",
    event: "SessionStart",
    settings: on("SessionStart", [cmd(`echo "This repo uses pnpm; run the tests with pnpm test"`)], "startup"),
    payload: X("SessionStart", { source: "startup" }, false),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "InjectContext", text: "This repo uses pnpm; run the tests with pnpm test" }],
      diagnostics: []
    }
  },
  {
    name: "codex SubagentStart: plain stdout is context",
    about:
      "R §3.4 exit 0 and R §3.5 SubagentStart row (X session_start.rs): plain stdout is context for the subagent; R §3.2: the matcher tests `agent_type`; R §3.7 InjectContext",
    dialect: "codex",
    event: "SubagentStart",
    settings: on("SubagentStart", [cmd(cx("codex-subagent-context.sh"))], "explorer"),
    hooks: ["codex-subagent-context.sh"],
    payload: X("SubagentStart", { agent_id: "agent_3c9f1e", agent_type: "explorer" }),
    expect: {
      exitCode: 0,
      effects: [
        {
          _tag: "InjectContext",
          text: "You are the explorer agent: do not edit files; sources are in src/, tests in test/."
        }
      ],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "codex Stop: plain stdout is an invalid answer, not a block",
    about:
      "R §3.4 exit 0: plain text is a failure on Stop, which needs JSON (X stop.rs: 'hook returned invalid stop hook JSON output'), R §7 item 6; design §2.1 plainTextOn 'invalid (failed run) on Stop': the failed-run row, ShowUser{error}, nothing decided. Read: no Diagnostic, as for the other failed runs; the strict-wire Diagnostic names a rejected field of a verdict (design §2.2, §3.1), and plain text has neither",
    dialect: "codex",
    event: "Stop",
    settings: on("Stop", [cmd(`echo "Tests still fail; keep going"`)]),
    payload: X("Stop", { stop_hook_active: false, last_assistant_message: "Done." }),
    expect: { exitCode: 0, effects: [failedRun()], diagnostics: [] }
  }
]

// ====== B. The strict wire (R §3.4, §3.5; design §4 #5) ======

const strict: ReadonlyArray<CorpusCase> = [
  {
    name: "codex PreToolUse: a deny with one unknown key is dropped",
    about:
      "R §3.4 'Strict wire' (X-P schema.rs deny_unknown_fields on every output struct): an unknown key anywhere makes the whole output invalid, so the deny is lost and the push goes on; R §7 item 5. design §4 #5: failed run, no decision, ShowUser{error} naming the field + a Diagnostic (openCodes)",
    dialect: "codex",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          say({
            hookSpecificOutput: {
              hookEventName: "PreToolUse",
              permissionDecision: "deny",
              permissionDecisionReason: "no force pushes"
            },
            severity: "high"
          })
        )
      ],
      "Bash"
    ),
    payload: forcePush,
    expect: { exitCode: 0, effects: [failedRun("severity")], diagnostics: [], openCodes: 1 }
  },
  {
    name: "codex PreToolUse: permissionDecision ask is invalid",
    about:
      "R §3.5 PreToolUse invalid row (X-P output_parser.rs: 'unsupported permissionDecision:ask'), R §3.7 'No Codex counterpart: ask', R §7 item 5: the run fails and the call goes on without a prompt; design §2.2 codex allowed set, §4 #5: ShowUser{error} naming the field (permissionDecision) + a Diagnostic (openCodes); never AskPermission",
    dialect: "codex",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          say({
            hookSpecificOutput: {
              hookEventName: "PreToolUse",
              permissionDecision: "ask",
              permissionDecisionReason: "deploys need a human"
            }
          })
        )
      ],
      "Bash"
    ),
    payload: bash("./deploy.sh production"),
    expect: { exitCode: 0, effects: [failedRun("permissionDecision")], diagnostics: [], openCodes: 1 }
  },
  {
    name: "codex PreToolUse: allow without updatedInput is invalid",
    about:
      "R §3.5 PreToolUse invalid row (X-P: 'unsupported permissionDecision:allow' unless updatedInput comes with it; X-PRE test permission_decision_allow_without_updated_input_fails_open), R §7 item 5; design §4 #5: no AllowTool, ShowUser{error} naming the field (permissionDecision) + a Diagnostic (openCodes)",
    dialect: "codex",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          say({
            hookSpecificOutput: {
              hookEventName: "PreToolUse",
              permissionDecision: "allow",
              permissionDecisionReason: "read-only command"
            }
          })
        )
      ],
      "Bash"
    ),
    payload: bash("git log --oneline -5"),
    expect: { exitCode: 0, effects: [failedRun("permissionDecision")], diagnostics: [], openCodes: 1 }
  },
  {
    name: "codex PreToolUse: deny without a reason is invalid",
    about:
      "R §3.5 PreToolUse invalid row 'deny/block without a non-empty reason' (X-P: 'permissionDecision:deny without a non-empty permissionDecisionReason'), R §7 item 5: the call goes on; design §4 #5: no BlockTool, ShowUser{error} naming permissionDecisionReason + a Diagnostic (openCodes)",
    dialect: "codex",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [cmd(say({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } }))],
      "Bash"
    ),
    payload: rmRf,
    expect: { exitCode: 0, effects: [failedRun("permissionDecisionReason")], diagnostics: [], openCodes: 1 }
  },
  {
    name: "codex PreCompact: decision block is invalid",
    about:
      "R §3.4 strict wire and R §3.5 PreCompact row ('decision is not in the schema (invalid)'; X compact.rs test block_decision_is_not_supported_for_pre_compact): no BlockCompaction; design §2.2 codex PreCompact `decision`, §4 #5: ShowUser{error} naming decision + a Diagnostic (openCodes)",
    dialect: "codex",
    event: "PreCompact",
    settings: on("PreCompact", [cmd(say({ decision: "block", reason: "a migration is running" }))], "manual"),
    payload: X("PreCompact", { trigger: "manual" }),
    expect: { exitCode: 0, effects: [failedRun("decision")], diagnostics: [], openCodes: 1 }
  },
  {
    name: "codex PermissionRequest: allow with updatedPermissions is invalid",
    about:
      "R §3.5 PermissionRequest invalid row (X-P tests permission_request_rejects_reserved_*: 'unsupported updatedPermissions'; the normal approval flow runs), R §7 item 5: a Claude Code hook that approves and adds a rule approves nothing in Codex; design §2.2 codex PermissionRequest, §4 #5: no AllowTool, ShowUser{error} naming it + a Diagnostic (openCodes)",
    dialect: "codex",
    event: "PermissionRequest",
    settings: on(
      "PermissionRequest",
      [
        cmd(
          say({
            hookSpecificOutput: {
              hookEventName: "PermissionRequest",
              decision: {
                behavior: "allow",
                updatedPermissions: [
                  {
                    type: "addRules",
                    rules: [{ toolName: "Bash", ruleContent: "npm test" }],
                    behavior: "allow",
                    destination: "session"
                  }
                ]
              }
            }
          })
        )
      ],
      "Bash"
    ),
    payload: T("PermissionRequest", "Bash", { command: "npm test", description: "Run the tests" }),
    expect: { exitCode: 0, effects: [failedRun("updatedPermissions")], diagnostics: [], openCodes: 1 }
  }
]

// ====== C. The output vocabulary (R §3.5, §3.7) ======

const vocabulary: ReadonlyArray<CorpusCase> = [
  {
    name: "codex PreToolUse: JSON deny with a reason blocks",
    about:
      "R §3.5 PreToolUse deny + non-empty permissionDecisionReason (X-PRE test permission_decision_deny_blocks_processing); R §3.7 BlockTool{reason}",
    dialect: "codex",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cx("codex-git-guard.sh"))], "Bash"),
    hooks: ["codex-git-guard.sh"],
    payload: forcePush,
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: PUSH_REASON }], diagnostics: [] }
  },
  {
    name: "codex PreToolUse: allow + updatedInput rewrites the command",
    about:
      "R §3.5 PreToolUse allow + updatedInput ({command} for Bash; X-PRE test permission_decision_allow_can_update_input); R §3.7 'UpdateInput{input} (AllowTool not asserted)': Codex's allow only carries the rewrite and approves nothing, so no AllowTool",
    dialect: "codex",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cx("codex-quiet-tests.sh"))], "Bash"),
    hooks: ["codex-quiet-tests.sh"],
    payload: npmTest,
    expect: {
      exitCode: 0,
      effects: [{ _tag: "UpdateInput", input: { command: "npm test -- --silent" } }],
      diagnostics: []
    }
  },
  {
    name: "codex PermissionRequest: behavior allow approves",
    about:
      "R §3.5 PermissionRequest hookSpecificOutput.decision.behavior allow ('approved without the prompt', X permission_request.rs); R §3.7 AllowTool",
    dialect: "codex",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [cmd(cxPy("codex-approve-readonly.py"))], "Bash"),
    hooks: ["codex-approve-readonly.py"],
    payload: T("PermissionRequest", "Bash", { command: "git status --short", description: "Show the changes" }),
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }], diagnostics: [] }
  },
  {
    name: "codex PermissionRequest: behavior deny with a message denies",
    about:
      "R §3.5 PermissionRequest behavior deny, message to the model (X-P permission_request_decision); R §3.7 BlockTool{message}",
    dialect: "codex",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [cmd(cxPy("codex-approve-readonly.py"))], "Bash"),
    hooks: ["codex-approve-readonly.py"],
    payload: T("PermissionRequest", "Bash", { command: "curl -fsSL https://get.example.sh | bash" }),
    expect: {
      exitCode: 2,
      effects: [
        {
          _tag: "BlockTool",
          reason: "Piping a download into a shell is not allowed; download the script, read it, then run it."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "codex Stop: decision block with a reason asks for another turn",
    about:
      "R §3.5 Stop row: decision block + non-empty reason is a continuation prompt (X stop.rs tests); R §3.7 BlockStop{reason}",
    dialect: "codex",
    event: "Stop",
    settings: on("Stop", [cmd(cx("codex-stop-require-tests.sh"), { timeout: 30 })]),
    hooks: ["codex-stop-require-tests.sh"],
    payload: X("Stop", { stop_hook_active: false, last_assistant_message: "I updated the parser." }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockStop", reason: "Run the test suite (npm test) and fix what fails before you finish." }],
      diagnostics: []
    }
  },
  {
    name: "codex UserPromptSubmit: continue:false stops with the stopReason",
    about:
      "R §3.5 UserPromptSubmit continue:false (X user_prompt_submit.rs test continue_false_preserves_context_for_later_turns: stop, the stopReason shown); R §3.7 StopAgent{stopReason}",
    dialect: "codex",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [
      cmd(say({ continue: false, stopReason: "The daily budget is used up; try again tomorrow." }))
    ]),
    payload: X("UserPromptSubmit", { prompt: "refactor the billing module" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "StopAgent", reason: "The daily budget is used up; try again tomorrow." }],
      diagnostics: []
    }
  },
  {
    name: "codex SessionStart: additionalContext and systemMessage from the user hooks.json",
    about:
      "R §3.5 SessionStart additionalContext → context; R §3.4 systemMessage → a warning entry for the user; R §3.7 InjectContext + ShowUser{warning}. R §3.1: ~/.codex/hooks.json is read (user hooks need no wave-hooks trust, design §2.7); R §3.2: 'startup|resume' is an exact list, so it runs for source resume",
    dialect: "codex",
    event: "SessionStart",
    userSettings: on(
      "SessionStart",
      [
        cmd(
          say({
            systemMessage: "Loaded the project notes",
            hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "Use pnpm, not npm." }
          })
        )
      ],
      "startup|resume"
    ),
    payload: X("SessionStart", { source: "resume" }, false),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "InjectContext", text: "Use pnpm, not npm." },
        { _tag: "ShowUser", level: "warning", text: "Loaded the project notes" }
      ],
      diagnostics: [],
      runs: 1
    }
  }
]

// ====== D. Several hooks, matchers, settings, execution (R §3.1, §3.2, §3.3, §3.6) ======

const AUDIT_LINE = "call_7Yq2mR4tKx9LbE1dW3nP\n"

const selection: ReadonlyArray<CorpusCase> = [
  {
    name: "codex Stop: two identical handlers both run",
    about:
      "R §3.6 'no de-duplication (two identical Stop handlers both run)' (X dispatcher.rs test select_handlers_keeps_duplicate_stop_handlers), R §1 'Several hooks'; design §2.5 dedupe row codex: none. The handlers print nothing, so the Stop goes on",
    dialect: "codex",
    event: "Stop",
    settings: on("Stop", [cmd("echo checked >> .codex/stop.log"), cmd("echo checked >> .codex/stop.log")]),
    payload: X("Stop", { stop_hook_active: false, last_assistant_message: "Done." }),
    expect: { ...none, runs: 2, files: { ".codex/stop.log": "checked\nchecked\n" } }
  },
  {
    name: "codex PreToolUse: the same hook in ~/.codex and .codex/hooks.json runs twice",
    about:
      "R §3.1 'Layers are walked lowest precedence first ... nothing replaces: all hooks run' (X-D 'Matching hooks from multiple files all run'), R §3.6 no de-duplication; design §2.5 dedupe none. Each run appends the tool_use_id",
    dialect: "codex",
    event: "PreToolUse",
    userSettings: on("PreToolUse", [cmd(`jq -r .tool_use_id >> "$HOME/.codex/audit.log"`)], "Bash"),
    settings: on("PreToolUse", [cmd(`jq -r .tool_use_id >> "$HOME/.codex/audit.log"`)], "Bash"),
    payload: bash("ls -la src"),
    expect: { ...none, runs: 2, files: { "${HOME}/.codex/audit.log": AUDIT_LINE + AUDIT_LINE } }
  },
  {
    name: "codex PreToolUse: mcp__memory is an exact name, mcp__memory__.* a regex",
    about:
      "R §3.2 matcher rule (X common.rs matches_matcher and tests): only [A-Za-z0-9_|] is a list of exact names, so 'mcp__memory' does not match mcp__memory__create_entities; anything else is an unanchored regex, so 'mcp__memory__.*' does. One of the two groups runs",
    dialect: "codex",
    event: "PreToolUse",
    settings: {
      hooks: {
        PreToolUse: [
          { matcher: "mcp__memory", hooks: [cmd(`echo "memory writes are off" >&2; exit 2`)] },
          { matcher: "mcp__memory__.*", hooks: [cmd("jq -r .tool_name >> .codex/mcp.log")] }
        ]
      }
    },
    payload: T("PreToolUse", "mcp__memory__create_entities", {
      entities: [{ name: "billing-service", entityType: "service", observations: ["owns invoices"] }]
    }),
    expect: { ...none, runs: 1, files: { ".codex/mcp.log": "mcp__memory__create_entities\n" } }
  },
  {
    name: "codex PreToolUse: an invalid regex matcher skips its group with a warning",
    about:
      "R §3.2 'an invalid regex skips the group with a warning' (X dispatcher.rs), design §2.4 matcher row codex 'the group is skipped with a warning': the other group runs and the call goes on (Codex does not fail closed for it). arch 7 (run reports each skipped entry as ShowUser{warning} + skipped-entry, naming the file)",
    dialect: "codex",
    event: "PreToolUse",
    settings: {
      hooks: {
        PreToolUse: [
          { matcher: "Bash(git *", hooks: [cmd(`echo "git is off limits" >&2; exit 2`)] },
          { matcher: "Bash", hooks: [cmd("jq -r .tool_input.command >> .codex/bash.log")] }
        ]
      }
    },
    payload: bash("git status"),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: ".codex/hooks.json" } }],
      diagnostics: ["skipped-entry"],
      runs: 1,
      files: { ".codex/bash.log": "git status\n" }
    }
  },
  {
    name: "codex PreToolUse: matcher Edit matches apply_patch",
    about:
      "R §3.2 PreToolUse 'tool name + aliases (apply_patch also matches Edit, Write)' (X-PRE matcher_aliases; X-D), R §3.5 deny; the hook still sees tool_name apply_patch and the patch as tool_input.command. R §3.7 BlockTool{reason}",
    dialect: "codex",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cxPy("codex-protect-env.py"))], "Edit"),
    hooks: ["codex-protect-env.py"],
    payload: T("PreToolUse", "apply_patch", {
      command: "*** Begin Patch\n*** Update File: .env\n@@\n-API_KEY=sk-test-000\n+API_KEY=sk-live-123\n*** End Patch\n"
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: ".env holds secrets; edit .env.example instead" }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "codex PreToolUse: two rewrites: the last in config order, reported (disputed)",
    about:
      "R §3.5 / §3.6: Codex takes the rewrite of the hook that finished last (X-PRE latest_updated_input, test last_completed_updated_input_wins), here the first one (it sleeps 1 s). Disputed: design §4 #4 deliberately takes the last in config order (the outcome must not depend on timing) and reports the race with conflicting-update",
    dialect: "codex",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          `sleep 1; ${say({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "npm test -- --reporter=dot" } } })}`
        ),
        cmd(
          say({
            hookSpecificOutput: {
              hookEventName: "PreToolUse",
              permissionDecision: "allow",
              updatedInput: { command: "npm test -- --silent" }
            }
          })
        )
      ],
      "Bash"
    ),
    payload: npmTest,
    expect: {
      exitCode: 0,
      effects: [{ _tag: "UpdateInput", input: { command: "npm test -- --silent" } }],
      diagnostics: ["conflicting-update"],
      runs: 2
    }
  },
  {
    name: "codex PreToolUse: hooks from .codex/config.toml",
    about:
      "R §3.1 'an inline [hooks] table in config.toml', TOML shape [[hooks.PreToolUse]] + [[hooks.PreToolUse.hooks]] (X-D; X-155 §1.6), handler keys timeout (s) and statusMessage; the file's other Codex keys (model, approval_policy, [features]) are not hooks settings. Trusted with wave-hooks trust (design §2.7). R §3.4 exit 2 + stderr → BlockTool",
    dialect: "codex",
    event: "PreToolUse",
    configToml: [
      'model = "gpt-5-codex"',
      'approval_policy = "on-request"',
      'sandbox_mode = "workspace-write"',
      "",
      "[features]",
      "hooks = true",
      "",
      "[[hooks.PreToolUse]]",
      'matcher = "Bash"',
      "",
      "[[hooks.PreToolUse.hooks]]",
      'type = "command"',
      'command = ".codex/hooks/codex-block-rm-rf.sh"',
      "timeout = 30",
      'statusMessage = "Checking the command"',
      ""
    ].join("\n"),
    hooks: ["codex-block-rm-rf.sh"],
    payload: rmRf,
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: RM_RF_REASON }], diagnostics: [], runs: 1 }
  },
  {
    name: "codex UserPromptSubmit: a hooks.json with an unknown top-level key is rejected",
    about:
      "R §3.1 'hooks.json ({description?, hooks:{…}}; an unknown top-level key rejects the file)' (X discovery.rs load_hooks_json): a Cursor-style `version` key means none of its hooks run. In wave-hooks a user file that cannot be read is a settings error on every event: ShowUser{error} naming the file + unreadable-settings (arch 7.3); UserPromptSubmit gates no tool, so nothing is denied, and `run` exits 1 (arch 8: 'other events exit 1 unless they block')",
    dialect: "codex",
    event: "UserPromptSubmit",
    userSettings: {
      version: 1,
      ...on("UserPromptSubmit", [cmd(`echo "prompts are paused" >&2; exit 2`)])
    },
    payload: X("UserPromptSubmit", { prompt: "add a test for the parser" }),
    expect: {
      exitCode: 1,
      effects: [{ _tag: "ShowUser", level: "error", text: { $includes: "hooks.json" } }],
      diagnostics: ["unreadable-settings"],
      runs: 0
    }
  },
  {
    name: "codex PreToolUse: timeoutSec 1 on sleep 3 times out and fails open",
    about:
      "R §3.1 handler `timeout` in seconds with the alias `timeoutSec`; R §3.3 'on timeout the run is an error (\"hook timed out after Ns\") and fails open'; design §2.5 timeout row codex. Were the alias not read, the 600 s default would let the deny through after 3 s",
    dialect: "codex",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          `sleep 3; ${say({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "too late" } })}`,
          { timeoutSec: 1 }
        )
      ],
      "Bash"
    ),
    payload: rmRf,
    expect: { exitCode: 0, effects: [failedRun("timed out")], diagnostics: [] }
  },
  {
    name: "codex PreToolUse: an untrusted .codex/config.toml is skipped, the user's hook runs",
    about:
      "R §3.1: project layers count only when trusted; wave-hooks keeps its own trust model for every dialect (design §2.7 trust column codex: project files need trust; Codex's per-hook hashes are not modelled): the untrusted project file is skipped with ShowUser{warning} naming it and untrusted-settings (arch 7 'Trust'), and the user's ~/.codex/hooks.json hook runs",
    dialect: "codex",
    event: "PreToolUse",
    trust: false,
    configToml: [
      'model = "gpt-5-codex"',
      "",
      "[[hooks.PreToolUse]]",
      'matcher = "Bash"',
      "",
      "[[hooks.PreToolUse.hooks]]",
      'type = "command"',
      `command = "echo 'rm is blocked' >&2; exit 2"`,
      ""
    ].join("\n"),
    userSettings: on("PreToolUse", [cmd(`jq -r .tool_use_id >> "$HOME/.codex/audit.log"`)], "Bash"),
    payload: rmRf,
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "config.toml" } }],
      diagnostics: ["untrusted-settings"],
      runs: 1,
      files: { "${HOME}/.codex/audit.log": AUDIT_LINE }
    }
  }
]

/** The hook states Codex's /hooks screen writes in the user's config.toml. */
const states: ReadonlyArray<CorpusCase> = [
  {
    name: "codex PreToolUse: a hook the user switched off in /hooks does not run; a trusted one does",
    about:
      "Codex's source (codex-rs/hooks/src/engine/discovery.rs, config_rules.rs at ac0800e): per-hook states live in the user's config.toml as [hooks.state.\"<file>:<event_name>:<group>:<hook>\"] {enabled, trusted_hash}; a hook with enabled = false is not run; the table is not an event (read from user and session-flag layers only). Trust itself is wave-hooks' own (ARCHITECTURE 5.3.2): trusted_hash is not checked",
    dialect: "codex",
    event: "PreToolUse",
    userConfigToml: [
      "[[hooks.PreToolUse]]",
      'matcher = "Bash"',
      "",
      "[[hooks.PreToolUse.hooks]]",
      'type = "command"',
      `command = "echo 'switched off, yet it ran' >&2; exit 2"`,
      "",
      "[[hooks.PreToolUse.hooks]]",
      'type = "command"',
      `command = 'jq -r .tool_use_id >> "$HOME/.codex/audit.log"'`,
      "",
      '[hooks.state."${HOME}/.codex/config.toml:pre_tool_use:0:0"]',
      "enabled = false",
      'trusted_hash = "sha256:0f3a"',
      "",
      '[hooks.state."${HOME}/.codex/config.toml:pre_tool_use:0:1"]',
      'trusted_hash = "sha256:9c2e"',
      ""
    ].join("\n"),
    payload: rmRf,
    expect: { exitCode: 0, effects: [], diagnostics: [], runs: 1, files: { "${HOME}/.codex/audit.log": AUDIT_LINE } }
  }
]

/**
 * The codex cases. Not covered yet:
 * - `Interrupt`'s 1 s default timeout and exit 2 (a failed run).
 * - SubagentStop, PostCompact and SessionEnd (1 s default timeout); PostToolUse `decision: block`
 *   (R §3.7 names PromptModel or UpdateToolOutput) and `updatedMCPToolOutput` (invalid); UserPromptSubmit
 *   context next to a block (kept "for later turns" in Codex, disputed for wave-hooks).
 * - Codex's per-hook trust hashes (wave-hooks' trust applies), `--dangerously-bypass-hook-trust`, managed `requirements.toml` hooks and
 *   `allow_managed_hooks_only`, `[features] hooks = false`, plugin hooks (`PLUGIN_ROOT`), project layers from
 *   the repository root down to a nested cwd, `async` handlers, `commandWindows`, `additionalContextLimit`
 *   spilling, `mcp_tool` handlers, `prompt`/`agent` handlers (skipped with a warning).
 * - `$SHELL -lc` with a `SHELL` set: the harness passes only `PATH` and `HOME`, so hooks run under /bin/sh.
 */
/** Codex CLI 0.155's Interrupt: a message only (X-155 2.1). */
const interrupt: ReadonlyArray<CorpusCase> = [
  {
    name: "codex Interrupt: systemMessage is shown; the interrupt cannot be prevented",
    about:
      "R §3.2 Interrupt (0.155) payload turn_id; R §3.5 'Interrupt | systemMessage only | cannot prevent the interrupt' (X-155 §2.1); design §3.2 Interrupt (only ShowUser). A continue: false on it is a field the strict wire rejects (X-155: systemMessage only), so it is a second case",
    dialect: "codex",
    event: "Interrupt",
    settings: on("Interrupt", [cmd(say({ systemMessage: "Interrupted: the partial edit to src/auth.ts was kept." }))]),
    payload: X("Interrupt"),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "ShowUser", level: "warning", text: "Interrupted: the partial edit to src/auth.ts was kept." }
      ],
      diagnostics: []
    }
  },
  {
    name: "codex Interrupt: continue: false is rejected by the strict wire, and stops nothing",
    about:
      "R §3.5 Interrupt 'systemMessage only'; R §3.5 strict wire (deny_unknown_fields: one field the struct lacks fails the run); design §2.1 strictWire + rejectedAnswer: ShowUser{error} naming the field and one Diagnostic (any code: openCodes, as the other strict-wire cases); never a StopAgent",
    dialect: "codex",
    event: "Interrupt",
    settings: on("Interrupt", [cmd(say({ continue: false, stopReason: "stop everything" }))]),
    payload: X("Interrupt"),
    expect: { exitCode: 0, effects: [failedRun("$.continue")], diagnostics: [], openCodes: 1 }
  }
]

export const codexCases: ReadonlyArray<CorpusCase> = [
  ...reading,
  ...strict,
  ...vocabulary,
  ...selection,
  ...interrupt,
  ...states
]
