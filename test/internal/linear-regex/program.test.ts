/**
 * The NFA program (issue 23): an alternation compiles to a split, its
 * options and a jump past them, and a program over the state cap is refused
 * as `Unsupported`, never built.
 */
import { assert, describe, it } from "@effect/vitest"
import { Parser } from "../../../src/internal/linear-regex/parser.ts"
import { CHAR, JUMP, MATCH, Program, SPLIT } from "../../../src/internal/linear-regex/program.ts"
import { Unsupported } from "../../../src/internal/linear-regex/syntax.ts"

describe("Program", () => {
  it("a|b is split, a, jump, b, match; the split's second branch and the jump land where they should", () => {
    const program = new Program()
    program.compile(new Parser("a|b").parse())
    program.emit(MATCH)
    assert.deepStrictEqual(program.op, [SPLIT, CHAR, JUMP, CHAR, MATCH])
    assert.deepStrictEqual([program.x[0], program.y[0]], [1, 3])
    assert.strictEqual(program.x[2], 4)
  })

  it("more than 2000 states is Unsupported", () => {
    const program = new Program()
    let thrown: unknown
    try {
      program.compile(new Parser("(abcdefghij){300}").parse())
    } catch (error) {
      thrown = error
    }
    assert.instanceOf(thrown, Unsupported)
    assert.match((thrown as Unsupported).message, /more than 2000 states/)
  })
})
