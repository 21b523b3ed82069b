/**
 * Check the links of README.md and docs/**\/*.md without the network: every relative link must name a
 * file or directory that exists, and every `#anchor` (in the same page or another Markdown page) a
 * heading of that page, by GitHub's slug rules. External http(s) and mailto links are only listed.
 *
 *   node scripts/docs-links.ts --check [--list-external] [--root DIR]
 */
import { existsSync, readFileSync, statSync } from "node:fs"
import { dirname, join, normalize } from "node:path"
import { fileURLToPath } from "node:url"
import { docsMarkdownFiles, fencedLines, rootArgument } from "./docs-markdown.ts"

/** One link found in a Markdown file. */
export interface DocsLink {
  readonly file: string
  readonly line: number
  readonly target: string
}

/** One link that does not resolve. */
export interface BrokenLink extends DocsLink {
  readonly message: string
}

/** GitHub's anchor of a heading text: markup removed, lower case, punctuation dropped, spaces to hyphens. */
export const githubSlug = (heading: string): string =>
  heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/gu, "$1")
    .replace(/<[^>]+>/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /gu, "-")

/** The anchors of a Markdown text's headings (ATX `#` headings outside code blocks), duplicates numbered as GitHub does. */
export const headingAnchors = (source: string): ReadonlySet<string> => {
  const lines = source.split("\n")
  const fenced = fencedLines(lines)
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  lines.forEach((line, i) => {
    const m = fenced[i] ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/u.exec(line)
    if (m === null) return
    const slug = githubSlug(m[1]!)
    const n = seen.get(slug) ?? 0
    seen.set(slug, n + 1)
    anchors.add(n === 0 ? slug : `${slug}-${n}`)
  })
  for (const m of source.matchAll(/<a\s+(?:name|id)="([^"]+)"/gu)) anchors.add(m[1]!)
  return anchors
}

/** The link targets of a Markdown text: inline links, images and reference definitions, outside code blocks and code spans. */
export const linksOf = (file: string, source: string): ReadonlyArray<DocsLink> => {
  const lines = source.split("\n")
  const fenced = fencedLines(lines)
  return lines.flatMap((line, i) => {
    if (fenced[i]) return []
    const text = line.replace(/(`+)[\s\S]*?\1/gu, "")
    const inline = Array.from(text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/gu), (m) => m[1]!)
    const reference = Array.from(text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$/gu), (m) => m[1]!)
    const href = Array.from(text.matchAll(/<a\s[^>]*href="([^"]+)"/gu), (m) => m[1]!)
    return [...inline, ...reference, ...href].map((target) => ({ file, line: i + 1, target }))
  })
}

/** Whether a link leaves the repository: a URL with a scheme (http, https, mailto, ...). */
export const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/iu.test(target)

/** Every link of the docs under `root`, and the relative ones that do not resolve. */
export const checkLinks = (
  root: string
): { readonly links: ReadonlyArray<DocsLink>; readonly broken: ReadonlyArray<BrokenLink> } => {
  const anchorsOf = new Map<string, ReadonlySet<string>>()
  const anchors = (path: string) => {
    let found = anchorsOf.get(path)
    if (found === undefined) anchorsOf.set(path, (found = headingAnchors(readFileSync(join(root, path), "utf8"))))
    return found
  }
  const links = docsMarkdownFiles(root).flatMap((file) => linksOf(file, readFileSync(join(root, file), "utf8")))
  const broken: Array<BrokenLink> = []
  for (const link of links) {
    if (isExternal(link.target)) continue
    const hash = link.target.indexOf("#")
    const pathPart = decodeURIComponent(hash < 0 ? link.target : link.target.slice(0, hash))
    const anchor = hash < 0 ? undefined : decodeURIComponent(link.target.slice(hash + 1))
    const path = pathPart === "" ? link.file : normalize(join(dirname(link.file), pathPart))
    if (path.startsWith("..")) {
      broken.push({ ...link, message: `${link.target} leads outside the repository` })
      continue
    }
    if (!existsSync(join(root, path))) {
      broken.push({ ...link, message: `${link.target}: ${path} does not exist` })
      continue
    }
    if (anchor === undefined || anchor === "") continue
    if (statSync(join(root, path)).isDirectory() || !path.endsWith(".md")) {
      if (!/^L\d+(-L\d+)?$/u.test(anchor))
        broken.push({ ...link, message: `${link.target}: #${anchor} on a file that is not Markdown` })
      continue
    }
    if (!anchors(path).has(anchor))
      broken.push({ ...link, message: `${link.target}: ${path} has no heading with the anchor #${anchor}` })
  }
  return { links, broken }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2)
  const root = rootArgument(argv, fileURLToPath(new URL("../", import.meta.url)))
  const { links, broken } = checkLinks(root)
  const external = links.filter((l) => isExternal(l.target))
  if (argv.includes("--list-external"))
    for (const l of external) console.log(`${l.file}:${l.line}: ${l.target} (external, not fetched)`)
  for (const b of broken) console.error(`${b.file}:${b.line}: ${b.message}`)
  if (broken.length > 0) process.exit(1)
  console.log(
    `docs links: ${links.length - external.length} relative links resolve; ${external.length} external links listed, not fetched`
  )
}
