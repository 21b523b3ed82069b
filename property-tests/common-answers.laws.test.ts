/**
 * Laws of the common-answer path (src/core/common-answers.ts, issue 24):
 * `decideTraced`, which reads common answers without the generic walk, gives
 * exactly what the general path gives, and the generators reach both paths.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { statisticsWithCounts } from "./support/statistics.ts"
import type { DecideOptions, HookEvent, HookRun } from "../src/index.ts"
import { decideTraced } from "../src/index.ts"
import { commonAnswer } from "../src/core/common-answers.ts"
import { decideTracedGeneral } from "../src/core/decide.ts"
import { parseStdout } from "../src/core/parse.ts"
import { readOutput } from "../src/core/read-output.ts"
import { dialectArb } from "./arbitraries/policies.ts"
import { commonAnswerInputArb, commonAnswerStdoutArb, commonEventArb } from "./arbitraries/common-answers.ts"

/** Which path `decideTraced` takes for a run: the common-answer one, the general JSON walk, or no JSON at all. */
const pathOf = (event: HookEvent, run: HookRun, policy: DecideOptions): string => {
  const parsed = parseStdout(run.stdout, policy.dialect)
  if (parsed._tag !== "Json") return "no JSON"
  return commonAnswer(parsed.value, event) === undefined ? "general walk" : "common answer"
}

/** A parsed JSON answer to an event, built around the common shapes. */
const parsedAnswerArb = commonEventArb.chain((event) =>
  fc.tuple(fc.constant(event), commonAnswerStdoutArb(event), dialectArb).map(([event, stdout, dialect]) => {
    const parsed = parseStdout(stdout, dialect)
    return { event, dialect, json: parsed._tag === "Json" ? parsed.value : undefined }
  })
)

describe("common-answer laws", () => {
  it("should decide as the general path does: same traced effects, same fields, same order", () => {
    fc.assert(
      fc.property(commonAnswerInputArb, ({ event, run, policy }) => {
        const fast = decideTraced(event, run, policy)
        const general = decideTracedGeneral(event, run, policy)
        assert.deepStrictEqual(fast, general)
        // Key order too (deepStrictEqual does not look at it).
        assert.strictEqual(JSON.stringify(fast), JSON.stringify(general))
      }),
      { numRuns: 3000 }
    )
  })

  it("should read a common answer as readOutput does, with no diagnostic, in every dialect", () => {
    fc.assert(
      fc.property(parsedAnswerArb, ({ event, dialect, json }) => {
        if (json === undefined) return
        const view = commonAnswer(json, event)
        if (view === undefined) return
        const read = readOutput(json, event, dialect)
        assert.deepStrictEqual(read.diagnostics, [])
        assert.deepStrictEqual(view, read.output)
        assert.deepStrictEqual(Object.keys(view), Object.keys(read.output))
      }),
      { numRuns: 3000 }
    )
  })

  it("should reach both the common-answer path and the general walk in at least a quarter of runs each", () => {
    const seed = 20261127
    const numRuns = 2000
    const counts = statisticsWithCounts(
      "commonAnswerInputArb",
      commonAnswerInputArb,
      ({ event, run, policy }) => [pathOf(event, run, policy)],
      { seed, numRuns }
    )
    for (const path of ["common answer", "general walk"]) {
      const share = (counts.get(path) ?? 0) / numRuns
      assert.isAtLeast(share, 0.25, `${path}: ${(share * 100).toFixed(1)}% of generated runs`)
    }
  })
})
