/**
 * The public API report: every export of every entry point in package.json
 * `exports`, with its kind and type, one file per entry under `api/`
 * (`api/wave-hooks.api.md`, `api/wave-hooks-runner.api.md`, ...).
 *
 * - `npm run api:update` (`node scripts/api-report.ts --update`) writes them.
 * - `npm run api:check` (`--check`) regenerates them in memory and fails,
 *   printing the diff, when they differ from the checked-in files: a changed
 *   public API is then a reviewed change (run `npm run api:update`, commit).
 *
 * Types come from the TypeScript 5.9 compiler API on the `src` file each
 * entry's `types` path is built from (`./dist/x/index.d.ts` <- `src/x/index.ts`),
 * printed with `NoTruncation`; classes and interfaces list their members.
 * Output is sorted and free of absolute paths, so it is the same bytes on
 * every run and machine.
 *
 * The rule is "no `any` in public types": each export whose printed type
 * contains `any` gets a warning line in the report (and on stderr), so a new
 * one shows in the diff that `api:check` fails on. `--strict-any` also fails
 * when any exists.
 *
 * Both modes also fail when an entry exports something defined under
 * `src/internal/` (helpers that are never public).
 *
 * `--dir <path>` reads or writes the reports somewhere else than `api/`.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = fileURLToPath(new URL("../", import.meta.url))

export interface Entry {
  /** The import specifier: `wave-hooks`, `wave-hooks/runner`. */
  readonly specifier: string
  readonly source: string
  readonly reportFile: string
}

/** The entries of package.json `exports`, each mapped back from its `types` path to its source file. */
export const entries = (): ReadonlyArray<Entry> => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    readonly name: string
    readonly exports: Readonly<Record<string, string | { readonly types?: string }>>
  }
  const found: Array<Entry> = []
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string") continue // ./package.json
    if (target.types === undefined) throw new Error(`package.json exports["${subpath}"] has no "types"`)
    const source = target.types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts")
    if (!existsSync(join(root, source)))
      throw new Error(`exports["${subpath}"].types is ${target.types}, but ${source} does not exist`)
    const specifier = subpath === "." ? pkg.name : `${pkg.name}/${subpath.replace(/^\.\//, "")}`
    found.push({ specifier, source, reportFile: `${specifier.replace(/\//g, "-")}.api.md` })
  }
  return found.sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0))
}

const compilerOptions = (): ts.CompilerOptions => {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"))
      }
    }
  )
  if (parsed === undefined) throw new Error("cannot read tsconfig.json")
  return { ...parsed.options, noEmit: true }
}

const nodeFlags =
  ts.NodeBuilderFlags.NoTruncation |
  ts.NodeBuilderFlags.UseSingleQuotesForStringLiteralType |
  ts.NodeBuilderFlags.IgnoreErrors

const byName = <T extends { readonly name: string }>(a: T, b: T): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0

/**
 * Printed types hold no paths: the compiler writes `import("/abs/src/x").Name`
 * for a type the entry file does not import; that becomes `Name` for this
 * package's own types (the report names them where they are exported) and
 * `Module.Name` for a dependency's, as its users write it
 * (`import("/abs/node_modules/effect/dist/Schema").String` -> `Schema.String`).
 */
export const clean = (text: string): string =>
  text
    .replace(/import\("([^"]*)"\)\./g, (_, path: string) => {
      const inModules = path.lastIndexOf("node_modules/")
      if (inModules === -1) return ""
      const parts = path.slice(inModules + "node_modules/".length).split("/")
      const packageName = parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!
      const base = parts.at(-1)!.replace(/\.(d\.)?[mc]?[tj]s$/, "")
      return `${base === "index" ? packageName : base}.`
    })
    .split(root)
    .join("")

