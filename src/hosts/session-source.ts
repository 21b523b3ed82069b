/**
 * Where a host's hooks come from when it is used without Effect: a running
 * `HookSession`, or the options to start one on first use. Shared by the AI
 * SDK hooks and `agentLoopPromise`.
 *
 * @since 0.1.0
 */
import type { SessionOptions } from "../runner/session.ts"
import { HookSession } from "../runner/session.ts"

/**
 * Where the hooks come from: a running `HookSession` (one settings snapshot
 * and Stop-loop counter for a whole conversation), or the options to start
 * one (read settings from `projectDir`, user settings from `homeDir`).
 *
 * @category models
 * @since 0.1.0
 */
export type HookSessionSource = { readonly hookSession: HookSession | Promise<HookSession> } | SessionOptions

/**
 * The session of a source: the given one, or one started from the options
 * (settings read now).
 *
 * @category sessions
 * @since 0.1.0
 */
export const sessionOf = (source: HookSessionSource): Promise<HookSession> =>
  "hookSession" in source ? Promise.resolve(source.hookSession) : HookSession.startPromise(source)
