/**
 * `McpTools`: the service that calls a tool of a declared MCP server for
 * `mcp_tool` hooks, in the shape of `HookProcess`:
 * the call is plain data, only the service touches servers.
 * `McpTools.layer({ cwd })` starts each server on first use with the
 * official `@modelcontextprotocol/sdk` client (stdio through our
 * `McpStdioTransport`, in a process group of its own under the process
 * supervisor; `type: "http"` through the SDK's
 * `StreamableHTTPClientTransport` with `cappedMcpFetch`), keeps it for the
 * layer's life and closes it when the layer's scope closes (a stdio server
 * that does not exit on its own is killed with its whole process group).
 * The hook's timeout covers the start (`initialize`) as well as the call,
 * and a message from a server is capped in bytes while it is read.
 * `McpTools.layerTest` answers with canned results.
 *
 * The SDK is an optional peer dependency: it is imported on the first call,
 * so `wave-hooks/runner` loads without it and a hook that needs it says how
 * to install it.
 *
 * @since 0.2.0
 */
import { Context, Effect, Layer } from "effect"
import type { McpOutcome } from "../core/transport-outcome.ts"
import type { McpServerConfig } from "../settings/mcp-tool-hook-config.ts"
import type { SettingsScope } from "../settings/settings-schema.ts"
import { McpConnections } from "./mcp-connections.ts"

// ====== Models ======

/**
 * One tool call, as data.
 *
 * @category models
 * @since 0.2.0
 */
export interface McpToolCall {
  /** A name declared in `mcpServers`. */
  readonly server: string
  readonly tool: string
  /** The tool's arguments (after `${...}` substitution). */
  readonly input: { readonly [key: string]: unknown }
  /** For starting the server (on first use) and the call together. */
  readonly timeoutMs: number
  /**
   * The server's entry as the settings in force declare it (the runner
   * passes it from the event's settings snapshot); absent, the layer's
   * `servers` are used. A server whose entry changed since it was started
   * is closed and started again with the new entry.
   */
  readonly serverConfig?: McpServerConfig
  /**
   * The scope of the settings file that declared `serverConfig`
   * (`SettingsSnapshot.mcpServerScopes`). A stdio server of a project or
   * local file (which counts only once trusted) starts in the layer's `cwd`
   * (the project directory); one of user or managed settings in `homeDir`,
   * so nothing in an untrusted project runs as part of it. Absent: the
   * layer's `cwd` (servers an embedder declared itself). Since 0.2.0.
   */
  readonly serverScope?: SettingsScope
}

/**
 * A server the layer started: its name, and for a stdio server the pid of
 * its process (`undefined` for `type: "http"`).
 *
 * @category models
 * @since 0.2.0
 */
export interface StartedMcpServer {
  readonly name: string
  readonly pid: number | undefined
}

/**
 * How `McpTools.layer` starts servers.
 *
 * @category models
 * @since 0.2.0
 */
export interface McpToolsOptions {
  /**
   * Declared servers, for calls that do not carry their `serverConfig`
   * (the runner passes the entry with each call instead, as settings are
   * read per event while the layer lives for the process).
   */
  readonly servers?: { readonly [name: string]: McpServerConfig }
  /**
   * Working directory of stdio servers of the project (and of calls that
   * carry no `serverScope`): the project directory. A relative `cwd` of a
   * server entry is taken from it.
   */
  readonly cwd: string
  /**
   * Working directory of stdio servers declared in user or managed settings
   * (a relative `cwd` of theirs is taken from it). Default: the user's home
   * directory (`os.homedir()`), or `/` when that is not a directory.
   */
  readonly homeDir?: string
  /**
   * Variables every stdio server gets (such as `WAVE_PROJECT_DIR`), on top
   * of the SDK's small default environment (`HOME`, `PATH`, `USER`, ...)
   * and under each server's own `env`. Nothing else of the agent's
   * environment is passed.
   */
  readonly env?: { readonly [name: string]: string }
  /**
   * After closing a stdio server's stdin, how long to wait for it to exit
   * before SIGTERM to its process group, and again before SIGKILL. Default
   * 1000 ms.
   */
  readonly killGraceMs?: number
  /**
   * The largest message read from a server, in bytes: one line of a stdio
   * server, one JSON body or one event of an http server. A server that
   * sends more is stopped and the call fails saying so; it is never read
   * whole. Default 8 MiB.
   */
  readonly maxMessageBytes?: number
}

/**
 * A canned answer of the test layer: an outcome, the result fields that
 * matter (`content`, `isError`), or an Effect giving either.
 *
 * @category models
 * @since 0.2.0
 */
