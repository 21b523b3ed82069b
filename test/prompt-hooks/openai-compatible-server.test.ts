/**
 * The CLI's path for prompt and agent hooks (issue 13): `PromptHooks.layerFromEnv`
 * against a real OpenAI-compatible chat completions server on 127.0.0.1 in
 * this test, with canned answers (a tool call round for `agent`), and the
 * message when nothing is configured.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import type { IncomingMessage, ServerResponse } from "node:http"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { decide } from "../../src/core/decide.ts"
import { BlockStop, BlockTool, StopAgent } from "../../src/effects/hook-effect.ts"
import type { ModelHookRequest } from "../../src/runner/prompt-hook.ts"
import { PromptHooks } from "../../src/runner/prompt-hook.ts"
import type { ModelHookConfig } from "../../src/settings/prompt-hook-config.ts"

// ====== The server ======

interface Received {
  readonly url: string
  readonly authorization: string | undefined
  readonly body: {
    readonly model: string
    readonly messages: ReadonlyArray<{
      readonly role: string
      readonly content: unknown
      readonly tool_call_id?: string
    }>
    readonly response_format?: { readonly type: string; readonly json_schema?: { readonly schema: unknown } }
    readonly tools?: ReadonlyArray<{ readonly function: { readonly name: string } }>
  }
}

/** A canned reply: the assistant's text, tool calls, an HTTP error, or no reply at all (held until the client gives up). */
type Reply =
  | { readonly text: string }
  | { readonly toolCalls: ReadonlyArray<{ readonly name: string; readonly args: unknown }> }
  | { readonly status: number; readonly error: string }
  | { readonly hold: true }

const received: Array<Received> = []
const replies: Array<Reply> = []
/** Resolved when a held request's connection is closed by the client. */
let heldClosed: Promise<void> = Promise.resolve()
let baseURL = ""

const completion = (message: Record<string, unknown>, finishReason: string) => ({
  id: `chatcmpl-${received.length}`,
  object: "chat.completion",
  created: 1_700_000_000,
  model: "canned",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finishReason }],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }
})

const handle = (request: IncomingMessage, response: ServerResponse) => {
  const chunks: Array<Buffer> = []
  request.on("data", (chunk: Buffer) => chunks.push(chunk))
  request.on("end", () => {
    received.push({
      url: request.url ?? "",
      authorization: request.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8"))
    })
    const reply = replies.shift()
    if (reply === undefined) {
      response
        .writeHead(500, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "no canned reply left" } }))
    } else if ("hold" in reply) {
      heldClosed = new Promise((resolve) => response.on("close", () => resolve()))
    } else if ("status" in reply) {
      response
        .writeHead(reply.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: reply.error } }))
    } else if ("text" in reply) {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(completion({ content: reply.text }, "stop")))
    } else {
      const toolCalls = reply.toolCalls.map((call, i) => ({
        id: `call_${received.length}_${i}`,
        type: "function",
        function: { name: call.name, arguments: JSON.stringify(call.args) }
      }))
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(completion({ content: null, tool_calls: toolCalls }, "tool_calls")))
    }
  })
}

const server = createServer(handle)
const roots: Array<string> = []

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

const reset = (...next: ReadonlyArray<Reply>) => {
  received.splice(0)
  replies.splice(0, replies.length, ...next)
}

// ====== Requests ======

const project = (): string => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), "wave-prompt-http-")))
  const outside = realpathSync(mkdtempSync(path.join(tmpdir(), "wave-prompt-outside-")))
  roots.push(dir, outside)
  mkdirSync(path.join(dir, "docs"))
  writeFileSync(path.join(dir, "docs", "CHANGELOG.md"), "## 1.2.0\n- nothing yet\n")
  writeFileSync(path.join(outside, "secret.txt"), "TOP SECRET\n")
  symlinkSync(path.join(outside, "secret.txt"), path.join(dir, "link.txt"))
  return dir
}

const request = (hook: Partial<ModelHookConfig>, extra: Partial<ModelHookRequest> = {}): ModelHookRequest => ({
  hook: { type: "prompt", prompt: "Is $ARGUMENTS safe to run?", ...hook },
  event: "PreToolUse",
  payload: JSON.stringify({
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "git push --force" }
  }),
  projectDir: tmpdir(),
  timeoutMs: 10_000,
  ...extra
})

const env = () => ({ OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: "sk-test", WAVE_HOOKS_MODEL: "local-model" })

const run = (environment: Record<string, string | undefined>, req: ModelHookRequest) =>
  Effect.runPromise(
    PromptHooks.use((hooks) => hooks.run(req)).pipe(Effect.provide(PromptHooks.layerFromEnv(environment)))
  )

// ====== Tests ======

