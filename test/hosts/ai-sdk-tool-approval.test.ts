/**
 * AI SDK 7's native approval (issue 15): `toolApproval(hooks)` as
 * `generateText`'s `toolApproval`. A PreToolUse deny becomes the SDK's
 * `denied` (the tool never runs, the model gets the reason), an ask becomes a
 * `tool-approval-request` that the app answers with the SDK's own
 * `tool-approval-response`, and the hooked tool's `execute` uses the hooks'
 * result (updated input, PostToolUse) without firing PreToolUse again. Real
 * bash hooks in a temp project; the AI SDK's mock model.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import type { ModelMessage } from "ai"
import { generateText, jsonSchema, stepCountIs, tool } from "ai"
import { MockLanguageModelV4 } from "ai/test"
import { AskPermission, BlockTool, AllowTool, StopAgent, InjectContext } from "../../src/effects/hook-effect.ts"
import { AiSdkHooks, approvalStatusOf, toolApproval, withHooks } from "../../src/hosts/ai-sdk/index.ts"
import { guardScript, makeProject, removeTempProjects } from "../helpers/project.ts"

afterAll(removeTempProjects)

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 }
}
const callsTool = (toolCallId: string, input: unknown) => ({
  content: [{ type: "tool-call" as const, toolCallId, toolName: "Bash", input: JSON.stringify(input) }],
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

interface BashInput {
  readonly command: string
}
const bash = (ran: Array<BashInput>) =>
  tool({
    inputSchema: jsonSchema<BashInput>({
      type: "object",
      properties: { command: { type: "string" } },
      required: ["command"]
    }),
    execute: async (input: BashInput) => {
      ran.push(input)
      return `ran ${input.command}`
    }
  })

/** A project whose PreToolUse guard (a real bash script) denies rm -rf, asks for git push, rewrites npm test, and logs each run. */
const guarded = () => {
  const p = makeProject()
  p.writeFile("guard.sh", guardScript())
  p.writeFile("post.sh", `#!/bin/bash\ncat > /dev/null\necho post >> post.log\n`)
  p.writeSettings("project", {
    hooks: {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh" }] }],
      PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./post.sh" }] }]
    }
  })
  const hooks = new AiSdkHooks({
    projectDir: p.dir,
    homeDir: p.home,
    env: p.env,
    trustPolicy: "all",
    permission: { ask: () => "deny" }
  })
  return { p, hooks }
}

describe("approvalStatusOf: the AI SDK status a PreToolUse's effects stand for", () => {
  it("deny -> denied with the reason; ask and defer -> user-approval; allow -> approved; nothing -> not-applicable", () => {
    assert.deepStrictEqual(approvalStatusOf([BlockTool({ reason: "no" })]), { type: "denied", reason: "no" })
    assert.deepStrictEqual(approvalStatusOf([StopAgent({ reason: "frozen" })]), { type: "denied", reason: "frozen" })
    assert.deepStrictEqual(approvalStatusOf([AskPermission({ reason: "why" })]), {
      type: "user-approval",
      reason: "why"
    })
    assert.deepStrictEqual(approvalStatusOf([AllowTool()]), "approved")
    assert.deepStrictEqual(approvalStatusOf([InjectContext({ text: "fyi" })]), "not-applicable")
  })

  it("a deny absorbs an ask and an allow, an ask an allow, whatever their order", () => {
    assert.deepStrictEqual(
      approvalStatusOf([AllowTool(), AskPermission({ reason: "a" }), BlockTool({ reason: "b" })]),
      { type: "denied", reason: "b" }
    )
    assert.deepStrictEqual(approvalStatusOf([AllowTool(), AskPermission({ reason: "a" })]), {
      type: "user-approval",
      reason: "a"
    })
  })
})

