/**
 * The MCP gateway as a running program (what `wave-hooks mcp-proxy` runs):
 * connect the upstream (a command started in its own process group, or a
 * Streamable HTTP URL), serve the hooked server on stdio or on Streamable
 * HTTP, and end everything together: the client going away ends the
 * upstream's process group; the upstream dying ends the gateway with a
 * message and a non-zero status.
 *
 * On Streamable HTTP it is a server, guarded as one: the loopback guard
 * (`loopback-guard.ts`: Host and Origin from an explicit list, a 4 MiB body
 * cap counted while reading, slow-client timeouts), a bearer token on every
 * request (401 before anything else is read), a loopback address unless
 * `allowRemote`, and sessions released when their client leaves (DELETE) or
 * stays idle past a timeout.
 *
 * @since 0.2.0
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { randomUUID } from "node:crypto"
import { lookup } from "node:dns/promises"
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { PermissionHandler } from "../../interpreters/permission-handler.ts"
import type { LoopbackPolicy } from "../../interpreters/web/loopback-guard.ts"
import {
  guardedServerOptions,
  guardRefusal,
  isLoopbackAddress,
  isWildcardAddress,
  loopbackPolicy,
  readBoundedBody,
  refuse
} from "../../interpreters/web/loopback-guard.ts"
import { makeToken, tokenMatches } from "../../interpreters/web/token.ts"
import type { SessionOptions } from "../../runner/session.ts"
import type { AskVia, HookedProxy } from "./hooked-server.ts"
import { createHookedProxy } from "./hooked-server.ts"
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
  /**
   * The upstream: a command (started in its own process group), or a
   * Streamable HTTP URL (with a token sent as `Authorization: Bearer`, such
   * as another gateway's; redirects are not followed).
   */
  readonly upstream:
    | { readonly command: string; readonly args: ReadonlyArray<string> }
    | { readonly url: string; readonly bearerToken?: string }
  /** Serve on stdio (default), or on Streamable HTTP at this host and port. */
  readonly listen?: GatewayListen
  readonly serverName?: string
  readonly hooks: SessionOptions
  readonly ask?: AskVia
  readonly askFallback?: PermissionHandler
  /** Lines for the user on stderr (diagnostics, the upstream's end, the listening address). */
  readonly log: (line: string) => void
  readonly killGraceMs?: number
}

/**
 * How the gateway serves Streamable HTTP (`/mcp`).
 *
 * @category models
 * @since 0.2.0
 */
export interface GatewayListen {
  /** An address or a name; a name is resolved once, and the gateway listens on its first address. */
  readonly host: string
  /** 0 for any free port. */
  readonly port: number
  /**
   * The credential every request must carry as `Authorization: Bearer`; at
   * least 24 visible ASCII characters. Default: a fresh random token
   * (`RunningGateway.token`), printed on the log.
   */
  readonly token?: string
  /** Where a given `token` came from, for the start message (never the token itself), e.g. `the WAVE_HOOKS_MCP_TOKEN environment variable`. */
  readonly tokenSource?: string
  /** Listen on an address beyond loopback (`0.0.0.0`, a LAN address); without it such an address is refused. */
  readonly allowRemote?: boolean
  /** More `Host` names clients may use (`name` or `name:port`); the loopback names and the bound address always pass. */
  readonly allowedHosts?: ReadonlyArray<string>
  /** A session with no open request for this long is released (SessionEnd runs); default 15 minutes. */
  readonly sessionIdleMs?: number
  /** The largest request body; default 4 MiB. */
  readonly maxBodyBytes?: number
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
  /** The credential clients send as `Authorization: Bearer`, when listening. */
  readonly token?: string
  /** How many MCP sessions are open (Streamable HTTP; 1 on stdio). */
  readonly sessionCount: () => number
  /** End it now (the upstream too); resolves when everything is closed. */
  readonly shutdown: () => Promise<void>
}

// ====== Running ======

