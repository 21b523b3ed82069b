/**
 * A hook that starts a process in a session of its own (`setsid`) which keeps
 * the hook's stdout open: the run settles on the clock as before, reports the
 * escaped process by pid (found by the pipe's inode in `/proc/<pid>/fd`), and
 * the runner ends it (SIGTERM, then SIGKILL after the grace). Real processes;
 * the holder search is Linux-only, so these tests are too.
 */
import { afterAll, afterEach, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { existsSync } from "node:fs"
import { performance } from "node:perf_hooks"
import { decide } from "../../src/core/decide.ts"
import type { HookRun } from "../../src/core/hook-run.ts"
import type { HookProcessOptions } from "../../src/runner/hook-process.ts"
import { runHookProcess } from "../../src/runner/node-hook-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { goneWithin, running as alive } from "../helpers/processes.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"

const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin" }
const started: Array<number> = []

afterEach(() => {
  // A failed test must not leave the escaped process running (by pid, never by name).
  for (const pid of started.splice(0)) {
    if (!alive(pid)) continue
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      // gone
    }
  }
})
afterAll(() => removeTempProjects())

const runIn = (p: TempProject, command: string, options: Partial<HookProcessOptions> = {}): Promise<HookRun> =>
  Effect.runPromise(runHookProcess({ command, cwd: p.dir, env, input: "{}", timeoutMs: 10_000, ...options }))

/** The pid of the escaped process, which the hook wrote to `escaped.pid` (`$!`: `setsid` execs `sleep` in the same process). */
const escapedPid = (p: TempProject): number => {
  const pid = Number(p.read("escaped.pid").trim())
  assert.isAbove(pid, 1, "the hook recorded the escaped pid")
  started.push(pid)
  return pid
}

describe.runIf(existsSync("/proc/self/fd"))("a process that escaped the group holds the hook's stdout", () => {
  it("after the hook exits: the run settles, names the pid, and the process is ended", async () => {
    const p = makeProject()
    const t0 = performance.now()
    const run = await runIn(p, "setsid sleep 30 & echo $! > escaped.pid; echo done", { killGraceMs: 300 })
    const elapsed = performance.now() - t0
    const pid = escapedPid(p)
    assert.strictEqual(run.exitCode, 0)
    assert.strictEqual(run.stdout, "done\n")
    assert.isBelow(elapsed, 15_000, `settled after ${elapsed.toFixed(0)} ms (the escaped process sleeps 30 s)`)
    assert.deepStrictEqual(run.escaped?.streams, ["stdout", "stderr"])
    assert.deepStrictEqual(
      run.escaped?.processes.map((e) => e.pid),
      [pid]
    )
    assert.strictEqual(run.escaped?.processes[0]?.command, "sleep 30")

    const effects = decide("PreToolUse", run)
    const warning = effects.find((e) => e._tag === "ShowUser")
    assert.strictEqual(warning?._tag === "ShowUser" ? warning.level : undefined, "warning")
    assert.include(warning?._tag === "ShowUser" ? warning.text : "", `pid ${pid} (sleep 30)`)
    const diagnostic = effects.find((e) => e._tag === "Diagnostic")
    assert.strictEqual(diagnostic?._tag === "Diagnostic" ? diagnostic.code : undefined, "escaped-process")

    assert.isTrue(await goneWithin(pid, 2000), `pid ${pid} is still running`)
  })

  it("a process that ignores SIGTERM is SIGKILLed after the grace", async () => {
    const p = makeProject()
    const run = await runIn(p, "setsid sh -c 'trap \"\" TERM; exec sleep 30' & echo $! > escaped.pid; sleep 0.1", {
      killGraceMs: 300
    })
    const pid = escapedPid(p)
    assert.deepStrictEqual(
      run.escaped?.processes.map((e) => e.pid),
      [pid]
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.isTrue(alive(pid), "SIGTERM is ignored: alive before the grace is over")
    assert.isTrue(await goneWithin(pid, 2000), `pid ${pid} is still running after the grace`)
  })

  it("on timeout: the run settles on the clock and reports the escaped process", async () => {
    const p = makeProject()
    const t0 = performance.now()
    const run = await runIn(p, "setsid sleep 30 2>/dev/null & echo $! > escaped.pid; sleep 60", {
      timeoutMs: 300,
      killGraceMs: 300
    })
    const elapsed = performance.now() - t0
    const pid = escapedPid(p)
    assert.isTrue(run.timedOut)
    assert.isBelow(elapsed, 15_000, `settled after ${elapsed.toFixed(0)} ms (the hook sleeps 60 s)`)
    assert.deepStrictEqual(run.escaped?.streams, ["stdout"])
    assert.deepStrictEqual(
      run.escaped?.processes.map((e) => e.pid),
      [pid]
    )
    assert.isTrue(await goneWithin(pid, 2000), `pid ${pid} is still running`)
  })

  it("a background child with its output elsewhere is not an escape", async () => {
    const p = makeProject()
    const run = await runIn(p, "setsid sleep 30 >/dev/null 2>&1 & echo $! > escaped.pid; sleep 0.2; echo done")
    const pid = escapedPid(p)
    assert.strictEqual(run.stdout, "done\n")
    assert.isUndefined(run.escaped)
    // Not the runner's to end: it left the group and the hook's pipes.
    assert.isTrue(alive(pid))
  })
})

describe("decide on an escaped run", () => {
  it("without pids (no /proc): a warning that the process may still be running, and the diagnostic with the fix", () => {
    const effects = decide("Stop", {
      exitCode: 0,
      stdout: "",
      stderr: "",
      durationMs: 5,
      timedOut: false,
      command: "./bg.sh",
      escaped: { streams: ["stdout"], processes: [] }
    })
    assert.deepStrictEqual(
      effects.map((e) => e._tag),
      ["Diagnostic", "ShowUser"]
    )
    const [diagnostic, warning] = effects
    assert.include(warning?._tag === "ShowUser" ? warning.text : "", "may still be running")
    assert.strictEqual(diagnostic?._tag === "Diagnostic" ? diagnostic.code : undefined, "escaped-process")
    assert.include(diagnostic?._tag === "Diagnostic" ? diagnostic.message : "", ">/dev/null 2>&1 &")
  })
})
