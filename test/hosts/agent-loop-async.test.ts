/**
 * AgentLoop delivers what background hooks (`async`, `asyncRewake`) answered
 * at the start of the next turn: the context of an async UserPromptSubmit
 * hook is not in its own turn's decision, and reaches the conversation
 * before the next prompt. Hooks are canned runs; the interpreter is the
 * memory one.
 */
import { assert, describe, it } from "@effect/vitest"
import { NodeFileSystem } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { AgentLoop } from "../../src/hosts/agent-loop/agent-loop.ts"
import { layerSettings, Permission, validateSettings } from "../../src/index.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { memoryInterpreter } from "../../src/interpreters/memory/memory-interpreter.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import { HookSession } from "../../src/runner/session.ts"

const LINT = "./lint-in-background"
const REWAKE = "./tests-in-background"

const snapshot = layerSettings(
  [
    validateSettings(
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [{ hooks: [{ type: "command", command: LINT, async: true }] }],
          Stop: [{ hooks: [{ type: "command", command: REWAKE, asyncRewake: true }] }]
        }
      }),
      { dialect: "wave", file: "/agent-loop-async/home/.wave/settings.json", scope: "user" }
    )
  ],
  "wave"
)

const lintOutput = JSON.stringify({
  hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "lint: 2 warnings in src/a.ts" }
})

describe("AgentLoop and background hooks", () => {
  it.effect(
    "given an async prompt hook and an asyncRewake Stop hook, then neither is in its own turn's decision, and both reach the conversation before the next prompt",
    () => {
      const conversation = new Conversation()
      return Effect.gen(function* () {
        const session = new HookSession(
          {
            projectDir: "/agent-loop-async/project",
            env: {},
            settings: snapshot,
            session: { session_id: "t", transcript_path: "" }
          },
          HookProcess.test({
            [LINT]: { exitCode: 0, stdout: lintOutput },
            [REWAKE]: { exitCode: 2, stderr: "tests fail: fix them" }
          })
        )
        const loop = new AgentLoop(session, conversation)
        const first = yield* loop.prompt("fix the bug")
        assert.deepStrictEqual(first.hooks.effects, [])
        // Wait for the background run to finish (without collecting it).
        yield* first.hooks.background![0]!.result
        const stop = yield* loop.fire("Stop", {})
        assert.deepStrictEqual(stop.hooks.effects, [], "the asyncRewake hook does not block the Stop it runs on")
        yield* stop.hooks.background![0]!.result
        assert.strictEqual(session.pendingAsyncCount(), 2)
        yield* loop.prompt("and now?")
        const texts = conversation.messages.flatMap((m) =>
          m.blocks.flatMap((b) => ("text" in b ? [`${b.type}: ${b.text}`] : []))
        )
        const context = texts.indexOf("hook: lint: 2 warnings in src/a.ts")
        assert.isAbove(context, texts.indexOf("text: fix the bug"))
        assert.isBelow(context, texts.indexOf("text: and now?"))
        assert.isBelow(texts.indexOf("hook: tests fail: fix them"), texts.indexOf("text: and now?"))
        assert.isAbove(texts.indexOf("hook: tests fail: fix them"), -1)
        // The two were collected; the second prompt started its own background lint.
        assert.strictEqual(session.pendingAsyncCount(), 1)
      }).pipe(
        Effect.provide(
          Layer.mergeAll(
            memoryInterpreter(conversation).pipe(
              Layer.provide(Layer.succeed(Permission, Permission.of({ ask: () => Effect.succeed("allow") })))
            ),
            NodeFileSystem.layer
          )
        )
      )
    }
  )
})
