/**
 * HookSession: the Stop-loop guard across events (ARCHITECTURE section 6.6),
 * settings read once per session (a snapshot), session ids and the hook
 * process a session runs on. Hooks are canned runs (`HookProcess.layerTest`):
 * these are tests of the session's logic.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { NodeFileSystem } from "@effect/platform-node"
import { TestClock } from "effect/testing"
import { rmSync } from "node:fs"
import { layerSettings } from "../../src/settings/plan.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import { HookSession } from "../../src/runner/session.ts"
import { sessionIdOf } from "../../src/runner/session-id.ts"
import {
  canned,
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  makeProject,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

afterAll(removeTempProjects)

const STOP = "./.wave/hooks/stop.sh"
const blockOutput = JSON.stringify({ decision: "block", reason: "keep going: tests fail" })

/** A project whose Stop hook blocks while `state.block` is true. */
const stopProject = (extra: Record<string, ReadonlyArray<Record<string, unknown>>> = {}) => {
  const state = { block: true }
  const hooks = canned((options) => ({
    exitCode: 0,
    stdout: options.command === STOP && state.block ? blockOutput : ""
  }))
  const p = makeProject({ hookProcess: hooks.layer })
  p.writeSettings("project", settings({ Stop: [group([hook(STOP)])], ...extra }))
  return { p, hooks, state, activeFlags: () => hooks.payloads(STOP).map((payload) => payload["stop_hook_active"]) }
}

