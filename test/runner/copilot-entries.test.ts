/**
 * Copilot's own entry types through the library, against real parts: a
 * `prompt` entry answers without a process (its text is the first user
 * message of a new session), and an `http` entry posts to https:// only,
 * to http:// on this machine only with `COPILOT_HOOK_ALLOW_LOCALHOST=1`
 * (a real HTTP server on 127.0.0.1 counts the requests).
 */
import { afterAll, assert, beforeAll, beforeEach, describe, it } from "@effect/vitest"
import { mkdirSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { effectsOf, makeProject, removeTempProjects } from "../helpers/project.ts"

const requests: Array<string> = []
const server = createServer((req, res) => {
  req.resume()
  req.on("end", () => {
    requests.push(req.url ?? "")
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: "the http guard says no" }))
  })
})
let port = 0

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  removeTempProjects()
})
beforeEach(() => {
  requests.length = 0
})

/** A user-level Copilot hooks file (`~/.copilot/hooks/<name>.json`), which needs no trust. */
const userHooksFile = (home: string, name: string, hooks: Record<string, unknown>): void => {
  mkdirSync(`${home}/.copilot/hooks`, { recursive: true })
  writeFileSync(`${home}/.copilot/hooks/${name}.json`, JSON.stringify({ version: 1, hooks }))
}

const bashCall = { toolName: "bash", toolArgs: { command: "ls" } }

describe("copilot prompt entries", () => {
  it("given a prompt entry on sessionStart, when a new session starts, then its text is the first user message", async () => {
    const p = makeProject()
    userHooksFile(p.home, "start", { sessionStart: [{ type: "prompt", prompt: "Summarise the open TODOs." }] })
    const result = await p.run("SessionStart", { source: "new" }, { dialect: "copilot" })
    assert.deepStrictEqual(result.effects, [{ _tag: "SendUserMessage", text: "Summarise the open TODOs." }])
    // It ran as one hook, and started no process.
    assert.deepStrictEqual(
      result.runs.map((r) => [r.hook.handler?.type, r.run.command, r.run.exitCode]),
      [["message", "prompt: Summarise the open TODOs.", 0]]
    )
  })

  it("given the same entry, when a session resumes, then nothing is submitted", async () => {
    const p = makeProject()
    userHooksFile(p.home, "start", { sessionStart: [{ type: "prompt", prompt: "Summarise the open TODOs." }] })
    const result = await p.run("SessionStart", { source: "resume" }, { dialect: "copilot" })
    assert.strictEqual(result.runs.length, 1)
    assert.deepStrictEqual(result.effects, [])
  })
})

describe("copilot http entries post to https:// only", () => {
  const hooks = () => ({
    preToolUse: [{ type: "http", url: `http://127.0.0.1:${port}/pre-tool-use`, timeoutSec: 5 }]
  })

  it("given an http:// entry to this machine, when COPILOT_HOOK_ALLOW_LOCALHOST is unset, then nothing is posted and the call is denied", async () => {
    const p = makeProject()
    userHooksFile(p.home, "guard", hooks())
    const result = await p.run("PreToolUse", bashCall, { dialect: "copilot" })
    assert.deepStrictEqual(requests, [])
    // Copilot denies the call when its preToolUse hook fails (its fail-closed preToolUse), and says why.
    assert.strictEqual(effectsOf(result.effects, "BlockTool").length, 1, JSON.stringify(result.effects))
    assert.include(JSON.stringify(result.effects), "only when COPILOT_HOOK_ALLOW_LOCALHOST=1")
  })

  it("given the same entry, when COPILOT_HOOK_ALLOW_LOCALHOST=1, then the event is posted and its answer decides", async () => {
    const p = makeProject()
    userHooksFile(p.home, "guard", hooks())
    const result = await p.run("PreToolUse", bashCall, {
      dialect: "copilot",
      env: { ...p.env, COPILOT_HOOK_ALLOW_LOCALHOST: "1" }
    })
    assert.deepStrictEqual(requests, ["/pre-tool-use"])
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [
      { _tag: "BlockTool", reason: "the http guard says no" }
    ])
  })
})
