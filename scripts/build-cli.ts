/**
 * Bundle the `wave-hooks` CLI (`npm run build` runs it after `tsc`) with
 * rolldown: a tiny entry, `dist/bin.js`, that loads one of three
 * self-contained bundles in `dist/cli-chunks/` on demand:
 *
 * - `decide-<hash>.js`: the `decide` fast path (`src/cli/fast-decide.ts`);
 * - `run-<hash>.js`: the `run` fast path (`src/cli/fast-run.ts`);
 * - `async-worker-<hash>.js`: the detached worker of `run`'s background hooks
 *   (`src/cli/async-worker.ts`);
 * - `full-<hash>.js`: the effect/cli tree with every subcommand
 *   (`src/cli/full.ts`), which the fast paths load for help and usage errors;
 * - `otlp-<hash>.js`: the OTLP span exporter (`src/runner/otlp-from-env.ts`),
 *   loaded only when an `OTEL_EXPORTER_OTLP_*` endpoint is set.
 *
 * Each bundle holds its own copy of what it uses (effect, the core, the
 * runner), so a command loads two files and nothing it does not run; the only
 * imports left are `node:` modules and the lazy `import()` of another bundle.
 *
 * The four bundles `bin.js` loads (full, decide, run, async-worker) are
 * written as scripts (`<name>-<hash>.script.js`: a function expression that
 * takes the bundle's URL and resolves to its exports), each behind a small ES
 * module of the bundle's name that runs it through `src/cli/script-code-cache.ts`
 * (bundled once, as `script-loader-<hash>.js`): a V8 code cache written after
 * the run holds the functions the command compiled on use, which Node's own
 * compile cache leaves out (issue 24: about a third of `run`'s instructions).
 * Minified, ASCII only (non-ASCII characters escaped), with source maps beside
 * them for tools that look for `<file>.map` (no sourceMappingURL comment, and
 * not shipped: `WAVE_HOOKS_NO_MINIFY=1` builds readable bundles to debug).
 *
 * The bundles sit two folders below the package root, like the `tsc` output
 * (`dist/demo/...`), so a module that finds files from `import.meta.url`
 * (`src/demo/demo-session.ts`: `../../examples/demo`) finds them from its
 * bundle too.
 *
 * Also writes `dist/cli-chunks/manifest.json`: for each output file, the source
 * modules in it (the CLI tests read it to check what `decide` loads).
 *
 * Files are written under new hashed names, the entry last (by rename), so a
 * CLI started during a rebuild loads a consistent set. Then the bundles of
 * earlier builds are removed: all but this build's and those of the build it
 * replaces (`manifest.json` names both), which a CLI started just before may
 * still import; files written in the last minute stay too (a concurrent
 * build's).
 *
 * Usage: `node scripts/build-cli.ts` (after `tsc -p tsconfig.build.json`, or alone);
 * `WAVE_HOOKS_NO_MINIFY=1` leaves the bundles unminified, for reading a CPU
 * profile (`node --cpu-prof dist/bin.js run ...`) by function name.
 */
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync
} from "node:fs"
import { builtinModules } from "node:module"
import { basename, dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import type { OutputChunk, Plugin } from "rolldown"
import { rolldown } from "rolldown"
import { parseAst } from "rolldown/parseAst"

const root = fileURLToPath(new URL("../", import.meta.url))
const dist = join(root, "dist")
const chunksDir = "cli-chunks"
const started = Date.now()

/** The lazily loaded bundles: source file -> bundle name. */
const lazy = new Map([
  [join(root, "src/cli/full.ts"), "full"],
  [join(root, "src/cli/fast-decide.ts"), "decide"],
  [join(root, "src/cli/fast-run.ts"), "run"],
  // The detached worker of run's background hooks (wave-hooks __async-worker <job>).
  [join(root, "src/cli/async-worker.ts"), "async-worker"],
  // The OTLP exporter, loaded by run, serve and the other commands only when an OTEL_EXPORTER_OTLP_* endpoint is
  // set. Its own copy of effect: it hands back a plain Tracer object, no Effect value (src/runner/otlp-from-env.ts).
  [join(root, "src/runner/otlp-from-env.ts"), "otlp"],
  // The env-file reader (bash's words, patterns and arithmetic), loaded by a hook run only on the events with env files.
  [join(root, "src/settings/env-file-text.ts"), "env-file"]
])

/** The optional peer dependencies (`ai`, `@ai-sdk/openai-compatible`, `@modelcontextprotocol/sdk`), never bundled. */
const optionalPeers: ReadonlyArray<string> = Object.keys(
  (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { peerDependencies?: Record<string, string> })
    .peerDependencies ?? {}
)

/** Names that cannot be declared with `export const`. */
const reservedNames = new Set(["default", "delete", "new", "function", "class", "import", "export", "in", "of"])

/**
 * Every import of a Node builtin (`node:fs`, `fs`) becomes a read of `process.getBuiltinModule`, never
 * an ESM import: for an ESM import Node builds a facade of the module, which reads every export, so
 * `node:fs`'s lazy `ReadStream` getter loads the streams modules and `node:util`'s loads `diff`,
 * `perf_hooks` and more (about 10 ms before `decide` has done anything). Each named export is a
 * pure read, dropped when unused.
 */
const builtinsWithoutFacade = (): Plugin => ({
  name: "wave-hooks-builtins-without-facade",
  resolveId(id) {
    const name = id.replace(/^node:/, "")
    if (!id.startsWith("node:") && !builtinModules.includes(id)) return null
    return `\0builtin:${name}`
  },
  load(id) {
    if (!id.startsWith("\0builtin:")) return null
    const name = `node:${id.slice("\0builtin:".length)}`
    const names = Object.keys(process.getBuiltinModule(name) as object).filter(
      (n) => /^[A-Za-z_$][\w$]*$/.test(n) && !reservedNames.has(n)
    )
    return [
      `const m = process.getBuiltinModule(${JSON.stringify(name)})`,
      "export default m",
      ...names.map((n) => `export const ${n} = /* @__PURE__ */ (() => m.${n})()`)
    ].join("\n")
  }
})

/** Leaves `import()` of another lazy bundle's source as an import of its built file. */
const lazyImports = (input: string, builtNames: ReadonlyMap<string, string>, fromDir: string): Plugin => ({
  name: "wave-hooks-lazy-bundles",
  resolveId(id, importer) {
    if (importer === undefined || !id.startsWith(".")) return null
    const path = resolve(dirname(importer), id)
    if (path === input || !lazy.has(path)) return null
    const built = builtNames.get(path)
    if (built === undefined) throw new Error(`${relative(root, path)} must be built before ${relative(root, input)}`)
    return { id: `./${relative(fromDir, built)}`, external: true }
  }
})

const build = async (
  input: string,
  fileName: string,
  builtNames: ReadonlyMap<string, string>,
  staging: string,
  asScript = false
): Promise<{ readonly entry: OutputChunk; readonly others: ReadonlyArray<OutputChunk> }> => {
  const bundle = await rolldown({
    input,
    platform: "node",
    cwd: root,
    // A script has no import.meta: its body takes the bundle's URL as a parameter (see asScriptText).
    ...(asScript ? { transform: { define: { "import.meta.url": scriptUrlParameter } } } : {}),
    // Optional peers (the non-command hook types, mcp-proxy), loaded by import() only when such a hook or
    // command runs: left as imports of the installed packages, so no bundle carries (or parses) them.
    external: (id) => optionalPeers.some((peer) => id === peer || id.startsWith(`${peer}/`)),
    plugins: [builtinsWithoutFacade(), lazyImports(input, builtNames, join(staging, dirname(fileName)))],
    onLog: (level, log) => {
      throw new Error(`rolldown ${level} building ${relative(root, input)}: ${log.message}`)
    }
  })
  const { output } = await bundle.write({
    dir: staging,
    format: "esm",
    // One file per bundle, but for the on-demand modules (onDemand), each a chunk of its own.
    codeSplitting: false,
    entryFileNames: fileName,
    chunkFileNames: `${chunksDir}/[name]-[hash].js`,
    minify: process.env["WAVE_HOOKS_NO_MINIFY"] !== "1",
    // Non-ASCII characters escaped: an all-ASCII source is a one-byte string in V8,
    // read and checked against the compile cache faster (about 0.5 ms for run).
    charset: "ascii",
    // Maps are written for debugging and profiling in a clone, but named by no
    // sourceMappingURL comment: the package ships no maps (package.json "files").
    sourcemap: "hidden"
  })
  await bundle.close()
  const chunks = output.filter((file): file is OutputChunk => file.type === "chunk")
  const entry = chunks.find((c) => c.isEntry)
  if (entry === undefined) throw new Error(`no output for ${relative(root, input)}`)
  return { entry, others: chunks.filter((c) => c !== entry) }
}

/** The name the body of a script bundle gives its URL (what `import.meta.url` is in the bundle). */
const scriptUrlParameter = "__waveScriptUrl"

/** The bundles bin.js loads, written as scripts behind a loader module (see the comment at the top). */
const scriptBundles: ReadonlyArray<string> = ["full", "decide", "run", "async-worker"]

/** The name the body of a script bundle gives the `import()` of its loader module: as long as `import`, so columns stay. */
const scriptImportParameter = "$wHImp"

/** Every node of an ESTree `node`, depth first. */
const nodesOf = function* (
  node: unknown
): Generator<{ readonly type: string; readonly start: number; readonly end: number }> {
  if (Array.isArray(node)) for (const child of node) yield* nodesOf(child)
  else if (typeof node === "object" && node !== null) {
    if (typeof (node as { type?: unknown }).type === "string")
      yield node as { readonly type: string; readonly start: number; readonly end: number }
    for (const value of Object.values(node)) if (typeof value === "object") yield* nodesOf(value)
  }
}

/**
 * The ES module bundle `entry` as a script: `(async function(url, importer) { ...; return { exports } })`,
 * each `import(...)` made a call of `importer` (a script's `import()` would need Node's experimental vm
 * modules). Throws when the bundle has a static import, an `import.meta`, or any export but its one
 * `export { ... }` at the end.
 */
const asScriptText = (entry: OutputChunk): string => {
  const name = relative(root, entry.facadeModuleId ?? entry.fileName)
  const code = entry.code
  if (code.includes(scriptImportParameter))
    throw new Error(`${name}: the bundle already uses the name ${scriptImportParameter}`)
  const program = parseAst(code, { sourceType: "module" })
  const imports: Array<number> = []
  let exported: { readonly start: number; readonly end: number; readonly fields: ReadonlyArray<string> } | undefined
  for (const node of nodesOf(program)) {
    if (node.type === "ImportExpression") imports.push(node.start)
    else if (node.type === "ImportDeclaration" || node.type === "MetaProperty")
      throw new Error(`${name}: a script bundle cannot hold ${code.slice(node.start, node.end)}`)
    else if (node.type === "ExportNamedDeclaration" && exported === undefined && node.end >= code.trimEnd().length) {
      const specifiers = (
        node as unknown as { specifiers: ReadonlyArray<{ local: { name: string }; exported: { name: string } }> }
      ).specifiers
      exported = { ...node, fields: specifiers.map((sp) => `${sp.exported.name}:${sp.local.name}`) }
    } else if (/^Export(Named|Default|All)Declaration$/.test(node.type) && node.start !== exported?.start)
      throw new Error(
        `${name}: a script bundle exports only in its last statement: ${code.slice(node.start, node.end)}`
      )
  }
  if (exported === undefined) throw new Error(`${name}: no export { ... } at the end of the bundle`)
  let body = code.slice(0, exported.start)
  for (const at of imports) {
    if (body.slice(at, at + 6) !== "import") throw new Error(`${name}: no import keyword at ${at}`)
    body = body.slice(0, at) + scriptImportParameter + body.slice(at + 6)
  }
  // On a line of its own, so the map stays right with one line added at the top.
  return `(async function(${scriptUrlParameter},${scriptImportParameter}){"use strict";\n${body}\nreturn{${exported.fields.join(",")}}})\n`
}

/** The module in front of a script bundle: loads it with its code cache and exports what it returns. */
const loaderModuleText = (loaderFile: string, scriptFile: string, exports: ReadonlyArray<string>): string =>
  [
    `import { loadScript } from "./${loaderFile}"`,
    `const bundle = await loadScript(new URL("./${scriptFile}", import.meta.url), (specifier) => import(specifier))`,
    ...exports.map((name) => `export const ${name} = bundle.${name}`)
  ].join("\n") + "\n"

/** The bundle files (with their maps) that a build's `manifest.json` names; none when it is missing or unreadable. */
const filesOfManifest = (path: string): ReadonlySet<string> => {
  try {
    const names = Object.keys(JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>)
    return new Set(
      names.filter((n) => n.startsWith(`${chunksDir}/`)).flatMap((n) => [basename(n), `${basename(n)}.map`])
    )
  } catch {
    return new Set()
  }
}

mkdirSync(join(dist, chunksDir), { recursive: true })
const previous = filesOfManifest(join(dist, chunksDir, "manifest.json"))
const staging = mkdtempSync(join(dist, ".cli-build-"))
try {
  const builtNames = new Map<string, string>()
  /** Each written file (relative to dist/), its size and the source modules in it. */
  const files: Array<{ readonly fileName: string; readonly size: number; readonly moduleIds: ReadonlyArray<string> }> =
    []
  const record = (chunk: OutputChunk) =>
    files.push({ fileName: chunk.fileName, size: chunk.code.length, moduleIds: chunk.moduleIds })
  const add = (input: string, built: { readonly entry: OutputChunk; readonly others: ReadonlyArray<OutputChunk> }) => {
    builtNames.set(input, join(staging, built.entry.fileName))
    for (const chunk of [built.entry, ...built.others]) record(chunk)
  }
  const src = (name: string) => [...lazy].find(([, n]) => n === name)![0]
  const loader = await build(
    join(root, "src/cli/script-code-cache.ts"),
    `${chunksDir}/script-loader-[hash].js`,
    builtNames,
    staging
  )
  record(loader.entry)
  /** Build `name` as a script bundle (`<name>-<hash>.script.js`) behind its loader module (`<name>-<hash>.js`). */
  const buildScript = async (name: string) => {
    const built = await build(src(name), `${chunksDir}/${name}-[hash].js`, builtNames, staging, true)
    const modulePath = join(staging, built.entry.fileName)
    const scriptName = built.entry.fileName.replace(/\.js$/, ".script.js")
    const script = asScriptText(built.entry)
    writeFileSync(join(staging, scriptName), script)
    // The map of the bundle, one line down (the script's first line is the function's head).
    const map = JSON.parse(readFileSync(`${modulePath}.map`, "utf8")) as { mappings: string }
    writeFileSync(join(staging, `${scriptName}.map`), JSON.stringify({ ...map, mappings: `;${map.mappings}` }))
    const module = loaderModuleText(basename(loader.entry.fileName), basename(scriptName), built.entry.exports)
    writeFileSync(modulePath, module)
    writeFileSync(`${modulePath}.map`, JSON.stringify({ version: 3, sources: [], names: [], mappings: "" }))
    builtNames.set(src(name), modulePath)
    files.push({ fileName: scriptName, size: script.length, moduleIds: built.entry.moduleIds })
    files.push({ fileName: built.entry.fileName, size: module.length, moduleIds: built.entry.moduleIds })
    if (built.others.length > 0) throw new Error(`${name}: a script bundle must be one file`)
  }
  if (!scriptBundles.every((name) => lazy.has(src(name)))) throw new Error("a script bundle is not a lazy bundle")
  // The exporter first: full and run import it.
  add(src("otlp"), await build(src("otlp"), `${chunksDir}/otlp-[hash].js`, builtNames, staging))
  add(src("env-file"), await build(src("env-file"), `${chunksDir}/env-file-[hash].js`, builtNames, staging))
  // full first: the fast paths fall back to it; then the fast paths; the entry last.
  await buildScript("full")
  await Promise.all(["decide", "run", "async-worker"].map(buildScript))
  const bin = await build(join(root, "src/bin.ts"), "bin.js", builtNames, staging)
  for (const chunk of [bin.entry, ...bin.others]) record(chunk)

  const manifest: Record<string, ReadonlyArray<string>> = {}
  // Source modules only: not the virtual ones (rolldown's runtime, the builtins above), whose ids start with \0.
  for (const file of files)
    manifest[file.fileName] = file.moduleIds
      .filter((id) => !id.startsWith("\0"))
      .map((id) => relative(root, id))
      .sort()
  writeFileSync(join(staging, chunksDir, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n")

  // Into place: the bundles first, then the entry (its map, then itself).
  const fresh = new Set(readdirSync(join(staging, chunksDir)))
  for (const name of fresh) renameSync(join(staging, chunksDir, name), join(dist, chunksDir, name))
  renameSync(join(staging, "bin.js.map"), join(dist, "bin.js.map"))
  chmodSync(join(staging, "bin.js"), 0o755)
  renameSync(join(staging, "bin.js"), join(dist, "bin.js"))

  for (const name of readdirSync(join(dist, chunksDir))) {
    if (fresh.has(name) || previous.has(name) || !/\.js(\.map)?$/.test(name)) continue
    const path = join(dist, chunksDir, name)
    try {
      if (started - statSync(path).mtimeMs > 60_000) rmSync(path, { force: true })
    } catch {
      // Removed meanwhile by a concurrent build.
    }
  }
  const sizes = files.map((f) => `${basename(f.fileName).padEnd(32)} ${(f.size / 1024).toFixed(0).padStart(4)} KiB`)
  console.log(`dist/bin.js bundled in ${Date.now() - started} ms:\n  ${sizes.join("\n  ")}`)
} finally {
  rmSync(staging, { recursive: true, force: true })
}
