/**
 * Claude Code's cap on hook text (ARCHITECTURE sections 5.3 and 7; the
 * reference's section 6). In the claude-code dialect `decide` cuts a context
 * text (`additionalContext`, plain stdout made context, `initialUserMessage`,
 * Stop feedback) or a `systemMessage` over 10,000 characters to a 2,000-character
 * preview and keeps the full text in a `context-capped` Diagnostic; the
 * runner then does what Claude Code does and pure code cannot: it saves the
 * full text to a file and gives its path with the preview.
 *
 * @since 0.2.0
 */
import { Effect, FileSystem } from "effect"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { capContext, contextCapCharacters, contextPreviewCharacters, fullTextMarker } from "../core/context-cap.ts"
import type { TracedEffect } from "../core/trace.ts"
import type { HookEffect } from "../effects/hook-effect.ts"
import { Diagnostic } from "../effects/hook-effect.ts"

/**
 * Characters a context text or `systemMessage` may have in the claude-code dialect.
 *
 * @category constants
 * @since 0.2.0
 */
const hookTextCapCharacters = contextCapCharacters

/**
 * Characters of a capped text kept as its preview.
 *
 * @category constants
 * @since 0.2.0
 */
const hookTextPreviewCharacters = contextPreviewCharacters

let saved = 0

/** The text that replaces a capped one once its full text is saved (or could not be). */
const replacement = (text: string, path: string | undefined): string =>
  path === undefined
    ? `[hook output of ${text.length} characters, over the ${hookTextCapCharacters}-character limit; it could not be saved, first ${hookTextPreviewCharacters} characters:]\n` +
      text.slice(0, hookTextPreviewCharacters)
    : `[hook output of ${text.length} characters, over the ${hookTextCapCharacters}-character limit, saved to ${path}; first ${hookTextPreviewCharacters} characters:]\n` +
      text.slice(0, hookTextPreviewCharacters)

/** The text an effect carries, for the effects `decide` caps. */
const textOf = (effect: HookEffect): string | undefined =>
  "text" in effect && typeof effect.text === "string" ? effect.text : undefined

/**
 * Save the full text of each text `decide` capped in one hook's effects to a
 * file under `<tmpdir>/wave-hooks-<session>/`, and give the effect the file's
 * path with the preview; the `context-capped` Diagnostic then names the file
 * instead of holding the whole text. When the file cannot be written the
 * preview stays, and says so.
 *
 * @category running
 * @since 0.2.0
 */
export const capHookTexts = (
  traced: ReadonlyArray<TracedEffect>,
  sessionId: string
): Effect.Effect<ReadonlyArray<TracedEffect>, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const capped = traced.filter(
      ({ effect }) =>
        effect._tag === "Diagnostic" && effect.code === "context-capped" && effect.message.includes(fullTextMarker)
    )
    if (capped.length === 0) return traced
    const fs = yield* FileSystem.FileSystem
    const dir = join(tmpdir(), `wave-hooks-${sessionId.replace(/[^A-Za-z0-9_-]/g, "_")}`)
    const out = [...traced]
    for (const diagnostic of capped) {
      if (diagnostic.effect._tag !== "Diagnostic") continue
      const message = diagnostic.effect.message
      const at = message.indexOf(fullTextMarker)
      const full = message.slice(at + fullTextMarker.length)
      const preview = capContext(full, "").text
      const path = join(dir, `hook-output-${process.pid}-${++saved}.txt`)
      const written = yield* fs.makeDirectory(dir, { recursive: true }).pipe(
        Effect.andThen(fs.writeFileString(path, full)),
        Effect.as(path),
        // Whatever went wrong (a failure, or a file system that cannot write), the preview stays and says so.
        Effect.catchCause(() => Effect.succeed(undefined))
      )
      const index = out.findIndex((t) => t.effect._tag !== "Diagnostic" && textOf(t.effect) === preview)
      if (index !== -1)
        out[index] = {
          ...out[index]!,
          effect: { ...out[index]!.effect, text: replacement(full, written) } as HookEffect
        }
      const d = out.indexOf(diagnostic)
      out[d] = {
        ...diagnostic,
        effect: Diagnostic({
          code: "context-capped",
          message:
            message.slice(0, at) +
            (written === undefined
              ? "The full text could not be saved to a file."
              : `The full text was saved to ${written}.`)
        })
      }
    }
    return out
  })
