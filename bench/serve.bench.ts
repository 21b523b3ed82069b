/**
 * `serve` (issue 24): `wave-hooks serve`'s `POST /run` throughput with no
 * matching hook (a PreToolUse `Bash` event; the user settings in a temp HOME
 * have a PreToolUse hook for `Write` only), against a floor measured in the
 * same run: a bare node:http server (`bench/fixtures/bare-http-server.mjs`)
 * that reads the same body and answers what `serve` answered.
 *
 * The load: `bench/fixtures/http-load-client.mjs`, a process of its own with
 * N keep-alive connections (N in `BENCH_SERVE_CLIENTS`, default `1,16,64`),
 * each in a closed loop. Each of `BLOCKS` blocks runs every case once
 * (`BENCH_SERVE_BLOCK_EVENTS` events, default 2,000), in an order rotated by
 * one per block; a row gives the median of its blocks and their range:
 * events/s and its ratio to the floor with as many clients, p50, p99, and
 * the CPU per event of the server and of the client process. The issue's
 * target is at least 5,000 events/s.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { cliBin, ensureCliBuilt, nodeBin } from "../test/helpers/cli-process.ts"
import { median, rangeOf, round2 } from "./measure.ts"
import type { LineClient, Started } from "./processes.ts"
import { cpuMs, loadAverage, rssMiB, startLineClient, startUntil } from "./processes.ts"

/** One case of `POST /run` under load. */
export interface ServeRow {
  readonly case: string
  readonly clients: number
  readonly eventsPerBlock: number
  readonly eventsPerSecond: number
  readonly eventsPerSecondRange: readonly [number, number]
  /** Median over the blocks of (this case's events/s / the bare server's, with as many clients). */
  readonly ratioToFloor: number
  readonly ratioRange: readonly [number, number]
  readonly p50Ms: number
  readonly p99Ms: number
  /** CPU time per event, in microseconds (medians over the blocks). */
  readonly cpuUsPerEvent: { readonly server: number; readonly client: number }
  /** The server's RSS after its last block. */
  readonly rssMiB: number
}

interface RunResult {
  readonly calls: number
  readonly elapsedMs: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly errors: number
}

interface BlockResult extends RunResult {
  readonly server: number
  readonly client: number
}

interface Case {
  readonly name: string
  readonly clients: number
  readonly server: Started
  readonly client: LineClient
  readonly floor: string
}

const BLOCKS = 5
const clientScript = fileURLToPath(new URL("./fixtures/http-load-client.mjs", import.meta.url))
const bareScript = fileURLToPath(new URL("./fixtures/bare-http-server.mjs", import.meta.url))
const event = JSON.stringify({ event: "PreToolUse", payload: { tool_name: "Bash", tool_input: { command: "ls" } } })

/** Start `wave-hooks serve` in a temp HOME whose user settings have a PreToolUse hook for Write only. */
const startServe = async (root: string) => {
  const home = join(root, "home")
  const project = join(root, "project")
  mkdirSync(join(home, ".wave"), { recursive: true })
  mkdirSync(project)
  writeFileSync(
    join(home, ".wave", "settings.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "true" }] }] } })
  )
  const serve = await startUntil(nodeBin, [cliBin, "serve", "--project-dir", project], {
    cwd: project,
    env: { ...process.env, HOME: home, NODE_OPTIONS: process.env["BENCH_SERVE_NODE_OPTIONS"] ?? "" },
    ready: /POST (http:\/\/127\.0\.0\.1:\d+\/run) with the header "Authorization: Bearer ([^"\s]+)"/
  })
  return { serve, url: serve.match[1]!, token: serve.match[2]! }
}

/** What `serve` answers to the event (the floor answers the same). */
const answerOf = async (url: string, token: string): Promise<string> => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: event
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`serve answered ${response.status}: ${text}`)
  return text
}

const runCase = async (c: Case): Promise<BlockResult> => {
  const before = { server: cpuMs(c.server.pid), client: cpuMs(c.client.pid) }
  const result = await c.client.send<RunResult>(`run ${eventsPerBlock()}`)
  if (result.errors > 0) throw new Error(`${c.name}: ${result.errors} requests failed`)
  return {
    ...result,
    server: ((cpuMs(c.server.pid) - before.server) * 1000) / result.calls,
    client: ((cpuMs(c.client.pid) - before.client) * 1000) / result.calls
  }
}

const eventsPerBlock = () => Number(process.env["BENCH_SERVE_BLOCK_EVENTS"] ?? 2000)

