/**
 * `convertSettings`: a realistic settings file of each dialect (a Bash guard with a 30 s timeout, an
 * Edit|Write formatter, a Stop check, a SessionStart context hook) converted to every other dialect, each
 * pair's text and notes kept as a golden file (`convert-golden/<from>-to-<to>.txt`, reviewed, updated with
 * `vitest -u`); then the cases that must never change meaning, checked one by one: 30 s is 30000 ms, a
 * default timeout is written out, a round trip keeps every decision.
 */
import { assert, describe, it } from "@effect/vitest"
import { expect } from "vitest"
import type { Dialect } from "../../src/core/dialect.ts"
import { dialects } from "../../src/core/dialect.ts"
import { agentEventNamed } from "../../src/core/dialect-events.ts"
import type { HookEvent } from "../../src/core/events.ts"
import { matcherOptionsOf, matches } from "../../src/core/matcher.ts"
import { convertSettings } from "../../src/settings/convert-settings.ts"
import { effectiveTimeoutSeconds } from "../../src/settings/plan.ts"
import { validateSettings } from "../../src/settings/validate-settings.ts"

const command = (type: string, text: string) => ({ type, command: text })

/** The same four hooks, as each agent's own documentation would write them. */
const fixtures: { readonly [D in Dialect]: string } = {
  "claude-code": JSON.stringify(
    {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ ...command("command", '"$CLAUDE_PROJECT_DIR"/.claude/hooks/bash-guard.sh'), timeout: 30 }]
          }
        ],
        PostToolUse: [
          { matcher: "Edit|Write", hooks: [command("command", '"$CLAUDE_PROJECT_DIR"/.claude/hooks/format.sh')] }
        ],
        Stop: [
          { hooks: [{ ...command("command", '"$CLAUDE_PROJECT_DIR"/.claude/hooks/check-tests.sh'), timeout: 120 }] }
        ],
        SessionStart: [{ matcher: "startup", hooks: [command("command", "git log --oneline -5")] }]
      }
    },
    null,
    2
  ),
  wave: JSON.stringify(
    {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ ...command("command", '"$WAVE_PROJECT_DIR"/.wave/hooks/bash-guard.sh'), timeout: 30 }]
          }
        ],
        PostToolUse: [
          { matcher: "Edit|Write", hooks: [command("command", '"$WAVE_PROJECT_DIR"/.wave/hooks/format.sh')] }
        ],
        Stop: [{ hooks: [{ ...command("command", '"$WAVE_PROJECT_DIR"/.wave/hooks/check-tests.sh'), timeout: 120 }] }],
        SessionStart: [{ matcher: "startup", hooks: [command("command", "git log --oneline -5")] }]
      }
    },
    null,
    2
  ),
  "gemini-cli": `{
  // Gemini CLI's settings: JSON with comments, its own keys next to the hooks.
  "general": { "vimMode": true },
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "run_shell_command",
        "hooks": [
          { "name": "bash-guard", "type": "command", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/bash-guard.sh", "timeout": 30000 }
        ]
      }
    ],
    "AfterTool": [
      {
        "matcher": "write_file|replace",
        "hooks": [{ "name": "format", "type": "command", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/format.sh" }]
      }
    ],
    "AfterAgent": [
      { "hooks": [{ "name": "check-tests", "type": "command", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/check-tests.sh", "timeout": 120000 }] }
    ],
    "SessionStart": [
      { "matcher": "startup", "hooks": [{ "name": "context", "type": "command", "command": "git log --oneline -5" }] }
    ]
  }
}
`,
  codex: JSON.stringify(
    {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ ...command("command", "python3 .codex/hooks/bash_guard.py"), timeout: 30 }] }
        ],
        PostToolUse: [
          {
            matcher: "Edit|Write",
            hooks: [{ ...command("command", "python3 .codex/hooks/format.py"), statusMessage: "Formatting" }]
          }
        ],
        Stop: [{ hooks: [{ ...command("command", "python3 .codex/hooks/check_tests.py"), timeout: 120 }] }],
        SessionStart: [{ matcher: "startup", hooks: [command("command", "git log --oneline -5")] }]
      }
    },
    null,
    2
  ),
  // Cursor's hooks.json: flat entries under its own events (the guard on beforeShellExecution, the
  // formatter on afterFileEdit), the stop check with its loop_limit, no matcher on sessionStart.
  cursor: JSON.stringify(
    {
      version: 1,
      hooks: {
        beforeShellExecution: [{ command: '"$CURSOR_PROJECT_DIR"/.cursor/hooks/bash-guard.sh', timeout: 30 }],
        afterFileEdit: [{ command: '"$CURSOR_PROJECT_DIR"/.cursor/hooks/format.sh' }],
        stop: [{ command: '"$CURSOR_PROJECT_DIR"/.cursor/hooks/check-tests.sh', timeout: 120, loop_limit: 3 }],
        sessionStart: [{ command: "git log --oneline -5" }]
      }
    },
    null,
    2
  ),
  // Copilot's .github/hooks/hooks.json: flat entries under its camelCase events, the command as bash, the
  // timeout as timeoutSec, tool names its own (bash, edit, create), no matcher on sessionStart.
  copilot: JSON.stringify(
    {
      version: 1,
      hooks: {
        preToolUse: [{ type: "command", bash: "./.github/hooks/bash-guard.sh", matcher: "bash", timeoutSec: 30 }],
        postToolUse: [{ type: "command", bash: "./.github/hooks/format.sh", matcher: "edit|apply_patch|create" }],
        agentStop: [{ type: "command", bash: "./.github/hooks/check-tests.sh", timeoutSec: 120 }],
        sessionStart: [{ type: "command", bash: "git log --oneline -5" }]
      }
    },
    null,
    2
  )
}

