/**
 * The house rules as data: the folder ranks of `src/` and every import that
 * runs up them, every function longer than the limit and whether a reason is
 * written beside it, and the largest files. `test/package/house-rules.test.ts`
 * fails on a broken rule; run this file to print the figures:
 *
 *     node scripts/house-rules.ts            # the report
 *     node scripts/house-rules.ts --json     # the same as JSON
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import ts from "typescript"
import { resolveRelative, specifiersOf } from "../test/package/import-graph.ts"

/** The repository root. */
export const repo = resolve(import.meta.dirname, "..")

/**
 * The rank of each top-level room of `src/` (ARCHITECTURE section 1): a module
 * may import from its own rank or below, never above. `core` and `effects` share
 * a rank (the decision and the effects it returns). `demo/` (a scripted agent
 * session the `demo` and `serve` commands play) sits between the hosts it
 * drives and the CLI that starts it. The entry files at the top of `src/`
 * (`index.ts`, `bin.ts`) rank above everything.
 */
export const ranks: Readonly<Record<string, number>> = {
  internal: 0,
  core: 1,
  effects: 1,
  settings: 2,
  runner: 3,
  interpreters: 4,
  hosts: 5,
  demo: 6,
  cli: 7,
  "(entry)": 8
}

/** The room a source file lives in: its first folder under `src/`, or `(entry)` for `src/*.ts`. */
export const roomOf = (path: string): string => {
  const parts = relative(join(repo, "src"), path).split("/")
  return parts.length === 1 ? "(entry)" : parts[0]!
}

/** Every `.ts` file under a folder, sorted. */
export const sourceFiles = (dir: string = join(repo, "src")): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? sourceFiles(join(dir, entry.name))
        : entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")
          ? [join(dir, entry.name)]
          : []
    )
    .sort()

/** An import from a lower room to a higher one. */
export interface UpImport {
  readonly from: string
  readonly to: string
  readonly specifier: string
}

/** Every relative import (type imports, re-exports and `import()` included) that runs up the ranks. */
export const upImports = (
  files: ReadonlyArray<string> = sourceFiles(),
  read: (path: string) => string = (path) => readFileSync(path, "utf8")
): ReadonlyArray<UpImport> =>
  files.flatMap((file) => {
    const rank = ranks[roomOf(file)]
    if (rank === undefined) return [{ from: relative(repo, file), to: "(a room with no rank)", specifier: "" }]
    return specifiersOf(file, read(file)).flatMap((specifier) => {
      if (!specifier.startsWith(".")) return []
      const target = resolveRelative(file, specifier)
      if (target === undefined || !target.startsWith(join(repo, "src"))) return []
      const targetRank = ranks[roomOf(target)]
      return targetRank === undefined || targetRank > rank
        ? [{ from: relative(repo, file), to: relative(repo, target), specifier }]
        : []
    })
  })

/** Functions longer than this many lines need a reason written beside them. */
export const functionLineLimit = 80

/** A function (declaration, expression, arrow, method or accessor) and its length in lines. */
export interface LongFunction {
  readonly file: string
  readonly line: number
  readonly name: string
  readonly lines: number
  /** The text after `// long:` in the comments just before the function (or its declaration), if any. */
  readonly reason: string | undefined
}

const nameOf = (node: ts.Node): string => {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isAccessor(node)) && node.name) {
    return node.name.getText()
  }
  let at: ts.Node = node.parent
  while (ts.isParenthesizedExpression(at) || ts.isCallExpression(at) || ts.isAsExpression(at)) at = at.parent
  if (ts.isVariableDeclaration(at) || ts.isPropertyAssignment(at) || ts.isPropertyDeclaration(at)) {
    return at.name.getText()
  }
  return "(anonymous)"
}

/** The node whose leading comments count as "beside" the function: its statement or property. */
const anchorOf = (node: ts.Node): ts.Node => {
  let at: ts.Node = node
  while (
    at.parent !== undefined &&
    !ts.isSourceFile(at.parent) &&
    !ts.isBlock(at.parent) &&
    !ts.isClassLike(at.parent) &&
    !ts.isObjectLiteralExpression(at.parent)
  ) {
    at = at.parent
  }
  return at
}

