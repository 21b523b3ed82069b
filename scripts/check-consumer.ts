/**
 * Check the shipped types the way a consumer sees them (`npm run check:consumer`).
 *
 * 1. Emits the package's declarations with the build's compiler and config
 *    (`tsc -p tsconfig.build.json --emitDeclarationOnly`) into a temp dir and
 *    lays them out as an installed `wave-hooks` package (the repo's
 *    package.json, so its `exports` map is what resolves).
 * 2. Builds two consumer projects from `test/package/consumer/`:
 *    - `browser/`: the root only, `"types": []`, `lib: ["ES2023", "DOM"]`,
 *      `skipLibCheck: false`, and a node_modules that has the package's
 *      dependency closure but **no `@types/*`**. (A real install does bring
 *      `@types/node`, through `@effect/platform-node` -> `@types/ws`; it is
 *      left out here so that any reference to Node types from the root's
 *      `.d.ts` fails instead of silently loading Node's globals.)
 *    - `node/`: every subpath (`wave-hooks/runner`, `/memory`, `/terminal`,
 *      `/web`, `/ai-sdk` with its peer `ai`, `/agent-loop`, `/mcp` with its
 *      peer `@modelcontextprotocol/sdk`, `/openai-agents` with its peer
 *      `@openai/agents`, `/langchain` with its peers `langchain` and
 *      `@langchain/core`) with
 *      `@types/node`, so the Node-only subpaths compile for Node consumers.
 *    node_modules entries are symlinks into the repo's node_modules and the
 *    consumers use `preserveSymlinks`, so modules resolve from the consumer's
 *    folder, never from the repo's.
 * 3. Type-checks both with TypeScript 5.9 (`typescript`) and TypeScript 7
 *    (`typescript7`, an alias of `typescript@7`), and fails if any reports an
 *    error or if the browser consumer's program loads a file of
 *    `@effect/platform-*` or `@types/node`.
 *
 * Usage: `node scripts/check-consumer.ts [--keep] [--self-test]` (`--keep`
 * leaves the temp dir for inspection and prints its path; `--self-test`
 * plants a Node global in the root's types and an unknown type in the
 * runner's, and passes only if every check then fails, naming them).
 */
import { execFile } from "node:child_process"
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../", import.meta.url))
const repoModules = join(root, "node_modules")
const fixture = join(root, "test/package/consumer")
const keep = process.argv.includes("--keep")
const selfTest = process.argv.includes("--self-test")
/** What `--self-test` plants in the emitted declarations, and the name each check must then report. */
const planted = [
  {
    file: "dist/core/decide.d.ts",
    text: "export declare const plantedLeak: Buffer;\n",
    reported: /Cannot find name 'Buffer'/
  },
  {
    file: "dist/runner/index.d.ts",
    text: "export declare const plantedBroken: PlantedMissingType;\n",
    reported: /PlantedMissingType/
  }
]
const started = Date.now()

interface Compiler {
  readonly label: string
  readonly tsc: string
  /** The package whose version must be the one named in the label. */
  readonly major: number
}

const compilers: ReadonlyArray<Compiler> = [
  { label: "TypeScript 5.9 (typescript)", tsc: join(repoModules, "typescript/bin/tsc"), major: 5 },
  { label: "TypeScript 7 (typescript7)", tsc: join(repoModules, "typescript7/bin/tsc"), major: 7 }
]

interface Result {
  readonly code: number
  readonly out: string
}

const run = (command: string, args: ReadonlyArray<string>, cwd: string): Promise<Result> =>
  new Promise((done) => {
    execFile(command, [...args], { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1
      done({ code, out: `${stdout}${stderr}` })
    })
  })

class CheckFailed extends Error {}

const fail = (message: string): never => {
  throw new CheckFailed(message)
}

interface PackageJson {
  readonly name?: string
  readonly version?: string
  readonly dependencies?: Readonly<Record<string, string>>
  readonly peerDependencies?: Readonly<Record<string, string>>
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>
}

const readPackage = (dir: string): PackageJson =>
  JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson

/**
 * The packages an install of `wave-hooks` brings: its dependencies and
 * required peers, transitively, as installed in the repo (top level).
 */
const installClosure = (pkg: PackageJson): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const visit = (p: PackageJson): void => {
    const optional = p.peerDependenciesMeta ?? {}
    const names = [
      ...Object.keys(p.dependencies ?? {}),
      ...Object.keys(p.peerDependencies ?? {}).filter((name) => optional[name]?.optional !== true)
    ]
    for (const name of names) {
      if (seen.has(name)) continue
      const dir = join(repoModules, name)
      // Nested copies (node_modules/x/node_modules/y) come along with their parent's symlink.
      if (!existsSync(join(dir, "package.json"))) continue
      seen.add(name)
      visit(readPackage(dir))
    }
  }
  visit(pkg)
  return [...seen].sort()
}

