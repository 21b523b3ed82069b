/**
 * The flags shared by `decide` and `explain`, and turning them into
 * `decide`'s inputs (ARCHITECTURE section 8).
 *
 * @since 0.1.0
 */
import { Effect, FileSystem, Option, Stdio, Stream } from "effect"
import { Flag } from "effect/cli"
import type { HookEvent } from "../core/events.ts"
import { hookEvents, isHookEvent } from "../core/events.ts"
import type { HookRun, Policy } from "../core/hook-run.ts"
import { closest } from "../internal/suggest.ts"
import { UsageError } from "./usage-error.ts"

/**
 * Flags describing one hook run.
 *
 * @category flags
 * @since 0.1.0
 */
export const decisionFlags = {
  event: Flag.String("event").pipe(Flag.withDescription("The hook event, e.g. PreToolUse")),
  exitCode: Flag.Int("exit-code").pipe(Flag.withDefault(0), Flag.withDescription("The hook's exit code (default 0)")),
  stdout: Flag.String("stdout").pipe(Flag.optional, Flag.withDescription("The hook's stdout")),
  stdoutFile: Flag.String("stdout-file").pipe(Flag.optional, Flag.withDescription("Read stdout from a file; - reads stdin")),
  stderr: Flag.String("stderr").pipe(Flag.optional, Flag.withDescription("The hook's stderr")),
  stderrFile: Flag.String("stderr-file").pipe(Flag.optional, Flag.withDescription("Read stderr from a file; - reads stdin")),
  timedOut: Flag.Boolean("timed-out").pipe(Flag.withDefault(false), Flag.withDescription("The hook timed out (exit code ignored)")),
  truncated: Flag.Boolean("truncated").pipe(Flag.withDefault(false), Flag.withDescription("The output hit the runner's cap")),
  onFailure: Flag.Literals("on-failure", ["continue", "block"]).pipe(
    Flag.withDefault("continue" as const),
    Flag.withDescription("What a failing hook does (default continue)")
  ),
  command: Flag.String("command").pipe(Flag.optional, Flag.withDescription("The hook's command, named in default texts")),
  dialect: Flag.Literals("dialect", ["wave", "claude-code"]).pipe(
    Flag.withDefault("wave" as const),
    Flag.withDescription("Semantics to use (default wave)")
  )
}

/**
 * The parsed values of `decisionFlags`.
 *
 * @category models
 * @since 0.1.0
 */
export interface DecisionFlags {
  readonly event: string
  readonly exitCode: number
  readonly stdout: Option.Option<string>
  readonly stdoutFile: Option.Option<string>
  readonly stderr: Option.Option<string>
  readonly stderrFile: Option.Option<string>
  readonly timedOut: boolean
  readonly truncated: boolean
  readonly onFailure: "continue" | "block"
  readonly command: Option.Option<string>
  readonly dialect: "wave" | "claude-code"
}

/**
 * What `decide` needs.
 *
 * @category models
 * @since 0.1.0
 */
export interface DecisionInput {
  readonly event: HookEvent
  readonly run: HookRun
  readonly policy: Policy
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
export const parseEvent = (name: string, usage: string): Effect.Effect<HookEvent, UsageError> => {
  if (isHookEvent(name)) return Effect.succeed(name)
  const suggestion = closest(name, hookEvents)
  return Effect.fail(
    new UsageError({
      message: `Unknown event "${name}".${suggestion === undefined ? "" : ` Did you mean "${suggestion}"?`}\n` +
        `Valid events: ${hookEvents.join(", ")}.`,
      usage
    })
  )
}

const readText = (
  text: Option.Option<string>,
  file: Option.Option<string>,
  flag: "stdout" | "stderr",
  usage: string
): Effect.Effect<string, UsageError, FileSystem.FileSystem | Stdio.Stdio> =>
  Effect.gen(function*() {
    if (Option.isSome(text) && Option.isSome(file)) {
      return yield* new UsageError({
        message: `--${flag} and --${flag}-file were both given; pass only one.`,
        usage
      })
    }
    if (Option.isSome(text)) return text.value
    if (Option.isNone(file)) return ""
    if (file.value === "-") {
      const stdio = yield* Stdio.Stdio
      return yield* stdio.stdin.pipe(
        Stream.decodeText(),
        Stream.mkString,
        Effect.mapError((error) => new UsageError({ message: `Could not read --${flag}-file - from stdin: ${error.message}`, usage }))
      )
    }
    const fs = yield* FileSystem.FileSystem
    const path = file.value
    return yield* fs.readFileString(path).pipe(
      Effect.mapError((error) =>
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
export const readDecisionInput = (
  flags: DecisionFlags,
  usage: string
): Effect.Effect<DecisionInput, UsageError, FileSystem.FileSystem | Stdio.Stdio> =>
  Effect.gen(function*() {
    const event = yield* parseEvent(flags.event, usage)
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
    return { event, run, policy: { dialect: flags.dialect, onFailure: flags.onFailure } }
  })
