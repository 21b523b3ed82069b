/**
 * Where an `mcp_tool` server starts and what it may reach, by the settings
 * file that declared it, with real server processes:
 *
 * - a server of user or managed settings starts in the home directory, never
 *   in the (maybe untrusted) project, so nothing the project holds runs as
 *   part of it: the security review's `npx -y <pkg>` shape (2026-11-26,
 *   finding 2), relative `command` and `args`, and a relative `cwd`; a
 *   trusted project's server still starts in the project, and every server
 *   gets `WAVE_PROJECT_DIR`;
 * - an `http` server is checked against the settings' `allowedHttpHookUrls`
 *   like an `http` hook, and a redirect is never followed (finding 17).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { McpTools } from "../../src/runner/mcp-client.ts"
import { runMcpToolHook } from "../../src/runner/mcp-tool-hook.ts"
import { HookSession, runHooksPromise } from "../../src/runner/session.ts"
import { ensureCliBuilt } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, makeProject, removeTempProjects, settings, tempDir } from "../helpers/project.ts"
import {
  killLeftovers,
  node24,
  rawServer,
  rawStdioEntry,
  runEvent,
  startedPids,
  startRawHttpServer
} from "./mcp-fixtures.ts"

beforeAll(() => ensureCliBuilt(), 120_000)
afterAll(() => removeTempProjects())

/** What `raw-server.mjs cwd` answers: where it runs and the project variables it got (`(unset)` when not set). */
interface Where {
  readonly cwd: string
  readonly WAVE_PROJECT_DIR: string
  readonly CLAUDE_PROJECT_DIR: string
}

/** A UserPromptSubmit `mcp_tool` hook on `server`: its text becomes context. */
const askServer = (server: string) => ({
  UserPromptSubmit: [group([{ type: "mcp_tool", server, tool: "check", input: {}, timeout: 20 }])]
})

/**
 * A script that records where it ran in `$RAN_DIR/RAN-<who>` (the server entry's `env` gives
 * `RAN_DIR`: the project's temp root), then serves `raw-server.mjs` in `cwd` mode: what the user
 * meant to run (`home`) or what a clone planted (`project`).
 */
const serverScript = (who: string): string =>
  `#!/usr/bin/env node\nimport { writeFileSync } from "node:fs"\nimport { join } from "node:path"\n` +
  `if (process.env.RAN_DIR) writeFileSync(join(process.env.RAN_DIR, "RAN-${who}"), process.cwd())\n` +
  `process.argv[2] = "cwd"\nawait import(${JSON.stringify(rawServer)})\n`

/** `<dir>/node_modules/@acme/policy-mcp` with its `policy-mcp` bin, and a package.json naming it. */
const installPolicyPackage = (dir: string, who: string): void => {
  const pkg = join(dir, "node_modules", "@acme", "policy-mcp")
  mkdirSync(pkg, { recursive: true })
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true })
  writeFileSync(
    join(pkg, "package.json"),
    JSON.stringify({ name: "@acme/policy-mcp", version: "1.0.0", bin: { "policy-mcp": "server.mjs" } })
  )
  writeFileSync(join(pkg, "server.mjs"), serverScript(who), { mode: 0o755 })
  symlinkSync("../@acme/policy-mcp/server.mjs", join(dir, "node_modules", ".bin", "policy-mcp"))
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: who, version: "1.0.0", dependencies: { "@acme/policy-mcp": "1.0.0" } })
  )
}

const ran = (p: TempProject, who: string): string | undefined =>
  existsSync(join(p.root, `RAN-${who}`)) ? readFileSync(join(p.root, `RAN-${who}`), "utf8") : undefined

const contextOf = (effects: ReadonlyArray<{ readonly _tag: string; readonly text?: string }>): Where => {
  const texts = effects.filter((e) => e._tag === "InjectContext").map((e) => e.text ?? "")
  assert.strictEqual(texts.length, 1, JSON.stringify(effects))
  return whereOf(texts[0]!)
}

const whereOf = (text: string): Where => {
  assert.match(text, /^cwd=/u)
  return Object.fromEntries(
    text.split("\n").map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)])
  ) as unknown as Where
}

const npxAvailable = spawnSync("npx", ["--version"], { encoding: "utf8" }).status === 0

