/**
 * Applying an event's model-visible effects to a list of AI SDK
 * `ModelMessage`s (a conversation you pass to `generateText` as `messages`):
 * tool results for blocked and finished calls, updated tool-call inputs,
 * context and feedback, a blocked Stop's reason, an erased prompt.
 *
 * @since 0.1.0
 */
import type { ModelMessage, ToolCallPart, ToolResultPart } from "ai"
import type { Resolution } from "../resolution.ts"
import type { EffectsRequest, ToolCall } from "../contract.ts"
import { blockedToolResult, hookNotes, textOf, withNotes } from "./model-text.ts"

/**
 * An effects request with what the tool returned (PostToolUse) or its error
 * message (PostToolUseFailure), so the whole tool result can be recorded.
 *
 * @category models
 * @since 0.1.0
 */
export interface ToolEffectsRequest extends EffectsRequest {
  readonly toolResponse?: { readonly value: unknown }
}

/**
 * Notes from PreToolUse (context) waiting for the call's tool result, by tool
 * call id.
 *
 * @category models
 * @since 0.1.0
 */
export type PendingNotes = Map<string, ReadonlyArray<string>>

const takePending = (pending: PendingNotes, id: string): ReadonlyArray<string> => {
  const notes = pending.get(id) ?? []
  pending.delete(id)
  return notes
}

const findToolResult = (
  messages: ReadonlyArray<ModelMessage>,
  id: string
): { message: number; part: number } | undefined => {
  for (let m = messages.length - 1; m >= 0; m--) {
    const message = messages[m]!
    if (message.role !== "tool") continue
    const part = message.content.findIndex((p) => p.type === "tool-result" && p.toolCallId === id)
    if (part !== -1) return { message: m, part }
  }
  return undefined
}

const setToolResult = (messages: Array<ModelMessage>, tool: ToolCall, output: ToolResultPart["output"]): void => {
  const found = findToolResult(messages, tool.id)
  const part: ToolResultPart = { type: "tool-result", toolCallId: tool.id, toolName: tool.name, output }
  if (found === undefined) {
    const last = messages[messages.length - 1]
    if (last?.role === "tool") messages[messages.length - 1] = { ...last, content: [...last.content, part] }
    else messages.push({ role: "tool", content: [part] })
    return
  }
  const message = messages[found.message]!
  if (message.role !== "tool") return
  const content = [...message.content]
  content[found.part] = part
  messages[found.message] = { ...message, content }
}

const existingResultText = (messages: ReadonlyArray<ModelMessage>, id: string): string | undefined => {
  const found = findToolResult(messages, id)
  if (found === undefined) return undefined
  const message = messages[found.message]!
  const part = message.role === "tool" ? message.content[found.part] : undefined
  if (part?.type !== "tool-result") return undefined
  const output = part.output
  return output.type === "text" || output.type === "error-text"
    ? output.value
    : output.type === "json" || output.type === "error-json"
      ? textOf(output.value)
      : undefined
}

const updateToolCallInput = (messages: Array<ModelMessage>, id: string, input: unknown): void => {
  for (let m = messages.length - 1; m >= 0; m--) {
    const message = messages[m]!
    if (message.role !== "assistant" || typeof message.content === "string") continue
    const index = message.content.findIndex((p) => p.type === "tool-call" && p.toolCallId === id)
    if (index === -1) continue
    const content = [...message.content]
    content[index] = { ...(content[index] as ToolCallPart), input }
    messages[m] = { ...message, content }
    return
  }
}

const removeLastUserMessage = (messages: Array<ModelMessage>): void => {
  for (let m = messages.length - 1; m >= 0; m--) {
    if (messages[m]!.role === "user") {
      messages.splice(m, 1)
      return
    }
  }
}

const userText = (texts: ReadonlyArray<string>): ModelMessage => ({
  role: "user",
  content: texts.map((text) => ({ type: "text" as const, text }))
})

/**
 * Apply one event's model-visible effects to `messages` (in place).
 *
 * **Details**
 *
 * - PreToolUse / PermissionRequest: a call that does not run gets a
 *   tool-result with the deny reason (`blockedToolResult`); an allowed one
 *   gets its tool-call input updated (`UpdateInput`), and its context waits in
 *   `pending` for the call's result.
 * - PostToolUse / PostToolUseFailure: the call's tool-result (the one already
 *   in `messages`, or `toolResponse`) is replaced by the hooks' output and
 *   followed by their notes ("Hook context: ...", "Hook feedback: ...").
 * - UserPromptSubmit: `BlockPrompt` removes the last user message (the
 *   prompt, which the caller added first); context becomes a user message.
 * - Other events: context, feedback and a blocked Stop's reason become a
 *   user message.
 *
 * User-only effects (`ShowUser`, `StopAgent`'s reason, ...) never change
 * `messages`.
 *
 * **Example** (A blocked call)
 *
 * ```ts
 * applyToModelMessages(messages, { event: "PreToolUse", effects: [BlockTool({ reason: "no" })], tool }, resolution, new Map())
 * // messages now ends with { role: "tool", content: [{ type: "tool-result", ..., output: { type: "text", value: "no" } }] }
 * ```
 *
 * @category interpreters
 * @since 0.1.0
 */
export const applyToModelMessages = (
  messages: Array<ModelMessage>,
  request: ToolEffectsRequest,
  resolution: Resolution,
  pending: PendingNotes
): void => {
  const { event, tool } = request
  const notes = hookNotes(request.effects)
  if (tool !== undefined && (event === "PreToolUse" || event === "PermissionRequest")) {
    const blocked = blockedToolResult(resolution)
    if (blocked !== undefined) {
      setToolResult(messages, tool, {
        type: "text",
        value: withNotes(blocked, [...takePending(pending, tool.id), ...notes])
      })
      return
    }
    if (resolution.toolInput !== undefined) updateToolCallInput(messages, tool.id, resolution.toolInput)
    if (notes.length > 0) pending.set(tool.id, [...(pending.get(tool.id) ?? []), ...notes])
    return
  }
  if (tool !== undefined && (event === "PostToolUse" || event === "PostToolUseFailure")) {
    const allNotes = [...takePending(pending, tool.id), ...notes]
    const base =
      request.toolResponse === undefined ? existingResultText(messages, tool.id) : textOf(request.toolResponse.value)
    if (resolution.toolOutput === undefined && allNotes.length === 0 && request.toolResponse === undefined) return
    const value = withNotes(
      resolution.toolOutput === undefined ? (base ?? "") : textOf(resolution.toolOutput.value),
      allNotes
    )
    const failed = event === "PostToolUseFailure" && resolution.toolOutput === undefined
    setToolResult(messages, tool, { type: failed ? "error-text" : "text", value })
    return
  }
  if (resolution.promptBlocked !== undefined) removeLastUserMessage(messages)
  const texts = request.effects.flatMap((e) =>
    e._tag === "InjectContext" || e._tag === "PromptModel"
      ? [e.text]
      : e._tag === "BlockStop" || e._tag === "BlockTool"
        ? [e.reason]
        : []
  )
  if (texts.length > 0) messages.push(userText(texts))
}
