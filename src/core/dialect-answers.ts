/**
 * An agent's answer vocabulary, translated into the one `readOutput` reads
 * (ARCHITECTURE section 5.3): Gemini CLI's top-level `decision`
 * (`allow | deny | block | ask`) and `reason`, and its `hookSpecificOutput`
 * fields, become the fields of the same meaning (`permissionDecision`,
 * `updatedInput`, ...). A field the agent does not read, or that no effect
 * carries out yet, is dropped with a `discarded-field` Diagnostic that names
 * the path the author wrote. Pure.
 *
 * @since 0.5.0
 */
import type { EffectOf } from "../effects/hook-effect.ts"
import {
  BlockModelRequest,
  ChainToolCall,
  ClearContext,
  Diagnostic,
  RestrictTools,
  SyntheticModelResponse,
  UpdateModelRequest,
  UpdateModelResponse
} from "../effects/hook-effect.ts"
import { agentEventName } from "./dialect-events.ts"
import type { HookEvent } from "./events.ts"
import { describeValue, jsonPath } from "./read-output.ts"

/**
 * An effect an agent's answer asks for that Claude Code's vocabulary has no
 * field for: the translation gives it directly, beside the JSON.
 *
 * @category models
 * @since 0.5.0
 */
export type AgentOnlyEffect = EffectOf<
  | "ChainToolCall"
  | "ClearContext"
  | "SetEnv"
  | "ReplaceSubagentResponse"
  | "ReplacePrompt"
  | "BlockModelRequest"
  | "UpdateModelRequest"
  | "SyntheticModelResponse"
  | "UpdateModelResponse"
  | "RestrictTools"
>

/**
 * A translated answer: the JSON `readOutput` reads, what was dropped, and the
 * effects only the agent's vocabulary can ask for.
 *
 * @category models
 * @since 0.5.0
 */
export interface TranslatedAnswer {
  readonly json: { readonly [key: string]: unknown }
  readonly diagnostics: ReadonlyArray<EffectOf<"Diagnostic">>
  readonly effects?: ReadonlyArray<AgentOnlyEffect>
}

type Json = { readonly [key: string]: unknown }

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

/** Events where Gemini CLI ignores `continue` (they cannot stop the agent). */
const geminiIgnoresContinue: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "SessionStart",
  "SessionEnd",
  "PreCompact",
  "Notification",
  "PreToolSelection"
])

/** Claude Code's fields, which Gemini CLI does not read: a hook written for Claude Code answers in them. */
const claudeCodeFields: ReadonlySet<string> = new Set([
  "permissionDecision",
  "permissionDecisionReason",
  "updatedInput",
  "updatedToolOutput",
  "updatedMCPToolOutput",
  "decision"
])

/** Where Gemini CLI reads `hookSpecificOutput.additionalContext`. */
const geminiContextEvents: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "PostToolUse",
  "UserPromptSubmit",
  "SessionStart"
])

/**
 * Gemini CLI's framing of a hook's context: `<hook_context>...</hook_context>`, with `<` and `>` in the text
 * escaped, so a hook's text cannot close the frame or open another tag.
 */
const hookContext = (text: string): string =>
  `<hook_context>${text.replaceAll("<", "&lt;").replaceAll(">", "&gt;")}</hook_context>`

const dropped = (path: string, why: string): EffectOf<"Diagnostic"> =>
  Diagnostic({ code: "discarded-field", message: `${path}: ${why}; it was read and discarded.` })

