/**
 * Chaining of tool input / tool output updates between sequential hooks, and
 * parallel matcher groups (ARCHITECTURE sections 6.3, 6.5 and 7), with real
 * hook processes.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { performance } from "node:perf_hooks"
import { diagnosticCodes, effectsOf, group, hook, makeProject, printing, removeTempProjects, settings, updatedInputOutput } from "../helpers/project.ts"

afterAll(removeTempProjects)

/** A command that saves its stdin to `file` (in the project dir) and prints `output`. */
const recordAndPrint = (file: string, output?: string): string =>
  `cat > ${file}${output === undefined ? "" : `; ${printing(output)}`}`

const readJson = (p: ReturnType<typeof makeProject>, file: string): Record<string, unknown> =>
  JSON.parse(p.read(file)) as Record<string, unknown>

describe("sequential chaining", () => {
  it("PreToolUse: a later hook receives tool_input as updated by the earlier ones; the last update stands", async () => {
    const p = makeProject()
    const first = { command: "ls -la", description: "first" }
    const second = { command: "ls -la /tmp", description: "second" }
    p.writeSettings("user", settings({ PreToolUse: [group([hook(recordAndPrint("in-1.json", updatedInputOutput(first)))])] }))
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [group([hook(recordAndPrint("in-2.json", updatedInputOutput(second))), hook(recordAndPrint("in-3.json"))])]
      })
    )
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    assert.deepStrictEqual(readJson(p, "in-1.json")["tool_input"], { command: "ls" })
    assert.deepStrictEqual(readJson(p, "in-2.json")["tool_input"], first)
    assert.deepStrictEqual(readJson(p, "in-3.json")["tool_input"], second)
    assert.deepStrictEqual(result.toolInput, second)
    assert.deepStrictEqual(effectsOf(result.effects, "UpdateInput"), [{ _tag: "UpdateInput", input: second }])
    assert.deepStrictEqual(diagnosticCodes(result.effects), [])
  })

  it("PreToolUse: without updates, result.toolInput is the original input", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("true")])] }))
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    assert.deepStrictEqual(result.toolInput, { command: "ls" })
    assert.deepStrictEqual(result.effects, [])
  })

  it("PostToolUse: a later hook receives tool_response as updated by updatedToolOutput", async () => {
    const p = makeProject()
    const cleaned = { stdout: "secret redacted", exitCode: 0 }
    const output = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: cleaned } })
    p.writeSettings(
      "project",
      settings({ PostToolUse: [group([hook(recordAndPrint("post-1.json", output)), hook(recordAndPrint("post-2.json"))])] })
    )
    const result = await p.run("PostToolUse", {
      tool_name: "Bash",
      tool_input: { command: "cat .env" },
      tool_response: { stdout: "API_TOKEN=hunter2", exitCode: 0 }
    })
    assert.deepStrictEqual(readJson(p, "post-1.json")["tool_response"], { stdout: "API_TOKEN=hunter2", exitCode: 0 })
    assert.deepStrictEqual(readJson(p, "post-2.json")["tool_response"], cleaned)
    assert.deepStrictEqual(effectsOf(result.effects, "UpdateToolOutput"), [{ _tag: "UpdateToolOutput", output: cleaned }])
  })

  it("PermissionRequest: decision.updatedInput chains to the next hook", async () => {
    const p = makeProject()
    const safer = { command: "rm -i build.log" }
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput: safer } }
    })
    p.writeSettings(
      "project",
      settings({ PermissionRequest: [group([hook(recordAndPrint("perm-1.json", output)), hook(recordAndPrint("perm-2.json"))])] })
    )
    const result = await p.run("PermissionRequest", { tool_name: "Bash", tool_input: { command: "rm build.log" } })
    assert.deepStrictEqual(readJson(p, "perm-1.json")["tool_input"], { command: "rm build.log" })
    assert.deepStrictEqual(readJson(p, "perm-2.json")["tool_input"], safer)
    assert.deepStrictEqual(result.toolInput, safer)
    assert.deepStrictEqual(effectsOf(result.effects, "UpdateInput"), [{ _tag: "UpdateInput", input: safer }])
    assert.strictEqual(effectsOf(result.effects, "AllowTool").length, 1)
  })
})

