/**
 * Arbitraries for a hook's JSON answer (ARCHITECTURE section 4.5), built from
 * the real field names: valid values mixed with wrong types, `null`, unknown
 * fields, a `hookEventName` that does or does not match, and hook-specific
 * fields left at the top level (unwrapped).
 */
import * as fc from "fast-check"
import type { Dialect, HookEvent } from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import { codexEvents } from "../support/codex-wire-table.ts"
import { copilotRowOf } from "../support/copilot-answer-table.ts"
import { cursorRowsOf } from "../support/cursor-answer-table.ts"
import { codexInvalidAnswerArb, codexValidAnswerArb } from "./codex-answers.ts"
import { copilotAnswerForArb, copilotValidAnswerForArb } from "./copilot-answers.ts"
import { cursorAnswerForArb, cursorValidAnswerForArb } from "./cursor-answers.ts"
import { otherEventArb } from "./events.ts"
import { weirdStringArb } from "./strings.ts"

/** A JSON object as parsed from stdout. */
export type JsonObject = { [key: string]: unknown }

/** Any JSON value that is wrong for most fields: null, booleans, numbers, strings, arrays, objects. */
export const wrongValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  weirdStringArb,
  fc.constant([]),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 })
)

/** Mostly a valid value from `valid`, sometimes a wrong one. */
const mostly = <A>(valid: fc.Arbitrary<A>): fc.Arbitrary<A | unknown> =>
  fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: wrongValueArb, weight: 1 })

/** A string field (`systemMessage`, `reason`, ...): awkward text, `""`, or a wrong type. */
export const stringFieldArb: fc.Arbitrary<unknown> = mostly(
  fc.oneof({ arbitrary: weirdStringArb, weight: 4 }, { arbitrary: fc.constant(""), weight: 1 })
)

/** A boolean field (`continue`, `suppressOutput`, `interrupt`), or a wrong type. */
export const booleanFieldArb: fc.Arbitrary<unknown> = mostly(fc.boolean())

/** PreToolUse's `permissionDecision`: allow/deny/ask, a near miss, or a wrong type. */
export const permissionDecisionArb: fc.Arbitrary<unknown> = mostly(
  fc.oneof(
    { arbitrary: fc.constantFrom("allow", "deny", "ask"), weight: 6 },
    { arbitrary: fc.constantFrom("Allow", "approve", "block", ""), weight: 1 }
  )
)

/** The top-level `decision`: "block", PreToolUse's legacy "approve", a near miss, or a wrong type. */
export const topLevelDecisionArb: fc.Arbitrary<unknown> = mostly(
  fc.oneof(
    { arbitrary: fc.constantFrom("block", "approve"), weight: 6 },
    { arbitrary: fc.constantFrom("allow", "deny", "Block", ""), weight: 1 }
  )
)

/** An `updatedInput` object (tool input), or a wrong type. */
export const updatedInputArb: fc.Arbitrary<unknown> = mostly(
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
)

/** `updatedToolOutput` / `updatedMCPToolOutput`: any JSON value (null is invalid). */
export const updatedToolOutputArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 4 },
  { arbitrary: fc.constant(null), weight: 1 }
)

/** Fields no schema knows, at any level. */
export const unknownFieldsArb: fc.Arbitrary<JsonObject> = fc.dictionary(
  fc.constantFrom("foo", "Continue", "hook_event_name", "tool_input", "decisionReason", "__unknown", "suppress_output"),
  wrongValueArb,
  { maxKeys: 2 }
)

/**
 * PermissionRequest's `decision` object: `behavior` allow/deny (or wrong),
 * `updatedInput`, `message`, `interrupt`, unknown keys; or not an object at all.
 */
export const permissionRequestDecisionArb: fc.Arbitrary<unknown> = mostly(
  fc
    .tuple(
      fc.record(
        {
          behavior: mostly(fc.constantFrom("allow", "deny")),
          updatedInput: updatedInputArb,
          message: stringFieldArb,
          interrupt: booleanFieldArb
        },
        { requiredKeys: [] }
      ),
      unknownFieldsArb
    )
    .map(([decision, unknown]) => ({ ...unknown, ...decision }))
)

