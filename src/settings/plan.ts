/**
 * Layering of user / project / local settings and planning which hooks run
 * for an event, in what order and groups (ARCHITECTURE sections 6-7). Pure:
 * the runner carries the plan out.
 *
 * @since 0.1.0
 */
import { hookStateKeyOf } from "./hook-state-key.ts"
import { identityKey } from "../core/dedupe.ts"
import { canonicalJson } from "../internal/canonical-json.ts"
import type { Dialect } from "../core/dialect.ts"
import type { HookEvent } from "../core/events.ts"
import { dialectRules } from "../core/dialect.ts"
import { agentEventNamed, agentEventOf } from "../core/dialect-events.ts"
import { payloadForHook } from "../core/copilot-payload.ts"
import { matcherOptionsOf, matches } from "../core/matcher.ts"
import { isBackgroundHook } from "./handler-fields.ts"
import { conditionOutcome } from "./hook-condition.ts"
import { defaultTimeoutSecondsFor } from "./hook-timeouts.ts"
import type { ConfiguredHook, SettingsDiagnostic, SettingsScope, ValidatedSettings } from "./settings-schema.ts"
import type { ExcludedByPolicy } from "./managed-policy.ts"
import { applyHookPolicy, fileCounts } from "./managed-policy.ts"
import type { HttpHookPolicy } from "./http-hook-config.ts"
import { mergeHttpHookPolicies } from "./http-hook-config.ts"
import type { McpServerConfig } from "./mcp-tool-hook-config.ts"
import { modelHookDefaultTimeoutSeconds } from "./hook-timeouts.ts"

// ====== Layering, selection, dedupe ======

/**
 * Every settings file of a session, layered.
 *
 * @category models
 * @since 0.1.0
 */
export interface SettingsSnapshot {
  /**
   * The run's dialect: `--dialect` (`SettingsSources.dialect`) when given;
   * else claude-code when every settings file found is a Claude Code one
   * (`.claude/`, `/etc/claude-code`), else wave. It decides what is the run's
   * (payload defaults, the CLI's output, the Stop-loop variables); each hook is
   * decided in its own file's dialect (`ConfiguredHook.dialect`).
   */
  readonly dialect: Dialect
  readonly files: ReadonlyArray<ValidatedSettings>
  /** All hooks in managed, user, project, local, plugin order (array order within a file). */
  readonly hooks: ReadonlyArray<ConfiguredHook>
  /** No hook runs: `disableAllHooks` (see `applyHookPolicy` for managed settings). */
  readonly disabled: boolean
  /** The settings-level `env` of the files that count, later files winning (since 0.2.0). */
  readonly env?: { readonly [name: string]: string }
  /**
   * The `http` hook allowlists of the files that count, merged
   * (`mergeHttpHookPolicies`: joined across files, a managed list narrowed
   * by the others and never widened); since 0.2.0.
   */
  readonly httpHookPolicy?: HttpHookPolicy
  /** The `mcpServers` of the files that count, later files winning per name; since 0.2.0. */
  readonly mcpServers?: { readonly [name: string]: McpServerConfig }
  /**
   * The scope of the file each of `mcpServers` comes from (the file whose
   * entry won): a server of a (trusted) project or local file starts in the
   * project, one of user or managed settings does not; since 0.2.0.
   */
  readonly mcpServerScopes?: { readonly [name: string]: SettingsScope }
  /** Hooks that do not run because of `allowManagedHooksOnly` or a non-managed `disableAllHooks` (since 0.2.0). */
  readonly excludedByPolicy?: ExcludedByPolicy
  /** The `auditLog` of the managed settings, else of the user's (a project's is ignored); since 0.2.0. */
  readonly auditLog?: string
  /** Why the trust store could not be read (so no project or local file is trusted), with its path. */
  readonly trustStoreProblem?: string
}

/**
 * Layer validated files given in managed, user, project, local, plugin order:
 * hooks concatenate, nothing replaces; the last file that sets
 * `disableAllHooks` decides (managed settings: see `applyHookPolicy`). A
 * file whose `trust` is `untrusted` or `changed` counts for nothing: neither
 * its hooks nor its `disableAllHooks` nor its `env`, `http` allowlists or
 * `mcpServers` (fail closed: an untrusted project cannot switch the user's
 * guards off, nor declare a server a user's hook then starts).
 *
 * @category layering
 * @since 0.1.0
 */
