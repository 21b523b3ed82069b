/**
 * Bash's quoting rules, once: single quotes, double quotes and the
 * backslashes inside them, a backslash outside quotes, `$'...'` (ANSI-C
 * quoting) and comments. Both Bash readers build on it: the `if`-rule
 * command splitter (`settings/permission-rule.ts`) and the env-file reader
 * (`settings/env-file-words.ts`), each keeping its own word and command
 * structure on top. Each reader works on a `text` and a position; every
 * function here takes the position of the quote (or backslash) and gives
 * the text it stands for and the position after it, so a caller counts
 * lines or keeps parts as it needs. Pure string work, no `node:` module.
 *
 * @internal
 */

/**
 * What a quoted piece or an escape stands for, and where the text after it
 * starts.
 */
export interface Lexeme {
  readonly text: string
  readonly end: number
}

/**
 * `'...'` at the opening quote: the characters up to the next `'` (nothing
 * inside is special), or `undefined` when the quote is not closed.
 */
export const readSingleQuoted = (text: string, start: number): Lexeme | undefined => {
  const close = text.indexOf("'", start + 1)
  if (close === -1) return undefined
  return { text: text.slice(start + 1, close), end: close + 1 }
}

/**
 * A backslash outside quotes: the next character stands for itself, and a
 * backslash before a newline joins the lines (it stands for nothing).
 * `undefined` when the backslash ends the text: what that means is the
 * caller's (bash reads a sourced file's last `\` as itself).
 */
export const unquotedEscape = (text: string, start: number): Lexeme | undefined => {
  if (start + 1 >= text.length) return undefined
  const next = text.charAt(start + 1)
  return { text: next === "\n" ? "" : next, end: start + 2 }
}

/** The characters a backslash escapes inside double quotes (a newline after it joins the lines). */
const doubleQuotedEscapes = new Set(['"', "\\", "$", "`"])

/**
 * A backslash inside `"..."`: before `"`, `\`, `$` or a backquote it stands
 * for that character, before a newline for nothing; before anything else
 * (or at the end of the text) it stays a backslash and the next character is
 * read as usual.
 */
export const doubleQuotedEscape = (text: string, start: number): Lexeme => {
  const next = text.charAt(start + 1)
  if (next === "\n") return { text: "", end: start + 2 }
  if (doubleQuotedEscapes.has(next)) return { text: next, end: start + 2 }
  return { text: "\\", end: start + 1 }
}

/** Where a comment that starts at `start` ends: at the next newline (not consumed), or the end of the text. */
export const commentEnd = (text: string, start: number): number => {
  const newline = text.indexOf("\n", start)
  return newline === -1 ? text.length : newline
}

// ====== $'...' ======

/**
 * A piece of a `$'...'` string: UTF-8 text, a `\u` or `\U` escape above ASCII
 * (UTF-8 in a UTF-8 locale; otherwise bash writes it back as `\uXXXX`), or
 * escapes that make bytes that are not UTF-8 text (`raw`: the string as
 * written up to where those bytes end).
 */
export type AnsiCPiece =
  | { readonly _tag: "Text"; readonly text: string }
  | { readonly _tag: "Unicode"; readonly code: number }
  | { readonly _tag: "Bytes"; readonly bytes: Uint8Array; readonly raw: string }

/** A `$'...'` string read: its pieces (at least one) and where the text after it starts. */
export interface AnsiC {
  readonly pieces: ReadonlyArray<AnsiCPiece>
  readonly end: number
}

/** bash's `$'...'` escapes that stand for one character. */
const ansiSimple: { readonly [c: string]: number } = {
  a: 7,
  b: 8,
  e: 27,
  E: 27,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  "\\": 92,
  "'": 39,
  '"': 34,
  "?": 63
}

/** One escape of `$'...'`: a byte, a `\u`/`\U` code point, or (an unknown escape) the bytes as written; and its length. */
type AnsiEscape =
  | { readonly _tag: "Byte"; readonly byte: number; readonly length: number }
  | { readonly _tag: "Code"; readonly code: number; readonly length: number }
  | { readonly _tag: "Verbatim"; readonly bytes: ReadonlyArray<number>; readonly length: number }

const encoder = new TextEncoder()

/** `\cx`: the control character of `x` (bash reads `\c\\` as one backslash), `\c?` DEL. */
const controlEscape = (text: string, start: number): AnsiEscape => {
  const doubled = text.charAt(start + 2) === "\\" && text.charAt(start + 3) === "\\"
  const x = doubled ? "\\" : text.charAt(start + 2)
  const byte = x === "?" ? 0x7f : x.toUpperCase().charCodeAt(0) & 0x1f
  return { _tag: "Byte", byte, length: doubled ? 4 : 3 }
}

