/**
 * What an `http` or `mcp_tool` hook answered, as the `HookRun` a command
 * would have produced: each transport turns its
 * result into the same (exit code, stdout, stderr) triple, so `decide`,
 * `combine`, the precedence laws and `explain` stay one. Pure and total.
 *
 * The mapping (ARCHITECTURE section 7.1):
 *
 * | result | HookRun |
 * |---|---|
 * | HTTP 2xx, empty body | exit 0, no stdout |
 * | HTTP 2xx, a JSON object | exit 0, the body as stdout (section 5.1 decides) |
 * | HTTP 2xx, any other body | exit 1 (non-blocking error), stderr says why |
 * | HTTP non-2xx (3xx included: redirects are not followed) | exit 1, stderr names the status and a preview of the body |
 * | timeout | `exitCode: null`, `timedOut: true` |
 * | connection failure, URL not allowed, server not started | `exitCode: null`, `spawnError` |
 * | MCP result, `isError` false | exit 0, the text content joined by newlines as stdout |
 * | MCP result, `isError` true | exit 1, the text as stderr |
 * | MCP protocol error (unknown tool, bad arguments) | exit 1, the error as stderr |
 *
 * An exit 1 is never blocking unless the hook sets `onFailure: "block"`; an
 * `http` or `mcp_tool` hook blocks otherwise only with a JSON decision, as in
 * Claude Code. Notes (non-text MCP content, header variables sent empty) are
 * returned beside the run for the caller to show as warnings.
 *
 * @since 0.2.0
 */
import type { HookRun } from "./hook-run.ts"
import { hookRun } from "./hook-run.ts"

// ====== Models ======

/**
 * What came back from one `http` hook request.
 *
 * @category models
 * @since 0.2.0
 */
export type HttpOutcome =
  | {
      readonly _tag: "Response"
      readonly status: number
      /** The body as UTF-8 text, cut at the cap. */
      readonly body: string
      /** Whether the body was cut at `capBytes`. */
      readonly truncated: boolean
      readonly capBytes: number
      /** The `Location` header of a redirect (not followed), for the message. */
      readonly location?: string | undefined
      readonly durationMs: number
    }
  | { readonly _tag: "TimedOut"; readonly durationMs: number }
  | {
      readonly _tag: "Failed"
      /** What went wrong, in words: "connection refused (ECONNREFUSED 127.0.0.1:1)". */
      readonly message: string
      readonly durationMs: number
    }

/**
 * One content item of an MCP tool result, as far as the mapping reads it.
 *
 * @category models
 * @since 0.2.0
 */
interface McpContentItem {
  readonly type: string
  readonly text?: unknown
  readonly [key: string]: unknown
}

/**
 * What came back from one MCP tool call: the tool's result, a protocol
 * error (the server answered the call with an error), a timeout, or a
 * failure to reach the server at all.
 *
 * @category models
 * @since 0.2.0
 */
export type McpOutcome =
  | {
      readonly _tag: "Result"
      /** The result's `content` (anything; a non-array is reported). */
      readonly content: unknown
      readonly isError?: unknown
      readonly durationMs: number
    }
  | { readonly _tag: "ProtocolError"; readonly message: string; readonly durationMs: number }
  | { readonly _tag: "TimedOut"; readonly durationMs: number }
  | { readonly _tag: "Failed"; readonly message: string; readonly durationMs: number }

/**
 * A run and what the caller should say beside it (each a whole sentence
 * with the fix), e.g. that a tool returned an image that was not read.
 *
 * @category models
 * @since 0.2.0
 */
export interface TransportRun {
  readonly run: HookRun
  readonly notes: ReadonlyArray<string>
}

// ====== Helpers ======

const PREVIEW_CHARS = 200

/** A short, single-line, control-free preview of a body for a message. */
const preview = (text: string): string => {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, " ").trim()
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS)}...` : flat
}

const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)

const isJsonObject = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === "object" && !Array.isArray(value)
  } catch {
    return false
  }
}

const statusTexts: { readonly [status: number]: string } = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout"
}

const statusLine = (status: number): string => {
  const text = statusTexts[status]
  return text === undefined ? `HTTP ${status}` : `HTTP ${status} ${text}`
}

const formatCap = (bytes: number): string =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`

const truncatedFields = (truncated: boolean, capBytes: number): Partial<HookRun> =>
  truncated ? { truncated: true, truncatedStreams: [{ stream: "stdout", limitBytes: capBytes }] } : {}

