/**
 * The `http` hook type: its settings entry as an
 * Effect Schema, and the pure rules that turn one into a request: which URLs
 * a hook may call (`allowedHttpHookUrls`), which environment variables its
 * headers may read (`allowedEnvVars`, narrowed by `httpHookAllowedEnvVars`),
 * and the `$VAR` / `${VAR}` substitution in header values. No I/O here: the
 * request is sent by `HttpHook` in `src/runner/http-hook.ts`.
 *
 * @since 0.2.0
 */
import { Schema } from "effect"
import { OnFailure as OnFailureSchema } from "../core/hook-run.ts"

// ====== Schemas ======

/**
 * One `http` hook: POST the event's JSON to `url` and read the answer like a
 * command's stdout (see `httpResponseRun` in `src/core/transport-outcome.ts`).
 *
 * @category schemas
 * @since 0.2.0
 */
export const HttpHookConfig = Schema.Struct({
  type: Schema.Literal("http").annotate({
    description: "POST the event's JSON to a URL and read the response body like stdout."
  }),
  url: Schema.String.check(Schema.isPattern(/^https?:\/\/\S+$/iu)).annotate({
    description: "An http:// or https:// URL. Redirects are not followed."
  }),
  headers: Schema.optionalKey(
    Schema.Record(Schema.String, Schema.String).annotate({
      description:
        "Extra request headers. $VAR and ${VAR} in a value are replaced only for names listed in allowedEnvVars."
    })
  ),
  allowedEnvVars: Schema.optionalKey(
    Schema.Array(Schema.String).annotate({
      description:
        "Environment variables the header values may read (narrowed by the settings-level httpHookAllowedEnvVars)."
    })
  ),
  timeout: Schema.optionalKey(
    Schema.Finite.check(Schema.isGreaterThan(0)).annotate({
      description: "Seconds before the request is aborted (the same default as a command hook)."
    })
  ),
  onFailure: Schema.optionalKey(
    OnFailureSchema.annotate({
      description:
        '"block" makes a non-2xx status, a non-JSON body, a timeout or a connection failure block (fail closed).'
    })
  ),
  statusMessage: Schema.optionalKey(Schema.String.annotate({ description: "Shown while the hook runs." }))
}).annotate({ identifier: "HookHttp" })

/**
 * One `http` hook as configured.
 *
 * @category models
 * @since 0.2.0
 */
export type HttpHookConfig = typeof HttpHookConfig.Type

/**
 * The settings-level allowlists for `http` hooks, as in Claude Code. Absent:
 * no restriction. `allowedHttpHookUrls: []` forbids every `http` hook.
 *
 * @category schemas
 * @since 0.2.0
 */
export const HttpHookPolicyFields = {
  allowedHttpHookUrls: Schema.optionalKey(
    Schema.Array(Schema.String).annotate({
      description:
        "URL patterns scheme://host[:port][/path] that http hooks may call, * matching within one part (any port, any subdomain, any path); absent: any URL; []: none. A managed list is narrowed by the other files' lists, never widened."
    })
  ),
  httpHookAllowedEnvVars: Schema.optionalKey(
    Schema.Array(Schema.String).annotate({
      description:
        "Environment variables any http hook's headers may read; each hook's allowedEnvVars is narrowed to these (a managed list cannot be widened)."
    })
  )
}

/**
 * The allowlists in force: `undefined` fields do not restrict.
 *
 * @category models
 * @since 0.2.0
 */
export interface HttpHookPolicy {
  readonly allowedHttpHookUrls?: ReadonlyArray<string> | undefined
  readonly httpHookAllowedEnvVars?: ReadonlyArray<string> | undefined
}

