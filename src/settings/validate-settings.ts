/**
 * Validation of a settings file's text with diagnostics that never drop a
 * whole file for one bad entry (ARCHITECTURE section 7).
 *
 * @since 0.1.0
 */
import { Predicate, Result, Schema } from "effect"
import type { Dialect } from "../core/dialect.ts"
import type { HookEvent } from "../core/events.ts"
import { hookEvents, isHookEvent, matcherFieldOf } from "../core/events.ts"
import type { OnFailure } from "../core/hook-run.ts"
import { OnFailure as OnFailureSchema } from "../core/hook-run.ts"
import { compileMatcher, matcherOptionsOf } from "../core/matcher.ts"
import { describeValue, jsonPath } from "../core/read-output.ts"
import { jsonSyntaxError } from "../internal/json-syntax.ts"
import { closest } from "../internal/suggest.ts"
import { handlerFieldKeys, validateHandlerFields } from "./handler-fields.ts"
import type { ConfiguredHook, SettingsDiagnostic, SettingsScope, ValidatedSettings } from "./settings-schema.ts"
import { HookCommandConfig } from "./settings-schema.ts"
import { claudeCodeSettingsKeys, fileSettingsKeys, readFileSettings } from "./file-settings.ts"

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
  for (const f of files) if (f.askTimeoutSeconds !== undefined && (f.trust === undefined || f.trust === "trusted")) seconds = f.askTimeoutSeconds
  return seconds
}

// ====== Validation ======

/**
 * Line and column (1-based) of a character offset.
 *
 * @category validation
 * @since 0.1.0
 */
export const lineColumnOf = (text: string, offset: number): { readonly line: number; readonly column: number } => {
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

const syntaxDiagnostic = (text: string, file: string, error: unknown): SettingsDiagnostic => {
  const located = jsonSyntaxError(text)
  const where = text.trim().length === 0
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
    fix: "fix the JSON syntax (no trailing commas or comments; strings in double quotes), then run wave-hooks validate"
  }
}

const isHookCommandType = Schema.is(Schema.Literal("command"))
const isPositiveTimeout = Schema.is(HookCommandConfig.fields.timeout.schema)
const isOnFailure = Schema.is(OnFailureSchema)
const isStringArray = Schema.is(Schema.Array(Schema.String))
const envName = /^[A-Za-z_][A-Za-z0-9_]*$/
const knownHookKeys = new Set(["type", "command", "timeout", "onFailure", "env", ...handlerFieldKeys])
const knownGroupKeys = new Set(["matcher", "parallel", "hooks"])
const knownTopLevelKeys: ReadonlyArray<string> = ["hooks", "disableAllHooks", "askTimeoutSeconds", "$schema", ...fileSettingsKeys]
/** A plugin's `hooks/hooks.json` holds `hooks` and an optional `description`. */
const pluginTopLevelKeys: ReadonlyArray<string> = ["hooks", "description", "$schema"]

/**
 * Options of `validateSettings`.
 *
 * @category models
 * @since 0.1.0
 */
export interface ValidateOptions {
  readonly file: string
  readonly scope: SettingsScope
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
 * none, the handler-field warnings, unknown keys (at the top level with the closest known key; in a Claude Code file
 * only keys close to a known one, as it holds Claude Code's other settings).
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
  const { dialect, file, scope } = options
  let json: unknown
  try {
    json = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text)
  } catch (error) {
    return { file, scope, readable: false, hooks: [], disableAllHooks: undefined, diagnostics: [syntaxDiagnostic(text, file, error)] }
  }
  const diagnostics: Array<SettingsDiagnostic> = []
  const hooks: Array<ConfiguredHook> = []
  const report = (
    severity: SettingsDiagnostic["severity"],
    path: ReadonlyArray<string | number>,
    problem: string,
    fix: string,
    event?: HookEvent
  ) => diagnostics.push({ severity, file, path: jsonPath(path), problem, fix, ...(event === undefined ? {} : { event }) })

