/**
 * The audit log (ARCHITECTURE section 8.2): one JSON line per event, appended
 * whole with a single `write(2)` on a file opened `O_APPEND` (mode 0600 when
 * created), so concurrent writers never interleave and a writer killed
 * mid-run never leaves half a line. Only a regular file of the user's is
 * written: never through a symbolic link, never into a FIFO or a device, and
 * a log that cannot be written is a warning, never a changed decision. A line
 * holds labels and tags, never an environment value: values of allowlisted
 * variables that a hook echoed into an effect are replaced by `[redacted
 * NAME]`, and URL credentials are hidden.
 *
 * @since 0.2.0
 */
import { at } from "../core/rule-id.ts"
import { Effect, Schema } from "effect"
import { dirname, isAbsolute, join, sep } from "node:path"
import type { JsonRecord } from "../core/payload.ts"
import type { TracedEffect } from "../core/trace.ts"
import { ShowUser } from "../effects/hook-effect.ts"
import { isBlocking } from "../effects/precedence.ts"
import { hookTypeOf } from "../settings/hook-types.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"
import type { RunHooksResult } from "./run-hooks.ts"
import { redactDeep, redactSecrets } from "./telemetry.ts"

// ====== The line ======

/**
 * One hook that ran, in an audit line.
 *
 * @category schemas
 * @since 0.2.0
 */
export const AuditHook = Schema.Struct({
  /** The settings file (or plugin `hooks.json`) the hook is written in. */
  source: Schema.String,
  /** SHA-256 of that file's content when it was read: which version of the settings ran. */
  hash: Schema.optionalKey(Schema.String),
  /** JSON path of the hook in its file. */
  path: Schema.String,
  scope: Schema.String,
  /** `command`, `http`, `mcp_tool`, `prompt` or `agent`. */
  type: Schema.String,
  /** The command, or the label of another type (`POST <url>`, credentials redacted); secrets replaced. */
  command: Schema.String,
  exitCode: Schema.NullOr(Schema.Number),
  durationMs: Schema.Number,
  timedOut: Schema.Boolean,
  truncated: Schema.Boolean,
  /** The tags of the effects its answer gave (before `combine`). */
  effects: Schema.Array(Schema.String)
})

/**
 * One audit line: `{time, session, event, tool?, projectDir, hooks: [...],
 * effects: [...], blocking, background?}`; `effects` are the final
 * (combined) effects as the agent gets them, strings over 4 KiB cut and
 * secrets replaced.
 *
 * @category schemas
 * @since 0.2.0
 */
export const AuditLine = Schema.Struct({
  /** ISO 8601, UTC. */
  time: Schema.String,
  session: Schema.String,
  event: Schema.String,
  /** The payload's `tool_name`, on tool events. */
  tool: Schema.optionalKey(Schema.String),
  projectDir: Schema.String,
  hooks: Schema.Array(AuditHook),
  effects: Schema.Array(Schema.Unknown),
  /** Whether a blocking effect resulted (the exit status 2 of `run`). */
  blocking: Schema.Boolean,
  /** Commands (labels) of the `async` hooks the event started; their outcome is not in the line. */
  background: Schema.optionalKey(Schema.Array(Schema.String))
})

/**
 * An audit line.
 *
 * @category models
 * @since 0.2.0
 */
export type AuditLine = typeof AuditLine.Type

const maxText = 4096

/** Every string over 4 KiB cut (keys kept). Applied after redaction, so a secret across the cut is already replaced whole. */
const cutStrings = (value: unknown): unknown => {
  if (typeof value === "string")
    return value.length <= maxText ? value : `${value.slice(0, maxText)}... [${value.length - maxText} characters cut]`
  if (Array.isArray(value)) return value.map(cutStrings)
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutStrings(v)]))
  return value
}

/** A text as a line holds it: URL credentials and secrets replaced first, then cut. */
const recorded = (text: string, secrets: ReadonlyArray<{ readonly name: string; readonly value: string }>): string =>
  cutStrings(redactSecrets(text, secrets)) as string

/**
 * The audit line of an event's result. Every text from settings, the payload
 * or a hook's answer has the credentials of its URLs hidden and the values of
 * allowlisted variables replaced (`redactSecrets`) before strings over 4 KiB
 * are cut, so no part of a secret survives a cut.
 *
 * @category audit
 * @since 0.2.0
 */
