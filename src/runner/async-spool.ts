/**
 * The async spool: where a one-shot `run`'s background (`async`,
 * `asyncRewake`) hooks leave their results for the next `run` of the same
 * session (ARCHITECTURE section 7, "Background hooks of a one-shot run").
 *
 * **Layout**
 *
 * `$XDG_STATE_HOME/wave-hooks/async/` (else `~/.local/state/wave-hooks/async/`)
 * holds one folder per session, named by the SHA-256 of its `session_id`
 * (so no session id, whatever it holds, names a path), and `jobs/`, the
 * worker's orders. Every folder is the user's own, mode 0700, and never a
 * symbolic link; every file is written whole (a temp file, then a rename),
 * mode 0600, opened without following links, and read only when it is a
 * regular file of the user's. A result is claimed by a rename before it is
 * read and removed once read, so two runs never deliver it twice; a session
 * folder is removed once empty, and any folder untouched for a day expires.
 *
 * @since 0.2.0
 */
import { Effect, Schema } from "effect"
import { isAbsolute, join } from "node:path"
import { HookEvent } from "../core/events.ts"
import type { HookEffect, HookEffectTag } from "../effects/hook-effect.ts"
import { HookEffect as HookEffectSchema } from "../effects/hook-effect.ts"
import { sha256Of } from "../settings/trust.ts"

// ====== Where ======

/**
 * The spool folder of the user whose environment is `env`:
 * `$XDG_STATE_HOME/wave-hooks/async` when `XDG_STATE_HOME` is an absolute
 * path (the XDG rule: a relative one is ignored), else
 * `$HOME/.local/state/wave-hooks/async`; `undefined` without either.
 *
 * @category spool
 * @since 0.2.0
 */
export const asyncSpoolDirOf = (env: { readonly [name: string]: string | undefined }): string | undefined => {
  const state = env["XDG_STATE_HOME"]
  if (state !== undefined && isAbsolute(state)) return join(state, "wave-hooks", "async")
  const home = env["HOME"]
  return home !== undefined && isAbsolute(home) ? join(home, ".local", "state", "wave-hooks", "async") : undefined
}

/**
 * The folder name of a session in the spool: `s-` and the SHA-256 of its
 * `session_id` in hex. A session id cannot reach outside the spool (`../..`,
 * `/`, NUL), and two ids never share a folder (not even ids that differ only
 * by case, on a case-insensitive file system). The hash is the pure
 * JavaScript one of the trust store: `run` does not load `node:crypto`.
 *
 * @category spool
 * @since 0.2.0
 */
export const sessionFolderOf = (sessionId: string): string => `s-${sha256Of(sessionId)}`

/** Where the worker's orders wait for it. */
const jobsFolder = "jobs"

/** A day: a folder nobody touched for longer expires. */
const expiryMs = 24 * 60 * 60 * 1000

/** An hour: a job no worker picked up, a temp or claimed file left by a crash. */
const leftoverMs = 60 * 60 * 1000

/** The biggest spool file read (a result holds capped texts; a bigger file is not ours). */
const maxFileBytes = 16 * 1024 * 1024

// ====== Errors ======

/**
 * The spool could not be used: `path` is the folder or file, `why` what is
 * wrong, `message` both and how to fix it.
 *
 * @category errors
 * @since 0.2.0
 */
export class AsyncSpoolUnusable extends Schema.TaggedError<AsyncSpoolUnusable>()("AsyncSpoolUnusable", {
  /** The folder or file. */
  path: Schema.String,
  /** What is wrong ("it is a symbolic link"). */
  why: Schema.String,
  /** Both, and how to fix it. */
  message: Schema.String
}) {}

const unusable = (path: string, why: string, fix: string): AsyncSpoolUnusable =>
  new AsyncSpoolUnusable({ path, why, message: `The async spool ${path} cannot be used: ${why}. ${fix}` })

const fixFolder = "Remove it (wave-hooks recreates it, private), or set XDG_STATE_HOME to a folder of yours."

