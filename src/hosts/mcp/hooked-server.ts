/**
 * The library half of the MCP gateway: wrap a connected MCP `Client` (the
 * upstream server) as an MCP `Server` whose `tools/call`s run the project's
 * hooks (PreToolUse, PostToolUse, PostToolUseFailure), with SessionStart's
 * context in the `instructions` and SessionEnd when the client goes away.
 * Everything else passes through unchanged. The decisions are the pure
 * functions of `tool-call-mapping.ts`; this module does the I/O.
 *
 * @since 0.2.0
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js"
import type { ServerCapabilities } from "@modelcontextprotocol/sdk/types.js"
import { Effect, FileSystem } from "effect"
import type { HookEvent } from "../../core/events.ts"
import type { JsonRecord } from "../../core/payload.ts"
import type { PermissionHandler } from "../../interpreters/permission-handler.ts"
import { errorText } from "../../interpreters/permission-handler.ts"
import { userDeniedReason } from "../../interpreters/resolution.ts"
import type { RunHooksResult } from "../../runner/run-hooks.ts"
import type { HookSession } from "../../runner/session.ts"
import type { HookSessionSource } from "../session-source.ts"
import { AdapterSession } from "../session-source.ts"
import { ToolMatcherCheck } from "../tool-matchers.ts"
import type { McpSdk } from "./mcp-sdk.ts"
import { loadMcpSdk } from "./mcp-sdk.ts"
import type { AskAnswer, PreToolDecision, ToolCallRequest, ToolResult, UserNote } from "./tool-call-mapping.ts"
import {
  afterAsk,
  decidePostToolUse,
  decidePreToolUse,
  errorTextOf,
  haltedReason,
  hookToolName,
  instructionsWith,
  postToolUseFailurePayload,
  postToolUsePayload,
  preToolUsePayload,
  refusedResult,
  serverNameOf
} from "./tool-call-mapping.ts"
import { nodeFileSystem } from "../../runner/node-file-system.ts"
import { callSignal } from "./call-signal.ts"

// ====== Models ======

/**
 * How `AskPermission` is answered: `elicitation` (default) asks the client
 * with an MCP elicitation when it declared the capability, else uses
 * `askFallback`, else denies saying why; `deny` denies every ask.
 *
 * @category models
 * @since 0.2.0
 */
export type AskVia = "elicitation" | "deny"

/**
 * Options of `createHookedProxy`.
 *
 * @category models
 * @since 0.2.0
 */
export type HookedProxyOptions = {
  /** The upstream server, as a connected `Client`. */
  readonly upstream: Client
  /** The `<NAME>` of hook tool names `mcp__<NAME>__<tool>`; default derived from the upstream's `serverInfo.name` (`serverNameOf`). */
  readonly serverName?: string
  /** The hooks: a running `HookSession`, or the options to start one (settings read once, for the proxy's life). */
  readonly hooks: HookSessionSource
  /** How asks are answered; default `elicitation`. */
  readonly ask?: AskVia
  /** Answers asks when the client cannot be asked (no elicitation capability), such as the `serve` web page. */
  readonly askFallback?: PermissionHandler
  /** Notes for hook authors (`Diagnostic` effects); default none. */
  readonly onDiagnostic?: (diagnostic: { readonly code: string; readonly message: string }) => void
  /** Also told every message for the user (they reach the client as MCP logging notifications). */
  readonly onUserMessage?: (note: UserNote) => void
  /**
   * Relay the upstream's notifications (tool list changes, logging,
   * resource updates) and requests (sampling, elicitation, roots) to this
   * server's client; default true. Turn it off when several hooked servers
   * share one upstream, and relay with `HookedProxy.relay*` yourself.
   */
  readonly relayUpstream?: boolean
}

/**
 * A hooked server and what belongs to it.
 *
 * @category models
 * @since 0.2.0
 */
