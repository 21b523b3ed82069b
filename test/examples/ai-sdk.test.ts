/**
 * examples/hosts/ai-sdk/agent.ts run offline: `runAgent` with the AI SDK's own
 * MockLanguageModelV4 (scripted tool calls), against the example's own
 * .wave/settings.json and hook scripts in a trusted temp copy.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { MockLanguageModelV4 } from "ai/test"
import { runAgent } from "../../examples/hosts/ai-sdk/agent.ts"
import { removeTempProjects } from "../helpers/project.ts"
import { exampleProject } from "./example-project.ts"

afterAll(removeTempProjects)

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}
const callsBash = (toolCallId: string, command: string) => ({
  content: [{ type: "tool-call" as const, toolCallId, toolName: "Bash", input: JSON.stringify({ command }) }],
  finishReason: { unified: "tool-calls" as const, raw: undefined },
  usage,
  warnings: []
})
const says = (text: string) => ({
  content: [{ type: "text" as const, text }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: []
})

describe("examples/hosts/ai-sdk/agent.ts, offline", () => {
  it("rm -rf is blocked (the folder survives) and the model reads why; a secret is withheld; a push is asked about", async () => {
    const p = await exampleProject("ai-sdk")
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsBash("c1", "rm -rf build"),
        callsBash("c2", "echo token SECRET_abc123"),
        callsBash("c3", "git push"),
        says("done")
      ]
    })
    const asked: Array<string | undefined> = []
    const turn = await runAgent(model, "clean the build folder", {
      projectDir: p.dir,
      permission: { ask: ({ reason }) => (asked.push(reason), "deny") }
    })
    assert.strictEqual(turn.outcome, "completed")
    assert.strictEqual(turn.text, "done")
    assert.isTrue(p.exists("build/keep"), "rm -rf build did not run")
    const toolResults = JSON.stringify(model.doGenerateCalls.at(-1)?.prompt.filter((m) => m.role === "tool"))
    assert.include(toolResults, "rm -rf is not allowed in this project")
    assert.include(toolResults, "[withheld: the output held a secret]")
    assert.notInclude(toolResults, "SECRET_abc123")
    assert.deepStrictEqual(asked, ["pushing needs your OK"])
  })
})
