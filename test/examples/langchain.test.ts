/**
 * examples/hosts/langchain/agent.ts run offline: `runAgent` with langchain's
 * own fakeModel() (scripted tool calls, recording every request), against the
 * example's own .wave/settings.json and hook scripts in a trusted temp copy.
 * Also what the model reads when the permission handler throws.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { AIMessage, ToolMessage } from "@langchain/core/messages"
import { fakeModel } from "langchain"
import { runAgent } from "../../examples/hosts/langchain/agent.ts"
import { removeTempProjects } from "../helpers/project.ts"
import { exampleProject } from "./example-project.ts"

afterAll(removeTempProjects)

const calls = (...commands: ReadonlyArray<string>) =>
  new AIMessage({
    content: "",
    tool_calls: commands.map((command, i) => ({ name: "Bash", args: { command }, id: `c${i + 1}` }))
  })

/** The text of the tool messages in the model's last request. */
const lastToolTexts = (model: ReturnType<typeof fakeModel>): ReadonlyArray<string> =>
  model.calls
    .at(-1)!
    .messages.filter((m) => ToolMessage.isInstance(m))
    .map((m) => m.text)

describe("examples/hosts/langchain/agent.ts, offline", () => {
  it("rm -rf is blocked (the folder survives) and the model reads why; a secret is withheld; a push is asked about", async () => {
    const p = await exampleProject("langchain")
    const model = fakeModel()
      .respond(calls("rm -rf build", "echo token SECRET_abc123", "git push"))
      .respond(new AIMessage("done"))
    const asked: Array<string | undefined> = []
    const messages = await runAgent(model, "clean the build folder", p.dir, {
      ask: ({ reason }) => (asked.push(reason), "deny")
    })
    assert.strictEqual(messages.at(-1)?.text, "done")
    assert.isTrue(p.exists("build/keep"), "rm -rf build did not run")
    const [rm, secret, push] = lastToolTexts(model)
    assert.include(rm, "rm -rf is not allowed in this project")
    assert.strictEqual(secret, "[withheld: the output held a secret]")
    assert.strictEqual(push, "The user denied this tool call.")
    assert.deepStrictEqual(asked, ["pushing needs your OK"])
  })

  it("a permission handler that throws denies the push, and the model reads that the question could not be asked", async () => {
    const p = await exampleProject("langchain")
    const model = fakeModel().respond(calls("git push")).respond(new AIMessage("done"))
    await runAgent(model, "push", p.dir, {
      ask: () => {
        throw new Error("no terminal")
      }
    })
    const [push] = lastToolTexts(model)
    assert.include(push, "could not ask: no terminal")
    assert.include(push, "the user did not refuse it")
  })
})
