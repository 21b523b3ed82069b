/**
 * `list` with a settings file that cannot be read (issue 21): it does not
 * say "No hooks configured." (the file may hold hooks); stdout says that no
 * hook could be listed because of it, stderr names the file and the problem.
 * The built CLI, real files.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-list-"))
beforeAll(() => ensureCliBuilt(), 180_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe("list with a settings file that cannot be read", () => {
  it("does not print 'No hooks configured.'; it says the file could not be read", async () => {
    const home = join(tmp, "home")
    const project = join(tmp, "project")
    mkdirSync(join(home, ".wave"), { recursive: true })
    mkdirSync(project, { recursive: true })
    const file = join(home, ".wave", "settings.json")
    writeFileSync(
      file,
      `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}],}}`
    )
    const ran = await runCli(["list", "--project-dir", project], { env: { PATH: process.env["PATH"], HOME: home } })
    assert.notInclude(ran.stdout, "No hooks configured")
    assert.include(ran.stdout, "No hooks listed: 1 settings file could not be read")
    assert.include(ran.stderr, `${file}: not valid JSON`)
  }, 30_000)

  it("with every file readable and no hooks, it still says No hooks configured.", async () => {
    const home = join(tmp, "empty-home")
    mkdirSync(home, { recursive: true })
    const ran = await runCli(["list", "--project-dir", tmp], { env: { PATH: process.env["PATH"], HOME: home } })
    assert.strictEqual(ran.stdout.trim(), "No hooks configured.")
  }, 30_000)
})
