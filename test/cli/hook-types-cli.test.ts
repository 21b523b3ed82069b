/**
 * The four hook types of issue 13 (`http`, `mcp_tool`, `prompt`, `agent`)
 * through the built CLI as a real process: `wave-hooks trust` and
 * `wave-hooks run` / `validate` spawned with HOME pointing at a temp dir (so
 * the user's trust store is never touched), against real servers started in
 * this test: a node:http policy server, the stdio MCP fixture
 * (`test/fixtures/mcp/verdict-server.ts`) and an OpenAI-compatible chat
 * server with canned answers. The model variables of the test's own
 * environment are removed, so only what a test sets reaches the CLI.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { realpathSync } from "node:fs"
import type { IncomingMessage, ServerResponse } from "node:http"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import type { CliResult } from "../helpers/cli-process.ts"
import { ensureCliBuilt, nodeBin, repoRoot, runCli } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"
import { exists as alive } from "../helpers/processes.ts"

// ====== Processes ======

/** The test's environment without the model hooks' variables, HOME at the project's temp home. */
const baseEnv = (
  p: TempProject,
  extra: { readonly [name: string]: string } = {}
): Record<string, string | undefined> => {
  const env: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith("OPENAI_") && name !== "WAVE_HOOKS_MODEL") env[name] = value
  }
  return { ...env, HOME: p.home, ...extra }
}

/** `wave-hooks trust --project-dir DIR --yes`, as a user would run it. */
const trust = async (p: TempProject): Promise<void> => {
  const r = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: baseEnv(p), cwd: p.dir })
  assert.strictEqual(r.status, 0, r.stdout + r.stderr)
}

interface RunOptions {
  readonly json?: boolean
  readonly dialect?: "wave" | "claude-code"
  readonly env?: { readonly [name: string]: string }
  readonly timeoutMs?: number
}

/** `wave-hooks run <event> --project-dir DIR --payload -` with the payload on stdin. */
const run = (p: TempProject, event: string, payload: unknown, options: RunOptions = {}): Promise<CliResult> =>
  runCli(
    [
      "run",
      event,
      "--project-dir",
      p.dir,
      "--payload",
      "-",
      ...(options.json === true ? ["--json"] : []),
      ...(options.dialect === undefined ? [] : ["--dialect", options.dialect])
    ],
    {
      env: baseEnv(p, options.env),
      cwd: p.dir,
      input: JSON.stringify(payload),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs })
    }
  )

interface RunJson {
  readonly effects: ReadonlyArray<{
    readonly _tag: string
    readonly reason?: string
    readonly text?: string
    readonly level?: string
  }>
  readonly runs: ReadonlyArray<{
    readonly command: string
    readonly exitCode: number | null
    readonly timedOut: boolean
  }>
}

const parsed = (r: CliResult): RunJson => {
  try {
    return JSON.parse(r.stdout) as RunJson
  } catch {
    throw new Error(`not JSON:\nstdout: ${r.stdout}\nstderr: ${r.stderr}`)
  }
}

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } })

/** Resolves with a server's base URL once it listens on 127.0.0.1, port 0. */
const listen = (server: ReturnType<typeof createServer>): Promise<string> =>
  new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  )

const close = async (server: ReturnType<typeof createServer>): Promise<void> => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

/** A port nothing listens on (taken from the OS, then released). */
const closedPort = async (): Promise<number> => {
  const server = createServer()
  const url = await listen(server)
  await close(server)
  return Number(new URL(url).port)
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
  })

// ====== The http policy server ======

interface PolicyRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingMessage["headers"]
  readonly body: Record<string, unknown>
}

const policyRequests: Array<PolicyRequest> = []
const policy = createServer(async (request: IncomingMessage, response: ServerResponse) => {
  const body = JSON.parse(await readBody(request)) as Record<string, unknown>
  policyRequests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body })
  const command = String((body["tool_input"] as { command?: unknown } | undefined)?.command ?? "")
  if (command.includes("rm -rf")) {
    response.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: `policy server: rm -rf is not allowed (${command})`
        }
      })
    )
  } else {
    response.writeHead(200).end()
  }
})
let policyUrl = ""
/** The requests the policy server got on one path (each test uses its own). */
const requestsTo = (path: string) => policyRequests.filter((r) => r.path === path)