export interface HookedProxy {
  /** Connect it to a transport: `await proxy.server.connect(new StdioServerTransport())`. */
  readonly server: Server
  /** The `<NAME>` of `mcp__<NAME>__<tool>`. */
  readonly serverName: string
  readonly session: HookSession
  /** The server's `instructions` (the upstream's, with SessionStart's context). */
  readonly instructions: string | undefined
  /** Resolves once the client went away (the server closed), the tool calls in flight ended (their hooks killed) and SessionEnd ran. */
  readonly ended: Promise<void>
  /**
   * Close the server and wait for `ended`: the tool calls in flight are
   * aborted, SessionEnd runs, and a session the proxy started is closed (its
   * MCP servers end, its spans are flushed); a given `hookSession` is its
   * owner's to close. The upstream `Client` stays the caller's.
   *
   * @since 0.3.0
   */
  readonly close: () => Promise<void>
  /** Send an upstream notification to this server's client. */
  readonly relayNotification: (notification: {
    readonly method: string
    readonly params?: { readonly [key: string]: unknown }
  }) => Promise<void>
  /**
   * Send an upstream request (sampling, elicitation, roots) to this server's
   * client, on the response stream of the client's newest request still
   * waiting for the upstream (so a Streamable HTTP client gets it with the
   * call that caused it). A client that did not declare the capability the
   * method needs gets no request: the promise rejects with an `McpError`
   * naming it (`missingClientCapability`).
   */
  readonly relayRequest: (
    request: { readonly method: string; readonly params?: { readonly [key: string]: unknown } | undefined },
    signal: AbortSignal
  ) => Promise<{ readonly [key: string]: unknown }>
  /**
   * The JSON-RPC ids of this client's requests forwarded to the upstream and
   * not answered yet (a `tools/call` after its PreToolUse hooks, a
   * `tools/list`, ...): a request the upstream sends now belongs to one of them.
   */
  readonly upstreamRequestsInFlight: () => ReadonlyArray<string | number>
}

// ====== Building ======

const MAX_TIMEOUT_MS = 2_147_483_647

const levelOf = (level: UserNote["level"]) => level

/**
 * A JSON-RPC error from the upstream, to pass on as it came: the SDK's
 * `McpError` prefixes its message with `MCP error <code>: `, which would be
 * added again on the way to the client.
 */
const upstreamError = (error: unknown): Error & { readonly code?: number; readonly data?: unknown } => {
  if (!(error instanceof Error)) return new Error(String(error))
  const code = (error as { readonly code?: unknown }).code
  if (typeof code !== "number") return error
  const prefix = `MCP error ${code}: `
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message
  const data = (error as { readonly data?: unknown }).data
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) })
}

/** What a request handler of the SDK's `Server` is given (the part the proxy uses). */
type Extra = {
  readonly signal: AbortSignal
  readonly requestId: string | number
  readonly sendNotification: (n: never) => Promise<void>
}

/** A request's params as the SDK hands them on. */
type Params = { readonly [key: string]: unknown }

// ====== Forwarding upstream ======

/**
 * Requests forwarded to the upstream: the client's progress token swapped for
 * the upstream's progress relayed to it, and the client requests still
 * waiting for the upstream kept by JSON-RPC id (how many forwards each has open).
 */
class UpstreamForwarder {
  private readonly upstream: Client
  private readonly waiting = new Map<string | number, number>()

  constructor(upstream: Client) {
    this.upstream = upstream
  }

  /** The ids of this client's requests waiting for the upstream, oldest first. */
  inFlight(): ReadonlyArray<string | number> {
    return [...this.waiting.keys()]
  }

  /** Forward a request upstream, relaying its progress to the client's token. */
  async forward<T>(
    method: string,
    params: Params | undefined,
    schema: Parameters<Client["request"]>[1],
    extra: Extra
  ): Promise<T> {
    const meta = params?.["_meta"] as
      | { readonly progressToken?: string | number; readonly [key: string]: unknown }
      | undefined
    const token = meta?.progressToken
    // The client's progress token is the client's: the upstream's progress comes back under ours and is relayed.
    let forwarded = params
    if (meta !== undefined && params !== undefined) {
      const { progressToken: _token, ...restMeta } = meta
      const { _meta: _old, ...rest } = params
      forwarded = Object.keys(restMeta).length === 0 ? rest : { ...rest, _meta: restMeta }
    }
    const requestOptions: RequestOptions = {
      signal: extra.signal,
      timeout: MAX_TIMEOUT_MS,
      resetTimeoutOnProgress: true,
      ...(token === undefined
        ? {}
        : {
            onprogress: (progress) => {
              void extra
                .sendNotification({
                  method: "notifications/progress",
                  params: { ...progress, progressToken: token }
                } as never)
                .catch(() => {})
            }
          })
    }
    this.waiting.set(extra.requestId, (this.waiting.get(extra.requestId) ?? 0) + 1)
    try {
      return await (this.upstream.request(
        { method, ...(forwarded === undefined ? {} : { params: forwarded }) } as never,
        schema,
        requestOptions
      ) as Promise<T>)
    } finally {
      const left = (this.waiting.get(extra.requestId) ?? 1) - 1
      if (left === 0) this.waiting.delete(extra.requestId)
      else this.waiting.set(extra.requestId, left)
    }
  }
}

