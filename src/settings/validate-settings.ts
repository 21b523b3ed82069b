/**
 * Validation of a settings file's text with diagnostics that never drop a
 * whole file for one bad entry (ARCHITECTURE section 7).
 *
 * @since 0.1.0
 */
import { Predicate, Result, Schema } from "effect"
import type { Dialect } from "../core/dialect.ts"
import type { SettingsFormat, SettingsKeys } from "../core/dialect.ts"
import { dialectRules } from "../core/dialect.ts"
import type { HookEvent } from "../core/events.ts"
import { agentEventNamed, dialectEvents, eventsNotRunYet } from "../core/dialect-events.ts"
import type { OnFailure } from "../core/hook-run.ts"
import { OnFailure as OnFailureSchema } from "../core/hook-run.ts"
import { compileMatcher, matcherOptionsOf } from "../core/matcher.ts"
import { describeValue, jsonPath } from "../core/read-output.ts"
import { jsonSyntaxError } from "../internal/json-syntax.ts"
import { closest, editDistance } from "../internal/suggest.ts"
import type { ReportDiagnostic } from "./handler-fields.ts"
import { hookKeysOf, validateHandlerFields } from "./handler-fields.ts"
import type { ConfiguredHook, SettingsDiagnostic, SettingsScope, ValidatedSettings } from "./settings-schema.ts"
import { HookCommandConfig } from "./settings-schema.ts"
import type { HookType, HttpHandler, McpToolHandler } from "./hook-types.ts"
import { eventsOfTypeText, hookTypes, typeRunsOn } from "./hook-types.ts"
import { HttpHookConfig, httpHookLabel, httpsOnlyProblem, redactUrl } from "./http-hook-config.ts"
import { McpToolHookConfig, mcpToolHookLabel } from "./mcp-tool-hook-config.ts"
import { checkModelHook } from "./prompt-hook-config.ts"
import { modelHookLabel } from "../core/prompt-verdict.ts"
import { httpHookFindings, mcpToolHookFindings } from "./transport-hook-diagnostics.ts"
import { fileSettingsKeys, readFileSettings } from "./file-settings.ts"
import { claudeCodeCommandHookKeys, claudeCodeGroupKeys, claudeCodeSettingsKeys } from "./claude-code-keys.ts"
import { readEnabledPlugins } from "./enabled-plugins.ts"
import { quoteVariableReferences } from "./plugin-hooks.ts"
import stripJsonComments from "strip-json-comments"
import { parse as parseToml, TomlError } from "smol-toml"

// ====== Rendering ======

/**
 * One diagnostic as a line: `FILE: JSON-PATH: problem; fix`.
 *
 * @category rendering
 * @since 0.1.0
 */
export const formatSettingsDiagnostic = (d: SettingsDiagnostic): string =>
  `${d.file}: ${d.path}: ${d.severity === "warning" ? "warning: " : ""}${d.problem}; ${d.fix}`

/**
 * The ask timeout the settings set, in seconds: `askTimeoutSeconds` of the
 * last file (user, project, local order) that sets it, among the files whose
 * hooks run (user settings and trusted project and local files); `undefined`
 * when none does (questions wait until answered).
 *
 * **Details**
 *
 * A timeout only ever denies (it fails closed), so a trusted project may set
 * one for its unattended runs; an untrusted file's value is ignored like its
 * hooks.
 *
 * **Example** (The local file wins)
 *
 * ```ts
 * askTimeoutSecondsOf([{ ...user, askTimeoutSeconds: 300 }, { ...local, trust: "trusted", askTimeoutSeconds: 60 }])
 * // => 60
 * ```
 *
 * @category settings
 * @since 0.1.0
 */
export const askTimeoutSecondsOf = (
  files: ReadonlyArray<Pick<ValidatedSettings, "askTimeoutSeconds" | "trust">>
): number | undefined => {
  let seconds: number | undefined
  for (const f of files)
    if (f.askTimeoutSeconds !== undefined && (f.trust === undefined || f.trust === "trusted"))
      seconds = f.askTimeoutSeconds
  return seconds
}

// ====== Validation ======

/**
 * Line and column (1-based) of a character offset.
 *
 * @category validation
 * @since 0.1.0
 */
const lineColumnOf = (text: string, offset: number): { readonly line: number; readonly column: number } => {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}

const syntaxDiagnostic = (
  text: string,
  file: string,
  error: unknown,
  format: SettingsFormat = "json"
): SettingsDiagnostic => {
  const located = jsonSyntaxError(text)
  const where =
    text.trim().length === 0
      ? "the file is empty"
      : located === undefined
        ? (error instanceof Error ? error.message : String(error)).split("\n")[0]!
        : (() => {
            const { column, line } = lineColumnOf(text, located.offset)
            return `at line ${line}, column ${column}: ${located.message}`
          })()
  return {
    severity: "error",
    file,
    path: "$",
    problem: `not valid JSON (${where}); none of its hooks can run`,
    fix:
      format === "jsonc"
        ? "fix the JSON syntax (no trailing commas; strings in double quotes), then run wave-hooks validate"
        : "fix the JSON syntax (no trailing commas or comments; strings in double quotes), then run wave-hooks validate"
  }
}

const isHookType = (value: unknown): value is HookType =>
  typeof value === "string" && (hookTypes as ReadonlyArray<string>).includes(value)
/** A timeout as the settings schema takes it: a finite number of seconds above 0 (written out, so `run` need not build that schema). */
const isPositiveTimeout = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value > 0
const isOnFailure = Schema.is(OnFailureSchema)
const isStringArray = Schema.is(Schema.Array(Schema.String))
const envName = /^[A-Za-z_][A-Za-z0-9_]*$/
const knownHookKeys: ReadonlySet<string> = new Set([
  ...Object.keys(HookCommandConfig.fields),
  ...claudeCodeCommandHookKeys
])
const ownGroupKeys = ["matcher", "parallel", "hooks"]
const knownGroupKeys: ReadonlySet<string> = new Set([...ownGroupKeys, ...claudeCodeGroupKeys])

/**
 * The known key `key` is most likely a misspelling of: at most a quarter of
 * it changed (at least 1, at most 3 edits), so only real slips ("hook",
 * "permission", "statusMesage") are reported, not a setting of another tool
 * that happens to share letters with a known key.
 */
