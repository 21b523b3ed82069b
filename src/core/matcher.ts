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
}

/**
 * How an event's matchers are read: Claude Code's narrower exact set on
 * FileChanged and StopFailure (reference 5).
 *
 * @category selection
 * @since 0.2.0
 */
export const matcherOptionsOf = (event: HookEvent): MatcherOptions =>
  event === "FileChanged" || event === "StopFailure" ? { narrowExact: true } : {}

/** The names of an exact-name list, or `undefined` when the pattern is a regular expression. */
const exactNames = (pattern: string, dialect: Dialect, options: MatcherOptions): ReadonlySet<string> | undefined => {
  if (dialect === "claude-code" && options.narrowExact !== true && claudeCodeExactList.test(pattern)) {
    return new Set(pattern.split(/[|,]/).map((n) => n.trim()).filter((n) => n.length > 0))
  }
  return exactList.test(pattern) ? new Set(pattern.split("|").filter((n) => n.length > 0)) : undefined
}

const WHY = "matchers run in linear time, so that no pattern can hang the engine"

// ====== A linear-time engine for JavaScript regular expressions ======
//
// Patterns are first checked by `new RegExp` (so they are valid JavaScript,
// without the u flag, Annex B included), then parsed here into a Thompson NFA
// and run as a Pike VM without captures: each character of the name is read
// once and each NFA state is visited at most once per character, so a match
// costs O(name length x pattern size) whatever the pattern. The semantics are
// JavaScript's (UTF-16 code units, JavaScript's `\s`, `.` and `\b`);
// backreferences and lookaround, which no linear-time engine can run, are
// rejected.

/** A construct the linear-time engine does not run; `message` says which. */
class Unsupported {
  readonly message: string
  constructor(message: string) {
    this.message = message
  }
}

/** A set of UTF-16 code units as sorted, non-overlapping inclusive ranges. */
type Ranges = ReadonlyArray<readonly [number, number]>

type Node =
  | { readonly _tag: "Set"; readonly ranges: Ranges; readonly negated: boolean }
  | { readonly _tag: "Seq"; readonly items: ReadonlyArray<Node> }
  | { readonly _tag: "Alt"; readonly options: ReadonlyArray<Node> }
  | { readonly _tag: "Repeat"; readonly node: Node; readonly min: number; readonly max: number }
  | { readonly _tag: "Assert"; readonly kind: "start" | "end" | "word" | "notWord" }

const DIGIT: Ranges = [[48, 57]]
const WORD: Ranges = [[48, 57], [65, 90], [95, 95], [97, 122]]
const SPACE: Ranges = [
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff]
]
const LINE_TERMINATORS: Ranges = [[10, 10], [13, 13], [0x2028, 0x2029]]
const MAX_COUNT = 1000
const MAX_PROGRAM = 2_000

const single = (code: number): Node => ({ _tag: "Set", ranges: [[code, code]], negated: false })
const set = (ranges: Ranges, negated = false): Node => ({ _tag: "Set", ranges, negated })

/** The complement of sorted ranges within 0..0xFFFF. */
const complement = (ranges: Ranges): Ranges => {
  const out: Array<readonly [number, number]> = []
  let next = 0
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1])
    next = Math.max(next, hi + 1)
  }
  if (next <= 0xffff) out.push([next, 0xffff])
  return out
}

/** Sorted, merged ranges. */
const normalize = (ranges: Array<readonly [number, number]>): Ranges => {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0])
  const out: Array<[number, number]> = []
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1]
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi)
    else out.push([lo, hi])
  }
  return out
}

const bracesPattern = /\{(\d+)(,(\d*))?\}/y

const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c)
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9"

/** The number of capturing groups: `(` not followed by `?`, and `(?<name>`, outside classes and escapes. */
const countGroups = (pattern: string): number => {
  let count = 0
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === "\\") i++
    else if (inClass) inClass = c !== "]"
    else if (c === "[") inClass = true
    else if (c === "(" && (pattern[i + 1] !== "?" || (pattern[i + 2] === "<" && pattern[i + 3] !== "=" && pattern[i + 3] !== "!"))) count++
  }
  return count
}

/** A recursive-descent parser for a pattern `new RegExp` accepted (no u flag). */
class Parser {
  private i = 0
  private readonly p: string
  /** How many capturing groups the pattern has (for Annex B's reading of `\N`). */
  private readonly groups: number
  constructor(pattern: string) {
    this.p = pattern
    this.groups = countGroups(pattern)
  }

  parse(): Node {
    const node = this.alternation()
    if (this.i < this.p.length) throw new Unsupported(`an unexpected "${this.p[this.i]}" at offset ${this.i}`)
    return node
  }

