/**
 * Path globs of permission rules: `*`-only wildcards (linear, no regular
 * expression), path normalising, and gitignore-style segment globs where
 * `**` spans any number of segments. Pure string work on `/`-separated paths
 * (no `node:path`), so it runs in a browser.
 *
 * @internal
 */

/**
 * Whether `text` matches `pattern`, where `*` stands for any characters (and
 * `?` for one, when `question` is set) and nothing else is special. Greedy
 * with one backtrack point, so it takes at most |text| x |pattern| steps: no
 * pattern can make a tool call hang the engine (unlike a regular expression
 * with several `.*`).
 */
export const wildcardMatch = (text: string, pattern: string, question = false): boolean => {
  let t = 0
  let p = 0
  let star = -1
  let mark = 0
  while (t < text.length) {
    if (p < pattern.length && ((pattern[p] === text[t] && pattern[p] !== "*") || (question && pattern[p] === "?"))) {
      t++
      p++
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++
      mark = t
    } else if (star !== -1) {
      p = star + 1
      t = ++mark
    } else return false
  }
  while (p < pattern.length && pattern[p] === "*") p++
  return p === pattern.length
}

/** `/a/./b/../c//d` -> `/a/c/d`; a relative path stays relative. */
export const normalizePath = (path: string): string => {
  const absolute = path.startsWith("/")
  const parts: Array<string> = []
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue
    if (part === "..") {
      if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop()
      else if (!absolute) parts.push("..")
      continue
    }
    parts.push(part)
  }
  return (absolute ? "/" : "") + parts.join("/")
}

/** `relative` resolved against `base`, normalised. */
export const joinPath = (base: string, relative: string): string => normalizePath(`${base}/${relative}`)

/** `path` relative to `dir`, or `undefined` when it is not inside it. */
export const relativeTo = (dir: string, path: string): string | undefined => {
  const d = normalizePath(dir)
  if (path === d) return ""
  const prefix = d.endsWith("/") ? d : `${d}/`
  return path.startsWith(prefix) ? path.slice(prefix.length) : undefined
}

/**
 * Whether the path segments from `ti` match the glob segments from `gi`: `**`
 * matches any number of segments, `*` and `?` match within one. Memoised, so
 * the work is bounded by segments x segments x segment length.
 */
export const segmentsMatch = (glob: ReadonlyArray<string>, path: ReadonlyArray<string>): boolean => {
  const memo = new Map<number, boolean>()
  const go = (gi: number, ti: number): boolean => {
    const key = gi * (path.length + 1) + ti
    const known = memo.get(key)
    if (known !== undefined) return known
    let result: boolean
    if (gi === glob.length) result = ti === path.length
    else if (glob[gi] === "**") result = go(gi + 1, ti) || (ti < path.length && go(gi, ti + 1))
    else
      result =
        ti < path.length && wildcardMatch(path[ti]!, glob[gi]!.replace(/\*\*+/g, "*"), true) && go(gi + 1, ti + 1)
    memo.set(key, result)
    return result
  }
  return go(0, 0)
}
