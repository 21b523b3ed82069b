/**
 * Chaining of tool input / tool output updates between sequential hooks, and
 * parallel matcher groups (ARCHITECTURE sections 6.3, 6.5 and 7). The runner's
 * logic only: hooks are canned runs (`HookProcess.layerTest`), so these run in
 * milliseconds; real processes are covered by the fault, timeout and stream
 * tests.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import {
  canned,
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  makeProject,
  removeTempProjects,
  settings,
  updatedInputOutput
} from "../helpers/project.ts"

afterAll(removeTempProjects)

const bash = { tool_name: "Bash", tool_input: { command: "ls" } }

describe("sequential chaining", () => {
  it("PreToolUse: a later hook receives tool_input as updated by the earlier ones; the last update stands", async () => {
    const first = { command: "ls -la", description: "first" }
    const second = { command: "ls -la /tmp", description: "second" }
    const hooks = canned({
      "./one": { exitCode: 0, stdout: updatedInputOutput(first) },
      "./two": { exitCode: 0, stdout: updatedInputOutput(second) },
      "./three": { exitCode: 0 }
    })
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("user", settings({ PreToolUse: [group([hook("./one")])] }))
    p.writeSettings("project", settings({ PreToolUse: [group([hook("./two"), hook("./three")])] }))
    const result = await p.run("PreToolUse", bash)
    assert.deepStrictEqual(hooks.commands(), ["./one", "./two", "./three"])
    assert.deepStrictEqual(
      hooks.payloads().map((payload) => payload["tool_input"]),
      [{ command: "ls" }, first, second]
    )
    assert.deepStrictEqual(result.toolInput, second)
    assert.deepStrictEqual(effectsOf(result.effects, "UpdateInput"), [{ _tag: "UpdateInput", input: second }])
    assert.deepStrictEqual(diagnosticCodes(result.effects), [])
  })

  it("PreToolUse: without updates, result.toolInput is the original input", async () => {
    const p = makeProject({ hookProcess: canned().layer })
    p.writeSettings("project", settings({ PreToolUse: [group([hook("true")])] }))
    const result = await p.run("PreToolUse", bash)
    assert.deepStrictEqual(result.toolInput, { command: "ls" })
    assert.deepStrictEqual(result.effects, [])
  })

  it("PostToolUse: a later hook receives tool_response as updated by updatedToolOutput", async () => {
    const cleaned = { stdout: "secret redacted", exitCode: 0 }
    const output = JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: cleaned } })
    const hooks = canned({ "./redact": { exitCode: 0, stdout: output }, "./audit": { exitCode: 0 } })
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ PostToolUse: [group([hook("./redact"), hook("./audit")])] }))
    const result = await p.run("PostToolUse", {
      tool_name: "Bash",
      tool_input: { command: "cat .env" },
      tool_response: { stdout: "API_TOKEN=hunter2", exitCode: 0 }
    })
    assert.deepStrictEqual(
      hooks.payloads("./redact").map((x) => x["tool_response"]),
      [{ stdout: "API_TOKEN=hunter2", exitCode: 0 }]
    )
    assert.deepStrictEqual(
      hooks.payloads("./audit").map((x) => x["tool_response"]),
      [cleaned]
    )
    assert.deepStrictEqual(effectsOf(result.effects, "UpdateToolOutput"), [
      { _tag: "UpdateToolOutput", output: cleaned }
    ])
  })

  it("PermissionRequest: decision.updatedInput chains to the next hook", async () => {
    const safer = { command: "rm -i build.log" }
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput: safer } }
    })
    const hooks = canned({ "./soften": { exitCode: 0, stdout: output }, "./next": { exitCode: 0 } })
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ PermissionRequest: [group([hook("./soften"), hook("./next")])] }))
    const result = await p.run("PermissionRequest", { tool_name: "Bash", tool_input: { command: "rm build.log" } })
    assert.deepStrictEqual(
      hooks.payloads().map((x) => x["tool_input"]),
      [{ command: "rm build.log" }, safer]
    )
    assert.deepStrictEqual(result.toolInput, safer)
    assert.deepStrictEqual(effectsOf(result.effects, "UpdateInput"), [{ _tag: "UpdateInput", input: safer }])
    assert.strictEqual(effectsOf(result.effects, "AllowTool").length, 1)
  })

  it("other events are not chained: every hook gets the event's own fields", async () => {
    const hooks = canned({ "./a": { exitCode: 0, stdout: updatedInputOutput({ x: 1 }) }, "./b": { exitCode: 0 } })
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook("./a"), hook("./b")])] }))
    const result = await p.run("UserPromptSubmit", { prompt: "hi" })
    assert.deepStrictEqual(
      hooks.payloads().map((x) => x["prompt"]),
      ["hi", "hi"]
    )
    assert.notProperty(result, "toolInput")
  })
})

/** Canned runs that take `ms` (on the real clock) and count how many are in flight at once. */
const timed = () => {
  let inFlight = 0
  let most = 0
  const finished: Array<string> = []
  const takes = (
    name: string,
    ms: number,
    fields: { readonly exitCode: number; readonly stdout?: string; readonly stderr?: string } = { exitCode: 0 }
  ) =>
    Effect.gen(function* () {
      inFlight++
      most = Math.max(most, inFlight)
      yield* Effect.sleep(ms)
      inFlight--
      finished.push(name)
      return fields
    })
  return { takes, finished, most: () => most }
}

