/**
 * The `http` hook type (issue 13): its settings entry as an
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
  type: Schema.Literal("http").annotate({ description: "POST the event's JSON to a URL and read the response body like stdout." }),
  url: Schema.String.check(Schema.isPattern(/^https?:\/\/\S+$/iu)).annotate({
    description: "An http:// or https:// URL. Redirects are not followed."
  }),
  headers: Schema.optionalKey(
    Schema.Record(Schema.String, Schema.String).annotate({
      description: "Extra request headers. $VAR and ${VAR} in a value are replaced only for names listed in allowedEnvVars."
    })
  ),
  allowedEnvVars: Schema.optionalKey(
    Schema.Array(Schema.String).annotate({
      description: "Environment variables the header values may read (narrowed by the settings-level httpHookAllowedEnvVars)."
    })
  ),
  timeout: Schema.optionalKey(
    Schema.Finite.check(Schema.isGreaterThan(0)).annotate({
      description: "Seconds before the request is aborted (the same default as a command hook)."
    })
  ),
  onFailure: Schema.optionalKey(
    OnFailureSchema.annotate({
      description: "\"block\" makes a non-2xx status, a non-JSON body, a timeout or a connection failure block (fail closed)."
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
      description: "URL patterns (* matches any run of characters) that http hooks may call; absent: any URL; []: none."
    })
  ),
  httpHookAllowedEnvVars: Schema.optionalKey(
    Schema.Array(Schema.String).annotate({
      description: "Environment variables any http hook's headers may read; each hook's allowedEnvVars is narrowed to these."
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
 * Merge the allowlists of the settings files whose hooks run (user settings
 * and trusted project and local files; the caller leaves untrusted files
 * out): a list set in any file is the concatenation of the lists of every
 * file that sets it, as Claude Code merges arrays across sources; a list set
 * in none stays `undefined` (no restriction).
 *
 * @example
 * ```ts
 * mergeHttpHookPolicies([{ allowedHttpHookUrls: ["https://a/*"] }, {}, { allowedHttpHookUrls: ["http://localhost:*"] }])
 * // => { allowedHttpHookUrls: ["https://a/*", "http://localhost:*"] }
 * ```
 *
 * @category settings
 * @since 0.2.0
 */
export const mergeHttpHookPolicies = (policies: ReadonlyArray<HttpHookPolicy>): HttpHookPolicy => {
  let urls: Array<string> | undefined
  let vars: Array<string> | undefined
  for (const p of policies) {
    if (p.allowedHttpHookUrls !== undefined) urls = [...(urls ?? []), ...p.allowedHttpHookUrls]
    if (p.httpHookAllowedEnvVars !== undefined) vars = [...(vars ?? []), ...p.httpHookAllowedEnvVars]
  }
  return { ...(urls === undefined ? {} : { allowedHttpHookUrls: urls }), ...(vars === undefined ? {} : { httpHookAllowedEnvVars: vars }) }
}

// ====== URL allowlist ======

/**
 * Whether `url` matches one `allowedHttpHookUrls` pattern: the whole URL, as
 * written in the hook, against the pattern, where `*` matches any run of
 * characters (none included) and every other character matches itself
 * (case-sensitive). `https://hooks.example.com/*` allows every path on that
 * host and scheme; `http://localhost:*` every port and path of localhost.
 *
 * @example
 * ```ts
 * urlMatchesPattern("https://hooks.example.com/pre", "https://hooks.example.com/*") // => true
 * urlMatchesPattern("https://hooks.example.com.evil.io/", "https://hooks.example.com/*") // => false
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const urlMatchesPattern = (url: string, pattern: string): boolean => {
  // Glob match with backtracking only to the last star: linear-ish, no regex built from user text.
  let u = 0
  let p = 0
  let star = -1
  let mark = 0
  while (u < url.length) {
    if (p < pattern.length && pattern[p] === "*") {
      star = p++
      mark = u
    } else if (p < pattern.length && pattern[p] === url[u]) {
      p++
      u++
    } else if (star !== -1) {
      p = star + 1
      u = ++mark
    } else {
      return false
    }
  }
  while (p < pattern.length && pattern[p] === "*") p++
  return p === pattern.length
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
 * urlAllowed("https://example.com/", []) // => false
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const urlAllowed = (url: string, allowedHttpHookUrls: ReadonlyArray<string> | undefined): boolean =>
  allowedHttpHookUrls === undefined || allowedHttpHookUrls.some((pattern) => urlMatchesPattern(url, pattern))

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
export interface UnresolvedHeaderVar {
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
  ...substituted.dropped.map((header) =>
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
 * A URL for messages: credentials written into it (`https://user:pass@host/`)
 * are replaced by `***`, so a refused connection does not print them.
 *
 * @example
 * ```ts
 * redactUrl("https://bot:s3cret@hooks.example.com/pre") // => "https://***@hooks.example.com/pre"
 * ```
 *
 * @category http
 * @since 0.2.0
 */
export const redactUrl = (url: string): string => url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#@]*@/u, "$1***@")

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
