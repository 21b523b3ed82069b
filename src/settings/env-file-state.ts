/**
 * The env-file reader's state (`parseEnvFileText`): the variable table, the
 * undo journal of the current statement and the taint maps, with the
 * operations on them that bash's semantics need (read a variable, make one
 * writable, assign with its attributes, evaluate arithmetic), and the three
 * ways a statement can fail to finish. Pure.
 *
 * @since 0.3.0
 */
import { ArithmeticError, evaluateArithmetic } from "./env-file-arithmetic.ts"

/** A statement that is not run: it is reported, and the variables it names become unknown. */
export class NotRun {
  readonly problem: string
  constructor(problem: string) {
    this.problem = problem
  }
}
/** An error of bash's own (division by zero, a readonly variable): bash abandons the rest of the line. */
export class BashError {
  readonly problem: string
  constructor(problem: string) {
    this.problem = problem
  }
}
/** What ends the reading: bash exits (`${X:?}`, `exit`) or the file returns. */
export class EndOfFile {
  readonly problem: string | undefined
  constructor(problem: string | undefined) {
    this.problem = problem
  }
}

/** A shell variable: its value (undefined when declared without one) and its attributes. */
export interface Variable {
  value: string | undefined
  exported: boolean
  readonly: boolean
  integer: boolean
  letterCase: "lower" | "upper" | undefined
}

