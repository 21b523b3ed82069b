/**
 * The `http` hook allowlists against a real HTTP server on 127.0.0.1
 * (security review findings 9, 16 and 17): `allowedHttpHookUrls` is matched
 * on the parsed URL, so userinfo and a `*` before the path no longer let a
 * hook reach another host; a managed allowlist cannot be widened by a
 * trusted project; and a URL's credentials and query values never reach
 * `run`'s output, the audit log, `list`, `validate` or a span, while the
 * request itself still carries them. Real hook runs, the built CLI as a
 * process, a temp HOME and managed settings folder.
 */
import { afterAll, assert, beforeAll, beforeEach, describe, it } from "@effect/vitest"
import { createServer } from "node:http"
import type { IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { runHooksPromise } from "../../src/runner/session.ts"
import { hookSpanAttributes } from "../../src/runner/telemetry.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import { effectsOf, makeProject, removeTempProjects, tempDir } from "../helpers/project.ts"

const requests: Array<{ readonly url: string; readonly headers: IncomingHttpHeaders }> = []
const deny = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "http says no"
  }
})
const server = createServer((req, res) => {
  req.resume()
  req.on("end", () => {
    requests.push({ url: req.url ?? "", headers: req.headers })
    if ((req.url ?? "").includes("deny")) return res.writeHead(200, { "content-type": "application/json" }).end(deny)
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ systemMessage: `got x-t=[${String(req.headers["x-t"] ?? "")}]` }))
  })
})
let port = 0

beforeAll(async () => {
  ensureCliBuilt()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  port = (server.address() as AddressInfo).port
}, 180_000)
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  removeTempProjects()
})
beforeEach(() => {
  requests.length = 0
})

const bash = { tool_name: "Bash", tool_input: { command: "ls" } }
const httpHook = (url: string, extra: Record<string, unknown> = {}) => ({ type: "http", url, timeout: 5, ...extra })
const preToolUse = (hooks: ReadonlyArray<Record<string, unknown>>) => ({ PreToolUse: [{ matcher: "Bash", hooks }] })

describe("allowedHttpHookUrls is matched on the parsed URL (finding 9)", () => {
  it("userinfo and a * placed before the path do not reach a host the patterns do not name; the pattern's own host still does", async () => {
    const p = makeProject()
    const managed = tempDir()
    p.writeSettings("user", {
      allowedHttpHookUrls: ["http://localhost:*", "http://*.example.com/*"],
      hooks: preToolUse([
        // Each was allowed before: the raw text matched, and the request went to 127.0.0.1.
        httpHook(`http://localhost:1@127.0.0.1:${port}/deny?via=userinfo`),
        httpHook(`http://localhost@127.0.0.1:${port}/deny?via=userinfo-no-port`),
        httpHook(`http://127.0.0.1:${port}/.example.com/deny?via=pathglob`),
        httpHook(`http://127.0.0.1:${port}/x.example.com/deny?via=pathglob-label`)
      ])
    })
    const refused = await runHooksPromise({
      event: "PreToolUse",
      payload: bash,
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      managedSettingsDir: managed
    })
    assert.deepStrictEqual(requests, [], "no request reached the server")
    assert.deepStrictEqual(effectsOf(refused.effects, "BlockTool"), [])
    assert.strictEqual(refused.runs.length, 4)
    for (const { run } of refused.runs)
      assert.include(run.spawnError ?? "", "matches no allowedHttpHookUrls pattern", run.command)

    // The same server under a pattern naming its host is called.
    p.writeSettings("user", {
      allowedHttpHookUrls: ["http://127.0.0.1:*"],
      hooks: preToolUse([httpHook(`http://127.0.0.1:${port}/deny`)])
    })
    const allowed = await runHooksPromise({
      event: "PreToolUse",
      payload: bash,
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      managedSettingsDir: managed
    })
    assert.deepStrictEqual(
      requests.map((r) => r.url),
      ["/deny"]
    )
    assert.deepStrictEqual(
      effectsOf(allowed.effects, "BlockTool").map((e) => e.reason),
      ["http says no"]
    )
  })

  it("validate warns about a pattern that can match nothing (credentials in it)", async () => {
    const p = makeProject()
    const file = p.writeSettings("user", {
      allowedHttpHookUrls: ["http://*@127.0.0.1:*"],
      hooks: preToolUse([httpHook(`http://127.0.0.1:${port}/x`)])
    })
    const r = await runCli(["validate", "--project-dir", p.dir], {
      env: { ...p.env, WAVE_HOOKS_MANAGED_SETTINGS_DIR: tempDir() }
    })
    assert.include(
      r.stdout + r.stderr,
      `${file}: $.allowedHttpHookUrls[0]: warning: "http://*@127.0.0.1:*" matches no URL: it holds credentials`
    )
  })
})

