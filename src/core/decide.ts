/**
 * The decision table: one hook's run -> declarative effects
 * (ARCHITECTURE section 5). Pure and total.
 *
 * @since 0.1.0
 */
import type { EffectOf, HookEffect } from "../effects/hook-effect.ts"
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

// ====== Collecting effects in contract order ======

/**
 * Collects effects in the order of ARCHITECTURE section 3: diagnostics, then
 * `StopAgent`, then everything else in the order pushed.
 */
class Effects {
  readonly items: Array<TracedEffect> = []
  private diagnostics = 0
  private stops = 0
  diagnostic(effect: EffectOf<"Diagnostic">, rule: string): void {
    this.insert(this.diagnostics++, { effect, rule })
  }
  stop(effect: EffectOf<"StopAgent">, rule: string): void {
    this.insert(this.diagnostics + this.stops++, { effect, rule })
  }
  add(effect: HookEffect, rule: string): void {
    this.items.push({ effect, rule })
  }
  private insert(index: number, traced: TracedEffect): void {
    if (index === this.items.length) this.items.push(traced)
    else this.items.splice(index, 0, traced)
  }
  traced(): ReadonlyArray<TracedEffect> {
    return this.items
  }
}

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
const blockingRow = (event: HookEvent, text: string): HookEffect => {
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
  policy: Policy,
  out: Effects
): void => {
  const stderr = run.stderr.trim()
  if (exitCode === 0) {
    if (stdout.length > 0 && injectsStdoutOnSuccess(event)) {
      out.add(InjectContext({ text: stdout }), `5.2 ${event} exit 0: stdout is context`)
    }
    return
  }
  if (exitCode === 2) {
    if (event === "PermissionRequest" && !dialectRules[policy.dialect].permissionRequestExit2Blocks) return
    const text = stderr.length > 0 ? stderr : `${hookName(run)} exited with code 2 (blocking) and wrote nothing to stderr.`
    out.add(blockingRow(event, text), `5.2 ${event} exit 2`)
    return
  }
  if (policy.onFailure === "block") {
    const text = `${hookName(run)} failed with exit code ${exitCode} and is set to block on failure` + (stderr.length > 0 ? `: ${stderr}` : ".")
    out.add(blockingRow(event, text), `5.2 ${event} exit ${exitCode} with onFailure=block`)
    return
  }
  const text = stderr.length > 0 ? stderr : `${hookName(run)} failed with exit code ${exitCode} and wrote nothing to stderr.`
  out.add(ShowUser({ level: "error", text }), `5.2 exit ${exitCode}: non-blocking error`)
}

// ====== The JSON rows (5.1) ======

const fromJson = (event: HookEvent, view: OutputView, run: HookRun, policy: Policy, out: Effects): void => {
  if (view.continue === false) {
    out.stop(StopAgent({ reason: view.stopReason }), "5.1 continue=false")
    showSystemMessage(view, out)
    return
  }
  showSystemMessage(view, out)
  const name = () => hookName(run)
  switch (event) {
    case "PreToolUse":
      return preToolUse(view, name, policy, out)
    case "PermissionRequest":
      return permissionRequest(view, name, out)
    case "PostToolUse":
      injectContext(event, view, out)
      if (view.decision === "block") {
        out.add(
          PromptModel({ text: view.reason || `${name()} flagged the tool result (decision "block") without a reason.` }),
          "5.1 PostToolUse decision=block"
        )
      }
      return updateToolOutput(view, out)
    case "UserPromptSubmit":
      if (view.decision === "block") {
        out.add(BlockPrompt({ reason: view.reason || `${name()} blocked the prompt.` }), "5.1 UserPromptSubmit decision=block")
      } else injectContext(event, view, out)
      return
    case "Stop":
    case "SubagentStop":
      if (view.decision === "block") {
        if (view.reason) out.add(BlockStop({ reason: view.reason }), `5.1 ${event} decision=block`)
        else {
          out.diagnostic(
            Diagnostic({
              code: "missing-reason",
              message: `$.reason: a ${event} hook that blocks must say why (the agent is told to act on it); the block was ignored. Add a non-empty "reason".`
            }),
            `5.1 ${event} decision=block without reason`
          )
        }
      }
      return
    case "PreCompact":
      if (view.decision === "block") {
        out.add(BlockCompaction({ reason: view.reason || `${name()} blocked compaction.` }), "5.1 PreCompact decision=block")
      }
      return
    case "PostToolUseFailure":
    case "SessionStart":
    case "SubagentStart":
      return injectContext(event, view, out)
    case "SessionEnd":
    case "Notification":
      return
  }
}

