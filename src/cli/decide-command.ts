/**
 * `wave-hooks decide` and `wave-hooks explain` (ARCHITECTURE section 8).
 *
 * @since 0.1.0
 */
import { Console, Effect } from "effect"
import { Command, Flag } from "effect/cli"
import { decide, decideTraced } from "../core/decide.ts"
import { readDecisionInput, decisionFlags } from "./decision-input.ts"
import { renderExplainJson, renderExplainText } from "./render-explain.ts"

const decideUsage =
  "wave-hooks decide --event <Event> [--exit-code N] [--stdout TEXT | --stdout-file PATH] [--stderr TEXT | --stderr-file PATH] " +
  "[--timed-out] [--truncated] [--on-failure continue|block] [--command TEXT] [--dialect wave|claude-code]"

/**
 * `decide`: prints `{"effects":[...]}` for one hook run. Pure: runs nothing.
 *
 * @category commands
 * @since 0.1.0
 */
export const decideCommand = Command.make(
  "decide",
  decisionFlags,
  Effect.fn("decide")(function*(flags) {
    const { event, policy, run } = yield* readDecisionInput(flags, decideUsage)
    yield* Console.log(JSON.stringify({ effects: decide(event, run, policy) }))
  })
).pipe(Command.withDescription("Print the effects of one hook run as JSON (runs nothing)"))

/**
 * `explain`: like `decide`, with who sees each effect and the rule behind it.
 *
 * @category commands
 * @since 0.1.0
 */
export const explainCommand = Command.make(
  "explain",
  { ...decisionFlags, json: Flag.Boolean("json").pipe(Flag.withDefault(false), Flag.withDescription("Print JSON")) },
  Effect.fn("explain")(function*(flags) {
    const input = yield* readDecisionInput(flags, decideUsage.replace("decide", "explain") + " [--json]")
    const traced = decideTraced(input.event, input.run, input.policy)
    yield* Console.log(flags.json ? renderExplainJson(traced) : renderExplainText(input, traced))
  })
).pipe(Command.withDescription("Explain the effects of one hook run: who sees each, and which rule produced it"))