// ====== The tool-schema cache ======

/**
 * The tools' output schemas, from the `tools/list` answers seen (or fetched
 * when a replacement needs one), with their compiled validators.
 */
class ToolSchemaCache {
  private readonly sdk: McpSdk
  private readonly forwarder: UpstreamForwarder
  private readonly schemas = new Map<string, Params | undefined>()
  private readonly validators = new Map<string, (value: Params) => string | undefined>()

  constructor(sdk: McpSdk, forwarder: UpstreamForwarder) {
    this.sdk = sdk
    this.forwarder = forwarder
  }

  /** Record the tools of a `tools/list` answer (a page). */
  record(result: unknown): void {
    const list = (
      result as { readonly tools?: ReadonlyArray<{ readonly name: string; readonly outputSchema?: Params }> }
    ).tools
    for (const tool of list ?? []) {
      this.schemas.set(tool.name, tool.outputSchema)
      this.validators.delete(tool.name)
    }
  }

  /** Forget every tool (the upstream's tool list changed). */
  clear(): void {
    this.schemas.clear()
  }

  /** A tool's output schema and its validator (`{}` for a tool without one), listing the tools first when it is unknown. */
  async outputSchemaOf(
    tool: string,
    extra: Extra
  ): Promise<{ readonly outputSchema?: Params; readonly validate?: (value: Params) => string | undefined }> {
    if (!this.schemas.has(tool)) await this.listAll(extra)
    const schema = this.schemas.get(tool)
    if (schema === undefined) return {}
    let validate = this.validators.get(tool)
    if (validate === undefined) {
      const check = new this.sdk.AjvJsonSchemaValidator().getValidator(schema as never)
      validate = (value) => {
        const outcome = check(value)
        return outcome.valid ? undefined : outcome.errorMessage
      }
      this.validators.set(tool, validate)
    }
    return { outputSchema: schema, validate }
  }

  private async listAll(extra: Extra): Promise<void> {
    let cursor: string | undefined
    do {
      const page: { readonly nextCursor?: string | undefined } = await this.forwarder.forward(
        "tools/list",
        cursor === undefined ? {} : { cursor },
        this.sdk.ListToolsResultSchema,
        extra
      )
      this.record(page)
      cursor = page.nextCursor
    } while (cursor !== undefined)
  }
}

// ====== Asking ======

/** What asking the user needs: the server (its client's capabilities, elicitation) and how asks are answered. */
interface Asking {
  readonly server: Server
  readonly serverName: string
  readonly ask: AskVia | undefined
  readonly askFallback: PermissionHandler | undefined
}

/** Ask the client with a form-mode elicitation. */
const askByElicitation = async (
  asking: Asking,
  decision: Extract<PreToolDecision, { readonly _tag: "Ask" }>,
  extra: Extra,
  toolName: string,
  why: string
): Promise<AskAnswer> => {
  const answer = await asking.server
    .elicitInput(
      {
        message: `${decision.reason ?? "A hook asks for your OK before this tool call."}\n\nTool: ${toolName}\nArguments: ${JSON.stringify(decision.arguments)}`,
        requestedSchema: {
          type: "object",
          properties: { allow: { type: "boolean", title: "Allow this tool call?", default: false } },
          required: ["allow"]
        }
      },
      { signal: extra.signal, relatedRequestId: extra.requestId, timeout: MAX_TIMEOUT_MS }
    )
    .catch((error: unknown) => {
      if (extra.signal.aborted) throw error
      return { failed: error instanceof Error ? error.message : String(error) } as const
    })
  if ("failed" in answer) {
    return {
      _tag: "Unavailable",
      reason: `A hook asked for the user's OK before ${toolName}${why}, but asking the client failed (${answer.failed}), so the call was denied.`
    }
  }
  return answer.action === "accept" && answer.content?.["allow"] !== false
    ? { _tag: "Allow" }
    : { _tag: "Deny", reason: userDeniedReason() }
}