describe("Stop-loop guard", () => {
  it("blocks 8 times in a row, then the 9th block becomes a warning with stop-loop-cap; stop_hook_active false then true", async () => {
    const { p, activeFlags } = stopProject()
    const session = await p.session()
    for (let i = 1; i <= 8; i++) {
      const result = await session.firePromise("Stop", {})
      assert.deepStrictEqual(
        effectsOf(result.effects, "BlockStop"),
        [{ _tag: "BlockStop", reason: "keep going: tests fail" }],
        `fire ${i}`
      )
      assert.strictEqual(session.consecutiveStopBlocks(), i)
    }
    const ninth = await session.firePromise("Stop", {})
    assert.deepStrictEqual(effectsOf(ninth.effects, "BlockStop"), [])
    assert.include(diagnosticCodes(ninth.effects), "stop-loop-cap")
    const warnings = effectsOf(ninth.effects, "ShowUser").filter((e) => e.level === "warning")
    assert.strictEqual(warnings.length, 1)
    assert.strictEqual(ninth.runs.length, 1, "the hook still ran on the 9th fire")
    // The agent stops: the counter starts again.
    assert.strictEqual(session.consecutiveStopBlocks(), 0)
    assert.deepStrictEqual(activeFlags(), [false, true, true, true, true, true, true, true, true])
  })

  it("a Stop that does not block resets the counter (and stop_hook_active goes back to false)", async () => {
    const { p, state, activeFlags } = stopProject()
    const session = await p.session()
    await session.firePromise("Stop", {})
    await session.firePromise("Stop", {})
    assert.strictEqual(session.consecutiveStopBlocks(), 2)
    state.block = false
    const allowed = await session.firePromise("Stop", {})
    assert.deepStrictEqual(effectsOf(allowed.effects, "BlockStop"), [])
    assert.strictEqual(session.consecutiveStopBlocks(), 0)
    state.block = true
    const again = await session.firePromise("Stop", {})
    assert.strictEqual(effectsOf(again.effects, "BlockStop").length, 1)
    assert.strictEqual(session.consecutiveStopBlocks(), 1)
    assert.deepStrictEqual(activeFlags(), [false, true, true, false])
  })

  it("Stop's additionalContext (PromptModel) counts toward the same cap: the 9th in a row becomes a warning", async () => {
    const feedback = JSON.stringify({
      hookSpecificOutput: { hookEventName: "Stop", additionalContext: "also run the linter" }
    })
    const hooks = canned((options) => ({ exitCode: 0, stdout: options.command === STOP ? feedback : "" }))
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ Stop: [group([hook(STOP)])] }))
    const session = await p.session()
    for (let i = 1; i <= 8; i++) {
      const result = await session.firePromise("Stop", {})
      assert.deepStrictEqual(
        effectsOf(result.effects, "PromptModel"),
        [{ _tag: "PromptModel", text: "also run the linter" }],
        `fire ${i}`
      )
      assert.strictEqual(session.consecutiveStopBlocks(), i)
    }
    const ninth = await session.firePromise("Stop", {})
    assert.deepStrictEqual(effectsOf(ninth.effects, "PromptModel"), [])
    assert.include(diagnosticCodes(ninth.effects), "stop-loop-cap")
    assert.strictEqual(session.consecutiveStopBlocks(), 0)
    assert.deepStrictEqual(
      hooks.payloads(STOP).map((payload) => payload["stop_hook_active"]),
      [false, true, true, true, true, true, true, true, true]
    )
  })

  it("Stop payloads carry background_tasks and session_crons, empty when the caller left them out", async () => {
    const { p, hooks } = stopProject()
    const session = await p.session()
    await session.firePromise("Stop", {})
    await session.firePromise("Stop", { background_tasks: [{ id: "b1" }] })
    const payloads = hooks.payloads(STOP)
    assert.deepStrictEqual([payloads[0]!["background_tasks"], payloads[0]!["session_crons"]], [[], []])
    assert.deepStrictEqual(payloads[1]!["background_tasks"], [{ id: "b1" }])
  })

  it("a custom cap: stopLoopCap 2 turns the third consecutive block into a warning", async () => {
    const { p } = stopProject()
    const session = await p.session({ stopLoopCap: 2 })
    assert.strictEqual(effectsOf((await session.firePromise("Stop", {})).effects, "BlockStop").length, 1)
    assert.strictEqual(effectsOf((await session.firePromise("Stop", {})).effects, "BlockStop").length, 1)
    const third = await session.firePromise("Stop", {})
    assert.deepStrictEqual(effectsOf(third.effects, "BlockStop"), [])
    assert.include(diagnosticCodes(third.effects), "stop-loop-cap")
  })

  it("Stops fired concurrently are counted one after the other: the cap holds and stop_hook_active follows the count", async () => {
    // Each Stop hook takes 5 ms, so without the lock all ten would read a count of 0.
    const requests: Array<{ readonly active: unknown }> = []
    const hookProcess = HookProcess.layerTest((options) =>
      Effect.sync(() =>
        requests.push({ active: (JSON.parse(options.input) as Record<string, unknown>)["stop_hook_active"] })
      ).pipe(Effect.andThen(Effect.sleep(5)), Effect.as({ exitCode: 0, stdout: blockOutput }))
    )
    const { p } = stopProject()
    await p.trust()
    const started = await HookSession.startPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      stopLoopCap: 3,
      hookProcess
    })
    const other = await HookSession.startPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      stopLoopCap: 3,
      hookProcess
    })
    const results = await Effect.runPromise(
      Effect.all(
        Array.from({ length: 10 }, () => started.fire("Stop", {})),
        { concurrency: "unbounded" }
      ).pipe(Effect.provide(NodeFileSystem.layer))
    )
    const blocked = results.map((r) => effectsOf(r.effects, "BlockStop").length === 1)
    // Serialised: block, block, block, cap (warning, counter back to 0), block, block, block, cap, block, block.
    assert.deepStrictEqual(blocked, [true, true, true, false, true, true, true, false, true, true])
    assert.deepStrictEqual(
      results.map((r) => diagnosticCodes(r.effects).includes("stop-loop-cap")),
      blocked.map((b) => !b)
    )
    assert.deepStrictEqual(
      requests.map((r) => r.active),
      [false, true, true, true, false, true, true, true, false, true]
    )
    assert.strictEqual(started.consecutiveStopBlocks(), 2)
    assert.strictEqual(other.consecutiveStopBlocks(), 0, "sessions do not share counters")
  })

  it("Stop and SubagentStop keep separate counters; other events between Stops do not reset them", async () => {
    const { p, hooks } = stopProject({
      SubagentStop: [group([hook(STOP)])],
      UserPromptSubmit: [group([hook("./prompt")])]
    })
    const session = await p.session()
    await session.firePromise("Stop", {})
    await session.firePromise("UserPromptSubmit", { prompt: "go on" })
    await session.firePromise("SubagentStop", {})
    await session.firePromise("Stop", {})
    assert.strictEqual(session.consecutiveStopBlocks(), 2)
    assert.strictEqual(session.consecutiveStopBlocks("SubagentStop"), 1)
    const [stop1, prompt, sub, stop2] = hooks.payloads()
    assert.deepStrictEqual(
      [stop1, sub, stop2].map((x) => x!["stop_hook_active"]),
      [false, false, true]
    )
    assert.notProperty(prompt, "stop_hook_active")
    // Session fields stay the same across events.
    assert.deepStrictEqual(
      new Set(hooks.payloads().map((x) => x["session_id"])),
      new Set([session.sessionFields.session_id])
    )
  })
})

