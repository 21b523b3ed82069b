/**
 * `wave-hooks test`: run a hook once against a fixture payload and compare
 * its effects with the expected ones. How hook authors test their hooks.
 *
 * @since 0.1.0
 */
import { Console, Effect, FileSystem, Option, Predicate, Result, Schema } from "effect"
import { Command } from "effect/cli"
import { diffEffects, formatEffectsDiff } from "../core/compare-effects.ts"
import { decide } from "../core/decide.ts"
import type { Dialect } from "../core/dialect.ts"
import type { HookEvent } from "../core/events.ts"
import type { HookRun } from "../core/hook-run.ts"
import type { JsonRecord } from "../core/payload.ts"
import { buildPayload } from "../core/payload.ts"
import type { HookEffectTag } from "../effects/hook-effect.ts"
import { HookEffect, hookEffectTags } from "../effects/hook-effect.ts"
import { hookEnvironment } from "../runner/hook-env.ts"
import { hookCommandLine } from "../runner/hook-command-line.ts"
import { runHookProcess } from "../runner/hook-process.ts"
import type { EnvFileOutcome } from "../runner/hook-run-setup.ts"
import { runWithSetup } from "../runner/hook-run-setup.ts"
import { homeDir, resolveProjectDir, settingsParams } from "./common-flags.ts"
import { runDialectFor } from "../runner/settings-files.ts"
import { toEffectParams } from "./effect-params.ts"
import { parseEvent } from "./decision-input.ts"
import { readProblem } from "./read-text.ts"
import { effectLine } from "./run-program.ts"
import { escapeControl } from "../internal/escape-control.ts"
import { ExitWith, UsageError } from "./usage-error.ts"
import { decisionParams } from "./decision-input.ts"
import type { ValuesOf } from "./flag-spec.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"

/**
 * The parameters of `test`: the hook command, the event, the payload and
 * expect files, `--on-failure`, `--timeout`, `--project-dir` and `--dialect`
 * (no `--plugin-dir`: `test` runs the one command it is given, not settings).
 *
 * @category flags
 * @since 0.3.0
 */
export const testParams = {
  command: FlagSpec.argument("hook-command", "The hook command, as in settings"),
  event: FlagSpec.string("event", "The hook event, e.g. PreToolUse", "<Event>"),
  payload: FlagSpec.string("payload", "A JSON file with the event's fields", "FILE"),
  expect: FlagSpec.optionalString(
    "expect",
    'A JSON file with the expected effects: {"effects": [...]} or [...]; without it, what the hook produced is printed in that format, to save as one',
    "FILE"
  ),
  onFailure: decisionParams.onFailure,
  timeout: FlagSpec.int("timeout", 60, "Seconds before the hook is killed (default 60)", "SECONDS"),
  projectDir: settingsParams.projectDir,
  dialect: settingsParams.dialect
}

/** The usage line of `test`, printed under its usage errors (made from `testParams`). */
const usage = usageLine("test", testParams)

