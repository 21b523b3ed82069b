/**
 * `wave-hooks convert`: a settings file of one dialect written for another (events, matchers, tool names,
 * timeout units, entry shapes), with a note for everything that cannot be carried over and why. Built from
 * the dialect tables (`dialectRules`, `dialectEvents`) and the few rows below, so that a new dialect is
 * mostly new rows. Pure: text in, text and notes out.
 *
 * @since 0.5.0
 */
import { Predicate, Result } from "effect"
import { stringify as stringifyToml } from "smol-toml"
import type { Dialect, SettingsFileRow } from "../core/dialect.ts"
import { dialectRules, dialects } from "../core/dialect.ts"
import type { AgentEvent } from "../core/dialect-events.ts"
import { agentEventNamed, agentEventOf, eventsNotRunYet } from "../core/dialect-events.ts"
import type { HookEvent } from "../core/events.ts"
import { compileMatcher, matcherOptionsOf } from "../core/matcher.ts"
import { jsonPath } from "../core/read-output.ts"
import type { HookType } from "./hook-types.ts"
import { hookTypeOf, hookTypes } from "./hook-types.ts"
import { effectiveTimeoutSeconds } from "./plan.ts"
import { quoteVariableReferences } from "./plugin-hooks.ts"
import type { ConfiguredHook } from "./settings-schema.ts"
import { HookCommandConfig } from "./settings-schema.ts"
import { validateSettings } from "./validate-settings.ts"
import { parse as parseToml } from "smol-toml"
import stripJsonComments from "strip-json-comments"

// ====== Models ======

/**
 * One thing `convertSettings` says about the conversion. `error`: a hook, or part of what it does, is not in
 * the converted file or would decide differently there (or the source has an error); `warning`: carried
 * over, but something around it differs; `info`: carried over by a rewrite worth knowing.
 *
 * @category models
 * @since 0.5.0
 */
interface ConvertNote {
  readonly severity: "error" | "warning" | "info"
  /** JSON path in the source file. */
  readonly path: string
  readonly problem: string
  readonly fix: string
}

/**
 * Options of `convertSettings`.
 *
 * @category models
 * @since 0.5.0
 */
export interface ConvertOptions {
  readonly from: Dialect
  readonly to: Dialect
  /** The source file's name (its format follows the `from` settings file of that name; default its project file). */
  readonly file?: string
  /** Which of the target's settings files to write (a name such as `config.toml`; default its project file). */
  readonly target?: string
}

/**
 * A converted settings file.
 *
 * @category models
 * @since 0.5.0
 */
export interface ConvertedSettings {
  /** False when the source could not be read at all (nothing was converted; the notes say why). */
  readonly readable: boolean
  /** The converted file: JSON pretty-printed, or TOML for a `.toml` target. */
  readonly text: string
  /** The settings file it is meant for, relative to the project (`.gemini/settings.json`). */
  readonly target: string
  readonly notes: ReadonlyArray<ConvertNote>
}

// ====== The agents' rows ======

/** What an agent itself reads in a hook entry, beyond what `dialectRules` says (one row per dialect). */
interface AgentHookRow {
  /** The handler types the agent runs. */
  readonly hookTypes: ReadonlyArray<HookType>
  /**
   * The hook keys it reads besides `type`, `command`, `timeout` and `env`; `"every"`: every key wave-hooks
   * reads (wave-hooks reads wave and claude-code files alike).
   */
  readonly hookKeys: ReadonlyArray<string> | "every"
  /** The agent sets `dialectRules[d].ownProjectDirVariable` for its hooks (Codex CLI sets no project variable). */
  readonly setsProjectDir: boolean
  /** Other variables the agent sets for its hooks: a command naming one loses it in another agent. */
  readonly variables: ReadonlyArray<string>
  /** Tool names where they differ from Claude Code's, by Claude Code's name (Gemini CLI's migrate table). */
  readonly toolNames: { readonly [claudeName: string]: string }
  /** A timeout must be a whole number of seconds, at least 1 (Codex CLI's `u64`). */
  readonly wholeTimeouts: boolean
  /** The key, and its value, that switches every hook of a settings file off (not in a hooks-only file). */
  readonly offSwitch: { readonly path: ReadonlyArray<string>; readonly value: boolean } | undefined
}

const agentRows: { readonly [D in Dialect]: AgentHookRow } = {
  wave: {
    hookTypes,
    hookKeys: "every",
    setsProjectDir: true,
    variables: ["HOOK_EVENT", "HOOK_TOOL_NAME"],
    toolNames: {},
    wholeTimeouts: false,
    offSwitch: { path: ["disableAllHooks"], value: true }
  },
  "claude-code": {
    hookTypes,
    hookKeys: "every",
    setsProjectDir: true,
    variables: [],
    toolNames: {},
    wholeTimeouts: false,
    offSwitch: { path: ["disableAllHooks"], value: true }
  },
  "gemini-cli": {
    hookTypes: ["command"],
    hookKeys: ["name", "description"],
    setsProjectDir: true,
    variables: ["GEMINI_SESSION_ID", "GEMINI_PLANS_DIR"],
    toolNames: {
      Bash: "run_shell_command",
      Edit: "replace",
      Write: "write_file",
      Read: "read_file",
      Glob: "glob",
      Grep: "search_file_content",
      LS: "list_directory",
      WebFetch: "web_fetch",
      WebSearch: "google_web_search"
    },
    wholeTimeouts: false,
    offSwitch: { path: ["hooksConfig", "enabled"], value: false }
  },
  codex: {
    hookTypes: ["command", "mcp_tool"],
    hookKeys: ["async", "statusMessage", "commandWindows", "additionalContextLimit", "server", "tool", "input"],
    setsProjectDir: false,
    variables: [],
    toolNames: {},
    wholeTimeouts: true,
    offSwitch: { path: ["features", "hooks"], value: false }
  }
}

