/**
 * The pure parts of the `http` and `mcp_tool` hook types: their schemas and
 * `mcpServers`, the URL allowlist (`*` patterns), header `$VAR`
 * substitution under `allowedEnvVars` and `httpHookAllowedEnvVars`, and
 * `${...}` payload substitution.
 */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import * as fc from "fast-check"
import {
  effectiveAllowedEnvVars,
  headerVarReferences,
  HttpHookConfig,
  mergeHttpHookPolicies,
  substituteHeaderVars,
  httpHookLabel,
  redactUrl,
  urlAllowed,
  urlNotAllowedMessage,
  urlMatchesPattern
} from "../../src/settings/http-hook-config.ts"
import { McpServersConfig, McpToolHookConfig, substitutePayloadPaths } from "../../src/settings/mcp-tool-hook-config.ts"
import { httpHookFindings, mcpServersFindings, mcpToolHookFindings } from "../../src/settings/transport-hook-diagnostics.ts"

describe("schemas", () => {
  const http = Schema.is(HttpHookConfig)
  const mcp = Schema.is(McpToolHookConfig)
  const servers = Schema.is(McpServersConfig)
  it("http: url must be http(s); headers are strings; the common fields", () => {
    assert.isTrue(http({ type: "http", url: "http://127.0.0.1:8080/pre", headers: { A: "$X" }, allowedEnvVars: ["X"], timeout: 5, onFailure: "block", statusMessage: "checking" }))
    assert.isFalse(http({ type: "http", url: "ftp://x/" }))
    assert.isFalse(http({ type: "http", url: "http://x/", headers: { A: 1 } }))
    assert.isFalse(http({ type: "http", url: "http://x/", timeout: 0 }))
  })
  it("mcp_tool: server and tool are required and not blank", () => {
    assert.isTrue(mcp({ type: "mcp_tool", server: "fs", tool: "read_text_file", input: { path: "${tool_input.file_path}" }, timeout: 10 }))
    assert.isFalse(mcp({ type: "mcp_tool", server: " ", tool: "t" }))
    assert.isFalse(mcp({ type: "mcp_tool", server: "fs" }))
  })
  it("mcpServers: the .mcp.json shapes (stdio with or without type, http)", () => {
    assert.isTrue(servers({
      fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."], env: { A: "b" } },
      typed: { type: "stdio", command: "node" },
      remote: { type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer x" } }
    }))
    assert.isFalse(servers({ s: { type: "sse", url: "https://x/sse" } }))
    assert.isFalse(servers({ s: { type: "http" } }))
    assert.isFalse(servers({ s: { args: ["x"] } }))
  })
})

describe("allowedHttpHookUrls", () => {
  const cases: ReadonlyArray<readonly [string, string, boolean]> = [
    ["https://hooks.example.com/pre", "https://hooks.example.com/*", true],
    ["https://hooks.example.com/", "https://hooks.example.com/*", true],
    ["https://hooks.example.com", "https://hooks.example.com/*", false],
    ["https://hooks.example.com.evil.io/pre", "https://hooks.example.com/*", false],
    ["http://hooks.example.com/pre", "https://hooks.example.com/*", false],
    ["http://localhost:8080/a/b", "http://localhost:*", true],
    ["http://127.0.0.1:9/x", "http://127.0.0.1:9/x", true],
    ["http://127.0.0.1:9/xy", "http://127.0.0.1:9/x", false],
    ["https://a.example.com/h", "https://*.example.com/*", true],
    ["https://HOOKS.example.com/pre", "https://hooks.example.com/*", false],
    ["https://x/a.b", "https://x/a?b", false]
  ]
  for (const [url, pattern, expected] of cases) {
    it(`${url} against ${pattern}: ${expected}`, () => assert.strictEqual(urlMatchesPattern(url, pattern), expected))
  }
  it("undefined allows all, [] allows none, any matching pattern allows", () => {
    assert.isTrue(urlAllowed("http://x/", undefined))
    assert.isFalse(urlAllowed("http://x/", []))
    assert.isTrue(urlAllowed("http://x/", ["https://y/*", "http://x/*"]))
  })
  it("agrees with the regular expression it stands for (property)", () => {
    const alphabet = fc.constantFrom("a", "b", "/", ":", ".", "*")
    fc.assert(fc.property(fc.string({ unit: alphabet, maxLength: 12 }), fc.string({ unit: fc.constantFrom("a", "b", "/", ":", "."), maxLength: 14 }), (pattern, url) => {
      const regex = new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\/]/gu, "\\$&")).join(".*")}$`, "su")
      assert.strictEqual(urlMatchesPattern(url, pattern), regex.test(url), JSON.stringify({ pattern, url }))
    }), { numRuns: 2000 })
  })
  it("merging: concatenated across the files that set a list; unset stays unset", () => {
    assert.deepStrictEqual(mergeHttpHookPolicies([{}, {}]), {})
    assert.deepStrictEqual(mergeHttpHookPolicies([{ allowedHttpHookUrls: ["a"] }, { allowedHttpHookUrls: [], httpHookAllowedEnvVars: ["T"] }]), {
      allowedHttpHookUrls: ["a"],
      httpHookAllowedEnvVars: ["T"]
    })
  })
})

describe("header variables", () => {
  it("$VAR and ${VAR} of allowed names are replaced; others and unset ones are empty and reported", () => {
    const result = substituteHeaderVars(
      { Authorization: "Bearer $TOKEN", "X-Both": "${TEAM}/$UNSET/$$", "X-Lit": "$1 and $" },
      ["TOKEN", "UNSET"],
      { TOKEN: "t", TEAM: "core" }
    )
    assert.deepStrictEqual(result.headers, { Authorization: "Bearer t", "X-Both": "//$$", "X-Lit": "$1 and $" })
    assert.deepStrictEqual(result.unresolved, [
      { header: "X-Both", name: "TEAM", reason: "not-allowed" },
      { header: "X-Both", name: "UNSET", reason: "unset" }
    ])
    assert.deepStrictEqual(result.dropped, [])
  })
  it("a value that would carry a line break is dropped (no header injection)", () => {
    const result = substituteHeaderVars({ A: "x $V", B: "ok" }, ["V"], { V: "1\r\nX-Evil: 1" })
    assert.deepStrictEqual(result.headers, { B: "ok" })
    assert.deepStrictEqual(result.dropped, ["A"])
  })
  it("httpHookAllowedEnvVars narrows a hook's allowedEnvVars", () => {
    assert.deepStrictEqual(effectiveAllowedEnvVars(["A", "B"], ["B", "C"]), ["B"])
    assert.deepStrictEqual(effectiveAllowedEnvVars(undefined, ["B"]), [])
    assert.deepStrictEqual(effectiveAllowedEnvVars(["A"], undefined), ["A"])
  })
  it("references, for validation", () => {
    assert.deepStrictEqual(headerVarReferences("Bearer ${TOKEN}-$TEAM $1"), ["TOKEN", "TEAM"])
  })
  it("an inherited Object property name is never read from the environment", () => {
    const result = substituteHeaderVars({ A: "$constructor" }, ["constructor"], {})
    assert.deepStrictEqual(result.headers, { A: "" })
    assert.deepStrictEqual(result.unresolved, [{ header: "A", name: "constructor", reason: "unset" }])
  })
})

describe("payload substitution", () => {
  const payload = { tool_name: "Edit", tool_input: { file_path: "/p/a.ts", edits: [{ old_string: "x" }], n: 3, obj: { k: 1 }, nothing: null } }
  it("a whole placeholder keeps the value's type; inside a string, text (JSON for non-strings)", () => {
    const { input, missing } = substitutePayloadPaths(
      { path: "${tool_input.file_path}", n: "${tool_input.n}", obj: "${tool_input.obj}", note: "${tool_name} of ${tool_input.n} ${tool_input.obj}", first: "${tool_input.edits.0.old_string}", nil: "${tool_input.nothing}", deep: [{ p: "${tool_input.file_path}" }], lit: 7 },
      payload
    )
    assert.deepStrictEqual(input, { path: "/p/a.ts", n: 3, obj: { k: 1 }, note: "Edit of 3 {\"k\":1}", first: "x", nil: null, deep: [{ p: "/p/a.ts" }], lit: 7 })
    assert.deepStrictEqual(missing, [])
  })
  it("a path the payload lacks is empty and reported with where it is", () => {
    const { input, missing } = substitutePayloadPaths({ a: "${tool_input.command}", b: ["x ${nope.deeper} y"], "we ird": "${tool_input.edits.5}" }, payload)
    assert.deepStrictEqual(input, { a: "", b: ["x  y"], "we ird": "" })
    assert.deepStrictEqual(missing, [
      { at: "$.input.a", path: "tool_input.command" },
      { at: "$.input.b[0]", path: "nope.deeper" },
      { at: "$.input[\"we ird\"]", path: "tool_input.edits.5" }
    ])
  })
  it("no input is {}; prototype names are not paths into Object.prototype", () => {
    assert.deepStrictEqual(substitutePayloadPaths(undefined, payload), { input: {}, missing: [] })
    assert.deepStrictEqual(substitutePayloadPaths({ a: "${constructor}" }, {}).missing, [{ at: "$.input.a", path: "constructor" }])
  })
})

describe("validation findings", () => {
  it("http: header references outside allowedEnvVars or httpHookAllowedEnvVars, a $ in allowedEnvVars, a refused URL", () => {
    const findings = httpHookFindings(
      { type: "http", url: "http://127.0.0.1:9/x", headers: { A: "$T $T", B: "${OK} $G" }, allowedEnvVars: ["OK", "G", "$TOKEN"] },
      { httpHookAllowedEnvVars: ["OK"], allowedHttpHookUrls: ["https://hooks.example.com/*"] }
    )
    assert.deepStrictEqual(findings.map((f) => [f.severity, f.at, f.fix]), [
      ["warning", ["headers", "A"], "add \"T\" to allowedEnvVars"],
      ["warning", ["headers", "B"], "add \"G\" to httpHookAllowedEnvVars in the settings"],
      ["warning", ["allowedEnvVars", 2], "write \"TOKEN\""],
      ["warning", ["url"], "add a pattern that matches it to allowedHttpHookUrls, or change the url"]
    ])
    assert.include(findings[3]!.problem, "matches no allowedHttpHookUrls pattern (\"https://hooks.example.com/*\")")
    assert.deepStrictEqual(httpHookFindings({ type: "http", url: "http://x/", headers: { A: "$OK" }, allowedEnvVars: ["OK"] }, {}), [])
  })
  it("mcp_tool: an undeclared server (with the closest name), a broken placeholder", () => {
    const findings = mcpToolHookFindings(
      { type: "mcp_tool", server: "gaurd", tool: "t", input: { a: "${tool_input.file_path", b: ["${ok} and ${bad path}"], c: "${fine.x-y}" } },
      ["guard", "fs"]
    )
    assert.deepStrictEqual(findings.map((f) => [f.severity, f.at]), [["error", ["server"]], ["warning", ["input", "a"]], ["warning", ["input", "b", 0]]])
    assert.include(findings[0]!.fix, "did you mean \"guard\"?")
    assert.deepStrictEqual(mcpToolHookFindings({ type: "mcp_tool", server: "fs", tool: "t", input: { p: "${tool_input.file_path}" } }, ["fs"]), [])
  })
  it("mcpServers: sse, unknown type, missing command or url, not an object", () => {
    const findings = mcpServersFindings({
      ok: { command: "node", args: ["s.js"] },
      web: { type: "http", url: "https://x/mcp" },
      old: { type: "sse", url: "https://x/sse" },
      odd: { type: "ws" },
      empty: { args: [] },
      nourl: { type: "http" },
      bad: 3
    })
    assert.deepStrictEqual(findings.map((f) => f.at), [["old", "type"], ["odd", "type"], ["empty", "command"], ["nourl", "url"], ["bad"]])
    assert.deepStrictEqual(mcpServersFindings(undefined), [])
    assert.strictEqual(mcpServersFindings([]).length, 1)
  })
})

describe("redaction", () => {
  it("credentials in a URL never reach a label or a message", () => {
    assert.strictEqual(redactUrl("https://bot:s3cret@hooks.example.com/pre?x=1"), "https://***@hooks.example.com/pre?x=1")
    assert.strictEqual(redactUrl("http://127.0.0.1:9/a@b"), "http://127.0.0.1:9/a@b")
    assert.strictEqual(httpHookLabel({ url: "https://t0k@h/x" }), "POST https://***@h/x")
    assert.notInclude(urlNotAllowedMessage("https://u:p@h/x", []), "u:p")
  })
})
