/**
 * GitHub Copilot's hook files and settings read in the copilot dialect (ARCHITECTURE 5.3.4; K §Hook
 * configuration format as /work/shared/research/agent-dialects.md section 5.1 records it), and its merge rows.
 */
import { assert, describe, it } from "@effect/vitest"
import { AllowTool, BlockTool, InjectContext, validateSettings } from "../../src/index.ts"
import { layerSettings, planHooks } from "../../src/settings/plan.ts"
import { joinContexts, laterVerdictsOverride } from "../../src/settings/merge-rows.ts"
import { expandVariables } from "../../src/runner/hook-env.ts"
import type { ConfiguredHook } from "../../src/settings/settings-schema.ts"

const hooksFile = (body: Record<string, unknown>) =>
  validateSettings(JSON.stringify({ version: 1, ...body }), {
    file: "/p/.github/hooks/a.json",
    scope: "project",
    dialect: "copilot",
    format: "json",
    keys: "flat-hooks-file"
  })

describe("copilot prompt entries (text for the first user message)", () => {
  it("a prompt entry on sessionStart is a message hook: its text, no process, no timeout", () => {
    const file = hooksFile({ hooks: { sessionStart: [{ type: "prompt", prompt: "Summarise the TODOs" }] } })
    assert.deepStrictEqual(file.diagnostics, [])
    assert.deepStrictEqual(
      file.hooks.map((h) => [h.event, h.handler, h.timeoutSeconds]),
      [["SessionStart", { type: "message", text: "Summarise the TODOs" }, undefined]]
    )
  })

  it("a prompt entry elsewhere, or without text, is skipped with an error that says what to write", () => {
    const file = hooksFile({
      hooks: {
        preToolUse: [{ type: "prompt", prompt: "Is this safe?" }],
        sessionStart: [{ type: "prompt" }, { type: "prompt", prompt: "  " }]
      }
    })
    assert.deepStrictEqual(file.hooks, [])
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path, d.fix]),
      [
        ["error", "$.hooks.preToolUse[0].type", 'move it to sessionStart, or write a "command" hook for PreToolUse'],
        ["error", "$.hooks.sessionStart[0].prompt", 'write "prompt": "Summarise the open TODOs"'],
        ["error", "$.hooks.sessionStart[1].prompt", 'write "prompt": "Summarise the open TODOs"']
      ]
    )
  })

  it("keys a prompt entry does not read are warned about, and the entry kept", () => {
    const file = hooksFile({ hooks: { sessionStart: [{ type: "prompt", prompt: "Hi", timeoutSec: 5, model: "x" }] } })
    assert.strictEqual(file.hooks.length, 1)
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path]),
      [
        ["warning", "$.hooks.sessionStart[0].timeoutSec"],
        ["warning", "$.hooks.sessionStart[0].model"]
      ]
    )
  })

  it("in a Claude Code file a prompt hook still asks a model, and is refused on SessionStart", () => {
    const file = validateSettings(
      JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "prompt", prompt: "Hi" }] }] } }),
      { file: "/p/.claude/settings.json", scope: "project", dialect: "claude-code" }
    )
    assert.deepStrictEqual(file.hooks, [])
    assert.include(file.diagnostics[0]?.problem ?? "", '"prompt" hooks do not run on SessionStart')
  })
})

describe("copilot http entries", () => {
  it("an http:// URL to another machine is skipped; https://, and http:// to this machine, are kept", () => {
    const file = hooksFile({
      hooks: {
        preToolUse: [
          { type: "http", url: "http://hooks.example.com/pre" },
          { type: "http", url: "https://hooks.example.com/pre" },
          { type: "http", url: "http://127.0.0.1:8080/pre" },
          { type: "http", url: "http://localhost/pre" }
        ]
      }
    })
    assert.deepStrictEqual(
      file.hooks.map((h) => (h.handler?.type === "http" ? h.handler.url : undefined)),
      ["https://hooks.example.com/pre", "http://127.0.0.1:8080/pre", "http://localhost/pre"]
    )
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path]),
      [["error", "$.hooks.preToolUse[0].url"]]
    )
    assert.include(file.diagnostics[0]?.problem ?? "", "COPILOT_HOOK_ALLOW_LOCALHOST=1")
  })

  it("a Claude Code file keeps its http:// hooks to any machine", () => {
    const file = validateSettings(
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "http", url: "http://hooks.example.com/pre" }] }] } }),
      { file: "/p/.claude/settings.json", scope: "project", dialect: "claude-code" }
    )
    assert.deepStrictEqual(file.diagnostics, [])
    assert.strictEqual(file.hooks.length, 1)
  })
})