const misspelt = (key: string, known: Iterable<string>): string | undefined => {
  const limit = Math.min(3, Math.max(1, Math.floor(key.length / 4)))
  let best: string | undefined
  let bestDistance = limit + 1
  for (const candidate of known) {
    const distance = editDistance(key, candidate)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}
const knownTopLevelKeys: ReadonlyArray<string> = [
  "hooks",
  "disableAllHooks",
  "askTimeoutSeconds",
  "$schema",
  ...fileSettingsKeys,
  "enabledPlugins"
]
/** A plugin's `hooks/hooks.json` holds `hooks` and an optional `description`. */
const pluginTopLevelKeys: ReadonlyArray<string> = ["hooks", "description", "$schema"]

/** A settings text parsed in its format, or why it cannot be (a diagnostic with the line and column). */
const parseSettingsText = (
  text: string,
  format: SettingsFormat,
  file: string
):
  | { readonly _tag: "Parsed"; readonly value: unknown }
  | { readonly _tag: "Unreadable"; readonly diagnostic: SettingsDiagnostic } => {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text
  if (format === "toml") {
    try {
      return { _tag: "Parsed", value: parseToml(body) }
    } catch (error) {
      const where =
        error instanceof TomlError
          ? `at line ${error.line}, column ${error.column}: ${error.message.split("\n")[0]}`
          : String(error)
      return {
        _tag: "Unreadable",
        diagnostic: {
          severity: "error",
          file,
          path: "$",
          problem: `not valid TOML (${where}); none of its hooks can run`,
          fix: "fix the TOML syntax (strings in quotes; [[hooks.PreToolUse]] then [[hooks.PreToolUse.hooks]]), then run wave-hooks validate"
        }
      }
    }
  }
  // Comments become spaces (JSONC), so a syntax error's line and column stay those of the file.
  const json = format === "jsonc" ? stripJsonComments(body) : body
  try {
    return { _tag: "Parsed", value: JSON.parse(json) }
  } catch (error) {
    return { _tag: "Unreadable", diagnostic: syntaxDiagnostic(json, file, error, format) }
  }
}

/**
 * Options of `validateSettings`.
 *
 * @category models
 * @since 0.1.0
 */
export interface ValidateOptions {
  readonly file: string
  readonly scope: SettingsScope
  /** How the file is written; default: as the dialect's user settings file (since 0.5.0). */
  readonly format?: SettingsFormat
  /** What its top-level keys are; default: as the dialect's user settings file (since 0.5.0). */
  readonly keys?: SettingsKeys
  /** Its `hooks` hold flat entries, one hook each (Copilot's inline settings hooks; since 0.5.0). */
  readonly entries?: "flat"
  readonly dialect: Dialect
}

/**
 * Validate the text of a settings file.
 *
 * **Details**
 *
 * Errors skip only their entry: an unknown event (with the closest valid
 * name), a matcher that is not a valid regular expression or uses syntax the
 * linear-time matcher cannot run (backreferences, lookaround), a missing or empty
 * command, an unknown hook type, a timeout that is not a positive number, a
 * bad `onFailure` or `env`, a bad handler field (`if`, `async`, `asyncRewake`,
 * `once`, `shell`, `args`: see `validateHandlerFields`). Warnings keep the
 * entry: a Claude Code event this version does not run (`Setup`: no `event`
 * on the diagnostic, so runs of other events never report it), a timeout of
 * 1000 or more (looks like milliseconds), a matcher on an event that takes
 * none, the handler-field warnings, unknown keys (with the known key it is most likely a misspelling of; Claude Code's
 * own settings, a matcher group's `description` and `id` and a hook's `rewakeSummary` are known and not reported; in a
 * Claude Code file only misspellings are reported, as it may hold settings newer than the list).
 * A top-level key close to `hooks` in a file without `hooks` is an error: the
 * file configures nothing. A file that is not JSON yields one error with line
 * and column.
 *
 * **Example** (One bad entry among good ones)
 *
 * ```ts
 * validateSettings('{"hooks":{"Stop":[{"hooks":[{"type":"command","command":""},{"type":"command","command":"ok.sh"}]}]}}',
 *   { file: ".wave/settings.json", scope: "project", dialect: "wave" })
 * // => hooks: [ok.sh], diagnostics: [error at $.hooks.Stop[0].hooks[0].command]
 * ```
 *
 * @category validation
 * @since 0.1.0
 */
export const validateSettings = (text: string, options: ValidateOptions): ValidatedSettings => {
  // The file and each of its hooks carry the dialect they were read in: a hook is decided in its file's dialect.
  const validated = validateSettingsText(text, options)
  return {
    ...validated,
    dialect: options.dialect,
    hooks: validated.hooks.map((hook) => ({ ...hook, dialect: options.dialect }))
  }
}

// long: the walk over a settings file: the top-level keys, then events, groups and hooks, sharing one report
const validateSettingsText = (text: string, options: ValidateOptions): ValidatedSettings => {
  const { dialect, file, scope } = options
  const defaults = dialectRules[dialect].settingsFiles[0]
  const format = options.format ?? defaults?.format ?? "json"
  const keys = options.keys ?? defaults?.keys ?? "settings"
  const parsed = parseSettingsText(text, format, file)
  if (parsed._tag === "Unreadable")
    return { file, scope, readable: false, hooks: [], disableAllHooks: undefined, diagnostics: [parsed.diagnostic] }
  const json = parsed.value
  const diagnostics: Array<SettingsDiagnostic> = []
  const hooks: Array<ConfiguredHook> = []
  const report = (
    severity: SettingsDiagnostic["severity"],
    path: ReadonlyArray<string | number>,
    problem: string,
    fix: string,
    event?: HookEvent,
    extra?: { readonly skipped: true }
  ) =>
    diagnostics.push({
      severity,
      file,
      path: jsonPath(path),
      problem,
      fix,
      ...(event === undefined ? {} : { event }),
      ...(extra === undefined ? {} : extra)
    })

  if (!Predicate.isObject(json)) {
    report(
      "error",
      [],
      `expected a JSON object, found ${describeValue(json)}; none of its hooks can run`,
      'write the settings as an object: {"hooks": {...}}'
    )
    return { file, scope, readable: false, hooks, disableAllHooks: undefined, diagnostics }
  }
  const root = json as Record<string, unknown>
  if (keys === "hooks-file") {
    const unknown = Object.keys(root).filter((key) => key !== "hooks" && key !== "description" && key !== "$schema")
    if (unknown.length > 0) {
      for (const key of unknown)
        report(
          "error",
          [key],
          `unknown key "${key}": a hooks file holds only "hooks" and "description", and ${dialect} rejects the whole file for it; none of its hooks can run`,
          `remove "${key}"${closest(key, ["hooks", "description"]) === undefined ? "" : ` (did you mean "${closest(key, ["hooks", "description"])}"?)`}`
        )
      return { file, scope, readable: false, hooks, disableAllHooks: undefined, diagnostics }
    }
    if (!("hooks" in root)) return { file, scope, readable: true, hooks, disableAllHooks: undefined, diagnostics }
    return walkHooks(root, options, report, hooks, diagnostics, { disableAllHooks: undefined })
  }
  if (keys === "flat-hooks-file") {
    const fileSwitch = dialectRules[dialect].hooksFileSwitch
    for (const key of Object.keys(root)) {
      if (key === "hooks" || key === "version" || key === "$schema") continue
      if (fileSwitch && key === "disableAllHooks") continue
      const near = closest(key, ["hooks", "version"])
      report(
        "warning",
        [key],
        `unknown key "${key}"; it is ignored (a ${dialect} hooks file holds "version" and "hooks")`,
        near === undefined ? `remove "${key}"` : `did you mean "${near}"?`
      )
    }
    if ("version" in root && root["version"] !== 1)
      report(
        "warning",
        ["version"],
        `expected 1, found ${describeValue(root["version"])}; the file is read as version 1`,
        'write "version": 1'
      )
    // Copilot: a hooks file's disableAllHooks switches off that file's hooks, and only those.
    if (fileSwitch && "disableAllHooks" in root && typeof root["disableAllHooks"] !== "boolean")
      report(
        "error",
        ["disableAllHooks"],
        `expected true or false, found ${describeValue(root["disableAllHooks"])}; the setting was ignored`,
        'write "disableAllHooks": true to switch this file\'s hooks off, or remove it'
      )
    if (!("hooks" in root) || (fileSwitch && root["disableAllHooks"] === true))
      return { file, scope, readable: true, hooks, disableAllHooks: undefined, diagnostics }
    return walkHooks(root, options, report, hooks, diagnostics, { disableAllHooks: undefined })
  }
  if (keys === "agent-settings") {
    const switches = readHookSwitches(root, dialect, scope, report)
    const fileSettings = {
      disableAllHooks: switches.disableAllHooks,
      ...(switches.disabled.length === 0 ? {} : { disabledHooks: switches.disabled }),
      ...(switches.disabledKeys.length === 0 ? {} : { disabledHookKeys: switches.disabledKeys }),
      ...(switches.allowManagedHooksOnly === undefined ? {} : { allowManagedHooksOnly: switches.allowManagedHooksOnly })
    }
    if (!("hooks" in root)) return { file, scope, readable: true, hooks, ...fileSettings, diagnostics }
    return walkHooks(root, options, report, hooks, diagnostics, fileSettings)
  }
  let disableAllHooks: boolean | undefined
  if ("disableAllHooks" in root) {
    if (typeof root["disableAllHooks"] === "boolean") disableAllHooks = root["disableAllHooks"]
    else {
      report(
        "error",
        ["disableAllHooks"],
        `expected true or false, found ${describeValue(root["disableAllHooks"])}; the setting was ignored`,
        'write "disableAllHooks": true or remove it'
      )
    }
  }
  let askTimeoutSeconds: number | undefined
  if ("askTimeoutSeconds" in root) {
    const value = root["askTimeoutSeconds"]
    if (typeof value === "number" && Number.isFinite(value) && value > 0) askTimeoutSeconds = value
    else {
      report(
        "error",
        ["askTimeoutSeconds"],
        `expected a number of seconds greater than 0, found ${describeValue(value)}; the setting was ignored (questions wait until answered)`,
        'write "askTimeoutSeconds": 120 (seconds), or remove it to wait until answered'
      )
    }
  }
  const known = scope === "plugin" ? pluginTopLevelKeys : knownTopLevelKeys
  const reportTop = (
    severity: SettingsDiagnostic["severity"],
    path: ReadonlyArray<string | number>,
    problem: string,
    fix: string
  ) => report(severity, path, problem, fix)
  const enabledPlugins = scope === "plugin" ? undefined : readEnabledPlugins(root, reportTop)
  const extra = {
    ...(scope === "plugin" ? {} : readFileSettings(root, scope, reportTop)),
    ...(enabledPlugins === undefined ? {} : { enabledPlugins })
  }
  for (const key of Object.keys(root)) {
    if (known.includes(key)) continue
    // Claude Code's own settings are not mistakes, in either dialect: wave-hooks leaves them to Claude Code.
    if (scope !== "plugin" && claudeCodeSettingsKeys.has(key)) continue
    // In a file without "hooks", a key anywhere near it is most likely the file's hooks under a wrong name: an error.
    const hooksMisnamed = !("hooks" in root) && closest(key, ["hooks"]) !== undefined
    const near = hooksMisnamed
      ? "hooks"
      : misspelt(key, scope === "plugin" ? known : [...known, ...claudeCodeSettingsKeys])
    // A Claude Code settings file may hold settings newer than this list: only a misspelling of a known key is reported there.
    if (near === undefined && dialectRules[dialect].reportsOnlyMisspelledKeys) continue
    if (hooksMisnamed) {
      report(
        "error",
        [key],
        `unknown key "${key}" and no "hooks": this file configures no hook`,
        `rename "${key}" to "hooks"`
      )
    } else {
      report(
        "warning",
        [key],
        `unknown key "${key}"; it is ignored`,
        near === undefined
          ? `remove it (valid keys: ${known.join(", ")}${scope === "plugin" ? "" : ", and Claude Code's settings"})`
          : known.includes(near)
            ? `did you mean "${near}"? (valid keys: ${known.join(", ")})`
            : `did you mean "${near}"? (a Claude Code setting, which wave-hooks leaves to Claude Code)`
      )
    }
  }
  const fileSettings = { disableAllHooks, ...(askTimeoutSeconds === undefined ? {} : { askTimeoutSeconds }), ...extra }
  if (!("hooks" in root)) return { file, scope, readable: true, hooks, ...fileSettings, diagnostics }
  return walkHooks(root, options, report, hooks, diagnostics, fileSettings)
}

type Report = ReportDiagnostic

/**
 * An agent's own switches for its hooks (`dialectRules[dialect].hookSwitches`): Gemini CLI's
 * `hooksConfig.enabled: false` and Codex CLI's `[features] hooks = false` run no hook of the file (as
 * `disableAllHooks: true`); Gemini CLI's `hooksConfig.disabled` lists hook names (else commands) that do
 * not run.
 */
const readHookSwitches = (
  root: Record<string, unknown>,
  dialect: Dialect,
  scope: SettingsScope,
  report: Report
): {
  readonly disableAllHooks: boolean | undefined
  readonly disabled: ReadonlyArray<string>
  readonly disabledKeys: ReadonlyArray<string>
  readonly allowManagedHooksOnly?: boolean
} => {
  const at = (path: ReadonlyArray<string>): unknown => {
    let value: unknown = root
    for (const key of path) {
      if (!Predicate.isObject(value) || !Object.hasOwn(value, key)) return undefined
      value = (value as Record<string, unknown>)[key]
    }
    return value
  }
  const switches = dialectRules[dialect].hookSwitches
  let disableAllHooks: boolean | undefined
  for (const path of switches.enabled) {
    const value = at(path)
    if (value === undefined) continue
    if (typeof value === "boolean") disableAllHooks = !value
    else
      report(
        "error",
        path,
        `expected true or false, found ${describeValue(value)}; it was ignored`,
        `write ${path[path.length - 1]} = false to run no hook, or remove it`
      )
  }
  const flag = switches.disableFlag === undefined ? undefined : at(switches.disableFlag)
  if (flag !== undefined && switches.disableFlag !== undefined) {
    if (typeof flag === "boolean") disableAllHooks = flag
    else
      report(
        "error",
        switches.disableFlag,
        `expected true or false, found ${describeValue(flag)}; it was ignored`,
        `write ${switches.disableFlag[switches.disableFlag.length - 1]}: true to run no hook, or remove it`
      )
  }
  let disabled: ReadonlyArray<string> = []
  const list = switches.disabledList === undefined ? undefined : at(switches.disabledList)
  if (list !== undefined && switches.disabledList !== undefined) {
    if (isStringArray(list)) disabled = list
    else
      report(
        "error",
        switches.disabledList,
        `expected an array of hook names or commands, found ${describeValue(list)}; it was ignored`,
        'write "disabled": ["hook-name"]'
      )
  }
  const disabledKeys =
    switches.states === undefined ? [] : switchedOffStates(at(switches.states), switches.states, scope, report)
  const managedOnly = switches.managedOnly === undefined ? undefined : at(switches.managedOnly)
  if (managedOnly === undefined || switches.managedOnly === undefined)
    return { disableAllHooks, disabled, disabledKeys }
  if (typeof managedOnly !== "boolean" || scope !== "managed") {
    report(
      typeof managedOnly !== "boolean" ? "error" : "warning",
      switches.managedOnly,
      typeof managedOnly !== "boolean"
        ? `expected true or false, found ${describeValue(managedOnly)}; it was ignored`
        : `it counts only in the administrator's settings; it is ignored in a ${scope} file`,
      "set it in the managed settings, or remove it"
    )
    return { disableAllHooks, disabled, disabledKeys }
  }
  return { disableAllHooks, disabled, disabledKeys, allowManagedHooksOnly: managedOnly }
}

/**
 * The keys of the hooks a table of per-hook states switches off (`enabled = false`; Codex CLI's `hooks.state`).
 * The agent reads it from the user's own file only, so a project cannot switch the user's hooks on or off.
 */
const switchedOffStates = (
  table: unknown,
  path: ReadonlyArray<string>,
  scope: SettingsScope,
  report: Report
): ReadonlyArray<string> => {
  if (table === undefined) return []
  if (scope !== "user") {
    report(
      "warning",
      path,
      `hook states count only in the user's own file; they are ignored in a ${scope} file`,
      "switch hooks on or off in your user settings, or remove this table"
    )
    return []
  }
  if (!Predicate.isObject(table)) {
    report(
      "warning",
      path,
      `expected a table of hook states, found ${describeValue(table)}; it was ignored`,
      "remove it"
    )
    return []
  }
  return Object.entries(table as Record<string, unknown>).flatMap(([key, state]) =>
    Predicate.isObject(state) && (state as Record<string, unknown>)["enabled"] === false ? [key] : []
  )
}

/** The events, groups and hooks under `hooks`. */
// long: the walk over events, groups and hooks, sharing one report
const walkHooks = (
  root: Record<string, unknown>,
  options: ValidateOptions,
  report: Report,
  hooks: Array<ConfiguredHook>,
  diagnostics: Array<SettingsDiagnostic>,
  fileSettings: Omit<ValidatedSettings, "file" | "scope" | "readable" | "hooks" | "diagnostics">
): ValidatedSettings => {
  const { dialect, file, scope } = options
  const rules = dialectRules[dialect]
  const keys = options.keys ?? rules.settingsFiles[0]?.keys ?? "settings"
  const eventNames = dialectEvents[dialect].map((row) => row.name)
  const groupKeys =
    rules.groupOrder === "sequential-unless-parallel"
      ? knownGroupKeys
      : new Set([
          ...ownGroupKeys.filter((key) => key !== "parallel"),
          ...(rules.groupOrder === "parallel-unless-sequential" ? ["sequential"] : []),
          ...claudeCodeGroupKeys
        ])
  const hooksObject = root["hooks"]
  if (!Predicate.isObject(hooksObject)) {
    report(
      "error",
      ["hooks"],
      `expected an object of events, found ${describeValue(hooksObject)}; no hook in this file runs`,
      'write "hooks": {"PreToolUse": [...], ...}'
    )
    // Nothing of its hooks could be read: for the unreadable-settings rule this is a file that cannot be read.
    return { file, scope, readable: false, hooks, ...fileSettings, diagnostics }
  }

  const states = rules.hookSwitches.states
  for (const [eventName, groups] of Object.entries(hooksObject as Record<string, unknown>)) {
    const eventPath = ["hooks", eventName]
    // The agent's table of per-hook states (Codex CLI's hooks.state) sits beside the events: read above.
    if (states !== undefined && states.length === 2 && states[0] === "hooks" && states[1] === eventName) continue
    const agentEvent = agentEventNamed(dialect, eventName)
    if (agentEvent === undefined) {
      if (eventsNotRunYet[dialect].includes(eventName)) {
        report(
          "warning",
          eventPath,
          `${eventName} hooks do not run in wave-hooks yet (no effect carries their answer out); they are ignored`,
          `keep them for the agent itself; wave-hooks runs ${eventNames.join(", ")}`
        )
        continue
      }
      const suggestion = closest(eventName, eventNames)
      if (suggestion === undefined) {
        // An event this version does not know (a newer agent's, or another tool's): said once here, as a
        // warning with no event attached, so it never shows on runs of the events it does know.
        report(
          "warning",
          eventPath,
          `unknown event "${eventName}": not one of the ${eventNames.length} events wave-hooks runs in the ${dialect} dialect; its hooks are ignored`,
          `keep it if another agent reads this file, else move its hooks to one of ${eventNames.join(", ")}`
        )
        continue
      }
      // Close to a known event: most likely a misspelling of it, so a guard that does not run is an error
      // reported on that event's runs.
      report(
        "error",
        eventPath,
        `unknown event "${eventName}"; its hooks were skipped`,
        `did you mean "${suggestion}"? Valid events: ${eventNames.join(", ")}`,
        agentEventNamed(dialect, suggestion)?.event
      )
      continue
    }
    const event = agentEvent.event
    // Several of the dialect's events fire this one (Copilot's preToolUse and PreToolUse): each hook keeps its own.
    const sharedEvent = dialectEvents[dialect].filter((row) => row.event === event).length > 1
    if (!Array.isArray(groups)) {
      report(
        "error",
        eventPath,
        `expected an array of matcher groups, found ${describeValue(groups)}; the event's hooks were skipped`,
        `write "${event}": [{"matcher": "...", "hooks": [...]}]`,
        event
      )
      continue
    }
    groups.forEach((group: unknown, groupIndex) => {
      const groupPath = [...eventPath, groupIndex]
      if (!Predicate.isObject(group)) {
        report(
          "error",
          groupPath,
          `expected a matcher group object, found ${describeValue(group)}; it was skipped`,
          'write {"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}',
          event
        )
        return
      }
      const g = group as Record<string, unknown>
      // A flat entry (Cursor's hooks.json) is a group of one hook, with its own matcher.
      const flat = keys === "flat-hooks-file" || options.entries === "flat"
      for (const key of flat ? [] : Object.keys(g)) {
        if (!groupKeys.has(key)) {
          const near = misspelt(key, groupKeys)
          report(
            "warning",
            [...groupPath, key],
            `unknown key "${key}" in a matcher group; it is ignored`,
            `${near === undefined ? "remove it" : `did you mean "${near}"?`} (valid keys: ${[...groupKeys].join(", ")})`,
            event
          )
        }
      }
      const matcher = groupMatcherOf(g, groupPath, event, agentEvent.matcherField, dialect, report)
      if (matcher === skipGroup) return
      const parallel =
        rules.groupOrder === "parallel"
          ? true
          : rules.groupOrder === "parallel-unless-sequential"
            ? !groupFlagOf(g, "sequential", groupPath, event, report)
            : groupFlagOf(g, "parallel", groupPath, event, report)
      // One hook of the group (a flat entry's hook is the entry itself, at the entry's path).
      const addHook = (hook: unknown, hookPath: ReadonlyArray<string | number>, group: string): void => {
        const configured = validateHook(hook, hookPath, event, dialect, report)
        if (configured === undefined) return
        hooks.push({
          event,
          ...(agentEvent.name === event && !sharedEvent ? {} : { agentEvent: agentEvent.name }),
          matcher,
          parallel,
          group,
          ...configured,
          file,
          scope,
          path: jsonPath(hookPath)
        })
      }
      if (flat) {
        const { matcher: _matcher, ...entry } = g
        addHook(flatCommandOf(entry, dialect), groupPath, `${file}#${agentEvent.name}`)
        return
      }
      const list = g["hooks"]
      if (!Array.isArray(list)) {
        report(
          "error",
          [...groupPath, "hooks"],
          `${list === undefined ? "missing" : `expected an array, found ${describeValue(list)}`}; the group was skipped`,
          'write "hooks": [{"type": "command", "command": "..."}]',
          event
        )
        return
      }
      list.forEach((hook: unknown, hookIndex) => {
        addHook(hook, [...groupPath, "hooks", hookIndex], `${file}#${event}#${groupIndex}`)
      })
    })
  }
  return { file, scope, readable: true, hooks, ...fileSettings, diagnostics }
}

/**
 * A flat entry as a hook object: `type` defaults to `command`; the dialect's command keys (Copilot's `bash`,
 * then `command`) give the command, and its `exec` key (with `args`) a program run without a shell.
 */
const flatCommandOf = (entry: Record<string, unknown>, dialect: Dialect): Record<string, unknown> => {
  const typed = "type" in entry ? entry : { type: "command", ...entry }
  if (typed["type"] !== "command") return typed
  const { shell, exec } = dialectRules[dialect].commandKeys
  const key = shell.find((k) => k in typed)
  const rest: Record<string, unknown> = { ...typed }
  for (const k of shell) delete rest[k]
  if (exec !== undefined) delete rest[exec]
  if (key !== undefined) return { ...rest, command: typed[key] }
  if (exec !== undefined && exec in typed) return { ...rest, command: typed[exec] }
  return typed
}

type HookParts = Omit<ConfiguredHook, "event" | "matcher" | "parallel" | "group" | "file" | "scope" | "path">

/** Fields only a `command` hook reads: on another type they are reported and ignored. */
const commandOnlyKeys: ReadonlyArray<string> = [
  "command",
  "env",
  "async",
  "asyncRewake",
  "rewakeMessage",
  "shell",
  "args"
]

/** The type a hook without `type` most likely has, from its fields. */
const likelyType = (h: Record<string, unknown>): HookType =>
  "url" in h ? "http" : "server" in h || "tool" in h ? "mcp_tool" : "prompt" in h ? "prompt" : "command"

const validateHook = (
  hook: unknown,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  dialect: Dialect,
  report: ReportDiagnostic
): HookParts | undefined => {
  if (!Predicate.isObject(hook)) {
    report(
      "error",
      path,
      `expected a hook object, found ${describeValue(hook)}; it was skipped`,
      'write {"type": "command", "command": "..."}',
      event
    )
    return undefined
  }
  const h = hook as Record<string, unknown>
  const type = h["type"]
  if (!isHookType(type)) {
    const guess = likelyType(h)
    const near = typeof type === "string" ? closest(type, hookTypes) : undefined
    report(
      "error",
      [...path, "type"],
      type === undefined
        ? "missing hook type; the hook was skipped"
        : `unknown hook type ${typeof type === "string" ? JSON.stringify(type) : describeValue(type)}; the hook was skipped`,
      near !== undefined
        ? `did you mean "${near}"? Write "type": "${near}" (types: ${hookTypes.join(", ")})`
        : `write "type": "${guess}" (types: ${hookTypes.join(", ")})`,
      event
    )
    return undefined
  }
  // Copilot's prompt entry is text for the session's first user message, not a question to a model.
  if (type === "prompt" && dialectRules[dialect].promptEntries === "first-user-message")
    return validateFirstMessageEntry(h, path, event, dialect, report)
  if (!typeRunsOn(type, event)) {
    report(
      "error",
      [...path, "type"],
      `"${type}" hooks do not run on ${event}; the hook was skipped`,
      `use a "command" hook on ${event}, or move this hook to an event ${type} hooks run on (${eventsOfTypeText(type)})`,
      event
    )
    return undefined
  }
  if (!dialectRules[dialect].hookTypes.includes(type)) {
    // The agent does not run this type (Cursor runs command and prompt hooks only): skipped, as the agent skips it.
    report(
      "warning",
      [...path, "type"],
      `${dialect} runs only ${dialectRules[dialect].hookTypes.map((t) => `"${t}"`).join(" and ")} hooks; this "${type}" hook is skipped, as ${dialect} skips it`,
      `use a "command" hook, or move this hook to a wave-hooks settings file (.wave/settings.json)`,
      event,
      { skipped: true }
    )
    return undefined
  }
  return type === "command"
    ? validateCommandHook(h, path, event, dialect, report)
    : validateTransportHook(type, h, path, event, dialect, report)
}

/** The keys of a first-user-message entry besides `type` and `prompt`, read by the agent and not by this entry. */
const firstMessageIgnoredKeys: ReadonlyArray<string> = ["timeoutSec", "timeout"]

/**
 * A `prompt` entry whose text is submitted as the first user message of a new session (Copilot): it runs on
 * SessionStart only and starts nothing.
 */
const validateFirstMessageEntry = (
  h: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  dialect: Dialect,
  report: ReportDiagnostic
): HookParts | undefined => {
  if (event !== "SessionStart") {
    report(
      "error",
      [...path, "type"],
      `${dialect} submits "prompt" entries on sessionStart only (as the first user message); this one on ${event} was skipped`,
      `move it to sessionStart, or write a "command" hook for ${event}`,
      event
    )
    return undefined
  }
  const text = h["prompt"]
  if (typeof text !== "string" || text.trim().length === 0) {
    report(
      "error",
      [...path, "prompt"],
      text === undefined
        ? "missing prompt (the text to submit as the first user message); the entry was skipped"
        : `expected the text to submit as a non-empty string, found ${describeValue(text)}; the entry was skipped`,
      'write "prompt": "Summarise the open TODOs"',
      event
    )
    return undefined
  }
  for (const key of Object.keys(h)) {
    if (key === "type" || key === "prompt") continue
    const known = firstMessageIgnoredKeys.includes(key)
    report(
      "warning",
      [...path, key],
      known
        ? `"${key}" is ignored on a "prompt" entry: it starts nothing, so nothing times out`
        : `unknown key "${key}" on a "prompt" entry; it is ignored`,
      `remove "${key}" (a "prompt" entry reads "type" and "prompt")`,
      event
    )
  }
  return {
    // Labelled as a prompt hook is: `prompt: ` and the text's first 40 characters.
    command: modelHookLabel("prompt", text),
    handler: { type: "message", text },
    timeoutSeconds: undefined,
    onFailure: "continue",
    env: undefined
  }
}

/** The units a dialect's `timeout` is written in. */
const timeoutUnits = {
  seconds: { name: "seconds", other: "milliseconds", perSecond: 1 },
  milliseconds: { name: "milliseconds", other: "seconds", perSecond: 1000 }
} as const

/** `timeout` and `onFailure`, the same for every type. */
const validateLimits = (
  h: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  dialect: Dialect,
  report: ReportDiagnostic
): {
  readonly ok: boolean
  readonly timeoutSeconds: number | undefined
  readonly onFailure: OnFailure
  readonly loopLimit?: number | null
} => {
  let ok = true
  let timeoutSeconds: number | undefined
  // The first of the dialect's timeout keys the hook has counts (Codex CLI: timeout, then timeoutSec; Copilot:
  // timeoutSec, then timeout).
  const key = dialectRules[dialect].timeoutKeys.find((k) => k in h)
  if (key !== undefined) {
    const timeout = h[key]
    const unit = timeoutUnits[dialectRules[dialect].timeoutUnit]
    const zero = dialectRules[dialect].zeroTimeoutSeconds
    if (timeout === 0 && zero !== undefined) {
      // Codex CLI raises a timeout to its minimum: the hook runs, with that timeout.
      timeoutSeconds = zero
      report(
        "warning",
        [...path, key],
        `a timeout of 0 runs as ${zero} second${zero === 1 ? "" : "s"} in ${dialect} (its minimum)`,
        `write "${key}": ${zero}, or the time the hook needs`,
        event
      )
    } else if (!isPositiveTimeout(timeout)) {
      ok = false
      report(
        "error",
        [...path, key],
        `expected a positive number of ${unit.name}, found ${describeValue(timeout)}; the hook was skipped`,
        `write e.g. "${key}": ${30 * unit.perSecond}${unit.perSecond === 1 ? "" : " (30 s)"}, or remove it for the default`,
        event
      )
    } else {
      timeoutSeconds = timeout / unit.perSecond
      // The other unit, most likely: a value a thousand times off (Gemini's own migration copies seconds as ms).
      const other = unit.perSecond === 1 ? timeout >= 1000 : timeout < 1000
      if (other)
        report(
          "warning",
          [...path, key],
          `${timeout} ${unit.name} looks like ${unit.other} (${dialect} timeouts are in ${unit.name})`,
          unit.perSecond === 1
            ? `write "${key}": ${Math.max(1, Math.round(timeout / 1000))} if you meant ${timeout} ms`
            : `write "${key}": ${timeout * 1000} if you meant ${timeout} seconds`,
          event
        )
    }
  }
  const failure = onFailureOf(h, path, event, dialect, report)
  if (!failure.ok) ok = false
  const loopLimit = loopLimitOf(h, path, event, dialect, report)
  if (loopLimit === invalidLoopLimit) ok = false
  const onFailure = failure.onFailure
  return {
    ok,
    timeoutSeconds,
    onFailure,
    ...(loopLimit === undefined || loopLimit === invalidLoopLimit ? {} : { loopLimit })
  }
}

/** A hook's `onFailure`, or the agent's own switch for it (Cursor's `failClosed: true` is `"block"`). */
const onFailureOf = (
  h: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  dialect: Dialect,
  report: ReportDiagnostic
): { readonly ok: boolean; readonly onFailure: OnFailure } => {
  let ok = true
  let onFailure: OnFailure = "continue"
  const failClosedKey = dialectRules[dialect].failClosedKey
  if (failClosedKey !== undefined && failClosedKey in h) {
    const value = h[failClosedKey]
    if (typeof value === "boolean") onFailure = value ? "block" : "continue"
    else {
      ok = false
      report(
        "error",
        [...path, failClosedKey],
        `expected true or false, found ${describeValue(value)}; the hook was skipped`,
        `write "${failClosedKey}": true to block when the hook fails, or remove it`,
        event
      )
    }
  }
  if ("onFailure" in h) {
    if (isOnFailure(h["onFailure"])) onFailure = h["onFailure"]
    else {
      ok = false
      report(
        "error",
        [...path, "onFailure"],
        `expected "continue" or "block", found ${describeValue(h["onFailure"])}; the hook was skipped`,
        'write "onFailure": "block" to fail closed, or remove it',
        event
      )
    }
  }
  return { ok, onFailure }
}

/** What `loopLimitOf` gives for a limit that skips the hook (the error is reported). */
const invalidLoopLimit: unique symbol = Symbol("invalid loop limit")

/**
 * A hook's limit on follow-up turns (Cursor's `loop_limit`: a whole number, or `null` for none), read on
 * the events whose follow-ups it limits; elsewhere it is reported and ignored.
 */
const loopLimitOf = (
  h: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  dialect: Dialect,
  report: ReportDiagnostic
): number | null | undefined | typeof invalidLoopLimit => {
  const row = dialectRules[dialect].followupLoopLimit
  if (row === undefined || !(row.key in h)) return undefined
  const value = h[row.key]
  if (event !== "Stop" && event !== "SubagentStop") {
    report(
      "warning",
      [...path, row.key],
      `${row.key} limits only stop and subagentStop follow-ups; it is ignored here`,
      `remove "${row.key}"`,
      event
    )
    return undefined
  }
  if (value === null || (typeof value === "number" && Number.isInteger(value) && value >= 0)) return value
  report(
    "error",
    [...path, row.key],
    `expected a whole number of turns or null (no limit), found ${describeValue(value)}; the hook was skipped`,
    `write "${row.key}": ${row.defaultLimit} (the default), or null for no limit`,
    event
  )
  return invalidLoopLimit
}

/** The keys that make a hook run in the background. */
const backgroundKeys: ReadonlyArray<string> = ["async", "asyncRewake", "rewakeMessage"]

/**
 * The hook without `async`, `asyncRewake` and `rewakeMessage` where the dialect's agent runs every hook before
 * it goes on (`backgroundHooks: false`: Gemini CLI, Cursor, Copilot): they are reported and ignored, as the agent
 * ignores them, so a hook that blocks in the agent blocks here too.
 */
const foregroundOnly = (
  h: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  dialect: Dialect,
  report: ReportDiagnostic
): Record<string, unknown> => {
  if (dialectRules[dialect].backgroundHooks) return h
  const present = backgroundKeys.filter((key) => key in h)
  if (present.length === 0) return h
  for (const key of present)
    report(
      "warning",
      [...path, key],
      `${dialect} runs every hook before it goes on and does not read "${key}"; it is ignored, so this hook runs, and can block, as in ${dialect}`,
      `remove "${key}", or move the hook to a wave-hooks settings file (.wave/settings.json) to run it in the background`,
      event
    )
  return Object.fromEntries(Object.entries(h).filter(([key]) => !backgroundKeys.includes(key)))
}

const validateCommandHook = (
  written: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  dialect: Dialect,
  report: ReportDiagnostic
): HookParts | undefined => {
  let ok = true
  const h = foregroundOnly(written, path, event, dialect, report)
  const command = h["command"]
  if (typeof command !== "string" || command.trim().length === 0) {
    ok = false
    report(
      "error",
      [...path, "command"],
      command === undefined
        ? "missing command; the hook was skipped"
        : typeof command === "string"
          ? "empty command; the hook was skipped"
          : `expected a string, found ${describeValue(command)}; the hook was skipped`,
      'write the shell command to run, e.g. "command": "$WAVE_PROJECT_DIR/.wave/hooks/check.sh"',
      event
    )
  }
  const limits = validateLimits(h, path, event, dialect, report)
  if (!limits.ok) ok = false
  const rules = dialectRules[dialect]
  const named = rules.extraHookKeys.includes("name") ? agentHookNamingOf(h, path, event, report) : {}
  let env: ReadonlyArray<string> | undefined
  let addedEnv: { readonly [name: string]: string } | undefined
  if (rules.envIsValues && "env" in h) {
    addedEnv = addedEnvOf(h["env"], [...path, "env"], event, report)
    if (addedEnv === undefined) ok = false
  } else if ("env" in h) {
    const value = h["env"]
    const bad = isStringArray(value) ? value.find((name) => !envName.test(name)) : undefined
    if (!isStringArray(value) || bad !== undefined) {
      ok = false
      report(
        "error",
        [...path, "env"],
        bad !== undefined
          ? `${JSON.stringify(bad)} is not an environment variable name; the hook was skipped`
          : `expected an array of variable names, found ${describeValue(value)}; the hook was skipped`,
        'write e.g. "env": ["GITHUB_TOKEN"]',
        event
      )
    } else env = value
  }
  const handler = validateHandlerFields(h, path, event, report, event)
  if (!handler.ok) ok = false
  const cwd = rules.extraHookKeys.includes("cwd") ? hookCwdOf(h, path, event, report) : undefined
  if (cwd === invalidCwd) ok = false
  reportUnknownKeys(
    h,
    rules.extraHookKeys.length === 0 ? knownHookKeys : new Set([...knownHookKeys, ...rules.extraHookKeys]),
    "a",
    path,
    event,
    report
  )
  return ok
    ? {
        command: quoteVariableReferences(command as string, dialectRules[dialect].commandVariables),
        timeoutSeconds: limits.timeoutSeconds,
        onFailure: limits.onFailure,
        ...(limits.loopLimit === undefined ? {} : { loopLimit: limits.loopLimit }),
        env,
        ...(addedEnv === undefined ? {} : { addedEnv }),
        ...(cwd === undefined || cwd === invalidCwd ? {} : { cwd }),
        ...named,
        ...handler.fields
      }
    : undefined
}

/** What `hookCwdOf` gives for a `cwd` that skips the hook (the error is reported). */
const invalidCwd: unique symbol = Symbol("invalid cwd")

/** The folder a hook runs in (Copilot's `cwd`: relative to the project, or absolute); `undefined`: the project. */
const hookCwdOf = (
  h: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  report: ReportDiagnostic
): string | undefined | typeof invalidCwd => {
  if (!("cwd" in h)) return undefined
  const cwd = h["cwd"]
  if (typeof cwd === "string" && cwd.trim().length > 0) return cwd
  report(
    "error",
    [...path, "cwd"],
    `expected a folder (relative to the project, or absolute), found ${describeValue(cwd)}; the hook was skipped`,
    'write e.g. "cwd": "scripts", or remove it to run in the project',
    event
  )
  return invalidCwd
}

/** A Gemini CLI hook's `name` (it names the hook in messages and in `hooksConfig.disabled`); `description` is only checked. */
const agentHookNamingOf = (
  h: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  report: ReportDiagnostic
): { readonly name?: string } => {
  for (const key of ["name", "description"] as const) {
    if (key in h && typeof h[key] !== "string")
      report(
        "warning",
        [...path, key],
        `expected a string, found ${describeValue(h[key])}; it is ignored`,
        `write "${key}": "..." or remove it`,
        event
      )
  }
  const name = h["name"]
  return typeof name === "string" && name.trim().length > 0 ? { name } : {}
}

/** A Gemini CLI hook's `env`: an object of values set for the hook (not an allowlist). */
const addedEnvOf = (
  value: unknown,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  report: ReportDiagnostic
): { readonly [name: string]: string } | undefined => {
  if (!Predicate.isObject(value) || Array.isArray(value)) {
    report(
      "error",
      path,
      `expected an object of variables, found ${describeValue(value)}; the hook was skipped`,
      'write e.g. "env": {"LOG_LEVEL": "debug"}',
      event
    )
    return undefined
  }
  const added: Record<string, string> = {}
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    if (!envName.test(name) || typeof v !== "string") {
      report(
        "error",
        [...path, name],
        !envName.test(name)
          ? `${JSON.stringify(name)} is not an environment variable name; the hook was skipped`
          : `expected a string value, found ${describeValue(v)}; the hook was skipped`,
        'write e.g. "env": {"LOG_LEVEL": "debug"}',
        event
      )
      return undefined
    }
    added[name] = v
  }
  return added
}

