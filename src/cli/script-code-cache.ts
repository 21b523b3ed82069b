/**
 * Loads a CLI bundle built as a script (`scripts/build-cli.ts`) with a V8
 * code cache written after the bundle has run, so that the functions it
 * compiled on use are in the cache too.
 *
 * Node's own compile cache (`module.enableCompileCache()`, which `bin.ts`
 * turns on) serializes a module right after compiling it: only the code V8
 * compiles up front is cached, and every function a command calls is parsed
 * and compiled again on each run (a third of `wave-hooks run`'s instructions,
 * measured with callgrind). A `vm.Script` can serialize its code after it has
 * run (`createCachedData`), which holds those functions as well.
 *
 * The cache lives beside Node's (`module.getCompileCacheDir()`, in a
 * `wave-hooks` folder made private to the user), so `NODE_COMPILE_CACHE` moves
 * it and `NODE_DISABLE_COMPILE_CACHE=1` turns it off. Its files are named by
 * the bundle's content-hashed name, Node's version and architecture; V8 checks
 * its own version, flags and the source's length and rejects a cache that does
 * not fit, in which case the script is compiled as usual. A file is read only
 * when the user owns it and no one else may write it (a cache holds code that
 * runs). It is written, by rename, at the exit of the first `generations` runs:
 * each run adds the functions it compiled, so the paths of a few different
 * runs end up cached. Any failure to read or write it only loses the cache.
 *
 * @since 0.4.0
 */
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import module from "node:module"
import { basename, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Script } from "node:vm"

/** What a script bundle's body returns: its exports by name. */
type ScriptExports = Readonly<Record<string, unknown>>

/** The first bytes of a cache file: a tag, then the generation as a 32-bit number. */
const magic = "WHC1"
const headerBytes = 8

/** How many runs write the cache (each adding what it compiled). */
const generations = 4

/**
 * Whether a cache file may be read: owned by this user and writable by no
 * one else (on a system without user ids, such as Windows, any file).
 *
 * **Example**
 *
 * ```ts
 * usableCacheFile({ uid: 1000, mode: 0o100600 }, 1000) // true
 * usableCacheFile({ uid: 1000, mode: 0o100666 }, 1000) // false: others may write it
 * usableCacheFile({ uid: 0, mode: 0o100600 }, 1000) // false: another user's
 * ```
 *
 * @since 0.4.0
 */
export const usableCacheFile = (
  stat: { readonly uid: number; readonly mode: number },
  uid: number | undefined
): boolean => uid === undefined || (stat.uid === uid && (stat.mode & 0o022) === 0)

/** Where the cache of `scriptFile` lives, or `undefined` when Node's compile cache is off. */
const cachePathOf = (scriptFile: string): string | undefined => {
  const dir = module.getCompileCacheDir?.()
  if (dir === undefined) return undefined
  return join(dir, "wave-hooks", `${basename(scriptFile)}-${process.version}-${process.arch}.cache`)
}

/** The cached data and generation in `path`, or `undefined` when it is missing, foreign or malformed. */
const readCache = (path: string): { readonly data: Buffer; readonly generation: number } | undefined => {
  let fd: number | undefined
  try {
    fd = openSync(path, "r")
    if (!usableCacheFile(fstatSync(fd), process.getuid?.())) return undefined
    const bytes = readFileSync(fd)
    if (bytes.length <= headerBytes || bytes.toString("latin1", 0, 4) !== magic) return undefined
    return { data: bytes.subarray(headerBytes), generation: bytes.readUInt32LE(4) }
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** Write `data` as generation `generation` to `path`: a private temporary file, then a rename. */
const writeCache = (path: string, data: Buffer, generation: number): void => {
  try {
    mkdirSync(join(path, ".."), { recursive: true, mode: 0o700 })
    const header = Buffer.alloc(headerBytes)
    header.write(magic, 0, "latin1")
    header.writeUInt32LE(generation, 4)
    const temporary = `${path}.${process.pid}.tmp`
    writeFileSync(temporary, Buffer.concat([header, data]), { mode: 0o600 })
    renameSync(temporary, path)
  } catch {
    // A cache is an optimisation: a read-only or full disk only costs the next run its compile time.
  }
}

/**
 * Run the script bundle at `url` and return its exports. The bundle is a
 * function expression taking its own URL (what `import.meta.url` is in it) and
 * a function to call for each of its `import()`s (`importer`, an `import()` of
 * a module in the script's folder, so the same specifiers resolve the same
 * way), and resolving to its exports.
 *
 * @since 0.4.0
 */
export const loadScript = async (
  url: URL,
  importer: (specifier: string) => Promise<unknown>
): Promise<ScriptExports> => {
  const file = fileURLToPath(url)
  const cachePath = cachePathOf(file)
  const cached = cachePath === undefined ? undefined : readCache(cachePath)
  // The bundles are ASCII only, so latin1 reads them as they are, into a one-byte string.
  const script = new Script(readFileSync(file, "latin1"), {
    filename: file,
    ...(cached === undefined ? {} : { cachedData: cached.data })
  })
  const rejected = cached !== undefined && script.cachedDataRejected === true
  const generation = cached === undefined || rejected ? 0 : cached.generation
  if (cachePath !== undefined && generation < generations)
    process.once("exit", () => writeCache(cachePath, script.createCachedData(), generation + 1))
  const body = script.runInThisContext() as (
    scriptUrl: string,
    importer: (specifier: string) => Promise<unknown>
  ) => Promise<ScriptExports>
  return body(url.href, importer)
}
