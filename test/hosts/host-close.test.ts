/**
 * A host adapter ends the session it started (issue 13's MCP servers, issue
 * 15's spans) with `close()`: `AiSdkHooks` and `OpenAIAgentsHooks`. A
 * session the app gave is left to the app. Real MCP server processes (the
 * fixture), checked by pid.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { fileURLToPath } from "node:url"
import { AiSdkHooks } from "../../src/hosts/ai-sdk/index.ts"
import { OpenAIAgentsHooks } from "../../src/hosts/openai-agents/index.ts"
import { HookSession } from "../../src/runner/session.ts"
import { effectsOf, makeProject, removeTempProjects } from "../helpers/project.ts"
import { exists } from "../helpers/processes.ts"

const fixture = fileURLToPath(new URL("../fixtures/mcp/verdict-server.ts", import.meta.url))
const pids: Array<number> = []

afterAll(() => {
  for (const pid of pids) if (exists(pid)) process.kill(pid, "SIGKILL")
  removeTempProjects()
})

/** A project whose UserPromptSubmit hook asks the fixture MCP server for its pid (the answer becomes context). */
const pidProject = () => {
  const p = makeProject()
  p.writeSettings("project", {
    mcpServers: { fixture: { command: process.execPath, args: [fixture] } },
    hooks: { UserPromptSubmit: [{ hooks: [{ type: "mcp_tool", server: "fixture", tool: "pid" }] }] }
  })
  return p
}

const pidIn = (texts: ReadonlyArray<string>): number => {
  const pid = Number(texts[0]?.trim())
  assert.isTrue(Number.isInteger(pid) && pid > 0, JSON.stringify(texts))
  pids.push(pid)
  return pid
}

const gone = async (pid: number): Promise<boolean> => {
  const until = Date.now() + 5000
  while (exists(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
  return !exists(pid)
}

describe("close() of a host adapter", () => {
  it("AiSdkHooks: the MCP servers of the session it started end on close()", async () => {
    const p = pidProject()
    const hooks = new AiSdkHooks({ projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const fired = await hooks.fire("UserPromptSubmit", { prompt: "hi" })
    const pid = pidIn(effectsOf(fired.hooks.effects, "InjectContext").map((e) => e.text))
    assert.isTrue(exists(pid))
    await hooks.close()
    assert.isTrue(await gone(pid))
  })

  it("OpenAIAgentsHooks: the same", async () => {
    const p = pidProject()
    const hooks = new OpenAIAgentsHooks({ projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const effects = await hooks.fire("UserPromptSubmit", { prompt: "hi" })
    const pid = pidIn(effectsOf(effects, "InjectContext").map((e) => e.text))
    await hooks.close()
    assert.isTrue(await gone(pid))
  })

  it("a session the app gave is the app's to close", async () => {
    const p = pidProject()
    const session = await HookSession.startPromise({ projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
    const hooks = new AiSdkHooks({ hookSession: session })
    const fired = await hooks.fire("UserPromptSubmit", { prompt: "hi" })
    const pid = pidIn(effectsOf(fired.hooks.effects, "InjectContext").map((e) => e.text))
    await hooks.close()
    assert.isTrue(exists(pid), "close() of the adapter left the app's session alone")
    await session.closePromise()
    assert.isTrue(await gone(pid))
  })
})
