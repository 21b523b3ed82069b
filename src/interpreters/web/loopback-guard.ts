/**
 * What every request to one of wave-hooks' local HTTP servers must pass, the
 * same on every route, for both servers (`serve`'s page and `mcp-proxy
 * --listen`): a `Host` naming the server (against DNS rebinding: a page on a
 * name the attacker rebinds to 127.0.0.1 sends its own name), no `Origin`
 * but one of the server's own (another site's page is refused), and a body
 * no larger than the server's cap, counted while it is read (413 as soon as
 * the cap is crossed; nothing more is buffered). The allowed names are an
 * explicit list made when the server starts, never taken from the request.
 *
 * It also holds the servers' timeouts against slow clients (slowloris): the
 * headers within 10 s, the whole request within 30 s, checked every 2 s.
 *
 * Credentials are not here: each server checks its own token after this
 * guard (`token.ts`).
 *
 * @since 0.2.0
 */
import { BlockList, isIP } from "node:net"
import type { IncomingMessage, ServerOptions, ServerResponse } from "node:http"
import { escapeControl } from "../../internal/escape-control.ts"

// ====== Models ======

/**
 * What a local server accepts: the `Host` values (`name:port`, lower case),
 * the `Origin` values (`http://name:port`, lower case) and the body cap.
 *
 * @category models
 * @since 0.2.0
 */
export interface LoopbackPolicy {
  readonly hosts: ReadonlyArray<string>
  readonly origins: ReadonlyArray<string>
  readonly maxBodyBytes: number
}

/**
 * Why a request is refused before any route runs: the HTTP status (403) and
 * a message that says what to send instead.
 *
 * @category models
 * @since 0.2.0
 */
export interface GuardRefusal {
  readonly status: 403
  readonly message: string
}

/**
 * A request body read under the cap, or the news that it crossed it.
 *
 * @category models
 * @since 0.2.0
 */
export type BoundedBody =
  | { readonly _tag: "Body"; readonly bytes: Buffer }
  | { readonly _tag: "TooLarge"; readonly maxBytes: number }

// ====== Addresses ======

// Node's BlockList matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.2) against the IPv4 rules too.
const loopback = new BlockList()
loopback.addSubnet("127.0.0.0", 8, "ipv4")
loopback.addAddress("::1", "ipv6")
const wildcard = new BlockList()
wildcard.addAddress("0.0.0.0", "ipv4")
wildcard.addAddress("::", "ipv6")

/**
 * Whether an IP address is on this machine's loopback: all of 127.0.0.0/8,
 * `::1`, and their IPv4-mapped IPv6 forms (`::ffff:127.0.0.2`).
 *
 * @example
 * ```ts
 * isLoopbackAddress("127.0.0.2") // => true
 * isLoopbackAddress("::ffff:127.0.0.1") // => true
 * isLoopbackAddress("0.0.0.0") // => false
 * ```
 *
 * @category addresses
 * @since 0.2.0
 */
export const isLoopbackAddress = (address: string): boolean => {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address
  const family = isIP(bare)
  return family !== 0 && loopback.check(bare, family === 4 ? "ipv4" : "ipv6")
}

/**
 * Whether an address listens on every interface (`0.0.0.0`, `::`).
 *
 * @category addresses
 * @since 0.2.0
 */
export const isWildcardAddress = (address: string): boolean => {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address
  const family = isIP(bare)
  return family !== 0 && wildcard.check(bare, family === 4 ? "ipv4" : "ipv6")
}

/** An address as it appears in a Host header: IPv6 in brackets, lower case. */
const hostForm = (address: string): string => {
  const lower = address.toLowerCase()
  return isIP(lower) === 6 ? `[${lower}]` : lower
}

/**
 * The policy of a server bound to `address:port`: the loopback names
 * (`127.0.0.1`, `localhost`, `[::1]`), the bound address itself (unless it is
 * a wildcard such as `0.0.0.0`), and the names in `extraHosts` (a name alone
 * takes the port; `name:port` is kept as given). On port 80 a name also
 * passes without its port, as browsers send it. The origins are
 * `http://` + each host.
 *
 * @example
 * ```ts
 * loopbackPolicy({ address: "127.0.0.2", port: 8808 }).hosts
 * // => ["127.0.0.1:8808", "localhost:8808", "[::1]:8808", "127.0.0.2:8808"]
 * ```
 *
 * @category policies
 * @since 0.2.0
 */
