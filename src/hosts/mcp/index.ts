/**
 * `wave-hooks/mcp`: the MCP gateway as a library, for apps that hold both
 * ends. `createHookedProxy` wraps a connected MCP `Client` (the upstream
 * server) as a hooked MCP `Server`: `tools/call`s run the project's
 * PreToolUse, PostToolUse and PostToolUseFailure hooks (tool names
 * `mcp__<NAME>__<tool>`), SessionStart's context joins the `instructions`,
 * SessionEnd runs when the client goes away, and everything else passes
 * through. The pure decisions (`decidePreToolUse`, `decidePostToolUse`,
 * `replaceOutput`) are exported for other hosts. Needs the optional peer
 * dependency `@modelcontextprotocol/sdk`; the CLI is `wave-hooks mcp-proxy`.
 *
 * @example
 * ```ts
 * import { Client } from "@modelcontextprotocol/sdk/client/index.js"
 * import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
 * import { createHookedProxy } from "wave-hooks/mcp"
 *
 * const upstream = new Client({ name: "my-app", version: "1.0.0" })
 * await upstream.connect(new StdioClientTransport({ command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/data"] }))
 * const proxy = await createHookedProxy({ upstream, serverName: "fs", hooks: { projectDir: process.cwd() } })
 * await proxy.server.connect(new StdioServerTransport())
 * ```
 *
 * @since 0.2.0
 */
export {
  type AskVia,
  createHookedProxy,
  type HookedProxy,
  type HookedProxyOptions,
  missingClientCapability
} from "./hooked-server.ts"
export { McpSdkMissing } from "./mcp-sdk-missing.ts"
export { type OutputReplacement, type ReplacedOutput, replaceOutput } from "./output-replacement.ts"
export {
  afterAsk,
  type AskAnswer,
  type ContentBlock,
  decidePostToolUse,
  decidePreToolUse,
  errorTextOf,
  haltedReason,
  hookToolName,
  instructionsWith,
  postToolUseFailurePayload,
  postToolUsePayload,
  type PostToolDecision,
  type PreToolDecision,
  preToolUsePayload,
  refusedResult,
  serverNameOf,
  type ToolCallRequest,
  type ToolResult,
  type UserNote,
  withTexts
} from "./tool-call-mapping.ts"
export { type UpstreamCommand, type UpstreamExit, UpstreamProcessTransport } from "./upstream-process.ts"
export { type GatewayListen, type GatewayOptions, type RunningGateway, startGateway } from "./gateway.ts"
