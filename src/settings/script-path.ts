/**
 * The script a hook command starts, when its first word is a path: used to
 * warn about scripts that do not exist or are not executable; and the project
 * files a program names (the program, the script an interpreter such as
 * `bash`, `node` or `python3` runs, the code it loads, and the paths in its
 * arguments), which trust records by content hash: of a command hook in
 * either form (`command`, or `command` + `args`), and of an `mcpServers`
 * entry (`command`, `args`, `cwd`).
 *
 * @since 0.1.0
 */
import type { ConfiguredHook } from "./settings-schema.ts"
import type { McpServerConfig } from "./mcp-tool-hook-config.ts"

/**
 * Where `$WAVE_PROJECT_DIR`, `$CLAUDE_PROJECT_DIR` and `~` point.
 *
 * @category models
 * @since 0.1.0
 */
export interface PathContext {
  readonly projectDir: string
  readonly homeDir: string
  /**
   * A plugin hook's folder: `${CLAUDE_PLUGIN_ROOT}` and `${WAVE_PLUGIN_ROOT}`
   * expand to it, and files inside it are the plugin's to trust (since 0.2.0).
   */
  readonly pluginRoot?: string | undefined
  /** A plugin hook's data folder: `${CLAUDE_PLUGIN_DATA}` / `${WAVE_PLUGIN_DATA}` (since 0.2.0). */
  readonly pluginDataDir?: string | undefined
  /** Where relative paths start (an MCP server's `cwd`); default the project directory (since 0.2.0). */
  readonly cwd?: string | undefined
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
  return expanded.startsWith("/")
    ? expanded
    : joinPath(context.cwd ?? context.projectDir, expanded.replace(/^(\.\/)+/, ""))
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

/** Interpreters whose first non-option argument is the script they run, by family. */
const interpreters: { readonly [program: string]: Family } = {
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  dash: "shell",
  ksh: "shell",
  fish: "fish",
  node: "node",
  nodejs: "node",
  bun: "node",
  tsx: "node",
  "ts-node": "node",
  python: "python",
  python2: "python",
  python3: "python",
  ruby: "ruby",
  perl: "perl",
  php: "php",
  lua: "lua"
}

type Family = "shell" | "fish" | "node" | "python" | "ruby" | "perl" | "php" | "lua"

/** Options after which an interpreter runs inline code (the next word), not a script file. */
const inlineOptions: { readonly [family in Family]: ReadonlySet<string> } = {
  shell: new Set(["-c"]),
  fish: new Set(["-c", "--command"]),
  node: new Set(["-e", "--eval", "-p", "--print"]),
  python: new Set(["-c"]),
  ruby: new Set(["-e"]),
  perl: new Set(["-e", "-E"]),
  php: new Set(["-r"]),
  lua: new Set(["-e"])
}

const expandProjectDir = (word: string, context: PathContext): string | undefined => {
  const plugin = (name: string): string | undefined =>
    name.endsWith("ROOT") ? context.pluginRoot : context.pluginDataDir
  const expanded = word
    .replace(/\$\{(WAVE|CLAUDE)_PROJECT_DIR\}|\$(WAVE|CLAUDE)_PROJECT_DIR(?![A-Za-z0-9_])/g, context.projectDir)
    .replace(
      /\$\{((?:WAVE|CLAUDE)_PLUGIN_(?:ROOT|DATA))\}|\$((?:WAVE|CLAUDE)_PLUGIN_(?:ROOT|DATA))(?![A-Za-z0-9_])/g,
      (whole, braced: string | undefined, bare: string | undefined) => plugin((braced ?? bare)!) ?? whole
    )
    .replace(/^~(?=\/|$)/, context.homeDir)
  return expanded.includes("$") || expanded.includes("`") || expanded.length === 0 ? undefined : expanded
}

const isInside = (path: string, dir: string): boolean => {
  const base = dir.replace(/\/+$/, "")
  return path.startsWith(`${base}/`) && !path.slice(base.length).split("/").includes("..")
}

/** Programs that run the program named after their options (`env FOO=1 node x.js`, `exec ./x`). */
const wrappers = new Set(["env", "exec", "command", "nohup", "builtin"])

/** Interpreter options whose value is the next word (code it loads, a file it reads). */
const optionsWithValue = new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "--env-file",
  "-C",
  "--conditions",
  "-W",
  "-X",
  "-o",
  "-O",
  "--rcfile",
  "--init-file",
  "-I",
  "--input-type"
])

