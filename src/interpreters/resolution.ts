/**
 * What the agent does next, given the combined effects of an event and the
 * user's answer to an `AskPermission`. Every interpreter returns this same
 * resolution for the same effects and answers; they differ only in how they
 * show things.
 *
 * @since 0.1.0
 */
import type { EffectOf, HookEffect, HookEffectTag } from "../effects/hook-effect.ts"
import { absorbs, precedence, strongestPermission, tagsIn } from "../effects/precedence.ts"

/**
 * The user's answer to a permission question.
 *
 * @category models
 * @since 0.1.0
 */
export type PermissionAnswer = "allow" | "deny"

/**
 * What the agent does next.
 *
 * @category models
 * @since 0.1.0
 */
export interface Resolution {
  /**
   * The tool call's fate (tool events): `allow` runs it without asking,
   * `deny` does not run it, `defer` (since 0.2.0) neither runs nor refuses it
   * now, `default` leaves it to the agent's own rules. PreModelSwitch's allow
   * and ask use the same verdicts for the switch.
   */
  readonly permission: "allow" | "deny" | "defer" | "default"
  /** Since 0.2.0: the tool call was deferred (`permission: "defer"`): the agent pauses it for its host. */
  readonly deferred?: { readonly reason?: string }
  /** Why the tool call was denied (for the model), when it was. */
  readonly denyReason?: string
  /**
   * The user answered an `AskPermission`; `timedOutAfterMs` is set when
   * nobody answered in time and the question was denied (see `AskTimeout`);
   * `couldNotAsk` (since 0.2.0) holds the error when the question could not
   * be asked at all (the permission handler threw) and the call was denied.
   */
  readonly asked?: {
    readonly reason?: string
    readonly answer: PermissionAnswer
    readonly timedOutAfterMs?: number
    readonly couldNotAsk?: string
  }
  /** The tool runs with this input. */
  readonly toolInput?: { readonly [key: string]: unknown }
  /** The model sees this instead of the tool's output. */
  readonly toolOutput?: { readonly value: unknown }
  /** Text added to the model's context. */
  readonly context: ReadonlyArray<string>
  /** Feedback the model is prompted with. */
  readonly feedback: ReadonlyArray<string>
  /** The prompt is erased; the reason is for the user. */
  readonly promptBlocked?: string
  /** The agent must not stop; it continues with this reason. */
  readonly continueWith?: string
  /** Compaction does not happen. */
  readonly compactionBlocked?: string
  /** Since 0.2.0: the action the event announces (settings change, model switch, worktree) does not happen. */
  readonly actionBlocked?: string
  /** Since 0.2.0: the model is told it may retry the denied call. */
  readonly retryAllowed?: true
  /** Since 0.2.0: permission-rule updates to apply with the allow, as the hook gave them. */
  readonly permissionUpdates?: ReadonlyArray<unknown>
  /** Since 0.2.0: the screen shows this instead of the assistant's message. */
  readonly display?: string
  /** Since 0.2.0: the answer to the MCP server's elicitation. */
  readonly elicitation?: {
    readonly action: "accept" | "decline" | "cancel"
    readonly content?: { readonly [key: string]: unknown }
  }
  /** Since 0.2.0: the worktree a WorktreeCreate hook made. */
  readonly worktreePath?: string
  /** Since 0.2.0: the session's title. */
  readonly sessionTitle?: string
  /** Since 0.2.0: the first user messages to send (SessionStart `initialUserMessage`). */
  readonly initialUserMessages?: ReadonlyArray<string>
  /** Since 0.2.0: the files to watch for FileChanged (replaces the dynamic list). */
  readonly watchPaths?: ReadonlyArray<string>
  /** Since 0.2.0: the block message does not quote the blocked prompt. */
  readonly suppressOriginalPrompt?: true
  /** Since 0.5.0: the tool the agent calls next; its result stands in for this call's. */
  readonly chainedToolCall?: { readonly name: string; readonly args: { readonly [key: string]: unknown } }
  /** Since 0.5.0: the model's conversation history is cleared (the screen keeps it). */
  readonly contextCleared?: true
  /** Since 0.5.0: environment variables for the session's later hooks (a later value of a name wins). */
  readonly hookEnv?: { readonly [name: string]: string }
  /** Since 0.5.0: the parent agent reads this instead of the subagent's final answer. */
  readonly subagentResponse?: string
  /** Since 0.5.0: the model reads this instead of the prompt the agent built (the user's screen keeps it). */
  readonly promptForModel?: string
  /** Since 0.5.0: the model request does not go out and the turn ends; the reason is for the user. */
  readonly modelRequestBlocked?: string
  /** Since 0.5.0: fields of the model request replaced before it goes out (Gemini CLI's request shape). */
  readonly modelRequest?: { readonly [key: string]: unknown }
  /** Since 0.5.0: the answer given instead of the model's (a blocked request's synthetic response). */
  readonly syntheticModelResponse?: { readonly [key: string]: unknown }
  /** Since 0.5.0: the model's answer (chunk) as a hook replaced it. */
  readonly modelResponse?: { readonly [key: string]: unknown }
  /** Since 0.5.0: how the model may pick tools for this request, and which. */
  readonly toolRestriction?: {
    readonly mode: "AUTO" | "ANY" | "NONE"
    readonly allowedFunctionNames?: ReadonlyArray<string>
  }
  /** All processing halts. */
  readonly stop?: { readonly reason?: string }
  /** Messages for the user only. */
  readonly userMessages: ReadonlyArray<{ readonly level: "info" | "warning" | "error"; readonly text: string }>
  /** Notes for the hook's author. */
  readonly diagnostics: ReadonlyArray<{ readonly code: string; readonly message: string }>
}

