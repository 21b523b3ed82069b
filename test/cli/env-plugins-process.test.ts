/**
 * Env files, plugins, the settings `env` map and managed settings through the
 * built CLI (ARCHITECTURE section 8): `run --json` prints the env files'
 * variables under `env`, `--plugin-dir` is repeatable on run, list and
 * validate, `list` shows each hook's source. Real processes, HOME in a temp
 * dir.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { CliResult } from "../helpers/cli-process.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, logLine, makeProject, removeTempProjects, settings, tempDir } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const cli = async (
  p: TempProject,
  args: ReadonlyArray<string>,
  env: Record<string, string> = {}
): Promise<CliResult> => {
  await p.trust()
  return runCli(args, { env: { ...p.env, HOME: p.home, ...env }, cwd: p.dir })
}

const makePlugin = (root: string, hooks: Record<string, unknown>, name?: string): string => {
  mkdirSync(join(root, "hooks"), { recursive: true })
  writeFileSync(join(root, "hooks", "hooks.json"), JSON.stringify({ description: "test plugin", hooks }))
  if (name !== undefined) {
    mkdirSync(join(root, ".claude-plugin"), { recursive: true })
    writeFileSync(join(root, ".claude-plugin", "plugin.json"), JSON.stringify({ name }))
  }
  return root
}

describe.concurrent("env files through run --json", () => {
  it('a claude-code SessionStart hook under set -u appends to $CLAUDE_ENV_FILE: exit 0, the variables under "env"', async () => {
    const p = makeProject()
    const command = 'set -u; echo "export PROJECT_MODE=\'dev mode\'" >> "$CLAUDE_ENV_FILE"; echo started'
    p.writeSettings(
      "project",
      settings({ SessionStart: [group([hook(command)], { matcher: "startup" })] }),
      "claude-code"
    )
    const payload = join(p.root, "payload.json")
    writeFileSync(payload, JSON.stringify({ source: "startup" }))
    const r = await cli(p, ["run", "SessionStart", "--dialect", "claude-code", "--payload", payload, "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    const out = JSON.parse(r.stdout) as { effects: unknown; runs: Array<{ exitCode: number }>; env: unknown }
    assert.deepStrictEqual(Object.keys(out), ["effects", "runs", "env"])
    assert.deepStrictEqual(out.env, { PROJECT_MODE: "dev mode" })
    assert.deepStrictEqual(out.effects, [{ _tag: "InjectContext", text: "started" }])
    assert.strictEqual(out.runs[0]!.exitCode, 0)
  })

  it('without variables (or on other events) there is no "env" key; the text output lists the variables', async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ SessionStart: [group([hook('echo A=1 >> "$WAVE_ENV_FILE"')])], Stop: [group([hook("true")])] })
    )
    const stop = await cli(p, ["run", "Stop", "--json"])
    assert.deepStrictEqual(Object.keys(JSON.parse(stop.stdout) as object), ["effects", "runs"])
    const payload = join(p.root, "payload.json")
    writeFileSync(payload, JSON.stringify({ source: "resume" }))
    const text = await cli(p, ["run", "SessionStart", "--payload", payload])
    assert.strictEqual(text.status, 0, text.stderr)
    assert.match(text.stdout, /Environment \(from the hooks' env files\):\n {2}A="1"/)
  })
})

describe.concurrent("plugins through the CLI", () => {
  it("run --plugin-dir twice: both plugins' hooks run after the settings hooks, with WAVE_PLUGIN_ROOT set and substituted", async () => {
    const p = makeProject()
    const a = makePlugin(join(tempDir(), "alpha"), {
      Stop: [group([hook('echo "alpha ${WAVE_PLUGIN_ROOT} $WAVE_PLUGIN_ROOT" >> order.log')])]
    })
    const b = makePlugin(
      join(tempDir(), "beta"),
      { Stop: [group([hook('echo "beta ${CLAUDE_PLUGIN_ROOT}" >> order.log')])] },
      "beta-plugin"
    )
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    const r = await cli(p, ["run", "Stop", "--plugin-dir", a, "--plugin-dir", b, "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["user", `alpha ${a} ${a}`, `beta ${b}`])
    const out = JSON.parse(r.stdout) as { runs: Array<{ command: string }> }
    assert.strictEqual(out.runs[1]!.command, 'echo "alpha ${WAVE_PLUGIN_ROOT} $WAVE_PLUGIN_ROOT" >> order.log')
  })

  it("a relative --plugin-dir is taken from the current directory", async () => {
    const p = makeProject()
    makePlugin(p.path("plug"), { Stop: [group([hook(logLine("plugin"))])] })
    const r = await cli(p, ["run", "Stop", "--plugin-dir=plug"])
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["plugin"])
  })

  it("list --json shows each hook's source: user, project, plugin:<name>", async () => {
    const p = makeProject()
    const plugin = makePlugin(join(tempDir(), "folder"), { Stop: [group([hook("./x")])] }, "fmt")
    p.writeSettings("user", settings({ Stop: [group([hook("echo user")])] }))
    p.writeSettings("project", settings({ Stop: [group([hook("echo project")])] }))
    const r = await cli(p, ["list", "--plugin-dir", plugin, "--json"])
    assert.strictEqual(r.status, 0, r.stderr)
    const out = JSON.parse(r.stdout) as { hooks: Array<{ source: string; command: string; pluginRoot?: string }> }
    assert.deepStrictEqual(
      out.hooks.map((h) => [h.source, h.command]),
      [
        ["user", "echo user"],
        ["project", "echo project"],
        ["plugin:fmt", "./x"]
      ]
    )
    assert.strictEqual(out.hooks[2]!.pluginRoot, plugin)
    const text = await cli(p, ["list", "--plugin-dir", plugin])
    assert.include(text.stdout, `from ${plugin}/hooks/hooks.json $.hooks.Stop[0].hooks[0] (plugin:fmt)`)
    assert.include(text.stdout, `from ${p.settingsPath("user")} $.hooks.Stop[0].hooks[0] (user)`)
  })

  it("validate --plugin-dir checks the plugin's hooks file", async () => {
    const p = makeProject()
    const plugin = makePlugin(join(tempDir(), "bad"), { Stopp: [group([hook("x")])] })
    const r = await cli(p, ["validate", "--plugin-dir", plugin, "--json"])
    assert.strictEqual(r.status, 1)
    const out = JSON.parse(r.stdout) as {
      files: Array<{ file: string; scope: string; dialect?: string }>
      diagnostics: Array<{ path: string; fix: string }>
    }
    assert.deepStrictEqual(out.files, [{ file: `${plugin}/hooks/hooks.json`, scope: "plugin", dialect: "wave" }])
    assert.strictEqual(out.diagnostics[0]!.path, "$.hooks.Stopp")
    assert.match(out.diagnostics[0]!.fix, /"Stop"/)
  })

  it("run --plugin-dir with a path that is not a folder is a usage error (exit 1) naming it", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    const missing = join(p.root, "no-such-plugin")
    const r = await cli(p, ["run", "Stop", "--plugin-dir", missing])
    assert.strictEqual(r.status, 1)
    assert.include(r.stderr, `--plugin-dir ${missing} is not a folder`)
    assert.deepStrictEqual(p.lines("order.log"), [])
  })

  it("run --help documents --plugin-dir", async () => {
    const p = makeProject()
    const r = await cli(p, ["run", "--help"])
    assert.match(r.stdout, /--plugin-dir/)
  })
})

describe.concurrent("settings env and managed settings through run", () => {
  it("a settings env map reaches the hook; HOOK_EVENT is set in the wave dialect", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ Stop: [group([hook('echo "$TEAM $HOOK_EVENT" > out.txt')])] }, { env: { TEAM: "core" } })
    )
    const r = await cli(p, ["run", "Stop"])
    assert.strictEqual(r.status, 0, r.stderr)
    assert.strictEqual(p.read("out.txt").trim(), "core Stop")
  })

  it("managed-settings.d drop-ins are read on run's fast path (WAVE_HOOKS_MANAGED_SETTINGS_DIR)", async () => {
    const p = makeProject()
    const dir = tempDir("wave-hooks-managed-")
    mkdirSync(join(dir, "managed-settings.d"))
    writeFileSync(
      join(dir, "managed-settings.d", "policy.json"),
      JSON.stringify(settings({ Stop: [group([hook(logLine("managed"))])] }, { allowManagedHooksOnly: true }))
    )
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    const r = await cli(p, ["run", "Stop", "--json"], { WAVE_HOOKS_MANAGED_SETTINGS_DIR: dir })
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(p.lines("order.log"), ["managed"])
    const out = JSON.parse(r.stdout) as { effects: Array<{ _tag: string; code?: string }> }
    assert.deepStrictEqual(
      out.effects.map((e) => e.code),
      ["managed-policy"]
    )
  })

  it("list shows managed hooks with source managed, and the hooks a policy keeps from running with excludedBy", async () => {
    const p = makeProject()
    const dir = tempDir("wave-hooks-managed-")
    writeFileSync(
      join(dir, "managed-settings.json"),
      JSON.stringify(settings({ Stop: [group([hook("echo managed")])] }, { allowManagedHooksOnly: true }))
    )
    p.writeSettings("user", settings({ Stop: [group([hook("echo user")])] }))
    const r = await cli(p, ["list", "--json"], { WAVE_HOOKS_MANAGED_SETTINGS_DIR: dir })
    assert.strictEqual(r.status, 0, r.stderr)
    const out = JSON.parse(r.stdout) as { hooks: Array<{ source: string; command: string; excludedBy?: string }> }
    assert.deepStrictEqual(
      out.hooks.map((h) => [h.source, h.command, h.excludedBy]),
      [
        ["managed", "echo managed", undefined],
        ["user", "echo user", `allowManagedHooksOnly (${join(dir, "managed-settings.json")})`]
      ]
    )
    const text = await cli(p, ["list"], { WAVE_HOOKS_MANAGED_SETTINGS_DIR: dir })
    assert.include(text.stdout, "    does not run: allowManagedHooksOnly")
  })
})
