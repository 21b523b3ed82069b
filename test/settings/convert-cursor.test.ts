/**
 * `convertSettings` to and from Cursor's flat `hooks.json`: its own events (several fire one internal
 * event: beforeShellExecution is PreToolUse on the shell tool, and its command-text matcher cannot be
 * carried), its tool types (`Shell`, `Write` for Edit and Write, `MCP:<tool>` without the server), the
 * events whose answers it ignores, `failClosed` and `loop_limit`; each loss a note.
 */
import { assert, describe, it } from "@effect/vitest"
import type { Dialect } from "../../src/core/dialect.ts"
import { convertSettings } from "../../src/settings/convert-settings.ts"
import { validateSettings } from "../../src/settings/validate-settings.ts"

type Entry = { readonly [key: string]: unknown }

const cursorFile = (hooks: { readonly [event: string]: ReadonlyArray<Entry> }) => JSON.stringify({ version: 1, hooks })
const claudeFile = (event: string, hook: object, matcher?: string) =>
  JSON.stringify({ hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [hook] }] } })

const convert = (text: string, from: Dialect, to: Dialect) => {
  const result = convertSettings(text, { from, to })
  return {
    ...result,
    json: JSON.parse(result.text),
    has: (severity: string, path: string, text: string) =>
      result.notes.some((n) => n.severity === severity && n.path === path && `${n.problem}; ${n.fix}`.includes(text))
  }
}

describe("the shape of Cursor's hooks.json", () => {
  it("is written flat: version 1, one entry a hook, the group's matcher on each", () => {
    const text = JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: "a.sh", timeout: 5 },
              { type: "command", command: "b.sh", timeout: 5 }
            ]
          }
        ]
      }
    })
    const result = convert(text, "claude-code", "cursor")
    assert.deepStrictEqual(result.json, {
      version: 1,
      hooks: {
        preToolUse: [
          { type: "command", command: "a.sh", timeout: 5, matcher: "^Shell$" },
          { type: "command", command: "b.sh", timeout: 5, matcher: "^Shell$" }
        ]
      }
    })
    assert.strictEqual(result.target, ".cursor/hooks.json")
    // Claude Code runs a group's hooks one after another; Cursor runs them together.
    assert.isTrue(result.has("warning", "$.hooks.PreToolUse[0]", "one after another"))
    const back = validateSettings(result.text, { file: result.target, scope: "project", dialect: "cursor" })
    assert.deepStrictEqual(back.diagnostics, [])
    assert.strictEqual(back.hooks.length, 2)
  })

  it("is read flat: each entry a group of one, its type (command by default) written out", () => {
    const result = convert(
      cursorFile({ preToolUse: [{ command: "p.sh", matcher: "Shell", timeout: 10 }] }),
      "cursor",
      "claude-code"
    )
    assert.deepStrictEqual(result.json, {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "p.sh", timeout: 10 }] }] }
    })
    // "version" is the file's own key, not a setting left behind.
    assert.isFalse(result.notes.some((n) => n.problem.includes('"version"')))
  })

  it("converts Cursor to Cursor unchanged", () => {
    const text = cursorFile({
      beforeShellExecution: [{ command: "g.sh", matcher: "rm -rf", failClosed: true }],
      stop: [{ command: "s.sh", loop_limit: 2 }]
    })
    const result = convert(text, "cursor", "cursor")
    assert.deepStrictEqual(result.json, JSON.parse(text))
    assert.deepStrictEqual(result.notes, [])
  })
})

