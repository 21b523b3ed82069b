/**
 * Hooks for agents of the OpenAI Agents SDK (`@openai/agents`, an optional
 * peer dependency): `withHooks` returns a copy of an `Agent` whose function
 * tools fire PreToolUse, PostToolUse and PostToolUseFailure, with the hooks'
 * effects carried out through the SDK's own slots (approvals, tool
 * guardrails, the tool's output). The decisions are the pure functions of
 * `tool-actions.ts`; this file only wraps and does the I/O.
 *
 * @since 0.2.0
 */
import type {
  Agent,
  AgentOutputType,
  RunToolApprovalItem,
  Tool,
  ToolGuardrailFunctionOutput,
  ToolInputGuardrailDefinition,
  ToolOutputGuardrailDefinition
} from "@openai/agents"
import { Effect, type FileSystem, Predicate } from "effect"
import type { HookEvent } from "../../core/events.ts"
import type { JsonRecord } from "../../core/payload.ts"
import type { HookEffect } from "../../effects/hook-effect.ts"
import type { UserMessage } from "../../interpreters/ai-sdk/user-message.ts"
import type { ProjectDirNotFound } from "../../runner/run-hooks.ts"
import { HookSession } from "../../runner/session.ts"
import type { HookSessionSource } from "../session-source.ts"
import { AdapterSession } from "../session-source.ts"
import { ToolMatcherCheck } from "../tool-matchers.ts"
import type { HookStop, PostToolAction, PreToolAction } from "./tool-actions.ts"
import {
  failureMessage,
  hookGuardrailName,
  needsApprovalOf,
  postToolAction,
  preToolAction,
  userMessagesOf
} from "./tool-actions.ts"

// ====== Models ======

/**
 * Options of the OpenAI Agents host: where the hooks come from (a
 * `hookSession`, or `projectDir` and the other session options) and where
 * the texts meant for people go.
 *
 * @category models
 * @since 0.2.0
 */
export type OpenAIAgentsHookOptions = HookSessionSource & {
  /** Messages for the user only (`ShowUser`, approvals asked, halts, matcher warnings); never given to the model. Default: warnings go to `console.warn`. */
  readonly onUserMessage?: (message: UserMessage) => void
  /** Notes for hook authors (`Diagnostic` effects). */
  readonly onDiagnostic?: (diagnostic: { readonly code: string; readonly message: string }) => void
  /** A hook halted the agent (`StopAgent`, `continue: false`); the reason is for the user. The run then rejects (see `hookStopOf`). */
  readonly onStopAgent?: (reason: string | undefined) => void
}

/** The tool call's arguments or input: a JSON object as it is, a JSON text parsed, anything else as `{ input }`. */
const toolInputOf = (value: unknown): JsonRecord => {
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value)
      if (Predicate.isObject(parsed) && !Array.isArray(parsed)) return parsed as JsonRecord
    } catch {
      // not JSON: the text is the input
    }
    return { input: value }
  }
  return Predicate.isObject(value) && !Array.isArray(value) ? (value as JsonRecord) : { input: value }
}

const fieldOf = (value: unknown, key: string): unknown =>
  Predicate.isObject(value) ? (value as { readonly [k: string]: unknown })[key] : undefined

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "string" ? error : (JSON.stringify(error) ?? String(error))

/** One tool call of one run: PreToolUse's decision (fired once), and PostToolUse's halt for the output guardrail. */
interface CallRecord {
  readonly pre: Promise<PreToolAction>
  postStop?: { readonly reason?: string }
}

const wording = {
  owner: "the agent's tools",
  testedAgainst: "the tool's name (tool({ name }))",
  fix: "Change the matcher, or the tool's name."
}

// ====== OpenAIAgentsHooks ======

