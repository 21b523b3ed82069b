/**
 * The realistic hook corpus (issue 12): real-looking hook scripts and settings files, run through
 * `wave-hooks run <Event> --dialect claude-code|wave --json`, with what Claude Code (reference:
 * /work/shared/research/claude-code-hooks.md, "ref") or the design (docs/ARCHITECTURE.md, "arch")
 * says must come out. Expectations were written from those texts, never from our output.
 *
 * Placeholders, replaced in every string of `payload`, `args`, `setupFiles`, `settings` and `expect`:
 * `${PROJECT}` the project directory, `${ROOT}` the temp folder holding it, `${HOME}` the temp HOME,
 * `${PLUGINS}` the folder the case's `plugins` are copied to, `${PATH}` the PATH the hooks inherit.
 */

export type Dialect = "claude-code" | "wave" | "gemini-cli" | "codex" | "cursor" | "copilot"

/** A string in an expected effect: exact, or a substring (for default texts we do not control). */
export type Text = string | { readonly $includes: string }

export interface Expect {
  readonly exitCode: number
  /** The non-Diagnostic effects, as a multiset. */
  readonly effects: ReadonlyArray<Record<string, unknown>>
  /** The Diagnostic codes, as a set. */
  readonly diagnostics: ReadonlyArray<string>
  /** The `env` key of the JSON (absent when not given here: then it must be absent). */
  readonly env?: Readonly<Record<string, string>>
  /** How many background hooks are reported under `async` (absent: no `async` key). */
  readonly async?: number
  /** How many hooks ran (`runs.length`), when the case is about selection. */
  readonly runs?: number
  /** Files (relative to the project, or absolute with a placeholder) the hooks must have written, with their whole content; `null`: must not exist. */
  readonly files?: Readonly<Record<string, string | null>>
  /**
   * Diagnostics the reference asks for without naming a code: this many more distinct codes, any,
   * besides `diagnostics` (absent: none).
   */
  readonly openCodes?: number
}

export interface CorpusCase {
  readonly name: string
  /** What the case checks, and which reference row or design section the expectation comes from. */
  readonly about: string
  readonly dialect: Dialect
  readonly event: string
  /** The project folder's name (default `project`), e.g. one with spaces. */
  readonly projectDirName?: string
  /**
   * The project settings file (`.claude/settings.json`, `.wave/settings.json`, `.gemini/settings.json`, Codex CLI's
   * `.codex/hooks.json`, Cursor's `.cursor/hooks.json`, or Copilot's repository `.github/copilot/settings.json`,
   * whose top-level `hooks` and `disableAllHooks` Copilot reads).
   */
  readonly settings?: Record<string, unknown>
  /** The project's local settings file (`.claude/settings.local.json`, `.wave/settings.local.json` or Copilot's `.github/copilot/settings.local.json`). */
  readonly localSettings?: Record<string, unknown>
  /**
   * The user settings file in the temp HOME (`~/.claude/settings.json`, `~/.wave/settings.json`,
   * `~/.gemini/settings.json`, `~/.codex/hooks.json`, `~/.cursor/hooks.json` or Copilot's `~/.copilot/settings.json`).
   */
  readonly userSettings?: Record<string, unknown>
  /** Copilot: the files of the repository's `.github/hooks/`, by file name (`{"policy.json": {version: 1, hooks: {...}}}`). */
  readonly copilotHooksFiles?: Readonly<Record<string, unknown>>
  /** Copilot: the files of the user's `~/.copilot/hooks/`, by file name. */
  readonly userCopilotHooksFiles?: Readonly<Record<string, unknown>>
  /** Codex CLI: the text of the project's `.codex/config.toml` (TOML `[[hooks.Event]]` tables among Codex's other keys). */
  readonly configToml?: string
  /** Codex CLI: the text of the user's `~/.codex/config.toml`. */
  readonly userConfigToml?: string
  /**
   * A managed settings file in a temp folder named by `WAVE_HOOKS_MANAGED_SETTINGS_DIR`: `managed-settings.json`;
   * Cursor's enterprise `hooks.json` (the folder stands for `/etc/cursor`); Copilot's policy file
   * `policy.d/policy.json` (the folder stands for `/etc/github-copilot`).
   */
  readonly managed?: Record<string, unknown>
  /**
   * Scripts of test/corpus/hooks/ copied to the project's `.claude/hooks/`, `.wave/hooks/`, `.gemini/hooks/`,
   * `.codex/hooks/`, `.cursor/hooks/` or `.github/hooks/`.
   */
  readonly hooks?: ReadonlyArray<string>
  /** Scripts of test/corpus/hooks/ copied to the same folder under the temp HOME (`~/.cursor/hooks/`; Copilot: `~/.copilot/hooks/`). */
  readonly userHooks?: ReadonlyArray<string>
  /** Plugin folders of test/corpus/plugins/ copied to `${PLUGINS}`. */
  readonly plugins?: ReadonlyArray<string>
  /** Other files the project holds before the run (relative to the project, or `${ROOT}/...`). */
  readonly setupFiles?: Readonly<Record<string, string>>
  /** Files written after `wave-hooks trust` ran, so not trusted (relative to the project, or `${ROOT}/...`): a text, or a JSON value. */
  readonly afterTrust?: Readonly<Record<string, unknown>>
  readonly payload: Record<string, unknown>
  readonly args?: ReadonlyArray<string>
  readonly expect: Expect
  /** `false`: the project settings are not trusted (`wave-hooks trust` is not run). */
  readonly trust?: false
  /** The implementation disagrees with the expectation: the case runs as `it.fails`. */
  readonly knownFailure?: string
}

// ====== Builders ======

const SESSION = "3f8a9c2e-5b1d-4e7a-9c0f-2d6b8e1a4c7f"

/** The common input fields Claude Code sends (ref 1.1). */
const base = (event: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  session_id: SESSION,
  transcript_path: "${HOME}/.claude/projects/-work-app/" + SESSION + ".jsonl",
  cwd: "${PROJECT}",
  hook_event_name: event,
  ...extra
})

const tool = (
  event: string,
  toolName: string,
  toolInput: Record<string, unknown>,
  extra: Record<string, unknown> = {}
) =>
  base(event, {
    permission_mode: "default",
    tool_name: toolName,
    tool_input: toolInput,
    ...(event === "PermissionRequest" ? {} : { tool_use_id: "toolu_01ABCxyz" }),
    ...extra
  })

type Handler = Record<string, unknown>
const cmd = (command: string, extra: Record<string, unknown> = {}): Handler => ({ type: "command", command, ...extra })

/** `{ hooks: { Event: [ { matcher?, hooks } ] } }` */
const on = (
  event: string,
  handlers: ReadonlyArray<Handler>,
  matcher?: string,
  extra: Record<string, unknown> = {}
) => ({
  ...extra,
  hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: handlers }] }
})

/** How users refer to a project script in each dialect. */
const cc = (script: string) => `"$CLAUDE_PROJECT_DIR"/.claude/hooks/${script}`
const ccPy = (script: string) => `python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/${script}"`
const ccNode = (script: string) => `node "$CLAUDE_PROJECT_DIR"/.claude/hooks/${script}`
const wv = (script: string) => `"$WAVE_PROJECT_DIR"/.wave/hooks/${script}`
const wvNode = (script: string) => `node .wave/hooks/${script}`
const wvPy = (script: string) => `python3 .wave/hooks/${script}`

const none: Expect = { exitCode: 0, effects: [], diagnostics: [] }

// ====== claude-code dialect ======

