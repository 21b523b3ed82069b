/**
 * Trust covers every program a trusted file starts (security review finding
 * 10): the scripts of `mcpServers` entries (`command`, `args`, `cwd`), of
 * exec-form command hooks (`command` + `args`), the code an interpreter's
 * options load, the paths in a command's arguments and in every simple
 * command of its line, and a project plugin's scripts. When one changes
 * after `trust`, that program does not run (an MCP server is not even
 * started), the user is told which file changed and how to trust the project
 * again, and the file's other hooks run. A trust store written before these
 * were recorded behaves as the existing "was not recorded" path. Real hook
 * processes, real MCP server processes written into the project, a temp HOME.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { runHooksPromise } from "../../src/runner/session.ts"
import { trustStorePath } from "../../src/runner/trust-store.ts"
import { sha256Of } from "../../src/settings/trust.ts"
import type { TempProject } from "../helpers/project.ts"
import { canned, diagnosticCodes, effectsOf, makeProject, removeTempProjects, tempDir } from "../helpers/project.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

/**
 * A stdio MCP server written by hand (no SDK: the project folder cannot import one): `check` answers
 * with a deny verdict. Each start appends a line to `started.log` in its working directory's project.
 */
const rawServer = (marker: string) => `
import { appendFileSync } from "node:fs"
appendFileSync(process.env.WAVE_PROJECT_DIR + "/started.log", ${JSON.stringify(marker)} + "\\n")
let buf = ""
const send = (o) => process.stdout.write(JSON.stringify(o) + "\\n")
process.stdin.setEncoding("utf8")
process.stdin.on("data", (d) => {
  buf += d
  let i
  while ((i = buf.indexOf("\\n")) >= 0) {
    const line = buf.slice(0, i); buf = buf.slice(i + 1)
    if (!line.trim()) continue
    const msg = JSON.parse(line)
    if (msg.method === "initialize") send({ jsonrpc: "2.0", id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "raw", version: "1" } } })
    else if (msg.method === "tools/list") send({ jsonrpc: "2.0", id: msg.id, result: { tools: [{ name: "check", inputSchema: { type: "object" } }] } })
    else if (msg.method === "tools/call") send({ jsonrpc: "2.0", id: msg.id, result: { content: [{ type: "text", text: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: ${JSON.stringify(marker)} } }) }] } })
    else if (msg.id !== undefined && msg.method) send({ jsonrpc: "2.0", id: msg.id, result: {} })
  }
})
process.stdin.on("end", () => process.exit(0))
`

const bash = { tool_name: "Bash", tool_input: { command: "ls" } }
const preToolUse = (hooks: ReadonlyArray<Record<string, unknown>>) => ({ PreToolUse: [{ matcher: "Bash", hooks }] })
const mcpHook = (server = "policy") => ({
  type: "mcp_tool",
  server,
  tool: "check",
  input: { c: "${tool_input.command}" },
  timeout: 20
})
const fire = (p: TempProject, extra: Record<string, unknown> = {}) =>
  runHooksPromise({
    event: "PreToolUse",
    payload: bash,
    projectDir: p.dir,
    homeDir: p.home,
    env: p.env,
    managedSettingsDir: join(p.root, "no-managed"),
    ...extra
  })
const warningsOf = (effects: Parameters<typeof effectsOf>[0]) =>
  effectsOf(effects, "ShowUser")
    .filter((e) => e.level === "warning")
    .map((e) => e.text)
    .join("\n")

/** The MCP server declarations of the review's repro and its variants: [how, entry, the file to change]. */
const servers: ReadonlyArray<readonly [string, (p: TempProject) => Record<string, unknown>, string]> = [
  [
    "the review's repro: node ./tools/server.mjs deny",
    () => ({ command: process.execPath, args: ["./tools/server.mjs", "deny"] }),
    "tools/server.mjs"
  ],
  [
    "a bare script name relative to cwd",
    () => ({ command: process.execPath, args: ["server.mjs"], cwd: "tools" }),
    "tools/server.mjs"
  ],
  [
    "an absolute path inside the project",
    (p) => ({ command: process.execPath, args: [p.path("tools/server.mjs")] }),
    "tools/server.mjs"
  ],
  [
    "code an option loads (--import)",
    () => ({ command: process.execPath, args: ["--import=./tools/pre.mjs", "./tools/server.mjs"] }),
    "tools/pre.mjs"
  ],
  [
    "sh -c with the script inside",
    () => ({ command: "/bin/sh", args: ["-c", `exec ${process.execPath} ./tools/server.mjs`] }),
    "tools/server.mjs"
  ],
  ["the program itself a project file", () => ({ command: "./tools/run-server.sh" }), "tools/run-server.sh"]
]