export const loopbackPolicy = (
  bound: { readonly address: string; readonly port: number },
  options: { readonly extraHosts?: ReadonlyArray<string>; readonly maxBodyBytes?: number } = {}
): LoopbackPolicy => {
  const names = ["127.0.0.1", "localhost", "[::1]"]
  if (!isWildcardAddress(bound.address)) names.push(hostForm(bound.address))
  const hosts: Array<string> = []
  const add = (host: string) => {
    if (!hosts.includes(host)) hosts.push(host)
  }
  for (const name of names) add(`${name}:${bound.port}`)
  for (const extra of options.extraHosts ?? []) {
    const lower = extra.trim().toLowerCase()
    if (lower.length === 0) continue
    add(/:\d+$/.test(lower) && !(isIP(lower) === 6) ? lower : `${hostForm(lower)}:${bound.port}`)
  }
  if (bound.port === 80) for (const host of [...hosts]) add(host.replace(/:80$/, ""))
  return { hosts, origins: hosts.map((h) => `http://${h}`), maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024 }
}

// ====== Checking ======

/**
 * Why a request is refused, if it is: a `Host` that is not in the policy
 * (missing, another name, another port), or an `Origin` (only browsers send
 * one) that is not one of the policy's. Both compare case-insensitively.
 *
 * @category checking
 * @since 0.2.0
 */
export const guardRefusal = (req: IncomingMessage, policy: LoopbackPolicy): GuardRefusal | undefined => {
  const host = req.headers.host?.toLowerCase()
  if (host === undefined || !policy.hosts.includes(host)) {
    return {
      status: 403,
      message: `Forbidden: the Host header ${
        host === undefined ? "is missing" : `"${escapeControl(host)}" does not name this server`
      }; only ${policy.hosts.join(", ")} are served (a page on another name, e.g. by DNS rebinding, is refused).`
    }
  }
  const origin = req.headers.origin
  if (origin !== undefined && !policy.origins.includes(origin.toLowerCase())) {
    return {
      status: 403,
      message: `Forbidden: requests from the origin "${escapeControl(origin)}" are refused; only this server's own origins (${policy.origins.join(
        ", "
      )}) may call it.`
    }
  }
  return undefined
}

/**
 * Read a request body, counting bytes as they arrive. A declared
 * `Content-Length` over the cap is refused before anything is read; a body
 * that crosses the cap while streaming stops being read at once (the request
 * is paused and its chunks dropped), and the caller answers 413 with
 * `refuse`, which closes the connection.
 *
 * @category checking
 * @since 0.2.0
 */
export const readBoundedBody = (req: IncomingMessage, maxBytes: number): Promise<BoundedBody> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"])
    if (Number.isFinite(declared) && declared > maxBytes) return resolve({ _tag: "TooLarge", maxBytes })
    const chunks: Array<Buffer> = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) return void chunks.push(chunk)
      req.off("data", onData).off("end", onEnd).off("error", onError)
      req.pause()
      chunks.length = 0
      resolve({ _tag: "TooLarge", maxBytes })
    }
    const onEnd = () => resolve({ _tag: "Body", bytes: Buffer.concat(chunks) })
    const onError = (error: Error) => reject(error)
    req.on("data", onData).on("end", onEnd).on("error", onError)
  })

/** How long a refused request may go on sending its body before its connection is cut. */
const refusedLingerMs = 2_000

/**
 * Answer a refusal. What the client still sends of its body is read and
 * dropped (never kept); a client still sending 2 s after the answer has its
 * connection cut.
 *
 * **Details**
 *
 * The connection is not closed at once: closing a socket with unread data
 * makes the kernel send a reset, which can destroy the answer before the
 * client has read it (a client streaming a huge body would see a reset, not
 * the 413). So the rest is drained while the client reads the answer.
 *
 * @category checking
 * @since 0.2.0
 */
export const refuse = (
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: { readonly [name: string]: string } = {}
): void => {
  // Drain and drop what is still coming, without keeping it.
  req.removeAllListeners("data")
  req.on("data", () => {})
  req.resume()
  if (res.headersSent) {
    res.end()
  } else {
    res.writeHead(status, {
      "Content-Type": body.startsWith("{") ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      ...headers
    })
    res.end(body)
  }
  if (req.complete) return
  // A client that will not stop sending is cut once it had the time to read the answer.
  const socket = req.socket
  const cut = setTimeout(() => socket.destroy(), refusedLingerMs)
  cut.unref()
  req.once("end", () => clearTimeout(cut))
  socket.once("close", () => clearTimeout(cut))
}

// ====== Servers ======

/**
 * The `node:http` server options both local servers use against slow
 * clients: headers within 10 s, the whole request (body included) within
 * 30 s, checked every 2 s (Node's defaults are 60 s, 300 s and 30 s). A
 * response that streams for long (an event stream) is not limited.
 *
 * @category servers
 * @since 0.2.0
 */
export const guardedServerOptions: ServerOptions = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 2_000,
  keepAliveTimeout: 5_000
}
