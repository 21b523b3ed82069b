/**
 * `PromptHooks`: the service that runs one `prompt` or `agent` hook (issue
 * 13): it asks a language model, through the AI SDK, whether to proceed, and
 * reports the answer as the `HookRun` it stands for (`promptOutcome`), so
 * `decide`, `combine` and `explain` treat it like a command's. The request is
 * plain data; `PromptHooks.layer(model)` asks a model a host passes,
 * `PromptHooks.layerFromEnv(env)` an OpenAI-compatible endpoint from the
 * environment (the CLI), `PromptHooks.layerTest(script)` answers with canned
 * answers.
 *
 * @since 0.2.0
 */
import type { LanguageModel } from "ai"
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { HookEvent } from "../core/events.ts"
import type { HookRun } from "../core/hook-run.ts"
import type { PromptAnswer } from "../core/prompt-verdict.ts"
import {
  modelHookLabel,
  promptAnswerJsonSchema,
  promptFailure,
  promptOutcome,
  promptTimeout,
  readPromptAnswer
} from "../core/prompt-verdict.ts"
import type { ModelHookConfig } from "../settings/prompt-hook-config.ts"
import { agentMaxSteps, expandArguments } from "../settings/prompt-hook-config.ts"
import { agentTools } from "./agent-hook.ts"
import { modelSettings, openAiCompatibleModel } from "./model-from-env.ts"

// ====== Models ======

/**
 * One model hook to run: the whole request, as data.
 *
 * @category models
 * @since 0.2.0
 */
export interface ModelHookRequest {
  readonly hook: ModelHookConfig
  readonly event: HookEvent
  /** The event's JSON, as a command hook reads it on stdin (it replaces `$ARGUMENTS`). */
  readonly payload: string
  /** The project directory: the only place an `agent` hook's tools can read. */
  readonly projectDir: string
  readonly timeoutMs: number
}

/**
 * The model of a hook: one model for every hook, or a function of the hook's
 * `model` field (`undefined` when the hook names none).
 *
 * @category models
 * @since 0.2.0
 */
export type ModelSource = LanguageModel | ((modelName: string | undefined) => LanguageModel)

/**
 * What the test layer answers: the model's answer, a failure message (no
 * model, a failed request, garbage), or a timeout; or an Effect giving one.
 *
 * @category models
 * @since 0.2.0
 */
export type CannedAnswer = PromptAnswer | { readonly failure: string } | { readonly timedOut: true }

/**
 * How the test layer answers: a function of the request.
 *
 * @category models
 * @since 0.2.0
 */
export type PromptHookScript = (request: ModelHookRequest) => CannedAnswer | Effect.Effect<CannedAnswer>

// ====== Asking ======

/** What the model is told about its job. */
const systemPrompt = (request: ModelHookRequest): string =>
  [
    `You are a ${request.hook.type} hook of an AI coding agent, run on its ${request.event} event. ` +
      "Judge what the user's instructions below ask about the event's data (JSON) and decide whether the agent may proceed.",
    ...(request.hook.type === "agent"
      ? [
          "You may look at the project first with read-only tools: read_file, list_directory and search_text (paths relative to the project directory). " +
            `You have at most ${agentMaxSteps} steps in all.`
        ]
      : []),
    'Answer with only a JSON object: {"ok": true} to let it proceed, or {"ok": false, "reason": "..."} to stop it, ' +
      "the reason saying what is wrong and what to do instead. " +
      'Add "impossible": true only when what is asked for can never be achieved, so going on is pointless.'
  ].join("\n\n")

/** The first JSON object in a text (a fenced block, or from the first `{` to the last `}`). */
const jsonIn = (text: string): unknown => {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/u.exec(text)
  const body = fenced?.[1] ?? text
  const start = body.indexOf("{")
  const end = body.lastIndexOf("}")
  if (start < 0 || end < start) return undefined
  try {
    return JSON.parse(body.slice(start, end + 1))
  } catch {
    return undefined
  }
}

