/**
 * Validating a hook's JSON answer field by field (ARCHITECTURE section 4.5):
 * valid fields count, each invalid one is dropped with a Diagnostic naming its
 * JSON path, what was expected and what was found.
 *
 * @since 0.1.0
 */
import { Predicate, Result, Schema } from "effect"
import type { EffectOf } from "../effects/hook-effect.ts"
import { Diagnostic } from "../effects/hook-effect.ts"
import type { DiagnosticCode } from "../effects/diagnostic-code.ts"
import type { Dialect } from "./dialect.ts"
import { dialectRules } from "./dialect.ts"
import type { HookEvent } from "./events.ts"
import { byEvent, hookEvents } from "./events.ts"
import type { HookSpecificField } from "./output.ts"
import {
  commonOutputFields,
  JsonObject,
  hookSpecificFieldSchemas,
  hookSpecificFieldsOf,
  permissionRequestDecisionFields,
  topLevelDecisionOf
} from "./output.ts"

// ====== Models ======

/**
 * PermissionRequest's `decision` after validation.
 *
 * @category models
 * @since 0.1.0
 */
interface PermissionRequestDecisionView {
  readonly behavior: "allow" | "deny"
  readonly updatedInput?: { readonly [key: string]: unknown }
  /** Since 0.2.0: Claude Code's `PermissionUpdate` entries, carried as data. */
  readonly updatedPermissions?: ReadonlyArray<unknown>
  readonly message?: string
  readonly interrupt?: boolean
}

/**
 * The valid fields of a hook's JSON answer, hook-specific fields lifted out of
 * `hookSpecificOutput` (and, in the wave dialect, recovered from the top level).
 *
 * @category models
 * @since 0.1.0
 */
export interface OutputView {
  continue?: boolean
  stopReason?: string
  systemMessage?: string
  suppressOutput?: boolean
  /** Since 0.2.0: read, not carried out (the engine writes no terminal sequences). */
  terminalSequence?: string
  /** Top-level `decision`: `"block"`, or PreToolUse's legacy `"approve"`. */
  decision?: string
  /** Top-level `reason`. */
  reason?: string
  permissionDecision?: "allow" | "deny" | "ask" | "defer"
  permissionDecisionReason?: string
  updatedInput?: { readonly [key: string]: unknown }
  additionalContext?: string
  updatedMCPToolOutput?: unknown
  updatedToolOutput?: unknown
  permissionRequestDecision?: PermissionRequestDecisionView
  /** Since 0.2.0 (UserPromptSubmit, SessionStart). */
  sessionTitle?: string
  /** Since 0.2.0 (UserPromptSubmit, UserPromptExpansion). */
  suppressOriginalPrompt?: boolean
  /** Since 0.2.0 (SessionStart). */
  initialUserMessage?: string
  /** Since 0.2.0 (SessionStart, CwdChanged, FileChanged). */
  watchPaths?: ReadonlyArray<string>
  /** Since 0.2.0 (PermissionDenied). */
  retry?: boolean
  /** Since 0.2.0 (MessageDisplay). */
  displayContent?: string
  /** Since 0.2.0 (Elicitation, ElicitationResult). */
  action?: "accept" | "decline" | "cancel"
  /** Since 0.2.0 (Elicitation, ElicitationResult). */
  content?: { readonly [key: string]: unknown }
  /** Since 0.2.0 (WorktreeCreate). */
  worktreePath?: string
  /** Since 0.2.0 (PostToolUse): read, not carried out (no auto-mode classifier). */
  classifierContext?: string
  /** Since 0.2.0 (SessionStart): read, not carried out (no skills). */
  reloadSkills?: boolean
}

/**
 * The valid fields and a Diagnostic for every field that was dropped or
 * recovered.
 *
 * @category models
 * @since 0.1.0
 */
export interface ReadOutput {
  readonly output: OutputView
  readonly diagnostics: ReadonlyArray<EffectOf<"Diagnostic">>
}

// ====== Checking one value ======

interface Check {
  readonly is: (u: unknown) => boolean
  readonly expected: (u: unknown) => string
}

/**
 * The test of a schema that is a bare string, boolean, literal or union of
 * literals (no checks), as plain JavaScript: the same answer as `Schema.is`
 * without the schema parser (this is on every decision's path); `undefined` for
 * any other schema.
 *
 * @category checking
 * @since 0.3.0
 */
