/**
 * One user turn with the AI SDK and hooks: UserPromptSubmit before the model
 * is called, `generateText` with hooked tools, and Stop after it (a blocked
 * Stop sends the model back to work).
 *
 * @since 0.1.0
 */
import type { GenerateTextResult, ModelMessage, OutputInterface, StopCondition, ToolSet } from "ai"
import { generateText, stepCountIs } from "ai"
import type { AiSdkHookOptions } from "./ai-sdk-hooks.ts"
import { adapterOf, type AiSdkHooks } from "./ai-sdk-hooks.ts"
import type { HookedToolSet } from "./with-hooks.ts"
import { withHooks } from "./with-hooks.ts"

// ====== Models ======

type GenerateTextOptions<TOOLS extends ToolSet> = Parameters<typeof generateText<TOOLS>>[0]

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/**
 * One `generateText` result of a hooked turn.
 *
 * @category models
 * @since 0.1.0
 */
export type HookedStepsResult<TOOLS extends ToolSet> = GenerateTextResult<
  HookedToolSet<TOOLS>,
  RuntimeContext,
  OutputInterface<string, string, unknown>
>

/** `generateText`'s default runtime context type (the AI SDK does not export it by name). */
type RuntimeContext = NonNullable<Parameters<typeof generateText<ToolSet>>[0]["runtimeContext"]>

/**
 * `generateText`'s options (typed for the hooked tools, so callbacks see
 * string outputs too) with the tools as given, plus `hooks`: the adapter's
 * options, or an `AiSdkHooks` to share a session across turns.
 *
 * @category models
 * @since 0.1.0
 */
export type HookedGenerateTextOptions<TOOLS extends ToolSet> = DistributiveOmit<
  GenerateTextOptions<HookedToolSet<TOOLS>>,
  "tools"
> & {
  readonly tools?: TOOLS
  readonly hooks: AiSdkHookOptions | AiSdkHooks
}

/**
 * How a turn ended: the model finished and no Stop hook blocked (or the
 * Stop-loop cap was reached), a hook blocked the prompt (the model was not
 * called), or a hook halted the agent.
 *
 * @category models
 * @since 0.1.0
 */
export type TurnOutcome = "completed" | "prompt-blocked" | "stopped"

/**
 * What became of a hooked turn.
 *
 * @category models
 * @since 0.1.0
 */
export interface HookedGenerateTextResult<TOOLS extends ToolSet> {
  readonly outcome: TurnOutcome
  /** The model's last text ("" when it was not called). */
  readonly text: string
  /** One `generateText` result per model run: a blocked Stop adds one. */
  readonly results: ReadonlyArray<HookedStepsResult<TOOLS>>
  /** The conversation after the turn (the prompt, hook context, responses, Stop reasons); the next turn's `messages`. */
  readonly messages: ReadonlyArray<ModelMessage>
  /** Why the prompt was blocked (for the user). */
  readonly promptBlocked?: string
  /** Why a hook halted the agent (for the user), when it gave a reason. */
  readonly stopReason?: string
}

// ====== Helpers ======

const textOfContent = (content: ModelMessage["content"]): string =>
  typeof content === "string"
    ? content
    : content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n")

/** The text of the last user message: the prompt UserPromptSubmit hooks see. */
const promptText = (messages: ReadonlyArray<ModelMessage>): string => {
  for (let m = messages.length - 1; m >= 0; m--) {
    const message = messages[m]!
    if (message.role === "user") return textOfContent(message.content)
  }
  return ""
}

const arrayOf = <A>(value: A | ReadonlyArray<A>): ReadonlyArray<A> => (Array.isArray(value) ? value : [value as A])

// ====== hookedGenerateText ======