  private alternation(): Node {
    const options = [this.sequence()]
    while (this.p[this.i] === "|") {
      this.i++
      options.push(this.sequence())
    }
    return options.length === 1 ? options[0]! : { _tag: "Alt", options }
  }

  private sequence(): Node {
    const items: Array<Node> = []
    while (this.i < this.p.length && this.p[this.i] !== "|" && this.p[this.i] !== ")") items.push(this.quantified(this.atom()))
    return items.length === 1 ? items[0]! : { _tag: "Seq", items }
  }

  /** A `{n}`, `{n,}` or `{n,m}` at the cursor, or undefined (then `{` is a literal, Annex B). */
  private braces(): { readonly min: number; readonly max: number; readonly end: number } | undefined {
    bracesPattern.lastIndex = this.i
    const match = bracesPattern.exec(this.p)
    if (match === null) return undefined
    const min = Number(match[1])
    const max = match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3])
    return { min, max, end: this.i + match[0].length }
  }

  private quantified(node: Node): Node {
    const c = this.p[this.i]
    let min: number
    let max: number
    if (c === "*") [min, max] = [0, Infinity]
    else if (c === "+") [min, max] = [1, Infinity]
    else if (c === "?") [min, max] = [0, 1]
    else if (c === "{") {
      const braces = this.braces()
      if (braces === undefined) return node
      ;[min, max] = [braces.min, braces.max]
      this.i = braces.end - 1
    } else return node
    this.i++
    if (this.p[this.i] === "?") this.i++ // lazy: the same language
    if (min > MAX_COUNT || (max !== Infinity && max > MAX_COUNT)) {
      throw new Unsupported(`a repetition count over ${MAX_COUNT}`)
    }
    return { _tag: "Repeat", node, min, max }
  }

  private atom(): Node {
    const c = this.p[this.i]!
    this.i++
    switch (c) {
      case "^":
        return { _tag: "Assert", kind: "start" }
      case "$":
        return { _tag: "Assert", kind: "end" }
      case ".":
        return set(LINE_TERMINATORS, true)
      case "[":
        return this.characterClass()
      case "(":
        return this.group()
      case "\\":
        return this.atomEscape()
      default:
        return single(c.charCodeAt(0))
    }
  }

  private group(): Node {
    if (this.p[this.i] === "?") {
      const kind = this.p.slice(this.i + 1, this.i + 3)
      if (kind[0] === "=" || kind[0] === "!") throw new Unsupported(`a lookahead (${this.p.slice(this.i - 1, this.i + 2)}...)`)
      if (kind === "<=" || kind === "<!") throw new Unsupported(`a lookbehind (${this.p.slice(this.i - 1, this.i + 3)}...)`)
      if (kind[0] === ":") this.i += 2
      else if (kind[0] === "<") this.i = this.p.indexOf(">", this.i) + 1
      else throw new Unsupported(`a group modifier (${this.p.slice(this.i - 1, this.i + 3)}...)`)
    }
    const node = this.alternation()
    this.i++ // ")"
    return node
  }

  /** An escape outside a class; `\b`, `\B` and backreferences are handled here. */
  private atomEscape(): Node {
    const c = this.p[this.i]
    if (c === "b" || c === "B") {
      this.i++
      return { _tag: "Assert", kind: c === "b" ? "word" : "notWord" }
    }
    if (c !== undefined && c >= "1" && c <= "9") {
      // Annex B: \N is a backreference when N is at most the number of groups, else an octal escape or the digit.
      const digits = /\d+/y
      digits.lastIndex = this.i
      const n = digits.exec(this.p)![0]
      if (Number(n) <= this.groups) throw new Unsupported(`a backreference (\\${n})`)
      if (c >= "8") {
        this.i++
        return single(c.charCodeAt(0))
      }
    }
    if (c === "k" && this.p[this.i + 1] === "<" && this.p.includes("(?<")) throw new Unsupported("a named backreference (\\k<name>)")
    return this.characterEscape(false)
  }

  /** The escape after a `\`, as a set; `inClass` reads `\b` as backspace. */
  private characterEscape(inClass: boolean): Node {
    const c = this.p[this.i]!
    this.i++
    switch (c) {
      case "d":
        return set(DIGIT)
      case "D":
        return set(DIGIT, true)
      case "w":
        return set(WORD)
      case "W":
        return set(WORD, true)
      case "s":
        return set(SPACE)
      case "S":
        return set(SPACE, true)
      case "t":
        return single(9)
      case "n":
        return single(10)
      case "v":
        return single(11)
      case "f":
        return single(12)
      case "r":
        return single(13)
      case "b":
        return single(8) // only reached in a class
      case "c": {
        const letter = this.p[this.i]
        if (letter !== undefined && (/[A-Za-z]/.test(letter) || (inClass && /[0-9_]/.test(letter)))) {
          this.i++
          return single(letter.charCodeAt(0) % 32)
        }
        this.i-- // Annex B: "\c" is a backslash, then "c" is read as itself
        return single(92)
      }
      case "x":
        if (isHex(this.p[this.i]) && isHex(this.p[this.i + 1])) {
          this.i += 2
          return single(parseInt(this.p.slice(this.i - 2, this.i), 16))
        }
        return single(120)
      case "u":
        if ([0, 1, 2, 3].every((k) => isHex(this.p[this.i + k]))) {
          this.i += 4
          return single(parseInt(this.p.slice(this.i - 4, this.i), 16))
        }
        return single(117)
      default: {
        if (c >= "0" && c <= "7") {
          // Legacy octal (Annex B): up to three digits, at most \377.
          let digits = c
          while (digits.length < 3 && this.p[this.i] !== undefined && this.p[this.i]! >= "0" && this.p[this.i]! <= "7") {
            const next = digits + this.p[this.i]
            if (parseInt(next, 8) > 0o377) break
            digits = next
            this.i++
          }
          return single(parseInt(digits, 8))
        }
        if (isDigit(c)) return single(c.charCodeAt(0)) // \8 and \9 in a class
        return single(c.charCodeAt(0)) // identity escape
      }
    }
  }

  private characterClass(): Node {
    let negated = false
    if (this.p[this.i] === "^") {
      negated = true
      this.i++
    }
    const ranges: Array<readonly [number, number]> = []
    const classAtom = (): Node => {
      const c = this.p[this.i]!
      this.i++
      return c === "\\" ? this.characterEscape(true) : single(c.charCodeAt(0))
    }
    const asChar = (node: Node): number | undefined =>
      node._tag === "Set" && !node.negated && node.ranges.length === 1 && node.ranges[0]![0] === node.ranges[0]![1] ? node.ranges[0]![0] : undefined
    const add = (node: Node) => {
      if (node._tag !== "Set") return
      ranges.push(...(node.negated ? complement(node.ranges) : node.ranges))
    }
    while (this.i < this.p.length && this.p[this.i] !== "]") {
      const first = classAtom()
      if (this.p[this.i] === "-" && this.p[this.i + 1] !== undefined && this.p[this.i + 1] !== "]") {
        this.i++
        const second = classAtom()
        const lo = asChar(first)
        const hi = asChar(second)
        if (lo !== undefined && hi !== undefined) ranges.push([lo, hi])
        else {
          // Annex B: a class escape next to "-" makes the "-" literal.
          add(first)
          ranges.push([45, 45])
          add(second)
        }
      } else add(first)
    }
    this.i++ // "]"
    return set(normalize(ranges), negated)
  }
}

