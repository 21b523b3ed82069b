/**
 * What `wave-hooks trust` shows of one settings file before it asks (issue
 * 20): everything trusting the file turns on, not only its hooks. Each hook
 * with its type and target, each program its `mcpServers` start, its `env`
 * (names and values: they reach the user's own hooks too), the variables
 * `http` hooks' headers send and `httpHookAllowedEnvVars`, the URL patterns
 * it adds to `allowedHttpHookUrls`, `disableAllHooks`, `askTimeoutSeconds`
 * and the plugins it names. Pure: text lines, control characters escaped.
 *
 * @since 0.2.0
 */
import { escapeControl } from "../internal/escape-control.ts"
import { headerVarReferences, redactUrl } from "../settings/http-hook-config.ts"
import type { McpServerConfig } from "../settings/mcp-tool-hook-config.ts"
import type { ConfiguredHook, ValidatedSettings } from "../settings/settings-schema.ts"

/** Variables whose value decides which programs start or what code they load. */
const programVariables = new Set([
  "PATH",
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "PROMPT_COMMAND",
  "IFS",
  "NODE_OPTIONS",
  "NODE_PATH",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "LD_AUDIT",
  "PYTHONPATH",
  "PYTHONSTARTUP",
  "PYTHONHOME",
  "PERL5OPT",
  "PERL5LIB",
  "RUBYOPT",
  "RUBYLIB",
  "GIT_SSH_COMMAND",
  "GIT_EXEC_PATH",
  "GIT_CONFIG_GLOBAL",
  "EDITOR",
  "VISUAL",
  "PAGER",
  "HOME",
  "XDG_CONFIG_HOME"
])

const isProgramVariable = (name: string): boolean => programVariables.has(name) || name.startsWith("DYLD_")

const shown = (text: string): string => escapeControl(text)

