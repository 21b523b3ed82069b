/**
 * The parts of `@modelcontextprotocol/sdk` the MCP gateway uses, loaded on
 * first use: the SDK is an optional peer dependency, so `wave-hooks/mcp`
 * and the CLI load without it, and a missing SDK is a tagged error that
 * says how to install it.
 *
 * @since 0.2.0
 */
import { McpSdkMissing } from "./mcp-sdk-missing.ts"

const load = async () => {
  const [server, client, types, ajv, stdioServer, streamableClient, streamableServer] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    import("@modelcontextprotocol/sdk/validation/ajv"),
    import("@modelcontextprotocol/sdk/server/stdio.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/server/streamableHttp.js")
  ])
  return {
    Server: server.Server,
    Client: client.Client,
    StdioServerTransport: stdioServer.StdioServerTransport,
    StreamableHTTPClientTransport: streamableClient.StreamableHTTPClientTransport,
    StreamableHTTPServerTransport: streamableServer.StreamableHTTPServerTransport,
    AjvJsonSchemaValidator: ajv.AjvJsonSchemaValidator,
    CallToolRequestSchema: types.CallToolRequestSchema,
    CallToolResultSchema: types.CallToolResultSchema,
    ElicitResultSchema: types.ElicitResultSchema,
    EmptyResultSchema: types.EmptyResultSchema,
    ListToolsResultSchema: types.ListToolsResultSchema,
    ResultSchema: types.ResultSchema,
    SetLevelRequestSchema: types.SetLevelRequestSchema,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
    isInitializeRequest: types.isInitializeRequest
  }
}

/**
 * The SDK's classes and schemas the gateway uses.
 *
 * @category models
 * @since 0.2.0
 */
export type McpSdk = Awaited<ReturnType<typeof load>>

let loading: Promise<McpSdk> | undefined

/**
 * Load the SDK (once); rejects with `McpSdkMissing` when it is not
 * installed.
 *
 * @category loading
 * @since 0.2.0
 */
export const loadMcpSdk = (): Promise<McpSdk> => {
  loading ??= load().catch((error: unknown) => {
    loading = undefined
    throw new McpSdkMissing({
      message:
        `The MCP gateway needs the package @modelcontextprotocol/sdk, which could not be loaded ` +
        `(${error instanceof Error ? error.message : String(error)}). Install it next to wave-hooks: ` +
        `npm install @modelcontextprotocol/sdk (with npx: npx -y -p wave-hooks -p @modelcontextprotocol/sdk wave-hooks mcp-proxy ...).`
    })
  })
  return loading
}
