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
  // Built on first use: a CLI start-up reads one output, and the parser is needed only to explain a failure.
  let is = fastIs ?? plainIs(schema)
  let decode: ((u: unknown) => Result.Result<unknown, { readonly message: string }>) | undefined
  return {
    is: (u) => (is ??= Schema.is(schema as Schema.Codec<unknown>))(u),
    expected: (u) => {
      const result = (decode ??= Schema.decodeUnknownResult(schema as Schema.Codec<unknown>))(u)
      if (Result.isSuccess(result)) return "a valid value"
      const message = result.failure.message.split("\n")[0] ?? ""
      return message.replace(/^Expected /, "")
    }
  }
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
// long: one pass over the output's fields in the documented order
export const readOutput = (
  json: { readonly [key: string]: unknown },
  event: HookEvent,
  dialect: Dialect
): ReadOutput => {
  const output: OutputView = {}
  const diagnostics: Array<EffectOf<"Diagnostic">> = []
  const report = (code: DiagnosticCode, message: string) => diagnostics.push(Diagnostic({ code, message }))
  const invalid = (path: ReadonlyArray<string>, check: Check, value: unknown) =>
    report(
      "invalid-field",
      `${jsonPath(path)}: expected ${check.expected(value)}, found ${describeValue(value)}; the field was ignored.`
    )
  const specific = specificFieldSets[event]
  const unwrapped: Array<string> = []

  for (const key of Object.keys(json)) {
    const value = json[key]
    switch (key) {
      case "continue":
      case "stopReason":
      case "systemMessage":
      case "suppressOutput":
      case "terminalSequence": {
        const check = commonChecks[key]
        if (check.is(value)) (output as Record<string, unknown>)[key] = value
        else invalid([key], check, value)
        break
      }
      case "hookSpecificOutput":
        readHookSpecific(value, event, output, report, invalid)
        break
      default: {
        const topDecision = topDecisionChecks[event]
        if (key === "decision" && topDecision !== undefined) {
          if (topDecision.is(value)) output.decision = value as string
          else invalid([key], topDecision, value)
        } else if (key === "reason" && topDecision !== undefined) {
          if (reasonCheck.is(value)) output.reason = value as string
          else invalid([key], reasonCheck, value)
        } else if (key === "reason") {
          report("wrong-event", `${jsonPath([key])}: ${event} takes no top-level "reason"; the field was ignored.`)
        } else if (specific.has(key)) {
          unwrapped.push(key)
        } else if (allSpecificFields.has(key)) {
          report(
            "wrong-event",
            `${jsonPath([key])}: "${key}" is not a field of ${event} output (it belongs to ${eventsAccepting(key)}); the field was ignored.`
          )
        } else {
          report("unknown-field", `${jsonPath([key])}: unknown field for ${event} output; the field was ignored.`)
        }
      }
    }
  }

  for (const key of unwrapped) {
    const path = jsonPath([key])
    if (!dialectRules[dialect].unwrappedFieldRecovery) {
      report(
        "unwrapped-field",
        `${path}: "${key}" belongs inside "hookSpecificOutput"; the claude-code dialect ignores it at the top level. Move it into "hookSpecificOutput".`
      )
    } else if (isSet(output, key as HookSpecificField)) {
      report(
        "unwrapped-field",
        `${path}: "${key}" appears both at the top level and inside "hookSpecificOutput"; the wrapped one was used.`
      )
    } else {
      const before = diagnostics.length
      readSpecificField(key as HookSpecificField, json[key], [key], output, report, invalid)
      if (diagnostics.length === before) {
        report(
          "unwrapped-field",
          `${path}: "${key}" belongs inside "hookSpecificOutput"; it was used as if it were there. Move it into "hookSpecificOutput".`
        )
      }
    }
  }
  return { output, diagnostics }
}

type Report = (code: DiagnosticCode, message: string) => void
type Invalid = (path: ReadonlyArray<string>, check: Check, value: unknown) => void

