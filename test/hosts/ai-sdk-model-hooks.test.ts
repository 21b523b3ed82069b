/**
 * `modelHooksMiddleware`: Gemini CLI's BeforeToolSelection, BeforeModel and
 * AfterModel hooks (real scripts in a temp project's `.gemini/settings.json`,
 * trusted as `wave-hooks trust` does) around the calls of a wrapped AI SDK
 * model. The model is the AI SDK's mock, the only fake.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from "ai"
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test"
import type { UserMessage } from "../../src/hosts/ai-sdk/index.ts"
import { ModelRequestBlocked, modelHooksMiddleware } from "../../src/hosts/ai-sdk/index.ts"
import type { CallOptions, StreamPart } from "../../src/hosts/ai-sdk/model-call.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"

afterAll(removeTempProjects)

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 2, text: 2, reasoning: 0 }
}
const says = (text: string) => ({
  content: [{ type: "text" as const, text }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: []
})
const streams = (...deltas: ReadonlyArray<string>) => ({
  stream: convertArrayToReadableStream<StreamPart>([
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t1" },
    ...deltas.map((delta): StreamPart => ({ type: "text-delta", id: "t1", delta })),
    { type: "text-end", id: "t1" },
    { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage }
  ])
})

const noop = {
  inputSchema: jsonSchema<{ path?: string }>({ type: "object", properties: { path: { type: "string" } } })
}
const tools = {
  read_file: tool({ ...noop, execute: async () => "contents" }),
  run_shell_command: tool({ ...noop, execute: async () => "ran" })
}

/** A node hook script: records its stdin to `<name>.json`, then prints `answer(payload)` as JSON. */
const script = (name: string, answer: string): string =>
  `#!/usr/bin/env node
const fs = require("node:fs")
const input = fs.readFileSync(0, "utf8")
fs.writeFileSync(${JSON.stringify(`${name}.json`)}, input)
const payload = JSON.parse(input)
process.stdout.write(JSON.stringify((${answer})(payload)))
`

type Hooks = Partial<Record<"BeforeModel" | "AfterModel" | "BeforeToolSelection", string>>

/** A project whose `.gemini/settings.json` runs one script per event given (its answer a JS function of the payload). */
const project = async (hooks: Hooks) => {
  const p = makeProject()
  const settings: Record<string, unknown> = {}
  for (const [event, answer] of Object.entries(hooks)) {
    p.writeFile(`${event}.cjs`, script(event, answer))
    settings[event] = [{ hooks: [{ type: "command", command: `node "$GEMINI_PROJECT_DIR/${event}.cjs"` }] }]
  }
  p.writeSettings("project", { hooks: settings }, "gemini-cli")
  await p.trust()
  const messages: Array<UserMessage> = []
  const options = {
    projectDir: p.dir,
    homeDir: p.home,
    env: p.env,
    dialect: "gemini-cli" as const,
    onUserMessage: (m: UserMessage) => messages.push(m)
  }
  const payload = (event: keyof Hooks, ...path: ReadonlyArray<string | number>): unknown =>
    path.reduce<unknown>(
      (value, key) => (value as { readonly [key: string | number]: unknown })[key],
      JSON.parse(p.read(`${event}.json`))
    )
  return { p, options, messages, payload }
}

const hooked = (model: MockLanguageModelV4, options: Parameters<typeof modelHooksMiddleware>[0]) =>
  wrapLanguageModel({ model, middleware: modelHooksMiddleware(options) })

describe("modelHooksMiddleware with no hooks", () => {
  it("the model gets the call it gets without the middleware, and its answer is unchanged", async () => {
    const { options } = await project({})
    const plain = new MockLanguageModelV4({ doGenerate: says("hello") })
    const wrapped = new MockLanguageModelV4({ doGenerate: says("hello") })
    const call = { prompt: "where is the greeting?", temperature: 0.3, tools, maxRetries: 0 }
    const a = await generateText({ model: plain, ...call })
    const b = await generateText({ model: hooked(wrapped, options), ...call })
    assert.strictEqual(b.text, a.text)
    const strip = ({ abortSignal: _a, ...rest }: CallOptions) => rest
    assert.deepStrictEqual(strip(wrapped.doGenerateCalls[0]!), strip(plain.doGenerateCalls[0]!))
  })
})

