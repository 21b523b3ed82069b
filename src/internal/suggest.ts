/**
 * "Did you mean ...?" suggestions for misspelt names (events, hook types, flags).
 *
 * @since 0.1.0
 */

/**
 * Edit distance between two strings, compared case-insensitively.
 *
 * @category suggestions
 * @since 0.1.0
 */
export const editDistance = (a: string, b: string): number => {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j)
  for (let i = 1; i <= x.length; i++) {
    const current = [i]
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
    }
    previous = current
  }
  return previous[y.length]!
}

/**
 * The candidate closest to `name`, or `undefined` when none is reasonably close
 * (more than half of the name would have to change).
 *
 * **Example** (Suggesting an event)
 *
 * ```ts
 * closest("PreTooluse", ["PreToolUse", "PostToolUse"]) // => "PreToolUse"
 * closest("xyz", ["PreToolUse"])                       // => undefined
 * ```
 *
 * @category suggestions
 * @since 0.1.0
 */
export const closest = (name: string, candidates: ReadonlyArray<string>): string | undefined => {
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.ceil(name.length / 2)) ? best : undefined
}
