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
import { agentEventName, agentEventNamed, agentEventOf, eventsNotRunYet } from "../core/dialect-events.ts"
import type { HookEvent } from "../core/events.ts"
import { compileMatcher, matcherOptionsOf } from "../core/matcher.ts"
import { jsonPath } from "../core/read-output.ts"
import type { HookType } from "./hook-types.ts"
import { hookTypeOf } from "./hook-types.ts"
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
  /**
   * Handler types the agent runs (`dialectRules[d].hookTypes`) whose hooks are not other agents' hooks of that
   * type: none is converted to or from it.
   */
  readonly typesOfItsOwn?: ReadonlyArray<HookType>
  /**
   * The keys of wave-hooks' own it reads besides `type`, `command`, `timeout` and `env` (it reads its own keys,
   * `dialectRules[d].extraHookKeys`, too); `"every"`: every key wave-hooks reads (wave-hooks reads wave and
   * claude-code files alike).
   */
  readonly hookKeys: ReadonlyArray<string> | "every"
  /** The agent sets `dialectRules[d].ownProjectDirVariable` for its hooks (Codex CLI sets no project variable). */
  readonly setsProjectDir: boolean
  /**
   * Variables the agent sets for its hooks besides those from payload fields (`dialectRules[d].payloadVariables`):
   * a command naming one loses it in another agent.
   */
  readonly variables: ReadonlyArray<string>
  /**
   * Tool names by Claude Code's name: those that differ (Gemini CLI's migrate table), and, for an agent with
   * its own set of tools (`tools`), also those it shares.
   */
  readonly toolNames: { readonly [claudeName: string]: string }
  /** Claude Code's names of an agent tool that stands for several of them, or not for the name `toolNames` gives. */
  readonly toolAliases?: { readonly [agentName: string]: ReadonlyArray<string> }
  /** The agent's own tools, when it has a fixed set (Cursor's tool types): a matcher naming another never fires. */
  readonly tools?: ReadonlyArray<string>
  /** Other names of a tool in the agent, by Claude Code's name (Copilot's apply_patch edits too): a matcher names them all. */
  readonly alsoNamed?: { readonly [claudeName: string]: ReadonlyArray<string> }
  /** How the agent names MCP tools: `mcp__<server>__<tool>`, or `MCP:<tool>` without the server (Cursor). */
  readonly mcpNames: "server-and-tool" | "tool-only"
  /** Its docs do not say how MCP tools are named in a hook's payload (Copilot): a matcher naming one gets a warning. */
  readonly mcpNamesUndocumented?: true
  /** How the agent's own events differ from the same events elsewhere, by its event name (a warning either way). */
  readonly eventsDiffer?: { readonly [agentEvent: string]: string }
  /** Subagent types (SubagentStart and SubagentStop matchers) where they differ, by Claude Code's name. */
  readonly subagentTypes?: { readonly [claudeName: string]: string }
  /** The agent's events that fire an internal event another of its events is named for, by name. */
  readonly sharedEvents?: { readonly [agentEvent: string]: SharedEventRow }
  /** What the agent's payloads carry instead of the common fields, when they differ (Cursor's). */
  readonly ownPayload?: string
  /** A timeout must be a whole number of seconds, at least 1 (Codex CLI's `u64`). */
  readonly wholeTimeouts: boolean
  /** The key, and its value, that switches every hook of a settings file off (not in a hooks-only file). */
  readonly offSwitch: { readonly path: ReadonlyArray<string>; readonly value: boolean } | undefined
}

/**
 * One of an agent's events that fires the same internal event as the event named for it (Cursor's
 * beforeShellExecution fires PreToolUse, as preToolUse does): how its hooks are written elsewhere.
 */
interface SharedEventRow {
  /** The tools it fires for, by Claude Code's name (`"mcp"`: every MCP tool); absent: not a tool event. */
  readonly tools?: ReadonlyArray<string> | "mcp"
  /** What its matcher tests when not the tool's name, and the payload field that holds it elsewhere. */
  readonly matches?: { readonly what: string; readonly field: string }
  /** Why no other agent has a counterpart, when none has (its hooks are left out). */
  readonly none?: string
  /** How it differs from the event it is written as: its payload, or when it fires. */
  readonly differs?: string
}

const agentRows: { readonly [D in Dialect]: AgentHookRow } = {
  wave: {
    hookKeys: "every",
    setsProjectDir: true,
    variables: ["HOOK_EVENT", "HOOK_TOOL_NAME"],
    toolNames: {},
    mcpNames: "server-and-tool",
    wholeTimeouts: false,
    offSwitch: { path: ["disableAllHooks"], value: true }
  },
  "claude-code": {
    hookKeys: "every",
    setsProjectDir: true,
    variables: [],
    toolNames: {},
    mcpNames: "server-and-tool",
    wholeTimeouts: false,
    offSwitch: { path: ["disableAllHooks"], value: true }
  },
  "gemini-cli": {
    hookKeys: [],
    setsProjectDir: true,
    variables: ["GEMINI_PLANS_DIR"],
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
    mcpNames: "server-and-tool",
    wholeTimeouts: false,
    offSwitch: { path: ["hooksConfig", "enabled"], value: false }
  },
  codex: {
    hookKeys: ["async", "server", "tool", "input"],
    setsProjectDir: false,
    variables: [],
    toolNames: {},
    mcpNames: "server-and-tool",
    wholeTimeouts: true,
    offSwitch: { path: ["features", "hooks"], value: false }
  },
  // Cursor: its hooks docs (tool types, events, per-script options); its mapping of Claude Code's hooks.
  cursor: {
    hookKeys: ["prompt", "model"],
    setsProjectDir: true,
    variables: ["CURSOR_CODE_REMOTE"],
    toolNames: {
      Bash: "Shell",
      Edit: "Write",
      Write: "Write",
      Read: "Read",
      Grep: "Grep",
      Agent: "Task",
      Task: "Task"
    },
    toolAliases: { Write: ["Edit", "Write"], Task: ["Task"] },
    tools: ["Shell", "Read", "Write", "Grep", "Delete", "Task"],
    mcpNames: "tool-only",
    subagentTypes: { "general-purpose": "generalPurpose", Explore: "explore" },
    sharedEvents: {
      beforeShellExecution: {
        tools: ["Bash"],
        matches: { what: "the command text", field: "tool_input.command" },
        differs: "its payload has the command as command (there: tool_input.command)"
      },
      afterShellExecution: {
        tools: ["Bash"],
        matches: { what: "the command text", field: "tool_input.command" },
        differs: "its payload has command and output (there: tool_input.command and tool_response)"
      },
      beforeMCPExecution: {
        tools: "mcp",
        differs:
          "its payload has the tool's own name as tool_name and tool_input as a JSON string (there: the full MCP name and an object)"
      },
      afterMCPExecution: { tools: "mcp", differs: "its payload has the result as result_json (there: tool_response)" },
      beforeReadFile: {
        tools: ["Read"],
        differs:
          "it fires for every file whose content goes to the model, attachments too, with file_path and content (there: only for the Read tool, with tool_input.file_path)"
      },
      afterFileEdit: {
        tools: ["Edit", "Write"],
        differs: "its payload has file_path and edits (there: tool_input and tool_response)"
      },
      beforeTabFileRead: { none: "it fires for Cursor's Tab (inline completions), which no other agent has" },
      afterTabFileEdit: { none: "it fires for Cursor's Tab (inline completions), which no other agent has" },
      afterAgentThought: {
        differs: "there MessageDisplay fires for the messages the agent shows, which need not include its thinking"
      }
    },
    ownPayload: "conversation_id, generation_id, workspace_roots and cursor_version, and no session_id or cwd",
    wholeTimeouts: false,
    offSwitch: undefined
  },
  // GitHub Copilot CLI: its hooks reference (K), research 5.1-5.2. Its http hooks (https only, camelCase
  // bodies) and prompt hooks (text submitted at session start) are not other agents' http and prompt hooks.
  copilot: {
    typesOfItsOwn: ["http", "prompt"],
    hookKeys: ["command", "args"],
    setsProjectDir: false,
    variables: [],
    toolNames: {
      Bash: "bash",
      Read: "view",
      Write: "create",
      Edit: "edit",
      Agent: "task",
      Task: "task",
      Glob: "glob",
      Grep: "grep",
      WebFetch: "web_fetch"
    },
    toolAliases: { apply_patch: ["Edit"], task: ["Agent"] },
    alsoNamed: { Edit: ["apply_patch"] },
    mcpNames: "server-and-tool",
    mcpNamesUndocumented: true,
    eventsDiffer: {
      userPromptSubmitted:
        "Copilot drops what a hook from a settings file answers on userPromptSubmitted: it cannot block the prompt or add context",
      UserPromptSubmit:
        "Copilot drops what a hook from a settings file answers on userPromptSubmitted: it cannot block the prompt or add context",
      preCompact: "Copilot does not act on what preCompact hooks answer",
      PreCompact: "Copilot does not act on what preCompact hooks answer"
    },
    wholeTimeouts: false,
    offSwitch: { path: ["disableAllHooks"], value: true }
  }
}

