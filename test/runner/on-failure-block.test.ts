/**
 * `onFailure: "block"` end to end (ARCHITECTURE section 5.2): a PreToolUse
 * guard in settings that crashes, times out, prints malformed JSON or exits 1
 * fails closed through `runHooks` — the combined effects hold one BlockTool
 * saying what failed, even when another hook allowed the call — while the
 * same guard without it (or with `onFailure: "continue"`) only tells the user.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { isBlocking } from "../../src/effects/precedence.ts"
import {
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  makeProject,
  printing,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

afterAll(removeTempProjects)

const bash = { tool_name: "Bash", tool_input: { command: "rm -rf build" } }
const allow = printing(
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })
)

interface Fault {
  readonly name: string
  readonly command: string
  readonly timeout?: number
  /** What the BlockTool reason must say. */
  readonly blockSays: RegExp
  /** Without onFailure block: the level of the one ShowUser that reports it, and what it says. */
  readonly showLevel: "error" | "warning"
  readonly showSays: RegExp
  readonly diagnostics: ReadonlyArray<string>
}

const faults: ReadonlyArray<Fault> = [
  {
    name: "crashes (SIGSEGV)",
    command: "ulimit -c 0; kill -SEGV $$",
    blockSays: /SIGSEGV/,
    showLevel: "error",
    showSays: /SIGSEGV/,
    diagnostics: []
  },
  {
    name: "times out (timeout 1, sleep 30)",
    command: "sleep 30",
    timeout: 1,
    blockSays: /timed out/,
    showLevel: "error",
    showSays: /timed out/,
    diagnostics: []
  },
  {
    name: "prints malformed JSON and exits 0",
    command: `echo '{"permissionDecision": '`,
    blockSays: /malformed JSON/,
    showLevel: "warning",
    showSays: /malformed JSON/,
    diagnostics: ["malformed-json"]
  },
  {
    name: "exits 1",
    command: "echo 'guard broke' >&2; exit 1",
    blockSays: /exit code 1\b.*guard broke/,
    showLevel: "error",
    showSays: /^guard broke$/,
    diagnostics: []
  }
]

const guardEntry = (fault: Fault, onFailure: "block" | "continue" | undefined) =>
  hook(fault.command, {
    ...(fault.timeout === undefined ? {} : { timeout: fault.timeout }),
    ...(onFailure === undefined ? {} : { onFailure })
  })

describe("onFailure block, end to end through runHooks", () => {
  for (const fault of faults) {
    it(`a guard that ${fault.name} with onFailure block: BlockTool saying so, blocking`, async () => {
      const p = makeProject()
      p.writeSettings("project", settings({ PreToolUse: [group([guardEntry(fault, "block")], { matcher: "Bash" })] }))
      const result = await p.run("PreToolUse", bash)
      const blocks = effectsOf(result.effects, "BlockTool")
      assert.strictEqual(blocks.length, 1, JSON.stringify(result.effects))
      assert.match(blocks[0]!.reason, fault.blockSays)
      assert.isTrue(isBlocking(result.effects))
      assert.deepStrictEqual(diagnosticCodes(result.effects), fault.diagnostics)
    })

    it(`a guard that ${fault.name} with onFailure block wins over another hook's allow`, async () => {
      const p = makeProject()
      p.writeSettings("user", settings({ PreToolUse: [group([hook(allow)])] }))
      p.writeSettings("project", settings({ PreToolUse: [group([guardEntry(fault, "block")], { matcher: "Bash" })] }))
      const result = await p.run("PreToolUse", bash)
      assert.deepStrictEqual(
        result.runs.map((r) => r.hook.command),
        [allow, fault.command]
      )
      assert.strictEqual(effectsOf(result.effects, "BlockTool").length, 1)
      assert.match(effectsOf(result.effects, "BlockTool")[0]!.reason, fault.blockSays)
      assert.deepStrictEqual(effectsOf(result.effects, "AllowTool"), [])
      assert.isTrue(isBlocking(result.effects))
    })

    for (const onFailure of [undefined, "continue"] as const) {
      it(`a guard that ${fault.name} with ${onFailure === undefined ? "no onFailure" : "onFailure continue"}: ShowUser ${fault.showLevel}, not blocking`, async () => {
        const p = makeProject()
        p.writeSettings(
          "project",
          settings({ PreToolUse: [group([guardEntry(fault, onFailure)], { matcher: "Bash" })] })
        )
        const result = await p.run("PreToolUse", bash)
        assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [])
        assert.isFalse(isBlocking(result.effects))
        const shown = effectsOf(result.effects, "ShowUser")
        assert.deepStrictEqual(
          shown.map((e) => e.level),
          [fault.showLevel],
          JSON.stringify(result.effects)
        )
        assert.match(shown[0]!.text, fault.showSays)
        assert.deepStrictEqual(diagnosticCodes(result.effects), fault.diagnostics)
      })
    }
  }

  it("a guard with onFailure block that runs fine does not block", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook("cat > /dev/null; exit 0", { onFailure: "block" })])] })
    )
    const result = await p.run("PreToolUse", bash)
    assert.deepStrictEqual(result.effects, [])
    assert.isFalse(isBlocking(result.effects))
  })
})
