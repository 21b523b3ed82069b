/**
 * Arbitraries for Codex CLI's JSON answers (research agent-dialects.md 3.4, 3.5), for the events it fires: answers
 * its strict wire accepts, and answers it refuses, each labelled with the rule it breaks (an unknown key, a key of
 * another event's struct, `ask`, `allow` without `updatedInput`, a block without a reason, `continue: false` where
 * a decision is expected, ...). Built from the contract (`support/codex-wire-table.ts`), not from
 * `strictWireProblems`.
 */
import * as fc from "fast-check"
import type { HookEvent } from "../../src/index.ts"
import { codexStructs, codexTopKeys } from "../support/codex-wire-table.ts"
import type { JsonObject } from "./hook-output.ts"
import { shortWeirdStringArb } from "./strings.ts"

/** A Codex CLI answer and, for one its wire refuses, the rule it breaks (`undefined`: accepted). */
export interface CodexAnswer {
  readonly json: JsonObject
  readonly breaks: string | undefined
}

/** A reason Codex counts as non-empty whatever it trims: awkward text around a plain word. */
export const codexReasonArb: fc.Arbitrary<string> = fc
  .tuple(shortWeirdStringArb, fc.constantFrom("no", "denied", "tests fail", "not here"), shortWeirdStringArb)
  .map(([before, word, after]) => `${before}${word}${after}`)

/** A context or message text: any short awkward text. */
const textArb = shortWeirdStringArb

/** A tool input for `updatedInput`. */
const toolInputArb: fc.Arbitrary<JsonObject> = fc.dictionary(
  fc.string({ maxLength: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 }
)

/** `{ [key]: value }` about half the time, else `{}`. */
const maybe = <A>(key: string, arb: fc.Arbitrary<A>): fc.Arbitrary<JsonObject> =>
  fc.option(arb, { nil: undefined }).map((value) => (value === undefined ? {} : { [key]: value }))

/** `arb`'s object about one time in `every`, else `{}`. */
const sometimes = (arb: fc.Arbitrary<JsonObject>, every: number): fc.Arbitrary<JsonObject> =>
  fc.oneof({ arbitrary: fc.constant({}), weight: every - 1 }, { arbitrary: arb, weight: 1 })

const merged = (...parts: ReadonlyArray<fc.Arbitrary<JsonObject>>): fc.Arbitrary<JsonObject> =>
  fc.tuple(...parts).map((objects) => Object.assign({}, ...objects) as JsonObject)

/** `hookSpecificOutput` holding `fields`, its `hookEventName` the event or absent. */
const specific = (event: HookEvent, fields: fc.Arbitrary<JsonObject>): fc.Arbitrary<JsonObject> =>
  fc
    .tuple(fc.boolean(), fields)
    .map(([named, inner]) => ({ hookSpecificOutput: named ? { hookEventName: event, ...inner } : inner }))

const context = (event: HookEvent) =>
  specific(
    event,
    textArb.map((additionalContext) => ({ additionalContext }))
  )
const block = codexReasonArb.map((reason) => ({ decision: "block", reason }))
const stop = maybe("stopReason", codexReasonArb).map((reason) => ({ continue: false, ...reason }))
const systemMessage = maybe("systemMessage", textArb)
const keepGoing = sometimes(fc.constant({ continue: true }), 4)
const suppressOutput = sometimes(
  fc.boolean().map((suppress) => ({ suppressOutput: suppress })),
  4
)

/** A valid PreToolUse answer: a deny with a reason, a legacy block, an allow with `updatedInput`, context, nothing. */
const preToolUseArb: fc.Arbitrary<JsonObject> = merged(
  fc.oneof(
    {
      arbitrary: specific(
        "PreToolUse",
        merged(
          codexReasonArb.map((reason) => ({ permissionDecision: "deny", permissionDecisionReason: reason })),
          maybe("additionalContext", textArb)
        )
      ),
      weight: 3
    },
    { arbitrary: merged(block, sometimes(context("PreToolUse"), 2)), weight: 2 },
    {
      arbitrary: specific(
        "PreToolUse",
        merged(
          toolInputArb.map((updatedInput) => ({ permissionDecision: "allow", updatedInput })),
          maybe("additionalContext", textArb)
        )
      ),
      weight: 4
    },
    { arbitrary: context("PreToolUse"), weight: 1 },
    { arbitrary: fc.constant({}), weight: 1 }
  ),
  systemMessage,
  keepGoing
)

/** A valid PermissionRequest answer: allow, deny (maybe with a message), or nothing. */
const permissionRequestArb: fc.Arbitrary<JsonObject> = merged(
  fc.oneof(
    { arbitrary: specific("PermissionRequest", fc.constant({ decision: { behavior: "allow" } })), weight: 3 },
    {
      arbitrary: specific(
        "PermissionRequest",
        maybe("message", textArb).map((message) => ({ decision: { behavior: "deny", ...message } }))
      ),
      weight: 3
    },
    { arbitrary: fc.constant({}), weight: 1 }
  ),
  systemMessage,
  keepGoing
)

/** A valid answer for `event`, one of the twelve Codex CLI fires (research 3.5; Interrupt since 0.155). */
export const codexValidAnswerArb = (event: HookEvent): fc.Arbitrary<JsonObject> => {
  switch (event) {
    case "PreToolUse":
      return preToolUseArb
    case "PermissionRequest":
      return permissionRequestArb
    case "PostToolUse":
      return merged(sometimes(block, 2), sometimes(context(event), 2), sometimes(stop, 4), systemMessage)
    case "UserPromptSubmit":
      return merged(
        fc.oneof({ arbitrary: block, weight: 2 }, { arbitrary: fc.constant({}), weight: 1 }),
        sometimes(context(event), 2),
        sometimes(stop, 4),
        systemMessage,
        suppressOutput
      )
    case "Stop":
    case "SubagentStop":
      return merged(
        fc.oneof({ arbitrary: block, weight: 3 }, { arbitrary: fc.constant({}), weight: 1 }),
        sometimes(stop, 4),
        systemMessage,
        suppressOutput
      )
    case "SessionStart":
    case "SubagentStart":
      return merged(sometimes(context(event), 2), sometimes(stop, 3), systemMessage, suppressOutput)
    case "PreCompact":
    case "PostCompact":
    case "SessionEnd":
      return merged(sometimes(stop, 2), systemMessage, suppressOutput)
    case "Interrupt":
      // 0.155: a systemMessage only (research 3.5).
      return systemMessage
    default:
      throw new Error(`Codex CLI has no ${event} event`)
  }
}

// ====== Answers the strict wire refuses ======

/** A key no Codex struct has at the top level: names hooks really misspell or misplace, and any string. */
export const unknownTopKeyArb: fc.Arbitrary<string> = fc
  .oneof(
    {
      arbitrary: fc.constantFrom(
        "foo",
        "Continue",
        "decisionReason",
        "hook_event_name",
        "additional_context",
        "permissionDecision",
        "additionalContext",
        "updatedInput",
        "__proto__",
        "constructor",
        "toString"
      ),
      weight: 2
    },
    { arbitrary: fc.string({ minLength: 1, maxLength: 8 }), weight: 1 }
  )
  .filter((key) => !codexTopKeys.has(key))

/** Sets `key` as an own enumerable key (a `__proto__` key stays a key, as `JSON.parse` makes it). */
const withKey = (json: JsonObject, key: string, value: unknown): JsonObject => {
  const copy: JsonObject = { ...json }
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true })
  return copy
}

