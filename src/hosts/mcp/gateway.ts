/**
 * The MCP gateway as a running program (what `wave-hooks mcp-proxy` runs):
 * connect the upstream (a command started in its own process group, or a
 * Streamable HTTP URL), serve the hooked server on stdio or on Streamable
 * HTTP, and end everything together: the client going away ends the
 * upstream's process group; the upstream dying ends the gateway with a
 * message and a non-zero status.
 *
 * @since 0.2.0
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { randomUUID } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { PermissionHandler } from "../../interpreters/permission-handler.ts"
import type { SessionOptions } from "../../runner/session.ts"
import type { AskVia, HookedProxy } from "./hooked-server.ts"
import { createHookedProxy, missingClientCapability } from "./hooked-server.ts"
import { loadMcpSdk } from "./mcp-sdk.ts"
import { UpstreamProcessTransport } from "./upstream-process.ts"

// ====== Models ======

/**
 * What the gateway runs.
 *
 * @category models
 * @since 0.2.0
 */
export interface GatewayOptions {
  /** The upstream: a command (started in its own process group) or a Streamable HTTP URL. */
  readonly upstream: { readonly command: string; readonly args: ReadonlyArray<string> } | { readonly url: string }
  /** Serve on stdio (default), or on Streamable HTTP at this host and port. */
  readonly listen?: { readonly host: string; readonly port: number }
  readonly serverName?: string
  readonly hooks: SessionOptions
  readonly ask?: AskVia
  readonly askFallback?: PermissionHandler
  /** Lines for the user on stderr (diagnostics, the upstream's end, the listening address). */
  readonly log: (line: string) => void
  readonly killGraceMs?: number
}

/**
 * A started gateway.
 *
 * @category models
 * @since 0.2.0
 */
export interface RunningGateway {
  /** Resolves with the exit status once the gateway ended: 0 when the client went away, 1 when the upstream died. */
  readonly done: Promise<number>
  /** The Streamable HTTP address when listening. */
  readonly url?: string
  /** End it now (the upstream too); resolves when everything is closed. */
  readonly shutdown: () => Promise<void>
}

// ====== Running ======

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"])

/**
 * Why an HTTP request is refused, if it is: a `Host` that is not one of
 * `allowedHosts` (when set: the server listens on loopback), or an `Origin`
 * (only browsers send one) other than the server's own.
 */
const refusal = (req: IncomingMessage, allowedHosts: ReadonlyArray<string> | undefined): string | undefined => {
  const host = req.headers.host ?? ""
  if (allowedHosts !== undefined && !allowedHosts.includes(host)) {
    return `Forbidden: the Host ${JSON.stringify(host)} is not this proxy's address (${allowedHosts.join(", ")}); requests must name it (against DNS rebinding).`
  }
  const origin = req.headers.origin
  if (origin !== undefined && origin !== `http://${host}`) {
    return `Forbidden: requests from the web origin ${JSON.stringify(origin)} are refused.`
  }
  return undefined
}

const describeUpstream = (upstream: GatewayOptions["upstream"]): string =>
  "url" in upstream ? upstream.url : [upstream.command, ...upstream.args].join(" ")

const describeExit = (code: number | null, signal: string | null): string =>
  signal !== null ? `was killed by ${signal}` : `exited with code ${code}`

/**
 * Start the gateway.
 *
 * **Details**
 *
 * On stdio, the end of stdin (the client went away) closes the hooked
 * server (SessionEnd runs), then the upstream: its stdin is closed and its
 * process group gets SIGTERM, then SIGKILL. An upstream that dies first is
 * reported on stderr with its exit code and its last words, and `done`
 * resolves with 1.
 *
 * @category running
 * @since 0.2.0
 */