/**
 * The text the model is told when the user refused a permission question.
 *
 * **Gotchas**
 *
 * The question's reason was written for the user (ARCHITECTURE section 3:
 * `AskPermission`'s text is seen by the user only), so it is not part of
 * this text.
 *
 * @category constants
 * @since 0.1.0
 */
export const userDeniedReason = (): string => "The user denied this tool call."

/**
 * The text the model is told when a permission question timed out (nobody
 * answered within the ask timeout) and the tool call was denied.
 *
 * **Example** (After 30 s)
 *
 * ```ts
 * askTimedOutReason(30_000)
 * // => "The permission question timed out after 30 s with no answer, so the tool call was denied."
 * ```
 *
 * @category constants
 * @since 0.1.0
 */
export const askTimedOutReason = (timeoutMs: number): string =>
  `The permission question timed out after ${seconds(timeoutMs)} s with no answer, so the tool call was denied.`

const seconds = (ms: number): string => String(Math.round(ms) / 1000)

/**
 * The text the model is told when a permission question could not be asked
 * (the handler threw or its promise rejected) and the tool call was denied:
 * the user did not refuse it, nobody was asked.
 *
 * **Example** (A dialog that failed to open)
 *
 * ```ts
 * couldNotAskReason("no display")
 * // => "The permission question could not be asked (could not ask: no display), so the tool call was denied; the user did not refuse it."
 * ```
 *
 * @category constants
 * @since 0.2.0
 */
export const couldNotAskReason = (error: string): string =>
  `The permission question could not be asked (could not ask: ${error}), so the tool call was denied; the user did not refuse it.`

/**
 * Resolve effects whose `AskPermission` could not be asked (`error` says
 * why): as a deny, with `couldNotAskReason` for the model and
 * `asked.couldNotAsk` set, so no medium reports it as the user's refusal.
 *
 * @category resolution
 * @since 0.2.0
 */
export const resolveCouldNotAsk = (effects: ReadonlyArray<HookEffect>, error: string): Resolution => {
  const denied = resolveEffects(effects, "deny")
  return {
    ...denied,
    ...(denied.permission === "deny" && denied.asked !== undefined ? { denyReason: couldNotAskReason(error) } : {}),
    ...(denied.asked === undefined ? {} : { asked: { ...denied.asked, couldNotAsk: error } })
  }
}

