/**
 * The copilot cases of the hook corpus: GitHub Copilot CLI's own hooks, hook files and payloads, run through
 * `wave-hooks run <copilotEvent> --dialect copilot --json` with Copilot's event names: camelCase
 * (`run preToolUse`, camelCase payloads) or the PascalCase aliases (`run PreToolUse`, snake_case payloads).
 *
 * The expectations come from Copilot's contract as /work/shared/research/agent-dialects.md records it, cited
 * "R §5.x" (its source keys: K github/docs hooks-reference.md at 05da5bc, the newest page; K-CLI and K-OLD the
 * older pages), R §1, R §7 items 9 and 10 and R §8, and from the dialect design (the design note for the four
 * dialects under notes/, cited "design §x": §2.1 the answer rows, §2.2 Copilot's vocabulary, §2.3 the event
 * table, §2.4 the payload and matcher rows, §2.5 the settings rows, §2.6 the merge rows, §2.7 env and cwd, §3,
 * §4 choices #9 and #10, §5 slice 4). Where K and the older pages disagree the design follows K (design §4 #9);
 * such a case says **disputed**. Effects are named as in src/effects/hook-effect.ts. They were written from those
 * texts, never from wave-hooks' output.
 *
 * Conventions:
 * - Hook files have Copilot's flat shape, `{"version":1,"hooks":{"<event>":[{"type":"command","bash",
 *   "timeoutSec","matcher","cwd","env"}]}}` (`hooksFile`, `entry`; R §5.1), timeouts in seconds (default 30).
 *   They go to `.github/hooks/<name>.json` (`copilotHooksFiles`, each file trusted on its own, design §2.7) and
 *   `~/.copilot/hooks/<name>.json` (`userCopilotHooksFiles`); `settings` is the repository's
 *   `.github/copilot/settings.json` (inline `hooks`, `disableAllHooks`); `managed` is a policy file
 *   `policy.d/policy.json` in the folder that stands for `/etc/github-copilot`.
 * - Commands run from the repository root unless the entry's `cwd` says otherwise (R §5.1), so scripts are
 *   named `.github/hooks/x.sh` (`gh()`).
 * - camelCase payloads: `sessionId`, `timestamp` (ms), `cwd`, and the event's fields (`C(...)`, R §5.2); no
 *   `hook_event_name` (except notification). PascalCase payloads: `hook_event_name`, `session_id`, ISO
 *   `timestamp`, `cwd`, snake_case fields and Claude's tool names (`S(...)`). Runtime tool names are Copilot's:
 *   `bash`, `view`, `create`, `edit`, `str_replace_editor`, `task`, `web_fetch` (K §Tool names).
 * - Answers are Copilot's top-level fields: `permissionDecision`, `permissionDecisionReason`, `modifiedArgs`,
 *   `modifiedResult`, `additionalContext`, `decision`/`reason`, `behavior`/`message`/`interrupt` (R §5.4).
 */
import type { CorpusCase, Expect } from "./cases.ts"

// ====== Builders ======

const SESSION = "8b1f4c2e-6d3a-4e97-a5c1-2f0e9d7b3a61"
const MS = 1795688103412
const ISO = "2026-11-27T10:15:03.412Z"

/** A camelCase payload (R §5.2, K §Hook event input payloads): `sessionId`, `timestamp` in ms, `cwd`. */
const C = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  sessionId: SESSION,
  timestamp: MS,
  cwd: "${PROJECT}",
  ...extra
})

/** A PascalCase ("VS Code compatible") payload: snake_case, ISO timestamp, `hook_event_name` (R §5.2). */
const S = (event: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  hook_event_name: event,
  session_id: SESSION,
  timestamp: ISO,
  cwd: "${PROJECT}",
  ...extra
})

/** A camelCase tool call (K: `toolName`, `toolArgs`). */
const call = (toolName: string, toolArgs: unknown, extra: Record<string, unknown> = {}) =>
  C({ toolName, toolArgs, ...extra })

type Entry = Record<string, unknown>

/** One flat command entry (R §5.1 command entry): `bash` plus `timeoutSec`, `matcher`, `cwd`, `env`, … */
const entry = (bash: string, extra: Record<string, unknown> = {}): Entry => ({ type: "command", bash, ...extra })

/** `{"version":1,"hooks":{event:[entries]}}`, a Copilot hook file. */
const hooksFile = (event: string, ...entries: ReadonlyArray<Entry>) => ({ version: 1, hooks: { [event]: entries } })

/** How a repository script is named: relative to the repository root (R §5.1 `cwd`). */
const gh = (script: string) => `.github/hooks/${script}`

/** A JSON answer, printed with single quotes around it (the JSON holds no `'`). */
const say = (answer: Record<string, unknown>) => `echo '${JSON.stringify(answer)}'`

const none: Expect = { exitCode: 0, effects: [], diagnostics: [] }

const bash = (command: string) => call("bash", { command, description: "Run a shell command" })
const RM_RF_REASON = "rm -rf node_modules dist deletes recursively; list the files to remove instead."

// ====== A. The two payload shapes (R §5.2, design §2.3, §2.4) ======

