/**
 * The decision table: one hook's run -> declarative effects
 * (ARCHITECTURE section 5). Pure and total.
 *
 * @since 0.1.0
 */
import type { RuleId, RuleRef } from "./rule-id.ts"
import { at } from "./rule-id.ts"
import type { EffectOf, HookEffect, HookEffectTag } from "../effects/hook-effect.ts"
import { absorbs } from "../effects/precedence.ts"
import {
  AllowRetry,
  AllowTool,
  AnswerElicitation,
  AskPermission,
  BlockAction,
  BlockModelRequest,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  DeferTool,
  Diagnostic,
  InjectContext,
  PromptModel,
  ReplaceDisplay,
  SendUserMessage,
  SetSessionTitle,
  SetWorktreePath,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdatePermissions,
  UpdateToolOutput,
  WatchPaths
} from "../effects/hook-effect.ts"
import { commonAnswer } from "./common-answers.ts"
import { capContext } from "./context-cap.ts"
import type { Dialect } from "./dialect.ts"
import { dialectRules } from "./dialect.ts"
import type { AgentOnlyEffect, WireProblem } from "./dialect-answers.ts"
import { strictWireProblems, translateCodexAnswer, translateGeminiAnswer } from "./dialect-answers.ts"
import { copilotStdout, translateCopilotAnswer } from "./copilot-answer.ts"
import { translateCursorAnswer } from "./cursor-answer.ts"
import type { AgentEvent } from "./dialect-events.ts"
import { agentEventName, agentEventNamed, agentEventOf } from "./dialect-events.ts"
import type { HookEvent } from "./events.ts"
import type { HookRun, DecideOptions } from "./hook-run.ts"
import { defaultDecideOptions } from "./hook-run.ts"
import { parseStdout } from "./parse.ts"
import type { OutputView } from "./read-output.ts"
import { jsonPath, readOutput } from "./read-output.ts"
import type { TracedEffect } from "./trace.ts"

// ====== Decided effects, in contract order ======

/** An effect of type `E` with the rule that produced it. */
interface Traced<E extends HookEffect> extends RuleRef {
  readonly effect: E
}

/**
 * `effect` with its rule, keys in the order `{ effect, ...rule }` gives; built
 * field by field, as a spread into a literal is a slow generic copy in V8.
 */
const traced = <E extends HookEffect>(effect: E, rule: RuleRef): Traced<E> => ({
  effect,
  id: rule.id,
  rule: rule.rule
})

/** The tags that are neither a `Diagnostic` nor `StopAgent`. */
type RestTag = Exclude<HookEffectTag, "Diagnostic" | "StopAgent">

/** An effect that is neither a `Diagnostic` nor `StopAgent`. */
type RestEffect = EffectOf<RestTag>

/**
 * What a row of the table decided, in the three parts of the order of
 * ARCHITECTURE section 3: diagnostics first, then `StopAgent`, then
 * everything else in table order. `flatten` concatenates them once.
 */
interface Decided {
  readonly diagnostics: ReadonlyArray<Traced<EffectOf<"Diagnostic">>>
  readonly stop: Traced<EffectOf<"StopAgent">> | undefined
  readonly rest: ReadonlyArray<Traced<RestEffect>>
}

const none: ReadonlyArray<never> = []

/** A decision; every one has the same shape (monomorphic, for speed). */
const decided = (
  rest: ReadonlyArray<Traced<RestEffect>>,
  diagnostics: ReadonlyArray<Traced<EffectOf<"Diagnostic">>> = none,
  stop?: Traced<EffectOf<"StopAgent">>
): Decided => ({ diagnostics, stop, rest })

const nothing: Decided = decided(none)

/** One effect other than a diagnostic or a stop. */
const just = (effect: RestEffect, rule: RuleRef): Decided => decided([traced(effect, rule)])

/** One diagnostic. */
const diagnosed = (effect: EffectOf<"Diagnostic">, rule: RuleRef): Decided => decided(none, [traced(effect, rule)])

/** `first`, then `second`, part by part (at most one of them stops). */
const then = (first: Decided, second: Decided): Decided => {
  if (first === nothing) return second
  if (second === nothing) return first
  const stop = first.stop ?? second.stop
  const diagnostics =
    first.diagnostics.length === 0
      ? second.diagnostics
      : second.diagnostics.length === 0
        ? first.diagnostics
        : [...first.diagnostics, ...second.diagnostics]
  const rest =
    first.rest.length === 0 ? second.rest : second.rest.length === 0 ? first.rest : [...first.rest, ...second.rest]
  return decided(rest, diagnostics, stop)
}

/** Every part of `parts` in turn. */
const all = (...parts: ReadonlyArray<Decided>): Decided => parts.reduce(then, nothing)

/**
 * The effects of a decision in contract order, as an array no other call
 * shares (only the empty `none` is shared between decisions).
 */
const flatten = (decision: Decided): ReadonlyArray<TracedEffect> =>
  decision.stop === undefined
    ? decision.diagnostics.length > 0
      ? [...decision.diagnostics, ...decision.rest]
      : decision.rest === none
        ? []
        : decision.rest
    : [...decision.diagnostics, decision.stop, ...decision.rest]

// ====== Texts ======

const MAX_COMMAND_SHOWN = 80

const hookName = (run: HookRun): string => {
  const command = typeof run.command === "string" ? run.command.trim() : ""
  if (command.length === 0) return "Hook"
  return `Hook "${command.length > MAX_COMMAND_SHOWN ? `${command.slice(0, MAX_COMMAND_SHOWN)}...` : command}"`
}

const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`

/** What happened to a run that did not exit by itself. */
const failureDescription = (run: HookRun): string => {
  const name = hookName(run)
  if (run.timedOut) {
    return run.durationMs > 0
      ? `${name} timed out after ${(run.durationMs / 1000).toFixed(1)} s and was stopped.`
      : `${name} timed out and was stopped.`
  }
  if (run.spawnError !== undefined) return `${name} could not be started: ${run.spawnError}.`
  if (run.signal !== undefined) return `${name} was killed by signal ${run.signal}.`
  return `${name} did not exit normally.`
}

// ====== The exit-code rows (5.2, 5.4) ======

/** An event whose exit codes and stderr change nothing (5.4 "ignored"); a failure leaves a Diagnostic. */
const ignoresExitCodes = (event: HookEvent, dialect: Dialect): boolean => {
  switch (event) {
    case "PermissionDenied":
    case "StopFailure":
    case "InstructionsLoaded":
    case "MessageDisplay":
      return true
    case "Setup":
      return dialectRules[dialect].ignoresSetupAndNotificationExitCodes
    default:
      return false
  }
}

/** An event whose exit 2 changes nothing (5.4 "ignored"): the above, DirectoryAdded, claude-code Notification. */
const ignoresExit2 = (event: HookEvent, dialect: Dialect): boolean =>
  ignoresExitCodes(event, dialect) ||
  event === "DirectoryAdded" ||
  (event === "Notification" && dialectRules[dialect].ignoresSetupAndNotificationExitCodes)

/** The Diagnostic of an exit code or failure the event ignores. */
const ignored = (event: HookEvent, what: string, rule: RuleRef): Decided =>
  diagnosed(
    Diagnostic({
      code: "ignored-output",
      message:
        `${event} ignores its hooks' exit codes and stderr; ${what} Nothing else happened. ` +
        `Fix the hook, or move it to an event whose outcome it is meant to change.`
    }),
    rule
  )

/** One effect of a row, `StopAgent` in its own place of the order. */
const row = (effect: RestEffect | EffectOf<"StopAgent">, rule: RuleRef): Decided =>
  effect._tag === "StopAgent" ? decided(none, none, traced(effect, rule)) : just(effect, rule)

/** The exit-2 row of 5.2 / 5.4 for an event, with `text` as the effect's text (stderr or a default). */
const blockingRow = (event: HookEvent, text: string, dialect: Dialect, rule: RuleRef): Decided => {
  // An event the dialect's hooks cannot block (Codex CLI's and Cursor's PreCompact): a failed run, shown.
  if (dialectRules[dialect].exit2FailsOn.includes(event)) return failureRow(event, text, dialect, rule)
  // An agent that can refuse what the engine's row only reports (Cursor's subagentStart).
  if (dialectRules[dialect].actionBlockEvents.includes(event)) return row(BlockAction({ reason: text }), rule)
  if (ignoresExit2(event, dialect))
    return ignored(event, `a hook blocked (exit 2 or onFailure: block): ${text}`, at("exit.ignored", rule.rule))
  switch (event) {
    case "PreToolUse":
    case "PermissionRequest":
    case "TaskCreated":
    case "TaskCompleted":
      return row(BlockTool({ reason: text }), rule)
    case "PostToolUse":
    case "PostToolUseFailure":
      return row(PromptModel({ text }), rule)
    case "PostToolBatch":
      return row(StopAgent({ reason: text }), rule)
    case "UserPromptSubmit":
    case "UserPromptExpansion":
      return row(BlockPrompt({ reason: text }), rule)
    case "Stop":
    case "SubagentStop":
    case "TeammateIdle":
      return row(BlockStop({ reason: text }), rule)
    case "PreCompact":
      return row(BlockCompaction({ reason: text }), rule)
    case "ConfigChange":
    case "WorktreeCreate":
    case "PreModelSwitch":
      return row(BlockAction({ reason: text }), rule)
    case "PreModelRequest":
    case "PostModelResponse":
      return row(BlockModelRequest({ reason: text }), rule)
    case "WorktreeRemove":
      return worktreeRemoveFailed(text, dialect, rule)
    case "Elicitation":
    case "ElicitationResult":
      // Claude Code shows the stderr nowhere: the author's Diagnostic keeps it.
      return then(
        diagnosed(
          Diagnostic({
            code: "ignored-output",
            message: `${event} exit 2 declines the elicitation; its stderr is shown to no one: ${text}`
          }),
          rule
        ),
        row(AnswerElicitation({ action: "decline" }), rule)
      )
    default:
      return row(ShowUser({ level: "error", text }), rule)
  }
}

