/**
 * The `mcp_tool` hook type: its settings entry, the
 * `mcpServers` entries it names (the shape of Claude Code's `.mcp.json`), and
 * the pure `${tool_input.file_path}` substitution of its `input`. No I/O
 * here: servers are started and called by `McpTools` in
 * `src/runner/mcp-client.ts`.
 *
 * @since 0.2.0
 */
import { Schema } from "effect"
import { OnFailure as OnFailureSchema } from "../core/hook-run.ts"

// ====== Schemas ======

/**
 * One `mcp_tool` hook: call `tool` on the declared server `server` with
 * `input` (after `${...}` substitution from the event payload) and read the
 * tool's text like stdout (see `mcpToolResultRun` in
 * `src/core/transport-outcome.ts`).
 *
 * @category schemas
 * @since 0.2.0
 */
export const McpToolHookConfig = Schema.Struct({
  type: Schema.Literal("mcp_tool").annotate({
    description: "Call a tool of a declared MCP server; its text is read like stdout."
  }),
  server: Schema.String.check(Schema.isPattern(/\S/u)).annotate({ description: "A name declared in mcpServers." }),
  tool: Schema.String.check(Schema.isPattern(/\S/u)).annotate({ description: "The tool to call." }),
  input: Schema.optionalKey(
    Schema.Record(Schema.String, Schema.Unknown).annotate({
      description:
        "The tool's arguments. A string \"${tool_input.file_path}\" is replaced by that field of the event's JSON."
    })
  ),
  timeout: Schema.optionalKey(
    Schema.Finite.check(Schema.isGreaterThan(0)).annotate({
      description:
        "Seconds before the call is abandoned (the same default as a command hook; starting the server counts)."
    })
  ),
  onFailure: Schema.optionalKey(
    OnFailureSchema.annotate({
      description: '"block" makes isError, a timeout or a server that cannot start block (fail closed).'
    })
  ),
  statusMessage: Schema.optionalKey(Schema.String.annotate({ description: "Shown while the hook runs." }))
}).annotate({ identifier: "HookMcpTool" })

/**
 * One `mcp_tool` hook as configured.
 *
 * @category models
 * @since 0.2.0
 */
export type McpToolHookConfig = typeof McpToolHookConfig.Type

/**
 * A stdio MCP server: a process started with `command` and `args` (no
 * shell), `env` added to a small default environment.
 *
 * @category schemas
 * @since 0.2.0
 */
const McpStdioServerConfig = Schema.Struct({
  type: Schema.optionalKey(Schema.Literal("stdio")),
  command: Schema.String.check(Schema.isPattern(/\S/u)).annotate({ description: "The program (no shell)." }),
  args: Schema.optionalKey(Schema.Array(Schema.String)),
  env: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  cwd: Schema.optionalKey(
    Schema.String.annotate({ description: "Working directory (default: the project directory)." })
  )
}).annotate({ identifier: "McpStdioServer" })

/**
 * A Streamable HTTP MCP server at `url`, with extra request `headers`.
 *
 * @category schemas
 * @since 0.2.0
 */
const McpHttpServerConfig = Schema.Struct({
  type: Schema.Literal("http"),
  url: Schema.String.check(Schema.isPattern(/^https?:\/\/\S+$/iu)),
  headers: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
}).annotate({ identifier: "McpHttpServer" })

/**
 * One `mcpServers` entry: stdio (`command`) or `type: "http"` (`url`).
 *
 * @category schemas
 * @since 0.2.0
 */
export const McpServerConfig = Schema.Union([McpStdioServerConfig, McpHttpServerConfig]).annotate({
  identifier: "McpServer"
})

/**
 * One declared MCP server.
 *
 * @category models
 * @since 0.2.0
 */
export type McpServerConfig = typeof McpServerConfig.Type

/**
 * The settings-level `mcpServers` key: server name -> entry.
 *
 * @category schemas
 * @since 0.2.0
 */
export const McpServersConfig = Schema.Record(Schema.String, McpServerConfig).annotate({
  description: "MCP servers that mcp_tool hooks call, by name (the shape of Claude Code's .mcp.json)."
})

// ====== Payload substitution ======

