/**
 * Laws of `decide` (ARCHITECTURE section 9): totality and determinism, JSON
 * precedence, `continue: false` dominance, malformed fallback, exit-code
 * classes, event validity, the order of section 3. The exit-code and malformed-JSON laws are those of the dialects
 * whose exit code 2 blocks (`exitCodeRows: "exit-2-blocks"`); the dialects whose text decides (Gemini CLI) have
 * their counterparts in `text-decides.laws.test.ts`. Where JSON is read only on exit 0 (`jsonOnlyOnExit0`, Codex CLI)
 * the JSON laws hold on exit 0, and the strict wire's laws (a refused answer decides nothing; stdout on another exit
 * changes nothing) are in `strict-wire.laws.test.ts`. Where answers are Cursor's (`vocabulary: "cursor"`), `continue`
 * is read on beforeSubmitPrompt only, the events that only observe read no answer (so nothing of it is malformed), and
 * subagentStart may refuse the subagent (`BlockAction`): the laws say so, and Cursor's own are in
 * `cursor-vocabulary.laws.test.ts`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { Dialect, HookEffect, HookEffectTag, HookEvent, DecideOptions } from "../src/index.ts"
import { decide, hookEvents } from "../src/index.ts"
import { dialectRules } from "../src/core/dialect.ts"
import { parseStdout } from "../src/core/parse.ts"
import { anyDecideInputArb, decideInputArb } from "./arbitraries/decide-input.ts"
import { exitCodeArb, failureExitCodeArb } from "./arbitraries/exit-codes.ts"
import { speaksCodex, speaksCursor, stoppingHookOutputArb } from "./arbitraries/hook-output.ts"
import { exitedRunArb } from "./arbitraries/hook-runs.ts"
import {
  exitCodeDialectArb,
  exitCodeDialects,
  malformedFallbackDialectArb,
  policyArb,
  policyInArb,
  policyWithArb
} from "./arbitraries/policies.ts"
import { jsonStdoutArb, malformedStdoutArb, plainStdoutArb, serializedJsonArb } from "./arbitraries/stdout.ts"
import { digitFreeStringArb } from "./arbitraries/strings.ts"
import { assertSameEffects, multisetMinus, tagsOf, withoutExitCode } from "./support/effect-lists.ts"
import { codexRefusesStop, codexStopsOn } from "./support/codex-wire-table.ts"
import { copilotRowIn, speaksCopilotIn } from "./support/copilot-answer-table.ts"
import { cursorRowIn, observesIn as cursorObservesIn } from "./support/cursor-answer-table.ts"
import { allowedTagsIn } from "./support/event-table.ts"
import { discardsContinue } from "./support/routing-table.ts"

const wave: DecideOptions = { dialect: "wave", onFailure: "continue" }

/** Whether the run's agent event only observes (Cursor's afterShellExecution, Copilot's sessionEnd, ...). */
const observesIn = (event: HookEvent, policy: DecideOptions): boolean =>
  cursorObservesIn(event, policy) || copilotRowIn(event, policy)?.observes === true

/**
 * The exit codes `dialect` reads a JSON answer on: exit 0 only where stdout is read only then (`jsonOnlyOnExit0`,
 * Codex CLI; its other exits are `strict-wire.laws.test.ts`'s: stdout changes nothing), else any (the default).
 */
const jsonExitCodes = (dialect: Dialect): { readonly exitCode?: fc.Arbitrary<number> } =>
  dialectRules[dialect].jsonOnlyOnExit0 ? { exitCode: fc.constant(0) } : {}

/** An effect's tag with its diagnostic code or message level, e.g. `Diagnostic:malformed-json`. */
const kindOf = (effect: HookEffect): string =>
  effect._tag === "Diagnostic"
    ? `Diagnostic:${effect.code}`
    : effect._tag === "ShowUser"
      ? `ShowUser:${effect.level}`
      : effect._tag

