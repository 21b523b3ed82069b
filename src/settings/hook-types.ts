/**
 * What a configured hook runs: its handler type (`command`, `http`,
 * `mcp_tool`, `prompt`, `agent`) and, for every type but
 * `command`, the handler's own fields as validated. A `ConfiguredHook`
 * without a `handler` is a command hook, as every hook was before 0.2.
 * Pure model; no I/O and no Schema built here, so the `run` path stays light.
 *
 * @since 0.2.0
 */

/**
 * The handler types, in the order the reference lists them.
 *
 * @category constants
 * @since 0.2.0
 */
export const hookTypes = ["command", "http", "mcp_tool", "prompt", "agent"] as const

/**
 * A handler type: `"command"`, `"http"`, `"mcp_tool"`, `"prompt"` or `"agent"`.
 *
 * @category models
 * @since 0.2.0
 */
export type HookType = (typeof hookTypes)[number]

/**
 * An `http` hook's handler: POST the event's JSON to `url`.
 *
 * @category models
 * @since 0.2.0
 */
export interface HttpHandler {
  readonly type: "http"
  readonly url: string
  readonly headers?: { readonly [name: string]: string }
  readonly allowedEnvVars?: ReadonlyArray<string>
}

/**
 * An `mcp_tool` hook's handler: call `tool` of the declared server `server`.
 *
 * @category models
 * @since 0.2.0
 */
export interface McpToolHandler {
  readonly type: "mcp_tool"
  readonly server: string
  readonly tool: string
  readonly input?: { readonly [key: string]: unknown }
}

/**
 * A `prompt` or `agent` hook's handler: ask a language model.
 *
 * @category models
 * @since 0.2.0
 */
interface ModelHandler {
  readonly type: "prompt" | "agent"
  readonly prompt: string
  readonly model?: string
  readonly continueOnBlock?: boolean
}

/**
 * A hook that answers with fixed text and starts nothing: Copilot's `prompt`
 * entry, whose `prompt` is submitted as the session's first user message.
 *
 * @category models
 * @since 0.5.0
 */
export interface MessageHandler {
  readonly type: "message"
  readonly text: string
}

/**
 * The handler of a hook that is not a command.
 *
 * @category models
 * @since 0.2.0
 */
export type TransportHandler = HttpHandler | McpToolHandler | ModelHandler | MessageHandler

/**
 * What a configured hook runs: a settings hook type, or `"message"` (a
 * dialect's entry that answers with fixed text, Copilot's `prompt`).
 *
 * @category models
 * @since 0.5.0
 */
export type HandlerType = HookType | "message"

/**
 * The handler type of a configured hook: its handler's, else `"command"`.
 *
 * @example
 * ```ts
 * hookTypeOf({ handler: { type: "http", url: "http://127.0.0.1:8080/pre" } }) // => "http"
 * hookTypeOf({}) // => "command"
 * ```
 *
 * @category models
 * @since 0.2.0
 */
export const hookTypeOf = (hook: { readonly handler?: TransportHandler | undefined }): HandlerType =>
  hook.handler?.type ?? "command"

/**
 * The events each handler type runs on, as the reference lists them:
 * `undefined` for every event. `http` hooks do not run on SessionStart (nor
 * Setup, which wave-hooks does not fire); `prompt` and `agent` only on the
 * decision events (`agent` not on PermissionRequest).
 *
 * @category constants
 * @since 0.2.0
 */
export const hookTypeEvents: { readonly [T in HookType]: ReadonlyArray<string> | undefined } = (() => {
  const promptEvents = [
    "PreToolUse",
    "PermissionRequest",
    "PermissionDenied",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "Stop",
    "SubagentStop",
    "TaskCreated",
    "TaskCompleted",
    "TeammateIdle"
  ]
  return {
    command: undefined,
    http: undefined,
    mcp_tool: undefined,
    prompt: promptEvents,
    agent: promptEvents.filter((e) => e !== "PermissionRequest")
  }
})()

const httpExcluded: ReadonlyArray<string> = ["SessionStart", "Setup"]

/**
 * Whether a hook of `type` may be configured on `event`.
 *
 * @example
 * ```ts
 * typeRunsOn("http", "SessionStart") // => false
 * typeRunsOn("prompt", "Stop")       // => true
 * typeRunsOn("agent", "PermissionRequest") // => false
 * ```
 *
 * @category predicates
 * @since 0.2.0
 */
export const typeRunsOn = (type: HookType, event: string): boolean =>
  type === "http" ? !httpExcluded.includes(event) : (hookTypeEvents[type]?.includes(event) ?? true)

/**
 * The events `type` runs on, for messages: every event but those it does not.
 *
 * @category predicates
 * @since 0.2.0
 */
export const eventsOfTypeText = (type: HookType): string =>
  type === "http" ? "every event but SessionStart and Setup" : (hookTypeEvents[type]?.join(", ") ?? "every event")
