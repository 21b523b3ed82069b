/**
 * The tools of an `agent` hook: read-only views of the project
 * directory (read a file, list a directory, search text), as AI SDK tools.
 * Every path is resolved, symbolic links included, and refused when it leaves
 * the project; nothing is written, run or fetched.
 *
 * @since 0.2.0
 */
import type { Tool } from "ai"
import type * as FsPromises from "node:fs/promises"
import * as path from "node:path"

// ====== Limits ======

/**
 * The caps of the agent hook's tools: bytes read of one file, entries listed
 * of one directory, matches and files searched by one search, and the
 * longest line quoted in a match.
 *
 * @category constants
 * @since 0.2.0
 */
export const agentToolLimits = {
  readBytes: 64 * 1024,
  listEntries: 500,
  searchMatches: 100,
  searchFiles: 5_000,
  /** Directories one search enters (since 0.2.0: a tree of empty directories is bounded too). */
  searchDirectories: 5_000,
  searchFileBytes: 1024 * 1024,
  lineChars: 300
} as const

/**
 * Open flags: read only, never wait (a FIFO swapped in opens at once and is
 * refused by `fstat`), and never follow a symbolic link swapped in for the
 * checked real path.
 */
/** Loaded on use, not at import: the CLI's `run` loads this module and mostly runs no agent hook. */
const fsp = (): typeof FsPromises => process.getBuiltinModule("node:fs/promises")
const readFlags = (): number => {
  const { constants } = process.getBuiltinModule("node:fs")
  return constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0)
}

/** Directories a search does not enter (they are rarely what a hook asks about, and big). */
const skippedDirectories = new Set([".git", "node_modules"])

// ====== Paths ======

/**
 * A path the model gave, resolved inside the project: the real path (symbolic
 * links followed) and the path relative to the project's real path, or why
 * it is refused.
 *
 * @category tools
 * @since 0.2.0
 */
export const resolveInProject = async (
  projectDir: string,
  requested: unknown
): Promise<{ readonly real: string; readonly relative: string } | { readonly refused: string }> => {
  if (typeof requested !== "string")
    return { refused: `expected a path (a string), found ${JSON.stringify(requested)}` }
  if (requested.includes("\u0000")) return { refused: "the path holds a NUL character" }
  const root = await fsp().realpath(projectDir)
  const wanted = path.resolve(root, requested === "" ? "." : requested)
  if (!isInside(root, wanted))
    return {
      refused: `${JSON.stringify(requested)} is outside the project directory; only paths inside it can be read`
    }
  let real: string
  try {
    real = await fsp().realpath(wanted)
  } catch (error) {
    return { refused: `${JSON.stringify(requested)}: ${describeFsError(error)}` }
  }
  if (!isInside(root, real))
    return {
      refused: `${JSON.stringify(requested)} is a symbolic link to a place outside the project directory; it cannot be read`
    }
  return { real, relative: path.relative(root, real) || "." }
}

const isInside = (root: string, candidate: string): boolean => {
  const relative = path.relative(root, candidate)
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))
}

const describeFsError = (error: unknown): string => {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined
  switch (code) {
    case "ENOENT":
      return "no such file or directory"
    case "EACCES":
    case "EPERM":
      return "permission denied"
    case "ENOTDIR":
      return "a part of the path is not a directory"
    case "ELOOP":
      return "too many symbolic links"
    default:
      return error instanceof Error ? error.message : String(error)
  }
}

// ====== Operations ======

/**
 * Read a project file as UTF-8 text, at most `agentToolLimits.readBytes`
 * (the answer says when it was cut). Only regular files are opened, without
 * waiting (a FIFO swapped in is refused, never read).
 *
 * @category tools
 * @since 0.2.0
 */
