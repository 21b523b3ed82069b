import { execFileSync } from "node:child_process"
import { Agent, type ToolsInput } from "@mastra/core/agent"
import { jsonSchema, tool } from "ai"
import { AiSdkHooks, withHooks } from "wave-hooks/ai-sdk"

const bash = tool({
  description: "Run a shell command",
  inputSchema: jsonSchema<{ command: string }>({ type: "object", properties: { command: { type: "string" } }, required: ["command"] }),
  execute: async ({ command }) => execFileSync("bash", ["-c", command], { encoding: "utf8" })
})
const hooks = new AiSdkHooks({ projectDir: process.cwd(), permission: { ask: () => "deny" }, onUserMessage: (m) => console.log(m.text) })
const agent = new Agent({
  id: "coder",
  name: "coder",
  instructions: "You run shell commands.",
  model: "openai/gpt-5-mini",
  // Mastra 1.71's types reject an AI SDK 7 tool() (see below); at run time it works.
  tools: withHooks({ Bash: bash }, hooks) as ToolsInput
})

hooks.halted = undefined // a StopAgent stays recorded until cleared
const result = await agent.generate("clean the build folder", { maxSteps: 5, stopWhen: () => hooks.halted !== undefined })
