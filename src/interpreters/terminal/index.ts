/**
 * `wave-hooks/terminal`: renders effects for a person at a terminal and asks
 * permission with an arrow-key dialog.
 *
 * - Effect: `terminalInterpreter(options)` is a `Layer<Interpreter>` needing
 *   Node's terminal services (`nodeServicesLayer`, exported here).
 * - Promise: `terminalInterpreterPromise(options)` (Node's services included).
 *
 * @example
 * ```ts
 * import { terminalInterpreterPromise } from "wave-hooks/terminal"
 * import { runHooksPromise } from "wave-hooks/runner"
 *
 * const terminal = terminalInterpreterPromise()
 * const { effects } = await runHooksPromise({ event: "Stop", payload: {}, projectDir: process.cwd() })
 * await terminal.carryOut({ event: "Stop", effects })
 * await terminal.dispose()
 * ```
 *
 * @since 0.1.0
 */
export {
  renderTerminal,
  terminalInterpreter,
  terminalInterpreterPromise,
  type TerminalOptions,
  terminalPermission
} from "./terminal-interpreter.ts"
export type { PromiseInterpreter } from "../promise.ts"
export { layer as nodeServicesLayer, type NodeServices } from "../node-services.ts"
