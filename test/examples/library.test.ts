/**
 * examples/library/*.ts run offline: decide.ts (the pure core) as imported,
 * interpreter.ts (the memory interpreter, both forms), and run-hooks.ts against a trusted temp copy of an example project (real
 * hook processes).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { explained, merged } from "../../examples/library/decide.ts"
import { withEffect, withPromises } from "../../examples/library/interpreter.ts"
import { checkCommand, stopOnce } from "../../examples/library/run-hooks.ts"
import { removeTempProjects } from "../helpers/project.ts"
import { exampleProject } from "./example-project.ts"

afterAll(removeTempProjects)

describe("examples/library/decide.ts", () => {
  it("a block wins over an allow with an updated input, and explain names a rule for the block", () => {
    assert.deepStrictEqual(merged, [{ _tag: "BlockTool", reason: "rm -rf is not allowed" }])
    assert.deepStrictEqual(
      explained.map((e) => e.effect),
      [{ _tag: "BlockTool", reason: "rm -rf is not allowed" }]
    )
    assert.isAbove(String(explained[0]!.rule).length, 0)
  })
})

describe("examples/library/run-hooks.ts", () => {
  it("checkCommand runs the project's guard: rm -rf is not allowed, ls is", async () => {
    const p = await exampleProject("agent-loop")
    const rm = await checkCommand("rm -rf build", p.dir)
    assert.deepStrictEqual([rm.allowed, rm.reason, rm.hooksRun], [false, "rm -rf is not allowed in this project", 1])
    const ls = await checkCommand("ls", p.dir)
    assert.deepStrictEqual([ls.allowed, ls.reason, ls.effects], [true, undefined, []])
    assert.isTrue(p.exists("build/keep"))
  })

  it("stopOnce fires Stop on a session: no Stop hooks, no effects", async () => {
    const p = await exampleProject("agent-loop")
    assert.deepStrictEqual(await stopOnce(p.dir), [])
  })
})

describe("examples/library/interpreter.ts", () => {
  it("Promise form: the handler denies the push: a refusal by the user, with the reason the model gets", async () => {
    const resolution = await withPromises()
    assert.deepStrictEqual(
      [resolution.permission, resolution.denyReason, resolution.asked],
      ["deny", "The user denied this tool call.", { reason: "pushing needs your OK", answer: "deny" }]
    )
  })

  it('Effect form: Permission.always("allow") allows it', async () => {
    const resolution = await withEffect()
    assert.deepStrictEqual(
      [resolution.permission, resolution.asked],
      ["allow", { reason: "pushing needs your OK", answer: "allow" }]
    )
  })
})
