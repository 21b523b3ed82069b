/**
 * `cli`: start-up of the bundled `wave-hooks` CLI (`dist/bin.js`) against
 * baselines measured in the same run (issue 10, "A CLI that starts fast"):
 *
 * - `decide` of a small deny output against `node -e 0` (target: <= 2x);
 * - `run PreToolUse` with one `true` hook (temp project with that hook in
 *   `.wave/settings.json`, trusted; temp HOME; a Bash payload file) against
 *   `node -e 0` + `bash -c true`, the shell hooks run in (issue 24's target:
 *   <= 1.8x), and against `node -e 0` + `sh -c true` (issue 10's: <= 2x);
 * - `run` again with one busy-loop process per core (`withBusyCores`), against
 *   `node -e 0` + `bash -c true` measured in the same busy rounds (target:
 *   <= 2.2x); `BENCH_CLI_BUSY_SAMPLES` (default half the rounds) sets its rounds;
 * - both again with Node's compile cache turned off
 *   (`NODE_DISABLE_COMPILE_CACHE=1`), to show what it brings, and `list` (the
 *   full effect/cli tree) for reference;
 * - peak RSS of `decide` (target: <= 60 MiB), with `/usr/bin/time -f %M` when
 *   present, else from `process.resourceUsage().maxRSS` read by a preloaded
 *   module at exit (the row says which);
 * - whether `npx wave-hooks decide ...` prints an engine warning when npm runs
 *   on this Node (npm's own `npx-cli.js` started with the Node that runs the
 *   bench).
 *
 * Every process is a real spawn from this process; one sample of each command
 * per round, in a new seeded order each round. Ratios are of the p50s, with
 * the spread of the per-round ratios (p10-p90). The compile cache lives in a
 * temp dir, warmed by the first runs.
 *
 * `BENCH_CLI_SAMPLES` (default 40) sets the rounds.
 */
import { spawn, spawnSync } from "node:child_process"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { formatNs, round2, withBusyCores } from "./measure.ts"

const root = fileURLToPath(new URL("../", import.meta.url))
const cliBin = join(root, "dist", "bin.js")
const nodeBin = process.execPath

/** One row of the `cli` section in bench/results.json. */
export interface CliRow {
  readonly case: string
  readonly samples: number
  readonly p50Ns: number
  readonly p10Ns: number
  readonly p90Ns: number
  readonly baseline: string
  readonly baselineP50Ns: number
  readonly ratio: number
  readonly ratioP10: number
  readonly ratioP90: number
  readonly target?: string
  readonly met?: boolean
}

/** Peak resident set size of one command. */
export interface RssRow {
  readonly case: string
  readonly samples: number
  readonly p50MiB: number
  readonly maxMiB: number
  readonly method: string
  readonly target?: string
  readonly met?: boolean
}

/** Whether `npx wave-hooks` printed an engine warning. */
export interface NpxRow {
  readonly case: string
  readonly node: string
  readonly engineWarning: boolean | "not checked"
  readonly note: string
}

const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}
const round1 = (value: number): number => Number(value.toFixed(1))

const newestMtime = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name)
    return Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }, 0)

/** Bundle the CLI when dist/bin.js is missing or older than src/. */
const ensureBundle = (): void => {
  if (existsSync(cliBin) && statSync(cliBin).mtimeMs >= newestMtime(join(root, "src"))) return
  const built = spawnSync(nodeBin, [join(root, "scripts", "build-cli.ts")], { cwd: root, encoding: "utf8" })
  if (built.status !== 0) throw new Error(`scripts/build-cli.ts failed:\n${built.stdout}\n${built.stderr}`)
}

interface Ran {
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Spawn a command and wait for it to close. */
const exec = (command: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv, cwd: string): Promise<Ran> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (status) => resolve({ status, stdout, stderr }))
  })

interface Op {
  readonly name: string
  readonly command: string
  readonly args: ReadonlyArray<string>
  readonly env: NodeJS.ProcessEnv
  /** Throws when the output is not what the command should print. */
  readonly check: (ran: Ran) => void
}

