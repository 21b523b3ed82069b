/**
 * A Node consumer (with @types/node) of the Node-only and interpreter
 * subpaths: checked by `npm run check:consumer`, not run. `wave-hooks/ai-sdk`
 * also needs its peer `ai`, `wave-hooks/mcp` its peer
 * `@modelcontextprotocol/sdk`, `wave-hooks/openai-agents` its peer
 * `@openai/agents`, and `wave-hooks/langchain` its peers `langchain` and
 * `@langchain/core`, which the check installs beside the package.
 */
import type { Agent } from "@openai/agents"
import type { AnyAgentMiddleware } from "langchain"
import { decide, hookRun, type HookEffect } from "wave-hooks"
import * as agentLoop from "wave-hooks/agent-loop"
import * as aiSdk from "wave-hooks/ai-sdk"
import * as langchain from "wave-hooks/langchain"
import * as mcp from "wave-hooks/mcp"
import * as memory from "wave-hooks/memory"
import * as openaiAgents from "wave-hooks/openai-agents"
import { runHooksPromise } from "wave-hooks/runner"
import * as terminal from "wave-hooks/terminal"
import * as web from "wave-hooks/web"

const effects: ReadonlyArray<HookEffect> = decide("Stop", hookRun({ exitCode: 0 }))

export const check = async (): Promise<ReadonlyArray<HookEffect>> => {
  const result = await runHooksPromise({
    event: "PreToolUse",
    projectDir: process.cwd(),
    payload: { tool_name: "Bash", tool_input: { command: "ls" } }
  })
  return [...effects, ...result.effects]
}

export const subpaths = { agentLoop, aiSdk, langchain, mcp, memory, openaiAgents, terminal, web }

/** The MCP gateway's library API with the SDK's own Client type. */
export const hooked = (upstream: mcp.HookedProxyOptions["upstream"]): Promise<mcp.HookedProxy> =>
  mcp.createHookedProxy({ upstream, serverName: "fs", hooks: { projectDir: process.cwd() } })

/** The OpenAI Agents host with the SDK's own Agent type: the hooked agent keeps its context and output types. */
export const hookedAgent = <TContext>(agent: Agent<TContext>): Agent<TContext> =>
  openaiAgents.withHooks(agent, {
    projectDir: process.cwd(),
    onUserMessage: (m: openaiAgents.UserMessage) => console.log(m.text)
  })

/** The LangChain middleware, typed as `createAgent` takes it. */
export const middleware: ReadonlyArray<AnyAgentMiddleware> = [
  langchain.waveHooksMiddleware({ projectDir: process.cwd() })
]
