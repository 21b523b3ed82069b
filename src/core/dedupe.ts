/**
 * Running identical hooks once (ARCHITECTURE section 6): hooks with the same
 * command and effective timeout run once, in the place of the first.
 *
 * @since 0.1.0
 */

/**
 * What makes two hooks identical.
 *
 * @category models
 * @since 0.1.0
 */
export interface HookIdentity {
  readonly command: string
  readonly timeoutSeconds: number
}

/**
 * The key under which two hooks count as identical.
 *
 * @category dedupe
 * @since 0.1.0
 */
export const identityKey = (hook: HookIdentity): string => `${hook.timeoutSeconds}\u0000${hook.command}`

/**
 * Keep the first of each group of identical hooks, in order.
 *
 * **Example** (Two files configure the same formatter)
 *
 * ```ts
 * dedupeHooks([{ command: "fmt", timeoutSeconds: 60 }, { command: "fmt", timeoutSeconds: 60 }])
 * // => [{ command: "fmt", timeoutSeconds: 60 }]
 * ```
 *
 * @category dedupe
 * @since 0.1.0
 */
export const dedupeHooks = <H extends HookIdentity>(hooks: ReadonlyArray<H>): ReadonlyArray<H> => {
  const seen = new Set<string>()
  const kept: Array<H> = []
  for (const hook of hooks) {
    const key = identityKey(hook)
    if (seen.has(key)) continue
    seen.add(key)
    kept.push(hook)
  }
  return kept
}
