/**
 * The pure translation between AI SDK model calls and Gemini CLI's decoupled
 * `llm_request` / `llm_response`, and the tool restriction on a call's tools.
 */
import { assert, describe, it } from "@effect/vitest"
import { applyModelRequest, llmRequestOf, promptMessageOf } from "../../src/hosts/ai-sdk/llm-request.ts"
import {
  generateResultOf,
  llmResponseOf,
  textOfLlmResponse,
  withResultText
} from "../../src/hosts/ai-sdk/llm-response.ts"
import type { CallOptions, GenerateResult } from "../../src/hosts/ai-sdk/model-call.ts"
import { restrictTools } from "../../src/hosts/ai-sdk/tool-restriction.ts"

const schema = { type: "object" as const, properties: {} }
const tools: CallOptions["tools"] = [
  { type: "function", name: "read_file", inputSchema: schema },
  { type: "function", name: "run_shell_command", inputSchema: schema }
]

const params: CallOptions = {
  prompt: [
    { role: "system", content: "be brief" },
    {
      role: "user",
      content: [
        { type: "text", text: "where is " },
        { type: "text", text: "the greeting?" }
      ]
    },
    {
      role: "assistant",
      content: [
        { type: "text", text: "looking" },
        { type: "tool-call", toolCallId: "c1", toolName: "read_file", input: { path: "a.ts" } }
      ]
    },
    {
      role: "tool",
      content: [{ type: "tool-result", toolCallId: "c1", toolName: "read_file", output: { type: "text", value: "hi" } }]
    }
  ],
  temperature: 0.7,
  maxOutputTokens: 100,
  tools
}

const usage: GenerateResult["usage"] = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 }
}

const result: GenerateResult = {
  content: [
    { type: "reasoning", text: "hmm" },
    { type: "text", text: "API_TOKEN=" },
    { type: "tool-call", toolCallId: "c2", toolName: "read_file", input: "{}" },
    { type: "text", text: "sk-live-1234" }
  ],
  finishReason: { unified: "tool-calls", raw: "tool_calls" },
  usage,
  warnings: []
}

describe("llmRequestOf: a call as Gemini's llm_request", () => {
  it("one message per prompt message: text joined, the assistant as model, tool results as user parts", () => {
    const request = llmRequestOf(params, "gpt-5")
    assert.deepStrictEqual(request, {
      model: "gpt-5",
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "where is the greeting?" },
        {
          role: "model",
          content: [
            { type: "text", text: "looking" },
            { type: "tool-call", toolCallId: "c1", toolName: "read_file", input: { path: "a.ts" } }
          ]
        },
        {
          role: "user",
          content: [
            { type: "tool-result", toolCallId: "c1", toolName: "read_file", output: { type: "text", value: "hi" } }
          ]
        }
      ],
      config: { temperature: 0.7, maxOutputTokens: 100 },
      toolConfig: { mode: "AUTO", allowedFunctionNames: ["read_file", "run_shell_command"] }
    })
  })

  it("the tool choice is the mode: none NONE, required ANY, a forced tool ANY with its name; no tools, no toolConfig", () => {
    assert.strictEqual(llmRequestOf({ ...params, toolChoice: { type: "none" } }, "m").toolConfig?.mode, "NONE")
    assert.strictEqual(llmRequestOf({ ...params, toolChoice: { type: "required" } }, "m").toolConfig?.mode, "ANY")
    assert.deepStrictEqual(
      llmRequestOf({ ...params, toolChoice: { type: "tool", toolName: "read_file" } }, "m").toolConfig,
      {
        mode: "ANY",
        allowedFunctionNames: ["read_file"]
      }
    )
    assert.isUndefined(llmRequestOf({ prompt: [] }, "m").toolConfig)
  })
})

describe("applyModelRequest: a hook's partial request on the call", () => {
  const sent = llmRequestOf(params, "gpt-5")

  it("an echoed request with one setting changed changes that setting alone (the prompt object stays)", () => {
    const applied = applyModelRequest(params, sent, { ...sent, config: { ...sent.config, temperature: 0 } })
    assert.deepStrictEqual(applied.notApplied, [])
    assert.strictEqual(applied.params.temperature, 0)
    assert.strictEqual(applied.params.maxOutputTokens, 100)
    assert.strictEqual(applied.params.prompt, params.prompt)
  })

  it("config: given settings replace, null removes, unknown or ill-typed ones are not applied", () => {
    const applied = applyModelRequest(params, sent, {
      config: { topK: 3, stopSequences: ["END"], maxOutputTokens: null, temperature: "hot", thinking: true }
    })
    assert.strictEqual(applied.params.topK, 3)
    assert.deepStrictEqual(applied.params.stopSequences, ["END"])
    assert.isFalse("maxOutputTokens" in applied.params)
    assert.strictEqual(applied.params.temperature, 0.7)
    assert.deepStrictEqual(applied.notApplied, ["config.temperature", "config.thinking"])
  })

  it("messages: unchanged ones keep the original (tool parts), changed ones become text messages", () => {
    const messages = [...sent.messages]
    messages[1] = { role: "user", content: "where is the farewell?" }
    const applied = applyModelRequest(params, sent, { messages: [...messages, { role: "model", content: "ok" }] })
    assert.deepStrictEqual(applied.params.prompt, [
      params.prompt[0]!,
      { role: "user", content: [{ type: "text", text: "where is the farewell?" }] },
      params.prompt[2]!,
      params.prompt[3]!,
      { role: "assistant", content: [{ type: "text", text: "ok" }] }
    ])
  })

  it("a different model and a toolConfig are not applied; a message without a role is left out", () => {
    const applied = applyModelRequest(params, sent, {
      model: "gemini-2.5-flash",
      toolConfig: { mode: "NONE" },
      messages: [{ content: "no role" }]
    })
    assert.deepStrictEqual(applied.notApplied, [
      'model "gemini-2.5-flash"',
      "toolConfig",
      'messages[0] (a message needs a role "user", "model" or "system")'
    ])
    assert.deepStrictEqual(applied.params.prompt, [])
    assert.strictEqual(applied.params.tools, params.tools)
  })

  it("promptMessageOf reads text parts of an array content", () => {
    assert.deepStrictEqual(promptMessageOf({ role: "system", content: [{ type: "text", text: "a" }, { type: "x" }] }), {
      role: "system",
      content: "a"
    })
  })
})

