/**
 * The `wave-hooks` effect/cli command tree: every subcommand, the help and
 * usage-error output on stderr, the global flags kept. (Not the entry point:
 * that is `src/bin.ts`; `full.ts` runs this tree on the Node platform.)
 *
 * @since 0.1.0
 */
import { Console, Effect, Layer } from "effect"
import { CliConfig, CliOutput, Command, GlobalFlag } from "effect/cli"
import { convertCommand } from "./convert-command.ts"
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
import { reportUsageErrors } from "./exit.ts"
import { packageVersion } from "./node-support.ts"

/**
 * The root command.
 *
 * @category commands
 * @since 0.1.0
 */
const rootCommand = Command.make("wave-hooks").pipe(
  Command.withDescription("The hook engine for AI coding agents"),
  Command.withSubcommands([
    decideCommand,
    explainCommand,
    runCommand,
    validateCommand,
    convertCommand,
    listCommand,
    trustCommand,
    testCommand,
    demoCommand,
    serveCommand,
    mcpProxyCommand,
    statsCommand
  ])
)

/**
 * Invalid invocations print their usage and errors on stderr, keeping stdout
 * for results.
 *
 * @category layers
 * @since 0.1.0
 */
const stderrPresenter = CliOutput.layerPresenter({
  present: (event) =>
    event._tag === "InvalidInvocation"
      ? Effect.gen(function* () {
          const formatter = yield* CliOutput.Formatter
          yield* Console.error(formatter.formatHelpDoc(event.helpDoc))
          yield* Console.error(formatter.formatErrors(event.errors))
        })
      : event._tag === "Help" && event.reason === "Implicit"
        ? Effect.gen(function* () {
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
const cliConfig = CliConfig.layer({ builtIns: [GlobalFlag.Help, GlobalFlag.Version, GlobalFlag.Completions] })

/**
 * The whole program for the given arguments (without `node` and the script):
 * parse them, run the command, print usage errors on stderr.
 *
 * @category commands
 * @since 0.1.0
 */
export const cliWith = (args: ReadonlyArray<string>) =>
  // mcp-proxy's upstream command may follow its flags without `--` (the MCP Inspector drops it).
  Command.runWith(rootCommand, { version: packageVersion })(
    args[0] === "mcp-proxy" ? ["mcp-proxy", ...upstreamAfterFlags(args.slice(1))] : args
  ).pipe(reportUsageErrors, Effect.provide(Layer.mergeAll(stderrPresenter, cliConfig)))
