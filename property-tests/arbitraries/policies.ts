/**
 * Arbitraries for a hook's policy: dialect and `onFailure`
 * (ARCHITECTURE section 2).
 */
import * as fc from "fast-check"
import type { Dialect, OnFailure, DecideOptions } from "../../src/index.ts"
import { dialects } from "../../src/core/dialect.ts"

/** Any dialect (`dialects`, so a dialect added there is generated here too). */
export const dialectArb: fc.Arbitrary<Dialect> = fc.constantFrom<Dialect>(...dialects)

/** `"continue"` or `"block"`. */
export const onFailureArb: fc.Arbitrary<OnFailure> = fc.constantFrom<OnFailure>("continue", "block")

/** Any policy: both dialects, both `onFailure` values. */
export const policyArb: fc.Arbitrary<DecideOptions> = fc.record({ dialect: dialectArb, onFailure: onFailureArb })

/** A policy with the given `onFailure` and either dialect. */
export const policyWithArb = (onFailure: OnFailure): fc.Arbitrary<DecideOptions> =>
  dialectArb.map((dialect) => ({ dialect, onFailure }))
