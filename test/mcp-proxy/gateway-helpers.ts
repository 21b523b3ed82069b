/**
 * The gateway as a real process: `node dist/bin.js mcp-proxy ...` in front of
 * a real upstream (the tiny fixture server or the published filesystem
 * server), driven by the SDK's `Client`. The client's side of the pipe is the
 * gateway's own `UpstreamProcessTransport` (its process group, its exit code
 * and signal, its stderr), so tests can tell "exited by itself" from
 * "killed". Hooks are real shell scripts in a trusted temp project.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { UpstreamProcessTransport } from "../../src/hosts/mcp/upstream-process.ts"
import type { UpstreamExit } from "../../src/hosts/mcp/upstream-process.ts"
import { cliBin, nodeBin } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"

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

/** Whether a process is alive (and not a zombie). */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))
  } catch {
    return false
  }
}

/** The pid a fixture wrote to `file`. */
export const pidIn = (file: string): number => Number(readFileSync(file, "utf8").trim())

/** The text of a result's text blocks, in order. */
export const textsOf = (result: unknown): ReadonlyArray<string> =>
  ((result as { readonly content?: ReadonlyArray<{ readonly type: string; readonly text?: string }> }).content ?? [])
    .flatMap((b) => (b.type === "text" && b.text !== undefined ? [b.text] : []))

/** Wait until `check` holds, polling the file system (for files written by other processes); fails after `ms`. */
export const eventually = async (check: () => boolean, what: string, ms = 10_000): Promise<void> => {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

export const fileHas = (path: string, text: string) => () => existsSync(path) && readFileSync(path, "utf8").includes(text)

export const joinPath = join
