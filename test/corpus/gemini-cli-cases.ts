/**
 * The gemini-cli cases of the hook corpus: Gemini CLI's own hooks, settings and payloads, run through
 * `wave-hooks run <GeminiEvent> --dialect gemini-cli --json` with Gemini's event names (BeforeTool,
 * AfterTool, BeforeAgent, AfterAgent, PreCompress, SessionStart, SessionEnd, Notification).
 *
 * The expectations come from Gemini CLI's contract as /work/shared/research/agent-dialects.md records
 * it, cited "R §2.x" (its source keys: G source file, G-T test, G-D docs, all at gemini-cli
 * 5411f113), and from the dialect design for the choices it makes where Gemini's docs and source
 * disagree (cited "design §x"; the rule is to follow the source). A case marked **disputed** follows
 * the source where the docs say otherwise. Effects are named as in src/effects/hook-effect.ts. They
 * were written from those texts, never from wave-hooks' output.
 *
 * Conventions:
 * - Settings have Gemini's shape, `{"hooks":{"<Event>":[{"matcher","hooks":[{"type":"command","name",
 *   "command","timeout"}]}]}}` (`P(...)`), with timeouts in **milliseconds** (R §2.3). The project file
 *   is `.gemini/settings.json`, the user file `~/.gemini/settings.json`; scripts are copied to
 *   `.gemini/hooks/` and named as Gemini users do, `"$GEMINI_PROJECT_DIR"/.gemini/hooks/x.sh`.
 * - Payloads carry Gemini's common fields with `timestamp` (`B(...)`, `T(...)`, R §2.2).
 * - `failed(Event)`: Gemini tells the user "Hook(s) [name] failed for event X" after every run that
 *   did not succeed (any non-zero exit, a timeout; R §2.4 step 5, G hookEventHandler.ts
 *   `logHookExecution`; design §2.1 `failedRunNotice`). Every such case lists it.
 * - A JSON `systemMessage` is `ShowUser{warning}` (design §2.2: passed on as it is, read as in
 *   ARCHITECTURE 5.1); plain text on exit 0 is `ShowUser{info}` and on exit 1 `ShowUser{warning}`
 *   "Warning: ..." (design §2.1 `plainTextOn`).
 */
import type { CorpusCase, Expect } from "./cases.ts"

// ====== Builders ======

const SESSION = "5b2e9d1c-7a43-4f0e-9e61-0c8d2f4a7b35"

/** Gemini's common input fields (R §2.2; G types.ts `HookInput`, hookEventHandler.ts `createBaseInput`). */
const B = (event: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  session_id: SESSION,
  transcript_path: "${HOME}/.gemini/tmp/9f3c1a7e/chats/session-2026-11-27T10-15-5b2e9d1c.json",
  cwd: "${PROJECT}",
  hook_event_name: event,
  timestamp: "2026-11-27T10:15:03.412Z",
  ...extra
})

/** A tool event: `B` plus `tool_name` and `tool_input` (R §2.2 BeforeTool / AfterTool rows). */
const T = (event: string, toolName: string, toolInput: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  B(event, { tool_name: toolName, tool_input: toolInput, ...extra })

/** One Gemini command hook (R §2.1 definition row); `timeout` in milliseconds. */
const hook = (name: string, command: string, timeout?: number): Record<string, unknown> => ({
  type: "command",
  name,
  command,
  ...(timeout === undefined ? {} : { timeout })
})

/** `{"hooks":{Event:[{matcher?, hooks}]}}`, Gemini's settings shape. */
const group = (event: string, matcher: string | undefined, hooks: ReadonlyArray<Record<string, unknown>>) => ({
  hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks }] }
})

/** `P(Event, matcher, name, command, timeout)`: one definition holding one hook. */
const P = (event: string, matcher: string | undefined, name: string, command: string, timeout?: number) =>
  group(event, matcher, [hook(name, command, timeout)])

/** How Gemini users refer to a project script. */
const gm = (script: string) => `"$GEMINI_PROJECT_DIR"/.gemini/hooks/${script}`

/**
 * Gemini's notice after a run that did not succeed (R §2.4 step 5). It names the hook by its `name`
 * (G hookEventHandler.ts getHookName: name, else command); one case checks the name, the others only
 * the event, so that a wrong name does not hide what they check.
 */
const failed = (event: string, name?: string) => ({
  _tag: "ShowUser",
  level: "warning",
  text: { $includes: `${name === undefined ? "" : `[${name}] `}failed for event ${event}` }
})

const deny = (reason: string) => `echo '${JSON.stringify({ decision: "deny", reason })}'`

const rmRf = T("BeforeTool", "run_shell_command", { command: "rm -rf build", description: "Clean the build folder" })
const forcePush = T("BeforeTool", "run_shell_command", { command: "git push --force", description: "Force push" })
const npmTest = T("BeforeTool", "run_shell_command", { command: "npm test", description: "Run the unit tests" })

const none: Expect = { exitCode: 0, effects: [], diagnostics: [] }

// ====== A. Reading the answer (R §2.4) ======