// ====== The OpenAI-compatible chat server ======

interface ChatRequest {
  readonly path: string
  readonly authorization: string | undefined
  readonly body: {
    readonly model: string
    readonly messages: ReadonlyArray<{ readonly role: string; readonly content: unknown }>
    readonly tools?: ReadonlyArray<{ readonly function: { readonly name: string } }>
  }
}

type Reply =
  | { readonly text: string }
  | { readonly toolCalls: ReadonlyArray<{ readonly name: string; readonly args: unknown }> }

const chatRequests: Array<ChatRequest> = []
const replies: Array<Reply> = []
const completion = (message: Record<string, unknown>, finishReason: string) => ({
  id: `chatcmpl-${chatRequests.length}`,
  object: "chat.completion",
  created: 1_700_000_000,
  model: "canned",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finishReason }],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }
})
const chat = createServer(async (request: IncomingMessage, response: ServerResponse) => {
  const body = JSON.parse(await readBody(request)) as ChatRequest["body"]
  chatRequests.push({ path: request.url ?? "", authorization: request.headers.authorization, body })
  const reply = replies.shift()
  const json = (status: number, value: unknown) =>
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value))
  if (reply === undefined) json(500, { error: { message: "no canned reply left" } })
  else if ("text" in reply) json(200, completion({ content: reply.text }, "stop"))
  else {
    const toolCalls = reply.toolCalls.map((call, i) => ({
      id: `call_${chatRequests.length}_${i}`,
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.args) }
    }))
    json(200, completion({ content: null, tool_calls: toolCalls }, "tool_calls"))
  }
})
let chatUrl = ""
const answer = (...next: ReadonlyArray<Reply>) => {
  chatRequests.splice(0)
  replies.splice(0, replies.length, ...next)
}
const modelEnv = () => ({
  OPENAI_BASE_URL: `${chatUrl}/v1`,
  OPENAI_API_KEY: "sk-hook-types-13b",
  WAVE_HOOKS_MODEL: "canned-model"
})

// ====== Lifecycle ======

beforeAll(async () => {
  ensureCliBuilt()
  policyUrl = await listen(policy)
  chatUrl = await listen(chat)
}, 180_000)

afterAll(async () => {
  await close(policy)
  await close(chat)
  removeTempProjects()
})

// ====== http ======

