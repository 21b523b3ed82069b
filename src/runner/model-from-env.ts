/**
 * The CLI's model for `prompt` and `agent` hooks: an
 * OpenAI-compatible chat endpoint named by the standard `OPENAI_BASE_URL` and
 * `OPENAI_API_KEY` variables, and a model named by the hook's `model`, else
 * `WAVE_HOOKS_MODEL`. A local Ollama, llama.cpp or vLLM server works.
 *
 * @since 0.2.0
 */
import type { LanguageModel } from "ai"

/**
 * The base URL used when `OPENAI_API_KEY` is set and `OPENAI_BASE_URL` is not
 * (what OpenAI's own clients do).
 *
 * @category constants
 * @since 0.2.0
 */
const defaultOpenAiBaseUrl = "https://api.openai.com/v1"

/**
 * Where a model comes from, as read from the environment, or what is missing.
 *
 * @category models
 * @since 0.2.0
 */
export type ModelSettings =
  | {
      readonly _tag: "Configured"
      readonly baseURL: string
      readonly apiKey: string | undefined
      readonly modelId: string
    }
  | { readonly _tag: "Missing"; readonly message: string }

/**
 * Read the model settings of one hook from `env` (pure).
 *
 * **Details**
 *
 * The endpoint: `OPENAI_BASE_URL`, else the OpenAI API when `OPENAI_API_KEY`
 * is set, else missing. The model: the hook's `model`, else
 * `WAVE_HOOKS_MODEL`, else missing. A missing piece is a message naming the
 * variable (or hook field) to set, with an example; `label` names the hook.
 *
 * **Example** (A local Ollama)
 *
 * ```ts
 * modelSettings({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", WAVE_HOOKS_MODEL: "llama3.2" }, undefined, "prompt: Is it safe?")
 * // => { _tag: "Configured", baseURL: "http://127.0.0.1:11434/v1", apiKey: undefined, modelId: "llama3.2" }
 * ```
 *
 * @category models
 * @since 0.2.0
 */
export const modelSettings = (
  env: { readonly [name: string]: string | undefined },
  hookModel: string | undefined,
  label: string
): ModelSettings => {
  const apiKey = nonEmpty(env["OPENAI_API_KEY"])
  const baseURL = nonEmpty(env["OPENAI_BASE_URL"]) ?? (apiKey === undefined ? undefined : defaultOpenAiBaseUrl)
  const modelId = nonEmpty(hookModel) ?? nonEmpty(env["WAVE_HOOKS_MODEL"])
  const missing: Array<string> = []
  if (baseURL === undefined) {
    missing.push(
      "no model endpoint is configured: set OPENAI_BASE_URL to an OpenAI-compatible API " +
        "(e.g. OPENAI_BASE_URL=http://127.0.0.1:11434/v1 for a local Ollama), and OPENAI_API_KEY if it needs a key"
    )
  }
  if (modelId === undefined) {
    missing.push('no model is named: set "model" on the hook, or WAVE_HOOKS_MODEL (e.g. WAVE_HOOKS_MODEL=llama3.2)')
  }
  if (missing.length > 0 || baseURL === undefined || modelId === undefined) {
    return { _tag: "Missing", message: `Hook "${label}" cannot ask a model: ${missing.join("; and ")}.` }
  }
  return { _tag: "Configured", baseURL, apiKey, modelId }
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim().length > 0 ? value.trim() : undefined

/**
 * The AI SDK model for configured settings, through
 * `@ai-sdk/openai-compatible` (an optional peer dependency, loaded only
 * here); a message when the package is not installed.
 *
 * @category models
 * @since 0.2.0
 */
export const openAiCompatibleModel = async (
  settings: Extract<ModelSettings, { _tag: "Configured" }>
): Promise<{ readonly model: LanguageModel } | { readonly message: string }> => {
  let module: typeof import("@ai-sdk/openai-compatible")
  try {
    module = await import("@ai-sdk/openai-compatible")
  } catch {
    return {
      message:
        "prompt and agent hooks need the packages ai and @ai-sdk/openai-compatible: run npm install ai @ai-sdk/openai-compatible"
    }
  }
  const provider = module.createOpenAICompatible({
    name: "wave-hooks",
    baseURL: settings.baseURL,
    ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
    supportsStructuredOutputs: true
  })
  return { model: provider.chatModel(settings.modelId) }
}
