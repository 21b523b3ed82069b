/**
 * Reading a hook's stdout: plain text, a JSON object, or malformed JSON
 * (ARCHITECTURE section 4, steps 1-4).
 *
 * @since 0.1.0
 */
import { Data } from "effect"
import type { EffectOf } from "../effects/hook-effect.ts"
import { Diagnostic } from "../effects/hook-effect.ts"
import type { Dialect } from "./dialect.ts"
import { dialectRules } from "./dialect.ts"

/**
 * What a hook's stdout turned out to be.
 *
 * - `Plain`: text (possibly empty), used by the exit-code path.
 * - `Json`: a JSON object; `diagnostics` holds `noisy-stdout` when it was
 *   found at the end of stdout after other output (wave dialect).
 * - `Malformed`: it looked like JSON but could not be read; `error` says why.
 *   `line` (1-based) is where the JSON-like object starts when stdout does
 *   not itself start with `{` and parse whole (section 4 step 6); it is
 *   absent when stdout starts with `{` and does not parse (step 3).
 *
 * @category models
 * @since 0.1.0
 */
export type ParsedStdout = Data.TaggedEnum<{
  Plain: { readonly text: string }
  Json: {
    readonly value: { readonly [key: string]: unknown }
    readonly diagnostics: ReadonlyArray<EffectOf<"Diagnostic">>
  }
  Malformed: { readonly text: string; readonly error: string; readonly line?: number }
}>

/**
 * Constructors, `$is` and `$match` for {@link ParsedStdout}. `parseStdout`
 * itself returns plain objects of the same shape (they are faster to build
 * on the decision path); `$is` and `$match` read only `_tag`, so they work on
 * both.
 *
 * **Example** (Matching a parse result)
 *
 * ```ts
 * ParsedStdout.$match(parseStdout("hello", "wave"), {
 *   Plain: ({ text }) => text,
 *   Json: () => "json",
 *   Malformed: ({ error }) => error
 * }) // => "hello"
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const ParsedStdout = Data.taggedEnum<ParsedStdout>()

const BOM = "\uFEFF"
const MAX_ERROR_LENGTH = 200

const OPEN = 123 // {
const CLOSE = 125 // }
const QUOTE = 34 // "
const BACKSLASH = 92 // \\
const LF = 10
const CR = 13

/**
 * Read a hook's stdout.
 *
 * **Details**
 *
 * 1. Strip a UTF-8 BOM and surrounding white space. 2. Empty is `Plain("")`.
 * 3. Text starting with `{` that parses is `Json`.
 * 4. Wave dialect: when stdout ends with `}`, its matching `{` (found by a
 * backward, string-aware brace scan) starts a line, and the text from there
 * parses, that last top-level object is used whatever its indentation, with a
 * `noisy-stdout` diagnostic.
 * 5. Text starting with `{` that did not parse is `Malformed` (in the
 * claude-code dialect only when it also ends with `}`).
 * 6. Both dialects: text that looks like a JSON object but could not be read
 * is `Malformed` with the object's `line`: a line that is just `{` followed
 * by a `"` (a pretty-printed object), or a final `}` whose matching `{` is
 * followed by a `"` (an object with a key). This covers a trailing object
 * that does not parse, one that starts in the middle of a line, one followed
 * by more output, and (claude-code, which does not recover) a valid object
 * after other output.
 * 7. Anything else is `Plain`.
 *
 * Linear in the length of stdout: one backward scan, at most one forward scan
 * for a `{` line, and at most two `JSON.parse` calls.
 *
 * **Example** (The outcomes)
 *
 * ```ts
 * parseStdout("hello", "wave")._tag                       // => "Plain"
 * parseStdout('\uFEFF {"continue": false}\n', "wave")._tag // => "Json"
 * parseStdout('{"continue": ', "wave")._tag                // => "Malformed"
 * parseStdout('building...\n{\n  "decision": "block"\n}', "wave")._tag // => "Json" (noisy-stdout)
 * parseStdout('building...\n{\n  "decision": "block"\n}\ndone', "wave")._tag // => "Malformed" (line 2)
 * ```
 *
 * @category parsing
 * @since 0.1.0
 */