/**
 * The hook side of an OpenAI Agents app, shared by the agents `withHooks`
 * wraps with it.
 *
 * **When to use**
 *
 * Build one to share a session (one settings snapshot) between several
 * agents (handoffs, an agent and its sub-agents), to look up why a hook
 * asked for approval (`askReason`), or to fire other events by hand; else
 * pass plain options to `withHooks`. With Effect, `OpenAIAgentsHooks.make`
 * starts the session in the caller's context (its `HookProcess` and other
 * hook transports).
 *
 * **Details**
 *
 * A session is started on the first event when none is given; its settings
 * are read once. User-facing texts go to `onUserMessage`, diagnostics to
 * `onDiagnostic`; a `StopAgent` sets `halted` and calls `onStopAgent`.
 *
 * **Example** (Two agents, one session)
 *
 * ```ts
 * const hooks = new OpenAIAgentsHooks({ projectDir: process.cwd(), onUserMessage: (m) => console.log(m.text) })
 * const researcher = withHooks(new Agent({ name: "researcher", tools: [search] }), hooks)
 * const writer = withHooks(new Agent({ name: "writer", tools: [bash], handoffs: [researcher] }), hooks)
 * ```
 *
 * @category adapters
 * @since 0.2.0
 */
export class OpenAIAgentsHooks {
  readonly options: OpenAIAgentsHookOptions
  /** Set when a hook halted the agent (`StopAgent`). */
  halted: { readonly reason?: string } | undefined
  private readonly lazySession: AdapterSession

  constructor(options: OpenAIAgentsHookOptions) {
    this.options = options
    this.lazySession = new AdapterSession(options)
  }

  /**
   * The hooks with their session started now, in the Effect context: a
   * given `hookSession`, else `HookSession.start` (so a `HookProcess`,
   * `HttpHook`, `McpTools` or `PromptHooks` of the context is used). Fails
   * with `ProjectDirNotFound` for a missing `projectDir`.
   *
   * **Example** (With Effect)
   *
   * ```ts
   * const hooks = yield* OpenAIAgentsHooks.make({ projectDir: "/repo" })
   * const agent = withHooks(new Agent({ name: "dev", tools: [bash] }), hooks)
   * ```
   *
   * @since 0.2.0
   */
  static make(
    options: OpenAIAgentsHookOptions
  ): Effect.Effect<OpenAIAgentsHooks, ProjectDirNotFound, FileSystem.FileSystem> {
    return Effect.gen(function* () {
      const session =
        "hookSession" in options
          ? yield* Effect.promise(() => Promise.resolve(options.hookSession))
          : yield* HookSession.start(options)
      const hooks = new OpenAIAgentsHooks(options)
      hooks.lazySession.adopt(session)
      return hooks
    })
  }

  /** The session (started once, on first use, when not given). */
  session(): Promise<HookSession> {
    return this.lazySession.get()
  }

  /**
   * Why a hook asked for approval of an interrupted call (`AskPermission`'s
   * or `DeferTool`'s reason, for the user): `undefined` when the hook gave
   * none or no hook asked about the call.
   */
  askReason(interruption: RunToolApprovalItem): string | undefined {
    const callId = fieldOf(interruption.rawItem, "callId")
    return typeof callId === "string" ? internalOf(this).asks.get(callId) : undefined
  }

  /**
   * End the session this adapter started (the MCP servers its `mcp_tool`
   * hooks started; the spans it has not exported yet are flushed). A
   * `hookSession` given in the options is its owner's to close. Call it when
   * the app's agent session ends; a later event starts a new session.
   *
   * @since 0.2.0
   */
  close(): Promise<void> {
    return this.lazySession.close()
  }

  /** Record a halt and tell `onStopAgent`. */
  halt(reason: string | undefined): void {
    this.halted = reason === undefined ? {} : { reason }
    this.options.onStopAgent?.(reason)
  }

  /**
   * Run an event's hooks and return their combined effects, once the user
   * messages (for a tool event, `toolName` names the tool in them) and
   * diagnostics were handed out and a halt recorded.
   */
  async fire(event: HookEvent, payload: JsonRecord, toolName = ""): Promise<ReadonlyArray<HookEffect>> {
    const session = await this.session()
    warnMatchers(this, session)
    const { effects } = await session.firePromise(event, payload)
    for (const message of userMessagesOf(event, toolName, effects)) this.options.onUserMessage?.(message)
    for (const effect of effects)
      if (effect._tag === "Diagnostic") this.options.onDiagnostic?.({ code: effect.code, message: effect.message })
    const stop = effects.find((e) => e._tag === "StopAgent")
    if (stop !== undefined) this.halt(stop.reason)
    return effects
  }
}