/** Every tool name some row translates, by Claude Code's name: the names a regular expression is checked on. */
const knownClaudeToolNames: ReadonlyArray<string> = [
  ...new Set(dialects.flatMap((d) => Object.keys(agentRows[d].toolNames)))
]

/** The Claude Code names of an agent's tool name (Codex CLI's `apply_patch` is Edit and Write). */
const claudeNamesOf = (dialect: Dialect, name: string): ReadonlyArray<string> => {
  const aliases = dialectRules[dialect].toolNameAliases[name]
  if (aliases !== undefined) return aliases
  const entry = Object.entries(agentRows[dialect].toolNames).find(([, agentName]) => agentName === name)
  return [entry === undefined ? name : entry[0]]
}

const agentToolName = (dialect: Dialect, claudeName: string): string =>
  agentRows[dialect].toolNames[claudeName] ?? claudeName

/** Whether two dialects name tools alike (no tool name needs translating). */
const sameToolNames = (a: Dialect, b: Dialect): boolean =>
  knownClaudeToolNames.every((name) => agentToolName(a, name) === agentToolName(b, name))

// ====== Reading the source ======

const settingsFileOf = (
  dialect: Dialect,
  name: string | undefined,
  fallbackScope: "project" | "local"
): SettingsFileRow | undefined => {
  const rows = dialectRules[dialect].settingsFiles.filter((row) => row.scope !== "user")
  if (name !== undefined) {
    const base = name.split(/[\\/]/).pop() ?? name
    const named = rows.find((row) => row.path === name || row.path.endsWith(`/${base}`))
    if (named !== undefined) return named
    const byFormat = rows.find((row) => (row.format === "toml") === base.endsWith(".toml"))
    return byFormat
  }
  return rows.find((row) => row.scope === fallbackScope) ?? rows[0]
}

