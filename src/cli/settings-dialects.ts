/**
 * How the CLI says which dialects a run's settings are in (ARCHITECTURE
 * section 7): one dialect for most projects, both when a project or user has
 * `.wave/` and `.claude/` files.
 *
 * @since 0.2.0
 */
import type { Dialect } from "../core/dialect.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"

/**
 * The dialects of the settings files of a snapshot, plugins' included, in
 * first-seen order.
 *
 * @category rendering
 * @since 0.2.0
 */
const settingsDialectsOf = (snapshot: Pick<SettingsSnapshot, "files">): ReadonlyArray<Dialect> => [
  ...new Set(snapshot.files.flatMap((f) => (f.dialect === undefined ? [] : [f.dialect])))
]

/**
 * Whether a snapshot mixes both dialects' files: then `list` and `run
 * --explain` name each hook's dialect.
 *
 * @category rendering
 * @since 0.2.0
 */
export const mixesDialects = (snapshot: Pick<SettingsSnapshot, "files">): boolean =>
  settingsDialectsOf(snapshot).length > 1

/**
 * A short text for the settings a command read: `claude-code settings`,
 * `wave settings`, or `.wave/ settings in wave, .claude/ settings in
 * claude-code` when both are there.
 *
 * @category rendering
 * @since 0.2.0
 */
export const settingsDialectsText = (snapshot: Pick<SettingsSnapshot, "files" | "dialect">): string =>
  mixesDialects(snapshot) ? ".wave/ settings in wave, .claude/ settings in claude-code" : `${snapshot.dialect} settings`
