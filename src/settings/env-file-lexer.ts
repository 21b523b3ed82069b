/**
 * The word lexer of the env-file reader (ARCHITECTURE section 7): bash's
 * words, each as its parts with their quoting and expansions still to do.
 * The quoting itself (single and double quotes, backslashes, `$'...'`) is
 * the shared shell lexer's (`internal/shell-lexer.ts`); on top of it this
 * reads what env files expand: `$NAME`, `${...}` with its operator words,
 * `$(( ))`, and where `$( )` and backquotes end (they are not run). The
 * statement reader (`env-file-words.ts`) drives it. Pure.
 *
 * @since 0.3.0
 */
import type { AnsiCPiece } from "../internal/shell-lexer.ts"
import {
  commentEnd,
  doubleQuotedEscape,
  readAnsiC as lexAnsiC,
  readSingleQuoted,
  unquotedEscape
} from "../internal/shell-lexer.ts"

/**
 * One piece of a word. `quoted` text is literal (single quotes, `$'...'`, a
 * backslash, or inside double quotes); an expansion inside double quotes is
 * `quoted` too (its result is not split into fields).
 *
 * @category models
 * @since 0.3.0
 */
export type WordPart =
  | { readonly _tag: "Text"; readonly text: string; readonly quoted: boolean }
  | {
      readonly _tag: "Param"
      /** A variable name, or a special parameter (`?`, `1`, `@`, ...). */
      readonly name: string
      /** `""` for `$NAME` and `${NAME}`; `"#len"` for `${#NAME}`; otherwise the operator (`:-`, `#`, `^^`, ...). */
      readonly op: string
      readonly word: ReadonlyArray<WordPart>
      readonly quoted: boolean
      readonly raw: string
    }
  | { readonly _tag: "Arith"; readonly parts: ReadonlyArray<WordPart>; readonly quoted: boolean; readonly raw: string }
  | { readonly _tag: "Command"; readonly raw: string; readonly quoted: boolean }
  | { readonly _tag: "Unsupported"; readonly what: string; readonly raw: string; readonly quoted: boolean }
  /** A `\u` or `\U` escape of `$'...'` above ASCII: UTF-8 in a UTF-8 locale, else bash writes it back as `\uXXXX`. */
  | { readonly _tag: "Unicode"; readonly code: number; readonly quoted: true }

/**
 * A word as written (`raw`) and its parts.
 *
 * @category models
 * @since 0.3.0
 */
export interface Word {
  readonly raw: string
  readonly parts: ReadonlyArray<WordPart>
}

/** The characters that end a word at the top level: blanks, a newline and the operator characters. */
const wordEnds: ReadonlySet<string> = new Set([" ", "\t", "\n", ";", "&", "|", "<", ">", "(", ")"])

/**
 * The parts of a word as they are read: adjacent text of the same quoting
 * joins into one `Text` part.
 */
class WordParts {
  private readonly parts: Array<WordPart> = []
  private literal = ""
  private literalQuoted = false
  /** Text, quoted or not. */
  text(s: string, quoted: boolean): void {
    if (this.literal !== "" && this.literalQuoted !== quoted) this.flush()
    this.literal += s
    this.literalQuoted = quoted
  }
  /** Parts after the text so far. */
  part(...parts: ReadonlyArray<WordPart>): void {
    this.flush()
    this.parts.push(...parts)
  }
  /** A part placed before the pending text (an array assignment's part goes before its `NAME=`, as it always has). */
  partBeforeText(part: WordPart): void {
    this.parts.push(part)
  }
  /** The parts, the pending text last. */
  done(): Array<WordPart> {
    this.flush()
    return this.parts
  }
  private flush(): void {
    if (this.literal !== "") this.parts.push({ _tag: "Text", text: this.literal, quoted: this.literalQuoted })
    this.literal = ""
  }
}

/** Why the reading stops early: something this reader cannot delimit the way bash does. */
export class Stop {
  readonly problem: string
  constructor(problem: string) {
    this.problem = problem
  }
}

const nameStart = /[A-Za-z_]/
const nameChar = /[A-Za-z0-9_]/
const specialParams = new Set(["@", "*", "#", "?", "-", "$", "!", "0"])
/** A piece of a `$'...'` string as a part of a word: quoted text, a `\u` escape for the locale, or bytes that are not text. */
const ansiCPart = (piece: AnsiCPiece): WordPart => {
  switch (piece._tag) {
    case "Text":
      return { _tag: "Text", text: piece.text, quoted: true }
    case "Unicode":
      return { _tag: "Unicode", code: piece.code, quoted: true }
    case "Bytes":
      return {
        _tag: "Unsupported",
        what: "a $'...' escape that makes bytes that are not UTF-8 text",
        raw: piece.raw,
        quoted: true
      }
  }
}

