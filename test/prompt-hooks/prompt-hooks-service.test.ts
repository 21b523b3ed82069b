/**
 * `PromptHooks` with the AI SDK's mock model (issue 13): the prompt sent
 * ($ARGUMENTS), structured output, answers mapped through `decide`, garbage,
 * errors and timeouts, the agent's tool loop and the test layer.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { MockLanguageModelV4 } from "ai/test"
import { Effect } from "effect"
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { decide } from "../../src/core/decide.ts"
import { BlockStop, BlockTool, ShowUser, StopAgent } from "../../src/effects/hook-effect.ts"
import type { ModelHookRequest } from "../../src/runner/prompt-hook.ts"
import { PromptHooks } from "../../src/runner/prompt-hook.ts"
import type { ModelHookConfig } from "../../src/settings/prompt-hook-config.ts"

const roots: Array<string> = []
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

const project = (): string => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "wave-prompt-")))
  roots.push(dir)
  mkdirSync(path.join(dir, "src"))
  writeFileSync(path.join(dir, "src", "a.ts"), "export const a = 1\n// TODO: remove\n")
  return dir
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}
const says = (text: string) => ({
  content: [{ type: "text" as const, text }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: []
})
const callsTool = (toolCallId: string, toolName: string, input: unknown) => ({
  content: [{ type: "tool-call" as const, toolCallId, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls" as const, raw: undefined },
  usage,
  warnings: []
})

const payload = JSON.stringify({
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "rm -rf /" }
})

const request = (hook: Partial<ModelHookConfig>, extra: Partial<ModelHookRequest> = {}): ModelHookRequest => ({
  hook: { type: "prompt", prompt: "Is this command safe? $ARGUMENTS", ...hook },
  event: "PreToolUse",
  payload,
  projectDir: extra.projectDir ?? tmpdir(),
  timeoutMs: 30_000,
  ...extra
})

const run = (service: PromptHooks["Service"], req: ModelHookRequest) => Effect.runPromise(service.run(req))

/** Every text the model was sent in call `n`. */
const sent = (model: MockLanguageModelV4, n = 0): string => JSON.stringify(model.doGenerateCalls[n]?.prompt)

describe("prompt hooks with a mock model", () => {
  it("sends the prompt with $ARGUMENTS replaced and asks for structured output", async () => {
    const model = new MockLanguageModelV4({ doGenerate: says('{"ok": true}') })
    const outcome = await run(PromptHooks.withModel(model), request({}))
    assert.deepStrictEqual(decide("PreToolUse", outcome), [])
    const call = model.doGenerateCalls[0]!
    assert.include(sent(model), 'Is this command safe? {\\"hook_event_name\\":\\"PreToolUse\\"')
    assert.notInclude(sent(model), "$ARGUMENTS")
    assert.strictEqual(call.responseFormat?.type, "json")
    const schema = (
      call.responseFormat as { schema?: { properties?: Record<string, unknown>; required?: Array<string> } }
    ).schema
    assert.deepStrictEqual(Object.keys(schema?.properties ?? {}).sort(), ["impossible", "ok", "reason"])
    assert.deepStrictEqual(schema?.required, ["ok", "reason", "impossible"])
  })

  it("appends the payload when the prompt has no $ARGUMENTS", async () => {
    const model = new MockLanguageModelV4({ doGenerate: says('{"ok": true}') })
    await run(PromptHooks.withModel(model), request({ prompt: "Is this safe?" }))
    assert.include(sent(model), "Is this safe?\\n\\n{")
  })

  it("ok:false on PreToolUse ends the turn; with continueOnBlock it is the tool error", async () => {
    const model = () => new MockLanguageModelV4({ doGenerate: says('{"ok": false, "reason": "deletes everything"}') })
    assert.deepStrictEqual(decide("PreToolUse", await run(PromptHooks.withModel(model()), request({}))), [
      StopAgent({ reason: "deletes everything" })
    ])
    assert.deepStrictEqual(
      decide("PreToolUse", await run(PromptHooks.withModel(model()), request({ continueOnBlock: true }))),
      [BlockTool({ reason: "deletes everything" })]
    )
  })

  it("reads an answer in a fenced block (models that ignore the response format)", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: says('Sure.\n```json\n{"ok": false, "reason": "tests fail"}\n```')
    })
    const outcome = await run(PromptHooks.withModel(model), request({}, { event: "Stop" }))
    assert.deepStrictEqual(decide("Stop", outcome), [BlockStop({ reason: "tests fail" })])
  })

  it("an answer that is not {ok} is a failure with a clear message, never ok", async () => {
    for (const text of ["yes, looks fine", '{"ok": "yes"}', '{"allowed": true}', "[true]"]) {
      const model = new MockLanguageModelV4({ doGenerate: says(text) })
      const outcome = await run(PromptHooks.withModel(model), request({}))
      assert.strictEqual(outcome.exitCode, 1, text)
      assert.include(
        outcome.stderr,
        'Hook "prompt: Is this command safe? $ARGUMENTS": the model\'s answer is not {"ok"',
        text
      )
      assert.include(outcome.stderr, "it was not taken as ok", text)
      const blocked = decide("PreToolUse", outcome, { dialect: "wave", onFailure: "block" })
      assert.strictEqual(blocked[0]?._tag, "BlockTool", text)
    }
  })

  it("a model error is a failure naming the hook", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error("connection refused")
      }
    })
    const outcome = await run(PromptHooks.withModel(model), request({}))
    assert.strictEqual(outcome.exitCode, 1)
    assert.include(outcome.stderr, "the model request failed")
    assert.include(outcome.stderr, "connection refused")
    assert.deepStrictEqual(decide("PreToolUse", outcome), [ShowUser({ level: "error", text: outcome.stderr })])
  })

  it("a timeout aborts the request and is a timed-out run", async () => {
    let aborted = false
    const model = new MockLanguageModelV4({
      doGenerate: (options) =>
        new Promise((_, reject) => {
          options.abortSignal?.addEventListener("abort", () => {
            aborted = true
            reject(options.abortSignal?.reason)
          })
        })
    })
    const outcome = await run(PromptHooks.withModel(model), request({}, { timeoutMs: 50 }))
    assert.strictEqual(outcome.timedOut, true)
    assert.strictEqual(outcome.exitCode, null)
    assert.isTrue(aborted)
    assert.include(
      decide("PreToolUse", outcome)
        .map((e) => (e as { text?: string }).text)
        .join(""),
      "timed out"
    )
  })

  it("a model source that throws is a failure naming the hook, not a defect", async () => {
    const source = (name: string | undefined): MockLanguageModelV4 => {
      throw new Error(`no model called ${name}`)
    }
    const outcome = await run(PromptHooks.withModel(source), request({ model: "huge" }))
    assert.strictEqual(outcome.exitCode, 1)
    assert.strictEqual(
      outcome.stderr,
      'Hook "prompt: Is this command safe? $ARGUMENTS": the model could not be asked: no model called huge'
    )
  })

  it("a function model source gets the hook's model name", async () => {
    const names: Array<string | undefined> = []
    const source = (name: string | undefined) => {
      names.push(name)
      return new MockLanguageModelV4({ doGenerate: says('{"ok": true}') })
    }
    await run(PromptHooks.withModel(source), request({ model: "small" }))
    await run(PromptHooks.withModel(source), request({}))
    assert.deepStrictEqual(names, ["small", undefined])
  })
})

