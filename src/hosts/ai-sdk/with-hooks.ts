/**
 * Wrapping an AI SDK tool set so each tool call fires PreToolUse,
 * PermissionRequest (optionally), PostToolUse and PostToolUseFailure, and
 * the hooks' effects decide whether it runs, with what input, and what the
 * model is told.
 *
 * @since 0.1.0
 */
import type { Tool, ToolExecutionOptions, ToolResultPart, ToolSet } from "ai"
import { Predicate } from "effect"
import type { JsonRecord } from "../../core/payload.ts"
import type { HookSession } from "../../runner/session.ts"
import type { HookEffect } from "../../effects/hook-effect.ts"
import { AskPermission } from "../../effects/hook-effect.ts"
import type { ToolCall } from "../../interpreters/contract.ts"
import type { AiSdkHookOptions } from "./ai-sdk-hooks.ts"
import { adapterOf, type AiSdkHooks } from "./ai-sdk-hooks.ts"
import { takeApprovedPreToolUse } from "./tool-approval.ts"
import { ToolMatcherCheck } from "../tool-matchers.ts"
import { blockedToolResult, hookNotes, textOf, withNotes } from "../../interpreters/ai-sdk/model-text.ts"

// ====== Models ======

/**
 * A tool after `withHooks`: same input and context, and an output that may
 * also be a string (a blocked call's reason, or the output with hook notes).
 *
 * @category models
 * @since 0.1.0
 */
export type HookedTool<T> =
  T extends Tool<infer INPUT, infer OUTPUT, infer CONTEXT> ? Tool<INPUT, OUTPUT | string, CONTEXT> : T

/**
 * A tool set after `withHooks`.
 *
 * @category models
 * @since 0.1.0
 */
export type HookedToolSet<TOOLS extends ToolSet> = { [K in keyof TOOLS]: HookedTool<TOOLS[K]> }

// ====== Helpers ======

type AnyTool = Tool<unknown, unknown, unknown>
type Execute = (input: unknown, options: ToolExecutionOptions<unknown>) => unknown

const recordOf = (input: unknown): JsonRecord => (Predicate.isObject(input) ? input : { input })

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "string" ? error : textOf(error)

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  Predicate.isObject(value) && Symbol.asyncIterator in value

/** An execute result, with a streaming tool's last value as its output. */
const settle = async (result: unknown): Promise<unknown> => {
  if (isAsyncIterable(result)) {
    let last: unknown
    for await (const value of result) last = value
    return last
  }
  return await result
}

/** Effects that already decide a PermissionRequest; else the user is asked. */
const decides = (effects: ReadonlyArray<HookEffect>): boolean =>
  effects.some(
    (e) => e._tag === "AllowTool" || e._tag === "BlockTool" || e._tag === "StopAgent" || e._tag === "AskPermission"
  )

// ====== Matchers no tool can match ======

const wording = {
  owner: "the app's tools",
  testedAgainst: "the tool's key in the tool set given to withHooks",
  fix: "Change the matcher, or the tool's key in withHooks({ ... })."
}

/** Per adapter: the tool names of its wrapped tool sets and the matchers already warned about. */
const toolsOf = new WeakMap<AiSdkHooks, ToolMatcherCheck>()

/** Warn (once each) about matchers none of the adapter's tools can match: `onUserMessage`, else `console.warn`. */
const checkMatchers = (hooks: AiSdkHooks, session: HookSession): void => {
  const known = toolsOf.get(hooks)
  if (known === undefined) return
  for (const message of known.take(session.settings)) {
    if (hooks.options.onUserMessage !== undefined) hooks.options.onUserMessage(message)
    else console.warn(`wave-hooks: ${message.text}`)
  }
}

const knowTools = (hooks: AiSdkHooks, names: ReadonlyArray<string>): void => {
  const known = toolsOf.get(hooks) ?? new ToolMatcherCheck(wording)
  toolsOf.set(hooks, known)
  known.know(names)
  // As soon as the settings are read; a session that cannot start fails the first event instead.
  hooks.session().then(
    (session) => checkMatchers(hooks, session),
    () => undefined
  )
}

