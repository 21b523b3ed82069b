/**
 * The transport -> HookRun mapping (src/core/transport-outcome.ts): a table
 * of HTTP responses and MCP results with the run each gives and what
 * `decide` makes of it, and properties: the mapping is total (any status,
 * body and content give a run `decide` accepts), a non-2xx never passes its
 * body to `decide`, and an http or mcp_tool hook blocks only with a JSON
 * decision unless `onFailure` is `block`.
 */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import * as fc from "fast-check"
import { decide } from "../../src/core/decide.ts"
import { hookEvents } from "../../src/core/events.ts"
import { HookRun } from "../../src/core/hook-run.ts"
import type { HttpOutcome, McpOutcome } from "../../src/core/transport-outcome.ts"
import { capUtf8, httpResponseRun, mcpToolResultRun, missingPlaceholdersRun } from "../../src/core/transport-outcome.ts"
import { isBlockingEffect } from "../../src/effects/precedence.ts"

const label = "POST http://127.0.0.1:9/pre"
const response = (
  status: number,
  body: string,
  extra: Partial<Extract<HttpOutcome, { _tag: "Response" }>> = {}
): HttpOutcome => ({
  _tag: "Response",
  status,
  body,
  truncated: false,
  capBytes: 1024,
  durationMs: 3,
  ...extra
})
const deny = JSON.stringify({
  hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" }
})