export const layerSettings = (files: ReadonlyArray<ValidatedSettings>, dialect: Dialect): SettingsSnapshot => {
  const policy = applyHookPolicy(files)
  const counted = files.filter(fileCounts)
  // Gemini CLI's hooksConfig.disabled: the lists of the files that count, joined, switch hooks off by name or command.
  const switchedOff = new Set(counted.flatMap((f) => f.disabledHooks ?? []))
  // Codex CLI's hooks.state: the hooks the user switched off in Codex, by Codex's key for each.
  const keysOff = new Set(counted.flatMap((f) => f.disabledHookKeys ?? []))
  const hooks =
    switchedOff.size === 0 && keysOff.size === 0
      ? policy.hooks
      : policy.hooks.filter(
          (h) =>
            !switchedOff.has(h.command) &&
            (h.name === undefined || !switchedOff.has(h.name)) &&
            !keysOff.has(hookStateKeyOf(h) ?? "")
        )
  // A managed allowlist is narrowed by the other files' lists, never widened (mergeHttpHookPolicies).
  const policiesOf = (list: ReadonlyArray<ValidatedSettings>) =>
    list.flatMap((f) => (f.httpHookPolicy === undefined ? [] : [f.httpHookPolicy]))
  const httpHookPolicy = mergeHttpHookPolicies(
    policiesOf(counted.filter((f) => f.scope !== "managed")),
    policiesOf(counted.filter((f) => f.scope === "managed"))
  )
  const mcpServers: Record<string, McpServerConfig> = {}
  const mcpServerScopes: Record<string, SettingsScope> = {}
  for (const f of counted) {
    Object.assign(mcpServers, f.mcpServers ?? {})
    for (const name of Object.keys(f.mcpServers ?? {})) mcpServerScopes[name] = f.scope
  }
  const auditLog =
    files.find((f) => f.scope === "managed" && f.auditLog !== undefined)?.auditLog ??
    files.find((f) => f.scope === "user" && f.auditLog !== undefined)?.auditLog
  return {
    dialect,
    files,
    hooks,
    disabled: policy.disabled,
    env: policy.env,
    ...(Object.keys(httpHookPolicy).length === 0 ? {} : { httpHookPolicy }),
    ...(Object.keys(mcpServers).length === 0 ? {} : { mcpServers, mcpServerScopes }),
    ...(auditLog === undefined ? {} : { auditLog }),
    ...(policy.excluded === undefined ? {} : { excludedByPolicy: policy.excluded })
  }
}

/**
 * The dialect a hook is run and decided in: the dialect of the file it comes
 * from (`ConfiguredHook.dialect`), else the run's.
 *
 * @category selection
 * @since 0.2.0
 */
export const hookDialectOf = (hook: Pick<ConfiguredHook, "dialect">, runDialect: Dialect): Dialect =>
  hook.dialect ?? runDialect

/**
 * The timeout a hook runs with in `dialect`, in seconds: its own `timeout`,
 * else 30 for a `prompt` hook and 60 for an `agent` hook, else the default of
 * the event in `dialect`. A run passes the hook's own dialect
 * (`hookDialectOf`): a `.claude/` hook's PreToolUse default is 600 s, a
 * `.wave/` one's 60 s, in the same run.
 *
 * @category selection
 * @since 0.1.0
 */
export const effectiveTimeoutSeconds = (hook: ConfiguredHook, dialect: Dialect): number =>
  hook.timeoutSeconds ??
  (hook.handler?.type === "prompt" || hook.handler?.type === "agent"
    ? modelHookDefaultTimeoutSeconds[hook.handler.type]
    : defaultTimeoutSecondsFor(hook.event, dialect))

/**
 * The key under which two hooks are the same run (they run once): the
 * command and effective timeout, plus the exec-form `args`, the `shell` and
 * whether it runs in the background when set (the same text run differently
 * is a different run). A hook of another type: its whole handler (URL and
 * headers, server, tool and input, prompt and model) and timeout. The timeout
 * is compared in `dialect` (the run's), whatever file a hook comes from, so
 * the same hook copied into `.wave/` and `.claude/` settings runs once.
 *
 * @category selection
 * @since 0.2.0
 */
export const runIdentityKey = (hook: ConfiguredHook, dialect: Dialect): string => {
  // Planned on every event: a hook's key is computed once per dialect (a snapshot's hooks are immutable values).
  const known = identityKeys.get(hook)
  if (known !== undefined && known.dialect === dialect) return known.key
  const key = identityKeyOf(hook, dialect)
  identityKeys.set(hook, { dialect, key })
  return key
}

const identityKeys = new WeakMap<ConfiguredHook, { readonly dialect: Dialect; readonly key: string }>()

