/**
 * Arbitraries for a hook's JSON answer (ARCHITECTURE section 4.5), built from
 * the real field names: valid values mixed with wrong types, `null`, unknown
 * fields, a `hookEventName` that does or does not match, and hook-specific
 * fields left at the top level (unwrapped).
 */
import * as fc from "fast-check"
import type { HookEvent } from "../../src/index.ts"
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
 * A hook's whole JSON answer for `event`: common fields, top-level
 * `decision` / `reason`, `hookSpecificOutput`, unwrapped hook-specific fields
 * and unknown fields, each optional and each sometimes of the wrong type.
 */
export const hookOutputArb = (event: HookEvent): fc.Arbitrary<JsonObject> =>
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

/** {@link hookOutputArb} with a valid top-level `continue: false`. */
export const stoppingHookOutputArb = (event: HookEvent): fc.Arbitrary<JsonObject> =>
  hookOutputArb(event).map((output) => ({ ...output, continue: false }))
