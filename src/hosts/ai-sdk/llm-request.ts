/**
 * An AI SDK model call as Gemini CLI's hooks read it (`llm_request`, Gemini's
 * decoupled request `{model, messages, config, toolConfig?}`), and a hook's
 * partial request (`UpdateModelRequest`) applied back onto the call. Pure.
 *
 * @since 0.5.0
 */
import type { JsonRecord } from "../../core/payload.ts"
import type { CallOptions, PromptMessage } from "./model-call.ts"

// ====== Models ======

/**
 * One part of a message whose content is not plain text (a tool call, a tool
 * result, a file), as JSON.
 *
 * @category models
 * @since 0.5.0
 */
interface LlmPart {
  readonly type: string
  readonly [field: string]: unknown
}

/**
 * One message of Gemini's request: the assistant is `model`, tool results
 * are `user` (as Gemini sends function responses).
 *
 * @category models
 * @since 0.5.0
 */
interface LlmMessage {
  readonly role: "user" | "model" | "system"
  /** The text, or the parts when the message holds more than text. */
  readonly content: string | ReadonlyArray<LlmPart>
}

/**
 * The sampling settings of Gemini's request (each one the call sets).
 *
 * @category models
 * @since 0.5.0
 */
interface LlmConfig {
  readonly temperature?: number
  readonly maxOutputTokens?: number
  readonly topP?: number
  readonly topK?: number
  readonly stopSequences?: ReadonlyArray<string>
  readonly presencePenalty?: number
  readonly frequencyPenalty?: number
  readonly seed?: number
}

/**
 * How the model may pick tools: `AUTO`, `ANY` (it must call one) or `NONE`,
 * and the tools it is offered.
 *
 * @category models
 * @since 0.5.0
 */
interface LlmToolConfig {
  readonly mode: "AUTO" | "ANY" | "NONE"
  readonly allowedFunctionNames: ReadonlyArray<string>
}

/**
 * Gemini CLI's `llm_request`.
 *
 * @category models
 * @since 0.5.0
 */
export interface LlmRequest {
  readonly model: string
  readonly messages: ReadonlyArray<LlmMessage>
  readonly config: LlmConfig
  /** Present when the call offers tools. */
  readonly toolConfig?: LlmToolConfig
}

/**
 * A hook's request applied to a call: the new call options, and the parts of
 * the request this host could not apply (for a "not applicable" note).
 *
 * @category models
 * @since 0.5.0
 */
export interface AppliedRequest {
  readonly params: CallOptions
  readonly notApplied: ReadonlyArray<string>
}

// ====== To Gemini's shape ======

/** JSON only (a file's bytes and other non-JSON values are left out). */
const json = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))

const partOf = (part: Exclude<PromptMessage["content"], string>[number]): LlmPart => {
  switch (part.type) {
    case "text":
    case "reasoning":
      return { type: part.type, text: part.text }
    case "file":
      return {
        type: "file",
        mediaType: part.mediaType,
        ...(part.filename === undefined ? {} : { filename: part.filename })
      }
    case "tool-call":
      return { type: "tool-call", toolCallId: part.toolCallId, toolName: part.toolName, input: json(part.input) }
    case "tool-result":
      return { type: "tool-result", toolCallId: part.toolCallId, toolName: part.toolName, output: json(part.output) }
    default:
      return { type: part.type }
  }
}

/**
 * A prompt message in Gemini's shape: text-only content is one string (the
 * texts joined, as Gemini joins a message's text parts), other content its
 * parts as JSON (a file without its bytes).
 *
 * @category translation
 * @since 0.5.0
 */
const llmMessageOf = (message: PromptMessage): LlmMessage => {
  const role = message.role === "system" ? "system" : message.role === "assistant" ? "model" : "user"
  if (typeof message.content === "string") return { role, content: message.content }
  const parts: ReadonlyArray<LlmPart> = message.content.map(partOf)
  return parts.every((p) => p.type === "text")
    ? { role, content: parts.map((p) => p.text as string).join("") }
    : { role, content: parts }
}

const configKeys = [
  "temperature",
  "maxOutputTokens",
  "topP",
  "topK",
  "stopSequences",
  "presencePenalty",
  "frequencyPenalty",
  "seed"
] as const

type ConfigKey = (typeof configKeys)[number]

const toolConfigOf = (params: CallOptions): LlmToolConfig | undefined => {
  const names = (params.tools ?? []).map((t) => t.name)
  if (names.length === 0) return undefined
  const choice = params.toolChoice
  switch (choice?.type) {
    case "none":
      return { mode: "NONE", allowedFunctionNames: names }
    case "required":
      return { mode: "ANY", allowedFunctionNames: names }
    case "tool":
      return { mode: "ANY", allowedFunctionNames: [choice.toolName] }
    default:
      return { mode: "AUTO", allowedFunctionNames: names }
  }
}

