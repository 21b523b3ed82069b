/**
 * `mcp_tool` servers as processes, against hand-written misbehaving servers
 * (test/fixtures/mcp/raw-server.mjs over stdio, raw-http-server.mjs over
 * HTTP), through `wave-hooks run` and through `McpTools.layer`:
 *
 * - a server that never answers `initialize` (stdio) or never answers at all
 *   (http) is given up at the hook's timeout: the event settles near the
 *   timeout plus the kill grace, not at the SDK's 60 s (security review
 *   2026-11-26, finding 12);
 * - a stdio server runs in a process group of its own and is ended with it,
 *   so what it started does not outlive `run` (finding 13);
 * - a message from a server is capped while it is read: a 200 MiB result
 *   (one stdio line, one JSON body, one server-sent event) leaves the CLI's
 *   peak RSS near that of a small result (finding 21).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { join } from "node:path"
import { McpTools } from "../../src/runner/mcp-client.ts"
import { runMcpToolHook } from "../../src/runner/mcp-tool-hook.ts"
import { ensureCliBuilt } from "../helpers/cli-process.ts"
import { group, makeProject, removeTempProjects, settings, tempDir } from "../helpers/project.ts"
import { exists } from "../helpers/processes.ts"
import {
  grandchildPids,
  killLeftovers,
  liveMembersWithin,
  livePidsWithin,
  rawStdioEntry,
  runEvent,
  runEventMeasured,
  startedPids,
  startRawHttpServer
} from "./mcp-fixtures.ts"

beforeAll(() => ensureCliBuilt(), 120_000)
afterAll(() => removeTempProjects())

const bash = { tool_name: "Bash", tool_input: { command: "ls" } }

/** User settings: one PreToolUse `mcp_tool` hook on server `p` (`onFailure: block`), and `p` itself. */
/** The reason says the hook timed out after its 2 s timeout (the run's own duration: more on a loaded machine). */
const assertTimedOutAfterTheTimeout = (reason: string | undefined): void => {
  const seconds = Number(/timed out after (\d+\.\d) s/.exec(reason ?? "")?.[1])
  assert.isAtLeast(seconds, 2, reason)
  assert.isBelow(seconds, 15, reason)
}

const guardedBy = (server: Record<string, unknown>, timeout: number) =>
  settings(
    {
      PreToolUse: [
        group([{ type: "mcp_tool", server: "p", tool: "check", input: {}, timeout, onFailure: "block" }], {
          matcher: "Bash"
        })
      ]
    },
    { mcpServers: { p: server } }
  )

describe("a server that never answers is given up at the hook's timeout (finding 12)", () => {
  it("stdio, no answer to initialize, timeout 5 s: run blocks saying it timed out, settles well under 60 s, the server is gone", async () => {
    const p = makeProject()
    const log = join(p.root, "server.log")
    // 5 s, not 2: with both cores busy the server's node can take over 2 s to start and log its pid.
    p.writeSettings("user", guardedBy(rawStdioEntry("noinit", log), 5))
    try {
      const { json, result, wallMs } = await runEvent(p, "PreToolUse", bash)
      assert.strictEqual(result.status, 2, result.stderr)
      assert.deepStrictEqual(
        json.effects.map((e) => e._tag),
        ["BlockTool"]
      )
      assertTimedOutAfterTheTimeout(json.effects[0]!.reason)
      // The SDK's own request timeout held it for 60 s; now the timeout, a kill grace (1 s) and the CLI's start.
      assert.isBelow(wallMs, 20_000, `run took ${Math.round(wallMs)} ms`)
      const [pid] = startedPids(log)
      assert.isNumber(pid)
      assert.deepStrictEqual(await livePidsWithin([pid!], 3000), [], "the server outlived run")
      assert.deepStrictEqual(await liveMembersWithin(pid!, 3000), [], "its process group outlived run")
    } finally {
      killLeftovers(startedPids(log))
    }
  }, 40_000)

  it("stdio, a server that also ignores SIGTERM and the end of its stdin: still settled within the timeout plus the grace", async () => {
    const p = makeProject()
    const log = join(p.root, "server.log")
    p.writeSettings("user", guardedBy(rawStdioEntry("noinit+ignoreterm", log), 2))
    try {
      const { json, wallMs } = await runEvent(p, "PreToolUse", bash)
      assert.deepStrictEqual(
        json.effects.map((e) => e._tag),
        ["BlockTool"]
      )
      assert.isBelow(wallMs, 15_000, `run took ${Math.round(wallMs)} ms`)
      assert.deepStrictEqual(await livePidsWithin(startedPids(log), 3000), [], "the server outlived run")
    } finally {
      killLeftovers(startedPids(log))
    }
  }, 40_000)

  it("http, a server that never answers: run blocks saying it timed out and settles well under 60 s", async () => {
    const p = makeProject()
    const server = await startRawHttpServer()
    p.writeSettings("user", guardedBy({ type: "http", url: `${server.base}/hang` }, 2))
    try {
      const { json, result, wallMs } = await runEvent(p, "PreToolUse", bash)
      assert.strictEqual(result.status, 2, result.stderr)
      assert.deepStrictEqual(
        json.effects.map((e) => e._tag),
        ["BlockTool"]
      )
      assertTimedOutAfterTheTimeout(json.effects[0]!.reason)
      assert.isBelow(wallMs, 15_000, `run took ${Math.round(wallMs)} ms`)
    } finally {
      server.stop()
    }
  }, 40_000)

  it.effect(
    "McpTools.layer: the timed-out start is given up (its server killed), the next call starts it afresh, and closing does not wait on it",
    () =>
      Effect.gen(function* () {
        const log = join(tempDir(), "server.log")
        const servers = { p: rawStdioEntry("noinit", log) }
        const closed = yield* Effect.gen(function* () {
          // 6 s: long enough for a loaded machine to start node and the server to log its pid before it is given up.
          const first = yield* runMcpToolHook({ server: "p", tool: "check" }, { payload: {}, timeoutMs: 6000 })
          assert.isTrue(first.run.timedOut, JSON.stringify(first.run))
          // The start was given up with the call: its group is killed, not kept waiting on initialize.
          assert.deepStrictEqual(yield* Effect.promise(() => livePidsWithin(startedPids(log), 3000)), [])
          const second = yield* runMcpToolHook({ server: "p", tool: "check" }, { payload: {}, timeoutMs: 6000 })
          assert.isTrue(second.run.timedOut, JSON.stringify(second.run))
          assert.strictEqual(startedPids(log).length, 2, "the second call started the server again")
          return performance.now()
        }).pipe(Effect.provide(McpTools.layer({ servers, cwd: tempDir(), killGraceMs: 300 })))
        // The layer closed right after the second timeout: a pending start is killed, not awaited for 60 s.
        const closingMs = performance.now() - closed
        assert.isBelow(closingMs, 10_000)
        assert.deepStrictEqual(yield* Effect.promise(() => livePidsWithin(startedPids(log), 3000)), [])
        killLeftovers(startedPids(log))
      }),
    40_000
  )
})