const rowOf = (c: Case, mine: ReadonlyArray<BlockResult>, floor: ReadonlyArray<BlockResult>): ServeRow => {
  const rate = (r: RunResult) => (r.calls * 1000) / r.elapsedMs
  const rates = mine.map(rate)
  const ratios = mine.map((r, b) => rate(r) / rate(floor[b]!))
  return {
    case: c.name,
    clients: c.clients,
    eventsPerBlock: eventsPerBlock(),
    eventsPerSecond: Math.round(median(rates)),
    eventsPerSecondRange: [Math.round(Math.min(...rates)), Math.round(Math.max(...rates))],
    ratioToFloor: round2(median(ratios)),
    ratioRange: rangeOf(ratios),
    p50Ms: round2(median(mine.map((r) => r.p50Ms))),
    p99Ms: round2(median(mine.map((r) => r.p99Ms))),
    cpuUsPerEvent: {
      server: Math.round(median(mine.map((r) => r.server))),
      client: Math.round(median(mine.map((r) => r.client)))
    },
    rssMiB: round2(rssMiB(c.server.pid))
  }
}

const printRows = (rows: ReadonlyArray<ServeRow>, load: readonly [number, number]) => {
  console.log(
    `\nserve: POST /run (PreToolUse, no matching hook) on wave-hooks serve and on a bare node:http server; ` +
      `${BLOCKS} blocks of ${eventsPerBlock()} events, rotated; load average ${load[0]} before, ${load[1]} after`
  )
  console.log(
    "case                    clients  events/s (range)     x floor (range)     p50 ms  p99 ms  CPU us/event server/client  RSS MiB"
  )
  for (const r of rows) {
    console.log(
      `${r.case.padEnd(24)}${String(r.clients).padStart(7)}  ${`${r.eventsPerSecond} (${r.eventsPerSecondRange[0]}-${r.eventsPerSecondRange[1]})`.padEnd(19)}  ` +
        `${`${r.ratioToFloor.toFixed(2)}x (${r.ratioRange[0].toFixed(2)}-${r.ratioRange[1].toFixed(2)})`.padEnd(18)}  ` +
        `${r.p50Ms.toFixed(2).padStart(6)}  ${r.p99Ms.toFixed(2).padStart(6)}  ${`${r.cpuUsPerEvent.server}/${r.cpuUsPerEvent.client}`.padEnd(27)} ${r.rssMiB.toFixed(0)}`
    )
  }
}

/** The serve section. */
export const benchServe = async (): Promise<{
  readonly loadAverage: readonly [number, number]
  readonly rows: ReadonlyArray<ServeRow>
}> => {
  ensureCliBuilt()
  const loadBefore = loadAverage()
  const root = mkdtempSync(join(tmpdir(), "wave-hooks-bench-serve-"))
  const started: Array<Started> = []
  const clients: Array<LineClient> = []
  try {
    const { serve, url, token } = await startServe(root)
    started.push(serve)
    const answer = await answerOf(url, token)
    const bare = await startUntil(nodeBin, [bareScript, answer], { ready: /listening (\S+)/ })
    started.push(bare)
    const counts = (process.env["BENCH_SERVE_CLIENTS"] ?? "1,16,64").split(",").map(Number)
    const cases: Array<Case> = []
    for (const n of counts) {
      for (const [name, server, target] of [
        ["bare node:http", bare, bare.match[1]!],
        ["wave-hooks serve", serve, url]
      ] as const) {
        const client = await startLineClient(nodeBin, [clientScript, target, token, String(n), event])
        clients.push(client)
        cases.push({ name, clients: n, server, client, floor: "bare node:http" })
      }
    }
    const results: Array<Array<BlockResult>> = cases.map(() => [])
    for (let b = 0; b < BLOCKS; b++) {
      for (let k = 0; k < cases.length; k++) {
        const i = (k + b) % cases.length
        results[i]!.push(await runCase(cases[i]!))
      }
    }
    const rows = cases.map((c, i) =>
      rowOf(c, results[i]!, results[cases.findIndex((f) => f.name === c.floor && f.clients === c.clients)]!)
    )
    const load = [loadBefore, loadAverage()] as const
    printRows(rows, load)
    return { loadAverage: load, rows }
  } finally {
    for (const c of clients) await c.quit().catch(() => {})
    for (const s of started.reverse()) await s.stop()
    rmSync(root, { recursive: true, force: true })
  }
}
