/**
 * Fail closed (issue 11): a project cannot stop `run` before the user's hooks
 * run. A settings file that is a directory, a symbolic link to /dev/zero, a
 * FIFO or over the size cap (1 MiB by default) is refused without being read
 * (a FIFO is never opened), reported as a settings diagnostic naming the file
 * and the fix, and every other file's hooks still run, promptly. The same
 * holds for the trust store, and for the CLI as a process.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { Effect } from "effect"
import { NodeServices } from "@effect/platform-node"
import * as SyncReadFileSystem from "../../src/runner/sync-read-file-system.ts"
import type { SettingsScope } from "../../src/settings/settings-schema.ts"
import { loadSettings } from "../../src/runner/settings-files.ts"
import { readTrustStore, trustStorePath } from "../../src/runner/trust-store.ts"
import { runHooksPromise } from "../../src/runner/session.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import {
  canned,
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

type Bad = "directory" | "link to /dev/zero" | "FIFO" | "2 MiB file"

/** Put a bad file of a kind at `path`; what the diagnostic says about it. */
const makeBad = (kind: Bad, path: string): string => {
  mkdirSync(dirname(path), { recursive: true })
  switch (kind) {
    case "directory":
      mkdirSync(path)
      return "is a directory, not a regular file"
    case "link to /dev/zero":
      symlinkSync("/dev/zero", path)
      return "is a character device (such as /dev/zero), not a regular file"
    case "FIFO":
      execFileSync("mkfifo", [path])
      return "is a FIFO (named pipe), not a regular file"
    case "2 MiB file":
      writeFileSync(path, `{"hooks": {}, "padding": "${"x".repeat(2 * 1024 * 1024)}"}`)
      return "over the 1 MiB limit for a settings file"
  }
}

const kinds: ReadonlyArray<Bad> = ["directory", "link to /dev/zero", "FIFO", "2 MiB file"]

const project = () => {
  const hooks = canned()
  const p = makeProject({ hookProcess: hooks.layer })
  const ran = () => hooks.commands().map((command) => /^echo '([^']*)'/.exec(command)?.[1] ?? command)
  return Object.assign(p, { hooks, ran })
}

describe("a settings file that is not a small regular file", () => {
  for (const kind of kinds) {
    for (const scope of ["project", "local"] as ReadonlyArray<Exclude<SettingsScope, "user">>) {
      it(`a ${scope} file that is a ${kind}: reported with the file and the fix; the user's hooks run`, async () => {
        const p = project()
        p.writeSettings("user", settings({ Stop: [group([hook(logLine("user-guard"))])] }))
        const file = p.settingsPath(scope)
        const said = makeBad(kind, file)
        const started = Date.now()
        const result = await runHooksPromise({
          event: "Stop",
          payload: {},
          projectDir: p.dir,
          homeDir: p.home,
          env: p.env,
          hookProcess: p.hooks.layer
        })
        assert.isBelow(Date.now() - started, 5_000, "promptly")
        assert.deepStrictEqual(p.ran(), ["user-guard"])
        const diagnostic = effectsOf(result.effects, "Diagnostic").find((d) => d.code === "skipped-entry")
        assert.isDefined(diagnostic)
        assert.include(diagnostic!.message, file)
        assert.include(diagnostic!.message, said)
        assert.match(diagnostic!.message, /; (replace it with a regular JSON settings file|shrink it)/)
        const warning = effectsOf(result.effects, "ShowUser").find(
          (e) => e.level === "warning" && e.text.includes(file)
        )
        assert.isDefined(warning, "the user is told")
        assert.include(warning!.text, "Fix:")
      }, 20_000)
    }
  }

  it("the cap is configurable (maxSettingsBytes), and a file at the cap is read", async () => {
    const p = project()
    const text = JSON.stringify(settings({ Stop: [group([hook(logLine("x"))])] }))
    const file = p.writeSettings("project", text)
    const load = (maxSettingsBytes: number) =>
      Effect.runPromise(
        loadSettings({ projectDir: p.dir, homeDir: p.home, dialect: "wave", maxSettingsBytes }).pipe(
          Effect.provide(NodeServices.layer)
        )
      )
    const small = await load(text.length - 1)
    const refused = small.files.find((f) => f.file === file)!
    assert.isFalse(refused.readable)
    assert.include(refused.diagnostics[0]!.problem, `is ${text.length} bytes, over the ${text.length - 1} bytes limit`)
    const exact = await load(text.length)
    assert.isTrue(exact.files.find((f) => f.file === file)!.readable)
  })

  for (const kind of kinds) {
    it(`the run fast path's file system refuses the ${kind} too, without blocking`, async () => {
      const p = project()
      p.writeSettings("user", settings({ Stop: [group([hook(logLine("user-guard"))])] }))
      const file = p.settingsPath("project")
      const said = makeBad(kind, file)
      const snapshot = await Effect.runPromise(
        loadSettings({ projectDir: p.dir, homeDir: p.home, dialect: "wave" }).pipe(
          Effect.provide(SyncReadFileSystem.layer)
        )
      )
      assert.deepStrictEqual(
        snapshot.hooks.map((h) => h.scope),
        ["user"]
      )
      assert.include(snapshot.files.find((f) => f.file === file)!.diagnostics[0]!.problem, said)
    }, 20_000)
  }

  it("the fast path's readFile refuses a FIFO opened directly (no stat first) without blocking", async () => {
    const p = project()
    const fifo = join(p.dir, "fifo")
    execFileSync("mkfifo", [fifo])
    const result = await Effect.runPromise(Effect.result(SyncReadFileSystem.syncReadFileSystem.readFile(fifo)))
    assert.strictEqual(result._tag, "Failure")
  })

  for (const kind of kinds.filter((k) => k !== "2 MiB file")) {
    it(`a trust store that is a ${kind} trusts nothing and says why, without hanging`, async () => {
      const p = project()
      makeBad(kind, trustStorePath(p.home))
      for (const layer of [NodeServices.layer, SyncReadFileSystem.layer]) {
        const read = await Effect.runPromise(readTrustStore(p.home).pipe(Effect.provide(layer)))
        assert.deepStrictEqual(read.store.files, {})
        assert.include(read.problem ?? "", "not a regular file")
      }
    }, 20_000)
  }

  it("a trust store over 16 MiB is not read: it trusts nothing and says why", async () => {
    const p = project()
    const path = trustStorePath(p.home)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, `{"version": 1, "files": {}}${" ".repeat(16 * 1024 * 1024)}`)
    const read = await Effect.runPromise(readTrustStore(p.home).pipe(Effect.provide(NodeServices.layer)))
    assert.include(read.problem ?? "", "over the 16 MiB limit for a trust store")
  })
})

