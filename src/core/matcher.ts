/**
 * Matcher patterns: which hooks of an event apply to a tool (or agent type,
 * source, trigger, ...) name (ARCHITECTURE section 7).
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import type { Dialect } from "./dialect.ts"
import type { HookEvent } from "./events.ts"
import { dialectRules } from "./dialect.ts"
import { agentEventOf } from "./dialect-events.ts"
import { Unsupported } from "../internal/linear-regex/syntax.ts"
import { compileLinearRegex } from "../internal/linear-regex/vm.ts"

/**
 * A pattern that cannot be used as a matcher. `kind` is `"syntax"` when it is
 * not a valid JavaScript regular expression, `"unsupported"` when it is one
 * but uses what no linear-time engine can run: a backreference (`\1`,
 * `\k<name>`), a lookahead or a lookbehind (or a repetition count over 1000).
 * `message` says what is wrong.
 *
 * @category models
 * @since 0.1.0
 */
export interface InvalidPattern {
  readonly _tag: "InvalidPattern"
  readonly kind: "syntax" | "unsupported"
  readonly pattern: string
  readonly message: string
}

/** Wave's exact-name lists: letters, digits, `_`, split on `|`. */
const exactList = /^[A-Za-z0-9_|]+$/
/** Claude Code's (reference 5): also space, `-` and `,`, split on `|` or `,`, each name trimmed. */
const claudeCodeExactList = /^[A-Za-z0-9_ \-,|]+$/

/**
 * How a matcher is read beyond its dialect.
 *
 * @category models
 * @since 0.2.0
 */
export interface MatcherOptions {
  /**
   * Claude Code's narrower exact set for FileChanged and StopFailure
   * (`[A-Za-z0-9_|]`: a `-`, space or `,` makes the pattern a regular
   * expression there). Only the claude-code dialect reads it.
   */
  readonly narrowExact?: boolean
  /** Since 0.5.0: the pattern is one exact value, never a list or a regular expression (Gemini CLI's triggers). */
  readonly exact?: boolean
}

/**
 * How an event's matchers are read: Claude Code's narrower exact set on
 * FileChanged and StopFailure (reference 5).
 *
 * @category selection
 * @since 0.2.0
 */
export const matcherOptionsOf = (event: HookEvent, dialect: Dialect = "wave"): MatcherOptions =>
  agentEventOf(dialect, event)?.matcherKind === "exact"
    ? { exact: true }
    : event === "FileChanged" || event === "StopFailure"
      ? { narrowExact: true }
      : {}

/** The names of an exact-name list, or `undefined` when the pattern is a regular expression. */
const exactNames = (pattern: string, dialect: Dialect, options: MatcherOptions): ReadonlySet<string> | undefined => {
  if (
    dialectRules[dialect].exactNameListMatchers &&
    options.narrowExact !== true &&
    claudeCodeExactList.test(pattern)
  ) {
    return new Set(
      pattern
        .split(/[|,]/)
        .map((n) => n.trim())
        .filter((n) => n.length > 0)
    )
  }
  return dialectRules[dialect].plainNamesAreExact && exactList.test(pattern)
    ? new Set(pattern.split("|").filter((n) => n.length > 0))
    : undefined
}

const WHY = "matchers run in linear time, so that no pattern can hang the engine"

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Compile a matcher pattern to a predicate over names.
 *
 * **Details**
 *
 * `"*"`, `""` or no pattern match every name. A pattern of only letters,
 * digits, `_` and `|` is a list of exact names; in the claude-code dialect,
 * as in Claude Code, also space, `-` and `,`, split on `|` or `,` with each
 * name trimmed (`"Edit, Write"`, `"code-reviewer"`), except with
 * `narrowExact` (FileChanged, StopFailure). Anything else is a JavaScript
 * regular expression (without flags: case-sensitive, UTF-16 code units),
 * anchored to the whole name in the wave dialect and unanchored in the
 * claude-code dialect. It is checked by `new RegExp`, then run by a small
 * linear-time engine (a Thompson NFA run as a Pike VM) with JavaScript's
 * meaning, so a match costs at most name length x pattern size steps:
 * `(a+)+$` cannot hang the engine. What no linear-time engine can run, a
 * backreference, a lookahead or a lookbehind, fails with
 * `kind: "unsupported"`, as does a repetition count over 1000.
 *
 * **Example** (Compiling)
 *
 * ```ts
 * compileMatcher("Edit|Write", "wave")      // => Success(name => name === "Edit" || name === "Write")
 * compileMatcher("mcp__.*", "wave")         // => Success(whole-name match of mcp__.*)
 * compileMatcher("(", "wave")               // => Failure(InvalidPattern, kind "syntax")
 * compileMatcher("(?!Bash).*", "wave")      // => Failure(InvalidPattern, kind "unsupported")
 * ```
 *
 * @category matching
 * @since 0.1.0
 */
