/**
 * The error of a missing MCP SDK: `@modelcontextprotocol/sdk` is an optional
 * peer dependency, needed only by `wave-hooks/mcp` and `wave-hooks mcp-proxy`.
 *
 * @since 0.2.0
 */
import { Schema } from "effect"

/**
 * `@modelcontextprotocol/sdk` could not be loaded: it is an optional peer
 * dependency of wave-hooks, needed by `wave-hooks/mcp` and
 * `wave-hooks mcp-proxy`. The message says how to install it.
 *
 * @category errors
 * @since 0.2.0
 */
export class McpSdkMissing extends Schema.TaggedError<McpSdkMissing>()("McpSdkMissing", {
  message: Schema.String
}) {}