const showSystemMessage = (view: OutputView, out: Effects): void => {
  if (view.systemMessage) out.add(ShowUser({ level: "warning", text: view.systemMessage }), "5.1 systemMessage")
}

const injectContext = (event: HookEvent, view: OutputView, out: Effects): void => {
  if (view.additionalContext) {
    out.add(InjectContext({ text: view.additionalContext }), `5.1 ${event} additionalContext`)
  }
}

const preToolUse = (view: OutputView, name: () => string, policy: Policy, out: Effects): void => {
  let decision = view.permissionDecision
  let reason = view.permissionDecisionReason
  let field = "permissionDecision"
  if (view.decision !== undefined) {
    if (decision === undefined) {
      decision = view.decision === "approve" ? "allow" : "deny"
      reason = view.reason
      field = "legacy decision"
      out.diagnostic(
        Diagnostic({
          code: "deprecated-field",
          message: `$.decision: "${view.decision}" is deprecated for PreToolUse; it was read as permissionDecision "${decision}". ` +
            `Use hookSpecificOutput.permissionDecision ("allow" | "deny" | "ask") and permissionDecisionReason.`
        }),
        "5.1 PreToolUse legacy decision"
      )
    } else {
      out.diagnostic(
        Diagnostic({
          code: "deprecated-field",
          message: `$.decision: the deprecated "decision" was ignored because permissionDecision is set.`
        }),
        "5.1 PreToolUse legacy decision"
      )
    }
  }
  switch (decision) {
    case "allow":
      out.add(AllowTool(), `5.1 PreToolUse ${field}=allow`)
      if (reason && dialectRules[policy.dialect].showAllowReason) {
        out.add(ShowUser({ level: "info", text: reason }), "5.1 PreToolUse permissionDecisionReason on allow")
      }
      break
    case "deny":
      out.add(BlockTool({ reason: reason || `${name()} denied the tool call.` }), `5.1 PreToolUse ${field}=deny`)
      break
    case "ask":
      out.add(AskPermission({ reason }), `5.1 PreToolUse ${field}=ask`)
      break
    case undefined:
      break
  }
  if (view.updatedInput !== undefined && decision !== "deny") {
    out.add(UpdateInput({ input: view.updatedInput }), "5.1 PreToolUse updatedInput")
  }
  injectContext("PreToolUse", view, out)
}

const permissionRequest = (view: OutputView, name: () => string, out: Effects): void => {
  const decision = view.permissionRequestDecision
  if (decision === undefined) return
  if (decision.behavior === "allow") {
    out.add(AllowTool(), "5.1 PermissionRequest decision.behavior=allow")
    if (decision.updatedInput !== undefined) {
      out.add(UpdateInput({ input: decision.updatedInput }), "5.1 PermissionRequest decision.updatedInput")
    }
    return
  }
  out.add(
    BlockTool({ reason: decision.message || `${name()} denied the permission request.` }),
    "5.1 PermissionRequest decision.behavior=deny"
  )
  if (decision.interrupt === true) {
    out.stop(StopAgent({ reason: decision.message }), "5.1 PermissionRequest decision.interrupt=true")
  }
}

const updateToolOutput = (view: OutputView, out: Effects): void => {
  if (view.updatedToolOutput !== undefined) {
    out.add(UpdateToolOutput({ output: view.updatedToolOutput }), "5.1 PostToolUse updatedToolOutput")
    if (view.updatedMCPToolOutput !== undefined) {
      out.diagnostic(
        Diagnostic({
          code: "conflicting-update",
          message: `$.hookSpecificOutput: both updatedToolOutput and updatedMCPToolOutput are set; updatedToolOutput was used.`
        }),
        "5.1 PostToolUse updatedToolOutput"
      )
    }
  } else if (view.updatedMCPToolOutput !== undefined) {
    out.add(UpdateToolOutput({ output: view.updatedMCPToolOutput }), "5.1 PostToolUse updatedMCPToolOutput")
  }
}

