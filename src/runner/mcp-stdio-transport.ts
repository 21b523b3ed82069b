/**
 * An MCP `Transport` over a supervised child process (`process-supervisor.ts`):
 * newline-delimited JSON-RPC on its stdin and stdout, the child in a process
 * group of its own. Used for `mcp_tool` stdio servers and for the
 * `mcp-proxy` upstream (`UpstreamProcessTransport`).
 *
 * Unlike the SDK's `StdioClientTransport`: closing it ends the whole process
 * group (an `npx` launcher and the server it starts alike, and what they
 * started), a message is capped in bytes while it is read (a line over the
 * cap is dropped as it arrives, never held whole), and how the server ended
 * is reported with its code, signal and last words on stderr.
 *
 * @since 0.2.0
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import type { SupervisedProcess } from "./process-supervisor.ts"
import { monotonicNow, superviseProcess } from "./process-supervisor.ts"

// ====== Models ======

/**
 * How to start the server, as data.
 *
 * @category models
 * @since 0.2.0
 */
export interface McpStdioCommand {
  readonly command: string
  readonly args?: ReadonlyArray<string>
  /** Working directory; absent: the engine's. */
  readonly cwd?: string | undefined
  /** The server's whole environment. */
  readonly env: { readonly [name: string]: string | undefined }
  /** Who the server is in messages, such as `the MCP server "policy"`. Default `the MCP server`. */
  readonly label?: string
  /** Each chunk the server writes to stderr (its last 2000 characters are kept either way). */
  readonly onStderr?: (chunk: string) => void
  /** After closing the server's stdin, how long to wait before SIGTERM, and again before SIGKILL. Default 1000 ms. */
  readonly killGraceMs?: number
  /** The largest message (one line on stdout) read, in bytes. Default `defaultMaxMessageBytes`. */
  readonly maxMessageBytes?: number
}

/**
 * How the server process ended.
 *
 * @category models
 * @since 0.2.0
 */
export interface McpStdioExit {
  readonly code: number | null
  readonly signal: string | null
  /** The last characters it wrote to stderr. */
  readonly stderrTail: string
  /** Whether the engine ended it (`close()`, `kill()`), rather than it dying on its own. */
  readonly requested: boolean
}

/**
 * Default cap of one message read from a stdio server: 8 MiB (a 1 MiB tool
 * text fits many times over, escapes included).
 *
 * @category constants
 * @since 0.2.0
 */
export const defaultMaxMessageBytes = 8 * 1024 * 1024

/**
 * A message over the cap: reported through the transport's `onerror` once
 * per message, as soon as the cap is passed. The message is dropped as it
 * arrives; when it ends and names the request it answers (its `id` at its
 * start or end), that request gets a JSON-RPC error saying so.
 *
 * @category errors
 * @since 0.2.0
 */
export class McpMessageTooLarge extends Error {
  readonly limitBytes: number
  constructor(label: string, limitBytes: number) {
    super(
      `${label} sent a message over ${formatBytes(limitBytes)} (the cap of one message); it was dropped unread. ` +
        `Make the tool answer with less text`
    )
    this.name = "McpMessageTooLarge"
    this.limitBytes = limitBytes
  }
}

const STDERR_TAIL_CHARS = 2000
/** Bytes kept of each end of a dropped message, to find the `id` it answers. */
const EDGE_BYTES = 256
const LF = 0x0a

const formatBytes = (bytes: number): string =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

