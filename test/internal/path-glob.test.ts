/**
 * Path globs (issue 23), each against an oracle: `wildcardMatch` against a
 * regular expression of the same pattern, `normalizePath` against
 * `node:path`'s posix `normalize`, and `segmentsMatch` against the plain
 * recursive definition of `**`, `*` and `?`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { posix } from "node:path"
import { joinPath, normalizePath, relativeTo, segmentsMatch, wildcardMatch } from "../../src/internal/path-glob.ts"

const textArb = fc.string({ unit: fc.constantFrom("a", "b", ".", "/", "?"), maxLength: 8 })
const patternArb = fc.string({ unit: fc.constantFrom("a", "b", ".", "*", "?", "/"), maxLength: 6 })
const escapeRegex = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
const regexOf = (pattern: string, question: boolean): RegExp =>
  new RegExp(
    `^${[...pattern].map((c) => (c === "*" ? "[^]*" : question && c === "?" ? "[^]" : escapeRegex(c))).join("")}$`
  )

/** The definition: `**` is any number of segments, other segments match one by wildcard with `?`. */
const oracle = (glob: ReadonlyArray<string>, path: ReadonlyArray<string>): boolean => {
  if (glob.length === 0) return path.length === 0
  const [g, ...rest] = glob
  if (g === "**") return oracle(rest, path) || (path.length > 0 && oracle(glob, path.slice(1)))
  return path.length > 0 && regexOf(g!.replace(/\*\*+/g, "*"), true).test(path[0]!) && oracle(rest, path.slice(1))
}

describe("path-glob", () => {
  it("wildcardMatch: * is any characters, ? one only when asked, nothing else is special", () => {
    fc.assert(
      fc.property(textArb, patternArb, fc.boolean(), (text, pattern, question) => {
        assert.strictEqual(
          wildcardMatch(text, pattern, question),
          regexOf(pattern, question).test(text),
          `${text} ~ ${pattern}`
        )
      }),
      { numRuns: 500 }
    )
  })

  it("normalizePath agrees with posix.normalize on absolute paths", () => {
    const pathArb = fc
      .array(fc.constantFrom("a", "b", ".", "..", ""), { maxLength: 7 })
      .map((parts) => `/${parts.join("/")}`)
    fc.assert(
      fc.property(pathArb, (path) => {
        const expected = posix.normalize(path).replace(/(.)\/$/, "$1")
        assert.strictEqual(normalizePath(path), expected, path)
      })
    )
    assert.strictEqual(normalizePath("a/../../b"), "../b", "a relative path stays relative")
    assert.strictEqual(joinPath("/repo", "./src/../x.ts"), "/repo/x.ts")
  })

  it("relativeTo: inside, itself, or undefined", () => {
    assert.strictEqual(relativeTo("/repo/", "/repo/src/a.ts"), "src/a.ts")
    assert.strictEqual(relativeTo("/repo", "/repo"), "")
    assert.isUndefined(relativeTo("/repo", "/repository/a"))
  })

  it("segmentsMatch agrees with the recursive definition", () => {
    const segmentArb = fc.constantFrom("a", "b", "ab", "*", "?", "a*", "**", "***")
    const nameArb = fc.constantFrom("a", "b", "ab", "ba", "abb")
    fc.assert(
      fc.property(fc.array(segmentArb, { maxLength: 5 }), fc.array(nameArb, { maxLength: 5 }), (glob, path) => {
        assert.strictEqual(segmentsMatch(glob, path), oracle(glob, path), `${glob.join("/")} ~ ${path.join("/")}`)
      }),
      { numRuns: 500 }
    )
  })
})
