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
import { basename, dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import type { OutputChunk, Plugin } from "rolldown"
import { rolldown } from "rolldown"

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
  staging: string
): Promise<{ readonly entry: OutputChunk; readonly others: ReadonlyArray<OutputChunk> }> => {
  const bundle = await rolldown({
    input,
    platform: "node",
    cwd: root,
    // Optional peers (the non-command hook types, mcp-proxy), loaded by import() only when such a hook or
    // command runs: left as imports of the installed packages, so no bundle carries (or parses) them.
    external: (id) => optionalPeers.some((peer) => id === peer || id.startsWith(`${peer}/`)),
    plugins: [lazyImports(input, builtNames, join(staging, dirname(fileName)))],
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
  const chunks: Array<OutputChunk> = []
  const add = (input: string, built: { readonly entry: OutputChunk; readonly others: ReadonlyArray<OutputChunk> }) => {
    builtNames.set(input, join(staging, built.entry.fileName))
    chunks.push(built.entry, ...built.others)
  }
  const src = (name: string) => [...lazy].find(([, n]) => n === name)![0]
  // The exporter first: full and run import it.
  add(src("otlp"), await build(src("otlp"), `${chunksDir}/otlp-[hash].js`, builtNames, staging))
  add(src("env-file"), await build(src("env-file"), `${chunksDir}/env-file-[hash].js`, builtNames, staging))
  // full first: the fast paths fall back to it; then the fast paths; the entry last.
  add(src("full"), await build(src("full"), `${chunksDir}/full-[hash].js`, builtNames, staging))
  const [decide, run, worker] = await Promise.all(
    ["decide", "run", "async-worker"].map((name) =>
      build(src(name), `${chunksDir}/${name}-[hash].js`, builtNames, staging)
    )
  )
  add(src("decide"), decide!)
  add(src("run"), run!)
  add(src("async-worker"), worker!)
  const bin = await build(join(root, "src/bin.ts"), "bin.js", builtNames, staging)
  chunks.push(bin.entry, ...bin.others)

  const manifest: Record<string, ReadonlyArray<string>> = {}
  for (const chunk of chunks) manifest[chunk.fileName] = chunk.moduleIds.map((id) => relative(root, id)).sort()
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
  const sizes = chunks.map(
    (c) => `${basename(c.fileName).padEnd(22)} ${(c.code.length / 1024).toFixed(0).padStart(4)} KiB`
  )
  console.log(`dist/bin.js bundled in ${Date.now() - started} ms:\n  ${sizes.join("\n  ")}`)
} finally {
  rmSync(staging, { recursive: true, force: true })
}
