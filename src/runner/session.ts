/**
 * A hook session: settings read once (a snapshot), and the Stop-loop state
 * across events (ARCHITECTURE section 6.6).
 *
 * @since 0.1.0
 */
import { Effect, FileSystem } from "effect"
import { NodeFileSystem } from "@effect/platform-node"
import type { HookEvent } from "../core/events.ts"
import type { JsonRecord, SessionFields } from "../core/payload.ts"
import type { SettingsSnapshot } from "../settings/settings.ts"
import type { RunHooksOptions, RunHooksResult } from "./run-hooks.ts"
import { runHooks, settingsSourcesOf } from "./run-hooks.ts"
import { loadSettings } from "./settings-files.ts"

/**
 * What a session needs.
 *
 * @category models
 * @since 0.1.0
 */
export type SessionOptions = Omit<RunHooksOptions, "event" | "payload" | "stopBlocks" | "session" | "settings"> & {
  readonly session?: Partial<SessionFields>
  /** A snapshot to use instead of reading the settings files. */
  readonly settings?: SettingsSnapshot
}

type StopEvent = "Stop" | "SubagentStop"

/**
 * Runs the hooks of a session's events with one settings snapshot and the
 * Stop-loop guard.
 *
 * **Details**
 *
 * Settings are read once, when the session starts; a change mid-session takes
 * effect in the next session. Each Stop (and SubagentStop) block increments a
 * counter; while the agent continues because of a block, Stop hooks receive
 * `stop_hook_active: true`; at the cap (default 8) a block becomes a warning
 * and the agent stops. Any Stop that does not block resets the counter.
 *
 * **Example** (Two events)
 *
 * ```ts
 * const session = yield* HookSession.start({ projectDir: "/repo" })
 * yield* session.fire("UserPromptSubmit", { prompt: "fix the tests" })
 * yield* session.fire("Stop", {})
 * ```
 *
 * @category sessions
 * @since 0.1.0
 */
export class HookSession {
  readonly settings: SettingsSnapshot
  readonly options: SessionOptions
  readonly sessionFields: SessionFields
  private readonly stopBlocks: { [E in StopEvent]: number } = { Stop: 0, SubagentStop: 0 }

  constructor(options: SessionOptions & { readonly settings: SettingsSnapshot }) {
    this.options = options
    this.settings = options.settings
    this.sessionFields = {
      session_id: options.session?.session_id ?? `wave-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      transcript_path: options.session?.transcript_path ?? "",
      cwd: options.session?.cwd ?? options.projectDir
    }
  }

  /** Read the settings once and start a session. */
  static start(options: SessionOptions): Effect.Effect<HookSession, never, FileSystem.FileSystem> {
    return Effect.gen(function*() {
      const settings = options.settings ?? (yield* loadSettings(settingsSourcesOf(options)))
      return new HookSession({ ...options, settings })
    })
  }

  /** How many times in a row Stop (or SubagentStop) was blocked. */
  consecutiveStopBlocks(event: StopEvent = "Stop"): number {
    return this.stopBlocks[event]
  }

  /** Run the hooks of an event. */
  fire(event: HookEvent, payload: JsonRecord): Effect.Effect<RunHooksResult, never, FileSystem.FileSystem> {
    const stopEvent = event === "Stop" || event === "SubagentStop" ? event : undefined
    const blocks = stopEvent === undefined ? 0 : this.stopBlocks[stopEvent]
    const fields = stopEvent !== undefined && !("stop_hook_active" in payload)
      ? { ...payload, stop_hook_active: blocks > 0 }
      : payload
    return runHooks({
      ...this.options,
      event,
      payload: fields,
      settings: this.settings,
      session: this.sessionFields,
      ...(stopEvent === undefined ? {} : { stopBlocks: blocks })
    }).pipe(
      Effect.tap((result) =>
        Effect.sync(() => {
          if (stopEvent === undefined) return
          this.stopBlocks[stopEvent] = result.effects.some((e) => e._tag === "BlockStop") ? blocks + 1 : 0
        })
      )
    )
  }

  /** `fire` as a Promise, for callers that do not use Effect. */
  firePromise(event: HookEvent, payload: JsonRecord): Promise<RunHooksResult> {
    return Effect.runPromise(this.fire(event, payload).pipe(Effect.provide(NodeFileSystem.layer)))
  }

  /** `start` as a Promise. */
  static startPromise(options: SessionOptions): Promise<HookSession> {
    return Effect.runPromise(HookSession.start(options).pipe(Effect.provide(NodeFileSystem.layer)))
  }
}

/**
 * `runHooks` as a Promise, for callers that do not use Effect.
 *
 * **Example** (From plain TypeScript)
 *
 * ```ts
 * const { effects } = await runHooksPromise({ event: "Stop", payload: {}, projectDir: process.cwd() })
 * ```
 *
 * @category running
 * @since 0.1.0
 */
export const runHooksPromise = (options: RunHooksOptions): Promise<RunHooksResult> =>
  Effect.runPromise(runHooks(options).pipe(Effect.provide(NodeFileSystem.layer)))
