/**
 * A plugin's folder and data folder reach the shell quoted (security review
 * finding 14): `${CLAUDE_PLUGIN_ROOT}` and the other placeholders are never
 * pasted into a command as text, so a folder named `lint$(id>INJECTED)`, or
 * one holding a space or a quote, runs nothing and the guard still blocks.
 * Every way an author writes the placeholder keeps working: inside double
 * quotes, bare, inside single quotes, in `$(...)`, and in exec-form `command`
 * and `args`. Real hook processes (bash and sh), real folders.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { substitutePluginVariables } from "../../src/settings/plugin-hooks.ts"
import { effectsOf, makeProject, removeTempProjects, tempDir } from "../helpers/project.ts"

afterAll(removeTempProjects)

/** A plugin in a folder named `name` (under a fresh temp folder), with a blocking check.sh and these PreToolUse hooks. */
const pluginNamed = (name: string, hooks: ReadonlyArray<Record<string, unknown>>): string => {
  const root = join(tempDir(), name)
  mkdirSync(join(root, "hooks"), { recursive: true })
  mkdirSync(join(root, "bin"), { recursive: true })
  writeFileSync(
    join(root, "hooks", "hooks.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } })
  )
  writeFileSync(join(root, "check.sh"), '#!/bin/sh\necho "blocked by $0 ${1:-}" >&2\nexit 2\n', { mode: 0o755 })
  writeFileSync(join(root, "bin", "check.sh"), '#!/bin/sh\necho "blocked by bin $0 ${1:-}" >&2\nexit 2\n', {
    mode: 0o755
  })
  return root
}

const bash = { tool_name: "Bash", tool_input: { command: "ls" } }
const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: "command", command: text, ...extra })

/** Every way the review and the docs write a plugin command. */
const forms: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ["inside double quotes", command('"${CLAUDE_PLUGIN_ROOT}/check.sh"')],
  ["bare", command("${CLAUDE_PLUGIN_ROOT}/check.sh")],
  ["WAVE_PLUGIN_ROOT in sh", command("${WAVE_PLUGIN_ROOT}/check.sh", { shell: "sh" })],
  ["inside single quotes", command("sh '${CLAUDE_PLUGIN_ROOT}/check.sh'")],
  ["an argument after the script", command('"${CLAUDE_PLUGIN_ROOT}/check.sh" ${CLAUDE_PLUGIN_ROOT}')],
  ["in $(...) inside double quotes", command('sh "$(echo "${CLAUDE_PLUGIN_ROOT}")/bin/check.sh"')],
  [
    "exec form: command and args",
    command("/bin/sh", { args: ["${CLAUDE_PLUGIN_ROOT}/check.sh", "${CLAUDE_PLUGIN_ROOT}"] })
  ],
  ["exec form: the program itself", command("${CLAUDE_PLUGIN_ROOT}/bin/check.sh", { args: [] })]
]

describe("plugin folder names never become shell code (finding 14)", () => {
  for (const folder of [
    "lint$(id>INJECTED)",
    "lint`id>INJECTED`",
    "my plugins",
    'it\'s "quoted"',
    "semi;colon&amp|pipe",
    "star*glob?"
  ]) {
    for (const [how, hook] of forms) {
      it(`a folder named ${JSON.stringify(folder)}, the placeholder ${how}: the guard blocks and nothing else runs`, async () => {
        const p = makeProject()
        const root = pluginNamed(folder, [hook])
        const result = await p.run("PreToolUse", bash, { pluginDirs: [root] })
        const run = result.runs[0]!.run
        assert.strictEqual(run.exitCode, 2, `${run.command}: ${run.stderr}`)
        assert.deepStrictEqual(effectsOf(result.effects, "BlockTool").length, 1, run.stderr)
        assert.include(run.stderr, "blocked by")
        assert.isFalse(existsSync(p.path("INJECTED")), "the folder name ran as a command")
        assert.isFalse(existsSync(join(root, "..", "INJECTED")))
      })
    }
  }

  it("the data folder (CLAUDE_PLUGIN_DATA, under a home folder whose name holds $(...)) is quoted the same way", async () => {
    const p = makeProject()
    const home = join(tempDir(), "home $(touch INJECTED)")
    mkdirSync(home, { recursive: true })
    const root = join(tempDir(), "data")
    mkdirSync(join(root, "hooks"), { recursive: true })
    writeFileSync(
      join(root, "hooks", "hooks.json"),
      JSON.stringify({
        hooks: {
          Stop: [{ hooks: [command('echo "${CLAUDE_PLUGIN_DATA}" > data.txt; touch ${CLAUDE_PLUGIN_DATA}/marker')] }]
        }
      })
    )
    const result = await p.run("Stop", {}, { pluginDirs: [root], homeDir: home, env: { ...p.env, HOME: home } })
    assert.strictEqual(result.runs[0]!.run.exitCode, 0, result.runs[0]!.run.stderr)
    assert.isFalse(p.exists("INJECTED"), "the home folder's name ran as a command")
    const dataDir = p.read("data.txt").trim()
    assert.strictEqual(dataDir, join(home, ".wave", "plugins", "data", "data"))
    assert.isTrue(existsSync(join(dataDir, "marker")))
  })
})