/** A value of the type a key of another event's struct would carry. */
const foreignValueArb = (event: HookEvent, key: string): fc.Arbitrary<unknown> => {
  switch (key) {
    case "decision":
      return fc.constant("block")
    case "reason":
    case "stopReason":
      return codexReasonArb
    case "suppressOutput":
      return fc.boolean()
    case "hookSpecificOutput":
      return textArb.map((additionalContext) => ({ hookEventName: event, additionalContext }))
    default:
      return fc.jsonValue({ maxDepth: 1 })
  }
}

/** The breakages every event can have: an unknown top-level key, a key of another event's struct, an unknown `hookSpecificOutput` key. */
const genericBreakages = (
  event: HookEvent,
  valid: fc.Arbitrary<JsonObject>
): ReadonlyArray<fc.Arbitrary<CodexAnswer>> => {
  const struct = codexStructs[event]!
  const foreign = [...codexTopKeys].filter((key) => !struct.top.includes(key))
  const out: Array<fc.Arbitrary<CodexAnswer>> = [
    fc
      .tuple(valid, unknownTopKeyArb, fc.jsonValue({ maxDepth: 1 }))
      .map(([json, key, value]) => ({ json: withKey(json, key, value), breaks: "unknown top-level key" }))
  ]
  if (foreign.length > 0)
    out.push(
      fc.tuple(valid, fc.constantFrom(...foreign)).chain(([json, key]) =>
        foreignValueArb(event, key).map((value) => ({
          json: { ...json, [key]: value, ...(key === "decision" ? { reason: "no" } : {}) },
          breaks: "a key of another event's struct"
        }))
      )
    )
  if (struct.specific !== undefined) {
    const known = struct.specific
    out.push(
      fc
        .tuple(
          valid,
          fc
            .oneof(
              fc.constantFrom(
                "foo",
                "updatedToolOutput",
                "updatedMCPToolOutput",
                "permissionDecision",
                "updatedInput",
                "decision",
                "sessionTitle",
                "tool_input",
                "__proto__"
              ),
              fc.string({ minLength: 1, maxLength: 8 })
            )
            .filter((key) => !known.includes(key)),
          fc.jsonValue({ maxDepth: 1 })
        )
        .map(([json, key, value]) => {
          const inner = json["hookSpecificOutput"]
          const base = typeof inner === "object" && inner !== null ? (inner as JsonObject) : { hookEventName: event }
          return {
            json: { ...json, hookSpecificOutput: withKey(base, key, value) },
            breaks: "unknown hookSpecificOutput key"
          }
        })
    )
  }
  return out
}

const broken = (breaks: string, json: fc.Arbitrary<JsonObject>): fc.Arbitrary<CodexAnswer> =>
  merged(json, systemMessage).map((answer) => ({ json: answer, breaks }))