describe("BeforeModel", () => {
  it("a deny blocks the call: ModelRequestBlocked with the reason, the model not called, the user told", async () => {
    const { options, messages, payload } = await project({
      BeforeModel: `() => ({ decision: "deny", reason: "over budget" })`
    })
    const model = new MockLanguageModelV4({ doGenerate: says("expensive") })
    const error = await generateText({
      model: hooked(model, options),
      prompt: "summarise everything",
      maxRetries: 0
    }).then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(error, ModelRequestBlocked)
    assert.include((error as ModelRequestBlocked).message, "over budget")
    assert.strictEqual((error as ModelRequestBlocked).event, "PreModelRequest")
    assert.strictEqual(model.doGenerateCalls.length, 0)
    assert.deepInclude(messages, {
      event: "PreModelRequest",
      level: "error",
      text: "Model request blocked by a hook: over budget"
    })
    assert.strictEqual(payload("BeforeModel", "hook_event_name"), "BeforeModel")
    assert.deepStrictEqual(payload("BeforeModel", "llm_request", "messages"), [
      { role: "user", content: "summarise everything" }
    ])
  })

  it("a deny with llm_response answers for the model: the synthetic text is the result, the model not called", async () => {
    const { options } = await project({
      BeforeModel: `() => ({ decision: "deny", reason: "cached", hookSpecificOutput: { llm_response: {
        candidates: [{ content: { role: "model", parts: ["from the ", "cache"] }, finishReason: "STOP" }] } } })`,
      AfterModel: `() => ({})`
    })
    const model = new MockLanguageModelV4({ doGenerate: says("expensive"), doStream: streams("expensive") })
    const result = await generateText({ model: hooked(model, options), prompt: "hi", maxRetries: 0 })
    assert.strictEqual(result.text, "from the cache")
    assert.strictEqual(result.finishReason, "stop")
    const streamed = streamText({ model: hooked(model, options), prompt: "hi", maxRetries: 0 })
    assert.strictEqual(await streamed.text, "from the cache")
    assert.strictEqual(model.doGenerateCalls.length + model.doStreamCalls.length, 0)
  })

  it("llm_request changes the call: sampling settings and a rewritten message; a model switch is reported", async () => {
    const { options, messages } = await project({
      BeforeModel: `(p) => { const r = p.llm_request
        r.config.temperature = 0; r.config.maxOutputTokens = 64; r.model = "gemini-2.5-flash"
        r.messages[r.messages.length - 1].content = "[redacted prompt]"
        return { hookSpecificOutput: { llm_request: r } } }`
    })
    const model = new MockLanguageModelV4({ doGenerate: says("ok") })
    const result = await generateText({
      model: hooked(model, options),
      system: "be brief",
      prompt: "my key is sk-live-1234",
      temperature: 0.9,
      maxRetries: 0
    })
    assert.strictEqual(result.text, "ok")
    const call = model.doGenerateCalls[0]!
    assert.strictEqual(call.temperature, 0)
    assert.strictEqual(call.maxOutputTokens, 64)
    assert.deepStrictEqual(call.prompt, [
      { role: "system", content: "be brief" },
      { role: "user", content: [{ type: "text", text: "[redacted prompt]" }] }
    ])
    assert.isTrue(
      messages.some((m) => m.level === "warning" && m.text.includes('model "gemini-2.5-flash" not applicable'))
    )
  })
})

