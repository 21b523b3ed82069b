/**
 * wave-hooks: the hook engine for AI coding agents.
 *
 * The package root is the Node-free decision core: it imports no `node:`
 * module and no `@effect/platform-*`, so it bundles for browsers and edge
 * workers. It exports what an embedder uses: the `HookEffect` union with its
 * constructors, audiences and precedence, `decide` and `combine`, the events,
 * matchers, settings validation and planning, and the interpreter contract
 * (with `interpreterPromise`, any interpreter layer as Promises). Running hooks
 * lives in `wave-hooks/runner` (Node only). Helpers the engine uses inside
 * (URL redaction, payload building, once keys, ...) are not exported: they may
 * change in any release.
 *
 * @example
 * ```ts
 * import { decide, hookRun } from "wave-hooks"
 *
 * const effects = decide("PreToolUse", hookRun({
 *   exitCode: 0,
 *   stdout: '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no rm"}}'
 * }))
 * // [{ _tag: "BlockTool", reason: "no rm" }]
 * ```
 *
 * @since 0.1.0
 */

// Effects: the vocabulary of decisions, who sees each one, and which one wins.
export { type Audience, audienceOf, textOf } from "./effects/audience.ts"
export { DiagnosticCode } from "./effects/diagnostic-code.ts"
export {
  AllowRetry,
  AllowTool,
  AnswerElicitation,
  AskPermission,
  BlockAction,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockModelRequest,
  BlockTool,
  ChainToolCall,
  ClearContext,
  decodeHookEffect,
  DeferTool,
  Diagnostic,
  type EffectOf,
  HookEffect,
  type HookEffectTag,
  hookEffectTags,
  InjectContext,
  PromptModel,
  ReplaceDisplay,
  ReplacePrompt,
  ReplaceSubagentResponse,
  RestrictTools,
  SendUserMessage,
  SetEnv,
  SetSessionTitle,
  SetWorktreePath,
  ShowUser,
  StopAgent,
  SyntheticModelResponse,
  UpdateInput,
  UpdateModelRequest,
  UpdateModelResponse,
  UpdatePermissions,
  UpdateToolOutput,
  WatchPaths
} from "./effects/hook-effect.ts"
export { isBlocking, precedence, precedenceOrder } from "./effects/precedence.ts"

// The decision core: one hook's answer to effects, several hooks' effects to one decision.
export { combine, type CombineOptions, combineTraced } from "./core/combine.ts"
export { decide, decideTraced } from "./core/decide.ts"
export { Dialect } from "./core/dialect.ts"
export { type AgentEvent, dialectEvents } from "./core/dialect-events.ts"
export { HookEvent, hookEvents, type HookInput, hookInputSchemas, isHookEvent } from "./core/events.ts"
export { HookRun, hookRun, OnFailure, type DecideOptions } from "./core/hook-run.ts"
export { compileMatcher, type InvalidPattern, matches } from "./core/matcher.ts"
export { hookOutputSchema } from "./core/output.ts"
export { ParsedStdout, parseStdout } from "./core/parse.ts"
export type { EffectSource, TracedEffect } from "./core/trace.ts"
export type { RuleId } from "./core/rule-id.ts"

// Settings: the schema, validation, layering and planning (pure; reading files is the runner's).
export {
  HookConfig,
  type SettingsDiagnostic,
  SettingsFileSchema,
  type SettingsScope,
  type ValidatedSettings
} from "./settings/settings-schema.ts"
export { formatSettingsDiagnostic, type ValidateOptions, validateSettings } from "./settings/validate-settings.ts"
export {
  type HookPlan,
  layerSettings,
  type PlanContext,
  planHooks,
  type PlanStep,
  type SettingsSnapshot
} from "./settings/plan.ts"
export { settingsJsonSchema } from "./settings/settings-json-schema.ts"
export { type HookType, hookTypes } from "./settings/hook-types.ts"
export { HttpHookConfig } from "./settings/http-hook-config.ts"
export { McpToolHookConfig } from "./settings/mcp-tool-hook-config.ts"
export { AgentHookConfig, PromptHookConfig } from "./settings/prompt-hook-config.ts"

// The interpreter contract: what every interpreter implements.
export {
  CouldNotAsk,
  type EffectsRequest,
  Interpreter,
  makeInterpreter,
  Permission,
  type PermissionRequest,
  type Render,
  type ToolCall
} from "./interpreters/contract.ts"
export { type PermissionAnswer, type Resolution, resolveEffects } from "./interpreters/resolution.ts"
export { denyAll, type PermissionHandler, permissionFromHandler } from "./interpreters/permission-handler.ts"
export { DisposedError, interpreterPromise, type PromiseInterpreter } from "./interpreters/promise.ts"
export type { RunObserver } from "./settings/run-observer.ts"
