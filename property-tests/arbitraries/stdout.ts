/**
 * Arbitraries for a hook's stdout in the three shapes of ARCHITECTURE
 * section 4: plain text, a JSON object (possibly with a BOM, padding, and in
 * the wave dialect log lines before it), and malformed JSON.
 */
import * as fc from "fast-check"
import type { Dialect, HookEvent } from "../../src/index.ts"
import type { JsonObject } from "./hook-output.ts"
import { hookOutputArb } from "./hook-output.ts"
import { paddingArb, shortWeirdStringArb, weirdStringArb } from "./strings.ts"

const BOM = "\uFEFF"

/** What section 4 step 1 reads: the text without a BOM, trimmed. */
export const stripped = (stdout: string): string => (stdout.startsWith(BOM) ? stdout.slice(1) : stdout).trim()

/** Whether a text is JSON at all (any value). */
const parses = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** An optional BOM and padding around a text. */
const framed = (body: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(fc.boolean(), paddingArb, body, paddingArb)
    .map(([bom, before, text, after]) => `${bom ? BOM : ""}${before}${text}${after}`)

/** A log line a hook may print before its JSON; never starts with `{`. */
export const noiseLineArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("building...", "warn:", "ok", "#", "[hook]"), shortWeirdStringArb)
  .map(([label, rest]) => `${label}${rest}`)

/**
 * Plain stdout: text that does not start with `{`, has no line starting with
 * `{` and does not end with `}` (so it can neither hold a recoverable JSON
 * object nor look like one, section 4 steps 4 and 6), in either dialect;
 * empty or white space included.
 */
export const plainStdoutArb: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: weirdStringArb, weight: 3 },
    { arbitrary: fc.tuple(noiseLineArb, weirdStringArb).map(([label, rest]) => label + rest), weight: 2 },
    { arbitrary: fc.constantFrom("", " \n", BOM, `${BOM}\t\n`), weight: 1 }
  )
  .filter((stdout) => {
    const text = stripped(stdout)
    return !text.startsWith("{") && !/[\n\r][ \t]*\{/.test(text) && !text.endsWith("}")
  })

/**
 * stdout holding one JSON object, serialised as `JSON.stringify` would (or
 * indented), with an optional BOM and padding. With `noisy`, log lines may
 * precede it (wave reads the last line; claude-code does not).
 */
export const serializedJsonArb = (
  objectArb: fc.Arbitrary<JsonObject>,
  options: { readonly noisy: boolean }
): fc.Arbitrary<string> =>
  framed(
    fc
      .tuple(
        objectArb,
        fc.constantFrom<string | number | undefined>(undefined, undefined, 2, "\t"),
        options.noisy
          ? fc.option(fc.array(noiseLineArb, { minLength: 1, maxLength: 2 }), { nil: undefined })
          : fc.constant(undefined)
      )
      .map(([object, indent, noise]) =>
        noise === undefined ? JSON.stringify(object, null, indent) : `${noise.join("\n")}\n${JSON.stringify(object)}`
      )
  )

/**
 * stdout with a JSON answer for `event` in `dialect`'s vocabulary ({@link hookOutputArb}; Cursor's for the Cursor
 * event `agentEvent` names); see {@link serializedJsonArb}.
 */
export const jsonStdoutArb = (
  event: HookEvent,
  options: { readonly noisy: boolean },
  dialect: Dialect = "wave",
  agentEvent?: string
): fc.Arbitrary<string> => serializedJsonArb(hookOutputArb(event, dialect, agentEvent), options)

/**
 * Malformed JSON: after the BOM and padding it starts with `{` and ends with
 * `}` (so both dialects call it malformed) but does not parse: trailing
 * commas, bare words as values, a JSON answer with one brace too many, a cut
 * JSON answer closed with `}`; and no line starts an object that ends it.
 */
export const malformedStdoutArb = (event: HookEvent): fc.Arbitrary<string> =>
  framed(
    fc.oneof(
      shortWeirdStringArb.map((s) => `{${s},}`),
      shortWeirdStringArb.map((s) => `{"reason": x${s}}`),
      hookOutputArb(event).map((object) => `${JSON.stringify(object)}}`),
      fc.tuple(hookOutputArb(event), fc.nat()).map(([object, cut]) => {
        const text = JSON.stringify(object)
        return `${text.slice(0, 1 + (cut % text.length))}}`
      })
    )
  ).filter((stdout) => {
    const text = stripped(stdout)
    return text.startsWith("{") && text.endsWith("}") && !parses(text) && !endsWithAnObject(text)
  })

/**
 * Some line of `text` (lines end at LF, CR or CRLF) starts a valid JSON object that runs to its end: the
 * wave dialect reads that object as noisy stdout's answer (a bare word in
 * `{"reason": x\n{}` leaves the valid `{}` on the last line), so such text is
 * not malformed.
 */
const endsWithAnObject = (text: string): boolean => {
  const lines = text.split(/\r\n?|\n/)
  return lines.some((_, i) => {
    const rest = lines.slice(i).join("\n").trim()
    if (!rest.startsWith("{")) return false
    try {
      const value: unknown = JSON.parse(rest)
      return typeof value === "object" && value !== null && !Array.isArray(value)
    } catch {
      return false
    }
  })
}

/** Any stdout for `event`: plain, JSON (possibly noisy; in `dialect`'s vocabulary, for `agentEvent`) or malformed. */
export const stdoutArb = (event: HookEvent, dialect: Dialect = "wave", agentEvent?: string): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: plainStdoutArb, weight: 2 },
    { arbitrary: jsonStdoutArb(event, { noisy: true }, dialect, agentEvent), weight: 4 },
    { arbitrary: malformedStdoutArb(event), weight: 1 }
  )
