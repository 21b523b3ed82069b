/**
 * OpenTelemetry spans of `run` (issue 15), against a real OTLP/HTTP receiver:
 * a node:http server on 127.0.0.1 that decodes the JSON export. The built CLI
 * runs with `OTEL_EXPORTER_OTLP_ENDPOINT` set; the spans' names, parents and
 * attributes are checked, as is what the hooks see (no `OTEL_*`), that no
 * secret of the allowlisted environment is exported, and that without the
 * variables nothing is sent and the exporter's bundle is not loaded. The
 * library (`runHooksPromise`) exports the same way.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { runHooksPromise } from "../../src/runner/index.ts"
import { redactUrl } from "../../src/settings/http-hook-config.ts"
import { cliBin, ensureCliBuilt, nodeBin, repoRoot, runCli } from "../helpers/cli-process.ts"

interface KeyValue {
  readonly key: string
  readonly value: {
    readonly stringValue?: string
    readonly intValue?: string | number
    readonly boolValue?: boolean
    readonly doubleValue?: number
    readonly arrayValue?: { readonly values: ReadonlyArray<KeyValue["value"]> }
  }
}
interface Span {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly name: string
  readonly attributes: ReadonlyArray<KeyValue>
}
interface Export {
  readonly resourceSpans: ReadonlyArray<{
    readonly resource: { readonly attributes: ReadonlyArray<KeyValue> }
    readonly scopeSpans: ReadonlyArray<{ readonly spans: ReadonlyArray<Span> }>
  }>
}

const plain = (v: KeyValue["value"]): unknown =>
  v.stringValue ??
  (v.intValue !== undefined ? Number(v.intValue) : undefined) ??
  v.boolValue ??
  v.doubleValue ??
  (v.arrayValue === undefined ? undefined : v.arrayValue.values.map(plain))
const attrs = (list: ReadonlyArray<KeyValue>): Record<string, unknown> =>
  Object.fromEntries(list.map((kv) => [kv.key, plain(kv.value)]))

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-otlp-"))
const home = join(tmp, "home")
const project = join(tmp, "project")
const sawOtel = join(tmp, "saw-otel.txt")
const secret = "tok-s3cret-4242"
mkdirSync(join(home, ".wave"), { recursive: true })
mkdirSync(project, { recursive: true })
const settingsFile = join(home, ".wave", "settings.json")
writeFileSync(
  settingsFile,
  JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            // What a hook sees of OTEL_*: nothing.
            { type: "command", command: `env | grep '^OTEL_' > ${sawOtel}; exit 0` },
            { type: "command", command: "sleep 5", timeout: 1 },
            // Echoes the allowlisted secret into its deny reason: it must not reach a span.
            { type: "command", command: `echo "denied with $API_TOKEN" >&2; exit 2`, env: ["API_TOKEN"] }
          ]
        }
      ]
    }
  })
)
const payload = JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } })

let server: Server
let endpoint = ""
const received: Array<{ readonly url: string; readonly type: string; readonly body: string }> = []

beforeAll(async () => {
  ensureCliBuilt()
  server = createServer((req, res) => {
    let body = ""
    req
      .setEncoding("utf8")
      .on("data", (chunk: string) => (body += chunk))
      .on("end", () => {
        received.push({ url: req.url ?? "", type: String(req.headers["content-type"]), body })
        res.writeHead(200, { "content-type": "application/json" }).end("{}")
      })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 180_000)
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(tmp, { recursive: true, force: true })
})

const spansIn = (
  bodies: ReadonlyArray<string>
): { readonly spans: ReadonlyArray<Span>; readonly resource: Record<string, unknown> } => {
  const exports = bodies.map((b) => JSON.parse(b) as Export)
  return {
    spans: exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))),
    resource: attrs(exports[0]?.resourceSpans[0]?.resource.attributes ?? [])
  }
}

const waitFor = async (check: () => boolean, ms: number): Promise<void> => {
  const until = Date.now() + ms
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
}

const baseEnv = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home, API_TOKEN: secret }

describe("run with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("exports one span for the event, a child per hook run and the decision, with their attributes", async () => {
    received.length = 0
    const ran = await runCli(["run", "PreToolUse", "--project-dir", project, "--payload", "-", "--json"], {
      input: payload,
      env: {
        ...baseEnv,
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_SERVICE_NAME: "wave-hooks-test",
        OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=ci,team=platform"
      }
    })
    assert.strictEqual(ran.status, 2, ran.stderr)
    // The spans were flushed before the process exited.
    const traces = received.filter((r) => r.url === "/v1/traces")
    assert.isAbove(traces.length, 0)
    assert.strictEqual(traces[0]!.type, "application/json")
    const { resource, spans } = spansIn(traces.map((r) => r.body))
    assert.strictEqual(resource["service.name"], "wave-hooks-test")
    assert.strictEqual(resource["deployment.environment"], "ci")
    assert.strictEqual(resource["team"], "platform")

    const events = spans.filter((s) => s.name === "wave-hooks PreToolUse")
    assert.strictEqual(events.length, 1)
    const event = events[0]!
    assert.isUndefined(event.parentSpanId)
    const eventAttrs = attrs(event.attributes)
    assert.strictEqual(eventAttrs["wave_hooks.event"], "PreToolUse")
    assert.strictEqual(eventAttrs["wave_hooks.tool_name"], "Bash")
    assert.strictEqual(eventAttrs["wave_hooks.hooks_run"], 3)
    assert.strictEqual(eventAttrs["wave_hooks.blocking"], true)
    assert.match(String(eventAttrs["wave_hooks.session_id"]), /^wave-/)

    const hooks = spans.filter((s) => s.name === "hook command")
    assert.strictEqual(hooks.length, 3)
    for (const h of hooks) {
      assert.strictEqual(h.parentSpanId, event.spanId)
      assert.strictEqual(h.traceId, event.traceId)
    }
    const byCommand = new Map(
      hooks.map((h) => [String(attrs(h.attributes)["wave_hooks.hook.command"]), attrs(h.attributes)])
    )
    const quiet = byCommand.get(`env | grep '^OTEL_' > ${sawOtel}; exit 0`)!
    assert.strictEqual(quiet["wave_hooks.hook.type"], "command")
    assert.strictEqual(quiet["wave_hooks.hook.source"], settingsFile)
    assert.strictEqual(quiet["wave_hooks.hook.path"], "$.hooks.PreToolUse[0].hooks[0]")
    assert.strictEqual(quiet["wave_hooks.hook.timed_out"], false)
    assert.strictEqual(quiet["wave_hooks.hook.truncated"], false)
    assert.isNumber(quiet["wave_hooks.hook.duration_ms"])
    // grep found nothing: exit 1 of grep, then exit 0 of the hook.
    assert.strictEqual(quiet["wave_hooks.hook.exit_code"], 0)
    const slow = byCommand.get("sleep 5")!
    assert.strictEqual(slow["wave_hooks.hook.timed_out"], true)
    assert.isUndefined(slow["wave_hooks.hook.exit_code"])
    assert.isAtLeast(slow["wave_hooks.hook.duration_ms"] as number, 900)
    const deny = byCommand.get(`echo "denied with $API_TOKEN" >&2; exit 2`)!
    assert.strictEqual(deny["wave_hooks.hook.exit_code"], 2)
    assert.deepStrictEqual(deny["wave_hooks.hook.effects"], ["BlockTool"])

    const decisions = spans.filter((s) => s.name === "wave-hooks decision")
    assert.strictEqual(decisions.length, 1)
    assert.strictEqual(decisions[0]!.parentSpanId, event.spanId)
    const decision = attrs(decisions[0]!.attributes)
    const effects = decision["wave_hooks.decision.effects"] as ReadonlyArray<string>
    const rules = decision["wave_hooks.decision.rules"] as ReadonlyArray<string>
    const by = decision["wave_hooks.decision.hooks"] as ReadonlyArray<string>
    const block = effects.indexOf("BlockTool")
    assert.isAtLeast(block, 0)
    assert.strictEqual(rules[block], "PreToolUse exit 2")
    assert.strictEqual((decision["wave_hooks.decision.rule_ids"] as ReadonlyArray<string>)[block], "exit.2")
    assert.strictEqual(by[block], `echo "denied with $API_TOKEN" >&2; exit 2`)
    assert.strictEqual(rules.length, effects.length)
    assert.strictEqual(decision["wave_hooks.decision.blocking"], true)
    // The same as `run --explain --json` says.
    assert.deepStrictEqual(
      effects,
      (JSON.parse(ran.stdout) as { effects: ReadonlyArray<{ _tag: string }> }).effects.map((e) => e._tag)
    )

    // No secret of the allowlisted environment in any export, though the hook put it in its reason.
    assert.include(ran.stdout, secret)
    for (const r of traces) assert.notInclude(r.body, secret)
    // The hook saw no OTEL_* variable.
    assert.strictEqual(readFileSync(sawOtel, "utf8"), "")
  }, 30_000)

  it("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is used as written", async () => {
    received.length = 0
    const ran = await runCli(["run", "Stop", "--project-dir", project], {
      env: { ...baseEnv, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/custom/traces` }
    })
    assert.strictEqual(ran.status, 0, ran.stderr)
    assert.deepStrictEqual(
      received.map((r) => r.url),
      ["/custom/traces"]
    )
    const { resource, spans } = spansIn(received.map((r) => r.body))
    assert.strictEqual(resource["service.name"], "wave-hooks")
    assert.deepStrictEqual(
      spans
        .filter((s) => s.name.startsWith("wave-hooks "))
        .map((s) => s.name)
        .sort(),
      ["wave-hooks Stop", "wave-hooks decision"]
    )
  }, 30_000)
})

describe("the agent's session_id (issue 21)", () => {
  it("the event's span and the audit line carry the payload's session_id, the one the hooks read, so a fleet can join them to its sessions", async () => {
    received.length = 0
    const audit = join(tmp, "session-audit.jsonl")
    const sessionId = "4f2c9a1e-agent-session-77"
    const ran = await runCli(["run", "Stop", "--project-dir", project, "--payload", "-", "--audit-log", audit], {
      input: JSON.stringify({ session_id: sessionId, stop_hook_active: false }),
      env: { ...baseEnv, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }
    })
    assert.strictEqual(ran.status, 0, ran.stderr)
    const { spans } = spansIn(received.filter((r) => r.url === "/v1/traces").map((r) => r.body))
    const event = spans.find((s) => s.name === "wave-hooks Stop")
    assert.isDefined(event)
    assert.strictEqual(attrs(event!.attributes)["wave_hooks.session_id"], sessionId)
    const lines = readFileSync(audit, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    assert.deepStrictEqual(
      lines.map((l) => l["session"]),
      [sessionId]
    )
  }, 30_000)

  it("without a session_id in the payload both carry the same generated id", async () => {
    received.length = 0
    const audit = join(tmp, "generated-audit.jsonl")
    const ran = await runCli(["run", "Stop", "--project-dir", project, "--audit-log", audit], {
      env: { ...baseEnv, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }
    })
    assert.strictEqual(ran.status, 0, ran.stderr)
    const { spans } = spansIn(received.filter((r) => r.url === "/v1/traces").map((r) => r.body))
    const spanSession = attrs(spans.find((s) => s.name === "wave-hooks Stop")!.attributes)["wave_hooks.session_id"]
    assert.match(String(spanSession), /^wave-/)
    const line = JSON.parse(readFileSync(audit, "utf8").trim()) as Record<string, unknown>
    assert.strictEqual(line["session"], spanSession)
  }, 30_000)
})

/**
 * Run the CLI recording every file it loads as a module (relative to dist/, hashes dropped). Not spawnSync:
 * the receiver in this process must answer while the CLI runs.
 */
