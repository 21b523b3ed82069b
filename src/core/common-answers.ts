/**
 * Common answers: the few exact JSON shapes most hooks print, read without the
 * generic field walk of `readOutput`. A shape is recognised only
 * when `readOutput` is known to give the same view with no diagnostic, in
 * every dialect; anything else is `undefined`, and the caller takes the
 * general path. A law holds `decideTraced` with this path to the general one
 * (property-tests/common-answers.laws.test.ts).
 *
 * @since 0.3.0
 */
import type { HookEvent } from "./events.ts"
import { byEvent } from "./events.ts"
import { hookSpecificFieldsOf, topLevelDecisionOf } from "./output.ts"
import type { OutputView } from "./read-output.ts"

/** Events whose current top-level `decision` is `"block"` alone (not PreToolUse's deprecated `approve` / `block`). */
const blockEvents = byEvent((event): boolean => {
  const literals = topLevelDecisionOf[event]?.literals
  return literals !== undefined && literals.length === 1 && literals[0] === "block"
})

/** Events whose `hookSpecificOutput` takes `permissionDecision` and `permissionDecisionReason` (PreToolUse, PreModelSwitch). */
const permissionEvents = byEvent((event): boolean => {
  const fields: ReadonlyArray<string> = hookSpecificFieldsOf[event]
  return fields.includes("permissionDecision") && fields.includes("permissionDecisionReason")
})

const hasOwn = Object.prototype.hasOwnProperty

/**
 * The view of a common answer to `event`, or `undefined` when `json` is not
 * one. The shapes, with no other key at any level:
 *
 * - `{}`;
 * - `{"decision": "block", "reason"?: string}` on the events whose top-level
 *   `decision` is `"block"` alone (either key may be absent);
 * - `{"hookSpecificOutput": {"hookEventName": event, "permissionDecision":
 *   "allow" | "deny" | "ask", "permissionDecisionReason"?: string}}` on the
 *   events that take a permission decision (PreToolUse, PreModelSwitch).
 *
 * The view's fields are in the order of the JSON's keys, as `readOutput`
 * stores them.
 *
 * @category reading
 * @since 0.3.0
 */
export const commonAnswer = (json: { readonly [key: string]: unknown }, event: HookEvent): OutputView | undefined => {
  const view: OutputView = {}
  for (const key in json) {
    if (!hasOwn.call(json, key)) return undefined
    const value = json[key]
    if (key === "hookSpecificOutput") {
      if (!permissionEvents[event] || !readPermission(view, value, event)) return undefined
    } else if (key === "decision") {
      if (value !== "block" || !blockEvents[event]) return undefined
      view.decision = value
    } else if (key === "reason") {
      if (typeof value !== "string" || !blockEvents[event]) return undefined
      view.reason = value
    } else return undefined
  }
  return view
}

/** Reads an exact permission `hookSpecificOutput` into `view`; `false` when `value` is anything else. */
const readPermission = (view: OutputView, value: unknown, event: HookEvent): boolean => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false
  const object = value as { readonly [key: string]: unknown }
  if (object["hookEventName"] !== event) return false
  let decided = false
  for (const key in object) {
    if (!hasOwn.call(object, key)) return false
    const field = object[key]
    if (key === "permissionDecision") {
      if (field !== "allow" && field !== "deny" && field !== "ask") return false
      view.permissionDecision = field
      decided = true
    } else if (key === "permissionDecisionReason") {
      if (typeof field !== "string") return false
      view.permissionDecisionReason = field
    } else if (key !== "hookEventName") return false
  }
  return decided
}
