// A Mastra agent (@mastra/core 1.x takes AI SDK tools) whose Bash tool runs this project's tool hooks
// (.wave/settings.json, trusted with `wave-hooks trust`): guard.sh denies `rm -rf`, rewrites
// `npm test` and asks before a push; redact.sh hides secrets from the model. Only tool events fire
// in Mastra (no UserPromptSubmit, no Stop): see the Mastra page of the docs.
// Needs, in an ESM project ("type": "module"): npm i wave-hooks ai @mastra/core.
// Run it: OPENAI_API_KEY=... node agent.ts "clean the build folder"
// (Mastra's model router). The tests run it offline with ai/test's MockLanguageModelV4.
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { Agent, type ToolsInput } from "@mastra/core/agent"
import type { MastraModelConfig } from "@mastra/core/llm"
import { jsonSchema, tool } from "ai"
import { AiSdkHooks, withHooks, type PermissionHandler } from "wave-hooks/ai-sdk"

/** A Bash tool running commands in `projectDir`. */
export const bashIn = (projectDir: string) =>
  tool({
    description: "Run a shell command in the project",
    inputSchema: jsonSchema<{ command: string }>({
      type: "object",
      properties: { command: { type: "string" } },
      required: ["command"]
    }),
    execute: async ({ command }) => execFileSync("bash", ["-c", command], { cwd: projectDir, encoding: "utf8" })
  })

/** Run the agent on one prompt; a hook's ask goes to `permission` (default: deny). */
export const runAgent = async (
  model: MastraModelConfig,
  prompt: string,
  options: {
    readonly projectDir?: string
    readonly permission?: PermissionHandler
  } = {}
) => {
  const projectDir = options.projectDir ?? process.cwd()
  const hooks = new AiSdkHooks({
    projectDir,
    permission: options.permission ?? { ask: () => "deny" },
    onUserMessage: (message) => console.error(`[${message.level}] ${message.text}`)
  })
  const agent = new Agent({
    id: "coder",
    name: "coder",
    instructions: "You run shell commands.",
    model,
    // The key is the tool_name hooks see. Mastra 1.71's types reject an AI SDK 7 tool(); it works at run time.
    tools: withHooks({ Bash: bashIn(projectDir) }, hooks) as ToolsInput
  })
  try {
    // A StopAgent (`continue: false`) ends the run only through stopWhen.
    return await agent.generate(prompt, { maxSteps: 5, stopWhen: () => hooks.halted !== undefined })
  } finally {
    await hooks.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runAgent("openai/gpt-5-mini", process.argv[2] ?? "clean the build folder")
  console.log(result.text)
}