// ====== The hooks' state ======

interface Internal {
  /** The function tool names of the wrapped agents, for the matcher warning. */
  readonly matchers: ToolMatcherCheck
  /** Per run (its `RunContext`): its tool calls. */
  readonly runs: WeakMap<object, Map<string, CallRecord>>
  /** Why a hook asked for approval, by call id. */
  readonly asks: Map<string, string | undefined>
}

const internals = new WeakMap<OpenAIAgentsHooks, Internal>()

const internalOf = (hooks: OpenAIAgentsHooks): Internal => {
  let internal = internals.get(hooks)
  if (internal === undefined) {
    internal = { matchers: new ToolMatcherCheck(wording), runs: new WeakMap(), asks: new Map() }
    internals.set(hooks, internal)
  }
  return internal
}

/** Warn (once each) about matchers none of the tools match: `onUserMessage`, else `console.warn`. */
const warnMatchers = (hooks: OpenAIAgentsHooks, session: HookSession): void => {
  for (const message of internalOf(hooks).matchers.take(session.settings)) {
    if (hooks.options.onUserMessage !== undefined) hooks.options.onUserMessage(message)
    else console.warn(`wave-hooks: ${message.text}`)
  }
}

/** Add tool names and warn about matchers none of them match, as soon as the settings are read. */
const knowTools = (hooks: OpenAIAgentsHooks, names: ReadonlyArray<string>): void => {
  internalOf(hooks).matchers.know(names)
  hooks.session().then(
    (session) => warnMatchers(hooks, session),
    () => undefined
  )
}

/** Fire PreToolUse for a call and decide it. */
const decide = async (
  hooks: OpenAIAgentsHooks,
  callId: string | undefined,
  toolName: string,
  input: unknown
): Promise<PreToolAction> => {
  const payload = {
    tool_name: toolName,
    tool_input: toolInputOf(input),
    ...(callId === undefined ? {} : { tool_use_id: callId })
  }
  const action = preToolAction(await hooks.fire("PreToolUse", payload, toolName))
  if (callId !== undefined && action._tag === "Run" && action.approval === "ask")
    internalOf(hooks).asks.set(callId, action.askReason)
  return action
}

/** The call's record in its run, created with PreToolUse fired (once) when new. */
const callOf = (
  hooks: OpenAIAgentsHooks,
  runContext: object,
  callId: string,
  toolName: string,
  input: unknown
): CallRecord => {
  const { runs } = internalOf(hooks)
  let calls = runs.get(runContext)
  if (calls === undefined) {
    calls = new Map()
    runs.set(runContext, calls)
  }
  const known = calls.get(callId)
  if (known !== undefined) return known
  const record: CallRecord = { pre: decide(hooks, callId, toolName, input) }
  calls.set(callId, record)
  return record
}

// ====== Wrapping a tool ======

type AgentFunctionTool<TContext> = Extract<Tool<TContext>, { readonly type: "function" }>
type Invoke<TContext> = AgentFunctionTool<TContext>["invoke"]
type InvokeDetails<TContext> = Parameters<Invoke<TContext>>[2]

const allow = (): ToolGuardrailFunctionOutput => ({ behavior: { type: "allow" } })
const stopWith = (stop: HookStop): ToolGuardrailFunctionOutput => ({
  behavior: { type: "throwException" },
  outputInfo: stop
})
const hookStop = (event: HookStop["event"], toolName: string, reason: string | undefined): HookStop => ({
  waveHooksStop: true,
  event,
  toolName,
  ...(reason === undefined ? {} : { reason })
})

/** What a stopped call returns when `invoke` is called outside a run, where no guardrail ends it. */
const stoppedOutput = "The tool call was not run: a hook stopped the agent."

