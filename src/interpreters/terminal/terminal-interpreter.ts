/**
 * The terminal interpreter: renders effects for a person, and asks
 * `AskPermission` as a dialog moved with the arrow keys and confirmed with
 * Enter (effect/cli `Prompt.Select`), showing the reason.
 *
 * @since 0.1.0
 */
import { Effect, type FileSystem, Layer, type Path, type Terminal } from "effect"
import { Prompt } from "effect/cli"
import * as NodeServices from "../node-services.ts"
import type { PromiseInterpreter } from "../promise.ts"
import { interpreterPromise } from "../promise.ts"
import type { PermissionAnswer } from "../resolution.ts"
import type { Interpreter, PermissionRequest, Render } from "../contract.ts"
import { askTimeout, makeInterpreter, Permission } from "../contract.ts"
import type { FormatOptions } from "./format.ts"
import { formatRequest } from "./format.ts"
import { escapeControl } from "../../internal/escape-control.ts"

/**
 * Options of the terminal interpreter.
 *
 * @category models
 * @since 0.1.0
 */
export interface TerminalOptions {
  /** Where lines go; default `process.stdout`. */
  readonly write?: (text: string) => void
  /** Colours; default: when stdout is a terminal and `NO_COLOR` is unset. */
  readonly color?: boolean
  /** Show diagnostics for hook authors; default true. */
  readonly diagnostics?: boolean
  /** Whether a person can answer; default: stdin and stdout are terminals. */
  readonly interactive?: boolean
  /** The answer when nobody can be asked; default `"deny"`. */
  readonly nonInteractiveAnswer?: PermissionAnswer
  /**
   * Deny a question nobody answered within this many milliseconds (the dialog
   * closes; the deny reason says it timed out); default: wait as long as it
   * takes. Sets `AskTimeout` for this interpreter.
   */
  readonly askTimeoutMs?: number
}

const writer = (options: TerminalOptions) => options.write ?? ((text: string) => void process.stdout.write(text))

const formatOptions = (options: TerminalOptions): FormatOptions => ({
  color: options.color ?? (process.stdout.isTTY === true && process.env["NO_COLOR"] === undefined),
  ...(options.diagnostics === undefined ? {} : { diagnostics: options.diagnostics })
})

/**
 * The terminal renderer.
 *
 * @category interpreters
 * @since 0.1.0
 */
export const renderTerminal = (options: TerminalOptions = {}): Render => {
  const write = writer(options)
  const format = formatOptions(options)
  return (request, resolution) => Effect.sync(() => write(formatRequest(request, resolution, format).join("\n") + "\n"))
}

/**
 * The question the dialog asks; the tool input and the hook's reason have
 * their control characters escaped (the reason keeps its line breaks).
 *
 * @category interpreters
 * @since 0.1.0
 */
export const permissionQuestion = (request: PermissionRequest): string => {
  const subject =
    request.tool === undefined
      ? request.event
      : escapeControl(`${request.tool.name} ${JSON.stringify(request.tool.input)}`)
  const reason =
    request.reason === undefined ? "" : `\n  Reason: ${escapeControl(request.reason, { keepLineBreaks: true })}`
  return `Allow ${subject}?${reason}`
}

/**
 * `Permission` answered in the terminal: an arrow-key dialog (Allow / Deny),
 * or, without a terminal, a line saying so and the configured answer.
 *
 * @category layers
 * @since 0.1.0
 */
export const terminalPermission = (
  options: TerminalOptions = {}
): Layer.Layer<Permission, never, Terminal.Terminal | FileSystem.FileSystem | Path.Path> =>
  Layer.effect(
    Permission,
    Effect.gen(function* () {
      const environment = yield* Effect.context<Terminal.Terminal | FileSystem.FileSystem | Path.Path>()
      const write = writer(options)
      const interactive = options.interactive ?? (process.stdin.isTTY === true && process.stdout.isTTY === true)
      const fallback = options.nonInteractiveAnswer ?? "deny"
      return Permission.of({
        ask: (request) => {
          if (!interactive) {
            return Effect.sync(() => {
              write(
                `    No terminal to ask "${permissionQuestion(request).replace(/\n\s*/g, " ")}"; answered ${fallback}.\n`
              )
              return fallback
            })
          }
          return Prompt.Select({
            message: permissionQuestion(request),
            choices: [
              { title: "Allow", value: "allow" as const, description: "run the tool call" },
              { title: "Deny", value: "deny" as const, description: "do not run it; the model is told" }
            ]
          }).pipe(
            Prompt.run,
            Effect.catch(() => Effect.succeed<PermissionAnswer>("deny")),
            Effect.provideContext(environment)
          )
        }
      })
    })
  )

/**
 * The terminal interpreter: renderer plus dialog.
 *
 * **Example** (In a CLI)
 *
 * ```ts
 * program.pipe(Effect.provide(terminalInterpreter()), Effect.provide(nodeServicesLayer)) // nodeServicesLayer from "wave-hooks/terminal"
 * ```
 *
 * @category layers
 * @since 0.1.0
 */
export const terminalInterpreter = (
  options: TerminalOptions = {}
): Layer.Layer<Interpreter, never, Terminal.Terminal | FileSystem.FileSystem | Path.Path> =>
  makeInterpreter("terminal", renderTerminal(options)).pipe(
    Layer.provide(terminalPermission(options)),
    Layer.provide(options.askTimeoutMs === undefined ? Layer.empty : askTimeout(options.askTimeoutMs))
  )

/**
 * The terminal interpreter without Effect: `carryOut` returns a Promise; the
 * dialog runs on Node's terminal.
 *
 * **Details**
 *
 * Questions are asked in the terminal (see `terminalInterpreter`); without a
 * terminal the answer is `nonInteractiveAnswer` (default deny). Call
 * `dispose()` when done, to release the interpreter's resources.
 *
 * **Example** (A CLI without Effect)
 *
 * ```ts
 * const terminal = terminalInterpreterPromise({ color: true })
 * const { effects } = await runHooksPromise({ event: "PreToolUse", payload, projectDir })
 * const resolution = await terminal.carryOut({ event: "PreToolUse", effects, tool })
 * await terminal.dispose()
 * ```
 *
 * @category promise
 * @since 0.1.0
 */
export const terminalInterpreterPromise = (options: TerminalOptions = {}): PromiseInterpreter =>
  interpreterPromise(terminalInterpreter(options).pipe(Layer.provide(NodeServices.layer)))
