/**
 * The one rule for settings that cannot be read (ARCHITECTURE section 7.3):
 * while a user or managed settings file cannot be read, every tool call is
 * denied. Every host runs its events through `runHooks`, which applies it, so
 * `run`, `serve`, `mcp-proxy`, `HookSession` and the library hosts agree.
 *
 * @since 0.2.0
 */
import { at } from "../core/rule-id.ts"
import type { HookEvent } from "../core/events.ts"
import type { TracedEffect } from "../core/trace.ts"
import { BlockTool, Diagnostic, ShowUser } from "../effects/hook-effect.ts"
import type { SettingsSnapshot } from "./plan.ts"
import type { SettingsDiagnostic, ValidatedSettings } from "./settings-schema.ts"

/**
 * The events whose answer lets a tool call run or not: a broken user or
 * managed file denies these.
 *
 * @category constants
 * @since 0.2.0
 */
export const toolGatingEvents: ReadonlySet<HookEvent> = new Set<HookEvent>(["PreToolUse", "PermissionRequest"])

/**
 * Whether a file's hooks must be read for the engine to guard: a user or
 * managed file (the user's own guards, the administrator's policy), a file
 * the user trusted, or the hooks file of a plugin the user or an
 * administrator named (`--plugin-dir`, or `plugins` in a user or managed file
 * of `files`). An untrusted project's file is not, nor a project's plugin: a
 * project cannot stop the user's tool calls by breaking its own files (they
 * are reported as skipped).
 *
 * @category selection
 * @since 0.2.0
 */
export const mustBeReadable = (file: ValidatedSettings, files: ReadonlyArray<ValidatedSettings> = []): boolean =>
  file.scope === "user" ||
  file.scope === "managed" ||
  file.trust === "trusted" ||
  (file.scope === "plugin" && file.plugin !== undefined && pluginNamedByUser(file.plugin, files))

/**
 * A plugin the user or an administrator named: `--plugin-dir` / `pluginDirs`,
 * or the `plugins` of a user or managed file (a project's plugins are the
 * project's, trusted with it).
 */
const pluginNamedByUser = (
  plugin: NonNullable<ValidatedSettings["plugin"]>,
  files: ReadonlyArray<ValidatedSettings>
): boolean =>
  plugin.namedBy === "option" ||
  plugin.managed === true ||
  files.some((f) => f.file === plugin.namedBy && (f.scope === "user" || f.scope === "managed"))

/**
 * The files of a snapshot that must be read (`mustBeReadable`) and could
 * not be: not valid JSON, not an object, a `hooks` that is not an object, not
 * a regular file, too big, or a folder that could not be listed.
 *
 * **Example** (A trailing comma in the user's file)
 *
 * ```ts
 * unreadableSettingsOf(snapshot).map((f) => f.file) // => ["/home/me/.wave/settings.json"]
 * ```
 *
 * @category selection
 * @since 0.2.0
 */
export const unreadableSettingsOf = (snapshot: Pick<SettingsSnapshot, "files">): ReadonlyArray<ValidatedSettings> =>
  snapshot.files.filter((f) => !f.readable && mustBeReadable(f, snapshot.files))

/** The errors that made a file unreadable (each names the place and the fix). */
const problemsOf = (file: ValidatedSettings): ReadonlyArray<SettingsDiagnostic> => {
  const errors = file.diagnostics.filter((d) => d.severity === "error" && d.event === undefined)
  return errors.length > 0
    ? errors
    : [
        {
          severity: "error",
          file: file.file,
          path: "$",
          problem: "it could not be read",
          fix: "run wave-hooks validate"
        }
      ]
}

const whose = (file: ValidatedSettings): string =>
  file.scope === "managed"
    ? "the managed settings file"
    : file.scope === "user"
      ? "your settings file"
      : file.scope === "plugin"
        ? `the hooks file of the plugin ${file.plugin?.name ?? ""} you loaded,`
        : "the trusted settings file"

const problemText = (file: ValidatedSettings): string =>
  problemsOf(file)
    .map((d) => `${d.path === "$" ? "" : `${d.path}: `}${d.problem}`)
    .join("; ")

const fixText = (file: ValidatedSettings): string => [...new Set(problemsOf(file).map((d) => d.fix))].join("; ")

