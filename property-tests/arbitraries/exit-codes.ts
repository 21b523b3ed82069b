/**
 * Arbitraries for numeric exit codes: 0, 2, and every other class the
 * decision table has to survive (negative, 1..255, > 255, huge).
 */
import * as fc from "fast-check"
import type { Dialect } from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"

/**
 * An exit code other than 0 and 2: negative, small, > 255 (including 258 and
 * 514, which are 2 modulo 256) and huge (32-bit limits, the safe-integer
 * limits, 1e21 whose decimal form is `1e+21`).
 */
export const failureExitCodeArb: fc.Arbitrary<number> = fc
  .oneof(
    fc.integer({ min: -255, max: -1 }),
    fc.constantFrom(1, 3, 126, 127, 128, 130, 137, 143, 255),
    fc.integer({ min: 3, max: 255 }),
    fc.integer({ min: 256, max: 65_535 }),
    fc.constantFrom(
      256,
      258,
      514,
      2 ** 31 - 1,
      -(2 ** 31),
      2 ** 32 + 2,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      1e21,
      -1e21
    ),
    fc.integer()
  )
  .filter((code) => code !== 0 && code !== 2)

/** Any numeric (finite, integral) exit code; 0 and 2 come up often. */
export const exitCodeArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constant(0), weight: 2 },
  { arbitrary: fc.constant(2), weight: 2 },
  { arbitrary: failureExitCodeArb, weight: 3 }
)

/**
 * Any JavaScript number as an exit code, including ones no process can exit
 * with (NaN, infinities, -0, fractions): for totality only.
 */
export const exoticExitCodeArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: exitCodeArb, weight: 4 },
  { arbitrary: fc.double(), weight: 1 },
  {
    arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0.5, 2.5),
    weight: 1
  }
)

/**
 * An exit code of each class the text rows of Gemini CLI tell apart (`exitCodeRows: "text-decides"`): 0 (the text
 * is shown), 1 (a warning), 2 and any other code (negative, 3..255, huge: a deny).
 */
export const textExitCodeArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constant(0), weight: 2 },
  { arbitrary: fc.constant(1), weight: 2 },
  { arbitrary: fc.constant(2), weight: 2 },
  { arbitrary: failureExitCodeArb, weight: 3 }
)

/** The exit codes whose classes `dialect`'s rows tell apart: {@link textExitCodeArb} or {@link exitCodeArb}. */
export const exitCodeArbFor = (dialect: Dialect = "wave"): fc.Arbitrary<number> =>
  dialectRules[dialect].exitCodeRows === "text-decides" ? textExitCodeArb : exitCodeArb