export const auditLineOf = (input: {
  readonly result: RunHooksResult
  readonly snapshot: SettingsSnapshot
  readonly session: string
  readonly payload: JsonRecord
  readonly projectDir: string
  readonly secrets: ReadonlyArray<{ readonly name: string; readonly value: string }>
  readonly time?: Date
}): AuditLine => {
  const { result, secrets, snapshot } = input
  const hashOf = new Map(snapshot.files.map((f) => [f.file, f.sha256]))
  const tool = input.payload["tool_name"]
  return {
    time: (input.time ?? new Date()).toISOString(),
    session: recorded(input.session, secrets),
    event: result.event,
    ...(typeof tool === "string" ? { tool: recorded(tool, secrets) } : {}),
    projectDir: input.projectDir,
    hooks: result.runs.map(({ effects, hook, run }) => {
      const hash = hashOf.get(hook.file)
      return {
        source: hook.file,
        ...(hash === undefined ? {} : { hash }),
        path: hook.path,
        scope: hook.scope,
        type: hookTypeOf(hook),
        command: recorded(hook.command, secrets),
        exitCode: run.exitCode,
        durationMs: run.durationMs,
        timedOut: run.timedOut,
        truncated: run.truncated === true,
        effects: effects.map((t) => t.effect._tag)
      }
    }),
    effects: cutStrings(redactDeep(result.effects, secrets)) as ReadonlyArray<unknown>,
    blocking: isBlocking(result.effects),
    ...(result.background === undefined || result.background.length === 0
      ? {}
      : { background: result.background.map((b) => recorded(b.hook.command, secrets)) })
  }
}

// ====== Where, and appending ======

/**
 * The audit log file of a run: `explicit` (`--audit-log`,
 * `RunHooksOptions.auditLog`), else the `auditLog` of the managed or user
 * settings, else none. Either way `~`, `~/...` and relative paths are taken
 * from `homeDir`, never from the working directory (since 0.2.0, for
 * `explicit` too): the working directory is usually a project, and a path
 * there could be a link the project planted. With no home directory a
 * relative path stays relative, and `appendAuditLine` refuses it.
 *
 * @category audit
 * @since 0.2.0
 */
export const auditLogPathOf = (
  explicit: string | undefined,
  snapshot: SettingsSnapshot,
  homeDir: string
): string | undefined => {
  const given = explicit !== undefined && explicit !== "" ? explicit : snapshot.auditLog
  if (given === undefined || given === "") return undefined
  if (given === "~") return homeDir
  if (given.startsWith("~/")) return homeDir === "" ? given : join(homeDir, given.slice(2))
  return isAbsolute(given) || homeDir === "" ? given : join(homeDir, given)
}

/**
 * The audit log could not be written: the event's decision stands, the line
 * is lost. `file` is the path, `why` what went wrong and `message` says both
 * and how to fix it.
 *
 * @category errors
 * @since 0.2.0
 */
export class AuditLogNotWritten extends Schema.TaggedError<AuditLogNotWritten>()("AuditLogNotWritten", {
  /** The audit log's path. */
  file: Schema.String,
  /** What went wrong ("it is a symbolic link, ..."). */
  why: Schema.String,
  /** Both, and how to fix it. */
  message: Schema.String
}) {}

const notWritten = (file: string, why: string, fix: string): AuditLogNotWritten =>
  new AuditLogNotWritten({ file, why, message: `The audit log ${file} was not written: ${why}. ${fix}` })

const pointAtFile = "Point --audit-log (or the auditLog setting) at a regular file of yours, or at a new path."

/** Why an `open(2)` of the log failed, and how to fix it. */
const openProblem = (file: string, error: unknown): AuditLogNotWritten => {
  const code = (error as NodeJS.ErrnoException).code
  const message = error instanceof Error ? error.message : String(error)
  switch (code) {
    case "ELOOP":
      return notWritten(
        file,
        "it is a symbolic link, and the audit log is never written through one (a link in a project could point at ~/.bashrc)",
        pointAtFile
      )
    case "EISDIR":
      return notWritten(file, "it is a directory", pointAtFile)
    case "ENXIO":
      return notWritten(file, "it is a FIFO (named pipe) or a device, not a regular file", pointAtFile)
    case "ENOENT":
      return notWritten(
        file,
        "its folder does not exist",
        "Create the folder, or point --audit-log (or the auditLog setting) elsewhere."
      )
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return notWritten(
        file,
        `it cannot be written (${code})`,
        "Fix its permissions, or point --audit-log (or the auditLog setting) elsewhere."
      )
    default:
      return notWritten(file, message, pointAtFile)
  }
}

type NodeFs = typeof import("node:fs")
const nodeFs = (): NodeFs => process.getBuiltinModule("node:fs")

/**
 * Why a log path written inside `projectDir` would land outside it (a folder
 * on the way is a symbolic link out of the project, as a repository can
 * commit `.wave -> ~/.bashrc.d`), or `undefined`. Paths outside the project
 * are the user's own, links and all; a folder that does not exist is left to
 * the open to report.
 */
