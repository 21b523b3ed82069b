/**
 * The unreadable-settings rule (ARCHITECTURE section 7.3), given/when/then:
 * while a user or managed settings file (or one the user trusted) cannot be
 * read, PreToolUse and PermissionRequest are denied with a reason naming the
 * file and the fix, every other event tells the user and the hook author, and
 * the other files' hooks still run. An untrusted project's broken file only
 * warns. A `HookSession` that read its own settings recovers once the file is
 * fixed; one given a snapshot keeps it. Real hook processes in temp projects
 * (a temp HOME and managed folder: the real settings are never read).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { HookEvent } from "../../src/index.ts"
import type { JsonRecord } from "../../src/core/payload.ts"
import type { ValidatedSettings } from "../../src/settings/settings-schema.ts"
import {
  mustBeReadable,
  toolGatingEvents,
  unreadableSettingsEffects,
  unreadableSettingsOf
} from "../../src/settings/unreadable-settings.ts"
import { resolveEffects } from "../../src/interpreters/resolution.ts"
import { HookSession, runHooksPromise } from "../../src/runner/session.ts"
import type { TempProject } from "../helpers/project.ts"
import {
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  logLine,
  makeProject,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

afterAll(removeTempProjects)

const bash: JsonRecord = { tool_name: "Bash", tool_input: { command: "rm -rf build" } }

/** A hook that allows the call on PreToolUse and PermissionRequest, and logs that it ran. */
const allowing = settings({
  PreToolUse: [
    group([
      hook(
        `${logLine("allow")}; printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`
      )
    ])
  ],
  PermissionRequest: [
    group([
      hook(
        `${logLine("allow")}; printf '%s' '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'`
      )
    ])
  ],
  Stop: [group([hook(logLine("stop"))])]
})

/** A managed folder for a project (inside its temp root). */
const managedDirOf = (p: TempProject): string => {
  const dir = join(p.root, "managed")
  mkdirSync(dir, { recursive: true })
  return dir
}

/** Run an event for `p` with its managed folder. */
const run = (p: TempProject, event: HookEvent, payload: JsonRecord = bash) =>
  p.run(event, payload, { managedSettingsDir: managedDirOf(p) })

const syntaxFix = "fix the JSON syntax"

describe("the rule as a function", () => {
  const broken: ValidatedSettings = {
    file: "/home/me/.wave/settings.json",
    scope: "user",
    readable: false,
    hooks: [],
    disableAllHooks: undefined,
    diagnostics: [
      {
        severity: "error",
        file: "/home/me/.wave/settings.json",
        path: "$",
        problem: "not valid JSON (at line 3, column 1)",
        fix: "fix the JSON syntax"
      }
    ]
  }

  it("given no unreadable file, when an event's effects are made, then there are none", () => {
    assert.deepStrictEqual(unreadableSettingsEffects([], "PreToolUse"), [])
  })

  it("given an unreadable user file, when a tool-gating event's effects are made, then a Diagnostic, a ShowUser error and a BlockTool name the file, the problem and the fix", () => {
    for (const event of toolGatingEvents) {
      const effects = unreadableSettingsEffects([broken], event).map((t) => t.effect)
      assert.deepStrictEqual(
        effects.map((e) => e._tag),
        ["Diagnostic", "ShowUser", "BlockTool"],
        event
      )
      for (const effect of effects) {
        const text =
          effect._tag === "Diagnostic"
            ? effect.message
            : effect._tag === "ShowUser"
              ? effect.text
              : effect._tag === "BlockTool"
                ? effect.reason
                : ""
        assert.include(text, broken.file, `${event} ${effect._tag}`)
        assert.include(text, "line 3, column 1", `${event} ${effect._tag}`)
        assert.include(text, "fix the JSON syntax", `${event} ${effect._tag}`)
      }
    }
  })

  it("given an unreadable user file, when a Stop's effects are made, then no BlockTool: a Diagnostic and a ShowUser error saying tool calls are denied", () => {
    const effects = unreadableSettingsEffects([broken], "Stop").map((t) => t.effect)
    assert.deepStrictEqual(
      effects.map((e) => e._tag),
      ["Diagnostic", "ShowUser"]
    )
    assert.include(effectsOf(effects, "ShowUser")[0]!.text, "tool calls are denied until it is fixed")
  })

  it("given files of each scope, when selected, then user, managed and trusted files must be readable, an untrusted or undecided project file need not", () => {
    const of = (scope: ValidatedSettings["scope"], trust?: ValidatedSettings["trust"]): ValidatedSettings => ({
      ...broken,
      scope,
      ...(trust === undefined ? {} : { trust })
    })
    assert.deepStrictEqual(
      [
        of("user"),
        of("managed"),
        of("project", "trusted"),
        of("local", "trusted"),
        of("project", "untrusted"),
        of("local", "changed"),
        of("project")
      ].map((f) => mustBeReadable(f)),
      [true, true, true, true, false, false, false]
    )
    assert.deepStrictEqual(
      unreadableSettingsOf({ files: [of("user"), of("project", "untrusted"), { ...broken, readable: true }] }).map(
        (f) => f.scope
      ),
      ["user"]
    )
  })
})

