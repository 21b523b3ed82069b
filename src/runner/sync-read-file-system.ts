/**
 * The `FileSystem` that reads settings: `readFile`, `readFileString`,
 * `stat`, `realPath` and `readDirectory` on `node:fs`, failing with the same `PlatformError`s as
 * `NodeFileSystem` (same reasons, methods, paths and messages). `loadSettings`
 * reads settings and the trust store, lists the managed settings' drop-in folder,
 * and stats the project and hook scripts, and nothing else. The `run` fast path runs on it
 * (`NodeFileSystem.layer` would load `node:crypto`, `node:os` and `node:fs`'s streams at
 * start-up, about 6 ms, for methods `run` never calls), and `serve` reads its settings with it
 * before each event.
 * Every other method fails as `FileSystem.makeNoop`'s do (NotFound, or a
 * defect for the temp-file ones).
 *
 * `readFile` differs in one way, on purpose: it opens with `O_NONBLOCK` and
 * refuses a FIFO, device or socket (EINVAL, `Unknown`) where NodeFileSystem
 * would block on the FIFO or read `/dev/zero` forever.
 *
 * The calls are synchronous (`readFileSync`, `statSync`): these are a few
 * small files in the home and project folders, and an asynchronous
 * `readFile` costs four trips through the thread pool each. (The payload,
 * which may be a pipe, is read asynchronously by `read-text.ts`.) An error
 * carries no stack trace: most are a settings file that is not there, a
 * case the reader expects (`NodeFileSystem` capturing one for each was 0.3 ms
 * of every `serve` event).
 *
 * @since 0.1.0
 */
import type { PlatformError } from "effect"
import { ByteSize, Effect, FileSystem, Layer, Option } from "effect"
import { badArgument, systemError } from "effect/PlatformError"
import type { SystemErrorTag } from "effect/PlatformError"

type NodeFs = typeof import("node:fs")
let nodeFs: NodeFs | undefined
/** `node:fs` as its CommonJS object: an ESM import would build a facade that loads its streams. */
const fs = (): NodeFs => (nodeFs ??= process.getBuiltinModule("node:fs"))

/** As `@effect/platform-node-shared`'s `handleErrnoException`. */
const errnoReason = (code: string | undefined): SystemErrorTag => {
  switch (code) {
    case "ENOENT":
      return "NotFound"
    case "EACCES":
    case "EPERM":
      return "PermissionDenied"
    case "EEXIST":
      return "AlreadyExists"
    case "EISDIR":
    case "ENOTDIR":
    case "ELOOP":
      return "BadResource"
    case "EBUSY":
      return "Busy"
    default:
      return "Unknown"
  }
}

/** `make()`, with no stack trace captured by the errors it constructs. */
const withoutStackTrace = <A>(make: () => A): A => {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return make()
  } finally {
    Error.stackTraceLimit = limit
  }
}

const errnoError = (method: string, path: string, error: NodeJS.ErrnoException): PlatformError.PlatformError =>
  withoutStackTrace(() =>
    systemError({
      _tag: errnoReason(error.code),
      module: "FileSystem",
      method,
      pathOrDescriptor: path,
      ...(error.syscall === undefined ? {} : { syscall: error.syscall }),
      cause: error
    })
  )

const argumentError = (method: string, error: unknown): PlatformError.PlatformError =>
  badArgument({ module: "FileSystem", method, description: (error as Error | undefined)?.message ?? String(error) })

/** A synchronous `node:fs` call as an Effect, with NodeFileSystem's error mapping. */
const callNode = <A>(method: string, path: string, call: () => A): Effect.Effect<A, PlatformError.PlatformError> =>
  Effect.suspend(() => {
    try {
      return Effect.succeed(call())
    } catch (error) {
      // A system error (ENOENT, EACCES, ...) has a syscall; an invalid argument (ERR_INVALID_ARG_TYPE, ...) has none.
      const isSystemError = typeof (error as NodeJS.ErrnoException | undefined)?.syscall === "string"
      return Effect.fail(
        isSystemError ? errnoError(method, path, error as NodeJS.ErrnoException) : argumentError(method, error)
      )
    }
  })

/**
 * `readFileSync`, but never blocked by what a file name points at: the file
 * is opened with `O_NONBLOCK` (a FIFO opens without waiting for a writer)
 * and anything but a regular file or a directory (a FIFO, `/dev/zero`, a
 * socket) is refused with EINVAL before a byte is read; a directory fails
 * with EISDIR as before. Settings and the trust store come from projects
 * nobody vetted.
 */
