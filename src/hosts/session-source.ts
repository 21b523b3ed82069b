/**
 * Where a host's hooks come from when it is used without Effect: a running
 * `HookSession`, or the options to start one on first use. Shared by the AI
 * SDK hooks, the OpenAI Agents hooks and `agentLoopPromise`.
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

/**
 * A host adapter's session: the given one, or one started on first use and
 * owned by the adapter, which `close` ends (its MCP servers, its pending
 * spans). A given session is its owner's to close.
 *
 * @category sessions
 * @since 0.2.0
 */
export class AdapterSession {
  private started: Promise<HookSession> | undefined
  private readonly source: HookSessionSource

  constructor(source: HookSessionSource) {
    this.source = source
  }

  /** The session (started once, on first use, when not given). */
  get(): Promise<HookSession> {
    this.started ??= sessionOf(this.source)
    return this.started
  }

  /** Use a session the adapter started itself (e.g. in an Effect context). */
  adopt(session: HookSession): void {
    this.started = Promise.resolve(session)
  }

  /** End the session the adapter started, if any; a later `get` starts a new one. */
  async close(): Promise<void> {
    if ("hookSession" in this.source || this.started === undefined) return
    const started = this.started
    this.started = undefined
    const session = await started.catch(() => undefined)
    await session?.closePromise()
  }
}