const claudeCode: ReadonlyArray<CorpusCase> = [
  // ---- PreToolUse ----
  {
    name: "cc PreToolUse: set -euo pipefail guard blocks rm -rf with exit 2",
    about: "ref 2.2 PreToolUse exit 2: blocks the call, stderr to Claude; arch 5.2 BlockTool with the trimmed stderr",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("block-rm-rf.sh"))], "Bash"),
    hooks: ["block-rm-rf.sh"],
    payload: tool("PreToolUse", "Bash", { command: "rm -rf node_modules dist", description: "Clean build output" }),
    expect: {
      exitCode: 2,
      effects: [
        {
          _tag: "BlockTool",
          reason:
            "Blocked: 'rm -rf node_modules dist' deletes recursively. Remove the files one by one or ask the user."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: the rm guard lets ls through",
    about: "ref 2.1 exit 0 with empty stdout: the action proceeds, nothing to report",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("block-rm-rf.sh"))], "Bash"),
    hooks: ["block-rm-rf.sh"],
    payload: tool("PreToolUse", "Bash", { command: "ls -la src", description: "List sources" }),
    expect: { ...none, runs: 1 }
  },
  {
    name: "cc PreToolUse: Python protects .env on Edit|Write (JSON deny)",
    about:
      "ref 3.3 PreToolUse permissionDecision deny blocks; the reason goes to Claude (3.5); arch 5.1 BlockTool{reason}",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(ccPy("protect-env.py"))], "Edit|Write"),
    hooks: ["protect-env.py"],
    payload: tool("PreToolUse", "Write", { file_path: "${PROJECT}/.env", content: "API_KEY=sk-live-123\n" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: ".env holds secrets; edit .env.example instead" }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: Edit|Write matcher does not match Read",
    about: "ref 5 matcher syntax: only [A-Za-z0-9_|] is an exact list; Read is not in it, so no hook runs",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(ccPy("protect-env.py"))], "Edit|Write"),
    hooks: ["protect-env.py"],
    payload: tool("PreToolUse", "Read", { file_path: "${PROJECT}/.env" }),
    expect: { ...none, runs: 0 }
  },
  {
    name: "cc PreToolUse: Node rewrites npm test with updatedInput (allow)",
    about:
      "ref 3.3 allow + updatedInput replaces the whole input; the allow reason goes to the debug log only (3.5, arch 5.3: no user message); arch 5.1 AllowTool + UpdateInput",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(ccNode("quiet-npm.mjs"))], "Bash"),
    hooks: ["quiet-npm.mjs"],
    payload: tool("PreToolUse", "Bash", { command: "npm test", description: "Run the tests" }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "AllowTool" },
        { _tag: "UpdateInput", input: { command: "npm test --silent", description: "Run the tests" } }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: cat <<EOF JSON defers a deploy",
    about: "ref 3.3 permissionDecision defer; arch 5.4 DeferTool{reason}; arch 8: DeferTool blocks, exit 2",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("defer-deploy.sh"))], "Bash"),
    hooks: ["defer-deploy.sh"],
    payload: tool(
      "PreToolUse",
      "Bash",
      { command: "./deploy.sh production", description: "Deploy" },
      { permission_mode: "bypassPermissions" }
    ),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "DeferTool", reason: "deploys wait for the release manager" }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: two hooks, deny beats allow and both contexts are kept",
    about:
      "ref 4 decision merge deny > defer > ask > allow; ref 4 additionalContext from several hooks: all delivered; arch 6.2 and 6.5",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              cmd(
                `jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", additionalContext: "lint config lives in eslint.config.js"}}'`
              ),
              cmd(
                `jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "force pushes are not allowed", additionalContext: "use --force-with-lease on your own branches"}}'`
              )
            ]
          }
        ]
      }
    },
    payload: tool("PreToolUse", "Bash", { command: "git push --force origin main" }),
    expect: {
      exitCode: 2,
      effects: [
        { _tag: "BlockTool", reason: "force pushes are not allowed" },
        { _tag: "InjectContext", text: "lint config lives in eslint.config.js" },
        { _tag: "InjectContext", text: "use --force-with-lease on your own branches" }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: a hook that logs before its JSON is reported, not used",
    about:
      "ref 3.4 (G#hook-json-has-no-effect) says Claude Code treats it as plain text and ignores it; arch 4 step 4 and 5.3 decide on purpose that claude-code does not recover it but reports it: Malformed, ShowUser{warning} + malformed-json, no BlockTool",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("noisy-json.sh"))], "Bash"),
    hooks: ["noisy-json.sh"],
    payload: tool("PreToolUse", "Bash", { command: "git push origin release" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "" } }],
      diagnostics: ["malformed-json"]
    }
  },
  {
    name: "cc PreToolUse: mcp__github__.* asks before a write",
    about:
      "ref 5 matchers: mcp__<server>__<tool>, use mcp__github__.* (a regex); ref 3.3 ask prompts the user; arch 5.1 AskPermission{reason}; not blocking (exit 0)",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("mcp-guard.sh"))], "mcp__github__.*"),
    hooks: ["mcp-guard.sh"],
    payload: tool("PreToolUse", "mcp__github__create_pull_request", {
      owner: "acme",
      repo: "app",
      title: "Fix parser",
      head: "fix",
      base: "main"
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "AskPermission", reason: "mcp__github__create_pull_request writes to GitHub" }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: mcp__github__.* runs for a read and says nothing",
    about: "ref 5: the regex matcher matches every tool of the server; the script exits 0 silently",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("mcp-guard.sh"))], "mcp__github__.*"),
    hooks: ["mcp-guard.sh"],
    payload: tool("PreToolUse", "mcp__github__get_issue", { owner: "acme", repo: "app", issue_number: 42 }),
    expect: { ...none, runs: 1 }
  },
  {
    name: "cc PreToolUse: if Bash(git commit:*) runs for git commit",
    about:
      "ref 5 common fields: `if` takes one permission rule on tool events; arch 7 `if` legacy prefix `git commit:*`",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("commit-guard.sh"), { if: "Bash(git commit:*)" })], "Bash"),
    hooks: ["commit-guard.sh"],
    payload: tool("PreToolUse", "Bash", { command: 'git commit -m "wip: parser"' }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "Run npm run lint before committing." }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cc PreToolUse: if Bash(git commit:*) runs for npm test && git commit",
    about: "arch 7 `if`: the command is split into simple commands; the hook runs if any matches",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("commit-guard.sh"), { if: "Bash(git commit:*)" })], "Bash"),
    hooks: ["commit-guard.sh"],
    payload: tool("PreToolUse", "Bash", { command: "npm test && git commit -m x" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "Run npm run lint before committing." }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cc PreToolUse: if Bash(git commit:*) does not run for git status",
    about: "ref 5 `if`: the hook runs only when the rule matches",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("commit-guard.sh"), { if: "Bash(git commit:*)" })], "Bash"),
    hooks: ["commit-guard.sh"],
    payload: tool("PreToolUse", "Bash", { command: "git status --short" }),
    expect: { ...none, runs: 0 }
  },
  {
    name: "cc PreToolUse: a bash-only script (arrays, [[ ]]) runs under bash",
    about:
      "ref 5 handler types: command hooks run in bash (`shell` default bash); arch 7 shell defaults to bash in both dialects",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("bash-only.sh"))], "Bash"),
    hooks: ["bash-only.sh"],
    payload: tool("PreToolUse", "Bash", { command: "git reset --hard HEAD~3" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "'git reset --hard' is forbidden here" }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: args exec form (no shell)",
    about:
      "ref 5 handler types: `args` gives exec form; arch 7: command is the program, args its argv; the hook runs in the project dir",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("python3", { args: [".claude/hooks/protect-env.py"] })], "Edit|Write|MultiEdit"),
    hooks: ["protect-env.py"],
    payload: tool("PreToolUse", "Edit", {
      file_path: "${PROJECT}/config/.env.production",
      old_string: "DEBUG=1",
      new_string: "DEBUG=0"
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: ".env.production holds secrets; edit .env.example instead" }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: an unknown future event next to PreToolUse",
    about:
      "ref 5: an unknown event name no longer invalidates the file; arch 7: a name close to none of the 33 is named once by validate, never on other events' runs",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: {
      hooks: {
        BeforeThinking: [{ hooks: [cmd("echo thinking >> thoughts.log")] }],
        PreToolUse: [{ matcher: "Bash", hooks: [cmd(cc("block-rm-rf.sh"))] }]
      }
    },
    hooks: ["block-rm-rf.sh"],
    payload: tool("PreToolUse", "Bash", { command: "rm -fr /tmp/cache" }),
    expect: {
      exitCode: 2,
      effects: [
        {
          _tag: "BlockTool",
          reason: "Blocked: 'rm -fr /tmp/cache' deletes recursively. Remove the files one by one or ask the user."
        }
      ],
      diagnostics: [],
      runs: 1
    }
  },
  // ---- PermissionRequest ----
  {
    name: "cc PermissionRequest: Python auto-approves a Read inside the project",
    about:
      "ref 3.3 PermissionRequest decision.behavior allow; arch 5.1 AllowTool; no tool_use_id in the payload (ref 1.2)",
    dialect: "claude-code",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [cmd(ccPy("approve-read.py"))], "Read"),
    hooks: ["approve-read.py"],
    payload: tool(
      "PermissionRequest",
      "Read",
      { file_path: "${PROJECT}/src/index.ts" },
      { permission_suggestions: [] }
    ),
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }], diagnostics: [] }
  },
  {
    name: "cc PermissionRequest: a Read outside the project is denied with a message",
    about: "ref 3.3 behavior deny, `message` goes to Claude; arch 5.1 BlockTool{reason: message}",
    dialect: "claude-code",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [cmd(ccPy("approve-read.py"))], "Read"),
    hooks: ["approve-read.py"],
    payload: tool("PermissionRequest", "Read", { file_path: "/etc/shadow" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "/etc/shadow is outside the project" }],
      diagnostics: []
    }
  },
  {
    name: "cc PermissionRequest: exit 2 is not honoured",
    about:
      "ref 2.2 PermissionRequest exit 2: flow unchanged, stderr discarded; arch 5.3/5.4: ignored with ignored-output",
    dialect: "claude-code",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [cmd("echo 'no writes on Fridays' >&2; exit 2")], "Write"),
    payload: tool("PermissionRequest", "Write", { file_path: "${PROJECT}/notes.md", content: "hi" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["ignored-output"] }
  },
  // ---- PermissionDenied ----
  {
    name: "cc PermissionDenied: retry for read-only git",
    about: "ref 3.3 PermissionDenied retry; arch 5.4 AllowRetry",
    dialect: "claude-code",
    event: "PermissionDenied",
    settings: on("PermissionDenied", [cmd(cc("retry-denied.sh"))], "Bash"),
    hooks: ["retry-denied.sh"],
    payload: tool(
      "PermissionDenied",
      "Bash",
      { command: "git status" },
      { permission_mode: "auto", reason: "classifier: command not in allowlist" }
    ),
    expect: { exitCode: 0, effects: [{ _tag: "AllowRetry" }], diagnostics: [] }
  },
  // ---- PostToolUse ----
  {
    name: "cc PostToolUse: post-edit check flags console.log (decision block)",
    about:
      "ref 3.2 PostToolUse decision block + reason to Claude (3.5); arch 5.1 PromptModel{reason}; jq pretty-prints the object",
    dialect: "claude-code",
    event: "PostToolUse",
    settings: on("PostToolUse", [cmd(cc("post-edit-check.sh"))], "Write|Edit"),
    hooks: ["post-edit-check.sh"],
    payload: tool(
      "PostToolUse",
      "Write",
      { file_path: "${PROJECT}/src/app.ts", content: "export const x = 1\nconsole.log(x)\n" },
      { tool_response: { filePath: "${PROJECT}/src/app.ts", success: true }, duration_ms: 12 }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "PromptModel", text: "app.ts still contains console.log; remove the debug output" }],
      diagnostics: []
    }
  },
  {
    name: "cc PostToolUse: Python redacts a token with updatedToolOutput",
    about: "ref 3.3 PostToolUse updatedToolOutput (only what Claude sees changes); arch 5.4 UpdateToolOutput{output}",
    dialect: "claude-code",
    event: "PostToolUse",
    settings: on("PostToolUse", [cmd(ccPy("redact-output.py"))], "Bash"),
    hooks: ["redact-output.py"],
    payload: tool(
      "PostToolUse",
      "Bash",
      { command: "cat ~/.config/gh/hosts.yml" },
      { tool_response: { stdout: "oauth_token: ghp_abcdEFGH12345678", stderr: "", interrupted: false, isImage: false } }
    ),
    expect: {
      exitCode: 0,
      effects: [
        {
          _tag: "UpdateToolOutput",
          output: { stdout: "oauth_token: ghp_[REDACTED]", stderr: "", interrupted: false, isImage: false }
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc PostToolUse: a hook over its 1 s timeout fails open with a notice",
    about:
      "ref 4: a timed-out hook is cancelled, its output discarded, no decision (fails open); arch 5.2 exitCode null -> ShowUser{error} saying what happened",
    dialect: "claude-code",
    event: "PostToolUse",
    settings: on("PostToolUse", [cmd(cc("slow-lint.sh"), { timeout: 1 })], "Write"),
    hooks: ["slow-lint.sh"],
    payload: tool(
      "PostToolUse",
      "Write",
      { file_path: "${PROJECT}/a.ts", content: "x" },
      { tool_response: { success: true } }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: { $includes: "slow-lint.sh" } }],
      diagnostics: []
    }
  },
  {
    name: "cc PostToolUse: async audit log runs in the background",
    about:
      "ref 5 handler types `async`; arch 7/8: with --wait-async a one-shot run waits for background hooks and reports them under `async`, not in effects",
    dialect: "claude-code",
    event: "PostToolUse",
    args: ["--wait-async"],
    settings: on("PostToolUse", [cmd(cc("audit-log.sh"), { async: true })]),
    hooks: ["audit-log.sh"],
    payload: tool(
      "PostToolUse",
      "Bash",
      { command: "npm ci" },
      { tool_response: { stdout: "added 312 packages", stderr: "" } }
    ),
    expect: {
      exitCode: 0,
      effects: [],
      diagnostics: [],
      async: 1,
      files: { "audit.jsonl": '{"tool":"Bash","id":"toolu_01ABCxyz"}\n' }
    }
  },
  {
    name: "cc PostToolUse: a plugin from --plugin-dir with ${CLAUDE_PLUGIN_ROOT}",
    about:
      "ref 5 plugins hooks/hooks.json, CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA (arch 7: $HOME/.claude/plugins/data/<name>, name from .claude-plugin/plugin.json); ref 2.2 PostToolUse exit 2: stderr to Claude; arch 7 plugins (--plugin-dir trusted like user settings), 5.2 PromptModel",
    dialect: "claude-code",
    event: "PostToolUse",
    plugins: ["cc-format"],
    args: ["--plugin-dir", "${PLUGINS}/cc-format"],
    payload: tool(
      "PostToolUse",
      "Write",
      { file_path: "${PROJECT}/src/index.ts", content: "export function f() {\n\treturn 1\n}\n" },
      { tool_response: { success: true } }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "PromptModel", text: "index.ts: use spaces, not tabs (cc-format at cc-format)" }],
      diagnostics: [],
      files: { "${HOME}/.claude/plugins/data/cc-format/formatted.txt": "index.ts\n" }
    }
  },
  // ---- PostToolUseFailure ----
  {
    name: "cc PostToolUseFailure: context about a refused connection",
    about: "ref 3.3 PostToolUseFailure additionalContext; arch 5.1 InjectContext",
    dialect: "claude-code",
    event: "PostToolUseFailure",
    settings: on("PostToolUseFailure", [cmd(ccPy("tool-failure-context.py"))], "Bash"),
    hooks: ["tool-failure-context.py"],
    payload: tool(
      "PostToolUseFailure",
      "Bash",
      { command: "npm run migrate" },
      { error: "Error: connect ECONNREFUSED 127.0.0.1:5432", is_interrupt: false }
    ),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "InjectContext", text: "The dev database is not running; start it with `docker compose up -d db`." }
      ],
      diagnostics: []
    }
  },
  // ---- PostToolBatch ----
  {
    name: "cc PostToolBatch: decision block stops the loop",
    about:
      "ref 2.2/3.2 PostToolBatch block stops the agentic loop; arch 5.4 StopAgent{reason}; StopAgent blocks (exit 2)",
    dialect: "claude-code",
    event: "PostToolBatch",
    settings: on("PostToolBatch", [cmd(cc("batch-guard.sh"))]),
    hooks: ["batch-guard.sh"],
    payload: base("PostToolBatch", {
      permission_mode: "acceptEdits",
      tool_calls: [
        {
          tool_name: "Write",
          tool_input: { file_path: "${PROJECT}/db/migrations/004_users.sql" },
          tool_use_id: "toolu_1",
          tool_response: "ok"
        },
        {
          tool_name: "Write",
          tool_input: { file_path: "${PROJECT}/db/seeds/users.sql" },
          tool_use_id: "toolu_2",
          tool_response: "ok"
        }
      ]
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "StopAgent", reason: "migrations and seeds changed in one batch; review before continuing" }],
      diagnostics: []
    }
  },
  // ---- UserPromptSubmit ----
  {
    name: "cc UserPromptSubmit: jq --arg additionalContext",
    about: "ref 3.3 UserPromptSubmit additionalContext; arch 5.1 InjectContext",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [cmd(cc("prompt-context.sh"))]),
    hooks: ["prompt-context.sh"],
    setupFiles: { ".ticket": "PROJ-142" },
    payload: base("UserPromptSubmit", { permission_mode: "default", prompt: "fix the flaky parser test" }),
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "Current ticket: PROJ-142" }], diagnostics: [] }
  },
  {
    name: "cc UserPromptSubmit: exit 2 blocks the prompt",
    about: "ref 2.2 UserPromptSubmit exit 2 blocks, stderr to the user; arch 5.2 BlockPrompt",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [cmd(cc("prompt-context.sh"))]),
    hooks: ["prompt-context.sh"],
    payload: base("UserPromptSubmit", { permission_mode: "default", prompt: "deploy the hotfix to prod" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockPrompt", reason: "Deploys go through CI; do not run deploy scripts by hand." }],
      diagnostics: []
    }
  },
  {
    name: "cc UserPromptSubmit: an inline jq one-liner's plain stdout and a JSON context, both kept",
    about:
      "ref 2.1 exit 0 plain stdout on UserPromptSubmit is added to context; ref 3.5 all additionalContext values kept; arch 6.5",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: {
      hooks: {
        UserPromptSubmit: [
          { hooks: [cmd(`jq -r '"Prompt length: \\(.prompt | length) characters"'`)] },
          { hooks: [cmd(cc("prompt-context.sh"))] }
        ]
      }
    },
    hooks: ["prompt-context.sh"],
    payload: base("UserPromptSubmit", { permission_mode: "plan", prompt: "add tests" }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "InjectContext", text: "Prompt length: 9 characters" },
        { _tag: "InjectContext", text: "Current ticket: none" }
      ],
      diagnostics: []
    }
  },
  // ---- UserPromptExpansion ----
  {
    name: "cc UserPromptExpansion: /deploy is blocked",
    about: "ref 2.2 UserPromptExpansion exit 2 blocks the expansion, stderr to the user; arch 5.4 BlockPrompt",
    dialect: "claude-code",
    event: "UserPromptExpansion",
    settings: on("UserPromptExpansion", [cmd(cc("expansion-guard.sh"))]),
    hooks: ["expansion-guard.sh"],
    payload: base("UserPromptExpansion", {
      expansion_type: "slash_command",
      command_name: "deploy",
      command_args: "prod",
      command_source: "project",
      prompt: "Deploy to prod"
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockPrompt", reason: "/deploy is disabled in this repository; use the release pipeline" }],
      diagnostics: []
    }
  },
  // ---- SessionStart ----
  {
    name: "cc SessionStart: git context as plain stdout",
    about: "ref 2.1 SessionStart exit 0 plain stdout is added to context; arch 5.2 InjectContext (trimmed)",
    dialect: "claude-code",
    event: "SessionStart",
    settings: on("SessionStart", [cmd(cc("session-git-context.sh"))], "startup|resume"),
    hooks: ["session-git-context.sh"],
    setupFiles: { "TODO.md": "- parser\n- docs\n- release notes\n" },
    payload: base("SessionStart", { source: "startup", model: "claude-sonnet-4-5" }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "InjectContext", text: "Session startup; this project is not a git repository\nOpen TODO items: 3" }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc SessionStart: export FOO=bar to $CLAUDE_ENV_FILE under set -u",
    about: "ref 5 environment: CLAUDE_ENV_FILE on SessionStart; arch 7 env files, arch 8 `env` key",
    dialect: "claude-code",
    event: "SessionStart",
    settings: on("SessionStart", [cmd(cc("session-env.sh"))]),
    hooks: ["session-env.sh"],
    payload: base("SessionStart", { source: "startup" }),
    expect: { exitCode: 0, effects: [], diagnostics: [], env: { FOO: "bar", NODE_ENV: "development" } }
  },
  // ---- Setup ----
  {
    name: "cc Setup: JSON is discarded, the side effect happens",
    about:
      "ref 2.2 Setup: JSON discarded on every code (H; H-Aug honoured additionalContext, ref 9: newest wins); arch 5.4 claude-code: every field discarded (discarded-field)",
    dialect: "claude-code",
    event: "Setup",
    settings: on("Setup", [cmd(cc("setup.sh"))], "init"),
    hooks: ["setup.sh"],
    payload: base("Setup", { trigger: "init" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["discarded-field"], files: { ".cache/setup-done": "init\n" } }
  },
  // ---- SubagentStart / SubagentStop ----
  {
    name: "cc SubagentStart: context for Explore agents",
    about: "ref 3.3 SubagentStart additionalContext; matcher on agent_type; arch 5.1 InjectContext",
    dialect: "claude-code",
    event: "SubagentStart",
    settings: on("SubagentStart", [cmd(cc("subagent-start.sh"))], "Explore"),
    hooks: ["subagent-start.sh"],
    payload: base("SubagentStart", { agent_id: "agent_7f3", agent_type: "Explore" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "InjectContext", text: "You are a Explore agent. Source is in src/, tests in test/." }],
      diagnostics: []
    }
  },
  {
    name: "cc SubagentStop: a reviewer must end with a verdict",
    about: "ref 3.2 SubagentStop decision block + reason to the subagent; arch 5.1 BlockStop",
    dialect: "claude-code",
    event: "SubagentStop",
    settings: on("SubagentStop", [cmd(ccPy("subagent-stop.py"))], "code-reviewer"),
    hooks: ["subagent-stop.py"],
    payload: base("SubagentStop", {
      stop_hook_active: false,
      agent_id: "agent_9a1",
      agent_type: "code-reviewer",
      agent_transcript_path: "${HOME}/.claude/projects/-work-app/agent_9a1.jsonl",
      last_assistant_message: "The diff looks fine overall."
    }),
    expect: {
      exitCode: 2,
      effects: [
        { _tag: "BlockStop", reason: "End your review with 'VERDICT: approve' or 'VERDICT: changes requested'." }
      ],
      diagnostics: []
    }
  },
  // ---- Stop ----
  {
    name: "cc Stop: require tests (exit 2)",
    about: "ref 2.2 Stop exit 2: Claude does not stop, stderr is the reason; arch 5.2 BlockStop",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [cmd(cc("stop-require-tests.sh"))]),
    hooks: ["stop-require-tests.sh"],
    payload: base("Stop", {
      permission_mode: "default",
      stop_hook_active: false,
      last_assistant_message: "Done: the parser is fixed."
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockStop", reason: "Run the test suite (npm test) before finishing." }],
      diagnostics: []
    }
  },
  {
    name: "cc Stop: stop_hook_active lets Claude stop",
    about: "ref 3.5 stop_hook_active:true on re-entry; the script exits 0, nothing happens",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [cmd(cc("stop-require-tests.sh"))]),
    hooks: ["stop-require-tests.sh"],
    payload: base("Stop", { stop_hook_active: true, last_assistant_message: "Tests still fail, see above." }),
    expect: none
  },
  {
    name: "cc Stop: additionalContext feedback (indented Python JSON)",
    about:
      "ref 3.3 Stop additionalContext: non-error feedback, the conversation continues; arch 5.1 PromptModel (not blocking: exit 0)",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [cmd(ccPy("stop-feedback.py"))]),
    hooks: ["stop-feedback.py"],
    payload: base("Stop", {
      stop_hook_active: false,
      last_assistant_message: "Implemented it. TODO: handle empty input."
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "PromptModel", text: "You left a TODO in your answer; resolve it or explain why it stays." }],
      diagnostics: []
    }
  },
  // ---- StopFailure ----
  {
    name: "cc StopFailure: output is ignored, the log is written",
    about:
      "ref 2.2 StopFailure: output and exit code ignored except terminalSequence; arch 5.4 discards all but terminalSequence (discarded-field)",
    dialect: "claude-code",
    event: "StopFailure",
    settings: on("StopFailure", [cmd(cc("stop-failure.sh"))], "rate_limit|overloaded"),
    hooks: ["stop-failure.sh"],
    payload: base("StopFailure", { error: "rate_limit", last_assistant_message: "API Error: 429 rate limited" }),
    expect: {
      exitCode: 0,
      effects: [],
      diagnostics: ["discarded-field"],
      files: { "api-errors.log": `${SESSION} rate_limit\n` }
    }
  },
  // ---- TeammateIdle / TaskCreated / TaskCompleted ----
  {
    name: "cc TeammateIdle: exit 2 keeps the teammate working",
    about: "ref 2.2 TeammateIdle exit 2: the teammate keeps working, stderr is its feedback; arch 5.4 BlockStop",
    dialect: "claude-code",
    event: "TeammateIdle",
    settings: on("TeammateIdle", [cmd(cc("teammate-idle.sh"))]),
    hooks: ["teammate-idle.sh"],
    setupFiles: { ".queue": "review PR 12\nupdate changelog\n" },
    payload: base("TeammateIdle", { teammate_name: "alice", team_name: "core" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockStop", reason: "alice: 2 items are still queued; take the next one" }],
      diagnostics: []
    }
  },
  {
    name: "cc TaskCreated: exit 2 rolls back a task without description",
    about: "ref 2.2 TaskCreated exit 2: task rolled back, stderr to Claude as the tool error; arch 5.4 BlockTool",
    dialect: "claude-code",
    event: "TaskCreated",
    settings: on("TaskCreated", [cmd(cc("task-created.sh"))]),
    hooks: ["task-created.sh"],
    payload: base("TaskCreated", { task_id: "task_3", task_subject: "Refactor auth", task_description: "  " }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "Task 'Refactor auth' needs a description" }],
      diagnostics: []
    }
  },
  {
    name: "cc TaskCompleted: Python exit 2 keeps a test task open",
    about: "ref 2.2 TaskCompleted exit 2: not completed, stderr to the model; arch 5.4 BlockTool",
    dialect: "claude-code",
    event: "TaskCompleted",
    settings: on("TaskCompleted", [cmd(ccPy("task-completed.py"))]),
    hooks: ["task-completed.py"],
    payload: base("TaskCompleted", {
      task_id: "task_4",
      task_subject: "Add tests for the parser",
      task_description: "cover empty input"
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "'Add tests for the parser' is not done: no test-report.xml" }],
      diagnostics: []
    }
  },
  // ---- Notification ----
  {
    name: "cc Notification: Node logger",
    about: "ref 2.2 Notification exit 0: nothing; matcher on notification_type; the side effect is the log file",
    dialect: "claude-code",
    event: "Notification",
    settings: on("Notification", [cmd(ccNode("notify-log.mjs"))], "permission_prompt|idle_prompt"),
    hooks: ["notify-log.mjs"],
    payload: base("Notification", { message: "Claude is waiting for your input", notification_type: "idle_prompt" }),
    expect: { ...none, files: { "notifications.log": "idle_prompt: Claude is waiting for your input\n" } }
  },
  {
    name: "cc Notification: exit 2 is ignored",
    about: "ref 2.2 Notification exit 2: exit code and stderr ignored; arch 5.3: ignored with ignored-output",
    dialect: "claude-code",
    event: "Notification",
    settings: on("Notification", [
      cmd("command -v notify-send-missing >/dev/null || { echo 'notify-send-missing not installed' >&2; exit 2; }")
    ]),
    payload: base("Notification", {
      message: "Claude needs your permission to use Bash",
      notification_type: "permission_prompt"
    }),
    expect: { exitCode: 0, effects: [], diagnostics: ["ignored-output"] }
  },
  // ---- MessageDisplay ----
  {
    name: "cc MessageDisplay: hide internal hosts on screen",
    about: "ref 3.3 MessageDisplay displayContent (screen only); arch 5.4 ReplaceDisplay",
    dialect: "claude-code",
    event: "MessageDisplay",
    settings: on("MessageDisplay", [cmd(ccNode("display-rewrite.mjs"))]),
    hooks: ["display-rewrite.mjs"],
    payload: base("MessageDisplay", {
      turn_id: "turn_5",
      message_id: "msg_01",
      index: 0,
      final: true,
      delta: "Deployed to api-1.corp.internal and db.corp.internal."
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ReplaceDisplay", text: "Deployed to <internal host> and <internal host>." }],
      diagnostics: []
    }
  },
  // ---- InstructionsLoaded ----
  {
    name: "cc InstructionsLoaded: audit log",
    about: "ref 2.2 InstructionsLoaded: exit code ignored, no decision; matcher on load_reason",
    dialect: "claude-code",
    event: "InstructionsLoaded",
    settings: on("InstructionsLoaded", [cmd(cc("instructions-loaded.sh"))], "session_start"),
    hooks: ["instructions-loaded.sh"],
    payload: base("InstructionsLoaded", {
      file_path: "${PROJECT}/CLAUDE.md",
      memory_type: "Project",
      load_reason: "session_start"
    }),
    expect: { ...none, files: { "instructions.log": "Project session_start CLAUDE.md\n" } }
  },
  // ---- ConfigChange ----
  {
    name: "cc ConfigChange: block disableAllHooks in local settings",
    about: "ref 3.2 ConfigChange decision block blocks the change; arch 5.4 BlockAction (blocking: exit 2)",
    dialect: "claude-code",
    event: "ConfigChange",
    settings: on("ConfigChange", [cmd(cc("config-guard.sh"))], "local_settings|project_settings"),
    hooks: ["config-guard.sh"],
    setupFiles: { "${ROOT}/incoming/settings.local.json": '{ "disableAllHooks": true }\n' },
    payload: base("ConfigChange", { source: "local_settings", file_path: "${ROOT}/incoming/settings.local.json" }),
    expect: {
      exitCode: 2,
      effects: [
        { _tag: "BlockAction", reason: "disableAllHooks in ${ROOT}/incoming/settings.local.json is not allowed" }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc ConfigChange: a policy_settings change cannot be blocked",
    about:
      "ref 2.2 ConfigChange blocks the change, not policy_settings; arch 5.4 notes: applyPayloadRules turns the BlockAction into ignored-output",
    dialect: "claude-code",
    event: "ConfigChange",
    settings: on("ConfigChange", [cmd(cc("config-guard.sh"))]),
    hooks: ["config-guard.sh"],
    setupFiles: { "${ROOT}/incoming/managed-settings.json": '{ "disableAllHooks": true }\n' },
    payload: base("ConfigChange", { source: "policy_settings", file_path: "${ROOT}/incoming/managed-settings.json" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["ignored-output"] }
  },
  // ---- CwdChanged / FileChanged ----
  {
    name: "cc CwdChanged: direnv-style env file and watchPaths",
    about: "ref 5 CLAUDE_ENV_FILE on CwdChanged; ref 3.3 watchPaths; arch 5.4 WatchPaths, arch 8 `env`",
    dialect: "claude-code",
    event: "CwdChanged",
    settings: on("CwdChanged", [cmd(cc("cwd-changed.sh"))]),
    hooks: ["cwd-changed.sh"],
    setupFiles: { "packages/api/.envrc": "export API_PORT=4000\nexport DEBUG=api\nlayout node\n" },
    payload: base("CwdChanged", { old_cwd: "${PROJECT}", new_cwd: "${PROJECT}/packages/api" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "WatchPaths", paths: ["${PROJECT}/packages/api/.envrc"] }],
      diagnostics: [],
      env: { API_PORT: "4000", DEBUG: "api" }
    }
  },
  {
    name: "cc FileChanged: .envrc reloaded into the env file",
    about:
      "ref 1.2 FileChanged matcher: literal file names; ref 5 CLAUDE_ENV_FILE; ref 3.3 watchPaths; arch 5.4 WatchPaths",
    dialect: "claude-code",
    event: "FileChanged",
    settings: on("FileChanged", [cmd(cc("file-changed.sh"))], ".envrc"),
    hooks: ["file-changed.sh"],
    setupFiles: { ".envrc": "export DATABASE_URL=postgres://localhost/dev\n# comment\n" },
    payload: base("FileChanged", { file_path: "${PROJECT}/.envrc", event: "change" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "WatchPaths", paths: ["${PROJECT}/.envrc"] }],
      diagnostics: [],
      env: { DATABASE_URL: "postgres://localhost/dev" }
    }
  },
  // ---- DirectoryAdded ----
  {
    name: "cc DirectoryAdded: remember the extra root",
    about: "ref 2.2 DirectoryAdded exit 0: debug log; no decision; matcher on source",
    dialect: "claude-code",
    event: "DirectoryAdded",
    settings: on("DirectoryAdded", [cmd(cc("directory-added.sh"))], "slash_command"),
    hooks: ["directory-added.sh"],
    payload: base("DirectoryAdded", { directory: "${ROOT}/shared-lib", source: "slash_command" }),
    expect: { ...none, files: { ".claude/extra-roots": "${ROOT}/shared-lib\n" } }
  },
  // ---- WorktreeCreate / WorktreeRemove ----
  {
    name: "cc WorktreeCreate: the path is the last non-empty line after log lines",
    about: "ref 2.2 WorktreeCreate: the path is the last non-empty stdout line; arch 5.4 SetWorktreePath",
    dialect: "claude-code",
    event: "WorktreeCreate",
    settings: on("WorktreeCreate", [cmd(cc("worktree-create.sh"))]),
    hooks: ["worktree-create.sh"],
    payload: base("WorktreeCreate", { name: "feature-parser" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "SetWorktreePath", path: "${PROJECT}/.worktrees/feature-parser" }],
      diagnostics: []
    }
  },
  {
    name: "cc WorktreeRemove: exit 1 fails the removal",
    about:
      "ref 2.2 WorktreeRemove nonzero fails the removal while the directory exists; arch 5.4 BlockAction on any failure",
    dialect: "claude-code",
    event: "WorktreeRemove",
    settings: on("WorktreeRemove", [cmd(cc("worktree-remove.sh"))]),
    hooks: ["worktree-remove.sh"],
    setupFiles: { ".worktrees/feature-x/.dirty": "" },
    payload: base("WorktreeRemove", { worktree_path: "${PROJECT}/.worktrees/feature-x" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockAction", reason: "feature-x has uncommitted changes; not removing it" }],
      diagnostics: []
    }
  },
  // ---- PreCompact / PostCompact ----
  {
    name: "cc PreCompact: backup log on auto compaction (custom_instructions null)",
    about: "ref 1.2 PreCompact custom_instructions string or null; ref 2.2 exit 0: debug log, compaction proceeds",
    dialect: "claude-code",
    event: "PreCompact",
    settings: on("PreCompact", [cmd(cc("precompact-backup.sh"))], "auto"),
    hooks: ["precompact-backup.sh"],
    payload: base("PreCompact", { trigger: "auto", custom_instructions: null }),
    expect: { ...none, files: { ".claude/backups/compact.log": `${SESSION} trigger=auto instructions=none\n` } }
  },
  {
    name: "cc PostCompact: save the summary",
    about: "ref 2.2 PostCompact exit 0: debug log; no decision",
    dialect: "claude-code",
    event: "PostCompact",
    settings: on("PostCompact", [cmd(cc("post-compact.sh"))]),
    hooks: ["post-compact.sh"],
    payload: base("PostCompact", { trigger: "manual", compact_summary: "Refactored the parser; tests pending." }),
    expect: { ...none, files: { ".claude/backups/summaries.log": "[manual] Refactored the parser; tests pending.\n" } }
  },
  // ---- SessionEnd ----
  {
    name: "cc SessionEnd: cleanup",
    about: "ref 2.2 SessionEnd exit 0; matcher on reason; the 1.5 s budget is enough for a quick script (ref 4)",
    dialect: "claude-code",
    event: "SessionEnd",
    settings: on("SessionEnd", [cmd(cc("session-end.sh"))], "prompt_input_exit|logout"),
    hooks: ["session-end.sh"],
    setupFiles: { [`.scratch/${SESSION}/notes.txt`]: "x" },
    payload: base("SessionEnd", { reason: "prompt_input_exit" }),
    expect: { ...none, files: { "sessions.log": `ended ${SESSION} (prompt_input_exit)\n` } }
  },
  // ---- Elicitation / ElicitationResult ----
  {
    name: "cc Elicitation: exit 2 declines a credential request",
    about:
      "ref 2.2 Elicitation exit 2 denies, stderr shown nowhere; arch 5.4 AnswerElicitation{decline}, stderr only in a Diagnostic (code not named by arch: read as ignored-output)",
    dialect: "claude-code",
    event: "Elicitation",
    settings: on("Elicitation", [cmd(cc("elicitation-decline.sh"))]),
    hooks: ["elicitation-decline.sh"],
    payload: base("Elicitation", {
      mcp_server_name: "jira",
      message: "Enter your API key",
      mode: "form",
      elicitation_id: "el_1",
      requested_schema: { type: "object", properties: { key: { type: "string" } } }
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "AnswerElicitation", action: "decline" }],
      diagnostics: ["ignored-output"]
    }
  },
  {
    name: "cc ElicitationResult: Python fills the default branch",
    about: "ref 3.3 ElicitationResult action + content; arch 5.4 AnswerElicitation",
    dialect: "claude-code",
    event: "ElicitationResult",
    settings: on("ElicitationResult", [cmd(ccPy("elicitation-result.py"))], "github"),
    hooks: ["elicitation-result.py"],
    payload: base("ElicitationResult", {
      mcp_server_name: "github",
      action: "accept",
      content: { repo: "acme/app" },
      mode: "form",
      elicitation_id: "el_2"
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "AnswerElicitation", action: "accept", content: { repo: "acme/app", branch: "main" } }],
      diagnostics: []
    }
  },
  // ---- PreModelSwitch / PostModelSwitch ----
  {
    name: "cc PreModelSwitch: deny the expensive model",
    about: "ref 3.3 PreModelSwitch permissionDecision deny; arch 5.4 BlockAction (exit 2)",
    dialect: "claude-code",
    event: "PreModelSwitch",
    settings: on("PreModelSwitch", [cmd(cc("model-guard.sh"))]),
    hooks: ["model-guard.sh"],
    payload: base("PreModelSwitch", {
      from_model: "claude-sonnet-4-5",
      to_model: "claude-opus-4-1",
      requested_model: "opus",
      source: "command",
      context_tokens: 48000,
      prompt_cache_warm: true,
      cache_ttl: 300,
      estimated_cache_write_usd: 0.9,
      pricing: { input_per_mtok: 15, output_per_mtok: 75 }
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockAction", reason: "switching to claude-opus-4-1 needs approval from the team lead" }],
      diagnostics: []
    }
  },
  {
    name: "cc PostModelSwitch: plain stdout becomes context",
    about: "ref 2.1 PostModelSwitch exit 0 plain stdout is added to context; arch 5.4 InjectContext",
    dialect: "claude-code",
    event: "PostModelSwitch",
    settings: on("PostModelSwitch", [cmd(cc("post-model-switch.sh"))]),
    hooks: ["post-model-switch.sh"],
    payload: base("PostModelSwitch", {
      from_model: "claude-sonnet-4-5",
      to_model: "claude-haiku-4-5",
      requested_model: "haiku",
      source: "picker",
      context_tokens: 12000,
      prompt_cache_warm: false,
      cache_ttl: 300,
      estimated_cache_write_usd: 0.01,
      pricing: { input_per_mtok: 1, output_per_mtok: 5 }
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "InjectContext", text: "Model changed from claude-sonnet-4-5 to claude-haiku-4-5 (picker)." }],
      diagnostics: []
    }
  }
]

