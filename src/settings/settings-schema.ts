/**
 * The settings file schema (ARCHITECTURE section 7): what a settings file
 * holds, as Effect Schemas (the JSON Schema in `schema/` is generated from it),
 * and the models validation produces.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import type { Dialect } from "../core/dialect.ts"
import type { HookEvent } from "../core/events.ts"
import type { ClaudeCodeEvent } from "../core/events.ts"
import { claudeCodeEvents } from "../core/events.ts"
import type { OnFailure } from "../core/hook-run.ts"
import { OnFailure as OnFailureSchema } from "../core/hook-run.ts"
import { handlerFieldSchemas } from "./handler-fields.ts"
import type { HandlerFields } from "./handler-fields.ts"
import type { ScriptChange, TrustState } from "./trust.ts"
import type { TransportHandler } from "./hook-types.ts"
import type { HttpHookPolicy } from "./http-hook-config.ts"
import { HttpHookConfig, HttpHookPolicyFields } from "./http-hook-config.ts"
import type { McpServerConfig } from "./mcp-tool-hook-config.ts"
import { McpServersConfig, McpToolHookConfig } from "./mcp-tool-hook-config.ts"
import { AgentHookConfig, PromptHookConfig } from "./prompt-hook-config.ts"

// ====== Schema ======

/**
 * One configured `command` hook (the other handler types: `HttpHookConfig`,
 * `McpToolHookConfig`, `PromptHookConfig`, `AgentHookConfig`; all five in
 * `HookConfig`).
 *
 * @category schemas
 * @since 0.1.0
 */
export const HookCommandConfig = Schema.Struct({
  type: Schema.Literal("command").annotate({
    description: "Run a shell command; its exit code and stdout are the answer."
  }),
  command: Schema.String.check(Schema.isPattern(/\S/u)).annotate({
    description:
      "Run as bash -c <command> in the project directory, with the event's JSON on stdin (with args: the program, run without a shell)."
  }),
  timeout: Schema.optionalKey(
    Schema.Finite.check(Schema.isGreaterThan(0)).annotate({
      description:
        "Seconds before the hook is killed (default 60; in the claude-code dialect 600, 30 for UserPromptSubmit and model switches, 10 for MessageDisplay)."
    })
  ),
  onFailure: Schema.optionalKey(
    OnFailureSchema.annotate({
      description: '"block" makes a crash, timeout or garbage output block like exit 2 (fail closed).'
    })
  ),
  env: Schema.optionalKey(
    Schema.Array(Schema.String).annotate({
      description: "Only these variables (plus PATH, HOME, WAVE_PROJECT_DIR) reach the hook."
    })
  ),
  ...handlerFieldSchemas
}).annotate({ identifier: "HookCommand" })

/**
 * One configured hook of any handler type, told apart by `type`: `command`,
 * `http`, `mcp_tool`, `prompt` or `agent`.
 *
 * @category schemas
 * @since 0.2.0
 */
export const HookConfig = Schema.Union([
  HookCommandConfig,
  HttpHookConfig,
  McpToolHookConfig,
  PromptHookConfig,
  AgentHookConfig
]).annotate({
  identifier: "Hook"
})

/**
 * A group of hooks sharing a matcher.
 *
 * @category schemas
 * @since 0.1.0
 */
export const MatcherGroupConfig = Schema.Struct({
  matcher: Schema.optionalKey(
    Schema.String.annotate({
      description: '"*" or empty: all; letters, digits, _ and |: exact names; else an anchored regular expression.'
    })
  ),
  parallel: Schema.optionalKey(Schema.Boolean.annotate({ description: "Run this group's hooks concurrently." })),
  hooks: Schema.Array(HookConfig)
}).annotate({ identifier: "MatcherGroup" })

/**
 * A settings file (`~/.wave/settings.json`, `.wave/settings.json`,
 * `.wave/settings.local.json`). Other top-level keys are allowed and ignored.
 *
 * @category schemas
 * @since 0.1.0
 */
