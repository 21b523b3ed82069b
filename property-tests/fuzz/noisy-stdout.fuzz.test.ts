/**
 * Fuzzing noisy stdout (issue 11): stdout made of random log lines and random
 * JSON fragments, up to 1 MiB. `parseStdout` in both dialects never throws,
 * classifies the text, and returns within a time bound. The laws for a
 * verdict after log lines are in `noisy-stdout.laws.test.ts`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { parseStdout } from "../../src/index.ts"
import { jsonTextArb, smallHostileStringArb } from "../arbitraries/hostile.ts"
import { lineEndArb, logLineArb } from "../arbitraries/noisy-stdout.ts"
import { fuzzRuns, fuzzTimeoutMs } from "./fuzz-runs.ts"
import { dialectArb } from "../arbitraries/policies.ts"

/**
 * The bound on one `parseStdout` call. Measured: a 1 MiB text of
 * brace-heavy fragments parses in tens of ms on an idle machine; 1 s leaves
 * a wide margin on a loaded 2-core machine.
 */
const callBoundMs = 1_000
const MIB = 1024 * 1024

/** A fragment of JSON: whole values, values cut short, lone brackets, keys. */
const jsonFragmentArb: fc.Arbitrary<string> = fc.oneof(
  jsonTextArb,
  fc.tuple(jsonTextArb, fc.nat()).map(([t, n]) => t.slice(0, n % (t.length + 1))),
  fc.constantFrom(
    "{",
    "}",
    "[",
    "]",
    '{"',
    '"}',
    '{"decision":',
    '{"continue":false}',
    "{}",
    "[]",
    '{"a":{"b":[',
    "\\",
    '"',
    ",",
    ":"
  ),
  fc.tuple(fc.constantFrom("{", "[", '{"a":'), fc.integer({ min: 1, max: 200 })).map(([o, n]) => o.repeat(n))
)

const lineArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: logLineArb },
  { weight: 3, arbitrary: jsonFragmentArb },
  { weight: 1, arbitrary: smallHostileStringArb },
  { weight: 1, arbitrary: fc.tuple(logLineArb, jsonFragmentArb).map(([l, j]) => `${l} ${j}`) }
)

/** Random lines, repeated up to a target size (mostly small, sometimes up to 1 MiB). */
const noisyStdoutArb: fc.Arbitrary<string> = fc
  .record({
    lines: fc.array(fc.tuple(lineArb, lineEndArb), { minLength: 1, maxLength: 12 }),
    target: fc.oneof(
      { weight: 20, arbitrary: fc.integer({ min: 0, max: 4096 }) },
      { weight: 1, arbitrary: fc.integer({ min: 4096, max: MIB }) }
    ),
    bom: fc.boolean()
  })
  .map(({ bom, lines, target }) => {
    const unit = lines.map(([l, e]) => l + e).join("")
    const text =
      unit.length === 0
        ? ""
        : unit
            .repeat(Math.max(1, Math.floor(target / unit.length)))
            .slice(0, Math.max(target, Math.min(unit.length, MIB)))
    return (bom ? "\uFEFF" : "") + text
  })

describe(`fuzz: noisy stdout (${fuzzRuns} cases)`, () => {
  it(
    `parseStdout never throws on log lines and JSON fragments up to 1 MiB, and returns within ${callBoundMs} ms`,
    () => {
      fc.assert(
        fc.property(noisyStdoutArb, dialectArb, (stdout, dialect) => {
          const start = performance.now()
          const parsed = parseStdout(stdout, dialect)
          const ms = performance.now() - start
          assert.oneOf(parsed._tag, ["Plain", "Json", "Malformed"])
          assert.isBelow(ms, callBoundMs, `parseStdout (${dialect}) on ${stdout.length} characters took ${ms} ms`)
        }),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )
})
