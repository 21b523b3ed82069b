/**
 * A command hook's bash never sources `~/.bashrc` (found while measuring
 * issue 13): bash started with a socket on stdin (Node's pipes) and no
 * `SHLVL` in its environment (an `env` allowlist, an agent started by a
 * service manager) takes itself for an ssh command and runs `~/.bashrc`,
 * whose output would land in the hook's stdout before its JSON verdict (a
 * deny read as malformed JSON) and cost 100 ms and more per hook where it
 * starts pyenv or nvm. Real processes, a real rc file in the temp HOME.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import {
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  makeProject,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

afterAll(removeTempProjects)

const deny = JSON.stringify({
  hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" }
})

describe("bash hooks and ~/.bashrc", () => {
  for (const [name, extra, env] of [
    ["with an env allowlist (no SHLVL reaches bash)", { env: ["LANG"] }, undefined],
    ["in an agent whose environment has no SHLVL", {}, "no-shlvl"]
  ] as const) {
    it(`a deny printed by the hook stays a deny, ${name}`, async () => {
      const p = makeProject()
      writeFileSync(join(p.home, ".bashrc"), "echo 'sourced ~/.bashrc'\n")
      p.writeSettings(
        "project",
        settings({ PreToolUse: [group([hook(`printf '%s' '${deny}'`, extra)], { matcher: "Bash" })] })
      )
      const agentEnv =
        env === "no-shlvl" ? Object.fromEntries(Object.entries(p.env).filter(([k]) => k !== "SHLVL")) : p.env
      const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }, { env: agentEnv })
      assert.notInclude(result.runs[0]!.run.stdout, "sourced ~/.bashrc")
      assert.deepStrictEqual(effectsOf(result.effects, "BlockTool"), [{ _tag: "BlockTool", reason: "no" }])
      assert.notInclude(diagnosticCodes(result.effects), "malformed-json")
    })
  }
})
