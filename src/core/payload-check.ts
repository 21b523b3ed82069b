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
 * `invalid-field` Diagnostic per invalid field when every invalid field is
 * optional (the payload without them is valid): the run goes on with the
 * payload as sent. Fails with the schema's message when a field the event
 * needs is missing or invalid (`tool_name` of a tool event, ...).
 *
 * **Example** (A newer Claude Code's type)
 *
 * ```ts
 * checkPayload("SessionStart", { source: "startup", model: 3 }, "stdin")
 * // => Success([Diagnostic{invalid-field "The payload in stdin: $.model: Expected string; ..."}])
 * checkPayload("PreToolUse", { tool_name: 5, tool_input: {} }, "stdin")
 * // => Failure("Expected string at [\"tool_name\"]")
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
  const refused = Result.fail(oneLine(decode(fields).pipe(Result.match({ onSuccess: () => "", onFailure: (e) => e.message }))))
  const issues = SchemaIssue.makeFormatterStandardSchemaV1()(checked.failure.issue).issues
  const paths = issues.map((issue) => (issue.path ?? []).map((s) => typeof s === "object" && s !== null ? s.key : s))
  const keys = new Set<string>()
  for (const path of paths) {
    const key = path[0]
    if (typeof key !== "string") return refused
    keys.add(key)
  }
  const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => !keys.has(key)))
  if (Result.isFailure(decode(rest))) return refused
  return Result.succeed(issues.map((issue, i) =>
    Diagnostic({
      code: "invalid-field",
      message: `The payload in ${where}: $.${paths[i]!.map(String).join(".")}: ${issue.message}; the hooks got it as sent, ` +
        `and the run went on. Fix the caller if this field matters to your hooks.`
    })
  ))
}

const oneLine = (text: string): string => text.replace(/\n\s*/g, " ")
