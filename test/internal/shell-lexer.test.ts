/**
 * The shell lexer (issue 23), bash itself the oracle: a word built from the
 * lexer's pieces (single quotes, double quotes and their backslashes, a
 * backslash outside quotes, `$'...'` with every escape form) reads as the
 * bytes bash's `printf %s WORD` prints, in a UTF-8 locale. Then a table for
 * what the oracle cannot show (where each piece ends, an unclosed quote).
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { spawnSync } from "node:child_process"
import type { AnsiCPiece } from "../../src/internal/shell-lexer.ts"
import {
  commentEnd,
  doubleQuotedEscape,
  readAnsiC,
  readSingleQuoted,
  unquotedEscape
} from "../../src/internal/shell-lexer.ts"

/** What bash's `printf %s WORD` prints, as bytes. */
const bashBytes = (word: string): Buffer => {
  const done = spawnSync("/bin/bash", ["--norc", "--noprofile", "-c", `printf '%s' ${word}`], {
    env: { LC_ALL: "C.UTF-8", PATH: "/usr/bin:/bin" },
    timeout: 20_000
  })
  if (done.error !== undefined) throw done.error
  assert.strictEqual(done.status, 0, `bash failed on ${JSON.stringify(word)}: ${done.stderr}`)
  return done.stdout
}

const pieceBytes = (piece: AnsiCPiece): Uint8Array =>
  piece._tag === "Bytes"
    ? piece.bytes
    : new TextEncoder().encode(piece._tag === "Text" ? piece.text : String.fromCodePoint(piece.code))

/** A word read with the lexer's pieces only (no expansions: the generated words have none), as bytes. */
const lexWord = (text: string): Buffer => {
  const out: Array<Uint8Array> = []
  const str = (s: string) => out.push(new TextEncoder().encode(s))
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === "'") {
      const read = readSingleQuoted(text, i)!
      str(read.text)
      i = read.end
    } else if (c === "$" && text[i + 1] === "'") {
      const read = readAnsiC(text, i)!
      for (const piece of read.pieces) out.push(pieceBytes(piece))
      i = read.end
    } else if (c === '"') {
      i++
      while (text[i] !== '"') {
        if (text[i] === "\\") {
          const read = doubleQuotedEscape(text, i)
          str(read.text)
          i = read.end
        } else str(text[i++]!)
      }
      i++
    } else if (c === "\\") {
      const read = unquotedEscape(text, i)!
      str(read.text)
      i = read.end
    } else str(text[i++]!)
  }
  return Buffer.concat(out)
}

const plain = fc.constantFrom("a", "b", "é", "☺", "x-y", ".", "/", "=", ":")
const singleQuoted = fc
  .array(fc.constantFrom("a", " ", "\\", '"', "$", "`", "\n", "é", "*"), { maxLength: 5 })
  .map((cs) => `'${cs.join("")}'`)
const doubleQuoted = fc
  .array(fc.constantFrom("a", " ", "\\\\", '\\"', "\\$", "\\`", "\\a", "\\n", "\\\n", "'", "é", "*"), {
    maxLength: 5
  })
  .map((cs) => `"${cs.join("")}"`)
const unquoted = fc.constantFrom("\\a", "\\ ", "\\'", '\\"', "\\\\", "\\$", "\\\n", "\\*", "\\é")
const ansiC = fc
  .array(
    fc.constantFrom(
      "a",
      " ",
      "é",
      '"',
      "$",
      ...["\\a", "\\b", "\\e", "\\E", "\\f", "\\n", "\\r", "\\t", "\\v", "\\\\", "\\'", '\\"', "\\?"],
      ...["\\x41", "\\x4", "\\xff", "\\xc3\\xa9", "\\xG", "\\101", "\\7", "\\0", "\\400", "\\x00"],
      ...["\\ca", "\\cZ", "\\c?", "\\c\\\\", "\\c1"],
      ...["\\u00e9", "\\u41", "\\u263a", "\\U0001F600", "\\u0000", "\\uZ"],
      ...["\\q", "\\%", "\\\n", "\\é"]
    ),
    { maxLength: 6 }
  )
  .map((cs) => `$'${cs.join("")}'`)
