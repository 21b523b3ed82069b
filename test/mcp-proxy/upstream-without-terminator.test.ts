/**
 * `mcp-proxy` takes the upstream command right after its own flags, without
 * `--` (the MCP Inspector and some client configurations drop it): the first
 * word that is neither a flag nor a flag's value starts the upstream command,
 * and flags after it (even ones the proxy also has) go to the upstream.
 * `--` still works.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { upstreamAfterFlags } from "../../src/cli/mcp-proxy-command.ts"
import { ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"
import { eventually, fileHas, startProxy, textsOf, tinyServer } from "./gateway-helpers.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

/** The argv of a live process, from /proc. */
const argvOf = (pid: number): ReadonlyArray<string> =>
  readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1)

describe("mcp-proxy without --", () => {
  it("starts the upstream from the first word after the flags; its own flags (even --name, -y) reach it", async () => {
    const p = makeProject()
    const pidFile = join(p.dir, "upstream.pid")
    const proxy = await startProxy(
      p,
      ["--ask", "deny", "--name", "gw", nodeBin, tinyServer, "--name", "upstream", "-y"],
      {
        env: { TINY_PID_FILE: pidFile }
      }
    )
    try {
      const result = await proxy.client.callTool({ name: "echo", arguments: { text: "hi" } })
      assert.deepStrictEqual(textsOf(result), ["hi"])
      await eventually(fileHas(pidFile, ""), "the upstream's pid file")
      const pid = Number(readFileSync(pidFile, "utf8").trim())
      assert.deepStrictEqual(argvOf(pid).slice(1), [tinyServer, "--name", "upstream", "-y"])
    } finally {
      await proxy.close()
    }
  }, 60_000)

  it("-- still works, with the same upstream argv", async () => {
    const p = makeProject()
    const pidFile = join(p.dir, "upstream.pid")
    const proxy = await startProxy(p, ["--ask", "deny", "--", nodeBin, tinyServer, "--ask", "x"], {
      env: { TINY_PID_FILE: pidFile }
    })
    try {
      assert.deepStrictEqual(textsOf(await proxy.client.callTool({ name: "echo", arguments: { text: "ok" } })), ["ok"])
      await eventually(fileHas(pidFile, ""), "the upstream's pid file")
      const pid = Number(readFileSync(pidFile, "utf8").trim())
      assert.deepStrictEqual(argvOf(pid).slice(1), [tinyServer, "--ask", "x"])
    } finally {
      await proxy.close()
    }
  }, 60_000)
})

describe("upstreamAfterFlags", () => {
  it("puts -- before the first word that is not a flag or a flag's value", () => {
    assert.deepStrictEqual(upstreamAfterFlags(["--ask", "deny", "npx", "-y", "srv"]), [
      "--ask",
      "deny",
      "--",
      "npx",
      "-y",
      "srv"
    ])
    assert.deepStrictEqual(upstreamAfterFlags(["--name=gw", "--allow-remote", "srv", "--url", "u"]), [
      "--name=gw",
      "--allow-remote",
      "--",
      "srv",
      "--url",
      "u"
    ])
    assert.deepStrictEqual(upstreamAfterFlags(["srv"]), ["--", "srv"])
  })
  it("leaves the arguments as they are with --, with --url and no command, or with only flags", () => {
    assert.deepStrictEqual(upstreamAfterFlags(["--ask", "deny", "--", "srv", "-y"]), [
      "--ask",
      "deny",
      "--",
      "srv",
      "-y"
    ])
    assert.deepStrictEqual(upstreamAfterFlags(["--url", "http://127.0.0.1:1/mcp"]), ["--url", "http://127.0.0.1:1/mcp"])
    assert.deepStrictEqual(upstreamAfterFlags(["--help"]), ["--help"])
  })
})
