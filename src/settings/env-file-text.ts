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
import { ArithmeticError, evaluateArithmetic } from "./env-file-arithmetic.ts"
import type { PatternPiece } from "./env-file-pattern.ts"
import { patternTokens, removeMatch } from "./env-file-pattern.ts"
import type { Word, WordPart } from "./env-file-lexer.ts"
import type { Statement } from "./env-file-words.ts"
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

/** A statement that is not run: it is reported, and the variables it names become unknown. */
class NotRun {
  readonly problem: string
  constructor(problem: string) {
    this.problem = problem
  }
}
/** An error of bash's own (division by zero, a readonly variable): bash abandons the rest of the line. */
class BashError {
  readonly problem: string
  constructor(problem: string) {
    this.problem = problem
  }
}
/** What ends the reading: bash exits (`${X:?}`, `exit`) or the file returns. */
class EndOfFile {
  readonly problem: string | undefined
  constructor(problem: string | undefined) {
    this.problem = problem
  }
}

interface Variable {
  value: string | undefined
  exported: boolean
  readonly: boolean
  integer: boolean
  letterCase: "lower" | "upper" | undefined
}

const validName = /^[A-Za-z_][A-Za-z0-9_]*$/
const assignmentPrefix = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=/

/** Variables whose value bash makes up as it reads (or keeps read-only): never read, set or unset here. */
const dynamicNames = new Set([
  "BASHPID",
  "BASH_ARGC",
  "BASH_ARGV",
  "BASH_ARGV0",
  "BASH_COMMAND",
  "BASH_EXECUTION_STRING",
  "BASH_LINENO",
  "BASH_SOURCE",
  "BASH_SUBSHELL",
  "COMP_WORDBREAKS",
  "DIRSTACK",
  "EPOCHREALTIME",
  "EPOCHSECONDS",
  "FUNCNAME",
  "GROUPS",
  "HISTCMD",
  "LINENO",
  "RANDOM",
  "SECONDS",
  "SRANDOM",
  "BASH_ALIASES",
  "BASH_CMDS",
  "BASH_REMATCH",
  "PIPESTATUS",
  "_",
  "BASHOPTS",
  "SHELLOPTS",
  "BASH_VERSINFO",
  "EUID",
  "UID",
  "PPID",
  "OPTIND",
  "OPTARG",
  "POSIXLY_CORRECT",
  "BASH_COMPAT",
  "BASH_XTRACEFD",
  "BASH_ENV"
])
/** Variables bash sets when it starts (whatever the environment says): unknown until the file sets them. */
const startupNames = [
  "BASH",
  "BASH_VERSION",
  "BASH_LOADABLES_PATH",
  "HOSTNAME",
  "HOSTTYPE",
  "MACHTYPE",
  "OSTYPE",
  "OPTERR",
  "PS4",
  "SHLVL",
  "OLDPWD"
]
/** Variables bash sets when the environment does not. */
const defaultedNames = ["PATH", "SHELL", "TERM"]
const ifs = " \t\n"
/** No variable is given a value longer than this (16 Mi characters): `A+=$A` repeated would double it each line. */
const maxValueLength = 16 * 1024 * 1024
/** bash's builtin commands (`compgen -b`). */
const builtins = new Set([
  ".",
  ":",
  "[",
  "alias",
  "bg",
  "bind",
  "break",
  "builtin",
  "caller",
  "cd",
  "command",
  "compgen",
  "complete",
  "compopt",
  "continue",
  "declare",
  "dirs",
  "disown",
  "echo",
  "enable",
  "eval",
  "exec",
  "exit",
  "export",
  "false",
  "fc",
  "fg",
  "getopts",
  "hash",
  "help",
  "history",
  "jobs",
  "kill",
  "let",
  "local",
  "logout",
  "mapfile",
  "popd",
  "printf",
  "pushd",
  "pwd",
  "read",
  "readarray",
  "readonly",
  "return",
  "set",
  "shift",
  "shopt",
  "source",
  "suspend",
  "test",
  "times",
  "trap",
  "true",
  "type",
  "typeset",
  "ulimit",
  "umask",
  "unalias",
  "unset",
  "wait"
])
/** Builtins that set no variable and change nothing bash reads by (`printf` without `-v`). */
const harmlessBuiltins = new Set([":", "[", "echo", "false", "printf", "pwd", "test", "true", "type"])
/** Builtins whose effect on variables the words name (`namesOf`). */
const declaringBuiltins = new Set(["export", "declare", "typeset", "readonly", "local", "unset"])