/** What `groupMatcherOf` gives for a group whose matcher makes it unusable (the error is reported). */
const skipGroup: unique symbol = Symbol("skip the group")

/**
 * A matcher group's `matcher`: the pattern, `undefined` when there is none
 * (or the event takes none: a warning), or `skipGroup` when it is not a string
 * or not a usable pattern (an error saying why and how to rewrite it).
 */
const groupMatcherOf = (
  g: Record<string, unknown>,
  groupPath: ReadonlyArray<string | number>,
  event: HookEvent,
  matcherField: string | undefined,
  dialect: Dialect,
  report: ReportDiagnostic
): string | undefined | typeof skipGroup => {
  if (!("matcher" in g)) return undefined
  const m = g["matcher"]
  const path = [...groupPath, "matcher"]
  if (typeof m !== "string") {
    report(
      "error",
      path,
      `expected a string, found ${describeValue(m)}; the group was skipped`,
      'write a tool name, "Edit|Write", a regular expression, or "*"',
      event
    )
    return skipGroup
  }
  const compiled = compileMatcher(m, dialect, matcherOptionsOf(event, dialect))
  if (Result.isFailure(compiled) && dialectRules[dialect].invalidMatcher === "skips-group") {
    // Codex CLI skips such a group with a warning and runs the others: a warning here too, not a broken guard.
    report(
      "warning",
      path,
      `"${m}" is not a regular expression ${dialect} can use (${compiled.failure.message}); ${dialect} skips this group, so its hooks do not run`,
      'fix the pattern (escape special characters such as ( [ + with a backslash; list names with |, e.g. "Edit|Write")',
      event,
      { skipped: true }
    )
    return skipGroup
  }
  if (Result.isFailure(compiled)) {
    if (compiled.failure.kind === "unsupported")
      report(
        "error",
        path,
        `"${m}" cannot be used as a matcher: ${compiled.failure.message}; the group was skipped`,
        'rewrite the pattern without backreferences or lookaround (list the names with |, e.g. "Edit|Write", or split the group into one group per case)',
        event
      )
    else
      report(
        "error",
        path,
        `"${m}" is not a valid regular expression (${compiled.failure.message}); the group was skipped`,
        "fix the pattern (escape special characters such as ( [ + with a backslash)",
        event
      )
    return skipGroup
  }
  if (matcherField !== undefined || m === "" || m === "*") return m
  report(
    "warning",
    path,
    `${event} takes no matcher; "${m}" is ignored and the hooks run for every ${event}`,
    `remove "matcher" from this group`,
    event
  )
  return undefined
}

