/**
 * Code-unit ranges (issue 23): `normalize` and `complement` agree with a
 * brute-force set of code units, and the classes read like JavaScript's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  complement,
  DIGIT,
  inRanges,
  LINE_TERMINATORS,
  normalize,
  SPACE,
  WORD
} from "../../../src/internal/linear-regex/ranges.ts"

const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 40 }))
  .map(([lo, n]) => [lo, lo + n] as const)
const codes = Array.from({ length: 400 }, (_, i) => i).concat([0x2028, 0xfeff, 0xffff])

describe("ranges", () => {
  it("normalize keeps the same code units, sorted and merged; complement holds exactly the others", () => {
    fc.assert(
      fc.property(fc.array(rangeArb, { maxLength: 6 }), (ranges) => {
        const normal = normalize([...ranges])
        const inAny = (code: number) => ranges.some(([lo, hi]) => lo <= code && code <= hi)
        for (let k = 1; k < normal.length; k++) assert.isAbove(normal[k]![0], normal[k - 1]![1] + 1)
        const other = complement(normal)
        const wrong = codes.filter(
          (code) => inRanges(normal, code) !== inAny(code) || inRanges(other, code) === inAny(code)
        )
        assert.deepStrictEqual(wrong, [])
      })
    )
  })

  it("the classes are JavaScript's \\d, \\w, \\s and line terminators", () => {
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code)
      if (inRanges(DIGIT, code) !== /\d/.test(c)) assert.fail(`\\d ${code}`)
      if (inRanges(WORD, code) !== /\w/.test(c)) assert.fail(`\\w ${code}`)
      if (inRanges(SPACE, code) !== /\s/.test(c)) assert.fail(`\\s ${code}`)
      if (inRanges(LINE_TERMINATORS, code) === /./.test(c)) assert.fail(`. ${code}`)
    }
  })
})
