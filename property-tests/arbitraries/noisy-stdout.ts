/**
 * Arbitraries for a verdict printed after log output (ARCHITECTURE section 4
 * step 4, issue 11): log prefixes of every kind and the indentations JSON
 * printers use (compact, `jq`'s two spaces, tabs, CRLF line ends).
 */
import * as fc from "fast-check"
import type { HookEvent } from "../../src/index.ts"
import type { JsonObject } from "./hook-output.ts"
import { hookOutputArb } from "./hook-output.ts"
import { noiseLineArb } from "./stdout.ts"
import { shortWeirdStringArb } from "./strings.ts"

/** How a verdict is rendered: `undefined` is compact (`JSON.stringify(v)`), else the indent argument. */
export type Indent = undefined | number | string

/** Indentations: compact, 1 to 10 spaces (`jq` prints 2), a tab or two, mixed blanks. */
export const indentArb: fc.Arbitrary<Indent> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 2 },
  { arbitrary: fc.constant(2), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 10 }), weight: 2 },
  { arbitrary: fc.constantFrom("\t", "\t\t", " \t"), weight: 1 }
)

/** A structured (JSON lines) log line, e.g. `{"level":"info","msg":"..."}`; it starts with `{`. */
export const structuredLogLineArb: fc.Arbitrary<string> = fc
  .record(
    { level: fc.constantFrom("info", "debug", "warn"), msg: fc.string({ maxLength: 12 }), n: fc.nat() },
    { requiredKeys: ["level"] }
  )
  .map((entry) => JSON.stringify(entry))

/**
 * One log line: plain progress text, a structured log line, a line with
 * unbalanced braces or quotes (`{`, `}`, `"`, `\`), or awkward characters.
 * A line may itself be a lone `{` or `}`.
 */
export const logLineArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: noiseLineArb, weight: 3 },
  { arbitrary: structuredLogLineArb, weight: 2 },
  { arbitrary: fc.constantFrom("{", "}", "  {", '"', "\\", '{"unclosed', "error: expected }", "}}} {{"), weight: 1 },
  { arbitrary: shortWeirdStringArb, weight: 2 }
)

/** A line end a hook may print: LF, CRLF or CR. */
export const lineEndArb: fc.Arbitrary<string> = fc.constantFrom("\n", "\n", "\r\n", "\r")

/**
 * A log prefix: one to four log lines, each ended by a line end, with at
 * least one character that `trim` keeps (so the verdict really follows other
 * output).
 */
export const logPrefixArb: fc.Arbitrary<string> = fc
  .array(fc.tuple(logLineArb, lineEndArb), { minLength: 1, maxLength: 4 })
  .map((lines) => lines.map(([line, end]) => line + end).join(""))
  .filter((prefix) => prefix.trim().length > 0)

/** A valid verdict for `event` rendered with an indentation, possibly with CRLF line ends and blanks before it. */
export interface RenderedVerdict {
  readonly value: JsonObject
  readonly indent: Indent
  readonly crlf: boolean
  readonly text: string
}

/** {@link RenderedVerdict}s of {@link hookOutputArb} values. */
export const renderedVerdictArb = (event: HookEvent): fc.Arbitrary<RenderedVerdict> =>
  fc
    .tuple(
      hookOutputArb(event),
      indentArb,
      fc.boolean(),
      fc.constantFrom("", "", "  ", "\t"),
      fc.constantFrom("", "\n", " \r\n\n")
    )
    .map(([value, indent, crlf, lead, trail]) => {
      const json = JSON.stringify(value, null, indent)
      return { value, indent, crlf, text: lead + (crlf ? json.replaceAll("\n", "\r\n") : json) + trail }
    })

/** A log prefix and a verdict; `stdout` is the one then the other. */
export interface NoisyVerdict {
  readonly event: HookEvent
  readonly prefix: string
  readonly verdict: RenderedVerdict
  readonly stdout: string
}

/** {@link NoisyVerdict}s for `event`. */
export const noisyVerdictArb = (event: HookEvent): fc.Arbitrary<NoisyVerdict> =>
  fc
    .tuple(logPrefixArb, renderedVerdictArb(event))
    .map(([prefix, verdict]) => ({ event, prefix, verdict, stdout: prefix + verdict.text }))

/** The reach classes of a {@link NoisyVerdict}: how the verdict is rendered and what the prefix holds. */
export const noisyVerdictClasses = (v: NoisyVerdict): ReadonlyArray<string> => {
  const classes: Array<string> = []
  const pretty = v.verdict.indent !== undefined && Object.keys(v.verdict.value).length > 0
  classes.push(pretty ? "pretty verdict" : "compact verdict")
  if (pretty && v.verdict.indent === 2) classes.push("jq-style (2 spaces) verdict")
  if (v.verdict.crlf && pretty) classes.push("CRLF verdict")
  if (/[\n\r][\s\S]*\S/.test(v.prefix.trimEnd())) classes.push("multi-line prefix")
  if (/(^|[\n\r])\{/.test(v.prefix)) classes.push("prefix line starting with {")
  return classes
}