/** `hookEventName`: the event itself (usually), another event, or a wrong type. */
export const hookEventNameArb = (event: HookEvent): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.constant(event), weight: 6 },
    { arbitrary: otherEventArb(event), weight: 1 },
    { arbitrary: wrongValueArb, weight: 1 }
  )

/** The hook-specific fields (those that live inside `hookSpecificOutput`), each optional. */
export const hookSpecificFieldsArb: fc.Arbitrary<JsonObject> = fc.record(
  {
    permissionDecision: permissionDecisionArb,
    permissionDecisionReason: stringFieldArb,
    updatedInput: updatedInputArb,
    additionalContext: stringFieldArb,
    updatedMCPToolOutput: updatedToolOutputArb,
    updatedToolOutput: updatedToolOutputArb,
    decision: permissionRequestDecisionArb
  },
  { requiredKeys: [] }
)

/** `hookSpecificOutput`: an object with an optional `hookEventName`, or (rarely) not an object. */
export const hookSpecificOutputArb = (event: HookEvent): fc.Arbitrary<unknown> =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.option(hookEventNameArb(event), { nil: undefined }), hookSpecificFieldsArb, unknownFieldsArb)
        .map(([hookEventName, fields, unknown]) => ({
          ...unknown,
          ...(hookEventName === undefined ? {} : { hookEventName }),
          ...fields
        })),
      weight: 8
    },
    { arbitrary: wrongValueArb, weight: 1 }
  )

/**
 * A hook's whole JSON answer for `event`, messy: common fields, top-level
 * `decision` / `reason`, `hookSpecificOutput`, unwrapped hook-specific fields
 * and unknown fields, each optional and each sometimes of the wrong type.
 */
export const messyHookOutputArb = (event: HookEvent): fc.Arbitrary<JsonObject> =>
  fc
    .tuple(
      fc.record(
        {
          continue: booleanFieldArb,
          stopReason: stringFieldArb,
          systemMessage: stringFieldArb,
          suppressOutput: booleanFieldArb,
          decision: topLevelDecisionArb,
          reason: stringFieldArb,
          hookSpecificOutput: hookSpecificOutputArb(event)
        },
        { requiredKeys: [] }
      ),
      fc.option(hookSpecificFieldsArb, { nil: undefined, freq: 3 }),
      unknownFieldsArb
    )
    .map(([main, unwrapped, unknown]) => ({ ...unknown, ...(unwrapped ?? {}), ...main }))

// ====== Decisive answers ======

/** A reason or message: awkward text, sometimes `""` (the default text then applies). */
const reasonArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: weirdStringArb, weight: 5 },
  { arbitrary: fc.constant(""), weight: 1 }
)

/** A tool input object for `updatedInput`. */
const toolInputArb: fc.Arbitrary<JsonObject> = fc.dictionary(
  fc.string({ maxLength: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 }
)

/** `arb`'s value about half the time, else the key is absent. */
const maybe = <A>(key: string, arb: fc.Arbitrary<A>): fc.Arbitrary<JsonObject> =>
  fc.option(arb, { nil: undefined }).map((value) => (value === undefined ? {} : { [key]: value }))

/** Merges generated JSON object parts. */
const merged = (...parts: ReadonlyArray<fc.Arbitrary<JsonObject>>): fc.Arbitrary<JsonObject> =>
  fc.tuple(...parts).map((objects) => Object.assign({}, ...objects) as JsonObject)

/** A valid `hookSpecificOutput` for `event` holding `fields` (its `hookEventName` is the event or absent). */
const wrapped = (event: HookEvent, fields: fc.Arbitrary<JsonObject>): fc.Arbitrary<JsonObject> =>
  fc
    .tuple(fc.boolean(), fields)
    .map(([named, inner]) => ({ hookSpecificOutput: named ? { hookEventName: event, ...inner } : inner }))

/** PreToolUse: a valid permission decision (ask as often as allow and deny together), maybe an updated input, a reason and context. */
const decisivePreToolUseArb: fc.Arbitrary<JsonObject> = wrapped(
  "PreToolUse",
  merged(
    fc.constantFrom("allow", "deny", "ask", "ask", "defer").map((permissionDecision) => ({ permissionDecision })),
    maybe("permissionDecisionReason", reasonArb),
    maybe("updatedInput", toolInputArb),
    maybe("additionalContext", weirdStringArb)
  )
)

/** PermissionRequest: `decision` allow (maybe with an updated input) or, more often, deny (mostly with `interrupt: true`). */
const decisivePermissionRequestArb: fc.Arbitrary<JsonObject> = wrapped(
  "PermissionRequest",
  fc.oneof(
    {
      arbitrary: merged(
        maybe("updatedInput", toolInputArb),
        maybe("updatedPermissions", fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }))
      ).map((rest) => ({ decision: { behavior: "allow", ...rest } })),
      weight: 2
    },
    {
      arbitrary: merged(
        maybe("message", reasonArb),
        fc.oneof(
          { arbitrary: fc.constant({ interrupt: true }), weight: 3 },
          {
            arbitrary: maybe("interrupt", fc.constant(false)),
            weight: 1
          }
        )
      ).map((rest) => ({ decision: { behavior: "deny", ...rest } })),
      weight: 3
    }
  )
)

