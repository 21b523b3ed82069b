/**
 * The web interpreter's local HTTP server: serves the page, streams the feed
 * over Server-Sent Events, takes answers to permission questions and (when
 * given a handler) hook events from agents. Bound to 127.0.0.1 only; every
 * request needs the server's random token, a `Host` naming this server
 * (against DNS rebinding), and no `Origin` but this server's own.
 *
 * Built on `node:http` rather than Effect's HTTP server: that one lives in
 * `effect/unstable/http` (an unstable API), and this server is a handful of
 * routes holding long-lived event streams and pending questions, which plain
 * Node handles directly. The Effect side gets it as a scoped resource
 * (`makeWebServer`); plain TypeScript uses `startWebServer` / `close()`.
 *
 * @since 0.1.0
 */
import { randomBytes } from "node:crypto"
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect, Schema, Scope } from "effect"
import type { Card } from "./card.ts"
import { Feed } from "./feed.ts"
import { pageHtml, pagePolicy } from "./page.ts"
import { makeToken, tokenMatches } from "./token.ts"
import { escapeControl } from "../../internal/escape-control.ts"

// ====== Models ======

/**
 * What a `/run` handler answers: an HTTP status and a JSON body.
 *
 * @category models
 * @since 0.1.0
 */
export interface RunReply {
  readonly status: number
  readonly json: unknown
}

/**
 * Handles `POST /run`: the request body (text, at most 1 MiB) and a signal
 * aborted when the client goes away.
 *
 * @category models
 * @since 0.1.0
 */
export type RunHandler = (body: string, signal: AbortSignal) => Promise<RunReply>

/**
 * Options of the web server.
 *
 * @category models
 * @since 0.1.0
 */
export interface WebServerOptions {
  /** The port on 127.0.0.1; default 0 (a free port chosen by the system). */
  readonly port?: number
  /** The secret; default 32 random bytes, base64url. Must be at least 24 characters. */
  readonly token?: string
  /** Cards kept for pages that join late; default 500. */
  readonly historyLimit?: number
  /** The page's title; default "wave-hooks". */
  readonly title?: string
}

/**
 * The server could not start (the port is taken, a bad option).
 *
 * @category errors
 * @since 0.1.0
 */
export class WebServerError extends Schema.TaggedError<WebServerError>()("WebServerError", {
  message: Schema.String
}) {}

/**
 * A header a POST may carry the token in (`Authorization: Bearer <token>`
 * works too, and is what `serve` tells agents to use).
 *
 * @category constants
 * @since 0.1.0
 */
export const tokenHeader = "x-wave-hooks-token"

/**
 * The name of the cookie that holds the token for the page (one per port:
 * cookies do not tell ports apart).
 *
 * @category constants
 * @since 0.1.0
 */
export const tokenCookieName = (port: number): string => `wave_hooks_${port}`

const maxBodyBytes = 1024 * 1024
const heartbeatMs = 15_000
const closeGraceMs = 2_000

// ====== Server ======

/**
 * A running web server.
 *
 * **Details**
 *
 * Every request must name this server in `Host` (`127.0.0.1:PORT`,
 * `localhost:PORT` or `[::1]:PORT`: a rebound DNS name is refused) and carry
 * no `Origin` but this server's own (another site's page is refused); each
 * refusal is a 403 whose body says why.
 *
 * The token: the page is opened once as `/?token=...`; the server answers
 * with an HttpOnly, SameSite=Strict cookie holding the token and a redirect
 * to the clean `/`, so the token leaves the address bar and the history, and
 * the page's own requests carry only the cookie. POSTs take the token in
 * `Authorization: Bearer`, the `x-wave-hooks-token` header, or the cookie
 * (with this server's `Origin`); never in the query. `GET /events` and
 * `GET /history` also take `?token=`, for scripts. Without the token: 403.
 *
 * Endpoints:
 *
 * - `GET /`: the page (with `?token=`: sets the cookie, redirects to `/`).
 * - `GET /events`: Server-Sent Events; every kept card first (`event: card`),
 *   then `event: ready`, then each change as it happens, and `event: bye`
 *   when the server closes.
 * - `GET /history`: `{ "cards": [...] }`, the kept cards as JSON.
 * - `POST /answer`: `{ "id": questionId, "answer": "allow" | "deny" }`.
 * - `POST /run`: hook events from agents, once `serveRuns` gave a handler
 *   (404 before).
 *
 * `close()` denies every pending question, lets in-flight `/run` requests
 * answer (up to 2 s), ends the event streams and stops listening.
 *
 * @category server
 * @since 0.1.0
 */