// Instructions of the NFA program, in parallel arrays.
const CHAR = 0
const SPLIT = 1
const JUMP = 2
const ASSERT = 3
const MATCH = 4

const assertCode = { start: 0, end: 1, word: 2, notWord: 3 } as const

/** A compiled program: instruction `k` is `op[k]` with operands `x[k]`, `y[k]` and, for CHAR, `sets[k]`. */
class Program {
  readonly op: Array<number> = []
  readonly x: Array<number> = []
  readonly y: Array<number> = []
  readonly sets: Array<{ readonly ranges: Ranges; readonly negated: boolean } | undefined> = []

  emit(op: number, x = -1, y = -1, s?: { readonly ranges: Ranges; readonly negated: boolean }): number {
    if (this.op.length >= MAX_PROGRAM) throw new Unsupported(`a pattern that compiles to more than ${MAX_PROGRAM} states`)
    this.op.push(op)
    this.x.push(x)
    this.y.push(y)
    this.sets.push(s)
    return this.op.length - 1
  }

  /** Emit `node` so that it continues at the next instruction emitted after it. */
  compile(node: Node): void {
    switch (node._tag) {
      case "Set":
        this.emit(CHAR, this.op.length + 1, -1, node)
        return
      case "Assert":
        this.emit(ASSERT, this.op.length + 1, assertCode[node.kind])
        return
      case "Seq":
        for (const item of node.items) this.compile(item)
        return
      case "Alt": {
        const jumps: Array<number> = []
        node.options.forEach((option, index) => {
          if (index < node.options.length - 1) {
            const split = this.emit(SPLIT, this.op.length + 1, -1)
            this.compile(option)
            jumps.push(this.emit(JUMP))
            this.y[split] = this.op.length
          } else this.compile(option)
        })
        for (const jump of jumps) this.x[jump] = this.op.length
        return
      }
      case "Repeat": {
        for (let k = 0; k < node.min; k++) this.compile(node.node)
        if (node.max === Infinity) {
          const split = this.emit(SPLIT, this.op.length + 1, -1)
          this.compile(node.node)
          this.emit(JUMP, split)
          this.y[split] = this.op.length
        } else {
          const splits: Array<number> = []
          for (let k = node.min; k < node.max; k++) {
            splits.push(this.emit(SPLIT, this.op.length + 1, -1))
            this.compile(node.node)
          }
          for (const split of splits) this.y[split] = this.op.length
        }
        return
      }
    }
  }
}