const isUrl = (word: string): boolean => /^[A-Za-z][A-Za-z0-9+.-]*:\/\//u.test(word)
const baseName = (word: string): string => word.slice(word.lastIndexOf("/") + 1)
const familyOf = (program: string): Family | undefined =>
  Object.hasOwn(interpreters, program)
    ? interpreters[program]
    : Object.hasOwn(interpreters, program.replace(/[0-9.]+$/, ""))
      ? interpreters[program.replace(/[0-9.]+$/, "")]
      : undefined

/**
 * The files the words of one program name, in order: the program when it is
 * a path; through `env`/`exec`/`nohup`/`command`, the program they run; for
 * an interpreter, the code its options load (`node -r ./x.js`,
 * `--import=./y.mjs`, python's `-m pkg.mod` as `pkg/mod.py` and
 * `pkg/mod/__main__.py`) and the script it runs (a bare `x.py` included),
 * or, for a shell's `-c CODE`, the files CODE names; and every later
 * argument that is a path (holds a `/`; `--opt=./path` too), as the program
 * may read or run it. URLs and `@scope/package` words are not paths.
 */
const filesOfWords = (
  words: ReadonlyArray<string>,
  resolve: (word: string, bareNameIsFile: boolean) => string | undefined,
  inline: (code: string) => ReadonlyArray<string>
): ReadonlyArray<string> => {
  const files: Array<string> = []
  const take = (word: string, bareNameIsFile: boolean) => {
    if (isUrl(word) || word.startsWith("@")) return
    const path = resolve(word, bareNameIsFile)
    if (path !== undefined) files.push(path)
  }
  let index = 0
  if (words[0] === undefined) return []
  take(words[0], false)
  let program = baseName(words[0])
  while (wrappers.has(program) && index + 1 < words.length) {
    index++
    while (index < words.length && (words[index]!.startsWith("-") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index]!)))
      index++
    if (index >= words.length) return files
    take(words[index]!, false)
    program = baseName(words[index]!)
  }
  const family = familyOf(program)
  let scriptFound = family === undefined
  for (let i = index + 1; i < words.length; i++) {
    const word = words[i]!
    if (!scriptFound && family !== undefined) {
      if (word === "--") continue
      const code = words[i + 1]
      if (inlineOptions[family].has(word) || (family === "shell" && /^-[A-Za-z]+$/u.test(word) && word.endsWith("c"))) {
        // Inline code: a shell's names its own files; other languages' code is in the settings file itself.
        if (code !== undefined && (family === "shell" || family === "fish")) files.push(...inline(code))
        scriptFound = true
        i++
        continue
      }
      if (family === "python" && word === "-m" && code !== undefined) {
        // A module is looked up in the working directory first: the project's copy runs.
        const module = code.replace(/\./g, "/")
        take(`${module}.py`, true)
        take(`${module}/__main__.py`, true)
        scriptFound = true
        i++
        continue
      }
      if (word.startsWith("-")) {
        const eq = word.indexOf("=")
        if (eq !== -1) take(word.slice(eq + 1), false)
        else if (optionsWithValue.has(word) && code !== undefined) {
          take(code, false)
          i++
        }
        continue
      }
      take(word, true)
      scriptFound = true
      continue
    }
    const value = word.startsWith("-") ? (word.includes("=") ? word.slice(word.indexOf("=") + 1) : undefined) : word
    if (value?.includes("/")) take(value, false)
  }
  return files
}

