/**
 * What the env-file reader (`parseEnvFileText`) does not run may still set
 * variables: the names a refused statement, or text the reader stopped at,
 * may set, read from its words without running them (or `"any"`). Those
 * names become unknown. Pure.
 *
 * @since 0.3.0
 */
import { literalOf } from "./env-file-commands.ts"
import type { EnvFileState } from "./env-file-state.ts"
import { dynamicNames, validName } from "./env-file-state.ts"
import type { Statement } from "./env-file-words.ts"

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

/** An arithmetic or `${X:=w}` assignment inside a word: the name is group 1. */
const assignments = /([A-Za-z_][A-Za-z0-9_]*)\s*(?::?=(?!=)|[-+*/%&|^]=|<<=|>>=|\+\+|--)/g
/** A pre-increment or pre-decrement: the name is group 1. */
const increments = /(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g

/** Whether the word runs a builtin or an exported function that may set any variable. */
const runsAnything = (state: EnvFileState, literal: string | undefined): boolean =>
  literal !== undefined &&
  (builtins.has(literal) || (!literal.includes("/") && state.inherited[`BASH_FUNC_${literal}%%`] !== undefined)) &&
  !harmlessBuiltins.has(literal) &&
  !declaringBuiltins.has(literal)

/**
 * The names arithmetic may assign when it evaluates the variables' values as
 * expressions, or `"any"` when the statement or a value names a variable
 * this reader does not know (bash's own, `$_`).
 */
const namesArithmeticMaySet = (state: EnvFileState, statement: Statement): ReadonlyArray<string> | "any" => {
  const names: Array<string> = []
  const texts = [statement.words.map((w) => w.raw).join(" "), ...[...state.vars.values()].map((v) => v.value ?? "")]
  for (const t of texts) {
    for (const m of t.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g))
      if (dynamicNames.has(m[0]) || state.unknown.has(m[0])) return "any"
  }
  for (const v of state.vars.values()) {
    if (v.value === undefined) continue
    for (const m of v.value.matchAll(assignments)) names.push(m[1]!)
    for (const m of v.value.matchAll(increments)) names.push(m[1]!)
  }
  return names
}

/**
 * The variables a statement that was not run may have set, or `"any"` when
 * it may have set any (a builtin such as `source`, `eval`, `read` or `set`,
 * a function, `export $NAMES`): then nothing after it is read.
 */
export const namesOf = (state: EnvFileState, statement: Statement): ReadonlyArray<string> | "any" => {
  const names: Array<string> = []
  let declaring = false
  let arithmeticMayRun = false
  for (const word of statement.words) {
    const raw = word.raw.replace(/\\\n/g, "")
    const literal = literalOf(word)
    if (runsAnything(state, literal)) return "any"
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
  if (names.some((name) => state.vars.get(name)?.integer === true)) arithmeticMayRun = true
  if (!arithmeticMayRun) return names
  const more = namesArithmeticMaySet(state, statement)
  return more === "any" ? "any" : [...names, ...more]
}

/**
 * The variables text this reader does not follow (after a compound command
 * or a function definition) may set, read from its words without parsing
 * them: every `NAME=`, `${NAME:=`, arithmetic assignment and name after
 * `export`, `unset`, ...; or `"any"` when it runs a builtin that may set
 * any variable or names variables through an expansion.
 */
export const namesInText = (state: EnvFileState, text: string): ReadonlyArray<string> | "any" => {
  const rest = text.replace(/\\\n/g, "")
  const names: Array<string> = []
  let declaring = false
  for (const token of rest.split(/[\s;&|(){}<>]+/)) {
    if (token === "") continue
    if (builtins.has(token) && !harmlessBuiltins.has(token) && !declaringBuiltins.has(token)) return "any"
    if (state.inherited[`BASH_FUNC_${token}%%`] !== undefined) return "any"
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
  for (const m of rest.matchAll(assignments)) names.push(m[1]!)
  for (const m of rest.matchAll(increments)) names.push(m[1]!)
  if (rest.includes("((") || /(^|\s)-[a-z]*i/.test(rest)) {
    for (const v of state.vars.values()) {
      if (v.value === undefined) continue
      for (const m of v.value.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:=(?!=)|[-+*/%&|^]=|<<=|>>=|\+\+|--)/g))
        names.push(m[1]!)
      for (const m of v.value.matchAll(increments)) names.push(m[1]!)
    }
  }
  return names.filter((name) => !dynamicNames.has(name))
}
