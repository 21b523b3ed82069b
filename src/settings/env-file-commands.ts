/**
 * The statements the env-file reader (`parseEnvFileText`) runs: assignments,
 * and the builtins `export`, `declare`, `typeset`, `readonly`, `unset`, `:`,
 * `true`, `return`, `exit` and `exec`, as bash runs them, on the reader's
 * state. Anything else is refused (`NotRun`). Pure.
 *
 * @since 0.3.0
 */
import { assignmentValue, fields } from "./env-file-expand.ts"
import type { Word, WordPart } from "./env-file-lexer.ts"
import type { EnvFileState } from "./env-file-state.ts"
import {
  assign,
  BashError,
  checkWritable,
  EndOfFile,
  get,
  NotRun,
  remember,
  validName,
  variable
} from "./env-file-state.ts"
import type { Statement } from "./env-file-words.ts"

const assignmentPrefix = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=/

/** A `NAME=value` or `NAME+=value` word as written: the name, whether it appends, and the value's parts. */
interface Assignment {
  readonly name: string
  readonly append: boolean
  readonly value: ReadonlyArray<WordPart>
}

/** The word as an assignment (`NAME=...`, `NAME+=...` unquoted), or undefined; an array element is refused. */
const assignmentOf = (word: Word): Assignment | undefined => {
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

/** The word's text when it is plain unquoted text, else undefined. */
export const literalOf = (word: Word): string | undefined =>
  word.parts.length === 1 && word.parts[0]!._tag === "Text" && !word.parts[0]!.quoted ? word.parts[0]!.text : undefined

/** What a declaration does to one name: assign it, or only give it attributes. */
type Operation =
  | { readonly kind: "assign"; readonly name: string; readonly append: boolean; readonly value: string }
  | { readonly kind: "name"; readonly name: string }

/** A declaration's options: the attributes turned on (`-x`) and off (`+x`), and where the names start. */
interface DeclarationFlags {
  readonly flags: ReadonlySet<string>
  readonly off: ReadonlySet<string>
  readonly namesFrom: number
}

/** Read a declaration's leading options; one the command does not take (or that does not set a plain variable) is refused. */
const declarationFlags = (command: string, args: ReadonlyArray<Word>): DeclarationFlags => {
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
  return { flags, off, namesFrom: k }
}

/** Expand a declaration's name words (in order) into operations; bad names are reported softly, as bash does. */
const declarationOperations = (state: EnvFileState, words: ReadonlyArray<Word>): Array<Operation> => {
  const operations: Array<Operation> = []
  for (const word of words) {
    const assignment = assignmentOf(word)
    if (assignment !== undefined) {
      operations.push({
        kind: "assign",
        name: assignment.name,
        append: assignment.append,
        value: assignmentValue(state, assignment.value)
      })
      continue
    }
    for (const field of fields(state, word)) {
      const match = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=([\s\S]*)$/.exec(field)
      if (match !== null) {
        if (match[2] !== undefined) throw new NotRun(`the array element ${match[1]}${match[2]} is not supported`)
        operations.push({ kind: "assign", name: match[1]!, append: match[3] === "+", value: match[4]! })
      } else if (validName.test(field)) operations.push({ kind: "name", name: field })
      else if (field.startsWith("-") && operations.length === 0)
        throw new NotRun(`the option ${field}, made by an expansion, is not supported`)
      else state.soft.push(`\`${field}\` is not a valid variable name; bash skips it`)
    }
  }
  return operations
}

/** Apply one operation of a declaration: attributes first, then the value, then export and readonly. */
const applyOperation = (
  state: EnvFileState,
  command: string,
  { flags, off }: DeclarationFlags,
  exports: boolean | undefined,
  operation: Operation
): void => {
  const { name } = operation
  // `declare -x _=...` (in export -p output): bash overwrites $_ after the statement.
  if (name === "_") return
  checkWritable(state, name)
  if (operation.kind === "name" && state.tainted.has(name)) get(state, name)
  const current = state.vars.get(name)
  if (current?.readonly === true && operation.kind === "assign") {
    // bash reports it and goes on with the other names.
    state.soft.push(`${name} is readonly; bash leaves its value as it is`)
    // export still changes whether it is exported (declare does not).
    if (command === "export" && exports !== undefined) variable(state, name).exported = exports
    return
  }
  const v = variable(state, name)
  if (flags.has("i")) v.integer = true
  if (off.has("i")) v.integer = false
  if (flags.has("l")) v.letterCase = "lower"
  if (flags.has("u")) v.letterCase = "upper"
  if ((off.has("l") && v.letterCase === "lower") || (off.has("u") && v.letterCase === "upper")) v.letterCase = undefined
  // declare and typeset give the attributes before the value: a value that makes bash exit leaves a -x in place;
  // export and readonly assign first (a failed `export C=~` to an integer C leaves C unexported).
  if (exports === true && command !== "export" && command !== "readonly") v.exported = true
  if (operation.kind === "assign") assign(state, name, operation.value, operation.append)
  if (exports !== undefined) v.exported = exports
  if (flags.has("r") || command === "readonly") v.readonly = true
}

/** `export`, `declare`, `typeset`, `readonly`: all words expanded first (in order), then applied in order. */
const declaration = (state: EnvFileState, command: string, args: ReadonlyArray<Word>): void => {
  const options = declarationFlags(command, args)
  const { flags, off } = options
  const operations = declarationOperations(state, args.slice(options.namesFrom))
  if (flags.has("p")) {
    // Printing changes nothing (and with names, bash prints them).
    if (operations.some((o) => o.kind === "assign"))
      throw new NotRun(`${command} -p with an assignment is not supported`)
    return
  }
  const exports = command === "export" ? !flags.has("n") : flags.has("x") ? true : off.has("x") ? false : undefined
  for (const operation of operations) applyOperation(state, command, options, exports, operation)
}

/** `unset [-v] NAME...`: removes plain variables (not readonly ones, not exported functions). */
const unset = (state: EnvFileState, args: ReadonlyArray<Word>): void => {
  let k = 0
  const first = args[0] === undefined ? undefined : literalOf(args[0])
  if (first === "-v" || first === "--") k = 1
  else if (first?.startsWith("-"))
    throw new NotRun(`unset ${first} is not supported (it does not remove a plain variable)`)
  const names = args.slice(k).flatMap((word) => fields(state, word))
  for (const name of names) {
    if (!validName.test(name)) {
      state.soft.push(`\`${name}\` is not a valid variable name; bash skips it`)
      continue
    }
    checkWritable(state, name)
    if (state.vars.get(name)?.readonly === true) {
      state.soft.push(`${name} is readonly; bash does not unset it`)
      continue
    }
    if (!state.vars.has(name) && !state.unknown.has(name) && state.inherited[`BASH_FUNC_${name}%%`] !== undefined) {
      throw new NotRun(`unset ${name} would remove the exported function ${name}`)
    }
    remember(state, name)
    state.touched.add(name)
    state.vars.delete(name)
    state.unknown.delete(name)
    state.tainted.delete(name)
  }
}

/** Run a builtin command with its arguments (after no assignment); any other command is refused. */
const runCommand = (state: EnvFileState, command: string, args: ReadonlyArray<Word>): void => {
  switch (command) {
    case "export":
    case "declare":
    case "typeset":
    case "readonly":
      return declaration(state, command, args)
    case "unset":
      return unset(state, args)
    case ":":
    case "true":
      for (const word of args) fields(state, word)
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
 * Run one statement on the state: its assignments (when it is only
 * assignments) or its command. Throws `NotRun`, `BashError` or `EndOfFile`
 * as bash would not finish it.
 */
export const runStatement = (state: EnvFileState, statement: Statement): void => {
  if (statement.notSimple !== undefined) throw new NotRun(`${statement.notSimple} is not run`)
  const words = statement.words
  let k = 0
  const assignments: Array<Assignment> = []
  for (; k < words.length; k++) {
    const assignment = assignmentOf(words[k]!)
    if (assignment === undefined) break
    assignments.push(assignment)
  }
  if (k === words.length) {
    for (const a of assignments) assign(state, a.name, assignmentValue(state, a.value), a.append)
    return
  }
  const command = literalOf(words[k]!)
  if (assignments.length > 0)
    throw new NotRun(`an assignment before the command ${words[k]!.raw} applies to that command only; it is not run`)
  if (command === undefined) throw new NotRun(`the command ${words[k]!.raw} is not plain text; it is not run`)
  runCommand(state, command, words.slice(k + 1))
}
