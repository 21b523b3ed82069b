/**
 * A hook handler's `if` condition: one permission rule in Claude Code's
 * syntax (`Bash(git commit:*)`, `Edit(src/**)`, `mcp__server__tool`), parsed
 * and tested against a tool call (ARCHITECTURE section 7). Pure: paths are
 * handled as strings, no `node:` module.
 *
 * @since 0.2.0
 */
import { Result } from "effect"
import { joinPath, normalizePath, relativeTo, segmentsMatch, wildcardMatch } from "../internal/path-glob.ts"
import type { AnsiCPiece } from "../internal/shell-lexer.ts"
import { commentEnd, doubleQuotedEscape, readAnsiC, readSingleQuoted, unquotedEscape } from "../internal/shell-lexer.ts"

// ====== Models ======

/**
 * A parsed permission rule: the tool it names and, when it has one, its
 * specifier (the text between the parentheses).
 *
 * @category models
 * @since 0.2.0
 */
export interface PermissionRule {
  /** The rule as written. */
  readonly source: string
  /** The tool name, `mcp__server` or `mcp__server__tool` (a trailing `__*` is dropped). */
  readonly tool: string
  /** True for `mcp__server` and `mcp__server__*`: every tool of the server. */
  readonly wholeServer: boolean
  readonly specifier: string | undefined
}

/**
 * Why a rule does not parse, for a settings diagnostic.
 *
 * @category models
 * @since 0.2.0
 */
export interface PermissionRuleError {
  readonly message: string
}

/**
 * What testing a rule against a tool call gave: it matches, it does not, or
 * the Bash command could not be parsed (the hook runs: it fails open, as
 * Claude Code does).
 *
 * @category models
 * @since 0.2.0
 */
export type RuleOutcome =
  | { readonly _tag: "Match" }
  | { readonly _tag: "NoMatch" }
  | { readonly _tag: "Unparseable"; readonly reason: string }

/**
 * Where relative and home paths in file rules are resolved.
 *
 * @category models
 * @since 0.2.0
 */
export interface RuleContext {
  /** The project directory: `src/**` and `/src/**` are relative to it. */
  readonly projectDir?: string
  /** The home directory, for `~/x`. */
  readonly homeDir?: string
  /** The working directory of the tool call (the payload's `cwd`), for relative tool paths. */
  readonly cwd?: string
}

// ====== Tables ======

/**
 * The events whose hooks can have an `if` condition; on every other event a
 * hook with `if` never runs. Keyed by name, so events added later need no
 * other change.
 *
 * @category constants
 * @since 0.2.0
 */
export const toolEventNames: ReadonlySet<string> = new Set([
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PermissionRequest",
  "PermissionDenied"
])

/**
 * Tools whose specifier is a gitignore-style path pattern, tested against the
 * tool's path field.
 *
 * @category constants
 * @since 0.2.0
 */
const fileTools: ReadonlySet<string> = new Set([
  "Edit",
  "Write",
  "MultiEdit",
  "NotebookEdit",
  "Read",
  "Glob",
  "Grep",
  "LS"
])

/** The input field a specifier of other tools is tested against. */
const mainFieldOf: { readonly [tool: string]: string } = {
  WebSearch: "query",
  Task: "subagent_type",
  Agent: "subagent_type",
  Skill: "skill",
  SlashCommand: "command"
}

const pathFields = ["file_path", "notebook_path", "path"] as const

// ====== Parsing ======

const toolName = /^[A-Za-z0-9_-]+$/

/**
 * Parse one permission rule.
 *
 * **Details**
 *
 * `Tool` or `Tool(specifier)`; MCP rules are `mcp__server` (every tool of the
 * server), `mcp__server__*` (the same) or `mcp__server__tool`, without a
 * specifier. A Bash specifier is an exact command, a legacy prefix
 * `git commit:*` (`:*` only at the end), or a wildcard pattern `git *`. A
 * WebFetch specifier is `domain:example.com`. Fails with a message saying
 * what is wrong: empty text, a name with other characters than letters,
 * digits, `_` and `-`, unbalanced parentheses, text after `)`, an empty
 * specifier.
 *
 * **Example** (A Bash prefix)
 *
 * ```ts
 * parsePermissionRule("Bash(git commit:*)")
 * // => Result.succeed({ source: "Bash(git commit:*)", tool: "Bash", wholeServer: false, specifier: "git commit:*" })
 * ```
 *
 * @category parsing
 * @since 0.2.0
 */