type NodeFs = typeof import("node:fs")
const nodeFs = (): NodeFs => process.getBuiltinModule("node:fs")

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * 16 hex digits for a spool file's name. Only uniqueness matters (every file
 * is created with `O_EXCL` in a folder no one else can write), so
 * `Math.random` serves, and `run` does not load `node:crypto`.
 */
const randomName = (): string => {
  const part = () =>
    Math.floor(Math.random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, "0")
  return part() + part()
}

// ====== Private folders and whole files ======

/**
 * Why `path` is not a private folder of the user's (`undefined`: it is, now).
 * A folder of the user's with group or other bits is made 0700; a link, a
 * file or another user's folder is refused.
 */
const privateFolderProblem = (fs: NodeFs, path: string): string | undefined => {
  const info = fs.lstatSync(path)
  if (info.isSymbolicLink()) return "it is a symbolic link, and the spool never follows one"
  if (!info.isDirectory()) return "it is not a folder"
  const uid = process.getuid?.()
  if (uid !== undefined && info.uid !== uid) return `it belongs to another user (uid ${info.uid}, not ${uid})`
  if ((info.mode & 0o077) !== 0) fs.chmodSync(path, 0o700)
  return undefined
}

/** Create (mode 0700) or check each of `folders`, outermost first; the parent of the first is created if missing. */
const ensurePrivateFolders = (folders: ReadonlyArray<string>): Effect.Effect<void, AsyncSpoolUnusable> =>
  Effect.suspend(() => {
    const fs = nodeFs()
    const first = folders[0]
    if (first === undefined) return Effect.void
    try {
      fs.mkdirSync(join(first, ".."), { recursive: true, mode: 0o700 })
    } catch (error) {
      return Effect.fail(
        unusable(
          join(first, ".."),
          `it cannot be created (${messageOf(error)})`,
          "Set XDG_STATE_HOME (or HOME) to a folder you can write."
        )
      )
    }
    for (const folder of folders) {
      try {
        fs.mkdirSync(folder, { mode: 0o700 })
      } catch (error) {
        if (errorCode(error) !== "EEXIST") {
          return Effect.fail(
            unusable(
              folder,
              `it cannot be created (${messageOf(error)})`,
              "Set XDG_STATE_HOME (or HOME) to a folder you can write."
            )
          )
        }
      }
      try {
        const problem = privateFolderProblem(fs, folder)
        if (problem !== undefined) return Effect.fail(unusable(folder, problem, fixFolder))
      } catch (error) {
        return Effect.fail(unusable(folder, messageOf(error), fixFolder))
      }
    }
    return Effect.void
  })

/** The spool's own folders down to `leaf` (a name in the spool): the `wave-hooks` folder, the spool, the leaf. */
const foldersTo = (spoolDir: string, leaf?: string): ReadonlyArray<string> => [
  join(spoolDir, ".."),
  spoolDir,
  ...(leaf === undefined ? [] : [join(spoolDir, leaf)])
]

/**
 * Write `text` to `folder/name` whole: a temp file created exclusively
 * (`O_EXCL | O_NOFOLLOW`, mode 0600), then renamed over the name. A reader
 * sees the old file, the new one, or none; never a part.
 */
const writeWhole = (folder: string, name: string, text: string): Effect.Effect<string, AsyncSpoolUnusable> =>
  Effect.suspend(() => {
    const fs = nodeFs()
    const { O_CREAT, O_EXCL, O_NOFOLLOW, O_WRONLY } = fs.constants
    const temp = join(folder, `.tmp-${process.pid}-${randomName()}`)
    const target = join(folder, name)
    const bytes = Buffer.from(text, "utf8")
    let fd: number | undefined
    try {
      fd = fs.openSync(temp, O_WRONLY | O_CREAT | O_EXCL | (O_NOFOLLOW ?? 0), 0o600)
      let written = 0
      while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written)
      fs.closeSync(fd)
      fd = undefined
      fs.renameSync(temp, target)
      return Effect.succeed(target)
    } catch (error) {
      if (fd !== undefined) fs.closeSync(fd)
      try {
        fs.unlinkSync(temp)
      } catch {
        // Not created, or already renamed.
      }
      return Effect.fail(
        unusable(target, `it cannot be written (${messageOf(error)})`, "Check the disk and the folder's permissions.")
      )
    }
  })