/** Compiler output as one string per diagnostic (a located first line and its indented continuation). */
const groupDiagnostics = (lines: ReadonlyArray<string>): ReadonlyArray<string> => {
  const groups: Array<string> = []
  for (const line of lines) {
    if (/^\s/.test(line) && groups.length > 0) groups[groups.length - 1] += `\n${line}`
    else groups.push(line)
  }
  return groups
}

/**
 * Errors in the optional peers' own declarations, which do not check with
 * `skipLibCheck: false`: the AI SDK's (`ai`, `@ai-sdk/*`) break under
 * `exactOptionalPropertyTypes` and import `json-schema`, which has no types;
 * the OpenAI Agents SDK's (`@openai/agents*`) and LangChain's (`langchain`,
 * `@langchain/*`, and `langsmith`, which they import) break under
 * `exactOptionalPropertyTypes`, and the OpenAI Agents SDK imports
 * `@modelcontextprotocol/client`, an optional dependency of theirs. Only these
 * are ignored, and only in the Node consumer (the one that imports
 * `wave-hooks/ai-sdk`, `wave-hooks/openai-agents` and `wave-hooks/langchain`);
 * an error in this package's or effect's `.d.ts` still fails.
 */
const upstreamErrors =
  /^node_modules\/(ai|@ai-sdk\/[^/]+|@openai\/agents(?:-[a-z]+)?|langchain|@langchain\/[^/]+|langsmith)\/(dist|lib)\/[^(]+\.d\.[cm]?ts\(\d+,\d+\): error /

const linkModules = (modulesDir: string, names: ReadonlyArray<string>, packageDir: string): void => {
  mkdirSync(modulesDir, { recursive: true })
  symlinkSync(packageDir, join(modulesDir, "wave-hooks"), "dir")
  for (const name of names) {
    const to = join(modulesDir, name)
    mkdirSync(dirname(to), { recursive: true })
    symlinkSync(join(repoModules, name), to, "dir")
  }
}

const main = async (): Promise<void> => {
  for (const compiler of compilers) {
    if (!existsSync(compiler.tsc)) {
      fail(`${compiler.label} is not installed at ${relative(root, compiler.tsc)}: run \`npm ci\`.`)
    }
  }
  // typescript7 also has a `tsc` bin; npm links the first (typescript 5.9) and
  // the repo's scripts (`tsc -p tsconfig.build.json`) must keep getting 5.9.
  const binTsc = join(repoModules, ".bin/tsc")
  if (existsSync(binTsc) && !readlinkSync(binTsc).includes("/typescript/")) {
    fail(
      `node_modules/.bin/tsc points to ${readlinkSync(binTsc)}, not TypeScript 5.9 (an \`npm install\` linked typescript7's bin).\n` +
        "  Fix: `ln -sfn ../typescript/bin/tsc node_modules/.bin/tsc` (or `rm -rf node_modules && npm ci`)."
    )
  }

  const temp = mkdtempSync(join(tmpdir(), "wave-hooks-consumer-"))
  try {
    // 1. The package: package.json plus freshly emitted declarations.
    const packageDir = join(temp, "package")
    mkdirSync(packageDir, { recursive: true })
    cpSync(join(root, "package.json"), join(packageDir, "package.json"))
    const emit = await run(
      process.execPath,
      [
        compilers[0]!.tsc,
        "-p",
        join(root, "tsconfig.build.json"),
        "--emitDeclarationOnly",
        "--declarationMap",
        "false",
        "--outDir",
        join(packageDir, "dist")
      ],
      root
    )
    if (emit.code !== 0) fail(`emitting declarations (tsc -p tsconfig.build.json) failed:\n${emit.out}`)
    if (!existsSync(join(packageDir, "dist/index.d.ts"))) fail("tsc emitted no dist/index.d.ts")
    const emitted = Date.now()
    if (selfTest) {
      for (const plant of planted) appendFileSync(join(packageDir, plant.file), plant.text)
    }

    // 2. The consumers.
    const closure = installClosure(readPackage(root))
    const browser = join(temp, "browser")
    cpSync(fixture, browser, { recursive: true, filter: (src) => !src.startsWith(join(fixture, "node")) })
    linkModules(
      join(browser, "node_modules"),
      closure.filter((name) => !name.startsWith("@types/")),
      packageDir
    )
    const node = join(temp, "node")
    cpSync(join(fixture, "node"), node, { recursive: true })
    // The Node consumer also has @types/node, `ai`, `@modelcontextprotocol/sdk`, `@openai/agents`, `langchain` and
    // `@langchain/core` (the optional peers that wave-hooks/ai-sdk, wave-hooks/mcp, wave-hooks/openai-agents and
    // wave-hooks/langchain need).
    const extra = [
      "@types/node",
      "ai",
      "@modelcontextprotocol/sdk",
      "@openai/agents",
      "langchain",
      "@langchain/core"
    ].flatMap((name) => [name, ...installClosure(readPackage(join(repoModules, name)))])
    const nodeModules = [...new Set([...closure, ...extra])]
    linkModules(join(node, "node_modules"), nodeModules.sort(), packageDir)

    // 3. Check with both compilers, in parallel.
    const checks = compilers.flatMap((compiler) => [
      {
        compiler,
        project: browser,
        name: "browser consumer (root, no @types/node)",
        forbidden: /[\\/](@effect[\\/]platform-[^\\/]+|@types[\\/]node)[\\/]/,
        upstream: undefined
      },
      {
        compiler,
        project: node,
        name: "node consumer (every subpath, @types/node)",
        forbidden: undefined,
        upstream: upstreamErrors
      }
    ])
    const results = await Promise.all(
      checks.map(async (check) => {
        const version = await run(process.execPath, [check.compiler.tsc, "--version"], check.project)
        const checked = await run(
          process.execPath,
          [check.compiler.tsc, "-p", "tsconfig.json", "--listFiles"],
          check.project
        )
        return { ...check, version: version.out.trim(), checked }
      })
    )

    const problems: Array<string> = []
    for (const result of results) {
      const { compiler, checked } = result
      const major = /Version (\d+)\./.exec(result.version)?.[1]
      if (major !== String(compiler.major)) {
        problems.push(`${compiler.label}: \`tsc --version\` says "${result.version}"`)
        continue
      }
      const lines = checked.out.split("\n")
      const files = lines.filter((line) => line.startsWith("/"))
      const diagnostics = groupDiagnostics(lines.filter((line) => !line.startsWith("/") && line.trim() !== ""))
      const ignored = result.upstream === undefined ? [] : diagnostics.filter((d) => result.upstream!.test(d))
      const errors = diagnostics.filter((d) => !ignored.includes(d))
      const loadedPackage = files.filter(
        (file) => file.includes(`${join(temp, "package")}/`) || file.includes("/node_modules/wave-hooks/")
      )
      const label = `${result.version}, ${result.name}`
      if (errors.length > 0 || (checked.code !== 0 && ignored.length === 0)) {
        problems.push(`${label}: type errors (exit ${checked.code}):\n${errors.map((l) => `    ${l}`).join("\n")}`)
      } else if (loadedPackage.length === 0) {
        problems.push(
          `${label}: the program loaded no file of the wave-hooks package (the fixture does not import it?)`
        )
      }
      const forbidden = result.forbidden === undefined ? [] : files.filter((file) => result.forbidden!.test(file))
      if (forbidden.length > 0) {
        problems.push(
          `${label}: the root's types pull in Node-only files:\n${forbidden
            .slice(0, 10)
            .map((f) => `    ${f}`)
            .join("\n")}` +
            "\n  Find the import with `tsc --explainFiles` and keep Node-only types out of modules the root exports."
        )
      }
      const note =
        ignored.length === 0 ? "" : ` (${ignored.length} upstream error(s) in the optional peers' own .d.ts ignored)`
      process.stdout.write(
        `${problems.length === 0 ? "ok  " : "    "} ${label}: ${files.length} files checked, ${loadedPackage.length} from wave-hooks${note}\n`
      )
    }
    if (selfTest) {
      // Each check must fail: the browser one on the Buffer leak, the node one on the missing type.
      const missed = results.filter((result) => {
        const plant = result.project === browser ? planted[0]! : planted[1]!
        return !problems.some((p) => p.startsWith(`${result.version}, ${result.name}`) && plant.reported.test(p))
      })
      if (missed.length > 0) {
        fail(
          `--self-test: ${missed.map((r) => `${r.version}, ${r.name}`).join("; ")} did not report the planted error:\n${problems.join("\n")}`
        )
      }
      process.stdout.write(`check:consumer --self-test: all ${results.length} checks caught the planted errors\n`)
      return
    }
    if (problems.length > 0) {
      fail(
        `the shipped types do not check in a consumer (temp dir: ${keep ? temp : "removed; rerun with --keep"}):\n\n` +
          problems.map((p) => `  - ${p}`).join("\n\n") +
          "\n\nA consumer of `wave-hooks` has no @types/node: keep `node:` imports and Node globals (Buffer, NodeJS.*, process) out of " +
          "modules the root exports, or move the export to a Node-only subpath."
      )
    }
    process.stdout.write(
      `check:consumer: ${results.length} checks passed (declarations ${((emitted - started) / 1000).toFixed(1)} s, ` +
        `checks ${((Date.now() - emitted) / 1000).toFixed(1)} s)${keep ? `; kept ${temp}` : ""}\n`
    )
  } finally {
    if (!keep) rmSync(temp, { recursive: true, force: true })
  }
}

try {
  await main()
} catch (error) {
  if (!(error instanceof CheckFailed)) throw error
  process.stderr.write(`check:consumer: ${error.message}\n`)
  process.exitCode = 1
}