const ID = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`
/** The top-level `id` at the start of a message (`{"jsonrpc":"2.0","id":7,...`, `{"id":7,...`). */
const ID_AT_START = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}\s*,`, "u")
/** The top-level `id` as the last key of a message (`...,"jsonrpc":"2.0","id":7}`, the SDK's order). */
const ID_AT_END = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID}\s*\}\s*$`, "u")

/** The request id a dropped message answers, from the bytes kept of its two ends; `undefined` when neither names one. */
const droppedMessageId = (head: Buffer, tail: Buffer): string | number | undefined => {
  const match = ID_AT_START.exec(head.toString("utf8")) ?? ID_AT_END.exec(tail.toString("utf8").replace(/\r$/u, ""))
  if (match === null) return undefined
  try {
    return JSON.parse(match[1]!) as string | number
  } catch {
    return undefined
  }
}

// ====== Transport ======

/**
 * An MCP transport over a child process in its own process group.
 *
 * **Details**
 *
 * `start()` spawns the command with piped stdio (through the supervisor, so
 * the engine's exit-time reaper covers it). Each line on its stdout is one
 * JSON-RPC message, read up to `maxMessageBytes`: a longer line is dropped
 * as it arrives and reported (`McpMessageTooLarge`), so memory stays bounded
 * whatever the server sends; a line that is not JSON goes to `onerror`.
 * `close()` ends stdin, waits up to `killGraceMs` for the server to exit,
 * then sends SIGTERM to the whole group, then SIGKILL; `kill()` skips the
 * polite part (for a server that never answered). Either resolves once the
 * leader has exited and what is left of its group is gone (SIGTERM, then
 * SIGKILL after the grace). `exited` resolves with how it ended, also when
 * it died on its own (then `onclose` fires too).
 *
 * @category transports
 * @since 0.2.0
 */
export class McpStdioTransport implements Transport {
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined

  /** Resolves when the process has exited. */
  readonly exited: Promise<McpStdioExit>

  private readonly options: McpStdioCommand
  private group: SupervisedProcess | undefined
  private readonly chunks: Array<Buffer> = []
  private pendingBytes = 0
  /** Dropping the rest of a message over the cap: the bytes kept of its start and, so far, of its end. */
  private dropping: { readonly head: Buffer; tail: Buffer } | undefined
  private tail = ""
  private requested = false
  private resolveExit!: (exit: McpStdioExit) => void

  constructor(options: McpStdioCommand) {
    this.options = options
    this.exited = new Promise((resolve) => (this.resolveExit = resolve))
  }

  /** The server's pid (also its process group id), once started. */
  get pid(): number | undefined {
    return this.group?.pid
  }

  /** The last characters the server wrote to stderr. */
  stderrTail(): string {
    return this.tail
  }

  private get label(): string {
    return this.options.label ?? "the MCP server"
  }

  private get grace(): number {
    return this.options.killGraceMs ?? 1000
  }

  start(): Promise<void> {
    if (this.group !== undefined) return Promise.reject(new Error(`${this.label}: the transport was already started`))
    return new Promise((resolve, reject) => {
      const group = superviseProcess({
        argv: [this.options.command, ...(this.options.args ?? [])],
        cwd: this.options.cwd,
        env: this.options.env
      })
      this.group = group
      const { child } = group
      child.once("error", (error) => {
        if (child.pid === undefined) {
          reject(
            new Error(
              `could not start ${this.label} ${JSON.stringify(this.options.command)}: ${this.spawnProblem(error)}`
            )
          )
          this.resolveExit({ code: null, signal: null, stderrTail: this.tail, requested: this.requested })
        } else {
          this.onerror?.(error)
        }
      })
      child.once("spawn", () => resolve())
      child.stdout.on("data", (chunk: Buffer) => this.receive(chunk))
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        this.tail = (this.tail + chunk).slice(-STDERR_TAIL_CHARS)
        this.options.onStderr?.(chunk)
      })
      child.stdin.on("error", () => {})
      let ended = false
      const end = (code: number | null, signal: NodeJS.Signals | null) => {
        if (ended) return
        ended = true
        this.resolveExit({ code, signal, stderrTail: this.tail, requested: this.requested })
        this.onclose?.()
      }
      child.once("exit", (code, signal) => {
        // What is left of the group (grandchildren, which may hold the pipes open) goes too, in the background.
        if (group.signal("SIGTERM")) group.reapInBackground(monotonicNow() + this.grace)
        else group.release()
        // Settled once the pipes are drained (its last words on stderr read), or soon after if something outside the group holds them.
        child.once("close", () => end(code, signal))
        setTimeout(() => end(code, signal), 2 * this.grace + 100).unref()
      })
    })
  }

  /** Why a spawn failed: Node reports a missing working directory as the program's ENOENT, so that case is named. */
  private spawnProblem(error: NodeJS.ErrnoException): string {
    const cwd = this.options.cwd
    if (error.code !== "ENOENT" || cwd === undefined) return error.message
    try {
      if (process.getBuiltinModule("node:fs").statSync(cwd).isDirectory()) return error.message
    } catch {
      // missing
    }
    return `its working directory ${JSON.stringify(cwd)} does not exist`
  }

  /** Split stdout into lines of at most `maxMessageBytes`, holding no more than that of one line. */
  private receive(chunk: Buffer): void {
    const cap = this.options.maxMessageBytes ?? defaultMaxMessageBytes
    let from = 0
    while (from < chunk.byteLength) {
      const newline = chunk.indexOf(LF, from)
      const end = newline === -1 ? chunk.byteLength : newline
      const part = chunk.subarray(from, end)
      if (this.dropping !== undefined) {
        this.dropping.tail =
          part.byteLength >= EDGE_BYTES
            ? Buffer.from(part.subarray(part.byteLength - EDGE_BYTES))
            : Buffer.concat([this.dropping.tail, part]).subarray(-EDGE_BYTES)
      } else if (this.pendingBytes + part.byteLength > cap) {
        const head = Buffer.concat([...this.chunks, part.subarray(0, EDGE_BYTES)]).subarray(0, EDGE_BYTES)
        this.dropping = {
          head: Buffer.from(head),
          tail: Buffer.from(part.subarray(Math.max(0, part.byteLength - EDGE_BYTES)))
        }
        this.chunks.length = 0
        this.pendingBytes = 0
        this.onerror?.(new McpMessageTooLarge(this.label, cap))
      } else if (part.byteLength > 0) {
        this.chunks.push(part)
        this.pendingBytes += part.byteLength
      }
      if (newline === -1) return
      from = newline + 1
      this.endLine(cap)
    }
  }

  private endLine(cap: number): void {
    const dropped = this.dropping
    if (dropped !== undefined) {
      this.dropping = undefined
      const id = droppedMessageId(dropped.head, dropped.tail)
      if (id !== undefined) {
        this.onmessage?.({
          jsonrpc: "2.0",
          id,
          error: { code: -32603, message: new McpMessageTooLarge(this.label, cap).message }
        })
      }
      return
    }
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)
    this.chunks.length = 0
    this.pendingBytes = 0
    const line = bytes.toString("utf8").replace(/\r$/u, "")
    if (line.trim().length === 0) return
    let message: unknown
    try {
      message = JSON.parse(line)
    } catch {
      this.onerror?.(new Error(`${this.label} wrote a line that is not JSON-RPC on stdout: ${line.slice(0, 200)}`))
      return
    }
    this.onmessage?.(message as JSONRPCMessage)
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.group?.child.stdin
    if (stdin === undefined || stdin.destroyed || !stdin.writable)
      return Promise.reject(new Error(`${this.label} is not running`))
    return new Promise((resolve) => {
      if (stdin.write(JSON.stringify(message) + "\n")) resolve()
      else stdin.once("drain", () => resolve())
    })
  }

  private running(): boolean {
    const child = this.group?.child
    return child !== undefined && child.pid !== undefined && child.exitCode === null && child.signalCode === null
  }

  /** End the server: stdin closed, then SIGTERM and SIGKILL to its process group; what is left of the group goes too. */
  async close(): Promise<void> {
    const group = this.group
    if (group === undefined || group.pid === undefined) return
    this.requested = true
    if (this.running()) {
      group.child.stdin.end()
      const ended = this.exited.then(() => true)
      if (!(await Promise.race([ended, delay(this.grace).then(() => false)]))) {
        await Promise.race([group.terminate(this.grace), this.exited])
      }
    }
    await this.settle(group)
  }

  /**
   * End the server now: SIGTERM to its process group, SIGKILL after the
   * grace (for a server that never answered; nothing polite to wait for).
   */
  async kill(): Promise<void> {
    const group = this.group
    if (group === undefined || group.pid === undefined) return
    this.requested = true
    if (this.running()) await Promise.race([group.terminate(this.grace), this.exited])
    await this.settle(group)
  }

  /** After SIGTERM: the leader's exit, then what is left of its group (SIGKILL after the grace). */
  private async settle(group: SupervisedProcess): Promise<void> {
    const exited = await Promise.race([this.exited.then(() => true), delay(this.grace).then(() => false)])
    if (!exited) {
      group.kill()
      await this.exited
    }
    if (group.alive()) await group.terminate(this.grace)
  }
}