/** The default body cap, as the SDK's own Streamable HTTP transport. */
const defaultMaxBodyBytes = 4 * 1024 * 1024
const defaultSessionIdleMs = 15 * 60 * 1000

/**
 * The address `listen.host` resolves to, refused when it is beyond loopback
 * and `allowRemote` is not set; a given token is checked here too, before
 * anything starts.
 */
const listenAddress = async (listen: GatewayListen): Promise<string> => {
  if (listen.token !== undefined && !/^[\x21-\x7e]{24,}$/.test(listen.token)) {
    throw new Error(
      `the token for --listen must be at least 24 visible ASCII characters with no spaces (it has ${listen.token.length}${
        listen.tokenSource === undefined ? "" : `, from ${listen.tokenSource}`
      }); make one with: openssl rand -base64 32`
    )
  }
  const bare = listen.host.startsWith("[") && listen.host.endsWith("]") ? listen.host.slice(1, -1) : listen.host
  const address = (
    await lookup(bare).catch((error: unknown) => {
      throw new Error(`cannot listen on ${listen.host}: ${error instanceof Error ? error.message : String(error)}`)
    })
  ).address
  if (!isLoopbackAddress(address) && listen.allowRemote !== true) {
    throw new Error(
      `${listen.host}${address === bare ? "" : ` (${address})`} is not a loopback address: listening there lets other machines reach the proxy ` +
        `and call the upstream's tools as you. Listen on 127.0.0.1 (--listen 127.0.0.1:${listen.port}), ` +
        `or, to serve other machines on purpose, add --allow-remote (clients still need the token).`
    )
  }
  return address
}

/** The bearer token of an `Authorization` header. */
const bearerOf = (req: IncomingMessage): string | undefined =>
  /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? "")?.[1]

/** A JSON-RPC error body, as the SDK's transport answers. */
const rpcError = (code: number, message: string): string =>
  JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null })

const describeUpstream = (upstream: GatewayOptions["upstream"]): string =>
  "url" in upstream ? upstream.url : [upstream.command, ...upstream.args].join(" ")

/** An error's message with its causes (`fetch failed: unexpected redirect`); a redirect says it is not followed. */
const describeError = (error: unknown): string => {
  const parts: Array<string> = []
  for (let e: unknown = error; e !== undefined && parts.length < 4; e = e instanceof Error ? e.cause : undefined) {
    parts.push(e instanceof Error ? e.message : String(e))
  }
  const text = parts.join(": ")
  return /redirect/i.test(text) ? `${text}; redirects are not followed: give the URL the server answers at` : text
}

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
  // Before the upstream starts: an address beyond loopback without allowRemote, or a bad token, stops here.
  const address = options.listen === undefined ? undefined : await listenAddress(options.listen)
  const { client, processTransport } = await connectUpstream(sdk, options)
  if (client.getServerCapabilities()?.tools === undefined) {
    options.log(
      `the upstream MCP server ${describeUpstream(options.upstream)} does not declare the tools capability; ` +
        `the proxy declares it and runs the hooks on every tools/call all the same (the upstream answers what it answers).`
    )
  }
  const running = gatewayRunning(client, processTransport)
  watchUpstream(client, processTransport, options, running)
  try {
    return await serve(options, address, sdk, client, hookedMaker(client, options), running)
  } catch (error) {
    // Nothing may outlive a failed start: the upstream's process group goes too.
    await running.shutdown()
    throw error
  }
}

/** The connected upstream: its client, and its process when it is a command. */
interface Upstream {
  readonly client: Client
  readonly processTransport: UpstreamProcessTransport | undefined
}

/**
 * The transport to the upstream: Streamable HTTP to a URL (no redirect
 * followed: the SDK alone follows same-origin ones, as for mcp_tool's http
 * servers), or a command started in its own process group.
 */
