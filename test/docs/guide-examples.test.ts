/**
 * The example files the guides include (examples/guides/**) are real and valid: every settings file
 * passes `validateSettings` without an error or a warning, every MCP client configuration runs the
 * installed `wave-hooks mcp-proxy` (never `npx -y -p wave-hooks`: the package is not on a registry),
 * and every hook script parses in bash and is executable.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { accessSync, constants, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { validateSettings } from "../../src/index.ts"
import { docsMarkdownFiles } from "../../scripts/docs-markdown.ts"
import { repoRoot } from "../helpers/cli-process.ts"

const examplesRoot = join(repoRoot, "examples/guides")

/** Every file under examples/guides, relative to the repository, dot folders included. */
const exampleFiles = (dir = examplesRoot): ReadonlyArray<string> =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? exampleFiles(join(dir, name)) : [relative(repoRoot, join(dir, name))]
  )

const files = exampleFiles()
const settingsFiles = files.filter((f) => f.endsWith("settings.json"))
const clientConfigs = files.filter(
  (f) => f.startsWith("examples/guides/mcp-gateway/") && !f.endsWith("settings.json") && f.endsWith(".json")
)
const scripts = files.filter((f) => f.endsWith(".sh"))

describe("guide examples", () => {
  it("has the settings files, client configurations and scripts the guides include", () => {
    assert.isAtLeast(settingsFiles.length, 7)
    assert.strictEqual(clientConfigs.length, 4)
    assert.isAtLeast(scripts.length, 3)
  })

  for (const dialect of ["wave", "claude-code"] as const) {
    it(`every settings file validates with hooks and no diagnostic (${dialect} dialect)`, () => {
      for (const file of settingsFiles) {
        const validated = validateSettings(readFileSync(join(repoRoot, file), "utf8"), {
          file,
          scope: "project",
          dialect
        })
        assert.isTrue(validated.readable, `${file} is not JSON`)
        assert.deepStrictEqual(validated.diagnostics, [], file)
        assert.isAbove(validated.hooks.length, 0, `${file} configures no hook`)
      }
    })
  }

  it("every MCP client configuration runs the installed wave-hooks mcp-proxy", () => {
    for (const file of clientConfigs) {
      const config = JSON.parse(readFileSync(join(repoRoot, file), "utf8")) as Record<
        string,
        Record<string, { command: string; args: ReadonlyArray<string> }>
      >
      const servers = Object.values(config["mcpServers"] ?? config["servers"] ?? {})
      assert.isAbove(servers.length, 0, `${file} declares no server`)
      for (const server of servers) {
        assert.strictEqual(server.command, "wave-hooks", file)
        assert.strictEqual(server.args[0], "mcp-proxy", file)
        assert.include(server.args, "--name", file)
        assert.notInclude(server.args, "-y", `${file} downloads a package when the client starts it`)
      }
    }
  })

  it("every hook script is executable and parses in bash", () => {
    for (const file of scripts) {
      accessSync(join(repoRoot, file), constants.X_OK)
      const result = spawnSync("bash", ["-n", join(repoRoot, file)], { encoding: "utf8" })
      assert.strictEqual(result.status, 0, `${file}: ${result.stderr}`)
    }
  })

  it("no page runs wave-hooks from a registry (npx -p wave-hooks): the package is installed first", () => {
    for (const page of docsMarkdownFiles(repoRoot).filter((f) => f !== "README.md")) {
      const text = readFileSync(join(repoRoot, page), "utf8")
      assert.notMatch(text, /npx\s+(-y\s+)?-p\s+wave-hooks|npx\s+-y\s+wave-hooks/u, page)
    }
  })
})