const identityKeyOf = (hook: ConfiguredHook, dialect: Dialect): string => {
  // Codex CLI runs every hook, identical ones too: each is its own run.
  if (dialectRules[dialect].dedupeKey === "none") return JSON.stringify(["each", hook.file, hook.path])
  // Gemini CLI: the same name and command are one hook, whatever their timeouts.
  if (dialectRules[dialect].dedupeKey === "name-and-command")
    return JSON.stringify(["name", hook.name ?? "", hook.command, hook.shell ?? "", ...(hook.args ?? [])])
  if (hook.handler !== undefined) {
    // Two hooks of another type are the same run only when their whole handler is the same (key order aside).
    return identityKey({ command: canonicalJson(hook.handler), timeoutSeconds: effectiveTimeoutSeconds(hook, dialect) })
  }
  const plain = hook.args === undefined && hook.shell === undefined && !isBackgroundHook(hook)
  return (
    identityKey({
      command: plain
        ? hook.command
        : JSON.stringify([hook.shell ?? "", isBackgroundHook(hook) ? "async" : "", hook.command, ...(hook.args ?? [])]),
      timeoutSeconds: effectiveTimeoutSeconds(hook, dialect)
    }) + (hook.plugin === undefined ? "" : `\u0000plugin:${hook.plugin.root}`)
  ) // a plugin's copy stays separate
}

/**
 * One step of a hook run plan: a hook on its own, or a parallel group.
 *
 * @category models
 * @since 0.1.0
 */
export type PlanStep =
  | { readonly _tag: "Sequential"; readonly hook: ConfiguredHook }
  | { readonly _tag: "Parallel"; readonly group: string; readonly hooks: ReadonlyArray<ConfiguredHook> }

/**
 * Which hooks run for an event, in order.
 *
 * @category models
 * @since 0.1.0
 */
export interface HookPlan {
  readonly steps: ReadonlyArray<PlanStep>
  /** Hooks that were not run because an identical one runs earlier. */
  readonly duplicates: ReadonlyArray<{ readonly hook: ConfiguredHook; readonly sameAs: ConfiguredHook }>
  /** `async` / `asyncRewake` hooks to start in the background (not in `steps`, not in the decision). */
  readonly background?: ReadonlyArray<ConfiguredHook>
  /** Hooks whose `if` could not be tested (a Bash command that does not parse): they run (fail open). */
  readonly failedOpen?: ReadonlyArray<{ readonly hook: ConfiguredHook; readonly reason: string }>
  /** Hooks left out because their `if` does not match the tool call (or the event is not a tool event). */
  readonly conditionFalse?: ReadonlyArray<ConfiguredHook>
  /** `once` hooks left out because they already ran successfully in this session. */
  readonly alreadyRan?: ReadonlyArray<ConfiguredHook>
}

/**
 * What `planHooks` needs besides the settings and the payload: where `if`
 * path rules are resolved, and the `once` hooks a session already ran.
 *
 * @category models
 * @since 0.2.0
 */
export interface PlanContext {
  /** The project directory (`Edit(src/**)` is relative to it). */
  readonly projectDir?: string
  /** The home directory (`Read(~/.ssh/**)`). */
  readonly homeDir?: string
  /** `onceKey`s of the `once` hooks that already ran successfully. */
  readonly ranOnce?: ReadonlySet<string>
  /**
   * The agent's name of the event that fired (Cursor's `beforeShellExecution`): only the hooks configured
   * under that name run, of the dialects that have it. Absent: every hook of the internal event. Since 0.5.0.
   */
  readonly agentEvent?: string
}

/**
 * The key a session remembers a `once` hook under: its file and JSON path.
 *
 * @category selection
 * @since 0.2.0
 */
export const onceKey = (hook: Pick<ConfiguredHook, "file" | "path">): string => `${hook.file}\u0000${hook.path}`

/**
 * The value an event's matcher is tested against (`tool_name`, `agent_type`,
 * ...), from the payload; `undefined` for events without a matcher.
 *
 * @category selection
 * @since 0.1.0
 */
export const matchValueOf = (
  event: HookEvent,
  payload: { readonly [key: string]: unknown },
  dialect: Dialect = "wave",
  agentEvent?: string
): string | undefined => {
  const row =
    (agentEvent === undefined ? undefined : agentEventNamed(dialect, agentEvent)) ?? agentEventOf(dialect, event)
  const field = row?.matcherField
  if (field === undefined) return undefined
  const value = payload[field]
  if (typeof value !== "string") return ""
  // FileChanged matchers list file names to watch: test the last segment of the path.
  return event === "FileChanged" ? value.slice(Math.max(value.lastIndexOf("/"), value.lastIndexOf("\\")) + 1) : value
}

