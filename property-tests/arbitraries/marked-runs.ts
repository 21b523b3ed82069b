/**
 * Arbitraries for runs whose texts carry unique markers, one per source of
 * text (ARCHITECTURE sections 3 and 5), so a test can see where each text ends
 * up: `systemMessage`, `stopReason`, `permissionDecisionReason`, `reason`,
 * `additionalContext`, PermissionRequest's `decision.message`, stderr and
 * stdout; and Cursor's `agent_message`, `user_message`, `followup_message` and `additional_context` (5.3.3).
 */
import * as fc from "fast-check"
import type { Dialect, HookEvent, HookRun } from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import { exitCodeArbFor } from "./exit-codes.ts"
import type { JsonObject } from "./hook-output.ts"
import { cursorFieldOf } from "../support/cursor-answer-table.ts"
import { codexValidAnswerArb } from "./codex-answers.ts"
import { copilotAnswerForArb } from "./copilot-answers.ts"
import { cursorAnswerForArb } from "./cursor-answers.ts"
import { hookOutputArb, speaksCodex, speaksCopilot, speaksCursor } from "./hook-output.ts"
import { blankStdoutArb, durationMsArb, failedRunArb, runExtrasArb } from "./hook-runs.ts"
import { noiseLineArb, serializedJsonArb } from "./stdout.ts"
import { paddingArb, shortWeirdStringArb } from "./strings.ts"

/** A source of text in a hook's answer. */
export type TextSource =
  | "systemMessage"
  | "stopReason"
  | "permissionDecisionReason"
  | "reason"
  | "additionalContext"
  | "message"
  | "stderr"
  | "stdout"
  | "agent_message"
  | "user_message"
  | "followup_message"
  | "additional_context"

/** Every text source. */
export const textSources: ReadonlyArray<TextSource> = [
  "systemMessage",
  "stopReason",
  "permissionDecisionReason",
  "reason",
  "additionalContext",
  "message",
  "stderr",
  "stdout",
  "agent_message",
  "user_message",
  "followup_message",
  "additional_context"
]

/** The sources of Cursor's answers (5.3.3), by the field they are: each spelling of a field is the same source. */
const cursorSources: ReadonlyArray<TextSource> = [
  "agent_message",
  "user_message",
  "followup_message",
  "additional_context"
]

/** The marker of each source: short (it must fit in a JSON.parse error snippet) and never generated otherwise. */
export const markerOf = (source: TextSource): string => `\u27E6${source}\u27E7`

/** Awkward text around the marker of `source` (never white space only, so the marker survives trimming). */
export const markedTextArb = (source: TextSource): fc.Arbitrary<string> =>
  fc.tuple(shortWeirdStringArb, shortWeirdStringArb).map(([before, after]) => `${before}${markerOf(source)}${after}`)

/** Where a hook-specific field is put: inside `hookSpecificOutput`, at the top level (unwrapped), both, or nowhere. */
type Placement = "wrapped" | "unwrapped" | "both" | "none"
const placementArb = fc.constantFrom<Placement>("wrapped", "unwrapped", "both", "none")

const isObject = (u: unknown): u is JsonObject => typeof u === "object" && u !== null && !Array.isArray(u)

const place = (output: JsonObject, placement: Placement, field: string, value: unknown): JsonObject => {
  if (placement === "none") return output
  const result: JsonObject = { ...output }
  if (placement === "unwrapped" || placement === "both") result[field] = value
  if (placement === "wrapped" || placement === "both") {
    const specific = isObject(output["hookSpecificOutput"]) ? output["hookSpecificOutput"] : {}
    result["hookSpecificOutput"] = { ...specific, [field]: value }
  }
  return result
}

/** Sets `message` on the `decision` object at `placement`, creating a deny decision when there is none. */
const placeMessage = (output: JsonObject, placement: Placement, message: string, fresh: JsonObject): JsonObject => {
  if (placement === "none") return output
  const withMessage = (decision: unknown): JsonObject =>
    isObject(decision) ? { ...decision, message } : { ...fresh, message }
  const result: JsonObject = { ...output }
  if (placement === "unwrapped" || placement === "both") result["decision"] = withMessage(output["decision"])
  if (placement === "wrapped" || placement === "both") {
    const specific = isObject(output["hookSpecificOutput"]) ? output["hookSpecificOutput"] : {}
    result["hookSpecificOutput"] = { ...specific, decision: withMessage(specific["decision"]) }
  }
  return result
}

/**
 * A JSON answer for `event` in `dialect`'s vocabulary ({@link hookOutputArb}) with marked texts in some
 * of its string fields; hook-specific ones wrapped, unwrapped or both. In Cursor's, for the Cursor event `agentEvent`
 * names, two in three are marked Cursor answers ({@link markedCursorAnswerArb}); in Copilot's, for a camelCase event,
 * two in three are marked Copilot answers ({@link markedCopilotAnswerArb}).
 */