describe("runHooks with an unreadable user or managed file", () => {
  for (const event of ["PreToolUse", "PermissionRequest"] as const) {
    it(`given a user file with a trailing comma and a trusted project hook that allows, when ${event} runs, then the call is denied with a reason naming the file and the fix, and the project's hook still ran`, async () => {
      const p = makeProject()
      const file = p.writeSettings("user", `{"hooks": {"${event}": [],}}`)
      p.writeSettings("project", allowing)
      const result = await run(p, event)
      const resolution = resolveEffects(result.effects)
      assert.strictEqual(resolution.permission, "deny")
      assert.include(resolution.denyReason, file)
      assert.include(resolution.denyReason, syntaxFix)
      assert.deepStrictEqual(effectsOf(result.effects, "AllowTool"), [], "the allow is absorbed")
      assert.include(diagnosticCodes(result.effects), "unreadable-settings")
      assert.deepStrictEqual(p.lines("order.log"), ["allow"], "the other file's hook ran")
    })
  }

  it("given a managed file that is a directory and a user hook that allows, when PreToolUse runs, then it is denied naming the managed file and the fix", async () => {
    const p = makeProject()
    p.writeSettings("user", allowing)
    const file = join(managedDirOf(p), "managed-settings.json")
    mkdirSync(file)
    const result = await run(p, "PreToolUse")
    const reason = effectsOf(result.effects, "BlockTool")
      .map((b) => b.reason)
      .join("\n")
    assert.include(reason, file)
    assert.include(reason, "replace it with a regular JSON settings file")
    assert.include(reason, "the managed settings file")
  })

  it("given a broken managed drop-in, when Stop runs, then the user gets a ShowUser error and the hook author a Diagnostic unreadable-settings naming it, nothing blocks, and the other files' Stop hooks run", async () => {
    const p = makeProject()
    p.writeSettings("user", allowing)
    const dir = managedDirOf(p)
    mkdirSync(join(dir, "managed-settings.d"))
    const file = join(dir, "managed-settings.d", "10-policy.json")
    writeFileSync(file, `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}`)
    const result = await run(p, "Stop", {})
    const errors = effectsOf(result.effects, "ShowUser").filter((s) => s.level === "error")
    assert.strictEqual(errors.length, 1, JSON.stringify(result.effects))
    assert.include(errors[0]!.text, file)
    assert.include(errors[0]!.text, syntaxFix)
    const diagnostics = effectsOf(result.effects, "Diagnostic").filter((d) => d.code === "unreadable-settings")
    assert.strictEqual(diagnostics.length, 1)
    assert.include(diagnostics[0]!.message, file)
    assert.deepStrictEqual(
      result.effects.filter((e) => e._tag === "BlockTool" || e._tag === "BlockStop"),
      []
    )
    assert.deepStrictEqual(p.lines("order.log"), ["stop"], "the user's Stop hook ran")
  })

  it("given a user file that is a JSON array, when PreToolUse runs, then the file is said once, as unreadable-settings, not also as a skipped entry", async () => {
    const p = makeProject()
    const file = p.writeSettings("user", "[]")
    const result = await run(p, "PreToolUse")
    const naming = effectsOf(result.effects, "Diagnostic").filter((d) => d.message.includes(file))
    assert.deepStrictEqual(
      naming.map((d) => d.code),
      ["unreadable-settings"]
    )
    assert.include(naming[0]!.message, "expected a JSON object, found an array")
    assert.include(naming[0]!.message, "write the settings as an object")
  })

  it("given a project file the user trusted as it is, broken, when PreToolUse runs, then it is denied like a user file", async () => {
    const p = makeProject()
    p.writeSettings("user", allowing)
    const file = p.writeSettings("project", `{"hooks": {"PreToolUse": [],}}`)
    const result = await run(p, "PreToolUse") // p.run trusts the project first
    assert.include(
      effectsOf(result.effects, "BlockTool")
        .map((b) => b.reason)
        .join("\n"),
      file
    )
    assert.include(
      effectsOf(result.effects, "BlockTool")
        .map((b) => b.reason)
        .join("\n"),
      "the trusted settings file"
    )
  })
})

