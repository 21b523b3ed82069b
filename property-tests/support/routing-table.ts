/**
 * Who may read the text of each source, per ARCHITECTURE section 3 (audience
 * column) and the decision tables of section 5, in the situation of one run.
 *
 * The situation (which path decides, which permission decision a PreToolUse
 * answer made, whether a PermissionRequest deny interrupts) is read from the
 * run itself: `parseStdout` tells plain text from JSON from malformed JSON
 * (section 4 steps 1-4, tested on its own); the few field values that matter
 * are looked up here independently of `readOutput`.
 */
import type { Dialect, HookEvent, HookRun, DecideOptions } from "../../src/index.ts"
import { parseStdout } from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import type { TextSource } from "../arbitraries/marked-runs.ts"
import { markerOf, textSources } from "../arbitraries/marked-runs.ts"
import {
  copilotReads,
  copilotRowIn,
  crashDeniesOn,
  exit2DeniesOn,
  exit2GuidesOn,
  withoutProgressLines
} from "./copilot-answer-table.ts"
import { cursorDecides, cursorFieldIn, cursorRowIn } from "./cursor-answer-table.ts"
import {
  answerTextOf,
  geminiContextEvents,
  geminiDenyReaderOf,
  geminiIgnoresContinue,
  jsonAnswerOf
} from "./text-decides-table.ts"

/** A reader of text: the person at the terminal or the model. */
export type Reader = "user" | "model"

/** For each source, the readers its text may reach. */
export type AllowedReaders = { readonly [S in TextSource]: ReadonlySet<Reader> }

/**
 * The reader of the exit-2 row of 5.2 / 5.4 for `event` (BlockTool, PromptModel, BlockStop: model;
 * BlockPrompt, BlockCompaction, BlockAction, StopAgent, ShowUser: user); `undefined` where the
 * event ignores exit 2 (only a Diagnostic, or an elicitation answer without text).
 */
export const blockingReaderOf = (event: HookEvent, policy: DecideOptions): Reader | undefined => {
  switch (event) {
    case "PreToolUse":
    case "PermissionRequest":
    case "PostToolUse":
    case "PostToolUseFailure":
    case "Stop":
    case "SubagentStop":
    case "TaskCreated":
    case "TaskCompleted":
    case "TeammateIdle":
      return "model"
    case "UserPromptSubmit":
    case "UserPromptExpansion":
    case "PreCompact":
    case "SessionStart":
    case "SubagentStart":
    case "SessionEnd":
    case "PostToolBatch":
    case "ConfigChange":
    case "WorktreeCreate":
    case "WorktreeRemove":
    case "PreModelSwitch":
    case "CwdChanged":
    case "FileChanged":
    case "PostCompact":
    case "PostModelSwitch":
    case "PreModelRequest":
    case "PostModelResponse":
    case "PreToolSelection":
    case "PromptTransformed":
    case "Interrupt":
      return "user"
    case "Notification":
    case "Setup":
      // Shown to the user unless the dialect ignores these exit codes (`ignoresSetupAndNotificationExitCodes`, claude-code).
      return dialectRules[policy.dialect].ignoresSetupAndNotificationExitCodes ? undefined : "user"
    case "PermissionDenied":
    case "StopFailure":
    case "InstructionsLoaded":
    case "MessageDisplay":
    case "DirectoryAdded":
    case "Elicitation":
    case "ElicitationResult":
      return undefined
  }
}

/** Events whose `additionalContext` reaches the model (5.1, 5.4: InjectContext, or PromptModel on Stop). */
const contextEvents: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "SessionStart",
  "SubagentStart",
  "Setup",
  "UserPromptExpansion",
  "PostToolBatch",
  "PostModelSwitch",
  "Stop",
  "SubagentStop"
])

/** Events whose exit-0 stdout becomes `InjectContext` (5.2, 5.4). */
const stdoutContextEvents: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "UserPromptSubmit",
  "SessionStart",
  "UserPromptExpansion",
  "PostModelSwitch"
])

/** Events whose exit 2 the claude-code dialect ignores, so valid JSON still decides (5.4). */
const ccIgnoresExit2: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "PermissionRequest",
  "PermissionDenied",
  "StopFailure",
  "InstructionsLoaded",
  "MessageDisplay",
  "DirectoryAdded",
  "Notification",
  "Setup"
])

