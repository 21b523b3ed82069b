/**
 * `gateway-load` (issue 24): `wave-hooks mcp-proxy --listen` under load, all
 * measured in the same run against the upstream called directly (the floor):
 *
 * - the upstream: `test/mcp-proxy/fixtures/http-upstream.mjs`, a Streamable
 *   HTTP MCP server (the SDK's transport) with a trivial tool `echo`;
 * - the proxy: `node dist/bin.js mcp-proxy --listen 127.0.0.1:0 --url <upstream>`,
 *   once with no matching hook (a PreToolUse hook for another server's tools)
 *   and once with one PreToolUse `http` hook to a local keep-alive node:http
 *   server that allows (empty 200); hooks are user settings in a temp HOME;
 * - the clients: `bench/fixtures/gateway-load-client.mjs` processes, each with
 *   64 (`BENCH_GATEWAY_CLIENTS`) or 4 ("moderate load") SDK clients calling in
 *   a closed loop, one MCP session each.
 *
 * Each of `BLOCKS` blocks runs every case once (`BENCH_GATEWAY_BLOCK_CALLS`
 * calls, default 1,500; a quarter of it at moderate load), in an order rotated
 * by one per block; a row gives the median of its blocks and their range:
 * calls/s and its ratio to `direct` with as many clients, p50, p99, the p99
 * added over `direct`, and the CPU each process used per call (from
 * `/proc/<pid>/stat`). With every process on the same cores, the CPU per call
 * bounds the ratio: `direct` needs client + upstream, the proxy adds its own;
 * `bound` is (client + upstream of direct) / (client + upstream + proxy).
 *
 * Then the proxy's memory over a long run: `BENCH_GATEWAY_CALLS` (default
 * 20,000; the issue's figure is 100,000) calls with no matching hook, the
 * proxy's RSS sampled every tenth of them, then the same with each session
 * ended and a new one opened every chunk (64 clients reconnecting).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { cliBin, ensureCliBuilt, nodeBin } from "../test/helpers/cli-process.ts"
import { median, rangeOf, round2 } from "./measure.ts"
import type { LineClient, Started } from "./processes.ts"
import { cpuMs, loadAverage, rssMiB, startLineClient, startUntil } from "./processes.ts"

/** One case of the gateway under load. */
export interface GatewayLoadRow {
  readonly case: string
  readonly clients: number
  readonly callsPerBlock: number
  readonly callsPerSecond: number
  readonly callsPerSecondRange: readonly [number, number]
  /** Median over the blocks of (this case's calls/s / direct's, with as many clients). */
  readonly ratioToDirect: number
  readonly ratioRange: readonly [number, number]
  readonly p50Ms: number
  readonly p99Ms: number
  /** Median over the blocks of (this case's p99 - direct's p99). */
  readonly addedP99Ms: number
  readonly addedP99RangeMs: readonly [number, number]
  /** CPU time per call, in microseconds (medians over the blocks). */
  readonly cpuUsPerCall: { readonly client: number; readonly upstream: number; readonly proxy: number }
  /** The best ratio the CPU per call allows on shared cores (1 for direct). */
  readonly cpuBound: number
}

/** The proxy's memory over a long run. */
export interface GatewayMemoryRow {
  readonly case: string
  readonly calls: number
  readonly rssMiB: ReadonlyArray<{ readonly calls: number; readonly rssMiB: number }>
}

/** One client process's answer to `run N`. */
interface RunResult {
  readonly calls: number
  readonly elapsedMs: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly errors: number
}

const BLOCKS = 5
const upstreamScript = fileURLToPath(new URL("../test/mcp-proxy/fixtures/http-upstream.mjs", import.meta.url))
const clientScript = fileURLToPath(new URL("./fixtures/gateway-load-client.mjs", import.meta.url))