describe("httpResponseRun: the table", () => {
  const rows: ReadonlyArray<
    readonly [
      string,
      HttpOutcome,
      { exitCode: number | null; stdout?: string; stderr?: RegExp; tags: ReadonlyArray<string> }
    ]
  > = [
    ["204, empty", response(204, ""), { exitCode: 0, stdout: "", tags: [] }],
    ["200, white space and a BOM", response(200, "\uFEFF \n"), { exitCode: 0, stdout: "", tags: [] }],
    ["200, a JSON object", response(200, deny), { exitCode: 0, stdout: deny, tags: ["BlockTool"] }],
    [
      "201, a JSON object with white space",
      response(201, ` ${deny}\n`),
      { exitCode: 0, stdout: deny, tags: ["BlockTool"] }
    ],
    ["200, {} (no opinion)", response(200, "{}"), { exitCode: 0, stdout: "{}", tags: [] }],
    [
      "200, text",
      response(200, "ok"),
      { exitCode: 1, stderr: /HTTP 200 with a body that is not a JSON object \(ok\)/, tags: ["ShowUser"] }
    ],
    ["200, a JSON array", response(200, "[]"), { exitCode: 1, stderr: /not a JSON object/, tags: ["ShowUser"] }],
    ["200, a JSON string", response(200, '"deny"'), { exitCode: 1, stderr: /not a JSON object/, tags: ["ShowUser"] }],
    [
      "200, broken JSON",
      response(200, '{"decision":'),
      { exitCode: 1, stderr: /not a JSON object/, tags: ["ShowUser"] }
    ],
    [
      "302 with a Location",
      response(302, "", { location: "http://x/y" }),
      { exitCode: 1, stderr: /HTTP 302 \(a redirect to http:\/\/x\/y\), which is not followed/, tags: ["ShowUser"] }
    ],
    [
      "500 with a JSON verdict",
      response(500, deny),
      { exitCode: 1, stdout: "", stderr: /HTTP 500 Internal Server Error: \{/, tags: ["ShowUser"] }
    ],
    [
      "404, empty",
      response(404, ""),
      { exitCode: 1, stderr: /HTTP 404 Not Found with an empty body/, tags: ["ShowUser"] }
    ],
    ["100 (not 2xx)", response(100, ""), { exitCode: 1, stderr: /HTTP 100/, tags: ["ShowUser"] }],
    ["timeout", { _tag: "TimedOut", durationMs: 30_000 }, { exitCode: null, tags: ["ShowUser"] }],
    [
      "connection refused",
      { _tag: "Failed", message: "connection refused", durationMs: 1 },
      { exitCode: null, tags: ["ShowUser"] }
    ]
  ]
  for (const [name, outcome, expected] of rows) {
    it(name, () => {
      const run = httpResponseRun(outcome, label)
      assert.strictEqual(run.exitCode, expected.exitCode)
      assert.strictEqual(run.command, label)
      if (expected.stdout !== undefined) assert.strictEqual(run.stdout, expected.stdout)
      if (expected.stderr !== undefined) assert.match(run.stderr, expected.stderr)
      assert.deepStrictEqual(
        decide("PreToolUse", run).map((e) => e._tag),
        expected.tags
      )
    })
  }

  it("a body cut at the cap is flagged, and cut JSON is an error, never half a verdict", () => {
    const run = httpResponseRun(response(200, deny.slice(0, 20), { truncated: true, capBytes: 20 }), label)
    assert.strictEqual(run.exitCode, 1)
    assert.deepStrictEqual(run.truncatedStreams, [{ stream: "stdout", limitBytes: 20 }])
    assert.match(run.stderr, /cut at the 20 bytes cap/)
    assert.deepStrictEqual(
      decide("PreToolUse", run)
        .map((e) => e._tag)
        .sort(),
      ["Diagnostic", "ShowUser", "ShowUser"]
    )
  })

  it("the timeout and failure texts come from decide, naming the hook", () => {
    const [timeout] = decide("PreToolUse", httpResponseRun({ _tag: "TimedOut", durationMs: 1500 }, label))
    assert.deepStrictEqual(timeout, {
      _tag: "ShowUser",
      level: "error",
      text: `Hook "${label}" timed out after 1.5 s and was stopped.`
    })
    const [failed] = decide(
      "PreToolUse",
      httpResponseRun({ _tag: "Failed", message: "connection refused", durationMs: 1 }, label),
      { dialect: "wave", onFailure: "block" }
    )
    assert.deepStrictEqual(failed, {
      _tag: "BlockTool",
      reason: `Hook "${label}" could not be started: connection refused. (onFailure: block)`
    })
  })
})

describe("mcpToolResultRun: the table", () => {
  const result = (content: unknown, isError?: unknown): McpOutcome => ({
    _tag: "Result",
    content,
    isError,
    durationMs: 2
  })
  it("text items are joined by newlines and read like stdout", () => {
    const { run, notes } = mcpToolResultRun(
      result([
        { type: "text", text: "a" },
        { type: "text", text: "b" }
      ]),
      "mcp g/t",
      1024
    )
    assert.deepStrictEqual(run, {
      exitCode: 0,
      stdout: "a\nb",
      stderr: "",
      durationMs: 2,
      timedOut: false,
      command: "mcp g/t"
    })
    assert.deepStrictEqual(notes, [])
    assert.deepStrictEqual(decide("UserPromptSubmit", run), [{ _tag: "InjectContext", text: "a\nb" }])
  })
  it("a JSON verdict in text decides", () => {
    const { run } = mcpToolResultRun(result([{ type: "text", text: deny }]), "mcp g/t", 1024)
    assert.deepStrictEqual(decide("PreToolUse", run), [{ _tag: "BlockTool", reason: "no" }])
  })
  it("isError: the text is stderr of a non-blocking error; without text, a default", () => {
    const { run } = mcpToolResultRun(result([{ type: "text", text: "db down" }], true), "mcp g/t", 1024)
    assert.strictEqual(run.exitCode, 1)
    assert.strictEqual(run.stderr, "db down")
    assert.strictEqual(run.stdout, "")
    // A JSON verdict on an error result does not decide.
    const verdict = mcpToolResultRun(result([{ type: "text", text: deny }], true), "mcp g/t", 1024).run
    assert.deepStrictEqual(
      decide("PreToolUse", verdict).map((e) => e._tag),
      ["ShowUser"]
    )
    assert.match(
      mcpToolResultRun(result([], true), "mcp g/t", 1024).run.stderr,
      /reported an error \(isError\) without text/
    )
  })
  it("non-text content is left out and named once per type", () => {
    const { run, notes } = mcpToolResultRun(
      result([
        { type: "image", data: "", mimeType: "image/png" },
        { type: "resource_link", uri: "file:///a" },
        { type: "image" },
        null,
        { type: "text", text: "t" }
      ]),
      "mcp g/t",
      1024
    )
    assert.strictEqual(run.stdout, "t")
    assert.deepStrictEqual(notes, [
      'mcp g/t: the tool\'s result held 4 content items that are not text ("image", "resource_link", a null), left out; only text content is read like stdout. Return the verdict as a text item.'
    ])
  })
  it("content that is not an array, a protocol error, a timeout, a failure", () => {
    assert.strictEqual(mcpToolResultRun(result("text"), "m", 1024).run.exitCode, 1)
    const refused = mcpToolResultRun(
      { _tag: "ProtocolError", message: "MCP error -32602: bad", durationMs: 1 },
      "m",
      1024
    ).run
    assert.deepStrictEqual(
      [refused.exitCode, refused.stderr],
      [1, "m: the server refused the call: MCP error -32602: bad"]
    )
    assert.isTrue(mcpToolResultRun({ _tag: "TimedOut", durationMs: 1 }, "m", 1024).run.timedOut)
    assert.strictEqual(
      mcpToolResultRun({ _tag: "Failed", message: "gone", durationMs: 1 }, "m", 1024).run.spawnError,
      "gone"
    )
  })
  it("text over the cap is cut on a character boundary and flagged", () => {
    const { run } = mcpToolResultRun(result([{ type: "text", text: "ééé" }]), "m", 5)
    assert.strictEqual(run.stdout, "éé")
    assert.deepStrictEqual(run.truncatedStreams, [{ stream: "stdout", limitBytes: 5 }])
  })
  it("missing placeholders: a non-blocking error naming each", () => {
    const run = missingPlaceholdersRun(
      [
        { at: "$.input.path", path: "tool_input.file_path" },
        { at: "$.input.n", path: "x" }
      ],
      "mcp fs/read"
    )
    assert.strictEqual(run.exitCode, 1)
    assert.include(run.stderr, "$.input.path names ${tool_input.file_path}, $.input.n names ${x}")
  })
})

describe("capUtf8", () => {
  it("never splits a character and never exceeds the cap", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 50 }), fc.nat({ max: 200 }), (text, cap) => {
        const { text: kept, truncated } = capUtf8(text, cap)
        const bytes = new TextEncoder().encode(kept).length
        assert.isAtMost(bytes, Math.max(cap, truncated ? 0 : bytes))
        assert.isTrue(text.startsWith(kept))
        assert.strictEqual(truncated, new TextEncoder().encode(text).length > cap)
      })
    )
  })
})

