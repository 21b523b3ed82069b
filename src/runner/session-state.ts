/**
 * What a `HookSession` remembers between events, as data, and the pure fold
 * that changes it (the decider's `evolve`): the `once` hooks that ran, the env
 * files' variables, the background hooks not yet collected. The session holds
 * one `SessionState` and replaces it with `evolve` after each event and with
 * `collected` after each collection; nothing else writes it. The consecutive
 * Stop blocks are counted by `nextStopBlocks` under the session's lock (two
 * Stops must not interleave), apart from this state (other events may run at
 * the same time as a Stop).
 *
 * @since 0.3.0
 */
import type { HookEffect } from "../effects/hook-effect.ts"
import type { HookEvent } from "../core/events.ts"
import type { ConfiguredHook } from "../settings/settings-schema.ts"
import { onceKey } from "../settings/plan.ts"

/**
 * A session's memory. `Pending` is what a background hook is to the host
 * (`BackgroundHookRun` in `HookSession`); the fold only keeps them in order.
 *
 * @since 0.3.0
 */
export interface SessionState<Pending> {
  /** `onceKey`s of the `once` hooks that ran successfully (exit 0), in the session or in the background. */
  readonly ranOnce: ReadonlySet<string>
  /** The env files' variables: CwdChanged's apart, as the next CwdChanged replaces them. */
  readonly envFiles: {
    readonly settled: { readonly [name: string]: string }
    readonly cwd: { readonly [name: string]: string }
  }
  /** Background hooks started and not yet collected, in start order. */
  readonly pending: ReadonlyArray<Pending>
  /** Since 0.5.0: variables hooks set for the session's later hooks (`SetEnv`, Cursor's sessionStart `env`). */
  readonly hookEnv?: { readonly [name: string]: string }
}

/**
 * A hook that ran, as the fold needs it.
 *
 * @since 0.3.0
 */
export interface RanHook {
  readonly hook: Pick<ConfiguredHook, "file" | "path" | "once">
  readonly run: { readonly exitCode: number | null }
}

/**
 * What one event's run tells the session: the hooks that ran, the env files'
 * variables (when the event hands hooks an env file), the background hooks it
 * started.
 *
 * @since 0.3.0
 */
export interface EventOutcome<Pending> {
  readonly runs: ReadonlyArray<RanHook>
  readonly env?: { readonly [name: string]: string }
  readonly background?: ReadonlyArray<Pending>
  /** Since 0.5.0: the event's combined effects (its `SetEnv`s give later hooks their variables). */
  readonly effects?: ReadonlyArray<HookEffect>
}

/**
 * The variables the effects' `SetEnv`s set, later ones winning; `undefined` without any.
 *
 * @since 0.5.0
 */
export const setEnvVariables = (
  effects: ReadonlyArray<HookEffect> | undefined
): { readonly [name: string]: string } | undefined => {
  const set = (effects ?? []).flatMap((e) => (e._tag === "SetEnv" ? [e.variables] : []))
  return set.length === 0 ? undefined : Object.assign({}, ...set)
}

/**
 * A session that remembers nothing yet.
 *
 * @since 0.3.0
 */
export const initialSessionState = <Pending>(): SessionState<Pending> => ({
  ranOnce: new Set(),
  envFiles: { settled: {}, cwd: {} },
  pending: []
})

const withRanOnce = (ranOnce: ReadonlySet<string>, runs: ReadonlyArray<RanHook>): ReadonlySet<string> => {
  const keys = runs.filter(({ hook, run }) => hook.once === true && run.exitCode === 0).map(({ hook }) => onceKey(hook))
  return keys.every((key) => ranOnce.has(key)) ? ranOnce : new Set([...ranOnce, ...keys])
}

/**
 * The state after an event ran: its successful `once` hooks are remembered,
 * its env files' variables recorded (CwdChanged's replace the previous
 * CwdChanged's; the others add to what SessionStart and Setup gave), its
 * background hooks join the pending ones, and its `SetEnv` variables are
 * kept for later hooks.
 *
 * @example
 * ```ts
 * const hook = { file: "/p/.wave/settings.json", path: "$.hooks.SessionStart[0].hooks[0]", once: true }
 * const next = evolve(initialSessionState<never>(), "SessionStart", { runs: [{ hook, run: { exitCode: 0 } }], env: { A: "1" } })
 * next.ranOnce.size // => 1
 * next.envFiles.settled // => { A: "1" }
 * ```
 *
 * @since 0.3.0
 */
export const evolve = <Pending>(
  state: SessionState<Pending>,
  event: HookEvent,
  outcome: EventOutcome<Pending>
): SessionState<Pending> => ({
  ranOnce: withRanOnce(state.ranOnce, outcome.runs),
  envFiles:
    outcome.env === undefined
      ? state.envFiles
      : event === "CwdChanged"
        ? { settled: state.envFiles.settled, cwd: { ...outcome.env } }
        : { settled: { ...state.envFiles.settled, ...outcome.env }, cwd: state.envFiles.cwd },
  pending:
    outcome.background === undefined || outcome.background.length === 0
      ? state.pending
      : [...state.pending, ...outcome.background],
  ...withHookEnv(state.hookEnv, setEnvVariables(outcome.effects))
})

const withHookEnv = (
  before: { readonly [name: string]: string } | undefined,
  set: { readonly [name: string]: string } | undefined
): { readonly hookEnv?: { readonly [name: string]: string } } =>
  set === undefined ? (before === undefined ? {} : { hookEnv: before }) : { hookEnv: { ...before, ...set } }

/**
 * The state after background hooks were collected: each collected one leaves
 * `pending` (`source`, when the session still held it), and a `once` hook
 * among them that succeeded is remembered.
 *
 * @since 0.3.0
 */
export const collected = <Pending>(
  state: SessionState<Pending>,
  results: ReadonlyArray<RanHook & { readonly source: Pending | undefined }>
): SessionState<Pending> => {
  const taken = new Set<Pending>(
    results.flatMap((r): ReadonlyArray<Pending> => (r.source === undefined ? [] : [r.source]))
  )
  return {
    ranOnce: withRanOnce(state.ranOnce, results),
    envFiles: state.envFiles,
    pending: taken.size === 0 ? state.pending : state.pending.filter((p) => !taken.has(p)),
    ...(state.hookEnv === undefined ? {} : { hookEnv: state.hookEnv })
  }
}

/**
 * The env files' variables the agent's environment gains: CwdChanged's over
 * the others.
 *
 * @since 0.3.0
 */
export const envFileVariables = (state: SessionState<unknown>): { readonly [name: string]: string } => ({
  ...state.envFiles.settled,
  ...state.envFiles.cwd
})

/**
 * How many Stops (or SubagentStops) in a row were kept going after one more:
 * a block (`BlockStop`) or Stop's additional context (`PromptModel`) counts
 * one more, anything else starts again at 0. The loop limit reads it.
 *
 * @since 0.3.0
 */
export const nextStopBlocks = (blocks: number, effects: ReadonlyArray<HookEffect>): number =>
  effects.some((e) => e._tag === "BlockStop" || e._tag === "PromptModel") ? blocks + 1 : 0