export class WebServer {
  /** The cards and questions the page shows. */
  readonly feed: Feed
  readonly port: number
  readonly token: string
  /** The page's address, token included: `http://127.0.0.1:PORT/?token=...`. */
  readonly url: string
  private readonly server: Server
  private readonly title: string
  private runHandler: RunHandler | undefined
  private readonly streams = new Set<ServerResponse>()
  private readonly inFlight = new Set<Promise<void>>()
  private readonly viewerWaiters: Array<() => void> = []
  private readonly heartbeat: NodeJS.Timeout
  private readonly unsubscribe: () => void
  private closing: Promise<void> | undefined

  /** Use `startWebServer` (or `makeWebServer` in Effect). */
  constructor(server: Server, feed: Feed, token: string, title = "wave-hooks") {
    this.server = server
    this.title = title
    this.feed = feed
    this.token = token
    this.port = (server.address() as AddressInfo).port
    this.url = `http://127.0.0.1:${this.port}/?token=${token}`
    this.unsubscribe = feed.subscribe((card) => this.broadcast(card))
    this.heartbeat = setInterval(() => {
      for (const res of this.streams) res.write(": ping\n\n")
    }, heartbeatMs)
    this.heartbeat.unref()
  }

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.closing !== undefined
  }

  /** How many pages follow the feed right now. */
  get viewers(): number {
    return this.streams.size
  }

  /** Resolves when at least one page follows the feed. */
  waitForViewer(): Promise<void> {
    if (this.streams.size > 0) return Promise.resolve()
    return new Promise((resolve) => this.viewerWaiters.push(resolve))
  }

  /** Serve `POST /run` with this handler (or stop serving it with `undefined`). */
  serveRuns(handler: RunHandler | undefined): void {
    this.runHandler = handler
  }

  /** Stop: deny pending questions, end the streams, stop listening. Safe to call twice. */
  close(): Promise<void> {
    if (this.closing !== undefined) return this.closing
    this.closing = (async () => {
      clearInterval(this.heartbeat)
      this.feed.denyAll("closed")
      const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()))
      this.server.closeIdleConnections()
      if (this.inFlight.size > 0) {
        await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => setTimeout(r, closeGraceMs).unref())])
      }
      this.unsubscribe()
      for (const res of this.streams) res.end("event: bye\ndata: {}\n\n")
      this.streams.clear()
      this.server.closeAllConnections()
      for (const wake of this.viewerWaiters.splice(0)) wake()
      await stopped
    })()
    return this.closing
  }

  /** Handle one request (wired by `startWebServer`). */
  handle(req: IncomingMessage, res: ServerResponse): void {
    const url = URL.parse(req.url ?? "/", "http://127.0.0.1")
    if (url === null) return void send(res, 400, "text/plain; charset=utf-8", "Bad request: an unreadable URL.\n")
    res.setHeader("Cache-Control", "no-store")
    res.setHeader("Referrer-Policy", "no-referrer")
    res.setHeader("X-Content-Type-Options", "nosniff")
    const forbidden = (why: string) => send(res, 403, "text/plain; charset=utf-8", `Forbidden: ${why}\n`)
    const own = [`127.0.0.1:${this.port}`, `localhost:${this.port}`, `[::1]:${this.port}`]
    const host = req.headers.host?.toLowerCase()
    if (host === undefined || !own.includes(host)) {
      return void forbidden(
        `the Host header ${host === undefined ? "is missing" : `"${escapeControl(host)}" does not name this server`}; ` +
          `only ${own.join(", ")} are served (a page on another name, e.g. by DNS rebinding, is refused). Open http://127.0.0.1:${this.port}/.`
      )
    }
    const origin = req.headers.origin
    if (origin !== undefined && !own.some((h) => origin.toLowerCase() === `http://${h}`)) {
      return void forbidden(
        `requests from the origin "${escapeControl(origin)}" are refused; only this server's own page (http://127.0.0.1:${this.port}) may call it.`
      )
    }
    const method = req.method ?? "GET"
    const cookie = cookieValue(req.headers.cookie, tokenCookieName(this.port))
    const headerToken = req.headers[tokenHeader]
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]
    const queryToken = url.searchParams.get("token") ?? undefined
    const isPage = method === "GET" && (url.pathname === "/" || url.pathname === "/index.html")
    // The page is opened once with ?token=: keep the token in an HttpOnly cookie and show the clean URL.
    if (isPage && queryToken !== undefined && tokenMatches(this.token, queryToken)) {
      res.setHeader(
        "Set-Cookie",
        `${tokenCookieName(this.port)}=${this.token}; HttpOnly; SameSite=Strict; Path=/`
      )
      res.writeHead(303, { Location: "/", "Content-Length": 0 })
      return void res.end()
    }
    const presented = method === "POST"
      ? (typeof headerToken === "string" ? headerToken : bearer ?? (origin === undefined ? undefined : cookie))
      : isPage
      ? cookie
      : queryToken ?? cookie
    if (!tokenMatches(this.token, presented)) {
      return void forbidden(
        method === "POST" && url.searchParams.has("token")
          ? `a POST takes the token in "Authorization: Bearer <token>" (or the ${tokenHeader} header), not in the URL.`
          : "a missing or wrong token. Open the URL that wave-hooks serve printed; agents send \"Authorization: Bearer <token>\"."
      )
    }
    const route = `${method} ${url.pathname}`
    switch (route) {
      case "GET /":
      case "GET /index.html": {
        const nonce = randomBytes(16).toString("base64")
        res.setHeader("Content-Security-Policy", pagePolicy(nonce))
        res.setHeader("X-Frame-Options", "DENY")
        return void send(res, 200, "text/html; charset=utf-8", pageHtml(nonce, this.title))
      }
      case "GET /events":
        return this.follow(req, res)
      case "GET /history":
        return void sendJson(res, 200, { cards: this.feed.history() })
      case "POST /answer":
        return this.track(this.answer(req, res))
      case "POST /run": {
        const handleRun = this.runHandler
        if (handleRun === undefined) return void sendJson(res, 404, { error: "This server does not run hooks (no /run handler)." })
        return this.track(this.run(req, res, handleRun))
      }
      default: {
        const known = ["/", "/index.html", "/events", "/history", "/answer", "/run"].includes(url.pathname)
        return void sendJson(res, known ? 405 : 404, { error: known ? `${req.method} is not allowed on ${url.pathname}.` : `No such page: ${url.pathname}` })
      }
    }
  }

  private follow(req: IncomingMessage, res: ServerResponse): void {
    if (this.closed) return void sendJson(res, 503, { error: "The server is closing." })
    res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", Connection: "keep-alive" })
    res.write("retry: 2000\n\n")
    for (const card of this.feed.history()) res.write(cardEvent(card))
    res.write("event: ready\ndata: {}\n\n")
    this.streams.add(res)
    req.socket.setNoDelay(true)
    res.on("close", () => this.streams.delete(res))
    for (const wake of this.viewerWaiters.splice(0)) wake()
  }

  private broadcast(card: Card): void {
    const message = cardEvent(card)
    for (const res of this.streams) res.write(message)
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch(() => {}).finally(() => this.inFlight.delete(tracked))
    this.inFlight.add(tracked)
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req)
    if (body === undefined) return sendJson(res, 413, { error: "The body is larger than 1 MiB." })
    const decoded = Schema.decodeUnknownResult(AnswerBody)(body)
    if (decoded._tag === "Failure") {
      return sendJson(res, 400, { error: `Send {"id": "<question id>", "answer": "allow" | "deny"}: ${decoded.failure.message}` })
    }
    const { id, answer } = decoded.success
    if (!this.feed.answer(id, answer, "user")) {
      return sendJson(res, 409, { error: `Question ${id} is not waiting for an answer (answered already, or unknown).` })
    }
    sendJson(res, 200, { ok: true, id, answer })
  }

  private async run(req: IncomingMessage, res: ServerResponse, handleRun: RunHandler): Promise<void> {
    const body = await readBody(req)
    if (body === undefined) return sendJson(res, 413, { error: "The body is larger than 1 MiB." })
    const abort = new AbortController()
    res.on("close", () => {
      if (!res.writableFinished) abort.abort()
    })
    const reply = await handleRun(body, abort.signal).catch((error: unknown): RunReply => ({
      status: 500,
      json: { error: error instanceof Error ? error.message : String(error) }
    }))
    if (!abort.signal.aborted) sendJson(res, reply.status, reply.json)
  }
}

