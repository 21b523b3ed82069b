/**
 * The AI SDK's model-call types as a `LanguageModelMiddleware` sees them
 * (the language model specification's call options, generate result and
 * stream parts), taken from the `ai` package's own middleware type so the
 * package needs no other AI SDK dependency.
 *
 * @since 0.5.0
 */
import type { LanguageModelMiddleware } from "ai"

type TransformParams = NonNullable<LanguageModelMiddleware["transformParams"]>
type WrapGenerate = NonNullable<LanguageModelMiddleware["wrapGenerate"]>
type WrapStream = NonNullable<LanguageModelMiddleware["wrapStream"]>

/**
 * The options of one model call: the prompt, the settings, the tools.
 *
 * @category models
 * @since 0.5.0
 */
export type CallOptions = Parameters<TransformParams>[0]["params"]

/**
 * What a model's `doGenerate` returns.
 *
 * @category models
 * @since 0.5.0
 */
export type GenerateResult = Awaited<ReturnType<WrapGenerate>>

/**
 * What a model's `doStream` returns.
 *
 * @category models
 * @since 0.5.0
 */
export type StreamResult = Awaited<ReturnType<WrapStream>>

/**
 * One part of a model's stream.
 *
 * @category models
 * @since 0.5.0
 */
export type StreamPart = StreamResult["stream"] extends ReadableStream<infer P> ? P : never

/**
 * One message of a call's prompt.
 *
 * @category models
 * @since 0.5.0
 */
export type PromptMessage = CallOptions["prompt"][number]

/**
 * The usage of a model call (tokens in and out).
 *
 * @category models
 * @since 0.5.0
 */
export type CallUsage = GenerateResult["usage"]

/**
 * Why a model call finished, in the AI SDK's unified words.
 *
 * @category models
 * @since 0.5.0
 */
export type UnifiedFinishReason = GenerateResult["finishReason"]["unified"]