const reading: ReadonlyArray<CorpusCase> = [
  {
    name: "gem BeforeTool: a silent exit 2 blocks nothing (disputed)",
    about:
      "R §2.4 steps 4-5 (G hookRunner.ts: empty stdout and stderr give no output; G-T hookRunner.test.ts 'invalid JSON handling'): a Claude-style silent exit 2 allows, and the run is reported failed. Disputed: G-D index.md 'Exit codes' says exit 2 always blocks; design §4 #2 follows the source and says so: ignored-output + ShowUser{warning} 'exit 2 without output blocks nothing in Gemini'",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "no-rm-rf",
      "jq -r .tool_input.command | grep -q 'rm -rf' && exit 2; exit 0",
      5000
    ),
    payload: rmRf,
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: "blocks nothing" } }, failed("BeforeTool")],
      diagnostics: ["ignored-output"]
    }
  },
  {
    name: "gem BeforeTool: exit 2 with stderr text denies",
    about:
      "R §2.4 steps 1 and 3 (G hookRunner.ts): with stdout empty the text is the trimmed stderr, and a code >= 2 with text is a deny whose reason is the text; R §2.7 BlockTool{reason}. Docs and source agree",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "no-rm-rf",
      `echo "rm -rf is blocked in this repo; use 'npm run clean'" >&2; exit 2`,
      5000
    ),
    payload: rmRf,
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "rm -rf is blocked in this repo; use 'npm run clean'" }, failed("BeforeTool")],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeTool: exit 2 with text on both streams: stdout is the reason (disputed)",
    about:
      "R §2.4 step 1, R §1 'Exit 2' row (G hookRunner.ts `stdout.trim() || stderr.trim()`): the text is the first non-empty of stdout and stderr, so a progress line on stdout becomes the reason. Disputed: G-D says stderr is the reason; design §4 #2 follows the source",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "no-rm-rf",
      `echo "checked 3 rules"; echo "rm -rf is blocked" >&2; exit 2`,
      5000
    ),
    payload: rmRf,
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "checked 3 rules" }, failed("BeforeTool")],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeTool: a missing script (exit 127) denies (disputed)",
    about:
      "R §2.4 step 3, R §7 item 1 (G hookRunner.ts: any code other than 0 and 1 with text is a deny): bash's 'No such file or directory' on stderr with exit 127 denies, so Gemini fails closed by accident. Disputed: G-D says other codes are warnings. design §4 #2 keeps the deny and adds a Diagnostic 'exit 127 denied because Gemini treats any code >= 2 with output as a deny' (no code named: openCodes). The claude-code missing-script notice must not replace it",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P("BeforeTool", "run_shell_command", "guard", gm("gemini-missing-guard.sh"), 5000),
    payload: rmRf,
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: { $includes: "No such file or directory" } }, failed("BeforeTool")],
      diagnostics: [],
      openCodes: 1
    }
  },
  {
    name: "gem BeforeTool: exit 3 with stdout text denies (disputed)",
    about:
      "R §2.4 step 3, R §1 'Other exit codes' (G hookRunner.ts): any code other than 0 and 1 with text denies. Disputed as the exit 127 case; design §4 #2: the deny stands, with a Diagnostic saying why (no code named: openCodes)",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P("BeforeTool", "run_shell_command", "policy-check", `echo "policy server unreachable"; exit 3`, 5000),
    payload: rmRf,
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "policy server unreachable" }, failed("BeforeTool")],
      diagnostics: [],
      openCodes: 1
    }
  },
  {
    name: "gem BeforeTool: exit 1 text is a 'Warning: ' message and allows",
    about:
      "R §2.4 step 3 (G hookRunner.ts `convertPlainTextToHookOutput`): exit 1 with text is {decision:allow, systemMessage:'Warning: '+text}; R §2.7 ShowUser; design §2.1 plainTextOn: ShowUser{warning}. The run failed, so Gemini's notice too",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "write_file",
      "lint-check",
      `echo "eslint not installed; skipping the lint check" >&2; exit 1`,
      5000
    ),
    payload: T("BeforeTool", "write_file", { file_path: "${PROJECT}/src/app.ts", content: "export {}\n" }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "ShowUser", level: "warning", text: "Warning: eslint not installed; skipping the lint check" },
        failed("BeforeTool")
      ],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeTool: the failed notice names the hook by its name",
    about:
      "R §2.4 step 5 and R §2.1 definition row (`name`): the notice is 'Hook(s) [name] failed for event X' with the hook's `name`, the command only when it has none (G hookEventHandler.ts logHookExecution, getHookName: config.name || config.command)",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P("BeforeTool", "run_shell_command", "lint-check", `echo "eslint crashed" >&2; exit 1`, 5000),
    payload: npmTest,
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "ShowUser", level: "warning", text: "Warning: eslint crashed" },
        failed("BeforeTool", "lint-check")
      ],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeAgent: exit-0 plain stdout is a user message, not context",
    about:
      "R §2.4 step 3, R §7 item 1, R §2.7 'exit-0 text: ShowUser': plain text is never context in Gemini (unlike Claude Code's UserPromptSubmit); exit 0 with text is a systemMessage. design §2.1 plainTextOn: ShowUser{info}",
    dialect: "gemini-cli",
    event: "BeforeAgent",
    settings: P("BeforeAgent", undefined, "sprint-note", "echo 'Sprint 42: code freeze on main'"),
    payload: B("BeforeAgent", { prompt: "merge the release branch into main" }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "info", text: "Sprint 42: code freeze on main" }],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeTool: deny JSON on stdout with exit 1 denies (disputed)",
    about:
      "R §2.4 step 2 (G hookRunner.ts; G-T 'invalid JSON handling'): text that parses as a JSON object is the output whatever the exit code; exit 1 still marks the run failed (step 5). Disputed: G-D reads JSON on exit 0 only; design §4 #2 follows the source",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P("BeforeTool", "write_file", "env-guard", `${deny("Writes to .env are not allowed")}; exit 1`, 5000),
    payload: T("BeforeTool", "write_file", { file_path: "${PROJECT}/.env", content: "API_KEY=sk-test" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "Writes to .env are not allowed" }, failed("BeforeTool")],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeTool: JSON on stderr counts when stdout is empty (disputed)",
    about:
      "R §2.4 steps 1 and 2 (G hookRunner.ts): stderr is read when stdout is empty, and JSON there decides, even on exit 0 (no failed notice: the run succeeded). Disputed: G-D 'Debug via Stderr' says stderr is never parsed; design §4 #2 follows the source",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P("BeforeTool", "read_file", "secrets-guard", `${deny("secrets/ is off limits")} >&2; exit 0`, 5000),
    payload: T("BeforeTool", "read_file", { file_path: "${PROJECT}/secrets/prod.key" }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "secrets/ is off limits" }], diagnostics: [] }
  },
  {
    name: "gem BeforeTool: a log line before the JSON loses the verdict",
    about:
      "R §2.4 last paragraph (G-T integration-tests/hooks-system.test.ts 'should treat mixed stdout (text + JSON) as system message'): the whole stdout is one text, a log line makes it plain text, so the deny is shown to the user instead of applied. design §2.1 noisyStdout 'plain' with a noisy-stdout Diagnostic, §6 risk 2",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "push-guard",
      `echo "guard: checking command"; ${deny("no force push")}`,
      5000
    ),
    payload: forcePush,
    expect: {
      exitCode: 0,
      effects: [
        {
          _tag: "ShowUser",
          level: "info",
          text: 'guard: checking command\n{"decision":"deny","reason":"no force push"}'
        }
      ],
      diagnostics: ["noisy-stdout"]
    }
  },
  {
    name: "gem BeforeTool: a JSON string holding JSON is parsed twice",
    about:
      "R §2.4 step 2 (G hookRunner.ts: a JSON string result is parsed a second time); design §2.1 jsonStringTwice. What a script doing print(json.dumps(json.dumps(out))) produces",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "publish-guard",
      `echo '"{\\"decision\\":\\"deny\\",\\"reason\\":\\"publish only from CI\\"}"'`,
      5000
    ),
    payload: T("BeforeTool", "run_shell_command", { command: "npm publish", description: "Publish" }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "publish only from CI" }], diagnostics: [] }
  }
]