/**
 * The text of a spool file, read without following a link, only when it is a
 * regular file of the user's and not too big; `Error` says why not.
 */
const readOwnFile = (fs: NodeFs, path: string): string | Error => {
  const { O_NOFOLLOW, O_NONBLOCK, O_RDONLY } = fs.constants
  let fd: number
  try {
    fd = fs.openSync(path, O_RDONLY | (O_NOFOLLOW ?? 0) | (O_NONBLOCK ?? 0))
  } catch (error) {
    return new Error(errorCode(error) === "ELOOP" ? "it is a symbolic link" : messageOf(error))
  }
  try {
    const info = fs.fstatSync(fd)
    if (!info.isFile()) return new Error("it is not a regular file")
    const uid = process.getuid?.()
    if (uid !== undefined && info.uid !== uid) return new Error(`it belongs to another user (uid ${info.uid})`)
    if (info.size > maxFileBytes)
      return new Error(`it is ${info.size} bytes, more than the ${maxFileBytes} a spool file may hold`)
    return fs.readFileSync(fd, "utf8")
  } catch (error) {
    return new Error(messageOf(error))
  } finally {
    fs.closeSync(fd)
  }
}

// ====== Results ======

/**
 * The effects a spooled result may deliver: context, feedback to the model,
 * messages and diagnostics. Nothing else is ever read from the spool: an
 * entry cannot allow, deny or change a tool call.
 *
 * @category spool
 * @since 0.2.0
 */
const deliverableTags: ReadonlySet<HookEffectTag> = new Set(["InjectContext", "PromptModel", "ShowUser", "Diagnostic"])

/**
 * Schema of a finished background hook's result in the spool (JSON, one file
 * each): the event it ran for, the hook, how it ended and the effects for
 * the next run of its session (`deliverableTags` only).
 *
 * @category spool
 * @since 0.2.0
 */
export const SpooledResult = Schema.Struct({
  version: Schema.Literal(1),
  event: HookEvent,
  /** The hook's command (URLs' credentials redacted). */
  command: Schema.String,
  /** Its handler type (`command`, `http`, ...). */
  type: Schema.String,
  /** The settings file and JSON path of the hook. */
  file: Schema.String,
  path: Schema.String,
  exitCode: Schema.NullOr(Schema.Number),
  durationMs: Schema.Number,
  timedOut: Schema.Boolean,
  /** When it finished (ISO 8601). */
  finishedAt: Schema.String,
  effects: Schema.Array(Schema.Unknown),
  /** An `asyncRewake` hook that exited 2: the text the agent is woken with. */
  wake: Schema.optionalKey(Schema.String)
})

/**
 * A finished background hook's result, as spooled.
 *
 * @category spool
 * @since 0.2.0
 */
export interface SpooledResult extends Omit<typeof SpooledResult.Type, "effects"> {
  readonly effects: ReadonlyArray<HookEffect>
}

/**
 * Keep a finished background hook's result for the next run of `sessionId`:
 * written whole into the session's private folder (created if needed).
 *
 * @category spool
 * @since 0.2.0
 */
export const spoolResult = (
  spoolDir: string,
  sessionId: string,
  result: SpooledResult
): Effect.Effect<void, AsyncSpoolUnusable> => {
  const folder = sessionFolderOf(sessionId)
  // A run that delivered the session's last result removes its folder: then create it again, and write again.
  const attempt = ensurePrivateFolders(foldersTo(spoolDir, folder)).pipe(
    Effect.andThen(
      writeWhole(
        join(spoolDir, folder),
        `${String(Date.now()).padStart(15, "0")}-${randomName()}.json`,
        JSON.stringify(result)
      )
    )
  )
  return attempt.pipe(
    Effect.catch(() => attempt),
    Effect.catch(() => attempt),
    Effect.asVoid
  )
}

