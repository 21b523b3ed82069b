/**
 * Fuzzing the decision core (issue 5): `parseStdout`, `decide` and `combine`
 * over hostile input. Nothing throws, and every rejected input yields a
 * Diagnostic.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { DecideOptions, HookEffect, HookEvent } from "../../src/index.ts"
import { combine, decide, hookEvents, hookRun, parseStdout } from "../../src/index.ts"
import { commonOutputFields, hookSpecificFieldSchemas } from "../../src/core/output.ts"
import { jsonPath } from "../../src/core/read-output.ts"
import { effectListsArb } from "../arbitraries/effects.ts"
import { exoticExitCodeArb } from "../arbitraries/exit-codes.ts"
import { deepJsonTextArb, hostileStringArb, jsonTextArb, prototypeKeys } from "../arbitraries/hostile.ts"
import { fuzzRuns, fuzzTimeoutMs } from "./fuzz-runs.ts"
import { dialectArb } from "../arbitraries/policies.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import { codexEvents } from "../support/codex-wire-table.ts"
import { copilotObservesIn, withoutProgressLines } from "../support/copilot-answer-table.ts"
import { observesIn as cursorObservesIn } from "../support/cursor-answer-table.ts"

/** Whether the run's agent event only observes (Cursor's afterShellExecution, Copilot's sessionEnd, ...). */
const observesIn = (event: HookEvent, policy: DecideOptions): boolean =>
  cursorObservesIn(event, policy) || copilotObservesIn(event, policy)

const eventArb: fc.Arbitrary<HookEvent> = fc.constantFrom(...hookEvents)

/** Stdout of every shape: text, JSON (possibly hostile), deep JSON, noise before JSON, BOMs. */
const stdoutArb: fc.Arbitrary<string> = fc.oneof(
  hostileStringArb,
  jsonTextArb,
  deepJsonTextArb,
  fc.tuple(hostileStringArb, jsonTextArb).map(([noise, json]) => `${noise}\n${json}`),
  jsonTextArb.map((json) => `\uFEFF  ${json}\n`)
)

const knownTopLevel = new Set<string>([
  ...Object.keys(commonOutputFields),
  "decision",
  "reason",
  "hookSpecificOutput",
  ...Object.keys(hookSpecificFieldSchemas)
])

/** A hook answer object as text: known and unknown keys (prototype keys too) with hostile values. */
const answerArb: fc.Arbitrary<{ readonly text: string; readonly keys: ReadonlyArray<string> }> = fc
  .uniqueArray(fc.tuple(fc.oneof(fc.constantFrom(...knownTopLevel, ...prototypeKeys), hostileStringArb), jsonTextArb), {
    maxLength: 6,
    selector: ([key]) => key
  })
  .map((entries) => ({
    text: `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`,
    keys: entries.map(([k]) => k)
  }))

const diagnostics = (effects: ReadonlyArray<HookEffect>) => effects.flatMap((e) => (e._tag === "Diagnostic" ? [e] : []))

