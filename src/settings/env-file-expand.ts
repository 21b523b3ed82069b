/**
 * Word expansion for the env-file reader (`parseEnvFileText`), as bash
 * expands words: tilde prefixes, `${...}` parameter forms, `$(( ))`, `\u`
 * escapes, field splitting, and the refusals where bash would run a command
 * or match file names. Reads and assigns through the reader's state. Pure.
 *
 * @since 0.3.0
 */
import type { Word, WordPart } from "./env-file-lexer.ts"
import type { PatternPiece } from "./env-file-pattern.ts"
import { patternTokens, removeMatch } from "./env-file-pattern.ts"
import type { EnvFileState } from "./env-file-state.ts"
import { arithmetic, assign, EndOfFile, get, ifs, isAscii, NotRun, validName } from "./env-file-state.ts"

/**
 * A piece of an expanded word: `split` text came from an unquoted expansion
 * (bash splits it into fields), `glob` text is unquoted (bash would match
 * `*`, `?` and `[` against file names).
 */
interface Chunk {
  readonly text: string
  readonly split: boolean
  readonly glob: boolean
}

/** A `${...}` part of a word. */
type ParamPart = Extract<WordPart, { _tag: "Param" }>

/** The chunks' text joined. */
const chunksText = (chunks: ReadonlyArray<Chunk>): string => chunks.map((c) => c.text).join("")

/** The home directory a tilde prefix names (`~`, `~+`, `~-`), undefined when bash leaves it as written. */
const tildeHome = (state: EnvFileState, prefix: string): string | undefined => {
  if (prefix === "") {
    const home = get(state, "HOME")
    if (home === undefined) throw new NotRun("~ with HOME unset (bash would look up the user's home)")
    return home
  }
  if (prefix === "+") return get(state, "PWD")
  if (prefix === "-") return get(state, "OLDPWD")
  throw new NotRun(`~${prefix}: another user's home directory`)
}

/** `~`, `~/...` (and after `:` in an assignment): the text with its tilde prefixes expanded, or the part unchanged. */
const tilde = (state: EnvFileState, parts: ReadonlyArray<WordPart>, afterColons: boolean): ReadonlyArray<WordPart> => {
  const out: Array<WordPart> = []
  parts.forEach((part, index) => {
    if (part._tag !== "Text" || part.quoted) {
      out.push(part)
      return
    }
    const s = part.text
    const last = index === parts.length - 1
    let i = 0
    let pending = ""
    const starts: Array<number> = []
    if (index === 0 && s.startsWith("~")) starts.push(0)
    if (afterColons) for (let k = 0; k < s.length; k++) if (s[k] === ":" && s[k + 1] === "~") starts.push(k + 1)
    for (const start of starts) {
      const ends = afterColons ? /[/:]/g : /\//g
      ends.lastIndex = start
      const match = ends.exec(s)
      const end = match === null ? s.length : match.index
      if (match === null && !last) throw new NotRun("a ~ followed by a quote or an expansion")
      const home = tildeHome(state, s.slice(start + 1, end))
      if (home === undefined) continue
      pending += s.slice(i, start)
      if (pending !== "") out.push({ _tag: "Text", text: pending, quoted: false })
      pending = ""
      out.push({ _tag: "Text", text: home, quoted: true })
      i = end
    }
    pending += s.slice(i)
    if (pending !== "") out.push({ _tag: "Text", text: pending, quoted: false })
  })
  return out
}

/**
 * Expand parts into chunks. `inWord`: the parts are the word of an
 * unquoted `${NAME-word}`, whose plain text bash splits too.
 */
