/**
 * `HookProcess.layerTest`: canned runs chosen by command or by a function of
 * the request, recorded requests, and a loud failure for an unexpected hook.
 */
import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import type { HookProcessOptions } from "../../src/runner/hook-process.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"

const request = (command: string, input = "{}"): HookProcessOptions => ({ command, cwd: "/p", env: { PATH: "/bin" }, input, timeoutMs: 5000 })

const runOn = (layer: ReturnType<typeof HookProcess.layerTest>, options: HookProcessOptions) =>
  Effect.gen(function*() {
    const hookProcess = yield* HookProcess
    return yield* hookProcess.run(options)
  }).pipe(Effect.provide(layer))

describe("HookProcess.layerTest", () => {
  it.effect("a record by command: the canned fields, the rest defaulted, the command filled in; every request recorded", () =>
    Effect.gen(function*() {
      const requests: Array<HookProcessOptions> = []
      const layer = HookProcess.layerTest({ "./guard": { exitCode: 2, stderr: "no" }, "./ok": { exitCode: 0, stdout: "fine", command: "named" } }, requests)
      const guard = yield* runOn(layer, request("./guard", "{\"a\":1}"))
      const ok = yield* runOn(layer, request("./ok"))
      assert.deepStrictEqual(guard, { command: "./guard", exitCode: 2, stdout: "", stderr: "no", durationMs: 0, timedOut: false })
      assert.strictEqual(ok.command, "named")
      assert.deepStrictEqual(requests, [request("./guard", "{\"a\":1}"), request("./ok")])
    }))

  it.effect("a function of the request, and Effect answers (which may take time)", () =>
    Effect.gen(function*() {
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
    }))

  it.effect("record values may be functions of the request", () =>
    Effect.gen(function*() {
      const layer = HookProcess.layerTest({ "./echo": (options) => ({ exitCode: 0, stdout: options.cwd }) })
      assert.strictEqual((yield* runOn(layer, request("./echo"))).stdout, "/p")
    }))

  it.effect("a command the record does not know dies with a defect naming it and the known ones", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(runOn(HookProcess.layerTest({ "./known": { exitCode: 0 } }), request("./typo")))
      assert.isTrue(Exit.isFailure(exit))
      const text = Exit.isFailure(exit) ? Cause.pretty(exit.cause) : ""
      assert.include(text, "no canned run for the command \"./typo\"")
      assert.include(text, "\"./known\"")
    }))
})