describe("session ids", () => {
  it("one format everywhere: wave-<base-36 ms>-<6 base-36 digits>", async () => {
    assert.strictEqual(sessionIdOf(1_700_000_000_000, 0.5), "wave-loyw3v28-i00000")
    assert.strictEqual(sessionIdOf(0, 0), "wave-0-000000")
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ Stop: [group([hook("./stop")])] }))
    const session = await p.session()
    await p.run("Stop", {})
    const format = /^wave-[0-9a-z]+-[0-9a-z]{6}$/
    assert.match(session.sessionFields.session_id, format)
    assert.match(
      String(hooks.payloads()[0]!["session_id"]),
      format,
      "runHooks without a session generates the same format"
    )
  })

  it.effect("HookSession.start takes the time of its id from Effect's Clock", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(1_700_000_000_000)
      const session = yield* HookSession.start({ projectDir: "/nonexistent", settings: layerSettings([], "wave") })
      assert.match(session.sessionFields.session_id, /^wave-loyw3v28-[0-9a-z]{6}$/)
    }).pipe(Effect.provide(NodeFileSystem.layer))
  )
})

describe("which hook process a session runs on", () => {
  it.effect("HookSession.start picks up the HookProcess of its context", () =>
    Effect.gen(function* () {
      const hooks = canned({ "./stop": { exitCode: 2, stderr: "from the context" } })
      const p = makeProject()
      p.writeSettings("project", settings({ Stop: [group([hook("./stop")])] }))
      const snapshot = yield* Effect.promise(() => p.load())
      const session = yield* HookSession.start({ projectDir: p.dir, settings: snapshot }).pipe(
        Effect.provide(hooks.layer)
      )
      // Fired outside that context: the session kept the service.
      const result = yield* session.fire("Stop", {})
      assert.deepStrictEqual(effectsOf(result.effects, "BlockStop"), [
        { _tag: "BlockStop", reason: "from the context" }
      ])
      assert.deepStrictEqual(hooks.commands(), ["./stop"])
    }).pipe(Effect.provide(NodeFileSystem.layer))
  )
})

describe("settings snapshot", () => {
  it("editing the settings file after HookSession.start does not change what runs", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook("before-edit")])] }))
    const session = await p.session()
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook("after-edit")])] }))
    p.writeSettings("local", settings({ UserPromptSubmit: [group([hook("new-local-file")])] }))
    await session.firePromise("UserPromptSubmit", { prompt: "one" })
    await session.firePromise("UserPromptSubmit", { prompt: "two" })
    assert.deepStrictEqual(hooks.commands(), ["before-edit", "before-edit"])
    // A new session reads the edited files.
    const next = await p.session()
    await next.firePromise("UserPromptSubmit", { prompt: "three" })
    assert.deepStrictEqual(hooks.commands(), ["before-edit", "before-edit", "after-edit", "new-local-file"])
  })

  it("deleting the settings file mid-session does not stop its hooks", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    const file = p.writeSettings("project", settings({ Stop: [group([hook("still-here")])] }))
    const session = await p.session()
    rmSync(file)
    await session.firePromise("Stop", {})
    assert.deepStrictEqual(hooks.commands(), ["still-here"])
  })
})
