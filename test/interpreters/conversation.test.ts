/**
 * The memory conversation (seed 004's MessageManager operations) and the
 * memory interpreter's `applyToConversation`: what each effect kind does to a
 * conversation, and what the model would be sent.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { HookEffect, HookEvent } from "../../src/index.ts"
import {
  AllowTool,
  AskPermission,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  combine,
  decide,
  Diagnostic,
  hookRun,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/index.ts"
import { userDeniedReason } from "../../src/interpreters/resolution.ts"
import type { EffectsRequest, PermissionRequest, ToolCall } from "../../src/interpreters/contract.ts"
import { Interpreter, Permission } from "../../src/interpreters/contract.ts"
import type { Block, ModelMessage } from "../../src/interpreters/memory/conversation.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { applyToConversation, memoryInterpreter } from "../../src/interpreters/memory/memory-interpreter.ts"

// ====== Helpers ======

const bash: ToolCall = { id: "toolu_1", name: "Bash", input: { command: "rm -rf build" } }

/** A conversation where the user asked and the assistant called `bash`. */
const withToolCall = (result?: string): Conversation => {
  const c = new Conversation()
  c.addUserMessage("tidy up")
  c.addAssistantText("I will delete the build folder.")
  c.addToolCall(bash.id, bash.name, bash.input)
  if (result !== undefined) c.updateToolBlock(bash.id, { status: "done", result })
  return c
}

const apply = (
  c: Conversation,
  event: HookEvent,
  effects: ReadonlyArray<HookEffect>,
  asked?: { readonly answer: "allow" | "deny"; readonly reason?: string }
): void => {
  const request: EffectsRequest = { event, effects, ...(event.includes("Tool") ? { tool: bash } : {}) }
  applyToConversation(c, request, asked)
}

const modelJson = (c: Conversation): string => JSON.stringify(c.toModelMessages())

const userTexts = (messages: ReadonlyArray<ModelMessage>): ReadonlyArray<string> =>
  messages.flatMap((m) => (m.role === "user" ? m.content.map((p) => p.text) : []))

const toolResults = (messages: ReadonlyArray<ModelMessage>) =>
  messages.flatMap((m) => (m.role === "tool" ? m.content : []))

const blocksOf = (c: Conversation, type: Block["type"]): ReadonlyArray<Block> =>
  c.messages.flatMap((m) => m.blocks.filter((b) => b.type === type))

// ====== Operations ======

