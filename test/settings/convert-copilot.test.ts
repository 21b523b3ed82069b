/**
 * `convertSettings` to and from GitHub Copilot's flat hooks files (`.github/hooks/*.json`, written as one
 * `.github/hooks/hooks.json`): its camelCase events (written) and Claude Code's PascalCase spellings (read,
 * with Claude Code's tool names), `bash`/`command`/`exec`+`args`, `cwd`, `env` values that expand `$NAME`,
 * `timeoutSec`, `disableAllHooks` in a hooks file, its tool names (Edit is edit and apply_patch), and the
 * ways its hooks decide differently (a crashing preToolUse hook denies, later permissionRequest verdicts
 * override, exit 2 blocks only two events); each loss a note.
 */
import { assert, describe, it } from "@effect/vitest"
import type { Dialect } from "../../src/core/dialect.ts"
import { convertSettings } from "../../src/settings/convert-settings.ts"
import { validateSettings } from "../../src/settings/validate-settings.ts"

type Entry = { readonly [key: string]: unknown }

const copilotFile = (hooks: { readonly [event: string]: ReadonlyArray<Entry> }, extra: object = {}) =>
  JSON.stringify({ version: 1, ...extra, hooks })
const claudeFile = (event: string, hooks: ReadonlyArray<object>, matcher?: string) =>
  JSON.stringify({ hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks }] } })

const convert = (text: string, from: Dialect, to: Dialect, file?: string) => {
  const result = convertSettings(text, { from, to, ...(file === undefined ? {} : { file }) })
  return {
    ...result,
    json: JSON.parse(result.text),
    has: (severity: string, path: string, text: string) =>
      result.notes.some((n) => n.severity === severity && n.path === path && `${n.problem}; ${n.fix}`.includes(text)),
    errors: result.notes.filter((n) => n.severity === "error").map((n) => n.path)
  }
}

