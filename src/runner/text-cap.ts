/**
 * Claude Code's cap on hook text (ARCHITECTURE section 7; the reference's
 * section 6): in the claude-code dialect, a context text (`InjectContext`:
 * `additionalContext` or plain stdout) or a `systemMessage` longer than
 * 10,000 characters is saved to a file and replaced by its path and a preview
 * of its first 2,000 characters.
 *
 * @since 0.2.0
 */
import { Effect, FileSystem } from "effect"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TracedEffect } from "../core/trace.ts"
import { InjectContext, ShowUser } from "../effects/hook-effect.ts"

/**
 * Characters a context text or `systemMessage` may have in the claude-code dialect.
 *
 * @category constants
 * @since 0.2.0
 */
export const hookTextCapCharacters = 10_000

/**
 * Characters of a capped text kept as its preview.
 *
 * @category constants
 * @since 0.2.0
 */
export const hookTextPreviewCharacters = 2_000

let saved = 0

/** The text that replaces a capped one. */
const replacement = (text: string, path: string | undefined): string =>
  path === undefined
    ? `[hook output of ${text.length} characters, over the ${hookTextCapCharacters}-character limit; it could not be saved, first ${hookTextPreviewCharacters} characters:]\n` +
      text.slice(0, hookTextPreviewCharacters)
    : `[hook output of ${text.length} characters, over the ${hookTextCapCharacters}-character limit, saved to ${path}; first ${hookTextPreviewCharacters} characters:]\n` +
      text.slice(0, hookTextPreviewCharacters)

/**
 * Cap the context texts and `systemMessage`s of one hook's effects: each one
 * over `hookTextCapCharacters` is written to a file under
 * `<tmpdir>/wave-hooks-<session>/` and replaced by its path and a preview.
 * When the file cannot be written the text is still cut, and says so.
 *
 * @category running
 * @since 0.2.0
 */
export const capHookTexts = (
  traced: ReadonlyArray<TracedEffect>,
  sessionId: string
): Effect.Effect<ReadonlyArray<TracedEffect>, never, FileSystem.FileSystem> =>
  Effect.gen(function*() {
    if (!traced.some(({ effect, rule }) => isCapped(effect, rule))) return traced
    const fs = yield* FileSystem.FileSystem
    const dir = join(tmpdir(), `wave-hooks-${sessionId.replace(/[^A-Za-z0-9_-]/g, "_")}`)
    const out: Array<TracedEffect> = []
    for (const t of traced) {
      const { effect, rule } = t
      if (!isCapped(effect, rule)) {
        out.push(t)
        continue
      }
      const text = effect._tag === "InjectContext" || effect._tag === "ShowUser" ? effect.text : ""
      const path = join(dir, `hook-output-${process.pid}-${++saved}.txt`)
      const written = yield* fs.makeDirectory(dir, { recursive: true }).pipe(
        Effect.andThen(fs.writeFileString(path, text)),
        Effect.as(path),
        Effect.orElseSucceed(() => undefined)
      )
      const capped = replacement(text, written)
      out.push({
        ...t,
        effect: effect._tag === "ShowUser" ? ShowUser({ level: effect.level, text: capped }) : InjectContext({ text: capped })
      })
    }
    return out
  })

const isCapped = (effect: TracedEffect["effect"], rule: string): boolean =>
  (effect._tag === "InjectContext" || (effect._tag === "ShowUser" && rule === "5.1 systemMessage")) &&
  effect.text.length > hookTextCapCharacters
