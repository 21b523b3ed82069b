/**
 * What a hook sees: the stdin payload, its working directory, its environment
 * (project dir variables, the `env` allowlist) and that tool input is never
 * interpolated into the command (ARCHITECTURE sections 7-8).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { realpathSync } from "node:fs"
import { canned, group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

/** `env` output as a record. */
const parseEnv = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)])
  )

describe("payload on stdin", () => {
  it("has session_id, transcript_path, cwd, hook_event_name and the event fields", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ PreToolUse: [group([hook("cat > stdin.json")])] }))
    await p.run(
      "PreToolUse",
      { tool_name: "Bash", tool_input: { command: "npm test" }, tool_use_id: "toolu_1" },
      { session: { session_id: "session-42", transcript_path: "/tmp/transcript.jsonl" } }
    )
    const payload = JSON.parse(p.read("stdin.json")) as Record<string, unknown>
    assert.deepStrictEqual(payload, {
      session_id: "session-42",
      transcript_path: "/tmp/transcript.jsonl",
      cwd: p.dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "npm test" },
      tool_use_id: "toolu_1"
    })
  })

  it("generates session_id and adds the common fields when the caller gives none", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ UserPromptSubmit: [group([hook("cat > stdin.json")])] }))
    await p.run("UserPromptSubmit", { prompt: "fix the tests" })
    const payload = JSON.parse(p.read("stdin.json")) as Record<string, unknown>
    assert.strictEqual(payload["hook_event_name"], "UserPromptSubmit")
    assert.strictEqual(payload["prompt"], "fix the tests")
    assert.strictEqual(payload["cwd"], p.dir)
    assert.isString(payload["session_id"])
    assert.isAbove((payload["session_id"] as string).length, 0)
    assert.isString(payload["transcript_path"])
  })
})

describe("working directory and project variables", () => {
  it("runs in the project directory with WAVE_PROJECT_DIR set (wave dialect: no CLAUDE_PROJECT_DIR)", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("pwd -P > pwd.txt; env > env.txt")])] }))
    const env = { ...p.env }
    delete env["CLAUDE_PROJECT_DIR"]
    delete env["WAVE_PROJECT_DIR"]
    await p.run("Stop", {}, { env })
    assert.strictEqual(p.read("pwd.txt").trim(), realpathSync(p.dir))
    const seen = parseEnv(p.read("env.txt"))
    assert.strictEqual(seen["WAVE_PROJECT_DIR"], p.dir)
    assert.strictEqual(seen["CLAUDE_PROJECT_DIR"], undefined)
  })

  it("claude-code dialect with .claude/ settings files: CLAUDE_PROJECT_DIR and WAVE_PROJECT_DIR are set", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("pwd -P > pwd.txt; env > env.txt")])] }), "claude-code")
    const result = await p.run("Stop", {}, { dialect: "claude-code" })
    assert.strictEqual(result.runs.length, 1)
    assert.strictEqual(p.read("pwd.txt").trim(), realpathSync(p.dir))
    const seen = parseEnv(p.read("env.txt"))
    assert.strictEqual(seen["CLAUDE_PROJECT_DIR"], p.dir)
    assert.strictEqual(seen["WAVE_PROJECT_DIR"], p.dir)
  })

  it("a script addressed through $WAVE_PROJECT_DIR runs", async () => {
    const p = makeProject()
    p.writeFile(".wave/hooks/hello.sh", '#!/bin/sh\necho "hello from $WAVE_PROJECT_DIR" > hello.txt\n')
    p.writeSettings("project", settings({ Stop: [group([hook('"$WAVE_PROJECT_DIR"/.wave/hooks/hello.sh')])] }))
    const result = await p.run("Stop", {})
    assert.strictEqual(result.runs[0]!.run.exitCode, 0)
    assert.strictEqual(p.read("hello.txt").trim(), `hello from ${p.dir}`)
  })
})

