/**
 * Arbitraries for Cursor's JSON answers (ARCHITECTURE 5.3.3, research agent-dialects.md 4.4), by Cursor event: the
 * fields the event reads, well typed (`permission`, `agent_message`, `user_message`, `updated_input`,
 * `additional_context`, `updated_mcp_tool_output`, `followup_message`, `continue`), the messages sometimes in the
 * first hooks page's camelCase; and fields the event does not read (another event's Cursor fields, Claude Code's
 * fields, unknown keys), which Cursor discards. Built from the oracle (`support/cursor-answer-table.ts`), not from
 * `translateCursorAnswer`.
 */
import * as fc from "fast-check"
import type { HookEvent } from "../../src/index.ts"
import type { CursorField } from "../support/cursor-answer-table.ts"
import {
  cursorReads,
  cursorRowOf,
  cursorRows,
  cursorRowsOf,
  cursorSpellings,
  documentedCamelCase,
  permissionRows
} from "../support/cursor-answer-table.ts"
import type { JsonObject } from "./hook-output.ts"
import { shortWeirdStringArb } from "./strings.ts"

/** A message Cursor shows or gives the model: awkward text around a plain word (never empty). */
export const cursorMessageArb: fc.Arbitrary<string> = fc
  .tuple(shortWeirdStringArb, fc.constantFrom("no", "blocked", "run the tests", "not here"), shortWeirdStringArb)
  .map(([before, word, after]) => `${before}${word}${after}`)

/** A message, or rarely `""` (an empty message is no message). */
const messageOrEmptyArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: cursorMessageArb, weight: 6 },
  { arbitrary: fc.constant(""), weight: 1 }
)

/** A tool type as Cursor names it in `tool_name` (research 4.2), MCP tools as `MCP:<tool>`. */
export const cursorToolNameArb: fc.Arbitrary<string> = fc.constantFrom(
  "Shell",
  "Read",
  "Write",
  "Grep",
  "Delete",
  "Task",
  "MCP:query",
  "MCP:deploy"
)

/** The name of one of Cursor's events for `event`; absent (the event's own row) one time in three. */
export const cursorAgentEventArb = (event: HookEvent): fc.Arbitrary<string | undefined> => {
  const rows = cursorRowsOf(event)
  if (rows.length === 0) return fc.constant(undefined)
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.constantFrom(...rows.map((r) => r.name)), weight: 2 }
  )
}

/** Any of Cursor's event names. */
export const cursorRowNameArb: fc.Arbitrary<string> = fc.constantFrom(...cursorRows.map((r) => r.name))

/** `{ [key]: value }` about half the time, else `{}`. */
const maybe = <A>(key: string, arb: fc.Arbitrary<A>): fc.Arbitrary<JsonObject> =>
  fc.option(arb, { nil: undefined }).map((value) => (value === undefined ? {} : { [key]: value }))

const merged = (...parts: ReadonlyArray<fc.Arbitrary<JsonObject>>): fc.Arbitrary<JsonObject> =>
  fc.tuple(...parts).map((objects) => Object.assign({}, ...objects) as JsonObject)

/** A message field under its documented spelling, the first page's camelCase one time in four where it has one. */
const messageField = (field: "agent_message" | "user_message"): fc.Arbitrary<JsonObject> =>
  fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constant(field as string), weight: 3 },
        { arbitrary: fc.constant(documentedCamelCase[field]!), weight: 1 }
      ),
      messageOrEmptyArb
    )
    .map(([key, text]) => ({ [key]: text }))

/** A message field about half the time. */
const maybeMessage = (field: "agent_message" | "user_message"): fc.Arbitrary<JsonObject> =>
  fc.oneof(messageField(field), fc.constant({}))

