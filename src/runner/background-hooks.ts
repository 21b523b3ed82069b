/**
 * Hooks that run in the background (`async`, `asyncRewake`; ARCHITECTURE
 * section 7): the event does not wait for them and their output is not part
 * of its decision. What they answer is kept for the agent's next turn.
 *
 * @since 0.2.0
 */
import { Deferred, Effect } from "effect"
import type { HookEvent } from "../core/events.ts"
import type { HookRun } from "../core/hook-run.ts"
import type { TracedEffect } from "../core/trace.ts"
import type { HookEffect } from "../effects/hook-effect.ts"
import type { Dialect } from "../core/dialect.ts"
import { dialectRules } from "../core/dialect.ts"
import { Diagnostic, InjectContext, PromptModel } from "../effects/hook-effect.ts"
import type { ConfiguredHook } from "../settings/settings-schema.ts"

// ====== Models ======

/**
 * A finished background hook: its run and what reaches the agent with the
 * next turn.
 *
 * @category models
 * @since 0.2.0
 */
export interface AsyncHookResult {
  readonly event: HookEvent
  readonly hook: ConfiguredHook
  readonly run: HookRun
  /**
   * The effects for the next turn: context (`InjectContext`), feedback to the
   * model (`PromptModel`), messages (`ShowUser`) and `Diagnostic`s. Decisions
   * (blocks, permissions, input updates) came too late and are dropped with an
   * `async-decision-ignored` Diagnostic.
   */
  readonly effects: ReadonlyArray<HookEffect>
  /** `asyncRewake` hooks that exited with 2: the text the agent is woken with (also a `PromptModel` in `effects`). */
  readonly wake?: string
}

/**
 * A background hook started by an event.
 *
 * @category models
 * @since 0.2.0
 */
export interface BackgroundHookRun {
  readonly event: HookEvent
  readonly hook: ConfiguredHook
  /** Waits for the hook (bounded by its timeout) and gives its result. */
  readonly result: Effect.Effect<AsyncHookResult>
  /** The result once the hook finished; `undefined` while it runs. */
  readonly poll: () => AsyncHookResult | undefined
}

// ====== Effects for the next turn ======

const kept: ReadonlySet<HookEffect["_tag"]> = new Set(["InjectContext", "PromptModel", "ShowUser", "Diagnostic"])

/**
 * The effects of a finished background hook for the agent's next turn.
 *
 * **Details**
 *
 * `InjectContext`, `PromptModel`, `ShowUser` and `Diagnostic` are kept;
 * every other effect (a block, a permission, an input update) is dropped with
 * an `async-decision-ignored` Diagnostic naming it: the event it was about
 * has passed. An `asyncRewake` hook that exited with 2 wakes the agent: one
 * `PromptModel` with the hook's `rewakeMessage`, else its stderr, else a
 * default text, replaces the exit-2 effects of the event. In the claude-code
 * dialect a background hook's `systemMessage` goes to the model with the next
 * turn (`InjectContext`), not to the user, as in Claude Code; the wave
 * dialect keeps it for the user.
 *
 * @category background
 * @since 0.2.0
 */
const backgroundEffects = (
  event: HookEvent,
  hook: ConfiguredHook,
  run: HookRun,
  decided: ReadonlyArray<TracedEffect>,
  dialect: Dialect = "wave"
): Pick<AsyncHookResult, "effects" | "wake"> => {
  const wakes = hook.asyncRewake === true && run.exitCode === 2
  const wake = wakes
    ? (hook.rewakeMessage ?? "").trim() ||
      run.stderr.trim() ||
      `The background ${event} hook ${hook.command} exited with 2.`
    : undefined
  const effects: Array<HookEffect> = []
  const dropped: Array<string> = []
  for (const { effect, id } of decided) {
    if (dialectRules[dialect].deliversBackgroundAnswers && effect._tag === "ShowUser" && id === "json.system-message") {
      effects.push(InjectContext({ text: effect.text }))
      continue
    }
    if (
      wakes &&
      (effect._tag === "PromptModel" ||
        effect._tag === "BlockStop" ||
        effect._tag === "BlockTool" ||
        effect._tag === "BlockPrompt")
    )
      continue
    if (kept.has(effect._tag)) effects.push(effect)
    else dropped.push(effect._tag)
  }
  if (dropped.length > 0) {
    effects.unshift(
      Diagnostic({
        code: "async-decision-ignored",
        message:
          `${hook.file} ${hook.path}: the background ${event} hook ${hook.command} answered ${dropped.join(", ")} after the event was decided; ` +
          `a background hook cannot decide. Remove "async"${hook.asyncRewake === true ? '/"asyncRewake"' : ""} to make it a guard.`
      })
    )
  }
  if (wake !== undefined) effects.push(PromptModel({ text: wake }))
  return wake === undefined ? { effects } : { effects, wake }
}