export const parsePermissionRule = (text: string): Result.Result<PermissionRule, PermissionRuleError> => {
  const source = text
  const trimmed = text.trim()
  if (trimmed === "") return Result.fail({ message: "the rule is empty" })
  const open = trimmed.indexOf("(")
  if (open === -1) {
    if (trimmed.includes(")")) return Result.fail({ message: `"${trimmed}" has a ")" without "("` })
    return nameOnly(source, trimmed)
  }
  const name = trimmed.slice(0, open).trim()
  if (!trimmed.endsWith(")")) {
    return Result.fail({ message: `"${trimmed}" has a "(" without a closing ")" at the end` })
  }
  const specifier = trimmed.slice(open + 1, -1)
  if (name === "") return Result.fail({ message: `"${trimmed}" has no tool name before "("` })
  if (!toolName.test(name))
    return Result.fail({ message: `"${name}" is not a tool name (letters, digits, _ and - only)` })
  if (name.startsWith("mcp__")) {
    return Result.fail({ message: `MCP rules take no specifier: write "${name}" or "${name}__*"` })
  }
  let depth = 0
  for (const ch of specifier) {
    if (ch === "(") depth++
    else if (ch === ")" && --depth < 0) break
  }
  if (depth !== 0) return Result.fail({ message: `"${trimmed}" has unbalanced parentheses in its specifier` })
  if (specifier.trim() === "")
    return Result.fail({ message: `"${trimmed}" has an empty specifier: write "${name}" for every call` })
  if (name === "Bash") {
    const colon = specifier.indexOf(":*")
    if (colon !== -1 && colon !== specifier.length - 2) {
      return Result.fail({
        message: `":*" can only end a Bash specifier ("git commit:*"); for a wildcard elsewhere use "*" ("git * --force")`
      })
    }
  }
  if (name === "WebFetch" && !/^domain:\S+$/.test(specifier.trim())) {
    return Result.fail({ message: `a WebFetch specifier is "domain:example.com", found "${specifier}"` })
  }
  return Result.succeed({ source, tool: name, wholeServer: false, specifier })
}

const nameOnly = (source: string, name: string): Result.Result<PermissionRule, PermissionRuleError> => {
  if (name.startsWith("mcp__")) {
    const parts = name.slice(5).split("__")
    const server = parts[0] ?? ""
    if (server === "" || !toolName.test(server) || parts.length > 2) {
      return Result.fail({ message: `"${name}" is not an MCP rule (mcp__server, mcp__server__tool or mcp__server__*)` })
    }
    if (parts.length === 1 || parts[1] === "*")
      return Result.succeed({ source, tool: `mcp__${server}`, wholeServer: true, specifier: undefined })
    if (!toolName.test(parts[1]!))
      return Result.fail({ message: `"${name}" is not an MCP tool name (letters, digits, _ and - only)` })
    return Result.succeed({ source, tool: name, wholeServer: false, specifier: undefined })
  }
  if (!toolName.test(name))
    return Result.fail({ message: `"${name}" is not a tool name (letters, digits, _ and - only)` })
  return Result.succeed({ source, tool: name, wholeServer: false, specifier: undefined })
}

// ====== Bash commands ======

/**
 * The simple commands of a Bash command line, each as its words (quotes
 * removed, leading `NAME=value` assignments dropped) joined by one space:
 * split on `&&`, `||`, `;`, `|`, `&` and newlines, with the commands inside
 * `$(...)`, backticks and `(...)` subshells included. Fails when the line
 * cannot be parsed (an unclosed quote or substitution, a stray `)`).
 *
 * **Example** (Two commands)
 *
 * ```ts
 * bashSubcommands(`cd src && git commit -m "a b"`)
 * // => Result.succeed(["cd src", "git commit -m a b"])
 * ```
 *
 * @category bash
 * @since 0.2.0
 */
