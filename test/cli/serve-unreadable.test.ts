/**
 * `wave-hooks serve` as a real process with settings files that cannot be
 * read (security review 2026-11-26, findings 1 and 19): a user file broken
 * after the server started denies tool calls until it is fixed, then the
 * server recovers by itself; a user file broken at start does not stop the
 * server but denies; an untrusted project's broken file only warns.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { ChildProcess } from "node:child_process"
import { spawn } from "node:child_process"
import type { HookEffect, Resolution } from "../../src/index.ts"
import { cliBin, ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import { eventually } from "../helpers/eventually.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

interface Served {
  readonly child: ChildProcess
  readonly port: string
  readonly token: string
  readonly stderr: () => string
}

/** Start `serve` for the project and wait for the address it prints (its token from the query or the fragment). */
const serve = async (p: TempProject): Promise<Served> => {
  ensureCliBuilt()
  const child = spawn(nodeBin, [cliBin, "serve", "--project-dir", p.dir], {
    env: p.env,
    stdio: ["ignore", "pipe", "pipe"]
  })
  let out = ""
  let err = ""
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()))
  const started = await new Promise<{ readonly port: string; readonly token: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve printed no URL in 30 s.\nstdout: ${out}\nstderr: ${err}`)),
      30_000
    )
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const match = /open http:\/\/127\.0\.0\.1:(\d+)\/[?#]?(?:[^\s]*?)token=([A-Za-z0-9_-]+)/.exec(out)
      if (match !== null) {
        clearTimeout(timer)
        resolve({ port: match[1]!, token: match[2]! })
      }
    })
    child.on("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code}: ${err}`))
    })
  })
  return { child, ...started, stderr: () => err }
}

const stop = async (served: Served): Promise<void> => {
  const { child } = served
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
    process.kill(child.pid, "SIGTERM")
  await new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())
  )
}

interface RunAnswer {
  readonly effects: ReadonlyArray<HookEffect>
  readonly resolution: Resolution
}

const post = async (served: Served, body: unknown): Promise<RunAnswer> => {
  const response = await fetch(`http://127.0.0.1:${served.port}/run`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${served.token}` },
    body: JSON.stringify(body)
  })
  assert.strictEqual(response.status, 200, await response.clone().text())
  return (await response.json()) as RunAnswer
}

const bashCall = (command: string) => ({
  event: "PreToolUse",
  tool: { id: `t-${command.length}`, name: "Bash", input: { command } }
})
const allow = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`
const guard = "echo 'user guard: no' >&2; exit 2"

describe("serve with settings that cannot be read", () => {
  it("given a user guard, when the user file gets a trailing comma after start, then tool calls are denied naming the file; once fixed, the server recovers", async () => {
    const p = makeProject()
    const userFile = p.writeSettings("user", settings({ PreToolUse: [group([hook(guard)], { matcher: "Bash" })] }))
    const served = await serve(p)
    try {
      const before = await post(served, bashCall("rm -rf /"))
      assert.strictEqual(before.resolution.permission, "deny")

      p.writeSettings(
        "user",
        `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "exit 2"}]}],}}`
      )
      const broken = await post(served, bashCall("rm -rf /"))
      assert.strictEqual(broken.resolution.permission, "deny", JSON.stringify(broken.effects))
      const block = broken.effects.find((e) => e._tag === "BlockTool")
      assert.isDefined(block)
      assert.include(block!._tag === "BlockTool" ? block!.reason : "", userFile)
      const stop = await post(served, { event: "Stop", payload: {} })
      assert.isTrue(
        stop.effects.some((e) => e._tag === "ShowUser" && e.level === "error" && e.text.includes(userFile)),
        JSON.stringify(stop.effects)
      )

      p.writeSettings("user", settings({ PreToolUse: [group([hook(allow)], { matcher: "Bash" })] }))
      const fixed = await post(served, bashCall("ls"))
      assert.strictEqual(fixed.resolution.permission, "allow", JSON.stringify(fixed.effects))
    } finally {
      await stop(served)
    }
  }, 90_000)

  it("given a user file that does not parse, when serve starts, then it starts, says so on stderr, and denies tool calls", async () => {
    const p = makeProject()
    const userFile = p.writeSettings("user", `{"hooks": {,}}`)
    p.writeSettings("project", settings({ PreToolUse: [group([hook(allow)])] }))
    await p.trust()
    const served = await serve(p)
    try {
      // The address comes on stdout, the settings error on stderr: another pipe, so it is awaited.
      await eventually(() => served.stderr().includes("every tool call is denied"), "the settings error on stderr")
      assert.include(served.stderr(), userFile)
      const answer = await post(served, bashCall("ls"))
      assert.strictEqual(answer.resolution.permission, "deny", JSON.stringify(answer.effects))
    } finally {
      await stop(served)
    }
  }, 90_000)

  it("given an untrusted project file that does not parse, when serve starts, then it starts and the user's hooks still run", async () => {
    const p = makeProject()
    p.writeSettings("user", settings({ PreToolUse: [group([hook(guard)], { matcher: "Bash" })] }))
    const projectFile = p.writeSettings("project", "{ this is not json")
    const served = await serve(p)
    try {
      await eventually(() => served.stderr().includes(projectFile), "the project file's error on stderr")
      const denied = await post(served, bashCall("rm -rf /"))
      assert.strictEqual(denied.resolution.permission, "deny")
      assert.isFalse(
        denied.effects.some((e) => e._tag === "BlockTool" && e.reason.includes(projectFile)),
        "the project's file does not deny"
      )
      const other = await post(served, {
        event: "PreToolUse",
        tool: { id: "r1", name: "Read", input: { file_path: "a" } }
      })
      assert.notStrictEqual(other.resolution.permission, "deny", JSON.stringify(other.effects))
    } finally {
      await stop(served)
    }
  }, 90_000)
})
