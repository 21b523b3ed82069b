/**
 * What an interpreter can be told while an event's hooks run: each hook as
 * it starts and finishes. The runner calls it (`RunHooksOptions.observer`);
 * interpreters implement it (a spinner, the web page's live cards). It lives
 * on the interpreter side so interpreters never import the runner.
 *
 * @since 0.1.0
 */
import type { HookRun } from "../core/hook-run.ts"
import type { HookEffect } from "../effects/hook-effect.ts"
import type { ConfiguredHook } from "./settings-schema.ts"

/**
 * Told when each hook starts and finishes (spinners, live web pages).
 *
 * **Example** (Log each run)
 *
 * ```ts
 * const observer: RunObserver = {
 *   started: (hook) => console.log(`running ${hook.command}`),
 *   finished: (hook, run) => console.log(`${hook.command} exited ${run.exitCode}`)
 * }
 * ```
 *
 * @category models
 * @since 0.1.0
 */
export interface RunObserver {
  readonly started?: (hook: ConfiguredHook) => void
  readonly finished?: (hook: ConfiguredHook, run: HookRun, effects: ReadonlyArray<HookEffect>) => void
}
