/**
 * `wave-hooks run <Event>`: the effect/cli command (ARCHITECTURE section 8);
 * what it does is `runProgram`.
 *
 * @since 0.1.0
 */
import { Command } from "effect/cli"
import { toEffectParams } from "./effect-params.ts"
import { runParams, runProgram } from "./run-program.ts"

/**
 * `run`: exit 0 when nothing blocks, 2 when a blocking effect results, 1 on a
 * usage or settings error.
 *
 * @category commands
 * @since 0.1.0
 */
export const runCommand = Command.make("run", toEffectParams(runParams), runProgram).pipe(
  Command.withDescription("Run the configured hooks of an event and print the combined effects")
)