/** The parsed source (validation already said whether it parses; this is only its raw entries). */
const parseRaw = (text: string, row: SettingsFileRow | undefined): unknown => {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text
  try {
    if (row?.format === "toml") return parseToml(body)
    return JSON.parse(row?.format === "jsonc" ? stripJsonComments(body) : body)
  } catch {
    return undefined
  }
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  Predicate.isObject(value) && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

// ====== Matchers ======

/** What a matcher matches, whatever the dialect's way of writing it. */
type MatcherMeaning =
  | { readonly _tag: "All" }
  | { readonly _tag: "Names"; readonly names: ReadonlyArray<string> }
  | { readonly _tag: "Pattern"; readonly pattern: string; readonly anchored: boolean }

const plainName = /^[A-Za-z0-9_]+$/
const exactList = /^[A-Za-z0-9_|]+$/
const claudeCodeExactList = /^[A-Za-z0-9_ \-,|]+$/
/** `^(?:a|b)$` or `^a$`: what this module writes for a list of names where matchers are unanchored. */
const anchoredNameList = /^\^(?:\(\?:([A-Za-z0-9_]+(?:\|[A-Za-z0-9_]+)*)\)|([A-Za-z0-9_]+))\$$/

/** How `compileMatcher` reads a pattern in a dialect (its rules, kept in step with `src/core/matcher.ts`). */
const meaningOf = (pattern: string | undefined, dialect: Dialect, event: HookEvent): MatcherMeaning => {
  if (pattern === undefined || pattern === "" || pattern === "*") return { _tag: "All" }
  const options = matcherOptionsOf(event, dialect)
  if (options.exact === true) return { _tag: "Names", names: [pattern] }
  const rules = dialectRules[dialect]
  if (rules.exactNameListMatchers && options.narrowExact !== true && claudeCodeExactList.test(pattern))
    return {
      _tag: "Names",
      names: pattern
        .split(/[|,]/)
        .map((n) => n.trim())
        .filter((n) => n.length > 0)
    }
  if (rules.plainNamesAreExact && exactList.test(pattern))
    return { _tag: "Names", names: pattern.split("|").filter((n) => n.length > 0) }
  try {
    new RegExp(pattern)
  } catch {
    if (rules.invalidMatcherIsExactName) return { _tag: "Names", names: [pattern] }
  }
  if (!rules.anchoredMatchers) {
    const list = anchoredNameList.exec(pattern)
    if (list !== null) return { _tag: "Names", names: (list[1] ?? list[2] ?? "").split("|") }
  }
  return { _tag: "Pattern", pattern, anchored: rules.anchoredMatchers }
}

/** Whether a dialect reads `text` as a list of exact names on `event`. */
const readsAsNames = (text: string, dialect: Dialect, event: HookEvent): boolean =>
  meaningOf(text, dialect, event)._tag === "Names"

/** Plain words joined by `|`. */
const wordList = /^[A-Za-z0-9_]+(?:\|[A-Za-z0-9_]+)*$/

const escapeRegex = (name: string): string => name.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&")

/** The body of `prefix(?:body)suffix` when the group spans the whole pattern, else `undefined`. */
const groupBody = (pattern: string, prefix: string, suffix: string): string | undefined => {
  const open = `${prefix}(?:`
  const close = `)${suffix}`
  if (!pattern.startsWith(open) || !pattern.endsWith(close) || pattern.length < open.length + close.length)
    return undefined
  let depth = 0
  let inClass = false
  const last = pattern.length - close.length
  for (let i = prefix.length; i <= last; i++) {
    const c = pattern[i]
    if (c === "\\") i++
    else if (inClass) inClass = c !== "]"
    else if (c === "[") inClass = true
    else if (c === "(") depth++
    else if (c === ")") {
      depth--
      if (depth === 0) return i === last ? pattern.slice(open.length, last) : undefined
    }
  }
  return undefined
}

/**
 * A list of names written for a dialect: `a|b` where plain names are exact, else a regular expression that
 * matches exactly them. Several values where the event's matcher is one exact value (Gemini CLI's
 * SessionStart): one matcher each.
 */
const writeNames = (names: ReadonlyArray<string>, dialect: Dialect, event: HookEvent): ReadonlyArray<string> => {
  if (matcherOptionsOf(event, dialect).exact === true) return names
  const joined = names.join("|")
  if (names.every((n) => plainName.test(n)) && readsAsNames(joined, dialect, event)) return [joined]
  const body = names.map(escapeRegex).join("|")
  if (dialectRules[dialect].anchoredMatchers) return [names.length === 1 ? body : `(?:${body})`]
  return [names.length === 1 ? `^${body}$` : `^(?:${body})$`]
}

/** A regular expression written for a dialect, matching the same names. */
const writePattern = (pattern: string, anchored: boolean, dialect: Dialect, event: HookEvent): string => {
  const targetAnchored = dialectRules[dialect].anchoredMatchers
  const text =
    anchored === targetAnchored
      ? pattern
      : anchored
        ? (groupBody(pattern, ".*", ".*") ?? `^(?:${pattern})$`)
        : (groupBody(pattern, "^", "$") ?? `.*(?:${pattern}).*`)
  // A pattern the target would read as a list of exact names is kept a regular expression by a group.
  return readsAsNames(text, dialect, event) ? `(?:${text})` : text
}

const matchesIn = (pattern: string, dialect: Dialect, event: HookEvent): ((name: string) => boolean) => {
  const compiled = compileMatcher(pattern, dialect, matcherOptionsOf(event, dialect))
  return Result.isSuccess(compiled) ? compiled.success : () => false
}

// ====== Commands ======

/** Every variable some dialect sets to the project directory. */
const projectDirVariables: ReadonlyArray<string> = [
  ...new Set(dialects.flatMap((d) => dialectRules[d].projectDirVariables))
]

const referencesOf = (command: string, names: ReadonlyArray<string>): ReadonlyArray<string> =>
  names.filter((name) => new RegExp(`\\$(?:\\{${name}\\}|${name}(?![A-Za-z0-9_]))`, "u").test(command))

const renameVariable = (command: string, from: string, to: string): string =>
  command
    .replace(new RegExp(`\\$\\{${from}\\}`, "gu"), `\${${to}}`)
    .replace(new RegExp(`\\$${from}(?![A-Za-z0-9_])`, "gu"), `$${to}`)

const shellQuote = (word: string): string =>
  /^[A-Za-z0-9_@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`

// ====== Conversion ======

type Json = unknown
type Group = Record<string, Json>

interface Context {
  readonly from: Dialect
  readonly to: Dialect
  readonly note: (severity: ConvertNote["severity"], path: string, problem: string, fix: string) => void
}

/**
 * Convert a settings file from one dialect to another.
 *
 * **Details**
 *
 * The source is read with `validateSettings` (its errors and warnings are notes; an entry it skips is not
 * converted). Each hook is written in the target's shape: the event under the target's name (an event the
 * target lacks is left out, with an error note), its timeout in the target's unit (30 s is 30000 ms), and a
 * hook without one gets the source's default written out when the target's differs; matchers keep the
 * names they match (tool names translated in lists of names, anchored and unanchored regular expressions
 * rewritten into each other); project variables renamed; the group order kept with the target's key. What
 * the target cannot express is left out with a note saying what is lost.
 *
 * **Example** (A Claude Code guard for Gemini CLI)
 *
 * ```ts
 * convertSettings('{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"guard.sh","timeout":30}]}]}}',
 *   { from: "claude-code", to: "gemini-cli" }).text
 * // {"hooks":{"BeforeTool":[{"matcher":"^run_shell_command$","hooks":[{"type":"command","command":"guard.sh","timeout":30000}]}]}}
 * ```
 *
 * @category conversion
 * @since 0.5.0
 */
export const convertSettings = (text: string, options: ConvertOptions): ConvertedSettings => {
  const { from, to } = options
  const sourceRow = settingsFileOf(from, options.file, "project")
  const targetRow =
    settingsFileOf(to, options.target, sourceRow?.scope === "local" ? "local" : "project") ??
    dialectRules[to].settingsFiles[0]!
  const file = options.file ?? sourceRow?.path ?? dialectRules[from].settingsFiles[0]!.path
  const validated = validateSettings(text, {
    file,
    scope: sourceRow?.scope ?? "project",
    dialect: from,
    ...(sourceRow === undefined ? {} : { format: sourceRow.format, keys: sourceRow.keys })
  })
  const notes: Array<ConvertNote> = validated.diagnostics.map((d) => ({
    severity: d.severity,
    path: d.path,
    problem: d.severity === "error" ? `${d.problem} (not converted)` : d.problem,
    fix: d.fix
  }))
  const target = targetRow.path
  if (!validated.readable) return { readable: false, text: "", target, notes }
  const note: Context["note"] = (severity, path, problem, fix) => notes.push({ severity, path, problem, fix })
  const context: Context = { from, to, note }
  const root = asRecord(parseRaw(text, sourceRow)) ?? {}
  const byPath = new Map(validated.hooks.map((hook) => [hook.path, hook]))
  const disabled = new Set(validated.disabledHooks ?? [])

  const out: Record<string, Json> = {}
  if (sourceRow?.keys === "settings" && targetRow.keys === "settings") {
    // wave and claude-code settings are read alike: every other key keeps its meaning.
    for (const [key, value] of Object.entries(root)) if (key !== "hooks") out[key] = value
  } else {
    fileSwitches(root, validated.disableAllHooks, targetRow, context, out)
  }
  const hooks = convertHooks(asRecord(root["hooks"]) ?? {}, byPath, disabled, context)
  if (Object.keys(hooks).length > 0 || "hooks" in root) out["hooks"] = hooks
  fileNotes(validated.hooks, context)

  const body =
    targetRow.format === "toml"
      ? stringifyToml(out)
      : `${JSON.stringify(targetRow.keys === "hooks-file" ? { hooks: out["hooks"] ?? {} } : out, null, 2)}\n`
  return { readable: true, text: body, target, notes }
}

/** `disableAllHooks` and Gemini CLI's `hooksConfig`, and the other top-level keys (left out, with a note). */
const fileSwitches = (
  root: Record<string, Json>,
  disableAllHooks: boolean | undefined,
  targetRow: SettingsFileRow,
  { from, to, note }: Context,
  out: Record<string, Json>
): void => {
  if (disableAllHooks === true) {
    const off = targetRow.keys === "hooks-file" ? undefined : agentRows[to].offSwitch
    if (off !== undefined) {
      let at = out
      for (const key of off.path.slice(0, -1)) at = (at[key] = asRecord(at[key]) ?? {}) as Record<string, Json>
      at[off.path[off.path.length - 1]!] = off.value
    } else
      note(
        "error",
        "$",
        `this file switches every hook off, and ${to}'s ${targetRow.path} has no such switch: the converted hooks would run`,
        "leave the converted hooks out, or switch them on in the source first"
      )
  }
  const disabledKey = asRecord(root["hooksConfig"])?.["disabled"]
  if (Array.isArray(disabledKey) && disabledKey.length > 0)
    note(
      "warning",
      "$.hooksConfig.disabled",
      `${from} switches the hooks it names off in every settings file; ${to} has no such list`,
      "the hooks of this file it names are left out; switch off those of other files by removing them there"
    )
  const hookKeys = new Set(["hooks", "disableAllHooks", "hooksConfig", "$schema", "description"])
  const left = Object.keys(root).filter((key) => !hookKeys.has(key))
  const hookSettings = [
    "env",
    "mcpServers",
    "allowedHttpHookUrls",
    "httpHookAllowedEnvVars",
    "plugins",
    "enabledPlugins"
  ]
  for (const key of left.filter((k) => hookSettings.includes(k)))
    note(
      "warning",
      jsonPath([key]),
      `"${key}" is not carried over: ${to}'s ${targetRow.path} has no such setting, and the hooks may rely on it`,
      `set it up for ${to} by hand`
    )
  const others = left.filter((k) => !hookSettings.includes(k))
  if (others.length > 0)
    note(
      "info",
      "$",
      `only the hooks are converted; ${others.map((k) => `"${k}"`).join(", ")} ${others.length === 1 ? "is" : "are"} ${from}'s own settings`,
      targetRow.keys === "agent-settings"
        ? `add the converted keys to ${targetRow.path}, keeping its other settings`
        : "copy what the target agent also reads by hand"
    )
  else if (targetRow.keys === "agent-settings")
    note(
      "info",
      "$",
      `${targetRow.path} holds ${to}'s other settings too`,
      `add the converted keys to ${targetRow.path}, keeping its other settings`
    )
}