/** PostToolUse: an updated tool output (either field name), a block, context. */
const decisivePostToolUseArb: fc.Arbitrary<JsonObject> = fc
  .tuple(
    wrapped(
      "PostToolUse",
      merged(
        fc.oneof(
          {
            arbitrary: fc
              .jsonValue({ maxDepth: 2 })
              .filter((v) => v !== null)
              .map((updatedToolOutput) => ({ updatedToolOutput })),
            weight: 3
          },
          {
            arbitrary: fc
              .jsonValue({ maxDepth: 2 })
              .filter((v) => v !== null)
              .map((updatedMCPToolOutput) => ({ updatedMCPToolOutput })),
            weight: 1
          },
          { arbitrary: fc.constant({}), weight: 1 }
        ),
        maybe("additionalContext", weirdStringArb)
      )
    ),
    maybe("decision", fc.constant("block")),
    maybe("reason", reasonArb)
  )
  .map(([specific, decision, reason]) => ({ ...specific, ...decision, ...reason }))

/** A top-level `decision: "block"` with a reason (UserPromptSubmit, Stop, SubagentStop, PreCompact). */
const topLevelBlockArb: fc.Arbitrary<JsonObject> = reasonArb.map((reason) => ({ decision: "block", reason }))

/** Events that can only inject context or show a message. */
const contextOnlyArb = (event: HookEvent): fc.Arbitrary<JsonObject> =>
  wrapped(event, maybe("additionalContext", weirdStringArb))