/**
 * A model call as Gemini CLI's `llm_request`: one message per prompt message
 * (in order), the sampling settings the call sets, and the tool choice with
 * the names of the tools offered (`toolConfig`, when there are tools).
 *
 * **Example** (A one-line prompt)
 *
 * ```ts
 * llmRequestOf({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }], temperature: 0.2 }, "gpt-5")
 * // => { model: "gpt-5", messages: [{ role: "user", content: "hi" }], config: { temperature: 0.2 } }
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
export const llmRequestOf = (params: CallOptions, model: string): LlmRequest => {
  const config: Partial<Record<ConfigKey, unknown>> = {}
  for (const key of configKeys) if (params[key] !== undefined) config[key] = params[key]
  const toolConfig = toolConfigOf(params)
  return {
    model,
    messages: params.prompt.map(llmMessageOf),
    config: config as LlmConfig,
    ...(toolConfig === undefined ? {} : { toolConfig })
  }
}

/**
 * The request as a hook payload field (plain JSON).
 *
 * @category translation
 * @since 0.5.0
 */
export const llmRequestJson = (request: LlmRequest): JsonRecord => json(request) as JsonRecord

// ====== From Gemini's shape ======

const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** JSON with object keys sorted, so equal values print the same whatever the key order. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : isRecord(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical(value[key])])
        )
      : value

/** Structural equality of JSON values (key order aside). */
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))

const textOfContent = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.flatMap((p) => (isRecord(p) && typeof p["text"] === "string" ? [p["text"]] : [])).join("")
      : ""

/**
 * A message a hook wrote (or changed) as a prompt message: its text only (a
 * changed message's tool calls, tool results and files are not rebuilt).
 * `undefined` for a message without a known role.
 *
 * @category translation
 * @since 0.5.0
 */
export const promptMessageOf = (message: unknown): PromptMessage | undefined => {
  if (!isRecord(message)) return undefined
  const text = textOfContent(message["content"])
  switch (message["role"]) {
    case "system":
      return { role: "system", content: text }
    case "user":
      return { role: "user", content: [{ type: "text", text }] }
    case "model":
      return { role: "assistant", content: [{ type: "text", text }] }
    default:
      return undefined
  }
}

/** The hook's messages as a prompt: a message equal to the one sent at its index keeps the original. */
const promptOf = (
  messages: ReadonlyArray<unknown>,
  sent: LlmRequest,
  prompt: CallOptions["prompt"],
  notApplied: Array<string>
): CallOptions["prompt"] =>
  messages.flatMap((message, i) => {
    if (i < prompt.length && sameJson(message, sent.messages[i])) return [prompt[i]!]
    const rebuilt = promptMessageOf(message)
    if (rebuilt === undefined) notApplied.push(`messages[${i}] (a message needs a role "user", "model" or "system")`)
    return rebuilt === undefined ? [] : [rebuilt]
  })

const validConfigValue = (key: ConfigKey, value: unknown): boolean =>
  key === "stopSequences"
    ? Array.isArray(value) && value.every((s) => typeof s === "string")
    : typeof value === "number" && Number.isFinite(value)

const applyConfig = (
  config: { readonly [key: string]: unknown },
  sent: LlmConfig,
  params: Record<string, unknown>,
  notApplied: Array<string>
): void => {
  for (const [key, value] of Object.entries(config)) {
    if (sameJson(value, (sent as { readonly [key: string]: unknown })[key])) continue
    const known = (configKeys as ReadonlyArray<string>).includes(key) ? (key as ConfigKey) : undefined
    if (known !== undefined && value === null) delete params[known]
    else if (known !== undefined && validConfigValue(known, value)) params[known] = value
    else notApplied.push(`config.${key}`)
  }
}

/**
 * A hook's partial request (`UpdateModelRequest`) applied to a call.
 *
 * **Details**
 *
 * Only what differs from the request the hooks were sent (`sent`) counts, so
 * a hook that echoes the whole request with one setting changed changes that
 * setting alone.
 *
 * - `config`: each sampling setting given replaces the call's (`null` removes
 *   it); settings not given stay.
 * - `messages`: replace the prompt. A message equal to the one sent at the
 *   same index keeps the original (its tool calls, results and files); a
 *   changed or new message becomes a text message (`model` is the assistant).
 * - `model` (a different model) and `toolConfig` (use `RestrictTools`) cannot
 *   be applied by a middleware: they are listed in `notApplied`, as are
 *   unknown settings and messages without a role.
 *
 * **Example** (Temperature 0)
 *
 * ```ts
 * const sent = llmRequestOf(params, "gpt-5")
 * applyModelRequest(params, sent, { ...sent, config: { temperature: 0 } }).params.temperature // => 0
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
export const applyModelRequest = (
  params: CallOptions,
  sent: LlmRequest,
  request: { readonly [key: string]: unknown }
): AppliedRequest => {
  const notApplied: Array<string> = []
  const next: Record<string, unknown> = { ...params }
  for (const [key, value] of Object.entries(request)) {
    if (sameJson(value, (sent as unknown as { readonly [key: string]: unknown })[key])) continue
    if (key === "config" && isRecord(value)) applyConfig(value, sent.config, next, notApplied)
    else if (key === "messages" && Array.isArray(value))
      next["prompt"] = promptOf(value, sent, params.prompt, notApplied)
    else notApplied.push(key === "model" && typeof value === "string" ? `model "${value}"` : key)
  }
  return { params: next as CallOptions, notApplied }
}
