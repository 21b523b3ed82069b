/**
 * Arbitraries around the common answers of src/core/common-answers.ts: the
 * exact shapes, and near misses of each (extra keys, wrong types, another
 * event's name, non-string reasons, repeated keys), as stdout text with odd
 * spacing, around runs of every exit-code class, in both dialects.
 */
import * as fc from "fast-check"
import type { DecideOptions, HookEvent, HookRun } from "../../src/index.ts"
import { hookEvents } from "../../src/index.ts"
import { failureExitCodeArb } from "./exit-codes.ts"
import { runExtrasArb } from "./hook-runs.ts"
import { policyArb } from "./policies.ts"
import { paddingArb, shortWeirdStringArb } from "./strings.ts"

/** One key and its value, serialized as given (so a key may repeat, as hooks sometimes print it). */
type Entry = readonly [string, unknown]

/** The events the common shapes are about, about half the time; any event otherwise. */
export const commonEventArb: fc.Arbitrary<HookEvent> = fc.oneof(
  { arbitrary: fc.constantFrom<HookEvent>("PreToolUse", "PreModelSwitch"), weight: 2 },
  { arbitrary: fc.constantFrom<HookEvent>("Stop", "PostToolUse", "UserPromptSubmit", "PreCompact"), weight: 1 },
  { arbitrary: fc.constantFrom(...hookEvents), weight: 2 }
)

/** A value of the wrong type for any field of a common shape. */
export const wrongTypeArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, 0, 1, true, false, [], {}, ["deny"], { behavior: "deny" }),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 })
)

/** A reason: awkward strings (controls, unicode, empty) mostly, else the wrong type. */
export const reasonValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: shortWeirdStringArb, weight: 3 },
  { arbitrary: fc.constantFrom("rm -rf is not allowed", "", " ", "\u0000", "\u{1F642} ok", "a\nb"), weight: 2 },
  { arbitrary: wrongTypeArb, weight: 1 }
)

/** A `permissionDecision`: allow, deny or ask mostly; defer, other spellings or types otherwise. */
export const permissionDecisionValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom("allow", "deny", "ask"), weight: 6 },
  { arbitrary: fc.constantFrom("defer", "Allow", " deny", "block", "approve", ""), weight: 1 },
  { arbitrary: wrongTypeArb, weight: 1 }
)

/** A `hookEventName` for `event`: the event itself mostly; another event, a near spelling or a wrong type otherwise. */
export const hookEventNameValueArb = (event: HookEvent): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.constant(event), weight: 6 },
    { arbitrary: fc.constantFrom(...hookEvents), weight: 1 },
    { arbitrary: fc.constantFrom(event.toLowerCase(), `${event} `, ""), weight: 1 },
    { arbitrary: wrongTypeArb, weight: 1 }
  )

/** A key no common shape has, with a value: other known fields, unknown ones, `__proto__`. */
export const extraEntryArb: fc.Arbitrary<Entry> = fc.tuple(
  fc.constantFrom(
    "updatedInput",
    "additionalContext",
    "systemMessage",
    "continue",
    "suppressOutput",
    "stopReason",
    "terminalSequence",
    "permissionDecisionReasons",
    "__proto__",
    "toString",
    "Decision",
    "hookSpecificOutput",
    "decision",
    "reason"
  ),
  fc.oneof(fc.constantFrom({ command: "ls" }, "text", false, true), wrongTypeArb)
)

/** `entries`, then now and then one extra entry at a random place, or an entry repeated. */
const nearMissEntries = (entries: ReadonlyArray<Entry>): fc.Arbitrary<ReadonlyArray<Entry>> =>
  fc.oneof(
    { arbitrary: fc.constant(entries), weight: 4 },
    {
      arbitrary: fc
        .tuple(extraEntryArb, fc.nat({ max: entries.length }))
        .map(([extra, at]) => [...entries.slice(0, at), extra, ...entries.slice(at)]),
      weight: 1
    },
    {
      arbitrary: fc
        .nat({ max: Math.max(0, entries.length - 1) })
        .map((at) => (entries.length === 0 ? entries : [...entries, entries[at]!])),
      weight: 1
    }
  )

