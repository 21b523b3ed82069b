/**
 * The `@example` blocks of the doc comments under `src/`, type-checked as a
 * user would write them: each fenced `ts` block becomes a module that imports
 * `wave-hooks/...` (mapped to `src/` as `tsconfig.examples.json` does) and is
 * compiled with the examples' options. Each block is also a doctest of its
 * module: the module's exports are in scope. Values the reader
 * supplies are declared in the block (`declare const user: ValidatedSettings`),
 * so the reader sees their types too.
 *
 *     node scripts/doc-examples.ts            # type-check every block
 *     node scripts/doc-examples.ts --list     # where each block is
 *     node scripts/doc-examples.ts --self-test  # a planted wrong block fails, alone
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import ts from "typescript"
import { repo, sourceFiles } from "./house-rules.ts"

/** One fenced block of an `@example` tag. */
export interface DocExample {
  readonly file: string
  /** The 1-based line of the block's first code line in `file`. */
  readonly line: number
  readonly code: string
}

/** Every fenced ts block that follows an `@example` tag in a doc comment of `text`. */
export const examplesIn = (file: string, text: string): ReadonlyArray<DocExample> => {
  const lines = text.split("\n")
  const found: Array<DocExample> = []
  let inExample = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/^\s*\*\s?/, "")
    if (/^@example\b/.test(line)) inExample = true
    else if (/^@\w/.test(line) || /\*\/\s*$/.test(lines[i]!)) inExample = false
    else if (inExample && /^```(ts|typescript)\s*$/.test(line)) {
      const start = i + 1
      const body: Array<string> = []
      for (i = start; i < lines.length && !/^```\s*$/.test(lines[i]!.replace(/^\s*\*\s?/, "")); i++) {
        body.push(lines[i]!.replace(/^\s*\* ?/, ""))
      }
      found.push({ file, line: start + 1, code: body.join("\n") })
    }
  }
  return found
}

/** The names a module exports (declarations with `export`, and `export { ... }` lists). */
export const exportedNames = (file: string, text: string): ReadonlyArray<string> => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  return source.statements.flatMap((statement) => {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause
      return clause !== undefined && ts.isNamedExports(clause) ? clause.elements.map((e) => e.name.text) : []
    }
    const exported =
      ts.canHaveModifiers(statement) &&
      (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    if (!exported) return []
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []))
    }
    const name = (statement as ts.DeclarationStatement).name
    return name !== undefined && ts.isIdentifier(name) ? [name.text] : []
  })
}

/** Every `@example` block under `src/`. */
export const docExamples = (): ReadonlyArray<DocExample> =>
  sourceFiles().flatMap((file) => examplesIn(relative(repo, file), readFileSync(file, "utf8")))

/** Type-check the blocks; the compiler's errors point back at the source file and line. */
export const checkDocExamples = (examples: ReadonlyArray<DocExample>): ReadonlyArray<string> => {
  const dir = join(repo, "node_modules", ".cache", "doc-examples")
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const names = examples.map((example, i) => {
    const name = `example-${String(i).padStart(3, "0")}.ts`
    const source = join(repo, example.file)
    // A block sees its module's exports (those it does not import itself), on its first line so line numbers hold.
    const imported = new Set(
      [...example.code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
        m[1]!.split(",").map((name) =>
          name
            .replace(/^\s*type\s+/, "")
            .split(/\s+as\s+/)
            .pop()!
            .trim()
        )
      )
    )
    const exported = existsSync(source) ? exportedNames(source, readFileSync(source, "utf8")) : []
    const own = [...new Set(exported)].filter((name) => !imported.has(name))
    const prelude =
      own.length === 0 ? "" : `import { ${own.join(", ")} } from ${JSON.stringify(relative(dir, source))}; `
    // `export {}` makes every block a module (top-level await and import are then allowed).
    writeFileSync(join(dir, name), `${prelude}${example.code}\nexport {}\n`)
    return name
  })
  const base = JSON.parse(readFileSync(join(repo, "tsconfig.examples.json"), "utf8")) as {
    compilerOptions: { paths: Record<string, ReadonlyArray<string>> } & Record<string, unknown>
  }
  const paths = Object.fromEntries(
    Object.entries(base.compilerOptions.paths).map(([k, v]) => [k, v.map((p) => relative(dir, join(repo, p)))])
  )
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { ...base.compilerOptions, paths }, files: names }, null, 2)
  )
  const tsc = spawnSync(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", dir], {
    encoding: "utf8"
  })
  if (tsc.status === 0) return []
  return tsc.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const match = /^(?:\S*\/)?example-(\d+)\.ts\((\d+),(\d+)\): (.*)$/.exec(line)
      if (match === null) return line.startsWith(" ") ? `  ${line.trim()}` : line
      const example = examples[Number(match[1])]!
      return `${example.file}:${example.line + Number(match[2]) - 1}:${match[3]} (@example) ${match[4]}`
    })
}

if (import.meta.main) {
  const examples = docExamples()
  if (process.argv.includes("--self-test")) {
    const planted: DocExample = {
      file: "src/planted.ts",
      line: 10,
      code: 'import { decide, hookRun } from "wave-hooks"\nconst effects: number = decide("PreToolUse", hookRun({ exitCode: 0 }))'
    }
    const problems = checkDocExamples([...examples, planted])
    const expected = problems.filter((p) => p.startsWith("src/planted.ts:"))
    if (expected.length !== 1 || problems.some((p) => !p.startsWith(" ") && !p.startsWith("src/planted.ts:"))) {
      process.stderr.write(`self-test: expected exactly one error, at src/planted.ts; got:\n${problems.join("\n")}\n`)
      process.exit(1)
    }
    process.stdout.write(`self-test: the planted block fails (${expected[0]})\n`)
  } else if (process.argv.includes("--list")) {
    for (const example of examples) process.stdout.write(`${example.file}:${example.line}\n`)
  } else {
    const problems = checkDocExamples(examples)
    if (problems.length > 0) {
      process.stderr.write(`${problems.join("\n")}\n${examples.length} @example blocks; fix the ones above.\n`)
      process.exit(1)
    }
    process.stdout.write(`${examples.length} @example blocks type-check\n`)
  }
}