/** A temp HOME whose user settings hold these hooks. */
const homeWith = (root: string, name: string, hooks: unknown): string => {
  const dir = join(root, name)
  mkdirSync(join(dir, ".wave"), { recursive: true })
  writeFileSync(join(dir, ".wave", "settings.json"), JSON.stringify({ hooks }))
  return dir
}

/** Start `mcp-proxy --listen` in front of `upstream` with this HOME; resolves with its URL and token. */
const startProxy = async (upstream: string, home: string, project: string) => {
  const proxy = await startUntil(
    nodeBin,
    [cliBin, "mcp-proxy", "--project-dir", project, "--name", "up", "--listen", "127.0.0.1:0", "--url", upstream],
    {
      cwd: project,
      env: { ...process.env, HOME: home, NODE_OPTIONS: process.env["BENCH_PROXY_NODE_OPTIONS"] ?? "" },
      ready: /serving MCP over Streamable HTTP at (\S+)/
    }
  )
  const token = /"Authorization: Bearer ([^"\s<]+)"/.exec(proxy.stderr())?.[1] ?? "-"
  return { proxy, url: proxy.match[1]!, token }
}

/** A keep-alive node:http server that allows every hook call (empty 200). */
const startPolicy = async (): Promise<http.Server> => {
  const policy = http.createServer((req, res) => {
    req.resume()
    req.on("end", () => res.writeHead(200).end())
  })
  policy.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => policy.listen(0, "127.0.0.1", resolve))
  return policy
}

/** One measured case: its client process and the processes whose CPU it counts. */
interface Case {
  readonly name: string
  readonly clients: number
  readonly calls: number
  readonly client: LineClient
  readonly proxy: Started | undefined
  /** The case whose figures are its floor (direct with as many clients). */
  readonly floor: string
}

interface BlockResult extends RunResult {
  readonly cpu: { readonly client: number; readonly upstream: number; readonly proxy: number }
}

/** Run one case once, with the CPU time of each process around it. */
const runCase = async (c: Case, upstream: Started): Promise<BlockResult> => {
  const before = { client: cpuMs(c.client.pid), upstream: cpuMs(upstream.pid), proxy: c.proxy ? cpuMs(c.proxy.pid) : 0 }
  const result = await c.client.send<RunResult>(`run ${c.calls}`)
  if (result.errors > 0) throw new Error(`${c.name}: ${result.errors} calls failed`)
  const perCall = (ms: number) => (ms * 1000) / result.calls
  return {
    ...result,
    cpu: {
      client: perCall(cpuMs(c.client.pid) - before.client),
      upstream: perCall(cpuMs(upstream.pid) - before.upstream),
      proxy: c.proxy ? perCall(cpuMs(c.proxy.pid) - before.proxy) : 0
    }
  }
}

/** A row from a case's blocks and its floor's. */
const rowOf = (c: Case, mine: ReadonlyArray<BlockResult>, floor: ReadonlyArray<BlockResult>): GatewayLoadRow => {
  const rate = (r: RunResult) => (r.calls * 1000) / r.elapsedMs
  const rates = mine.map(rate)
  const ratios = mine.map((r, b) => rate(r) / rate(floor[b]!))
  const added = mine.map((r, b) => r.p99Ms - floor[b]!.p99Ms)
  const cpu = (k: keyof BlockResult["cpu"], of: ReadonlyArray<BlockResult>) => median(of.map((r) => r.cpu[k]))
  const cpuUsPerCall = { client: cpu("client", mine), upstream: cpu("upstream", mine), proxy: cpu("proxy", mine) }
  const floorCpu = cpu("client", floor) + cpu("upstream", floor)
  return {
    case: c.name,
    clients: c.clients,
    callsPerBlock: c.calls,
    callsPerSecond: Math.round(median(rates)),
    callsPerSecondRange: [Math.round(Math.min(...rates)), Math.round(Math.max(...rates))],
    ratioToDirect: round2(median(ratios)),
    ratioRange: rangeOf(ratios),
    p50Ms: round2(median(mine.map((r) => r.p50Ms))),
    p99Ms: round2(median(mine.map((r) => r.p99Ms))),
    addedP99Ms: round2(median(added)),
    addedP99RangeMs: rangeOf(added),
    cpuUsPerCall: {
      client: Math.round(cpuUsPerCall.client),
      upstream: Math.round(cpuUsPerCall.upstream),
      proxy: Math.round(cpuUsPerCall.proxy)
    },
    cpuBound: round2(floorCpu / (cpuUsPerCall.client + cpuUsPerCall.upstream + cpuUsPerCall.proxy))
  }
}

