/**
 * An in-memory conversation made of messages and blocks (the
 * operations an agent's message manager offers), and what the model would be sent.
 *
 * @since 0.1.0
 */
import type { JsonRecord } from "../../core/payload.ts"

// ====== Models ======

/**
 * A block of a message.
 *
 * - `text`: words of the user or the assistant (model-visible).
 * - `tool`: a tool call with its input and result (model-visible).
 * - `hook`: text a hook gave the model (context, feedback) (model-visible).
 * - `error`, `warn`: messages for the user only, never sent to the model.
 *
 * @category models
 * @since 0.1.0
 */
export type Block =
  | { readonly type: "text"; readonly text: string }
  | {
      readonly type: "tool"
      readonly id: string
      readonly name: string
      readonly input: JsonRecord
      readonly status: "pending" | "running" | "done" | "denied" | "failed"
      readonly result?: string
    }
  | { readonly type: "hook"; readonly text: string }
  | { readonly type: "error"; readonly text: string }
  | { readonly type: "warn"; readonly level: "info" | "warning" | "error"; readonly text: string }

/**
 * A message: who said it and its blocks.
 *
 * @category models
 * @since 0.1.0
 */
export interface Message {
  readonly role: "user" | "assistant"
  readonly blocks: ReadonlyArray<Block>
}

/**
 * A message as the model receives it (shaped like the Vercel AI SDK's
 * `ModelMessage`).
 *
 * @category models
 * @since 0.1.0
 */
export type ModelMessage =
  | { readonly role: "user"; readonly content: ReadonlyArray<{ readonly type: "text"; readonly text: string }> }
  | {
      readonly role: "assistant"
      readonly content: ReadonlyArray<
        | { readonly type: "text"; readonly text: string }
        | {
            readonly type: "tool-call"
            readonly toolCallId: string
            readonly toolName: string
            readonly input: JsonRecord
          }
      >
    }
  | {
      readonly role: "tool"
      readonly content: ReadonlyArray<{
        readonly type: "tool-result"
        readonly toolCallId: string
        readonly toolName: string
        readonly output: { readonly type: "text" | "error-text"; readonly value: string }
      }>
    }

const userOnly = (block: Block): boolean => block.type === "error" || block.type === "warn"

// ====== Conversation ======

/**
 * A conversation in memory, changed only through the operations below.
 *
 * **Example** (A prompt with hook context)
 *
 * ```ts
 * const c = new Conversation()
 * c.addUserMessage("fix the tests")
 * c.addHookBlock("branch: main")
 * c.addWarnBlock("warning", "formatter changed 2 files")
 * c.toModelMessages() // => the prompt and the context; the warning is not sent
 * ```
 *
 * @category conversation
 * @since 0.1.0
 */
export class Conversation {
  private readonly list: Array<Message> = []
  /** Notes for hook authors (Diagnostic effects); not part of the conversation. */
  readonly diagnostics: Array<{ readonly code: string; readonly message: string }> = []

  /** The messages, oldest first. */
  get messages(): ReadonlyArray<Message> {
    return this.list
  }

  /** Add a user message with text; returns its block (see `removeBlock`). */
  addUserMessage(text: string): Extract<Block, { type: "text" }> {
    const block: Extract<Block, { type: "text" }> = { type: "text", text }
    this.list.push({ role: "user", blocks: [block] })
    return block
  }

  /** Add assistant text. */
  addAssistantText(text: string): void {
    this.append("assistant", { type: "text", text })
  }

  /** Add a tool call block to the assistant's turn. */
  addToolCall(id: string, name: string, input: JsonRecord): void {
    this.append("assistant", { type: "tool", id, name, input, status: "pending" })
  }

  /** Change a tool block (status, input, result). */
  updateToolBlock(
    id: string,
    patch: Partial<Pick<Extract<Block, { type: "tool" }>, "status" | "input" | "result">>
  ): void {
    for (let m = this.list.length - 1; m >= 0; m--) {
      const message = this.list[m]!
      const index = message.blocks.findIndex((b) => b.type === "tool" && b.id === id)
      if (index === -1) continue
      const blocks = [...message.blocks]
      blocks[index] = { ...(blocks[index] as Extract<Block, { type: "tool" }>), ...patch }
      this.list[m] = { ...message, blocks }
      return
    }
  }

