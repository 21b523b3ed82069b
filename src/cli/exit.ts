/**
 * How a CLI run ends: usage errors printed on stderr with the usage line,
 * unexpected failures printed as a cause, and the exit status. Shared by the
 * effect/cli tree and the fast paths, and free of effect/cli.
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
export const usageErrorText = (error: UsageError): string => `${error.message}\n\nUsage: ${error.usage}`

/**
 * Print a `UsageError` on stderr as it fails (the failure goes on, for the
 * exit status).
 *
 * @category running
 * @since 0.1.0
 */
export const reportUsageErrors = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.tapError(self, (error) =>
    Predicate.isTagged(error, "UsageError") ? Console.error(usageErrorText(error as unknown as UsageError)) : Effect.void)

/**
 * Whether an error was expected and already shown to the user: a usage error
 * or an `ExitWith` (whose command printed its own output).
 *
 * @category running
 * @since 0.1.0
 */
export const isReportedError = (error: unknown): boolean => Predicate.isTagged(error, "UsageError") || Predicate.isTagged(error, "ExitWith")

/**
 * The exit status of a finished run that no parser error can end (the fast
 * paths): 0 on success, 130 when interrupted, the error's
 * `[Runtime.errorExitCode]` otherwise (1 by default). An unexpected failure
 * (not a usage error, not `ExitWith`) is printed on stderr first.
 *
 * @category running
 * @since 0.1.0
 */
export const settle = <A, E>(exit: Exit.Exit<A, E>): number => {
  if (exit._tag === "Success") return 0
  if (Cause.hasInterruptsOnly(exit.cause)) return 130
  const error = Cause.squash(exit.cause)
  if (!isReportedError(error)) process.stderr.write(`${Cause.pretty(exit.cause)}\n`)
  return Runtime.getErrorExitCode(error)
}
