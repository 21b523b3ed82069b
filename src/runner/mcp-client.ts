/**
 * `McpTools`: the service that calls a tool of a declared MCP server for
 * `mcp_tool` hooks (issue 13), in the shape of `HookProcess`:
 * the call is plain data, only the service touches servers.
 * `McpTools.layer({ cwd })` starts each server on first use with the
 * official `@modelcontextprotocol/sdk` client (stdio through
 * `StdioClientTransport`, `type: "http"` through
 * `StreamableHTTPClientTransport`), keeps it for the layer's life and closes
 * it when the layer's scope closes (a stdio server that does not exit on its
 * own is killed by pid). `McpTools.layerTest` answers with canned results.
 *
 * The SDK is an optional peer dependency: it is imported on the first call,
 * so `wave-hooks/runner` loads without it and a hook that needs it says how
 * to install it.
 *
 * @since 0.2.0
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { Context, Effect, Layer } from "effect"
import type { McpOutcome } from "../core/transport-outcome.ts"
import type { McpServerConfig } from "../settings/mcp-tool-hook-config.ts"
import { redactUrl, redactUrlsIn } from "../settings/http-hook-config.ts"

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
  /** Working directory of stdio servers without a `cwd` (the project directory). */
  readonly cwd: string
  /**
   * Variables every stdio server gets (such as `WAVE_PROJECT_DIR`), on top
   * of the SDK's small default environment (`HOME`, `PATH`, `USER`, ...)
   * and under each server's own `env`. Nothing else of the agent's
   * environment is passed.
   */
  readonly env?: { readonly [name: string]: string }
  /**
   * After closing a stdio server's stdin, how long to wait for it to exit
   * before SIGTERM, and again before SIGKILL. Default 1000 ms.
   */
  readonly killGraceMs?: number
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
  | { readonly content: ReadonlyArray<{ readonly type: string; readonly [key: string]: unknown }>; readonly isError?: boolean }
  | Effect.Effect<McpOutcome | { readonly content: ReadonlyArray<{ readonly type: string; readonly [key: string]: unknown }>; readonly isError?: boolean }>

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
export class McpTools extends Context.Service<McpTools, {
  readonly call: (request: McpToolCall) => Effect.Effect<McpOutcome>
  /** The servers started so far (and still running). */
  readonly started: Effect.Effect<ReadonlyArray<StartedMcpServer>>
}>()("wave-hooks/runner/McpTools") {
  /**
   * Real servers, started on first use and closed (stdio ones killed by pid
   * if they linger) when the layer's scope closes.
   */
  static layer(options: McpToolsOptions): Layer.Layer<McpTools> {
    return Layer.effect(
      McpTools,
      Effect.map(
        Effect.acquireRelease(Effect.sync(() => new McpConnections(options)), (connections) => Effect.promise(() => connections.closeAll())),
        (connections): McpTools["Service"] => ({
          call: Effect.fn("McpTools.call")(function*(request: McpToolCall) {
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
  static unscoped(options: McpToolsOptions): { readonly service: McpTools["Service"]; readonly close: Effect.Effect<void> } {
    // After close, a call starts its server again (a session may fire after close()); a layer's scope does not.
    let connections = new McpConnections(options)
    return {
      service: {
        call: Effect.fn("McpTools.call")(function*(request: McpToolCall) {
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
      call: Effect.fn("McpTools.call")(function*(request: McpToolCall) {
        requests.push(request)
        const key = `${request.server}/${request.tool}`
        const answer = typeof script === "function" ? script(request) : Object.hasOwn(script, key) ? script[key] : undefined
        if (answer === undefined) {
          return yield* Effect.die(
            new Error(
              `McpTools.layerTest has no canned result for ${JSON.stringify(key)}; add it to the script ` +
                `(known: ${typeof script === "function" ? "(a function)" : Object.keys(script).map((k) => JSON.stringify(k)).join(", ")}).`
            )
          )
        }
        const value = Effect.isEffect(answer) ? yield* answer : answer
        if ("_tag" in value) return value
        return { _tag: "Result", content: value.content, isError: value.isError ?? false, durationMs: 0 } satisfies McpOutcome
      }),
      started: Effect.succeed([])
    })
  }
}

// ====== Connections (Node) ======

interface Connection {
  readonly client: Client
  readonly transport: Transport
  readonly pid: number | undefined
  /** The last few KiB the server wrote to stderr (for failure messages). */
  readonly stderrTail: () => string
}

const STDERR_TAIL_CHARS = 2000

const loadSdk = async () => {
  try {
    const [client, stdio, http] = await Promise.all([
      import("@modelcontextprotocol/sdk/client/index.js"),
      import("@modelcontextprotocol/sdk/client/stdio.js"),
      import("@modelcontextprotocol/sdk/client/streamableHttp.js")
    ])
    return { Client: client.Client, StdioClientTransport: stdio.StdioClientTransport, StreamableHTTPClientTransport: http.StreamableHTTPClientTransport }
  } catch (error) {
    throw new Error(
      `mcp_tool hooks need the package @modelcontextprotocol/sdk, which could not be loaded (${error instanceof Error ? error.message : String(error)}); ` +
        `install it next to wave-hooks: npm install @modelcontextprotocol/sdk`
    )
  }
}

const errorCode = (error: unknown): number | undefined => {
  const code = (error as { readonly code?: unknown } | null)?.code
  return typeof code === "number" ? code : undefined
}

/** An error in words, URLs in it redacted (a client error may quote the server URL with its credentials). */
const messageOf = (error: unknown): string => redactUrlsIn(error instanceof Error ? error.message : String(error))

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { readonly code?: unknown }).code === "EPERM"
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

/** The servers of one layer: started on first use, shared by concurrent callers, closed together. */
class McpConnections {
  /** By server name: the entry it was started with (as JSON) and the start. */
  private readonly connections = new Map<string, { readonly key: string; readonly connection: Promise<Connection> }>()
  private readonly live = new Map<string, Connection>()
  /** Servers being closed because their entry changed (awaited by `closeAll`). */
  private readonly retiring = new Set<Promise<void>>()
  private closed = false

  private readonly options: McpToolsOptions

  constructor(options: McpToolsOptions) {
    this.options = options
  }

  started(): ReadonlyArray<StartedMcpServer> {
    return [...this.live.entries()].map(([name, c]) => ({ name, pid: c.pid }))
  }

  private connect(name: string, config: McpServerConfig): Promise<Connection> {
    const key = JSON.stringify(config)
    const existing = this.connections.get(name)
    if (existing !== undefined && existing.key === key) return existing.connection
    if (existing !== undefined) {
      // The entry changed (settings were edited): close the old server, start the new one.
      this.connections.delete(name)
      const retired = existing.connection.then(
        (old) => {
          if (this.live.get(name) === old) this.live.delete(name)
          return this.closeOne(old)
        },
        () => undefined
      )
      this.retiring.add(retired)
      void retired.finally(() => this.retiring.delete(retired))
    }
    const starting = this.start(name, config)
    const entry = { key, connection: starting }
    this.connections.set(name, entry)
    // A server that failed to start is tried again on the next call.
    starting.catch(() => {
      if (this.connections.get(name) === entry) this.connections.delete(name)
    })
    return starting
  }

  private async start(name: string, config: McpServerConfig): Promise<Connection> {
    const sdk = await loadSdk()
    const client = new sdk.Client({ name: "wave-hooks", version: "0.2.0" }, { capabilities: {} })
    let tail = ""
    let transport: Transport
    let pid: () => number | undefined = () => undefined
    if (config.type === "http") {
      transport = new sdk.StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: { ...config.headers }, redirect: "error" }
      })
    } else {
      const stdio = new sdk.StdioClientTransport({
        command: config.command,
        args: [...(config.args ?? [])],
        env: { ...this.options.env, ...config.env },
        cwd: config.cwd ?? this.options.cwd,
        stderr: "pipe"
      })
      stdio.stderr?.on("data", (chunk: Buffer) => {
        tail = (tail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS)
      })
      pid = () => stdio.pid ?? undefined
      transport = stdio
    }
    try {
      await client.connect(transport)
    } catch (error) {
      const startedPid = pid()
      await client.close().catch(() => {})
      if (startedPid !== undefined) await this.reap(startedPid)
      const said = tail.trim()
      throw new Error(
        `the MCP server "${name}" could not be started (${messageOf(error)})` + (said.length > 0 ? `; it said: ${said.slice(-500)}` : "") +
          (config.type === "http" ? `; is it listening at ${redactUrl(config.url)}?` : `; check mcpServers.${name}.command and args`)
      )
    }
    const connection: Connection = { client, transport, pid: pid(), stderrTail: () => tail }
    if (this.closed) {
      await this.closeOne(connection)
      throw new Error(`the MCP server "${name}" was started after the hooks' scope closed`)
    }
    this.live.set(name, connection)
    // A server that exits is forgotten, so the next call starts it again.
    client.onclose = () => {
      if (this.live.get(name) !== connection) return
      this.live.delete(name)
      this.connections.delete(name)
    }
    return connection
  }

  async call(request: McpToolCall, signal: AbortSignal): Promise<McpOutcome> {
    const started = performance.now()
    const elapsed = () => performance.now() - started
    const servers = this.options.servers ?? {}
    const config = request.serverConfig ?? (Object.hasOwn(servers, request.server) ? servers[request.server] : undefined)
    if (config === undefined) {
      const known = Object.keys(servers)
      return {
        _tag: "Failed",
        message: `no MCP server named "${request.server}" is declared in mcpServers (${
          known.length === 0 ? "none is" : `declared: ${known.map((k) => JSON.stringify(k)).join(", ")}`
        }); declare it, or fix the hook's server`,
        durationMs: elapsed()
      }
    }
    const abort = new AbortController()
    const onAbort = () => abort.abort()
    signal.addEventListener("abort", onAbort, { once: true })
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), Math.max(1, request.timeoutMs))
    })
    try {
      const work = (async (): Promise<McpOutcome> => {
        let connection: Connection
        try {
          connection = await this.connect(request.server, config)
        } catch (error) {
          return { _tag: "Failed", message: messageOf(error), durationMs: elapsed() }
        }
        try {
          const result = await connection.client.callTool(
            { name: request.tool, arguments: { ...request.input } },
            undefined,
            // The deadline is ours; the SDK's own request timeout is kept out of the way.
            { signal: abort.signal, timeout: Math.max(1, request.timeoutMs) + 60_000 }
          )
          return { _tag: "Result", content: result.content, isError: result.isError, durationMs: elapsed() }
        } catch (error) {
          const code = errorCode(error)
          if (code === -32000) {
            const said = connection.stderrTail().trim()
            return {
              _tag: "Failed",
              message: `the MCP server "${request.server}" closed the connection (${messageOf(error)})` + (said.length > 0 ? `; it said: ${said.slice(-500)}` : ""),
              durationMs: elapsed()
            }
          }
          if (code === -32001) return { _tag: "TimedOut", durationMs: elapsed() }
          return { _tag: "ProtocolError", message: messageOf(error), durationMs: elapsed() }
        }
      })()
      const first = await Promise.race([work, deadline])
      if (first === "timeout") {
        // Cancel the call (the SDK sends notifications/cancelled); the server stays up for the next event.
        abort.abort()
        work.catch(() => {})
        return { _tag: "TimedOut", durationMs: elapsed() }
      }
      return first
    } finally {
      if (timer !== undefined) clearTimeout(timer)
      signal.removeEventListener("abort", onAbort)
    }
  }

  /** Wait for `pid` to exit; SIGTERM after the grace, SIGKILL after another. */
  private async reap(pid: number): Promise<void> {
    const grace = this.options.killGraceMs ?? 1000
    const gone = async (ms: number) => {
      const until = performance.now() + ms
      while (performance.now() < until) {
        if (!isAlive(pid)) return true
        await delay(10)
      }
      return !isAlive(pid)
    }
    if (await gone(grace)) return
    try {
      process.kill(pid, "SIGTERM")
    } catch {
      return
    }
    if (await gone(grace)) return
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      return
    }
    // SIGKILL cannot be ignored: wait for the exit to be reaped (bounded, for a process stuck in the kernel).
    await gone(Math.max(grace, 5000))
  }

  private async closeOne(connection: Connection): Promise<void> {
    const closing = connection.client.close().catch(() => {})
    if (connection.pid === undefined) {
      await Promise.race([closing, delay(this.options.killGraceMs ?? 1000)])
      return
    }
    // The SDK ends stdin, then waits up to 2 s twice; ours is shorter and ends by pid.
    await this.reap(connection.pid)
  }

  async closeAll(): Promise<void> {
    this.closed = true
    const starting = [...this.connections.values()]
    this.connections.clear()
    const all = await Promise.all(starting.map((entry) => entry.connection.then((c) => c, () => undefined)))
    this.live.clear()
    await Promise.all([...all.map((c) => (c === undefined ? undefined : this.closeOne(c))), ...this.retiring])
  }
}