// ====== claude-code dialect: the finer rows ======

const jqOut = (object: string) => `jq -n '${object}'`

const claudeCodeRows: ReadonlyArray<CorpusCase> = [
  {
    name: "cc PreToolUse: exit 2 beats a JSON allow",
    about:
      "ref 3.4 exit 2 beats JSON: blocks even when the JSON says allow; the reason is stderr when the JSON has no blocking reason; arch 5.3",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("allow-but-exit2.sh"))], "Bash"),
    hooks: ["allow-but-exit2.sh"],
    payload: tool("PreToolUse", "Bash", { command: "git commit -am 'add config'" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "secrets scanner found an AWS key in the diff" }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: exit 2 with schema-invalid JSON still blocks with stderr",
    about:
      "ref 3.4 exit 2 with JSON that fails the schema still blocks, stderr the reason (CL 2.1.214); arch 4.5 the invalid field is dropped with invalid-field",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          `${jqOut('{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "maybe"}}')}; echo "unsure about this command" >&2; exit 2`
        )
      ],
      "Bash"
    ),
    payload: tool("PreToolUse", "Bash", { command: "dd if=/dev/zero of=disk.img" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "unsure about this command" }],
      diagnostics: ["invalid-field"]
    }
  },
  {
    name: "cc PreToolUse: exit 1 with valid JSON: the JSON decides",
    about: "ref 2.1 any other code with a valid object: the exit code is ignored and the JSON alone decides; arch 5.1",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          `${jqOut('{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "production database"}}')}; exit 1`
        )
      ],
      "Bash"
    ),
    payload: tool("PreToolUse", "Bash", { command: "psql $PROD_URL -c 'drop table users'" }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "production database" }], diagnostics: [] }
  },
  {
    name: "cc PreToolUse: exit 1 without JSON is a non-blocking notice",
    about: "ref 2.2 PreToolUse other code: notice, the call goes on; arch 5.2 ShowUser{error} with the stderr",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("echo 'eslint: command not found' >&2; exit 127")], "Write"),
    payload: tool("PreToolUse", "Write", { file_path: "${PROJECT}/a.js", content: "x" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: { $includes: "eslint: command not found" } }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: onFailure block turns a crash into a block",
    about: "ref 4 onFailure 'block': an exit code other than 0 or 2 counts as exit 2; arch 5.2",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [cmd("python3 -c 'import sys; import nonexistent_guard_module'", { onFailure: "block" })],
      "Bash"
    ),
    payload: tool("PreToolUse", "Bash", { command: "make release" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: { $includes: "nonexistent_guard_module" } }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: legacy decision approve",
    about:
      "ref 3.2 top-level decision is deprecated for PreToolUse, approve maps to allow; arch 5.1 AllowTool + deprecated-field",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(`echo '{"decision": "approve", "reason": "read-only command"}'`)], "Bash"),
    payload: tool("PreToolUse", "Bash", { command: "git log --oneline -5" }),
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }], diagnostics: ["deprecated-field"] }
  },
  {
    name: "cc PreToolUse: Edit.* is unanchored and matches NotebookEdit",
    about: "ref 5 matchers: anything else is an unanchored RegExp.test, so Edit.* also matches NotebookEdit; arch 5.3",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("echo 'notebooks are read-only' >&2; exit 2")], "Edit.*"),
    payload: tool("PreToolUse", "NotebookEdit", { notebook_path: "${PROJECT}/analysis.ipynb", new_source: "print(1)" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "notebooks are read-only" }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cc PreToolUse: the same hook in user and project settings runs once",
    about: "ref 4 dedup: the same handler defined in more than one settings file runs once; arch 6",
    dialect: "claude-code",
    event: "PreToolUse",
    userSettings: on("PreToolUse", [cmd('echo "$(date +%s) $(jq -r .tool_name)" >> "$HOME/tools.log"')], "Bash"),
    settings: on("PreToolUse", [cmd('echo "$(date +%s) $(jq -r .tool_name)" >> "$HOME/tools.log"')], "Bash"),
    payload: tool("PreToolUse", "Bash", { command: "npm ci" }),
    expect: { ...none, runs: 1 }
  },
  {
    name: "cc PreToolUse: project disableAllHooks false beats user true",
    about:
      "ref 5 switches: the value left after precedence applies, a project false beats a user true; arch 7 (last of user, project, local decides)",
    dialect: "claude-code",
    event: "PreToolUse",
    userSettings: on("PreToolUse", [cmd("echo 'user guard' >&2; exit 2")], "Bash", { disableAllHooks: true }),
    settings: on("PreToolUse", [cmd("exit 0")], "Bash", { disableAllHooks: false }),
    payload: tool("PreToolUse", "Bash", { command: "ls" }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "user guard" }], diagnostics: [], runs: 2 }
  },
  {
    name: "cc PreToolUse: managed allowManagedHooksOnly keeps project hooks from running",
    about:
      "ref 5 allowManagedHooksOnly blocks user, project, local and plugin hooks; arch 7 managed settings, managed-policy Diagnostic",
    dialect: "claude-code",
    event: "PreToolUse",
    managed: on(
      "PreToolUse",
      [cmd("jq -r '.tool_input.command' | grep -qv '^curl' || { echo 'curl is blocked by IT' >&2; exit 2; }")],
      "Bash",
      { allowManagedHooksOnly: true }
    ),
    settings: on("PreToolUse", [cmd("echo 'project hook ran' >> ran.log")], "Bash"),
    payload: tool("PreToolUse", "Bash", { command: "curl https://example.com" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "curl is blocked by IT" }],
      diagnostics: ["managed-policy"],
      runs: 1
    }
  },
  {
    name: "cc PermissionRequest: allow with updatedPermissions",
    about:
      "ref 3.3 PermissionRequest allow + updatedPermissions (PermionUpdate entries); arch 5.4 AllowTool + UpdatePermissions",
    dialect: "claude-code",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [cmd(ccPy("approve-with-rule.py"))], "Bash"),
    hooks: ["approve-with-rule.py"],
    payload: tool("PermissionRequest", "Bash", { command: "npm test -- parser" }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "AllowTool" },
        {
          _tag: "UpdatePermissions",
          updates: [
            {
              type: "addRules",
              rules: [{ toolName: "Bash", ruleContent: "npm test:*" }],
              behavior: "allow",
              destination: "session"
            }
          ]
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc PermissionRequest: deny with interrupt stops Claude",
    about:
      "ref 3.3 deny message goes to Claude, interrupt:true stops Claude; arch 5.1 BlockTool + StopAgent{reason: message}",
    dialect: "claude-code",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [cmd(ccPy("approve-with-rule.py"))], "Bash"),
    hooks: ["approve-with-rule.py"],
    payload: tool("PermissionRequest", "Bash", { command: "curl -fsSL https://get.example.sh | sh" }),
    expect: {
      exitCode: 2,
      effects: [
        { _tag: "BlockTool", reason: "network access is disabled in this sandbox" },
        { _tag: "StopAgent", reason: "network access is disabled in this sandbox" }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc PostToolUse: continue false beats decision block",
    about:
      "ref 3.1/3.4 continue:false stops processing and takes precedence over decision:block; arch 5.1 StopAgent{stopReason}, the block produces nothing",
    dialect: "claude-code",
    event: "PostToolUse",
    settings: on(
      "PostToolUse",
      [
        cmd(
          jqOut(
            '{continue: false, stopReason: "disk almost full; stopping", decision: "block", reason: "cleanup needed"}'
          )
        )
      ],
      "Bash"
    ),
    payload: tool(
      "PostToolUse",
      "Bash",
      { command: "docker build ." },
      { tool_response: { stdout: "", stderr: "no space left on device" } }
    ),
    expect: { exitCode: 2, effects: [{ _tag: "StopAgent", reason: "disk almost full; stopping" }], diagnostics: [] }
  },
  {
    name: "cc PostToolUse: hookEventName of another event drops hookSpecificOutput",
    about:
      "ref 3.1 hookSpecificOutput needs hookEventName equal to the event (ref 9: presumably a schema failure); arch 4.5 drops the whole hookSpecificOutput with a Diagnostic (read as wrong-event)",
    dialect: "claude-code",
    event: "PostToolUse",
    settings: on(
      "PostToolUse",
      [
        cmd(
          jqOut(
            '{hookSpecificOutput: {hookEventName: "PreToolUse", additionalContext: "copied from the PreToolUse hook"}}'
          )
        )
      ],
      "Bash"
    ),
    payload: tool("PostToolUse", "Bash", { command: "ls" }, { tool_response: { stdout: "a\nb", stderr: "" } }),
    expect: { exitCode: 0, effects: [], diagnostics: ["wrong-event"] }
  },
  {
    name: "cc PostToolBatch: additionalContext",
    about: "ref 3.3 PostToolBatch additionalContext; arch 5.4 (else additionalContext) InjectContext",
    dialect: "claude-code",
    event: "PostToolBatch",
    settings: on("PostToolBatch", [
      cmd(
        `jq '{hookSpecificOutput: {hookEventName: "PostToolBatch", additionalContext: ("\\(.tool_calls | length) tools ran in this batch")}}'`
      )
    ]),
    payload: base("PostToolBatch", {
      tool_calls: [
        { tool_name: "Read", tool_input: { file_path: "${PROJECT}/a.ts" }, tool_use_id: "toolu_a" },
        { tool_name: "Read", tool_input: { file_path: "${PROJECT}/b.ts" }, tool_use_id: "toolu_b" }
      ]
    }),
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "2 tools ran in this batch" }], diagnostics: [] }
  },
  {
    name: "cc UserPromptSubmit: block with suppressOriginalPrompt",
    about:
      "ref 3.3 UserPromptSubmit suppressOriginalPrompt leaves out the original prompt; arch 5.4 BlockPrompt{reason, suppressOriginalPrompt}",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [
      cmd(
        `jq 'if (.prompt | test("sk-[A-Za-z0-9]{10,}")) then {decision: "block", reason: "Your prompt contains an API key; it was not sent.", hookSpecificOutput: {hookEventName: "UserPromptSubmit", suppressOriginalPrompt: true}} else empty end'`
      )
    ]),
    payload: base("UserPromptSubmit", { prompt: "use the key sk-abcdefghijklmnop to call the API" }),
    expect: {
      exitCode: 2,
      effects: [
        {
          _tag: "BlockPrompt",
          reason: "Your prompt contains an API key; it was not sent.",
          suppressOriginalPrompt: true
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc UserPromptSubmit: context over 10,000 characters is capped",
    about:
      "ref 6: additionalContext capped at 10,000 characters, saved to a file, replaced by its path and a 2,000-character preview; arch 5.3 text and context-capped",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [
      cmd(
        `python3 -c 'import json; print(json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "x" * 12000}}))'`
      )
    ]),
    payload: base("UserPromptSubmit", { prompt: "summarise the logs" }),
    expect: {
      exitCode: 0,
      effects: [
        {
          _tag: "InjectContext",
          text: { $includes: "[hook output of 12000 characters, over the 10000-character limit, saved to " }
        }
      ],
      diagnostics: ["context-capped"]
    }
  },
  {
    name: "cc SessionStart: exit 2 cannot block, the user sees stderr",
    about: "ref 2.2 SessionStart exit 2: cannot block; stderr shown to the user as a notice; arch 5.2 ShowUser{error}",
    dialect: "claude-code",
    event: "SessionStart",
    settings: on("SessionStart", [
      cmd("test -d node_modules || { echo 'node_modules missing: run npm ci' >&2; exit 2; }")
    ]),
    payload: base("SessionStart", { source: "startup" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: "node_modules missing: run npm ci" }],
      diagnostics: []
    }
  },
  {
    name: "cc SessionStart: sessionTitle on clear is discarded; watchPaths kept",
    about:
      "ref 3.3 SessionStart sessionTitle only on startup, resume and fork; watchPaths; arch 5.4 notes (applyPayloadRules: discarded-field)",
    dialect: "claude-code",
    event: "SessionStart",
    settings: on("SessionStart", [
      cmd(
        `jq -n --arg p "$CLAUDE_PROJECT_DIR/.envrc" '{hookSpecificOutput: {hookEventName: "SessionStart", sessionTitle: "parser work", watchPaths: [$p]}}'`
      )
    ]),
    payload: base("SessionStart", { source: "clear" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "WatchPaths", paths: ["${PROJECT}/.envrc"] }],
      diagnostics: ["discarded-field"]
    }
  },
  {
    name: "cc Setup: exit 2 is ignored",
    about: "ref 2.2 Setup: exit code and stderr ignored; arch 5.4 claude-code ignored (ignored-output)",
    dialect: "claude-code",
    event: "Setup",
    settings: on("Setup", [cmd("echo 'brew not found' >&2; exit 2")]),
    payload: base("Setup", { trigger: "maintenance" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["ignored-output"] }
  },
  {
    name: "cc Stop: decision block without reason does not block",
    about: "ref 3.5 the Stop reason is required; arch 5.1 without reason: Diagnostic (missing-reason), no block",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [cmd(`echo '{"decision": "block"}'`)]),
    payload: base("Stop", { stop_hook_active: false }),
    expect: { exitCode: 0, effects: [], diagnostics: ["missing-reason"] }
  },
  {
    name: "cc Stop: onFailure block is ignored on Stop",
    about: "ref 4 onFailure is ignored on Stop; arch 5.4 notes; a crash is a notice",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [cmd("echo 'coverage tool crashed' >&2; exit 3", { onFailure: "block" })]),
    payload: base("Stop", { stop_hook_active: false }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: { $includes: "coverage tool crashed" } }],
      diagnostics: []
    }
  },
  {
    name: "cc StopFailure: a crashing logger is ignored but not silent",
    about: "ref 2.2 StopFailure: exit code ignored; arch 5.4 ignored rows leave ignored-output",
    dialect: "claude-code",
    event: "StopFailure",
    settings: on("StopFailure", [cmd("echo 'log dir missing' >&2; exit 1")]),
    payload: base("StopFailure", { error: "overloaded" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["ignored-output"] }
  },
  {
    name: "cc TaskCreated: continue false is ignored",
    about: "ref 3.2 TaskCreated: continue:false is ignored; arch 5.4 discards continue (discarded-field)",
    dialect: "claude-code",
    event: "TaskCreated",
    settings: on("TaskCreated", [cmd(jqOut('{continue: false, stopReason: "no new tasks today"}'))]),
    payload: base("TaskCreated", { task_id: "t9", task_subject: "Write docs", task_description: "README" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["discarded-field"] }
  },
  {
    name: "cc TeammateIdle: continue false stops the teammate",
    about: "ref 3.2 TeammateIdle continue:false + stopReason stops the teammate; arch 5.4 StopAgent",
    dialect: "claude-code",
    event: "TeammateIdle",
    settings: on("TeammateIdle", [cmd(jqOut('{continue: false, stopReason: "sprint is over"}'))]),
    payload: base("TeammateIdle", { teammate_name: "bob", team_name: "core" }),
    expect: { exitCode: 2, effects: [{ _tag: "StopAgent", reason: "sprint is over" }], diagnostics: [] }
  },
  {
    name: "cc ConfigChange: continue false is discarded",
    about: "ref 3.4 ConfigChange discards continue and systemMessage; arch 5.4 (discarded-field)",
    dialect: "claude-code",
    event: "ConfigChange",
    settings: on("ConfigChange", [
      cmd(jqOut('{continue: false, stopReason: "settings changed", systemMessage: "settings were edited"}'))
    ]),
    payload: base("ConfigChange", { source: "user_settings", file_path: "${HOME}/.claude/settings.json" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["discarded-field"] }
  },
  {
    name: "cc CwdChanged: systemMessage is kept, continue discarded",
    about:
      "ref 3.4 CwdChanged and FileChanged discard continue but keep systemMessage; arch 5.4 (ShowUser{warning} + discarded-field)",
    dialect: "claude-code",
    event: "CwdChanged",
    settings: on("CwdChanged", [
      cmd(`jq '{continue: false, systemMessage: ("now in " + (.new_cwd | split("/") | last))}'`)
    ]),
    payload: base("CwdChanged", { old_cwd: "${PROJECT}", new_cwd: "${PROJECT}/docs" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: "now in docs" }],
      diagnostics: ["discarded-field"]
    }
  },
  {
    name: "cc DirectoryAdded: exit 2 is ignored",
    about:
      "ref 2.2 DirectoryAdded exit 2: stderr to the debug log, the directory is already added; arch 5.4 ignored (ignored-output)",
    dialect: "claude-code",
    event: "DirectoryAdded",
    settings: on("DirectoryAdded", [cmd("echo 'not a git repository' >&2; exit 2")]),
    payload: base("DirectoryAdded", { directory: "/srv/data", source: "register_repo_root" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["ignored-output"] }
  },
  {
    name: "cc MessageDisplay: a crash shows the original",
    about: "ref 2.2 MessageDisplay other code: the original text is displayed; arch 5.4 ignored (ignored-output)",
    dialect: "claude-code",
    event: "MessageDisplay",
    settings: on("MessageDisplay", [cmd("echo 'filter crashed' >&2; exit 1")]),
    payload: base("MessageDisplay", { turn_id: "t", message_id: "m", index: 0, final: true, delta: "Hello" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["ignored-output"] }
  },
  {
    name: "cc WorktreeCreate: ANSI codes stripped from the path line",
    about: "ref 2.2 WorktreeCreate: the last non-empty stdout line, ANSI stripped; arch 5.4 SetWorktreePath",
    dialect: "claude-code",
    event: "WorktreeCreate",
    settings: on("WorktreeCreate", [cmd(cc("worktree-color.sh"))]),
    hooks: ["worktree-color.sh"],
    payload: base("WorktreeCreate", { name: "bugfix" }),
    expect: { exitCode: 0, effects: [{ _tag: "SetWorktreePath", path: "${PROJECT}/../wt-bugfix" }], diagnostics: [] }
  },
  {
    name: "cc WorktreeCreate: no path on stdout fails creation",
    about:
      "ref 2.2 WorktreeCreate replaces git, the path is the output; arch 5.4 notes: an empty stdout on exit 0 is BlockAction",
    dialect: "claude-code",
    event: "WorktreeCreate",
    settings: on("WorktreeCreate", [cmd("cat >/dev/null; git worktree prune 2>/dev/null; true")]),
    payload: base("WorktreeCreate", { name: "x" }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockAction", reason: { $includes: "" } }], diagnostics: [] }
  },
  {
    name: "cc PreModelSwitch: a timeout blocks the switch",
    about:
      "ref 4 what a timeout means: a PreModelSwitch timeout blocks; arch 5.4 a failure (timeout) blocks: BlockAction",
    dialect: "claude-code",
    event: "PreModelSwitch",
    settings: on("PreModelSwitch", [cmd("sleep 5", { timeout: 1 })]),
    payload: base("PreModelSwitch", {
      from_model: "claude-sonnet-4-5",
      to_model: "claude-haiku-4-5",
      requested_model: null,
      source: "sdk",
      context_tokens: 1000,
      prompt_cache_warm: false,
      cache_ttl: 300,
      estimated_cache_write_usd: 0,
      pricing: {}
    }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockAction", reason: { $includes: "" } }], diagnostics: [] }
  },
  {
    name: "cc SessionEnd: hooks share a 1.5 s budget",
    about:
      "ref 4: SessionEnd hooks share a 1.5 s budget (no per-hook timeout raises it); arch 5.3: a hook gets what is left, then times out: ShowUser{error}; the upload never happens",
    dialect: "claude-code",
    event: "SessionEnd",
    settings: on("SessionEnd", [cmd(cc("slow-cleanup.sh"))]),
    hooks: ["slow-cleanup.sh"],
    payload: base("SessionEnd", { reason: "other" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: { $includes: "slow-cleanup.sh" } }],
      diagnostics: [],
      files: { "upload.log": null }
    }
  },
  {
    name: "cc Elicitation: JSON accept with content",
    about: "ref 3.3 Elicitation action + content; arch 5.4 AnswerElicitation",
    dialect: "claude-code",
    event: "Elicitation",
    settings: on(
      "Elicitation",
      [
        cmd(
          `jq '{hookSpecificOutput: {hookEventName: "Elicitation", action: "accept", content: {environment: "staging"}}}'`
        )
      ],
      "deploy-server"
    ),
    payload: base("Elicitation", {
      mcp_server_name: "deploy-server",
      message: "Which environment?",
      mode: "form",
      requested_schema: { type: "object" }
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "AnswerElicitation", action: "accept", content: { environment: "staging" } }],
      diagnostics: []
    }
  }
]

const waveRows: ReadonlyArray<CorpusCase> = [
  {
    name: "wave PreToolUse: Edit.* is anchored and does not match NotebookEdit",
    about:
      "arch 7 matchers: a regex is tested against the whole name (anchored) in the wave dialect (unanchored only in claude-code, 5.3)",
    dialect: "wave",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("echo 'no edits' >&2; exit 2")], "Edit.*"),
    payload: tool("PreToolUse", "NotebookEdit", { notebook_path: "${PROJECT}/a.ipynb", new_source: "" }),
    expect: { ...none, runs: 0 }
  },
  {
    name: "wave PreToolUse: a guard that forgot the wrapper does not fail open",
    about: "arch 4.5 wave: a hook-specific field at the top level is used (unwrapped-field)",
    dialect: "wave",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [cmd(`echo '{"permissionDecision": "deny", "permissionDecisionReason": "no network tools"}'`)],
      "WebFetch"
    ),
    payload: tool("PreToolUse", "WebFetch", { url: "https://example.com", prompt: "summarise" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "no network tools" }],
      diagnostics: ["unwrapped-field"]
    }
  },
  {
    name: "wave SessionStart: exit 2 is a notice",
    about: "arch 5.2 SessionStart exit 2: ShowUser{error}, cannot block",
    dialect: "wave",
    event: "SessionStart",
    settings: on("SessionStart", [cmd("echo 'docker is not running' >&2; exit 2")]),
    payload: base("SessionStart", { source: "startup" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: "docker is not running" }],
      diagnostics: []
    }
  }
]

