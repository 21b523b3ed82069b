/**
 * Claude Code's cap on context text (reference section 6; ARCHITECTURE 5.3):
 * `additionalContext`, `systemMessage`, `initialUserMessage` and plain stdout
 * made context, longer than 10,000 characters, are replaced by a preview.
 *
 * @since 0.2.0
 */
import type { EffectOf } from "../effects/hook-effect.ts"
import { Diagnostic } from "../effects/hook-effect.ts"

/**
 * The longest context text Claude Code passes on unchanged, in characters
 * (UTF-16 code units, as JavaScript counts them).
 *
 * @category constants
 * @since 0.2.0
 */
export const contextCapCharacters = 10_000

/**
 * How many characters of a capped text the preview keeps.
 *
 * @category constants
 * @since 0.2.0
 */
export const contextPreviewCharacters = 2_000

/**
 * A text after the cap: the text to pass on, and a `context-capped`
 * Diagnostic holding the full text when it was cut.
 *
 * @category models
 * @since 0.2.0
 */
export interface CappedText {
  readonly text: string
  readonly diagnostic?: EffectOf<"Diagnostic">
}

/**
 * What precedes the full text in a `context-capped` Diagnostic's message (a
 * runner that saves the text to a file finds it after this marker).
 *
 * @category constants
 * @since 0.2.0
 */
export const fullTextMarker = "The full text follows:\n"

/**
 * Cap one text: at most `contextCapCharacters` passes unchanged; a longer one
 * becomes its first `contextPreviewCharacters` characters and a line saying
 * how long it was. The full text is kept in the Diagnostic (the author's log),
 * so nothing is lost; Claude Code saves it to a file, which pure code cannot.
 *
 * **Example** (A long additionalContext)
 *
 * ```ts
 * capContext("x".repeat(12_000), "$.hookSpecificOutput.additionalContext")
 * // => { text: "xx...x (2,000 x)\n[... 10000 more characters cut: ...]", diagnostic: Diagnostic{context-capped} }
 * ```
 *
 * @category capping
 * @since 0.2.0
 */
export const capContext = (text: string, where: string): CappedText => {
  if (text.length <= contextCapCharacters) return { text }
  const cut = text.length - contextPreviewCharacters
  return {
    text:
      `${text.slice(0, contextPreviewCharacters)}\n[... ${cut} more characters cut: the text was ${text.length} characters, ` +
      `over the ${contextCapCharacters}-character cap]`,
    diagnostic: Diagnostic({
      code: "context-capped",
      message:
        `${where}: ${text.length} characters, over the ${contextCapCharacters}-character cap of the claude-code dialect; ` +
        `only the first ${contextPreviewCharacters} were passed on. Shorten it, or write the rest to a file and pass its path. ` +
        `${fullTextMarker}${text}`
    })
  }
}
