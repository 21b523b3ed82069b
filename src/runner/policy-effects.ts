/**
 * How `run` reports hooks a managed policy kept from running
 * (ARCHITECTURE section 7).
 *
 * @since 0.2.0
 */
import { at } from "../core/rule-id.ts"
import type { HookEvent } from "../core/events.ts"
import type { TracedEffect } from "../core/trace.ts"
import { Diagnostic } from "../effects/hook-effect.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"

/**
 * One `Diagnostic{code:"managed-policy"}` when hooks configured for `event`
 * did not run because of `allowManagedHooksOnly` (managed settings) or a
 * user, project or local `disableAllHooks` that leaves the managed hooks
 * running: it names the setting, its file and the hooks (source and command).
 *
 * @category running
 * @since 0.2.0
 */
export const excludedByPolicyEffects = (snapshot: SettingsSnapshot, event: HookEvent): ReadonlyArray<TracedEffect> => {
  const excluded = snapshot.excludedByPolicy
  if (excluded === undefined) return []
  const hooks = excluded.hooks.filter((h) => h.event === event)
  if (hooks.length === 0) return []
  const setting =
    excluded.reason === "allowManagedHooksOnly"
      ? `"allowManagedHooksOnly": true in the managed settings ${excluded.file}`
      : `"disableAllHooks": true in ${excluded.file} (it cannot switch managed hooks off)`
  const list = hooks
    .map((h) => `${h.plugin === undefined ? h.scope : `plugin ${h.plugin.name}`}: ${h.command}`)
    .join("; ")
  return [
    {
      effect: Diagnostic({
        code: "managed-policy",
        message: `${hooks.length} ${event} hook${hooks.length === 1 ? "" : "s"} did not run because of ${setting}; only managed hooks run (${list}).`
      }),
      ...at("run.managed-policy", "managed policy")
    }
  ]
}
