/**
 * Splitting an env file's text into the statements bash would run, each a
 * list of words with their quoting and expansions still to do (ARCHITECTURE
 * section 7): the statement reader on top of the word lexer
 * (`env-file-lexer.ts`). Blanks, newlines and `;` end statements; `#` at a
 * word's start comments out the rest of the line. What this reader cannot
 * delimit the way bash does (compound commands, here-documents, function
 * definitions) ends the reading with a `stop`. Pure.
 *
 * @since 0.3.0
 */
import type { Word } from "./env-file-lexer.ts"
import { Stop, WordLexer } from "./env-file-lexer.ts"

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

/**
 * Split an env file's text into statements.
 *
 * **Details**
 *
 * A `\\u` escape of `$'...'` above ASCII is kept as a `Unicode` part: what it
 * gives depends on the locale when the line runs. A NUL character is dropped,
 * as bash drops it.
 *
 * @category parsing
 * @since 0.3.0
 */
export const readStatements = (input: string): Statements => {
  const lex = new WordLexer(input.replace(/\0/g, ""))
  const statements: Array<Statement> = []
  /** The line the statement being read starts on: where a stop is reported. */
  let statementLine: number | undefined
  try {
    while (lex.i < lex.text.length) {
      lex.skipBlanks()
      if (lex.i >= lex.text.length) break
      const c = lex.at()
      if (c === "\n") {
        lex.i++
        lex.line++
        continue
      }
      if (c === "#") {
        lex.skipComment()
        continue
      }
      if (c === ";") throw new Stop("a ; with no command before it")
      statementLine = lex.line
      statements.push(readStatement(lex))
      statementLine = undefined
    }
    return { statements }
  } catch (error) {
    if (!(error instanceof Stop)) throw error
    // bash reads a whole line before it runs it: the statements before the stop on its line do not run apart from it.
    let stopLine = statementLine ?? lex.line
    while (statements.length > 0 && !statements[statements.length - 1]!.endsLine) stopLine = statements.pop()!.line
    return { statements, stop: { line: stopLine, problem: error.problem } }
  }
}

/** A statement as it is read: its words so far, why it is not a simple command, whether a command word is next. */
interface StatementSoFar {
  readonly words: Array<Word>
  notSimple: string | undefined
  commandPosition: boolean
  endsLine: boolean
}

/** One statement at the cursor (not at a blank, a newline, a comment or `;`), through what ends it. */
const readStatement = (lex: WordLexer): Statement => {
  const line = lex.line
  const s: StatementSoFar = { words: [], notSimple: undefined, commandPosition: true, endsLine: true }
  for (;;) {
    lex.skipBlanks()
    if (lex.i >= lex.text.length || atStatementEnd(lex, s)) break
    if (readOperator(lex, s)) continue
    readStatementWord(lex, s)
  }
  const { words, notSimple, endsLine } = s
  return { line, words, ...(notSimple === undefined ? {} : { notSimple }), endsLine }
}

/** Whether the statement ends at the cursor (a newline, a comment, `;` or a lone `&`), moving past a `;` or `&`. */
const atStatementEnd = (lex: WordLexer, s: StatementSoFar): boolean => {
  const d = lex.at()
  if (d === "\n") return true
  if (d === "#") {
    lex.skipComment()
    return true
  }
  if (d === ";") {
    if (lex.at(1) === ";") throw new Stop("a ;; outside case")
  } else if (d === "&" && lex.at(1) !== "&" && lex.at(1) !== ">") {
    s.notSimple ??= "a command run in the background (&)"
  } else return false
  lex.i++
  lex.skipBlanks()
  s.endsLine = lex.at() === "\n" || lex.at() === "#" || lex.i >= lex.text.length
  return true
}

/** An operator at the cursor (a list, a pipeline or a redirection with its target word): whether there was one. */
const readOperator = (lex: WordLexer, s: StatementSoFar): boolean => {
  const op = /^(&&|\|\||\|&|\||<<<|<<-|<<|<>|<&|>&|>>|>\||&>>|&>|<|>|\(|\))/.exec(lex.text.slice(lex.i))?.[0]
  if (op === undefined) return false
  if (op === "(" || op === ")")
    throw new Stop(
      s.commandPosition ? "a subshell ( ... )" : `a ${op} where a word was expected (a function definition?)`
    )
  if (op === "<<" || op === "<<-") throw new Stop("a here-document (<<)")
  lex.i += op.length
  if (op === "&&" || op === "||" || op === "|" || op === "|&") {
    s.notSimple ??= `a list or pipeline (${op})`
    s.commandPosition = true
    // A newline may follow these operators; the list goes on.
    lex.skipBlanksAndNewlines()
  } else {
    s.notSimple ??= `a redirection (${op})`
    lex.skipBlanks()
    // The redirection's target word.
    if (/^[0-9]/.test(lex.at()) && (op === ">&" || op === "<&")) lex.readWord()
    else if (lex.i < lex.text.length && !/[\n;&|<>()]/.test(lex.at())) lex.readWord()
  }
  return true
}

/** A word of the statement; in a command's place, a reserved word, `[[`, `((` or a function definition stops the reading. */
const readStatementWord = (lex: WordLexer, s: StatementSoFar): void => {
  const word = lex.readWord()
  if (word.raw === "") throw new Stop(`an unexpected ${lex.at()}`)
  if (s.commandPosition) {
    const literal =
      word.parts.length === 1 && word.parts[0]!._tag === "Text" && !word.parts[0]!.quoted
        ? word.parts[0]!.text
        : undefined
    if (literal === "[[") {
      // [[ ... ]] is a compound command of its own; its words go up to ]].
      s.words.push(word)
      skipConditional(lex)
      s.notSimple ??= "a [[ ... ]] test"
      s.commandPosition = false
      return
    }
    if (literal !== undefined && reserved.has(literal)) {
      throw new Stop(
        `the shell keyword ${literal}, which opens a compound command (if, for, while, case, { }) this reader cannot follow`
      )
    }
    if (literal === "((") throw new Stop("an arithmetic command (( ... ))")
    const isAssignment = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(word.raw)
    if (!isAssignment) {
      s.commandPosition = false
      lex.skipBlanks()
      if (lex.at() === "(" && lex.at(1) === ")") throw new Stop(`the function definition ${word.raw}()`)
    }
  }
  s.words.push(word)
}

/** `[[ ... ]]` after its `[[`: its words up to `]]` (a compound command of its own). */
const skipConditional = (lex: WordLexer): void => {
  for (;;) {
    lex.skipBlanksAndNewlines()
    if (lex.i >= lex.text.length) throw new Stop("an unclosed [[")
    const op = /^(&&|\|\||<|>|\(|\)|!)/.exec(lex.text.slice(lex.i))?.[0]
    if (op !== undefined) {
      lex.i += op.length
      continue
    }
    const word = lex.readWord()
    if (word.raw === "") throw new Stop(`an unexpected ${lex.at()} inside [[ ]]`)
    if (word.raw === "]]") return
  }
}
