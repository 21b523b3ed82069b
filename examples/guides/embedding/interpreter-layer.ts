import { Effect, Layer } from "effect"
import { HookProcess, runHooks } from "wave-hooks/runner"
import { nodeServicesLayer } from "wave-hooks/terminal" // Node's file system, paths, processes, stdio

const result = await Effect.runPromise(
  runHooks({ event: "Stop", payload: {}, projectDir: "." }).pipe(
    Effect.provide(Layer.mergeAll(HookProcess.layer, nodeServicesLayer))
  )
)
