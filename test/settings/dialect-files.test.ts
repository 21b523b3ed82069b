/**
 * Where each dialect reads its settings (ARCHITECTURE sections 5.3 and 7):
 * wave reads `~/.wave/settings.json`, `.wave/settings.json`,
 * `.wave/settings.local.json`; claude-code the `.claude/` equivalents, and not
 * `.wave/`. Default timeouts 60 s and 600 s.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { listHooks } from "../../src/cli/list-command.ts"
import type { Dialect } from "../../src/core/dialect.ts"
import { effectiveTimeoutSeconds, planHooks } from "../../src/settings/plan.ts"
import { settingsLocations } from "../../src/runner/settings-files.ts"
import { group, hook, logLine, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

/** A project with a Stop hook in every settings file of both dialects, each logging its own name. */
const bothDialects = () => {
  const p = makeProject()
  for (const dialect of ["wave", "claude-code"] as const) {
    for (const scope of ["user", "project", "local"] as const) {
      p.writeSettings(scope, settings({ Stop: [group([hook(logLine(`${dialect}-${scope}`))])] }), dialect)
    }
  }
  return p
}

describe("settings file locations", () => {
  it("settingsLocations lists user, project and local files of each dialect", () => {
    const sources = { projectDir: "/repo", homeDir: "/home/me" }
    assert.deepStrictEqual(settingsLocations({ ...sources, dialect: "wave" }), [
      { path: "/home/me/.wave/settings.json", scope: "user", dialect: "wave", format: "json", keys: "settings" },
      { path: "/repo/.wave/settings.json", scope: "project", dialect: "wave", format: "json", keys: "settings" },
      { path: "/repo/.wave/settings.local.json", scope: "local", dialect: "wave", format: "json", keys: "settings" }
    ])
    assert.deepStrictEqual(settingsLocations({ ...sources, dialect: "claude-code" }), [
      {
        path: "/home/me/.claude/settings.json",
        scope: "user",
        dialect: "claude-code",
        format: "json",
        keys: "settings"
      },
      {
        path: "/repo/.claude/settings.json",
        scope: "project",
        dialect: "claude-code",
        format: "json",
        keys: "settings"
      },
      {
        path: "/repo/.claude/settings.local.json",
        scope: "local",
        dialect: "claude-code",
        format: "json",
        keys: "settings"
      }
    ])
    // Gemini CLI: its settings.json (JSON with comments, the agent's own keys), no local file.
    assert.deepStrictEqual(
      settingsLocations({ ...sources, dialect: "gemini-cli" }).map((l) => [l.path, l.scope, l.format, l.keys]),
      [
        ["/home/me/.gemini/settings.json", "user", "jsonc", "agent-settings"],
        ["/repo/.gemini/settings.json", "project", "jsonc", "agent-settings"]
      ]
    )
    // Without a dialect (the default): both, user then project then local, .wave/ before .claude/ in each scope.
    assert.deepStrictEqual(
      settingsLocations(sources).map((l) => [l.path, l.dialect]),
      [
        ["/home/me/.wave/settings.json", "wave"],
        ["/home/me/.claude/settings.json", "claude-code"],
        ["/repo/.wave/settings.json", "wave"],
        ["/repo/.claude/settings.json", "claude-code"],
        ["/repo/.wave/settings.local.json", "wave"],
        ["/repo/.claude/settings.local.json", "claude-code"]
      ]
    )
  })

  const expectations: ReadonlyArray<readonly [Dialect, ReadonlyArray<string>]> = [
    ["wave", ["wave-user", "wave-project", "wave-local"]],
    ["claude-code", ["claude-code-user", "claude-code-project", "claude-code-local"]]
  ]
  for (const [dialect, expected] of expectations) {
    it(`${dialect} runs the hooks of its own three files only, in user, project, local order`, async () => {
      const p = bothDialects()
      const result = await p.run("Stop", {}, { dialect })
      assert.deepStrictEqual(p.lines("order.log"), expected)
      const snapshot = await p.load(dialect)
      assert.deepStrictEqual(
        snapshot.files.map((f) => f.file),
        [p.settingsPath("user", dialect), p.settingsPath("project", dialect), p.settingsPath("local", dialect)]
      )
      assert.deepStrictEqual(
        result.runs.map((r) => r.hook.file),
        snapshot.files.map((f) => f.file)
      )
    })
  }

  it("--dialect claude-code does not read .wave/ files (and --dialect wave does not read .claude/)", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("wave-only"))])] }), "wave")
    await p.run("Stop", {}, { dialect: "claude-code" })
    assert.deepStrictEqual(p.lines("order.log"), [])
    const q = makeProject()
    q.writeSettings("user", settings({ Stop: [group([hook(logLine("claude-only"))])] }), "claude-code")
    await q.run("Stop", {}, { dialect: "wave" })
    assert.deepStrictEqual(q.lines("order.log"), [])
  })

  it("missing files are fine: only the present ones are layered", async () => {
    const p = makeProject()
    p.writeSettings("local", settings({ Stop: [group([hook(logLine("local-only"))])] }))
    const snapshot = await p.load()
    assert.deepStrictEqual(
      snapshot.files.map((f) => f.scope),
      ["local"]
    )
    await p.run("Stop", {})
    assert.deepStrictEqual(p.lines("order.log"), ["local-only"])
  })
})

