/**
 * How a CLI run ends: usage errors printed on stderr with the usage line,
 * unexpected failures printed as a cause, and the exit status (`settle`). Shared
 * by the effect/cli tree and the fast paths, and free of effect/cli.
 *
 * @since 0.1.0
 */
import type { Exit } from "effect"
import { Cause, Console, Effect, Predicate, Runtime } from "effect"
import type { UsageError } from "./usage-error.ts"

/**
 * The text printed on stderr for a usage error: what is wrong, then the usage.
 *
 * @category rendering
 * @since 0.1.0
 */
const usageErrorText = (error: UsageError): string => `${error.message}\n\nUsage: ${error.usage}`

/**
 * Print a `UsageError` on stderr as it fails (the failure goes on, for the
 * exit status).
 *
 * @category running
 * @since 0.1.0
 */
export const reportUsageErrors = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.tapError(self, (error) =>
    Predicate.isTagged(error, "UsageError")
      ? Console.error(usageErrorText(error as unknown as UsageError))
      : Effect.void
  )

/** effect/cli's mark on its parse errors (what `CliError.isCliError` reads), checked without loading effect/cli. */
const parserErrorMark = "~effect/cli/CliError"

/** An effect/cli parse error (unknown flag, missing value, `ShowHelp`): its tag and, for `ShowHelp`, the command path. */
const isParserError = (
  error: unknown
): error is { readonly _tag: string; readonly commandPath?: ReadonlyArray<string> } =>
  Predicate.hasProperty(error, parserErrorMark)

/**
 * Whether an error was expected and already shown to the user: an effect/cli
 * parse error (printed by its presenter), a usage error or an `ExitWith`
 * (whose command printed its own output).
 *
 * @category running
 * @since 0.1.0
 */
export const isReportedError = (error: unknown): boolean =>
  isParserError(error) || Predicate.isTagged(error, "UsageError") || Predicate.isTagged(error, "ExitWith")

/**
 * The exit status of a finished run, the one function for the fast paths and
 * the full effect/cli tree: 0 on success, 130 when interrupted, 2 for an
 * effect/cli parse error (1 for `run`'s, whose 2 means "blocked"), the error's
 * `[Runtime.errorExitCode]` otherwise (1 by default). An unexpected failure
 * (none of `isReportedError`) is printed on stderr first.
 *
 * @category running
 * @since 0.1.0
 */
export const settle = <A, E>(exit: Exit.Exit<A, E>): number => {
  if (exit._tag === "Success") return 0
  if (Cause.hasInterruptsOnly(exit.cause)) return 130
  const error = Cause.squash(exit.cause)
  if (!isReportedError(error)) process.stderr.write(`${Cause.pretty(exit.cause)}\n`)
  if (isParserError(error)) return error._tag === "ShowHelp" && error.commandPath?.includes("run") === true ? 1 : 2
  return Runtime.getErrorExitCode(error)
}
