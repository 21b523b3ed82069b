/**
 * Settings validation of the handler types beyond `command` (issue 13):
 * `http`, `mcp_tool`, `prompt` and `agent` entries become `ConfiguredHook`s
 * with their handler, each bad field is an error at its JSON path with a fix,
 * a type on an event it does not run on is reported, and the file-wide
 * `allowedHttpHookUrls`, `httpHookAllowedEnvVars` and `mcpServers` are read,
 * layered and ignored in untrusted files.
 */
import { assert, describe, it } from "@effect/vitest"
import { layerSettings, runIdentityKey, effectiveTimeoutSeconds } from "../../src/settings/plan.ts"
import type { SettingsDiagnostic, ValidatedSettings } from "../../src/settings/settings-schema.ts"
import { crossFileDiagnostics } from "../../src/settings/transport-hook-diagnostics.ts"
import { formatSettingsDiagnostic, validateSettings } from "../../src/settings/validate-settings.ts"
import { hookTypeOf } from "../../src/settings/hook-types.ts"

const FILE = "/repo/.wave/settings.json"

const validate = (
  content: unknown,
  options: { readonly file?: string; readonly scope?: "user" | "project" } = {}
): ValidatedSettings =>
  validateSettings(JSON.stringify(content), {
    file: options.file ?? FILE,
    scope: options.scope ?? "project",
    dialect: "wave"
  })

const on = (event: string, ...hooks: ReadonlyArray<Record<string, unknown>>) => ({
  hooks: { [event]: [{ matcher: "*", hooks }] }
})

const wellFormed = (d: SettingsDiagnostic): void => {
  assert.isAbove(d.problem.length, 0)
  assert.isAbove(d.fix.length, 0)
  assert.isTrue(formatSettingsDiagnostic(d).startsWith(`${d.file}: ${d.path}: `))
}

const errorsOf = (v: ValidatedSettings) => v.diagnostics.filter((d) => d.severity === "error")

describe("valid entries of each type become hooks with their handler", () => {
  it("http: url, headers, allowedEnvVars, timeout, onFailure, if, once; the label is POST <url>", () => {
    const v = validate(
      on("PreToolUse", {
        type: "http",
        url: "https://bot:s3cret@hooks.example.com/pre",
        headers: { Authorization: "Bearer $TOKEN" },
        allowedEnvVars: ["TOKEN"],
        timeout: 5,
        onFailure: "block",
        if: "Bash(rm:*)",
        once: true
      })
    )
    assert.deepStrictEqual(v.diagnostics, [])
    const [h] = v.hooks
    assert.deepStrictEqual(h?.handler, {
      type: "http",
      url: "https://bot:s3cret@hooks.example.com/pre",
      headers: { Authorization: "Bearer $TOKEN" },
      allowedEnvVars: ["TOKEN"]
    })
    assert.strictEqual(h?.command, "POST https://***@hooks.example.com/pre")
    assert.strictEqual(h?.timeoutSeconds, 5)
    assert.strictEqual(h?.onFailure, "block")
    assert.strictEqual(h?.if, "Bash(rm:*)")
    assert.strictEqual(h?.once, true)
    assert.strictEqual(hookTypeOf(h!), "http")
  })

  it("mcp_tool: server, tool, input with placeholders; the label is mcp <server>/<tool>", () => {
    const v = validate(
      on("PreToolUse", { type: "mcp_tool", server: "guard", tool: "check", input: { path: "${tool_input.file_path}" } })
    )
    assert.deepStrictEqual(v.diagnostics, [])
    assert.deepStrictEqual(v.hooks[0]?.handler, {
      type: "mcp_tool",
      server: "guard",
      tool: "check",
      input: { path: "${tool_input.file_path}" }
    })
    assert.strictEqual(v.hooks[0]?.command, "mcp guard/check")
  })

  it("prompt and agent: prompt, model, continueOnBlock; default timeouts 30 s and 60 s", () => {
    const v = validate({
      hooks: {
        PreToolUse: [
          { hooks: [{ type: "prompt", prompt: "Safe? $ARGUMENTS", model: "llama3.2", continueOnBlock: true }] }
        ],
        Stop: [{ hooks: [{ type: "agent", prompt: "Are the tests green?" }] }]
      }
    })
    assert.deepStrictEqual(v.diagnostics, [])
    const [prompt, agent] = v.hooks
    assert.deepStrictEqual(prompt?.handler, {
      type: "prompt",
      prompt: "Safe? $ARGUMENTS",
      model: "llama3.2",
      continueOnBlock: true
    })
    assert.deepStrictEqual(agent?.handler, { type: "agent", prompt: "Are the tests green?" })
    assert.strictEqual(effectiveTimeoutSeconds(prompt!, "wave"), 30)
    assert.strictEqual(effectiveTimeoutSeconds(agent!, "claude-code"), 60)
  })

  it("a command hook has no handler and keeps the event's default timeout", () => {
    const v = validate(on("PreToolUse", { type: "command", command: "./guard.sh" }))
    assert.isUndefined(v.hooks[0]?.handler)
    assert.strictEqual(hookTypeOf(v.hooks[0]!), "command")
    assert.strictEqual(effectiveTimeoutSeconds(v.hooks[0]!, "claude-code"), 600)
  })
})

