/**
 * `wave-hooks mcp-proxy --name fs` in front of the published
 * `@modelcontextprotocol/server-filesystem` (whose tools declare an
 * `outputSchema`), driven by the SDK's client over stdio: a deny leaves the
 * file system untouched, `updatedInput` redirects a read, PostToolUse
 * redacts what the client sees (text and structured content).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { ensureCliBuilt, nodeBin } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"
import { filesystemServer, startProxy, textsOf } from "./gateway-helpers.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

/** A project with hook scripts and a data folder the filesystem server serves. */
const fsProject = () => {
  const p = makeProject()
  const data = join(p.root, "data")
  mkdirSync(data)
  writeFileSync(join(data, "notes.txt"), "private notes\n")
  writeFileSync(join(data, "notes-public.txt"), "public notes\n")
  writeFileSync(join(data, "config.env"), "db password SECRET_hunter2\n")
  p.writeFile(
    "hooks/guard-rm.sh",
    `#!/bin/sh\nif jq -e '.tool_input.content // "" | test("rm -rf")' >/dev/null; then echo "guard-rm: rm -rf is not allowed in this project" >&2; exit 2; fi\n`
  )
  p.writeFile(
    "hooks/rewrite-path.sh",
    `#!/bin/sh\njq -c 'if (.tool_input.path | endswith("/notes.txt")) then {hookSpecificOutput: {hookEventName: "PreToolUse", updatedInput: (.tool_input | .path |= sub("notes.txt$"; "notes-public.txt"))}} else {} end'\n`
  )
  p.writeFile(
    "hooks/redact.sh",
    `#!/bin/sh\njq -c '{hookSpecificOutput: {hookEventName: "PostToolUse", updatedMCPToolOutput: (.tool_response.structuredContent.content | gsub("SECRET_[A-Za-z0-9]+"; "[redacted]"))}}'\n`
  )
  p.writeSettings(
    "project",
    settings({
      PreToolUse: [
        group([hook("./hooks/guard-rm.sh", { onFailure: "block" })], { matcher: "mcp__fs__write_file" }),
        group([hook("./hooks/rewrite-path.sh")], { matcher: "mcp__fs__read_text_file" })
      ],
      PostToolUse: [group([hook("./hooks/redact.sh")], { matcher: "mcp__fs__read_.*" })]
    })
  )
  return { p, data }
}

describe.concurrent("the published filesystem server behind the proxy", () => {
  it("passes its tools through, and a deny leaves the file system untouched while an allowed write lands", async () => {
    const { p, data } = fsProject()
    const proxy = await startProxy(p, ["--name", "fs", "--", nodeBin, filesystemServer, data])
    try {
      const tools = (await proxy.client.listTools()).tools.map((t) => t.name)
      assert.includeMembers(tools, ["read_text_file", "write_file", "list_directory", "move_file"])
      const denied = await proxy.client.callTool({
        name: "write_file",
        arguments: { path: join(data, "cleanup.sh"), content: "rm -rf /\n" }
      })
      assert.strictEqual(denied.isError, true)
      assert.deepStrictEqual(textsOf(denied), ["guard-rm: rm -rf is not allowed in this project"])
      const written = await proxy.client.callTool({
        name: "write_file",
        arguments: { path: join(data, "ok.txt"), content: "fine\n" }
      })
      assert.notStrictEqual(written.isError, true, JSON.stringify(written))
    } finally {
      await proxy.close()
    }
    const { existsSync, readFileSync } = await import("node:fs")
    assert.isFalse(existsSync(join(data, "cleanup.sh")))
    assert.strictEqual(readFileSync(join(data, "ok.txt"), "utf8"), "fine\n")
  })

  it("redirects a read with updatedInput, and redacts output in both text and structured content", async () => {
    const { p, data } = fsProject()
    const proxy = await startProxy(p, ["--name", "fs", "--", nodeBin, filesystemServer, data])
    try {
      const notes = await proxy.client.callTool({
        name: "read_text_file",
        arguments: { path: join(data, "notes.txt") }
      })
      assert.deepStrictEqual(textsOf(notes), ["public notes\n"])
      assert.deepStrictEqual(notes.structuredContent, { content: "public notes\n" })
      const config = await proxy.client.callTool({
        name: "read_text_file",
        arguments: { path: join(data, "config.env") }
      })
      assert.deepStrictEqual(textsOf(config), ["db password [redacted]\n"])
      assert.deepStrictEqual(config.structuredContent, { content: "db password [redacted]\n" })
      assert.notInclude(JSON.stringify(config), "SECRET")
    } finally {
      await proxy.close()
    }
  })
})
