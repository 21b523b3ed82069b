/**
 * The pure parts of issue 15's fleet view: which variables configure the
 * exporter, which values are secrets and how they are replaced, the hooks'
 * environment without `OTEL_*`, the `auditLog` setting's scopes and layering,
 * and the audit file's path.
 */
import { assert, describe, it } from "@effect/vitest"
import { layerSettings, validateSettings } from "../../src/index.ts"
import { readFileSettings } from "../../src/settings/file-settings.ts"
import {
  auditLogPathOf,
  hookEnvironment,
  otlpTracesEndpointOf,
  redactDeep,
  redactSecrets,
  secretValuesOf,
  startTelemetryFromEnv
} from "../../src/runner/index.ts"
import type { ConfiguredHook } from "../../src/settings/settings-schema.ts"

describe("otlpTracesEndpointOf", () => {
  it("the traces endpoint as written, else the base endpoint with /v1/traces, else none", () => {
    assert.strictEqual(otlpTracesEndpointOf({}), undefined)
    assert.strictEqual(otlpTracesEndpointOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "" }), undefined)
    assert.strictEqual(
      otlpTracesEndpointOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" }),
      "http://c:4318/v1/traces"
    )
    assert.strictEqual(
      otlpTracesEndpointOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318/otlp/" }),
      "http://c:4318/otlp/v1/traces"
    )
    assert.strictEqual(
      otlpTracesEndpointOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://t:1/x"
      }),
      "http://t:1/x"
    )
  })

  it("OTEL_SDK_DISABLED=true and an OTEL_TRACES_EXPORTER without otlp switch it off", () => {
    const on = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" }
    assert.strictEqual(otlpTracesEndpointOf({ ...on, OTEL_SDK_DISABLED: "true" }), undefined)
    assert.strictEqual(otlpTracesEndpointOf({ ...on, OTEL_SDK_DISABLED: "false" }), "http://c:4318/v1/traces")
    assert.strictEqual(otlpTracesEndpointOf({ ...on, OTEL_TRACES_EXPORTER: "none" }), undefined)
    assert.strictEqual(
      otlpTracesEndpointOf({ ...on, OTEL_TRACES_EXPORTER: "console, otlp" }),
      "http://c:4318/v1/traces"
    )
  })
})

const hookWith = (fields: Partial<ConfiguredHook>): ConfiguredHook => ({
  event: "PreToolUse",
  matcher: undefined,
  parallel: false,
  group: "g",
  command: "true",
  timeoutSeconds: undefined,
  onFailure: "continue",
  env: undefined,
  file: "/s.json",
  scope: "user",
  path: "$.hooks.PreToolUse[0].hooks[0]",
  ...fields
})

describe("startTelemetryFromEnv", () => {
  it("nothing without an endpoint; a bad variable turns export off with a line on stderr, never an error", async () => {
    assert.isUndefined(await startTelemetryFromEnv({}))
    const said: Array<string> = []
    const write = process.stderr.write.bind(process.stderr)
    process.stderr.write = ((chunk: string) => (said.push(String(chunk)), true)) as typeof process.stderr.write
    try {
      assert.isUndefined(await startTelemetryFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "::nope" }))
      assert.isUndefined(
        await startTelemetryFromEnv({
          OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:1",
          OTEL_RESOURCE_ATTRIBUTES: "a=%zz"
        })
      )
    } finally {
      process.stderr.write = write
    }
    assert.strictEqual(said.length, 2)
    for (const line of said)
      assert.match(line, /^wave-hooks: OpenTelemetry export is off \(.+\)\. Check the OTEL_\* variables\.\n$/)
  })
})

describe("secrets", () => {
  it("the values of allowlisted variables (hook env, http allowedEnvVars, httpHookAllowedEnvVars, the model key), 4 characters or more, longest first", () => {
    const hooks = [
      hookWith({ env: ["API_TOKEN", "SHORT", "UNSET"] }),
      hookWith({ command: "POST http://x", handler: { type: "http", url: "http://x", allowedEnvVars: ["HTTP_KEY"] } })
    ]
    const env = {
      API_TOKEN: "tok-123",
      SHORT: "abc",
      HTTP_KEY: "key-abcdefgh",
      GLOBAL: "g-secret",
      OPENAI_API_KEY: "sk-xyz1",
      PATH: "/bin"
    }
    assert.deepStrictEqual(secretValuesOf(hooks, env, ["GLOBAL"]), [
      { name: "HTTP_KEY", value: "key-abcdefgh" },
      { name: "GLOBAL", value: "g-secret" },
      { name: "OPENAI_API_KEY", value: "sk-xyz1" },
      { name: "API_TOKEN", value: "tok-123" }
    ])
  })

  it("are replaced by [redacted NAME] in texts and in every string of a value", () => {
    const secrets = [{ name: "A", value: "s3cret" }]
    assert.strictEqual(redactSecrets("x s3cret y s3cret", secrets), "x [redacted A] y [redacted A]")
    assert.deepStrictEqual(redactDeep({ reason: "s3cret", list: ["a s3cret"], n: 1 }, secrets), {
      reason: "[redacted A]",
      list: ["a [redacted A]"],
      n: 1
    })
  })
})