describe("Cursor's events", () => {
  it("each internal event goes to its own Cursor name", () => {
    const events = {
      PreToolUse: "preToolUse",
      PostToolUse: "postToolUse",
      UserPromptSubmit: "beforeSubmitPrompt",
      Stop: "stop",
      SubagentStop: "subagentStop",
      SessionStart: "sessionStart",
      PreCompact: "preCompact"
    }
    for (const [claude, cursor] of Object.entries(events)) {
      const result = convert(
        claudeFile(claude, { type: "command", command: "x.sh", timeout: 5 }),
        "claude-code",
        "cursor"
      )
      assert.deepStrictEqual(Object.keys(result.json.hooks), [cursor], claude)
    }
  })

  it("beforeShellExecution is PreToolUse on the shell tool, with a note on its payload", () => {
    const text = cursorFile({ beforeShellExecution: [{ command: "guard.sh", timeout: 30 }] })
    const shell: { readonly [D in Dialect]?: string } = {
      "claude-code": "Bash",
      wave: "Bash",
      codex: "Bash",
      "gemini-cli": "^run_shell_command$"
    }
    for (const [to, matcher] of Object.entries(shell) as ReadonlyArray<[Dialect, string]>) {
      const result = convert(text, "cursor", to)
      const groups = Object.values(result.json.hooks)[0] as ReadonlyArray<{ matcher: string }>
      assert.strictEqual(groups[0]?.matcher, matcher, to)
      assert.isTrue(result.has("warning", "$.hooks.beforeShellExecution", "tool_input.command"), to)
      assert.deepStrictEqual(
        result.notes.filter((n) => n.severity === "error"),
        [],
        to
      )
    }
  })

  it("beforeShellExecution's command-text matcher cannot be carried: the hook is left out, the note says what to do", () => {
    const result = convert(
      cursorFile({ beforeShellExecution: [{ command: "guard.sh", matcher: "rm|git push" }] }),
      "cursor",
      "claude-code"
    )
    assert.deepStrictEqual(result.json.hooks, {})
    assert.isTrue(result.has("error", "$.hooks.beforeShellExecution[0].matcher", "the command text"))
    assert.isTrue(
      result.has("error", "$.hooks.beforeShellExecution[0].matcher", "test tool_input.command in the script")
    )
  })

  it("beforeMCPExecution is PreToolUse on MCP tools; its tool names keep their tool, not a server", () => {
    const text = cursorFile({ beforeMCPExecution: [{ command: "m.sh" }, { command: "q.sh", matcher: "query" }] })
    const result = convert(text, "cursor", "claude-code")
    assert.deepStrictEqual(
      result.json.hooks.PreToolUse.map((g: { matcher: string }) => g.matcher),
      ["mcp__.*", "^mcp__.*__query$"]
    )
    assert.isTrue(result.has("warning", "$.hooks.beforeMCPExecution", "MCP tools"))
    const regex = convert(
      cursorFile({ beforeMCPExecution: [{ command: "q.sh", matcher: "que.*" }] }),
      "cursor",
      "claude-code"
    )
    assert.deepStrictEqual(regex.json.hooks, {})
    assert.isTrue(regex.has("error", "$.hooks.beforeMCPExecution[0].matcher", "left out"))
  })

  it("beforeReadFile is PreToolUse on Read, with a note that it fires for more than the Read tool", () => {
    const result = convert(cursorFile({ beforeReadFile: [{ command: "r.sh" }] }), "cursor", "gemini-cli")
    assert.strictEqual(result.json.hooks.BeforeTool[0].matcher, "^read_file$")
    assert.isTrue(result.has("warning", "$.hooks.beforeReadFile", "attachments too"))
  })

  it("the Tab's events have no counterpart: an error note, nothing written", () => {
    const result = convert(
      cursorFile({ beforeTabFileRead: [{ command: "t.sh" }], afterTabFileEdit: [{ command: "t.sh" }] }),
      "cursor",
      "wave"
    )
    assert.deepStrictEqual(result.json.hooks, {})
    assert.isTrue(result.has("error", "$.hooks.beforeTabFileRead", "Tab"))
    assert.isTrue(result.has("error", "$.hooks.afterTabFileEdit", "Tab"))
  })

  it("observe-only events convert where there is a counterpart, with a note that the target acts on their answers", () => {
    const result = convert(
      cursorFile({
        afterShellExecution: [{ command: "log.sh" }],
        afterMCPExecution: [{ command: "log.sh" }],
        afterFileEdit: [{ command: "fmt.sh" }],
        postToolUseFailure: [{ command: "f.sh" }],
        sessionEnd: [{ command: "end.sh" }],
        afterAgentResponse: [{ command: "r.sh" }]
      }),
      "cursor",
      "claude-code"
    )
    assert.deepStrictEqual(Object.keys(result.json.hooks).sort(), [
      "MessageDisplay",
      "PostToolUse",
      "PostToolUseFailure",
      "SessionEnd"
    ])
    assert.deepStrictEqual(
      result.json.hooks.PostToolUse.map((g: { matcher: string }) => g.matcher),
      ["Bash", "mcp__.*", "Edit|Write"]
    )
    for (const event of [
      "afterShellExecution",
      "afterMCPExecution",
      "afterFileEdit",
      "postToolUseFailure",
      "sessionEnd",
      "afterAgentResponse"
    ])
      assert.isTrue(result.has("warning", `$.hooks.${event}`, "ignores their answers"), event)
    // Gemini CLI has no PostToolUseFailure and no MessageDisplay.
    const gemini = convert(
      cursorFile({ postToolUseFailure: [{ command: "f.sh" }], afterAgentThought: [{ command: "t.sh" }] }),
      "cursor",
      "gemini-cli"
    )
    assert.isTrue(gemini.has("error", "$.hooks.postToolUseFailure", "no counterpart"))
    assert.isTrue(gemini.has("error", "$.hooks.afterAgentThought", "no counterpart"))
  })

  it("an event Cursor only observes gets a note when converted to it", () => {
    const result = convert(
      claudeFile("PostToolUseFailure", { type: "command", command: "f.sh", timeout: 5 }),
      "claude-code",
      "cursor"
    )
    assert.deepStrictEqual(Object.keys(result.json.hooks), ["postToolUseFailure"])
    assert.isTrue(result.has("warning", "$.hooks.PostToolUseFailure", "read and discarded"))
  })

  it("subagentStart: Cursor refuses the subagent on a block, Claude Code only shows it", () => {
    const to = convert(
      claudeFile("SubagentStart", { type: "command", command: "s.sh", timeout: 5 }, "Explore"),
      "claude-code",
      "cursor"
    )
    assert.strictEqual(to.json.hooks.subagentStart[0].matcher, "^explore$")
    assert.isTrue(to.has("warning", "$.hooks.SubagentStart", "stops the action"))
    const from = convert(
      cursorFile({ subagentStart: [{ command: "s.sh", matcher: "generalPurpose" }] }),
      "cursor",
      "claude-code"
    )
    assert.strictEqual(from.json.hooks.SubagentStart[0].matcher, "general-purpose")
    assert.isTrue(from.has("error", "$.hooks.subagentStart", "only shows the block"))
  })

  it("events Cursor lacks are left out with an error note", () => {
    for (const event of ["Notification", "PermissionRequest", "PostCompact"]) {
      const result = convert(claudeFile(event, { type: "command", command: "n.sh" }), "claude-code", "cursor")
      assert.deepStrictEqual(result.json.hooks, {}, event)
      assert.isTrue(result.has("error", `$.hooks.${event}`, "no counterpart in cursor"), event)
    }
  })
})