export const parseStdout = (stdout: string, dialect: Dialect): ParsedStdout => {
  const text = (stdout.startsWith(BOM) ? stdout.slice(1) : stdout).trim()
  if (text.length === 0) return { _tag: "Plain", text: "" }
  const rules = dialectRules[dialect]
  const startsWithBrace = text.charCodeAt(0) === OPEN
  const endsWithBrace = text.charCodeAt(text.length - 1) === CLOSE
  let wholeError: string | undefined
  if (startsWithBrace) {
    const parsed = tryParseObject(text)
    if (parsed.ok) return { _tag: "Json", value: parsed.value, diagnostics: [] }
    wholeError = parsed.error
  }
  // The `{` that matches the final `}`, if any (step 4 and 6).
  const open = endsWithBrace ? openingBraceOfLast(text) : -1
  let trailing: ParseAttempt | undefined
  if (rules.noisyStdoutRecovery && open > 0 && startsLine(text, open)) {
    trailing = tryParseObject(text.slice(open))
    if (trailing.ok) {
      const line = lineOf(text, open)
      return {
        _tag: "Json",
        value: trailing.value,
        diagnostics: [
          Diagnostic({
            code: "noisy-stdout",
            message:
              `stdout had ${open} characters of other output before the JSON object that ends it (from line ${line}); ` +
              `the JSON was used and the rest ignored. Print only the JSON object to stdout (log to stderr).`
          })
        ]
      }
    }
  }
  if (wholeError !== undefined && !(rules.malformedNeedsClosingBrace && !endsWithBrace)) {
    return { _tag: "Malformed", text, error: wholeError }
  }
  // Step 6: does it look like a JSON object that could not be read?
  const suspect = open >= 0 && nextNonSpace(text, open + 1) === QUOTE ? open : lastPrettyOpening(text)
  if (suspect < 0) return { _tag: "Plain", text }
  const attempt = suspect === open && trailing !== undefined ? trailing : tryParseObject(text.slice(suspect))
  const error = !attempt.ok
    ? attempt.error
    : !rules.noisyStdoutRecovery
      ? `the ${dialect} dialect reads a JSON object only when it is all of stdout, not after other output`
      : "the JSON object does not start on its own line"
  return { _tag: "Malformed", text, error, line: lineOf(text, suspect) }
}

const isBlank = (code: number): boolean => code === 32 || code === 9

const isJsonSpace = (code: number): boolean => code === 32 || code === 9 || code === LF || code === CR

/** Whether only blanks stand between the start of its line and `index`. */
const startsLine = (text: string, index: number): boolean => {
  for (let i = index - 1; i >= 0; i--) {
    const code = text.charCodeAt(i)
    if (code === LF || code === CR) return true
    if (!isBlank(code)) return false
  }
  return true
}

/** The first character code at or after `from` that is not JSON white space; -1 at the end. */
const nextNonSpace = (text: string, from: number): number => {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (!isJsonSpace(code)) return code
  }
  return -1
}

/** 1-based line number of `index` (LF, CRLF or CR line ends). */
const lineOf = (text: string, index: number): number => {
  let line = 1
  for (let i = 0; i < index; i++) {
    const code = text.charCodeAt(i)
    if (code === LF || (code === CR && text.charCodeAt(i + 1) !== LF)) line++
  }
  return line
}

/**
 * The index of the `{` that matches the `}` ending `text`, scanning backward
 * and skipping braces inside JSON strings (a `"` preceded by an odd number of
 * backslashes is escaped); -1 if the braces never balance. Linear: each run of
 * backslashes is counted once, for the quote that follows it.
 */
const openingBraceOfLast = (text: string): number => {
  let depth = 0
  let inString = false
  for (let i = text.length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i)
    if (code === QUOTE) {
      let backslashes = 0
      while (i - 1 - backslashes >= 0 && text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++
      if (backslashes % 2 === 0) inString = !inString
    } else if (!inString) {
      if (code === CLOSE) depth++
      else if (code === OPEN && --depth === 0) return i
    }
  }
  return -1
}

/**
 * The index of the last line that is just `{` (blanks aside) and is followed,
 * after white space, by a `"`: the first line of a pretty-printed object with
 * a key. -1 if none.
 */
const lastPrettyOpening = (text: string): number => {
  for (let i = text.lastIndexOf("{"); i >= 0; i = i === 0 ? -1 : text.lastIndexOf("{", i - 1)) {
    if (!startsLine(text, i)) continue
    let j = i + 1
    while (j < text.length && isBlank(text.charCodeAt(j))) j++
    if (j < text.length && text.charCodeAt(j) !== LF && text.charCodeAt(j) !== CR) continue
    if (nextNonSpace(text, j) === QUOTE) return i
  }
  return -1
}

type ParseAttempt =
  | { readonly ok: true; readonly value: { readonly [key: string]: unknown } }
  | { readonly ok: false; readonly error: string }

const tryParseObject = (text: string): ParseAttempt => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return {
      ok: false,
      error: message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}...` : message
    }
  }
  // Text starting with "{" that parses is always an object.
  return { ok: true, value: value as { readonly [key: string]: unknown } }
}
