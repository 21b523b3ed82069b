/**
 * The linear-time engine's parser (issue 23): the tree of simple patterns,
 * and each construct no linear-time engine runs refused as `Unsupported`
 * with what it is.
 */
import { assert, describe, it } from "@effect/vitest"
import { Parser } from "../../../src/internal/linear-regex/parser.ts"
import { Unsupported } from "../../../src/internal/linear-regex/syntax.ts"

const refusal = (pattern: string): string => {
  try {
    new Parser(pattern).parse()
  } catch (error) {
    if (error instanceof Unsupported) return error.message
    throw error
  }
  return "parsed"
}

describe("Parser", () => {
  it("reads literals, alternation, repeats and assertions into a tree", () => {
    assert.deepStrictEqual(new Parser("a|b").parse(), {
      _tag: "Alt",
      options: [
        { _tag: "Set", ranges: [[97, 97]], negated: false },
        { _tag: "Set", ranges: [[98, 98]], negated: false }
      ]
    })
    const star = new Parser("^x*$").parse()
    assert.strictEqual(JSON.stringify(star).includes('"_tag":"Repeat"'), true)
    assert.strictEqual(JSON.stringify(star).includes('"kind":"start"'), true)
  })

  it("refuses backreferences, lookaround and counts over 1000, saying which", () => {
    assert.match(refusal("(a)\\1"), /backreference/)
    assert.match(refusal("(?<n>a)\\k<n>"), /named backreference/)
    assert.match(refusal("(?=a)"), /lookahead/)
    assert.match(refusal("(?<!a)b"), /lookbehind/)
    assert.match(refusal("a{1001}"), /repetition count over 1000/)
    assert.strictEqual(refusal("a{1000}"), "parsed")
  })

  it("Annex B: \\1 without a group is an octal escape, not a backreference", () => {
    assert.strictEqual(refusal("\\1"), "parsed")
  })
})
