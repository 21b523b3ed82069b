/**
 * What `wave-hooks decide` does once its flags are parsed (ARCHITECTURE
 * section 8), apart from any parser: the effect/cli command and the fast path
 * both run it.
 *
 * @since 0.1.0
 */
import { Console, Effect } from "effect"
import { decide } from "../core/decide.ts"
import type { DecisionFlags } from "./decision-input.ts"
import { decisionParams, readDecisionInput } from "./decision-input.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import type { UsageError } from "./usage-error.ts"

/**
 * The flags of `decide`: those of every decision, and `--json`, taken like
 * every command that prints JSON; `decide` prints JSON either way.
 *
 * @category flags
 * @since 0.1.0
 */
export const decideParams = {
  ...decisionParams,
  json: FlagSpec.boolean("json", "Print JSON (decide always does; accepted like in run, list and explain)")
}

/**
 * The usage line of `decide`, printed under its usage errors (made from `decideParams`).
 *
 * @category usage
 * @since 0.1.0
 */
export const decideUsage = usageLine("decide", decideParams)

/**
 * `decide`: prints `{"effects":[...]}` for one hook run. Pure: runs nothing.
 *
 * @category commands
 * @since 0.1.0
 */
export const decideProgram = (flags: DecisionFlags): Effect.Effect<void, UsageError> =>
  Effect.gen(function* () {
    const { event, policy, run } = yield* readDecisionInput(flags, decideUsage)
    yield* Console.log(JSON.stringify({ effects: decide(event, run, policy) }))
  })
