/**
 * The trust store on disk (`$HOME/.wave/trusted-projects.json`) and the
 * content hashes of settings files.
 *
 * @since 0.1.0
 */
import { Effect, type FileSystem } from "effect"
import type { TrustedFile, TrustStore } from "../settings/trust.ts"
import { readBoundedText } from "./bounded-read.ts"
import { emptyTrustStore, parseTrustStore, withTrusted } from "../settings/trust.ts"

/**
 * Where the trust store lives.
 *
 * @category trust
 * @since 0.1.0
 */
export const trustStorePath = (homeDir: string): string => `${homeDir.replace(/\/+$/, "")}/.wave/trusted-projects.json`

/** The trust store is not read past 16 MiB (a project's entry is about 200 bytes). */
const maxTrustStoreBytes = 16 * 1024 * 1024

/**
 * Read the trust store; a missing one is empty, a malformed one trusts
 * nothing and reports the problem, as does one that is not a regular file or
 * is over 16 MiB (it is refused unread: it cannot hang or exhaust the reader).
 *
 * @category trust
 * @since 0.1.0
 */
export const readTrustStore = (
  homeDir: string
): Effect.Effect<{ readonly store: TrustStore; readonly problem?: string }, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const read = yield* readBoundedText(trustStorePath(homeDir), maxTrustStoreBytes, "trust store")
    if (read._tag === "Missing") return { store: emptyTrustStore }
    if (read._tag === "Refused") return { store: emptyTrustStore, problem: `${read.problem} (${read.fix})` }
    return parseTrustStore(read.text)
  })

/**
 * What `recordTrust` did: the store it wrote, and where a store that could not
 * be read (not JSON, not a store, not a regular file) was moved before it was
 * replaced.
 *
 * @category models
 * @since 0.1.0
 */
export interface RecordedTrust {
  readonly store: TrustStore
  /** Where the old, unreadable store now is (`trusted-projects.json.corrupt-<time>`). */
  readonly backup?: string
  /** What was wrong with the old store. */
  readonly problem?: string
}

/**
 * Options of `recordTrust`: how long to wait for the lock (default 10 s), and
 * when a lock is stale (default 30 s; a lock whose process is gone is stale
 * at once).
 *
 * @category models
 * @since 0.1.0
 */
export interface RecordTrustOptions {
  readonly lockTimeoutMs?: number
  readonly staleLockMs?: number
}

type NodeFs = typeof import("node:fs")
const nodeFs = (): NodeFs => process.getBuiltinModule("node:fs")

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code

interface LockOwner {
  readonly pid: number
  readonly at: number
  readonly token: string
}

const readLock = (fs: NodeFs, lockPath: string): LockOwner | undefined => {
  try {
    const owner = JSON.parse(fs.readFileSync(lockPath, "utf8")) as Partial<LockOwner>
    return typeof owner.pid === "number" && typeof owner.at === "number" && typeof owner.token === "string"
      ? { pid: owner.pid, at: owner.at, token: owner.token }
      : undefined
  } catch {
    return undefined
  }
}

const processGone = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return errnoOf(error) === "ESRCH"
  }
}

/**
 * Remove a stale lock: move it aside under a unique name (one remover wins),
 * then delete it if it is still the stale one, else put the live lock back.
 */
const breakLock = (fs: NodeFs, lockPath: string, stale: LockOwner | undefined, mtimeMs: number): void => {
  const aside = `${lockPath}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`
  try {
    fs.renameSync(lockPath, aside)
  } catch {
    return
  }
  const moved = readLock(fs, aside)
  let asideMtimeMs: number | undefined
  try {
    asideMtimeMs = fs.statSync(aside).mtimeMs
  } catch {
    return
  }
  const same = stale === undefined ? moved === undefined && asideMtimeMs === mtimeMs : moved?.token === stale.token
  if (!same) {
    try {
      fs.linkSync(aside, lockPath)
    } catch {
      // Someone took the lock meanwhile; theirs stands.
    }
  }
  fs.rmSync(aside, { force: true })
}

/**
 * Hold `<store>.lock` (created with O_EXCL, holding this process's pid, the
 * time and a token) while `body` runs. A lock whose process is gone, or older
 * than `staleLockMs`, is broken; otherwise this waits (5 to 25 ms between
 * tries) up to `lockTimeoutMs`, then fails naming the lock file.
 */
