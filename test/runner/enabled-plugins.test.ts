/**
 * Issue 21, "Plugins installed the way Claude Code installs them"
 * (ARCHITECTURE section 7, "Marketplace plugins"): `enabledPlugins`
 * (`"name@marketplace": true`) in user, project or local settings loads the
 * plugin from the install records of `~/.claude/plugins/installed_plugins.json`
 * (Wave's `~/.wave/plugins/installed_plugins.json`), with the trust rules of
 * plugins; `false` in a later file switches it off; an enabled plugin that is
 * not installed is reported at its key with the install command. Real files in
 * a temp HOME, real hook processes; `list` and `validate` as real processes.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { TempProject } from "../helpers/project.ts"
import { effectsOf, group, hook, logLine, makeProject, removeTempProjects, settings } from "../helpers/project.ts"
import { runHooksPromise } from "../../src/runner/session.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import { installPathFor, parseInstalledPlugins } from "../../src/settings/enabled-plugins.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

/**
 * Install a plugin as Claude Code's `/plugin install` does: its files under
 * `~/.claude/plugins/cache/<marketplace>/<name>/<version>/` and a version 2
 * record in `~/.claude/plugins/installed_plugins.json`.
 */
const installClaudePlugin = (
  p: TempProject,
  name: string,
  marketplace: string,
  hooks: Record<string, unknown>
): string => {
  const root = join(p.home, ".claude", "plugins", "cache", marketplace, name, "1.0.0")
  mkdirSync(join(root, "hooks"), { recursive: true })
  mkdirSync(join(root, ".claude-plugin"), { recursive: true })
  writeFileSync(join(root, "hooks", "hooks.json"), JSON.stringify({ hooks }))
  writeFileSync(join(root, ".claude-plugin", "plugin.json"), JSON.stringify({ name, version: "1.0.0" }))
  const records = join(p.home, ".claude", "plugins", "installed_plugins.json")
  const current = existsSync(records)
    ? (JSON.parse(readFileSync(records, "utf8")) as { version: number; plugins: Record<string, Array<unknown>> })
    : { version: 2, plugins: {} as Record<string, Array<unknown>> }
  current.plugins[`${name}@${marketplace}`] = [
    {
      scope: "user",
      installPath: root,
      version: "1.0.0",
      installedAt: "2026-11-26T10:00:00.000Z",
      lastUpdated: "2026-11-26T10:00:00.000Z",
      gitCommitSha: "0123456789abcdef0123456789abcdef01234567"
    }
  ]
  writeFileSync(records, JSON.stringify(current, null, 2))
  return root
}

const stopLogging = (word: string) => ({ Stop: [group([hook(logLine(word))])] })
const runStop = (p: TempProject, options: Record<string, unknown> = {}) =>
  runHooksPromise({ event: "Stop", payload: {}, projectDir: p.dir, homeDir: p.home, env: p.env, ...options })

describe("enabledPlugins: plugins installed by Claude Code's /plugin install", () => {
  it("a plugin the user switches on in ~/.claude/settings.json runs its hooks, as the plugin's, after the settings hooks", async () => {
    const p = makeProject()
    const root = installClaudePlugin(p, "fmt", "tools", stopLogging("plugin fmt"))
    p.writeSettings("user", settings(stopLogging("user"), { enabledPlugins: { "fmt@tools": true } }), "claude-code")
    const result = await runStop(p)
    assert.deepStrictEqual(p.lines("order.log"), ["user", "plugin fmt"])
    const plugin = result.runs[1]!.hook.plugin
    assert.strictEqual(plugin?.name, "fmt")
    assert.strictEqual(plugin?.marketplace, "tools")
    assert.strictEqual(plugin?.root, root)
    // Claude Code names a marketplace plugin's data folder after its id (fmt@tools: fmt-tools).
    assert.strictEqual(plugin?.dataDir, join(p.home, ".claude", "plugins", "data", "fmt-tools"))
  })

  it("a project's enabledPlugins needs trust: untrusted, the plugin does not run; trusted, it does", async () => {
    const p = makeProject()
    installClaudePlugin(p, "fmt", "tools", stopLogging("plugin fmt"))
    p.writeSettings("project", settings({}, { enabledPlugins: { "fmt@tools": true } }), "claude-code")
    const untrusted = await runStop(p)
    assert.deepStrictEqual(p.lines("order.log"), [])
    // The file's ignored enabledPlugins is said (list and run name it), not dropped silently.
    const said = JSON.stringify(untrusted.effects)
    assert.include(said, String.raw`\"enabledPlugins\": {\"fmt@tools\":true} was ignored`)
    assert.include(said, "not trusted")
    await p.trust()
    await runStop(p)
    assert.deepStrictEqual(p.lines("order.log"), ["plugin fmt"])
  })

  it("a later file's false switches off what an earlier one switched on (local over project over user)", async () => {
    const p = makeProject()
    installClaudePlugin(p, "fmt", "tools", stopLogging("plugin fmt"))
    installClaudePlugin(p, "lint", "tools", stopLogging("plugin lint"))
    p.writeSettings("user", settings({}, { enabledPlugins: { "fmt@tools": true } }), "claude-code")
    p.writeSettings("project", settings({}, { enabledPlugins: { "lint@tools": true } }), "claude-code")
    p.writeSettings("local", settings({}, { enabledPlugins: { "fmt@tools": false } }), "claude-code")
    await p.trust()
    await runStop(p)
    assert.deepStrictEqual(p.lines("order.log"), ["plugin lint"])
  })

  it("an enabled plugin that is not installed is an error at its key with the install command; a user's denies tool calls", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({}, { enabledPlugins: { "ghost@tools": true } }), "claude-code")
    const snapshot = await p.load("auto")
    const errors = snapshot.files.flatMap((f) => f.diagnostics).filter((d) => d.severity === "error")
    assert.strictEqual(errors.length, 1)
    assert.strictEqual(errors[0]!.file, p.settingsPath("user", "claude-code"))
    assert.strictEqual(errors[0]!.path, `$.enabledPlugins["ghost@tools"]`)
    assert.match(errors[0]!.problem, /ghost@tools is switched on, but it is not installed/)
    assert.match(errors[0]!.fix, /\/plugin install ghost@tools/)
    // A plugin the user named cannot be checked: tool calls are denied, as for a missing --plugin-dir folder (section 7.3).
    const pre = await runHooksPromise({
      event: "PreToolUse",
      payload: { tool_name: "Bash", tool_input: { command: "ls" } },
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env
    })
    assert.strictEqual(effectsOf(pre.effects, "BlockTool").length, 1)
  })

  it("a project's enabled plugin that is not installed warns and does not deny", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({}, { enabledPlugins: { "ghost@tools": true } }), "claude-code")
    await p.trust()
    const pre = await runHooksPromise({
      event: "PreToolUse",
      payload: { tool_name: "Bash", tool_input: { command: "ls" } },
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env
    })
    assert.strictEqual(effectsOf(pre.effects, "BlockTool").length, 0)
    assert.isTrue(JSON.stringify(pre.effects).includes("ghost@tools"), "the missing plugin is reported")
  })

  it("Wave's own records (~/.wave/plugins/installed_plugins.json, cachePath) serve a .wave/ file's enabledPlugins", async () => {
    const p = makeProject()
    const root = join(p.home, ".wave", "plugins", "cache", "tools", "fmt")
    mkdirSync(join(root, "hooks"), { recursive: true })
    writeFileSync(join(root, "hooks", "hooks.json"), JSON.stringify({ hooks: stopLogging("wave plugin fmt") }))
    writeFileSync(
      join(p.home, ".wave", "plugins", "installed_plugins.json"),
      JSON.stringify({ plugins: [{ name: "fmt", marketplace: "tools", version: "1.0.0", cachePath: root }] })
    )
    p.writeSettings("user", settings({}, { enabledPlugins: { "fmt@tools": true } }), "wave")
    await runStop(p)
    assert.deepStrictEqual(p.lines("order.log"), ["wave plugin fmt"])
  })
})

