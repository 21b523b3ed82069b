/**
 * The runner under load and its per-hook overhead, each against a baseline
 * measured in the same run:
 *
 * - `load`: 1000 hook runs with 100 in flight through `HookProcess.layer`, against
 *   the same 1000 commands as bare `child_process.spawn` calls at the same
 *   concurrency, in two rounds each (order: baseline, runner, runner,
 *   baseline); open file descriptors and RSS (after a forced GC) before and
 *   after, wall time, runs/s and Node CPU time, and whether any hook process
 *   is left alive.
 * - `runner`: p50 of one `HookProcess.run` (the real service) against one bare
 *   `spawn('/bin/sh', ['-c', cmd], { detached: true })` (samples interleaved),
 *   for `true` and for `cat` of a 64 KiB payload; `true` again in 5 blocks,
 *   on an idle machine and with one busy-loop process per core, reporting the
 *   median of the blocks' ratios and their range; and 10 hooks of `sleep 0.2`
 *   through `runHooks`, sequential and as one parallel group, against one hook.
 */
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { availableParallelism, tmpdir } from "node:os"
import { join } from "node:path"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { Effect } from "effect"
import { HookProcess } from "../src/runner/hook-process.ts"
import { liveProcessGroups, signalGroup } from "../test/runner/process-groups.ts"
import { runHooksPromise } from "../src/runner/session.ts"
import { formatNs, withBusyCores } from "./measure.ts"

// ====== Shared helpers ======

const MiB = 1024 * 1024
const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin" }

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

const rssAfterGc = (): number => {
  forceGc()
  return process.memoryUsage().rss
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}

const round1 = (value: number): number => Number(value.toFixed(1))
const round2 = (value: number): number => Number(value.toFixed(2))

interface Outcome {
  readonly exitCode: number | null
  readonly stdout: string
  readonly stderr: string
}

/** The baseline: a bare detached `/bin/sh -c`, input written at once, settled on close. */
const bareSpawn = (command: string, cwd: string, input: string): Promise<Outcome> =>
  new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], { cwd, env, detached: true, stdio: ["pipe", "pipe", "pipe"] })
    const out: Array<Buffer> = []
    const err: Array<Buffer> = []
    child.on("error", reject)
    child.stdin.on("error", () => {})
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk))
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk))
    child.on("close", (code) =>
      resolve({
        exitCode: code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8")
      })
    )
    child.stdin.end(input)
  })

/** One run through the real `HookProcess` service (what `runHooks` calls). */
const viaRunner = (command: string, cwd: string, input: string): Promise<Outcome> =>
  Effect.runPromise(HookProcess.node.run({ command, cwd, env, input, timeoutMs: 60_000 }))

/** Run `count` operations with at most `inFlight` at a time. */
const pool = async <A>(count: number, inFlight: number, op: (i: number) => Promise<A>): Promise<ReadonlyArray<A>> => {
  const results: Array<A> = new Array(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      results[i] = await op(i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker))
  return results
}

// ====== load ======

/** One row of the load benchmark (two rounds of `runs`, in the order baseline, runner, runner, baseline). */
export interface LoadRow {
  readonly case: string
  readonly runs: number
  readonly inFlight: number
  readonly rounds: number
  /** Mean wall time of a round. */
  readonly wallMs: number
  readonly runsPerSec: number
  /** CPU time (user + system) of this Node process per round. */
  readonly nodeCpuMs: number
  readonly failed: number
  /** Open descriptors of this process before the first round and after the last. */
  readonly fdsBefore: number
  readonly fdsAfter: number
  /** RSS after a forced GC, before the first round and after the last. */
  readonly rssBeforeMiB: number
  readonly rssAfterMiB: number
  /** Hook process groups with a live process after the rounds. */
  readonly liveGroupsAfter: number
  /** Wall time against the bare-spawn baseline of the same run. */
  readonly ratio: number
}

const RUNS = 1000
const IN_FLIGHT = 100

interface Round {
  readonly wallMs: number
  readonly cpuMs: number
  readonly failed: number
  readonly fdsBefore: number
  readonly fdsAfter: number
  readonly rssBefore: number
  readonly rssAfter: number
  readonly groups: ReadonlyArray<number>
}