describe("agent hooks with a mock model", () => {
  it("runs a tool loop over the project, then answers; ok:false continues (as continueOnBlock)", async () => {
    const dir = project()
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsTool("c1", "list_directory", { path: "src" }),
        callsTool("c2", "search_text", { text: "TODO" }),
        callsTool("c3", "read_file", { path: "src/a.ts" }),
        says('{"ok": false, "reason": "a TODO is left in src/a.ts"}')
      ]
    })
    const outcome = await run(
      PromptHooks.withModel(model),
      request({ type: "agent", prompt: "Are all TODOs gone?" }, { projectDir: dir })
    )
    assert.deepStrictEqual(decide("PreToolUse", outcome), [BlockTool({ reason: "a TODO is left in src/a.ts" })])
    assert.strictEqual(model.doGenerateCalls.length, 4)
    assert.deepStrictEqual(model.doGenerateCalls[0]!.tools?.map((t) => t.name).sort(), [
      "list_directory",
      "read_file",
      "search_text"
    ])
    const last = sent(model, 3)
    assert.include(last, "a.ts")
    assert.include(last, "src/a.ts:2: // TODO: remove")
    assert.include(last, "export const a = 1")
  })

  it("a path outside the project is refused to the model", async () => {
    const dir = project()
    const model = new MockLanguageModelV4({
      doGenerate: [callsTool("c1", "read_file", { path: "../../etc/passwd" }), says('{"ok": true}')]
    })
    await run(
      PromptHooks.withModel(model),
      request({ type: "agent", prompt: "Check" }, { projectDir: dir, event: "Stop" })
    )
    assert.include(sent(model, 1), "outside the project directory")
    assert.notInclude(sent(model, 1), "root:")
  })

  it("an agent still calling tools after 50 steps is a failure, not ok", async () => {
    const dir = project()
    let calls = 0
    const model = new MockLanguageModelV4({
      doGenerate: async () => callsTool(`c${++calls}`, "list_directory", {})
    })
    const outcome = await run(
      PromptHooks.withModel(model),
      request({ type: "agent", prompt: "Loop" }, { projectDir: dir })
    )
    assert.strictEqual(calls, 50)
    assert.strictEqual(outcome.exitCode, 1)
    assert.include(outcome.stderr, "50 steps")
  })
})

describe("PromptHooks.layerTest", () => {
  it("answers with canned answers through promptOutcome and records requests", async () => {
    const requests: Array<ModelHookRequest> = []
    const outcome = await Effect.runPromise(
      PromptHooks.use((hooks) => hooks.run(request({}, { event: "Stop" }))).pipe(
        Effect.provide(PromptHooks.layerTest(() => ({ ok: false, reason: "not done" }), requests))
      )
    )
    assert.deepStrictEqual(decide("Stop", outcome), [BlockStop({ reason: "not done" })])
    assert.strictEqual(requests.length, 1)
    const failed = await Effect.runPromise(PromptHooks.test(() => ({ failure: "no model" })).run(request({})))
    assert.deepStrictEqual(decide("PreToolUse", failed), [ShowUser({ level: "error", text: "no model" })])
    const late = await Effect.runPromise(PromptHooks.test(() => ({ timedOut: true })).run(request({})))
    assert.isTrue(late.timedOut)
  })
})
