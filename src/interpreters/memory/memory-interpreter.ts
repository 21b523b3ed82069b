/**
 * The memory interpreter: carries effects out on an in-memory `Conversation`
 * as an agent would (add a user message, update a tool block, add an
 * error block, remove the last user message, ...). The test harness for hooks.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { Layer } from "effect"
import type { Resolution } from "../resolution.ts"
import { askTimedOutReason, couldNotAskReason, userDeniedReason } from "../resolution.ts"
import type { HookEffect } from "../../effects/hook-effect.ts"
import type { CarriedEffect } from "../../effects/host-capabilities.ts"
import { carriesOut } from "../../effects/host-capabilities.ts"
import type { EffectsRequest, Interpreter, Permission, Render } from "../contract.ts"
import { makeInterpreter } from "../contract.ts"
import type { PermissionHandler } from "../permission-handler.ts"
import type { PromiseInterpreter } from "../promise.ts"
import { interpreterPromise } from "../promise.ts"
import type { Conversation } from "./conversation.ts"

/** The tool result of a deferred call, as the model reads it (the defer reason is the user's). */
const deferredResult = "The tool call did not run: a hook deferred it."

/** What the in-memory conversation lacks, for the effects it cannot carry out (default: permission rules). */
const lacks: { readonly [T in HookEffect["_tag"]]?: string } = {
  AnswerElicitation: "MCP server",
  SetWorktreePath: "file system",
  WatchPaths: "file system",
  ChainToolCall: "tools of its own to call",
  ClearContext: "model history apart from what the screen shows",
  SetEnv: "later hook processes",
  ReplacePrompt: "model-facing copy of the prompt apart from the screen",
  BlockModelRequest: "model requests of its own",
  UpdateModelRequest: "model requests of its own",
  SyntheticModelResponse: "model requests of its own",
  UpdateModelResponse: "model requests of its own",
  RestrictTools: "model requests of its own"
}

/** The note for an effect the in-memory conversation cannot carry out. */
const notApplicable = (effect: HookEffect): string =>
  `${effect._tag} ${stringify(Object.fromEntries(Object.entries(effect).filter(([k]) => k !== "_tag")))}: not applicable to the memory interpreter (no ${
    lacks[effect._tag] ?? "permission rules"
  }); not carried out.`

const stringify = (value: unknown): string =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? String(value))

/**
 * Apply one event's effects to a conversation, given the resolved answer to
 * any `AskPermission`.
 *
 * **Details**
 *
 * - `BlockTool` (and a refused `AskPermission`): the tool block is denied with
 *   the reason as its result (the model sees it); a question that timed out
 *   (`asked.timedOutAfterMs`) says so.
 * - `UpdateInput` / `UpdateToolOutput`: the tool block's input / result change.
 * - `PromptModel` on a tool event: the tool result gets "Hook feedback: ...";
 *   otherwise, like `InjectContext` and `BlockStop`, a hook block the model sees.
 * - `BlockPrompt`: an error block for the user, and the prompt is erased.
 * - `ShowUser`, `StopAgent`, `BlockCompaction`, `BlockAction`, `SetSessionTitle`,
 *   `ReplaceDisplay`: user-only blocks; `DeferTool` denies the tool block with a
 *   "Deferred" result; `SendUserMessage`: a hook block the model sees.
 * - `ReplaceSubagentResponse`: a hook block the model sees, with the new answer.
 * - `AllowRetry`, `UpdatePermissions`, `AnswerElicitation`, `SetWorktreePath`,
 *   `WatchPaths`, `ChainToolCall`, `ClearContext`, `SetEnv`: not applicable
 *   here; an info block says so.
 * - `Diagnostic`: the conversation's `diagnostics`, outside the messages.
 *
 * @category interpreters
 * @since 0.1.0
 */
export const applyToConversation = (
  conversation: Conversation,
  request: EffectsRequest,
  asked: Resolution["asked"]
): void => {
  const apply = (effect: HookEffect): void => {
    // Not applicable to an in-memory conversation (its row of the capability table): recorded, so nothing is dropped silently.
    if (carriesOut("memory", effect)) applyCarried(conversation, request, asked, effect)
    else conversation.addWarnBlock("info", notApplicable(effect))
  }
  // Updates first, so feedback appended to a tool result survives a replaced output.
  const isUpdate = (e: HookEffect) => e._tag === "UpdateInput" || e._tag === "UpdateToolOutput"
  for (const effect of request.effects) if (isUpdate(effect)) apply(effect)
  for (const effect of request.effects) if (!isUpdate(effect)) apply(effect)
}