// ====== B. The output vocabulary (R §2.5, §2.7; design §2.2) ======

const vocabulary: ReadonlyArray<CorpusCase> = [
  {
    name: "gem BeforeTool: decision allow is not AllowTool",
    about:
      "R §2.5 (G scheduler.ts / hook-utils.ts read only blocks and ask: allow/approve does nothing, the policy engine and the confirmation still decide), R §2.7 'none (not AllowTool)'; design §2.2 Ignored with discarded-field, §6 risk 3",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "git-readonly",
      `echo '{"decision":"allow","reason":"read-only git command"}'`,
      5000
    ),
    payload: T("BeforeTool", "run_shell_command", { command: "git status", description: "Status" }),
    expect: { ...none, diagnostics: ["discarded-field"] }
  },
  {
    name: "gem BeforeTool: a Claude-Code-shaped deny is ignored",
    about:
      "R §2.5 'CC-shaped outputs are ignored' (G types.ts HookOutput has no permissionDecision), R §7 item 2: a hook copied from Claude Code does nothing in Gemini; design §2.2: Ignored, and the engine says so with discarded-field",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "no-rm-rf",
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}'`,
      5000
    ),
    payload: rmRf,
    expect: { ...none, diagnostics: ["discarded-field"] }
  },
  {
    name: "gem BeforeTool: decision ask forces confirmation",
    about:
      "R §2.5 (G scheduler.ts forcedDecision, hook-utils.ts: ask forces the dialog, even in YOLO mode, with systemMessage in it; G-T integration 'should force confirmation prompt'), R §2.7 AskPermission{reason: systemMessage}. Read: R §2.5 also says the systemMessage of every run is shown to the user (G hookEventHandler.ts emitHookSystemMessage), and design §2.2 passes systemMessage on as it is, so a ShowUser{warning} with the same text comes too",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "deploy-confirm",
      `echo '{"decision":"ask","systemMessage":"This deploys to production. Continue?"}'`,
      5000
    ),
    payload: T("BeforeTool", "run_shell_command", { command: "./deploy.sh prod", description: "Deploy" }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "AskPermission", reason: "This deploys to production. Continue?" },
        { _tag: "ShowUser", level: "warning", text: "This deploys to production. Continue?" }
      ],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeTool: hookSpecificOutput.tool_input replaces the arguments (disputed)",
    about:
      "R §2.5 (G hook-utils.ts: the scheduler rebuilds the call from exactly the hook's object; G-T scheduler_hooks.test.ts 'should update tool input'): description is dropped, not merged. Disputed: G-D says 'merges with and overrides' and the legacy coreToolHookTriggers uses Object.assign; design §4 #1: replace, UpdateInput{input}",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "quiet-tests",
      `jq -c '{hookSpecificOutput:{tool_input:{command:(.tool_input.command + " -- --reporter=dot")}}}'`,
      5000
    ),
    payload: npmTest,
    expect: {
      exitCode: 0,
      effects: [{ _tag: "UpdateInput", input: { command: "npm test -- --reporter=dot" } }],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeTool: continue:false stops the agent with stopReason",
    about:
      "R §2.5 (G hook-utils.ts 'Agent execution stopped by hook', types.ts getEffectiveReason = stopReason, else reason; G-T integration 'should stop agent execution via BeforeTool hook'), R §2.7 StopAgent{stopReason || reason}",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "budget",
      `echo '{"continue":false,"stopReason":"The session budget is used up","reason":"not this one"}'`,
      5000
    ),
    payload: npmTest,
    expect: { exitCode: 2, effects: [{ _tag: "StopAgent", reason: "The session budget is used up" }], diagnostics: [] }
  },
  {
    name: "gem BeforeTool: a deny and an ask from two hooks: the deny wins",
    about:
      "R §2.6 (G hookAggregator.ts mergeWithOrDecision; G-T hookAggregator.test.ts): OR-merge, any block wins and ask counts only without one. The ask hook's systemMessage is still shown (R §2.5: every run's systemMessage, G hookEventHandler.ts emitHookSystemMessage per result)",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: group("BeforeTool", "run_shell_command", [
      hook("push-guard", deny("no force push"), 5000),
      hook("confirm-remote", `echo '{"decision":"ask","systemMessage":"Pushes need a check"}'`, 5000)
    ]),
    payload: forcePush,
    expect: {
      exitCode: 2,
      effects: [
        { _tag: "BlockTool", reason: "no force push" },
        { _tag: "ShowUser", level: "warning", text: "Pushes need a check" }
      ],
      diagnostics: [],
      runs: 2
    }
  }
]

