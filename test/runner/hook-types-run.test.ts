/**
 * `runHooks` with hooks of every type over real transports (issue 13): a
 * node:http server on 127.0.0.1 for `http` hooks (the runner's default
 * client: the process's keep-alive agents), the fixture MCP server
 * (test/fixtures/mcp/verdict-server.ts) started by the runner for the event
 * and gone when it returns, and `prompt` / `agent` hooks answered by
 * `PromptHooks.layerTest`. Command hooks are real processes. Trust, the
 * allowlists, header variables, timeouts, redirects, keep-alive, parallel
 * ordering and tool-input chaining across types.
 */
import { NodeFileSystem } from "@effect/platform-node"
import * as http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { resolve } from "node:path"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { HookEvent } from "../../src/core/events.ts"
import type { JsonRecord } from "../../src/core/payload.ts"
import type { HookEffect } from "../../src/effects/hook-effect.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import type { StartedMcpServer } from "../../src/runner/mcp-client.ts"
import { McpTools } from "../../src/runner/mcp-client.ts"
import type { CannedAnswer, ModelHookRequest } from "../../src/runner/prompt-hook.ts"
import { PromptHooks } from "../../src/runner/prompt-hook.ts"
import type { RunHooksOptions, RunHooksResult } from "../../src/runner/run-hooks.ts"
import { runHooks } from "../../src/runner/run-hooks.ts"
import { HookSession } from "../../src/runner/session.ts"
import type { TempProject } from "../helpers/project.ts"
import { effectsOf, group, hook, makeProject, removeTempProjects, settings, shq } from "../helpers/project.ts"
import { exists } from "../helpers/processes.ts"

const fixture = resolve(import.meta.dirname, "../fixtures/mcp/verdict-server.ts")

// ====== The HTTP server ======

interface Seen {
  readonly path: string
  readonly headers: http.IncomingHttpHeaders
  readonly body: string
}

const deny = {
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "denied over http"
  }
}

let server: http.Server
let base = ""
let refusedUrl = ""
const seen: Array<Seen> = []
const held: Array<http.ServerResponse> = []
/** The command hook of the parallel test waits here until the http hook's answer was sent. */
const gate: { released: boolean; waiting: Array<http.ServerResponse> } = { released: false, waiting: [] }

const answer = (path: string, body: string, res: http.ServerResponse): void => {
  switch (path) {
    case "/deny":
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(deny))
      return
    case "/empty":
    case "/headers":
    case "/untrusted":
    case "/policy":
      res.writeHead(204).end()
      return
    case "/error":
      res.writeHead(500).end("the guard is down")
      return
    case "/redirect":
      res.writeHead(302, { location: `${base}/deny` }).end()
      return
    case "/slow":
      held.push(res)
      return
    case "/update":
      res.writeHead(200).end(
        JSON.stringify({
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "allow",
            updatedInput: { command: "git status --short" }
          }
        })
      )
      return
    case "/parallel-http":
      res.on("finish", () => {
        gate.released = true
        for (const waiting of gate.waiting.splice(0)) waiting.writeHead(200).end("go")
      })
      res.writeHead(200).end(JSON.stringify({ systemMessage: "from http" }))
      return
    case "/gate":
      if (gate.released) res.writeHead(200).end("go")
      else gate.waiting.push(res)
      return
    default:
      res.writeHead(404).end(`no route ${path} (${body.length} bytes)`)
  }
}

const listen = async (
  handler: http.RequestListener
): Promise<{ readonly server: http.Server; readonly base: string }> => {
  const s = http.createServer(handler)
  await new Promise<void>((done) => s.listen(0, "127.0.0.1", done))
  return { server: s, base: `http://127.0.0.1:${(s.address() as AddressInfo).port}` }
}

const close = async (s: http.Server): Promise<void> => {
  s.closeAllConnections()
  await new Promise<void>((done) => s.close(() => done()))
}

