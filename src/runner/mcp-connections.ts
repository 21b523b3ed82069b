/**
 * The Node side of `McpTools.layer`: MCP servers started on first use with
 * the official `@modelcontextprotocol/sdk` client (stdio through our
 * `McpStdioTransport`, in a process group of its own under the process
 * supervisor; `type: "http"` through the SDK's
 * `StreamableHTTPClientTransport` with `cappedMcpFetch`), kept while the
 * owner lives and closed with it. The hook's timeout covers the start
 * (`initialize`) as well as the call.
 *
 * @internal
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { McpOutcome } from "../core/transport-outcome.ts"
import { redactUrl, redactUrlsIn } from "../settings/http-hook-config.ts"
import type { McpServerConfig } from "../settings/mcp-tool-hook-config.ts"
import type { SettingsScope } from "../settings/settings-schema.ts"
import type { McpToolCall, McpToolsOptions, StartedMcpServer } from "./mcp-client.ts"
import { cappedMcpFetch } from "./mcp-http-fetch.ts"
import { defaultMaxMessageBytes, McpMessageTooLarge, McpStdioTransport } from "./mcp-stdio-transport.ts"

interface Connection {
  readonly client: Client
  readonly pid: number | undefined
  /** The last few KiB the server wrote to stderr (for failure messages). */
  readonly stderrTail: () => string
  /** Why the engine ended the server while it ran (a message over the cap), for the calls that fail with it. */
  readonly endedBecause: () => string | undefined
}

/** A server being started or running, by name: the entry it was started with (as a key) and how to give up its start. */
interface Entry {
  readonly key: string
  readonly connection: Promise<Connection>
  /** Give up a start in progress (its process group is killed, its request aborted); nothing once it is connected. */
  readonly abandon: () => void
  /** Whether the server is connected (its start finished): a start still in progress is given up with a call that timed out. */
  connected: boolean
}

const loadSdk = async () => {
  try {
    const [client, stdio, http] = await Promise.all([
      import("@modelcontextprotocol/sdk/client/index.js"),
      import("@modelcontextprotocol/sdk/client/stdio.js"),
      import("@modelcontextprotocol/sdk/client/streamableHttp.js")
    ])
    return {
      Client: client.Client,
      defaultEnvironment: stdio.getDefaultEnvironment,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport
    }
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

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`

/** The outcome of a call to a server no `mcpServers` entry declares: which ones are, and what to fix. */
const undeclaredServer = (server: string, known: ReadonlyArray<string>, durationMs: number): McpOutcome => ({
  _tag: "Failed",
  message: `no MCP server named "${server}" is declared in mcpServers (${
    known.length === 0 ? "none is" : `declared: ${known.map((k) => JSON.stringify(k)).join(", ")}`
  }); declare it, or fix the hook's server`,
  durationMs
})

/**
 * The outcome of a `tools/call` that threw: a protocol error when the engine
 * ended the server (a message over the cap), a failure when the server closed
 * the connection (with the tail of its stderr), a timeout for the SDK's
 * -32001, else a protocol error.
 */
const failedCallOutcome = (error: unknown, connection: Connection, server: string, durationMs: number): McpOutcome => {
  const ended = connection.endedBecause()
  // The server answered, too much: a protocol error (exit 1) rather than a server that could not start.
  if (ended !== undefined)
    return {
      _tag: "ProtocolError",
      message: `${ended}; the server was stopped (it starts again on the next call)`,
      durationMs
    }
  const code = errorCode(error)
  if (code === -32001) return { _tag: "TimedOut", durationMs }
  if (code !== -32000) return { _tag: "ProtocolError", message: messageOf(error), durationMs }
  const said = connection.stderrTail().trim()
  return {
    _tag: "Failed",
    message:
      `the MCP server "${server}" closed the connection (${messageOf(error)})` +
      (said.length > 0 ? `; it said: ${said.slice(-500)}` : ""),
    durationMs
  }
}

/**
 * Why a server could not be started, in words: `why`, what it said on
 * stderr, and where to look (the URL of an http server; the command and
 * args of a stdio one, and for one of user or managed settings that it
 * started outside the project).
 */