/**
 * Merge the allowlists of the settings files whose hooks run (managed, user
 * and trusted project and local files; the caller leaves untrusted files
 * out).
 *
 * **Details**
 *
 * Among the files that are not managed, a list set in several files is the
 * concatenation of their lists, as Claude Code merges arrays across sources;
 * a list set in none stays `undefined` (no restriction). A managed list
 * (`managed`, the managed files' policies, concatenated among themselves)
 * cannot be widened: with one present, the effective list is the managed
 * list narrowed by the others, never more. For `httpHookAllowedEnvVars` that
 * is the names both allow; for `allowedHttpHookUrls`, each pattern of one
 * side that lies within a pattern of the other (`urlPatternWithin`), so a
 * URL is allowed only when the managed list allows it and, when another file
 * sets a list, that list allows it too (two patterns that only partly
 * overlap allow nothing of each other: narrower, never wider).
 *
 * @example
 * ```ts
 * mergeHttpHookPolicies([{ allowedHttpHookUrls: ["https://a/*"] }, {}, { allowedHttpHookUrls: ["http://localhost:*"] }])
 * // => { allowedHttpHookUrls: ["https://a/*", "http://localhost:*"] }
 * mergeHttpHookPolicies([{ allowedHttpHookUrls: ["*"], httpHookAllowedEnvVars: ["GITHUB_TOKEN"] }], [{ allowedHttpHookUrls: ["https://hooks.corp.example/*"], httpHookAllowedEnvVars: [] }])
 * // => { allowedHttpHookUrls: ["https://hooks.corp.example/*"], httpHookAllowedEnvVars: [] }
 * ```
 *
 * @category settings
 * @since 0.2.0
 */
export const mergeHttpHookPolicies = (
  policies: ReadonlyArray<HttpHookPolicy>,
  managed: ReadonlyArray<HttpHookPolicy> = []
): HttpHookPolicy => {
  const joined = (list: ReadonlyArray<HttpHookPolicy>, key: keyof HttpHookPolicy): ReadonlyArray<string> | undefined =>
    list.reduce<ReadonlyArray<string> | undefined>(
      (all, p) => (p[key] === undefined ? all : [...(all ?? []), ...p[key]]),
      undefined
    )
  const ownUrls = joined(policies, "allowedHttpHookUrls")
  const ownVars = joined(policies, "httpHookAllowedEnvVars")
  const managedUrls = joined(managed, "allowedHttpHookUrls")
  const managedVars = joined(managed, "httpHookAllowedEnvVars")
  const urls =
    managedUrls === undefined
      ? ownUrls
      : ownUrls === undefined
        ? managedUrls
        : intersectUrlPatterns(managedUrls, ownUrls)
  const vars =
    managedVars === undefined
      ? ownVars
      : ownVars === undefined
        ? managedVars
        : unique(ownVars.filter((name) => managedVars.includes(name)))
  return {
    ...(urls === undefined ? {} : { allowedHttpHookUrls: urls }),
    ...(vars === undefined ? {} : { httpHookAllowedEnvVars: vars })
  }
}

const unique = (list: ReadonlyArray<string>): ReadonlyArray<string> =>
  list.filter((item, i) => list.indexOf(item) === i)

/** The patterns of either list that lie within a pattern of the other: URLs both lists allow (a subset of them when two only partly overlap). */
const intersectUrlPatterns = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): ReadonlyArray<string> =>
  unique([
    ...b.filter((p) => a.some((q) => urlPatternWithin(p, q))),
    ...a.filter((p) => b.some((q) => urlPatternWithin(p, q)))
  ])

// ====== URL allowlist ======

/** An `allowedHttpHookUrls` pattern split into the parts of a URL, each a `*` glob; `undefined` path or query: any. */
interface UrlPattern {
  readonly scheme: string
  readonly host: string
  /** `""` is the scheme's default port (written or not). */
  readonly port: string
  readonly path: string
  readonly query: string
}

