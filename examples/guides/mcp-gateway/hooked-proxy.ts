import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { createHookedProxy } from "wave-hooks/mcp"

const upstream = new Client({ name: "my-app", version: "1.0.0" })
await upstream.connect(
  new StdioClientTransport({ command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/data"] })
)
const proxy = await createHookedProxy({
  upstream,
  serverName: "fs", // tool_name = mcp__fs__<tool>
  hooks: { projectDir: process.cwd() }, // or { hookSession } to share a session
  ask: "elicitation", // or "deny"; askFallback: { ask: (request) => "allow" | "deny" } when the client cannot elicit
  onDiagnostic: (d) => console.error(`${d.code}: ${d.message}`)
})
await proxy.server.connect(new StdioServerTransport())
