/**
 * Who sees an effect's text (ARCHITECTURE section 3, last column).
 *
 * @since 0.1.0
 */
import type { HookEffect } from "./hook-effect.ts"

/**
 * The reader of an effect's text: the person at the terminal, the model, the
 * hook's author (diagnostics), or nobody (effects without text).
 *
 * @category models
 * @since 0.1.0
 */
export type Audience = "user" | "model" | "author" | "none"

/**
 * Who sees the text of an effect.
 *
 * **Example** (Routing)
 *
 * ```ts
 * audienceOf(BlockTool({ reason: "no" }))                  // => "model"
 * audienceOf(ShowUser({ level: "info", text: "hi" }))      // => "user"
 * audienceOf(Diagnostic({ code: "noisy-stdout", message }))  // => "author"
 * ```
 *
 * @category routing
 * @since 0.1.0
 */
export const audienceOf = (effect: HookEffect): Audience => {
  switch (effect._tag) {
    case "AllowTool":
    case "UpdateInput":
    case "AllowRetry":
    case "UpdatePermissions":
    case "AnswerElicitation":
    case "SetWorktreePath":
    case "WatchPaths":
    case "ChainToolCall":
    case "ClearContext":
    case "SetEnv":
    case "UpdateModelRequest":
    case "SyntheticModelResponse":
    case "UpdateModelResponse":
    case "RestrictTools":
      return "none"
    case "AskPermission":
    case "BlockPrompt":
    case "BlockCompaction":
    case "BlockAction":
    case "BlockModelRequest":
    case "DeferTool":
    case "ReplaceDisplay":
    case "SetSessionTitle":
    case "StopAgent":
    case "ShowUser":
      return "user"
    case "BlockTool":
    case "UpdateToolOutput":
    case "InjectContext":
    case "PromptModel":
    case "BlockStop":
    case "SendUserMessage":
    case "ReplaceSubagentResponse":
    case "ReplacePrompt":
      return "model"
    case "Diagnostic":
      return "author"
  }
}

/**
 * The text an effect carries for its audience, if any.
 *
 * **Example** (Reading the text)
 *
 * ```ts
 * textOf(BlockTool({ reason: "no" })) // => "no"
 * textOf(AllowTool())                 // => undefined
 * ```
 *
 * @category routing
 * @since 0.1.0
 */
export const textOf = (effect: HookEffect): string | undefined => {
  switch (effect._tag) {
    case "AllowTool":
    case "UpdateInput":
    case "UpdateToolOutput":
    case "AllowRetry":
    case "UpdatePermissions":
    case "AnswerElicitation":
    case "SetWorktreePath":
    case "WatchPaths":
    case "ChainToolCall":
    case "ClearContext":
    case "SetEnv":
    case "UpdateModelRequest":
    case "SyntheticModelResponse":
    case "UpdateModelResponse":
    case "RestrictTools":
      return undefined
    case "AskPermission":
    case "StopAgent":
    case "DeferTool":
      return effect.reason
    case "BlockTool":
    case "BlockPrompt":
    case "BlockStop":
    case "BlockCompaction":
    case "BlockAction":
    case "BlockModelRequest":
      return effect.reason
    case "InjectContext":
    case "PromptModel":
    case "ShowUser":
    case "ReplaceDisplay":
    case "SendUserMessage":
    case "ReplaceSubagentResponse":
    case "ReplacePrompt":
      return effect.text
    case "SetSessionTitle":
      return effect.title
    case "Diagnostic":
      return effect.message
  }
}