const anyUrl: UrlPattern = { scheme: "*", host: "*", port: "*", path: "*", query: "*" }
const defaultPorts: { readonly [scheme: string]: string } = { http: "80", https: "443" }
const PATTERN = /^([A-Za-z*][A-Za-z0-9+.*-]*):\/\/([^/?#\\]*)([^?#\\]*)(?:\?([^#\\]*))?$/u

const normalizedHost = (host: string): string | undefined => {
  if (host.startsWith("[")) {
    const six = URL.parse(`http://${host}/`)
    return six?.hostname ?? undefined
  }
  if (!/^[A-Za-z0-9.*_\-\u0080-\uffff]+$/u.test(host)) return undefined
  if (!host.includes("*")) return URL.parse(`http://${host}/`)?.hostname ?? undefined
  // A wildcard host: lower case, and international labels as the URL parser writes them (punycode).
  const labels = host
    .toLowerCase()
    .split(".")
    .map((label) =>
      /[^\x00-\x7f]/u.test(label) && !label.includes("*") ? URL.parse(`http://${label}/`)?.hostname : label
    )
  return labels.some((label) => label === undefined) ? undefined : labels.join(".")
}

/**
 * Why an `allowedHttpHookUrls` pattern matches nothing, or `undefined` for a
 * pattern that parses: `*` (any URL), or `scheme://host[:port][/path][?query]`
 * with `*` anywhere but no credentials (`user@`).
 *
 * @example
 * ```ts
 * urlPatternProblem("http://127.0.0.1:*") // => undefined
 * urlPatternProblem("http://*@hooks.example.com/*") // => "it holds credentials (user@); a pattern names a scheme, host, port and path"
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const urlPatternProblem = (pattern: string): string | undefined => {
  const parsed = parseUrlPattern(pattern)
  return typeof parsed === "string" ? parsed : undefined
}

const parseUrlPattern = (pattern: string): UrlPattern | string => {
  if (pattern === "*") return anyUrl
  const m = PATTERN.exec(pattern)
  if (m === null) return "it is not scheme://host[:port][/path] (nor a lone *)"
  const [, rawScheme, authority, rawPath, rawQuery] = m as unknown as [
    string,
    string,
    string,
    string,
    string | undefined
  ]
  if (authority.includes("@")) return "it holds credentials (user@); a pattern names a scheme, host, port and path"
  const bracket = authority.startsWith("[") ? authority.indexOf("]") : -1
  const colon = authority.indexOf(":", bracket + 1)
  const rawHost = colon === -1 ? authority : authority.slice(0, colon)
  const rawPort = colon === -1 ? undefined : authority.slice(colon + 1)
  if (rawHost === "") return "it has no host"
  if (rawPort !== undefined && !/^[0-9*]+$/u.test(rawPort))
    return `its port ${JSON.stringify(rawPort)} is not a number or *`
  const host = normalizedHost(rawHost)
  if (host === undefined) return `its host ${JSON.stringify(rawHost)} is not a host name`
  const scheme = rawScheme.toLowerCase()
  const port = rawPort === undefined || rawPort === defaultPorts[scheme] ? "" : rawPort.replace(/^0+(?=\d)/u, "")
  const path = rawPath === "" ? "*" : (URL.parse(`http://h${rawPath}`)?.pathname ?? rawPath)
  const query = rawQuery === undefined ? "*" : (URL.parse(`http://h/?${rawQuery}`)?.search.slice(1) ?? rawQuery)
  return { scheme, host, port, path, query }
}

const parseUrl = (url: string): UrlPattern | undefined => {
  const parsed = URL.parse(url)
  if (parsed === null) return undefined
  return {
    scheme: parsed.protocol.slice(0, -1),
    host: parsed.hostname,
    port: parsed.port,
    path: parsed.pathname,
    query: parsed.search.slice(1)
  }
}

/** `*` matches any run of characters (none included); every other character matches itself. No regex built from user text. */
const globMatches = (text: string, pattern: string): boolean => {
  // Backtracking only to the last star: linear-ish.
  let t = 0
  let p = 0
  let star = -1
  let mark = 0
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === "*") {
      star = p++
      mark = t
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++
      t++
    } else if (star !== -1) {
      p = star + 1
      t = ++mark
    } else {
      return false
    }
  }
  while (p < pattern.length && pattern[p] === "*") p++
  return p === pattern.length
}

const parts = ["scheme", "host", "port", "path", "query"] as const

