// A LangChain.js agent whose Bash tool runs this folder's hooks (.wave/settings.json; trust them
// first: npx wave-hooks trust). hooks/guard.sh denies `rm -rf` and asks before `git push`.
// Needs an ESM project ("type": "module"): npm i wave-hooks langchain @langchain/core @langchain/openai
// Run it: OPENAI_API_KEY=... node agent.ts "clean the build folder"  (the tests pass langchain's fakeModel())
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { BaseChatModel } from "@langchain/core/language_models/chat_models"
import { createAgent, tool } from "langchain"
import { waveHooksMiddleware, type PermissionHandler } from "wave-hooks/langchain"

/** Runs the agent on one prompt in `projectDir`; returns the run's messages. */
export const runAgent = async (
  model: string | BaseChatModel,
  prompt: string,
  projectDir: string,
  // Answers a hook's "ask". Without one every ask is denied; if it throws, the call is denied
  // and the model reads that the question could not be asked (not that the user refused).
  permission: PermissionHandler = { ask: () => "deny" }
) => {
  const bash = tool(
    ({ command }: { command: string }) => execFileSync("bash", ["-c", command], { cwd: projectDir, encoding: "utf8" }),
    {
      name: "Bash", // the tool_name the hooks see: "matcher": "Bash" needs this name
      description: "Run a shell command in the project",
      schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] }
    }
  )
  const hooks = waveHooksMiddleware({
    projectDir,
    permission,
    onUserMessage: (m) => console.error(`[${m.level}] ${m.text}`)
  })
  const agent = createAgent({ model, tools: [bash], middleware: [hooks] })
  const result = await agent.invoke({ messages: [{ role: "user", content: prompt }] })
  return result.messages
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const messages = await runAgent("openai:gpt-4.1-mini", process.argv[2] ?? "clean the build folder", process.cwd())
  console.log(messages.at(-1)?.text)
}
