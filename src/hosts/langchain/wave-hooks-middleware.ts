/**
 * A LangChain.js v1 agent middleware (`createAgent({ middleware: [...] })`)
 * that runs the project's hooks: `wrapToolCall` carries PreToolUse,
 * PostToolUse and PostToolUseFailure, `beforeAgent` UserPromptSubmit and
 * `afterAgent` Stop. The decisions are the pure functions of
 * `agent-actions.ts`; this module does the I/O and speaks LangChain
 * (`ToolMessage`s, messages, `jumpTo`).
 *
 * @since 0.2.0
 */
import type { BaseMessage, MessageContent } from "@langchain/core/messages"
import { AIMessage, HumanMessage, RemoveMessage, ToolMessage } from "@langchain/core/messages"
import type { AgentMiddleware, ToolCallHandler } from "langchain"
import { createMiddleware } from "langchain"
import { Effect, type FileSystem, Option, Predicate } from "effect"
import type { HookEvent } from "../../core/events.ts"
import type { JsonRecord } from "../../core/payload.ts"
import type { HookEffect } from "../../effects/hook-effect.ts"
import type { PermissionRequest, ToolCall } from "../../interpreters/contract.ts"
import { CouldNotAsk, needsAnswer, Permission } from "../../interpreters/contract.ts"
import type { PermissionHandler } from "../../interpreters/permission-handler.ts"
import { denyAll, errorText } from "../../interpreters/permission-handler.ts"
import type { PermissionAnswer, Resolution } from "../../interpreters/resolution.ts"
import { resolveCouldNotAsk, resolveEffects } from "../../interpreters/resolution.ts"
import type { UserMessage } from "../../interpreters/ai-sdk/user-message.ts"
import { userMessagesOf } from "../../interpreters/ai-sdk/user-message.ts"
import type { ProjectDirNotFound } from "../../runner/run-hooks.ts"
import type { SessionOptions } from "../../runner/session.ts"
import { HookSession } from "../../runner/session.ts"
import type { HookSessionSource } from "../session-source.ts"
import { AdapterSession } from "../session-source.ts"
import type { ToolNamesWording } from "../tool-matchers.ts"
import { ToolMatcherCheck } from "../tool-matchers.ts"
import { promptAction, stopAction, toolCallAction, toolResultAction } from "./agent-actions.ts"
import { withNodeFileSystem } from "../../runner/node-file-system.ts"

// ====== Models ======

/**
 * The middleware `waveHooksMiddleware` returns: no state or context schema
 * of its own, no tools; `close()` (since 0.3.0) ends the session it started
 * (the MCP servers of its `mcp_tool` hooks, its pending spans). A given
 * `hookSession` is its owner's to close; a later hook starts a new session.
 *
 * @category models
 * @since 0.2.0
 */
export type WaveHooksMiddleware = AgentMiddleware<undefined, undefined, unknown, readonly [], readonly []> & {
  readonly close: () => Promise<void>
}

/**
 * What the middleware does with hooks and the people around them.
 *
 * @category models
 * @since 0.2.0
 */
export interface WaveHooksMiddlewareHandlers {
  /** The middleware's `name` in the agent (names must be unique per agent); default `"WaveHooksMiddleware"`. */
  readonly name?: string
  /**
   * Who answers `AskPermission`: a `PermissionHandler` (default: deny, so
   * nothing runs unasked; a throw also denies), or `"interrupt"`: LangGraph's
   * `interrupt()` pauses the run with a `PermissionInterrupt` and the caller
   * resumes it with `new Command({ resume: "allow" })` (or `"deny"`); needs a
   * checkpointer.
   */
  readonly permission?: PermissionHandler | "interrupt"
  /**
   * A tool that throws: `"message"` (default) gives the model an error
   * `ToolMessage` ("Error: ...\n Please fix your mistakes.", as LangChain does
   * for tools without middleware), `"throw"` rethrows it (with the hooks'
   * notes appended to the message when there are any), for the agent's own
   * error handling.
   */
  readonly toolErrors?: "message" | "throw"
  /** Messages for the user only (`ShowUser`, permission answers, blocked prompts, halts, matcher warnings); never given to the model. */
  readonly onUserMessage?: (message: UserMessage) => void
  /** Notes for hook authors (`Diagnostic` effects). */
  readonly onDiagnostic?: (diagnostic: { readonly code: string; readonly message: string }) => void
  /** A hook halted the agent (`StopAgent`, `continue: false`); the reason is for the user. */
  readonly onStopAgent?: (reason: string | undefined) => void
}

