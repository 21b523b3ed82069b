/**
 * Laws of `decide` in the dialects whose answers go through a strict wire (`strictWire`, with `jsonOnlyOnExit0` and
 * `exit2NeedsStderr`: Codex CLI): the counterparts of the JSON, exit-code and malformed-JSON laws of
 * `decide.laws.test.ts` where Codex's rows differ. Written from Codex CLI's contract (research agent-dialects.md
 * 3.4-3.7, ARCHITECTURE 5.3.2): the oracle is `support/codex-wire-table.ts` and the labelled answers of
 * `arbitraries/codex-answers.ts`, not `decide` or `strictWireProblems`.
 *
 * - An answer the wire refuses (an unknown key anywhere, a key the event's struct does not have, `ask`, `allow`
 *   without `updatedInput`, a block without a reason, `continue: false` on PreToolUse or PermissionRequest, ...) is
 *   a failed run: a `ShowUser` error and `invalid-field` Diagnostics, nothing of it decides.
 * - An answer it accepts decides as Claude Code's fields do, except that a PreToolUse `allow` (with `updatedInput`)
 *   rewrites the input and approves nothing.
 * - Stdout is read only on exit 0: on any other exit, any stdout gives what empty stdout gives.
 * - Exit 2 blocks only with a reason on stderr, and never on SessionStart, SubagentStart, PreCompact, PostCompact and
 *   SessionEnd: else it is a failed run.
 * - Plain stdout on exit 0 is context on UserPromptSubmit, SessionStart and SubagentStart, a failed run on Stop and
 *   SubagentStop, ignored elsewhere.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { statisticsWithCounts } from "./support/statistics.ts"
import type { DecideOptions, Dialect, HookEffect, HookEvent, HookRun } from "../src/index.ts"
import { decide, hookEvents, textOf } from "../src/index.ts"
import { dialectRules, dialects } from "../src/core/dialect.ts"
import { jsonPath } from "../src/core/read-output.ts"
import type { CodexAnswer } from "./arbitraries/codex-answers.ts"
import {
  codexAnswerArb,
  codexInvalidAnswerArb,
  codexReasonArb,
  codexValidAnswerArb,
  codexWrongTypedAnswerArb,
  unknownTopKeyArb
} from "./arbitraries/codex-answers.ts"
import { biasedHookEventArb, eventsOf } from "./arbitraries/events.ts"
import { failureExitCodeArb } from "./arbitraries/exit-codes.ts"
import { messyHookOutputArb } from "./arbitraries/hook-output.ts"
import { exitedRunArb } from "./arbitraries/hook-runs.ts"
import { onFailureArb } from "./arbitraries/policies.ts"
import { malformedStdoutArb, plainStdoutArb, serializedJsonArb, stdoutArb, stripped } from "./arbitraries/stdout.ts"
import { shortWeirdStringArb } from "./arbitraries/strings.ts"
import { assertSameEffects } from "./support/effect-lists.ts"
import {
  blockingTags,
  codexEvents,
  codexExit2Fails,
  codexExit2Tag,
  codexIgnoresStop,
  codexPlainStdout,
  decidingTags
} from "./support/codex-wire-table.ts"
import { ccDiscardsContinue } from "./support/routing-table.ts"

/** The dialects of a strict wire (`strictWire`); their wire is Codex CLI's (`vocabulary: "codex"`). */
const strictWireDialects: ReadonlyArray<Dialect> = dialects.filter((d) => dialectRules[d].strictWire)
const strictWireDialectArb: fc.Arbitrary<Dialect> = fc.constantFrom(...strictWireDialects)
const policyArb: fc.Arbitrary<DecideOptions> = fc.record({ dialect: strictWireDialectArb, onFailure: onFailureArb })
const codexEventArb: fc.Arbitrary<HookEvent> = fc.constantFrom(...codexEvents)

/** A run that exited with `exitCode`, printing `stdout` and `stderr`. */
const ran = (exitCode: number, stdout: string, stderr = ""): HookRun => ({
  exitCode,
  stdout,
  stderr,
  durationMs: 1,
  timedOut: false
})