/**
 * What a run took from its session's spool: the results (oldest first) and,
 * for each entry that could not be read, what was wrong with it (the entry
 * is removed either way).
 *
 * @category spool
 * @since 0.2.0
 */
export interface TakenResults {
  readonly results: ReadonlyArray<SpooledResult>
  readonly problems: ReadonlyArray<string>
}

const resultName = /^\d{15}-[0-9a-f]{16}\.json$/

const decodeResult = Schema.decodeUnknownResult(SpooledResult)
const decodeEffect = Schema.decodeUnknownResult(HookEffectSchema)

/** A spool file's text as a result with only deliverable effects, or why it is not one. */
const parseResult = (
  name: string,
  text: string
): { readonly result: SpooledResult; readonly problems: ReadonlyArray<string> } | string => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return `${name} is not JSON (${messageOf(error)})`
  }
  const decoded = decodeResult(json)
  if (decoded._tag === "Failure")
    return `${name} is not a background hook's result (${decoded.failure.message.replace(/\s+/g, " ")})`
  const effects: Array<HookEffect> = []
  const refused: Array<string> = []
  for (const raw of decoded.success.effects) {
    const effect = decodeEffect(raw)
    if (effect._tag === "Success" && deliverableTags.has(effect.success._tag)) effects.push(effect.success)
    else refused.push(effect._tag === "Success" ? effect.success._tag : "an effect that does not decode")
  }
  return {
    result: { ...decoded.success, effects },
    problems:
      refused.length === 0
        ? []
        : [`${name} carried ${refused.join(", ")}, which a background hook cannot deliver: dropped`]
  }
}

/**
 * Take the finished results of `sessionId` out of the spool: each claimed by
 * a rename (a concurrent run of the session takes the others), read, removed,
 * and decoded; only `deliverableTags` effects are kept. The session's folder
 * is removed once empty. A session with no folder has nothing (no folder is
 * created); a folder that is not private (a link, another user's) is not read.
 *
 * @category spool
 * @since 0.2.0
 */
export const takeResults = (spoolDir: string, sessionId: string): Effect.Effect<TakenResults> =>
  Effect.sync(() => {
    const fs = nodeFs()
    const folder = join(spoolDir, sessionFolderOf(sessionId))
    let names: Array<string>
    try {
      names = fs.readdirSync(folder)
    } catch (error) {
      return errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR"
        ? { results: [], problems: [] }
        : { results: [], problems: [`the session's spool folder ${folder} cannot be read (${messageOf(error)})`] }
    }
    try {
      const problem = privateFolderProblem(fs, folder)
      if (problem !== undefined)
        return { results: [], problems: [`the session's spool folder ${folder} was not read: ${problem}`] }
    } catch (error) {
      return { results: [], problems: [`the session's spool folder ${folder} was not read: ${messageOf(error)}`] }
    }
    const results: Array<SpooledResult> = []
    const problems: Array<string> = []
    for (const name of names.filter((n) => resultName.test(n)).sort()) {
      const claimed = join(folder, `.taken-${process.pid}-${randomName()}`)
      try {
        fs.renameSync(join(folder, name), claimed)
      } catch {
        continue // Taken by a concurrent run of the session.
      }
      const text = readOwnFile(fs, claimed)
      try {
        fs.unlinkSync(claimed)
      } catch {
        // Gone already; the sweep removes what is left.
      }
      if (text instanceof Error) {
        problems.push(`${name} was not read: ${text.message}`)
        continue
      }
      const parsed = parseResult(name, text)
      if (typeof parsed === "string") problems.push(parsed)
      else {
        results.push(parsed.result)
        problems.push(...parsed.problems)
      }
    }
    try {
      fs.rmdirSync(folder)
    } catch {
      // Not empty (a result written meanwhile, for a later run), or gone.
    }
    return { results, problems }
  })

