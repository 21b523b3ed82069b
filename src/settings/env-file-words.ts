/**
 * Splitting an env file's text into the statements bash would run, each a
 * list of words with their quoting and expansions still to do (ARCHITECTURE
 * section 7). Bash's lexical rules: blanks, newlines and `;` end statements;
 * `'...'`, `"..."`, `$'...'`, `$"..."` and backslashes quote; `\` + newline
 * joins lines; `#` at a word's start comments out the rest of the line;
 * `$NAME`, `${...}`, `$(( ))`, `$( )` and backquotes are kept as parts for
 * the expansion. What this reader cannot delimit the way bash does
 * (compound commands, here-documents, function definitions) ends the reading
 * with a `stop`. Pure.
 *
 * @since 0.3.0
 */
import type { AnsiCPiece } from "../internal/shell-lexer.ts"
import { doubleQuotedEscape, readAnsiC as lexAnsiC, readSingleQuoted, unquotedEscape } from "../internal/shell-lexer.ts"

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

/**
 * A statement: a simple command's words up to `;`, a newline or the end, or,
 * when it holds `|`, `&&`, `||`, `&` or a redirection, why it is not a simple
 * command (its words are kept, to know which variables it names).
 *
 * @category models
 * @since 0.3.0
 */
export interface Statement {
  /** 1-based line the statement starts on. */
  readonly line: number
  readonly words: ReadonlyArray<Word>
  /** Why this is not a simple command, when it is not. */
  readonly notSimple?: string
  /** Whether a newline (or the end) ends it: bash abandons the rest of the line after an error. */
  readonly endsLine: boolean
}

/**
 * The statements of a text, then, when the reading stopped early, where and
 * why: nothing after that line is read.
 *
 * @category models
 * @since 0.3.0
 */
