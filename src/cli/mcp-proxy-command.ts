/**
 * `wave-hooks mcp-proxy`: an MCP gateway that puts the project's hooks in
 * front of any MCP server, for every MCP client. It speaks MCP to the client
 * on stdin/stdout (or Streamable HTTP with `--listen`) and forwards to the
 * upstream server started from the command after its flags (a `--` before
 * it is optional), or at `--url`.
 * Nothing but MCP is written to stdout; messages go to stderr.
 *
 * With `--listen` every request needs a bearer token: a fresh one printed on
 * stderr at start, or a fixed one from `WAVE_HOOKS_MCP_TOKEN` or
 * `--token-file` (for client configs); the variable is removed from the
 * proxy's environment once read, so neither hooks nor the upstream see it.
 * A `--url` upstream that wants a token gets `WAVE_HOOKS_MCP_UPSTREAM_TOKEN`
 * as `Authorization: Bearer` (removed from the environment the same way).
 *
 * @since 0.2.0
 */
import { Effect, FileSystem, Option } from "effect"
import { Command } from "effect/cli"
import { readBoundedText } from "../runner/bounded-read.ts"
import { Permission } from "../interpreters/contract.ts"
import type { PermissionHandler } from "../interpreters/permission-handler.ts"
import { webPermission } from "../interpreters/web/web-interpreter.ts"
import { startWebServer } from "../interpreters/web/web-server.ts"
import { escapeControl } from "../internal/escape-control.ts"
import { isLoopbackAddress } from "../interpreters/web/loopback-guard.ts"
import { isIP } from "node:net"
import type { GatewayListen, GatewayOptions } from "../hosts/mcp/gateway.ts"
import { startGateway } from "../hosts/mcp/gateway.ts"
import {
  auditLogParams,
  dialectOverride,
  homeDir,
  resolvePluginDirs,
  resolveProjectDir,
  settingsParams
} from "./common-flags.ts"
import { toEffectParams } from "./effect-params.ts"
import type { ValuesOf } from "./flag-spec.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import { ExitWith, UsageError } from "./usage-error.ts"

/**
 * The environment variable that holds a fixed token for `--listen`.
 *
 * @category flags
 * @since 0.2.0
 */
const tokenVariable = "WAVE_HOOKS_MCP_TOKEN"

/**
 * The environment variable that holds the token sent to a `--url` upstream
 * as `Authorization: Bearer` (another gateway's token, for one).
 *
 * @category flags
 * @since 0.2.0
 */
const upstreamTokenVariable = "WAVE_HOOKS_MCP_UPSTREAM_TOKEN"

const maxTokenFileBytes = 4096

/**
 * The parameters of `mcp-proxy`: its flags, then the upstream command (the
 * rest of the command line).
 *
 * @category flags
 * @since 0.3.0
 */
export const mcpProxyParams = {
  name: FlagSpec.optionalString(
    "name",
    "The NAME in hook tool names mcp__NAME__tool (default: from the upstream's serverInfo.name)",
    "NAME"
  ),
  ask: FlagSpec.choice(
    "ask",
    ["elicitation", "web", "deny"],
    "elicitation",
    "How hooks' asks are answered: elicitation (ask the client; when it cannot elicit, deny saying why), web (ask the client, else on a local page whose address goes to stderr) or deny (deny every ask)"
  ),
  url: FlagSpec.optionalString(
    "url",
    `Connect to an upstream MCP server over Streamable HTTP instead of COMMAND (with ${upstreamTokenVariable} set, sent as "Authorization: Bearer"; redirects are not followed)`,
    "URL"
  ),
  listen: FlagSpec.optionalString(
    "listen",
    'Serve the proxy over Streamable HTTP at HOST:PORT (path /mcp) instead of stdio; clients send the token printed on stderr as "Authorization: Bearer <token>"',
    "HOST:PORT"
  ),
  tokenFile: FlagSpec.optionalString(
    "token-file",
    `With --listen: the token clients must send, from the first line of FILE (else ${tokenVariable}, else a new one each start)`,
    "FILE"
  ),
  sessionIdleTimeout: FlagSpec.number(
    "session-idle-timeout",
    900,
    "With --listen: release a session (SessionEnd runs) once its client has had no request open for SECONDS (default 900)",
    "SECONDS"
  ),
  allowRemote: FlagSpec.boolean(
    "allow-remote",
    "With --listen: allow an address beyond loopback (0.0.0.0, a LAN address); clients still need the token"
  ),
  allowHost: FlagSpec.strings(
    "allow-host",
    "With --listen: one more Host name clients may use (NAME or NAME:PORT), repeatable; 127.0.0.1, localhost, [::1] and the bound address always pass",
    "NAME"
  ),
  ...auditLogParams,
  ...settingsParams,
  command: FlagSpec.rest(
    "command",
    "The upstream MCP server's command and its arguments, after the proxy's flags (a -- before it is optional)",
    "COMMAND"
  )
}

