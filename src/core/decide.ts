/**
 * The decision table: one hook's run -> declarative effects
 * (ARCHITECTURE section 5). Pure and total.
 *
 * @since 0.1.0
 */
import type { EffectOf, HookEffect, HookEffectTag } from "../effects/hook-effect.ts"
import {
  AllowTool,
  AskPermission,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  Diagnostic,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../effects/hook-effect.ts"
import { dialectRules } from "./dialect.ts"
import type { HookEvent } from "./events.ts"
import type { HookRun, Policy } from "./hook-run.ts"
import { defaultPolicy } from "./hook-run.ts"
import { parseStdout } from "./parse.ts"
import type { OutputView } from "./read-output.ts"
import { readOutput } from "./read-output.ts"
import type { TracedEffect } from "./trace.ts"

// ====== Decided effects, in contract order ======

/** An effect of type `E` with the rule that produced it. */
interface Traced<E extends HookEffect> {
  readonly effect: E
  readonly rule: string
}

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
const just = (effect: RestEffect, rule: string): Decided => decided([{ effect, rule }])

/** One diagnostic. */
const diagnosed = (effect: EffectOf<"Diagnostic">, rule: string): Decided => decided(none, [{ effect, rule }])

/** `first`, then `second`, part by part (at most one of them stops). */
const then = (first: Decided, second: Decided): Decided => {
  if (first === nothing) return second
  if (second === nothing) return first
  const stop = first.stop ?? second.stop
  const diagnostics = first.diagnostics.length === 0
    ? second.diagnostics
    : second.diagnostics.length === 0
    ? first.diagnostics
    : [...first.diagnostics, ...second.diagnostics]
  const rest = first.rest.length === 0 ? second.rest : second.rest.length === 0 ? first.rest : [...first.rest, ...second.rest]
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
    ? decision.diagnostics.length > 0 ? [...decision.diagnostics, ...decision.rest] : decision.rest === none ? [] : decision.rest
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
      ? `${name} timed out after ${(run.durationMs / 1000).toFixed(1)} s and was killed.`
      : `${name} timed out and was killed.`
  }
  if (run.spawnError !== undefined) return `${name} could not be started: ${run.spawnError}.`
  if (run.signal !== undefined) return `${name} was killed by signal ${run.signal}.`
  return `${name} did not exit normally.`
}

// ====== The exit-code rows (5.2) ======

/** The exit-2 row of 5.2 for an event, with `text` as the effect's text. */
const blockingRow = (event: HookEvent, text: string): RestEffect => {
  switch (event) {
    case "PreToolUse":
    case "PermissionRequest":
      return BlockTool({ reason: text })
    case "PostToolUse":
    case "PostToolUseFailure":
      return PromptModel({ text })
    case "UserPromptSubmit":
      return BlockPrompt({ reason: text })
    case "Stop":
    case "SubagentStop":
      return BlockStop({ reason: text })
    case "PreCompact":
      return BlockCompaction({ reason: text })
    case "SessionStart":
    case "SubagentStart":
    case "SessionEnd":
    case "Notification":
      return ShowUser({ level: "error", text })
  }
}

/** Whether exit 0 injects stdout as context for this event. */
const injectsStdoutOnSuccess = (event: HookEvent): boolean => event === "UserPromptSubmit" || event === "SessionStart"

const fromExitCode = (
  event: HookEvent,
  run: HookRun,
  exitCode: number,
  stdout: string,
  policy: Policy
): Decided => {
  const stderr = run.stderr.trim()
  if (exitCode === 0) {
    return stdout.length > 0 && injectsStdoutOnSuccess(event)
      ? just(InjectContext({ text: stdout }), `5.2 ${event} exit 0: stdout is context`)
      : nothing
  }
  if (exitCode === 2) {
    if (event === "PermissionRequest" && !dialectRules[policy.dialect].permissionRequestExit2Blocks) return nothing
    const text = stderr.length > 0 ? stderr : `${hookName(run)} exited with code 2 (blocking) and wrote nothing to stderr.`
    return just(blockingRow(event, text), `5.2 ${event} exit 2`)
  }
  if (policy.onFailure === "block") {
    const text = `${hookName(run)} failed with exit code ${exitCode} and is set to block on failure` + (stderr.length > 0 ? `: ${stderr}` : ".")
    return just(blockingRow(event, text), `5.2 ${event} exit ${exitCode} with onFailure=block`)
  }
  const text = stderr.length > 0 ? stderr : `${hookName(run)} failed with exit code ${exitCode} and wrote nothing to stderr.`
  return just(ShowUser({ level: "error", text }), `5.2 exit ${exitCode}: non-blocking error`)
}

// ====== The JSON rows (5.1) ======