/**
 * Options of `waveHooksMiddleware`: where the hooks come from (a running
 * `HookSession`, or the options to start one on first use) and the handlers.
 *
 * @category models
 * @since 0.2.0
 */
export type WaveHooksMiddlewareOptions = HookSessionSource & WaveHooksMiddlewareHandlers

/**
 * The value a tool call's permission question interrupts the run with when
 * `permission` is `"interrupt"` (found in the result's `__interrupt__`).
 * Resume with `"allow"` to run the tool; anything else denies it.
 *
 * @category models
 * @since 0.2.0
 */
export interface PermissionInterrupt extends PermissionRequest {
  readonly type: "wave-hooks/permission"
}

// ====== Helpers ======

const toolNames: ToolNamesWording = {
  owner: "the app's tools",
  testedAgainst: "the tool's name (the name the model calls it by)",
  fix: "Change the matcher, or the tool's name."
}

const host = "LangChain agents"

const recordOf = (input: unknown): JsonRecord => (Predicate.isObject(input) ? (input as JsonRecord) : { input })

/** LangGraph's control-flow errors (an `interrupt()`, a parent command): never a tool failure. */
const isBubbleUp = (error: unknown): boolean =>
  Predicate.isObject(error) && (error as { readonly is_bubble_up?: unknown }).is_bubble_up === true

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "string" ? error : String(error)

/** A message's text: a string content as it is, else its text blocks. */
const textOfMessage = (message: BaseMessage): string => message.text

/** The content with notes for the model: after a string, or as a text block after blocks. */
const withNotesIn = (content: MessageContent, notes: ReadonlyArray<string>): MessageContent =>
  notes.length === 0
    ? content
    : typeof content === "string"
      ? [content, ...notes].filter((part) => part !== "").join("\n\n")
      : [...content, { type: "text", text: notes.join("\n\n") }]

const lastOf = <A>(items: ReadonlyArray<A>): A | undefined => items[items.length - 1]

/** The tool-call ids of the tool messages after the last AI message (the current step's results). */
const currentToolCallIds = (messages: ReadonlyArray<BaseMessage>): ReadonlyArray<string> => {
  const ids: Array<string> = []
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!
    if (AIMessage.isInstance(message)) break
    if (ToolMessage.isInstance(message)) ids.push(message.tool_call_id)
  }
  return ids
}

type Request = Parameters<ToolCallHandler>[0]
type Result = Awaited<ReturnType<ToolCallHandler>>
type AgentState = { readonly messages: ReadonlyArray<BaseMessage> }
type AgentRuntime = { readonly signal?: AbortSignal | undefined }

// ====== The middleware's hooks ======

/**
 * The hooks of one middleware: its session (an `AdapterSession`: given, or
 * started on first use and ended by `close`), the file system the hooks read,
 * the user-facing reports, the matcher check and the run bookkeeping.
 */
class MiddlewareHooks {
  readonly options: WaveHooksMiddlewareOptions
  readonly adapter: AdapterSession
  private readonly known = new ToolMatcherCheck(toolNames)
  /** Tool calls a hook halted the agent on: the next `beforeModel` ends the run. */
  readonly haltedCalls = new Set<string>()
  /** The last message ids of runs a UserPromptSubmit hook ended: their `afterAgent` fires no Stop. */
  readonly endedRuns = new Set<string>()

  constructor(options: WaveHooksMiddlewareOptions) {
    this.options = options
    this.adapter = new AdapterSession(options)
  }

  /** The session (started once, on first use, when not given). */
  session(): Promise<HookSession> {
    return this.adapter.get()
  }

  /** Fire one event on the session; its effects. */
  async fire(
    event: HookEvent,
    payload: JsonRecord,
    signal: AbortSignal | undefined
  ): Promise<ReadonlyArray<HookEffect>> {
    const session = await this.session()
    const result = await Effect.runPromise(
      withNodeFileSystem(session.fire(event, payload)),
      signal === undefined ? undefined : { signal }
    )
    return result.effects
  }

