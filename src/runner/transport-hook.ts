/**
 * Running one hook that is not a command: an `http`, `mcp_tool`,
 * `prompt` or `agent` hook, through its service (`HttpHook`, `McpTools`,
 * `PromptHooks`), or a `message` hook's fixed text, to the same `HookRun` a command gives, so `decide` and
 * `combine` see no difference. The services are optional in the context:
 * without them the process's keep-alive HTTP agents, MCP servers started for
 * the caller (`HandlerServices.mcpTools`) and the OpenAI-compatible endpoint
 * of the environment are used.
 *
 * @since 0.2.0
 */
import { Context, Effect, Option } from "effect"
import type { HookEvent } from "../core/events.ts"
import type { TransportRun } from "../core/transport-outcome.ts"
import type { TransportHandler } from "../settings/hook-types.ts"
import type { HttpHookPolicy } from "../settings/http-hook-config.ts"
import type { McpServerConfig } from "../settings/mcp-tool-hook-config.ts"
import type { ConfiguredHook, SettingsScope } from "../settings/settings-schema.ts"
import { HttpHook, runHttpHook } from "./http-hook.ts"
import { McpTools } from "./mcp-client.ts"
import { runMcpToolHook } from "./mcp-tool-hook.ts"
import { messageHookRun } from "./message-hook.ts"
import type { ModelSource } from "./prompt-hook.ts"
import { PromptHooks } from "./prompt-hook.ts"

/**
 * What one non-command hook run needs besides the hook.
 *
 * @category models
 * @since 0.2.0
 */
export interface HandlerRunContext {
  readonly event: HookEvent
  /** The event's JSON, as a command hook reads it on stdin. */
  readonly input: string
  /** The same payload as an object (`${tool_input.file_path}` of `mcp_tool` input). */
  readonly payload: unknown
  /** The environment `$VAR` in `http` headers reads (what a command hook would get). */
  readonly env: { readonly [name: string]: string | undefined }
  readonly projectDir: string
  readonly timeoutMs: number
  readonly capBytes?: number | undefined
  readonly httpHookPolicy?: HttpHookPolicy | undefined
  /** The hook's agent posts to https:// only, and to this machine's http:// when this variable is `1` (Copilot). */
  readonly httpsOnlyUnless?: string | undefined
  readonly mcpServers?: { readonly [name: string]: McpServerConfig } | undefined
  /** Where each of `mcpServers` was declared (`SettingsSnapshot.mcpServerScopes`): where its server starts. */
  readonly mcpServerScopes?: { readonly [name: string]: SettingsScope } | undefined
}

/**
 * The services non-command hooks run on, resolved once per event: those of
 * the context, else the defaults.
 *
 * @category models
 * @since 0.2.0
 */
export interface HandlerServices {
  readonly http: HttpHook["Service"]
  /** `McpTools` of the context; else the caller's own (started on first `mcp_tool` hook). */
  readonly mcpTools: () => McpTools["Service"]
  readonly prompts: PromptHooks["Service"]
}

/**
 * The services in the context, with defaults for those absent: the
 * process's keep-alive HTTP agents (`HttpHook.node`), `fallbackMcpTools`
 * (called only when an `mcp_tool` hook runs), and `PromptHooks.withModel(model)`
 * when a model is given, else `PromptHooks.fromEnv(env)`.
 *
 * @category running
 * @since 0.2.0
 */
export const handlerServices = (
  env: { readonly [name: string]: string | undefined },
  model: ModelSource | undefined,
  fallbackMcpTools: () => McpTools["Service"]
): Effect.Effect<HandlerServices> =>
  // One look at the context (this is on every event's path, hooks or not).
  Effect.contextWith((context: Context.Context<never>) => {
    const http = Context.getOption(context, HttpHook)
    const mcp = Context.getOption(context, McpTools)
    const prompts = Context.getOption(context, PromptHooks)
    return Effect.succeed({
      http: Option.getOrElse(http, () => HttpHook.node),
      mcpTools: Option.isSome(mcp) ? () => mcp.value : fallbackMcpTools,
      prompts: Option.getOrElse(prompts, () =>
        model === undefined ? PromptHooks.fromEnv(env) : PromptHooks.withModel(model)
      )
    })
  })

/**
 * Run one non-command hook and give its `HookRun` with the notes to show
 * (header variables sent empty, content that was not read).
 *
 * **Example** (In the runner)
 *
 * ```ts
 * const { run, notes } = yield* runHandlerHook(hook, hook.handler, services, { event, input, payload, env, projectDir, timeoutMs })
 * decideTraced(event, run, { dialect, onFailure: hook.onFailure })
 * ```
 *
 * @category running
 * @since 0.2.0
 */
export const runHandlerHook = (
  hook: Pick<ConfiguredHook, "command" | "onFailure" | "statusMessage">,
  handler: TransportHandler,
  services: HandlerServices,
  context: HandlerRunContext
): Effect.Effect<TransportRun> =>
  Effect.map(runOn(hook, handler, services, context), ({ notes, run }) => ({
    run: { ...run, durationMs: Math.round(run.durationMs) },
    notes
  }))

const runOn = (
  hook: Pick<ConfiguredHook, "command" | "onFailure" | "statusMessage">,
  handler: TransportHandler,
  services: HandlerServices,
  context: HandlerRunContext
): Effect.Effect<TransportRun> => {
  switch (handler.type) {
    case "http":
      return runHttpHook(handler, {
        input: context.input,
        env: context.env,
        timeoutMs: context.timeoutMs,
        ...(context.httpHookPolicy === undefined ? {} : { policy: context.httpHookPolicy }),
        ...(context.httpsOnlyUnless === undefined ? {} : { httpsOnlyUnless: context.httpsOnlyUnless }),
        ...(context.capBytes === undefined ? {} : { capBytes: context.capBytes })
      }).pipe(Effect.provideService(HttpHook, services.http))
    case "mcp_tool":
      return Effect.suspend(() =>
        runMcpToolHook(handler, {
          payload: context.payload,
          timeoutMs: context.timeoutMs,
          servers: context.mcpServers ?? {},
          serverScopes: context.mcpServerScopes ?? {},
          ...(context.httpHookPolicy === undefined ? {} : { policy: context.httpHookPolicy }),
          ...(context.capBytes === undefined ? {} : { capBytes: context.capBytes })
        }).pipe(Effect.provideService(McpTools, services.mcpTools()))
      )
    case "prompt":
    case "agent":
      return Effect.map(
        services.prompts.run({
          hook: {
            type: handler.type,
            prompt: handler.prompt,
            model: handler.model,
            continueOnBlock: handler.continueOnBlock,
            onFailure: hook.onFailure,
            statusMessage: hook.statusMessage
          },
          event: context.event,
          payload: context.input,
          projectDir: context.projectDir,
          timeoutMs: context.timeoutMs
        }),
        (run) => ({ run, notes: [] })
      )
    case "message":
      return Effect.sync(() => ({
        run: { ...messageHookRun(handler, context.payload), command: hook.command },
        notes: []
      }))
  }
}