/** Ask the `askFallback` handler (the client cannot be asked). */
const askByFallback = async (
  fallback: PermissionHandler,
  decision: Extract<PreToolDecision, { readonly _tag: "Ask" }>,
  call: ToolCallRequest,
  toolName: string,
  why: string
): Promise<AskAnswer> => {
  const answer = await Promise.resolve()
    .then(() =>
      fallback.ask({
        event: "PreToolUse",
        tool: { id: String(call.id), name: toolName, input: { ...decision.arguments } },
        ...(decision.reason === undefined ? {} : { reason: decision.reason })
      })
    )
    .catch((error: unknown) => ({ failed: errorText(error) }) as const)
  if (typeof answer === "object") {
    return {
      _tag: "Unavailable",
      reason: `A hook asked for the user's OK before ${toolName}${why}, but the question could not be asked (could not ask: ${answer.failed}), so the call was denied.`
    }
  }
  return answer === "allow" ? { _tag: "Allow" } : { _tag: "Deny", reason: userDeniedReason() }
}

/** The user's answer to a PreToolUse ask: by elicitation, else the fallback, else unavailable (saying why). */
const askUser = (
  asking: Asking,
  decision: Extract<PreToolDecision, { readonly _tag: "Ask" }>,
  call: ToolCallRequest,
  extra: Extra
): Promise<AskAnswer> => {
  const toolName = hookToolName(asking.serverName, call.tool)
  const why = decision.reason === undefined ? "" : ` (${decision.reason})`
  if (asking.ask === "deny") {
    return Promise.resolve({
      _tag: "Unavailable",
      reason: `A hook asked for the user's OK before ${toolName}${why}, and asks are turned off (ask: deny), so the call was denied.`
    })
  }
  const elicitation = asking.server.getClientCapabilities()?.elicitation
  // Form mode: declared as `form`, or implied by a bare `elicitation: {}`.
  if (elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined)) {
    return askByElicitation(asking, decision, extra, toolName, why)
  }
  if (asking.askFallback !== undefined) return askByFallback(asking.askFallback, decision, call, toolName, why)
  return Promise.resolve({
    _tag: "Unavailable",
    reason:
      `A hook asked for the user's OK before ${toolName}${why}, but this MCP client does not support elicitation, so the call was denied. ` +
      `Use a client with elicitation, or run wave-hooks mcp-proxy with --ask web to answer in a browser.`
  })
}

// ====== The tool-call pipeline ======

/** A decision's notes and diagnostics. */
type Reported = {
  readonly notes: ReadonlyArray<UserNote>
  readonly diagnostics: ReadonlyArray<{ readonly code: string; readonly message: string }>
}

/** The parts of one proxy a tool call goes through. */
interface ToolCallParts {
  readonly sdk: McpSdk
  readonly serverName: string
  readonly asking: Asking
  readonly fire: (event: HookEvent, payload: JsonRecord, signal?: AbortSignal) => Promise<RunHooksResult>
  readonly report: (decision: Reported, extra?: Extra) => Promise<void>
  readonly forwarder: UpstreamForwarder
  readonly schemas: ToolSchemaCache
  /** Aborted when the server closes: tool calls still running end with it (their hooks' process groups are killed). */
  readonly closing: AbortController
  /** Set when a hook halted the agent: later calls are refused. */
  halted: { readonly reason?: string } | undefined
}

/** Record a decision's halt and report it to the client. */
const noted = (
  parts: ToolCallParts,
  decision: Reported & { readonly halt?: { readonly reason?: string } | undefined },
  extra: Extra
) => {
  if (decision.halt !== undefined) parts.halted = decision.halt
  return parts.report(decision, extra)
}

/** PostToolUseFailure for a JSON-RPC error from the upstream; the error is passed on. */
const upstreamFailed = async (
  parts: ToolCallParts,
  call: ToolCallRequest,
  caught: unknown,
  startedAt: number,
  extra: Extra
): Promise<never> => {
  const error = upstreamError(caught)
  if (extra.signal.aborted) throw error
  const payload = postToolUseFailurePayload(parts.serverName, call, error.message, performance.now() - startedAt)
  const failed = await parts.fire("PostToolUseFailure", payload, extra.signal)
  await noted(parts, decidePostToolUse(failed.effects, refusedResult("")), extra)
  throw error
}

