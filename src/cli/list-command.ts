/**
 * `wave-hooks list`: the hooks in effect, with their source file, event and
 * matcher, and which ones run once because an identical hook runs earlier.
 *
 * @since 0.1.0
 */
import { Console, Effect } from "effect"
import { Command } from "effect/cli"
import type { HandlerType, TransportHandler } from "../settings/hook-types.ts"
import { hookTypeOf } from "../settings/hook-types.ts"
import { redactUrl } from "../settings/http-hook-config.ts"
import { escapeControl, escapeJsonControl } from "../internal/escape-control.ts"
import type { SettingsSnapshot } from "../settings/plan.ts"
import type { ConfiguredHook } from "../settings/settings-schema.ts"
import { effectiveTimeoutSeconds, hookDialectOf, ignoredSettingsOf, runIdentityKey } from "../settings/plan.ts"
import type { HandlerFields } from "../settings/handler-fields.ts"
import { trustCommandFor } from "../settings/trust.ts"
import { loadSettings } from "../runner/settings-files.ts"
import type { Dialect } from "../core/dialect.ts"
import { dialectOverride, homeDir, resolvePluginDirs, resolveProjectDir, settingsParams } from "./common-flags.ts"
import { mixesDialects, settingsDialectsText } from "./settings-dialects.ts"
import { toEffectParams } from "./effect-params.ts"
import { FlagSpec, usageLine } from "./flag-spec.ts"

/**
 * The flags of `list`: the settings flags and `--json`.
 *
 * @category flags
 * @since 0.3.0
 */
export const listParams = {
  ...settingsParams,
  json: FlagSpec.boolean("json", "Print JSON")
}

/** The usage line of `list`, printed under its usage errors (made from `listParams`). */
const usage = usageLine("list", listParams)

/**
 * A hook as listed: where it is configured and whether it duplicates an
 * earlier identical hook of the same event.
 *
 * @category models
 * @since 0.1.0
 */
export interface ListedHook extends HandlerFields {
  readonly event: string
  /** The agent's name of the event, when it differs (Gemini CLI's `BeforeTool` for PreToolUse); since 0.5.0. */
  readonly agentEvent?: string
  readonly matcher: string
  /** The command; for the other types the hook's label (`POST <url>`, `mcp <server>/<tool>`, `prompt: <text>`). */
  readonly command: string
  /**
   * The handler type: `command`, `http`, `mcp_tool`, `prompt` or `agent` (since 0.2.0); `message`, text
   * submitted without a process (Copilot's `prompt` entries; since 0.5.0).
   */
  readonly type: HandlerType
  /**
   * What a hook of another type calls: the URL (credentials redacted; headers
   * are not listed, they may hold secrets), `<server>/<tool>`, or the model
   * (`default` when the hook names none). Since 0.2.0.
   */
  readonly target?: string
  readonly timeoutSeconds: number
  readonly onFailure: string
  readonly parallel: boolean
  readonly file: string
  readonly path: string
  /**
   * The dialect the hook is decided in: its file's (`.wave/` wave, `.claude/`
   * claude-code; a plugin's, that of the file that named it). Since 0.2.0.
   */
  readonly dialect: Dialect
  /** JSON path of the identical earlier hook this one defers to, if any. */
  readonly duplicateOf?: string
  /** False for hooks of a project file that is not trusted, or that name a changed project script (they do not run). */
  readonly trusted: boolean
  /** The project scripts the hook names that changed since the project was trusted. */
  readonly changedScripts?: ReadonlyArray<string>
  /**
   * Where the hook comes from: `managed`, `user`, `project`, `local`, or
   * `plugin:<name>` (since 0.2.0).
   */
  readonly source: string
  /** The folder of the plugin the hook comes from (since 0.2.0). */
  readonly pluginRoot?: string
  /** The marketplace a plugin switched on with `enabledPlugins` was installed from (since 0.2.0). */
  readonly pluginMarketplace?: string
  /**
   * The setting that keeps the hook from running although its file counts:
   * `allowManagedHooksOnly` or `disableAllHooks` (since 0.2.0).
   */
  readonly excludedBy?: string
}

/**
 * Where a hook comes from, as `list` shows it: its file's scope, or
 * `plugin:<name>` (`plugin:<name>@<marketplace>` for a marketplace plugin).
 *
 * @category rendering
 * @since 0.2.0
 */
const hookSourceOf = (hook: ConfiguredHook): string =>
  hook.plugin === undefined
    ? hook.scope
    : `plugin:${hook.plugin.name}${hook.plugin.marketplace === undefined ? "" : `@${hook.plugin.marketplace}`}`

