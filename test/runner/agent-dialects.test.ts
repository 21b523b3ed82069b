/**
 * Gemini CLI's and Codex CLI's hooks through the library (ARCHITECTURE 5.3.1, 5.3.2): `HookSession` and
 * `runHooksPromise` given the dialect, and without one in a project whose only settings are that agent's.
 * Real files in a temp HOME and project, real hook processes.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { mkdirSync, writeFileSync } from "node:fs"
import { effectsOf, makeProject, removeTempProjects } from "../helpers/project.ts"

afterAll(removeTempProjects)

const recordAndDeny =
  'cat > payload.json; printf "%s %s\\n" "$GEMINI_PROJECT_DIR" "$GEMINI_SESSION_ID" > env.txt; echo \'{"decision":"deny","reason":"no rm"}\''

describe("gemini-cli through the library", () => {
  it("HookSession runs a .gemini/settings.json hook with Gemini's payload, variables and answer", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      `{
  // Gemini CLI settings, with a comment
  "hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [
    {"type": "command", "name": "guard", "command": ${JSON.stringify(recordAndDeny)}, "timeout": 5000}]}]}
}`,
      "gemini-cli"
    )
    const session = await p.session({ dialect: "gemini-cli" })
    try {
      const result = await session.firePromise("PreToolUse", {
        session_id: "s-42",
        tool_name: "run_shell_command",
        tool_input: { command: "rm -rf build" }
      })
      assert.deepStrictEqual(
        effectsOf(result.effects, "BlockTool").map((e) => e.reason),
        ["no rm"]
      )
    } finally {
      await session.closePromise()
    }
    const payload = JSON.parse(p.read("payload.json")) as Record<string, unknown>
    assert.strictEqual(payload["hook_event_name"], "BeforeTool")
    assert.match(String(payload["timestamp"]), /^\d{4}-\d\d-\d\dT/)
    assert.strictEqual(p.read("env.txt"), `${p.dir} s-42\n`)
  })

  it("is not read without a dialect when the project also has Claude Code settings", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      { hooks: { BeforeTool: [{ hooks: [{ type: "command", command: "touch gemini-ran" }] }] } },
      "gemini-cli"
    )
    p.writeSettings(
      "project",
      { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "touch claude-ran" }] }] } },
      "claude-code"
    )
    await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    assert.isTrue(p.exists("claude-ran"))
    assert.isFalse(p.exists("gemini-ran"))
  })
})

describe("codex through the library", () => {
  it("runs a Codex-only project in the codex dialect without a dialect, with the strict wire", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      {
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [{ type: "command", command: `echo '{"decision":"block","reason":"no","extra":1}'` }]
            }
          ]
        }
      },
      "codex"
    )
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf /" } })
    assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [])
    assert.deepStrictEqual(
      effectsOf(result.effects, "Diagnostic").map((d) => d.code),
      ["invalid-field"]
    )
    assert.strictEqual(effectsOf(result.effects, "ShowUser")[0]?.level, "error")
  })

  it("reads the [hooks] tables of .codex/config.toml", async () => {
    const p = makeProject()
    p.writeFile(
      ".codex/config.toml",
      [
        'model = "gpt-5"',
        "[[hooks.Stop]]",
        "[[hooks.Stop.hooks]]",
        'type = "command"',
        'command = "echo \'{\\"decision\\":\\"block\\",\\"reason\\":\\"run the tests\\"}\'"'
      ].join("\n"),
      0o644
    )
    const result = await p.run("Stop", {}, { dialect: "codex" })
    assert.deepStrictEqual(
      effectsOf(result.effects, "BlockStop").map((e) => e.reason),
      ["run the tests"]
    )
  })
})

describe("cursor through the library", () => {
  it("gives the variables a sessionStart hook's env sets to the session's later hooks, and reports them", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      {
        version: 1,
        hooks: {
          sessionStart: [{ command: `echo '{"env":{"TEAM":"infra","STAGE":"dev"}}'` }],
          beforeShellExecution: [
            { command: 'printf "%s %s" "$TEAM" "$STAGE" > seen.txt; echo \'{"permission":"allow"}\'' }
          ]
        }
      },
      "cursor"
    )
    await p.trust()
    const session = await p.session({ dialect: "cursor" })
    try {
      const started = await session.firePromise("SessionStart", { session_id: "c-1", source: "startup" })
      assert.deepStrictEqual(effectsOf(started.effects, "SetEnv"), [
        { _tag: "SetEnv", variables: { TEAM: "infra", STAGE: "dev" } }
      ])
      assert.deepStrictEqual(started.env, { TEAM: "infra", STAGE: "dev" })
      await session.firePromise("PreToolUse", {
        session_id: "c-1",
        tool_name: "Shell",
        tool_input: { command: "ls" },
        command: "ls"
      })
    } finally {
      await session.closePromise()
    }
    assert.strictEqual(p.read("seen.txt"), "infra dev")
  })

  it("does not give them to a hook of another session", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      {
        version: 1,
        hooks: {
          sessionStart: [{ command: `echo '{"env":{"TEAM":"infra"}}'` }],
          beforeShellExecution: [{ command: 'printf "%s" "${TEAM-unset}" > seen.txt' }]
        }
      },
      "cursor"
    )
    await p.trust()
    const first = await p.session({ dialect: "cursor" })
    await first.firePromise("SessionStart", { session_id: "c-1", source: "startup" })
    await first.closePromise()
    const second = await p.session({ dialect: "cursor" })
    try {
      await second.firePromise("PreToolUse", {
        session_id: "c-2",
        tool_name: "Shell",
        tool_input: { command: "ls" },
        command: "ls"
      })
    } finally {
      await second.closePromise()
    }
    assert.strictEqual(p.read("seen.txt"), "unset")
  })
})

describe("copilot through the library", () => {
  const hooksFile = (marker: string) =>
    JSON.stringify({ version: 1, hooks: { sessionStart: [{ type: "command", bash: `touch ${marker}` }] } })

  it("reads the user's hook files from $COPILOT_HOME/hooks when COPILOT_HOME is set, and not from ~/.copilot", async () => {
    const p = makeProject()
    const copilotHome = `${p.home}/elsewhere/copilot`
    mkdirSync(`${copilotHome}/hooks`, { recursive: true })
    writeFileSync(`${copilotHome}/hooks/start.json`, hooksFile(`"${p.dir}/moved-ran"`))
    mkdirSync(`${p.home}/.copilot/hooks`, { recursive: true })
    writeFileSync(`${p.home}/.copilot/hooks/start.json`, hooksFile(`"${p.dir}/default-ran"`))
    await p.run(
      "SessionStart",
      { source: "startup" },
      { dialect: "copilot", env: { ...p.env, COPILOT_HOME: copilotHome } }
    )
    assert.isTrue(p.exists("moved-ran"))
    assert.isFalse(p.exists("default-ran"))
  })

  it("reads ~/.copilot/hooks when COPILOT_HOME is unset or empty", async () => {
    const p = makeProject()
    mkdirSync(`${p.home}/.copilot/hooks`, { recursive: true })
    writeFileSync(`${p.home}/.copilot/hooks/start.json`, hooksFile(`"${p.dir}/default-ran"`))
    await p.run("SessionStart", { source: "startup" }, { dialect: "copilot", env: { ...p.env, COPILOT_HOME: "" } })
    assert.isTrue(p.exists("default-ran"))
  })
})
