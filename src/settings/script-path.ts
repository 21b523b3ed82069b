/**
 * The script a hook command starts, when its first word is a path: used to
 * warn about scripts that do not exist or are not executable.
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

/**
 * The first word of a shell command, with quotes removed; `undefined` when it
 * cannot be known without running a shell (other variables, substitutions).
 */
const firstWord = (command: string): string | undefined => {
  const text = command.trimStart()
  let word = ""
  let quote: string | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quote !== undefined) {
      if (c === quote) quote = undefined
      else word += c
    } else if (c === "'" || c === '"') quote = c
    else if (/\s|;|&|\||<|>|\(|\)/.test(c)) break
    else if (c === "\\" && i + 1 < text.length) word += text[++i]
    else word += c
  }
  return quote === undefined && word.length > 0 ? word : undefined
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
  const word = firstWord(command)
  if (word === undefined || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) return undefined
  const expanded = word
    .replace(/\$\{(WAVE|CLAUDE)_PROJECT_DIR\}|\$(WAVE|CLAUDE)_PROJECT_DIR(?![A-Za-z0-9_])/g, context.projectDir)
    .replace(/^~(?=\/|$)/, context.homeDir)
  if (expanded.includes("$") || expanded.includes("`") || !expanded.includes("/")) return undefined
  return expanded.startsWith("/") ? expanded : joinPath(context.projectDir, expanded.replace(/^(\.\/)+/, ""))
}
