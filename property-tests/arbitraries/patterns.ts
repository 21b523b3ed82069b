/**
 * Arbitraries for matcher patterns (ARCHITECTURE section 7): patterns of the
 * syntax the linear-time engine supports, and short names to test them on.
 */
import * as fc from "fast-check"

/**
 * Characters of names and literals: letters, a digit, `_`, punctuation, braces,
 * and white space of the kinds where `\\s` and `.` differ between engines
 * (newline, line separator, no-break space).
 */
export const alphabet = [
  "a",
  "b",
  "E",
  "_",
  "1",
  ".",
  "-",
  "{",
  "}",
  " ",
  "\n",
  "\u00A0",
  "\u2028",
  "\u0001",
  "\\",
  "c"
] as const

/** A name over {@link alphabet}, up to 10 characters (short, so the native engine stays quick). */
export const nameArb: fc.Arbitrary<string> = fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 10 })

/** One atom of a pattern: a literal, an escaped literal, `.`, a class, or a shorthand class. */
const atomArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom("a", "b", "E", "_", "1", "-"), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      "\\.",
      "\\-",
      "\\x61",
      "\\u0045",
      "\\n",
      "\\{",
      "{",
      "}",
      "]",
      "\\cA",
      "\\01",
      "\\0",
      "\\A",
      "\\z",
      "\\k",
      "\\x4",
      "\\u00",
      "\\c1",
      "\\105",
      "\\401",
      "\\\\c"
    ),
    weight: 2
  },
  { arbitrary: fc.constant("."), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      "[ab]",
      "[^a]",
      "[a-c]",
      "[E_1]",
      "[^]",
      "[]",
      "[\\d.]",
      "[-a]",
      "[a-]",
      "[\\s\\d]",
      "[^\\w]",
      "[\\b]",
      "[\\w-{]",
      "[\\cA-b]",
      "[\\01-\\x62]",
      "[\\-]",
      "[{-}]"
    ),
    weight: 2
  },
  { arbitrary: fc.constantFrom("\\d", "\\w", "\\W", "\\D", "\\s", "\\S"), weight: 2 }
)

/** A quantifier, greedy or lazy, or none. */
const quantifierArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(""), weight: 4 },
  {
    arbitrary: fc.constantFrom("*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "+?", "??", "{1,3}?", "{,2}", "{a}"),
    weight: 3
  }
)

/**
 * Patterns of the supported syntax: sequences and alternations of quantified
 * atoms and groups (capturing, non-capturing, named), with `^`, `$` and `\b`
 * now and then.
 */
export const supportedPatternArb: fc.Arbitrary<string> = fc
  .letrec<{ alternation: string; sequence: string; term: string }>((tie) => ({
    alternation: fc.array(tie("sequence"), { minLength: 1, maxLength: 3 }).map((parts) => parts.join("|")),
    sequence: fc
      .tuple(
        fc.constantFrom("", "", "", "^", "\\b", "\\B"),
        fc.array(tie("term"), { minLength: 1, maxLength: 4 }),
        fc.constantFrom("", "", "", "$", "\\b", "\\B")
      )
      .map(([start, terms, end]) => start + terms.join("") + end),
    term: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: fc.tuple(atomArb, quantifierArb).map(([atom, q]) => atom + q), weight: 4 },
      {
        arbitrary: fc
          .tuple(fc.constantFrom("(", "(?:", "(?<g>"), tie("alternation"), quantifierArb)
          .map(([open, inner, q]) => `${open}${inner})${q}`),
        weight: 1
      }
    )
  }))
  .alternation.filter((pattern) => {
    // Exact lists (wave: letters, digits, _ and |; claude-code also space, - and ,) and match-all are not regexes.
    if (/^[A-Za-z0-9_ \-,|]*$/.test(pattern) || pattern === "*") return false
    if ((pattern.match(/\(\?<g>/g) ?? []).length > 1) return false // one named group of a name
    try {
      new RegExp(pattern)
      return true
    } catch {
      return false
    }
  })
