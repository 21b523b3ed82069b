/**
 * What the `env` allowlist does not do, stated in the README: on Linux a hook
 * runs as the same user as the engine, so it can read the engine's own
 * starting environment through `/proc/$PPID/environ`. This test keeps that
 * sentence honest (if hooks are ever sandboxed, it fails and the README
 * changes with it).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { ensureCliBuilt, runCli } from "../helpers/cli-process.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

beforeAll(ensureCliBuilt, 120_000)
afterAll(removeTempProjects)

describe.runIf(process.platform === "linux")("env allowlist on Linux", () => {
  it("hides the variable from the hook's environment but not from /proc/$PPID/environ", async () => {
    const p = makeProject()
    const command = "env > own-env.txt; tr '\\0' '\\n' < /proc/$PPID/environ > parent-env.txt"
    p.writeSettings("user", settings({ Stop: [group([hook(command, { env: [] })])] }))
    const r = await runCli(["run", "Stop", "--project-dir", p.dir], {
      env: { ...p.env, HOME: p.home, WAVE_TEST_SECRET: "hunter2" },
      cwd: p.dir,
      input: "{}"
    })
    assert.strictEqual(r.status, 0, r.stderr)
    assert.notInclude(p.read("own-env.txt"), "WAVE_TEST_SECRET", "the allowlist keeps it out of the hook's environment")
    assert.include(
      p.read("parent-env.txt"),
      "WAVE_TEST_SECRET=hunter2",
      "the engine's environment is readable through /proc"
    )
  })
})