describe("env allowlist (composition, on canned runs: the environment the runner asks for)", () => {
  const envOf = async (
    hookExtra: Record<string, unknown>,
    parent: Record<string, string>,
    dialect: "wave" | "claude-code" = "wave"
  ) => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings("project", settings({ Stop: [group([hook("./stop", hookExtra)])] }), dialect)
    await p.run("Stop", {}, { env: { ...parent, HOME: p.home }, dialect })
    assert.strictEqual(hooks.requests.length, 1)
    return { p, env: hooks.requests[0]!.env }
  }

  it("without env the hook inherits the parent's environment, plus WAVE_PROJECT_DIR, HOOK_EVENT and HOOK_TOOL_NAME (wave)", async () => {
    const { p, env } = await envOf({}, { PATH: "/bin", API_TOKEN: "hunter2", CI_FLAVOUR: "local" })
    assert.deepStrictEqual(env, {
      PATH: "/bin",
      API_TOKEN: "hunter2",
      CI_FLAVOUR: "local",
      HOME: p.home,
      WAVE_PROJECT_DIR: p.dir,
      HOOK_EVENT: "Stop",
      HOOK_TOOL_NAME: ""
    })
  })

  it("with env only PATH, HOME, WAVE_PROJECT_DIR and the listed variables reach the hook; a parent secret does not", async () => {
    const { p, env } = await envOf(
      { env: ["CI_FLAVOUR", "NOT_SET_ANYWHERE"] },
      { PATH: "/usr/bin:/bin", API_TOKEN: "hunter2", CI_FLAVOUR: "local", LANG: "C.UTF-8" }
    )
    assert.deepStrictEqual(env, {
      PATH: "/usr/bin:/bin",
      HOME: p.home,
      CI_FLAVOUR: "local",
      WAVE_PROJECT_DIR: p.dir,
      HOOK_EVENT: "Stop",
      HOOK_TOOL_NAME: ""
    })
  })

  it("claude-code dialect with env: CLAUDE_PROJECT_DIR is also kept", async () => {
    const { p, env } = await envOf({ env: [] }, { PATH: "/bin", API_TOKEN: "x" }, "claude-code")
    assert.deepStrictEqual(env, { PATH: "/bin", HOME: p.home, WAVE_PROJECT_DIR: p.dir, CLAUDE_PROJECT_DIR: p.dir })
  })

  it("a project dir variable in the parent is replaced by the project's", async () => {
    const { p, env } = await envOf({}, { PATH: "/bin", WAVE_PROJECT_DIR: "/somewhere/else" })
    assert.strictEqual(env["WAVE_PROJECT_DIR"], p.dir)
  })
})

describe("env allowlist (a real process)", () => {
  it("with env, a parent secret does not reach the process; sh adds only its own variables", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("env > env.txt", { env: ["CI_FLAVOUR"] })])] }))
    const parent = {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: p.home,
      API_TOKEN: "hunter2",
      CI_FLAVOUR: "local"
    }
    await p.run("Stop", {}, { env: parent })
    const seen = parseEnv(p.read("env.txt"))
    assert.strictEqual(seen["API_TOKEN"], undefined)
    assert.strictEqual(seen["CI_FLAVOUR"], "local")
    const extra = Object.keys(seen).filter(
      (name) =>
        ![
          "PATH",
          "HOME",
          "WAVE_PROJECT_DIR",
          "HOOK_EVENT",
          "HOOK_TOOL_NAME",
          "CI_FLAVOUR",
          "PWD",
          "SHLVL",
          "_",
          "OLDPWD"
        ].includes(name)
    )
    assert.deepStrictEqual(extra, [])
  })
})

describe("tool input is never executed", () => {
  for (const evil of [
    "$(touch pwned)",
    "`touch pwned`",
    "; touch pwned",
    "x && touch pwned #",
    "'; touch pwned; '",
    '"; touch pwned; "'
  ]) {
    it(`tool input ${JSON.stringify(evil)} is only data`, async () => {
      const p = makeProject()
      p.writeSettings(
        "project",
        settings({
          PreToolUse: [group([hook("cat > stdin.json; echo checked")])],
          PostToolUse: [group([hook("cat > post.json")])]
        })
      )
      const result = await p.run("PreToolUse", { tool_name: evil, tool_input: { command: evil, file_path: evil } })
      await p.run("PostToolUse", { tool_name: "Bash", tool_input: { command: evil }, tool_response: evil })
      assert.isFalse(p.exists("pwned"), "a file named pwned was created: the tool input was executed")
      assert.strictEqual(result.runs[0]!.run.exitCode, 0)
      assert.strictEqual(result.runs[0]!.run.stdout, "checked\n")
      const payload = JSON.parse(p.read("stdin.json")) as Record<string, unknown>
      assert.deepStrictEqual(payload["tool_input"], { command: evil, file_path: evil })
    })
  }

  it("an rm in the tool input does not delete anything", async () => {
    const p = makeProject()
    p.writeFile("keep.txt", "precious", 0o644)
    p.writeSettings("project", settings({ PreToolUse: [group([hook("cat > /dev/null")])] }))
    await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "; rm keep.txt", path: "$(rm keep.txt)" } })
    assert.strictEqual(p.read("keep.txt"), "precious")
  })
})