/** A non-blocking failure (another exit code, or a timeout with onFailure continue): a notice, or the event's own row. */
const failureRow = (event: HookEvent, text: string, dialect: Dialect, rule: RuleRef): Decided => {
  if (ignoresExitCodes(event, dialect)) return ignored(event, `a hook failed: ${text}`, at("exit.ignored", rule.rule))
  switch (event) {
    case "WorktreeCreate":
      return row(BlockAction({ reason: text }), rule)
    case "WorktreeRemove":
      return worktreeRemoveFailed(text, dialect, rule)
    default:
      return row(ShowUser({ level: "error", text }), rule)
  }
}

/** A WorktreeRemove hook failed: the removal is blocked (claude-code), or the failure is shown and the removal goes on (wave). */
const worktreeRemoveFailed = (text: string, dialect: Dialect, rule: RuleRef): Decided =>
  dialectRules[dialect].worktreeRemoveFailureBlocks
    ? row(BlockAction({ reason: text }), rule)
    : row(
        ShowUser({ level: "error", text }),
        at(rule.id, `${rule.rule} (wave: WorktreeRemove does not block; the removal goes on)`)
      )

/** Whether exit 0 injects stdout as context for this event. */
const injectsStdoutOnSuccess = (event: HookEvent): boolean =>
  event === "UserPromptSubmit" ||
  event === "SessionStart" ||
  event === "UserPromptExpansion" ||
  event === "PostModelSwitch"

/** The effective `onFailure`: the claude-code dialect ignores it on the Stop-like events. */
const onFailureOf = (event: HookEvent, policy: DecideOptions): DecideOptions["onFailure"] =>
  dialectRules[policy.dialect].onFailureIgnoredOnStopEvents &&
  (event === "Stop" || event === "SubagentStop" || event === "TaskCompleted" || event === "TeammateIdle")
    ? "continue"
    : policy.onFailure

const ansiEscape = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g

/**
 * WorktreeCreate exit 0: the worktree path from plain stdout, ANSI escapes
 * stripped. claude-code: the last non-empty line. wave: the whole stdout,
 * trimmed (Wave's rule); one that spans lines is used as it is, with a
 * warning, as Wave would use it.
 */
const worktreeFromStdout = (stdout: string, run: HookRun, dialect: Dialect): Decided => {
  const text = stdout.replace(ansiEscape, "")
  if (!dialectRules[dialect].worktreePathIsLastLine) {
    const path = text.trim()
    if (path.length === 0) return noWorktreePath(run, "print the path on stdout")
    const lines = path.split(/\r?\n/).length
    const found = just(
      SetWorktreePath({ path }),
      at("WorktreeCreate.stdout-path", "WorktreeCreate exit 0 (wave): the trimmed stdout is the path")
    )
    if (lines === 1) return found
    const message =
      `${hookName(run)} printed ${lines} lines on stdout; the wave dialect takes the whole stdout, trimmed, as the worktree path ` +
      `(as Wave does), so the path holds line breaks. Print only the path on stdout (other output to stderr).`
    return then(
      diagnosed(
        Diagnostic({ code: "noisy-stdout", message }),
        at("WorktreeCreate.multiline-path", "WorktreeCreate (wave) path over several lines")
      ),
      then(
        found,
        just(
          ShowUser({ level: "warning", text: message }),
          at("WorktreeCreate.multiline-path", "WorktreeCreate (wave) path over several lines")
        )
      )
    )
  }
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
  const path = lines[lines.length - 1]
  return path === undefined
    ? noWorktreePath(run, "print the path as the last line of stdout")
    : just(
        SetWorktreePath({ path }),
        at("WorktreeCreate.stdout-path", "WorktreeCreate exit 0: the last stdout line is the path")
      )
}

/** WorktreeCreate exit 0 with nothing on stdout: no worktree was made. */
const noWorktreePath = (run: HookRun, how: string): Decided =>
  just(
    BlockAction({ reason: `${hookName(run)} exited 0 but printed no worktree path; WorktreeCreate hooks ${how}.` }),
    at("WorktreeCreate.no-path", "WorktreeCreate exit 0 without a path")
  )

const fromExitCode = (
  event: HookEvent,
  run: HookRun,
  exitCode: number,
  stdout: string,
  policy: DecideOptions
): Decided => {
  const stderr = run.stderr.trim()
  const rules = dialectRules[policy.dialect]
  if (exitCode === 0) {
    if (event === "WorktreeCreate") return worktreeFromStdout(stdout, run, policy.dialect)
    if (stdout.trim().length > 0 && rules.plainStdoutFailsOn.includes(event))
      return failureRow(
        event,
        `${hookName(run)} printed plain text, and ${agentEventName(policy.dialect, event)} hooks must answer with JSON in the ${policy.dialect} dialect (or print nothing); the run failed and nothing was decided.`,
        policy.dialect,
        at("exit.non-blocking", `${event} plain stdout: a failed run`)
      )
    return stdout.length > 0 && (rules.plainStdoutContextOn?.includes(event) ?? injectsStdoutOnSuccess(event))
      ? context(
          InjectContext,
          stdout,
          at("exit.0-context", `${event} exit 0: stdout is context`),
          "stdout",
          policy.dialect
        )
      : nothing
  }
  if (exitCode === 2) {
    if (event === "PermissionRequest" && !dialectRules[policy.dialect].permissionRequestExit2Blocks) {
      // Claude Code does not honour it (only a JSON decision grants or denies): said, so the guard is not silently void.
      return ignored(
        event,
        `exit 2 does not deny in the ${policy.dialect} dialect (answer {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny", "message": "..."}}} instead)` +
          (stderr.length > 0 ? `; its stderr: ${stderr}.` : "."),
        at("claude-code.exit-2-ignored", `${event} exit 2 ignored`)
      )
    }
    if (rules.exit2NeedsStderr && stderr.length === 0)
      return failureRow(
        event,
        `${hookName(run)} exited with code 2 but wrote no reason on stderr; in the ${policy.dialect} dialect that is a failed run, not a block. Write the reason to stderr (echo "..." >&2) before exit 2.`,
        policy.dialect,
        at("exit.non-blocking", "exit 2 without stderr: a failed run")
      )
    if (rules.exit2FailsOn.includes(event))
      return failureRow(
        event,
        `${hookName(run)} exited with code 2${stderr.length > 0 ? `: ${stderr}` : ""}. ${event} hooks cannot block in the ${policy.dialect} dialect; it is a failed run.`,
        policy.dialect,
        at("exit.non-blocking", `${event} exit 2: a failed run`)
      )
    const text =
      stderr.length > 0 ? stderr : `${hookName(run)} exited with code 2 (blocking) and wrote nothing to stderr.`
    return blockingRow(event, text, policy.dialect, at("exit.2", `${event} exit 2`))
  }
  if (onFailureOf(event, policy) === "block") {
    const text =
      `${hookName(run)} failed with exit code ${exitCode} and is set to block on failure` +
      (stderr.length > 0 ? `: ${stderr}` : ".")
    return blockingRow(
      event,
      text,
      policy.dialect,
      at("exit.on-failure-block", `${event} exit ${exitCode} with onFailure=block`)
    )
  }
  const text =
    stderr.length > 0 ? stderr : `${hookName(run)} failed with exit code ${exitCode} and wrote nothing to stderr.`
  return failureRow(event, text, policy.dialect, at("exit.non-blocking", `exit ${exitCode}: non-blocking error`))
}

// ====== The JSON rows (5.1, 5.4) ======

/** An effect carrying context text, capped in the claude-code dialect (5.3). */
const context = (
  make: (fields: { readonly text: string }) => RestEffect,
  text: string,
  rule: RuleRef,
  where: string,
  dialect: Dialect
): Decided => {
  if (!dialectRules[dialect].capsContext) return just(make({ text }), rule)
  const capped = capContext(text, where)
  return capped.diagnostic === undefined
    ? just(make({ text }), rule)
    : decided(
        [traced(make({ text: capped.text }), rule)],
        [traced(capped.diagnostic, at("json.context-cap", "context cap"))]
      )
}

