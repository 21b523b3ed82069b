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
    Schema.Struct({ sha256: Schema.String, trustedAt: Schema.String })
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
export const withTrusted = (
  store: TrustStore,
  files: ReadonlyArray<{ readonly file: string; readonly sha256: string }>,
  now: string
): TrustStore => ({
  version: 1,
  files: { ...store.files, ...Object.fromEntries(files.map((f) => [f.file, { sha256: f.sha256, trustedAt: now }])) }
})

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
    return { store: emptyTrustStore, problem: `not valid JSON (${error instanceof Error ? error.message.split("\n")[0] : String(error)})` }
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