/** `continue: false`: `StopAgent`, and the `systemMessage` still shows. */
const stopped = (view: OutputView, rule: string): Decided => {
  const stop: Traced<EffectOf<"StopAgent">> = { effect: StopAgent({ reason: view.stopReason }), rule }
  const message = systemMessageOf(view)
  return decided(message === undefined ? none : [message], none, stop)
}

const fromJson = (event: HookEvent, view: OutputView, run: HookRun, policy: Policy): Decided => {
  if (view.continue === false) return stopped(view, "5.1 continue=false")
  const message = systemMessageOf(view)
  const decision = perEvent(event, view, run, policy)
  return message === undefined ? decision : decided([message, ...decision.rest], decision.diagnostics, decision.stop)
}

const perEvent = (event: HookEvent, view: OutputView, run: HookRun, policy: Policy): Decided => {
  const name = () => hookName(run)
  switch (event) {
    case "PreToolUse":
      return preToolUse(view, name, policy)
    case "PermissionRequest":
      return permissionRequest(view, name)
    case "PostToolUse":
      return all(
        injectContext(event, view),
        view.decision === "block"
          ? just(
            PromptModel({ text: view.reason || `${name()} flagged the tool result (decision "block") without a reason.` }),
            "5.1 PostToolUse decision=block"
          )
          : nothing,
        updateToolOutput(view)
      )
    case "UserPromptSubmit":
      return view.decision === "block"
        ? just(BlockPrompt({ reason: view.reason || `${name()} blocked the prompt.` }), "5.1 UserPromptSubmit decision=block")
        : injectContext(event, view)
    case "Stop":
    case "SubagentStop":
      if (view.decision !== "block") return nothing
      return view.reason
        ? just(BlockStop({ reason: view.reason }), `5.1 ${event} decision=block`)
        : diagnosed(
          Diagnostic({
            code: "missing-reason",
            message: `$.reason: a ${event} hook that blocks must say why (the agent is told to act on it); the block was ignored. Add a non-empty "reason".`
          }),
          `5.1 ${event} decision=block without reason`
        )
    case "PreCompact":
      return view.decision === "block"
        ? just(BlockCompaction({ reason: view.reason || `${name()} blocked compaction.` }), "5.1 PreCompact decision=block")
        : nothing
    case "PostToolUseFailure":
    case "SessionStart":
    case "SubagentStart":
      return injectContext(event, view)
    case "SessionEnd":
    case "Notification":
      return nothing
  }
}

const systemMessageOf = (view: OutputView): Traced<EffectOf<"ShowUser">> | undefined =>
  view.systemMessage ? { effect: ShowUser({ level: "warning", text: view.systemMessage }), rule: "5.1 systemMessage" } : undefined

const injectContext = (event: HookEvent, view: OutputView): Decided =>
  view.additionalContext ? just(InjectContext({ text: view.additionalContext }), `5.1 ${event} additionalContext`) : nothing

const preToolUse = (view: OutputView, name: () => string, policy: Policy): Decided => {
  let decision = view.permissionDecision
  let reason = view.permissionDecisionReason
  let field = "permissionDecision"
  let legacy = nothing
  if (view.decision !== undefined) {
    if (decision === undefined) {
      decision = view.decision === "approve" ? "allow" : "deny"
      reason = view.reason
      field = "legacy decision"
      legacy = diagnosed(
        Diagnostic({
          code: "deprecated-field",
          message: `$.decision: "${view.decision}" is deprecated for PreToolUse; it was read as permissionDecision "${decision}". ` +
            `Use hookSpecificOutput.permissionDecision ("allow" | "deny" | "ask") and permissionDecisionReason.`
        }),
        "5.1 PreToolUse legacy decision"
      )
    } else {
      legacy = diagnosed(
        Diagnostic({
          code: "deprecated-field",
          message: `$.decision: the deprecated "decision" was ignored because permissionDecision is set.`
        }),
        "5.1 PreToolUse legacy decision"
      )
    }
  }
  const rest: Array<Traced<RestEffect>> = []
  switch (decision) {
    case "allow":
      rest.push({ effect: AllowTool(), rule: `5.1 PreToolUse ${field}=allow` })
      if (reason && dialectRules[policy.dialect].showAllowReason) {
        rest.push({ effect: ShowUser({ level: "info", text: reason }), rule: "5.1 PreToolUse permissionDecisionReason on allow" })
      }
      break
    case "deny":
      rest.push({ effect: BlockTool({ reason: reason || `${name()} denied the tool call.` }), rule: `5.1 PreToolUse ${field}=deny` })
      break
    case "ask":
      rest.push({ effect: AskPermission({ reason }), rule: `5.1 PreToolUse ${field}=ask` })
      break
    case undefined:
      break
  }
  if (view.updatedInput !== undefined && decision !== "deny") {
    rest.push({ effect: UpdateInput({ input: view.updatedInput }), rule: "5.1 PreToolUse updatedInput" })
  }
  if (view.additionalContext) rest.push({ effect: InjectContext({ text: view.additionalContext }), rule: "5.1 PreToolUse additionalContext" })
  return decided(rest, legacy.diagnostics)
}