/** Events that drop `continue` / `stopReason` in the claude-code dialect (Claude Code's hooks documentation). */
const discardsContinue: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "Notification",
  "InstructionsLoaded",
  "ConfigChange",
  "PreCompact",
  "PostCompact",
  "WorktreeCreate",
  "WorktreeRemove",
  "SessionEnd",
  "Setup",
  "Elicitation",
  "ElicitationResult",
  "MessageDisplay",
  "CwdChanged",
  "FileChanged",
  "DirectoryAdded",
  "StopFailure",
  "PermissionDenied",
  "TaskCreated"
])

/** Events that drop `systemMessage` in the claude-code dialect (Claude Code's hooks documentation: CwdChanged, FileChanged and TaskCreated keep it). */
const discardsSystemMessage = (event: HookEvent): boolean =>
  discardsContinue.has(event) && event !== "CwdChanged" && event !== "FileChanged" && event !== "TaskCreated"

/** Events whose whole JSON answer the claude-code dialect discards. */
const discardsAll = (event: HookEvent): boolean =>
  event === "Setup" || event === "StopFailure" || event === "WorktreeRemove"

/**
 * The claude-code dialect's discards (5.3, 5.4; `discardsCommonFields`, which
 * the caller checks): the fields Claude Code ignores on this event, each
 * reported, and the view without them.
 */
const discarded = (event: HookEvent, view: OutputView): { readonly view: OutputView; readonly decided: Decided } => {
  const drop: Array<keyof OutputView> = []
  if (discardsAll(event)) {
    drop.push(
      ...(Object.keys(view) as Array<keyof OutputView>).filter(
        (k) => k !== "suppressOutput" && k !== "terminalSequence"
      )
    )
  } else {
    if (discardsContinue.has(event)) drop.push("continue", "stopReason")
    if (discardsSystemMessage(event)) drop.push("systemMessage")
  }
  const dropped = drop.filter((key) => view[key] !== undefined)
  if (dropped.length === 0) return { view, decided: nothing }
  const kept: OutputView = { ...view }
  for (const key of dropped) delete kept[key]
  // Only what would have changed something is reported: `continue: true` and an empty message are no-ops.
  const present = dropped.filter((key) =>
    key === "continue" || key === "stopReason"
      ? view.continue === false
      : key === "systemMessage"
        ? view.systemMessage !== ""
        : true
  )
  if (present.length === 0) return { view: kept, decided: nothing }
  const names = present.map((key) => (key === "permissionRequestDecision" ? "decision" : key))
  return {
    view: kept,
    decided: diagnosed(
      Diagnostic({
        code: "discarded-field",
        message:
          `${names.map((n) => `"${n}"`).join(", ")}: Claude Code ignores ${names.length === 1 ? "this field" : "these fields"} on ${event}` +
          ` (the claude-code dialect follows it); ${names.length === 1 ? "it was" : "they were"} discarded. Remove ${names.length === 1 ? "it" : "them"}, or use the wave dialect.`
      }),
      at("json.discarded", `${event} discards`)
    )
  }
}

/** `continue: false`: `StopAgent`, and the `systemMessage` still shows. */
const stopped = (view: OutputView, rule: RuleRef, dialect: Dialect): Decided =>
  then(decided(none, none, traced(StopAgent({ reason: view.stopReason }), rule)), systemMessageOf(view, dialect))

const fromJson = (event: HookEvent, view: OutputView, run: HookRun, policy: DecideOptions): Decided =>
  then(
    view.terminalSequence === undefined
      ? nothing
      : diagnosed(
          Diagnostic({
            code: "discarded-field",
            message: `$.terminalSequence: Claude Code writes it to the terminal; wave-hooks writes no terminal sequences, so it was read and discarded.`
          }),
          at("json.not-carried-out", "terminalSequence is not carried out")
        ),
    fromJsonFields(event, view, run, policy)
  )

const fromJsonFields = (event: HookEvent, view: OutputView, run: HookRun, policy: DecideOptions): Decided => {
  if (view.continue === false) return stopped(view, at("json.continue-false", "continue=false"), policy.dialect)
  const message = systemMessageOf(view, policy.dialect)
  const decision = perEvent(event, view, run, policy)
  return then(message, decision)
}

// long: a table: one case per event, each a few lines of the documented decision rules; split it would scatter the table
const perEvent = (event: HookEvent, view: OutputView, run: HookRun, policy: DecideOptions): Decided => {
  const dialect = policy.dialect
  switch (event) {
    case "PreToolUse":
      return preToolUse(view, run, policy)
    case "PermissionRequest":
      return permissionRequest(view, run)
    case "PostToolUse":
      return all(
        notCarriedOut(
          view.classifierContext !== undefined,
          "classifierContext",
          "wave-hooks has no auto-mode classifier to give it to"
        ),
        injectContext(event, view, dialect),
        view.decision === "block"
          ? just(
              PromptModel({
                text: view.reason || `${hookName(run)} flagged the tool result (decision "block") without a reason.`
              }),
              at("PostToolUse.block", "PostToolUse decision=block")
            )
          : nothing,
        updateToolOutput(view)
      )
    case "PostToolUseFailure":
      return all(
        injectContext(event, view, dialect),
        view.decision === "block"
          ? just(
              PromptModel({
                text: view.reason || `${hookName(run)} flagged the tool failure (decision "block") without a reason.`
              }),
              at("PostToolUseFailure.block", "PostToolUseFailure decision=block")
            )
          : nothing
      )
    case "PostToolBatch":
      // A block stops the loop before the next model call: there is no next request for the context.
      return view.decision === "block"
        ? row(
            StopAgent({ reason: view.reason || `${hookName(run)} stopped the agent after a tool batch.` }),
            at("PostToolBatch.block", "PostToolBatch decision=block")
          )
        : injectContext(event, view, dialect)
    case "UserPromptSubmit":
    case "UserPromptExpansion":
      return all(
        view.decision === "block"
          ? just(
              BlockPrompt({
                reason:
                  view.reason ||
                  (event === "UserPromptSubmit"
                    ? `${hookName(run)} blocked the prompt.`
                    : `${hookName(run)} blocked the command's expansion.`),
                suppressOriginalPrompt: view.suppressOriginalPrompt
              }),
              at("json.block", `${event} decision=block`)
            )
          : injectContext(event, view, dialect),
        sessionTitle(event, view)
      )
    case "Stop":
    case "SubagentStop": {
      const feedback = view.additionalContext
        ? context(
            PromptModel,
            view.additionalContext,
            at("json.feedback-context", `${event} additionalContext is non-error feedback`),
            "$.hookSpecificOutput.additionalContext",
            dialect
          )
        : nothing
      if (view.decision !== "block") return feedback
      return then(
        view.reason
          ? just(BlockStop({ reason: view.reason }), at("json.block", `${event} decision=block`))
          : diagnosed(
              Diagnostic({
                code: "missing-reason",
                message: `$.reason: a ${event} hook that blocks must say why (the agent is told to act on it); the block was ignored. Add a non-empty "reason".`
              }),
              at("json.block-without-reason", `${event} decision=block without reason`)
            ),
        feedback
      )
    }
    case "PreCompact":
      return view.decision === "block"
        ? just(
            BlockCompaction({ reason: view.reason || `${hookName(run)} blocked compaction.` }),
            at("PreCompact.block", "PreCompact decision=block")
          )
        : nothing
    case "SessionStart":
      return all(
        notCarriedOut(view.reloadSkills !== undefined, "reloadSkills", "wave-hooks loads no skills"),
        injectContext(event, view, dialect),
        view.initialUserMessage
          ? context(
              SendUserMessage,
              view.initialUserMessage,
              at("SessionStart.initial-user-message", "SessionStart initialUserMessage"),
              "$.hookSpecificOutput.initialUserMessage",
              dialect
            )
          : nothing,
        sessionTitle(event, view),
        watchPaths(event, view)
      )
    case "SubagentStart":
    case "Setup":
    case "PostModelSwitch":
      return injectContext(event, view, dialect)
    case "PermissionDenied":
      return view.retry === true
        ? just(AllowRetry(), at("PermissionDenied.retry", "PermissionDenied retry=true"))
        : nothing
    case "MessageDisplay":
      return view.displayContent !== undefined
        ? just(
            ReplaceDisplay({ text: view.displayContent }),
            at("MessageDisplay.display-content", "MessageDisplay displayContent")
          )
        : nothing
    case "TaskCreated":
      return view.decision === "block"
        ? just(
            BlockTool({ reason: view.reason || `${hookName(run)} blocked the task.` }),
            at("TaskCreated.block", "TaskCreated decision=block")
          )
        : nothing
    case "ConfigChange":
      return view.decision === "block"
        ? just(
            BlockAction({ reason: view.reason || `${hookName(run)} blocked the settings change.` }),
            at("ConfigChange.block", "ConfigChange decision=block")
          )
        : nothing
    case "CwdChanged":
    case "FileChanged":
      return watchPaths(event, view)
    case "WorktreeCreate":
      // A JSON answer without a path made no worktree: the creation fails, as with an empty stdout.
      return view.worktreePath
        ? just(
            SetWorktreePath({ path: view.worktreePath }),
            at("WorktreeCreate.worktree-path", "WorktreeCreate worktreePath")
          )
        : just(
            BlockAction({
              reason: `${hookName(run)} answered in JSON without hookSpecificOutput.worktreePath, so no worktree was made.`
            }),
            at("WorktreeCreate.json-without-path", "WorktreeCreate JSON without a path")
          )
    case "Elicitation":
    case "ElicitationResult":
      return elicitation(event, view)
    case "PreModelSwitch":
      return preModelSwitch(view, run)
    case "SessionEnd":
    case "Notification":
    case "TaskCompleted":
    case "StopFailure":
    case "TeammateIdle":
    case "InstructionsLoaded":
    case "DirectoryAdded":
    case "WorktreeRemove":
    case "PostCompact":
      return nothing
    // Gemini CLI's model-level events: what their hooks ask for comes from its vocabulary (agentOnly).
    case "PreModelRequest":
    case "PostModelResponse":
    case "PreToolSelection":
    // Copilot's userPromptTransformed (ReplacePrompt, from its vocabulary) and Codex CLI's Interrupt (only a message).
    case "PromptTransformed":
    case "Interrupt":
      return nothing
  }
}

