/**
 * HookSession: the Stop-loop guard across events (ARCHITECTURE section 6.6)
 * and settings read once per session (a snapshot).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { rmSync, writeFileSync } from "node:fs"
import { diagnosticCodes, effectsOf, group, hook, logLine, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

/** A Stop hook that records its stdin (one line) and blocks while the file `block` exists. */
const stopHook = `#!/bin/sh
cat >> stdin.log
echo >> stdin.log
if [ -e block ]; then echo '{"decision":"block","reason":"keep going: tests fail"}'; fi
`

const stopProject = () => {
  const p = makeProject()
  p.writeFile(".wave/hooks/stop.sh", stopHook)
  p.writeFile("block", "", 0o644)
  p.writeSettings("project", settings({ Stop: [group([hook("./.wave/hooks/stop.sh")])] }))
  return p
}

const activeFlags = (p: ReturnType<typeof makeProject>): ReadonlyArray<unknown> =>
  p.lines("stdin.log").map((line) => (JSON.parse(line) as Record<string, unknown>)["stop_hook_active"])

describe("Stop-loop guard", () => {
  it("blocks 8 times in a row, then the 9th block becomes a warning with stop-loop-cap; stop_hook_active false then true", async () => {
    const p = stopProject()
    const session = await p.session()
    for (let i = 1; i <= 8; i++) {
      const result = await session.firePromise("Stop", {})
      assert.deepStrictEqual(effectsOf(result.effects, "BlockStop"), [{ _tag: "BlockStop", reason: "keep going: tests fail" }], `fire ${i}`)
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
    assert.deepStrictEqual(activeFlags(p), [false, true, true, true, true, true, true, true, true])
  })

  it("a Stop that does not block resets the counter (and stop_hook_active goes back to false)", async () => {
    const p = stopProject()
    const session = await p.session()
    await session.firePromise("Stop", {})
    await session.firePromise("Stop", {})
    assert.strictEqual(session.consecutiveStopBlocks(), 2)
    rmSync(p.path("block"))
    const allowed = await session.firePromise("Stop", {})
    assert.deepStrictEqual(effectsOf(allowed.effects, "BlockStop"), [])
    assert.strictEqual(session.consecutiveStopBlocks(), 0)
    writeFileSync(p.path("block"), "")
    const again = await session.firePromise("Stop", {})
    assert.strictEqual(effectsOf(again.effects, "BlockStop").length, 1)
    assert.strictEqual(session.consecutiveStopBlocks(), 1)
    assert.deepStrictEqual(activeFlags(p), [false, true, true, false])
  })

  it("a custom cap: stopLoopCap 2 turns the third consecutive block into a warning", async () => {
    const p = stopProject()
    const session = await p.session({ stopLoopCap: 2 })
    assert.strictEqual(effectsOf((await session.firePromise("Stop", {})).effects, "BlockStop").length, 1)
    assert.strictEqual(effectsOf((await session.firePromise("Stop", {})).effects, "BlockStop").length, 1)
    const third = await session.firePromise("Stop", {})
    assert.deepStrictEqual(effectsOf(third.effects, "BlockStop"), [])
    assert.include(diagnosticCodes(third.effects), "stop-loop-cap")
  })

  it("other events between Stops do not reset the counter; session fields stay the same across events", async () => {
    const p = stopProject()
    p.writeSettings(
      "project",
      settings({
        Stop: [group([hook("./.wave/hooks/stop.sh")])],
        UserPromptSubmit: [group([hook("cat >> prompt.log; echo >> prompt.log")])]
      })
    )
    const session = await p.session()
    await session.firePromise("Stop", {})
    await session.firePromise("UserPromptSubmit", { prompt: "go on" })
    await session.firePromise("Stop", {})
    assert.strictEqual(session.consecutiveStopBlocks(), 2)
    const prompt = JSON.parse(p.lines("prompt.log")[0]!) as Record<string, unknown>
    const stops = p.lines("stdin.log").map((line) => JSON.parse(line) as Record<string, unknown>)
    assert.strictEqual(prompt["session_id"], session.sessionFields.session_id)
    assert.deepStrictEqual(stops.map((s) => s["session_id"]), [session.sessionFields.session_id, session.sessionFields.session_id])
    assert.notProperty(prompt, "stop_hook_active")
  })
})

describe("settings snapshot", () => {
  it("editing the settings file after HookSession.start does not change what runs", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook(logLine("before-edit"))])] }))
    const session = await p.session()
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook(logLine("after-edit"))])] }))
    p.writeSettings("local", settings({ UserPromptSubmit: [group([hook(logLine("new-local-file"))])] }))
    await session.firePromise("UserPromptSubmit", { prompt: "one" })
    await session.firePromise("UserPromptSubmit", { prompt: "two" })
    assert.deepStrictEqual(p.lines("order.log"), ["before-edit", "before-edit"])
    // A new session reads the edited files.
    const next = await p.session()
    await next.firePromise("UserPromptSubmit", { prompt: "three" })
    assert.deepStrictEqual(p.lines("order.log"), ["before-edit", "before-edit", "after-edit", "new-local-file"])
  })

  it("deleting the settings file mid-session does not stop its hooks", async () => {
    const p = makeProject()
    const file = p.writeSettings("project", settings({ Stop: [group([hook(logLine("still-here"))])] }))
    const session = await p.session()
    rmSync(file)
    await session.firePromise("Stop", {})
    assert.deepStrictEqual(p.lines("order.log"), ["still-here"])
  })
})
