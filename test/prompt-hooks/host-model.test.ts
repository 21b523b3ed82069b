/**
 * A host passes its own language model (issue 13: "a host passes a
 * `LanguageModel`"): `runHooks({ model })` and `HookSession` options ask it
 * for `prompt` hooks instead of the environment's endpoint, and a
 * `PromptHooks` of the context still wins. The AI SDK's mock model; settings
 * in a real temp project.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { LanguageModelV4GenerateResult } from "@ai-sdk/provider"
import { MockLanguageModelV4 } from "ai/test"
import { Effect } from "effect"
import { NodeServices } from "@effect/platform-node"
import { effectsOf, makeProject, removeTempProjects } from "../helpers/project.ts"
import { HookSession } from "../../src/runner/session.ts"
import { PromptHooks } from "../../src/runner/prompt-hook.ts"

afterAll(removeTempProjects)

const says = (text: string) => async (): Promise<LanguageModelV4GenerateResult> => ({
  content: [{ type: "text", text }],
  finishReason: { unified: "stop", raw: "stop" },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 }
  },
  warnings: []
})

const guardedProject = () => {
  const p = makeProject()
  p.writeSettings("project", {
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Is this safe? $ARGUMENTS" }] }] }
  })
  return p
}
const payload = { tool_name: "Bash", tool_input: { command: "rm -rf /" } }
/** An environment with no model endpoint: only the host's model can answer. */
const noEndpoint = (env: { readonly [name: string]: string | undefined }) =>
  Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith("OPENAI_") && k !== "WAVE_HOOKS_MODEL"))

describe("a host's model for prompt hooks", () => {
  it("runHooks({ model }) asks the host's model", async () => {
    const p = guardedProject()
    const model = new MockLanguageModelV4({
      doGenerate: says('{"ok": false, "reason": "deletes everything", "impossible": false}')
    })
    const result = await p.run("PreToolUse", payload, { model, env: noEndpoint(p.env) })
    assert.deepStrictEqual(effectsOf(result.effects, "StopAgent"), [
      { _tag: "StopAgent", reason: "deletes everything" }
    ])
    assert.strictEqual(model.doGenerateCalls.length, 1)
    assert.include(JSON.stringify(model.doGenerateCalls[0]!.prompt), "rm -rf /")
  })

  it("a session started with a model asks it on every event", async () => {
    const p = guardedProject()
    await p.trust()
    const model = new MockLanguageModelV4({ doGenerate: says('{"ok": true, "reason": "", "impossible": false}') })
    const session = await HookSession.startPromise({
      projectDir: p.dir,
      homeDir: p.home,
      env: noEndpoint(p.env),
      model
    })
    await session.firePromise("PreToolUse", payload)
    await session.firePromise("PreToolUse", payload)
    assert.strictEqual(model.doGenerateCalls.length, 2)
  })

  it("without a model and without an endpoint, the run says what to set", async () => {
    const p = guardedProject()
    const result = await p.run("PreToolUse", payload, { env: noEndpoint(p.env) })
    const [shown] = effectsOf(result.effects, "ShowUser")
    assert.match(shown?.text ?? "", /OPENAI_BASE_URL/)
  })

  it("a PromptHooks in the context wins over the model option", async () => {
    const p = guardedProject()
    await p.trust()
    const model = new MockLanguageModelV4({ doGenerate: says('{"ok": true, "reason": "", "impossible": false}') })
    const session = await Effect.runPromise(
      HookSession.start({ projectDir: p.dir, homeDir: p.home, env: noEndpoint(p.env), model }).pipe(
        Effect.provide(PromptHooks.layerTest(() => ({ ok: false, reason: "from the context" }))),
        Effect.provide(NodeServices.layer)
      )
    )
    const result = await session.firePromise("PreToolUse", payload)
    assert.deepStrictEqual(effectsOf(result.effects, "StopAgent"), [{ _tag: "StopAgent", reason: "from the context" }])
    assert.strictEqual(model.doGenerateCalls.length, 0)
  })
})
