import { Effect } from "effect"
import type { EffectsRequest, Interpreter } from "wave-hooks"
import { nodeServicesLayer, terminalInterpreter, terminalInterpreterPromise } from "wave-hooks/terminal"

declare const program: Effect.Effect<void, never, Interpreter> // yours: it carries out effects
declare const request: EffectsRequest // one hook run's effects, e.g. from runHooks

await Effect.runPromise(program.pipe(Effect.provide(terminalInterpreter()), Effect.provide(nodeServicesLayer))) // Effect

const terminal = terminalInterpreterPromise() // Promise
await terminal.carryOut(request)
await terminal.dispose()
