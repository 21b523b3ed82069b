/**
 * The ask timeout: a permission question nobody answers waits as long as it
 * takes by default; with `AskTimeout` set (`askTimeout`, `Permission.timeout`,
 * `Permission.withTimeout`, `interpreterPromise(..., { askTimeoutMs })`) it is
 * denied after that long, and the deny reason says it timed out. Timed on
 * `TestClock`, except the Promise API (a real, short timeout).
 */
import { assert, describe, it } from "@effect/vitest"
import type { Duration } from "effect"
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { AskPermission, BlockTool } from "../../src/index.ts"
import type { EffectsRequest, PermissionRequest } from "../../src/interpreters/contract.ts"
import { askAndResolve, askTimeout, Interpreter, makeInterpreter, Permission } from "../../src/interpreters/contract.ts"
import { interpreterPromise } from "../../src/interpreters/promise.ts"
import {
  askTimedOutReason,
  resolveCouldNotAsk,
  resolveEffects,
  userDeniedReason
} from "../../src/interpreters/resolution.ts"
import { formatEffect } from "../../src/interpreters/terminal/format.ts"
import { Conversation } from "../../src/interpreters/memory/conversation.ts"
import { memoryInterpreter } from "../../src/interpreters/memory/memory-interpreter.ts"
import { webInterpreter } from "../../src/interpreters/web/web-interpreter.ts"
import { startWebServer } from "../../src/interpreters/web/web-server.ts"

const tool = { id: "t1", name: "Bash", input: { command: "git push" } }
const asking: EffectsRequest = { event: "PreToolUse", effects: [AskPermission({ reason: "pushes" })], tool }

/** A Permission that never answers, recording the questions. */
const silent = (asked: Array<PermissionRequest> = []) =>
  Layer.succeed(
    Permission,
    Permission.of({ ask: (request) => Effect.sync(() => void asked.push(request)).pipe(Effect.andThen(Effect.never)) })
  )

/** A Permission that answers after `delay`. */
const answersAfter = (delay: Duration.Input, answer: "allow" | "deny") =>
  Layer.succeed(Permission, Permission.of({ ask: () => Effect.as(Effect.sleep(delay), answer) }))

const plain = makeInterpreter("plain", () => Effect.void)
const carryOut = (request: EffectsRequest) => Effect.flatMap(Interpreter, (i) => i.carryOut(request))

describe("ask timeout", () => {
  it.effect("waits as long as it takes without one (the default)", () =>
    Effect.gen(function* () {
      const fiber = yield* carryOut(asking).pipe(Effect.provide(plain.pipe(Layer.provide(silent()))), Effect.forkChild)
      yield* TestClock.adjust("100 days")
      assert.isUndefined(fiber.pollUnsafe(), "still waiting for an answer")
      yield* Fiber.interrupt(fiber)
    })
  )

  it.effect("denies after the timeout, saying it timed out after N s", () =>
    Effect.gen(function* () {
      const asked: Array<PermissionRequest> = []
      const layer = plain.pipe(Layer.provide(silent(asked)), Layer.provide(askTimeout("30 seconds")))
      const fiber = yield* carryOut(asking).pipe(Effect.provide(layer), Effect.forkChild)
      yield* TestClock.adjust("29 seconds")
      assert.isUndefined(fiber.pollUnsafe(), "not before the timeout")
      yield* TestClock.adjust("1 second")
      const resolution = yield* Fiber.join(fiber)
      assert.strictEqual(asked.length, 1)
      assert.strictEqual(resolution.permission, "deny")
      assert.strictEqual(resolution.denyReason, askTimedOutReason(30_000))
      assert.include(resolution.denyReason!, "timed out after 30 s")
      assert.deepStrictEqual(resolution.asked, { reason: "pushes", answer: "deny", timedOutAfterMs: 30_000 })
    })
  )

  it.effect("takes an answer given before the timeout", () =>
    Effect.gen(function* () {
      const layer = plain.pipe(Layer.provide(Permission.withTimeout(answersAfter("10 seconds", "allow"), "30 seconds")))
      const fiber = yield* carryOut(asking).pipe(Effect.provide(layer), Effect.forkChild)
      yield* TestClock.adjust("10 seconds")
      const resolution = yield* Fiber.join(fiber)
      assert.strictEqual(resolution.permission, "allow")
      assert.deepStrictEqual(resolution.asked, { reason: "pushes", answer: "allow" })
    })
  )

  it.effect("keeps the user's own deny reason for a deny before the timeout", () =>
    Effect.gen(function* () {
      const layer = plain.pipe(
        Layer.provide(answersAfter("5 seconds", "deny")),
        Layer.provide(Permission.timeout("1 minute"))
      )
      const fiber = yield* carryOut(asking).pipe(Effect.provide(layer), Effect.forkChild)
      yield* TestClock.adjust("5 seconds")
      const resolution = yield* Fiber.join(fiber)
      assert.strictEqual(resolution.denyReason, userDeniedReason())
    })
  )

  it.effect("asks nothing (and so never times out) when a hook already decided", () =>
    Effect.gen(function* () {
      const asked: Array<PermissionRequest> = []
      const blocked = yield* askAndResolve(
        { event: "PreToolUse", effects: [BlockTool({ reason: "no" }), AskPermission({})], tool },
        Permission.of({ ask: (r) => Effect.sync(() => void asked.push(r)).pipe(Effect.andThen(Effect.never)) }),
        { timeout: "1 second" }
      )
      assert.strictEqual(blocked.denyReason, "no")
      assert.deepStrictEqual(asked, [])
    })
  )

  it.effect("on the web page: the card says nobody answered in time", () =>
    Effect.gen(function* () {
      const server = yield* Effect.acquireRelease(
        Effect.promise(() => startWebServer()),
        (s) => Effect.promise(() => s.close())
      )
      const layer = webInterpreter(server).pipe(Layer.provide(askTimeout("45 seconds")))
      const fiber = yield* carryOut(asking).pipe(Effect.provide(layer), Effect.forkChild)
      yield* Effect.yieldNow
      yield* TestClock.adjust("44 seconds")
      assert.strictEqual(server.feed.pendingQuestions().length, 1, "the question waits on the page")
      yield* TestClock.adjust("1 second")
      const resolution = yield* Fiber.join(fiber)
      assert.strictEqual(resolution.denyReason, askTimedOutReason(45_000))
      const [card] = server.feed.history()
      assert.strictEqual(card!.state, "done")
      assert.deepStrictEqual(
        [card!.question?.state, card!.question?.by, card!.question?.outcome],
        ["answered", "timeout", "Nobody answered within 45 s: denied."]
      )
      assert.deepStrictEqual(server.feed.pendingQuestions(), [])
    }).pipe(Effect.scoped)
  )
})