describe("each bad field is an error at its path, and only that hook is skipped", () => {
  const cases: ReadonlyArray<{
    readonly name: string
    readonly hook: Record<string, unknown>
    readonly event?: string
    readonly path: string
    readonly problem: RegExp
    readonly fix: RegExp
  }> = [
    { name: "http without url", hook: { type: "http" }, path: ".url", problem: /missing url/, fix: /"url": "http/ },
    {
      name: "http with a non-http url",
      hook: { type: "http", url: "ftp://x/y" },
      path: ".url",
      problem: /not an http:\/\/ or https:\/\/ URL/,
      fix: /full URL/
    },
    {
      name: "http headers not strings",
      hook: { type: "http", url: "http://h/x", headers: { A: 1 } },
      path: ".headers",
      problem: /object of strings/,
      fix: /Authorization/
    },
    {
      name: "http allowedEnvVars not an array",
      hook: { type: "http", url: "http://h/x", allowedEnvVars: "TOKEN" },
      path: ".allowedEnvVars",
      problem: /array of variable names/,
      fix: /\["HOOK_TOKEN"\]/
    },
    {
      name: "http on SessionStart",
      event: "SessionStart",
      hook: { type: "http", url: "http://h/x" },
      path: ".type",
      problem: /"http" hooks do not run on SessionStart/,
      fix: /every event but SessionStart and Setup/
    },
    {
      name: "mcp_tool without server",
      hook: { type: "mcp_tool", tool: "t" },
      path: ".server",
      problem: /missing server/,
      fix: /mcpServers/
    },
    {
      name: "mcp_tool with a blank tool",
      hook: { type: "mcp_tool", server: "s", tool: " " },
      path: ".tool",
      problem: /empty tool/,
      fix: /"tool"/
    },
    {
      name: "mcp_tool input not an object",
      hook: { type: "mcp_tool", server: "s", tool: "t", input: ["x"] },
      path: ".input",
      problem: /object of the tool's arguments/,
      fix: /tool_input\.file_path/
    },
    {
      name: "prompt without prompt",
      hook: { type: "prompt" },
      path: ".prompt",
      problem: /missing prompt/,
      fix: /\$ARGUMENTS/
    },
    {
      name: "agent on PermissionRequest",
      event: "PermissionRequest",
      hook: { type: "agent", prompt: "x" },
      path: ".type",
      problem: /"agent" hooks do not run on PermissionRequest/,
      fix: /PreToolUse/
    },
    {
      name: "prompt on SessionStart",
      event: "SessionStart",
      hook: { type: "prompt", prompt: "x" },
      path: ".type",
      problem: /"prompt" hooks do not run on SessionStart/,
      fix: /command/
    },
    {
      name: "a misspelt type",
      hook: { type: "htpp", url: "http://h/x" },
      path: ".type",
      problem: /unknown hook type "htpp"/,
      fix: /did you mean "http"\?/
    },
    {
      name: "a missing type guessed from the fields",
      hook: { server: "s", tool: "t" },
      path: ".type",
      problem: /missing hook type/,
      fix: /"type": "mcp_tool"/
    },
    {
      name: "an http timeout that is not positive",
      hook: { type: "http", url: "http://h/x", timeout: 0 },
      path: ".timeout",
      problem: /positive number of seconds/,
      fix: /"timeout": 30/
    },
    {
      name: "a bad onFailure on an mcp_tool hook",
      hook: { type: "mcp_tool", server: "s", tool: "t", onFailure: "deny" },
      path: ".onFailure",
      problem: /"continue" or "block"/,
      fix: /fail closed/
    }
  ]
  for (const c of cases) {
    it(c.name, () => {
      const event = c.event ?? "PreToolUse"
      const v = validate({ hooks: { [event]: [{ hooks: [c.hook, { type: "command", command: "./ok.sh" }] }] } })
      const errors = errorsOf(v)
      assert.strictEqual(errors.length, 1, JSON.stringify(v.diagnostics, null, 2))
      const d = errors[0]!
      wellFormed(d)
      assert.strictEqual(d.path, `$.hooks.${event}[0].hooks[0]${c.path}`)
      assert.match(d.problem, c.problem)
      assert.match(d.fix, c.fix)
      assert.strictEqual(d.event, event)
      assert.deepStrictEqual(
        v.hooks.map((h) => h.command),
        ["./ok.sh"]
      )
    })
  }
})

describe("warnings keep the hook", () => {
  it("a command-only field on another type is ignored with a warning", () => {
    const v = validate(on("PreToolUse", { type: "http", url: "http://h/x", async: true, command: "x.sh", env: ["A"] }))
    assert.deepStrictEqual(errorsOf(v), [])
    assert.deepStrictEqual(
      v.diagnostics.map((d) => d.path),
      [
        "$.hooks.PreToolUse[0].hooks[0].command",
        "$.hooks.PreToolUse[0].hooks[0].env",
        "$.hooks.PreToolUse[0].hooks[0].async"
      ].sort((a, b) => v.diagnostics.findIndex((d) => d.path === a) - v.diagnostics.findIndex((d) => d.path === b))
    )
    for (const d of v.diagnostics) assert.match(d.problem, /only read by command hooks; this http hook ignores it/)
    assert.strictEqual(v.hooks.length, 1)
    assert.isUndefined(v.hooks[0]?.async, "an http hook never runs in the background")
  })

  it("an unknown key on an http hook names the valid keys", () => {
    const v = validate(on("PreToolUse", { type: "http", url: "http://h/x", header: { A: "b" } }))
    assert.strictEqual(v.diagnostics.length, 1)
    assert.match(v.diagnostics[0]!.fix, /did you mean "headers"\?/)
    assert.strictEqual(v.hooks.length, 1)
  })

  it("a header that reads a variable its hook does not allow is sent empty: a warning", () => {
    const v = validate(
      on("PreToolUse", { type: "http", url: "http://h/x", headers: { Authorization: "Bearer $TOKEN" } })
    )
    assert.strictEqual(v.diagnostics.length, 1)
    assert.strictEqual(v.diagnostics[0]!.path, "$.hooks.PreToolUse[0].hooks[0].headers.Authorization")
    assert.match(v.diagnostics[0]!.problem, /not in the hook's allowedEnvVars/)
    assert.strictEqual(v.hooks.length, 1)
  })

  it("a placeholder that is not one is a warning on the mcp_tool input", () => {
    const v = validate(
      on("PreToolUse", { type: "mcp_tool", server: "s", tool: "t", input: { path: "${tool_input.file_path" } })
    )
    assert.strictEqual(v.diagnostics.length, 1)
    assert.strictEqual(v.diagnostics[0]!.path, "$.hooks.PreToolUse[0].hooks[0].input.path")
  })
})

describe("file-wide settings of the new types", () => {
  it("allowedHttpHookUrls, httpHookAllowedEnvVars and mcpServers are read; bad entries are errors at their path", () => {
    const v = validate({
      allowedHttpHookUrls: ["http://127.0.0.1:*"],
      httpHookAllowedEnvVars: ["TOKEN", "$BAD"],
      mcpServers: {
        guard: { command: "node", args: ["guard.js"] },
        remote: { type: "http", url: "http://127.0.0.1:3000/mcp" },
        old: { type: "sse", url: "http://x/sse" },
        broken: { command: "node", args: "guard.js" }
      }
    })
    assert.deepStrictEqual(v.httpHookPolicy, {
      allowedHttpHookUrls: ["http://127.0.0.1:*"],
      httpHookAllowedEnvVars: ["TOKEN", "$BAD"]
    })
    assert.deepStrictEqual(Object.keys(v.mcpServers ?? {}), ["guard", "remote"])
    assert.deepStrictEqual(
      v.diagnostics.map((d) => [d.severity, d.path]),
      [
        ["warning", "$.httpHookAllowedEnvVars[1]"],
        ["error", "$.mcpServers.old.type"],
        ["error", "$.mcpServers.broken"]
      ]
    )
    for (const d of v.diagnostics) wellFormed(d)
  })

  it("allowedHttpHookUrls that is not an array of strings is ignored with an error", () => {
    const v = validate({ allowedHttpHookUrls: "http://127.0.0.1:*" })
    assert.isUndefined(v.httpHookPolicy)
    assert.strictEqual(v.diagnostics[0]?.path, "$.allowedHttpHookUrls")
  })

  it("layering concatenates the allowlists and lets later files win per server name; an untrusted file counts for nothing", () => {
    const user = validate(
      { allowedHttpHookUrls: ["https://a/*"], mcpServers: { guard: { command: "user-guard" } } },
      { file: "/home/me/.wave/settings.json", scope: "user" }
    )
    const project = {
      ...validate({ allowedHttpHookUrls: ["http://127.0.0.1:*"], mcpServers: { guard: { command: "project-guard" } } }),
      trust: "trusted" as const
    }
    const snapshot = layerSettings([user, project], "wave")
    assert.deepStrictEqual(snapshot.httpHookPolicy, { allowedHttpHookUrls: ["https://a/*", "http://127.0.0.1:*"] })
    assert.deepStrictEqual(snapshot.mcpServers, { guard: { command: "project-guard" } })
    const untrusted: ValidatedSettings = {
      ...project,
      trust: "untrusted",
      hooks: [],
      httpHookPolicy: undefined as never,
      mcpServers: undefined as never,
      untrustedSettings: { httpHookPolicy: project.httpHookPolicy!, mcpServers: project.mcpServers! }
    }
    const { httpHookPolicy: _p, mcpServers: _m, ...stripped } = untrusted
    const withUntrusted = layerSettings([user, stripped], "wave")
    assert.deepStrictEqual(withUntrusted.httpHookPolicy, { allowedHttpHookUrls: ["https://a/*"] })
    assert.deepStrictEqual(withUntrusted.mcpServers, { guard: { command: "user-guard" } })
  })
})

describe("run identity of non-command hooks", () => {
  it("the same handler twice is one run (key order aside); another URL, header or input is another run", () => {
    const v = validate({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: "http", url: "http://h/x" },
              { type: "http", url: "http://h/x" },
              { type: "http", url: "http://h/x", headers: { A: "b", C: "d" } },
              { type: "http", url: "http://h/x", headers: { C: "d", A: "b" } },
              { type: "mcp_tool", server: "s", tool: "t", input: { a: 1 } },
              { type: "mcp_tool", server: "s", tool: "t", input: { a: 2 } },
              { type: "command", command: "POST http://h/x" }
            ]
          }
        ]
      }
    })
    const keys = v.hooks.map((h) => runIdentityKey(h, "wave"))
    assert.strictEqual(keys[0], keys[1])
    assert.strictEqual(keys[2], keys[3], "headers in another order are the same request")
    assert.strictEqual(new Set(keys).size, 5, "a command whose text equals an http hook's label is not the same run")
  })
})