const systemMessageOf = (view: OutputView, dialect: Dialect): Decided =>
  view.systemMessage
    ? context(
        (f) => ShowUser({ level: "warning", text: f.text }),
        view.systemMessage,
        at("json.system-message", "systemMessage"),
        "$.systemMessage",
        dialect
      )
    : nothing

const injectContext = (event: HookEvent, view: OutputView, dialect: Dialect): Decided =>
  view.additionalContext
    ? context(
        InjectContext,
        view.additionalContext,
        at("json.additional-context", `${event} additionalContext`),
        "$.hookSpecificOutput.additionalContext",
        dialect
      )
    : nothing

/** A field Claude Code reads that this engine has nothing to carry out with: reported, never silently dropped. */
const notCarriedOut = (present: boolean, field: string, why: string): Decided =>
  present
    ? diagnosed(
        Diagnostic({
          code: "discarded-field",
          message: `$.hookSpecificOutput.${field}: a Claude Code field that ${why}; it was read and discarded.`
        }),
        at("json.not-carried-out", `${field} is not carried out`)
      )
    : nothing

const sessionTitle = (event: HookEvent, view: OutputView): Decided =>
  view.sessionTitle
    ? just(SetSessionTitle({ title: view.sessionTitle }), at("json.session-title", `${event} sessionTitle`))
    : nothing

const watchPaths = (event: HookEvent, view: OutputView): Decided =>
  view.watchPaths !== undefined
    ? just(WatchPaths({ paths: view.watchPaths }), at("json.watch-paths", `${event} watchPaths`))
    : nothing

const elicitation = (event: HookEvent, view: OutputView): Decided => {
  if (view.action === undefined) {
    return view.content === undefined
      ? nothing
      : diagnosed(
          Diagnostic({
            code: "discarded-field",
            message: `$.hookSpecificOutput.content: read only with "action": "accept"; there is no action, so it was discarded. Add "action".`
          }),
          at("Elicitation.content-without-action", `${event} content without action`)
        )
  }
  const answer = just(
    AnswerElicitation({ action: view.action, content: view.content }),
    at("Elicitation.action", `${event} action=${view.action}`)
  )
  return view.content !== undefined && view.action !== "accept"
    ? then(
        diagnosed(
          Diagnostic({
            code: "discarded-field",
            message: `$.hookSpecificOutput.content: read only with "action": "accept", not "${view.action}"; it was discarded.`
          }),
          at("Elicitation.content-with-action", `${event} content with ${view.action}`)
        ),
        answer
      )
    : answer
}

const preModelSwitch = (view: OutputView, run: HookRun): Decided => {
  const decision: OutputView["permissionDecision"] = view.permissionDecision
  switch (decision) {
    case "allow":
      return just(AllowTool(), at("PreModelSwitch.allow", "PreModelSwitch permissionDecision=allow"))
    case "deny":
      return just(
        BlockAction({ reason: view.permissionDecisionReason || `${hookName(run)} refused the model switch.` }),
        at("PreModelSwitch.deny", "PreModelSwitch permissionDecision=deny")
      )
    case "ask":
      return just(
        AskPermission({ reason: view.permissionDecisionReason }),
        at("PreModelSwitch.ask", "PreModelSwitch permissionDecision=ask")
      )
    case "defer":
      return diagnosed(
        Diagnostic({
          code: "invalid-field",
          message: `$.hookSpecificOutput.permissionDecision: PreModelSwitch takes "allow", "deny" or "ask", not "defer"; the field was ignored.`
        }),
        at("PreModelSwitch.defer", "PreModelSwitch permissionDecision=defer")
      )
    case undefined:
      return view.decision === "block"
        ? just(
            BlockAction({ reason: view.reason || `${hookName(run)} refused the model switch.` }),
            at("PreModelSwitch.block", "PreModelSwitch decision=block")
          )
        : nothing
  }
}

/** The rules of PreToolUse's permission decisions, for a decision read from `field`. */
const permissionRules = (field: string) =>
  ({
    allow: at("PreToolUse.allow", `PreToolUse ${field}=allow`),
    deny: at("PreToolUse.deny", `PreToolUse ${field}=deny`),
    ask: at("PreToolUse.ask", `PreToolUse ${field}=ask`)
  }) as const

const permissionDecisionRules = permissionRules("permissionDecision")
const legacyDecisionRules = permissionRules("legacy decision")

/**
 * PreToolUse's permission decision: `permissionDecision`, else the deprecated
 * top-level `decision` read as one (`approve` is allow, `block` deny), with the
 * deprecation diagnostic either way the legacy field is present.
 */
const preToolUseDecision = (
  view: OutputView
): {
  readonly decision: OutputView["permissionDecision"]
  readonly reason: string | undefined
  readonly rules: typeof permissionDecisionRules
  readonly legacy: Decided
} => {
  if (view.decision === undefined)
    return {
      decision: view.permissionDecision,
      reason: view.permissionDecisionReason,
      rules: permissionDecisionRules,
      legacy: nothing
    }
  if (view.permissionDecision !== undefined)
    return {
      decision: view.permissionDecision,
      reason: view.permissionDecisionReason,
      rules: permissionDecisionRules,
      legacy: diagnosed(
        Diagnostic({
          code: "deprecated-field",
          message: `$.decision: the deprecated "decision" was ignored because permissionDecision is set.`
        }),
        at("PreToolUse.legacy-decision", "PreToolUse legacy decision")
      )
    }
  const decision = view.decision === "approve" ? "allow" : "deny"
  return {
    decision,
    reason: view.reason,
    rules: legacyDecisionRules,
    legacy: diagnosed(
      Diagnostic({
        code: "deprecated-field",
        message:
          `$.decision: "${view.decision}" is deprecated for PreToolUse; it was read as permissionDecision "${decision}". ` +
          `Use hookSpecificOutput.permissionDecision ("allow" | "deny" | "ask") and permissionDecisionReason.`
      }),
      at("PreToolUse.legacy-decision", "PreToolUse legacy decision")
    )
  }
}

/** The effects of PreToolUse's permission decision (each case one array of its own size). */
const permissionEffects = (
  decision: OutputView["permissionDecision"],
  reason: string | undefined,
  rules: typeof permissionDecisionRules,
  run: HookRun,
  dialect: Dialect
): ReadonlyArray<Traced<RestEffect>> => {
  switch (decision) {
    case "allow":
      return reason && dialectRules[dialect].showAllowReason
        ? [
            traced(AllowTool(), rules.allow),
            traced(
              ShowUser({ level: "info", text: reason }),
              at("PreToolUse.allow-reason", "PreToolUse permissionDecisionReason on allow")
            )
          ]
        : [traced(AllowTool(), rules.allow)]
    case "deny":
      return [traced(BlockTool({ reason: reason || `${hookName(run)} denied the tool call.` }), rules.deny)]
    case "ask":
      return [traced(AskPermission({ reason }), rules.ask)]
    case "defer":
      return [traced(DeferTool({ reason }), at("PreToolUse.defer", "PreToolUse permissionDecision=defer"))]
    case undefined:
      return none
  }
}

