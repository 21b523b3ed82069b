/**
 * examples/hosts/openai-agents/agent.ts run offline: `runAgent` with the SDK's
 * own ScriptedModel (@openai/agents/testing), against the example's own
 * .wave/settings.json and hook scripts in a trusted temp copy.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { AgentInputItem } from "@openai/agents"
import { assistantMessage, functionCall, modelResponder, ScriptedModel } from "@openai/agents/testing"
import { runAgent } from "../../examples/hosts/openai-agents/agent.ts"
import { removeTempProjects } from "../helpers/project.ts"
import { exampleProject } from "./example-project.ts"

afterAll(removeTempProjects)

/** The tool outputs the model was sent, as JSON text. */
const toolOutputs = (input: string | ReadonlyArray<AgentInputItem>): string =>
  JSON.stringify(typeof input === "string" ? [] : input.filter((item) => item.type === "function_call_result"))

describe("examples/hosts/openai-agents/agent.ts, offline", () => {
  it("rm -rf is blocked (the folder survives) and the model reads why; a secret is withheld; a refused push is not run", async () => {
    const p = await exampleProject("openai-agents")
    let seen = ""
    const model = new ScriptedModel([
      [
        functionCall("Bash", { command: "rm -rf build" }, { callId: "c1" }),
        functionCall("Bash", { command: "echo token SECRET_abc123" }, { callId: "c2" }),
        functionCall("Bash", { command: "git push" }, { callId: "c3" })
      ],
      modelResponder((call) => {
        seen = toolOutputs(call.request.input)
        return [assistantMessage("done")]
      })
    ])
    const questions: Array<string> = []
    const answer = await runAgent("clean the build folder", {
      model,
      projectDir: p.dir,
      confirm: async (question) => (questions.push(question), false)
    })
    assert.strictEqual(answer, "done")
    assert.isTrue(p.exists("build/keep"), "rm -rf build did not run")
    assert.include(seen, "rm -rf is not allowed in this project")
    assert.include(seen, "[withheld: the output held a secret]")
    assert.notInclude(seen, "SECRET_abc123")
    assert.include(seen, "The user refused this command.")
    assert.deepStrictEqual(questions, ['Run Bash {"command":"git push"}? (pushing needs your OK)'])
    model.assertComplete()
  })
})