describe("Conversation operations (seed 004)", () => {
  it("addUserMessage adds a user message with one text block, each prompt its own message", () => {
    const c = new Conversation()
    c.addUserMessage("first")
    c.addUserMessage("second")
    assert.deepStrictEqual(c.messages, [
      { role: "user", blocks: [{ type: "text", text: "first" }] },
      { role: "user", blocks: [{ type: "text", text: "second" }] }
    ])
  })

  it("addHookBlock joins the current user turn, or starts one after the assistant", () => {
    const c = new Conversation()
    c.addUserMessage("prompt")
    c.addHookBlock("branch: main")
    c.addAssistantText("ok")
    c.addHookBlock("keep going")
    assert.deepStrictEqual(c.messages, [
      {
        role: "user",
        blocks: [
          { type: "text", text: "prompt" },
          { type: "hook", text: "branch: main" }
        ]
      },
      { role: "assistant", blocks: [{ type: "text", text: "ok" }] },
      { role: "user", blocks: [{ type: "hook", text: "keep going" }] }
    ])
  })

  it("addAssistantText and addToolCall share the assistant's turn", () => {
    const c = withToolCall()
    assert.strictEqual(c.messages.length, 2)
    assert.deepStrictEqual(c.messages[1], {
      role: "assistant",
      blocks: [
        { type: "text", text: "I will delete the build folder." },
        { type: "tool", id: "toolu_1", name: "Bash", input: { command: "rm -rf build" }, status: "pending" }
      ]
    })
  })

  it("updateToolBlock changes only the named tool block, keeping its other fields", () => {
    const c = withToolCall()
    c.addToolCall("toolu_2", "Read", { file_path: "a" })
    c.updateToolBlock("toolu_1", { status: "denied", result: "no" })
    assert.deepStrictEqual(c.toolBlock("toolu_1"), {
      type: "tool",
      id: "toolu_1",
      name: "Bash",
      input: { command: "rm -rf build" },
      status: "denied",
      result: "no"
    })
    assert.strictEqual(c.toolBlock("toolu_2")?.status, "pending")
    assert.isUndefined(c.toolBlock("toolu_2")?.result)
    c.updateToolBlock("toolu_2", { input: { file_path: "b" } })
    assert.deepStrictEqual(c.toolBlock("toolu_2")?.input, { file_path: "b" })
  })

  it("updateToolBlock of an unknown id changes nothing", () => {
    const c = withToolCall()
    const before = JSON.stringify(c.messages)
    c.updateToolBlock("toolu_404", { status: "done", result: "x" })
    assert.strictEqual(JSON.stringify(c.messages), before)
    assert.isUndefined(c.toolBlock("toolu_404"))
  })

  it("addErrorBlock and addWarnBlock are shown to the user, in order", () => {
    const c = new Conversation()
    c.addUserMessage("prompt")
    c.addErrorBlock("hook crashed")
    c.addWarnBlock("warning", "formatter changed 2 files")
    c.addWarnBlock("info", "read-only listing")
    assert.deepStrictEqual(c.userView(), ["prompt", "hook crashed", "formatter changed 2 files", "read-only listing"])
    assert.deepStrictEqual(blocksOf(c, "warn"), [
      { type: "warn", level: "warning", text: "formatter changed 2 files" },
      { type: "warn", level: "info", text: "read-only listing" }
    ])
  })

  it("removeLastUserMessage erases the last prompt and keeps what else the message holds", () => {
    const c = new Conversation()
    c.addUserMessage("kept")
    c.addAssistantText("answer")
    c.addUserMessage("erased")
    c.addErrorBlock("blocked")
    c.removeLastUserMessage()
    assert.deepStrictEqual(c.messages, [
      { role: "user", blocks: [{ type: "text", text: "kept" }] },
      { role: "assistant", blocks: [{ type: "text", text: "answer" }] },
      { role: "user", blocks: [{ type: "error", text: "blocked" }] }
    ])
  })

  it("removeLastUserMessage drops a message left empty, skips assistant messages, and does nothing without prompts", () => {
    const c = new Conversation()
    c.removeLastUserMessage()
    assert.deepStrictEqual(c.messages, [])
    c.addUserMessage("only prompt")
    c.addAssistantText("answer")
    c.removeLastUserMessage()
    assert.deepStrictEqual(c.messages, [{ role: "assistant", blocks: [{ type: "text", text: "answer" }] }])
    c.removeLastUserMessage()
    assert.deepStrictEqual(c.messages, [{ role: "assistant", blocks: [{ type: "text", text: "answer" }] }])
  })

  it("removeBlock removes that very block (by identity, not by equal text), dropping a message left empty", () => {
    const c = new Conversation()
    const first = c.addUserMessage("same words")
    c.addHookBlock("context")
    const second = c.addUserMessage("same words")
    c.addToolCall("t1", "Bash", { command: "ls" })
    assert.isTrue(c.removeBlock(second))
    assert.deepStrictEqual(
      c.messages.map((m) => m.blocks.map((b) => b.type)),
      [["text", "hook"], ["tool"]]
    )
    assert.isFalse(c.removeBlock(second), "already gone")
    assert.isFalse(
      c.removeBlock({ type: "text", text: "same words" }),
      "an equal block that is not in the conversation"
    )
    assert.isTrue(c.removeBlock(c.toolBlock("t1")!))
    assert.isTrue(c.removeBlock(first))
    assert.deepStrictEqual(c.messages, [{ role: "user", blocks: [{ type: "hook", text: "context" }] }])
  })

  it("userView shows tool calls with their status and result", () => {
    const c = withToolCall("build/ removed")
    assert.deepStrictEqual(c.userView(), [
      "tidy up",
      "I will delete the build folder.",
      `Bash({"command":"rm -rf build"}) done: build/ removed`
    ])
  })
})