// ====== claude-code dialect: reading, merging, environment ======

const claudeCodeMore: ReadonlyArray<CorpusCase> = [
  {
    name: "cc PreToolUse: plain stdout on exit 0 goes nowhere",
    about:
      "ref 2.1 exit 0: plain stdout goes to the debug log (PreToolUse is not a context event); arch 5.2 exit 0 '-'",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("echo 'checked: ok'")], "Bash"),
    payload: tool("PreToolUse", "Bash", { command: "npm run build" }),
    expect: { ...none, runs: 1 }
  },
  {
    name: "cc PreToolUse: ask and allow from two hooks: ask",
    about: "ref 4 merge deny > defer > ask > allow; arch 6.2 AskPermission, no AllowTool",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: {
      hooks: {
        PreToolUse: [
          {
            matcher: "Write",
            hooks: [cmd(jqOut('{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow"}}'))]
          },
          {
            matcher: "Write|Edit",
            hooks: [
              cmd(
                `jq 'if (.tool_input.file_path | test("/migrations/")) then {hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "migrations need a human"}} else empty end'`
              )
            ]
          }
        ]
      }
    },
    payload: tool("PreToolUse", "Write", { file_path: "${PROJECT}/db/migrations/005.sql", content: "alter table" }),
    expect: { exitCode: 0, effects: [{ _tag: "AskPermission", reason: "migrations need a human" }], diagnostics: [] }
  },
  {
    name: "cc PreToolUse: defer and ask from two hooks: defer",
    about: "ref 4 merge deny > defer > ask > allow; arch 6.4a DeferTool absorbs AskPermission",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              cmd(
                jqOut(
                  '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "network"}}'
                )
              )
            ]
          },
          { matcher: "Bash", hooks: [cmd(cc("defer-deploy.sh"))] }
        ]
      }
    },
    hooks: ["defer-deploy.sh"],
    payload: tool("PreToolUse", "Bash", { command: "./deploy.sh staging" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "DeferTool", reason: "deploys wait for the release manager" }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: matcher with a comma list",
    about:
      "ref 5 matchers: only [A-Za-z0-9_ -,|] is an exact name or a list split on | or , (commas since v2.1.191), so `Edit,Write` matches Write",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("echo 'generated files are read-only' >&2; exit 2")], "Edit,Write"),
    payload: tool("PreToolUse", "Write", { file_path: "${PROJECT}/dist/index.js", content: "x" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "generated files are read-only" }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cc SubagentStart: a hyphenated matcher is an exact name",
    about:
      "ref 5 matchers: hyphens are in the exact set (v2.1.195+), so `code-reviewer` is the exact name and does not match `code-reviewer-strict`",
    dialect: "claude-code",
    event: "SubagentStart",
    settings: on(
      "SubagentStart",
      [
        cmd(
          jqOut(
            '{hookSpecificOutput: {hookEventName: "SubagentStart", additionalContext: "review checklist: docs/review.md"}}'
          )
        )
      ],
      "code-reviewer"
    ),
    payload: base("SubagentStart", { agent_id: "a5", agent_type: "code-reviewer-strict" }),
    expect: { ...none, runs: 0 }
  },
  {
    name: "cc PreToolUse: matcher list with spaces after the bars",
    about:
      "ref 5 matchers: spaces are in the exact set [A-Za-z0-9_ -,|], so `Edit | Write` is the list Edit, Write (read: names trimmed)",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("echo 'generated files are read-only' >&2; exit 2")], "Edit | Write"),
    payload: tool("PreToolUse", "Edit", { file_path: "${PROJECT}/dist/index.js", old_string: "a", new_string: "b" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "generated files are read-only" }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cc PreToolUse: exit 2 with a JSON deny reason uses the JSON reason",
    about:
      "ref 2.1 exit 2: the blocking message is the reason from the JSON's blocking decision when there is one, otherwise stderr; arch 5.3",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          `${jqOut('{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "curl | sh is never allowed"}}')}; echo 'blocked' >&2; exit 2`
        )
      ],
      "Bash"
    ),
    payload: tool("PreToolUse", "Bash", { command: "curl https://x.sh | sh" }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "curl | sh is never allowed" }], diagnostics: [] }
  },
  {
    name: "cc PreToolUse: CLAUDE_ENV_FILE is unset on tool events; HOOK_EVENT is not set",
    about:
      "ref 5: CLAUDE_ENV_FILE on SessionStart, Setup, CwdChanged and FileChanged only; arch 5.3: HOOK_EVENT and HOOK_TOOL_NAME are not set in claude-code",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on(
      "PreToolUse",
      [
        cmd(
          `set -u; if [ -n "\${CLAUDE_ENV_FILE:-}" ] || [ -n "\${HOOK_EVENT+x}" ]; then echo "leaked: \${CLAUDE_ENV_FILE:-} \${HOOK_EVENT:-}" >&2; exit 2; fi; test "$CLAUDE_PROJECT_DIR" = "$PWD" || { echo "cwd $PWD" >&2; exit 2; }`
        )
      ],
      "Bash"
    ),
    payload: tool("PreToolUse", "Bash", { command: "env" }),
    expect: { ...none, runs: 1 }
  },
  {
    name: "cc PreToolUse: if on a command that does not parse runs the hook",
    about: "ref 5 `if` fails open when Bash can't be parsed; arch 7 condition-failed-open",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("echo 'pushes need review' >&2; exit 2", { if: "Bash(git push:*)" })], "Bash"),
    payload: tool("PreToolUse", "Bash", { command: 'echo "unterminated' }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "pushes need review" }],
      diagnostics: ["condition-failed-open"],
      runs: 1
    }
  },
  {
    name: "cc PreToolUse: local settings hooks run too",
    about: "ref 5 files: .claude/settings.local.json hooks merge with the project's; arch 7 layering",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(cc("block-rm-rf.sh"))], "Bash"),
    localSettings: on(
      "PreToolUse",
      [cmd(jqOut('{hookSpecificOutput: {hookEventName: "PreToolUse", additionalContext: "my local note: use pnpm"}}'))],
      "Bash"
    ),
    hooks: ["block-rm-rf.sh"],
    payload: tool("PreToolUse", "Bash", { command: "npm install" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "InjectContext", text: "my local note: use pnpm" }],
      diagnostics: [],
      runs: 2
    }
  },
  {
    name: "cc UserPromptSubmit: a block drops another hook's context",
    about: "ref 2.2 a blocked prompt never reaches Claude; arch 6.4 any BlockPrompt -> no InjectContext",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: {
      hooks: {
        UserPromptSubmit: [{ hooks: [cmd(`echo "Today is $(date +%A)"`)] }, { hooks: [cmd(cc("prompt-context.sh"))] }]
      }
    },
    hooks: ["prompt-context.sh"],
    payload: base("UserPromptSubmit", { prompt: "deploy now" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockPrompt", reason: "Deploys go through CI; do not run deploy scripts by hand." }],
      diagnostics: []
    }
  },
  {
    name: "cc UserPromptSubmit: exit 2 with a JSON block reason uses the JSON reason",
    about: "ref 2.1 exit 2: the JSON's blocking reason wins over stderr; arch 5.3",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [
      cmd(
        `${jqOut('{decision: "block", reason: "Prompts mentioning customer names are not allowed"}')}; echo 'blocked' >&2; exit 2`
      )
    ]),
    payload: base("UserPromptSubmit", { prompt: "email ACME Corp about the outage" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockPrompt", reason: "Prompts mentioning customer names are not allowed" }],
      diagnostics: []
    }
  },
  {
    name: "cc UserPromptSubmit: JSON log lines before the verdict are reported, not used",
    about:
      "ref 2.1: several JSON lines, one setting a hook-output field: the whole stdout is a parse failure (non-blocking error, not context); arch 4 step 4 / 5.3: Malformed, ShowUser{warning} + malformed-json",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [
      cmd(
        `echo '{"level":"info","msg":"loading ticket"}'; echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"ticket PROJ-7"}}'`
      )
    ]),
    payload: base("UserPromptSubmit", { prompt: "continue" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "" } }],
      diagnostics: ["malformed-json"]
    }
  },
  {
    name: "cc SessionStart: an optional field of a newer type still runs",
    about:
      "arch 8 (issue 12): a payload whose only invalid fields are optional runs, with invalid-field first; ref 1.2 model? is optional",
    dialect: "claude-code",
    event: "SessionStart",
    settings: on("SessionStart", [cmd(cc("session-git-context.sh"))]),
    hooks: ["session-git-context.sh"],
    payload: base("SessionStart", { source: "resume", model: { id: "claude-sonnet-4-5" } }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "InjectContext", text: "Session resume; this project is not a git repository\nOpen TODO items: 0" }
      ],
      diagnostics: ["invalid-field"]
    }
  },
  {
    name: 'cc SessionStart: export PATH="$PATH:..." in the env file',
    about:
      "ref 5 persist environment variables (the documented PATH example); arch 7 env files expand $NAME from the hook's environment",
    dialect: "claude-code",
    event: "SessionStart",
    settings: on("SessionStart", [
      cmd(`echo 'export PATH="$PATH:'"$CLAUDE_PROJECT_DIR"'/node_modules/.bin"' >> "$CLAUDE_ENV_FILE"`)
    ]),
    payload: base("SessionStart", { source: "startup" }),
    expect: { exitCode: 0, effects: [], diagnostics: [], env: { PATH: "${PATH}:${PROJECT}/node_modules/.bin" } }
  },
  {
    name: "cc SessionEnd: a per-hook timeout raises the budget",
    about:
      "ref 4: the SessionEnd budget is raised to the largest per-hook timeout up to 60 s; a 2 s job with timeout 5 finishes",
    dialect: "claude-code",
    event: "SessionEnd",
    settings: on("SessionEnd", [cmd(`sleep 2; echo flushed >> "$CLAUDE_PROJECT_DIR/flush.log"`, { timeout: 5 })]),
    payload: base("SessionEnd", { reason: "clear" }),
    expect: { ...none, files: { "flush.log": "flushed\n" } }
  },
  {
    name: "cc Stop: if on a non-tool event never runs",
    about: "ref 5 `if` is evaluated only on tool events; on other events a hook with `if` never runs; arch 7",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [cmd("echo 'should not run' >&2; exit 2", { if: "Bash(npm test:*)" })]),
    payload: base("Stop", { stop_hook_active: false }),
    expect: { ...none, runs: 0 }
  },
  {
    name: "cc Stop: a matcher on an event without one is ignored",
    about: "ref 1.2: on an event with no matcher field, a matcher is silently ignored (the hook runs)",
    dialect: "claude-code",
    event: "Stop",
    settings: on("Stop", [cmd(cc("stop-require-tests.sh"))], "Bash"),
    hooks: ["stop-require-tests.sh"],
    payload: base("Stop", { stop_hook_active: false }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockStop", reason: "Run the test suite (npm test) before finishing." }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cc SubagentStart: exit 2 cannot block",
    about: "ref 2.2 SubagentStart exit 2: cannot block, a notice; arch 5.2 ShowUser{error}",
    dialect: "claude-code",
    event: "SubagentStart",
    settings: on("SubagentStart", [cmd("echo 'agent quota reached' >&2; exit 2")]),
    payload: base("SubagentStart", { agent_id: "a2", agent_type: "general-purpose" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: "agent quota reached" }],
      diagnostics: []
    }
  },
  {
    name: "cc PreToolUse: a payload without tool_name still runs the hooks for every tool, and says so",
    about:
      "issue 12: never a whole run refused for one field (invalid-field); arch 7: a tool event without tool_name runs only the hooks matching every tool, with missing-tool-name and a warning",
    dialect: "claude-code",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd("exit 0")]),
    payload: base("PreToolUse", { tool_input: { command: "ls" } }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "without a tool_name" } }],
      diagnostics: ["invalid-field", "missing-tool-name"],
      runs: 1
    }
  }
]

