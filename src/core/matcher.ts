/**
 * Matcher patterns: which hooks of an event apply to a tool (or agent type,
 * source, trigger, ...) name (ARCHITECTURE section 7).
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import type { Dialect } from "./dialect.ts"
import { dialectRules } from "./dialect.ts"

/**
 * A pattern that is not a valid regular expression.
 *
 * @category models
 * @since 0.1.0
 */
export interface InvalidPattern {
  readonly _tag: "InvalidPattern"
  readonly pattern: string
  readonly message: string
}

const exactList = /^[A-Za-z0-9_|]+$/

/**
 * Compile a matcher pattern to a predicate over names.
 *
 * **Details**
 *
 * `"*"`, `""` or no pattern match every name. A pattern of only letters,
 * digits, `_` and `|` is a list of exact names. Anything else is a JavaScript
 * regular expression, anchored to the whole name in the wave dialect and
 * unanchored in the claude-code dialect.
 *
 * **Example** (Compiling)
 *
 * ```ts
 * compileMatcher("Edit|Write", "wave")      // => Success(name => name === "Edit" || name === "Write")
 * compileMatcher("mcp__.*", "wave")         // => Success(regex /^(?:mcp__.*)$/)
 * compileMatcher("(", "wave")               // => Failure(InvalidPattern)
 * ```
 *
 * @category matching
 * @since 0.1.0
 */
export const compileMatcher = (
  pattern: string | undefined,
  dialect: Dialect
): Result.Result<(name: string) => boolean, InvalidPattern> => {
  if (pattern === undefined || pattern === "" || pattern === "*") return Result.succeed(() => true)
  if (exactList.test(pattern)) {
    const names = new Set(pattern.split("|").filter((n) => n.length > 0))
    return Result.succeed((name) => names.has(name))
  }
  try {
    const source = dialectRules[dialect].anchoredMatchers ? `^(?:${pattern})$` : pattern
    const regex = new RegExp(source)
    return Result.succeed((name) => regex.test(name))
  } catch (error) {
    return Result.fail({
      _tag: "InvalidPattern",
      pattern,
      message: error instanceof Error ? error.message : String(error)
    })
  }
}

const cache = new Map<string, (name: string) => boolean>()
const CACHE_LIMIT = 512

/**
 * Whether a matcher pattern matches a name. An invalid regular expression
 * matches nothing (settings validation reports it and skips the entry).
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
export const matches = (pattern: string | undefined, name: string, dialect: Dialect = "wave"): boolean => {
  const key = `${dialect}\u0000${pattern ?? ""}`
  let predicate = cache.get(key)
  if (predicate === undefined) {
    const compiled = compileMatcher(pattern, dialect)
    predicate = Result.isSuccess(compiled) ? compiled.success : () => false
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(key, predicate)
  }
  return predicate(name)
}