// ====== Starting ======

/**
 * Start a background hook: `run` (the hook's run and its decided effects) is
 * forked, detached from the caller, and its result kept.
 *
 * @category background
 * @since 0.2.0
 */
export const startBackground = <R>(
  event: HookEvent,
  hook: ConfiguredHook,
  dialect: Dialect,
  run: Effect.Effect<{ readonly run: HookRun; readonly effects: ReadonlyArray<TracedEffect> }, never, R>
): Effect.Effect<BackgroundHookRun, never, R> =>
  Effect.gen(function* () {
    const deferred = Deferred.makeUnsafe<AsyncHookResult>()
    let done: AsyncHookResult | undefined
    yield* Effect.forkDetach(
      run.pipe(
        Effect.map(
          (r): AsyncHookResult => ({
            event,
            hook,
            run: r.run,
            ...backgroundEffects(event, hook, r.run, r.effects, dialect)
          })
        ),
        Effect.tap((result) =>
          Effect.sync(() => {
            done = result
          })
        ),
        Effect.flatMap((result) => Deferred.succeed(deferred, result))
      )
    )
    return { event, hook, result: Deferred.await(deferred), poll: () => done } satisfies BackgroundHookRun
  })

// ====== For a later run ======

/**
 * What a finished background hook of a one-shot `run` leaves for the next
 * run of its session, by dialect.
 *
 * **Details**
 *
 * claude-code: its effects and `wake` as `backgroundEffects` gave them, as
 * Claude Code delivers an async hook's `systemMessage` and
 * `additionalContext` to the model on the next turn. wave: Wave runs `async`
 * hooks fire-and-forget and discards what they answer, so only the
 * Diagnostics are kept, plus one `async-decision-ignored` naming what was
 * discarded (context, messages, a wake), so the hook's author learns why it
 * had no effect. Nothing at all when nothing is left.
 *
 * @category background
 * @since 0.2.0
 */
export const effectsForLaterRun = (
  result: AsyncHookResult,
  dialect: Dialect
): Pick<AsyncHookResult, "effects" | "wake"> => {
  if (dialectRules[dialect].deliversBackgroundAnswers)
    return result.wake === undefined ? { effects: result.effects } : { effects: result.effects, wake: result.wake }
  const diagnostics = result.effects.filter((e) => e._tag === "Diagnostic")
  const discarded = [
    ...new Set(result.effects.filter((e) => e._tag !== "Diagnostic" && e._tag !== "PromptModel").map((e) => e._tag))
  ]
  const what = [
    ...discarded,
    ...(result.effects.some((e) => e._tag === "PromptModel")
      ? [result.wake === undefined ? "PromptModel" : "a wake (PromptModel)"]
      : [])
  ]
  if (what.length === 0) return { effects: diagnostics }
  return {
    effects: [
      ...diagnostics,
      Diagnostic({
        code: "async-decision-ignored",
        message:
          `${result.hook.file} ${result.hook.path}: the background ${result.event} hook ${result.hook.command} answered ${what.join(", ")}; ` +
          `in the wave dialect a background hook's answer is discarded, as Wave runs async hooks fire-and-forget. ` +
          `Remove "async"${result.hook.asyncRewake === true ? '/"asyncRewake"' : ""} to make its answer count.`
      })
    ]
  }
}