const preToolUse = (view: OutputView, run: HookRun, policy: DecideOptions): Decided => {
  const { decision, rules, legacy, reason } = preToolUseDecision(view)
  const permission = permissionEffects(decision, reason, rules, run, policy.dialect)
  if (decision === "defer") {
    const dropped = [
      view.updatedInput !== undefined ? "updatedInput" : undefined,
      view.additionalContext ? "additionalContext" : undefined
    ].filter((f): f is string => f !== undefined)
    if (dropped.length === 0) return decided(permission, legacy.diagnostics)
    return then(
      decided(permission, legacy.diagnostics),
      diagnosed(
        Diagnostic({
          code: "discarded-field",
          message: `${dropped.map((f) => `$.hookSpecificOutput.${f}`).join(", ")}: ignored when the call is deferred (permissionDecision "defer").`
        }),
        at("PreToolUse.defer-drops", "PreToolUse defer drops updatedInput and additionalContext")
      )
    )
  }
  const rest =
    view.updatedInput !== undefined && decision !== "deny"
      ? [
          ...permission,
          traced(UpdateInput({ input: view.updatedInput }), at("PreToolUse.updated-input", "PreToolUse updatedInput"))
        ]
      : permission
  return then(decided(rest, legacy.diagnostics), injectContext("PreToolUse", view, policy.dialect))
}

const permissionRequest = (view: OutputView, run: HookRun): Decided => {
  const decision = view.permissionRequestDecision
  if (decision === undefined) return nothing
  if (decision.behavior === "allow") {
    const rest: Array<Traced<RestEffect>> = [
      traced(AllowTool(), at("PermissionRequest.allow", "PermissionRequest decision.behavior=allow"))
    ]
    if (decision.updatedInput !== undefined) {
      rest.push(
        traced(
          UpdateInput({ input: decision.updatedInput }),
          at("PermissionRequest.updated-input", "PermissionRequest decision.updatedInput")
        )
      )
    }
    if (decision.updatedPermissions !== undefined) {
      rest.push(
        traced(
          UpdatePermissions({ updates: decision.updatedPermissions }),
          at("PermissionRequest.updated-permissions", "PermissionRequest decision.updatedPermissions")
        )
      )
    }
    return decided(rest)
  }
  const deny: Traced<EffectOf<"BlockTool">> = traced(
    BlockTool({ reason: decision.message || `${hookName(run)} denied the permission request.` }),
    at("PermissionRequest.deny", "PermissionRequest decision.behavior=deny")
  )
  return decision.interrupt === true
    ? decided(
        [deny],
        none,
        traced(
          StopAgent({ reason: decision.message }),
          at("PermissionRequest.interrupt", "PermissionRequest decision.interrupt=true")
        )
      )
    : decided([deny])
}

const updateToolOutput = (view: OutputView): Decided => {
  if (view.updatedToolOutput !== undefined) {
    const update = just(
      UpdateToolOutput({ output: view.updatedToolOutput }),
      at("PostToolUse.updated-output", "PostToolUse updatedToolOutput")
    )
    if (view.updatedMCPToolOutput === undefined) return update
    return then(
      update,
      diagnosed(
        Diagnostic({
          code: "conflicting-update",
          message: `$.hookSpecificOutput: both updatedToolOutput and updatedMCPToolOutput are set; updatedToolOutput was used.`
        }),
        at("PostToolUse.updated-output", "PostToolUse updatedToolOutput")
      )
    )
  }
  return view.updatedMCPToolOutput !== undefined
    ? just(
        UpdateToolOutput({ output: view.updatedMCPToolOutput }),
        at("PostToolUse.updated-output", "PostToolUse updatedMCPToolOutput")
      )
    : nothing
}

/** claude-code: exit 2 takes the blocking row even with valid JSON (5.3). */
const exit2OverJson = (event: HookEvent, view: OutputView, run: HookRun, dialect: Dialect): Decided => {
  if (view.continue === false)
    return stopped(view, at("claude-code.continue-false-over-exit-2", "continue=false wins over exit 2"), dialect)
  const stderr = run.stderr.trim()
  // Only a reason given for a block counts; an allow or ask reason is text for the user.
  const jsonReason =
    event === "PreToolUse" || event === "PreModelSwitch"
      ? view.permissionDecision === "deny"
        ? view.permissionDecisionReason
        : view.permissionDecision === undefined && view.decision === "block"
          ? view.reason
          : undefined
      : view.decision === "block"
        ? view.reason
        : undefined
  const text = jsonReason || stderr || `${hookName(run)} exited with code 2 (blocking) and wrote nothing to stderr.`
  let block = blockingRow(
    event,
    text,
    dialect,
    at("claude-code.exit-2-overrides-json", `${event} exit 2 overrides JSON`)
  )
  if (view.suppressOriginalPrompt === true) {
    block = decided(
      block.rest.map((t) =>
        t.effect._tag === "BlockPrompt"
          ? { ...t, effect: BlockPrompt({ reason: t.effect.reason, suppressOriginalPrompt: true }) }
          : t
      ),
      block.diagnostics,
      block.stop
    )
  }
  return then(systemMessageOf(view, dialect), block)
}

// ====== decide ======

/**
 * `decide` with the rule behind each effect (what `explain` prints).
 *
 * @category decision
 * @since 0.1.0
 */
export const decideTraced = (
  event: HookEvent,
  run: HookRun,
  policy: DecideOptions = defaultDecideOptions
): ReadonlyArray<TracedEffect> =>
  flatten(then(then(truncation(run), escapedProcess(run)), decideRun(event, run, policy, true)))

/**
 * `decideTraced` by the general path alone: every JSON answer read by
 * `readOutput`, common ones too. Not public (src/index.ts does not export it):
 * the law of common answers holds `decideTraced` to it.
 *
 * @category decision
 * @since 0.3.0
 */
export const decideTracedGeneral = (
  event: HookEvent,
  run: HookRun,
  policy: DecideOptions = defaultDecideOptions
): ReadonlyArray<TracedEffect> =>
  flatten(then(then(truncation(run), escapedProcess(run)), decideRun(event, run, policy, false)))

/** The diagnostic and the warning of a run whose output pipes were held open by processes outside its process group (5.2). */
const escapedProcess = (run: HookRun): Decided => {
  const escaped = run.escaped
  if (escaped === undefined || typeof escaped !== "object" || !Array.isArray(escaped.processes)) return nothing
  const name = hookName(run)
  const streams =
    Array.isArray(escaped.streams) && escaped.streams.length > 0 ? escaped.streams.join(" and ") : "output"
  const found = escaped.processes
    .map((p) =>
      typeof p.command === "string" && p.command.length > 0
        ? `pid ${p.pid} (${p.command.length > MAX_COMMAND_SHOWN ? `${p.command.slice(0, MAX_COMMAND_SHOWN)}...` : p.command})`
        : `pid ${p.pid}`
    )
    .join(", ")
  const what =
    found.length > 0
      ? `${found} left its process group and kept its ${streams} open; the runner sent it SIGTERM, then SIGKILL after the grace.`
      : `a process that left its process group kept its ${streams} open and could not be found (no /proc); it may still be running.`
  const fix =
    "Start background work with its output redirected (cmd >/dev/null 2>&1 &), or in a session of its own only when it is meant to outlive the hook."
  return decided(
    [traced(ShowUser({ level: "warning", text: `${name}: ${what}` }), at("process.escaped", "escaped process"))],
    [
      traced(
        Diagnostic({ code: "escaped-process", message: `${name}: ${what} ${fix}` }),
        at("process.escaped", "escaped process")
      )
    ]
  )
}

/** The diagnostic and the warning of a run whose output the runner cut (5.2). */
const truncation = (run: HookRun): Decided => {
  const truncatedStreams = run.truncatedStreams ?? none
  if (run.truncated !== true && truncatedStreams.length === 0) return nothing
  const what =
    truncatedStreams.length > 0
      ? truncatedStreams.map((t) => `${t.stream} at ${formatBytes(t.limitBytes)}`).join(" and ")
      : "its output"
  const name = hookName(run)
  return decided(
    [
      traced(
        ShowUser({
          level: "warning",
          text: `${name}'s output was cut (${what}); it was decided on the part that was kept.`
        }),
        at("process.truncated-output", "truncated output")
      )
    ],
    [
      traced(
        Diagnostic({
          code: "output-truncated",
          message: `${name}: ${what} hit the output cap; the rest was discarded.`
        }),
        at("process.truncated-output", "truncated output")
      )
    ]
  )
}

// ====== Gemini CLI: the text decides (ARCHITECTURE 5.3) ======

/** The answer's text: the trimmed stdout, or the trimmed stderr when stdout is empty (`answerText`). */
const answerTextOf = (run: HookRun, dialect: Dialect): string => {
  const stdout = typeof run.stdout === "string" ? run.stdout.trim() : ""
  if (stdout.length > 0 || dialectRules[dialect].answerText === "stdout") return stdout
  return typeof run.stderr === "string" ? run.stderr.trim() : ""
}

/** The text as a JSON object (a JSON string holding one is read a second time), else `undefined`. */
const jsonObjectOf = (text: string): { readonly [key: string]: unknown } | undefined => {
  if (text.length === 0) return undefined
  try {
    let value: unknown = JSON.parse(text)
    if (typeof value === "string") value = JSON.parse(value)
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as { readonly [key: string]: unknown })
      : undefined
  } catch {
    return undefined
  }
}

