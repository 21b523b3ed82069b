/**
 * A Node consumer (with @types/node) of the Node-only and interpreter
 * subpaths: checked by `npm run check:consumer`, not run. `wave-hooks/ai-sdk`
 * also needs its peer `ai`, `wave-hooks/mcp` its peer
 * `@modelcontextprotocol/sdk`, and `wave-hooks/langchain` its peers
 * `langchain` and `@langchain/core`, which the check installs beside the
 * package.
 */
import type { AnyAgentMiddleware } from "langchain"
import { decide, hookRun, type HookEffect } from "wave-hooks"
import * as agentLoop from "wave-hooks/agent-loop"
import * as aiSdk from "wave-hooks/ai-sdk"
import * as langchain from "wave-hooks/langchain"
import * as mcp from "wave-hooks/mcp"
import * as memory from "wave-hooks/memory"
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

export const subpaths = { agentLoop, aiSdk, langchain, mcp, memory, terminal, web }

/** The MCP gateway's library API with the SDK's own Client type. */
export const hooked = (upstream: mcp.HookedProxyOptions["upstream"]): Promise<mcp.HookedProxy> =>
  mcp.createHookedProxy({ upstream, serverName: "fs", hooks: { projectDir: process.cwd() } })

/** The LangChain middleware, typed as `createAgent` takes it. */
export const middleware: ReadonlyArray<AnyAgentMiddleware> = [langchain.waveHooksMiddleware({ projectDir: process.cwd() })]