const inRanges = (ranges: Ranges, code: number): boolean => {
  for (const [lo, hi] of ranges) {
    if (code < lo) return false
    if (code <= hi) return true
  }
  return false
}

const isWordCode = (code: number): boolean => inRanges(WORD, code)

/**
 * Compile a JavaScript pattern (already accepted by `new RegExp`) to a
 * linear-time predicate: whole-name when `anchored`, else a search.
 * Throws {@link Unsupported} for what it cannot run.
 */
const compileLinear = (pattern: string, anchored: boolean): ((name: string) => boolean) => {
  const program = new Program()
  program.compile(new Parser(pattern).parse())
  program.emit(MATCH)
  const { op, sets, x, y } = program
  const size = op.length
  let current = new Int32Array(size)
  let next = new Int32Array(size)
  const marks = new Uint32Array(size)
  const stack = new Int32Array(size * 2 + 2)
  let generation = 0

  let name = ""
  let length = 0
  let matched = false
  /** Add `start` and every state reachable from it without reading at `pos` to `list`. */
  const addClosure = (list: Int32Array, count: number, start: number, pos: number): number => {
    let top = 0
    stack[top++] = start
    while (top > 0) {
      const pc = stack[--top]!
      if (marks[pc] === generation) continue
      marks[pc] = generation
      switch (op[pc]) {
        case JUMP:
          stack[top++] = x[pc]!
          break
        case SPLIT:
          stack[top++] = y[pc]!
          stack[top++] = x[pc]!
          break
        case ASSERT: {
          const kind = y[pc]
          let holds: boolean
          if (kind === 0) holds = pos === 0
          else if (kind === 1) holds = pos === length
          else {
            const before = pos > 0 && isWordCode(name.charCodeAt(pos - 1))
            const after = pos < length && isWordCode(name.charCodeAt(pos))
            holds = (before !== after) === (kind === 2)
          }
          if (holds) stack[top++] = x[pc]!
          break
        }
        case MATCH:
          if (!anchored || pos === length) matched = true
          break
        default:
          list[count++] = pc
      }
    }
    return count
  }

  return (input: string): boolean => {
    name = input
    length = input.length
    matched = false
    generation = (generation + 1) >>> 0 || 1
    if (generation === 1) marks.fill(0)
    let currentCount = addClosure(current, 0, 0, 0)
    for (let pos = 0; pos < length; pos++) {
      if (matched) return true
      if (currentCount === 0 && anchored) return false
      generation = (generation + 1) >>> 0 || 1
      if (generation === 1) marks.fill(0)
      const code = name.charCodeAt(pos)
      let nextCount = 0
      for (let k = 0; k < currentCount; k++) {
        const pc = current[k]!
        const s = sets[pc]!
        if (inRanges(s.ranges, code) !== s.negated) nextCount = addClosure(next, nextCount, x[pc]!, pos + 1)
      }
      if (!anchored) nextCount = addClosure(next, nextCount, 0, pos + 1)
      const swap = current
      current = next
      next = swap
      currentCount = nextCount
    }
    return matched
  }
}

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
  const names = exactNames(pattern, dialect, options)
  if (names !== undefined) return Result.succeed((name) => names.has(name))
  try {
    // The documented syntax is JavaScript's: a pattern it rejects is a syntax error.
    new RegExp(pattern)
  } catch (error) {
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
    return Result.succeed(compileLinear(pattern, dialectRules[dialect].anchoredMatchers))
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
export const matches = (pattern: string | undefined, name: string, dialect: Dialect = "wave", options: MatcherOptions = {}): boolean => {
  const key = `${dialect}\u0000${options.narrowExact === true ? "n" : ""}\u0000${pattern ?? ""}`
  let predicate = cache.get(key)
  if (predicate === undefined) {
    const compiled = compileMatcher(pattern, dialect, options)
    predicate = Result.isSuccess(compiled) ? compiled.success : () => false
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(key, predicate)
  }
  return predicate(name)
}
