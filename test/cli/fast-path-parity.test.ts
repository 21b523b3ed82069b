/**
 * The fast paths of `decide` and `run` (`src/cli/fast-*.ts`) agree with the
 * full effect/cli tree: every command line below runs through the BUILT CLI
 * twice, once as is and once with `WAVE_HOOKS_FULL_CLI=1` (which makes
 * `src/bin.ts` skip the fast paths), and stdout, stderr and exit status must be
 * equal. The rows cover what a fast path accepts and its error cases (unknown
 * flag, missing value, `--help`, bad input on stdin or in a file).
 *
 * Normalised: only a hook's run time (`"durationMs":N` in run's JSON, `N ms` in
 * its text): two real runs of a hook take different times. Paths are the same
 * both ways (one temp project). A last test checks that the switch does switch
 * (which bundle chunks Node loads, from `NODE_DEBUG=esm`).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { CliResult } from "../helpers/cli-process.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import type { TempProject } from "../helpers/project.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

interface Row {
  readonly name: string
  readonly args: (p: TempProject) => ReadonlyArray<string>
  readonly input?: string
}

const blockBash = JSON.stringify({ decision: "block", reason: "not here" })
const bashPayload = JSON.stringify({ tool_name: "Bash", tool_input: { command: "rm -rf build" } })

const decideRows: ReadonlyArray<Row> = [
  { name: "decide: defaults", args: () => ["decide", "--event", "PreToolUse"] },
  {
    name: "decide: exit 2 with stderr",
    args: () => ["decide", "--event", "PreToolUse", "--exit-code", "2", "--stderr", "no"]
  },
  {
    name: "decide: --name=value and JSON stdout",
    args: () => ["decide", "--event=PreToolUse", `--stdout=${blockBash}`]
  },
  {
    name: "decide: every flag",
    args: () => [
      "decide",
      "--event",
      "Stop",
      "--exit-code",
      "1",
      "--stdout",
      "o",
      "--stderr",
      "e",
      "--timed-out",
      "--truncated",
      "--on-failure",
      "block",
      "--command",
      "make",
      "--dialect",
      "claude-code",
      "--json"
    ]
  },
  {
    name: "decide: stdout from stdin",
    args: () => ["decide", "--event", "PreToolUse", "--stdout-file", "-"],
    input: '{"continue":false}'
  },
  {
    name: "decide: stdout from a file",
    args: (p) => ["decide", "--event", "PreToolUse", "--stdout-file", join(p.root, "hook-stdout.txt")]
  },
  { name: "decide: unknown event", args: () => ["decide", "--event", "Bogus"] },
  {
    name: "decide: conflicting flags",
    args: () => ["decide", "--event", "PreToolUse", "--stdout", "a", "--stdout-file", "b"]
  },
  {
    name: "decide: unreadable file",
    args: (p) => ["decide", "--event", "PreToolUse", "--stderr-file", join(p.root, "missing.txt")]
  },
  { name: "decide: unknown flag", args: () => ["decide", "--event", "PreToolUse", "--nope"] },
  { name: "decide: missing value", args: () => ["decide", "--event"] },
  { name: "decide: missing required flag", args: () => ["decide"] },
  { name: "decide: bad integer", args: () => ["decide", "--event", "Stop", "--exit-code", "x"] },
  { name: "decide: bad choice", args: () => ["decide", "--event", "Stop", "--on-failure", "maybe"] },
  { name: "decide: --help", args: () => ["decide", "--help"] }
]

const runRows: ReadonlyArray<Row> = [
  { name: "run: no hooks, text", args: (p) => ["run", "Stop", "--project-dir", p.dir] },
  { name: "run: no hooks, --json", args: (p) => ["run", "Stop", "--project-dir", p.dir, "--json"] },
  {
    name: "run: a blocking hook, payload on stdin, --json --explain",
    args: (p) => ["run", "PreToolUse", "--project-dir", p.dir, "--payload", "-", "--json", "--explain"],
    input: bashPayload
  },
  {
    name: "run: a blocking hook, text",
    args: (p) => ["run", "PreToolUse", "--project-dir", p.dir, "--payload", "-"],
    input: bashPayload
  },
  {
    name: "run: bad JSON on stdin",
    args: (p) => ["run", "PreToolUse", "--project-dir", p.dir, "--payload", "-"],
    input: "{"
  },
  {
    name: "run: payload file missing",
    args: (p) => ["run", "PreToolUse", "--project-dir", p.dir, "--payload", join(p.root, "missing.json")]
  },
  { name: "run: unknown event", args: (p) => ["run", "Bogus", "--project-dir", p.dir] },
  { name: "run: unknown flag", args: (p) => ["run", "Stop", "--project-dir", p.dir, "--nope"] },
  { name: "run: missing value", args: () => ["run", "Stop", "--project-dir"] },
  { name: "run: missing event", args: (p) => ["run", "--project-dir", p.dir] },
  { name: "run: bad choice", args: (p) => ["run", "Stop", "--project-dir", p.dir, "--dialect", "nope"] },
  { name: "run: --help", args: () => ["run", "--help"] }
]

const rows = [...decideRows, ...runRows]

/** Run times of hooks differ between two runs; nothing else may. */
const normalise = (text: string): string =>
  text.replace(/"durationMs":\d+/g, '"durationMs":0').replace(/\(exit (-?\d+), \d+ ms\)/g, "(exit $1, N ms)")

