// The agent loop: a scripted agent that fires this project's real hooks (.wave/settings.json,
// trusted with `wave-hooks trust`) for a prompt, tool calls and a stop, over the in-memory
// conversation: the harness for testing hooks in a whole session, no model needed.
// Needs, in an ESM project ("type": "module"): npm i wave-hooks.
// Run it: node agent.ts
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { agentLoopPromise } from "wave-hooks/agent-loop"

/** A Bash tool running commands in `projectDir`. */
const bashIn = (projectDir: string) => (input: { readonly [key: string]: unknown }) =>
  execFileSync("bash", ["-c", String(input["command"])], { cwd: projectDir, encoding: "utf8" })

/** Play one session: clean the build folder (guard.sh denies it), run the tests, stop. */
export const playSession = async (projectDir = process.cwd()) => {
  // Asks ("permissionDecision": "ask") go to `permission`; without it they are denied.
  const loop = agentLoopPromise({ projectDir, permission: { ask: () => "deny" } })
  try {
    await loop.prompt("clean the build folder, then run the tests")
    const clean = await loop.useTool("Bash", { command: "rm -rf build" }, bashIn(projectDir))
    const tests = await loop.useTool("Bash", { command: "echo tests pass" }, bashIn(projectDir))
    const stop = await loop.stop()
    return { clean, tests, stop, messages: loop.conversation.toModelMessages() }
  } finally {
    await loop.dispose()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { clean, tests } = await playSession()
  console.log({ cleanRan: clean.ran, testsRan: tests.ran })
}