describe("hookEnvironment", () => {
  it("does not pass OTEL_* to a hook that inherits the environment; a hook that lists one gets it", () => {
    const parent = { PATH: "/bin", OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_SERVICE_NAME: "agent", KEEP: "1" }
    const inherited = hookEnvironment(parent, undefined, "/p", "wave")
    assert.deepStrictEqual(
      Object.keys(inherited).filter((n) => n.startsWith("OTEL_")),
      []
    )
    assert.strictEqual(inherited["KEEP"], "1")
    assert.strictEqual(hookEnvironment(parent, ["OTEL_SERVICE_NAME"], "/p", "wave")["OTEL_SERVICE_NAME"], "agent")
  })
})

describe("the auditLog setting", () => {
  const read = (scope: "user" | "managed" | "project" | "local", value: unknown) => {
    const reports: Array<string> = []
    const found = readFileSettings({ auditLog: value }, scope, (severity, path, problem) =>
      reports.push(`${severity} ${path.join(".")}: ${problem}`)
    )
    return { found, reports }
  }

  it("counts in user and managed files; in a project or local file it is a warning and ignored; a bad value is an error", () => {
    assert.deepStrictEqual(read("user", "~/a.jsonl"), { found: { auditLog: "~/a.jsonl" }, reports: [] })
    assert.deepStrictEqual(read("managed", "/var/log/a.jsonl").found, { auditLog: "/var/log/a.jsonl" })
    for (const scope of ["project", "local"] as const) {
      const { found, reports } = read(scope, "/tmp/a.jsonl")
      assert.deepStrictEqual(found, {})
      assert.strictEqual(reports.length, 1)
      assert.match(
        reports[0]!,
        new RegExp(`^warning auditLog: auditLog counts only in the user's settings .* ignored in a ${scope} file$`)
      )
    }
    assert.match(read("user", 3).reports[0]!, /^error auditLog: expected the path of a file/)
    assert.match(read("user", " ").reports[0]!, /^error auditLog/)
  })

  it("layering: the managed file's wins over the user's; a project's never counts", () => {
    const file = (scope: "managed" | "user" | "project", auditLog: string) =>
      validateSettings(JSON.stringify({ auditLog }), { file: `/${scope}.json`, scope, dialect: "wave" })
    assert.strictEqual(
      layerSettings([file("user", "/u.jsonl"), file("project", "/p.jsonl")], "wave").auditLog,
      "/u.jsonl"
    )
    assert.strictEqual(
      layerSettings([file("managed", "/m.jsonl"), file("user", "/u.jsonl")], "wave").auditLog,
      "/m.jsonl"
    )
    assert.isUndefined(layerSettings([file("project", "/p.jsonl")], "wave").auditLog)
  })

  it("the file: the explicit one, else the setting's; for both, ~/ and relative paths from home, never the working directory", () => {
    const snapshot = (auditLog?: string) => ({
      ...layerSettings([], "wave"),
      ...(auditLog === undefined ? {} : { auditLog })
    })
    assert.strictEqual(auditLogPathOf(undefined, snapshot(), "/home/me"), undefined)
    assert.strictEqual(auditLogPathOf("/x/a.jsonl", snapshot("~/b.jsonl"), "/home/me"), "/x/a.jsonl")
    assert.strictEqual(
      auditLogPathOf(".wave/audit.jsonl", snapshot("~/b.jsonl"), "/home/me"),
      "/home/me/.wave/audit.jsonl"
    )
    assert.strictEqual(auditLogPathOf("~/logs/a.jsonl", snapshot(), "/home/me"), "/home/me/logs/a.jsonl")
    // No home: a relative path stays relative, and appendAuditLine refuses it (it is never taken from the working directory).
    assert.strictEqual(auditLogPathOf("a.jsonl", snapshot(), ""), "a.jsonl")
    assert.strictEqual(auditLogPathOf(undefined, snapshot("~/b.jsonl"), "/home/me"), "/home/me/b.jsonl")
    assert.strictEqual(auditLogPathOf(undefined, snapshot(".wave/c.jsonl"), "/home/me"), "/home/me/.wave/c.jsonl")
    assert.strictEqual(auditLogPathOf(undefined, snapshot("/var/log/d.jsonl"), "/home/me"), "/var/log/d.jsonl")
  })
})