const expandParts = (state: EnvFileState, parts: ReadonlyArray<WordPart>, inWord: boolean): Array<Chunk> => {
  const chunks: Array<Chunk> = []
  for (const part of parts) {
    switch (part._tag) {
      case "Text":
        chunks.push({ text: part.text, split: !part.quoted && inWord, glob: !part.quoted })
        break
      case "Unicode":
        chunks.push({ text: unicode(state, part.code), split: false, glob: false })
        break
      case "Command":
        throw new NotRun(`command substitution ${part.raw} is not run`)
      case "Unsupported":
        throw new NotRun(`${part.what} is not supported`)
      case "Arith":
        chunks.push({ text: arithmetic(state, partsText(state, part.parts)), split: !part.quoted, glob: false })
        break
      case "Param":
        chunks.push(...expandParam(state, part))
        break
    }
  }
  return chunks
}

/** Whether the file's locale variables name a UTF-8 locale. */
const utf8Locale = (state: EnvFileState): boolean => {
  const locale =
    [get(state, "LC_ALL"), get(state, "LC_CTYPE"), get(state, "LANG")].find((v) => v !== undefined && v !== "") ?? ""
  return /utf-?8/i.test(locale)
}

/** A `\u` / `\U` escape: the character in a UTF-8 locale, else the escape as written (as bash leaves it). */
const unicode = (state: EnvFileState, code: number): string => {
  if (utf8Locale(state)) {
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
      throw new NotRun(`the escape for U+${code.toString(16).toUpperCase()}, which is not a character`)
    return String.fromCodePoint(code)
  }
  return code <= 0xffff
    ? `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`
    : `\\U${code.toString(16).toUpperCase().padStart(8, "0")}`
}

/** The parts' text, no splitting (inside `$(( ))` and assignments). */
const partsText = (state: EnvFileState, parts: ReadonlyArray<WordPart>): string =>
  chunksText(expandParts(state, parts, false))

/** A parameter's value as one chunk (split and matched when unquoted). */
const valueChunk = (part: ParamPart, value: string): Array<Chunk> => [
  { text: value, split: !part.quoted, glob: !part.quoted }
]

/** The expanded word of `${NAME-word}` and its kin (quoted inside double quotes). */
const wordChunks = (state: EnvFileState, part: ParamPart): Array<Chunk> => {
  const chunks = expandParts(state, part.quoted ? part.word : tilde(state, part.word, false), !part.quoted)
  if (chunks.length === 0 && part.quoted) return [{ text: "", split: false, glob: false }]
  return part.quoted ? chunks.map((c) => ({ text: c.text, split: false, glob: false })) : chunks
}

/** `${NAME-word}`, `${NAME:-word}`, `=`, `:=`, `+`, `:+`, `?`, `:?`. */
const expandDefault = (state: EnvFileState, part: ParamPart): Array<Chunk> => {
  const { name, op } = part
  const value = get(state, name)
  const missing = op.startsWith(":") ? value === undefined || value === "" : value === undefined
  switch (op.slice(-1)) {
    case "-":
      return missing ? wordChunks(state, part) : valueChunk(part, value!)
    case "+":
      return missing ? (part.quoted ? [{ text: "", split: false, glob: false }] : []) : wordChunks(state, part)
    case "=": {
      if (!missing) return valueChunk(part, value!)
      assign(state, name, chunksText(wordChunks(state, part)))
      return valueChunk(part, get(state, name) ?? "")
    }
    default: {
      if (!missing) return valueChunk(part, value!)
      const message = partsText(state, part.word)
      throw new EndOfFile(
        `\${${name}${op}...} stops bash here: ${name}: ${message === "" ? "parameter null or not set" : message}`
      )
    }
  }
}

/** `${NAME#pattern}`, `##`, `%`, `%%`: the value with the match removed. */
const expandRemoval = (
  state: EnvFileState,
  part: ParamPart,
  op: "#" | "##" | "%" | "%%",
  value: string
): Array<Chunk> => {
  const pieces = patternPieces(state, part.word)
  if (!isAscii(value) || !pieces.every((p) => isAscii(p.text)))
    throw new NotRun("pattern matching on non-ASCII text depends on the locale")
  const tokens = patternTokens(pieces)
  if (tokens === undefined) throw new NotRun(`the pattern of ${part.raw} is not supported`)
  return valueChunk(part, removeMatch(value, op, tokens))
}

