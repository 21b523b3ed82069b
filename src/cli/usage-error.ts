/**
 * Errors that end the CLI with a given exit status after their message was
 * printed on stderr.
 *
 * @since 0.1.0
 */
import { Runtime, Schema } from "effect"

/**
 * A bad argument (unknown event, conflicting flags, unreadable file). The
 * message says what was wrong and how to fix it. Exit status 2, except for
 * `run`, where 2 means "blocked" and a usage error is 1.
 *
 * @category errors
 * @since 0.1.0
 */
export class UsageError extends Schema.TaggedError<UsageError>()("UsageError", {
  message: Schema.String,
  usage: Schema.String,
  exitStatus: Schema.optionalKey(Schema.Number)
}) {
  override get [Runtime.errorExitCode](): number {
    return this.exitStatus ?? 2
  }
}

/**
 * The command finished and its output was printed, but the status must say
 * something: 2 when `run`'s effects block, 1 when `validate` found errors.
 *
 * @category errors
 * @since 0.1.0
 */
export class ExitWith extends Schema.TaggedError<ExitWith>()("ExitWith", {
  status: Schema.Number,
  message: Schema.String
}) {
  override get [Runtime.errorExitCode](): number {
    return this.status
  }
}
