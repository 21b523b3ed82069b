/**
 * `validate` knows Claude Code's settings keys (every top-level key of its
 * settings schema, a matcher group's `description` and `id`, a command hook's
 * `rewakeSummary`) and warns only on real mistakes: a misspelling of a known
 * key, with the key it most likely meant (issue 21).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { claudeCodeSettingsKeys } from "../../src/settings/claude-code-keys.ts"
import type { Dialect } from "../../src/core/dialect.ts"
import { validateSettings } from "../../src/settings/validate-settings.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

/** A Claude Code project's settings as people write them: Claude Code's own settings, labelled groups, an asyncRewake hook. */
const realistic = {
  $schema: "https://json.schemastore.org/claude-code-settings.json",
  permissions: { allow: ["Bash(npm test)"], deny: ["Read(./.env)"] },
  spinnerVerbs: { mode: "replace", verbs: ["Working"] },
  showTurnDuration: true,
  respectGitignore: true,
  attribution: { commit: "", pr: "" },
  plansDirectory: "./plans",
  statusLine: { type: "command", command: "echo hi" },
  enabledMcpjsonServers: ["fs"],
  model: "opus",
  hooks: {
    PreToolUse: [
      {
        description: "guard commits",
        id: "commit-guard",
        matcher: "Bash",
        hooks: [
          {
            type: "command",
            command: "./review.sh",
            if: "Bash(git commit *)",
            asyncRewake: true,
            rewakeMessage: "review found issues",
            rewakeSummary: "Commit review"
          }
        ]
      }
    ]
  }
}

const validate = (json: unknown, dialect: Dialect) =>
  validateSettings(JSON.stringify(json), { file: "/p/.claude/settings.json", scope: "project", dialect })

const lines = (json: unknown, dialect: Dialect) =>
  validate(json, dialect).diagnostics.map((d) => `${d.path}: ${d.problem}; ${d.fix}`)

describe("validate and Claude Code's keys", () => {
  for (const dialect of ["claude-code", "wave"] as const) {
    it(`${dialect}: a realistic Claude Code file (spinnerVerbs, group description and id, rewakeSummary, permissions, ...) gets no diagnostic`, () => {
      assert.deepStrictEqual(lines(realistic, dialect), [])
    })

    it(`${dialect}: every top-level key of Claude Code's settings schema is known`, () => {
      // enabledPlugins has its own note about plugin loading (the plugin work of issue 21), not an unknown-key warning.
      const all = Object.fromEntries(
        [...claudeCodeSettingsKeys].filter((key) => key !== "enabledPlugins").map((key) => [key, null])
      )
      assert.deepStrictEqual(lines({ ...all, hooks: {} }, dialect), [])
    })

    it(`${dialect}: misspellings of known keys are warned about, with the key meant`, () => {
      const text = lines(
        {
          ...realistic,
          permission: { allow: [] },
          spinerVerbs: [],
          hooks: {
            PreToolUse: [{ ...realistic.hooks.PreToolUse[0], matchr: "Bash", descripton: "x" }],
            Stop: [{ hooks: [{ type: "command", command: "true", statusMesage: "x", rewakeSumary: "y" }] }]
          }
        },
        dialect
      )
      assert.lengthOf(text, 6, text.join("\n"))
      const says = (path: string, meant: string) =>
        assert.isTrue(
          text.some((l) => l.startsWith(`${path}: unknown key`) && l.includes(`did you mean "${meant}"?`)),
          `${path} -> ${meant}\n${text.join("\n")}`
        )
      says("$.permission", "permissions")
      says("$.spinerVerbs", "spinnerVerbs")
      says("$.hooks.PreToolUse[0].matchr", "matcher")
      says("$.hooks.PreToolUse[0].descripton", "description")
      says("$.hooks.Stop[0].hooks[0].statusMesage", "statusMessage")
      says("$.hooks.Stop[0].hooks[0].rewakeSumary", "rewakeSummary")
    })
  }

  it("a key that is far from every known key is reported in a wave file (no suggestion), and left alone in a Claude Code file (a newer Claude Code setting)", () => {
    assert.deepStrictEqual(lines({ hooks: {}, quantumFlux: 1 }, "claude-code"), [])
    const wave = lines({ hooks: {}, quantumFlux: 1 }, "wave")
    assert.lengthOf(wave, 1)
    assert.match(wave[0]!, /^\$\.quantumFlux: unknown key "quantumFlux"; it is ignored; remove it \(valid keys: /)
  })

  for (const dialect of ["claude-code", "wave"] as const) {
    it(`${dialect}: in a file without "hooks", a key near it ("myHooks", "hoks") is an error: the file configures no hook`, () => {
      for (const key of ["myHooks", "hoks"]) {
        const d = validate({ [key]: { PreToolUse: [] } }, dialect).diagnostics
        assert.deepStrictEqual(
          d.map((x) => [x.severity, x.path, x.fix]),
          [["error", `$.${key}`, `rename "${key}" to "hooks"`]]
        )
      }
    })
  }

  it("no far-fetched suggestion: a key sharing a few letters with a known one is not called its misspelling", () => {
    // Before: "did you mean "mcpServers"?" for Claude Code's spinnerVerbs-like names.
    const wave = lines({ hooks: {}, spinnerWords: 1 }, "wave")
    assert.lengthOf(wave, 1)
    assert.notInclude(wave[0]!, "mcpServers")
  })
})

describe("wave-hooks validate on a real Claude Code project", () => {
  it("reports only the misspelt keys, each with the file, its JSON path and the key meant", async () => {
    const p = makeProject()
    p.writeFile("review.sh", "#!/bin/sh\nexit 0\n")
    p.writeFile(".claude/settings.json", JSON.stringify({ ...realistic, permision: {}, hook: {} }, null, 2))
    const r = await runCli(["validate", "--project-dir", p.dir, "--dialect", "claude-code"], {
      env: { ...p.env, NO_COLOR: "1" },
      cwd: p.dir
    })
    const warnings = r.stdout.split("\n").filter((l) => l.includes(": warning: "))
    assert.deepStrictEqual(
      warnings.map((l) => l.replace(/ \(valid keys: .*\)$/, "")),
      [
        `${p.dir}/.claude/settings.json: $.permision: warning: unknown key "permision"; it is ignored; did you mean "permissions"? (a Claude Code setting, which wave-hooks leaves to Claude Code)`,
        `${p.dir}/.claude/settings.json: $.hook: warning: unknown key "hook"; it is ignored; did you mean "hooks"?`
      ],
      r.stdout + r.stderr
    )
    assert.match(r.stdout + r.stderr, /0 errors, 2 warnings\./)
  })
})