/** A variable name as bash accepts it. */
export const validName = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Variables whose value bash makes up as it reads (or keeps read-only): never read, set or unset here. */
export const dynamicNames = new Set([
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
/** bash's default field separators (`$IFS` is never set here). */
export const ifs = " \t\n"
/** No variable is given a value longer than this (16 Mi characters): `A+=$A` repeated would double it each line. */
const maxValueLength = 16 * 1024 * 1024

/** Whether the text is ASCII only (where letter case and lengths do not depend on the locale). */
export const isAscii = (s: string): boolean => /^[\x00-\x7f]*$/.test(s)

/** The prior state of a name the current statement changed: name, variable, whether unknown, taint line. */
type JournalEntry = readonly [string, Variable | undefined, boolean, number | undefined]

/**
 * What the reading of one env file shares between its steps: the variable
 * table and the bookkeeping of what is not known.
 */
export interface EnvFileState {
  /** The environment the file is read in (for `BASH_FUNC_name%%` exported functions). */
  readonly inherited: { readonly [name: string]: string | undefined }
  /** The shell's variables. */
  readonly vars: Map<string, Variable>
  /** Names a statement that was not run may have set, with that statement's line. */
  readonly tainted: Map<string, number>
  /**
   * Names a `declare`, `typeset`, `readonly` or `local` that was not run may have made readonly, integer or
   * case-converting, or an `unset` that was not run may have left plain, with its line.
   */
  readonly attributesTainted: Map<string, number>
  /** bash's own values this reader does not know, until the file sets them. */
  readonly unknown: Set<string>
  /** Names the file set, unset or may have set. */
  readonly touched: Set<string>
  /** Names of the environment the file was read in. */
  readonly initial: Set<string>
  /** What bash reports about the current statement and then goes on (a bad name given to export). */
  soft: Array<string>
  /** The prior state of each name the current statement changed, to undo it. */
  journal: Array<JournalEntry>
}

/** A variable with the given value, exported, with no other attribute. */
const exportedVariable = (value: string): Variable => ({
  value,
  exported: true,
  readonly: false,
  integer: false,
  letterCase: undefined
})

/**
 * The state bash starts from when it sources a file in `inherited`, in the
 * working directory `pwd` (unknown without it): bash's own variables are not
 * taken from the environment.
 */
export const createEnvFileState = (
  inherited: { readonly [name: string]: string | undefined },
  pwd: string | undefined
): EnvFileState => {
  const vars = new Map<string, Variable>()
  const unknown = new Set<string>(startupNames)
  const initial = new Set<string>()
  for (const [name, value] of Object.entries(inherited)) {
    if (value === undefined || !validName.test(name)) continue
    vars.set(name, exportedVariable(value))
    initial.add(name)
  }
  for (const name of defaultedNames) if (!vars.has(name)) unknown.add(name)
  for (const name of startupNames) vars.delete(name)
  if (pwd === undefined) unknown.add("PWD")
  else vars.set("PWD", exportedVariable(pwd))
  for (const name of dynamicNames) vars.delete(name)
  vars.delete("IFS")
  return {
    inherited,
    vars,
    tainted: new Map(),
    attributesTainted: new Map(),
    unknown,
    touched: new Set(),
    initial,
    soft: [],
    journal: []
  }
}

/** Start a statement: an empty journal and no soft reports. */
export const beginStatement = (state: EnvFileState): void => {
  state.journal = []
  state.soft = []
}

/** Note a name's prior state in the journal (once per statement), before the statement changes it. */
export const remember = (state: EnvFileState, name: string): void => {
  if (state.journal.some(([n]) => n === name)) return
  const v = state.vars.get(name)
  state.journal.push([name, v === undefined ? undefined : { ...v }, state.unknown.has(name), state.tainted.get(name)])
}

/** Put back every name the current statement changed, as the journal noted it. */
export const undo = (state: EnvFileState): void => {
  for (const [name, v, wasUnknown, taint] of state.journal.reverse()) {
    if (v === undefined) state.vars.delete(name)
    else state.vars.set(name, v)
    if (wasUnknown) state.unknown.add(name)
    else state.unknown.delete(name)
    if (taint === undefined) state.tainted.delete(name)
    else state.tainted.set(name, taint)
  }
  state.journal = []
}

/** The refusal to read one of bash's own variables. */
const ownVariable = (name: string): NotRun =>
  new NotRun(`$${name} is bash's own variable: its value depends on the shell that reads the file`)

/** A variable's value (undefined when unset); refused when it is bash's own, unknown or may have been set by a refused statement. */
export const get = (state: EnvFileState, name: string): string | undefined => {
  if (dynamicNames.has(name)) throw ownVariable(name)
  const taint = state.tainted.get(name)
  if (taint !== undefined) throw new NotRun(`it uses $${name}, which line ${taint} may have set and was not applied`)
  if (name === "IFS") return ifs
  if (state.unknown.has(name)) throw ownVariable(name)
  return state.vars.get(name)?.value
}

/** Refuse to change bash's own variables and those whose attributes a refused statement may have changed. */
export const checkWritable = (state: EnvFileState, name: string): void => {
  if (dynamicNames.has(name) || name === "IFS")
    throw new NotRun(`${name} is bash's own variable: setting it changes how bash reads`)
  const taint = state.attributesTainted.get(name)
  if (taint !== undefined)
    throw new NotRun(
      `line ${taint}, which was not applied, may have changed whether ${name} is readonly, integer or case-converting`
    )
}

/** Make sure a name has a variable to change (after noting its prior state). */
export const variable = (state: EnvFileState, name: string): Variable => {
  checkWritable(state, name)
  remember(state, name)
  state.touched.add(name)
  let v = state.vars.get(name)
  if (v === undefined) {
    v = { value: undefined, exported: false, readonly: false, integer: false, letterCase: undefined }
    state.vars.set(name, v)
  }
  return v
}

/** The value an integer variable is given: the arithmetic value (added to the old one for `+=`); a bad value makes bash exit. */
const integerValue = (state: EnvFileState, name: string, value: string, old: string, append: boolean): string => {
  try {
    const next = arithmetic(state, value)
    return append ? BigInt.asIntN(64, BigInt(arithmetic(state, old)) + BigInt(next)).toString() : next
  } catch (error) {
    // An integer variable's bad value makes bash exit, not just abandon the line.
    if (error instanceof BashError)
      throw new EndOfFile(`bash exits here: ${error.problem} (assigned to the integer variable ${name})`)
    throw error
  }
}

/** Assign (or append to) a variable as bash does under `set -a`: its attributes apply, and it is exported. */
export const assign = (state: EnvFileState, name: string, value: string, append = false): void => {
  // bash sets $_ to each command's last argument: what the file gives it never outlives the statement.
  if (name === "_") return
  checkWritable(state, name)
  const current = state.vars.get(name)
  if (current?.readonly === true) throw new BashError(`${name}: readonly variable`)
  const old = append ? (get(state, name) ?? "") : ""
  // The value first: an error leaves the variable as it was (and still unknown, if it was).
  let next = value
  if (current?.integer === true) next = integerValue(state, name, value, old, append)
  else if (append) next = old + value
  if (current?.letterCase !== undefined) {
    if (!isAscii(next))
      throw new NotRun(
        `${name} converts letters to ${current.letterCase} case, which for non-ASCII text depends on the locale`
      )
    next = current.letterCase === "lower" ? next.toLowerCase() : next.toUpperCase()
  }
  if (next.length > maxValueLength) throw new NotRun(`the value of ${name} would be over ${maxValueLength} characters`)
  const v = variable(state, name)
  state.unknown.delete(name)
  state.tainted.delete(name)
  v.value = next
  // set -a: every assignment exports.
  v.exported = true
}

/** bash's `$(( ))` over the state's variables (assignments in it included); its errors are bash's. */
export const arithmetic = (state: EnvFileState, expression: string): string => {
  try {
    return evaluateArithmetic(expression, {
      get: (name) => get(state, name),
      set: (name, value) => assign(state, name, value)
    })
  } catch (error) {
    if (error instanceof ArithmeticError) throw new BashError(`${expression.trim()}: ${error.message}`)
    throw error
  }
}