describe("tool names in matchers", () => {
  const matcher = (text: string, from: Dialect, to: Dialect) => {
    const result = convert(text, from, to)
    const groups = Object.values(result.json.hooks)[0] as ReadonlyArray<{ matcher?: string }> | undefined
    return { matcher: groups?.[0]?.matcher, result }
  }
  const claude = (m: string) => claudeFile("PreToolUse", { type: "command", command: "x.sh", timeout: 5 }, m)
  const cursor = (m: string) => cursorFile({ preToolUse: [{ command: "x.sh", timeout: 5, matcher: m }] })

  it("Claude Code's names are Cursor's tool types, and back", () => {
    assert.strictEqual(matcher(claude("Bash"), "claude-code", "cursor").matcher, "^Shell$")
    assert.strictEqual(matcher(claude("Edit|Write"), "claude-code", "cursor").matcher, "^Write$")
    assert.strictEqual(matcher(claude("Read|Grep"), "claude-code", "cursor").matcher, "^(?:Read|Grep)$")
    assert.strictEqual(matcher(claude("Agent"), "claude-code", "cursor").matcher, "^Task$")
    assert.strictEqual(matcher(cursor("Shell"), "cursor", "claude-code").matcher, "Bash")
    assert.strictEqual(matcher(cursor("Write"), "cursor", "claude-code").matcher, "Edit|Write")
    assert.strictEqual(matcher(cursor("Write"), "cursor", "gemini-cli").matcher, "^(?:replace|write_file)$")
    assert.strictEqual(matcher(cursor("Task"), "cursor", "claude-code").matcher, "Task")
  })

  it("Edit alone becomes Write, which is also Write: a warning says the hook now runs for more", () => {
    const { matcher: m, result } = matcher(claude("Edit"), "claude-code", "cursor")
    assert.strictEqual(m, "^Write$")
    assert.isTrue(result.has("warning", "$.hooks.PreToolUse[0].matcher", "now also runs for Write"))
    // Agent and Task are one tool: no such warning.
    assert.isFalse(matcher(claude("Agent"), "claude-code", "cursor").result.notes.some((n) => n.severity === "warning"))
  })

  it("a tool Cursor does not have, or Cursor's Delete elsewhere: kept as written, with a warning", () => {
    const glob = matcher(claude("Glob"), "claude-code", "cursor")
    assert.strictEqual(glob.matcher, "^Glob$")
    assert.isTrue(glob.result.has("warning", "$.hooks.PreToolUse[0].matcher", 'cursor has no tool named "Glob"'))
    const del = matcher(cursor("Delete"), "cursor", "claude-code")
    assert.strictEqual(del.matcher, "Delete")
    assert.isTrue(del.result.has("warning", "$.hooks.preToolUse[0].matcher", "not in the tool-name table"))
  })

  it("MCP tools: mcp__server__tool is MCP:tool (the server is lost, with a warning), MCP:tool is mcp__.*__tool", () => {
    const named = matcher(claude("mcp__github__create_issue"), "claude-code", "cursor")
    assert.strictEqual(named.matcher, "^MCP:create_issue$")
    assert.isTrue(named.result.has("warning", "$.hooks.PreToolUse[0].matcher", 'servers other than "github"'))
    assert.strictEqual(matcher(claude("mcp__.*"), "claude-code", "cursor").matcher, "MCP:.*")
    assert.strictEqual(matcher(claude("mcp__.*__read"), "claude-code", "cursor").matcher, "MCP:read")
    assert.isTrue(
      matcher(claude("mcp__github__.*"), "claude-code", "cursor").result.has(
        "warning",
        "$.hooks.PreToolUse[0].matcher",
        "server"
      )
    )
    assert.strictEqual(matcher(cursor("MCP:create_issue"), "cursor", "claude-code").matcher, "mcp__.*__create_issue")
    assert.strictEqual(matcher(cursor("MCP:.*"), "cursor", "claude-code").matcher, "mcp__.*")
    assert.strictEqual(matcher(cursor("MCP:.*"), "cursor", "wave").matcher, ".*(?:mcp__.*).*")
    assert.strictEqual(
      matcher(claudeFile("PreToolUse", { type: "command", command: "x.sh" }, "mcp__.*"), "wave", "cursor").matcher,
      "^(?:MCP:.*)$"
    )
  })
})