describe("copilot settings", () => {
  it("reads bash (before command), exec with args, cwd, env values and timeoutSec before timeout", () => {
    const file = hooksFile({
      hooks: {
        preToolUse: [
          { type: "command", bash: "./guard.sh", command: "guard.cmd", timeoutSec: 10, timeout: 1, matcher: "bash" },
          { type: "command", exec: "node", args: ["audit.js"], cwd: "scripts", env: { LOG: "$HOME/x.log" } }
        ]
      }
    })
    assert.deepStrictEqual(file.diagnostics, [])
    assert.deepStrictEqual(
      file.hooks.map((h) => [h.agentEvent, h.command, h.args, h.cwd, h.addedEnv, h.timeoutSeconds, h.matcher]),
      [
        ["preToolUse", "./guard.sh", undefined, undefined, undefined, 10, "bash"],
        ["preToolUse", "node", ["audit.js"], "scripts", { LOG: "$HOME/x.log" }, undefined, undefined]
      ]
    )
  })

  it("keeps the PascalCase spelling as the hook's own event name, and runs both spellings for either", () => {
    const file = hooksFile({
      hooks: {
        preToolUse: [{ bash: "./camel.sh", matcher: "bash" }],
        PreToolUse: [{ bash: "./pascal.sh", matcher: "Bash" }]
      }
    })
    assert.deepStrictEqual(
      file.hooks.map((h) => h.agentEvent),
      ["preToolUse", "PreToolUse"]
    )
    const snapshot = layerSettings([file], "copilot")
    const planned = (agentEvent: string, payload: Record<string, unknown>) =>
      planHooks(snapshot, "PreToolUse", payload, { agentEvent }).steps.flatMap((s) =>
        s._tag === "Sequential" ? [s.hook.command] : s.hooks.map((h) => h.command)
      )
    // Each matcher is tested against its own payload shape: toolName "bash" is tool_name "Bash".
    assert.deepStrictEqual(planned("preToolUse", { toolName: "bash", toolArgs: "{}" }), ["./camel.sh", "./pascal.sh"])
    assert.deepStrictEqual(planned("PreToolUse", { tool_name: "Bash", tool_input: {} }), ["./camel.sh", "./pascal.sh"])
    assert.deepStrictEqual(planned("preToolUse", { toolName: "view" }), [])
  })

  it("anchors matchers: edit does not match str_replace_editor", () => {
    const file = hooksFile({
      hooks: {
        preToolUse: [
          { bash: "./a.sh", matcher: "edit" },
          { bash: "./b.sh", matcher: "str_replace.*" }
        ]
      }
    })
    const steps = planHooks(
      layerSettings([file], "copilot"),
      "PreToolUse",
      { toolName: "str_replace_editor" },
      { agentEvent: "preToolUse" }
    ).steps
    assert.deepStrictEqual(
      steps.flatMap((s) => (s._tag === "Sequential" ? [s.hook.command] : s.hooks.map((h) => h.command))),
      ["./b.sh"]
    )
  })

  it("skips a hooks file whose disableAllHooks is true, and only that file", () => {
    const off = hooksFile({ disableAllHooks: true, hooks: { preToolUse: [{ bash: "./a.sh" }] } })
    assert.deepStrictEqual(off.hooks, [])
    assert.strictEqual(off.disableAllHooks, undefined)
    assert.deepStrictEqual(off.diagnostics, [])
  })

  it("reads disableAllHooks of Copilot's settings.json as switching every non-managed hook off", () => {
    const settings = validateSettings(
      JSON.stringify({ model: "gpt-5", disableAllHooks: true, hooks: { preToolUse: [{ bash: "./a.sh" }] } }),
      {
        file: "/p/.github/copilot/settings.json",
        scope: "project",
        dialect: "copilot",
        format: "json",
        keys: "agent-settings",
        entries: "flat"
      }
    )
    assert.strictEqual(settings.disableAllHooks, true)
    assert.deepStrictEqual(
      settings.hooks.map((h) => h.command),
      ["./a.sh"]
    )
  })
})

