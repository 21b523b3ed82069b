/**
 * Gemini CLI's settings.json read in the gemini-cli dialect (ARCHITECTURE 5.3 and 7; Gemini CLI's
 * settings.ts, types.ts and hookRegistry.ts as /work/shared/research/agent-dialects.md section 2.1 records
 * them).
 */
import { assert, describe, it } from "@effect/vitest"
import { validateSettings } from "../../src/index.ts"
import { layerSettings, planHooks } from "../../src/settings/plan.ts"

const read = (text: string) =>
  validateSettings(text, { file: "/p/.gemini/settings.json", scope: "project", dialect: "gemini-cli" })

const settings = (hooks: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...extra, hooks })

const command = (command: string, more: Record<string, unknown> = {}) => ({ type: "command", command, ...more })

describe("gemini-cli settings", () => {
  it("reads Gemini's event names as the internal events, keeping the agent's name", () => {
    const file = read(
      settings({
        BeforeTool: [{ matcher: "run_shell_command", hooks: [command("./a.sh")] }],
        AfterAgent: [{ hooks: [command("./b.sh")] }],
        PreCompress: [{ matcher: "auto", hooks: [command("./c.sh")] }]
      })
    )
    assert.deepStrictEqual(
      file.hooks.map((h) => [h.event, h.agentEvent]),
      [
        ["PreToolUse", "BeforeTool"],
        ["Stop", "AfterAgent"],
        ["PreCompact", "PreCompress"]
      ]
    )
    assert.deepStrictEqual(file.diagnostics, [])
  })

  it("allows comments (JSONC), and an error's line and column stay the file's", () => {
    const ok = read('{\n  // the guard\n  "hooks": { /* tools */ "BeforeTool": [] }\n}')
    assert.isTrue(ok.readable)
    const broken = read('{\n  // the guard\n  "hooks": {,}\n}')
    assert.isFalse(broken.readable)
    assert.include(broken.diagnostics[0]?.problem, "line 3")
  })

  it("reads timeouts as milliseconds, and warns when one looks like seconds", () => {
    const file = read(
      settings({ BeforeTool: [{ hooks: [command("./a.sh", { timeout: 5000 }), command("./b.sh", { timeout: 30 })] }] })
    )
    assert.deepStrictEqual(
      file.hooks.map((h) => h.timeoutSeconds),
      [5, 0.03]
    )
    assert.strictEqual(file.diagnostics.length, 1)
    assert.include(file.diagnostics[0]?.problem, "30 milliseconds looks like seconds")
    assert.include(file.diagnostics[0]?.fix, '"timeout": 30000')
  })

  it("reads the model-level events as the internal ones, and errors on a misspelt event", () => {
    const file = read(
      settings({
        BeforeModel: [{ hooks: [command("./m.sh")] }],
        AfterModel: [{ hooks: [command("./r.sh")] }],
        BeforeToolSelection: [{ hooks: [command("./s.sh")] }],
        BeforTool: [{ hooks: [command("./t.sh")] }]
      })
    )
    assert.deepStrictEqual(
      file.hooks.map((h) => [h.event, h.command]),
      [
        ["PreModelRequest", "./m.sh"],
        ["PostModelResponse", "./r.sh"],
        ["PreToolSelection", "./s.sh"]
      ]
    )
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path]),
      [["error", "$.hooks.BeforTool"]]
    )
    assert.include(file.diagnostics[0]?.fix, '"BeforeTool"')
  })

  it("does not offer the model-level events to Claude Code's settings: an unknown event there", () => {
    const file = validateSettings(JSON.stringify({ hooks: { PreModelRequest: [{ hooks: [command("./m.sh")] }] } }), {
      file: "/p/.claude/settings.json",
      scope: "project",
      dialect: "claude-code"
    })
    assert.deepStrictEqual(file.hooks, [])
    assert.deepStrictEqual(
      file.diagnostics.map((d) => d.path),
      ["$.hooks.PreModelRequest"]
    )
  })

  it("takes name, description, and env as values set for the hook (not an allowlist)", () => {
    const file = read(
      settings({
        BeforeTool: [
          { hooks: [command("./a.sh", { name: "guard", description: "blocks rm", env: { LOG_LEVEL: "debug" } })] }
        ]
      })
    )
    assert.deepStrictEqual(file.diagnostics, [])
    const [hook] = file.hooks
    assert.strictEqual(hook?.name, "guard")
    assert.deepStrictEqual(hook?.addedEnv, { LOG_LEVEL: "debug" })
    assert.strictEqual(hook?.env, undefined)
  })

  it("runs a group's hooks in parallel unless it says sequential", () => {
    const file = read(
      settings({
        BeforeTool: [{ hooks: [command("./a.sh")] }, { sequential: true, hooks: [command("./b.sh")] }]
      })
    )
    assert.deepStrictEqual(
      file.hooks.map((h) => h.parallel),
      [true, false]
    )
  })

  it("runs nothing with hooksConfig.enabled false, and skips the hooks any file's hooksConfig.disabled names", () => {
    const off = read(settings({ BeforeTool: [{ hooks: [command("./a.sh")] }] }, { hooksConfig: { enabled: false } }))
    assert.isTrue(off.disableAllHooks)
    const user = validateSettings(JSON.stringify({ hooksConfig: { disabled: ["slow", "./c.sh"] } }), {
      file: "/h/.gemini/settings.json",
      scope: "user",
      dialect: "gemini-cli"
    })
    const project = read(
      settings({ BeforeTool: [{ hooks: [command("./a.sh", { name: "slow" }), command("./b.sh"), command("./c.sh")] }] })
    )
    const snapshot = layerSettings([user, { ...project, trust: "trusted" }], "gemini-cli")
    assert.deepStrictEqual(
      snapshot.hooks.map((h) => h.command),
      ["./b.sh"]
    )
    // An untrusted project's list switches nothing off.
    const untrustedList = {
      ...read(JSON.stringify({ hooksConfig: { disabled: ["guard"] } })),
      trust: "untrusted" as const
    }
    const guarded = validateSettings(settings({ BeforeTool: [{ hooks: [command("./g.sh", { name: "guard" })] }] }), {
      file: "/h/.gemini/settings.json",
      scope: "user",
      dialect: "gemini-cli"
    })
    assert.strictEqual(layerSettings([guarded, untrustedList], "gemini-cli").hooks.length, 1)
  })

  it("tests a plain word as an unanchored regular expression, not an exact name", () => {
    const snapshot = layerSettings(
      [read(settings({ BeforeTool: [{ matcher: "shell", hooks: [command("./a.sh")] }] }))],
      "gemini-cli"
    )
    assert.strictEqual(planHooks(snapshot, "PreToolUse", { tool_name: "run_shell_command" }).steps.length, 1)
  })

  it("reads only hooks and hooksConfig of the agent's own settings: other keys are neither read nor reported", () => {
    const file = read(
      settings(
        { BeforeTool: [{ hooks: [command("./a.sh")] }] },
        { theme: "Default", mcpServers: { x: { httpUrl: "http://127.0.0.1:1" } }, env: "not ours" }
      )
    )
    assert.deepStrictEqual(file.diagnostics, [])
    assert.strictEqual(file.mcpServers, undefined)
    assert.strictEqual(file.env, undefined)
  })

  it("quotes Gemini's variables in a command, so a project folder with spaces works", () => {
    const file = read(settings({ BeforeTool: [{ hooks: [command("$GEMINI_PROJECT_DIR/.gemini/hooks/guard.sh")] }] }))
    assert.strictEqual(file.hooks[0]?.command, '"${GEMINI_PROJECT_DIR}"/.gemini/hooks/guard.sh')
  })

  it("runs the same name and command once, whatever their timeouts; a trigger matcher is an exact value", () => {
    const file = read(
      settings({
        BeforeTool: [
          { hooks: [command("./a.sh", { name: "g", timeout: 1000 })] },
          { hooks: [command("./a.sh", { name: "g", timeout: 9000 })] }
        ],
        SessionStart: [{ matcher: "start", hooks: [command("./s.sh")] }]
      })
    )
    const snapshot = layerSettings([file], "gemini-cli")
    const plan = planHooks(snapshot, "PreToolUse", { tool_name: "run_shell_command" })
    assert.strictEqual(plan.duplicates.length, 1)
    assert.deepStrictEqual(planHooks(snapshot, "SessionStart", { source: "startup" }).steps, [])
  })

  it("uses a matcher that is not a regular expression as an exact name", () => {
    const file = read(settings({ BeforeTool: [{ matcher: "write_file(", hooks: [command("./a.sh")] }] }))
    assert.deepStrictEqual(file.diagnostics, [])
    const snapshot = layerSettings([file], "gemini-cli")
    assert.strictEqual(planHooks(snapshot, "PreToolUse", { tool_name: "write_file(" }).steps.length, 1)
    assert.strictEqual(planHooks(snapshot, "PreToolUse", { tool_name: "write_file" }).steps.length, 0)
  })
})
