/**
 * The warning for tool-event matchers that match none of a host's tools (a
 * `"Bash"` matcher in an app whose tool is named `bash` is a guard that never
 * runs). Shared by the hosts that know their tools' names: the AI SDK's
 * `withHooks` and the LangChain middleware.
 *
 * @since 0.2.0
 */
import { matcherFieldOf } from "../core/events.ts"
import { matches } from "../core/matcher.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"
import type { UserMessage } from "../interpreters/ai-sdk/user-message.ts"

/**
 * How a host names where tool names come from, for the warning's last
 * sentences: `names` ("the tool's key in the tool set given to withHooks")
 * and `change` ("the tool's key in withHooks({ ... })").
 *
 * @category models
 * @since 0.2.0
 */
export interface ToolNameSource {
  readonly names: string
  readonly change: string
}

/**
 * The warnings for tool-event matchers that match none of `names`: one per
 * event, matcher and file, naming them, the known tools and, when a tool
 * differs only in case, that one.
 *
 * @category warnings
 * @since 0.2.0
 */
export const unmatchedToolMatchers = (
  settings: SettingsSnapshot,
  names: ReadonlyArray<string>,
  source: ToolNameSource
): ReadonlyArray<{ readonly key: string; readonly message: UserMessage }> => {
  if (names.length === 0 || settings.disabled) return []
  const seen = new Set<string>()
  const found: Array<{ key: string; message: UserMessage }> = []
  for (const hook of settings.hooks) {
    const matcher = hook.matcher
    if (matcherFieldOf[hook.event] !== "tool_name" || matcher === undefined) continue
    if (names.some((name) => matches(matcher, name, settings.dialect))) continue
    const key = `${hook.event}\u0000${matcher}\u0000${hook.file}`
    if (seen.has(key)) continue
    seen.add(key)
    const lower = new Set(matcher.split("|").map((part) => part.toLowerCase()))
    const sameButCase = names.filter((name) => lower.has(name.toLowerCase()) || matches(matcher.toLowerCase(), name.toLowerCase(), settings.dialect))
    const hint = sameButCase.length > 0
      ? ` Matchers are case-sensitive: did you mean ${sameButCase.map((n) => JSON.stringify(n)).join(" or ")}?`
      : ` Matchers are case-sensitive and test ${source.names}.`
    found.push({
      key,
      message: {
        event: hook.event,
        level: "warning",
        text: `The ${hook.event} matcher ${JSON.stringify(matcher)} in ${hook.file} matches none of the app's tools ` +
          `(${names.map((n) => JSON.stringify(n)).join(", ")}), so its hooks never run.${hint} ` +
          `Change the matcher, or ${source.change}.`
      }
    })
  }
  return found
}

/**
 * The tool names a host has seen and the matchers it already warned about.
 *
 * @category models
 * @since 0.2.0
 */
export interface KnownTools {
  readonly names: Set<string>
  readonly warned: Set<string>
}

/**
 * An empty `KnownTools`.
 *
 * @category constructors
 * @since 0.2.0
 */
export const knownTools = (): KnownTools => ({ names: new Set(), warned: new Set() })

/**
 * Warn, once per matcher, about the matchers none of `known.names` can
 * match: to `warn` when given, else `console.warn`.
 *
 * @category warnings
 * @since 0.2.0
 */
export const warnUnmatchedToolMatchers = (
  settings: SettingsSnapshot,
  known: KnownTools,
  source: ToolNameSource,
  warn: ((message: UserMessage) => void) | undefined
): void => {
  for (const { key, message } of unmatchedToolMatchers(settings, [...known.names], source)) {
    if (known.warned.has(key)) continue
    known.warned.add(key)
    if (warn !== undefined) warn(message)
    else console.warn(`wave-hooks: ${message.text}`)
  }
}