/** The event an agent event name is a spelling of (Copilot's `PreToolUse` is `preToolUse`), else the name. */
const spelling = (dialect: Dialect, name: string): string => agentEventNamed(dialect, name)?.spellingOf ?? name

/** A matcher against a name or one of its aliases in the dialect (Codex CLI: `apply_patch` is `Edit` and `Write`). */
const matchesNameOrAlias = (
  matcher: string | undefined,
  name: string,
  dialect: Dialect,
  options: ReturnType<typeof matcherOptionsOf>
): boolean =>
  matches(matcher, name, dialect, options) ||
  (Object.hasOwn(dialectRules[dialect].toolNameAliases, name) &&
    (dialectRules[dialect].toolNameAliases[name] ?? []).some((alias) => matches(matcher, alias, dialect, options)))

/**
 * Select the hooks of an event whose matcher matches, dedupe identical ones
 * (same command and effective timeout: the first runs, in its place), and
 * group parallel matcher groups.
 *
 * **Details**
 *
 * A hook with `if` runs only on tool events, for tool calls its permission
 * rule matches (`Bash(git commit:*)`; see `ruleMatches`); a Bash command that
 * cannot be parsed runs it (listed in `failedOpen`). A `once` hook whose
 * `onceKey` is in `context.ranOnce` is left out. `async` and `asyncRewake`
 * hooks go to `background`, not to `steps`.
 *
 * **Example** (A plan)
 *
 * ```ts
 * planHooks(snapshot, "PreToolUse", { tool_name: "Bash" })
 * // => { steps: [{ _tag: "Sequential", hook: guard }], duplicates: [] }
 * ```
 *
 * @category selection
 * @since 0.1.0
 */
export const planHooks = (
  snapshot: SettingsSnapshot,
  event: HookEvent,
  payload: { readonly [key: string]: unknown },
  context: PlanContext = {}
): HookPlan => {
  if (snapshot.disabled) return { steps: [], duplicates: [] }
  const value = matchValueOf(event, payload, snapshot.dialect)
  const seen = new Map<string, ConfiguredHook>()
  const duplicates: Array<{ hook: ConfiguredHook; sameAs: ConfiguredHook }> = []
  const steps: Array<PlanStep> = []
  const background: Array<ConfiguredHook> = []
  const failedOpen: Array<{ hook: ConfiguredHook; reason: string }> = []
  const conditionFalse: Array<ConfiguredHook> = []
  const alreadyRan: Array<ConfiguredHook> = []
  const ruleContext = {
    ...(context.projectDir === undefined ? {} : { projectDir: context.projectDir }),
    ...(context.homeDir === undefined ? {} : { homeDir: context.homeDir })
  }
  for (const hook of snapshot.hooks) {
    if (hook.event !== event) continue
    // Each hook's matcher is tested as its own agent tests it: anchored in wave, unanchored in claude-code.
    const dialect = hookDialectOf(hook, snapshot.dialect)
    // An agent event fired by name runs the hooks configured under that name, or another spelling of it (of
    // the dialects that have it).
    if (
      context.agentEvent !== undefined &&
      agentEventNamed(dialect, context.agentEvent) !== undefined &&
      spelling(dialect, hook.agentEvent ?? hook.event) !== spelling(dialect, context.agentEvent)
    )
      continue
    const tested =
      hook.agentEvent !== undefined
        ? matchValueOf(
            event,
            payloadForHook(dialect, context.agentEvent, hook.agentEvent, payload),
            dialect,
            hook.agentEvent
          )
        : dialect === snapshot.dialect
          ? value
          : matchValueOf(event, payload, dialect)
    if (tested !== undefined && !matchesNameOrAlias(hook.matcher, tested, dialect, matcherOptionsOf(event, dialect)))
      continue
    const condition = conditionOutcome(hook.if, event, payload, ruleContext)
    if (condition._tag === "NoMatch") {
      conditionFalse.push(hook)
      continue
    }
    if (hook.once === true && context.ranOnce?.has(onceKey(hook)) === true) {
      alreadyRan.push(hook)
      continue
    }
    const key = runIdentityKey(hook, snapshot.dialect)
    const first = seen.get(key)
    if (first !== undefined) {
      duplicates.push({ hook, sameAs: first })
      continue
    }
    seen.set(key, hook)
    if (condition._tag === "Unparseable") failedOpen.push({ hook, reason: condition.reason })
    if (isBackgroundHook(hook)) {
      background.push(hook)
      continue
    }
    const last = steps[steps.length - 1]
    if (hook.parallel && last !== undefined && last._tag === "Parallel" && last.group === hook.group) {
      steps[steps.length - 1] = { ...last, hooks: [...last.hooks, hook] }
    } else if (hook.parallel) steps.push({ _tag: "Parallel", group: hook.group, hooks: [hook] })
    else steps.push({ _tag: "Sequential", hook })
  }
  return {
    steps,
    duplicates,
    ...(background.length === 0 ? {} : { background }),
    ...(failedOpen.length === 0 ? {} : { failedOpen }),
    ...(conditionFalse.length === 0 ? {} : { conditionFalse }),
    ...(alreadyRan.length === 0 ? {} : { alreadyRan })
  }
}

