/**
 * The hook-types guide (docs/guides/hook-types.md) holds only examples that work: each is a file
 * under examples/guides/hook-types/ included by a snippet marker; every settings file there is one
 * that `validateSettings` accepts without an error or a warning (in both dialects), each of the four
 * types beyond `command` has an example, and the 20-line policy server runs as written (started
 * with the Node 24 binary on a port chosen by the OS through `PORT=0`), denies `rm -rf`, and, with
 * the first `http` example pointed at it, blocks the Bash call through `runHooks`.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { validateSettings } from "../../src/index.ts"
import { hookTypeOf } from "../../src/settings/hook-types.ts"
import { nodeBin, repoRoot } from "../helpers/cli-process.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"

afterAll(removeTempProjects)

const examples = "examples/guides/hook-types"
const page = readFileSync(join(repoRoot, "docs/guides/hook-types.md"), "utf8")

/** The example files the page includes, in page order. */
const included = Array.from(page.matchAll(/^<!-- snippet: (\S+) -->$/gmu), (m) => m[1]!)

/** The settings examples: every .json file of the examples directory, with its text. */
const jsonFiles = readdirSync(join(repoRoot, examples))
  .filter((name) => name.endsWith(".json"))
  .sort()
const jsonBlocks = jsonFiles.map((name) => readFileSync(join(repoRoot, examples, name), "utf8"))

describe("Hook types guide: the page includes its examples", () => {
  it("includes every example file of examples/guides/hook-types, and only existing ones", () => {
    const all = readdirSync(join(repoRoot, examples))
      .map((name) => `${examples}/${name}`)
      .sort()
    assert.deepStrictEqual([...included].sort(), all)
  })
})

describe("Hook types guide: settings examples", () => {
  it("has a settings example for every type but command", () => {
    assert.isAtLeast(jsonBlocks.length, 4)
    const types = new Set(
      jsonBlocks.flatMap((text) =>
        validateSettings(text, { file: "hook-types", scope: "project", dialect: "wave" }).hooks.map(hookTypeOf)
      )
    )
    for (const type of ["http", "mcp_tool", "prompt", "agent"] as const)
      assert.isTrue(types.has(type), `no ${type} example`)
  })

  for (const dialect of ["wave", "claude-code"] as const) {
    it(`every JSON block is a settings file with hooks and no diagnostic (${dialect} dialect)`, () => {
      jsonBlocks.forEach((text, i) => {
        const file = `${examples}/${jsonFiles[i]}`
        const validated = validateSettings(text, { file, scope: "project", dialect })
        assert.isTrue(validated.readable, `${file} is not JSON`)
        assert.deepStrictEqual(validated.diagnostics, [], `${file}:\n${text}`)
        assert.isAbove(validated.hooks.length, 0, `${file} configures no hook`)
      })
    })
  }
})

// ====== The policy server ======

const policyServerFile = join(repoRoot, examples, "policy-server.mjs")
const policyServerSource = readFileSync(policyServerFile, "utf8")

/** Start the guide's policy server with `PORT=0`; resolves with its base URL (from the line it prints) and a stop function. */
const startPolicyServer = (): Promise<{ readonly url: string; readonly stop: () => void }> =>
  new Promise((resolve, reject) => {
    const child = spawn(nodeBin, [policyServerFile], {
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    const stop = () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, "SIGKILL")
    }
    let out = ""
    let err = ""
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`the policy server printed no address in 10 s\nstdout: ${out}\nstderr: ${err}`))
    }, 10_000)
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk))
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk
      const m = /policy server on (http:\/\/127\.0\.0\.1:(\d+))\/pre-tool-use/u.exec(out)
      if (m !== null) {
        clearTimeout(timer)
        assert.notStrictEqual(m[2], "0")
        resolve({ url: m[1]!, stop })
      }
    })
    child.on("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`the policy server exited (${code})\nstdout: ${out}\nstderr: ${err}`))
    })
  })

const post = async (url: string, event: unknown) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(event)
  })
  return { status: response.status, body: await response.text() }
}

describe("Hook types guide: the policy server", () => {
  it("is about 20 lines and needs nothing but node:", () => {
    const lines = policyServerSource.trimEnd().split("\n").length
    assert.isAtMost(lines, 24, `${lines} lines`)
    for (const m of policyServerSource.matchAll(/from\s+"([^"]+)"/gu)) assert.match(m[1]!, /^node:/u)
    assert.include(policyServerSource, "process.env.PORT")
  })

  it("denies rm -rf with a PreToolUse verdict, and answers an empty 200 to ls", async () => {
    const server = await startPolicyServer()
    try {
      const deny = await post(`${server.url}/pre-tool-use`, {
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "rm -rf build" }
      })
      assert.strictEqual(deny.status, 200)
      assert.deepStrictEqual(JSON.parse(deny.body), {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "rm -rf is not allowed here: rm -rf build"
        }
      })
      const ls = await post(`${server.url}/pre-tool-use`, {
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls -la" }
      })
      assert.deepStrictEqual(ls, { status: 200, body: "" })
      const garbage = await fetch(`${server.url}/pre-tool-use`, { method: "POST", body: "not json" })
      assert.strictEqual(garbage.status, 200)
    } finally {
      server.stop()
    }
  })

  it("with the first http example (http.settings.json) pointed at it, runHooks blocks rm -rf and lets ls through", async () => {
    const example = readFileSync(join(repoRoot, examples, "http.settings.json"), "utf8")
    assert.include(example, "http://127.0.0.1:8080/pre-tool-use")
    const server = await startPolicyServer()
    try {
      const p = makeProject()
      p.writeSettings("project", example.replace("http://127.0.0.1:8080", server.url))
      const deny = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf build" } })
      assert.deepStrictEqual(deny.effects, [{ _tag: "BlockTool", reason: "rm -rf is not allowed here: rm -rf build" }])
      assert.deepStrictEqual(
        deny.runs.map((r) => [r.run.command, r.run.exitCode]),
        [[`POST ${server.url}/pre-tool-use`, 0]]
      )
      const ls = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
      assert.deepStrictEqual(ls.effects, [])
    } finally {
      server.stop()
    }
  })
})
