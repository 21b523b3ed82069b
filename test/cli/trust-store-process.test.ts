/**
 * The trust store under concurrency and corruption (issue 11): `trust` locks
 * `trusted-projects.json.lock` (O_EXCL, stale-lock detection, a bounded wait
 * with a clear error), writes atomically with fsync, and moves a corrupt store
 * to `trusted-projects.json.corrupt-<time>` before replacing it, saying where.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { Effect } from "effect"
import { NodeServices } from "@effect/platform-node"
import { recordTrust, trustStorePath } from "../../src/runner/trust-store.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import { group, hook, logLine, makeProject, removeTempProjects, settings, tempDir } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const storeOf = (home: string) =>
  JSON.parse(readFileSync(trustStorePath(home), "utf8")) as { files: Record<string, { sha256: string }> }

const record = (home: string, file: string, options?: Parameters<typeof recordTrust>[2]) =>
  Effect.runPromise(
    Effect.result(
      recordTrust(home, [{ file, sha256: "0".repeat(64) }], options).pipe(Effect.provide(NodeServices.layer))
    )
  )

/** The pid of a process that has exited. */
const deadPid = (): number => {
  const child = spawnSync("/bin/sh", ["-c", "echo $$"], { encoding: "utf8" })
  return Number(child.stdout.trim())
}

describe("the trust store", () => {
  it("20 concurrent `trust` processes on 20 projects keep all 20 entries", async () => {
    const home = tempDir("wave-hooks-home-")
    const projects = Array.from({ length: 20 }, () => {
      const p = makeProject()
      p.writeSettings("project", settings({ Stop: [group([hook(logLine("x"))])] }))
      return p
    })
    const env = { ...process.env, HOME: home }
    const results = await Promise.all(
      projects.map((p) => runCli(["trust", "--project-dir", p.dir, "--yes"], { env, cwd: p.dir, timeoutMs: 60_000 }))
    )
    for (const r of results) assert.strictEqual(r.status, 0, r.stderr)
    const store = storeOf(home)
    assert.sameMembers(
      Object.keys(store.files),
      projects.map((p) => p.settingsPath("project"))
    )
    assert.deepStrictEqual(
      readdirSync(dirname(trustStorePath(home))),
      ["trusted-projects.json"],
      "no lock or temporary file left"
    )
  }, 120_000)

  it("a corrupt store is moved to trusted-projects.json.corrupt-<time>, and trust says where", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("x"))])] }))
    mkdirSync(dirname(trustStorePath(p.home)), { recursive: true })
    writeFileSync(trustStorePath(p.home), "{ not json")
    const r = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: p.env, cwd: p.dir })
    assert.strictEqual(r.status, 0, r.stderr)
    const backups = readdirSync(dirname(trustStorePath(p.home))).filter((name) =>
      name.startsWith("trusted-projects.json.corrupt-")
    )
    assert.strictEqual(backups.length, 1)
    const backup = join(dirname(trustStorePath(p.home)), backups[0]!)
    assert.match(backups[0]!, /^trusted-projects\.json\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/)
    assert.strictEqual(readFileSync(backup, "utf8"), "{ not json", "the backup holds the old store")
    assert.include(r.stderr, `moved to ${backup}`)
    assert.include(r.stderr, "not valid JSON")
    assert.hasAllKeys(storeOf(p.home).files, [p.settingsPath("project")])
  })

  it("a store that is a directory is moved aside too (never opened)", async () => {
    const home = tempDir("wave-hooks-home-")
    mkdirSync(trustStorePath(home), { recursive: true })
    const result = await record(home, "/p/.wave/settings.json")
    assert.strictEqual(result._tag, "Success")
    if (result._tag === "Success") assert.match(result.success.backup ?? "", /trusted-projects\.json\.corrupt-/)
    assert.hasAllKeys(storeOf(home).files, ["/p/.wave/settings.json"])
  })

  it("a lock held by a live process makes trust wait, then fail naming the lock file", async () => {
    const home = tempDir("wave-hooks-home-")
    const lock = `${trustStorePath(home)}.lock`
    mkdirSync(dirname(lock), { recursive: true })
    writeFileSync(lock, JSON.stringify({ pid: process.pid, at: Date.now(), token: "held" }))
    const started = Date.now()
    const result = await record(home, "/p/.wave/settings.json", { lockTimeoutMs: 300 })
    assert.isAtLeast(Date.now() - started, 300)
    assert.strictEqual(result._tag, "Failure")
    if (result._tag === "Failure") {
      assert.include(result.failure, `${lock} is held by process ${process.pid}`)
      assert.include(result.failure, `remove ${lock}`)
    }
    assert.isTrue(existsSync(lock), "someone else's lock is left alone")
    assert.isFalse(existsSync(trustStorePath(home)))
  })

  it("the CLI reports a held lock and exits 1", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [] }))
    const lock = `${trustStorePath(p.home)}.lock`
    mkdirSync(dirname(lock), { recursive: true })
    writeFileSync(lock, JSON.stringify({ pid: process.pid, at: Date.now(), token: "held" }))
    const r = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: p.env, cwd: p.dir, timeoutMs: 30_000 })
    assert.strictEqual(r.status, 1)
    assert.include(
      r.stderr,
      `Nothing was trusted: could not lock ${trustStorePath(p.home)}: ${lock} is held by process ${process.pid}`
    )
  }, 40_000)

  it("a stale lock is broken: its process is gone, or it is older than staleLockMs, or it is not a lock at all and old", async () => {
    const home = tempDir("wave-hooks-home-")
    const lock = `${trustStorePath(home)}.lock`
    mkdirSync(dirname(lock), { recursive: true })

    writeFileSync(lock, JSON.stringify({ pid: deadPid(), at: Date.now(), token: "dead" }))
    assert.strictEqual((await record(home, "/a", { lockTimeoutMs: 2_000 }))._tag, "Success")
    assert.isFalse(existsSync(lock))

    writeFileSync(lock, JSON.stringify({ pid: process.pid, at: Date.now() - 60_000, token: "old" }))
    assert.strictEqual((await record(home, "/b", { lockTimeoutMs: 2_000, staleLockMs: 30_000 }))._tag, "Success")

    writeFileSync(lock, "garbage")
    utimesSync(lock, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    assert.strictEqual((await record(home, "/c", { lockTimeoutMs: 2_000 }))._tag, "Success")
    assert.hasAllKeys(storeOf(home).files, ["/a", "/b", "/c"])
    assert.isFalse(existsSync(lock))
  })

  it("the store is written through a temporary file in the same folder (no temporary file left, old content never truncated)", async () => {
    const home = tempDir("wave-hooks-home-")
    await record(home, "/a")
    await record(home, "/b")
    assert.deepStrictEqual(readdirSync(dirname(trustStorePath(home))), ["trusted-projects.json"])
    assert.hasAllKeys(storeOf(home).files, ["/a", "/b"])
  })
})
