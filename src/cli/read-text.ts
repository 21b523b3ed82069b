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
  Effect.callback<string, ReadFailure>((resume) => {
    try {
      // node:fs's callback API, taken when a file is read: `node:fs/promises`
      // would load readline and more (about 1 ms of start-up).
      process.getBuiltinModule("node:fs").readFile(path, (error, bytes) => {
        if (error !== null) return resume(Effect.fail(failure(error)))
        try {
          resume(Effect.succeed(new TextDecoder().decode(bytes)))
        } catch (decodeError) {
          resume(Effect.fail(failure(decodeError)))
        }
      })
    } catch (error) {
      resume(Effect.fail(failure(error)))
    }
  })
