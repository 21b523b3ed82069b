/**
 * `mcp-proxy`'s flag checks (`upstreamOf`, `listenOf`, the token file), run
 * through the built CLI: each bad combination is a usage error (exit 2)
 * naming the problem, with the usage line made from `mcpProxyParams`, before
 * anything starts (nothing on stdout, no upstream started).
 */
import { assert, beforeAll, describe, it } from "@effect/vitest"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { mcpProxyParams } from "../../src/cli/mcp-proxy-command.ts"
import { usageLine } from "../../src/cli/flag-spec.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"

/** An upstream command that must never start: a usage error comes first. */
const upstream = ["node", "-e", "process.exit(7)"]
const missingFile = join(tmpdir(), "wave-hooks-mcp-usage-no-such-token")

const rows: ReadonlyArray<readonly [string, ReadonlyArray<string>, string]> = [
  ["neither an upstream command nor --url", [], "Give the upstream MCP server after the flags"],
  [
    "both --url and a command",
    ["--url", "http://127.0.0.1:1/mcp", ...upstream],
    "Give either --url or COMMAND, not both."
  ],
  ["--listen that is not HOST:PORT", ["--listen", "8808", ...upstream], "--listen 8808 is not HOST:PORT"],
  [
    "--token-file without --listen",
    ["--token-file", missingFile, ...upstream],
    "--token-file only apply with --listen"
  ],
  [
    "--allow-remote and --allow-host without --listen",
    ["--allow-remote", "--allow-host", "gw.local", ...upstream],
    "--allow-remote, --allow-host only apply with --listen HOST:PORT."
  ],
  [
    "a --session-idle-timeout that is not positive",
    ["--session-idle-timeout", "0", ...upstream],
    "--session-idle-timeout 0 is not a timeout"
  ],
  [
    "a literal address beyond loopback without --allow-remote",
    ["--listen", "10.1.2.3:8808", ...upstream],
    "10.1.2.3 is not a loopback address"
  ],
  [
    "a --token-file that does not exist",
    ["--listen", "127.0.0.1:0", "--token-file", missingFile, ...upstream],
    `--token-file ${missingFile}: the file does not exist.`
  ]
]

const results = new Map<string, Awaited<ReturnType<typeof runCli>>>()

beforeAll(async () => {
  ensureCliBuilt()
  const env = { PATH: process.env["PATH"], HOME: tmpdir() }
  for (const [name, args] of rows) results.set(name, await runCli(["mcp-proxy", ...args], { env, cwd: tmpdir() }))
}, 180_000)

describe("mcp-proxy refuses bad flag combinations before starting anything", () => {
  for (const [name, , message] of rows) {
    it(name, () => {
      const r = results.get(name)!
      assert.strictEqual(r.status, 2, r.stderr)
      assert.strictEqual(r.stdout, "")
      assert.include(r.stderr, message)
      assert.include(r.stderr, `\n\nUsage: ${usageLine("mcp-proxy", mcpProxyParams)}\n`)
    })
  }
})
