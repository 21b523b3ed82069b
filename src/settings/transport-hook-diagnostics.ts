/**
 * What `validate` can say about `http` and `mcp_tool` hooks and
 * `mcpServers` before anything runs: a header that
 * reads a variable its hook may not read, an `allowedEnvVars` entry that
 * can never match, a URL the allowlist refuses, an undeclared server, a
 * placeholder that is not one, an `sse` server. Pure; each finding has the
 * JSON path segments below the hook (or below `mcpServers`), the problem
 * and the fix, for the caller to turn into `SettingsDiagnostic`s.
 *
 * @since 0.2.0
 */
import { closest } from "../internal/suggest.ts"
import type { HttpHandler } from "./hook-types.ts"
import { mergeHttpHookPolicies } from "./http-hook-config.ts"
import type { SettingsDiagnostic, ValidatedSettings } from "./settings-schema.ts"
import type { HttpHookConfig, HttpHookPolicy } from "./http-hook-config.ts"
import { headerVarReferences, urlAllowed, urlNotAllowedMessage } from "./http-hook-config.ts"
import type { McpToolHookConfig } from "./mcp-tool-hook-config.ts"

/**
 * One finding: `at` is the path below the hook (`["headers", "X-Team"]`), to
 * append to the hook's own JSON path.
 *
 * @category models
 * @since 0.2.0
 */
export interface TransportFinding {
  readonly severity: "error" | "warning"
  readonly at: ReadonlyArray<string | number>
  readonly problem: string
  readonly fix: string
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/u

/**
 * Findings for one `http` hook under the settings-level allowlists:
 *
 * - a header reference to a name not in `allowedEnvVars` (always sent
 *   empty), or removed by `httpHookAllowedEnvVars`: warning;
 * - an `allowedEnvVars` entry that is not a bare variable name (`$TOKEN`):
 *   warning, it can never match;
 * - a URL that `allowedHttpHookUrls` refuses: warning (the hook fails on
 *   every event; with `onFailure: "block"` it blocks every time).
 *
 * @example
 * ```ts
 * httpHookFindings({ type: "http", url: "http://h/x", headers: { A: "$T" } }, {})
 * // => [{ severity: "warning", at: ["headers", "A"], problem: "refers to $T, which is not in the hook's allowedEnvVars: it is always sent empty", fix: 'add "T" to allowedEnvVars' }]
 * ```
 *
 * @category validation
 * @since 0.2.0
 */
export const httpHookFindings = (
  hook: HttpHookConfig | HttpHandler,
  policy: HttpHookPolicy
): ReadonlyArray<TransportFinding> => {
  const findings: Array<TransportFinding> = []
  const own = hook.allowedEnvVars ?? []
  const global = policy.httpHookAllowedEnvVars
  for (const [header, value] of Object.entries(hook.headers ?? {})) {
    for (const name of new Set(headerVarReferences(value))) {
      if (!own.includes(name)) {
        findings.push({
          severity: "warning",
          at: ["headers", header],
          problem: `refers to $${name}, which is not in the hook's allowedEnvVars: it is always sent empty`,
          fix: `add "${name}" to allowedEnvVars`
        })
      } else if (global !== undefined && !global.includes(name)) {
        findings.push({
          severity: "warning",
          at: ["headers", header],
          problem: `refers to $${name}, which httpHookAllowedEnvVars does not list: it is always sent empty`,
          fix: `add "${name}" to httpHookAllowedEnvVars in the settings`
        })
      }
    }
  }
  own.forEach((name, i) => {
    if (!NAME.test(name)) {
      const bare = name.replace(/^\$\{?|\}$/gu, "")
      findings.push({
        severity: "warning",
        at: ["allowedEnvVars", i],
        problem: `"${name}" is not a variable name, so it never matches a reference`,
        fix: NAME.test(bare)
          ? `write "${bare}"`
          : "use a name of letters, digits and _ that does not start with a digit"
      })
    }
  })
  if (!urlAllowed(hook.url, policy.allowedHttpHookUrls)) {
    findings.push({
      severity: "warning",
      at: ["url"],
      problem: `the hook is never called: ${urlNotAllowedMessage(hook.url, policy.allowedHttpHookUrls ?? []).replace(/; add a pattern.*$/u, "")}`,
      fix: "add a pattern that matches it to allowedHttpHookUrls, or change the url"
    })
  }
  return findings
}

const PLACEHOLDER_START = /\$\{/gu
const PLACEHOLDER = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)*\}/u