const permissionRequest = (view: OutputView, name: () => string): Decided => {
  const decision = view.permissionRequestDecision
  if (decision === undefined) return nothing
  if (decision.behavior === "allow") {
    const allow: Traced<EffectOf<"AllowTool">> = { effect: AllowTool(), rule: "5.1 PermissionRequest decision.behavior=allow" }
    return decided(
      decision.updatedInput === undefined
        ? [allow]
        : [allow, { effect: UpdateInput({ input: decision.updatedInput }), rule: "5.1 PermissionRequest decision.updatedInput" }]
    )
  }
  const deny: Traced<EffectOf<"BlockTool">> = {
    effect: BlockTool({ reason: decision.message || `${name()} denied the permission request.` }),
    rule: "5.1 PermissionRequest decision.behavior=deny"
  }
  return decision.interrupt === true
    ? decided([deny], none, { effect: StopAgent({ reason: decision.message }), rule: "5.1 PermissionRequest decision.interrupt=true" })
    : decided([deny])
}

const updateToolOutput = (view: OutputView): Decided => {
  if (view.updatedToolOutput !== undefined) {
    const update = just(UpdateToolOutput({ output: view.updatedToolOutput }), "5.1 PostToolUse updatedToolOutput")
    if (view.updatedMCPToolOutput === undefined) return update
    return then(
      update,
      diagnosed(
        Diagnostic({
          code: "conflicting-update",
          message: `$.hookSpecificOutput: both updatedToolOutput and updatedMCPToolOutput are set; updatedToolOutput was used.`
        }),
        "5.1 PostToolUse updatedToolOutput"
      )
    )
  }
  return view.updatedMCPToolOutput !== undefined
    ? just(UpdateToolOutput({ output: view.updatedMCPToolOutput }), "5.1 PostToolUse updatedMCPToolOutput")
    : nothing
}

/** claude-code: exit 2 takes the blocking row even with valid JSON (5.3). */
const exit2OverJson = (event: HookEvent, view: OutputView, run: HookRun): Decided => {
  if (view.continue === false) return stopped(view, "5.3 continue=false wins over exit 2")
  const message = systemMessageOf(view)
  const stderr = run.stderr.trim()
  // Only a reason given for a block counts; an allow or ask reason is text for the user.
  const jsonReason = event === "PreToolUse"
    ? view.permissionDecision === "deny"
      ? view.permissionDecisionReason
      : view.permissionDecision === undefined && view.decision === "block"
      ? view.reason
      : undefined
    : view.decision === "block"
    ? view.reason
    : undefined
  const text = jsonReason || stderr || `${hookName(run)} exited with code 2 (blocking) and wrote nothing to stderr.`
  const block: Traced<RestEffect> = { effect: blockingRow(event, text), rule: `5.3 ${event} exit 2 overrides JSON` }
  return decided(message === undefined ? [block] : [message, block])
}

// ====== decide ======

/**
 * `decide` with the rule behind each effect (what `explain` prints).
 *
 * @category decision
 * @since 0.1.0
 */
export const decideTraced = (event: HookEvent, run: HookRun, policy: Policy = defaultPolicy): ReadonlyArray<TracedEffect> =>
  flatten(then(then(truncation(run), escape(run)), decideRun(event, run, policy)))

/** The diagnostic and the warning of a run whose output pipes were held open by processes outside its process group (5.2). */
const escape = (run: HookRun): Decided => {
  const escaped = run.escaped
  if (escaped === undefined || typeof escaped !== "object" || !Array.isArray(escaped.processes)) return nothing
  const name = hookName(run)
  const streams = Array.isArray(escaped.streams) && escaped.streams.length > 0 ? escaped.streams.join(" and ") : "output"
  const found = escaped.processes
    .map((p) => typeof p.command === "string" && p.command.length > 0 ? `pid ${p.pid} (${p.command.length > MAX_COMMAND_SHOWN ? `${p.command.slice(0, MAX_COMMAND_SHOWN)}...` : p.command})` : `pid ${p.pid}`)
    .join(", ")
  const what = found.length > 0
    ? `${found} left its process group and kept its ${streams} open; the runner sent it SIGTERM, then SIGKILL after the grace.`
    : `a process that left its process group kept its ${streams} open and could not be found (no /proc); it may still be running.`
  const fix = "Start background work with its output redirected (cmd >/dev/null 2>&1 &), or in a session of its own only when it is meant to outlive the hook."
  return decided(
    [{ effect: ShowUser({ level: "warning", text: `${name}: ${what}` }), rule: "5.2 escaped process" }],
    [{ effect: Diagnostic({ code: "escaped-process", message: `${name}: ${what} ${fix}` }), rule: "5.2 escaped process" }]
  )
}

