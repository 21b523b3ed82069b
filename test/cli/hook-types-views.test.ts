/**
 * What the CLI shows of the hook types (issue 13): `list` names each hook's
 * type and target (never its headers), `run --explain` the rule and the hook
 * with its handler type behind each effect (`trace` with `--json`), and
 * `validate` the checks that need every file. The built CLI as a process,
 * a real local HTTP policy server, a temp HOME.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"

const deny = JSON.stringify({
  hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no rm -rf" }
})
const server = createServer((req, res) => {
  req.resume()
  req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(deny))
})
let url = ""

beforeAll(async () => {
  ensureCliBuilt()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  url = `http://bot:s3cret@127.0.0.1:${(server.address() as AddressInfo).port}/pre`
}, 180_000)
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  removeTempProjects()
})

/** A trusted project with an http guard (credentials in its URL, a token in a header), a prompt hook and a command hook. */
const project = async () => {
  const p = makeProject()
  p.writeSettings("project", {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "http", url, headers: { Authorization: "Bearer literal-header-secret" } },
            { type: "prompt", prompt: "Is this safe? $ARGUMENTS", model: "llama3.2" },
            { type: "command", command: "true" }
          ]
        }
      ]
    }
  })
  await p.trust()
  return p
}

describe("list", () => {
  it("--json rows carry type and target; the URL's credentials and the headers are never shown", async () => {
    const p = await project()
    const r = await runCli(["list", "--json", "--project-dir", p.dir], { env: p.env })
    assert.strictEqual(r.status, 0, r.stderr)
    const rows = (JSON.parse(r.stdout) as { hooks: ReadonlyArray<Record<string, unknown>> }).hooks
    assert.deepStrictEqual(
      rows.map((h) => [h["type"], h["target"]]),
      [
        ["http", url.replace("bot:s3cret@", "***@")],
        ["prompt", "model llama3.2"],
        ["command", undefined]
      ]
    )
    assert.notInclude(r.stdout, "s3cret")
    assert.notInclude(r.stdout, "literal-header-secret")
  })

  it("the text names the type of every hook that is not a command", async () => {
    const p = await project()
    const r = await runCli(["list", "--project-dir", p.dir], { env: p.env })
    assert.strictEqual(r.status, 0, r.stderr)
    assert.match(r.stdout, /PreToolUse {2}matcher Bash {2}\[http\] POST http:\/\/\*\*\*@127\.0\.0\.1:\d+\/pre/)
    assert.match(r.stdout, /\[prompt\] prompt: Is this safe\? \$ARGUMENTS \(model llama3\.2\)/)
    assert.notInclude(r.stdout, "s3cret")
  })
})

describe("run --explain", () => {
  it("names the rule and the hook with its handler type behind each effect; --json gives it as trace", async () => {
    const p = await project()
    // No model endpoint: the prompt hook fails (a non-blocking error), the http hook denies.
    const env = Object.fromEntries(
      Object.entries(p.env).filter(([k]) => !k.startsWith("OPENAI_") && k !== "WAVE_HOOKS_MODEL")
    )
    const input = JSON.stringify({ tool_name: "Bash", tool_input: { command: "rm -rf /" } })
    const text = await runCli(["run", "PreToolUse", "--project-dir", p.dir, "--payload", "-", "--explain"], {
      env,
      input
    })
    assert.strictEqual(text.status, 2, text.stderr)
    assert.match(
      text.stdout,
      /BlockTool\n {5}reason {3}"no rm -rf"\n {5}seen by {2}the model\n {5}rule {5}.+\n {5}by {7}http hook POST http:\/\/\*\*\*@127\.0\.0\.1:\d+\/pre \(.+settings\.json \$\.hooks\.PreToolUse\[0\]\.hooks\[0\]\)/
    )
    assert.match(text.stdout, /by {7}prompt hook prompt: Is this safe/)
    const json = await runCli(["run", "PreToolUse", "--project-dir", p.dir, "--payload", "-", "--explain", "--json"], {
      env,
      input
    })
    const out = JSON.parse(json.stdout) as {
      effects: ReadonlyArray<unknown>
      trace: ReadonlyArray<{ effect: { _tag: string }; rule: string; hook?: { type: string; path: string } }>
    }
    assert.strictEqual(out.trace.length, out.effects.length)
    assert.deepStrictEqual(
      out.trace.map((t) => t.effect),
      out.effects
    )
    const block = out.trace.find((t) => t.effect._tag === "BlockTool")
    assert.deepInclude(block?.hook ?? {}, { type: "http", path: "$.hooks.PreToolUse[0].hooks[0]" })
    assert.isAbove(block?.rule.length ?? 0, 0)
  })
})

describe("validate", () => {
  it("reports an mcp_tool server no file declares (with the close name), from the whole set of files", async () => {
    const p = makeProject()
    p.writeSettings("user", { mcpServers: { guard: { command: "node", args: ["guard.js"] } } })
    p.writeSettings("project", {
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: "mcp_tool", server: "gaurd", tool: "check" },
              { type: "mcp_tool", server: "guard", tool: "check" }
            ]
          }
        ]
      }
    })
    const r = await runCli(["validate", "--project-dir", p.dir], { env: p.env })
    assert.strictEqual(r.status, 1, r.stdout + r.stderr)
    const lines = r.stdout.trim().split("\n")
    assert.strictEqual(lines.length, 1, r.stdout)
    assert.match(
      lines[0]!,
      /\$\.hooks\.PreToolUse\[0\]\.hooks\[0\]\.server: no MCP server named "gaurd" is declared in mcpServers; did you mean "guard"\?/
    )
  })

  it("warns about a prompt hook on PermissionRequest: its answer changes nothing there", async () => {
    const p = makeProject()
    p.writeSettings("project", {
      hooks: { PermissionRequest: [{ hooks: [{ type: "prompt", prompt: "Allow? $ARGUMENTS" }] }] }
    })
    const r = await runCli(["validate", "--project-dir", p.dir], { env: p.env })
    assert.strictEqual(r.status, 0, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      /\$\.hooks\.PermissionRequest\[0\]\.hooks\[0\]\.type: warning: a prompt hook's answer changes nothing on PermissionRequest/
    )
  })
})
