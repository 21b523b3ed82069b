/**
 * Purity (ARCHITECTURE sections 1 and 2; EFFECT4 item 15): `decide` and
 * `combine` only compute. A spy interpreter and spies on every global way to
 * reach the outside world (console, stdout/stderr, timers, fetch, clock,
 * randomness) stay uncalled while they run on generated inputs.
 */
import { assert, describe, it, vi } from "@effect/vitest"
import * as fc from "fast-check"
import type { HookEffectTag } from "../src/index.ts"
import { combine, combineTraced, decide, decideTraced, hookEffectTags } from "../src/index.ts"
import { decideInputArb } from "./arbitraries/decide-input.ts"
import { effectListsArb } from "./arbitraries/effects.ts"

interface Spy {
  readonly mock: { readonly calls: ReadonlyArray<unknown> }
  mockClear(): unknown
  mockRestore(): unknown
}

describe("purity", () => {
  it("should call nothing while deciding and combining: no interpreter, console, stream, timer, fetch, clock or randomness", () => {
    // An interpreter with one method per effect tag; nothing may carry effects out while deciding.
    const interpreter: Record<string, Spy> = Object.fromEntries(
      hookEffectTags.map((tag: HookEffectTag) => [tag, vi.fn()])
    )
    const globals: Record<string, Spy> = {
      "console.log": vi.spyOn(console, "log"),
      "console.info": vi.spyOn(console, "info"),
      "console.warn": vi.spyOn(console, "warn"),
      "console.error": vi.spyOn(console, "error"),
      "console.debug": vi.spyOn(console, "debug"),
      "console.trace": vi.spyOn(console, "trace"),
      "process.stdout.write": vi.spyOn(process.stdout, "write"),
      "process.stderr.write": vi.spyOn(process.stderr, "write"),
      setTimeout: vi.spyOn(globalThis, "setTimeout"),
      setInterval: vi.spyOn(globalThis, "setInterval"),
      setImmediate: vi.spyOn(globalThis, "setImmediate"),
      queueMicrotask: vi.spyOn(globalThis, "queueMicrotask"),
      "Date.now": vi.spyOn(Date, "now"),
      "Math.random": vi.spyOn(Math, "random"),
      ...(typeof globalThis.fetch === "function" ? { fetch: vi.spyOn(globalThis, "fetch") } : {})
    }
    const spies: ReadonlyArray<readonly [string, Spy]> = [
      ...Object.entries(interpreter).map(([tag, spy]) => [`interpreter.${tag}`, spy] as const),
      ...Object.entries(globals)
    ]
    try {
      fc.assert(
        fc.property(decideInputArb(), effectListsArb, ({ event, policy, run }, lists) => {
          for (const [, spy] of spies) spy.mockClear()
          const effects = decide(event, run, policy)
          const traced = decideTraced(event, run, policy)
          combine([...lists, effects])
          combine({ stopBlocks: 9 })([effects, ...lists])
          combineTraced([traced, traced], { groups: [0, 0] })
          const called = spies.filter(([, spy]) => spy.mock.calls.length > 0).map(([name]) => name)
          assert.deepStrictEqual(called, [])
        })
      )
    } finally {
      for (const [, spy] of Object.entries(globals)) spy.mockRestore()
    }
  })
})
