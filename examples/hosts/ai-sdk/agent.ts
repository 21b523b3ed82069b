// An AI SDK 7 agent whose Bash tool runs this project's hooks (.wave/settings.json, trusted with
// `wave-hooks trust`): guard.sh denies `rm -rf`, rewrites `npm test` and asks before a push;
// redact.sh hides secrets from the model.
// Needs, in an ESM project ("type": "module"): npm i wave-hooks ai.
// Run it: AI_GATEWAY_API_KEY=... node agent.ts "clean the build folder"
// (the model id goes through the AI Gateway; any AI SDK model object works, e.g. openai("gpt-5-mini")
// from @ai-sdk/openai with OPENAI_API_KEY). The tests run it offline with ai/test's MockLanguageModelV4.
import { execFileSync } from "node:child_process"
import { createInterface } from "node:readline/promises"
import { fileURLToPath } from "node:url"
import { jsonSchema, stepCountIs, tool, type LanguageModel } from "ai"
import { hookedGenerateText, type PermissionHandler } from "wave-hooks/ai-sdk"

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

/** One turn: UserPromptSubmit, the model's tool calls (each through the hooks), then Stop. */
export const runAgent = (
  model: LanguageModel,
  prompt: string,
  options: {
    readonly projectDir?: string
    readonly permission?: PermissionHandler
  } = {}
) => {
  const projectDir = options.projectDir ?? process.cwd()
  return hookedGenerateText({
    model,
    prompt,
    // The key is the tool_name hooks see: the "matcher": "Bash" needs the key Bash.
    tools: { Bash: bashIn(projectDir) },
    stopWhen: stepCountIs(5),
    hooks: {
      projectDir,
      // Answers "permissionDecision": "ask". Without one every ask is denied.
      ...(options.permission === undefined ? {} : { permission: options.permission }),
      onUserMessage: (message) => console.error(`[${message.level}] ${message.text}`)
    }
  })
}

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
  const turn = await runAgent("openai/gpt-5-mini", process.argv[2] ?? "clean the build folder", {
    permission: { ask: async ({ reason }) => ((await yes(reason ?? "Allow this call?")) ? "allow" : "deny") }
  })
  console.log(turn.outcome, turn.text)
}
