/**
 * The env file of a hook run (`CLAUDE_ENV_FILE` / `WAVE_ENV_FILE`,
 * ARCHITECTURE section 7): an empty file in a private temporary folder that a
 * SessionStart, Setup, CwdChanged or FileChanged hook may append `export`
 * lines to; read back (bounded, regular files only) after the hook, then
 * removed.
 *
 * @since 0.2.0
 */
import { Effect } from "effect"

/**
 * The events whose hooks get an env file (Claude Code's list). Keyed by name,
 * so events added later need no change here.
 *
 * @category constants
 * @since 0.2.0
 */
export const envFileEvents: ReadonlySet<string> = new Set(["SessionStart", "Setup", "CwdChanged", "FileChanged"])

/**
 * The variables that carry the env file's path to a hook: both names in both
 * dialects, so a Claude Code hook runs unchanged under Wave and the reverse.
 *
 * @category constants
 * @since 0.2.0
 */
export const envFileVariables: ReadonlyArray<string> = ["CLAUDE_ENV_FILE", "WAVE_ENV_FILE"]

/**
 * An env file's text is not read past 1 MiB.
 *
 * @category constants
 * @since 0.2.0
 */
const maxEnvFileBytes = 1024 * 1024

/**
 * An env file: its private folder (mode 0700) and the file (mode 0600).
 *
 * @category models
 * @since 0.2.0
 */
export interface EnvFile {
  readonly dir: string
  readonly path: string
}

type NodeFs = typeof import("node:fs")
const nodeFs = (): NodeFs => process.getBuiltinModule("node:fs")
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Create an empty env file in a new private folder under the system's
 * temporary directory; a problem (no space, no permission) comes back as
 * text.
 *
 * @category env file
 * @since 0.2.0
 */
export const makeEnvFile: Effect.Effect<EnvFile | { readonly problem: string }> = Effect.sync(() => {
  try {
    const fs = nodeFs()
    const os = process.getBuiltinModule("node:os")
    const dir = fs.mkdtempSync(`${os.tmpdir().replace(/\/+$/, "")}/wave-hooks-env-`)
    const path = `${dir}/env`
    fs.writeFileSync(path, "", { mode: 0o600, flag: "wx" })
    return { dir, path }
  } catch (error) {
    return { problem: `the env file could not be created (${messageOf(error)})` }
  }
})

/**
 * Read an env file back: its text, or why it was refused. The hook owns the
 * file while it runs, so it is opened without following a symbolic link and
 * without blocking (`O_NOFOLLOW | O_NONBLOCK`), and anything but a regular
 * file, or more than `maxEnvFileBytes`, is refused unread.
 *
 * @category env file
 * @since 0.2.0
 */
export const readEnvFile = (
  file: EnvFile,
  maxBytes: number = maxEnvFileBytes
): Effect.Effect<{ readonly text: string } | { readonly problem: string }> =>
  Effect.sync(() => {
    const fs = nodeFs()
    const { O_NOCTTY, O_NOFOLLOW, O_NONBLOCK, O_RDONLY } = fs.constants
    let fd: number
    try {
      fd = fs.openSync(file.path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === "ENOENT") return { text: "" }
      return {
        problem:
          code === "ELOOP" ? "it was replaced by a symbolic link" : `it could not be opened (${messageOf(error)})`
      }
    }
    try {
      const info = fs.fstatSync(fd)
      if (!info.isFile()) return { problem: "it was replaced by something that is not a regular file" }
      if (info.size > maxBytes) return { problem: `it holds ${info.size} bytes, over the ${maxBytes}-byte limit` }
      return { text: fs.readFileSync(fd, "utf8") }
    } catch (error) {
      return { problem: `it could not be read (${messageOf(error)})` }
    } finally {
      fs.closeSync(fd)
    }
  })

/**
 * Remove an env file and its folder (whatever the hook left in it).
 *
 * @category env file
 * @since 0.2.0
 */
export const removeEnvFile = (file: EnvFile): Effect.Effect<void> =>
  Effect.sync(() => {
    try {
      nodeFs().rmSync(file.dir, { recursive: true, force: true })
    } catch {
      // A folder that cannot be removed stays in the temporary directory; nothing reads it again.
    }
  })
