/**
 * The `wave-hooks` command tree, its error output and exit statuses.
 *
 * @since 0.1.0
 */
import { Cause, Console, Effect, Exit, Layer, Runtime } from "effect"
import { CliConfig, CliError, CliOutput, Command, GlobalFlag } from "effect/cli"
import { decideCommand, explainCommand } from "./decide-command.ts"
import { demoCommand } from "./demo-command.ts"
import { listCommand } from "./list-command.ts"
import { mcpProxyCommand, upstreamAfterFlags } from "./mcp-proxy-command.ts"
import { runCommand } from "./run-command.ts"
import { serveCommand } from "./serve-command.ts"
import { statsCommand } from "./stats-command.ts"
import { testCommand } from "./test-command.ts"
import { trustCommand } from "./trust-command.ts"
import { validateCommand } from "./validate-command.ts"
import { isReportedError, reportUsageErrors } from "./exit.ts"
import { packageVersion } from "./node-support.ts"

/**
 * The root command.
 *
 * @category commands
 * @since 0.1.0
 */
export const rootCommand = Command.make("wave-hooks").pipe(
  Command.withDescription("The hook engine for AI coding agents"),
  Command.withSubcommands([decideCommand, explainCommand, runCommand, validateCommand, listCommand, trustCommand, testCommand, demoCommand, serveCommand, mcpProxyCommand, statsCommand])
)

/**
 * Invalid invocations print their usage and errors on stderr, keeping stdout
 * for results.
 *
 * @category layers
 * @since 0.1.0
 */
export const stderrPresenter = CliOutput.layerPresenter({
  present: (event) =>
    event._tag === "InvalidInvocation"
      ? Effect.gen(function*() {
        const formatter = yield* CliOutput.Formatter
        yield* Console.error(formatter.formatHelpDoc(event.helpDoc))
        yield* Console.error(formatter.formatErrors(event.errors))
      })
      : event._tag === "Help" && event.reason === "Implicit"
      ? Effect.gen(function*() {
        const formatter = yield* CliOutput.Formatter
        yield* Console.error(formatter.formatHelpDoc(event.helpDoc))
      })
      : CliOutput.defaultPresenter.present(event)
})

/**
 * The built-in global flags kept: `--help`, `--version`, `--completions`.
 * effect/cli's `--wizard` and `--log-level` are left out: no command prompts
 * for its flags, and nothing here logs through Effect's logger.
 *
 * @category layers
 * @since 0.1.0
 */
export const cliConfig = CliConfig.layer({ builtIns: [GlobalFlag.Help, GlobalFlag.Version, GlobalFlag.Completions] })

/**
 * The whole program for the given arguments (without `node` and the script):
 * parse them, run the command, print usage errors on stderr.
 *
 * @category commands
 * @since 0.1.0
 */
export const cliWith = (args: ReadonlyArray<string>) =>
  // mcp-proxy's upstream command may follow its flags without `--` (the MCP Inspector drops it).
  Command.runWith(rootCommand, { version: packageVersion })(args[0] === "mcp-proxy" ? ["mcp-proxy", ...upstreamAfterFlags(args.slice(1))] : args).pipe(
    reportUsageErrors,
    Effect.provide(Layer.mergeAll(stderrPresenter, cliConfig))
  )

/**
 * Whether a failure was expected and already reported to the user (usage
 * errors, `ExitWith`, bad flags); anything else is a bug worth printing.
 *
 * @category running
 * @since 0.1.0
 */
export const isReported = <E, A>(exit: Exit.Exit<A, E>): boolean => {
  if (Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause)) return true
  const error = Cause.squash(exit.cause)
  return CliError.isCliError(error) || isReportedError(error)
}

/**
 * The exit status of a finished run: 0 success, 2 bad usage, the error's
 * `[Runtime.errorExitCode]` otherwise (1 by default), 130 when interrupted.
 *
 * @category running
 * @since 0.1.0
 */
export const exitStatus = <E, A>(exit: Exit.Exit<A, E>): number => {
  if (Exit.isSuccess(exit)) return 0
  if (Cause.hasInterruptsOnly(exit.cause)) return 130
  const error = Cause.squash(exit.cause)
  // Bad flags: 2, except for `run`, whose 2 means "blocked" (a usage error is 1 there).
  if (CliError.isCliError(error)) return error._tag === "ShowHelp" && error.commandPath.includes("run") ? 1 : 2
  return Runtime.getErrorExitCode(error)
}