const loadedBy = async (
  args: ReadonlyArray<string>,
  env: Record<string, string>
): Promise<{ readonly status: number | null; readonly loaded: ReadonlyArray<string> }> => {
  const record = join(tmp, `loaded-${Math.random().toString(36).slice(2)}.txt`)
  writeFileSync(record, "")
  const preload =
    "data:text/javascript," +
    encodeURIComponent(
      `import { registerHooks } from "node:module"\nimport { appendFileSync } from "node:fs"\n` +
        `registerHooks({ load(url, context, next) { if (url.startsWith("file:")) appendFileSync(${JSON.stringify(record)}, url + "\\n"); return next(url, context) } })\n`
    )
  const child = spawn(nodeBin, ["--import", preload, cliBin, ...args], { cwd: project, env, stdio: "ignore" })
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve))
  const dist = join(repoRoot, "dist") + "/"
  const loaded = readFileSync(record, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((url) => new URL(url).pathname.replace(dist, "").replace(/-[\w-]{8}\.js$/, ".js"))
  return { status, loaded }
}

describe("without the OTEL variables", () => {
  it("nothing is sent and run loads no exporter (the entry and the run bundle only)", async () => {
    received.length = 0
    const ran = await loadedBy(["run", "Stop", "--project-dir", project, "--json"], { PATH: baseEnv.PATH, HOME: home })
    assert.strictEqual(ran.status, 0)
    assert.deepStrictEqual(ran.loaded, ["bin.js", "cli-chunks/run.js", "cli-chunks/script-loader.js"])
    await new Promise((r) => setTimeout(r, 200))
    assert.deepStrictEqual(received, [])
    // With an endpoint, the exporter's bundle is loaded on demand.
    const traced = await loadedBy(["run", "Stop", "--project-dir", project, "--json"], {
      PATH: baseEnv.PATH,
      HOME: home,
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint
    })
    assert.strictEqual(traced.status, 0)
    assert.strictEqual(received.length, 1)
    assert.deepStrictEqual(traced.loaded, [
      "bin.js",
      "cli-chunks/run.js",
      "cli-chunks/script-loader.js",
      "cli-chunks/otlp.js"
    ])
    // OTEL_SDK_DISABLED and OTEL_TRACES_EXPORTER=none switch it off.
    for (const off of [{ OTEL_SDK_DISABLED: "true" }, { OTEL_TRACES_EXPORTER: "none" }]) {
      const quiet = await loadedBy(["run", "Stop", "--project-dir", project], {
        PATH: baseEnv.PATH,
        HOME: home,
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        ...off
      })
      assert.deepStrictEqual(quiet.loaded, ["bin.js", "cli-chunks/run.js", "cli-chunks/script-loader.js"])
    }
    assert.strictEqual(received.length, 1)
  }, 30_000)
})

