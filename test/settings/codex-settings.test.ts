/**
 * Codex CLI's hooks.json and config.toml read in the codex dialect (ARCHITECTURE 5.3.2; Codex CLI's
 * discovery.rs, common.rs and dispatcher.rs as /work/shared/research/agent-dialects.md section 3
 * records them).
 */
import { assert, describe, it } from "@effect/vitest"
import { validateSettings } from "../../src/index.ts"
import { layerSettings, planHooks } from "../../src/settings/plan.ts"
import { hookCommandLine } from "../../src/runner/hook-command-line.ts"
import { hookStateKeyOf } from "../../src/settings/hook-state-key.ts"

const hooksJson = (hooks: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  validateSettings(JSON.stringify({ ...extra, hooks }), {
    file: "/p/.codex/hooks.json",
    scope: "project",
    dialect: "codex",
    format: "json",
    keys: "hooks-file"
  })

const configToml = (text: string) =>
  validateSettings(text, {
    file: "/p/.codex/config.toml",
    scope: "project",
    dialect: "codex",
    format: "toml",
    keys: "agent-settings"
  })

const command = (command: string, more: Record<string, unknown> = {}) => ({ type: "command", command, ...more })

describe("codex settings", () => {
  it("reads [[hooks.<Event>]] tables of config.toml, and leaves Codex's other keys alone", () => {
    const file = configToml(
      [
        'model = "gpt-5"',
        "[[hooks.PreToolUse]]",
        'matcher = "Bash"',
        "[[hooks.PreToolUse.hooks]]",
        'type = "command"',
        'command = "./guard.sh"',
        "timeoutSec = 5"
      ].join("\n")
    )
    assert.deepStrictEqual(file.diagnostics, [])
    assert.deepStrictEqual(
      file.hooks.map((h) => [h.event, h.matcher, h.command, h.timeoutSeconds, h.parallel]),
      [["PreToolUse", "Bash", "./guard.sh", 5, true]]
    )
  })

  it("names the line and column of a TOML syntax error", () => {
    const file = configToml('model = "gpt-5"\n[[hooks.PreToolUse]\n')
    assert.isFalse(file.readable)
    assert.include(file.diagnostics[0]?.problem, "not valid TOML (at line 2")
  })

  it("rejects a hooks.json with an unknown top-level key, as Codex does: none of its hooks run", () => {
    const file = hooksJson({ Stop: [{ hooks: [command("./s.sh")] }] }, { version: 1 })
    assert.isFalse(file.readable)
    assert.deepStrictEqual(file.hooks, [])
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path]),
      [["error", "$.version"]]
    )
  })

  it("runs two identical hooks twice (no dedupe), both in parallel", () => {
    const file = hooksJson({ Stop: [{ hooks: [command("./s.sh"), command("./s.sh")] }] })
    const plan = planHooks(layerSettings([file], "codex"), "Stop", {})
    assert.deepStrictEqual(plan.duplicates, [])
    assert.deepStrictEqual(
      plan.steps.map((s) => (s._tag === "Parallel" ? s.hooks.length : 1)),
      [2]
    )
  })

  it("matches apply_patch with an Edit or Write matcher, and plain names exactly", () => {
    const file = hooksJson({
      PreToolUse: [
        { matcher: "Edit", hooks: [command("./edit.sh")] },
        { matcher: "mcp__memory", hooks: [command("./memory.sh")] }
      ]
    })
    const snapshot = layerSettings([file], "codex")
    const run = (tool: string) =>
      planHooks(snapshot, "PreToolUse", { tool_name: tool }).steps.flatMap((s) =>
        s._tag === "Parallel" ? s.hooks.map((h) => h.command) : [s.hook.command]
      )
    assert.deepStrictEqual(run("apply_patch"), ["./edit.sh"])
    assert.deepStrictEqual(run("mcp__memory__create_entities"), [])
    assert.deepStrictEqual(run("constructor"), [])
  })

  it("has a `parallel` key nowhere: it is reported as unknown", () => {
    const file = hooksJson({ Stop: [{ parallel: false, hooks: [command("./s.sh")] }] })
    assert.deepStrictEqual(
      file.diagnostics.map((d) => d.path),
      ["$.hooks.Stop[0].parallel"]
    )
  })
})

