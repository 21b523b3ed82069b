/**
 * The gateway as a real process: `node dist/bin.js mcp-proxy ...` in front of
 * a real upstream (the tiny fixture server or the published filesystem
 * server), driven by the SDK's `Client`. The client's side of the pipe is the
 * gateway's own `UpstreamProcessTransport` (its process group, its exit code
 * and signal, its stderr), so tests can tell "exited by itself" from
 * "killed". Hooks are real shell scripts in a trusted temp project.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js"
import type { ChildProcess } from "node:child_process"
import { spawn } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import type { IncomingHttpHeaders } from "node:http"
import { request } from "node:http"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { UpstreamProcessTransport } from "../../src/hosts/mcp/upstream-process.ts"
import type { UpstreamExit } from "../../src/hosts/mcp/upstream-process.ts"
import { cliBin, nodeBin } from "../helpers/cli-process.ts"
import { running } from "../helpers/processes.ts"
import type { TempProject } from "../helpers/project.ts"
import { tempDir } from "../helpers/project.ts"

/** A fresh temp folder (removed with the temp projects). */
export const tempDirOf = (): string => tempDir("wave-hooks-gateway-")

export const tinyServer = fileURLToPath(new URL("./fixtures/tiny-server.mjs", import.meta.url))
export const filesystemServer = fileURLToPath(
  new URL("../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", import.meta.url)
)

export interface RunningProxy {
  readonly client: Client
  readonly transport: UpstreamProcessTransport
  /** The proxy's pid. */
  readonly pid: number
  /** Everything the proxy wrote on stderr so far. */
  stderr(): string
  /** Resolves when the proxy exited. */
  readonly exited: Promise<UpstreamExit>
  /** Close the client (ends the proxy's stdin) and wait for the proxy to exit. */
  close(): Promise<UpstreamExit>
}

/**
 * Start `wave-hooks mcp-proxy ...args` for project `p` (HOME = its temp
 * home; the project is trusted first) and connect an SDK client to it.
 */
export const startProxy = async (
  p: TempProject,
  args: ReadonlyArray<string>,
  options: {
    readonly capabilities?: ClientCapabilities
    readonly env?: { readonly [name: string]: string }
    /** Before connecting (e.g. to set request handlers). */
    readonly setup?: (client: Client) => void
  } = {}
): Promise<RunningProxy> => {
  await p.trust()
  let stderr = ""
  const transport = new UpstreamProcessTransport({
    command: nodeBin,
    args: [cliBin, "mcp-proxy", "--project-dir", p.dir, ...args],
    cwd: p.dir,
    env: { ...process.env, HOME: p.home, ...options.env },
    onStderr: (chunk) => (stderr += chunk),
    killGraceMs: 10_000
  })
  const client = new Client({ name: "test-client", version: "1.0.0" }, { capabilities: options.capabilities ?? {} })
  options.setup?.(client)
  await client.connect(transport)
  return {
    client,
    transport,
    pid: transport.pid!,
    stderr: () => stderr,
    exited: transport.exited,
    close: async () => {
      await client.close()
      return transport.exited
    }
  }
}

/** Whether a process is alive and not a zombie (the shared helper, re-exported for the gateway tests). */
export const alive = running

/** The pid a fixture wrote to `file`. */
export const pidIn = (file: string): number => Number(readFileSync(file, "utf8").trim())

/** The text of a result's text blocks, in order. */
export const textsOf = (result: unknown): ReadonlyArray<string> =>
  (
    (result as { readonly content?: ReadonlyArray<{ readonly type: string; readonly text?: string }> }).content ?? []
  ).flatMap((b) => (b.type === "text" && b.text !== undefined ? [b.text] : []))

export { eventually } from "../helpers/eventually.ts"

export const fileHas = (path: string, text: string) => () =>
  existsSync(path) && readFileSync(path, "utf8").includes(text)

export const joinPath = join

