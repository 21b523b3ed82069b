import { AgentLoop, agentLoopPromise } from "wave-hooks/agent-loop"
import { HookSession } from "wave-hooks/runner"

// Effect
Effect.gen(function*() {
  const loop = new AgentLoop(yield* HookSession.start({ projectDir }), conversation)
  yield* loop.prompt("clean the build folder")
  yield* loop.useTool("Bash", { command: "rm -rf build" }, () => Effect.succeed("removed"))
  yield* loop.stop()
}).pipe(Effect.provide(Layer.mergeAll(memoryInterpreter(conversation).pipe(Layer.provide(Permission.always("allow"))), NodeFileSystem.layer)))

// Promise
const loop = agentLoopPromise({ projectDir, permission: { ask: () => "allow" } })
await loop.prompt("clean the build folder")
const tool = await loop.useTool("Bash", { command: "rm -rf build" }, async () => "removed")
await loop.stop()
await loop.dispose()