const insideAny = (path: string, context: PathContext): boolean =>
  isInside(path, context.projectDir) || (context.pluginRoot !== undefined && isInside(path, context.pluginRoot))

const distinct = (files: ReadonlyArray<string>, context: PathContext): ReadonlyArray<string> =>
  files.filter((path, i) => insideAny(path, context) && files.indexOf(path) === i)

/**
 * The project files a hook command names, as absolute paths: the script it
 * starts when its first word is a path (`./guard.sh`, `.wave/hooks/x`,
 * `$WAVE_PROJECT_DIR/x`, `${CLAUDE_PROJECT_DIR}/x`, `"$CLAUDE_PROJECT_DIR"/x`,
 * a plugin's `"${CLAUDE_PLUGIN_ROOT}"/x`), the script an interpreter runs
 * (`bash ./x.sh`, `node scripts/x.js`, `python3 x.py`, `/usr/bin/env python3
 * x.py`; `-c`/`-e`/`-m` mean there is none, but `bash -c 'CODE'` names what
 * CODE names), the code an interpreter's options load (`node -r ./x.js`), and
 * every later word that is a path (`./guard.sh ./policy.json`); in every
 * simple command of the line (`cd tools && ./guard.sh`, `a; b | c`, `$(d)`). Only paths inside the project directory (or
 * the plugin's folder, for a plugin's hook; by name, the runner also
 * resolves symbolic links) are returned: files elsewhere (`/usr/local/bin/x`,
 * `~/bin/x`) are not the project's to trust.
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
  const files: Array<string> = []
  let cwd = context.cwd ?? context.projectDir
  for (const part of simpleCommandsOf(command)) {
    const words = [...leadingWords(part)]
    while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) words.shift()
    const here = { ...context, cwd }
    const resolve = (word: string, bareNameIsFile: boolean): string | undefined => {
      const expanded = expandProjectDir(word, here)
      if (expanded === undefined || /[*?[]/u.test(expanded) || (!bareNameIsFile && !expanded.includes("/")))
        return undefined
      return expanded.startsWith("/") ? expanded : joinPath(cwd, expanded.replace(/^(\.\/)+/, ""))
    }
    if (words[0] === "cd" && words.length === 2) {
      // `cd tools && ./guard.sh`: the later commands' relative paths start there.
      const dir = resolve(words[1]!, true)
      if (dir !== undefined) cwd = dir.replace(/\/+$/, "") || "/"
      continue
    }
    files.push(...filesOfWords(words, resolve, (code) => projectFilesOf(code, here)))
  }
  return distinct(files, context)
}

/**
 * The simple commands of a command line, split at `;`, `&`, `|`, line
 * breaks, parentheses and backquotes outside quotes (comments left out): each
 * one's words are read by `leadingWords`.
 */
