/**
 * Reading the file a SessionStart, Setup, CwdChanged or FileChanged hook
 * appends `export` lines to (`CLAUDE_ENV_FILE` / `WAVE_ENV_FILE`,
 * ARCHITECTURE section 7): the subset of shell a hook writes there, read
 * without running a shell. Pure.
 *
 * @since 0.2.0
 */

/**
 * A line of an env file that could not be read, with why.
 *
 * @category models
 * @since 0.2.0
 */
export interface EnvFileProblem {
  /** 1-based line number. */
  readonly line: number
  /** The line as written. */
  readonly text: string
  readonly problem: string
}

/**
 * What an env file sets, in order (a name set twice keeps the later value),
 * and the lines that could not be read.
 *
 * @category models
 * @since 0.2.0
 */
export interface EnvFileContent {
  readonly variables: { readonly [name: string]: string }
  readonly problems: ReadonlyArray<EnvFileProblem>
}

class Unreadable {
  readonly problem: string
  constructor(problem: string) {
    this.problem = problem
  }
}

const nameStart = /[A-Za-z_]/
const nameChar = /[A-Za-z0-9_]/
const operators = new Set(["|", "&", "<", ">", "(", ")", "`"])

/**
 * Parse the text of an env file.
 *
 * **Details**
 *
 * Each statement is `export NAME=value ...`, `NAME=value`, `export NAME`
 * (exports an inherited variable), or what `export -p` prints (`declare -x
 * NAME="value"` in bash, `export NAME='value'` in sh), `$'...'` included. Values follow shell quoting: `'...'`
 * literal, `"..."` with `\"`, `\\`, `\$` and `` \` `` escapes, a backslash
 * outside quotes escaping the next character, quotes spanning lines. `$NAME`,
 * `${NAME}`, `${NAME:-word}` and `${NAME-word}` expand from the variables set
 * earlier in the file, then from `inherited` (unset: empty), so
 * `export PATH="$PATH:/opt/bin"` works. Blank lines, comments and `;` between
 * statements are skipped. Anything else (command substitution, pipes, other
 * commands such as `source`) is not run: the line is reported as a problem and
 * skipped, and the other lines still count.
 *
 * **Example** (Quoting and expansion)
 *
 * ```ts
 * parseEnvFileText(`export A='x y'\nexport PATH="$PATH:/opt"\n`, { PATH: "/bin" })
 * // => { variables: { A: "x y", PATH: "/bin:/opt" }, problems: [] }
 * ```
 *
 * @category parsing
 * @since 0.2.0
 */
