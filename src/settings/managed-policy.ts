/**
 * Which configured hooks are in effect once managed settings,
 * `allowManagedHooksOnly` and `disableAllHooks` are applied, and the layered
 * settings-level `env` map (ARCHITECTURE section 7). Pure.
 *
 * @since 0.2.0
 */
import type { ConfiguredHook, ValidatedSettings } from "./settings-schema.ts"

/**
 * Why configured hooks do not run although their files count:
 * `allowManagedHooksOnly` in a managed file, or a user, project or local
 * `disableAllHooks` while managed hooks still run.
 *
 * @category models
 * @since 0.2.0
 */
export interface ExcludedByPolicy {
  readonly reason: "allowManagedHooksOnly" | "disableAllHooks"
  /** The file whose setting excluded them. */
  readonly file: string
  readonly hooks: ReadonlyArray<ConfiguredHook>
}

/**
 * The outcome of `applyHookPolicy`.
 *
 * @category models
 * @since 0.2.0
 */
export interface HookPolicy {
  /** The hooks that may run, in file order (managed, user, project, local, plugins). */
  readonly hooks: ReadonlyArray<ConfiguredHook>
  /** No hook runs at all (managed `disableAllHooks`, or a lower one with no managed hooks). */
  readonly disabled: boolean
  /** Hooks of counted files that do not run because of a policy. */
  readonly excluded?: ExcludedByPolicy
  /** The settings-level `env` of the counted files, later files winning. */
  readonly env: { readonly [name: string]: string }
}

/**
 * Whether a file's settings count: user, managed and user-named plugin
 * files, and trusted project, local and project-named plugin files.
 *
 * @category layering
 * @since 0.2.0
 */
export const fileCounts = (f: ValidatedSettings): boolean => f.trust === undefined || f.trust === "trusted"

/**
 * Apply the managed policy to layered files (given in managed, user, project,
 * local, plugin order).
 *
 * **Details**
 *
 * - A managed `disableAllHooks: true` switches every hook off.
 * - A managed `allowManagedHooksOnly: true`: only managed hooks run; the
 *   others are `excluded`.
 * - The last user, project or local file (that counts) setting
 *   `disableAllHooks` decides for the non-managed hooks: `true` switches them
 *   off (`excluded` when managed hooks still run, else `disabled`); it cannot
 *   switch managed hooks off.
 * - `env`: the maps of the counted files merged, later files winning (a
 *   managed file's variables are merged last, so policy wins).
 *
 * **Example** (A user switch leaves managed hooks running)
 *
 * ```ts
 * applyHookPolicy([managed, { ...user, disableAllHooks: true }])
 * // => { hooks: managed.hooks, disabled: false, excluded: { reason: "disableAllHooks", ... } }
 * ```
 *
 * @category layering
 * @since 0.2.0
 */
export const applyHookPolicy = (files: ReadonlyArray<ValidatedSettings>): HookPolicy => {
  const counted = files.filter(fileCounts)
  // A plugin that managed settings name is managed too (Claude Code: "except plugins that managed settings force-enable").
  const isManaged = (f: ValidatedSettings) => f.scope === "managed" || f.plugin?.managed === true
  const managed = counted.filter(isManaged)
  const others = counted.filter((f) => !isManaged(f))
  let managedDisabled = false
  let managedOnly: ValidatedSettings | undefined
  for (const f of managed) {
    if (f.scope === "plugin") continue
    if (f.disableAllHooks !== undefined) managedDisabled = f.disableAllHooks
    if (f.allowManagedHooksOnly === true) managedOnly = f
  }
  let lowerDisabled: ValidatedSettings | undefined
  for (const f of others) {
    if (f.scope === "plugin" || f.disableAllHooks === undefined) continue
    lowerDisabled = f.disableAllHooks ? f : undefined
  }
  const env: Record<string, string> = {}
  for (const f of [...others, ...managed]) Object.assign(env, f.env ?? {})
  const managedHooks = managed.flatMap((f) => f.hooks)
  const otherHooks = others.flatMap((f) => f.hooks)
  if (managedDisabled) return { hooks: [], disabled: true, env }
  const policy =
    managedOnly !== undefined
      ? { reason: "allowManagedHooksOnly" as const, file: managedOnly.file }
      : lowerDisabled !== undefined
        ? { reason: "disableAllHooks" as const, file: lowerDisabled.file }
        : undefined
  if (policy === undefined) return { hooks: counted.flatMap((f) => f.hooks), disabled: false, env }
  if (policy.reason === "disableAllHooks" && managedHooks.length === 0) return { hooks: [], disabled: true, env }
  return {
    hooks: managedHooks,
    disabled: false,
    env,
    ...(otherHooks.length === 0 ? {} : { excluded: { ...policy, hooks: otherHooks } })
  }
}