describe("hook keys", () => {
  it('failClosed: true is onFailure: "block", and back; an error where the target has neither', () => {
    const text = cursorFile({ preToolUse: [{ command: "g.sh", matcher: "Shell", timeout: 5, failClosed: true }] })
    assert.strictEqual(convert(text, "cursor", "claude-code").json.hooks.PreToolUse[0].hooks[0].onFailure, "block")
    const gemini = convert(text, "cursor", "gemini-cli")
    assert.isUndefined(gemini.json.hooks.BeforeTool[0].hooks[0].failClosed)
    assert.isTrue(gemini.has("error", "$.hooks.preToolUse[0].failClosed", "fails open"))
    const back = convert(
      claudeFile("PreToolUse", { type: "command", command: "g.sh", timeout: 5, onFailure: "block" }, "Bash"),
      "wave",
      "cursor"
    )
    assert.deepStrictEqual(back.json.hooks.preToolUse[0], {
      type: "command",
      command: "g.sh",
      failClosed: true,
      timeout: 5,
      matcher: "^Shell$"
    })
    // failClosed: false is the default everywhere: nothing to write, nothing to say.
    const off = convert(
      cursorFile({ stop: [{ command: "s.sh", timeout: 5, failClosed: false, loop_limit: null }] }),
      "cursor",
      "codex"
    )
    assert.deepStrictEqual(off.json.hooks.Stop[0].hooks[0], { type: "command", command: "s.sh", timeout: 5 })
    assert.isFalse(off.notes.some((n) => n.severity !== "info"))
  })

  it("loop_limit: a limit elsewhere lost with a warning (Cursor's default 5 too); no limit written as null", () => {
    const limited = convert(
      cursorFile({ stop: [{ command: "s.sh", timeout: 5, loop_limit: 3 }] }),
      "cursor",
      "claude-code"
    )
    assert.isTrue(limited.has("warning", "$.hooks.stop[0].loop_limit", "at most 3 times"))
    assert.isUndefined(limited.json.hooks.Stop[0].hooks[0].loop_limit)
    const byDefault = convert(cursorFile({ subagentStop: [{ command: "s.sh", timeout: 5 }] }), "cursor", "wave")
    assert.isTrue(byDefault.has("warning", "$.hooks.subagentStop[0]", "at most 5 times (its default)"))
    const none = convert(
      cursorFile({ stop: [{ command: "s.sh", timeout: 5, loop_limit: null }] }),
      "cursor",
      "claude-code"
    )
    assert.isFalse(none.notes.some((n) => n.problem.includes("loop_limit")))
    const to = convert(claudeFile("Stop", { type: "command", command: "s.sh", timeout: 5 }), "claude-code", "cursor")
    assert.deepStrictEqual(to.json.hooks.stop[0], { type: "command", command: "s.sh", timeout: 5, loop_limit: null })
    assert.isTrue(to.has("info", "$.hooks.Stop[0].hooks[0]", "no limit"))
  })

  it("timeouts are seconds in Cursor: Gemini CLI's 30000 ms is 30; Claude Code's default 600 s is written out", () => {
    const gemini = JSON.stringify({
      hooks: {
        BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", command: "g.sh", timeout: 30000 }] }]
      }
    })
    assert.strictEqual(convert(gemini, "gemini-cli", "cursor").json.hooks.preToolUse[0].timeout, 30)
    assert.strictEqual(
      convert(claudeFile("Stop", { type: "command", command: "s.sh" }), "claude-code", "cursor").json.hooks.stop[0]
        .timeout,
      600
    )
    assert.strictEqual(
      convert(cursorFile({ stop: [{ command: "s.sh", loop_limit: null }] }), "cursor", "gemini-cli").json.hooks
        .AfterAgent[0].hooks[0].timeout,
      undefined
    )
  })

  it("prompt hooks stay prompt hooks between Claude Code and Cursor; other types are left out", () => {
    const prompt = { type: "prompt", prompt: "Is this safe? $ARGUMENTS", timeout: 20 }
    const to = convert(claudeFile("UserPromptSubmit", prompt), "claude-code", "cursor")
    assert.deepStrictEqual(to.json.hooks.beforeSubmitPrompt[0], prompt)
    const http = convert(
      claudeFile("PreToolUse", { type: "http", url: "http://127.0.0.1:1/pre" }, "Bash"),
      "claude-code",
      "cursor"
    )
    assert.deepStrictEqual(http.json.hooks, {})
    assert.isTrue(http.has("error", "$.hooks.PreToolUse[0].hooks[0]", "http hooks have no counterpart in cursor"))
  })

  it("the project variable is renamed, and the answers' and payloads' differences are noted once", () => {
    const result = convert(
      claudeFile("Stop", { type: "command", command: '"$CLAUDE_PROJECT_DIR"/s.sh', timeout: 5 }),
      "claude-code",
      "cursor"
    )
    assert.strictEqual(result.json.hooks.stop[0].command, '"$CURSOR_PROJECT_DIR"/s.sh')
    assert.isTrue(result.has("info", "$.hooks", "answers are in claude-code's vocabulary"))
    assert.isTrue(result.has("info", "$.hooks", "conversation_id"))
  })
})