describe("an untrusted project's unreadable file", () => {
  it("given an untrusted project file that is not JSON and a user hook that allows, when PreToolUse runs, then nothing blocks: the call is allowed and a warning names the file", async () => {
    const p = makeProject()
    p.writeSettings("user", allowing)
    const file = p.writeSettings("project", "{ this is not json")
    // Not p.run, which trusts the project first.
    const result = await runHooksPromise({
      event: "PreToolUse",
      payload: bash,
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      managedSettingsDir: managedDirOf(p)
    })
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [])
    assert.strictEqual(resolveEffects(result.effects).permission, "allow")
    assert.notInclude(diagnosticCodes(result.effects), "unreadable-settings")
    const said = [
      ...effectsOf(result.effects, "Diagnostic").map((d) => d.message),
      ...effectsOf(result.effects, "ShowUser").map((s) => s.text)
    ]
    assert.isTrue(
      said.some((text) => text.includes(file)),
      JSON.stringify(result.effects)
    )
    assert.deepStrictEqual(p.lines("order.log"), ["allow"])
  })
})

describe("HookSession and unreadable settings", () => {
  /** A session over `p` (not trusted: the project has no file), with its managed folder. */
  const start = (p: TempProject) =>
    HookSession.startPromise({ projectDir: p.dir, homeDir: p.home, env: p.env, managedSettingsDir: managedDirOf(p) })

  it("given a session started while the user's file is broken, when the file is fixed, then the same session's next PreToolUse is allowed (it read its settings again)", async () => {
    const p = makeProject()
    const file = p.writeSettings(
      "user",
      `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "true"}]},]}}`
    )
    writeFileSync(join(managedDirOf(p), "managed-settings.json"), JSON.stringify(allowing))
    const session = await start(p)
    try {
      const before = resolveEffects((await session.firePromise("PreToolUse", bash)).effects)
      assert.strictEqual(before.permission, "deny")
      assert.include(before.denyReason, file)
      assert.strictEqual(
        resolveEffects((await session.firePromise("PreToolUse", bash)).effects).permission,
        "deny",
        "still denied while broken"
      )
      p.writeSettings("user", settings({ PreToolUse: [group([hook("true")])] }))
      const after = await session.firePromise("PreToolUse", bash)
      assert.strictEqual(resolveEffects(after.effects).permission, "allow")
      assert.notInclude(diagnosticCodes(after.effects), "unreadable-settings")
      assert.deepStrictEqual(unreadableSettingsOf(session.settings), [], "the session's snapshot is the fixed one")
    } finally {
      await session.closePromise()
    }
  })

  it("given a session whose settings were fine when it started, when the user's file breaks, then the session keeps the settings it read (its guards still run)", async () => {
    const p = makeProject()
    p.writeSettings(
      "user",
      settings({ PreToolUse: [group([hook("echo 'guard: no rm -rf' >&2; exit 2")], { matcher: "Bash" })] })
    )
    const session = await start(p)
    try {
      p.writeSettings("user", "{ broken")
      const result = await session.firePromise("PreToolUse", bash)
      assert.strictEqual(resolveEffects(result.effects).denyReason, "guard: no rm -rf")
      assert.notInclude(diagnosticCodes(result.effects), "unreadable-settings")
    } finally {
      await session.closePromise()
    }
  })

  it("given a session started with a settings snapshot taken while the file was broken, when the file is fixed, then the session does not read it again: still denied", async () => {
    const p = makeProject()
    const file = p.writeSettings("user", "{ broken")
    writeFileSync(join(managedDirOf(p), "managed-settings.json"), JSON.stringify(allowing))
    const snapshot = (await start(p)).settings
    const session = await HookSession.startPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      managedSettingsDir: managedDirOf(p),
      settings: snapshot
    })
    try {
      p.writeSettings("user", settings({}))
      const result = await session.firePromise("PreToolUse", bash)
      assert.include(resolveEffects(result.effects).denyReason, file)
      assert.strictEqual(session.settings, snapshot, "the caller's snapshot is kept")
    } finally {
      await session.closePromise()
    }
  })
})