/** Notes about the whole file: the answers' vocabulary, the shell. */
const fileNotes = (hooks: ReadonlyArray<ConfiguredHook>, { from, to, note }: Context) => {
  const a = dialectRules[from]
  const b = dialectRules[to]
  if (hooks.length === 0) return
  if (a.vocabulary !== b.vocabulary || a.exitCodeRows !== b.exitCodeRows || a.answerText !== b.answerText)
    note(
      "info",
      "$.hooks",
      `the hooks' answers are in ${from}'s vocabulary: converting settings does not convert what the scripts print`,
      `check each script's output and exit codes against ${to}'s (wave-hooks test <command> --event ... --dialect ${to})`
    )
  if (a.defaultShell !== b.defaultShell && hooks.some((h) => hookTypeOf(h) === "command"))
    note(
      "info",
      "$.hooks",
      b.defaultShell === "login-shell"
        ? `${to} runs each command with $SHELL -lc (your login shell), not bash`
        : `${to} runs each command with bash, not your login shell`,
      `check that the commands work in ${b.defaultShell === "login-shell" ? "your login shell" : "bash"}`
    )
}

const convertHooks = (
  hooksObject: Record<string, Json>,
  byPath: ReadonlyMap<string, ConfiguredHook>,
  disabled: ReadonlySet<string>,
  context: Context
): Record<string, Json> => {
  const { from, to, note } = context
  const out: Record<string, Array<Group>> = {}
  for (const [name, groups] of Object.entries(hooksObject)) {
    const source = agentEventNamed(from, name)
    if (source === undefined && eventsNotRunYet[from].includes(name))
      note(
        "error",
        jsonPath(["hooks", name]),
        `${name} has no counterpart in ${to} (wave-hooks has no event for it yet); its hooks are left out`,
        `keep them in ${from}'s settings`
      )
    if (source === undefined || !Array.isArray(groups)) continue // validation said why
    const targetEvent = agentEventOf(to, source.event)
    const eventPath = jsonPath(["hooks", name])
    const valid = groups.flatMap((_, gi) =>
      (Array.isArray(asRecord(groups[gi])?.["hooks"]) ? (asRecord(groups[gi])!["hooks"] as Array<Json>) : []).flatMap(
        (__, hi) => {
          const hook = byPath.get(jsonPath(["hooks", name, gi, "hooks", hi]))
          return hook === undefined ? [] : [hook]
        }
      )
    )
    if (targetEvent === undefined) {
      if (valid.length > 0)
        note(
          "error",
          eventPath,
          `${name} has no counterpart in ${to}; its ${valid.length === 1 ? "hook is" : `${valid.length} hooks are`} left out`,
          `${to} has no event that fires there; keep ${valid.length === 1 ? "it" : "them"} in ${from}'s settings`
        )
      continue
    }
    groups.forEach((group, gi) => {
      const list = asRecord(group)?.["hooks"]
      if (!Array.isArray(list)) return
      const members = list.flatMap((raw, hi) => {
        const path = jsonPath(["hooks", name, gi, "hooks", hi])
        const hook = byPath.get(path)
        if (hook === undefined) return []
        if (disabled.has(hook.name ?? hook.command) || disabled.has(hook.command)) {
          note("info", path, "hooksConfig.disabled switches this hook off; it is left out", "nothing to do")
          return []
        }
        return [{ hook, raw: asRecord(raw) ?? {}, path }]
      })
      if (members.length === 0) return
      const groupPath = jsonPath(["hooks", name, gi])
      const matchers = convertMatcher(members[0]!.hook, asRecord(group) ?? {}, source, targetEvent, groupPath, context)
      if (matchers === undefined) return
      const hooks = members.flatMap(({ hook, raw, path }) => {
        const written = convertHook(hook, raw, path, context)
        return written === undefined ? [] : [written]
      })
      if (hooks.length === 0) return
      const order = groupOrderKey(members[0]!.hook.parallel, hooks.length, groupPath, context)
      const extra = groupExtras(asRecord(group) ?? {}, context)
      const rows = (out[targetEvent.name] ??= [])
      for (const matcher of matchers)
        rows.push({ ...(matcher === undefined ? {} : { matcher }), ...extra, ...order, hooks })
    })
  }
  return out
}