export const SettingsFileSchema = Schema.Struct({
  $schema: Schema.optionalKey(Schema.String),
  disableAllHooks: Schema.optionalKey(
    Schema.Boolean.annotate({
      description: "Switch every hook off; the last file (user, project, local) that sets it decides."
    })
  ),
  env: Schema.optionalKey(
    Schema.Record(Schema.String, Schema.String).annotate({
      description:
        "Variables added to every hook's environment (names: letters, digits, _). A project or local file's count only once it is trusted; later files win."
    })
  ),
  plugins: Schema.optionalKey(
    Schema.Array(
      Schema.Union([Schema.String, Schema.Struct({ type: Schema.Literal("local"), path: Schema.String })])
    ).annotate({
      description:
        'Plugin directories whose hooks/hooks.json hooks run after the settings files\' (a path, or {"type": "local", "path": ...}); relative to the project (home for user settings).'
    })
  ),
  enabledPlugins: Schema.optionalKey(
    Schema.Record(Schema.String, Schema.Boolean).annotate({
      description:
        "Marketplace plugins switched on (true) or off (false) by id, \"name@marketplace\", as Claude Code's /plugin install (and Wave's) write them; " +
        "loaded from the agent's install records (~/.claude/plugins/installed_plugins.json, ~/.wave/plugins/installed_plugins.json). " +
        "User, project and local files layer, later files winning per id; a project's count once it is trusted."
    })
  ),
  ...HttpHookPolicyFields,
  mcpServers: Schema.optionalKey(McpServersConfig),
  allowManagedHooksOnly: Schema.optionalKey(
    Schema.Boolean.annotate({
      description:
        "Managed settings only: when true, only managed hooks run (user, project, local and plugin hooks do not)."
    })
  ),
  auditLog: Schema.optionalKey(
    Schema.String.annotate({
      description:
        "User and managed settings only: append one JSON line per hook event to this file (mode 0600; ~/ and relative paths from the home directory). Ignored, with a warning, in project and local files."
    })
  ),
  askTimeoutSeconds: Schema.optionalKey(
    Schema.Finite.check(Schema.isGreaterThan(0)).annotate({
      description:
        "Deny a permission question nobody answered within this many seconds (for unattended runs; default: wait until answered). " +
        "The last file (user, then trusted project and local files) that sets it decides; `--ask-timeout` overrides it."
    })
  ),
  hooks: Schema.optionalKey(
    Schema.Struct(
      Object.fromEntries(
        claudeCodeEvents.map((event) => [event, Schema.optionalKey(Schema.Array(MatcherGroupConfig))])
      ) as {
        readonly [E in ClaudeCodeEvent]: Schema.optionalKey<Schema.$Array<typeof MatcherGroupConfig>>
      }
    )
  )
}).annotate({ title: "wave-hooks settings" })

// ====== Models ======

/**
 * Where a settings file sits: user (`$HOME`), project, local (not committed),
 * managed (the system policy files, since 0.2.0) or plugin (a plugin's
 * `hooks/hooks.json`, since 0.2.0).
 *
 * @category models
 * @since 0.1.0
 */
export type SettingsScope = "user" | "project" | "local" | "managed" | "plugin"

/**
 * The plugin a hooks file (and its hooks) came from.
 *
 * @category models
 * @since 0.2.0
 */
export interface PluginSource {
  /** `name` of `.claude-plugin/plugin.json` (or `.wave-plugin/plugin.json`), else the directory's name. */
  readonly name: string
  /** The plugin's directory (absolute): `CLAUDE_PLUGIN_ROOT` / `WAVE_PLUGIN_ROOT`. */
  readonly root: string
  /** The plugin's data directory (absolute, created before its hooks run): `CLAUDE_PLUGIN_DATA`. */
  readonly dataDir: string
  /**
   * Who named the plugin: `--plugin-dir` / `pluginDirs` (`"option"`), the settings file at this path, or
   * (an installed Gemini CLI extension) its `gemini-extension.json`.
   */
  readonly namedBy: string
  /**
   * Named by managed settings: its hooks count as managed (they run under
   * `allowManagedHooksOnly`, and a lower `disableAllHooks` does not switch
   * them off).
   */
  readonly managed?: boolean
  /**
   * The marketplace a plugin switched on with `enabledPlugins`
   * (`"name@marketplace"`) was installed from; absent for a plugin folder
   * (`--plugin-dir`, `plugins`). Since 0.2.0.
   */
  readonly marketplace?: string
}

