/**
 * Fuzzing the settings checks of issue 11: hostile values for the top-level
 * keys (`askTimeoutSeconds`, misspelt keys such as `hoks`) and matcher
 * patterns hostile for a regex engine. Validation never throws, every rejected
 * matcher has an error naming its JSON path, and every accepted pattern
 * matches any name up to 10,000 characters within a time bound.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { Result } from "effect"
import { compileMatcher, hookEvents, matches, validateSettings } from "../../src/index.ts"
import { matcherFieldOf } from "../../src/core/events.ts"
import { jsonPath } from "../../src/core/read-output.ts"
import { jsonTextArb, prototypeKeys, smallHostileStringArb } from "../arbitraries/hostile.ts"
import { hostileNameArb, hostileRegexArb } from "../arbitraries/hostile-regex.ts"
import { fuzzRuns, fuzzTimeoutMs } from "./fuzz-runs.ts"
import { dialectArb } from "../arbitraries/policies.ts"
import type { Dialect } from "../../src/core/dialect.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import { agentEventOf } from "../../src/core/dialect-events.ts"

/**
 * The dialect's settings file holds wave-hooks' own top-level keys (`keys: "settings"`, as its user file does, which
 * `validateSettings` defaults to); an agent's own file (`agent-settings`, Gemini CLI's) is read for its hooks only,
 * and its other keys are neither read nor reported; a flat hooks file (`flat-hooks-file`, Cursor's) reads `version`
 * and `hooks`, and reports any other key as a warning.
 */
const readsOwnKeys = (dialect: Dialect): boolean => fileKeysOf(dialect) === "settings"

/**
 * What the top-level keys of the dialect's user settings file are (`validateSettings` defaults to them): in a hooks
 * file (`hooks-file`, Codex CLI's hooks.json) any key but `hooks` and `description` is an error that rejects the
 * whole file.
 */
const fileKeysOf = (dialect: Dialect) => dialectRules[dialect].settingsFiles.find((row) => row.scope === "user")?.keys

/**
 * The bound on one `matches` or `compileMatcher` call. The engine is linear
 * (name length x program size, the program capped at 2,000 states), so the
 * worst case is about 2 x 10^7 steps: measured on an idle 2-core machine,
 * `(.*a){190}` (wave) on 10,000 "a" takes about 60 ms (`(a{100}){99}` and
 * `(.*a){1000}`, which took 550 and 330 ms under the earlier 10,000-state cap,
 * are now refused by validation). The fuzz has since found programs near the
 * cap that take about 650 ms a call on a loaded CI machine (a 9,140-character
 * name against 30 repeated alternations). The bound is there to catch
 * backtracking, whose cost is exponential (minutes, or never), not to time
 * the engine: 3 s a call leaves room for a machine whose both cores are busy.
 */
const callBoundMs = 3000

const anyJson: fc.Arbitrary<unknown> = jsonTextArb.map((t) => JSON.parse(t) as unknown)

const topLevelValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(120, 1, 0, -1, 0.5, 1e308, 1e-300, Number.MAX_SAFE_INTEGER, "120", null, true, [], {}),
  fc.double(),
  anyJson
)

const misspeltKeyArb = fc.oneof(
  fc.constantFrom(
    "hoks",
    "Hooks",
    "hook",
    "askTimeout",
    "askTimeoutSecond",
    "disableAllHook",
    "$schema",
    "$Schema",
    ...prototypeKeys
  ),
  smallHostileStringArb
)

const toolEvents = hookEvents.filter((e) => matcherFieldOf[e] !== undefined)
const eventArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...toolEvents) },
  { weight: 1, arbitrary: fc.constantFrom(...hookEvents) }
)

/** A settings object: hooks with hostile matchers, hostile top-level values and misspelt keys. */
const settingsArb = fc.record({
  groups: fc.array(fc.tuple(eventArb, fc.array(hostileRegexArb, { minLength: 1, maxLength: 3 })), { maxLength: 3 }),
  askTimeoutSeconds: fc.option(topLevelValueArb, { nil: undefined }),
  extra: fc.array(fc.tuple(misspeltKeyArb, topLevelValueArb), { maxLength: 3 })
})

