/**
 * Why each effect was produced: the rule behind it (see `rule-id.ts`), and (after `combine`) which hook it came from. Used by `explain`.
 *
 * @since 0.1.0
 */
import type { HookEffect } from "../effects/hook-effect.ts"
import type { RuleId } from "./rule-id.ts"

/**
 * Where an effect came from when several hooks ran: the hook's command and its
 * position in config order.
 *
 * @category models
 * @since 0.1.0
 */
export interface EffectSource {
  readonly hook: string
  readonly index: number
}

/**
 * An effect with the rule that produced it: `id` names the rule (such as
 * `"PreToolUse.deny"`), `rule` says this case in words (such as
 * `"PreToolUse permissionDecision=deny"`).
 *
 * @category models
 * @since 0.1.0
 */
export interface TracedEffect {
  readonly effect: HookEffect
  readonly id: RuleId
  readonly rule: string
  readonly source?: EffectSource
}
