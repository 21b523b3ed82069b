/**
 * Bash's pattern matching for `${NAME#pattern}`, `${NAME##pattern}`,
 * `${NAME%pattern}` and `${NAME%%pattern}` in env files (ARCHITECTURE section
 * 7): `*`, `?` and bracket expressions where the pattern is not quoted, the
 * quoted parts literal. Pure.
 *
 * @since 0.3.0
 */

/**
 * A piece of a pattern: `active` text is pattern syntax, the rest literal.
 *
 * @category models
 * @since 0.3.0
 */
export interface PatternPiece {
  readonly text: string
  readonly active: boolean
}

const classes: { readonly [name: string]: string } = {
  alpha: "A-Za-z",
  digit: "0-9",
  alnum: "A-Za-z0-9",
  upper: "A-Z",
  lower: "a-z",
  space: " \\t\\n\\r\\f\\v",
  blank: " \\t",
  punct: "!-\\/:-@\\[-`{-~",
  print: " -~",
  graph: "!-~",
  cntrl: "\\x00-\\x1f\\x7f",
  xdigit: "0-9A-Fa-f",
  word: "A-Za-z0-9_"
}

const escapeRegExp = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&")

/** A bracket expression at `text[start] === "["`: its regular expression and where it ends, or `undefined` when it does not close. */
const bracket = (text: string, start: number): { readonly regex: string; readonly end: number } | undefined => {
  let i = start + 1
  let negate = false
  if (text[i] === "!" || text[i] === "^") {
    negate = true
    i++
  }
  let body = ""
  let first = true
  while (i < text.length) {
    const c = text[i]!
    if (c === "]" && !first) return { regex: `[${negate ? "^" : ""}${body}]`, end: i + 1 }
    first = false
    if (c === "[" && text[i + 1] === ":") {
      const close = text.indexOf(":]", i + 2)
      if (close === -1) return undefined
      const name = text.slice(i + 2, close)
      const cls = classes[name]
      if (cls === undefined) return undefined
      body += cls
      i = close + 2
      continue
    }
    if (c === "[" && (text[i + 1] === "=" || text[i + 1] === ".")) return undefined
    if (c === "\\") {
      if (i + 1 >= text.length) return undefined
      body += escapeRegExp(text[i + 1]!)
      i += 2
      continue
    }
    if (text[i + 1] === "-" && text[i + 2] !== undefined && text[i + 2] !== "]") {
      body += `${escapeRegExp(c)}-${escapeRegExp(text[i + 2]!)}`
      i += 3
      continue
    }
    body += escapeRegExp(c)
    i++
  }
  return undefined
}

/**
 * One step of a pattern: `*` (any text), or one character that `test`
 * accepts.
 *
 * @category models
 * @since 0.3.0
 */
export type PatternToken = { readonly _tag: "Star" } | { readonly _tag: "One"; readonly test: (c: string) => boolean }

const star: PatternToken = { _tag: "Star" }
const one = (test: (c: string) => boolean): PatternToken => ({ _tag: "One", test })
const literal = (c: string): PatternToken => one((d) => d === c)

/**
 * The steps of a pattern, or `undefined` when the pattern uses what this
 * reader does not follow (a bracket expression with quoted parts, an
 * equivalence class, extended globs).
 *
 * @category patterns
 * @since 0.3.0
 */
export const patternTokens = (pieces: ReadonlyArray<PatternPiece>): ReadonlyArray<PatternToken> | undefined => {
  const tokens: Array<PatternToken> = []
  for (const [index, piece] of pieces.entries()) {
    const text = piece.text
    if (!piece.active) {
      for (const c of text) tokens.push(literal(c))
      continue
    }
    let i = 0
    while (i < text.length) {
      const c = text[i]!
      if ((c === "*" || c === "?" || c === "+" || c === "@" || c === "!") && text[i + 1] === "(") return undefined
      if (c === "*") {
        if (tokens[tokens.length - 1]?._tag !== "Star") tokens.push(star)
        i++
      } else if (c === "?") {
        tokens.push(one(() => true))
        i++
      } else if (c === "[") {
        const b = bracket(text, i)
        if (b === undefined) {
          // A "[" that is not closed in this piece: closed in a quoted piece is not followed; alone it is literal.
          if (text.indexOf("]", i) === -1 && index < pieces.length - 1) return undefined
          tokens.push(literal("["))
          i++
        } else {
          const regex = new RegExp(`^${b.regex}$`)
          tokens.push(one((d) => regex.test(d)))
          i = b.end
        }
      } else {
        tokens.push(literal(c))
        i++
      }
    }
  }
  return tokens
}

/**
 * For each length k from 0 to the text's length, whether the pattern
 * matches the text's first k characters: one pass over the text with the set
 * of pattern positions reached (no backtracking, time text length x pattern
 * length).
 */
const prefixMatches = (text: string, tokens: ReadonlyArray<PatternToken>): Array<boolean> => {
  const m = tokens.length
  const close = (states: Array<boolean>): Array<boolean> => {
    for (let p = 0; p < m; p++) if (states[p] === true && tokens[p]!._tag === "Star") states[p + 1] = true
    return states
  }
  let states = close(Array.from({ length: m + 1 }, (_, p) => p === 0))
  const matches: Array<boolean> = [states[m] === true]
  for (const c of text) {
    const next: Array<boolean> = Array.from({ length: m + 1 }, () => false)
    let any = false
    for (let p = 0; p < m; p++) {
      if (states[p] !== true) continue
      const token = tokens[p]!
      if (token._tag === "Star") next[p] = any = true
      else if (token.test(c)) next[p + 1] = any = true
    }
    states = close(next)
    matches.push(states[m] === true)
    if (!any) {
      while (matches.length <= text.length) matches.push(false)
      break
    }
  }
  return matches
}

/**
 * Remove the shortest or longest prefix (`#`, `##`) or suffix (`%`, `%%`)
 * that matches, as bash does; the value unchanged when none matches.
 *
 * @category patterns
 * @since 0.3.0
 */
export const removeMatch = (
  value: string,
  op: "#" | "##" | "%" | "%%",
  tokens: ReadonlyArray<PatternToken>
): string => {
  const n = value.length
  if (op === "#" || op === "##") {
    const matches = prefixMatches(value, tokens)
    const k = op === "#" ? matches.indexOf(true) : matches.lastIndexOf(true)
    return k === -1 ? value : value.slice(k)
  }
  // A suffix of the value matches the pattern when its reverse matches the reversed pattern.
  const matches = prefixMatches([...value].reverse().join(""), [...tokens].reverse())
  const k = op === "%" ? matches.indexOf(true) : matches.lastIndexOf(true)
  return k === -1 ? value : value.slice(0, n - k)
}
