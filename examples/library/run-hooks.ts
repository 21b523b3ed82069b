// Running a project's hooks for one event from code: the settings files of the project (trusted
// with `wave-hooks trust`) and of the user, the hooks as real processes, and the combined effects.
// Needs, in an ESM project ("type": "module"): npm i wave-hooks.
// Run it in a project with .wave/settings.json: node run-hooks.ts
import { fileURLToPath } from "node:url"
import { HookSession, runHooksPromise } from "wave-hooks/runner"

/** One event: would this Bash call be allowed? */
export const checkCommand = async (command: string, projectDir = process.cwd()) => {
  const { effects, runs } = await runHooksPromise({
    event: "PreToolUse",
    projectDir,
    payload: { tool_name: "Bash", tool_input: { command } }
  })
  const block = effects.find((effect) => effect._tag === "BlockTool")
  return { allowed: block === undefined, reason: block?.reason, hooksRun: runs.length, effects }
}

/** A session reads the settings once and keeps the Stop-loop state across events. */
export const stopOnce = async (projectDir = process.cwd()) => {
  const session = await HookSession.startPromise({ projectDir })
  try {
    return (await session.firePromise("Stop", {})).effects
  } finally {
    await session.closePromise()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await checkCommand(process.argv[2] ?? "rm -rf build"))
}