/** The value of one cookie in a `Cookie` header. */
const cookieValue = (header: string | undefined, name: string): string | undefined => {
  if (header === undefined) return undefined
  for (const part of header.split(";")) {
    const eq = part.indexOf("=")
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

const AnswerBody = Schema.fromJsonString(Schema.Struct({ id: Schema.String, answer: Schema.Literals(["allow", "deny"]) }))

const cardEvent = (card: Card): string => `event: card\ndata: ${JSON.stringify(card)}\n\n`

const send = (res: ServerResponse, status: number, type: string, body: string): void => {
  if (res.headersSent) return void res.end()
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) })
  res.end(body)
}

const sendJson = (res: ServerResponse, status: number, json: unknown): void =>
  send(res, status, "application/json; charset=utf-8", `${JSON.stringify(json)}\n`)

/** The body as text, or `undefined` when it is over the limit. */
const readBody = (req: IncomingMessage): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    let over = false
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) over = true
      else chunks.push(chunk)
    })
    req.on("end", () => resolve(over ? undefined : Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

// ====== Starting ======

/**
 * Start a web server on 127.0.0.1 (Promise API, for plain TypeScript).
 *
 * **Example** (Start, print the address, stop)
 *
 * ```ts
 * const server = await startWebServer({ port: 0 })
 * console.log(server.url) // => "http://127.0.0.1:43817/?token=..."
 * await server.close()
 * ```
 *
 * @category server
 * @since 0.1.0
 */
export const startWebServer = async (options: WebServerOptions = {}): Promise<WebServer> => {
  const token = options.token ?? makeToken()
  if (token.length < 24) throw new WebServerError({ message: "The token must be at least 24 characters long." })
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new WebServerError({ message: `The port must be an integer from 0 to 65535, not ${port}.` })
  }
  let web: WebServer | undefined
  const server = createServer((req, res) => {
    if (web === undefined) return void send(res, 503, "text/plain; charset=utf-8", "Starting.\n")
    web.handle(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new WebServerError({
          message: error.code === "EADDRINUSE"
            ? `Port ${port} on 127.0.0.1 is taken; pick another with --port, or 0 for any free port.`
            : `Could not listen on 127.0.0.1:${port}: ${error.message}`
        })
      ))
    server.listen(port, "127.0.0.1", () => resolve())
  })
  web = new WebServer(server, new Feed(options.historyLimit), token, options.title)
  return web
}

/**
 * Start a web server as an Effect resource: it closes when the scope closes.
 *
 * **Example** (In a scoped program)
 *
 * ```ts
 * const server = yield* makeWebServer({ port: 0 })
 * yield* Console.log(`Open ${server.url}`)
 * ```
 *
 * @category server
 * @since 0.1.0
 */
export const makeWebServer = (options: WebServerOptions = {}): Effect.Effect<WebServer, WebServerError, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: () => startWebServer(options),
      catch: (error) => (error instanceof WebServerError ? error : new WebServerError({ message: String(error) }))
    }),
    (server) => Effect.promise(() => server.close())
  )
