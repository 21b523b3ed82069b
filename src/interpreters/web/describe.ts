/**
 * Words for the web page: what each effect is called, who sees its text, and
 * what an event's resolution means. Computed on the server, so the page and
 * its text rendering show the same words; the page only places them.
 *
 * @since 0.1.0
 */
import type { HookEvent } from "../../core/events.ts"
import type { Resolution } from "../resolution.ts"
import type { Audience } from "../../effects/audience.ts"
import { audienceOf } from "../../effects/audience.ts"
import type { HookEffect } from "../../effects/hook-effect.ts"

/**
 * How an effect is drawn: its colour family on the page.
 *
 * @category models
 * @since 0.1.0
 */
type Tone = "allow" | "ask" | "block" | "change" | "model" | "info" | "warning" | "error" | "note"

/**
 * One effect as the page shows it.
 *
 * @category models
 * @since 0.1.0
 */
export interface EffectView {
  readonly tag: HookEffect["_tag"]
  /** A short name, e.g. "Tool blocked". */
  readonly label: string
  readonly audience: Audience
  /** Who sees the text, in words, e.g. "the model is told". */
  readonly who: string
  /** The effect's text (hook-provided, untrusted), if it has one. */
  readonly text?: string
  readonly tone: Tone
}

const whoSees: { readonly [A in Audience]: string } = {
  user: "you see this",
  model: "the model is told",
  author: "for the hook's author",
  none: "no message"
}

const json = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)))

const view = (effect: HookEffect, label: string, tone: Tone, text: string | undefined): EffectView => {
  const audience = audienceOf(effect)
  return { tag: effect._tag, label, audience, who: whoSees[audience], tone, ...(text === undefined ? {} : { text }) }
}

/**
 * Describe one effect for the page.
 *
 * **Example** (A denied tool call)
 *
 * ```ts
 * describeEffect(BlockTool({ reason: "no" }))
 * // => { tag: "BlockTool", label: "Tool blocked", audience: "model", who: "the model is told", tone: "block", text: "no" }
 * ```
 *
 * @category describing
 * @since 0.1.0
 */
export const describeEffect = (effect: HookEffect): EffectView => {
  switch (effect._tag) {
    case "AllowTool":
      return view(effect, "Allowed by a hook (no question asked)", "allow", undefined)
    case "AskPermission":
      return view(effect, "Permission asked", "ask", effect.reason)
    case "BlockTool":
      return view(effect, "Tool blocked", "block", effect.reason)
    case "UpdateInput":
      return view(effect, "Tool input rewritten", "change", json(effect.input))
    case "UpdateToolOutput":
      return view(effect, "Tool output replaced", "change", json(effect.output))
    case "InjectContext":
      return view(effect, "Context added", "model", effect.text)
    case "PromptModel":
      return view(effect, "Feedback to the model", "model", effect.text)
    case "BlockPrompt":
      return view(effect, "Prompt blocked", "block", effect.reason)
    case "BlockStop":
      return view(effect, "Stop blocked, the agent goes on", "warning", effect.reason)
    case "BlockCompaction":
      return view(effect, "Compaction blocked", "warning", effect.reason)
    case "BlockAction":
      return view(effect, "Action blocked", "block", effect.reason)
    case "DeferTool":
      return view(effect, "Tool call deferred", "ask", effect.reason)
    case "AllowRetry":
      return view(effect, "The model may retry the denied call", "info", undefined)
    case "UpdatePermissions":
      return view(effect, "Permission rules updated", "change", json(effect.updates))
    case "ReplaceDisplay":
      return view(effect, "Display replaced", "change", effect.text)
    case "AnswerElicitation":
      return view(
        effect,
        `Elicitation answered (${effect.action})`,
        effect.action === "accept" ? "allow" : "block",
        effect.content === undefined ? undefined : json(effect.content)
      )
    case "SetWorktreePath":
      return view(effect, "Worktree path", "change", effect.path)
    case "SetSessionTitle":
      return view(effect, "Session title", "info", effect.title)
    case "SendUserMessage":
      return view(effect, "First user message", "model", effect.text)
    case "WatchPaths":
      return view(effect, "Watched paths", "change", effect.paths.join("\n"))
    case "ChainToolCall":
      return view(effect, `Next tool call: ${effect.name}`, "change", json(effect.args))
    case "ClearContext":
      return view(effect, "Model history cleared", "change", undefined)
    case "SetEnv":
      return view(effect, "Environment for later hooks", "change", json(effect.variables))
    case "ReplaceSubagentResponse":
      return view(effect, "Subagent's answer replaced", "model", effect.text)
    case "ReplacePrompt":
      return view(effect, "Prompt rewritten for the model", "model", effect.text)
    case "BlockModelRequest":
      return view(effect, "Model request blocked", "block", effect.reason)
    case "UpdateModelRequest":
      return view(effect, "Model request changed", "change", json(effect.request))
    case "SyntheticModelResponse":
      return view(effect, "Model answer given by a hook", "change", json(effect.response))
    case "UpdateModelResponse":
      return view(effect, "Model answer replaced", "change", json(effect.response))
    case "RestrictTools":
      return view(
        effect,
        `Tools restricted (${effect.mode})`,
        "change",
        effect.allowedFunctionNames === undefined ? undefined : effect.allowedFunctionNames.join(", ")
      )
    case "StopAgent":
      return view(effect, "Agent stopped", "block", effect.reason)
    case "ShowUser":
      return view(effect, `Message (${effect.level})`, effect.level, effect.text)
    case "Diagnostic":
      return view(effect, `Diagnostic [${effect.code}]`, "note", effect.message)
  }
}