// ====== more rows: the other exit codes of the newer events, and dialect contrasts ======

const exitRows: ReadonlyArray<CorpusCase> = [
  {
    name: "cc PermissionDenied: exit 2 is ignored",
    about:
      "ref 2.2 PermissionDenied: exit code and stderr ignored (the denial already happened); arch 5.4 ignored-output",
    dialect: "claude-code",
    event: "PermissionDenied",
    settings: on("PermissionDenied", [cmd("echo 'please allow this' >&2; exit 2")]),
    payload: tool(
      "PermissionDenied",
      "Bash",
      { command: "rm -rf /" },
      { permission_mode: "auto", reason: "destructive" }
    ),
    expect: { exitCode: 0, effects: [], diagnostics: ["ignored-output"] }
  },
  {
    name: "cc InstructionsLoaded: a crash is ignored",
    about: "ref 2.2 InstructionsLoaded: exit code ignored; arch 5.4 ignored-output",
    dialect: "claude-code",
    event: "InstructionsLoaded",
    settings: on("InstructionsLoaded", [cmd("echo 'audit db locked' >&2; exit 1")]),
    payload: base("InstructionsLoaded", {
      file_path: "${PROJECT}/.claude/rules/style.md",
      memory_type: "Project",
      load_reason: "path_glob_match",
      globs: ["src/**/*.ts"],
      trigger_file_path: "${PROJECT}/src/a.ts"
    }),
    expect: { exitCode: 0, effects: [], diagnostics: ["ignored-output"] }
  },
  {
    name: "cc PostCompact: exit 2 is a notice",
    about: "ref 2.2 PostCompact exit 2: stderr to the user only; arch 5.4 notice",
    dialect: "claude-code",
    event: "PostCompact",
    settings: on("PostCompact", [cmd("echo 'summary too short' >&2; exit 2")]),
    payload: base("PostCompact", { trigger: "auto", compact_summary: "x" }),
    expect: { exitCode: 0, effects: [{ _tag: "ShowUser", level: "error", text: "summary too short" }], diagnostics: [] }
  },
  {
    name: "cc PreCompact: exit 2 blocks a manual compaction",
    about: "ref 2.2 PreCompact exit 2 blocks compaction, stderr to the user on manual; arch 5.2 BlockCompaction",
    dialect: "claude-code",
    event: "PreCompact",
    settings: on("PreCompact", [cmd("echo 'save your notes first (npm run notes)' >&2; exit 2")], "manual"),
    payload: base("PreCompact", { trigger: "manual", custom_instructions: "focus on the parser" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockCompaction", reason: "save your notes first (npm run notes)" }],
      diagnostics: []
    }
  },
  {
    name: "cc CwdChanged: exit 2 is a notice",
    about: "ref 2.2 CwdChanged exit 2: stderr to the user only; arch 5.4 notice",
    dialect: "claude-code",
    event: "CwdChanged",
    settings: on("CwdChanged", [cmd("echo '.envrc is blocked; run direnv allow' >&2; exit 2")]),
    payload: base("CwdChanged", { old_cwd: "${PROJECT}", new_cwd: "${PROJECT}/api" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: ".envrc is blocked; run direnv allow" }],
      diagnostics: []
    }
  },
  {
    name: "cc ElicitationResult: exit 2 turns the answer into decline",
    about:
      "ref 2.2 ElicitationResult exit 2: the action becomes decline, stderr shown nowhere; arch 5.4 AnswerElicitation{decline} (stderr in a Diagnostic, read as ignored-output)",
    dialect: "claude-code",
    event: "ElicitationResult",
    settings: on("ElicitationResult", [cmd("echo 'answers to this server are not allowed' >&2; exit 2")]),
    payload: base("ElicitationResult", { mcp_server_name: "crm", action: "accept", content: { email: "a@b.c" } }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "AnswerElicitation", action: "decline" }],
      diagnostics: ["ignored-output"]
    }
  },
  {
    name: "cc PostModelSwitch: exit 2 is a notice",
    about: "ref 2.2 PostModelSwitch exit 2: stderr notice to the user only; arch 5.4 notice",
    dialect: "claude-code",
    event: "PostModelSwitch",
    settings: on("PostModelSwitch", [cmd("echo 'model not on the approved list' >&2; exit 2")]),
    payload: base("PostModelSwitch", {
      from_model: "a",
      to_model: "b",
      requested_model: null,
      source: "auto",
      context_tokens: 1,
      prompt_cache_warm: false,
      cache_ttl: 0,
      estimated_cache_write_usd: 0,
      pricing: {}
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: "model not on the approved list" }],
      diagnostics: []
    }
  },
  {
    name: "cc PreModelSwitch: defer is not a valid decision there",
    about:
      "ref 3.3 PreModelSwitch: allow, deny or ask only, no defer; arch 5.4 (`defer` is invalid: invalid-field, the switch goes on)",
    dialect: "claude-code",
    event: "PreModelSwitch",
    settings: on("PreModelSwitch", [
      cmd(jqOut('{hookSpecificOutput: {hookEventName: "PreModelSwitch", permissionDecision: "defer"}}'))
    ]),
    payload: base("PreModelSwitch", {
      from_model: "a",
      to_model: "b",
      requested_model: "b",
      source: "picker",
      context_tokens: 1,
      prompt_cache_warm: true,
      cache_ttl: 300,
      estimated_cache_write_usd: 0.2,
      pricing: {}
    }),
    expect: { exitCode: 0, effects: [], diagnostics: ["invalid-field"] }
  },
  {
    name: "cc Notification: exit 1 is a notice",
    about:
      "ref 2.2 Notification other code: not stated in H (the /hooks text says stderr to user only); arch 5.4 Notification other: notice",
    dialect: "claude-code",
    event: "Notification",
    settings: on("Notification", [cmd("echo 'terminal-notifier: not found' >&2; exit 1")]),
    payload: base("Notification", { message: "Task finished", notification_type: "agent_completed" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: { $includes: "terminal-notifier: not found" } }],
      diagnostics: []
    }
  },
  {
    name: "cc UserPromptSubmit: sessionTitle",
    about: "ref 3.3 UserPromptSubmit sessionTitle; arch 5.4 SetSessionTitle",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [
      cmd(`jq '{hookSpecificOutput: {hookEventName: "UserPromptSubmit", sessionTitle: (.prompt | .[0:24])}}'`)
    ]),
    payload: base("UserPromptSubmit", { prompt: "refactor the token parser to be streaming" }),
    expect: { exitCode: 0, effects: [{ _tag: "SetSessionTitle", title: "refactor the token parse" }], diagnostics: [] }
  },
  {
    name: "cc PreToolUse: project disableAllHooks true switches off the user's hooks too",
    about: "ref 5 disableAllHooks: the value left after precedence applies (project over user); arch 7",
    dialect: "claude-code",
    event: "PreToolUse",
    userSettings: on("PreToolUse", [cmd("echo 'user guard' >&2; exit 2")], "Bash"),
    settings: { disableAllHooks: true },
    payload: tool("PreToolUse", "Bash", { command: "ls" }),
    expect: { ...none, runs: 0 }
  },
  {
    name: "cc PreToolUse: user settings run without trust",
    about: "arch 7 trust: user settings are trusted; ref 5 ~/.claude/settings.json applies to every project",
    dialect: "claude-code",
    event: "PreToolUse",
    userSettings: on(
      "PreToolUse",
      [
        cmd(
          `jq -e '.tool_input.command | test("--no-verify")' >/dev/null && { echo 'do not skip the git hooks' >&2; exit 2; }; exit 0`
        )
      ],
      "Bash"
    ),
    payload: tool("PreToolUse", "Bash", { command: "git commit --no-verify -m wip" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "do not skip the git hooks" }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cc PostToolUse: two updatedToolOutput hooks chain",
    about:
      "ref 4 (DTS) says every hook sees the original output and the last write wins; arch 6.3 and 7 decide on purpose that sequential PostToolUse hooks chain (the second sees the first's output), the last in config order stands",
    dialect: "claude-code",
    event: "PostToolUse",
    settings: {
      hooks: {
        PostToolUse: [
          {
            matcher: "Bash",
            hooks: [
              cmd(
                `jq '{hookSpecificOutput: {hookEventName: "PostToolUse", updatedToolOutput: (.tool_response | .stdout += " [trimmed]")}}'`
              ),
              cmd(
                `jq '{hookSpecificOutput: {hookEventName: "PostToolUse", updatedToolOutput: (.tool_response | .stdout += " [checked]")}}'`
              )
            ]
          }
        ]
      }
    },
    payload: tool(
      "PostToolUse",
      "Bash",
      { command: "npm test" },
      { tool_response: { stdout: "42 passing", stderr: "" } }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "UpdateToolOutput", output: { stdout: "42 passing [trimmed] [checked]", stderr: "" } }],
      diagnostics: []
    }
  }
]

