/**
 * Cursor's answer vocabulary (ARCHITECTURE section 5.3.3), translated into
 * the one `readOutput` reads: `permission` with `agent_message` (for the
 * model) and `user_message` (for the user), `updated_input`,
 * `additional_context`, `updated_mcp_tool_output`, `followup_message`, and
 * `continue: false` on `beforeSubmitPrompt`. The first hooks page spelt the
 * messages in camelCase (`agentMessage`, `userMessage`); both are read. Pure.
 *
 * @since 0.5.0
 */
import type { EffectOf } from "../effects/hook-effect.ts"
import { Diagnostic, SetEnv } from "../effects/hook-effect.ts"
import type { AgentOnlyEffect } from "./dialect-answers.ts"
import { invalid } from "./dialect-answers.ts"
import type { AgentEvent } from "./dialect-events.ts"
import { describeValue, jsonPath } from "./read-output.ts"

type Json = { readonly [key: string]: unknown }

/**
 * A translated Cursor answer: the JSON `readOutput` reads, what was dropped
 * or said about it, and `blocks`, the reason when the answer refuses an
 * action that JSON cannot refuse (a subagent's start): `decide` takes the
 * event's blocking row with it.
 *
 * @category models
 * @since 0.5.0
 */
export interface TranslatedCursorAnswer {
  readonly json: Json
  readonly diagnostics: ReadonlyArray<EffectOf<"Diagnostic">>
  readonly effects?: ReadonlyArray<AgentOnlyEffect>
  readonly blocks?: string
}

/** Where Cursor reads `permission` (R §4.4): the before-events and subagentStart. */
const permissionEvents: ReadonlySet<string> = new Set([
  "preToolUse",
  "beforeShellExecution",
  "beforeMCPExecution",
  "beforeReadFile",
  "beforeTabFileRead",
  "subagentStart"
])

/** Where Cursor documents `ask` as accepted but not enforced. */
const askNotEnforced: ReadonlySet<string> = new Set(["preToolUse"])

/** Where `additional_context` is context for the model. */
const contextEvents: ReadonlySet<string> = new Set(["postToolUse", "sessionStart"])

/** Where `followup_message` asks for another turn. */
const followupEvents: ReadonlySet<string> = new Set(["stop", "subagentStop"])

/** Where `user_message` is shown (the events whose answer Cursor reads; sessionStart accepts it and shows nothing). */
const userMessageEvents: ReadonlySet<string> = new Set([...permissionEvents, "beforeSubmitPrompt", "preCompact"])

/** A name a process environment can hold. */
const envName = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * sessionStart's `env`: variables for the session's later hooks. A value that is not a string, or a name no
 * environment can hold, is reported at its own path and left out.
 */
const sessionEnv = (env: Json, diagnostics: Array<EffectOf<"Diagnostic">>): ReadonlyArray<EffectOf<"SetEnv">> => {
  const variables: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    const path = jsonPath(["env", name])
    if (!envName.test(name))
      diagnostics.push(
        Diagnostic({
          code: "invalid-field",
          message: `${path}: not a variable name (letters, digits and _, not starting with a digit); it was ignored.`
        })
      )
    else if (typeof value !== "string") diagnostics.push(invalid(path, "a string", value))
    else variables[name] = value
  }
  return Object.keys(variables).length === 0 ? [] : [SetEnv({ variables })]
}

const dropped = (path: string, why: string): EffectOf<"Diagnostic"> =>
  Diagnostic({ code: "discarded-field", message: `${path}: ${why}; it was read and discarded.` })

/** The first of the spellings present, with its key. */
const spelt = (
  answer: Json,
  ...keys: ReadonlyArray<string>
): { readonly key: string; readonly value: unknown } | undefined => {
  for (const key of keys) if (Object.hasOwn(answer, key)) return { key, value: answer[key] }
  return undefined
}

const textOf = (field: { readonly value: unknown } | undefined): string | undefined =>
  typeof field?.value === "string" && field.value.length > 0 ? field.value : undefined