/** A matcher group's own keys that the target reads too (Claude Code's `description` and `id`). */
const groupExtras = (group: Record<string, Json>, { to }: Context): Record<string, Json> => {
  if (agentRows[to].hookKeys !== "every") return {}
  const extra: Record<string, Json> = {}
  for (const key of ["description", "id"]) if (key in group) extra[key] = group[key]
  return extra
}

/** The target's key for the group's order, when it is needed; a note when the target cannot say it. */
const groupOrderKey = (
  parallel: boolean,
  size: number,
  path: string,
  { from, to, note }: Context
): Record<string, Json> => {
  if (size < 2) return {}
  switch (dialectRules[to].groupOrder) {
    case "sequential-unless-parallel":
      return parallel ? { parallel: true } : {}
    case "parallel-unless-sequential":
      return parallel ? {} : { sequential: true }
    case "parallel":
      if (!parallel)
        note(
          "warning",
          path,
          `these hooks run one after another in ${from}; ${to} always runs a group's hooks together`,
          "make sure they do not depend on each other's order or changes (or put them in one script)"
        )
      return {}
  }
}

/**
 * The group's matcher in the target (several when the target takes one exact value and the source named
 * several), `[undefined]` for no matcher, or `undefined` when it cannot be written (a note says why).
 */
