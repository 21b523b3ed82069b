/**
 * The bundled CLI (`scripts/build-cli.ts`): `dist/bin.js` loads only the
 * bundle its command needs. `decide` and `run` load their own lean bundle and
 * nothing of effect/cli, the platform barrel, or the other subcommands;
 * help and usage errors fall back to the full effect/cli bundle with the same
 * results. Checked on what the built files hold (the build's manifest) and on
 * what a real process loads (a module hook preloaded with `--import`), not on
 * timings.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join } from "node:path"
import { cliBin, ensureCliBuilt, nodeBin, repoRoot } from "../helpers/cli-process.ts"

const chunksDir = join(repoRoot, "dist", "cli-chunks")
const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-bundle-"))
const home = join(tmp, "home")
const project = join(tmp, "project")
mkdirSync(home, { recursive: true })
mkdirSync(project, { recursive: true })

beforeAll(ensureCliBuilt, 180_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

interface Ran {
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
  /** The files the process loaded as modules, relative to dist/ (`cli-chunks/decide-<hash>.js` as `cli-chunks/decide.js`). */
  readonly loaded: ReadonlyArray<string>
}

let runs = 0
/** Run `node dist/bin.js ...args`, recording every file it loads as a module. */
const runRecording = (args: ReadonlyArray<string>, extraEnv: Record<string, string> = {}): Ran => {
  const record = join(tmp, `loaded-${runs++}.txt`)
  writeFileSync(record, "")
  const preload =
    "data:text/javascript," +
    encodeURIComponent(
      `import { registerHooks } from "node:module"\n` +
        `import { appendFileSync } from "node:fs"\n` +
        `registerHooks({ load(url, context, next) { if (url.startsWith("file:")) appendFileSync(${JSON.stringify(record)}, url + "\\n"); return next(url, context) } })\n`
    )
  const ran = spawnSync(nodeBin, ["--import", preload, cliBin, ...args], {
    cwd: project,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home, ...extraEnv },
    encoding: "utf8",
    timeout: 30_000,
    killSignal: "SIGKILL"
  })
  const dist = join(repoRoot, "dist") + "/"
  const loaded = readFileSync(record, "utf8")
    .split("\n")
    .filter((l) => l.length > 0)
    .map((url) => new URL(url).pathname.replace(dist, "").replace(/-[\w-]{8}\.js$/, ".js"))
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr, loaded }
}

const manifest = (): Record<string, ReadonlyArray<string>> =>
  JSON.parse(readFileSync(join(chunksDir, "manifest.json"), "utf8")) as Record<string, ReadonlyArray<string>>

/** The source modules of the bundle named `name` (`decide`, `run`, `full`). */
const modulesOf = (name: string): ReadonlyArray<string> => {
  const entry = Object.entries(manifest()).find(([file]) =>
    new RegExp(`^cli-chunks/${name}-[\\w-]{8}\\.js$`).test(file)
  )
  if (entry === undefined) throw new Error(`no ${name} bundle in the manifest`)
  return entry[1]
}

const effectCli = (m: string) => m.includes("node_modules/effect/dist/cli/")
const platformBarrel = (m: string) => /node_modules\/@effect\/platform-node(-shared)?\/dist\/index\.js$/.test(m)
const otherCommands = (m: string) =>
  /src\/cli\/(list|validate|trust|test|demo|serve|run|decide|mcp-proxy|stats)-command\.ts$/.test(m)