/** A run that exits 0 printing `json` (serialised as hooks print it: compact or indented, with padding). */
const answeredArb = (json: fc.Arbitrary<{ [key: string]: unknown }>): fc.Arbitrary<HookRun> =>
  fc
    .tuple(serializedJsonArb(json, { noisy: false }), shortWeirdStringArb)
    .map(([stdout, stderr]) => ran(0, stdout, stderr))

const isError = (effect: HookEffect): boolean => effect._tag === "ShowUser" && effect.level === "error"
const isInvalidField = (effect: HookEffect): boolean => effect._tag === "Diagnostic" && effect.code === "invalid-field"

/** The law of a refused answer: only messages (a ShowUser error among them) and Diagnostics (an invalid-field among them). */
const assertRefused = (effects: ReadonlyArray<HookEffect>, what: string): void => {
  for (const effect of effects)
    assert.isFalse(decidingTags.includes(effect._tag), `${effect._tag} from ${what}: ${JSON.stringify(effects)}`)
  assert.isTrue(effects.some(isError), `no ShowUser error for ${what}: ${JSON.stringify(effects)}`)
  assert.isTrue(effects.some(isInvalidField), `no invalid-field Diagnostic for ${what}: ${JSON.stringify(effects)}`)
}

/**
 * What Claude Code's fields decide for an answer Codex accepts: the claude-code dialect's effects, except on the
 * events whose common fields claude-code discards (`discardsCommonFields`; Codex keeps `continue` and
 * `systemMessage` there, research 3.5 PreCompact, PostCompact), where the wave dialect's; without the `AllowTool` of
 * a PreToolUse allow (research 3.7: "AllowTool not asserted").
 */
const claudeReading = (event: HookEvent, run: HookRun): ReadonlyArray<HookEffect> => {
  const reference: Dialect =
    dialectRules["claude-code"].discardsCommonFields && ccDiscardsContinue.has(event) ? "wave" : "claude-code"
  // Codex CLI ignores continue (and its stopReason) on SubagentStart (contract 3.5): read without them, and the
  // Diagnostic that says so, when continue was not true.
  const json = JSON.parse(stripped(run.stdout)) as { [key: string]: unknown }
  const ignoresContinue = event === "SubagentStart" && "continue" in json
  const { continue: _continued, stopReason: _reason, ...rest } = json
  const read = ignoresContinue ? { ...run, stdout: JSON.stringify(rest) } : run
  const effects = decide(event, read, { dialect: reference, onFailure: "continue" })
  return event === "PreToolUse" ? effects.filter((effect) => effect._tag !== "AllowTool") : effects
}

/** Whether a text is one JSON object (the premise of the malformed case above). */
const isJsonObjectText = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === "object" && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}