export const compileMatcher = (
  pattern: string | undefined,
  dialect: Dialect,
  options: MatcherOptions = {}
): Result.Result<(name: string) => boolean, InvalidPattern> => {
  if (pattern === undefined || pattern === "" || pattern === "*") return Result.succeed(() => true)
  if (options.exact === true) return Result.succeed((name) => name === pattern)
  const names = exactNames(pattern, dialect, options)
  if (names !== undefined) return Result.succeed((name) => names.has(name))
  try {
    // The documented syntax is JavaScript's: a pattern it rejects is a syntax error.
    new RegExp(pattern)
  } catch (error) {
    // Gemini CLI uses a pattern that is not a regular expression as an exact name.
    if (dialectRules[dialect].invalidMatcher === "exact-name") return Result.succeed((name) => name === pattern)
    return Result.fail({ _tag: "InvalidPattern", kind: "syntax", pattern, message: messageOf(error) })
  }
  // A fixed bound, not the parser's stack: the same pattern must be accepted or refused wherever it is compiled.
  if (groupDepthOf(pattern) > maxGroupDepth) {
    return Result.fail({
      _tag: "InvalidPattern",
      kind: "unsupported",
      pattern,
      message: `it uses groups nested more than ${maxGroupDepth} deep; ${WHY}`
    })
  }
  try {
    return Result.succeed(compileLinearRegex(pattern, dialectRules[dialect].anchoredMatchers))
  } catch (error) {
    // A RangeError is a pattern nested too deeply for the parser's stack; compileMatcher never throws.
    const what = error instanceof Unsupported ? error.message : "groups nested too deeply"
    return Result.fail({ _tag: "InvalidPattern", kind: "unsupported", pattern, message: `it uses ${what}; ${WHY}` })
  }
}

/** The deepest group nesting a matcher may use (well inside the parser's stack, from any caller). */
const maxGroupDepth = 1000

/** How deeply the groups of a pattern nest (escapes and character classes skipped). */
const groupDepthOf = (pattern: string): number => {
  let depth = 0
  let deepest = 0
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === "\\") i++
    else if (inClass) inClass = c !== "]"
    else if (c === "[") inClass = true
    else if (c === "(") deepest = Math.max(deepest, ++depth)
    else if (c === ")") depth = Math.max(0, depth - 1)
  }
  return deepest
}

const cache = new Map<string, (name: string) => boolean>()
const CACHE_LIMIT = 512

/**
 * Whether a matcher pattern matches a name, in time linear in the name (see
 * {@link compileMatcher}). An invalid or unsupported pattern matches nothing
 * (settings validation reports it and skips the entry). Compiled patterns are
 * kept in a cache of at most 512 entries, cleared when full.
 *
 * **Example** (Both dialects)
 *
 * ```ts
 * matches("Edit.*", "NotebookEdit", "wave")        // => false (anchored)
 * matches("Edit.*", "NotebookEdit", "claude-code") // => true  (unanchored)
 * matches("Bash|Write", "Write", "wave")          // => true
 * ```
 *
 * @category matching
 * @since 0.1.0
 */
export const matches = (
  pattern: string | undefined,
  name: string,
  dialect: Dialect = "wave",
  options: MatcherOptions = {}
): boolean => {
  const key = `${dialect}\u0000${options.narrowExact === true ? "n" : ""}${options.exact === true ? "e" : ""}\u0000${pattern ?? ""}`
  let predicate = cache.get(key)
  if (predicate === undefined) {
    const compiled = compileMatcher(pattern, dialect, options)
    predicate = Result.isSuccess(compiled) ? compiled.success : () => false
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(key, predicate)
  }
  return predicate(name)
}