describe("default timeout", () => {
  for (const [dialect, seconds] of [
    ["wave", 60],
    ["claude-code", 600]
  ] as const) {
    it(`${dialect}: a hook without a timeout gets ${seconds} s in plans and in list`, async () => {
      const p = makeProject()
      p.writeSettings(
        "project",
        settings({ PreToolUse: [group([hook("./guard.sh"), hook("./other.sh", { timeout: 5 })])] }),
        dialect
      )
      const snapshot = await p.load(dialect)
      const plan = planHooks(snapshot, "PreToolUse", { tool_name: "Bash" })
      const planned = plan.steps.flatMap((s) => (s._tag === "Sequential" ? [s.hook] : s.hooks))
      assert.deepStrictEqual(
        planned.map((h) => effectiveTimeoutSeconds(h, dialect)),
        [seconds, 5]
      )
      assert.deepStrictEqual(
        listHooks(snapshot).map((h) => h.timeoutSeconds),
        [seconds, 5]
      )
    })
  }

  it("dedupe uses the effective timeout of the dialect: 600 explicit equals the claude-code default", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("x"))])] }), "claude-code")
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("x"), { timeout: 600 })])] }), "claude-code")
    const snapshot = await p.load("claude-code")
    const plan = planHooks(snapshot, "Stop", {})
    assert.strictEqual(plan.steps.length, 1)
    assert.strictEqual(plan.duplicates.length, 1)
    // In the wave dialect the same pair differs (60 vs 600).
    const w = makeProject()
    w.writeSettings("user", settings({ Stop: [group([hook(logLine("x"))])] }))
    w.writeSettings("project", settings({ Stop: [group([hook(logLine("x"), { timeout: 600 })])] }))
    assert.strictEqual(planHooks(await w.load(), "Stop", {}).steps.length, 2)
  })

  it("claude-code matchers are unanchored regular expressions (Edit.* matches NotebookEdit), wave's anchored", async () => {
    for (const dialect of ["wave", "claude-code"] as const) {
      const p = makeProject()
      p.writeSettings(
        "project",
        settings({ PreToolUse: [group([hook(logLine("edit"))], { matcher: "Edit.*" })] }),
        dialect
      )
      await p.run("PreToolUse", { tool_name: "NotebookEdit", tool_input: {} }, { dialect })
      assert.deepStrictEqual(p.lines("order.log"), dialect === "wave" ? [] : ["edit"], dialect)
    }
  })
})