/** claude-code: exit 2 takes the blocking row even with valid JSON (5.3). */
const exit2OverJson = (event: HookEvent, view: OutputView, run: HookRun, out: Effects): void => {
  if (view.continue === false) {
    out.stop(StopAgent({ reason: view.stopReason }), "5.3 continue=false wins over exit 2")
    showSystemMessage(view, out)
    return
  }
  showSystemMessage(view, out)
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
  out.add(blockingRow(event, text), `5.3 ${event} exit 2 overrides JSON`)
}

// ====== decide ======

/**
 * `decide` with the rule behind each effect (what `explain` prints).
 *
 * @category decision
 * @since 0.1.0
 */
export const decideTraced = (event: HookEvent, run: HookRun, policy: Policy = defaultPolicy): ReadonlyArray<TracedEffect> => {
  const out = new Effects()
  const truncatedStreams = run.truncatedStreams ?? []
  if (run.truncated === true || truncatedStreams.length > 0) {
    const what = truncatedStreams.length > 0
      ? truncatedStreams.map((t) => `${t.stream} at ${formatBytes(t.limitBytes)}`).join(" and ")
      : "its output"
    const name = hookName(run)
    out.diagnostic(
      Diagnostic({ code: "output-truncated", message: `${name}: ${what} hit the output cap; the rest was discarded.` }),
      "5.2 truncated output"
    )
    out.add(
      ShowUser({ level: "warning", text: `${name}'s output was cut (${what}); it was decided on the part that was kept.` }),
      "5.2 truncated output"
    )
  }

  const exitCode = run.exitCode
  if (exitCode === null || typeof exitCode !== "number") {
    const description = failureDescription(run)
    if (policy.onFailure === "block") out.add(blockingRow(event, `${description} (onFailure: block)`), `5.2 ${event} failure with onFailure=block`)
    else out.add(ShowUser({ level: "error", text: description }), "5.2 timeout, signal or spawn failure")
    return out.traced()
  }

  const stdout = typeof run.stdout === "string" ? run.stdout : ""
  const parsed = parseStdout(stdout, policy.dialect)
  switch (parsed._tag) {
    case "Plain":
      fromExitCode(event, run, exitCode, parsed.text, policy, out)
      break
    case "Malformed": {
      out.diagnostic(
        Diagnostic({
          code: "malformed-json",
          message: `stdout starts with "{" but is not valid JSON (${parsed.error}); it was ignored and the exit code decided. ` +
            `Print one JSON object, or plain text that does not start with "{".`
        }),
        "4.6 malformed JSON"
      )
      out.add(
        ShowUser({ level: "warning", text: `${hookName(run)} printed malformed JSON on stdout; it was ignored.` }),
        "4.6 malformed JSON"
      )
      if (policy.onFailure === "block" && exitCode !== 2) {
        // The parse error quotes the output, so it stays in the Diagnostic: malformed output never reaches the model.
        out.add(
          blockingRow(event, `${hookName(run)} printed malformed JSON on stdout and is set to block on failure.`),
          `5.2 ${event} malformed JSON with onFailure=block`
        )
        break
      }
      fromExitCode(event, run, exitCode, "", policy, out)
      break
    }
    case "Json": {
      for (const diagnostic of parsed.diagnostics) out.diagnostic(diagnostic, "4.4 noisy stdout")
      const { diagnostics, output } = readOutput(parsed.value, event, policy.dialect)
      for (const diagnostic of diagnostics) out.diagnostic(diagnostic, `4.5 ${diagnostic.code}`)
      if (policy.onFailure === "block" && exitCode !== 0 && exitCode !== 2 && output.continue !== false) {
        // A guard that crashed after printing JSON fails closed; continue:false still wins.
        fromExitCode(event, run, exitCode, "", policy, out)
        break
      }
      if (exitCode === 2 && dialectRules[policy.dialect].exit2OverridesJson && event !== "PermissionRequest") {
        exit2OverJson(event, output, run, out)
      } else fromJson(event, output, run, policy, out)
      break
    }
  }
  return out.traced()
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