/** The decisive fields for `event`. */
const decisiveFieldsArb = (event: HookEvent): fc.Arbitrary<JsonObject> => {
  switch (event) {
    case "PreToolUse":
      return decisivePreToolUseArb
    case "PermissionRequest":
      return decisivePermissionRequestArb
    case "PostToolUse":
      return decisivePostToolUseArb
    case "UserPromptSubmit":
      return fc.oneof({ arbitrary: topLevelBlockArb, weight: 3 }, { arbitrary: contextOnlyArb(event), weight: 1 })
    case "Stop":
    case "SubagentStop":
      // A block, non-error feedback (additionalContext), or both.
      return fc.oneof(
        { arbitrary: topLevelBlockArb, weight: 4 },
        {
          arbitrary: wrapped(
            event,
            weirdStringArb.filter((t) => t.length > 0).map((additionalContext) => ({ additionalContext }))
          ),
          weight: 1
        },
        {
          arbitrary: fc
            .tuple(
              topLevelBlockArb,
              wrapped(
                event,
                weirdStringArb.map((additionalContext) => ({ additionalContext }))
              )
            )
            .map(([top, inner]) => ({ ...top, ...inner })),
          weight: 1
        }
      )
    case "PreCompact":
      return topLevelBlockArb
    case "PostToolUseFailure":
    case "SubagentStart":
    case "SessionEnd":
    case "Notification":
    case "Setup":
    case "PostToolBatch":
    case "PostModelSwitch":
    case "TaskCompleted":
    case "StopFailure":
    case "TeammateIdle":
    case "InstructionsLoaded":
    case "DirectoryAdded":
    case "WorktreeRemove":
    case "PostCompact":
      return contextOnlyArb(event)
    // Gemini CLI's model-level events read nothing of Claude Code's vocabulary (5.3.1): what a Claude Code hook
    // would answer is context.
    case "PreModelRequest":
    case "PostModelResponse":
    case "PreToolSelection":
    case "PromptTransformed":
    case "Interrupt":
      return contextOnlyArb(event)
    case "SessionStart":
      return wrapped(
        event,
        merged(
          maybe("additionalContext", weirdStringArb),
          maybe("initialUserMessage", weirdStringArb),
          maybe("sessionTitle", weirdStringArb),
          maybe("watchPaths", fc.array(weirdStringArb, { maxLength: 2 }))
        )
      )
    case "UserPromptExpansion":
      return fc
        .tuple(topLevelBlockArb, wrapped(event, maybe("suppressOriginalPrompt", fc.boolean())))
        .map(([top, inner]) => ({ ...top, ...inner }))
    case "PermissionDenied":
      return wrapped(
        event,
        fc.boolean().map((retry) => ({ retry }))
      )
    case "MessageDisplay":
      return wrapped(
        event,
        weirdStringArb.map((displayContent) => ({ displayContent }))
      )
    case "TaskCreated":
    case "ConfigChange":
      return topLevelBlockArb
    case "CwdChanged":
    case "FileChanged":
      return wrapped(
        event,
        fc.array(weirdStringArb, { maxLength: 2 }).map((watchPaths) => ({ watchPaths }))
      )
    case "WorktreeCreate":
      return wrapped(
        event,
        weirdStringArb.filter((p) => p.length > 0).map((worktreePath) => ({ worktreePath }))
      )
    case "Elicitation":
    case "ElicitationResult":
      return wrapped(
        event,
        merged(
          fc.constantFrom("accept", "decline", "cancel").map((action) => ({ action })),
          maybe("content", toolInputArb)
        )
      )
    case "PreModelSwitch":
      return fc.oneof(
        wrapped(
          event,
          merged(
            fc.constantFrom("allow", "deny", "ask").map((permissionDecision) => ({ permissionDecision })),
            maybe("permissionDecisionReason", reasonArb)
          )
        ),
        topLevelBlockArb
      )
  }
}

/** About one time in eight `continue: false`, maybe with a `stopReason`; else nothing. */
const stopArb: fc.Arbitrary<JsonObject> = fc.oneof(
  { arbitrary: fc.constant({}), weight: 7 },
  { arbitrary: maybe("stopReason", reasonArb).map((stop) => ({ continue: false, ...stop })), weight: 1 }
)

/** A `systemMessage` one time in three. */
const systemMessageArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 2 },
  { arbitrary: weirdStringArb, weight: 1 }
)

/**
 * A valid JSON answer for `event` that decides something: a permission
 * decision, an updated input or output, a block, `interrupt`, and about one
 * time in eight `continue: false`; a `systemMessage` one time in three. All fields are of
 * the right type and in the right place. In a dialect whose answers use Gemini CLI's vocabulary
 * (`vocabulary: "gemini"`), {@link geminiDecisiveHookOutputArb}; in one of Codex CLI's (`vocabulary: "codex"`), on the
 * events Codex fires, an answer its strict wire accepts ({@link codexValidAnswerArb}); in one of Cursor's
 * (`vocabulary: "cursor"`), on the events Cursor fires, a well-typed Cursor answer for the Cursor event `agentEvent`
 * names, else the event's own ({@link cursorValidAnswerForArb}); in one of Copilot's (`vocabulary: "copilot"`), for a
 * camelCase event, a well-typed answer of Copilot's top-level fields ({@link copilotValidAnswerForArb}; PascalCase
 * events answer in Claude Code's vocabulary).
 */
export const decisiveHookOutputArb = (
  event: HookEvent,
  dialect: Dialect = "wave",
  agentEvent?: string
): fc.Arbitrary<JsonObject> =>
  dialectRules[dialect].vocabulary === "gemini"
    ? geminiDecisiveHookOutputArb(event)
    : speaksCodex(event, dialect)
      ? codexValidAnswerArb(event)
      : speaksCursor(event, dialect)
        ? cursorValidAnswerForArb(event, agentEvent)
        : speaksCopilot(event, dialect, agentEvent)
          ? copilotValidAnswerForArb(event, agentEvent)
          : fc.tuple(decisiveFieldsArb(event), stopArb, systemMessageArb).map(([fields, stop, systemMessage]) => ({
              ...fields,
              ...stop,
              ...(systemMessage === undefined ? {} : { systemMessage })
            }))