  /** Tell the handlers what the user should know of one event's effects. */
  report(event: HookEvent, effects: ReadonlyArray<HookEffect>, resolution: Resolution, tool?: ToolCall): void {
    for (const message of userMessagesOf(
      { event, effects, ...(tool === undefined ? {} : { tool }) },
      resolution,
      host
    )) {
      this.options.onUserMessage?.(message)
    }
    for (const diagnostic of resolution.diagnostics) this.options.onDiagnostic?.(diagnostic)
    if (resolution.stop !== undefined) this.options.onStopAgent?.(resolution.stop.reason)
  }

  /** Warn once about tool-event matchers that match none of the agent's tools. */
  checkMatchers(session: HookSession): void {
    for (const message of this.known.take(session.settings)) {
      if (this.options.onUserMessage !== undefined) this.options.onUserMessage(message)
      else console.warn(`wave-hooks: ${message.text}`)
    }
  }

  /** Learn the agent's tool names (from a model call); new ones re-check the matchers. */
  learnTools(names: ReadonlyArray<string>): void {
    const before = this.known.names.size
    this.known.know(names)
    if (this.known.names.size !== before)
      this.session().then(
        (session) => this.checkMatchers(session),
        () => undefined
      )
  }
}

// ====== Asking ======

/** The answer to a PreToolUse's `AskPermission`, if it needs one: the handler's, LangGraph's `interrupt()`'s, or a failure to ask. */
const askPermission = async (
  hooks: MiddlewareHooks,
  effects: ReadonlyArray<HookEffect>,
  tool: ToolCall,
  interrupt: ((value: unknown) => unknown) | undefined
): Promise<PermissionAnswer | CouldNotAsk | undefined> => {
  if (!needsAnswer(effects)) return undefined
  const question = effects.find((e) => e._tag === "AskPermission")
  const reason = question?._tag === "AskPermission" ? question.reason : undefined
  const request: PermissionRequest = { event: "PreToolUse", tool, ...(reason === undefined ? {} : { reason }) }
  const permission = hooks.options.permission
  if (permission === "interrupt") {
    // No interrupt in the runtime (called outside a graph): nobody can be asked.
    if (interrupt === undefined) return "deny"
    const payload: PermissionInterrupt = { type: "wave-hooks/permission", ...request }
    // Throws LangGraph's GraphInterrupt the first time; returns the resume value when resumed.
    return interrupt(payload) === "allow" ? "allow" : "deny"
  }
  const handler = permission ?? denyAll
  try {
    return (await handler.ask(request)) === "allow" ? "allow" : "deny"
  } catch (error) {
    if (isBubbleUp(error)) throw error
    // The question could not be asked: denied, and the model is told so (not that the user refused).
    return new CouldNotAsk({ message: errorText(error) })
  }
}

// ====== The tool-call pipeline ======

/** PostToolUseFailure for a failed call: the notes for the model, or a replaced content. */
const afterFailure = async (
  hooks: MiddlewareHooks,
  call: ToolCall,
  error: string,
  preNotes: ReadonlyArray<string>,
  signal: AbortSignal | undefined
): Promise<{ readonly notes: ReadonlyArray<string>; readonly content: string | undefined }> => {
  const fields = { tool_name: call.name, tool_input: call.input, tool_use_id: call.id, error }
  const effects = await hooks.fire("PostToolUseFailure", fields, signal)
  const resolution = resolveEffects(effects)
  hooks.report("PostToolUseFailure", effects, resolution, call)
  if (resolution.stop !== undefined) hooks.haltedCalls.add(call.id)
  const action = toolResultAction(effects, resolution, preNotes)
  return action === undefined
    ? { notes: [], content: undefined }
    : action.replaced
      ? { notes: [], content: action.content }
      : { notes: action.notes, content: undefined }
}

/** An error `ToolMessage` for a call: a refusal, or a failure the model reads. */
const errorToolMessage = (call: ToolCall, content: MessageContent): ToolMessage =>
  new ToolMessage({ content, tool_call_id: call.id, name: call.name, status: "error" })

