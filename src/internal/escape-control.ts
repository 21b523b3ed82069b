/**
 * Control characters made visible: settings and hook text (a command, a
 * matcher, a reason) that reaches a terminal or the web page is shown with
 * every control character escaped, so a command holding `\r`, an ESC
 * sequence or a right-to-left override cannot show the user something other
 * than what will run.
 *
 * @since 0.1.0
 */

/**
 * The characters escaped, as a regular expression source (one character):
 * C0 controls (U+0000-U+001F), DEL (U+007F), C1 controls (U+0080-U+009F),
 * the line and paragraph separators (U+2028, U+2029) and the bidirectional
 * embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069).
 *
 * **Details**
 *
 * The web page builds its own copy of the expression from this source, so the
 * server and the page escape the same characters.
 *
 * @category constants
 * @since 0.1.0
 */
export const controlCharacterSource = "[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]"

const controlCharacters = new RegExp(controlCharacterSource, "gu")
const controlCharacter = new RegExp(controlCharacterSource, "u")

// The ones JSON.stringify leaves raw (it escapes C0 itself; outside strings C0 is white space).
const rawInJson = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu

const named: { readonly [c: string]: string } = { "\t": "\\t", "\n": "\\n", "\r": "\\r" }

/**
 * The visible form of one control character: `\t`, `\n`, `\r`, `\xHH` up to
 * U+00FF, `\uHHHH` above.
 *
 * **Example** (ESC and a right-to-left override)
 *
 * ```ts
 * escapeControlCharacter("\u001b") // => "\\x1b"
 * escapeControlCharacter("\u202e") // => "\\u202e"
 * ```
 *
 * @category escaping
 * @since 0.1.0
 */
export const escapeControlCharacter = (c: string): string => {
  const name = named[c]
  if (name !== undefined) return name
  const code = c.codePointAt(0) ?? 0
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`
}

/**
 * Options of `escapeControl`.
 *
 * @category models
 * @since 0.1.0
 */
export interface EscapeControlOptions {
  /** Keep line feeds and tabs as they are (for multi-line text shown as a block); default false. */
  readonly keepLineBreaks?: boolean
}

/**
 * Text with every control character replaced by its visible escape; text
 * without control characters comes back unchanged.
 *
 * **When to use**
 *
 * Before printing settings or hook text to a terminal or putting it on a
 * page: commands in `list` and `trust`, settings diagnostics, effect texts.
 *
 * **Gotchas**
 *
 * Backslashes are not escaped: the result is for people to read, not to
 * parse back.
 *
 * **Example** (A command that hides itself)
 *
 * ```ts
 * escapeControl("rm -rf ~\r\u001b[2Kls")
 * // => "rm -rf ~\\r\\x1b[2Kls"
 * ```
 *
 * @category escaping
 * @since 0.1.0
 */
export const escapeControl = (text: string, options: EscapeControlOptions = {}): string =>
  text.replace(controlCharacters, (c) =>
    options.keepLineBreaks === true && (c === "\n" || c === "\t") ? c : escapeControlCharacter(c)
  )

/**
 * Whether text holds a control character (as `escapeControl` defines them).
 *
 * @category escaping
 * @since 0.1.0
 */
export const hasControlCharacter = (text: string): boolean => controlCharacter.test(text)

/**
 * JSON text with the control characters that `JSON.stringify` leaves raw
 * (DEL, C1, the separators and the bidi controls) written as `\uHHHH`
 * escapes: the same JSON value, safe to print.
 *
 * **Example** (A right-to-left override in a command)
 *
 * ```ts
 * escapeJsonControl(JSON.stringify({ command: "a\u202eb" }))
 * // => "{\"command\":\"a\\u202eb\"}"
 * ```
 *
 * @category escaping
 * @since 0.1.0
 */
export const escapeJsonControl = (json: string): string =>
  json.replace(rawInJson, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`)