/** Events whose `continue` the claude-code dialect discards (reference 3.4, ARCHITECTURE 5.4). */
export const ccDiscardsContinue: ReadonlySet<HookEvent> = new Set<HookEvent>([
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

/**
 * Whether `continue: false` is dropped on `event` in `dialect`: claude-code's discarded fields
 * (`discardsCommonFields`, {@link ccDiscardsContinue}), and the events where Gemini CLI ignores it in a dialect of its
 * vocabulary (`vocabulary: "gemini"`, research 2.7).
 */
export const discardsContinue = (event: HookEvent, dialect: Dialect): boolean =>
  (dialectRules[dialect].discardsCommonFields && ccDiscardsContinue.has(event)) ||
  (dialectRules[dialect].vocabulary === "gemini" && geminiIgnoresContinue.has(event))

/** claude-code ignores `onFailure` on these events (5.4): a failure is a notice for the user. */
const ccIgnoresOnFailure: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "Stop",
  "SubagentStop",
  "TaskCompleted",
  "TeammateIdle"
])

type Json = { readonly [key: string]: unknown }
const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * The value of a hook-specific field as section 4.5 reads it: a valid value
 * inside a `hookSpecificOutput` whose `hookEventName` is absent or matches,
 * else (wave only) a valid value at the top level.
 */
const hookSpecific = (
  json: Json,
  event: HookEvent,
  policy: DecideOptions,
  field: string,
  valid: (u: unknown) => boolean
): unknown => {
  const wrapper = json["hookSpecificOutput"]
  if (isObject(wrapper) && (wrapper["hookEventName"] === undefined || wrapper["hookEventName"] === event)) {
    if (Object.hasOwn(wrapper, field) && valid(wrapper[field])) return wrapper[field]
  }
  if (policy.dialect === "wave" && Object.hasOwn(json, field) && valid(json[field])) return json[field]
  return undefined
}

/** Who reads a PreToolUse reason for a decision: allow -> ShowUser{info}, ask -> AskPermission, defer -> DeferTool (user); deny -> BlockTool (model). */
const readerOfPermission = (decision: unknown): Reader => (decision === "deny" ? "model" : "user")