/**
 * Whether `url` matches one `allowedHttpHookUrls` pattern. Both are parsed
 * (the URL as the request will be sent, by the WHATWG URL parser) into
 * scheme, host, port, path and query, and each part of the pattern is
 * matched against the same part of the URL only: a `*` never crosses from
 * one part into another (`*` in the port matches a port, in the host a host
 * name, in the path a path). A pattern without a port allows the scheme's
 * default port; without a path, every path; without a query, every query.
 * Credentials written into the URL (`user:pass@`) are not part of its host,
 * so they never match a host pattern; a pattern with credentials, or one
 * that does not parse (`urlPatternProblem`), matches nothing. `*` alone
 * matches every URL. Hosts compare case-insensitively, as the parser lowers
 * them.
 *
 * @example
 * ```ts
 * urlMatchesPattern("https://hooks.example.com/pre", "https://hooks.example.com/*") // => true
 * urlMatchesPattern("http://localhost:8080/a/b", "http://localhost:*") // => true
 * urlMatchesPattern("https://hooks.example.com.evil.io/", "https://hooks.example.com/*") // => false
 * urlMatchesPattern("http://127.0.0.1:1@evil.example/x", "http://127.0.0.1:*") // => false: the host is evil.example
 * urlMatchesPattern("http://localhost:18080/.example.com/x", "http://*.example.com/*") // => false
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const urlMatchesPattern = (url: string, pattern: string): boolean => {
  const target = parseUrl(url)
  const glob = parseUrlPattern(pattern)
  if (target === undefined || typeof glob === "string") return false
  return parts.every((part) => globMatches(target[part], glob[part]))
}

/**
 * Whether every URL pattern `inner` matches is matched by `outer` too (each
 * part's glob within the other's; a `*` of `inner` only within a `*` of
 * `outer`). Used to narrow a managed list by the others' lists. Patterns that
 * do not parse lie within nothing.
 *
 * @example
 * ```ts
 * urlPatternWithin("https://hooks.corp.example/pre", "https://hooks.corp.example/*") // => true
 * urlPatternWithin("*", "https://hooks.corp.example/*") // => false
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const urlPatternWithin = (inner: string, outer: string): boolean => {
  const a = parseUrlPattern(inner)
  const b = parseUrlPattern(outer)
  // Matching a's text against b, a's `*` can only be taken by b's `*` (b's other characters are never `*`).
  return typeof a !== "string" && typeof b !== "string" && parts.every((part) => globMatches(a[part], b[part]))
}

/**
 * Whether an `http` hook may call `url` under the settings-level
 * `allowedHttpHookUrls`: always when the list is `undefined`; otherwise only
 * when a pattern matches (`urlMatchesPattern`), so `[]` allows nothing.
 *
 * @example
 * ```ts
 * urlAllowed("http://127.0.0.1:8080/hook", undefined) // => true
 * urlAllowed("http://127.0.0.1:8080/hook", ["http://127.0.0.1:*"]) // => true
 * urlAllowed("http://127.0.0.1:1@evil.example/", ["http://127.0.0.1:*"]) // => false
 * urlAllowed("https://example.com/", []) // => false
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const urlAllowed = (url: string, allowedHttpHookUrls: ReadonlyArray<string> | undefined): boolean =>
  allowedHttpHookUrls === undefined || allowedHttpHookUrls.some((pattern) => urlMatchesPattern(url, pattern))

/**
 * Whether a URL's host is this machine: `localhost`, 127.0.0.0/8 or `[::1]`
 * (the host as parsed, so `http://127.0.0.1@evil.example/` is not).
 *
 * @example
 * ```ts
 * isLoopbackUrl("http://localhost:8080/hook") // => true
 * isLoopbackUrl("http://127.0.0.1:1@evil.example/") // => false
 * ```
 *
 * @category http
 * @since 0.5.0
 */
export const isLoopbackUrl = (url: string): boolean => {
  const host = URL.parse(url)?.hostname.toLowerCase()
  return host === "localhost" || host === "[::1]" || (host !== undefined && /^127(\.\d{1,3}){3}$/u.test(host))
}