describe("http hooks", () => {
  it("the policy server's deny of rm -rf exits 2 with its reason; ls exits 0; the server got the event JSON by POST", async () => {
    const p = makeProject()
    const url = `${policyUrl}/wave/pre`
    p.writeSettings("project", settings({ PreToolUse: [group([{ type: "http", url }], { matcher: "Bash" })] }))
    await trust(p)

    const deny = await run(p, "PreToolUse", bash("rm -rf build"))
    assert.strictEqual(deny.status, 2, deny.stdout + deny.stderr)
    assert.include(deny.stdout, "BlockTool: policy server: rm -rf is not allowed (rm -rf build)")

    const ls = await run(p, "PreToolUse", bash("ls"))
    assert.strictEqual(ls.status, 0, ls.stdout + ls.stderr)
    assert.notInclude(ls.stdout, "BlockTool")

    const got = requestsTo("/wave/pre")
    assert.deepStrictEqual(
      got.map((r) => r.method),
      ["POST", "POST"]
    )
    assert.strictEqual(got[0]!.headers["content-type"]?.split(";")[0], "application/json")
    assert.deepInclude(got[0]!.body, {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf build" },
      cwd: p.dir
    })
    assert.isString(got[0]!.body["session_id"])
  })

  it("--json labels the run POST <url> and gives BlockTool; in the claude-code dialect from .claude/settings.json too", async () => {
    const p = makeProject()
    const url = `${policyUrl}/claude/pre`
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([{ type: "http", url, timeout: 5 }], { matcher: "Bash" })] }),
      "claude-code"
    )
    await trust(p)

    const deny = await run(p, "PreToolUse", bash("rm -rf /tmp/x"), { json: true, dialect: "claude-code" })
    assert.strictEqual(deny.status, 2, deny.stderr)
    const out = parsed(deny)
    assert.deepStrictEqual(out.effects, [
      { _tag: "BlockTool", reason: "policy server: rm -rf is not allowed (rm -rf /tmp/x)" }
    ])
    assert.deepStrictEqual(
      out.runs.map((r) => [r.command, r.exitCode]),
      [[`POST ${url}`, 0]]
    )

    const ls = await run(p, "PreToolUse", bash("ls"), { json: true, dialect: "claude-code" })
    assert.strictEqual(ls.status, 0, ls.stderr)
    assert.deepStrictEqual(parsed(ls).effects, [])
    assert.strictEqual(requestsTo("/claude/pre").length, 2)

    // --dialect wave does not read .claude/: nothing is sent.
    const wave = await run(p, "PreToolUse", bash("rm -rf /tmp/x"), { json: true, dialect: "wave" })
    assert.strictEqual(wave.status, 0, wave.stderr)
    assert.deepStrictEqual(parsed(wave).runs, [])
    assert.strictEqual(requestsTo("/claude/pre").length, 2)
  })

  it("a server that is down: exit 0 and an error for the user naming the URL; with onFailure block: exit 2", async () => {
    const p = makeProject()
    const url = `http://127.0.0.1:${await closedPort()}/pre`
    p.writeSettings("project", settings({ PreToolUse: [group([{ type: "http", url }])] }))
    await trust(p)
    const down = await run(p, "PreToolUse", bash("rm -rf build"), { json: true })
    assert.strictEqual(down.status, 0, down.stderr)
    const out = parsed(down)
    assert.deepStrictEqual(
      out.runs.map((r) => [r.command, r.exitCode]),
      [[`POST ${url}`, null]]
    )
    assert.strictEqual(out.effects.length, 1, down.stdout)
    assert.strictEqual(out.effects[0]!._tag, "ShowUser")
    assert.include(out.effects[0]!.text, `connection refused by ${url}`)

    const text = await run(p, "PreToolUse", bash("rm -rf build"))
    assert.strictEqual(text.status, 0, text.stderr)
    assert.include(text.stdout, `connection refused by ${url}`)

    p.writeSettings("project", settings({ PreToolUse: [group([{ type: "http", url, onFailure: "block" }])] }))
    await trust(p)
    const blocked = await run(p, "PreToolUse", bash("ls"), { json: true })
    assert.strictEqual(blocked.status, 2, blocked.stderr)
    const effects = parsed(blocked).effects
    assert.deepStrictEqual(
      effects.map((e) => e._tag),
      ["BlockTool"]
    )
    assert.include(effects[0]!.reason, url)
  })

  it("an untrusted project's http hook sends nothing, and run says which command trusts it", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([{ type: "http", url: `${policyUrl}/untrusted/pre` }])] }))
    const r = await run(p, "PreToolUse", bash("rm -rf build"), { json: true })
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(parsed(r).runs, [])
    assert.include(r.stdout + r.stderr, "wave-hooks trust")
    assert.deepStrictEqual(requestsTo("/untrusted/pre"), [])

    // Trusted, the same file calls the server.
    await trust(p)
    const trusted = await run(p, "PreToolUse", bash("rm -rf build"), { json: true })
    assert.strictEqual(trusted.status, 2, trusted.stderr)
    assert.strictEqual(requestsTo("/untrusted/pre").length, 1)
  })

  it("$VAR in a header is sent only for names in allowedEnvVars; the other is sent empty and reported", async () => {
    const p = makeProject()
    const url = `${policyUrl}/headers/pre`
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [
          group([
            {
              type: "http",
              url,
              headers: { Authorization: "Bearer $HOOK_TOKEN_13B", "X-Secret": "${AGENT_SECRET_13B}" },
              allowedEnvVars: ["HOOK_TOKEN_13B"]
            }
          ])
        ]
      })
    )
    await trust(p)
    const r = await run(p, "PreToolUse", bash("ls"), {
      json: true,
      env: { HOOK_TOKEN_13B: "t0k3n", AGENT_SECRET_13B: "do-not-send" }
    })
    assert.strictEqual(r.status, 0, r.stderr)
    const [got] = requestsTo("/headers/pre")
    assert.strictEqual(got!.headers["authorization"], "Bearer t0k3n")
    assert.strictEqual(got!.headers["x-secret"] ?? "", "")
    assert.notInclude(JSON.stringify(got!.headers), "do-not-send")
    assert.include(r.stdout, "$AGENT_SECRET_13B, which is not in allowedEnvVars")
  })

  it("a URL outside allowedHttpHookUrls is not called; onFailure block then blocks", async () => {
    const p = makeProject()
    const url = `${policyUrl}/refused/pre`
    p.writeSettings(
      "project",
      settings(
        { PreToolUse: [group([{ type: "http", url, onFailure: "block" }])] },
        {
          allowedHttpHookUrls: ["https://hooks.example.com/*"]
        }
      )
    )
    await trust(p)
    const r = await run(p, "PreToolUse", bash("ls"), { json: true })
    assert.strictEqual(r.status, 2, r.stderr)
    const effects = parsed(r).effects
    assert.deepStrictEqual(
      effects.map((e) => e._tag),
      ["BlockTool"]
    )
    assert.include(effects[0]!.reason, "allowedHttpHookUrls")
    assert.deepStrictEqual(requestsTo("/refused/pre"), [])
  })
})