/** The usage line of `mcp-proxy`, printed under its usage errors (made from `mcpProxyParams`). */
const usage = usageLine("mcp-proxy", mcpProxyParams)

const say = (line: string) => process.stderr.write(`wave-hooks mcp-proxy: ${escapeControl(line)}\n`)

/** The proxy's flags (and effect/cli's global ones) that take no value: every other flag takes the next word unless written `--flag=value`. */
const flagsWithoutValue = new Set([
  ...Object.values(mcpProxyParams).flatMap((spec) => (spec._tag === "Boolean" ? [`--${spec.name}`] : [])),
  "--help",
  "-h",
  "--version",
  "-v"
])

/**
 * The arguments after `mcp-proxy` with a `--` put before the upstream
 * command when it is missing: the first word that is neither a flag nor a
 * flag's value starts the upstream command, and everything from there
 * (flags included) belongs to the upstream. The MCP Inspector and some
 * client configurations drop the `--`; with it the arguments are unchanged.
 *
 * **Example** (An upstream with its own flags)
 *
 * ```ts
 * upstreamAfterFlags(["--ask", "deny", "npx", "-y", "server", "/data"])
 * // => ["--ask", "deny", "--", "npx", "-y", "server", "/data"]
 * ```
 *
 * @category flags
 * @since 0.2.0
 */
export const upstreamAfterFlags = (args: ReadonlyArray<string>): ReadonlyArray<string> => {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--") return args
    if (arg.startsWith("-") && arg.length > 1) {
      if (!arg.includes("=") && !flagsWithoutValue.has(arg)) i++
      continue
    }
    return [...args.slice(0, i), "--", ...args.slice(i)]
  }
  return args
}

/**
 * `HOST:PORT` of `--listen` (`[::1]:8080` for IPv6), or a usage error.
 *
 * @category flags
 * @since 0.2.0
 */
const parseListen = (text: string): { readonly host: string; readonly port: number } | undefined => {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim())
  if (match === null) return undefined
  const port = Number(match[3])
  if (port > 65535) return undefined
  return { host: match[1] ?? match[2]!, port }
}

/**
 * The fixed token for `--listen`, if one is given: from `--token-file` (its
 * first line; a regular file of at most 4 KiB), else from
 * `WAVE_HOOKS_MCP_TOKEN` (`fromEnv`).
 */
const fixedToken = (
  tokenFile: string | undefined,
  fromEnv: string | undefined
): Effect.Effect<{ readonly token: string; readonly source: string } | undefined, UsageError, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    if (tokenFile === undefined) {
      return fromEnv === undefined || fromEnv.length === 0
        ? undefined
        : { token: fromEnv, source: `the ${tokenVariable} environment variable` }
    }
    const read = yield* readBoundedText(tokenFile, maxTokenFileBytes, "token file")
    const where = `--token-file ${escapeControl(tokenFile)}`
    if (read._tag === "Missing") return yield* new UsageError({ message: `${where}: the file does not exist.`, usage })
    if (read._tag === "Refused")
      return yield* new UsageError({ message: `${where}: the file ${read.problem}; ${read.fix}.`, usage })
    const token = read.text.split(/\r?\n/)[0]!.trim()
    if (token.length === 0)
      return yield* new UsageError({ message: `${where}: the file is empty; put the token on its first line.`, usage })
    const fs = yield* FileSystem.FileSystem
    const info = yield* fs.stat(tokenFile).pipe(Effect.option)
    if (Option.isSome(info) && (info.value.mode & 0o077) !== 0) {
      say(
        `warning: ${escapeControl(tokenFile)} can be read by other users (mode ${(info.value.mode & 0o777).toString(8)}); chmod 600 it.`
      )
    }
    return { token, source: `the file ${tokenFile}` }
  })