/** Apply one effect the memory host carries out: one case per effect tag. */
const applyCarried = (
  conversation: Conversation,
  request: EffectsRequest,
  asked: Resolution["asked"],
  effect: CarriedEffect<"memory">
): void => {
  const tool = request.tool
  switch (effect._tag) {
    case "AllowTool":
      if (tool !== undefined) conversation.updateToolBlock(tool.id, { status: "running" })
      return
    case "AskPermission":
      if (tool !== undefined && asked !== undefined) applyAnswer(conversation, tool.id, asked, effect.reason)
      return
    case "BlockTool":
      if (tool !== undefined) conversation.updateToolBlock(tool.id, { status: "denied", result: effect.reason })
      else conversation.addHookBlock(effect.reason)
      return
    case "UpdateInput":
      if (tool !== undefined) conversation.updateToolBlock(tool.id, { input: effect.input })
      return
    case "UpdateToolOutput":
      if (tool !== undefined) conversation.updateToolBlock(tool.id, { result: stringify(effect.output) })
      return
    case "PromptModel":
      promptModel(conversation, tool?.id, effect.text)
      return
    case "InjectContext":
    case "BlockStop":
      conversation.addHookBlock(effect._tag === "BlockStop" ? effect.reason : effect.text)
      return
    case "BlockPrompt":
      conversation.addErrorBlock(effect.reason)
      conversation.removeLastUserMessage()
      return
    case "BlockCompaction":
      conversation.addWarnBlock("warning", `Compaction blocked: ${effect.reason}`)
      return
    case "BlockAction":
      conversation.addWarnBlock("warning", `${request.event} blocked by a hook: ${effect.reason}`)
      return
    case "DeferTool":
      // The reason is for the user (section 3); the model only learns that the call did not run.
      if (tool !== undefined) conversation.updateToolBlock(tool.id, { status: "denied", result: deferredResult })
      conversation.addWarnBlock(
        "info",
        `Tool call deferred by a hook${effect.reason === undefined ? "" : `: ${effect.reason}`}`
      )
      return
    case "SendUserMessage":
      conversation.addHookBlock(effect.text)
      return
    case "ReplaceSubagentResponse":
      conversation.addHookBlock(`The subagent's answer, as a hook replaced it: ${effect.text}`)
      return
    case "SetSessionTitle":
      conversation.addWarnBlock("info", `Session title: ${effect.title}`)
      return
    case "ReplaceDisplay":
      conversation.addWarnBlock("info", `Display replaced by a hook: ${effect.text}`)
      return
    case "StopAgent":
      conversation.addWarnBlock(
        "warning",
        `Agent stopped by a hook${effect.reason === undefined ? "" : `: ${effect.reason}`}`
      )
      return
    case "ShowUser":
      if (effect.level === "error") conversation.addErrorBlock(effect.text)
      else conversation.addWarnBlock(effect.level, effect.text)
      return
    case "Diagnostic":
      conversation.diagnostics.push({ code: effect.code, message: effect.message })
      return
  }
}

/** `PromptModel`: on a tool event, "Hook feedback: ..." after the tool's result; otherwise a hook block the model sees. */
const promptModel = (conversation: Conversation, toolId: string | undefined, text: string): void => {
  const block = toolId === undefined ? undefined : conversation.toolBlock(toolId)
  if (toolId !== undefined && block !== undefined) {
    conversation.updateToolBlock(toolId, {
      result: `${block.result === undefined ? "" : `${block.result}\n\n`}Hook feedback: ${text}`
    })
  } else conversation.addHookBlock(text)
}

/** An answered `AskPermission`, as the conversation records it. */
type Asked = NonNullable<Resolution["asked"]>

/** How an ask ended, for its info block: nobody answered in time, it could not be asked, or the user's answer. */
const askOutcome = (asked: Asked): string =>
  asked.timedOutAfterMs !== undefined
    ? `nobody answered within ${asked.timedOutAfterMs / 1000} s: denied`
    : asked.couldNotAsk !== undefined
      ? `could not ask: ${asked.couldNotAsk}; denied`
      : `${asked.answer === "allow" ? "allowed" : "denied"} by the user`

/** The tool result of a denied ask, as the model reads it. */
const askDeniedResult = (asked: Asked): string =>
  asked.timedOutAfterMs !== undefined
    ? askTimedOutReason(asked.timedOutAfterMs)
    : asked.couldNotAsk !== undefined
      ? couldNotAskReason(asked.couldNotAsk)
      : userDeniedReason()

/** Record an answered `AskPermission`: an info block saying how it ended, then the tool block denied or running. */
const applyAnswer = (conversation: Conversation, toolId: string, asked: Asked, reason: string | undefined): void => {
  conversation.addWarnBlock(
    "info",
    `Permission asked${reason === undefined ? "" : `: ${reason}`} (${askOutcome(asked)})`
  )
  if (asked.answer === "deny")
    conversation.updateToolBlock(toolId, { status: "denied", result: askDeniedResult(asked) })
  else conversation.updateToolBlock(toolId, { status: "running" })
}

/**
 * The memory renderer: applies each event's effects to `conversation`.
 *
 * @category interpreters
 * @since 0.1.0
 */
export const renderToConversation =
  (conversation: Conversation): Render =>
  (request, resolution) =>
    Effect.sync(() => applyToConversation(conversation, request, resolution.asked))

/**
 * The memory interpreter as a layer over a conversation (needs `Permission`).
 *
 * **Example** (Scripted answers)
 *
 * ```ts
 * const conversation = new Conversation()
 * const layer = memoryInterpreter(conversation).pipe(Layer.provide(Permission.scripted(["allow"])))
 * ```
 *
 * @category layers
 * @since 0.1.0
 */
export const memoryInterpreter = (conversation: Conversation): Layer.Layer<Interpreter, never, Permission> =>
  makeInterpreter("memory", renderToConversation(conversation))

/**
 * The memory interpreter without Effect: `carryOut` returns a Promise.
 *
 * **Details**
 *
 * `permission.ask` answers `AskPermission` (default: deny). Each call
 * changes `conversation` as `memoryInterpreter` does.
 *
 * **Example** (Test a hook's effects on a conversation)
 *
 * ```ts
 * const conversation = new Conversation()
 * conversation.addToolCall("t1", "Bash", { command: "rm -rf build" })
 * const interpreter = memoryInterpreterPromise(conversation, { ask: () => "deny" })
 * await interpreter.carryOut({ event: "PreToolUse", effects: [AskPermission()], tool: { id: "t1", name: "Bash", input: { command: "rm -rf build" } } })
 * conversation.toolBlock("t1")?.status // => "denied"
 * ```
 *
 * @category promise
 * @since 0.1.0
 */
export const memoryInterpreterPromise = (
  conversation: Conversation,
  permission?: PermissionHandler
): PromiseInterpreter => interpreterPromise(memoryInterpreter(conversation), permission)
