/**
 * The env file of SessionStart (and Setup, CwdChanged, FileChanged) hooks:
 * `CLAUDE_ENV_FILE` / `WAVE_ENV_FILE` name an empty private file the hook
 * appends `export` lines to; the runner returns the variables
 * (`RunHooksResult.env`) and removes the file (ARCHITECTURE section 7). Real
 * hook processes.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { existsSync } from "node:fs"
import {
  canned,
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  makeProject,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

afterAll(removeTempProjects)

describe("env file on SessionStart", () => {
  it("given a claude-code hook under set -u that appends to $CLAUDE_ENV_FILE, when SessionStart runs, then it exits 0 and the host gets the variables", async () => {
    const p = makeProject()
    p.writeFile(
      ".claude/hooks/env.sh",
      '#!/bin/bash\nset -euo pipefail\necho \'export NODE_ENV=production\' >> "$CLAUDE_ENV_FILE"\necho \'export PATH="$PATH:/opt/tool/bin"\' >> "$CLAUDE_ENV_FILE"\n'
    )
    p.writeSettings(
      "project",
      settings({ SessionStart: [group([hook('"$CLAUDE_PROJECT_DIR"/.claude/hooks/env.sh')])] }),
      "claude-code"
    )
    const parentPath = "/usr/bin:/bin"
    const result = await p.run(
      "SessionStart",
      { source: "startup" },
      { dialect: "claude-code", env: { ...p.env, PATH: parentPath } }
    )
    assert.strictEqual(result.runs[0]!.run.exitCode, 0, result.runs[0]!.run.stderr)
    assert.deepStrictEqual(result.env, { NODE_ENV: "production", PATH: `${parentPath}:/opt/tool/bin` })
    assert.deepStrictEqual(result.effects, [])
  })

  it("given two hooks writing the same name, when SessionStart runs, then the later hook wins; WAVE_ENV_FILE works in the wave dialect", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        SessionStart: [
          group([
            hook("echo 'export MODE=first ONLY1=a' >> \"$WAVE_ENV_FILE\""),
            hook('echo MODE=second >> "$CLAUDE_ENV_FILE"')
          ])
        ]
      })
    )
    const result = await p.run("SessionStart", { source: "startup" })
    assert.deepStrictEqual(result.env, { MODE: "second", ONLY1: "a" })
    assert.deepStrictEqual(
      result.runs.map((r) => r.envFile?.variables),
      [{ MODE: "first", ONLY1: "a" }, { MODE: "second" }]
    )
  })

  it("given each hook, when it runs, then it gets its own empty file under a private folder, removed after the run", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        SessionStart: [
          group([
            hook(
              'printf \'%s\\n\' "$CLAUDE_ENV_FILE" >> files.txt; wc -c < "$CLAUDE_ENV_FILE" >> sizes.txt; stat -c %a "$CLAUDE_ENV_FILE" >> modes.txt; echo A=1 >> "$CLAUDE_ENV_FILE"'
            ),
            hook(
              'printf \'%s\\n\' "$CLAUDE_ENV_FILE" >> files.txt; wc -c < "$CLAUDE_ENV_FILE" >> sizes.txt; stat -c %a "$(dirname "$CLAUDE_ENV_FILE")" >> modes.txt'
            )
          ])
        ]
      })
    )
    await p.run("SessionStart", { source: "startup" })
    const files = p.lines("files.txt")
    assert.strictEqual(files.length, 2)
    assert.notStrictEqual(files[0], files[1])
    assert.deepStrictEqual(
      p.lines("sizes.txt").map((s) => s.trim()),
      ["0", "0"]
    )
    assert.deepStrictEqual(p.lines("modes.txt"), ["600", "700"])
    for (const file of files) assert.isFalse(existsSync(file), `${file} was removed`)
  })

  it("given a hook with an env allowlist, when SessionStart runs, then CLAUDE_ENV_FILE still reaches it", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ SessionStart: [group([hook('echo A=kept >> "$CLAUDE_ENV_FILE"', { env: [] })])] })
    )
    const result = await p.run("SessionStart", { source: "startup" })
    assert.strictEqual(result.runs[0]!.run.exitCode, 0, result.runs[0]!.run.stderr)
    assert.deepStrictEqual(result.env, { A: "kept" })
  })

  it("given a line the file cannot hold, when SessionStart runs, then it is ignored with an env-file diagnostic and a warning, and the other lines count", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        SessionStart: [group([hook("printf 'export GOOD=1\\nexport NOW=$(date)\\n' >> \"$CLAUDE_ENV_FILE\"")])]
      })
    )
    const result = await p.run("SessionStart", { source: "startup" })
    assert.deepStrictEqual(result.env, { GOOD: "1" })
    assert.deepStrictEqual(diagnosticCodes(result.effects), ["env-file"])
    assert.match(effectsOf(result.effects, "Diagnostic")[0]!.message, /Line 2 .*command substitution/)
    assert.strictEqual(effectsOf(result.effects, "ShowUser")[0]!.level, "warning")
  })

  it("given a plugin's hook that writes the GIT_CONFIG_COUNT lines (a default in a name, arithmetic), when SessionStart runs, then the host gets what bash gives, with no warning", async () => {
    const p = makeProject()
    p.writeFile(
      ".claude/hooks/git-config.sh",
      "#!/bin/bash\n" +
        "cat >> \"$CLAUDE_ENV_FILE\" <<'EOF'\n" +
        "export GIT_CONFIG_KEY_${GIT_CONFIG_COUNT:-0}=safe.directory\n" +
        'export GIT_CONFIG_VALUE_${GIT_CONFIG_COUNT:-0}="$CLAUDE_PROJECT_DIR"\n' +
        "export GIT_CONFIG_COUNT=$(( ${GIT_CONFIG_COUNT:-0} + 1 ))\n" +
        "EOF\n",
      0o755
    )
    p.writeSettings(
      "project",
      settings({ SessionStart: [group([hook('"$CLAUDE_PROJECT_DIR"/.claude/hooks/git-config.sh')])] }),
      "claude-code"
    )
    const result = await p.run(
      "SessionStart",
      { source: "startup" },
      { dialect: "claude-code", env: { ...p.env, GIT_CONFIG_COUNT: "1" } }
    )
    assert.strictEqual(result.runs[0]!.run.exitCode, 0, result.runs[0]!.run.stderr)
    assert.deepStrictEqual(result.effects, [])
    assert.deepStrictEqual(result.env, {
      GIT_CONFIG_KEY_1: "safe.directory",
      GIT_CONFIG_VALUE_1: p.dir,
      GIT_CONFIG_COUNT: "2"
    })
  })

  it("given a hook that appends bash's own export -p output, when SessionStart runs, then the host gets each value exactly, with no warning", async () => {
    const p = makeProject()
    const odd = "a \"quoted\" $dollar `tick` back\\slash\nnew line\ttab 'single'"
    p.writeSettings(
      "project",
      settings({ SessionStart: [group([hook('export -p >> "$CLAUDE_ENV_FILE"', { env: ["ODD"] })])] })
    )
    // The hook's shell is sh; bash -c prints declare -x lines.
    p.writeSettings(
      "project",
      settings({
        SessionStart: [
          group([hook("bash --norc --noprofile -c 'export -p' >> \"$CLAUDE_ENV_FILE\"", { env: ["ODD"] })])
        ]
      })
    )
    const result = await p.run("SessionStart", { source: "startup" }, { env: { ...p.env, ODD: odd } })
    assert.strictEqual(result.runs[0]!.run.exitCode, 0, result.runs[0]!.run.stderr)
    assert.deepStrictEqual(result.effects, [])
    assert.strictEqual(result.env?.["ODD"], odd)
  })

  it("given a hook that writes $PWD and unsets a variable, when SessionStart runs, then $PWD is the hook's working directory and the unset is reported, not silently dropped", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        SessionStart: [
          group([hook('echo \'export BIN="$PWD/bin"; unset DROPME\' >> "$CLAUDE_ENV_FILE"', { env: ["DROPME"] })])
        ]
      })
    )
    const result = await p.run("SessionStart", { source: "startup" }, { env: { ...p.env, DROPME: "x" } })
    assert.deepStrictEqual(result.env, { BIN: `${p.dir}/bin` })
    assert.deepStrictEqual(result.runs[0]!.envFile?.unset, ["DROPME"])
    assert.deepStrictEqual(diagnosticCodes(result.effects), ["env-file"])
    assert.match(effectsOf(result.effects, "ShowUser")[0]!.text, /unsets DROPME/)
  })

  it("given a hook that replaces its env file with a symbolic link, when SessionStart runs, then the file is refused unread", async () => {
    const p = makeProject()
    p.writeFile("secret.txt", "export STOLEN=1\n", 0o644)
    p.writeSettings(
      "project",
      settings({ SessionStart: [group([hook('rm "$CLAUDE_ENV_FILE"; ln -s "$PWD/secret.txt" "$CLAUDE_ENV_FILE"')])] })
    )
    const result = await p.run("SessionStart", { source: "startup" })
    assert.deepStrictEqual(result.env, {})
    assert.deepStrictEqual(diagnosticCodes(result.effects), ["env-file"])
    assert.match(effectsOf(result.effects, "Diagnostic")[0]!.message, /symbolic link/)
  })

  it("given a hook that writes nothing, when SessionStart runs, then env is empty and no effect is added", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ SessionStart: [group([hook("true")])] }))
    const result = await p.run("SessionStart", { source: "startup" })
    assert.deepStrictEqual(result.env, {})
    assert.deepStrictEqual(result.effects, [])
  })
})

describe("env file on other events", () => {
  it("given a Stop hook, when it runs, then CLAUDE_ENV_FILE and WAVE_ENV_FILE are unset and the result has no env", async () => {
    const hooks = canned()
    const p = makeProject({ hookProcess: hooks.layer })
    p.writeSettings(
      "project",
      settings({ Stop: [group([hook("./stop.sh")])], UserPromptSubmit: [group([hook("./prompt.sh")])] })
    )
    const stop = await p.run("Stop", {})
    await p.run("UserPromptSubmit", { prompt: "hi" })
    for (const request of hooks.requests) {
      assert.isUndefined(request.env["CLAUDE_ENV_FILE"])
      assert.isUndefined(request.env["WAVE_ENV_FILE"])
    }
    assert.isUndefined(stop.env)
  })

  it("given a parent whose CLAUDE_ENV_FILE and WAVE_ENV_FILE name its own file, when UserPromptSubmit runs real hooks (inheriting, allowlisting them, or setting them in the settings' env), then none sees them and the parent's file is untouched", async () => {
    const p = makeProject()
    const parentFile = p.writeFile("parent-env-file", "", 0o600)
    const show =
      'printf \'CEF=[%s] WEF=[%s]\\n\' "${CLAUDE_ENV_FILE-unset}" "${WAVE_ENV_FILE-unset}" >> seen.txt; echo \'export LEAKED=1\' >> "${CLAUDE_ENV_FILE:-/dev/null}"'
    p.writeSettings("project", {
      env: { CLAUDE_ENV_FILE: parentFile, WAVE_ENV_FILE: parentFile },
      hooks: {
        UserPromptSubmit: [
          group([
            hook(`${show} # inherits`),
            hook(`${show} # allowlists`, { env: ["CLAUDE_ENV_FILE", "WAVE_ENV_FILE"] })
          ])
        ]
      }
    })
    const result = await p.run(
      "UserPromptSubmit",
      { prompt: "hi" },
      { env: { ...p.env, CLAUDE_ENV_FILE: parentFile, WAVE_ENV_FILE: parentFile } }
    )
    assert.deepStrictEqual(
      result.runs.map((r) => r.run.exitCode),
      [0, 0]
    )
    assert.deepStrictEqual(p.lines("seen.txt"), ["CEF=[unset] WEF=[unset]", "CEF=[unset] WEF=[unset]"])
    assert.strictEqual(p.read("parent-env-file"), "")
    assert.isUndefined(result.env)
  })

  it("given a parent's CLAUDE_ENV_FILE, when SessionStart runs a real hook, then the hook gets its own new file, not the parent's", async () => {
    const p = makeProject()
    const parentFile = p.writeFile("parent-env-file", "", 0o600)
    p.writeSettings(
      "project",
      settings({
        SessionStart: [
          group([
            hook(
              'printf \'%s\\n\' "$CLAUDE_ENV_FILE" "$WAVE_ENV_FILE" > seen.txt; echo \'export MINE=1\' >> "$CLAUDE_ENV_FILE"'
            )
          ])
        ]
      })
    )
    const result = await p.run(
      "SessionStart",
      { source: "startup" },
      { env: { ...p.env, CLAUDE_ENV_FILE: parentFile, WAVE_ENV_FILE: parentFile } }
    )
    const [claude, wave] = p.lines("seen.txt")
    assert.strictEqual(claude, wave)
    assert.notStrictEqual(claude, parentFile)
    assert.include(claude!, "wave-hooks-env-")
    assert.deepStrictEqual(result.env, { MINE: "1" })
    assert.strictEqual(p.read("parent-env-file"), "")
  })

  it("given the ${CLAUDE_ENV_FILE:-/dev/null} idiom on Stop, when it runs, then it works", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ Stop: [group([hook('set -u; echo A=1 >> "${CLAUDE_ENV_FILE:-/dev/null}"')])] }),
      "claude-code"
    )
    const result = await p.run("Stop", {}, { dialect: "claude-code" })
    assert.strictEqual(result.runs[0]!.run.exitCode, 0)
  })
})

describe("a session's env-file variables", () => {
  it("given two SessionStart firings, when a session runs them, then their variables accumulate, later ones winning", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        SessionStart: [
          group([hook('echo "export SOURCE=startup FIRST_ONLY=1" >> "$CLAUDE_ENV_FILE"')], { matcher: "startup" }),
          group([hook('echo "export SOURCE=resumed" >> "$CLAUDE_ENV_FILE"')], { matcher: "resume" })
        ]
      })
    )
    const session = await p.session()
    assert.deepStrictEqual(session.envFileVariables(), {})
    await session.firePromise("SessionStart", { source: "startup" })
    assert.deepStrictEqual(session.envFileVariables(), { SOURCE: "startup", FIRST_ONLY: "1" })
    await session.firePromise("SessionStart", { source: "resume" })
    assert.deepStrictEqual(session.envFileVariables(), { SOURCE: "resumed", FIRST_ONLY: "1" })
    // CwdChanged (issue 12 part A adds the event) replaces only the previous CwdChanged's variables.
    await session.firePromise("CwdChanged" as "SessionStart", { source: "x", old_cwd: "/a", new_cwd: "/b" })
    assert.deepStrictEqual(session.envFileVariables(), { SOURCE: "resumed", FIRST_ONLY: "1" })
  })
})

describe("env file of a hook that did not finish", () => {
  it("given a SessionStart hook that writes a line, then times out, when it runs, then its variables are not used and a diagnostic says why", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ SessionStart: [group([hook('echo HALF=1 >> "$CLAUDE_ENV_FILE"; exec sleep 30', { timeout: 0.5 })])] })
    )
    const result = await p.run("SessionStart", { source: "startup" }, { killGraceMs: 100 })
    assert.isTrue(result.runs[0]!.run.timedOut)
    assert.deepStrictEqual(result.env, {})
    assert.match(effectsOf(result.effects, "Diagnostic").find((d) => d.code === "env-file")!.message, /timed out/)
  })
})

describe("env file expansion", () => {
  it("given a hook with an env allowlist that writes export X=\"$SECRET\", when it runs, then $SECRET expands from the hook's own environment (empty), not the agent's", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({
        SessionStart: [
          group([hook('echo \'export X="[$SECRET]" Y="$ALLOWED"\' >> "$CLAUDE_ENV_FILE"', { env: ["ALLOWED"] })])
        ]
      })
    )
    const result = await p.run(
      "SessionStart",
      { source: "startup" },
      { env: { ...p.env, SECRET: "hunter2", ALLOWED: "ok" } }
    )
    assert.deepStrictEqual(result.env, { X: "[]", Y: "ok" })
  })
})
