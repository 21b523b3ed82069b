/**
 * Arbitraries for hook event names (ARCHITECTURE section 2).
 */
import * as fc from "fast-check"
import type { Dialect, HookEvent } from "../../src/index.ts"
import { hookEvents } from "../../src/index.ts"
import { claudeCodeEvents } from "../../src/core/events.ts"
import { dialectEvents } from "../../src/core/dialect-events.ts"

/** Any hook event. */
export const hookEventArb: fc.Arbitrary<HookEvent> = fc.constantFrom(...hookEvents)

/** Any of Claude Code's 33 events (the events every dialect but Gemini CLI's model-level ones come from). */
export const claudeCodeEventArb: fc.Arbitrary<HookEvent> = fc.constantFrom(...claudeCodeEvents)

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

/** The internal events `dialect` fires (its own event table; every Claude Code event in wave and claude-code). */
export const eventsOf = (dialect: Dialect): ReadonlyArray<HookEvent> => [
  ...new Set((dialectEvents[dialect] ?? []).map((row) => row.event))
]

/**
 * {@link biasedHookEventArb} in a dialect that fires every Claude Code event; in one that fires only some (Gemini
 * CLI, Codex CLI, ...), those three times as often as any of Claude Code's events (the library decides the others
 * too), and the ones whose answers can block (PreToolUse, PostToolUse, UserPromptSubmit, Stop, where it has them)
 * four times as often.
 */
export const biasedHookEventArbFor = (dialect: Dialect): fc.Arbitrary<HookEvent> => {
  const own = eventsOf(dialect)
  if (own.length === 0 || own.length >= claudeCodeEvents.length) return biasedHookEventArb
  const blocking = own.filter((event) => ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"].includes(event))
  return fc.oneof(
    { arbitrary: claudeCodeEventArb, weight: 1 },
    { arbitrary: fc.constantFrom(...own), weight: 3 },
    ...(blocking.length === 0 ? [] : [{ arbitrary: fc.constantFrom(...blocking), weight: 4 }])
  )
}
