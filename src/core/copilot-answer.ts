/**
 * GitHub Copilot's answer vocabulary (ARCHITECTURE section 5.3.4), translated
 * into the one `readOutput` reads: the top-level `permissionDecision`,
 * `permissionDecisionReason` and `modifiedArgs` of preToolUse,
 * `modifiedResult` and `additionalContext` of postToolUse, `behavior`,
 * `message` and `interrupt` of permissionRequest, `decision` and `reason` of
 * agentStop and subagentStop, `additionalContext` of sessionStart,
 * subagentStart and postToolUseFailure. The hooks configured under Claude
 * Code's PascalCase names answer as Claude Code's do (Copilot's "VS Code
 * compatible" hooks) and are not translated. Also Copilot's reading of
 * stdout: progress lines removed, the rest one `JSON.parse`. Pure.
 *
 * @since 0.5.0
 */
import type { EffectOf } from "../effects/hook-effect.ts"
import { Diagnostic, ReplacePrompt, ReplaceSubagentResponse } from "../effects/hook-effect.ts"
import type { AgentOnlyEffect } from "./dialect-answers.ts"
import type { AgentEvent } from "./dialect-events.ts"
import { jsonPath } from "./read-output.ts"

type Json = { readonly [key: string]: unknown }

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * A translated Copilot answer: the JSON `readOutput` reads and what was dropped.
 *
 * @category models
 * @since 0.5.0
 */
export interface TranslatedCopilotAnswer {
  readonly json: Json
  readonly diagnostics: ReadonlyArray<EffectOf<"Diagnostic">>
  readonly effects?: ReadonlyArray<AgentOnlyEffect>
}

/** The fields Copilot reads, by camelCase event (K §Hook events, §Decision control). */
const readFields: { readonly [event: string]: ReadonlyArray<string> } = {
  preToolUse: ["permissionDecision", "permissionDecisionReason", "modifiedArgs"],
  postToolUse: ["modifiedResult", "additionalContext"],
  postToolUseFailure: ["additionalContext"],
  permissionRequest: ["behavior", "message", "interrupt"],
  agentStop: ["decision", "reason"],
  subagentStop: ["decision", "reason", "modifiedResponse"],
  userPromptTransformed: ["modifiedTransformedPrompt"],
  sessionStart: ["additionalContext"],
  subagentStart: ["additionalContext"]
}

/** Fields Copilot reads that no effect carries out yet. */
const notCarriedOut: { readonly [field: string]: string } = {
  modifiedPrompt: "Copilot reads it from SDK hooks only, never from a command or http hook"
}

/** A text field whose value is not a string: reported at its path and ignored. */
const notText = (key: string, value: unknown): EffectOf<"Diagnostic"> =>
  Diagnostic({
    code: "invalid-field",
    message: `${jsonPath([key])}: expected a string, found ${JSON.stringify(value) ?? String(value)}; it was ignored.`
  })

const dropped = (path: string, why: string): EffectOf<"Diagnostic"> =>
  Diagnostic({ code: "discarded-field", message: `${path}: ${why}; it was read and discarded.` })