const shapes: ReadonlyArray<CorpusCase> = [
  {
    name: "copilot preToolUse: hooks under preToolUse and PreToolUse each get their own payload shape",
    about:
      "R §5.2 'Two payload shapes chosen by how the event is named in the config': camelCase fields for preToolUse; snake_case, ISO timestamp, hook_event_name and Claude's tool names (bash → Bash), with tool_input 'parsed from JSON string when possible' (K), for PascalCase PreToolUse; R §7 item 9. design §2.4 'A run whose hooks are configured under both spellings gives each hook its shape'; the camelCase payload is passed unchanged (toolArgs stays a JSON string). Read: the two spellings are one Copilot event, so `run preToolUse` runs the hooks of both (unlike Cursor's separate events). The matchers are 'bash' (anchored, on toolName) and 'Bash' (Claude format). Each hook's entry `env` names its log",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "shape.json": {
        version: 1,
        hooks: {
          preToolUse: [entry(gh("copilot-payload-shape.sh"), { matcher: "bash", env: { SHAPE_LOG: "camel.log" } })],
          PreToolUse: [entry(gh("copilot-payload-shape.sh"), { matcher: "Bash", env: { SHAPE_LOG: "pascal.log" } })]
        }
      }
    },
    hooks: ["copilot-payload-shape.sh"],
    payload: call("bash", JSON.stringify({ command: "git status --short", description: "Show the changes" })),
    expect: {
      ...none,
      runs: 2,
      files: {
        "camel.log": "cwd,sessionId,timestamp,toolArgs,toolName bash string number\n",
        "pascal.log": "cwd,hook_event_name,session_id,timestamp,tool_input,tool_name Bash object string\n"
      }
    }
  },
  {
    name: "copilot PreToolUse: a Claude Code guard under the PascalCase name blocks with exit 2",
    about:
      "R §5.2 PascalCase PreToolUse: snake_case payload, Claude matcher semantics and tool names (K 'Claude-format matchers': 'Bash' fires for the runtime bash); R §5.3 exit 2 on preToolUse is a deny; design §2.1 exit2 'deny row on preToolUse'. The reason text is not stated by K for preToolUse (stderr is named only for the warning case), so it is loose",
    dialect: "copilot",
    event: "PreToolUse",
    copilotHooksFiles: {
      "claude-guards.json": hooksFile("PreToolUse", entry(gh("copilot-claude-guard.sh"), { matcher: "Bash" }))
    },
    hooks: ["copilot-claude-guard.sh"],
    payload: S("PreToolUse", { tool_name: "Bash", tool_input: { command: "chmod -R 777 public/" } }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: { $includes: "" } }], diagnostics: [], runs: 1 }
  }
]

// ====== B. preToolUse: decisions, failures, several hooks (R §5.3, §5.4, §5.5) ======