export const markedHookOutputArb = (
  event: HookEvent,
  dialect: Dialect = "wave",
  agentEvent?: string
): fc.Arbitrary<JsonObject> =>
  speaksCodex(event, dialect)
    ? fc.oneof(
        { arbitrary: markedAnyHookOutputArb(event, dialect), weight: 1 },
        { arbitrary: markedCodexAnswerArb(event), weight: 2 }
      )
    : speaksCursor(event, dialect)
      ? fc.oneof(
          { arbitrary: markedAnyHookOutputArb(event, dialect), weight: 1 },
          { arbitrary: markedCursorAnswerArb(event, agentEvent), weight: 2 }
        )
      : speaksCopilot(event, dialect, agentEvent)
        ? fc.oneof(
            { arbitrary: markedAnyHookOutputArb(event, dialect), weight: 1 },
            { arbitrary: markedCopilotAnswerArb(event, agentEvent), weight: 2 }
          )
        : markedAnyHookOutputArb(event, dialect)

/** A marked text for every source. */
const markedTextsArb: fc.Arbitrary<{ readonly [S in TextSource]: string }> = fc.record(
  Object.fromEntries(textSources.map((source) => [source, markedTextArb(source)])) as {
    [S in TextSource]: fc.Arbitrary<string>
  }
)

/**
 * A Cursor answer for `event` ({@link cursorAnswerForArb}: the fields the Cursor event reads, some it does not) with
 * each text it holds marked: a message field by its field (`agentMessage` carries the `agent_message` marker), a
 * Claude Code field (`reason`, `systemMessage`, ...) by its own name.
 */
export const markedCursorAnswerArb = (event: HookEvent, agentEvent?: string): fc.Arbitrary<JsonObject> =>
  fc
    .tuple(cursorAnswerForArb(event, agentEvent), markedTextsArb)
    .map(([answer, marked]) => markTexts(answer, marked, cursorSourceOf))

/**
 * A Copilot answer for `event` ({@link copilotAnswerForArb}: the top-level fields the camelCase event reads, some it
 * does not) with each text it holds marked by its key (`permissionDecisionReason`, `message`, `reason`,
 * `additionalContext`, `systemMessage`, ...).
 */
export const markedCopilotAnswerArb = (event: HookEvent, agentEvent?: string): fc.Arbitrary<JsonObject> =>
  fc.tuple(copilotAnswerForArb(event, agentEvent), markedTextsArb).map(([answer, marked]) => markTexts(answer, marked))

/** The source of a key of a Cursor answer: its Cursor field's, else the key itself where it is a source. */
const cursorSourceOf = (key: string): TextSource | undefined => {
  const field = cursorFieldOf(key)
  if (field !== undefined)
    return (cursorSources as ReadonlyArray<string>).includes(field) ? (field as TextSource) : undefined
  return (textSources as ReadonlyArray<string>).includes(key) ? (key as TextSource) : undefined
}

/**
 * A valid Codex CLI answer for `event` ({@link codexValidAnswerArb}) with each text it holds (`systemMessage`,
 * `stopReason`, `reason`, `permissionDecisionReason`, `additionalContext`, `decision.message`) marked, so the answer
 * stays one Codex's strict wire accepts.
 */
const markedCodexAnswerArb = (event: HookEvent): fc.Arbitrary<JsonObject> =>
  fc.tuple(codexValidAnswerArb(event), markedTextsArb).map(([answer, marked]) => markTexts(answer, marked))

/** A key that is a text source, by its own name. */
const sourceNamed = (key: string): TextSource | undefined =>
  (textSources as ReadonlyArray<string>).includes(key) ? (key as TextSource) : undefined

/** `json` with every string value under a key whose source `sourceOf` names replaced by that source's marked text. */
const markTexts = (
  json: JsonObject,
  marked: { readonly [S in TextSource]: string },
  sourceOf: (key: string) => TextSource | undefined = sourceNamed
): JsonObject =>
  Object.fromEntries(
    Object.entries(json).map(([key, value]) => {
      const source = sourceOf(key)
      return [
        key,
        typeof value === "string" && source !== undefined
          ? marked[source]
          : isObject(value)
            ? markTexts(value, marked, sourceOf)
            : value
      ]
    })
  )