describe("strict-wire laws (Codex CLI)", () => {
  it("should have the contract's events: the oracle's events are the dialect's", () => {
    for (const dialect of strictWireDialects) {
      assert.strictEqual(dialectRules[dialect].vocabulary, "codex", `${dialect}: the oracle is Codex CLI's wire`)
      assert.sameMembers([...eventsOf(dialect)], [...codexEvents], `${dialect}'s events`)
    }
  })

  it("should let no answer with an unknown top-level key decide anything: a ShowUser error and an invalid-field Diagnostic", () => {
    const answerArb = (event: HookEvent) =>
      fc
        .tuple(
          fc.oneof(
            codexValidAnswerArb(event),
            messyHookOutputArb(event),
            codexInvalidAnswerArb(event).map((a) => a.json)
          ),
          unknownTopKeyArb,
          fc.jsonValue({ maxDepth: 2 })
        )
        .map(([json, key, value]) => {
          const copy: { [key: string]: unknown } = { ...json }
          Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true })
          return copy
        })
    fc.assert(
      fc.property(
        policyArb,
        codexEventArb.chain((event) => fc.tuple(fc.constant(event), answeredArb(answerArb(event)))),
        (policy, [event, run]) => {
          assertRefused(decide(event, run, policy), `${event} ${run.stdout}`)
        }
      )
    )
  })

  it("should let no answer the wire refuses decide anything, whatever rule it breaks (each event)", () => {
    fc.assert(
      fc.property(
        policyArb,
        codexEventArb.chain((event) =>
          codexInvalidAnswerArb(event).chain((answer) =>
            answeredArb(fc.constant(answer.json)).map((run) => ({ event, answer, run }))
          )
        ),
        (policy, { answer, event, run }) => {
          assertRefused(decide(event, run, policy), `${event} (${answer.breaks}) ${run.stdout}`)
        }
      )
    )
  })

  it("should let an answer the wire accepts decide as Claude Code's fields do, a PreToolUse allow giving no AllowTool", () => {
    fc.assert(
      fc.property(
        policyArb,
        codexEventArb.chain((event) => fc.tuple(fc.constant(event), answeredArb(codexValidAnswerArb(event)))),
        (policy, [event, run]) => {
          const effects = decide(event, run, policy)
          assert.isFalse(effects.some(isError), `a ShowUser error for an accepted answer: ${JSON.stringify(effects)}`)
          assert.isFalse(
            effects.some(isInvalidField),
            `an invalid-field for an accepted answer: ${JSON.stringify(effects)}`
          )
          // The ignored continue of a SubagentStart answer is said (a discarded-field naming $.continue) unless true.
          const continued = (JSON.parse(stripped(run.stdout)) as { [key: string]: unknown })["continue"]
          const saysIgnored = (e: HookEffect) =>
            e._tag === "Diagnostic" && e.code === "discarded-field" && e.message.startsWith("$.continue")
          if (event === "SubagentStart" && continued !== undefined)
            assert.strictEqual(effects.filter(saysIgnored).length, continued === true ? 0 : 1, JSON.stringify(effects))
          assertSameEffects(
            effects.filter((e) => !(event === "SubagentStart" && saysIgnored(e))),
            claudeReading(event, run)
          )
        }
      )
    )
  })

  it("should make a PreToolUse allow with updatedInput an UpdateInput of that input and nothing that approves", () => {
    const allowArb = codexValidAnswerArb("PreToolUse").filter((json) => {
      const specific = json["hookSpecificOutput"] as { [key: string]: unknown } | undefined
      return specific?.["permissionDecision"] === "allow"
    })
    fc.assert(
      fc.property(policyArb, answeredArb(allowArb), (policy, run) => {
        const effects = decide("PreToolUse", run, policy)
        const input = (JSON.parse(stripped(run.stdout)) as { hookSpecificOutput: { updatedInput: unknown } })
          .hookSpecificOutput.updatedInput
        assert.deepStrictEqual(
          effects.filter((e) => e._tag === "UpdateInput"),
          [{ _tag: "UpdateInput", input }] as ReadonlyArray<HookEffect>
        )
        assert.isFalse(
          effects.some((e) => e._tag === "AllowTool" || e._tag === "AskPermission" || e._tag === "BlockTool"),
          JSON.stringify(effects)
        )
      })
    )
  })

  it("should ignore stdout on every exit but 0: any stdout gives what empty stdout gives (every event)", () => {
    const stdoutOf = (event: HookEvent, dialect: Dialect): fc.Arbitrary<string> =>
      codexEvents.includes(event)
        ? fc.oneof(
            serializedJsonArb(
              codexAnswerArb(event).map((a: CodexAnswer) => a.json),
              { noisy: false }
            ),
            stdoutArb(event, dialect),
            malformedStdoutArb(event),
            fc.constantFrom("[1,2]", "[", "null", '"x"')
          )
        : stdoutArb(event, dialect)
    fc.assert(
      fc.property(
        policyArb.chain((policy) =>
          fc.oneof(codexEventArb, biasedHookEventArb).chain((event) =>
            exitedRunArb(event, {
              exitCode: fc.oneof(fc.constant(2), failureExitCodeArb),
              stdout: stdoutOf(event, policy.dialect),
              dialect: policy.dialect
            }).map((run) => ({ event, policy, run }))
          )
        ),
        ({ event, policy, run }) => {
          assert.deepStrictEqual(decide(event, run, policy), decide(event, { ...run, stdout: "" }, policy))
        }
      )
    )
  })

  it("should never block on exit 2 with nothing on stderr: a failed run, a ShowUser error (each event)", () => {
    fc.assert(
      fc.property(
        policyArb,
        codexEventArb.chain((event) =>
          exitedRunArb(event, {
            exitCode: fc.constant(2),
            stderr: fc.constantFrom("", " ", "\n", "\t \r\n"),
            dialect: "codex"
          }).map((run) => ({ event, run }))
        ),
        (policy, { event, run }) => {
          const effects = decide(event, run, policy)
          for (const effect of effects)
            assert.isFalse(
              blockingTags.includes(effect._tag),
              `${effect._tag} on a silent exit 2: ${JSON.stringify(effects)}`
            )
          assert.isTrue(effects.some(isError), `no ShowUser error: ${JSON.stringify(effects)}`)
        }
      )
    )
  })

  it("should block on exit 2 with a reason on stderr by the event's row, and only fail the run where exit 2 cannot block", () => {
    fc.assert(
      fc.property(
        policyArb,
        codexEventArb.chain((event) =>
          exitedRunArb(event, { exitCode: fc.constant(2), stderr: codexReasonArb, dialect: "codex" }).map((run) => ({
            event,
            run
          }))
        ),
        (policy, { event, run }) => {
          const effects = decide(event, run, policy)
          const tag = codexExit2Tag(event)
          if (codexExit2Fails.has(event) || tag === undefined) {
            for (const effect of effects)
              assert.isFalse(
                blockingTags.includes(effect._tag),
                `${effect._tag} on ${event} exit 2: ${JSON.stringify(effects)}`
              )
            assert.isTrue(effects.some(isError), `no ShowUser error: ${JSON.stringify(effects)}`)
            return
          }
          const blocks = effects.filter((effect) => effect._tag === tag)
          assert.lengthOf(blocks, 1, `${event} exit 2: ${JSON.stringify(effects)}`)
          assert.include(textOf(blocks[0]!) ?? "", run.stderr.trim(), "the reason is stderr")
        }
      )
    )
  })

  it("should read plain stdout on exit 0 as context on UserPromptSubmit, SessionStart, SubagentStart, a failed run on Stop and SubagentStop, and nothing elsewhere", () => {
    fc.assert(
      fc.property(
        policyArb,
        codexEventArb.chain((event) =>
          exitedRunArb(event, {
            exitCode: fc.constant(0),
            stdout: plainStdoutArb.filter((s) => stripped(s).length > 0 && !stripped(s).startsWith("[")),
            // No truncation notice: its message is the runner's, not the answer's.
            extras: fc.constant({}),
            dialect: "codex"
          }).map((run) => ({ event, run }))
        ),
        (policy, { event, run }) => {
          const effects = decide(event, run, policy)
          switch (codexPlainStdout(event)) {
            case "context":
              assert.deepStrictEqual(
                effects.map((e) => e._tag),
                ["InjectContext"]
              )
              return
            case "failure":
              for (const effect of effects)
                assert.isFalse(decidingTags.includes(effect._tag), `${effect._tag}: ${JSON.stringify(effects)}`)
              assert.isTrue(effects.some(isError), `no ShowUser error: ${JSON.stringify(effects)}`)
              return
            case "ignored":
              assert.deepStrictEqual(effects, [])
              return
          }
        }
      )
    )
  })

  // Found by this law, now fixed (src/core/decide.ts `decideRun`, `parseStdout`): stdout that starts with `[` does not
  // deserialise into Codex's output struct, so Codex fails the run (research 3.4: "starts with `{` or `[` but does not
  // deserialise → the run fails"); wave-hooks reads it as plain text: ignored on PreToolUse, context on
  // UserPromptSubmit. Counterexamples: codex, PreToolUse, {exitCode: 0, stdout: "[{}]"} gives [] (no ShowUser error);
  // UserPromptSubmit, {exitCode: 0, stdout: "[1,2]"} gives [InjectContext{"[1,2]"}].
  it("should fail the run on exit 0 stdout that starts with [ or { but is not one JSON object: a ShowUser error, no context", () => {
    fc.assert(
      fc.property(
        policyArb,
        codexEventArb,
        fc.oneof(
          fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify([v])),
          shortWeirdStringArb.map((s) => `[${s}`),
          shortWeirdStringArb.filter((s) => !isJsonObjectText(`{${s}`)).map((s) => `{${s}`)
        ),
        (policy, event, stdout) => {
          const effects = decide(event, ran(0, stdout), policy)
          for (const effect of effects)
            assert.isFalse(decidingTags.includes(effect._tag), `${effect._tag}: ${JSON.stringify(effects)}`)
          assert.isTrue(effects.some(isError), `no ShowUser error: ${JSON.stringify(effects)}`)
        }
      )
    )
  })

  // Found by this law, now fixed (src/core/dialect-answers.ts `strictWireProblems` checked keys and combinations, not types):
  // a field of the wrong type does not deserialise into Codex's struct, so Codex fails the run and drops the whole
  // answer (research 3.4); wave-hooks drops only that field (an invalid-field Diagnostic) and the rest decides.
  // Counterexample: codex, PreToolUse, exit 0,
  // {"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"x"},"systemMessage":5}
  // gives [Diagnostic invalid-field, BlockTool{"x"}], where Codex blocks nothing.
  it("should let no answer with a field of the wrong type decide anything (each event)", () => {
    fc.assert(
      fc.property(
        policyArb,
        codexEventArb.chain((event) =>
          codexWrongTypedAnswerArb(event).chain((answer) =>
            answeredArb(fc.constant(answer.json)).map((run) => ({ event, answer, run }))
          )
        ),
        (policy, { answer, event, run }) => {
          assertRefused(decide(event, run, policy), `${event} (${answer.breaks}) ${run.stdout}`)
        }
      )
    )
  })

  // Found by this law, now fixed (src/core/dialect-answers.ts `strictWireProblems` writes each path as `$.${key}`): a key that
  // is not an identifier is named `$.a b` or `$.`, where every other Diagnostic names it by its JSON path
  // (`jsonPath`: `$["a b"]`, `$[""]`), so a reader of the paths cannot tell `$.` from the root or split `$.a.b`.
  // Counterexample: codex, PreToolUse, exit 0, {"":null} gives the Diagnostic "$.: PreToolUse answers have no such
  // field in Codex CLI, ...", not "$[\"\"]: ...".
  it("should name each unknown key by its JSON path, as every other Diagnostic does", () => {
    fc.assert(
      fc.property(
        policyArb,
        codexEventArb.chain((event) =>
          fc.tuple(fc.constant(event), codexValidAnswerArb(event), fc.constantFrom("", "a b", "x-y", "1st", "a.b", "é"))
        ),
        (policy, [event, json, key]) => {
          const stdout = JSON.stringify({ ...json, [key]: 1 })
          const effects = decide(event, ran(0, stdout), policy)
          const path = jsonPath([key])
          assert.isTrue(
            effects.some((e) => e._tag === "Diagnostic" && e.message.startsWith(`${path}:`)),
            `no Diagnostic names ${path}: ${JSON.stringify(effects)}`
          )
        }
      )
    )
  })

  // Found by this law, now fixed (src/core/decide.ts reads continue:false on SubagentStart as on every event): Codex CLI
  // ignores it there (research 3.5: "SubagentStart | additionalContext, plain stdout | context; `continue:false`
  // ignored"; 3.7 lists the events it stops on without SubagentStart). Counterexample: codex, SubagentStart, exit 0,
  // {"continue":false,"stopReason":"s"} gives [StopAgent{"s"}].
  it("should ignore continue:false where Codex ignores it (SubagentStart)", () => {
    fc.assert(
      fc.property(
        policyArb,
        fc.constantFrom(...codexIgnoresStop).chain((event) =>
          answeredArb(codexValidAnswerArb(event).map((json) => ({ ...json, continue: false }))).map((run) => ({
            event,
            run
          }))
        ),
        (policy, { event, run }) => {
          const effects = decide(event, run, policy)
          assert.isFalse(
            effects.some((e) => e._tag === "StopAgent"),
            `StopAgent on ${event}: ${JSON.stringify(effects)}`
          )
        }
      )
    )
  })
})

