/**
 * The settings-level `env` map, Wave's `HOOK_EVENT` / `HOOK_TOOL_NAME`, and
 * managed settings (`managed-settings.json`, `managed-settings.d/`,
 * `allowManagedHooksOnly`, `disableAllHooks`) as hooks see them
 * (ARCHITECTURE section 7). Real hook processes and files.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { mkdirSync, writeFileSync } from "node:fs"
import { Effect, FileSystem, PlatformError } from "effect"
import { managedSettingsFiles } from "../../src/runner/managed-settings.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import { join } from "node:path"
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

afterAll(removeTempProjects)

describe("settings-level env", () => {
  it("given env in the user settings, when a hook runs, then it sees the variables", async () => {
    const p = makeProject()
    p.writeSettings(
      "user",
      settings(
        { Stop: [group([hook('echo "$GREETING $TARGET" > out.txt')])] },
        { env: { GREETING: "hello", TARGET: "world" } }
      )
    )
    await p.run("Stop", {})
    assert.strictEqual(p.read("out.txt").trim(), "hello world")
  })

  it("given env in user and trusted project files, when a hook runs, then the later file wins and settings win over the parent environment", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("user", settings({ Stop: [group([hook("./s")])] }, { env: { A: "user", B: "user" } }))
    p.writeSettings("project", { env: { B: "project" } })
    await p.run("Stop", {}, { env: { ...p.env, A: "parent", C: "parent" } })
    const env = hooks.requests[0]!.env
    assert.deepStrictEqual([env["A"], env["B"], env["C"]], ["user", "project", "parent"])
  })

  it("given a hook with an env allowlist, when it runs, then settings variables still reach it and parent secrets do not", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("user", settings({ Stop: [group([hook("./s", { env: [] })])] }, { env: { FROM_SETTINGS: "1" } }))
    await p.run("Stop", {}, { env: { ...p.env, SECRET: "x" } })
    const env = hooks.requests[0]!.env
    assert.strictEqual(env["FROM_SETTINGS"], "1")
    assert.isUndefined(env["SECRET"])
  })

  it("given env in an untrusted project file, when a hook runs, then the variables are not set and the file's env is reported as ignored", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ Stop: [group([hook('echo "[${INJECTED:-}]" > out.txt')])] }))
    p.writeSettings("project", { env: { INJECTED: "evil" } })
    const result = await runHooksPromise({ event: "Stop", payload: {}, projectDir: p.dir, homeDir: p.home, env: p.env })
    assert.strictEqual(p.read("out.txt").trim(), "[]")
    assert.include(diagnosticCodes(result.effects), "untrusted-settings")
    assert.match(effectsOf(result.effects, "ShowUser")[0]!.text, /"env" \(INJECTED\)/)
  })

  it("given a setting that names an engine variable, when a hook runs, then the engine's value stands", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings(
      "user",
      settings(
        { SessionStart: [group([hook("./s")])] },
        { env: { WAVE_PROJECT_DIR: "/elsewhere", CLAUDE_ENV_FILE: "/tmp/x", HOOK_EVENT: "Nope" } }
      )
    )
    await p.run("SessionStart", { source: "startup" })
    const env = hooks.requests[0]!.env
    assert.strictEqual(env["WAVE_PROJECT_DIR"], p.dir)
    assert.notStrictEqual(env["CLAUDE_ENV_FILE"], "/tmp/x")
    assert.strictEqual(env["HOOK_EVENT"], "SessionStart")
  })
})

describe("HOOK_EVENT and HOOK_TOOL_NAME", () => {
  it("given the wave dialect, when a PreToolUse hook runs, then HOOK_EVENT and HOOK_TOOL_NAME are set", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook('echo "$HOOK_EVENT $HOOK_TOOL_NAME" > out.txt')])] })
    )
    await p.run("PreToolUse", { tool_name: "Edit", tool_input: { file_path: "/a" } })
    assert.strictEqual(p.read("out.txt").trim(), "PreToolUse Edit")
  })

  it("given the wave dialect and no tool, when a Stop hook runs under set -u, then HOOK_TOOL_NAME is set and empty", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ Stop: [group([hook('set -u; echo "[$HOOK_EVENT][$HOOK_TOOL_NAME]" > out.txt')])] })
    )
    await p.run("Stop", {})
    assert.strictEqual(p.read("out.txt").trim(), "[Stop][]")
  })

  it("given the claude-code dialect, when a hook runs, then neither is set", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ PreToolUse: [group([hook("./s")])] }), "claude-code")
    const env = { ...p.env }
    delete env["HOOK_EVENT"]
    delete env["HOOK_TOOL_NAME"]
    await p.run("PreToolUse", { tool_name: "Bash", tool_input: {} }, { dialect: "claude-code", env })
    assert.isUndefined(hooks.requests[0]!.env["HOOK_EVENT"])
    assert.isUndefined(hooks.requests[0]!.env["HOOK_TOOL_NAME"])
  })
})

describe("managed settings", () => {
  const managedDir = (files: Record<string, unknown>): string => {
    const dir = tempDir("wave-hooks-managed-")
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(join(dir, name, ".."), { recursive: true })
      writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content))
    }
    return dir
  }

  it("given managed-settings.json and managed-settings.d/*.json, when the event fires, then their hooks run first, the drop-ins in name order", async () => {
    const p = makeProject()
    const dir = managedDir({
      "managed-settings.json": settings({ Stop: [group([hook(logLine("managed"))])] }),
      "managed-settings.d/20-b.json": settings({ Stop: [group([hook(logLine("d-20"))])] }),
      "managed-settings.d/10-a.json": settings({ Stop: [group([hook(logLine("d-10"))])] }),
      "managed-settings.d/notes.txt": "not settings"
    })
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    await p.run("Stop", {}, { managedSettingsDir: dir })
    assert.deepStrictEqual(p.lines("order.log"), ["managed", "d-10", "d-20", "user"])
  })

  it("given the folder in WAVE_HOOKS_MANAGED_SETTINGS_DIR, when the event fires, then it is read", async () => {
    const p = makeProject()
    const dir = managedDir({ "managed-settings.json": settings({ Stop: [group([hook(logLine("managed"))])] }) })
    await p.run("Stop", {}, { env: { ...p.env, WAVE_HOOKS_MANAGED_SETTINGS_DIR: dir } })
    assert.deepStrictEqual(p.lines("order.log"), ["managed"])
  })

  it("given allowManagedHooksOnly, when the event fires, then user, project and plugin hooks do not run, reported once with a managed-policy diagnostic", async () => {
    const p = makeProject()
    const dir = managedDir({
      "managed-settings.json": settings({ Stop: [group([hook(logLine("managed"))])] }, { allowManagedHooksOnly: true })
    })
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("project"))])] }))
    const result = await p.run("Stop", {}, { managedSettingsDir: dir })
    assert.deepStrictEqual(p.lines("order.log"), ["managed"])
    assert.deepStrictEqual(diagnosticCodes(result.effects), ["managed-policy"])
    assert.match(
      effectsOf(result.effects, "Diagnostic")[0]!.message,
      /2 Stop hooks did not run because of "allowManagedHooksOnly".*user: echo 'user'.*project: echo 'project'/
    )
  })

  it("given a user disableAllHooks, when the event fires, then managed hooks still run and the user's do not", async () => {
    const p = makeProject()
    const dir = managedDir({ "managed-settings.json": settings({ Stop: [group([hook(logLine("managed"))])] }) })
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }, { disableAllHooks: true }))
    const result = await p.run("Stop", {}, { managedSettingsDir: dir })
    assert.deepStrictEqual(p.lines("order.log"), ["managed"])
    assert.deepStrictEqual(diagnosticCodes(result.effects), ["managed-policy"])
  })

  it("given a managed disableAllHooks, when the event fires, then no hook runs", async () => {
    const p = makeProject()
    const dir = managedDir({
      "managed-settings.json": settings({ Stop: [group([hook(logLine("managed"))])] }, { disableAllHooks: true })
    })
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }, { disableAllHooks: false }))
    const result = await p.run("Stop", {}, { managedSettingsDir: dir })
    assert.deepStrictEqual(p.lines("order.log"), [])
    assert.deepStrictEqual(result.runs, [])
  })

  it("given a managed folder that does not exist, when the event fires, then nothing changes", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    const result = await p.run("Stop", {}, { managedSettingsDir: join(tempDir(), "absent") })
    assert.deepStrictEqual(p.lines("order.log"), ["user"])
    assert.deepStrictEqual(result.effects, [])
  })

  it.effect(
    "given a managed-settings.d that cannot be listed, when settings load, then it is an unreadable managed entry naming the folder (fail closed)",
    () =>
      Effect.gen(function* () {
        // As root a real permission error cannot be produced: the failure is injected through a FileSystem test layer.
        const denied = PlatformError.systemError({
          _tag: "PermissionDenied",
          module: "FileSystem",
          method: "readDirectory",
          pathOrDescriptor: "/m/managed-settings.d"
        })
        const files = yield* managedSettingsFiles({ dialect: "wave", managedSettingsDir: "/m" }).pipe(
          Effect.provide(FileSystem.layerNoop({ readDirectory: () => Effect.fail(denied) }))
        )
        assert.deepStrictEqual(
          files.map((f) => [f.file, f.scope, f.readable]),
          [["/m/managed-settings.d", "managed", false]]
        )
        assert.strictEqual(
          files[0]!.diagnostics[0]!.problem,
          "the managed settings folder could not be listed (permission denied)"
        )
      })
  )

  it("given an unreadable managed file, when `run` loads the settings, then it reports a settings error (exit 1) rather than ignore the policy", async () => {
    const p = makeProject()
    const dir = managedDir({ "managed-settings.json": "{ not json" })
    p.writeSettings("user", settings({ Stop: [group([hook(logLine("user"))])] }))
    ensureCliBuilt()
    const r = await runCli(["run", "Stop", "--project-dir", p.dir], {
      env: { ...p.env, WAVE_HOOKS_MANAGED_SETTINGS_DIR: dir }
    })
    assert.strictEqual(r.status, 1, r.stdout)
    assert.match(r.stderr, /managed-settings\.json: \$: not valid JSON/)
    assert.deepStrictEqual(p.lines("order.log"), ["user"])
  }, 180_000)

  it("given an unreadable managed file, when `run` gets a PreToolUse, then the tool call is denied (exit 2) even though the user's hook allows it", async () => {
    const p = makeProject()
    const dir = managedDir({ "managed-settings.json": `{"allowManagedHooksOnly": true, "hooks": {},}` })
    const allow = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`
    p.writeSettings("user", settings({ PreToolUse: [group([hook(allow)])] }))
    ensureCliBuilt()
    const r = await runCli(["run", "PreToolUse", "--project-dir", p.dir, "--json", "--payload", "-"], {
      env: { ...p.env, WAVE_HOOKS_MANAGED_SETTINGS_DIR: dir },
      input: JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } })
    })
    assert.strictEqual(r.status, 2, r.stdout + r.stderr)
    const effects = (JSON.parse(r.stdout) as { effects: ReadonlyArray<{ _tag: string; reason?: string }> }).effects
    assert.deepStrictEqual(
      effects.filter((e) => e._tag === "BlockTool" || e._tag === "AllowTool").map((e) => e._tag),
      ["BlockTool"]
    )
    assert.include(effects.find((e) => e._tag === "BlockTool")!.reason, `${dir}/managed-settings.json`)
  }, 180_000)
})