/**
 * Translate a Gemini CLI hook's JSON answer for `event`.
 *
 * **Details** (Gemini CLI's hookRunner, hook-utils and types, as
 * ARCHITECTURE section 5.3 records them)
 *
 * - `decision: "deny" | "block"`: BeforeTool blocks the tool
 *   (`permissionDecision: "deny"`, the reason for the model); AfterTool
 *   replaces the tool's result with `Tool result blocked: <reason>`;
 *   BeforeAgent blocks the prompt and AfterAgent sends the reason back to the
 *   model (`decision: "block"`). Other events ignore it.
 * - `decision: "ask"` (BeforeTool): the user is asked, with `systemMessage`
 *   as the question.
 * - `decision: "allow" | "approve"`: nothing (Gemini CLI's policy still
 *   decides), so no `AllowTool`.
 * - `continue: false` stops the agent with `stopReason`, else `reason`; it
 *   is ignored on SessionStart, SessionEnd, PreCompress and Notification.
 * - `hookSpecificOutput.tool_input` replaces the tool's input;
 *   `additionalContext` is context on AfterTool, BeforeAgent and
 *   SessionStart.
 *
 * **Example** (A BeforeTool deny)
 *
 * ```ts
 * translateGeminiAnswer("PreToolUse", { decision: "deny", reason: "no rm -rf" }).json
 * // => { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no rm -rf" } }
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
// long: one row per field of Gemini CLI's answer, in the order its documentation lists them
export const translateGeminiAnswer = (event: HookEvent, answer: Json): TranslatedAnswer => {
  const agentName = agentEventName("gemini-cli", event)
  const diagnostics: Array<EffectOf<"Diagnostic">> = []
  // Own data properties only: a "__proto__" key stays a key (reported as unknown), never a prototype.
  const json: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  const specific: Record<string, unknown> = {}
  const effects: Array<AgentOnlyEffect> = []
  const reason = typeof answer["reason"] === "string" ? answer["reason"] : undefined
  for (const [key, value] of Object.entries(answer)) {
    switch (key) {
      case "decision":
      case "reason":
        break
      case "continue":
        if (geminiIgnoresContinue.has(event)) {
          if (value !== true)
            diagnostics.push(
              dropped(
                "$.continue",
                `${agentName} hooks cannot stop Gemini CLI; continue (${JSON.stringify(value)}) is ignored`
              )
            )
        } else json[key] = value
        break
      case "hookSpecificOutput":
        if (!isObject(value)) json[key] = value
        else translateSpecific(event, agentName, value, { specific, effects, diagnostics }, answer["decision"])
        break
      default:
        json[key] = value
    }
  }
  if (json["continue"] === false && json["stopReason"] === undefined && reason !== undefined)
    json["stopReason"] = reason
  const decision = answer["decision"]
  if (decision !== undefined)
    translateDecision(event, agentName, decision, reason, answer, { json, specific, effects, diagnostics })
  if (Object.keys(specific).length > 0) json["hookSpecificOutput"] = { hookEventName: event, ...specific }
  return { json: { ...json }, diagnostics, ...(effects.length === 0 ? {} : { effects }) }
}

// long: one row per decision and event of Gemini CLI's hook-utils, in its order
const translateDecision = (
  event: HookEvent,
  agentName: string,
  decision: unknown,
  reason: string | undefined,
  answer: Json,
  target: SpecificTarget & { readonly json: Record<string, unknown> }
): void => {
  const { json, specific, diagnostics } = target
  if (decision === "allow" || decision === "approve") {
    // Not an approval: Gemini CLI's policy engine and confirmation still decide (no AllowTool).
    diagnostics.push(
      dropped(
        "$.decision",
        `"${decision}" approves nothing in Gemini CLI (its policy still decides whether to ask), so it is not an AllowTool`
      )
    )
    return
  }
  if (decision === "deny" || decision === "block") {
    const text = reason ?? `Blocked by a ${agentName} hook.`
    switch (event) {
      case "PreToolUse":
        specific["permissionDecision"] = "deny"
        specific["permissionDecisionReason"] = text
        return
      case "PostToolUse":
        specific["updatedToolOutput"] = `Tool result blocked: ${text}`
        return
      case "UserPromptSubmit":
      case "Stop":
        json["decision"] = "block"
        json["reason"] = text
        return
      case "PreModelRequest":
      case "PostModelResponse": {
        target.effects.push(BlockModelRequest({ reason: text }))
        // BeforeModel: a synthetic llm_response given with the deny is the model's answer.
        const specificOutput = answer["hookSpecificOutput"]
        const response = isObject(specificOutput) ? specificOutput["llm_response"] : undefined
        if (event === "PreModelRequest" && response !== undefined) {
          if (isModelResponse(response)) target.effects.push(SyntheticModelResponse({ response: { ...response } }))
          else diagnostics.push(invalid("$.hookSpecificOutput.llm_response", modelResponseShape, response))
        }
        return
      }
      default:
        diagnostics.push(
          dropped("$.decision", `${agentName} hooks cannot block in Gemini CLI; the decision is ignored`)
        )
        return
    }
  }
  if (decision === "ask") {
    if (event !== "PreToolUse") {
      diagnostics.push(dropped("$.decision", `"ask" is read only on BeforeTool`))
      return
    }
    specific["permissionDecision"] = "ask"
    const question = typeof answer["systemMessage"] === "string" ? answer["systemMessage"] : reason
    if (question !== undefined) specific["permissionDecisionReason"] = question
    return
  }
  diagnostics.push(
    Diagnostic({
      code: "invalid-field",
      message: `$.decision: expected "allow", "deny", "block" or "ask", found ${JSON.stringify(decision)}; it was ignored.`
    })
  )
}

/** Where the translation of `hookSpecificOutput` puts what it read. */
interface SpecificTarget {
  readonly specific: Record<string, unknown>
  readonly effects: Array<AgentOnlyEffect>
  readonly diagnostics: Array<EffectOf<"Diagnostic">>
}

