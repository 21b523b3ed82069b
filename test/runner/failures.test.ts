/**
 * Hooks that fail to run properly (ARCHITECTURE sections 2, 5.2 and 7): a
 * missing or non-executable script, a signal, a spawn failure.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { rmSync } from "node:fs"
import { join } from "node:path"
import { runHookProcess } from "../../src/runner/hook-process.ts"
import { effectsOf, group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

const bash = { tool_name: "Bash", tool_input: { command: "ls" } }

const onlyError = (effects: Parameters<typeof effectsOf>[0]): string => {
  const errors = effectsOf(effects, "ShowUser").filter((e) => e.level === "error")
  assert.strictEqual(errors.length, 1, `expected one ShowUser error in ${JSON.stringify(effects)}`)
  return errors[0]!.text
}

describe("failures", () => {
  it("a missing script exits 127 and the user sees an error", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("./.wave/hooks/missing.sh")])] }))
    const result = await p.run("PreToolUse", bash)
    const { run } = result.runs[0]!
    assert.strictEqual(run.exitCode, 127)
    assert.isFalse(run.timedOut)
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [])
    const text = onlyError(result.effects)
    assert.include(text, "missing.sh")
  })

  it("a script that is not executable exits 126 and the user sees an error", async () => {
    const p = makeProject()
    p.writeFile(".wave/hooks/noexec.sh", "#!/bin/sh\necho hi\n", 0o644)
    p.writeSettings("project", settings({ PreToolUse: [group([hook("./.wave/hooks/noexec.sh")])] }))
    const result = await p.run("PreToolUse", bash)
    assert.strictEqual(result.runs[0]!.run.exitCode, 126)
    assert.include(onlyError(result.effects), "noexec.sh")
  })

  for (const signal of ["TERM", "KILL", "SEGV"] as const) {
    it(`a hook killed by SIG${signal} has exitCode null, signal set, and the error names the signal`, async () => {
      const p = makeProject()
      // `ulimit -c 0`: no core file for SEGV.
      p.writeSettings(
        "project",
        settings({ Stop: [group([hook(`ulimit -c 0; echo '{"decision":"block","reason":"x"}'; kill -${signal} $$`)])] })
      )
      const result = await p.run("Stop", {})
      const { run } = result.runs[0]!
      assert.strictEqual(run.exitCode, null)
      assert.strictEqual(run.signal, `SIG${signal}`)
      assert.isFalse(run.timedOut)
      // Output of a killed hook is not trusted: no BlockStop from its stdout.
      assert.deepStrictEqual(effectsOf(result.effects, "BlockStop"), [])
      assert.include(onlyError(result.effects), `SIG${signal}`)
    })
  }

  it("a killed guard with onFailure block fails closed", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("kill -TERM $$", { onFailure: "block" })])] }))
    const result = await p.run("PreToolUse", bash)
    const blocks = effectsOf(result.effects, "BlockTool")
    assert.strictEqual(blocks.length, 1)
    assert.include(blocks[0]!.reason, "SIGTERM")
  })

  it("an exit code other than 0 and 2 is a non-blocking error", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("echo broken >&2; exit 3")])] }))
    const result = await p.run("PreToolUse", bash)
    assert.strictEqual(result.runs[0]!.run.exitCode, 3)
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [])
    assert.include(onlyError(result.effects), "broken")
  })

  it("spawn failure: the project directory was deleted after the settings were loaded", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("echo ran > ran.txt")])] }))
    const snapshot = await p.load()
    assert.strictEqual(snapshot.hooks.length, 1)
    rmSync(p.dir, { recursive: true, force: true })
    const result = await p.run("PreToolUse", bash, { settings: snapshot })
    const { run } = result.runs[0]!
    assert.strictEqual(run.exitCode, null)
    assert.isFalse(run.timedOut)
    assert.isString(run.spawnError)
    assert.match(run.spawnError!, /ENOENT/)
    assert.include(onlyError(result.effects), "could not be started")
  })

  it("runHookProcess with a working directory that does not exist reports spawnError", async () => {
    const p = makeProject()
    const run = await Effect.runPromise(
      runHookProcess({
        command: "true",
        cwd: join(p.root, "no-such-dir"),
        env: { PATH: process.env["PATH"] ?? "/bin" },
        input: "{}",
        timeoutMs: 5000
      })
    )
    assert.strictEqual(run.exitCode, null)
    assert.isFalse(run.timedOut)
    assert.isString(run.spawnError)
    assert.strictEqual(run.signal, undefined)
    assert.strictEqual(run.command, "true")
  })
})