export const bashSubcommands = (line: string): Result.Result<ReadonlyArray<string>, string> => {
  const found: Array<string> = []
  const state = { i: 0 }
  const problem = scanList(line, state, undefined, found)
  if (problem !== undefined) return Result.fail(problem)
  return Result.succeed(found)
}

/** Reserved words that can come before a simple command: `if git diff --quiet; then git commit; fi`. */
const leadingKeywords: ReadonlySet<string> = new Set([
  "{",
  "!",
  "if",
  "then",
  "else",
  "elif",
  "do",
  "while",
  "until",
  "time"
])

/**
 * The words of the simple command being read, joined into the simple
 * commands found: leading `NAME=value` assignments and reserved words are
 * dropped, and so are empty words.
 */
class CommandWords {
  private readonly out: Array<string>
  private words: Array<string> = []
  private word = ""
  /** Whether a word has started (a quoted empty string starts one). */
  inWord = false
  constructor(out: Array<string>) {
    this.out = out
  }
  /** Text of the current word. */
  add(text: string): void {
    this.word += text
    this.inWord = true
  }
  /** A blank: the current word, if any, is complete. */
  endWord(): void {
    if (this.inWord) this.words.push(this.word)
    this.word = ""
    this.inWord = false
  }
  /** A separator: the simple command is complete. */
  endCommand(): void {
    this.endWord()
    let words = this.words
    while (words.length > 0 && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!) || leadingKeywords.has(words[0]!)))
      words = words.slice(1)
    words = words.filter((w) => w !== "")
    if (words.length > 0) this.out.push(words.join(" "))
    this.words = []
  }
}

/** Scan a command list until `end` (`)` or a backtick) or the end of the text; pushes each simple command. */
const scanList = (
  text: string,
  state: { i: number },
  end: ")" | "`" | undefined,
  out: Array<string>
): string | undefined => {
  const command = new CommandWords(out)
  while (state.i < text.length) {
    if (end !== undefined && text[state.i] === end) {
      state.i++
      command.endCommand()
      return undefined
    }
    const problem = scanQuoted(text, state, command, out) ?? scanUnquoted(text, state, command, out)
    if (problem !== "") return problem
  }
  if (end !== undefined) return end === ")" ? 'a "(" or "$(" is not closed' : "a backtick is not closed"
  command.endCommand()
  return undefined
}

/**
 * A quoted piece or an escape at the cursor, read by the shared shell lexer
 * (`internal/shell-lexer.ts`): `""` when one was read, a problem when it
 * cannot be, `undefined` when the cursor is at none.
 */
const scanQuoted = (
  text: string,
  state: { i: number },
  command: CommandWords,
  out: Array<string>
): string | undefined => {
  const ch = text[state.i]!
  if (ch === "\\") {
    const escaped = unquotedEscape(text, state.i)
    if (escaped === undefined) return "it ends with a backslash"
    if (escaped.text !== "") command.add(escaped.text)
    state.i = escaped.end
    return ""
  }
  if (ch === "'") {
    const quoted = readSingleQuoted(text, state.i)
    if (quoted === undefined) return "a single quote is not closed"
    command.add(quoted.text)
    state.i = quoted.end
    return ""
  }
  if (ch === "$" && text[state.i + 1] === "'") {
    const quoted = readAnsiC(text, state.i)
    if (quoted === undefined) return "a $' quote is not closed"
    command.add(quoted.pieces.map(ansiCText).join(""))
    state.i = quoted.end
    return ""
  }
  if (ch === "$" && text[state.i + 1] === '"') {
    // $"..." is "..." translated by the locale's message catalog, which has nothing for it.
    state.i++
    return ""
  }
  if (ch === '"') return scanDoubleQuoted(text, state, command, out) ?? ""
  return undefined
}

/** A `$'...'` piece as the text bash gives in a UTF-8 locale (bytes that are not UTF-8 as replacement characters). */
const ansiCText = (piece: AnsiCPiece): string => {
  if (piece._tag === "Text") return piece.text
  if (piece._tag === "Bytes") return new TextDecoder().decode(piece.bytes)
  return piece.code > 0x10ffff || (piece.code >= 0xd800 && piece.code <= 0xdfff)
    ? "\ufffd"
    : String.fromCodePoint(piece.code)
}

