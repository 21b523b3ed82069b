/**
 * The events of issue 12 through `runHooks` (ARCHITECTURE 5.4, 7): their
 * matchers select hooks from the settings, their payloads reach the hooks, and
 * their rows decide. Hooks are canned runs; one test runs a real WorktreeCreate
 * hook.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import {
  canned,
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

describe("issue 12 events through runHooks", () => {
  it("FileChanged: a matcher of file names selects by the changed file's name", async () => {
    const hooks = canned(() => ({ exitCode: 0 }))
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings(
      "project",
      settings({ FileChanged: [group([hook("./env-changed.sh")], { matcher: ".env|.envrc" })] })
    )
    await p.run("FileChanged", { file_path: `${p.dir}/config/.env`, event: "change" })
    await p.run("FileChanged", { file_path: `${p.dir}/package.json`, event: "change" })
    assert.deepStrictEqual(hooks.commands(), ["./env-changed.sh"])
  })

  it("PreModelSwitch: the matcher is tested against to_model; exit 2 blocks the switch (BlockAction)", async () => {
    const hooks = canned(() => ({ exitCode: 2, stderr: "stay on the warm cache" }))
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings(
      "project",
      settings({ PreModelSwitch: [group([hook("./guard-model.sh")], { matcher: "claude-opus.*" })] })
    )
    const blocked = await p.run("PreModelSwitch", {
      from_model: "claude-sonnet-x",
      to_model: "claude-opus-x",
      requested_model: null
    })
    assert.deepStrictEqual(effectsOf(blocked.effects, "BlockAction"), [
      { _tag: "BlockAction", reason: "stay on the warm cache" }
    ])
    const other = await p.run("PreModelSwitch", { to_model: "claude-haiku-x" })
    assert.strictEqual(other.runs.length, 0)
  })

  it("PreCompact with custom_instructions null (automatic compaction) runs its hooks", async () => {
    const hooks = canned(() => ({ exitCode: 2, stderr: "not now" }))
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ PreCompact: [group([hook("./no-compact.sh")], { matcher: "auto" })] }))
    const result = await p.run("PreCompact", { trigger: "auto", custom_instructions: null })
    assert.deepStrictEqual(effectsOf(result.effects, "BlockCompaction"), [
      { _tag: "BlockCompaction", reason: "not now" }
    ])
    assert.strictEqual(hooks.payloads("./no-compact.sh")[0]!["custom_instructions"], null)
  })

  it("Elicitation: hooks of two servers; exit 2 declines and the stderr stays in a Diagnostic", async () => {
    const hooks = canned(() => ({ exitCode: 2, stderr: "no tokens for this server" }))
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ Elicitation: [group([hook("./elicit.sh")], { matcher: "github" })] }))
    const result = await p.run("Elicitation", { mcp_server_name: "github", message: "Token?" })
    assert.deepStrictEqual(effectsOf(result.effects, "AnswerElicitation"), [
      { _tag: "AnswerElicitation", action: "decline" }
    ])
    assert.include(diagnosticCodes(result.effects), "ignored-output")
    assert.deepStrictEqual(effectsOf(result.effects, "ShowUser"), [])
  })

  it("ConfigChange: a block holds for project settings; a change to managed policy settings cannot be blocked (a Diagnostic says so)", async () => {
    const hooks = canned(() => ({ exitCode: 2, stderr: "frozen" }))
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ ConfigChange: [group([hook("./freeze.sh")])] }))
    const project = await p.run("ConfigChange", { source: "project_settings", file_path: "/p/.claude/settings.json" })
    assert.deepStrictEqual(effectsOf(project.effects, "BlockAction"), [{ _tag: "BlockAction", reason: "frozen" }])
    const policy = await p.run("ConfigChange", { source: "policy_settings" })
    assert.deepStrictEqual(effectsOf(policy.effects, "BlockAction"), [])
    assert.include(diagnosticCodes(policy.effects), "ignored-output")
  })

  it("SessionStart: sessionTitle is set on startup, discarded with a Diagnostic on clear", async () => {
    const answer = JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", sessionTitle: "Fix CI" } })
    const hooks = canned(() => ({ exitCode: 0, stdout: answer }))
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ SessionStart: [group([hook("./title.sh")])] }))
    const startup = await p.run("SessionStart", { source: "startup" })
    assert.deepStrictEqual(effectsOf(startup.effects, "SetSessionTitle"), [
      { _tag: "SetSessionTitle", title: "Fix CI" }
    ])
    const clear = await p.run("SessionStart", { source: "clear" })
    assert.deepStrictEqual(effectsOf(clear.effects, "SetSessionTitle"), [])
    assert.include(diagnosticCodes(clear.effects), "discarded-field")
  })

  it("WorktreeCreate (claude-code): a real hook prints the path as its last line", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ WorktreeCreate: [group([hook(`echo 'creating...'; ${printing("/tmp/wt/feature-x")}`)])] }),
      "claude-code"
    )
    const result = await p.run("WorktreeCreate", { name: "feature-x" }, { dialect: "claude-code" })
    assert.deepStrictEqual(effectsOf(result.effects, "SetWorktreePath"), [
      { _tag: "SetWorktreePath", path: "/tmp/wt/feature-x" }
    ])
  })
})
