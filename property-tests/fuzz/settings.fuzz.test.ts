/**
 * Fuzzing settings validation (issue 5): whatever a settings file holds,
 * validation never throws, never drops a whole file for one bad entry, and
 * every hook entry either runs or is covered by an error naming its path.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { hookEvents, validateSettings } from "../../src/index.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import { jsonPath } from "../../src/core/read-output.ts"
import { hostileStringArb, jsonTextArb, prototypeKeys, smallHostileStringArb } from "../arbitraries/hostile.ts"
import { fuzzRuns, fuzzTimeoutMs } from "./fuzz-runs.ts"
import { dialectArb } from "../arbitraries/policies.ts"

/** A value that is sometimes right for a field and often wrong. */
const mostly = <A>(good: fc.Arbitrary<A>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: jsonTextArb.map((t) => JSON.parse(t) as unknown) })

const hookArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        // Every handler type (issue 13), misspellings, and each type's fields on any type.
        type: mostly(fc.constantFrom("command", "comand", "prompt", "agent", "http", "htpp", "mcp_tool")),
        command: mostly(fc.oneof(fc.constantFrom("true", "./x.sh", "", "   "), hostileStringArb)), // one 10 MiB command now and then
        url: mostly(
          fc.oneof(fc.constantFrom("http://127.0.0.1:9/x", "https://h/p", "ftp://x", ""), smallHostileStringArb)
        ),
        headers: mostly(
          fc.dictionary(
            fc.constantFrom("Authorization", "X-A", "__proto__"),
            fc.constantFrom("Bearer $TOKEN", "${A}", "plain", "${")
          )
        ),
        allowedEnvVars: mostly(fc.array(fc.constantFrom("TOKEN", "$A", "1X"), { maxLength: 3 })),
        server: mostly(fc.constantFrom("guard", "", " ")),
        tool: mostly(fc.constantFrom("check", "")),
        input: mostly(
          fc.dictionary(fc.constantFrom("path", "x"), fc.constantFrom("${tool_input.file_path}", "${", "v"))
        ),
        prompt: mostly(fc.oneof(fc.constantFrom("Safe? $ARGUMENTS", "", " "), smallHostileStringArb)),
        model: mostly(fc.constantFrom("llama3.2", "")),
        continueOnBlock: mostly(fc.boolean()),
        timeout: mostly(fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.double())),
        onFailure: mostly(fc.constantFrom("continue", "block", "explode")),
        env: mostly(fc.array(fc.constantFrom("CI", "API_TOKEN", "1BAD", ""), { maxLength: 3 })),
        [prototypeKeys[1]]: fc.constant("x")
      },
      { requiredKeys: [] }
    )
  },
  { weight: 1, arbitrary: jsonTextArb.map((t) => JSON.parse(t) as unknown) }
)

const groupArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        matcher: mostly(fc.constantFrom("*", "", "Bash", "Edit|Write", "mcp__.*", "(", "[a-", "Edit.*")),
        parallel: mostly(fc.boolean()),
        hooks: mostly(fc.array(hookArb, { maxLength: 4 }))
      },
      { requiredKeys: [] }
    )
  },
  { weight: 1, arbitrary: jsonTextArb.map((t) => JSON.parse(t) as unknown) }
)

const eventKeyArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...hookEvents) },
  { weight: 1, arbitrary: fc.constantFrom("PreTooluse", "stop", "Prompt", ...prototypeKeys) },
  { weight: 1, arbitrary: smallHostileStringArb }
)

/** The JSON text of a settings file: mostly the right shape, with hostile parts. */
const settingsTextArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record(
        {
          hooks: mostly(
            fc.uniqueArray(fc.tuple(eventKeyArb, mostly(fc.array(groupArb, { maxLength: 3 }))), {
              maxLength: 4,
              selector: ([k]) => k
            })
          ),
          disableAllHooks: mostly(fc.boolean()),
          // The file-wide keys of issue 13.
          allowedHttpHookUrls: mostly(fc.array(fc.constantFrom("http://127.0.0.1:*", "*", ""), { maxLength: 2 })),
          httpHookAllowedEnvVars: mostly(fc.array(fc.constantFrom("TOKEN", "$X", ""), { maxLength: 2 })),
          mcpServers: mostly(
            fc.dictionary(
              fc.constantFrom("guard", "web", "__proto__", ""),
              mostly(
                fc.record(
                  {
                    type: mostly(fc.constantFrom("stdio", "http", "sse")),
                    command: mostly(fc.constantFrom("node", "", " ")),
                    args: mostly(fc.array(fc.constantFrom("a.js", "--x"), { maxLength: 2 })),
                    url: mostly(fc.constantFrom("http://127.0.0.1:3000/mcp", "nope")),
                    env: mostly(fc.dictionary(fc.constantFrom("A", "B"), fc.constantFrom("1", "2")))
                  },
                  { requiredKeys: [] }
                )
              )
            )
          )
        },
        { requiredKeys: [] }
      )
      .map((s) => {
        const hooks =
          Array.isArray(s.hooks) && s.hooks.every((e) => Array.isArray(e) && e.length === 2)
            ? `{${(s.hooks as Array<[string, unknown]>).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}`).join(",")}}`
            : (JSON.stringify(s.hooks) ?? "null")
        const members = Object.entries(s).map(
          ([key, value]) => `${JSON.stringify(key)}:${key === "hooks" ? hooks : (JSON.stringify(value) ?? "null")}`
        )
        return `{${members.join(",")}}`
      })
  },
  { weight: 1, arbitrary: jsonTextArb },
  { weight: 1, arbitrary: smallHostileStringArb }
)

const within = (inner: string, outer: string): boolean =>
  inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`)

