/**
 * examples/hosts/mastra/agent.ts run offline: `runAgent` with the AI SDK's
 * MockLanguageModelV4 (Mastra accepts AI SDK 7 models; the cast is for
 * Mastra 1.71's older bundled AI SDK types only), against the example's own
 * .wave/settings.json and hook scripts in a trusted temp copy.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { MastraModelConfig } from "@mastra/core/llm"
import { MockLanguageModelV4 } from "ai/test"
import { runAgent } from "../../examples/hosts/mastra/agent.ts"
import { removeTempProjects } from "../helpers/project.ts"
import { exampleProject } from "./example-project.ts"

afterAll(removeTempProjects)

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}
const callsBash = (calls: ReadonlyArray<readonly [string, string]>) => ({
  content: calls.map(([toolCallId, command]) => ({
    type: "tool-call" as const,
    toolCallId,
    toolName: "Bash",
    input: JSON.stringify({ command })
  })),
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

describe("examples/hosts/mastra/agent.ts, offline", () => {
  it("rm -rf is blocked (the folder survives) and the model reads why; a secret is withheld; a push is asked about", async () => {
    const p = await exampleProject("mastra")
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsBash([
          ["c1", "rm -rf build"],
          ["c2", "echo token SECRET_abc123"],
          ["c3", "git push"]
        ]),
        says("done")
      ]
    })
    const asked: Array<string | undefined> = []
    const result = await runAgent(model as MastraModelConfig, "clean the build folder", {
      projectDir: p.dir,
      permission: { ask: ({ reason }) => (asked.push(reason), "deny") }
    })
    assert.strictEqual(result.text, "done")
    assert.isTrue(p.exists("build/keep"), "rm -rf build did not run")
    const outputs = (model.doGenerateCalls.at(-1)?.prompt ?? [])
      .flatMap((m) => (m.role === "tool" ? m.content : []))
      .map((part) => (part.type === "tool-result" ? part.output : part))
    assert.deepStrictEqual(outputs, [
      { type: "text", value: "rm -rf is not allowed in this project" },
      { type: "text", value: "[withheld: the output held a secret]" },
      { type: "text", value: "The user denied this tool call." }
    ])
    assert.deepStrictEqual(asked, ["pushing needs your OK"])
  })
})
