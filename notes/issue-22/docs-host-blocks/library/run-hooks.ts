import { HookSession, runHooksPromise } from "wave-hooks/runner"

const { effects, runs } = await runHooksPromise({
  event: "PreToolUse", projectDir: process.cwd(),
  payload: { tool_name: "Bash", tool_input: { command: "rm -rf build" } }
})

// A session reads settings once and keeps the Stop-loop state across events.
const session = await HookSession.startPromise({ projectDir: process.cwd(), trustPolicy: "trusted" })
await session.firePromise("Stop", {})