/** The proxy's RSS over `calls` calls in tenths, with the sessions kept or renewed each tenth. */
const memoryRun = async (
  name: string,
  proxy: { readonly proxy: Started; readonly url: string; readonly token: string },
  clients: number,
  calls: number,
  renewSessions: boolean
): Promise<GatewayMemoryRow> => {
  const start = () => startLineClient(nodeBin, [clientScript, proxy.url, proxy.token, String(clients)])
  let client = await start()
  const samples = [{ calls: 0, rssMiB: round2(rssMiB(proxy.proxy.pid)) }]
  const chunk = Math.max(clients, Math.round(calls / 10))
  for (let done = 0; done < calls; done += chunk) {
    if (renewSessions && done > 0) {
      await client.quit()
      client = await start()
    }
    const result = await client.send<RunResult>(`run ${chunk}`)
    if (result.errors > 0) throw new Error(`${name}: ${result.errors} calls failed`)
    samples.push({ calls: done + chunk, rssMiB: round2(rssMiB(proxy.proxy.pid)) })
  }
  await client.quit()
  return { case: name, calls, rssMiB: samples }
}

const printRows = (rows: ReadonlyArray<GatewayLoadRow>, load: readonly [number, number]) => {
  console.log(
    `\ngateway-load: tools/call echo on a Streamable HTTP upstream, directly and through mcp-proxy --listen; ` +
      `${BLOCKS} blocks, rotated; load average ${load[0]} before, ${load[1]} after`
  )
  console.log(
    "case                                clients  calls/s (range)      x direct (range)    p50 ms  p99 ms  p99 added (range)      CPU us/call client/upstream/proxy  bound"
  )
  for (const r of rows) {
    console.log(
      `${r.case.padEnd(36)}${String(r.clients).padStart(7)}  ${`${r.callsPerSecond} (${r.callsPerSecondRange[0]}-${r.callsPerSecondRange[1]})`.padEnd(19)}  ` +
        `${`${r.ratioToDirect.toFixed(2)}x (${r.ratioRange[0].toFixed(2)}-${r.ratioRange[1].toFixed(2)})`.padEnd(18)}  ` +
        `${r.p50Ms.toFixed(1).padStart(6)}  ${r.p99Ms.toFixed(1).padStart(6)}  ` +
        `${`${r.addedP99Ms.toFixed(1)} (${r.addedP99RangeMs[0].toFixed(1)} to ${r.addedP99RangeMs[1].toFixed(1)})`.padEnd(22)} ` +
        `${`${r.cpuUsPerCall.client}/${r.cpuUsPerCall.upstream}/${r.cpuUsPerCall.proxy}`.padEnd(34)} ${r.cpuBound.toFixed(2)}x`
    )
  }
}

