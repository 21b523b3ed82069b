/**
 * The flags shared by `decide` and `explain`, and turning them into
 * `decide`'s inputs (ARCHITECTURE section 8).
 *
 * @since 0.1.0
 */
import { Effect, Option } from "effect"
import type { HookEvent } from "../core/events.ts"
import { hookEvents, isHookEvent } from "../core/events.ts"
import type { HookRun, DecideOptions } from "../core/hook-run.ts"
import { closest } from "../internal/suggest.ts"
import type { ValuesOf } from "./flag-spec.ts"
import { FlagSpec } from "./flag-spec.ts"
import { readFileText, readStdinText } from "./read-text.ts"
import { UsageError } from "./usage-error.ts"
import type { Dialect } from "../core/dialect.ts"
import { dialects } from "../core/dialect.ts"
import { agentEventNamed, dialectEvents } from "../core/dialect-events.ts"

/**
 * Flags describing one hook run (the flags of `decide` and `explain`).
 *
 * @category flags
 * @since 0.1.0
 */
export const decisionParams = {
  event: FlagSpec.string("event", "The hook event, e.g. PreToolUse", "<Event>"),
  exitCode: FlagSpec.int("exit-code", 0, "The hook's exit code (default 0)"),
  stdout: FlagSpec.optionalString("stdout", "The hook's stdout"),
  stdoutFile: FlagSpec.optionalString("stdout-file", "Read stdout from a file; - reads stdin", "PATH|-"),
  stderr: FlagSpec.optionalString("stderr", "The hook's stderr"),
  stderrFile: FlagSpec.optionalString("stderr-file", "Read stderr from a file; - reads stdin", "PATH|-"),
  timedOut: FlagSpec.boolean("timed-out", "The hook timed out (exit code ignored)"),
  truncated: FlagSpec.boolean("truncated", "The output hit the runner's cap"),
  onFailure: FlagSpec.choice(
    "on-failure",
    ["continue", "block"],
    "continue",
    "What a failing hook does (default continue)"
  ),
  command: FlagSpec.optionalString("command", "The hook's command, named in default texts"),
  dialect: FlagSpec.choice("dialect", dialects, "wave", "Semantics to use (default wave)")
}

/**
 * The parsed values of `decisionParams`.
 *
 * @category models
 * @since 0.1.0
 */
export type DecisionFlags = ValuesOf<typeof decisionParams>

/**
 * What `decide` needs.
 *
 * @category models
 * @since 0.1.0
 */
export interface DecisionInput {
  readonly event: HookEvent
  readonly run: HookRun
  readonly policy: DecideOptions
}

/**
 * Check an event name; an unknown one fails with the valid names and the
 * closest match.
 *
 * **Example** (A typo)
 *
 * ```ts
 * parseEvent("PreTooluse", "wave-hooks decide ...")
 * // fails with: Unknown event "PreTooluse". Did you mean "PreToolUse"? Valid events: PreToolUse, ...
 * ```
 *
 * @category parsing
 * @since 0.1.0
 */
export const parseEvent = (
  name: string,
  usage: string,
  dialect?: Dialect | "auto"
): Effect.Effect<HookEvent, UsageError> => {
  if (isHookEvent(name)) return Effect.succeed(name)
  // An agent's own name (Gemini CLI's BeforeTool): that dialect's, or without one, the one dialect that has it.
  const inPlay = dialect === undefined || dialect === "auto" ? dialects : [dialect]
  const found = new Set(inPlay.flatMap((d) => agentEventNamed(d, name)?.event ?? []))
  const [only] = found
  if (found.size === 1 && only !== undefined) return Effect.succeed(only)
  const names = [...new Set([...hookEvents, ...inPlay.flatMap((d) => dialectEvents[d].map((row) => row.name))])]
  const suggestion = closest(name, names)
  return Effect.fail(
    new UsageError({
      message:
        `Unknown event "${name}".${suggestion === undefined ? "" : ` Did you mean "${suggestion}"?`}\n` +
        `Valid events: ${hookEvents.join(", ")}` +
        (names.length > hookEvents.length
          ? `; and the agents' own names: ${names.slice(hookEvents.length).join(", ")}.`
          : "."),
      usage
    })
  )
}

const readText = (
  text: Option.Option<string>,
  file: Option.Option<string>,
  flag: "stdout" | "stderr",
  usage: string
): Effect.Effect<string, UsageError> =>
  Effect.gen(function* () {
    if (Option.isSome(text) && Option.isSome(file)) {
      return yield* new UsageError({
        message: `--${flag} and --${flag}-file were both given; pass only one.`,
        usage
      })
    }
    if (Option.isSome(text)) return text.value
    if (Option.isNone(file)) return ""
    if (file.value === "-") {
      return yield* readStdinText().pipe(
        Effect.mapError(
          (error) => new UsageError({ message: `Could not read --${flag}-file - from stdin: ${error.message}`, usage })
        )
      )
    }
    const path = file.value
    return yield* readFileText(path).pipe(
      Effect.mapError(
        (error) =>
          new UsageError({
            message: `Could not read --${flag}-file ${path}: ${error.message}. Check the path, or use - for stdin.`,
            usage
          })
      )
    )
  })

/**
 * Turn the flags into `decide`'s inputs, reading files and stdin as asked.
 *
 * @category parsing
 * @since 0.1.0
 */
export const readDecisionInput = (flags: DecisionFlags, usage: string): Effect.Effect<DecisionInput, UsageError> =>
  Effect.gen(function* () {
    const event = yield* parseEvent(flags.event, usage, flags.dialect)
    if (Option.getOrUndefined(flags.stdoutFile) === "-" && Option.getOrUndefined(flags.stderrFile) === "-") {
      return yield* new UsageError({ message: "--stdout-file and --stderr-file cannot both read stdin (-).", usage })
    }
    const stdout = yield* readText(flags.stdout, flags.stdoutFile, "stdout", usage)
    const stderr = yield* readText(flags.stderr, flags.stderrFile, "stderr", usage)
    const run: HookRun = {
      exitCode: flags.timedOut ? null : flags.exitCode,
      stdout,
      stderr,
      durationMs: 0,
      timedOut: flags.timedOut,
      ...(flags.truncated ? { truncated: true } : {}),
      ...(Option.isSome(flags.command) ? { command: flags.command.value } : {})
    }
    // The agent's own name (Cursor's beforeShellExecution) chooses how the answer is read.
    const agentEvent = agentEventNamed(flags.dialect, flags.event) === undefined ? {} : { agentEvent: flags.event }
    return { event, run, policy: { dialect: flags.dialect, onFailure: flags.onFailure, ...agentEvent } }
  })