/** One `tools/call`: PreToolUse (and its question), the upstream call with the hooks' arguments, then PostToolUse or PostToolUseFailure. */
const callTool = async (
  parts: ToolCallParts,
  params: Params & { readonly name: string; readonly arguments?: Params | undefined },
  given: Extra
): Promise<ToolResult> => {
  // Cancelled by the client, or by the client going away: hooks and the upstream call stop either way. Not
  // AbortSignal.any: the SDK leaves a listener on the signal, and Node keeps such a composite alive (call-signal.ts).
  const linked = callSignal([given.signal, parts.closing.signal])
  try {
    return await hookedCall(parts, params, { ...given, signal: linked.signal })
  } finally {
    linked.release()
  }
}

/** The body of `callTool`, with the call's own signal. */
const hookedCall = async (
  parts: ToolCallParts,
  params: Params & { readonly name: string; readonly arguments?: Params | undefined },
  extra: Extra
): Promise<ToolResult> => {
  const call: ToolCallRequest = { tool: params.name, arguments: params.arguments ?? {}, id: extra.requestId }
  if (parts.halted !== undefined) return refusedResult(haltedReason(parts.halted.reason))
  const pre = await parts.fire("PreToolUse", preToolUsePayload(parts.serverName, call), extra.signal)
  let decision = decidePreToolUse(pre.effects, call)
  await noted(parts, decision, extra)
  if (decision._tag === "Ask") decision = afterAsk(decision, await askUser(parts.asking, decision, call, extra))
  if (decision._tag === "Deny") return decision.result
  const forwarded: ToolCallRequest = { ...call, arguments: decision.arguments }
  const startedAt = performance.now()
  let result: ToolResult
  // Never as a task: its result would come back through tasks/result, past PostToolUse.
  const { task: _task, ...untasked } = params
  try {
    result = await parts.forwarder.forward<ToolResult>(
      "tools/call",
      { ...untasked, arguments: decision.arguments },
      parts.sdk.CallToolResultSchema,
      extra
    )
  } catch (caught) {
    return upstreamFailed(parts, forwarded, caught, startedAt, extra)
  }
  const elapsed = performance.now() - startedAt
  const post =
    result.isError === true
      ? await parts.fire(
          "PostToolUseFailure",
          postToolUseFailurePayload(parts.serverName, forwarded, errorTextOf(result), elapsed),
          extra.signal
        )
      : await parts.fire("PostToolUse", postToolUsePayload(parts.serverName, forwarded, result, elapsed), extra.signal)
  const replaces = post.effects.some((e) => e._tag === "UpdateToolOutput")
  const schema = replaces ? await parts.schemas.outputSchemaOf(call.tool, extra) : {}
  const after = decidePostToolUse(post.effects, result, {
    context: decision.context,
    replacement: { tool: call.tool, ...schema }
  })
  await noted(parts, after, extra)
  return after.result
}

// ====== Building ======

/** The hooks of a proxy: its session (an `AdapterSession`: given, or started here and closed with the server) and how to fire them. */
const proxyHooks = async (source: HookSessionSource) => {
  const adapter = new AdapterSession(source)
  const session = await adapter.get()
  // The file system service once, not a layer built per event (this is on every tools/call's path).
  const fileSystem = nodeFileSystem()
  const fire = (event: HookEvent, payload: JsonRecord, signal?: AbortSignal): Promise<RunHooksResult> =>
    Effect.runPromise(
      session.fire(event, payload).pipe(Effect.provideService(FileSystem.FileSystem, fileSystem)),
      signal === undefined ? undefined : { signal }
    )
  return { adapter, session, fire }
}

/** Messages for the user to the client (`notifications/message`, logger `wave-hooks`) and diagnostics to their handler. */
const clientReports = (
  server: Server,
  options: HookedProxyOptions,
  onDiagnostic: (d: { readonly code: string; readonly message: string }) => void
) => {
  const log = (note: UserNote, extra?: Extra): Promise<void> => {
    options.onUserMessage?.(note)
    const notification = {
      method: "notifications/message" as const,
      params: { level: levelOf(note.level), logger: "wave-hooks", data: note.text }
    }
    const sent = extra === undefined ? server.notification(notification) : extra.sendNotification(notification as never)
    return sent.catch(() => {})
  }
  const report = async (decision: Reported, extra?: Extra) => {
    for (const d of decision.diagnostics) onDiagnostic(d)
    for (const note of decision.notes) await log(note, extra)
  }
  return { log, report }
}

