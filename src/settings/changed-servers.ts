/**
 * `mcp_tool` hooks whose server's program changed since its settings file
 * was trusted: they do not run, in whatever file they are, and
 * are reported like a hook whose own script changed. Pure: the runner found
 * the changes (`applyTrust`).
 *
 * @since 0.2.0
 */
import type { ConfiguredHook, ValidatedSettings } from "./settings-schema.ts"
import type { ScriptChange } from "./trust.ts"
import { fileCounts } from "./managed-policy.ts"

/**
 * The files with every `mcp_tool` hook that calls a blocked server moved to
 * its file's `hooksWithChangedScripts`, with the server's changes.
 *
 * **Details**
 *
 * A server is blocked when the declaration that wins its name (the last file
 * that counts and declares it, as `layerSettings` merges `mcpServers`) is one
 * `applyTrust` left out for a changed program (`serversWithChangedScripts`).
 * So a user's hook calling a server a trusted project redeclared does not
 * fall back to another program without saying so: it does not run, and the
 * user is told which file changed and how to trust it again.
 *
 * @example
 * ```ts
 * import type { ValidatedSettings } from "wave-hooks"
 * declare const user: ValidatedSettings, project: ValidatedSettings
 * withChangedServersBlocked([user, project]) // user's `mcp policy/check` hook -> user.hooksWithChangedScripts
 * ```
 *
 * @category trust
 * @since 0.2.0
 */
export const withChangedServersBlocked = (
  files: ReadonlyArray<ValidatedSettings>
): ReadonlyArray<ValidatedSettings> => {
  const winner = new Map<string, ReadonlyArray<ScriptChange> | undefined>()
  for (const f of files) {
    if (!fileCounts(f)) continue
    for (const name of Object.keys(f.mcpServers ?? {})) winner.set(name, undefined)
    for (const b of f.serversWithChangedScripts ?? []) winner.set(b.name, b.changes)
  }
  const changesOf = (hook: ConfiguredHook): ReadonlyArray<ScriptChange> | undefined =>
    hook.handler?.type === "mcp_tool" ? winner.get(hook.handler.server) : undefined
  if (![...winner.values()].some((c) => c !== undefined)) return files
  return files.map((f) => {
    if (!fileCounts(f)) return f
    const moved = f.hooks.flatMap((hook) => {
      const changes = changesOf(hook)
      return changes === undefined ? [] : [{ hook, changes }]
    })
    if (moved.length === 0) return f
    return {
      ...f,
      hooks: f.hooks.filter((h) => changesOf(h) === undefined),
      hooksWithChangedScripts: [...(f.hooksWithChangedScripts ?? []), ...moved]
    }
  })
}
