/**
 * `npm run test:loaded`: the suite on a busy machine. Starts one CPU burner per core (a child `node` in a busy
 * loop), runs `npm test` N times in a row while they burn, prints each run's duration and result, ends the burners
 * by pid (also on SIGINT/SIGTERM), and exits non-zero if any run failed.
 *
 *   node scripts/test-loaded.ts [--runs N] [--burners N] [-- <vitest args>]
 *
 * `--runs` defaults to 3 and `--burners` to the number of cores; the arguments after `--` go to `vitest run`
 * instead of `npm test` (e.g. `-- test/core` to try the script on one folder).
 */
import type { ChildProcess } from "node:child_process"
import { spawn } from "node:child_process"
import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"

/** What the command line asks for. */
export interface LoadedOptions {
  readonly runs: number
  readonly burners: number
  readonly vitestArgs: ReadonlyArray<string>
}

/** Parse `--runs N`, `--burners N` and the vitest arguments after `--`; throws on anything else. */
export const parseLoadedArgs = (argv: ReadonlyArray<string>, cores: number = availableParallelism()): LoadedOptions => {
  const dashes = argv.indexOf("--")
  const own = dashes === -1 ? argv : argv.slice(0, dashes)
  const vitestArgs = dashes === -1 ? [] : argv.slice(dashes + 1)
  let runs = 3
  let burners = cores
  for (let i = 0; i < own.length; i++) {
    const flag = own[i]
    const value = Number(own[i + 1])
    if (
      (flag !== "--runs" && flag !== "--burners") ||
      !Number.isInteger(value) ||
      value < (flag === "--runs" ? 1 : 0)
    ) {
      throw new Error(
        `usage: test-loaded [--runs N>=1] [--burners N>=0] [-- <vitest args>] (got ${JSON.stringify(own)})`
      )
    }
    if (flag === "--runs") runs = value
    else burners = value
    i++
  }
  return { runs, burners, vitestArgs }
}

/** Start `count` busy-loop `node` processes (each keeps one core at 100 %); their handles, to end by pid. */
export const startBurners = (count: number): ReadonlyArray<ChildProcess> =>
  Array.from({ length: count }, () => spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }))

/** SIGKILL each burner by its pid and wait until each has exited (and so been reaped). */
export const stopBurners = async (burners: ReadonlyArray<ChildProcess>): Promise<void> => {
  await Promise.all(
    burners.map((burner) =>
      burner.exitCode !== null || burner.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            burner.once("exit", () => resolve())
            try {
              if (burner.pid !== undefined) process.kill(burner.pid, "SIGKILL")
            } catch {
              resolve()
            }
          })
    )
  )
}

/** One run's outcome. */
export interface RunResult {
  readonly run: number
  readonly seconds: number
  readonly exitCode: number
}

const root = fileURLToPath(new URL("../", import.meta.url))

/** Run the suite once (`npm test`, or `vitest run <args>`), output inherited; its exit code and duration. */
const runSuite = (run: number, vitestArgs: ReadonlyArray<string>): Promise<RunResult> => {
  const started = performance.now()
  const child =
    vitestArgs.length === 0
      ? spawn("npm", ["test"], { cwd: root, stdio: "inherit" })
      : spawn("npx", ["vitest", "run", ...vitestArgs], { cwd: root, stdio: "inherit" })
  return new Promise((resolve) => {
    child.once("exit", (code, signal) =>
      resolve({ run, seconds: (performance.now() - started) / 1000, exitCode: code ?? (signal === null ? 1 : 128) })
    )
  })
}

const main = async (): Promise<number> => {
  const options = parseLoadedArgs(process.argv.slice(2))
  const burners = startBurners(options.burners)
  const stop = (signal: NodeJS.Signals) => {
    void stopBurners(burners).then(() => process.exit(signal === "SIGINT" ? 130 : 143))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  console.log(
    `test-loaded: ${options.burners} CPU burner(s) (pids ${burners.map((b) => b.pid).join(", ")}), ${options.runs} run(s)`
  )
  const results: Array<RunResult> = []
  try {
    for (let run = 1; run <= options.runs; run++) {
      const result = await runSuite(run, options.vitestArgs)
      results.push(result)
      console.log(
        `test-loaded: run ${run}/${options.runs}: ${result.exitCode === 0 ? "passed" : `FAILED (exit ${result.exitCode})`} in ${result.seconds.toFixed(1)} s`
      )
    }
  } finally {
    await stopBurners(burners)
  }
  for (const r of results)
    console.log(`test-loaded: run ${r.run}: ${r.exitCode === 0 ? "passed" : "FAILED"} ${r.seconds.toFixed(1)} s`)
  return results.every((r) => r.exitCode === 0) ? 0 : 1
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main()
}