/** The handler types converted to and from a dialect: those its agent runs, less those of its own. */
const convertedTypes = (dialect: Dialect): ReadonlyArray<string> => {
  const own: ReadonlyArray<string> = agentRows[dialect].typesOfItsOwn ?? []
  return dialectRules[dialect].hookTypes.filter((type) => !own.includes(type))
}

/** Whether a dialect's agent reads a hook key (besides `type`, `command`, `timeout` and `env`). */
const readsHookKey = (dialect: Dialect, key: string): boolean => {
  const keys = agentRows[dialect].hookKeys
  return keys === "every"
    ? !otherAgentsKeys.has(key)
    : keys.includes(key) || dialectRules[dialect].extraHookKeys.includes(key)
}

/** The variables a dialect's agent sets for its hooks, the project's aside. */
const variablesOf = (dialect: Dialect): ReadonlyArray<string> => [
  ...Object.keys(dialectRules[dialect].payloadVariables),
  ...agentRows[dialect].variables
]

/** The tool names two agents' rows translate, by Claude Code's name: the names a matcher between them is checked on. */
const knownToolNames = (a: Dialect, b: Dialect): ReadonlyArray<string> => [
  ...new Set([a, b].flatMap((d) => Object.keys(agentRows[d].toolNames)))
]

/** The Claude Code names of an agent's tool name (Codex CLI's `apply_patch` and Cursor's `Write` are Edit and Write). */
const claudeNamesOf = (dialect: Dialect, name: string): ReadonlyArray<string> => {
  const aliases = dialectRules[dialect].toolNameAliases[name] ?? agentRows[dialect].toolAliases?.[name]
  if (aliases !== undefined) return aliases
  const entry = Object.entries(agentRows[dialect].toolNames).find(([, agentName]) => agentName === name)
  return [entry === undefined ? name : entry[0]]
}

const agentToolName = (dialect: Dialect, claudeName: string): string =>
  agentRows[dialect].toolNames[claudeName] ?? claudeName

/** Whether two dialects name tools alike (no tool name needs translating). */
const sameToolNames = (a: Dialect, b: Dialect): boolean =>
  agentRows[a].mcpNames === agentRows[b].mcpNames &&
  knownToolNames(a, b).every((name) => agentToolName(a, name) === agentToolName(b, name))

/**
 * Whose tool names an event's matcher tests: the dialect's own, or Claude Code's for Copilot's PascalCase
 * spellings (their snake_case payloads carry Claude Code's tool names).
 */
const toolDialectOf = (dialect: Dialect, event: AgentEvent): Dialect =>
  agentEventNamed(dialect, event.name)?.payloadCase === "snake" ? "claude-code" : dialect

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
    if (rules.invalidMatcher === "exact-name") return { _tag: "Names", names: [pattern] }
  }
  if (!rules.anchoredMatchers) {
    const list = anchoredNameList.exec(pattern)
    if (list !== null) return { _tag: "Names", names: (list[1] ?? list[2] ?? "").split("|") }
  } else if (wordList.test(pattern)) return { _tag: "Names", names: pattern.split("|") }
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
  // Written as a list where the dialect reads it back as exactly these names (Claude Code's may hold a -).
  const read = meaningOf(joined, dialect, event)
  if (read._tag === "Names" && read.names.join("|") === joined && !joined.includes(",")) return [joined]
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

// ====== Tool names in matchers ======

/** A tool a matcher names: one of Claude Code's tools, or an MCP tool (its server unknown in Cursor's names). */
type ToolRef =
  | { readonly _tag: "Tool"; readonly name: string }
  | { readonly _tag: "Mcp"; readonly server: string | undefined; readonly tool: string }

const mcpServerAndTool = /^mcp__(.+?)__(.+)$/
const cursorMcpPrefix = "MCP:"

/** The tools an agent's tool name stands for. */
const toolRefsOf = (dialect: Dialect, name: string): ReadonlyArray<ToolRef> => {
  if (agentRows[dialect].mcpNames === "tool-only") {
    if (name.startsWith(cursorMcpPrefix))
      return [{ _tag: "Mcp", server: undefined, tool: name.slice(cursorMcpPrefix.length) }]
  } else {
    const mcp = mcpServerAndTool.exec(name)
    if (mcp !== null) return [{ _tag: "Mcp", server: mcp[1], tool: mcp[2]! }]
  }
  return claudeNamesOf(dialect, name).map((c) => ({ _tag: "Tool", name: c }))
}

/** A tool in an agent's names: an exact name, or (an MCP tool of any server) a regular expression. */
const toolNameIn = (dialect: Dialect, ref: ToolRef): { readonly name: string } | { readonly pattern: string } => {
  if (ref._tag === "Tool") return { name: agentToolName(dialect, ref.name) }
  if (agentRows[dialect].mcpNames === "tool-only") return { name: `${cursorMcpPrefix}${ref.tool}` }
  return ref.server === undefined
    ? { pattern: `mcp__.*__${escapeRegex(ref.tool)}` }
    : { name: `mcp__${ref.server}__${ref.tool}` }
}

/** MCP tools every regular expression on tool names is also checked on. */
const mcpProbes: ReadonlyArray<ToolRef> = [
  { _tag: "Mcp", server: "github", tool: "create_issue" },
  { _tag: "Mcp", server: "memory", tool: "read" }
]

/** A probe tool's name in an agent (the server's name is left out where the agent names no server). */
const probeNameIn = (dialect: Dialect, ref: ToolRef): string => {
  const named = toolNameIn(dialect, ref)
  return "name" in named ? named.name : named.pattern
}

/** Server parts of an MCP pattern that stand for any server. */
const anyServer = /^(?:\.\*|\.\+|\[\^_\]\*|\[\^_\]\+)$/

/** A pattern's top-level alternatives (`a|(b|c)` is `a` and `(b|c)`). */
const alternativesOf = (pattern: string): ReadonlyArray<string> => {
  const parts: Array<string> = []
  let depth = 0
  let inClass = false
  let start = 0
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === "\\") i++
    else if (inClass) inClass = c !== "]"
    else if (c === "[") inClass = true
    else if (c === "(") depth++
    else if (c === ")") depth--
    else if (c === "|" && depth === 0) {
      parts.push(pattern.slice(start, i))
      start = i + 1
    }
  }
  return [...parts, pattern.slice(start)]
}

