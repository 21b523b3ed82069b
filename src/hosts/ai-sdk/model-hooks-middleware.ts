/**
 * A `LanguageModelMiddleware` of the AI SDK that fires the model-level events
 * (Gemini CLI's BeforeToolSelection, BeforeModel and AfterModel hooks) around
 * every model call and carries their effects out: the tools offered, the
 * request sent, an answer given instead of the model's, the answer changed.
 *
 * @since 0.5.0
 */
import type { LanguageModelMiddleware } from "ai"
import type { HookEvent } from "../../core/events.ts"
import type { Resolution } from "../../interpreters/resolution.ts"
import type { AiSdkHookOptions } from "./ai-sdk-hooks.ts"
import { adapterOf, type AiSdkHooks } from "./ai-sdk-hooks.ts"
import type { LlmRequest } from "./llm-request.ts"
import { applyModelRequest, llmRequestJson, llmRequestOf } from "./llm-request.ts"
import {
  generateResultOf,
  llmResponseFrom,
  llmResponseJson,
  llmResponseOf,
  textOfLlmResponse,
  withResultText
} from "./llm-response.ts"
import type { CallOptions, GenerateResult, StreamPart, StreamResult, UnifiedFinishReason } from "./model-call.ts"
import { restrictTools } from "./tool-restriction.ts"

// ====== Errors ======

/** The model-level events the middleware fires. */
type ModelEvent = "PreToolSelection" | "PreModelRequest" | "PostModelResponse"

/**
 * A model call a hook refused: a `BlockModelRequest` (Gemini CLI's
 * BeforeModel or AfterModel deny), or a `StopAgent` (`continue: false`) on a
 * model-level event (`halted`). The model call fails with it, so the turn
 * ends; `reason` is the hook's, for the user.
 *
 * **Example** (Tell the user)
 *
 * ```ts
 * try {
 *   await generateText({ model, prompt: "summarise everything" })
 * } catch (error) {
 *   if (error instanceof ModelRequestBlocked) console.log(error.reason)
 * }
 * ```
 *
 * @category errors
 * @since 0.5.0
 */
export class ModelRequestBlocked extends Error {
  readonly _tag = "ModelRequestBlocked"
  /** The event whose hooks refused: PreModelRequest (the model was not called), PostModelResponse (its answer is not used) or PreToolSelection. */
  readonly event: ModelEvent
  readonly reason: string
  /** A hook halted the agent (`StopAgent`), rather than blocking this request. */
  readonly halted: boolean

  constructor(event: ModelEvent, reason: string, halted: boolean) {
    super(`${halted ? "Agent stopped" : "Model request blocked"} by a hook (${event}): ${reason}`)
    this.name = "ModelRequestBlocked"
    this.event = event
    this.reason = reason
    this.halted = halted
  }
}

// ====== Helpers ======

/** What the hooks before a call decided, for the call's wrapGenerate / wrapStream. */
interface PreparedCall {
  /** The request as sent (after the hooks' changes): PostModelResponse's `llm_request`. */
  readonly request: LlmRequest
  /** The answer a hook gave instead of the model's. */
  readonly synthetic?: { readonly [key: string]: unknown }
}

/** The refusal in a resolution: a halt, else a blocked model request. */
const refusal = (event: ModelEvent, resolution: Resolution): ModelRequestBlocked | undefined =>
  resolution.stop !== undefined
    ? new ModelRequestBlocked(event, resolution.stop.reason ?? "no reason given", true)
    : resolution.modelRequestBlocked !== undefined
      ? new ModelRequestBlocked(event, resolution.modelRequestBlocked, false)
      : undefined

const warn = (hooks: AiSdkHooks, event: HookEvent, text: string): void => {
  if (hooks.options.onUserMessage !== undefined) hooks.options.onUserMessage({ event, level: "warning", text })
  else console.warn(`wave-hooks: ${text}`)
}

const notAppliedText = (parts: ReadonlyArray<string>): string =>
  `UpdateModelRequest from a hook: ${parts.join(", ")} not applicable to the AI SDK model middleware ` +
  "(it cannot switch the model; tools are restricted with RestrictTools); the rest of the request was applied."