const upstreamTransport = (
  sdk: McpSdk,
  options: GatewayOptions
): { readonly transport: Transport; readonly processTransport: UpstreamProcessTransport | undefined } => {
  if ("url" in options.upstream) {
    const bearer = options.upstream.bearerToken
    const transport = new sdk.StreamableHTTPClientTransport(new URL(options.upstream.url), {
      requestInit: {
        redirect: "error",
        ...(bearer === undefined ? {} : { headers: { authorization: `Bearer ${bearer}` } })
      }
    })
    return { transport, processTransport: undefined }
  }
  const processTransport = new UpstreamProcessTransport({
    command: options.upstream.command,
    args: options.upstream.args,
    ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs })
  })
  return { transport: processTransport, processTransport }
}

/**
 * Connect a client to the upstream; when that fails, everything started is
 * closed and the error says what the upstream said and what to check.
 */
const connectUpstream = async (sdk: McpSdk, options: GatewayOptions): Promise<Upstream> => {
  const { transport, processTransport } = upstreamTransport(sdk, options)
  // The upstream may ask the client for elicitation and sampling during a call: the proxy says it can and relays the
  // request to its own client; one that does not declare the capability gets an error naming it (the SDK's check).
  // Roots are not declared: an upstream asks for them at start, before any client is connected.
  const client: Client = new sdk.Client(
    { name: "wave-hooks-mcp-proxy", version: "0.2.0" },
    { capabilities: { elicitation: {}, sampling: {} } }
  )
  try {
    await client.connect(transport)
  } catch (error) {
    await client.close().catch(() => {})
    await processTransport?.close()
    const said = processTransport?.stderrTail().trim() ?? ""
    throw new Error(
      `could not connect to the upstream MCP server ${describeUpstream(options.upstream)} (${describeError(error)})` +
        (said.length > 0 ? `; it said: ${said.slice(-500)}` : "") +
        ("url" in options.upstream ? "; is it listening there?" : "; check the command after --")
    )
  }
  return { client, processTransport }
}

/**
 * The gateway's end, shared by everything that can end it: `shutdown` (once)
 * closes the hooked servers and waits for their SessionEnd, then the
 * listeners, the client and the upstream's process group; `finish` shuts down
 * and resolves `done` with the status.
 */
const gatewayRunning = (client: Client, processTransport: UpstreamProcessTransport | undefined): Running => {
  let resolveDone!: (status: number) => void
  const done = new Promise<number>((resolve) => (resolveDone = resolve))
  const proxies = new Set<HookedProxy>()
  const closers: Array<() => Promise<void>> = []
  let shuttingDown: Promise<void> | undefined
  const shutdown = (): Promise<void> => {
    shuttingDown ??= (async () => {
      await Promise.all(
        [...proxies].map(async (p) => {
          await p.server.close().catch(() => {})
          await p.ended
        })
      )
      for (const close of closers) await close().catch(() => {})
      await client.close().catch(() => {})
      await processTransport?.close()
    })()
    return shuttingDown
  }
  const finish = (status: number) => {
    void shutdown().then(() => resolveDone(status))
  }
  return { done, shutdown, finish, proxies, closers, stopping: () => shuttingDown !== undefined }
}

/** The upstream went away on its own (not by the gateway's shutdown): say so, with its exit and last words, and end with 1. */
const watchUpstream = (
  client: Client,
  processTransport: UpstreamProcessTransport | undefined,
  options: GatewayOptions,
  running: Running
): void => {
  const { log } = options
  client.onclose = () => {
    if (running.stopping()) return
    if (processTransport !== undefined) {
      void processTransport.exited.then((exit) => {
        if (exit.requested || running.stopping()) return
        const said = exit.stderrTail.trim()
        log(
          `the upstream MCP server (${describeUpstream(options.upstream)}) ${describeExit(exit.code, exit.signal)}` +
            (said.length > 0 ? `; its last words on stderr: ${said.slice(-500)}` : "") +
            "; the proxy stops."
        )
        running.finish(1)
      })
    } else {
      log(`the connection to the upstream MCP server at ${describeUpstream(options.upstream)} closed; the proxy stops.`)
      running.finish(1)
    }
  }
}