/** `"..."` at the opening quote: backslashes as bash reads them there, the commands of `$(...)` and backquotes found. */
const scanDoubleQuoted = (
  text: string,
  state: { i: number },
  command: CommandWords,
  out: Array<string>
): string | undefined => {
  state.i++
  command.add("")
  while (state.i < text.length) {
    const c = text[state.i]!
    if (c === '"') {
      state.i++
      return undefined
    }
    if (c === "\\") {
      const escaped = doubleQuotedEscape(text, state.i)
      command.add(escaped.text)
      state.i = escaped.end
    } else if (c === "`" || (c === "$" && text[state.i + 1] === "(")) {
      const problem = scanSubstitution(text, state, out)
      if (problem !== undefined) return problem
    } else {
      command.add(c)
      state.i++
    }
  }
  return "a double quote is not closed"
}

/**
 * What is outside quotes at the cursor: a substitution or subshell (its
 * commands found), a separator, a blank, a comment or a plain character.
 * `""` when read, a problem when the text cannot be parsed.
 */
const scanUnquoted = (text: string, state: { i: number }, command: CommandWords, out: Array<string>): string => {
  const ch = text[state.i]!
  if (ch === "`" || (ch === "$" && text[state.i + 1] === "(")) {
    command.add("")
    return scanSubstitution(text, state, out) ?? ""
  }
  if (ch === "(" && !command.inWord) {
    state.i++
    return scanList(text, state, ")", out) ?? ""
  }
  if (ch === ")") return 'it has a ")" without "("'
  if (ch === ";" || ch === "|" || ch === "&" || ch === "\n") {
    // `>&2`, `2>&1`, `&>`: redirections, not separators.
    if (ch === "&" && (text[state.i - 1] === ">" || text[state.i - 1] === "<" || text[state.i + 1] === ">"))
      command.add(ch)
    else command.endCommand()
    state.i++
    return ""
  }
  if (ch === " " || ch === "\t" || ch === "\r") {
    command.endWord()
    state.i++
    return ""
  }
  if (ch === "#" && !command.inWord) {
    state.i = commentEnd(text, state.i)
    return ""
  }
  command.add(ch)
  state.i++
  return ""
}

const scanSubstitution = (text: string, state: { i: number }, out: Array<string>): string | undefined => {
  if (text[state.i] === "`") {
    state.i++
    return scanList(text, state, "`", out)
  }
  state.i += 2
  return scanList(text, state, ")", out)
}

/** Whether one simple command matches a Bash specifier. */
const bashCommandMatches = (command: string, specifier: string): boolean => {
  const spec = specifier.trim().replace(/\s+/g, " ")
  if (spec.endsWith(":*")) {
    const prefix = spec.slice(0, -2).trimEnd()
    return command === prefix || command.startsWith(`${prefix} `) || prefix === ""
  }
  if (!spec.includes("*")) return command === spec
  // `git *` also matches a bare `git`, like the legacy `git:*`.
  return wildcardMatch(command, spec) || (spec.endsWith(" *") && wildcardMatch(command, spec.slice(0, -2)))
}

// ====== Paths ======

/** Whether an absolute, normalised path matches a file rule's pattern. */
const pathMatches = (path: string, pattern: string, context: RuleContext): boolean => {
  let base: string | undefined
  let glob: string
  if (pattern.startsWith("//")) {
    base = "/"
    glob = pattern.slice(2)
  } else if (pattern.startsWith("~/")) {
    if (context.homeDir === undefined) return false
    base = context.homeDir
    glob = pattern.slice(2)
  } else if (pattern.startsWith("/")) {
    base = context.projectDir
    glob = pattern.slice(1)
  } else if (pattern.startsWith("./")) {
    base = context.projectDir
    glob = pattern.slice(2)
  } else if (!pattern.replace(/\/+$/, "").includes("/")) {
    // `*.ts`, `secrets`: a name at any depth (gitignore), under the project.
    base = context.projectDir
    glob = `**/${pattern}`
  } else {
    base = context.projectDir
    glob = pattern
  }
  if (base === undefined) return false
  const relative = relativeTo(base, path)
  if (relative === undefined) return false
  // A pattern naming a folder (`src/` or `src`) covers what is inside it: a trailing `**`.
  const globSegments = [...glob.split("/").filter((g) => g !== ""), "**"]
  return segmentsMatch(globSegments, relative === "" ? [] : relative.split("/"))
}