/** A tool that threw: PostToolUseFailure, then the error message for the model or, with `toolErrors: "throw"`, the error rethrown. */
const thrownByTool = async (
  hooks: MiddlewareHooks,
  call: ToolCall,
  error: unknown,
  preNotes: ReadonlyArray<string>,
  signal: AbortSignal | undefined
): Promise<Result> => {
  if (isBubbleUp(error)) throw error
  const failure = await afterFailure(hooks, call, errorMessage(error), preNotes, signal)
  if (hooks.options.toolErrors === "throw") {
    if (failure.content === undefined && failure.notes.length === 0) throw error
    const withFeedback = new Error([failure.content ?? errorMessage(error), ...failure.notes].join("\n\n"), {
      cause: error
    })
    if (error instanceof Error) withFeedback.name = error.name
    throw withFeedback
  }
  return errorToolMessage(
    call,
    failure.content ?? withNotesIn(`${String(error)}\n Please fix your mistakes.`, failure.notes)
  )
}

/** A tool's `ToolMessage`: PostToolUseFailure for an error status, else PostToolUse (its output replaced or annotated). */
const afterTool = async (
  hooks: MiddlewareHooks,
  call: ToolCall,
  result: ToolMessage,
  preNotes: ReadonlyArray<string>,
  signal: AbortSignal | undefined
): Promise<Result> => {
  if (result.status === "error") {
    const failure = await afterFailure(hooks, call, textOfMessage(result), preNotes, signal)
    if (failure.content === undefined && failure.notes.length === 0) return result
    return errorToolMessage(call, failure.content ?? withNotesIn(result.content, failure.notes))
  }
  const fields = {
    tool_name: call.name,
    tool_input: call.input,
    tool_use_id: call.id,
    tool_response: result.content as unknown
  }
  const post = await hooks.fire("PostToolUse", fields, signal)
  const postResolution = resolveEffects(post)
  hooks.report("PostToolUse", post, postResolution, call)
  if (postResolution.stop !== undefined) hooks.haltedCalls.add(call.id)
  const outcome = toolResultAction(post, postResolution, preNotes)
  if (outcome === undefined) return result
  return new ToolMessage({
    content: outcome.replaced ? outcome.content : withNotesIn(result.content, outcome.notes),
    tool_call_id: result.tool_call_id,
    ...(result.name === undefined ? {} : { name: result.name }),
    status: result.status ?? "success",
    ...(outcome.replaced || result.artifact === undefined ? {} : { artifact: result.artifact })
  })
}

/** `wrapToolCall`: PreToolUse (and its question), the tool with the hooks' arguments, then the after-tool hooks. */
const wrapToolCall = async (hooks: MiddlewareHooks, request: Request, handler: ToolCallHandler): Promise<Result> => {
  const { toolCall, runtime } = request
  const signal = runtime.signal
  const call: ToolCall = { id: toolCall.id ?? "", name: toolCall.name, input: recordOf(toolCall.args) }

  hooks.checkMatchers(await hooks.session())
  const pre = await hooks.fire(
    "PreToolUse",
    { tool_name: call.name, tool_input: call.input, tool_use_id: call.id },
    signal
  )
  const answer = await askPermission(hooks, pre, call, runtime.interrupt)
  const preResolution =
    answer instanceof CouldNotAsk ? resolveCouldNotAsk(pre, answer.message) : resolveEffects(pre, answer)
  hooks.report("PreToolUse", pre, preResolution, call)
  const action = toolCallAction(pre, preResolution)
  if (action._tag === "Refuse") {
    if (action.halt) hooks.haltedCalls.add(call.id)
    return errorToolMessage(call, action.content)
  }
  const args = action.args ?? call.input
  const finalCall: ToolCall = { ...call, input: args }
  let result: Result
  try {
    result = await handler(
      action.args === undefined ? request : { ...request, toolCall: { ...toolCall, args: { ...args } } }
    )
  } catch (error) {
    return thrownByTool(hooks, finalCall, error, action.notes, signal)
  }
  return ToolMessage.isInstance(result) ? afterTool(hooks, finalCall, result, action.notes, signal) : result
}

// ====== The agent's turn ======

