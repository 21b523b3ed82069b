/**
 * The Node versions wave-hooks supports, what it says on an older one, and
 * its own version. package.json says the same (a test keeps them equal).
 *
 * @since 0.3.0
 */

/**
 * The oldest supported Node, as `[major, minor]`.
 *
 * @since 0.3.0
 */
export const minimumNode: readonly [number, number] = [22, 19]

/**
 * The warning for a Node older than `minimumNode`, or `undefined` on a
 * supported one. wave-hooks goes on after the warning rather than refusing:
 * an agent that runs `wave-hooks run` as a hook would read a refusal as a
 * failed hook and let the tool call through.
 *
 * **Example**
 *
 * ```ts
 * unsupportedNodeWarning("20.20.2")
 * // "wave-hooks: this is Node 20.20.2; wave-hooks supports Node 22.19 or newer ..."
 * ```
 *
 * @since 0.3.0
 */
export const unsupportedNodeWarning = (version: string): string | undefined => {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number)
  const [minMajor, minMinor] = minimumNode
  if (major > minMajor || (major === minMajor && minor >= minMinor)) return undefined
  return (
    `wave-hooks: this is Node ${version.replace(/^v/, "")}; wave-hooks supports Node ${minMajor}.${minMinor} or newer ` +
    `(22 LTS or 24 LTS) and is not tested on older ones: install a supported Node from https://nodejs.org ` +
    `(or with nvm: nvm install 24).`
  )
}

/**
 * The version `wave-hooks --version` prints; a test keeps it equal to
 * package.json's `version`.
 *
 * @since 0.3.0
 */
export const packageVersion = "0.3.0"