/**
 * What the effects of one event say, gathered effect by effect before the
 * verdict is taken (each field as the last effect of its tag left it, the
 * lists in effect order).
 */
interface Gathered {
  readonly blockReason?: string | undefined
  readonly asked?: Resolution["asked"]
  readonly toolInput?: Resolution["toolInput"]
  readonly toolOutput?: Resolution["toolOutput"]
  readonly promptBlocked?: string | undefined
  readonly continueWith?: string | undefined
  readonly compactionBlocked?: string | undefined
  readonly stop?: Resolution["stop"]
  readonly deferReason?: string | undefined
  readonly actionBlocked?: string | undefined
  readonly retryAllowed?: true | undefined
  readonly permissionUpdates?: ReadonlyArray<unknown> | undefined
  readonly display?: string | undefined
  readonly elicitation?: Resolution["elicitation"]
  readonly worktreePath?: string | undefined
  readonly sessionTitle?: string | undefined
  readonly initialUserMessages?: ReadonlyArray<string> | undefined
  readonly watchPaths?: ReadonlyArray<string> | undefined
  readonly suppressOriginalPrompt?: true | undefined
  readonly chainedToolCall?: Resolution["chainedToolCall"]
  readonly contextCleared?: true | undefined
  readonly hookEnv?: Resolution["hookEnv"]
  readonly subagentResponse?: string | undefined
  readonly promptForModel?: string | undefined
  readonly modelRequestBlocked?: string | undefined
  readonly modelRequest?: Resolution["modelRequest"]
  readonly syntheticModelResponse?: Resolution["syntheticModelResponse"]
  readonly modelResponse?: Resolution["modelResponse"]
  readonly toolRestriction?: Resolution["toolRestriction"]
  readonly context: ReadonlyArray<string>
  readonly feedback: ReadonlyArray<string>
  readonly userMessages: Resolution["userMessages"]
  readonly diagnostics: Resolution["diagnostics"]
}

/** Nothing gathered yet (new lists each time: a resolution's lists are its own). */
const emptyGathered = (): Gathered => ({ context: [], feedback: [], userMessages: [], diagnostics: [] })

/**
 * One reducer per effect tag: what an effect of that tag adds to what was
 * gathered (`reply` is the user's answer to an ask). Typed over every tag,
 * so a new `HookEffect` tag does not compile until it has its reducer. Which
 * effect wins is not decided here but by the precedence table, after the fold.
 */
