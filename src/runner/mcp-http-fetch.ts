/**
 * The `fetch` an `mcp_tool` hook's `type: "http"` MCP server is reached
 * with: redirects are never followed (as for `http` hooks), and a response
 * body is counted while it is read, so a server cannot make the engine hold
 * more than one message's worth of bytes: a JSON body is cut past the cap,
 * and an event stream past the cap within one event.
 *
 * @since 0.2.0
 */
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js"
import { redactUrl } from "../settings/http-hook-config.ts"
import { McpMessageTooLarge } from "./mcp-stdio-transport.ts"

const LF = 0x0a

/** `location` resolved against the request's URL; as written when it is not a URL. */
const resolvedOrRaw = (location: string, base: string | URL): string => {
  try {
    return new URL(location, base).href
  } catch {
    return location
  }
}
const CR = 0x0d

/**
 * Whether a `Content-Type` is an event stream: only the exact
 * `text/event-stream` essence (parameters aside). Anything else is counted
 * as one message, which is never more lenient than how the SDK reads it.
 */
const isEventStream = (contentType: string | null): boolean =>
  contentType !== null && (contentType.split(";", 1)[0] ?? "").trim().toLowerCase() === "text/event-stream"

/**
 * A stream that passes bytes through and errors with `McpMessageTooLarge`
 * past `cap` bytes: of the whole body, or (`perEvent`) of one server-sent
 * event, counted from the blank line that ended the last one.
 */
const countingStream = (
  cap: number,
  perEvent: boolean,
  tooLarge: () => McpMessageTooLarge
): TransformStream<Uint8Array, Uint8Array> => {
  let counted = 0
  /** Bytes of the current line, and whether it is so far only a CR (a blank line in CRLF). */
  let lineBytes = 0
  let lineIsCr = false
  return new TransformStream({
    transform(chunk, controller) {
      if (!perEvent) {
        counted += chunk.byteLength
      } else {
        let from = 0
        while (from < chunk.byteLength) {
          const newline = chunk.indexOf(LF, from)
          const end = newline === -1 ? chunk.byteLength : newline
          if (end > from) {
            lineIsCr = lineBytes === 0 && end - from === 1 && chunk[from] === CR
            lineBytes += end - from
            counted += end - from
          }
          if (newline === -1) break
          // A blank line ends the event: the next one is counted afresh.
          if (lineBytes === 0 || (lineBytes === 1 && lineIsCr)) counted = 0
          else counted += 1
          lineBytes = 0
          lineIsCr = false
          from = newline + 1
        }
      }
      if (counted > cap) return controller.error(tooLarge())
      controller.enqueue(chunk)
    }
  })
}

/**
 * A `fetch` for the SDK's Streamable HTTP client transport: a redirect is
 * never followed, whatever the SDK asked (a 3xx is an error naming its
 * status and target), and each response body capped at `maxMessageBytes` while it is
 * read (`countingStream`). Past the cap the body errors with
 * `McpMessageTooLarge` and `onTooLarge` is told, so the caller can end the
 * connection.
 *
 * @category transports
 * @since 0.2.0
 */
export const cappedMcpFetch =
  (options: {
    readonly maxMessageBytes: number
    /** Who the server is in messages, such as `the MCP server "policy"`. */
    readonly label: string
    readonly onTooLarge: (error: McpMessageTooLarge) => void
  }): FetchLike =>
  async (url, init) => {
    const response = await fetch(url, { ...init, redirect: "manual" })
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {})
      const location = response.headers.get("location")
      throw new Error(
        `${options.label} answered ${response.status}` +
          (location === null ? "" : ` (a redirect to ${redactUrl(resolvedOrRaw(location, url))})`) +
          `, which is not followed; put the URL it should be reached at in mcpServers`
      )
    }
    if (response.body === null) return response
    const perEvent = isEventStream(response.headers.get("content-type"))
    const tooLarge = () => {
      const error = new McpMessageTooLarge(options.label, options.maxMessageBytes)
      options.onTooLarge(error)
      return error
    }
    return new Response(response.body.pipeThrough(countingStream(options.maxMessageBytes, perEvent, tooLarge)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    })
  }