describe("writing Copilot's hooks file", () => {
  it("is one .github/hooks/hooks.json: version 1, camelCase events, flat entries with type, bash, timeoutSec", () => {
    const result = convert(
      claudeFile("PreToolUse", [{ type: "command", command: "guard.sh", timeout: 5 }], "Bash|Read"),
      "claude-code",
      "copilot"
    )
    assert.strictEqual(result.target, ".github/hooks/hooks.json")
    assert.deepStrictEqual(result.json, {
      version: 1,
      hooks: { preToolUse: [{ type: "command", bash: "guard.sh", timeoutSec: 5, matcher: "bash|view" }] }
    })
    assert.isTrue(result.has("warning", "$.hooks", "payloads are camelCase: toolName, toolArgs"))
    assert.isTrue(result.has("warning", "$.hooks", "Claude Code's spelling (PreToolUse"))
    const back = validateSettings(result.text, {
      file: result.target,
      scope: "project",
      dialect: "copilot",
      keys: "flat-hooks-file"
    })
    assert.deepStrictEqual(back.diagnostics, [])
    assert.strictEqual(back.hooks[0]?.timeoutSeconds, 5)
  })

  it("Claude Code's tool names become Copilot's; Edit is both edit and apply_patch", () => {
    const matcher = (m: string) =>
      convert(claudeFile("PostToolUse", [{ type: "command", command: "f.sh" }], m), "claude-code", "copilot").json.hooks
        .postToolUse[0].matcher
    assert.strictEqual(matcher("Edit|Write"), "edit|apply_patch|create")
    assert.strictEqual(matcher("Agent"), "task")
    assert.strictEqual(matcher("Glob|Grep|WebFetch"), "glob|grep|web_fetch")
    // A regular expression: anchored in both, kept, with a warning that names inside are not translated.
    const regex = convert(
      claudeFile("PostToolUse", [{ type: "command", command: "f.sh" }], "Bash.*"),
      "claude-code",
      "copilot"
    )
    // Claude Code's regular expressions are unanchored, Copilot's anchored.
    assert.strictEqual(regex.json.hooks.postToolUse[0].matcher, ".*(?:Bash.*).*")
    assert.isTrue(regex.has("warning", "$.hooks.PostToolUse[0].matcher", "not translated"))
  })

  it("a matcher naming only Copilot's edit is Claude Code's Edit, which covers apply_patch too: a warning", () => {
    const result = convert(copilotFile({ postToolUse: [{ bash: "f.sh", matcher: "edit" }] }), "copilot", "claude-code")
    assert.strictEqual(result.json.hooks.PostToolUse[0].matcher, "Edit")
    assert.isTrue(result.has("warning", "$.hooks.postToolUse[0].matcher", "now also runs for apply_patch"))
  })

  it("MCP tool names: kept as mcp__<server>__<tool>, with a warning that Copilot's naming is not documented", () => {
    const result = convert(
      claudeFile("PreToolUse", [{ type: "command", command: "g.sh" }], "mcp__github__create_issue"),
      "claude-code",
      "copilot"
    )
    assert.strictEqual(result.json.hooks.preToolUse[0].matcher, "mcp__github__create_issue")
    assert.isTrue(result.has("warning", "$.hooks.PreToolUse[0].matcher", "does not say how MCP tools are named"))
  })

  it("a disableAllHooks file keeps its switch in the hooks file; a Copilot file switched off is converted, switched off", () => {
    const off = JSON.stringify({
      disableAllHooks: true,
      hooks: { Stop: [{ hooks: [{ type: "command", command: "s.sh" }] }] }
    })
    const there = convert(off, "wave", "copilot")
    assert.strictEqual(there.json.disableAllHooks, true)
    assert.deepStrictEqual(there.errors, [])
    const back = convert(there.text, "copilot", "claude-code")
    assert.strictEqual(back.json.disableAllHooks, true)
    assert.strictEqual(back.json.hooks.Stop[0].hooks[0].command, "s.sh")
  })

  it("events without a counterpart are left out with an error; Copilot's own are written under their names", () => {
    const text = JSON.stringify({
      hooks: {
        PostCompact: [{ hooks: [{ type: "command", command: "p.sh" }] }],
        StopFailure: [{ hooks: [{ type: "command", command: "e.sh" }] }],
        SubagentStart: [{ hooks: [{ type: "command", command: "a.sh" }] }],
        Notification: [{ hooks: [{ type: "command", command: "n.sh" }] }]
      }
    })
    const result = convert(text, "claude-code", "copilot")
    assert.deepStrictEqual(result.errors, ["$.hooks.PostCompact"])
    assert.deepStrictEqual(Object.keys(result.json.hooks), ["errorOccurred", "subagentStart", "notification"])
  })

  it("userPromptSubmitted: Copilot drops what a settings hook answers, a warning", () => {
    const result = convert(
      claudeFile("UserPromptSubmit", [{ type: "command", command: "u.sh" }]),
      "claude-code",
      "copilot"
    )
    assert.deepStrictEqual(Object.keys(result.json.hooks), ["userPromptSubmitted"])
    assert.isTrue(result.has("warning", "$.hooks.UserPromptSubmit", "cannot block the prompt or add context"))
  })

  it("exit 2 blocks only preToolUse and permissionRequest in Copilot: a warning", () => {
    const result = convert(claudeFile("Stop", [{ type: "command", command: "s.sh" }]), "claude-code", "copilot")
    assert.isTrue(result.has("warning", "$.hooks", "exit 2 blocks only on preToolUse and permissionRequest"))
  })
})

