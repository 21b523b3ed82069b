/**
 * The async spool (src/runner/async-spool.ts) on real files: a session id
 * names one folder inside the spool whatever it holds, results are written
 * private and whole and delivered once, a folder or entry that is a symbolic
 * link is never followed, only deliverable effects are read back, and the
 * sweep expires what nobody will read.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync
} from "node:fs"
import { basename, join } from "node:path"
import { AllowTool, InjectContext } from "../../src/effects/hook-effect.ts"
import type { SpooledResult } from "../../src/runner/async-spool.ts"
import { asyncSpoolDirOf, sessionFolderOf, spoolResult, sweepSpool, takeResults } from "../../src/runner/async-spool.ts"
import { removeTempProjects, tempDir } from "../helpers/project.ts"

afterAll(removeTempProjects)

const result = (text: string): SpooledResult => ({
  version: 1,
  event: "Stop",
  command: "echo done",
  type: "command",
  file: "/p/.claude/settings.json",
  path: "hooks.Stop[0].hooks[0]",
  exitCode: 0,
  durationMs: 5,
  timedOut: false,
  finishedAt: "2026-11-26T00:00:00.000Z",
  effects: [InjectContext({ text })]
})

const freshSpool = (): string => asyncSpoolDirOf({ XDG_STATE_HOME: tempDir("wave-hooks-spool-") })!

describe("sessionFolderOf", () => {
  it("names a session's folder by the SHA-256 of its id: one path component, never outside the spool, whatever the id holds", () => {
    assert.strictEqual(sessionFolderOf("abc"), "s-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    for (const id of [
      "0b6b0f7e-2c3d-4b0e-9a6f-1f2e3d4c5b6a",
      "../../etc",
      "/etc/passwd",
      "a/b",
      "..",
      ".",
      "",
      "a\0b",
      "x".repeat(1000),
      "ok\n"
    ]) {
      const folder = sessionFolderOf(id)
      assert.match(folder, /^s-[0-9a-f]{64}$/, JSON.stringify(id))
      assert.strictEqual(basename(join("/spool", folder)), folder)
    }
  })

  it("never gives two ids one folder, not even ids that differ only by case (a case-insensitive file system)", () => {
    const ids = ["abc", "ABC", "Abc", "s-abc", "abc ", "abc/", ""]
    assert.strictEqual(new Set(ids.map((id) => sessionFolderOf(id).toLowerCase())).size, ids.length)
  })
})

describe("spoolResult and takeResults", () => {
  it("writes a result private (folders 0700, file 0600) and whole, delivers it once, then removes the session's folder", () => {
    const spool = freshSpool()
    Effect.runSync(spoolResult(spool, "sess-1", result("tests passed")))
    const folder = join(spool, sessionFolderOf("sess-1"))
    const names = readdirSync(folder)
    assert.strictEqual(names.length, 1)
    assert.match(names[0]!, /^\d{15}-[0-9a-f]{16}\.json$/, "no temp file is left")
    assert.strictEqual(lstatSync(spool).mode & 0o777, 0o700)
    assert.strictEqual(lstatSync(join(spool, "..")).mode & 0o777, 0o700)
    assert.strictEqual(lstatSync(folder).mode & 0o777, 0o700)
    assert.strictEqual(lstatSync(join(folder, names[0]!)).mode & 0o777, 0o600)

    assert.deepStrictEqual(
      Effect.runSync(takeResults(spool, "sess-2")),
      { results: [], problems: [] },
      "another session gets nothing"
    )
    const taken = Effect.runSync(takeResults(spool, "sess-1"))
    assert.deepStrictEqual(
      taken.results.map((r) => r.effects),
      [[InjectContext({ text: "tests passed" })]]
    )
    assert.deepStrictEqual(taken.problems, [])
    assert.isFalse(existsSync(folder))
    assert.deepStrictEqual(Effect.runSync(takeResults(spool, "sess-1")).results, [])
  })

  it("given a spool folder of another mode, then it is made private again", () => {
    const spool = freshSpool()
    Effect.runSync(spoolResult(spool, "sess-1", result("a")))
    const folder = join(spool, sessionFolderOf("sess-1"))
    chmodSync(folder, 0o755)
    Effect.runSync(spoolResult(spool, "sess-1", result("b")))
    assert.strictEqual(lstatSync(folder).mode & 0o777, 0o700)
  })

  it("given a session folder that is a symbolic link, then nothing is read or written through it, and the run is told", () => {
    const spool = freshSpool()
    const elsewhere = tempDir("wave-hooks-spool-elsewhere-")
    writeFileSync(join(elsewhere, "000000000000001-0123456789abcdef.json"), JSON.stringify(result("planted")))
    Effect.runSync(spoolResult(spool, "other", result("x")))
    symlinkSync(elsewhere, join(spool, sessionFolderOf("sess-link")))
    const taken = Effect.runSync(takeResults(spool, "sess-link"))
    assert.deepStrictEqual(taken.results, [])
    assert.match(taken.problems[0] ?? "", /is a symbolic link, and the spool never follows one/)
    assert.deepStrictEqual(readdirSync(elsewhere), ["000000000000001-0123456789abcdef.json"])
    const written = Effect.runSync(Effect.result(spoolResult(spool, "sess-link", result("y"))))
    assert.strictEqual(written._tag, "Failure")
    assert.deepStrictEqual(readdirSync(elsewhere), ["000000000000001-0123456789abcdef.json"])
  })

  it("given a result entry that is a symbolic link, then its target is not read, and the entry is removed", () => {
    const spool = freshSpool()
    Effect.runSync(spoolResult(spool, "sess-1", result("real")))
    const folder = join(spool, sessionFolderOf("sess-1"))
    const secret = join(tempDir("wave-hooks-spool-secret-"), "secret.json")
    writeFileSync(secret, JSON.stringify(result("secret")))
    symlinkSync(secret, join(folder, "000000000000001-0123456789abcdef.json"))
    const taken = Effect.runSync(takeResults(spool, "sess-1"))
    assert.deepStrictEqual(
      taken.results.flatMap((r) => r.effects),
      [InjectContext({ text: "real" })]
    )
    assert.match(
      taken.problems.join("\n"),
      /000000000000001-0123456789abcdef\.json was not read: it is a symbolic link/
    )
    assert.isFalse(existsSync(folder))
    assert.strictEqual(JSON.parse(readFileSync(secret, "utf8")).effects[0].text, "secret")
  })

  it("given an entry carrying a decision, then only its deliverable effects are read back, and the rest is named", () => {
    const spool = freshSpool()
    Effect.runSync(
      spoolResult(spool, "sess-1", { ...result("ctx"), effects: [AllowTool(), InjectContext({ text: "ctx" })] })
    )
    const taken = Effect.runSync(takeResults(spool, "sess-1"))
    assert.deepStrictEqual(
      taken.results.flatMap((r) => r.effects),
      [InjectContext({ text: "ctx" })]
    )
    assert.match(taken.problems[0] ?? "", /carried AllowTool, which a background hook cannot deliver: dropped/)
  })
})

describe("sweepSpool", () => {
  it("expires session folders untouched for a day and leftovers (temp files, jobs) older than an hour, and keeps the rest", () => {
    const spool = freshSpool()
    Effect.runSync(spoolResult(spool, "old", result("old")))
    Effect.runSync(spoolResult(spool, "fresh", result("fresh")))
    const old = join(spool, sessionFolderOf("old"))
    const jobs = join(spool, "jobs")
    mkdirSync(jobs, { mode: 0o700 })
    writeFileSync(join(jobs, "0123456789abcdef.json"), "{}")
    writeFileSync(join(jobs, "fedcba9876543210.json"), "{}")
    const fresh = join(spool, sessionFolderOf("fresh"))
    writeFileSync(join(fresh, ".tmp-1-0123456789abcdef"), "partial")
    const now = Date.now()
    const twoDaysAgo = new Date(now - 2 * 24 * 3600 * 1000)
    const twoHoursAgo = new Date(now - 2 * 3600 * 1000)
    for (const name of readdirSync(old)) utimesSync(join(old, name), twoDaysAgo, twoDaysAgo)
    utimesSync(old, twoDaysAgo, twoDaysAgo)
    utimesSync(join(jobs, "0123456789abcdef.json"), twoHoursAgo, twoHoursAgo)
    utimesSync(join(fresh, ".tmp-1-0123456789abcdef"), twoHoursAgo, twoHoursAgo)
    Effect.runSync(sweepSpool(spool, now))
    assert.isFalse(existsSync(old))
    assert.deepStrictEqual(
      readdirSync(jobs),
      ["fedcba9876543210.json"],
      "a job younger than an hour may still be picked up"
    )
    assert.strictEqual(readdirSync(fresh).filter((n) => n.endsWith(".json")).length, 1)
    assert.isFalse(existsSync(join(fresh, ".tmp-1-0123456789abcdef")))
  })
})
