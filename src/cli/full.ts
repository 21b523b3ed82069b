/**
 * The whole CLI: the effect/cli command tree with every subcommand, help and
 * usage errors, on the Node platform services. The entry loads it for every
 * command but `decide` and `run`, and for those when their arguments need the
 * full parser (help, a usage error).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import * as NodeRuntime from "@effect/platform-node-shared/NodeRuntime"
import * as NodeServices from "../interpreters/node-services.ts"
import { cliWith } from "./command-tree.ts"
import { settle } from "./exit.ts"
import { telemetryLayerFromEnv } from "../runner/telemetry.ts"

/**
 * Run the CLI for `args` (the arguments after the script) and exit with its
 * status.
 *
 * @category running
 * @since 0.1.0
 */
export const runFull = async (args: ReadonlyArray<string>): Promise<void> => {
  // Spans of run, serve and test go to the OTLP endpoint of OTEL_EXPORTER_OTLP_*, when one is set.
  const telemetry = await telemetryLayerFromEnv(process.env)
  cliWith(args).pipe(
    (program) => (telemetry === undefined ? program : Effect.provide(program, telemetry)),
    Effect.provide(NodeServices.layer),
    NodeRuntime.runMain({
      disableErrorReporting: true,
      // The same exit status (and report of an unexpected failure) as the fast paths.
      teardown: (exit, onExit) => onExit(settle(exit))
    })
  )
}
