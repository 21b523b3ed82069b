/**
 * `transport` (issue 13): one PreToolUse event through each hook type, the
 * same work everywhere (read the event's JSON, deny when the command holds
 * `rm -rf`, else allow, as a JSON verdict), through the code path the runner
 * uses (request -> HookRun -> decide):
 *
 * - `http`: `runHttpHook` (HttpHook on node:http keep-alive agents) to a local
 *   keep-alive node:http server;
 * - `sh`: `HookProcess.run` of a `sh` script (`case` on the input);
 * - `node`: `HookProcess.run` of a `node` script (JSON.parse of stdin);
 * - `mcp_tool`: `runMcpToolHook` to the fixture MCP server over stdio, warm
 *   (started before measuring), and its floor: the SDK's own `Client.callTool`
 *   of the same tool with the same arguments on a second warm copy of that
 *   server (issue 24's target: the hook <= 2x the bare call);
 * - the whole event through `runHooks` (settings snapshot, plan, run, decide,
 *   combine) with one `http` hook, and with one `sh` command hook doing the
 *   same work: the per-event cost a user pays; their ratio is printed apart.
 *
 * Each block measures every case's samples back to back (the order rotated
 * per block, so drift in machine load weighs on all alike); each row gives
 * the median of its blocks' p50 and the median (range) of the blocks' ratios
 * to the http hook. Three bare clients (the choice of HTTP client) are measured the
 * same way: `fetch`, node:http with a keep-alive agent (`sendHttpRequest`),
 * undici's `Pool`. `BENCH_TRANSPORT_SAMPLES` (default 200) sets the rounds.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { Effect, ManagedRuntime } from "effect"
import { decide } from "../src/core/decide.ts"
import type { HookRun } from "../src/core/hook-run.ts"
import { HookProcess } from "../src/runner/hook-process.ts"
import { HttpHook, runHttpHook } from "../src/runner/http-hook.ts"
import { McpTools } from "../src/runner/mcp-client.ts"
import { runMcpToolHook } from "../src/runner/mcp-tool-hook.ts"
import { destroyHttpAgents, makeHttpAgents, sendHttpRequest } from "../src/runner/node-http-hook.ts"
import { formatNs, measureInRotatedBlocks, median, round2 } from "./measure.ts"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { NodeFileSystem } from "@effect/platform-node"
import { runHooks } from "../src/runner/run-hooks.ts"
import { layerSettings } from "../src/settings/plan.ts"
import { validateSettings } from "../src/settings/validate-settings.ts"

/** One row of the transport benchmark. */
export interface TransportRow {
  readonly case: string
  readonly samples: number
  readonly p50Ns: number
  readonly p90Ns: number
  /** Median over the blocks of (this case's p50 / the http hook's p50), and the blocks' range. */
  readonly ratioToHttp: number
  readonly ratioRange: readonly [number, number]
}

const BLOCKS = 5

const denyText = "rm -rf is not allowed"
const verdict = (command: string): string =>
  JSON.stringify({
    hookSpecificOutput: command.includes("rm -rf")
      ? { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: denyText }
      : { hookEventName: "PreToolUse", permissionDecision: "allow" }
  })

const shScript = `input=$(cat)
case "$input" in
  *"rm -rf"*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${denyText}"}}' ;;
  *) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}' ;;
esac
`
const nodeScript = `let s = ""
process.stdin.setEncoding("utf8")
process.stdin.on("data", (c) => { s += c })
process.stdin.on("end", () => {
  const command = JSON.parse(s).tool_input.command
  process.stdout.write(JSON.stringify({ hookSpecificOutput: command.includes("rm -rf")
    ? { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: ${JSON.stringify(denyText)} }
    : { hookEventName: "PreToolUse", permissionDecision: "allow" } }))
})
`

