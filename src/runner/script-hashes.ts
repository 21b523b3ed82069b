/**
 * The state of the project files trusted hooks and MCP servers name: what `trust` records next to a settings file's hash, and
 * what the runner compares before it runs a hook or starts a server. Only files inside the project directory after resolving
 * symbolic links are hashed; a name in the project that links out of it is
 * recorded as `outside` (so retargeting the link is a change, but the file it
 * points to is not the project's and is not hashed).
 *
 * @since 0.1.0
 */
import { Effect, FileSystem } from "effect"
import type { ConfiguredHook } from "../settings/settings-schema.ts"
import type { McpServerConfig } from "../settings/mcp-tool-hook-config.ts"
import type { PathContext } from "../settings/script-path.ts"
import { hookFilesOf, mcpServerFilesOf } from "../settings/script-path.ts"
import { sha256OfBytes } from "../settings/trust.ts"

/** Scripts over 16 MiB are not hashed (their state is `too-big`). */
const maxScriptBytes = 16 * 1024 * 1024

const inside = (path: string, dir: string): boolean =>
  dir === "/" ? path.startsWith("/") : path === dir || path.startsWith(`${dir}/`)

/**
 * The state of one project file: the SHA-256 of its content, or `missing`,
 * `outside` (it resolves out of every folder in `realRoots`: the project,
 * and a plugin's folder for a plugin's files), `not-a-file`, `too-big`,
 * `unreadable`. Anything but a regular file is not opened.
 *
 * @category trust
 * @since 0.1.0
 */
const scriptStateOf = (
  path: string,
  realRoots: string | ReadonlyArray<string>
): Effect.Effect<string, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const real = yield* fs.realPath(path).pipe(Effect.result)
    if (real._tag === "Failure") return real.failure.reason._tag === "NotFound" ? "missing" : "unreadable"
    const roots = typeof realRoots === "string" ? [realRoots] : realRoots
    if (!roots.some((root) => inside(real.success, root))) return "outside"
    const info = yield* fs.stat(real.success).pipe(Effect.result)
    if (info._tag === "Failure") return info.failure.reason._tag === "NotFound" ? "missing" : "unreadable"
    if (info.success.type !== "File") return "not-a-file"
    if (Number(info.success.size) > maxScriptBytes) return "too-big"
    const bytes = yield* fs.readFile(real.success).pipe(Effect.result)
    if (bytes._tag === "Failure") return "unreadable"
    return bytes.success.length > maxScriptBytes ? "too-big" : sha256OfBytes(bytes.success)
  })

/**
 * The programs a settings file starts, each with the project files it names:
 * its command hooks (`hookFilesOf`: the command form and the exec form, a
 * plugin's hooks with its folder) and its `mcpServers` stdio entries
 * (`mcpServerFilesOf`: `command`, `args`, `cwd`).
 *
 * @category trust
 * @since 0.2.0
 */
export const programsOf = (
  settings: {
    readonly hooks: ReadonlyArray<ConfiguredHook>
    readonly mcpServers?: { readonly [name: string]: McpServerConfig } | undefined
  },
  context: PathContext
): ReadonlyArray<NamedFiles> =>
  [
    ...settings.hooks.map((hook): NamedFiles => ({ _tag: "Hook", hook, files: hookFilesOf(hook, context) })),
    ...Object.entries(settings.mcpServers ?? {}).map(
      ([name, server]): NamedFiles => ({ _tag: "McpServer", name, files: mcpServerFilesOf(server, context) })
    )
  ].filter((p) => p.files.length > 0)

/**
 * A program a settings file starts and the project files it names: a hook,
 * or an `mcpServers` entry by name.
 *
 * @category models
 * @since 0.2.0
 */
export type NamedFiles =
  | { readonly _tag: "Hook"; readonly hook: ConfiguredHook; readonly files: ReadonlyArray<string> }
  | { readonly _tag: "McpServer"; readonly name: string; readonly files: ReadonlyArray<string> }

/**
 * The states of every project file the programs of a settings file name
 * (`programsOf`), by absolute path. A plugin's hooks' files are hashed when
 * they resolve inside the project or inside that plugin's folder.
 *
 * @category trust
 * @since 0.1.0
 */
export const scriptStatesOf = (
  settings: {
    readonly hooks: ReadonlyArray<ConfiguredHook>
    readonly mcpServers?: { readonly [name: string]: McpServerConfig } | undefined
  },
  context: PathContext
): Effect.Effect<Record<string, string>, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const paths = [...new Set(programsOf(settings, context).flatMap((p) => p.files))]
    const states: Record<string, string> = {}
    if (paths.length === 0) return states
    const fs = yield* FileSystem.FileSystem
    const realOf = (dir: string) => fs.realPath(dir).pipe(Effect.orElseSucceed(() => dir.replace(/\/+$/, "") || "/"))
    const pluginRoots = [...new Set(settings.hooks.flatMap((h) => (h.plugin === undefined ? [] : [h.plugin.root])))]
    const roots = [yield* realOf(context.projectDir), ...(yield* Effect.forEach(pluginRoots, realOf))]
    for (const path of paths) states[path] = yield* scriptStateOf(path, roots)
    return states
  })
