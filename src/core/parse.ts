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
 * - `Json`: a JSON object; `diagnostics` holds `noisy-stdout` when it was found
 *   on the last line after other output.
 * - `Malformed`: it looked like JSON but did not parse; `error` says why.
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
  Malformed: { readonly text: string; readonly error: string }
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

/**
 * Read a hook's stdout.
 *
 * **Details**
 *
 * 1. Strip a UTF-8 BOM and surrounding white space. 2. Empty is `Plain("")`.
 * 3. Text starting with `{` is parsed as JSON: an object is `Json`, a failure is
 * `Malformed` (in the claude-code dialect only when it also ends with `}`;
 * otherwise `Plain`). 4. In the wave dialect, when the last non-empty line is a
 * JSON object, that object is used (`noisy-stdout` diagnostic). Else `Plain`.
 *
 * **Example** (Three outcomes)
 *
 * ```ts
 * parseStdout("hello", "wave")._tag                       // => "Plain"
 * parseStdout('\uFEFF {"continue": false}\n', "wave")._tag // => "Json"
 * parseStdout('{"continue": ', "wave")._tag                // => "Malformed"
 * parseStdout('building...\n{"decision":"block"}', "wave")._tag // => "Json" (noisy-stdout)
 * ```
 *
 * @category parsing
 * @since 0.1.0
 */
export const parseStdout = (stdout: string, dialect: Dialect): ParsedStdout => {
  const text = (stdout.startsWith(BOM) ? stdout.slice(1) : stdout).trim()
  if (text.length === 0) return { _tag: "Plain", text: "" }
  const rules = dialectRules[dialect]
  if (text.charCodeAt(0) === 123 /* { */) {
    const parsed = tryParseObject(text)
    if (parsed.ok) return { _tag: "Json", value: parsed.value, diagnostics: [] }
    if (rules.malformedNeedsClosingBrace && text.charCodeAt(text.length - 1) !== 125 /* } */) {
      return { _tag: "Plain", text }
    }
    return { _tag: "Malformed", text, error: parsed.error }
  }
  if (rules.noisyStdoutRecovery) {
    const lastLine = text.slice(text.lastIndexOf("\n") + 1).trim()
    if (lastLine.charCodeAt(0) === 123 && lastLine.charCodeAt(lastLine.length - 1) === 125) {
      const parsed = tryParseObject(lastLine)
      if (parsed.ok) {
        const skipped = text.length - lastLine.length
        return {
          _tag: "Json",
          value: parsed.value,
          diagnostics: [
            Diagnostic({
              code: "noisy-stdout",
              message: `stdout had ${skipped} characters of other output before the JSON object on its last line; ` +
                `the JSON was used and the rest ignored. Print only the JSON object to stdout (log to stderr).`
            })
          ]
        }
      }
    }
  }
  return { _tag: "Plain", text }
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
    return { ok: false, error: message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}...` : message }
  }
  // Text starting with "{" that parses is always an object.
  return { ok: true, value: value as { readonly [key: string]: unknown } }
}