const targetOf = (handler: TransportHandler): string =>
  handler.type === "http"
    ? redactUrl(handler.url)
    : handler.type === "mcp_tool"
      ? `${handler.server}/${handler.tool}`
      : handler.type === "message"
        ? "the user's first message"
        : `model ${handler.model ?? "default (WAVE_HOOKS_MODEL)"}`

/**
 * The listing of a snapshot: every hook in config order.
 *
 * @category rendering
 * @since 0.1.0
 */
export const listHooks = (snapshot: SettingsSnapshot): ReadonlyArray<ListedHook> => {
  const rowOf = (hook: ConfiguredHook, trusted: boolean): ListedHook => ({
    event: hook.event,
    ...(hook.agentEvent === undefined ? {} : { agentEvent: hook.agentEvent }),
    matcher: hook.matcher ?? "*",
    command: hook.command,
    type: hookTypeOf(hook),
    ...(hook.handler === undefined ? {} : { target: targetOf(hook.handler) }),
    timeoutSeconds: effectiveTimeoutSeconds(hook, hookDialectOf(hook, snapshot.dialect)),
    onFailure: hook.onFailure,
    parallel: hook.parallel,
    file: hook.file,
    path: hook.path,
    dialect: hookDialectOf(hook, snapshot.dialect),
    trusted,
    source: hookSourceOf(hook),
    ...(hook.plugin === undefined ? {} : { pluginRoot: hook.plugin.root }),
    ...(hook.plugin?.marketplace === undefined ? {} : { pluginMarketplace: hook.plugin.marketplace }),
    ...(hook.if === undefined ? {} : { if: hook.if }),
    ...(hook.async === undefined ? {} : { async: hook.async }),
    ...(hook.asyncRewake === undefined ? {} : { asyncRewake: hook.asyncRewake }),
    ...(hook.rewakeMessage === undefined ? {} : { rewakeMessage: hook.rewakeMessage }),
    ...(hook.statusMessage === undefined ? {} : { statusMessage: hook.statusMessage }),
    ...(hook.once === undefined ? {} : { once: hook.once }),
    ...(hook.shell === undefined ? {} : { shell: hook.shell }),
    ...(hook.args === undefined ? {} : { args: hook.args })
  })
  const first = new Map<string, ConfiguredHook>()
  const listed = snapshot.hooks.map((hook): ListedHook => {
    const row = rowOf(hook, true)
    const key = `${hook.event}\u0000${runIdentityKey(hook, snapshot.dialect)}`
    const earlier = first.get(key)
    if (earlier === undefined) first.set(key, hook)
    return earlier === undefined ? row : { ...row, duplicateOf: `${earlier.file} ${earlier.path}` }
  })
  const untrusted = snapshot.files.flatMap((f) => f.untrustedHooks ?? []).map((hook) => rowOf(hook, false))
  const changed = snapshot.files
    .flatMap((f) => f.hooksWithChangedScripts ?? [])
    .map(
      ({ changes, hook }): ListedHook => ({
        ...rowOf(hook, false),
        changedScripts: changes.map((c) => c.path)
      })
    )
  const excluded = snapshot.excludedByPolicy
  const policy = (excluded?.hooks ?? []).map(
    (hook): ListedHook => ({
      ...rowOf(hook, true),
      excludedBy: `${excluded!.reason} (${excluded!.file})`
    })
  )
  return [...listed, ...policy, ...untrusted, ...changed]
}

/** A hook's first line in `list`: its event, matcher, what it runs and its flags. */
const hookLine = (h: ListedHook): string => {
  const shown = (text: string) => escapeControl(text)
  const flagsText = [
    // A message hook starts nothing: no timeout applies.
    ...(h.type === "message" ? [] : [`timeout ${h.timeoutSeconds}s`]),
    ...(h.onFailure === "block" ? ["onFailure block"] : []),
    ...(h.parallel ? ["parallel"] : []),
    ...(h.if === undefined ? [] : [`if ${h.if}`]),
    ...(h.asyncRewake === true ? ["asyncRewake"] : h.async === true ? ["async"] : []),
    ...(h.once === true ? ["once"] : []),
    ...(h.shell === undefined ? [] : [`shell ${h.shell}`]),
    ...(h.args === undefined ? [] : [`args ${JSON.stringify(h.args)}`])
  ].join(", ")
  const what =
    h.type === "command"
      ? shown(h.command)
      : `[${h.type}] ${shown(h.command)}${h.type === "prompt" || h.type === "agent" ? ` (${shown(h.target ?? "")})` : ""}`
  const event = h.agentEvent === undefined ? shown(h.event) : `${shown(h.agentEvent)} (${shown(h.event)})`
  return `${event}  matcher ${shown(h.matcher)}  ${what}${h.type === "message" ? `  (${shown(h.target ?? "")})` : ""}${flagsText === "" ? "" : `  (${flagsText})`}`
}