// ====== mcp_tool ======

const fixture = join(repoRoot, "test", "fixtures", "mcp", "verdict-server.ts")
/** The Node 24 binary itself (the .bin entry is a symbolic link). */
const node24 = realpathSync(nodeBin)

/** The pids of live processes whose arguments hold `marker` (from `ps`). */
const processesWith = (marker: string): ReadonlyArray<number> => {
  const ps = spawnSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
  return ps.stdout
    .split("\n")
    .filter((line) => line.includes(marker))
    .map((line) => Number(line.trim().split(/\s+/u)[0]))
}

/** Kill leftovers by pid (a failing test must not leave servers behind). */
const reap = (pids: ReadonlyArray<number>) => {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      // already gone
    }
  }
}

describe("mcp_tool hooks", () => {
  it("the declared stdio server denies rm -rf (exit 2) and allows ls; no server process is left after either run", async () => {
    const p = makeProject()
    const marker = `--wave-13b-marker=${p.root.replace(/\W/gu, "")}`
    p.writeSettings(
      "project",
      settings(
        {
          PreToolUse: [
            group(
              [
                {
                  type: "mcp_tool",
                  server: "verdict",
                  tool: "check_command",
                  input: { command: "${tool_input.command}" }
                }
              ],
              { matcher: "Bash" }
            )
          ]
        },
        { mcpServers: { verdict: { command: node24, args: [fixture, marker] } } }
      )
    )
    await trust(p)
    try {
      const deny = await run(p, "PreToolUse", bash("rm -rf build"), { json: true })
      assert.strictEqual(deny.status, 2, deny.stderr)
      const out = parsed(deny)
      assert.deepStrictEqual(out.effects, [{ _tag: "BlockTool", reason: "rm -rf is not allowed: rm -rf build" }])
      assert.deepStrictEqual(
        out.runs.map((r) => [r.command, r.exitCode]),
        [["mcp verdict/check_command", 0]]
      )
      assert.deepStrictEqual(processesWith(marker), [])

      const ls = await run(p, "PreToolUse", bash("ls"))
      assert.strictEqual(ls.status, 0, ls.stdout + ls.stderr)
      assert.include(ls.stdout, "AllowTool")
      assert.deepStrictEqual(processesWith(marker), [])
    } finally {
      reap(processesWith(marker))
    }
  })

  it("the server's own pid (captured through a UserPromptSubmit hook) is gone once the CLI exits", async () => {
    const p = makeProject()
    const marker = `--wave-13b-marker=${p.root.replace(/\W/gu, "")}`
    p.writeSettings(
      "project",
      settings(
        {
          UserPromptSubmit: [group([{ type: "mcp_tool", server: "verdict", tool: "pid" }])]
        },
        { mcpServers: { verdict: { command: node24, args: [fixture, marker] } } }
      )
    )
    await trust(p)
    let pid: number | undefined
    try {
      const r = await run(p, "UserPromptSubmit", { prompt: "hello" }, { json: true })
      assert.strictEqual(r.status, 0, r.stderr)
      const context = parsed(r).effects.filter((e) => e._tag === "InjectContext")
      assert.strictEqual(context.length, 1, r.stdout)
      pid = Number(context[0]!.text)
      assert.isTrue(Number.isInteger(pid) && pid > 0, r.stdout)
      assert.isFalse(alive(pid), `the MCP server ${pid} outlived the CLI`)
      assert.deepStrictEqual(processesWith(marker), [])
    } finally {
      reap([...(pid !== undefined && alive(pid) ? [pid] : []), ...processesWith(marker)])
    }
  })

  it("claude-code dialect: the server gets the project variables and its own env, not the agent's secrets nor OPENAI_*", async () => {
    const p = makeProject()
    const marker = `--wave-13b-marker=${p.root.replace(/\W/gu, "")}`
    const names = [
      "CLAUDE_PROJECT_DIR",
      "WAVE_PROJECT_DIR",
      "FROM_SETTINGS_13B",
      "PATH",
      "AGENT_SECRET_13B",
      "OPENAI_API_KEY",
      "OPENAI_BASE_URL",
      "WAVE_HOOKS_MODEL"
    ]
    p.writeSettings(
      "project",
      settings(
        {
          UserPromptSubmit: [group([{ type: "mcp_tool", server: "verdict", tool: "env", input: { names } }])]
        },
        { mcpServers: { verdict: { command: node24, args: [fixture, marker], env: { FROM_SETTINGS_13B: "yes" } } } }
      ),
      "claude-code"
    )
    await trust(p)
    try {
      const r = await run(
        p,
        "UserPromptSubmit",
        { prompt: "hello" },
        {
          json: true,
          dialect: "claude-code",
          env: { ...modelEnv(), AGENT_SECRET_13B: "do-not-pass" }
        }
      )
      assert.strictEqual(r.status, 0, r.stderr)
      // The tool answers a JSON object of the variables it has; read as hook output, each of its keys is an
      // unknown field, reported by name: those names are the variables the server got.
      const seen = parsed(r).effects.flatMap((e) => {
        const m =
          e._tag === "Diagnostic"
            ? /^\$\.([A-Z_0-9]+): unknown field/u.exec((e as { message?: string }).message ?? "")
            : null
        return m === null ? [] : [m[1]!]
      })
      assert.deepStrictEqual(
        seen.sort(),
        ["CLAUDE_PROJECT_DIR", "FROM_SETTINGS_13B", "PATH", "WAVE_PROJECT_DIR"],
        r.stdout
      )
      assert.deepStrictEqual(processesWith(marker), [])
    } finally {
      reap(processesWith(marker))
    }
  })

  it("an mcp_tool hook naming an undeclared server fails with a message naming the declared ones", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings(
        {
          PreToolUse: [group([{ type: "mcp_tool", server: "verdcit", tool: "check_command", onFailure: "block" }])]
        },
        { mcpServers: { verdict: { command: node24, args: [fixture] } } }
      )
    )
    await trust(p)
    const r = await run(p, "PreToolUse", bash("ls"), { json: true })
    assert.strictEqual(r.status, 2, r.stderr)
    const effects = parsed(r).effects
    assert.deepStrictEqual(
      effects.map((e) => e._tag),
      ["BlockTool"]
    )
    assert.include(effects[0]!.reason, 'no MCP server named "verdcit" is declared in mcpServers (declared: "verdict")')
  })
})