describe("the install records", () => {
  it("read version 2 (arrays per id), version 1 (one object per id) and Wave's list; prefer this project's install", () => {
    const v2 = parseInstalledPlugins(
      JSON.stringify({
        version: 2,
        plugins: {
          "a@m": [
            { scope: "project", projectPath: "/other", installPath: "/c/a/other" },
            { scope: "user", installPath: "/c/a/user" },
            { scope: "local", projectPath: "/repo", installPath: "/c/a/local" }
          ]
        }
      })
    )
    assert.isTrue("records" in v2)
    if ("records" in v2) {
      assert.strictEqual(installPathFor(v2.records.get("a@m") ?? [], "/repo"), "/c/a/local")
      assert.strictEqual(installPathFor(v2.records.get("a@m") ?? [], "/elsewhere"), "/c/a/user")
    }
    const v1 = parseInstalledPlugins(JSON.stringify({ version: 1, plugins: { "b@m": { installPath: "/c/b" } } }))
    assert.strictEqual("records" in v1 ? v1.records.get("b@m")?.[0]?.installPath : undefined, "/c/b")
    const wave = parseInstalledPlugins(
      JSON.stringify({ plugins: [{ name: "c", marketplace: "m", cachePath: "/w/c" }] })
    )
    assert.strictEqual("records" in wave ? wave.records.get("c@m")?.[0]?.installPath : undefined, "/w/c")
    const broken = parseInstalledPlugins("{ nope")
    assert.match("problem" in broken ? broken.problem : "", /not valid JSON/)
  })
})

describe("list and validate (real processes)", () => {
  it("list shows each plugin hook's source (name@marketplace and path); validate reports the one not installed", async () => {
    const p = makeProject()
    const root = installClaudePlugin(p, "fmt", "tools", stopLogging("plugin fmt"))
    p.writeSettings("user", settings({}, { enabledPlugins: { "fmt@tools": true, "ghost@tools": true } }), "claude-code")
    const env = { ...p.env, HOME: p.home }
    const list = await runCli(["list", "--json"], { env, cwd: p.dir, timeoutMs: 60_000 })
    const listed = JSON.parse(list.stdout) as { hooks: ReadonlyArray<Record<string, unknown>> }
    assert.strictEqual(listed.hooks.length, 1)
    assert.strictEqual(listed.hooks[0]!["source"], "plugin:fmt@tools")
    assert.strictEqual(listed.hooks[0]!["pluginRoot"], root)
    assert.strictEqual(listed.hooks[0]!["pluginMarketplace"], "tools")
    assert.strictEqual(listed.hooks[0]!["file"], join(root, "hooks", "hooks.json"))
    const listText = await runCli(["list"], { env, cwd: p.dir, timeoutMs: 60_000 })
    assert.include(
      listText.stdout,
      `from ${join(root, "hooks", "hooks.json")} $.hooks.Stop[0].hooks[0] (plugin:fmt@tools)`
    )

    const validate = await runCli(["validate"], { env, cwd: p.dir, timeoutMs: 60_000 })
    assert.strictEqual(validate.status, 1, validate.stderr)
    assert.include(
      validate.stdout,
      `${p.settingsPath("user", "claude-code")}: $.enabledPlugins["ghost@tools"]: the plugin ghost@tools is switched on, but it is not installed`
    )
    assert.include(validate.stdout, "/plugin install ghost@tools")
    assert.notMatch(validate.stdout, /are not loaded by wave-hooks/)
  }, 180_000)
})