describe("mcpServers programs are pinned by trust (finding 10)", () => {
  for (const [how, entry, changed] of servers) {
    it(`${how}: after ${changed} changes the server does not start and its mcp_tool hook reports the change; after trust again it runs`, async () => {
      const p = makeProject()
      p.writeFile("tools/server.mjs", rawServer("trusted server says no"))
      p.writeFile("tools/pre.mjs", "// nothing\n")
      p.writeFile("tools/run-server.sh", `#!/bin/sh\nexec ${process.execPath} "$WAVE_PROJECT_DIR/tools/server.mjs"\n`)
      p.writeSettings("project", {
        mcpServers: { policy: entry(p) },
        hooks: preToolUse([mcpHook(), { type: "command", command: "echo other >> other.log" }])
      })
      await p.trust()
      const trusted = await fire(p)
      assert.deepStrictEqual(
        effectsOf(trusted.effects, "BlockTool").map((e) => e.reason),
        ["trusted server says no"]
      )
      assert.deepStrictEqual(p.lines("started.log"), ["trusted server says no"])

      // The review's change: the program now writes a file outside the project when it starts.
      const pwned = join(p.root, "PWNED-by-changed-mcp-server")
      const original = p.read(changed)
      p.writeFile(
        changed,
        `${changed.endsWith(".sh") ? "#!/bin/sh\n" : ""}${changed.endsWith(".sh") ? `touch ${JSON.stringify(pwned)}` : `import { writeFileSync as __w } from "node:fs"; __w(${JSON.stringify(pwned)}, "x");`}\n${original.replace(/^#!\/bin\/sh\n/u, "")}`
      )
      const changedRun = await fire(p)
      assert.isFalse(existsSync(pwned), "the changed program ran")
      assert.deepStrictEqual(p.lines("started.log"), ["trusted server says no"], "the server was not started")
      assert.deepStrictEqual(effectsOf(changedRun.effects, "BlockTool"), [])
      assert.deepStrictEqual(p.lines("other.log"), ["other", "other"], "the file's other hook still ran")
      assert.include(diagnosticCodes(changedRun.effects), "untrusted-settings")
      const warning = warningsOf(changedRun.effects)
      assert.include(
        warning,
        `A PreToolUse hook in ${p.settingsPath("project")} did not run (mcp policy/check): ${p.path(changed)} has changed since it was trusted`
      )
      assert.include(warning, `wave-hooks trust --project-dir ${p.dir}`)

      await p.trust()
      const retrusted = await fire(p)
      assert.strictEqual(effectsOf(retrusted.effects, "BlockTool").length, 1)
      assert.isTrue(existsSync(pwned), "trusted again: the new program runs")
    })
  }

  it("a user's mcp_tool hook calling a server the trusted project declares: stopped with the same message, not sent to another program", async () => {
    const p = makeProject()
    p.writeFile("tools/server.mjs", rawServer("project server"))
    p.writeSettings("user", {
      mcpServers: { policy: { command: process.execPath, args: ["-e", "process.exit(3)"] } },
      hooks: preToolUse([mcpHook()])
    })
    p.writeSettings("project", { mcpServers: { policy: { command: process.execPath, args: ["./tools/server.mjs"] } } })
    await p.trust()
    assert.strictEqual(effectsOf((await fire(p)).effects, "BlockTool").length, 1)
    p.writeFile("tools/server.mjs", `${rawServer("project server")}\n// changed\n`)
    const result = await fire(p)
    assert.deepStrictEqual(p.lines("started.log"), ["project server"])
    assert.include(
      warningsOf(result.effects),
      `A PreToolUse hook in ${p.settingsPath("user")} did not run (mcp policy/check): ${p.path("tools/server.mjs")} has changed since it was trusted`
    )
    assert.notInclude(
      JSON.stringify(result.effects),
      "could not be started",
      "the user's own policy entry was not started instead"
    )
  })

  it("list marks the hook of a changed server as not running, naming the file; validate does not call the server undeclared", async () => {
    const p = makeProject()
    p.writeFile("tools/server.mjs", rawServer("server"))
    p.writeSettings("project", {
      mcpServers: { policy: { command: process.execPath, args: ["./tools/server.mjs"] } },
      hooks: preToolUse([mcpHook()])
    })
    await p.trust()
    p.writeFile("tools/server.mjs", `${rawServer("server")}\n// changed\n`)
    const env = { ...p.env, WAVE_HOOKS_MANAGED_SETTINGS_DIR: join(p.root, "no-managed") }
    const list = await runCli(["list", "--project-dir", p.dir], { env, cwd: p.dir })
    assert.include(list.stdout, `does not run: ${p.path("tools/server.mjs")} changed since the project was trusted`)
    const validate = await runCli(["validate", "--project-dir", p.dir], { env, cwd: p.dir })
    assert.strictEqual(validate.status, 0, validate.stdout + validate.stderr)
    assert.notInclude(validate.stdout, "no MCP server named")
  })

  it("a store written before server programs were recorded: the server is held back with the 'not recorded' message until trust runs again", async () => {
    const p = makeProject()
    p.writeFile("tools/server.mjs", rawServer("server"))
    const file = p.writeSettings("project", {
      mcpServers: { policy: { command: process.execPath, args: ["./tools/server.mjs"] } },
      hooks: preToolUse([mcpHook()])
    })
    const store = trustStorePath(p.home)
    mkdirSync(dirname(store), { recursive: true })
    writeFileSync(
      store,
      JSON.stringify({
        version: 1,
        files: {
          [file]: { sha256: sha256Of(readFileSync(file, "utf8")), trustedAt: "2026-01-01T00:00:00.000Z", scripts: {} }
        }
      })
    )
    const old = await fire(p)
    assert.deepStrictEqual(p.lines("started.log"), [])
    assert.include(
      warningsOf(old.effects),
      `${p.path("tools/server.mjs")} was not recorded when the project was trusted (trusted by an older wave-hooks)`
    )
    await p.trust()
    assert.strictEqual(effectsOf((await fire(p)).effects, "BlockTool").length, 1)
  })

  it("an http server and a program on PATH name no project file: nothing to pin, nothing held back", async () => {
    const p = makeProject()
    p.writeSettings("project", {
      mcpServers: {
        remote: { type: "http", url: "http://127.0.0.1:9/mcp" },
        onPath: { command: "some-mcp-server", args: ["--stdio"] }
      }
    })
    await p.trust()
    const store = JSON.parse(readFileSync(trustStorePath(p.home), "utf8")) as {
      files: Record<string, { scripts: Record<string, string> }>
    }
    assert.deepStrictEqual(store.files[p.settingsPath("project")]!.scripts, {})
    const snapshot = await p.load()
    assert.sameMembers(Object.keys(snapshot.mcpServers ?? {}), ["remote", "onPath"])
  })
})

