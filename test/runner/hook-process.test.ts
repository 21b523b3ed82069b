/**
 * `HookProcess.layerTest`: canned runs chosen by command or by a function of
 * the request, recorded requests, and a loud failure for an unexpected hook.
 */
import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import type { HookProcessOptions } from "../../src/runner/hook-process.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import { incompleteUtf8Tail } from "../../src/runner/capped-output.ts"
import * as fc from "fast-check"

const request = (command: string, input = "{}"): HookProcessOptions => ({
  command,
  cwd: "/p",
  env: { PATH: "/bin" },
  input,
  timeoutMs: 5000
})

const runOn = (layer: ReturnType<typeof HookProcess.layerTest>, options: HookProcessOptions) =>
  Effect.gen(function* () {
    const hookProcess = yield* HookProcess
    return yield* hookProcess.run(options)
  }).pipe(Effect.provide(layer))

describe("HookProcess.layerTest", () => {
  it.effect(
    "a record by command: the canned fields, the rest defaulted, the command filled in; every request recorded",
    () =>
      Effect.gen(function* () {
        const requests: Array<HookProcessOptions> = []
        const layer = HookProcess.layerTest(
          { "./guard": { exitCode: 2, stderr: "no" }, "./ok": { exitCode: 0, stdout: "fine", command: "named" } },
          requests
        )
        const guard = yield* runOn(layer, request("./guard", '{"a":1}'))
        const ok = yield* runOn(layer, request("./ok"))
        assert.deepStrictEqual(guard, {
          command: "./guard",
          exitCode: 2,
          stdout: "",
          stderr: "no",
          durationMs: 0,
          timedOut: false
        })
        assert.strictEqual(ok.command, "named")
        assert.deepStrictEqual(requests, [request("./guard", '{"a":1}'), request("./ok")])
      })
  )

  it.effect("a function of the request, and Effect answers (which may take time)", () =>
    Effect.gen(function* () {
      const layer = HookProcess.layerTest((options) =>
        options.input.includes("slow")
          ? Effect.sleep("1 second").pipe(Effect.as({ exitCode: 0, stdout: "late" }))
          : { exitCode: 0, stdout: `echo ${options.input}` }
      )
      assert.strictEqual((yield* runOn(layer, request("x", "hi"))).stdout, "echo hi")
      const fiber = yield* Effect.forkChild(runOn(layer, request("x", "slow")))
      yield* TestClock.adjust("1 second")
      const late = yield* Fiber.join(fiber)
      assert.strictEqual(late.stdout, "late")
    })
  )

  it.effect("record values may be functions of the request", () =>
    Effect.gen(function* () {
      const layer = HookProcess.layerTest({ "./echo": (options) => ({ exitCode: 0, stdout: options.cwd }) })
      assert.strictEqual((yield* runOn(layer, request("./echo"))).stdout, "/p")
    })
  )

  it.effect("a command the record does not know dies with a defect naming it and the known ones", () =>
    Effect.gen(function* () {
      const exit = yield* Effect.exit(runOn(HookProcess.layerTest({ "./known": { exitCode: 0 } }), request("./typo")))
      assert.isTrue(Exit.isFailure(exit))
      const text = Exit.isFailure(exit) ? Cause.pretty(exit.cause) : ""
      assert.include(text, 'no canned run for the command "./typo"')
      assert.include(text, '"./known"')
    })
  )
})

describe("the output cap's UTF-8 cut", () => {
  it("should keep a prefix of the text without U+FFFD, wherever the cap falls", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), fc.nat(), (text, n) => {
        fc.pre(Buffer.from(text).toString("utf8") === text && !text.includes("\uFFFD"))
        const bytes = Buffer.from(text)
        const kept = bytes.subarray(0, n % (bytes.byteLength + 1))
        const decoded = kept.toString("utf8", 0, kept.byteLength - incompleteUtf8Tail(kept))
        assert.isTrue(text.startsWith(decoded), `${JSON.stringify(decoded)} is not a prefix of ${JSON.stringify(text)}`)
        assert.notInclude(decoded, "\uFFFD")
        // At most one character (up to 3 bytes of it) is left out.
        assert.isAtMost(kept.byteLength - Buffer.byteLength(decoded), 3)
      })
    )
  })
})
