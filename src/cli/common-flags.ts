/**
 * Flags shared by the commands that read settings.
 *
 * @since 0.1.0
 */
import { Effect, FileSystem, Option } from "effect"
import type { Dialect } from "../core/dialect.ts"
import { dialects } from "../core/dialect.ts"
import { resolve } from "node:path"
import { FlagSpec } from "./flag-spec.ts"
import { UsageError } from "./usage-error.ts"

/**
 * `--project-dir DIR` (default: the current directory), `--dialect` and
 * `--plugin-dir DIR` (repeatable) (plain specs: `toEffectParams` makes the
 * effect/cli flags).
 *
 * @category flags
 * @since 0.1.0
 */
export const settingsParams = {
  projectDir: FlagSpec.optionalString("project-dir", "The project directory (default: the current directory)", "DIR"),
  dialect: FlagSpec.choice(
    "dialect",
    ["auto", ...dialects] as const,
    "auto",
    "auto (default: both .wave/ and .claude/ settings, each file in the dialect it is written for), wave (.wave/ settings only) or claude-code (.claude/ settings only)"
  ),
  pluginDir: FlagSpec.strings(
    "plugin-dir",
    "A plugin folder whose hooks/hooks.json hooks run after the settings files' (repeatable; trusted like your user settings)",
    "DIR"
  )
}

/**
 * The dialect `--dialect` forces, or `undefined` for `auto` (both dialects'
 * settings, each file in its own; ARCHITECTURE section 7).
 *
 * @category flags
 * @since 0.2.0
 */
export const dialectOverride = (flag: "auto" | Dialect): { readonly dialect?: Dialect } =>
  flag === "auto" ? {} : { dialect: flag }

/**
 * The absolute project directory; fails when it is not a directory.
 *
 * @category flags
 * @since 0.1.0
 */
export const resolveProjectDir = (
  flag: Option.Option<string>,
  usage: string,
  exitStatus?: number
): Effect.Effect<string, UsageError, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const dir = resolve(Option.getOrElse(flag, () => process.cwd()))
    const fs = yield* FileSystem.FileSystem
    const info = yield* fs.stat(dir).pipe(Effect.result)
    if (info._tag === "Failure" || info.success.type !== "Directory") {
      return yield* new UsageError({
        message: `--project-dir ${dir} is not a directory. Pass the folder that holds .wave/ (or .claude/).`,
        usage,
        ...(exitStatus === undefined ? {} : { exitStatus })
      })
    }
    return dir
  })

/**
 * The `--plugin-dir` folders, absolute (relative ones from the current
 * directory); a usage error names one that is not a folder.
 *
 * @category flags
 * @since 0.2.0
 */
export const resolvePluginDirs = (
  dirs: ReadonlyArray<string>,
  usage: string,
  exitStatus?: number
): Effect.Effect<ReadonlyArray<string>, UsageError, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const resolved: Array<string> = []
    for (const given of dirs) {
      const dir = resolve(given)
      const info = yield* fs.stat(dir).pipe(Effect.result)
      if (info._tag === "Failure" || info.success.type !== "Directory") {
        return yield* new UsageError({
          message: `--plugin-dir ${dir} is not a folder. Pass a plugin's folder (the one that holds hooks/hooks.json).`,
          usage,
          ...(exitStatus === undefined ? {} : { exitStatus })
        })
      }
      resolved.push(dir)
    }
    return resolved
  })

/**
 * The user's home directory (where user settings live).
 *
 * @category flags
 * @since 0.1.0
 */
export const homeDir = (): string => process.env["HOME"] ?? ""

/**
 * `--audit-log FILE` of `run`, `serve` and `mcp-proxy`: one JSON line per
 * event (ARCHITECTURE section 8.2). A relative FILE is taken from the home
 * directory, not the working directory (usually a project, where a path could
 * be a link the project planted).
 *
 * @category flags
 * @since 0.2.0
 */
export const auditLogParams = {
  auditLog: FlagSpec.optionalString(
    "audit-log",
    "Append one JSON line per hook event to FILE: absolute, or relative to your home directory (~), never the current one; " +
      "a regular file of yours (mode 0600 when created), never a symbolic link, FIFO or device; " +
      "if it cannot be written you get a warning and the decision stands (default: the user settings' auditLog)",
    "FILE"
  )
}
