/**
 * The warning every in-process host gives for a tool-event matcher that
 * matches none of the host's tool names (`"Bash"` for a tool named `bash`):
 * such a hook never runs, silently. Pure; each host words where the names
 * come from and how to fix them.
 *
 * @since 0.2.0
 */
import { matcherFieldOf } from "../core/events.ts"
import { matches } from "../core/matcher.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"
import { hookDialectOf } from "../settings/plan.ts"
import type { UserMessage } from "../interpreters/ai-sdk/user-message.ts"

/**
 * How a host names its tools in the warning: whose tools they are (`"the
 * app's tools"`), what a matcher is tested against when no tool differs only
 * in case, and how to fix it.
 *
 * @category models
 * @since 0.2.0
 */
export interface ToolNamesWording {
  readonly owner: string
  readonly testedAgainst: string
  readonly fix: string
}

/**
 * A matcher warning and the key it is deduplicated by (event, matcher, file).
 *
 * @category models
 * @since 0.2.0
 */
export interface MatcherWarning {
  readonly key: string
  readonly message: UserMessage
}

/**
 * The warnings for tool-event matchers that match none of `names`: one per
 * event, matcher and file, naming them, the known tools and, when a tool
 * differs only in case, that one. None when `names` is empty or the settings
 * are disabled.
 *
 * @category warnings
 * @since 0.2.0
 */
export const unmatchedToolMatchers = (
  settings: SettingsSnapshot,
  names: ReadonlyArray<string>,
  wording: ToolNamesWording
): ReadonlyArray<MatcherWarning> => {
  if (names.length === 0 || settings.disabled) return []
  const seen = new Set<string>()
  const found: Array<MatcherWarning> = []
  for (const hook of settings.hooks) {
    const matcher = hook.matcher
    if (matcherFieldOf[hook.event] !== "tool_name" || matcher === undefined) continue
    // Each hook's matcher is tested in its own file's dialect.
    const dialect = hookDialectOf(hook, settings.dialect)
    if (names.some((name) => matches(matcher, name, dialect))) continue
    const key = `${hook.event}\u0000${matcher}\u0000${hook.file}`
    if (seen.has(key)) continue
    seen.add(key)
    const lower = new Set(matcher.split("|").map((part) => part.toLowerCase()))
    const sameButCase = names.filter(
      (name) => lower.has(name.toLowerCase()) || matches(matcher.toLowerCase(), name.toLowerCase(), dialect)
    )
    const hint =
      sameButCase.length > 0
        ? ` Matchers are case-sensitive: did you mean ${sameButCase.map((n) => JSON.stringify(n)).join(" or ")}?`
        : ` Matchers are case-sensitive and test ${wording.testedAgainst}.`
    found.push({
      key,
      message: {
        event: hook.event,
        level: "warning",
        text:
          `The ${hook.event} matcher ${JSON.stringify(matcher)} in ${hook.file} matches none of ${wording.owner} ` +
          `(${names.map((n) => JSON.stringify(n)).join(", ")}), so its hooks never run.${hint} ${wording.fix}`
      }
    })
  }
  return found
}

/**
 * A host's known tool names and the matcher warnings already given, so each
 * is given once.
 *
 * @category warnings
 * @since 0.2.0
 */
export class ToolMatcherCheck {
  readonly names = new Set<string>()
  private readonly warned = new Set<string>()
  readonly wording: ToolNamesWording

  constructor(wording: ToolNamesWording) {
    this.wording = wording
  }

  /** Add tool names. */
  know(names: Iterable<string>): void {
    for (const name of names) this.names.add(name)
  }

  /** The warnings not given yet (they are then marked as given). */
  take(settings: SettingsSnapshot): ReadonlyArray<UserMessage> {
    return unmatchedToolMatchers(settings, [...this.names], this.wording).flatMap(({ key, message }) => {
      if (this.warned.has(key)) return []
      this.warned.add(key)
      return [message]
    })
  }
}