// ====== prompt ======

describe("prompt hooks", () => {
  it("ok:false on PreToolUse exits 2 with StopAgent; the server got $ARGUMENTS expanded; a command hook in the run sees no OPENAI_* variable", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [
          group(
            [{ type: "prompt", prompt: "Does this command only read files? $ARGUMENTS" }, hook("env > env-dump.txt")],
            { matcher: "Bash" }
          )
        ]
      })
    )
    await trust(p)
    answer({ text: '{"ok": false, "reason": "force-push rewrites shared history", "impossible": false}' })
    const r = await run(p, "PreToolUse", bash("git push --force"), { json: true, env: modelEnv() })
    assert.strictEqual(r.status, 2, r.stderr)
    const out = parsed(r)
    assert.deepStrictEqual(out.effects, [{ _tag: "StopAgent", reason: "force-push rewrites shared history" }])
    assert.deepStrictEqual(
      out.runs.map((run) => [run.command, run.exitCode]),
      [
        ["prompt: Does this command only read files? $ARGU...", 0],
        ["env > env-dump.txt", 0]
      ]
    )

    assert.strictEqual(chatRequests.length, 1)
    const [request] = chatRequests
    assert.strictEqual(request!.path, "/v1/chat/completions")
    assert.strictEqual(request!.authorization, "Bearer sk-hook-types-13b")
    assert.strictEqual(request!.body.model, "canned-model")
    const user = JSON.stringify(request!.body.messages.filter((m) => m.role === "user").map((m) => m.content))
    assert.include(user, "Does this command only read files? {")
    assert.include(user, '\\"command\\":\\"git push --force\\"')
    assert.include(user, '\\"hook_event_name\\":\\"PreToolUse\\"')
    assert.notInclude(user, "$ARGUMENTS")

    const dump = p.read("env-dump.txt")
    assert.include(dump, "WAVE_PROJECT_DIR=")
    assert.notInclude(dump, "sk-hook-types-13b")
    assert.notMatch(dump, /^(OPENAI_[A-Z_]*|WAVE_HOOKS_MODEL)=/mu)
  })

  it("ok:true exits 0 with no effect; the hook's model wins over WAVE_HOOKS_MODEL", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([{ type: "prompt", prompt: "Is $ARGUMENTS safe?", model: "tiny-13b" }])] })
    )
    await trust(p)
    answer({ text: '{"ok": true, "reason": "", "impossible": false}' })
    const r = await run(p, "PreToolUse", bash("ls"), { json: true, env: modelEnv() })
    assert.strictEqual(r.status, 0, r.stderr)
    assert.deepStrictEqual(parsed(r).effects, [])
    assert.deepStrictEqual(
      chatRequests.map((c) => c.body.model),
      ["tiny-13b"]
    )
  })

  it("continueOnBlock: ok:false blocks the tool only (BlockTool), the turn goes on", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([{ type: "prompt", prompt: "Is $ARGUMENTS safe?", continueOnBlock: true }])] })
    )
    await trust(p)
    answer({ text: '{"ok": false, "reason": "not in this repository", "impossible": false}' })
    const r = await run(p, "PreToolUse", bash("rm -rf ~"), { json: true, env: modelEnv() })
    assert.strictEqual(r.status, 2, r.stderr)
    assert.deepStrictEqual(parsed(r).effects, [{ _tag: "BlockTool", reason: "not in this repository" }])
  })

  it("with no OPENAI_BASE_URL: exit 0, a message saying what to set, and no request", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([{ type: "prompt", prompt: "Is $ARGUMENTS safe?" }])] }))
    await trust(p)
    answer()
    const r = await run(p, "PreToolUse", bash("ls"))
    assert.strictEqual(r.status, 0, r.stdout + r.stderr)
    assert.include(
      r.stdout,
      'Hook "prompt: Is $ARGUMENTS safe?" cannot ask a model: no model endpoint is configured: set OPENAI_BASE_URL'
    )
    assert.include(r.stdout, "WAVE_HOOKS_MODEL")
    assert.strictEqual(chatRequests.length, 0)

    // An endpoint without a model names the model only; with onFailure block the missing model blocks.
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([{ type: "prompt", prompt: "Is $ARGUMENTS safe?", onFailure: "block" }])] })
    )
    await trust(p)
    const blocked = await run(p, "PreToolUse", bash("ls"), { json: true, env: { OPENAI_BASE_URL: `${chatUrl}/v1` } })
    assert.strictEqual(blocked.status, 2, blocked.stderr)
    const effects = parsed(blocked).effects
    assert.deepStrictEqual(
      effects.map((e) => e._tag),
      ["BlockTool"]
    )
    assert.include(effects[0]!.reason, 'set "model" on the hook, or WAVE_HOOKS_MODEL')
    assert.notInclude(effects[0]!.reason, "OPENAI_BASE_URL")
    assert.strictEqual(chatRequests.length, 0)
  })
})