/**
 * A regular expression's MCP tool names rewritten between `mcp__<server>__<tool>` and Cursor's `MCP:<tool>`,
 * alternative by alternative (`mcp__.*` is `MCP:.*`, `mcp__.*__read` is `MCP:read`); `lostServers` gets each
 * server the target cannot name. Other alternatives are kept (the caller checks what they match).
 */
const rewriteMcpPattern = (pattern: string, from: Dialect, to: Dialect, lostServers: Array<string>): string => {
  // The wrappers this module writes between anchored and unanchored dialects: rewritten inside.
  const whole = groupBody(pattern, "^", "$")
  if (whole !== undefined) return `^(?:${rewriteMcpPattern(whole, from, to, lostServers)})$`
  const inside = groupBody(pattern, ".*", ".*")
  if (inside !== undefined) return `.*(?:${rewriteMcpPattern(inside, from, to, lostServers)}).*`
  const toToolOnly = agentRows[to].mcpNames === "tool-only"
  return alternativesOf(pattern)
    .map((alternative) => {
      const start = alternative.startsWith("^") ? "^" : ""
      const core = alternative.slice(start.length)
      if (!toToolOnly && core.startsWith(cursorMcpPrefix)) {
        const tool = core.slice(cursorMcpPrefix.length)
        return `${start}mcp__${tool === "" || anyServer.test(tool) ? tool : `.*__${tool}`}`
      }
      if (toToolOnly && core.startsWith("mcp__")) {
        const rest = core.slice("mcp__".length)
        const at = rest.indexOf("__")
        const server = at < 0 ? rest : rest.slice(0, at)
        const anywhere = server === "" || anyServer.test(server)
        if (!anywhere) lostServers.push(server)
        return `${start}${cursorMcpPrefix}${at >= 0 ? rest.slice(at + 2) : anywhere ? server : ""}`
      }
      return alternative
    })
    .join("|")
}

/** The subagent type names of an agent on an event, by Claude Code's name (empty where they are Claude Code's). */
const valueNamesOf = (dialect: Dialect, event: HookEvent): { readonly [claudeName: string]: string } =>
  event === "SubagentStart" || event === "SubagentStop" ? (agentRows[dialect].subagentTypes ?? {}) : {}

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

/** A value in double quotes where only `$NAME` and `${NAME}` expand (every other `$`, `` ` ``, `"` and `\` escaped). */
const expandingQuote = (value: string): string =>
  `"${value.replace(/[\\"`]/gu, "\\$&").replace(/\$(?!\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_])/gu, "\\$")}"`

// ====== Conversion ======

type Json = unknown
type Group = Record<string, Json>

interface Context {
  readonly from: Dialect
  readonly to: Dialect
  readonly note: (severity: ConvertNote["severity"], path: string, problem: string, fix: string) => void
  /** The source is a flat hooks file (Cursor's: one hook an entry, with its own matcher). */
  readonly fromFlat: boolean
  /** The target is a flat hooks file. */
  readonly toFlat: boolean
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
  const validateOptions = {
    file,
    scope: sourceRow?.scope ?? "project",
    dialect: from,
    ...(sourceRow === undefined ? {} : { format: sourceRow.format, keys: sourceRow.keys }),
    ...(sourceRow?.entries === undefined ? {} : { entries: sourceRow.entries })
  } as const
  const switchedOff = sourceRow?.keys === "flat-hooks-file" && fileSwitchedOff(text, sourceRow, from)
  // A Copilot hooks file switched off is read without its switch (its hooks are converted, and switched off there).
  const validated = switchedOff
    ? {
        ...validateSettings(
          JSON.stringify({ ...asRecord(parseRaw(text, sourceRow)), disableAllHooks: false }),
          validateOptions
        ),
        disableAllHooks: true
      }
    : validateSettings(text, validateOptions)
  const notes: Array<ConvertNote> = validated.diagnostics.map((d) => ({
    severity: d.severity,
    path: d.path,
    problem: d.severity === "error" ? `${d.problem} (not converted)` : d.problem,
    fix: d.fix
  }))
  const target = targetPathOf(targetRow, options.target)
  if (!validated.readable) return { readable: false, text: "", target, notes }
  const note: Context["note"] = (severity, path, problem, fix) => notes.push({ severity, path, problem, fix })
  const context: Context = {
    from,
    to,
    note,
    fromFlat: sourceRow?.keys === "flat-hooks-file" || sourceRow?.entries === "flat",
    toFlat: targetRow.keys === "flat-hooks-file" || targetRow.entries === "flat"
  }
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

  const written =
    targetRow.keys === "hooks-file"
      ? { hooks: out["hooks"] ?? {} }
      : targetRow.keys === "flat-hooks-file"
        ? { version: 1, ...out, hooks: out["hooks"] ?? {} }
        : out
  const body = targetRow.format === "toml" ? stringifyToml(out) : `${JSON.stringify(written, null, 2)}\n`
  return { readable: true, text: body, target, notes }
}

/** Whether a flat hooks file switches its own hooks off (Copilot's `disableAllHooks: true` in a hooks file). */
const fileSwitchedOff = (text: string, row: SettingsFileRow, dialect: Dialect): boolean =>
  dialectRules[dialect].hooksFileSwitch && asRecord(parseRaw(text, row))?.["disableAllHooks"] === true

/**
 * The target file's path: a row naming a folder of files (Copilot's `.github/hooks/*.json`) is written as
 * the one file `--target` names there, else `hooks.json`.
 */
const targetPathOf = (row: SettingsFileRow, name: string | undefined): string => {
  if (!row.path.includes("*")) return row.path
  const base = name?.split(/[\\/]/).pop()
  const pattern = new RegExp(`^${escapeRegex(row.path.split("/").pop()!).replace("\\*", "[^/]+")}$`, "u")
  return row.path.replace(/[^/]*$/u, base !== undefined && pattern.test(base) ? base : "hooks.json")
}

