/**
 * The error of a bad command line: printed on stderr, exit status 2.
 *
 * @since 0.1.0
 */
import { Runtime, Schema } from "effect"

/**
 * A bad argument (unknown event, conflicting flags, unreadable file). The
 * message says what was wrong and how to fix it.
 *
 * @category errors
 * @since 0.1.0
 */
export class UsageError extends Schema.TaggedError<UsageError>()("UsageError", {
  message: Schema.String,
  usage: Schema.String
}) {
  override readonly [Runtime.errorExitCode] = 2
}