const runHooked = async (
  hooks: AiSdkHooks,
  name: string,
  execute: Execute,
  input: unknown,
  options: ToolExecutionOptions<unknown>,
  changed: Set<string>
): Promise<unknown> => {
  const id = options.toolCallId
  const call: ToolCall = { id, name, input: recordOf(input) }
  const fields = (toolInput: unknown) => ({ tool_name: name, tool_input: toolInput, tool_use_id: id })

  checkMatchers(hooks, await hooks.session())
  // With toolApproval, PreToolUse already ran for this call (the AI SDK asked it before execute); its asks were
  // the SDK's approval, so PermissionRequest does not ask again.
  const approved = takeApprovedPreToolUse(hooks, id)
  const pre = approved ?? (await hooks.fire("PreToolUse", fields(input), { tool: call }))
  const preNotes = hookNotes(pre.effects)
  const blocked = blockedToolResult(pre.resolution)
  if (blocked !== undefined) {
    changed.add(id)
    return withNotes(blocked, preNotes)
  }
  let finalInput: unknown = pre.resolution.toolInput ?? input

  if (approved === undefined && pre.resolution.permission === "default" && hooks.requiresPermission(name)) {
    const request = await hooks.fire("PermissionRequest", fields(finalInput), {
      tool: { ...call, input: recordOf(finalInput) },
      effects: (effects) => (decides(effects) ? effects : [...effects, AskPermission()])
    })
    const refused = blockedToolResult(request.resolution)
    if (refused !== undefined) {
      changed.add(id)
      return withNotes(refused, preNotes)
    }
    finalInput = request.resolution.toolInput ?? finalInput
  }

  const finalCall: ToolCall = { ...call, input: recordOf(finalInput) }
  let output: unknown
  try {
    output = await settle(execute(finalInput, options))
  } catch (error) {
    const message = errorMessage(error)
    const failure = await hooks.fire(
      "PostToolUseFailure",
      { ...fields(finalInput), error: message },
      {
        tool: finalCall,
        toolResponse: { value: message }
      }
    )
    const notes = [...preNotes, ...hookNotes(failure.effects)]
    if (notes.length === 0) throw error
    const withFeedback = new Error(withNotes(message, notes), { cause: error })
    if (error instanceof Error) withFeedback.name = error.name
    throw withFeedback
  }

  const post = await hooks.fire(
    "PostToolUse",
    { ...fields(finalInput), tool_response: output },
    {
      tool: finalCall,
      toolResponse: { value: output }
    }
  )
  const notes = [...preNotes, ...hookNotes(post.effects)]
  const replaced = post.resolution.toolOutput
  if (replaced === undefined && notes.length === 0) return output
  changed.add(id)
  const value = replaced === undefined ? output : replaced.value
  return notes.length === 0 ? value : withNotes(textOf(value), notes)
}

const wrapTool = (hooks: AiSdkHooks, name: string, original: AnyTool): AnyTool => {
  const execute = original.execute as Execute | undefined
  if (execute === undefined || original.type === "provider") return original
  const changed = new Set<string>()
  // Own property descriptors keep non-enumerable markers (e.g. a tool caller).
  const wrapped = Object.defineProperties({}, Object.getOwnPropertyDescriptors(original)) as AnyTool
  const hooked = {
    execute: (input: unknown, options: ToolExecutionOptions<unknown>) =>
      runHooked(hooks, name, execute, input, options, changed)
  }
  Object.defineProperty(wrapped, "execute", {
    value: hooked.execute,
    enumerable: true,
    writable: true,
    configurable: true
  })
  const toModelOutput = original.toModelOutput
  if (toModelOutput !== undefined) {
    const bypass = (options: {
      toolCallId: string
      input: unknown
      output: unknown
    }): ToolResultPart["output"] | PromiseLike<ToolResultPart["output"]> =>
      changed.has(options.toolCallId) ? { type: "text", value: textOf(options.output) } : toModelOutput(options)
    Object.defineProperty(wrapped, "toModelOutput", {
      value: bypass,
      enumerable: true,
      writable: true,
      configurable: true
    })
  }
  return wrapped
}

