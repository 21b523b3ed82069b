/**
 * `HookRun`: the result of running one hook command, the input of `decide`
 * (ARCHITECTURE section 2; the seeds call it HookExecutionResult).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { Dialect } from "./dialect.ts"

/**
 * A stream the runner cut at its cap.
 *
 * @category schemas
 * @since 0.1.0
 */
const TruncatedStream = Schema.Struct({
  stream: Schema.Literals(["stdout", "stderr"]),
  limitBytes: Schema.Number
})

/**
 * A process outside the hook's process group that still held the hook's
 * output pipes after the group was gone: its pid and, when it could be read,
 * its command line.
 *
 * @category schemas
 * @since 0.1.0
 */
const EscapedProcess = Schema.Struct({
  pid: Schema.Number,
  command: Schema.optionalKey(Schema.String)
})

/**
 * Output pipes of a hook held open by processes that left its process group
 * (`setsid`): which streams, and the holders the runner found (on Linux, by
 * the pipes' inodes in `/proc/<pid>/fd`; empty when they could not be found).
 *
 * @category schemas
 * @since 0.1.0
 */
const EscapedOutput = Schema.Struct({
  streams: Schema.Array(Schema.Literals(["stdout", "stderr"])),
  processes: Schema.Array(EscapedProcess)
})

/**
 * Schema of one hook run.
 *
 * **Details**
 *
 * `exitCode` is `null` when the process did not exit by itself (timeout,
 * signal, spawn failure); its output is then not trusted. `command` names the
 * hook in default texts. `truncatedStreams` is an addition to the contract
 * that says which stream was cut at what size; `escaped` (also an addition)
 * says that processes outside the hook's process group held its output pipes
 * open after it was gone.
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
  command: Schema.optionalKey(Schema.String),
  /** The hook's configured name (Gemini CLI's `name`), which messages use before its command; since 0.5.0. */
  name: Schema.optionalKey(Schema.String),
  escaped: Schema.optionalKey(EscapedOutput)
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
 * How `decide` reads one hook's answer: the dialect's rules and what a failed
 * hook (timeout, signal, spawn failure) does.
 *
 * @category models
 * @since 0.1.0
 */
export interface DecideOptions {
  readonly dialect: Dialect
  readonly onFailure: OnFailure
  /**
   * The agent's name of the event, when several of the dialect's events fire it (Cursor's
   * `beforeShellExecution` and `preToolUse` both fire PreToolUse): it chooses how the answer is read.
   * Absent: the event's own name in the dialect. Since 0.5.0.
   */
  readonly agentEvent?: string
  /** The tool the event is about (the payload's `tool_name`), where the answer's reading depends on it; since 0.5.0. */
  readonly toolName?: string
  /**
   * The run's answer was written by wave-hooks itself, in its own vocabulary (a `prompt` or `agent` hook's
   * verdict): it is read as the wave dialect reads answers, whatever the hook's dialect reads from scripts
   * (Gemini CLI's `decision`, Codex CLI's strict wire, Cursor's `permission`), so the verdict is never lost
   * in a translation meant for scripts. An agent event that only observes still discards it. Since 0.5.0.
   */
  readonly engineAnswer?: boolean
}

/**
 * The default options of `decide`: wave dialect, continue on failure.
 *
 * @category constants
 * @since 0.1.0
 */
export const defaultDecideOptions: DecideOptions = { dialect: "wave", onFailure: "continue" }

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