/** `${NAME^}`, `^^`, `,`, `,,` (without a pattern): the value's letter case converted. */
const expandCase = (part: ParamPart, value: string): Array<Chunk> => {
  const { op } = part
  if (part.word.length > 0) throw new NotRun(`a case conversion with a pattern (${part.raw}) is not supported`)
  if (!isAscii(value)) throw new NotRun("case conversion of non-ASCII text depends on the locale")
  const converted =
    op === "^^"
      ? value.toUpperCase()
      : op === ",,"
        ? value.toLowerCase()
        : op === "^"
          ? value.charAt(0).toUpperCase() + value.slice(1)
          : value.charAt(0).toLowerCase() + value.slice(1)
  return valueChunk(part, converted)
}

/** A `$NAME` or `${...}` part, by its operator. */
const expandParam = (state: EnvFileState, part: ParamPart): Array<Chunk> => {
  const { name, op } = part
  if (!validName.test(name)) throw new NotRun(`the special parameter $${name}`)
  if (op === "") return valueChunk(part, get(state, name) ?? "")
  if (op === "#len") {
    const value = get(state, name) ?? ""
    if (!isAscii(value)) throw new NotRun(`\${#${name}} of non-ASCII text depends on the locale`)
    return valueChunk(part, String(value.length))
  }
  if (/^:?[-=+?]$/.test(op)) return expandDefault(state, part)
  const value = get(state, name) ?? ""
  if (op === "#" || op === "##" || op === "%" || op === "%%") return expandRemoval(state, part, op, value)
  return expandCase(part, value)
}

/** The pieces of a `${NAME#pattern}` pattern: unquoted text (and unquoted `$X`) is active in the pattern. */
const patternPieces = (state: EnvFileState, parts: ReadonlyArray<WordPart>): Array<PatternPiece> => {
  const pieces: Array<PatternPiece> = []
  for (const part of parts) {
    if (part._tag === "Text") pieces.push({ text: part.text, active: !part.quoted })
    else if (part._tag === "Param") pieces.push({ text: chunksText(expandParam(state, part)), active: !part.quoted })
    else pieces.push({ text: chunksText(expandParts(state, [part], false)), active: false })
  }
  return pieces
}

/** An assignment's value: tildes after `=` and `:`, no splitting, no file names. */
export const assignmentValue = (state: EnvFileState, parts: ReadonlyArray<WordPart>): string =>
  chunksText(expandParts(state, tilde(state, parts, true), false))

/** Split chunks into fields at `$IFS` characters of the split chunks; refused where bash would match file names. */
const splitFields = (word: Word, chunks: ReadonlyArray<Chunk>): Array<string> => {
  const out: Array<string> = []
  let current = ""
  let content = false
  for (const chunk of chunks) {
    if (chunk.glob && /[*?[]/.test(chunk.text))
      throw new NotRun(`${word.raw} has an unquoted *, ? or [, which bash matches against file names (quote it)`)
    if (!chunk.split) {
      current += chunk.text
      content = true
      continue
    }
    for (const c of chunk.text) {
      if (ifs.includes(c)) {
        if (content) out.push(current)
        current = ""
        content = false
      } else {
        current += c
        content = true
      }
    }
  }
  if (content) out.push(current)
  return out
}

/** A word as a command's argument: tilde at its start, split into fields, refused where bash would match file names or braces. */
export const fields = (state: EnvFileState, word: Word): Array<string> => {
  const literal = word.parts.map((p) => (p._tag === "Text" && !p.quoted ? p.text : "\0")).join("")
  if (/\{[\s\S]*\}/.test(literal) && /\{[^}]*(,|\.\.)[^{]*\}/.test(literal))
    throw new NotRun(`${word.raw} may be a brace expansion, which is not supported`)
  return splitFields(word, expandParts(state, tilde(state, word.parts, false), false))
}
