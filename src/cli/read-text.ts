/**
 * Reading a text argument from a file or from stdin with plain `node:` APIs,
 * so the fast paths (`decide`, `run`) need no platform layer to read their
 * inputs.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"

/**
 * Why a file or stdin could not be read (Node's message, e.g.
 * `ENOENT: no such file or directory, open 'x.json'`).
 *
 * @category errors
 * @since 0.1.0
 */
export interface ReadFailure {
  readonly message: string
}

const failure = (error: unknown): ReadFailure => ({ message: error instanceof Error ? error.message : String(error) })

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

/**
 * A file's content as UTF-8 text (a leading byte-order mark dropped).
 *
 * @category reading
 * @since 0.1.0
 */
export const readFileText = (path: string): Effect.Effect<string, ReadFailure> =>
  Effect.tryPromise({
    // Loaded when a file is read, not with the module: most runs read none.
    try: async () => new TextDecoder().decode(await process.getBuiltinModule("node:fs/promises").readFile(path)),
    catch: failure
  })
