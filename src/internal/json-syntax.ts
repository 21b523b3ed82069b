/**
 * Locating the first syntax error of a JSON text, with a message a person
 * can act on (V8's `JSON.parse` errors sometimes give no position, and quote
 * the text with its newlines).
 *
 * @since 0.1.0
 */

/**
 * Where a JSON text first goes wrong.
 *
 * @category models
 * @since 0.1.0
 */
export interface JsonSyntaxError {
  /** Offset of the offending character (the text's length at an unexpected end). */
  readonly offset: number
  readonly message: string
}

class Fail {
  readonly offset: number
  readonly message: string
  constructor(offset: number, message: string) {
    this.offset = offset
    this.message = message
  }
}

const describe = (c: string | undefined): string =>
  c === undefined ? "the end of the text" : c === "\n" ? "a line break" : JSON.stringify(c)

/**
 * The first syntax error of `text` as strict JSON, or `undefined` when it is
 * valid JSON.
 *
 * **Example** (A trailing comma)
 *
 * ```ts
 * jsonSyntaxError('{"hooks": {},}')
 * // => { offset: 13, message: 'expected a property name in double quotes, found "}" (trailing commas are not allowed)' }
 * ```
 *
 * @category parsing
 * @since 0.1.0
 */
// long: a JSON scanner that finds the first syntax error: one case per token form, sharing the cursor
export const jsonSyntaxError = (text: string): JsonSyntaxError | undefined => {
  let i = 0
  const peek = () => text[i]
  const space = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++
    if (text[i] === "/" && (text[i + 1] === "/" || text[i + 1] === "*"))
      throw new Fail(i, "comments are not allowed in JSON")
  }
  const expect = (c: string, what: string) => {
    space()
    if (peek() !== c) throw new Fail(i, `expected ${what}, found ${describe(peek())}`)
    i++
  }
  const string = () => {
    i++ // opening quote
    for (;;) {
      const c = text[i]
      if (c === undefined) throw new Fail(i, 'unterminated string (missing closing ")')
      if (c === '"') {
        i++
        return
      }
      if (c === "\n") throw new Fail(i, "unterminated string (a line break inside a string must be written \\n)")
      if (c < " ") throw new Fail(i, "control characters must be escaped inside strings")
      if (c === "\\") {
        const e = text[i + 1]
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            throw new Fail(i, "invalid \\u escape (4 hex digits expected)")
          i += 6
          continue
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) throw new Fail(i, `invalid escape \\${e ?? ""}`)
        i += 2
        continue
      }
      i++
    }
  }
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400))
    if (match === null) throw new Fail(i, `expected a value, found ${describe(peek())}`)
    i += match[0].length
  }
  const value = (): void => {
    space()
    const c = peek()
    if (c === "{") {
      i++
      space()
      if (peek() === "}") {
        i++
        return
      }
      for (;;) {
        space()
        if (peek() !== '"') {
          throw new Fail(
            i,
            `expected a property name in double quotes, found ${describe(peek())}` +
              (peek() === "}"
                ? " (trailing commas are not allowed)"
                : peek() === "'"
                  ? " (JSON needs double quotes)"
                  : "")
          )
        }
        string()
        expect(":", "':' after the property name")
        value()
        space()
        if (peek() === ",") {
          i++
          continue
        }
        if (peek() === "}") {
          i++
          return
        }
        throw new Fail(i, `expected ',' or '}' after a property value, found ${describe(peek())}`)
      }
    }
    if (c === "[") {
      i++
      space()
      if (peek() === "]") {
        i++
        return
      }
      for (;;) {
        space()
        if (peek() === "]") throw new Fail(i, 'expected a value, found "]" (trailing commas are not allowed)')
        value()
        space()
        if (peek() === ",") {
          i++
          continue
        }
        if (peek() === "]") {
          i++
          return
        }
        throw new Fail(i, `expected ',' or ']' after an array element, found ${describe(peek())}`)
      }
    }
    if (c === '"') return string()
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length
        return
      }
    }
    if (c === "'") throw new Fail(i, 'expected a value, found "\'" (JSON needs double quotes)')
    return number()
  }
  try {
    value()
    space()
    if (i < text.length) throw new Fail(i, `unexpected ${describe(peek())} after the end of the JSON value`)
    return undefined
  } catch (error) {
    if (error instanceof Fail) return { offset: error.offset, message: error.message }
    throw error
  }
}
