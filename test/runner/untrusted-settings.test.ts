/**
 * Fail closed (issue 11): an untrusted project or local settings file changes
 * nothing about what runs. Its hooks do not run (section 7), and neither do
 * its file-wide settings count: `"disableAllHooks": true` does not switch off
 * the user's guards, `askTimeoutSeconds` is ignored. The user is told the file
 * was ignored and how to trust it.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { writeFileSync } from "node:fs"
import { Effect } from "effect"
import { NodeServices } from "@effect/platform-node"
import type { Dialect } from "../../src/core/dialect.ts"
import type { SettingsScope, ValidatedSettings } from "../../src/settings/settings-schema.ts"
import { layerSettings } from "../../src/settings/plan.ts"
import { askTimeoutSecondsOf } from "../../src/settings/validate-settings.ts"
import { loadSettings } from "../../src/runner/settings-files.ts"
import { runHooksPromise } from "../../src/runner/session.ts"
import { trustStorePath } from "../../src/runner/trust-store.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import {
  canned,
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  logLine,
  makeProject,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const project = () => {
  const hooks = canned()
  const p = makeProject({ hookProcess: hooks.layer })
  const ran = () => hooks.commands().map((command) => /^echo '([^']*)'/.exec(command)?.[1] ?? command)
  return Object.assign(p, { hooks, ran })
}

const runStop = (p: ReturnType<typeof project>, dialect: Dialect) =>
  runHooksPromise({
    event: "Stop",
    payload: {},
    projectDir: p.dir,
    homeDir: p.home,
    env: p.env,
    hookProcess: p.hooks.layer,
    dialect
  })

const load = (p: ReturnType<typeof project>, dialect: Dialect = "wave") =>
  Effect.runPromise(
    loadSettings({ projectDir: p.dir, homeDir: p.home, dialect }).pipe(Effect.provide(NodeServices.layer))
  )

const cases: ReadonlyArray<readonly [Dialect, Exclude<SettingsScope, "user">]> = [
  ["wave", "project"],
  ["wave", "local"],
  ["claude-code", "project"],
  ["claude-code", "local"]
]

describe("an untrusted settings file changes nothing", () => {
  for (const [dialect, scope] of cases) {
    it(`"disableAllHooks": true in an untrusted ${scope} file (${dialect}) does not switch off the user's hooks, and the user is told`, async () => {
      const p = project()
      p.writeSettings("user", settings({ Stop: [group([hook(logLine("user-guard"))])] }), dialect)
      const file = p.writeSettings(scope, { disableAllHooks: true }, dialect)
      const result = await runStop(p, dialect)
      assert.deepStrictEqual(p.ran(), ["user-guard"], "the user's hook ran")
      assert.include(diagnosticCodes(result.effects), "untrusted-settings")
      const diagnostic = effectsOf(result.effects, "Diagnostic").find((d) => d.code === "untrusted-settings")!
      assert.include(diagnostic.message, file)
      assert.include(diagnostic.message, `"disableAllHooks": true`)
      const warning = effectsOf(result.effects, "ShowUser").find((e) => e.level === "warning" && e.text.includes(file))
      assert.isDefined(warning, "a warning names the ignored file")
      assert.include(warning!.text, "ignored")
      assert.include(warning!.text, `"disableAllHooks": true`)
      assert.include(warning!.text, `wave-hooks trust --project-dir ${p.dir}`)

      // Once trusted, the file's setting applies: nothing runs.
      await p.trust()
      const trusted = await runStop(p, dialect)
      assert.deepStrictEqual(p.ran(), ["user-guard"], "disableAllHooks of a trusted file applies")
      assert.notInclude(diagnosticCodes(trusted.effects), "untrusted-settings")
    })
  }

  it("a file changed since it was trusted counts for nothing either", async () => {
    const p = project()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user-guard"))])] }))
    p.writeSettings("project", { disableAllHooks: false })
    await p.trust()
    p.writeSettings("project", { disableAllHooks: true })
    const result = await runStop(p, "wave")
    assert.deepStrictEqual(p.ran(), ["user-guard"])
    const warning = effectsOf(result.effects, "ShowUser").find((e) => e.level === "warning")!
    assert.include(warning.text, "has changed since it was trusted")
  })

  it("askTimeoutSeconds counts only from user settings and trusted files", async () => {
    const p = project()
    p.writeSettings("user", { askTimeoutSeconds: 300 })
    p.writeSettings("local", { askTimeoutSeconds: 5 })
    const untrusted = await load(p)
    assert.strictEqual(askTimeoutSecondsOf(untrusted.files), 300, "the untrusted file's 5 s is ignored")
    const local = untrusted.files.find((f) => f.scope === "local")!
    assert.isUndefined(local.askTimeoutSeconds)
    assert.deepStrictEqual(local.untrustedSettings, { askTimeoutSeconds: 5 })
    await p.trust()
    assert.strictEqual(askTimeoutSecondsOf((await load(p)).files), 5)
  })

  it("layerSettings ignores the hooks and disableAllHooks of files marked untrusted or changed", () => {
    const base = { readable: true, diagnostics: [] } as const
    const guard = {
      event: "Stop",
      matcher: undefined,
      parallel: false,
      group: "0",
      command: "guard",
      timeoutSeconds: undefined,
      onFailure: "continue",
      env: undefined,
      file: "u",
      scope: "user",
      path: "$"
    } as const
    const files: ReadonlyArray<ValidatedSettings> = [
      { ...base, file: "u", scope: "user", hooks: [guard], disableAllHooks: undefined },
      {
        ...base,
        file: "p",
        scope: "project",
        hooks: [{ ...guard, command: "p", file: "p", scope: "project" }],
        disableAllHooks: true,
        trust: "untrusted"
      },
      { ...base, file: "l", scope: "local", hooks: [], disableAllHooks: true, trust: "changed" }
    ]
    const snapshot = layerSettings(files, "wave")
    assert.isFalse(snapshot.disabled)
    assert.deepStrictEqual(
      snapshot.hooks.map((h) => h.command),
      ["guard"]
    )
    assert.isTrue(layerSettings([{ ...files[1]!, trust: "trusted" }], "wave").disabled)
  })

  it("an untrusted file's hooks with an env allowlist do not run, and the user's hooks keep their environment", async () => {
    const p = project()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user-guard"))])] }))
    p.writeSettings(
      "project",
      settings({ Stop: [group([hook(logLine("project"), { env: ["SECRET"] })])] }, { disableAllHooks: false })
    )
    await runStop(p, "wave")
    assert.deepStrictEqual(p.ran(), ["user-guard"])
    assert.strictEqual(p.hooks.requests[0]!.env["HOME"], p.home, "the user's hook gets the full environment")
  })

  it("`list` says an untrusted file's disableAllHooks is ignored", async () => {
    const p = project()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user-guard"))])] }))
    const file = p.writeSettings("project", { disableAllHooks: true })
    const result = await runCli(["list", "--project-dir", p.dir], { env: p.env, cwd: p.dir })
    assert.strictEqual(result.status, 0, result.stderr)
    assert.notInclude(result.stdout, "no hook runs")
    assert.include(result.stdout, `Ignored: "disableAllHooks": true in ${file}: the file is not trusted`)
  })

  it("with a corrupt trust store, the warning says the store could not be read and that trust replaces it", async () => {
    const p = project()
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("project"))])] }))
    await p.trust()
    writeFileSync(trustStorePath(p.home), "{ not json")
    const result = await runStop(p, "wave")
    assert.deepStrictEqual(p.ran(), [])
    const warning = effectsOf(result.effects, "ShowUser").find((e) => e.level === "warning")!
    assert.include(warning.text, `nothing is trusted: the trust store ${trustStorePath(p.home)} not valid JSON`)
    assert.include(warning.text, "trust replaces it and keeps the old one as a backup")
  })
})
