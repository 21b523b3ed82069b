// A LangChain.js v1 agent whose Bash tool runs this project's hooks (.wave/settings.json, trusted
// with `wave-hooks trust`): guard.sh denies `rm -rf`, rewrites `npm test` and asks before a push;
// redact.sh hides secrets from the model.
// Needs, in an ESM project ("type": "module"): npm i wave-hooks langchain @langchain/core,
// and @langchain/openai for the model id "openai:..." below.
// Run it: OPENAI_API_KEY=... node agent.ts "clean the build folder".
// The tests run it offline with langchain's fakeModel().
import { execFileSync } from "node:child_process"
import { createInterface } from "node:readline/promises"
import { fileURLToPath } from "node:url"
import type { BaseChatModel } from "@langchain/core/language_models/chat_models"
import { createAgent, tool } from "langchain"
import { waveHooksMiddleware, type PermissionHandler } from "wave-hooks/langchain"

/** A Bash tool running commands in `projectDir`. */
export const bashIn = (projectDir: string) =>
  tool(({ command }: { command: string }) => execFileSync("bash", ["-c", command], { cwd: projectDir, encoding: "utf8" }), {
    name: "Bash", // the tool_name hooks see: the "matcher": "Bash" needs this name
    description: "Run a shell command in the project",
    schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] }
  })

// #region agent
/** Run the agent on one prompt; returns the messages of the run. */
export const runAgent = async (model: string | BaseChatModel, prompt: string, options: {
  readonly projectDir?: string
  // Answers "permissionDecision": "ask". Without one every ask is denied; one that throws denies
  // too, and the model reads that the question could not be asked (not that the user refused).
  readonly permission?: PermissionHandler
} = {}) => {
  const projectDir = options.projectDir ?? process.cwd()
  const agent = createAgent({
    model,
    tools: [bashIn(projectDir)],
    middleware: [
      waveHooksMiddleware({
        projectDir,
        ...(options.permission === undefined ? {} : { permission: options.permission }),
        onUserMessage: (message) => console.error(`[${message.level}] ${message.text}`)
      })
    ]
  })
  const result = await agent.invoke({ messages: [{ role: "user", content: prompt }] })
  return result.messages
}
// #endregion agent

/** Ask on the terminal; a throw here denies the call, and the model reads "could not ask: ...". */
const yes = async (question: string): Promise<boolean> => {
  // One readline per question: one made at start would swallow piped answers before any question.
  const terminal = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return (await terminal.question(`${question} [y/N] `)).trim().toLowerCase() === "y"
  } finally {
    terminal.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const messages = await runAgent("openai:gpt-4.1-mini", process.argv[2] ?? "clean the build folder", {
    permission: {
      ask: async ({ reason, tool }) => ((await yes(`${reason} (${JSON.stringify(tool?.input)})`)) ? "allow" : "deny")
    }
  })
  console.log(messages.at(-1)?.text)
}