describe("restrictTools: RestrictTools on the call's tools", () => {
  it("NONE: no tools, tool choice none", () => {
    const restricted = restrictTools(params, { mode: "NONE" })
    assert.isUndefined(restricted.tools)
    assert.deepStrictEqual(restricted.toolChoice, { type: "none" })
  })

  it("an allow-list keeps only those tools; ANY makes a call required", () => {
    const restricted = restrictTools(params, { mode: "ANY", allowedFunctionNames: ["read_file"] })
    assert.deepStrictEqual(
      restricted.tools?.map((t) => t.name),
      ["read_file"]
    )
    assert.deepStrictEqual(restricted.toolChoice, { type: "required" })
  })

  it("AUTO keeps the call's choice, unless it forced a tool no longer offered; a call without tools is unchanged", () => {
    assert.isUndefined(restrictTools(params, { mode: "AUTO" }).toolChoice)
    const forced: CallOptions = { ...params, toolChoice: { type: "tool", toolName: "run_shell_command" } }
    assert.deepStrictEqual(restrictTools(forced, { mode: "AUTO", allowedFunctionNames: ["read_file"] }).toolChoice, {
      type: "auto"
    })
    const bare: CallOptions = { prompt: [] }
    assert.strictEqual(restrictTools(bare, { mode: "NONE" }), bare)
  })

  it("an allow-list naming none of the tools leaves none (tool choice none)", () => {
    const restricted = restrictTools(params, { mode: "ANY", allowedFunctionNames: ["glob"] })
    assert.isUndefined(restricted.tools)
    assert.deepStrictEqual(restricted.toolChoice, { type: "none" })
  })
})

describe("llm_response: an answer in Gemini's shape and back", () => {
  it("llmResponseOf: the text parts, the finish reason, the usage", () => {
    assert.deepStrictEqual(llmResponseOf(result), {
      text: "API_TOKEN=sk-live-1234",
      candidates: [{ content: { role: "model", parts: ["API_TOKEN=", "sk-live-1234"] }, finishReason: "STOP" }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 }
    })
  })

  it("textOfLlmResponse: the first candidate's parts (strings or {text}), else text", () => {
    assert.strictEqual(textOfLlmResponse({ candidates: [{ content: { parts: ["a", { text: "b" }, 3] } }] }), "ab")
    assert.strictEqual(textOfLlmResponse({ candidates: [], text: "t" }), "t")
    assert.strictEqual(textOfLlmResponse({}), "")
  })

  it("withResultText: one text part where the first was; tool calls and reasoning stay", () => {
    assert.deepStrictEqual(withResultText(result, "API_TOKEN=[redacted]").content, [
      { type: "reasoning", text: "hmm" },
      { type: "text", text: "API_TOKEN=[redacted]" },
      { type: "tool-call", toolCallId: "c2", toolName: "read_file", input: "{}" }
    ])
    assert.deepStrictEqual(withResultText({ ...result, content: [] }, "x").content, [{ type: "text", text: "x" }])
  })

  it("generateResultOf: a synthetic answer's text, finish reason and usage", () => {
    const synthetic = generateResultOf({
      candidates: [{ content: { role: "model", parts: ["cached"] }, finishReason: "MAX_TOKENS" }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2 }
    })
    assert.deepStrictEqual(synthetic.content, [{ type: "text", text: "cached" }])
    assert.deepStrictEqual(synthetic.finishReason, { unified: "length", raw: "MAX_TOKENS" })
    assert.strictEqual(synthetic.usage.inputTokens.total, 1)
    assert.strictEqual(synthetic.usage.outputTokens.total, 2)
    assert.deepStrictEqual(generateResultOf({ candidates: [{ content: { parts: [] } }] }).finishReason, {
      unified: "stop",
      raw: undefined
    })
  })
})