/**
 * A field of the wrong type in an agent's answer: reported at its path, and ignored.
 *
 * @category translation
 * @since 0.5.0
 */
export const invalid = (path: string, expected: string, value: unknown): EffectOf<"Diagnostic"> =>
  Diagnostic({
    code: "invalid-field",
    message: `${path}: expected ${expected}, found ${describeValue(value)}; it was ignored.`
  })

const modelResponseShape = 'a model response {"candidates": [{"content": {"role": "model", "parts": [...]}}]}'

/** A model response in Gemini CLI's hook shape: an object whose `candidates` is a non-empty array. */
const isModelResponse = (value: unknown): value is Json =>
  isObject(value) && Array.isArray(value["candidates"]) && value["candidates"].length > 0

/** BeforeToolSelection's `toolConfig: {mode?, allowedFunctionNames?}` (Gemini's `mode` defaults to AUTO). */
const toolRestriction = (path: string, value: unknown, target: SpecificTarget): void => {
  const mode = isObject(value) ? (value["mode"] ?? "AUTO") : undefined
  const names = isObject(value) ? value["allowedFunctionNames"] : undefined
  if (
    (mode === "AUTO" || mode === "ANY" || mode === "NONE") &&
    (names === undefined || (Array.isArray(names) && names.every((n) => typeof n === "string")))
  )
    target.effects.push(RestrictTools({ mode, allowedFunctionNames: names as ReadonlyArray<string> | undefined }))
  else
    target.diagnostics.push(
      invalid(path, 'an object {"mode": "AUTO" | "ANY" | "NONE", "allowedFunctionNames": ["<tool>", ...]}', value)
    )
}

/** Where each model-level field is read, and what it becomes. */
const modelFields: {
  readonly [field: string]: {
    readonly on: HookEvent
    readonly read: (path: string, value: unknown, target: SpecificTarget) => void
  }
} = {
  llm_request: {
    on: "PreModelRequest",
    read: (path, value, target) =>
      isObject(value)
        ? target.effects.push(UpdateModelRequest({ request: { ...value } }))
        : target.diagnostics.push(invalid(path, "an object (fields of the model request)", value))
  },
  llm_response: {
    on: "PostModelResponse",
    read: (path, value, target) =>
      isModelResponse(value)
        ? target.effects.push(UpdateModelResponse({ response: { ...value } }))
        : target.diagnostics.push(invalid(path, modelResponseShape, value))
  },
  toolConfig: { on: "PreToolSelection", read: toolRestriction }
}

