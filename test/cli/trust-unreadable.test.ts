/**
 * `trust` refuses while a project settings file cannot be read (issue 21): a
 * file that is not valid JSON shows nothing of what it would run, so trusting
 * it (or the project without it) is not a decision the user can make. It
 * exits 1 naming the file, the problem (line and column) and the fix, and
 * records nothing, not even the project's readable files. The built CLI, real
 * files, a real trust store.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { trustStorePath } from "../../src/runner/trust-store.ts"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

const brokenProject = () => {
  const p = makeProject()
  const local = p.writeSettings("local", settings({ Stop: [group([hook("echo ok")])] }))
  const broken = p.writeSettings(
    "project",
    `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}],}}`
  )
  return { p, local, broken }
}

describe("trust with a settings file that is not valid JSON", () => {
  it("--yes refuses: exit 1, the file, the problem and the fix on stderr; nothing is recorded", async () => {
    const { broken, p } = brokenProject()
    const ran = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: p.env, cwd: p.dir })
    assert.strictEqual(ran.status, 1, ran.stdout + ran.stderr)
    assert.include(ran.stderr, broken)
    assert.include(ran.stderr, "not valid JSON (at line 1, column")
    assert.include(ran.stderr, "fix the JSON syntax")
    assert.include(ran.stderr, "wave-hooks trust")
    assert.notInclude(ran.stdout, "Trusted")
    assert.isFalse(existsSync(trustStorePath(p.home)), "no trust store was written")
  }, 30_000)

  it("an existing trust store is left byte for byte as it was", async () => {
    const { p } = brokenProject()
    mkdirSync(dirname(trustStorePath(p.home)), { recursive: true })
    const before = JSON.stringify({ version: 1, files: {} })
    writeFileSync(trustStorePath(p.home), before)
    const ran = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: p.env, cwd: p.dir })
    assert.strictEqual(ran.status, 1, ran.stdout + ran.stderr)
    assert.strictEqual(readFileSync(trustStorePath(p.home), "utf8"), before)
  }, 30_000)

  it("once the JSON is fixed, trust --yes records both files", async () => {
    const { broken, local, p } = brokenProject()
    writeFileSync(broken, JSON.stringify(settings({ PreToolUse: [group([hook("./guard.sh")], { matcher: "Bash" })] })))
    const ran = await runCli(["trust", "--project-dir", p.dir, "--yes"], { env: p.env, cwd: p.dir })
    assert.strictEqual(ran.status, 0, ran.stderr)
    const store = JSON.parse(readFileSync(trustStorePath(p.home), "utf8")) as { files: Record<string, unknown> }
    assert.hasAllKeys(store.files, [broken, local])
  }, 30_000)
})