export interface ListeningProxy {
  readonly child: ChildProcess
  readonly pid: number
  /** The `/mcp` address it printed. */
  readonly url: string
  /** The token it printed (undefined when it printed none: a fixed token, or a proxy that asks for none). */
  readonly token: string | undefined
  readonly exited: Promise<{ readonly code: number | null; readonly signal: string | null }>
  stderr(): string
  stdout(): string
  /** SIGTERM by pid, then wait for the exit. */
  stop(): Promise<{ readonly code: number | null; readonly signal: string | null }>
}

/**
 * Start `wave-hooks mcp-proxy --listen LISTEN ...args -- UPSTREAM` for project
 * `p` (trusted first); resolves once it printed the address it serves (and
 * the token before it).
 */
export const startListening = async (
  p: TempProject,
  args: ReadonlyArray<string> = [],
  options: {
    readonly listen?: string
    readonly upstream?: ReadonlyArray<string>
    readonly env?: { readonly [name: string]: string }
  } = {}
): Promise<ListeningProxy> => {
  await p.trust()
  const child = spawn(
    nodeBin,
    [
      cliBin,
      "mcp-proxy",
      "--project-dir",
      p.dir,
      "--listen",
      options.listen ?? "127.0.0.1:0",
      ...args,
      "--",
      ...(options.upstream ?? [nodeBin, tinyServer])
    ],
    { cwd: p.dir, env: { ...p.env, HOME: p.home, ...options.env }, stdio: ["ignore", "pipe", "pipe"] }
  )
  let stderr = ""
  let stdout = ""
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal }))
  )
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk
      const match = /serving MCP over Streamable HTTP at (\S+)/.exec(stderr)
      if (match !== null) resolve(match[1]!)
    })
    void exited.then(() => reject(new Error(`the listening proxy exited: ${stderr}`)))
  })
  const token = /"Authorization: Bearer ([^"\s<]+)"/.exec(stderr)?.[1]
  return {
    child,
    pid: child.pid!,
    url,
    token,
    exited,
    stderr: () => stderr,
    stdout: () => stdout,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGTERM")
      return exited
    }
  }
}

export interface RawReply {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** One HTTP request with exactly these headers (Host and Origin included, as a browser on another name would send them). */
export const rawRequest = (
  url: string,
  options: { readonly method?: string; readonly headers?: Record<string, string>; readonly body?: string } = {}
): Promise<RawReply> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "POST", headers: options.headers ?? {} }, (res) => {
      let body = ""
      res.setEncoding("utf8").on("data", (chunk: string) => {
        body += chunk
        // An event stream stays open: what came first is enough.
        if (res.headers["content-type"]?.startsWith("text/event-stream") === true && body.includes("\n\n")) {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
          req.destroy()
        }
      })
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on("error", reject)
    req.end(options.body)
  })

/** The JSON-RPC initialize request's body. */
export const initializeBody = (name = "test", capabilities: Record<string, unknown> = {}): string =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities, clientInfo: { name, version: "1" } }
  })

/** The headers a Streamable HTTP client sends with a POST. */
export const mcpHeaders = (token?: string): Record<string, string> => ({
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  ...(token === undefined ? {} : { authorization: `Bearer ${token}` })
})

/** An SDK client connected to a listening proxy with its token. */
export const httpClient = async (
  url: string,
  token: string | undefined,
  options: {
    readonly name?: string
    readonly capabilities?: ClientCapabilities
    readonly setup?: (client: Client) => void
  } = {}
): Promise<Client> => {
  const client = new Client(
    { name: options.name ?? "http-client", version: "1.0.0" },
    { capabilities: options.capabilities ?? {} }
  )
  options.setup?.(client)
  await client.connect(
    new StreamableHTTPClientTransport(
      new URL(url),
      token === undefined ? {} : { requestInit: { headers: { authorization: `Bearer ${token}` } } }
    )
  )
  return client
}

/** The pids of a process's live children (from /proc), by pid only. */
export const childrenOf = (pid: number): ReadonlyArray<number> => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter((s) => s.length > 0)
      .map(Number)
      .filter(alive)
  } catch {
    return []
  }
}

/** A process's resident memory in KiB (VmRSS, from /proc). */
export const rssKiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN)
