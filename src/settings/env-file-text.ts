/**
 * Reading the file a SessionStart, Setup, CwdChanged or FileChanged hook
 * appends `export` lines to (`CLAUDE_ENV_FILE` / `WAVE_ENV_FILE`,
 * ARCHITECTURE section 7) the way bash sources it, without running bash:
 * what `set -a; source FILE` would leave in the environment, for the
 * statements that only set variables. A statement that would run something
 * (a command, `$(...)`) is not run: it is reported, and so is every later
 * statement that reads a variable it may have set. Pure.
 *
 * @since 0.2.0
 */
import { runStatement } from "./env-file-commands.ts"
import type { EnvFileState } from "./env-file-state.ts"
import {
  BashError,
  beginStatement,
  createEnvFileState,
  dynamicNames,
  EndOfFile,
  NotRun,
  undo
} from "./env-file-state.ts"
import { namesInText, namesOf } from "./env-file-taint.ts"
import type { Statement, Statements } from "./env-file-words.ts"
import { readStatements } from "./env-file-words.ts"

/**
 * A line of an env file that was not applied, with why.
 *
 * @category models
 * @since 0.2.0
 */
export interface EnvFileProblem {
  /** 1-based line number. */
  readonly line: number
  /** The line as written. */
  readonly text: string
  readonly problem: string
}

/**
 * What an env file leaves in the environment: the variables it set or
 * exported, in the order it first named them, with their final values;
 * `unset` (since 0.3.0), the variables of the environment it was read in that
 * it removed (`unset NAME`, `export -n NAME`); and the lines that were not
 * applied.
 *
 * @category models
 * @since 0.2.0
 */
export interface EnvFileContent {
  readonly variables: { readonly [name: string]: string }
  readonly unset: ReadonlyArray<string>
  readonly problems: ReadonlyArray<EnvFileProblem>
}

/**
 * Where the file is read: `pwd`, what `$PWD` is in the shell that sources it
 * (the hook's working directory); without it `$PWD` is refused.
 *
 * @category models
 * @since 0.3.0
 */
export interface EnvFileReadOptions {
  readonly pwd?: string
}

/**
 * Read an env file's text as bash's `set -a; source FILE` would, in the
 * environment `inherited`.
 *
 * **Details**
 *
 * Statements are what hooks write: `export NAME=value ...`, `NAME=value`,
 * `VAR=x` then `export VAR`, `declare -x` / `typeset` / `readonly` (what
 * `export -p` prints, attributes `-x -r -i -l -u` included), `export -n`,
 * `unset`, `:` and `true` (for `: "${X:=default}"`), several per line and
 * `;`-separated, comments. Words are expanded as bash expands them: single,
 * double, `$'...'` and `$"..."` quoting, backslashes and line continuations;
 * `$NAME`, `${NAME}`, `${#NAME}`, `${NAME-word}`, `${NAME:-word}`, `=`, `:=`,
 * `+`, `:+`, `?`, `:?`, `#`, `##`, `%`, `%%`, `^`, `^^`, `,`, `,,`;
 * arithmetic `$(( ))` (64-bit, bash's operators and constants); `~` and
 * `~/...` from `$HOME`; an unquoted expansion in an `export` argument that is
 * not `NAME=...` as written is split into fields, as in bash. Variables
 * expand from the file's earlier statements, then from `inherited`; every
 * assignment is exported (`set -a`).
 *
 * What this reader does not run is reported as a problem naming the line,
 * and the statement is not applied: command substitution `$(...)` and
 * backquotes (when bash would run them: `${X:-$(cmd)}` with `X` set is read),
 * commands other than the ones above (`source`, `eval`, `cd`, functions),
 * pipelines and lists (`&&`, `||`, `|`, `&`), redirections, unquoted `*`, `?`,
 * `[` or `{a,b}` that bash would expand against file names or as braces,
 * bash's own variables (`$RANDOM`, `$BASH_VERSION`, `$SHLVL`, ...; `$PWD` is
 * `options.pwd`), and character counts of non-ASCII text (they depend on the
 * locale). The reader never gives a value bash would not: a variable a
 * refused statement may set is not given, nor one computed from it later,
 * nor the statements after it on its line (bash abandons a line whose
 * expansion failed). An error of bash's own (division by zero, a readonly
 * variable) abandons the rest of its line, as bash does; `exit`, a failed
 * `${X:?}` and a bad value for an integer variable end the file, as in bash
 * (reported); `return` ends it silently. Compound commands (`if`, `for`,
 * `{ }`), here-documents and function definitions end the reading at their
 * line, and what the rest of the file may set is not given; a statement that
 * may set any variable (`source`, `eval`, `read`, `set`, `export $NAMES`)
 * makes the whole file's variables withheld. Each is reported.
 *
 * **Example** (What a plugin writes)
 *
 * ```ts
 * parseEnvFileText(
 *   'export GIT_CONFIG_KEY_${GIT_CONFIG_COUNT:-0}=safe.directory\n' +
 *   'export GIT_CONFIG_COUNT=$(( ${GIT_CONFIG_COUNT:-0} + 1 ))\n',
 *   { GIT_CONFIG_COUNT: "2" }
 * )
 * // => { variables: { GIT_CONFIG_KEY_2: "safe.directory", GIT_CONFIG_COUNT: "3" }, unset: [], problems: [] }
 * ```
 *
 * @category parsing
 * @since 0.2.0
 */