/** Whether printed type text uses `any` (outside string literals). */
export const usesAny = (text: string): boolean =>
  /\bany\b/.test(text.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''"))

interface Section {
  readonly name: string
  readonly kind: string
  readonly lines: ReadonlyArray<string>
  readonly anyWarning: boolean
}

const report = (
  program: ts.Program,
  entry: Entry
): { readonly text: string; readonly anyCount: number; readonly internal: ReadonlyArray<string> } => {
  const checker = program.getTypeChecker()
  const file = program.getSourceFile(join(root, entry.source))
  if (file === undefined) throw new Error(`${entry.source} is not in the program`)
  const moduleSymbol = checker.getSymbolAtLocation(file)
  if (moduleSymbol === undefined) throw new Error(`${entry.source} is not a module`)

  // Types are printed from the compiler's type nodes with the members of
  // every union and object type sorted: the compiler orders them by when it
  // first met each type (mapped types list keys in that order too), which any
  // unrelated change in the sources can shift.
  const printer = ts.createPrinter({ removeComments: true })
  const print = (node: ts.Node): string => printer.printNode(ts.EmitHint.Unspecified, node, file)
  /** Sorted by their text as the report shows it (after `clean`, so the order is the same from any checkout). */
  const sortedByText = <T extends ts.Node>(nodes: ReadonlyArray<T>): Array<T> =>
    nodes
      .map((node) => ({ node, key: clean(print(node)).replace(/^readonly /, "") }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((entry) => entry.node)
  const sortUnions: ts.TransformerFactory<ts.Node> = (context) => {
    const visit = (node: ts.Node): ts.Node => {
      const visited = ts.visitEachChild(node, visit, context)
      if (ts.isUnionTypeNode(visited)) {
        return ts.factory.updateUnionTypeNode(visited, ts.factory.createNodeArray(sortedByText(visited.types)))
      }
      if (ts.isTypeLiteralNode(visited)) {
        return ts.factory.updateTypeLiteralNode(visited, ts.factory.createNodeArray(sortedByText(visited.members)))
      }
      return visited
    }
    return visit
  }
  const printSorted = (node: ts.Node | undefined, what: string): string => {
    if (node === undefined) throw new Error(`the compiler could not print ${what} of ${entry.specifier}`)
    const result = ts.transform(node, [sortUnions])
    const text = print(result.transformed[0]!)
    result.dispose()
    return clean(text.replace(/;$/, ""))
  }
  const typeText = (type: ts.Type, aliasExpand = false): string =>
    printSorted(
      checker.typeToTypeNode(type, file, nodeFlags | (aliasExpand ? ts.NodeBuilderFlags.InTypeAlias : 0)),
      "a type"
    )
  /** `(a: A): R` */
  const signatureText = (signature: ts.Signature): string =>
    printSorted(
      checker.signatureToSignatureDeclaration(signature, ts.SyntaxKind.CallSignature, file, nodeFlags),
      "a signature"
    )

  const memberLines = (symbol: ts.Symbol, location: ts.Node, indent: string): Array<string> => {
    const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0 ? "?" : ""
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0]
    const modifiers = decl === undefined ? 0 : ts.getCombinedModifierFlags(decl)
    const readonly = (modifiers & ts.ModifierFlags.Readonly) !== 0 ? "readonly " : ""
    const isStatic = (modifiers & ts.ModifierFlags.Static) !== 0 ? "static " : ""
    const type = checker.getTypeOfSymbolAtLocation(symbol, location)
    if ((symbol.flags & ts.SymbolFlags.Method) !== 0) {
      return type.getCallSignatures().map((s) => `${indent}${isStatic}${symbol.name}${optional}${signatureText(s)}`)
    }
    return [`${indent}${isStatic}${readonly}${symbol.name}${optional}: ${typeText(type)}`]
  }

  const isPublicMember = (symbol: ts.Symbol): boolean => {
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0]
    if (decl === undefined) return true
    if (symbol.name.startsWith("#") || symbol.name.startsWith("__")) return false
    return (ts.getCombinedModifierFlags(decl) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) === 0
  }

  /** `export type { X }`, `export { type X }` (anywhere along a re-export chain): X has no value for importers. */
  const isTypeOnlyExport = (symbol: ts.Symbol): boolean => {
    for (let at: ts.Symbol | undefined = symbol; at !== undefined && (at.flags & ts.SymbolFlags.Alias) !== 0; ) {
      for (const decl of at.declarations ?? []) {
        if (ts.isExportSpecifier(decl) && (decl.isTypeOnly || decl.parent.parent.isTypeOnly)) return true
        if (ts.isImportSpecifier(decl) && (decl.isTypeOnly || decl.parent.parent.isTypeOnly === true)) return true
      }
      const next: ts.Symbol | undefined = checker.getImmediateAliasedSymbol(at)
      at = next === at ? undefined : next
    }
    return false
  }

  const meaningsOf = (symbol: ts.Symbol): ts.SymbolFlags => {
    const target = (symbol.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol
    const valueOnly = ts.SymbolFlags.Function | ts.SymbolFlags.Variable
    return isTypeOnlyExport(symbol) ? target.flags & ~valueOnly : target.flags
  }

  const sectionsOf = (exportName: string, symbol: ts.Symbol): Array<Section> => {
    const target = (symbol.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol
    const meanings = meaningsOf(symbol)
    const typeOnly = isTypeOnlyExport(symbol)
    const declarations = target.declarations ?? []
    const sections: Array<Section> = []
    const add = (kind: string, lines: Array<string>) =>
      sections.push({ name: exportName, kind, lines, anyWarning: lines.some(usesAny) })

    if ((meanings & ts.SymbolFlags.Class) !== 0) {
      const decl = declarations.find(ts.isClassDeclaration)
      const typeParams =
        decl?.typeParameters === undefined ? "" : `<${decl.typeParameters.map((p) => p.getText()).join(", ")}>`
      const heritage = decl?.heritageClauses?.map((h) => ` ${h.getText().replace(/\s+/g, " ")}`).join("") ?? ""
      const lines = [`class ${exportName}${typeParams}${heritage} {`]
      const own =
        decl?.members.map((m) => (m.name === undefined ? undefined : checker.getSymbolAtLocation(m.name))) ?? []
      const members = own.filter((m): m is ts.Symbol => m !== undefined && isPublicMember(m))
      const unique = [...new Map(members.map((m) => [m.name, m])).values()].sort(byName)
      const ctor = checker.getTypeOfSymbolAtLocation(target, file).getConstructSignatures()
      if (decl?.members.some(ts.isConstructorDeclaration)) {
        for (const s of ctor) lines.push(`  constructor${signatureText(s)}`)
      }
      for (const member of unique) lines.push(...memberLines(member, decl ?? file, "  "))
      lines.push("}")
      add(typeOnly ? "class, type-only export" : "class", lines)
    } else {
      if ((meanings & ts.SymbolFlags.Interface) !== 0) {
        const type = checker.getDeclaredTypeOfSymbol(target)
        const decl = declarations.find(ts.isInterfaceDeclaration)
        const typeParams =
          decl?.typeParameters === undefined ? "" : `<${decl.typeParameters.map((p) => p.getText()).join(", ")}>`
        const heritage = decl?.heritageClauses?.map((h) => ` ${h.getText().replace(/\s+/g, " ")}`).join("") ?? ""
        const lines = [`interface ${exportName}${typeParams}${heritage} {`]
        for (const s of type.getCallSignatures()) lines.push(`  ${signatureText(s)}`)
        for (const info of checker.getIndexInfosOfType(type)) {
          lines.push(`  ${info.isReadonly ? "readonly " : ""}[key: ${typeText(info.keyType)}]: ${typeText(info.type)}`)
        }
        const props = checker.getPropertiesOfType(type).filter(isPublicMember).sort(byName)
        for (const prop of props) lines.push(...memberLines(prop, decl ?? file, "  "))
        lines.push("}")
        add("interface", lines)
      }
      if ((meanings & ts.SymbolFlags.TypeAlias) !== 0) {
        const decl = declarations.find(ts.isTypeAliasDeclaration)
        const typeParams =
          decl?.typeParameters === undefined ? "" : `<${decl.typeParameters.map((p) => p.getText()).join(", ")}>`
        // A generic alias is printed as written (its expansion depends on the
        // arguments); a plain one expanded, so a change below it shows here.
        const body =
          decl?.typeParameters !== undefined
            ? decl.type.getText().replace(/\s+/g, " ")
            : typeText(checker.getDeclaredTypeOfSymbol(target), true)
        add("type", [`type ${exportName}${typeParams} = ${body}`])
      }
      if ((meanings & ts.SymbolFlags.Enum) !== 0) {
        add("enum", [
          `enum ${exportName} { ${checker
            .getExportsOfModule(target)
            .map((m) => m.name)
            .join(", ")} }`
        ])
      } else if ((meanings & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) !== 0) {
        const type = checker.getTypeOfSymbolAtLocation(target, file)
        const isFunction = (meanings & ts.SymbolFlags.Function) !== 0 || type.getCallSignatures().length > 0
        add(isFunction ? "function" : "const", [`const ${exportName}: ${typeText(type)}`])
      } else if ((meanings & ts.SymbolFlags.Module) !== 0) {
        const members = checker.getExportsOfModule(target).sort(byName)
        add("namespace", [
          `namespace ${exportName} {`,
          ...members.map((m) => `  ${m.name}: ${typeText(checker.getTypeOfSymbolAtLocation(m, file))}`),
          "}"
        ])
      }
    }
    if (
      sections.length === 0 &&
      typeOnly &&
      (target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) !== 0
    ) {
      // `export { type x }` of a value: importers can only write `typeof x`.
      add("type-only export of a value: only `typeof` can use it", [
        `const ${exportName}: ${typeText(checker.getTypeOfSymbolAtLocation(target, file))}`
      ])
    }
    if (sections.length === 0) add("unknown", [`${exportName}: (symbol flags ${meanings})`])
    return sections
  }

  const exported = checker.getExportsOfModule(moduleSymbol).slice().sort(byName)
  const sections = exported.flatMap((symbol) => sectionsOf(symbol.name, symbol))
  const anyNames = [...new Set(sections.filter((s) => s.anyWarning).map((s) => s.name))]
  const values = exported.filter((s) => (meaningsOf(s) & ts.SymbolFlags.Value) !== 0).length
  // Helpers under src/internal/ are never exported from an entry point.
  const internalDir = join(root, "src/internal") + "/"
  const internal = exported
    .filter((symbol) => {
      const target = (symbol.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol
      const declarations = target.declarations ?? []
      return declarations.length > 0 && declarations.every((d) => d.getSourceFile().fileName.startsWith(internalDir))
    })
    .map((symbol) => symbol.name)

  const out: Array<string> = [
    `# API report: \`${entry.specifier}\``,
    "",
    `Every export of \`${entry.specifier}\` (\`${entry.source}\`) with its kind and type. Generated by`,
    "`npm run api:update`; do not edit. `npm run api:check` fails when the exports differ from this file:",
    "review the change, then run `npm run api:update` and commit `api/*.api.md`.",
    "",
    `${exported.length} exports: ${values} with a runtime value, ${exported.length - values} types only.`,
    anyNames.length === 0
      ? "No `any` in public types."
      : `Warning: \`any\` in the public types of ${anyNames.length} export(s) (the rule is no \`any\` in public types): ${anyNames.map((n) => `\`${n}\``).join(", ")}.`
  ]
  for (const section of sections) {
    out.push("", `## ${section.name} (${section.kind})`, "")
    if (section.anyWarning) out.push("> Warning: `any` in this public type.", "")
    out.push("```ts", ...section.lines, "```")
  }
  return { text: `${out.join("\n")}\n`, anyCount: anyNames.length, internal }
}

/** One report per entry point, generated from the current sources. */
export interface Report {
  readonly entry: Entry
  readonly text: string
  readonly anyCount: number
  /** Exports defined under src/internal/ (must be none). */
  readonly internal: ReadonlyArray<string>
}

export const generateReports = (list: ReadonlyArray<Entry> = entries()): ReadonlyArray<Report> => {
  const program = ts.createProgram(
    list.map((e) => join(root, e.source)),
    compilerOptions()
  )
  return list.map((entry) => ({ entry, ...report(program, entry) }))
}

/** Write the reports into `dir`, removing reports of entries no longer exported. */
export const writeReports = (dir: string, reports: ReadonlyArray<Report>): void => {
  mkdirSync(dir, { recursive: true })
  const wanted = new Set(reports.map((r) => r.entry.reportFile))
  for (const name of readdirSync(dir)) {
    if (name.endsWith(".api.md") && !wanted.has(name)) rmSync(join(dir, name))
  }
  for (const r of reports) writeFileSync(join(dir, r.entry.reportFile), r.text)
}

/** What differs between the reports and the files in `dir` (empty: they match), with diffs. */
export const compareReports = (dir: string, reports: ReadonlyArray<Report>): ReadonlyArray<string> => {
  const problems: Array<string> = []
  const shown = relative(root, dir) || dir
  const temp = mkdtempSync(join(tmpdir(), "wave-hooks-api-"))
  try {
    const present = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".api.md")) : []
    for (const name of present) {
      if (!reports.some((r) => r.entry.reportFile === name))
        problems.push(`${shown}/${name} is for an entry point package.json no longer exports`)
    }
    for (const r of reports) {
      const path = join(dir, r.entry.reportFile)
      if (!existsSync(path)) {
        problems.push(`${shown}/${r.entry.reportFile} is missing (entry point ${r.entry.specifier})`)
        continue
      }
      if (readFileSync(path, "utf8") === r.text) continue
      const fresh = join(temp, r.entry.reportFile)
      writeFileSync(fresh, r.text)
      const diff = spawnSync("git", ["diff", "--no-index", "--no-color", "--unified=1", path, fresh], {
        encoding: "utf8"
      })
      problems.push(
        `${shown}/${r.entry.reportFile} differs from the exports of ${r.entry.specifier} (--- checked in, +++ now):\n${diff.stdout}`
      )
    }
  } finally {
    rmSync(temp, { recursive: true, force: true })
  }
  return problems
}