describe("codex switches", () => {
  it("runs no hook of a config.toml with [features] hooks = false", () => {
    const file = configToml(
      '[features]\nhooks = false\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "x"\n'
    )
    assert.isTrue(file.disableAllHooks)
  })

  it("reads allow_managed_hooks_only in the administrator's requirements.toml only", () => {
    const managed = validateSettings("allow_managed_hooks_only = true\n", {
      file: "/etc/codex/requirements.toml",
      scope: "managed",
      dialect: "codex",
      format: "toml",
      keys: "agent-settings"
    })
    assert.isTrue(managed.allowManagedHooksOnly)
    const project = configToml("allow_managed_hooks_only = true\n")
    assert.strictEqual(project.allowManagedHooksOnly, undefined)
    assert.deepStrictEqual(
      project.diagnostics.map((d) => [d.severity, d.path]),
      [["warning", "$.allow_managed_hooks_only"]]
    )
  })
})

describe("codex hook command line", () => {
  it("runs a hook in the login shell ($SHELL -lc), /bin/sh without SHELL", () => {
    assert.deepStrictEqual(hookCommandLine({ command: "echo hi" }, "/usr/bin:/bin", { loginShell: "/bin/zsh" }), {
      _tag: "Spawn",
      argv: ["/bin/zsh", "-lc", "echo hi"]
    })
    assert.deepStrictEqual(hookCommandLine({ command: "echo hi" }, "/usr/bin:/bin", { loginShell: "" }), {
      _tag: "Spawn",
      argv: ["/bin/sh", "-lc", "echo hi"]
    })
  })
})

describe("Codex's hook states (hooks.state in the user's config.toml)", () => {
  const userToml = (text: string) =>
    validateSettings(text, {
      file: "/h/.codex/config.toml",
      scope: "user",
      dialect: "codex",
      format: "toml",
      keys: "agent-settings"
    })
  const twoHooks = [
    "[[hooks.PreToolUse]]",
    'matcher = "Bash"',
    "[[hooks.PreToolUse.hooks]]",
    'type = "command"',
    'command = "./a.sh"',
    "[[hooks.PreToolUse.hooks]]",
    'type = "command"',
    'command = "./b.sh"',
    "[[hooks.PostCompact]]",
    "[[hooks.PostCompact.hooks]]",
    'type = "command"',
    'command = "./c.sh"'
  ]

  it("the key of a hook is its file, its event in snake case, its group's index and its own", () => {
    const file = userToml(twoHooks.join("\n"))
    assert.deepStrictEqual(file.hooks.map(hookStateKeyOf), [
      "/h/.codex/config.toml:pre_tool_use:0:0",
      "/h/.codex/config.toml:pre_tool_use:0:1",
      "/h/.codex/config.toml:post_compact:0:0"
    ])
  })

  it("the state table is no event; enabled = false switches that hook off, trusted_hash alone does not", () => {
    const file = userToml(
      [
        ...twoHooks,
        '[hooks.state."/h/.codex/config.toml:pre_tool_use:0:0"]',
        "enabled = false",
        '[hooks.state."/h/.codex/config.toml:pre_tool_use:0:1"]',
        'trusted_hash = "sha256:1"'
      ].join("\n")
    )
    assert.deepStrictEqual(file.diagnostics, [])
    assert.deepStrictEqual(file.disabledHookKeys, ["/h/.codex/config.toml:pre_tool_use:0:0"])
    assert.deepStrictEqual(
      layerSettings([file], "codex").hooks.map((h) => h.command),
      ["./b.sh", "./c.sh"]
    )
  })

  it("a project's state table is ignored, with a warning: only the user switches hooks off", () => {
    const file = configToml(
      [...twoHooks, '[hooks.state."/h/.codex/config.toml:pre_tool_use:0:0"]', "enabled = false"].join("\n")
    )
    assert.isUndefined(file.disabledHookKeys)
    assert.deepStrictEqual(
      file.diagnostics.map((d) => [d.severity, d.path]),
      [["warning", "$.hooks.state"]]
    )
  })
})

describe("Codex's timeout floor", () => {
  it("a timeout of 0 runs as 1 second, Codex's minimum, with a warning; other dialects still refuse it", () => {
    const codex = hooksJson({ PreToolUse: [{ hooks: [command("./a.sh", { timeout: 0 })] }] })
    assert.deepStrictEqual(
      codex.hooks.map((h) => h.timeoutSeconds),
      [1]
    )
    assert.deepStrictEqual(
      codex.diagnostics.map((d) => [d.severity, d.path]),
      [["warning", "$.hooks.PreToolUse[0].hooks[0].timeout"]]
    )
    const claude = validateSettings(
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [command("./a.sh", { timeout: 0 })] }] } }),
      { file: "/p/.claude/settings.json", scope: "project", dialect: "claude-code" }
    )
    assert.deepStrictEqual(claude.hooks, [])
    assert.strictEqual(claude.diagnostics[0]?.severity, "error")
  })
})