describe("reading Copilot's hooks files", () => {
  it("bash first, then command; exec with args becomes one quoted command, or stays an exec form in wave", () => {
    const text = copilotFile({
      preToolUse: [
        { type: "command", bash: "guard.sh", command: "guard.cmd", powershell: "guard.ps1", matcher: "bash" },
        { exec: "python3", args: ["check it.py", "--strict"], matcher: "bash" }
      ]
    })
    const gemini = convert(text, "copilot", "gemini-cli")
    const hooks = gemini.json.hooks.BeforeTool.map((g: { hooks: ReadonlyArray<Entry> }) => g.hooks[0])
    assert.strictEqual(hooks[0].command, "guard.sh")
    assert.strictEqual(hooks[1].command, "python3 'check it.py' --strict")
    assert.isTrue(gemini.has("info", "$.hooks.preToolUse[0].command", '"command" (its command on other platforms)'))
    assert.isTrue(gemini.has("info", "$.hooks.preToolUse[0].powershell", "PowerShell"))
    const wave = convert(text, "copilot", "wave")
    assert.deepStrictEqual(
      { command: wave.json.hooks.PreToolUse[1].hooks[0].command, args: wave.json.hooks.PreToolUse[1].hooks[0].args },
      { command: "python3", args: ["check it.py", "--strict"] }
    )
  })

  it("cwd has no counterpart: the command starts with cd, with a warning", () => {
    const result = convert(copilotFile({ agentStop: [{ bash: "./check.sh", cwd: "tools/hooks" }] }), "copilot", "codex")
    assert.strictEqual(result.json.hooks.Stop[0].hooks[0].command, "cd tools/hooks && ./check.sh")
    assert.isTrue(result.has("warning", "$.hooks.agentStop[0].cwd", 'codex has no "cwd"'))
  })

  it("env values: Gemini CLI's env (with a warning where $NAME is expanded only in Copilot), exported elsewhere", () => {
    const text = copilotFile({ agentStop: [{ bash: "s.sh", env: { LEVEL: "strict", CACHE: "$HOME/.cache" } }] })
    const gemini = convert(text, "copilot", "gemini-cli")
    assert.deepStrictEqual(gemini.json.hooks.AfterAgent[0].hooks[0].env, { LEVEL: "strict", CACHE: "$HOME/.cache" })
    assert.isTrue(gemini.has("warning", "$.hooks.agentStop[0].env", "copilot expands $NAME in env values"))
    const claude = convert(text, "copilot", "claude-code")
    assert.strictEqual(
      claude.json.hooks.Stop[0].hooks[0].command,
      'export LEVEL="strict"; export CACHE="$HOME/.cache"; s.sh'
    )
    assert.isUndefined(claude.json.hooks.Stop[0].hooks[0].env)
  })

  it("timeoutSec before its alias timeout; Copilot's 30 s default written out where the target's differs", () => {
    const result = convert(
      copilotFile({ agentStop: [{ bash: "a.sh", timeoutSec: 7, timeout: 99 }], sessionEnd: [{ bash: "b.sh" }] }),
      "copilot",
      "claude-code"
    )
    assert.strictEqual(result.json.hooks.Stop[0].hooks[0].timeout, 7)
    assert.strictEqual(result.json.hooks.SessionEnd[0].hooks[0].timeout, 30)
  })

  it("PascalCase events carry Claude Code's tool names and payloads: converted as such, without a payload warning", () => {
    const text = copilotFile({ PreToolUse: [{ bash: "g.sh", matcher: "Bash|Edit" }] })
    const claude = convert(text, "copilot", "claude-code")
    assert.strictEqual(claude.json.hooks.PreToolUse[0].matcher, "Bash|Edit")
    assert.isFalse(claude.notes.some((n) => n.problem.includes("camelCase")))
    const gemini = convert(text, "copilot", "gemini-cli")
    assert.strictEqual(gemini.json.hooks.BeforeTool[0].matcher, "^(?:run_shell_command|replace)$")
    // And from Copilot to Copilot, a PascalCase event stays as written.
    assert.deepStrictEqual(Object.keys(convert(text, "copilot", "copilot").json.hooks), ["PreToolUse"])
  })

  it("camelCase events' payloads become snake_case elsewhere: a warning", () => {
    const result = convert(copilotFile({ preToolUse: [{ bash: "g.sh", matcher: "view" }] }), "copilot", "wave")
    assert.strictEqual(result.json.hooks.PreToolUse[0].matcher, "Read")
    assert.isTrue(result.has("warning", "$.hooks", "payloads are snake_case"))
  })

  it("http and prompt hooks are Copilot's own: left out with an error", () => {
    const result = convert(
      copilotFile({
        sessionStart: [{ type: "prompt", prompt: "Summarise the repo" }],
        preToolUse: [{ type: "http", url: "https://example.com/hook" }]
      }),
      "copilot",
      "claude-code"
    )
    assert.deepStrictEqual(result.errors.sort(), ["$.hooks.preToolUse[0]", "$.hooks.sessionStart[0]"])
    assert.isTrue(result.has("error", "$.hooks.sessionStart[0]", "submits its text as the first prompt"))
    assert.deepStrictEqual(result.json.hooks, {})
  })

  it("copilot to copilot keeps its own http and prompt entries as written", () => {
    const entries = {
      sessionStart: [{ type: "prompt", prompt: "Summarise the repo" }],
      preToolUse: [{ type: "http", url: "https://example.com/hook", timeoutSec: 5 }]
    }
    const result = convert(copilotFile(entries), "copilot", "copilot")
    assert.deepStrictEqual(result.errors, [])
    assert.deepStrictEqual(result.json.hooks, entries)
  })

  it("inline hooks of .github/copilot/settings.json are flat entries too", () => {
    const text = JSON.stringify({ model: "gpt-5", hooks: { agentStop: [{ bash: "s.sh", timeoutSec: 9 }] } })
    const result = convert(text, "copilot", "claude-code", ".github/copilot/settings.json")
    assert.deepStrictEqual(result.json.hooks.Stop[0].hooks[0], { type: "command", command: "s.sh", timeout: 9 })
    assert.isTrue(result.has("info", "$", '"model" is copilot\'s own settings'))
  })
})

