/**
 * Plugins' hooks (`hooks/hooks.json`) run after the settings files' with
 * `WAVE_PLUGIN_ROOT` / `CLAUDE_PLUGIN_ROOT` / `CLAUDE_PLUGIN_DATA` set and
 * substituted; found through `pluginDirs` (`--plugin-dir`) and settings'
 * `plugins`; a project's plugin is trusted like a project file (ARCHITECTURE
 * section 7). Real hook processes and files.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { TempProject } from "../helpers/project.ts"
import {
  canned,
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  logLine,
  makeProject,
  removeTempProjects,
  settings,
  tempDir
} from "../helpers/project.ts"
import { runHooksPromise } from "../../src/runner/session.ts"
import { pluginDataDirOf } from "../../src/runner/plugins.ts"

afterAll(removeTempProjects)

/** A plugin folder with a hooks.json (and a manifest when `name` is given). */
const makePlugin = (
  root: string,
  hooks: Record<string, unknown>,
  options: { readonly name?: string; readonly manifestDir?: string } = {}
): string => {
  mkdirSync(join(root, "hooks"), { recursive: true })
  writeFileSync(join(root, "hooks", "hooks.json"), JSON.stringify({ description: "a test plugin", hooks }))
  if (options.name !== undefined) {
    const dir = join(root, options.manifestDir ?? ".claude-plugin")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "plugin.json"), JSON.stringify({ name: options.name, version: "1.0.0", description: "d" }))
  }
  return root
}

/** Run without trusting anything first (the project helper's `run` trusts the project). */
const runUntrusted = (p: TempProject, event: "Stop" | "SessionStart", options: Record<string, unknown> = {}) =>
  runHooksPromise({
    event,
    payload: event === "Stop" ? {} : { source: "startup" },
    projectDir: p.dir,
    homeDir: p.home,
    env: p.env,
    ...options
  })

