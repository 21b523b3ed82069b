/**
 * `async`, `asyncRewake` and `rewakeMessage` in the files of agents that run every hook before they go on
 * (`DialectRules.backgroundHooks: false`: Gemini CLI, Cursor, Copilot): reported and ignored, so a hook that
 * blocks in the agent blocks here too; the agents that run hooks in the background keep them.
 */
import { assert, describe, it } from "@effect/vitest"
import { validateSettings } from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"

const nested = (event: string, hook: Record<string, unknown>) =>
  JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: "command", command: "./guard.sh", ...hook }] }] } })
const flat = (event: string, hook: Record<string, unknown>) =>
  JSON.stringify({ version: 1, hooks: { [event]: [{ type: "command", command: "./guard.sh", ...hook }] } })

const files = {
  "gemini-cli": () =>
    validateSettings(nested("BeforeTool", { async: true }), {
      file: "/p/.gemini/settings.json",
      scope: "project",
      dialect: "gemini-cli",
      format: "jsonc",
      keys: "agent-settings"
    }),
  cursor: () =>
    validateSettings(flat("preToolUse", { async: true }), {
      file: "/p/.cursor/hooks.json",
      scope: "project",
      dialect: "cursor",
      format: "json",
      keys: "flat-hooks-file"
    }),
  copilot: () =>
    validateSettings(flat("preToolUse", { asyncRewake: true, rewakeMessage: "done" }), {
      file: "/p/.github/hooks/a.json",
      scope: "project",
      dialect: "copilot",
      format: "json",
      keys: "flat-hooks-file"
    })
}

describe("background keys in agents that run every hook in the foreground", () => {
  for (const [dialect, read] of Object.entries(files)) {
    it(`${dialect}: reported as ignored, and the hook runs in the foreground`, () => {
      assert.isFalse(dialectRules[dialect as keyof typeof files].backgroundHooks)
      const file = read()
      assert.strictEqual(file.hooks.length, 1)
      assert.isNotTrue(file.hooks[0]?.async)
      assert.isNotTrue(file.hooks[0]?.asyncRewake)
      assert.isTrue(file.diagnostics.length > 0)
      for (const d of file.diagnostics) {
        assert.strictEqual(d.severity, "warning")
        assert.match(d.path, /\.(async|asyncRewake|rewakeMessage)$/u)
        assert.include(d.problem, "it is ignored, so this hook runs, and can block")
      }
    })
  }

  it("claude-code and codex keep async: their agents run such hooks in the background", () => {
    const claude = validateSettings(nested("PreToolUse", { async: true }), {
      file: "/p/.claude/settings.json",
      scope: "project",
      dialect: "claude-code"
    })
    assert.isTrue(claude.hooks[0]?.async)
    const codex = validateSettings(nested("PreToolUse", { async: true }), {
      file: "/p/.codex/hooks.json",
      scope: "project",
      dialect: "codex",
      format: "json",
      keys: "hooks-file"
    })
    assert.isTrue(codex.hooks[0]?.async)
  })
})
