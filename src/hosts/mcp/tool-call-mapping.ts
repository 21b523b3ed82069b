/**
 * The MCP gateway's decisions, as pure functions: a `tools/call` and the
 * hooks' combined effects in, what is forwarded to the upstream server or
 * returned to the client out (Decider style: data in, data out; the hooked
 * server does the I/O). PreToolUse decides whether and with which
 * `arguments` the upstream is called; PostToolUse and PostToolUseFailure
 * decide what the client sees of the result.
 *
 * @since 0.2.0
 */
import type { HookEffect } from "../../effects/hook-effect.ts"
import type { JsonRecord } from "../../core/payload.ts"
import type { OutputReplacement } from "./output-replacement.ts"
import { replaceOutput } from "./output-replacement.ts"

// ====== Models ======

/**
 * One block of a tool result's `content` (`text`, `image`, `audio`,
 * `resource_link`, `resource`), as MCP defines it; only `type` is read here.
 *
 * @category models
 * @since 0.2.0
 */
export interface ContentBlock {
  readonly type: string
  readonly [key: string]: unknown
}

/**
 * A `CallToolResult`: what a `tools/call` returns.
 *
 * @category models
 * @since 0.2.0
 */
export interface ToolResult {
  readonly content: ReadonlyArray<ContentBlock>
  readonly structuredContent?: { readonly [key: string]: unknown }
  readonly isError?: boolean
  readonly [key: string]: unknown
}

/**
 * A `tools/call` as the gateway sees it: the tool's name on the upstream
 * server, its `arguments`, and the JSON-RPC id of the request.
 *
 * @category models
 * @since 0.2.0
 */
export interface ToolCallRequest {
  readonly tool: string
  readonly arguments: { readonly [key: string]: unknown }
  readonly id: string | number
}

/**
 * A message for the user (an MCP logging notification) or the hook author
 * (a diagnostic on stderr).
 *
 * @category models
 * @since 0.2.0
 */
export interface UserNote {
  readonly level: "info" | "warning" | "error"
  readonly text: string
}

/**
 * What PreToolUse decided for a `tools/call`.
 *
 * - `Forward`: call the upstream with `arguments` (the hooks' `updatedInput`
 *   when there was one); `context` is added to the result the client sees.
 * - `Ask`: ask the user first (`reason` is for the user); on yes, forward as
 *   `Forward` would.
 * - `Deny`: the upstream is never called; the client gets `result`.
 *
 * `notes` go to the user, `diagnostics` to the hook author, in every case;
 * `halt` is set when a hook stopped the agent (`continue: false`).
 *
 * @category models
 * @since 0.2.0
 */
export type PreToolDecision = (
  | {
      readonly _tag: "Forward"
      readonly arguments: { readonly [key: string]: unknown }
      readonly context: ReadonlyArray<string>
    }
  | {
      readonly _tag: "Ask"
      readonly reason?: string
      readonly arguments: { readonly [key: string]: unknown }
      readonly context: ReadonlyArray<string>
    }
  | { readonly _tag: "Deny"; readonly result: ToolResult }
) & {
  readonly notes: ReadonlyArray<UserNote>
  readonly diagnostics: ReadonlyArray<{ readonly code: string; readonly message: string }>
  readonly halt?: { readonly reason?: string }
}

/**
 * What PostToolUse (or PostToolUseFailure) decided: the result the client
 * sees, with notes for the user and diagnostics for the hook author.
 *
 * @category models
 * @since 0.2.0
 */
export interface PostToolDecision {
  readonly result: ToolResult
  readonly notes: ReadonlyArray<UserNote>
  readonly diagnostics: ReadonlyArray<{ readonly code: string; readonly message: string }>
  readonly halt?: { readonly reason?: string }
}

// ====== Names and payloads ======

/**
 * The server part of hook tool names, derived from the upstream's
 * `serverInfo.name`: lower case, runs of characters other than letters,
 * digits, `_` and `-` become `_`, and a leading `@scope/` and a trailing
 * `-server` / `-mcp` / `mcp-server-` prefix are dropped, so
 * `secure-filesystem-server` becomes `secure-filesystem`. Empty names give
 * `upstream`.
 *
 * **Example** (The published filesystem server)
 *
 * ```ts
 * serverNameOf("secure-filesystem-server") // => "secure-filesystem"
 * serverNameOf("@acme/Files MCP")           // => "files"
 * ```
 *
 * @category names
 * @since 0.2.0
 */