/**
 * Why an agent that posts to https:// only (Copilot) does not post to `url`:
 * an http:// URL to another machine, or to this one while `localSwitch` is
 * not `1`. `localAllowed: undefined` (the environment is not known, as when
 * a file is validated) passes every http:// URL to this machine.
 *
 * @example
 * ```ts
 * httpsOnlyProblem("http://hooks.example/pre", "COPILOT_HOOK_ALLOW_LOCALHOST", undefined)
 * // => "posts to https:// URLs only, and http:// ones to this machine only when COPILOT_HOOK_ALLOW_LOCALHOST=1"
 * httpsOnlyProblem("http://127.0.0.1:8080/pre", "COPILOT_HOOK_ALLOW_LOCALHOST", true) // => undefined
 * ```
 *
 * @category http
 * @since 0.5.0
 */
export const httpsOnlyProblem = (
  url: string,
  localSwitch: string,
  localAllowed: boolean | undefined
): string | undefined =>
  !/^http:/iu.test(url) || (isLoopbackUrl(url) && localAllowed !== false)
    ? undefined
    : isLoopbackUrl(url)
      ? `posts to http:// URLs on this machine only when ${localSwitch}=1, which is not set`
      : `posts to https:// URLs only, and http:// ones to this machine only when ${localSwitch}=1`

// ====== Header variables ======

/**
 * Why a `$VAR` in a header value was replaced by the empty string:
 * `not-allowed` (not in the hook's `allowedEnvVars`, or removed by the
 * settings-level `httpHookAllowedEnvVars`) or `unset` (allowed, but not in
 * the environment).
 *
 * @category models
 * @since 0.2.0
 */
interface UnresolvedHeaderVar {
  readonly header: string
  readonly name: string
  readonly reason: "not-allowed" | "unset"
}

/**
 * What `substituteHeaderVars` gives: the headers to send, the references it
 * replaced by the empty string, and the headers it dropped because a value
 * held a line break or NUL after substitution (header injection).
 *
 * @category models
 * @since 0.2.0
 */
export interface SubstitutedHeaders {
  readonly headers: { readonly [name: string]: string }
  readonly unresolved: ReadonlyArray<UnresolvedHeaderVar>
  readonly dropped: ReadonlyArray<string>
}

const VAR_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/gu

