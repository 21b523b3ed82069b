/**
 * The gateway's pure decisions (`tool-call-mapping.ts`,
 * `output-replacement.ts`): given effects and a call or result, then what is
 * forwarded or returned.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  AllowTool,
  AskPermission,
  BlockTool,
  Diagnostic,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/effects/hook-effect.ts"
import { replaceOutput } from "../../src/hosts/mcp/output-replacement.ts"
import type { ToolResult } from "../../src/hosts/mcp/tool-call-mapping.ts"
import {
  afterAsk,
  decidePostToolUse,
  decidePreToolUse,
  hookToolName,
  instructionsWith,
  postToolUsePayload,
  preToolUsePayload,
  serverNameOf
} from "../../src/hosts/mcp/tool-call-mapping.ts"

const call = { tool: "write_file", arguments: { path: "/a", content: "x" }, id: 7 }
const text = (t: string) => ({ type: "text", text: t })
const schema = { type: "object", properties: { content: { type: "string" } }, required: ["content"] }

describe("names and payloads", () => {
  it("given server info names, when derived, then they are short and matcher-friendly", () => {
    assert.strictEqual(serverNameOf("secure-filesystem-server"), "secure-filesystem")
    assert.strictEqual(serverNameOf("tiny-mcp-server"), "tiny")
    assert.strictEqual(serverNameOf("@acme/Files MCP"), "files")
    assert.strictEqual(serverNameOf("mcp-server-github"), "github")
    assert.strictEqual(serverNameOf("  "), "upstream")
    assert.strictEqual(hookToolName("fs", "write_file"), "mcp__fs__write_file")
  })

  it("given a call, when its payloads are built, then they carry tool_name, tool_input, tool_use_id and mcp_server (and tool_response after)", () => {
    assert.deepStrictEqual(preToolUsePayload("fs", call), {
      tool_name: "mcp__fs__write_file",
      tool_input: { path: "/a", content: "x" },
      tool_use_id: "7",
      mcp_server: { name: "fs" }
    })
    const result: ToolResult = { content: [text("ok")], _meta: { trace: 1 } }
    assert.deepStrictEqual(postToolUsePayload("fs", call, result, 3.4)["tool_response"], { content: [text("ok")] })
  })

  it("given upstream instructions and context, when combined, then they are joined by blank lines", () => {
    assert.strictEqual(instructionsWith("Use echo.", ["Rule 1.", " "]), "Use echo.\n\nRule 1.")
    assert.strictEqual(instructionsWith(undefined, []), undefined)
  })
})

describe("decidePreToolUse", () => {
  it("given BlockTool, then the call is denied with the reason as an isError result", () => {
    const d = decidePreToolUse(
      [BlockTool({ reason: "no writes" }), ShowUser({ level: "warning", text: "blocked" })],
      call
    )
    assert.deepStrictEqual(d, {
      _tag: "Deny",
      result: { isError: true, content: [text("no writes")] },
      notes: [{ level: "warning", text: "blocked" }],
      diagnostics: []
    })
  })

  it("given StopAgent, then the call is denied and the proxy halts", () => {
    const d = decidePreToolUse([StopAgent({ reason: "done for today" })], call)
    assert.strictEqual(d._tag, "Deny")
    assert.deepStrictEqual(d.halt, { reason: "done for today" })
  })

  it("given UpdateInput and InjectContext, then the new arguments are forwarded and the context kept for the result", () => {
    const d = decidePreToolUse(
      [
        AllowTool(),
        UpdateInput({ input: { path: "/b" } }),
        InjectContext({ text: "moved" }),
        Diagnostic({ code: "unknown-field", message: "x" })
      ],
      call
    )
    assert.deepStrictEqual(d, {
      _tag: "Forward",
      arguments: { path: "/b" },
      context: ["moved"],
      notes: [],
      diagnostics: [{ code: "unknown-field", message: "x" }]
    })
  })

  it("given no effects, then the call is forwarded as is", () => {
    assert.deepStrictEqual(decidePreToolUse([], call), {
      _tag: "Forward",
      arguments: call.arguments,
      context: [],
      notes: [],
      diagnostics: []
    })
  })

  it("given AskPermission, then it asks; yes forwards the (updated) arguments, no or no way to ask denies with the answer's reason", () => {
    const d = decidePreToolUse([AskPermission({ reason: "sure?" }), UpdateInput({ input: { path: "/c" } })], call)
    assert.strictEqual(d._tag, "Ask")
    if (d._tag !== "Ask") return
    assert.strictEqual(d.reason, "sure?")
    assert.deepStrictEqual(afterAsk(d, { _tag: "Allow" }), {
      _tag: "Forward",
      arguments: { path: "/c" },
      context: [],
      notes: [],
      diagnostics: []
    })
    const refused = (x: ReturnType<typeof afterAsk>) => (x._tag === "Deny" ? x.result : undefined)
    assert.deepStrictEqual(refused(afterAsk(d, { _tag: "Deny", reason: "The user denied this tool call." })), {
      isError: true,
      content: [text("The user denied this tool call.")]
    })
    assert.deepStrictEqual(refused(afterAsk(d, { _tag: "Unavailable", reason: "no elicitation" })), {
      isError: true,
      content: [text("no elicitation")]
    })
  })
})

describe("decidePostToolUse", () => {
  const result: ToolResult = { content: [text("token=SECRET")] }

  it("given no effects, then the result is unchanged", () => {
    assert.deepStrictEqual(decidePostToolUse([], result).result, result)
  })

  it("given context from PreToolUse, InjectContext and PromptModel, then they follow the unchanged result as text blocks, in order", () => {
    const d = decidePostToolUse(
      [InjectContext({ text: "post context" }), PromptModel({ text: "look again" })],
      result,
      { context: ["pre context"] }
    )
    assert.deepStrictEqual(d.result.content, [
      text("token=SECRET"),
      text("pre context"),
      text("post context"),
      text("look again")
    ])
  })

  it("given UpdateToolOutput with a string, then the content is replaced", () => {
    assert.deepStrictEqual(decidePostToolUse([UpdateToolOutput({ output: "token=[redacted]" })], result).result, {
      content: [text("token=[redacted]")]
    })
  })

  it("given a replacement that does not fit the output schema, then the output is withheld, and the user and hook author are told", () => {
    const d = decidePostToolUse(
      [UpdateToolOutput({ output: { content: 42 } })],
      { content: [text("x")], structuredContent: { content: "x" } },
      {
        replacement: {
          outputSchema: schema,
          validate: (v) => (typeof v["content"] === "string" ? undefined : "content must be a string")
        }
      }
    )
    assert.strictEqual(d.result.isError, true)
    assert.notInclude(JSON.stringify(d.result), '"x"')
    assert.match(d.notes[0]!.text, /content must be a string/)
    assert.strictEqual(d.diagnostics[0]!.code, "invalid-field")
  })
})

describe("replaceOutput", () => {
  const original: ToolResult = {
    content: [text("password=hunter2")],
    structuredContent: { content: "password=hunter2" },
    _meta: { a: 1 }
  }

  it("given a string and a one-string-field schema, then the text fills the field", () => {
    assert.deepStrictEqual(replaceOutput({ original, output: "password=[redacted]", outputSchema: schema }), {
      _tag: "Replaced",
      result: {
        _meta: { a: 1 },
        content: [text("password=[redacted]")],
        structuredContent: { content: "password=[redacted]" }
      }
    })
  })

  it("given a string holding a JSON object and a schema, then the object is the structured content", () => {
    const r = replaceOutput({ original, output: '{"content":"ok"}', outputSchema: schema })
    assert.deepStrictEqual(r._tag === "Replaced" && r.result.structuredContent, { content: "ok" })
  })

  it("given an object, then it is the structured content and its JSON the text", () => {
    const r = replaceOutput({ original, output: { content: "ok" }, outputSchema: schema, validate: () => undefined })
    assert.deepStrictEqual(r._tag === "Replaced" && r.result, {
      _meta: { a: 1 },
      content: [text('{"content":"ok"}')],
      structuredContent: { content: "ok" }
    })
  })

  it("given a CallToolResult-shaped object, then its content and structured content are used", () => {
    const r = replaceOutput({
      original,
      output: { content: [text("a")], structuredContent: { content: "a" } },
      outputSchema: schema
    })
    assert.deepStrictEqual(r._tag === "Replaced" && r.result.content, [text("a")])
  })

  it("given no output schema and a string, then the original structured content is dropped (never kept beside redacted text)", () => {
    const r = replaceOutput({ original, output: "redacted" })
    assert.deepStrictEqual(r, { _tag: "Replaced", result: { _meta: { a: 1 }, content: [text("redacted")] } })
  })

  it("given a schema with two fields and plain text, then the replacement is refused", () => {
    const two = { type: "object", properties: { a: { type: "string" }, b: { type: "string" } } }
    const r = replaceOutput({ original, output: "plain", outputSchema: two, tool: "read" })
    assert.strictEqual(r._tag, "Refused")
    assert.match(r._tag === "Refused" ? r.message : "", /the tool read, which declares an outputSchema/)
  })

  it("given a non-fitting object, then the validator's message is in the refusal", () => {
    const r = replaceOutput({
      original,
      output: { content: 1 },
      outputSchema: schema,
      validate: () => "content: must be string"
    })
    assert.match(r._tag === "Refused" ? r.message : "", /does not fit its outputSchema \(content: must be string\)/)
  })

  it("given an isError original and text that fits nowhere, then the text replaces the content without structured content", () => {
    const r = replaceOutput({
      original: { isError: true, content: [text("boom")] },
      output: "calm",
      outputSchema: { type: "object", properties: {} }
    })
    assert.deepStrictEqual(r, { _tag: "Replaced", result: { isError: true, content: [text("calm")] } })
  })
})
