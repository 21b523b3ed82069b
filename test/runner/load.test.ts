/**
 * Load (ARCHITECTURE section 7): 1000 real hook runs with 100 in flight. Every
 * run succeeds with its own output; afterwards the test process holds no more
 * file descriptors than before, its RSS and live JS heap (after a forced GC)
 * are back near where they started, and no process of any of the 1000 hook
 * groups is alive.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { readdirSync } from "node:fs"
import { performance } from "node:perf_hooks"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { runHookProcess } from "../../src/runner/hook-process.ts"
import { liveProcessGroups, signalGroup } from "./process-groups.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"

const RUNS = 1000
const IN_FLIGHT = 100
const FD_TOLERANCE = 5
const RSS_MARGIN_MIB = 32
const HEAP_MARGIN_MIB = 8
const MiB = 1024 * 1024

const pgids: Array<number> = []

afterAll(() => {
  // Belt and braces, by pgid: no group of this file is left behind even when a test failed.
  for (const pgid of liveProcessGroups(pgids)) signalGroup(pgid, "SIGKILL")
  removeTempProjects()
})

/**
 * A full, synchronous "last resort" garbage collection (V8's gc, exposed to
 * this file only). The last-resort flavour also shrinks the heap V8 keeps
 * committed: after a plain gc() the RSS still swings by tens of MiB with the
 * young generation's size, while the live heap stays flat.
 */
const forceGc: () => void = (() => {
  setFlagsFromString("--expose-gc")
  const gc = runInNewContext("gc") as (options?: {
    readonly type: string
    readonly execution: string
    readonly flavor: string
  }) => void
  return () => gc({ type: "major", execution: "sync", flavor: "last-resort" })
})()

const openFds = (): number => readdirSync("/proc/self/fd").length

/** RSS and the live JS heap, after a forced GC. */
const memoryAfterGc = (): { readonly rss: number; readonly heapUsed: number } => {
  forceGc()
  const { heapUsed, rss } = process.memoryUsage()
  return { rss, heapUsed }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("load", () => {
  it(`${RUNS} hook runs with ${IN_FLIGHT} in flight: all succeed; fds, RSS and processes are back where they started`, {
    timeout: 120_000
  }, async () => {
    const p = makeProject()
    const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin" }
    // Each hook reports its pgid on stderr and echoes its payload with `cat`.
    const command = "echo $$ >&2; cat"
    const payload = (i: number) =>
      JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: `echo ${i}` }, i })
    const runAll = (count: number, offset: number) =>
      Effect.runPromise(
        Effect.all(
          Array.from({ length: count }, (_, k) =>
            runHookProcess({ command, cwd: p.dir, env, input: payload(offset + k), timeoutMs: 30_000 })
          ),
          { concurrency: IN_FLIGHT }
        )
      )

    // Warm up: the first spawns open descriptors Node keeps (signal pipes, the thread pool).
    const warm = await runAll(IN_FLIGHT, -IN_FLIGHT)
    pgids.push(...warm.map((run) => Number(run.stderr.trim())))
    await sleep(200)
    const fdsBefore = openFds()
    const before = memoryAfterGc()

    const started = performance.now()
    const runs = await runAll(RUNS, 0)
    const elapsedMs = performance.now() - started
    pgids.push(...runs.map((run) => Number(run.stderr.trim())))

    const failed = runs.flatMap((run, i) =>
      run.exitCode === 0 && !run.timedOut && run.stdout === payload(i)
        ? []
        : [
            {
              i,
              exitCode: run.exitCode,
              signal: run.signal,
              timedOut: run.timedOut,
              stdout: run.stdout.slice(0, 80),
              stderr: run.stderr.slice(0, 200)
            }
          ]
    )
    assert.deepStrictEqual(failed, [], `${failed.length} of ${RUNS} runs failed or echoed the wrong payload`)
    assert.isTrue(
      pgids.every((pgid) => Number.isInteger(pgid) && pgid > 1),
      "every hook reported its pgid"
    )

    await sleep(300)
    const fdsAfter = openFds()
    const after = memoryAfterGc()
    const figures =
      `${RUNS} runs (${IN_FLIGHT} in flight) in ${(elapsedMs / 1000).toFixed(1)} s = ${(RUNS / (elapsedMs / 1000)).toFixed(0)} runs/s; ` +
      `fds ${fdsBefore} -> ${fdsAfter}; RSS ${(before.rss / MiB).toFixed(1)} -> ${(after.rss / MiB).toFixed(1)} MiB; ` +
      `JS heap used ${(before.heapUsed / MiB).toFixed(1)} -> ${(after.heapUsed / MiB).toFixed(1)} MiB`
    console.log(figures)
    assert.isAtMost(Math.abs(fdsAfter - fdsBefore), FD_TOLERANCE, `open file descriptors: ${figures}`)
    assert.isAtMost(
      after.rss - before.rss,
      RSS_MARGIN_MIB * MiB,
      `RSS grew by more than ${RSS_MARGIN_MIB} MiB: ${figures}`
    )
    assert.isAtMost(
      after.heapUsed - before.heapUsed,
      HEAP_MARGIN_MIB * MiB,
      `the JS heap grew by more than ${HEAP_MARGIN_MIB} MiB: ${figures}`
    )
    assert.deepStrictEqual(liveProcessGroups(pgids), [], `hook process groups still alive: ${figures}`)
  })
})