/** PreToolSelection, then PreModelRequest: the call's new options, or the refusal thrown. */
const prepare = async (
  hooks: AiSdkHooks,
  params: CallOptions,
  modelId: string
): Promise<{ readonly params: CallOptions; readonly call: PreparedCall }> => {
  const selection = await hooks.fire("PreToolSelection", { llm_request: llmRequestJson(llmRequestOf(params, modelId)) })
  const selectionRefused = refusal("PreToolSelection", selection.resolution)
  if (selectionRefused !== undefined) throw selectionRefused
  const restriction = selection.resolution.toolRestriction
  const restricted = restriction === undefined ? params : restrictTools(params, restriction)

  const sent = llmRequestOf(restricted, modelId)
  const { resolution } = await hooks.fire("PreModelRequest", { llm_request: llmRequestJson(sent) })
  // A synthetic answer given with a deny is the answer (Gemini CLI); a halt absorbs it.
  if (resolution.stop === undefined && resolution.syntheticModelResponse !== undefined)
    return { params: { ...restricted }, call: { request: sent, synthetic: resolution.syntheticModelResponse } }
  const refused = refusal("PreModelRequest", resolution)
  if (refused !== undefined) throw refused
  if (resolution.modelRequest === undefined) return { params: { ...restricted }, call: { request: sent } }
  const applied = applyModelRequest(restricted, sent, resolution.modelRequest)
  if (applied.notApplied.length > 0) warn(hooks, "PreModelRequest", notAppliedText(applied.notApplied))
  return { params: { ...applied.params }, call: { request: llmRequestOf(applied.params, modelId) } }
}

/** PostModelResponse on an answer: the replacement text (undefined: unchanged), or the refusal thrown. */
const afterModel = async (
  hooks: AiSdkHooks,
  request: LlmRequest,
  response: ReturnType<typeof llmResponseOf>
): Promise<string | undefined> => {
  const { resolution } = await hooks.fire("PostModelResponse", {
    llm_request: llmRequestJson(request),
    llm_response: llmResponseJson(response)
  })
  const refused = refusal("PostModelResponse", resolution)
  if (refused !== undefined) throw refused
  return resolution.modelResponse === undefined ? undefined : textOfLlmResponse(resolution.modelResponse)
}

/** A whole answer as a stream (a synthetic answer, in a streamed call). */
const streamOf = (result: GenerateResult): StreamResult => {
  const parts: Array<StreamPart> = [{ type: "stream-start", warnings: [] }]
  for (const [i, part] of result.content.entries()) {
    if (part.type !== "text") continue
    const id = `hook-${i}`
    parts.push({ type: "text-start", id }, { type: "text-delta", id, delta: part.text }, { type: "text-end", id })
  }
  parts.push({ type: "finish", finishReason: result.finishReason, usage: result.usage })
  return {
    stream: new ReadableStream<StreamPart>({
      start: (controller) => {
        for (const part of parts) controller.enqueue(part)
        controller.close()
      }
    })
  }
}

const emptyUsage: GenerateResult["usage"] = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined }
}

const textParts = (id: string, text: string): ReadonlyArray<StreamPart> => [
  { type: "text-start", id },
  { type: "text-delta", id, delta: text },
  { type: "text-end", id }
]

/**
 * A stream whose text is held back until it ends: then PostModelResponse
 * fires once on the whole text, and the text (or the hook's) follows the
 * other parts, before `finish`.
 */
const heldText = (hooks: AiSdkHooks, request: LlmRequest): TransformStream<StreamPart, StreamPart> => {
  const texts = new Map<string, string>()
  let finish: Extract<StreamPart, { type: "finish" }> | undefined
  return new TransformStream<StreamPart, StreamPart>({
    transform: (part, controller) => {
      if (part.type === "text-start") texts.set(part.id, texts.get(part.id) ?? "")
      else if (part.type === "text-delta") texts.set(part.id, (texts.get(part.id) ?? "") + part.delta)
      else if (part.type === "finish") finish = part
      else if (part.type !== "text-end") controller.enqueue(part)
    },
    flush: async (controller) => {
      const reason: UnifiedFinishReason = finish?.finishReason.unified ?? "other"
      const replaced = await afterModel(
        hooks,
        request,
        llmResponseFrom([...texts.values()], reason, finish?.usage ?? emptyUsage)
      )
      const out =
        replaced === undefined
          ? [...texts].flatMap(([id, text]) => textParts(id, text))
          : replaced === ""
            ? []
            : textParts([...texts.keys()][0] ?? "hook-text", replaced)
      for (const part of out) controller.enqueue(part)
      if (finish !== undefined) controller.enqueue(finish)
    }
  })
}

