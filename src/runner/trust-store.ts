/**
 * The trust store on disk (`$HOME/.wave/trusted-projects.json`) and the
 * content hashes of settings files.
 *
 * @since 0.1.0
 */
import { Effect, FileSystem } from "effect"
import type { TrustStore } from "../settings/trust.ts"
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
  Effect.gen(function*() {
    const read = yield* readBoundedText(trustStorePath(homeDir), maxTrustStoreBytes, "trust store")
    if (read._tag === "Missing") return { store: emptyTrustStore }
    if (read._tag === "Refused") return { store: emptyTrustStore, problem: `${read.problem} (${read.fix})` }
    return parseTrustStore(read.text)
  })

/**
 * Record files as trusted (written atomically: a temporary file, then rename).
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
  files: ReadonlyArray<{ readonly file: string; readonly sha256: string }>
): Effect.Effect<TrustStore, string, FileSystem.FileSystem> =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    // A malformed store trusted nothing; it is replaced by a valid one.
    const { store } = yield* readTrustStore(homeDir)
    const next = withTrusted(store, files, new Date().toISOString())
    const path = trustStorePath(homeDir)
    const dir = path.slice(0, path.lastIndexOf("/"))
    const temp = `${path}.${process.pid}.tmp`
    yield* fs.makeDirectory(dir, { recursive: true }).pipe(
      Effect.andThen(fs.writeFileString(temp, JSON.stringify(next, null, 2) + "\n")),
      Effect.andThen(fs.rename(temp, path)),
      Effect.mapError((e) => `could not write ${path}: ${e.message}`)
    )
    return next
  })