// ====== What the model is sent ======

describe("Conversation.toModelMessages", () => {
  it("sends user text and hook blocks as user text parts, assistant text as text parts", () => {
    const c = new Conversation()
    c.addUserMessage("fix the tests")
    c.addHookBlock("branch: main")
    c.addAssistantText("on it")
    assert.deepStrictEqual(c.toModelMessages(), [
      {
        role: "user",
        content: [
          { type: "text", text: "fix the tests" },
          { type: "text", text: "branch: main" }
        ]
      },
      { role: "assistant", content: [{ type: "text", text: "on it" }] }
    ])
  })

  it("leaves warn and error blocks out", () => {
    const c = new Conversation()
    c.addUserMessage("prompt")
    c.addWarnBlock("warning", "warn-for-user")
    c.addErrorBlock("error-for-user")
    c.addHookBlock("context-for-model")
    assert.deepStrictEqual(c.toModelMessages(), [
      {
        role: "user",
        content: [
          { type: "text", text: "prompt" },
          { type: "text", text: "context-for-model" }
        ]
      }
    ])
    assert.notInclude(modelJson(c), "warn-for-user")
    assert.notInclude(modelJson(c), "error-for-user")
  })

  it("sends tool calls as tool-call parts and results as tool-result parts (errors as error-text)", () => {
    const c = withToolCall("removed")
    c.addToolCall("toolu_2", "Read", { file_path: ".env" })
    c.updateToolBlock("toolu_2", { status: "denied", result: "secrets stay secret" })
    c.addToolCall("toolu_3", "Write", { file_path: "a" })
    assert.deepStrictEqual(c.toModelMessages(), [
      { role: "user", content: [{ type: "text", text: "tidy up" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "I will delete the build folder." },
          { type: "tool-call", toolCallId: "toolu_1", toolName: "Bash", input: { command: "rm -rf build" } },
          { type: "tool-call", toolCallId: "toolu_2", toolName: "Read", input: { file_path: ".env" } },
          { type: "tool-call", toolCallId: "toolu_3", toolName: "Write", input: { file_path: "a" } }
        ]
      },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "toolu_1", toolName: "Bash", output: { type: "text", value: "removed" } },
          {
            type: "tool-result",
            toolCallId: "toolu_2",
            toolName: "Read",
            output: { type: "error-text", value: "secrets stay secret" }
          }
        ]
      }
    ])
  })

  it("a failed tool's result is error-text", () => {
    const c = withToolCall()
    c.updateToolBlock(bash.id, { status: "failed", result: "ENOENT" })
    assert.deepStrictEqual(toolResults(c.toModelMessages()), [
      { type: "tool-result", toolCallId: "toolu_1", toolName: "Bash", output: { type: "error-text", value: "ENOENT" } }
    ])
  })

  it("drops a message left empty once user-only blocks are removed", () => {
    const c = new Conversation()
    c.addUserMessage("prompt")
    c.addAssistantText("answer")
    c.addWarnBlock("info", "just so you know")
    c.addErrorBlock("and this")
    assert.strictEqual(c.messages.length, 3)
    assert.deepStrictEqual(
      c.toModelMessages().map((m) => m.role),
      ["user", "assistant"]
    )
  })

  it("an empty conversation sends nothing", () => {
    assert.deepStrictEqual(new Conversation().toModelMessages(), [])
  })
})

// ====== applyToConversation, per effect kind ======

