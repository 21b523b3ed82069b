/**
 * wave-hooks: the hook engine for AI coding agents.
 *
 * The package root is the Node-free decision core: it imports no `node:`
 * module and no `@effect/platform-*`, so it bundles for browsers and edge
 * workers. It exports the `HookEffect` union with its constructors and
 * audiences, `decide`, `combine`, `parseStdout`, matchers, the event and
 * output schemas, settings validation and planning, and the interpreter
 * contract (with `interpreterPromise`, any interpreter layer as Promises).
 * Running hooks lives in `wave-hooks/runner` (Node only).
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

// Effects: the vocabulary of decisions.
export { type Audience, audienceOf, textOf } from "./effects/audience.ts"
export { DiagnosticCode, diagnosticCodes } from "./effects/diagnostic-code.ts"
export {
  AllowRetry,
  AllowTool,
  AnswerElicitation,
  AskPermission,
  BlockAction,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  decodeHookEffect,
  DeferTool,
  Diagnostic,
  type EffectOf,
  ElicitationAction,
  HookEffect,
  type HookEffectTag,
  hookEffectTags,
  InjectContext,
  PromptModel,
  ReplaceDisplay,
  SendUserMessage,
  SetSessionTitle,
  SetWorktreePath,
  ShowUser,
  ShowUserLevel,
  StopAgent,
  UpdateInput,
  UpdatePermissions,
  UpdateToolOutput,
  WatchPaths
} from "./effects/hook-effect.ts"
export {
  absorbs,
  blockingTags,
  isAbsorbed,
  isBlocking,
  isBlockingEffect,
  type Keep,
  needsAnswer,
  permissionTags,
  precedence,
  precedenceOrder,
  strongestPermission,
  survivors,
  type TagPrecedence,
  tagsIn
} from "./effects/precedence.ts"

// The decision core.
export { combine, type CombineOptions, combineTraced, defaultStopLoopCap } from "./core/combine.ts"
export { capContext, type CappedText, contextCapCharacters, contextPreviewCharacters } from "./core/context-cap.ts"
export { decide, decideTraced } from "./core/decide.ts"
export { diffEffects, type EffectsDiff, formatEffectsDiff, sameEffects } from "./core/compare-effects.ts"
export { dedupeHooks, type HookIdentity } from "./core/dedupe.ts"
export { Dialect } from "./core/dialect.ts"
export {
  CommonInputFields,
  eventFieldsSchemas,
  HookEvent,
  hookEvents,
  type HookInput,
  hookInputSchemas,
  isHookEvent,
  matcherFieldOf
} from "./core/events.ts"
export { defaultPolicy, HookRun, hookRun, OnFailure, type Policy, TruncatedStream } from "./core/hook-run.ts"
export { compileMatcher, type InvalidPattern, type MatcherOptions, matcherOptionsOf, matches } from "./core/matcher.ts"
export {
  hookOutputSchema,
  JsonObject,
  PermissionBehavior,
  PermissionDecision,
  PermissionRequestDecision
} from "./core/output.ts"
export { ParsedStdout, parseStdout } from "./core/parse.ts"
export { buildPayload, type JsonRecord, type SessionFields } from "./core/payload.ts"
export { checkPayload } from "./core/payload-check.ts"
export { applyPayloadRules } from "./core/payload-rules.ts"
export { type OutputView, type PermissionRequestDecisionView, readOutput, type ReadOutput } from "./core/read-output.ts"
export type { EffectSource, TracedEffect } from "./core/trace.ts"
export { anchorOf, at, citationOfRule, decisionTablePage, type RuleId, type RuleInfo, type RuleRef, rules, type RuleTopic, ruleTopics } from "./core/rule-id.ts"

// Settings: schema, validation, layering and planning (pure; reading files is the runner's).
export {
  type ConfiguredHook,
  HookCommandConfig,
  HookConfig,
  MatcherGroupConfig,
  type PluginSource,
  type SettingsDiagnostic,
  SettingsFileSchema,
  type SettingsScope,
  type ValidatedSettings
} from "./settings/settings-schema.ts"
export {
  formatSettingsDiagnostic,
  type ValidateOptions,
  validateSettings
} from "./settings/validate-settings.ts"
export {
  effectiveTimeoutSeconds,
  hookDialectOf,
  type HookPlan,
  layerSettings,
  onceKey,
  type PlanContext,
  planHooks,
  type PlanStep,
  runIdentityKey,
  type SettingsSnapshot
} from "./settings/plan.ts"
export {
  bashSubcommands,
  parsePermissionRule,
  type PermissionRule,
  type PermissionRuleError,
  type RuleContext,
  ruleMatches,
  type RuleOutcome,
  toolEventNames
} from "./settings/permission-rule.ts"
export { conditionOutcome } from "./settings/hook-condition.ts"
export { type HandlerFields, HookShell, isBackgroundHook } from "./settings/handler-fields.ts"
export { defaultTimeoutSecondsFor, sessionEndBudget } from "./settings/hook-timeouts.ts"
export { settingsJsonSchema, settingsSchemaId } from "./settings/settings-json-schema.ts"
export { applyHookPolicy, type ExcludedByPolicy, type HookPolicy } from "./settings/managed-policy.ts"
export { type PluginCommandForm, pluginNameOf, substitutePluginVariables, validatePluginHooks } from "./settings/plugin-hooks.ts"
export { type EnvFileContent, type EnvFileProblem, type EnvFileReadOptions, parseEnvFileText } from "./settings/env-file-text.ts"
export { type FileSettings, readFileSettings } from "./settings/file-settings.ts"
export {
  type EnabledPlugin,
  enabledPluginsOf,
  type EnabledPluginsReport,
  type InstallRecord,
  installPathFor,
  parseInstalledPlugins,
  parsePluginId,
  readEnabledPlugins
} from "./settings/enabled-plugins.ts"
export { type ScriptChange, sha256Of, type TrustedFile, type TrustState, TrustPolicy, TrustStore } from "./settings/trust.ts"

// Hook types beyond commands (http, mcp_tool, prompt, agent): their settings and the pure mapping of their answers.
export {
  eventsOfTypeText,
  type HookType,
  hookTypeEvents,
  hookTypeOf,
  hookTypes,
  type HttpHandler,
  type McpToolHandler,
  type ModelHandler,
  type TransportHandler,
  typeRunsOn
} from "./settings/hook-handler.ts"
export {
  effectiveAllowedEnvVars,
  HttpHookConfig,
  type HttpHookPolicy,
  HttpHookPolicyFields,
  httpHookLabel,
  mergeHttpHookPolicies,
  redactUrl,
  redactUrlsIn,
  type SubstitutedHeaders,
  substituteHeaderVars,
  type UnresolvedHeaderVar,
  urlAllowed,
  urlMatchesPattern,
  urlPatternProblem,
  urlPatternWithin
} from "./settings/http-hook-config.ts"
export {
  McpHttpServerConfig,
  McpServerConfig,
  McpServersConfig,
  McpStdioServerConfig,
  McpToolHookConfig,
  mcpToolHookLabel,
  type MissingPlaceholder,
  substitutePayloadPaths
} from "./settings/mcp-tool-hook-config.ts"
export {
  agentHookEvents,
  AgentHookConfig,
  agentMaxSteps,
  checkModelHook,
  expandArguments,
  type ModelHookConfig,
  type ModelHookProblem,
  promptHookEvents,
  PromptHookConfig
} from "./settings/prompt-hook-config.ts"
export { modelHookDefaultTimeoutSeconds } from "./settings/hook-timeouts.ts"
export { crossFileDiagnostics, type TransportFinding } from "./settings/transport-hook-diagnostics.ts"
export {
  type HttpOutcome,
  httpResponseRun,
  type McpContentItem,
  type McpOutcome,
  mcpToolResultRun,
  type TransportRun
} from "./core/transport-outcome.ts"
export {
  type ModelHookType,
  modelHookLabel,
  PromptAnswer,
  promptOutcome,
  type PromptOutcomeOptions
} from "./core/prompt-verdict.ts"

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
export { couldNotAskReason, type PermissionAnswer, resolveCouldNotAsk, type Resolution, resolveEffects } from "./interpreters/resolution.ts"
export { denyAll, type PermissionHandler, permissionFromHandler } from "./interpreters/permission-handler.ts"
export { DisposedError, interpreterPromise, type PromiseInterpreter } from "./interpreters/promise.ts"
export type { RunObserver } from "./settings/run-observer.ts"