describe(`fuzz: settings checks (${fuzzRuns} cases per target)`, () => {
  it(
    "validateSettings never throws, and every rejected matcher has an error naming its JSON path",
    () => {
      fc.assert(
        fc.property(settingsArb, dialectArb, ({ askTimeoutSeconds, extra, groups }, dialect) => {
          const hooks: Record<string, Array<unknown>> = {}
          const matcherPaths: Array<{ path: string; pattern: string; event: string }> = []
          // A flat hooks file (Cursor's hooks.json, 5.3.3) holds one entry per hook, with its own matcher.
          const flat = fileKeysOf(dialect) === "flat-hooks-file"
          for (const [internal, patterns] of groups) {
            // The dialect's name of the event (Gemini CLI's BeforeTool, ...), where it has one.
            const event = agentEventOf(dialect, internal)?.name ?? internal
            const list = (hooks[event] ??= [])
            for (const pattern of patterns) {
              matcherPaths.push({ path: jsonPath(["hooks", event, list.length, "matcher"]), pattern, event: internal })
              list.push(
                flat
                  ? { matcher: pattern, command: "./x.sh" }
                  : { matcher: pattern, hooks: [{ type: "command", command: "./x.sh" }] }
              )
            }
          }
          const entries: Array<string> = [...(flat ? ['"version":1'] : []), `"hooks":${JSON.stringify(hooks)}`]
          if (askTimeoutSeconds !== undefined)
            entries.push(`"askTimeoutSeconds":${JSON.stringify(askTimeoutSeconds) ?? "null"}`)
          for (const [key, value] of extra) entries.push(`${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`)
          const text = `{${entries.join(",")}}`
          const result = validateSettings(text, { file: "settings.json", scope: "project", dialect })
          const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => d.path)
          if (!result.readable) {
            // Rejected as a whole (a hooks file with another key): nothing runs, an error names each key it refuses.
            assert.isTrue(fileKeysOf(dialect) === "hooks-file" || errors.length > 0, "a file rejected without an error")
            assert.deepStrictEqual(result.hooks, [])
            for (const [key] of extra)
              if (key !== "hooks" && key !== "description" && key !== "$schema")
                assert.include(errors, jsonPath([key]), `no error for the key ${key} of a hooks file`)
            if (askTimeoutSeconds !== undefined) assert.include(errors, jsonPath(["askTimeoutSeconds"]))
            return
          }
          // Where an invalid matcher skips its group with a warning (`invalidMatcher: "skips-group"`, Codex CLI),
          // the warning names the matcher's path; elsewhere an error does.
          const matcherReports =
            dialectRules[dialect].invalidMatcher === "skips-group" ? result.diagnostics.map((d) => d.path) : errors
          for (const { event, path, pattern } of matcherPaths) {
            if (matcherFieldOf[event as keyof typeof matcherFieldOf] === undefined) continue
            const agentEvent = agentEventOf(dialect, event as keyof typeof matcherFieldOf)
            // An event the dialect does not have (its hooks are skipped), whose matcher it ignores or reads as an
            // exact value (Gemini CLI's triggers); or a dialect where an invalid regular expression is an exact name.
            if (
              agentEvent === undefined ||
              agentEvent.matcherField === undefined ||
              agentEvent.matcherKind === "exact" ||
              dialectRules[dialect].invalidMatcher === "exact-name"
            )
              continue
            const compiled = compileMatcher(pattern, dialect)
            if (Result.isFailure(compiled)) {
              // JSON.parse may see a duplicate key for one event: only the last list counts.
              const groupPath = path.replace(/\.matcher$/, "")
              // A flat entry is its hook (its path the entry's); a group's hooks are under it.
              const ran = result.hooks.some((h) => h.path === groupPath || h.path.startsWith(`${groupPath}.`))
              assert.isFalse(ran, `${groupPath} runs with a rejected matcher`)
              // An extra key may replace "hooks" (the last duplicate wins) with any value.
              const parsedHooks: unknown = (JSON.parse(text) as { hooks?: unknown }).hooks
              const list: unknown =
                typeof parsedHooks === "object" && parsedHooks !== null && Object.hasOwn(parsedHooks, agentEvent.name)
                  ? (parsedHooks as Record<string, unknown>)[agentEvent.name]
                  : undefined
              if (Array.isArray(list) && list.length > Number(/\[(\d+)\]\.matcher$/.exec(path)![1])) {
                assert.isTrue(
                  matcherReports.includes(path),
                  `no error for the rejected matcher at ${path}: ${JSON.stringify(pattern).slice(0, 200)}`
                )
              }
            }
          }
          if (fileKeysOf(dialect) === "flat-hooks-file") {
            // Not read; a flat hooks file holds "version" and "hooks", and any other key is a warning (5.3.3).
            assert.isUndefined(result.askTimeoutSeconds)
            if (askTimeoutSeconds !== undefined)
              assert.isTrue(
                result.diagnostics.some((d) => d.severity === "warning" && d.path === jsonPath(["askTimeoutSeconds"])),
                "no warning for askTimeoutSeconds in a flat hooks file"
              )
          } else if (!readsOwnKeys(dialect)) {
            // Not read, not reported.
            assert.isUndefined(result.askTimeoutSeconds)
            assert.isFalse(
              result.diagnostics.some((d) => d.path === jsonPath(["askTimeoutSeconds"])),
              "askTimeoutSeconds reported in an agent's own settings file"
            )
          } else if (
            typeof askTimeoutSeconds === "number" &&
            Number.isFinite(askTimeoutSeconds) &&
            askTimeoutSeconds > 0
          ) {
            assert.strictEqual(result.askTimeoutSeconds, askTimeoutSeconds)
          } else if (askTimeoutSeconds !== undefined && !extra.some(([k]) => k === "askTimeoutSeconds")) {
            assert.isUndefined(result.askTimeoutSeconds)
            assert.isTrue(
              errors.includes(jsonPath(["askTimeoutSeconds"])) ||
                result.diagnostics.some((d) => d.path === jsonPath(["askTimeoutSeconds"]))
            )
          }
        }),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )

  it(
    `compileMatcher and matches on any accepted pattern and any name up to 10,000 characters return within ${callBoundMs} ms`,
    () => {
      fc.assert(
        fc.property(hostileRegexArb, hostileNameArb, dialectArb, (pattern, name, dialect) => {
          let start = performance.now()
          const compiled = compileMatcher(pattern, dialect)
          const compileMs = performance.now() - start
          assert.isBelow(
            compileMs,
            callBoundMs,
            `compileMatcher(${JSON.stringify(pattern).slice(0, 200)}) took ${compileMs} ms`
          )
          if (Result.isFailure(compiled)) {
            assert.isFalse(matches(pattern, name, dialect))
            return
          }
          start = performance.now()
          const direct = compiled.success(name)
          const viaMatches = matches(pattern, name, dialect)
          const ms = performance.now() - start
          assert.isBelow(
            ms,
            2 * callBoundMs,
            `matching ${JSON.stringify(pattern).slice(0, 200)} on a ${name.length}-character name took ${ms} ms (two calls)`
          )
          assert.strictEqual(direct, viaMatches)
        }),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )
})