describe("a guard entry that cannot be read, in a file that must be readable", () => {
  const deniedBy = (effects: ReadonlyArray<import("../../src/index.ts").HookEffect>): string =>
    effectsOf(effects, "BlockTool")
      .map((b) => b.reason)
      .join("\n")

  it("given a user file whose PreToolUse is an object, not an array, and a managed hook that allows, when PreToolUse runs, then it is denied naming the file, the JSON path and the fix", async () => {
    const p = makeProject()
    writeFileSync(join(managedDirOf(p), "managed-settings.json"), JSON.stringify(allowing))
    const file = p.writeSettings(
      "user",
      `{"hooks": {"PreToolUse": {"matcher": "Bash", "hooks": [{"type": "command", "command": "exit 2"}]}}}`
    )
    const result = await run(p, "PreToolUse")
    assert.strictEqual(resolveEffects(result.effects).permission, "deny")
    const reason = deniedBy(result.effects)
    assert.include(reason, file)
    assert.include(reason, "$.hooks.PreToolUse")
    assert.include(reason, "matcher groups")
    assert.include(diagnosticCodes(result.effects), "skipped-entry", "the entry is also reported as skipped")
  })

  it("given a user guard under a misspelt event name (PreTooluse), when PreToolUse runs, then it is denied: the guard would have run on it", async () => {
    const p = makeProject()
    const file = p.writeSettings("user", settings({ PreTooluse: [group([hook("exit 2")])] }))
    const result = await run(p, "PreToolUse")
    assert.include(deniedBy(result.effects), file)
    assert.include(deniedBy(result.effects), 'did you mean "PreToolUse"')
  })

  it("given a managed PermissionRequest hook with an unknown type, when PermissionRequest or PreToolUse runs, then both are denied (a tool guard could not be read)", async () => {
    const p = makeProject()
    const dir = managedDirOf(p)
    writeFileSync(
      join(dir, "managed-settings.json"),
      JSON.stringify(settings({ PermissionRequest: [group([{ type: "comand", command: "exit 2" }])] }))
    )
    p.writeSettings("user", allowing)
    const permission = await run(p, "PermissionRequest")
    assert.include(deniedBy(permission.effects), join(dir, "managed-settings.json"))
    const pre = await run(p, "PreToolUse")
    assert.include(deniedBy(pre.effects), "a PermissionRequest hook")
  })

  it("given a broken Stop entry in the user file, when PreToolUse runs, then nothing is denied (only tool guard entries deny)", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ ...(allowing["hooks"] as object), Stop: [group([hook("")])] }))
    const result = await run(p, "PreToolUse")
    assert.strictEqual(resolveEffects(result.effects).permission, "allow", JSON.stringify(result.effects))
  })

  it("given an untrusted project's broken PreToolUse entry, when PreToolUse runs, then nothing is denied", async () => {
    const p = makeProject()
    p.writeSettings("user", allowing)
    p.writeSettings("project", settings({ PreToolUse: [group([hook("")])] }))
    const result = await runHooksPromise({
      event: "PreToolUse",
      payload: bash,
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      managedSettingsDir: managedDirOf(p)
    })
    assert.strictEqual(resolveEffects(result.effects).permission, "allow", JSON.stringify(result.effects))
  })

  it("given a user group whose parallel is not a boolean, when PreToolUse runs, then its hooks run one after the other and nothing is denied (a warning)", async () => {
    const p = makeProject()
    p.writeSettings(
      "user",
      settings({ PreToolUse: [group([hook(logLine("a")), hook(logLine("b"))], { parallel: "yes" })] })
    )
    const result = await run(p, "PreToolUse")
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [])
    assert.deepStrictEqual(p.lines("order.log"), ["a", "b"])
  })

  it("given a session started with a broken user PreToolUse entry, when the entry is fixed, then the same session's next call is allowed", async () => {
    const p = makeProject()
    writeFileSync(join(managedDirOf(p), "managed-settings.json"), JSON.stringify(allowing))
    p.writeSettings("user", settings({ PreToolUse: [group([hook("true", { timeout: -1 })])] }))
    const session = await HookSession.startPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      managedSettingsDir: managedDirOf(p)
    })
    try {
      assert.strictEqual(resolveEffects((await session.firePromise("PreToolUse", bash)).effects).permission, "deny")
      p.writeSettings("user", settings({ PreToolUse: [group([hook("true", { timeout: 5 })])] }))
      assert.strictEqual(resolveEffects((await session.firePromise("PreToolUse", bash)).effects).permission, "allow")
    } finally {
      await session.closePromise()
    }
  })
})

