/**
 * The cursor cases of the hook corpus: Cursor's own hooks, `hooks.json` files and payloads, run through
 * `wave-hooks run <cursorEvent> --dialect cursor --json` with Cursor's camelCase event names
 * (`run beforeShellExecution --dialect cursor`).
 *
 * The expectations come from Cursor's contract as /work/shared/research/agent-dialects.md records it,
 * cited "R §4.x" (its source keys: U cursor.com/docs/hooks, U-3P the third-party hooks page, U-25 the first
 * hooks page of Cursor 1.7), R §1 (at a glance), R §7 items 7 and 8 and R §8, and from the dialect design (the
 * design note for the four dialects under notes/, cited "design §x": §2.1 the answer rows, §2.2 Cursor's
 * vocabulary, §2.3 the event table, §2.4 the payload and matcher rows, §2.5 the settings rows, §2.6 the merge
 * rows, §2.7 the env, cwd and loop rows, §3 the new effects, §4 choices #6, #7, #8 and #12, §5 slice 3). A case
 * marked **disputed** says which reading it takes where Cursor's pages, or the research and the design, differ.
 * Effects are named as in src/effects/hook-effect.ts. They were written from those texts, never from
 * wave-hooks' output.
 *
 * Conventions:
 * - Settings have Cursor's flat shape, `{"version":1,"hooks":{"<event>":[{"command","type","timeout",
 *   "matcher","failClosed","loop_limit"}]}}`, timeouts in seconds (R §4.1; `file`, `hook`). The project file is
 *   `.cursor/hooks.json`, the user file `~/.cursor/hooks.json`, the enterprise file (`managed`) `hooks.json` in
 *   the folder that stands for `/etc/cursor`. Project files are trusted with `wave-hooks trust` (design §2.7).
 * - Project hooks run from the project root (R §4.1), so commands name scripts relative to it:
 *   `.cursor/hooks/x.sh` (`cu()`); scripts also read `$CURSOR_PROJECT_DIR` (R §4.3). User hooks run from
 *   `~/.cursor/` and name their scripts `./hooks/x.sh`.
 * - Payloads carry Cursor's common fields, `conversation_id`, `generation_id`, `model`, `hook_event_name`,
 *   `cursor_version`, `workspace_roots`, `user_email`, `transcript_path`, and no `session_id` or common `cwd`
 *   (`U(...)`, R §4.2). They are passed to hooks unchanged (design §2.4).
 * - The vocabulary (design §2.2): `permission` is the decision; `agent_message` (or `agentMessage`) is the
 *   reason the model reads; `user_message` (or `userMessage`) is shown to the user, as a JSON `systemMessage`
 *   is: `ShowUser{warning}` (`shown()`).
 */
import type { CorpusCase, Expect } from "./cases.ts"

// ====== Builders ======

const CONVERSATION = "c4e1a7d2-3b9f-4f60-8e2a-5d7c1b9e0f34"
const GENERATION = "0f9b2e61-7c4d-4a3e-b1f8-6e2d9c5a7b13"

/** Cursor's common input fields (R §4.2 "Common stdin"): no session_id, no cwd. */
const U = (event: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  conversation_id: CONVERSATION,
  generation_id: GENERATION,
  model: "claude-sonnet-4.6",
  hook_event_name: event,
  cursor_version: "2.4.21",
  workspace_roots: ["${PROJECT}"],
  user_email: "dana@example.com",
  transcript_path: "${HOME}/.cursor/projects/work-app/agent-transcripts/" + CONVERSATION + ".txt",
  ...extra
})

/** beforeShellExecution's fields: the command text, `cwd`, `sandbox` (R §4.2). */
const shell = (command: string) => U("beforeShellExecution", { command, cwd: "${PROJECT}", sandbox: false })