/** A function tool whose calls run the hooks: PreToolUse decides approval and guards the input, PostToolUse the output. */
const wrapFunctionTool = <TContext>(
  hooks: OpenAIAgentsHooks,
  original: AgentFunctionTool<TContext>
): AgentFunctionTool<TContext> => {
  const name = original.name
  const originalInvoke = original.invoke
  const originalApproval = original.needsApproval
  /** The call's record, when the SDK gave its run and call id. */
  const recordOf = (runContext: object, callId: string | undefined, input: unknown): CallRecord | undefined =>
    callId === undefined ? undefined : callOf(hooks, runContext, callId, name, input)

  const needsApproval: AgentFunctionTool<TContext>["needsApproval"] = async (runContext, input, callId) => {
    const action = await (recordOf(runContext, callId, input)?.pre ?? decide(hooks, callId, name, input))
    return needsApprovalOf(action) ?? (await originalApproval(runContext, input, callId))
  }

  const invoke: Invoke<TContext> = async (runContext, input, details?: InvokeDetails<TContext>) => {
    const callId = details?.toolCall?.callId
    const record = recordOf(runContext, callId, input)
    const action = await (record?.pre ?? decide(hooks, callId, name, input))
    if (action._tag !== "Run") return notRunOutput(action)
    if (action.approval === "ask" && record === undefined) return askOutsideRunOutput
    if (callId !== undefined) internalOf(hooks).asks.delete(callId)
    const finalInput = action.input === undefined ? input : JSON.stringify(action.input)
    const call: HookedCall<TContext> = {
      hooks,
      name,
      callId,
      runContext,
      input: finalInput,
      details,
      notes: action.notes
    }
    const post = await invokeWithHooks(call, originalInvoke)
    if (post.stop !== undefined && record !== undefined) record.postStop = post.stop
    return post.output
  }

  return withOwnProperties(original, {
    needsApproval,
    invoke,
    inputGuardrails: [inputGuardrailOf<TContext>(hooks, name), ...(original.inputGuardrails ?? [])],
    outputGuardrails: [outputGuardrailOf<TContext>(hooks, name), ...(original.outputGuardrails ?? [])]
  })
}

/** The input guardrail: PreToolUse's refusal or stop for the call (an ask reaches it only once approved, and runs). */
const inputGuardrailOf = <TContext>(
  hooks: OpenAIAgentsHooks,
  name: string
): ToolInputGuardrailDefinition<TContext> => ({
  type: "tool_input",
  name: hookGuardrailName,
  run: async ({ context, toolCall }) => {
    const action = await callOf(hooks, context, toolCall.callId, name, toolCall.arguments).pre
    // An ask reaches the guardrails only once approved (`state.approve`): it runs.
    return action._tag === "Refuse"
      ? { behavior: { type: "rejectContent", message: action.output } }
      : action._tag === "Stop"
        ? stopWith(hookStop("PreToolUse", name, action.reason))
        : allow()
  }
})

/** The output guardrail: ends the run when PostToolUse stopped the agent. */
const outputGuardrailOf = <TContext>(
  hooks: OpenAIAgentsHooks,
  name: string
): ToolOutputGuardrailDefinition<TContext> => ({
  type: "tool_output",
  name: hookGuardrailName,
  run: async ({ context, toolCall }) => {
    const stop = callOf(hooks, context, toolCall.callId, name, toolCall.arguments).postStop
    return stop === undefined ? allow() : stopWith(hookStop("PostToolUse", name, stop.reason))
  }
})

/**
 * What a direct `invoke` returns for a call PreToolUse refused or stopped (in
 * a run the input guardrail refuses and stops first).
 */
const notRunOutput = (action: Exclude<PreToolAction, { readonly _tag: "Run" }>): string =>
  action._tag === "Refuse" ? action.output : stoppedOutput

/** What an `invoke` outside a run returns when a hook asked for approval. */
const askOutsideRunOutput = "The tool call was not run: a hook asked for approval, which only a run can ask for."