export const readProjectFile = async (projectDir: string, requested: unknown): Promise<string> => {
  const resolved = await resolveInProject(projectDir, requested)
  if ("refused" in resolved) return `Error: ${resolved.refused}.`
  const stat = await fsp().stat(resolved.real)
  if (!stat.isFile())
    return `Error: ${JSON.stringify(resolved.relative)} is ${stat.isDirectory() ? "a directory (use list_directory)" : "not a regular file"}.`
  const handle = await fsp().open(resolved.real, readFlags())
  try {
    const opened = await handle.stat()
    if (!opened.isFile()) return `Error: ${JSON.stringify(resolved.relative)} is not a regular file.`
    const buffer = Buffer.alloc(Math.min(agentToolLimits.readBytes, opened.size))
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    const text = buffer.subarray(0, bytesRead).toString("utf8")
    return opened.size > bytesRead
      ? `${text}\n[cut: the file has ${opened.size} bytes; only the first ${bytesRead} are shown]`
      : text
  } finally {
    await handle.close()
  }
}

/**
 * List a project directory: one entry a line, sorted, `/` after directories
 * and `@` after symbolic links, at most `agentToolLimits.listEntries`.
 *
 * @category tools
 * @since 0.2.0
 */
export const listProjectDirectory = async (projectDir: string, requested: unknown): Promise<string> => {
  const resolved = await resolveInProject(projectDir, requested ?? ".")
  if ("refused" in resolved) return `Error: ${resolved.refused}.`
  const stat = await fsp().stat(resolved.real)
  if (!stat.isDirectory()) return `Error: ${JSON.stringify(resolved.relative)} is not a directory (use read_file).`
  const entries = (await fsp().readdir(resolved.real, { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  )
  const lines = entries
    .slice(0, agentToolLimits.listEntries)
    .map((e) => `${e.name}${e.isDirectory() ? "/" : e.isSymbolicLink() ? "@" : ""}`)
  if (entries.length > agentToolLimits.listEntries)
    lines.push(`[cut: ${entries.length} entries; only the first ${agentToolLimits.listEntries} are shown]`)
  return lines.length === 0 ? "(empty directory)" : lines.join("\n")
}

/**
 * Search project files under a directory for a literal text (not a regular
 * expression), case-sensitive unless `ignoreCase`: `path:line: text` per
 * match. Skips `.git`, `node_modules`, symbolic links, files over 1 MiB and
 * files with NUL bytes; stops at `agentToolLimits.searchMatches` matches,
 * `searchFiles` files or `searchDirectories` directories, and as soon as
 * `signal` is aborted (the hook timed out or its event was interrupted): a
 * search never goes on walking after its hook is over.
 *
 * @category tools
 * @since 0.2.0
 */
export const searchProjectText = async (
  projectDir: string,
  text: unknown,
  requested: unknown,
  ignoreCase: unknown,
  signal?: AbortSignal
): Promise<string> => {
  if (typeof text !== "string" || text.length === 0) return "Error: give the text to search for (a non-empty string)."
  /** A function, so every check reads the signal now (the walk awaits between checks). */
  const aborted = (): boolean => signal?.aborted === true
  if (aborted()) return stoppedAnswer
  const resolved = await resolveInProject(projectDir, requested ?? ".")
  if ("refused" in resolved) return `Error: ${resolved.refused}.`
  const root = await fsp().realpath(projectDir)
  const needle = ignoreCase === true ? text.toLowerCase() : text
  const matches: Array<string> = []
  let files = 0
  let directories = 0
  let stoppedAt: string | undefined
  const visitFile = async (file: string) => {
    files++
    if (aborted()) return
    const stat = await fsp().stat(file)
    if (!stat.isFile() || stat.size > agentToolLimits.searchFileBytes) return
    const handle = await fsp().open(file, readFlags())
    let content: Buffer
    try {
      const opened = await handle.stat()
      if (!opened.isFile() || opened.size > agentToolLimits.searchFileBytes) return
      content = await handle.readFile()
    } finally {
      await handle.close()
    }
    if (content.includes(0)) return
    const lines = content.toString("utf8").split("\n")
    for (let i = 0; i < lines.length && matches.length < agentToolLimits.searchMatches; i++) {
      const line = lines[i]!
      if ((ignoreCase === true ? line.toLowerCase() : line).includes(needle)) {
        const shown = line.length > agentToolLimits.lineChars ? `${line.slice(0, agentToolLimits.lineChars)}...` : line
        matches.push(`${path.relative(root, file)}:${i + 1}: ${shown}`)
        if (matches.length >= agentToolLimits.searchMatches) stoppedAt ??= `${agentToolLimits.searchMatches} matches`
      }
    }
  }
  const walk = async (dir: string): Promise<void> => {
    if (aborted()) return
    if (directories >= agentToolLimits.searchDirectories)
      return void (stoppedAt ??= `${agentToolLimits.searchDirectories} directories`)
    directories++
    const entries = (await fsp().readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0
    )
    for (const entry of entries) {
      if (aborted()) return
      if (matches.length >= agentToolLimits.searchMatches)
        return void (stoppedAt ??= `${agentToolLimits.searchMatches} matches`)
      if (files >= agentToolLimits.searchFiles) return void (stoppedAt ??= `${agentToolLimits.searchFiles} files`)
      if (directories >= agentToolLimits.searchDirectories)
        return void (stoppedAt ??= `${agentToolLimits.searchDirectories} directories`)
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!skippedDirectories.has(entry.name)) await walk(full)
      } else if (entry.isFile()) {
        await visitFile(full).catch(() => undefined)
      }
    }
  }
  const stat = await fsp().stat(resolved.real)
  if (stat.isDirectory()) await walk(resolved.real)
  else await visitFile(resolved.real)
  if (aborted()) return stoppedAnswer
  if (matches.length === 0) {
    return (
      `No match for ${JSON.stringify(text)} under ${JSON.stringify(resolved.relative)}` +
      (stoppedAt === undefined ? "." : ` [stopped after ${stoppedAt}: search a narrower path]`)
    )
  }
  return stoppedAt === undefined ? matches.join("\n") : `${matches.join("\n")}\n[stopped after ${stoppedAt}]`
}