/** Whether the session has PostModelResponse hooks (a stream is held back only then). */
const watchesAnswers = async (hooks: AiSdkHooks): Promise<boolean> => {
  const { settings } = await hooks.session()
  return !settings.disabled && settings.hooks.some((hook) => hook.event === "PostModelResponse")
}

// ====== modelHooksMiddleware ======

/**
 * A `LanguageModelMiddleware` that runs the project's model-level hooks
 * around every call of the wrapped model (`wrapLanguageModel`).
 *
 * **When to use**
 *
 * When the project's Gemini CLI hooks (`.gemini/settings.json`: BeforeModel,
 * AfterModel, BeforeToolSelection) should guard the model calls of an AI SDK
 * app: redact answers, cap settings, restrict tools, answer for the model.
 *
 * **Details**
 *
 * Before each call (the payloads hold Gemini's `llm_request`, built from the
 * call: one message per prompt message, the assistant as `model`):
 *
 * 1. PreToolSelection. `RestrictTools`: `NONE` removes the tools (tool choice
 *    `none`), `ANY` makes a tool call required, `AUTO` keeps the call's
 *    choice; `allowedFunctionNames` keeps only those tools.
 * 2. PreModelRequest. `SyntheticModelResponse`: the model is not called, the
 *    hook's answer is the result. Else `BlockModelRequest` (or `StopAgent`):
 *    the call throws `ModelRequestBlocked` with the reason. `UpdateModelRequest`:
 *    what differs from the request sent is applied (sampling settings, the
 *    messages); a different `model` cannot be (a middleware cannot switch
 *    models) and is reported to `onUserMessage` as not applicable.
 *
 * After the call: PostModelResponse with `llm_request` (as sent) and
 * `llm_response` (the answer's text in Gemini's shape). `UpdateModelResponse`
 * replaces the result's text (tool calls stay); `BlockModelRequest` (or
 * `StopAgent`) throws `ModelRequestBlocked`. A synthetic answer fires no
 * PostModelResponse.
 *
 * **Gotchas**
 *
 * - Streams: Gemini CLI fires AfterModel per streamed chunk; here
 *   PostModelResponse fires once, on the whole text when the stream ends. When
 *   the session has PostModelResponse hooks, the text is held back until then
 *   (other parts, such as tool calls, pass through at once) and then follows
 *   as one block per text (one block with a hook's text); without such hooks
 *   the stream is not touched.
 * - A changed message becomes a text message: its tool calls, results and
 *   files are not rebuilt (messages equal to the ones sent keep theirs).
 * - Give the same options object (or `AiSdkHooks`) as `withHooks` to share
 *   one session with the tool hooks.
 *
 * **Example** (A hooked model)
 *
 * ```ts
 * import { generateText, wrapLanguageModel } from "ai"
 * import { modelHooksMiddleware } from "wave-hooks/ai-sdk"
 *
 * const hooked = wrapLanguageModel({
 *   model,
 *   middleware: modelHooksMiddleware({ projectDir: process.cwd(), dialect: "gemini-cli" })
 * })
 * const { text } = await generateText({ model: hooked, prompt: "where is the greeting?" })
 * ```
 *
 * @category adapters
 * @since 0.5.0
 */
export const modelHooksMiddleware = (options: AiSdkHookOptions | AiSdkHooks): LanguageModelMiddleware => {
  const hooks = adapterOf(options)
  const prepared = new WeakMap<CallOptions, PreparedCall>()
  const callOf = (params: CallOptions, modelId: string): PreparedCall =>
    prepared.get(params) ?? { request: llmRequestOf(params, modelId) }
  return {
    specificationVersion: "v4",
    transformParams: async ({ params, model }) => {
      const { params: next, call } = await prepare(hooks, params, model.modelId)
      prepared.set(next, call)
      return next
    },
    wrapGenerate: async ({ doGenerate, params, model }) => {
      const call = callOf(params, model.modelId)
      if (call.synthetic !== undefined) return generateResultOf(call.synthetic)
      const result = await doGenerate()
      const replaced = await afterModel(hooks, call.request, llmResponseOf(result))
      return replaced === undefined ? result : withResultText(result, replaced)
    },
    wrapStream: async ({ doStream, params, model }) => {
      const call = callOf(params, model.modelId)
      if (call.synthetic !== undefined) return streamOf(generateResultOf(call.synthetic))
      const watched = await watchesAnswers(hooks)
      const result = await doStream()
      return watched ? { ...result, stream: result.stream.pipeThrough(heldText(hooks, call.request)) } : result
    }
  }
}
