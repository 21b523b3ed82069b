/**
 * Which commands take `--project-dir` and `--dialect`, as each one's `--help`
 * shows, agrees with the README's Command line section; effect/cli's
 * `--wizard` and `--log-level`, which do nothing here, are not offered (issue 11).
 */
import { assert, beforeAll, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { CliResult } from "../helpers/cli-process.ts"
import { ensureCliBuilt, repoRoot, runCli } from "../helpers/cli-process.ts"

/** Each command: whether it takes --project-dir, and --dialect. */
const table = {
  decide: { projectDir: false, dialect: true },
  explain: { projectDir: false, dialect: true },
  run: { projectDir: true, dialect: true },
  validate: { projectDir: true, dialect: true },
  list: { projectDir: true, dialect: true },
  trust: { projectDir: true, dialect: false },
  test: { projectDir: true, dialect: true },
  demo: { projectDir: false, dialect: false },
  serve: { projectDir: true, dialect: true }
} as const

const helps = new Map<string, CliResult>()

beforeAll(async () => {
  ensureCliBuilt()
  for (const name of Object.keys(table)) helps.set(name, await runCli([name, "--help"], { env: process.env }))
}, 180_000)

describe("--project-dir and --dialect in each command's help", () => {
  for (const [name, expected] of Object.entries(table)) {
    it(`${name}: --project-dir ${expected.projectDir ? "yes" : "no"}, --dialect ${expected.dialect ? "yes" : "no"}`, () => {
      const help = helps.get(name)!
      assert.strictEqual(help.status, 0, help.stderr)
      assert.strictEqual(help.stdout.includes("--project-dir"), expected.projectDir, help.stdout)
      assert.strictEqual(help.stdout.includes("--dialect"), expected.dialect, help.stdout)
      assert.notInclude(help.stdout, "--wizard")
      assert.notInclude(help.stdout, "--log-level")
    })
  }

  it("the command-line guide says the same", () => {
    const readme = readFileSync(join(repoRoot, "docs/guides/cli.md"), "utf8").replace(/\s+/g, " ")
    assert.notInclude(readme, "All commands take `--project-dir DIR`")
    assert.include(
      readme,
      "`run`, `validate`, `list`, `test` and `serve` take `--project-dir DIR` (default: the current directory) and `--dialect auto|wave|claude-code` (default `auto`"
    )
    assert.include(readme, "`trust` takes `--project-dir`")
    assert.include(readme, "`decide` and `explain` take `--dialect`")
    assert.include(readme, "`demo` takes neither")
  })
})