// ====== Reach ======

describe("strict-wire generator reach", () => {
  const seed = 20261127
  const numRuns = 1000

  it("should make codexAnswerArb reach accepted and refused answers, and each rule a refusal breaks, on every event Codex has", () => {
    for (const event of codexEvents) {
      const classify = (answer: CodexAnswer): ReadonlyArray<string> =>
        answer.breaks === undefined ? ["accepted"] : ["refused", `breaks: ${answer.breaks}`]
      const counts = statisticsWithCounts(`codexAnswerArb(${event})`, codexAnswerArb(event), classify, {
        seed,
        numRuns
      })
      for (const c of ["accepted", "refused"])
        assert.isAtLeast((counts.get(c) ?? 0) / numRuns, 0.3, `${event}: ${c} ${counts.get(c) ?? 0} of ${numRuns}`)
      const breakages = [...counts.keys()].filter((c) => c.startsWith("breaks: "))
      assert.isAtLeast(breakages.length, 2, `${event}: ${breakages.join(", ")}`)
      for (const c of breakages)
        assert.isAtLeast((counts.get(c) ?? 0) / numRuns, 0.02, `${event}: ${c} ${counts.get(c) ?? 0} of ${numRuns}`)
    }
  })

  it("should make the accepted answers reach each decision Codex has, per event, in at least 5% of answers", () => {
    /** What an accepted answer asks for, read from its JSON (research 3.5). */
    const asks = (json: { [key: string]: unknown }): ReadonlyArray<string> => {
      const specific = (json["hookSpecificOutput"] ?? {}) as { [key: string]: unknown }
      const decision = specific["decision"] as { behavior?: string } | undefined
      const out: Array<string> = []
      if (json["continue"] === false) out.push("continue:false")
      if (json["decision"] === "block") out.push("block")
      if (specific["permissionDecision"] !== undefined)
        out.push(`permissionDecision ${String(specific["permissionDecision"])}`)
      if (decision?.behavior !== undefined) out.push(`behavior ${decision.behavior}`)
      if (specific["additionalContext"] !== undefined) out.push("additionalContext")
      if (json["systemMessage"] !== undefined) out.push("systemMessage")
      return out.length === 0 ? ["nothing"] : out
    }
    const expected: { readonly [E in HookEvent]?: ReadonlyArray<string> } = {
      PreToolUse: ["permissionDecision deny", "permissionDecision allow", "block", "additionalContext"],
      PermissionRequest: ["behavior allow", "behavior deny"],
      PostToolUse: ["block", "additionalContext", "continue:false"],
      UserPromptSubmit: ["block", "additionalContext", "continue:false"],
      Stop: ["block", "continue:false"],
      SubagentStop: ["block", "continue:false"],
      SessionStart: ["additionalContext", "continue:false"],
      SubagentStart: ["additionalContext", "continue:false"],
      PreCompact: ["continue:false", "systemMessage"],
      PostCompact: ["continue:false", "systemMessage"],
      SessionEnd: ["continue:false", "systemMessage"]
    }
    for (const event of codexEvents) {
      const counts = new Map<string, number>()
      for (const json of fc.sample(codexValidAnswerArb(event), { seed, numRuns }))
        for (const c of asks(json)) counts.set(c, (counts.get(c) ?? 0) + 1)
      console.log(`codexValidAnswerArb(${event}): ${JSON.stringify(Object.fromEntries(counts))}`)
      for (const c of expected[event] ?? [])
        assert.isAtLeast((counts.get(c) ?? 0) / numRuns, 0.05, `${event}: ${c} ${counts.get(c) ?? 0} of ${numRuns}`)
    }
  })

  it("should make the exit-code laws' runs reach exit 2 with and without a reason, and JSON, plain and malformed stdout on other exits", () => {
    const arb = policyArb.chain((policy) =>
      fc
        .oneof(codexEventArb, fc.constantFrom(...hookEvents))
        .chain((event) =>
          exitedRunArb(event, { exitCode: fc.oneof(fc.constant(2), failureExitCodeArb), dialect: policy.dialect })
        )
    )
    const classify = (run: HookRun): ReadonlyArray<string> => {
      const text = stripped(run.stdout)
      const kind = text.length === 0 ? "empty stdout" : text.startsWith("{") ? "JSON-like stdout" : "plain stdout"
      return [
        run.exitCode === 2 ? (run.stderr.trim().length > 0 ? "exit 2 with a reason" : "exit 2 silent") : "other exit",
        kind
      ]
    }
    const counts = new Map<string, number>()
    for (const run of fc.sample(arb, { seed, numRuns }))
      for (const c of classify(run)) counts.set(c, (counts.get(c) ?? 0) + 1)
    console.log(`exit-code runs (codex): ${JSON.stringify(Object.fromEntries(counts))}`)
    for (const c of ["exit 2 with a reason", "exit 2 silent", "other exit", "JSON-like stdout", "plain stdout"])
      assert.isAtLeast((counts.get(c) ?? 0) / numRuns, 0.05, `${c}: ${counts.get(c) ?? 0} of ${numRuns}`)
  })
})