/**
 * Cut `text` to at most `capBytes` bytes of UTF-8, on a character boundary.
 *
 * @example
 * ```ts
 * capUtf8("héllo", 2) // => { text: "h", truncated: true }
 * ```
 *
 * @category transport
 * @since 0.2.0
 */
export const capUtf8 = (text: string, capBytes: number): { readonly text: string; readonly truncated: boolean } => {
  // Fast path: every UTF-16 unit is at most 3 UTF-8 bytes.
  if (text.length * 3 <= capBytes) return { text, truncated: false }
  const bytes = new TextEncoder().encode(text)
  if (bytes.length <= capBytes) return { text, truncated: false }
  let end = Math.max(0, Math.floor(capBytes))
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--
  return { text: new TextDecoder().decode(bytes.subarray(0, end)), truncated: true }
}

// ====== HTTP ======

/**
 * The `HookRun` of one `http` hook request (the table above). `label` names
 * the hook in texts and becomes the run's `command` (`httpHookLabel`).
 *
 * **Details**
 *
 * A 2xx body is read after stripping a UTF-8 BOM and surrounding white
 * space: empty is exit 0; one JSON object (not an array, string or number)
 * is exit 0 with the body as stdout, so `decide` reads it exactly like a
 * command's JSON; anything else is exit 1 with a message. A non-2xx answer
 * never passes its body as stdout, so a JSON body on a 500 cannot decide.
 * A body cut at the cap sets `truncated` (`decide` adds its
 * `output-truncated` diagnostic); cut JSON is not an object, so it is an
 * error, never half a verdict.
 *
 * @example
 * ```ts
 * httpResponseRun({ _tag: "Response", status: 204, body: "", truncated: false, capBytes: 1024, durationMs: 1 }, "POST http://h/x").exitCode
 * // => 0
 * httpResponseRun({ _tag: "Response", status: 500, body: "boom", truncated: false, capBytes: 1024, durationMs: 1 }, "POST http://h/x").stderr
 * // => "POST http://h/x answered HTTP 500 Internal Server Error: boom"
 * ```
 *
 * @category transport
 * @since 0.2.0
 */
export const httpResponseRun = (outcome: HttpOutcome, label: string): HookRun => {
  switch (outcome._tag) {
    case "TimedOut":
      return hookRun({ exitCode: null, timedOut: true, durationMs: outcome.durationMs, command: label })
    case "Failed":
      return hookRun({ exitCode: null, spawnError: outcome.message, durationMs: outcome.durationMs, command: label })
    case "Response": {
      const status = Number.isInteger(outcome.status) ? outcome.status : 0
      const body = typeof outcome.body === "string" ? stripBom(outcome.body).trim() : ""
      const base = {
        durationMs: outcome.durationMs,
        command: label,
        ...truncatedFields(outcome.truncated === true, outcome.capBytes)
      }
      if (status < 200 || status > 299) {
        const redirect = status >= 300 && status <= 399
        const stderr = redirect
          ? `${label} answered ${statusLine(status)} (a redirect${
              outcome.location === undefined ? "" : ` to ${preview(outcome.location)}`
            }), which is not followed; point the hook's url at the final address.`
          : `${label} answered ${statusLine(status)}` +
            (body.length > 0 ? `: ${preview(body)}` : " with an empty body.")
        return hookRun({ exitCode: 1, stderr, ...base })
      }
      if (body.length === 0) return hookRun({ exitCode: 0, ...base })
      if (isJsonObject(body)) return hookRun({ exitCode: 0, stdout: body, ...base })
      const why = outcome.truncated
        ? `a body cut at the ${formatCap(outcome.capBytes)} cap that is not a whole JSON object`
        : `a body that is not a JSON object (${preview(body)})`
      return hookRun({
        exitCode: 1,
        stderr: `${label} answered ${statusLine(status)} with ${why}; answer 2xx with an empty body or one JSON object.`,
        ...base
      })
    }
  }
}

// ====== MCP ======

const describeItem = (item: unknown): string => {
  if (item === null || typeof item !== "object") return `a ${item === null ? "null" : typeof item}`
  const type = (item as { readonly type?: unknown }).type
  return typeof type === "string" ? `"${type}"` : "an item without a type"
}

