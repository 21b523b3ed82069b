/**
 * Formatting effects for a person at a terminal: one line each, coloured by
 * level, saying who sees the text.
 *
 * @since 0.1.0
 */
import { styleText } from "node:util"
import type { Resolution } from "../resolution.ts"
import type { HookEffect } from "../../effects/hook-effect.ts"
import type { EffectsRequest } from "../contract.ts"
import { escapeControl } from "../../internal/escape-control.ts"

type Style = Parameters<typeof styleText>[0]

/**
 * Formatting options.
 *
 * @category models
 * @since 0.1.0
 */
export interface FormatOptions {
  readonly color: boolean
  /** Show Diagnostic effects (for hook authors); default true. */
  readonly diagnostics?: boolean
}

const MAX = 160
// One line, with every other control character escaped: hook and settings text never moves the cursor.
const clip = (text: string): string => {
  const oneLine = escapeControl(text.replace(/\s*\n\s*/g, " / "))
  return oneLine.length > MAX ? `${oneLine.slice(0, MAX - 3)}...` : oneLine
}
const json = (value: unknown): string =>
  clip(typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)))

/**
 * One line for one effect (without indentation).
 *
 * **Details**
 *
 * Texts from hooks and settings are put on one line (line breaks become
 * ` / `) with every other control character escaped (`\r`, `\x1b`,
 * `\u202e`).
 *
 * **Example** (A denied tool call)
 *
 * ```ts
 * formatEffect(BlockTool({ reason: "no" }), undefined, { color: false })
 * // => "x tool blocked (the model is told): no"
 * ```
 *
 * @category formatting
 * @since 0.1.0
 */