/** The effects an agent's answer asked for beyond what its JSON says in the engine's vocabulary, traced. */
const agentOnly = (effects: ReadonlyArray<AgentOnlyEffect> | undefined, dialect: Dialect): Decided =>
  effects === undefined || effects.length === 0
    ? nothing
    : decided(effects.map((effect) => traced(effect, at(agentOnlyRules[effect._tag], `${dialect} ${effect._tag}`))))

/** The rule of each effect only an agent's vocabulary asks for. */
/**
 * The answer's agent-only effects, then what its JSON decided: when the JSON stops the agent (`continue: false`),
 * the agent-only effects `StopAgent` absorbs (rule 1: all of them) are not decided, as `combine` would drop them.
 */
const withAgentOnly = (
  effects: ReadonlyArray<AgentOnlyEffect> | undefined,
  dialect: Dialect,
  fromAnswer: Decided
): Decided =>
  then(
    agentOnly(
      fromAnswer.stop === undefined ? effects : effects?.filter((effect) => !absorbs("StopAgent", effect._tag)),
      dialect
    ),
    fromAnswer
  )

const agentOnlyRules: { readonly [T in AgentOnlyEffect["_tag"]]: RuleId } = {
  ChainToolCall: "gemini-cli.tail-tool-call",
  ClearContext: "gemini-cli.clear-context",
  BlockModelRequest: "gemini-cli.model-blocked",
  UpdateModelRequest: "gemini-cli.model-request",
  SyntheticModelResponse: "gemini-cli.model-blocked",
  UpdateModelResponse: "gemini-cli.model-response",
  RestrictTools: "gemini-cli.tool-selection",
  SetEnv: "cursor.session-env",
  ReplacePrompt: "copilot.transformed-prompt",
  ReplaceSubagentResponse: "copilot.subagent-response"
}

/** A translated Gemini CLI answer, read and decided as every JSON answer is. */
const fromAgentJson = (
  event: HookEvent,
  answer: { readonly [key: string]: unknown },
  run: HookRun,
  policy: DecideOptions,
  rule: RuleRef
): Decided => {
  const translated =
    dialectRules[policy.dialect].vocabulary === "gemini"
      ? translateGeminiAnswer(event, answer)
      : { json: answer, diagnostics: none }
  const { diagnostics, output } = readOutput(translated.json, event, policy.dialect)
  const read = decided(none, [
    ...translated.diagnostics.map((effect) => traced(effect, rule)),
    ...diagnostics.map((effect) => traced(effect, at("stdout.diagnostic", `${effect.code}`)))
  ])
  return all(read, withAgentOnly(translated.effects, policy.dialect, fromJson(event, output, run, policy)))
}

/**
 * The rows of a dialect whose text decides (`exitCodeRows: "text-decides"`, Gemini CLI): JSON on any exit
 * code is the answer; else exit 0 shows the text, exit 1 shows it as a warning, any other code denies with
 * it, and no text does nothing. Every non-zero exit also says the hook failed (`failedRunNotice`).
 */
// long: Gemini CLI's one algorithm for every event, step by step
const decideByText = (event: HookEvent, run: HookRun, exitCode: number, policy: DecideOptions): Decided => {
  const rules = dialectRules[policy.dialect]
  const agentName = agentEventName(policy.dialect, event)
  const failed =
    exitCode !== 0 && rules.failedRunNotice
      ? just(
          ShowUser({ level: "warning", text: failedNoticeOf(run, event, policy.dialect) }),
          at("gemini-cli.failed-run", `exit ${exitCode}: the hook failed`)
        )
      : nothing
  const text = answerTextOf(run, policy.dialect)
  const json = jsonObjectOf(text)
  if (json !== undefined)
    return then(fromAgentJson(event, json, run, policy, at("gemini-cli.json", "Gemini CLI's JSON answer")), failed)
  // A guard set to fail closed (wave-hooks' onFailure) blocks when it failed without denying.
  const failClosed = (why: string): Decided =>
    policy.onFailure === "block"
      ? blockingRow(
          event,
          `${hookName(run)} ${why} and is set to block on failure.`,
          policy.dialect,
          at("exit.on-failure-block", `${event} exit ${exitCode} with onFailure=block`)
        )
      : nothing
  if (text.length === 0) {
    if (exitCode === 0) return nothing
    const silent = diagnosed(
      Diagnostic({
        code: "ignored-output",
        message:
          `${hookName(run)} exited with code ${exitCode} and printed nothing: in Gemini CLI a hook blocks only with text ` +
          `(stdout, else stderr), so nothing was blocked. Print the reason (echo "..." >&2) before exit 2 to block.`
      }),
      at("gemini-cli.silent-exit", `exit ${exitCode} without text`)
    )
    const warned =
      exitCode === 2
        ? just(
            ShowUser({
              level: "warning",
              text: `${hookName(run)} exited with code 2 without a reason; exit 2 without output blocks nothing in Gemini CLI.`
            }),
            at("gemini-cli.silent-exit", "exit 2 without text")
          )
        : nothing
    return all(silent, warned, failClosed(`exited with code ${exitCode}`), failed)
  }
  const noisy = lastLineIsJsonObject(text)
    ? diagnosed(
        Diagnostic({
          code: "noisy-stdout",
          message:
            `${hookName(run)} printed text before a JSON object; Gemini CLI reads the whole output as text, so the JSON ` +
            `was not read as the answer. Print only the JSON object on stdout (log to stderr).`
        }),
        at("gemini-cli.answer-text", "text before the JSON")
      )
    : nothing
  if (exitCode === 0)
    return then(
      noisy,
      just(ShowUser({ level: "info", text }), at("gemini-cli.exit-0-text", `${agentName} exit 0: text shown`))
    )
  if (exitCode === 1)
    return all(
      noisy,
      just(ShowUser({ level: "warning", text: `Warning: ${text}` }), at("gemini-cli.exit-1-text", "exit 1: warning")),
      failClosed("failed with exit code 1"),
      failed
    )
  const rule = at("gemini-cli.exit-2-text", `${agentName} exit ${exitCode} with text: deny`)
  const unusual =
    exitCode === 2
      ? nothing
      : diagnosed(
          Diagnostic({
            code: "ignored-output",
            message:
              `${hookName(run)} exited with code ${exitCode}: Gemini CLI reads any code from 2 up with output as a deny, ` +
              `so its output became the reason. Exit 1 for an error that should not block.`
          }),
          rule
        )
  return all(noisy, unusual, fromAgentJson(event, { decision: "deny", reason: text }, run, policy, rule), failed)
}

