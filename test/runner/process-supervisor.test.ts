/**
 * The process supervisor (`src/runner/process-supervisor.ts`), the one
 * component that starts and ends the engine's children, with real
 * processes: a child leads a process group of its own, signals reach the
 * whole group, `terminate` escalates SIGTERM to SIGKILL after the grace, and
 * one exit-time reaper ends every group the engine started (hook leftovers,
 * MCP servers, bare children) when the engine's process exits.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { join } from "node:path"
import { superviseProcess, watchedCount } from "../../src/runner/process-supervisor.ts"
import { nodeBin } from "../helpers/cli-process.ts"
import { removeTempProjects, tempDir } from "../helpers/project.ts"
import { killLeftovers, liveMembersWithin } from "./mcp-fixtures.ts"
import { liveGroupMembers } from "./process-groups.ts"

afterAll(() => removeTempProjects())

const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin" }
/** A shell that starts a grandchild ignoring SIGTERM, prints its pid, and waits. */
const stubbornFamily = `sh -c 'trap "" TERM; sleep 300' & echo $!; wait`

const firstLine = (stream: NodeJS.ReadableStream): Promise<string> =>
  new Promise((resolve) => {
    let text = ""
    stream.setEncoding("utf8")
    stream.on("data", (chunk: string) => {
      text += chunk
      if (text.includes("\n")) resolve(text.split("\n")[0]!)
    })
  })

describe("superviseProcess", () => {
  it("the child leads its own process group; terminate SIGTERMs the group and SIGKILLs what ignores it after the grace", async () => {
    const supervised = superviseProcess({ argv: ["/bin/sh", "-c", stubbornFamily], cwd: tempDir(), env })
    const pgid = supervised.pid!
    try {
      const grandchild = Number(await firstLine(supervised.child.stdout))
      const members = liveGroupMembers(pgid).map((m) => m.pid)
      assert.includeMembers(members, [pgid, grandchild])
      assert.isTrue(supervised.alive())
      const started = performance.now()
      await supervised.terminate(300)
      const took = performance.now() - started
      // The shell dies on SIGTERM; the grandchild ignores it and is SIGKILLed at the grace, not before.
      assert.isAtLeast(took, 250)
      assert.isBelow(took, 10_000)
      assert.deepStrictEqual(await liveMembersWithin(pgid, 3000), [])
    } finally {
      killLeftovers([pgid])
    }
  })

  it("signal reaches every member; a released group is no longer watched", async () => {
    const before = watchedCount()
    const supervised = superviseProcess({ argv: ["/bin/sh", "-c", "sleep 300 & echo $!; wait"], cwd: tempDir(), env })
    const pgid = supervised.pid!
    try {
      await firstLine(supervised.child.stdout)
      assert.strictEqual(watchedCount(), before + 1)
      assert.isTrue(supervised.signal("SIGTERM"))
      assert.deepStrictEqual(await liveMembersWithin(pgid, 3000), [])
      supervised.release()
      assert.strictEqual(watchedCount(), before)
    } finally {
      killLeftovers([pgid])
    }
  })

  it("a program that does not exist: an error event, no pid, nothing watched", async () => {
    const before = watchedCount()
    const supervised = superviseProcess({ argv: ["/nonexistent/program"], cwd: tempDir(), env })
    const error = await new Promise<Error>((resolve) => supervised.child.once("error", resolve))
    assert.match(error.message, /ENOENT/)
    assert.isUndefined(supervised.pid)
    assert.isFalse(supervised.alive())
    assert.strictEqual(watchedCount(), before)
  })
})

describe("the one exit-time reaper", () => {
  it("a hook's leftover (ignoring SIGTERM, 30 s of grace to go), a running MCP server with its grandchild and a bare child: all gone when the engine exits", async () => {
    const fixture = join(import.meta.dirname, "fixtures", "exit-with-everything.ts")
    const out = spawnSync(nodeBin, [fixture, tempDir()], { encoding: "utf8", timeout: 30_000 })
    assert.strictEqual(out.status, 0, out.stderr)
    const groups = JSON.parse(out.stdout) as {
      readonly hook: number
      readonly server: number
      readonly sleeper: number
    }
    try {
      for (const [name, pgid] of Object.entries(groups)) {
        assert.isNumber(pgid, name)
        assert.deepStrictEqual(
          await liveMembersWithin(pgid, 3000),
          [],
          `the ${name}'s group (${pgid}) outlived the engine`
        )
      }
    } finally {
      killLeftovers(Object.values(groups))
    }
  }, 40_000)
})