  if (!Predicate.isObject(json)) {
    report("error", [], `expected a JSON object, found ${describeValue(json)}`, 'write the settings as an object: {"hooks": {...}}')
    return { file, scope, readable: true, hooks, disableAllHooks: undefined, diagnostics }
  }
  const root = json as Record<string, unknown>
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
  const extra = scope === "plugin"
    ? {}
    : readFileSettings(root, scope, (severity, path, problem, fix) => report(severity, path, problem, fix))
  for (const key of Object.keys(root)) {
    if (known.includes(key)) continue
    if (dialect === "claude-code" && claudeCodeSettingsKeys.has(key)) {
      if (key === "enabledPlugins") {
        report(
          "warning",
          [key],
          "plugins enabled through Claude Code's marketplaces are not loaded by wave-hooks (it has no marketplace); their hooks do not run",
          'pass each plugin folder with --plugin-dir, or list it in "plugins": ["/path/to/plugin"]'
        )
      }
      continue
    }
    const near = closest(key, known)
    // A Claude Code settings file holds Claude Code's other settings too: only a key that looks like one of ours is reported there.
    if (near === undefined && dialect === "claude-code") continue
    if (near === "hooks" && !("hooks" in root)) {
      report("error", [key], `unknown key "${key}" and no "hooks": this file configures no hook`, `rename "${key}" to "hooks"`)
    } else {
      report(
        "warning",
        [key],
        `unknown key "${key}"; it is ignored`,
        near === undefined ? `remove it (valid keys: ${known.join(", ")})` : `did you mean "${near}"? (valid keys: ${known.join(", ")})`
      )
    }
  }
  const fileSettings = { disableAllHooks, ...(askTimeoutSeconds === undefined ? {} : { askTimeoutSeconds }), ...extra }
  if (!("hooks" in root)) return { file, scope, readable: true, hooks, ...fileSettings, diagnostics }
  const hooksObject = root["hooks"]
  if (!Predicate.isObject(hooksObject)) {
    report("error", ["hooks"], `expected an object of events, found ${describeValue(hooksObject)}; no hook in this file runs`, 'write "hooks": {"PreToolUse": [...], ...}')
    return { file, scope, readable: true, hooks, ...fileSettings, diagnostics }
  }

  for (const [eventName, groups] of Object.entries(hooksObject as Record<string, unknown>)) {
    const eventPath = ["hooks", eventName]
    if (!isHookEvent(eventName)) {
      const suggestion = closest(eventName, hookEvents)
      if (suggestion === undefined) {
        // An event this version does not know (a newer agent's, or another tool's): said once here, as a
        // warning with no event attached, so it never shows on runs of the events it does know.
        report(
          "warning",
          eventPath,
          `unknown event "${eventName}": not one of the ${hookEvents.length} events wave-hooks runs; its hooks are ignored`,
          `keep it if another agent reads this file, else move its hooks to one of ${hookEvents.join(", ")}`
        )
        continue
      }
      // Close to a known event: most likely a misspelling of it, so a guard that does not run is an error
      // reported on that event's runs.
      report(
        "error",
        eventPath,
        `unknown event "${eventName}"; its hooks were skipped`,
        `did you mean "${suggestion}"? Valid events: ${hookEvents.join(", ")}`,
        suggestion as HookEvent
      )
      continue
    }
    const event = eventName
    if (!Array.isArray(groups)) {
      report("error", eventPath, `expected an array of matcher groups, found ${describeValue(groups)}; the event's hooks were skipped`, `write "${event}": [{"matcher": "...", "hooks": [...]}]`, event)
      continue
    }
    groups.forEach((group: unknown, groupIndex) => {
      const groupPath = [...eventPath, groupIndex]
      if (!Predicate.isObject(group)) {
        report("error", groupPath, `expected a matcher group object, found ${describeValue(group)}; it was skipped`, 'write {"matcher": "...", "hooks": [{"type": "command", "command": "..."}]}', event)
        return
      }
      const g = group as Record<string, unknown>
      for (const key of Object.keys(g)) {
        if (!knownGroupKeys.has(key)) {
          report("warning", [...groupPath, key], `unknown key "${key}" in a matcher group; it is ignored`, "remove it (valid keys: matcher, parallel, hooks)", event)
        }
      }
      let matcher: string | undefined
      if ("matcher" in g) {
        const m = g["matcher"]
        if (typeof m !== "string") {
          report("error", [...groupPath, "matcher"], `expected a string, found ${describeValue(m)}; the group was skipped`, 'write a tool name, "Edit|Write", a regular expression, or "*"', event)
          return
        }
        const compiled = compileMatcher(m, dialect, matcherOptionsOf(event))
        if (Result.isFailure(compiled)) {
          if (compiled.failure.kind === "unsupported") {
            report(
              "error",
              [...groupPath, "matcher"],
              `"${m}" cannot be used as a matcher: ${compiled.failure.message}; the group was skipped`,
              "rewrite the pattern without backreferences or lookaround (list the names with |, e.g. \"Edit|Write\", or split the group into one group per case)",
              event
            )
          } else {
            report("error", [...groupPath, "matcher"], `"${m}" is not a valid regular expression (${compiled.failure.message}); the group was skipped`, "fix the pattern (escape special characters such as ( [ + with a backslash)", event)
          }
          return
        }
        if (matcherFieldOf[event] === undefined && m !== "" && m !== "*") {
          report("warning", [...groupPath, "matcher"], `${event} takes no matcher; "${m}" is ignored and the hooks run for every ${event}`, `remove "matcher" from this group`, event)
        } else matcher = m
      }
      let parallel = false
      if ("parallel" in g) {
        if (typeof g["parallel"] === "boolean") parallel = g["parallel"]
        else report("error", [...groupPath, "parallel"], `expected true or false, found ${describeValue(g["parallel"])}; the hooks run sequentially`, 'write "parallel": true or remove it', event)
      }
      const list = g["hooks"]
      if (!Array.isArray(list)) {
        report("error", [...groupPath, "hooks"], `${list === undefined ? "missing" : `expected an array, found ${describeValue(list)}`}; the group was skipped`, 'write "hooks": [{"type": "command", "command": "..."}]', event)
        return
      }
      list.forEach((hook: unknown, hookIndex) => {
        const hookPath = [...groupPath, "hooks", hookIndex]
        const configured = validateHook(hook, hookPath, event, report)
        if (configured === undefined) return
        hooks.push({
          event,
          matcher,
          parallel,
          group: `${file}#${event}#${groupIndex}`,
          ...configured,
          file,
          scope,
          path: jsonPath(hookPath)
        })
      })
    })
  }
  return { file, scope, readable: true, hooks, ...fileSettings, diagnostics }
}