/**
 * A cursor on an env file's text (NUL characters already dropped) that
 * reads words: `i` is the position, `line` the 1-based line there. Each
 * method reads one of bash's word forms at the cursor and moves past it.
 *
 * @category parsing
 * @since 0.3.0
 */
export class WordLexer {
  readonly text: string
  i = 0
  line = 1
  constructor(text: string) {
    this.text = text
  }
  /** The character `k` places after the cursor (`""` past the end). */
  at(k = 0): string {
    return this.text.charAt(this.i + k)
  }
  /** Whether the cursor is at the end of the text. */
  atEnd(): boolean {
    return this.i >= this.text.length
  }
  /** A comment at the cursor: skipped up to its newline. */
  skipComment(): void {
    this.i = commentEnd(this.text, this.i)
  }

  /** `\` + newline is removed wherever it is not quoted. */
  skipContinuations(): void {
    while (this.at() === "\\" && this.at(1) === "\n") {
      this.i += 2
      this.line++
    }
  }

  /** A name; `\` + newline inside it is removed first, as bash removes it ("$A\<newline>B" is $AB). */
  readName(): string {
    let name = ""
    for (;;) {
      if (name !== "" && this.at() === "\\" && this.at(1) === "\n" && nameChar.test(this.at(2))) {
        this.i += 2
        this.line++
      }
      if (this.i < this.text.length && nameChar.test(this.at())) name += this.text[this.i++]
      else return name
    }
  }

  /** Move the cursor to `end`, counting the newlines it passes. */
  jump(end: number): void {
    this.line += countNewlines(this.text.slice(this.i, end))
    this.i = end
  }

  /** `$'...'`, at the `$`: its pieces as word parts (the shared lexer decodes it). */
  readAnsiC(): Array<WordPart> {
    const read = lexAnsiC(this.text, this.i)
    if (read === undefined) {
      this.jump(this.text.length)
      throw new Stop("an unclosed $' quote")
    }
    this.jump(read.end)
    return read.pieces.map(ansiCPart)
  }

  /** `'...'` at the quote: its text (the shared lexer finds the end). */
  readSingle(): string {
    const read = readSingleQuoted(this.text, this.i)
    if (read === undefined) throw new Stop("an unclosed ' quote")
    this.jump(read.end)
    return read.text
  }

  /** `$(...)` at the `$(`, or a backquote: find where it ends without running it. */
  skipCommand(): string {
    const start = this.i
    if (this.at() === "`") {
      this.i++
      for (;;) {
        if (this.i >= this.text.length) throw new Stop("an unclosed ` command substitution")
        const c = this.at()
        if (c === "\\") {
          if (this.at(1) === "\n") this.line++
          this.i += 2
          continue
        }
        if (c === "\n") this.line++
        this.i++
        if (c === "`") return this.text.slice(start, this.i)
      }
    }
    this.i += 2
    let depth = 1
    for (;;) {
      if (this.i >= this.text.length) throw new Stop("an unclosed $( command substitution")
      const c = this.at()
      if (c === "\\") {
        if (this.at(1) === "\n") this.line++
        this.i += 2
      } else if (c === "'") {
        this.readSingle()
      } else if (c === '"') {
        this.i++
        this.readDoubleQuoted()
      } else if (c === "$" && this.at(1) === "(") {
        this.skipCommand()
      } else if (c === "`") {
        this.skipCommand()
      } else if (c === "(") {
        depth++
        this.i++
      } else if (c === ")") {
        depth--
        this.i++
        if (depth === 0) {
          const raw = this.text.slice(start, this.i)
          if (/\bcase\b/.test(raw))
            throw new Stop("a command substitution holding case, which this reader cannot delimit")
          return raw
        }
      } else {
        if (c === "\n") this.line++
        this.i++
      }
    }
  }

