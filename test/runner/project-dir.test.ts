/**
 * A mistake always gets a word (issue 11), library side: a relative
 * `projectDir` is resolved against the process's working directory, a
 * `projectDir` that does not exist fails with `ProjectDirNotFound`, and a tool
 * event fired without `tool_name` gets a diagnostic and a warning.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { join, relative } from "node:path"
import { Effect } from "effect"
import { NodeServices } from "@effect/platform-node"
import { HookSession, runHooksPromise } from "../../src/runner/session.ts"
import { ProjectDirNotFound, runHooks } from "../../src/runner/run-hooks.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
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

describe("projectDir", () => {
  it("a relative projectDir is resolved: WAVE_PROJECT_DIR and the payload's cwd are absolute", async () => {
    const p = makeProject()
    p.writeFile("guard.sh", '#!/bin/sh\ncat > payload.json\necho "guard: $WAVE_PROJECT_DIR" >&2\nexit 2\n')
    p.writeSettings("user", settings({ Stop: [group([hook(`"$WAVE_PROJECT_DIR/guard.sh"`)])] }))
    const projectDir = relative(process.cwd(), p.dir)
    assert.isFalse(projectDir.startsWith("/"))
    const result = await runHooksPromise({ event: "Stop", payload: {}, projectDir, homeDir: p.home, env: p.env })
    assert.strictEqual(result.runs[0]?.run.exitCode, 2, `the guard ran (stderr: ${result.runs[0]?.run.stderr})`)
    assert.strictEqual(effectsOf(result.effects, "BlockStop")[0]?.reason, `guard: ${p.dir}`)
    assert.strictEqual(JSON.parse(p.read("payload.json")).cwd, p.dir)
  })

  it("a projectDir that does not exist: runHooks fails, runHooksPromise and HookSession.startPromise reject, naming it", async () => {
    const p = makeProject()
    const missing = join(p.root, "no-such-project")
    const hooks = canned()
    const failure = await Effect.runPromise(
      runHooks({ event: "Stop", payload: {}, projectDir: missing, homeDir: p.home, env: p.env }).pipe(
        Effect.flip,
        Effect.provideService(HookProcess, HookProcess.node),
        Effect.provide(NodeServices.layer)
      )
    )
    assert.instanceOf(failure, ProjectDirNotFound)
    assert.strictEqual(failure._tag, "ProjectDirNotFound")
    assert.include(failure.message, missing)
    assert.include(failure.message, "does not exist")
    assert.include(failure.message, "projectDir")
    const rejected = await runHooksPromise({
      event: "Stop",
      payload: {},
      projectDir: missing,
      homeDir: p.home,
      hookProcess: hooks.layer
    }).then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(rejected, ProjectDirNotFound)
    const sessionRejected = await HookSession.startPromise({
      projectDir: missing,
      homeDir: p.home,
      hookProcess: hooks.layer
    }).then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(sessionRejected, ProjectDirNotFound)
    assert.include((sessionRejected as ProjectDirNotFound).message, missing)
    assert.deepStrictEqual(hooks.commands(), [])
  })

  it("a projectDir that is a file is not a directory", async () => {
    const p = makeProject()
    const file = p.writeFile("notes.txt", "x", 0o644)
    const rejected = await runHooksPromise({
      event: "Stop",
      payload: {},
      projectDir: file,
      homeDir: p.home,
      hookProcess: canned().layer
    }).then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(rejected, ProjectDirNotFound)
    assert.include((rejected as ProjectDirNotFound).message, "is not a directory")
  })
})

describe("a tool event without tool_name", () => {
  for (const event of ["PreToolUse", "PostToolUse", "PermissionRequest", "PostToolUseFailure"] as const) {
    it(`${event}: a missing-tool-name diagnostic and a warning`, async () => {
      const hooks = canned()
      const p = makeProject({ hookProcess: hooks.layer })
      p.writeSettings("user", settings({ [event]: [group([hook("./guard.sh")], { matcher: "Bash" })] }))
      const result = await p.run(event, { tool_input: { command: "rm -rf /" } })
      assert.deepStrictEqual(hooks.commands(), [], "the Bash guard cannot match")
      assert.include(diagnosticCodes(result.effects), "missing-tool-name")
      const warning = effectsOf(result.effects, "ShowUser").find(
        (e) => e.level === "warning" && e.text.includes("tool_name")
      )
      assert.isDefined(warning)
      assert.include(warning!.text, event)
    })
  }

  it("with tool_name, or for a non-tool event, nothing is said", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("user", settings({ PreToolUse: [group([hook("./guard.sh")], { matcher: "Bash" })] }))
    const pre = await p.run("PreToolUse", { tool_name: "Bash", tool_input: {} })
    assert.notInclude(diagnosticCodes(pre.effects), "missing-tool-name")
    assert.deepStrictEqual(hooks.commands(), ["./guard.sh"])
    const stop = await p.run("Stop", {})
    assert.notInclude(diagnosticCodes(stop.effects), "missing-tool-name")
  })
})
