/**
 * The few rows of ARCHITECTURE 5.4 that depend on the event's payload, not on
 * the hook's answer: applied to the combined effects of an event once its
 * payload is known (`runHooks` does it; `decide` never sees payloads).
 *
 * @since 0.2.0
 */
import { at } from "./rule-id.ts"
import { Diagnostic } from "../effects/hook-effect.ts"
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