/** 1000 runs, 100 in flight: the runner against bare spawns, with fds, RSS and leftovers. */
export const benchLoad = async (): Promise<ReadonlyArray<LoadRow>> => {
  const dir = mkdtempSync(join(tmpdir(), "wave-hooks-bench-load-"))
  // Each hook reports its pgid on stderr and echoes its payload.
  const command = "echo $$ >&2; cat"
  const payload = (i: number) =>
    JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: `echo ${i}` }, i })
  const pgids: Array<number> = []
  const round = async (run: typeof viaRunner): Promise<Round> => {
    await sleep(200)
    const fdsBefore = openFds()
    const rssBefore = rssAfterGc()
    const cpu = process.cpuUsage()
    const started = performance.now()
    const outcomes = await pool(RUNS, IN_FLIGHT, (i) => run(command, dir, payload(i)))
    const wallMs = performance.now() - started
    const used = process.cpuUsage(cpu)
    const groups = outcomes.map((o) => Number(o.stderr.trim()))
    pgids.push(...groups)
    await sleep(300)
    return {
      wallMs,
      cpuMs: (used.user + used.system) / 1000,
      failed: outcomes.filter((o, i) => o.exitCode !== 0 || o.stdout !== payload(i)).length,
      fdsBefore,
      fdsAfter: openFds(),
      rssBefore,
      rssAfter: rssAfterGc(),
      groups
    }
  }
  const summary = (name: string, rounds: ReadonlyArray<Round>, baselineWallMs: number): LoadRow => {
    const wallMs = rounds.reduce((sum, r) => sum + r.wallMs, 0) / rounds.length
    return {
      case: name,
      runs: RUNS,
      inFlight: IN_FLIGHT,
      rounds: rounds.length,
      wallMs: Math.round(wallMs),
      runsPerSec: Math.round(RUNS / (wallMs / 1000)),
      nodeCpuMs: Math.round(rounds.reduce((sum, r) => sum + r.cpuMs, 0) / rounds.length),
      failed: rounds.reduce((sum, r) => sum + r.failed, 0),
      fdsBefore: rounds[0]!.fdsBefore,
      fdsAfter: rounds[rounds.length - 1]!.fdsAfter,
      rssBeforeMiB: round1(rounds[0]!.rssBefore / MiB),
      rssAfterMiB: round1(rounds[rounds.length - 1]!.rssAfter / MiB),
      liveGroupsAfter: liveProcessGroups(rounds.flatMap((r) => r.groups)).length,
      ratio: round2(wallMs / baselineWallMs)
    }
  }
  try {
    // Warm-up: the first spawns open descriptors Node keeps (signal pipes, the thread pool).
    await pool(IN_FLIGHT, IN_FLIGHT, (i) => bareSpawn(command, dir, payload(i)))
    await pool(IN_FLIGHT, IN_FLIGHT, (i) => viaRunner(command, dir, payload(i)))
    // ABBA order, so a drift in machine load does not favour either.
    const bare1 = await round(bareSpawn)
    const runner1 = await round(viaRunner)
    const runner2 = await round(viaRunner)
    const bare2 = await round(bareSpawn)
    const bareWall = (bare1.wallMs + bare2.wallMs) / 2
    const rows: ReadonlyArray<LoadRow> = [
      summary("bare spawn (baseline)", [bare1, bare2], bareWall),
      summary("HookProcess.run", [runner1, runner2], bareWall)
    ]
    console.log(
      `\nload: ${RUNS} runs of \`${command}\` (small payload), ${IN_FLIGHT} in flight; mean of 2 rounds (ABBA)`
    )
    console.log(
      "case                   wall/round  runs/s  node CPU  failed  fds first->last  RSS MiB first->last  live groups  ratio"
    )
    for (const r of rows) {
      console.log(
        `${r.case.padEnd(22)} ${`${(r.wallMs / 1000).toFixed(2)} s`.padStart(10)}  ${String(r.runsPerSec).padStart(6)}  ${`${r.nodeCpuMs} ms`.padStart(8)}  ${String(r.failed).padStart(6)}  ` +
          `${`${r.fdsBefore} -> ${r.fdsAfter}`.padStart(15)}  ${`${r.rssBeforeMiB} -> ${r.rssAfterMiB}`.padStart(19)}  ${String(r.liveGroupsAfter).padStart(11)}  ${r.ratio.toFixed(2)}x`
      )
    }
    return rows
  } finally {
    for (const pgid of liveProcessGroups(pgids)) signalGroup(pgid, "SIGKILL")
    rmSync(dir, { recursive: true, force: true })
  }
}