describe("decide laws", () => {
  it("should be total and deterministic: never throw, same input gives deep-equal output", () => {
    fc.assert(
      fc.property(anyDecideInputArb, ({ event, policy, run }) => {
        const first = decide(event, run, policy)
        const again = decide(event, run, policy)
        const fromCopies = decide(event, structuredClone(run), { ...policy })
        assert.isArray(first)
        assert.deepStrictEqual(again, first)
        assert.deepStrictEqual(fromCopies, first)
      })
    )
  })

  it("should let valid JSON decide whatever the exit code (wave, onFailure continue)", () => {
    fc.assert(
      fc.property(
        decideInputArb(
          (event) => exitedRunArb(event, { stdout: jsonStdoutArb(event, { noisy: true }) }),
          fc.constant(wave)
        ),
        exitCodeArb,
        ({ event, run }, otherExitCode) => {
          assertSameEffects(decide(event, { ...run, exitCode: otherExitCode }, wave), decide(event, run, wave))
        }
      )
    )
  })

  it("should let continue:false dominate every blocking and permission field (every dialect, any exit code it reads JSON on)", () => {
    const dominated: ReadonlyArray<HookEffectTag> = [
      "BlockTool",
      "BlockPrompt",
      "BlockStop",
      "AllowTool",
      "AskPermission",
      "UpdateInput",
      "PromptModel",
      "DeferTool",
      "BlockAction",
      "UpdatePermissions",
      "AnswerElicitation",
      "SetWorktreePath"
    ]
    fc.assert(
      fc.property(
        decideInputArb(
          (event, dialect, agentEvent) =>
            exitedRunArb(event, {
              stdout: serializedJsonArb(stoppingHookOutputArb(event, dialect, agentEvent), { noisy: false }),
              ...jsonExitCodes(dialect),
              dialect
            }),
          policyArb
        ),
        ({ event, policy, run }) => {
          const effects = decide(event, run, policy)
          const tags = tagsOf(effects)
          if (speaksCursor(event, policy.dialect)) {
            // Cursor's vocabulary (5.3.3): continue: false refuses the prompt on beforeSubmitPrompt and is discarded
            // everywhere else, with a Diagnostic naming it; it never stops the agent. (What the rest of the answer
            // decides is cursor-vocabulary.laws'.)
            assert.isFalse(tags.has("StopAgent"), "StopAgent from a Cursor answer")
            const row = cursorRowIn(event, policy)
            if (row?.name === "beforeSubmitPrompt") assert.isTrue(tags.has("BlockPrompt"), "no BlockPrompt")
            else
              assert.isTrue(
                effects.some(
                  (e) =>
                    e._tag === "Diagnostic" && e.code === "discarded-field" && /(^|, )\$\.continue[:,]/u.test(e.message)
                ),
                "no discarded-field Diagnostic naming $.continue"
              )
            return
          }
          if (speaksCopilotIn(event, policy)) {
            // Copilot's camelCase events (5.3.4): their answers have no continue; it is discarded with a Diagnostic
            // naming it and never stops the agent (permissionRequest's deny with interrupt does; what the rest of the
            // answer decides is copilot-vocabulary.laws').
            if (copilotRowIn(event, policy)?.name !== "permissionRequest")
              assert.isFalse(tags.has("StopAgent"), "StopAgent from continue: false")
            assert.isTrue(
              effects.some(
                (e) =>
                  e._tag === "Diagnostic" && e.code === "discarded-field" && /(^|, )\$\.continue[:,]/u.test(e.message)
              ),
              "no discarded-field Diagnostic naming $.continue"
            )
            return
          }
          if (observesIn(event, policy)) {
            // Copilot's events that only observe (sessionEnd, errorOccurred, in either spelling): nothing stops.
            assert.isFalse(tags.has("StopAgent"), "StopAgent from an event that only observes")
            return
          }
          if (speaksCodex(event, policy.dialect)) {
            // Codex CLI's rows (research 3.5, 3.7): where the event's struct refuses continue:false the whole answer
            // is refused (a failed run, nothing of it decides); where Codex ignores it or says nothing (SubagentStart,
            // SessionEnd) only the dominance is the law; elsewhere it stops the agent.
            for (const tag of dominated) assert.isFalse(tags.has(tag), `${tag} next to continue:false`)
            if (codexRefusesStop.has(event)) {
              assert.isFalse(tags.has("StopAgent"), `StopAgent from an answer Codex refuses on ${event}`)
              assert.isTrue(
                effects.some((e) => e._tag === "ShowUser" && e.level === "error"),
                "no ShowUser error for the refused answer"
              )
            } else if (codexStopsOn.has(event)) assert.isTrue(tags.has("StopAgent"), "no StopAgent")
            return
          }
          if (discardsContinue(event, policy.dialect)) {
            assert.isFalse(tags.has("StopAgent"), `StopAgent where ${policy.dialect} discards continue`)
            assert.isTrue(
              effects.some((e) => e._tag === "Diagnostic" && e.code === "discarded-field"),
              "no discarded-field Diagnostic"
            )
            return
          }
          assert.isTrue(tags.has("StopAgent"), "no StopAgent")
          for (const tag of dominated) assert.isFalse(tags.has(tag), `${tag} next to continue:false`)
          // Gemini CLI's AfterTool block is the replaced tool result (research 2.7): dominated too.
          if (dialectRules[policy.dialect].vocabulary === "gemini")
            assert.isFalse(tags.has("UpdateToolOutput"), "UpdateToolOutput next to continue:false")
        }
      )
    )
  })

  it("should only generate malformed stdout that no exit-2-blocks dialect reads as JSON (the next law's premise)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...hookEvents).chain((event) => malformedStdoutArb(event)),
        (stdout) => {
          for (const dialect of exitCodeDialects)
            assert.strictEqual(parseStdout(stdout, dialect)._tag, "Malformed", `${dialect}: ${JSON.stringify(stdout)}`)
        }
      )
    )
    // Found by a run of the next law: a bare word, then a valid object on the last line, is noisy stdout.
    assert.strictEqual(parseStdout('{"reason": x\n{}', "wave")._tag, "Json")
  })

  it("should fall back on malformed JSON to the exit-code effects of empty stdout plus a malformed-json Diagnostic and a ShowUser warning (exit-2-blocks dialects without a strict wire, on the exit codes they read stdout on, on the events whose answer is read, not only observed)", () => {
    fc.assert(
      fc.property(
        decideInputArb(
          (event, dialect) => exitedRunArb(event, { stdout: malformedStdoutArb(event), ...jsonExitCodes(dialect) }),
          policyWithArb("continue", malformedFallbackDialectArb)
        ).filter(
          // Cursor's and Copilot's events that only observe read no answer (their vocabulary laws: only Diagnostics).
          ({ event, policy }) => !observesIn(event, policy)
        ),
        ({ event, policy, run }) => {
          const actual = decide(event, run, policy)
          const asIfEmpty = decide(event, { ...run, stdout: "" }, policy)
          const extra = multisetMinus(actual, asIfEmpty)
          assert.isDefined(extra, "the effects of empty stdout are missing")
          assert.deepStrictEqual((extra ?? []).map(kindOf).sort(), ["Diagnostic:malformed-json", "ShowUser:warning"])
        }
      )
    )
  })

  it("should treat every exit code other than 0 and 2 alike without JSON, up to the code in the text (exit-2-blocks dialects)", () => {
    // stderr and command carry no digits and no stream sizes are named, so
    // the exit code is the only number a text can hold.
    const extras = fc.record({ truncated: fc.boolean(), command: digitFreeStringArb }, { requiredKeys: [] })
    fc.assert(
      fc.property(
        decideInputArb(
          (event) =>
            exitedRunArb(event, {
              exitCode: failureExitCodeArb,
              stdout: plainStdoutArb,
              stderr: digitFreeStringArb,
              extras
            }),
          policyInArb(exitCodeDialectArb)
        ),
        failureExitCodeArb,
        ({ event, policy, run }, otherExitCode) => {
          const code = run.exitCode as number
          const one = decide(event, run, policy).map((effect) => withoutExitCode(effect, code))
          const other = decide(event, { ...run, exitCode: otherExitCode }, policy).map((effect) =>
            withoutExitCode(effect, otherExitCode)
          )
          assertSameEffects(other, one)
        }
      )
    )
  })

  it("should produce each effect tag only for the events section 5 allows (with the dialect's own rows: Cursor's subagentStart refusal)", () => {
    fc.assert(
      fc.property(decideInputArb(), ({ event, policy, run }) => {
        for (const effect of decide(event, run, policy)) {
          assert.isTrue(allowedTagsIn(event, policy.dialect).has(effect._tag), `${effect._tag} for ${event}`)
        }
      })
    )
  })

  it("should list diagnostics first, then at most one StopAgent, then the other effects (section 3 order)", () => {
    const rank = (effect: HookEffect): number =>
      effect._tag === "Diagnostic" ? 0 : effect._tag === "StopAgent" ? 1 : 2
    fc.assert(
      fc.property(decideInputArb(), ({ event, policy, run }) => {
        const ranks = decide(event, run, policy).map(rank)
        assert.deepStrictEqual(
          ranks,
          [...ranks].sort((a, b) => a - b)
        )
        assert.isAtMost(ranks.filter((r) => r === 1).length, 1)
      })
    )
  })
})