/**
 * A matcher group's `parallel` (Gemini CLI: `sequential`): false unless it is `true` (anything but a boolean
 * is a warning).
 */
const groupFlagOf = (
  g: Record<string, unknown>,
  key: "parallel" | "sequential",
  groupPath: ReadonlyArray<string | number>,
  event: HookEvent,
  report: ReportDiagnostic
): boolean => {
  if (!(key in g)) return false
  const value = g[key]
  if (typeof value === "boolean") return value
  report(
    "warning",
    [...groupPath, key],
    `expected true or false, found ${describeValue(value)}; the hooks run ${key === "parallel" ? "sequentially" : "in parallel"}`,
    `write "${key}": true or remove it`,
    event
  )
  return false
}

const reportUnknownKeys = (
  h: Record<string, unknown>,
  known: ReadonlySet<string>,
  what: string,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  report: ReportDiagnostic
): void => {
  for (const key of Object.keys(h)) {
    if (known.has(key)) continue
    const near = closest(key, [...known])
    report(
      "warning",
      [...path, key],
      `unknown key "${key}" in ${what} hook; it is ignored`,
      `${near === undefined ? "remove it" : `did you mean "${near}"?`} (valid keys: ${[...known].join(", ")})`,
      event
    )
  }
}

const knownHttpKeys: ReadonlySet<string> = new Set(hookKeysOf(HttpHookConfig.fields))
const knownMcpToolKeys: ReadonlySet<string> = new Set(hookKeysOf(McpToolHookConfig.fields))
const httpUrl = /^https?:\/\/\S+$/iu