// ====== C. The other events (R §2.2, §2.5, §2.7) ======

const events: ReadonlyArray<CorpusCase> = [
  {
    name: "gem AfterTool: deny replaces the tool result",
    about:
      "R §2.5 (G coreToolHookTriggers.ts: the result becomes 'Tool result blocked: <reason>'; G-D 'Block Result'), R §2.7; design §2.2 blockingOverride UpdateToolOutput (not PromptModel), which does not block: exit 0. Gemini also marks the result an error; wave-hooks has no field for that",
    dialect: "gemini-cli",
    event: "AfterTool",
    settings: P("AfterTool", "read_file", "redact", gm("gemini-redact-result.sh"), 5000),
    hooks: ["gemini-redact-result.sh"],
    payload: T(
      "AfterTool",
      "read_file",
      { file_path: "${PROJECT}/config/prod.env" },
      { tool_response: { llmContent: "DB_PASSWORD=hunter2\n", returnDisplay: "Read config/prod.env" } }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "UpdateToolOutput", output: "Tool result blocked: the file holds a password" }],
      diagnostics: []
    }
  },
  {
    name: "gem AfterTool: a failed tool, exit 2 with stderr: the result is replaced",
    about:
      "R §2.2 AfterTool row (it fires for failed tools too, with tool_response.error), R §2.5 'or exit-2 text', R §2.7 (also PostToolUseFailure; design §2.3 maps AfterTool to PostToolUse): exit-2 text blocks the result like a deny; the run failed, so Gemini's notice too",
    dialect: "gemini-cli",
    event: "AfterTool",
    settings: P(
      "AfterTool",
      "run_shell_command",
      "build-advice",
      `echo "Build failed: read build.log before retrying" >&2; exit 2`,
      5000
    ),
    payload: T(
      "AfterTool",
      "run_shell_command",
      { command: "npm run build", description: "Build" },
      { tool_response: { llmContent: "", returnDisplay: "", error: { message: "Command exited with code 1" } } }
    ),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "UpdateToolOutput", output: "Tool result blocked: Build failed: read build.log before retrying" },
        failed("AfterTool")
      ],
      diagnostics: []
    }
  },
  {
    name: "gem AfterTool: additionalContext is wrapped in <hook_context> with < and > escaped",
    about:
      "R §2.5 (G types.ts getAdditionalContext escapes < and >; G-T types.test.ts; G coreToolHookTriggers.ts appends <hook_context>...</hook_context> to the result), R §2.7 InjectContext; design §2.1 contextWrap: the wrapper is part of the InjectContext text",
    dialect: "gemini-cli",
    event: "AfterTool",
    settings: P(
      "AfterTool",
      "write_file",
      "types-hint",
      `echo '{"hookSpecificOutput":{"additionalContext":"Types live in src/<pkg>/types.ts"}}'`,
      5000
    ),
    payload: T(
      "AfterTool",
      "write_file",
      { file_path: "${PROJECT}/src/api.ts", content: "export {}\n" },
      { tool_response: { llmContent: "Wrote src/api.ts", returnDisplay: "Wrote src/api.ts" } }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "InjectContext", text: "<hook_context>Types live in src/&lt;pkg&gt;/types.ts</hook_context>" }],
      diagnostics: []
    }
  },
  {
    name: "gem AfterTool: tailToolCallRequest chains the next tool call",
    about:
      "R §2.5 AfterTool row (G types.ts AfterToolHookOutput.tailToolCallRequest {name, args}; G-T integration 'tail tool call': the agent runs that tool next and its result replaces this one), R §2.7 'AfterTool tailToolCallRequest → none (new: ChainToolCall{name,args})'; design §3.1 ChainToolCall",
    dialect: "gemini-cli",
    event: "AfterTool",
    settings: P(
      "AfterTool",
      "write_file",
      "lint-after-write",
      `echo '{"hookSpecificOutput":{"tailToolCallRequest":{"name":"run_shell_command","args":{"command":"npx eslint src/api.ts"}}}}'`,
      5000
    ),
    payload: T(
      "AfterTool",
      "write_file",
      { file_path: "${PROJECT}/src/api.ts", content: "export {}\n" },
      { tool_response: { llmContent: "Wrote src/api.ts", returnDisplay: "Wrote src/api.ts" } }
    ),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ChainToolCall", name: "run_shell_command", args: { command: "npx eslint src/api.ts" } }],
      diagnostics: []
    }
  },
  {
    name: "gem AfterAgent: clearContext clears the model's history beside another turn",
    about:
      "R §2.5 AfterAgent row (G types.ts AfterAgentHookOutput.clearContext; G client.ts: model history cleared, UI kept, 'with either of the above'), R §2.6 clearContext any-true, R §2.7 'AfterAgent clearContext → none (new: ClearContext)'; design §3.1 ClearContext",
    dialect: "gemini-cli",
    event: "AfterAgent",
    settings: P(
      "AfterAgent",
      undefined,
      "fresh-start",
      `echo '{"decision":"block","reason":"Start over from the spec.","hookSpecificOutput":{"clearContext":true}}'`,
      5000
    ),
    payload: B("AfterAgent", { prompt: "fix it", prompt_response: "Done.", stop_hook_active: false }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "ClearContext" }, { _tag: "BlockStop", reason: "Start over from the spec." }],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeModel: a deny with llm_response answers for the model and ends the turn",
    about:
      "R §2.5 BeforeModel row (G hookSystem.ts fireBeforeModelEvent, geminiChat.ts: the LLM call is skipped, 'Agent execution blocked', a synthetic llm_response is used as the answer), R §2.7 'BeforeModel … deny → new: BlockModelRequest, SyntheticModelResponse'; design §3.1",
    dialect: "gemini-cli",
    event: "BeforeModel",
    settings: P(
      "BeforeModel",
      undefined,
      "budget",
      `echo '{"decision":"deny","reason":"Daily token budget reached","hookSpecificOutput":{"llm_response":{"candidates":[{"content":{"role":"model","parts":["The budget is spent; try tomorrow."]},"finishReason":"STOP"}]}}}'`,
      5000
    ),
    payload: B("BeforeModel", {
      llm_request: { model: "gemini-2.5-pro", messages: [{ role: "user", content: "summarise the repo" }], config: {} }
    }),
    expect: {
      exitCode: 2,
      effects: [
        { _tag: "BlockModelRequest", reason: "Daily token budget reached" },
        {
          _tag: "SyntheticModelResponse",
          response: {
            candidates: [
              { content: { role: "model", parts: ["The budget is spent; try tomorrow."] }, finishReason: "STOP" }
            ]
          }
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "gem AfterModel: llm_response replaces the streamed chunk",
    about:
      "R §2.2 AfterModel fires after each streamed chunk with llm_request and llm_response; R §2.5 (G types.ts getModifiedResponse: replaces the chunk when it has candidate parts), R §2.7 'AfterModel llm_response → new: UpdateModelResponse'",
    dialect: "gemini-cli",
    event: "AfterModel",
    settings: P(
      "AfterModel",
      undefined,
      "redact",
      `echo '{"hookSpecificOutput":{"llm_response":{"candidates":[{"content":{"role":"model","parts":["The key is [redacted]."]}}]}}}'`,
      5000
    ),
    payload: B("AfterModel", {
      llm_request: { model: "gemini-2.5-pro", messages: [] },
      llm_response: { candidates: [{ content: { role: "model", parts: ["The key is sk-live-1234."] } }] }
    }),
    expect: {
      exitCode: 0,
      effects: [
        {
          _tag: "UpdateModelResponse",
          response: { candidates: [{ content: { role: "model", parts: ["The key is [redacted]."] } }] }
        }
      ],
      diagnostics: []
    }
  },
  {
    name: "gem BeforeToolSelection: toolConfig restricts the tools (decision and continue unused)",
    about:
      "R §2.5 BeforeToolSelection row (G types.ts toolConfig {mode, allowedFunctionNames}; 'decision, continue, systemMessage not used'), R §2.6 (NONE > ANY > AUTO, allow-lists unioned), R §2.7 'new: RestrictTools'",
    dialect: "gemini-cli",
    event: "BeforeToolSelection",
    settings: P(
      "BeforeToolSelection",
      undefined,
      "read-only",
      `echo '{"continue":false,"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["read_file","glob"]}}}'`,
      5000
    ),
    payload: B("BeforeToolSelection", { llm_request: { model: "gemini-2.5-pro", messages: [] } }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "RestrictTools", mode: "ANY", allowedFunctionNames: ["read_file", "glob"] }],
      diagnostics: ["discarded-field"]
    }
  },
  {
    name: "gem BeforeAgent: deny blocks the prompt (a matcher is ignored)",
    about:
      "R §2.5 (G client.ts: a BeforeAgent deny discards the prompt, 'Agent execution blocked'), R §2.7 BlockPrompt; R §2.2 (G hookPlanner.ts matchesContext): the matcher is ignored on events without a tool name or trigger, so the leftover 'run_shell_command' matcher does not stop the hook",
    dialect: "gemini-cli",
    event: "BeforeAgent",
    settings: P("BeforeAgent", "run_shell_command", "secret-scan", gm("gemini-secret-scan.sh"), 5000),
    hooks: ["gemini-secret-scan.sh"],
    payload: B("BeforeAgent", { prompt: "log in with password hunter2 and run the migration" }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockPrompt", reason: "The prompt looks like it holds a secret; not sent" }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "gem AfterAgent: deny asks for another turn (BlockStop)",
    about:
      "R §2.5 (G client.ts sendMessageStream: the reason is sent as a new prompt with stop_hook_active: true), R §2.7 BlockStop. Gemini has no cap of 8 (only the 100-turn bound); wave-hooks keeps 8 (design §2.7), not checked here",
    dialect: "gemini-cli",
    event: "AfterAgent",
    settings: P("AfterAgent", undefined, "require-tests", gm("gemini-require-tests.sh"), 30000),
    hooks: ["gemini-require-tests.sh"],
    payload: B("AfterAgent", {
      prompt: "fix the failing test",
      prompt_response: "I fixed the test.",
      stop_hook_active: false
    }),
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockStop", reason: "Tests still fail: run npm test and fix them" }],
      diagnostics: []
    }
  },
  {
    name: "gem SessionStart: additionalContext and systemMessage from the user settings",
    about:
      "R §2.5 (G AppContainer.tsx, gemini.tsx: SessionStart context becomes <hook_context>...</hook_context>, systemMessage is printed), R §2.7 InjectContext + ShowUser; R §2.2 (G hookPlanner.ts matchesTrigger): the matcher equals the source 'startup'. User settings are trusted",
    dialect: "gemini-cli",
    event: "SessionStart",
    userSettings: P(
      "SessionStart",
      "startup",
      "project-notes",
      `echo '{"systemMessage":"Loaded project notes","hookSpecificOutput":{"additionalContext":"Use pnpm, not npm."}}'`,
      5000
    ),
    payload: B("SessionStart", { source: "startup" }),
    expect: {
      exitCode: 0,
      effects: [
        { _tag: "InjectContext", text: "<hook_context>Use pnpm, not npm.</hook_context>" },
        { _tag: "ShowUser", level: "warning", text: "Loaded project notes" }
      ],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "gem SessionStart: the matcher is an exact source, so 'startup' does not run on resume",
    about:
      "R §2.2 SessionStart row (G hookPlanner.ts matchesTrigger: matcher === source, no regex): a 'startup' hook does not run for source 'resume'",
    dialect: "gemini-cli",
    event: "SessionStart",
    userSettings: P(
      "SessionStart",
      "startup",
      "project-notes",
      `echo '{"systemMessage":"Loaded project notes","hookSpecificOutput":{"additionalContext":"Use pnpm, not npm."}}'`,
      5000
    ),
    payload: B("SessionStart", { source: "resume" }),
    expect: { ...none, runs: 0 }
  },
  {
    name: "gem PreCompress: exit 2 cannot block compression",
    about:
      "R §2.5 last row (G chatCompressionService.ts; G-D: PreCompress is advisory, exit 2 only yields the 'failed' warning), R §2.7 never BlockCompaction. The dropped deny text gets a Diagnostic (design §4: never silent); the design names no code, so it is not checked (openCodes)",
    dialect: "gemini-cli",
    event: "PreCompress",
    settings: P("PreCompress", undefined, "migration-guard", `echo "do not compress during a migration" >&2; exit 2`),
    payload: B("PreCompress", { trigger: "auto" }),
    expect: { exitCode: 0, effects: [failed("PreCompress")], diagnostics: [], openCodes: 1 }
  },
  {
    name: "gem Notification: systemMessage shown, decision ignored",
    about:
      "R §2.5 last row, R §2.2 Notification row (G hookSystem.ts): Notification is advisory, only systemMessage counts; R §2.7 ShowUser only; design §2.2: the dropped decision is a discarded-field",
    dialect: "gemini-cli",
    event: "Notification",
    settings: P(
      "Notification",
      undefined,
      "desktop-notify",
      `echo '{"systemMessage":"Desktop notification sent","decision":"deny"}'`,
      5000
    ),
    payload: B("Notification", {
      notification_type: "ToolPermission",
      message: "Gemini wants to run: npm install",
      details: { type: "exec", command: "npm install" }
    }),
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: "Desktop notification sent" }],
      diagnostics: ["discarded-field"]
    }
  },
  {
    name: "gem SessionEnd: continue:false does not stop anything",
    about:
      "R §2.7 'any continue:false (not SessionStart/SessionEnd/PreCompress/Notification/BeforeToolSelection)', R §2.5 last row (systemMessage only); design §2.2: continue is Ignored on SessionEnd, with discarded-field",
    dialect: "gemini-cli",
    event: "SessionEnd",
    settings: P("SessionEnd", undefined, "goodbye", `echo '{"continue":false,"stopReason":"bye"}'`, 5000),
    payload: B("SessionEnd", { reason: "exit" }),
    expect: { ...none, diagnostics: ["discarded-field"] }
  }
]

