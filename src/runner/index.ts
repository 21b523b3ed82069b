/**
 * `wave-hooks/runner` (Node only): reads settings files and the trust store,
 * runs hook commands as processes and decides and combines their answers.
 * `runHooks` is the Effect (it needs `HookProcess`: `HookProcess.layer` runs
 * real processes, `HookProcess.layerTest` canned runs); `runHooksPromise` and
 * `HookSession` serve callers that do not use Effect.
 *
 * @example
 * ```ts
 * import { runHooksPromise } from "wave-hooks/runner"
 *
 * const { effects } = await runHooksPromise({
 *   event: "PreToolUse",
 *   projectDir: process.cwd(),
 *   payload: { tool_name: "Bash", tool_input: { command: "rm -rf /" } }
 * })
 * ```
 *
 * @since 0.1.0
 */
export { hookEnvironment } from "./hook-env.ts"
export {
  type CannedRun,
  defaultKillGraceMs,
  defaultOutputCapBytes,
  HookProcess,
  type HookProcessOptions,
  type HookProcessScript,
  runHookProcess
} from "./hook-process.ts"
export {
  absoluteProjectDir,
  checkProjectDir,
  type HookRunRecord,
  ProjectDirNotFound,
  runHooks,
  type RunHooksOptions,
  type RunHooksResult,
  type RunObserver
} from "./run-hooks.ts"
export type { AsyncHookResult, BackgroundHookRun } from "./background-hooks.ts"
export { hookCommandLine, type HookCommandLine } from "./hook-command-line.ts"
export { stopLoopCapFromEnv } from "./stop-loop-cap.ts"
export { makeSessionId, sessionIdOf } from "./session-id.ts"
export { envFileEvents, envFileVariables } from "./env-file.ts"
export type { EnvFileOutcome } from "./hook-run-setup.ts"
export { hookVariablesOf } from "./hook-variables.ts"
export {
  managedSettingsDirChosen,
  managedSettingsDirOf,
  managedSettingsDirVariable,
  managedSettingsFiles,
  managedSettingsFolders
} from "./managed-settings.ts"
export {
  enabledPluginReferencesOf,
  installedPluginsFileOf,
  pluginDataDirOf,
  type PluginReference,
  pluginReferencesOf,
  readPlugin
} from "./plugins.ts"
export { HookSession, runHooksPromise, type SessionOptions, type SessionTransports } from "./session.ts"
export {
  type CannedHttp,
  HttpHook,
  type HttpHookRunOptions,
  type HttpRequestOptions,
  runHttpHook
} from "./http-hook.ts"
export {
  type CannedMcp,
  type McpToolCall,
  McpTools,
  type McpToolsOptions,
  type StartedMcpServer
} from "./mcp-client.ts"
export { type McpToolHookRunOptions, runMcpToolHook } from "./mcp-tool-hook.ts"
export {
  type CannedAnswer,
  type ModelHookRequest,
  type ModelSource,
  type PromptHookScript,
  PromptHooks
} from "./prompt-hook.ts"
export { type HandlerRunContext, type HandlerServices, handlerServices, runHandlerHook } from "./transport-hook.ts"
export { type ModelSettings, modelSettings, openAiCompatibleModel } from "./model-from-env.ts"
export {
  loadSettings,
  projectSettingsToTrust,
  readSettingsFile,
  runDialectFor,
  runDialectOf,
  type SettingsLocation,
  settingsLocations,
  type SettingsSources
} from "./settings-files.ts"
export {
  readTrustStore,
  type RecordedTrust,
  recordTrust,
  type RecordTrustOptions,
  trustStorePath
} from "./trust-store.ts"
export {
  decisionAttributes,
  decisionSpanName,
  eventResultAttributes,
  eventSpanName,
  hookRunAttributes,
  hookSpanAttributes,
  hookSpanName,
  otlpTracesEndpointOf,
  redactDeep,
  redactSecrets,
  redactUrlsIn,
  secretValuesOf,
  startTelemetryFromEnv,
  type TelemetryHandle,
  telemetryLayerFromEnv
} from "./telemetry.ts"
export { isOtelVariable } from "./hook-env.ts"
export {
  appendAuditLine,
  AuditHook,
  AuditLine,
  auditLineOf,
  AuditLogNotWritten,
  auditLogPathOf,
  auditLogWarning,
  recordInAuditLog
} from "./audit-log.ts"