export const startGateway = async (options: GatewayOptions): Promise<RunningGateway> => {
  const sdk = await loadMcpSdk()
  const { log } = options
  let processTransport: UpstreamProcessTransport | undefined
  let transport: Transport
  if ("url" in options.upstream) {
    transport = new sdk.StreamableHTTPClientTransport(new URL(options.upstream.url))
  } else {
    processTransport = new UpstreamProcessTransport({
      command: options.upstream.command,
      args: options.upstream.args,
      ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs })
    })
    transport = processTransport
  }
  // The upstream may ask the client for elicitation and sampling during a call: the proxy says it can and relays the
  // request to its own client; one that does not declare the capability gets an error naming it (the SDK's check).
  // Roots are not declared: an upstream asks for them at start, before any client is connected.
  const client: Client = new sdk.Client({ name: "wave-hooks-mcp-proxy", version: "0.2.0" }, { capabilities: { elicitation: {}, sampling: {} } })
  try {
    await client.connect(transport)
  } catch (error) {
    await client.close().catch(() => {})
    await processTransport?.close()
    const said = processTransport?.stderrTail().trim() ?? ""
    throw new Error(
      `could not connect to the upstream MCP server ${describeUpstream(options.upstream)} (${error instanceof Error ? error.message : String(error)})` +
        (said.length > 0 ? `; it said: ${said.slice(-500)}` : "") +
        ("url" in options.upstream ? "; is it listening there?" : "; check the command after --")
    )
  }

  let resolveDone!: (status: number) => void
  const done = new Promise<number>((resolve) => (resolveDone = resolve))
  const proxies = new Set<HookedProxy>()
  const closers: Array<() => Promise<void>> = []
  let shuttingDown: Promise<void> | undefined
  const shutdown = (): Promise<void> => {
    shuttingDown ??= (async () => {
      await Promise.all([...proxies].map(async (p) => {
        await p.server.close().catch(() => {})
        await p.ended
      }))
      for (const close of closers) await close().catch(() => {})
      await client.close().catch(() => {})
      await processTransport?.close()
    })()
    return shuttingDown
  }
  const finish = (status: number) => {
    void shutdown().then(() => resolveDone(status))
  }

  // The upstream went away on its own: say so and end with 1.
  client.onclose = () => {
    if (shuttingDown !== undefined) return
    if (processTransport !== undefined) {
      void processTransport.exited.then((exit) => {
        if (exit.requested || shuttingDown !== undefined) return
        const said = exit.stderrTail.trim()
        log(
          `the upstream MCP server (${describeUpstream(options.upstream)}) ${describeExit(exit.code, exit.signal)}` +
            (said.length > 0 ? `; its last words on stderr: ${said.slice(-500)}` : "") + "; the proxy stops."
        )
        finish(1)
      })
    } else {
      log(`the connection to the upstream MCP server at ${describeUpstream(options.upstream)} closed; the proxy stops.`)
      finish(1)
    }
  }

  const hooked = (relayUpstream: boolean) =>
    createHookedProxy({
      upstream: client,
      hooks: options.hooks,
      relayUpstream,
      ...(options.serverName === undefined ? {} : { serverName: options.serverName }),
      ...(options.ask === undefined ? {} : { ask: options.ask }),
      ...(options.askFallback === undefined ? {} : { askFallback: options.askFallback }),
      onDiagnostic: (d) => log(`hook diagnostic (${d.code}): ${d.message}`)
    })

  try {
    return await serve(options, sdk, client, hooked, { done, shutdown, finish, proxies, closers })
  } catch (error) {
    // Nothing may outlive a failed start: the upstream's process group goes too.
    await shutdown()
    throw error
  }
}

/** What `serve` shares with `startGateway`. */
interface Running {
  readonly done: Promise<number>
  readonly shutdown: () => Promise<void>
  readonly finish: (status: number) => void
  readonly proxies: Set<HookedProxy>
  readonly closers: Array<() => Promise<void>>
}