export type CannedMcp =
  | McpOutcome
  | {
      readonly content: ReadonlyArray<{ readonly type: string; readonly [key: string]: unknown }>
      readonly isError?: boolean
    }
  | Effect.Effect<
      | McpOutcome
      | {
          readonly content: ReadonlyArray<{ readonly type: string; readonly [key: string]: unknown }>
          readonly isError?: boolean
        }
    >

// ====== Service ======

/**
 * Calls tools of declared MCP servers. Never fails: an unknown server, a
 * server that cannot start, a timeout or a protocol error is part of the
 * `McpOutcome`.
 *
 * **When to use**
 *
 * `runMcpToolHook` needs it, and `runHooks` for `mcp_tool` hooks (optional
 * there: without it the event starts its own servers and ends them). Provide `McpTools.layer({ cwd })` for the life of the agent (the
 * runner, `serve`, a `HookSession`), so servers start once, and pass each
 * event's `mcpServers` to `runMcpToolHook` (an edited entry restarts its
 * server); `McpTools.layerTest(script)` in tests.
 *
 * **Example** (A canned verdict)
 *
 * ```ts
 * const layer = McpTools.layerTest({ "guard/check_command": { content: [{ type: "text", text: "{\"continue\":false}" }] } })
 * const { run } = yield* runMcpToolHook(hook, { payload, timeoutMs: 5000 }).pipe(Effect.provide(layer))
 * ```
 *
 * @category services
 * @since 0.2.0
 */
export class McpTools extends Context.Service<
  McpTools,
  {
    readonly call: (request: McpToolCall) => Effect.Effect<McpOutcome>
    /** The servers started so far (and still running). */
    readonly started: Effect.Effect<ReadonlyArray<StartedMcpServer>>
  }
>()("wave-hooks/runner/McpTools") {
  /**
   * Real servers, started on first use and closed (stdio ones killed with
   * their process group if they linger; a start in progress given up at
   * once) when the layer's scope closes.
   */
  static layer(options: McpToolsOptions): Layer.Layer<McpTools> {
    return Layer.effect(
      McpTools,
      Effect.map(
        Effect.acquireRelease(
          Effect.sync(() => new McpConnections(options)),
          (connections) => Effect.promise(() => connections.closeAll())
        ),
        (connections): McpTools["Service"] => ({
          call: Effect.fn("McpTools.call")(function* (request: McpToolCall) {
            return yield* Effect.promise((signal) => connections.call(request, signal))
          }),
          started: Effect.sync(() => connections.started())
        })
      )
    )
  }

  /**
   * Real servers as a plain service value and its `close` (ends every server
   * it started; a later call starts its server again), for an owner that is
   * not a layer scope: a `HookSession`
   * closes it in `close()`, `runHooks` at the end of the event when nothing
   * provides `McpTools`.
   */
  static unscoped(options: McpToolsOptions): {
    readonly service: McpTools["Service"]
    readonly close: Effect.Effect<void>
  } {
    // After close, a call starts its server again (a session may fire after close()); a layer's scope does not.
    let connections = new McpConnections(options)
    return {
      service: {
        call: Effect.fn("McpTools.call")(function* (request: McpToolCall) {
          return yield* Effect.promise((signal) => connections.call(request, signal))
        }),
        started: Effect.sync(() => connections.started())
      },
      close: Effect.promise(() => {
        const closing = connections
        connections = new McpConnections(options)
        return closing.closeAll()
      })
    }
  }

  /**
   * Canned results instead of servers, by `"server/tool"` or a function of
   * the call. Every call is pushed to `requests` before it is answered; a
   * record script without an entry dies with a defect naming it.
   */
  static layerTest(
    script: ((request: McpToolCall) => CannedMcp) | { readonly [serverSlashTool: string]: CannedMcp },
    requests: Array<McpToolCall> = []
  ): Layer.Layer<McpTools> {
    return Layer.succeed(McpTools, {
      call: Effect.fn("McpTools.call")(function* (request: McpToolCall) {
        requests.push(request)
        const key = `${request.server}/${request.tool}`
        const answer =
          typeof script === "function" ? script(request) : Object.hasOwn(script, key) ? script[key] : undefined
        if (answer === undefined) {
          return yield* Effect.die(
            new Error(
              `McpTools.layerTest has no canned result for ${JSON.stringify(key)}; add it to the script ` +
                `(known: ${
                  typeof script === "function"
                    ? "(a function)"
                    : Object.keys(script)
                        .map((k) => JSON.stringify(k))
                        .join(", ")
                }).`
            )
          )
        }
        const value = Effect.isEffect(answer) ? yield* answer : answer
        if ("_tag" in value) return value
        return {
          _tag: "Result",
          content: value.content,
          isError: value.isError ?? false,
          durationMs: 0
        } satisfies McpOutcome
      }),
      started: Effect.succeed([])
    })
  }
}