describe("the mapping is total and keeps the blocking rule", () => {
  const validRun = Schema.is(HookRun)
  const anyOutcome: fc.Arbitrary<HttpOutcome> = fc.oneof(
    fc.record({
      _tag: fc.constant("Response" as const),
      status: fc.oneof(fc.integer({ min: 100, max: 599 }), fc.integer(), fc.constant(Number.NaN)),
      body: fc.oneof(fc.string(), fc.json(), fc.constant(deny), fc.constant("")),
      truncated: fc.boolean(),
      capBytes: fc.nat(),
      location: fc.option(fc.string(), { nil: undefined }),
      durationMs: fc.nat()
    }),
    fc.record({ _tag: fc.constant("TimedOut" as const), durationMs: fc.nat() }),
    fc.record({ _tag: fc.constant("Failed" as const), message: fc.string(), durationMs: fc.nat() })
  )
  const anyMcp: fc.Arbitrary<McpOutcome> = fc.oneof(
    fc.record({
      _tag: fc.constant("Result" as const),
      content: fc.anything(),
      isError: fc.anything(),
      durationMs: fc.nat()
    }),
    fc.record({
      _tag: fc.constant("Result" as const),
      content: fc.array(
        fc.oneof(
          fc.record({ type: fc.constant("text"), text: fc.oneof(fc.string(), fc.constant(deny)) }),
          fc.record({ type: fc.string() })
        )
      ),
      isError: fc.boolean(),
      durationMs: fc.nat()
    }),
    fc.record({ _tag: fc.constant("ProtocolError" as const), message: fc.string(), durationMs: fc.nat() }),
    fc.record({ _tag: fc.constant("TimedOut" as const), durationMs: fc.nat() }),
    fc.record({ _tag: fc.constant("Failed" as const), message: fc.string(), durationMs: fc.nat() })
  )
  // Events whose failure rows block by design (5.4): a WorktreeCreate or WorktreeRemove that fails fails
  // the action, and a PreModelSwitch hook that fails blocks the switch. The law is about the others.
  const failureBlocks: ReadonlySet<string> = new Set(["WorktreeCreate", "WorktreeRemove", "PreModelSwitch"])
  const event = fc.constantFrom(...hookEvents.filter((e) => !failureBlocks.has(e)))

  it("every HTTP outcome gives a valid HookRun; exit 2 never occurs; a non-2xx passes no stdout; without onFailure block, only a 2xx JSON object can block", () => {
    fc.assert(
      fc.property(anyOutcome, event, (outcome, e) => {
        const run = httpResponseRun(outcome, label)
        assert.isTrue(validRun(run))
        assert.notStrictEqual(run.exitCode, 2)
        const ok2xx =
          outcome._tag === "Response" &&
          Number.isInteger(outcome.status) &&
          outcome.status >= 200 &&
          outcome.status <= 299
        if (!ok2xx) assert.strictEqual(run.stdout, "")
        const effects = decide(e, run)
        if (effects.some(isBlockingEffect)) {
          assert.isTrue(ok2xx && run.exitCode === 0 && run.stdout.startsWith("{"), JSON.stringify({ outcome, effects }))
        }
      }),
      { numRuns: 500 }
    )
  })

  it("every MCP outcome gives a valid HookRun; exit 2 never occurs; without onFailure block, only a text JSON object can block", () => {
    fc.assert(
      fc.property(anyMcp, event, fc.nat({ max: 4096 }), (outcome, e, cap) => {
        const { run, notes } = mcpToolResultRun(outcome, "mcp g/t", cap)
        assert.isTrue(validRun(run))
        assert.isArray(notes)
        assert.notStrictEqual(run.exitCode, 2)
        const effects = decide(e, run)
        if (effects.some(isBlockingEffect))
          assert.isTrue(run.exitCode === 0 && run.stdout.trim().length > 0, JSON.stringify({ outcome, effects }))
      }),
      { numRuns: 500 }
    )
  })
})
