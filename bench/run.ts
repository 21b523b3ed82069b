/**
 * `npm run bench [-- section...]`: runs the benchmarks and writes
 * bench/results.json (sections not run keep their last rows). Sections: decide,
 * permission, runner, load, cli, transport, events, mcp-proxy, gateway-load, serve.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { benchCli } from "./cli.bench.ts"
import { benchDecide } from "./decide.bench.ts"
import { benchEvents } from "./events.bench.ts"
import { benchGatewayLoad } from "./gateway-load.bench.ts"
import { benchLoad, benchRunner } from "./load.bench.ts"
import { benchMcpProxy } from "./mcp-proxy.bench.ts"
import { benchPermission } from "./permission.bench.ts"
import { benchServe } from "./serve.bench.ts"
import { benchTransport } from "./transport.bench.ts"

const sections: Record<string, () => unknown | Promise<unknown>> = {
  decide: benchDecide,
  permission: benchPermission,
  runner: benchRunner,
  load: benchLoad,
  cli: benchCli,
  transport: benchTransport,
  events: benchEvents,
  "mcp-proxy": benchMcpProxy,
  "gateway-load": benchGatewayLoad,
  serve: benchServe
}

const wanted = process.argv.slice(2)
const resultsPath = new URL("./results.json", import.meta.url)
let results: Record<string, unknown> = {}
try {
  results = JSON.parse(readFileSync(resultsPath, "utf8")) as Record<string, unknown>
} catch {
  results = {}
}
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue
  results[name] = { measuredAt: new Date().toISOString(), node: process.version, rows: await run() }
}
writeFileSync(resultsPath, JSON.stringify(results, null, 2) + "\n")
console.log(`\nwrote ${resultsPath.pathname}`)