/** `beforeAgent`: UserPromptSubmit for a new prompt; a block removes it and ends the run, context joins it. */
const beforeAgent = async (hooks: MiddlewareHooks, state: AgentState, runtime: AgentRuntime) => {
  const prompt = lastOf(state.messages)
  if (prompt === undefined || !HumanMessage.isInstance(prompt)) return undefined
  const effects = await hooks.fire("UserPromptSubmit", { prompt: textOfMessage(prompt) }, runtime.signal)
  const resolution = resolveEffects(effects)
  hooks.report("UserPromptSubmit", effects, resolution)
  const action = promptAction(effects, resolution)
  switch (action._tag) {
    case "Halt":
      hooks.endedRuns.add(prompt.id ?? "")
      return { jumpTo: "end" as const }
    case "Block": {
      if (prompt.id === undefined) return { jumpTo: "end" as const }
      hooks.endedRuns.add(state.messages[state.messages.length - 2]?.id ?? "")
      return { messages: [new RemoveMessage({ id: prompt.id })], jumpTo: "end" as const }
    }
    case "Continue":
      return action.messages.length === 0 ? undefined : { messages: [new HumanMessage(action.messages.join("\n\n"))] }
  }
}

/** `beforeModel`: a tool call of this step halted the agent: the run ends. */
const beforeModel = (hooks: MiddlewareHooks, state: AgentState) => {
  if (hooks.haltedCalls.size === 0) return undefined
  const halted = currentToolCallIds(state.messages).filter((id) => hooks.haltedCalls.has(id))
  if (halted.length === 0) return undefined
  for (const id of halted) hooks.haltedCalls.delete(id)
  return { jumpTo: "end" as const }
}

/** `afterAgent`: Stop, unless a hook ended the run; a blocked Stop sends the agent back to the model. */
const afterAgent = async (hooks: MiddlewareHooks, state: AgentState, runtime: AgentRuntime) => {
  const lastId = lastOf(state.messages)?.id ?? ""
  if (hooks.endedRuns.delete(lastId)) return undefined
  // A halted tool call that ended the run without a model call (a tool with returnDirect): no Stop either.
  if (beforeModel(hooks, state) !== undefined) return undefined
  const reply = [...state.messages].reverse().find((m) => AIMessage.isInstance(m))
  const effects = await hooks.fire(
    "Stop",
    reply === undefined ? {} : { last_assistant_message: textOfMessage(reply) },
    runtime.signal
  )
  const resolution = resolveEffects(effects)
  hooks.report("Stop", effects, resolution)
  const action = stopAction(effects, resolution)
  return action._tag === "End" ? undefined : { messages: [new HumanMessage(action.message)], jumpTo: "model" as const }
}

/** The LangChain middleware of some hooks, with their `close`. */
const middlewareOf = (hooks: MiddlewareHooks): WaveHooksMiddleware => {
  const middleware = createMiddleware({
    name: hooks.options.name ?? "WaveHooksMiddleware",
    tools: [],
    wrapToolCall: (request, handler) => wrapToolCall(hooks, request, handler),
    wrapModelCall: (request, handler) => {
      hooks.learnTools(
        request.tools.flatMap((t) => (Predicate.isObject(t) && typeof t["name"] === "string" ? [t["name"]] : []))
      )
      return handler(request)
    },
    beforeAgent: { canJumpTo: ["end"], hook: (state, runtime) => beforeAgent(hooks, state, runtime) },
    beforeModel: { canJumpTo: ["end"], hook: (state) => beforeModel(hooks, state) },
    afterAgent: { canJumpTo: ["model"], hook: (state, runtime) => afterAgent(hooks, state, runtime) }
  })
  return Object.assign(middleware, { close: () => hooks.adapter.close() })
}

// ====== The middleware ======