const quoted = (text: string): string => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}...` : text)

/** An answer read from a value, or a message naming the hook and what was wrong. */
const answerOf = (
  value: unknown,
  label: string,
  text: string | undefined
): { readonly answer: PromptAnswer } | { readonly problem: string } => {
  const read = readPromptAnswer(value)
  if ("answer" in read) return read
  return {
    problem:
      `Hook "${label}": the model's answer is not {"ok": true|false, "reason"?: string, "impossible"?: boolean} (${read.problem})` +
      (text === undefined ? "" : `: ${quoted(text)}`) +
      "; it was not taken as ok. Use a model that follows JSON instructions, or say in the prompt to answer only with that object."
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Ask `model` about one request and read its answer (never throws; never
 * reads anything but a well-formed answer as one).
 */
const ask = async (
  model: LanguageModel,
  request: ModelHookRequest,
  signal: AbortSignal
): Promise<{ readonly answer: PromptAnswer } | { readonly problem: string }> => {
  const label = modelHookLabel(request.hook.type, request.hook.prompt)
  let ai: typeof import("ai")
  try {
    ai = await import("ai")
  } catch {
    return { problem: `Hook "${label}" needs the package ai (the AI SDK): run npm install ai.` }
  }
  const output = ai.Output.object({ schema: ai.jsonSchema<unknown>(promptAnswerJsonSchema()), name: "hook_answer" })
  const prompt = expandArguments(request.hook.prompt, request.payload)
  try {
    const result =
      request.hook.type === "agent"
        ? await ai.generateText({
            model,
            system: systemPrompt(request),
            prompt,
            output,
            tools: await agentTools(request.projectDir),
            stopWhen: ai.stepCountIs(agentMaxSteps),
            abortSignal: signal,
            maxRetries: 0
          })
        : await ai.generateText({
            model,
            system: systemPrompt(request),
            prompt,
            output,
            abortSignal: signal,
            maxRetries: 0
          })
    return answerOf(result.output, label, result.text)
  } catch (error) {
    if (ai.NoObjectGeneratedError.isInstance(error) && error.text !== undefined) {
      return answerOf(jsonIn(error.text), label, error.text)
    }
    if (ai.NoOutputGeneratedError.isInstance(error)) {
      return {
        problem:
          request.hook.type === "agent"
            ? `Hook "${label}": the agent gave no answer (it was still calling tools after ${agentMaxSteps} steps, or ended without text); it was not taken as ok. Narrow the prompt so it can answer sooner.`
            : `Hook "${label}": the model gave no answer; it was not taken as ok.`
      }
    }
    return { problem: `Hook "${label}": the model request failed: ${messageOf(error)}` }
  }
}

/**
 * Run one request with a model source: the answer as a `HookRun`, a failure
 * run with the message, or a timeout run (the request is aborted).
 */
const runWith =
  (resolve: ModelResolver) =>
  (request: ModelHookRequest): Effect.Effect<HookRun> =>
    runOnModel(resolve, request)

/** Where a request's model comes from: the model, or why there is none. */
type ModelResolver = (
  request: ModelHookRequest
) => Promise<{ readonly model: LanguageModel } | { readonly message: string }>

/**
 * `runWith`'s body, defined once: a service is made per event (`PromptHooks.fromEnv`),
 * and `Effect.fn` captures a stack trace each time it is called.
 */
const runOnModel: (resolve: ModelResolver, request: ModelHookRequest) => Effect.Effect<HookRun> = Effect.fn(
  "PromptHooks.run"
)(function* (resolve: ModelResolver, request: ModelHookRequest) {
  const label = modelHookLabel(request.hook.type, request.hook.prompt)
  const start = yield* Clock.currentTimeMillis
  const settled = yield* Effect.promise(
    async (signal): Promise<{ readonly answer: PromptAnswer } | { readonly problem: string }> => {
      try {
        const resolved = await resolve(request)
        if ("message" in resolved) return { problem: resolved.message }
        return await ask(resolved.model, request, signal)
      } catch (error) {
        return { problem: `Hook "${label}": the model could not be asked: ${messageOf(error)}` }
      }
    }
  ).pipe(Effect.timeoutOption(request.timeoutMs))
  const durationMs = (yield* Clock.currentTimeMillis) - start
  if (Option.isNone(settled)) return promptTimeout(label, durationMs)
  const value = settled.value
  if ("problem" in value) return promptFailure(label, value.problem, durationMs)
  return promptOutcome(request.event, value.answer, {
    type: request.hook.type,
    continueOnBlock: request.hook.continueOnBlock === true,
    label,
    durationMs
  })
})