  /** The tool block with this id, if any. */
  toolBlock(id: string): Extract<Block, { type: "tool" }> | undefined {
    for (const message of this.list) {
      for (const block of message.blocks) if (block.type === "tool" && block.id === id) return block
    }
    return undefined
  }

  /** Text a hook gives the model, as part of a user turn. */
  addHookBlock(text: string): void {
    this.append("user", { type: "hook", text })
  }

  /** An error shown to the user only. */
  addErrorBlock(text: string): void {
    this.append("user", { type: "error", text })
  }

  /** A message shown to the user only. */
  addWarnBlock(level: "info" | "warning" | "error", text: string): void {
    this.append("user", { type: "warn", level, text })
  }

  /**
   * Remove this very block (compared by identity, as returned by
   * `addUserMessage` or `toolBlock`), and its message when nothing is left.
   * Returns whether it was found. Used to undo an interrupted step.
   */
  removeBlock(block: Block): boolean {
    for (let m = this.list.length - 1; m >= 0; m--) {
      const message = this.list[m]!
      const index = message.blocks.indexOf(block)
      if (index === -1) continue
      const blocks = message.blocks.filter((_, i) => i !== index)
      if (blocks.length === 0) this.list.splice(m, 1)
      else this.list[m] = { ...message, blocks }
      return true
    }
    return false
  }

  /** Remove the last user message (a blocked prompt is erased). */
  removeLastUserMessage(): void {
    for (let m = this.list.length - 1; m >= 0; m--) {
      const message = this.list[m]!
      const index = message.blocks.findIndex((b) => b.type === "text")
      if (message.role !== "user" || index === -1) continue
      const blocks = message.blocks.filter((_, i) => i !== index)
      if (blocks.length === 0) this.list.splice(m, 1)
      else this.list[m] = { ...message, blocks }
      return
    }
  }

  /** Every text the user sees, in order (user-only blocks included). */
  userView(): ReadonlyArray<string> {
    return this.list.flatMap((m) =>
      m.blocks.map((b) =>
        b.type === "tool"
          ? `${b.name}(${JSON.stringify(b.input)}) ${b.status}${b.result === undefined ? "" : `: ${b.result}`}`
          : b.text
      )
    )
  }

  /**
   * What the model would be sent: user, assistant and tool messages; warn
   * and error blocks (user-only) are left out, and so is a message with
   * nothing left.
   */
  toModelMessages(): ReadonlyArray<ModelMessage> {
    const out: Array<ModelMessage> = []
    for (const message of this.list) {
      const blocks = message.blocks.filter((b) => !userOnly(b))
      if (blocks.length === 0) continue
      if (message.role === "user") {
        out.push({
          role: "user",
          content: blocks.map((b) => ({ type: "text" as const, text: b.type === "tool" ? "" : b.text }))
        })
        continue
      }
      const content: Array<Extract<ModelMessage, { role: "assistant" }>["content"][number]> = []
      const results: Array<Extract<ModelMessage, { role: "tool" }>["content"][number]> = []
      for (const b of blocks) {
        if (b.type === "tool") {
          content.push({ type: "tool-call", toolCallId: b.id, toolName: b.name, input: b.input })
          if (b.result !== undefined) {
            results.push({
              type: "tool-result",
              toolCallId: b.id,
              toolName: b.name,
              output: { type: b.status === "done" ? "text" : "error-text", value: b.result }
            })
          }
        } else content.push({ type: "text", text: b.text })
      }
      out.push({ role: "assistant", content })
      if (results.length > 0) out.push({ role: "tool", content: results })
    }
    return out
  }

  private append(role: Message["role"], block: Block): void {
    const last = this.list[this.list.length - 1]
    if (last !== undefined && last.role === role && role === "assistant") {
      this.list[this.list.length - 1] = { ...last, blocks: [...last.blocks, block] }
    } else if (last !== undefined && last.role === role && role === "user" && block.type !== "text") {
      this.list[this.list.length - 1] = { ...last, blocks: [...last.blocks, block] }
    } else this.list.push({ role, blocks: [block] })
  }
}
