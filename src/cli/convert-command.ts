/**
 * `wave-hooks convert --from <dialect> --to <dialect> [FILE]`: a settings file written for another agent,
 * with what cannot be carried over and why. It never writes a file.
 *
 * @since 0.5.0
 */
import { Console, Effect, Option } from "effect"
import { Command } from "effect/cli"
import { existsSync, readdirSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import type { Dialect } from "../core/dialect.ts"
import { dialectRules, dialects } from "../core/dialect.ts"
import { escapeControl, escapeJsonControl } from "../internal/escape-control.ts"
import { convertSettings } from "../settings/convert-settings.ts"
import { resolveProjectDir, settingsParams } from "./common-flags.ts"
import { toEffectParams } from "./effect-params.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"
import { readFileText } from "./read-text.ts"
import { ExitWith, UsageError } from "./usage-error.ts"

/**
 * The parameters of `convert`: the file, `--from`, `--to`, `--target`, `--project-dir` and `--json`.
 *
 * @category flags
 * @since 0.5.0
 */
export const convertParams = {
  file: FlagSpec.optionalArgument(
    "file",
    "The settings file to convert (default: the --from dialect's project settings file in the project)",
    "FILE"
  ),
  from: FlagSpec.string("from", `The dialect FILE is written in: ${dialects.join(", ")}`, "DIALECT"),
  to: FlagSpec.string("to", `The dialect to write it in: ${dialects.join(", ")}`, "DIALECT"),
  target: FlagSpec.optionalString(
    "target",
    "Which of the --to dialect's settings files to write, by name (e.g. config.toml for codex, settings.local.json; default: its project file)",
    "NAME"
  ),
  projectDir: settingsParams.projectDir,
  json: FlagSpec.boolean("json", 'Print {"text", "target", "notes":[{severity, path, problem, fix}]} on stdout')
}

/** The usage line of `convert`, printed under its usage errors (made from `convertParams`). */
const usage = usageLine("convert", convertParams)

const isDialect = (name: string): name is Dialect => (dialects as ReadonlyArray<string>).includes(name)

const dialectFlag = (flag: "from" | "to", value: string): Effect.Effect<Dialect, UsageError> =>
  isDialect(value)
    ? Effect.succeed(value)
    : Effect.fail(
        new UsageError({
          message: `--${flag} ${JSON.stringify(value)} is not a dialect. Write one of ${dialects.join(", ")}.`,
          usage
        })
      )

/** Whether a settings file row's path names a file (`hooks.json` for Copilot's `.github/hooks/*.json`). */
const namesFile = (path: string, name: string): boolean => {
  if (path === name || path.endsWith(`/${name}`)) return true
  if (!path.includes("*")) return false
  const base = path
    .split("/")
    .pop()!
    .replace(/[.+?^${}()|[\]\\]/gu, "\\$&")
    .replace("*", "[^/]+")
  return new RegExp(`(?:^|/)${base}$`, "u").test(name)
}

/** The files of a row in the project: the file itself, or those of a folder row (`.github/hooks/*.json`), sorted. */
const filesOf = (projectDir: string, path: string): ReadonlyArray<string> => {
  if (!path.includes("*")) return existsSync(join(projectDir, path)) ? [path] : []
  const folder = dirname(path)
  if (!existsSync(join(projectDir, folder))) return []
  return readdirSync(join(projectDir, folder))
    .filter((name) => namesFile(path, name))
    .sort()
    .map((name) => `${folder}/${name}`)
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

/**
 * `convert`: prints the converted file on stdout (with `--json`, one object `{text, target, notes}`) and the
 * notes on stderr, one a line as `severity: JSON-PATH: problem; fix`, then a summary; exit 0 when nothing
 * was lost, 1 when something could not be carried over (an error note), 2 on a usage error (an unknown
 * dialect, a missing or unreadable file).
 *
 * @category commands
 * @since 0.5.0
 */
export const convertCommand = Command.make(
  "convert",
  toEffectParams(convertParams),
  Effect.fn("convert")(function* (flags) {
    const from = yield* dialectFlag("from", flags.from)
    const to = yield* dialectFlag("to", flags.to)
    const target = Option.getOrUndefined(flags.target)
    const targets = dialectRules[to].settingsFiles.filter((row) => row.scope !== "user").map((row) => row.path)
    if (target !== undefined && !targets.some((path) => namesFile(path, target)))
      return yield* new UsageError({
        message: `--target ${JSON.stringify(target)} is not one of ${to}'s settings files. Write one of ${targets.join(", ")}.`,
        usage
      })
    const projectDir = yield* resolveProjectDir(flags.projectDir, usage)
    const sources = dialectRules[from].settingsFiles.filter((row) => row.scope !== "user").map((row) => row.path)
    const given = Option.getOrUndefined(flags.file)
    const found = sources.map((path) => filesOf(projectDir, path)).find((files) => files.length > 0) ?? []
    if (given === undefined && found.length > 1)
      return yield* new UsageError({
        message: `${projectDir} has several of ${from}'s hooks files (${found.join(", ")}). Pass the one to convert.`,
        usage
      })
    const file = given ?? found[0]
    if (file === undefined)
      return yield* new UsageError({
        message: `no FILE given, and ${projectDir} has none of ${from}'s settings files (${sources.join(", ")}). Pass the file to convert.`,
        usage
      })
    const path = given === undefined ? join(projectDir, file) : resolve(file)
    const text = yield* readFileText(path).pipe(
      Effect.mapError(
        (failure) => new UsageError({ message: `cannot read ${escapeControl(path)}: ${failure.message}.`, usage })
      )
    )
    const converted = convertSettings(text, { from, to, file, ...(target === undefined ? {} : { target }) })
    for (const n of converted.notes)
      yield* Console.error(escapeControl(`${n.severity}: ${n.path}: ${n.problem}; ${n.fix}`))
    if (!converted.readable)
      return yield* new UsageError({
        message: `${escapeControl(file)} cannot be read as ${from} settings; nothing was converted.`,
        usage
      })
    if (flags.json)
      yield* Console.log(
        escapeJsonControl(JSON.stringify({ text: converted.text, target: converted.target, notes: converted.notes }))
      )
    else yield* Console.log(escapeJsonControl(converted.text.replace(/\n$/u, "")))
    const count = (severity: string) => converted.notes.filter((n) => n.severity === severity).length
    const errors = count("error")
    yield* Console.error(
      escapeControl(
        `${file} (${from}) converted for ${converted.target} (${to}): ${plural(errors, "error")}, ${plural(count("warning"), "warning")}, ${plural(count("info"), "note")}.` +
          (errors > 0 ? " Something could not be carried over: see the errors above." : "")
      )
    )
    if (errors > 0) return yield* new ExitWith({ status: 1, message: "not everything was carried over" })
  })
).pipe(
  Command.withDescription(
    "Convert a settings file to another dialect: the file on stdout, what cannot be carried over on stderr"
  )
)