describe("toolApproval with generateText", () => {
  it("a deny is the SDK's denial: the tool never runs and the model gets the reason", async () => {
    const { hooks, p } = guarded()
    const ran: Array<BashInput> = []
    const model = new MockLanguageModelV4({ doGenerate: [callsTool("c1", { command: "rm -rf /" }), says("ok")] })
    await generateText({
      model,
      tools: withHooks({ Bash: bash(ran) }, hooks),
      toolApproval: toolApproval(hooks),
      prompt: "clean",
      stopWhen: stepCountIs(3)
    })
    assert.deepStrictEqual(ran, [])
    assert.include(JSON.stringify(model.doGenerateCalls[1]!.prompt), "rm -rf is not allowed")
    assert.deepStrictEqual(p.lines("pre.log"), ["pre"], "PreToolUse ran once")
    assert.deepStrictEqual(p.lines("post.log"), [])
  })

  it("an ask is a tool-approval-request; an approval response runs the tool once, without asking the permission handler", async () => {
    const { hooks, p } = guarded()
    const ran: Array<BashInput> = []
    const tools = withHooks({ Bash: bash(ran) }, hooks)
    const approve = toolApproval(hooks)
    const model = new MockLanguageModelV4({ doGenerate: [callsTool("c1", { command: "git push" }), says("pushed")] })
    const first = await generateText({ model, tools, toolApproval: approve, prompt: "push", stopWhen: stepCountIs(3) })
    const request = first.content.find((part) => part.type === "tool-approval-request")
    assert.isDefined(request, JSON.stringify(first.content))
    assert.deepStrictEqual(ran, [], "nothing runs before the user answers")
    // The app shows the question (the reason travels with it) and sends the user's answer back.
    assert.include(JSON.stringify(request), "pushes to the remote")
    const messages: Array<ModelMessage> = [
      { role: "user", content: "push" },
      ...first.response.messages,
      {
        role: "tool",
        content: [
          { type: "tool-approval-response", approvalId: (request as { approvalId: string }).approvalId, approved: true }
        ]
      }
    ]
    await generateText({ model, tools, toolApproval: approve, messages, stopWhen: stepCountIs(3) })
    assert.deepStrictEqual(
      ran,
      [{ command: "git push" }],
      "the approved call ran (the permission handler, which denies, was not asked)"
    )
    assert.deepStrictEqual(p.lines("post.log"), ["post"])
  })

  it("a user's refusal leaves the tool unrun", async () => {
    const { hooks } = guarded()
    const ran: Array<BashInput> = []
    const tools = withHooks({ Bash: bash(ran) }, hooks)
    const approve = toolApproval(hooks)
    const model = new MockLanguageModelV4({ doGenerate: [callsTool("c1", { command: "git push" }), says("fine")] })
    const first = await generateText({ model, tools, toolApproval: approve, prompt: "push", stopWhen: stepCountIs(3) })
    const request = first.content.find((part) => part.type === "tool-approval-request") as { approvalId: string }
    await generateText({
      model,
      tools,
      toolApproval: approve,
      messages: [
        { role: "user", content: "push" },
        ...first.response.messages,
        {
          role: "tool",
          content: [
            { type: "tool-approval-response", approvalId: request.approvalId, approved: false, reason: "not today" }
          ]
        }
      ],
      stopWhen: stepCountIs(3)
    })
    assert.deepStrictEqual(ran, [])
  })

  it("an allowed call runs with the hooks' updated input, PreToolUse once and PostToolUse once", async () => {
    const { hooks, p } = guarded()
    const ran: Array<BashInput> = []
    const model = new MockLanguageModelV4({ doGenerate: [callsTool("c1", { command: "npm test" }), says("green")] })
    await generateText({
      model,
      tools: withHooks({ Bash: bash(ran) }, hooks),
      toolApproval: toolApproval(hooks),
      prompt: "test",
      stopWhen: stepCountIs(3)
    })
    assert.deepStrictEqual(ran, [{ command: "npm test -- --run" }])
    assert.deepStrictEqual(p.lines("pre.log"), ["pre"])
    assert.deepStrictEqual(p.lines("post.log"), ["post"])
  })

  it("withHooks and toolApproval given the same options object share one adapter", async () => {
    const { p } = guarded()
    const options = { projectDir: p.dir, homeDir: p.home, env: p.env, trustPolicy: "all" as const }
    const ran: Array<BashInput> = []
    const model = new MockLanguageModelV4({ doGenerate: [callsTool("c1", { command: "npm test" }), says("green")] })
    await generateText({
      model,
      tools: withHooks({ Bash: bash(ran) }, options),
      toolApproval: toolApproval(options),
      prompt: "t",
      stopWhen: stepCountIs(3)
    })
    assert.deepStrictEqual(p.lines("pre.log"), ["pre"], "not fired a second time in execute")
    assert.deepStrictEqual(ran, [{ command: "npm test -- --run" }])
  })
})
