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
  httpsOnlyProblem,
  isLoopbackUrl,
  redactUrl,
  redactUrlsIn,
  urlAllowed,
  urlNotAllowedMessage,
  urlMatchesPattern,
  urlPatternProblem,
  urlPatternWithin
} from "../../src/settings/http-hook-config.ts"
import { McpServersConfig, McpToolHookConfig, substitutePayloadPaths } from "../../src/settings/mcp-tool-hook-config.ts"
import {
  httpHookFindings,
  mcpServersFindings,
  mcpToolHookFindings
} from "../../src/settings/transport-hook-diagnostics.ts"

describe("schemas", () => {
  const http = Schema.is(HttpHookConfig)
  const mcp = Schema.is(McpToolHookConfig)
  const servers = Schema.is(McpServersConfig)
  it("http: url must be http(s); headers are strings; the common fields", () => {
    assert.isTrue(
      http({
        type: "http",
        url: "http://127.0.0.1:8080/pre",
        headers: { A: "$X" },
        allowedEnvVars: ["X"],
        timeout: 5,
        onFailure: "block",
        statusMessage: "checking"
      })
    )
    assert.isFalse(http({ type: "http", url: "ftp://x/" }))
    assert.isFalse(http({ type: "http", url: "http://x/", headers: { A: 1 } }))
    assert.isFalse(http({ type: "http", url: "http://x/", timeout: 0 }))
  })
  it("mcp_tool: server and tool are required and not blank", () => {
    assert.isTrue(
      mcp({
        type: "mcp_tool",
        server: "fs",
        tool: "read_text_file",
        input: { path: "${tool_input.file_path}" },
        timeout: 10
      })
    )
    assert.isFalse(mcp({ type: "mcp_tool", server: " ", tool: "t" }))
    assert.isFalse(mcp({ type: "mcp_tool", server: "fs" }))
  })
  it("mcpServers: the .mcp.json shapes (stdio with or without type, http)", () => {
    assert.isTrue(
      servers({
        fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."], env: { A: "b" } },
        typed: { type: "stdio", command: "node" },
        remote: { type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer x" } }
      })
    )
    assert.isFalse(servers({ s: { type: "sse", url: "https://x/sse" } }))
    assert.isFalse(servers({ s: { type: "http" } }))
    assert.isFalse(servers({ s: { args: ["x"] } }))
  })
})

describe("allowedHttpHookUrls", () => {
  const cases: ReadonlyArray<readonly [string, string, boolean]> = [
    ["https://hooks.example.com/pre", "https://hooks.example.com/*", true],
    ["https://hooks.example.com/", "https://hooks.example.com/*", true],
    // Parsed, a URL without a path has the path "/".
    ["https://hooks.example.com", "https://hooks.example.com/*", true],
    ["https://hooks.example.com.evil.io/pre", "https://hooks.example.com/*", false],
    ["http://hooks.example.com/pre", "https://hooks.example.com/*", false],
    ["http://localhost:8080/a/b", "http://localhost:*", true],
    ["http://localhost/a", "http://localhost:*", true],
    ["http://127.0.0.1:9/x", "http://127.0.0.1:9/x", true],
    ["http://127.0.0.1:9/x?a=1", "http://127.0.0.1:9/x", true],
    ["http://127.0.0.1:9/xy", "http://127.0.0.1:9/x", false],
    ["https://a.example.com/h", "https://*.example.com/*", true],
    ["https://a.b.example.com/h", "https://*.example.com/*", true],
    // Host names are compared as the parser writes them (lower case).
    ["https://HOOKS.example.com/pre", "https://hooks.example.com/*", true],
    ["https://hooks.example.com:443/pre", "https://hooks.example.com/*", true],
    ["https://hooks.example.com:8443/pre", "https://hooks.example.com/*", false],
    ["http://h:80/x", "http://h:80/*", true],
    ["http://h/x", "http://h:80/*", true],
    ["https://x/a.b", "https://x/a?b", false],
    ["http://anything.example:1/x?y", "*", true],
    ["http://[::1]:8080/x", "http://[::1]:*", true],
    // The review's repros (finding 9): userinfo and a * before the path.
    ["http://127.0.0.1:1@localhost:18080/deny?via=userinfo", "http://127.0.0.1:*", false],
    ["http://localhost:18080/.example.com/deny?via=pathglob", "http://*.example.com/*", false],
    ["http://127.0.0.1:1@attacker.invalid/x", "http://127.0.0.1:*", false],
    // Variants: the port's * takes no host, the host's * no path, the path's * no host.
    ["http://127.0.0.1:80.evil.example/", "http://127.0.0.1:*", false],
    ["http://evil.example/x.example.com/", "http://*.example.com/*", false],
    ["http://evil.example/hooks.example.com/pre", "http://*/hooks.example.com/*", true],
    ["http://hooks.example.com@evil.example/pre", "http://hooks.example.com/*", false],
    ["http://hooks.example.com%40evil.example/pre", "http://hooks.example.com/*", false],
    ["http://evil.example\\@hooks.example.com/pre", "http://hooks.example.com/*", false],
    ["http://evil.example#@hooks.example.com/pre", "http://hooks.example.com/*", false],
    ["http://0x7f.1:8080/x", "http://127.0.0.1:*", true],
    // Credentials are not part of the host: the pattern still decides on the host.
    ["https://bot:pw@hooks.example.com/pre", "https://hooks.example.com/*", true],
    // A pattern with credentials, or one that does not parse, matches nothing.
    ["http://u@h/x", "http://u@h/*", false],
    ["http://h/x", "h/*", false],
    ["not a url", "*", false]
  ]
  for (const [url, pattern, expected] of cases) {
    it(`${url} against ${pattern}: ${expected}`, () => assert.strictEqual(urlMatchesPattern(url, pattern), expected))
  }
  it("undefined allows all, [] allows none, any matching pattern allows", () => {
    assert.isTrue(urlAllowed("http://x/", undefined))
    assert.isFalse(urlAllowed("http://x/", []))
    assert.isTrue(urlAllowed("http://x/", ["https://y/*", "http://x/*"]))
  })
  it("the README's patterns keep working", () => {
    assert.isTrue(
      urlAllowed("http://127.0.0.1:8080/pre-tool-use", ["http://127.0.0.1:*", "https://hooks.example.com/*"])
    )
    assert.isTrue(
      urlAllowed("https://hooks.example.com/pre-tool-use", ["http://127.0.0.1:*", "https://hooks.example.com/*"])
    )
    assert.isFalse(
      urlAllowed("http://127.0.0.1:1@localhost:8080/pre-tool-use", [
        "http://127.0.0.1:*",
        "https://hooks.example.com/*"
      ])
    )
  })
  it("a URL is allowed only when its parsed host matches the pattern's host, whatever userinfo, @, encoding and path it holds (property)", () => {
    const hosts = [
      "127.0.0.1",
      "localhost",
      "hooks.example.com",
      "a.example.com",
      "evil.example",
      "example.com.evil.example"
    ]
    const hostPatterns = ["127.0.0.1", "localhost", "hooks.example.com", "*.example.com", "*"]
    const piece = fc.constantFrom(
      ...hosts,
      "@",
      ":",
      "1",
      "80",
      "/",
      "%40",
      "%2f",
      "%3a",
      "\\",
      "#",
      "?",
      ".",
      "*",
      "user",
      "pw",
      ".example.com",
      "%2e",
      "[",
      "]"
    )
    const text = fc.array(piece, { maxLength: 6 }).map((xs) => xs.join(""))
    const url = fc
      .tuple(
        fc.constantFrom("http", "https", "HTTP"),
        text,
        fc.constantFrom(...hosts),
        text,
        fc.constantFrom("", ":8080", ":1", ":*"),
        text
      )
      .map(
        ([scheme, before, host, middle, port, after]) =>
          `${scheme}://${before}${middle === "" ? "" : `${middle}@`}${host}${port}/${after}`
      )
      .chain((u) =>
        fc.constantFrom(
          u,
          u.replace(/^[a-z]+:\/\//iu, (s) => `${s}${hosts[u.length % hosts.length]}:1@`)
        )
      )
    const pattern = fc
      .tuple(
        fc.constantFrom("http", "https", "*"),
        fc.constantFrom(...hostPatterns),
        fc.constantFrom("", ":*", ":8080", ":1"),
        fc.constantFrom("", "/*", "/pre", "/*.example.com/*")
      )
      .map(([scheme, host, port, path]) => ({ text: `${scheme}://${host}${port}${path}`, host }))
    const hostGlob = (host: string, glob: string) =>
      new RegExp(
        `^${glob
          .split("*")
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&"))
          .join(".*")}$`,
        "su"
      ).test(host)
    fc.assert(
      fc.property(url, pattern, (u, p) => {
        if (!urlMatchesPattern(u, p.text)) return
        const parsed = new URL(u)
        assert.isTrue(
          hostGlob(parsed.hostname, p.host),
          JSON.stringify({ url: u, pattern: p.text, host: parsed.hostname })
        )
      }),
      { numRuns: 5000 }
    )
  })
  it("a pattern that matches nothing says why (validate warns with it)", () => {
    assert.isUndefined(urlPatternProblem("http://127.0.0.1:*"))
    assert.isUndefined(urlPatternProblem("*"))
    assert.include(urlPatternProblem("http://*@hooks.example.com/*") ?? "", "credentials")
    assert.include(urlPatternProblem("hooks.example.com/*") ?? "", "scheme://host")
    assert.include(urlPatternProblem("http://h:8o/") ?? "", "port")
  })
  it("one pattern within another: a part's * only within the other's *", () => {
    assert.isTrue(urlPatternWithin("https://hooks.corp.example/pre", "https://hooks.corp.example/*"))
    assert.isTrue(urlPatternWithin("http://127.0.0.1:8080/*", "http://127.0.0.1:*"))
    assert.isTrue(urlPatternWithin("https://a.corp.example/*", "https://*.corp.example/*"))
    assert.isFalse(urlPatternWithin("*", "https://hooks.corp.example/*"))
    assert.isFalse(urlPatternWithin("https://*/*", "https://hooks.corp.example/*"))
    assert.isFalse(urlPatternWithin("http://127.0.0.1:*", "http://127.0.0.1:8080/*"))
  })
  it("merging: concatenated across the files that set a list; unset stays unset", () => {
    assert.deepStrictEqual(mergeHttpHookPolicies([{}, {}]), {})
    assert.deepStrictEqual(
      mergeHttpHookPolicies([
        { allowedHttpHookUrls: ["a"] },
        { allowedHttpHookUrls: [], httpHookAllowedEnvVars: ["T"] }
      ]),
      {
        allowedHttpHookUrls: ["a"],
        httpHookAllowedEnvVars: ["T"]
      }
    )
  })
  it("merging: a managed list is narrowed by the others, never widened (finding 17)", () => {
    const managed = [{ allowedHttpHookUrls: ["https://hooks.corp.example/*"], httpHookAllowedEnvVars: [] }]
    const widened = mergeHttpHookPolicies(
      [{ allowedHttpHookUrls: ["*", "http://127.0.0.1:*"], httpHookAllowedEnvVars: ["GITHUB_TOKEN"] }],
      managed
    )
    assert.deepStrictEqual(widened, {
      allowedHttpHookUrls: ["https://hooks.corp.example/*"],
      httpHookAllowedEnvVars: []
    })
    assert.isFalse(urlAllowed("http://127.0.0.1:18080/echo", widened.allowedHttpHookUrls))
    const narrowed = mergeHttpHookPolicies([{ allowedHttpHookUrls: ["https://hooks.corp.example/pre"] }], managed)
    assert.deepStrictEqual(narrowed.allowedHttpHookUrls, ["https://hooks.corp.example/pre"])
    assert.isFalse(urlAllowed("https://hooks.corp.example/other", narrowed.allowedHttpHookUrls))
    assert.deepStrictEqual(mergeHttpHookPolicies([{}], managed), managed[0])
    assert.deepStrictEqual(
      mergeHttpHookPolicies(
        [{ httpHookAllowedEnvVars: ["A", "B"] }],
        [{ httpHookAllowedEnvVars: ["B", "C"] }, { httpHookAllowedEnvVars: ["A"] }]
      ),
      {
        httpHookAllowedEnvVars: ["A", "B"]
      }
    )
    assert.deepStrictEqual(mergeHttpHookPolicies([{ allowedHttpHookUrls: ["*"] }], [{ httpHookAllowedEnvVars: [] }]), {
      allowedHttpHookUrls: ["*"],
      httpHookAllowedEnvVars: []
    })
  })
  it("merging: whatever the other files list, a URL the managed list refuses stays refused (property)", () => {
    const patternArb = fc.constantFrom(
      "*",
      "http://127.0.0.1:*",
      "https://hooks.corp.example/*",
      "https://*.corp.example/*",
      "https://hooks.corp.example/pre",
      "http://*/*",
      "https://*/*"
    )
    const urlArb = fc.constantFrom(
      "http://127.0.0.1:8080/x",
      "https://hooks.corp.example/pre",
      "https://hooks.corp.example/x",
      "https://a.corp.example/",
      "https://evil.example/"
    )
    fc.assert(
      fc.property(
        fc.array(patternArb, { maxLength: 3 }),
        fc.array(patternArb, { maxLength: 3 }),
        urlArb,
        (managed, own, url) => {
          const merged = mergeHttpHookPolicies([{ allowedHttpHookUrls: own }], [{ allowedHttpHookUrls: managed }])
          if (urlAllowed(url, merged.allowedHttpHookUrls)) {
            assert.isTrue(urlAllowed(url, managed), JSON.stringify({ managed, own, url }))
            assert.isTrue(urlAllowed(url, own), JSON.stringify({ managed, own, url }))
          }
        }
      ),
      { numRuns: 2000 }
    )
  })
})

describe("https only, with this machine behind a switch (Copilot)", () => {
  it("a loopback URL is one whose parsed host is localhost, 127.0.0.0/8 or [::1]", () => {
    for (const url of ["http://localhost/x", "http://127.0.0.1:8080/", "http://127.9.0.3/", "http://[::1]:80/"])
      assert.isTrue(isLoopbackUrl(url), url)
    for (const url of ["http://127.0.0.1@evil.example/", "http://localhost.evil.example/", "http://10.0.0.1/", "nope"])
      assert.isFalse(isLoopbackUrl(url), url)
  })

  it("https:// always passes; http:// to another machine never; http:// here only with the switch on", () => {
    const problem = (url: string, on: boolean | undefined) => httpsOnlyProblem(url, "ALLOW", on)
    assert.isUndefined(problem("https://hooks.example/pre", false))
    assert.include(problem("http://hooks.example/pre", true) ?? "", "https:// URLs only")
    assert.isUndefined(problem("http://127.0.0.1:9/pre", true))
    assert.isUndefined(problem("http://127.0.0.1:9/pre", undefined))
    assert.include(problem("http://127.0.0.1:9/pre", false) ?? "", "only when ALLOW=1, which is not set")
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
  const payload = {
    tool_name: "Edit",
    tool_input: { file_path: "/p/a.ts", edits: [{ old_string: "x" }], n: 3, obj: { k: 1 }, nothing: null }
  }
  it("a whole placeholder keeps the value's type; inside a string, text (JSON for non-strings)", () => {
    const { input, missing } = substitutePayloadPaths(
      {
        path: "${tool_input.file_path}",
        n: "${tool_input.n}",
        obj: "${tool_input.obj}",
        note: "${tool_name} of ${tool_input.n} ${tool_input.obj}",
        first: "${tool_input.edits.0.old_string}",
        nil: "${tool_input.nothing}",
        deep: [{ p: "${tool_input.file_path}" }],
        lit: 7
      },
      payload
    )
    assert.deepStrictEqual(input, {
      path: "/p/a.ts",
      n: 3,
      obj: { k: 1 },
      note: 'Edit of 3 {"k":1}',
      first: "x",
      nil: null,
      deep: [{ p: "/p/a.ts" }],
      lit: 7
    })
    assert.deepStrictEqual(missing, [])
  })
  it("a path the payload lacks is empty and reported with where it is", () => {
    const { input, missing } = substitutePayloadPaths(
      { a: "${tool_input.command}", b: ["x ${nope.deeper} y"], "we ird": "${tool_input.edits.5}" },
      payload
    )
    assert.deepStrictEqual(input, { a: "", b: ["x  y"], "we ird": "" })
    assert.deepStrictEqual(missing, [
      { at: "$.input.a", path: "tool_input.command" },
      { at: "$.input.b[0]", path: "nope.deeper" },
      { at: '$.input["we ird"]', path: "tool_input.edits.5" }
    ])
  })
  it("no input is {}; prototype names are not paths into Object.prototype", () => {
    assert.deepStrictEqual(substitutePayloadPaths(undefined, payload), { input: {}, missing: [] })
    assert.deepStrictEqual(substitutePayloadPaths({ a: "${constructor}" }, {}).missing, [
      { at: "$.input.a", path: "constructor" }
    ])
  })
})

describe("validation findings", () => {
  it("http: header references outside allowedEnvVars or httpHookAllowedEnvVars, a $ in allowedEnvVars, a refused URL", () => {
    const findings = httpHookFindings(
      {
        type: "http",
        url: "http://127.0.0.1:9/x",
        headers: { A: "$T $T", B: "${OK} $G" },
        allowedEnvVars: ["OK", "G", "$TOKEN"]
      },
      { httpHookAllowedEnvVars: ["OK"], allowedHttpHookUrls: ["https://hooks.example.com/*"] }
    )
    assert.deepStrictEqual(
      findings.map((f) => [f.severity, f.at, f.fix]),
      [
        ["warning", ["headers", "A"], 'add "T" to allowedEnvVars'],
        ["warning", ["headers", "B"], 'add "G" to httpHookAllowedEnvVars in the settings'],
        ["warning", ["allowedEnvVars", 2], 'write "TOKEN"'],
        ["warning", ["url"], "add a pattern that matches it to allowedHttpHookUrls, or change the url"]
      ]
    )
    assert.include(findings[3]!.problem, 'matches no allowedHttpHookUrls pattern ("https://hooks.example.com/*")')
    assert.deepStrictEqual(
      httpHookFindings({ type: "http", url: "http://x/", headers: { A: "$OK" }, allowedEnvVars: ["OK"] }, {}),
      []
    )
  })
  it("mcp_tool: an undeclared server (with the closest name), a broken placeholder", () => {
    const findings = mcpToolHookFindings(
      {
        type: "mcp_tool",
        server: "gaurd",
        tool: "t",
        input: { a: "${tool_input.file_path", b: ["${ok} and ${bad path}"], c: "${fine.x-y}" }
      },
      ["guard", "fs"]
    )
    assert.deepStrictEqual(
      findings.map((f) => [f.severity, f.at]),
      [
        ["error", ["server"]],
        ["warning", ["input", "a"]],
        ["warning", ["input", "b", 0]]
      ]
    )
    assert.include(findings[0]!.fix, 'did you mean "guard"?')
    assert.deepStrictEqual(
      mcpToolHookFindings({ type: "mcp_tool", server: "fs", tool: "t", input: { p: "${tool_input.file_path}" } }, [
        "fs"
      ]),
      []
    )
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
    assert.deepStrictEqual(
      findings.map((f) => f.at),
      [["old", "type"], ["odd", "type"], ["empty", "command"], ["nourl", "url"], ["bad"]]
    )
    assert.deepStrictEqual(mcpServersFindings(undefined), [])
    assert.strictEqual(mcpServersFindings([]).length, 1)
  })
})

describe("redaction", () => {
  it("credentials in a URL never reach a label or a message", () => {
    assert.strictEqual(
      redactUrl("https://bot:s3cret@hooks.example.com/pre?x=1"),
      "https://***@hooks.example.com/pre?x=***"
    )
    assert.strictEqual(redactUrl("http://127.0.0.1:9/a@b"), "http://127.0.0.1:9/a@b")
    assert.strictEqual(httpHookLabel({ url: "https://t0k@h/x" }), "POST https://***@h/x")
    assert.notInclude(urlNotAllowedMessage("https://u:p@h/x", []), "u:p")
  })
  it("a password holding @, and the values of query parameters, are masked (finding 16)", () => {
    assert.strictEqual(
      redactUrl("http://bot:s3cr@tP4ss@127.0.0.1:18080/x?token=querysecret"),
      "http://***@127.0.0.1:18080/x?token=***"
    )
    assert.strictEqual(redactUrl("https://h/x?access_token=a&sig=b&flag"), "https://h/x?access_token=***&sig=***&flag")
    assert.strictEqual(redactUrl("https://h/cb#access_token=t0k&x=1"), "https://h/cb#access_token=***&x=***")
    assert.strictEqual(redactUrl("https://h/x#section"), "https://h/x#section")
    assert.strictEqual(redactUrl("http://a:b@c@d@h:1/p@q?k=v"), "http://***@h:1/p@q?k=***")
    assert.strictEqual(redactUrl("http://h:9"), "http://h:9")
    assert.strictEqual(redactUrl("no url at all ?token=t0k"), "no url at all ?token=***")
    assert.strictEqual(redactUrl("http://us er:p@ss@h:x/?t=1"), "http://***@h:x/?t=***")
    assert.strictEqual(httpHookLabel({ url: "http://bot:s3cr@tP4ss@h/x?token=q" }), "POST http://***@h/x?token=***")
  })
  it("URLs inside an error message are redacted too", () => {
    assert.strictEqual(
      redactUrlsIn(
        "Request cannot be constructed from a URL that includes credentials: http://bot:s3cr%40tP4ss@127.0.0.1:1/mcp?token=q; see https://h/x"
      ),
      "Request cannot be constructed from a URL that includes credentials: http://***@127.0.0.1:1/mcp?token=***; see https://h/x"
    )
  })
  it("no part of a password or of a query value survives, whatever the URL holds (property)", () => {
    const secretArb = fc.string({
      unit: fc.constantFrom("s", "3", "@", ":", "%", "/", "?", "#", "&", "=", "x"),
      minLength: 1,
      maxLength: 10
    })
    fc.assert(
      fc.property(secretArb, secretArb, (password, token) => {
        const url = `https://bot:${encodeURIComponent(password)}@hooks.example.com/pre?token=${encodeURIComponent(token)}`
        const shown = redactUrl(url)
        assert.notInclude(shown, `:${encodeURIComponent(password)}@`, shown)
        assert.notInclude(shown, `token=${encodeURIComponent(token)}`, shown)
        assert.include(shown, "hooks.example.com/pre?token=***")
      }),
      { numRuns: 1000 }
    )
  })
})