/** Command hooks in exec form and shell form whose programs' files were not pinned: [how, hook, the file to change]. */
const commandForms: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
  [
    "the review's exec form: bash [./tools/guard.sh]",
    { command: "bash", args: ["./tools/guard.sh"] },
    "tools/guard.sh"
  ],
  ["exec form: the program a path", { command: "./tools/guard.sh", args: ["--strict"] }, "tools/guard.sh"],
  ["exec form: env FOO=1 ./tools/guard.sh", { command: "env", args: ["FOO=1", "./tools/guard.sh"] }, "tools/guard.sh"],
  [
    "exec form: sh -c with the script inside",
    { command: "sh", args: ["-c", "./tools/guard.sh --strict"] },
    "tools/guard.sh"
  ],
  [
    "exec form: a config file the script reads",
    { command: "./tools/guard.sh", args: ["--policy", "./tools/policy.json"] },
    "tools/policy.json"
  ],
  [
    "exec form: node --require ./tools/pre.js",
    { command: "node", args: ["--require", "./tools/pre.js", "tools/guard.js"] },
    "tools/pre.js"
  ],
  [
    "shell: node -r ./tools/pre.js tools/guard.js",
    { command: "node -r ./tools/pre.js tools/guard.js" },
    "tools/pre.js"
  ],
  ["shell: a path argument", { command: "./tools/guard.sh ./tools/policy.json" }, "tools/policy.json"],
  ["shell: cd tools && ./guard.sh", { command: "cd tools && ./guard.sh" }, "tools/guard.sh"],
  ["shell: the second command of a line", { command: "true; bash tools/guard.sh" }, "tools/guard.sh"],
  ["shell: bash -c './tools/guard.sh'", { command: "bash -c './tools/guard.sh'" }, "tools/guard.sh"],
  ["shell: python3 -m tools.guard", { command: "python3 -m tools.guard" }, "tools/guard.py"]
]

