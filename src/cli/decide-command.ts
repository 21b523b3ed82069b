/**
 * `wave-hooks decide` and `wave-hooks explain` (ARCHITECTURE section 8).
 *
 * @since 0.1.0
 */
import { Console, Effect } from "effect"
import { Command } from "effect/cli"
import { decideTraced } from "../core/decide.ts"
import { decideParams, decideProgram } from "./decide-program.ts"
import { decisionParams, readDecisionInput } from "./decision-input.ts"
import { toEffectParams } from "./effect-params.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import { renderExplainJson, renderExplainText } from "./render-explain.ts"

/**
 * The flags of `explain`: those of `decide` and `--json`.
 *
 * @category flags
 * @since 0.1.0
 */
export const explainParams = { ...decisionParams, json: FlagSpec.boolean("json", "Print JSON") }

/** The usage line of `explain`, printed under its usage errors (made from `explainParams`). */
const explainUsage = usageLine("explain", explainParams)

/**
 * `decide`: prints `{"effects":[...]}` for one hook run. Pure: runs nothing.
 * What it does is `decideProgram`; the fast path (`fast-decide.ts`) runs the
 * same program with the same flags.
 *
 * @category commands
 * @since 0.1.0
 */
export const decideCommand = Command.make("decide", toEffectParams(decideParams), decideProgram).pipe(
  Command.withDescription("Print the effects of one hook run as JSON (runs nothing)")
)

/**
 * `explain`: like `decide`, with who sees each effect and the rule behind it.
 *
 * @category commands
 * @since 0.1.0
 */
export const explainCommand = Command.make(
  "explain",
  toEffectParams(explainParams),
  Effect.fn("explain")(function* (flags) {
    const input = yield* readDecisionInput(flags, explainUsage)
    const traced = decideTraced(input.event, input.run, input.policy)
    yield* Console.log(flags.json ? renderExplainJson(traced) : renderExplainText(input, traced))
  })
).pipe(Command.withDescription("Explain the effects of one hook run: who sees each, and which rule produced it"))
