import { execSync } from "node:child_process"
import { createInterface } from "node:readline/promises"
import { Agent, run, tool } from "@openai/agents"
import { hookStopOf, OpenAIAgentsHooks, withHooks } from "wave-hooks/openai-agents"

const bash = tool({
  name: "Bash", // the tool_name hooks see: the "matcher": "Bash" above needs this name
  description: "Run a shell command in the project",
  parameters: {
    type: "object",
    properties: { command: { type: "string" } },
    required: ["command"],
    additionalProperties: false
  },
  execute: async (input) => execSync((input as { command: string }).command, { encoding: "utf8" })
})

const confirm = async (question: string): Promise<boolean> => {
  const prompt = createInterface({ input: process.stdin, output: process.stdout })
  const answer = await prompt.question(`${question} [y/N] `)
  prompt.close()
  return answer.trim().toLowerCase() === "y"
}

const hooks = new OpenAIAgentsHooks({
  projectDir: process.cwd(),
  onUserMessage: (message) => console.log(`[${message.level}] ${message.text}`)
})
const agent = withHooks(new Agent({ name: "dev", instructions: "You maintain this repository.", tools: [bash] }), hooks)

try {
  let result = await run(agent, "Clean the build folder, run the tests and push.")
  while (result.interruptions.length > 0) {
    for (const item of result.interruptions) {
      if (await confirm(`Run ${item.name} ${item.arguments}? (${hooks.askReason(item) ?? "approval needed"})`)) {
        result.state.approve(item)
      } else {
        result.state.reject(item, { message: "The user refused this command." })
      }
    }
    result = await run(agent, result.state)
  }
  console.log(result.finalOutput)
} catch (error) {
  const stop = hookStopOf(error)
  if (stop === undefined) throw error
  console.log(`A ${stop.event} hook stopped the agent: ${stop.reason ?? "no reason given"}`)
}