// ====== agent ======

describe("agent hooks", () => {
  it("the model reads a file with read_file, gets its content in the next request, then answers; ok:false blocks the tool", async () => {
    const p = makeProject()
    p.writeFile("docs/POLICY.md", "Deploys are frozen until 2026-12-01 (policy 13b).\n", 0o644)
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [
          group([{ type: "agent", prompt: "Read docs/POLICY.md. Does $ARGUMENTS break the policy?" }], {
            matcher: "Bash"
          })
        ]
      })
    )
    await trust(p)
    answer(
      { toolCalls: [{ name: "read_file", args: { path: "docs/POLICY.md" } }] },
      { text: '{"ok": false, "reason": "deploys are frozen until 2026-12-01", "impossible": false}' }
    )
    const r = await run(p, "PreToolUse", bash("npm run deploy"), { json: true, env: modelEnv() })
    assert.strictEqual(r.status, 2, r.stderr)
    assert.deepStrictEqual(parsed(r).effects, [{ _tag: "BlockTool", reason: "deploys are frozen until 2026-12-01" }])

    assert.strictEqual(chatRequests.length, 2)
    assert.deepStrictEqual(chatRequests[0]!.body.tools?.map((t) => t.function.name).sort(), [
      "list_directory",
      "read_file",
      "search_text"
    ])
    assert.notInclude(JSON.stringify(chatRequests[0]!.body.messages), "policy 13b")
    const toolResults = chatRequests[1]!.body.messages
      .filter((m) => m.role === "tool")
      .map((m) => JSON.stringify(m.content))
    assert.strictEqual(toolResults.length, 1)
    assert.include(toolResults[0]!, "Deploys are frozen until 2026-12-01 (policy 13b).")
  })
})