  /** `${...}` at the `$`. */
  readBraced(inDouble: boolean): WordPart {
    const start = this.i
    this.i += 2
    const finish = (name: string, op: string, word: ReadonlyArray<WordPart>): WordPart => ({
      _tag: "Param",
      name,
      op,
      word,
      quoted: inDouble,
      raw: this.text.slice(start, this.i)
    })
    const unsupported = (what: string): WordPart => {
      this.readWordUntilBrace("word")
      return { _tag: "Unsupported", what, raw: this.text.slice(start, this.i), quoted: inDouble }
    }
    if (this.at() === "!" && this.at(1) !== "}") return unsupported("an indirect ${!...} expansion")
    if (this.at() === "#" && this.at(1) !== "}" && (nameStart.test(this.at(1)) || /[0-9@*#?$!-]/.test(this.at(1)))) {
      this.i++
      const name = nameStart.test(this.at())
        ? this.readName()
        : /[0-9]/.test(this.at())
          ? this.readDigits()
          : this.text[this.i++]!
      if (this.at() !== "}") return unsupported(`\${#${name}${this.at()}...}`)
      this.i++
      return finish(name, "#len", [])
    }
    let name: string
    if (nameStart.test(this.at())) name = this.readName()
    else if (/[0-9]/.test(this.at())) name = this.readDigits()
    else if (specialParams.has(this.at())) name = this.text[this.i++]!
    else return unsupported("a ${...} expansion without a variable name")
    if (this.at() === "}") {
      this.i++
      return finish(name, "", [])
    }
    if (this.at() === "[") return unsupported(`the array element \${${name}[...]}`)
    const op = /^(:[-=+?]|[-=+?]|##|#|%%|%|\^\^|\^|,,|,)/.exec(this.text.slice(this.i))?.[0]
    if (op === undefined) {
      if (this.at() === ":") return unsupported(`the substring \${${name}:...}`)
      if (this.at() === "/") return unsupported(`the replacement \${${name}/...}`)
      if (this.at() === "@") return unsupported(`the transformation \${${name}@...}`)
      return unsupported(`\${${name}${this.at()}...}`)
    }
    this.i += op.length
    const mode = inDouble && /[-=+?]$/.test(op) ? "dq-word" : "word"
    const word = this.readWordUntilBrace(mode)
    return finish(name, op, word)
  }

  readDigits(): string {
    let digits = ""
    while (/[0-9]/.test(this.at())) digits += this.text[this.i++]
    return digits
  }

  /** `$((...))` at the `$`, or `undefined` (position unchanged) when it is a `$(` command with a subshell. */
  readArith(inDouble: boolean): WordPart | undefined {
    const start = this.i
    const startLine = this.line
    this.i += 3
    const parts: Array<WordPart> = []
    let depth = 0
    let literal = ""
    const flush = (): void => {
      if (literal !== "") parts.push({ _tag: "Text", text: literal, quoted: true })
      literal = ""
    }
    for (;;) {
      if (this.i >= this.text.length) {
        this.i = start
        this.line = startLine
        return undefined
      }
      const c = this.at()
      if (c === ")" && depth === 0) {
        if (this.at(1) !== ")") {
          this.i = start
          this.line = startLine
          return undefined
        }
        this.i += 2
        flush()
        return { _tag: "Arith", parts, quoted: inDouble, raw: this.text.slice(start, this.i) }
      }
      if (c === "(") depth++
      if (c === ")") depth--
      if (c === "\\" && this.at(1) === "\n") {
        this.i += 2
        this.line++
        continue
      }
      if (c === "\\" && /[$`"\\]/.test(this.at(1))) {
        literal += this.at(1)
        this.i += 2
        continue
      }
      if (c === '"') {
        // Double quotes inside $(( )) are removed; what they hold expands.
        this.i++
        flush()
        parts.push(...this.readDoubleQuoted())
        continue
      }
      if (c === "'") {
        flush()
        const from = this.i
        this.readSingle()
        parts.push({
          _tag: "Unsupported",
          what: "single quotes inside $(( ))",
          raw: this.text.slice(from, this.i),
          quoted: true
        })
        continue
      }
      if (c === "$" || c === "`") {
        flush()
        const part = this.readDollar(true)
        parts.push(part)
        continue
      }
      if (c === "\n") this.line++
      literal += c
      this.i++
    }
  }

  /** An expansion at `$` (or a backquote). */
  readDollar(inDouble: boolean): WordPart {
    if (this.at() === "`") {
      const raw = this.skipCommand()
      return { _tag: "Command", raw, quoted: inDouble }
    }
    const next = this.at(1)
    if (next === "{") return this.readBraced(inDouble)
    if (next === "(" && this.at(2) === "(") {
      const arith = this.readArith(inDouble)
      if (arith !== undefined) return arith
    }
    if (next === "(") {
      const raw = this.skipCommand()
      return { _tag: "Command", raw, quoted: inDouble }
    }
    if (nameStart.test(next)) {
      const start = this.i
      this.i++
      const name = this.readName()
      return { _tag: "Param", name, op: "", word: [], quoted: inDouble, raw: this.text.slice(start, this.i) }
    }
    if (/[0-9]/.test(next) || specialParams.has(next)) {
      this.i += 2
      return { _tag: "Param", name: next, op: "", word: [], quoted: inDouble, raw: `$${next}` }
    }
    this.i++
    return { _tag: "Text", text: "$", quoted: inDouble }
  }

  /** The inside of `"..."`, after the opening quote, through the closing one. */
  readDoubleQuoted(): Array<WordPart> {
    const parts: Array<WordPart> = []
    let literal = ""
    const flush = (): void => {
      if (literal !== "") parts.push({ _tag: "Text", text: literal, quoted: true })
      literal = ""
    }
    for (;;) {
      if (this.i >= this.text.length) throw new Stop('an unclosed " quote')
      const c = this.at()
      if (c === '"') {
        this.i++
        break
      }
      if (c === "\\") {
        const escaped = doubleQuotedEscape(this.text, this.i)
        literal += escaped.text
        this.jump(escaped.end)
        continue
      }
      if (c === "$" || c === "`") {
        flush()
        parts.push(this.readDollar(true))
        continue
      }
      if (c === "\n") this.line++
      literal += c
      this.i++
    }
    flush()
    if (parts.length === 0) parts.push({ _tag: "Text", text: "", quoted: true })
    return parts
  }

  /**
   * The word of `${NAME<op>word}`, through the closing `}`. In `"word"` mode
   * quotes work as in a word; in `"dq-word"` mode (the word of `-`, `=`, `+`
   * or `?` inside double quotes) single quotes are plain characters, as in
   * bash.
   */
  // long: bash's ${...} word forms, one case each, sharing the reader's cursor
  readWordUntilBrace(mode: "word" | "dq-word"): Array<WordPart> {
    const parts: Array<WordPart> = []
    let literal = ""
    let literalQuoted = false
    const push = (s: string, quoted: boolean): void => {
      if (literal !== "" && literalQuoted !== quoted) flush()
      literal += s
      literalQuoted = quoted
    }
    const flush = (): void => {
      if (literal !== "") parts.push({ _tag: "Text", text: literal, quoted: literalQuoted })
      literal = ""
    }
    let inner = false
    /** Inside '...' in "dq-word" mode: the quotes stay as characters, but `}` does not close and `$'` is not a quote. */
    let single = false
    for (;;) {
      if (this.i >= this.text.length) throw new Stop("an unclosed ${")
      const c = this.at()
      if (c === "}" && !inner && !single) {
        this.i++
        break
      }
      if (mode === "dq-word") {
        if (c === "'" && !inner) {
          single = !single
          push(c, true)
          this.i++
          continue
        }
        if (c === '"' && single)
          throw new Stop("a double quote inside single quotes inside a quoted ${...}, which bash reads its own way")
        if (c === '"') {
          inner = !inner
          this.i++
          if (!inner && literal === "" && parts.length === 0) push("", true)
          continue
        }
        if (c === "\\") {
          const e = this.at(1)
          if (e === "\n") {
            this.line++
            this.i += 2
          } else if (e === '"' || e === "\\" || e === "$" || e === "`" || (e === "}" && !inner)) {
            push(e, true)
            this.i += 2
          } else {
            push(c, true)
            this.i++
          }
          continue
        }
        if (c === "$" && this.at(1) === "'" && !inner && !single) {
          flush()
          parts.push(...this.readAnsiC())
          continue
        }
        if (c === "`" && single) {
          // bash finds the closing } with the single quotes guarding the backquote, then expands the word with
          // them as plain characters, where the backquote opens a command substitution ("bad substitution: no
          // closing `" when it is not closed there): refused if the word is expanded, nothing if it is not.
          flush()
          parts.push({
            _tag: "Unsupported",
            what: "a backquote inside single quotes inside a quoted ${...}",
            raw: c,
            quoted: true
          })
          this.i++
          continue
        }
        if (c === "$" || c === "`") {
          flush()
          const start = this.i
          const part = this.readDollar(true)
          if (part._tag === "Param" && part.op === "" && !part.raw.startsWith("${") && nameStart.test(part.name)) {
            // Here bash removes the double quotes before it reads names: "$B"yz is $Byz.
            let name = part.name
            for (;;) {
              let k = 0
              while (this.at(k) === '"') k++
              if (k === 0 || !nameChar.test(this.at(k))) break
              if (k % 2 === 1) inner = !inner
              this.i += k
              name += this.readName()
            }
            parts.push(name === part.name ? part : { ...part, name, raw: this.text.slice(start, this.i) })
            continue
          }
          parts.push(part)
          continue
        }
        if (c === "\n") this.line++
        push(c, true)
        this.i++
        continue
      }
      if (c === "'") {
        flush()
        parts.push({ _tag: "Text", text: this.readSingle(), quoted: true })
        continue
      }
      if (c === '"') {
        this.i++
        flush()
        parts.push(...this.readDoubleQuoted())
        continue
      }
      if (c === "\\") {
        const e = this.at(1)
        if (e === "\n") {
          this.line++
          this.i += 2
        } else {
          if (this.i + 1 >= this.text.length) throw new Stop("an unclosed ${")
          push(e, true)
          this.i += 2
        }
        continue
      }
      if (c === "$" && this.at(1) === "'") {
        flush()
        parts.push(...this.readAnsiC())
        continue
      }
      if (c === "$" && this.at(1) === '"') {
        this.i++
        continue
      }
      if (c === "$" || c === "`") {
        flush()
        parts.push(this.readDollar(false))
        continue
      }
      if (c === "\n") this.line++
      push(c, false)
      this.i++
    }
    flush()
    return parts
  }

  /** One word at the top level: up to a blank, a newline, `;` or another operator. */
  readWord(): Word {
    const start = this.i
    const word = new WordParts()
    for (;;) {
      this.skipContinuations()
      if (this.i >= this.text.length) break
      const c = this.at()
      if (wordEnds.has(c)) {
        // NAME=( is an array assignment: read it whole so the statement can be refused alone.
        if (c !== "(" || !/^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(this.text.slice(start, this.i))) break
        this.skipArray()
        word.partBeforeText({
          _tag: "Unsupported",
          what: "an array assignment NAME=(...)",
          raw: this.text.slice(start, this.i),
          quoted: false
        })
        continue
      }
      this.readWordPiece(word)
    }
    return { raw: this.text.slice(start, this.i), parts: word.done() }
  }

  /** The piece of a top-level word at the cursor (not a word's end): a quoted string, an escape, an expansion or a character. */
  readWordPiece(word: WordParts): void {
    const c = this.at()
    if (c === "'") word.part({ _tag: "Text", text: this.readSingle(), quoted: true })
    else if (c === '"') {
      this.i++
      word.part(...this.readDoubleQuoted())
    } else if (c === "\\") {
      // A backslash at the very end stands for itself (`\` + newline was skipped before).
      const escaped = unquotedEscape(this.text, this.i) ?? { text: "\\", end: this.i + 1 }
      word.text(escaped.text, true)
      this.jump(escaped.end)
    } else if (c === "$" && this.at(1) === "'") word.part(...this.readAnsiC())
    else if (c === "$" && this.at(1) === '"') {
      // $"..." is translated by the locale's message catalog; bash has none for it, so it is "...".
      this.i++
    } else if (c === "$" || c === "`") word.part(this.readDollar(false))
    else {
      word.text(c, false)
      this.i++
    }
  }

  /** An array's `( ... )`, at the `(`: words up to the matching `)`. */
  skipArray(): void {
    this.i++
    for (;;) {
      this.skipBlanksAndNewlines()
      if (this.i >= this.text.length) throw new Stop("an unclosed array assignment (")
      if (this.at() === ")") {
        this.i++
        return
      }
      if (this.at() === "#") {
        this.i = commentEnd(this.text, this.i)
        continue
      }
      const before = this.i
      this.readWord()
      if (this.i === before) throw new Stop(`the operator ${this.at()} inside an array assignment`)
    }
  }

  skipBlanks(): void {
    for (;;) {
      this.skipContinuations()
      if (this.at() === " " || this.at() === "\t") this.i++
      else return
    }
  }
  skipBlanksAndNewlines(): void {
    for (;;) {
      this.skipBlanks()
      if (this.at() === "\n") {
        this.line++
        this.i++
      } else return
    }
  }
}

const countNewlines = (s: string): number => {
  let n = 0
  for (const c of s) if (c === "\n") n++
  return n
}