const reasonBefore = (source: ts.SourceFile, node: ts.Node): string | undefined => {
  const text = source.getFullText()
  for (const candidate of [node, anchorOf(node)]) {
    for (const range of ts.getLeadingCommentRanges(text, candidate.getFullStart()) ?? []) {
      const match = /\blong:\s*(\S.*?)\s*(?:\*\/)?$/m.exec(text.slice(range.pos, range.end))
      if (match !== null) return match[1]
    }
  }
  return undefined
}

/** Every function of a source text longer than `limit` lines, with the reason written beside it. */
export const longFunctionsIn = (
  file: string,
  text: string,
  limit: number = functionLineLimit
): ReadonlyArray<LongFunction> => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: Array<LongFunction> = []
  const visit = (node: ts.Node, outerLines: number): void => {
    let inner = outerLines
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      inner = lines
      // A function that is nearly all of its enclosing long function (the callback an
      // `Effect.gen` or `Effect.callback` wraps) is the same unit: the outer one is reported.
      if (lines > limit && lines < outerLines - 10) {
        found.push({
          file: relative(repo, file),
          line: start + 1,
          name: nameOf(node),
          lines,
          reason: reasonBefore(source, node)
        })
      }
    }
    ts.forEachChild(node, (child) => visit(child, inner))
  }
  visit(source, Number.POSITIVE_INFINITY)
  return found
}

/** Every long function under `src/`, longest first. */
export const longFunctions = (files: ReadonlyArray<string> = sourceFiles()): ReadonlyArray<LongFunction> =>
  files.flatMap((file) => longFunctionsIn(file, readFileSync(file, "utf8"))).sort((a, b) => b.lines - a.lines)

/** A file and its size in lines. */
export interface FileSize {
  readonly file: string
  readonly lines: number
}

/** The largest files under `src/`, largest first. */
export const largestFiles = (count: number, files: ReadonlyArray<string> = sourceFiles()): ReadonlyArray<FileSize> =>
  files
    .map((file) => ({ file: relative(repo, file), lines: readFileSync(file, "utf8").split("\n").length - 1 }))
    .sort((a, b) => b.lines - a.lines)
    .slice(0, count)

/** The number of distinct names each entry's API report lists (a name that is both a type and a value counts once). */
export const exportCounts = (): Readonly<Record<string, number>> =>
  Object.fromEntries(
    readdirSync(join(repo, "api"))
      .filter((name) => name.endsWith(".api.md"))
      .sort()
      .map((name) => {
        const headings = readFileSync(join(repo, "api", name), "utf8").matchAll(/^## (\S+) \(/gm)
        return [name.replace(/\.api\.md$/, ""), new Set(Array.from(headings, (m) => m[1])).size]
      })
  )

if (import.meta.main) {
  const report = {
    upImports: upImports(),
    longFunctions: longFunctions(),
    largestFiles: largestFiles(15),
    exports: exportCounts()
  }
  if (process.argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  } else {
    const lines = [
      `imports running up the ranks: ${report.upImports.length}`,
      ...report.upImports.map((u) => `  ${u.from} -> ${u.to}`),
      `functions over ${functionLineLimit} lines: ${report.longFunctions.length} (${report.longFunctions.filter((f) => f.reason === undefined).length} without a reason)`,
      ...report.longFunctions.map(
        (f) =>
          `  ${String(f.lines).padStart(4)}  ${f.file}:${f.line} ${f.name}${f.reason === undefined ? "" : `  (long: ${f.reason})`}`
      ),
      "largest files:",
      ...report.largestFiles.map((f) => `  ${String(f.lines).padStart(4)}  ${f.file}`),
      "exports per entry:",
      ...Object.entries(report.exports).map(([entry, count]) => `  ${String(count).padStart(4)}  ${entry}`)
    ]
    process.stdout.write(`${lines.join("\n")}\n`)
  }
}
