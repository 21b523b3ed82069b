/**
 * The state of the project files trusted hooks name (issue 11): what `trust`
 * records next to a settings file's hash, and what the runner compares before
 * it runs a hook. Only files inside the project directory after resolving
 * symbolic links are hashed; a name in the project that links out of it is
 * recorded as `outside` (so retargeting the link is a change, but the file it
 * points to is not the project's and is not hashed).
 *
 * @since 0.1.0
 */
import { Effect, FileSystem } from "effect"
import type { ConfiguredHook } from "../settings/settings-schema.ts"
import type { PathContext } from "../settings/script-path.ts"
import { projectFilesOf } from "../settings/script-path.ts"
import { sha256OfBytes } from "../settings/trust.ts"

/** Scripts over 16 MiB are not hashed (their state is `too-big`). */
const maxScriptBytes = 16 * 1024 * 1024

const inside = (path: string, dir: string): boolean => dir === "/" ? path.startsWith("/") : path === dir || path.startsWith(`${dir}/`)

/**
 * The state of one project file: the SHA-256 of its content, or `missing`,
 * `outside` (it resolves out of the project), `not-a-file`, `too-big`,
 * `unreadable`. Anything but a regular file is not opened.
 *
 * @category trust
 * @since 0.1.0
 */
export const scriptStateOf = (path: string, realProjectDir: string): Effect.Effect<string, never, FileSystem.FileSystem> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const real = yield* fs.realPath(path).pipe(Effect.result)
    if (real._tag === "Failure") return real.failure.reason._tag === "NotFound" ? "missing" : "unreadable"
    if (!inside(real.success, realProjectDir)) return "outside"
    const info = yield* fs.stat(real.success).pipe(Effect.result)
    if (info._tag === "Failure") return info.failure.reason._tag === "NotFound" ? "missing" : "unreadable"
    if (info.success.type !== "File") return "not-a-file"
    if (Number(info.success.size) > maxScriptBytes) return "too-big"
    const bytes = yield* fs.readFile(real.success).pipe(Effect.result)
    if (bytes._tag === "Failure") return "unreadable"
    return bytes.success.length > maxScriptBytes ? "too-big" : sha256OfBytes(bytes.success)
  })

/**
 * The states of every project file the hooks name (`projectFilesOf`), by
 * absolute path.
 *
 * @category trust
 * @since 0.1.0
 */
export const scriptStatesOf = (
  hooks: ReadonlyArray<Pick<ConfiguredHook, "command" | "handler">>,
  context: PathContext
): Effect.Effect<Record<string, string>, never, FileSystem.FileSystem> =>
  Effect.gen(function*() {
    const paths = [...new Set(hooks.flatMap((h) => (h.handler === undefined ? projectFilesOf(h.command, context) : [])))]
    const states: Record<string, string> = {}
    if (paths.length === 0) return states
    const fs = yield* FileSystem.FileSystem
    const realProjectDir = yield* fs.realPath(context.projectDir).pipe(Effect.orElseSucceed(() => context.projectDir.replace(/\/+$/, "") || "/"))
    for (const path of paths) states[path] = yield* scriptStateOf(path, realProjectDir)
    return states
  })
