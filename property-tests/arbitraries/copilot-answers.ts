/**
 * Arbitraries for GitHub Copilot CLI's JSON answers (ARCHITECTURE 5.3.4, research agent-dialects.md 5.4), by
 * camelCase event: the top-level fields the event reads, well typed (`permissionDecision`, `modifiedArgs`,
 * `modifiedResult`, `behavior`, `message`, `interrupt`, `decision`, `reason`, `additionalContext`); fields the event
 * does not read (another event's, Claude Code's, unknown keys), which Copilot ignores; and Copilot's progress lines.
 * Built from the oracle (`support/copilot-answer-table.ts`), not from `translateCopilotAnswer`.
 */
import * as fc from "fast-check"
import type { HookEvent } from "../../src/index.ts"
import type { CopilotField } from "../support/copilot-answer-table.ts"
import { dialectEvents } from "../../src/core/dialect-events.ts"
import { copilotFields, copilotReads, copilotRowOf } from "../support/copilot-answer-table.ts"
import type { JsonObject } from "./hook-output.ts"
import { shortWeirdStringArb } from "./strings.ts"

/** A message Copilot gives the model or the user: awkward text around a plain word (never empty). */
export const copilotMessageArb: fc.Arbitrary<string> = fc
  .tuple(shortWeirdStringArb, fc.constantFrom("no", "blocked", "run the tests", "not here"), shortWeirdStringArb)
  .map(([before, word, after]) => `${before}${word}${after}`)

/** A message, or rarely `""` (an empty message is no message). */
const messageOrEmptyArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: copilotMessageArb, weight: 6 },
  { arbitrary: fc.constant(""), weight: 1 }
)

/**
 * The name of one of Copilot's events for `event` (`dialectEvents.copilot`: camelCase or PascalCase); absent (the
 * camelCase one) one time in three.
 */
export const copilotAgentEventArb = (event: HookEvent): fc.Arbitrary<string | undefined> => {
  const rows = dialectEvents.copilot.filter((r) => r.event === event)
  if (rows.length === 0) return fc.constant(undefined)
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.constantFrom(...rows.map((r) => r.name)), weight: 2 }
  )
}

/** `{ [key]: value }` about half the time, else `{}`. */
const maybe = <A>(key: string, arb: fc.Arbitrary<A>): fc.Arbitrary<JsonObject> =>
  fc.option(arb, { nil: undefined }).map((value) => (value === undefined ? {} : { [key]: value }))

/** `arb`'s object two times in three, else `{}`. */
const mostly = (arb: fc.Arbitrary<JsonObject>): fc.Arbitrary<JsonObject> =>
  fc.oneof({ arbitrary: arb, weight: 2 }, { arbitrary: fc.constant({}), weight: 1 })

const merged = (...parts: ReadonlyArray<fc.Arbitrary<JsonObject>>): fc.Arbitrary<JsonObject> =>
  fc.tuple(...parts).map((objects) => Object.assign({}, ...objects) as JsonObject)

