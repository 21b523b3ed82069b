/**
 * Issue 21: the library's default is the CLI's (ARCHITECTURE section 7,
 * "Which settings files a run reads"): `runHooks`, `HookSession` and
 * `loadSettings` without `dialect` read both dialects' files, each in its own;
 * the run's dialect is claude-code when only Claude Code files exist, else
 * wave; managed settings come from `/etc/wave` and `/etc/claude-code` (or the
 * chosen folder). Real files in a temp HOME and project, real hook processes.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { effectsOf, group, hook, logLine, makeProject, removeTempProjects, settings } from "../helpers/project.ts"
import { unmatchedToolMatchers } from "../../src/hosts/tool-matchers.ts"
import { listHooks } from "../../src/cli/list-command.ts"
import { runDialectOf } from "../../src/runner/settings-files.ts"
import { managedSettingsFolders } from "../../src/runner/managed-settings.ts"

afterAll(removeTempProjects)

const guard = "if grep -q 'rm -rf'; then echo 'rm -rf is blocked' >&2; exit 2; fi"
const rmRf = { tool_name: "Bash", tool_input: { command: "rm -rf /" } }

describe("no dialect given: both dialects' files", () => {
  it("runHooksPromise and HookSession run a .claude/settings.json guard without a dialect", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook(guard)], { matcher: "Bash" })] }), "claude-code")
    const result = await p.run("PreToolUse", rmRf)
    assert.deepStrictEqual(
      effectsOf(result.effects, "BlockTool").map((e) => e.reason),
      ["rm -rf is blocked"]
    )
    const session = await p.session()
    try {
      const again = await session.firePromise("PreToolUse", rmRf)
      assert.deepStrictEqual(
        effectsOf(again.effects, "BlockTool").map((e) => e.reason),
        ["rm -rf is blocked"]
      )
    } finally {
      await session.closePromise()
    }
  })

  it("a .claude/ hook gets CLAUDE_PROJECT_DIR and a .wave/ hook does not, in the same run", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ Stop: [group([hook('echo "wave ${CLAUDE_PROJECT_DIR:-unset}" >> order.log')])] }),
      "wave"
    )
    p.writeSettings(
      "project",
      settings({ Stop: [group([hook('echo "claude ${CLAUDE_PROJECT_DIR:-unset}" >> order.log')])] }),
      "claude-code"
    )
    const { CLAUDE_PROJECT_DIR: _inherited, ...env } = p.env
    await p.run("Stop", {}, { env })
    assert.deepStrictEqual(p.lines("order.log"), ["wave unset", `claude ${p.dir}`])
  })

  it("the run's dialect: the given one; else claude-code when every file is Claude Code's; else wave", async () => {
    assert.strictEqual(runDialectOf("wave", [{ dialect: "claude-code" }]), "wave")
    assert.strictEqual(runDialectOf(undefined, [{ dialect: "claude-code" }, { dialect: "claude-code" }]), "claude-code")
    assert.strictEqual(runDialectOf(undefined, [{ dialect: "claude-code" }, { dialect: "wave" }]), "wave")
    assert.strictEqual(runDialectOf(undefined, []), "wave")
    const p = makeProject()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("u"))])] }), "claude-code")
    assert.strictEqual((await p.load("auto")).dialect, "claude-code")
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("w"))])] }), "wave")
    const both = await p.load("auto")
    assert.strictEqual(both.dialect, "wave")
    assert.deepStrictEqual(
      both.hooks.map((h) => h.dialect),
      ["claude-code", "wave"]
    )
  })

  it("managed settings: /etc/wave then /etc/claude-code without a dialect; the dialect's folder with one; a chosen folder alone", () => {
    const env = {}
    assert.deepStrictEqual(managedSettingsFolders({}, env), [
      { dir: "/etc/wave", dialect: "wave" },
      { dir: "/etc/claude-code", dialect: "claude-code" }
    ])
    assert.deepStrictEqual(managedSettingsFolders({ dialect: "claude-code" }, env), [
      { dir: "/etc/claude-code", dialect: "claude-code" }
    ])
    assert.deepStrictEqual(managedSettingsFolders({ managedSettingsDir: "/opt/m" }, env), [
      { dir: "/opt/m", dialect: "wave" }
    ])
  })

  it("the same hook in .wave/ and .claude/ runs once (identical hooks dedupe across files, as within a dialect)", async () => {
    const p = makeProject()
    for (const dialect of ["wave", "claude-code"] as const) {
      p.writeSettings("project", settings({ Stop: [group([hook(logLine("same"), { timeout: 30 })])] }), dialect)
    }
    const result = await p.run("Stop", {})
    assert.deepStrictEqual(p.lines("order.log"), ["same"])
    assert.strictEqual(result.runs.length, 1)
    assert.strictEqual(result.runs[0]!.hook.file, p.settingsPath("project", "wave"), "the first one runs")
    // Both were read: list says the .claude/ copy runs once, as the .wave/ one.
    const listed = listHooks(await p.load("auto"))
    assert.deepStrictEqual(
      listed.map((h) => [h.dialect, h.duplicateOf === undefined]),
      [
        ["wave", true],
        ["claude-code", false]
      ]
    )
  })

  it("a host's unmatched-matcher warning tests each matcher in its file's dialect", async () => {
    const p = makeProject()
    // "Ba." matches "Bash" unanchored (a .claude/ hook) but not anchored (a .wave/ hook).
    for (const dialect of ["wave", "claude-code"] as const) {
      p.writeSettings(
        "project",
        settings({ PreToolUse: [group([hook(logLine(dialect))], { matcher: "Ba." })] }),
        dialect
      )
    }
    const snapshot = await p.load("auto")
    assert.strictEqual(snapshot.dialect, "wave")
    const warnings = unmatchedToolMatchers(snapshot, ["Bash"], {
      owner: "the tools",
      testedAgainst: "tool names",
      fix: "fix it"
    })
    assert.deepStrictEqual(
      warnings.map((w) => w.message.text.includes(p.settingsPath("project", "wave"))),
      [true]
    )
  })
})
