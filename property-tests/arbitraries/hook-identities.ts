/**
 * Arbitraries for hooks as `dedupeHooks` sees them: a command and an
 * effective timeout, drawn from small pools so that duplicates are common.
 */
import * as fc from "fast-check"

import type { HookIdentity } from "../../src/core/dedupe.ts"
import { shortWeirdStringArb } from "./strings.ts"

/** A hook with an `id` so that tests can tell which occurrence was kept. */
export interface NumberedHook extends HookIdentity {
  readonly id: number
}

/**
 * Hooks in config order; commands and timeouts come from small generated
 * pools (commands may hold NUL, the separator of the identity key), so
 * identical hooks occur often.
 */
export const numberedHooksArb: fc.Arbitrary<ReadonlyArray<NumberedHook>> = fc
  .tuple(
    fc.uniqueArray(fc.oneof(fc.constantFrom("fmt", "lint", "60\u0000fmt", "fmt\u0000", ""), shortWeirdStringArb), {
      minLength: 1,
      maxLength: 3
    }),
    fc.uniqueArray(
      fc.oneof(
        fc.constantFrom(1, 60, 600),
        fc.integer({ min: 1, max: 3600 }),
        fc.double({ min: 0.001, max: 10, noNaN: true })
      ),
      {
        minLength: 1,
        maxLength: 3
      }
    )
  )
  .chain(([commands, timeouts]) =>
    fc.array(fc.tuple(fc.constantFrom(...commands), fc.constantFrom(...timeouts)), { maxLength: 12 })
  )
  .map((pairs) => pairs.map(([command, timeoutSeconds], id) => ({ command, timeoutSeconds, id })))