// long: one line per effect tag, in the order of the union (a switch the compiler checks for every tag)
export const formatEffect = (
  effect: HookEffect,
  resolution: Resolution | undefined,
  options: FormatOptions
): string | undefined => {
  const paint = (style: Style, text: string) =>
    options.color ? styleText(style, text, { validateStream: false }) : text
  switch (effect._tag) {
    case "AllowTool":
      return paint("green", "v allowed by a hook (no question asked)")
    case "AskPermission": {
      const asked = resolution?.asked
      const outcome =
        asked === undefined
          ? ""
          : asked.timedOutAfterMs !== undefined
            ? paint("red", ` -> nobody answered within ${asked.timedOutAfterMs / 1000} s: denied`)
            : asked.couldNotAsk !== undefined
              ? paint("red", ` -> could not ask: ${clip(asked.couldNotAsk)}: denied`)
              : asked.answer === "allow"
                ? paint("green", " -> you allowed it")
                : paint("red", " -> you denied it")
      return `${paint("cyan", "? permission asked")}${effect.reason === undefined ? "" : ` (you see): ${clip(effect.reason)}`}${outcome}`
    }
    case "BlockTool":
      return `${paint(["red", "bold"], "x tool blocked")} (the model is told): ${clip(effect.reason)}`
    case "UpdateInput":
      return `${paint("magenta", "~ tool input rewritten")}: ${json(effect.input)}`
    case "UpdateToolOutput":
      return `${paint("magenta", "~ tool output replaced")} (the model sees): ${json(effect.output)}`
    case "InjectContext":
      return `${paint("blue", "+ context added")} (the model sees): ${clip(effect.text)}`
    case "PromptModel":
      return `${paint("blue", "> feedback to the model")}: ${clip(effect.text)}`
    case "BlockPrompt":
      return `${paint(["red", "bold"], "x prompt blocked")} (you see): ${clip(effect.reason)}`
    case "BlockStop":
      return `${paint("yellow", "@ stop blocked, the agent goes on")} (the model is told): ${clip(effect.reason)}`
    case "BlockCompaction":
      return `${paint("yellow", "x compaction blocked")} (you see): ${clip(effect.reason)}`
    case "BlockAction":
      return `${paint(["red", "bold"], "x action blocked")} (you see): ${clip(effect.reason)}`
    case "DeferTool":
      return `${paint("cyan", "? tool call deferred")}${effect.reason === undefined ? "" : ` (you see): ${clip(effect.reason)}`}`
    case "AllowRetry":
      return paint("cyan", "~ the model may retry the denied call")
    case "UpdatePermissions":
      return `${paint("magenta", "~ permission rules updated")}: ${json(effect.updates)}`
    case "ReplaceDisplay":
      return `${paint("magenta", "~ display replaced")} (you see): ${clip(effect.text)}`
    case "AnswerElicitation":
      return `${paint("magenta", `~ elicitation answered: ${effect.action}`)}${effect.content === undefined ? "" : ` ${json(effect.content)}`}`
    case "SetWorktreePath":
      return `${paint("magenta", "~ worktree path")}: ${clip(effect.path)}`
    case "SetSessionTitle":
      return `${paint("cyan", "~ session title")} (you see): ${clip(effect.title)}`
    case "SendUserMessage":
      return `${paint("blue", "> first user message")} (the model sees): ${clip(effect.text)}`
    case "WatchPaths":
      return `${paint("magenta", "~ watched paths")}: ${json(effect.paths)}`
    case "ChainToolCall":
      return `${paint("magenta", `~ next tool call: ${clip(effect.name)}`)} ${json(effect.args)}`
    case "ClearContext":
      return paint("magenta", "~ the model's history is cleared")
    case "SetEnv":
      return `${paint("magenta", "~ environment for later hooks")}: ${json(effect.variables)}`
    case "ReplaceSubagentResponse":
      return `${paint("blue", "> subagent's answer replaced")} (the model sees): ${clip(effect.text)}`
    case "ReplacePrompt":
      return `${paint("blue", "> prompt rewritten")} (the model sees): ${clip(effect.text)}`
    case "BlockModelRequest":
      return `${paint(["red", "bold"], "x model request blocked")} (you see): ${clip(effect.reason)}`
    case "UpdateModelRequest":
      return `${paint("magenta", "~ model request changed")}: ${json(effect.request)}`
    case "SyntheticModelResponse":
      return `${paint("magenta", "~ a hook answers for the model")}: ${json(effect.response)}`
    case "UpdateModelResponse":
      return `${paint("magenta", "~ model answer replaced")}: ${json(effect.response)}`
    case "RestrictTools":
      return `${paint("magenta", `~ tools restricted: ${effect.mode}`)}${effect.allowedFunctionNames === undefined ? "" : ` ${json(effect.allowedFunctionNames)}`}`
    case "StopAgent":
      return `${paint(["red", "bold"], "# agent stopped")}${effect.reason === undefined ? "" : ` (you see): ${clip(effect.reason)}`}`
    case "ShowUser": {
      const style: Style = effect.level === "error" ? "red" : effect.level === "warning" ? "yellow" : "cyan"
      return `${paint(style, `! ${effect.level}`)} (you see): ${clip(effect.text)}`
    }
    case "Diagnostic":
      return options.diagnostics === false
        ? undefined
        : paint("dim", `. diagnostic [${effect.code}] (for the hook's author): ${clip(effect.message)}`)
  }
}

/**
 * The lines for one event: a heading and one line per effect.
 *
 * @category formatting
 * @since 0.1.0
 */
export const formatRequest = (
  request: EffectsRequest,
  resolution: Resolution,
  options: FormatOptions
): ReadonlyArray<string> => {
  const paint = (style: Style, text: string) =>
    options.color ? styleText(style, text, { validateStream: false }) : text
  const subject = request.tool === undefined ? "" : ` ${request.tool.name} ${json(request.tool.input)}`
  const heading = `${paint("bold", request.event)}${subject}`
  const lines = request.effects.flatMap((effect) => {
    const line = formatEffect(effect, resolution, options)
    return line === undefined ? [] : [`    ${line}`]
  })
  return [`  ${heading}`, ...(lines.length === 0 ? [`    ${paint("dim", "(no effects)")}`] : lines)]
}