/** The readers each source's text may reach when `event`'s run is `run` under `policy`. */
export const allowedReaders = (event: HookEvent, run: HookRun, policy: DecideOptions): AllowedReaders => {
  const allowed = Object.fromEntries(textSources.map((source) => [source, new Set<Reader>()])) as {
    [S in TextSource]: Set<Reader>
  }
  const add = (source: TextSource, reader: Reader) => allowed[source].add(reader)
  const exit = run.exitCode
  // claude-code ignores onFailure on the Stop-like events (5.4).
  const onFailure = policy.dialect === "claude-code" && ccIgnoresOnFailure.has(event) ? "continue" : policy.onFailure
  const textDecides = dialectRules[policy.dialect].exitCodeRows === "text-decides"
  // Gemini CLI reads a run killed by a signal (not a timeout) as exit 0: its text decides (text-decides.laws).
  if (exit === null && textDecides && run.signal !== undefined && !run.timedOut)
    return textDecidesReaders(event, run, 0, allowed)
  // 2: exitCode null -> the failure row; the output is not trusted, none of it is shown.
  if (exit === null) return allowed
  if (textDecides) return textDecidesReaders(event, run, exit, allowed)
  const rules = dialectRules[policy.dialect]
  if (rules.stdoutReading === "copilot") return copilotReaders(event, run, exit, policy, allowed)
  // Cursor (5.3.3): the run answers one of Cursor's events; one that only observes routes nothing but a failure's stderr.
  const cursorRow = cursorRowIn(event, policy)
  if (cursorRow?.observes === true) {
    if (exit !== 0 && exit !== 2) add("stderr", "user")
    return allowed
  }
  const blocking = blockingReaderOf(event, policy)
  const addBlocking = (source: TextSource) => {
    if (blocking !== undefined) add(source, blocking)
  }
  // Codex CLI (`jsonOnlyOnExit0`): stdout is read only on exit 0; on another exit the exit code decides alone.
  const stdout = rules.jsonOnlyOnExit0 && exit !== 0 ? "" : run.stdout

  // 5.2: the exit-code rows, for stderr.
  const stderrByExitCode = () => {
    if (exit === 0) return
    if (exit === 2) {
      // 5.3.2: where exit 2 is a failed run (`exit2FailsOn`, Codex CLI), stderr is shown to the user.
      if (rules.exit2FailsOn.includes(event)) add("stderr", "user")
      // 5.3: claude-code ignores PermissionRequest exit 2.
      else if (!(event === "PermissionRequest" && policy.dialect === "claude-code")) addBlocking("stderr")
      return
    }
    add("stderr", onFailure === "block" ? (blocking ?? "user") : "user")
  }

  // 5.1: valid JSON decides.
  // continue: false stops, except where the dialect ignores it: Claude Code's discarding events, and Codex CLI's
  // SubagentStart (contract 3.5).
  const stops = (json: Json) =>
    json["continue"] === false &&
    !(policy.dialect === "claude-code" && ccDiscardsContinue.has(event)) &&
    !(rules.vocabulary === "codex" && event === "SubagentStart") &&
    cursorRow === undefined
  const fromJson = (json: Json) => {
    if (cursorRow !== undefined) {
      cursorJsonReaders(cursorRow.name, json, policy, allowed)
      return
    }
    add("systemMessage", "user")
    if (stops(json)) {
      add("stopReason", "user")
      return
    }
    if (contextEvents.has(event)) add("additionalContext", "model")
    switch (event) {
      case "PreToolUse": {
        const decision = hookSpecific(
          json,
          event,
          policy,
          "permissionDecision",
          (u) => u === "allow" || u === "deny" || u === "ask" || u === "defer"
        )
        if (decision !== undefined) add("permissionDecisionReason", readerOfPermission(decision))
        else if (json["decision"] === "approve" || json["decision"] === "block") {
          add("reason", readerOfPermission(json["decision"] === "approve" ? "allow" : "deny"))
        }
        return
      }
      case "PermissionRequest": {
        const decision = hookSpecific(
          json,
          event,
          policy,
          "decision",
          (u) => isObject(u) && (u["behavior"] === "allow" || u["behavior"] === "deny")
        )
        if (isObject(decision) && decision["behavior"] === "deny") {
          add("message", "model") // BlockTool
          if (decision["interrupt"] === true) add("message", "user") // StopAgent
        }
        return
      }
      case "PostToolUse": // PromptModel
      case "PostToolUseFailure":
      case "Stop": // BlockStop
      case "SubagentStop":
      case "TaskCreated": // BlockTool
        add("reason", "model")
        return
      case "UserPromptSubmit": // BlockPrompt
      case "UserPromptExpansion":
      case "PreCompact": // BlockCompaction
      case "PostToolBatch": // StopAgent
      case "ConfigChange": // BlockAction
        add("reason", "user")
        return
      case "PreModelSwitch": // BlockAction, AskPermission
        add("reason", "user")
        add("permissionDecisionReason", "user")
        return
      default:
        return
    }
  }

  // The events whose plain stdout on exit 0 is context: the dialect's own list (`plainStdoutContextOn`, Codex CLI's
  // UserPromptSubmit, SessionStart, SubagentStart), else 5.2's.
  const stdoutIsContext = rules.plainStdoutContextOn?.includes(event) ?? stdoutContextEvents.has(event)
  const parsed = parseStdout(stdout, policy.dialect)
  switch (parsed._tag) {
    case "Plain": {
      stderrByExitCode()
      // Every marker inside plain stdout is stdout text.
      if (exit === 0 && stdoutIsContext) {
        for (const source of textSources) if (source !== "stderr") add(source, "model")
      }
      break
    }
    case "Malformed":
      if (rules.strictWire && !/^\s*[[{]/u.test(stdout)) {
        // Codex CLI: text that does not start like JSON is plain text, whatever follows (contract 3.4).
        stderrByExitCode()
        if (exit === 0 && stdoutIsContext)
          for (const source of textSources) if (source !== "stderr") add(source, "model")
        break
      }
      // 4.6: never passed to the model; a message for the user may quote it.
      // Then the exit-code path runs as if stdout were empty (onFailure
      // "block" takes the exit-2 row with a description instead).
      for (const source of textSources) if (source !== "stderr") add(source, "user")
      if (!(onFailure === "block" && exit !== 2)) stderrByExitCode()
      break
    case "Json": {
      // An answer a strict wire refuses (Codex CLI) reaches nobody (its error names paths only): fromJson's readers are
      // a superset.
      const json = parsed.value
      if (onFailure === "block" && exit !== 0 && exit !== 2 && !stops(json)) {
        // 5.2 "with onFailure: block, any exit code other than 0 and 2 takes
        // the exit-2 row" vs 5.1 "JSON decides whatever the exit code": allow both readings.
        stderrByExitCode()
        fromJson(json)
      } else if (policy.dialect === "claude-code" && exit === 2 && !ccIgnoresExit2.has(event)) {
        // 5.3: exit 2 takes the blocking row; reason from the JSON, else stderr.
        add("systemMessage", "user")
        if (stops(json)) add("stopReason", "user")
        else {
          addBlocking("stderr")
          addBlocking("reason")
          if (event === "PreToolUse" || event === "PreModelSwitch") addBlocking("permissionDecisionReason")
        }
      } else fromJson(json)
      break
    }
  }
  return allowed
}

/**
 * The readers of a Cursor answer on a Cursor event that reads it (5.3.3, research 4.4, 4.5; what it decides is
 * `cursorDecides`'s): a deny's `agent_message` (else `user_message`) is the model's, an ask's question
 * (`user_message`, else `agent_message`) the user's, a shown `user_message` the user's, `additional_context` and
 * `followup_message` the model's, beforeSubmitPrompt's refusal the user's. subagentStart's refusal is a `BlockAction`,
 * whose reader is the user (section 3), with `agent_message` as its reason. In these two places (an ask without
 * `user_message`, subagentStart) a text for the model reaches the user: the it.fails law "should never show
 * agent_message, the model's text, to the user" of cursor-vocabulary.laws names it. Claude Code's fields reach nobody.
 */
const cursorJsonReaders = (
  rowName: string,
  json: Json,
  policy: DecideOptions,
  allowed: { [S in TextSource]: Set<Reader> }
): void => {
  const decision = cursorDecides(rowName, json, policy.toolName)
  const readerOfTag: { readonly [tag: string]: Reader } = {
    BlockTool: "model",
    InjectContext: "model",
    BlockStop: "model",
    AskPermission: "user",
    BlockAction: "user",
    BlockPrompt: "user",
    ShowUser: "user"
  }
  for (const effect of decision.effects) {
    const reader = readerOfTag[effect._tag]
    if (reader === undefined || effect.text === undefined) continue
    // The field whose text the effect carries (the one used whose value is that text): each marker in it, whatever
    // the key's spelling (a Claude-shaped `additionalContext` at the top level is Cursor's `additional_context`).
    for (const field of decision.used) {
      if (cursorFieldIn(json, field)?.value !== effect.text) continue
      for (const source of textSources) if (effect.text.includes(markerOf(source))) allowed[source].add(reader)
    }
  }
}

/**
 * The readers in a dialect whose text decides (Gemini CLI, research 2.4-2.7): the answer is the trimmed stdout, else
 * the trimmed stderr. A JSON object in Gemini's vocabulary: `systemMessage` to the user (also BeforeTool's ask
 * question); `continue: false` (not on SessionStart, SessionEnd, PreCompress, Notification) stops the agent with
 * `stopReason`, else `reason`, and nothing else counts; `decision` deny/block gives `reason` to the deny's reader
 * on BeforeTool, AfterTool, BeforeAgent and AfterAgent; ask on BeforeTool asks the user (`systemMessage`, else
 * `reason`); `additionalContext` reaches the model on AfterTool, BeforeAgent and SessionStart. Other text: exit 0
 * and 1 show it to the user, any other code denies with it. Claude Code's fields reach nobody.
 */
const textDecidesReaders = (
  event: HookEvent,
  run: HookRun,
  exit: number,
  allowed: { [S in TextSource]: Set<Reader> }
): AllowedReaders => {
  const add = (source: TextSource, reader: Reader) => allowed[source].add(reader)
  const text = answerTextOf(run)
  const json = jsonAnswerOf(text)
  if (json !== undefined) {
    add("systemMessage", "user")
    if (json["continue"] === false && !geminiIgnoresContinue.has(event)) {
      add("stopReason", "user")
      add("reason", "user")
      return allowed
    }
    const specific = json["hookSpecificOutput"]
    if (geminiContextEvents.has(event) && isObject(specific) && Object.hasOwn(specific, "additionalContext"))
      add("additionalContext", "model")
    const decision = json["decision"]
    const denyReader = geminiDenyReaderOf(event)
    if ((decision === "deny" || decision === "block") && denyReader !== undefined) add("reason", denyReader)
    if (decision === "ask" && event === "PreToolUse") add("reason", "user")
    return allowed
  }
  if (text.length === 0) return allowed
  const reader = exit === 0 || exit === 1 ? "user" : geminiDenyReaderOf(event)
  if (reader === undefined) return allowed
  // Every marker in the text is the text's: stdout's when stdout is not blank, else stderr's (stdout holds none).
  const fromStdout = run.stdout.trim().length > 0
  for (const source of textSources) if (!(fromStdout && source === "stderr")) add(source, reader)
  return allowed
}

/**
 * The readers in a dialect that reads stdout as Copilot does (`stdoutReading: "copilot"`, 5.3.4, research 5.3-5.4).
 * Exit 0: progress lines removed, the rest one JSON object or no answer (nothing of a non-answer reaches anyone); a
 * camelCase event's answer routes as research 5.4 says (a deny's reason and context to the model, an ask's reason
 * and an interrupt's message to the user), a PascalCase event's, or an event Copilot does not fire, as Claude Code's
 * (`claudeJson`). Exit 2: on preToolUse the deny's reason (the answer's, else stderr) and on permissionRequest its
 * `message` reach the model; on postToolUseFailure stdout is context for the model; elsewhere stderr is a warning to
 * the user. Another exit: preToolUse denies with stderr in the reason (the model's); elsewhere stderr is the user's,
 * or the blocking row's reader under `onFailure: "block"`. An event that only observes routes only a failure's stderr.
 */
// long: Copilot's exit-code rows and its answer, one branch per row of research 5.3
const copilotReaders = (
  event: HookEvent,
  run: HookRun,
  exit: number,
  policy: DecideOptions,
  allowed: { [S in TextSource]: Set<Reader> }
): AllowedReaders => {
  const add = (source: TextSource, reader: Reader) => allowed[source].add(reader)
  const row = copilotRowIn(event, policy)
  if (row?.observes === true) {
    if (exit !== 0 && exit !== 2) add("stderr", "user")
    return allowed
  }
  const rest = withoutProgressLines(run.stdout)
  const parsed = parseStdout(rest, "claude-code")
  const json = parsed._tag === "Json" ? parsed.value : undefined
  if (exit === 0) {
    if (json === undefined) return allowed
    if (row?.camel !== true) return claudeJson(event, json, allowed)
    const reads = copilotReads(row.name)
    const permission = reads.has("permissionDecision") ? json["permissionDecision"] : undefined
    if (permission === "allow" || permission === "deny" || permission === "ask")
      add("permissionDecisionReason", readerOfPermission(permission))
    if (reads.has("behavior") && json["behavior"] === "deny") {
      add("message", "model") // BlockTool
      if (json["interrupt"] === true) add("message", "user") // StopAgent
    }
    if (reads.has("decision") && json["decision"] === "block") add("reason", "model") // BlockStop
    if (reads.has("additionalContext")) add("additionalContext", "model") // InjectContext
    return allowed
  }
  if (exit === 2) {
    if (exit2DeniesOn.has(event)) {
      if (event === "PermissionRequest") add("message", "model")
      else for (const source of ["permissionDecisionReason", "reason", "stderr"] as const) add(source, "model")
    } else if (exit2GuidesOn.has(event)) {
      for (const source of textSources) if (source !== "stderr") add(source, "model")
    } else add("stderr", "user")
    return allowed
  }
  if (crashDeniesOn.has(event)) add("stderr", "model")
  else add("stderr", policy.onFailure === "block" ? (blockingReaderOf(event, policy) ?? "user") : "user")
  return allowed
}

/**
 * The readers of a Claude Code answer in Copilot (a PascalCase event's, or an event Copilot does not fire): 5.1 and
 * 5.4 as in the claude-code dialect, `continue: false` included.
 */
const claudeJson = (event: HookEvent, json: Json, allowed: { [S in TextSource]: Set<Reader> }): AllowedReaders => {
  const run: HookRun = { exitCode: 0, stdout: JSON.stringify(json), stderr: "", durationMs: 0, timedOut: false }
  // Both readings of the common fields: Claude Code's (continue discarded on some events) and wave's (honoured).
  for (const dialect of ["claude-code", "wave"] as const) {
    const readers = allowedReaders(event, run, { dialect, onFailure: "continue" })
    for (const source of textSources) for (const reader of readers[source]) allowed[source].add(reader)
  }
  return allowed
}