const waveMore: ReadonlyArray<CorpusCase> = [
  {
    name: "wave Notification: continue false is honoured",
    about:
      "arch 5.4: the wave dialect honours continue and systemMessage on every event (claude-code discards them on Notification)",
    dialect: "wave",
    event: "Notification",
    settings: on("Notification", [
      cmd(jqOut('{continue: false, stopReason: "budget exhausted", systemMessage: "stopping: budget"}'))
    ]),
    payload: base("Notification", { message: "x", notification_type: "idle_prompt" }),
    expect: {
      exitCode: 2,
      effects: [
        { _tag: "StopAgent", reason: "budget exhausted" },
        { _tag: "ShowUser", level: "warning", text: "stopping: budget" }
      ],
      diagnostics: []
    }
  },
  {
    name: "wave Setup: exit 2 is a notice",
    about: "arch 5.4 Setup (wave): exit 2 notice (claude-code ignores it)",
    dialect: "wave",
    event: "Setup",
    settings: on("Setup", [cmd("echo 'npm ci failed' >&2; exit 2")]),
    payload: base("Setup", { trigger: "init" }),
    expect: { exitCode: 0, effects: [{ _tag: "ShowUser", level: "error", text: "npm ci failed" }], diagnostics: [] }
  },
  {
    name: "wave Stop: a plugin named by the project settings",
    about:
      "arch 7 plugins: a project file's `plugins` (relative to the project) count once the file is trusted (trust records the plugin's hooks.json); ${WAVE_PLUGIN_ROOT} substituted, HOOK_EVENT set",
    dialect: "wave",
    event: "Stop",
    settings: { plugins: ["./tools/wave-guard"] },
    setupFiles: {
      "tools/wave-guard/hooks/hooks.json": JSON.stringify({
        description: "Project-local guard plugin",
        hooks: {
          Stop: [
            {
              hooks: [
                {
                  type: "command",
                  command:
                    'echo "checked by $(basename ${WAVE_PLUGIN_ROOT}) for $HOOK_EVENT" >> "$WAVE_PROJECT_DIR/plugin.log"'
                }
              ]
            }
          ]
        }
      })
    },
    payload: base("Stop", { stop_hook_active: false }),
    expect: { ...none, runs: 1, files: { "plugin.log": "checked by wave-guard for Stop\n" } }
  },
  {
    name: "wave PreToolUse: user settings in ~/.wave/settings.json",
    about: "arch 7 settings files: ~/.wave/settings.json (user, trusted); HOOK_TOOL_NAME is the tool",
    dialect: "wave",
    event: "PreToolUse",
    userSettings: on("PreToolUse", [
      cmd(`[ "$HOOK_TOOL_NAME" = "WebSearch" ] && { echo "web search is off in this company" >&2; exit 2; }; exit 0`)
    ]),
    payload: tool("PreToolUse", "WebSearch", { query: "effect-ts schema" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "web search is off in this company" }],
      diagnostics: []
    }
  }
]

