/**
 * The file-wide settings added in 0.2.0 (ARCHITECTURE section 7): the `env`
 * map, the `plugins` list, the managed `allowManagedHooksOnly` switch, the
 * `http` hook allowlists and the `mcpServers` that `mcp_tool` hooks call, read
 * from a settings file's top level with a diagnostic for each bad value.
 *
 * @since 0.2.0
 */
import { Predicate, Schema } from "effect"
import { describeValue } from "../core/read-output.ts"
import type { SettingsScope } from "./settings-schema.ts"
import type { HttpHookPolicy } from "./http-hook-config.ts"
import { urlPatternProblem } from "./http-hook-config.ts"
import type { McpServerConfig } from "./mcp-tool-hook-config.ts"
import { McpServerConfig as McpServerConfigSchema } from "./mcp-tool-hook-config.ts"
import { mcpServersFindings } from "./transport-hook-diagnostics.ts"

/**
 * A valid environment variable name: letters, digits and `_`, not starting
 * with a digit.
 *
 * @category validation
 * @since 0.2.0
 */
const isEnvName = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)

/**
 * The top-level keys `readFileSettings` reads.
 *
 * @category validation
 * @since 0.2.0
 */
export const fileSettingsKeys: ReadonlyArray<string> = [
  "env",
  "plugins",
  "allowManagedHooksOnly",
  "allowedHttpHookUrls",
  "httpHookAllowedEnvVars",
  "mcpServers",
  "auditLog"
]

/**
 * What `readFileSettings` found: only the valid parts.
 *
 * @category models
 * @since 0.2.0
 */
export interface FileSettings {
  readonly env?: { readonly [name: string]: string }
  readonly plugins?: ReadonlyArray<string>
  readonly allowManagedHooksOnly?: boolean
  readonly httpHookPolicy?: HttpHookPolicy
  readonly mcpServers?: { readonly [name: string]: McpServerConfig }
  /** The audit log file (user and managed files only); since 0.2.0. */
  readonly auditLog?: string
}

/**
 * Where `readFileSettings` reports a problem: severity, JSON path (as keys),
 * problem, fix.
 *
 * @category models
 * @since 0.2.0
 */
export type FileSettingsReport = (
  severity: "error" | "warning",
  path: ReadonlyArray<string | number>,
  problem: string,
  fix: string
) => void

/**
 * Read `env`, `plugins` and `allowManagedHooksOnly` from a settings file's
 * top-level object.
 *
 * **Details**
 *
 * `env` is an object of strings; a bad name or a value that is not a string
 * is an error that drops that variable only. `plugins` is an array of paths
 * (a string, or Wave's `{"type": "local", "path": ...}`); a bad entry is
 * dropped with an error. `allowManagedHooksOnly` outside a managed file is a
 * warning: it is ignored there (a user or project cannot set policy).
 *
 * **Example** (A good and a bad variable)
 *
 * ```ts
 * readFileSettings({ env: { CI: "1", "BAD-NAME": "x" } }, "project", report)
 * // => { env: { CI: "1" } }, and an error at $.env["BAD-NAME"]
 * ```
 *
 * @category validation
 * @since 0.2.0
 */
