/**
 * The upstream MCP server as a child process in its own process group,
 * speaking newline-delimited JSON-RPC on its stdin and stdout: an MCP
 * `Transport` for the SDK's `Client`. Unlike the SDK's
 * `StdioClientTransport`, closing it ends the whole process group (an
 * `npx` launcher and the server it starts alike), by pid, and the exit of
 * the server is reported with its code, signal and last words on stderr.
 *
 * @since 0.2.0
 */
import type { ChildProcess } from "node:child_process"
import { spawn } from "node:child_process"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"

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

const STDERR_TAIL_CHARS = 2000

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

/** Signal a process group; false when it no longer exists. */
const killGroup = (pid: number, signal: NodeJS.Signals): boolean => {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false
  }
}

/**
 * An MCP transport over a child process started in its own process group.
 *
 * **Details**
 *
 * `start()` spawns the command (`detached`, so it leads a new process
 * group) with piped stdio. Each line on its stdout is one JSON-RPC message;
 * a line that is not JSON goes to `onerror`. `close()` ends stdin, waits up
 * to `killGraceMs` for the server to exit, then sends SIGTERM to the whole
 * group, then SIGKILL; it resolves once the leader has exited (and SIGTERMs
 * what is left of the group). `exited` resolves with how it ended, also
 * when it died on its own (then `onclose` fires too).
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

  private readonly options: UpstreamCommand
  private child: ChildProcess | undefined
  private buffer = ""
  private tail = ""
  private requested = false
  private resolveExit!: (exit: UpstreamExit) => void

  constructor(options: UpstreamCommand) {
    this.options = options
    this.exited = new Promise((resolve) => (this.resolveExit = resolve))
  }

  /** The server's pid (also its process group id), once started. */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /** The last characters the server wrote to stderr. */
  stderrTail(): string {
    return this.tail
  }

  start(): Promise<void> {
    if (this.child !== undefined) return Promise.reject(new Error("UpstreamProcessTransport already started"))
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, [...(this.options.args ?? [])], {
        cwd: this.options.cwd,
        env: this.options.env ?? process.env,
        detached: true,
        stdio: ["pipe", "pipe", "pipe"]
      })
      this.child = child
      child.once("error", (error) => {
        if (child.pid === undefined) {
          reject(new Error(`could not start the upstream server ${JSON.stringify(this.options.command)}: ${error.message}`))
          this.resolveExit({ code: null, signal: null, stderrTail: this.tail, requested: this.requested })
        } else {
          this.onerror?.(error)
        }
      })
      child.once("spawn", () => resolve())
      child.stdout!.setEncoding("utf8").on("data", (chunk: string) => this.receive(chunk))
      child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
        this.tail = (this.tail + chunk).slice(-STDERR_TAIL_CHARS)
        if (this.options.onStderr !== undefined) this.options.onStderr(chunk)
        else process.stderr.write(chunk)
      })
      child.stdin!.on("error", () => {})
      let ended = false
      const end = (code: number | null, signal: NodeJS.Signals | null) => {
        if (ended) return
        ended = true
        this.resolveExit({ code, signal, stderrTail: this.tail, requested: this.requested })
        this.onclose?.()
      }
      child.once("exit", (code, signal) => {
        const grace = this.options.killGraceMs ?? 1000
        // What is left of the group (grandchildren, which may hold the pipes open) goes too.
        if (child.pid !== undefined) void endGroup(child.pid, grace)
        // Settled once the pipes are drained (its last words on stderr read), or soon after if something outside the group holds them.
        child.once("close", () => end(code, signal))
        setTimeout(() => end(code, signal), 2 * grace + 100).unref()
      })
    })
  }

  private receive(chunk: string): void {
    this.buffer += chunk
    let newline = this.buffer.indexOf("\n")
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, "")
      this.buffer = this.buffer.slice(newline + 1)
      newline = this.buffer.indexOf("\n")
      if (line.trim().length === 0) continue
      let message: unknown
      try {
        message = JSON.parse(line)
      } catch {
        this.onerror?.(new Error(`the upstream server wrote a line that is not JSON-RPC on stdout: ${line.slice(0, 200)}`))
        continue
      }
      this.onmessage?.(message as JSONRPCMessage)
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin
    if (stdin === undefined || stdin === null || stdin.destroyed) return Promise.reject(new Error("the upstream server is not running"))
    return new Promise((resolve) => {
      if (stdin.write(JSON.stringify(message) + "\n")) resolve()
      else stdin.once("drain", () => resolve())
    })
  }

  /** End the server: stdin closed, then SIGTERM and SIGKILL to its process group; what is left of the group goes too. */
  async close(): Promise<void> {
    const child = this.child
    if (child === undefined || child.pid === undefined) return
    this.requested = true
    const grace = this.options.killGraceMs ?? 1000
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin?.end()
      const ended = this.exited.then(() => true)
      if (!(await Promise.race([ended, delay(grace).then(() => false)]))) {
        killGroup(child.pid, "SIGTERM")
        if (!(await Promise.race([ended, delay(grace).then(() => false)]))) {
          killGroup(child.pid, "SIGKILL")
          await this.exited
        }
      }
    }
    await this.exited
    await endGroup(child.pid, grace)
  }
}

/** Whether any process of a group is left. */
const groupAlive = (pid: number): boolean => killGroup(pid, 0 as unknown as NodeJS.Signals)

/** End what is left of a process group whose leader exited: SIGTERM, then SIGKILL after `grace`. */
const endGroup = async (pid: number, grace: number): Promise<void> => {
  if (!groupAlive(pid)) return
  killGroup(pid, "SIGTERM")
  const until = performance.now() + grace
  while (performance.now() < until) {
    if (!groupAlive(pid)) return
    await delay(10)
  }
  killGroup(pid, "SIGKILL")
}
