/**
 * examples/hosts/agent-loop/agent.ts run offline: `playSession` against the
 * example's own .wave/settings.json and hook scripts in a trusted temp copy.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { playSession } from "../../examples/hosts/agent-loop/agent.ts"
import { removeTempProjects } from "../helpers/project.ts"
import { exampleProject } from "./example-project.ts"

afterAll(removeTempProjects)

describe("examples/hosts/agent-loop/agent.ts, offline", () => {
  it("rm -rf is blocked (the folder survives) and the model would read why; the next command runs", async () => {
    const p = await exampleProject("agent-loop")
    const { clean, tests, messages } = await playSession(p.dir)
    assert.isFalse(clean.ran)
    assert.isTrue(p.exists("build/keep"), "rm -rf build did not run")
    assert.isTrue(tests.ran)
    const sent = JSON.stringify(messages)
    assert.include(sent, "rm -rf is not allowed in this project")
    assert.include(sent, "tests pass")
  })
})