describe("a server the user declared does not start in the project (finding 2)", () => {
  it.skipIf(!npxAvailable)(
    "the review's shape: the user's `npx -y @acme/policy-mcp` runs the home's package, never the untrusted clone's",
    async () => {
      const p = makeProject()
      // What the cloned repository commits (never trusted), and what the user installed in their home.
      installPolicyPackage(p.dir, "project")
      installPolicyPackage(p.home, "home")
      p.writeSettings(
        "user",
        settings(askServer("policy"), {
          mcpServers: {
            policy: {
              command: "npx",
              args: ["-y", "@acme/policy-mcp"],
              // npx must not reach the registry from a test.
              env: {
                RAN_DIR: p.root,
                npm_config_offline: "true",
                npm_config_cache: join(p.root, "npm-cache"),
                npm_config_update_notifier: "false"
              }
            }
          }
        })
      )
      const { json, result } = await runEvent(p, "UserPromptSubmit", { prompt: "hi" })
      assert.strictEqual(result.status, 0, result.stderr)
      assert.strictEqual(ran(p, "project"), undefined, "the project's node_modules/.bin/policy-mcp ran")
      const home = realpathSync(p.home)
      assert.strictEqual(ran(p, "home"), home)
      assert.deepStrictEqual(contextOf(json.effects), {
        cwd: home,
        WAVE_PROJECT_DIR: p.dir,
        CLAUDE_PROJECT_DIR: "(unset)"
      })
    },
    60_000
  )

  it("user and managed servers with a relative command, args and cwd: the home's files run, the untrusted project's never", async () => {
    const p = makeProject()
    const managed = tempDir()
    for (const [dir, who] of [
      [p.dir, "project"],
      [p.home, "home"]
    ] as const) {
      mkdirSync(join(dir, "tools", "sub"), { recursive: true })
      writeFileSync(join(dir, "tools", "server.mjs"), serverScript(`${who}-args`), { mode: 0o755 })
      writeFileSync(join(dir, "tools", "sub", "server.mjs"), serverScript(`${who}-cwd`), { mode: 0o755 })
    }
    p.writeSettings(
      "user",
      settings(
        {
          UserPromptSubmit: [
            group([
              { type: "mcp_tool", server: "byArgs", tool: "check", input: {}, timeout: 20 },
              { type: "mcp_tool", server: "byCwd", tool: "check", input: {}, timeout: 20 }
            ])
          ]
        },
        {
          mcpServers: {
            byArgs: { command: node24, args: ["tools/server.mjs"], env: { RAN_DIR: p.root } },
            byCwd: { command: node24, args: ["server.mjs"], cwd: "tools/sub", env: { RAN_DIR: p.root } }
          }
        }
      )
    )
    writeFileSync(
      join(managed, "managed-settings.json"),
      JSON.stringify(
        settings(askServer("byCommand"), {
          mcpServers: { byCommand: { command: "./tools/server.mjs", env: { RAN_DIR: p.root } } }
        })
      )
    )
    // The project's own settings are untrusted: they count for nothing, and its files must not run.
    p.writeSettings("project", settings(askServer("byArgs")))
    const result = await runHooksPromise({
      event: "UserPromptSubmit",
      payload: { prompt: "hi" },
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env,
      managedSettingsDir: managed
    })
    for (const who of ["project-args", "project-cwd"])
      assert.strictEqual(ran(p, who), undefined, `the project's ${who} script ran`)
    const contexts = result.effects
      .filter((e) => e._tag === "InjectContext")
      .map((e) => whereOf((e as { text: string }).text))
    const home = realpathSync(p.home)
    assert.sameDeepMembers(contexts, [
      { cwd: home, WAVE_PROJECT_DIR: p.dir, CLAUDE_PROJECT_DIR: "(unset)" },
      { cwd: join(home, "tools", "sub"), WAVE_PROJECT_DIR: p.dir, CLAUDE_PROJECT_DIR: "(unset)" },
      { cwd: home, WAVE_PROJECT_DIR: p.dir, CLAUDE_PROJECT_DIR: "(unset)" }
    ])
    assert.strictEqual(ran(p, "home-args"), home)
    assert.strictEqual(ran(p, "home-cwd"), join(home, "tools", "sub"))
  }, 60_000)

  it("a user server that relied on the project's files fails saying where it started and what to do; a missing cwd is named", async () => {
    const p = makeProject()
    p.writeFile("tools/server.mjs", serverScript("project"))
    p.writeSettings(
      "user",
      settings(
        {
          UserPromptSubmit: [
            group([
              { type: "mcp_tool", server: "relative", tool: "check", input: {}, timeout: 20 },
              { type: "mcp_tool", server: "nowhere", tool: "check", input: {}, timeout: 20 }
            ])
          ]
        },
        {
          mcpServers: {
            relative: { command: node24, args: ["tools/server.mjs"], env: { RAN_DIR: p.root } },
            nowhere: { command: node24, args: [rawServer], cwd: "no-such-folder" }
          }
        }
      )
    )
    const result = await runHooksPromise({
      event: "UserPromptSubmit",
      payload: { prompt: "hi" },
      projectDir: p.dir,
      homeDir: p.home,
      env: p.env
    })
    const errors = result.effects.flatMap((e) => (e._tag === "ShowUser" ? [e.text] : []))
    assert.strictEqual(ran(p, "project"), undefined)
    assert.isTrue(
      errors.some(
        (t) =>
          t.includes('the MCP server "relative" could not be started') &&
          t.includes(
            `(it started in ${p.home}: a server of user or managed settings does not start in the project, so give it absolute paths, or declare it in the project's settings)`
          )
      ),
      JSON.stringify(errors)
    )
    assert.isTrue(
      errors.some((t) =>
        t.includes(`its working directory ${JSON.stringify(join(p.home, "no-such-folder"))} does not exist`)
      ),
      JSON.stringify(errors)
    )
  }, 60_000)

  it("a HookSession (long-lived, as serve and mcp-proxy run hooks): the user's server starts in the session's home, across events", async () => {
    const p = makeProject()
    p.writeFile("tools/server.mjs", serverScript("project"))
    mkdirSync(join(p.home, "tools"), { recursive: true })
    writeFileSync(join(p.home, "tools", "server.mjs"), serverScript("home"), { mode: 0o755 })
    p.writeSettings(
      "user",
      settings(askServer("mine"), {
        mcpServers: { mine: { command: node24, args: ["tools/server.mjs"], env: { RAN_DIR: p.root } } }
      })
    )
    const session = await HookSession.startPromise({ projectDir: p.dir, homeDir: p.home, env: p.env })
    try {
      for (const prompt of ["a", "b"]) {
        const { effects } = await session.firePromise("UserPromptSubmit", { prompt })
        assert.strictEqual(contextOf(effects).cwd, realpathSync(p.home))
      }
      assert.strictEqual(ran(p, "project"), undefined)
    } finally {
      await session.closePromise()
    }
  }, 60_000)

  it("a trusted project's server still starts in the project (claude-code dialect: CLAUDE_PROJECT_DIR too)", async () => {
    const p = makeProject()
    p.writeFile("tools/server.mjs", serverScript("project"))
    p.writeSettings(
      "project",
      settings(askServer("local"), {
        mcpServers: { local: { command: node24, args: ["tools/server.mjs"], env: { RAN_DIR: p.root } } }
      }),
      "claude-code"
    )
    const result = await p.run("UserPromptSubmit", { prompt: "hi" }, { dialect: "claude-code" })
    const dir = realpathSync(p.dir)
    assert.deepStrictEqual(contextOf(result.effects), { cwd: dir, WAVE_PROJECT_DIR: p.dir, CLAUDE_PROJECT_DIR: p.dir })
    assert.strictEqual(ran(p, "project"), dir)
  }, 60_000)

  it.effect(
    "McpTools.layer: the call's serverScope picks the directory; an entry moved from project to user settings restarts in the home",
    () =>
      Effect.gen(function* () {
        const project = realpathSync(tempDir())
        const home = realpathSync(tempDir())
        const log = join(tempDir(), "server.log")
        const entry = rawStdioEntry("cwd", log)
        const where = (serverScope?: "project" | "user" | "managed" | "local") =>
          Effect.map(
            runMcpToolHook(
              { server: "p", tool: "check" },
              {
                payload: {},
                timeoutMs: 20_000,
                servers: { p: entry },
                ...(serverScope === undefined ? {} : { serverScopes: { p: serverScope } })
              }
            ),
            ({ run }) => whereOf(run.stdout).cwd
          )
        yield* Effect.gen(function* () {
          assert.strictEqual(yield* where(), project, "no scopes given: the layer's cwd")
          assert.strictEqual(yield* where("project"), project)
          assert.strictEqual(yield* where("local"), project)
          assert.strictEqual(yield* where("user"), home)
          assert.strictEqual(yield* where("managed"), home)
          // Scopes given without the server's name: taken as the user's.
          const { run } = yield* runMcpToolHook(
            { server: "p", tool: "check" },
            { payload: {}, timeoutMs: 20_000, servers: { p: entry }, serverScopes: {} }
          )
          assert.strictEqual(whereOf(run.stdout).cwd, home)
        }).pipe(Effect.provide(McpTools.layer({ cwd: project, homeDir: home, killGraceMs: 300 })))
        // Started again when the directory changed (project -> home), the same server kept otherwise.
        assert.strictEqual(startedPids(log).length, 2)
        killLeftovers(startedPids(log))
      }),
    60_000
  )
})