const notStartedMessage = (start: {
  readonly label: string
  readonly name: string
  readonly config: McpServerConfig
  readonly cwd: string | undefined
  readonly scope: SettingsScope | undefined
  readonly why: string
  readonly said: string
}): string => {
  const startsAtHome = start.scope !== undefined && start.scope !== "project" && start.scope !== "local"
  return (
    `${start.label} could not be started (${start.why})` +
    (start.said.length > 0 ? `; it said: ${start.said.slice(-500)}` : "") +
    (start.config.type === "http"
      ? `; is it listening at ${redactUrl(start.config.url)}?`
      : `; check mcpServers.${start.name}.command and args` +
        (startsAtHome
          ? ` (it started in ${start.cwd}: a server of user or managed settings does not start in the project, so give it absolute paths, ` +
            `or declare it in the project's settings)`
          : ""))
  )
}

/**
 * Where a server starts: a server of a project or local file (which counts
 * only once trusted) in the project directory; one of user or managed
 * settings in the home directory, so nothing the project holds
 * (`node_modules/.bin`, a relative `command` or `args`) is run by a server
 * the user declared; no scope (the layer's own servers) in the layer's `cwd`.
 * The entry's own `cwd` is taken from there when relative.
 */
const workingDirectoryOf = (
  config: { readonly cwd?: string },
  scope: SettingsScope | undefined,
  projectDir: string,
  homeDir: () => string
): string => {
  const base = scope === undefined || scope === "project" || scope === "local" ? projectDir : homeDir()
  return config.cwd === undefined ? base : process.getBuiltinModule("node:path").resolve(base, config.cwd)
}

/** The layer's `homeDir`, else the user's home; `/` when that is not a directory (a server still starts, in a place no project controls). */
const homeDirectoryOf = (options: McpToolsOptions): string => {
  const home = options.homeDir ?? process.getBuiltinModule("node:os").homedir()
  try {
    return process.getBuiltinModule("node:fs").statSync(home).isDirectory() ? home : "/"
  } catch {
    return "/"
  }
}

/** The servers of one layer: started on first use, shared by concurrent callers, closed together. */
export class McpConnections {
  /** By server name. */
  private readonly connections = new Map<string, Entry>()
  private readonly live = new Map<string, Connection>()
  /** Servers being closed because their entry changed (awaited by `closeAll`). */
  private readonly retiring = new Set<Promise<void>>()
  private closed = false
  /** `homeDirectoryOf(options)`, looked up once. */
  private home: string | undefined

  private readonly options: McpToolsOptions

  constructor(options: McpToolsOptions) {
    this.options = options
  }

  started(): ReadonlyArray<StartedMcpServer> {
    return [...this.live.entries()].map(([name, c]) => ({ name, pid: c.pid }))
  }

  private connect(
    name: string,
    config: McpServerConfig,
    scope: SettingsScope | undefined,
    timeoutMs: number
  ): Promise<Connection> {
    const cwd =
      config.type === "http"
        ? undefined
        : workingDirectoryOf(config, scope, this.options.cwd, () => (this.home ??= homeDirectoryOf(this.options)))
    const key = JSON.stringify([config, cwd])
    const existing = this.connections.get(name)
    if (existing !== undefined && existing.key === key) return existing.connection
    if (existing !== undefined) {
      // The entry changed (settings were edited): close the old server, start the new one.
      this.connections.delete(name)
      existing.abandon()
      const retired = existing.connection.then(
        (old) => {
          if (this.live.get(name) === old) this.live.delete(name)
          return old.client.close().catch(() => {})
        },
        () => undefined
      )
      this.retiring.add(retired)
      void retired.finally(() => this.retiring.delete(retired))
    }
    const abort = new AbortController()
    const starting = this.start(name, config, cwd, scope, timeoutMs, abort.signal)
    const entry: Entry = { key, connection: starting, abandon: () => abort.abort(), connected: false }
    this.connections.set(name, entry)
    // A server that failed to start is tried again on the next call.
    starting.then(
      () => {
        entry.connected = true
      },
      () => {
        if (this.connections.get(name) === entry) this.connections.delete(name)
      }
    )
    return starting
  }