/** A preToolUse / postToolUse payload (R §4.2): `tool_name` is the tool type (`Shell`, `Read`, `Write`, `MCP:<tool>`). */
const tool = (event: string, toolName: string, toolInput: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  U(event, {
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: "toolu_01Hc7Qm2Vx8RkT4nB6yZ3pLw",
    cwd: "${PROJECT}",
    ...extra
  })

type Entry = Record<string, unknown>

/** One flat Cursor hook (R §4.1 "each hook is flat"). */
const hook = (command: string, extra: Record<string, unknown> = {}): Entry => ({ command, ...extra })

/** `{"version":1,"hooks":{event:[entries]}}`, Cursor's hooks.json. */
const file = (event: string, ...entries: ReadonlyArray<Entry>) => ({ version: 1, hooks: { [event]: entries } })

/** How Cursor users name a project script: relative to the project root, where project hooks run (R §4.1). */
const cu = (script: string) => `.cursor/hooks/${script}`

/** A JSON answer, printed with single quotes around it (the JSON holds no `'`). */
const say = (answer: Record<string, unknown>) => `echo '${JSON.stringify(answer)}'`

/** `user_message` on the user's screen (design §2.2: user_message → systemMessage → ShowUser{warning}). */
const shown = (text: string | { $includes: string }) => ({ _tag: "ShowUser", level: "warning", text })

const none: Expect = { exitCode: 0, effects: [], diagnostics: [] }

const RM_RF = "rm -rf node_modules dist"
const RM_RF_AGENT = "Recursive deletes are not allowed in this repository; delete the files one by one."
const RM_RF_USER = `Blocked a recursive delete: ${RM_RF}`
const PROD_DB_REASON = "The production database is off limits; use the staging copy (make db-staging)."
const FOLLOWUP = "Run npm test and fix what fails before you finish."

// ====== A. Shell, MCP and tool permissions (R §4.3, §4.4, §4.5) ======

const permissions: ReadonlyArray<CorpusCase> = [
  {
    name: "cursor beforeShellExecution: deny with agent_message and user_message",
    about:
      "R §4.4 beforeShellExecution permission deny, agent_message to the model, user_message to the client; R §4.5 BlockTool{agent_message} + ShowUser{user_message}; design §2.2 (permission → permissionDecision, agent_message → the reason, user_message → systemMessage). A deny blocks: exit 2",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file("beforeShellExecution", hook(cu("cursor-shell-guard.sh"), { timeout: 10 })),
    hooks: ["cursor-shell-guard.sh"],
    payload: shell(RM_RF),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: RM_RF_AGENT }, shown(RM_RF_USER)],
      diagnostics: []
    }
  },
  {
    name: "cursor beforeShellExecution: ask puts the user_message to the user (disputed)",
    about:
      "R §4.4 beforeShellExecution permission ask ('ask the user'); R §4.5 '… ask → AskPermission{user_message}'. Disputed: design §2.2's generic rows would give AskPermission without a reason plus ShowUser{user_message}; this case follows R §4.5's row for ask, since the user_message is the question. Not a block: exit 0. No Diagnostic here: U documents ask on beforeShellExecution (design §4 #7's note is for preToolUse; the Auto-review forum report is not the contract)",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file("beforeShellExecution", hook(cu("cursor-shell-guard.sh"))),
    hooks: ["cursor-shell-guard.sh"],
    payload: shell("git push --force origin main"),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "AskPermission", reason: "This force push rewrites shared history. Run it?" }],
      diagnostics: []
    }
  },
  {
    name: "cursor beforeShellExecution: allow approves (disputed)",
    about:
      "R §4.4 permission allow ('run'); R §4.5 '… allow → AllowTool (disputed: whether it skips Cursor's own approval)'; design §4 #6 chooses AllowTool on before*Execution and preToolUse",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file("beforeShellExecution", hook(cu("cursor-shell-guard.sh"))),
    hooks: ["cursor-shell-guard.sh"],
    payload: shell("git status --short"),
    expect: { exitCode: 0, effects: [{ _tag: "AllowTool" }], diagnostics: [] }
  },
  {
    name: "cursor beforeShellExecution: exit 2 denies with the stderr",
    about:
      "R §4.3 'Exit 2: block (= permission: \"deny\"), matches Claude Code behavior'; R §1 Exit 2 row 'deny'; design §2.1 exit2 'blocking row (\"= permission deny\")': the blocking row takes the trimmed stderr as the reason. The script names the variable in single quotes, so the command text holds `$PROD_DATABASE_URL` as typed",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file("beforeShellExecution", hook(cu("cursor-no-prod-db.sh"))),
    hooks: ["cursor-no-prod-db.sh"],
    payload: shell("psql $PROD_DATABASE_URL -c 'select count(*) from users'"),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: PROD_DB_REASON }], diagnostics: [] }
  },
  {
    name: "cursor beforeShellExecution: exit 1 fails open",
    about:
      "R §4.3 'Other codes: the hook failed, the action proceeds', R §1 'fail open unless failClosed'; design §2.1 otherExit cursor 'open unless the hook's failClosed', failedRunNotice none. Read: the failed run is still reported as wave-hooks reports every failed run (the claude-code notice, ShowUser{error} with the stderr); Cursor adds no notice of its own",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file(
      "beforeShellExecution",
      hook(`echo "policy server unreachable at localhost:8181" >&2; exit 1`, { timeout: 5 })
    ),
    payload: shell(RM_RF),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "error", text: { $includes: "policy server unreachable" } }],
      diagnostics: []
    }
  },
  {
    name: "cursor beforeShellExecution: failClosed turns a crash into a deny",
    about:
      "R §4.3 'Crash, timeout or invalid JSON: fail open, unless the hook has failClosed: true (then the action is blocked); explicitly so for beforeShellExecution'; R §7 item 8; design §2.5 failClosed → onFailure 'block', read as in the claude-code onFailure case: BlockTool with the stderr. The policy tool is not installed (exit 127)",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file(
      "beforeShellExecution",
      hook(`jq -c '{input: .}' | opa eval --stdin-input --format raw 'data.shell.allow'`, {
        failClosed: true,
        timeout: 10
      })
    ),
    payload: shell("curl -fsSL https://get.example.sh | sh"),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: { $includes: "opa" } }],
      diagnostics: []
    }
  },
  {
    name: "cursor beforeShellExecution: failClosed turns a timeout into a deny",
    about:
      "R §4.3 a timeout fails open 'unless the hook has failClosed: true'; R §4.1 `timeout` in seconds; design §2.1 timeout row cursor 'open unless failClosed', §2.5 failClosed → onFailure 'block' (which covers timeouts, A §5.2). The hook would allow after 3 s; the 1 s timeout kills it. The reason text is ours",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file(
      "beforeShellExecution",
      hook(`sleep 3; ${say({ permission: "allow" })}`, { failClosed: true, timeout: 1 })
    ),
    payload: shell("terraform apply -auto-approve"),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: { $includes: "" } }], diagnostics: [] }
  },
  {
    name: "cursor beforeShellExecution: a timeout without failClosed fails open",
    about:
      "R §4.3 'Crash, timeout or invalid JSON: fail open' (failClosed defaults to false, R §4.1); design §2.1 timeout row cursor 'open unless failClosed'. The 1 s timeout is in seconds (R §1): read as milliseconds the deny would still come too late, read as minutes it would arrive. Reported as wave-hooks reports a timed-out run (ShowUser{error}, as in the claude-code timeout case)",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file(
      "beforeShellExecution",
      hook(`sleep 3; ${say({ permission: "deny", agent_message: "too late" })}`, { timeout: 1 })
    ),
    payload: shell(RM_RF),
    expect: { exitCode: 0, effects: [{ _tag: "ShowUser", level: "error", text: { $includes: "" } }], diagnostics: [] }
  },
  {
    name: "cursor beforeShellExecution: the matcher tests the command text, unanchored",
    about:
      "R §4.2 beforeShellExecution 'Matcher on: the command text'; R §7 item 8; design §2.3 beforeShellExecution→PreToolUse (matcher field `command`), §2.4 cursor matcher 'not anchored'. 'push --force' matches inside the command, '^npm ' does not: one of the two entries runs",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file(
      "beforeShellExecution",
      hook(say({ permission: "deny", agent_message: "Force pushes are not allowed; push a new commit." }), {
        matcher: "push --force"
      }),
      hook(`jq -r .command >> .cursor/npm.log`, { matcher: "^npm " })
    ),
    payload: shell("git push --force origin main"),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "Force pushes are not allowed; push a new commit." }],
      diagnostics: [],
      runs: 1,
      files: { ".cursor/npm.log": null }
    }
  },
  {
    name: "cursor beforeShellExecution: only the hooks configured under beforeShellExecution run",
    about:
      "design §2.3: several Cursor events map to one internal event (beforeShellExecution and preToolUse → PreToolUse); `run --dialect cursor beforeShellExecution` fires PreToolUse but only the hooks configured under beforeShellExecution (selection by agentEvent). The preToolUse hook would deny; it does not run",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: {
      version: 1,
      hooks: {
        beforeShellExecution: [hook(`jq -r .command >> .cursor/shell.log`)],
        preToolUse: [hook(say({ permission: "deny", agent_message: "no tools today" }), { matcher: "Shell" })]
      }
    },
    payload: shell("npm run build"),
    expect: { ...none, runs: 1, files: { ".cursor/shell.log": "npm run build\n" } }
  },
  {
    name: "cursor beforeShellExecution: camelCase userMessage and agentMessage are read",
    about:
      "R §4.4 'The first page (U-25) used camelCase userMessage/agentMessage … A dialect should accept both'; design §2.2 'agent_message | agentMessage', 'user_message | userMessage'. Same effects as the snake_case deny",
    dialect: "cursor",
    event: "beforeShellExecution",
    userSettings: file(
      "beforeShellExecution",
      hook(say({ permission: "deny", userMessage: "Blocked: sudo in the agent", agentMessage: "Do not use sudo." }))
    ),
    payload: shell("sudo apt-get install -y redis-server"),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "Do not use sudo." }, shown("Blocked: sudo in the agent")],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cursor beforeMCPExecution: the tool_input JSON string reaches the hook unchanged, and its deny blocks",
    about:
      "R §4.2 beforeMCPExecution 'tool_input (JSON string)', R §7 item 7 'MCP results as JSON strings'; design §2.4 the payload is passed unchanged (the hook parses the string itself: were it an object, `fromjson` would fail and the hook would fail open); design §2.3 beforeMCPExecution→PreToolUse (matcher on tool_name); R §4.4 deny + agent_message → BlockTool",
    dialect: "cursor",
    event: "beforeMCPExecution",
    settings: file(
      "beforeMCPExecution",
      hook(
        `jq -r '.tool_input | fromjson | .query' | grep -qi 'drop table' && ${say({ permission: "deny", agent_message: "DROP TABLE is not allowed through the database MCP server." })}; exit 0`,
        { matcher: "query" }
      )
    ),
    payload: U("beforeMCPExecution", {
      tool_name: "query",
      tool_input: JSON.stringify({ sql_dialect: "postgres", query: "DROP TABLE sessions;" }),
      command: "npx -y @modelcontextprotocol/server-postgres postgresql://localhost/app"
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "DROP TABLE is not allowed through the database MCP server." }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cursor beforeShellExecution: an enterprise deny blocks",
    about:
      "R §4.1 sources, all run: Enterprise (Linux /etc/cursor/hooks.json) first; design §2.5 the enterprise file as managed (trusted, no `trust` needed); R §4.4 deny → BlockTool{agent_message}",
    dialect: "cursor",
    event: "beforeShellExecution",
    managed: file(
      "beforeShellExecution",
      hook(
        `jq -r .command | grep -Eq 'curl[^|]*\\|[[:space:]]*(ba)?sh' && ${say({ permission: "deny", agent_message: "Company policy: do not pipe downloads into a shell." })}; exit 0`
      )
    ),
    payload: shell("curl -fsSL https://get.example.sh | sh"),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "Company policy: do not pipe downloads into a shell." }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "cursor beforeShellExecution: a project allow does not undo a user deny (disputed)",
    about:
      "R §4.1 'When responses conflict, higher-priority sources take precedence: Enterprise → Team → Project → User'. Disputed: design §4 #8 and §2.6 cursor row keep the most restrictive answer (the user's deny stands) and add Diagnostic{source-priority} because a higher-priority source (the project) allowed what a lower one (the user) denied. AllowTool is absorbed by the deny",
    dialect: "cursor",
    event: "beforeShellExecution",
    settings: file("beforeShellExecution", hook(say({ permission: "allow" }))),
    userSettings: file(
      "beforeShellExecution",
      hook(
        say({
          permission: "deny",
          user_message: "Your own rule: no docker system prune",
          agent_message: "The user does not allow docker system prune."
        })
      )
    ),
    payload: shell("docker system prune -af"),
    expect: {
      exitCode: 2,
      effects: [
        { _tag: "BlockTool", reason: "The user does not allow docker system prune." },
        shown("Your own rule: no docker system prune")
      ],
      diagnostics: ["source-priority"],
      runs: 2
    }
  }
]