describe("the bundles' contents (build manifest)", () => {
  it("decide's bundle holds the core and its CLI glue, and none of effect/cli, the platform, the runner or another command", () => {
    const modules = modulesOf("decide")
    assert.include(modules, "src/cli/fast-decide.ts")
    assert.include(modules, "src/core/decide.ts")
    const unwanted = modules.filter(
      (m) =>
        effectCli(m) ||
        m.includes("@effect/platform-node") ||
        otherCommands(m) ||
        m.includes("src/cli/command-tree.ts") ||
        /src\/(runner|interpreters|hosts|demo)\//.test(m)
    )
    assert.deepStrictEqual(unwanted, [])
  })

  it("run's bundle holds the runner and its own file system, and none of effect/cli, the platform's file system or barrel, or another command", () => {
    const modules = modulesOf("run")
    assert.include(modules, "src/runner/run-hooks.ts")
    assert.include(modules, "src/runner/sync-read-file-system.ts")
    const unwanted = modules.filter(
      (m) =>
        effectCli(m) ||
        platformBarrel(m) ||
        otherCommands(m) ||
        m.includes("src/cli/command-tree.ts") ||
        /src\/(interpreters|hosts|demo)\//.test(m) ||
        m.includes("NodeFileSystem")
    )
    assert.deepStrictEqual(unwanted, [])
  })

  it("the OTLP exporter is a bundle of its own: run's and full's hold nothing of effect/observability or an HTTP client (issue 15)", () => {
    const exporter = (m: string) =>
      m.includes("node_modules/effect/dist/observability/") ||
      m.endsWith("src/runner/otlp-from-env.ts") ||
      /NodeHttpClient|FetchHttpClient/.test(m)
    assert.include(modulesOf("otlp"), "src/runner/otlp-from-env.ts")
    assert.isTrue(modulesOf("otlp").some((m) => m.endsWith("node_modules/effect/dist/observability/OtlpTracer.js")))
    for (const name of ["run", "full", "decide"]) assert.deepStrictEqual(modulesOf(name).filter(exporter), [], name)
    assert.include(modulesOf("run"), "src/runner/telemetry.ts")
  })

  it("the env-file reader (bash's words, patterns, arithmetic) is a bundle of its own, loaded only on events with env files (issue 21)", () => {
    const reader = (m: string) =>
      /src\/settings\/env-file-(text|words|lexer|arithmetic|pattern|state|expand|commands|taint)\.ts$/.test(m)
    assert.deepStrictEqual(modulesOf("env-file").filter(reader).sort(), [
      "src/settings/env-file-arithmetic.ts",
      "src/settings/env-file-commands.ts",
      "src/settings/env-file-expand.ts",
      "src/settings/env-file-lexer.ts",
      "src/settings/env-file-pattern.ts",
      "src/settings/env-file-state.ts",
      "src/settings/env-file-taint.ts",
      "src/settings/env-file-text.ts",
      "src/settings/env-file-words.ts"
    ])
    for (const name of ["run", "full", "async-worker", "decide"])
      assert.deepStrictEqual(modulesOf(name).filter(reader), [], name)
  })

  it("the full bundle holds the effect/cli tree with every command", () => {
    const modules = modulesOf("full")
    assert.isTrue(modules.some(effectCli))
    for (const command of [
      "decide",
      "run",
      "list",
      "validate",
      "trust",
      "test",
      "demo",
      "serve",
      "mcp-proxy",
      "stats"
    ]) {
      assert.include(modules, `src/cli/${command}-command.ts`)
    }
  })

  it("the entry holds only the dispatch (bin.ts), the closing of inherited fds and the Node version check", () => {
    assert.deepStrictEqual([...(manifest()["bin.js"] ?? [])].sort(), [
      "src/bin.ts",
      "src/cli/inherited-fds.ts",
      "src/cli/node-support.ts"
    ])
  })

  it("the built files import nothing but each other (Node's builtins through process.getBuiltinModule), and the optional peers only lazily", () => {
    const files = [
      cliBin,
      ...readdirSync(chunksDir)
        .filter((f) => f.endsWith(".js"))
        .map((f) => join(chunksDir, f))
    ]
    // The packages of the non-command hook types (issue 13) are optional peers: import()ed when such a hook runs, never bundled.
    const peers = Object.keys(
      (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { peerDependencies: Record<string, string> })
        .peerDependencies
    )
    const isPeer = (s: string) => peers.some((p) => s === p || s.startsWith(`${p}/`))
    for (const file of files) {
      const code = readFileSync(file, "utf8")
      // `from` of an import clause, not a word in a string or a name (`"from","to"`, `--from`, `e.from`).
      const found = [...code.matchAll(/((?<![\w$.`"'-])from\s*|\bimport\s*\(\s*)[`"']([^`"']+)[`"']/g)].map((m) => ({
        lazy: m[1]!.startsWith("import"),
        specifier: m[2]!
      }))
      const specifiers = found.map((f) => f.specifier)
      const foreign = found.filter(
        ({ lazy, specifier: s }) =>
          !s.startsWith("node:") && !/^\.\/(cli-chunks\/)?[\w-]+\.js$/.test(s) && !(lazy && isPeer(s))
      )
      assert.deepStrictEqual(foreign, [], basename(file))
      // Node's builtins are read with process.getBuiltinModule: an ES import of one builds a facade that reads
      // every export (node:fs's loads the streams).
      assert.deepStrictEqual(
        found.filter(({ lazy, specifier: s }) => !lazy && s.startsWith("node:")),
        [],
        basename(file)
      )
      for (const s of specifiers.filter((x) => x.startsWith("./")))
        assert.isTrue(existsSync(join(dirname(file), s)), `${basename(file)} imports ${s}`)
    }
  })

  it("a build removes the bundles of earlier builds: all but its own and those of the build it replaced", () => {
    // A stale bundle and map, older than the minute a concurrent build's files are kept.
    const stale = join(chunksDir, "run-STALE000.js")
    writeFileSync(stale, "export {}\n")
    writeFileSync(`${stale}.map`, "{}\n")
    const hourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(stale, hourAgo, hourAgo)
    utimesSync(`${stale}.map`, hourAgo, hourAgo)
    const before = Object.keys(manifest())
      .filter((f) => f.startsWith("cli-chunks/"))
      .map((f) => basename(f))
    const built = spawnSync(nodeBin, [join(repoRoot, "scripts", "build-cli.ts")], {
      cwd: repoRoot,
      encoding: "utf8",
      timeout: 120_000
    })
    assert.strictEqual(built.status, 0, built.stderr)
    const after = Object.keys(manifest())
      .filter((f) => f.startsWith("cli-chunks/"))
      .map((f) => basename(f))
    const present = new Set(readdirSync(chunksDir))
    assert.isFalse(present.has("run-STALE000.js"))
    assert.isFalse(present.has("run-STALE000.js.map"))
    for (const file of [...after, ...before]) {
      assert.isTrue(present.has(file), file)
      assert.isTrue(present.has(`${file}.map`), `${file}.map`)
    }
  }, 180_000)

  it("the built files are ASCII only (V8 keeps them as one-byte strings)", () => {
    const files = [
      cliBin,
      ...readdirSync(chunksDir)
        .filter((f) => f.endsWith(".js"))
        .map((f) => join(chunksDir, f))
    ]
    for (const file of Object.keys(manifest())
      .map((f) => join(repoRoot, "dist", f))
      .filter((f) => files.includes(f))) {
      // eslint-disable-next-line no-control-regex
      assert.notMatch(readFileSync(file, "utf8"), /[^\x00-\x7f]/, basename(file))
    }
  })

  it("dist/bin.js is an executable node script", () => {
    assert.isTrue(readFileSync(cliBin, "utf8").startsWith("#!/usr/bin/env node\n"))
    assert.notStrictEqual(statSync(cliBin).mode & 0o111, 0)
  })
})

describe("what a process loads", () => {
  const denyJson = JSON.stringify({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" }
  })

  it("decide loads the entry and the decide bundle only", () => {
    const ran = runRecording(["decide", "--event", "PreToolUse", "--stdout", denyJson])
    assert.strictEqual(ran.status, 0, ran.stderr)
    assert.strictEqual(ran.stdout, JSON.stringify({ effects: [{ _tag: "BlockTool", reason: "no" }] }) + "\n")
    assert.deepStrictEqual(ran.loaded, ["bin.js", "cli-chunks/decide.js", "cli-chunks/script-loader.js"])
  })

  it("run loads the entry and the run bundle only", () => {
    const ran = runRecording(["run", "Stop", "--project-dir", project, "--json"])
    assert.strictEqual(ran.status, 0, ran.stderr)
    assert.deepStrictEqual(JSON.parse(ran.stdout), { effects: [], runs: [] })
    assert.deepStrictEqual(ran.loaded, ["bin.js", "cli-chunks/run.js", "cli-chunks/script-loader.js"])
  })

  it("run with command hooks loads none of the built-ins only other hook types need (http, https, tls, crypto)", () => {
    // Issue 13: the http hook's client and the agent hook's file access load their built-ins on use.
    const builtins = join(home, "builtins.json")
    const preload =
      "data:text/javascript," +
      encodeURIComponent(
        `import { writeFileSync } from "node:fs"\n` +
          `process.on("exit", () => writeFileSync(${JSON.stringify(builtins)}, JSON.stringify(process.moduleLoadList)))\n`
      )
    const ran = spawnSync(nodeBin, ["--import", preload, cliBin, "run", "Stop", "--project-dir", project, "--json"], {
      cwd: project,
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home },
      encoding: "utf8",
      timeout: 30_000,
      killSignal: "SIGKILL"
    })
    assert.strictEqual(ran.status, 0, ran.stderr)
    const loaded = (JSON.parse(readFileSync(builtins, "utf8")) as ReadonlyArray<string>).filter((m) =>
      m.startsWith("NativeModule ")
    )
    assert.isAbove(loaded.length, 0)
    const heavy = loaded.filter((m) =>
      /^NativeModule (http|https|tls|_http_\w+|crypto|internal\/crypto\/.*|internal\/deps\/undici\/.*)$/.test(m)
    )
    assert.deepStrictEqual(heavy, [])
  })

  it("other commands load the full bundle only", () => {
    const ran = runRecording(["list", "--json", "--project-dir", project])
    assert.strictEqual(ran.status, 0, ran.stderr)
    assert.deepStrictEqual(ran.loaded, ["bin.js", "cli-chunks/full.js", "cli-chunks/script-loader.js"])
  })

  it("decide --help falls back to the full tree and prints decide's help on stdout", () => {
    const ran = runRecording(["decide", "--help"])
    assert.strictEqual(ran.status, 0, ran.stderr)
    assert.include(ran.stdout, "wave-hooks decide")
    assert.include(ran.stdout, "--stdout-file")
    assert.deepStrictEqual(ran.loaded, [
      "bin.js",
      "cli-chunks/decide.js",
      "cli-chunks/script-loader.js",
      "cli-chunks/full.js"
    ])
  })

  it("a bad flag of run falls back to the full tree: usage on stderr, exit 1", () => {
    const ran = runRecording(["run", "Stop", "--bogus"])
    assert.strictEqual(ran.status, 1)
    assert.strictEqual(ran.stdout, "")
    assert.include(ran.stderr, "--bogus")
    assert.include(ran.stderr, "wave-hooks run")
    assert.deepStrictEqual(ran.loaded, [
      "bin.js",
      "cli-chunks/run.js",
      "cli-chunks/script-loader.js",
      "cli-chunks/full.js"
    ])
  })

  it("a command line the fast path leaves to effect/cli gives the same effects as its plain form", () => {
    const base = ["decide", "--event", "PreToolUse", "--exit-code", "2", "--stderr", "no"]
    const plain = runRecording(base)
    const spelledOut = runRecording([...base, "--timed-out", "false"])
    assert.strictEqual(plain.status, 0, plain.stderr)
    assert.strictEqual(spelledOut.status, 0, spelledOut.stderr)
    assert.strictEqual(spelledOut.stdout, plain.stdout)
    assert.notInclude(plain.loaded, "cli-chunks/full.js")
    assert.include(spelledOut.loaded, "cli-chunks/full.js")
  })
})

describe("Node's compile cache", () => {
  it("is written by a run (to $NODE_COMPILE_CACHE), and not when NODE_DISABLE_COMPILE_CACHE=1", () => {
    const on = join(tmp, "cache-on")
    const off = join(tmp, "cache-off")
    assert.strictEqual(runRecording(["decide", "--event", "Stop"], { NODE_COMPILE_CACHE: on }).status, 0)
    assert.strictEqual(
      runRecording(["decide", "--event", "Stop"], { NODE_COMPILE_CACHE: off, NODE_DISABLE_COMPILE_CACHE: "1" }).status,
      0
    )
    const files = (dir: string): number =>
      existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0
    assert.isAbove(files(on), 0)
    assert.strictEqual(files(off), 0)
  })
})

/** npm's `npx-cli.js`, found from the `npx` on PATH. */
const npxCli = (): string | undefined => {
  for (const dir of (process.env["PATH"] ?? "").split(":")) {
    const npx = join(dir, "npx")
    if (!existsSync(npx)) continue
    const real = realpathSync(npx)
    if (real.endsWith(".js")) return real
  }
  return undefined
}

describe("npx wave-hooks", () => {
  const cli = npxCli()
  it.skipIf(cli === undefined)(
    "prints no engine warning when npm runs on the repository's Node",
    () => {
      const ran = spawnSync(nodeBin, [cli!, "--no-install", "wave-hooks", "decide", "--event", "Stop"], {
        cwd: repoRoot,
        env: { ...process.env, PATH: `${dirname(nodeBin)}:${process.env["PATH"] ?? ""}` },
        encoding: "utf8",
        input: "",
        timeout: 60_000,
        killSignal: "SIGKILL"
      })
      assert.strictEqual(ran.status, 0, `status ${ran.status}, signal ${ran.signal}: ${ran.stderr}`)
      assert.strictEqual(ran.stdout, JSON.stringify({ effects: [] }) + "\n")
      assert.notMatch(ran.stderr, /EBADENGINE|Unsupported engine/)
    },
    90_000
  )
})
