/**
 * The agent hook's `search_text` stops with its hook: an aborted signal (the
 * hook's timeout, which the AI SDK passes to each tool call) ends the walk at
 * once, and a tree of directories without files is bounded too (the
 * security review of 2026-11-26 suspected a search still walking a huge
 * tree after its hook timed out).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { agentToolLimits, agentTools, searchProjectText } from "../../src/runner/agent-hook.ts"

const roots: Array<string> = []
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

/** A project of `count` directories, each with one small file that does not hold the needle. */
const wideTree = (count: number, withFiles: boolean): string => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "wave-agent-search-")))
  roots.push(dir)
  for (let i = 0; i < count; i++) {
    mkdirSync(path.join(dir, `d${i}`))
    if (withFiles) writeFileSync(path.join(dir, `d${i}`, "f.txt"), "nothing to see here\n")
  }
  return dir
}

describe("search_text stops with its hook", () => {
  it("an already aborted signal: nothing is walked, the answer says the search was stopped", async () => {
    const dir = wideTree(10, true)
    assert.strictEqual(
      await searchProjectText(dir, "needle", ".", false, AbortSignal.abort()),
      "Error: the search was stopped: the hook's time is up."
    )
  })

  it("a signal aborted during the walk ends it: the answer says stopped, not a full 'No match'", async () => {
    const dir = wideTree(3000, true)
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 20)
    const started = performance.now()
    const answer = await searchProjectText(dir, "needle", ".", false, controller.signal)
    assert.strictEqual(answer, "Error: the search was stopped: the hook's time is up.")
    assert.isBelow(performance.now() - started, 10_000)
  })

  it("the search_text tool passes the AI SDK's abortSignal on", async () => {
    const dir = wideTree(10, true)
    const tools = await agentTools(dir)
    const execute = tools["search_text"]!.execute!
    const answer = await execute(
      { text: "needle" },
      { toolCallId: "1", messages: [], abortSignal: AbortSignal.abort(), context: {} }
    )
    assert.strictEqual(answer, "Error: the search was stopped: the hook's time is up.")
  })

  it(`a tree of more than ${agentToolLimits.searchDirectories} directories without files is cut, and the answer says so`, async () => {
    const dir = wideTree(agentToolLimits.searchDirectories + 500, false)
    const answer = await searchProjectText(dir, "needle", ".", false)
    assert.strictEqual(
      answer,
      `No match for "needle" under "." [stopped after ${agentToolLimits.searchDirectories} directories: search a narrower path]`
    )
  })
})
