import { execSync } from "node:child_process"
import { createInterface } from "node:readline/promises"
import { createAgent, tool } from "langchain"
import { waveHooksMiddleware } from "wave-hooks/langchain"

const bash = tool(({ command }: { command: string }) => execSync(command, { encoding: "utf8" }), {
  name: "bash",
  description: "Run a shell command in the project",
  schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] }
})

const terminal = createInterface({ input: process.stdin, output: process.stdout })
const agent = createAgent({
  model: "openai:gpt-4.1-mini",
  tools: [bash],
  middleware: [
    waveHooksMiddleware({
      projectDir: process.cwd(),
      // Asked for "permissionDecision": "ask"; without it every ask is denied.
      permission: {
        ask: async ({ tool, reason }) =>
          (await terminal.question(`${reason} (${JSON.stringify(tool?.input)}) [y/N] `)) === "y" ? "allow" : "deny"
      },
      onUserMessage: (m) => console.error(`[${m.level}] ${m.text}`)
    })
  ]
})

const result = await agent.invoke({
  messages: [{ role: "user", content: "run the tests, then clean the build folder" }]
})
console.log(result.messages.at(-1)?.text)
terminal.close()