export const parseEnvFileText = (
  text: string,
  inherited: { readonly [name: string]: string | undefined },
  options: EnvFileReadOptions = {}
): EnvFileContent => {
  const lines = text.replace(/\0/g, "").split("\n")
  const problems: Array<EnvFileProblem> = []
  const report = (line: number, problem: string): void => {
    problems.push({ line, text: lines[line - 1] ?? "", problem })
  }
  const read = readAllStatements(text)
  if (read === undefined) return nestedTooDeep(lines)
  const reading: Reading = {
    state: createEnvFileState(inherited, options.pwd),
    report,
    abandonLine: false,
    refusedBefore: undefined,
    withheld: false,
    giveUp: undefined,
    ended: false
  }
  for (const statement of read.statements) if (readStatement(reading, statement) === "stop") break
  if (!reading.ended && reading.giveUp === undefined) reading.giveUp = read.stop
  if (reading.giveUp !== undefined) withholdRest(reading, lines, reading.giveUp)
  if (reading.withheld) return { variables: {}, unset: [], problems }
  const { variables, unset } = fileResult(reading.state)
  return { variables, unset, problems }
}

/** The file's statements, or undefined when its expansions nest deeper than the reader's stack. */
const readAllStatements = (text: string): Statements | undefined => {
  try {
    return readStatements(text)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return undefined
  }
}

/** What a file whose expansions nest too deep to read leaves: nothing (bash's own parser has a limit too). */
const nestedTooDeep = (lines: ReadonlyArray<string>): EnvFileContent => ({
  variables: {},
  unset: [],
  problems: [
    {
      line: 1,
      text: lines[0] ?? "",
      problem: "expansions are nested too deep to read; none of the file's variables were used"
    }
  ]
})

/** Where this reader stopped while bash may have read on: the line, and why. */
interface GiveUp {
  readonly line: number
  readonly problem: string
}

/** The reading of a file's statements, one after another: the state, the report, and where the reading stands. */
interface Reading {
  readonly state: EnvFileState
  readonly report: (line: number, problem: string) => void
  /** Skip the statements up to the end of the current line: bash abandoned it after an error of its own. */
  abandonLine: boolean
  /** The line of a statement that was not applied, while the statements after it on its line are read: bash may not have run them. */
  refusedBefore: number | undefined
  /** Whether a statement that may set any variable was not applied: then no variable of the file is known. */
  withheld: boolean
  /** Where this reader stopped while bash may have read on. */
  giveUp: GiveUp | undefined
  /** Whether the file ended (bash exits or returns) or was withheld: nothing after it is read. */
  ended: boolean
}

/** Report what bash said about the current statement and went on. */
const reportSoft = ({ state, report }: Reading, statement: Statement): void => {
  for (const problem of state.soft) report(statement.line, problem)
}

/** Run a statement; what is nested too deep, or too long, to follow is not run. */
const runFollowable = (state: EnvFileState, statement: Statement): void => {
  try {
    runStatement(state, statement)
  } catch (error) {
    if (error instanceof RangeError)
      throw new NotRun("its expansions are nested too deep, or its values too long, to follow")
    throw error
  }
}

