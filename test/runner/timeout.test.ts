/**
 * Timeouts (ARCHITECTURE section 7): the whole process group gets SIGTERM,
 * then SIGKILL after 1 s; the run settles on the clock, not on pipe EOF, and
 * leaves no live process in the hook's group.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { performance } from "node:perf_hooks"
import type { HookRun } from "../../src/core/hook-run.ts"
import { runHookProcess } from "../../src/runner/hook-process.ts"
import { liveGroupMembers, signalGroup } from "./process-groups.ts"
import { effectsOf, group, hook, makeProject, printing, removeTempProjects, settings } from "../helpers/project.ts"

const startedGroups: Array<number> = []

afterAll(() => {
  // Belt and braces: never leave a hook's group behind, even when a test failed.
  for (const pgid of startedGroups) if (liveGroupMembers(pgid).length > 0) signalGroup(pgid, "SIGKILL")
  removeTempProjects()
})

/** A hook whose grandchild ignores SIGTERM and keeps stdout open. */
const stubbornCommand = `echo $$ > pgid.txt; sh -c 'trap "" TERM; sleep 30' & sleep 30`

const TIMEOUT_MS = 1000
const GRACE_MS = 1000
/** What the spec allows (timeout + 1 s grace + 1 s), plus slack for a loaded machine; the hook sleeps 30 s. */
const SETTLE_BOUND_MS = TIMEOUT_MS + GRACE_MS + 1000 + 7000

const readPgid = (p: ReturnType<typeof makeProject>): number => {
  const pgid = Number(p.read("pgid.txt").trim())
  assert.isAbove(pgid, 1)
  startedGroups.push(pgid)
  return pgid
}

/** The live members of a group, allowing the kernel a moment to finish delivering SIGKILL. */
const liveAfterSettling = async (pgid: number): Promise<ReadonlyArray<{ pid: number; state: string }>> => {
  const deadline = performance.now() + 5000
  let live = liveGroupMembers(pgid)
  while (live.length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    live = liveGroupMembers(pgid)
  }
  return live
}

const assertTimedOut = (run: HookRun, elapsed: number): void => {
  assert.isTrue(run.timedOut, "timedOut")
  assert.strictEqual(run.exitCode, null)
  assert.isAtLeast(elapsed, TIMEOUT_MS - 50, `settled before the timeout (${elapsed.toFixed(0)} ms)`)
  assert.isAtMost(elapsed, SETTLE_BOUND_MS, `settled after ${elapsed.toFixed(0)} ms, more than timeout + grace + 8 s`)
}

describe("timeout", () => {
  it("runHookProcess: a grandchild that ignores SIGTERM and holds stdout open is killed; the run settles on the clock", async () => {
    const p = makeProject()
    const started = performance.now()
    const run = await Effect.runPromise(
      runHookProcess({
        command: stubbornCommand,
        cwd: p.dir,
        env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: p.home },
        input: "{}",
        timeoutMs: TIMEOUT_MS
      })
    )
    const elapsed = performance.now() - started
    const pgid = readPgid(p)
    assertTimedOut(run, elapsed)
    assert.strictEqual(run.signal, undefined)
    assert.deepStrictEqual(await liveAfterSettling(pgid), [], "live processes left in the hook's process group")
  })

  it('runHooks with "timeout": 1 in settings: timedOut, exitCode null, ShowUser error; no live process left', async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook(stubbornCommand, { timeout: 1 })])] }))
    const started = performance.now()
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    const elapsed = performance.now() - started
    const pgid = readPgid(p)
    const { run } = result.runs[0]!
    assertTimedOut(run, elapsed)
    const errors = effectsOf(result.effects, "ShowUser").filter((e) => e.level === "error")
    assert.strictEqual(errors.length, 1)
    assert.match(errors[0]!.text, /timed out/)
    assert.deepStrictEqual(await liveAfterSettling(pgid), [], "live processes left in the hook's process group")
  })

  it("a plain `sleep 30` with a timeout of 1 s", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("sleep 30", { timeout: 1 })])] }))
    const started = performance.now()
    const result = await p.run("Stop", {})
    const elapsed = performance.now() - started
    const { run } = result.runs[0]!
    assertTimedOut(run, elapsed)
    assert.deepStrictEqual(effectsOf(result.effects, "BlockStop"), [])
    assert.strictEqual(effectsOf(result.effects, "ShowUser")[0]?.level, "error")
  })

  it("output written before the timeout is not trusted: an allow printed before hanging does not allow", async () => {
    const p = makeProject()
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook(`${printing(allow)}; sleep 30`, { timeout: 1 })])] })
    )
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    assert.isTrue(result.runs[0]!.run.timedOut)
    assert.deepStrictEqual(effectsOf(result.effects, "AllowTool"), [])
    assert.strictEqual(effectsOf(result.effects, "ShowUser").filter((e) => e.level === "error").length, 1)
  })

  it("onFailure block: a timed-out guard fails closed (BlockTool)", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook("sleep 30", { timeout: 1, onFailure: "block" })])] })
    )
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    const blocks = effectsOf(result.effects, "BlockTool")
    assert.strictEqual(blocks.length, 1)
    assert.match(blocks[0]!.reason, /timed out/)
  })

  it("a hook that exits but leaves a background child holding stdout settles soon after its exit", async () => {
    const p = makeProject()
    const started = performance.now()
    const run = await Effect.runPromise(
      runHookProcess({
        command: "echo $$ > pgid.txt; (sleep 30) & echo done",
        cwd: p.dir,
        env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
        input: "{}",
        timeoutMs: 20_000
      })
    )
    const elapsed = performance.now() - started
    const pgid = readPgid(p)
    assert.strictEqual(run.exitCode, 0)
    assert.isFalse(run.timedOut)
    assert.strictEqual(run.stdout, "done\n")
    assert.isBelow(elapsed, 15_000, `waited ${elapsed.toFixed(0)} ms for pipes held by a background child (30 s)`)
    assert.deepStrictEqual(await liveAfterSettling(pgid), [])
  })
})
