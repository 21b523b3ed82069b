/**
 * The fast path of `wave-hooks decide`: arguments parsed with `node:util`
 * `parseArgs` from the same specs as the effect/cli command, then the same
 * program. Loads neither effect/cli nor the platform layers nor the runner;
 * anything its parser does not take (help, a bad flag) goes to the full CLI,
 * which prints the usage error.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { decideParams, decideProgram } from "./decide-program.ts"
import { reportUsageErrors, settle } from "./exit.ts"
import { parseFast } from "./flag-spec.ts"

/**
 * Run `decide` for `args` (`["decide", ...flags]`) and set the exit status.
 *
 * @category running
 * @since 0.1.0
 */
export const main = async (args: ReadonlyArray<string>): Promise<void> => {
  const flags = parseFast(decideParams, args.slice(1))
  if (flags === undefined) return (await import("./full.ts")).runFull(args)
  process.exitCode = settle(await Effect.runPromiseExit(reportUsageErrors(decideProgram(flags))))
}