beforeAll(async () => {
  const started = await listen((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      const path = req.url ?? "/"
      seen.push({ path, headers: req.headers, body })
      answer(path, body, res)
    })
  })
  server = started.server
  base = started.base
  // A port nothing listens on: bind one, note it, close it.
  const probe = await listen(() => {})
  refusedUrl = `${probe.base}/hook`
  await close(probe.server)
})

afterAll(async () => {
  for (const res of [...held, ...gate.waiting]) res.destroy()
  await close(server)
  removeTempProjects()
})

const requestsTo = (path: string): ReadonlyArray<Seen> => seen.filter((s) => s.path === path)

// ====== Running ======

const bash = (command: string): JsonRecord => ({ tool_name: "Bash", tool_input: { command } })

/** One `http` hook entry. */
const httpHook = (url: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: "http",
  url,
  ...extra
})

/**
 * `runHooks` for a project with real command processes and the default
 * transports (nothing provides `HttpHook` or `McpTools`), plus `extra`
 * services. Trusts the project first unless `trust` is false.
 */
const run = async (
  p: TempProject,
  event: HookEvent,
  payload: JsonRecord,
  options: {
    readonly extra?: Layer.Layer<PromptHooks> | Layer.Layer<McpTools>
    readonly trust?: boolean
    readonly run?: Partial<RunHooksOptions>
  } = {}
): Promise<RunHooksResult> => {
  if (options.trust !== false) await p.trust()
  const base = Layer.mergeAll(NodeFileSystem.layer, HookProcess.layer)
  const program = runHooks({ event, payload, projectDir: p.dir, homeDir: p.home, env: p.env, ...options.run })
  return Effect.runPromise(
    options.extra === undefined
      ? program.pipe(Effect.provide(base))
      : program.pipe(Effect.provide(Layer.mergeAll(base, options.extra as Layer.Layer<PromptHooks | McpTools>)))
  )
}

/** A project whose user settings hold `groups` for `event` (and `extra` top-level keys). */
const projectWith = (
  event: HookEvent,
  groups: ReadonlyArray<Record<string, unknown>>,
  extra: Record<string, unknown> = {}
): TempProject => {
  const p = makeProject()
  p.writeSettings("user", settings({ [event]: groups }, extra))
  return p
}

const texts = (effects: ReadonlyArray<HookEffect>, level?: "error" | "warning" | "info"): ReadonlyArray<string> =>
  effectsOf(effects, "ShowUser")
    .filter((e) => level === undefined || e.level === level)
    .map((e) => e.text)

// ====== http ======

