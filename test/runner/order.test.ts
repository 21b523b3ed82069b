/**
 * Order of execution across settings files and within a file, disableAllHooks
 * layering, and dedupe of identical hooks (ARCHITECTURE sections 6-7). The
 * runner's logic only: hooks are canned runs (`HookProcess.layerTest`) and the
 * order is the order of the requests.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { listHooks } from "../../src/cli/list-command.ts"
import { effectiveTimeoutSeconds } from "../../src/settings/plan.ts"
import { canned, group, hook, logLine, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

/** A project whose hooks are canned runs; `ran()` gives the words of the `logLine` hooks run, in order. */
const cannedProject = () => {
  const hooks = canned()
  const p = makeProject({ hookProcess: hooks.layer })
  const ran = () => hooks.commands().map((command) => /^echo '([^']*)'/.exec(command)?.[1] ?? command)
  return Object.assign(p, { ran })
}

const bash = { tool_name: "Bash", tool_input: { command: "ls" } }

describe("order of execution", () => {
  it("runs user, then project, then local settings; array order within a file", async () => {
    const p = cannedProject()
    p.writeSettings("local", settings({ PreToolUse: [group([hook(logLine("local-1")), hook(logLine("local-2"))])] }))
    p.writeSettings(
      "user",
      settings({ PreToolUse: [group([hook(logLine("user-1"))]), group([hook(logLine("user-2"))])] })
    )
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [group([hook(logLine("project-1")), hook(logLine("project-2")), hook(logLine("project-3"))])]
      })
    )
    const result = await p.run("PreToolUse", bash)
    const expected = ["user-1", "user-2", "project-1", "project-2", "project-3", "local-1", "local-2"]
    assert.deepStrictEqual(p.ran(), expected)
    assert.deepStrictEqual(
      result.runs.map((r) => r.hook.scope),
      ["user", "user", "project", "project", "project", "local", "local"]
    )
    assert.deepStrictEqual(
      result.runs.map((r) => r.run.exitCode),
      expected.map(() => 0)
    )
  })

  it("hooks concatenate across files: nothing replaces, other events and non-matching matchers do not run", async () => {
    const p = cannedProject()
    p.writeSettings("user", settings({ PreToolUse: [group([hook(logLine("user-bash"))], { matcher: "Bash" })] }))
    p.writeSettings(
      "project",
      settings({
        PreToolUse: [
          group([hook(logLine("project-edit"))], { matcher: "Edit|Write" }),
          group([hook(logLine("project-any"))], { matcher: "*" })
        ],
        PostToolUse: [group([hook(logLine("project-post"))])]
      })
    )
    await p.run("PreToolUse", bash)
    assert.deepStrictEqual(p.ran(), ["user-bash", "project-any"])
  })
})

describe("disableAllHooks", () => {
  const everyScope = (
    p: ReturnType<typeof cannedProject>,
    flags: { user?: boolean; project?: boolean; local?: boolean }
  ) => {
    for (const scope of ["user", "project", "local"] as const) {
      const flag = flags[scope]
      p.writeSettings(
        scope,
        settings({ Stop: [group([hook(logLine(scope))])] }, flag === undefined ? {} : { disableAllHooks: flag })
      )
    }
  }

  it("a file that sets it to true switches off the hooks of every file", async () => {
    const p = cannedProject()
    everyScope(p, { project: true })
    const result = await p.run("Stop", {})
    assert.deepStrictEqual(p.ran(), [])
    assert.strictEqual(result.runs.length, 0)
    assert.deepStrictEqual(result.effects, [])
  })

  it("the last file that sets it decides: local false over user true runs every hook", async () => {
    const p = cannedProject()
    everyScope(p, { user: true, local: false })
    await p.run("Stop", {})
    assert.deepStrictEqual(p.ran(), ["user", "project", "local"])
  })

  it("the last file that sets it decides: local true over project false runs nothing", async () => {
    const p = cannedProject()
    everyScope(p, { user: false, project: false, local: true })
    await p.run("Stop", {})
    assert.deepStrictEqual(p.ran(), [])
  })

  it("a later file that does not set it does not reset it", async () => {
    const p = cannedProject()
    everyScope(p, { user: true })
    const snapshot = await p.load()
    assert.strictEqual(snapshot.disabled, true)
    await p.run("Stop", {})
    assert.deepStrictEqual(p.ran(), [])
  })
})

describe("dedupe", () => {
  it("an identical command with the same effective timeout in user and project files runs once, in the place of the first", async () => {
    const p = cannedProject()
    const shared = logLine("shared")
    // No timeout in the user file = the default 60; 60 explicitly in the project file: same effective timeout.
    p.writeSettings("user", settings({ PreToolUse: [group([hook(logLine("user-first")), hook(shared)])] }))
    p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook(shared, { timeout: 60 }), hook(logLine("project-last"))])] })
    )
    const result = await p.run("PreToolUse", bash)
    assert.deepStrictEqual(p.ran(), ["user-first", "shared", "project-last"])
    assert.strictEqual(result.runs.length, 3)
    assert.strictEqual(result.plan.duplicates.length, 1)
    const duplicate = result.plan.duplicates[0]!
    assert.strictEqual(duplicate.hook.scope, "project")
    assert.strictEqual(duplicate.sameAs.scope, "user")
  })

  it("the same command with a different timeout runs twice", async () => {
    const p = cannedProject()
    const shared = logLine("shared")
    p.writeSettings("user", settings({ PreToolUse: [group([hook(shared, { timeout: 30 })])] }))
    p.writeSettings("project", settings({ PreToolUse: [group([hook(shared, { timeout: 31 })])] }))
    const result = await p.run("PreToolUse", bash)
    assert.deepStrictEqual(p.ran(), ["shared", "shared"])
    assert.strictEqual(result.runs.length, 2)
    assert.deepStrictEqual(result.plan.duplicates, [])
  })

  it('listHooks marks the duplicate as running once (the CLI prints "runs once")', async () => {
    const p = cannedProject()
    const shared = logLine("shared")
    p.writeSettings("user", settings({ PreToolUse: [group([hook(shared)])] }))
    p.writeSettings("project", settings({ PreToolUse: [group([hook(shared)])] }))
    const snapshot = await p.load()
    const listed = listHooks(snapshot)
    assert.strictEqual(listed.length, 2)
    assert.strictEqual(listed[0]!.duplicateOf, undefined)
    assert.strictEqual(listed[1]!.duplicateOf, `${p.settingsPath("user")} $.hooks.PreToolUse[0].hooks[0]`)
    assert.deepStrictEqual(
      snapshot.hooks.map((h) => effectiveTimeoutSeconds(h, "wave")),
      [60, 60]
    )
  })
})