/** Makes the hooked servers of this gateway, on the one upstream client, with its hooks and ask options. */
const hookedMaker =
  (client: Client, options: GatewayOptions): MakeHooked =>
  (relayUpstream) =>
    createHookedProxy({
      upstream: client,
      hooks: options.hooks,
      relayUpstream,
      ...(options.serverName === undefined ? {} : { serverName: options.serverName }),
      ...(options.ask === undefined ? {} : { ask: options.ask }),
      ...(options.askFallback === undefined ? {} : { askFallback: options.askFallback }),
      onDiagnostic: (d) => options.log(`hook diagnostic (${d.code}): ${d.message}`)
    })

/** What `serve` shares with `startGateway`. */
interface Running {
  readonly done: Promise<number>
  readonly shutdown: () => Promise<void>
  readonly finish: (status: number) => void
  readonly proxies: Set<HookedProxy>
  readonly closers: Array<() => Promise<void>>
  /** Whether the shutdown has begun. */
  readonly stopping: () => boolean
}

/** The loaded MCP SDK. */
type McpSdk = Awaited<ReturnType<typeof loadMcpSdk>>

/** Makes a hooked server on the shared upstream client; `relayUpstream` on stdio, where there is one client. */
type MakeHooked = (relayUpstream: boolean) => Promise<HookedProxy>

/** Serve the hooked server on stdio, or one per session on Streamable HTTP. */
const serve = (
  options: GatewayOptions,
  address: string | undefined,
  sdk: McpSdk,
  client: Client,
  hooked: MakeHooked,
  running: Running
): Promise<RunningGateway> =>
  options.listen === undefined || address === undefined
    ? serveStdio(options.log, sdk, hooked, running)
    : serveHttp(options.listen, address, options.log, sdk, client, hooked, running)

/** Serve one hooked server on stdio; the end of stdin (the client went away) ends the gateway with 0. */
const serveStdio = async (
  log: (line: string) => void,
  sdk: McpSdk,
  hooked: MakeHooked,
  running: Running
): Promise<RunningGateway> => {
  const { done, shutdown, finish, proxies } = running
  const proxy = await hooked(true)
  proxies.add(proxy)
  const stdio = new sdk.StdioServerTransport()
  await proxy.server.connect(stdio)
  // The SDK's stdio transport does not notice the end of stdin: the client went away.
  const gone = () => finish(0)
  process.stdin.once("end", gone)
  process.stdin.once("close", gone)
  proxy.server.onerror = (error) => log(`MCP error on stdio: ${error.message}`)
  return { done, shutdown, sessionCount: () => proxies.size }
}

/** One MCP session on Streamable HTTP: its own transport and hooked server (and hook session). */
interface Session {
  readonly transport: StreamableHTTPServerTransport
  readonly proxy: HookedProxy
  /** HTTP requests of this session still open (an event stream stays open while its client listens). */
  open: number
  idle: NodeJS.Timeout | undefined
}

/** The open sessions of the Streamable HTTP gateway, with their idle clocks. */
interface Sessions {
  readonly byId: Map<string, Session>
  /** Count an HTTP request as the session's activity; once none is open, the idle clock runs. */
  readonly touch: (session: Session, res: ServerResponse) => void
  /** The sessions whose client is waiting for the upstream right now: an upstream request belongs to one of them. */
  readonly waiting: () => Array<Session>
}

/** An empty session table whose sessions are released after `idleMs` with no open request. */
const sessionTable = (idleMs: number): Sessions => {
  const byId = new Map<string, Session>()
  const touch = (session: Session, res: ServerResponse) => {
    session.open++
    clearTimeout(session.idle)
    session.idle = undefined
    res.once("close", () => {
      session.open--
      if (session.open > 0) return
      session.idle = setTimeout(() => void session.proxy.server.close().catch(() => {}), idleMs)
      session.idle.unref()
    })
  }
  const waiting = () => [...byId.values()].filter((s) => s.proxy.upstreamRequestsInFlight().length > 0)
  return { byId, touch, waiting }
}

