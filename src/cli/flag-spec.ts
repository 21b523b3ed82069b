/**
 * Commands' flags as plain data: the one definition from which both the
 * effect/cli parser (`effect-params.ts`, for help and every subcommand) and the
 * lean parser of the fast paths (`parseFast`, `decide` and `run`) are made.
 *
 * It imports no effect/cli: the fast paths parse with `node:util` `parseArgs` without loading it.
 *
 * @since 0.1.0
 */
import { parseArgs } from "node:util"
import { Option } from "effect"

/**
 * One flag: its name on the command line (without `--`), its kind, its
 * default and its help text.
 *
 * - `String`: a required text (`--event PreToolUse`).
 * - `OptionalString`: a text that may be absent (`Option<string>`).
 * - `Int`: a whole number with a default.
 * - `Boolean`: false unless given (`--json`).
 * - `Choice`: one of a few words, with a default.
 * - `Strings`: a text that may be given any number of times (`--plugin-dir a
 *   --plugin-dir b`), in order (since 0.2.0).
 * - `Number`: a finite number (`--session-idle-timeout 1.5`) with a default.
 * - `OptionalNumber`: a finite number that may be absent (`Option<number>`).
 *
 * `placeholder` names a flag's value in the usage line (`usageLine`): `--project-dir DIR`.
 *
 * @category models
 * @since 0.1.0
 */
export type FlagSpec =
  | { readonly _tag: "String"; readonly name: string; readonly description: string; readonly placeholder?: string }
  | {
      readonly _tag: "OptionalString"
      readonly name: string
      readonly description: string
      readonly placeholder?: string
    }
  | {
      readonly _tag: "Int"
      readonly name: string
      readonly description: string
      readonly default: number
      readonly placeholder?: string
    }
  | { readonly _tag: "Boolean"; readonly name: string; readonly description: string }
  | {
      readonly _tag: "Choice"
      readonly name: string
      readonly description: string
      readonly choices: readonly [string, ...Array<string>]
      readonly default: string
    }
  | { readonly _tag: "Strings"; readonly name: string; readonly description: string; readonly placeholder?: string }
  | {
      readonly _tag: "Number"
      readonly name: string
      readonly description: string
      readonly default: number
      readonly placeholder?: string
    }
  | {
      readonly _tag: "OptionalNumber"
      readonly name: string
      readonly description: string
      readonly placeholder?: string
    }

/**
 * A positional argument (a required text), e.g. `run <event>`; with
 * `variadic`, the rest of the command line (any number of words, none
 * included), e.g. `mcp-proxy`'s upstream command; with `optional`, a text
 * that may be left out (`convert [FILE]`).
 *
 * @category models
 * @since 0.1.0
 */
export interface ArgumentSpec {
  readonly _tag: "Argument"
  readonly name: string
  readonly description: string
  /** Its name in the usage line (`<Event>`); the argument's name otherwise. */
  readonly placeholder?: string
  /** Whether it takes the rest of the command line (its value is then a list of words). */
  readonly variadic?: true
  /** Whether it may be left out (its value is then an `Option`); since 0.5.0. */
  readonly optional?: true
}

/**
 * The parsed value of a flag or argument of the given spec.
 *
 * @category models
 * @since 0.1.0
 */
export type ValueOf<S> = S extends { readonly _tag: "String" }
  ? string
  : S extends { readonly _tag: "Argument"; readonly variadic: true }
    ? ReadonlyArray<string>
    : S extends { readonly _tag: "Argument"; readonly optional: true }
      ? Option.Option<string>
      : S extends { readonly _tag: "Argument" }
        ? string
        : S extends { readonly _tag: "OptionalString" }
          ? Option.Option<string>
          : S extends { readonly _tag: "Int" | "Number" }
            ? number
            : S extends { readonly _tag: "OptionalNumber" }
              ? Option.Option<number>
              : S extends { readonly _tag: "Boolean" }
                ? boolean
                : S extends { readonly _tag: "Strings" }
                  ? ReadonlyArray<string>
                  : S extends { readonly _tag: "Choice"; readonly choices: ReadonlyArray<infer C> }
                    ? C
                    : never

/**
 * A command's parameters by the key its handler reads them under.
 *
 * @category models
 * @since 0.1.0
 */
export type ParamSpecs = { readonly [key: string]: FlagSpec | ArgumentSpec }

/**
 * The parsed values of a command's parameters.
 *
 * @category models
 * @since 0.1.0
 */
export type ValuesOf<P extends ParamSpecs> = { readonly [K in keyof P]: ValueOf<P[K]> }

/** `{ placeholder }` when there is one: a spec has no `placeholder` key rather than an undefined one. */
const placeholderOf = (placeholder: string | undefined) => (placeholder === undefined ? {} : { placeholder })

