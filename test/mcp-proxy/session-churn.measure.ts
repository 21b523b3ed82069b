/**
 * A measurement, not a test (vitest does not pick it up): open and leave
 * N sessions (default 10,000; half DELETEd, half abandoned to the idle
 * timeout) on `mcp-proxy --listen`, 10 at a time, with a SessionStart and a
 * SessionEnd command hook, and print at checkpoints:
 *
 * - the CLI proxy process: its RSS and its live child processes;
 * - the gateway in this process (`--expose-gc`): the heap after a collection.
 *
 * Run: `node --expose-gc test/mcp-proxy/session-churn.measure.ts [N]`
 * (after `node scripts/build-cli.ts`); `PROXY_NODE_OPTIONS` is passed to the
 * proxy as `NODE_OPTIONS` (e.g. `--max-old-space-size=96`), `ONLY=process`
 * skips the in-process part. The numbers are in notes/i20-gateway.md.
 */
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startGateway } from "../../src/hosts/mcp/gateway.ts"
import { cliBin, nodeBin } from "../helpers/cli-process.ts"
import { childrenOf, rssKiB, tinyServer } from "./gateway-helpers.ts"

const total = Number(process.argv[2] ?? 10_000)
const checkpoints = new Set([100, Math.round(total / 4), Math.round(total / 2), Math.round((3 * total) / 4), total])
const root = mkdtempSync(join(tmpdir(), "wave-hooks-churn-"))
const home = join(root, "home")
const project = join(root, "project")
const log = join(root, "sessions.log")
mkdirSync(join(home, ".wave"), { recursive: true })
mkdirSync(project)
writeFileSync(
  join(home, ".wave/settings.json"),
  JSON.stringify({
    hooks: {
      SessionStart: [{ hooks: [{ type: "command", command: `echo start >> '${log}'` }] }],
      SessionEnd: [{ hooks: [{ type: "command", command: `echo end >> '${log}'` }] }]
    }
  })
)
const count = (word: string) =>
  readFileSync(log, "utf8")
    .split("\n")
    .filter((l) => l === word).length
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const churn = async (url: string, token: string, from: number, to: number) => {
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${token}`
  }
  const init = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "churn", version: "1" } }
  })
  let next = from
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < to) {
        const n = next++
        const opened = await fetch(url, { method: "POST", headers, body: init })
        await opened.text()
        const id = opened.headers.get("mcp-session-id")!
        const session = { ...headers, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" }
        await (
          await fetch(url, {
            method: "POST",
            headers: session,
            body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })
          })
        ).text()
        if (n % 2 === 0) await (await fetch(url, { method: "DELETE", headers: session })).text()
      }
    })
  )
}
const released = async (n: number) => {
  while (count("end") < n) await sleep(200)
}

const measureProcess = async () => {
  writeFileSync(log, "")
  const child = spawn(
    nodeBin,
    [
      cliBin,
      "mcp-proxy",
      "--project-dir",
      project,
      "--listen",
      "127.0.0.1:0",
      "--session-idle-timeout",
      "2",
      "--",
      nodeBin,
      tinyServer
    ],
    {
      env: {
        ...process.env,
        HOME: home,
        ...(process.env["PROXY_NODE_OPTIONS"] === undefined ? {} : { NODE_OPTIONS: process.env["PROXY_NODE_OPTIONS"] })
      },
      stdio: ["ignore", "ignore", "pipe"]
    }
  )
  let stderr = ""
  const url = await new Promise<string>((resolve) =>
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk
      const match = /serving MCP over Streamable HTTP at (\S+)/.exec(stderr)
      if (match !== null) resolve(match[1]!)
    })
  )
  const token = /"Authorization: Bearer ([^"\s]+)"/.exec(stderr)![1]!
  console.log(`process: start RSS ${rssKiB(child.pid!)} KiB, children ${childrenOf(child.pid!).length}`)
  let done = 0
  const started = Date.now()
  for (const checkpoint of [...checkpoints].sort((a, b) => a - b)) {
    await churn(url, token, done, checkpoint)
    done = checkpoint
    await released(done)
    await sleep(1000)
    console.log(
      `process: ${done} sessions released (SessionStart ${count("start")}, SessionEnd ${count("end")}), RSS ${rssKiB(child.pid!)} KiB, ` +
        `children ${childrenOf(child.pid!).length}, ${((Date.now() - started) / 1000).toFixed(0)} s`
    )
  }
  child.kill("SIGTERM")
  await new Promise((r) => child.on("exit", r))
}

const measureInProcess = async () => {
  writeFileSync(log, "")
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error("run with node --expose-gc")
  const gateway = await startGateway({
    upstream: { command: nodeBin, args: [tinyServer] },
    listen: { host: "127.0.0.1", port: 0, sessionIdleMs: 3000 },
    hooks: { projectDir: project, homeDir: home },
    log: () => {}
  })
  const heap = async () => {
    for (let i = 0; i < 3; i++) {
      gc()
      await sleep(100)
    }
    return (process.memoryUsage().heapUsed / (1024 * 1024)).toFixed(1)
  }
  console.log(`in-process: start heap ${await heap()} MiB`)
  let done = 0
  for (const checkpoint of [...checkpoints].sort((a, b) => a - b)) {
    await churn(gateway.url!, gateway.token!, done, checkpoint)
    done = checkpoint
    await released(done)
    while (gateway.sessionCount() > 0) await sleep(200)
    console.log(
      `in-process: ${done} sessions released (open ${gateway.sessionCount()}), heap after GC ${await heap()} MiB`
    )
  }
  await gateway.shutdown()
}

try {
  await measureProcess()
  if (process.env["ONLY"] !== "process") await measureInProcess()
} finally {
  rmSync(root, { recursive: true, force: true })
}