/** A tool input for `updated_input`. */
const toolInputArb: fc.Arbitrary<JsonObject> = fc.dictionary(
  fc.string({ maxLength: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 }
)

/** `permission`: allow, deny and ask equally often, mostly present. */
export const cursorPermissionArb: fc.Arbitrary<JsonObject> = fc.oneof(
  { arbitrary: fc.constantFrom("allow", "deny", "ask").map((permission) => ({ permission })), weight: 6 },
  { arbitrary: fc.constant({}), weight: 1 }
)

/** `arb`'s object two times in three, else `{}`. */
const mostly = (arb: fc.Arbitrary<JsonObject>): fc.Arbitrary<JsonObject> =>
  fc.oneof({ arbitrary: arb, weight: 2 }, { arbitrary: fc.constant({}), weight: 1 })

/** The fields of a before-event or subagentStart: `permission` with its messages; preToolUse's `updated_input`. */
const permissionAnswerArb = (rowName: string): fc.Arbitrary<JsonObject> =>
  merged(
    cursorPermissionArb,
    maybeMessage("agent_message"),
    maybeMessage("user_message"),
    rowName === "preToolUse" ? mostly(toolInputArb.map((updated_input) => ({ updated_input }))) : fc.constant({})
  )

/**
 * A well-typed answer of the fields `rowName` reads (research 4.4), each message in one spelling: what a hook written
 * for Cursor answers. On the events that only observe, an answer a before-event would give (authors do answer there).
 */
export const cursorValidAnswerArb = (rowName: string): fc.Arbitrary<JsonObject> => {
  if (permissionRows.has(rowName)) return permissionAnswerArb(rowName)
  switch (rowName) {
    case "postToolUse":
      return merged(
        mostly(messageOrEmptyArb.map((additional_context) => ({ additional_context }))),
        maybe(
          "updated_mcp_tool_output",
          fc.jsonValue({ maxDepth: 2 }).filter((v) => v !== null)
        )
      )
    case "sessionStart":
      return merged(
        fc.oneof(
          { arbitrary: messageOrEmptyArb.map((c) => ({ additional_context: c })), weight: 3 },
          { arbitrary: fc.constant({}), weight: 1 }
        ),
        fc.oneof(
          { arbitrary: fc.constant({}), weight: 3 },
          { arbitrary: fc.constant({ env: { NODE_ENV: "development" } }), weight: 1 }
        )
      )
    case "stop":
    case "subagentStop":
      return fc.oneof(
        { arbitrary: messageOrEmptyArb.map((followup_message) => ({ followup_message })), weight: 4 },
        { arbitrary: fc.constant({}), weight: 1 }
      )
    case "beforeSubmitPrompt":
      return merged(
        fc.oneof(
          { arbitrary: fc.constant({ continue: false }), weight: 4 },
          { arbitrary: fc.constant({ continue: true }), weight: 1 },
          { arbitrary: fc.constant({}), weight: 1 }
        ),
        maybeMessage("user_message")
      )
    case "preCompact":
      return maybeMessage("user_message")
    default:
      // An event that only observes: what a hook answers on the event it was copied from.
      return fc.oneof(permissionAnswerArb("beforeShellExecution"), cursorValidAnswerArb("postToolUse"))
  }
}

/** A value for a Cursor field of another event (a message, an input, `continue: false`, ...). */
const fieldValueArb = (field: CursorField): fc.Arbitrary<unknown> => {
  switch (field) {
    case "permission":
      return fc.constantFrom("allow", "deny", "ask")
    case "updated_input":
    case "env":
      return toolInputArb
    case "updated_mcp_tool_output":
      return fc.jsonValue({ maxDepth: 1 }).filter((v) => v !== null)
    case "continue":
      // continue: true is Cursor's default (the agent goes on): only a value that would stop something is reported.
      return fc.constant(false)
    default:
      return cursorMessageArb
  }
}

/** Claude Code's fields, which Cursor's answers do not have (5.3.3: discarded, each with a Diagnostic). */
const claudeFieldArb: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.constant({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" } }),
  fc.constant({ decision: "block" }),
  cursorMessageArb.map((reason) => ({ reason })),
  cursorMessageArb.map((systemMessage) => ({ systemMessage })),
  cursorMessageArb.map((stopReason) => ({ stopReason })),
  fc.constant({ suppressOutput: true }),
  fc.constant({ permissionDecision: "allow" })
)

/** A key no answer of any agent has. */
const unknownKeyArb: fc.Arbitrary<JsonObject> = fc
  .tuple(fc.constantFrom("foo", "Permission", "agent-message", "followup", "__unknown"), fc.jsonValue({ maxDepth: 1 }))
  .map(([key, value]) => ({ [key]: value }))

/**
 * Fields `rowName` does not read, each of which Cursor discards: another event's Cursor fields (in one spelling),
 * Claude Code's fields, unknown keys. `agent_message` is left out (its silent drop is an it.fails law of
 * cursor-vocabulary.laws); `continue` only as `false` (true is the default).
 */
export const cursorForeignFieldsArb = (rowName: string): fc.Arbitrary<JsonObject> => {
  const reads = cursorReads(rowName)
  const foreign = (Object.keys(cursorSpellings) as ReadonlyArray<CursorField>).filter(
    (field) => !reads.has(field) && field !== "agent_message"
  )
  const cursorFieldArb =
    foreign.length === 0
      ? fc.constant({})
      : fc.constantFrom(...foreign).chain((field) => fieldValueArb(field).map((value) => ({ [field]: value })))
  return fc
    .array(fc.oneof(cursorFieldArb, claudeFieldArb, unknownKeyArb), { minLength: 1, maxLength: 3 })
    .map((parts) => Object.assign({}, ...parts) as JsonObject)
}

/** A Cursor answer for `rowName`: mostly well typed, one time in three with fields it does not read. */
export const cursorAnswerArb = (rowName: string): fc.Arbitrary<JsonObject> =>
  fc.oneof(
    { arbitrary: cursorValidAnswerArb(rowName), weight: 2 },
    {
      arbitrary: fc
        .tuple(cursorValidAnswerArb(rowName), cursorForeignFieldsArb(rowName))
        .map(([valid, foreign]) => ({ ...foreign, ...valid })),
      weight: 1
    }
  )

/** {@link cursorValidAnswerArb} for the row a run of `event` answers (`agentEvent`, else the event's own). */
export const cursorValidAnswerForArb = (event: HookEvent, agentEvent?: string): fc.Arbitrary<JsonObject> =>
  cursorValidAnswerArb(cursorRowOf(event, agentEvent)?.name ?? event)

/** {@link cursorAnswerArb} for the row a run of `event` answers (`agentEvent`, else the event's own). */
export const cursorAnswerForArb = (event: HookEvent, agentEvent?: string): fc.Arbitrary<JsonObject> =>
  cursorAnswerArb(cursorRowOf(event, agentEvent)?.name ?? event)