describe("a managed allowlist cannot be widened (finding 17)", () => {
  it('a trusted project\'s ["*"] and GITHUB_TOKEN do not widen the managed lists: nothing is sent', async () => {
    const p = makeProject()
    const managed = tempDir()
    writeFileSync(
      join(managed, "managed-settings.json"),
      JSON.stringify({ allowedHttpHookUrls: ["https://hooks.corp.example/*"], httpHookAllowedEnvVars: [] })
    )
    p.writeSettings("project", {
      allowedHttpHookUrls: ["*"],
      httpHookAllowedEnvVars: ["GITHUB_TOKEN"],
      hooks: preToolUse([
        httpHook(`http://127.0.0.1:${port}/echo`, {
          headers: { "x-t": "${GITHUB_TOKEN}" },
          allowedEnvVars: ["GITHUB_TOKEN"]
        })
      ])
    })
    const env = { ...p.env, GITHUB_TOKEN: "ghp_secretvalue123" }
    const result = await p.run("PreToolUse", bash, { env, managedSettingsDir: managed })
    assert.deepStrictEqual(requests, [], "the URL is outside the managed list")
    assert.include(
      result.runs[0]!.run.spawnError ?? "",
      'matches no allowedHttpHookUrls pattern ("https://hooks.corp.example/*")'
    )
  })

  it("a managed list that allows the URL but no variable: the request goes, the token does not", async () => {
    const p = makeProject()
    const managed = tempDir()
    writeFileSync(
      join(managed, "managed-settings.json"),
      JSON.stringify({ allowedHttpHookUrls: ["http://127.0.0.1:*"], httpHookAllowedEnvVars: [] })
    )
    p.writeSettings("project", {
      allowedHttpHookUrls: ["*"],
      httpHookAllowedEnvVars: ["GITHUB_TOKEN"],
      hooks: preToolUse([
        httpHook(`http://127.0.0.1:${port}/echo`, {
          headers: { "x-t": "${GITHUB_TOKEN}" },
          allowedEnvVars: ["GITHUB_TOKEN"]
        })
      ])
    })
    const result = await p.run("PreToolUse", bash, {
      env: { ...p.env, GITHUB_TOKEN: "ghp_secretvalue123" },
      managedSettingsDir: managed
    })
    assert.deepStrictEqual(
      requests.map((r) => [r.url, r.headers["x-t"]]),
      [["/echo", ""]]
    )
    assert.include(
      effectsOf(result.effects, "ShowUser")
        .map((e) => e.text)
        .join("\n"),
      "got x-t=[]"
    )
  })

  it("a project narrows a managed list: its own narrower pattern is what counts", async () => {
    const p = makeProject()
    const managed = tempDir()
    writeFileSync(
      join(managed, "managed-settings.json"),
      JSON.stringify({ allowedHttpHookUrls: ["http://127.0.0.1:*"] })
    )
    p.writeSettings("project", {
      allowedHttpHookUrls: [`http://127.0.0.1:${port}/deny`],
      hooks: preToolUse([httpHook(`http://127.0.0.1:${port}/deny`), httpHook(`http://127.0.0.1:${port}/echo`)])
    })
    const result = await p.run("PreToolUse", bash, { managedSettingsDir: managed })
    assert.deepStrictEqual(
      requests.map((r) => r.url),
      ["/deny"]
    )
    assert.include(result.runs[1]!.run.spawnError ?? "", "matches no allowedHttpHookUrls pattern")
  })
})