describe("closing does not wait on a start in progress (finding 12)", () => {
  // Real time (it.live): the caller's own timeout below is an Effect timer.
  it.live(
    "McpTools.layer: a call abandoned while its server has not answered initialize; the layer closes at once, the server killed",
    () =>
      Effect.gen(function* () {
        const log = join(tempDir(), "server.log")
        const servers = { p: rawStdioEntry("noinit+ignoreterm", log) }
        const closing = yield* Effect.gen(function* () {
          // The hook's timeout is 30 s; the caller gives up after 1 s (an interrupted event), leaving the start pending.
          const abandoned = yield* runMcpToolHook(
            { server: "p", tool: "check" },
            { payload: {}, timeoutMs: 30_000 }
          ).pipe(Effect.timeoutOption(1000))
          assert.isTrue(abandoned._tag === "None")
          return performance.now()
        }).pipe(Effect.provide(McpTools.layer({ servers, cwd: tempDir(), killGraceMs: 300 })))
        const closingMs = performance.now() - closing
        // Before, closing awaited the start: up to the 30 s timeout (the SDK's 60 s without one).
        assert.isBelow(closingMs, 10_000, `closing took ${Math.round(closingMs)} ms`)
        assert.deepStrictEqual(yield* Effect.promise(() => livePidsWithin(startedPids(log), 3000)), [])
        killLeftovers(startedPids(log))
      }),
    40_000
  )
})

describe("a stdio server runs and ends as a process group (finding 13)", () => {
  it("run: the sleep 300 the server started is gone once run exits, and the server too", async () => {
    const p = makeProject()
    const log = join(p.root, "server.log")
    p.writeSettings(
      "user",
      settings(
        { UserPromptSubmit: [group([{ type: "mcp_tool", server: "p", tool: "check", input: {}, timeout: 20 }])] },
        { mcpServers: { p: rawStdioEntry("grandchild", log) } }
      )
    )
    try {
      const { json, result } = await runEvent(p, "UserPromptSubmit", { prompt: "hi" })
      assert.strictEqual(result.status, 0, result.stderr)
      const [grandchild] = grandchildPids(log)
      const [pid] = startedPids(log)
      assert.isNumber(grandchild)
      assert.deepStrictEqual(
        json.effects.filter((e) => e._tag === "InjectContext").map((e) => e.text),
        [String(grandchild)]
      )
      assert.deepStrictEqual(
        await livePidsWithin([grandchild!, pid!], 3000),
        [],
        "the server's sleep 300 (or the server) outlived run"
      )
      // It was in the server's own group (its pgid the server's pid), and nothing of that group is left.
      assert.deepStrictEqual(await liveMembersWithin(pid!, 3000), [])
    } finally {
      killLeftovers(startedPids(log), grandchildPids(log))
    }
  }, 40_000)

  it.effect(
    "McpTools.layer: closing the layer ends the server's group, grandchild included",
    () =>
      Effect.gen(function* () {
        const log = join(tempDir(), "server.log")
        yield* Effect.gen(function* () {
          const { run } = yield* runMcpToolHook({ server: "p", tool: "check" }, { payload: {}, timeoutMs: 20_000 })
          assert.strictEqual(run.stdout, String(grandchildPids(log)[0]))
          assert.isTrue(exists(grandchildPids(log)[0]!))
        }).pipe(
          Effect.provide(
            McpTools.layer({ servers: { p: rawStdioEntry("grandchild", log) }, cwd: tempDir(), killGraceMs: 300 })
          )
        )
        try {
          assert.deepStrictEqual(
            yield* Effect.promise(() => livePidsWithin([...grandchildPids(log), ...startedPids(log)], 3000)),
            []
          )
        } finally {
          killLeftovers(startedPids(log), grandchildPids(log))
        }
      }),
    40_000
  )
})