const linkOutOfProject = (fs: NodeFs, file: string, projectDir: string): string | undefined => {
  const inside = (dir: string, root: string) => dir === root || dir.startsWith(root.endsWith(sep) ? root : root + sep)
  if (!inside(dirname(file), projectDir)) return undefined
  let realFolder: string
  let realProject: string
  try {
    realFolder = fs.realpathSync(dirname(file))
    realProject = fs.realpathSync(projectDir)
  } catch {
    return undefined
  }
  return inside(realFolder, realProject)
    ? undefined
    : `it is inside the project ${projectDir}, but a folder on its way is a symbolic link out of it (to ${realFolder}), which the audit log never follows`
}

/**
 * Open `file` with `flags`, or with `fallback` when `flags` is refused for permissions (EACCES).
 *
 * @internal exported for its tests
 */
export const openOr = (fs: NodeFs, file: string, flags: number, fallback: number): number => {
  try {
    return fs.openSync(file, flags, 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EACCES") throw error
    return fs.openSync(file, fallback, 0o600)
  }
}

const newline = Buffer.from("\n")

/**
 * Append `line` (with its "\n") to the file of `fd`, which was `size` bytes
 * long when looked at, so that it ends up whole on a line of its own; the
 * short write's message if the disk took only part of it.
 *
 * A writer killed in the middle of its write leaves a line without its "\n"
 * (Linux stops a write of more than a page at a page boundary on SIGKILL), as
 * a full disk does: when the file ends so, the line is written after a "\n".
 * When such a writer dies between that look and the write, the line lands
 * glued to the torn one: it is then written again, whole (the glued copy
 * stays, unreadable, on the torn line's line).
 *
 * @internal exported for its tests
 */
export const appendOnALineOfItsOwn = (fs: NodeFs, fd: number, size: number, line: Buffer): string | undefined => {
  let endsTorn = size > 0 && !endsWithNewline(fs, fd, size)
  let before = size
  // Each retry needs another writer killed mid-write in a window of microseconds: three are plenty.
  for (let attempt = 0; attempt < 3; attempt++) {
    const bytes = endsTorn ? Buffer.concat([newline, line]) : line
    const written = fs.writeSync(fd, bytes, 0, bytes.length)
    if (written !== bytes.length) return `only ${written} of ${bytes.length} bytes were written (disk full?)`
    if (endsTorn || !gluedToATornLine(fs, fd, before, line)) return undefined
    before = fs.fstatSync(fd).size
    endsTorn = !endsWithNewline(fs, fd, before)
  }
  return undefined
}

/**
 * Whether `line`, appended to the file of `fd` after it was `size` bytes
 * long, follows something other than a "\n" (it was glued to a torn line).
 * False when it cannot tell: the file cannot be read, or over 1 MiB was
 * appended meanwhile.
 */
const gluedToATornLine = (fs: NodeFs, fd: number, size: number, line: Buffer): boolean => {
  const from = Math.max(0, size - 1)
  const length = fs.fstatSync(fd).size - from
  if (length <= 0 || length > 1 << 20) return false
  const region = Buffer.alloc(length)
  let read: number
  try {
    read = fs.readSync(fd, region, 0, length, from)
  } catch {
    return false
  }
  const at = region.subarray(0, read).indexOf(line, size > 0 ? 1 : 0)
  return at > 0 && region[at - 1] !== 0x0a
}

/** Whether the file of `fd`, `size` bytes long, ends with "\n" (true when it cannot be read: nothing to mend then). */
const endsWithNewline = (fs: NodeFs, fd: number, size: number): boolean => {
  const last = Buffer.alloc(1)
  try {
    return fs.readSync(fd, last, 0, 1, size - 1) !== 1 || last[0] === 0x0a
  } catch {
    return true
  }
}

/**
 * Append `line` as one JSON line to `file` with a single `write(2)` (a second
 * one only to mend a line that landed glued to a torn one, below).
 *
 * **Details**
 *
 * The file is opened `O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK
 * | O_NOCTTY` (`O_WRONLY` for a file the user may not read; mode 0600 when
 * created, an existing file keeps its mode), then
 * checked on the descriptor before anything is written: it must be a regular
 * file owned by the user running wave-hooks. So a symbolic link (even one to
 * a file of the user's), a FIFO, a device or a directory is refused, and the
 * open never blocks. `file` must be absolute (`auditLogPathOf` makes it so).
 * With `projectDir` (since 0.2.0; `recordInAuditLog` gives the event's), a
 * `file` inside the project must stay inside it: a folder on its way that is
 * a symbolic link out of the project is refused.
 * A file that does not end with "\n" (a writer killed in the middle of its
 * write: Linux may stop a write of more than a page at a page boundary, or a
 * full disk) gets one before the line, so the line is whole on a line of its
 * own; the torn line stays as it is.
 * Any failure, a short write included, is an `AuditLogNotWritten` naming the
 * file, why and how to fix it.
 *
 * @category audit
 * @since 0.2.0
 */
export const appendAuditLine = (
  file: string,
  line: AuditLine,
  options: { readonly projectDir?: string } = {}
): Effect.Effect<void, AuditLogNotWritten> =>
  Effect.suspend(() => {
    if (!isAbsolute(file)) {
      return Effect.fail(
        notWritten(
          file,
          "the path is relative and there is no home directory (HOME) to resolve it against",
          "Give an absolute path."
        )
      )
    }
    const fs = nodeFs()
    const linkOut = options.projectDir === undefined ? undefined : linkOutOfProject(fs, file, options.projectDir)
    if (linkOut !== undefined) return Effect.fail(notWritten(file, linkOut, pointAtFile))
    const { O_APPEND, O_CREAT, O_NOCTTY, O_NOFOLLOW, O_NONBLOCK, O_RDWR, O_WRONLY } = fs.constants
    const flags = O_APPEND | O_CREAT | (O_NOFOLLOW ?? 0) | (O_NONBLOCK ?? 0) | (O_NOCTTY ?? 0)
    let fd: number
    try {
      // Read and write, to look at the last byte; a write-only file of the user's is still appended to.
      fd = openOr(fs, file, flags | O_RDWR, flags | O_WRONLY)
    } catch (error) {
      return Effect.fail(openProblem(file, error))
    }
    try {
      const info = fs.fstatSync(fd)
      if (!info.isFile()) {
        const what = info.isFIFO()
          ? "a FIFO (named pipe)"
          : info.isDirectory()
            ? "a directory"
            : info.isSocket()
              ? "a socket"
              : "a device"
        return Effect.fail(notWritten(file, `it is ${what}, not a regular file`, pointAtFile))
      }
      const uid = process.getuid?.()
      if (uid !== undefined && info.uid !== uid) {
        return Effect.fail(notWritten(file, `it belongs to another user (uid ${info.uid}, not ${uid})`, pointAtFile))
      }
      const short = appendOnALineOfItsOwn(fs, fd, info.size, Buffer.from(`${JSON.stringify(line)}\n`, "utf8"))
      return short === undefined ? Effect.void : Effect.fail(notWritten(file, short, "Free some space."))
    } catch (error) {
      return Effect.fail(
        notWritten(
          file,
          error instanceof Error ? error.message : String(error),
          "Check the disk and the file's permissions."
        )
      )
    } finally {
      fs.closeSync(fd)
    }
  })

/**
 * The warning a user gets when the audit log could not be written: a
 * `ShowUser{warning}` saying which file, why, how to fix it, and that the
 * event's decision stands.
 *
 * @category audit
 * @since 0.2.0
 */
export const auditLogWarning = (problem: AuditLogNotWritten): TracedEffect => ({
  effect: ShowUser({
    level: "warning",
    text: `${problem.message} The decision of this event stands; only its audit line is missing.`
  }),
  ...at("run.audit-log", "audit log")
})

/**
 * Record an event's result in the audit log, if there is one
 * (`auditLogPathOf`): the result as it was, or, when the line could not be
 * written, with `auditLogWarning` appended to its effects. The decision is
 * never changed (a block still blocks), and nothing waits on the file.
 *
 * @category audit
 * @since 0.2.0
 */
export const recordInAuditLog = (
  result: RunHooksResult,
  input: {
    readonly explicit: string | undefined
    readonly snapshot: SettingsSnapshot
    readonly homeDir: string
    readonly session: string
    readonly payload: JsonRecord
    readonly projectDir: string
    readonly secrets: ReadonlyArray<{ readonly name: string; readonly value: string }>
  }
): Effect.Effect<RunHooksResult> => {
  const file = auditLogPathOf(input.explicit, input.snapshot, input.homeDir)
  if (file === undefined) return Effect.succeed(result)
  const line = auditLineOf({ result, ...input })
  return appendAuditLine(file, line, { projectDir: input.projectDir }).pipe(
    Effect.as(result),
    Effect.catchTag("AuditLogNotWritten", (problem) => {
      const warning = auditLogWarning(problem)
      return Effect.succeed({
        ...result,
        effects: [...result.effects, warning.effect],
        traced: [...result.traced, warning]
      })
    })
  )
}