// ====== validate ======

interface ValidateJson {
  readonly diagnostics: ReadonlyArray<{
    readonly severity: string
    readonly path: string
    readonly problem: string
    readonly fix: string
  }>
}

const validate = async (
  p: TempProject,
  dialect?: "claude-code"
): Promise<{ readonly text: CliResult; readonly json: ValidateJson }> => {
  const args = ["validate", "--project-dir", p.dir, ...(dialect === undefined ? [] : ["--dialect", dialect])]
  const text = await runCli(args, { env: baseEnv(p), cwd: p.dir })
  const json = await runCli([...args, "--json"], { env: baseEnv(p), cwd: p.dir })
  return { text, json: JSON.parse(json.stdout) as ValidateJson }
}

const everyType = (extra: Record<string, unknown> = {}) =>
  settings(
    {
      PreToolUse: [
        group(
          [
            hook("./hooks/guard.sh"),
            {
              type: "http",
              url: "http://127.0.0.1:8080/pre-tool-use",
              headers: { Authorization: "Bearer $HOOK_TOKEN" },
              allowedEnvVars: ["HOOK_TOKEN"],
              timeout: 5
            },
            { type: "mcp_tool", server: "guard", tool: "check_command", input: { command: "${tool_input.command}" } },
            { type: "prompt", prompt: "Does this command only read files? $ARGUMENTS", model: "llama3.2" }
          ],
          { matcher: "Bash" }
        )
      ],
      Stop: [
        group([{ type: "agent", prompt: "Is docs/CHANGELOG.md updated for this change? $ARGUMENTS", timeout: 90 }])
      ],
      ...extra
    },
    {
      mcpServers: { guard: { command: "node", args: ["tools/guard-mcp.js"] } },
      allowedHttpHookUrls: ["http://127.0.0.1:*"],
      httpHookAllowedEnvVars: ["HOOK_TOKEN"]
    }
  )