describe("URL credentials and query values are redacted everywhere (finding 16)", () => {
  it("run's output, the audit log, list, validate and the span name the URL without the password (even one holding @) or the token; the request still carries them", async () => {
    const p = makeProject()
    const url = `http://bot:s3cr@tP4ss@127.0.0.1:${port}/deny?token=querysecret`
    p.writeSettings("user", { hooks: preToolUse([httpHook(url)]) })
    const env = { ...p.env, WAVE_HOOKS_MANAGED_SETTINGS_DIR: tempDir() }
    const audit = join(p.root, "audit", "audit.jsonl")
    mkdirSync(join(p.root, "audit"))
    const run = await runCli(["run", "PreToolUse", "--project-dir", p.dir, "--payload", "-", "--audit-log", audit], {
      input: JSON.stringify(bash),
      env
    })
    assert.strictEqual(run.status, 2, run.stderr)
    assert.include(run.stdout, `http://***@127.0.0.1:${port}/deny?token=***`)
    assert.deepStrictEqual(
      requests.map((r) => [r.url, r.headers.authorization]),
      [["/deny?token=querysecret", `Basic ${Buffer.from("bot:s3cr@tP4ss").toString("base64")}`]]
    )
    const list = await runCli(["list", "--project-dir", p.dir], { env })
    const listJson = await runCli(["list", "--json", "--project-dir", p.dir], { env })
    const validate = await runCli(["validate", "--project-dir", p.dir], { env })
    // A URL validation refuses is named without its credentials too.
    const refused = makeProject()
    refused.writeSettings("user", {
      hooks: preToolUse([httpHook("ftp://bot:s3cr@tP4ss@127.0.0.1/x?token=querysecret")])
    })
    const refusedValidate = await runCli(["validate", "--project-dir", refused.dir], {
      env: { ...refused.env, WAVE_HOOKS_MANAGED_SETTINGS_DIR: tempDir() }
    })
    assert.include(refusedValidate.stdout, '"ftp://***@127.0.0.1/x?token=***" is not an http:// or https:// URL')
    const snapshot = await p.load()
    const span = JSON.stringify(hookSpanAttributes(snapshot.hooks[0]!, []))
    for (const [where, text] of [
      ["run", run.stdout + run.stderr],
      ["audit log", readFileSync(audit, "utf8")],
      ["list", list.stdout],
      ["list --json", listJson.stdout],
      ["validate", validate.stdout + validate.stderr],
      ["validate of a refused URL", refusedValidate.stdout + refusedValidate.stderr],
      ["span", span]
    ] as const) {
      for (const secret of ["s3cr", "tP4ss", "querysecret"]) assert.notInclude(text, secret, `${where} shows ${secret}`)
    }
    assert.include(span, `POST http://***@127.0.0.1:${port}/deny?token=***`)
  })

  it("an http MCP server that cannot be reached is named without its credentials or query values", async () => {
    const p = makeProject()
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    p.writeSettings("user", {
      mcpServers: {
        remote: { type: "http", url: `http://bot:s3cr@tP4ss@127.0.0.1:${closedPort}/mcp?token=querysecret` }
      },
      hooks: preToolUse([{ type: "mcp_tool", server: "remote", tool: "check", timeout: 10 }])
    })
    const result = await runHooksPromise({
      event: "PreToolUse",
      payload: bash,
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      managedSettingsDir: tempDir()
    })
    const said = JSON.stringify(result)
    assert.include(said, `http://***@127.0.0.1:${closedPort}/mcp?token=***`)
    for (const secret of ["s3cr", "tP4ss", "querysecret"]) assert.notInclude(said, secret)
  })
})
