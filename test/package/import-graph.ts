/**
 * The static import graph of a TypeScript entry: every module reachable by
 * relative `import`, `export ... from`, `import()` and `import("...")` types,
 * and every bare specifier (package or built-in) each module names. The
 * purity test walks it from `src/index.ts`.
 */
import { existsSync, readFileSync, statSync } from "node:fs"
import { builtinModules } from "node:module"
import { dirname, resolve } from "node:path"
import ts from "typescript"

/** A module and the specifiers it names, relative ones resolved to paths. */
export interface ModuleImports {
  readonly relative: ReadonlyArray<string>
  readonly bare: ReadonlyArray<string>
}

/** Every specifier a source text names, in order: imports, re-exports, `import()`, import types, `/// <reference types>`. */
export const specifiersOf = (fileName: string, text: string): ReadonlyArray<string> => {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: Array<string> = source.typeReferenceDirectives.map((ref) => ref.fileName)
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression
      if (ts.isStringLiteral(expression)) found.push(expression.text)
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === "require"
      if ((isImport || isRequire) && first !== undefined && ts.isStringLiteralLike(first)) found.push(first.text)
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) found.push(argument.literal.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The file a relative specifier names: as written, `.js` -> `.ts`, or a folder's `index.ts`. */
export const resolveRelative = (from: string, specifier: string): string | undefined => {
  const base = resolve(dirname(from), specifier)
  const candidates = [base, base.replace(/\.(m?)js$/, ".$1ts"), `${base}.ts`, resolve(base, "index.ts")]
  return candidates.find((path) => existsSync(path) && statSync(path).isFile())
}

const builtins = new Set(builtinModules.flatMap((name) => [name, name.replace(/^node:/, "")]))

/** Why a bare specifier is not allowed in a browser-safe module, or undefined when it is. */
export const forbiddenReason = (specifier: string, allowedPackages: ReadonlyArray<string>): string | undefined => {
  if (specifier.startsWith("node:")) return "a Node built-in (node: scheme)"
  const packageName = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!
  if (builtins.has(specifier) || builtins.has(packageName)) return "a Node built-in"
  if (packageName.startsWith("@effect/platform-")) return "a Node platform package"
  if (!allowedPackages.includes(packageName)) return `a package not on the allowed list (${allowedPackages.join(", ")})`
  return undefined
}

export interface Violation {
  /** The modules from the entry to the one that imports the forbidden specifier. */
  readonly chain: ReadonlyArray<string>
  readonly specifier: string
  readonly reason: string
}

export interface Graph {
  readonly modules: ReadonlyArray<string>
  readonly violations: ReadonlyArray<Violation>
  readonly unresolved: ReadonlyArray<{ readonly chain: ReadonlyArray<string>; readonly specifier: string }>
}

/**
 * Walk the graph from `entry` breadth first (so each chain is a shortest
 * one), collecting forbidden bare specifiers with the chain that reaches them.
 */
export const walkImports = (
  entry: string,
  allowedPackages: ReadonlyArray<string>,
  read: (path: string) => string = (path) => readFileSync(path, "utf8"),
  resolveFile: (from: string, specifier: string) => string | undefined = resolveRelative
): Graph => {
  const parent = new Map<string, string | undefined>([[entry, undefined]])
  const chainTo = (path: string): ReadonlyArray<string> => {
    const chain: Array<string> = []
    for (let at: string | undefined = path; at !== undefined; at = parent.get(at)) chain.unshift(at)
    return chain
  }
  const violations: Array<Violation> = []
  const unresolved: Array<{ chain: ReadonlyArray<string>; specifier: string }> = []
  const queue = [entry]
  for (let i = 0; i < queue.length; i++) {
    const path = queue[i]!
    for (const specifier of specifiersOf(path, read(path))) {
      if (specifier.startsWith(".") || specifier.startsWith("/")) {
        const target = resolveFile(path, specifier)
        if (target === undefined) unresolved.push({ chain: chainTo(path), specifier })
        else if (!parent.has(target)) {
          parent.set(target, path)
          queue.push(target)
        }
        continue
      }
      const reason = forbiddenReason(specifier, allowedPackages)
      if (reason !== undefined) violations.push({ chain: chainTo(path), specifier, reason })
    }
  }
  return { modules: queue, violations, unresolved }
}
