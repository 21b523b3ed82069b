/**
 * AgentLoop's steps are lazy Effects: building one changes nothing, each run
 * is one step, and a step interrupted before its effects were carried out
 * (a timeout while a hook runs or a question waits, then a retry) leaves no
 * phantom message or tool call. Hooks are canned runs (`HookProcess.test`);
 * the interpreter is the memory one.
 */
import { assert, describe, it } from "@effect/vitest"
import { NodeFileSystem } from "@effect/platform-node"
import { Deferred, Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { AgentLoop } from "../../src/hosts/agent-loop/agent-loop.ts"
import type { PermissionAnswer, PermissionRequest } from "../../src/index.ts"
import { layerSettings, Permission, validateSettings } from "../../src/index.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { memoryInterpreter } from "../../src/interpreters/memory/memory-interpreter.ts"
import type { CannedRun } from "../../src/runner/hook-process.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import { HookSession } from "../../src/runner/session.ts"

const PROMPT_HOOK = "./prompt-context"
const PRE_HOOK = "./pre-tool"

const snapshot = layerSettings(
  [
    validateSettings(
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [{ hooks: [{ type: "command", command: PROMPT_HOOK }] }],
          PreToolUse: [{ hooks: [{ type: "command", command: PRE_HOOK }] }]
        }
      }),
      { dialect: "wave", file: "/agent-loop-test/home/.wave/settings.json", scope: "user" }
    )
  ],
  "wave"
)

/** A session whose UserPromptSubmit hook injects "branch: main" and whose PreToolUse hook says nothing, unless overridden. */
const sessionWith = (script: { readonly prompt?: () => CannedRun; readonly pre?: () => CannedRun } = {}) =>
  new HookSession(
    {
      projectDir: "/agent-loop-test/project",
      env: {},
      settings: snapshot,
      session: { session_id: "t", transcript_path: "" }
    },
    HookProcess.test({
      [PROMPT_HOOK]: script.prompt ?? (() => ({ exitCode: 0, stdout: "branch: main" })),
      [PRE_HOOK]: script.pre ?? (() => ({ exitCode: 0 }))
    })
  )

const askJson = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "ask",
    permissionDecisionReason: "writes files"
  }
})

/** Memory interpreter over `conversation`, permission from `ask`, and a file system. */
const world = (
  conversation: Conversation,
  ask: (request: PermissionRequest) => Effect.Effect<PermissionAnswer> = () => Effect.succeed("allow")
) =>
  Layer.mergeAll(
    memoryInterpreter(conversation).pipe(Layer.provide(Layer.succeed(Permission, Permission.of({ ask })))),
    NodeFileSystem.layer
  )

const userTexts = (conversation: Conversation): ReadonlyArray<string> =>
  conversation.messages.flatMap((m) =>
    m.role === "user" ? m.blocks.flatMap((b) => (b.type === "text" ? [b.text] : [])) : []
  )

const hookTexts = (conversation: Conversation): ReadonlyArray<string> =>
  conversation.messages.flatMap((m) => m.blocks.flatMap((b) => (b.type === "hook" ? [b.text] : [])))

const toolBlocks = (conversation: Conversation) =>
  conversation.messages.flatMap((m) => m.blocks.flatMap((b) => (b.type === "tool" ? [b] : [])))

describe("AgentLoop steps are lazy", () => {
  it.effect("building prompt(...) and useTool(...) without running them changes nothing and uses no tool id", () =>
    Effect.gen(function* () {
      const conversation = new Conversation()
      const loop = new AgentLoop(sessionWith(), conversation)
      loop.prompt("never sent")
      loop.useTool("Bash", { command: "never run" }, () => Effect.succeed("x"))
      assert.deepStrictEqual(conversation.messages, [])

      const ran = yield* loop
        .useTool("Bash", { command: "ls" }, () => Effect.succeed("a.txt"))
        .pipe(Effect.provide(world(conversation)))
      assert.strictEqual(ran.call.id, "toolu_001", "the unrun useTool took no id")
      assert.deepStrictEqual(
        toolBlocks(conversation).map((b) => b.id),
        ["toolu_001"]
      )
    })
  )

  it.effect("running one prompt Effect twice adds the prompt twice, each with its hook context", () =>
    Effect.gen(function* () {
      const conversation = new Conversation()
      const loop = new AgentLoop(sessionWith(), conversation)
      const prompt = loop.prompt("fix the tests")
      assert.deepStrictEqual(conversation.messages, [])
      yield* prompt.pipe(Effect.provide(world(conversation)))
      assert.deepStrictEqual(userTexts(conversation), ["fix the tests"])
      yield* prompt.pipe(Effect.provide(world(conversation)))
      assert.deepStrictEqual(userTexts(conversation), ["fix the tests", "fix the tests"])
      assert.deepStrictEqual(hookTexts(conversation), ["branch: main", "branch: main"])
    })
  )

  it.effect("running one useTool Effect twice makes two calls with their own ids, and runs the tool twice", () =>
    Effect.gen(function* () {
      const conversation = new Conversation()
      const loop = new AgentLoop(sessionWith(), conversation)
      let runs = 0
      const step = loop.useTool("Bash", { command: "ls" }, () => Effect.sync(() => `run ${++runs}`))
      const first = yield* step.pipe(Effect.provide(world(conversation)))
      const second = yield* step.pipe(Effect.provide(world(conversation)))
      assert.deepStrictEqual([first.call.id, second.call.id], ["toolu_001", "toolu_002"])
      assert.deepStrictEqual(
        toolBlocks(conversation).map((b) => [b.id, b.status, b.result]),
        [
          ["toolu_001", "done", "run 1"],
          ["toolu_002", "done", "run 2"]
        ]
      )
    })
  )
})