/**
 * The variable names a header value refers to (`$VAR` and `${VAR}`), in
 * order, for validation (a reference to a name missing from `allowedEnvVars`
 * is a warning: it is always sent empty).
 *
 * @example
 * ```ts
 * headerVarReferences("Bearer ${TOKEN}-$TEAM") // => ["TOKEN", "TEAM"]
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const headerVarReferences = (value: string): ReadonlyArray<string> =>
  Array.from(value.matchAll(VAR_REFERENCE), (m) => (m[1] ?? m[2])!)

/**
 * The names a hook's headers may read: its `allowedEnvVars`, narrowed to the
 * settings-level `httpHookAllowedEnvVars` when that is set.
 *
 * @example
 * ```ts
 * effectiveAllowedEnvVars(["TOKEN", "HOME"], ["TOKEN"]) // => ["TOKEN"]
 * effectiveAllowedEnvVars(["TOKEN"], undefined) // => ["TOKEN"]
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const effectiveAllowedEnvVars = (
  allowedEnvVars: ReadonlyArray<string> | undefined,
  httpHookAllowedEnvVars: ReadonlyArray<string> | undefined
): ReadonlyArray<string> => {
  const own = allowedEnvVars ?? []
  return httpHookAllowedEnvVars === undefined ? own : own.filter((name) => httpHookAllowedEnvVars.includes(name))
}

/**
 * Replace `$VAR` and `${VAR}` in header values with the environment's value,
 * only for names in `allowedEnvVars` (pass `effectiveAllowedEnvVars(...)`).
 * Any other reference, and an allowed name that is not set, becomes the
 * empty string and is reported in `unresolved` (so the caller can say so:
 * a token that silently went out empty is a confusing 401). A value that
 * holds CR, LF or NUL after substitution is not sent and its header is
 * listed in `dropped`.
 *
 * @example
 * ```ts
 * substituteHeaderVars({ Authorization: "Bearer $TOKEN", "X-Team": "${TEAM}" }, ["TOKEN"], { TOKEN: "t0k", TEAM: "core" })
 * // => { headers: { Authorization: "Bearer t0k", "X-Team": "" },
 * //      unresolved: [{ header: "X-Team", name: "TEAM", reason: "not-allowed" }], dropped: [] }
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const substituteHeaderVars = (
  headers: { readonly [name: string]: string } | undefined,
  allowedEnvVars: ReadonlyArray<string>,
  env: { readonly [name: string]: string | undefined }
): SubstitutedHeaders => {
  const out: Record<string, string> = {}
  const unresolved: Array<UnresolvedHeaderVar> = []
  const dropped: Array<string> = []
  for (const [header, value] of Object.entries(headers ?? {})) {
    const substituted = value.replace(VAR_REFERENCE, (_whole, braced: string | undefined, bare: string | undefined) => {
      const name = (braced ?? bare)!
      if (!allowedEnvVars.includes(name)) {
        unresolved.push({ header, name, reason: "not-allowed" })
        return ""
      }
      const found = Object.hasOwn(env, name) ? env[name] : undefined
      if (found === undefined) {
        unresolved.push({ header, name, reason: "unset" })
        return ""
      }
      return found
    })
    if (/[\r\n\0]/u.test(substituted)) dropped.push(header)
    else out[header] = substituted
  }
  return { headers: out, unresolved, dropped }
}

/**
 * One line per unresolved reference and dropped header, saying what, where
 * and how to fix it (for a `ShowUser{warning}` / `Diagnostic` next to the
 * hook's run, and for `validate`).
 *
 * @example
 * ```ts
 * describeHeaderProblems("http://h/x", { headers: {}, unresolved: [{ header: "X-Team", name: "TEAM", reason: "not-allowed" }], dropped: [] })
 * // => ['http hook http://h/x: header "X-Team" refers to $TEAM, which is not in allowedEnvVars; it was sent empty. Add "TEAM" to the hook\'s allowedEnvVars (and to httpHookAllowedEnvVars when that is set).']
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const describeHeaderProblems = (url: string, substituted: SubstitutedHeaders): ReadonlyArray<string> => [
  ...substituted.unresolved.map((u) =>
    u.reason === "not-allowed"
      ? `http hook ${redactUrl(url)}: header "${u.header}" refers to $${u.name}, which is not in allowedEnvVars; it was sent empty. ` +
        `Add "${u.name}" to the hook's allowedEnvVars (and to httpHookAllowedEnvVars when that is set).`
      : `http hook ${redactUrl(url)}: header "${u.header}" refers to $${u.name}, which is not set in the environment; it was sent empty. ` +
        `Set ${u.name} where the agent runs, or remove the reference.`
  ),
  ...substituted.dropped.map(
    (header) =>
      `http hook ${redactUrl(url)}: header "${header}" holds a line break or NUL after substitution and was not sent. ` +
      `Remove the line break from the variable's value.`
  )
]

/**
 * The refusal text for a URL outside `allowedHttpHookUrls` (the hook is not
 * called; the run is a failure, so `onFailure: "block"` blocks).
 *
 * @example
 * ```ts
 * urlNotAllowedMessage("https://x.io/h", ["https://hooks.example.com/*"])
 * // => 'its URL https://x.io/h matches no allowedHttpHookUrls pattern ("https://hooks.example.com/*"); add a pattern that matches it to the settings, or change the URL'
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const urlNotAllowedMessage = (url: string, allowedHttpHookUrls: ReadonlyArray<string>): string =>
  allowedHttpHookUrls.length === 0
    ? `its URL ${redactUrl(url)} is not allowed: allowedHttpHookUrls is [] (no http hook may run); add a pattern that matches it to the settings`
    : `its URL ${redactUrl(url)} matches no allowedHttpHookUrls pattern (${allowedHttpHookUrls.map((p) => JSON.stringify(p)).join(", ")}); ` +
      `add a pattern that matches it to the settings, or change the URL`

/**
 * A URL for messages, labels, traces and the audit log: credentials written
 * into it (`https://user:pass@host/`, a password holding `@` included) are
 * replaced by `***`, and so are the values of its query parameters and of a
 * fragment's `name=value` parts (the names stay: `?token=***`). A URL without
 * either comes back as written.
 *
 * @example
 * ```ts
 * redactUrl("https://bot:s3cr@tP4ss@hooks.example.com/pre?token=abc&team=x") // => "https://***@hooks.example.com/pre?token=***&team=***"
 * redactUrl("http://127.0.0.1:9000/pre") // => "http://127.0.0.1:9000/pre"
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const redactUrl = (url: string): string => {
  const parsed = URL.parse(url)
  if (parsed === null) return redactUnparsedUrl(url)
  const credentials = parsed.username !== "" || parsed.password !== ""
  // Nothing to hide in the URL the request is sent to: shown as written.
  if (!credentials && parsed.search === "" && !parsed.hash.includes("=")) return url
  const search = parsed.search
  const hash = parsed.hash
  if (credentials) {
    parsed.username = "***"
    parsed.password = ""
  }
  parsed.search = ""
  parsed.hash = ""
  return (
    parsed.href +
    (search === "" ? "" : `?${maskParameters(search.slice(1))}`) +
    (hash === "" ? "" : `#${maskParameters(hash.slice(1))}`)
  )
}

/**
 * A text (an error message from an HTTP or MCP client, a command, a hook's
 * answer) with every URL in it passed through `redactUrl`: a URL runs from its
 * scheme to white space, a quote, `<`, `>`, a backquote, a backslash or a
 * bracket (its userinfo may hold `@`); punctuation that ends a sentence is
 * not part of it.
 *
 * @example
 * ```ts
 * redactUrlsIn("cannot fetch http://bot:pw@h/x?token=t (refused)") // => "cannot fetch http://***@h/x?token=*** (refused)"
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const redactUrlsIn = (text: string): string =>
  text.replace(/[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>`\\()[\]{}]+/gu, (found) => {
    // Punctuation that ends a sentence is not part of the URL.
    const url = found.replace(/[.,;:!?]+$/u, "")
    return redactUrl(url) + found.slice(url.length)
  })

/** `name=value&...` with each value replaced by `***` (a part without `=` kept: it is a name). */
const maskParameters = (text: string): string =>
  text
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=")
      return eq === -1 || eq === part.length - 1 ? part : `${part.slice(0, eq)}=***`
    })
    .join("&")