/** The types of Cursor's fields, and how an error names them. */
type FieldType = "text" | "object" | "boolean" | "permission" | "json"
const fieldTypes: { readonly [T in FieldType]: { readonly name: string; readonly test: (value: unknown) => boolean } } =
  {
    text: { name: "a string", test: (v) => typeof v === "string" },
    object: { name: "an object", test: (v) => typeof v === "object" && v !== null && !Array.isArray(v) },
    boolean: { name: "true or false", test: (v) => typeof v === "boolean" },
    permission: { name: '"allow", "deny" or "ask"', test: (v) => v === "allow" || v === "deny" || v === "ask" },
    json: { name: "a JSON value", test: (v) => v !== null && v !== undefined }
  }

/**
 * Translate a Cursor hook's JSON answer for one of its events.
 *
 * **Details** (Cursor's hooks documentation, as ARCHITECTURE 5.3.3 records it)
 *
 * - `permission: "deny"` blocks with `agent_message` as the reason the model
 *   reads and shows `user_message` to the user (`user_message` is the reason
 *   when there is no `agent_message`). On subagentStart `deny` and `ask`
 *   refuse the subagent (`blocks`).
 * - `permission: "ask"` asks the user, with `user_message` as the question;
 *   on preToolUse Cursor does not enforce it, wave-hooks does, and says so
 *   (`stricter-than-agent`).
 * - `permission: "allow"` approves; `updated_input` (preToolUse) replaces the
 *   tool's input.
 * - `additional_context` is context (postToolUse, sessionStart);
 *   `updated_mcp_tool_output` replaces an MCP tool's result (tool names
 *   `MCP:<tool>` only).
 * - `followup_message` (stop, subagentStop) sends the agent back to work.
 * - `continue: false` on beforeSubmitPrompt refuses the prompt, with
 *   `user_message` as the reason.
 * - `env` on sessionStart sets variables for the session's later hooks
 *   (`SetEnv`).
 * - Anything else is read and discarded, each with a `discarded-field`
 *   Diagnostic.
 *
 * **Example** (A beforeShellExecution deny)
 *
 * ```ts
 * translateCursorAnswer(row("beforeShellExecution"), { permission: "deny", agent_message: "no rm -rf" }).json
 * // => { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no rm -rf" } }
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
// long: one row per field of Cursor's answer, in the order its documentation lists them
export const translateCursorAnswer = (
  agentEvent: AgentEvent,
  answer: Json,
  toolName?: string
): TranslatedCursorAnswer => {
  const name = agentEvent.name
  const diagnostics: Array<EffectOf<"Diagnostic">> = []
  const json: Record<string, unknown> = {}
  const specific: Record<string, unknown> = {}
  const read = new Set<string>()
  /** The field under the first of its spellings; of the wrong type, reported where it was written and left out. */
  const take = (type: FieldType, ...keys: ReadonlyArray<string>) => {
    const field = spelt(answer, ...keys)
    for (const key of keys) if (Object.hasOwn(answer, key)) read.add(key)
    if (field === undefined || fieldTypes[type].test(field.value)) return field
    diagnostics.push(
      Diagnostic({
        code: "invalid-field",
        message: `${jsonPath([field.key])}: expected ${fieldTypes[type].name}, found ${describeValue(field.value)}; it was ignored.`
      })
    )
    return undefined
  }
  const agentField = take("text", "agent_message", "agentMessage")
  const agentMessage = textOf(agentField)
  const userField = take("text", "user_message", "userMessage")
  const userMessage = textOf(userField)
  let blocks: string | undefined
  let userMessageUsed = false
  let agentMessageUsed = false

  const permission = take("permission", "permission")
  if (permission !== undefined) {
    const value = permission.value
    if (!permissionEvents.has(name)) diagnostics.push(dropped("$.permission", `Cursor does not read it on ${name}`))
    else if (name === "subagentStart") {
      // Cursor: a subagent that is not allowed does not start, and ask counts as deny.
      if (value !== "allow") blocks = `A Cursor subagentStart hook refused the subagent (${String(value)}).`
    } else if (value === "ask") {
      // The question is the user's text; the model's text is not shown to the user.
      specific["permissionDecision"] = "ask"
      if (userMessage !== undefined) specific["permissionDecisionReason"] = userMessage
      userMessageUsed = userMessage !== undefined
      if (askNotEnforced.has(name))
        diagnostics.push(
          Diagnostic({
            code: "stricter-than-agent",
            message: `$.permission: Cursor accepts "ask" on ${name} but does not enforce it; wave-hooks asks the user, the safe side. Answer "deny" to refuse the call in Cursor too.`
          })
        )
    } else {
      specific["permissionDecision"] = value
      if (value === "deny") {
        const reason = agentMessage ?? userMessage
        if (reason !== undefined) specific["permissionDecisionReason"] = reason
        agentMessageUsed = agentMessage !== undefined
        userMessageUsed = agentMessage === undefined && userMessage !== undefined
      }
    }
  }

  const updatedInput = take("object", "updated_input", "updatedInput")
  if (updatedInput !== undefined) {
    if (name === "preToolUse") specific["updatedInput"] = updatedInput.value
    else diagnostics.push(dropped(jsonPath([updatedInput.key]), `Cursor reads it only on preToolUse, not on ${name}`))
  }

  const context = take("text", "additional_context", "additionalContext")
  if (context !== undefined) {
    if (contextEvents.has(name)) specific["additionalContext"] = context.value
    else diagnostics.push(dropped(jsonPath([context.key]), `Cursor reads it only on postToolUse and sessionStart`))
  }

  const mcpOutput = take("json", "updated_mcp_tool_output", "updatedMcpToolOutput")
  if (mcpOutput !== undefined) {
    if (name === "postToolUse" && toolName?.startsWith("MCP:") === true)
      specific["updatedMCPToolOutput"] = mcpOutput.value
    else
      diagnostics.push(
        dropped(
          jsonPath([mcpOutput.key]),
          `Cursor replaces only an MCP tool's result (tool names MCP:<tool>) on postToolUse${toolName === undefined ? "" : `, not ${toolName}'s`}`
        )
      )
  }

  const followup = take("text", "followup_message", "followupMessage")
  if (followup !== undefined) {
    const text = textOf(followup)
    if (!followupEvents.has(name))
      diagnostics.push(dropped(jsonPath([followup.key]), `Cursor reads it only on stop and subagentStop`))
    else if (text !== undefined) {
      json["decision"] = "block"
      json["reason"] = text
    }
  }

  const go = take("boolean", "continue")
  if (go !== undefined && go.value === false) {
    if (name === "beforeSubmitPrompt") {
      json["decision"] = "block"
      json["reason"] = userMessage ?? "A Cursor beforeSubmitPrompt hook refused the prompt."
      userMessageUsed = userMessage !== undefined
    } else
      diagnostics.push(
        dropped(
          "$.continue",
          `Cursor reads continue: false only on beforeSubmitPrompt (${name} accepts it and does not enforce it)`
        )
      )
  }

  if (userField !== undefined && !userMessageUsed) {
    if (userMessageEvents.has(name)) {
      if (userMessage !== undefined) json["systemMessage"] = userMessage
    } else diagnostics.push(dropped(jsonPath([userField.key]), `Cursor shows it on no ${name} answer`))
  }
  if (agentField !== undefined && !agentMessageUsed)
    diagnostics.push(
      dropped(
        jsonPath([agentField.key]),
        `Cursor gives it to the model only with a deny on ${[...permissionEvents].filter((e) => e !== "subagentStart").join(", ")}`
      )
    )

  const env = take("object", "env")
  const effects: ReadonlyArray<EffectOf<"SetEnv">> =
    env === undefined ? [] : name === "sessionStart" ? sessionEnv(env.value as Json, diagnostics) : []
  if (env !== undefined && name !== "sessionStart")
    diagnostics.push(dropped("$.env", `Cursor reads it only on sessionStart`))

  for (const key of Object.keys(answer)) {
    if (read.has(key)) continue
    diagnostics.push(dropped(jsonPath([key]), `Cursor's ${name} answers have no such field`))
  }
  if (Object.keys(specific).length > 0) json["hookSpecificOutput"] = { hookEventName: agentEvent.event, ...specific }
  return {
    json,
    diagnostics,
    ...(effects.length === 0 ? {} : { effects }),
    ...(blocks === undefined ? {} : { blocks })
  }
}
