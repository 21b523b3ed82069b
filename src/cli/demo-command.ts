/**
 * `wave-hooks demo`: the built-in example session (what `npm start` runs).
 *
 * @since 0.1.0
 */
import { Effect, Option } from "effect"
import { Command } from "effect/cli"
import { runDemo } from "../demo/demo-session.ts"
import { toEffectParams } from "./effect-params.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import { UsageError } from "./usage-error.ts"

/**
 * The `--ask-timeout SECONDS` flag of `demo` and `serve`: deny a permission
 * question nobody answered within that many seconds.
 *
 * @category flags
 * @since 0.3.0
 */
export const askTimeoutParams = {
  askTimeout: FlagSpec.optionalNumber(
    "ask-timeout",
    "Deny a permission question nobody answered within SECONDS (for unattended runs; default: wait until answered)",
    "SECONDS"
  )
}

/**
 * The flags of `demo`: `--interactive` and `--ask-timeout`.
 *
 * @category flags
 * @since 0.3.0
 */
export const demoParams = {
  interactive: FlagSpec.boolean("interactive", "Answer the permission dialog yourself (arrow keys, Enter)"),
  ...askTimeoutParams
}

/** The usage line of `demo`, printed under its usage errors (made from `demoParams`). */
const usage = usageLine("demo", demoParams)

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
  toEffectParams(demoParams),
  Effect.fn("demo")(function* (flags) {
    const askTimeoutMs = yield* askTimeoutMsOf(flags.askTimeout, usage)
    yield* runDemo({ interactive: flags.interactive, ...(askTimeoutMs === undefined ? {} : { askTimeoutMs }) })
  })
).pipe(Command.withDescription("Run the built-in example: a scripted agent session with real hook scripts"))