describe("parallel groups", () => {
  it("runs the hooks of a parallel group concurrently", async () => {
    const t = timed()
    const hooks = canned({ a: t.takes("a", 30), b: t.takes("b", 30), c: t.takes("c", 30) })
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ PreToolUse: [group([hook("a"), hook("b"), hook("c")], { parallel: true })] }))
    const result = await p.run("PreToolUse", bash)
    assert.strictEqual(result.runs.length, 3)
    assert.deepStrictEqual(
      result.plan.steps.map((s) => s._tag),
      ["Parallel"]
    )
    assert.strictEqual(t.most(), 3, "all three were in flight at once")
  })

  it("a group without parallel runs its hooks one after the other", async () => {
    const t = timed()
    const hooks = canned({ a: t.takes("a", 20), b: t.takes("b", 1) })
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ PreToolUse: [group([hook("a"), hook("b")])] }))
    const result = await p.run("PreToolUse", bash)
    assert.deepStrictEqual(
      result.plan.steps.map((s) => s._tag),
      ["Sequential", "Sequential"]
    )
    assert.strictEqual(t.most(), 1)
    assert.deepStrictEqual(t.finished, ["a", "b"])
  })

  it("merges effects in config order even when the later hook finishes first", async () => {
    const t = timed()
    const context = (text: string) =>
      JSON.stringify({
        systemMessage: `message ${text}`,
        hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: `context ${text}` }
      })
    const hooks = canned({
      slow: t.takes("slow", 40, { exitCode: 0, stdout: context("A") }),
      fast: t.takes("fast", 0, { exitCode: 0, stdout: context("B") })
    })
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ PreToolUse: [group([hook("slow"), hook("fast")], { parallel: true })] }))
    const result = await p.run("PreToolUse", bash)
    assert.deepStrictEqual(t.finished, ["fast", "slow"])
    assert.deepStrictEqual(
      effectsOf(result.effects, "InjectContext").map((e) => e.text),
      ["context A", "context B"]
    )
    assert.deepStrictEqual(
      effectsOf(result.effects, "ShowUser").map((e) => e.text),
      ["message A", "message B"]
    )
    assert.deepStrictEqual(
      result.runs.map((r) => r.hook.path),
      ["$.hooks.PreToolUse[0].hooks[0]", "$.hooks.PreToolUse[0].hooks[1]"]
    )
  })

  for (const slower of ["deny", "allow"] as const) {
    it(`a deny in a parallel group blocks whatever order the hooks finish in (${slower} finishes last)`, async () => {
      const t = timed()
      const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })
      const hooks = canned({
        deny: t.takes("deny", slower === "deny" ? 30 : 0, { exitCode: 2, stderr: "no" }),
        allow: t.takes("allow", slower === "allow" ? 30 : 0, { exitCode: 0, stdout: allow })
      })
      const p = makeProject({ hookProcess: hooks.layer })
      p.writeSettings("project", settings({ PreToolUse: [group([hook("deny"), hook("allow")], { parallel: true })] }))
      const result = await p.run("PreToolUse", bash)
      assert.strictEqual(t.finished[1], slower)
      assert.deepStrictEqual(
        result.effects.filter((e) => e._tag !== "Diagnostic"),
        [{ _tag: "BlockTool", reason: "no" }]
      )
    })
  }

  for (const slower of ["first", "second"] as const) {
    it(`two updatedInput in one parallel group: the last in config order stands, with conflicting-update (${slower} finishes last)`, async () => {
      const t = timed()
      const a = { command: "echo A" }
      const b = { command: "echo B" }
      const hooks = canned({
        first: t.takes("first", slower === "first" ? 30 : 0, { exitCode: 0, stdout: updatedInputOutput(a) }),
        second: t.takes("second", slower === "second" ? 30 : 0, { exitCode: 0, stdout: updatedInputOutput(b) }),
        after: { exitCode: 0 }
      })
      const p = makeProject({ hookProcess: hooks.layer })
      p.writeSettings(
        "project",
        settings({ PreToolUse: [group([hook("first"), hook("second")], { parallel: true }), group([hook("after")])] })
      )
      const result = await p.run("PreToolUse", bash)
      assert.strictEqual(t.finished[1], slower)
      // Both hooks of the group saw the same (original) input.
      assert.deepStrictEqual(
        hooks.payloads("first").map((x) => x["tool_input"]),
        [{ command: "ls" }]
      )
      assert.deepStrictEqual(
        hooks.payloads("second").map((x) => x["tool_input"]),
        [{ command: "ls" }]
      )
      assert.deepStrictEqual(effectsOf(result.effects, "UpdateInput"), [{ _tag: "UpdateInput", input: b }])
      assert.deepStrictEqual(result.toolInput, b)
      assert.include(diagnosticCodes(result.effects), "conflicting-update")
      // The next sequential hook sees the winner.
      assert.deepStrictEqual(
        hooks.payloads("after").map((x) => x["tool_input"]),
        [b]
      )
    })
  }
})