/** An `http`, `mcp_tool`, `prompt` or `agent` hook. */
// long: one check per field of an http or mcp_tool hook, sharing one report
const validateTransportHook = (
  type: Exclude<HookType, "command">,
  h: Record<string, unknown>,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  dialect: Dialect,
  report: ReportDiagnostic
): HookParts | undefined => {
  const own: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(h)) {
    if (!commandOnlyKeys.includes(key)) {
      own[key] = value
      continue
    }
    report(
      "warning",
      [...path, key],
      `"${key}" is only read by command hooks; this ${type} hook ignores it`,
      key === "command" ? `remove it, or write "type": "command" to run the command` : `remove "${key}"`,
      event
    )
  }
  // if, once, statusMessage: the common handler fields (the command-only ones were taken out above).
  const handler = validateHandlerFields(own, path, event, report, event)
  if (type === "prompt" || type === "agent") {
    // The timeout is read as every hook's is, in the dialect's unit (Gemini CLI: milliseconds).
    const limits = validateLimits(own, path, event, dialect, report)
    const {
      timeout: _inLimits,
      onFailure: _alsoInLimits,
      failClosed: _failClosed,
      loop_limit: _loopLimit,
      ...rest
    } = own
    const { config, problems } = checkModelHook(type, rest, event)
    for (const p of problems) report(p.severity, p.key === undefined ? path : [...path, p.key], p.problem, p.fix, event)
    if (config === undefined || !handler.ok || !limits.ok) return undefined
    return {
      command: modelHookLabel(type, config.prompt),
      handler: {
        type,
        prompt: config.prompt,
        ...(config.model === undefined ? {} : { model: config.model }),
        ...(config.continueOnBlock === undefined ? {} : { continueOnBlock: config.continueOnBlock })
      },
      timeoutSeconds: limits.timeoutSeconds,
      onFailure: limits.onFailure,
      ...(limits.loopLimit === undefined ? {} : { loopLimit: limits.loopLimit }),
      env: undefined,
      ...handler.fields
    }
  }
  let ok = handler.ok
  const limits = validateLimits(own, path, event, dialect, report)
  if (!limits.ok) ok = false
  const required = (key: string, example: string): string | undefined => {
    const value = own[key]
    if (typeof value === "string" && value.trim().length > 0) return value
    ok = false
    report(
      "error",
      [...path, key],
      value === undefined
        ? `missing ${key}; the hook was skipped`
        : typeof value === "string"
          ? `empty ${key}; the hook was skipped`
          : `expected a string, found ${describeValue(value)}; the hook was skipped`,
      `write e.g. "${key}": ${example}`,
      event
    )
    return undefined
  }
  if (type === "http") {
    reportUnknownKeys(own, knownHttpKeys, "an http", path, event, report)
    const url = required("url", '"http://127.0.0.1:8080/hooks/pre-tool-use"')
    if (url !== undefined && !httpUrl.test(url)) {
      ok = false
      report(
        "error",
        [...path, "url"],
        `${JSON.stringify(redactUrl(url))} is not an http:// or https:// URL; the hook was skipped`,
        'write the full URL, e.g. "http://127.0.0.1:8080/hooks/pre-tool-use"',
        event
      )
    }
    const urls = dialectRules[dialect].httpUrls
    const insecure =
      url === undefined || !httpUrl.test(url) || urls === "any"
        ? undefined
        : httpsOnlyProblem(url, urls.localSwitch, undefined)
    if (insecure !== undefined) {
      ok = false
      report(
        "error",
        [...path, "url"],
        `${dialect} ${insecure}; this hook to ${JSON.stringify(redactUrl(url ?? ""))} was skipped, as ${dialect} skips it`,
        "write its https:// URL",
        event
      )
    }
    const headers = own["headers"]
    if (headers !== undefined && !isStringRecord(headers)) {
      ok = false
      report(
        "error",
        [...path, "headers"],
        `expected an object of strings, found ${describeValue(headers)}; the hook was skipped`,
        'write e.g. "headers": {"Authorization": "Bearer $HOOK_TOKEN"}',
        event
      )
    }
    const allowedEnvVars = own["allowedEnvVars"]
    if (allowedEnvVars !== undefined && !isStringArray(allowedEnvVars)) {
      ok = false
      report(
        "error",
        [...path, "allowedEnvVars"],
        `expected an array of variable names, found ${describeValue(allowedEnvVars)}; the hook was skipped`,
        'write e.g. "allowedEnvVars": ["HOOK_TOKEN"]',
        event
      )
    }
    if (!ok || url === undefined) return undefined
    const http: HttpHandler = {
      type: "http",
      url,
      ...(isStringRecord(headers) ? { headers } : {}),
      ...(isStringArray(allowedEnvVars) ? { allowedEnvVars } : {})
    }
    // The policy-independent findings; those of the settings-level allowlists need every file (validate reports them).
    for (const f of httpHookFindings(http, {})) report(f.severity, [...path, ...f.at], f.problem, f.fix, event)
    return {
      command: httpHookLabel(http),
      handler: http,
      timeoutSeconds: limits.timeoutSeconds,
      onFailure: limits.onFailure,
      ...(limits.loopLimit === undefined ? {} : { loopLimit: limits.loopLimit }),
      env: undefined,
      ...handler.fields
    }
  }
  reportUnknownKeys(own, knownMcpToolKeys, "an mcp_tool", path, event, report)
  const server = required("server", '"guard" (a name declared in mcpServers)')
  const tool = required("tool", '"check_command"')
  const input = own["input"]
  if (input !== undefined && (!Predicate.isObject(input) || Array.isArray(input))) {
    ok = false
    report(
      "error",
      [...path, "input"],
      `expected an object of the tool's arguments, found ${describeValue(input)}; the hook was skipped`,
      'write e.g. "input": {"path": "${tool_input.file_path}"}',
      event
    )
  }
  if (!ok || server === undefined || tool === undefined) return undefined
  const mcp: McpToolHandler = {
    type: "mcp_tool",
    server,
    tool,
    ...(input === undefined ? {} : { input: input as { readonly [key: string]: unknown } })
  }
  // Whether the server is declared depends on every file (validate reports it); here only the placeholders.
  for (const f of mcpToolHookFindings(mcp, [server])) report(f.severity, [...path, ...f.at], f.problem, f.fix, event)
  return {
    command: mcpToolHookLabel(mcp),
    handler: mcp,
    timeoutSeconds: limits.timeoutSeconds,
    onFailure: limits.onFailure,
    env: undefined,
    ...handler.fields
  }
}

const isStringRecord = (value: unknown): value is { readonly [key: string]: string } =>
  Predicate.isObject(value) && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string")
