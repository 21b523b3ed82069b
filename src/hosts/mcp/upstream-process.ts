/**
 * The upstream MCP server as a child process in its own process group,
 * speaking newline-delimited JSON-RPC on its stdin and stdout: an MCP
 * `Transport` for the SDK's `Client`. It is the runner's `McpStdioTransport`
 * (the same process supervision as hook processes and `mcp_tool` servers)
 * with the proxy's defaults: the proxy's environment, the server's stderr
 * passed through to the proxy's, and a 64 MiB cap on one message. Unlike
 * the SDK's `StdioClientTransport`, closing it ends the whole process group
 * (an `npx` launcher and the server it starts alike), and the exit of the
 * server is reported with its code, signal and last words on stderr.
 *
 * @since 0.2.0
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import { McpStdioTransport } from "../../runner/mcp-stdio-transport.ts"

// ====== Models ======

/**
 * How to start the upstream server.
 *
 * @category models
 * @since 0.2.0
 */
export interface UpstreamCommand {
  readonly command: string
  readonly args?: ReadonlyArray<string>
  readonly cwd?: string
  /** The server's whole environment; default the proxy's. */
  readonly env?: { readonly [name: string]: string | undefined }
  /** Each chunk the server writes to stderr (default: the proxy's stderr). */
  readonly onStderr?: (chunk: string) => void
  /** After closing the server's stdin, how long to wait before SIGTERM, and again before SIGKILL. Default 1000 ms. */
  readonly killGraceMs?: number
  /**
   * The largest message (one line on its stdout) read, in bytes; a longer
   * one is dropped as it arrives, and the request it answers gets an error
   * saying so. Default 64 MiB. Since 0.2.0.
   */
  readonly maxMessageBytes?: number
}

/**
 * How the upstream process ended.
 *
 * @category models
 * @since 0.2.0
 */
export interface UpstreamExit {
  readonly code: number | null
  readonly signal: string | null
  /** The last characters it wrote to stderr. */
  readonly stderrTail: string
  /** Whether the proxy ended it (`close()`), rather than it dying on its own. */
  readonly requested: boolean
}

/** The default cap of one message from the upstream: 64 MiB (the proxy relays results whole to its client). */
const UPSTREAM_MAX_MESSAGE_BYTES = 64 * 1024 * 1024

/**
 * An MCP transport over a child process started in its own process group.
 *
 * **Details**
 *
 * `start()` spawns the command (in a new process group, watched by the
 * engine's exit-time reaper) with piped stdio. Each line on its stdout is
 * one JSON-RPC message, up to `maxMessageBytes` (a longer one is dropped as
 * it arrives and reported to `onerror`); a line that is not JSON goes to
 * `onerror`. `close()` ends stdin, waits up to `killGraceMs` for the server
 * to exit, then sends SIGTERM to the whole group, then SIGKILL; it resolves
 * once the leader has exited and what is left of the group is gone.
 * `exited` resolves with how it ended, also when it died on its own (then
 * `onclose` fires too).
 *
 * @category transports
 * @since 0.2.0
 */
export class UpstreamProcessTransport implements Transport {
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined

  /** Resolves when the process has exited. */
  readonly exited: Promise<UpstreamExit>

  private readonly server: McpStdioTransport

  constructor(options: UpstreamCommand) {
    this.server = new McpStdioTransport({
      command: options.command,
      args: options.args ?? [],
      cwd: options.cwd,
      env: options.env ?? process.env,
      label: "the upstream server",
      onStderr: options.onStderr ?? ((chunk) => void process.stderr.write(chunk)),
      maxMessageBytes: options.maxMessageBytes ?? UPSTREAM_MAX_MESSAGE_BYTES,
      ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs })
    })
    this.server.onclose = () => this.onclose?.()
    this.server.onerror = (error) => this.onerror?.(error)
    this.server.onmessage = (message) => this.onmessage?.(message)
    this.exited = this.server.exited
  }

  /** The server's pid (also its process group id), once started. */
  get pid(): number | undefined {
    return this.server.pid
  }

  /** The last characters the server wrote to stderr. */
  stderrTail(): string {
    return this.server.stderrTail()
  }

  start(): Promise<void> {
    return this.server.start()
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.server.send(message)
  }

  /** End the server: stdin closed, then SIGTERM and SIGKILL to its process group; what is left of the group goes too. */
  close(): Promise<void> {
    return this.server.close()
  }
}