describe("applyToConversation (seed 004's message operations)", () => {
  it("UserPromptSubmit exit 0 with stdout: the context joins the prompt's turn", () => {
    const c = new Conversation()
    c.addUserMessage("fix it")
    apply(c, "UserPromptSubmit", decide("UserPromptSubmit", hookRun({ exitCode: 0, stdout: "context data" })))
    assert.deepStrictEqual(userTexts(c.toModelMessages()), ["fix it", "context data"])
  })

  it("UserPromptSubmit exit 2: an error block for the user and the prompt erased", () => {
    const c = new Conversation()
    c.addUserMessage("invalid prompt")
    const effects = decide("UserPromptSubmit", hookRun({ exitCode: 2, stderr: "Invalid prompt format" }))
    assert.deepStrictEqual(effects, [BlockPrompt({ reason: "Invalid prompt format" })])
    apply(c, "UserPromptSubmit", effects)
    assert.deepStrictEqual(blocksOf(c, "error"), [{ type: "error", text: "Invalid prompt format" }])
    assert.deepStrictEqual(blocksOf(c, "text"), [], "the prompt is erased")
    assert.deepStrictEqual(c.toModelMessages(), [])
    assert.deepStrictEqual(c.userView(), ["Invalid prompt format"])
  })

  it("a blocked prompt erases only the latest prompt", () => {
    const c = new Conversation()
    c.addUserMessage("earlier prompt")
    c.addAssistantText("done")
    c.addUserMessage("password=hunter2")
    apply(c, "UserPromptSubmit", [BlockPrompt({ reason: "no secrets" })])
    const json = modelJson(c)
    assert.include(json, "earlier prompt")
    assert.notInclude(json, "hunter2")
    assert.notInclude(json, "no secrets")
  })

  it("PreToolUse exit 2: the tool block is denied with the reason as its result", () => {
    const c = withToolCall()
    apply(c, "PreToolUse", decide("PreToolUse", hookRun({ exitCode: 2, stderr: "rm -rf is not allowed" })))
    assert.strictEqual(c.toolBlock(bash.id)?.status, "denied")
    assert.strictEqual(c.toolBlock(bash.id)?.result, "rm -rf is not allowed")
    assert.deepStrictEqual(toolResults(c.toModelMessages()), [
      {
        type: "tool-result",
        toolCallId: "toolu_1",
        toolName: "Bash",
        output: { type: "error-text", value: "rm -rf is not allowed" }
      }
    ])
  })

  it("BlockTool outside a tool event is a block the model sees", () => {
    const c = new Conversation()
    c.addUserMessage("p")
    apply(c, "UserPromptSubmit", [BlockTool({ reason: "model-reads-this" })])
    assert.include(userTexts(c.toModelMessages()), "model-reads-this")
  })

  it("AllowTool marks the tool running; UpdateInput replaces its input", () => {
    const c = withToolCall()
    apply(c, "PreToolUse", [AllowTool(), UpdateInput({ input: { command: "rm -rf build/tmp" } })])
    assert.strictEqual(c.toolBlock(bash.id)?.status, "running")
    assert.deepStrictEqual(c.toolBlock(bash.id)?.input, { command: "rm -rf build/tmp" })
  })

  it("an allowed AskPermission runs the tool; the question stays with the user", () => {
    const c = withToolCall()
    apply(c, "PreToolUse", [AskPermission({ reason: "asks-the-user" })], { answer: "allow", reason: "asks-the-user" })
    assert.strictEqual(c.toolBlock(bash.id)?.status, "running")
    assert.isTrue(c.userView().some((t) => t.includes("asks-the-user") && t.includes("allowed")))
    assert.notInclude(modelJson(c), "asks-the-user")
  })

  it("a refused AskPermission denies the tool and tells the model that the user refused", () => {
    const c = withToolCall()
    apply(c, "PreToolUse", [AskPermission({ reason: "asks-the-user" })], { answer: "deny", reason: "asks-the-user" })
    assert.strictEqual(c.toolBlock(bash.id)?.status, "denied")
    assert.strictEqual(c.toolBlock(bash.id)?.result, userDeniedReason())
    assert.isTrue(c.userView().some((t) => t.includes("asks-the-user") && t.includes("denied")))
    assert.include(modelJson(c), "The user denied this tool call")
    assert.notInclude(modelJson(c), "asks-the-user", "the reason was written for the user (section 3)")
  })

  it('PostToolUse exit 2: the feedback is appended to the tool result as "Hook feedback: ..."', () => {
    const c = withToolCall("12 passing")
    const effects = decide("PostToolUse", hookRun({ exitCode: 2, stderr: "lint failed" }))
    assert.deepStrictEqual(effects, [PromptModel({ text: "lint failed" })])
    apply(c, "PostToolUse", effects)
    assert.strictEqual(c.toolBlock(bash.id)?.result, "12 passing\n\nHook feedback: lint failed")
    assert.deepStrictEqual(toolResults(c.toModelMessages())[0]?.output, {
      type: "text",
      value: "12 passing\n\nHook feedback: lint failed"
    })
  })

  it("PostToolUse feedback on a tool without a result is the whole result", () => {
    const c = withToolCall()
    apply(c, "PostToolUse", [PromptModel({ text: "fb" })])
    assert.strictEqual(c.toolBlock(bash.id)?.result, "Hook feedback: fb")
  })

  it("UpdateToolOutput replaces the result before feedback is appended, whatever their order", () => {
    const c = withToolCall("API_TOKEN=sk-live-1")
    apply(c, "PostToolUse", [PromptModel({ text: "redacted" }), UpdateToolOutput({ output: { token: "[redacted]" } })])
    assert.strictEqual(c.toolBlock(bash.id)?.result, `{"token":"[redacted]"}\n\nHook feedback: redacted`)
    assert.notInclude(modelJson(c), "sk-live-1")
  })

  it("PromptModel outside a tool event is a block the model sees", () => {
    const c = new Conversation()
    c.addUserMessage("p")
    apply(c, "UserPromptSubmit", [PromptModel({ text: "feedback-for-model" })])
    assert.deepStrictEqual(userTexts(c.toModelMessages()), ["p", "feedback-for-model"])
  })

  it("InjectContext adds a block the model sees", () => {
    const c = new Conversation()
    apply(c, "SessionStart", [InjectContext({ text: "Project: demo" })])
    assert.deepStrictEqual(c.toModelMessages(), [{ role: "user", content: [{ type: "text", text: "Project: demo" }] }])
  })

  it("Stop exit 2: the reason is a block the model sees", () => {
    const c = new Conversation()
    c.addUserMessage("fix it")
    c.addAssistantText("done")
    const effects = decide("Stop", hookRun({ exitCode: 2, stderr: "run the tests first" }))
    assert.deepStrictEqual(effects, [BlockStop({ reason: "run the tests first" })])
    apply(c, "Stop", effects)
    const messages = c.toModelMessages()
    assert.deepStrictEqual(messages[messages.length - 1], {
      role: "user",
      content: [{ type: "text", text: "run the tests first" }]
    })
  })

  it("ShowUser is a user-only block: error level as an error block, others as warn blocks", () => {
    const c = new Conversation()
    c.addUserMessage("p")
    apply(c, "Notification", [
      ShowUser({ level: "info", text: "info-1" }),
      ShowUser({ level: "warning", text: "warning-2" }),
      ShowUser({ level: "error", text: "error-3" })
    ])
    assert.deepStrictEqual(blocksOf(c, "warn"), [
      { type: "warn", level: "info", text: "info-1" },
      { type: "warn", level: "warning", text: "warning-2" }
    ])
    assert.deepStrictEqual(blocksOf(c, "error"), [{ type: "error", text: "error-3" }])
    assert.deepStrictEqual(c.toModelMessages(), [{ role: "user", content: [{ type: "text", text: "p" }] }])
  })

  it("a non-blocking hook error (other exit codes) is an error block for the user", () => {
    const c = new Conversation()
    c.addUserMessage("p")
    apply(c, "UserPromptSubmit", decide("UserPromptSubmit", hookRun({ exitCode: 1, stderr: "oops-7" })))
    assert.isTrue(blocksOf(c, "error").some((b) => b.type === "error" && b.text.includes("oops-7")))
    assert.notInclude(modelJson(c), "oops-7")
    assert.deepStrictEqual(userTexts(c.toModelMessages()), ["p"])
  })

  it("StopAgent and BlockCompaction are user-only blocks", () => {
    const c = new Conversation()
    apply(c, "PreCompact", [BlockCompaction({ reason: "keep-history" }), StopAgent({ reason: "frozen" }), StopAgent()])
    assert.deepStrictEqual(c.userView(), [
      "Compaction blocked: keep-history",
      "Agent stopped by a hook: frozen",
      "Agent stopped by a hook"
    ])
    assert.deepStrictEqual(c.toModelMessages(), [])
  })

  it("Diagnostic goes to conversation.diagnostics, not into the messages", () => {
    const c = new Conversation()
    apply(c, "PostToolUse", [Diagnostic({ code: "noisy-stdout", message: "for-the-author" })])
    assert.deepStrictEqual(c.diagnostics, [{ code: "noisy-stdout", message: "for-the-author" }])
    assert.deepStrictEqual(c.messages, [])
  })

  it("effects from several hooks (combine) apply together", () => {
    const c = withToolCall()
    const effects = combine([
      decide("PreToolUse", hookRun({ exitCode: 1, stderr: "linter missing" })),
      decide("PreToolUse", hookRun({ exitCode: 2, stderr: "denied-by-guard" }))
    ])
    apply(c, "PreToolUse", effects)
    assert.strictEqual(c.toolBlock(bash.id)?.result, "denied-by-guard")
    assert.isTrue(blocksOf(c, "error").some((b) => b.type === "error" && b.text.includes("linter missing")))
    assert.notInclude(modelJson(c), "linter missing")
  })
})