describe("substitutePluginVariables", () => {
  const plugin = { root: "/p/lint$(id)", dataDir: "/d/it's" }
  it("shell: the placeholder becomes a quoted reference to the variable the hook's environment holds; no folder text reaches the command", () => {
    assert.strictEqual(
      substitutePluginVariables('"${CLAUDE_PLUGIN_ROOT}/x.sh"', plugin),
      '"${CLAUDE_PLUGIN_ROOT}/x.sh"'
    )
    assert.strictEqual(
      substitutePluginVariables("${CLAUDE_PLUGIN_ROOT}/x.sh a", plugin),
      '"${CLAUDE_PLUGIN_ROOT}"/x.sh a'
    )
    assert.strictEqual(
      substitutePluginVariables("cat '${WAVE_PLUGIN_DATA}/f'", plugin),
      "cat ''\"${WAVE_PLUGIN_DATA}\"'/f'"
    )
    assert.strictEqual(
      substitutePluginVariables('echo "it\'s ${CLAUDE_PLUGIN_ROOT}" ${HOME}', plugin),
      'echo "it\'s ${CLAUDE_PLUGIN_ROOT}" ${HOME}'
    )
    assert.strictEqual(
      substitutePluginVariables("x=$(cat ${CLAUDE_PLUGIN_ROOT}/v) # it's ${CLAUDE_PLUGIN_ROOT}", plugin),
      'x=$(cat "${CLAUDE_PLUGIN_ROOT}"/v) # it\'s ${CLAUDE_PLUGIN_ROOT}'
    )
    assert.strictEqual(
      substitutePluginVariables("echo \\${CLAUDE_PLUGIN_ROOT}", plugin),
      "echo \\${CLAUDE_PLUGIN_ROOT}"
    )
    for (const out of [
      substitutePluginVariables("${CLAUDE_PLUGIN_ROOT}", plugin),
      substitutePluginVariables("'${CLAUDE_PLUGIN_DATA}'", plugin)
    ]) {
      assert.notInclude(out, "lint$(id)")
      assert.notInclude(out, "it's")
    }
  })
  it("exec form: the values as they are (no shell reads them)", () => {
    assert.strictEqual(substitutePluginVariables("${CLAUDE_PLUGIN_ROOT}/x.sh", plugin, "exec"), "/p/lint$(id)/x.sh")
    assert.strictEqual(substitutePluginVariables("${CLAUDE_PLUGIN_DATA}", plugin, "exec"), "/d/it's")
  })
  it("powershell: an environment reference, or inside single quotes the value with its quotes doubled", () => {
    assert.strictEqual(
      substitutePluginVariables('& "${CLAUDE_PLUGIN_ROOT}/x.ps1"', plugin, "powershell"),
      '& "${env:CLAUDE_PLUGIN_ROOT}/x.ps1"'
    )
    assert.strictEqual(
      substitutePluginVariables("& '${CLAUDE_PLUGIN_DATA}/x.ps1'", plugin, "powershell"),
      "& '/d/it''s/x.ps1'"
    )
    assert.strictEqual(
      substitutePluginVariables("& ${WAVE_PLUGIN_ROOT}/x.ps1", plugin, "powershell"),
      "& ${env:WAVE_PLUGIN_ROOT}/x.ps1"
    )
  })
})