/**
 * `list`: a table for people, or `--json`.
 *
 * **Details**
 *
 * Settings text (event names, matchers, commands, file names) is printed with
 * its control characters escaped (`\r`, `\x1b`, `\u202e`), so a command
 * cannot disguise itself; `--json` escapes the ones JSON leaves raw.
 *
 * @category commands
 * @since 0.1.0
 */
export const listCommand = Command.make(
  "list",
  toEffectParams(listParams),
  Effect.fn("list")(function* (flags) {
    const projectDir = yield* resolveProjectDir(flags.projectDir, usage)
    const pluginDirs = yield* resolvePluginDirs(flags.pluginDir, usage)
    const snapshot = yield* loadSettings({
      projectDir,
      homeDir: homeDir(),
      ...dialectOverride(flags.dialect),
      pluginDirs
    })
    const hooks = listHooks(snapshot)
    // A file with errors lists fewer hooks, or none: say so on stderr, leaving stdout to the list.
    for (const f of snapshot.files) {
      const errors = f.diagnostics.filter((d) => d.severity === "error")
      if (errors.length === 0) continue
      const what = f.readable
        ? `${errors.length} error${errors.length === 1 ? "" : "s"}: the entries with errors are not listed`
        : `${errors[0]!.problem}: none of its hooks are listed`
      yield* Console.error(
        escapeControl(
          `${f.file}: ${what}. Run wave-hooks validate${flags.projectDir._tag === "Some" ? ` --project-dir ${flags.projectDir.value}` : ""} to see each problem and its fix.`
        )
      )
    }
    if (flags.json)
      return yield* Console.log(
        escapeJsonControl(JSON.stringify({ disabled: snapshot.disabled, dialect: snapshot.dialect, hooks }))
      )
    // Both dialects' files: each hook is decided in its own file's dialect (shown on each "from" line).
    const mixed = mixesDialects(snapshot)
    if (mixed) yield* Console.log(`Settings: ${settingsDialectsText(snapshot)}; each hook runs in its file's dialect.`)
    if (snapshot.disabled) yield* Console.log("disableAllHooks is set: no hook runs.")
    for (const f of snapshot.files) {
      const ignored = ignoredSettingsOf(f)
      if (ignored.length > 0) {
        yield* Console.log(
          `Ignored: ${escapeControl(ignored.join(", "))} in ${escapeControl(f.file)}: the file is not trusted (${escapeControl(trustCommandFor(projectDir))})`
        )
      }
    }
    const unreadable = snapshot.files.filter((f) => !f.readable).length
    if (hooks.length === 0 && unreadable > 0) {
      return yield* Console.log(
        `No hooks listed: ${unreadable} settings file${unreadable === 1 ? "" : "s"} could not be read (above), so ${unreadable === 1 ? "its" : "their"} hooks are unknown.`
      )
    }
    if (hooks.length === 0) return yield* Console.log("No hooks configured.")
    for (const h of hooks) {
      const shown = (text: string) => escapeControl(text)
      yield* Console.log(hookLine(h))
      // The dialect is named when the files mix both (else it is the run's, and the file's folder says it).
      yield* Console.log(
        `    from ${shown(h.file)} ${shown(h.path)} (${shown(h.source)}${mixed ? `, ${h.dialect}` : ""})`
      )
      if (h.excludedBy !== undefined) yield* Console.log(`    does not run: ${shown(h.excludedBy)}`)
      if (h.duplicateOf !== undefined) yield* Console.log(`    runs once: identical to ${shown(h.duplicateOf)}`)
      if (!h.trusted) {
        yield* Console.log(
          h.changedScripts === undefined
            ? `    does not run: the file is not trusted (${shown(trustCommandFor(projectDir))})`
            : `    does not run: ${shown(h.changedScripts.join(", "))} changed since the project was trusted (${shown(trustCommandFor(projectDir))})`
        )
      }
    }
  })
).pipe(Command.withDescription("List the hooks in effect, with source file, event and matcher"))