describe("AfterModel", () => {
  const redact = `(p) => ({ hookSpecificOutput: { llm_response: { candidates: [{ content: { role: "model",
    parts: [p.llm_response.candidates[0].content.parts.join("").replace(/sk-[a-z0-9-]+/g, "[redacted]")] } }] } } })`

  it("llm_response replaces the answer's text; the hook sees the request as sent and the answer", async () => {
    const { options, payload } = await project({ AfterModel: redact })
    const model = new MockLanguageModelV4({ doGenerate: says("API_TOKEN=sk-live-1234") })
    const result = await generateText({ model: hooked(model, options), prompt: "print the token", maxRetries: 0 })
    assert.strictEqual(result.text, "API_TOKEN=[redacted]")
    assert.strictEqual(payload("AfterModel", "hook_event_name"), "AfterModel")
    assert.deepStrictEqual(payload("AfterModel", "llm_request", "messages"), [
      { role: "user", content: "print the token" }
    ])
    assert.deepStrictEqual(payload("AfterModel", "llm_response", "candidates", 0), {
      content: { role: "model", parts: ["API_TOKEN=sk-live-1234"] },
      finishReason: "STOP"
    })
  })

  it("a stream: the hook fires once on the whole text, and the streamed text is the hook's", async () => {
    const { options, payload } = await project({ AfterModel: redact })
    const model = new MockLanguageModelV4({ doStream: streams("API_TOKEN=sk-", "live-1234") })
    const streamed = streamText({ model: hooked(model, options), prompt: "print the token", maxRetries: 0 })
    assert.strictEqual(await streamed.text, "API_TOKEN=[redacted]")
    assert.deepStrictEqual(payload("AfterModel", "llm_response", "candidates", 0, "content", "parts"), [
      "API_TOKEN=sk-live-1234"
    ])
  })

  it("a deny: the answer is not used (ModelRequestBlocked from PostModelResponse)", async () => {
    const { options } = await project({ AfterModel: `() => ({ decision: "deny", reason: "leaks a secret" })` })
    const model = new MockLanguageModelV4({ doGenerate: says("API_TOKEN=sk-live-1234") })
    const error = await generateText({ model: hooked(model, options), prompt: "token?", maxRetries: 0 }).then(
      () => undefined,
      (e: unknown) => e
    )
    assert.instanceOf(error, ModelRequestBlocked)
    assert.strictEqual((error as ModelRequestBlocked).event, "PostModelResponse")
    assert.include((error as ModelRequestBlocked).message, "leaks a secret")
  })
})

describe("BeforeToolSelection", () => {
  it("toolConfig NONE: the model is offered no tools (tool choice none)", async () => {
    const { options, payload } = await project({
      BeforeToolSelection: `() => ({ hookSpecificOutput: { toolConfig: { mode: "NONE" } } })`
    })
    const model = new MockLanguageModelV4({ doGenerate: says("no tools") })
    await generateText({ model: hooked(model, options), prompt: "look around", tools, maxRetries: 0 })
    const call = model.doGenerateCalls[0]!
    assert.isUndefined(call.tools)
    assert.deepStrictEqual(call.toolChoice, { type: "none" })
    assert.deepStrictEqual(payload("BeforeToolSelection", "llm_request", "toolConfig"), {
      mode: "AUTO",
      allowedFunctionNames: ["read_file", "run_shell_command"]
    })
  })

  it("an allow-list: only the read-only tool is offered; ANY makes a call required", async () => {
    const { options } = await project({
      BeforeToolSelection: `() => ({ hookSpecificOutput: { toolConfig: { mode: "ANY", allowedFunctionNames: ["read_file"] } } })`
    })
    const model = new MockLanguageModelV4({ doGenerate: says("reading") })
    await generateText({ model: hooked(model, options), prompt: "where is the greeting?", tools, maxRetries: 0 })
    const call = model.doGenerateCalls[0]!
    assert.deepStrictEqual(
      call.tools?.map((t) => t.name),
      ["read_file"]
    )
    assert.deepStrictEqual(call.toolChoice, { type: "required" })
  })
})
