/**
 * `HookRun`: the result of running one hook command, the input of `decide`
 * (ARCHITECTURE section 2; the seeds call it HookExecutionResult).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Dialect } from "./dialect.ts"

/**
 * A stream the runner cut at its cap.
 *
 * @category schemas
 * @since 0.1.0
 */
export const TruncatedStream = Schema.Struct({
  stream: Schema.Literals(["stdout", "stderr"]),
  limitBytes: Schema.Number
})

/**
 * Schema of one hook run.
 *
 * **Details**
 *
 * `exitCode` is `null` when the process did not exit by itself (timeout,
 * signal, spawn failure); its output is then not trusted. `command` names the
 * hook in default texts. `truncatedStreams` is an addition to the contract
 * that says which stream was cut at what size.
 *
 * @category schemas
 * @since 0.1.0
 */
export const HookRun = Schema.Struct({
  exitCode: Schema.NullOr(Schema.Number),
  stdout: Schema.String,
  stderr: Schema.String,
  durationMs: Schema.Number,
  timedOut: Schema.Boolean,
  signal: Schema.optionalKey(Schema.String),
  spawnError: Schema.optionalKey(Schema.String),
  truncated: Schema.optionalKey(Schema.Boolean),
  truncatedStreams: Schema.optionalKey(Schema.Array(TruncatedStream)),
  command: Schema.optionalKey(Schema.String)
})

/**
 * The result of running one hook command.
 *
 * @category models
 * @since 0.1.0
 */
export type HookRun = typeof HookRun.Type

/**
 * Schema of what a hook does when it fails (timeout, signal, spawn failure,
 * an exit code other than 0 and 2, malformed JSON).
 *
 * @category schemas
 * @since 0.1.0
 */
export const OnFailure = Schema.Literals(["continue", "block"])

/**
 * `"continue"` (default: show an error, go on) or `"block"` (fail closed).
 *
 * @category models
 * @since 0.1.0
 */
export type OnFailure = typeof OnFailure.Type

/**
 * How one hook's answer is read.
 *
 * @category models
 * @since 0.1.0
 */
export interface Policy {
  readonly dialect: Dialect
  readonly onFailure: OnFailure
}

/**
 * The default policy: wave dialect, continue on failure.
 *
 * @category constants
 * @since 0.1.0
 */
export const defaultPolicy: Policy = { dialect: "wave", onFailure: "continue" }

/**
 * Build a `HookRun` from the fields that matter, with the rest defaulted
 * (empty output, zero duration, not timed out). Handy in tests and embedders.
 *
 * **Example** (An exit-2 run)
 *
 * ```ts
 * hookRun({ exitCode: 2, stderr: "no" })
 * // => { exitCode: 2, stdout: "", stderr: "no", durationMs: 0, timedOut: false }
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const hookRun = (fields: Partial<HookRun> & { readonly exitCode: number | null }): HookRun => ({
  stdout: "",
  stderr: "",
  durationMs: 0,
  timedOut: false,
  ...fields
})