/**
 * Findings for one `mcp_tool` hook: a server not declared in `mcpServers`
 * (error, with the closest declared name), and a `${` in `input` that does
 * not start a placeholder (`${tool_input.file_path` without `}`, spaces):
 * warning, it is sent as written.
 *
 * @example
 * ```ts
 * mcpToolHookFindings({ type: "mcp_tool", server: "gaurd", tool: "t" }, ["guard"])[0]?.fix
 * // => 'did you mean "guard"? Declare the server in mcpServers or fix the name'
 * ```
 *
 * @category validation
 * @since 0.2.0
 */
export const mcpToolHookFindings = (
  hook: McpToolHookConfig,
  declaredServers: ReadonlyArray<string>
): ReadonlyArray<TransportFinding> => {
  const findings: Array<TransportFinding> = []
  if (!declaredServers.includes(hook.server)) {
    const near = closest(hook.server, declaredServers)
    findings.push({
      severity: "error",
      at: ["server"],
      problem: `no MCP server named "${hook.server}" is declared in mcpServers`,
      fix: (near === undefined ? "" : `did you mean "${near}"? `) + "Declare the server in mcpServers or fix the name"
    })
  }
  const walk = (value: unknown, at: ReadonlyArray<string | number>): void => {
    if (typeof value === "string") {
      for (const m of value.matchAll(PLACEHOLDER_START)) {
        if (!PLACEHOLDER.test(value.slice(m.index))) {
          findings.push({
            severity: "warning",
            at,
            problem: `"${value}" has a "\${" that does not start a placeholder such as \${tool_input.file_path}; it is sent as written`,
            fix: "write ${path.to.field} with letters, digits, _ and - between the dots, and close it with }"
          })
          break
        }
      }
    } else if (Array.isArray(value))
      value.forEach((item, i) => {
        walk(item, [...at, i])
      })
    else if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, [...at, k])
  }
  walk(hook.input ?? {}, ["input"])
  return findings
}

/**
 * Findings for the raw `mcpServers` value (before decoding): an entry that
 * is not an object, `type: "sse"` (not supported: the SDK's SSE transport
 * is deprecated), an unknown `type`, a stdio entry without `command`, an
 * http entry without an http(s) `url`. Each is an error that skips the
 * server (hooks naming it then fail with "not declared").
 *
 * @example
 * ```ts
 * mcpServersFindings({ old: { type: "sse", url: "https://x/sse" } })[0]?.problem
 * // => 'type "sse" is not supported'
 * ```
 *
 * @category validation
 * @since 0.2.0
 */