/**
 * A LangChain.js v1 agent middleware that runs the project's hooks.
 *
 * **When to use**
 *
 * With `createAgent` from `langchain`, when the project's hooks
 * (`.wave/settings.json`, `.claude/settings.json`) should guard and shape
 * tool calls, see prompts and decide when the agent may stop.
 *
 * **Details**
 *
 * - `wrapToolCall`, for each tool call (tool_name = the tool's name,
 *   tool_input = the call's `args`, tool_use_id = its id):
 *   1. PreToolUse. A `BlockTool`, a refused ask, a `DeferTool` or a
 *      `StopAgent`: the tool does not run, and the model gets an error
 *      `ToolMessage` with the reason. `AskPermission` goes to `permission`.
 *      `UpdateInput`: the tool runs with the new arguments.
 *   2. The tool runs. If it throws (or returns an error `ToolMessage`):
 *      PostToolUseFailure (`error` = the message), then see `toolErrors`.
 *   3. PostToolUse (tool_response = the `ToolMessage`'s content).
 *      `UpdateToolOutput` replaces it: a new `ToolMessage` with the new
 *      content and no artifact (the original is withheld). Context and
 *      feedback of both events are appended ("Hook context: ...",
 *      "Hook feedback: ...").
 *   A `StopAgent` ends the run before the next model call (`beforeModel`
 *   jumps to the end; Stop does not fire).
 * - `beforeAgent`: UserPromptSubmit with the text of the last message when
 *   it is a `HumanMessage` (a run without a new prompt fires nothing).
 *   `BlockPrompt`: the prompt is removed from the state and the run ends
 *   (`jumpTo: "end"`); Stop does not fire. Context and feedback: one
 *   `HumanMessage` after the prompt. `StopAgent`: the run ends.
 * - `afterAgent`: Stop (with `last_assistant_message`, the text of the last
 *   `AIMessage`). `BlockStop` (or feedback): the reason becomes a
 *   `HumanMessage` and the agent goes back to the model (`jumpTo:
 *   "model"`), until a Stop is not blocked; the session's Stop-loop cap
 *   (default 8) bounds this.
 * - `wrapModelCall` only learns the agent's tool names, for the matcher
 *   warning: a tool-event matcher that matches none of them (`"Bash"` for a
 *   tool named `bash`) gets one `UserMessage` at level `warning`
 *   (`onUserMessage`, else `console.warn`).
 *
 * User-facing texts go to `onUserMessage`, never to the model. The session
 * starts on the first hook (settings read once) and `close()` ends it; give a
 * `hookSession` to share one across agents, or to keep the Stop-loop counter
 * across runs (then it is yours to close).
 *
 * **Gotchas**
 *
 * - With `permission: "interrupt"`, the interrupted tool call is run again
 *   when the run resumes, so its PreToolUse hooks run twice; a resume value
 *   answers every pending question unless it is a map by interrupt id.
 * - A tool that returns a `Command` is passed on as it is: PostToolUse does
 *   not fire for it.
 * - SessionStart, SessionEnd, PermissionRequest and the compaction and
 *   subagent events are not fired: fire them on the session yourself.
 *
 * **Example** (An agent with hooks)
 *
 * ```ts
 * import { createAgent } from "langchain"
 * import { waveHooksMiddleware } from "wave-hooks/langchain"
 *
 * const agent = createAgent({
 *   model, tools: [bash],
 *   middleware: [waveHooksMiddleware({ projectDir: process.cwd(), permission: { ask: () => "deny" } })]
 * })
 * await agent.invoke({ messages: [{ role: "user", content: "clean the build folder" }] })
 * ```
 *
 * @category middleware
 * @since 0.2.0
 */
export const waveHooksMiddleware = (options: WaveHooksMiddlewareOptions): WaveHooksMiddleware =>
  middlewareOf(new MiddlewareHooks(options))

/**
 * `waveHooksMiddleware` for Effect programs: the session starts now (its
 * settings read, a missing `projectDir` failing with `ProjectDirNotFound`;
 * the middleware's `close()` ends it),
 * and the hooks run on the `HookProcess` (and `HttpHook`, `McpTools`,
 * `PromptHooks`) of the context when there are. Without a `permission`
 * handler, asks go to the `Permission` service of the context when there
 * is one, else they are denied.
 *
 * **Example** (With canned hook runs)
 *
 * ```ts
 * const middleware = yield* makeWaveHooksMiddleware({ projectDir }).pipe(
 *   Effect.provide(HookProcess.layerTest({ "./guard.sh": { exitCode: 2, stderr: "no" } }))
 * )
 * const agent = createAgent({ model, tools, middleware: [middleware] })
 * ```
 *
 * @category middleware
 * @since 0.2.0
 */
export const makeWaveHooksMiddleware = (
  options: SessionOptions & WaveHooksMiddlewareHandlers
): Effect.Effect<WaveHooksMiddleware, ProjectDirNotFound, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const session = yield* HookSession.start(options)
    const fromContext = yield* Effect.serviceOption(Permission)
    const permission: PermissionHandler | "interrupt" | undefined =
      options.permission ??
      (Option.isSome(fromContext) ? { ask: (request) => Effect.runPromise(fromContext.value.ask(request)) } : undefined)
    const hooks = new MiddlewareHooks({ ...options, ...(permission === undefined ? {} : { permission }) })
    // The session started here is the middleware's: its close() ends it.
    hooks.adapter.adopt(session)
    return middlewareOf(hooks)
  })
