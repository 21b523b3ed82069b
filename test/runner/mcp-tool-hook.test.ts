/**
 * `mcp_tool` hooks against real MCP server processes: the fixture server
 * (test/fixtures/mcp/verdict-server.ts, the SDK's McpServer over stdio) and
 * the published `@modelcontextprotocol/server-filesystem`. Servers start on
 * first use, are kept across calls, and are gone (by pid) when the layer's
 * scope closes, a server that ignores the end of its stdin and SIGTERM
 * included. Plus the test layer.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { afterAll, assert, describe, it } from "@effect/vitest"
import { z } from "zod"
import { Effect } from "effect"
import { decide } from "../../src/core/decide.ts"
import type { McpToolCall, StartedMcpServer } from "../../src/runner/mcp-client.ts"
import { McpTools } from "../../src/runner/mcp-client.ts"
import { runMcpToolHook } from "../../src/runner/mcp-tool-hook.ts"
import type { McpServerConfig } from "../../src/settings/mcp-tool-hook-config.ts"
import { exists } from "../helpers/processes.ts"

const fixture = resolve(import.meta.dirname, "../fixtures/mcp/verdict-server.ts")
const filesystemServer = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-filesystem/dist/index.js")
const dir = mkdtempSync(join(tmpdir(), "wave-hooks-mcp-"))
writeFileSync(join(dir, "notes.txt"), "remember the milk\n")
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const servers: { readonly [name: string]: McpServerConfig } = {
  guard: { command: process.execPath, args: [fixture] },
  family: { command: process.execPath, args: [fixture, "--child"] },
  stubborn: { command: process.execPath, args: [fixture, "--stubborn"] },
  fs: { command: process.execPath, args: [filesystemServer, dir] },
  broken: { command: join(dir, "no-such-program") },
  crashes: {
    command: process.execPath,
    args: ["-e", "process.stderr.write('cannot open the policy db'); process.exit(3)"]
  }
}

const layer = () => McpTools.layer({ servers, cwd: dir, killGraceMs: 200 })
const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } })

describe("McpTools.layer with the fixture server", () => {
  it.effect(
    "a verdict as JSON text decides like a command's stdout; the server starts once and is gone after close",
    () =>
      Effect.gen(function* () {
        let started: ReadonlyArray<StartedMcpServer> = []
        yield* Effect.gen(function* () {
          const hook = { server: "guard", tool: "check_command", input: { command: "${tool_input.command}" } }
          const denied = yield* runMcpToolHook(hook, { payload: bash("rm -rf /"), timeoutMs: 20_000 })
          assert.strictEqual(denied.run.exitCode, 0)
          assert.strictEqual(denied.run.command, "mcp guard/check_command")
          assert.deepStrictEqual(decide("PreToolUse", denied.run), [
            { _tag: "BlockTool", reason: "rm -rf is not allowed: rm -rf /" }
          ])
          const allowed = yield* runMcpToolHook(hook, { payload: bash("ls"), timeoutMs: 20_000 })
          assert.deepStrictEqual(decide("PreToolUse", allowed.run), [{ _tag: "AllowTool" }])
          const tools = yield* McpTools
          started = yield* tools.started
        }).pipe(Effect.provide(layer()))
        assert.strictEqual(started.length, 1)
        assert.strictEqual(started[0]!.name, "guard")
        assert.isNumber(started[0]!.pid)
        assert.isFalse(exists(started[0]!.pid!), `the server (pid ${started[0]!.pid}) outlived the layer`)
      })
  )

  it.effect("concurrent first calls share one start; the layer's env reaches the server under its own", () =>
    Effect.gen(function* () {
      const hook = { server: "guard", tool: "echo", input: { text: "${tool_name}" } }
      const runs = yield* Effect.all(
        Array.from({ length: 4 }, (_, i) =>
          runMcpToolHook(hook, { payload: { tool_name: `T${i}` }, timeoutMs: 20_000 })
        ),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(
        runs.map((r) => r.run.stdout),
        ["T0", "T1", "T2", "T3"]
      )
      const tools = yield* McpTools
      assert.strictEqual((yield* tools.started).length, 1)
      const env = yield* runMcpToolHook(
        { server: "guard", tool: "env", input: { names: ["WAVE_PROJECT_DIR", "SECRET_OF_THE_AGENT", "OWN"] } },
        { payload: {}, timeoutMs: 20_000 }
      )
      assert.deepStrictEqual(JSON.parse(env.run.stdout), { WAVE_PROJECT_DIR: dir, OWN: "from the server entry" })
    }).pipe(
      Effect.provide(
        McpTools.layer({
          servers: { guard: { command: process.execPath, args: [fixture], env: { OWN: "from the server entry" } } },
          cwd: dir,
          env: { WAVE_PROJECT_DIR: dir, OWN: "overridden" }
        })
      )
    )
  )

  it.effect(
    "isError is a non-blocking error with the tool's text (blocking with onFailure block); an unknown tool too",
    () =>
      Effect.gen(function* () {
        const failed = yield* runMcpToolHook(
          { server: "guard", tool: "fail" },
          { payload: bash("ls"), timeoutMs: 20_000 }
        )
        assert.strictEqual(failed.run.exitCode, 1)
        assert.strictEqual(failed.run.stderr, "the policy store is unreachable")
        assert.deepStrictEqual(decide("PreToolUse", failed.run), [
          { _tag: "ShowUser", level: "error", text: "the policy store is unreachable" }
        ])
        assert.strictEqual(
          decide("PreToolUse", failed.run, { dialect: "wave", onFailure: "block" })[0]!._tag,
          "BlockTool"
        )
        const unknown = yield* runMcpToolHook(
          { server: "guard", tool: "no_such_tool" },
          { payload: bash("ls"), timeoutMs: 20_000 }
        )
        assert.strictEqual(unknown.run.exitCode, 1)
        assert.include(unknown.run.stderr, "Tool no_such_tool not found")
      }).pipe(Effect.provide(layer()))
  )

  it.effect("a timeout is a timed-out run and the server stays up for the next call", () =>
    Effect.gen(function* () {
      // Started first, so the timeout below falls on the call, not on a slow start.
      yield* runMcpToolHook(
        { server: "guard", tool: "echo", input: { text: "up" } },
        { payload: {}, timeoutMs: 20_000 }
      )
      const tools = yield* McpTools
      const before = yield* tools.started
      assert.strictEqual(before.length, 1)
      const slow = yield* runMcpToolHook(
        { server: "guard", tool: "slow", input: { ms: 5000 } },
        { payload: {}, timeoutMs: 300 }
      )
      assert.strictEqual(slow.run.exitCode, null)
      assert.isTrue(slow.run.timedOut)
      const next = yield* runMcpToolHook(
        { server: "guard", tool: "echo", input: { text: "still here" } },
        { payload: {}, timeoutMs: 20_000 }
      )
      assert.strictEqual(next.run.stdout, "still here")
      assert.deepStrictEqual(yield* tools.started, before)
    }).pipe(Effect.provide(layer()))
  )

  it.effect("non-text content is left out and named in a note; the text is read", () =>
    Effect.gen(function* () {
      const { run, notes } = yield* runMcpToolHook(
        { server: "guard", tool: "picture" },
        { payload: {}, timeoutMs: 20_000 }
      )
      assert.strictEqual(run.exitCode, 0)
      assert.strictEqual(run.stdout, "see the picture")
      assert.strictEqual(notes.length, 1)
      assert.include(notes[0]!, '1 content item that is not text ("image")')
    }).pipe(Effect.provide(layer()))
  )

  it.effect(
    "an undeclared server, a program that does not exist and a server that exits at once are failure runs that say why",
    () =>
      Effect.gen(function* () {
        const undeclared = yield* runMcpToolHook({ server: "nope", tool: "t" }, { payload: {}, timeoutMs: 20_000 })
        assert.strictEqual(undeclared.run.exitCode, null)
        assert.include(
          undeclared.run.spawnError ?? "",
          'no MCP server named "nope" is declared in mcpServers (declared: "guard"'
        )
        const broken = yield* runMcpToolHook({ server: "broken", tool: "t" }, { payload: {}, timeoutMs: 20_000 })
        assert.strictEqual(broken.run.exitCode, null)
        assert.match(
          broken.run.spawnError ?? "",
          /the MCP server "broken" could not be started \(.*ENOENT.*\); check mcpServers\.broken\.command/
        )
        const crashes = yield* runMcpToolHook({ server: "crashes", tool: "t" }, { payload: {}, timeoutMs: 20_000 })
        assert.strictEqual(crashes.run.exitCode, null)
        assert.include(crashes.run.spawnError ?? "", 'the MCP server "crashes"')
        assert.include(crashes.run.spawnError ?? "", "cannot open the policy db")
        assert.match(decide("PreToolUse", crashes.run)[0]!._tag, /ShowUser/)
      }).pipe(Effect.provide(layer()))
  )

  it.effect(
    "closing leaves no process: a server's child is gone, and a server that ignores stdin's end and SIGTERM is killed",
    () =>
      Effect.gen(function* () {
        let pids: Array<number> = []
        yield* Effect.gen(function* () {
          const child = yield* runMcpToolHook(
            { server: "family", tool: "child_pid" },
            { payload: {}, timeoutMs: 20_000 }
          )
          const stubborn = yield* runMcpToolHook(
            { server: "stubborn", tool: "pid" },
            { payload: {}, timeoutMs: 20_000 }
          )
          const tools = yield* McpTools
          pids = [Number(child.run.stdout), Number(stubborn.run.stdout), ...(yield* tools.started).map((s) => s.pid!)]
          assert.strictEqual(pids.length, 4)
          for (const pid of pids) assert.isTrue(exists(pid), `pid ${pid} should run while the layer is open`)
        }).pipe(Effect.provide(layer()))
        for (const pid of pids) assert.isFalse(exists(pid), `pid ${pid} outlived the layer`)
      })
  )
})

describe("McpTools.layer with servers from each event's settings", () => {
  it.effect(
    "the entry travels with the call; an edited entry restarts its server (the old one gone by pid); an undeclared one is not called",
    () =>
      Effect.gen(function* () {
        const tools = yield* McpTools
        const hook = { server: "guard", tool: "pid" }
        const v1 = { guard: { command: process.execPath, args: [fixture], env: { V: "1" } } }
        const first = yield* runMcpToolHook(hook, { payload: {}, timeoutMs: 20_000, servers: v1 })
        const again = yield* runMcpToolHook(hook, {
          payload: {},
          timeoutMs: 20_000,
          servers: { guard: { ...v1.guard, env: { V: "1" } } }
        })
        assert.strictEqual(again.run.stdout, first.run.stdout)
        const v2 = { guard: { command: process.execPath, args: [fixture], env: { V: "2" } } }
        const edited = yield* runMcpToolHook(hook, { payload: {}, timeoutMs: 20_000, servers: v2 })
        assert.notStrictEqual(edited.run.stdout, first.run.stdout)
        assert.deepStrictEqual(
          (yield* tools.started).map((s) => s.pid),
          [Number(edited.run.stdout)]
        )
        const undeclared = yield* runMcpToolHook(
          { server: "fs", tool: "list_directory" },
          { payload: {}, timeoutMs: 20_000, servers: v2 }
        )
        assert.include(
          undeclared.run.spawnError ?? "",
          'no MCP server named "fs" is declared in mcpServers (declared: "guard")'
        )
        assert.deepStrictEqual((yield* tools.started).length, 1)
        // The retired server is closed in the background; the layer's close waits for it.
        return Number(first.run.stdout)
      }).pipe(
        Effect.provide(McpTools.layer({ cwd: dir, killGraceMs: 200 })),
        Effect.map((oldPid) => assert.isFalse(exists(oldPid), `the replaced server (pid ${oldPid}) outlived the layer`))
      )
  )
})

describe("McpTools.layer with @modelcontextprotocol/server-filesystem", () => {
  it.effect("read_text_file of ${tool_input.file_path} and list_directory on a temp dir", () =>
    Effect.gen(function* () {
      const read = yield* runMcpToolHook(
        { server: "fs", tool: "read_text_file", input: { path: "${tool_input.file_path}" } },
        { payload: { tool_name: "Read", tool_input: { file_path: join(dir, "notes.txt") } }, timeoutMs: 20_000 }
      )
      assert.strictEqual(read.run.exitCode, 0)
      assert.strictEqual(read.run.stdout, "remember the milk\n")
      // Plain text on UserPromptSubmit is context, as a command's stdout would be.
      assert.deepStrictEqual(decide("UserPromptSubmit", read.run), [
        { _tag: "InjectContext", text: "remember the milk" }
      ])
      const listed = yield* runMcpToolHook(
        { server: "fs", tool: "list_directory", input: { path: dir } },
        { payload: {}, timeoutMs: 20_000 }
      )
      assert.include(listed.run.stdout, "[FILE] notes.txt")
      const outside = yield* runMcpToolHook(
        { server: "fs", tool: "read_text_file", input: { path: "/etc/hostname" } },
        { payload: {}, timeoutMs: 20_000 }
      )
      assert.strictEqual(outside.run.exitCode, 1)
      assert.include(outside.run.stderr, "Access denied")
    }).pipe(Effect.provide(layer()))
  )
})

describe("McpTools.layer with a Streamable HTTP server", () => {
  it.effect("type http: the tool is called over HTTP with the declared headers", () =>
    Effect.gen(function* () {
      const authorizations: Array<string | undefined> = []
      const server = http.createServer((req, res) => {
        authorizations.push(req.headers.authorization)
        // Stateless (no sessionIdGenerator): a server and transport per request, as in the SDK's example.
        const mcp = new McpServer({ name: "http-guard", version: "1.0.0" })
        mcp.registerTool("check_command", { inputSchema: { command: z.string() } }, ({ command }) => ({
          content: [{ type: "text", text: JSON.stringify({ decision: "block", reason: `http says no to ${command}` }) }]
        }))
        const transport = new StreamableHTTPServerTransport({})
        res.on("close", () => {
          void transport.close()
          void mcp.close()
        })
        void mcp.connect(transport).then(() => transport.handleRequest(req, res))
      })
      yield* Effect.acquireRelease(
        Effect.promise(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))),
        () =>
          Effect.promise(
            () =>
              new Promise<void>((resolve) => {
                server.closeAllConnections()
                server.close(() => resolve())
              })
          )
      )
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`
      const { run } = yield* runMcpToolHook(
        { server: "remote", tool: "check_command", input: { command: "${tool_input.command}" } },
        { payload: { tool_name: "Bash", tool_input: { command: "make deploy" } }, timeoutMs: 20_000 }
      ).pipe(
        Effect.provide(
          McpTools.layer({
            servers: { remote: { type: "http", url, headers: { Authorization: "Bearer t" } } },
            cwd: dir
          })
        )
      )
      assert.deepStrictEqual(decide("Stop", run), [{ _tag: "BlockStop", reason: "http says no to make deploy" }])
      assert.isAbove(authorizations.length, 0)
      assert.isTrue(authorizations.every((a) => a === "Bearer t"))
    }).pipe(Effect.scoped)
  )
})

describe("McpTools.layerTest and substitution", () => {
  it.effect("a placeholder the payload lacks: the tool is not called, a non-blocking error names it", () =>
    Effect.gen(function* () {
      const calls: Array<McpToolCall> = []
      const canned = McpTools.layerTest({ "guard/check_command": { content: [{ type: "text", text: "{}" }] } }, calls)
      const { run } = yield* runMcpToolHook(
        { server: "guard", tool: "check_command", input: { command: "${tool_input.command}" } },
        { payload: { tool_name: "Read", tool_input: { file_path: "/a" } }, timeoutMs: 1000 }
      ).pipe(Effect.provide(canned))
      assert.deepStrictEqual(calls, [])
      assert.strictEqual(run.exitCode, 1)
      assert.include(run.stderr, "$.input.command names ${tool_input.command}")
      const ok = yield* runMcpToolHook(
        { server: "guard", tool: "check_command", input: { command: "${tool_input.command}", depth: 2 } },
        { payload: bash("ls"), timeoutMs: 1000 }
      ).pipe(Effect.provide(canned))
      assert.strictEqual(ok.run.exitCode, 0)
      assert.deepStrictEqual(calls, [
        { server: "guard", tool: "check_command", input: { command: "ls", depth: 2 }, timeoutMs: 1000 }
      ])
    })
  )
})
