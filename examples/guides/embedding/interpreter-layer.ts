import { Effect, Layer } from "effect"
import { NodeFileSystem } from "@effect/platform-node"
import { HookProcess, runHooks } from "wave-hooks/runner"

const result = await Effect.runPromise(runHooks({ event: "Stop", payload: {}, projectDir: "." }).pipe(
  Effect.provide(Layer.mergeAll(HookProcess.layer, NodeFileSystem.layer))
))