/** AfterTool's `tailToolCallRequest: {name, args}`: the tool the agent calls next. */
const tailToolCall = (path: string, value: unknown, target: SpecificTarget): void => {
  const name = isObject(value) ? value["name"] : undefined
  const args = isObject(value) ? (value["args"] ?? {}) : undefined
  if (typeof name === "string" && name.length > 0 && isObject(args))
    target.effects.push(ChainToolCall({ name, args: { ...args } }))
  else target.diagnostics.push(invalid(path, 'an object {"name": "<tool>", "args": {...}}', value))
}

// long: one row per hookSpecificOutput field, each with the event Gemini CLI reads it on
const translateSpecific = (
  event: HookEvent,
  agentName: string,
  value: Json,
  target: SpecificTarget,
  decision: unknown
): void => {
  const { specific, diagnostics } = target
  for (const [field, fieldValue] of Object.entries(value)) {
    const path = `$.hookSpecificOutput.${field}`
    if (field === "hookEventName") continue
    if (field === "tailToolCallRequest" || field === "clearContext") {
      const on: HookEvent = field === "tailToolCallRequest" ? "PostToolUse" : "Stop"
      if (event !== on)
        diagnostics.push(dropped(path, `Gemini CLI reads it only on ${agentEventName("gemini-cli", on)}`))
      else if (field === "tailToolCallRequest") tailToolCall(path, fieldValue, target)
      else if (typeof fieldValue !== "boolean") diagnostics.push(invalid(path, "true or false", fieldValue))
      else if (fieldValue) target.effects.push(ClearContext())
      continue
    }
    const model = Object.hasOwn(modelFields, field) ? modelFields[field] : undefined
    if (model !== undefined) {
      // BeforeModel's llm_response is read with a deny only (translateDecision).
      if (field === "llm_response" && event === "PreModelRequest") {
        if (decision !== "deny" && decision !== "block")
          diagnostics.push(dropped(path, "Gemini CLI reads it on BeforeModel only with a deny"))
      } else if (event !== model.on)
        diagnostics.push(dropped(path, `Gemini CLI reads it only on ${agentEventName("gemini-cli", model.on)}`))
      else model.read(path, fieldValue, target)
      continue
    }
    if (field === "tool_input" && event === "PreToolUse") specific["updatedInput"] = fieldValue
    else if (field === "additionalContext" && geminiContextEvents.has(event))
      specific["additionalContext"] = typeof fieldValue === "string" ? hookContext(fieldValue) : fieldValue
    else if (claudeCodeFields.has(field))
      diagnostics.push(
        dropped(
          path,
          `a Claude Code field, which Gemini CLI does not read (it reads a top-level "decision": "deny" with "reason", and hookSpecificOutput.tool_input)`
        )
      )
    else diagnostics.push(dropped(path, `${agentName} hooks have no such field in Gemini CLI`))
  }
}

// ====== Codex CLI: the strict wire ======

/**
 * One reason a strict wire rejects an answer: the JSON path and what is wrong with it.
 *
 * @category models
 * @since 0.5.0
 */
export interface WireProblem {
  readonly path: string
  readonly problem: string
}

/** What Codex CLI's output struct of an event accepts: top-level keys and `hookSpecificOutput` keys. */
interface WireRow {
  readonly top: ReadonlyArray<string>
  readonly specific: ReadonlyArray<string>
}

const common = ["continue", "stopReason", "suppressOutput", "systemMessage"]

/** Codex CLI's output structs (its `deny_unknown_fields` schemas), by event. */
const codexWire: { readonly [event: string]: WireRow } = {
  PreToolUse: {
    top: ["continue", "systemMessage", "decision", "reason", "hookSpecificOutput"],
    specific: ["hookEventName", "permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"]
  },
  PermissionRequest: {
    top: ["continue", "systemMessage", "hookSpecificOutput"],
    specific: ["hookEventName", "decision"]
  },
  PostToolUse: {
    top: ["continue", "stopReason", "systemMessage", "decision", "reason", "hookSpecificOutput"],
    specific: ["hookEventName", "additionalContext"]
  },
  UserPromptSubmit: {
    top: [...common, "decision", "reason", "hookSpecificOutput"],
    specific: ["hookEventName", "additionalContext"]
  },
  Stop: { top: [...common, "decision", "reason"], specific: [] },
  SubagentStop: { top: [...common, "decision", "reason"], specific: [] },
  SessionStart: { top: [...common, "hookSpecificOutput"], specific: ["hookEventName", "additionalContext"] },
  SubagentStart: { top: [...common, "hookSpecificOutput"], specific: ["hookEventName", "additionalContext"] },
  PreCompact: { top: common, specific: [] },
  PostCompact: { top: common, specific: [] },
  SessionEnd: { top: common, specific: [] },
  // Interrupt (0.155): a message only; the interrupt cannot be prevented (X-155 2.1).
  Interrupt: { top: ["systemMessage"], specific: [] }
}