const reducers: {
  readonly [T in HookEffectTag]: (acc: Gathered, effect: EffectOf<T>, reply: PermissionAnswer) => Gathered
} = {
  AllowTool: (acc) => acc,
  AskPermission: (acc, e, reply) => ({
    ...acc,
    asked: e.reason === undefined ? { answer: reply } : { reason: e.reason, answer: reply }
  }),
  BlockTool: (acc, e) => ({ ...acc, blockReason: e.reason }),
  UpdateInput: (acc, e) => ({ ...acc, toolInput: e.input }),
  UpdateToolOutput: (acc, e) => ({ ...acc, toolOutput: { value: e.output } }),
  InjectContext: (acc, e) => ({ ...acc, context: [...acc.context, e.text] }),
  PromptModel: (acc, e) => ({ ...acc, feedback: [...acc.feedback, e.text] }),
  BlockPrompt: (acc, e) => ({
    ...acc,
    promptBlocked: e.reason,
    ...(e.suppressOriginalPrompt === true ? { suppressOriginalPrompt: true as const } : {})
  }),
  BlockAction: (acc, e) => ({ ...acc, actionBlocked: e.reason }),
  DeferTool: (acc, e) => ({ ...acc, deferReason: e.reason }),
  AllowRetry: (acc) => ({ ...acc, retryAllowed: true }),
  UpdatePermissions: (acc, e) => ({ ...acc, permissionUpdates: [...(acc.permissionUpdates ?? []), ...e.updates] }),
  ReplaceDisplay: (acc, e) => ({ ...acc, display: e.text }),
  AnswerElicitation: (acc, e) => ({
    ...acc,
    elicitation: e.content === undefined ? { action: e.action } : { action: e.action, content: e.content }
  }),
  SetWorktreePath: (acc, e) => ({ ...acc, worktreePath: e.path }),
  SetSessionTitle: (acc, e) => ({ ...acc, sessionTitle: e.title }),
  SendUserMessage: (acc, e) => ({ ...acc, initialUserMessages: [...(acc.initialUserMessages ?? []), e.text] }),
  WatchPaths: (acc, e) => ({ ...acc, watchPaths: [...(acc.watchPaths ?? []), ...e.paths] }),
  ChainToolCall: (acc, e) => ({ ...acc, chainedToolCall: { name: e.name, args: e.args } }),
  ClearContext: (acc) => ({ ...acc, contextCleared: true }),
  SetEnv: (acc, e) => ({ ...acc, hookEnv: { ...acc.hookEnv, ...e.variables } }),
  ReplaceSubagentResponse: (acc, e) => ({ ...acc, subagentResponse: e.text }),
  ReplacePrompt: (acc, e) => ({ ...acc, promptForModel: e.text }),
  BlockModelRequest: (acc, e) => ({ ...acc, modelRequestBlocked: e.reason }),
  UpdateModelRequest: (acc, e) => ({ ...acc, modelRequest: e.request }),
  SyntheticModelResponse: (acc, e) => ({ ...acc, syntheticModelResponse: e.response }),
  UpdateModelResponse: (acc, e) => ({ ...acc, modelResponse: e.response }),
  RestrictTools: (acc, e) => ({
    ...acc,
    toolRestriction:
      e.allowedFunctionNames === undefined
        ? { mode: e.mode }
        : { mode: e.mode, allowedFunctionNames: e.allowedFunctionNames }
  }),
  BlockStop: (acc, e) => ({ ...acc, continueWith: e.reason }),
  BlockCompaction: (acc, e) => ({ ...acc, compactionBlocked: e.reason }),
  // The first halt stands.
  StopAgent: (acc, e) =>
    acc.stop !== undefined ? acc : { ...acc, stop: e.reason === undefined ? {} : { reason: e.reason } },
  ShowUser: (acc, e) => ({ ...acc, userMessages: [...acc.userMessages, { level: e.level, text: e.text }] }),
  Diagnostic: (acc, e) => ({ ...acc, diagnostics: [...acc.diagnostics, { code: e.code, message: e.message }] })
}

/** Apply the reducer of the effect's tag. */
const reduceEffect = (acc: Gathered, effect: HookEffect, reply: PermissionAnswer): Gathered =>
  (reducers[effect._tag] as (acc: Gathered, effect: HookEffect, reply: PermissionAnswer) => Gathered)(
    acc,
    effect,
    reply
  )

/**
 * Resolve combined effects into what the agent does next.
 *
 * **Details**
 *
 * `answer` is the user's reply when the effects contain `AskPermission`
 * (ignored otherwise); a `deny` answer denies the tool call with a reason
 * for the model. The tool call's fate is the strongest permission effect in
 * the precedence table (deny, then ask, then allow), and an updated input is
 * dropped when the resolved verdict absorbs it (a deny). Effects are
 * expected to come from `combine` (at most one of each blocking kind).
 *
 * **Example** (A denied tool call)
 *
 * ```ts
 * resolveEffects([BlockTool({ reason: "no" })])
 * // => { permission: "deny", denyReason: "no", context: [], feedback: [], userMessages: [], diagnostics: [] }
 * ```
 *
 * @category resolution
 * @since 0.1.0
 */
