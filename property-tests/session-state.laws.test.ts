/**
 * Laws of the session's fold (`src/runner/session-state.ts`): over any
 * sequence of events and collections, a `once` hook is remembered exactly
 * when one of its runs succeeded, and never forgotten; the agent's env-file
 * variables are the other events' merged in order, overlaid by the last
 * CwdChanged's; background hooks stay pending in start order until collected;
 * Stop blocks count up on a block and start again otherwise. The expected
 * values come from a plain model replayed beside the fold.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { HookEvent } from "../src/core/events.ts"
import type { HookEffect } from "../src/effects/hook-effect.ts"
import { BlockStop, InjectContext, PromptModel, ShowUser } from "../src/index.ts"
import { onceKey } from "../src/settings/plan.ts"
import type { EventOutcome, RanHook, SessionState } from "../src/runner/session-state.ts"
import {
  collected,
  envFileVariables,
  evolve,
  initialSessionState,
  nextStopBlocks
} from "../src/runner/session-state.ts"

/** A background hook, as the fold sees it: an identity. */
interface Pending {
  readonly id: number
}

/** One of a few hooks (so the same one runs more than once), `once` or not, exiting 0, 1, 2 or not at all. */
const ranHookArb: fc.Arbitrary<RanHook> = fc.record({
  hook: fc.record({
    file: fc.constantFrom("/home/u/.wave/settings.json", "/p/.wave/settings.json"),
    path: fc.constantFrom("$.hooks.Stop[0].hooks[0]", "$.hooks.SessionStart[0].hooks[1]"),
    once: fc.boolean()
  }),
  run: fc.record({ exitCode: fc.constantFrom<number | null>(0, 0, 1, 2, null) })
})

const envArb = fc.option(fc.dictionary(fc.constantFrom("A", "B", "C"), fc.constantFrom("1", "2", "3")), {
  nil: undefined
})

/** A step of a session: an event ran (with runs, env files and background hooks), or some pending ones were collected. */
type Step =
  | {
      readonly _tag: "Ran"
      readonly event: HookEvent
      readonly runs: ReadonlyArray<RanHook>
      readonly env: Record<string, string> | undefined
      readonly started: number
    }
  | { readonly _tag: "Collected"; readonly picks: ReadonlyArray<number>; readonly runs: ReadonlyArray<RanHook> }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    _tag: fc.constant("Ran" as const),
    event: fc.constantFrom<HookEvent>("SessionStart", "Setup", "CwdChanged", "PreToolUse", "Stop"),
    runs: fc.array(ranHookArb, { maxLength: 4 }),
    env: envArb,
    started: fc.nat({ max: 3 })
  }),
  fc.record({
    _tag: fc.constant("Collected" as const),
    picks: fc.array(fc.nat({ max: 20 }), { maxLength: 3 }),
    runs: fc.array(ranHookArb, { minLength: 3, maxLength: 3 })
  })
)

/** Replays the steps through the fold and through a plain model, side by side. */
const replay = (steps: ReadonlyArray<Step>) => {
  let state: SessionState<Pending> = initialSessionState()
  let nextId = 0
  const model = {
    ranOnce: new Set<string>(),
    settled: {} as Record<string, string>,
    cwd: {} as Record<string, string>,
    pending: [] as Array<Pending>
  }
  const remember = (runs: ReadonlyArray<RanHook>) => {
    for (const { hook, run } of runs) if (hook.once === true && run.exitCode === 0) model.ranOnce.add(onceKey(hook))
  }
  for (const step of steps) {
    const before = state
    if (step._tag === "Ran") {
      const background = Array.from({ length: step.started }, () => ({ id: nextId++ }))
      const outcome: EventOutcome<Pending> = {
        runs: step.runs,
        ...(step.env === undefined ? {} : { env: step.env }),
        background
      }
      state = evolve(state, step.event, outcome)
      remember(step.runs)
      if (step.env !== undefined) {
        if (step.event === "CwdChanged") model.cwd = { ...step.env }
        else model.settled = { ...model.settled, ...step.env }
      }
      model.pending.push(...background)
    } else {
      const sources = [...new Set(step.picks)].flatMap((i) => (i < state.pending.length ? [state.pending[i]!] : []))
      const results = sources.map((source, i) => ({ ...step.runs[i % step.runs.length]!, source }))
      state = collected(state, results)
      remember(results)
      model.pending = model.pending.filter((p) => !sources.includes(p))
    }
    for (const key of before.ranOnce) assert.isTrue(state.ranOnce.has(key), "a once hook is never forgotten")
  }
  return { state, model }
}

describe("the session's fold", () => {
  it("remembers a once hook exactly when one of its runs exited 0", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), (steps) => {
        const { state, model } = replay(steps)
        assert.deepStrictEqual([...state.ranOnce].sort(), [...model.ranOnce].sort())
      })
    )
  })

  it("gives the other events' env-file variables merged in order, overlaid by the last CwdChanged's", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), (steps) => {
        const { state, model } = replay(steps)
        assert.deepStrictEqual(envFileVariables(state), { ...model.settled, ...model.cwd })
      })
    )
  })

  it("keeps background hooks pending in start order until they are collected", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), (steps) => {
        const { state, model } = replay(steps)
        assert.deepStrictEqual(state.pending, model.pending)
      })
    )
  })

  it("reaches the cases the laws are about: once hooks that succeed, CwdChanged env files, collections", () => {
    const stats = { once: 0, cwd: 0, collectedSome: 0 }
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), (steps) => {
        const { state, model } = replay(steps)
        if (state.ranOnce.size > 0) stats.once++
        if (Object.keys(model.cwd).length > 0) stats.cwd++
        if (steps.some((s) => s._tag === "Collected" && s.picks.length > 0)) stats.collectedSome++
      }),
      { numRuns: 200 }
    )
    assert.isAbove(stats.once, 20)
    assert.isAbove(stats.cwd, 20)
    assert.isAbove(stats.collectedSome, 20)
  })

  it("is a fold: the same steps give the same state, and the state before is left as it was", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 8 }), ranHookArb, (steps, run) => {
        const { state } = replay(steps)
        const ranOnce = [...state.ranOnce]
        const pending = [...state.pending]
        evolve(state, "SessionStart", { runs: [run], env: { Z: "9" }, background: [{ id: -1 }] })
        assert.deepStrictEqual([...state.ranOnce], ranOnce)
        assert.deepStrictEqual(state.pending, pending)
        assert.notProperty(envFileVariables(state), "Z")
      })
    )
  })
})

describe("consecutive Stop blocks", () => {
  const effectsArb: fc.Arbitrary<ReadonlyArray<HookEffect>> = fc.array(
    fc.constantFrom<HookEffect>(
      BlockStop({ reason: "r" }),
      PromptModel({ text: "go on" }),
      InjectContext({ text: "c" }),
      ShowUser({ level: "info", text: "s" })
    ),
    { maxLength: 3 }
  )

  it("count one more on a block or Stop's additional context, and start again at 0 otherwise", () => {
    fc.assert(
      fc.property(fc.nat({ max: 100 }), effectsArb, (blocks, effects) => {
        const kept = effects.some((e) => e._tag === "BlockStop" || e._tag === "PromptModel")
        assert.strictEqual(nextStopBlocks(blocks, effects), kept ? blocks + 1 : 0)
      })
    )
  })
})