/**
 * Route what the upstream sends on its own: a log message during a call to
 * that call's client, list changes to all; sampling and elicitation only to
 * the one client whose call caused them, else refused with a reason.
 */
const relayFromUpstream = (
  client: Client,
  sdk: McpSdk,
  sessions: Sessions,
  proxies: Set<HookedProxy>,
  log: (line: string) => void
): void => {
  client.fallbackNotificationHandler = async (notification) => {
    // A log message during a call goes to that call's client when it is the only one waiting; list changes go to all.
    const busy = notification.method === "notifications/message" ? sessions.waiting() : []
    const to = busy.length === 1 ? [busy[0]!.proxy] : [...proxies]
    await Promise.all(to.map((p) => p.relayNotification(notification as never)))
  }
  client.fallbackRequestHandler = async (request, extra) => {
    // Sampling and elicitation go to the client whose call caused them, never to another session.
    const busy = sessions.waiting()
    if (busy.length === 1) return busy[0]!.proxy.relayRequest(request, extra.signal) as never
    const why =
      busy.length === 0
        ? `no MCP client of the proxy is waiting for the upstream, so there is no client to send ${request.method} to`
        : `${busy.length} MCP clients of the proxy have calls in flight, and MCP does not say which call ${request.method} belongs to, so the proxy sends it to none (it could reach the wrong client)`
    log(`the upstream sent ${request.method}; refused: ${why}.`)
    throw new sdk.McpError(sdk.ErrorCode.InvalidRequest, `wave-hooks mcp-proxy: ${why}`)
  }
}

/** What the Streamable HTTP request handler works with. */
interface HttpServing {
  readonly sdk: McpSdk
  readonly sessions: Sessions
  readonly proxies: Set<HookedProxy>
  readonly hooked: MakeHooked
  readonly token: string
  /** The 401 message (where the token is). */
  readonly unauthorized: string
  readonly maxBodyBytes: number
  /** The guard's policy, once the port is known (before the first request is read). */
  readonly policy: () => LoopbackPolicy | undefined
}

/** An HTTP refusal: its status, its JSON-RPC error body and any extra headers. */
interface Refusal {
  readonly status: number
  readonly body: string
  readonly headers?: { readonly [name: string]: string }
}

/** Answer a request with a refusal (the rest of its body drained and dropped). */
const send = (req: IncomingMessage, res: ServerResponse, refusal: Refusal): void =>
  refuse(req, res, refusal.status, refusal.body, refusal.headers)

/** The 401 message: where the client finds the token. */
const unauthorizedMessage = (tokenSource: string | undefined): string =>
  `Unauthorized: send the proxy's token as "Authorization: Bearer <token>" (wave-hooks mcp-proxy printed it on stderr at start${
    tokenSource === undefined ? "" : `; it is the one in ${tokenSource}`
  }).`

/**
 * Whether a request may reach `/mcp` at all, checked before any session is
 * looked up or any body read: the server has started, the guard (Host,
 * Origin), the bearer token, then the path.
 */
const admission = (
  req: IncomingMessage,
  policy: LoopbackPolicy | undefined,
  token: string,
  unauthorized: string
): Refusal | undefined => {
  if (policy === undefined) return { status: 503, body: rpcError(-32000, "Service Unavailable: starting.") }
  const refused = guardRefusal(req, policy)
  if (refused !== undefined) return { status: refused.status, body: rpcError(-32000, refused.message) }
  if (!tokenMatches(token, bearerOf(req))) {
    return {
      status: 401,
      body: rpcError(-32001, unauthorized),
      headers: { "WWW-Authenticate": `Bearer realm="wave-hooks mcp-proxy"` }
    }
  }
  const path = URL.parse(req.url ?? "/", "http://localhost")?.pathname
  if (path !== "/mcp") {
    return { status: 404, body: rpcError(-32000, `Not Found: MCP is served at /mcp, not ${path ?? "this address"}.`) }
  }
  return undefined
}

