/**
 * `wave-hooks demo`: the built-in example session (what `npm start` runs).
 *
 * @since 0.1.0
 */
import { Effect, Option } from "effect"
import { Command, Flag } from "effect/cli"
import { runDemo } from "../demo/demo-session.ts"
import { UsageError } from "./usage-error.ts"

const usage = "wave-hooks demo [--interactive] [--ask-timeout SECONDS]"

/**
 * The `--ask-timeout SECONDS` flag of `demo` and `serve`: deny a permission
 * question nobody answered within that many seconds.
 *
 * @category flags
 * @since 0.1.0
 */
export const askTimeoutFlag = Flag.Finite("ask-timeout").pipe(
  Flag.optional,
  Flag.withDescription(
    "Deny a permission question nobody answered within SECONDS (for unattended runs; default: wait until answered)"
  )
)

/**
 * The checked value of `--ask-timeout`, in milliseconds: a usage error unless
 * it is greater than 0.
 *
 * @category flags
 * @since 0.1.0
 */
export const askTimeoutMsOf = (
  flag: Option.Option<number>,
  usageText: string
): Effect.Effect<number | undefined, UsageError> =>
  Option.match(flag, {
    onNone: () => Effect.succeed(undefined),
    onSome: (seconds) =>
      seconds > 0
        ? Effect.succeed(seconds * 1000)
        : Effect.fail(
            new UsageError({
              message: `--ask-timeout ${seconds} is not a timeout; give the seconds to wait, greater than 0.`,
              usage: usageText
            })
          )
  })

/**
 * `demo [--interactive] [--ask-timeout SECONDS]`.
 *
 * @category commands
 * @since 0.1.0
 */
export const demoCommand = Command.make(
  "demo",
  {
    interactive: Flag.Boolean("interactive").pipe(
      Flag.withDefault(false),
      Flag.withDescription("Answer the permission dialog yourself (arrow keys, Enter)")
    ),
    askTimeout: askTimeoutFlag
  },
  Effect.fn("demo")(function* (flags) {
    const askTimeoutMs = yield* askTimeoutMsOf(flags.askTimeout, usage)
    yield* runDemo({ interactive: flags.interactive, ...(askTimeoutMs === undefined ? {} : { askTimeoutMs }) })
  })
).pipe(Command.withDescription("Run the built-in example: a scripted agent session with real hook scripts"))