describe("how Copilot's hooks decide differently", () => {
  it("a crashing preToolUse hook denies in Copilot: onFailure or failClosed where the target has it, else a warning", () => {
    const text = copilotFile({ preToolUse: [{ bash: "g.sh", matcher: "bash" }] })
    const wave = convert(text, "copilot", "wave")
    assert.strictEqual(wave.json.hooks.PreToolUse[0].hooks[0].onFailure, "block")
    assert.isTrue(wave.has("warning", "$.hooks.preToolUse[0]", "a timeout now denies too"))
    assert.strictEqual(convert(text, "copilot", "cursor").json.hooks.preToolUse[0].failClosed, true)
    const codex = convert(text, "copilot", "codex")
    assert.isUndefined(codex.json.hooks.PreToolUse[0].hooks[0].onFailure)
    assert.isTrue(codex.has("warning", "$.hooks.preToolUse[0]", "codex fails open"))
    // And the other way: a guard that crashes now denies in Copilot.
    const there = convert(
      claudeFile("PreToolUse", [{ type: "command", command: "g.sh" }], "Bash"),
      "claude-code",
      "copilot"
    )
    assert.isTrue(
      there.has("warning", "$.hooks.PreToolUse[0].hooks[0]", "denies the tool call; in claude-code the call ran")
    )
  })

  it("onFailure block: a warning on preToolUse (a crash denies there, a timeout does not), an error elsewhere", () => {
    const pre = convert(
      claudeFile("PreToolUse", [{ type: "command", command: "g.sh", onFailure: "block" }], "Bash"),
      "wave",
      "copilot"
    )
    assert.deepStrictEqual(pre.errors, [])
    assert.isTrue(pre.has("warning", "$.hooks.PreToolUse[0].hooks[0].onFailure", "never when it times out"))
    const stop = convert(
      claudeFile("Stop", [{ type: "command", command: "s.sh", onFailure: "block" }]),
      "wave",
      "copilot"
    )
    assert.deepStrictEqual(stop.errors, ["$.hooks.Stop[0].hooks[0].onFailure"])
  })

  it("permissionRequest: later verdicts override earlier ones in Copilot, a deny stands elsewhere: a warning", () => {
    const text = copilotFile({
      permissionRequest: [
        { bash: "deny.sh", matcher: "bash" },
        { bash: "allow.sh", matcher: "bash" }
      ]
    })
    const result = convert(text, "copilot", "claude-code")
    assert.isTrue(result.has("warning", "$.hooks.permissionRequest", "a later allow beats an earlier deny"))
    const one = convert(copilotFile({ permissionRequest: [{ bash: "p.sh" }] }), "copilot", "claude-code")
    assert.isFalse(one.notes.some((n) => n.problem.includes("later allow")))
  })
})