describe("copilot merge rows", () => {
  const ran = (
    scope: ConfiguredHook["scope"],
    effect: { readonly _tag: "AllowTool" } | ReturnType<typeof BlockTool>
  ) => ({
    hook: { command: `${scope}.sh`, file: `/${scope}.json`, scope } as ConfiguredHook,
    effects: [{ effect, id: "json.block" as const, rule: "r" }]
  })

  it("lets a later allow override earlier denies, and reports each", () => {
    const { runs, notices } = laterVerdictsOverride([
      ran("project", BlockTool({ reason: "no" })),
      ran("user", AllowTool())
    ])
    assert.deepStrictEqual(
      runs.map((r) => r.effects.map((t) => t.effect._tag)),
      [[], ["AllowTool"]]
    )
    assert.deepStrictEqual(
      notices.map((t) => (t.effect._tag === "Diagnostic" ? t.effect.code : t.effect._tag)),
      ["overridden-deny", "ShowUser"]
    )
  })

  it("keeps a managed deny, and a deny that comes last", () => {
    const managed = [ran("managed", BlockTool({ reason: "policy" })), ran("project", AllowTool())]
    assert.deepStrictEqual(laterVerdictsOverride(managed), { runs: managed, notices: [] })
    const last = [ran("user", AllowTool()), ran("project", BlockTool({ reason: "no" }))]
    assert.deepStrictEqual(laterVerdictsOverride(last), { runs: last, notices: [] })
  })

  const copilotJoin = { separator: "\n\n", capBytes: 10 * 1024 }

  it("joins several contexts into one, in order, and leaves one alone", () => {
    const contexts = [InjectContext({ text: "a" }), InjectContext({ text: "b" })].map((effect) => ({
      effect,
      id: "json.block" as const,
      rule: "r"
    }))
    assert.deepStrictEqual(
      joinContexts(contexts, copilotJoin).map((t) => t.effect),
      [InjectContext({ text: "a\n\nb" })]
    )
    const one = contexts.slice(0, 1)
    assert.strictEqual(joinContexts(one, copilotJoin), one)
  })

  it("cuts the joined contexts at 10 KB of UTF-8, never inside a character, and says so", () => {
    const long = [InjectContext({ text: "é".repeat(4000) }), InjectContext({ text: "x".repeat(4000) })].map(
      (effect) => ({ effect, id: "json.block" as const, rule: "r" })
    )
    const joined = joinContexts(long, copilotJoin).map((t) => t.effect)
    const context = joined.find((e) => e._tag === "InjectContext")
    assert.isDefined(context)
    const text = context?._tag === "InjectContext" ? context.text : ""
    // 4000 "é" are 8000 bytes, the blank line 2, then 2238 "x" fill the 10,240.
    assert.strictEqual(new TextEncoder().encode(text).length, 10 * 1024)
    assert.strictEqual(text, `${"é".repeat(4000)}\n\n${"x".repeat(2238)}`)
    const diagnostic = joined.find((e) => e._tag === "Diagnostic")
    assert.strictEqual(diagnostic?._tag === "Diagnostic" ? diagnostic.code : undefined, "context-capped")
    assert.include(diagnostic?._tag === "Diagnostic" ? diagnostic.message : "", "was 12002 bytes")
    const odd = joinContexts(
      [{ effect: InjectContext({ text: `${"a".repeat(10 * 1024 - 1)}é` }), id: "json.block" as const, rule: "r" }],
      copilotJoin
    )
    assert.strictEqual(
      odd.flatMap((t) => (t.effect._tag === "InjectContext" ? [t.effect.text] : []))[0],
      "a".repeat(10 * 1024 - 1)
    )
  })

  it("expands $NAME and ${NAME} in env values, and nothing else", () => {
    assert.strictEqual(expandVariables("$HOME/a-${USER}-$(id)-$MISSING.", { HOME: "/h", USER: "u" }), "/h/a-u-$(id)-.")
  })
})
