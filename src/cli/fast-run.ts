/**
 * The fast path of `wave-hooks run`: arguments parsed with `node:util`
 * `parseArgs` from the same specs as the effect/cli command, then the same
 * program on a minimal Node file system (`src/runner/sync-read-file-system.ts`), interrupted (its hooks killed) on Ctrl+C.
 * Loads neither effect/cli nor the platform barrel; anything its
 * parser does not take (help, a bad flag) goes to the full CLI.
 *
 * @since 0.1.0
 */
import { Effect, FileSystem } from "effect"
import * as NodeRuntime from "@effect/platform-node-shared/NodeRuntime"
import { reportUsageErrors, settle } from "./exit.ts"
import { parseFast } from "./flag-spec.ts"
import * as SyncReadFileSystem from "../runner/sync-read-file-system.ts"
import { runParams, runProgram } from "./run-program.ts"
import { telemetryLayerFromEnv } from "../runner/telemetry.ts"

/**
 * Run `run` for `args` (`["run", event, ...flags]`) and exit with its status.
 *
 * @category running
 * @since 0.1.0
 */
export const main = async (args: ReadonlyArray<string>): Promise<void> => {
  const flags = parseFast(runParams, args.slice(1))
  if (flags === undefined) return (await import("./full.ts")).runFull(args)
  // The exporter is loaded only when an OTEL_EXPORTER_OTLP_* endpoint is set; its scope's end flushes the spans.
  const telemetry = await telemetryLayerFromEnv(process.env)
  runProgram(flags).pipe(
    reportUsageErrors,
    (program) => (telemetry === undefined ? program : Effect.provide(program, telemetry)),
    Effect.provideService(FileSystem.FileSystem, SyncReadFileSystem.syncReadFileSystem),
    NodeRuntime.runMain({ disableErrorReporting: true, teardown: (exit, onExit) => onExit(settle(exit)) })
  )
}
