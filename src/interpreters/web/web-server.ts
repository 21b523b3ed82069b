/**
 * The web interpreter's local HTTP server: serves the page, streams the feed
 * over Server-Sent Events, takes answers to permission questions and (when
 * given a handler) hook events from agents. Bound to 127.0.0.1 only; every
 * request passes the loopback guard (`loopback-guard.ts`: a `Host` naming
 * this server, no `Origin` but its own, a body of at most 1 MiB), and every
 * request for data needs the server's random token, sent as a header. The
 * token never travels in a cookie: cookies ignore ports, so any other server
 * on 127.0.0.1 would receive it.
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
import { Effect, Schema, type Scope } from "effect"
import type { Card } from "./card.ts"
import { Feed } from "./feed.ts"
import type { LoopbackPolicy } from "./loopback-guard.ts"
import { guardedServerOptions, guardRefusal, loopbackPolicy, readBoundedBody, refuse } from "./loopback-guard.ts"
import { pageHtml, pagePolicy } from "./page.ts"
import { makeToken, tokenMatches } from "./token.ts"

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
 * `localhost:PORT` or `[::1]:PORT`, in any case: a rebound DNS name is
 * refused) and carry no `Origin` but this server's own (another site's page
 * is refused); each refusal is a 403 whose body says why. A body over 1 MiB
 * is a 413, answered as soon as the cap is crossed.
 *
 * The token: the printed address carries it after `#` (`/#token=...`), which
 * browsers never send to any server. The page (which holds no data) reads it
 * there, keeps it in the tab's memory (and `sessionStorage`, per origin, for
 * a reload), clears it from the address bar, and sends it as
 * `Authorization: Bearer` on each of its requests. Every route but the page
 * takes the token in `Authorization: Bearer` or the `x-wave-hooks-token`
 * header; `GET /events` and `GET /history` also take `?token=`, for scripts.
 * Cookies are ignored. Without the token: 403.
 *
 * Endpoints:
 *
 * - `GET /`: the page (no token needed: it holds no data).
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
  /** The page's address, the token after `#` (never sent to a server): `http://127.0.0.1:PORT/#token=...`. */
  readonly url: string
  private readonly server: Server
  private readonly policy: LoopbackPolicy
  private readonly title: string
  private runHandler: RunHandler | undefined
  private readonly streams = new Set<ServerResponse>()
  private readonly inFlight = new Set<Promise<void>>()
  private readonly viewerWaiters: Array<() => void> = []
  private readonly heartbeat: NodeJS.Timeout
  /** The feed's subscription, held while a page follows it (no copy of each card change for nobody). */
  private unsubscribe: (() => void) | undefined
  private closing: Promise<void> | undefined

  /** Use `startWebServer` (or `makeWebServer` in Effect). */
  constructor(server: Server, feed: Feed, token: string, title = "wave-hooks") {
    this.server = server
    this.title = title
    this.feed = feed
    this.token = token
    this.port = (server.address() as AddressInfo).port
    this.policy = loopbackPolicy({ address: "127.0.0.1", port: this.port }, { maxBodyBytes })
    this.url = `http://127.0.0.1:${this.port}/#token=${token}`
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
        await Promise.race([
          Promise.allSettled([...this.inFlight]),
          new Promise((r) => setTimeout(r, closeGraceMs).unref())
        ])
      }
      this.unsubscribe?.()
      this.unsubscribe = undefined
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
    const refused = guardRefusal(req, this.policy)
    if (refused !== undefined)
      return refuse(req, res, refused.status, `${refused.message} Open http://127.0.0.1:${this.port}/.\n`)
    const method = req.method ?? "GET"
    const headerToken = req.headers[tokenHeader]
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]
    const queryToken = url.searchParams.get("token") ?? undefined
    const isPage = method === "GET" && (url.pathname === "/" || url.pathname === "/index.html")
    const takesQuery = method === "GET" && (url.pathname === "/events" || url.pathname === "/history")
    const presented = typeof headerToken === "string" ? headerToken : (bearer ?? (takesQuery ? queryToken : undefined))
    // The page holds no data (it fetches it with the token it reads from its own #fragment): it needs no token.
    if (!isPage && !tokenMatches(this.token, presented)) {
      return refuse(
        req,
        res,
        403,
        "Forbidden: " +
          (queryToken !== undefined && !takesQuery
            ? `this route takes the token in "Authorization: Bearer <token>" (or the ${tokenHeader} header), not in the URL.\n`
            : 'a missing or wrong token. Open the URL that wave-hooks printed; agents send "Authorization: Bearer <token>".\n')
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
        if (handleRun === undefined)
          return void sendJson(res, 404, { error: "This server does not run hooks (no /run handler)." })
        return this.track(this.run(req, res, handleRun))
      }
      default: {
        const known = ["/", "/index.html", "/events", "/history", "/answer", "/run"].includes(url.pathname)
        return void sendJson(res, known ? 405 : 404, {
          error: known ? `${req.method} is not allowed on ${url.pathname}.` : `No such page: ${url.pathname}`
        })
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
    this.unsubscribe ??= this.feed.subscribe((card) => this.broadcast(card))
    req.socket.setNoDelay(true)
    res.on("close", () => {
      this.streams.delete(res)
      if (this.streams.size > 0) return
      this.unsubscribe?.()
      this.unsubscribe = undefined
    })
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
    const body = await readBody(req, res)
    if (body === undefined) return
    const decoded = Schema.decodeUnknownResult(AnswerBody)(body)
    if (decoded._tag === "Failure") {
      return sendJson(res, 400, {
        error: `Send {"id": "<question id>", "answer": "allow" | "deny"}: ${decoded.failure.message}`
      })
    }
    const { id, answer } = decoded.success
    if (!this.feed.answer(id, answer, "user")) {
      return sendJson(res, 409, {
        error: `Question ${id} is not waiting for an answer (answered already, or unknown).`
      })
    }
    sendJson(res, 200, { ok: true, id, answer })
  }

  private async run(req: IncomingMessage, res: ServerResponse, handleRun: RunHandler): Promise<void> {
    const body = await readBody(req, res)
    if (body === undefined) return
    const abort = new AbortController()
    res.on("close", () => {
      if (!res.writableFinished) abort.abort()
    })
    const reply = await handleRun(body, abort.signal).catch(
      (error: unknown): RunReply => ({
        status: 500,
        json: { error: error instanceof Error ? error.message : String(error) }
      })
    )
    if (!abort.signal.aborted) sendJson(res, reply.status, reply.json)
  }
}

