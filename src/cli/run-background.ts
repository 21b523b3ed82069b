/**
 * The background hooks of a one-shot `run` (ARCHITECTURE section 7,
 * "Background hooks of a one-shot run"): handed to a detached worker so
 * `run` returns once the other hooks decided, and their results, kept in
 * the async spool, delivered by the next `run` of the same session.
 *
 * @since 0.2.0
 */
import { at } from "../core/rule-id.ts"
import { Effect } from "effect"
import type { Dialect } from "../core/dialect.ts"
import type { HookEvent } from "../core/events.ts"
import type { JsonRecord } from "../core/payload.ts"
import type { TracedEffect } from "../core/trace.ts"
import type { HookEffect } from "../effects/hook-effect.ts"
import { Diagnostic, ShowUser } from "../effects/hook-effect.ts"
import { isAbsorbed, tagsIn } from "../effects/precedence.ts"
import type { AsyncJob } from "../runner/async-job.ts"
import { cliWorkerLauncher, startAsyncWorker } from "../runner/async-job.ts"
import type { SpooledResult } from "../runner/async-spool.ts"
import { asyncSpoolDirOf, removeJobFile, takeResults, writeJobFile } from "../runner/async-spool.ts"
import { redactUrlsIn } from "../settings/http-hook-config.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"
import { planHooks, runIdentityKey } from "../settings/plan.ts"
import type { ConfiguredHook } from "../settings/settings-schema.ts"

// ====== Models ======

/**
 * Where `run` read its settings: the worker reads them again the same way.
 *
 * @category models
 * @since 0.2.0
 */
export interface RunSettingsInputs {
  readonly projectDir: string
  readonly homeDir: string
  /** `--dialect`, when given: only that dialect's files are read (else both, each hook in its file's dialect). */
  readonly dialect?: Dialect
  readonly pluginDirs: ReadonlyArray<string>
}

/**
 * What became of a run's background hooks: none, handed to a detached
 * worker (`Detached`), or run here after all (`Wait`: `--wait-async`, or the
 * worker could not be started). `notes` are said in the run's effects.
 *
 * @category models
 * @since 0.2.0
 */
export type BackgroundPlan =
  | {
      readonly _tag: "Detached"
      readonly hooks: ReadonlyArray<ConfiguredHook>
      readonly notes: ReadonlyArray<TracedEffect>
    }
  | { readonly _tag: "Wait"; readonly notes: ReadonlyArray<TracedEffect> }

const rule = at("run.background", "background hooks of a one-shot run")

/** The payload's `session_id`, when it has one. */
const sessionIdOf = (payload: JsonRecord): string | undefined => {
  const id = payload["session_id"]
  return typeof id === "string" && id !== "" ? id : undefined
}

// ====== Detaching ======

/**
 * Hand the event's background hooks to a detached worker, unless
 * `--wait-async`: the job (the inputs, the hooks by `runIdentityKey`, the
 * session) is written to the async spool and a worker started on it, before
 * the other hooks run (so the background ones start with them, as in a
 * session). When the spool cannot be used or the worker cannot start, the
 * run waits for them as with `--wait-async`, and says why (a warning): a
 * result is never dropped for a reason the user cannot see. Without a
 * `session_id` in the payload the hooks still run, but their results cannot
 * reach a later run: an `async-spool` Diagnostic says so.
 *
 * @category running
 * @since 0.2.0
 */
export const planBackground = (input: {
  readonly event: HookEvent
  /** The agent's name the event was fired by (`run beforeShellExecution`); since 0.5.0. */
  readonly agentEvent?: string
  readonly payload: JsonRecord
  readonly settings: SettingsSnapshot
  readonly inputs: RunSettingsInputs
  readonly waitAsync: boolean
}): Effect.Effect<BackgroundPlan> =>
  Effect.gen(function* () {
    const { event, payload, settings, inputs } = input
    const context = {
      projectDir: inputs.projectDir,
      ...(input.agentEvent === undefined ? {} : { agentEvent: input.agentEvent })
    }
    const hooks = planHooks(settings, event, payload, context).background ?? []
    if (hooks.length === 0 || input.waitAsync) return { _tag: "Wait", notes: [] }
    const wait = (why: string): BackgroundPlan => ({
      _tag: "Wait",
      notes: [
        {
          effect: ShowUser({
            level: "warning",
            text: `This run waited for its ${hooks.length} background hook${hooks.length === 1 ? "" : "s"} (as with --wait-async): ${why}`
          }),
          ...rule
        }
      ]
    })
    const spoolDir = asyncSpoolDirOf(process.env)
    if (spoolDir === undefined)
      return wait(
        "there is no state folder to keep their results in (neither XDG_STATE_HOME nor HOME is an absolute path). Set HOME or XDG_STATE_HOME."
      )
    const launcher = cliWorkerLauncher()
    if (launcher === undefined) return wait("this process has no script to start a worker from.")
    const sessionId = sessionIdOf(payload)
    // SessionEnd: the session is over, no later run reads its results.
    const keep = sessionId !== undefined && event !== "SessionEnd"
    const job: AsyncJob = {
      version: 1,
      event,
      payload: { ...payload },
      projectDir: inputs.projectDir,
      homeDir: inputs.homeDir,
      ...(inputs.dialect === undefined ? {} : { dialect: inputs.dialect }),
      pluginDirs: [...inputs.pluginDirs],
      hooks: hooks.map((hook) => ({
        key: runIdentityKey(hook, settings.dialect),
        command: redactUrlsIn(hook.command)
      })),
      ...(keep ? { sessionId } : {})
    }
    const written = yield* Effect.result(writeJobFile(spoolDir, JSON.stringify(job)))
    if (written._tag === "Failure") return wait(written.failure.message)
    const started = yield* Effect.result(startAsyncWorker(launcher, written.success, inputs.projectDir))
    if (started._tag === "Failure") {
      yield* removeJobFile(written.success)
      return wait(`the worker that runs them after this run could not be started (${started.failure.message}).`)
    }
    const notes: Array<TracedEffect> = keep
      ? []
      : [
          {
            effect: Diagnostic({
              code: "async-spool",
              message:
                sessionId === undefined
                  ? `${hooks.length} background ${event} hook${hooks.length === 1 ? "" : "s"} run${hooks.length === 1 ? "s" : ""} on after this run, ` +
                    `but the payload has no session_id, so no later run can get ${hooks.length === 1 ? "its result" : "their results"}: ` +
                    `they are dropped. Pass the agent's session_id in the payload, or --wait-async to wait for them.`
                  : `${hooks.length} background SessionEnd hook${hooks.length === 1 ? "" : "s"} run${hooks.length === 1 ? "s" : ""} on after this run; ` +
                    `the session has ended, so ${hooks.length === 1 ? "its result is" : "their results are"} not kept. Use --wait-async to wait for them.`
            }),
            ...rule
          }
        ]
    return { _tag: "Detached", hooks, notes }
  })