// ====== Testing a tool call ======

const stringField = (input: unknown, field: string): string | undefined => {
  if (typeof input !== "object" || input === null) return undefined
  const value = (input as Record<string, unknown>)[field]
  return typeof value === "string" ? value : undefined
}

const wildcardMatches = (value: string, pattern: string): boolean => wildcardMatch(value, pattern)

const hostMatches = (url: string, domain: string): boolean => {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return false
  }
  const d = domain.toLowerCase()
  return d.startsWith("*.") ? host.endsWith(d.slice(1)) : host === d
}

/**
 * Test a rule against a tool call.
 *
 * **Details**
 *
 * The tool name must match (an MCP server rule matches each of its tools). A
 * rule without a specifier matches every call of the tool. Bash: the command
 * is split into its simple commands (`bashSubcommands`), and the rule matches
 * when ANY of them matches, so a guard on `git push:*` runs for
 * `npm test && git push`; a command that cannot be parsed gives `Unparseable`
 * (the hook runs). File tools: the tool's `file_path`, `notebook_path` or
 * `path` (relative ones against `cwd`, else the project) against the
 * gitignore-style pattern (`src/**`, `*.ts`, `/x` = project root, `//x` =
 * filesystem root, `~/x` = home). WebFetch: `domain:host` against the URL's
 * host (`domain:*.example.com` for subdomains). Other tools: the specifier
 * (with `*` wildcards) against the tool's main field (`WebSearch` query,
 * `Task`/`Agent` subagent_type, `Skill` skill), or, for tools not listed,
 * against any string field of the input.
 *
 * **Example** (A commit inside a longer command)
 *
 * ```ts
 * ruleMatches(rule, "Bash", { command: "npm test && git commit -m x" }, {})
 * // => { _tag: "Match" }   (rule: Bash(git commit:*))
 * ```
 *
 * @category matching
 * @since 0.2.0
 */
export const ruleMatches = (
  rule: PermissionRule,
  toolName: string,
  toolInput: unknown,
  context: RuleContext
): RuleOutcome => {
  const noMatch: RuleOutcome = { _tag: "NoMatch" }
  const match: RuleOutcome = { _tag: "Match" }
  if (rule.wholeServer ? !toolName.startsWith(`${rule.tool}__`) : toolName !== rule.tool) return noMatch
  if (rule.specifier === undefined) return match
  const specifier = rule.specifier
  if (rule.tool === "Bash") {
    const command = stringField(toolInput, "command")
    if (command === undefined) return noMatch
    const parsed = bashSubcommands(command)
    if (Result.isFailure(parsed)) return { _tag: "Unparseable", reason: parsed.failure }
    return parsed.success.some((c) => bashCommandMatches(c, specifier)) ? match : noMatch
  }
  if (fileTools.has(rule.tool)) {
    const raw = pathFields.map((f) => stringField(toolInput, f)).find((p) => p !== undefined && p !== "")
    if (raw === undefined) return noMatch
    const base = context.cwd ?? context.projectDir
    const path = raw.startsWith("/") ? normalizePath(raw) : base === undefined ? undefined : joinPath(base, raw)
    if (path === undefined) return noMatch
    return pathMatches(path, specifier.trim(), context) ? match : noMatch
  }
  if (rule.tool === "WebFetch") {
    const url = stringField(toolInput, "url")
    return url !== undefined && hostMatches(url, specifier.trim().slice("domain:".length)) ? match : noMatch
  }
  const field = mainFieldOf[rule.tool]
  if (field !== undefined) {
    const value = stringField(toolInput, field)
    return value !== undefined && wildcardMatches(value, specifier) ? match : noMatch
  }
  if (typeof toolInput !== "object" || toolInput === null) return noMatch
  return Object.values(toolInput).some((v) => typeof v === "string" && wildcardMatches(v, specifier)) ? match : noMatch
}