const isAscii = (s: string): boolean => /^[\x00-\x7f]*$/.test(s)

/**
 * A piece of an expanded word: `split` text came from an unquoted expansion
 * (bash splits it into fields), `glob` text is unquoted (bash would match
 * `*`, `?` and `[` against file names).
 */
interface Chunk {
  readonly text: string
  readonly split: boolean
  readonly glob: boolean
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
// long: the env-file interpreter (the statements come from readStatements): its closures share the variable table, the undo journal and the taint maps; a state object for them is not done yet
export const parseEnvFileText = (
  text: string,
  inherited: { readonly [name: string]: string | undefined },
  options: EnvFileReadOptions = {}
): EnvFileContent => {
  const lines = text.replace(/\0/g, "").split("\n")
  const vars = new Map<string, Variable>()
  /** Names a statement that was not run may have set, with that statement's line. */
  const tainted = new Map<string, number>()
  /** Names a `declare`, `typeset`, `readonly` or `local` that was not run may have made readonly, integer or case-converting, with its line. */
  const attributesTainted = new Map<string, number>()
  /** bash's own values this reader does not know, until the file sets them. */
  const unknown = new Set<string>(startupNames)
  const touched = new Set<string>()
  const initial = new Set<string>()
  for (const [name, value] of Object.entries(inherited)) {
    if (value === undefined || !validName.test(name)) continue
    vars.set(name, { value, exported: true, readonly: false, integer: false, letterCase: undefined })
    initial.add(name)
  }
  for (const name of defaultedNames) if (!vars.has(name)) unknown.add(name)
  for (const name of startupNames) vars.delete(name)
  if (options.pwd === undefined) unknown.add("PWD")
  else vars.set("PWD", { value: options.pwd, exported: true, readonly: false, integer: false, letterCase: undefined })
  for (const name of dynamicNames) vars.delete(name)
  vars.delete("IFS")

  /** What bash reports about the current statement and then goes on (a bad name given to export). */
  let soft: Array<string> = []
  /** The prior state of each name the current statement changed, to undo it. */
  let journal: Array<readonly [string, Variable | undefined, boolean, number | undefined]> = []
  const remember = (name: string): void => {
    if (journal.some(([n]) => n === name)) return
    const v = vars.get(name)
    journal.push([name, v === undefined ? undefined : { ...v }, unknown.has(name), tainted.get(name)])
  }
  const undo = (): void => {
    for (const [name, v, wasUnknown, taint] of journal.reverse()) {
      if (v === undefined) vars.delete(name)
      else vars.set(name, v)
      if (wasUnknown) unknown.add(name)
      else unknown.delete(name)
      if (taint === undefined) tainted.delete(name)
      else tainted.set(name, taint)
    }
    journal = []
  }

  const ownVariable = (name: string): NotRun =>
    new NotRun(`$${name} is bash's own variable: its value depends on the shell that reads the file`)
  const get = (name: string): string | undefined => {
    if (dynamicNames.has(name)) throw ownVariable(name)
    const taint = tainted.get(name)
    if (taint !== undefined) throw new NotRun(`it uses $${name}, which line ${taint} may have set and was not applied`)
    if (name === "IFS") return ifs
    if (unknown.has(name)) throw ownVariable(name)
    return vars.get(name)?.value
  }
  const checkWritable = (name: string): void => {
    if (dynamicNames.has(name) || name === "IFS")
      throw new NotRun(`${name} is bash's own variable: setting it changes how bash reads`)
    const taint = attributesTainted.get(name)
    if (taint !== undefined)
      throw new NotRun(
        `line ${taint}, which was not applied, may have made ${name} readonly, integer or case-converting`
      )
  }
  const fresh = (): Variable => ({
    value: undefined,
    exported: false,
    readonly: false,
    integer: false,
    letterCase: undefined
  })
  /** Make sure a name has a variable to change (after noting its prior state). */
  const variable = (name: string): Variable => {
    checkWritable(name)
    remember(name)
    touched.add(name)
    let v = vars.get(name)
    if (v === undefined) {
      v = fresh()
      vars.set(name, v)
    }
    return v
  }
  const assign = (name: string, value: string, append = false): void => {
    // bash sets $_ to each command's last argument: what the file gives it never outlives the statement.
    if (name === "_") return
    checkWritable(name)
    const current = vars.get(name)
    if (current?.readonly === true) throw new BashError(`${name}: readonly variable`)
    const old = append ? (get(name) ?? "") : ""
    // The value first: an error leaves the variable as it was (and still unknown, if it was).
    let next = value
    if (current?.integer === true) {
      try {
        next = arithmetic(value)
        if (append) next = BigInt.asIntN(64, BigInt(arithmetic(old)) + BigInt(next)).toString()
      } catch (error) {
        // An integer variable's bad value makes bash exit, not just abandon the line.
        if (error instanceof BashError)
          throw new EndOfFile(`bash exits here: ${error.problem} (assigned to the integer variable ${name})`)
        throw error
      }
    } else if (append) next = old + value
    if (current?.letterCase !== undefined) {
      if (!isAscii(next))
        throw new NotRun(
          `${name} converts letters to ${current.letterCase} case, which for non-ASCII text depends on the locale`
        )
      next = current.letterCase === "lower" ? next.toLowerCase() : next.toUpperCase()
    }
    if (next.length > maxValueLength)
      throw new NotRun(`the value of ${name} would be over ${maxValueLength} characters`)
    const v = variable(name)
    unknown.delete(name)
    tainted.delete(name)
    v.value = next
    // set -a: every assignment exports.
    v.exported = true
  }
  const arithmetic = (expression: string): string => {
    try {
      return evaluateArithmetic(expression, { get, set: (name, value) => assign(name, value) })
    } catch (error) {
      if (error instanceof ArithmeticError) throw new BashError(`${expression.trim()}: ${error.message}`)
      throw error
    }
  }
  const utf8Locale = (): boolean => {
    const locale = [get("LC_ALL"), get("LC_CTYPE"), get("LANG")].find((v) => v !== undefined && v !== "") ?? ""
    return /utf-?8/i.test(locale)
  }

  // ---- expansion ----

  /** `~`, `~/...` (and after `:` in an assignment): the text with its tilde prefixes expanded, or the part unchanged. */
  const tilde = (parts: ReadonlyArray<WordPart>, afterColons: boolean): ReadonlyArray<WordPart> => {
    const out: Array<WordPart> = []
    parts.forEach((part, index) => {
      if (part._tag !== "Text" || part.quoted) {
        out.push(part)
        return
      }
      const s = part.text
      const last = index === parts.length - 1
      let i = 0
      let pending = ""
      const starts: Array<number> = []
      if (index === 0 && s.startsWith("~")) starts.push(0)
      if (afterColons) for (let k = 0; k < s.length; k++) if (s[k] === ":" && s[k + 1] === "~") starts.push(k + 1)
      for (const start of starts) {
        const ends = afterColons ? /[/:]/g : /\//g
        ends.lastIndex = start
        const match = ends.exec(s)
        const end = match === null ? s.length : match.index
        if (match === null && !last) throw new NotRun("a ~ followed by a quote or an expansion")
        const prefix = s.slice(start + 1, end)
        let home: string | undefined
        if (prefix === "") {
          home = get("HOME")
          if (home === undefined) throw new NotRun("~ with HOME unset (bash would look up the user's home)")
        } else if (prefix === "+") home = get("PWD")
        else if (prefix === "-") home = get("OLDPWD")
        else throw new NotRun(`~${prefix}: another user's home directory`)
        if (home === undefined) continue
        pending += s.slice(i, start)
        if (pending !== "") out.push({ _tag: "Text", text: pending, quoted: false })
        pending = ""
        out.push({ _tag: "Text", text: home, quoted: true })
        i = end
      }
      pending += s.slice(i)
      if (pending !== "") out.push({ _tag: "Text", text: pending, quoted: false })
    })
    return out
  }

  /**
   * Expand parts into chunks. `inWord`: the parts are the word of an
   * unquoted `${NAME-word}`, whose plain text bash splits too.
   */
  const expandParts = (parts: ReadonlyArray<WordPart>, inWord: boolean): Array<Chunk> => {
    const chunks: Array<Chunk> = []
    for (const part of parts) {
      switch (part._tag) {
        case "Text":
          chunks.push({ text: part.text, split: !part.quoted && inWord, glob: !part.quoted })
          break
        case "Unicode":
          chunks.push({ text: unicode(part.code), split: false, glob: false })
          break
        case "Command":
          throw new NotRun(`command substitution ${part.raw} is not run`)
        case "Unsupported":
          throw new NotRun(`${part.what} is not supported`)
        case "Arith":
          chunks.push({ text: arithmetic(partsText(part.parts)), split: !part.quoted, glob: false })
          break
        case "Param":
          chunks.push(...expandParam(part))
          break
      }
    }
    return chunks
  }
  const unicode = (code: number): string => {
    if (utf8Locale()) {
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        throw new NotRun(`the escape for U+${code.toString(16).toUpperCase()}, which is not a character`)
      return String.fromCodePoint(code)
    }
    return code <= 0xffff
      ? `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`
      : `\\U${code.toString(16).toUpperCase().padStart(8, "0")}`
  }
  /** The parts' text, no splitting (inside `$(( ))` and assignments). */
  const partsText = (parts: ReadonlyArray<WordPart>): string =>
    expandParts(parts, false)
      .map((c) => c.text)
      .join("")

  const expandParam = (part: Extract<WordPart, { _tag: "Param" }>): Array<Chunk> => {
    const { name, op } = part
    if (!validName.test(name)) throw new NotRun(`the special parameter $${name}`)
    const valueChunk = (value: string): Array<Chunk> => [{ text: value, split: !part.quoted, glob: !part.quoted }]
    const wordChunks = (): Array<Chunk> => {
      const chunks = expandParts(part.quoted ? part.word : tilde(part.word, false), !part.quoted)
      if (chunks.length === 0 && part.quoted) return [{ text: "", split: false, glob: false }]
      return part.quoted ? chunks.map((c) => ({ text: c.text, split: false, glob: false })) : chunks
    }
    if (op === "") return valueChunk(get(name) ?? "")
    if (op === "#len") {
      const value = get(name) ?? ""
      if (!isAscii(value)) throw new NotRun(`\${#${name}} of non-ASCII text depends on the locale`)
      return valueChunk(String(value.length))
    }
    if (/^:?[-=+?]$/.test(op)) {
      const value = get(name)
      const missing = op.startsWith(":") ? value === undefined || value === "" : value === undefined
      switch (op.slice(-1)) {
        case "-":
          return missing ? wordChunks() : valueChunk(value!)
        case "+":
          return missing ? (part.quoted ? [{ text: "", split: false, glob: false }] : []) : wordChunks()
        case "=": {
          if (!missing) return valueChunk(value!)
          assign(
            name,
            wordChunks()
              .map((c) => c.text)
              .join("")
          )
          return valueChunk(get(name) ?? "")
        }
        default: {
          if (!missing) return valueChunk(value!)
          const message = partsText(part.word)
          throw new EndOfFile(
            `\${${name}${op}...} stops bash here: ${name}: ${message === "" ? "parameter null or not set" : message}`
          )
        }
      }
    }
    const value = get(name) ?? ""
    if (op === "#" || op === "##" || op === "%" || op === "%%") {
      const pieces = patternPieces(part.word)
      if (!isAscii(value) || !pieces.every((p) => isAscii(p.text)))
        throw new NotRun("pattern matching on non-ASCII text depends on the locale")
      const tokens = patternTokens(pieces)
      if (tokens === undefined) throw new NotRun(`the pattern of ${part.raw} is not supported`)
      return valueChunk(removeMatch(value, op, tokens))
    }
    // ^ ^^ , ,,
    if (part.word.length > 0) throw new NotRun(`a case conversion with a pattern (${part.raw}) is not supported`)
    if (!isAscii(value)) throw new NotRun("case conversion of non-ASCII text depends on the locale")
    const converted =
      op === "^^"
        ? value.toUpperCase()
        : op === ",,"
          ? value.toLowerCase()
          : op === "^"
            ? value.charAt(0).toUpperCase() + value.slice(1)
            : value.charAt(0).toLowerCase() + value.slice(1)
    return valueChunk(converted)
  }
  const patternPieces = (parts: ReadonlyArray<WordPart>): Array<PatternPiece> => {
    const pieces: Array<PatternPiece> = []
    for (const part of parts) {
      if (part._tag === "Text") pieces.push({ text: part.text, active: !part.quoted })
      else if (part._tag === "Param") {
        const text = expandParam(part)
          .map((c) => c.text)
          .join("")
        pieces.push({ text, active: !part.quoted })
      } else
        pieces.push({
          text: expandParts([part], false)
            .map((c) => c.text)
            .join(""),
          active: false
        })
    }
    return pieces
  }

  /** An assignment's value: tildes after `=` and `:`, no splitting, no file names. */
  const assignmentValue = (parts: ReadonlyArray<WordPart>): string =>
    expandParts(tilde(parts, true), false)
      .map((c) => c.text)
      .join("")

  /** A word as a command's argument: tilde at its start, split into fields, refused where bash would match file names or braces. */
  const fields = (word: Word): Array<string> => {
    const literal = word.parts.map((p) => (p._tag === "Text" && !p.quoted ? p.text : "\0")).join("")
    if (/\{[\s\S]*\}/.test(literal) && /\{[^}]*(,|\.\.)[^{]*\}/.test(literal))
      throw new NotRun(`${word.raw} may be a brace expansion, which is not supported`)
    const chunks = expandParts(tilde(word.parts, false), false)
    const out: Array<string> = []
    let current = ""
    let content = false
    for (const chunk of chunks) {
      if (chunk.glob && /[*?[]/.test(chunk.text))
        throw new NotRun(`${word.raw} has an unquoted *, ? or [, which bash matches against file names (quote it)`)
      if (!chunk.split) {
        current += chunk.text
        content = true
        continue
      }
      for (const c of chunk.text) {
        if (ifs.includes(c)) {
          if (content) out.push(current)
          current = ""
          content = false
        } else {
          current += c
          content = true
        }
      }
    }
    if (content) out.push(current)
    return out
  }

  // ---- statements ----

  const assignmentOf = (
    word: Word
  ): { readonly name: string; readonly append: boolean; readonly value: ReadonlyArray<WordPart> } | undefined => {
    const first = word.parts[0]
    if (first === undefined || first._tag !== "Text" || first.quoted) return undefined
    const match = assignmentPrefix.exec(first.text)
    if (match === null) return undefined
    if (match[2] !== undefined) throw new NotRun(`the array element ${match[1]}${match[2]} is not supported`)
    const rest = first.text.slice(match[0].length)
    return {
      name: match[1]!,
      append: match[3] === "+",
      value: [...(rest === "" ? [] : [{ _tag: "Text" as const, text: rest, quoted: false }]), ...word.parts.slice(1)]
    }
  }
  const literalOf = (word: Word): string | undefined =>
    word.parts.length === 1 && word.parts[0]!._tag === "Text" && !word.parts[0]!.quoted
      ? word.parts[0]!.text
      : undefined

  type Operation =
    | { readonly kind: "assign"; readonly name: string; readonly append: boolean; readonly value: string }
    | { readonly kind: "name"; readonly name: string }

  /** `export`, `declare`, `typeset`, `readonly`: all words expanded first (in order), then applied in order. */
  const declaration = (command: string, args: ReadonlyArray<Word>): void => {
    const flags = new Set<string>()
    const off = new Set<string>()
    let k = 0
    for (; k < args.length; k++) {
      const literal = literalOf(args[k]!)
      if (literal === undefined || !/^[-+]/.test(literal) || literal === "-" || literal === "+") break
      if (literal === "--") {
        k++
        break
      }
      for (const flag of literal.slice(1)) (literal.startsWith("-") ? flags : off).add(flag)
    }
    const allowed = command === "export" ? "np" : command === "readonly" ? "p" : "xrilugpt"
    for (const flag of [...flags, ...off]) {
      if (!allowed.includes(flag)) {
        throw new NotRun(
          `${command} ${[...flags].length > 0 ? "-" : "+"}${flag} is not supported (it does not set a plain variable)`
        )
      }
    }
    if (off.has("r")) throw new BashError(`${command} +r: a variable cannot be made writable`)
    const operations: Array<Operation> = []
    for (const word of args.slice(k)) {
      const assignment = assignmentOf(word)
      if (assignment !== undefined) {
        operations.push({
          kind: "assign",
          name: assignment.name,
          append: assignment.append,
          value: assignmentValue(assignment.value)
        })
        continue
      }
      for (const field of fields(word)) {
        const match = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=([\s\S]*)$/.exec(field)
        if (match !== null) {
          if (match[2] !== undefined) throw new NotRun(`the array element ${match[1]}${match[2]} is not supported`)
          operations.push({ kind: "assign", name: match[1]!, append: match[3] === "+", value: match[4]! })
        } else if (validName.test(field)) operations.push({ kind: "name", name: field })
        else if (field.startsWith("-") && operations.length === 0)
          throw new NotRun(`the option ${field}, made by an expansion, is not supported`)
        else soft.push(`\`${field}\` is not a valid variable name; bash skips it`)
      }
    }
    if (flags.has("p")) {
      // Printing changes nothing (and with names, bash prints them).
      if (operations.some((o) => o.kind === "assign"))
        throw new NotRun(`${command} -p with an assignment is not supported`)
      return
    }
    const exports = command === "export" ? !flags.has("n") : flags.has("x") ? true : off.has("x") ? false : undefined
    for (const operation of operations) {
      const { name } = operation
      // `declare -x _=...` (in export -p output): bash overwrites $_ after the statement.
      if (name === "_") continue
      checkWritable(name)
      if (operation.kind === "name" && tainted.has(name)) get(name)
      const current = vars.get(name)
      if (current?.readonly === true && operation.kind === "assign") {
        // bash reports it and goes on with the other names.
        soft.push(`${name} is readonly; bash leaves its value as it is`)
        // export still changes whether it is exported (declare does not).
        if (command === "export" && exports !== undefined) variable(name).exported = exports
        continue
      }
      const v = variable(name)
      if (flags.has("i")) v.integer = true
      if (off.has("i")) v.integer = false
      if (flags.has("l")) v.letterCase = "lower"
      if (flags.has("u")) v.letterCase = "upper"
      if ((off.has("l") && v.letterCase === "lower") || (off.has("u") && v.letterCase === "upper"))
        v.letterCase = undefined
      // bash gives the attributes before the value: a value that makes bash exit leaves a -x in place.
      if (exports === true) v.exported = true
      if (operation.kind === "assign") assign(name, operation.value, operation.append)
      if (exports !== undefined) v.exported = exports
      if (flags.has("r") || command === "readonly") v.readonly = true
    }
  }

  const unset = (args: ReadonlyArray<Word>): void => {
    let k = 0
    const first = args[0] === undefined ? undefined : literalOf(args[0])
    if (first === "-v" || first === "--") k = 1
    else if (first?.startsWith("-"))
      throw new NotRun(`unset ${first} is not supported (it does not remove a plain variable)`)
    const names = args.slice(k).flatMap(fields)
    for (const name of names) {
      if (!validName.test(name)) {
        soft.push(`\`${name}\` is not a valid variable name; bash skips it`)
        continue
      }
      checkWritable(name)
      if (vars.get(name)?.readonly === true) {
        soft.push(`${name} is readonly; bash does not unset it`)
        continue
      }
      if (!vars.has(name) && !unknown.has(name) && inherited[`BASH_FUNC_${name}%%`] !== undefined) {
        throw new NotRun(`unset ${name} would remove the exported function ${name}`)
      }
      remember(name)
      touched.add(name)
      vars.delete(name)
      unknown.delete(name)
      tainted.delete(name)
    }
  }

  const run = (statement: Statement): void => {
    if (statement.notSimple !== undefined) throw new NotRun(`${statement.notSimple} is not run`)
    const words = statement.words
    let k = 0
    const assignments: Array<NonNullable<ReturnType<typeof assignmentOf>>> = []
    for (; k < words.length; k++) {
      const assignment = assignmentOf(words[k]!)
      if (assignment === undefined) break
      assignments.push(assignment)
    }
    if (k === words.length) {
      for (const a of assignments) assign(a.name, assignmentValue(a.value), a.append)
      return
    }
    const command = literalOf(words[k]!)
    if (assignments.length > 0)
      throw new NotRun(`an assignment before the command ${words[k]!.raw} applies to that command only; it is not run`)
    if (command === undefined) throw new NotRun(`the command ${words[k]!.raw} is not plain text; it is not run`)
    const args = words.slice(k + 1)
    switch (command) {
      case "export":
      case "declare":
      case "typeset":
      case "readonly":
        return declaration(command, args)
      case "unset":
        return unset(args)
      case ":":
      case "true":
        for (const word of args) fields(word)
        return
      case "return":
        throw new EndOfFile(undefined)
      case "exit":
      case "logout":
        throw new EndOfFile(`${command} ends the shell that reads the file`)
      case "exec":
        if (args.length === 0) return
        throw new EndOfFile("exec replaces the shell that reads the file with a command")
      default:
        throw new NotRun(
          `${command} is a command; it is not run (only export, declare, typeset, readonly, unset, : and true are read)`
        )
    }
  }

  /**
   * The variables a statement that was not run may have set, or `"any"` when
   * it may have set any (a builtin such as `source`, `eval`, `read` or `set`,
   * a function, `export $NAMES`): then nothing after it is read.
   */
  const namesOf = (statement: Statement): ReadonlyArray<string> | "any" => {
    const names: Array<string> = []
    const assignments = /([A-Za-z_][A-Za-z0-9_]*)\s*(?::?=(?!=)|[-+*/%&|^]=|<<=|>>=|\+\+|--)/g
    const increments = /(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g
    let declaring = false
    let arithmeticMayRun = false
    for (const word of statement.words) {
      const raw = word.raw.replace(/\\\n/g, "")
      const literal = literalOf(word)
      if (
        literal !== undefined &&
        (builtins.has(literal) || (!literal.includes("/") && inherited[`BASH_FUNC_${literal}%%`] !== undefined))
      ) {
        if (!harmlessBuiltins.has(literal) && !declaringBuiltins.has(literal)) return "any"
      }
      if (literal === "printf" && statement.words.some((w) => w.raw.startsWith("-v"))) return "any"
      const assignment = /^([A-Za-z_][A-Za-z0-9_]*)(\[|\+?=)/.exec(raw)
      if (assignment !== null) names.push(assignment[1]!)
      else if (declaring && validName.test(raw)) names.push(raw)
      else if (declaring && raw.includes("$")) return "any"
      if (literal !== undefined && declaringBuiltins.has(literal)) declaring = true
      if (raw.includes("$((") || (declaring && /^-[a-z]*i/.test(raw))) arithmeticMayRun = true
      // Assignments inside the words: ${X:=w}, ${X=w}, $(( X = 1 )), X++ (a word of an integer variable's value is arithmetic too).
      for (const m of raw.matchAll(assignments)) names.push(m[1]!)
      for (const m of raw.matchAll(increments)) names.push(m[1]!)
    }
    if (names.some((name) => vars.get(name)?.integer === true)) arithmeticMayRun = true
    if (arithmeticMayRun) {
      // Arithmetic evaluates variables' values as expressions, which may assign in turn; bash's own ($_) are not known.
      const texts = [statement.words.map((w) => w.raw).join(" "), ...[...vars.values()].map((v) => v.value ?? "")]
      for (const t of texts) {
        for (const m of t.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g))
          if (dynamicNames.has(m[0]) || unknown.has(m[0])) return "any"
      }
      for (const v of vars.values()) {
        if (v.value === undefined) continue
        for (const m of v.value.matchAll(assignments)) names.push(m[1]!)
        for (const m of v.value.matchAll(increments)) names.push(m[1]!)
      }
    }
    return names
  }

  /**
   * The variables text this reader does not follow (after a compound command
   * or a function definition) may set, read from its words without parsing
   * them: every `NAME=`, `${NAME:=`, arithmetic assignment and name after
   * `export`, `unset`, ...; or `"any"` when it runs a builtin that may set
   * any variable or names variables through an expansion.
   */
  const namesInText = (text: string): ReadonlyArray<string> | "any" => {
    const rest = text.replace(/\\\n/g, "")
    const names: Array<string> = []
    let declaring = false
    for (const token of rest.split(/[\s;&|(){}<>]+/)) {
      if (token === "") continue
      if (builtins.has(token) && !harmlessBuiltins.has(token) && !declaringBuiltins.has(token)) return "any"
      if (inherited[`BASH_FUNC_${token}%%`] !== undefined) return "any"
      if (token === "printf" && /(^|\s)-v/.test(rest)) return "any"
      if (declaringBuiltins.has(token)) {
        declaring = true
        continue
      }
      if (declaring) {
        const assignment = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(token)
        if (assignment !== null) names.push(assignment[1]!)
        else if (validName.test(token)) names.push(token)
        else if (!/^[-+][A-Za-z]*$/.test(token)) return "any"
      }
    }
    for (const m of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?::?=(?!=)|[-+*/%&|^]=|<<=|>>=|\+\+|--)/g))
      names.push(m[1]!)
    for (const m of rest.matchAll(/(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g)) names.push(m[1]!)
    if (rest.includes("((") || /(^|\s)-[a-z]*i/.test(rest)) {
      for (const v of vars.values()) {
        if (v.value === undefined) continue
        for (const m of v.value.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:=(?!=)|[-+*/%&|^]=|<<=|>>=|\+\+|--)/g))
          names.push(m[1]!)
        for (const m of v.value.matchAll(/(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g)) names.push(m[1]!)
      }
    }
    return names.filter((name) => !dynamicNames.has(name))
  }

  const problems: Array<EnvFileProblem> = []
  const report = (line: number, problem: string): void => {
    problems.push({ line, text: lines[line - 1] ?? "", problem })
  }
  let read: ReturnType<typeof readStatements>
  try {
    read = readStatements(text)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    // Expansions nested deeper than the reader's stack (bash's own parser has a limit too).
    return {
      variables: {},
      unset: [],
      problems: [
        {
          line: 1,
          text: lines[0] ?? "",
          problem: "expansions are nested too deep to read; none of the file's variables were used"
        }
      ]
    }
  }
  const { statements, stop } = read
  let abandonLine = false
  /** The line of a statement that was not applied, while the statements after it on its line are read: bash may not have run them. */
  let refusedBefore: number | undefined
  /** Whether a statement that may set any variable was not applied: then no variable of the file is known. */
  let withheld = false
  /** Where this reader stopped while bash may have read on. */
  let giveUp: { readonly line: number; readonly problem: string } | undefined
  let ended = false
  for (const statement of statements) {
    if (abandonLine) {
      abandonLine = !statement.endsLine
      continue
    }
    journal = []
    soft = []
    try {
      if (refusedBefore !== undefined) {
        throw new NotRun(
          "it follows a statement on the same line that was not applied (bash runs the rest of a line only when no expansion failed before it)"
        )
      }
      try {
        run(statement)
      } catch (error) {
        if (error instanceof RangeError)
          throw new NotRun("its expansions are nested too deep, or its values too long, to follow")
        throw error
      }
      for (const problem of soft) report(statement.line, problem)
    } catch (error) {
      if (error instanceof NotRun) {
        undo()
        const declares = statement.words.some((word) => /^(declare|typeset|readonly|local)$/.test(word.raw))
        const names = namesOf(statement)
        if (names === "any") {
          report(statement.line, `${error.problem}; it may set any variable, so none of the file's variables were used`)
          withheld = true
          ended = true
          break
        }
        const mayExit =
          /\$\{[^}]*\?/.test(statement.words.map((w) => w.raw).join(" ")) ||
          statement.words.some((w) => /^-[a-z]*i/.test(w.raw)) ||
          names.some((name) => vars.get(name)?.integer === true || attributesTainted.has(name))
        for (const name of names) {
          if (!dynamicNames.has(name)) {
            tainted.set(name, statement.line)
            if (declares) attributesTainted.set(name, statement.line)
            touched.add(name)
          }
        }
        if (mayExit) {
          // A failed ${X:?} or a bad value for an integer variable makes bash exit: whether it read on is not known.
          giveUp = { line: statement.line, problem: `${error.problem}, and bash may exit at this statement` }
          break
        }
        report(statement.line, error.problem)
        refusedBefore = statement.endsLine ? undefined : statement.line
        continue
      }
      if (error instanceof BashError) {
        // What ran before the error stands, as in bash; the rest of the line does not run.
        for (const problem of soft) report(statement.line, problem)
        report(statement.line, `bash stops this line here: ${error.problem}`)
        abandonLine = !statement.endsLine
        continue
      }
      if (error instanceof EndOfFile) {
        for (const problem of soft) report(statement.line, problem)
        if (error.problem !== undefined) report(statement.line, `${error.problem}; the rest of the file was not read`)
        ended = true
        break
      }
      throw error
    }
  }
  if (!ended && giveUp === undefined) giveUp = stop
  if (giveUp !== undefined) {
    // bash may go on past what this reader cannot follow: what the rest of the file may set is not known.
    const names = namesInText(lines.slice(giveUp.line - 1).join("\n"))
    if (names === "any") {
      report(
        giveUp.line,
        `${giveUp.problem}; this line and the rest of the file were not read, and they may set any variable, so none of the file's variables were used`
      )
      withheld = true
    } else {
      report(
        giveUp.line,
        `${giveUp.problem}; this line and the rest of the file were not read (the variables they may set are not used)`
      )
      for (const name of names) {
        tainted.set(name, giveUp.line)
        touched.add(name)
      }
    }
  }
  if (withheld) return { variables: {}, unset: [], problems }

  const variables: Record<string, string> = {}
  const removed: Array<string> = []
  for (const name of touched) {
    if (tainted.has(name) || unknown.has(name)) continue
    const v = vars.get(name)
    if (v?.value !== undefined && v.exported) variables[name] = v.value
    else if (initial.has(name)) removed.push(name)
  }
  return { variables, unset: removed, problems }
}