export const plainIs = (schema: Schema.Top): ((u: unknown) => boolean) | undefined => {
  const ast = schema.ast
  if (ast.checks !== undefined || ast.encoding !== undefined) return undefined
  switch (ast._tag) {
    case "String":
      return Predicate.isString
    case "Boolean":
      return Predicate.isBoolean
    case "Literal": {
      const literal: unknown = ast.literal
      return (u) => u === literal
    }
    case "Union": {
      const literals: Array<unknown> = []
      for (const member of ast.types) {
        if (member._tag !== "Literal" || member.checks !== undefined || member.encoding !== undefined) return undefined
        literals.push(member.literal)
      }
      return (u) => literals.includes(u)
    }
    default:
      return undefined
  }
}

const makeCheck = (schema: Schema.Top, fastIs?: (u: unknown) => boolean): Check => {
  // The schema parser is built on first use: a CLI start-up reads one output, and the
  // parser is needed only for a schema without a plain test or to explain a failure.
  const plain = fastIs ?? plainIs(schema)
  let is: ((u: unknown) => boolean) | undefined
  let decode: ((u: unknown) => Result.Result<unknown, { readonly message: string }>) | undefined
  return {
    is: plain ?? ((u) => (is ??= Schema.is(schema as Schema.Codec<unknown>))(u)),
    expected: (u) => {
      const result = (decode ??= Schema.decodeUnknownResult(schema as Schema.Codec<unknown>))(u)
      if (Result.isSuccess(result)) return "a valid value"
      const message = result.failure.message.split("\n")[0] ?? ""
      return message.replace(/^Expected /, "")
    }
  }
}

/**
 * Stores a checked value in the view.
 *
 * @category reading
 * @since 0.3.0
 */
export type Setter = (output: OutputView, value: unknown) => void

/**
 * Where a valid value of each field goes: one named store per field, because
 * V8 compiles `output[field] = value` (a computed key) to a generic store
 * several times slower, and this is on every decision's path. A law holds
 * each to `output[field] = value`.
 *
 * @category reading
 * @since 0.3.0
 */
export const setters: { readonly [K in keyof OutputView]-?: Setter } = {
  continue: (o, v) => {
    o.continue = v as boolean
  },
  stopReason: (o, v) => {
    o.stopReason = v as string
  },
  systemMessage: (o, v) => {
    o.systemMessage = v as string
  },
  suppressOutput: (o, v) => {
    o.suppressOutput = v as boolean
  },
  terminalSequence: (o, v) => {
    o.terminalSequence = v as string
  },
  decision: (o, v) => {
    o.decision = v as string
  },
  reason: (o, v) => {
    o.reason = v as string
  },
  permissionDecision: (o, v) => {
    o.permissionDecision = v as Required<OutputView>["permissionDecision"]
  },
  permissionDecisionReason: (o, v) => {
    o.permissionDecisionReason = v as string
  },
  updatedInput: (o, v) => {
    o.updatedInput = v as Required<OutputView>["updatedInput"]
  },
  additionalContext: (o, v) => {
    o.additionalContext = v as string
  },
  updatedMCPToolOutput: (o, v) => {
    o.updatedMCPToolOutput = v as Required<OutputView>["updatedMCPToolOutput"]
  },
  updatedToolOutput: (o, v) => {
    o.updatedToolOutput = v as Required<OutputView>["updatedToolOutput"]
  },
  permissionRequestDecision: (o, v) => {
    o.permissionRequestDecision = v as Required<OutputView>["permissionRequestDecision"]
  },
  sessionTitle: (o, v) => {
    o.sessionTitle = v as string
  },
  suppressOriginalPrompt: (o, v) => {
    o.suppressOriginalPrompt = v as boolean
  },
  initialUserMessage: (o, v) => {
    o.initialUserMessage = v as string
  },
  watchPaths: (o, v) => {
    o.watchPaths = v as Required<OutputView>["watchPaths"]
  },
  retry: (o, v) => {
    o.retry = v as boolean
  },
  displayContent: (o, v) => {
    o.displayContent = v as string
  },
  action: (o, v) => {
    o.action = v as Required<OutputView>["action"]
  },
  content: (o, v) => {
    o.content = v as Required<OutputView>["content"]
  },
  worktreePath: (o, v) => {
    o.worktreePath = v as string
  },
  classifierContext: (o, v) => {
    o.classifierContext = v as string
  },
  reloadSkills: (o, v) => {
    o.reloadSkills = v as boolean
  }
}