describe("crossFileDiagnostics (validate): what needs every file", () => {
  it("an mcp_tool server declared in no file is an error, with the closest declared name", () => {
    const user = validate(
      { mcpServers: { guard: { command: "g" } } },
      { file: "/home/me/.wave/settings.json", scope: "user" }
    )
    const project = validate(
      on(
        "PreToolUse",
        { type: "mcp_tool", server: "gaurd", tool: "t" },
        { type: "mcp_tool", server: "guard", tool: "t" }
      )
    )
    const found = crossFileDiagnostics([user, project])
    assert.strictEqual(found.length, 1)
    assert.strictEqual(found[0]!.severity, "error")
    assert.strictEqual(found[0]!.path, "$.hooks.PreToolUse[0].hooks[0].server")
    assert.match(found[0]!.fix, /did you mean "guard"\?/)
    wellFormed(found[0]!)
  })

  it("a URL the merged allowlist refuses, and a header variable httpHookAllowedEnvVars removes, are warnings", () => {
    const user = validate(
      { allowedHttpHookUrls: ["https://hooks.example.com/*"], httpHookAllowedEnvVars: ["OTHER"] },
      { file: "/home/me/.wave/settings.json", scope: "user" }
    )
    const project = validate(
      on("PreToolUse", {
        type: "http",
        url: "http://127.0.0.1:9/x",
        headers: { A: "$TOKEN" },
        allowedEnvVars: ["TOKEN"]
      })
    )
    const found = crossFileDiagnostics([user, project])
    assert.deepStrictEqual(
      found.map((d) => [d.severity, d.path]),
      [
        ["warning", "$.hooks.PreToolUse[0].hooks[0].headers.A"],
        ["warning", "$.hooks.PreToolUse[0].hooks[0].url"]
      ]
    )
    assert.match(found[1]!.problem, /never called/)
  })
})