const simpleCommandsOf = (command: string): ReadonlyArray<string> => {
  const parts: Array<string> = []
  let start = 0
  let quote: string | undefined
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!
    if (quote === "'") {
      if (c === "'") quote = undefined
    } else if (c === "\\") i++
    else if (quote === '"') {
      if (c === '"') quote = undefined
    } else if (c === "'" || c === '"') quote = c
    else if (c === "#" && (i === 0 || /[\s;&|()]/u.test(command[i - 1]!))) {
      parts.push(command.slice(start, i))
      const end = command.indexOf("\n", i)
      if (end === -1) return parts.filter((part) => part.trim() !== "")
      i = end
      start = end + 1
    } else if (/[;&|()\n`]/u.test(c)) {
      parts.push(command.slice(start, i))
      start = i + 1
    }
  }
  parts.push(command.slice(start))
  return parts.filter((part) => part.trim() !== "")
}

/**
 * The project files an exec-form program names (`command` + `args`, started
 * without a shell, as a command hook with `args` and an `mcpServers` stdio
 * server run): the same rules as `projectFilesOf`, but every word is taken as
 * written (nothing is expanded: no shell reads it), relative paths from
 * `context.cwd` (default the project directory).
 *
 * For example (a module-private helper, so not a compiled `@example`):
 * ```ts
 * execFilesOf("node", ["./tools/server.mjs", "deny"], { projectDir: "/p", homeDir: "/h" }) // => ["/p/tools/server.mjs"]
 * execFilesOf("bash", ["-c", "./guard.sh --strict"], { projectDir: "/p", homeDir: "/h" }) // => ["/p/guard.sh"]
 * ```
 *
 * @category paths
 * @since 0.2.0
 */
const execFilesOf = (command: string, args: ReadonlyArray<string>, context: PathContext): ReadonlyArray<string> => {
  const resolve = (word: string, bareNameIsFile: boolean): string | undefined => {
    if (word.length === 0 || (!bareNameIsFile && !word.includes("/"))) return undefined
    return word.startsWith("/") ? word : joinPath(context.cwd ?? context.projectDir, word.replace(/^(\.\/)+/, ""))
  }
  return distinct(
    filesOfWords([command, ...args], resolve, (code) => projectFilesOf(code, context)),
    context
  )
}

/**
 * The project files a hook names: a command hook's (`projectFilesOf`, or
 * `execFilesOf` with `args`), with a plugin's folders for a plugin's hook;
 * none for the other types (an `mcp_tool` hook's server is its own entry:
 * `mcpServerFilesOf`).
 *
 * @category paths
 * @since 0.2.0
 */
export const hookFilesOf = (
  hook: Pick<ConfiguredHook, "command" | "args" | "handler" | "plugin">,
  context: PathContext
): ReadonlyArray<string> => {
  if (hook.handler !== undefined) return []
  const own =
    hook.plugin === undefined
      ? context
      : { ...context, pluginRoot: hook.plugin.root, pluginDataDir: hook.plugin.dataDir }
  return hook.args === undefined ? projectFilesOf(hook.command, own) : execFilesOf(hook.command, hook.args, own)
}

/**
 * The folder an `mcpServers` stdio server starts in: its `cwd` (`~/`
 * expanded, relative to the project directory), else the project directory.
 *
 * @category paths
 * @since 0.2.0
 */
export const mcpServerCwdOf = (server: McpServerConfig, context: PathContext): string => {
  if (server.type === "http" || server.cwd === undefined || server.cwd === "") return context.projectDir
  const cwd = server.cwd.replace(/^~(?=\/|$)/, context.homeDir)
  return cwd.startsWith("/") ? cwd : joinPath(context.projectDir, cwd.replace(/^(\.\/)+/, ""))
}

/**
 * The project files an `mcpServers` entry names: for a stdio server, its
 * `cwd` when inside the project, and what its `command` and `args` name
 * (`execFilesOf`, relative to that folder); none for an `http` server.
 *
 * @example
 * ```ts
 * mcpServerFilesOf({ command: "node", args: ["./tools/server.mjs", "deny"] }, { projectDir: "/p", homeDir: "/h" }) // => ["/p/tools/server.mjs"]
 * mcpServerFilesOf({ command: "./server", cwd: "tools" }, { projectDir: "/p", homeDir: "/h" }) // => ["/p/tools", "/p/tools/server"]
 * ```
 *
 * @category paths
 * @since 0.2.0
 */
export const mcpServerFilesOf = (server: McpServerConfig, context: PathContext): ReadonlyArray<string> => {
  if (server.type === "http") return []
  const cwd = mcpServerCwdOf(server, context)
  const own = [
    ...(server.cwd === undefined ? [] : [cwd]),
    ...execFilesOf(server.command, server.args ?? [], { ...context, cwd })
  ]
  return distinct(own, context)
}