/**
 * A `${...}` placeholder whose path is not in the event payload: where it
 * is in `input` (a JSON path) and the path it named.
 *
 * @category models
 * @since 0.2.0
 */
export interface MissingPlaceholder {
  readonly at: string
  readonly path: string
}

const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)*)\}/gu
const WHOLE_PLACEHOLDER = /^\$\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)*)\}$/u

const lookup = (
  payload: unknown,
  path: string
): { readonly found: true; readonly value: unknown } | { readonly found: false } => {
  let here: unknown = payload
  for (const key of path.split(".")) {
    if (here === null || typeof here !== "object") return { found: false }
    if (Array.isArray(here)) {
      if (!/^\d+$/u.test(key) || Number(key) >= here.length) return { found: false }
      here = here[Number(key)]
    } else {
      if (!Object.hasOwn(here, key)) return { found: false }
      here = (here as Record<string, unknown>)[key]
    }
  }
  return here === undefined ? { found: false } : { found: true, value: here }
}

const childPath = (at: string, key: string | number): string =>
  typeof key === "number"
    ? `${at}[${key}]`
    : /^[A-Za-z_$][A-Za-z0-9_$]*$/u.test(key)
      ? `${at}.${key}`
      : `${at}[${JSON.stringify(key)}]`

/**
 * Replace `${path}` placeholders in the string values of an `mcp_tool`
 * hook's `input` (at any depth) with the value at that dotted path of the
 * event payload (`${tool_input.file_path}`, `${tool_name}`,
 * `${tool_input.edits.0.old_string}`). A string that is one placeholder takes
 * the value as it is (an object stays an object); a placeholder inside a
 * longer string takes the value's text (a string as is, anything else as
 * JSON). A path the payload does not have becomes the empty string and is
 * reported in `missing` (the caller does not call the tool then; see
 * `missingPlaceholdersRun`). Keys are not substituted.
 *
 * @example
 * ```ts
 * substitutePayloadPaths({ path: "${tool_input.file_path}", note: "by ${tool_name}" }, { tool_name: "Edit", tool_input: { file_path: "/a.ts" } })
 * // => { input: { path: "/a.ts", note: "by Edit" }, missing: [] }
 * substitutePayloadPaths({ path: "${tool_input.file_path}" }, { tool_input: {} })
 * // => { input: { path: "" }, missing: [{ at: "$.input.path", path: "tool_input.file_path" }] }
 * ```
 *
 * @category mcp
 * @since 0.2.0
 */
export const substitutePayloadPaths = (
  input: { readonly [key: string]: unknown } | undefined,
  payload: unknown
): { readonly input: { readonly [key: string]: unknown }; readonly missing: ReadonlyArray<MissingPlaceholder> } => {
  const missing: Array<MissingPlaceholder> = []
  const walk = (value: unknown, at: string): unknown => {
    if (typeof value === "string") {
      const whole = WHOLE_PLACEHOLDER.exec(value)
      if (whole !== null) {
        const hit = lookup(payload, whole[1]!)
        if (hit.found) return hit.value
        missing.push({ at, path: whole[1]! })
        return ""
      }
      return value.replace(PLACEHOLDER, (_m, path: string) => {
        const hit = lookup(payload, path)
        if (!hit.found) {
          missing.push({ at, path })
          return ""
        }
        return typeof hit.value === "string" ? hit.value : JSON.stringify(hit.value)
      })
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, childPath(at, i)))
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(value)) out[key] = walk(item, childPath(at, key))
      return out
    }
    return value
  }
  const out = walk(input ?? {}, "$.input") as { readonly [key: string]: unknown }
  return { input: out, missing }
}

/**
 * The name an `mcp_tool` hook goes by in runs, traces and default texts
 * (the `command` field of its `HookRun`): `mcp <server>/<tool>`.
 *
 * @example
 * ```ts
 * mcpToolHookLabel({ server: "guard", tool: "check_command" }) // => "mcp guard/check_command"
 * ```
 *
 * @category mcp
 * @since 0.2.0
 */
export const mcpToolHookLabel = (hook: Pick<McpToolHookConfig, "server" | "tool">): string =>
  `mcp ${hook.server}/${hook.tool}`