export const serverNameOf = (serverInfoName: string): string => {
  const cleaned = serverInfoName
    .trim()
    .toLowerCase()
    .replace(/^@[^/]+\//, "")
    .replace(/[^a-z0-9_-]+/g, "_")
    .replace(/^(mcp[-_]server[-_]|server[-_])/, "")
    .replace(/[-_](mcp[-_]server|server|mcp)$/, "")
    .replace(/^_+|_+$/g, "")
  return cleaned.length === 0 ? "upstream" : cleaned
}

/**
 * The tool name hooks see and match on: `mcp__<server>__<tool>`, Claude
 * Code's convention, so matchers such as `mcp__fs__write_file` or
 * `mcp__fs__.*` work unchanged.
 *
 * @category names
 * @since 0.2.0
 */
export const hookToolName = (server: string, tool: string): string => `mcp__${server}__${tool}`

/**
 * The PreToolUse payload of a `tools/call`: `tool_name`, `tool_input` (the
 * call's `arguments`), `tool_use_id` (the JSON-RPC id) and `mcp_server`.
 *
 * @category payloads
 * @since 0.2.0
 */
export const preToolUsePayload = (server: string, call: ToolCallRequest): JsonRecord => ({
  tool_name: hookToolName(server, call.tool),
  tool_input: { ...call.arguments },
  tool_use_id: String(call.id),
  mcp_server: { name: server }
})

/**
 * The PostToolUse payload: the PreToolUse fields (with the arguments the
 * upstream received) plus `tool_response`, the upstream's `CallToolResult`.
 *
 * @category payloads
 * @since 0.2.0
 */
export const postToolUsePayload = (
  server: string,
  call: ToolCallRequest,
  result: ToolResult,
  durationMs: number
): JsonRecord => ({
  ...preToolUsePayload(server, call),
  tool_response: withoutMeta(result),
  duration_ms: Math.round(durationMs)
})

/**
 * The PostToolUseFailure payload, for an `isError` result (its text as
 * `error`) or a JSON-RPC error (its message).
 *
 * @category payloads
 * @since 0.2.0
 */
export const postToolUseFailurePayload = (
  server: string,
  call: ToolCallRequest,
  error: string,
  durationMs: number
): JsonRecord => ({
  ...preToolUsePayload(server, call),
  error,
  duration_ms: Math.round(durationMs)
})

/**
 * The error text of an `isError` result: its text blocks joined, else the
 * content as JSON.
 *
 * @category payloads
 * @since 0.2.0
 */
export const errorTextOf = (result: ToolResult): string => {
  const texts = result.content.flatMap((b) => (b.type === "text" && typeof b["text"] === "string" ? [b["text"]] : []))
  return texts.length > 0 ? texts.join("\n") : JSON.stringify(result.content)
}

const withoutMeta = (result: ToolResult): JsonRecord => {
  const { _meta: _ignored, ...rest } = result
  return rest
}

// ====== Results ======

/**
 * The result of a call the gateway refused: `isError: true` with the reason
 * as text.
 *
 * @category results
 * @since 0.2.0
 */
export const refusedResult = (reason: string): ToolResult => ({
  isError: true,
  content: [{ type: "text", text: reason }]
})

/**
 * `result` with the hooks' texts for the model appended as text blocks, in
 * order.
 *
 * @category results
 * @since 0.2.0
 */
export const withTexts = (result: ToolResult, texts: ReadonlyArray<string>): ToolResult =>
  texts.length === 0
    ? result
    : { ...result, content: [...result.content, ...texts.map((text) => ({ type: "text", text }))] }

/**
 * The server's `instructions` with SessionStart's context: the upstream's
 * text first, then each context text, separated by blank lines;
 * `undefined` when there is neither.
 *
 * @category results
 * @since 0.2.0
 */
export const instructionsWith = (upstream: string | undefined, context: ReadonlyArray<string>): string | undefined => {
  const parts = [upstream, ...context].filter((t): t is string => t !== undefined && t.trim().length > 0)
  return parts.length === 0 ? undefined : parts.join("\n\n")
}

// ====== Deciding ======

const notesAndDiagnostics = (effects: ReadonlyArray<HookEffect>) => ({
  notes: effects.flatMap((e): Array<UserNote> => (e._tag === "ShowUser" ? [{ level: e.level, text: e.text }] : [])),
  diagnostics: effects.flatMap((e) => (e._tag === "Diagnostic" ? [{ code: e.code, message: e.message }] : []))
})

const haltOf = (effects: ReadonlyArray<HookEffect>): { readonly halt?: { readonly reason?: string } } => {
  const stop = effects.find((e) => e._tag === "StopAgent")
  return stop === undefined ? {} : { halt: stop.reason === undefined ? {} : { reason: stop.reason } }
}

/**
 * The text the model gets when a hook stopped the agent.
 *
 * @category results
 * @since 0.2.0
 */
export const haltedReason = (reason: string | undefined): string =>
  `A hook stopped the agent${reason === undefined || reason.length === 0 ? "" : `: ${reason}`}. No further tool calls run on this server.`

/**
 * Decide a `tools/call` from PreToolUse's combined effects.
 *
 * **Details**
 *
 * `BlockTool` denies (its reason is the result's text); a `StopAgent`
 * (`continue: false`) denies too and sets `halt`; `DeferTool` denies, as MCP
 * cannot pause a call; `AskPermission` asks; anything else forwards, with
 * the last `UpdateInput` as the new arguments. `InjectContext` texts are
 * added to the result; `ShowUser` texts become `notes`.
 *
 * **Example** (A deny)
 *
 * ```ts
 * decidePreToolUse([BlockTool({ reason: "no writes" })], { tool: "write_file", arguments: {}, id: 1 })
 * // => { _tag: "Deny", result: { isError: true, content: [{ type: "text", text: "no writes" }] }, notes: [], diagnostics: [] }
 * ```
 *
 * @category deciding
 * @since 0.2.0
 */
export const decidePreToolUse = (effects: ReadonlyArray<HookEffect>, call: ToolCallRequest): PreToolDecision => {
  const base = { ...notesAndDiagnostics(effects), ...haltOf(effects) }
  const stop = effects.find((e) => e._tag === "StopAgent")
  const block = effects.find((e) => e._tag === "BlockTool")
  if (block !== undefined || stop !== undefined) {
    const reasons = [block?.reason, stop === undefined ? undefined : haltedReason(stop.reason)].filter(
      (r): r is string => r !== undefined
    )
    return { _tag: "Deny", result: refusedResult(reasons.join("\n")), ...base }
  }
  const defer = effects.find((e) => e._tag === "DeferTool")
  if (defer !== undefined) {
    return {
      _tag: "Deny",
      result: refusedResult(
        `A hook deferred this call${defer.reason === undefined ? "" : ` (${defer.reason})`}; MCP cannot pause a tool call, so it did not run.`
      ),
      ...base
    }
  }
  let args = call.arguments
  for (const e of effects) if (e._tag === "UpdateInput") args = e.input
  const context = effects.flatMap((e) => (e._tag === "InjectContext" ? [e.text] : []))
  const ask = effects.find((e) => e._tag === "AskPermission")
  if (ask !== undefined) {
    return {
      _tag: "Ask",
      ...(ask.reason === undefined ? {} : { reason: ask.reason }),
      arguments: args,
      context,
      ...base
    }
  }
  return { _tag: "Forward", arguments: args, context, ...base }
}

/**
 * How an ask was answered: `allow`, `deny` (the user said no), or
 * `unavailable` (nobody can be asked: the client has no elicitation and no
 * other way was configured), with the text saying why.
 *
 * @category models
 * @since 0.2.0
 */
export type AskAnswer =
  | { readonly _tag: "Allow" }
  | { readonly _tag: "Deny"; readonly reason: string }
  | { readonly _tag: "Unavailable"; readonly reason: string }

/**
 * The decision after an ask was answered: an allowed ask forwards; a denied
 * or unanswerable one is refused with the answer's reason.
 *
 * @category deciding
 * @since 0.2.0
 */
export const afterAsk = (
  decision: Extract<PreToolDecision, { readonly _tag: "Ask" }>,
  answer: AskAnswer
): PreToolDecision => {
  const { notes, diagnostics } = decision
  const halt = decision.halt === undefined ? {} : { halt: decision.halt }
  return answer._tag === "Allow"
    ? { _tag: "Forward", arguments: decision.arguments, context: decision.context, notes, diagnostics, ...halt }
    : { _tag: "Deny", result: refusedResult(answer.reason), notes, diagnostics, ...halt }
}

/**
 * What the client sees of a result, given PostToolUse's (or
 * PostToolUseFailure's) combined effects.
 *
 * **Details**
 *
 * The last `UpdateToolOutput` replaces the content (`replaceOutput`, which
 * keeps `structuredContent` fitting the tool's `outputSchema` or refuses the
 * replacement); `InjectContext` and `PromptModel` (a block `reason`) texts
 * follow as extra text blocks, after the pre-call `context`; the rest of the
 * result is unchanged.
 *
 * @category deciding
 * @since 0.2.0
 */
export const decidePostToolUse = (
  effects: ReadonlyArray<HookEffect>,
  result: ToolResult,
  options: {
    readonly context?: ReadonlyArray<string>
    readonly replacement?: Omit<OutputReplacement, "output" | "original">
  } = {}
): PostToolDecision => {
  const { notes, diagnostics } = notesAndDiagnostics(effects)
  let output: { readonly value: unknown } | undefined
  for (const e of effects) if (e._tag === "UpdateToolOutput") output = { value: e.output }
  const replaced =
    output === undefined
      ? { _tag: "Replaced" as const, result }
      : replaceOutput({ ...options.replacement, original: result, output: output.value })
  const texts = [
    ...(options.context ?? []),
    ...effects.flatMap((e) => (e._tag === "InjectContext" || e._tag === "PromptModel" ? [e.text] : []))
  ]
  if (replaced._tag === "Refused") {
    return {
      result: refusedResult(replaced.message),
      notes: [...notes, { level: "warning", text: replaced.message }],
      diagnostics: [...diagnostics, { code: "invalid-field", message: replaced.message }],
      ...haltOf(effects)
    }
  }
  return { result: withTexts(replaced.result, texts), notes, diagnostics, ...haltOf(effects) }
}