/**
 * What an event's result says about unreadable files: per file a
 * `Diagnostic{code:"unreadable-settings"}` and a `ShowUser{error}` naming the
 * file, the problem and the fix; on a tool-gating event (`toolGatingEvents`)
 * also a `BlockTool` whose reason says why the call was denied. Empty when no
 * file is unreadable.
 *
 * **Details**
 *
 * The other files' hooks still run and count (a `BlockTool` absorbs any allow
 * they give); on events that gate no tool, the missing file's hooks are simply
 * absent, and the user is told so on every event until the file is fixed.
 *
 * @category effects
 * @since 0.2.0
 */
export const unreadableSettingsEffects = (
  files: ReadonlyArray<ValidatedSettings>,
  event: HookEvent
): ReadonlyArray<TracedEffect> =>
  files.flatMap((file) => {
    const rule = at("run.unreadable-settings", "unreadable settings")
    const problem = problemText(file)
    const fix = fixText(file)
    const gating = toolGatingEvents.has(event)
    return [
      {
        effect: Diagnostic({ code: "unreadable-settings", message: `${file.file}: ${problem}; ${fix}` }),
        ...rule
      },
      {
        effect: ShowUser({
          level: "error",
          text:
            `wave-hooks cannot read ${whose(file)} ${file.file}: ${problem}. ` +
            (gating
              ? "Every tool call is denied until it is fixed. "
              : `Its ${event} hooks did not run; tool calls are denied until it is fixed. `) +
            `Fix: ${fix}.`
        }),
        ...rule
      },
      ...(gating
        ? [
            {
              effect: BlockTool({
                reason:
                  `Tool calls are denied: ${whose(file)} ${file.file} cannot be read (${problem}), so its guards cannot run. ` +
                  `The user must fix it (${fix}); the call can be retried then.`
              }),
              ...rule
            }
          ]
        : [])
    ]
  })

/**
 * The tool guard entries (PreToolUse, PermissionRequest) that a user, managed
 * or trusted file holds and that could not be read (an error that skipped the
 * entry: an event name misspelt, a group that is not an object, a bad
 * matcher, a hook without a command or with an unknown type, ...): each
 * would have guarded tool calls, so a tool-gating `event` is denied for them
 * (a call reaches PermissionRequest only after PreToolUse). Empty on other
 * events, and for untrusted files.
 *
 * @category selection
 * @since 0.2.0
 */
export const brokenGuardEntriesOf = (
  snapshot: Pick<SettingsSnapshot, "files" | "disabled">,
  event: HookEvent
): ReadonlyArray<{ readonly file: ValidatedSettings; readonly diagnostic: SettingsDiagnostic }> =>
  !toolGatingEvents.has(event) || snapshot.disabled
    ? []
    : snapshot.files.flatMap((file) =>
        file.readable && mustBeReadable(file, snapshot.files)
          ? file.diagnostics
              .filter((d) => d.severity === "error" && d.event !== undefined && toolGatingEvents.has(d.event))
              .map((diagnostic) => ({ file, diagnostic }))
          : []
      )

/**
 * One `BlockTool` per guard entry that could not be read
 * (`brokenGuardEntriesOf`), naming the file, the JSON path, the problem and
 * the fix. The entry is also reported as a skipped entry (its warning and
 * diagnostic), so the user sees what to fix.
 *
 * @category effects
 * @since 0.2.0
 */
export const brokenGuardEntryEffects = (
  entries: ReturnType<typeof brokenGuardEntriesOf>,
  event: HookEvent
): ReadonlyArray<TracedEffect> =>
  entries.map(({ diagnostic: d, file }) => ({
    effect: BlockTool({
      reason:
        `Tool calls are denied: a ${d.event ?? event} hook in ${whose(file)} ${file.file} could not be read (${d.path}: ${d.problem}), ` +
        `so it cannot guard this call. The user must fix it (${d.fix}); the call can be retried then.`
    }),
    ...at("run.unreadable-settings", "unreadable settings")
  }))

/**
 * Whether a snapshot holds a file, or a guard entry, the rule denies tool
 * calls for: a `HookSession` that read its own settings reads them again
 * before each event while this holds, so it recovers once the file is fixed.
 *
 * @category selection
 * @since 0.2.0
 */
export const deniesForUnreadable = (snapshot: Pick<SettingsSnapshot, "files" | "disabled">): boolean =>
  unreadableSettingsOf(snapshot).length > 0 ||
  [...toolGatingEvents].some((event) => brokenGuardEntriesOf(snapshot, event).length > 0)