const withStoreLock = <A>(
  path: string,
  options: RecordTrustOptions | undefined,
  body: Effect.Effect<A, string, FileSystem.FileSystem>
): Effect.Effect<A, string, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = nodeFs()
    const lockPath = `${path}.lock`
    const timeoutMs = options?.lockTimeoutMs ?? 10_000
    const staleMs = options?.staleLockMs ?? 30_000
    const deadline = Date.now() + timeoutMs
    const token = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`
    for (;;) {
      const attempt = yield* Effect.try({
        try: () => {
          const fd = fs.openSync(lockPath, "wx", 0o600)
          try {
            fs.writeFileSync(fd, JSON.stringify({ pid: process.pid, at: Date.now(), token }))
          } finally {
            fs.closeSync(fd)
          }
          return true
        },
        catch: (error) => error
      }).pipe(
        Effect.catch((error) =>
          errnoOf(error) === "EEXIST"
            ? Effect.succeed(false)
            : Effect.fail(`could not lock ${path} (creating ${lockPath}: ${String(error)})`)
        )
      )
      if (attempt) break
      const owner = readLock(fs, lockPath)
      let mtimeMs: number | undefined
      try {
        mtimeMs = fs.statSync(lockPath).mtimeMs
      } catch {
        continue // released meanwhile: try again at once
      }
      const age = Date.now() - (owner?.at ?? mtimeMs)
      if ((owner !== undefined && owner.pid !== process.pid && processGone(owner.pid)) || age > staleMs) {
        breakLock(fs, lockPath, owner, mtimeMs)
        continue
      }
      if (Date.now() >= deadline) {
        return yield* Effect.fail(
          `could not lock ${path}: ${lockPath} is held${owner === undefined ? "" : ` by process ${owner.pid}`} ` +
            `(waited ${timeoutMs} ms); if no wave-hooks trust is running, remove ${lockPath} and try again`
        )
      }
      yield* Effect.sleep(5 + Math.floor(Math.random() * 20))
    }
    return yield* body.pipe(
      Effect.ensuring(
        Effect.sync(() => {
          if (readLock(fs, lockPath)?.token === token) fs.rmSync(lockPath, { force: true })
        })
      )
    )
  })

/** Write `text` to `path` durably: a temporary file in the same folder, fsync, rename, fsync of the folder. */
const writeDurably = (fs: NodeFs, path: string, text: string): void => {
  const dir = path.slice(0, path.lastIndexOf("/")) || "/"
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  try {
    const fd = fs.openSync(temp, "wx", 0o600)
    try {
      fs.writeFileSync(fd, text)
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    fs.renameSync(temp, path)
  } catch (error) {
    fs.rmSync(temp, { force: true })
    throw error
  }
  const dirFd = fs.openSync(dir, "r")
  try {
    fs.fsyncSync(dirFd)
  } finally {
    fs.closeSync(dirFd)
  }
}

/**
 * Record files as trusted, safely under concurrent `trust` runs.
 *
 * **Details**
 *
 * The store is locked (`trusted-projects.json.lock`, created with O_EXCL; a
 * lock whose process is gone or older than 30 s is broken; after 10 s of
 * waiting this fails naming the lock), read, updated and written atomically
 * and durably (a temporary file in the same folder, fsync, rename, fsync of
 * the folder). A store that cannot be read (not JSON, not a store, not a
 * regular file) is moved to `trusted-projects.json.corrupt-<time>` first, and
 * the result says where. The lock and the write use `node:fs` directly; the
 * store is read through the `FileSystem` (bounded, as `readTrustStore`).
 *
 * **Example** (Trusting a project's settings)
 *
 * ```ts
 * yield* recordTrust(home, [{ file: "/repo/.wave/settings.json", sha256: sha256Of(text) }])
 * ```
 *
 * @category trust
 * @since 0.1.0
 */
export const recordTrust = (
  homeDir: string,
  files: ReadonlyArray<TrustedFile>,
  options?: RecordTrustOptions
): Effect.Effect<RecordedTrust, string, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = nodeFs()
    const path = trustStorePath(homeDir)
    const dir = path.slice(0, path.lastIndexOf("/"))
    yield* Effect.try({
      try: () => fs.mkdirSync(dir, { recursive: true }),
      catch: (error) => `could not create ${dir}: ${String(error)}`
    })
    return yield* withStoreLock(
      path,
      options,
      Effect.gen(function* () {
        const { problem, store } = yield* readTrustStore(homeDir)
        const next = withTrusted(store, files, new Date().toISOString())
        return yield* Effect.try({
          try: (): RecordedTrust => {
            let backup: string | undefined
            if (problem !== undefined) {
              // Moved, not copied: a rename never opens the old store (it may be a FIFO).
              const stamp = new Date().toISOString().replace(/[:.]/g, "-")
              backup = `${path}.corrupt-${stamp}`
              for (let n = 2; fs.existsSync(backup); n++) backup = `${path}.corrupt-${stamp}-${n}`
              fs.renameSync(path, backup)
            }
            writeDurably(fs, path, JSON.stringify(next, null, 2) + "\n")
            return {
              store: next,
              ...(backup === undefined ? {} : { backup }),
              ...(problem === undefined ? {} : { problem })
            }
          },
          catch: (error) => `could not write ${path}: ${error instanceof Error ? error.message : String(error)}`
        })
      })
    )
  })
