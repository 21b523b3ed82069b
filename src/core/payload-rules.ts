/**
 * The few rows of ARCHITECTURE 5.4 that depend on the event's payload, not on
 * the hook's answer: applied to the combined effects of an event once its
 * payload is known (`runHooks` does it; `decide` never sees payloads).
 *
 * @since 0.2.0
 */
import { at } from "./rule-id.ts"
import { Diagnostic, ShowUser } from "../effects/hook-effect.ts"
import type { HookEvent } from "./events.ts"
import type { JsonRecord } from "./payload.ts"
import type { TracedEffect } from "./trace.ts"

/** SessionStart sources on which Claude Code reads `sessionTitle` (Claude Code's hooks documentation). */
const titledSources: ReadonlySet<string> = new Set(["startup", "resume", "fork"])

/**
 * Apply the payload-dependent rows to combined effects.
 *
 * **Details**
 *
 * - ConfigChange from `policy_settings`: managed policy cannot be blocked by
 *   a hook; each `BlockAction` becomes an `ignored-output` Diagnostic.
 * - SessionStart with a `source` other than startup, resume and fork: a
 *   `SetSessionTitle` becomes a `discarded-field` Diagnostic.
 *
 * Everything else passes unchanged, in order.
 *
 * **Example** (A managed-settings change)
 *
 * ```ts
 * applyPayloadRules("ConfigChange", { source: "policy_settings" }, [{ effect: BlockAction({ reason: "no" }), ...at("ConfigChange.block", "ConfigChange decision=block") }])
 * // => [{ effect: Diagnostic{ignored-output "...policy settings cannot be blocked..."}, id: "ConfigChange.policy-unblockable", rule: "ConfigChange from policy_settings cannot be blocked" }]
 * ```
 *
 * @category payloads
 * @since 0.2.0
 */
export const applyPayloadRules = (
  event: HookEvent,
  payload: JsonRecord,
  effects: ReadonlyArray<TracedEffect>
): ReadonlyArray<TracedEffect> => {
  if (event === "ConfigChange" && payload["source"] === "policy_settings") {
    return effects.map((traced) =>
      traced.effect._tag !== "BlockAction"
        ? traced
        : {
            ...traced,
            effect: Diagnostic({
              code: "ignored-output",
              message: `A change to managed policy settings cannot be blocked by a hook; the block was ignored (reason: ${traced.effect.reason}).`
            }),
            ...at("ConfigChange.policy-unblockable", "ConfigChange from policy_settings cannot be blocked")
          }
    )
  }
  const source = payload["source"]
  if (event === "SessionStart" && typeof source === "string" && !titledSources.has(source)) {
    return effects.map((traced) =>
      traced.effect._tag !== "SetSessionTitle"
        ? traced
        : {
            ...traced,
            effect: Diagnostic({
              code: "discarded-field",
              message: `$.hookSpecificOutput.sessionTitle: read only when the session starts, resumes or forks, not on "${source}"; it was discarded.`
            }),
            ...at("SessionStart.title-source", "SessionStart sessionTitle only on startup, resume and fork")
          }
    )
  }
  return effects
}

/**
 * A hook's limit on follow-up turns (Cursor's `loop_limit`, ARCHITECTURE 5.3.3), applied to the effects
 * `decide` gave its run: on Stop and SubagentStop, once the payload's loop count (`countField`, Cursor's
 * `loop_count`) has reached `limit`, or on a SubagentStop whose subagent did not complete, each
 * `BlockStop` is only shown to the user (`ShowUser{warning}` with its text) with a `stop-loop-cap`
 * Diagnostic, and the agent stops. `limit: null`: no limit. Other events pass unchanged.
 *
 * **Example** (The sixth follow-up)
 *
 * ```ts
 * applyLoopLimit("Stop", { loop_count: 5 }, { limit: 5, countField: "loop_count" }, [traced(BlockStop({ reason: "Run the tests" }))])
 * // => [ShowUser{warning "Run the tests (not sent: ...)"}, Diagnostic{stop-loop-cap}]
 * ```
 *
 * @category payloads
 * @since 0.5.0
 */
export const applyLoopLimit = (
  event: HookEvent,
  payload: JsonRecord,
  row: { readonly limit: number | null; readonly countField: string },
  effects: ReadonlyArray<TracedEffect>
): ReadonlyArray<TracedEffect> => {
  if ((event !== "Stop" && event !== "SubagentStop") || !effects.some((t) => t.effect._tag === "BlockStop"))
    return effects
  const count = payload[row.countField]
  const status = payload["status"]
  const why =
    event === "SubagentStop" && typeof status === "string" && status !== "completed"
      ? `the subagent ended with status "${status}", and only a completed one is sent back to work`
      : row.limit !== null && typeof count === "number" && count >= row.limit
        ? `${row.countField} ${count} has reached the hook's limit of ${row.limit} follow-up turns (raise it with loop_limit, or null for none)`
        : undefined
  if (why === undefined) return effects
  const rule = at("cursor.loop-limit", `${event} follow-up past loop_limit`)
  return effects.flatMap(
    (traced): ReadonlyArray<TracedEffect> =>
      traced.effect._tag !== "BlockStop"
        ? [traced]
        : [
            {
              ...traced,
              effect: ShowUser({ level: "warning", text: `${traced.effect.reason} (not sent: ${why})` }),
              ...rule
            },
            {
              ...traced,
              effect: Diagnostic({
                code: "stop-loop-cap",
                message: `A follow-up was not sent and the agent stops: ${why}.`
              }),
              ...rule
            }
          ]
  )
}