describe("http hooks over a real server", () => {
  it("a deny JSON answer blocks the tool; the server got the event's JSON as the POST body", async () => {
    const p = projectWith("PreToolUse", [group([httpHook(`${base}/deny`)])])
    const before = requestsTo("/deny").length
    const result = await run(p, "PreToolUse", bash("rm -rf /"))
    assert.deepStrictEqual(result.effects, [{ _tag: "BlockTool", reason: "denied over http" }])
    const requests = requestsTo("/deny").slice(before)
    assert.strictEqual(requests.length, 1)
    const body = JSON.parse(requests[0]!.body) as Record<string, unknown>
    assert.strictEqual(body["hook_event_name"], "PreToolUse")
    assert.deepStrictEqual(body["tool_input"], { command: "rm -rf /" })
    assert.strictEqual(requests[0]!.headers["content-type"], "application/json")
    assert.strictEqual(result.runs[0]!.hook.command, `POST ${base}/deny`)
  })

  it("an empty 2xx answer is exit 0 with no effects", async () => {
    const p = projectWith("PreToolUse", [group([httpHook(`${base}/empty`)])])
    const before = requestsTo("/empty").length
    const result = await run(p, "PreToolUse", bash("ls"))
    assert.deepStrictEqual(result.effects, [])
    assert.strictEqual(result.runs[0]!.run.exitCode, 0)
    assert.strictEqual(requestsTo("/empty").length - before, 1)
  })

  it("a 500 is a non-blocking error shown to the user", async () => {
    const p = projectWith("PreToolUse", [group([httpHook(`${base}/error`)])])
    const result = await run(p, "PreToolUse", bash("ls"))
    assert.deepStrictEqual(
      result.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include(texts(result.effects, "error")[0], "HTTP 500 Internal Server Error: the guard is down")
  })

  it("a 500 with onFailure block blocks the tool", async () => {
    const p = projectWith("PreToolUse", [group([httpHook(`${base}/error`, { onFailure: "block" })])])
    const result = await run(p, "PreToolUse", bash("ls"))
    const blocks = effectsOf(result.effects, "BlockTool")
    assert.strictEqual(blocks.length, 1)
    assert.include(blocks[0]!.reason, "HTTP 500")
  })

  it("a refused connection is a non-blocking error naming the URL", async () => {
    const p = projectWith("PreToolUse", [group([httpHook(refusedUrl)])])
    const result = await run(p, "PreToolUse", bash("ls"))
    assert.deepStrictEqual(
      result.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    const text = texts(result.effects, "error")[0]!
    assert.include(text, refusedUrl)
    assert.include(text, "connection refused")
    assert.strictEqual(result.runs[0]!.run.exitCode, null)
  })

  it("a server that never answers times out after the hook's timeout (1 s)", async () => {
    const p = projectWith("PreToolUse", [group([httpHook(`${base}/slow`, { timeout: 1 })])])
    const before = requestsTo("/slow").length
    const started = performance.now()
    const result = await run(p, "PreToolUse", bash("ls"))
    const elapsed = performance.now() - started
    assert.strictEqual(requestsTo("/slow").length - before, 1, "the request was sent")
    assert.isTrue(result.runs[0]!.run.timedOut)
    assert.isAtLeast(elapsed, 950)
    // The slack is for a loaded machine; without the timeout the run would wait for the test's own (30 s).
    assert.isBelow(elapsed, 15_000)
    assert.deepStrictEqual(
      result.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include(texts(result.effects, "error")[0], "timed out")
  })

  it("a 302 is not followed: one request, a non-blocking error", async () => {
    const p = projectWith("PreToolUse", [group([httpHook(`${base}/redirect`)])])
    const before = { redirect: requestsTo("/redirect").length, deny: requestsTo("/deny").length }
    const result = await run(p, "PreToolUse", bash("ls"))
    assert.strictEqual(requestsTo("/redirect").length - before.redirect, 1)
    assert.strictEqual(requestsTo("/deny").length - before.deny, 0, "the redirect was followed")
    assert.deepStrictEqual(
      result.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include(texts(result.effects, "error")[0], "which is not followed")
  })

  it("an allowed header variable is sent; one not in allowedEnvVars goes out empty, with a transport-warning and a warning", async () => {
    const p = projectWith("PreToolUse", [
      group([
        httpHook(`${base}/headers`, {
          headers: { Authorization: "Bearer $TOKEN", "X-Secret": "$SECRET" },
          allowedEnvVars: ["TOKEN"]
        })
      ])
    ])
    const before = requestsTo("/headers").length
    const result = await run(p, "PreToolUse", bash("ls"), {
      run: { env: { ...p.env, TOKEN: "t0k", SECRET: "s3cret" } }
    })
    const requests = requestsTo("/headers").slice(before)
    assert.strictEqual(requests.length, 1)
    assert.strictEqual(requests[0]!.headers["authorization"], "Bearer t0k")
    assert.strictEqual(requests[0]!.headers["x-secret"], "")
    assert.notInclude(JSON.stringify(requests[0]!.headers), "s3cret")
    const warnings = effectsOf(result.effects, "Diagnostic").filter((d) => d.code === "transport-warning")
    assert.strictEqual(warnings.length, 1)
    assert.include(warnings[0]!.message, "$SECRET")
    assert.isTrue(texts(result.effects, "warning").some((t) => t.includes("$SECRET") && t.includes("sent empty")))
    assert.notInclude(JSON.stringify(result.effects), "s3cret")
  })

  it("a URL outside allowedHttpHookUrls is never sent: a non-blocking error", async () => {
    const p = projectWith("PreToolUse", [group([httpHook(`${base}/policy`)])], {
      allowedHttpHookUrls: ["https://hooks.example.com/*"]
    })
    const before = requestsTo("/policy").length
    const result = await run(p, "PreToolUse", bash("ls"))
    assert.strictEqual(requestsTo("/policy").length - before, 0)
    assert.deepStrictEqual(
      result.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include(texts(result.effects, "error")[0], "matches no allowedHttpHookUrls pattern")
  })

  it("keep-alive: two events in one process send over one connection", async () => {
    const connections: Array<Socket> = []
    const own = await listen((req, res) => {
      req.resume()
      req.on("end", () => res.writeHead(204).end())
    })
    own.server.on("connection", (socket) => connections.push(socket))
    try {
      const p = projectWith("PreToolUse", [group([httpHook(`${own.base}/keep`)])])
      const first = await run(p, "PreToolUse", bash("ls"))
      const second = await run(p, "PreToolUse", bash("pwd"))
      assert.strictEqual(first.runs[0]!.run.exitCode, 0)
      assert.strictEqual(second.runs[0]!.run.exitCode, 0)
      assert.strictEqual(connections.length, 1, `${connections.length} connections for two requests`)
    } finally {
      await close(own.server)
    }
  })
})

// ====== trust ======

describe("an untrusted project file", () => {
  it("calls none of its http hooks, and its mcpServers are not declared for anyone", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings(
        { PreToolUse: [group([httpHook(`${base}/untrusted`)])] },
        { mcpServers: { projectguard: { command: process.execPath, args: [fixture] } } }
      )
    )
    p.writeSettings(
      "user",
      settings({
        PreToolUse: [
          group([
            {
              type: "mcp_tool",
              server: "projectguard",
              tool: "check_command",
              input: { command: "${tool_input.command}" }
            }
          ])
        ]
      })
    )
    const before = requestsTo("/untrusted").length
    const result = await run(p, "PreToolUse", bash("rm -rf /"), { trust: false })
    assert.strictEqual(requestsTo("/untrusted").length - before, 0, "the untrusted file's http hook was called")
    assert.isTrue(effectsOf(result.effects, "Diagnostic").some((d) => d.code === "untrusted-settings"))
    assert.deepStrictEqual(
      result.runs.map((r) => r.hook.command),
      ["mcp projectguard/check_command"]
    )
    assert.strictEqual(effectsOf(result.effects, "BlockTool").length, 0, "the project's server answered")
    assert.isTrue(
      texts(result.effects, "error").some((t) =>
        t.includes('no MCP server named "projectguard" is declared in mcpServers (none is)')
      )
    )
  })
})

// ====== mcp_tool ======

describe("mcp_tool hooks with the fixture server", () => {
  const servers = { mcpServers: { guard: { command: process.execPath, args: [fixture] } } }
  const mcpHook = (tool: string, input?: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    type: "mcp_tool",
    server: "guard",
    tool,
    ...(input === undefined ? {} : { input }),
    ...extra
  })

  it("check_command denies rm -rf: the tool is blocked", async () => {
    const p = projectWith(
      "PreToolUse",
      [group([mcpHook("check_command", { command: "${tool_input.command}" })])],
      servers
    )
    const result = await run(p, "PreToolUse", bash("rm -rf /"))
    assert.deepStrictEqual(result.effects, [{ _tag: "BlockTool", reason: "rm -rf is not allowed: rm -rf /" }])
  })

  it("a tool that reports isError is a non-blocking error", async () => {
    const p = projectWith("PreToolUse", [group([mcpHook("fail")])], servers)
    const result = await run(p, "PreToolUse", bash("ls"))
    assert.deepStrictEqual(
      result.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include(texts(result.effects, "error")[0], "the policy store is unreachable")
    assert.strictEqual(result.runs[0]!.run.exitCode, 1)
  })

  it("a server not declared is a non-blocking error naming the declared ones", async () => {
    const p = projectWith(
      "PreToolUse",
      [group([{ type: "mcp_tool", server: "gaurd", tool: "check_command" }])],
      servers
    )
    const result = await run(p, "PreToolUse", bash("ls"))
    assert.deepStrictEqual(
      result.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include(
      texts(result.effects, "error")[0],
      'no MCP server named "gaurd" is declared in mcpServers (declared: "guard")'
    )
  })

  it("a placeholder the payload lacks: the tool is not called (no server started) and the hook errs", async () => {
    const p = projectWith("PreToolUse", [group([mcpHook("echo", { text: "${tool_input.file_path}" })])], servers)
    const tools = McpTools.unscoped({ cwd: p.dir })
    let started: ReadonlyArray<StartedMcpServer> = []
    let result: RunHooksResult
    try {
      result = await run(p, "PreToolUse", bash("ls"), { extra: Layer.succeed(McpTools, tools.service) })
      started = await Effect.runPromise(tools.service.started)
    } finally {
      await Effect.runPromise(tools.close)
    }
    assert.deepStrictEqual(started, [], "a server was started, so the tool was called")
    assert.deepStrictEqual(
      result.effects.map((e) => e._tag),
      ["ShowUser"]
    )
    assert.include(
      texts(result.effects, "error")[0],
      "mcp guard/echo was not called: $.input.text names ${tool_input.file_path}"
    )
  })

  it("the server started for the event is gone when runHooks returns", async () => {
    const p = projectWith("PreToolUse", [group([mcpHook("pid")])], servers)
    const result = await run(p, "PreToolUse", bash("ls"))
    const pid = Number(result.runs[0]!.run.stdout.trim())
    assert.isTrue(
      Number.isInteger(pid) && pid > 0,
      `the pid tool answered ${JSON.stringify(result.runs[0]!.run.stdout)}`
    )
    assert.notStrictEqual(pid, process.pid)
    assert.isFalse(exists(pid), `the MCP server (pid ${pid}) outlived the event`)
  })
})

// ====== prompt and agent ======

describe("prompt and agent hooks through PromptHooks.layerTest", () => {
  const promptHook = (extra: Record<string, unknown> = {}) => ({
    type: "prompt",
    prompt: "Is this command safe? $ARGUMENTS",
    ...extra
  })
  const answering = (canned: CannedAnswer) => {
    const requests: Array<ModelHookRequest> = []
    return { requests, layer: PromptHooks.layerTest(() => canned, requests) }
  }

  it("ok:false on PreToolUse ends the turn (StopAgent)", async () => {
    const p = projectWith("PreToolUse", [group([promptHook()])])
    const model = answering({ ok: false, reason: "it deletes the repository" })
    const result = await run(p, "PreToolUse", bash("rm -rf /"), { extra: model.layer })
    assert.deepStrictEqual(result.effects, [{ _tag: "StopAgent", reason: "it deletes the repository" }])
    assert.strictEqual(model.requests.length, 1)
    assert.deepStrictEqual((JSON.parse(model.requests[0]!.payload) as Record<string, unknown>)["tool_input"], {
      command: "rm -rf /"
    })
  })

  it("ok:false with continueOnBlock blocks only the tool (BlockTool)", async () => {
    const p = projectWith("PreToolUse", [group([promptHook({ continueOnBlock: true })])])
    const result = await run(p, "PreToolUse", bash("rm -rf /"), {
      extra: answering({ ok: false, reason: "it deletes the repository" }).layer
    })
    assert.deepStrictEqual(result.effects, [{ _tag: "BlockTool", reason: "it deletes the repository" }])
  })

  it("Stop with impossible: true does not block the stop; the user is told", async () => {
    const p = projectWith("Stop", [group([promptHook({ prompt: "Are all tests green? $ARGUMENTS" })])])
    const result = await run(
      p,
      "Stop",
      {},
      { extra: answering({ ok: false, reason: "the test server is gone", impossible: true }).layer }
    )
    assert.strictEqual(effectsOf(result.effects, "BlockStop").length, 0)
    assert.isTrue(
      texts(result.effects, "warning").some((t) => t.includes("impossible") && t.includes("the test server is gone"))
    )
  })

  it("the default timeouts reach the request: 30 s for prompt, 60 s for agent", async () => {
    const p = projectWith("PreToolUse", [
      group([promptHook(), { type: "agent", prompt: "Check the repository for secrets. $ARGUMENTS" }])
    ])
    const model = answering({ ok: true })
    const result = await run(p, "PreToolUse", bash("ls"), { extra: model.layer })
    assert.deepStrictEqual(result.effects, [])
    assert.deepStrictEqual(
      model.requests.map((r) => [r.hook.type, r.timeoutMs]),
      [
        ["prompt", 30_000],
        ["agent", 60_000]
      ]
    )
  })

  it("if: a prompt hook is asked only about the tool calls its rule matches", async () => {
    const p = projectWith("PreToolUse", [group([promptHook({ if: "Bash(git *)" })])])
    const model = answering({ ok: true })
    await run(p, "PreToolUse", bash("rm -rf /"), { extra: model.layer })
    assert.strictEqual(model.requests.length, 0, "asked about a call the rule does not match")
    await run(p, "PreToolUse", bash("git push"), { extra: model.layer })
    assert.strictEqual(model.requests.length, 1)
  })

  it("once: a prompt hook that answered ok runs once per session", async () => {
    const p = projectWith("UserPromptSubmit", [
      group([promptHook({ once: true, prompt: "Is the prompt polite? $ARGUMENTS" })])
    ])
    await p.trust()
    const model = answering({ ok: true })
    const fired = await Effect.runPromise(
      Effect.gen(function* () {
        const session = yield* HookSession.start({ projectDir: p.dir, homeDir: p.home, env: p.env })
        const first = yield* session.fire("UserPromptSubmit", { prompt: "hello" })
        const second = yield* session.fire("UserPromptSubmit", { prompt: "hello again" })
        return [first, second] as const
      }).pipe(Effect.provide(Layer.mergeAll(NodeFileSystem.layer, model.layer)))
    )
    assert.strictEqual(model.requests.length, 1)
    assert.strictEqual(fired[0].runs.length, 1)
    assert.strictEqual(fired[1].runs.length, 0)
    assert.strictEqual(fired[1].plan.alreadyRan?.length, 1)
  })
})

// ====== mixed lists ======

describe("mixed types in one list", () => {
  it("a parallel group's effects follow config order, not completion order", async () => {
    const p = makeProject()
    p.writeFile(
      "wait-gate.mjs",
      [
        "const response = await fetch(process.argv[2])",
        "await response.text()",
        "console.log(JSON.stringify({ systemMessage: 'from command' }))"
      ].join("\n")
    )
    const command = `${shq(process.execPath)} wait-gate.mjs ${shq(`${base}/gate`)}`
    p.writeSettings(
      "user",
      settings({ UserPromptSubmit: [group([hook(command), httpHook(`${base}/parallel-http`)], { parallel: true })] })
    )
    gate.released = false
    const finished: Array<string> = []
    const result = await run(
      p,
      "UserPromptSubmit",
      { prompt: "hi" },
      {
        run: { observer: { finished: (h) => finished.push(h.handler?.type ?? "command") } }
      }
    )
    // The command cannot finish before the http hook's answer was sent: it waits for it at /gate.
    assert.deepStrictEqual(finished, ["http", "command"], "completion order")
    assert.deepStrictEqual(
      result.runs.map((r) => r.hook.handler?.type ?? "command"),
      ["command", "http"]
    )
    assert.deepStrictEqual(texts(result.effects), ["from command", "from http"])
  })

  it("a tool_input update from an http hook reaches the next command hook's stdin", async () => {
    const p = makeProject()
    p.writeSettings(
      "user",
      settings({ PreToolUse: [group([httpHook(`${base}/update`)]), group([hook("cat > seen-stdin.json")])] })
    )
    const result = await run(p, "PreToolUse", bash("git status"))
    const stdin = JSON.parse(p.read("seen-stdin.json")) as Record<string, unknown>
    assert.deepStrictEqual(stdin["tool_input"], { command: "git status --short" })
    assert.deepStrictEqual(result.toolInput, { command: "git status --short" })
    assert.deepStrictEqual(effectsOf(result.effects, "UpdateInput"), [
      { _tag: "UpdateInput", input: { command: "git status --short" } }
    ])
  })
})