let project: TempProject
let env: { readonly [name: string]: string | undefined }
const results = new Map<string, { readonly fast: CliResult; readonly full: CliResult }>()

beforeAll(async () => {
  ensureCliBuilt()
  project = makeProject()
  project.writeSettings(
    "project",
    settings({ PreToolUse: [group([hook("echo 'rm is not allowed' >&2; exit 2")], { matcher: "Bash" })] })
  )
  writeFileSync(join(project.root, "hook-stdout.txt"), blockBash)
  await project.trust()
  env = { ...project.env, HOME: project.home, NODE_COMPILE_CACHE: join(tmpdir(), "wave-hooks-test-compile-cache") }
  const once = (row: Row, full: boolean) =>
    runCli(row.args(project), {
      env: full ? { ...env, WAVE_HOOKS_FULL_CLI: "1" } : env,
      cwd: project.dir,
      timeoutMs: 60_000,
      ...(row.input === undefined ? {} : { input: row.input })
    })
  // Two at a time: the machine has two cores, and node start-up is CPU-bound.
  for (const row of rows) {
    const [fast, full] = await Promise.all([once(row, false), once(row, true)])
    results.set(row.name, { fast, full })
  }
}, 600_000)
afterAll(removeTempProjects)

describe("fast paths and the full tree agree", () => {
  it("the table keeps its rows", () => {
    assert.strictEqual(decideRows.length, 15)
    assert.strictEqual(runRows.length, 12)
    assert.strictEqual(new Set(rows.map((row) => row.name)).size, rows.length)
  })

  it.each(rows.map((row) => row.name))("%s", (name) => {
    const { fast, full } = results.get(name)!
    assert.deepStrictEqual(
      { status: fast.status, stdout: normalise(fast.stdout), stderr: normalise(fast.stderr) },
      { status: full.status, stdout: normalise(full.stdout), stderr: normalise(full.stderr) }
    )
  })
})

describe("WAVE_HOOKS_FULL_CLI", () => {
  /** The bundle chunks (dist/cli-chunks/<name>-<hash>.js) Node loads for `decide`, by name. */
  const chunksLoaded = async (extra: { readonly [name: string]: string }): Promise<ReadonlyArray<string>> => {
    const r = await runCli(["decide", "--event", "Stop"], {
      env: { ...env, ...extra, NODE_DEBUG: "esm" },
      cwd: project.dir,
      timeoutMs: 60_000
    })
    assert.strictEqual(r.status, 0, r.stderr)
    return [...new Set([...r.stderr.matchAll(/cli-chunks\/([a-z-]+)-[\w-]{8}\.js/g)].map((m) => m[1]!))].sort()
  }

  it("=1 loads the full tree instead of the fast path; unset, the fast path alone", async () => {
    const [fast, full] = await Promise.all([chunksLoaded({}), chunksLoaded({ WAVE_HOOKS_FULL_CLI: "1" })])
    assert.include(fast, "decide")
    assert.notInclude(fast, "full")
    assert.include(full, "full")
  })
})