/**
 * A problem found in a settings file. Errors skip the entry; warnings keep it.
 *
 * @category models
 * @since 0.1.0
 */
export interface SettingsDiagnostic {
  readonly severity: "error" | "warning"
  readonly file: string
  /** JSON path of the entry, e.g. `$.hooks.PreToolUse[0].hooks[1].timeout`. */
  readonly path: string
  readonly problem: string
  readonly fix: string
  /** The event an entry was configured for (or most likely meant), when known. */
  readonly event?: HookEvent
  /**
   * A warning about an entry that was skipped because the agent skips it too (Codex CLI's invalid matcher):
   * not an error, so it denies nothing, but it is reported on the runs of its event as a skipped entry is.
   * Since 0.5.0.
   */
  readonly skipped?: boolean
}

/**
 * A hook as configured, with where it came from.
 *
 * @category models
 * @since 0.1.0
 */
export interface ConfiguredHook extends HandlerFields {
  readonly event: HookEvent
  readonly matcher: string | undefined
  readonly parallel: boolean
  /** Identifies the matcher group (hooks of one parallel group run together). */
  readonly group: string
  /**
   * A command hook's command; for the other types the name the hook goes by
   * in runs, traces and default texts (`POST <url>`, `mcp <server>/<tool>`,
   * `prompt: <text>`).
   */
  readonly command: string
  /** What the hook runs when it is not a command (`http`, `mcp_tool`, `prompt`, `agent`); since 0.2.0. */
  readonly handler?: TransportHandler
  readonly timeoutSeconds: number | undefined
  readonly onFailure: OnFailure
  /**
   * The hook's limit on follow-up turns (Cursor's `loop_limit`; `null`: none): its Stop or SubagentStop
   * block is only shown once the payload's loop count reaches it. Absent: the dialect's default. Since 0.5.0.
   */
  readonly loopLimit?: number | null
  /**
   * The folder the hook runs in, when not the project: absolute, or relative to the project (Cursor runs
   * `~/.cursor/hooks.json`'s in `~/.cursor/`; Copilot's entries may say `cwd`); since 0.5.0.
   */
  readonly cwd?: string
  readonly env: ReadonlyArray<string> | undefined
  /** Variables set for the hook, over the inherited ones (Gemini CLI's `env` object of values); since 0.5.0. */
  readonly addedEnv?: { readonly [name: string]: string }
  /** The hook's name (Gemini CLI's `name`): it names the hook in messages; since 0.5.0. */
  readonly name?: string
  /**
   * The agent's name of the event the hook is configured under, when it differs from `event` (Gemini CLI's
   * `BeforeTool` for PreToolUse): the payload's `hook_event_name`; since 0.5.0.
   */
  readonly agentEvent?: string
  readonly file: string
  readonly scope: SettingsScope
  /** JSON path of the hook in its file. */
  readonly path: string
  /** The plugin the hook came from (scope `plugin`); its command has the plugin placeholders substituted. */
  readonly plugin?: PluginSource
  /**
   * The dialect of the file the hook is written in (`.wave/` files wave,
   * `.claude/` files claude-code; a plugin's, that of the file or option that
   * named it): its answer is decided, its matcher tested, its default timeout
   * and its variables chosen in it. Absent: the run's dialect. Since 0.2.0.
   */
  readonly dialect?: Dialect
}

/**
 * One validated settings file.
 *
 * @category models
 * @since 0.1.0
 */