const golden = (from: Dialect, to: Dialect): string => {
  const result = convertSettings(fixtures[from], { from, to })
  return [
    `# ${from} -> ${to}: ${result.target}`,
    result.text.trimEnd(),
    "# notes",
    ...result.notes.map((n) => `${n.severity} ${n.path}: ${n.problem}; ${n.fix}`),
    ""
  ].join("\n")
}

describe("golden conversions of a realistic settings file", () => {
  for (const from of dialects)
    for (const to of dialects)
      if (from !== to)
        it(`${from} -> ${to}`, async () => {
          await expect(golden(from, to)).toMatchFileSnapshot(`./convert-golden/${from}-to-${to}.txt`)
        })

  it("every converted file is valid settings of its dialect, and every fixture converts without an error", () => {
    for (const from of dialects)
      for (const to of dialects) {
        const result = convertSettings(fixtures[from], { from, to })
        assert.isTrue(result.readable)
        // Cursor's and Copilot's sessionStart have no matcher: the "startup" group is left out.
        const leftOut =
          (to === "cursor" || to === "copilot") && from !== "cursor" && from !== "copilot"
            ? ["$.hooks.SessionStart[0].matcher"]
            : []
        assert.deepStrictEqual(
          result.notes.filter((n) => n.severity === "error").map((n) => n.path),
          leftOut,
          `${from} -> ${to}`
        )
        const back = validateSettings(result.text, { file: result.target, scope: "project", dialect: to })
        assert.deepStrictEqual(
          back.diagnostics.filter((d) => d.severity === "error"),
          [],
          `${from} -> ${to}`
        )
        assert.strictEqual(
          back.hooks.length >= 4 - leftOut.length,
          true,
          `${from} -> ${to}: ${back.hooks.length} hooks`
        )
      }
  })
})

const oneHook = (event: string, hook: object, matcher?: string) =>
  JSON.stringify({ hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [hook] }] } })