/** The spec's answer to a session the server no longer has: the client starts a new one. */
const sessionNotFound: Refusal = {
  status: 404,
  body: rpcError(
    -32001,
    "Session not found: it was closed or released after being idle; start a new one with initialize."
  )
}

/** A request with no session that is not an initialize request. */
const noSession: Refusal = {
  status: 400,
  body: rpcError(-32000, "Bad Request: no valid MCP session; start one with an initialize request")
}

/** A first POST the SDK's transport would refuse (Accept, Content-Type), checked before a hooked server (and SessionStart) exists for it. */
const newSessionHeaderRefusal = (req: IncomingMessage): Refusal | undefined => {
  const accept = req.headers.accept ?? ""
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    return {
      status: 406,
      body: rpcError(-32000, "Not Acceptable: Client must accept both application/json and text/event-stream")
    }
  }
  if (!/^application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    return { status: 415, body: rpcError(-32000, "Unsupported Media Type: Content-Type must be application/json") }
  }
  return undefined
}

/** A POST body read within the cap and parsed as JSON, or the refusal (413, 400). */
const readJsonBody = async (
  req: IncomingMessage,
  maxBodyBytes: number
): Promise<{ readonly body: unknown } | { readonly refusal: Refusal }> => {
  const read = await readBoundedBody(req, maxBodyBytes)
  if (read._tag === "TooLarge") {
    return {
      refusal: {
        status: 413,
        body: rpcError(-32000, `Payload Too Large: a request body may hold at most ${maxBodyBytes} bytes.`)
      }
    }
  }
  try {
    return { body: JSON.parse(read.bytes.toString("utf8")) }
  } catch {
    return { refusal: { status: 400, body: rpcError(-32700, "Parse error: Invalid JSON") } }
  }
}

/** One HTTP request to the gateway: admitted, then handed to its session, or an initialize request opens one. */
const handle = async (req: IncomingMessage, res: ServerResponse, serving: HttpServing): Promise<void> => {
  const refused = admission(req, serving.policy(), serving.token, serving.unauthorized)
  if (refused !== undefined) return send(req, res, refused)
  const sessionId = req.headers["mcp-session-id"]
  const known = typeof sessionId === "string" ? serving.sessions.byId.get(sessionId) : undefined
  if (sessionId !== undefined && known === undefined) return send(req, res, sessionNotFound)
  if (known !== undefined) serving.sessions.touch(known, res)
  let body: unknown
  if (req.method === "POST") {
    const early = known === undefined ? newSessionHeaderRefusal(req) : undefined
    if (early !== undefined) return send(req, res, early)
    const read = await readJsonBody(req, serving.maxBodyBytes)
    if ("refusal" in read) return send(req, res, read.refusal)
    body = read.body
  }
  if (known !== undefined) return known.transport.handleRequest(req, res, body)
  if (req.method !== "POST" || !serving.sdk.isInitializeRequest(body)) return send(req, res, noSession)
  return openSession(req, res, body, serving)
}

/** Open a session for an initialize request: a hooked server (SessionStart runs) on a transport of its own. */
const openSession = async (
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  serving: HttpServing
): Promise<void> => {
  const { sdk, sessions, proxies } = serving
  const proxy = await serving.hooked(false)
  const serverTransport: StreamableHTTPServerTransport = new sdk.StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => void sessions.byId.set(id, session)
  })
  const session: Session = { transport: serverTransport, proxy, open: 0, idle: undefined }
  serverTransport.onclose = () => {
    clearTimeout(session.idle)
    if (serverTransport.sessionId !== undefined) sessions.byId.delete(serverTransport.sessionId)
    proxies.delete(proxy)
  }
  proxies.add(proxy)
  sessions.touch(session, res)
  await proxy.server.connect(serverTransport)
  await serverTransport.handleRequest(req, res, body)
  // Refused by the transport after all: nothing of it may stay (SessionEnd runs for the SessionStart that ran).
  if (serverTransport.sessionId === undefined) await proxy.server.close().catch(() => {})
}