/** Answers asks on the `serve` web page, whose address is printed on stderr. */
const webAsk = async (): Promise<{ readonly handler: PermissionHandler; readonly close: () => Promise<void> }> => {
  const server = await startWebServer({ title: "wave-hooks mcp-proxy" })
  say(`permission questions are asked at ${server.url}`)
  const layer = webPermission(server)
  return {
    handler: {
      ask: (request) =>
        Effect.runPromise(
          Effect.gen(function* () {
            const permission = yield* Permission
            return yield* permission.ask(request)
          }).pipe(Effect.provide(layer))
        )
    },
    close: () => server.close()
  }
}

/** The parsed flags of `mcp-proxy`. */
type ProxyFlags = ValuesOf<typeof mcpProxyParams>

/**
 * The tokens of `WAVE_HOOKS_MCP_TOKEN` and `WAVE_HOOKS_MCP_UPSTREAM_TOKEN`,
 * read once and removed from the environment, so that neither hooks nor the
 * upstream inherit them.
 */
const takeTokens = (): { readonly envToken: string | undefined; readonly upstreamToken: string | undefined } => {
  const envToken = process.env[tokenVariable]
  const upstreamToken = process.env[upstreamTokenVariable]
  delete process.env[tokenVariable]
  delete process.env[upstreamTokenVariable]
  return { envToken, upstreamToken }
}

/** The upstream of the flags: `COMMAND [ARGS...]` or `--url`, exactly one of them (else a usage error). */
const upstreamOf = (
  flags: ProxyFlags,
  upstreamToken: string | undefined
): Effect.Effect<GatewayOptions["upstream"], UsageError> => {
  const [command, ...args] = flags.command
  const url = Option.getOrUndefined(flags.url)
  if (command !== undefined && url === undefined) return Effect.succeed({ command, args })
  if (command === undefined && url !== undefined)
    return Effect.succeed({
      url,
      ...(upstreamToken === undefined || upstreamToken.length === 0 ? {} : { bearerToken: upstreamToken })
    })
  return Effect.fail(
    new UsageError({
      message:
        command === undefined
          ? "Give the upstream MCP server after the flags: COMMAND [ARGS...] (e.g. npx -y @modelcontextprotocol/server-filesystem /data), or --url URL."
          : "Give either --url or COMMAND, not both.",
      usage
    })
  )
}

/**
 * The address of `--listen`, if given: a usage error when it is not
 * `HOST:PORT`, when `--token-file`, `--allow-remote` or `--allow-host` come
 * without it, when `--session-idle-timeout` is not positive, or when it is a
 * literal address beyond loopback without `--allow-remote` (a name is checked
 * once resolved).
 */