/**
 * A matcher written for this server (mcp__<name>__...) that matches none of
 * its tools never runs: said once, when the client has listed the tools
 * (every page).
 */
const toolMatcherWarnings = (
  session: HookSession,
  serverName: string,
  namedByOption: boolean,
  log: (note: UserNote) => Promise<void>
) => {
  const matcherCheck = new ToolMatcherCheck({
    owner: `the tools of the MCP server "${serverName}"`,
    testedAgainst: `mcp__${serverName}__<tool>, with the tool's name as the server lists it`,
    fix: `Change the matcher to a tool this server lists${namedByOption ? "" : " (or set the server part with --name)"}.`
  })
  const check = (page: unknown) => {
    const listed = page as { readonly tools?: ReadonlyArray<{ readonly name: string }>; readonly nextCursor?: string }
    matcherCheck.know((listed.tools ?? []).map((t) => hookToolName(serverName, t.name)))
    if (listed.nextCursor !== undefined) return
    const prefix = `mcp__${serverName}__`
    const own = {
      ...session.settings,
      hooks: session.settings.hooks.filter((h) => h.matcher?.startsWith(prefix) === true)
    }
    for (const message of matcherCheck.take(own)) void log({ level: "warning", text: message.text })
  }
  return { check, forget: () => matcherCheck.names.clear() }
}

/** The relays of upstream notifications and requests to this server's client. */
const relaysOf = (sdk: McpSdk, server: Server, forwarder: UpstreamForwarder, forget: () => void) => {
  const relayNotification: HookedProxy["relayNotification"] = async (notification) => {
    if (notification.method === "notifications/tools/list_changed") forget()
    await server.notification(notification as never).catch(() => {})
  }
  const relayRequest: HookedProxy["relayRequest"] = async (request, signal) => {
    const missing = missingClientCapability(request.method, server.getClientCapabilities())
    if (missing !== undefined) throw new sdk.McpError(sdk.ErrorCode.MethodNotFound, missing)
    const related = forwarder.inFlight().at(-1)
    return server.request({ method: request.method, params: request.params } as never, sdk.ResultSchema, {
      signal,
      timeout: MAX_TIMEOUT_MS,
      ...(related === undefined ? {} : { relatedRequestId: related })
    }) as never
  }
  return { relayNotification, relayRequest }
}

/**
 * The proxy's end (once; when the server closes, or `close()` on a server
 * that never connected): running tool calls are aborted, then, once they
 * ended, SessionEnd runs and the session the proxy started is closed (its MCP
 * servers end, its spans are flushed). `ended` resolves then.
 */
const proxyEnd = (
  parts: ToolCallParts,
  inflight: Set<Promise<void>>,
  adapter: AdapterSession,
  onDiagnostic: (d: { readonly code: string; readonly message: string }) => void
): { readonly end: () => void; readonly ended: Promise<void> } => {
  let resolveEnded!: () => void
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve))
  let ending = false
  const end = () => {
    if (ending) return
    ending = true
    parts.closing.abort()
    Promise.all([...inflight])
      .then(() => parts.fire("SessionEnd", { reason: "other" }))
      .then(
        (result) => {
          for (const e of result.effects) if (e._tag === "Diagnostic") onDiagnostic(e)
        },
        () => {}
      )
      .then(
        () => adapter.close(),
        () => {}
      )
      .finally(resolveEnded)
  }
  return { end, ended }
}

/**
 * Wrap a connected MCP `Client` as a hooked MCP `Server`.
 *
 * **Details**
 *
 * - `tools/call`: PreToolUse runs with `tool_name` `mcp__<NAME>__<tool>`,
 *   `tool_input` (the `arguments`), `tool_use_id` (the JSON-RPC id) and
 *   `mcp_server`. A deny returns an `isError` result with the reason and
 *   never calls the upstream; `updatedInput` replaces the arguments; an ask
 *   becomes an elicitation (see `AskVia`). Then PostToolUse (or
 *   PostToolUseFailure for an `isError` result or a JSON-RPC error) may
 *   replace the output, add context or feedback as text blocks.
 * - A `notifications/cancelled` from the client interrupts the running
 *   hooks (their process groups are killed) and cancels the upstream call.
 * - SessionStart (`source: "startup"`) runs now; its context extends the
 *   upstream's `instructions`. SessionEnd runs when the server closes (the
 *   client went away, or `close()`), and the session the proxy started ends.
 * - `ShowUser` texts reach the client as `notifications/message` (logger
 *   `wave-hooks`), so the server declares `logging`.
 * - `tools/call` is always hooked, whatever the upstream declares: the server
 *   declares `tools` even when the upstream did not (its calls are still
 *   forwarded after the hooks, and the upstream answers what it answers), and
 *   it never offers task-augmented `tools/call` (whose result would come back
 *   through `tasks/result`, past PostToolUse). Everything else the upstream
 *   declares is passed through as is.
 *
 * **Example** (A stdio gateway in front of a connected client)
 *
 * ```ts
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
 * import { createHookedProxy } from "wave-hooks/mcp"
 *
 * const proxy = await createHookedProxy({ upstream: client, serverName: "fs", hooks: { projectDir: process.cwd() } })
 * await proxy.server.connect(new StdioServerTransport())
 * ```
 *
 * @category proxies
 * @since 0.2.0
 */
