/**
 * The keys Claude Code's settings files use besides wave-hooks' own, so that
 * `validate` knows them all and warns only on real mistakes (a misspelling
 * of a known key), not on a Claude Code setting it does not act on.
 *
 * Source: Claude Code's settings schema (SchemaStore
 * `src/schemas/json/claude-code-settings.json`, August 2026, which follows
 * https://code.claude.com/docs/en/settings) and its hook configuration
 * (`rewakeSummary`; a matcher group's `description` and `id`).
 *
 * @since 0.2.0
 */

/**
 * Claude Code's top-level settings keys that wave-hooks does not read (the
 * ones it reads, such as `hooks`, `env` and `disableAllHooks`, are its own).
 *
 * @category validation
 * @since 0.2.0
 */
export const claudeCodeSettingsKeys: ReadonlySet<string> = new Set([
  "advisorModel",
  "agent",
  "agentPushNotifEnabled",
  "allowAllClaudeAiMcps",
  "allowedChannelPlugins",
  "allowedMcpServers",
  "allowManagedMcpServersOnly",
  "allowManagedPermissionRulesOnly",
  "alwaysThinkingEnabled",
  "apiKeyHelper",
  "askUserQuestionTimeout",
  "attribution",
  "autoCompactEnabled",
  "autoConnectIde",
  "autoInstallIdeExtension",
  "autoMemoryDirectory",
  "autoMemoryEnabled",
  "autoMode",
  "autoScrollEnabled",
  "autoUpdatesChannel",
  "availableModels",
  "awaySummaryEnabled",
  "awsAuthRefresh",
  "awsCredentialExport",
  "axScreenReader",
  "blockedMarketplaces",
  "browserExternalPageTools",
  "channelsEnabled",
  "claudeMd",
  "claudeMdExcludes",
  "cleanupPeriodDays",
  "companyAnnouncements",
  "defaultShell",
  "deniedMcpServers",
  "diffTool",
  "disableAgentView",
  "disableArtifact",
  "disableAutoMode",
  "disableBrowserExternalNavigation",
  "disableBundledSkills",
  "disableClaudeAiConnectors",
  "disableDeepLinkRegistration",
  "disabledMcpjsonServers",
  "disableMobileSimulatorTools",
  "disableRemoteControl",
  "disableSideloadFlags",
  "disableSkillShellExecution",
  "disableWorkflows",
  "editorMode",
  "effortLevel",
  "emojiCompletionEnabled",
  "enableAllProjectMcpServers",
  "enableArtifact",
  "enabledMcpjsonServers",
  "enabledPlugins",
  "enforceAvailableModels",
  "externalEditorContext",
  "extraKnownMarketplaces",
  "fallbackModel",
  "fastMode",
  "fastModePerSessionOptIn",
  "feedbackSurveyRate",
  "fileCheckpointingEnabled",
  "fileSuggestion",
  "footerLinksRegexes",
  "forceLoginGatewayUrl",
  "forceLoginMethod",
  "forceLoginOrgUUID",
  "forceRemoteSettingsRefresh",
  "gcpAuthRefresh",
  "includeCoAuthoredBy",
  "includeGitInstructions",
  "inputNeededNotifEnabled",
  "language",
  "managedMcpServers",
  "minimumVersion",
  "model",
  "modelOverrides",
  "otelHeadersHelper",
  "outputStyle",
  "parentSettingsBehavior",
  "permissionExplainerEnabled",
  "permissions",
  "plansDirectory",
  "pluginConfigs",
  "pluginSuggestionMarketplaces",
  "pluginTrustMessage",
  "policyHelper",
  "preferredNotifChannel",
  "prefersReducedMotion",
  "processWrapper",
  "prUrlTemplate",
  "remoteControlAtStartup",
  "requireCoworkFullVmSandbox",
  "requiredMaximumVersion",
  "requiredMinimumVersion",
  "respectGitignore",
  "respondToBashCommands",
  "sandbox",
  "showClearContextOnPlanAccept",
  "showThinkingSummaries",
  "showTurnDuration",
  "skillListingBudgetFraction",
  "skillListingMaxDescChars",
  "skillOverrides",
  "skipDangerousModePermissionPrompt",
  "skippedMarketplaces",
  "skippedPlugins",
  "skipWebFetchPreflight",
  "spinnerTipsEnabled",
  "spinnerTipsOverride",
  "spinnerVerbs",
  "sshConfigs",
  "sshHostAllowlist",
  "statusLine",
  "strictKnownMarketplaces",
  "strictPluginOnlyCustomization",
  "subagentStatusLine",
  "syntaxHighlightingDisabled",
  "teammateDefaultModel",
  "teammateMode",
  "terminalProgressBarEnabled",
  "theme",
  "tui",
  "useAutoModeDuringPlan",
  "verbose",
  "viewMode",
  "vimInsertModeRemaps",
  "voice",
  "voiceEnabled",
  "wheelScrollAccelerationEnabled",
  "workflowKeywordTriggerEnabled",
  "workflowSizeGuideline",
  "worktree",
  "wslInheritsWindowsSettings"
])

/**
 * Keys of a matcher group that Claude Code's files carry and wave-hooks
 * ignores: a `description` and an `id` (plugins and tools that write
 * settings label their groups with them).
 *
 * @category validation
 * @since 0.2.0
 */
export const claudeCodeGroupKeys: ReadonlyArray<string> = ["description", "id"]

/**
 * Keys of a command hook that Claude Code reads and wave-hooks ignores:
 * `rewakeSummary`, the line Claude Code shows while an `asyncRewake` hook
 * wakes the model (wave-hooks has no such line).
 *
 * @category validation
 * @since 0.2.0
 */
export const claudeCodeCommandHookKeys: ReadonlyArray<string> = ["rewakeSummary"]
