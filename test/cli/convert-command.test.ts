/**
 * `wave-hooks convert --from X --to Y [FILE]` as a real process: the converted file on stdout, the notes on
 * stderr (control characters escaped), `--json`; exit 0 when everything was carried over, 1 when something
 * could not be (an error note), 2 on a usage error (an unknown dialect or target, a missing or unreadable
 * file). It never writes a file.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { validateSettings } from "../../src/settings/validate-settings.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-convert-"))
const project = join(tmp, "project")
mkdirSync(join(project, ".claude"), { recursive: true })
writeFileSync(
  join(project, ".claude", "settings.json"),
  JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 30 }]
        }
      ],
      Stop: [{ hooks: [{ type: "command", command: "check.sh", timeout: 120 }] }]
    }
  })
)
const lossy = join(tmp, "lossy.json")
writeFileSync(
  lossy,
  JSON.stringify({
    hooks: {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url: "http://127.0.0.1:8080/pre" }] }],
      // An event name with a control character: quoted in a note, escaped on stderr.
      "Evil\u001b[2J": [{ hooks: [{ type: "command", command: "x" }] }]
    }
  })
)
mkdirSync(join(tmp, "two", ".github", "hooks"), { recursive: true })
for (const name of ["a.json", "b.json"])
  writeFileSync(join(tmp, "two", ".github", "hooks", name), JSON.stringify({ version: 1, hooks: {} }))
const broken = join(tmp, "broken.json")
writeFileSync(broken, "{")
const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: join(tmp, "home") }

beforeAll(() => ensureCliBuilt())
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe("wave-hooks convert", () => {
  it("converts the project's settings file of --from: the file on stdout, the notes on stderr, exit 0", async () => {
    const before = readdirSync(project, { recursive: true })
    const result = await runCli(["convert", "--from", "claude-code", "--to", "gemini-cli", "--project-dir", project], {
      env
    })
    assert.strictEqual(result.status, 0, result.stderr)
    const written = JSON.parse(result.stdout)
    assert.deepStrictEqual(written.hooks.BeforeTool[0], {
      matcher: "^run_shell_command$",
      hooks: [{ type: "command", command: '"$GEMINI_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 30000 }]
    })
    assert.strictEqual(written.hooks.AfterAgent[0].hooks[0].timeout, 120000)
    assert.include(result.stderr, "info: $.hooks.PreToolUse[0].hooks[0].timeout: timeout 30 s written as 30000 ms")
    assert.include(result.stderr, "converted for .gemini/settings.json (gemini-cli): 0 errors")
    assert.deepStrictEqual(readdirSync(project, { recursive: true }), before, "no file written")
  })

  it("--json prints {text, target, notes}", async () => {
    const result = await runCli(
      [
        "convert",
        "--from",
        "claude-code",
        "--to",
        "codex",
        "--project-dir",
        project,
        "--target",
        "config.toml",
        "--json"
      ],
      { env }
    )
    assert.strictEqual(result.status, 0, result.stderr)
    const { notes, target, text } = JSON.parse(result.stdout)
    assert.strictEqual(target, ".codex/config.toml")
    const codex = validateSettings(text, {
      file: target,
      scope: "project",
      dialect: "codex",
      format: "toml",
      keys: "agent-settings"
    })
    assert.deepStrictEqual(codex.diagnostics, [])
    assert.deepStrictEqual(
      codex.hooks.map((h) => [h.event, h.matcher, h.timeoutSeconds]),
      [
        ["PreToolUse", "Bash", 30],
        ["Stop", undefined, 120]
      ]
    )
    assert.isTrue(
      notes.some((n: { severity: string }) => n.severity === "warning"),
      "CLAUDE_PROJECT_DIR is not set"
    )
  })

  it("to Cursor and back: its flat .cursor/hooks.json, found in the project as --from cursor's file", async () => {
    const result = await runCli(["convert", "--from", "claude-code", "--to", "cursor", "--project-dir", project], {
      env
    })
    assert.strictEqual(result.status, 0, result.stderr)
    assert.deepStrictEqual(JSON.parse(result.stdout), {
      version: 1,
      hooks: {
        preToolUse: [
          { type: "command", command: '"$CURSOR_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 30, matcher: "^Shell$" }
        ],
        stop: [{ type: "command", command: "check.sh", timeout: 120, loop_limit: null }]
      }
    })
    assert.include(result.stderr, "converted for .cursor/hooks.json (cursor): 0 errors")
    const cursorProject = join(tmp, "cursor-project")
    mkdirSync(join(cursorProject, ".cursor"), { recursive: true })
    writeFileSync(join(cursorProject, ".cursor", "hooks.json"), result.stdout)
    const back = await runCli(["convert", "--from", "cursor", "--to", "claude-code", "--project-dir", cursorProject], {
      env
    })
    assert.strictEqual(back.status, 0, back.stderr)
    assert.deepStrictEqual(JSON.parse(back.stdout).hooks.PreToolUse[0], {
      matcher: "Bash",
      hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 30 }]
    })
    assert.include(back.stderr, ".cursor/hooks.json (cursor) converted for .claude/settings.json (claude-code)")
  })

  it("to Copilot and back: one .github/hooks/hooks.json, found in the project as --from copilot's file", async () => {
    const result = await runCli(["convert", "--from", "claude-code", "--to", "copilot", "--project-dir", project], {
      env
    })
    assert.strictEqual(result.status, 0, result.stderr)
    assert.deepStrictEqual(JSON.parse(result.stdout), {
      version: 1,
      hooks: {
        preToolUse: [
          { type: "command", bash: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', timeoutSec: 30, matcher: "bash" }
        ],
        agentStop: [{ type: "command", bash: "check.sh", timeoutSec: 120 }]
      }
    })
    assert.include(result.stderr, "converted for .github/hooks/hooks.json (copilot): 0 errors")
    assert.include(result.stderr, "payloads are camelCase")
    const copilotProject = join(tmp, "copilot-project")
    mkdirSync(join(copilotProject, ".github", "hooks"), { recursive: true })
    writeFileSync(join(copilotProject, ".github", "hooks", "guard.json"), result.stdout)
    const back = await runCli(
      ["convert", "--from", "copilot", "--to", "claude-code", "--project-dir", copilotProject],
      {
        env
      }
    )
    assert.strictEqual(back.status, 0, back.stderr)
    assert.include(back.stderr, ".github/hooks/guard.json (copilot) converted for .claude/settings.json (claude-code)")
    assert.strictEqual(JSON.parse(back.stdout).hooks.PreToolUse[0].matcher, "Bash")
    const named = await runCli(
      ["convert", "--from", "claude-code", "--to", "copilot", "--target", "guard.json", "--project-dir", project],
      { env }
    )
    assert.include(named.stderr, "converted for .github/hooks/guard.json (copilot)")
  })

  it("exit 1 when something cannot be carried over; control characters escaped", async () => {
    const result = await runCli(["convert", "--from", "wave", "--to", "gemini-cli", lossy], { env, cwd: tmp })
    assert.strictEqual(result.status, 1, result.stderr)
    assert.include(result.stderr, "error: $.hooks.PreToolUse[0].hooks[0]: http hooks have no counterpart in gemini-cli")
    assert.include(result.stderr, "Something could not be carried over")
    assert.notInclude(result.stderr, "\u001b")
    assert.include(result.stderr, "\\x1b[2J")
    assert.deepStrictEqual(JSON.parse(result.stdout), { hooks: {} })
  })

  for (const [what, args] of [
    ["an unknown dialect", ["--from", "qwen-code", "--to", "wave", lossy]],
    [
      "several Copilot hooks files and no FILE",
      ["--from", "copilot", "--to", "wave", "--project-dir", join(tmp, "two")]
    ],
    ["an unknown target file", ["--from", "wave", "--to", "codex", "--target", "settings.json", lossy]],
    ["a missing file", ["--from", "wave", "--to", "codex", join(tmp, "none.json")]],
    ["an unreadable file", ["--from", "wave", "--to", "codex", broken]],
    ["no file in the project", ["--from", "gemini-cli", "--to", "wave", "--project-dir", project]]
  ] as const)
    it(`exit 2 on ${what}`, async () => {
      const result = await runCli(["convert", ...args], { env, cwd: tmp })
      assert.strictEqual(result.status, 2, result.stderr)
      assert.strictEqual(result.stdout, "")
      assert.include(result.stderr, "Usage: wave-hooks convert")
    })
})
