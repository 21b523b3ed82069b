/**
 * The script a hook command starts, when its first word is a path: used to
 * warn about scripts that do not exist or are not executable; and the project
 * files a command names (that script, or the script an interpreter such as
 * `bash`, `node` or `python3` runs), which trust records by content hash.
 *
 * @since 0.1.0
 */

/**
 * Where `$WAVE_PROJECT_DIR`, `$CLAUDE_PROJECT_DIR` and `~` point.
 *
 * @category models
 * @since 0.1.0
 */
export interface PathContext {
  readonly projectDir: string
  readonly homeDir: string
}

const joinPath = (dir: string, rest: string): string =>
  dir.endsWith("/") ? `${dir}${rest.replace(/^\/+/, "")}` : `${dir}/${rest.replace(/^\/+/, "")}`

/**
 * The absolute path of the script a command starts, or `undefined` when the
 * first word is not a path (a program on PATH such as `jq`, an assignment,
 * a variable other than the project directory).
 *
 * **Example** (Expanding the project directory)
 *
 * ```ts
 * scriptPathOf('"$WAVE_PROJECT_DIR"/.wave/hooks/guard.sh --strict', { projectDir: "/p", homeDir: "/h" })
 * // => "/p/.wave/hooks/guard.sh"
 * scriptPathOf("jq -r .tool_name", ctx) // => undefined
 * ```
 *
 * @category paths
 * @since 0.1.0
 */
export const scriptPathOf = (command: string, context: PathContext): string | undefined => {
  const word = leadingWords(command)[0]
  if (word === undefined || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) return undefined
  const expanded = expandProjectDir(word, context)
  if (expanded === undefined || !expanded.includes("/")) return undefined
  return expanded.startsWith("/") ? expanded : joinPath(context.projectDir, expanded.replace(/^(\.\/)+/, ""))
}

/**
 * The words of a command's first simple command, quotes removed, up to the
 * first separator (`;`, `&`, `|`, `<`, `>`, parentheses); a word holding a
 * substitution or a variable other than the project directory stays as
 * written (callers refuse words with `$` or a backquote).
 */
const leadingWords = (command: string): ReadonlyArray<string> => {
  const text = command.trimStart()
  const words: Array<string> = []
  let word = ""
  let inWord = false
  let quote: string | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quote !== undefined) {
      if (c === quote) quote = undefined
      else word += c
    } else if (c === "'" || c === '"') {
      quote = c
      inWord = true
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word)
      word = ""
      inWord = false
    } else if (/;|&|\||<|>|\(|\)/.test(c)) break
    else if (c === "\\" && i + 1 < text.length) {
      word += text[++i]
      inWord = true
    } else {
      word += c
      inWord = true
    }
  }
  if (inWord && quote === undefined) words.push(word)
  return words
}

/** Interpreters whose first non-option argument is the script they run. */
const interpreters = new Set([
  "sh", "bash", "zsh", "dash", "ksh", "fish",
  "node", "nodejs", "bun", "tsx", "ts-node",
  "python", "python2", "python3", "ruby", "perl", "php", "lua"
])

/** Options after which an interpreter runs inline code or a module, not a script file. */
const inlineOptions = new Set(["-c", "-e", "-m", "-p", "--eval", "--print", "-E"])

const expandProjectDir = (word: string, context: PathContext): string | undefined => {
  const expanded = word
    .replace(/\$\{(WAVE|CLAUDE)_PROJECT_DIR\}|\$(WAVE|CLAUDE)_PROJECT_DIR(?![A-Za-z0-9_])/g, context.projectDir)
    .replace(/^~(?=\/|$)/, context.homeDir)
  return expanded.includes("$") || expanded.includes("`") || expanded.length === 0 ? undefined : expanded
}

const isInside = (path: string, dir: string): boolean => {
  const base = dir.replace(/\/+$/, "")
  return path.startsWith(`${base}/`) && !path.slice(base.length).split("/").includes("..")
}

/**
 * The project files a hook command names, as absolute paths: the script it
 * starts when its first word is a path (`./guard.sh`, `.wave/hooks/x`,
 * `$WAVE_PROJECT_DIR/x`, `${CLAUDE_PROJECT_DIR}/x`, `"$CLAUDE_PROJECT_DIR"/x`),
 * and the script an interpreter runs (`bash ./x.sh`, `node scripts/x.js`,
 * `python3 x.py`, `/usr/bin/env python3 x.py`; options before it are skipped,
 * `-c`/`-e`/`-m` mean there is none). Only paths inside the project directory
 * (by name; the runner also resolves symbolic links) are returned: files
 * elsewhere (`/usr/local/bin/x`, `~/bin/x`) are not the project's to trust.
 *
 * **Example** (An interpreter and a script)
 *
 * ```ts
 * projectFilesOf("python3 -u hooks/check.py --strict", { projectDir: "/p", homeDir: "/h" })
 * // => ["/p/hooks/check.py"]
 * ```
 *
 * @category paths
 * @since 0.1.0
 */
export const projectFilesOf = (command: string, context: PathContext): ReadonlyArray<string> => {
  const words = [...leadingWords(command)]
  while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) words.shift()
  const files: Array<string> = []
  const resolve = (word: string, bareNameIsFile: boolean): string | undefined => {
    const expanded = expandProjectDir(word, context)
    if (expanded === undefined || (!bareNameIsFile && !expanded.includes("/"))) return undefined
    return expanded.startsWith("/") ? expanded : joinPath(context.projectDir, expanded.replace(/^(\.\/)+/, ""))
  }
  let index = 0
  const first = words[0]
  if (first === undefined) return []
  const firstPath = resolve(first, false)
  if (firstPath !== undefined) files.push(firstPath)
  let program = first.slice(first.lastIndexOf("/") + 1)
  if (program === "env") {
    index = 1
    while (index < words.length && (words[index]!.startsWith("-") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index]!))) index++
    program = words[index] ?? ""
    program = program.slice(program.lastIndexOf("/") + 1)
  }
  if (interpreters.has(program.replace(/[0-9.]+$/, "")) || interpreters.has(program)) {
    for (let i = index + 1; i < words.length; i++) {
      const word = words[i]!
      if (inlineOptions.has(word)) break
      if (word === "--") continue
      if (word.startsWith("-")) continue
      const path = resolve(word, true)
      if (path !== undefined) files.push(path)
      break
    }
  }
  return files.filter((path, i) => isInside(path, context.projectDir) && files.indexOf(path) === i)
}