// ====== Gemini CLI's answers ======

/**
 * Gemini CLI's top-level `decision` for `event` (research 2.5): on BeforeTool (PreToolUse) deny, block and ask
 * (ask as often as the two blocks), on AfterTool, BeforeAgent and AfterAgent (PostToolUse, UserPromptSubmit, Stop)
 * deny and block; allow and approve (which decide nothing) and no decision everywhere, and a block where Gemini
 * ignores it.
 */
const geminiDecisionArb = (event: HookEvent): fc.Arbitrary<JsonObject> => {
  const none = fc.constant({})
  const of = (...values: ReadonlyArray<string>) => fc.constantFrom(...values).map((decision) => ({ decision }))
  switch (event) {
    case "PreToolUse":
      return fc.oneof(
        { arbitrary: of("deny", "block"), weight: 3 },
        { arbitrary: of("ask"), weight: 3 },
        { arbitrary: of("allow", "approve"), weight: 1 },
        { arbitrary: none, weight: 1 }
      )
    case "PostToolUse":
    case "UserPromptSubmit":
    case "Stop":
      return fc.oneof(
        { arbitrary: of("deny", "block"), weight: 4 },
        { arbitrary: of("allow"), weight: 1 },
        { arbitrary: none, weight: 1 }
      )
    default:
      return fc.oneof({ arbitrary: of("deny", "block", "allow"), weight: 1 }, { arbitrary: none, weight: 2 })
  }
}

/** The events whose `hookSpecificOutput.additionalContext` Gemini CLI reads (AfterTool, BeforeAgent, SessionStart). */
const geminiContextEvents: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "PostToolUse",
  "UserPromptSubmit",
  "SessionStart"
])

/**
 * Gemini CLI's `hookSpecificOutput` for `event`: BeforeTool's `tool_input`, the context of AfterTool, BeforeAgent and
 * SessionStart; rarely a Claude Code field (`permissionDecision`), which Gemini CLI does not read.
 */
const geminiSpecificArb = (event: HookEvent): fc.Arbitrary<JsonObject> =>
  fc
    .tuple(
      event === "PreToolUse" ? maybe("tool_input", toolInputArb) : fc.constant({}),
      geminiContextEvents.has(event) ? maybe("additionalContext", weirdStringArb) : fc.constant({}),
      fc.oneof(
        { arbitrary: fc.constant({}), weight: 7 },
        {
          arbitrary: fc.constantFrom("allow", "deny", "ask").map((permissionDecision) => ({ permissionDecision })),
          weight: 1
        }
      )
    )
    .map(([input, context, claude]) => {
      const inner = { ...input, ...context, ...claude }
      return Object.keys(inner).length === 0 ? {} : { hookSpecificOutput: inner }
    })

/**
 * A valid JSON answer in Gemini CLI's vocabulary for `event` (research 2.5, 2.7): a top-level `decision` with
 * (mostly) a `reason`, `hookSpecificOutput.tool_input` and `additionalContext`, about one time in eight
 * `continue: false`, a `systemMessage` one time in three (BeforeTool's ask question).
 */
export const geminiDecisiveHookOutputArb = (event: HookEvent): fc.Arbitrary<JsonObject> =>
  fc
    .tuple(
      geminiDecisionArb(event),
      fc.oneof(
        { arbitrary: reasonArb.map((reason) => ({ reason })), weight: 3 },
        { arbitrary: fc.constant({}), weight: 1 }
      ),
      geminiSpecificArb(event),
      stopArb,
      systemMessageArb
    )
    .map(([decision, reason, specific, stop, systemMessage]) => ({
      ...decision,
      ...reason,
      ...specific,
      ...stop,
      ...(systemMessage === undefined ? {} : { systemMessage })
    }))