/** How a field is read: its check, and where a valid value goes. */
interface FieldReader {
  readonly check: Check
  readonly set: Setter
}

const commonChecks = Object.fromEntries(
  Object.entries(commonOutputFields).map(([name, schema]) => [name, makeCheck(schema)])
) as { readonly [K in keyof typeof commonOutputFields]: Check }

// Parsed JSON holds only plain objects, so `Predicate.isObject` (non-null,
// non-array) is exact for `JsonObject` and several times faster than the
// generic record check; the schema still explains failures.
const fastIs = (schema: Schema.Top): ((u: unknown) => boolean) | undefined =>
  schema === JsonObject ? Predicate.isObject : undefined

const specificChecks = Object.fromEntries(
  Object.entries(hookSpecificFieldSchemas).map(([name, schema]) => [name, makeCheck(schema, fastIs(schema))])
) as { readonly [K in HookSpecificField]: Check }

const decisionChecks = Object.fromEntries(
  Object.entries(permissionRequestDecisionFields).map(([name, schema]) => [name, makeCheck(schema, fastIs(schema))])
) as { readonly [K in keyof typeof permissionRequestDecisionFields]: Check }

const topDecisionChecks = byEvent((event): Check | undefined => {
  const schema = topLevelDecisionOf[event]
  return schema === undefined ? undefined : makeCheck(schema)
})

const reasonCheck = makeCheck(Schema.String)
const objectCheck = makeCheck(JsonObject, Predicate.isObject)

const allSpecificFields = new Set<string>(Object.keys(hookSpecificFieldSchemas))
const specificFieldSets = byEvent((event): ReadonlySet<string> => new Set<string>(hookSpecificFieldsOf[event]))

/** The common fields, each with its reader. */
const commonReaders: ReadonlyMap<string, FieldReader> = new Map(
  Object.entries(commonChecks).map(([field, check]) => [field, { check, set: setters[field as keyof OutputView] }])
)

/** What an event reads: its hook-specific fields with their readers, and its top-level `decision`'s check. */
interface EventFields {
  readonly specific: ReadonlyMap<string, FieldReader>
  readonly topDecision: Check | undefined
}

const eventFields = byEvent(
  (event): EventFields => ({
    specific: new Map(
      hookSpecificFieldsOf[event].map((field) => [
        field,
        { check: specificChecks[field], set: setters[field === "decision" ? "permissionRequestDecision" : field] }
      ])
    ),
    topDecision: topDecisionChecks[event]
  })
)

const eventsAccepting = (field: string): string =>
  hookEvents
    .filter(
      (event) =>
        specificFieldSets[event].has(field) || (field === "decision" && topLevelDecisionOf[event] !== undefined)
    )
    .join(", ")

// ====== Rendering ======

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/**
 * A JSON path such as `$.hookSpecificOutput.permissionDecision` or `$["odd key"]`.
 *
 * @category rendering
 * @since 0.1.0
 */