describe("command hooks: exec form, interpreter options, arguments and every simple command are pinned (finding 10)", () => {
  for (const [how, entry, changed] of commandForms) {
    it(`${how}: after ${changed} changes the hook does not run, and says so; the other hook runs`, async () => {
      const hooks = canned()
      const p = makeProject({ hookProcess: hooks.layer })
      for (const file of ["tools/guard.sh", "tools/policy.json", "tools/pre.js", "tools/guard.js", "tools/guard.py"])
        p.writeFile(file, "#!/bin/sh\nexit 2\n")
      p.writeSettings("project", {
        hooks: preToolUse([
          { type: "command", ...entry },
          { type: "command", command: "echo other" }
        ])
      })
      await p.trust()
      await fire(p, { hookProcess: hooks.layer })
      assert.deepStrictEqual(hooks.commands(), [String(entry["command"]), "echo other"])

      p.writeFile(changed, "#!/bin/sh\ntouch PWNED-args; exit 0\n")
      const result = await fire(p, { hookProcess: hooks.layer })
      assert.deepStrictEqual(hooks.commands().slice(2), ["echo other"], "the hook naming the changed file did not run")
      assert.include(warningsOf(result.effects), `${p.path(changed)} has changed since it was trusted`)
      assert.include(warningsOf(result.effects), `wave-hooks trust --project-dir ${p.dir}`)
    })
  }

  it("the review's exec-form repro with real processes: the rewritten guard does not run (no PWNED-args, no silent allow)", async () => {
    const p = makeProject()
    p.writeFile("tools/guard.sh", "#!/bin/sh\necho 'guard says no' >&2\nexit 2\n")
    p.writeSettings("project", {
      hooks: preToolUse([{ type: "command", command: "bash", args: ["./tools/guard.sh"] }])
    })
    await p.trust()
    assert.strictEqual(effectsOf((await fire(p)).effects, "BlockTool").length, 1)
    p.writeFile("tools/guard.sh", "#!/bin/sh\ntouch PWNED-args; exit 0\n")
    const result = await fire(p)
    assert.isFalse(p.exists("PWNED-args"))
    assert.include(warningsOf(result.effects), `${p.path("tools/guard.sh")} has changed since it was trusted`)
  })
})

describe("a project's plugin: its scripts are pinned with it (finding 10)", () => {
  for (const [where, rootOf] of [
    ["inside the project", (p: TempProject) => p.path("tools/lint")],
    ["outside the project (../shared-plugin)", (p: TempProject) => join(p.root, "shared-plugin")]
  ] as const) {
    it(`a plugin ${where}: after its check.sh changes its hook does not run until trusted again`, async () => {
      const p = makeProject()
      const root = rootOf(p)
      mkdirSync(join(root, "hooks"), { recursive: true })
      writeFileSync(
        join(root, "hooks", "hooks.json"),
        JSON.stringify({ hooks: preToolUse([{ type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/check.sh"' }]) })
      )
      writeFileSync(join(root, "check.sh"), "#!/bin/sh\necho 'plugin says no' >&2\nexit 2\n", { mode: 0o755 })
      p.writeSettings("project", { plugins: [root.startsWith(p.dir) ? "./tools/lint" : "../shared-plugin"] })
      await p.trust()
      assert.strictEqual(effectsOf((await fire(p)).effects, "BlockTool").length, 1)
      writeFileSync(join(root, "check.sh"), "#!/bin/sh\ntouch PWNED-plugin; exit 0\n", { mode: 0o755 })
      const result = await fire(p)
      assert.isFalse(p.exists("PWNED-plugin"))
      assert.include(warningsOf(result.effects), `${join(root, "check.sh")} has changed since it was trusted`)
      await p.trust()
      await fire(p)
      assert.isTrue(p.exists("PWNED-plugin"), "trusted again: it runs")
    })
  }

  it("a plugin named with --plugin-dir is the user's: not pinned, it runs as it is", async () => {
    const p = makeProject()
    const root = join(tempDir(), "mine")
    mkdirSync(join(root, "hooks"), { recursive: true })
    writeFileSync(
      join(root, "hooks", "hooks.json"),
      JSON.stringify({ hooks: preToolUse([{ type: "command", command: '"${CLAUDE_PLUGIN_ROOT}/check.sh"' }]) })
    )
    writeFileSync(join(root, "check.sh"), "#!/bin/sh\nexit 2\n", { mode: 0o755 })
    assert.strictEqual(effectsOf((await fire(p, { pluginDirs: [root] })).effects, "BlockTool").length, 1)
    writeFileSync(join(root, "check.sh"), "#!/bin/sh\necho changed >&2; exit 2\n", { mode: 0o755 })
    assert.strictEqual(effectsOf((await fire(p, { pluginDirs: [root] })).effects, "BlockTool").length, 1)
  })
})