describe("the library", () => {
  it("runHooksPromise exports the event's spans when its env names an endpoint, and resolves after they are sent", async () => {
    received.length = 0
    const result = await runHooksPromise({
      event: "Stop",
      payload: {},
      projectDir: project,
      homeDir: home,
      env: { ...baseEnv, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "embedded-agent" }
    })
    assert.deepStrictEqual(result.effects, [])
    await waitFor(() => received.length > 0, 2000)
    const { resource, spans } = spansIn(received.map((r) => r.body))
    assert.strictEqual(resource["service.name"], "embedded-agent")
    const event = spans.find((s) => s.name === "wave-hooks Stop")
    assert.isDefined(event)
    assert.strictEqual(spans.find((s) => s.name === "wave-hooks decision")?.parentSpanId, event!.spanId)
  }, 30_000)
})

describe("URL credentials in spans (issue 20)", () => {
  it("a command holding a URL with a password exports it only as redactUrl writes it, in the hook's span and the decision's", async () => {
    const urlHome = join(tmp, "url-home")
    mkdirSync(join(urlHome, ".wave"), { recursive: true })
    const url = "https://bot:pa55word-77@hooks.example.com/x?token=querysecret"
    const command = `echo '${url}' > /dev/null; echo 'no' >&2; exit 2`
    writeFileSync(
      join(urlHome, ".wave", "settings.json"),
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command }] }] } })
    )
    received.length = 0
    const result = await runHooksPromise({
      event: "PreToolUse",
      payload: { tool_name: "Bash", tool_input: { command: "ls" } },
      projectDir: project,
      homeDir: urlHome,
      env: { ...baseEnv, HOME: urlHome, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }
    })
    assert.strictEqual(result.runs.length, 1)
    await waitFor(() => received.length > 0, 5000)
    const { spans } = spansIn(received.map((r) => r.body))
    const hookSpan = spans.find((s) => s.name === "hook command")!
    const shown = command.replace(url, redactUrl(url))
    assert.strictEqual(attrs(hookSpan.attributes)["wave_hooks.hook.command"], shown)
    const decision = attrs(spans.find((s) => s.name === "wave-hooks decision")!.attributes)
    assert.include(decision["wave_hooks.decision.hooks"] as ReadonlyArray<string>, shown)
    for (const r of received) assert.notInclude(r.body, "pa55word-77")
  }, 30_000)
})
