/**
 * `HookProcess`: the service that runs one hook command and reports a
 * `HookRun`, in the shape of `effect/process` (the request is plain data; only
 * the service touches the world). `HookProcess.layer` spawns real processes
 * (`node-hook-process.ts`); `HookProcess.layerTest` answers with canned runs
 * and records what it was asked, so the runner's logic is testable without a
 * process.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer } from "effect"
import type { HookRun } from "../core/hook-run.ts"
import { hookRun } from "../core/hook-run.ts"
import { runHookProcess } from "./node-hook-process.ts"

export { defaultKillGraceMs, defaultOutputCapBytes, runHookProcess } from "./node-hook-process.ts"

// ====== Models ======

/**
 * What to run and how: the whole request, as data.
 *
 * @category models
 * @since 0.1.0
 */
export interface HookProcessOptions {
  readonly command: string
  /**
   * The program and its arguments, run without anything in between: the
   * shell with `command` (`["/usr/bin/bash", "-c", command]`), or a hook's
   * exec form (`[command, ...args]`). Default `["/bin/sh", "-c", command]`.
   *
   * @since 0.2.0
   */
  readonly argv?: readonly [string, ...Array<string>]
  /** Working directory (the project directory). */
  readonly cwd: string
  /** The whole environment of the hook (nothing else is inherited). */
  readonly env: { readonly [name: string]: string }
  /** What the hook reads on stdin (the event JSON). */
  readonly input: string
  readonly timeoutMs: number
  /** Bytes kept of each of stdout and stderr; the rest is read and discarded. Default 1 MiB. */
  readonly outputCapBytes?: number
  /** Between SIGTERM and SIGKILL of the process group. Default 1000 ms. */
  readonly killGraceMs?: number
  /**
   * After the hook exits, how long to wait for its pipes to close (a
   * background grandchild may hold them). Default 200 ms; then the group is
   * terminated and the run settles with what was read.
   */
  readonly drainGraceMs?: number
}

/**
 * A canned answer of the test layer: a whole `HookRun`, the fields that
 * matter (`hookRun` fills the rest), or an Effect giving one (to take time,
 * with `Effect.sleep`, or to look at the request).
 *
 * @category models
 * @since 0.1.0
 */
export type CannedRun =
  | (Partial<HookRun> & { readonly exitCode: number | null })
  | Effect.Effect<Partial<HookRun> & { readonly exitCode: number | null }>

/**
 * How the test layer answers: a function of the request, or a record from
 * command to answer (each value a `CannedRun` or a function of the request).
 *
 * @category models
 * @since 0.1.0
 */
export type HookProcessScript =
  | ((options: HookProcessOptions) => CannedRun)
  | { readonly [command: string]: CannedRun | ((options: HookProcessOptions) => CannedRun) }

// ====== Service ======

/**
 * Runs one hook command. Never fails: a spawn failure, a signal or a timeout
 * is part of the `HookRun`.
 *
 * **When to use**
 *
 * `runHooks` needs it. Provide `HookProcess.layer` in an agent, or
 * `HookProcess.layerTest(script)` in tests of anything built on the runner.
 *
 * **Example** (Canned answers by command)
 *
 * ```ts
 * const asked: Array<HookProcessOptions> = []
 * const layer = HookProcess.layerTest({ "./guard.sh": { exitCode: 2, stderr: "no" } }, asked)
 * const result = yield* runHooks({ event: "PreToolUse", projectDir, payload }).pipe(Effect.provide(layer))
 * result.effects // => [{ _tag: "BlockTool", reason: "no" }]
 * JSON.parse(asked[0]!.input).tool_name // => "Bash"
 * ```
 *
 * @category services
 * @since 0.1.0
 */
export class HookProcess extends Context.Service<
  HookProcess,
  {
    readonly run: (options: HookProcessOptions) => Effect.Effect<HookRun>
  }
>()("wave-hooks/runner/HookProcess") {
  /**
   * The real runner as a plain service value (no dependencies): what
   * `HookProcess.layer` provides.
   */
  static readonly node: HookProcess["Service"] = {
    run: Effect.fn("HookProcess.run")(function* (options: HookProcessOptions) {
      return yield* runHookProcess(options)
    })
  }

  /** Real processes: `/bin/sh -c` in a process group of its own (see `runHookProcess`). */
  static readonly layer: Layer.Layer<HookProcess> = Layer.succeed(HookProcess, HookProcess.node)

  /**
   * Canned runs instead of processes. Every request is pushed to `requests`
   * (command, stdin `input`, `env`, `cwd`, `timeoutMs`, ...) before it is
   * answered, so a test can check chaining, order and environments.
   *
   * **Details**
   *
   * A canned run gets the request's `command` unless it sets one. A record
   * script without an entry for a command dies with a defect naming the
   * command (a test that runs an unexpected hook should fail loudly).
   */
  static layerTest(script: HookProcessScript, requests: Array<HookProcessOptions> = []): Layer.Layer<HookProcess> {
    return Layer.succeed(HookProcess, HookProcess.test(script, requests))
  }

  /** The service value behind `layerTest`, for callers that take a service rather than a layer. */
  static test(script: HookProcessScript, requests: Array<HookProcessOptions> = []): HookProcess["Service"] {
    const answerFor = (options: HookProcessOptions): CannedRun | undefined => {
      if (typeof script === "function") return script(options)
      if (!Object.hasOwn(script, options.command)) return undefined
      const entry = script[options.command]!
      return typeof entry === "function" ? entry(options) : entry
    }
    return {
      run: Effect.fn("HookProcess.run")(function* (options: HookProcessOptions) {
        requests.push(options)
        const answer = answerFor(options)
        if (answer === undefined) {
          return yield* Effect.die(
            new Error(
              `HookProcess.layerTest has no canned run for the command ${JSON.stringify(options.command)}; ` +
                `add it to the script (known: ${Object.keys(script)
                  .map((c) => JSON.stringify(c))
                  .join(", ")}).`
            )
          )
        }
        const fields = Effect.isEffect(answer) ? yield* answer : answer
        return hookRun({ command: options.command, ...fields })
      })
    }
  }
}
