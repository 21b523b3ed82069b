/**
 * Checking a caller's payload against its event's schema without refusing a
 * whole run for one field (ARCHITECTURE sections 2 and 8): an optional field
 * of an unexpected type is reported and passed on as sent.
 *
 * @since 0.2.0
 */
import { Result, Schema, SchemaIssue } from "effect"
import type { EffectOf } from "../effects/hook-effect.ts"
import { Diagnostic } from "../effects/hook-effect.ts"
import type { HookEvent } from "./events.ts"
import { eventFieldsSchemas } from "./events.ts"
import type { JsonRecord } from "./payload.ts"

/**
 * Check the event fields of a payload.
 *
 * **Details**
 *
 * Succeeds with no diagnostics for a valid payload, and with one
 * `invalid-field` Diagnostic per invalid or missing field otherwise: the run
 * goes on with the payload as sent, never refused for one field.
 * A field the event needs (`tool_name` of a tool event, `prompt`, ...) says
 * so in its message, as matchers and guards that read it may not match. The
 * failure channel is kept for compatibility and is never used since 0.2.0.
 *
 * **Example** (A newer Claude Code's type)
 *
 * ```ts
 * checkPayload("SessionStart", { source: "startup", model: 3 }, "stdin")
 * // => Success([Diagnostic{invalid-field "The payload in stdin: $.model: Expected string; ..."}])
 * checkPayload("PreToolUse", { tool_name: 5, tool_input: {} }, "stdin")
 * // => Success([Diagnostic{invalid-field "... $.tool_name: Expected string; ... (PreToolUse hooks expect this field ..."}])
 * ```
 *
 * @category payloads
 * @since 0.2.0
 */
export const checkPayload = (
  event: HookEvent,
  fields: JsonRecord,
  where: string
): Result.Result<ReadonlyArray<EffectOf<"Diagnostic">>, string> => {
  const decode = Schema.decodeUnknownResult(eventFieldsSchemas[event])
  const checked = decode(fields, { errors: "all" })
  if (Result.isSuccess(checked)) return Result.succeed([])
  const issues = SchemaIssue.makeFormatterStandardSchemaV1()(checked.failure.issue).issues
  /** Whether the event needs `key`: without it, decoding reports it missing. */
  const isRequired = (key: string): boolean => {
    const without = Object.fromEntries(Object.entries(fields).filter(([k]) => k !== key))
    const result = decode(without, { errors: "all" })
    return (
      Result.isFailure(result) &&
      SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues.some((i) => {
        const first = (i.path ?? [])[0]
        return (typeof first === "object" && first !== null ? first.key : first) === key
      })
    )
  }
  // Never a whole run refused for one field: each problem is reported and the hooks get the
  // payload as sent. A field the event needs (tool_name, prompt, ...) is reported as such.
  return Result.succeed(
    issues.map((issue) => {
      const path = (issue.path ?? []).map((s) => (typeof s === "object" && s !== null ? s.key : s)).map(String)
      const key = path[0]
      const needed = key !== undefined && isRequired(key)
      return Diagnostic({
        code: "invalid-field",
        message:
          `The payload in ${where}: $.${path.join(".")}: ${oneLine(issue.message)}; the hooks got it as sent, and the run went on` +
          (needed ? ` (${event} hooks expect this field: matchers and guards that read it may not match)` : "") +
          `. Fix the caller if this field matters to your hooks.`
      })
    })
  )
}

const oneLine = (text: string): string => text.replace(/\n\s*/g, " ")