/** The transport section: the hook types per event against the http hook, and the bare HTTP clients. */
export const benchTransport = async (): Promise<ReadonlyArray<TransportRow>> => {
  const dir = mkdtempSync(join(tmpdir(), "wave-hooks-bench-transport-"))
  writeFileSync(join(dir, "guard.sh"), shScript)
  writeFileSync(join(dir, "guard.mjs"), nodeScript)
  const server = http.createServer((req, res) => {
    let body = ""
    req.setEncoding("utf8")
    req.on("data", (c: string) => (body += c))
    req.on("end", () => {
      const command = (JSON.parse(body) as { tool_input: { command: string } }).tool_input.command
      res.writeHead(200, { "content-type": "application/json" }).end(verdict(command))
    })
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pre`
  const agents = makeHttpAgents()
  const httpHook = HttpHook.make(agents)
  // undici comes only through @effect/platform-node (not a dependency of ours): measured when it is there.
  const undici = await import("undici").catch(() => undefined)
  const pool = undici === undefined ? undefined : new undici.Pool(new URL(url).origin, { connections: 4 })
  const verdictServer = resolve(import.meta.dirname, "../test/fixtures/mcp/verdict-server.ts")
  const mcp = ManagedRuntime.make(
    McpTools.layer({
      servers: {
        guard: {
          command: process.execPath,
          args: [verdictServer]
        }
      },
      cwd: dir
    })
  )
  const bareMcp = new Client({ name: "bench-bare", version: "1.0.0" })
  await bareMcp.connect(new StdioClientTransport({ command: process.execPath, args: [verdictServer], cwd: dir }))
  // HOME too: bash without HOME looks the user up and can take 100 ms to start (seen here), which no real agent pays.
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: process.env["HOME"] ?? dir }
  let i = 0
  const payload = () => ({
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: (i++ & 1) === 0 ? "rm -rf /" : "ls -la" }
  })
  const check = (run: HookRun, input: string) => {
    const denied = input.includes("rm -rf")
    const effects = decide("PreToolUse", run)
    const expected = denied ? "BlockTool" : "AllowTool"
    if (effects.length !== 1 || effects[0]!._tag !== expected)
      throw new Error(`unexpected ${JSON.stringify({ run, effects })}`)
  }
  const viaCommand = async (command: string) => {
    const input = JSON.stringify(payload())
    check(await Effect.runPromise(HookProcess.node.run({ command, cwd: dir, env, input, timeoutMs: 30_000 })), input)
  }
  const snapshotOf = (hook: Record<string, unknown>) =>
    layerSettings(
      [
        validateSettings(JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [hook] }] } }), {
          file: join(dir, "settings.json"),
          scope: "user",
          dialect: "wave"
        })
      ],
      "wave"
    )
  const viaRunHooks = (settings: ReturnType<typeof snapshotOf>) => async () => {
    const p = payload()
    const result = await Effect.runPromise(
      runHooks({
        event: "PreToolUse",
        payload: p,
        projectDir: dir,
        settings,
        env,
        session: { session_id: "bench" }
      }).pipe(
        Effect.provideService(HookProcess, HookProcess.node),
        Effect.provideService(HttpHook, httpHook),
        Effect.provide(NodeFileSystem.layer)
      )
    )
    const expected = p.tool_input.command.includes("rm -rf") ? "BlockTool" : "AllowTool"
    if (result.effects.length !== 1 || result.effects[0]!._tag !== expected)
      throw new Error(`unexpected ${JSON.stringify(result.effects)}`)
  }
  const httpSettings = snapshotOf({ type: "http", url })
  const shSettings = snapshotOf({ type: "command", command: "sh ./guard.sh" })
  const cases: ReadonlyArray<readonly [string, () => Promise<void>]> = [
    [
      "http hook (node:http keep-alive)",
      async () => {
        const input = JSON.stringify(payload())
        const { run } = await Effect.runPromise(
          runHttpHook({ url }, { input, env: {}, timeoutMs: 30_000 }).pipe(Effect.provideService(HttpHook, httpHook))
        )
        check(run, input)
      }
    ],
    ["command hook: sh", () => viaCommand("sh ./guard.sh")],
    ["command hook: node", () => viaCommand(`${JSON.stringify(process.execPath)} ./guard.mjs`)],
    [
      "mcp_tool hook (warm stdio server)",
      async () => {
        const p = payload()
        const { run } = await mcp.runPromise(
          runMcpToolHook(
            { server: "guard", tool: "check_command", input: { command: "${tool_input.command}" } },
            { payload: p, timeoutMs: 30_000 }
          )
        )
        check(run, JSON.stringify(p))
      }
    ],
    [
      "bare SDK callTool (warm stdio server)",
      async () => {
        const p = payload()
        const result = await bareMcp.callTool({
          name: "check_command",
          arguments: { command: p.tool_input.command }
        })
        const text = (result.content as Array<{ readonly type: string; readonly text?: string }>)[0]?.text ?? ""
        check({ exitCode: 0, stdout: text, stderr: "", durationMs: 0, timedOut: false }, JSON.stringify(p))
      }
    ],
    ["runHooks event: one http hook", viaRunHooks(httpSettings)],
    ["runHooks event: one sh command hook", viaRunHooks(shSettings)],
    [
      "bare client: fetch",
      async () => {
        const r = await fetch(url, {
          method: "POST",
          body: JSON.stringify(payload()),
          headers: { "content-type": "application/json" },
          redirect: "manual"
        })
        await r.text()
      }
    ],
    [
      "bare client: node:http agent",
      async () => {
        await sendHttpRequest(
          { url, headers: {}, body: JSON.stringify(payload()), timeoutMs: 30_000, capBytes: 1 << 20 },
          agents
        )
      }
    ],
    ...(pool === undefined
      ? []
      : [
          [
            "bare client: undici Pool",
            async () => {
              const r = await pool.request({
                path: "/pre",
                method: "POST",
                body: JSON.stringify(payload()),
                headers: { "content-type": "application/json" }
              })
              await r.body.text()
            }
          ] as const
        ])
  ]
  try {
    const samples = Number(process.env["BENCH_TRANSPORT_SAMPLES"] ?? 200)
    const perBlock = Math.max(4, Math.round(samples / BLOCKS))
    // Each case's samples back to back (a spawn's background work, such as its group's leftover probe,
    // must not land in a round trip's timing), in a rotated order per block.
    const blocks = await measureInRotatedBlocks(
      cases.map(([, op]) => op),
      { blocks: BLOCKS, perBlock, firstWarmup: 20, warmup: 3 }
    )
    const rows: Array<TransportRow> = cases.map(([name], c) => {
      const ratios = blocks.map((block) => block[c]!.p50NsPerOp / block[0]!.p50NsPerOp)
      return {
        case: name,
        samples: perBlock * BLOCKS,
        p50Ns: Math.round(median(blocks.map((block) => block[c]!.p50NsPerOp))),
        p90Ns: Math.round(median(blocks.map((block) => block[c]!.p90NsPerOp))),
        ratioToHttp: round2(median(ratios)),
        ratioRange: [round2(Math.min(...ratios)), round2(Math.max(...ratios))]
      }
    })
    console.log(
      `\ntransport: one PreToolUse event per hook type, same work (JSON verdict on rm -rf), request -> HookRun -> decide; ${BLOCKS} blocks of ${perBlock} samples per case`
    )
    console.log(
      "case                                    p50          p90          x http hook (median of blocks, range)"
    )
    for (const r of rows) {
      console.log(
        `${r.case.padEnd(38)} ${formatNs(r.p50Ns).padStart(10)}   ${formatNs(r.p90Ns).padStart(10)}   ${r.ratioToHttp.toFixed(2)}x (${r.ratioRange[0].toFixed(2)}-${r.ratioRange[1].toFixed(2)})`
      )
    }
    const at = (name: string) => cases.findIndex(([n]) => n === name)
    const eventRatios = blocks.map(
      (block) =>
        block[at("runHooks event: one sh command hook")]!.p50NsPerOp /
        block[at("runHooks event: one http hook")]!.p50NsPerOp
    )
    console.log(
      `whole event through runHooks: the sh command hook is ${round2(median(eventRatios)).toFixed(2)}x the http hook ` +
        `(blocks ${round2(Math.min(...eventRatios)).toFixed(2)}-${round2(Math.max(...eventRatios)).toFixed(2)})`
    )
    const mcpRatios = blocks.map(
      (block) =>
        block[at("mcp_tool hook (warm stdio server)")]!.p50NsPerOp /
        block[at("bare SDK callTool (warm stdio server)")]!.p50NsPerOp
    )
    const mcpRatio = round2(median(mcpRatios))
    console.log(
      `mcp_tool hook against a bare SDK callTool of the same tool: ${mcpRatio.toFixed(2)}x ` +
        `(blocks ${round2(Math.min(...mcpRatios)).toFixed(2)}-${round2(Math.max(...mcpRatios)).toFixed(2)}); ` +
        `target <= 2x: ${mcpRatio <= 2 ? "met" : "NOT met"}`
    )
    return rows
  } finally {
    await bareMcp.close()
    await mcp.dispose()
    await pool?.close()
    destroyHttpAgents(agents)
    server.closeAllConnections()
    server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