// ====== Service ======

/**
 * Runs one `prompt` or `agent` hook. Never fails: no model, a failed
 * request, an answer that is not `{ok, ...}` and a timeout are part of the
 * `HookRun` (`decide` shows them, or blocks under `onFailure: "block"`).
 *
 * **When to use**
 *
 * `runHooks` needs it for hooks of type `prompt` and `agent`. A host passes
 * its model with `PromptHooks.layer(model)`; the CLI uses
 * `PromptHooks.layerFromEnv(process.env)`; tests use
 * `PromptHooks.layerTest(script)`.
 *
 * **Example** (A host's model)
 *
 * ```ts
 * const run = yield* PromptHooks.use((hooks) =>
 *   hooks.run({ hook: { type: "prompt", prompt: "Is this safe? $ARGUMENTS" }, event: "PreToolUse", payload, projectDir, timeoutMs: 30_000 })
 * ).pipe(Effect.provide(PromptHooks.layer(model)))
 * decide("PreToolUse", run)
 * ```
 *
 * @category services
 * @since 0.2.0
 */
export class PromptHooks extends Context.Service<
  PromptHooks,
  {
    readonly run: (request: ModelHookRequest) => Effect.Effect<HookRun>
  }
>()("wave-hooks/runner/PromptHooks") {
  /**
   * Ask the model a host passes (one for every hook, or a function of the
   * hook's `model` field).
   */
  static layer(model: ModelSource): Layer.Layer<PromptHooks> {
    return Layer.succeed(PromptHooks, PromptHooks.withModel(model))
  }

  /** The service value behind `layer`. */
  static withModel(model: ModelSource): PromptHooks["Service"] {
    return {
      run: runWith(async (request) => ({ model: typeof model === "function" ? model(request.hook.model) : model }))
    }
  }

  /**
   * Ask an OpenAI-compatible endpoint named by `OPENAI_BASE_URL` and
   * `OPENAI_API_KEY` in `env`, the model named by the hook's `model`, else
   * `WAVE_HOOKS_MODEL`. A missing variable is a failure run whose message
   * says which one to set (see `modelSettings`).
   */
  static layerFromEnv(env: { readonly [name: string]: string | undefined }): Layer.Layer<PromptHooks> {
    return Layer.succeed(PromptHooks, PromptHooks.fromEnv(env))
  }

  /** The service value behind `layerFromEnv`. */
  static fromEnv(env: { readonly [name: string]: string | undefined }): PromptHooks["Service"] {
    return {
      run: runWith(async (request) => {
        const settings = modelSettings(env, request.hook.model, modelHookLabel(request.hook.type, request.hook.prompt))
        return settings._tag === "Missing" ? { message: settings.message } : openAiCompatibleModel(settings)
      })
    }
  }

  /**
   * Canned answers instead of a model. Every request is pushed to `requests`
   * before it is answered; the answer goes through `promptOutcome` like a
   * model's.
   */
  static layerTest(script: PromptHookScript, requests: Array<ModelHookRequest> = []): Layer.Layer<PromptHooks> {
    return Layer.succeed(PromptHooks, PromptHooks.test(script, requests))
  }

  /** The service value behind `layerTest`. */
  static test(script: PromptHookScript, requests: Array<ModelHookRequest> = []): PromptHooks["Service"] {
    return {
      run: Effect.fn("PromptHooks.run")(function* (request: ModelHookRequest) {
        requests.push(request)
        const label = modelHookLabel(request.hook.type, request.hook.prompt)
        const canned = script(request)
        const answer = Effect.isEffect(canned) ? yield* canned : canned
        if ("failure" in answer) return promptFailure(label, answer.failure)
        if ("timedOut" in answer) return promptTimeout(label, request.timeoutMs)
        return promptOutcome(request.event, answer, {
          type: request.hook.type,
          continueOnBlock: request.hook.continueOnBlock === true,
          label
        })
      })
    }
  }
}