export const mcpServersFindings = (servers: unknown): ReadonlyArray<TransportFinding> => {
  if (servers === undefined) return []
  if (servers === null || typeof servers !== "object" || Array.isArray(servers)) {
    return [
      {
        severity: "error",
        at: [],
        problem: "mcpServers is not an object",
        fix: 'write { "name": { "command": ... } }, as in Claude Code\'s .mcp.json'
      }
    ]
  }
  const findings: Array<TransportFinding> = []
  for (const [name, entry] of Object.entries(servers)) {
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
      findings.push({
        severity: "error",
        at: [name],
        problem: "is not an object",
        fix: 'write { "command": "...", "args": [...] } or { "type": "http", "url": "..." }'
      })
      continue
    }
    const e = entry as { readonly type?: unknown; readonly command?: unknown; readonly url?: unknown }
    if (e.type === "sse") {
      findings.push({
        severity: "error",
        at: [name, "type"],
        problem: 'type "sse" is not supported',
        fix: 'use "type": "http" (Streamable HTTP) if the server offers it'
      })
    } else if (e.type === "http") {
      if (typeof e.url !== "string" || !/^https?:\/\/\S+$/iu.test(e.url)) {
        findings.push({
          severity: "error",
          at: [name, "url"],
          problem: "an http server needs an http:// or https:// url",
          fix: 'set "url" to the server\'s MCP endpoint'
        })
      }
    } else if (e.type !== undefined && e.type !== "stdio") {
      findings.push({
        severity: "error",
        at: [name, "type"],
        problem: `unknown type ${JSON.stringify(e.type)}`,
        fix: 'use "stdio" (or leave it out) or "http"'
      })
    } else if (typeof e.command !== "string" || e.command.trim().length === 0) {
      findings.push({
        severity: "error",
        at: [name, "command"],
        problem: "a stdio server needs a command",
        fix: 'set "command" to the program to start (no shell), and "args" to its arguments'
      })
    }
  }
  return findings
}

/**
 * The findings that need every settings file (for `validate`): an `mcp_tool`
 * hook naming a server no file declares, and the `http` findings under the
 * merged settings-level allowlists (a URL `allowedHttpHookUrls` refuses, a
 * header variable `httpHookAllowedEnvVars` removes). Files are taken as if
 * trusted (an untrusted file's hooks, servers and allowlists count), so the
 * answer holds once the project is trusted. Each finding becomes a
 * `SettingsDiagnostic` at the hook's path; findings `validateSettings`
 * already gives for one file (placeholders, unlisted header variables) are
 * not repeated.
 *
 * @example
 * ```ts
 * import type { ValidatedSettings } from "wave-hooks"
 * declare const user: ValidatedSettings, project: ValidatedSettings
 * crossFileDiagnostics([user, project]) // => [{ severity: "error", path: "$.hooks.PreToolUse[0].hooks[0].server", problem: 'no MCP server named "gaurd" ...' }]
 * ```
 *
 * @category validation
 * @since 0.2.0
 */
export const crossFileDiagnostics = (files: ReadonlyArray<ValidatedSettings>): ReadonlyArray<SettingsDiagnostic> => {
  const policiesOf = (list: ReadonlyArray<ValidatedSettings>) =>
    list.flatMap((f) => {
      const p = f.httpHookPolicy ?? f.untrustedSettings?.httpHookPolicy
      return p === undefined ? [] : [p]
    })
  const policy = mergeHttpHookPolicies(
    policiesOf(files.filter((f) => f.scope !== "managed")),
    policiesOf(files.filter((f) => f.scope === "managed"))
  )
  // A server held back because its program changed is still declared (its hooks say why they do not run).
  const servers = [
    ...new Set(
      files.flatMap((f) => [
        ...Object.keys(f.mcpServers ?? f.untrustedSettings?.mcpServers ?? {}),
        ...(f.serversWithChangedScripts ?? []).map((s) => s.name)
      ])
    )
  ]
  const diagnostics: Array<SettingsDiagnostic> = []
  for (const f of files) {
    for (const hook of [
      ...f.hooks,
      ...(f.untrustedHooks ?? []),
      ...(f.hooksWithChangedScripts ?? []).map((b) => b.hook)
    ]) {
      const handler = hook.handler
      const findings =
        handler?.type === "http"
          ? httpHookFindings(handler, policy).filter(
              (x) => !httpHookFindings(handler, {}).some((own) => own.problem === x.problem)
            )
          : handler?.type === "mcp_tool"
            ? mcpToolHookFindings(handler, servers).filter((x) => x.at[0] === "server")
            : []
      for (const x of findings) {
        diagnostics.push({
          severity: x.severity,
          file: hook.file,
          path: `${hook.path}${x.at.map((k) => (typeof k === "number" ? `[${k}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/u.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`)).join("")}`,
          problem: x.problem,
          fix: x.fix,
          event: hook.event
        })
      }
    }
  }
  return diagnostics
}