/** The combinations each event's parser refuses (research 3.5's "invalid" rows). */
const eventBreakages = (
  event: HookEvent,
  valid: fc.Arbitrary<JsonObject>
): ReadonlyArray<fc.Arbitrary<CodexAnswer>> => {
  const wrap = (fields: fc.Arbitrary<JsonObject>) => specific(event, fields)
  const emptyReason = fc.constantFrom<JsonObject>({}, { reason: "" })
  switch (event) {
    case "PreToolUse":
      return [
        broken(
          "permissionDecision other than allow or deny",
          wrap(
            merged(
              fc.constantFrom("ask", "ask", "defer", "Allow", "approve").map((d) => ({ permissionDecision: d })),
              maybe("permissionDecisionReason", codexReasonArb)
            )
          )
        ),
        broken(
          "allow without updatedInput",
          wrap(merged(fc.constant({ permissionDecision: "allow" }), maybe("permissionDecisionReason", codexReasonArb)))
        ),
        broken(
          "updatedInput without allow",
          wrap(
            merged(
              toolInputArb.map((updatedInput) => ({ updatedInput })),
              sometimes(
                codexReasonArb.map((r) => ({ permissionDecision: "deny", permissionDecisionReason: r })),
                2
              )
            )
          )
        ),
        broken("decision approve", merged(fc.constant({ decision: "approve" }), maybe("reason", codexReasonArb))),
        broken(
          "deny without a reason",
          wrap(
            fc.constantFrom<JsonObject>(
              { permissionDecision: "deny" },
              { permissionDecision: "deny", permissionDecisionReason: "" }
            )
          )
        ),
        broken(
          "block without a reason",
          emptyReason.map((r) => ({ decision: "block", ...r }))
        ),
        broken(
          "reason without a decision",
          fc.oneof(
            wrap(codexReasonArb.map((r) => ({ permissionDecisionReason: r }))),
            codexReasonArb.map((reason) => ({ reason }))
          )
        ),
        valid.map((json) => ({ json: { ...json, continue: false }, breaks: "continue false" }))
      ]
    case "PermissionRequest":
      return [
        broken(
          "decision field other than behavior and message",
          fc
            .tuple(
              fc.constantFrom("allow", "deny"),
              fc.oneof(
                toolInputArb.map((updatedInput) => ({ updatedInput })),
                fc
                  .array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 })
                  .map((updatedPermissions) => ({ updatedPermissions })),
                fc.constant({ interrupt: true })
              )
            )
            .chain(([behavior, extra]) => wrap(fc.constant({ decision: { behavior, ...extra } })))
        ),
        broken(
          "behavior other than allow or deny",
          wrap(
            fc.constantFrom<JsonObject>(
              { decision: { behavior: "ask" } },
              { decision: { behavior: "Allow" } },
              { decision: {} }
            )
          )
        ),
        valid.map((json) => ({ json: { ...json, continue: false }, breaks: "continue false" }))
      ]
    case "PostToolUse":
      return [
        broken(
          "block without a reason",
          emptyReason.map((r) => ({ decision: "block", ...r }))
        ),
        broken(
          "reason without a decision",
          codexReasonArb.map((reason) => ({ reason }))
        ),
        broken(
          "updatedMCPToolOutput",
          wrap(fc.jsonValue({ maxDepth: 1 }).map((updatedMCPToolOutput) => ({ updatedMCPToolOutput })))
        )
      ]
    case "Stop":
    case "SubagentStop":
      return [
        broken(
          "block without a reason",
          emptyReason.map((r) => ({ decision: "block", ...r }))
        )
      ]
    default:
      return []
  }
}

/** An answer for `event` that Codex CLI's wire refuses, labelled with the rule it breaks. */
export const codexInvalidAnswerArb = (event: HookEvent): fc.Arbitrary<CodexAnswer> => {
  const valid = codexValidAnswerArb(event)
  return fc.oneof(...genericBreakages(event, valid), ...eventBreakages(event, valid))
}

/** An answer for `event`: accepted or refused, equally often. */
export const codexAnswerArb = (event: HookEvent): fc.Arbitrary<CodexAnswer> =>
  fc.oneof(
    codexValidAnswerArb(event).map((json): CodexAnswer => ({ json, breaks: undefined })),
    codexInvalidAnswerArb(event)
  )

/**
 * An answer whose wire types are wrong (research 3.4: stdout that does not deserialise into the struct fails the
 * run): a valid answer with one of its common fields of the wrong type.
 */
export const codexWrongTypedAnswerArb = (event: HookEvent): fc.Arbitrary<CodexAnswer> =>
  fc
    .tuple(
      codexValidAnswerArb(event),
      fc.constantFrom(
        ["systemMessage", 5],
        ["systemMessage", null],
        ["systemMessage", ["x"]],
        ["continue", "no"],
        ["continue", 0]
      ) as fc.Arbitrary<readonly [string, unknown]>
    )
    .map(([json, [key, value]]) => ({ json: { ...json, [key]: value }, breaks: `${key} of the wrong type` }))