// long: one field of the Resolution per line, gathered, then the verdict and what it drops, read together
export const resolveEffects = (effects: ReadonlyArray<HookEffect>, answer?: PermissionAnswer): Resolution => {
  const reply = answer ?? "deny"
  const {
    blockReason,
    asked,
    toolInput,
    toolOutput,
    promptBlocked,
    continueWith,
    compactionBlocked,
    stop,
    deferReason,
    actionBlocked,
    retryAllowed,
    permissionUpdates,
    display,
    elicitation,
    worktreePath,
    sessionTitle,
    initialUserMessages,
    watchPaths,
    suppressOriginalPrompt,
    chainedToolCall,
    contextCleared,
    hookEnv,
    subagentResponse,
    promptForModel,
    modelRequestBlocked,
    modelRequest,
    syntheticModelResponse,
    modelResponse,
    toolRestriction,
    context,
    feedback,
    userMessages,
    diagnostics
  } = effects.reduce((acc, effect) => reduceEffect(acc, effect, reply), emptyGathered())
  // The verdict: the strongest permission effect; an ask takes the user's answer.
  const strongest = strongestPermission(tagsIn(effects))
  const verdict =
    strongest === undefined
      ? undefined
      : precedence[strongest].permission === "ask"
        ? reply
        : precedence[strongest].permission
  const permission: Resolution["permission"] =
    verdict === "deny" || verdict === "allow" || verdict === "defer" ? verdict : "default"
  const denyReason = verdict !== "deny" ? undefined : strongest === "BlockTool" ? blockReason : userDeniedReason()
  const inputDropped =
    (verdict === "deny" && absorbs("BlockTool", "UpdateInput")) ||
    (verdict === "defer" && absorbs("DeferTool", "UpdateInput"))
  // Updates go with an allow: a stronger verdict drops them, as the precedence table says.
  const updatesDropped = strongest !== undefined && absorbs(strongest, "UpdatePermissions")
  return {
    permission,
    ...(denyReason === undefined ? {} : { denyReason }),
    ...(asked === undefined ? {} : { asked }),
    ...(toolInput === undefined || inputDropped ? {} : { toolInput }),
    ...(toolOutput === undefined ? {} : { toolOutput }),
    context,
    feedback,
    ...(promptBlocked === undefined ? {} : { promptBlocked }),
    ...(continueWith === undefined ? {} : { continueWith }),
    ...(compactionBlocked === undefined ? {} : { compactionBlocked }),
    ...(verdict === "defer" ? { deferred: deferReason === undefined ? {} : { reason: deferReason } } : {}),
    ...(actionBlocked === undefined ? {} : { actionBlocked }),
    ...(retryAllowed === undefined ? {} : { retryAllowed }),
    ...(permissionUpdates === undefined || updatesDropped ? {} : { permissionUpdates }),
    ...(display === undefined ? {} : { display }),
    ...(elicitation === undefined ? {} : { elicitation }),
    ...(worktreePath === undefined || actionBlocked !== undefined ? {} : { worktreePath }),
    ...(sessionTitle === undefined ? {} : { sessionTitle }),
    ...(initialUserMessages === undefined ? {} : { initialUserMessages }),
    ...(watchPaths === undefined ? {} : { watchPaths }),
    ...(suppressOriginalPrompt === undefined ? {} : { suppressOriginalPrompt }),
    ...(chainedToolCall === undefined ? {} : { chainedToolCall }),
    ...(contextCleared === undefined ? {} : { contextCleared }),
    ...(hookEnv === undefined ? {} : { hookEnv }),
    ...(subagentResponse === undefined || continueWith !== undefined ? {} : { subagentResponse }),
    ...(promptForModel === undefined || promptBlocked !== undefined ? {} : { promptForModel }),
    ...(modelRequestBlocked === undefined ? {} : { modelRequestBlocked }),
    ...(modelRequest === undefined || modelRequestBlocked !== undefined ? {} : { modelRequest }),
    ...(syntheticModelResponse === undefined ? {} : { syntheticModelResponse }),
    ...(modelResponse === undefined || modelRequestBlocked !== undefined ? {} : { modelResponse }),
    ...(toolRestriction === undefined ? {} : { toolRestriction }),
    ...(stop === undefined ? {} : { stop }),
    userMessages,
    diagnostics
  }
}