/**
 * Whether an error's path covers an entry: the entry itself or one of its
 * fields, the event or group holding it, or a field of that group (such as an
 * invalid matcher) other than its other entries.
 */
const covers = (diagnosticPath: string, entryPath: string): boolean => {
  if (within(entryPath, diagnosticPath) || within(diagnosticPath, entryPath)) return true
  const groupPath = entryPath.replace(/\.hooks\[\d+\]$/, "")
  return within(diagnosticPath, groupPath) && !within(diagnosticPath, `${groupPath}.hooks`)
}

describe(`fuzz: settings validation (${fuzzRuns} cases)`, () => {
  it(
    "never throws, and every hook entry runs or is covered by an error (or an unknown-event or skipped-group warning) naming its path; a hooks file switched off runs none",
    () => {
      fc.assert(
        fc.property(settingsTextArb, dialectArb, (text, dialect) => {
          const result = validateSettings(text, { file: "settings.json", scope: "project", dialect })
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {
            assert.isFalse(result.readable)
            assert.strictEqual(result.diagnostics.length, 1)
            assert.strictEqual(result.diagnostics[0]!.severity, "error")
            return
          }
          // A file rejected as a whole (a hooks file with another top-level key: Codex CLI's hooks.json) runs
          // nothing, and says why in an error.
          if (!result.readable) {
            assert.deepStrictEqual(result.hooks, [], "a rejected file runs hooks")
            assert.isTrue(
              result.diagnostics.some((d) => d.severity === "error"),
              "a file rejected without an error"
            )
            return
          }
          // A hooks file that switches itself off (`hooksFileSwitch`: Copilot's `disableAllHooks: true` in a hooks
          // file, ARCHITECTURE 5.3.4) runs none of its hooks, as its author asked.
          const row = dialectRules[dialect].settingsFiles[0]
          if (
            dialectRules[dialect].hooksFileSwitch &&
            row?.keys === "flat-hooks-file" &&
            (json as { disableAllHooks?: unknown } | null)?.disableAllHooks === true
          ) {
            assert.deepStrictEqual(result.hooks, [], "a hooks file switched off runs hooks")
            return
          }
          // An event with no close known name is a warning (said once, never on other events' runs): it covers its entries
          // too, as does a warning that says the group was skipped (`skipped`: a matcher Codex CLI or Copilot cannot
          // compile skips its group, as the agent does).
          const errors = result.diagnostics
            .filter((d) => d.severity === "error" || d.problem.startsWith("unknown event ") || d.skipped === true)
            .map((d) => d.path)
          const accepted = new Set(result.hooks.map((h) => h.path))
          const entries: Array<string> = []
          const hooks = (json as { hooks?: unknown } | null)?.hooks
          if (hooks !== null && typeof hooks === "object" && !Array.isArray(hooks)) {
            for (const [event, groups] of Object.entries(hooks)) {
              if (!Array.isArray(groups)) continue
              groups.forEach((group: unknown, g) => {
                const list =
                  group !== null && typeof group === "object" ? (group as { hooks?: unknown }).hooks : undefined
                if (Array.isArray(list))
                  for (let h = 0; h < list.length; h++) entries.push(jsonPath(["hooks", event, g, "hooks", h]))
              })
            }
          }
          for (const entry of entries) {
            assert.isTrue(
              accepted.has(entry) || errors.some((p) => covers(p, entry)),
              `${entry} neither runs nor is covered by an error`
            )
          }
          for (const hook of result.hooks)
            assert.isTrue(entries.includes(hook.path), `${hook.path} runs but is not an entry`)
        }),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )
})