describe("prompt hooks against an OpenAI-compatible server", () => {
  it("posts a chat completion with the key, the model, the expanded prompt and a JSON schema response format", async () => {
    reset({ text: '{"ok": false, "reason": "force-push rewrites history", "impossible": false}' })
    const outcome = await run(env(), request({}))
    assert.deepStrictEqual(decide("PreToolUse", outcome), [StopAgent({ reason: "force-push rewrites history" })])
    assert.strictEqual(received.length, 1)
    const [first] = received
    assert.strictEqual(first!.url, "/v1/chat/completions")
    assert.strictEqual(first!.authorization, "Bearer sk-test")
    assert.strictEqual(first!.body.model, "local-model")
    assert.strictEqual(first!.body.response_format?.type, "json_schema")
    assert.deepStrictEqual((first!.body.response_format!.json_schema!.schema as { required: unknown }).required, [
      "ok",
      "reason",
      "impossible"
    ])
    const user = first!.body.messages.find((m) => m.role === "user")
    assert.include(JSON.stringify(user?.content), "git push --force")
    assert.notInclude(JSON.stringify(user?.content), "$ARGUMENTS")
  })

  it("the hook's model wins over WAVE_HOOKS_MODEL; no key sends no Authorization", async () => {
    reset({ text: '{"ok": true, "reason": "", "impossible": false}' })
    const outcome = await run({ OPENAI_BASE_URL: baseURL, WAVE_HOOKS_MODEL: "local-model" }, request({ model: "tiny" }))
    assert.deepStrictEqual(decide("PreToolUse", outcome), [])
    assert.strictEqual(received[0]!.body.model, "tiny")
    assert.isUndefined(received[0]!.authorization)
  })

  it("an HTTP error is a failure naming the hook and the server's message", async () => {
    reset({ status: 404, error: "model 'nope' not found" })
    const outcome = await run(env(), request({ model: "nope" }))
    assert.strictEqual(outcome.exitCode, 1)
    assert.include(outcome.stderr, 'Hook "prompt: Is $ARGUMENTS safe to run?": the model request failed')
    assert.include(outcome.stderr, "not found")
    assert.strictEqual(received.length, 1, "no retries")
  })

  it("a timeout aborts the HTTP request", async () => {
    reset({ hold: true })
    const outcome = await run(env(), request({}, { timeoutMs: 200 }))
    assert.isTrue(outcome.timedOut)
    assert.strictEqual(outcome.exitCode, null)
    await heldClosed
  })
})

describe("agent hooks against an OpenAI-compatible server", () => {
  it("a tool call round: the server asks for files, gets their text, then answers", async () => {
    const dir = project()
    reset(
      {
        toolCalls: [
          { name: "list_directory", args: {} },
          { name: "read_file", args: { path: "docs/CHANGELOG.md" } }
        ]
      },
      { toolCalls: [{ name: "read_file", args: { path: "link.txt" } }] },
      { text: '{"ok": false, "reason": "CHANGELOG.md has no entry for this change", "impossible": false}' }
    )
    const outcome = await run(
      env(),
      request({ type: "agent", prompt: "Is the changelog updated?" }, { projectDir: dir, event: "Stop" })
    )
    assert.deepStrictEqual(decide("Stop", outcome), [
      BlockStop({ reason: "CHANGELOG.md has no entry for this change" })
    ])
    assert.strictEqual(received.length, 3)
    assert.deepStrictEqual(received[0]!.body.tools?.map((t) => t.function.name).sort(), [
      "list_directory",
      "read_file",
      "search_text"
    ])
    const toolResults = (n: number) =>
      received[n]!.body.messages.filter((m) => m.role === "tool").map((m) => JSON.stringify(m.content))
    const second = toolResults(1).join("\n")
    assert.include(second, "docs/")
    assert.include(second, "link.txt@")
    assert.include(second, "nothing yet")
    const third = toolResults(2).join("\n")
    assert.include(third, "symbolic link to a place outside the project directory")
    assert.notInclude(third, "TOP SECRET")
  })

  it("ok:false on PreToolUse tells the model and goes on (agent = continueOnBlock)", async () => {
    reset({ text: '{"ok": false, "reason": "tests are red", "impossible": false}' })
    const outcome = await run(env(), request({ type: "agent", prompt: "Are the tests green?" }))
    assert.deepStrictEqual(decide("PreToolUse", outcome), [BlockTool({ reason: "tests are red" })])
  })
})

describe("nothing configured", () => {
  it("says exactly which variables to set, and sends nothing", async () => {
    reset()
    const outcome = await run({}, request({}))
    assert.strictEqual(outcome.exitCode, 1)
    assert.strictEqual(
      outcome.stderr,
      'Hook "prompt: Is $ARGUMENTS safe to run?" cannot ask a model: no model endpoint is configured: set OPENAI_BASE_URL to an ' +
        "OpenAI-compatible API (e.g. OPENAI_BASE_URL=http://127.0.0.1:11434/v1 for a local Ollama), and OPENAI_API_KEY if it needs a key; " +
        'and no model is named: set "model" on the hook, or WAVE_HOOKS_MODEL (e.g. WAVE_HOOKS_MODEL=llama3.2).'
    )
    assert.strictEqual(received.length, 0)
  })

  it("an endpoint without a model names WAVE_HOOKS_MODEL only", async () => {
    reset()
    const outcome = await run({ OPENAI_BASE_URL: baseURL }, request({}))
    assert.include(outcome.stderr, "WAVE_HOOKS_MODEL")
    assert.notInclude(outcome.stderr, "OPENAI_BASE_URL")
    assert.strictEqual(received.length, 0)
  })
})