/**
 * The `HookRun` of one `mcp_tool` call (the table above), plus notes for
 * content that was not read. `label` names the hook (`mcpToolHookLabel`);
 * `capBytes` caps the text like a command's stdout.
 *
 * **Details**
 *
 * The text items of `content` are joined by newlines and read like stdout
 * (one JSON object decides as in section 5.1; plain text is context on
 * UserPromptSubmit and SessionStart). Other items (image, audio, resource,
 * resource_link) are left out, each named in a note. `isError: true` is a
 * non-blocking error with the text as stderr; a `content` that is not an
 * array is an error too (the server broke the protocol).
 *
 * @example
 * ```ts
 * mcpToolResultRun({ _tag: "Result", content: [{ type: "text", text: "{\"decision\":\"block\",\"reason\":\"no\"}" }], durationMs: 2 }, "mcp g/t", 1024).run.stdout
 * // => '{"decision":"block","reason":"no"}'
 * mcpToolResultRun({ _tag: "Result", content: [{ type: "text", text: "bad path" }], isError: true, durationMs: 2 }, "mcp g/t", 1024).run
 * // => { exitCode: 1, stdout: "", stderr: "bad path", durationMs: 2, timedOut: false, command: "mcp g/t" }
 * ```
 *
 * @category transport
 * @since 0.2.0
 */
export const mcpToolResultRun = (outcome: McpOutcome, label: string, capBytes: number): TransportRun => {
  switch (outcome._tag) {
    case "TimedOut":
      return {
        run: hookRun({ exitCode: null, timedOut: true, durationMs: outcome.durationMs, command: label }),
        notes: []
      }
    case "Failed":
      return {
        run: hookRun({ exitCode: null, spawnError: outcome.message, durationMs: outcome.durationMs, command: label }),
        notes: []
      }
    case "ProtocolError":
      return {
        run: hookRun({
          exitCode: 1,
          stderr: `${label}: the server refused the call: ${preview(outcome.message)}`,
          durationMs: outcome.durationMs,
          command: label
        }),
        notes: []
      }
    case "Result": {
      const base = { durationMs: outcome.durationMs, command: label }
      if (!Array.isArray(outcome.content)) {
        return {
          run: hookRun({
            exitCode: 1,
            stderr: `${label}: the tool's result has no content array; the server does not follow the MCP protocol.`,
            ...base
          }),
          notes: []
        }
      }
      const texts: Array<string> = []
      const skipped: Array<string> = []
      for (const item of outcome.content as ReadonlyArray<unknown>) {
        const text =
          item !== null && typeof item === "object" && (item as McpContentItem).type === "text"
            ? (item as McpContentItem).text
            : undefined
        if (typeof text === "string") texts.push(text)
        else skipped.push(describeItem(item))
      }
      const notes =
        skipped.length === 0
          ? []
          : [
              `${label}: the tool's result held ${skipped.length} content item${skipped.length === 1 ? "" : "s"} that ` +
                `${skipped.length === 1 ? "is" : "are"} not text (${[...new Set(skipped)].join(", ")}), left out; ` +
                `only text content is read like stdout. Return the verdict as a text item.`
            ]
      const { text, truncated } = capUtf8(texts.join("\n"), capBytes)
      if (outcome.isError === true) {
        const stderr = text.trim().length > 0 ? text : `${label}: the tool reported an error (isError) without text.`
        return { run: hookRun({ exitCode: 1, stderr, ...base, ...truncatedFields(truncated, capBytes) }), notes }
      }
      return { run: hookRun({ exitCode: 0, stdout: text, ...base, ...truncatedFields(truncated, capBytes) }), notes }
    }
  }
}

/**
 * The run of an `mcp_tool` hook whose `input` names payload fields the event
 * does not have: the tool is not called; a non-blocking error (blocking with
 * `onFailure: "block"`) that names each placeholder and where it is.
 *
 * @example
 * ```ts
 * missingPlaceholdersRun([{ at: "$.input.path", path: "tool_input.file_path" }], "mcp fs/read").stderr
 * // => 'mcp fs/read was not called: $.input.path names ${tool_input.file_path}, which this event\'s payload does not have; use a field the event carries, or match the hook to events that carry it.'
 * ```
 *
 * @category transport
 * @since 0.2.0
 */
export const missingPlaceholdersRun = (
  missing: ReadonlyArray<{ readonly at: string; readonly path: string }>,
  label: string
): HookRun =>
  hookRun({
    exitCode: 1,
    command: label,
    stderr:
      `${label} was not called: ` +
      missing.map((m) => `${m.at} names \${${m.path}}`).join(", ") +
      `, which this event's payload does not have; use a field the event carries, or match the hook to events that carry it.`
  })