const main = (argv: ReadonlyArray<string>): number => {
  const mode = argv.includes("--update") ? "update" : argv.includes("--check") ? "check" : undefined
  const dirFlag = argv.indexOf("--dir")
  const dir = dirFlag === -1 ? join(root, "api") : resolve(argv[dirFlag + 1] ?? "api")
  if (mode === undefined) {
    process.stderr.write("usage: node scripts/api-report.ts --update | --check [--strict-any] [--dir api]\n")
    return 2
  }
  const started = Date.now()
  const reports = generateReports()
  const ms = Date.now() - started
  for (const r of reports) {
    if (r.anyCount > 0) {
      process.stderr.write(
        `api-report: warning: \`any\` in ${r.anyCount} public export(s) of ${r.entry.specifier} (see ${r.entry.reportFile})\n`
      )
    }
  }
  const leaks = reports.flatMap((r) =>
    r.internal.map(
      (name) =>
        `${r.entry.specifier} exports \`${name}\`, defined under src/internal/: internal helpers are never public; stop exporting it (or move it out of internal/ if it is meant to be API)`
    )
  )
  if (mode === "update") {
    writeReports(dir, reports)
    if (leaks.length > 0) {
      process.stderr.write(`api-report: ${leaks.join("\n")}\n`)
      return 1
    }
    process.stdout.write(
      `api-report: wrote ${reports.map((r) => r.entry.reportFile).join(", ")} to ${relative(root, dir) || dir} in ${ms} ms\n`
    )
    return 0
  }
  const problems = [...compareReports(dir, reports), ...leaks]
  const anyTotal = reports.reduce((n, r) => n + r.anyCount, 0)
  if (argv.includes("--strict-any") && anyTotal > 0)
    problems.push(`--strict-any: ${anyTotal} public export(s) have \`any\` in their types`)
  if (problems.length > 0) {
    process.stderr.write(
      `api:check: the public API changed (${problems.length} problem(s)):\n\n${problems.join("\n")}\n` +
        "If the change is intended, run `npm run api:update` and commit api/*.api.md; otherwise restore the exports.\n"
    )
    return 1
  }
  process.stdout.write(
    `api:check: ${reports.length} entry points match ${relative(root, dir) || dir}/*.api.md (${ms} ms)\n`
  )
  return 0
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2))
}
