/**
 * A hook's tool restriction (`RestrictTools`, Gemini CLI's BeforeToolSelection
 * `toolConfig`) applied to an AI SDK model call: its tool choice and the
 * tools it offers. Pure.
 *
 * @since 0.5.0
 */
import type { Resolution } from "../../interpreters/resolution.ts"
import type { CallOptions } from "./model-call.ts"

/**
 * A restriction applied to a call.
 *
 * **Details**
 *
 * - `allowedFunctionNames`: only the tools with those names stay offered
 *   (`NONE` offers none whatever the list).
 * - `NONE`: no tools, tool choice `none`.
 * - `ANY`: tool choice `required` (the model must call one of the tools).
 * - `AUTO`: the call's own tool choice stays (`auto` when it forced a tool
 *   that is no longer offered).
 *
 * A call left without tools gets tool choice `none`. A call that offered no
 * tools is returned as it is.
 *
 * **Example** (Only the read-only tools)
 *
 * ```ts
 * restrictTools(params, { mode: "ANY", allowedFunctionNames: ["read_file"] })
 * // => params with tools [read_file] and toolChoice { type: "required" }
 * ```
 *
 * @category translation
 * @since 0.5.0
 */
export const restrictTools = (
  params: CallOptions,
  restriction: NonNullable<Resolution["toolRestriction"]>
): CallOptions => {
  const offered = params.tools ?? []
  if (offered.length === 0) return params
  const allowed = restriction.allowedFunctionNames
  const tools =
    restriction.mode === "NONE" ? [] : allowed === undefined ? offered : offered.filter((t) => allowed.includes(t.name))
  const { tools: _tools, toolChoice: _choice, ...rest } = params
  if (tools.length === 0) return { ...rest, toolChoice: { type: "none" } }
  const choice = params.toolChoice
  const toolChoice: CallOptions["toolChoice"] =
    restriction.mode === "ANY"
      ? { type: "required" }
      : choice?.type === "tool" && !tools.some((t) => t.name === choice.toolName)
        ? { type: "auto" }
        : choice
  return { ...rest, tools, ...(toolChoice === undefined ? {} : { toolChoice }) }
}
