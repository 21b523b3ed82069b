/**
 * Hostile inputs for fuzzing: invalid UTF-8 decoded the way the runner
 * decodes hook output, control characters, prototype keys, huge numbers,
 * deeply nested JSON and (rarely) 10 MiB strings.
 */
import * as fc from "fast-check"

const TEN_MIB = 10 * 1024 * 1024
let tenMiB: string | undefined
/** A 10 MiB string, built once. */
export const tenMiBString = (): string => (tenMiB ??= "x".repeat(TEN_MIB - 1) + "\u0000")

/** Keys that attack naive object handling. */
export const prototypeKeys = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"] as const

/** Bytes that are not valid UTF-8, decoded as the runner decodes hook output (U+FFFD replacement). */
export const invalidUtf8Arb: fc.Arbitrary<string> = fc
  .uint8Array({ maxLength: 64 })
  .map((bytes) => Buffer.from([0xff, 0xfe, ...bytes, 0xc3]).toString("utf8"))

/** Control characters, NUL, DEL, BOM, lone surrogates. */
export const controlArb: fc.Arbitrary<string> = fc
  .array(
    fc.constantFrom("\u0000", "\u0001", "\u001b", "\u007f", "\uFEFF", "\uD800", "\uDFFF", "\r", "\n", "\t", "\u2028"),
    { maxLength: 8 }
  )
  .map((chars) => chars.join(""))

/** A hostile string without the 10 MiB case (for nested positions). */
export const smallHostileStringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 20, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 10, arbitrary: invalidUtf8Arb },
  { weight: 10, arbitrary: controlArb },
  { weight: 5, arbitrary: fc.constantFrom(...prototypeKeys) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 99 }).map((n) => "x".repeat(64 * n)) }
)

/** Any hostile string; a 10 MiB string about once in 5000. */
export const hostileStringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4999, arbitrary: smallHostileStringArb },
  { weight: 1, arbitrary: fc.constant(null).map(tenMiBString) }
)

/** Numbers JSON may carry, including ones that lose precision or overflow, as JSON text. */
export const hugeNumberTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "1e308",
    "-1e308",
    "1e400",
    "-1e400",
    "123456789012345678901234567890",
    "0.0000000000000000000001",
    "-0"
  ),
  fc.double().map((d) => (Number.isFinite(d) ? String(d) : "1e999"))
)

/** A JSON value as text: scalars, hostile strings, huge numbers, arrays and objects with prototype keys. */
export const jsonTextArb: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("null", "true", "false", "0", "2", "-1"),
    hugeNumberTextArb,
    smallHostileStringArb.map((s) => JSON.stringify(s)),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc
      .array(fc.tuple(fc.oneof(smallHostileStringArb, fc.constantFrom(...prototypeKeys)), tie("value")), {
        maxLength: 4
      })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`)
  )
})).value

/** Very deeply nested JSON (arrays or objects), valid or cut short. */
export const deepJsonTextArb: fc.Arbitrary<string> = fc
  .record({ depth: fc.integer({ min: 100, max: 5_000 }), kind: fc.constantFrom("array", "object"), cut: fc.boolean() })
  .map(({ cut, depth, kind }) => {
    const open = kind === "array" ? "[".repeat(depth) : '{"a":'.repeat(depth)
    const close = kind === "array" ? "]".repeat(depth) : "}".repeat(depth)
    return `{"x":${open}1${cut ? close.slice(1) : close}}`
  })