const readFile = (path: string): Effect.Effect<Uint8Array, PlatformError.PlatformError> =>
  callNode("readFile", path, () => {
    const nodeFs = fs()
    const { O_NOCTTY, O_NONBLOCK, O_RDONLY } = nodeFs.constants
    const fd = nodeFs.openSync(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
    try {
      const info = nodeFs.fstatSync(fd)
      if (!info.isFile() && !info.isDirectory()) {
        throw Object.assign(new Error(`EINVAL: not a regular file, read '${path}'`), {
          code: "EINVAL",
          errno: -22,
          syscall: "read",
          path
        })
      }
      return nodeFs.readFileSync(fd)
    } finally {
      nodeFs.closeSync(fd)
    }
  })

const fileType = (stat: import("node:fs").BigIntStats): FileSystem.File.Type =>
  stat.isFile()
    ? "File"
    : stat.isDirectory()
      ? "Directory"
      : stat.isSymbolicLink()
        ? "SymbolicLink"
        : stat.isBlockDevice()
          ? "BlockDevice"
          : stat.isCharacterDevice()
            ? "CharacterDevice"
            : stat.isFIFO()
              ? "FIFO"
              : stat.isSocket()
                ? "Socket"
                : "Unknown"

const safeNumber = (value: bigint, field: string): number => {
  const number = Number(value)
  if (!Number.isSafeInteger(number)) throw new RangeError(`${field} exceeds the safe integer range: ${value}`)
  return number
}

/** As NodeFileSystem's `makeFileInfo` (bigint stats; dev and ino as unsigned 64-bit). */
const fileInfo = (
  stat: import("node:fs").BigIntStats
): Effect.Effect<FileSystem.File.Info, PlatformError.PlatformError> =>
  Effect.try({
    try: () => ({
      type: fileType(stat),
      mtime: Option.fromNullishOr(stat.mtime),
      atime: Option.fromNullishOr(stat.atime),
      birthtime: Option.fromNullishOr(stat.birthtime),
      dev: BigInt.asUintN(64, stat.dev),
      rdev: Option.map(Option.fromNullishOr(stat.rdev), (v) => BigInt.asUintN(64, v)),
      ino: Option.map(Option.fromNullishOr(stat.ino), (v) => BigInt.asUintN(64, v)),
      mode: safeNumber(stat.mode, "mode"),
      nlink: Option.map(Option.fromNullishOr(stat.nlink), (v) => BigInt.asUintN(64, v)),
      uid: Option.flatMap(Option.fromNullishOr(stat.uid), bigintToNumber),
      gid: Option.flatMap(Option.fromNullishOr(stat.gid), bigintToNumber),
      size: ByteSize.bytes(stat.size),
      blksize: stat.blksize === undefined ? Option.none() : Option.some(ByteSize.bytes(stat.blksize)),
      blocks: Option.fromNullishOr(stat.blocks)
    }),
    catch: (error) => argumentError("stat", error)
  })

/** As `effect/BigInt`'s `toNumber`: none outside the safe integer range. */
const bigintToNumber = (value: bigint): Option.Option<number> =>
  value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)
    ? Option.none()
    : Option.some(Number(value))

const stat = (path: string): Effect.Effect<FileSystem.File.Info, PlatformError.PlatformError> =>
  Effect.flatMap(
    callNode("stat", path, () => fs().statSync(path, { bigint: true })),
    fileInfo
  )

/**
 * The service: `readFile`, `readFileString` (UTF-8 by default, as
 * `FileSystem.make` decodes), `stat`, `realPath`, `readDirectory`,
 * `makeDirectory` and `writeFileString` on `node:fs`; every other method is
 * Effect's no-op, which dies (a test runs every path `run` takes).
 *
 * @category file system
 * @since 0.1.0
 */
export const syncReadFileSystem: FileSystem.FileSystem = FileSystem.makeNoop({
  readFile,
  readFileString: (path, encoding) =>
    Effect.flatMap(readFile(path), (bytes) =>
      Effect.try({
        try: () => new TextDecoder(encoding).decode(bytes),
        catch: (cause) =>
          badArgument({ module: "FileSystem", method: "readFileString", description: "invalid encoding", cause })
      })
    ),
  stat,
  realPath: (path) => callNode("realPath", path, () => fs().realpathSync(path)),
  // The managed settings' drop-in folder (managed-settings.d/) is listed; nothing else is.
  readDirectory: (path) => callNode("readDirectory", path, () => fs().readdirSync(path)),
  // The claude-code context cap saves a capped hook text to a file (src/runner/text-cap.ts).
  makeDirectory: (path, options) =>
    Effect.asVoid(
      callNode("makeDirectory", path, () =>
        fs().mkdirSync(path, {
          recursive: options?.recursive === true,
          ...(options?.mode === undefined ? {} : { mode: options.mode })
        })
      )
    ),
  writeFileString: (path, data, options) =>
    callNode("writeFile", path, () =>
      fs().writeFileSync(path, data, {
        ...(options?.flag === undefined ? {} : { flag: options.flag }),
        ...(options?.mode === undefined ? {} : { mode: options.mode })
      })
    )
})

/**
 * `syncReadFileSystem` as a layer.
 *
 * @category file system
 * @since 0.1.0
 */
export const layer: Layer.Layer<FileSystem.FileSystem> = Layer.succeed(FileSystem.FileSystem, syncReadFileSystem)