/** Listen on the port and address; rejects when the port cannot be had. */
const listenOn = (http: Server, port: number, address: string): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    http.once("error", reject)
    http.listen(port, address, () => resolve())
  })

/** A closer for the HTTP server: stops the idle clocks, then closes the server and every connection. */
const closeHttp = (http: Server, sessions: Sessions) => (): Promise<void> =>
  new Promise((resolve) => {
    for (const session of sessions.byId.values()) clearTimeout(session.idle)
    http.close(() => resolve())
    http.closeAllConnections()
  })

/** The address a client uses for the bound one: loopback for a wildcard, brackets around IPv6. */
const shownAddress = (bound: AddressInfo): string =>
  isWildcardAddress(bound.address)
    ? bound.family === "IPv6"
      ? "[::1]"
      : "127.0.0.1"
    : bound.family === "IPv6"
      ? `[${bound.address}]`
      : bound.address

/** The start messages: a warning when serving beyond this machine, how clients send the token, the URL. */
const announce = (
  log: (line: string) => void,
  listen: GatewayListen,
  token: string,
  bound: AddressInfo,
  policy: LoopbackPolicy,
  url: string
): void => {
  if (!isLoopbackAddress(bound.address)) {
    log(
      `warning: listening on ${bound.address} port ${bound.port}, beyond this machine: anyone who can reach it and holds the token can call ` +
        `the upstream's tools as you. Requests must name one of the Hosts ${policy.hosts.join(", ")} (add names with --allow-host).`
    )
  }
  log(
    listen.token === undefined
      ? `clients send the header "Authorization: Bearer ${token}" (a new token at each start; for a fixed one set WAVE_HOOKS_MCP_TOKEN or --token-file)`
      : `clients send the header "Authorization: Bearer <token>" with the token from ${listen.tokenSource ?? "the options"}`
  )
  log(`serving MCP over Streamable HTTP at ${url}`)
}

/** Serve Streamable HTTP at `/mcp`: one hooked server (and hook session) per MCP session, one upstream for all. */
const serveHttp = async (
  listen: GatewayListen,
  address: string,
  log: (line: string) => void,
  sdk: McpSdk,
  client: Client,
  hooked: MakeHooked,
  running: Running
): Promise<RunningGateway> => {
  const { done, shutdown, proxies, closers } = running
  const token = listen.token ?? makeToken()
  // A timer cannot wait longer than about 24.8 days (Node would fire it at once).
  const idleMs = Math.min(listen.sessionIdleMs ?? defaultSessionIdleMs, 2_147_483_647)
  const maxBodyBytes = listen.maxBodyBytes ?? defaultMaxBodyBytes
  const sessions = sessionTable(idleMs)
  relayFromUpstream(client, sdk, sessions, proxies, log)
  /** Set once the port is known, before the first request is read. */
  let policy: LoopbackPolicy | undefined
  const serving: HttpServing = {
    sdk,
    sessions,
    proxies,
    hooked,
    token,
    unauthorized: unauthorizedMessage(listen.tokenSource),
    maxBodyBytes,
    policy: () => policy
  }
  const http = createServer(guardedServerOptions, (req, res) => {
    handle(req, res, serving).catch((error: unknown) => {
      log(`HTTP request failed: ${error instanceof Error ? error.message : String(error)}`)
      if (!res.headersSent) refuse(req, res, 500, rpcError(-32603, "Internal error"))
    })
  })
  await listenOn(http, listen.port, address)
  closers.push(closeHttp(http, sessions))
  const bound = http.address() as AddressInfo
  policy = loopbackPolicy(
    { address: bound.address, port: bound.port },
    { ...(listen.allowedHosts === undefined ? {} : { extraHosts: listen.allowedHosts }), maxBodyBytes }
  )
  const url = `http://${shownAddress(bound)}:${bound.port}/mcp`
  announce(log, listen, token, bound, policy, url)
  return { done, url, token, shutdown, sessionCount: () => sessions.byId.size }
}