const preToolUse: ReadonlyArray<CorpusCase> = [
  {
    name: "copilot preToolUse: permissionDecision deny blocks with its reason",
    about:
      "R §5.4 preToolUse permissionDecision deny, permissionDecisionReason (to the agent); R §5.6 BlockTool{permissionDecisionReason}; design §2.2 top-level permissionDecision → the hookSpecificOutput fields. toolArgs arrives as a JSON string here (K-OLD; K 'unknown') and the script reads both",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: { "guard.json": hooksFile("preToolUse", entry(gh("copilot-tool-guard.sh"), { timeoutSec: 10 })) },
    hooks: ["copilot-tool-guard.sh"],
    payload: call("bash", JSON.stringify({ command: "rm -rf node_modules dist", description: "Clean" })),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: RM_RF_REASON }], diagnostics: [] }
  },
  {
    name: "copilot preToolUse: allow approves (disputed)",
    about:
      "R §5.4 preToolUse allow; R §5.6 AllowTool. Disputed: K-OLD 'only deny is currently processed'; design §4 #9 follows K",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: { "guard.json": hooksFile("preToolUse", entry(gh("copilot-tool-guard.sh"))) },
    hooks: ["copilot-tool-guard.sh"],
    payload: bash("git log --oneline -5"),
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }], diagnostics: [] }
  },
  {
    name: "copilot preToolUse: ask prompts the user with the reason (disputed)",
    about:
      "R §5.4 preToolUse ask prompts (the cloud agent treats it as deny; this is the CLI), permissionDecisionReason 'Explanation shown to user (for deny/ask)' (K SDK page); R §5.6 AskPermission. Disputed by K-OLD; design §4 #9 follows K. Not a block: exit 0",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: { "guard.json": hooksFile("preToolUse", entry(gh("copilot-tool-guard.sh"))) },
    hooks: ["copilot-tool-guard.sh"],
    payload: bash("git push origin feature/parser"),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "AskPermission", reason: "Pushing publishes your commits to the remote." }],
      diagnostics: []
    }
  },
  {
    name: "copilot preToolUse: modifiedArgs replaces the arguments, without approving",
    about:
      "R §5.4 preToolUse modifiedArgs 'substitutes the arguments'; R §5.6 UpdateInput (disputed by K-OLD; design §4 #9 follows K); design §2.2 modifiedArgs → updatedInput. No permissionDecision in the answer, so no AllowTool",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: { "tests.json": hooksFile("preToolUse", entry(gh("copilot-quiet-tests.sh"), { matcher: "bash" })) },
    hooks: ["copilot-quiet-tests.sh"],
    payload: bash("npm test"),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "UpdateInput", input: { command: "npm test -- --silent", description: "Run a shell command" } }
      ],
      diagnostics: []
    }
  },
  {
    name: "copilot preToolUse: a crash denies, even after printing allow",
    about:
      "R §5.3 'Other non-zero exits: … except preToolUse command hooks, which fail closed (\"Denied by preToolUse hook (hook errored)\")', K 'even if the hook's stdout JSON reports permissionDecision: \"allow\"'; R §7 item 10; design §2.1 otherExit copilot 'preToolUse: closed', jsonOn exit0 (the allow on a failed run is not read). Disputed: K-CLI says failures never block; design §4 #9 follows K. The audit folder does not exist, so the redirect fails (exit 1)",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "audit.json": hooksFile(
        "preToolUse",
        entry(`${say({ permissionDecision: "allow" })}; jq -c . >> /var/log/copilot-audit/calls.jsonl`)
      )
    },
    payload: bash("ls -la src"),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: { $includes: "hook errored" } }],
      diagnostics: []
    }
  },
  {
    name: "copilot preToolUse: a timeout fails open with a warning",
    about:
      "R §5.3 'Timeouts (timeoutSec) always fail open'; K 'a timed-out hook surfaces a warning and lets the tool call proceed'; R §7 item 10; design §2.1 timeout copilot 'always open, even on preToolUse', §6 risk 5. timeoutSec 1 on sleep 3: the deny never arrives. Read: K's warning is ShowUser{warning} (its text is ours)",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "slow.json": hooksFile(
        "preToolUse",
        entry(`sleep 3; ${say({ permissionDecision: "deny", permissionDecisionReason: "too late" })}`, {
          timeoutSec: 1
        })
      )
    },
    payload: bash("rm -rf node_modules dist"),
    expect: { exitCode: 0, effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "" } }], diagnostics: [] }
  },
  {
    name: "copilot preToolUse: timeoutSec wins over its alias timeout",
    about:
      "R §5.1 '`timeoutSec` (s, default 30; `timeout` is an alias)', K 'Used only when timeoutSec is absent; timeoutSec takes precedence when both are present'; design §2.5 timeout row copilot. timeoutSec 10 lets the 2 s hook finish and deny; were `timeout: 1` read, it would time out and fail open",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "slow.json": hooksFile(
        "preToolUse",
        entry(
          `sleep 2; ${say({ permissionDecision: "deny", permissionDecisionReason: "Deploys run from CI only." })}`,
          { timeoutSec: 10, timeout: 1 }
        )
      )
    },
    payload: bash("./scripts/deploy.sh production"),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "Deploys run from CI only." }], diagnostics: [] }
  },
  {
    name: "copilot preToolUse: exit 2 denies even when stdout says allow",
    about:
      "R §5.3 'Exit 2: … preToolUse and permissionRequest: deny, stdout JSON merged with the deny (an allow in it does not help)'; design §2.1 exit2 'deny row on preToolUse', jsonOn 'exit2 (merged with the deny) on preToolUse/permissionRequest'. The reason is not stated by K: loose",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "lint.json": hooksFile(
        "preToolUse",
        entry(`${say({ permissionDecision: "allow" })}; echo "lint failed: 3 errors in src/app.ts" >&2; exit 2`)
      )
    },
    payload: bash("git commit -m 'wip'"),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: { $includes: "" } }], diagnostics: [] }
  },
  {
    name: "copilot preToolUse: any deny blocks, whatever comes after it",
    about:
      "R §5.5 'preToolUse: any deny blocks' (K §Tool names: 'if any hook returns \"deny\", the tool is blocked'); design §2.6 has no copilot PreToolUse row, so the most restrictive merge stands: the later allow is absorbed. Both hooks run (in order)",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "two.json": hooksFile(
        "preToolUse",
        entry(say({ permissionDecision: "deny", permissionDecisionReason: "No network calls from the agent." })),
        entry(say({ permissionDecision: "allow" }))
      )
    },
    payload: call("web_fetch", { url: "https://example.com/install.sh" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "No network calls from the agent." }],
      diagnostics: [],
      runs: 2
    }
  },
  {
    name: "copilot preToolUse: matchers are anchored",
    about:
      "R §5.2 'Matchers are regexes compiled as ^(?:pattern)$ (full match)', R §7 item 9; design §2.4 copilot 'anchored: yes'. 'edit' does not match the tool str_replace_editor (it would, unanchored); 'str_replace.*' does. One hook runs and nothing is denied",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "edits.json": hooksFile(
        "preToolUse",
        entry(say({ permissionDecision: "deny", permissionDecisionReason: "edits are frozen" }), { matcher: "edit" }),
        entry(`jq -r .toolName >> .github/hooks/edits.log`, { matcher: "str_replace.*" })
      )
    },
    payload: call("str_replace_editor", {
      command: "str_replace",
      path: "${PROJECT}/src/app.ts",
      old_str: "listen(3000)",
      new_str: "listen(port)"
    }),
    expect: { ...none, runs: 1, files: { ".github/hooks/edits.log": "str_replace_editor\n" } }
  },
  {
    name: "copilot preToolUse: progress lines are stripped before the answer is parsed",
    about:
      "R §5.3 'Stdout lines that are one complete JSON object with \"type\":\"progress\" are progress messages and removed; what remains is trimmed and parsed with one JSON.parse' (K §Progress messages); design §2.1 stdoutPrep strip-progress-lines. The deny after two progress lines counts",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: { "infra.json": hooksFile("preToolUse", entry(gh("copilot-policy-check.sh"), { matcher: "bash" })) },
    hooks: ["copilot-policy-check.sh"],
    payload: bash("terraform destroy -auto-approve"),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "terraform destroy needs a change ticket; ask the platform team." }],
      diagnostics: []
    }
  },
  {
    name: "copilot preToolUse: two decision objects are no output",
    about:
      "R §5.3 'empty or unparsable → \"no output\", default behaviour (two decision objects → invalid → ignored)'; design §2.1 noisyStdout copilot 'no-output'. Read: no decision, and the call goes on. The author is told, as wave-hooks tells of every answer that looks like JSON and is not read (a malformed-json Diagnostic, for the author only: ARCHITECTURE 5.3.4); this case first expected none, as the design named none",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "twice.json": hooksFile(
        "preToolUse",
        entry(
          `${say({ permissionDecision: "deny", permissionDecisionReason: "first check" })}; ${say({ permissionDecision: "deny", permissionDecisionReason: "second check" })}`
        )
      )
    },
    payload: bash("rm -rf node_modules dist"),
    expect: { ...none, diagnostics: ["malformed-json"], runs: 1 }
  },
  {
    name: "copilot preToolUse: hooks run one after the other, in order",
    about:
      "R §5.5 'Hooks of one event run in order (sequentially)', K 'If multiple hooks of the same type are configured, they execute in order'; R §7 item 9; design §2.5 execution row copilot 'sequential, in order'. The first hook sleeps 1 s before it writes; run in parallel, the second would write first",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "order.json": hooksFile(
        "preToolUse",
        entry("sleep 1; echo first >> .github/hooks/order.log"),
        entry("echo second >> .github/hooks/order.log")
      )
    },
    payload: bash("npm run build"),
    expect: { ...none, runs: 2, files: { ".github/hooks/order.log": "first\nsecond\n" } }
  }
]