/**
 * Constructors of flag and argument specs.
 *
 * **Example** (The flags of a command)
 *
 * ```ts
 * const flags = {
 *   event: FlagSpec.string("event", "The hook event"),
 *   json: FlagSpec.boolean("json", "Print JSON")
 * }
 * ```
 *
 * @category constructors
 * @since 0.1.0
 */
export const FlagSpec = {
  string: (name: string, description: string, placeholder?: string) =>
    ({ _tag: "String", name, description, ...placeholderOf(placeholder) }) as const,
  optionalString: (name: string, description: string, placeholder?: string) =>
    ({ _tag: "OptionalString", name, description, ...placeholderOf(placeholder) }) as const,
  int: (name: string, defaultValue: number, description: string, placeholder?: string) =>
    ({
      _tag: "Int",
      name,
      description,
      default: defaultValue,
      ...placeholderOf(placeholder)
    }) as const,
  boolean: (name: string, description: string) => ({ _tag: "Boolean", name, description }) as const,
  number: (name: string, defaultValue: number, description: string, placeholder?: string) =>
    ({
      _tag: "Number",
      name,
      description,
      default: defaultValue,
      ...placeholderOf(placeholder)
    }) as const,
  optionalNumber: (name: string, description: string, placeholder?: string) =>
    ({ _tag: "OptionalNumber", name, description, ...placeholderOf(placeholder) }) as const,
  strings: (name: string, description: string, placeholder?: string) =>
    ({ _tag: "Strings", name, description, ...placeholderOf(placeholder) }) as const,
  choice: <const C extends readonly [string, ...Array<string>]>(
    name: string,
    choices: C,
    defaultValue: C[number],
    description: string
  ) => ({ _tag: "Choice", name, description, choices, default: defaultValue }) as const,
  argument: (name: string, description: string, placeholder?: string): ArgumentSpec => ({
    _tag: "Argument",
    name,
    description,
    ...placeholderOf(placeholder)
  }),
  optionalArgument: (name: string, description: string, placeholder?: string) =>
    ({
      _tag: "Argument",
      name,
      description,
      optional: true,
      ...placeholderOf(placeholder)
    }) as const,
  rest: (name: string, description: string, placeholder?: string) =>
    ({
      _tag: "Argument",
      name,
      description,
      variadic: true,
      ...placeholderOf(placeholder)
    }) as const
}

/** One parameter as the usage line shows it: required ones bare, optional ones in brackets, repeatable ones with `...`. */
const usageOf = (spec: FlagSpec | ArgumentSpec): string => {
  switch (spec._tag) {
    case "Argument":
      return spec.variadic === true
        ? `[--] [<${spec.placeholder ?? spec.name}>...]`
        : spec.optional === true
          ? `[<${spec.placeholder ?? spec.name}>]`
          : `<${spec.placeholder ?? spec.name}>`
    case "String":
      return `--${spec.name} ${spec.placeholder ?? "TEXT"}`
    case "OptionalString":
      return `[--${spec.name} ${spec.placeholder ?? "TEXT"}]`
    case "Int":
    case "Number":
    case "OptionalNumber":
      return `[--${spec.name} ${spec.placeholder ?? "N"}]`
    case "Boolean":
      return `[--${spec.name}]`
    case "Choice":
      return `[--${spec.name} ${spec.choices.join("|")}]`
    case "Strings":
      return `[--${spec.name} ${spec.placeholder ?? "TEXT"}]...`
  }
}

/**
 * The usage line of a command, made from its parameter specs (the one source
 * of its flags): `wave-hooks <command>`, the positional arguments, then the
 * flags in the order of the specs, then a variadic argument (the rest of the
 * command line). Printed under the command's usage errors.
 *
 * **Example**
 *
 * ```ts
 * usageLine("run", { event: FlagSpec.argument("event", "...", "Event"), json: FlagSpec.boolean("json", "...") })
 * // "wave-hooks run <Event> [--json]"
 * ```
 *
 * @category usage
 * @since 0.3.0
 */
export const usageLine = (command: string, specs: ParamSpecs): string => {
  const all = Object.values(specs)
  const isRest = (spec: FlagSpec | ArgumentSpec) => spec._tag === "Argument" && spec.variadic === true
  const ordered = [
    ...all.filter((spec) => spec._tag === "Argument" && !isRest(spec)),
    ...all.filter((spec) => spec._tag !== "Argument"),
    ...all.filter(isRest)
  ]
  return ["wave-hooks", command, ...ordered.map(usageOf)].join(" ")
}

/** What effect/cli reads as a boolean flag's explicit value (`--json true`): such a word after a boolean flag is left to it. */
const booleanWords = new Set(["true", "yes", "on", "1", "y", "false", "no", "off", "0", "n"])

const intPattern = /^-?[0-9]+$/