/** A tool's arguments for `modifiedArgs`. */
const toolArgsArb: fc.Arbitrary<JsonObject> = fc.dictionary(
  fc.string({ maxLength: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 }
)

/** preToolUse's `permissionDecision` (allow, deny, ask equally often, mostly present), reason and `modifiedArgs`. */
const preToolUseAnswerArb: fc.Arbitrary<JsonObject> = merged(
  mostly(fc.constantFrom("allow", "deny", "ask").map((permissionDecision) => ({ permissionDecision }))),
  maybe("permissionDecisionReason", messageOrEmptyArb),
  fc.oneof(
    { arbitrary: fc.constant({}), weight: 2 },
    { arbitrary: toolArgsArb.map((modifiedArgs) => ({ modifiedArgs })), weight: 1 }
  )
)

/** permissionRequest's `behavior` (mostly present), `message` and `interrupt`. */
const permissionRequestAnswerArb: fc.Arbitrary<JsonObject> = merged(
  mostly(fc.constantFrom("allow", "deny").map((behavior) => ({ behavior }))),
  maybe("message", messageOrEmptyArb),
  maybe("interrupt", fc.boolean())
)

/** An `additionalContext` two times in three. */
const contextArb: fc.Arbitrary<JsonObject> = mostly(
  messageOrEmptyArb.map((additionalContext) => ({ additionalContext }))
)

/**
 * A well-typed answer of the fields `rowName` reads (research 5.4): what a hook written for Copilot answers. On the
 * events that read nothing, an answer a preToolUse or postToolUse hook would give (authors do answer there).
 */
export const copilotValidAnswerArb = (rowName: string): fc.Arbitrary<JsonObject> => {
  switch (rowName) {
    case "preToolUse":
      return preToolUseAnswerArb
    case "permissionRequest":
      return permissionRequestAnswerArb
    case "postToolUse":
      return merged(
        contextArb,
        maybe(
          "modifiedResult",
          copilotMessageArb.map((textResultForLlm) => ({ resultType: "success", textResultForLlm }))
        )
      )
    case "agentStop":
    case "subagentStop":
      return merged(
        fc.oneof(
          { arbitrary: fc.constant({ decision: "block" }), weight: 3 },
          { arbitrary: fc.constant({ decision: "allow" }), weight: 1 },
          { arbitrary: fc.constant({}), weight: 1 }
        ),
        maybe("reason", messageOrEmptyArb)
      )
    case "sessionStart":
    case "subagentStart":
    case "postToolUseFailure":
      return contextArb
    default:
      return fc.oneof(preToolUseAnswerArb, contextArb)
  }
}

/** A value for a Copilot field of another event. */
const fieldValueArb = (field: CopilotField): fc.Arbitrary<unknown> => {
  switch (field) {
    case "permissionDecision":
      return fc.constantFrom("allow", "deny", "ask")
    case "behavior":
      return fc.constantFrom("allow", "deny")
    case "decision":
      return fc.constant("block")
    case "interrupt":
      return fc.constant(true)
    case "modifiedArgs":
      return toolArgsArb
    case "modifiedResult":
      return copilotMessageArb.map((textResultForLlm) => ({ resultType: "success", textResultForLlm }))
    default:
      return copilotMessageArb
  }
}

/** Claude Code's fields, which Copilot's camelCase answers do not have (5.3.4: discarded, each with a Diagnostic). */
const claudeFieldArb: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.constant({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" } }),
  copilotMessageArb.map((systemMessage) => ({ systemMessage })),
  copilotMessageArb.map((stopReason) => ({ stopReason })),
  fc.constant({ continue: false }),
  fc.constant({ suppressOutput: true })
)

/** A key no answer of any agent has. */
const unknownKeyArb: fc.Arbitrary<JsonObject> = fc
  .tuple(fc.constantFrom("foo", "PermissionDecision", "modified_args", "__unknown"), fc.jsonValue({ maxDepth: 1 }))
  .map(([key, value]) => ({ [key]: value }))

/** Fields `rowName` does not read: another event's Copilot fields, Claude Code's fields, unknown keys. */
export const copilotForeignFieldsArb = (rowName: string): fc.Arbitrary<JsonObject> => {
  const reads = copilotReads(rowName)
  const foreign = copilotFields.filter((field) => !reads.has(field))
  const copilotFieldArb = fc
    .constantFrom(...foreign)
    .chain((field) => fieldValueArb(field).map((value) => ({ [field]: value })))
  return fc
    .array(fc.oneof(copilotFieldArb, claudeFieldArb, unknownKeyArb), { minLength: 1, maxLength: 3 })
    .map((parts) => Object.assign({}, ...parts) as JsonObject)
}

/** A Copilot answer for `rowName`: mostly well typed, one time in three with fields it does not read. */
export const copilotAnswerArb = (rowName: string): fc.Arbitrary<JsonObject> =>
  fc.oneof(
    { arbitrary: copilotValidAnswerArb(rowName), weight: 2 },
    {
      arbitrary: fc
        .tuple(copilotValidAnswerArb(rowName), copilotForeignFieldsArb(rowName))
        .map(([valid, foreign]) => ({ ...foreign, ...valid })),
      weight: 1
    }
  )

/** {@link copilotValidAnswerArb} for the row a run of `event` answers (`agentEvent`, else the camelCase one). */
export const copilotValidAnswerForArb = (event: HookEvent, agentEvent?: string): fc.Arbitrary<JsonObject> =>
  copilotValidAnswerArb(copilotRowOf(event, agentEvent)?.name ?? event)

/** {@link copilotAnswerArb} for the row a run of `event` answers (`agentEvent`, else the camelCase one). */
export const copilotAnswerForArb = (event: HookEvent, agentEvent?: string): fc.Arbitrary<JsonObject> =>
  copilotAnswerArb(copilotRowOf(event, agentEvent)?.name ?? event)

/** A progress line (research 5.3): one JSON object with `"type": "progress"`, a message, compact or spaced. */
export const progressLineArb: fc.Arbitrary<string> = fc
  .tuple(copilotMessageArb, fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }), fc.boolean())
  .map(([message, percent, spaced]) => {
    const line = JSON.stringify({ type: "progress", message, ...(percent === undefined ? {} : { percent }) })
    return spaced ? `  ${line.replaceAll(",", ", ")}  ` : line
  })