  /**
   * Start a server and initialize it, within `timeoutMs` (the timeout of the
   * call that started it) or until `abandoned`: a server that does not
   * answer `initialize` by then is killed (its whole process group) and the
   * start fails, so nothing waits on it.
   */
  private async start(
    name: string,
    config: McpServerConfig,
    cwd: string | undefined,
    scope: SettingsScope | undefined,
    timeoutMs: number,
    abandoned: AbortSignal
  ): Promise<Connection> {
    const sdk = await loadSdk()
    const label = `the MCP server ${JSON.stringify(name)}`
    const maxMessageBytes = this.options.maxMessageBytes ?? defaultMaxMessageBytes
    const client = new sdk.Client({ name: "wave-hooks", version: "0.2.0" }, { capabilities: {} })
    let endedBecause: string | undefined
    let stdio: McpStdioTransport | undefined
    let transport: Transport
    /** End the server now, for a reason the calls it fails will give. */
    const end = (reason: string): void => {
      if (endedBecause !== undefined) return
      endedBecause = reason
      void (stdio === undefined ? transport.close() : stdio.kill()).catch(() => {})
    }
    if (config.type === "http") {
      transport = new sdk.StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: { ...config.headers }, redirect: "error" },
        fetch: cappedMcpFetch({ maxMessageBytes, label, onTooLarge: (error) => end(error.message) })
      })
    } else {
      stdio = new McpStdioTransport({
        command: config.command,
        args: config.args ?? [],
        env: { ...sdk.defaultEnvironment(), ...this.options.env, ...config.env },
        cwd,
        label,
        killGraceMs: this.options.killGraceMs ?? 1000,
        maxMessageBytes
      })
      transport = stdio
    }
    client.onerror = (error) => {
      if (error instanceof McpMessageTooLarge) end(error.message)
    }
    const stderrTail = () => stdio?.stderrTail() ?? ""
    try {
      if (abandoned.aborted) throw new Error("the hooks' scope closed before it started")
      await client.connect(transport, { signal: abandoned, timeout: Math.max(1, timeoutMs) })
    } catch (error) {
      await (stdio === undefined ? client.close() : stdio.kill()).catch(() => {})
      const why =
        endedBecause ??
        (errorCode(error) === -32001
          ? `it did not answer initialize within ${seconds(timeoutMs)}, the hook's timeout`
          : abandoned.aborted
            ? "the event ended before it answered initialize"
            : messageOf(error))
      throw new Error(notStartedMessage({ label, name, config, cwd, scope, why, said: stderrTail().trim() }))
    }
    const connection: Connection = { client, pid: stdio?.pid, stderrTail, endedBecause: () => endedBecause }
    if (this.closed) {
      await client.close().catch(() => {})
      throw new Error(`${label} was started after the hooks' scope closed`)
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
    const config =
      request.serverConfig ?? (Object.hasOwn(servers, request.server) ? servers[request.server] : undefined)
    if (config === undefined) return undeclaredServer(request.server, Object.keys(servers), elapsed())
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
          connection = await this.connect(request.server, config, request.serverScope, request.timeoutMs)
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
          return failedCallOutcome(error, connection, request.server, elapsed())
        }
      })()
      const first = await Promise.race([work, deadline])
      if (first === "timeout") {
        // Cancel the call (the SDK sends notifications/cancelled); the server stays up for the next event.
        abort.abort()
        // A start still in progress is given up now, not when its own timer fires: the next call starts the server afresh
        // instead of meeting this start's failure (which timer fires first is up to a loaded machine).
        const pending = this.connections.get(request.server)
        if (pending !== undefined && !pending.connected) {
          this.connections.delete(request.server)
          pending.abandon()
        }
        work.catch(() => {})
        return { _tag: "TimedOut", durationMs: elapsed() }
      }
      return first
    } finally {
      if (timer !== undefined) clearTimeout(timer)
      signal.removeEventListener("abort", onAbort)
    }
  }

  /**
   * End every server: starts in progress are given up at once (their
   * process groups killed), running servers closed (stdin ended, then
   * SIGTERM and SIGKILL to the group after the grace), never waiting on a
   * server that has not answered.
   */
  async closeAll(): Promise<void> {
    this.closed = true
    const entries = [...this.connections.values()]
    this.connections.clear()
    for (const entry of entries) entry.abandon()
    const all = await Promise.all(
      entries.map((entry) =>
        entry.connection.then(
          (c) => c,
          () => undefined
        )
      )
    )
    this.live.clear()
    const grace = this.options.killGraceMs ?? 1000
    await Promise.all([
      ...all.map((c) =>
        c === undefined
          ? undefined
          : c.pid === undefined
            ? // An http server: its requests are aborted; a DELETE of its session is not waited for past the grace.
              Promise.race([c.client.close().catch(() => {}), delay(grace)])
            : c.client.close().catch(() => {})
      ),
      ...this.retiring
    ])
  }
}
