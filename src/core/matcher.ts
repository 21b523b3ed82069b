/**
 * Matcher patterns: which hooks of an event apply to a tool (or agent type,
 * source, trigger, ...) name (ARCHITECTURE section 7).
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import { RE2JS } from "re2js"
import type { Dialect } from "./dialect.ts"
import { dialectRules } from "./dialect.ts"

/**
 * A pattern that cannot be used as a matcher. `kind` is `"syntax"` when it is
 * not a valid JavaScript regular expression, `"unsupported"` when it is one
 * but uses syntax the linear-time engine cannot run (backreferences,
 * lookaround) or would read differently (`\\A`, `\\z`, `\\Q...\\E`, `\\p{...}`,
 * `[[:alpha:]]`). `message` says what is wrong.
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

const exactList = /^[A-Za-z0-9_|]+$/

const WHY = "matchers run on RE2, which matches in linear time, so that no pattern can hang the engine"

/**
 * Escapes that JavaScript reads as the bare letter (or a backreference) but
 * RE2 reads as something else; each would silently change the pattern's
 * meaning.
 */
const divergentEscapes: { readonly [letter: string]: string } = {
  A: "\\A (start of text in RE2, the letter A in JavaScript)",
  z: "\\z (end of text in RE2, the letter z in JavaScript)",
  Z: "\\Z (not RE2 syntax; the letter Z in JavaScript)",
  Q: "\\Q (quoting in RE2, the letter Q in JavaScript)",
  E: "\\E (end of quoting in RE2, the letter E in JavaScript)",
  p: "\\p (a Unicode class in RE2, the letter p in JavaScript without the u flag)",
  P: "\\P (a Unicode class in RE2, the letter P in JavaScript without the u flag)",
  C: "\\C (any byte in RE2, the letter C in JavaScript)",
  a: "\\a (the bell character in RE2, the letter a in JavaScript)",
  k: "a named backreference (\\k<name>)"
}

/**
 * The first construct of `pattern` (a valid JavaScript regular expression)
 * that the linear-time engine cannot run or would read differently, as a
 * phrase; `undefined` if none. One pass over the pattern.
 */
const unsupportedConstruct = (pattern: string): string | undefined => {
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === "\\") {
      const next = pattern[i + 1] ?? ""
      if (!inClass && next >= "1" && next <= "9") return `a backreference (\\${next})`
      const divergent = Object.hasOwn(divergentEscapes, next) ? divergentEscapes[next] : undefined
      if (divergent !== undefined && !(inClass && next === "k")) return divergent
      i++
    } else if (inClass) {
      if (c === "]") inClass = false
      else if (c === "[" && pattern[i + 1] === ":") return "a POSIX class opener [: inside a class (a POSIX class in RE2, plain characters in JavaScript)"
    } else if (c === "[") {
      inClass = true
      if (pattern[i + 1] === "^") i++
      if (pattern[i + 1] === "]") i++ // JavaScript's empty class [] or [^]
    } else if (c === "(" && pattern[i + 1] === "?") {
      const kind = pattern.slice(i + 2, i + 4)
      if (kind.startsWith("=") || kind.startsWith("!")) return `a lookahead (${pattern.slice(i, i + 3)}...)`
      if (kind === "<=" || kind === "<!") return `a lookbehind (${pattern.slice(i, i + 4)}...)`
    }
  }
  return undefined
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Compile a matcher pattern to a predicate over names.
 *
 * **Details**
 *
 * `"*"`, `""` or no pattern match every name. A pattern of only letters,
 * digits, `_` and `|` is a list of exact names. Anything else is a JavaScript
 * regular expression (case-sensitive), anchored to the whole name in the wave
 * dialect and unanchored in the claude-code dialect. It runs on RE2 (the
 * `re2js` port, pure JavaScript), so matching takes time linear in the name
 * for every pattern: `(a+)+$` cannot hang the engine. Patterns RE2 cannot
 * run (backreferences, lookahead, lookbehind) or would read differently from
 * JavaScript (`\\A`, `\\z`, `\\Q`, `\\E`, `\\p`, `\\P`, `\\C`, `\\a`, `[[:alpha:]]`)
 * fail with `kind: "unsupported"`. Within the supported syntax RE2 reads a
 * name by code points, `.` excludes only `\\n`, and `\\s` is ASCII white space.
 *
 * **Example** (Compiling)
 *
 * ```ts
 * compileMatcher("Edit|Write", "wave")      // => Success(name => name === "Edit" || name === "Write")
 * compileMatcher("mcp__.*", "wave")         // => Success(whole-name RE2 match of mcp__.*)
 * compileMatcher("(", "wave")               // => Failure(InvalidPattern, kind "syntax")
 * compileMatcher("(?!Bash).*", "wave")      // => Failure(InvalidPattern, kind "unsupported")
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
    // The documented syntax is JavaScript's: a pattern it rejects is a syntax error.
    new RegExp(pattern)
  } catch (error) {
    return Result.fail({ _tag: "InvalidPattern", kind: "syntax", pattern, message: messageOf(error) })
  }
  const construct = unsupportedConstruct(pattern)
  if (construct !== undefined) {
    return Result.fail({ _tag: "InvalidPattern", kind: "unsupported", pattern, message: `it uses ${construct}; ${WHY}` })
  }
  let regex: RE2JS
  try {
    regex = RE2JS.compile(RE2JS.translateRegExp(pattern))
  } catch (error) {
    return Result.fail({ _tag: "InvalidPattern", kind: "unsupported", pattern, message: `RE2 cannot run it (${messageOf(error)}); ${WHY}` })
  }
  return Result.succeed(dialectRules[dialect].anchoredMatchers ? (name) => regex.testExact(name) : (name) => regex.test(name))
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