const word = fc
  .array(fc.oneof(plain, singleQuoted, doubleQuoted, unquoted, ansiC), { minLength: 1, maxLength: 5 })
  .map((pieces) => pieces.join(""))
  // A word that is nothing but a continuation is no argument at all to bash.
  .filter((w) => lexWord(w).length > 0 || /['"]/.test(w))

describe("shell-lexer: bash is the oracle", () => {
  it("a word of quoted pieces, escapes and $'...' strings reads as bash's printf %s prints it", () => {
    fc.assert(
      fc.property(word, (w) => {
        assert.deepStrictEqual([...lexWord(w)], [...bashBytes(w)], JSON.stringify(w))
      }),
      { numRuns: Number(process.env["FC_NUM_RUNS"] ?? 300) }
    )
  }, 300_000)

  it("each $'...' escape form, one by one, decodes as bash decodes it", () => {
    const forms = [
      "\\x41",
      "\\101",
      "\\cA",
      "\\c\\\\",
      "\\c?",
      "\\u263a",
      "\\U0001F600",
      "\\xff",
      "\\z",
      "a\\0b",
      "\\e"
    ]
    for (const form of forms) {
      const w = `$'${form}'`
      assert.deepStrictEqual([...lexWord(w)], [...bashBytes(w)], w)
    }
  })
})

describe("shell-lexer: where each piece ends", () => {
  it("readSingleQuoted: up to the next quote, or undefined when it is not closed", () => {
    assert.deepStrictEqual(readSingleQuoted("x'a\\b'c", 1), { text: "a\\b", end: 6 })
    assert.strictEqual(readSingleQuoted("'abc", 0), undefined)
  })

  it("readAnsiC: after the closing quote; undefined when it is not closed; a NUL ends the value", () => {
    assert.deepStrictEqual(readAnsiC("$'a\\'b'c", 0), { pieces: [{ _tag: "Text", text: "a'b" }], end: 7 })
    assert.deepStrictEqual(readAnsiC("$'a\\0bc'", 0), { pieces: [{ _tag: "Text", text: "a" }], end: 8 })
    assert.deepStrictEqual(readAnsiC("$''", 0), { pieces: [{ _tag: "Text", text: "" }], end: 3 })
    assert.strictEqual(readAnsiC("$'abc\\'", 0), undefined)
  })

  it("readAnsiC: a \\u above ASCII is its own piece (its text depends on the locale); bytes that are not UTF-8 are kept apart", () => {
    assert.deepStrictEqual(readAnsiC("$'a\\u00e9b'", 0)?.pieces, [
      { _tag: "Text", text: "a" },
      { _tag: "Unicode", code: 0xe9 },
      { _tag: "Text", text: "b" }
    ])
    assert.deepStrictEqual(readAnsiC("$'\\xff'", 0)?.pieces, [
      { _tag: "Bytes", bytes: Uint8Array.from([0xff]), raw: "$'\\xff'" }
    ])
  })

  it('backslashes: outside quotes any character, inside double quotes only " \\ $ ` and a newline', () => {
    assert.deepStrictEqual(unquotedEscape("\\a", 0), { text: "a", end: 2 })
    assert.deepStrictEqual(unquotedEscape("\\\nx", 0), { text: "", end: 2 })
    assert.strictEqual(unquotedEscape("a\\", 1), undefined)
    assert.deepStrictEqual(doubleQuotedEscape('\\"', 0), { text: '"', end: 2 })
    assert.deepStrictEqual(doubleQuotedEscape("\\a", 0), { text: "\\", end: 1 })
    assert.deepStrictEqual(doubleQuotedEscape("\\\n", 0), { text: "", end: 2 })
  })

  it("commentEnd: at the next newline, or the end of the text", () => {
    assert.strictEqual(commentEnd("# a\nb", 0), 3)
    assert.strictEqual(commentEnd("x # a", 2), 5)
  })
})