/** Some of `entries`, in any order (each kept with probability about 3/4). */
const someOf = (entries: ReadonlyArray<Entry>): fc.Arbitrary<ReadonlyArray<Entry>> =>
  fc
    .tuple(fc.shuffledSubarray([...entries], { minLength: 0 }), fc.boolean())
    .map(([kept, all]) => (all ? entries : kept))

/** The permission `hookSpecificOutput` of `event`, exact or near. */
export const permissionOutputArb = (event: HookEvent): fc.Arbitrary<ReadonlyArray<Entry>> =>
  fc
    .tuple(hookEventNameValueArb(event), permissionDecisionValueArb, reasonValueArb, fc.boolean())
    .chain(([name, decision, reason, withReason]) => {
      const entries: Array<Entry> = [
        ["hookEventName", name],
        ["permissionDecision", decision]
      ]
      if (withReason) entries.push(["permissionDecisionReason", reason])
      return someOf(entries).chain(nearMissEntries)
    })

/** The top-level entries of a common answer to `event` (or a near miss): empty, block, or permission. */
export const commonAnswerEntriesArb = (event: HookEvent): fc.Arbitrary<ReadonlyArray<Entry>> =>
  fc.oneof(
    { arbitrary: fc.constant([]), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.oneof({ arbitrary: fc.constant("block"), weight: 4 }, { arbitrary: wrongTypeArb, weight: 1 }),
          reasonValueArb
        )
        .chain(([decision, reason]) =>
          someOf([
            ["decision", decision],
            ["reason", reason]
          ])
        )
        .chain(nearMissEntries),
      weight: 2
    },
    {
      arbitrary: fc
        .tuple(
          permissionOutputArb(event),
          fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: wrongTypeArb, weight: 1 })
        )
        .map(([inner, wrong]): ReadonlyArray<Entry> => [["hookSpecificOutput", wrong ?? raw(inner)]])
        .chain(nearMissEntries),
      weight: 4
    }
  )

/** Entries to print as a JSON object as they are (keys may repeat). */
interface Raw {
  readonly raw: ReadonlyArray<Entry>
}

const rawProto = {}

const isRaw = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === rawProto

const raw = (entries: ReadonlyArray<Entry>): Raw => Object.assign(Object.create(rawProto) as object, { raw: entries })

/** `entries` as JSON text, compact or spaced, keys in order and repeated as given. */
const printed = (entries: ReadonlyArray<Entry>, spaced: boolean): string => {
  const sep = spaced ? ",\n  " : ","
  const body = entries
    .map(
      ([key, value]) =>
        `${JSON.stringify(key)}:${spaced ? " " : ""}${isRaw(value) ? printed(value.raw, spaced) : JSON.stringify(value)}`
    )
    .join(sep)
  return spaced ? `{\n  ${body}\n}` : `{${body}}`
}

/** Stdout holding a common answer to `event` or a near miss, with white space around it, and now and then a log line before it. */
export const commonAnswerStdoutArb = (event: HookEvent): fc.Arbitrary<string> =>
  fc
    .tuple(
      commonAnswerEntriesArb(event),
      fc.boolean(),
      paddingArb,
      paddingArb,
      fc.oneof({ arbitrary: fc.constant(""), weight: 6 }, { arbitrary: fc.constant("building...\n"), weight: 1 })
    )
    .map(([entries, spaced, before, after, log]) => `${log}${before}${printed(entries, spaced)}${after}`)

/** An exit code: 0, 1 and 2 often, any other class now and then. */
export const commonExitCodeArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constantFrom(0, 1, 2), weight: 4 },
  { arbitrary: failureExitCodeArb, weight: 1 }
)

/** An event, a run of it whose stdout is a common answer or a near miss, and a policy in either dialect. */
export const commonAnswerInputArb: fc.Arbitrary<{
  readonly event: HookEvent
  readonly run: HookRun
  readonly policy: DecideOptions
}> = commonEventArb.chain((event) =>
  fc
    .record({
      exitCode: commonExitCodeArb,
      stdout: commonAnswerStdoutArb(event),
      stderr: fc.oneof(fc.constant(""), shortWeirdStringArb),
      extras: runExtrasArb,
      policy: policyArb
    })
    .map(({ exitCode, stdout, stderr, extras, policy }) => ({
      event,
      policy,
      run: { ...extras, exitCode, stdout, stderr, durationMs: 0, timedOut: false }
    }))
)
