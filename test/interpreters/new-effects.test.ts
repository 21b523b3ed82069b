/**
 * The effects of issue 12 in every interpreter: `resolveEffects` carries each
 * one out as data, the memory interpreter and the AI SDK interpreter carry
 * them out or say they are not applicable, the terminal shows each one with
 * its audience, the web page describes each one. Nothing is dropped silently.
 */
import { assert, describe, it } from "@effect/vitest"
import type { HookEffect } from "../../src/index.ts"
import { needsAnswer } from "../../src/effects/precedence.ts"
import {
  AllowRetry,
  AllowTool,
  AnswerElicitation,
  AskPermission,
  BlockAction,
  BlockPrompt,
  BlockTool,
  DeferTool,
  ReplaceDisplay,
  resolveEffects,
  SendUserMessage,
  SetSessionTitle,
  SetWorktreePath,
  UpdateInput,
  UpdatePermissions,
  WatchPaths
} from "../../src/index.ts"
import { applyToConversation } from "../../src/interpreters/memory/memory-interpreter.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { blockedToolResult, deferredToolResult } from "../../src/interpreters/ai-sdk/model-text.ts"
import { userMessagesOf } from "../../src/interpreters/ai-sdk/user-message.ts"
import { formatEffect } from "../../src/interpreters/terminal/format.ts"
import { describeEffect, describeResolution } from "../../src/interpreters/web/describe.ts"

const newEffects: ReadonlyArray<HookEffect> = [
  BlockAction({ reason: "frozen" }),
  DeferTool({ reason: "later" }),
  AllowRetry(),
  UpdatePermissions({ updates: [{ type: "addRules" }] }),
  ReplaceDisplay({ text: "[redacted]" }),
  AnswerElicitation({ action: "accept", content: { token: "x" } }),
  SetWorktreePath({ path: "/wt/x" }),
  SetSessionTitle({ title: "Fix CI" }),
  SendUserMessage({ text: "Read the README" }),
  WatchPaths({ paths: [".env"] })
]

describe("resolveEffects: the effects of issue 12", () => {
  it("carries each one out as data", () => {
    const r = resolveEffects([
      BlockAction({ reason: "frozen" }),
      AllowRetry(),
      ReplaceDisplay({ text: "[redacted]" }),
      AnswerElicitation({ action: "accept", content: { token: "x" } }),
      SetSessionTitle({ title: "Fix CI" }),
      SendUserMessage({ text: "Read the README" }),
      WatchPaths({ paths: [".env"] }),
      WatchPaths({ paths: ["package.json"] }),
      BlockPrompt({ reason: "no", suppressOriginalPrompt: true })
    ])
    assert.strictEqual(r.actionBlocked, "frozen")
    assert.strictEqual(r.retryAllowed, true)
    assert.strictEqual(r.display, "[redacted]")
    assert.deepStrictEqual(r.elicitation, { action: "accept", content: { token: "x" } })
    assert.strictEqual(r.sessionTitle, "Fix CI")
    assert.deepStrictEqual(r.initialUserMessages, ["Read the README"])
    assert.deepStrictEqual(r.watchPaths, [".env", "package.json"])
    assert.strictEqual(r.suppressOriginalPrompt, true)
  })

  it("a deferred call: permission defer with its reason; an updated input is dropped; no deny reason", () => {
    const r = resolveEffects(
      [DeferTool({ reason: "later" }), UpdateInput({ input: { a: 1 } }), AskPermission()],
      "allow"
    )
    assert.strictEqual(r.permission, "defer")
    assert.deepStrictEqual(r.deferred, { reason: "later" })
    assert.isUndefined(r.toolInput)
    assert.isUndefined(r.denyReason)
    assert.isFalse(needsAnswer([DeferTool(), AskPermission()]), "a deferred call asks nobody")
  })

  it("a deny wins over a defer", () => {
    const r = resolveEffects([DeferTool(), BlockTool({ reason: "no" })])
    assert.strictEqual(r.permission, "deny")
    assert.isUndefined(r.deferred)
  })

  it("permission updates go with an allow, and are dropped when the call is denied", () => {
    assert.deepStrictEqual(resolveEffects([AllowTool(), UpdatePermissions({ updates: [1] })]).permissionUpdates, [1])
    assert.isUndefined(
      resolveEffects([BlockTool({ reason: "no" }), UpdatePermissions({ updates: [1] })]).permissionUpdates
    )
  })

  it("a worktree path is dropped when the creation was blocked", () => {
    const r = resolveEffects([SetWorktreePath({ path: "/wt" }), BlockAction({ reason: "failed" })])
    assert.isUndefined(r.worktreePath)
    assert.strictEqual(resolveEffects([SetWorktreePath({ path: "/wt" })]).worktreePath, "/wt")
  })
})

describe("memory interpreter: the effects of issue 12", () => {
  it("a deferred tool call is not run; the model reads that it was deferred, the user reads why", () => {
    const c = new Conversation()
    c.addToolCall("t1", "Schedule", {})
    applyToConversation(
      c,
      {
        event: "PreToolUse",
        effects: [DeferTool({ reason: "waits for the release manager" })],
        tool: { id: "t1", name: "Schedule", input: {} }
      },
      undefined
    )
    const block = c.toolBlock("t1")!
    assert.strictEqual(block.status, "denied")
    assert.notInclude(block.result ?? "", "release manager")
    assert.include(c.userView().join("\n"), "waits for the release manager")
  })

  it("every new effect leaves a trace in the conversation (carried out, or said not applicable)", () => {
    for (const effect of newEffects) {
      const c = new Conversation()
      applyToConversation(c, { event: "SessionStart", effects: [effect] }, undefined)
      const blocks = c.messages.flatMap((m) => m.blocks)
      assert.isAbove(blocks.length, 0, effect._tag)
    }
  })
})

describe("AI SDK interpreter: the effects of issue 12", () => {
  it("a deferred call does not run in the AI SDK loop; the model reads a fixed text, never the reason", () => {
    assert.strictEqual(blockedToolResult(resolveEffects([DeferTool({ reason: "secret plan" })])), deferredToolResult)
    assert.notInclude(deferredToolResult, "secret plan")
  })

  it("the user is told about each new effect: what it did, or that it does not apply to this host", () => {
    for (const effect of newEffects) {
      const messages = userMessagesOf({ event: "SessionStart", effects: [effect] }, resolveEffects([effect]))
      assert.lengthOf(messages, 1, effect._tag)
    }
  })
})

describe("terminal and web: the effects of issue 12", () => {
  it("the terminal prints one line per new effect", () => {
    for (const effect of newEffects) {
      const line = formatEffect(effect, resolveEffects([effect]), { color: false })
      assert.isString(line, effect._tag)
      assert.isAbove(line!.length, 0)
    }
  })

  it("the web page describes each new effect with its audience, and a deferred or blocked action in the resolution", () => {
    for (const effect of newEffects) assert.strictEqual(describeEffect(effect).tag, effect._tag)
    assert.include(
      describeResolution("PreToolUse", resolveEffects([DeferTool({ reason: "later" })])).join("\n"),
      "deferred"
    )
    assert.include(
      describeResolution("ConfigChange", resolveEffects([BlockAction({ reason: "frozen" })])).join("\n"),
      "frozen"
    )
  })
})
