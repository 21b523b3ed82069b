// An OpenAI Agents SDK agent whose Bash tool runs this project's hooks (.wave/settings.json, trusted
// with `wave-hooks trust`): guard.sh denies `rm -rf`, rewrites `npm test` and asks before a push;
// redact.sh hides secrets from the model.
// Needs, in an ESM project ("type": "module"): npm i wave-hooks @openai/agents.
// Run it: OPENAI_API_KEY=... node agent.ts "clean the build folder"
// (the SDK's default OpenAI model). The tests run it offline with @openai/agents/testing's ScriptedModel.
import { execFileSync } from "node:child_process"
import { createInterface } from "node:readline/promises"
import { fileURLToPath } from "node:url"
import { Agent, run, tool, type Model } from "@openai/agents"
import { hookStopOf, OpenAIAgentsHooks, withHooks } from "wave-hooks/openai-agents"

/** A Bash tool running commands in `projectDir`. */
export const bashIn = (projectDir: string) =>
  tool({
    name: "Bash", // the tool_name hooks see: the "matcher": "Bash" needs this name
    description: "Run a shell command in the project",
    parameters: {
      type: "object",
      properties: { command: { type: "string" } },
      required: ["command"],
      additionalProperties: false
    },
    execute: async (input) => {
      const { command } = input as { command: string }
      return execFileSync("bash", ["-c", command], { cwd: projectDir, encoding: "utf8" })
    }
  })

/** Run the agent until it answers; a hook's ask interrupts the run and `confirm` decides. */
export const runAgent = async (
  prompt: string,
  options: {
    readonly model?: Model // default: the SDK's OpenAI model
    readonly projectDir?: string
    readonly confirm: (question: string) => Promise<boolean>
  }
): Promise<string> => {
  const projectDir = options.projectDir ?? process.cwd()
  const hooks = new OpenAIAgentsHooks({
    projectDir,
    onUserMessage: (message) => console.error(`[${message.level}] ${message.text}`)
  })
  const agent = withHooks(
    new Agent({
      name: "dev",
      instructions: "You maintain this repository.",
      tools: [bashIn(projectDir)],
      ...(options.model === undefined ? {} : { model: options.model })
    }),
    hooks
  )
  try {
    let result = await run(agent, prompt)
    while (result.interruptions.length > 0) {
      for (const item of result.interruptions) {
        const why = hooks.askReason(item) ?? "approval needed"
        if (await options.confirm(`Run ${item.name} ${item.arguments}? (${why})`)) result.state.approve(item)
        else result.state.reject(item, { message: "The user refused this command." })
      }
      result = await run(agent, result.state)
    }
    return String(result.finalOutput)
  } catch (error) {
    const stop = hookStopOf(error)
    if (stop === undefined) throw error
    return `A ${stop.event} hook stopped the agent: ${stop.reason ?? "no reason given"}`
  } finally {
    await hooks.close()
  }
}

/** Ask on the terminal. */
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
  console.log(await runAgent(process.argv[2] ?? "clean the build folder", { confirm: yes }))
}
