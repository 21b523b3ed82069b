/**
 * Arbitraries for a hook's policy: dialect and `onFailure`
 * (ARCHITECTURE section 2).
 */
import * as fc from "fast-check"
import type { Dialect, OnFailure, DecideOptions } from "../../src/index.ts"
import { dialectRules, dialects } from "../../src/core/dialect.ts"

/** Any dialect (`dialects`, so a dialect added there is generated here too). */
export const dialectArb: fc.Arbitrary<Dialect> = fc.constantFrom<Dialect>(...dialects)

/**
 * The dialects whose exit code decides as in ARCHITECTURE 5.2 (`exitCodeRows: "exit-2-blocks"`: 0 succeeds, 2
 * blocks with stderr, any other code is a notice; stdout that looks like JSON but does not parse is malformed).
 */
export const exitCodeDialects: ReadonlyArray<Dialect> = dialects.filter(
  (d) => dialectRules[d].exitCodeRows === "exit-2-blocks"
)

/**
 * The dialects whose answer's text decides (`exitCodeRows: "text-decides"`, Gemini CLI): the trimmed stdout, else
 * the trimmed stderr; a JSON object on any exit code; else exit 0 shows it, 1 warns with it, any other code denies.
 */
export const textDecidesDialects: ReadonlyArray<Dialect> = dialects.filter(
  (d) => dialectRules[d].exitCodeRows === "text-decides"
)

/** The dialects whose JSON answers use Claude Code's vocabulary (`vocabulary: "claude"`). */
export const claudeVocabularyDialects: ReadonlyArray<Dialect> = dialects.filter(
  (d) => dialectRules[d].vocabulary === "claude"
)

/**
 * The {@link exitCodeDialects} without a strict wire that read stdout as wave-hooks does (`stdoutReading: "json"`):
 * those where malformed JSON falls back to the exit code with a warning (Codex CLI fails the run instead,
 * strict-wire.laws.test.ts; Copilot reads it as no answer, with a Diagnostic only, copilot-vocabulary.laws.test.ts).
 */
export const malformedFallbackDialects: ReadonlyArray<Dialect> = exitCodeDialects.filter(
  (dialect) => !dialectRules[dialect].strictWire && dialectRules[dialect].stdoutReading === "json"
)

/** A dialect of {@link malformedFallbackDialects}. */
export const malformedFallbackDialectArb: fc.Arbitrary<Dialect> = fc.constantFrom<Dialect>(...malformedFallbackDialects)

/** A dialect of {@link exitCodeDialects}. */
export const exitCodeDialectArb: fc.Arbitrary<Dialect> = fc.constantFrom<Dialect>(...exitCodeDialects)

/** A dialect of {@link textDecidesDialects}. */
export const textDecidesDialectArb: fc.Arbitrary<Dialect> = fc.constantFrom<Dialect>(...textDecidesDialects)

/** `"continue"` or `"block"`. */
export const onFailureArb: fc.Arbitrary<OnFailure> = fc.constantFrom<OnFailure>("continue", "block")

/** Any policy: every dialect, both `onFailure` values. */
export const policyArb: fc.Arbitrary<DecideOptions> = fc.record({ dialect: dialectArb, onFailure: onFailureArb })

/** A policy with the given `onFailure` and any dialect (of `dialect`, default every dialect). */
export const policyWithArb = (
  onFailure: OnFailure,
  dialect: fc.Arbitrary<Dialect> = dialectArb
): fc.Arbitrary<DecideOptions> => dialect.map((d) => ({ dialect: d, onFailure }))

/** A policy of a dialect from `dialect`, either `onFailure`. */
export const policyInArb = (dialect: fc.Arbitrary<Dialect>): fc.Arbitrary<DecideOptions> =>
  fc.record({ dialect, onFailure: onFailureArb })