/** `disableAllHooks` and Gemini CLI's `hooksConfig`, and the other top-level keys (left out, with a note). */
const fileSwitches = (
  root: Record<string, Json>,
  disableAllHooks: boolean | undefined,
  targetRow: SettingsFileRow,
  { from, to, note, fromFlat }: Context,
  out: Record<string, Json>
): void => {
  if (disableAllHooks === true) {
    const off =
      targetRow.keys === "settings" ||
      targetRow.keys === "agent-settings" ||
      (targetRow.keys === "flat-hooks-file" && dialectRules[to].hooksFileSwitch)
        ? agentRows[to].offSwitch
        : undefined
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
  const hookKeys = new Set([
    "hooks",
    "disableAllHooks",
    "hooksConfig",
    "$schema",
    "description",
    ...(fromFlat ? ["version"] : [])
  ])
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

/** Notes about the whole file: the answers' vocabulary, the payloads' fields, the shell. */
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
  const own = from === to ? [] : [from, to].filter((d) => agentRows[d].ownPayload !== undefined)
  if (own.length > 0)
    note(
      "info",
      "$.hooks",
      `the payloads differ: ${own.map((d) => `${d}'s carry ${agentRows[d].ownPayload}`).join("; ")}`,
      `check the fields each script reads against ${to}'s payloads`
    )
  payloadCaseNote(hooks, { from, to, note })
  if (from !== to && (a.exit2Rows !== undefined || b.exit2Rows !== undefined)) {
    const rows = (d: Dialect) => dialectRules[d].exit2Rows?.blocksOn.map((e) => agentEventName(d, e as HookEvent))
    const [d, only] = a.exit2Rows !== undefined ? [from, rows(from)!] : [to, rows(to)!]
    note(
      "warning",
      "$.hooks",
      `in ${d}, exit 2 blocks only on ${only.join(" and ")}; on other events it is a warning shown to the user (in ${d === from ? to : from} it takes the event's blocking row: a Stop hook's exit 2 keeps the agent going)`,
      `where a hook must block elsewhere, answer with JSON instead (${d}'s {"decision": "block", "reason": ...} on its stop events)`
    )
  }
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

/**
 * Copilot sends camelCase payloads (`toolName`, `toolArgs`, `sessionId`) to the hooks of its camelCase events
 * and Claude Code's snake_case ones to the hooks of the PascalCase spellings: a warning where the shape
 * changes (this module writes Copilot's own camelCase names).
 */
const payloadCaseNote = (
  hooks: ReadonlyArray<ConfiguredHook>,
  { from, to, note }: Pick<Context, "from" | "to" | "note">
) => {
  if (from === to) return
  const caseOf = (d: Dialect, event: AgentEvent | undefined) =>
    event?.payloadCase ?? (agentRows[d].ownPayload === undefined ? "snake" : "own")
  const changes = hooks.filter((h) => {
    const source = agentEventNamed(from, h.agentEvent ?? "") ?? agentEventOf(from, h.event)
    const target = source === undefined ? undefined : targetEventOf(source, { to })
    return target !== undefined && caseOf(from, source) !== caseOf(to, target) && [from, to].includes("copilot")
  })
  if (changes.length === 0) return
  if (to === "copilot")
    note(
      "warning",
      "$.hooks",
      `the hooks are written under ${to}'s own camelCase events (preToolUse, agentStop, ...), whose payloads are camelCase: toolName, toolArgs, toolResult, sessionId, a timestamp in milliseconds, and ${to}'s tool names (bash, view, edit, ...); a script that reads tool_name, tool_input or session_id finds nothing there`,
      `change the fields the scripts read; or rename an event by hand to Claude Code's spelling (PreToolUse, PostToolUse, Stop, ...): ${to} then sends those hooks Claude Code's snake_case payload with its tool names (Bash, Read, ...) in the matcher and the payload, and reads Claude Code's answers`
    )
  else
    note(
      "warning",
      "$.hooks",
      `${from}'s camelCase events send camelCase payloads (toolName, toolArgs, sessionId, a timestamp in milliseconds); ${to}'s payloads are snake_case (tool_name, tool_input, session_id)`,
      "change the fields the scripts read"
    )
}

/** One hook of the source, as validation read it, with its raw entry (a flat entry without its matcher). */
interface Member {
  readonly hook: ConfiguredHook
  readonly raw: Record<string, Json>
  readonly path: string
}

/** The hooks of one group (of a flat file: the entry itself), those validation skipped left out. */
const membersOf = (
  group: Json,
  at: ReadonlyArray<string | number>,
  byPath: ReadonlyMap<string, ConfiguredHook>,
  { fromFlat }: Context
): ReadonlyArray<Member> => {
  if (fromFlat) {
    const hook = byPath.get(jsonPath(at))
    const { matcher: _matcher, ...raw } = asRecord(group) ?? {}
    return hook === undefined ? [] : [{ hook, raw, path: jsonPath(at) }]
  }
  const list = asRecord(group)?.["hooks"]
  if (!Array.isArray(list)) return []
  return list.flatMap((raw, hi) => {
    const path = jsonPath([...at, "hooks", hi])
    const hook = byPath.get(path)
    return hook === undefined ? [] : [{ hook, raw: asRecord(raw) ?? {}, path }]
  })
}

/** The target's event for a source event: the one of the same name when the target has it, else its own name. */
const targetEventOf = (source: AgentEvent, { to }: Pick<Context, "to">): AgentEvent | undefined => {
  const same = agentEventNamed(to, source.name)
  // Another spelling (Copilot's PascalCase PreToolUse) is not the agent's own name: its own is written.
  return same !== undefined && same.event === source.event && (same.spellingOf === undefined || same === source)
    ? same
    : agentEventOf(to, source.event)
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
    const eventPath = jsonPath(["hooks", name])
    const valid = groups.flatMap((group, gi) => membersOf(group, ["hooks", name, gi], byPath, context))
    const sameName = agentEventNamed(to, name)?.event === source.event
    const shared = sameName ? undefined : agentRows[from].sharedEvents?.[name]
    const targetEvent = shared?.none === undefined ? targetEventOf(source, context) : undefined
    if (targetEvent === undefined) {
      if (valid.length > 0)
        note(
          "error",
          eventPath,
          `${name} has no counterpart in ${to}${shared?.none === undefined ? "" : ` (${shared.none})`}; its ${valid.length === 1 ? "hook is" : `${valid.length} hooks are`} left out`,
          `${to} has no event that fires there; keep ${valid.length === 1 ? "it" : "them"} in ${from}'s settings`
        )
      continue
    }
    if (valid.length > 0) eventNotes(source, targetEvent, shared, eventPath, context, valid.length)
    groups.forEach((group, gi) => {
      const members = membersOf(group, ["hooks", name, gi], byPath, context).filter(({ hook, path }) => {
        if (!disabled.has(hook.name ?? hook.command) && !disabled.has(hook.command)) return true
        note("info", path, "hooksConfig.disabled switches this hook off; it is left out", "nothing to do")
        return false
      })
      if (members.length === 0) return
      const groupPath = jsonPath(["hooks", name, gi])
      const matcherGroup = context.fromFlat ? { matcher: asRecord(group)?.["matcher"] } : (asRecord(group) ?? {})
      const matchers =
        shared?.tools === undefined
          ? convertMatcher(members[0]!.hook, matcherGroup, source, targetEvent, groupPath, context)
          : sharedEventMatcher(members[0]!.hook, shared, source, targetEvent, groupPath, context)
      if (matchers === undefined) return
      const hooks = members.flatMap(({ hook, raw, path }) => {
        const written = convertHook(hook, raw, path, context)
        return written === undefined ? [] : [written]
      })
      if (hooks.length === 0) return
      const order = groupOrderKey(members[0]!.hook.parallel, hooks.length, groupPath, context)
      const rows = (out[targetEvent.name] ??= [])
      if (context.toFlat) {
        // One entry a hook, each with the group's matcher.
        for (const matcher of matchers)
          for (const hook of hooks) rows.push({ ...hook, ...(matcher === undefined ? {} : { matcher }) })
        return
      }
      const extra = context.fromFlat ? {} : groupExtras(asRecord(group) ?? {}, context)
      for (const matcher of matchers)
        rows.push({ ...(matcher === undefined ? {} : { matcher }), ...extra, ...order, hooks })
    })
  }
  return out
}

/**
 * What changes for an event's hooks as a whole: an event whose answers one side ignores (Cursor's
 * afterShellExecution only observes), one side refusing the action where the other only shows the block
 * (Cursor's subagentStart), and how one of the source's shared events is written (beforeShellExecution as
 * PreToolUse on Bash).
 */
const eventNotes = (
  source: AgentEvent,
  target: AgentEvent,
  shared: SharedEventRow | undefined,
  eventPath: string,
  { from, to, note }: Context,
  count: number
) => {
  const differs = agentRows[to].eventsDiffer?.[target.name]
  if (differs !== undefined && from !== to)
    note("warning", eventPath, differs, `keep the hooks that must act in ${from}'s settings`)
  const differed = agentRows[from].eventsDiffer?.[source.name]
  if (differed !== undefined && from !== to)
    note(
      "warning",
      eventPath,
      `${differed}; in ${to}, what ${target.name} hooks answer is read and acted on`,
      `make sure the scripts print nothing and exit 0 unless they mean to act in ${to}`
    )
  const overrides = (d: Dialect) => dialectRules[d].laterPermissionOverrides
  if (source.event === "PermissionRequest" && count > 1 && overrides(from) !== overrides(to))
    note(
      "warning",
      eventPath,
      `in ${overrides(from) ? from : to} a later ${overrides(from) ? source.name : target.name} hook's verdict overrides an earlier one (a later allow beats an earlier deny); in ${overrides(from) ? to : from} a deny stands`,
      "put the verdicts in one script, or make sure no two hooks answer the same request differently"
    )
  if (source.observes === true && target.observes !== true)
    note(
      "warning",
      eventPath,
      `${from} only tells ${source.name} hooks what happened and ignores their answers and exit codes; in ${to}, what ${target.name} hooks answer is read and acted on`,
      `make sure the scripts print nothing and exit 0 unless they mean to act in ${to}`
    )
  if (source.observes !== true && target.observes === true)
    note(
      "warning",
      eventPath,
      `${to} only tells ${target.name} hooks what happened: what these hooks answer (a block, context, ...) is read and discarded there`,
      `hooks that only log or notify work as they are; keep those that must act in ${from}'s settings`
    )
  const refuses = (d: Dialect) => dialectRules[d].actionBlockEvents.includes(source.event)
  if (refuses(to) && !refuses(from))
    note(
      "warning",
      eventPath,
      `in ${to} a ${target.name} hook that blocks (exit 2, or a deny) stops the action; in ${from} its block was only shown`,
      "check that the scripts block only what must not happen"
    )
  if (refuses(from) && !refuses(to))
    note(
      "error",
      eventPath,
      `in ${from} a ${source.name} hook that blocks stops the action; ${to} only shows the block of a ${target.name} hook`,
      `keep the hooks that must stop it in ${from}'s settings`
    )
  if (shared?.differs !== undefined)
    note(
      "warning",
      eventPath,
      `${source.name} hooks are written as ${to}'s ${target.name} hooks${shared.tools === undefined ? "" : ` on ${shared.tools === "mcp" ? "MCP tools" : [...new Set(shared.tools.flatMap((c) => [agentToolName(to, c), ...(agentRows[to].alsoNamed?.[c] ?? [])]))].join(" and ")}`}; ${shared.differs}`,
      `check the fields each script reads against ${to}'s ${target.name} payload`
    )
}

/**
 * The matcher of a hook of a shared tool event (Cursor's beforeShellExecution): the event's tools in the
 * target's names; `undefined` (with an error) when its own matcher cannot be carried over.
 */
const sharedEventMatcher = (
  hook: ConfiguredHook,
  shared: SharedEventRow,
  source: AgentEvent,
  target: AgentEvent,
  path: string,
  context: Context
): ReadonlyArray<string | undefined> | undefined => {
  const { from, to, note } = context
  let meaning = meaningOf(hook.matcher, from, hook.event)
  const tools = shared.tools!
  const words = meaning._tag === "Pattern" && !meaning.anchored ? wordList.exec(meaning.pattern)?.[0] : undefined
  if (tools === "mcp" && words !== undefined) {
    // Cursor's own examples name MCP tools so ("query"): read as the names they are meant as.
    note(
      "info",
      `${path}.matcher`,
      `"${hook.matcher}" is a regular expression in ${from} (it also matches any tool name containing ${words.includes("|") ? "one of these" : "it"}); converted as the MCP tool ${words.includes("|") ? "names" : "name"} it spells`,
      "nothing to do"
    )
    meaning = { _tag: "Names", names: words.split("|") }
  }
  if (meaning._tag !== "All" && (tools !== "mcp" || meaning._tag !== "Names")) {
    const toolsThere = tools === "mcp" ? "MCP tool" : tools.map((c) => agentToolName(to, c)).join(" or ")
    note(
      "error",
      `${path}.matcher`,
      shared.matches === undefined
        ? `"${hook.matcher}" is a regular expression on the MCP tool's own name, which ${to}'s ${target.name} does not match on: the hook would run for every ${toolsThere} call; it is left out`
        : `${source.name}'s matcher tests ${shared.matches.what} ("${hook.matcher}"), ${to}'s ${target.name} matcher the tool's name: the hook would run for every ${toolsThere} call; it is left out`,
      shared.matches === undefined
        ? "list the tools by name (a|b), or test tool_name in the script and add the hook by hand"
        : `test ${shared.matches.field} in the script (exit 0 when it does not match "${hook.matcher}"), then add the hook by hand under ${target.name} on ${toolsThere}`
    )
    return undefined
  }
  // The event's tools as the agent's own tool event names them, converted as that event's matcher.
  const mcpName = (tool: string) => {
    const named = toolNameIn(from, { _tag: "Mcp", server: undefined, tool })
    return "name" in named ? escapeRegex(named.name) : named.pattern
  }
  const own =
    tools !== "mcp"
      ? [...new Set(tools.map((c) => agentToolName(from, c)))].join("|")
      : meaning._tag === "Names"
        ? meaning.names.length === 1
          ? `^${mcpName(meaning.names[0]!)}$`
          : `^(?:${meaning.names.map(mcpName).join("|")})$`
        : agentRows[from].mcpNames === "tool-only"
          ? `${cursorMcpPrefix}.*`
          : "mcp__.*"
  const primary = agentEventOf(from, hook.event) ?? source
  // Its own notes would speak of a matcher the source does not have: only what goes wrong is kept.
  const quiet: Context = {
    ...context,
    note: (severity, at, problem, fix) => {
      if (severity !== "info") note(severity, at, problem, fix)
    }
  }
  return convertMatcher({ ...hook, matcher: own }, { matcher: own }, primary, target, path, quiet)
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
  context: Context
): ReadonlyArray<string | undefined> | undefined => {
  const { from, to, note } = context
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
  const toolEvent = source.matcherField === "tool_name" || source.matcherField === "toolName"
  // Whose tool names each side's matcher tests (Copilot's PascalCase events: Claude Code's).
  const tf = toolDialectOf(from, source)
  const tt = toolDialectOf(to, target)
  const tools = toolEvent && !sameToolNames(tf, tt)
  const known = knownToolNames(tf, tt)
  // Codex CLI's apply_patch is Edit and Write elsewhere, though the two name tools alike otherwise.
  const translate = tools || (toolEvent && tf !== tt && Object.keys(dialectRules[tf].toolNameAliases).length > 0)
  const words = meaning._tag === "Pattern" && !meaning.anchored ? wordList.exec(meaning.pattern)?.[0] : undefined
  const spelled = words?.split("|") ?? []
  const ownTool = (w: string) => known.some((c) => agentToolName(tf, c) === w) || agentRows[tf].tools?.includes(w)
  const values = valueTablesDiffer(from, to, hook.event)
  if (spelled.length > 0 && ((tools && spelled.every(ownTool)) || values !== undefined)) {
    // Gemini CLI's own examples write tool names so ("write_file|replace"): read as the names they are meant as.
    note(
      "info",
      matcherPath,
      `"${written}" is a regular expression in ${from} (it also matches any name containing ${spelled.length > 1 ? "one of these" : "it"}); converted as the ${values === undefined ? "tool" : "subagent type"} ${spelled.length > 1 ? "names" : "name"} it spells`,
      "nothing to do"
    )
    meaning = { _tag: "Names", names: spelled }
  }
  if (meaning._tag === "Names") {
    const matchers = translate
      ? toolNameMatchers(meaning.names, written, hook.event, matcherPath, tools, [tf, tt], context)
      : writeNames(valueNamesIn(meaning.names, hook.event, matcherPath, context), to, hook.event)
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
  const lostServers: Array<string> = []
  const rewritten =
    toolEvent && agentRows[tf].mcpNames !== agentRows[tt].mcpNames
      ? rewriteMcpPattern(meaning.pattern, tf, tt, lostServers)
      : meaning.pattern
  const pattern = writePattern(rewritten, meaning.anchored, to, hook.event)
  if (pattern !== written)
    note(
      "info",
      matcherPath,
      `matcher "${written}" written as "${pattern}" (${rewritten === meaning.pattern ? `${from} ${meaning.anchored ? "anchors" : "does not anchor"} regular expressions, ${to} ${dialectRules[to].anchoredMatchers ? "does" : "does not"}` : `${to}'s names of MCP tools`})`,
      "nothing to do"
    )
  if (lostServers.length > 0) serverLost(lostServers, written, matcherPath, context)
  if (tools) {
    const before = matchesIn(written, from, hook.event)
    const after = matchesIn(pattern, to, hook.event)
    const probes = [
      ...known.map((name): ToolRef => ({ _tag: "Tool", name })),
      ...(lostServers.length > 0 ? [] : mcpProbes)
    ]
    const differ = probes
      .map((probe) => [probeNameIn(tf, probe), probeNameIn(tt, probe)] as const)
      .filter(([a, b]) => before(a) !== after(b))
    if (differ.length > 0) {
      const [a, b] = differ[0]!
      note(
        "warning",
        matcherPath,
        `the regular expression "${written}" is kept as written, but tool names inside it are not translated: it ${before(a) ? "matches" : "does not match"} ${from}'s ${a} and ${after(b) ? "matches" : "does not match"} ${to}'s ${b}`,
        `rewrite it with ${to}'s tool names (${differ.map(([, name]) => name).join(", ")})`
      )
    }
  }
  if (toolEvent) mcpNamingNote(written, matcherPath, context)
  if (values !== undefined)
    note(
      "warning",
      matcherPath,
      `the regular expression "${written}" is kept as written, but ${from} and ${to} name subagent types differently (${values})`,
      `rewrite it with ${to}'s subagent types`
    )
  return [pattern]
}

/** A list of tool names written with the target's names (one regular expression where an MCP tool's server is not named). */
// long: one note per way a list of tool names can change meaning (unknown, MCP, lost server, wider, missing)
const toolNameMatchers = (
  names: ReadonlyArray<string>,
  written: string,
  event: HookEvent,
  matcherPath: string,
  tools: boolean,
  [tf, tt]: readonly [Dialect, Dialect],
  context: Context
): ReadonlyArray<string> => {
  const { from, to, note } = context
  const known = knownToolNames(tf, tt)
  const refs = names.flatMap((n) => toolRefsOf(tf, n))
  const own = agentRows[tt].tools
  // A name for a tool the target (with its own set of tools) does not have: said once, as missing there.
  const missing = [
    ...new Set(
      refs.flatMap((r) =>
        r._tag === "Tool" && own !== undefined && !own.includes(agentToolName(tt, r.name))
          ? [agentToolName(tt, r.name)]
          : []
      )
    )
  ]
  if (tools) {
    const unknown = names.filter(
      (n) =>
        claudeNamesOf(tf, n).every((c) => !known.includes(c) && !missing.includes(agentToolName(tt, c))) &&
        !n.startsWith("mcp__") &&
        toolRefsOf(tf, n)[0]?._tag === "Tool"
    )
    if (unknown.length > 0)
      note(
        "warning",
        matcherPath,
        `${unknown.map((n) => `"${n}"`).join(", ")} ${unknown.length === 1 ? "is" : "are"} not in the tool-name table; kept as written`,
        `check the name of that tool in ${to}`
      )
    if (
      agentRows[tf].mcpNames === agentRows[tt].mcpNames &&
      names.some((n) => n.startsWith("mcp__")) &&
      agentRows[from].mcpNamesUndocumented !== true &&
      agentRows[to].mcpNamesUndocumented !== true
    )
      note(
        "warning",
        matcherPath,
        "MCP tool names are kept as written",
        `check how ${to} names MCP tools (its matcher is tested against its own names)`
      )
  }
  if (missing.length > 0)
    note(
      "warning",
      matcherPath,
      `${to} has no tool named ${missing.map((n) => `"${n}"`).join(", ")} (its tools: ${own!.join(", ")}${agentRows[tt].mcpNames === "tool-only" ? `, ${cursorMcpPrefix}<tool>` : ""}): the hook never runs for ${missing.length === 1 ? "it" : "them"} there`,
      `name the ${to} tool that does the same, or leave ${missing.length === 1 ? "it" : "them"} out`
    )
  if (tools) mcpNamingNote(written, matcherPath, context)
  if (agentRows[tt].mcpNames === "tool-only")
    serverLost(
      refs.flatMap((r) => (r._tag === "Mcp" && r.server !== undefined ? [r.server] : [])),
      written,
      matcherPath,
      context
    )
  // A tool the target also names otherwise (Copilot's apply_patch edits as edit does): every name is written.
  const alsoNamed = (r: ToolRef) =>
    r._tag === "Tool" ? (agentRows[tt].alsoNamed?.[r.name] ?? []).map((name) => ({ name })) : []
  const targets = [
    ...new Map(
      refs.flatMap((r) => [toolNameIn(tt, r), ...alsoNamed(r)]).map((t) => [JSON.stringify(t), t] as const)
    ).values()
  ]
  const named = refs.flatMap((r) => (r._tag === "Tool" ? [r.name] : []))
  for (const t of targets) {
    if (!tools || !("name" in t)) continue
    // One target tool standing for several source tools (Cursor's Write for Edit and Write): the hook now
    // runs for those not named too. A name outside the target's list is another name of them all (Agent).
    const stands = claudeNamesOf(tt, t.name)
    const sources = named.filter((c) => agentToolName(tt, c) === t.name)
    const wider =
      sources.length > 0 && sources.every((c) => stands.includes(c)) ? stands.filter((c) => !sources.includes(c)) : []
    if (wider.length > 0)
      note(
        "warning",
        matcherPath,
        `${to}'s ${t.name} is ${from}'s ${stands.map((c) => agentToolName(tf, c)).join(" and ")}: the hook now also runs for ${wider.map((c) => agentToolName(tf, c)).join(", ")}`,
        "if it must not, tell the calls apart in the script (from tool_input) and exit 0 for the others"
      )
  }
  // The source names only some of a tool's names (Copilot's edit, not apply_patch): the target's one name is all of them.
  for (const c of [...new Set(named)]) {
    const all = [agentToolName(tf, c), ...(agentRows[tf].alsoNamed?.[c] ?? [])]
    const left = all.filter((n) => !names.includes(n))
    if (tools && all.length > 1 && left.length > 0 && left.length < all.length)
      note(
        "warning",
        matcherPath,
        `${from}'s ${all.join(" and ")} are all ${to}'s ${agentToolName(tt, c)}: the hook now also runs for ${left.join(", ")}`,
        "if it must not, tell the calls apart in the script (from tool_input) and exit 0 for the others"
      )
  }
  const plain = targets.flatMap((t) => ("name" in t ? [t.name] : []))
  if (plain.length === targets.length) return writeNames(plain, to, event)
  const body = targets.map((t) => ("name" in t ? escapeRegex(t.name) : t.pattern)).join("|")
  const single = targets.length === 1
  if (dialectRules[to].anchoredMatchers) return [single ? body : `(?:${body})`]
  return [single ? `^${body}$` : `^(?:${body})$`]
}

/** A warning that one side's docs do not say how MCP tools are named in its payloads (Copilot's). */
const mcpNamingNote = (written: string, matcherPath: string, { from, to, note }: Context) => {
  const undocumented = [from, to].find((d) => agentRows[d].mcpNamesUndocumented === true)
  if (undocumented === undefined || !/mcp/i.test(written)) return
  note(
    "warning",
    matcherPath,
    `${undocumented}'s hooks documentation does not say how MCP tools are named in its payloads: "${written}" is written as mcp__<server>__<tool> names, which may not match there`,
    `check the tool name ${undocumented} sends for an MCP call (log the payload once) and adjust the matcher`
  )
}

/** A note that the target names MCP tools without their server: the matcher now matches other servers' tools. */
const serverLost = (servers: ReadonlyArray<string>, written: string, matcherPath: string, { to, note }: Context) => {
  if (servers.length === 0) return
  note(
    "warning",
    matcherPath,
    `${to} names MCP tools without their server (${cursorMcpPrefix}<tool>): "${written}" now also matches the MCP tools of servers other than ${[...new Set(servers)].map((s) => `"${s}"`).join(", ")}`,
    `if only that server's tools are meant, move the hook to ${to}'s MCP event and test the server in the script`
  )
}

/** Trigger values (subagent types) in the target's names, with a note for those not in either table. */
const valueNamesIn = (
  names: ReadonlyArray<string>,
  event: HookEvent,
  matcherPath: string,
  { from, to, note }: Context
): ReadonlyArray<string> => {
  if (valueTablesDiffer(from, to, event) === undefined) return names
  const fromTable = valueNamesOf(from, event)
  const toTable = valueNamesOf(to, event)
  const claudeName = (n: string) => Object.entries(fromTable).find(([, own]) => own === n)?.[0] ?? n
  const unknown = names.filter((n) => !(claudeName(n) in { ...fromTable, ...toTable }))
  if (unknown.length > 0)
    note(
      "warning",
      matcherPath,
      `${unknown.map((n) => `"${n}"`).join(", ")} ${unknown.length === 1 ? "is" : "are"} not in the subagent-type table (${valueTablesDiffer(from, to, event)}); kept as written`,
      `check the name of that subagent type in ${to}`
    )
  return names.map((n) => toTable[claudeName(n)] ?? claudeName(n))
}

/** The two dialects' subagent types, side by side, when they name them differently on the event. */
const valueTablesDiffer = (from: Dialect, to: Dialect, event: HookEvent): string | undefined => {
  const a = valueNamesOf(from, event)
  const b = valueNamesOf(to, event)
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])]
  if (names.every((n) => (a[n] ?? n) === (b[n] ?? n))) return undefined
  return names.map((n) => `${from}'s ${a[n] ?? n} is ${to}'s ${b[n] ?? n}`).join(", ")
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
  powershell: { severity: "info", lost: "the command for Windows (PowerShell) is not kept" },
  additionalContextLimit: { severity: "warning", lost: "the limit on the context the hook adds is not kept" },
  env: { severity: "warning", lost: "the env allowlist is not kept: the hook gets the whole environment" }
}