/** Serve the hooked server on stdio, or one per session on Streamable HTTP. */
const serve = async (
  options: GatewayOptions,
  sdk: Awaited<ReturnType<typeof loadMcpSdk>>,
  client: Client,
  hooked: (relayUpstream: boolean) => Promise<HookedProxy>,
  running: Running
): Promise<RunningGateway> => {
  const { log } = options
  const { done, shutdown, finish, proxies, closers } = running
  if (options.listen === undefined) {
    const proxy = await hooked(true)
    proxies.add(proxy)
    const stdio = new sdk.StdioServerTransport()
    await proxy.server.connect(stdio)
    // The SDK's stdio transport does not notice the end of stdin: the client went away.
    const gone = () => finish(0)
    process.stdin.once("end", gone)
    process.stdin.once("close", gone)
    proxy.server.onerror = (error) => log(`MCP error on stdio: ${error.message}`)
    return { done, shutdown }
  }

  // Streamable HTTP: one hooked server (and hook session) per MCP session, one upstream for all.
  const sessions = new Map<string, { readonly transport: StreamableHTTPServerTransport; readonly proxy: HookedProxy }>()
  let latest: HookedProxy | undefined
  client.fallbackNotificationHandler = async (notification) => {
    await Promise.all([...proxies].map((p) => p.relayNotification(notification as never)))
  }
  client.fallbackRequestHandler = async (request, extra) => {
    if (latest === undefined) throw new sdk.McpError(sdk.ErrorCode.InternalError, "no MCP client is connected to the proxy")
    const missing = missingClientCapability(request.method, latest.server.getClientCapabilities())
    if (missing !== undefined) throw new sdk.McpError(sdk.ErrorCode.MethodNotFound, missing)
    return latest.server.request({ method: request.method, params: request.params } as never, sdk.ResultSchema, { signal: extra.signal }) as never
  }
  const readBody = (req: IncomingMessage): Promise<unknown> =>
    new Promise((resolve, reject) => {
      let text = ""
      req.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => {
        try {
          resolve(text.length === 0 ? undefined : JSON.parse(text))
        } catch (error) {
          reject(error)
        }
      }).on("error", reject)
    })
  const reply = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { "content-type": "application/json" }).end(
      JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null })
    )
  }
  let allowedHosts: ReadonlyArray<string> | undefined
  const http = createServer((req, res) => {
    void (async () => {
      const refused = refusal(req, allowedHosts)
      if (refused !== undefined) return reply(res, 403, refused)
      const sessionId = req.headers["mcp-session-id"]
      const known = typeof sessionId === "string" ? sessions.get(sessionId) : undefined
      const body = req.method === "POST" ? await readBody(req) : undefined
      if (known !== undefined) return known.transport.handleRequest(req, res, body)
      if (req.method !== "POST" || !sdk.isInitializeRequest(body)) {
        return reply(res, 400, "Bad Request: no valid MCP session; start one with an initialize request")
      }
      const proxy = await hooked(false)
      const serverTransport: StreamableHTTPServerTransport = new sdk.StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, { transport: serverTransport, proxy })
      })
      serverTransport.onclose = () => {
        if (serverTransport.sessionId !== undefined) sessions.delete(serverTransport.sessionId)
        proxies.delete(proxy)
        if (latest === proxy) latest = undefined
      }
      proxies.add(proxy)
      latest = proxy
      await proxy.server.connect(serverTransport)
      await serverTransport.handleRequest(req, res, body)
    })().catch((error: unknown) => {
      log(`HTTP request failed: ${error instanceof Error ? error.message : String(error)}`)
      if (!res.headersSent) reply(res, 500, "Internal error")
    })
  })
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject)
    http.listen(options.listen!.port, options.listen!.host, () => resolve())
  })
  closers.push(() =>
    new Promise((resolve) => {
      http.close(() => resolve())
      http.closeAllConnections()
    })
  )
  const address = http.address() as AddressInfo
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address
  // On a loopback address, only requests naming it (against DNS rebinding); elsewhere any Host.
  if (loopback.has(address.address)) allowedHosts = ["127.0.0.1", "localhost", "[::1]"].map((h) => `${h}:${address.port}`)
  const url = `http://${host}:${address.port}/mcp`
  log(`serving MCP over Streamable HTTP at ${url}`)
  return { done, url, shutdown }
}
