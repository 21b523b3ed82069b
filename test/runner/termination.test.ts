/**
 * How the runner ends a hook's process group (real processes). Group probes
 * are `kill(-pgid, 0)`, which counts zombies, so the run never waits on them:
 * it settles on the shell's exit and its pipes closing, and what is left of
 * the group is terminated in the background, or SIGKILLed when the Node
 * process exits first. Each check of what is left reads `/proc`
 * (`process-groups.ts`), which tells zombies from live processes.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import type { HookRun } from "../../src/core/hook-run.ts"
import { groupExists, runHookProcess } from "../../src/runner/node-hook-process.ts"
import type { HookProcessOptions } from "../../src/runner/hook-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"
import { eventually } from "../helpers/eventually.ts"
import { liveGroupMembers, liveWithin, signalGroup } from "./process-groups.ts"

const startedGroups: Array<number> = []

afterAll(() => {
  // Never leave a hook's group behind, even when a test failed (by pgid, never by name).
  for (const pgid of startedGroups) if (liveGroupMembers(pgid).length > 0) signalGroup(pgid, "SIGKILL")
  removeTempProjects()
})

const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin" }
/**
 * A background child of the hook that ignores SIGTERM, with its output away
 * from the hook's pipes; the hook goes on once the child's trap is set.
 */
const TERM_IGNORING_LEFTOVER =
  "(trap '' TERM; touch ready; exec sleep 60) >/dev/null 2>&1 & while [ ! -e ready ]; do sleep 0.01; done;"

const runIn = (p: TempProject, command: string, options: Partial<HookProcessOptions> = {}): Promise<HookRun> =>
  Effect.runPromise(
    runHookProcess({
      command: `echo $$ > pgid.txt; ${command}`,
      cwd: p.dir,
      env,
      input: "{}",
      timeoutMs: 10_000,
      ...options
    })
  )

const readPgid = (p: TempProject): number => {
  const pgid = Number(p.read("pgid.txt").trim())
  assert.isAbove(pgid, 1, "the hook recorded its pgid")
  startedGroups.push(pgid)
  return pgid
}

describe("group probes", () => {
  it("groupExists: true while a group has a member, false once it is gone (ESRCH)", async () => {
    const p = makeProject()
    // The hook holds its group until the test lets it go: no sleep to race.
    const pending = runIn(p, "while [ ! -e go ]; do sleep 0.01; done")
    await eventually(
      () => existsSync(join(p.dir, "pgid.txt")) && p.read("pgid.txt").trim() !== "",
      "the hook to record its pgid",
      20_000
    )
    const pgid = readPgid(p)
    assert.isTrue(groupExists(pgid))
    p.writeFile("go", "")
    await pending
    // The shell leads the group and was reaped by Node; `sleep` was its child, reaped by it.
    assert.isFalse(groupExists(pgid))
  })
})

describe("timeout", () => {
  it("a group that dies on SIGTERM settles right away, not after the kill grace (an orphaned zombie does not hold the run)", async () => {
    const p = makeProject()
    const started = performance.now()
    // `sleep` is a child of the hook's shell: killed together, it becomes an orphaned zombie that PID 1 reaps when it will.
    // A grace far longer than any loaded machine's delay tells "settled at once" from "waited for the grace".
    const run = await runIn(p, "sleep 60", { timeoutMs: 500, killGraceMs: 30_000 })
    const elapsed = performance.now() - started
    assert.isTrue(run.timedOut)
    assert.strictEqual(run.exitCode, null)
    assert.isAtLeast(elapsed, 450)
    assert.isBelow(elapsed, 15_000, `settled after ${elapsed.toFixed(0)} ms: it waited for the grace (30 s)`)
    assert.deepStrictEqual(await liveWithin(readPgid(p), 5000), [])
  })
})

describe("leftovers after the run settled", () => {
  it("a SIGTERM-ignoring leftover does not delay the run and is SIGKILLed once the grace is over", async () => {
    const p = makeProject()
    const started = performance.now()
    // The grace is long enough that "the run waited for the leftover" (60 s) or "for the grace" cannot pass for
    // a slow machine, and short enough to see the SIGKILL come.
    const graceMs = 4000
    const run = await runIn(p, `${TERM_IGNORING_LEFTOVER} echo done`, { killGraceMs: graceMs })
    const elapsed = performance.now() - started
    const pgid = readPgid(p)
    assert.strictEqual(run.exitCode, 0)
    assert.strictEqual(run.stdout, "done\n")
    assert.isBelow(
      elapsed,
      graceMs / 2,
      `the run waited ${elapsed.toFixed(0)} ms for a leftover that holds none of its pipes`
    )
    assert.isAbove(liveGroupMembers(pgid).length, 0, "the leftover ignores SIGTERM: still alive within the grace")
    assert.deepStrictEqual(await liveWithin(pgid, graceMs + 10_000), [], "SIGKILLed after the grace")
  })

  it("when the Node process exits before the grace is over, the leftover is SIGKILLed on the way out", async () => {
    const p = makeProject()
    const fixture = join(import.meta.dirname, "fixtures", "exit-after-run.ts")
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [fixture, p.dir, `echo $$ > pgid.txt; ${TERM_IGNORING_LEFTOVER} echo done`],
        { timeout: 20_000 },
        (error, out, err) => (error === null ? resolve(out) : reject(new Error(`${error.message}\n${err}`)))
      )
    )
    const run = JSON.parse(stdout) as HookRun
    assert.strictEqual(run.exitCode, 0)
    assert.strictEqual(run.stdout, "done\n")
    // The fixture's grace was 30 s; it exited right after the run.
    assert.deepStrictEqual(await liveWithin(readPgid(p), 5000), [], "the leftover outlived the process that ran it")
  })
})