const readJson = (path: string, what: string): Effect.Effect<unknown, UsageError, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const text = yield* fs
      .readFileString(path)
      .pipe(
        Effect.mapError(
          (e) =>
            new UsageError({ message: `Could not read ${what} ${path}: ${readProblem(e)}. Check the path.`, usage })
        )
      )
    try {
      return JSON.parse(text) as unknown
    } catch (error) {
      return yield* new UsageError({
        message: `${what} ${path} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
        usage
      })
    }
  })

const decodeExpected = Schema.decodeUnknownResult(Schema.Array(HookEffect))
const encodeEffects = Schema.encodeSync(Schema.Array(HookEffect))

/** The expected effects of an `--expect` file: `{"effects": [...]}` or a bare list. */
const readExpected = (path: string): Effect.Effect<ReadonlyArray<HookEffect>, UsageError, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const expectedJson = yield* readJson(path, "--expect")
    const list =
      Predicate.isObject(expectedJson) && "effects" in expectedJson
        ? (expectedJson as JsonRecord)["effects"]
        : expectedJson
    const unknownTag = Array.isArray(list)
      ? list.findIndex(
          (e: unknown) =>
            !(Predicate.isObject(e) && hookEffectTags.includes((e as JsonRecord)["_tag"] as HookEffectTag))
        )
      : -1
    if (unknownTag !== -1) {
      const found = (list as ReadonlyArray<unknown>)[unknownTag]
      return yield* new UsageError({
        message:
          `--expect ${path}: effect [${unknownTag}] has no known "_tag" (found ${JSON.stringify(found)}). ` +
          `Valid tags: ${hookEffectTags.join(", ")}.`,
        usage
      })
    }
    const decoded = decodeExpected(list)
    if (Result.isFailure(decoded)) {
      return yield* new UsageError({
        message: `--expect ${path} does not hold a list of effects: ${decoded.failure.message.replace(/\n\s*/g, " ")}`,
        usage
      })
    }
    return decoded.success
  })

/**
 * The effects a hook produced as the text of an expect file
 * (`{"effects": [...]}`, two-space indented, one final newline): what
 * `test` without `--expect` prints, so a hook author can save it and edit it.
 *
 * @category formatting
 * @since 0.2.0
 */
const expectFileText = (effects: ReadonlyArray<HookEffect>): string =>
  `${JSON.stringify({ effects: encodeEffects(effects) }, null, 2)}\n`

/** The parsed flags of `test`. */
type TestFlags = ValuesOf<typeof testParams>

/** What `test` checked before running the hook: the event, the project, the payload and the expected effects (if any). */
interface TestInputs {
  readonly event: HookEvent
  readonly projectDir: string
  readonly payload: JsonRecord
  readonly expectPath: string | undefined
  readonly expected: ReadonlyArray<HookEffect> | undefined
}

/**
 * Check `test`'s flags and read its files: a usage error (exit 2) for an
 * unknown event, a project folder that is not one, a payload that is not a
 * JSON object, an expect file that holds no effects, or a timeout that is
 * not positive.
 */
const readTestInputs = (flags: TestFlags): Effect.Effect<TestInputs, UsageError, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const event = yield* parseEvent(flags.event, usage, flags.dialect)
    const projectDir = yield* resolveProjectDir(flags.projectDir, usage)
    const payload = yield* readJson(flags.payload, "--payload")
    if (!Predicate.isObject(payload)) {
      return yield* new UsageError({
        message: `--payload ${flags.payload} must hold a JSON object of ${event} fields.`,
        usage
      })
    }
    const expectPath = Option.getOrUndefined(flags.expect)
    const expected = expectPath === undefined ? undefined : yield* readExpected(expectPath)
    if (flags.timeout <= 0)
      return yield* new UsageError({ message: "--timeout must be a positive number of seconds.", usage })
    return { event, projectDir, payload: payload as JsonRecord, expectPath, expected }
  })

/**
 * Run the hook command once, as `run` would run it: HOOK_EVENT in the wave
 * dialect, an env file on SessionStart and the like, in the shell a settings
 * hook without "shell" runs in (bash; /bin/sh when bash is missing).
 */
const runTestedHook = (flags: TestFlags, inputs: TestInputs, dialect: Dialect) => {
  const { event, projectDir, payload } = inputs
  const input = buildPayload(
    event,
    payload,
    { session_id: "wave-hooks-test", transcript_path: "", cwd: projectDir },
    dialect
  )
  const environment = (engine: { readonly [name: string]: string }) =>
    hookEnvironment(process.env, undefined, projectDir, dialect, { engine })
  return runWithSetup({ event, dialect, payload, environment }, (engine) => {
    const env = environment(engine)
    const line = hookCommandLine({ command: flags.command }, env["PATH"])
    return runHookProcess({
      command: flags.command,
      ...(line._tag === "Spawn" ? { argv: line.argv } : {}),
      cwd: projectDir,
      env,
      input: JSON.stringify(input),
      timeoutMs: flags.timeout * 1000
    })
  })
}

/** What the env file did, one indented line each: the variables it set, why it was not used, the lines it ignored. */
const envFileLines = (envFile: EnvFileOutcome | undefined): ReadonlyArray<string> => [
  ...Object.entries(envFile?.variables ?? {}).map(([name, value]) => `  env file: ${name}=${JSON.stringify(value)}`),
  ...(envFile?.refused === undefined ? [] : [`  env file not used: it ${envFile.refused}`]),
  ...(envFile?.problems ?? []).map((p) => `  env file line ${p.line} ignored: ${p.problem}: ${JSON.stringify(p.text)}`)
]

/** How the hook ended: `exited N`, `timed out`, or its signal or spawn error. */
const howItEnded = (run: HookRun): string =>
  run.timedOut
    ? "timed out"
    : run.exitCode === null
      ? (run.signal ?? run.spawnError ?? "failed")
      : `exited ${run.exitCode}`

/** `effect` or `effects`, after a count. */
const effectsWord = (count: number): string => (count === 1 ? "effect" : "effects")

/**
 * Without `--expect`: the produced effects as an expect file on stdout;
 * the summary, the env file's lines and the hook's stderr on stderr.
 */
const printAsExpectFile = (
  event: HookEvent,
  run: HookRun,
  actual: ReadonlyArray<HookEffect>,
  envLines: ReadonlyArray<string>
) =>
  Effect.gen(function* () {
    yield* Console.log(expectFileText(actual).trimEnd())
    yield* Console.error(
      `${event}: the hook ${howItEnded(run)} in ${run.durationMs} ms and produced ${actual.length} ${effectsWord(actual.length)}, printed above as an expect file; ` +
        `save it (wave-hooks test ... > expect.json), check it, and pass it as --expect.`
    )
    for (const line of envLines) yield* Console.error(escapeControl(line))
    if (run.stderr.trim().length > 0) yield* Console.error(escapeControl(`  hook stderr: ${run.stderr.trim()}`))
  })

/**
 * With `--expect`: `ok` when the effects match; else `FAIL` with the diff,
 * every produced effect and the hook's stderr, and exit 1.
 */
const compareWithExpected = (
  event: HookEvent,
  run: HookRun,
  actual: ReadonlyArray<HookEffect>,
  expected: ReadonlyArray<HookEffect>,
  expectPath: string | undefined,
  envLines: ReadonlyArray<string>
) =>
  Effect.gen(function* () {
    const how = howItEnded(run)
    const diff = diffEffects(expected, actual)
    if (diff.missing.length === 0 && diff.unexpected.length === 0 && !diff.orderDiffers) {
      yield* Console.log(
        `ok: ${event}: the hook ${how} in ${run.durationMs} ms and produced the ${actual.length} expected ${effectsWord(actual.length)}.`
      )
      for (const line of envLines) yield* Console.log(escapeControl(line))
      return
    }
    yield* Console.log(
      `FAIL: ${event}: the hook ${how} in ${run.durationMs} ms; its effects differ from ${expectPath}:`
    )
    yield* Console.log(formatEffectsDiff(diff, expected, actual))
    yield* Console.log("  all produced effects:")
    for (const effect of actual) yield* Console.log(`    ${effectLine(effect)}`)
    for (const line of envLines) yield* Console.log(escapeControl(line))
    if (run.stderr.trim().length > 0) yield* Console.log(`  hook stderr: ${run.stderr.trim()}`)
    return yield* new ExitWith({ status: 1, message: "effects differ" })
  })

/**
 * `test`: exit 0 when the effects match, 1 on a mismatch (with a diff), 2 on
 * bad arguments. Without `--expect` it prints what the hook produced as an
 * expect file on stdout (the summary on stderr) and exits 0.
 *
 * @category commands
 * @since 0.1.0
 */
export const testCommand = Command.make(
  "test",
  toEffectParams(testParams),
  Effect.fn("test")(function* (flags) {
    const inputs = yield* readTestInputs(flags)
    // Without --dialect, the hook runs as the project's agent would run it (claude-code in a Claude Code-only project).
    const dialect =
      flags.dialect === "auto"
        ? yield* runDialectFor({ projectDir: inputs.projectDir, homeDir: homeDir() })
        : flags.dialect
    const { envFile, run } = yield* runTestedHook(flags, inputs, dialect)
    const actual = decide(inputs.event, run, { dialect, onFailure: flags.onFailure })
    const envLines = envFileLines(envFile)
    if (inputs.expected === undefined) return yield* printAsExpectFile(inputs.event, run, actual, envLines)
    return yield* compareWithExpected(inputs.event, run, actual, inputs.expected, inputs.expectPath, envLines)
  })
).pipe(
  Command.withDescription("Run a hook once against a fixture payload and compare its effects with the expected ones")
)