/** Whether the text's last non-empty line is a JSON object (text printed before an answer). */
const lastLineIsJsonObject = (text: string): boolean => {
  const lines = text.split(/\r?\n/)
  if (lines.length < 2) return false
  const last = lines[lines.length - 1]!.trim()
  if (!last.startsWith("{")) return false
  try {
    const value: unknown = JSON.parse(last)
    return typeof value === "object" && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}

/** Gemini CLI's notice of a failed run: "Hook(s) [name] failed for event X." */
const failedNoticeOf = (run: HookRun, event: HookEvent, dialect: Dialect): string =>
  `Hook(s) [${hookLabel(run)}] failed for event ${agentEventName(dialect, event)}.`

/** The hook's label in Gemini CLI's "Hook(s) [...] failed" notice: its name, else its command, shortened. */
const hookLabel = (run: HookRun): string => {
  if (typeof run.name === "string" && run.name.trim().length > 0) return run.name.trim()
  const command = typeof run.command === "string" ? run.command.trim() : ""
  return command.length > MAX_COMMAND_SHOWN ? `${command.slice(0, MAX_COMMAND_SHOWN)}...` : command
}

/**
 * A JSON answer the agent's strict wire rejects (Codex CLI): the run failed and its whole answer is
 * dropped (nothing of it decides), said to the user, each problem in a Diagnostic with its path.
 */
const rejectedAnswer = (event: HookEvent, run: HookRun, problems: ReadonlyArray<WireProblem>): Decided =>
  decided(
    [
      traced(
        ShowUser({
          level: "error",
          text: `${hookName(run)} answered with JSON Codex CLI rejects (${problems.map((p) => p.path).join(", ")}); the run failed and its answer was dropped.`
        }),
        at("codex.strict-wire", `${event}: the answer is not Codex's wire format`)
      )
    ],
    problems.map((problem) =>
      traced(
        Diagnostic({ code: "invalid-field", message: `${problem.path}: ${problem.problem}` }),
        at("codex.strict-wire", `${event}: the answer is not Codex's wire format`)
      )
    )
  )

/** The table rows for a run: failure, plain stdout, malformed JSON or JSON. */
// long: the per-run pipeline (read output, pick the rule, build the effects) in the order ARCHITECTURE section 4 gives
const decideRun = (event: HookEvent, run: HookRun, policy: DecideOptions, common: boolean): Decided => {
  const agentEvent = agentEventRowOf(event, policy)
  if (agentEvent?.observes === true) return observedRun(event, agentEvent, run, policy)
  // The engine's own answer (a prompt or agent hook's verdict) is read in the engine's own vocabulary.
  // A prompt hook that timed out or failed wrote no verdict: the dialect's own failure rows apply.
  if (policy.engineAnswer === true && run.exitCode !== null && readsOwnVocabulary(policy.dialect))
    return decideRun(event, run, { dialect: "wave", onFailure: policy.onFailure }, common)
  const exitCode = run.exitCode
  const onFailure = onFailureOf(event, policy)
  if (exitCode === null || typeof exitCode !== "number") {
    const description = failureDescription(run)
    const rulesOf = dialectRules[policy.dialect]
    // Copilot: a hook that times out never blocks; one that crashed on preToolUse denies.
    if (rulesOf.timeoutsFailOpen && run.timedOut)
      return just(
        ShowUser({
          level: "warning",
          text: `${description} It blocked nothing: ${policy.dialect} hooks that time out never do.`
        }),
        at("copilot.timeout-open", "a timed-out hook blocks nothing")
      )
    if (rulesOf.crashBlocksOn.includes(event))
      return blockingRow(
        event,
        `Denied by ${agentEvent?.name ?? event} hook (hook errored): ${description}`,
        policy.dialect,
        at("copilot.crash-blocks", `${event}: a crashed hook denies`)
      )
    // Gemini CLI reads a run killed by a signal as exit 0: its output is the answer.
    if (dialectRules[policy.dialect].exitCodeRows === "text-decides" && run.signal !== undefined && !run.timedOut)
      return decideByText(event, run, 0, policy)
    if (dialectRules[policy.dialect].failedRunNotice && onFailure !== "block") {
      // Gemini CLI: a run that timed out, was killed or did not start is a failed run, like a non-zero exit.
      return just(
        ShowUser({ level: "warning", text: `${failedNoticeOf(run, event, policy.dialect)} ${description}` }),
        at("gemini-cli.failed-run", "timeout, signal or spawn failure: the hook failed")
      )
    }
    if (event === "PreModelSwitch") {
      // Claude Code: a PreModelSwitch hook that times out blocks the switch (reference 4).
      return blockingRow(
        event,
        `${description} A PreModelSwitch hook that fails blocks the switch.`,
        policy.dialect,
        at("PreModelSwitch.failure-blocks", "PreModelSwitch failure blocks")
      )
    }
    return onFailure === "block"
      ? blockingRow(
          event,
          `${description} (onFailure: block)`,
          policy.dialect,
          at("process.failure-blocks", `${event} failure with onFailure=block`)
        )
      : failureRow(event, description, policy.dialect, at("process.failure", "timeout, signal or spawn failure"))
  }

  const rules = dialectRules[policy.dialect]
  if (rules.exitCodeRows === "text-decides") return decideByText(event, run, exitCode, policy)
  if (rules.stdoutReading === "copilot") return copilotRun(event, agentEvent, run, exitCode, policy)
  // Codex CLI reads stdout only on exit 0: on any other exit the exit code decides.
  const stdout = typeof run.stdout === "string" && (exitCode === 0 || !rules.jsonOnlyOnExit0) ? run.stdout : ""
  const parsed = parseStdout(stdout, policy.dialect)
  // Codex CLI: stdout that starts like JSON must be the event's object, or the run fails.
  const trimmed = stdout.trimStart()
  if (rules.strictWire && parsed._tag !== "Json" && (trimmed.startsWith("{") || trimmed.startsWith("[")))
    return rejectedAnswer(event, run, [
      {
        path: "$",
        problem: `stdout starts like JSON but is not one JSON object${parsed._tag === "Malformed" ? ` (${parsed.error})` : ""}; Codex CLI fails the run`
      }
    ])
  // Anything else that is not JSON is plain text to Codex CLI (a JSON object after a log line included).
  if (rules.strictWire && parsed._tag === "Malformed") return fromExitCode(event, run, exitCode, stdout, policy)
  switch (parsed._tag) {
    case "Plain":
      return fromExitCode(event, run, exitCode, parsed.text, policy)
    case "Malformed": {
      const malformed = decided(
        [
          traced(
            ShowUser({
              level: "warning",
              text:
                parsed.line === undefined
                  ? `${hookName(run)} printed malformed JSON on stdout; it was ignored.`
                  : `${hookName(run)} printed what looks like a JSON object (line ${parsed.line} of stdout) that could not be read; it was ignored.`
            }),
            at("stdout.malformed-json", "malformed JSON")
          )
        ],
        [
          {
            effect: Diagnostic({
              code: "malformed-json",
              message:
                parsed.line === undefined
                  ? `stdout starts with "{" but is not valid JSON (${parsed.error}); it was ignored and the exit code decided. ` +
                    `Print one JSON object, or plain text that does not start with "{".`
                  : `stdout looks like it holds a JSON object from line ${parsed.line} that could not be read (${parsed.error}); ` +
                    `stdout was ignored and the exit code decided. Print only the JSON object to stdout (log to stderr).`
            }),
            ...(parsed.line === undefined
              ? at("stdout.malformed-json", "malformed JSON")
              : at("stdout.unreadable-json", "JSON-like stdout that could not be read"))
          }
        ]
      )
      if (onFailure === "block" && exitCode !== 2) {
        // The parse error quotes the output, so it stays in the Diagnostic: malformed output never reaches the model.
        return then(
          malformed,
          blockingRow(
            event,
            `${hookName(run)} printed malformed JSON on stdout and is set to block on failure.`,
            policy.dialect,
            at("stdout.malformed-json-blocks", `${event} malformed JSON with onFailure=block`)
          )
        )
      }
      return then(malformed, fromExitCode(event, run, exitCode, "", policy))
    }
    case "Json": {
      // A common answer is read with no diagnostic in every dialect (common-answers.ts). At exit 0 nothing else
      // applies to it (no exit row, no discarded field, no common field), so the event's row alone decides.
      if (rules.strictWire) {
        const problems = strictWireProblems(event, parsed.value)
        if (problems.length > 0) return rejectedAnswer(event, run, problems)
      }
      const answer = common && rules.vocabulary === "claude" ? commonAnswer(parsed.value, event) : undefined
      if (answer !== undefined && exitCode === 0 && parsed.diagnostics.length === 0)
        return perEvent(event, answer, run, policy)
      const translated: {
        readonly json: { readonly [key: string]: unknown }
        readonly diagnostics: ReadonlyArray<EffectOf<"Diagnostic">>
        readonly effects?: ReadonlyArray<AgentOnlyEffect>
        readonly blocks?: string
      } =
        rules.vocabulary === "codex"
          ? translateCodexAnswer(event, parsed.value)
          : rules.vocabulary === "cursor" && agentEvent !== undefined
            ? translateCursorAnswer(agentEvent, parsed.value, policy.toolName)
            : { json: parsed.value, diagnostics: none }
      // An answer that refuses what its JSON cannot (Cursor's subagentStart deny): the event's blocking row too.
      const refusal =
        translated.blocks === undefined
          ? nothing
          : blockingRow(
              event,
              translated.blocks,
              policy.dialect,
              at("cursor.refuses-action", `${agentEvent?.name ?? event} refused`)
            )
      const { diagnostics, output: fullOutput } =
        answer === undefined
          ? readOutput(translated.json, event, policy.dialect)
          : { diagnostics: none, output: answer }
      const read =
        parsed.diagnostics.length === 0 && diagnostics.length === 0 && translated.diagnostics.length === 0
          ? nothing
          : decided(none, [
              ...parsed.diagnostics.map((effect) => traced(effect, at("stdout.noisy", "noisy stdout"))),
              ...translated.diagnostics.map((effect) => traced(effect, at("stdout.diagnostic", `${effect.code}`))),
              ...diagnostics.map((effect) => traced(effect, at("stdout.diagnostic", `${effect.code}`)))
            ])
      const kept = dialectRules[policy.dialect].discardsCommonFields ? discarded(event, fullOutput) : undefined
      const output = kept === undefined ? fullOutput : kept.view
      const checked = kept === undefined ? read : then(read, kept.decided)
      if (onFailure === "block" && exitCode !== 0 && exitCode !== 2 && output.continue !== false) {
        // A guard that crashed after printing JSON fails closed; continue:false still wins.
        return then(checked, fromExitCode(event, run, exitCode, "", { ...policy, onFailure }))
      }
      if (
        exitCode === 2 &&
        dialectRules[policy.dialect].exit2OverridesJson &&
        event !== "PermissionRequest" &&
        !ignoresExit2(event, policy.dialect)
      ) {
        return then(checked, exit2OverJson(event, output, run, policy.dialect))
      }
      if (exitCode === 2 && dialectRules[policy.dialect].exit2OverridesJson && ignoresExit2(event, policy.dialect)) {
        // The event ignores exit 2 (5.4): its valid JSON decides, and the exit is reported.
        const stderr = run.stderr.trim()
        return all(
          checked,
          ignored(
            event,
            `a hook exited with code 2${stderr.length > 0 ? `: ${stderr}` : "."}`,
            at("exit.ignored", `${event} ignores exit 2`)
          ),
          fromJson(event, output, run, policy)
        )
      }
      return all(
        checked,
        refusal,
        withAgentOnly(translated.effects, policy.dialect, fromJson(event, output, run, policy))
      )
    }
  }
}

/**
 * The dialect's row of the event the run answers: the one `policy.agentEvent` names when it fires `event`,
 * else the event's own.
 */
const agentEventRowOf = (event: HookEvent, policy: DecideOptions): AgentEvent | undefined => {
  const named = policy.agentEvent === undefined ? undefined : agentEventNamed(policy.dialect, policy.agentEvent)
  return named !== undefined && named.event === event ? named : agentEventOf(policy.dialect, event)
}

/** Whether a dialect reads scripts' answers other than as the engine writes its own (section 5.1). */
const readsOwnVocabulary = (dialect: Dialect): boolean => {
  const rules = dialectRules[dialect]
  return (
    rules.vocabulary !== "claude" ||
    rules.exitCodeRows !== "exit-2-blocks" ||
    rules.strictWire ||
    rules.jsonOnlyOnExit0 ||
    rules.stdoutReading !== "json"
  )
}

/** A Copilot answer, translated for its event (a PascalCase event's is Claude Code's), read and decided. */
const copilotAnswer = (
  event: HookEvent,
  agentEvent: AgentEvent | undefined,
  answer: { readonly [key: string]: unknown },
  run: HookRun,
  policy: DecideOptions
): Decided => {
  const translated =
    agentEvent !== undefined && agentEvent.payloadCase === "camel"
      ? translateCopilotAnswer(agentEvent, answer)
      : { json: answer, diagnostics: none }
  const { diagnostics, output } = readOutput(translated.json, event, policy.dialect)
  return all(
    decided(none, [
      ...translated.diagnostics.map((effect) => traced(effect, at("copilot.json", `${effect.code}`))),
      ...diagnostics.map((effect) => traced(effect, at("stdout.diagnostic", `${effect.code}`)))
    ]),
    withAgentOnly(translated.effects, policy.dialect, fromJson(event, output, run, policy))
  )
}

/**
 * A Copilot hook's run that exited (ARCHITECTURE 5.3.4): stdout is read only on exit 0, progress lines
 * removed and the rest one JSON object (else no answer); exit 2 denies on `exit2Rows.blocksOn` (the reason:
 * the answer's on stdout, else stderr; PermissionRequest's stderr is not read), is guidance on `contextOn`
 * (stdout as context), and a warning elsewhere; another exit code is a failed run, which denies on
 * `crashBlocksOn`.
 */
// long: Copilot's exit-code rows, one branch per row of its reference
const copilotRun = (
  event: HookEvent,
  agentEvent: AgentEvent | undefined,
  run: HookRun,
  exitCode: number,
  policy: DecideOptions
): Decided => {
  const rules = dialectRules[policy.dialect]
  const name = agentEvent?.name ?? event
  const stdout = copilotStdout(run.stdout)
  const stderr = run.stderr.trim()
  if (exitCode === 0) {
    if (stdout._tag === "Json") return copilotAnswer(event, agentEvent, stdout.value, run, policy)
    if (!stdout.text.startsWith("{") && !stdout.text.startsWith("[") && /^\s*\{/m.test(stdout.text))
      return diagnosed(
        Diagnostic({
          code: "noisy-stdout",
          message: `stdout has text before what looks like a JSON object; Copilot reads the whole stdout as one JSON value, so it was no answer and nothing was decided. Print only the JSON object to stdout (log to stderr).`
        }),
        at("copilot.no-output", "not one JSON object: no answer")
      )
    if (stdout.text.startsWith("{") || stdout.text.startsWith("["))
      return diagnosed(
        Diagnostic({
          code: "malformed-json",
          message: `stdout is not one JSON object once progress lines are removed (two objects, or a line before the JSON); Copilot reads it as no answer, so nothing was decided. Print exactly one JSON object.`
        }),
        at("copilot.no-output", "not one JSON object: no answer")
      )
    return nothing
  }
  if (exitCode === 2 && rules.exit2Rows !== undefined) {
    const rule = at("copilot.exit-2", `${name} exit 2`)
    if (rules.exit2Rows.blocksOn.includes(event)) {
      const answer = stdout._tag === "Json" ? stdout.value : {}
      const fromAnswer =
        event === "PermissionRequest" ? answer["message"] : (answer["permissionDecisionReason"] ?? answer["reason"])
      const reason =
        typeof fromAnswer === "string" && fromAnswer.length > 0
          ? fromAnswer
          : event !== "PermissionRequest" && stderr.length > 0
            ? stderr
            : `Denied by ${name} hook (exit 2).`
      return blockingRow(event, reason, policy.dialect, rule)
    }
    if (rules.exit2Rows.contextOn.includes(event)) {
      // The guidance is stdout without its progress lines.
      return stdout.text.length === 0 ? nothing : just(InjectContext({ text: stdout.text }), rule)
    }
    return just(
      ShowUser({
        level: "warning",
        text: stderr.length > 0 ? stderr : `${hookName(run)} exited with code 2 and wrote nothing to stderr.`
      }),
      rule
    )
  }
  if (exitCode !== 2 && rules.crashBlocksOn.includes(event))
    return blockingRow(
      event,
      `Denied by ${name} hook (hook errored): exit code ${exitCode}${stderr.length > 0 ? `: ${stderr}` : "."}`,
      policy.dialect,
      at("copilot.crash-blocks", `${event}: a crashed hook denies`)
    )
  return fromExitCode(event, run, exitCode, "", policy)
}

/**
 * A run of an agent event that only observes (Cursor's afterShellExecution): a JSON answer is read and
 * discarded, exit 2 blocks nothing, and a failed run is reported as every failed run is (`onFailure` does
 * not apply: there is nothing to block).
 */
const observedRun = (event: HookEvent, agentEvent: AgentEvent, run: HookRun, policy: DecideOptions): Decided => {
  const rule = at("cursor.observes", `${agentEvent.name} only observes`)
  const exitCode = run.exitCode
  if (exitCode === null || typeof exitCode !== "number")
    return failureRow(event, failureDescription(run), policy.dialect, rule)
  const stderr = run.stderr.trim()
  if (exitCode === 2)
    return diagnosed(
      Diagnostic({
        code: "ignored-output",
        message: `${agentEvent.name} hooks only observe in the ${policy.dialect} dialect: exit 2 blocks nothing${stderr.length > 0 ? ` (its stderr: ${stderr})` : ""}.`
      }),
      rule
    )
  if (exitCode !== 0)
    return failureRow(
      event,
      stderr.length > 0 ? stderr : `${hookName(run)} failed with exit code ${exitCode} and wrote nothing to stderr.`,
      policy.dialect,
      rule
    )
  const text = run.stdout.trim()
  const answer = jsonObjectOf(text)
  if (answer === undefined && text.startsWith("{"))
    return diagnosed(
      Diagnostic({
        code: "malformed-json",
        message: `stdout starts with "{" but is not one JSON object; ${agentEvent.name} hooks only observe in the ${policy.dialect} dialect, so it changed nothing.`
      }),
      rule
    )
  const fields = answer === undefined ? [] : Object.keys(answer)
  if (fields.length === 0) return nothing
  return diagnosed(
    Diagnostic({
      code: "discarded-field",
      message: `${fields.map((field) => jsonPath([field])).join(", ")}: ${agentEvent.name} hooks only observe in the ${policy.dialect} dialect; the answer was read and discarded.`
    }),
    rule
  )
}

/**
 * Decide what one hook's run asks the agent to do.
 *
 * **When to use**
 *
 * After running a hook command for an event: pass its exit code and output;
 * get effects for an interpreter. Pure, total (never throws) and deterministic.
 *
 * **Details**
 *
 * Valid JSON on stdout decides whatever the exit code (wave dialect); without
 * it the exit code decides: 0 success (stdout is context for UserPromptSubmit
 * and SessionStart), 2 blocks with stderr as the reason, anything else shows
 * stderr to the user. `exitCode: null` (timeout, signal, spawn failure)
 * ignores the output. `onFailure: "block"` makes failures block.
 *
 * **Example** (A guard that blocks with exit 2)
 *
 * ```ts
 * decide("PreToolUse", hookRun({ exitCode: 2, stderr: "rm -rf is not allowed" }))
 * // => [{ _tag: "BlockTool", reason: "rm -rf is not allowed" }]
 * decide("UserPromptSubmit", hookRun({ exitCode: 0, stdout: "branch: main" }))
 * // => [{ _tag: "InjectContext", text: "branch: main" }]
 * ```
 *
 * @category decision
 * @since 0.1.0
 */
export const decide = (
  event: HookEvent,
  run: HookRun,
  policy: DecideOptions = defaultDecideOptions
): ReadonlyArray<HookEffect> => decideTraced(event, run, policy).map(effectOf)

const effectOf = (traced: TracedEffect): HookEffect => traced.effect