/** Time every op once per round, in a new seeded order each round; nanoseconds per op. */
const measureRounds = async (
  ops: ReadonlyArray<Op>,
  cwd: string,
  rounds: number,
  warmup: number
): Promise<Array<Array<number>>> => {
  for (let w = 0; w < warmup; w++) for (const op of ops) op.check(await exec(op.command, op.args, op.env, cwd))
  const times: Array<Array<number>> = ops.map(() => [])
  let seed = 0x2545f491
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    return (seed >>> 8) % n
  }
  const order = ops.map((_, i) => i)
  for (let r = 0; r < rounds; r++) {
    for (let k = order.length - 1; k > 0; k--) {
      const j = random(k + 1)
      ;[order[k], order[j]] = [order[j]!, order[k]!]
    }
    for (const i of order) {
      const op = ops[i]!
      const start = process.hrtime.bigint()
      const ran = await exec(op.command, op.args, op.env, cwd)
      times[i]!.push(Number(process.hrtime.bigint() - start))
      op.check(ran)
    }
  }
  return times
}

/** Peak RSS of one command, in KiB: /usr/bin/time when present, else maxRSS read at exit by a preloaded module. */
const peakRss = (
  args: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv,
  cwd: string,
  scratch: string
): { kib: number; method: string } => {
  const out = join(scratch, "rss.txt")
  if (existsSync("/usr/bin/time")) {
    const ran = spawnSync("/usr/bin/time", ["-f", "%M", "-o", out, nodeBin, ...args], { cwd, env, encoding: "utf8" })
    if (ran.status !== 0 && ran.status !== 2) throw new Error(`rss run failed: ${ran.stderr}`)
    return { kib: Number(readFileSync(out, "utf8").trim().split("\n").at(-1)), method: "/usr/bin/time -f %M" }
  }
  const preload = `data:text/javascript,process.on("exit",()=>process.getBuiltinModule("node:fs").writeFileSync(${JSON.stringify(out)},String(process.resourceUsage().maxRSS)))`
  spawnSync(nodeBin, ["--import", preload, ...args], { cwd, env, encoding: "utf8" })
  return { kib: Number(readFileSync(out, "utf8")), method: "process.resourceUsage().maxRSS at exit (preloaded module)" }
}

/** npm's `npx-cli.js`, found from the `npx` on PATH. */
const npxCli = (): string | undefined => {
  for (const dir of (process.env["PATH"] ?? "").split(":")) {
    const npx = join(dir, "npx")
    if (!existsSync(npx)) continue
    const real = realpathSync(npx)
    const cli = real.endsWith(".js")
      ? real
      : join(dirname(real), "..", "lib", "node_modules", "npm", "bin", "npx-cli.js")
    if (existsSync(cli)) return cli
  }
  return undefined
}

const denyJson = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "no writes to /etc"
  }
})
const denyEffects = JSON.stringify({ effects: [{ _tag: "BlockTool", reason: "no writes to /etc" }] }) + "\n"