/** A word as a shell would need it written (for reading a program line, not for running it). */
const word = (text: string): string =>
  /^[A-Za-z0-9_@%+=:,./-]+$/u.test(text) ? text : `'${text.replace(/'/gu, `'\\''`)}'`

/** A program and its arguments, as one readable line. */
const programLine = (command: string, args: ReadonlyArray<string>): string => [command, ...args].map(word).join(" ")

/** One hook: its event and matcher, then what it runs or calls. */
const hookLine = (hook: ConfiguredHook): string => {
  const where = `${hook.agentEvent ?? hook.event}${hook.matcher === undefined ? "" : ` [${shown(hook.matcher)}]`}`
  const handler = hook.handler
  if (handler === undefined) {
    const notes = [
      ...(hook.shell === undefined ? [] : [`shell ${hook.shell}`]),
      ...(hook.asyncRewake === true ? ["asyncRewake"] : hook.async === true ? ["async"] : [])
    ]
    const what = hook.args === undefined ? hook.command : `${hook.command} args ${JSON.stringify(hook.args)} (no shell)`
    return `${where}: ${shown(what)}${notes.length === 0 ? "" : ` (${notes.join(", ")})`}`
  }
  if (handler.type === "http") {
    const sent = Object.entries(handler.headers ?? {}).flatMap(([header, value]) =>
      headerVarReferences(value).map((name) => `$${name} in ${header}`)
    )
    return (
      `${where}: [http] POST ${shown(redactUrl(handler.url))}` +
      (sent.length === 0 ? "" : `; its headers send ${shown(sent.join(", "))}`) +
      (handler.allowedEnvVars === undefined || handler.allowedEnvVars.length === 0
        ? ""
        : ` (allowedEnvVars ${shown(handler.allowedEnvVars.join(", "))})`)
    )
  }
  if (handler.type === "mcp_tool")
    return `${where}: [mcp_tool] tool ${shown(handler.tool)} of the MCP server ${shown(handler.server)}`
  if (handler.type === "message") return `${where}: [prompt] submits ${shown(handler.text)} as the first user message`
  return `${where}: [${handler.type}] ${shown(hook.command)} (model ${shown(handler.model ?? "default: WAVE_HOOKS_MODEL")})`
}

/** One `mcpServers` entry: the program it starts (or the URL it connects to). */
const serverLine = (name: string, server: McpServerConfig): string => {
  if (server.type === "http") {
    const headers = Object.keys(server.headers ?? {})
    return `${shown(name)}: connects to ${shown(redactUrl(server.url))}${headers.length === 0 ? "" : ` (headers ${shown(headers.join(", "))})`}`
  }
  const notes = [
    ...(server.cwd === undefined ? [] : [`in ${server.cwd}`]),
    ...(server.env === undefined || Object.keys(server.env).length === 0
      ? []
      : [`env ${Object.keys(server.env).join(", ")}`])
  ]
  return `${shown(name)}: starts ${shown(programLine(server.command, server.args ?? []))}${notes.length === 0 ? "" : ` (${shown(notes.join("; "))})`}`
}

/**
 * The lines `trust` prints under one settings file (indented by the
 * caller): its hooks, then every file-wide setting that takes effect once the
 * file is trusted, each saying what it does to the user's own hooks where it
 * reaches them; `(no hooks)` for a readable file with nothing in it.
 *
 * @example
 * ```ts
 * import type { ValidatedSettings } from "wave-hooks"
 * declare const project: ValidatedSettings // a project settings file, validated
 * trustPromptLines(project)
 * // => ["PreToolUse [Bash]: ./guard.sh",
 * //     "mcpServers (programs started when an mcp_tool hook calls them):",
 * //     "  policy: starts node ./tools/server.mjs deny", ...]
 * ```
 *
 * @category rendering
 * @since 0.2.0
 */
export const trustPromptLines = (settings: ValidatedSettings): ReadonlyArray<string> => {
  const lines: Array<string> = settings.hooks.map(hookLine)
  const servers = Object.entries(settings.mcpServers ?? {})
  if (servers.length > 0) {
    lines.push(
      "mcpServers (programs started when an mcp_tool hook calls them; a user's hook calling the same name gets this one):"
    )
    for (const [name, server] of servers) lines.push(`  ${serverLine(name, server)}`)
  }
  const env = Object.entries(settings.env ?? {})
  if (env.length > 0) {
    lines.push("env (added to the environment of every hook, your own user hooks' too):")
    for (const [name, value] of env) {
      lines.push(
        `  ${shown(name)}=${shown(value)}${isProgramVariable(name) ? "  (decides which programs run or what code they load)" : ""}`
      )
    }
  }
  const policy = settings.httpHookPolicy
  if (policy?.httpHookAllowedEnvVars !== undefined) {
    lines.push(
      `httpHookAllowedEnvVars: ${policy.httpHookAllowedEnvVars.length === 0 ? "[] (no http hook header may read a variable)" : `${shown(policy.httpHookAllowedEnvVars.join(", "))} (http hooks' headers, yours too, may send these variables' values to their URLs; a managed list still limits it)`}`
    )
  }
  if (policy?.allowedHttpHookUrls !== undefined) {
    lines.push(
      `allowedHttpHookUrls: ${policy.allowedHttpHookUrls.length === 0 ? "[]" : shown(policy.allowedHttpHookUrls.map((p) => JSON.stringify(p)).join(", "))} ` +
        "(joined with your own settings' patterns: the URLs http hooks, yours too, may call; a managed list still limits it)"
    )
  }
  if (settings.disableAllHooks === true) {
    lines.push("disableAllHooks: true (switches off every hook but managed ones: your own user hooks stop running too)")
  } else if (settings.disableAllHooks === false) lines.push("disableAllHooks: false")
  if (settings.askTimeoutSeconds !== undefined) {
    lines.push(
      `askTimeoutSeconds: ${settings.askTimeoutSeconds} (a permission question nobody answers is denied after ${settings.askTimeoutSeconds} s)`
    )
  }
  if (settings.plugins !== undefined && settings.plugins.length > 0) {
    lines.push(
      `plugins: ${shown(settings.plugins.join(", "))} (their hooks run too; their hooks files are listed below)`
    )
  }
  if (settings.readable && lines.length === 0) lines.push("(no hooks)")
  return lines
}