describe(`fuzz: decision core (${fuzzRuns} cases per target)`, () => {
  it(
    "parseStdout never throws and classifies every text",
    () => {
      fc.assert(
        fc.property(stdoutArb, dialectArb, (stdout, dialect) => {
          const parsed = parseStdout(stdout, dialect)
          assert.oneOf(parsed._tag, ["Plain", "Json", "Malformed"])
        }),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )

  it(
    "decide never throws, and malformed JSON always yields a malformed-json Diagnostic (none where the text decides; an event that only observes decides nothing)",
    () => {
      fc.assert(
        fc.property(
          eventArb,
          stdoutArb,
          hostileStringArb,
          exoticExitCodeArb,
          dialectArb,
          fc.constantFrom("continue", "block" as const),
          (event, stdout, stderr, exitCode, dialect, onFailure) => {
            const effects = decide(event, hookRun({ exitCode, stdout, stderr, command: stderr.slice(0, 20) }), {
              dialect,
              onFailure
            })
            if (observesIn(event, { dialect, onFailure })) {
              // A Cursor or Copilot event that only observes (5.3.3, 5.3.4) reads no answer: its stdout decides nothing, malformed or
              // not (cursor-vocabulary.laws: only Diagnostics, and a failed run's ShowUser).
              for (const effect of effects) assert.oneOf(effect._tag, ["Diagnostic", "ShowUser"])
            } else if (dialectRules[dialect].exitCodeRows === "text-decides") {
              // Where the text decides (Gemini CLI) there is no malformed JSON: text that is not a JSON object is text.
              assert.isFalse(diagnostics(effects).some((d) => d.code === "malformed-json"))
            } else if (dialectRules[dialect].jsonOnlyOnExit0 && exitCode !== 0) {
              // Where stdout is read only on exit 0 (Codex CLI), another exit ignores it: nothing is malformed.
              assert.isFalse(diagnostics(effects).some((d) => d.code === "malformed-json"))
            } else if (dialectRules[dialect].strictWire) {
              // Codex CLI: stdout that starts like JSON and is not one object fails the run (an invalid-field
              // Diagnostic); anything else that is not JSON is plain text. Never malformed-json.
              assert.isFalse(diagnostics(effects).some((d) => d.code === "malformed-json"))
              const start = stdout.trimStart()
              if ((start.startsWith("{") || start.startsWith("[")) && parseStdout(stdout, dialect)._tag !== "Json")
                assert.isTrue(diagnostics(effects).some((d) => d.code === "invalid-field"))
            } else if (dialectRules[dialect].stdoutReading === "copilot") {
              // Copilot (5.3.4): progress lines removed, the rest is one JSON object or no answer; one that starts like
              // JSON and is not one object is reported. (A JSON answer after a log line is dropped without a word: the
              // it.fails law "a JSON answer after a log line is reported" of copilot-vocabulary.laws.test.ts.)
              const rest = withoutProgressLines(stdout)
              if ((rest.startsWith("{") || rest.startsWith("[")) && parseStdout(rest, dialect)._tag !== "Json")
                assert.isTrue(diagnostics(effects).some((d) => d.code === "malformed-json"))
            } else if (parseStdout(stdout, dialect)._tag === "Malformed") {
              assert.isTrue(diagnostics(effects).some((d) => d.code === "malformed-json"))
            }
          }
        ),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )

  it(
    "decide reports every top-level key it does not know, and every common field of the wrong type, with its JSON path",
    () => {
      fc.assert(
        fc.property(eventArb, answerArb, dialectArb, (event, answer, dialect) => {
          let parsed: unknown
          try {
            parsed = JSON.parse(answer.text)
          } catch {
            return // not JSON at all: covered by the malformed property
          }
          const effects = decide(event, hookRun({ exitCode: 0, stdout: answer.text }), {
            dialect,
            onFailure: "continue"
          })
          const messages = diagnostics(effects).map((d) => d.message)
          // A Cursor or Copilot event that only observes discards the whole answer with one Diagnostic naming every key (5.3.3):
          // its message starts with the list of their paths.
          const names = (message: string, path: string): boolean =>
            message.startsWith(`${path}:`) ||
            (observesIn(event, { dialect, onFailure: "continue" }) &&
              (message.startsWith(`${path}, `) || message.includes(`, ${path}:`) || message.includes(`, ${path}, `)))
          const object = parsed as Record<string, unknown>
          if (dialectRules[dialect].strictWire && codexEvents.includes(event)) {
            // A strict wire (Codex CLI) refuses an answer with a key no dialect knows: a ShowUser error and
            // invalid-field Diagnostics, nothing of it read (so its other fields are not checked one by one). How the
            // refusal names a key that is not an identifier is the it.fails law "should name each unknown key by its
            // JSON path" of strict-wire.laws.test.ts.
            if (answer.keys.some((key) => !knownTopLevel.has(key))) {
              assert.isTrue(
                effects.some((e) => e._tag === "ShowUser" && e.level === "error"),
                "no ShowUser error for a refused answer"
              )
              assert.isTrue(
                diagnostics(effects).some((d) => d.code === "invalid-field"),
                "no invalid-field Diagnostic for a refused answer"
              )
            }
            if (effects.some((e) => e._tag === "ShowUser" && e.level === "error")) return
          }
          for (const key of answer.keys) {
            // A top-level __proto__ is lost in Gemini CLI's translation (the bug the it.fails law "should report a
            // top-level __proto__ key as unknown" in text-decides.laws.test.ts names): left out here.
            if (key === "__proto__" && dialectRules[dialect].vocabulary === "gemini") continue
            // So is a `continue` of the wrong type on the events where Gemini CLI ignores `continue` (the it.fails law
            // "should report a continue that is not a boolean where continue is ignored").
            if (
              key === "continue" &&
              dialectRules[dialect].vocabulary === "gemini" &&
              ["SessionStart", "SessionEnd", "PreCompact", "Notification"].includes(event)
            )
              continue
            const path = jsonPath([key])
            if (!knownTopLevel.has(key)) {
              assert.isTrue(
                messages.some((m) => names(m, path)),
                `no Diagnostic for unknown key ${path}`
              )
            }
            const value = object[key]
            const wrongType =
              key === "continue" || key === "suppressOutput"
                ? typeof value !== "boolean"
                : key === "stopReason" || key === "systemMessage"
                  ? typeof value !== "string"
                  : false
            if (Object.hasOwn(object, key) && wrongType) {
              assert.isTrue(
                messages.some((m) => names(m, path)),
                `no Diagnostic for invalid ${path}`
              )
            }
          }
        }),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )

  it(
    "combine never throws, keeps every Diagnostic and leaves at most one permission effect",
    () => {
      fc.assert(
        fc.property(
          effectListsArb,
          fc.integer({ min: -5, max: 20 }),
          fc.integer({ min: 0, max: 10 }),
          (lists, stopBlocks, cap) => {
            const combined = combine(lists, { stopBlocks, stopLoopCap: cap })
            assert.isAtLeast(diagnostics(combined).length, lists.flat().filter((e) => e._tag === "Diagnostic").length)
            const permission = combined.filter(
              (e) => e._tag === "AllowTool" || e._tag === "AskPermission" || e._tag === "BlockTool"
            )
            assert.isAtMost(permission.length, 1)
          }
        ),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )
})
