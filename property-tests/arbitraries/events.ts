/**
 * Arbitraries for hook event names (ARCHITECTURE section 2).
 */
import * as fc from "fast-check"
import type { HookEvent } from "../../src/index.ts"
import { hookEvents } from "../../src/index.ts"

/** Any of the twelve hook events. */
export const hookEventArb: fc.Arbitrary<HookEvent> = fc.constantFrom(...hookEvents)

/** A hook event other than `event` (for a `hookEventName` that does not match). */
export const otherEventArb = (event: HookEvent): fc.Arbitrary<HookEvent> =>
  fc.constantFrom(...hookEvents.filter((other) => other !== event))

/**
 * Any hook event, the permission events (PreToolUse, PermissionRequest, where
 * most rules live) about three times as often as the others.
 */
export const biasedHookEventArb: fc.Arbitrary<HookEvent> = fc.oneof(
  { arbitrary: hookEventArb, weight: 4 },
  { arbitrary: fc.constantFrom<HookEvent>("PreToolUse", "PermissionRequest"), weight: 1 }
)
