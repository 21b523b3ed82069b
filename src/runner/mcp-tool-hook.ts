/**
 * One `mcp_tool` hook, whole: `${...}` substitution
 * of its `input` from the event payload, the call through `McpTools`, and
 * the `HookRun` that `decide` reads.
 *
 * @since 0.2.0
 */
import { Effect } from "effect"
import type { TransportRun } from "../core/transport-outcome.ts"
import { mcpToolResultRun, missingPlaceholdersRun } from "../core/transport-outcome.ts"
import type { HttpHookPolicy } from "../settings/http-hook-config.ts"
import { urlAllowed, urlNotAllowedMessage } from "../settings/http-hook-config.ts"
import type { McpServerConfig, McpToolHookConfig } from "../settings/mcp-tool-hook-config.ts"
import { mcpToolHookLabel, substitutePayloadPaths } from "../settings/mcp-tool-hook-config.ts"
import type { SettingsScope } from "../settings/settings-schema.ts"
import { McpTools } from "./mcp-client.ts"
import { defaultOutputCapBytes } from "./node-hook-process.ts"

/**
 * What `runMcpToolHook` needs besides the hook.
 *
 * @category models
 * @since 0.2.0
 */
export interface McpToolHookRunOptions {
  /** The event's payload (what a command hook gets on stdin), for `${...}`. */
  readonly payload: unknown
  readonly timeoutMs: number
  /** Bytes of the tool's text kept (default 1 MiB, like a command's stdout). */
  readonly capBytes?: number
  /**
   * The `mcpServers` in force for this event (the merged entries of the
   * settings whose hooks run). Given, the hook's entry travels with the call
   * and a server it does not declare is a failure run without a call;
   * absent, the `McpTools` layer's own `servers` are used.
   */
  readonly servers?: { readonly [name: string]: McpServerConfig }
  /**
   * Where each of `servers` was declared (`SettingsSnapshot.mcpServerScopes`),
   * which decides where a stdio server starts (see `McpToolCall.serverScope`).
   * Given, a server it does not name is taken as the user's (it does not
   * start in the project); absent, servers start in the layer's `cwd`.
   * Since 0.2.0.
   */
  readonly serverScopes?: { readonly [name: string]: SettingsScope }
  /**
   * The settings-level allowlists in force: an `http` server whose URL
   * `allowedHttpHookUrls` does not allow is not contacted, as for an `http`
   * hook. Since 0.2.0.
   */
  readonly policy?: HttpHookPolicy
}

/**
 * Run one `mcp_tool` hook: substitute `${path}` placeholders in `input` from
 * the payload (a path the payload lacks: the tool is not called, and the run
 * is a non-blocking error naming it), call the tool (its server starts on
 * first use) and map the result to a `HookRun`. An `http` server whose URL
 * the settings' `allowedHttpHookUrls` refuses is not contacted (a failure run
 * naming the URL and the patterns). `notes` names content that was not read
 * (images, resources).
 *
 * **Example** (In the runner, per hook)
 *
 * ```ts
 * const { run, notes } = yield* runMcpToolHook(hook, { payload, timeoutMs: 30_000 })
 * const effects = decideTraced(event, run, { dialect, onFailure: hook.onFailure ?? "continue" })
 * ```
 *
 * @category running
 * @since 0.2.0
 */
export const runMcpToolHook: (
  hook: Pick<McpToolHookConfig, "server" | "tool" | "input">,
  options: McpToolHookRunOptions
) => Effect.Effect<TransportRun, never, McpTools> = Effect.fn("runMcpToolHook")(function* (hook, options) {
  const label = mcpToolHookLabel(hook)
  const { input, missing } = substitutePayloadPaths(hook.input, options.payload)
  if (missing.length > 0) return { run: missingPlaceholdersRun(missing, label), notes: [] }
  const servers = options.servers
  const serverConfig = servers !== undefined && Object.hasOwn(servers, hook.server) ? servers[hook.server] : undefined
  if (servers !== undefined && serverConfig === undefined) {
    const known = Object.keys(servers)
    return mcpToolResultRun(
      {
        _tag: "Failed",
        message: `no MCP server named "${hook.server}" is declared in mcpServers (${
          known.length === 0 ? "none is" : `declared: ${known.map((k) => JSON.stringify(k)).join(", ")}`
        }); declare it, or fix the hook's server`,
        durationMs: 0
      },
      label,
      options.capBytes ?? defaultOutputCapBytes
    )
  }
  const allowedUrls = options.policy?.allowedHttpHookUrls
  if (serverConfig?.type === "http" && !urlAllowed(serverConfig.url, allowedUrls)) {
    return mcpToolResultRun(
      {
        _tag: "Failed",
        message: `the MCP server "${hook.server}" was not contacted: ${urlNotAllowedMessage(serverConfig.url, allowedUrls ?? [])}`,
        durationMs: 0
      },
      label,
      options.capBytes ?? defaultOutputCapBytes
    )
  }
  const serverScope =
    serverConfig === undefined || options.serverScopes === undefined
      ? undefined
      : Object.hasOwn(options.serverScopes, hook.server)
        ? options.serverScopes[hook.server]
        : "user"
  const tools = yield* McpTools
  const outcome = yield* tools.call({
    server: hook.server,
    tool: hook.tool,
    input,
    timeoutMs: options.timeoutMs,
    ...(serverConfig === undefined ? {} : { serverConfig }),
    ...(serverScope === undefined ? {} : { serverScope })
  })
  return mcpToolResultRun(outcome, label, options.capBytes ?? defaultOutputCapBytes)
})