describe("allowedHttpHookUrls covers http MCP servers; redirects are not followed (finding 17)", () => {
  it("a managed allowedHttpHookUrls of [] keeps an http MCP server from being contacted; the run names the URL and the list", async () => {
    const p = makeProject()
    const log = join(p.root, "http.log")
    const server = await startRawHttpServer({ RAW_HTTP_LOG: log })
    const managed = tempDir()
    writeFileSync(join(managed, "managed-settings.json"), JSON.stringify({ allowedHttpHookUrls: [] }))
    p.writeSettings(
      "user",
      settings(
        {
          PreToolUse: [
            group([{ type: "mcp_tool", server: "egress", tool: "check", input: {}, timeout: 10, onFailure: "block" }])
          ]
        },
        { mcpServers: { egress: { type: "http", url: `${server.base}/mcp-egress` } } }
      )
    )
    try {
      const { json, result } = await runEvent(
        p,
        "PreToolUse",
        { tool_name: "Bash", tool_input: { command: "ls" } },
        {
          env: { WAVE_HOOKS_MANAGED_SETTINGS_DIR: managed }
        }
      )
      assert.strictEqual(result.status, 2, result.stderr)
      assert.deepStrictEqual(
        json.effects.map((e) => e._tag),
        ["BlockTool"]
      )
      assert.include(
        json.effects[0]!.reason,
        `the MCP server "egress" was not contacted: its URL ${server.base}/mcp-egress is not allowed: allowedHttpHookUrls is []`
      )
      assert.isFalse(existsSync(log) && readFileSync(log, "utf8").includes("mcp-egress"), "the server was contacted")
    } finally {
      server.stop()
    }
  }, 60_000)

  it("a URL no pattern matches is refused naming the patterns; one that matches is called", async () => {
    const p = makeProject()
    const log = join(p.root, "http.log")
    const server = await startRawHttpServer({ RAW_HTTP_LOG: log })
    p.writeSettings(
      "user",
      settings(
        {
          UserPromptSubmit: [
            group([
              { type: "mcp_tool", server: "allowed", tool: "check", input: { n: 1 }, timeout: 10 },
              { type: "mcp_tool", server: "elsewhere", tool: "check", input: { n: 2 }, timeout: 10 }
            ])
          ]
        },
        {
          allowedHttpHookUrls: [`${server.base}/mcp`],
          mcpServers: {
            allowed: { type: "http", url: `${server.base}/mcp` },
            elsewhere: { type: "http", url: `${server.base}/other` }
          }
        }
      )
    )
    try {
      const { json } = await runEvent(p, "UserPromptSubmit", { prompt: "hi" })
      assert.deepStrictEqual(
        json.effects.filter((e) => e._tag === "InjectContext").map((e) => e.text),
        ["ok n=1"]
      )
      const errors = json.effects.filter((e) => e._tag === "ShowUser").map((e) => e.text ?? "")
      assert.isTrue(
        errors.some((t) =>
          t.includes(`its URL ${server.base}/other matches no allowedHttpHookUrls pattern ("${server.base}/mcp")`)
        ),
        JSON.stringify(json.effects)
      )
      assert.notInclude(readFileSync(log, "utf8"), "/other")
    } finally {
      server.stop()
    }
  }, 60_000)

  it("a server that answers with a redirect (307, same origin) is not followed; the run names the status and the target", async () => {
    const p = makeProject()
    const log = join(p.root, "http.log")
    const server = await startRawHttpServer({ RAW_HTTP_LOG: log })
    p.writeSettings(
      "user",
      settings(
        {
          PreToolUse: [
            group([{ type: "mcp_tool", server: "moved", tool: "check", input: {}, timeout: 10, onFailure: "block" }])
          ]
        },
        { mcpServers: { moved: { type: "http", url: `${server.base}/redirect` } } }
      )
    )
    try {
      const { json } = await runEvent(p, "PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
      assert.deepStrictEqual(
        json.effects.map((e) => e._tag),
        ["BlockTool"]
      )
      assert.include(
        json.effects[0]!.reason,
        `the MCP server "moved" answered 307 (a redirect to ${server.base}/mcp), which is not followed`
      )
      assert.deepStrictEqual(
        readFileSync(log, "utf8")
          .split("\n")
          .filter((l) => l.includes("/mcp")),
        [],
        "the redirect was followed"
      )
    } finally {
      server.stop()
    }
  }, 60_000)
})