describe("the memory interpreter and a timed-out question", () => {
  it.effect("tells the model the question timed out, and the user nobody answered", () =>
    Effect.gen(function* () {
      const conversation = new Conversation()
      conversation.addToolCall(tool.id, tool.name, tool.input)
      const layer = memoryInterpreter(conversation).pipe(Layer.provide(Permission.withTimeout(silent(), "20 seconds")))
      const fiber = yield* carryOut(asking).pipe(Effect.provide(layer), Effect.forkChild)
      yield* TestClock.adjust("20 seconds")
      yield* Fiber.join(fiber)
      const block = conversation.toolBlock(tool.id)
      assert.strictEqual(block?.status, "denied")
      assert.strictEqual(block?.result, askTimedOutReason(20_000))
      const notes = conversation.messages.flatMap((m) => m.blocks).filter((b) => b.type === "warn")
      assert.isTrue(
        notes.some((b) => JSON.stringify(b).includes("nobody answered within 20 s: denied")),
        JSON.stringify(notes)
      )
    })
  )
})

describe("the terminal's words for a timed-out question", () => {
  it("says nobody answered in time, not that the user denied it", () => {
    const effect = AskPermission({ reason: "pushes" })
    const timedOut = {
      ...resolveEffects([effect], "deny"),
      asked: { reason: "pushes", answer: "deny" as const, timedOutAfterMs: 2_500 }
    }
    assert.strictEqual(
      formatEffect(effect, timedOut, { color: false }),
      "? permission asked (you see): pushes -> nobody answered within 2.5 s: denied"
    )
    assert.strictEqual(
      formatEffect(effect, resolveEffects([effect], "deny"), { color: false }),
      "? permission asked (you see): pushes -> you denied it"
    )
  })
})

describe("interpreterPromise askTimeoutMs", () => {
  it("denies a question the handler never answers, after a real short timeout", async () => {
    const interpreter = interpreterPromise(plain, { ask: () => new Promise<"allow">(() => {}) }, { askTimeoutMs: 150 })
    try {
      const started = Date.now()
      const resolution = await interpreter.carryOut(asking)
      assert.isAtLeast(Date.now() - started, 140)
      assert.strictEqual(resolution.permission, "deny")
      assert.strictEqual(resolution.denyReason, askTimedOutReason(150))
      assert.include(resolution.denyReason!, "timed out after 0.15 s")
    } finally {
      await interpreter.dispose()
    }
  })

  it("waits for a slow answer without askTimeoutMs", async () => {
    const interpreter = interpreterPromise(plain, {
      ask: () => new Promise<"allow">((r) => setTimeout(() => r("allow"), 200))
    })
    try {
      assert.strictEqual((await interpreter.carryOut(asking)).permission, "allow")
    } finally {
      await interpreter.dispose()
    }
  })
})

describe("the terminal's words for a question that could not be asked (issue 21)", () => {
  it("says it could not ask, with the error, not that the user denied it", () => {
    const effect = AskPermission({ reason: "pushes" })
    const failed = resolveCouldNotAsk([effect], "no terminal")
    const text = formatEffect(effect, failed, { color: false })
    assert.strictEqual(text, "? permission asked (you see): pushes -> could not ask: no terminal: denied")
    assert.notInclude(text, "you denied")
  })
})
