import { NodeServices } from "@effect/platform-node"
import { terminalInterpreter, terminalInterpreterPromise } from "wave-hooks/terminal"

program.pipe(Effect.provide(terminalInterpreter()), Effect.provide(NodeServices.layer)) // Effect

const terminal = terminalInterpreterPromise()                                            // Promise
await terminal.carryOut(request)
await terminal.dispose()
