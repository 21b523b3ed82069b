/**
 * Why each effect was produced: the rule of ARCHITECTURE sections 4-6 behind
 * it, and (after `combine`) which hook it came from. Used by `explain`.
 *
 * @since 0.1.0
 */
import type { HookEffect } from "../effects/hook-effect.ts"

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
 * An effect with the rule that produced it, such as
 * `"5.1 PreToolUse permissionDecision=deny"`.
 *
 * @category models
 * @since 0.1.0
 */
export interface TracedEffect {
  readonly effect: HookEffect
  readonly rule: string
  readonly source?: EffectSource
}
