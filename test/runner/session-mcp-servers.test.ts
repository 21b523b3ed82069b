/**
 * A `HookSession` owns the MCP servers its `mcp_tool` hooks call (issue 13):
 * started on first use, kept across events (one process for every event of
 * the session), ended by `close()`; an `McpTools` in the context of `start`
 * is used instead and left to its owner. Real server processes (the fixture
 * in test/fixtures/mcp), ended by pid.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { NodeServices } from "@effect/platform-node"
import { Effect } from "effect"
import { effectsOf, pidServerProject, removeTempProjects } from "../helpers/project.ts"
import { HookSession } from "../../src/runner/session.ts"
import { McpTools } from "../../src/runner/mcp-client.ts"
import { exists as alive, goneWithin } from "../helpers/processes.ts"

const started: Array<number> = []

afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      // already gone
    }
  }
  removeTempProjects()
})

/** Closing waits for the servers, so this is a bound, not a sleep. */
const gone = (pid: number): Promise<boolean> => goneWithin(pid, 10_000)

const pidOf = (effects: Parameters<typeof effectsOf>[0]): number => {
  const [context] = effectsOf(effects, "InjectContext")
  assert.isDefined(context, JSON.stringify(effects))
  const pid = Number(context!.text.trim())
  assert.isTrue(Number.isInteger(pid) && pid > 0, context!.text)
  started.push(pid)
  return pid
}

describe("a session's MCP servers", () => {
  it("start on first use, serve every event of the session, and end on close()", async () => {
    const p = pidServerProject()
    const session = await p.session()
    const first = pidOf((await session.firePromise("UserPromptSubmit", { prompt: "a" })).effects)
    const second = pidOf((await session.firePromise("UserPromptSubmit", { prompt: "b" })).effects)
    assert.strictEqual(second, first, "the same server process answers both events")
    assert.isTrue(alive(first), "the server outlives the event")
    await session.closePromise()
    assert.isTrue(await gone(first), `server ${first} still runs after close()`)
  })

  it("an event fired after close() starts the server again", async () => {
    const p = pidServerProject()
    const session = await p.session()
    const before = pidOf((await session.firePromise("UserPromptSubmit", { prompt: "a" })).effects)
    await session.closePromise()
    const after = pidOf((await session.firePromise("UserPromptSubmit", { prompt: "b" })).effects)
    assert.notStrictEqual(after, before)
    await session.closePromise()
    assert.isTrue(await gone(after))
  })

  it("use the McpTools of the context when there is one, and leave it running on close()", async () => {
    const p = pidServerProject()
    await p.trust()
    const owned = McpTools.unscoped({ cwd: p.dir })
    const session = await Effect.runPromise(
      HookSession.start({ projectDir: p.dir, homeDir: p.home, env: p.env }).pipe(
        Effect.provideService(McpTools, owned.service),
        Effect.provide(NodeServices.layer)
      )
    )
    const pid = pidOf((await session.firePromise("UserPromptSubmit", { prompt: "a" })).effects)
    const servers = await Effect.runPromise(owned.service.started)
    assert.deepStrictEqual(
      servers.map((s) => s.pid),
      [pid],
      "the context's McpTools started it"
    )
    await session.closePromise()
    assert.isTrue(alive(pid), "close() leaves the context's servers to their owner")
    await Effect.runPromise(owned.close)
    assert.isTrue(await gone(pid))
  })

  it("runHooks without a session ends the servers it started when the event is decided", async () => {
    const p = pidServerProject()
    const result = await p.run("UserPromptSubmit", { prompt: "a" })
    const pid = pidOf(result.effects)
    assert.isTrue(await gone(pid), `server ${pid} outlived its event`)
  })
})