/** For text the URL parser refuses: credentials up to the last `@` of the authority, and query values, masked. */
const redactUnparsedUrl = (url: string): string => {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/\\?#]*)([^?#]*)(?:\?([^#]*))?(#.*)?$/su.exec(url)
  if (m === null)
    return url.replace(
      /^([^?#]*)\?([^#]*)/su,
      (_whole, head: string, query: string) => `${head}?${maskParameters(query)}`
    )
  const [, scheme, authority, path, query, hash] = m as unknown as [
    string,
    string,
    string,
    string,
    string | undefined,
    string | undefined
  ]
  const at = authority.lastIndexOf("@")
  return (
    `${scheme}${at === -1 ? authority : `***@${authority.slice(at + 1)}`}${path}` +
    (query === undefined ? "" : `?${maskParameters(query)}`) +
    (hash === undefined ? "" : `#${maskParameters(hash.slice(1))}`)
  )
}

/**
 * The name an `http` hook goes by in runs, traces and default texts (the
 * `command` field of its `HookRun`): `POST <url>`, credentials redacted.
 *
 * @example
 * ```ts
 * httpHookLabel({ url: "http://127.0.0.1:9000/pre" }) // => "POST http://127.0.0.1:9000/pre"
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const httpHookLabel = (hook: Pick<HttpHookConfig, "url">): string => `POST ${redactUrl(hook.url)}`
