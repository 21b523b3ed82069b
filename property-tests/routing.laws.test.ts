/**
 * The routing law (ARCHITECTURE sections 3, 5 and 9): text that reaches the
 * user never reaches the model and the reverse. Each source of text carries a
 * unique marker; every effect read by the user or the model may only hold the
 * markers of sources that section 5 routes to that reader in the run's
 * situation. Diagnostics (read by the hook's author) may quote anything.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { audienceOf, decide, textOf } from "../src/index.ts"
import { decideInputArb } from "./arbitraries/decide-input.ts"
import { markedRunArb, markerOf, textSources } from "./arbitraries/marked-runs.ts"
import { allowedReaders } from "./support/routing-table.ts"

describe("routing law", () => {
  it("should never route a text to the user that belongs to the model, or the reverse", () => {
    fc.assert(
      fc.property(decideInputArb(markedRunArb), ({ event, policy, run }) => {
        const allowed = allowedReaders(event, run, policy)
        for (const effect of decide(event, run, policy)) {
          const reader = audienceOf(effect)
          if (reader !== "user" && reader !== "model") continue
          const text = textOf(effect) ?? ""
          for (const source of textSources) {
            if (text.includes(markerOf(source)) && !allowed[source].has(reader)) {
              assert.fail(
                `the ${source} text reached the ${reader} through ${effect._tag}; section 5 routes it to ` +
                  `${[...allowed[source]].join(" and ") || "nobody"} here`
              )
            }
          }
        }
      })
    )
  })
})