/** The gateway-load section. */
// long: sets up the upstream, two proxies, a policy server and six client processes, runs the blocks, then the memory runs, and ends them all
export const benchGatewayLoad = async (): Promise<{
  readonly loadAverage: readonly [number, number]
  readonly rows: ReadonlyArray<GatewayLoadRow>
  readonly memory: ReadonlyArray<GatewayMemoryRow>
}> => {
  ensureCliBuilt()
  const loadBefore = loadAverage()
  const root = mkdtempSync(join(tmpdir(), "wave-hooks-bench-gateway-"))
  const project = join(root, "project")
  mkdirSync(project)
  const policy = await startPolicy()
  const policyUrl = `http://127.0.0.1:${(policy.address() as AddressInfo).port}/pre`
  const noMatch = homeWith(root, "no-match", {
    PreToolUse: [{ matcher: "mcp__other__.*", hooks: [{ type: "http", url: policyUrl }] }]
  })
  const httpHook = homeWith(root, "http-hook", {
    PreToolUse: [{ matcher: "mcp__up__echo", hooks: [{ type: "http", url: policyUrl }] }]
  })
  const upstream = await startUntil(nodeBin, [upstreamScript], { ready: /listening (\S+)/ })
  const upstreamUrl = upstream.match[1]!
  const started: Array<{ stop: () => Promise<void> }> = [upstream]
  const clientProcesses: Array<LineClient> = []
  try {
    const plain = await startProxy(upstreamUrl, noMatch, project)
    started.push(plain.proxy)
    const hooked = await startProxy(upstreamUrl, httpHook, project)
    started.push(hooked.proxy)
    const many = Number(process.env["BENCH_GATEWAY_CLIENTS"] ?? 64)
    const perBlock = Number(process.env["BENCH_GATEWAY_BLOCK_CALLS"] ?? 1500)
    const moderate = Math.max(40, Math.round(perBlock / 4))
    const client = async (url: string, token: string, clients: number) => {
      const c = await startLineClient(nodeBin, [clientScript, url, token, String(clients)])
      clientProcesses.push(c)
      return c
    }
    const specs = [
      { name: "direct", clients: many, calls: perBlock, proxy: undefined, floor: "direct" },
      { name: "proxy, no matching hook", clients: many, calls: perBlock, proxy: plain, floor: "direct" },
      { name: "proxy, one http hook", clients: many, calls: perBlock, proxy: hooked, floor: "direct" },
      { name: "direct, moderate load", clients: 4, calls: moderate, proxy: undefined, floor: "direct, moderate load" },
      {
        name: "proxy, no matching hook, moderate",
        clients: 4,
        calls: moderate,
        proxy: plain,
        floor: "direct, moderate load"
      },
      {
        name: "proxy, one http hook, moderate",
        clients: 4,
        calls: moderate,
        proxy: hooked,
        floor: "direct, moderate load"
      }
    ]
    const ready: Array<Case> = []
    for (const spec of specs) {
      const target = spec.proxy ?? { url: upstreamUrl, token: "-" }
      ready.push({ ...spec, proxy: spec.proxy?.proxy, client: await client(target.url, target.token, spec.clients) })
    }
    const results: Array<Array<BlockResult>> = ready.map(() => [])
    for (let b = 0; b < BLOCKS; b++) {
      for (let k = 0; k < ready.length; k++) {
        const i = (k + b) % ready.length
        results[i]!.push(await runCase(ready[i]!, upstream))
      }
    }
    const rows = ready.map((c, i) => rowOf(c, results[i]!, results[ready.findIndex((f) => f.name === c.floor)]!))
    const calls = Number(process.env["BENCH_GATEWAY_CALLS"] ?? 20_000)
    const memory = [
      await memoryRun("proxy, no matching hook, same sessions", plain, many, calls, false),
      await memoryRun("proxy, no matching hook, new sessions each tenth", plain, many, calls, true)
    ]
    const load = [loadBefore, loadAverage()] as const
    printRows(rows, load)
    console.log(`\ngateway-load: the proxy's RSS (MiB) over ${calls} calls with ${many} clients`)
    for (const m of memory) console.log(`${m.case.padEnd(50)} ${m.rssMiB.map((s) => s.rssMiB.toFixed(0)).join(" ")}`)
    return { loadAverage: load, rows, memory }
  } finally {
    for (const c of clientProcesses) await c.quit().catch(() => {})
    for (const s of started.reverse()) await s.stop()
    policy.closeAllConnections()
    policy.close()
    rmSync(root, { recursive: true, force: true })
  }
}
