/**
 * Arbitraries for the runs of a dialect whose answer's text decides (`exitCodeRows: "text-decides"`, Gemini CLI):
 * the text on stdout or, stdout blank, on stderr; text that is not a JSON object (plain, malformed JSON, JSON that
 * is not an object); exit codes 0, 1, 2 and every other class.
 */
import * as fc from "fast-check"
import type { Dialect, HookEvent, HookRun } from "../../src/index.ts"
import { answerTextOf, geminiEvents, jsonAnswerOf } from "../support/text-decides-table.ts"
import { failureExitCodeArb, textExitCodeArb } from "./exit-codes.ts"
import { hookOutputArb } from "./hook-output.ts"
import { blankStdoutArb, commandArb, durationMsArb, type RunExtras } from "./hook-runs.ts"
import { malformedStdoutArb, plainStdoutArb, serializedJsonArb } from "./stdout.ts"
import { weirdStringArb } from "./strings.ts"

export { textExitCodeArb }

/** The internal events Gemini CLI fires (BeforeTool, AfterTool, BeforeAgent, AfterAgent, SessionStart, ...). */
export const geminiEventArb: fc.Arbitrary<HookEvent> = fc.constantFrom(...geminiEvents)

/** An exit code other than 0, 1 and 2: each denies with the text in Gemini CLI. */
export const otherExitCodeArb: fc.Arbitrary<number> = failureExitCodeArb.filter((code) => code !== 1)

/** Only the command among a run's optional fields (no truncation, whose warning is not the text rows'). */
export const commandOnlyArb: fc.Arbitrary<RunExtras> = fc.record({ command: commandArb }, { requiredKeys: [] })

/**
 * Text that is not a JSON object once trimmed (nor a JSON string holding one): plain text, what looks like JSON but
 * does not parse, JSON that is not an object; blank text included.
 */
export const nonJsonTextArb = (event: HookEvent): fc.Arbitrary<string> =>
  fc
    .oneof(
      { arbitrary: plainStdoutArb, weight: 3 },
      { arbitrary: malformedStdoutArb(event), weight: 2 },
      {
        arbitrary: fc.constantFrom("[1,2]", "42", "null", "true", '"just a string"', '"{\\"cut"', '"[]"'),
        weight: 1
      },
      { arbitrary: weirdStringArb, weight: 1 }
    )
    .filter((text) => jsonAnswerOf(text.trim()) === undefined)

/**
 * A run whose answer is text, not a JSON object: on stdout (stderr anything), or on stderr with stdout blank, or
 * blank on both; exit code from `exitCode`.
 */
export const textRunArb = (
  event: HookEvent,
  exitCode: fc.Arbitrary<number> = textExitCodeArb,
  extras: fc.Arbitrary<RunExtras> = commandOnlyArb
): fc.Arbitrary<HookRun> =>
  fc
    .tuple(
      exitCode,
      fc.oneof(
        {
          arbitrary: fc.tuple(
            nonJsonTextArb(event).filter((t) => t.trim().length > 0),
            weirdStringArb
          ),
          weight: 3
        },
        { arbitrary: fc.tuple(blankStdoutArb, nonJsonTextArb(event)), weight: 2 },
        { arbitrary: fc.tuple(blankStdoutArb, blankStdoutArb), weight: 1 }
      ),
      durationMsArb,
      extras
    )
    .map(([code, [stdout, stderr], durationMs, more]) => ({
      ...more,
      exitCode: code,
      stdout,
      stderr,
      durationMs,
      timedOut: false
    }))
    .filter((run) => jsonAnswerOf(answerTextOf(run)) === undefined)

/** Any answer text for `event`: a JSON answer in `dialect`'s vocabulary (compact or indented) or text. */
export const answerTextArb = (event: HookEvent, dialect: Dialect): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: serializedJsonArb(hookOutputArb(event, dialect), { noisy: false }), weight: 2 },
    { arbitrary: nonJsonTextArb(event), weight: 1 }
  )

/** A run whose stdout is any answer for `event` ({@link answerTextArb}), any exit code, stderr anything. */
export const answerTextRunArb = (event: HookEvent, dialect: Dialect): fc.Arbitrary<HookRun> =>
  fc
    .tuple(textExitCodeArb, answerTextArb(event, dialect), weirdStringArb, durationMsArb, commandOnlyArb)
    .map(([exitCode, stdout, stderr, durationMs, extras]) => ({
      ...extras,
      exitCode,
      stdout,
      stderr,
      durationMs,
      timedOut: false
    }))