const listenOf = (
  flags: ProxyFlags
): Effect.Effect<{ readonly host: string; readonly port: number } | undefined, UsageError> =>
  Effect.gen(function* () {
    const listenText = Option.getOrUndefined(flags.listen)
    const listen = listenText === undefined ? undefined : parseListen(listenText)
    if (listenText !== undefined && listen === undefined) {
      return yield* new UsageError({ message: `--listen ${listenText} is not HOST:PORT (e.g. 127.0.0.1:8808).`, usage })
    }
    if (listen === undefined) {
      const strays = [
        ...(Option.isSome(flags.tokenFile) ? ["--token-file"] : []),
        ...(flags.allowRemote ? ["--allow-remote"] : []),
        ...(flags.allowHost.length === 0 ? [] : ["--allow-host"])
      ]
      if (strays.length > 0)
        return yield* new UsageError({ message: `${strays.join(", ")} only apply with --listen HOST:PORT.`, usage })
    }
    if (!(flags.sessionIdleTimeout > 0)) {
      return yield* new UsageError({
        message: `--session-idle-timeout ${flags.sessionIdleTimeout} is not a timeout; give the seconds, greater than 0.`,
        usage
      })
    }
    if (listen !== undefined && !flags.allowRemote && isIP(listen.host) !== 0 && !isLoopbackAddress(listen.host)) {
      return yield* new UsageError({
        message:
          `--listen ${escapeControl(listenText!)}: ${escapeControl(listen.host)} is not a loopback address, so other machines could reach the proxy and call the upstream's tools as you. ` +
          `Listen on 127.0.0.1 (--listen 127.0.0.1:${listen.port}), or add --allow-remote to serve other machines on purpose (clients still need the token).`,
        usage
      })
    }
    return listen
  })

/** How the gateway serves Streamable HTTP for `--listen`: the address, the fixed token if one is given, the flags that go with it. */
const gatewayListen = (
  flags: ProxyFlags,
  listen: { readonly host: string; readonly port: number },
  fixed: { readonly token: string; readonly source: string } | undefined
): GatewayListen => ({
  ...listen,
  ...(fixed === undefined ? {} : { token: fixed.token, tokenSource: fixed.source }),
  allowRemote: flags.allowRemote,
  allowedHosts: flags.allowHost,
  sessionIdleMs: flags.sessionIdleTimeout * 1000
})

/**
 * Start the gateway for the scope (shut down when it closes); a failure to
 * start is said on stderr and ends with exit 1.
 */
const acquireGateway = (options: GatewayOptions) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: () => startGateway(options),
      catch: (error) => new ExitWith({ status: 1, message: error instanceof Error ? error.message : String(error) })
    }).pipe(Effect.tapError((error) => Effect.sync(() => say(error.message)))),
    (running) => Effect.promise(running.shutdown)
  )

/**
 * `mcp-proxy [--name NAME] [--project-dir DIR] [--dialect] [--ask elicitation|web|deny]
 * [--listen HOST:PORT] (--url URL | [--] COMMAND [ARGS...])`.
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
  toEffectParams(mcpProxyParams),
  Effect.fn("mcp-proxy")(function* (flags) {
    const { envToken, upstreamToken } = takeTokens()
    const upstream = yield* upstreamOf(flags, upstreamToken)
    const listen = yield* listenOf(flags)
    const fixed = listen === undefined ? undefined : yield* fixedToken(Option.getOrUndefined(flags.tokenFile), envToken)
    const projectDir = yield* resolveProjectDir(flags.projectDir, usage)
    const pluginDirs = yield* resolvePluginDirs(flags.pluginDir, usage)
    const web = flags.ask === "web" ? yield* Effect.promise(webAsk) : undefined
    if (web !== undefined) yield* Effect.addFinalizer(() => Effect.promise(web.close))
    const gateway = yield* acquireGateway({
      upstream,
      ...(listen === undefined ? {} : { listen: gatewayListen(flags, listen, fixed) }),
      ...(Option.isSome(flags.name) ? { serverName: flags.name.value } : {}),
      hooks: {
        projectDir,
        homeDir: homeDir(),
        ...dialectOverride(flags.dialect),
        pluginDirs,
        ...(Option.isSome(flags.auditLog) ? { auditLog: flags.auditLog.value } : {})
      },
      ask: flags.ask === "deny" ? "deny" : "elicitation",
      ...(web === undefined ? {} : { askFallback: web.handler }),
      log: say
    })
    const status = yield* Effect.promise(() => gateway.done)
    if (status !== 0) return yield* new ExitWith({ status, message: "the upstream MCP server ended" })
  }, Effect.scoped)
).pipe(Command.withDescription("Put the project's hooks in front of an MCP server: an MCP proxy for any MCP client"))