// ====== runner ======

/** One row of the runner benchmark. */
export interface RunnerRow {
  readonly case: string
  readonly samples: number
  readonly p50Ns: number
  readonly baseline: string
  readonly baselineP50Ns: number
  readonly ratio: number
  /** For the blocked cases: the lowest and highest ratio of the blocks (`ratio` is their median). */
  readonly ratioRange?: readonly [number, number]
}

/** p50 of `measured` and `baseline`, their samples interleaved so both see the same machine load. */
const interleaved = async (
  measured: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  samples: number,
  warmup = 10
): Promise<{ readonly p50: number; readonly baselineP50: number }> => {
  for (let i = 0; i < warmup; i++) {
    await baseline()
    await measured()
  }
  const a: Array<number> = []
  const b: Array<number> = []
  const time = async (op: () => Promise<unknown>, into: Array<number>) => {
    const start = process.hrtime.bigint()
    await op()
    into.push(Number(process.hrtime.bigint() - start))
  }
  for (let i = 0; i < samples; i++) {
    if (i % 2 === 0) {
      await time(baseline, b)
      await time(measured, a)
    } else {
      await time(measured, a)
      await time(baseline, b)
    }
  }
  return { p50: percentile(a, 0.5), baselineP50: percentile(b, 0.5) }
}

const timeOnce = async (op: () => Promise<unknown>): Promise<number> => {
  const start = process.hrtime.bigint()
  await op()
  return Number(process.hrtime.bigint() - start)
}

const median = (values: ReadonlyArray<number>): number => percentile(values, 0.5)

const BLOCKS = 5
const PER_BLOCK = 40

/**
 * `true` through `HookProcess.run` against a bare spawn, in `BLOCKS` blocks of
 * `PER_BLOCK` interleaved pairs: the median of the blocks' p50 ratios, and
 * their range as the spread.
 */
const blocked = async (root: string, condition: string): Promise<RunnerRow> => {
  const check = (o: Outcome) => {
    if (o.exitCode !== 0) throw new Error(`unexpected outcome ${JSON.stringify(o)}`)
  }
  const blocks: Array<{ readonly p50: number; readonly baselineP50: number }> = []
  for (let i = 0; i < BLOCKS; i++) {
    blocks.push(
      await interleaved(
        async () => check(await viaRunner("true", root, "{}")),
        async () => check(await bareSpawn("true", root, "{}")),
        PER_BLOCK,
        i === 0 ? 10 : 2
      )
    )
  }
  const ratios = blocks.map((b) => b.p50 / b.baselineP50)
  return {
    case: `HookProcess.run \`true\`, ${condition}`,
    samples: BLOCKS * PER_BLOCK,
    p50Ns: Math.round(median(blocks.map((b) => b.p50))),
    baseline: `bare spawn \`true\`, ${condition}`,
    baselineP50Ns: Math.round(median(blocks.map((b) => b.baselineP50))),
    ratio: round2(median(ratios)),
    ratioRange: [round2(Math.min(...ratios)), round2(Math.max(...ratios))]
  }
}

