/**
 * The Markdown files the docs scripts read (README.md and docs/**\/*.md) and the helpers they share:
 * finding those files under a root, and telling which lines sit inside a fenced code block.
 */
import { existsSync, readdirSync, statSync } from "node:fs"
import { join, relative } from "node:path"

/** The Markdown files of the docs under `root`, relative to it, sorted: README.md first, then docs/**\/*.md. */
export const docsMarkdownFiles = (root: string): ReadonlyArray<string> => {
  const found: Array<string> = []
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (name.endsWith(".md")) found.push(relative(root, path))
    }
  }
  if (existsSync(join(root, "docs"))) walk(join(root, "docs"))
  return [...(existsSync(join(root, "README.md")) ? ["README.md"] : []), ...found]
}

/** A fence opening line: three or more backticks or tildes, then an optional info string. */
export const fenceOpening = /^(`{3,}|~{3,})(.*)$/u

/** For each line of `lines`, whether it is part of a fenced code block (its fences included). */
export const fencedLines = (lines: ReadonlyArray<string>): ReadonlyArray<boolean> => {
  const inside: Array<boolean> = []
  let fence: string | undefined
  for (const line of lines) {
    if (fence === undefined) {
      const m = fenceOpening.exec(line)
      if (m !== null) fence = m[1]!
      inside.push(m !== null)
    } else {
      inside.push(true)
      const t = line.trim()
      if (t.length >= fence.length && t === fence[0]!.repeat(t.length)) fence = undefined
    }
  }
  return inside
}

/** The value of `--root DIR` in `argv`, else `fallback`. */
export const rootArgument = (argv: ReadonlyArray<string>, fallback: string): string => {
  const i = argv.indexOf("--root")
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback
}
