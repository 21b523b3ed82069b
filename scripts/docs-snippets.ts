/**
 * Keep the docs' example code equal to the real example files. In README.md and docs/**\/*.md a line
 * `<!-- snippet: examples/path/file.ts -->` (or `...file.ts#region-name`) must be followed directly by
 * a fenced code block whose body is that file's text (or the text between its `// #region NAME` and
 * `// #endregion NAME` lines, `#` instead of `//` for shell; other region marker lines removed).
 *
 *   node scripts/docs-snippets.ts --check    exit 1, naming file:line and the example, on drift or a missing file
 *   node scripts/docs-snippets.ts --update   rewrite the blocks from the files
 *   --root DIR                               the repository to read (default: this one)
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { docsMarkdownFiles, fenceOpening, rootArgument } from "./docs-markdown.ts"

/** A snippet marker line: the example's path and optional region. */
const markerLine = /^<!--\s*snippet:\s*([^\s#]+)(?:#([\w.-]+))?\s*-->\s*$/u

/** A region marker line, `// #region NAME`, `# #region NAME` or `// #endregion NAME`. */
const regionLine = /^\s*(?:\/\/|#)\s*#(region|endregion)\b\s*(\S*)\s*$/u

/** One problem found in a Markdown file. */
export interface SnippetProblem {
  readonly file: string
  readonly line: number
  readonly message: string
}

/** The text a snippet of `path` (with optional `region`) must show, or an error message. */
export const snippetText = (
  root: string,
  path: string,
  region: string | undefined
): { readonly text: string } | { readonly error: string } => {
  const file = join(root, path)
  if (!existsSync(file)) return { error: `the example ${path} does not exist` }
  const lines = readFileSync(file, "utf8").replace(/\r\n/gu, "\n").replace(/\n+$/u, "").split("\n")
  if (region === undefined) return { text: lines.join("\n") }
  const start = lines.findIndex((l) => {
    const m = regionLine.exec(l)
    return m !== null && m[1] === "region" && m[2] === region
  })
  if (start < 0) return { error: `the example ${path} has no "#region ${region}" line` }
  const end = lines.findIndex((l, i) => {
    const m = regionLine.exec(l)
    return i > start && m !== null && m[1] === "endregion" && m[2] === region
  })
  if (end < 0) return { error: `the example ${path} has no "#endregion ${region}" line after its "#region ${region}"` }
  return {
    text: lines
      .slice(start + 1, end)
      .filter((l) => !regionLine.test(l))
      .join("\n")
  }
}

/** Check (and with `update`, rewrite) every snippet of one Markdown text; returns the new text and the problems left. */
export const processMarkdown = (
  root: string,
  file: string,
  source: string,
  update: boolean
): { readonly text: string; readonly problems: ReadonlyArray<SnippetProblem> } => {
  const lines = source.split("\n")
  const out: Array<string> = []
  const problems: Array<SnippetProblem> = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    out.push(line)
    const marker = markerLine.exec(line)
    if (marker === null) continue
    const [path, region] = [marker[1]!, marker[2]]
    const where = { file, line: i + 1 }
    const opening = lines[i + 1] === undefined ? null : fenceOpening.exec(lines[i + 1]!)
    if (opening === null) {
      problems.push({ ...where, message: `the snippet of ${path} is not followed directly by a fenced code block` })
      continue
    }
    const fence = opening[1]!
    const close = lines.findIndex((l, j) => j > i + 1 && l.trimEnd() === fence)
    if (close < 0) {
      problems.push({ ...where, message: `the code block of the snippet of ${path} is not closed` })
      continue
    }
    const body = lines.slice(i + 2, close).join("\n")
    const wanted = snippetText(root, path + "", region)
    if ("error" in wanted) {
      problems.push({ ...where, message: wanted.error })
      out.push(...lines.slice(i + 1, close + 1))
    } else if (body === wanted.text) {
      out.push(...lines.slice(i + 1, close + 1))
    } else if (update) {
      out.push(lines[i + 1]!, ...(wanted.text === "" ? [] : [wanted.text]), lines[close]!)
    } else {
      problems.push({
        ...where,
        message: `the code block differs from ${path}${region === undefined ? "" : `#${region}`} (run: node scripts/docs-snippets.ts --update)`
      })
      out.push(...lines.slice(i + 1, close + 1))
    }
    i = close
  }
  return { text: out.join("\n"), problems }
}

/** Check or update every snippet under `root`; returns the problems (after an update, those it could not fix). */
export const runSnippets = (root: string, update: boolean): ReadonlyArray<SnippetProblem> =>
  docsMarkdownFiles(root).flatMap((file) => {
    const source = readFileSync(join(root, file), "utf8")
    const result = processMarkdown(root, file, source, update)
    if (update && result.text !== source) {
      writeFileSync(join(root, file), result.text)
      console.log(`updated ${file}`)
    }
    return result.problems
  })

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2)
  const update = argv.includes("--update")
  if (!update && !argv.includes("--check")) {
    console.error("usage: node scripts/docs-snippets.ts --check|--update [--root DIR]")
    process.exit(2)
  }
  const root = rootArgument(argv, fileURLToPath(new URL("../", import.meta.url)))
  const problems = runSnippets(root, update)
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`)
  if (problems.length > 0) process.exit(1)
  console.log(`docs snippets: ${update ? "updated" : "all equal to their files"}`)
}
