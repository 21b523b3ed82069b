import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as http from "node:http"
const { HookSession } = await import((process.env.ROOT ?? process.cwd()) + "/src/runner/session.ts")
const dir = mkdtempSync(join(tmpdir(), "prof-"))
const home = mkdtempSync(join(tmpdir(), "profh-"))
mkdirSync(join(home, ".wave"), { recursive: true })
const fullMode = process.argv[2] ?? "idle"
const traced = fullMode.endsWith("-traced")
const mode = fullMode.replace(/-traced$/, "")
const receiver = http.createServer((req, res) => { req.resume(); req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}")) })
await new Promise<void>(r => receiver.listen(0, "127.0.0.1", r))
const otlpEnv = traced ? { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as any).port}` } : {}
const server = http.createServer((req, res) => { let b=""; req.on("data",c=>b+=c); req.on("end",()=>res.writeHead(200,{"content-type":"application/json"}).end('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}')) })
server.keepAliveTimeout = 60000
await new Promise<void>(r => server.listen(0, "127.0.0.1", r))
const url = `http://127.0.0.1:${(server.address() as any).port}/pre`
const n = mode === "http10" ? 10 : 1
const hooks = mode === "idle" ? { PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "true" }] }] }
  : { PreToolUse: [{ matcher: "Bash", parallel: true, hooks: Array.from({length:n},()=>({ type: "http", url })) }] }
writeFileSync(join(home, ".wave", "settings.json"), JSON.stringify({ hooks }))
const session = await HookSession.startPromise({ projectDir: dir, homeDir: home, env: { PATH: process.env.PATH!, HOME: home, ...otlpEnv }, trustPolicy: "all" } as any)
const payload = { tool_name: "Bash", tool_input: { command: "ls" } }
const N = Number(process.argv[3] ?? 5000)
for (let i = 0; i < 200; i++) await session.firePromise("PreToolUse", payload)
const t0 = process.hrtime.bigint()
for (let i = 0; i < N; i++) await session.firePromise("PreToolUse", payload)
const t1 = process.hrtime.bigint()
const r = await session.firePromise("PreToolUse", payload)
console.log(fullMode, "per event us", Number(t1 - t0) / N / 1000, r.effects.map(e=>e._tag))
server.close(); server.closeAllConnections()
process.exit(0)