// long: one case per kind of matcher (all, names, regular expression, exact trigger values), each with its notes
const convertMatcher = (
  hook: ConfiguredHook,
  group: Record<string, Json>,
  source: AgentEvent,
  target: AgentEvent,
  path: string,
  { from, to, note }: Context
): ReadonlyArray<string | undefined> | undefined => {
  const matcherPath = `${path}.matcher`
  let meaning = meaningOf(hook.matcher, from, hook.event)
  if (meaning._tag === "All") {
    const raw = group["matcher"]
    return [target.matcherField !== undefined && (raw === "*" || raw === "") ? raw : undefined]
  }
  const written = hook.matcher!
  if (target.matcherField === undefined) {
    note(
      "error",
      matcherPath,
      `${target.name} in ${to} takes no matcher: its hooks would run for every ${target.name}, not only for "${written}"; the group is left out`,
      `test the payload's ${source.matcherField ?? "field"} in the script, then add the group by hand without a matcher`
    )
    return undefined
  }
  const toolEvent = source.matcherField === "tool_name"
  const tools = toolEvent && !sameToolNames(from, to)
  // Codex CLI's apply_patch is Edit and Write elsewhere, though the two name tools alike otherwise.
  const translate = tools || (toolEvent && from !== to && Object.keys(dialectRules[from].toolNameAliases).length > 0)
  const words = meaning._tag === "Pattern" && !meaning.anchored ? wordList.exec(meaning.pattern)?.[0] : undefined
  const spelled = words?.split("|") ?? []
  if (
    tools &&
    spelled.length > 0 &&
    spelled.every((w) => knownClaudeToolNames.some((c) => agentToolName(from, c) === w))
  ) {
    // Gemini CLI's own examples write tool names so ("write_file|replace"): read as the names they are meant as.
    note(
      "info",
      matcherPath,
      `"${written}" is a regular expression in ${from} (it also matches any name containing ${spelled.length > 1 ? "one of these" : "it"}); converted as the tool ${spelled.length > 1 ? "names" : "name"} it spells`,
      "nothing to do"
    )
    meaning = { _tag: "Names", names: spelled }
  }
  if (meaning._tag === "Names") {
    const names = translate
      ? [...new Set(meaning.names.flatMap((n) => claudeNamesOf(from, n)).map((n) => agentToolName(to, n)))]
      : meaning.names
    if (tools) {
      const unknown = meaning.names.filter(
        (n) => claudeNamesOf(from, n).every((c) => !knownClaudeToolNames.includes(c)) && !n.startsWith("mcp__")
      )
      if (unknown.length > 0)
        note(
          "warning",
          matcherPath,
          `${unknown.map((n) => `"${n}"`).join(", ")} ${unknown.length === 1 ? "is" : "are"} not in the tool-name table; kept as written`,
          `check the name of that tool in ${to}`
        )
      if (meaning.names.some((n) => n.startsWith("mcp__")))
        note(
          "warning",
          matcherPath,
          "MCP tool names are kept as written",
          `check how ${to} names MCP tools (its matcher is tested against its own names)`
        )
    }
    const matchers = writeNames(names, to, hook.event)
    if (matchers.length > 1)
      note(
        "info",
        matcherPath,
        `${target.name}'s matcher in ${to} is one exact value: "${written}" became ${matchers.length} groups (${matchers.map((m) => `"${m}"`).join(", ")})`,
        "nothing to do"
      )
    else if (matchers[0] !== written)
      note(
        "info",
        matcherPath,
        `matcher "${written}" written as "${matchers[0]}"${translate ? ` (${to}'s tool names)` : ""}${dialectRules[to].anchoredMatchers || readsAsNames(matchers[0]!, to, hook.event) ? "" : ` (${to} reads a matcher as an unanchored regular expression)`}`,
        "nothing to do"
      )
    return matchers
  }
  if (matcherOptionsOf(hook.event, to).exact === true) {
    note(
      "error",
      matcherPath,
      `"${written}" is a regular expression, and ${target.name}'s matcher in ${to} is one exact value; the group is left out`,
      `write one group per ${target.matcherField} value the expression matches`
    )
    return undefined
  }
  const pattern = writePattern(meaning.pattern, meaning.anchored, to, hook.event)
  if (pattern !== written)
    note(
      "info",
      matcherPath,
      `matcher "${written}" written as "${pattern}" (${from} ${meaning.anchored ? "anchors" : "does not anchor"} regular expressions, ${to} ${dialectRules[to].anchoredMatchers ? "does" : "does not"})`,
      "nothing to do"
    )
  if (tools) {
    const before = matchesIn(written, from, hook.event)
    const after = matchesIn(pattern, to, hook.event)
    const differ = knownClaudeToolNames.filter((c) => before(agentToolName(from, c)) !== after(agentToolName(to, c)))
    if (differ.length > 0)
      note(
        "warning",
        matcherPath,
        `the regular expression "${written}" is kept as written, but tool names inside it are not translated: it ${before(agentToolName(from, differ[0]!)) ? "matches" : "does not match"} ${from}'s ${agentToolName(from, differ[0]!)} and ${after(agentToolName(to, differ[0]!)) ? "matches" : "does not match"} ${to}'s ${agentToolName(to, differ[0]!)}`,
        `rewrite it with ${to}'s tool names (${differ.map((c) => agentToolName(to, c)).join(", ")})`
      )
  }
  return [pattern]
}

/** Hook keys only another agent reads (Gemini CLI's `name`, Codex CLI's `commandWindows`, ...). */
const otherAgentsKeys: ReadonlySet<string> = new Set(
  dialects.flatMap((d) => dialectRules[d].extraHookKeys).filter((key) => !(key in HookCommandConfig.fields))
)

/** How a key the target does not read is lost: what it did, and how bad losing it is. */
const lostKeys: { readonly [key: string]: { readonly severity: ConvertNote["severity"]; readonly lost: string } } = {
  if: {
    severity: "error",
    lost: "the hook runs for every tool call its matcher matches, not only the ones the rule names"
  },
  once: { severity: "error", lost: "the hook runs every time, not once per session" },
  async: { severity: "error", lost: "the hook runs in the foreground: the agent waits for it and its answer decides" },
  asyncRewake: { severity: "error", lost: "the hook runs in the foreground and cannot wake the agent later" },
  rewakeMessage: { severity: "info", lost: "the wake-up text is not kept" },
  rewakeSummary: { severity: "info", lost: "the wake-up summary is not kept" },
  statusMessage: { severity: "info", lost: "the line shown while the hook runs is not kept" },
  name: { severity: "info", lost: "the hook's name (used in messages and hooksConfig.disabled) is not kept" },
  description: { severity: "info", lost: "the hook's description is not kept" },
  commandWindows: { severity: "info", lost: "the command for Windows is not kept" },
  additionalContextLimit: { severity: "warning", lost: "the limit on the context the hook adds is not kept" },
  env: { severity: "warning", lost: "the env allowlist is not kept: the hook gets the whole environment" }
}

/** One hook in the target's shape, or `undefined` when it cannot be written (a note says why). */
// long: one rule per hook key, sharing the hook's notes
const convertHook = (
  hook: ConfiguredHook,
  raw: Record<string, Json>,
  path: string,
  { from, to, note }: Context
): Record<string, Json> | undefined => {
  const row = agentRows[to]
  const type = hookTypeOf(hook)
  if (!row.hookTypes.includes(type)) {
    note(
      "error",
      path,
      `${type} hooks have no counterpart in ${to} (it runs ${row.hookTypes.join(" and ")} hooks); the hook is left out`,
      type === "http"
        ? "write a command hook that posts the event (e.g. with curl)"
        : `write a command hook that does the same`
    )
    return undefined
  }
  const reads = (key: string) => (row.hookKeys === "every" ? !otherAgentsKeys.has(key) : row.hookKeys.includes(key))
  const lose = (key: string, detail?: string) => {
    const loss = lostKeys[key]
    note(
      loss?.severity ?? "warning",
      `${path}.${key}`,
      `${to} has no "${key}": ${detail ?? loss?.lost ?? "it is not kept"}`,
      loss?.severity === "info" ? "nothing to do" : `keep this hook in ${from}'s settings, or do it in the script`
    )
  }
  const out: Record<string, Json> = {}
  let timeoutWritten = false
  const writeTimeout = () => {
    timeoutWritten = true
    const timeout = convertTimeout(hook, path, { from, to, note } as Context)
    if (timeout !== undefined) out["timeout"] = timeout
  }
  for (const [key, value] of Object.entries(raw)) {
    switch (key) {
      case "type":
        out["type"] = value
        break
      case "command":
        if (type === "command") out["command"] = convertCommand(hook, raw, path, { from, to, note } as Context)
        break
      case "args":
        if (reads("args")) out["args"] = value
        else
          note(
            "info",
            `${path}.args`,
            `${to} has no exec form: the program and its arguments are written as one shell command, each word quoted`,
            "nothing to do"
          )
        break
      case "timeout":
      case "timeoutSec":
        if (!timeoutWritten) writeTimeout()
        break
      case "env":
        if (hook.addedEnv !== undefined) {
          if (dialectRules[to].envIsValues) out["env"] = value
          else
            note(
              "info",
              `${path}.env`,
              `${to}'s env is not a set of values: the variables are exported at the start of the command`,
              "nothing to do"
            )
        } else if (dialectRules[to].envIsValues || !reads("env")) lose("env")
        else out["env"] = value
        break
      case "onFailure":
        if (reads("onFailure")) out["onFailure"] = value
        else if (value === "block")
          note(
            "error",
            `${path}.onFailure`,
            `${to} has no "onFailure": a crash, timeout or garbage answer no longer blocks (${to} fails open)`,
            "make the script itself deny when its own check fails, then exit 2 with a reason"
          )
        break
      case "shell":
        if (reads("shell")) out["shell"] = value
        // With args no shell runs (validation said so); the folded command runs in the target's shell.
        else if (hook.args === undefined && (value !== "bash" || dialectRules[to].defaultShell !== "bash"))
          note(
            value === "powershell" ? "error" : "warning",
            `${path}.shell`,
            `${to} has no "shell": the command runs in ${dialectRules[to].defaultShell === "bash" ? "bash" : "your login shell"}, not ${value}`,
            value === "powershell"
              ? "call pwsh from the command (pwsh -NoProfile -Command ...)"
              : "check that the command works there"
          )
        break
      case "name":
      case "description":
        if (reads(key)) out[key] = value
        else if (key === "name" || typeof value === "string") lose(key)
        break
      default:
        if (reads(key)) out[key] = value
        else if (key in lostKeys) {
          if (key === "async" && value === false) break
          lose(key)
        }
      // An unknown key: validation already said it is ignored.
    }
  }
  if (!timeoutWritten) writeTimeout()
  return out
}

/** The command in the target: its variables renamed, its exec form and env values folded in. */
const convertCommand = (
  hook: ConfiguredHook,
  raw: Record<string, Json>,
  path: string,
  { from, to, note }: Context
): string => {
  let command = typeof raw["command"] === "string" ? raw["command"] : hook.command
  // The exec form runs the program with its arguments as written (no variables): quoted words say the same.
  if (hook.args !== undefined && agentRows[to].hookKeys !== "every")
    return [command, ...hook.args].map(shellQuote).join(" ")
  // Gemini CLI puts shell-escaped values in the command text: elsewhere the references must be quoted.
  const own = dialectRules[from].commandVariables
  if (own.length > 0 && dialectRules[to].commandVariables.length === 0) {
    const quoted = quoteVariableReferences(command, own)
    const debrace = (text: string) =>
      text.replace(new RegExp(`\\$\\{(${own.join("|")})\\}(?![A-Za-z0-9_])`, "gu"), "$$$1")
    if (debrace(quoted) !== debrace(command)) {
      note(
        "info",
        `${path}.command`,
        `${from} puts the variables' values into the command text; ${to} expands them in the shell, so the references are quoted`,
        "nothing to do"
      )
      command = quoted
    }
  }
  const agent = agentRows[to]
  const targetVariable = agent.setsProjectDir ? dialectRules[to].ownProjectDirVariable : undefined
  const used = referencesOf(command, projectDirVariables).filter((v) =>
    dialectRules[from].projectDirVariables.includes(v)
  )
  for (const variable of used) {
    if (targetVariable !== undefined) {
      if (variable !== targetVariable) command = renameVariable(command, variable, targetVariable)
    } else
      note(
        "warning",
        `${path}.command`,
        `the command uses $${variable}, which ${to} does not set: it expands to nothing there`,
        `use a path relative to the project (${to} runs hooks in the session's working directory), or find the root in the script (git rev-parse --show-toplevel)`
      )
  }
  for (const variable of referencesOf(command, agentRows[from].variables))
    if (!agentRows[to].variables.includes(variable))
      note(
        "warning",
        `${path}.command`,
        `the command uses $${variable}, which ${to} does not set`,
        "read the value from the payload on stdin instead"
      )
  if (hook.addedEnv !== undefined && !dialectRules[to].envIsValues) {
    const exports = Object.entries(hook.addedEnv).map(([name, value]) => `export ${name}=${shellQuote(value)}; `)
    command = `${exports.join("")}${command}`
  }
  return command
}

/**
 * The timeout in the target's unit: the hook's own, or the source's default written out when the target's
 * default differs; `undefined` when none is needed.
 */
const convertTimeout = (hook: ConfiguredHook, path: string, { from, to, note }: Context): number | undefined => {
  const seconds = effectiveTimeoutSeconds(hook, from)
  const targetDefault = effectiveTimeoutSeconds({ ...hook, timeoutSeconds: undefined }, to)
  if (hook.timeoutSeconds === undefined && seconds === targetDefault) return undefined
  let value = seconds
  if (agentRows[to].wholeTimeouts && (!Number.isInteger(value) || value < 1)) {
    value = Math.max(1, Math.ceil(value))
    note(
      "warning",
      `${path}.timeout`,
      `${to} takes a whole number of seconds, at least 1: ${seconds} s became ${value} s`,
      "nothing to do, unless the hook relied on being stopped sooner"
    )
  }
  const written = dialectRules[to].timeoutUnit === "milliseconds" ? Number((value * 1000).toPrecision(12)) : value
  if (hook.timeoutSeconds === undefined)
    note(
      "info",
      `${path}`,
      `the hook has no timeout: ${from}'s default for it (${seconds} s) is written out, as ${to}'s is ${targetDefault} s`,
      "nothing to do"
    )
  else if (dialectRules[from].timeoutUnit !== dialectRules[to].timeoutUnit)
    note(
      "info",
      `${path}.timeout`,
      `timeout ${dialectRules[from].timeoutUnit === "milliseconds" ? seconds * 1000 : seconds} ${dialectRules[from].timeoutUnit === "milliseconds" ? "ms" : "s"} written as ${written} ${dialectRules[to].timeoutUnit === "milliseconds" ? "ms" : "s"} (${to} timeouts are in ${dialectRules[to].timeoutUnit})`,
      "nothing to do"
    )
  return written
}