const toolEvents: ReadonlyArray<HookEvent> = ["PreToolUse", "PermissionRequest"]

/**
 * What an event's resolution means, one sentence each (empty when the agent
 * simply carries on).
 *
 * **Example** (A refused question)
 *
 * ```ts
 * describeResolution("PreToolUse", resolveEffects([AskPermission({})], "deny"))
 * // => ["Tool call denied: The user denied this tool call."]
 * ```
 *
 * @category describing
 * @since 0.1.0
 */
export const describeResolution = (event: HookEvent, resolution: Resolution): ReadonlyArray<string> => {
  const lines: Array<string> = []
  if (resolution.stop !== undefined) {
    lines.push(`All processing halts${resolution.stop.reason === undefined ? "." : `: ${resolution.stop.reason}`}`)
  }
  const halted = resolution.stop !== undefined && resolution.permission === "default"
  if (!halted && (toolEvents.includes(event) || resolution.permission !== "default")) {
    lines.push(
      resolution.permission === "allow"
        ? "Tool call allowed."
        : resolution.permission === "deny"
          ? `Tool call denied: ${resolution.denyReason ?? "a hook denied it."}`
          : resolution.permission === "defer"
            ? `Tool call deferred${resolution.deferred?.reason === undefined ? "." : `: ${resolution.deferred.reason}`}`
            : "Tool call left to the agent's own rules."
    )
  }
  if (resolution.toolInput !== undefined) lines.push(`The tool runs with ${json(resolution.toolInput)}`)
  if (resolution.promptBlocked !== undefined) lines.push(`The prompt is erased: ${resolution.promptBlocked}`)
  if (resolution.continueWith !== undefined) lines.push(`The agent does not stop: ${resolution.continueWith}`)
  if (resolution.compactionBlocked !== undefined)
    lines.push(`Compaction does not happen: ${resolution.compactionBlocked}`)
  if (resolution.actionBlocked !== undefined)
    lines.push(`The ${event} action does not happen: ${resolution.actionBlocked}`)
  if (resolution.retryAllowed === true) lines.push("The model may retry the denied call.")
  if (resolution.elicitation !== undefined) lines.push(`The elicitation is answered: ${resolution.elicitation.action}.`)
  if (resolution.worktreePath !== undefined) lines.push(`The worktree is ${resolution.worktreePath}.`)
  if (resolution.sessionTitle !== undefined) lines.push(`The session is titled "${resolution.sessionTitle}".`)
  if (resolution.display !== undefined) lines.push(`The screen shows: ${resolution.display}`)
  if (resolution.chainedToolCall !== undefined)
    lines.push(
      `The agent calls ${resolution.chainedToolCall.name} next, with ${json(resolution.chainedToolCall.args)}; its result stands in for this one.`
    )
  if (resolution.contextCleared === true) lines.push("The model's history is cleared; the screen keeps it.")
  if (resolution.hookEnv !== undefined)
    lines.push(`The session's later hooks get ${Object.keys(resolution.hookEnv).join(", ")}.`)
  if (resolution.subagentResponse !== undefined)
    lines.push(`The parent agent reads, as the subagent's answer: ${resolution.subagentResponse}`)
  if (resolution.promptForModel !== undefined) lines.push(`The model reads the prompt as: ${resolution.promptForModel}`)
  if (resolution.modelRequestBlocked !== undefined)
    lines.push(`The model request does not go out: ${resolution.modelRequestBlocked}`)
  if (resolution.syntheticModelResponse !== undefined) lines.push("A hook's answer stands in for the model's.")
  if (resolution.modelRequest !== undefined) lines.push(`The model request changes: ${json(resolution.modelRequest)}`)
  if (resolution.modelResponse !== undefined)
    lines.push(`The model's answer is replaced: ${json(resolution.modelResponse)}`)
  if (resolution.toolRestriction !== undefined)
    lines.push(
      `The model picks tools ${resolution.toolRestriction.mode}${resolution.toolRestriction.allowedFunctionNames === undefined ? "" : ` from ${resolution.toolRestriction.allowedFunctionNames.join(", ")}`}.`
    )
  return lines
}