const isSet = (output: OutputView, field: HookSpecificField): boolean =>
  field === "decision" ? output.permissionRequestDecision !== undefined : output[field] !== undefined

const readHookSpecific = (
  value: unknown,
  event: HookEvent,
  output: OutputView,
  report: Report,
  invalid: Invalid
): void => {
  if (!objectCheck.is(value)) {
    invalid(["hookSpecificOutput"], objectCheck, value)
    return
  }
  const object = value as { readonly [key: string]: unknown }
  const name = object["hookEventName"]
  if (name !== undefined && name !== event) {
    report(
      "wrong-event",
      `${jsonPath(["hookSpecificOutput", "hookEventName"])}: names ${describeValue(name)} but the event is ${event}; ` +
        `the whole "hookSpecificOutput" was ignored. Set "hookEventName": "${event}".`
    )
    return
  }
  const specific = specificFieldSets[event]
  for (const key of Object.keys(object)) {
    if (key === "hookEventName") continue
    if (specific.has(key)) {
      readSpecificField(key as HookSpecificField, object[key], ["hookSpecificOutput", key], output, report, invalid)
      continue
    }
    const path = ["hookSpecificOutput", key]
    if (allSpecificFields.has(key)) {
      report(
        "wrong-event",
        `${jsonPath(path)}: "${key}" is not a field of ${event} output (it belongs to ${eventsAccepting(key)}); the field was ignored.`
      )
    } else report("unknown-field", `${jsonPath(path)}: unknown field for ${event} output; the field was ignored.`)
  }
}

const readSpecificField = (
  field: HookSpecificField,
  value: unknown,
  path: ReadonlyArray<string>,
  output: OutputView,
  report: Report,
  invalid: Invalid
): void => {
  if (field === "decision") {
    readPermissionRequestDecision(value, path, output, report, invalid)
    return
  }
  const check = specificChecks[field]
  if (check.is(value)) (output as Record<string, unknown>)[field] = value
  else invalid(path, check, value)
}

const readPermissionRequestDecision = (
  value: unknown,
  path: ReadonlyArray<string>,
  output: OutputView,
  report: Report,
  invalid: Invalid
): void => {
  if (!objectCheck.is(value)) {
    invalid(path, objectCheck, value)
    return
  }
  const object = value as { readonly [key: string]: unknown }
  const behavior = object["behavior"]
  if (!decisionChecks.behavior.is(behavior)) {
    report(
      "invalid-field",
      `${jsonPath([...path, "behavior"])}: expected ${decisionChecks.behavior.expected(behavior)}, found ${describeValue(behavior)}; ` +
        `the whole decision was ignored.`
    )
    return
  }
  const decision: { -readonly [K in keyof PermissionRequestDecisionView]: PermissionRequestDecisionView[K] } = {
    behavior: behavior as "allow" | "deny"
  }
  for (const key of Object.keys(object)) {
    if (key === "behavior") continue
    const subPath = [...path, key]
    if (key !== "updatedInput" && key !== "updatedPermissions" && key !== "message" && key !== "interrupt") {
      report(
        "unknown-field",
        `${jsonPath(subPath)}: unknown field of a PermissionRequest decision; the field was ignored.`
      )
      continue
    }
    const forAllow = key === "updatedInput" || key === "updatedPermissions"
    const fitsBehavior = forAllow ? decision.behavior === "allow" : decision.behavior === "deny"
    if (!fitsBehavior) {
      report(
        "unknown-field",
        `${jsonPath(subPath)}: "${key}" is only read when behavior is "${forAllow ? "allow" : "deny"}"; the field was ignored.`
      )
      continue
    }
    const check = decisionChecks[key]
    if (check.is(object[key])) (decision as Record<string, unknown>)[key] = object[key]
    else invalid(subPath, check, object[key])
  }
  output.permissionRequestDecision = decision
}