describe("timeouts never change meaning", () => {
  it("30 s in Claude Code is 30000 ms in Gemini CLI, never 30 ms, and back", () => {
    const gemini = convertSettings(oneHook("PreToolUse", { type: "command", command: "g.sh", timeout: 30 }, "Bash"), {
      from: "claude-code",
      to: "gemini-cli"
    })
    const hook = JSON.parse(gemini.text).hooks.BeforeTool[0].hooks[0]
    assert.strictEqual(hook.timeout, 30000)
    const back = convertSettings(gemini.text, { from: "gemini-cli", to: "claude-code" })
    assert.strictEqual(JSON.parse(back.text).hooks.PreToolUse[0].hooks[0].timeout, 30)
  })

  it("a hook without a timeout gets the source's default written out when the target's differs", () => {
    const gemini = convertSettings(oneHook("Stop", { type: "command", command: "s.sh" }), {
      from: "claude-code",
      to: "gemini-cli"
    })
    assert.strictEqual(JSON.parse(gemini.text).hooks.AfterAgent[0].hooks[0].timeout, 600_000)
    assert.isTrue(gemini.notes.some((n) => n.severity === "info" && n.problem.includes("(600 s) is written out")))
    // Claude Code's prompt hooks: 30 s; and between wave's 60 s and Gemini's 60 000 ms nothing is written.
    const prompt = convertSettings(oneHook("UserPromptSubmit", { type: "command", command: "p.sh" }), {
      from: "claude-code",
      to: "wave"
    })
    assert.strictEqual(JSON.parse(prompt.text).hooks.UserPromptSubmit[0].hooks[0].timeout, 30)
    const same = convertSettings(oneHook("Stop", { type: "command", command: "s.sh" }), {
      from: "wave",
      to: "gemini-cli"
    })
    assert.isUndefined(JSON.parse(same.text).hooks.AfterAgent[0].hooks[0].timeout)
  })

  it("Codex takes whole seconds: a fraction is rounded up, with a warning", () => {
    const codex = convertSettings(oneHook("AfterAgent", { type: "command", command: "s.sh", timeout: 1500 }), {
      from: "gemini-cli",
      to: "codex"
    })
    assert.strictEqual(JSON.parse(codex.text).hooks.Stop[0].hooks[0].timeout, 2)
    assert.isTrue(codex.notes.some((n) => n.severity === "warning" && n.path.endsWith(".timeout")))
  })
})

describe("what cannot be carried over is said, and never written", () => {
  const kinds = (from: Dialect, to: Dialect, text: string) =>
    convertSettings(text, { from, to }).notes.map((n) => `${n.severity} ${n.path}`)

  it("an event the target lacks", () => {
    const text = oneHook("PermissionRequest", { type: "command", command: "p.sh" }, "Bash")
    const result = convertSettings(text, { from: "claude-code", to: "gemini-cli" })
    assert.deepStrictEqual(JSON.parse(result.text).hooks, {})
    assert.include(
      result.notes.find((n) => n.severity === "error")?.problem ?? "",
      "PermissionRequest has no counterpart in gemini-cli"
    )
  })

  it("handler types and keys the target does not have", () => {
    const text = JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "http", url: "http://127.0.0.1:8080/pre" },
              { type: "command", command: "g.sh", if: "Bash(git push:*)", onFailure: "block", once: true, async: true }
            ]
          }
        ]
      }
    })
    assert.includeMembers(kinds("wave", "gemini-cli", text), [
      "error $.hooks.PreToolUse[0].hooks[0]",
      "error $.hooks.PreToolUse[0].hooks[1].if",
      "error $.hooks.PreToolUse[0].hooks[1].onFailure",
      "error $.hooks.PreToolUse[0].hooks[1].once",
      "error $.hooks.PreToolUse[0].hooks[1].async"
    ])
    const written = JSON.parse(convertSettings(text, { from: "wave", to: "gemini-cli" }).text).hooks.BeforeTool[0].hooks
    // wave's default (60 s) is Gemini CLI's too: no timeout written.
    assert.deepStrictEqual(written, [{ type: "command", command: "g.sh" }])
    // Codex keeps async; wave and claude-code read every key alike.
    assert.notInclude(kinds("wave", "codex", text), "error $.hooks.PreToolUse[0].hooks[1].async")
    assert.deepStrictEqual(
      kinds("wave", "claude-code", text).filter((k) => k.startsWith("error")),
      []
    )
  })

  it("a matcher on an event whose target takes none", () => {
    const text = oneHook("Notification", { type: "command", command: "n.sh" }, "permission_prompt")
    const result = convertSettings(text, { from: "claude-code", to: "gemini-cli" })
    assert.deepStrictEqual(JSON.parse(result.text).hooks, {})
    assert.isTrue(result.notes.some((n) => n.severity === "error" && n.path === "$.hooks.Notification[0].matcher"))
  })

  it("a regular expression on a Gemini trigger (one exact value) is left out; a list becomes one group per value", () => {
    const list = convertSettings(oneHook("SessionStart", { type: "command", command: "c.sh" }, "startup|resume"), {
      from: "claude-code",
      to: "gemini-cli"
    })
    assert.deepStrictEqual(
      JSON.parse(list.text).hooks.SessionStart.map((g: { matcher: string }) => g.matcher),
      ["startup", "resume"]
    )
    const regex = convertSettings(oneHook("SessionStart", { type: "command", command: "c.sh" }, "start.*"), {
      from: "claude-code",
      to: "gemini-cli"
    })
    assert.deepStrictEqual(JSON.parse(regex.text).hooks, {})
    assert.isTrue(regex.notes.some((n) => n.severity === "error"))
  })

  it("codex cannot run a group one hook after another, and sets no project variable", () => {
    const text = JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: "command", command: '"$CLAUDE_PROJECT_DIR"/a.sh' },
              { type: "command", command: "b.sh" }
            ]
          }
        ]
      }
    })
    const result = convertSettings(text, { from: "claude-code", to: "codex" })
    assert.includeMembers(
      result.notes.map((n) => `${n.severity} ${n.path}`),
      ["warning $.hooks.Stop[0]", "warning $.hooks.Stop[0].hooks[0].command"]
    )
  })

  it("an unreadable source converts nothing", () => {
    const result = convertSettings("{", { from: "claude-code", to: "wave" })
    assert.isFalse(result.readable)
    assert.strictEqual(result.text, "")
    assert.strictEqual(result.notes[0]?.severity, "error")
  })
})

