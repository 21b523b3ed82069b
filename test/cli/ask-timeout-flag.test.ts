/**
 * `--ask-timeout SECONDS` on `demo` and `serve`: a value that is not a
 * positive number of seconds is a usage error (exit 2) naming the flag, and
 * `--help` lists the flag.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import { makeProject, removeTempProjects } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 180_000)
afterAll(removeTempProjects)

describe.concurrent("--ask-timeout", () => {
  for (const command of ["demo", "serve"]) {
    it(`${command} refuses a timeout that is not greater than 0`, async () => {
      const p = makeProject()
      const r = await runCli(
        [command, "--ask-timeout", "0", ...(command === "serve" ? ["--project-dir", p.dir] : [])],
        {
          env: { ...p.env, HOME: p.home },
          cwd: p.dir
        }
      )
      assert.strictEqual(r.status, 2, r.stdout + r.stderr)
      assert.include(r.stderr, "--ask-timeout 0 is not a timeout")
    })

    it(`${command} --help lists --ask-timeout`, async () => {
      const p = makeProject()
      const r = await runCli([command, "--help"], { env: { ...p.env, HOME: p.home }, cwd: p.dir })
      assert.include(r.stdout + r.stderr, "--ask-timeout")
    })
  }
})