// ====== C. The other events (R §5.3, §5.4) ======

const PR_BASH = (command: string) =>
  C({ toolName: "bash", toolInput: { command, description: "Run a shell command" } })

const events: ReadonlyArray<CorpusCase> = [
  {
    name: "copilot postToolUse: modifiedResult replaces what the model reads",
    about:
      "R §5.4 postToolUse modifiedResult{resultType:\"success\", textResultForLlm} replaces the result (honoured for command hooks); R §5.6 UpdateToolOutput{textResultForLlm}; design §2.2 modifiedResult.textResultForLlm → updatedToolOutput",
    dialect: "copilot",
    event: "postToolUse",
    copilotHooksFiles: { "redact.json": hooksFile("postToolUse", entry(gh("copilot-redact-result.sh"), { matcher: "bash" })) },
    hooks: ["copilot-redact-result.sh"],
    payload: call(
      "bash",
      { command: "gh auth status --show-token" },
      { toolResult: { resultType: "success", textResultForLlm: "Logged in to github.com\n  Token: ghp_a1B2c3D4e5F6g7H8" } }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "UpdateToolOutput", output: "Logged in to github.com\n  Token: ghp_[REDACTED]" }],
      diagnostics: []
    }
  },
  {
    name: "copilot postToolUse: two contexts are joined with a blank line",
    about:
      "R §5.4 postToolUse additionalContext 'context appended after the output (several joined with a blank line, capped 10 KB)', R §5.5 'postToolUse contexts are joined'; design §2.6 copilot PostToolUse row: one context, joined with a blank line (instead of all kept)",
    dialect: "copilot",
    event: "postToolUse",
    copilotHooksFiles: {
      "context.json": hooksFile(
        "postToolUse",
        entry(say({ additionalContext: "The tests run in watch mode by default; pass --run in CI." }), { matcher: "bash" }),
        entry(say({ additionalContext: "Coverage below 80% fails the build." }), { matcher: "bash" })
      )
    },
    payload: call(
      "bash",
      { command: "npx vitest" },
      { toolResult: { resultType: "success", textResultForLlm: "Test Files  12 passed (12)" } }
    ),
    expect: {
      exitCode: 0,
      effects: [
        {
          _tag: "InjectContext",
          text: "The tests run in watch mode by default; pass --run in CI.\n\nCoverage below 80% fails the build."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "copilot postToolUseFailure: exit 2 gives the stdout as recovery guidance (disputed)",
    about:
      "R §5.3 'postToolUseFailure: stdout appended as guidance' on exit 2 (K §Exit codes); design §2.1 exit2 copilot 'guidance (stdout → InjectContext) on postToolUseFailure'. Disputed: K-CLI says stderr; design §4 #9 follows K (failureGuidanceFrom stdout). The tool already failed: nothing blocks, exit 0",
    dialect: "copilot",
    event: "postToolUseFailure",
    copilotHooksFiles: { "recover.json": hooksFile("postToolUseFailure", entry(gh("copilot-failure-guidance.sh"))) },
    hooks: ["copilot-failure-guidance.sh"],
    payload: call(
      "bash",
      { command: "npm install react@19" },
      { error: "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree" }
    ),
    expect: {
      exitCode: 0,
      effects: [
        {
          _tag: "InjectContext",
          text: "This repository pins React 18; install with npm install --legacy-peer-deps instead of upgrading React."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "copilot permissionRequest: a later allow overrides an earlier deny, reported",
    about:
      "R §5.5 'permissionRequest: all run; outputs are merged with later overriding earlier (so a later allow beats an earlier deny)'; R §7 item 10; design §4 #10 follows it, and §2.6 copilot PermissionRequest row: the overridden deny is reported as Diagnostic + ShowUser{warning}; §3.1 names the code overridden-deny (§6 risk 6)",
    dialect: "copilot",
    event: "permissionRequest",
    copilotHooksFiles: {
      "permissions.json": hooksFile(
        "permissionRequest",
        entry(say({ behavior: "deny", message: "Shell commands need review." }), { matcher: "bash" }),
        entry(
          `jq -r .toolInput.command | grep -Eq '^(npm|pnpm) (test|run lint)' && ${say({ behavior: "allow" })}; exit 0`,
          { matcher: "bash" }
        )
      )
    },
    payload: PR_BASH("npm test"),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "AllowTool" }, { _tag: "ShowUser", level: "warning", text: { $includes: "" } }],
      diagnostics: ["overridden-deny"],
      runs: 2
    }
  },
  {
    name: "copilot permissionRequest: a policy deny stands against a later repository allow",
    about:
      "R §5.1 policy hooks (/etc/github-copilot/policy.d/*.json) load first; R §5.5 later overrides earlier; design §4 #10 and §2.6: 'except that a deny from a managed (policy) file stands' (A §7: no project hook undoes an administrator's policy). Nothing was overridden, so nothing is reported",
    dialect: "copilot",
    event: "permissionRequest",
    managed: hooksFile(
      "permissionRequest",
      entry(
        `jq -r .toolInput.command | grep -q 'kubectl' && ${say({ behavior: "deny", message: "kubectl is blocked by your organization." })}; exit 0`
      )
    ),
    copilotHooksFiles: { "approve.json": hooksFile("permissionRequest", entry(say({ behavior: "allow" }))) },
    payload: PR_BASH("kubectl delete pod api-7f9c"),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "kubectl is blocked by your organization." }],
      diagnostics: [],
      runs: 2
    }
  },
  {
    name: "copilot permissionRequest: exit 2 denies with the stdout message, stderr ignored",
    about:
      "R §5.3 exit 2 on permissionRequest: deny, 'stdout JSON merged with the deny … stderr ignored for permissionRequest' (K: merged with {\"behavior\":\"deny\"}); R §5.4 message 'Reason fed back to the LLM when denying'; R §5.6 BlockTool{message}",
    dialect: "copilot",
    event: "permissionRequest",
    copilotHooksFiles: {
      "secrets.json": hooksFile(
        "permissionRequest",
        entry(
          `${say({ message: "Reading .env files is not allowed; use .env.example." })}; echo "denied .env read" >&2; exit 2`,
          { matcher: "view" }
        )
      )
    },
    payload: C({ toolName: "view", toolInput: { path: "${PROJECT}/.env" } }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "Reading .env files is not allowed; use .env.example." }],
      diagnostics: []
    }
  },
  {
    name: "copilot permissionRequest: deny with interrupt stops the agent",
    about:
      "R §5.4 permissionRequest behavior deny, message, interrupt ('deny + interrupt stops the agent'); R §5.6 BlockTool{message} + StopAgent; design §2.2 behavior/message/interrupt → decision{behavior,message,interrupt}, read as Claude Code's (BlockTool + StopAgent{reason: message})",
    dialect: "copilot",
    event: "permissionRequest",
    copilotHooksFiles: {
      "stop.json": hooksFile(
        "permissionRequest",
        entry(say({ behavior: "deny", message: "Production credentials requested; stopping.", interrupt: true }), {
          matcher: "bash"
        })
      )
    },
    payload: PR_BASH("aws sts assume-role --role-arn arn:aws:iam::123456789012:role/prod-admin"),
    expect: {
      exitCode: 2,
      effects: [
        { _tag: "BlockTool", reason: "Production credentials requested; stopping." },
        { _tag: "StopAgent", reason: "Production credentials requested; stopping." }
      ],
      diagnostics: []
    }
  },
  {
    name: "copilot agentStop: decision block asks for another turn",
    about:
      "R §5.4 agentStop decision block + reason: 'block forces another turn with reason as the prompt'; R §5.6 BlockStop{reason}; design §2.3 agentStop→Stop, §2.2 decision/reason",
    dialect: "copilot",
    event: "agentStop",
    copilotHooksFiles: { "stop.json": hooksFile("agentStop", entry(gh("copilot-stop-tests.sh"))) },
    hooks: ["copilot-stop-tests.sh"],
    payload: C({
      transcriptPath: "${HOME}/.copilot/session-state/" + SESSION + "/events.jsonl",
      stopReason: "end_turn",
      stop_hook_active: false
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockStop", reason: "Run npm test and fix the failures before you end the turn." }],
      diagnostics: []
    }
  },
  {
    name: "copilot agentStop: exit 2 is only a warning",
    about:
      "R §5.3 'Exit 2: a warning by default (stderr to the user, run continues)', only preToolUse/permissionRequest/postToolUseFailure differ; R §1 Exit 2 row; R §5.6 'exit 2 on other events → ShowUser{warning}'; design §2.1 exit2 'else ShowUser{warning} (stderr)'. The turn ends: exit 0",
    dialect: "copilot",
    event: "agentStop",
    copilotHooksFiles: {
      "stop.json": hooksFile("agentStop", entry(`echo "3 TODO comments left in src/" >&2; exit 2`))
    },
    payload: C({
      transcriptPath: "${HOME}/.copilot/session-state/" + SESSION + "/events.jsonl",
      stopReason: "end_turn",
      stop_hook_active: false
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "3 TODO comments left in src/" } }],
      diagnostics: []
    }
  },
  {
    name: "copilot subagentStop: modifiedResponse replaces the subagent's answer",
    about:
      "R §5.4 subagentStop modifiedResponse (replaces the response; a block wins); R §5.6 'subagentStop modifiedResponse → none (new)'; design §3.1 ReplaceSubagentResponse. Changed when the effect landed: this case first expected the field discarded (a discarded-field and no effect)",
    dialect: "copilot",
    event: "subagentStop",
    copilotHooksFiles: {
      "redact.json": hooksFile("subagentStop", entry(say({ modifiedResponse: "Findings: 2 (details redacted)." })))
    },
    payload: C({
      transcriptPath: "${HOME}/.copilot/session-state/" + SESSION + "/events.jsonl",
      agentId: "agent_3c9e",
      agentType: "security-review",
      agentName: "security-review",
      response: "Findings: 2. The API key sk-live-9x8y7z is committed in config/prod.yml.",
      stopReason: "end_turn"
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ReplaceSubagentResponse", text: "Findings: 2 (details redacted)." }],
      diagnostics: []
    }
  },
  {
    name: "copilot sessionStart: additionalContext is context (disputed)",
    about:
      "R §5.4 sessionStart additionalContext 'injected'; R §5.6 InjectContext. Disputed: K-OLD/K-CLI 'sessionStart output ignored'; design §4 #9 follows K (sessionStartContext)",
    dialect: "copilot",
    event: "sessionStart",
    copilotHooksFiles: {
      "session.json": hooksFile(
        "sessionStart",
        entry(say({ additionalContext: "This repository uses pnpm workspaces; run commands from the root." }))
      )
    },
    payload: C({ source: "startup", initialPrompt: "fix the flaky parser test" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "InjectContext", text: "This repository uses pnpm workspaces; run commands from the root." }],
      diagnostics: []
    }
  },
  {
    name: "copilot subagentStart: additionalContext for the matching agent",
    about:
      "R §5.2 subagentStart matcher on agentName (anchored); R §5.4 additionalContext 'prepended to the subagent prompt'; R §5.6 InjectContext; design §2.3 subagentStart (agentName). 'security' does not match 'security-review' (anchored), 'security-review' does",
    dialect: "copilot",
    event: "subagentStart",
    copilotHooksFiles: {
      "agents.json": hooksFile(
        "subagentStart",
        entry(say({ additionalContext: "Wrong matcher." }), { matcher: "security" }),
        entry(say({ additionalContext: "Report findings as SARIF; skip the vendor/ folder." }), {
          matcher: "security-review"
        })
      )
    },
    payload: C({
      transcriptPath: "${HOME}/.copilot/session-state/" + SESSION + "/events.jsonl",
      agentName: "security-review",
      agentDisplayName: "Security review",
      agentDescription: "Reviews the change for vulnerabilities"
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "InjectContext", text: "Report findings as SARIF; skip the vendor/ folder." }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "copilot userPromptSubmitted: a command hook's output is dropped",
    about:
      "R §5.4 userPromptSubmitted modifiedPrompt is 'SDK programmatic hooks only; command/HTTP hooks' output is dropped: a config hook cannot block or change a prompt'; R §5.6 'none: no block, no context'; design §2.2 'The output of command hooks on userPromptSubmitted → Ignored' (reported as discarded-field), §6 risk 5",
    dialect: "copilot",
    event: "userPromptSubmitted",
    copilotHooksFiles: {
      "prompt.json": hooksFile(
        "userPromptSubmitted",
        entry(say({ modifiedPrompt: "Answer in English. fix the login redirect" }))
      )
    },
    payload: C({ prompt: "fix the login redirect" }),
    expect: { exitCode: 0, effects: [], diagnostics: ["discarded-field"] }
  },
  {
    name: "copilot userPromptTransformed: modifiedTransformedPrompt is what the model reads",
    about:
      "R §5.2 userPromptTransformed payload (prompt, transformedPrompt), R §5.4 'modifiedTransformedPrompt replaces the model-facing content (not the displayed prompt)' (K §userPromptTransformed), R §5.6 'new: rewrite the model-facing prompt'; design §3.2 PromptTransformed, §3.1 ReplacePrompt",
    dialect: "copilot",
    event: "userPromptTransformed",
    copilotHooksFiles: {
      "prompt.json": hooksFile(
        "userPromptTransformed",
        entry(say({ modifiedTransformedPrompt: "fix the login redirect\n\nFollow docs/auth.md." }))
      )
    },
    payload: C({ prompt: "fix the login redirect", transformedPrompt: "fix the login redirect" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ReplacePrompt", text: "fix the login redirect\n\nFollow docs/auth.md." }],
      diagnostics: []
    }
  },
  {
    name: "copilot userPromptSubmitted: exit 2 is a warning, not a block",
    about:
      "R §5.3 exit 2 'a warning by default (stderr to the user, run continues)'; R §5.6 'userPromptSubmitted (command hook) … exit 2 → ShowUser'; design §2.1 exit2 'else ShowUser{warning} (stderr)'. No BlockPrompt: exit 0",
    dialect: "copilot",
    event: "userPromptSubmitted",
    copilotHooksFiles: {
      "prompt.json": hooksFile(
        "userPromptSubmitted",
        entry(
          `jq -r .prompt | grep -q 'sk-live-' && { echo "The prompt holds an API key." >&2; exit 2; }; exit 0`
        )
      )
    },
    payload: C({ prompt: "call the API with sk-live-4f9a8b7c6d and show me the invoices" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "The prompt holds an API key." } }],
      diagnostics: []
    }
  }
]

