/**
 * Trust for project hooks (ARCHITECTURE section 7, issue 5): project and local
 * settings run only when their SHA-256 is recorded; user settings always run;
 * a changed file stops running until trusted again; the embedder picks the
 * policy (trusted, ask, all).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { writeFileSync, readFileSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import type { RunHooksOptions } from "../../src/runner/run-hooks.ts"
import { runHooksPromise } from "../../src/runner/session.ts"
import { trustStorePath } from "../../src/runner/trust-store.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import {
  canned,
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  logLine,
  makeProject,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

/** A project whose hooks are canned runs (trust is the runner's logic); `ran()` gives the words of the `logLine` hooks run. */
const trustProject = () => {
  const hooks = canned()
  const p = makeProject({ hookProcess: hooks.layer })
  const ran = () => hooks.commands().map((command) => /^echo '([^']*)'/.exec(command)?.[1] ?? command)
  return Object.assign(p, { hooks, ran })
}
type TrustProject = ReturnType<typeof trustProject>

/** Run without trusting first (the helpers' `run` trusts the project). */
const runUntrusted = (p: TrustProject, options: Partial<RunHooksOptions> = {}) =>
  runHooksPromise({
    event: "Stop",
    payload: {},
    projectDir: p.dir,
    homeDir: p.home,
    env: p.env,
    hookProcess: p.hooks.layer,
    ...options
  })

const stopLogger = (p: TrustProject, scope: "user" | "project" | "local", word: string) =>
  p.writeSettings(scope, settings({ Stop: [group([hook(logLine(word))])] }))

describe("trust for project hooks", () => {
  it("skips an untrusted project file's hooks with a warning naming the file and the trust command", async () => {
    const p = trustProject()
    const file = stopLogger(p, "project", "project-ran")
    const result = await runUntrusted(p)
    assert.deepStrictEqual(p.ran(), [], "the untrusted hook did not run")
    assert.include(diagnosticCodes(result.effects), "untrusted-settings")
    const warning = effectsOf(result.effects, "ShowUser").find((e) => e.level === "warning")
    assert.isDefined(warning)
    assert.include(warning!.text, file)
    assert.include(warning!.text, `wave-hooks trust --project-dir ${p.dir}`)
  })

  it("runs user settings without trust, and a local file needs trust like a project file", async () => {
    const p = trustProject()
    stopLogger(p, "user", "user-ran")
    stopLogger(p, "local", "local-ran")
    const result = await runUntrusted(p)
    assert.deepStrictEqual(p.ran(), ["user-ran"])
    assert.include(diagnosticCodes(result.effects), "untrusted-settings")
  })

  it("runs the hooks once `wave-hooks trust --yes` recorded the file, and skips them again after the file changes", async () => {
    const p = trustProject()
    const file = stopLogger(p, "project", "first")
    const trusted = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: p.env, cwd: p.dir })
    assert.strictEqual(trusted.status, 0, trusted.stderr)
    assert.include(trusted.stdout, file)
    const store = JSON.parse(readFileSync(trustStorePath(p.home), "utf8")) as {
      files: Record<string, { sha256: string }>
    }
    assert.match(store.files[file]!.sha256, /^[0-9a-f]{64}$/)

    await runUntrusted(p)
    assert.deepStrictEqual(p.ran(), ["first"])

    stopLogger(p, "project", "second")
    const changed = await runUntrusted(p)
    assert.deepStrictEqual(p.ran(), ["first"], "the changed file's hook did not run")
    const warning = effectsOf(changed.effects, "ShowUser").find((e) => e.level === "warning")
    assert.include(warning!.text, "has changed since it was trusted")
  })

  it("records both dialects' project and local files", async () => {
    const p = trustProject()
    const files = [
      p.writeSettings("project", settings({ Stop: [] })),
      p.writeSettings("local", settings({ Stop: [] })),
      p.writeSettings("project", settings({ Stop: [] }), "claude-code"),
      p.writeSettings("local", settings({ Stop: [] }), "claude-code")
    ]
    const trusted = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: p.env, cwd: p.dir })
    assert.strictEqual(trusted.status, 0, trusted.stderr)
    const store = JSON.parse(readFileSync(trustStorePath(p.home), "utf8")) as { files: Record<string, unknown> }
    assert.sameMembers(Object.keys(store.files), files)
  })

  it("without a terminal and without --yes, trust asks for --yes, exits 1 and records nothing", async () => {
    const p = trustProject()
    stopLogger(p, "project", "x")
    const result = await runCli(["trust", "--project-dir", p.dir], { env: p.env, cwd: p.dir, input: "" })
    assert.strictEqual(result.status, 1)
    assert.include(result.stderr, "--yes")
    assert.throws(() => readFileSync(trustStorePath(p.home), "utf8"))
  })

  it("the embedder's policy: all runs everything; ask runs what the callback accepts", async () => {
    const p = trustProject()
    stopLogger(p, "project", "project-ran")
    await runUntrusted(p, { trustPolicy: "all" })
    assert.deepStrictEqual(p.ran(), ["project-ran"])

    const asked: Array<string> = []
    await runUntrusted(p, { trustPolicy: "ask", askTrust: (f) => Effect.sync(() => (asked.push(f.file), false)) })
    assert.deepStrictEqual(p.ran(), ["project-ran"], "refused: did not run")
    await runUntrusted(p, { trustPolicy: "ask", askTrust: () => Effect.succeed(true) })
    assert.deepStrictEqual(p.ran(), ["project-ran", "project-ran"])
    assert.deepStrictEqual(asked, [p.settingsPath("project")])
  })

  it("a malformed trust store trusts nothing (fails closed)", async () => {
    const p = trustProject()
    stopLogger(p, "project", "ran")
    await p.trust()
    writeFileSync(trustStorePath(p.home), "{ not json")
    const result = await runUntrusted(p)
    assert.deepStrictEqual(p.ran(), [])
    assert.include(diagnosticCodes(result.effects), "untrusted-settings")
  })

  it("settings are a snapshot: a file trusted and changed mid-session keeps running as it was read", async () => {
    const p = trustProject()
    stopLogger(p, "project", "as-read")
    const session = await p.session()
    stopLogger(p, "project", "edited")
    await session.firePromise("Stop", {})
    assert.deepStrictEqual(p.ran(), ["as-read"])
  })

  it("`list` marks hooks of an untrusted file as not running", async () => {
    const p = trustProject()
    stopLogger(p, "project", "x")
    mkdirSync(join(p.home, ".wave"), { recursive: true })
    const result = await runCli(["list", "--project-dir", p.dir], { env: p.env, cwd: p.dir })
    assert.strictEqual(result.status, 0)
    assert.include(result.stdout, "does not run: the file is not trusted")
  })
})