// ====== withHooks ======

/**
 * Wrap a tool set so hooks run around every tool call.
 *
 * **When to use**
 *
 * With `generateText` / `streamText` / an agent of the AI SDK, when the
 * project's hooks (`.wave/settings.json`) should guard and shape tool calls.
 * `hookedGenerateText` does this and also fires UserPromptSubmit and Stop.
 *
 * **Details**
 *
 * For each call (tool_name = the tool's key, tool_input = the input,
 * tool_use_id = the `toolCallId`):
 *
 * 1. PreToolUse. A `BlockTool`, a user's refusal of an `AskPermission`, or a
 *    `StopAgent` means the tool does not run: the reason is returned as the
 *    tool result (a string) for the model. `UpdateInput` replaces the input.
 * 2. For tools in `permissionRequired`, unless PreToolUse allowed the call:
 *    PermissionRequest; its allow / deny / updated input apply, and when no
 *    hook decides, `permission` is asked.
 * 3. The tool runs. If it throws: PostToolUseFailure (with `error`, the
 *    message), then the error is rethrown (the AI SDK gives the model its
 *    message as an error result); hook feedback makes it a new `Error` whose
 *    message ends with the notes (same `name`; the original is its `cause`).
 * 4. PostToolUse (tool_response = the output). `UpdateToolOutput` replaces
 *    what the model gets; context and feedback are appended to the result
 *    text ("Hook context: ...", "Hook feedback: ...").
 *
 * User-facing texts go to `onUserMessage`, never into a tool result.
 *
 * Matchers test the tool's key in the set, case-sensitively: a PreToolUse,
 * PermissionRequest, PostToolUse or PostToolUseFailure matcher that matches
 * none of the wrapped tools (`"Bash"` for a tool named `bash`) gets one
 * warning, as soon as the settings are read: a `UserMessage` at level
 * `warning` to `onUserMessage` (else `console.warn`) naming the matcher, its
 * file and the tool names, with the tool that differs only in case.
 *
 * **Gotchas**
 *
 * - A result the hooks changed bypasses the tool's `toModelOutput` (it is
 *   given to the model as text); unchanged results keep it.
 * - A streaming tool (an `AsyncIterable` execute) is run to its end: its
 *   last value is the output and no preliminary results are forwarded.
 * - Tools without `execute` and provider tools are left as they are.
 * - A `StopAgent` cannot end the AI SDK's loop from inside a tool: use
 *   `onStopAgent` with `stopWhen` (or `hookedGenerateText`, which does).
 *
 * **Example** (Guarded tools)
 *
 * ```ts
 * // The key is the tool_name hooks see: a "matcher": "Bash" guard needs the key Bash.
 * const tools = withHooks({ Bash: bash }, { projectDir: process.cwd(), onUserMessage: (m) => console.log(m.text) })
 * const result = await generateText({ model, tools, prompt: "clean the build folder", stopWhen: stepCountIs(5) })
 * ```
 *
 * @category adapters
 * @since 0.1.0
 */
export const withHooks = <TOOLS extends ToolSet>(
  tools: TOOLS,
  options: AiSdkHookOptions | AiSdkHooks
): HookedToolSet<TOOLS> => {
  const hooks = adapterOf(options)
  const wrapped: Record<string, AnyTool> = {}
  for (const [name, original] of Object.entries(tools)) wrapped[name] = wrapTool(hooks, name, original as AnyTool)
  knowTools(hooks, Object.keys(tools))
  return wrapped as HookedToolSet<TOOLS>
}
