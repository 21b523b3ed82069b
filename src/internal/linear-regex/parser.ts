/**
 * A parser from a JavaScript pattern (already accepted by
 * `new RegExp`, no u flag, Annex B included) to the engine's syntax tree.
 *
 * @internal
 */
import type { Ranges } from "./ranges.ts"
import { complement, DIGIT, LINE_TERMINATORS, normalize, SPACE, WORD } from "./ranges.ts"
import type { Node } from "./syntax.ts"
import { Unsupported } from "./syntax.ts"

const MAX_COUNT = 1000

const single = (code: number): Node => ({ _tag: "Set", ranges: [[code, code]], negated: false })
const set = (ranges: Ranges, negated = false): Node => ({ _tag: "Set", ranges, negated })

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
    else if (
      c === "(" &&
      (pattern[i + 1] !== "?" || (pattern[i + 2] === "<" && pattern[i + 3] !== "=" && pattern[i + 3] !== "!"))
    )
      count++
  }
  return count
}

/** A sequence of items: the item itself when there is one. */
const sequenceOf = (items: ReadonlyArray<Node>): Node => (items.length === 1 ? items[0]! : { _tag: "Seq", items })

/** A parser for a pattern `new RegExp` accepted (no u flag): recursive descent within a group, a stack of groups. */
export class Parser {
  private i = 0
  private readonly p: string
  /** How many capturing groups the pattern has (for Annex B's reading of `\N`). */
  private readonly groups: number
  constructor(pattern: string) {
    this.p = pattern
    this.groups = countGroups(pattern)
  }

  /**
   * The whole pattern. Groups are kept on an explicit stack, not the call
   * stack, so a pattern parses the same from any caller's stack depth.
   */
  parse(): Node {
    /** The open groups, innermost last: the alternatives done so far and the sequence being read. */
    const open: Array<{ readonly options: Array<Node>; items: Array<Node> }> = []
    let group: { readonly options: Array<Node>; items: Array<Node> } = { options: [], items: [] }
    const close = (): Node => {
      const options = [...group.options, sequenceOf(group.items)]
      return options.length === 1 ? options[0]! : { _tag: "Alt", options }
    }
    while (this.i < this.p.length) {
      const c = this.p[this.i]
      if (c === "|") {
        this.i++
        group.options.push(sequenceOf(group.items))
        group.items = []
      } else if (c === ")") {
        const outer = open.pop()
        if (outer === undefined) throw new Unsupported(`an unexpected ")" at offset ${this.i}`)
        this.i++
        const node = close()
        group = outer
        group.items.push(this.quantified(node))
      } else if (c === "(") {
        this.i++
        this.groupOpening()
        open.push(group)
        group = { options: [], items: [] }
      } else group.items.push(this.quantified(this.atom()))
    }
    if (open.length > 0) throw new Unsupported("an unclosed group")
    return close()
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
      case "\\":
        return this.atomEscape()
      default:
        return single(c.charCodeAt(0))
    }
  }

  /** Skip what follows a `(`: `?:` or `?<name>`; lookaround and modifiers are refused. */
  private groupOpening(): void {
    if (this.p[this.i] !== "?") return
    const kind = this.p.slice(this.i + 1, this.i + 3)
    if (kind[0] === "=" || kind[0] === "!")
      throw new Unsupported(`a lookahead (${this.p.slice(this.i - 1, this.i + 2)}...)`)
    if (kind === "<=" || kind === "<!")
      throw new Unsupported(`a lookbehind (${this.p.slice(this.i - 1, this.i + 3)}...)`)
    if (kind[0] === ":") this.i += 2
    else if (kind[0] === "<") this.i = this.p.indexOf(">", this.i) + 1
    else throw new Unsupported(`a group modifier (${this.p.slice(this.i - 1, this.i + 3)}...)`)
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
    if (c === "k" && this.p[this.i + 1] === "<" && this.p.includes("(?<"))
      throw new Unsupported("a named backreference (\\k<name>)")
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
          while (
            digits.length < 3 &&
            this.p[this.i] !== undefined &&
            this.p[this.i]! >= "0" &&
            this.p[this.i]! <= "7"
          ) {
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
      node._tag === "Set" && !node.negated && node.ranges.length === 1 && node.ranges[0]![0] === node.ranges[0]![1]
        ? node.ranges[0]![0]
        : undefined
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