describe("matchers keep the names they match", () => {
  const matcherOf = (
    from: Dialect,
    to: Dialect,
    matcher: string,
    event = from === "gemini-cli" ? "BeforeTool" : "PreToolUse"
  ) => {
    const result = convertSettings(oneHook(event, { type: "command", command: "x.sh" }, matcher), { from, to })
    const hooks = JSON.parse(result.text).hooks as Record<string, Array<{ matcher?: string }>>
    return { matcher: Object.values(hooks)[0]?.[0]?.matcher, notes: result.notes }
  }

  it("tool names are translated in lists of names, anchored where the target's matchers are not", () => {
    assert.strictEqual(matcherOf("claude-code", "gemini-cli", "Edit|Write").matcher, "^(?:replace|write_file)$")
    assert.strictEqual(matcherOf("gemini-cli", "claude-code", "^(?:replace|write_file)$").matcher, "Edit|Write")
    assert.strictEqual(matcherOf("codex", "claude-code", "apply_patch").matcher, "Edit|Write")
    assert.strictEqual(matcherOf("claude-code", "codex", "Edit, Write").matcher, "Edit|Write")
  })

  it("regular expressions are anchored or unanchored to match the same names", () => {
    assert.strictEqual(matcherOf("wave", "claude-code", "mcp__.*").matcher, "^(?:mcp__.*)$")
    assert.strictEqual(matcherOf("claude-code", "wave", "^(?:mcp__.*)$").matcher, "mcp__.*")
    assert.strictEqual(matcherOf("claude-code", "wave", "mcp__").matcher, "mcp__")
    assert.strictEqual(matcherOf("claude-code", "wave", "mcp__git.*").matcher, ".*(?:mcp__git.*).*")
    // A pattern Claude Code would read as exact names stays a regular expression.
    assert.strictEqual(matcherOf("gemini-cli", "claude-code", "mcp_x", "AfterTool").matcher, "(?:mcp_x)")
  })

  it("a regular expression naming tools is kept as written, with a warning", () => {
    const { matcher, notes } = matcherOf("claude-code", "gemini-cli", "Bash.*")
    assert.strictEqual(matcher, "Bash.*")
    assert.isTrue(notes.some((n) => n.severity === "warning" && n.problem.includes("not translated")))
  })
})

// ====== Round trips ======

