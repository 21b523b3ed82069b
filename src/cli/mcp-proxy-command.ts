/**
 * `wave-hooks mcp-proxy`: an MCP gateway that puts the project's hooks in
 * front of any MCP server, for every MCP client. It speaks MCP to the client
 * on stdin/stdout (or Streamable HTTP with `--listen`) and forwards to the
 * upstream server started from the command after `--` (or at `--url`).
 * Nothing but MCP is written to stdout; messages go to stderr.
 *
 * @since 0.2.0
 */
import { Effect, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { Permission } from "../interpreters/contract.ts"
import type { PermissionHandler } from "../interpreters/permission-handler.ts"
import { webPermission } from "../interpreters/web/web-interpreter.ts"
import { startWebServer } from "../interpreters/web/web-server.ts"
import { escapeControl } from "../internal/escape-control.ts"
import { startGateway } from "../hosts/mcp/gateway.ts"
import { auditLogParams, homeDir, resolvePluginDirs, resolveProjectDir, settingsParams } from "./common-flags.ts"
import { toEffectParams } from "./effect-params.ts"
import { ExitWith, UsageError } from "./usage-error.ts"

const usage = "wave-hooks mcp-proxy [--name NAME] [--project-dir DIR] [--dialect wave|claude-code] [--ask elicitation|web|deny] " +
  "[--listen HOST:PORT] [--audit-log FILE] (--url URL | -- COMMAND [ARGS...])"

const say = (line: string) => process.stderr.write(`wave-hooks mcp-proxy: ${escapeControl(line)}\n`)

/**
 * `HOST:PORT` of `--listen` (`[::1]:8080` for IPv6), or a usage error.
 *
 * @category flags
 * @since 0.2.0
 */
export const parseListen = (text: string): { readonly host: string; readonly port: number } | undefined => {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim())
  if (match === null) return undefined
  const port = Number(match[3])
  if (port > 65535) return undefined
  return { host: match[1] ?? match[2]!, port }
}

/** Answers asks on the `serve` web page, whose address is printed on stderr. */
const webAsk = async (): Promise<{ readonly handler: PermissionHandler; readonly close: () => Promise<void> }> => {
  const server = await startWebServer({ title: "wave-hooks mcp-proxy" })
  say(`permission questions are asked at ${server.url}`)
  const layer = webPermission(server)
  return {
    handler: {
      ask: (request) =>
        Effect.runPromise(
          Effect.gen(function*() {
            const permission = yield* Permission
            return yield* permission.ask(request)
          }).pipe(Effect.provide(layer))
        )
    },
    close: () => server.close()
  }
}

/**
 * `mcp-proxy [--name NAME] [--project-dir DIR] [--dialect] [--ask elicitation|web|deny]
 * [--listen HOST:PORT] (--url URL | -- COMMAND [ARGS...])`.
 *
 * **Details**
 *
 * Runs until the client goes away (stdin ends; exit 0) or the upstream
 * dies (exit 1, with its exit code and last stderr lines). Either way the
 * upstream's whole process group is ended. Settings are read once, at
 * start. Hook tool names are `mcp__<NAME>__<tool>`.
 *
 * @category commands
 * @since 0.2.0
 */
export const mcpProxyCommand = Command.make(
  "mcp-proxy",
  {
    name: Flag.String("name").pipe(
      Flag.optional,
      Flag.withDescription("The NAME in hook tool names mcp__NAME__tool (default: from the upstream's serverInfo.name)")
    ),
    ask: Flag.Literals("ask", ["elicitation", "web", "deny"]).pipe(
      Flag.withDefault("elicitation" as const),
      Flag.withDescription(
        "How hooks' asks are answered: elicitation (ask the client; when it cannot elicit, deny saying why), web (ask the client, else on a local page whose address goes to stderr) or deny (deny every ask)"
      )
    ),
    url: Flag.String("url").pipe(Flag.optional, Flag.withDescription("Connect to an upstream MCP server over Streamable HTTP instead of -- COMMAND")),
    listen: Flag.String("listen").pipe(
      Flag.optional,
      Flag.withDescription("Serve the proxy over Streamable HTTP at HOST:PORT (path /mcp) instead of stdio")
    ),
    ...toEffectParams(auditLogParams),
    ...toEffectParams(settingsParams),
    command: Argument.String("command").pipe(
      Argument.variadic(),
      Argument.withDescription("After --: the upstream MCP server's command and its arguments")
    )
  },
  Effect.fn("mcp-proxy")(
    function*(flags) {
      const [command, ...args] = flags.command
      const url = Option.getOrUndefined(flags.url)
      if ((command === undefined) === (url === undefined)) {
        return yield* new UsageError({
          message: command === undefined
            ? "Give the upstream MCP server: -- COMMAND [ARGS...] (e.g. -- npx -y @modelcontextprotocol/server-filesystem /data), or --url URL."
            : "Give either --url or -- COMMAND, not both.",
          usage
        })
      }
      const listenText = Option.getOrUndefined(flags.listen)
      const listen = listenText === undefined ? undefined : parseListen(listenText)
      if (listenText !== undefined && listen === undefined) {
        return yield* new UsageError({ message: `--listen ${listenText} is not HOST:PORT (e.g. 127.0.0.1:8808).`, usage })
      }
      const projectDir = yield* resolveProjectDir(flags.projectDir, usage)
      const pluginDirs = yield* resolvePluginDirs(flags.pluginDir, usage)
      const web = flags.ask === "web" ? yield* Effect.promise(webAsk) : undefined
      if (web !== undefined) yield* Effect.addFinalizer(() => Effect.promise(web.close))
      const gateway = yield* Effect.acquireRelease(
        Effect.tryPromise({
          try: () =>
            startGateway({
              upstream: url !== undefined ? { url } : { command: command!, args },
              ...(listen === undefined ? {} : { listen }),
              ...(Option.isSome(flags.name) ? { serverName: flags.name.value } : {}),
              hooks: {
                projectDir,
                homeDir: homeDir(),
                dialect: flags.dialect,
                pluginDirs,
                ...(Option.isSome(flags.auditLog) ? { auditLog: flags.auditLog.value } : {})
              },
              ask: flags.ask === "deny" ? "deny" : "elicitation",
              ...(web === undefined ? {} : { askFallback: web.handler }),
              log: say
            }),
          catch: (error) => new ExitWith({ status: 1, message: error instanceof Error ? error.message : String(error) })
        }).pipe(Effect.tapError((error) => Effect.sync(() => say(error.message)))),
        (running) => Effect.promise(running.shutdown)
      )
      const status = yield* Effect.promise(() => gateway.done)
      if (status !== 0) return yield* new ExitWith({ status, message: "the upstream MCP server ended" })
    },
    Effect.scoped
  )
).pipe(Command.withDescription("Put the project's hooks in front of an MCP server: an MCP proxy for any MCP client"))