describe("plugins given as pluginDirs (--plugin-dir)", () => {
  it("given a plugin, when the event fires, then its hook runs after the settings hooks with WAVE_PLUGIN_ROOT set and ${WAVE_PLUGIN_ROOT} expanded", async () => {
    const p = makeProject()
    const plugin = makePlugin(
      tempDir(),
      {
        Stop: [group([hook("${WAVE_PLUGIN_ROOT}/hooks/stop.sh")])]
      },
      { name: "stopper", manifestDir: ".wave-plugin" }
    )
    writeFileSync(
      join(plugin, "hooks", "stop.sh"),
      `#!/bin/sh\necho "plugin root=$WAVE_PLUGIN_ROOT claude=$CLAUDE_PLUGIN_ROOT" >> order.log\n`,
      { mode: 0o755 }
    )
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("project"))])] }))
    const result = await p.run("Stop", {}, { pluginDirs: [plugin] })
    assert.deepStrictEqual(p.lines("order.log"), ["user", "project", `plugin root=${plugin} claude=${plugin}`])
    // The folder reaches the shell as the variable, never as text (finding 14).
    assert.strictEqual(result.runs[2]!.run.command, '"${WAVE_PLUGIN_ROOT}"/hooks/stop.sh')
    assert.strictEqual(result.runs[2]!.hook.plugin?.name, "stopper")
  })

  it("given a plugin hook, when it runs, then CLAUDE_PLUGIN_DATA names the plugin's data folder, created before the hook", async () => {
    const p = makeProject()
    const plugin = makePlugin(
      tempDir(),
      { Stop: [group([hook('test -d "$CLAUDE_PLUGIN_DATA" && echo "$CLAUDE_PLUGIN_DATA" > data.txt')])] },
      { name: "keeper" }
    )
    const result = await p.run("Stop", {}, { pluginDirs: [plugin] })
    assert.strictEqual(result.runs[0]!.run.exitCode, 0)
    const expected = join(p.home, ".wave", "plugins", "data", "keeper")
    assert.strictEqual(p.read("data.txt").trim(), expected)
    assert.isTrue(existsSync(expected))
  })

  it("given a plugin without a manifest, when listed, then it is named after its folder", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    const plugin = makePlugin(join(tempDir(), "folder-name"), { Stop: [group([hook("./x")])] })
    const result = await p.run("Stop", {}, { pluginDirs: [plugin] })
    assert.strictEqual(result.runs[0]!.hook.plugin?.name, "folder-name")
    assert.strictEqual(hooks.requests[0]!.env["WAVE_PLUGIN_ROOT"], plugin)
  })

  it("given ${WAVE_PLUGIN_ROOT} in a settings file's hook, when it runs, then it is not substituted (only plugin hooks are)", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("user", settings({ Stop: [group([hook("${WAVE_PLUGIN_ROOT}/x.sh")])] }))
    await p.run("Stop", {})
    assert.strictEqual(hooks.requests[0]!.command, "${WAVE_PLUGIN_ROOT}/x.sh")
    assert.isUndefined(hooks.requests[0]!.env["WAVE_PLUGIN_ROOT"])
  })

  it("given the same command in the user settings and in a plugin, when the event fires, then both run", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("same"))])] }))
    const plugin = makePlugin(tempDir(), { Stop: [group([hook(logLine("same"))])] })
    const result = await p.run("Stop", {}, { pluginDirs: [plugin] })
    assert.strictEqual(result.runs.length, 2)
    assert.deepStrictEqual(p.lines("order.log"), ["same", "same"])
  })

  it("given a --plugin-dir folder that does not exist, when Stop fires, then the other hooks run and an unreadable-settings error names it (tool calls are denied, section 7.3)", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    const missing = join(tempDir(), "nope")
    const result = await p.run("Stop", {}, { pluginDirs: [missing] })
    assert.deepStrictEqual(p.lines("order.log"), ["user"])
    assert.include(diagnosticCodes(result.effects), "unreadable-settings")
    assert.match(effectsOf(result.effects, "ShowUser")[0]!.text, new RegExp(`${missing}.*does not exist`))
  })

  it("given a plugin SessionStart hook writing to its env file, when SessionStart runs, then the host gets the variables", async () => {
    const p = makeProject()
    const plugin = makePlugin(tempDir(), {
      SessionStart: [group([hook('echo "export FROM_PLUGIN=${CLAUDE_PLUGIN_ROOT}" >> "$CLAUDE_ENV_FILE"')])]
    })
    const result = await p.run("SessionStart", { source: "startup" }, { pluginDirs: [plugin], dialect: "claude-code" })
    assert.deepStrictEqual(result.env, { FROM_PLUGIN: plugin })
  })
})

describe("plugins named by settings files", () => {
  it("given a user settings file naming a plugin ({type: local, path}), when the event fires, then the plugin's hooks run", async () => {
    const p = makeProject()
    const plugin = makePlugin(tempDir(), { Stop: [group([hook(logLine("plugin"))])] })
    p.writeSettings("user", { plugins: [{ type: "local", path: plugin }] })
    await runUntrusted(p, "Stop")
    assert.deepStrictEqual(p.lines("order.log"), ["plugin"])
  })

  it("given a project file naming a plugin under the project, when the project is not trusted, then the plugin's hooks do not run and the setting is reported as ignored", async () => {
    const p = makeProject()
    makePlugin(p.path("tools/lint"), { Stop: [group([hook(logLine("plugin"))])] })
    p.writeSettings("project", { plugins: ["./tools/lint"] })
    const result = await runUntrusted(p, "Stop")
    assert.deepStrictEqual(p.lines("order.log"), [])
    assert.include(diagnosticCodes(result.effects), "untrusted-settings")
    assert.match(effectsOf(result.effects, "ShowUser")[0]!.text, /"plugins": \["\.\/tools\/lint"\]/)
  })

  it("given a trusted project naming a plugin, when the event fires, then the plugin's hooks run; when the plugin's hooks.json changes, they stop until trusted again", async () => {
    const p = makeProject()
    const root = p.path("tools/lint")
    makePlugin(root, { Stop: [group([hook(logLine("plugin"))])] })
    p.writeSettings("project", { plugins: ["./tools/lint"] })
    await p.trust()
    await runUntrusted(p, "Stop")
    assert.deepStrictEqual(p.lines("order.log"), ["plugin"])
    makePlugin(root, { Stop: [group([hook(logLine("changed"))])] })
    const result = await runUntrusted(p, "Stop")
    assert.deepStrictEqual(p.lines("order.log"), ["plugin"])
    assert.include(diagnosticCodes(result.effects), "untrusted-settings")
    assert.match(
      effectsOf(result.effects, "Diagnostic").find((d) => d.code === "untrusted-settings")!.message,
      /hooks\/hooks\.json has changed/
    )
  })
})