/**
 * `node:util` `parseArgs({ args, options, strict: true, allowPositionals:
 * true, tokens: true })` over long options only (a `"strings"` option is
 * parseArgs' `multiple` string): `undefined` where it throws (an unknown
 * option, a short option, a boolean with a value, a string without one or
 * with one that starts with `-`). A hand-written copy saved 0.55 ms of a
 * process's first parse (median of 25 fresh processes: 0.73 ms against
 * 0.18 ms), about 0.5% of `wave-hooks run`'s 100 ms: not worth a second
 * parser.
 */
const parseLongOptions = (
  args: ReadonlyArray<string>,
  options: { readonly [name: string]: "string" | "boolean" | "strings" }
) => {
  try {
    return parseArgs({
      args: [...args],
      options: Object.fromEntries(
        Object.entries(options).map(([name, type]) => [
          name,
          type === "strings" ? { type: "string" as const, multiple: true } : { type }
        ])
      ),
      strict: true,
      allowPositionals: true,
      tokens: true
    })
  } catch {
    return undefined
  }
}

/**
 * Parse a command's arguments (after the command name) for a fast path, as
 * `node:util` `parseArgs` would (`parseLongOptions`). Returns `undefined` for anything outside the plain
 * forms (`--name value`, `--name=value`, bare boolean flags, the positional
 * arguments in order): unknown, missing, repeated or malformed flags, `--help`,
 * `--`, a boolean flag followed by a word such as `true`, an integer effect/cli
 * would read differently, a `Number` or `OptionalNumber` flag that is given
 * (effect/cli reads those), a variadic argument. The caller then hands the whole command line to the
 * effect/cli parser, which prints the usage error or the help. Whatever this
 * accepts, effect/cli accepts with the same values (a property test checks it).
 *
 * **Example**
 *
 * ```ts
 * parseFast({ event: FlagSpec.string("event", "..."), json: FlagSpec.boolean("json", "...") }, ["--event", "Stop", "--json"])
 * // { event: "Stop", json: true }
 * parseFast({ event: FlagSpec.string("event", "...") }, ["--help"]) // undefined
 * ```
 *
 * @category parsing
 * @since 0.1.0
 */
export const parseFast = <P extends ParamSpecs>(specs: P, args: ReadonlyArray<string>): ValuesOf<P> | undefined => {
  const entries = Object.entries(specs)
  if (entries.some(([, spec]) => spec._tag === "Argument" && (spec.variadic === true || spec.optional === true)))
    return undefined
  const flags = entries.filter((entry): entry is [string, FlagSpec] => entry[1]._tag !== "Argument")
  const positional = entries.filter(([, spec]) => spec._tag === "Argument").map(([key]) => key)
  const options: Record<string, "string" | "boolean" | "strings"> = {}
  for (const [, spec] of flags)
    options[spec.name] = spec._tag === "Boolean" ? "boolean" : spec._tag === "Strings" ? "strings" : "string"
  const parsed = parseLongOptions(args, options)
  if (parsed === undefined) return undefined
  const seen = new Set<string>()
  const { tokens } = parsed
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    if (token.kind === "option-terminator") return undefined
    if (token.kind !== "option") continue
    if (seen.has(token.name) && options[token.name] !== "strings") return undefined
    seen.add(token.name)
    const next = tokens[i + 1]
    if (options[token.name] === "boolean" && next?.kind === "positional" && booleanWords.has(next.value))
      return undefined
  }
  if (parsed.positionals.length !== positional.length) return undefined
  const values: Record<string, unknown> = {}
  positional.forEach((key, i) => {
    values[key] = parsed.positionals[i]
  })
  for (const [key, spec] of flags) {
    const raw = parsed.values[spec.name]
    switch (spec._tag) {
      case "String":
        if (typeof raw !== "string") return undefined
        values[key] = raw
        break
      case "OptionalString":
        values[key] = typeof raw === "string" ? Option.some(raw) : Option.none()
        break
      case "Int": {
        if (raw === undefined) {
          values[key] = spec.default
          break
        }
        if (typeof raw !== "string" || !intPattern.test(raw)) return undefined
        const n = Number(raw)
        if (!Number.isSafeInteger(n)) return undefined
        values[key] = n
        break
      }
      case "Boolean":
        values[key] = raw === true
        break
      case "Strings":
        values[key] = Array.isArray(raw) ? raw : []
        break
      case "Number":
      case "OptionalNumber":
        if (raw !== undefined) return undefined
        values[key] = spec._tag === "Number" ? spec.default : Option.none()
        break
      case "Choice":
        if (raw === undefined) values[key] = spec.default
        else if (typeof raw === "string" && spec.choices.includes(raw)) values[key] = raw
        else return undefined
        break
    }
  }
  return values as ValuesOf<P>
}