export interface Statements {
  readonly statements: ReadonlyArray<Statement>
  readonly stop?: { readonly line: number; readonly problem: string }
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

class Stop {
  readonly problem: string
  constructor(problem: string) {
    this.problem = problem
  }
}

const nameStart = /[A-Za-z_]/
const nameChar = /[A-Za-z0-9_]/
const specialParams = new Set(["@", "*", "#", "?", "-", "$", "!", "0"])
/** Words that open a compound command, or close one, in a command's place. */
const reserved = new Set([
  "if",
  "then",
  "elif",
  "else",
  "fi",
  "case",
  "esac",
  "for",
  "select",
  "while",
  "until",
  "do",
  "done",
  "function",
  "{",
  "}",
  "!",
  "time",
  "coproc"
])

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
 * Split an env file's text into statements.
 *
 * **Details**
 *
 * A `\u` escape of `$'...'` above ASCII is kept as a `Unicode` part: what it
 * gives depends on the locale when the line runs. A NUL character is dropped,
 * as bash drops it.
 *
 * @category parsing
 * @since 0.3.0
 */
// long: the statement reader: its closures share the cursor and the word state; the lexer split (one shell lexer) is still open
export const readStatements = (input: string): Statements => {
  const text = input.replace(/\0/g, "")
  let i = 0
  let line = 1
  const at = (k = 0): string => text.charAt(i + k)
  const statements: Array<Statement> = []
  /** The line the statement being read starts on: where a stop is reported. */
  let statementLine: number | undefined

  /** `\` + newline is removed wherever it is not quoted. */
  const skipContinuations = (): void => {
    while (at() === "\\" && at(1) === "\n") {
      i += 2
      line++
    }
  }

  /** A name; `\` + newline inside it is removed first, as bash removes it ("$A\<newline>B" is $AB). */
  const readName = (): string => {
    let name = ""
    for (;;) {
      if (name !== "" && at() === "\\" && at(1) === "\n" && nameChar.test(at(2))) {
        i += 2
        line++
      }
      if (i < text.length && nameChar.test(at())) name += text[i++]
      else return name
    }
  }

  /** Move the cursor to `end`, counting the newlines it passes. */
  const jump = (end: number): void => {
    line += countNewlines(text.slice(i, end))
    i = end
  }

  /** `$'...'`, at the `$`: its pieces as word parts (the shared lexer decodes it). */
  const readAnsiC = (): Array<WordPart> => {
    const read = lexAnsiC(text, i)
    if (read === undefined) {
      jump(text.length)
      throw new Stop("an unclosed $' quote")
    }
    jump(read.end)
    return read.pieces.map(ansiCPart)
  }

  /** `'...'` at the quote: its text (the shared lexer finds the end). */
  const readSingle = (): string => {
    const read = readSingleQuoted(text, i)
    if (read === undefined) throw new Stop("an unclosed ' quote")
    jump(read.end)
    return read.text
  }

  /** `$(...)` at the `$(`, or a backquote: find where it ends without running it. */
  const skipCommand = (): string => {
    const start = i
    if (at() === "`") {
      i++
      for (;;) {
        if (i >= text.length) throw new Stop("an unclosed ` command substitution")
        const c = at()
        if (c === "\\") {
          if (at(1) === "\n") line++
          i += 2
          continue
        }
        if (c === "\n") line++
        i++
        if (c === "`") return text.slice(start, i)
      }
    }
    i += 2
    let depth = 1
    for (;;) {
      if (i >= text.length) throw new Stop("an unclosed $( command substitution")
      const c = at()
      if (c === "\\") {
        if (at(1) === "\n") line++
        i += 2
      } else if (c === "'") {
        readSingle()
      } else if (c === '"') {
        i++
        readDoubleQuoted()
      } else if (c === "$" && at(1) === "(") {
        skipCommand()
      } else if (c === "`") {
        skipCommand()
      } else if (c === "(") {
        depth++
        i++
      } else if (c === ")") {
        depth--
        i++
        if (depth === 0) {
          const raw = text.slice(start, i)
          if (/\bcase\b/.test(raw))
            throw new Stop("a command substitution holding case, which this reader cannot delimit")
          return raw
        }
      } else {
        if (c === "\n") line++
        i++
      }
    }
  }

  /** `${...}` at the `$`. */
  const readBraced = (inDouble: boolean): WordPart => {
    const start = i
    i += 2
    const finish = (name: string, op: string, word: ReadonlyArray<WordPart>): WordPart => ({
      _tag: "Param",
      name,
      op,
      word,
      quoted: inDouble,
      raw: text.slice(start, i)
    })
    const unsupported = (what: string): WordPart => {
      readWordUntilBrace("word")
      return { _tag: "Unsupported", what, raw: text.slice(start, i), quoted: inDouble }
    }
    if (at() === "!" && at(1) !== "}") return unsupported("an indirect ${!...} expansion")
    if (at() === "#" && at(1) !== "}" && (nameStart.test(at(1)) || /[0-9@*#?$!-]/.test(at(1)))) {
      i++
      const name = nameStart.test(at()) ? readName() : /[0-9]/.test(at()) ? readDigits() : text[i++]!
      if (at() !== "}") return unsupported(`\${#${name}${at()}...}`)
      i++
      return finish(name, "#len", [])
    }
    let name: string
    if (nameStart.test(at())) name = readName()
    else if (/[0-9]/.test(at())) name = readDigits()
    else if (specialParams.has(at())) name = text[i++]!
    else return unsupported("a ${...} expansion without a variable name")
    if (at() === "}") {
      i++
      return finish(name, "", [])
    }
    if (at() === "[") return unsupported(`the array element \${${name}[...]}`)
    const op = /^(:[-=+?]|[-=+?]|##|#|%%|%|\^\^|\^|,,|,)/.exec(text.slice(i))?.[0]
    if (op === undefined) {
      if (at() === ":") return unsupported(`the substring \${${name}:...}`)
      if (at() === "/") return unsupported(`the replacement \${${name}/...}`)
      if (at() === "@") return unsupported(`the transformation \${${name}@...}`)
      return unsupported(`\${${name}${at()}...}`)
    }
    i += op.length
    const mode = inDouble && /[-=+?]$/.test(op) ? "dq-word" : "word"
    const word = readWordUntilBrace(mode)
    return finish(name, op, word)
  }

  const readDigits = (): string => {
    let digits = ""
    while (/[0-9]/.test(at())) digits += text[i++]
    return digits
  }

  /** `$((...))` at the `$`, or `undefined` (position unchanged) when it is a `$(` command with a subshell. */
  const readArith = (inDouble: boolean): WordPart | undefined => {
    const start = i
    const startLine = line
    i += 3
    const parts: Array<WordPart> = []
    let depth = 0
    let literal = ""
    const flush = (): void => {
      if (literal !== "") parts.push({ _tag: "Text", text: literal, quoted: true })
      literal = ""
    }
    for (;;) {
      if (i >= text.length) {
        i = start
        line = startLine
        return undefined
      }
      const c = at()
      if (c === ")" && depth === 0) {
        if (at(1) !== ")") {
          i = start
          line = startLine
          return undefined
        }
        i += 2
        flush()
        return { _tag: "Arith", parts, quoted: inDouble, raw: text.slice(start, i) }
      }
      if (c === "(") depth++
      if (c === ")") depth--
      if (c === "\\" && at(1) === "\n") {
        i += 2
        line++
        continue
      }
      if (c === "\\" && /[$`"\\]/.test(at(1))) {
        literal += at(1)
        i += 2
        continue
      }
      if (c === '"') {
        // Double quotes inside $(( )) are removed; what they hold expands.
        i++
        flush()
        parts.push(...readDoubleQuoted())
        continue
      }
      if (c === "'") {
        flush()
        const from = i
        readSingle()
        parts.push({ _tag: "Unsupported", what: "single quotes inside $(( ))", raw: text.slice(from, i), quoted: true })
        continue
      }
      if (c === "$" || c === "`") {
        flush()
        const part = readDollar(true)
        parts.push(part)
        continue
      }
      if (c === "\n") line++
      literal += c
      i++
    }
  }

  /** An expansion at `$` (or a backquote). */
  const readDollar = (inDouble: boolean): WordPart => {
    if (at() === "`") {
      const raw = skipCommand()
      return { _tag: "Command", raw, quoted: inDouble }
    }
    const next = at(1)
    if (next === "{") return readBraced(inDouble)
    if (next === "(" && at(2) === "(") {
      const arith = readArith(inDouble)
      if (arith !== undefined) return arith
    }
    if (next === "(") {
      const raw = skipCommand()
      return { _tag: "Command", raw, quoted: inDouble }
    }
    if (nameStart.test(next)) {
      const start = i
      i++
      const name = readName()
      return { _tag: "Param", name, op: "", word: [], quoted: inDouble, raw: text.slice(start, i) }
    }
    if (/[0-9]/.test(next) || specialParams.has(next)) {
      i += 2
      return { _tag: "Param", name: next, op: "", word: [], quoted: inDouble, raw: `$${next}` }
    }
    i++
    return { _tag: "Text", text: "$", quoted: inDouble }
  }

  /** The inside of `"..."`, after the opening quote, through the closing one. */
  const readDoubleQuoted = (): Array<WordPart> => {
    const parts: Array<WordPart> = []
    let literal = ""
    const flush = (): void => {
      if (literal !== "") parts.push({ _tag: "Text", text: literal, quoted: true })
      literal = ""
    }
    for (;;) {
      if (i >= text.length) throw new Stop('an unclosed " quote')
      const c = at()
      if (c === '"') {
        i++
        break
      }
      if (c === "\\") {
        const escaped = doubleQuotedEscape(text, i)
        literal += escaped.text
        jump(escaped.end)
        continue
      }
      if (c === "$" || c === "`") {
        flush()
        parts.push(readDollar(true))
        continue
      }
      if (c === "\n") line++
      literal += c
      i++
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
  const readWordUntilBrace = (mode: "word" | "dq-word"): Array<WordPart> => {
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
      if (i >= text.length) throw new Stop("an unclosed ${")
      const c = at()
      if (c === "}" && !inner && !single) {
        i++
        break
      }
      if (mode === "dq-word") {
        if (c === "'" && !inner) {
          single = !single
          push(c, true)
          i++
          continue
        }
        if (c === '"' && single)
          throw new Stop("a double quote inside single quotes inside a quoted ${...}, which bash reads its own way")
        if (c === '"') {
          inner = !inner
          i++
          if (!inner && literal === "" && parts.length === 0) push("", true)
          continue
        }
        if (c === "\\") {
          const e = at(1)
          if (e === "\n") {
            line++
            i += 2
          } else if (e === '"' || e === "\\" || e === "$" || e === "`" || (e === "}" && !inner)) {
            push(e, true)
            i += 2
          } else {
            push(c, true)
            i++
          }
          continue
        }
        if (c === "$" && at(1) === "'" && !inner && !single) {
          flush()
          parts.push(...readAnsiC())
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
          i++
          continue
        }
        if (c === "$" || c === "`") {
          flush()
          const start = i
          const part = readDollar(true)
          if (part._tag === "Param" && part.op === "" && !part.raw.startsWith("${") && nameStart.test(part.name)) {
            // Here bash removes the double quotes before it reads names: "$B"yz is $Byz.
            let name = part.name
            for (;;) {
              let k = 0
              while (at(k) === '"') k++
              if (k === 0 || !nameChar.test(at(k))) break
              if (k % 2 === 1) inner = !inner
              i += k
              name += readName()
            }
            parts.push(name === part.name ? part : { ...part, name, raw: text.slice(start, i) })
            continue
          }
          parts.push(part)
          continue
        }
        if (c === "\n") line++
        push(c, true)
        i++
        continue
      }
      if (c === "'") {
        flush()
        parts.push({ _tag: "Text", text: readSingle(), quoted: true })
        continue
      }
      if (c === '"') {
        i++
        flush()
        parts.push(...readDoubleQuoted())
        continue
      }
      if (c === "\\") {
        const e = at(1)
        if (e === "\n") {
          line++
          i += 2
        } else {
          if (i + 1 >= text.length) throw new Stop("an unclosed ${")
          push(e, true)
          i += 2
        }
        continue
      }
      if (c === "$" && at(1) === "'") {
        flush()
        parts.push(...readAnsiC())
        continue
      }
      if (c === "$" && at(1) === '"') {
        i++
        continue
      }
      if (c === "$" || c === "`") {
        flush()
        parts.push(readDollar(false))
        continue
      }
      if (c === "\n") line++
      push(c, false)
      i++
    }
    flush()
    return parts
  }

  /** One word at the top level: up to a blank, a newline, `;` or another operator. */
  const readWord = (): Word => {
    const start = i
    const word = new WordParts()
    for (;;) {
      skipContinuations()
      if (i >= text.length) break
      const c = at()
      if (wordEnds.has(c)) {
        // NAME=( is an array assignment: read it whole so the statement can be refused alone.
        if (c !== "(" || !/^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(text.slice(start, i))) break
        skipArray()
        word.partBeforeText({
          _tag: "Unsupported",
          what: "an array assignment NAME=(...)",
          raw: text.slice(start, i),
          quoted: false
        })
        continue
      }
      readWordPiece(word)
    }
    return { raw: text.slice(start, i), parts: word.done() }
  }

  /** The piece of a top-level word at the cursor (not a word's end): a quoted string, an escape, an expansion or a character. */
  const readWordPiece = (word: WordParts): void => {
    const c = at()
    if (c === "'") word.part({ _tag: "Text", text: readSingle(), quoted: true })
    else if (c === '"') {
      i++
      word.part(...readDoubleQuoted())
    } else if (c === "\\") {
      // A backslash at the very end stands for itself (`\` + newline was skipped before).
      const escaped = unquotedEscape(text, i) ?? { text: "\\", end: i + 1 }
      word.text(escaped.text, true)
      jump(escaped.end)
    } else if (c === "$" && at(1) === "'") word.part(...readAnsiC())
    else if (c === "$" && at(1) === '"') {
      // $"..." is translated by the locale's message catalog; bash has none for it, so it is "...".
      i++
    } else if (c === "$" || c === "`") word.part(readDollar(false))
    else {
      word.text(c, false)
      i++
    }
  }

  /** An array's `( ... )`, at the `(`: words up to the matching `)`. */
  const skipArray = (): void => {
    i++
    for (;;) {
      skipBlanksAndNewlines()
      if (i >= text.length) throw new Stop("an unclosed array assignment (")
      if (at() === ")") {
        i++
        return
      }
      if (at() === "#") {
        while (i < text.length && at() !== "\n") i++
        continue
      }
      const before = i
      readWord()
      if (i === before) throw new Stop(`the operator ${at()} inside an array assignment`)
    }
  }

  const skipBlanks = (): void => {
    for (;;) {
      skipContinuations()
      if (at() === " " || at() === "\t") i++
      else return
    }
  }
  const skipBlanksAndNewlines = (): void => {
    for (;;) {
      skipBlanks()
      if (at() === "\n") {
        line++
        i++
      } else return
    }
  }

  try {
    while (i < text.length) {
      skipBlanks()
      if (i >= text.length) break
      const c = at()
      if (c === "\n") {
        i++
        line++
        continue
      }
      if (c === "#") {
        while (i < text.length && at() !== "\n") i++
        continue
      }
      if (c === ";") throw new Stop("a ; with no command before it")
      const startLine = line
      statementLine = startLine
      const words: Array<Word> = []
      let notSimple: string | undefined
      let commandPosition = true
      let endsLine = true
      for (;;) {
        skipBlanks()
        if (i >= text.length) break
        const d = at()
        if (d === "\n") break
        if (d === "#") {
          while (i < text.length && at() !== "\n") i++
          break
        }
        if (d === ";") {
          if (at(1) === ";") throw new Stop("a ;; outside case")
          i++
          skipBlanks()
          endsLine = at() === "\n" || at() === "#" || i >= text.length
          break
        }
        if (d === "&" && at(1) !== "&" && at(1) !== ">") {
          i++
          notSimple ??= "a command run in the background (&)"
          skipBlanks()
          endsLine = at() === "\n" || at() === "#" || i >= text.length
          break
        }
        const op = /^(&&|\|\||\|&|\||<<<|<<-|<<|<>|<&|>&|>>|>\||&>>|&>|<|>|\(|\))/.exec(text.slice(i))?.[0]
        if (op !== undefined) {
          if (op === "(" || op === ")")
            throw new Stop(
              commandPosition ? "a subshell ( ... )" : `a ${op} where a word was expected (a function definition?)`
            )
          if (op === "<<" || op === "<<-") throw new Stop("a here-document (<<)")
          i += op.length
          if (op === "&&" || op === "||" || op === "|" || op === "|&") {
            notSimple ??= `a list or pipeline (${op})`
            commandPosition = true
            // A newline may follow these operators; the list goes on.
            skipBlanksAndNewlines()
          } else {
            notSimple ??= `a redirection (${op})`
            skipBlanks()
            // The redirection's target word.
            if (/^[0-9]/.test(at()) && (op === ">&" || op === "<&")) readWord()
            else if (i < text.length && !/[\n;&|<>()]/.test(at())) readWord()
          }
          continue
        }
        const word = readWord()
        if (word.raw === "") throw new Stop(`an unexpected ${at()}`)
        if (commandPosition) {
          const literal =
            word.parts.length === 1 && word.parts[0]!._tag === "Text" && !word.parts[0]!.quoted
              ? word.parts[0]!.text
              : undefined
          if (literal === "[[") {
            // [[ ... ]] is a compound command of its own; its words go up to ]].
            words.push(word)
            skipConditional()
            notSimple ??= "a [[ ... ]] test"
            commandPosition = false
            continue
          }
          if (literal !== undefined && reserved.has(literal)) {
            throw new Stop(
              `the shell keyword ${literal}, which opens a compound command (if, for, while, case, { }) this reader cannot follow`
            )
          }
          if (literal === "((") throw new Stop("an arithmetic command (( ... ))")
          const isAssignment = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(word.raw)
          if (!isAssignment) {
            commandPosition = false
            skipBlanks()
            if (at() === "(" && at(1) === ")") throw new Stop(`the function definition ${word.raw}()`)
          }
        }
        words.push(word)
      }
      statements.push({ line: startLine, words, ...(notSimple === undefined ? {} : { notSimple }), endsLine })
      statementLine = undefined
    }
    return { statements }
  } catch (error) {
    if (!(error instanceof Stop)) throw error
    // bash reads a whole line before it runs it: the statements before the stop on its line do not run apart from it.
    let stopLine = statementLine ?? line
    while (statements.length > 0 && !statements[statements.length - 1]!.endsLine) stopLine = statements.pop()!.line
    return { statements, stop: { line: stopLine, problem: error.problem } }
  }

  function skipConditional(): void {
    for (;;) {
      skipBlanksAndNewlines()
      if (i >= text.length) throw new Stop("an unclosed [[")
      const op = /^(&&|\|\||<|>|\(|\)|!)/.exec(text.slice(i))?.[0]
      if (op !== undefined) {
        i += op.length
        continue
      }
      const word = readWord()
      if (word.raw === "") throw new Stop(`an unexpected ${at()} inside [[ ]]`)
      if (word.raw === "]]") return
    }
  }
}

const countNewlines = (s: string): number => {
  let n = 0
  for (const c of s) if (c === "\n") n++
  return n
}