describe("a message is capped while it is read (finding 21)", () => {
  const mib = 1024
  /** Peak RSS of run with a small result, measured in the same test (the CLI's own, KiB). */
  const baseline = async (): Promise<number> => {
    const p = makeProject()
    const log = join(p.root, "server.log")
    p.writeSettings("user", guardedBy(rawStdioEntry("normal", log), 20))
    try {
      const { json, maxRssKiB } = await runEventMeasured(p, "PreToolUse", bash, "baseline")
      assert.deepStrictEqual(json.effects, [], JSON.stringify(json.effects))
      return maxRssKiB
    } finally {
      killLeftovers(startedPids(log))
    }
  }

  it("stdio, one line of 200 MiB: run's peak RSS stays within 64 MiB of a small result's; it blocks naming the cap", async () => {
    const small = await baseline()
    const p = makeProject()
    const log = join(p.root, "server.log")
    p.writeSettings("user", guardedBy(rawStdioEntry("hugeline", log), 20))
    try {
      const { json, maxRssKiB, wallMs } = await runEventMeasured(p, "PreToolUse", bash, "hugeline")
      assert.isBelow(maxRssKiB - small, 64 * mib, `peak RSS ${maxRssKiB} KiB against ${small} KiB with a small result`)
      assert.deepStrictEqual(
        json.effects.map((e) => e._tag),
        ["BlockTool"]
      )
      assert.include(json.effects[0]!.reason, "sent a message over 8 MiB (the cap of one message)")
      // Stopped at the cap, not at the hook's 20 s timeout.
      assert.isBelow(wallMs, 15_000)
      assert.deepStrictEqual(await livePidsWithin(startedPids(log), 3000), [])
    } finally {
      killLeftovers(startedPids(log))
    }
  }, 60_000)

  for (const path of ["hugebody", "hugeevent"] as const) {
    it(`http, ${path === "hugebody" ? "a JSON body" : "one server-sent event"} of 200 MiB: run's peak RSS stays within 64 MiB of a small result's; it blocks naming the cap`, async () => {
      const small = await baseline()
      const p = makeProject()
      const server = await startRawHttpServer()
      p.writeSettings("user", guardedBy({ type: "http", url: `${server.base}/${path}` }, 20))
      try {
        const { json, maxRssKiB } = await runEventMeasured(p, "PreToolUse", bash, path)
        assert.isBelow(
          maxRssKiB - small,
          64 * mib,
          `peak RSS ${maxRssKiB} KiB against ${small} KiB with a small result`
        )
        assert.deepStrictEqual(
          json.effects.map((e) => e._tag),
          ["BlockTool"]
        )
        assert.include(json.effects[0]!.reason, "sent a message over 8 MiB (the cap of one message)")
      } finally {
        server.stop()
      }
    }, 60_000)
  }

  it.effect(
    "McpTools.layer: a result over maxMessageBytes fails naming the cap, the server is stopped, the next call starts it again",
    () =>
      Effect.gen(function* () {
        const log = join(tempDir(), "server.log")
        const servers = {
          p: rawStdioEntry("hugeline", log, { RAW_SERVER_MB: "4" }),
          small: rawStdioEntry("normal", log)
        }
        yield* Effect.gen(function* () {
          const first = yield* runMcpToolHook({ server: "p", tool: "check" }, { payload: {}, timeoutMs: 20_000 })
          assert.strictEqual(first.run.exitCode, 1)
          assert.include(
            first.run.stderr,
            'the MCP server "p" sent a message over 64 KiB (the cap of one message); it was dropped unread'
          )
          assert.include(first.run.stderr, "the server was stopped (it starts again on the next call)")
          assert.deepStrictEqual(yield* Effect.promise(() => livePidsWithin(startedPids(log), 3000)), [])
          yield* runMcpToolHook({ server: "p", tool: "check" }, { payload: {}, timeoutMs: 20_000 })
          assert.strictEqual(startedPids(log).length, 2)
          // A server within the cap answers as before.
          const ok = yield* runMcpToolHook(
            { server: "small", tool: "check", input: { a: 1 } },
            { payload: {}, timeoutMs: 20_000 }
          )
          assert.strictEqual(ok.run.stdout, "ok a=1")
        }).pipe(
          Effect.provide(McpTools.layer({ servers, cwd: tempDir(), killGraceMs: 300, maxMessageBytes: 64 * 1024 }))
        )
        killLeftovers(startedPids(log))
      }),
    40_000
  )
})