// ====== D. Hook files, trust, disableAllHooks, entry fields (R §5.1) ======

const files: ReadonlyArray<CorpusCase> = [
  {
    name: "copilot preToolUse: every .github/hooks/*.json file runs",
    about:
      "R §5.1 'CLI sources, all combined': repository .github/hooks/*.json (every file), K 'When the same event appears in multiple sources, all hook entries from all sources are run'; design §2.5 copilot row; R §5.5 any deny blocks. Both files are trusted by one `wave-hooks trust` (one entry per file, design §2.7)",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "audit.json": hooksFile("preToolUse", entry("jq -r .toolName >> .github/hooks/audit.log")),
      "security.json": hooksFile("preToolUse", entry(gh("copilot-tool-guard.sh"), { matcher: "bash" }))
    },
    hooks: ["copilot-tool-guard.sh"],
    payload: bash("rm -rf node_modules dist"),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: RM_RF_REASON }],
      diagnostics: [],
      runs: 2,
      files: { ".github/hooks/audit.log": "bash\n" }
    }
  },
  {
    name: "copilot preToolUse: a hook file added after trust is skipped, the trusted one runs",
    about:
      "design §6 Trust: 'each .github/hooks/*.json … A new file in .github/hooks/ is untrusted until re-trusted, and that is reported'; design §2.7 trust copilot 'each file'; arch 7 Trust: ShowUser{warning} naming the file + untrusted-settings. The late file would deny; it does not run",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: { "audit.json": hooksFile("preToolUse", entry("jq -r .toolName >> .github/hooks/audit.log")) },
    afterTrust: {
      ".github/hooks/late.json": hooksFile(
        "preToolUse",
        entry(say({ permissionDecision: "deny", permissionDecisionReason: "added after review" }))
      )
    },
    payload: bash("npm run lint"),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "late.json" } }],
      diagnostics: ["untrusted-settings"],
      runs: 1,
      files: { ".github/hooks/audit.log": "bash\n" }
    }
  },
  {
    name: "copilot preToolUse: disableAllHooks in one hook file skips only that file",
    about:
      "R §5.1 'disableAllHooks: true in one hooks file skips that file' (K §Disable all hooks 'Inside a single .github/hooks/*.json file — only the hooks declared in that file are skipped'); design §2.5 copilot row",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "audit.json": hooksFile("preToolUse", entry("jq -r .toolName >> .github/hooks/audit.log")),
      "paused.json": {
        version: 1,
        disableAllHooks: true,
        hooks: {
          preToolUse: [entry(say({ permissionDecision: "deny", permissionDecisionReason: "paused guard" }))]
        }
      }
    },
    payload: bash("rm -rf node_modules dist"),
    expect: { ...none, runs: 1, files: { ".github/hooks/audit.log": "bash\n" } }
  },
  {
    name: "copilot preToolUse: disableAllHooks in the repository settings skips every hook but policy",
    about:
      "R §5.1 'at the top of repository settings.json it skips every non-policy hook' (K: 'Every hook from every source (repository files, user files, plugins, and inline hook blocks) is skipped … Policy hooks are not affected'); design §2.5 copilot row. Only the policy hook runs, and the hooks that did not run are named for the author, as wave-hooks names every hook a file-wide switch leaves out (managed-policy, ARCHITECTURE 7; this case first expected no Diagnostic)",
    dialect: "copilot",
    event: "preToolUse",
    settings: { disableAllHooks: true },
    managed: hooksFile("preToolUse", entry(`jq -r .toolName >> "$HOME/policy-audit.log"`)),
    copilotHooksFiles: {
      "guard.json": hooksFile("preToolUse", entry(say({ permissionDecision: "deny", permissionDecisionReason: "repo guard" })))
    },
    userCopilotHooksFiles: {
      "mine.json": hooksFile("preToolUse", entry(say({ permissionDecision: "deny", permissionDecisionReason: "user guard" })))
    },
    payload: bash("rm -rf node_modules dist"),
    expect: { ...none, diagnostics: ["managed-policy"], runs: 1, files: { "${HOME}/policy-audit.log": "bash\n" } }
  },
  {
    name: "copilot preToolUse: inline hooks in .github/copilot/settings.json and user hook files run",
    about:
      "R §5.1 sources: inline `hooks` in .github/copilot/settings.json (trusted with the project) and ~/.copilot/hooks/*.json (a user file, no trust needed), all combined; design §2.5 copilot row. The user hook denies; the inline one logs",
    dialect: "copilot",
    event: "preToolUse",
    settings: {
      model: "claude-sonnet-4.6",
      hooks: { preToolUse: [entry("jq -r .toolName >> .github/copilot/calls.log")] }
    },
    userCopilotHooksFiles: {
      "no-sudo.json": hooksFile(
        "preToolUse",
        entry(
          `jq -r '.toolArgs.command // ""' | grep -q '^sudo ' && ${say({ permissionDecision: "deny", permissionDecisionReason: "No sudo from the agent." })}; exit 0`,
          { matcher: "bash" }
        )
      )
    },
    payload: bash("sudo systemctl restart nginx"),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "No sudo from the agent." }],
      diagnostics: [],
      runs: 2,
      files: { ".github/copilot/calls.log": "bash\n" }
    }
  },
  {
    name: "copilot preToolUse: exec and args without a shell, in the entry's cwd, with its env expanded",
    about:
      "R §5.1 command entry: `exec` + `args` (no shell; CLI only), `cwd` (relative to the repo root), `env` (with variable expansion); R §8 'entry env (expanded), entry cwd (relative to repository root), exec+args without a shell'; design §2.5 (exec form, `env` as values: addedEnv, §6 risk 12). `$HOME` in the env value is expanded by Copilot (the harness fills only ${HOME}); the script names the cwd's folder",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "audit.json": hooksFile("preToolUse", {
        type: "command",
        exec: "bash",
        args: ["../.github/hooks/copilot-audit.sh"],
        cwd: "scripts",
        env: { AUDIT_LOG: "$HOME/.copilot/tool-audit.log" },
        timeoutSec: 5
      })
    },
    hooks: ["copilot-audit.sh"],
    setupFiles: { "scripts/README.md": "Maintenance scripts.\n", "${HOME}/.copilot/.keep": "" },
    payload: bash("npm ci"),
    expect: { ...none, runs: 1, files: { "${HOME}/.copilot/tool-audit.log": "scripts bash\n" } }
  }
]