/** The diagnostic and the warning of a run whose output the runner cut (5.2). */
const truncation = (run: HookRun): Decided => {
  const truncatedStreams = run.truncatedStreams ?? []
  if (run.truncated !== true && truncatedStreams.length === 0) return nothing
  const what = truncatedStreams.length > 0
    ? truncatedStreams.map((t) => `${t.stream} at ${formatBytes(t.limitBytes)}`).join(" and ")
    : "its output"
  const name = hookName(run)
  return decided(
    [{
      effect: ShowUser({ level: "warning", text: `${name}'s output was cut (${what}); it was decided on the part that was kept.` }),
      rule: "5.2 truncated output"
    }],
    [{
      effect: Diagnostic({ code: "output-truncated", message: `${name}: ${what} hit the output cap; the rest was discarded.` }),
      rule: "5.2 truncated output"
    }]
  )
}

/** The table rows for a run: failure, plain stdout, malformed JSON or JSON. */
const decideRun = (event: HookEvent, run: HookRun, policy: Policy): Decided => {
  const exitCode = run.exitCode
  if (exitCode === null || typeof exitCode !== "number") {
    const description = failureDescription(run)
    return policy.onFailure === "block"
      ? just(blockingRow(event, `${description} (onFailure: block)`), `5.2 ${event} failure with onFailure=block`)
      : just(ShowUser({ level: "error", text: description }), "5.2 timeout, signal or spawn failure")
  }

  const stdout = typeof run.stdout === "string" ? run.stdout : ""
  const parsed = parseStdout(stdout, policy.dialect)
  switch (parsed._tag) {
    case "Plain":
      return fromExitCode(event, run, exitCode, parsed.text, policy)
    case "Malformed": {
      const malformed = decided(
        [{
          effect: ShowUser({
            level: "warning",
            text: parsed.line === undefined
              ? `${hookName(run)} printed malformed JSON on stdout; it was ignored.`
              : `${hookName(run)} printed what looks like a JSON object (line ${parsed.line} of stdout) that could not be read; it was ignored.`
          }),
          rule: "4.6 malformed JSON"
        }],
        [{
          effect: Diagnostic({
            code: "malformed-json",
            message: parsed.line === undefined
              ? `stdout starts with "{" but is not valid JSON (${parsed.error}); it was ignored and the exit code decided. ` +
                `Print one JSON object, or plain text that does not start with "{".`
              : `stdout looks like it holds a JSON object from line ${parsed.line} that could not be read (${parsed.error}); ` +
                `stdout was ignored and the exit code decided. Print only the JSON object to stdout (log to stderr).`
          }),
          rule: parsed.line === undefined ? "4.6 malformed JSON" : "4.6 JSON-like stdout that could not be read"
        }]
      )
      if (policy.onFailure === "block" && exitCode !== 2) {
        // The parse error quotes the output, so it stays in the Diagnostic: malformed output never reaches the model.
        return then(
          malformed,
          just(
            blockingRow(event, `${hookName(run)} printed malformed JSON on stdout and is set to block on failure.`),
            `5.2 ${event} malformed JSON with onFailure=block`
          )
        )
      }
      return then(malformed, fromExitCode(event, run, exitCode, "", policy))
    }
    case "Json": {
      const { diagnostics, output } = readOutput(parsed.value, event, policy.dialect)
      const read = parsed.diagnostics.length === 0 && diagnostics.length === 0 ? nothing : decided(none, [
        ...parsed.diagnostics.map((effect) => ({ effect, rule: "4.4 noisy stdout" })),
        ...diagnostics.map((effect) => ({ effect, rule: `4.5 ${effect.code}` }))
      ])
      if (policy.onFailure === "block" && exitCode !== 0 && exitCode !== 2 && output.continue !== false) {
        // A guard that crashed after printing JSON fails closed; continue:false still wins.
        return then(read, fromExitCode(event, run, exitCode, "", policy))
      }
      if (exitCode === 2 && dialectRules[policy.dialect].exit2OverridesJson && event !== "PermissionRequest") {
        return then(read, exit2OverJson(event, output, run))
      }
      return then(read, fromJson(event, output, run, policy))
    }
  }
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
export const decide = (event: HookEvent, run: HookRun, policy: Policy = defaultPolicy): ReadonlyArray<HookEffect> =>
  decideTraced(event, run, policy).map((traced) => traced.effect)
