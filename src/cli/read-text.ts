/**
 * Reading a text argument from a file or from stdin with plain `node:` APIs,
 * so the fast paths (`decide`, `run`) need no platform layer to read their
 * inputs.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"

/**
 * Why a file or stdin could not be read, in plain words (e.g. `the file does
 * not exist`), without Node's or Effect's internal names.
 *
 * @category errors
 * @since 0.1.0
 */
export interface ReadFailure {
  readonly message: string
}

const plainProblems: Readonly<Record<string, string>> = {
  ENOENT: "the file does not exist",
  NotFound: "the file does not exist",
  EISDIR: "it is a directory, not a file",
  ENOTDIR: "a part of the path is not a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  PermissionDenied: "permission denied",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the path is too long"
}

/**
 * Why reading failed, in plain words: a Node system error (`ENOENT`, ...) or
 * an Effect `PlatformError` (`NotFound: FileSystem.readFile (x)`) becomes
 * `the file does not exist` and the like; anything else keeps its message.
 *
 * **Example**
 *
 * ```ts
 * readProblem(Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: "ENOENT" }))
 * // => "the file does not exist"
 * ```
 *
 * @category errors
 * @since 0.1.0
 */
export const readProblem = (error: unknown): string => {
  const record = error !== null && typeof error === "object" ? (error as Record<string, unknown>) : {}
  const reason =
    record["reason"] !== null && typeof record["reason"] === "object"
      ? (record["reason"] as Record<string, unknown>)
      : {}
  for (const key of [record["code"], reason["_tag"], record["_tag"]]) {
    if (typeof key === "string" && Object.hasOwn(plainProblems, key)) return plainProblems[key]!
  }
  return error instanceof Error ? error.message : String(error)
}

const failure = (error: unknown): ReadFailure => ({ message: readProblem(error) })

/**
 * The whole of stdin as UTF-8 text (a leading byte-order mark dropped, as
 * `TextDecoder` does).
 *
 * @category reading
 * @since 0.1.0
 */
export const readStdinText = (stdin: NodeJS.ReadableStream = process.stdin): Effect.Effect<string, ReadFailure> =>
  Effect.tryPromise({
    try: async () => {
      const chunks: Array<Buffer> = []
      for await (const chunk of stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk)
      return new TextDecoder().decode(Buffer.concat(chunks))
    },
    catch: failure
  })

/** Whether `path` is a regular file (which cannot block a read); false when it cannot be stat'ed. */
const isRegularFile = (fs: typeof import("node:fs"), path: string): boolean => {
  try {
    return fs.statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * A file's content as UTF-8 text (a leading byte-order mark dropped).
 *
 * **Details**
 *
 * A regular file is read synchronously (a few microseconds, and no thread
 * pool started); anything else (a pipe such as `<(cmd)`, a FIFO, a path that
 * does not exist) asynchronously, so a read that blocks can still be
 * interrupted, and errors name the `open` or `read` that failed.
 *
 * @category reading
 * @since 0.1.0
 */
export const readFileText = (path: string): Effect.Effect<string, ReadFailure> =>
  Effect.callback<string, ReadFailure>((resume) => {
    const decode = (bytes: Uint8Array): void => {
      try {
        resume(Effect.succeed(new TextDecoder().decode(bytes)))
      } catch (decodeError) {
        resume(Effect.fail(failure(decodeError)))
      }
    }
    try {
      // node:fs's own API, taken when a file is read: `node:fs/promises`
      // would load readline and more (about 1 ms of start-up).
      const fs = process.getBuiltinModule("node:fs")
      if (isRegularFile(fs, path)) return decode(fs.readFileSync(path))
      fs.readFile(path, (error, bytes) => (error === null ? decode(bytes) : resume(Effect.fail(failure(error)))))
    } catch (error) {
      resume(Effect.fail(failure(error)))
    }
  })
