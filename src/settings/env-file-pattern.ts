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
 * The regular expression of a pattern, anchored at both ends, or
 * `undefined` when the pattern uses what this reader does not follow (a
 * bracket expression with quoted parts, an equivalence class, extended
 * globs).
 *
 * @category patterns
 * @since 0.3.0
 */
export const patternRegExp = (pieces: ReadonlyArray<PatternPiece>): RegExp | undefined => {
  let source = ""
  for (const piece of pieces) {
    if (!piece.active) {
      source += escapeRegExp(piece.text)
      continue
    }
    const text = piece.text
    let i = 0
    while (i < text.length) {
      const c = text[i]!
      if ((c === "*" || c === "?" || c === "+" || c === "@" || c === "!") && text[i + 1] === "(") return undefined
      if (c === "*") {
        source += "[\\s\\S]*"
        i++
      } else if (c === "?") {
        source += "[\\s\\S]"
        i++
      } else if (c === "[") {
        const b = bracket(text, i)
        if (b === undefined) {
          // A "[" that is not closed in this piece: closed in a quoted piece is not followed; alone it is literal.
          if (text.indexOf("]", i) === -1 && pieces.indexOf(piece) < pieces.length - 1) return undefined
          source += "\\["
          i++
        } else {
          source += b.regex
          i = b.end
        }
      } else {
        source += escapeRegExp(c)
        i++
      }
    }
  }
  return new RegExp(`^(?:${source})$`)
}

/**
 * Remove the shortest or longest prefix (`#`, `##`) or suffix (`%`, `%%`)
 * that matches, as bash does; the value unchanged when none matches.
 *
 * @category patterns
 * @since 0.3.0
 */
export const removeMatch = (value: string, op: "#" | "##" | "%" | "%%", pattern: RegExp): string => {
  const n = value.length
  if (op === "#") {
    for (let k = 0; k <= n; k++) if (pattern.test(value.slice(0, k))) return value.slice(k)
  } else if (op === "##") {
    for (let k = n; k >= 0; k--) if (pattern.test(value.slice(0, k))) return value.slice(k)
  } else if (op === "%") {
    for (let k = n; k >= 0; k--) if (pattern.test(value.slice(k))) return value.slice(0, k)
  } else {
    for (let k = 0; k <= n; k++) if (pattern.test(value.slice(k))) return value.slice(0, k)
  }
  return value
}
