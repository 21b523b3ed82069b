/**
 * An AI SDK model answer as Gemini CLI's hooks read it (`llm_response`,
 * Gemini's decoupled response `{candidates: [{content: {role, parts}, finishReason}],
 * usageMetadata}`), and a hook's response (`UpdateModelResponse`,
 * `SyntheticModelResponse`) turned back into the answer. Pure.
 *
 * @since 0.5.0
 */
import type { JsonRecord } from "../../core/payload.ts"
import type { CallUsage, GenerateResult, UnifiedFinishReason } from "./model-call.ts"

// ====== Models ======

/**
 * Gemini's finish reasons.
 *
 * @category models
 * @since 0.5.0
 */
type LlmFinishReason = "STOP" | "MAX_TOKENS" | "SAFETY" | "RECITATION" | "OTHER"

/**
 * Gemini CLI's `llm_response`: one candidate whose parts are the answer's
 * texts.
 *
 * @category models
 * @since 0.5.0
 */
export interface LlmResponse {
  readonly text: string
  readonly candidates: ReadonlyArray<{
    readonly content: { readonly role: "model"; readonly parts: ReadonlyArray<string> }
    readonly finishReason: LlmFinishReason
  }>
  readonly usageMetadata: {
    readonly promptTokenCount?: number
    readonly candidatesTokenCount?: number
    readonly totalTokenCount?: number
  }
}

// ====== To Gemini's shape ======

const geminiReasons: { readonly [R in UnifiedFinishReason]: LlmFinishReason } = {
  stop: "STOP",
  "tool-calls": "STOP",
  length: "MAX_TOKENS",
  "content-filter": "SAFETY",
  error: "OTHER",
  interrupted: "OTHER",
  other: "OTHER"
}

const usageMetadataOf = (usage: CallUsage): LlmResponse["usageMetadata"] => {
  const prompt = usage.inputTokens.total
  const candidates = usage.outputTokens.total
  return {
    ...(prompt === undefined ? {} : { promptTokenCount: prompt }),
    ...(candidates === undefined ? {} : { candidatesTokenCount: candidates }),
    ...(prompt === undefined && candidates === undefined ? {} : { totalTokenCount: (prompt ?? 0) + (candidates ?? 0) })
  }
}

/**
 * An answer in Gemini's shape from its texts, finish reason and usage (a
 * stream's, once it has finished).
 *
 * **Example** (A short answer)
 *
 * ```ts
 * llmResponseFrom(["Hello"], "stop", usage).candidates[0].content.parts // => ["Hello"]
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
export const llmResponseFrom = (
  texts: ReadonlyArray<string>,
  finishReason: UnifiedFinishReason,
  usage: CallUsage
): LlmResponse => ({
  text: texts.join(""),
  candidates: [{ content: { role: "model", parts: texts }, finishReason: geminiReasons[finishReason] }],
  usageMetadata: usageMetadataOf(usage)
})

/**
 * A generate result in Gemini's shape: its text parts, finish reason and
 * usage (tool calls, reasoning and files are not part of Gemini's response).
 *
 * @category translation
 * @since 0.5.0
 */
export const llmResponseOf = (result: GenerateResult): LlmResponse =>
  llmResponseFrom(
    result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])),
    result.finishReason.unified,
    result.usage
  )

/**
 * The response as a hook payload field (plain JSON).
 *
 * @category translation
 * @since 0.5.0
 */
export const llmResponseJson = (response: LlmResponse): JsonRecord => response as unknown as JsonRecord

// ====== From Gemini's shape ======

const isRecord = (value: unknown): value is { readonly [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const firstCandidate = (response: { readonly [key: string]: unknown }): { readonly [key: string]: unknown } => {
  const candidates = response["candidates"]
  return Array.isArray(candidates) && isRecord(candidates[0]) ? candidates[0] : {}
}

/**
 * The text of a hook's response: its first candidate's parts joined (a part
 * is a string, or an object with a `text`), else its `text`, else "".
 *
 * **Example** (A redacted answer)
 *
 * ```ts
 * textOfLlmResponse({ candidates: [{ content: { role: "model", parts: ["API_TOKEN=[redacted]"] } }] })
 * // => "API_TOKEN=[redacted]"
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
export const textOfLlmResponse = (response: { readonly [key: string]: unknown }): string => {
  const content = firstCandidate(response)["content"]
  const parts = isRecord(content) ? content["parts"] : undefined
  if (Array.isArray(parts))
    return parts
      .flatMap((p) => (typeof p === "string" ? [p] : isRecord(p) && typeof p["text"] === "string" ? [p["text"]] : []))
      .join("")
  return typeof response["text"] === "string" ? response["text"] : ""
}

const unifiedReasons: { readonly [reason: string]: UnifiedFinishReason } = {
  STOP: "stop",
  MAX_TOKENS: "length",
  SAFETY: "content-filter",
  RECITATION: "content-filter"
}

const count = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined)

/**
 * A hook's answer for the model (`SyntheticModelResponse`) as a generate
 * result: its text, its finish reason (default `stop`) and its usage (default
 * none).
 *
 * @category translation
 * @since 0.5.0
 */
export const generateResultOf = (response: { readonly [key: string]: unknown }): GenerateResult => {
  const text = textOfLlmResponse(response)
  const raw = firstCandidate(response)["finishReason"]
  const usage = isRecord(response["usageMetadata"]) ? response["usageMetadata"] : {}
  const input = count(usage["promptTokenCount"])
  const output = count(usage["candidatesTokenCount"])
  return {
    content: text === "" ? [] : [{ type: "text", text }],
    finishReason: {
      unified: typeof raw === "string" ? (unifiedReasons[raw] ?? "other") : "stop",
      raw: typeof raw === "string" ? raw : undefined
    },
    usage: {
      inputTokens: { total: input, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: output, text: output, reasoning: undefined }
    },
    warnings: []
  }
}

/**
 * A generate result whose text is replaced (`UpdateModelResponse`): one text
 * part with the new text where the first text part was (first when there was
 * none), the other text parts removed; tool calls and other parts stay.
 *
 * @category translation
 * @since 0.5.0
 */
export const withResultText = (result: GenerateResult, text: string): GenerateResult => {
  const at = result.content.findIndex((part) => part.type === "text")
  const others = result.content.filter((part) => part.type !== "text")
  const replaced: GenerateResult["content"] = text === "" ? [] : [{ type: "text", text }]
  const position = at === -1 ? 0 : result.content.slice(0, at).filter((part) => part.type !== "text").length
  return { ...result, content: [...others.slice(0, position), ...replaced, ...others.slice(position)] }
}