describe("plugins named by managed settings", () => {
  it("given allowManagedHooksOnly and a plugin the managed settings name, when the event fires, then that plugin's hooks run and a --plugin-dir plugin's do not", async () => {
    const p = makeProject()
    const forced = makePlugin(tempDir(), { Stop: [group([hook(logLine("forced plugin"))])] })
    const other = makePlugin(tempDir(), { Stop: [group([hook(logLine("other plugin"))])] })
    const managed = tempDir("wave-hooks-managed-")
    writeFileSync(
      join(managed, "managed-settings.json"),
      JSON.stringify({ allowManagedHooksOnly: true, plugins: [forced] })
    )
    const result = await p.run("Stop", {}, { managedSettingsDir: managed, pluginDirs: [other] })
    assert.deepStrictEqual(p.lines("order.log"), ["forced plugin"])
    assert.match(effectsOf(result.effects, "Diagnostic")[0]!.message, /plugin .*: echo 'other plugin'/)
  })
})

describe("hooks a plugin's manifest declares", () => {
  it("given a manifest naming ./config/hooks.json and inline hooks, when the event fires, then hooks/hooks.json, the named file and the inline hooks all run, in that order", async () => {
    const p = makeProject()
    const root = makePlugin(tempDir(), { Stop: [group([hook(logLine("default"))])] })
    mkdirSync(join(root, "config"), { recursive: true })
    writeFileSync(
      join(root, "config", "hooks.json"),
      JSON.stringify({ hooks: { Stop: [group([hook(logLine("named"))])] } })
    )
    mkdirSync(join(root, ".claude-plugin"), { recursive: true })
    writeFileSync(
      join(root, ".claude-plugin", "plugin.json"),
      JSON.stringify({ name: "m", hooks: ["./config/hooks.json"] })
    )
    await p.run("Stop", {}, { pluginDirs: [root] })
    assert.deepStrictEqual(p.lines("order.log"), ["default", "named"])
    const inline = makePlugin(tempDir(), {})
    mkdirSync(join(inline, ".claude-plugin"), { recursive: true })
    writeFileSync(
      join(inline, ".claude-plugin", "plugin.json"),
      JSON.stringify({ name: "i", hooks: { Stop: [group([hook(logLine("inline"))])] } })
    )
    await p.run("Stop", {}, { pluginDirs: [inline] })
    assert.deepStrictEqual(p.lines("order.log"), ["default", "named", "inline"])
  })

  it("given a manifest naming a hooks file outside the plugin, when the event fires, then it is not read and a skipped-entry warning says so", async () => {
    const p = makeProject()
    const root = makePlugin(tempDir(), {})
    mkdirSync(join(root, ".claude-plugin"), { recursive: true })
    writeFileSync(
      join(root, ".claude-plugin", "plugin.json"),
      JSON.stringify({ name: "x", hooks: "../../etc/hooks.json" })
    )
    const result = await p.run("Stop", {}, { pluginDirs: [root] })
    assert.deepStrictEqual(result.runs, [])
    assert.match(effectsOf(result.effects, "ShowUser")[0]!.text, /outside the plugin folder/)
  })
})

describe("plugin data folders", () => {
  it("keep a plugin's name inside plugins/data/, whatever the manifest says", () => {
    assert.strictEqual(pluginDataDirOf("/h", "wave", "fmt"), "/h/.wave/plugins/data/fmt")
    assert.strictEqual(pluginDataDirOf("/h/", "claude-code", "a b"), "/h/.claude/plugins/data/a_b")
    assert.strictEqual(pluginDataDirOf("/h", "wave", ".."), "/h/.wave/plugins/data/__")
    assert.strictEqual(pluginDataDirOf("/h", "wave", "x/../../y"), "/h/.wave/plugins/data/x_.._.._y")
  })
})