/** One hook in the target's shape, or `undefined` when it cannot be written (a note says why). */
// long: one rule per hook key, sharing the hook's notes
const convertHook = (
  hook: ConfiguredHook,
  raw: Record<string, Json>,
  path: string,
  context: Context
): Record<string, Json> | undefined => {
  const { from, to, note } = context
  // A message hook is written as its agent's "prompt" entry (Copilot).
  const handlerType = hookTypeOf(hook)
  const type = handlerType === "message" ? "prompt" : handlerType
  // Within one dialect every type the agent runs is kept, its own ones too.
  if (from !== to && !convertedTypes(from).includes(type)) {
    note(
      "error",
      path,
      `${from}'s ${type} hooks are not other agents' ${type} hooks (${type === "prompt" ? "its prompt hook submits its text as the first prompt of a new session" : "its http hooks take https URLs only and post its own payloads"}); the hook is left out`,
      `write a command hook that does the same, or keep it in ${from}'s settings`
    )
    return undefined
  }
  if (from !== to && !convertedTypes(to).includes(type)) {
    note(
      "error",
      path,
      `${type} hooks have no counterpart in ${to} (it runs ${convertedTypes(to).join(" and ")} hooks); the hook is left out`,
      type === "http"
        ? "write a command hook that posts the event (e.g. with curl)"
        : `write a command hook that does the same`
    )
    return undefined
  }
  const reads = (key: string) => readsHookKey(to, key)
  const lose = (key: string, detail?: string) => {
    const loss = lostKeys[key]
    note(
      loss?.severity ?? "warning",
      `${path}.${key}`,
      `${to} has no "${key}": ${detail ?? loss?.lost ?? "it is not kept"}`,
      loss?.severity === "info" ? "nothing to do" : `keep this hook in ${from}'s settings, or do it in the script`
    )
  }
  // A flat entry may leave its type out (Cursor's default is command): the other shapes need it.
  const out: Record<string, Json> = "type" in raw || from === to ? {} : { type }
  let timeoutWritten = false
  let failureWritten = false
  let commandWritten = false
  const writeTimeout = () => {
    timeoutWritten = true
    const timeout = convertTimeout(hook, path, context)
    if (timeout !== undefined) out[dialectRules[to].timeoutKeys[0] ?? "timeout"] = timeout
  }
  // The keys holding the command in the source (Copilot's bash, then command, then exec) and the target.
  const { shell: shellKeys, exec: execKey } = dialectRules[from].commandKeys
  const commandKeys = [...shellKeys, ...(execKey === undefined ? [] : [execKey])]
  // The exec form (a program and its arguments) is kept where the target has it and no cwd must be folded in.
  const keepsExec = hook.args !== undefined && reads("args") && (hook.cwd === undefined || reads("cwd"))
  const writeCommand = () => {
    commandWritten = true
    let command = convertCommand(hook, raw, path, context, keepsExec)
    if (hook.cwd !== undefined && !reads("cwd")) {
      command = `cd ${shellQuote(hook.cwd)} && ${command}`
      note(
        "warning",
        `${path}.cwd`,
        `${to} has no "cwd": the command starts with cd ${shellQuote(hook.cwd)} instead (${from} reads a relative cwd from the repository's root; ${to} runs the command in the folder it runs hooks in)`,
        `check that the folder is found from there, or write an absolute path`
      )
    }
    const key = keepsExec ? (dialectRules[to].commandKeys.exec ?? "command") : dialectRules[to].commandKeys.shell[0]!
    out[key] = command
  }
  for (const [key, value] of Object.entries(raw)) {
    if (commandKeys.includes(key)) {
      if (type !== "command") continue
      if (!commandWritten) writeCommand()
      else if (value !== raw[commandKeys.find((k) => k in raw)!])
        note(
          "info",
          `${path}.${key}`,
          `${to} runs one command: ${from}'s "${key}" (its command on other platforms) is not kept`,
          "nothing to do, unless the hook must run on Windows"
        )
      continue
    }
    switch (key) {
      case "type":
        out["type"] = value
        break
      case "args":
        if (keepsExec) out["args"] = value
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
      case "cwd":
        if (reads("cwd")) out["cwd"] = value
        break // else folded into the command
      case "env":
        if (hook.addedEnv !== undefined) {
          const references = Object.values(hook.addedEnv).some((v) => v.includes("$"))
          if (references && dialectRules[from].envExpands !== dialectRules[to].envExpands)
            note(
              "warning",
              `${path}.env`,
              dialectRules[from].envExpands
                ? `${from} expands $NAME in env values; ${to} sets them as written`
                : `${to} expands $NAME in env values; ${from} sets them as written`,
              dialectRules[from].envExpands
                ? 'set the variable from the command instead (export NAME="$OTHER"; ...)'
                : "make sure no value holds a $ that must stay as written"
            )
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
      case "failClosed":
        if (!failureWritten) Object.assign(out, convertOnFailure(hook, raw, key, path, context))
        failureWritten = true
        break
      case "loop_limit":
        break // written below, from the hook's limit
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
        // Within one dialect the agent's own keys are kept (Copilot's http `url`, its prompt entry's `prompt`).
        if (reads(key) || from === to) out[key] = value
        else if (key in lostKeys) {
          if (key === "async" && value === false) break
          lose(key)
        }
      // An unknown key: validation already said it is ignored.
    }
  }
  if (!timeoutWritten) writeTimeout()
  if (type === "command" && !commandWritten) writeCommand()
  return { ...out, ...crashDenies(hook, path, context), ...convertLoopLimit(hook, raw, path, context) }
}

/**
 * Copilot denies a tool call when a preToolUse hook crashes (exits with another code than 0 and 2) but not
 * when it times out; elsewhere a crash lets the call run. Written as `onFailure: "block"` (Cursor's
 * `failClosed`) where the target has it, with a warning either way.
 */
const crashDenies = (hook: ConfiguredHook, path: string, { from, to, note }: Context): Record<string, Json> => {
  const blocksIn = (d: Dialect) => dialectRules[d].crashBlocksOn.includes(hook.event)
  if (blocksIn(to) && !blocksIn(from) && hook.onFailure !== "block")
    note(
      "warning",
      path,
      `in ${to} a ${agentEventName(to, hook.event)} hook that crashes or exits with a code other than 0 and 2 denies the tool call; in ${from} the call ran`,
      "make sure the script exits 0 when it has nothing to say"
    )
  if (!blocksIn(from) || blocksIn(to) || hook.onFailure === "block") return {}
  const keys = agentRows[to].hookKeys
  const key = dialectRules[to].failClosedKey ?? (keys === "every" ? "onFailure" : undefined)
  const name = agentEventName(from, hook.event)
  if (key === undefined) {
    note(
      "warning",
      path,
      `${from} denies the tool call when a ${name} hook crashes or exits with a code other than 0 and 2; ${to} fails open: the call runs`,
      "make the script itself deny when its own check fails (exit 2 with a reason)"
    )
    return {}
  }
  note(
    "warning",
    path,
    `${from} denies the tool call when a ${name} hook crashes or exits with a code other than 0 and 2, but not when it times out; "${key}" is written so that a crash still denies in ${to}, where a timeout now denies too`,
    "nothing to do, unless the hook may take longer than its timeout"
  )
  return { [key]: key === "onFailure" ? "block" : true }
}

/**
 * What makes a failed run block (`onFailure: "block"`, Cursor's `failClosed: true`) in the target's key;
 * an error note where the target has none.
 */
const convertOnFailure = (
  hook: ConfiguredHook,
  raw: Record<string, Json>,
  key: string,
  path: string,
  { from, to, note }: Context
): Record<string, Json> => {
  const targetKey = dialectRules[to].failClosedKey
  if (targetKey !== undefined) {
    if (targetKey in raw) return { [targetKey]: raw[targetKey] }
    return hook.onFailure === "block" ? { [targetKey]: true } : {}
  }
  if (readsHookKey(to, "onFailure")) {
    if ("onFailure" in raw) return { onFailure: raw["onFailure"] }
    return hook.onFailure === "block" ? { onFailure: "block" } : {}
  }
  if (hook.onFailure === "block" && dialectRules[to].crashBlocksOn.includes(hook.event)) {
    note(
      "warning",
      `${path}.${key}`,
      `${to} denies the call when a ${agentEventName(to, hook.event)} hook crashes, as "${key}" did, but never when it times out${dialectRules[to].timeoutsFailOpen ? " (its timeouts always fail open)" : ""}`,
      "make the script finish well within its timeout, or deny itself before it"
    )
    return {}
  }
  if (hook.onFailure === "block")
    note(
      "error",
      `${path}.${key}`,
      `${to} has no ${key === "onFailure" ? '"onFailure"' : `"onFailure" ("${key}": true in ${from})`}: a crash, timeout or garbage answer no longer blocks (${to} fails open)`,
      "make the script itself deny when its own check fails, then exit 2 with a reason"
    )
  return {}
}

/**
 * Cursor's `loop_limit` (how many follow-ups a stop hook may send, default 5): written where the target
 * has it (`null`, no limit, for a source without one), a warning where a limited hook loses its limit.
 */
const convertLoopLimit = (
  hook: ConfiguredHook,
  raw: Record<string, Json>,
  path: string,
  { from, to, note }: Context
): Record<string, Json> => {
  if (hook.event !== "Stop" && hook.event !== "SubagentStop") return {}
  const source = dialectRules[from].followupLoopLimit
  const target = dialectRules[to].followupLoopLimit
  const limit = source === undefined ? null : hook.loopLimit === undefined ? source.defaultLimit : hook.loopLimit
  if (target !== undefined) {
    if (source !== undefined && source.key in raw) return { [target.key]: raw[source.key] }
    if (limit === target.defaultLimit) return {}
    if (limit === null)
      note(
        "info",
        `${path}`,
        `${to} sends a stop hook's follow-ups at most ${target.defaultLimit} times unless "${target.key}" says otherwise: "${target.key}": null keeps ${from}'s behaviour (no limit)`,
        "nothing to do"
      )
    return { [target.key]: limit }
  }
  if (limit !== null)
    note(
      "warning",
      source !== undefined && source.key in raw ? `${path}.${source.key}` : path,
      `${to} has no "${source?.key ?? "loop_limit"}": ${from} sends this hook's follow-up at most ${limit} ${limit === 1 ? "time" : "times"}${hook.loopLimit === undefined ? " (its default)" : ""}, ${to} every time the hook blocks`,
      `make the script stop blocking after ${limit} rounds (count them itself, or read stop_hook_active where ${to}'s payload has it)`
    )
  return {}
}

/** The command in the target: its variables renamed, its exec form and env values folded in. */
const convertCommand = (
  hook: ConfiguredHook,
  raw: Record<string, Json>,
  path: string,
  { from, to, note }: Context,
  keepsExec: boolean
): string => {
  const { shell, exec } = dialectRules[from].commandKeys
  const key = [...shell, ...(exec === undefined ? [] : [exec])].find((k) => typeof raw[k] === "string")
  let command = key === undefined ? hook.command : (raw[key] as string)
  // The exec form runs the program with its arguments as written (no variables): quoted words say the same.
  if (hook.args !== undefined && !keepsExec) return [command, ...hook.args].map(shellQuote).join(" ")
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
  for (const variable of referencesOf(command, variablesOf(from)))
    if (!variablesOf(to).includes(variable))
      note(
        "warning",
        `${path}.command`,
        `the command uses $${variable}, which ${to} does not set`,
        "read the value from the payload on stdin instead"
      )
  if (hook.addedEnv !== undefined && !dialectRules[to].envIsValues) {
    // Copilot expands $NAME and ${NAME} in the values: double quotes keep that, and nothing else.
    const quote = dialectRules[from].envExpands ? expandingQuote : shellQuote
    const exports = Object.entries(hook.addedEnv).map(([name, value]) => `export ${name}=${quote(value)}; `)
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