// ====== Through the memory interpreter ======

describe("memoryInterpreter", () => {
  it.effect("carries out a blocked prompt like seed 004's example: one error block, no user text left", () => {
    const c = new Conversation()
    c.addUserMessage("invalid prompt")
    return Effect.gen(function* () {
      const interpreter = yield* Interpreter
      const resolution = yield* interpreter.carryOut({
        event: "UserPromptSubmit",
        effects: decide("UserPromptSubmit", hookRun({ exitCode: 2, stderr: "Invalid prompt format" }))
      })
      assert.strictEqual(resolution.promptBlocked, "Invalid prompt format")
      const errors = c.messages.filter((m) => m.blocks.some((b) => b.type === "error"))
      assert.strictEqual(errors.length, 1)
      assert.deepStrictEqual(errors[0]?.blocks[0], { type: "error", text: "Invalid prompt format" })
      assert.deepStrictEqual(blocksOf(c, "text"), [])
    }).pipe(Effect.provide(memoryInterpreter(c).pipe(Layer.provide(Permission.always("allow")))))
  })

  it.effect("asks Permission for an AskPermission on a tool call and applies the answer", () => {
    const c = withToolCall()
    const asked: Array<PermissionRequest> = []
    return Effect.gen(function* () {
      const interpreter = yield* Interpreter
      const resolution = yield* interpreter.carryOut({
        event: "PreToolUse",
        effects: [AskPermission({ reason: "push?" })],
        tool: bash
      })
      assert.deepStrictEqual(resolution.asked, { reason: "push?", answer: "deny" })
      assert.strictEqual(resolution.permission, "deny")
      assert.deepStrictEqual(asked, [{ event: "PreToolUse", tool: bash, reason: "push?" }])
      assert.strictEqual(c.toolBlock(bash.id)?.status, "denied")
    }).pipe(Effect.provide(memoryInterpreter(c).pipe(Layer.provide(Permission.scripted(["deny"], "allow", asked)))))
  })
})
