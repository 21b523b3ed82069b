#!/usr/bin/env node
/**
 * The `wave-hooks` executable. The only module that runs the CLI when
 * imported, and the only place that decides the process exit status.
 *
 * @since 0.1.0
 */
import { Cause, Effect, Exit } from "effect"
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { cli, exitStatus, isReported } from "./cli/main.ts"

cli.pipe(
  Effect.provide(NodeServices.layer),
  NodeRuntime.runMain({
    disableErrorReporting: true,
    teardown: (exit, onExit) => {
      // Unexpected failures (not usage errors, which were already printed) are reported here.
      if (Exit.isFailure(exit) && !isReported(exit)) process.stderr.write(`${Cause.pretty(exit.cause)}\n`)
      onExit(exitStatus(exit))
    }
  })
)