// ====== Jobs ======

/**
 * Write the order for a detached worker into the spool's `jobs/` folder
 * (whole, mode 0600); its path.
 *
 * @category spool
 * @since 0.2.0
 */
export const writeJobFile = (spoolDir: string, text: string): Effect.Effect<string, AsyncSpoolUnusable> =>
  ensurePrivateFolders(foldersTo(spoolDir, jobsFolder)).pipe(
    Effect.andThen(writeWhole(join(spoolDir, jobsFolder), `${randomName()}.json`, text))
  )

/**
 * Read a worker's order and remove it: only a regular file of the user's,
 * in the spool's private `jobs/` folder.
 *
 * @category spool
 * @since 0.2.0
 */
export const takeJobFile = (spoolDir: string, path: string): Effect.Effect<string, AsyncSpoolUnusable> =>
  Effect.suspend(() => {
    const fs = nodeFs()
    const folder = join(spoolDir, jobsFolder)
    if (join(path, "..") !== folder)
      return Effect.fail(unusable(path, `it is not in ${folder}`, "A worker runs only the jobs wave-hooks run writes."))
    try {
      const problem = privateFolderProblem(fs, folder)
      if (problem !== undefined) return Effect.fail(unusable(folder, problem, fixFolder))
    } catch (error) {
      return Effect.fail(unusable(folder, messageOf(error), fixFolder))
    }
    const text = readOwnFile(fs, path)
    try {
      fs.unlinkSync(path)
    } catch {
      // Already gone.
    }
    return text instanceof Error
      ? Effect.fail(unusable(path, text.message, "A worker runs only the jobs wave-hooks run writes."))
      : Effect.succeed(text)
  })

/**
 * Remove a job file a worker will never read (it could not be started).
 *
 * @category spool
 * @since 0.2.0
 */
export const removeJobFile = (path: string): Effect.Effect<void> =>
  Effect.sync(() => {
    try {
      nodeFs().unlinkSync(path)
    } catch {
      // Gone already.
    }
  })

// ====== Clean-up ======

/**
 * Expire what nobody will read: session folders untouched for a day (with
 * their results), and jobs, temp and claimed files left for an hour (a
 * crashed run or worker). Never follows a link (a link found in the spool is
 * removed, not followed); errors are ignored (the next sweep tries again).
 *
 * @category spool
 * @since 0.2.0
 */
export const sweepSpool = (spoolDir: string, now: number = Date.now()): Effect.Effect<void> =>
  Effect.sync(() => {
    const fs = nodeFs()
    const entries = (folder: string): ReadonlyArray<string> => {
      try {
        return fs.readdirSync(folder)
      } catch {
        return []
      }
    }
    const remove = (path: string) => {
      try {
        fs.rmSync(path, { recursive: true, force: true })
      } catch {
        // The next sweep.
      }
    }
    for (const name of entries(spoolDir)) {
      const path = join(spoolDir, name)
      let info: ReturnType<NodeFs["lstatSync"]>
      try {
        info = fs.lstatSync(path)
      } catch {
        continue
      }
      if (!info.isDirectory()) {
        if (now - info.mtimeMs > leftoverMs) remove(path)
        continue
      }
      if (name !== jobsFolder && now - info.mtimeMs > expiryMs) {
        remove(path)
        continue
      }
      for (const inner of entries(path)) {
        const innerPath = join(path, inner)
        try {
          const innerInfo = fs.lstatSync(innerPath)
          const leftover =
            name === jobsFolder ||
            inner.startsWith(".tmp-") ||
            inner.startsWith(".taken-") ||
            innerInfo.isSymbolicLink()
          if (leftover && now - innerInfo.mtimeMs > leftoverMs) remove(innerPath)
        } catch {
          // Gone meanwhile.
        }
      }
    }
  })