/**
 * `generateText` for one user turn, with hooks.
 *
 * **When to use**
 *
 * In a chat or agent built on the AI SDK, for each user prompt, when the
 * project's hooks should see prompts, tool calls and stops.
 *
 * **Details**
 *
 * 1. UserPromptSubmit (prompt = the text of the last user message).
 *    `BlockPrompt`: the model is not called; the outcome is
 *    `"prompt-blocked"` and the prompt is left out of `messages`.
 *    `InjectContext`: a user message with the context follows the prompt.
 * 2. `generateText` with the tools wrapped by `withHooks` (same session). A
 *    tool hook's `StopAgent` ends the run after the current step.
 * 3. Stop. `BlockStop`: its reason is added as a user message and the model
 *    is called again, until a Stop is not blocked; the session's Stop-loop
 *    cap (default 8) bounds this. `StopAgent` halts (outcome `"stopped"`).
 *
 * `stopWhen` applies to each `generateText` run (default `stepCountIs(1)`,
 * as in the AI SDK). User-facing texts go to `hooks.onUserMessage`.
 *
 * **Gotchas**
 *
 * Give `hooks` an `AiSdkHooks` (or a `hookSession`) to keep one settings
 * snapshot and Stop-loop counter across turns; plain `projectDir` options
 * start a session per call.
 *
 * **Example** (A turn)
 *
 * ```ts
 * const turn = await hookedGenerateText({
 *   model, tools: { bash }, prompt: "fix the tests", stopWhen: stepCountIs(10),
 *   hooks: { projectDir: process.cwd(), onUserMessage: (m) => console.log(m.text) }
 * })
 * turn.outcome // => "completed"
 * ```
 *
 * @category adapters
 * @since 0.1.0
 */
export const hookedGenerateText = async <TOOLS extends ToolSet>(
  options: HookedGenerateTextOptions<TOOLS>
): Promise<HookedGenerateTextResult<TOOLS>> => {
  const { hooks: hookOptions, prompt, messages, tools, stopWhen, ...rest } = options
  const hooks = adapterOf(hookOptions)
  hooks.halted = undefined
  const conversation: Array<ModelMessage> =
    messages !== undefined
      ? [...messages]
      : typeof prompt === "string"
        ? [{ role: "user", content: prompt }]
        : [...(prompt ?? [])]
  const results: Array<HookedStepsResult<TOOLS>> = []
  const finish = (outcome: TurnOutcome, extra: { promptBlocked?: string } = {}): HookedGenerateTextResult<TOOLS> => ({
    outcome,
    text: results[results.length - 1]?.text ?? "",
    results,
    messages: conversation,
    ...extra,
    ...(hooks.halted?.reason === undefined ? {} : { stopReason: hooks.halted.reason })
  })

  const submit = await hooks.fire("UserPromptSubmit", { prompt: promptText(conversation) }, { messages: conversation })
  if (submit.resolution.stop !== undefined) return finish("stopped")
  if (submit.resolution.promptBlocked !== undefined)
    return finish("prompt-blocked", { promptBlocked: submit.resolution.promptBlocked })

  const hookedTools = tools === undefined ? undefined : withHooks(tools, hooks)
  const halted: StopCondition<HookedToolSet<TOOLS>> = () => hooks.halted !== undefined
  for (;;) {
    // `rest` is generateText's own options; TypeScript cannot follow Omit over the generic option type.
    const generateOptions = {
      ...rest,
      ...(hookedTools === undefined ? {} : { tools: hookedTools }),
      messages: [...conversation],
      stopWhen: [...arrayOf(stopWhen ?? stepCountIs(1)), halted]
    } as unknown as GenerateTextOptions<HookedToolSet<TOOLS>>
    const result = await generateText(generateOptions)
    results.push(result)
    conversation.push(...result.responseMessages)
    if (hooks.halted !== undefined) return finish("stopped")
    const stop = await hooks.fire("Stop", {}, { messages: conversation })
    if (stop.resolution.stop !== undefined) return finish("stopped")
    if (stop.resolution.continueWith === undefined) return finish("completed")
  }
}