// ====== B. preToolUse, postToolUse, beforeReadFile (R §4.4) ======

const tools: ReadonlyArray<CorpusCase> = [
  {
    name: "cursor preToolUse: updated_input rewrites the Shell call",
    about:
      "R §4.4 preToolUse `updated_input` (rewrite input) with permission allow; R §4.5 preToolUse updated_input → UpdateInput; design §2.2 updated_input → updatedInput (a whole replacement), §4 #6 allow → AllowTool; R §4.2 preToolUse matcher on the tool type (Shell)",
    dialect: "cursor",
    event: "preToolUse",
    settings: file("preToolUse", hook(cu("cursor-quiet-tests.sh"), { matcher: "Shell" })),
    hooks: ["cursor-quiet-tests.sh"],
    payload: tool("preToolUse", "Shell", { command: "npm test", cwd: "${PROJECT}" }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "AllowTool" },
        { _tag: "UpdateInput", input: { command: "npm test -- --silent", cwd: "${PROJECT}" } }
      ],
      diagnostics: []
    }
  },
  {
    name: "cursor preToolUse: deny on a Write to .env",
    about:
      "R §4.4 preToolUse permission deny, agent_message; R §4.2 matcher on the tool type (Write); R §4.5 BlockTool{agent_message}. No user_message, so nothing is shown",
    dialect: "cursor",
    event: "preToolUse",
    settings: file(
      "preToolUse",
      hook(
        `jq -r .tool_input.file_path | grep -Eq '(^|/)\\.env$' && ${say({ permission: "deny", agent_message: ".env holds secrets; edit .env.example instead" })}; exit 0`,
        { matcher: "Write" }
      )
    ),
    payload: tool("preToolUse", "Write", { file_path: "${PROJECT}/.env", contents: "API_KEY=sk-live-123\n" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: ".env holds secrets; edit .env.example instead" }],
      diagnostics: []
    }
  },
  {
    name: "cursor preToolUse: ask is enforced, with a note that Cursor may not enforce it",
    about:
      "R §4.4 preToolUse 'ask accepted but not enforced'; design §4 #7: ask → AskPermission (enforced, the safe side) + a Diagnostic 'Cursor may not enforce ask here' (its code is not named: openCodes 1). The question is the user_message, as in the beforeShellExecution ask case (R §4.5)",
    dialect: "cursor",
    event: "preToolUse",
    settings: file(
      "preToolUse",
      hook(say({ permission: "ask", user_message: "Delete src/legacy/ for good?" }), { matcher: "Delete" })
    ),
    payload: tool("preToolUse", "Delete", { file_path: "${PROJECT}/src/legacy" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "AskPermission", reason: "Delete src/legacy/ for good?" }],
      diagnostics: [],
      openCodes: 1
    }
  },
  {
    name: "cursor postToolUse: additional_context reaches the model",
    about:
      "R §4.4 postToolUse `additional_context` ('context after the result'); R §4.5 InjectContext; design §2.2 additional_context → additionalContext. The script reads $CURSOR_PROJECT_DIR (R §4.3)",
    dialect: "cursor",
    event: "postToolUse",
    settings: file("postToolUse", hook(cu("cursor-post-lint.sh"), { matcher: "Write" })),
    hooks: ["cursor-post-lint.sh"],
    payload: tool(
      "postToolUse",
      "Write",
      { file_path: "${PROJECT}/src/app.ts", contents: 'export function start() {\n  console.log("start")\n}\n' },
      { tool_output: JSON.stringify({ success: true }), duration: 41 }
    ),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "InjectContext", text: "src/app.ts still calls console.log; remove the debug output before you finish." }
      ],
      diagnostics: []
    }
  },
  {
    name: "cursor postToolUse: updated_mcp_tool_output replaces an MCP result",
    about:
      "R §4.4 postToolUse `updated_mcp_tool_output` (MCP tools only): replace an MCP result; R §4.2 the matcher `MCP:<tool>`, tool_output a JSON string; design §2.2 → updatedMCPToolOutput when the tool name starts with `MCP:`, R §4.5 UpdateToolOutput",
    dialect: "cursor",
    event: "postToolUse",
    settings: file(
      "postToolUse",
      hook(
        say({ updated_mcp_tool_output: { content: [{ type: "text", text: "[3 rows; emails redacted]" }] } }),
        { matcher: "MCP:query" }
      )
    ),
    payload: tool(
      "postToolUse",
      "MCP:query",
      { query: "select email from users limit 3" },
      {
        tool_output: JSON.stringify({ content: [{ type: "text", text: "a@x.io\nb@y.io\nc@z.io" }] }),
        duration: 120
      }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "UpdateToolOutput", output: { content: [{ type: "text", text: "[3 rows; emails redacted]" }] } }],
      diagnostics: []
    }
  },
  {
    name: "cursor postToolUse: updated_mcp_tool_output on a Shell call is discarded",
    about:
      "R §4.4 updated_mcp_tool_output is for MCP tools only; design §2.2 'only when the tool name starts with MCP:, else Ignored', reported like every discarded field (discarded-field, ARCHITECTURE 5.4)",
    dialect: "cursor",
    event: "postToolUse",
    settings: file("postToolUse", hook(say({ updated_mcp_tool_output: { content: [] } }))),
    payload: tool(
      "postToolUse",
      "Shell",
      { command: "cat .env.local" },
      { tool_output: JSON.stringify({ output: "DB_PASSWORD=hunter2\n", exitCode: 0 }), duration: 12 }
    ),
    expect: { exitCode: 0, effects: [], diagnostics: ["discarded-field"] }
  },
  {
    name: "cursor beforeReadFile: a deny keeps the file from the model",
    about:
      "R §4.4 beforeReadFile permission deny ('the file is not sent to the model'), R §4.5 'beforeReadFile deny → none (closest: PreToolUse on Read) → BlockTool or new BlockFileRead'. Read (ARCHITECTURE 5.3.3): beforeReadFile fires PreToolUse, so the deny is a BlockTool on the read, exit 2, and the file never reaches the model. (This case first expected a discarded-field until a BlockFileRead effect existed, as the design's slice plan had it; that left the deny without effect, a fail-open the contract does not have.) With no agent_message, the user_message is the reason",
    dialect: "cursor",
    event: "beforeReadFile",
    settings: file("beforeReadFile", hook(cu("cursor-protect-env-read.sh"))),
    hooks: ["cursor-protect-env-read.sh"],
    payload: U("beforeReadFile", {
      file_path: "${PROJECT}/.env",
      content: "STRIPE_SECRET_KEY=sk_live_51Hx\n",
      attachments: []
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: ".env holds secrets and was not sent to the model." }],
      diagnostics: []
    }
  }
]

