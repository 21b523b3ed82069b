/**
 * The Stop-loop cap from the environment (ARCHITECTURE section 6.6):
 * `WAVE_STOP_HOOK_BLOCK_CAP`, else Claude Code's
 * `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP`.
 *
 * @since 0.2.0
 */

/**
 * The variables that set the cap, the first set one wins.
 *
 * @category constants
 * @since 0.2.0
 */
const stopLoopCapVariables = ["WAVE_STOP_HOOK_BLOCK_CAP", "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"] as const

/**
 * The cap a variable sets: a whole number of at least 1. `undefined` when
 * none is set; a value that is not such a number is ignored (the default
 * applies) with `problem` saying so.
 *
 * **Example** (Raising the cap)
 *
 * ```ts
 * stopLoopCapFromEnv({ CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "20" }) // => { cap: 20 }
 * ```
 *
 * @category running
 * @since 0.2.0
 */
export const stopLoopCapFromEnv = (env: {
  readonly [name: string]: string | undefined
}): { readonly cap?: number; readonly problem?: string } | undefined => {
  for (const name of stopLoopCapVariables) {
    const value = env[name]
    if (value === undefined || value.trim() === "") continue
    const cap = Number(value)
    if (Number.isInteger(cap) && cap >= 1) return { cap }
    return {
      problem:
        `${name}=${JSON.stringify(value)} is not a whole number of at least 1, so the default Stop-loop cap (8) applies; ` +
        `set it to e.g. 20, or unset it`
    }
  }
  return undefined
}