describe("the CLI as a process", () => {
  for (const kind of kinds) {
    it(`run exits (0) promptly with a project settings file that is a ${kind}, after the user's hook ran`, async () => {
      const p = makeProject()
      p.writeSettings("user", settings({ Stop: [group([hook(logLine("user-guard", join(p.root, "user.log")))])] }))
      const file = p.settingsPath("project")
      const said = makeBad(kind, file)
      const result = await runCli(["run", "Stop", "--project-dir", p.dir], {
        env: p.env,
        cwd: p.dir,
        timeoutMs: 15_000
      })
      assert.strictEqual(result.status, 0, result.stderr)
      assert.include(result.stdout, "1 hook ran")
      assert.include(result.stdout, file)
      assert.include(result.stdout, said)
      assert.include(execFileSync("cat", [join(p.root, "user.log")], { encoding: "utf8" }), "user-guard")
    }, 20_000)
  }

  it("run exits promptly when the trust store is a FIFO (the project's hooks do not run)", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("project"))])] }))
    makeBad("FIFO", trustStorePath(p.home))
    const result = await runCli(["run", "Stop", "--project-dir", p.dir], { env: p.env, cwd: p.dir, timeoutMs: 15_000 })
    assert.strictEqual(result.status, 0, result.stderr)
    assert.include(result.stdout, "0 hooks ran")
  }, 20_000)

  it("a user settings file that is a FIFO is a settings error: exit 1 promptly, naming the file", async () => {
    const p = makeProject()
    const file = p.settingsPath("user")
    makeBad("FIFO", file)
    const result = await runCli(["run", "Stop", "--project-dir", p.dir], { env: p.env, cwd: p.dir, timeoutMs: 15_000 })
    assert.strictEqual(result.status, 1)
    assert.include(result.stderr, `${file}: $: is a FIFO (named pipe), not a regular file`)
  }, 20_000)

  it("validate and list finish too, naming the bad file", async () => {
    const p = makeProject()
    const file = p.settingsPath("project")
    makeBad("FIFO", file)
    const validate = await runCli(["validate", "--project-dir", p.dir], { env: p.env, cwd: p.dir, timeoutMs: 15_000 })
    assert.strictEqual(validate.status, 1)
    assert.include(validate.stdout, `${file}: $: is a FIFO (named pipe), not a regular file`)
    const list = await runCli(["list", "--project-dir", p.dir], { env: p.env, cwd: p.dir, timeoutMs: 15_000 })
    assert.strictEqual(list.status, 0, list.stderr)
  }, 30_000)

  it("trust finishes promptly with a FIFO as the local file, says what it is, and trusts nothing until it is fixed (issue 21)", async () => {
    const p = makeProject()
    const project = p.writeSettings("project", settings({ Stop: [] }))
    const local = p.settingsPath("local")
    makeBad("FIFO", local)
    const result = await runCli(["trust", "--project-dir", p.dir, "--yes"], {
      env: p.env,
      cwd: p.dir,
      timeoutMs: 15_000
    })
    assert.strictEqual(result.status, 1, result.stderr)
    assert.include(
      result.stdout,
      "is a FIFO (named pipe), not a regular file; it was not read; none of its hooks can run; replace it with a regular JSON settings file, or remove it"
    )
    assert.include(result.stderr, `${local}: $: is a FIFO (named pipe)`)
    assert.include(result.stderr, "Nothing was trusted")
    assert.isFalse(existsSync(trustStorePath(p.home)), `nothing recorded, not even ${project}`)
  }, 20_000)
})