// ====== Delivering ======

/**
 * The events at which a run delivers its session's background results: those
 * where Claude Code adds hook context to the model's next request (a prompt,
 * a tool call, a session or subagent start, a model switch). Not Stop or
 * SubagentStop (the turn is over: Claude Code keeps an async result for the
 * next user interaction, and feedback there would keep the agent going, a
 * decision a background hook cannot make), nor the events whose output
 * reaches no model (Notification, SessionEnd, ...).
 *
 * @category delivering
 * @since 0.2.0
 */
const deliveryEvents: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "SessionStart",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "SubagentStart",
  "PostModelSwitch"
])

/**
 * What a run delivers: the earlier background results of its session and the
 * effects to add (theirs, then notes about entries that could not be read).
 *
 * @category models
 * @since 0.2.0
 */
export interface Delivered {
  readonly results: ReadonlyArray<SpooledResult>
  readonly traced: ReadonlyArray<TracedEffect>
  /** The background hook behind each of `traced` (for `--explain`). */
  readonly originOf: (t: TracedEffect) => SpooledResult | undefined
}

const nothingDelivered: Delivered = { results: [], traced: [], originOf: () => undefined }

/**
 * Take the session's finished background results from the spool and deliver
 * them with this run, when the event is a delivery event and the run's own
 * effects would not absorb them (a blocked prompt or a stop keeps them for a
 * later run). On SessionEnd the session's results are removed unread and
 * counted in an `async-spool` Diagnostic (the spool is cleaned up).
 *
 * @category delivering
 * @since 0.2.0
 */
export const deliverEarlierResults = (
  event: HookEvent,
  payload: JsonRecord,
  runEffects: ReadonlyArray<HookEffect>
): Effect.Effect<Delivered> =>
  Effect.gen(function* () {
    const sessionId = sessionIdOf(payload)
    const spoolDir = asyncSpoolDirOf(process.env)
    if (sessionId === undefined || spoolDir === undefined) return nothingDelivered
    const problemNotes = (problems: ReadonlyArray<string>): ReadonlyArray<TracedEffect> =>
      problems.map((problem) => ({
        effect: Diagnostic({
          code: "async-spool",
          message: `A background result of this session was dropped: ${problem}.`
        }),
        ...rule
      }))
    if (event === "SessionEnd") {
      const { problems, results } = yield* takeResults(spoolDir, sessionId)
      if (results.length === 0) return { ...nothingDelivered, traced: problemNotes(problems) }
      return {
        ...nothingDelivered,
        traced: [
          {
            effect: Diagnostic({
              code: "async-spool",
              message:
                `The session ended with ${results.length} background result${results.length === 1 ? "" : "s"} not delivered ` +
                `(${results.map((r) => `${r.event} ${r.command}`).join("; ")}): removed.`
            }),
            ...rule
          },
          ...problemNotes(problems)
        ]
      }
    }
    if (!deliveryEvents.has(event)) return nothingDelivered
    const present = tagsIn(runEffects)
    if (isAbsorbed("InjectContext", present) || isAbsorbed("PromptModel", present)) return nothingDelivered
    const { problems, results } = yield* takeResults(spoolDir, sessionId)
    const origins = new Map<TracedEffect, SpooledResult>()
    const traced = results.flatMap((r) =>
      r.effects.map((effect) => {
        const t: TracedEffect = { effect, ...at(rule.id, `${rule.rule}: delivered from ${r.event}`) }
        origins.set(t, r)
        return t
      })
    )
    return { results, traced: [...traced, ...problemNotes(problems)], originOf: (t) => origins.get(t) }
  })