/** Read one statement: run it, or account for why it did not finish. `"stop"` when nothing after it is read. */
const readStatement = (reading: Reading, statement: Statement): "next" | "stop" => {
  if (reading.abandonLine) {
    reading.abandonLine = !statement.endsLine
    return "next"
  }
  beginStatement(reading.state)
  try {
    if (reading.refusedBefore !== undefined) {
      throw new NotRun(
        "it follows a statement on the same line that was not applied (bash runs the rest of a line only when no expansion failed before it)"
      )
    }
    runFollowable(reading.state, statement)
    reportSoft(reading, statement)
    return "next"
  } catch (error) {
    if (error instanceof NotRun) return notApplied(reading, statement, error)
    if (error instanceof BashError) {
      // What ran before the error stands, as in bash; the rest of the line does not run.
      reportSoft(reading, statement)
      reading.report(statement.line, `bash stops this line here: ${error.problem}`)
      reading.abandonLine = !statement.endsLine
      return "next"
    }
    if (error instanceof EndOfFile) {
      reportSoft(reading, statement)
      if (error.problem !== undefined)
        reading.report(statement.line, `${error.problem}; the rest of the file was not read`)
      reading.ended = true
      return "stop"
    }
    throw error
  }
}

/**
 * A statement that was not run: undo what it did, make unknown the names it
 * may have set, and stop when it may have set any, or when bash may exit at it.
 */
const notApplied = (reading: Reading, statement: Statement, error: NotRun): "next" | "stop" => {
  const { state, report } = reading
  undo(state)
  // A declaration may give a name attributes; an unset takes them away (a case-converting name becomes plain).
  const declares = statement.words.some((word) => /^(declare|typeset|readonly|local|unset)$/.test(word.raw))
  const names = namesOf(state, statement)
  if (names === "any") {
    report(statement.line, `${error.problem}; it may set any variable, so none of the file's variables were used`)
    reading.withheld = true
    reading.ended = true
    return "stop"
  }
  const mayExit =
    /\$\{[^}]*\?/.test(statement.words.map((w) => w.raw).join(" ")) ||
    statement.words.some((w) => /^-[a-z]*i/.test(w.raw)) ||
    names.some((name) => state.vars.get(name)?.integer === true || state.attributesTainted.has(name))
  for (const name of names) {
    if (!dynamicNames.has(name)) {
      state.tainted.set(name, statement.line)
      if (declares) state.attributesTainted.set(name, statement.line)
      state.touched.add(name)
    }
  }
  if (mayExit) {
    // A failed ${X:?} or a bad value for an integer variable makes bash exit: whether it read on is not known.
    reading.giveUp = { line: statement.line, problem: `${error.problem}, and bash may exit at this statement` }
    return "stop"
  }
  report(statement.line, error.problem)
  reading.refusedBefore = statement.endsLine ? undefined : statement.line
  return "next"
}

/** bash may go on past what this reader cannot follow: what the rest of the file may set is not known. */
const withholdRest = (reading: Reading, lines: ReadonlyArray<string>, giveUp: GiveUp): void => {
  const { state, report } = reading
  const names = namesInText(state, lines.slice(giveUp.line - 1).join("\n"))
  if (names === "any") {
    report(
      giveUp.line,
      `${giveUp.problem}; this line and the rest of the file were not read, and they may set any variable, so none of the file's variables were used`
    )
    reading.withheld = true
    return
  }
  report(
    giveUp.line,
    `${giveUp.problem}; this line and the rest of the file were not read (the variables they may set are not used)`
  )
  for (const name of names) {
    state.tainted.set(name, giveUp.line)
    state.touched.add(name)
  }
}

/** The variables the file set and exported (known ones only), and those of the environment it removed. */
const fileResult = (state: EnvFileState): Pick<EnvFileContent, "variables" | "unset"> => {
  const variables: Record<string, string> = {}
  const removed: Array<string> = []
  for (const name of state.touched) {
    if (state.tainted.has(name) || state.unknown.has(name)) continue
    const v = state.vars.get(name)
    if (v?.value !== undefined && v.exported) variables[name] = v.value
    else if (state.initial.has(name)) removed.push(name)
  }
  return { variables, unset: removed }
}