const markedAnyHookOutputArb = (event: HookEvent, dialect: Dialect): fc.Arbitrary<JsonObject> =>
  fc
    .tuple(
      hookOutputArb(event, dialect),
      fc.record(
        {
          systemMessage: markedTextArb("systemMessage"),
          stopReason: markedTextArb("stopReason"),
          reason: markedTextArb("reason")
        },
        { requiredKeys: [] }
      ),
      placementArb,
      markedTextArb("permissionDecisionReason"),
      placementArb,
      markedTextArb("additionalContext"),
      placementArb,
      markedTextArb("message"),
      fc.record({ behavior: fc.constantFrom("allow", "deny"), interrupt: fc.boolean() }, { requiredKeys: ["behavior"] })
    )
    .map(([output, common, reasonAt, reason, contextAt, context, messageAt, message, fresh]) => {
      const withCommon: JsonObject = { ...output, ...common }
      const withReason = place(withCommon, reasonAt, "permissionDecisionReason", reason)
      const withContext = place(withReason, contextAt, "additionalContext", context)
      return event === "PermissionRequest" ? placeMessage(withContext, messageAt, message, fresh) : withContext
    })

/**
 * stdout with marked text: plain text carrying the stdout marker, a marked
 * JSON answer (possibly after log lines carrying the stdout marker), or
 * malformed JSON carrying markers (a bare marked value, a marked answer cut
 * short, with or without a closing brace).
 */
export const markedStdoutArb = (
  event: HookEvent,
  dialect: Dialect = "wave",
  agentEvent?: string
): fc.Arbitrary<string> =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.option(noiseLineArb, { nil: undefined }), markedTextArb("stdout"))
        .map(([label, text]) => `${label ?? ""}${text}`),
      weight: 2
    },
    { arbitrary: serializedJsonArb(markedHookOutputArb(event, dialect, agentEvent), { noisy: false }), weight: 4 },
    {
      arbitrary: fc
        .tuple(
          fc.array(noiseLineArb, { maxLength: 1 }),
          markedTextArb("stdout"),
          markedHookOutputArb(event, dialect, agentEvent)
        )
        .map(([noise, text, output]) => `${[...noise, text].join("\n")}\n${JSON.stringify(output)}`),
      weight: 2
    },
    {
      arbitrary: fc
        .tuple(markedTextArb("stdout"), paddingArb)
        .map(([text, padding]) => `${padding}{"reason": ${text}}`),
      weight: 1
    },
    {
      arbitrary: fc
        .tuple(markedHookOutputArb(event, dialect, agentEvent), fc.nat(), fc.boolean())
        .map(([output, cut, close]) => {
          const text = JSON.stringify(output)
          return `${text.slice(0, 1 + (cut % text.length))}${close ? "}" : ""}`
        }),
      weight: 1
    }
  )

/**
 * A run for `event` whose stdout and stderr carry markers (see {@link markedStdoutArb}), JSON in `dialect`'s
 * vocabulary. Where the dialect reads stderr when stdout is empty (`answerText: "stdout-else-stderr"`), also runs
 * with a blank stdout and a marked answer on stderr: a marked text, or a marked JSON answer. Where stdout is read only
 * on exit 0 (Codex CLI), exit 0 half the time.
 */
export const markedRunArb = (
  event: HookEvent,
  dialect: Dialect = "wave",
  agentEvent?: string
): fc.Arbitrary<HookRun> => {
  // Where stdout is read only on exit 0 (`jsonOnlyOnExit0`, Codex CLI), exit 0 half the time, so its answers are read.
  const exitCode = dialectRules[dialect].jsonOnlyOnExit0
    ? fc.oneof(fc.constant(0), exitCodeArbFor(dialect))
    : exitCodeArbFor(dialect)
  const exited = (stdout: fc.Arbitrary<string>, stderr: fc.Arbitrary<string>): fc.Arbitrary<HookRun> =>
    fc.tuple(exitCode, stdout, stderr, durationMsArb, runExtrasArb).map(
      ([exitCode, out, err, durationMs, extras]): HookRun => ({
        ...extras,
        exitCode,
        stdout: out,
        stderr: err,
        durationMs,
        timedOut: false
      })
    )
  const failed = fc
    .tuple(
      failedRunArb(event, dialect, agentEvent),
      markedStdoutArb(event, dialect, agentEvent),
      markedTextArb("stderr")
    )
    .map(([run, stdout, stderr]): HookRun => ({ ...run, stdout, stderr }))
  const onStderr = exited(
    blankStdoutArb,
    fc.oneof(
      { arbitrary: markedTextArb("stderr"), weight: 3 },
      { arbitrary: serializedJsonArb(markedHookOutputArb(event, dialect, agentEvent), { noisy: false }), weight: 1 }
    )
  )
  return fc.oneof(
    {
      arbitrary: exited(
        markedStdoutArb(event, dialect, agentEvent),
        fc.oneof(markedTextArb("stderr"), shortWeirdStringArb)
      ),
      weight: 9
    },
    { arbitrary: failed, weight: 1 },
    ...(dialectRules[dialect].answerText === "stdout-else-stderr" ? [{ arbitrary: onStderr, weight: 9 }] : [])
  )
}
