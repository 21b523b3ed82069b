/**
 * The web run endpoint keeps one set of MCP servers for the `mcp_tool` hooks
 * of all its sessions (issue 13): a settings edit makes a new session on the
 * next request, and that session calls the same server process. Real fixture
 * server, checked by pid.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { fileURLToPath } from "node:url"
import type { Resolution } from "../../src/index.ts"
import { serveHookRunsPromise } from "../../src/hosts/web/run-endpoint.ts"
import { startWebServer, tokenHeader } from "../../src/interpreters/web/web-server.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"
import { exists } from "../helpers/processes.ts"

const fixture = fileURLToPath(new URL("../fixtures/mcp/verdict-server.ts", import.meta.url))
const pids: Array<number> = []
afterAll(() => {
  for (const pid of pids) if (exists(pid)) process.kill(pid, "SIGKILL")
  removeTempProjects()
})

const settingsWith = (extraHook: boolean) => ({
  mcpServers: { fixture: { command: process.execPath, args: [fixture] } },
  hooks: {
    UserPromptSubmit: [
      {
        hooks: [
          { type: "mcp_tool", server: "fixture", tool: "pid" },
          ...(extraHook ? [{ type: "command", command: "true" }] : [])
        ]
      }
    ]
  }
})

describe("serveHookRunsPromise and mcp_tool hooks", () => {
  it("a reload (edited settings) makes a new session that calls the same MCP server process", async () => {
    const p = makeProject()
    p.writeSettings("project", settingsWith(false))
    await p.trust()
    const server = await startWebServer()
    try {
      await serveHookRunsPromise(server, { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" })
      const pidOfRun = async (): Promise<number> => {
        const response = await fetch(`http://127.0.0.1:${server.port}/run`, {
          method: "POST",
          headers: { [tokenHeader]: server.token },
          body: JSON.stringify({ event: "UserPromptSubmit", payload: { prompt: "hi" } })
        })
        assert.strictEqual(response.status, 200)
        const body = (await response.json()) as { resolution: Resolution }
        const pid = Number(body.resolution.context[0]?.trim())
        assert.isTrue(Number.isInteger(pid) && pid > 0, JSON.stringify(body))
        pids.push(pid)
        return pid
      }
      const first = await pidOfRun()
      p.writeSettings("project", settingsWith(true))
      const second = await pidOfRun()
      assert.strictEqual(second, first, "the reloaded session shares the server")
      assert.isTrue(exists(first))
    } finally {
      await server.close()
    }
  })
})