// ====== D. Selection, settings, execution (R §2.1, §2.2, §2.3, §2.6) ======

const AUDIT_LINE = `${SESSION}\n`

const selection: ReadonlyArray<CorpusCase> = [
  {
    name: "gem BeforeTool: the matcher is an unanchored RegExp",
    about:
      "R §2.2 (G hookPlanner.ts matchesToolName: new RegExp(matcher).test(tool_name)): 'shell' matches run_shell_command. The wave dialect anchors its matchers (design §2.4 matcher rows)",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P("BeforeTool", "shell", "no-shell", deny("shell is disabled in this repo"), 5000),
    payload: rmRf,
    expect: {
      exitCode: 2,
      effects: [{ _tag: "BlockTool", reason: "shell is disabled in this repo" }],
      diagnostics: [],
      runs: 1
    }
  },
  {
    name: "gem BeforeTool: an invalid regex matcher is an exact string",
    about:
      "R §2.2 (G hookPlanner.ts: an invalid RegExp is compared as an exact string); design §2.4 gemini-cli row 'used as an exact string'. The glob-like '*_file' is no valid RegExp (nothing to repeat) and never equals write_file, so the hook does not run; it is not a settings error",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P("BeforeTool", "*_file", "file-guard", deny("x"), 5000),
    payload: T("BeforeTool", "write_file", { file_path: "${PROJECT}/notes.md", content: "hi\n" }),
    expect: { ...none, runs: 0 }
  },
  {
    name: "gem BeforeTool: a 50 ms timeout on sleep 1 times out and fails open",
    about:
      "R §2.3 (G hookRunner.ts: timeout in milliseconds; a timed-out hook has no output, so it fails open), R §7 item 3; design §6 risk 1. The deny would come after 1 s, so a BlockTool means the 50 was read as seconds. A timed-out run did not succeed, so the user gets Gemini's failed notice (G hookEventHandler.ts logHookExecution counts every result with success false; R §2.4 step 5). design §2.5: a value under 1000 gets the warning '50 ms; Gemini timeouts are milliseconds' on every run (no code named: openCodes)",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "slow-guard",
      `sleep 1; ${deny("too late")}`,
      50
    ),
    payload: rmRf,
    expect: { exitCode: 0, effects: [failed("BeforeTool")], diagnostics: [], openCodes: 1 }
  },
  {
    name: "gem BeforeTool: an untrusted project file is skipped, the user's hook runs",
    about:
      "R §2.1 (G hookRegistry.ts processHooksFromConfig): in a folder Gemini does not trust no settings hook runs, the user's included. wave-hooks keeps its own trust model for every dialect (design §6 'Trust', §2.7 trust column, ARCHITECTURE 7 'Trust'): the untrusted project file is skipped with ShowUser{warning} naming it and untrusted-settings, and the user's hook runs. A documented deviation; Gemini's trustedFolders.json is not read",
    dialect: "gemini-cli",
    event: "BeforeTool",
    trust: false,
    settings: P("BeforeTool", "run_shell_command", "no-rm-rf", deny("rm -rf is blocked"), 5000),
    userSettings: P("BeforeTool", "", "audit", `echo "$GEMINI_SESSION_ID" >> "$HOME/gemini-audit.log"`, 5000),
    payload: rmRf,
    expect: {
      exitCode: 0,
      effects: [{ _tag: "ShowUser", level: "warning", text: { $includes: ".gemini/settings.json" } }],
      diagnostics: ["untrusted-settings"],
      runs: 1,
      files: { "${HOME}/gemini-audit.log": AUDIT_LINE }
    }
  },
  {
    name: "gem BeforeTool: the same hook in user and project settings runs once",
    about:
      "R §2.6 (G types.ts getHookKey = name:command, hookPlanner.ts deduplicateHooks; G-T hookPlanner.test.ts 'should deduplicate identical hooks'): the timeout is not part of the key; R §2.1 (settingsSchema.ts mergeStrategy CONCAT): both files' arrays are read; design §2.5 dedupe row",
    dialect: "gemini-cli",
    event: "BeforeTool",
    userSettings: P(
      "BeforeTool",
      "run_shell_command",
      "audit",
      `echo "$GEMINI_SESSION_ID" >> "$GEMINI_PROJECT_DIR/.gemini/audit.log"`,
      5000
    ),
    settings: P(
      "BeforeTool",
      "run_shell_command",
      "audit",
      `echo "$GEMINI_SESSION_ID" >> "$GEMINI_PROJECT_DIR/.gemini/audit.log"`,
      10000
    ),
    payload: rmRf,
    expect: { ...none, runs: 1, files: { ".gemini/audit.log": AUDIT_LINE } }
  },
  {
    name: "gem BeforeTool: hooksConfig.disabled switches a hook off by name",
    about:
      "R §2.1 (G settingsSchema.ts hooksConfig, hookRegistry.ts: a hook whose name is in hooksConfig.disabled does not run; the lists are unioned across files): the user file disables the project's secrets-guard",
    dialect: "gemini-cli",
    event: "BeforeTool",
    settings: group("BeforeTool", "run_shell_command", [
      hook("lint-guard", "exit 0", 5000),
      hook("secrets-guard", deny("blocked by secrets-guard"), 5000)
    ]),
    userSettings: { hooksConfig: { disabled: ["secrets-guard"] } },
    payload: rmRf,
    expect: { ...none, runs: 1 }
  },
  {
    name: "gem BeforeTool: $GEMINI_PROJECT_DIR is substituted, escaped, in the command",
    about:
      "R §2.3 (G hookRunner.ts expandCommand replaces $GEMINI_PROJECT_DIR by the shell-escaped payload cwd before bash sees it; G-T 'should expand environment variables in commands', 'should not allow command injection via GEMINI_PROJECT_DIR'); design §2.7. So an unquoted reference works in a folder whose name has a space. Were the variable only exported, bash would split the path and exit 127: a deny 'No such file or directory'. Only this reason proves the substitution",
    dialect: "gemini-cli",
    event: "BeforeTool",
    projectDirName: "my app",
    settings: P("BeforeTool", "write_file", "env-guard", "$GEMINI_PROJECT_DIR/.gemini/hooks/gemini-block-env.sh", 5000),
    hooks: ["gemini-block-env.sh"],
    payload: T("BeforeTool", "write_file", { file_path: "${PROJECT}/.env", content: "X=1\n" }),
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: ".env files are read-only" }], diagnostics: [] }
  },
  {
    name: "gem BeforeTool: an installed extension's hooks/hooks.json denies",
    about:
      "R §2.1 Extensions row (G extension-manager.ts loadExtensions: every folder of ~/.gemini/extensions with a gemini-extension.json holding name and version; loadExtensionHooks reads <extension>/hooks/hooks.json, the settings' shape; hookRegistry.ts processHooksFromConfig registers an active extension's hooks, in an untrusted folder too): the extension's BeforeTool hook blocks the call; the project has no settings",
    dialect: "gemini-cli",
    event: "BeforeTool",
    setupFiles: {
      "${HOME}/.gemini/extensions/guard-ext/gemini-extension.json": JSON.stringify({ name: "guard-ext", version: "1.0.0" }),
      "${HOME}/.gemini/extensions/guard-ext/hooks/hooks.json": JSON.stringify(
        P("BeforeTool", "run_shell_command", "ext-guard", deny("blocked by guard-ext"), 5000)
      )
    },
    payload: rmRf,
    expect: { exitCode: 2, effects: [{ _tag: "BlockTool", reason: "blocked by guard-ext" }], diagnostics: [] }
  },
  {
    name: "gem BeforeTool: an extension disabled for the project does not run",
    about:
      "G extensionEnablement.ts isEnabled: ~/.gemini/extensions/extension-enablement.json's overrides for the extension's name, the last rule matching the workspace folder wins, ! disables (gemini extensions disable --scope workspace writes !<folder>/); hookRegistry.ts skips an extension that is not active",
    dialect: "gemini-cli",
    event: "BeforeTool",
    setupFiles: {
      "${HOME}/.gemini/extensions/guard-ext/gemini-extension.json": JSON.stringify({ name: "guard-ext", version: "1.0.0" }),
      "${HOME}/.gemini/extensions/guard-ext/hooks/hooks.json": JSON.stringify(
        P("BeforeTool", "run_shell_command", "ext-guard", deny("blocked by guard-ext"), 5000)
      ),
      "${HOME}/.gemini/extensions/extension-enablement.json": JSON.stringify({
        "guard-ext": { overrides: ["!${PROJECT}/"] }
      })
    },
    payload: rmRf,
    expect: { ...none, runs: 0 }
  }
]

/**
 * The gemini-cli cases. Not covered yet: BeforeModel `llm_request` and `continue:false`, several hooks'
 * tool restrictions (R §2.6; unit-tested in test/core/gemini-cli-decide.test.ts), BeforeAgent additionalContext and continue:false (prompt kept), AfterAgent
 * continue:false, `sequential` chaining of tool_input, an extension's `${extensionPath}`, system settings files, JSONC comments and $VAR
 * in values, hooksConfig.enabled false.
 */
export const geminiCliCases: ReadonlyArray<CorpusCase> = [...reading, ...vocabulary, ...events, ...selection]
