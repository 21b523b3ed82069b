/**
 * `${extensionPath}` in an installed Gemini CLI extension's hook command is the extension's folder, as Gemini CLI's
 * extension manager substitutes it (`hydrationContext` in extension-manager.ts). Needs the per-dialect plugin
 * variables (DialectRules) besides the extension discovery. Real files in a temp HOME, a real hook process.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { effectsOf, makeProject, removeTempProjects } from "../helpers/project.ts"

afterAll(removeTempProjects)

describe("${extensionPath} in a Gemini CLI extension's hook", () => {
  it("given an extension hook running ${extensionPath}/guard.sh, when a tool call comes in the gemini-cli dialect, then the extension's script runs and denies", async () => {
    const p = makeProject()
    const root = join(p.home, ".gemini", "extensions", "path-ext")
    mkdirSync(join(root, "hooks"), { recursive: true })
    writeFileSync(join(root, "gemini-extension.json"), JSON.stringify({ name: "path-ext", version: "1.0.0" }))
    writeFileSync(
      join(root, "guard.sh"),
      `#!/bin/sh\necho '{"decision":"deny","reason":"from the extension folder"}'\n`
    )
    chmodSync(join(root, "guard.sh"), 0o755)
    writeFileSync(
      join(root, "hooks", "hooks.json"),
      JSON.stringify({
        hooks: {
          BeforeTool: [
            { matcher: "run_shell_command", hooks: [{ type: "command", command: "${extensionPath}/guard.sh" }] }
          ]
        }
      })
    )
    const result = await p.run(
      "PreToolUse",
      { tool_name: "run_shell_command", tool_input: { command: "ls" } },
      { dialect: "gemini-cli" }
    )
    assert.deepStrictEqual(
      effectsOf(result.effects, "BlockTool").map((e) => e.reason),
      ["from the extension folder"]
    )
  })
})
