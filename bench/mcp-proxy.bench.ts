/**
 * `mcp-proxy` (issue 14): the latency a `tools/call` gains by going through
 * `wave-hooks mcp-proxy`, against calling the same upstream directly, all
 * measured in the same run by the SDK's client over stdio:
 *
 * - `direct`: the client talks to the fixture server (`tiny-server.mjs`,
 *   tool `echo`) itself: the baseline;
 * - `proxy, no matching hook`: through `node dist/bin.js mcp-proxy` whose
 *   settings have a PreToolUse hook for another tool only;
 * - `proxy, one true command hook`: the same with one PreToolUse command
 *   hook `true` matching the call (a process spawn per call);
 * - `proxy, one http hook`: one PreToolUse `http` hook matching the call, to
 *   a local keep-alive node:http server that allows it (empty 200).
 *
 * Hooks are user settings in a temp HOME (trusted as such). Each block
 * measures the cases round-robin in a shuffled order
 * (`measureAsyncInterleaved`); a row gives the median of its blocks' p50,
 * the added p50 over `direct` and its ratio, with the blocks' range.
 * `BENCH_MCP_SAMPLES` (default 300) sets the calls per case.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { UpstreamProcessTransport } from "../src/hosts/mcp/upstream-process.ts"
import { cliBin, ensureCliBuilt, nodeBin } from "../test/helpers/cli-process.ts"
import { formatNs, measureAsyncInterleaved, median, round2 } from "./measure.ts"

/** One row of the gateway benchmark. */
export interface McpProxyRow {
  readonly case: string
  readonly samples: number
  readonly p50Ns: number
  readonly p90Ns: number
  /** Median over the blocks of (this case's p50 - direct's p50), and the blocks' range. */
  readonly addedP50Ns: number
  readonly addedRangeNs: readonly [number, number]
  /** Median over the blocks of (this case's p50 / direct's p50). */
  readonly ratioToDirect: number
  readonly ratioRange: readonly [number, number]
}

const BLOCKS = 5
const tinyServer = fileURLToPath(new URL("../test/mcp-proxy/fixtures/tiny-server.mjs", import.meta.url))

/** A client over stdio to `command args`, in a HOME of its own. */
const connect = async (args: ReadonlyArray<string>, home: string, cwd: string) => {
  const transport = new UpstreamProcessTransport({
    command: nodeBin,
    args,
    cwd,
    env: { ...process.env, HOME: home },
    onStderr: (chunk) => process.stderr.write(chunk)
  })
  const client = new Client({ name: "bench", version: "1.0.0" })
  await client.connect(transport)
  return client
}

/** The gateway section: tools/call through the proxy against the upstream directly. */
export const benchMcpProxy = async (): Promise<ReadonlyArray<McpProxyRow>> => {
  ensureCliBuilt()
  const root = mkdtempSync(join(tmpdir(), "wave-hooks-bench-mcp-"))
  const project = join(root, "project")
  mkdirSync(project)
  const home = (name: string, hooks: unknown) => {
    const dir = join(root, name)
    mkdirSync(join(dir, ".wave"), { recursive: true })
    writeFileSync(join(dir, ".wave", "settings.json"), JSON.stringify({ hooks }))
    return dir
  }
  const noMatch = home("no-match", {
    PreToolUse: [{ matcher: "mcp__other__.*", hooks: [{ type: "command", command: "true" }] }]
  })
  const trueHook = home("true-hook", {
    PreToolUse: [{ matcher: "mcp__tiny__echo", hooks: [{ type: "command", command: "true" }] }]
  })
  const policy = http.createServer((req, res) => {
    req.resume()
    req.on("end", () => res.writeHead(200).end())
  })
  policy.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => policy.listen(0, "127.0.0.1", resolve))
  const policyUrl = `http://127.0.0.1:${(policy.address() as AddressInfo).port}/pre`
  const httpHook = home("http-hook", {
    PreToolUse: [{ matcher: "mcp__tiny__echo", hooks: [{ type: "http", url: policyUrl }] }]
  })
  const proxyArgs = [cliBin, "mcp-proxy", "--project-dir", project, "--", nodeBin, tinyServer]
  const clients = [
    ["direct", await connect([tinyServer], noMatch, project)],
    ["proxy, no matching hook", await connect(proxyArgs, noMatch, project)],
    ["proxy, one `true` command hook", await connect(proxyArgs, trueHook, project)],
    ["proxy, one http hook", await connect(proxyArgs, httpHook, project)]
  ] as const
  try {
    const samples = Number(process.env["BENCH_MCP_SAMPLES"] ?? 300)
    const perBlock = Math.max(4, Math.round(samples / BLOCKS))
    let i = 0
    const ops = clients.map(([, client]) => async () => {
      const result = await client.callTool({ name: "echo", arguments: { text: `call ${i++}` } })
      if (result.isError === true) throw new Error(`unexpected ${JSON.stringify(result)}`)
    })
    const blocks: Array<ReadonlyArray<{ readonly p50NsPerOp: number; readonly p90NsPerOp: number }>> = []
    for (let b = 0; b < BLOCKS; b++)
      blocks.push(await measureAsyncInterleaved(ops, { samples: perBlock, warmup: b === 0 ? 30 : 3 }))
    const rows: Array<McpProxyRow> = clients.map(([name], c) => {
      const added = blocks.map((block) => block[c]!.p50NsPerOp - block[0]!.p50NsPerOp)
      const ratios = blocks.map((block) => block[c]!.p50NsPerOp / block[0]!.p50NsPerOp)
      return {
        case: name,
        samples: perBlock * BLOCKS,
        p50Ns: Math.round(median(blocks.map((block) => block[c]!.p50NsPerOp))),
        p90Ns: Math.round(median(blocks.map((block) => block[c]!.p90NsPerOp))),
        addedP50Ns: Math.round(median(added)),
        addedRangeNs: [Math.round(Math.min(...added)), Math.round(Math.max(...added))],
        ratioToDirect: round2(median(ratios)),
        ratioRange: [round2(Math.min(...ratios)), round2(Math.max(...ratios))]
      }
    })
    console.log(
      `\nmcp-proxy: tools/call (echo) over stdio, through wave-hooks mcp-proxy and directly; ${BLOCKS} blocks of ${perBlock} calls per case, interleaved`
    )
    console.log(
      "case                                  p50          p90          added p50 (median of blocks, range)     x direct (range)"
    )
    for (const r of rows) {
      console.log(
        `${r.case.padEnd(36)} ${formatNs(r.p50Ns).padStart(10)}   ${formatNs(r.p90Ns).padStart(10)}   ` +
          `${formatNs(r.addedP50Ns).padStart(10)} (${formatNs(r.addedRangeNs[0])} to ${formatNs(r.addedRangeNs[1])})`.padEnd(
            42
          ) +
          `${r.ratioToDirect.toFixed(2)}x (${r.ratioRange[0].toFixed(2)}-${r.ratioRange[1].toFixed(2)})`
      )
    }
    return rows
  } finally {
    await Promise.all(clients.map(([, client]) => client.close()))
    policy.closeAllConnections()
    policy.close()
    rmSync(root, { recursive: true, force: true })
  }
}