/** One call that runs: where it runs, with what input, and the notes PreToolUse left. */
interface HookedCall<TContext> {
  readonly hooks: OpenAIAgentsHooks
  readonly name: string
  readonly callId: string | undefined
  readonly runContext: Parameters<Invoke<TContext>>[0]
  readonly input: string
  readonly details: InvokeDetails<TContext> | undefined
  readonly notes: ReadonlyArray<string>
}

/**
 * Run the tool, then PostToolUse (its output as the hooks leave it) or, when
 * it throws, PostToolUseFailure (the error again, its message with the hooks'
 * feedback when there is any).
 */
const invokeWithHooks = async <TContext>(
  call: HookedCall<TContext>,
  run: Invoke<TContext>
): Promise<PostToolAction> => {
  const { hooks, name, callId } = call
  const fields = {
    tool_name: name,
    tool_input: toolInputOf(call.input),
    ...(callId === undefined ? {} : { tool_use_id: callId })
  }
  let output: unknown
  try {
    output = await run(call.runContext, call.input, call.details)
  } catch (error) {
    const message = errorMessage(error)
    const effects = await hooks.fire("PostToolUseFailure", { ...fields, error: message }, name)
    const withFeedback = failureMessage(effects, message, call.notes)
    if (withFeedback === undefined) throw error
    const rethrown = new Error(withFeedback, { cause: error })
    if (error instanceof Error) rethrown.name = error.name
    throw rethrown
  }
  const effects = await hooks.fire("PostToolUse", { ...fields, tool_response: toJson(output) }, name)
  return postToolAction(effects, output, call.notes)
}

/**
 * A copy of a tool with some properties replaced. Own property descriptors
 * keep the SDK's symbol-keyed markers (namespaces, output validators).
 */
const withOwnProperties = <T extends object>(original: T, replaced: { readonly [key: string]: unknown }): T => {
  const wrapped = Object.defineProperties({}, Object.getOwnPropertyDescriptors(original)) as T
  for (const [key, value] of Object.entries(replaced)) {
    Object.defineProperty(wrapped, key, { value, enumerable: true, writable: true, configurable: true })
  }
  return wrapped
}

/** A tool's output as hooks read it (`tool_response`): JSON values as they are, anything else through JSON. */
const toJson = (value: unknown): unknown => {
  if (
    value === undefined ||
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
  )
    return value ?? null
  try {
    return JSON.parse(JSON.stringify(value)) as unknown
  } catch {
    return String(value)
  }
}

// ====== withHooks ======