/** The escape at `start` (a backslash) inside `$'...'`, as bash decodes it. */
const ansiEscape = (text: string, start: number): AnsiEscape => {
  const e = text.charAt(start + 1)
  const after = text.slice(start + 2)
  if (Object.hasOwn(ansiSimple, e)) return { _tag: "Byte", byte: ansiSimple[e]!, length: 2 }
  if (e === "x" && /^[0-9A-Fa-f]/.test(after)) {
    const hex = /^[0-9A-Fa-f]{1,2}/.exec(after)![0]
    return { _tag: "Byte", byte: parseInt(hex, 16), length: 2 + hex.length }
  }
  if (/[0-7]/.test(e)) {
    const oct = /^[0-7]{1,3}/.exec(text.slice(start + 1))![0]
    return { _tag: "Byte", byte: parseInt(oct, 8) & 0xff, length: 1 + oct.length }
  }
  if (e === "c" && start + 2 < text.length && text.charAt(start + 2) !== "'") return controlEscape(text, start)
  if ((e === "u" || e === "U") && /^[0-9A-Fa-f]/.test(after)) {
    const hex = new RegExp(`^[0-9A-Fa-f]{1,${e === "u" ? 4 : 8}}`).exec(after)![0]
    return { _tag: "Code", code: parseInt(hex, 16), length: 2 + hex.length }
  }
  // An unknown escape stays as written.
  return { _tag: "Verbatim", bytes: [92, ...encoder.encode(e)], length: 1 + e.length }
}

/**
 * The pieces of a `$'...'` string as they are decoded: bytes gather until a
 * `\u` above ASCII or the end, then become text (or a `Bytes` piece when
 * they are not UTF-8). A NUL (`\0`, `\x00`, `\u0000`) ends the string's
 * value, as in bash: what follows it up to the closing quote is dropped.
 */
class AnsiCPieces {
  readonly pieces: Array<AnsiCPiece> = []
  private bytes: Array<number> = []
  private truncated = false
  private readonly text: string
  private readonly start: number
  constructor(text: string, start: number) {
    this.text = text
    this.start = start
  }

  /** Bytes of the string's value (dropped after a NUL). */
  push(bytes: ReadonlyArray<number>): void {
    if (!this.truncated) this.bytes.push(...bytes)
  }
  /** One escape's value; `at` is where the escape starts. */
  add(step: AnsiEscape, at: number): void {
    if (this.truncated) return
    if (step._tag === "Verbatim") this.bytes.push(...step.bytes)
    else if (step._tag === "Byte") {
      if (step.byte === 0) this.truncated = true
      else this.bytes.push(step.byte)
    } else if (step.code === 0) this.truncated = true
    else if (step.code < 0x80) this.bytes.push(step.code)
    else {
      this.flush(at)
      this.pieces.push({ _tag: "Unicode", code: step.code })
    }
  }
  /** The gathered bytes as a piece; `at` is where the string read so far ends (for a `Bytes` piece's `raw`). */
  flush(at: number): void {
    if (this.bytes.length === 0) return
    const bytes = Uint8Array.from(this.bytes)
    this.bytes = []
    try {
      this.pieces.push({ _tag: "Text", text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) })
    } catch {
      this.pieces.push({ _tag: "Bytes", bytes, raw: this.text.slice(this.start, at) })
    }
  }
}

/**
 * `$'...'` at the `$`: its pieces and the position after the closing quote,
 * or `undefined` when the quote is not closed. Escapes as bash decodes them:
 * `\a \b \e \E \f \n \r \t \v \\ \' \" \?`, `\xHH`, `\NNN` (octal),
 * `\cX`, `\uHHHH`, `\UHHHHHHHH`; an unknown escape stays as written.
 */
export const readAnsiC = (text: string, start: number): AnsiC | undefined => {
  const decoded = new AnsiCPieces(text, start)
  let i = start + 2
  for (;;) {
    if (i >= text.length) return undefined
    const c = text.charAt(i)
    if (c === "'") break
    if (c === "\\") {
      const step = ansiEscape(text, i)
      decoded.add(step, i)
      i += step.length
    } else {
      decoded.push([...encoder.encode(c)])
      i++
    }
  }
  decoded.flush(i + 1)
  const pieces = decoded.pieces
  return { pieces: pieces.length === 0 ? [{ _tag: "Text", text: "" }] : pieces, end: i + 1 }
}