export const createHookedProxy = async (options: HookedProxyOptions): Promise<HookedProxy> => {
  const sdk = await loadMcpSdk()
  const { upstream } = options
  const { adapter, session, fire } = await proxyHooks(options.hooks)
  const serverInfo = upstream.getServerVersion() ?? { name: "upstream", version: "0.0.0" }
  const serverName = options.serverName ?? serverNameOf(serverInfo.name)
  const upstreamCapabilities: ServerCapabilities = upstream.getServerCapabilities() ?? {}
  const onDiagnostic = options.onDiagnostic ?? (() => {})

  const started = await fire("SessionStart", { source: "startup" })
  const { instructions, startNotes } = sessionStartOutcome(started, upstream.getInstructions())
  for (const e of started.effects) if (e._tag === "Diagnostic") onDiagnostic(e)

  const server = new sdk.Server(
    { ...serverInfo },
    { capabilities: hookedCapabilities(upstreamCapabilities), ...(instructions === undefined ? {} : { instructions }) }
  )
  const { log, report } = clientReports(server, options, onDiagnostic)
  const forwarder = new UpstreamForwarder(upstream)
  const asking: Asking = { server, serverName, ask: options.ask, askFallback: options.askFallback }
  const parts: ToolCallParts = {
    sdk,
    serverName,
    asking,
    fire,
    report,
    forwarder,
    schemas: new ToolSchemaCache(sdk, forwarder),
    closing: new AbortController(),
    halted: undefined
  }
  /** Tool calls in flight, settled or not: `ended` waits for them (their hooks are being killed). */
  const inflight = new Set<Promise<void>>()
  handleToolCalls(server, parts, inflight)
  const matchers = toolMatcherWarnings(session, serverName, options.serverName !== undefined, log)
  passThrough(server, parts, upstream, upstreamCapabilities, matchers)
  const { relayNotification, relayRequest } = relaysOf(sdk, server, forwarder, () => {
    parts.schemas.clear()
    matchers.forget()
  })
  if (options.relayUpstream !== false) {
    upstream.fallbackNotificationHandler = (notification) => relayNotification(notification as never)
    upstream.fallbackRequestHandler = (request, extra) => relayRequest(request, extra.signal) as never
  }
  showWhenInitialized(server, startNotes, log)
  const { end, ended } = proxyEnd(parts, inflight, adapter, onDiagnostic)
  server.onclose = end
  return {
    server,
    serverName,
    session,
    instructions,
    ended,
    close: closerOf(server, end, ended),
    relayNotification,
    relayRequest,
    upstreamRequestsInFlight: () => forwarder.inFlight()
  }
}

/** What SessionStart gives the proxy: the upstream's instructions extended with its context, and its notes for the user. */
const sessionStartOutcome = (
  started: RunHooksResult,
  upstreamInstructions: string | undefined
): { readonly instructions: string | undefined; readonly startNotes: ReadonlyArray<UserNote> } => {
  const context = started.effects.flatMap((e) => (e._tag === "InjectContext" ? [e.text] : []))
  const startNotes = started.effects.flatMap(
    (e): Array<UserNote> => (e._tag === "ShowUser" ? [{ level: e.level, text: e.text }] : [])
  )
  return { instructions: instructionsWith(upstreamInstructions, context), startNotes }
}

/**
 * Answer `tools/call` through the hooks, always: an upstream that did not
 * declare tools still gets tools/call only through them. Each call stays in
 * `inflight` until it settled.
 */