// ====== E. Prompt and http entries (R §5.1) ======

/** A preToolUse entry that was skipped: the call it guards is denied, and the user told why. */
const skippedGuard: Expect = {
  exitCode: 2,
  effects: [
    { _tag: "BlockTool", reason: { $includes: "cannot guard this call" } },
    { _tag: "ShowUser", level: "warning", text: { $includes: "was skipped" } }
  ],
  diagnostics: ["skipped-entry"],
  runs: 0
}

const otherEntries: ReadonlyArray<CorpusCase> = [
  {
    name: "copilot sessionStart: a prompt entry submits its text as the first user message",
    about:
      "R §5.1 'type: \"prompt\" (sessionStart only: auto-submits text; new interactive sessions only)' (K §Prompt hooks); R §5.2 sessionStart source 'new'. The text is the session's first user message: SendUserMessage (src/effects/hook-effect.ts). Nothing is started",
    dialect: "copilot",
    event: "sessionStart",
    copilotHooksFiles: {
      "start.json": hooksFile("sessionStart", { type: "prompt", prompt: "Summarise the open TODOs in this repository." })
    },
    payload: C({ source: "new", initialPrompt: "" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "SendUserMessage", text: "Summarise the open TODOs in this repository." }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "copilot sessionStart: a resumed session gets no prompt entry's text",
    about:
      "R §5.1 prompt entries: 'new interactive sessions only' (K §Prompt hooks); R §5.2 sessionStart source 'resume'. A resumed session submits nothing",
    dialect: "copilot",
    event: "sessionStart",
    copilotHooksFiles: {
      "start.json": hooksFile("sessionStart", { type: "prompt", prompt: "Summarise the open TODOs in this repository." })
    },
    payload: C({ source: "resume" }),
    expect: none
  },
  {
    name: "copilot preToolUse: a prompt entry on another event than sessionStart is skipped",
    about:
      "R §5.1 'type: \"prompt\" (sessionStart only…)'; a malformed item in a .github/hooks/*.json file drops only that item (R §5.1 note), and Copilot lets the call go ahead. Differs on purpose: wave-hooks denies a tool call that a skipped preToolUse entry of a trusted file was meant to guard (ARCHITECTURE 2, skipped-entry: a broken guard is never silent)",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "guard.json": hooksFile("preToolUse", { type: "prompt", prompt: "Is this command safe?" })
    },
    payload: bash("ls"),
    expect: skippedGuard
  },
  {
    name: "copilot preToolUse: an http entry to a plain http:// URL of another machine is skipped",
    about:
      "R §5.1 http entries: 'https only except localhost with COPILOT_HOOK_ALLOW_LOCALHOST=1' (K §HTTP hooks): nothing is posted. A malformed item drops only that item (R §5.1 note); as for every skipped preToolUse entry of a trusted file, wave-hooks denies the call it was meant to guard (ARCHITECTURE 2, skipped-entry)",
    dialect: "copilot",
    event: "preToolUse",
    copilotHooksFiles: {
      "remote.json": hooksFile("preToolUse", { type: "http", url: "http://hooks.example.invalid/pre-tool-use" })
    },
    payload: bash("ls"),
    expect: skippedGuard
  }
]