/** Per-hook overhead against bare spawns (idle and with every core busy), and a parallel group against one hook. */
export const benchRunner = async (): Promise<ReadonlyArray<RunnerRow>> => {
  const root = mkdtempSync(join(tmpdir(), "wave-hooks-bench-runner-"))
  try {
    const rows: Array<RunnerRow> = []
    const check = (o: Outcome, stdout: string) => {
      if (o.exitCode !== 0 || o.stdout !== stdout)
        throw new Error(`unexpected outcome ${JSON.stringify({ ...o, stdout: o.stdout.slice(0, 80) })}`)
    }
    const payload64k = JSON.stringify({ tool_input: { content: "x".repeat(64 * 1024 - 30) } })
    const spawnCases = [
      { name: "`true`", command: "true", input: "{}", stdout: "" },
      { name: "`cat` of 64 KiB", command: "cat", input: payload64k, stdout: payload64k }
    ]
    for (const c of spawnCases) {
      const SAMPLES = 100
      const { baselineP50, p50 } = await interleaved(
        async () => check(await viaRunner(c.command, root, c.input), c.stdout),
        async () => check(await bareSpawn(c.command, root, c.input), c.stdout),
        SAMPLES
      )
      rows.push({
        case: `HookProcess.run ${c.name}`,
        samples: SAMPLES,
        p50Ns: Math.round(p50),
        baseline: `bare spawn ${c.name}`,
        baselineP50Ns: Math.round(baselineP50),
        ratio: round2(p50 / baselineP50)
      })
    }

    // `true` in blocks, idle and with every core busy: the target is <= 1.15x in both.
    rows.push(await blocked(root, "idle"))
    rows.push(await withBusyCores(() => blocked(root, `${availableParallelism()} busy cores`)))

    // 10 hooks of `sleep 0.2` through runHooks: sequential and as one parallel group, against one hook.
    // Commands differ by a comment: identical hooks would run once.
    const sleeps = Array.from({ length: 10 }, (_, i) => ({ type: "command", command: `sleep 0.2 # ${i}` }))
    const configs = {
      one: [{ hooks: sleeps.slice(0, 1) }],
      sequential: [{ hooks: sleeps }],
      parallel: [{ parallel: true, hooks: sleeps }]
    }
    const timings: Record<keyof typeof configs, Array<number>> = { one: [], sequential: [], parallel: [] }
    const runners = Object.fromEntries(
      Object.entries(configs).map(([name, groups]) => {
        const home = join(root, name, "home")
        const projectDir = join(root, name, "project")
        mkdirSync(join(home, ".wave"), { recursive: true })
        mkdirSync(projectDir, { recursive: true })
        // User settings are trusted: no trust store needed.
        writeFileSync(join(home, ".wave", "settings.json"), JSON.stringify({ hooks: { PreToolUse: groups } }))
        const run = async () => {
          const result = await runHooksPromise({
            event: "PreToolUse",
            payload: { tool_name: "Bash", tool_input: { command: "ls" } },
            projectDir,
            homeDir: home,
            env: { ...env, HOME: home }
          })
          if (result.runs.length !== groups[0]!.hooks.length || result.runs.some((r) => r.run.exitCode !== 0)) {
            throw new Error(`${name}: unexpected runs ${JSON.stringify(result.runs.map((r) => r.run))}`)
          }
        }
        return [name, run]
      })
    ) as Record<keyof typeof configs, () => Promise<void>>
    await runners.one()
    for (let i = 0; i < 5; i++) {
      timings.one.push(await timeOnce(runners.one))
      timings.parallel.push(await timeOnce(runners.parallel))
      if (i < 3) timings.sequential.push(await timeOnce(runners.sequential))
    }
    const one = percentile(timings.one, 0.5)
    for (const name of ["parallel", "sequential"] as const) {
      const p50 = percentile(timings[name], 0.5)
      rows.push({
        case: `runHooks 10 x \`sleep 0.2\` ${name === "parallel" ? "as one parallel group" : "sequential"}`,
        samples: timings[name].length,
        p50Ns: Math.round(p50),
        baseline: "runHooks 1 x `sleep 0.2`",
        baselineP50Ns: Math.round(one),
        ratio: round2(p50 / one)
      })
    }

    console.log("\nrunner: p50 per run against a baseline measured in the same run")
    console.log(
      "case                                                    p50          baseline                        p50          ratio"
    )
    for (const r of rows) {
      const range =
        r.ratioRange === undefined ? "" : ` (blocks ${r.ratioRange[0].toFixed(2)}-${r.ratioRange[1].toFixed(2)})`
      console.log(
        `${r.case.padEnd(54)} ${formatNs(r.p50Ns).padStart(10)}   ${r.baseline.padEnd(30)} ${formatNs(r.baselineP50Ns).padStart(10)}   ${r.ratio.toFixed(2)}x${range}`
      )
    }
    return rows
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
