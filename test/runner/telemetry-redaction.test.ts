/**
 * What audit lines and spans carry of a secret (security review findings 15
 * and 16, issue 20): values of allowlisted variables are replaced before any
 * text is cut, so no part of a secret survives the 4 KiB cut, and the
 * credentials of every URL in a command, a label or a hook's answer are
 * hidden by `redactUrl` (userinfo; query values as `redactUrl` masks them).
 * The result the lines are made from comes from a real run.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { BlockTool, ShowUser, UpdateInput } from "../../src/effects/hook-effect.ts"
import {
  auditLineOf,
  decisionAttributes,
  hookSpanAttributes,
  redactUrlsIn,
  type RunHooksResult
} from "../../src/runner/index.ts"
import { redactUrl } from "../../src/settings/http-hook-config.ts"
import type { SettingsSnapshot } from "../../src/settings/plan.ts"
import { group, hook, makeProject, removeTempProjects, settings } from "../helpers/project.ts"

afterAll(removeTempProjects)

let base: RunHooksResult
let snapshot: SettingsSnapshot

beforeAll(async () => {
  const p = makeProject()
  p.writeSettings("user", settings({ PreToolUse: [group([hook("exit 0", { env: ["API_TOKEN"] })])] }))
  base = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
  snapshot = await p.load()
  assert.strictEqual(base.runs.length, 1)
})

/** The result of the real run with `text` in its hook's command and in every kind of effect text. */
const resultHolding = (text: string): RunHooksResult => ({
  ...base,
  runs: base.runs.map((r) => ({ ...r, hook: { ...r.hook, command: text } })),
  effects: [
    BlockTool({ reason: text }),
    UpdateInput({ input: { command: text, nested: [{ [text]: text }] } }),
    ShowUser({ level: "warning", text })
  ]
})

const lineOf = (text: string, secrets: ReadonlyArray<{ readonly name: string; readonly value: string }>): string =>
  JSON.stringify(
    auditLineOf({
      result: resultHolding(text),
      snapshot,
      session: text,
      payload: { tool_name: text },
      projectDir: "/p",
      secrets
    })
  )

/** Secrets of upper-case letters and digits: nothing else in a line has 8 of them in a row (times and ids are broken by `-`, `:`). */
const secretArb = fc.string({
  unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
  minLength: 8,
  maxLength: 80
})
/** Where the secret starts: anywhere, and often right across the 4 KiB cut. */
const offsetArb = fc.oneof(fc.integer({ min: 0, max: 6000 }), fc.integer({ min: 4096 - 80, max: 4096 + 2 }))
const filler = (n: number): string => "ab cd ".repeat(Math.ceil(n / 6)).slice(0, n)

describe("audit lines: redaction before the cut (finding 15)", () => {
  it("for any secret and any place in any text, no 8 characters of the secret in a row reach the line", () => {
    fc.assert(
      fc.property(secretArb, offsetArb, fc.integer({ min: 0, max: 6000 }), (secret, offset, after) => {
        const line = lineOf(`${filler(offset)}${secret}${filler(after)}`, [{ name: "API_TOKEN", value: secret }])
        for (let i = 0; i + 8 <= secret.length; i++) {
          if (line.includes(secret.slice(i, i + 8)))
            throw new Error(`${JSON.stringify(secret.slice(i, i + 8))} of the secret is in the line (offset ${offset})`)
        }
        return line.includes("[redacted API_TOKEN]")
      }),
      { numRuns: 300 }
    )
  })

  it("the report's case: a secret that starts 7 characters before the cut is replaced whole, and the text is still cut", () => {
    const secret = "ghp_0123456789abcdefghijklmnopqrstuvwxyzABCD"
    const reason = `denied; token was ${secret}, full echo: ${" ".repeat(4096 - 7 - 18 - secret.length - 13)}${secret}`
    assert.strictEqual(reason.indexOf(secret, 20), 4089)
    const line = JSON.parse(lineOf(reason, [{ name: "API_TOKEN", value: secret }])) as {
      effects: ReadonlyArray<{ reason?: string }>
    }
    const written = line.effects[0]!.reason!
    assert.notInclude(written, "ghp_0123")
    assert.match(written, /^denied; token was \[redacted API_TOKEN\], full echo: +\[redacted API_TOKEN\]$/)
    // A text still over 4 KiB after redaction is cut.
    const long = JSON.parse(lineOf(`${secret}${"x".repeat(5000)}`, [{ name: "API_TOKEN", value: secret }])) as {
      effects: ReadonlyArray<{ reason?: string }>
    }
    assert.match(long.effects[0]!.reason!, /^\[redacted API_TOKEN\]x+\.\.\. \[\d+ characters cut\]$/)
  })
})

describe("URL credentials in audit lines and spans (finding 16's other half)", () => {
  const credentialUrls = fc.record({
    user: fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 1, maxLength: 12 }),
    password: fc.string({
      unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
      minLength: 8,
      maxLength: 30
    }),
    before: fc.constantFrom("curl ", "see ", "git clone ", '"', "(", "url="),
    after: fc.constantFrom("", " | sh", '" done', ")", " && echo ok")
  })

  it("for any URL with a password written anywhere in a text, the line holds the URL as redactUrl writes it and not the password", () => {
    fc.assert(
      fc.property(credentialUrls, offsetArb, ({ after, before, password, user }, offset) => {
        const url = `https://${user}:${password}@hooks.example.com/v1/check`
        const line = lineOf(`${filler(offset)}${before}${url}${after}`, [])
        return !line.includes(password) && line.includes(redactUrl(url))
      }),
      { numRuns: 300 }
    )
  })

  it("a command, a label and a hook's answer: passwords (also with @ in them) and query strings go through redactUrl in the line and in span attributes", () => {
    const urls = [
      "https://bot:s3cretpass@api.example.com/x",
      "http://bot:s3cr@tP4ss@127.0.0.1:18080/x?token=querysecret",
      "https://api.example.com/hook?token=querysecret&team=a",
      "https://api.example.com/cb#access_token=fragsecret"
    ]
    for (const url of urls) {
      const text = `curl -s '${url}' && echo done`
      const line = lineOf(text, [])
      const expected = `curl -s '${redactUrl(url)}' && echo done`
      assert.strictEqual(redactUrlsIn(text), expected)
      const parsed = JSON.parse(line) as {
        hooks: ReadonlyArray<{ command: string }>
        effects: ReadonlyArray<{ reason?: string }>
      }
      assert.strictEqual(parsed.hooks[0]!.command, expected)
      assert.strictEqual(parsed.effects[0]!.reason, expected)
      const hook = { ...base.runs[0]!.hook, command: text }
      assert.strictEqual(hookSpanAttributes(hook, [])["wave_hooks.hook.command"], expected)
      assert.deepStrictEqual(
        decisionAttributes(
          [{ effect: BlockTool({ reason: "x" }), id: "json.block", rule: "r", source: { hook: text, index: 0 } }],
          () => hook,
          []
        )["wave_hooks.decision.hooks"],
        [expected]
      )
    }
    // A simple password is gone whatever redactUrl does with the rest.
    assert.notInclude(lineOf("curl https://bot:s3cretpass@api.example.com/x", []), "s3cretpass")
    // URLs without credentials or a query stay as written.
    assert.strictEqual(
      redactUrlsIn("see https://example.com/a/b and http://127.0.0.1:9/"),
      "see https://example.com/a/b and http://127.0.0.1:9/"
    )
  })
})