/**
 * Errors that skipped entries configured for an event (or for a misspelling
 * of it): `run` reports these so a broken guard is never silent.
 *
 * @category selection
 * @since 0.1.0
 */
export const skippedEntriesFor = (snapshot: SettingsSnapshot, event: HookEvent): ReadonlyArray<SettingsDiagnostic> =>
  snapshot.files.flatMap((f) =>
    f.diagnostics.filter((d) => (d.severity === "error" || d.skipped === true) && (d.event === event || !f.readable))
  )

/**
 * Settings files that were ignored for an event because the file is not
 * trusted (or changed since it was trusted): those with hooks for the event,
 * and those whose file-wide settings (`disableAllHooks`, `askTimeoutSeconds`,
 * `env`, `plugins`, `enabledPlugins`) were ignored, which concern every event.
 *
 * @category selection
 * @since 0.1.0
 */
export const untrustedFilesFor = (snapshot: SettingsSnapshot, event: HookEvent): ReadonlyArray<ValidatedSettings> =>
  snapshot.disabled
    ? []
    : snapshot.files.filter(
        (f) =>
          f.trust !== undefined &&
          f.trust !== "trusted" &&
          ((f.untrustedHooks ?? []).some((h) => h.event === event) || ignoredSettingsOf(f).length > 0)
      )

/**
 * The file-wide settings of an untrusted file that were ignored, as JSON
 * members (`"disableAllHooks": true`).
 *
 * @category selection
 * @since 0.1.0
 */
export const ignoredSettingsOf = (file: ValidatedSettings): ReadonlyArray<string> => {
  const ignored = file.untrustedSettings
  if (ignored === undefined) return []
  return [
    ...(ignored.disableAllHooks === undefined ? [] : [`"disableAllHooks": ${ignored.disableAllHooks}`]),
    ...(ignored.askTimeoutSeconds === undefined ? [] : [`"askTimeoutSeconds": ${ignored.askTimeoutSeconds}`]),
    ...(ignored.env === undefined ? [] : [`"env" (${Object.keys(ignored.env).join(", ") || "empty"})`]),
    ...(ignored.plugins === undefined ? [] : [`"plugins": ${JSON.stringify(ignored.plugins)}`]),
    ...(ignored.enabledPlugins === undefined ? [] : [`"enabledPlugins": ${JSON.stringify(ignored.enabledPlugins)}`]),
    ...(ignored.httpHookPolicy?.allowedHttpHookUrls === undefined
      ? []
      : [`"allowedHttpHookUrls": ${JSON.stringify(ignored.httpHookPolicy.allowedHttpHookUrls)}`]),
    ...(ignored.httpHookPolicy?.httpHookAllowedEnvVars === undefined
      ? []
      : [`"httpHookAllowedEnvVars": ${JSON.stringify(ignored.httpHookPolicy.httpHookAllowedEnvVars)}`]),
    ...(ignored.mcpServers === undefined
      ? []
      : [`"mcpServers" (${Object.keys(ignored.mcpServers).join(", ") || "empty"})`])
  ]
}

/**
 * Hooks of an event that did not run because a project file they name changed
 * since their settings file was trusted, with the changes.
 *
 * @category selection
 * @since 0.1.0
 */
export const changedScriptHooksFor = (
  snapshot: SettingsSnapshot,
  event: HookEvent
): ReadonlyArray<NonNullable<ValidatedSettings["hooksWithChangedScripts"]>[number]> =>
  snapshot.disabled
    ? []
    : snapshot.files.flatMap((f) => (f.hooksWithChangedScripts ?? []).filter((b) => b.hook.event === event))