describe("parallel groups", () => {
  it("runs the hooks of a parallel group concurrently", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [// Distinct commands: identical ones would run once (dedupe).
      group([hook("sleep 0.5 # a"), hook("sleep 0.5 # b"), hook("sleep 0.5 # c")], { parallel: true })] })
    )
    const started = performance.now()
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    const elapsed = performance.now() - started
    assert.strictEqual(result.runs.length, 3)
    assert.deepStrictEqual(result.plan.steps.map((s) => s._tag), ["Parallel"])
    for (const { run } of result.runs) assert.strictEqual(run.exitCode, 0)
    // Sequentially they would take at least 1.5 s.
    assert.isBelow(elapsed, 1400, `3 x sleep 0.5 in parallel took ${elapsed.toFixed(0)} ms`)
  })

  it("a group without parallel runs its hooks one after the other", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("sleep 0.3 # a"), hook("sleep 0.3 # b")])] }))
    const started = performance.now()
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    const elapsed = performance.now() - started
    assert.deepStrictEqual(result.plan.steps.map((s) => s._tag), ["Sequential", "Sequential"])
    assert.isAtLeast(elapsed, 600)
  })

  it("merges effects in config order even when the later hook finishes first", async () => {
    const p = makeProject()
    const context = (text: string) =>
      JSON.stringify({ systemMessage: `message ${text}`, hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: `context ${text}` } })
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [
          group(
            [
              hook(`sleep 0.6; echo slow >> finish.log; ${printing(context("A"))}`),
              hook(`echo fast >> finish.log; ${printing(context("B"))}`)
            ],
            { parallel: true }
          )
        ]
      })
    )
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    assert.deepStrictEqual(p.lines("finish.log"), ["fast", "slow"])
    assert.deepStrictEqual(effectsOf(result.effects, "InjectContext").map((e) => e.text), ["context A", "context B"])
    assert.deepStrictEqual(effectsOf(result.effects, "ShowUser").map((e) => e.text), ["message A", "message B"])
    assert.deepStrictEqual(result.runs.map((r) => r.hook.path), ["$.hooks.PreToolUse[0].hooks[0]", "$.hooks.PreToolUse[0].hooks[1]"])
  })

  it("a deny in a parallel group blocks whatever order the hooks finish in", async () => {
    const p = makeProject()
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [group([hook("sleep 0.4; echo no >&2; exit 2"), hook(printing(allow))], { parallel: true })]
      })
    )
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    assert.deepStrictEqual(result.effects.filter((e) => e._tag !== "Diagnostic"), [{ _tag: "BlockTool", reason: "no" }])
  })

  for (const slower of ["first", "second"] as const) {
    it(`two updatedInput in one parallel group: the last in config order stands, with conflicting-update (${slower} finishes last)`, async () => {
      const p = makeProject()
      const a = { command: "echo A" }
      const b = { command: "echo B" }
      const delay = (who: "first" | "second") => (who === slower ? "sleep 0.4; " : "")
      p.writeSettings(
        "project",
        settings({
          PreToolUse: [
            group(
              [
                hook(`${delay("first")}cat > par-1.json; ${printing(updatedInputOutput(a))}`),
                hook(`${delay("second")}cat > par-2.json; ${printing(updatedInputOutput(b))}`)
              ],
              { parallel: true }
            ),
            group([hook("cat > after.json")])
          ]
        })
      )
      const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
      // Both hooks of the group saw the same (original) input.
      assert.deepStrictEqual((JSON.parse(p.read("par-1.json")) as Record<string, unknown>)["tool_input"], { command: "ls" })
      assert.deepStrictEqual((JSON.parse(p.read("par-2.json")) as Record<string, unknown>)["tool_input"], { command: "ls" })
      assert.deepStrictEqual(effectsOf(result.effects, "UpdateInput"), [{ _tag: "UpdateInput", input: b }])
      assert.deepStrictEqual(result.toolInput, b)
      assert.include(diagnosticCodes(result.effects), "conflicting-update")
      // The next sequential hook sees the winner.
      assert.deepStrictEqual((JSON.parse(p.read("after.json")) as Record<string, unknown>)["tool_input"], b)
    })
  }
})
