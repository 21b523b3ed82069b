/**
 * What `run` says about settings it skipped (issue 21): a file that cannot be
 * read is "the settings file", not "a hook"; the advice to run `validate` is
 * said once; the text output shows each skipped entry once (the warning, not
 * also its Diagnostic), `--json` keeps both. The built CLI, real files.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"

const tmp = mkdtempSync(join(tmpdir(), "wave-hooks-skipped-"))
beforeAll(() => ensureCliBuilt(), 180_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const count = (text: string, part: string): number => text.split(part).length - 1

/** A project (with its own HOME) whose project settings file holds `text`; not trusted. */
const projectWith = (name: string, files: { readonly project?: string; readonly user?: string }) => {
  const root = join(tmp, name)
  const home = join(root, "home")
  const dir = join(root, "project")
  mkdirSync(join(home, ".wave"), { recursive: true })
  mkdirSync(join(dir, ".wave"), { recursive: true })
  if (files.project !== undefined) writeFileSync(join(dir, ".wave", "settings.json"), files.project)
  if (files.user !== undefined) writeFileSync(join(home, ".wave", "settings.json"), files.user)
  return {
    dir,
    projectFile: join(dir, ".wave", "settings.json"),
    userFile: join(home, ".wave", "settings.json"),
    run: (args: ReadonlyArray<string>, event = "PreToolUse") =>
      runCli(["run", event, "--project-dir", dir, "--payload", "-", ...args], {
        input: JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } }),
        env: { PATH: process.env["PATH"], HOME: home }
      })
  }
}

describe("run: a settings file skipped as a whole", () => {
  it("says the file was skipped, not a hook, and says 'run wave-hooks validate' once", async () => {
    const p = projectWith("broken", { project: `{"hooks": {"PreToolUse": [],}}` })
    const ran = await p.run([])
    assert.strictEqual(ran.status, 0, ran.stderr)
    assert.include(ran.stdout, `The settings file ${p.projectFile} was skipped: $: not valid JSON`)
    assert.notInclude(ran.stdout, "A hook in")
    assert.strictEqual(count(ran.stdout, "wave-hooks validate"), 1, ran.stdout)
    // Shown once: the Diagnostic repeating the warning is left out of the text.
    assert.strictEqual(count(ran.stdout, "not valid JSON"), 1, ran.stdout)
  }, 30_000)

  it("--json keeps the Diagnostic and the warning", async () => {
    const p = projectWith("broken-json", { project: `{"hooks": "PreToolUse"}` })
    const ran = await p.run(["--json"])
    const effects = (
      JSON.parse(ran.stdout) as { effects: ReadonlyArray<{ _tag: string; code?: string; text?: string }> }
    ).effects
    assert.deepStrictEqual(effects.filter((e) => e.code === "skipped-entry").length, 1)
    const warning = effects.find((e) => e._tag === "ShowUser")!.text!
    assert.match(warning, /^The settings file .* was skipped: \$\.hooks: expected an object of events/)
    assert.strictEqual(count(warning, "wave-hooks validate"), 1, warning)
  }, 30_000)
})

describe("run: one skipped hook", () => {
  it("says a hook was skipped, with the validate advice once, shown once", async () => {
    const user = JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: "command", command: "" },
              { type: "command", command: "true" }
            ]
          }
        ]
      }
    })
    const p = projectWith("one-hook", { user })
    const ran = await p.run([], "Stop")
    assert.strictEqual(ran.status, 0, ran.stderr)
    assert.include(ran.stdout, `A hook in ${p.userFile} was skipped: $.hooks.Stop[0].hooks[0].command:`)
    assert.strictEqual(count(ran.stdout, "wave-hooks validate"), 1, ran.stdout)
    assert.strictEqual(count(ran.stdout, "$.hooks.Stop[0].hooks[0].command"), 1, ran.stdout)
  }, 30_000)
})