type Report = (
  severity: SettingsDiagnostic["severity"],
  path: ReadonlyArray<string | number>,
  problem: string,
  fix: string,
  event?: HookEvent
) => void

const validateHook = (
  hook: unknown,
  path: ReadonlyArray<string | number>,
  event: HookEvent,
  report: Report
): Omit<ConfiguredHook, "event" | "matcher" | "parallel" | "group" | "file" | "scope" | "path"> | undefined => {
  if (!Predicate.isObject(hook)) {
    report("error", path, `expected a hook object, found ${describeValue(hook)}; it was skipped`, 'write {"type": "command", "command": "..."}', event)
    return undefined
  }
  const h = hook as Record<string, unknown>
  let ok = true
  const type = h["type"]
  if (!isHookCommandType(type)) {
    ok = false
    report(
      "error",
      [...path, "type"],
      type === undefined ? "missing hook type; the hook was skipped" : `unknown hook type ${describeValue(type)}; the hook was skipped`,
      typeof type === "string" && closest(type, ["command"]) !== undefined ? 'did you mean "command"? Write "type": "command"' : 'write "type": "command"',
      event
    )
  }
  const command = h["command"]
  if (typeof command !== "string" || command.trim().length === 0) {
    ok = false
    report(
      "error",
      [...path, "command"],
      command === undefined ? "missing command; the hook was skipped" : typeof command === "string" ? "empty command; the hook was skipped" : `expected a string, found ${describeValue(command)}; the hook was skipped`,
      'write the shell command to run, e.g. "command": "$WAVE_PROJECT_DIR/.wave/hooks/check.sh"',
      event
    )
  }
  let timeoutSeconds: number | undefined
  if ("timeout" in h) {
    const timeout = h["timeout"]
    if (!isPositiveTimeout(timeout)) {
      ok = false
      report("error", [...path, "timeout"], `expected a positive number of seconds, found ${describeValue(timeout)}; the hook was skipped`, 'write e.g. "timeout": 30, or remove it for the default', event)
    } else {
      timeoutSeconds = timeout
      if (timeout >= 1000) {
        report("warning", [...path, "timeout"], `${timeout} seconds looks like milliseconds (timeouts are in seconds)`, `write "timeout": ${Math.max(1, Math.round(timeout / 1000))} if you meant ${timeout} ms`, event)
      }
    }
  }
  let onFailure: OnFailure = "continue"
  if ("onFailure" in h) {
    if (isOnFailure(h["onFailure"])) onFailure = h["onFailure"]
    else {
      ok = false
      report("error", [...path, "onFailure"], `expected "continue" or "block", found ${describeValue(h["onFailure"])}; the hook was skipped`, 'write "onFailure": "block" to fail closed, or remove it', event)
    }
  }
  let env: ReadonlyArray<string> | undefined
  if ("env" in h) {
    const value = h["env"]
    const bad = isStringArray(value) ? value.find((name) => !envName.test(name)) : undefined
    if (!isStringArray(value) || bad !== undefined) {
      ok = false
      report(
        "error",
        [...path, "env"],
        bad !== undefined ? `${JSON.stringify(bad)} is not an environment variable name; the hook was skipped` : `expected an array of variable names, found ${describeValue(value)}; the hook was skipped`,
        'write e.g. "env": ["GITHUB_TOKEN"]',
        event
      )
    } else env = value
  }
  const handler = validateHandlerFields(h, path, event, report, event)
  if (!handler.ok) ok = false
  for (const key of Object.keys(h)) {
    if (!knownHookKeys.has(key)) {
      const near = closest(key, [...knownHookKeys])
      report(
        "warning",
        [...path, key],
        `unknown key "${key}" in a hook; it is ignored`,
        `${near === undefined ? "remove it" : `did you mean "${near}"?`} (valid keys: ${[...knownHookKeys].join(", ")})`,
        event
      )
    }
  }
  return ok ? { command: command as string, timeoutSeconds, onFailure, env, ...handler.fields } : undefined
}