describe("AgentLoop steps interrupted before their effects were carried out leave nothing", () => {
  it.effect("a prompt whose hook times out, retried, leaves one prompt and one context block", () =>
    Effect.gen(function* () {
      const entered = yield* Deferred.make<void>()
      let attempts = 0
      const conversation = new Conversation()
      const loop = new AgentLoop(
        sessionWith({
          // The first run hangs (after saying so); the retry answers at once.
          prompt: () =>
            ++attempts === 1
              ? Deferred.succeed(entered, undefined).pipe(Effect.andThen(Effect.never))
              : { exitCode: 0, stdout: "branch: main" }
        }),
        conversation
      )
      const fiber = yield* loop
        .prompt("deploy")
        .pipe(
          Effect.timeout("1 second"),
          Effect.retry({ times: 1 }),
          Effect.provide(world(conversation)),
          Effect.forkChild
        )
      yield* Deferred.await(entered)
      assert.deepStrictEqual(
        userTexts(conversation),
        ["deploy"],
        "while the hook runs, the prompt is in the conversation"
      )
      yield* TestClock.adjust("1 second")
      const outcome = yield* Fiber.join(fiber)
      assert.isTrue(outcome.accepted)
      assert.strictEqual(attempts, 2)
      assert.deepStrictEqual(userTexts(conversation), ["deploy"])
      assert.deepStrictEqual(hookTexts(conversation), ["branch: main"])
    })
  )

  it.effect("an interrupted prompt (no retry) is removed from the conversation", () =>
    Effect.gen(function* () {
      const entered = yield* Deferred.make<void>()
      const conversation = new Conversation()
      conversation.addUserMessage("earlier")
      const loop = new AgentLoop(
        sessionWith({ prompt: () => Deferred.succeed(entered, undefined).pipe(Effect.andThen(Effect.never)) }),
        conversation
      )
      const fiber = yield* loop.prompt("abandoned").pipe(Effect.provide(world(conversation)), Effect.forkChild)
      yield* Deferred.await(entered)
      yield* Fiber.interrupt(fiber)
      assert.deepStrictEqual(userTexts(conversation), ["earlier"])
    })
  )

  it.effect("a tool call whose permission question times out, retried, leaves one call, which ran once", () =>
    Effect.gen(function* () {
      const asked = yield* Deferred.make<void>()
      let questions = 0
      let runs = 0
      const conversation = new Conversation()
      const loop = new AgentLoop(sessionWith({ pre: () => ({ exitCode: 0, stdout: askJson }) }), conversation)
      // Nobody answers the first question; the second is allowed.
      const ask = () =>
        ++questions === 1
          ? Deferred.succeed(asked, undefined).pipe(Effect.andThen(Effect.never))
          : Effect.succeed<PermissionAnswer>("allow")
      const fiber = yield* loop
        .useTool("Write", { file_path: "a.txt" }, () => Effect.sync(() => `wrote ${++runs}`))
        .pipe(
          Effect.timeout("1 second"),
          Effect.retry({ times: 1 }),
          Effect.provide(world(conversation, ask)),
          Effect.forkChild
        )
      yield* Deferred.await(asked)
      assert.deepStrictEqual(
        toolBlocks(conversation).map((b) => [b.id, b.status]),
        [["toolu_001", "pending"]]
      )
      yield* TestClock.adjust("1 second")
      const outcome = yield* Fiber.join(fiber)
      assert.isTrue(outcome.ran)
      assert.strictEqual(runs, 1)
      // The abandoned attempt's id is not reused; its block is gone.
      assert.deepStrictEqual(
        toolBlocks(conversation).map((b) => [b.id, b.status, b.result]),
        [["toolu_002", "done", "wrote 1"]]
      )
      assert.deepStrictEqual(
        conversation
          .toModelMessages()
          .flatMap((m) =>
            m.role === "assistant" ? m.content.flatMap((c) => (c.type === "tool-call" ? [c.toolCallId] : [])) : []
          ),
        ["toolu_002"]
      )
    })
  )

  it.effect(
    "a tool call interrupted while the tool runs keeps its block, failed, with a result the model can read",
    () =>
      Effect.gen(function* () {
        const started = yield* Deferred.make<void>()
        const conversation = new Conversation()
        const loop = new AgentLoop(sessionWith(), conversation)
        const fiber = yield* loop
          .useTool("Bash", { command: "sleep 100" }, () =>
            Deferred.succeed(started, undefined).pipe(Effect.andThen(Effect.never))
          )
          .pipe(Effect.provide(world(conversation)), Effect.forkChild)
        yield* Deferred.await(started)
        yield* Fiber.interrupt(fiber)
        assert.deepStrictEqual(
          toolBlocks(conversation).map((b) => [b.id, b.status, b.result]),
          [["toolu_001", "failed", "The tool call was interrupted."]]
        )
        const results = conversation.toModelMessages().flatMap((m) => (m.role === "tool" ? m.content : []))
        assert.deepStrictEqual(
          results.map((r) => [r.toolCallId, r.output]),
          [["toolu_001", { type: "error-text", value: "The tool call was interrupted." }]]
        )
      })
  )
})