/** The `cli` section: rows of timings, RSS and the npx check. */
export const benchCli = async (): Promise<{
  readonly timings: ReadonlyArray<CliRow>
  readonly rss: ReadonlyArray<RssRow>
  readonly npx: NpxRow
}> => {
  ensureBundle()
  const scratch = mkdtempSync(join(tmpdir(), "wave-hooks-bench-cli-"))
  try {
    const home = join(scratch, "home")
    const project = join(scratch, "project")
    mkdirSync(home, { recursive: true })
    mkdirSync(join(project, ".wave"), { recursive: true })
    writeFileSync(
      join(project, ".wave", "settings.json"),
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] } })
    )
    const payload = join(scratch, "payload.json")
    writeFileSync(payload, JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } }))
    const env: NodeJS.ProcessEnv = {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: home,
      NODE_COMPILE_CACHE: join(scratch, "compile-cache")
    }
    const noCache: NodeJS.ProcessEnv = { ...env, NODE_DISABLE_COMPILE_CACHE: "1" }
    const trusted = spawnSync(nodeBin, [cliBin, "trust", "--yes", "--project-dir", project], {
      cwd: project,
      env,
      encoding: "utf8"
    })
    if (trusted.status !== 0) throw new Error(`trust failed: ${trusted.stderr}`)

    const decideArgs = [cliBin, "decide", "--event", "PreToolUse", "--stdout", denyJson]
    const runArgs = [cliBin, "run", "PreToolUse", "--project-dir", project, "--payload", payload, "--json"]
    const ok = (ran: Ran) => {
      if (ran.status !== 0) throw new Error(`exit ${ran.status}: ${ran.stderr}`)
    }
    const decideOk = (ran: Ran) => {
      ok(ran)
      if (ran.stdout !== denyEffects) throw new Error(`decide printed ${ran.stdout}`)
    }
    const runOk = (ran: Ran) => {
      ok(ran)
      const out = JSON.parse(ran.stdout) as {
        effects: Array<unknown>
        runs: Array<{ command: string; exitCode: number }>
      }
      if (out.runs.length !== 1 || out.runs[0]!.command !== "true" || out.runs[0]!.exitCode !== 0)
        throw new Error(`run printed ${ran.stdout}`)
    }
    const ops: ReadonlyArray<Op> = [
      { name: "node -e 0", command: nodeBin, args: ["-e", "0"], env, check: ok },
      { name: "sh -c true", command: "/bin/sh", args: ["-c", "true"], env, check: ok },
      // Since issue 12 a hook runs in bash (as in Claude Code): for reference next to the issue-10 baseline.
      { name: "bash -c true", command: "bash", args: ["-c", "true"], env, check: ok },
      { name: "wave-hooks decide (deny)", command: nodeBin, args: decideArgs, env, check: decideOk },
      { name: "wave-hooks run PreToolUse, 1 `true` hook", command: nodeBin, args: runArgs, env, check: runOk },
      { name: "decide, compile cache off", command: nodeBin, args: decideArgs, env: noCache, check: decideOk },
      { name: "run, compile cache off", command: nodeBin, args: runArgs, env: noCache, check: runOk },
      {
        name: "wave-hooks list --json (full tree)",
        command: nodeBin,
        args: [cliBin, "list", "--json", "--project-dir", project],
        env,
        check: ok
      }
    ]
    const rounds = Number(process.env["BENCH_CLI_SAMPLES"] ?? 40)
    const times = await measureRounds(ops, project, rounds, 3)
    const [node, sh, bash, decide, run, decideNoCache, runNoCache, list] = times as [
      Array<number>,
      Array<number>,
      Array<number>,
      Array<number>,
      Array<number>,
      Array<number>,
      Array<number>,
      Array<number>
    ]
    const nodePlusSh = node.map((t, i) => t + sh[i]!)
    const nodePlusBash = node.map((t, i) => t + bash[i]!)

    const row = (
      name: string,
      subject: ReadonlyArray<number>,
      baselineName: string,
      baseline: ReadonlyArray<number>,
      target?: number
    ): CliRow => {
      const perRound = subject.map((t, i) => t / baseline[i]!)
      const ratio = percentile(subject, 0.5) / percentile(baseline, 0.5)
      return {
        case: name,
        samples: subject.length,
        p50Ns: Math.round(percentile(subject, 0.5)),
        p10Ns: Math.round(percentile(subject, 0.1)),
        p90Ns: Math.round(percentile(subject, 0.9)),
        baseline: baselineName,
        baselineP50Ns: Math.round(percentile(baseline, 0.5)),
        ratio: round2(ratio),
        ratioP10: round2(percentile(perRound, 0.1)),
        ratioP90: round2(percentile(perRound, 0.9)),
        ...(target === undefined ? {} : { target: `<= ${target}x`, met: ratio <= target })
      }
    }
    // The same run with every core busy: node, bash and run again, in busy rounds of their own.
    const busyRounds = Number(process.env["BENCH_CLI_BUSY_SAMPLES"] ?? Math.max(5, Math.round(rounds / 2)))
    const [busyNode, busyBash, busyRun] = (await withBusyCores(() =>
      measureRounds([ops[0]!, ops[2]!, ops[4]!], project, busyRounds, 1)
    )) as [Array<number>, Array<number>, Array<number>]
    const busyNodePlusBash = busyNode.map((t, i) => t + busyBash[i]!)
    const timings = [
      row("wave-hooks decide (deny)", decide, "node -e 0", node, 2),
      row("wave-hooks run PreToolUse, 1 `true` hook", run, "node -e 0 + bash -c true", nodePlusBash, 1.8),
      row("run, against issue 10's baseline (sh)", run, "node -e 0 + sh -c true", nodePlusSh, 2),
      row("run, every core busy", busyRun, "node -e 0 + bash -c true, busy", busyNodePlusBash, 2.2),
      row("decide, compile cache off", decideNoCache, "node -e 0", node),
      row("run, compile cache off", runNoCache, "node -e 0 + sh -c true", nodePlusSh),
      row("compile cache on vs off: decide", decide, "decide, cache off", decideNoCache),
      row("compile cache on vs off: run", run, "run, cache off", runNoCache),
      row("wave-hooks list --json (full effect/cli tree)", list, "node -e 0", node),
      row("sh -c true (spawned from node)", sh, "node -e 0", node),
      row("bash -c true (spawned from node)", bash, "node -e 0", node)
    ]

    const RSS_SAMPLES = 10
    const rssOf = (name: string, args: ReadonlyArray<string>, target?: number): RssRow => {
      const samples = Array.from({ length: RSS_SAMPLES }, () => peakRss(args, env, project, scratch))
      const kib = samples.map((s) => s.kib)
      const maxMiB = Math.max(...kib) / 1024
      return {
        case: name,
        samples: RSS_SAMPLES,
        p50MiB: round1(percentile(kib, 0.5) / 1024),
        maxMiB: round1(maxMiB),
        method: samples[0]!.method,
        ...(target === undefined ? {} : { target: `<= ${target} MiB`, met: maxMiB <= target })
      }
    }
    const rss = [
      rssOf("wave-hooks decide (deny)", decideArgs.slice(), 60),
      rssOf("wave-hooks run PreToolUse, 1 `true` hook", runArgs.slice()),
      rssOf("node -e 0", ["-e", "0"])
    ]

    const cli = npxCli()
    let npx: NpxRow
    if (cli === undefined) {
      npx = {
        case: "npx wave-hooks decide",
        node: process.version,
        engineWarning: "not checked",
        note: "npm's npx-cli.js not found on PATH"
      }
    } else {
      const ran = spawnSync(
        nodeBin,
        [cli, "--no-install", "wave-hooks", "decide", "--event", "PreToolUse", "--stdout", denyJson],
        {
          cwd: root,
          env: { ...process.env, PATH: `${dirname(nodeBin)}:${process.env["PATH"] ?? ""}` },
          encoding: "utf8",
          timeout: 60_000
        }
      )
      if (ran.stdout !== denyEffects) throw new Error(`npx wave-hooks decide printed ${ran.stdout}\n${ran.stderr}`)
      npx = {
        case: "npx wave-hooks decide",
        node: process.version,
        engineWarning: /EBADENGINE|Unsupported engine/.test(ran.stderr),
        note: `npm's ${cli} run by this Node`
      }
    }

    console.log(
      `\ncli: wall time per process, ${rounds} rounds (one of each per round, shuffled); ratio of p50s, spread = p10-p90 of the per-round ratios`
    )
    console.log(
      "case                                               p50 (p10-p90)                 baseline                     p50          ratio (p10-p90)      target"
    )
    for (const r of timings) {
      console.log(
        `${r.case.padEnd(50)} ${formatNs(r.p50Ns).padStart(9)} (${formatNs(r.p10Ns)}-${formatNs(r.p90Ns)})`.padEnd(81) +
          ` ${r.baseline.padEnd(26)} ${formatNs(r.baselineP50Ns).padStart(9)}   ${r.ratio.toFixed(2)}x (${r.ratioP10.toFixed(2)}-${r.ratioP90.toFixed(2)})` +
          (r.target === undefined ? "" : `   ${r.target}: ${r.met ? "met" : "NOT met"}`)
      )
    }
    console.log(`\ncli: peak RSS over ${RSS_SAMPLES} runs (${rss[0]!.method})`)
    for (const r of rss) {
      console.log(
        `${r.case.padEnd(50)} p50 ${r.p50MiB.toFixed(1)} MiB, max ${r.maxMiB.toFixed(1)} MiB` +
          (r.target === undefined ? "" : `   ${r.target}: ${r.met ? "met" : "NOT met"}`)
      )
    }
    console.log(
      `\ncli: ${npx.case} on Node ${npx.node}: engine warning ${npx.engineWarning === "not checked" ? "not checked" : npx.engineWarning ? "PRINTED" : "none"} (${npx.note})`
    )
    return { timings, rss, npx }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
