/**
 * Issue 11: with the default trust policy an embedder's first run runs no
 * project hooks; the result says so on every event, naming the file, not
 * only on the events the file has hooks for.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { HookEvent } from "../../src/core/events.ts"
import { runHooksPromise } from "../../src/runner/session.ts"
import { AiSdkHooks } from "../../src/hosts/ai-sdk/ai-sdk-hooks.ts"
import { canned, effectsOf, group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

const untrustedProject = () => {
  const hooks = canned()
  const p = makeProject({ hookProcess: hooks.layer })
  const file = p.writeSettings("project", settings({ PreToolUse: [group([hook("./guard.sh")], { matcher: "Bash" })] }))
  return { p, hooks, file }
}

describe("an untrusted project file on an embedder's first run", () => {
  const events: ReadonlyArray<readonly [HookEvent, Record<string, unknown>]> = [
    ["SessionStart", { source: "startup" }],
    ["UserPromptSubmit", { prompt: "hi" }],
    ["PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }],
    ["PostToolUse", { tool_name: "Bash", tool_input: { command: "ls" }, tool_response: "" }],
    ["Stop", {}]
  ]
  for (const [event, payload] of events) {
    it(`${event}: runHooksPromise's effects name the untrusted file and the trust command`, async () => {
      const { file, hooks, p } = untrustedProject()
      const result = await runHooksPromise({
        event,
        payload,
        projectDir: p.dir,
        homeDir: p.home,
        env: p.env,
        hookProcess: hooks.layer
      })
      assert.deepStrictEqual(hooks.commands(), [], "the untrusted hook did not run")
      const diagnostic = effectsOf(result.effects, "Diagnostic").find((d) => d.code === "untrusted-settings")
      assert.isDefined(diagnostic, `a Diagnostic on ${event}`)
      assert.include(diagnostic!.message, file)
      const texts = result.effects.map((e) =>
        e._tag === "Diagnostic" ? e.message : e._tag === "ShowUser" ? e.text : ""
      )
      assert.isTrue(
        texts.some((t) => t.includes(file) && t.includes("wave-hooks trust")),
        "the trust command is given"
      )
      assert.include(diagnostic!.message, "PreToolUse")
    })
  }

  it("the AI SDK adapter hands it to onDiagnostic on the first event", async () => {
    const { file, hooks, p } = untrustedProject()
    const seen: Array<{ code: string; message: string }> = []
    const adapter = new AiSdkHooks({
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      hookProcess: hooks.layer,
      onDiagnostic: (d) => seen.push(d)
    })
    await adapter.fire("UserPromptSubmit", { prompt: "hi" })
    assert.isTrue(
      seen.some((d) => d.code === "untrusted-settings" && d.message.includes(file)),
      JSON.stringify(seen)
    )
  })

  it("once trusted, nothing is said", async () => {
    const { hooks, p } = untrustedProject()
    await p.trust()
    const result = await runHooksPromise({
      event: "Stop",
      payload: {},
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      hookProcess: hooks.layer
    })
    assert.isUndefined(effectsOf(result.effects, "Diagnostic").find((d) => d.code === "untrusted-settings"))
  })
})