// ====== F. Claude Code's project files, which Copilot reads too (R §5.1 CLI sources) ======

const claudeFiles: ReadonlyArray<CorpusCase> = [
  {
    name: "copilot preToolUse: the hooks of .claude/settings.json run too, with their snake_case payload",
    about:
      "R §5.1 'CLI sources, all combined in this order: … inline hooks in .github/copilot/settings.json, .github/copilot/settings.local.json, .claude/settings.json, .claude/settings.local.json …' (K §Hooks locations); R §5.2 PascalCase names give snake_case payloads with Claude's tool names (bash → Bash) and Claude matcher semantics; a PascalCase event's answer is read as Claude Code's (ARCHITECTURE 5.3.4 table). A Claude Code deny blocks the camelCase run too",
    dialect: "copilot",
    event: "preToolUse",
    // The repository's own hooks file runs beside it (every source is combined).
    copilotHooksFiles: { "audit.json": hooksFile("preToolUse", entry("cat > /dev/null")) },
    setupFiles: {
      ".claude/settings.json": JSON.stringify({
        permissions: { allow: ["Bash(npm test:*)"] },
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [
                {
                  type: "command",
                  command: `jq -r .tool_input.command | grep -q 'rm -rf' && echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: RM_RF_REASON } })}' || true`
                }
              ]
            }
          ]
        }
      })
    },
    payload: bash("rm -rf node_modules dist"),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: RM_RF_REASON }], diagnostics: [], runs: 2 }
  }
]

/**
 * The copilot cases. Not covered yet:
 * - `powershell`, `COPILOT_HOME`,
 *   `.github/copilot/settings.local.json`, `~/.copilot/settings.json`, plugins.
 * - A malformed item in a `.github/hooks/*.json` file (only that item dropped) vs a strict inline `hooks` field.
 * - userPromptTransformed's exit codes, errorOccurred, sessionEnd, preCompact, notification (`SendUserMessage`), the 8-block
 *   agentStop cap, the postToolUse 10 KB context cap, the sandbox-bypass exception of permissionRequest, the
 *   cloud agent (ask = deny).
 */
export const copilotCases: ReadonlyArray<CorpusCase> = [...shapes, ...preToolUse, ...events, ...files, ...otherEntries, ...claudeFiles]
