/**
 * Trust for project hooks (ARCHITECTURE section 7): settings that come with a
 * cloned repository run only once the user has recorded the SHA-256 of their
 * content. User settings are always trusted.
 *
 * @since 0.1.0
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import { Predicate, Schema } from "effect"

/**
 * How project and local settings are trusted.
 *
 * - `trusted` (default): only files whose content's SHA-256 is recorded run.
 * - `ask`: the embedding agent is asked about each untrusted file.
 * - `all`: everything runs (for bundled examples and sandboxes).
 *
 * @category models
 * @since 0.1.0
 */
export const TrustPolicy = Schema.Literals(["trusted", "ask", "all"])

/**
 * A trust policy.
 *
 * @category models
 * @since 0.1.0
 */
export type TrustPolicy = typeof TrustPolicy.Type

/**
 * The store in `$HOME/.wave/trusted-projects.json`.
 *
 * @category schemas
 * @since 0.1.0
 */
export const TrustStore = Schema.Struct({
  version: Schema.Literal(1),
  files: Schema.Record(
    Schema.String,
    Schema.Struct({
      sha256: Schema.String,
      trustedAt: Schema.String,
      /**
       * The project files the file's hooks name (absolute path to the SHA-256
       * of the content, or `missing`, `outside` (a link out of the project),
       * `not-a-file`, `too-big`). Absent in stores written before script hashes:
       * then the scripts count as changed until the project is trusted again.
       */
      scripts: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
    })
  )
})

/**
 * The trust store.
 *
 * @category models
 * @since 0.1.0
 */
export type TrustStore = typeof TrustStore.Type

/**
 * An empty store.
 *
 * @category constants
 * @since 0.1.0
 */
export const emptyTrustStore: TrustStore = { version: 1, files: {} }

/**
 * The trust state of a settings file.
 *
 * @category models
 * @since 0.1.0
 */
export type TrustState = "trusted" | "untrusted" | "changed"

/**
 * Whether a file with this content hash is trusted: `changed` when a different
 * hash was recorded (the file was edited since it was trusted).
 *
 * **Example** (Edited after trusting)
 *
 * ```ts
 * trustStateOf(store, "/repo/.wave/settings.json", "ab12...") // => "changed"
 * ```
 *
 * @category trust
 * @since 0.1.0
 */
export const trustStateOf = (store: TrustStore, file: string, sha256: string): TrustState => {
  const entry = Object.hasOwn(store.files, file) ? store.files[file] : undefined
  if (entry === undefined) return "untrusted"
  return entry.sha256 === sha256 ? "trusted" : "changed"
}

/**
 * The store with these files trusted at `now` (an ISO time).
 *
 * @category trust
 * @since 0.1.0
 */
export const withTrusted = (store: TrustStore, files: ReadonlyArray<TrustedFile>, now: string): TrustStore => ({
  version: 1,
  files: {
    ...store.files,
    ...Object.fromEntries(
      files.map((f) => [
        f.file,
        { sha256: f.sha256, trustedAt: now, ...(f.scripts === undefined ? {} : { scripts: f.scripts }) }
      ])
    )
  }
})

/**
 * A settings file to trust: its path, its content's SHA-256 and the states of
 * the project files its hooks name (see `TrustStore`).
 *
 * @category models
 * @since 0.1.0
 */
export interface TrustedFile {
  readonly file: string
  readonly sha256: string
  readonly scripts?: { readonly [path: string]: string }
}

/**
 * How a project file named by a trusted hook differs from what was trusted:
 * `changed` (another state or hash) or `not-recorded` (the store has no
 * script hashes for the settings file: it was trusted by an older wave-hooks).
 *
 * @category models
 * @since 0.1.0
 */
export interface ScriptChange {
  readonly path: string
  readonly change: "changed" | "not-recorded"
}

/**
 * The project files whose state now differs from the one recorded when the
 * settings file was trusted (fails closed: no record is a change).
 *
 * @category trust
 * @since 0.1.0
 */
export const scriptChangesOf = (
  store: TrustStore,
  file: string,
  current: { readonly [path: string]: string }
): ReadonlyArray<ScriptChange> => {
  const entry = Object.hasOwn(store.files, file) ? store.files[file] : undefined
  const recorded = entry?.scripts
  return Object.entries(current).flatMap(([path, state]): Array<ScriptChange> => {
    if (recorded === undefined || !Object.hasOwn(recorded, path)) return [{ path, change: "not-recorded" }]
    return recorded[path] === state ? [] : [{ path, change: "changed" }]
  })
}

const decodeStore = Schema.decodeUnknownResult(TrustStore)

/**
 * Read a store's text; a missing, unreadable or malformed store trusts
 * nothing (fails closed) and says why.
 *
 * @category trust
 * @since 0.1.0
 */
export const parseTrustStore = (text: string): { readonly store: TrustStore; readonly problem?: string } => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return {
      store: emptyTrustStore,
      problem: `not valid JSON (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`
    }
  }
  if (!Predicate.isObject(json)) return { store: emptyTrustStore, problem: "not a JSON object" }
  const decoded = decodeStore(json)
  return decoded._tag === "Success"
    ? { store: decoded.success }
    : { store: emptyTrustStore, problem: decoded.failure.message.replace(/\n\s*/g, " ") }
}

/**
 * The command a user runs to trust a project's settings.
 *
 * @category trust
 * @since 0.1.0
 */
export const trustCommandFor = (projectDir: string): string =>
  `wave-hooks trust --project-dir ${/^[A-Za-z0-9_./-]+$/.test(projectDir) ? projectDir : `'${projectDir.replace(/'/g, `'\\''`)}'`}`

/**
 * SHA-256 of a settings file's content (its UTF-8 bytes), in lower-case hex:
 * what the trust store records. Pure JavaScript (`@noble/hashes`), so it runs
 * in a browser and the CLI does not load `node:crypto`.
 *
 * @example
 * ```ts
 * sha256Of("") // "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
 * ```
 *
 * @category trust
 * @since 0.1.0
 */
export const sha256Of = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)))

/**
 * SHA-256 of bytes (a script's content), in lower-case hex.
 *
 * @category trust
 * @since 0.1.0
 */
export const sha256OfBytes = (bytes: Uint8Array): string => bytesToHex(sha256(bytes))