export interface ValidatedSettings {
  readonly file: string
  readonly scope: SettingsScope
  /** The dialect the file was read in (the agent it was written for); since 0.2.0. */
  readonly dialect?: Dialect
  /**
   * False when none of its hooks could be read: not valid JSON, not a JSON
   * object, a `hooks` that is not an object, not a regular file, or too big.
   * A user or managed file that is not readable denies every tool call
   * (`unreadableSettingsEffects`).
   */
  readonly readable: boolean
  readonly hooks: ReadonlyArray<ConfiguredHook>
  readonly disableAllHooks: boolean | undefined
  /** `askTimeoutSeconds` of this file, when it sets a valid one. */
  readonly askTimeoutSeconds?: number
  /** The valid variables of this file's `env` map. */
  readonly env?: { readonly [name: string]: string }
  /** The plugin directories this file names (`plugins`), as written. */
  readonly plugins?: ReadonlyArray<string>
  /** The valid entries of this file's `enabledPlugins` (`"name@marketplace": true | false`); since 0.2.0. */
  readonly enabledPlugins?: { readonly [id: string]: boolean }
  /** `allowManagedHooksOnly` of this file (it counts only in a managed file). */
  readonly allowManagedHooksOnly?: boolean
  /** `allowedHttpHookUrls` and `httpHookAllowedEnvVars` of this file, when it sets valid ones; since 0.2.0. */
  readonly httpHookPolicy?: HttpHookPolicy
  /** The valid entries of this file's `mcpServers`; since 0.2.0. */
  readonly mcpServers?: { readonly [name: string]: McpServerConfig }
  /** `auditLog` of a user or managed file (elsewhere a warning, ignored); since 0.2.0. */
  readonly auditLog?: string
  /** Of a plugin's hooks file: the plugin. */
  readonly plugin?: PluginSource
  readonly diagnostics: ReadonlyArray<SettingsDiagnostic>
  /**
   * Hook names (else commands) this file switches off in every file of the run (Gemini CLI's
   * `hooksConfig.disabled`); since 0.5.0.
   */
  readonly disabledHooks?: ReadonlyArray<string>
  /**
   * The agent's keys of the hooks this user file switches off (Codex CLI's `hooks.state` entries with
   * `enabled = false`; `agentHookKeyOf` gives a hook's key); since 0.5.0.
   */
  readonly disabledHookKeys?: ReadonlyArray<string>
  /** Trust of a project or local file (absent: not checked, e.g. user settings). */
  readonly trust?: TrustState
  /** SHA-256 of the content (set by the runner when it read the file). */
  readonly sha256?: string
  /** The hooks of an untrusted file, which do not run. */
  readonly untrustedHooks?: ReadonlyArray<ConfiguredHook>
  /**
   * The file-wide settings of an untrusted file (`disableAllHooks`,
   * `askTimeoutSeconds`), which are ignored: an untrusted file changes nothing
   * about what runs.
   */
  readonly untrustedSettings?: {
    readonly disableAllHooks?: boolean
    readonly askTimeoutSeconds?: number
    readonly env?: { readonly [name: string]: string }
    readonly plugins?: ReadonlyArray<string>
    readonly enabledPlugins?: { readonly [id: string]: boolean }
    readonly httpHookPolicy?: HttpHookPolicy
    readonly mcpServers?: { readonly [name: string]: McpServerConfig }
  }
  /**
   * Of a trusted file: the hooks that do not run because a project file they
   * name changed since the file was trusted (or its state was never recorded).
   */
  readonly hooksWithChangedScripts?: ReadonlyArray<{
    readonly hook: ConfiguredHook
    readonly changes: ReadonlyArray<ScriptChange>
  }>
  /**
   * Of a trusted file: the `mcpServers` entries left out of `mcpServers`
   * (never started) because a project file their `command`, `args` or `cwd`
   * name changed since the file was trusted (or was never recorded); the
   * `mcp_tool` hooks calling them move to `hooksWithChangedScripts`. Since
   * 0.2.0.
   */
  readonly serversWithChangedScripts?: ReadonlyArray<{
    readonly name: string
    readonly changes: ReadonlyArray<ScriptChange>
  }>
}
