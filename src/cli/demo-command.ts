/**
 * `wave-hooks demo`: the built-in example session (what `npm start` runs).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { Command, Flag } from "effect/cli"
import { runDemo } from "../demo/demo-session.ts"

/**
 * `demo [--interactive]`.
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
    )
  },
  Effect.fn("demo")(function*(flags) {
    yield* runDemo({ interactive: flags.interactive })
  })
).pipe(Command.withDescription("Run the built-in example: a scripted agent session with real hook scripts"))