/** The type each field of Codex CLI's output structs deserialises into. */
const wireTypes: { readonly [path: string]: { readonly name: string; readonly test: (value: unknown) => boolean } } = {
  continue: { name: "true or false", test: (v) => typeof v === "boolean" },
  suppressOutput: { name: "true or false", test: (v) => typeof v === "boolean" },
  stopReason: { name: "a string", test: (v) => typeof v === "string" },
  systemMessage: { name: "a string", test: (v) => typeof v === "string" },
  reason: { name: "a string", test: (v) => typeof v === "string" },
  decision: { name: "a string", test: (v) => typeof v === "string" },
  "hookSpecificOutput.hookEventName": { name: "a string", test: (v) => typeof v === "string" },
  "hookSpecificOutput.permissionDecision": { name: "a string", test: (v) => typeof v === "string" },
  "hookSpecificOutput.permissionDecisionReason": { name: "a string", test: (v) => typeof v === "string" },
  "hookSpecificOutput.additionalContext": { name: "a string", test: (v) => typeof v === "string" },
  "hookSpecificOutput.updatedInput": { name: "an object", test: isObject }
}

const nonEmpty = (value: unknown): boolean => typeof value === "string" && value.trim().length > 0

/**
 * What Codex CLI's strict wire rejects in a JSON answer for `event`: an unknown key anywhere, a key the
 * event's struct does not have, and the combinations its parser refuses (`ask`, `allow` without
 * `updatedInput`, a block without a reason, `continue: false` where a decision is expected, ...). An empty
 * list: the answer is read as Claude Code's. Events Codex CLI does not have are not checked.
 *
 * **Example** (A deny with an extra field)
 *
 * ```ts
 * strictWireProblems("PreToolUse", { decision: "block", reason: "no", note: "x" })
 * // => [{ path: "$.note", problem: "PreToolUse answers have no such field in Codex CLI, which rejects the whole answer" }]
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
// long: Codex CLI's output parser, one check per rule its tests name
export const strictWireProblems = (event: HookEvent, answer: Json): ReadonlyArray<WireProblem> => {
  const row = codexWire[event]
  if (row === undefined) return []
  const problems: Array<WireProblem> = []
  const reject = (path: string, problem: string) => problems.push({ path, problem })
  for (const key of Object.keys(answer))
    if (!row.top.includes(key))
      reject(jsonPath([key]), `${event} answers have no such field in Codex CLI, which rejects the whole answer`)
  const specific = answer["hookSpecificOutput"]
  if (specific !== undefined) {
    if (!isObject(specific)) reject("$.hookSpecificOutput", "expected an object")
    else
      for (const key of Object.keys(specific))
        if (!row.specific.includes(key))
          reject(jsonPath(["hookSpecificOutput", key]), `${event} has no such hookSpecificOutput field in Codex CLI`)
  }
  const hso = isObject(specific) ? specific : {}
  // Codex deserialises each field into its type: a value of another type fails the whole answer.
  for (const [path, value] of [
    ...Object.entries(answer).map(([key, value]) => [[key], value] as const),
    ...Object.entries(hso).map(([key, value]) => [["hookSpecificOutput", key], value] as const)
  ]) {
    const key = path.join(".")
    const expected = Object.hasOwn(wireTypes, key) ? wireTypes[key] : undefined
    if (expected !== undefined && value !== undefined && !expected.test(value))
      reject(
        jsonPath(path),
        `expected ${expected.name}, found ${describeValue(value)}; Codex CLI rejects the whole answer`
      )
  }
  const decision = answer["decision"]
  if (decision !== undefined && decision !== "block")
    reject("$.decision", `Codex CLI accepts only "block" here, not ${JSON.stringify(decision)}`)
  if (decision === "block" && !nonEmpty(answer["reason"]))
    reject("$.reason", `a block needs a non-empty reason in Codex CLI`)
  if (decision === undefined && answer["reason"] !== undefined && answer["continue"] !== false)
    reject("$.reason", `a reason without a decision is rejected by Codex CLI`)
  if (event === "PreToolUse" || event === "PermissionRequest") {
    if (answer["continue"] === false) reject("$.continue", `continue: false is not accepted on ${event} in Codex CLI`)
    if (event === "PreToolUse") {
      const permission = hso["permissionDecision"]
      if (permission !== undefined && permission !== "allow" && permission !== "deny")
        reject(
          "$.hookSpecificOutput.permissionDecision",
          `Codex CLI accepts "allow" (with updatedInput) or "deny", not ${JSON.stringify(permission)}`
        )
      if (permission === "allow" && hso["updatedInput"] === undefined)
        reject("$.hookSpecificOutput.permissionDecision", `"allow" is accepted only with updatedInput in Codex CLI`)
      if (hso["updatedInput"] !== undefined && permission !== "allow")
        reject("$.hookSpecificOutput.updatedInput", `updatedInput is accepted only with permissionDecision "allow"`)
      if (permission === "deny" && !nonEmpty(hso["permissionDecisionReason"]))
        reject("$.hookSpecificOutput.permissionDecisionReason", `a deny needs a non-empty reason in Codex CLI`)
      if (permission === undefined && hso["permissionDecisionReason"] !== undefined)
        reject("$.hookSpecificOutput.permissionDecisionReason", `a reason without a permissionDecision is rejected`)
    } else {
      const verdict = hso["decision"]
      if (verdict !== undefined) {
        if (!isObject(verdict)) reject("$.hookSpecificOutput.decision", "expected an object")
        else {
          for (const key of Object.keys(verdict))
            if (key !== "behavior" && key !== "message")
              reject(
                jsonPath(["hookSpecificOutput", "decision", key]),
                `Codex CLI's PermissionRequest accepts only behavior and message (it rejects ${key})`
              )
          if (verdict["behavior"] !== "allow" && verdict["behavior"] !== "deny")
            reject("$.hookSpecificOutput.decision.behavior", `expected "allow" or "deny"`)
        }
      }
    }
  }
  return problems
}

/**
 * A Codex CLI answer in the vocabulary `readOutput` reads: the same fields as Claude Code's, except that
 * a PreToolUse `permissionDecision: "allow"` only carries its `updatedInput` (Codex rewrites the input and
 * its own approval still decides: no `AllowTool`). Checked by `strictWireProblems` first.
 *
 * @category translation
 * @since 0.5.0
 */
export const translateCodexAnswer = (event: HookEvent, answer: Json): TranslatedAnswer => {
  if (event === "SubagentStart" && "continue" in answer) {
    // Codex CLI ignores continue on SubagentStart: the subagent starts.
    const { continue: ignored, stopReason: _reason, ...rest } = answer
    return {
      json: rest,
      diagnostics:
        ignored === true
          ? []
          : [
              dropped(
                "$.continue",
                `SubagentStart hooks cannot stop Codex CLI; continue (${JSON.stringify(ignored)}) is ignored`
              )
            ]
    }
  }
  const specific = answer["hookSpecificOutput"]
  if (event !== "PreToolUse" || !isObject(specific) || specific["permissionDecision"] !== "allow")
    return { json: answer, diagnostics: [] }
  const { permissionDecision: _allow, ...rest } = specific
  return { json: { ...answer, hookSpecificOutput: rest }, diagnostics: [] }
}
