/**
 * Matcher patterns that are hostile for a regular-expression engine: nested
 * quantifiers, huge repetition counts, backreferences, lookaround, deep
 * nesting, long alternations and invalid syntax; and names up to 10,000
 * characters that make backtracking engines explode.
 */
import * as fc from "fast-check"
import { smallHostileStringArb } from "./hostile.ts"

const atomArb = fc.constantFrom(
  "a",
  "b",
  ".",
  "\\w",
  "\\d",
  "[a-z]",
  "[^x]",
  "\\s",
  "(a|aa)",
  "(a|a)",
  "x",
  "\\b",
  "^",
  "$"
)
const quantArb = fc.constantFrom(
  "*",
  "+",
  "?",
  "{2,}",
  "{0,1000}",
  "{1000}",
  "{1001}",
  "{99999}",
  "*?",
  "+?",
  "{3,5}",
  ""
)

/** A random small pattern built from atoms and quantifiers, nested. */
const composedArb: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
  p: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.tuple(atomArb, quantArb).map(([a, q]) => a + q),
    fc.tuple(tie("p"), quantArb).map(([p, q]) => `(${p})${q}`),
    fc.array(tie("p"), { minLength: 1, maxLength: 4 }).map((ps) => ps.join("")),
    fc.array(tie("p"), { minLength: 2, maxLength: 4 }).map((ps) => ps.join("|"))
  )
})).p

/** Classic catastrophic-backtracking and unsupported shapes. */
const classicArb: fc.Arbitrary<string> = fc.constantFrom(
  "(a+)+$",
  "(a*)*b",
  "(a|aa)+$",
  "(a|a?)+$",
  "(.*a){20}",
  "((a+)+)+$",
  "(\\w+\\s?)+$",
  "(x+x+)+y",
  "^(a+)+$",
  "(a)\\1",
  "(?<n>a)\\k<n>",
  "(a)(b)\\2+",
  "(?=a)a",
  "(?!Bash).*",
  "(?<=a)b",
  "(?<!a)b",
  "\\1",
  "\\k<x>",
  "a{1000}",
  "a{1001}",
  "a{0,1000}",
  "(a{1000}){1000}",
  "(a{100}){100}",
  "((a{30}){30}){30}",
  "a{2147483648}",
  "a{99999999999999999999}",
  "(",
  ")",
  "[",
  "[a-",
  "a**",
  "+a",
  "?",
  "{1}",
  "(?",
  "(?<",
  "(?<a",
  "(?<a>",
  "[z-a]",
  "\\",
  "a{2,1}",
  "(?i)a",
  "(?i:a)",
  "*"
)

/** Deep nesting: groups, non-capturing groups, classes. */
const deepArb: fc.Arbitrary<string> = fc
  .record({
    depth: fc.integer({ min: 10, max: 20_000 }),
    open: fc.constantFrom("(", "(?:", "(?<g>"),
    quant: fc.constantFrom("", "*", "+", "?"),
    close: fc.boolean()
  })
  .map(({ close, depth, open, quant }) => {
    const o = open === "(?<g>" ? "(?:" : open
    return `${o.repeat(depth)}a${close ? `)${quant}`.repeat(depth) : ")".repeat(depth - 1)}`
  })

/** Long alternations, sometimes of overlapping options. */
const alternationArb: fc.Arbitrary<string> = fc
  .record({ n: fc.integer({ min: 10, max: 5_000 }), overlapping: fc.boolean(), star: fc.boolean() })
  .map(({ n, overlapping, star }) => {
    const options = Array.from({ length: n }, (_, i) => (overlapping ? "a".repeat(1 + (i % 7)) : `T${i}x`))
    return `(${options.join("|")})${star ? "*" : ""}`
  })

/** A hostile matcher pattern. */
export const hostileRegexArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: composedArb },
  { weight: 3, arbitrary: classicArb },
  { weight: 1, arbitrary: deepArb },
  { weight: 1, arbitrary: alternationArb },
  { weight: 1, arbitrary: smallHostileStringArb },
  { weight: 1, arbitrary: fc.constantFrom("*", "", "Bash", "Edit|Write", "mcp__.*", "Edit.*") }
)

/** A name up to 10,000 characters: the long ones built to trigger backtracking. */
export const hostileNameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("Bash", "Edit", "mcp__x__y", "", "a", "ab") },
  { weight: 2, arbitrary: smallHostileStringArb },
  {
    weight: 2,
    arbitrary: fc
      .record({ n: fc.integer({ min: 1, max: 10_000 }), tail: fc.constantFrom("", "!", "b", "y", " ") })
      .map(({ n, tail }) => "a".repeat(Math.max(0, n - tail.length)) + tail)
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ n: fc.integer({ min: 1, max: 2_500 }), unit: fc.constantFrom("ab", "a ", "x", "T1x") })
      .map(({ n, unit }) => unit.repeat(n).slice(0, 10_000))
  }
)
