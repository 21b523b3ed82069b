// Effect
import { Effect, Layer } from "effect"
import { Interpreter, Permission, type EffectsRequest } from "wave-hooks"
import { Conversation, memoryInterpreter, memoryInterpreterPromise } from "wave-hooks/memory"

declare const request: EffectsRequest // one hook run's effects, e.g. from runHooks

const conversation = new Conversation()
const resolution = await Effect.runPromise(
  Effect.flatMap(Interpreter, (i) => i.carryOut(request)).pipe(
    Effect.provide(memoryInterpreter(conversation).pipe(Layer.provide(Permission.always("allow"))))
  )
)

// Promise
const memory = memoryInterpreterPromise(conversation, { ask: (q) => (q.tool?.name === "Read" ? "allow" : "deny") })
const resolved = await memory.carryOut(request)
await memory.dispose()