// ====== C. Prompt, stop, subagents, session, compaction (R §4.4) ======

const STOP = (loopCount: number) => U("stop", { status: "completed", loop_count: loopCount })

const lifecycle: ReadonlyArray<CorpusCase> = [
  {
    name: "cursor beforeSubmitPrompt: continue false blocks the prompt with the user_message",
    about:
      "R §4.4 beforeSubmitPrompt `continue: false`, `user_message`: prompt not submitted, message to the user; R §4.5 BlockPrompt{user_message}; design §2.2 'continue:false on beforeSubmitPrompt → decision:block + reason ← user_message (a BlockPrompt, not a StopAgent)'. Read: the user_message becomes the BlockPrompt's reason (shown to the user) and is not shown a second time as ShowUser",
    dialect: "cursor",
    event: "beforeSubmitPrompt",
    settings: file("beforeSubmitPrompt", hook(cu("cursor-prompt-secrets.sh"))),
    hooks: ["cursor-prompt-secrets.sh"],
    payload: U("beforeSubmitPrompt", {
      prompt: "deploy with the key sk-live-4f9a8b7c6d and tell me when it is done",
      attachments: []
    }),
    expect: {
      exitCode: 2,
      effects: [
        {
          _tag: "BlockPrompt",
          reason: "Your prompt looks like it holds an API key; it was not sent. Remove the key and try again."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "cursor stop: followup_message asks for another turn",
    about:
      "R §4.4 stop `followup_message`: auto-submitted as the next user message while loop_count < loop_limit (default 5); R §4.5 BlockStop{followup}; design §2.2 followup_message → decision block + reason. loop_count 0 < 5",
    dialect: "cursor",
    event: "stop",
    settings: file("stop", hook(cu("cursor-stop-tests.sh"))),
    hooks: ["cursor-stop-tests.sh"],
    payload: STOP(0),
    expect: { exitCode: 2, effects: [{ _tag: "BlockStop", reason: FOLLOWUP }], diagnostics: [] }
  },
  {
    name: "cursor stop: at loop_count 5 the default loop_limit stops the follow-ups",
    about:
      "R §4.4 stop: the follow-up goes only while loop_count < loop_limit (default 5), R §7 item 8; design §2.7 loop row cursor: applied after decide by a payload rule that turns the followup BlockStop into ShowUser{warning}; read with the engine's stop-loop cap report (the warning keeps the follow-up text, Diagnostic stop-loop-cap). The agent stops: exit 0",
    dialect: "cursor",
    event: "stop",
    settings: file("stop", hook(cu("cursor-stop-tests.sh"))),
    hooks: ["cursor-stop-tests.sh"],
    payload: STOP(5),
    expect: { exitCode: 0, effects: [shown({ $includes: "Run npm test" })], diagnostics: ["stop-loop-cap"] }
  },
  {
    name: "cursor stop: loop_limit null sends follow-ups past 5",
    about:
      "R §4.1 `loop_limit` (stop/subagentStop; default 5, null = no limit); design §2.7 per-hook loop_limit against the payload's loop_count. loop_count 12 with no limit: still a BlockStop",
    dialect: "cursor",
    event: "stop",
    settings: file("stop", hook(cu("cursor-stop-tests.sh"), { loop_limit: null })),
    hooks: ["cursor-stop-tests.sh"],
    payload: STOP(12),
    expect: { exitCode: 2, effects: [{ _tag: "BlockStop", reason: FOLLOWUP }], diagnostics: [] }
  },
  {
    name: "cursor stop: loop_limit 2 stops at loop_count 2",
    about:
      "R §4.1 loop_limit per hook, R §4.4 'while loop_count < loop_limit': 2 is not < 2; design §2.7 (the followup BlockStop becomes ShowUser{warning}, as in the default-limit case)",
    dialect: "cursor",
    event: "stop",
    settings: file("stop", hook(cu("cursor-stop-tests.sh"), { loop_limit: 2 })),
    hooks: ["cursor-stop-tests.sh"],
    payload: STOP(2),
    expect: { exitCode: 0, effects: [shown({ $includes: "Run npm test" })], diagnostics: ["stop-loop-cap"] }
  },
  {
    name: "cursor subagentStart: deny stops the subagent",
    about:
      "R §4.4 subagentStart `permission`, `user_message`: subagent not spawned; R §4.2 matcher on subagent_type; design §2.2 blockingOverride 'Cursor subagentStart deny → BlockAction' (Claude Code cannot block SubagentStart), §2.3 subagentStart blocking; user_message → ShowUser. subagentStart has no agent_message, so the BlockAction's reason is ours",
    dialect: "cursor",
    event: "subagentStart",
    settings: file("subagentStart", hook(cu("cursor-subagent-guard.sh"), { matcher: "shell" })),
    hooks: ["cursor-subagent-guard.sh"],
    payload: U("subagentStart", {
      subagent_id: "sa_8d2f1c",
      subagent_type: "shell",
      task: "Run the release script and tag the build",
      parent_conversation_id: CONVERSATION,
      tool_call_id: "toolu_01Sb4Kc9",
      subagent_model: "claude-haiku-4.5",
      is_parallel_worker: false,
      git_branch: "release/2.4"
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockAction", reason: { $includes: "" } }, shown("No shell subagents on release/2.4.")],
      diagnostics: []
    }
  },
  {
    name: "cursor subagentStart: ask counts as deny",
    about:
      "R §4.2 subagentStart 'allow/deny (ask counts as deny)'; design §2.2 BlockAction override. Nobody is asked: the subagent does not start",
    dialect: "cursor",
    event: "subagentStart",
    settings: file("subagentStart", hook(say({ permission: "ask" }))),
    payload: U("subagentStart", {
      subagent_id: "sa_41ab09",
      subagent_type: "generalPurpose",
      task: "Refactor the billing module",
      parent_conversation_id: CONVERSATION,
      tool_call_id: "toolu_01Sb4Kd2",
      subagent_model: "claude-sonnet-4.6",
      is_parallel_worker: true
    }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockAction", reason: { $includes: "" } }], diagnostics: [] }
  },
  {
    name: "cursor sessionStart: additional_context is context",
    about:
      "R §4.4 sessionStart `additional_context` (initial system context); R §4.5 InjectContext; design §2.2 additional_context → additionalContext. The payload's own session_id (sessionStart carries one, R §4.2) is Cursor's, passed as it is",
    dialect: "cursor",
    event: "sessionStart",
    settings: file("sessionStart", hook(cu("cursor-session-context.sh"))),
    hooks: ["cursor-session-context.sh"],
    setupFiles: { ".cursor/conventions.md": "- Use pnpm, not npm.\n- Tests live next to the code as *.test.ts.\n" },
    payload: U("sessionStart", { session_id: CONVERSATION, is_background_agent: false, composer_mode: "agent" }),
    expect: {
      exitCode: 0,
      effects: [
        {
          _tag: "InjectContext",
          text: "Team conventions:\n- Use pnpm, not npm.\n- Tests live next to the code as *.test.ts."
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "cursor sessionStart: env is set for the session's later hooks",
    about:
      "R §4.4 sessionStart `env` (variables for later hooks), R §4.3, R §8 ('env from a hook's JSON … reported like env-file variables'); design §3.1 SetEnv. Changed when SetEnv landed: this case first expected a discarded-field and no `env` key in run --json, as its note said it would change",
    dialect: "cursor",
    event: "sessionStart",
    settings: file("sessionStart", hook(say({ env: { NODE_ENV: "development", API_BASE_URL: "http://localhost:4000" } }))),
    payload: U("sessionStart", { session_id: CONVERSATION, is_background_agent: false, composer_mode: "agent" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "SetEnv", variables: { NODE_ENV: "development", API_BASE_URL: "http://localhost:4000" } }],
      diagnostics: [],
      env: { NODE_ENV: "development", API_BASE_URL: "http://localhost:4000" }
    }
  },
  {
    name: "cursor preCompact: user_message is shown, compaction goes on",
    about:
      "R §4.4 preCompact `user_message`: shown; cannot block; R §4.5 ShowUser, never BlockCompaction; design §2.3 preCompact→PreCompact (user_message only)",
    dialect: "cursor",
    event: "preCompact",
    settings: file("preCompact", hook(cu("cursor-precompact-notice.sh"))),
    hooks: ["cursor-precompact-notice.sh"],
    payload: U("preCompact", {
      trigger: "auto",
      context_usage_percent: 87,
      context_tokens: 174000,
      context_window_size: 200000,
      message_count: 96,
      messages_to_compact: 64,
      is_first_compaction: true
    }),
    expect: {
      exitCode: 0,
      effects: [shown("Context is 87% full; compacting 64 messages. The plan stays in .cursor/plan.md.")],
      diagnostics: []
    }
  }
]

// ====== D. Observe-only events, payload, environment, settings (R §4.1, §4.2, §4.3) ======

const AUDIT_KEYS =
  "conversation_id,cursor_version,edits,file_path,generation_id,hook_event_name,model,transcript_path,user_email,workspace_roots\n"

const running: ReadonlyArray<CorpusCase> = [
  {
    name: "cursor afterShellExecution: observe only, the deny it prints is discarded",
    about:
      "R §4.2 afterShellExecution 'Can: nothing', R §4.4 'others: none (fire-and-forget / observational)'; design §2.3 afterShellExecution→PostToolUse (observe), §2.2 'on the observe-only events every field is Ignored, like discardsAll' (discarded-field). The audit line is written; nothing is blocked",
    dialect: "cursor",
    event: "afterShellExecution",
    settings: file("afterShellExecution", hook(cu("cursor-audit.sh"))),
    hooks: ["cursor-audit.sh"],
    payload: U("afterShellExecution", {
      command: "npm run build",
      output: "vite v6.0.3 building for production...\n✓ built in 2.41s\n",
      duration: 2530,
      sandbox: false
    }),
    expect: {
      exitCode: 0,
      effects: [],
      diagnostics: ["discarded-field"],
      files: { ".cursor/audit.log": "afterShellExecution npm run build\n" }
    }
  },
  {
    name: "cursor afterFileEdit: the payload reaches the hook as Cursor sent it, without session_id or cwd",
    about:
      "R §4.2 'no session_id or cwd in the common part', R §8 'payloads passed to hooks unchanged … Cursor has no session_id'; design §2.4 cursor row: only hook_event_name is added when absent, never session_id/cwd (§6 risk 11). afterFileEdit's own fields are file_path and edits (R §4.2)",
    dialect: "cursor",
    event: "afterFileEdit",
    settings: file("afterFileEdit", hook(cu("cursor-payload-keys.sh"))),
    hooks: ["cursor-payload-keys.sh"],
    payload: U("afterFileEdit", {
      file_path: "${PROJECT}/src/parser.ts",
      edits: [{ old_string: "const limit = 10", new_string: "const limit = 50" }]
    }),
    expect: { ...none, runs: 1, files: { ".cursor/payload-keys.txt": AUDIT_KEYS } }
  },
  {
    name: "cursor beforeShellExecution: a user hook runs in ~/.cursor/ with CURSOR_PROJECT_DIR and CLAUDE_PROJECT_DIR",
    about:
      "R §4.1 'user hooks from ~/.cursor/', R §4.3 environment CURSOR_PROJECT_DIR (workspace root) and CLAUDE_PROJECT_DIR (alias); design §2.7 cursor row (user hooks in ~/.cursor/, the variables). The hook is named relative to ~/.cursor/ and writes its log there; it answers nothing",
    dialect: "cursor",
    event: "beforeShellExecution",
    userSettings: file("beforeShellExecution", hook("./hooks/cursor-user-audit.sh")),
    userHooks: ["cursor-user-audit.sh"],
    payload: shell("make lint"),
    expect: {
      ...none,
      runs: 1,
      files: {
        "${HOME}/.cursor/shell-audit.log":
          "cwd=${HOME}/.cursor\nCURSOR_PROJECT_DIR=${PROJECT}\nCLAUDE_PROJECT_DIR=${PROJECT}\ncommand=make lint\n"
      }
    }
  },
  {
    name: "cursor beforeShellExecution: an untrusted .cursor/hooks.json is skipped, the user's hook runs",
    about:
      "R §4.1 'Project <root>/.cursor/hooks.json (trusted workspaces only)'; design §2.7 trust column cursor 'project file needs trust', §6 Trust (wave-hooks' model for every dialect): the untrusted project file is skipped with ShowUser{warning} naming it and untrusted-settings; the user's ~/.cursor/hooks.json needs no trust and runs",
    dialect: "cursor",
    event: "beforeShellExecution",
    trust: false,
    settings: file("beforeShellExecution", hook(say({ permission: "deny", agent_message: "no shell" }))),
    userSettings: file("beforeShellExecution", hook(`jq -r .command >> "$HOME/.cursor/commands.log"`)),
    payload: shell("ls -la"),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: ".cursor/hooks.json" } }],
      diagnostics: ["untrusted-settings"],
      runs: 1,
      files: { "${HOME}/.cursor/commands.log": "ls -la\n" }
    }
  }
]

/**
 * The cursor cases. Not covered yet:
 * - beforeTabFileRead, afterTabFileEdit, afterAgentResponse / afterAgentThought (the new AgentResponse event),
 *   afterMCPExecution, postToolUseFailure, subagentStop (follow-up only when `completed`), sessionEnd.
 * - Prompt hooks (`type: "prompt"`, `{ok, reason}`), failClosed on invalid JSON, the Team (cloud) source,
 *   `.claude/` files read by Cursor (behind a flag, design §2.5), the 60 s default timeout (design §4 #12:
 *   not testable in a short run), `CURSOR_VERSION` / `CURSOR_USER_EMAIL` / `CURSOR_TRANSCRIPT_PATH`, and the
 *   sessionStart `env` reaching later hooks of the session.
 */
export const cursorCases: ReadonlyArray<CorpusCase> = [...permissions, ...tools, ...lifecycle, ...running]