/** Claude Code's tool names, and the Gemini CLI names of those it has (the table Gemini's migrate uses). */
const geminiNames: { readonly [name: string]: string } = {
  Bash: "run_shell_command",
  Edit: "replace",
  Write: "write_file",
  Read: "read_file",
  Glob: "glob",
  Grep: "search_file_content",
  LS: "list_directory",
  WebFetch: "web_fetch",
  WebSearch: "google_web_search"
}
/** Cursor's tool types for Claude Code's tools (its hooks docs; an MCP tool is MCP:<tool>, without its server). */
const cursorNames: { readonly [name: string]: string } = {
  Bash: "Shell",
  Edit: "Write",
  Write: "Write",
  Read: "Read",
  Grep: "Grep",
  Task: "Task"
}
/** Cursor's events that fire PreToolUse or PostToolUse for some tools only, by Claude Code's names of them. */
const cursorEventTools: { readonly [event: string]: ReadonlyArray<string> } = {
  beforeShellExecution: ["Bash"],
  afterShellExecution: ["Bash"],
  beforeReadFile: ["Read"],
  afterFileEdit: ["Edit", "Write"]
}
const probes = [...Object.keys(geminiNames), "NotebookEdit", "Task", "mcp__github__create_issue", "startup", "resume"]
/** Copilot's tool names for its camelCase events (its PascalCase spellings take Claude Code's). */
const copilotNames: { readonly [name: string]: string } = {
  Bash: "bash",
  Read: "view",
  Write: "create",
  Edit: "edit",
  Task: "task",
  Glob: "glob",
  Grep: "grep",
  WebFetch: "web_fetch"
}
const nameIn = (dialect: Dialect, name: string) =>
  dialect === "gemini-cli"
    ? (geminiNames[name] ?? name)
    : dialect === "cursor"
      ? (cursorNames[name] ?? (name.startsWith("mcp__") ? `MCP:${name.split("__")[2]}` : name))
      : dialect === "copilot"
        ? (copilotNames[name] ?? name)
        : name

/** Which hooks (command, timeout in seconds) run for each event and name: what the settings decide. */
const decisions = (text: string, dialect: Dialect): ReadonlyArray<string> => {
  const validated = validateSettings(text, { file: "x", scope: "project", dialect })
  return validated.hooks.flatMap((hook) => {
    // A Cursor shell or file event fires for its tools only, whatever its matcher (which tests something else).
    const only = hook.agentEvent === undefined ? undefined : cursorEventTools[hook.agentEvent]
    return probes
      .filter((probe) =>
        only !== undefined
          ? only.includes(probe)
          : matches(hook.matcher, nameIn(dialect, probe), dialect, matcherOptionsOf(hook.event, dialect))
      )
      .map((probe) => `${hook.event} ${probe}: ${hook.command} ${effectiveTimeoutSeconds(hook, dialect)}s`)
  })
}

/** The internal events whose hooks (some of them) an error note says were left out. */
const leftOutEvents = (notes: ReadonlyArray<{ readonly severity: string; readonly path: string }>, from: Dialect) =>
  new Set(
    notes
      .filter((n) => n.severity === "error")
      .map((n) => agentEventNamed(from, /^\$\.hooks\.([A-Za-z]+)/.exec(n.path)?.[1] ?? "")?.event)
  )

describe("round trips", () => {
  it("claude-code -> gemini-cli -> claude-code is the identity on the convertible subset", () => {
    const there = convertSettings(fixtures["claude-code"], { from: "claude-code", to: "gemini-cli" })
    const back = convertSettings(there.text, { from: "gemini-cli", to: "claude-code" })
    const original = JSON.parse(fixtures["claude-code"])
    const returned = JSON.parse(back.text)
    // Only the default timeout the source left out is now written out (the same value).
    original.hooks.PostToolUse[0].hooks[0].timeout = 600
    original.hooks.SessionStart[0].hooks[0].timeout = 600
    assert.deepStrictEqual(returned, original)
  })

  it("every pair keeps every decision of the fixtures, there and back (but for what an error note left out)", () => {
    for (const from of dialects)
      for (const to of dialects) {
        const there = convertSettings(fixtures[from], { from, to })
        const back = convertSettings(there.text, { from: to, to: from })
        const lost = leftOutEvents(there.notes, from)
        assert.deepStrictEqual(
          [...decisions(back.text, from)].sort(),
          [...decisions(fixtures[from], from)].filter((d) => !lost.has(d.split(" ")[0] as HookEvent)).sort(),
          `${from} -> ${to} -> ${from}`
        )
      }
  })
})