describe("wave-hooks validate", () => {
  it("settings using every type: no error, no warning, exit 0 (both dialects)", async () => {
    const p = makeProject()
    p.writeFile("hooks/guard.sh", "#!/bin/sh\nexit 0\n")
    p.writeSettings("project", everyType())
    p.writeSettings("project", everyType(), "claude-code")
    for (const dialect of [undefined, "claude-code"] as const) {
      const { json, text } = await validate(p, dialect)
      assert.strictEqual(text.status, 0, text.stdout + text.stderr)
      assert.deepStrictEqual(json.diagnostics, [], `${dialect ?? "wave"}: ${text.stdout}`)
      assert.notInclude(text.stdout, "error")
    }
  })

  it("an http hook on SessionStart, a misspelt type and an agent on PermissionRequest: one actionable error each, exit 1", async () => {
    const p = makeProject()
    p.writeFile("hooks/guard.sh", "#!/bin/sh\nexit 0\n")
    p.writeSettings(
      "project",
      everyType({
        SessionStart: [group([{ type: "http", url: "http://127.0.0.1:8080/session" }])],
        PostToolUse: [group([{ type: "htpp", url: "http://127.0.0.1:8080/post" }])],
        PermissionRequest: [group([{ type: "agent", prompt: "May it? $ARGUMENTS" }])]
      })
    )
    const { json, text } = await validate(p)
    assert.strictEqual(text.status, 1, text.stdout + text.stderr)
    const errors = json.diagnostics.filter((d) => d.severity === "error")
    assert.deepStrictEqual(errors.map((d) => d.path).sort(), [
      "$.hooks.PermissionRequest[0].hooks[0].type",
      "$.hooks.PostToolUse[0].hooks[0].type",
      "$.hooks.SessionStart[0].hooks[0].type"
    ])
    const at = (path: string) => errors.find((d) => d.path === path)!
    assert.include(at("$.hooks.SessionStart[0].hooks[0].type").problem, '"http" hooks do not run on SessionStart')
    assert.include(at("$.hooks.SessionStart[0].hooks[0].type").fix, 'use a "command" hook on SessionStart')
    assert.include(at("$.hooks.PostToolUse[0].hooks[0].type").fix, 'did you mean "http"? Write "type": "http"')
    assert.include(
      at("$.hooks.PermissionRequest[0].hooks[0].type").problem,
      '"agent" hooks do not run on PermissionRequest'
    )
    assert.include(at("$.hooks.PermissionRequest[0].hooks[0].type").fix, "PreToolUse")
    // The text form: one line a problem, each naming the file and the path.
    const lines = text.stdout.split("\n").filter((l) => l.includes(p.settingsPath("project")))
    assert.strictEqual(lines.length, 3, text.stdout)
    assert.isTrue(
      lines.some(
        (l) =>
          l.includes("$.hooks.PostToolUse[0].hooks[0].type: unknown hook type") && l.includes('did you mean "http"?')
      ),
      text.stdout
    )
  })

  it("prompt hooks: a missing prompt and a millisecond timeout are reported with their fixes", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        Stop: [group([{ type: "prompt" }, { type: "prompt", prompt: "Done? $ARGUMENTS", timeout: 30000 }])]
      })
    )
    const { json, text } = await validate(p)
    assert.strictEqual(text.status, 1, text.stdout + text.stderr)
    assert.deepInclude(
      json.diagnostics.map((d) => [d.severity, d.path]),
      ["error", "$.hooks.Stop[0].hooks[0].prompt"]
    )
    const ms = json.diagnostics.find((d) => d.path === "$.hooks.Stop[0].hooks[1].timeout")
    assert.strictEqual(ms?.severity, "warning")
    assert.include(ms?.fix, '"timeout": 30')
  })
})