/**
 * Translate a Copilot hook's JSON answer for one of its camelCase events.
 *
 * **Details** (GitHub's hooks reference, as ARCHITECTURE 5.3.4 records it)
 *
 * - preToolUse: `permissionDecision` (`allow | deny | ask`) with
 *   `permissionDecisionReason`; `modifiedArgs` replaces the tool's arguments
 *   (and approves nothing by itself).
 * - postToolUse: `modifiedResult.textResultForLlm` replaces what the model
 *   reads; `additionalContext` is context after the output.
 * - permissionRequest: `behavior` (`allow | deny`), `message`, and
 *   `interrupt` (with a deny, the agent stops).
 * - agentStop, subagentStop: `decision: "block"` with `reason` sends the
 *   agent back to work; subagentStop's `modifiedResponse` is what the parent
 *   agent reads as the subagent's answer (a block wins over it).
 * - userPromptTransformed: `modifiedTransformedPrompt` is what the model reads
 *   instead of the prompt Copilot built (the screen keeps the user's).
 * - sessionStart, subagentStart, postToolUseFailure: `additionalContext`.
 * - Everything else (userPromptSubmitted's command-hook output included) is
 *   discarded, each field with a `discarded-field` Diagnostic.
 *
 * **Example** (A preToolUse deny)
 *
 * ```ts
 * translateCopilotAnswer(row("preToolUse"), { permissionDecision: "deny", permissionDecisionReason: "no" }).json
 * // => { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } }
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
// long: one row per field of Copilot's answer, in the order its reference lists them
export const translateCopilotAnswer = (agentEvent: AgentEvent, answer: Json): TranslatedCopilotAnswer => {
  const name = agentEvent.name
  const reads = readFields[name] ?? []
  const diagnostics: Array<EffectOf<"Diagnostic">> = []
  const json: Record<string, unknown> = {}
  const specific: Record<string, unknown> = {}
  const effects: Array<AgentOnlyEffect> = []
  for (const [key, value] of Object.entries(answer)) {
    if (!reads.includes(key)) {
      diagnostics.push(
        dropped(
          jsonPath([key]),
          Object.hasOwn(notCarriedOut, key)
            ? (notCarriedOut[key] ?? "")
            : name === "userPromptSubmitted"
              ? "Copilot drops what a command hook answers on userPromptSubmitted (it cannot block or change a prompt)"
              : `Copilot's ${name} answers have no such field`
        )
      )
      continue
    }
    switch (key) {
      case "permissionDecision":
        specific["permissionDecision"] = value
        break
      case "permissionDecisionReason":
        specific["permissionDecisionReason"] = value
        break
      case "modifiedArgs":
        specific["updatedInput"] = value
        break
      case "modifiedResult":
        if (isObject(value) && typeof value["textResultForLlm"] === "string")
          specific["updatedToolOutput"] = value["textResultForLlm"]
        else
          diagnostics.push(
            Diagnostic({
              code: "invalid-field",
              message: `$.modifiedResult: expected {"resultType": "success", "textResultForLlm": "..."}, found ${JSON.stringify(value) ?? String(value)}; it was ignored.`
            })
          )
        break
      case "additionalContext":
        specific["additionalContext"] = value
        break
      case "decision":
        if (value === "block") json["decision"] = "block"
        else if (value !== "allow")
          diagnostics.push(
            Diagnostic({
              code: "invalid-field",
              message: `$.decision: expected "block" or "allow", found ${JSON.stringify(value) ?? String(value)}; it was ignored.`
            })
          )
        break
      case "reason":
        if (answer["decision"] === "block") json["reason"] = value
        break
      case "modifiedTransformedPrompt":
        if (typeof value === "string") effects.push(ReplacePrompt({ text: value }))
        else diagnostics.push(notText(key, value))
        break
      case "modifiedResponse":
        if (typeof value !== "string") diagnostics.push(notText(key, value))
        else if (answer["decision"] === "block")
          diagnostics.push(dropped("$.modifiedResponse", `a block wins over it: the subagent goes on working`))
        else effects.push(ReplaceSubagentResponse({ text: value }))
        break
      case "behavior":
      case "message":
      case "interrupt":
        break
    }
  }
  if (name === "permissionRequest" && "behavior" in answer) {
    const verdict: Record<string, unknown> = { behavior: answer["behavior"] }
    if ("message" in answer) verdict["message"] = answer["message"]
    if ("interrupt" in answer) verdict["interrupt"] = answer["interrupt"]
    specific["decision"] = verdict
  }
  if (Object.keys(specific).length > 0) json["hookSpecificOutput"] = { hookEventName: agentEvent.event, ...specific }
  return { json, diagnostics, ...(effects.length === 0 ? {} : { effects }) }
}

/** Whether a line is one JSON object whose `type` is `"progress"`. */
const isProgressLine = (line: string): boolean => {
  const trimmed = line.trim()
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return false
  try {
    const value: unknown = JSON.parse(trimmed)
    return isObject(value) && value["type"] === "progress"
  } catch {
    return false
  }
}

/**
 * Copilot's reading of a hook's stdout: the lines that are one JSON object
 * with `"type": "progress"` are progress messages and removed; the rest,
 * trimmed, is one `JSON.parse`. `Json` when that is an object; `NoOutput`
 * when nothing is left, or it is not one JSON object (two objects, a log
 * line before the JSON, plain text): Copilot then does what it does without
 * an answer.
 *
 * **Example**
 *
 * ```ts
 * copilotStdout('{"type":"progress","message":"checking"}\n{"permissionDecision":"deny"}')
 * // => { _tag: "Json", value: { permissionDecision: "deny" }, text: '{"permissionDecision":"deny"}', progressLines: 1 }
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
export const copilotStdout = (
  stdout: string
):
  | { readonly _tag: "Json"; readonly value: Json; readonly text: string; readonly progressLines: number }
  | { readonly _tag: "NoOutput"; readonly text: string; readonly progressLines: number } => {
  const lines = stdout.split("\n")
  const kept = lines.filter((line) => !isProgressLine(line))
  const progressLines = lines.length - kept.length
  const text = kept.join("\n").trim()
  if (text.length === 0) return { _tag: "NoOutput", text, progressLines }
  try {
    const value: unknown = JSON.parse(text)
    return isObject(value) ? { _tag: "Json", value, text, progressLines } : { _tag: "NoOutput", text, progressLines }
  } catch {
    return { _tag: "NoOutput", text, progressLines }
  }
}