const AnswerBody = Schema.fromJsonString(
  Schema.Struct({ id: Schema.String, answer: Schema.Literals(["allow", "deny"]) })
)

const cardEvent = (card: Card): string => `event: card\ndata: ${JSON.stringify(card)}\n\n`

const send = (res: ServerResponse, status: number, type: string, body: string): void => {
  if (res.headersSent) return void res.end()
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) })
  res.end(body)
}

const sendJson = (res: ServerResponse, status: number, json: unknown): void =>
  send(res, status, "application/json; charset=utf-8", `${JSON.stringify(json)}\n`)

/** The body as text, or `undefined` once a 413 was sent (the body crossed 1 MiB; it is not read further). */
const readBody = async (req: IncomingMessage, res: ServerResponse): Promise<string | undefined> => {
  const body = await readBoundedBody(req, maxBodyBytes)
  if (body._tag === "Body") return body.bytes.toString("utf8")
  refuse(req, res, 413, `${JSON.stringify({ error: "The body is larger than 1 MiB." })}\n`)
  return undefined
}

// ====== Starting ======

/**
 * Start a web server on 127.0.0.1 (Promise API, for plain TypeScript).
 *
 * **Example** (Start, print the address, stop)
 *
 * ```ts
 * const server = await startWebServer({ port: 0 })
 * console.log(server.url) // => "http://127.0.0.1:43817/#token=..."
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
  const server = createServer(guardedServerOptions, (req, res) => {
    if (web === undefined) return void send(res, 503, "text/plain; charset=utf-8", "Starting.\n")
    web.handle(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new WebServerError({
          message:
            error.code === "EADDRINUSE"
              ? `Port ${port} on 127.0.0.1 is taken; pick another with --port, or 0 for any free port.`
              : `Could not listen on 127.0.0.1:${port}: ${error.message}`
        })
      )
    )
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
