/**
 * Arbitraries for whole `HookRun` values (ARCHITECTURE section 2): runs that
 * exited with a numeric code and runs that did not exit by themselves
 * (`exitCode: null` with a timeout, a signal or a spawn error), with or
 * without truncation and a command name.
 */
import * as fc from "fast-check"
import type { Dialect, HookEvent, HookRun } from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import { exitCodeArbFor, exoticExitCodeArb } from "./exit-codes.ts"
import { hookOutputArb } from "./hook-output.ts"
import { plainStdoutArb, serializedJsonArb, stdoutArb } from "./stdout.ts"
import { weirdStringArb } from "./strings.ts"

/** How long a run took: usual values and NaN, infinities, negatives. */
export const durationMsArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 600_000 }), weight: 4 },
  { arbitrary: fc.double(), weight: 1 }
)

/** Which streams the runner cut, at what size. */
export const truncatedStreamsArb: fc.Arbitrary<NonNullable<HookRun["truncatedStreams"]>> = fc.array(
  fc.record({
    stream: fc.constantFrom<"stdout" | "stderr">("stdout", "stderr"),
    limitBytes: fc.oneof(fc.constantFrom(1024 * 1024, 64 * 1024, 1000), fc.nat())
  }),
  { maxLength: 2 }
)

/** A hook command as the runner records it (used in default texts). */
export const commandArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom("./guard.sh", "npx eslint --fix", "", "   ", "x".repeat(120)), weight: 1 },
  { arbitrary: weirdStringArb, weight: 2 }
)

/** The optional fields of a run. */
export type RunExtras = Pick<HookRun, "truncated" | "truncatedStreams" | "command">

/** `arb`'s value about once in `every` times, else `undefined`. */
const rarely = <A>(arb: fc.Arbitrary<A>, every: number): fc.Arbitrary<A | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: every - 1 }, { arbitrary: arb, weight: 1 })

/**
 * The optional fields every run may carry: truncation flags (set about once in
 * eight runs each, so they do not drown the rest) and the command.
 */
export const runExtrasArb: fc.Arbitrary<RunExtras> = fc
  .tuple(rarely(fc.boolean(), 8), rarely(truncatedStreamsArb, 8), fc.option(commandArb, { nil: undefined }))
  .map(([truncated, truncatedStreams, command]) => ({
    ...(truncated === undefined ? {} : { truncated }),
    ...(truncatedStreams === undefined ? {} : { truncatedStreams }),
    ...(command === undefined ? {} : { command })
  }))

/**
 * A run that exited by itself with a code from `exitCode` (default: any
 * numeric exit code, each class of `dialect`'s rows often), stdout from `stdout` (default: any shape for `event`, JSON
 * in `dialect`'s vocabulary, for the agent's event `agentEvent` names where several fire `event`: Cursor's),
 * stderr from `stderr` and optional fields from `extras`.
 */
export const exitedRunArb = (
  event: HookEvent,
  options: {
    readonly exitCode?: fc.Arbitrary<number>
    readonly stdout?: fc.Arbitrary<string>
    readonly stderr?: fc.Arbitrary<string>
    readonly extras?: fc.Arbitrary<RunExtras>
    readonly dialect?: Dialect
    readonly agentEvent?: string | undefined
  } = {}
): fc.Arbitrary<HookRun> =>
  fc
    .tuple(
      options.exitCode ?? exitCodeArbFor(options.dialect),
      options.stdout ?? stdoutArb(event, options.dialect, options.agentEvent),
      options.stderr ?? weirdStringArb,
      durationMsArb,
      options.extras ?? runExtrasArb
    )
    .map(([exitCode, stdout, stderr, durationMs, extras]) => ({
      ...extras,
      exitCode,
      stdout,
      stderr,
      durationMs,
      timedOut: false
    }))

/**
 * A run that did not exit by itself (`exitCode: null`): timed out, killed by
 * a signal, or not started; its stdout and stderr (anything) must be ignored.
 */
export const failedRunArb = (event: HookEvent, dialect: Dialect = "wave", agentEvent?: string): fc.Arbitrary<HookRun> =>
  fc
    .tuple(
      stdoutArb(event, dialect, agentEvent),
      weirdStringArb,
      durationMsArb,
      fc.boolean(),
      fc.record(
        {
          signal: fc.oneof(fc.constantFrom("SIGTERM", "SIGKILL", "SIGSEGV"), weirdStringArb),
          spawnError: fc.oneof(fc.constantFrom("ENOENT", "EACCES: permission denied"), weirdStringArb)
        },
        { requiredKeys: [] }
      ),
      runExtrasArb
    )
    .map(([stdout, stderr, durationMs, timedOut, failure, extras]) => ({
      ...extras,
      ...failure,
      exitCode: null,
      stdout,
      stderr,
      durationMs,
      timedOut
    }))

/** Nothing on stdout once trimmed: where a dialect that reads stderr when stdout is empty reads it. */
export const blankStdoutArb: fc.Arbitrary<string> = fc.constantFrom("", " \n", "\uFEFF", "\t")

/**
 * An answer on stderr (`answerText: "stdout-else-stderr"`, Gemini CLI): a blank stdout and, on stderr, a JSON answer
 * for `event` in `dialect`'s vocabulary or text.
 */
export const stderrAnswerRunArb = (
  event: HookEvent,
  dialect: Dialect,
  exitCode: fc.Arbitrary<number> = exitCodeArbFor(dialect)
): fc.Arbitrary<HookRun> =>
  exitedRunArb(event, {
    exitCode,
    stdout: blankStdoutArb,
    stderr: fc.oneof(
      serializedJsonArb(hookOutputArb(event, dialect), { noisy: false }),
      plainStdoutArb,
      weirdStringArb
    ),
    dialect
  })

/**
 * Any run for `event`: mostly exited ones, sometimes failed ones; JSON in `dialect`'s vocabulary (for the agent's
 * event `agentEvent` names), and where the dialect reads stderr when stdout is empty, an answer on stderr one time
 * in five.
 */
export const hookRunArb = (event: HookEvent, dialect: Dialect = "wave", agentEvent?: string): fc.Arbitrary<HookRun> =>
  dialectRules[dialect].answerText === "stdout-else-stderr"
    ? fc.oneof(
        { arbitrary: exitedRunArb(event, { dialect, agentEvent }), weight: 6 },
        { arbitrary: stderrAnswerRunArb(event, dialect), weight: 2 },
        { arbitrary: failedRunArb(event, dialect, agentEvent), weight: 1 }
      )
    : fc.oneof(
        { arbitrary: exitedRunArb(event, { dialect, agentEvent }), weight: 6 },
        { arbitrary: failedRunArb(event, dialect, agentEvent), weight: 1 }
      )

/** Any run, including exit codes no process can have (NaN, fractions): for totality. */
export const anyHookRunArb = (
  event: HookEvent,
  dialect: Dialect = "wave",
  agentEvent?: string
): fc.Arbitrary<HookRun> =>
  fc.oneof(
    { arbitrary: exitedRunArb(event, { exitCode: exoticExitCodeArb, dialect, agentEvent }), weight: 6 },
    { arbitrary: stderrAnswerRunArb(event, dialect, exoticExitCodeArb), weight: 1 },
    { arbitrary: failedRunArb(event, dialect, agentEvent), weight: 1 }
  )
