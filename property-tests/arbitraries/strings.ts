/**
 * Arbitraries for awkward text: what hooks really print (BOMs, NUL, lone
 * surrogates, control characters, odd white space, JSON punctuation) and,
 * rarely, a 1 MiB string.
 */
import * as fc from "fast-check"

const BOM = "\uFEFF"
const ONE_MIB = 1024 * 1024

/**
 * One awkward character: BOM, NUL, C0 controls, DEL, white space of every
 * kind (including ones `trim` removes and ones it keeps), JSON punctuation,
 * combining marks, astral code points and lone surrogates.
 */
export const weirdCharArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    BOM,
    "\u0000",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\v",
    "\f",
    "\u00A0",
    "\u1680",
    "\u2028",
    "\u2029",
    "\u200B",
    "\u3000",
    "\u007F",
    "{",
    "}",
    "[",
    "]",
    '"',
    "\\",
    ":",
    ",",
    "e\u0301",
    "\u{1F642}",
    "\u{10FFFF}"
  ),
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 })
)

/**
 * Strings of 1 MiB (UTF-16 code units), built once so that generating them
 * costs nothing.
 */
export const hugeStrings: ReadonlyArray<string> = [
  "a".repeat(ONE_MIB),
  BOM + " \u0000x".repeat(ONE_MIB / 4) + "\n",
  "log line\n".repeat(Math.floor(ONE_MIB / 9))
]

/** A short string of mostly awkward characters. */
export const shortWeirdStringArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: weirdCharArb, maxLength: 10 }), weight: 4 },
  { arbitrary: fc.string({ maxLength: 16 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 12 }).map((s) => BOM + s), weight: 1 },
  { arbitrary: fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\r", BOM, "\u00A0"), maxLength: 6 }), weight: 1 },
  { arbitrary: fc.constant(""), weight: 1 }
)

/**
 * Any awkward string: usually short ({@link shortWeirdStringArb}), about once
 * in a thousand a 1 MiB one (so 1000 runs stay fast).
 */
export const weirdStringArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: shortWeirdStringArb, weight: 999 },
  { arbitrary: fc.constantFrom(...hugeStrings), weight: 1 }
)

/** {@link weirdStringArb} without decimal digits (so an exit code in a text is unambiguous). */
export const digitFreeStringArb: fc.Arbitrary<string> = weirdStringArb.map((s) => s.replace(/[0-9]/g, ""))

/** White space `trim` removes around stdout, possibly with a BOM in front. */
export const paddingArb: fc.Arbitrary<string> = fc.string({
  unit: fc.constantFrom(" ", "\t", "\n", "\r\n", "\u00A0", "\u2028"),
  maxLength: 3
})