describe("a plugin's hooks file that cannot be read", () => {
  const pluginWith = (p: TempProject, name: string, hooksText: string): string => {
    const root = join(p.root, "plugins", name)
    mkdirSync(join(root, "hooks"), { recursive: true })
    writeFileSync(join(root, "hooks", "hooks.json"), hooksText)
    return root
  }

  it("given a --plugin-dir plugin whose hooks.json does not parse and a user hook that allows, when PreToolUse runs, then it is denied naming the plugin's file", async () => {
    const p = makeProject()
    p.writeSettings("user", allowing)
    const root = pluginWith(p, "guard", `{"hooks": {"PreToolUse": [],}}`)
    const result = await p.run("PreToolUse", bash, { managedSettingsDir: managedDirOf(p), pluginDirs: [root] })
    assert.strictEqual(resolveEffects(result.effects).permission, "deny")
    assert.include(
      effectsOf(result.effects, "BlockTool")
        .map((b) => b.reason)
        .join("\n"),
      join(root, "hooks", "hooks.json")
    )
  })

  it("given a plugin the user's settings name whose folder does not exist, when PreToolUse runs, then it is denied naming the folder", async () => {
    const p = makeProject()
    const missing = join(p.root, "plugins", "gone")
    p.writeSettings("user", { ...allowing, plugins: [missing] })
    const result = await p.run("PreToolUse", bash, { managedSettingsDir: managedDirOf(p) })
    assert.strictEqual(resolveEffects(result.effects).permission, "deny")
    assert.include(
      effectsOf(result.effects, "BlockTool")
        .map((b) => b.reason)
        .join("\n"),
      missing
    )
  })

  it("given a trusted project's plugin whose hooks.json stops parsing after trust, when PreToolUse runs, then the user's allowing hook decides (a changed project file only warns)", async () => {
    const p = makeProject()
    p.writeSettings("user", allowing)
    const root = pluginWith(p, "lint", JSON.stringify(settings({ Stop: [group([hook("true")])] })))
    p.writeSettings("project", { plugins: [root] })
    await p.trust()
    writeFileSync(join(root, "hooks", "hooks.json"), `{"hooks": {"PreToolUse": [],}}`)
    const result = await runHooksPromise({
      event: "PreToolUse",
      payload: bash,
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      managedSettingsDir: managedDirOf(p)
    })
    assert.strictEqual(resolveEffects(result.effects).permission, "allow", JSON.stringify(result.effects))
  })

  it("given a project's plugin trusted as it is while its hooks.json does not parse, when PreToolUse runs, then it is denied like any file the user trusted", async () => {
    const p = makeProject()
    p.writeSettings("user", allowing)
    const root = pluginWith(p, "lint", `{"hooks": {"PreToolUse": [],}}`)
    p.writeSettings("project", { plugins: [root] })
    const result = await p.run("PreToolUse", bash, { managedSettingsDir: managedDirOf(p) })
    assert.strictEqual(resolveEffects(result.effects).permission, "deny")
  })
})