const lastRows: ReadonlyArray<CorpusCase> = [
  {
    name: "cc SessionStart: the export -p diff pattern",
    about:
      'ref 5 persist environment variables (diff `export -p` before and after); arch 7 env files read bash\'s `declare -x NAME="..."`',
    dialect: "claude-code",
    event: "SessionStart",
    settings: on("SessionStart", [cmd(cc("export-diff.sh"))], "startup"),
    hooks: ["export-diff.sh"],
    payload: base("SessionStart", { source: "startup" }),
    expect: {
      exitCode: 0,
      effects: [],
      diagnostics: [],
      env: { NODE_OPTIONS: "--max-old-space-size=4096", JAVA_HOME: "/usr/lib/jvm/java-21 (default)" }
    }
  },
  {
    name: "cc PreToolUse: a project path with spaces",
    about:
      'ref 5: scripts are referenced as "$CLAUDE_PROJECT_DIR"/... so paths with spaces work; arch 7 trust hashes `"$CLAUDE_PROJECT_DIR"/x` scripts',
    dialect: "claude-code",
    event: "PreToolUse",
    projectDirName: "My Projects/web app",
    settings: on("PreToolUse", [cmd(cc("block-rm-rf.sh"))], "Bash"),
    hooks: ["block-rm-rf.sh"],
    payload: tool("PreToolUse", "Bash", { command: "rm -rf ./*" }),
    expect: {
      exitCode: 2,
      effects: [
        {
          _tag: "BlockTool",
          reason: "Blocked: 'rm -rf ./*' deletes recursively. Remove the files one by one or ask the user."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc UserPromptSubmit: newer common fields reach the hook",
    about: "ref 1.1 prompt_id, effort, scratchpad_dir; arch 2: unknown extra fields are kept and passed to the hook",
    dialect: "claude-code",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [
      cmd(`jq -r '"effort=\\(.effort.level) prompt=\\(.prompt_id) scratch=\\(.scratchpad_dir != null)"'`)
    ]),
    payload: base("UserPromptSubmit", {
      prompt: "go",
      prompt_id: "9b2f6c1e-0000-4000-8000-000000000001",
      effort: { level: "high" },
      scratchpad_dir: "${ROOT}/scratch"
    }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "InjectContext", text: "effort=high prompt=9b2f6c1e-0000-4000-8000-000000000001 scratch=true" }
      ],
      diagnostics: []
    }
  },
  {
    name: "cc SubagentStop: additionalContext is non-error feedback",
    about:
      "ref 3.3 Stop, SubagentStop additionalContext: non-error feedback, the subagent continues; arch 5.4 PromptModel",
    dialect: "claude-code",
    event: "SubagentStop",
    settings: on(
      "SubagentStop",
      [
        cmd(
          `jq 'if .stop_hook_active then empty else {hookSpecificOutput: {hookEventName: "SubagentStop", additionalContext: "also list the files you did not read"}} end'`
        )
      ],
      "Explore"
    ),
    payload: base("SubagentStop", {
      stop_hook_active: false,
      agent_id: "a3",
      agent_type: "Explore",
      agent_transcript_path: "${HOME}/a3.jsonl"
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "PromptModel", text: "also list the files you did not read" }],
      diagnostics: []
    }
  },
  {
    name: "cc FileChanged: unlink only re-arms the watch",
    about: "ref 1.2 FileChanged event unlink; ref 3.3 watchPaths; no env file variables, so no `env` key (arch 8)",
    dialect: "claude-code",
    event: "FileChanged",
    settings: on("FileChanged", [cmd(cc("file-changed.sh"))], ".envrc"),
    hooks: ["file-changed.sh"],
    payload: base("FileChanged", { file_path: "${PROJECT}/.envrc", event: "unlink" }),
    expect: { exitCode: 0, effects: [{ _tag: "WatchPaths", paths: ["${PROJECT}/.envrc"] }], diagnostics: [] }
  },
  {
    name: "cc Notification: terminalSequence is read but not carried out",
    about:
      "ref 3.1 terminalSequence (emitted by Claude Code; ignored in -p and the SDK); arch 5.4 notes: a field the engine has nothing to carry out with gives discarded-field, never unknown-field",
    dialect: "claude-code",
    event: "Notification",
    settings: on("Notification", [
      cmd(`jq -n --arg m "$(jq -r .message)" '{terminalSequence: ("\\u001b]9;" + $m + "\\u0007")}'`, {
        shell: "bash",
        statusMessage: "Notifying"
      })
    ]),
    payload: base("Notification", { message: "Claude needs your input", notification_type: "idle_prompt" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["discarded-field"] }
  },
  {
    name: "cc WorktreeCreate: a command hook's JSON worktreePath",
    about:
      "ref 3.2: worktreePath is read from HTTP hooks (a command hook's path is its last stdout line); arch 5.4 notes decide on purpose that the engine reads worktreePath from any hook",
    dialect: "claude-code",
    event: "WorktreeCreate",
    settings: on("WorktreeCreate", [
      cmd(
        `jq --arg d "$CLAUDE_PROJECT_DIR" '{hookSpecificOutput: {hookEventName: "WorktreeCreate", worktreePath: ($d + "/.trees/" + .name)}}'`
      )
    ]),
    payload: base("WorktreeCreate", { name: "spike" }),
    expect: { exitCode: 0, effects: [{ _tag: "SetWorktreePath", path: "${PROJECT}/.trees/spike" }], diagnostics: [] }
  }
]