/** The answer of a search stopped because its hook is over (no model reads it). */
const stoppedAnswer = "Error: the search was stopped: the hook's time is up."

// ====== Tools ======

/**
 * The agent hook's tools over `projectDir`: `read_file`, `list_directory`,
 * `search_text`. Each answers with text; a refused or missing path is an
 * answer that starts with `Error:`, so the model can try another.
 *
 * **Example** (Giving them to a model)
 *
 * ```ts
 * await generateText({ model, tools: await agentTools("/project"), stopWhen: stepCountIs(50), prompt })
 * ```
 *
 * @category tools
 * @since 0.2.0
 */
export const agentTools = async (projectDir: string): Promise<Record<string, Tool>> => {
  const { jsonSchema, tool } = await import("ai")
  const guarded = (run: () => Promise<string>): Promise<string> =>
    run().catch((error: unknown) => `Error: ${describeFsError(error)}.`)
  return {
    read_file: tool({
      description: `Read a text file of the project (paths are relative to the project directory; at most ${agentToolLimits.readBytes / 1024} KiB).`,
      inputSchema: jsonSchema<{ path: string }>({
        type: "object",
        properties: { path: { type: "string", description: "File path, relative to the project directory." } },
        required: ["path"],
        additionalProperties: false
      }),
      execute: (input: { path: string }) => guarded(() => readProjectFile(projectDir, input.path))
    }),
    list_directory: tool({
      description: "List a directory of the project (directories end in /, symbolic links in @).",
      inputSchema: jsonSchema<{ path?: string }>({
        type: "object",
        properties: {
          path: {
            type: "string",
            description: "Directory path, relative to the project directory (default: the project directory)."
          }
        },
        additionalProperties: false
      }),
      execute: (input: { path?: string }) => guarded(() => listProjectDirectory(projectDir, input.path))
    }),
    search_text: tool({
      description:
        "Search the project's text files for a literal string (not a regular expression); answers path:line: text per match.",
      inputSchema: jsonSchema<{ text: string; path?: string; ignoreCase?: boolean }>({
        type: "object",
        properties: {
          text: { type: "string", description: "The text to find." },
          path: {
            type: "string",
            description: "A directory or file to search, relative to the project directory (default: all of it)."
          },
          ignoreCase: { type: "boolean", description: "Match regardless of case." }
        },
        required: ["text"],
        additionalProperties: false
      }),
      // The AI SDK passes the request's abort signal (aborted at the hook's timeout) to each tool call.
      execute: (
        input: { text: string; path?: string; ignoreCase?: boolean },
        options: { readonly abortSignal?: AbortSignal | undefined }
      ) => guarded(() => searchProjectText(projectDir, input.text, input.path, input.ignoreCase, options.abortSignal))
    })
  }
}