/**
 * A copy of an agent whose function tools run the project's hooks.
 *
 * **When to use**
 *
 * With `run()` / `Runner` of the OpenAI Agents SDK, when the project's hooks
 * (`.wave/settings.json`) should guard and shape the agent's tool calls.
 *
 * **Details**
 *
 * For each call of a function tool (tool_name = the tool's `name`,
 * tool_input = its arguments, tool_use_id = the `callId`):
 *
 * 1. PreToolUse, once per call, when the SDK asks the tool's
 *    `needsApproval`:
 *    - `BlockTool`: the tool does not run; its input guardrail
 *      (`wave-hooks`) rejects the call and the model gets the reason as the
 *      tool's output.
 *    - `AskPermission` (or `DeferTool`): `needsApproval` says yes, so the
 *      run stops with the call in `result.interruptions`;
 *      `result.state.approve(item)` and a new `run(agent, result.state)`
 *      runs it, `state.reject(item)` refuses it (the model gets the SDK's
 *      rejection text, or the `message` given). `askReason(item)` of an
 *      `OpenAIAgentsHooks` tells why.
 *    - `AllowTool`: no approval, even when the tool asks for one; no
 *      decision: the tool's own `needsApproval` decides.
 *    - `UpdateInput`: the tool's `invoke` gets the new arguments.
 *    - `StopAgent` (`continue: false`): the input guardrail throws, so the
 *      run rejects; `hookStopOf(error)` tells the halt from other errors.
 * 2. The tool runs. If it throws (a tool with `errorFunction: null`, or a
 *    timeout that raises): PostToolUseFailure (with `error`), then the error
 *    is rethrown (with hook feedback appended to its message).
 * 3. PostToolUse (tool_response = the output). `UpdateToolOutput` replaces
 *    what the model sees; context and feedback are appended to it as text
 *    ("Hook context: ...", "Hook feedback: ..."); `StopAgent` makes the
 *    output guardrail throw, which ends the run.
 *
 * User-facing texts go to `onUserMessage`, never to the model. Matchers test
 * the tool's `name`, case-sensitively: a tool-event matcher that matches
 * none of the agent's function tools (`"Bash"` for a tool named `bash`)
 * gets one warning, as soon as the settings are read.
 *
 * **Gotchas**
 *
 * - Only function tools are hooked: hosted tools, computer, shell and
 *   apply_patch tools, and the tools of `mcpServers` are left as they are.
 *   Handoff agents are separate agents: wrap each (pass one
 *   `OpenAIAgentsHooks` to share the session).
 * - A tool whose errors become results (the default `errorFunction`) fires
 *   PostToolUse with that error text, not PostToolUseFailure.
 * - The tool's `timeoutMs` covers PostToolUse's hooks too.
 * - A run resumed from a serialized `RunState` (a new `RunContext`) fires
 *   PreToolUse again for an approved call; the approval stands.
 * - With a function `needsApproval` (as `withHooks` sets), the SDK asks for
 *   approval of a call whose arguments are not valid JSON before reporting
 *   the parse error.
 *
 * **Example** (A guarded agent)
 *
 * ```ts
 * import { Agent, run } from "@openai/agents"
 * import { withHooks } from "wave-hooks/openai-agents"
 *
 * const agent = withHooks(new Agent({ name: "dev", tools: [bash] }), { projectDir: process.cwd() })
 * let result = await run(agent, "clean the build folder")
 * for (const item of result.interruptions) result.state.approve(item) // after asking the user
 * if (result.interruptions.length > 0) result = await run(agent, result.state)
 * ```
 *
 * @category adapters
 * @since 0.2.0
 */
export const withHooks = <TContext, TOutput extends AgentOutputType>(
  agent: Agent<TContext, TOutput>,
  options: OpenAIAgentsHookOptions | OpenAIAgentsHooks
): Agent<TContext, TOutput> => {
  const hooks = options instanceof OpenAIAgentsHooks ? options : new OpenAIAgentsHooks(options)
  const tools = agent.tools.map((tool) => (tool.type === "function" ? wrapFunctionTool(hooks, tool) : tool))
  knowTools(
    hooks,
    tools.flatMap((tool) => (tool.type === "function" ? [tool.name] : []))
  )
  return agent.clone({ tools })
}

/**
 * `withHooks` for Effect programs: the session is started now, in the
 * caller's context (`OpenAIAgentsHooks.make`), so a `HookProcess` (real or
 * `HookProcess.layerTest`) or other hook transport of the context runs the
 * hooks, and a missing `projectDir` fails here with `ProjectDirNotFound`.
 *
 * **Example** (With Effect)
 *
 * ```ts
 * const program = Effect.gen(function*() {
 *   const agent = yield* withHooksEffect(new Agent({ name: "dev", tools: [bash] }), { projectDir: "/repo" })
 *   return yield* Effect.promise(() => run(agent, "tidy up"))
 * })
 * ```
 *
 * @category adapters
 * @since 0.2.0
 */
export const withHooksEffect = <TContext, TOutput extends AgentOutputType>(
  agent: Agent<TContext, TOutput>,
  options: OpenAIAgentsHookOptions | OpenAIAgentsHooks
): Effect.Effect<Agent<TContext, TOutput>, ProjectDirNotFound, FileSystem.FileSystem> =>
  (options instanceof OpenAIAgentsHooks ? Effect.succeed(options) : OpenAIAgentsHooks.make(options)).pipe(
    Effect.map((hooks) => withHooks(agent, hooks))
  )
