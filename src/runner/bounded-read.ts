/**
 * Reading a small text file that came from somewhere nobody vetted (a
 * project's settings, the trust store) without letting it stop the reader:
 * anything but a regular file (a directory, a FIFO, `/dev/zero`, a socket) is
 * refused after a `stat`, before it is opened, so a FIFO cannot block and a
 * device cannot be read forever; a file over the size cap is refused unread.
 *
 * @since 0.1.0
 */
import type { PlatformError } from "effect"
import { Effect, FileSystem } from "effect"

/**
 * The default cap on a settings file: 1 MiB (a settings file is a few KiB).
 *
 * @category constants
 * @since 0.1.0
 */
export const defaultMaxSettingsBytes = 1024 * 1024

/**
 * What reading gave: the text, nothing (no such file), or a refusal with the
 * problem and the fix.
 *
 * @category models
 * @since 0.1.0
 */
export type BoundedRead =
  | { readonly _tag: "Text"; readonly text: string }
  | { readonly _tag: "Missing" }
  | { readonly _tag: "Refused"; readonly problem: string; readonly fix: string }

const kindOf: Record<FileSystem.File.Type, string> = {
  File: "a regular file",
  Directory: "a directory",
  SymbolicLink: "a symbolic link",
  BlockDevice: "a block device",
  CharacterDevice: "a character device (such as /dev/zero)",
  FIFO: "a FIFO (named pipe)",
  Socket: "a socket",
  Unknown: "not a regular file"
}

/**
 * A file-system failure in plain words for a person (no Effect module or
 * method names): "permission denied", "a resource is busy", ...
 *
 * @example
 * ```ts
 * import { PlatformError } from "effect"
 * plainFailure(PlatformError.systemError({ _tag: "PermissionDenied", module: "FileSystem", method: "stat" }))
 * // => "permission denied"
 * ```
 *
 * @category reading
 * @since 0.1.0
 */
export const plainFailure = (error: PlatformError.PlatformError): string => {
  const reason = error.reason
  if (reason._tag === "BadArgument") return "the path is not valid"
  return plainReasons[reason._tag]
}

const plainReasons: Record<PlatformError.SystemErrorTag, string> = {
  AlreadyExists: "it already exists",
  BadResource: "it is not a usable file",
  Busy: "it is busy",
  InvalidData: "its data is not valid",
  NotFound: "it does not exist",
  PermissionDenied: "permission denied",
  TimedOut: "reading it timed out",
  UnexpectedEof: "it ended unexpectedly",
  Unknown: "an unknown error",
  WouldBlock: "reading it would block",
  WriteZero: "nothing could be written"
}

const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`

/**
 * Read `path` as UTF-8 if it is a regular file of at most `maxBytes` bytes
 * (symbolic links are followed: a link to a regular file is read).
 *
 * @category reading
 * @since 0.1.0
 */
export const readBoundedText = (
  path: string,
  maxBytes: number,
  what = "file"
): Effect.Effect<BoundedRead, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const info = yield* fs.stat(path).pipe(Effect.result)
    if (info._tag === "Failure") {
      if (info.failure.reason._tag === "NotFound") return { _tag: "Missing" } as const
      return {
        _tag: "Refused",
        problem: `could not be read (${plainFailure(info.failure)})`,
        fix: "check the file's permissions and the folders above it"
      } as const
    }
    if (info.success.type !== "File") {
      return {
        _tag: "Refused",
        problem: `is ${kindOf[info.success.type]}, not a regular file; it was not read`,
        fix: `replace it with a regular JSON ${what}, or remove it`
      } as const
    }
    const tooBig = (size: number) =>
      ({
        _tag: "Refused",
        problem: `is ${size} bytes, over the ${sizeText(maxBytes)} limit for a ${what}; it was not read`,
        fix: `shrink it (remove what is not ${what === "file" ? "needed" : "settings"}), or remove it`
      }) as const
    const size = Number(info.success.size)
    if (size > maxBytes) return tooBig(size)
    const bytes = yield* fs.readFile(path).pipe(Effect.result)
    if (bytes._tag === "Failure") {
      if (bytes.failure.reason._tag === "NotFound") return { _tag: "Missing" } as const
      return {
        _tag: "Refused",
        problem: `could not be read (${plainFailure(bytes.failure)})`,
        fix: "check the file's permissions"
      } as const
    }
    if (bytes.success.length > maxBytes) return tooBig(bytes.success.length)
    return { _tag: "Text", text: new TextDecoder().decode(bytes.success) } as const
  })