/**
 * A hook's whole JSON answer for `event`: half the time a messy one
 * ({@link messyHookOutputArb}), half the time a decisive one
 * ({@link decisiveHookOutputArb}), so the laws meet the permission, update
 * and block cases often. In a dialect of Gemini CLI's vocabulary, two in three are Gemini-shaped decisive
 * answers (the messy ones are Claude-shaped, as a hook written for Claude Code answers). In one of Codex CLI's, on
 * the events Codex fires, half are answers its strict wire accepts, a quarter answers it refuses (an unknown key,
 * `ask`, ...) and a quarter messy ones (which it mostly refuses). In one of Cursor's, on the events Cursor fires, two
 * in three are Cursor answers for the Cursor event `agentEvent` names ({@link cursorAnswerForArb}: some with fields
 * the event does not read) and one in three messy Claude-shaped ones (which Cursor discards).
 */
export const hookOutputArb = (
  event: HookEvent,
  dialect: Dialect = "wave",
  agentEvent?: string
): fc.Arbitrary<JsonObject> =>
  dialectRules[dialect].vocabulary === "gemini"
    ? fc.oneof(
        { arbitrary: messyHookOutputArb(event), weight: 1 },
        { arbitrary: geminiDecisiveHookOutputArb(event), weight: 2 }
      )
    : speaksCodex(event, dialect)
      ? fc.oneof(
          { arbitrary: messyHookOutputArb(event), weight: 1 },
          { arbitrary: codexValidAnswerArb(event), weight: 2 },
          { arbitrary: codexInvalidAnswerArb(event).map((answer) => answer.json), weight: 1 }
        )
      : speaksCursor(event, dialect)
        ? fc.oneof(
            { arbitrary: messyHookOutputArb(event), weight: 1 },
            { arbitrary: cursorAnswerForArb(event, agentEvent), weight: 2 }
          )
        : speaksCopilot(event, dialect, agentEvent)
          ? fc.oneof(
              { arbitrary: messyHookOutputArb(event), weight: 1 },
              { arbitrary: copilotAnswerForArb(event, agentEvent), weight: 2 }
            )
          : fc.oneof(messyHookOutputArb(event), decisiveHookOutputArb(event, dialect, agentEvent))

/**
 * {@link hookOutputArb} with a valid top-level `continue: false`; in a dialect of Codex CLI's vocabulary, on the
 * events Codex fires, an answer its wire accepts with `continue: false` added (which the wire refuses where the
 * event's struct does: PreToolUse, PermissionRequest); in one of Cursor's, on the events Cursor fires, a well-typed
 * Cursor answer with `continue: false` added (which Cursor reads on beforeSubmitPrompt only).
 */
export const stoppingHookOutputArb = (
  event: HookEvent,
  dialect: Dialect = "wave",
  agentEvent?: string
): fc.Arbitrary<JsonObject> =>
  (speaksCodex(event, dialect)
    ? codexValidAnswerArb(event)
    : speaksCursor(event, dialect)
      ? cursorValidAnswerForArb(event, agentEvent)
      : speaksCopilot(event, dialect, agentEvent)
        ? copilotValidAnswerForArb(event, agentEvent)
        : hookOutputArb(event, dialect, agentEvent)
  ).map((output) => ({
    ...output,
    continue: false
  }))

/** Whether `dialect` answers in Codex CLI's vocabulary (`vocabulary: "codex"`) on an event Codex fires. */
export const speaksCodex = (event: HookEvent, dialect: Dialect): boolean =>
  dialectRules[dialect].vocabulary === "codex" && codexEvents.includes(event)

/**
 * Whether `dialect` answers in Cursor's vocabulary (`vocabulary: "cursor"`) on an event Cursor fires (the others,
 * PermissionRequest, Notification, ..., are read in Claude Code's, as no Cursor event names them).
 */
export const speaksCursor = (event: HookEvent, dialect: Dialect): boolean =>
  dialectRules[dialect].vocabulary === "cursor" && cursorRowsOf(event).length > 0

/**
 * Whether `dialect` answers in Copilot's vocabulary (`vocabulary: "copilot"`) for the run of `event` that `agentEvent`
 * names (absent: the event's camelCase name): a camelCase event answers with Copilot's top-level fields; a PascalCase
 * one, and an event Copilot does not fire, in Claude Code's.
 */
export const speaksCopilot = (event: HookEvent, dialect: Dialect, agentEvent?: string): boolean =>
  dialectRules[dialect].vocabulary === "copilot" && copilotRowOf(event, agentEvent)?.camel === true