describe("the agents' own plugin placeholders (dialectRules[d].pluginVariables)", () => {
  const plugin = { root: "/p/lint$(id)", dataDir: "/d/data" }

  it("Gemini CLI's ${extensionPath} and Codex CLI's ${PLUGIN_ROOT} / ${PLUGIN_DATA} are replaced as wave-hooks' own are", () => {
    assert.strictEqual(
      substitutePluginVariables("${extensionPath}/x.sh", plugin, "shell", "gemini-cli"),
      '"${WAVE_PLUGIN_ROOT}"/x.sh'
    )
    assert.strictEqual(
      substitutePluginVariables("${PLUGIN_ROOT}/x.sh ${PLUGIN_DATA}/log", plugin, "shell", "codex"),
      '"${WAVE_PLUGIN_ROOT}"/x.sh "${WAVE_PLUGIN_DATA}"/log'
    )
    assert.strictEqual(substitutePluginVariables("${PLUGIN_ROOT}/x.sh", plugin, "exec", "codex"), "/p/lint$(id)/x.sh")
  })

  it("Gemini CLI's path separators ${/} and ${pathSeparator} are /", () => {
    assert.strictEqual(
      substitutePluginVariables("node ${extensionPath}${/}bin${pathSeparator}x.js", plugin, "shell", "gemini-cli"),
      'node "${WAVE_PLUGIN_ROOT}"/bin/x.js'
    )
    assert.strictEqual(substitutePluginVariables("echo ${/}", plugin, "shell", "codex"), "echo ${/}")
  })

  it("another agent's name, or one after a backslash, is left as written", () => {
    assert.strictEqual(
      substitutePluginVariables("${extensionPath}/x.sh", plugin, "shell", "codex"),
      "${extensionPath}/x.sh"
    )
    assert.strictEqual(
      substitutePluginVariables("echo \\${extensionPath}", plugin, "shell", "gemini-cli"),
      "echo \\${extensionPath}"
    )
  })

  it("a Gemini CLI extension's ${extensionPath} command and a Codex CLI plugin's ${PLUGIN_ROOT} command run, and Codex's hook reads $PLUGIN_ROOT", async () => {
    const p = makeProject()
    const gemini = join(tempDir(), "gemini ext")
    mkdirSync(join(gemini, "hooks"), { recursive: true })
    writeFileSync(
      join(gemini, "hooks", "hooks.json"),
      JSON.stringify({
        hooks: {
          BeforeTool: [
            { matcher: "run_shell_command", hooks: [{ type: "command", command: "${extensionPath}/deny.sh" }] }
          ]
        }
      })
    )
    writeFileSync(join(gemini, "deny.sh"), '#!/bin/sh\necho "extension guard" >&2\nexit 2\n', { mode: 0o755 })
    const geminiRun = await p.run(
      "PreToolUse",
      { tool_name: "run_shell_command", tool_input: { command: "ls" } },
      { dialect: "gemini-cli", pluginDirs: [gemini] }
    )
    assert.deepStrictEqual(
      effectsOf(geminiRun.effects, "BlockTool").map((e) => e.reason),
      ["extension guard"]
    )

    const codex = join(tempDir(), "codex plugin")
    mkdirSync(join(codex, "hooks"), { recursive: true })
    writeFileSync(
      join(codex, "hooks", "hooks.json"),
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "${PLUGIN_ROOT}/deny.sh" }] }] }
      })
    )
    writeFileSync(join(codex, "deny.sh"), '#!/bin/sh\necho "plugin at $PLUGIN_ROOT" >&2\nexit 2\n', { mode: 0o755 })
    const codexRun = await p.run(
      "PreToolUse",
      { tool_name: "Bash", tool_input: { command: "ls" } },
      { dialect: "codex", pluginDirs: [codex] }
    )
    assert.deepStrictEqual(
      effectsOf(codexRun.effects, "BlockTool").map((e) => e.reason),
      [`plugin at ${codex}`]
    )
  })
})