// ====== wave dialect ======

const wave: ReadonlyArray<CorpusCase> = [
  {
    name: "wave PreToolUse: the rm -rf guard",
    about: "arch 5.2 PreToolUse exit 2 BlockTool (trimmed stderr)",
    dialect: "wave",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(wv("block-rm-rf.sh"))], "Bash"),
    hooks: ["block-rm-rf.sh"],
    payload: tool("PreToolUse", "Bash", { command: "rm -rf ~/projects/app" }),
    expect: {
      exitCode: 2,
      effects: [
        {
          _tag: "BlockTool",
          reason: "Blocked: 'rm -rf ~/projects/app' deletes recursively. Remove the files one by one or ask the user."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "wave PreToolUse: a verdict after log lines is recovered",
    about: "arch 4 step 4 (wave only): the last top-level object starting a line is the Json, with noisy-stdout",
    dialect: "wave",
    event: "PreToolUse",
    settings: on("PreToolUse", [cmd(wv("noisy-json.sh"))], "Bash"),
    hooks: ["noisy-json.sh"],
    payload: tool("PreToolUse", "Bash", { command: "git push origin release" }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "not on Fridays" }], diagnostics: ["noisy-stdout"] }
  },
  {
    name: "wave PreToolUse: plugin with ${WAVE_PLUGIN_ROOT}",
    about:
      "arch 7 plugins: hooks/hooks.json, ${WAVE_PLUGIN_ROOT} substituted when read, WAVE_PLUGIN_ROOT set; --plugin-dir trusted like user settings",
    dialect: "wave",
    event: "PreToolUse",
    plugins: ["wave-lint"],
    args: ["--plugin-dir", "${PLUGINS}/wave-lint"],
    payload: tool("PreToolUse", "Bash", { command: "sudo apt-get install ripgrep" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "sudo is not allowed (wave-lint)" }],
      diagnostics: []
    }
  },
  {
    name: "wave PostToolUse: post-edit check (decision block)",
    about: "arch 5.1 PostToolUse decision block -> PromptModel{reason}",
    dialect: "wave",
    event: "PostToolUse",
    settings: on("PostToolUse", [cmd(wv("post-edit-check.sh"))], "Write|Edit"),
    hooks: ["post-edit-check.sh"],
    payload: tool(
      "PostToolUse",
      "Write",
      { file_path: "${PROJECT}/web/main.js", content: "console.log('boot')\n" },
      { tool_response: { success: true } }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "PromptModel", text: "main.js still contains console.log; remove the debug output" }],
      diagnostics: []
    }
  },
  {
    name: "wave PostToolUse: async: true audit log",
    about: "arch 7 async: not in effects; arch 8 `async` list in a one-shot run with --wait-async",
    dialect: "wave",
    event: "PostToolUse",
    args: ["--wait-async"],
    settings: on("PostToolUse", [
      cmd(`jq -c '{tool: .tool_name, event: env.HOOK_EVENT}' >> "$WAVE_PROJECT_DIR/audit.jsonl"`, { async: true })
    ]),
    payload: tool("PostToolUse", "Read", { file_path: "${PROJECT}/README.md" }, { tool_response: { type: "text" } }),
    expect: {
      exitCode: 0,
      effects: [],
      diagnostics: [],
      async: 1,
      files: { "audit.jsonl": '{"tool":"Read","event":"PostToolUse"}\n' }
    }
  },
  {
    name: "wave UserPromptSubmit: HOOK_EVENT and an empty HOOK_TOOL_NAME under set -u",
    about:
      "arch 7: wave sets HOOK_EVENT and HOOK_TOOL_NAME (empty when there is no tool) on every event; arch 5.2 UserPromptSubmit stdout -> InjectContext",
    dialect: "wave",
    event: "UserPromptSubmit",
    settings: on("UserPromptSubmit", [
      cmd(`set -u; echo "event=$HOOK_EVENT tool=[$HOOK_TOOL_NAME] project=$(basename "$WAVE_PROJECT_DIR")"`)
    ]),
    payload: base("UserPromptSubmit", { prompt: "explain the build" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "InjectContext", text: { $includes: "event=UserPromptSubmit tool=[] project=" } }],
      diagnostics: []
    }
  },
  {
    name: "wave Stop: require tests (exit 2)",
    about: "arch 5.2 Stop exit 2 BlockStop",
    dialect: "wave",
    event: "Stop",
    settings: on("Stop", [cmd(wv("wave-stop-tests.sh"))]),
    hooks: ["wave-stop-tests.sh"],
    payload: base("Stop", { stop_hook_active: false, last_assistant_message: "All done." }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockStop", reason: "Stop: run the tests (npm test) before stopping" }],
      diagnostics: []
    }
  },
  {
    name: "wave Stop: Python additionalContext feedback",
    about: "arch 5.1 Stop additionalContext -> PromptModel",
    dialect: "wave",
    event: "Stop",
    settings: on("Stop", [cmd(wvPy("stop-feedback.py"))]),
    hooks: ["stop-feedback.py"],
    payload: base("Stop", { stop_hook_active: false, last_assistant_message: "TODO: wire the CLI flag" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "PromptModel", text: "You left a TODO in your answer; resolve it or explain why it stays." }],
      diagnostics: []
    }
  },
  {
    name: "wave SubagentStop: the same guard, keyed by HOOK_EVENT",
    about: "arch 5.2 SubagentStop exit 2 BlockStop; HOOK_EVENT names the event",
    dialect: "wave",
    event: "SubagentStop",
    settings: on("SubagentStop", [cmd(wv("wave-stop-tests.sh"))], "general-purpose"),
    hooks: ["wave-stop-tests.sh"],
    payload: base("SubagentStop", {
      stop_hook_active: false,
      agent_id: "a1",
      agent_type: "general-purpose",
      agent_transcript_path: "${HOME}/a1.jsonl"
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockStop", reason: "SubagentStop: run the tests (npm test) before stopping" }],
      diagnostics: []
    }
  },
  {
    name: "wave SessionStart: additionalContext and initialUserMessage (Node)",
    about: "arch 5.4 SessionStart additionalContext InjectContext, initialUserMessage SendUserMessage",
    dialect: "wave",
    event: "SessionStart",
    settings: on("SessionStart", [cmd(wvNode("wave-session-start.mjs"))]),
    hooks: ["wave-session-start.mjs"],
    setupFiles: { "PLAN.md": "finish the parser\n" },
    payload: base("SessionStart", { source: "startup" }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "InjectContext", text: "Session startup; event SessionStart" },
        { _tag: "SendUserMessage", text: "Continue with: finish the parser" }
      ],
      diagnostics: []
    }
  },
  {
    name: "wave SessionStart: WAVE_ENV_FILE with the settings env map",
    about: "arch 7: settings-level env added to every hook; WAVE_ENV_FILE on SessionStart; arch 8 `env`",
    dialect: "wave",
    event: "SessionStart",
    settings: on("SessionStart", [cmd(wv("wave-env.sh"))], undefined, { env: { STAGE: "dev" } }),
    hooks: ["wave-env.sh"],
    payload: base("SessionStart", { source: "resume" }),
    expect: { exitCode: 0, effects: [], diagnostics: [], env: { WAVE_STAGE: "dev", LAST_HOOK_EVENT: "SessionStart" } }
  },
  {
    name: "wave PreCompact: block manual compaction during a migration",
    about: "arch 5.1 PreCompact decision block -> BlockCompaction (exit 2)",
    dialect: "wave",
    event: "PreCompact",
    settings: on("PreCompact", [cmd(wv("wave-precompact.sh"))], "manual"),
    hooks: ["wave-precompact.sh"],
    setupFiles: { ".migrating": "" },
    payload: base("PreCompact", { trigger: "manual", custom_instructions: "keep the SQL" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockCompaction", reason: "a migration is in progress; compact after it finishes" }],
      diagnostics: []
    }
  },
  {
    name: "wave Notification: logger with HOOK_EVENT",
    about: "arch 5.2 Notification exit 0: nothing; HOOK_TOOL_NAME set but empty (arch 7)",
    dialect: "wave",
    event: "Notification",
    settings: on("Notification", [cmd(wv("wave-event-log.sh"))]),
    hooks: ["wave-event-log.sh"],
    payload: base("Notification", { message: "Waiting for input", notification_type: "idle_prompt" }),
    expect: { ...none, files: { "events.log": "Notification tool=\n" } }
  },
  {
    name: "wave Notification: exit 2 is a notice",
    about: "arch 5.2/5.4 Notification exit 2 (wave): ShowUser{error} with stderr, cannot block",
    dialect: "wave",
    event: "Notification",
    settings: on("Notification", [cmd("echo 'notifier crashed' >&2; exit 2")]),
    payload: base("Notification", { message: "Permission needed", notification_type: "permission_prompt" }),
    expect: { exitCode: 0, effects: [{ _tag: "ShowUser", level: "error", text: "notifier crashed" }], diagnostics: [] }
  },
  {
    name: "wave PermissionRequest: Python auto-approves a Read",
    about: "arch 5.1 PermissionRequest decision allow -> AllowTool (script reads WAVE_PROJECT_DIR)",
    dialect: "wave",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [cmd(wvPy("approve-read.py"))], "Read"),
    hooks: ["approve-read.py"],
    payload: tool("PermissionRequest", "Read", { file_path: "${PROJECT}/package.json" }),
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }], diagnostics: [] }
  },
  {
    name: "wave PermissionRequest: exit 2 denies",
    about: "arch 5.2/5.4 PermissionRequest exit 2 (wave) BlockTool; Claude Code ignores it (the claude-code case)",
    dialect: "wave",
    event: "PermissionRequest",
    settings: on("PermissionRequest", [
      cmd(`[ "$HOOK_TOOL_NAME" = Write ] && { echo "writes need review" >&2; exit 2; }; exit 0`)
    ]),
    payload: tool("PermissionRequest", "Write", { file_path: "${PROJECT}/x.txt", content: "x" }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "writes need review" }], diagnostics: [] }
  },
  {
    name: "wave SessionEnd: logger",
    about: "arch 5.2 SessionEnd exit 0: nothing",
    dialect: "wave",
    event: "SessionEnd",
    settings: on("SessionEnd", [cmd(wv("wave-event-log.sh"))]),
    hooks: ["wave-event-log.sh"],
    payload: base("SessionEnd", { reason: "logout" }),
    expect: { ...none, files: { "events.log": "SessionEnd tool=\n" } }
  },
  {
    name: "wave Setup: additionalContext is read",
    about: "arch 5.4 Setup (wave): additionalContext -> InjectContext (claude-code discards it)",
    dialect: "wave",
    event: "Setup",
    settings: on("Setup", [cmd(wvPy("wave-setup.py"))]),
    hooks: ["wave-setup.py"],
    payload: base("Setup", { trigger: "init" }),
    expect: { exitCode: 0, effects: [{ _tag: "InjectContext", text: "setup (init) prepared .cache" }], diagnostics: [] }
  },
  {
    name: "wave CwdChanged: WAVE_ENV_FILE",
    about: "arch 7 env files on CwdChanged; settings env map; arch 8 `env`",
    dialect: "wave",
    event: "CwdChanged",
    settings: on("CwdChanged", [cmd(wv("wave-env.sh"))], undefined, { env: { STAGE: "staging" } }),
    hooks: ["wave-env.sh"],
    payload: base("CwdChanged", { old_cwd: "${PROJECT}", new_cwd: "${PROJECT}/web" }),
    expect: { exitCode: 0, effects: [], diagnostics: [], env: { WAVE_STAGE: "staging", LAST_HOOK_EVENT: "CwdChanged" } }
  }
]

export const cases: ReadonlyArray<CorpusCase> = [
  ...claudeCode,
  ...claudeCodeRows,
  ...claudeCodeMore,
  ...exitRows,
  ...lastRows,
  ...wave,
  ...waveRows,
  ...waveMore
]