// long: one reader per file-level setting, in the schema's order, sharing one report
export const readFileSettings = (
  root: { readonly [key: string]: unknown },
  scope: SettingsScope,
  report: FileSettingsReport
): FileSettings => {
  const found: {
    env?: Record<string, string>
    plugins?: Array<string>
    allowManagedHooksOnly?: boolean
    httpHookPolicy?: HttpHookPolicy
    mcpServers?: Record<string, McpServerConfig>
    auditLog?: string
  } = {}
  if ("env" in root) {
    const value = root["env"]
    if (!Predicate.isObject(value) || Array.isArray(value)) {
      report(
        "error",
        ["env"],
        `expected an object of variables, found ${describeValue(value)}; no variable was set`,
        'write "env": {"NAME": "value"}'
      )
    } else {
      const env: Record<string, string> = {}
      for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
        if (!isEnvName(name)) {
          report(
            "error",
            ["env", name],
            `${JSON.stringify(name)} is not an environment variable name; it was not set`,
            "use letters, digits and _ (not starting with a digit)"
          )
        } else if (typeof v !== "string") {
          report(
            "error",
            ["env", name],
            `expected a string, found ${describeValue(v)}; ${name} was not set`,
            `write "${name}": "${typeof v === "number" || typeof v === "boolean" ? String(v) : "value"}" (values are strings)`
          )
        } else env[name] = v
      }
      found.env = env
    }
  }
  if ("plugins" in root) {
    const value = root["plugins"]
    if (!Array.isArray(value)) {
      report(
        "error",
        ["plugins"],
        `expected an array of plugin directories, found ${describeValue(value)}; no plugin was loaded`,
        'write "plugins": ["./path/to/plugin"]'
      )
    } else {
      const plugins: Array<string> = []
      value.forEach((entry: unknown, index) => {
        const path =
          typeof entry === "string"
            ? entry
            : Predicate.isObject(entry) &&
                (entry as Record<string, unknown>)["type"] === "local" &&
                typeof (entry as Record<string, unknown>)["path"] === "string"
              ? (entry as Record<string, string>)["path"]!
              : undefined
        if (path === undefined || path.trim() === "") {
          report(
            "error",
            ["plugins", index],
            `expected a plugin directory (a path, or {"type": "local", "path": ...}), found ${describeValue(entry)}; it was not loaded`,
            'write "./path/to/plugin" (a folder holding hooks/hooks.json)'
          )
        } else plugins.push(path)
      })
      found.plugins = plugins
    }
  }
  if ("allowManagedHooksOnly" in root) {
    const value = root["allowManagedHooksOnly"]
    if (typeof value !== "boolean") {
      report(
        "error",
        ["allowManagedHooksOnly"],
        `expected true or false, found ${describeValue(value)}; the setting was ignored`,
        'write "allowManagedHooksOnly": true or remove it'
      )
    } else if (scope !== "managed") {
      report(
        "warning",
        ["allowManagedHooksOnly"],
        `allowManagedHooksOnly counts only in managed settings; it is ignored in a ${scope} file`,
        "set it in the managed settings (managed-settings.json), or remove it"
      )
    } else found.allowManagedHooksOnly = value
  }
  if ("auditLog" in root) {
    const value = root["auditLog"]
    if (typeof value !== "string" || value.trim() === "") {
      report(
        "error",
        ["auditLog"],
        `expected the path of a file, found ${describeValue(value)}; no audit log is written`,
        'write "auditLog": "~/.wave/audit.jsonl"'
      )
    } else if (scope !== "user" && scope !== "managed") {
      // A project must not redirect the user's audit log, nor silence it.
      report(
        "warning",
        ["auditLog"],
        `auditLog counts only in the user's settings (~/.wave/settings.json) or managed settings; it is ignored in a ${scope} file`,
        "set it in your user settings, or remove it"
      )
    } else found.auditLog = value
  }
  const policy: { allowedHttpHookUrls?: ReadonlyArray<string>; httpHookAllowedEnvVars?: ReadonlyArray<string> } = {}
  for (const key of ["allowedHttpHookUrls", "httpHookAllowedEnvVars"] as const) {
    if (!(key in root)) continue
    const value = root[key]
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
      report(
        "error",
        [key],
        `expected an array of strings, found ${describeValue(value)}; the setting was ignored`,
        key === "allowedHttpHookUrls"
          ? 'write e.g. "allowedHttpHookUrls": ["http://127.0.0.1:*"]'
          : 'write e.g. "httpHookAllowedEnvVars": ["HOOK_TOKEN"]'
      )
      continue
    }
    const list = value as ReadonlyArray<string>
    if (key === "allowedHttpHookUrls") {
      list.forEach((pattern, index) => {
        const problem = urlPatternProblem(pattern)
        if (problem !== undefined) {
          report(
            "warning",
            [key, index],
            `${JSON.stringify(pattern)} matches no URL: ${problem}`,
            'write scheme://host[:port][/path] with * where any part may vary, e.g. "http://127.0.0.1:*" or "https://hooks.example.com/*"'
          )
        }
      })
    }
    if (key === "httpHookAllowedEnvVars") {
      list.forEach((name, index) => {
        if (!isEnvName(name))
          report(
            "warning",
            [key, index],
            `${JSON.stringify(name)} is not a variable name, so it allows nothing`,
            "use letters, digits and _ (not starting with a digit), without $"
          )
      })
    }
    policy[key] = list
  }
  if (Object.keys(policy).length > 0) found.httpHookPolicy = policy
  if ("mcpServers" in root) {
    const value = root["mcpServers"]
    const findings = mcpServersFindings(value)
    for (const f of findings)
      report(f.severity, ["mcpServers", ...f.at], `${f.problem}; the server cannot be called`, f.fix)
    if (Predicate.isObject(value) && !Array.isArray(value)) {
      const servers: Record<string, McpServerConfig> = {}
      for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
        if (findings.some((f) => f.at[0] === name)) continue
        if (isMcpServerConfig(entry)) servers[name] = entry
        else {
          report(
            "error",
            ["mcpServers", name],
            "is not a valid server entry (args must be an array of strings; env and headers objects of strings; cwd a string); the server cannot be called",
            'write { "command": "npx", "args": ["-y", "some-mcp-server"], "env": {"NAME": "value"} } or { "type": "http", "url": "http://127.0.0.1:3000/mcp" }'
          )
        }
      }
      found.mcpServers = servers
    }
  }
  return found
}

/** Built on first use: `run` reads settings without an `mcpServers` key most of the time. */
let isMcpServerBuilt: ((value: unknown) => value is McpServerConfig) | undefined
const isMcpServerConfig = (value: unknown): value is McpServerConfig =>
  (isMcpServerBuilt ??= Schema.is(McpServerConfigSchema))(value)