const handleToolCalls = (server: Server, parts: ToolCallParts, inflight: Set<Promise<void>>): void => {
  server.setRequestHandler(parts.sdk.CallToolRequestSchema, (request, extra) => {
    const running = callTool(parts, request.params, extra as unknown as Extra)
    const settled = running.then(
      () => {},
      () => {}
    )
    inflight.add(settled)
    void settled.finally(() => inflight.delete(settled))
    return running as never
  })
}

/**
 * Pass the rest to the upstream: `logging/setLevel` (when the upstream logs;
 * the proxy logs either way), every other request (a `tools/list` page is
 * also read for the tool schemas and the matcher warnings), every notification.
 */
const passThrough = (
  server: Server,
  parts: ToolCallParts,
  upstream: Client,
  upstreamCapabilities: ServerCapabilities,
  matchers: ReturnType<typeof toolMatcherWarnings>
): void => {
  const { sdk, forwarder, schemas } = parts
  server.setRequestHandler(sdk.SetLevelRequestSchema, async (request, extra) => {
    if (upstreamCapabilities.logging !== undefined)
      await forwarder.forward("logging/setLevel", request.params, sdk.EmptyResultSchema, extra as unknown as Extra)
    return {}
  })
  server.fallbackRequestHandler = async (request, extra) => {
    const result = await forwarder
      .forward<Params>(request.method, request.params, sdk.ResultSchema, extra as unknown as Extra)
      .catch((error: unknown) => {
        throw upstreamError(error)
      })
    if (request.method === "tools/list") {
      schemas.record(result)
      matchers.check(result)
    }
    return result as never
  }
  server.fallbackNotificationHandler = async (notification) => {
    await upstream.notification(notification as never).catch(() => {})
  }
}

/** Once the client is initialized, show it SessionStart's notes (after any `oninitialized` already set). */
const showWhenInitialized = (
  server: Server,
  startNotes: ReadonlyArray<UserNote>,
  log: (note: UserNote) => Promise<void>
): void => {
  const previousInitialized = server.oninitialized
  server.oninitialized = () => {
    previousInitialized?.()
    for (const note of startNotes) void log(note)
  }
}

/** The proxy's `close()`: close the server, then wait for its end. */
const closerOf = (server: Server, end: () => void, ended: Promise<void>) => async (): Promise<void> => {
  await server.close()
  // A server that never connected has no transport to close, so no onclose: end here.
  end()
  await ended
}

/**
 * What the hooked server declares: the upstream's capabilities, plus
 * `logging` (for `ShowUser`), plus `tools` when the upstream left it out
 * (`tools/call` is hooked either way), minus task-augmented `tools/call`.
 */
const hookedCapabilities = (upstream: ServerCapabilities): ServerCapabilities => {
  const { tasks, ...rest } = upstream
  const taskRequests = tasks?.requests
  const { tools: _toolTasks, ...otherTaskRequests } = taskRequests ?? {}
  return {
    ...rest,
    tools: upstream.tools ?? {},
    logging: {},
    ...(tasks === undefined
      ? {}
      : { tasks: { ...tasks, ...(taskRequests === undefined ? {} : { requests: otherTaskRequests }) } })
  }
}

/** The capability a server-to-client request needs. */
const neededCapability: { readonly [method: string]: "elicitation" | "sampling" | "roots" } = {
  "elicitation/create": "elicitation",
  "sampling/createMessage": "sampling",
  "roots/list": "roots"
}

/**
 * Why the proxy's client cannot answer a request the upstream sent it: the
 * capability the method needs, when the client did not declare it (the
 * upstream gets this as an error instead of a bare "method not found").
 *
 * @example
 * ```ts
 * missingClientCapability("sampling/createMessage", {}) // => "the MCP client behind wave-hooks does not support sampling (it did not declare the capability)"
 * missingClientCapability("sampling/createMessage", { sampling: {} }) // => undefined
 * ```
 *
 * @category proxying
 * @since 0.2.0
 */
export const missingClientCapability = (
  method: string,
  capabilities: { readonly [name: string]: unknown } | undefined
): string | undefined => {
  const needed = Object.hasOwn(neededCapability, method) ? neededCapability[method] : undefined
  if (needed === undefined || capabilities?.[needed] !== undefined) return undefined
  return `the MCP client behind wave-hooks does not support ${needed} (it did not declare the capability)`
}