export const parseEnvFileText = (
  text: string,
  inherited: { readonly [name: string]: string | undefined }
): EnvFileContent => {
  const variables: Record<string, string> = {}
  const problems: Array<EnvFileProblem> = []
  const lines = text.split("\n")
  let i = 0
  let line = 1
  const at = (k = 0): string => text.charAt(i + k)
  const lookup = (name: string): string =>
    Object.hasOwn(variables, name) ? variables[name]! : (Object.hasOwn(inherited, name) ? inherited[name] : undefined) ?? ""
  const readName = (): string | undefined => {
    if (!nameStart.test(at())) return undefined
    let name = ""
    while (i < text.length && nameChar.test(at())) name += text[i++]
    return name
  }
  const expand = (): string => {
    // at "$"
    i++
    if (at() === "{") {
      i++
      const name = readName()
      if (name === undefined) throw new Unreadable("a ${...} expansion without a variable name")
      if (at() === "}") {
        i++
        return lookup(name)
      }
      const colon = at() === ":" && at(1) === "-"
      if (colon || at() === "-") {
        i += colon ? 2 : 1
        let word = ""
        while (i < text.length && at() !== "}") {
          if (at() === "\n" || at() === "$" || at() === "`" || at() === "\"" || at() === "'") throw new Unreadable("a default value that is not plain text")
          word += text[i++]
        }
        if (at() !== "}") throw new Unreadable("an unclosed ${")
        i++
        const value = Object.hasOwn(variables, name) ? variables[name] : inherited[name]
        return value === undefined || (colon && value === "") ? word : value
      }
      throw new Unreadable(`\${${name}${at()}...} is not supported (only \${NAME}, \${NAME:-word}, \${NAME-word})`)
    }
    if (at() === "(") throw new Unreadable("command substitution $(...) is not run")
    const name = readName()
    return name === undefined ? "$" : lookup(name)
  }
  /** `$'...'` (bash's ANSI-C quoting, which `declare -p` uses for control characters). */
  const readAnsiC = (): string => {
    i += 2
    let out = ""
    const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", v: "\v", "\\": "\\", "'": "'", "\"": "\"", "?": "?" }
    for (;;) {
      if (i >= text.length) throw new Unreadable("an unclosed $' quote")
      const c = at()
      if (c === "'") {
        i++
        return out
      }
      if (c !== "\\") {
        if (c === "\n") line++
        out += c
        i++
        continue
      }
      const e = at(1)
      if (Object.hasOwn(simple, e)) {
        out += simple[e]
        i += 2
      } else if (e === "x" && /^[0-9A-Fa-f]{1,2}/.test(text.slice(i + 2, i + 4))) {
        const hex = /^[0-9A-Fa-f]{1,2}/.exec(text.slice(i + 2, i + 4))![0]
        out += String.fromCharCode(parseInt(hex, 16))
        i += 2 + hex.length
      } else if (/[0-7]/.test(e)) {
        const oct = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4))![0]
        out += String.fromCharCode(parseInt(oct, 8))
        i += 1 + oct.length
      } else {
        out += c + e
        i += 2
      }
    }
  }
  /** One word: quoted and unquoted parts up to white space, `;`, a newline or the end. */
  const readWord = (): string => {
    let word = ""
    while (i < text.length) {
      const c = at()
      if (c === " " || c === "\t" || c === ";" || c === "\n" || c === "\r") break
      if (operators.has(c)) throw new Unreadable(`${c === "`" ? "command substitution" : `the shell operator ${c}`} is not run`)
      if (c === "'") {
        const end = text.indexOf("'", i + 1)
        if (end === -1) throw new Unreadable("an unclosed ' quote")
        const part = text.slice(i + 1, end)
        line += part.split("\n").length - 1
        word += part
        i = end + 1
      } else if (c === "\"") {
        i++
        for (;;) {
          if (i >= text.length) throw new Unreadable("an unclosed \" quote")
          const d = at()
          if (d === "\"") {
            i++
            break
          }
          if (d === "\\") {
            const e = at(1)
            if (e === "\n") {
              line++
              i += 2
            } else if (e === "\"" || e === "\\" || e === "$" || e === "`") {
              word += e
              i += 2
            } else {
              word += d
              i++
            }
          } else if (d === "$") word += expand()
          else if (d === "`") throw new Unreadable("command substitution is not run")
          else {
            if (d === "\n") line++
            word += d
            i++
          }
        }
      } else if (c === "\\") {
        const e = at(1)
        if (e === "\n") line++
        else word += e
        i += 2
      } else if (c === "$" && at(1) === "'") word += readAnsiC()
      else if (c === "$") word += expand()
      else {
        word += c
        i++
      }
    }
    return word
  }
  const skipBlanks = (): void => {
    while (at() === " " || at() === "\t" || at() === "\r") i++
  }
  const skipRestOfLine = (): void => {
    while (i < text.length && at() !== "\n") i++
  }

  while (i < text.length) {
    skipBlanks()
    if (i >= text.length) break
    const c = at()
    if (c === "\n") {
      i++
      line++
      continue
    }
    if (c === ";") {
      i++
      continue
    }
    if (c === "#") {
      skipRestOfLine()
      continue
    }
    const startLine = line
    /** The previous value (or absence) of each name this statement sets, to undo it on a problem. */
    const set: Array<readonly [string, string | undefined]> = []
    const assign = (name: string, value: string): void => {
      set.push([name, Object.hasOwn(variables, name) ? variables[name] : undefined])
      variables[name] = value
    }
    try {
      let exported = false
      const keyword = /^(export|declare|typeset)[ \t]/.exec(text.slice(i, i + 9))
      if (keyword !== null) {
        exported = true
        i += keyword[1]!.length
        skipBlanks()
        // `declare -x NAME="value"` is what bash's `export -p` prints; options other than exporting ones are not variables.
        while (at() === "-") {
          let option = ""
          while (i < text.length && !/[ \t\r\n;]/.test(at())) option += text[i++]
          if (keyword[1] === "export" ? option !== "-p" && option !== "--" : /[fFn]/.test(option)) {
            throw new Unreadable(`${keyword[1]} ${option} does not set a variable`)
          }
          skipBlanks()
        }
      }
      let assignments = 0
      while (i < text.length && at() !== "\n" && at() !== ";" && at() !== "#") {
        const name = readName()
        if (name === undefined) throw new Unreadable("expected export NAME=value or NAME=value")
        if (at() === "=") {
          i++
          assign(name, readWord())
        } else if (exported && (i >= text.length || /[ \t\r\n;]/.test(at()))) {
          const value = inherited[name]
          if (value !== undefined && !Object.hasOwn(variables, name)) assign(name, value)
        } else throw new Unreadable(exported ? `"${name}${at()}..." is not NAME=value` : "expected export NAME=value or NAME=value")
        assignments++
        skipBlanks()
      }
      if (assignments === 0) throw new Unreadable("export without a variable")
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error
      problems.push({ line: startLine, text: lines[startLine - 1] ?? "", problem: error.problem })
      // A problem leaves the whole statement unset; read on from the next line.
      for (const [name, previous] of set.reverse()) {
        if (previous === undefined) delete variables[name]
        else variables[name] = previous
      }
      skipRestOfLine()
    }
  }
  return { variables, problems }
}