export const jsonPath = (segments: ReadonlyArray<string | number>): string =>
  "$" +
  segments
    .map((s) => (typeof s === "number" ? `[${s}]` : identifier.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`))
    .join("")

const MAX_SHOWN = 40

/**
 * A short description of a found value for diagnostics, such as
 * `the string "maybe"` or `an array`.
 *
 * @category rendering
 * @since 0.1.0
 */
export const describeValue = (value: unknown): string => {
  if (value === null) return "null"
  if (Array.isArray(value)) return "an array"
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}...` : value)}`
    case "number":
      return `the number ${value}`
    case "boolean":
      return `${value}`
    case "object":
      return "an object"
    default:
      return typeof value
  }
}

// ====== Reading ======

// The readers walk objects with `for...in` and this own-property test rather
// than `Object.keys`: the same keys in the same order for parsed JSON, and V8
// compiles the pair to a walk of the object's cached keys, with no array.
const hasOwn = Object.prototype.hasOwnProperty

/**
 * Validate a parsed JSON answer for an event.
 *
 * **Details**
 *
 * Common fields and the event's top-level `decision` / `reason` are read at the
 * top level; hook-specific fields inside `hookSpecificOutput`. A
 * `hookSpecificOutput.hookEventName` naming another event drops the whole
 * object. In the wave dialect a hook-specific field of this event found at the
 * top level is used as if wrapped (`unwrapped-field`); the wrapped one wins if
 * both exist. `null` is an invalid value. Unknown fields are reported and
 * ignored.
 *
 * **Example** (An invalid field is dropped, the rest counts)
 *
 * ```ts
 * readOutput({ continue: "no", systemMessage: "hi" }, "Stop", "wave")
 * // => { output: { systemMessage: "hi" },
 * //      diagnostics: [Diagnostic{invalid-field "$.continue: expected boolean, found the string \"no\"..."}] }
 * ```
 *
 * @category validation
 * @since 0.1.0
 */
export const readOutput = (
  json: { readonly [key: string]: unknown },
  event: HookEvent,
  dialect: Dialect
): ReadOutput => {
  const fields = eventFields[event]
  const reading: Reading = { event, fields, output: {}, diagnostics: [] }
  const output = reading.output
  let unwrapped: Array<string> | undefined

  for (const key in json) {
    if (!hasOwn.call(json, key)) continue
    const value = json[key]
    switch (key) {
      case "continue":
      case "stopReason":
      case "systemMessage":
      case "suppressOutput":
      case "terminalSequence": {
        const common = commonReaders.get(key)!
        if (common.check.is(value)) common.set(output, value)
        else invalid(reading, [key], common.check, value)
        break
      }
      case "hookSpecificOutput":
        readHookSpecific(reading, value)
        break
      default: {
        const topDecision = fields.topDecision
        if (key === "decision" && topDecision !== undefined) {
          if (topDecision.is(value)) output.decision = value as string
          else invalid(reading, [key], topDecision, value)
        } else if (key === "reason" && topDecision !== undefined) {
          if (reasonCheck.is(value)) output.reason = value as string
          else invalid(reading, [key], reasonCheck, value)
        } else if (key === "reason") {
          report(
            reading,
            "wrong-event",
            `${jsonPath([key])}: ${event} takes no top-level "reason"; the field was ignored.`
          )
        } else if (fields.specific.has(key)) {
          ;(unwrapped ??= []).push(key)
        } else if (allSpecificFields.has(key)) {
          report(
            reading,
            "wrong-event",
            `${jsonPath([key])}: "${key}" is not a field of ${event} output (it belongs to ${eventsAccepting(key)}); the field was ignored.`
          )
        } else {
          report(
            reading,
            "unknown-field",
            `${jsonPath([key])}: unknown field for ${event} output; the field was ignored.`
          )
        }
      }
    }
  }

  if (unwrapped !== undefined) readUnwrapped(reading, json, unwrapped, dialect)
  return reading
}

/** One call of `readOutput`: the event, what it reads, the view being built and the diagnostics so far (its result). */
interface Reading extends ReadOutput {
  readonly event: HookEvent
  readonly fields: EventFields
  readonly diagnostics: Array<EffectOf<"Diagnostic">>
}

const report = (reading: Reading, code: DiagnosticCode, message: string): void => {
  reading.diagnostics.push(Diagnostic({ code, message }))
}

const invalid = (reading: Reading, path: ReadonlyArray<string>, check: Check, value: unknown): void =>
  report(
    reading,
    "invalid-field",
    `${jsonPath(path)}: expected ${check.expected(value)}, found ${describeValue(value)}; the field was ignored.`
  )

/** The path of a hook-specific field, inside `hookSpecificOutput` or (unwrapped) at the top level. */
const specificPath = (field: string, wrapped: boolean): ReadonlyArray<string> =>
  wrapped ? ["hookSpecificOutput", field] : [field]

/** Hook-specific fields of this event found at the top level: used as if wrapped (wave), else reported. */
const readUnwrapped = (
  reading: Reading,
  json: { readonly [key: string]: unknown },
  unwrapped: ReadonlyArray<string>,
  dialect: Dialect
): void => {
  for (const key of unwrapped) {
    const path = jsonPath([key])
    if (!dialectRules[dialect].unwrappedFieldRecovery) {
      report(
        reading,
        "unwrapped-field",
        `${path}: "${key}" belongs inside "hookSpecificOutput"; the claude-code dialect ignores it at the top level. Move it into "hookSpecificOutput".`
      )
    } else if (isSet(reading.output, key as HookSpecificField)) {
      report(
        reading,
        "unwrapped-field",
        `${path}: "${key}" appears both at the top level and inside "hookSpecificOutput"; the wrapped one was used.`
      )
    } else {
      const before = reading.diagnostics.length
      readSpecificField(reading, key, reading.fields.specific.get(key)!, json[key], false)
      if (reading.diagnostics.length === before) {
        report(
          reading,
          "unwrapped-field",
          `${path}: "${key}" belongs inside "hookSpecificOutput"; it was used as if it were there. Move it into "hookSpecificOutput".`
        )
      }
    }
  }
}

const isSet = (output: OutputView, field: HookSpecificField): boolean =>
  field === "decision" ? output.permissionRequestDecision !== undefined : output[field] !== undefined

const readHookSpecific = (reading: Reading, value: unknown): void => {
  const event = reading.event
  if (!objectCheck.is(value)) {
    invalid(reading, ["hookSpecificOutput"], objectCheck, value)
    return
  }
  const object = value as { readonly [key: string]: unknown }
  const name = object["hookEventName"]
  if (name !== undefined && name !== event) {
    report(
      reading,
      "wrong-event",
      `${jsonPath(["hookSpecificOutput", "hookEventName"])}: names ${describeValue(name)} but the event is ${event}; ` +
        `the whole "hookSpecificOutput" was ignored. Set "hookEventName": "${event}".`
    )
    return
  }
  const specific = reading.fields.specific
  for (const key in object) {
    if (!hasOwn.call(object, key)) continue
    if (key === "hookEventName") continue
    const reader = specific.get(key)
    if (reader !== undefined) {
      readSpecificField(reading, key, reader, object[key], true)
      continue
    }
    const path = ["hookSpecificOutput", key]
    if (allSpecificFields.has(key)) {
      report(
        reading,
        "wrong-event",
        `${jsonPath(path)}: "${key}" is not a field of ${event} output (it belongs to ${eventsAccepting(key)}); the field was ignored.`
      )
    } else
      report(reading, "unknown-field", `${jsonPath(path)}: unknown field for ${event} output; the field was ignored.`)
  }
}

/** A hook-specific field the event accepts, `wrapped` in `hookSpecificOutput` or not. */
const readSpecificField = (
  reading: Reading,
  field: string,
  reader: FieldReader,
  value: unknown,
  wrapped: boolean
): void => {
  if (field === "decision") readPermissionRequestDecision(reading, value, specificPath(field, wrapped))
  else if (reader.check.is(value)) reader.set(reading.output, value)
  else invalid(reading, specificPath(field, wrapped), reader.check, value)
}

const readPermissionRequestDecision = (reading: Reading, value: unknown, path: ReadonlyArray<string>): void => {
  if (!objectCheck.is(value)) {
    invalid(reading, path, objectCheck, value)
    return
  }
  const object = value as { readonly [key: string]: unknown }
  const behavior = object["behavior"]
  if (!decisionChecks.behavior.is(behavior)) {
    report(
      reading,
      "invalid-field",
      `${jsonPath([...path, "behavior"])}: expected ${decisionChecks.behavior.expected(behavior)}, found ${describeValue(behavior)}; ` +
        `the whole decision was ignored.`
    )
    return
  }
  const decision: { -readonly [K in keyof PermissionRequestDecisionView]: PermissionRequestDecisionView[K] } = {
    behavior: behavior as "allow" | "deny"
  }
  for (const key in object) {
    if (!hasOwn.call(object, key)) continue
    if (key === "behavior") continue
    const subPath = [...path, key]
    if (key !== "updatedInput" && key !== "updatedPermissions" && key !== "message" && key !== "interrupt") {
      report(
        reading,
        "unknown-field",
        `${jsonPath(subPath)}: unknown field of a PermissionRequest decision; the field was ignored.`
      )
      continue
    }
    const forAllow = key === "updatedInput" || key === "updatedPermissions"
    const fitsBehavior = forAllow ? decision.behavior === "allow" : decision.behavior === "deny"
    if (!fitsBehavior) {
      report(
        reading,
        "unknown-field",
        `${jsonPath(subPath)}: "${key}" is only read when behavior is "${forAllow ? "allow" : "deny"}"; the field was ignored.`
      )
      continue
    }
    const check = decisionChecks[key]
    if (check.is(object[key])) (decision as Record<string, unknown>)[key] = object[key]
    else invalid(reading, subPath, check, object[key])
  }
  reading.output.permissionRequestDecision = decision
}
