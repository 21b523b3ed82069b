/**
 * Laws of `decide` in the dialects whose answer's text decides (`exitCodeRows: "text-decides"`, Gemini CLI): the
 * counterparts of the exit-code and malformed-JSON laws of `decide.laws.test.ts`, which hold for the dialects whose
 * exit code 2 blocks. Written from Gemini CLI's contract (research agent-dialects.md 2.4-2.7, notes/issue-25/design.md
 * 2.1, 2.2, 4): the oracle is `support/text-decides-table.ts`, not `decide`.
 *
 * - The text is the trimmed stdout, else the trimmed stderr.
 * - A JSON object (a JSON string is parsed a second time) is the answer on any exit code.
 * - Else exit 0 shows the text, exit 1 shows `Warning: text`, any other code denies as `{decision: "deny",
 *   reason: text}`; no text is no answer. There is no malformed JSON.
 * - Every non-zero exit tells the user `Hook(s) [name] failed for event X`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { DecideOptions, HookEffect, HookEvent, HookRun } from "../src/index.ts"
import { decide } from "../src/index.ts"
import { biasedHookEventArb } from "./arbitraries/events.ts"
import { exitedRunArb } from "./arbitraries/hook-runs.ts"
import { policyInArb, policyWithArb, textDecidesDialectArb } from "./arbitraries/policies.ts"
import { malformedStdoutArb, plainStdoutArb, jsonStdoutArb } from "./arbitraries/stdout.ts"
import { digitFreeStringArb } from "./arbitraries/strings.ts"
import {
  answerTextArb,
  answerTextRunArb,
  commandOnlyArb,
  geminiEventArb,
  otherExitCodeArb,
  textExitCodeArb,
  textRunArb
} from "./arbitraries/text-runs.ts"
import { assertSameEffects, withoutExitCode } from "./support/effect-lists.ts"
import {
  answerTextOf,
  failedNoticeOf,
  geminiIgnoresContinue,
  textRowsOf,
  withoutHookName
} from "./support/text-decides-table.ts"

interface Input {
  readonly event: HookEvent
  readonly run: HookRun
  readonly policy: DecideOptions
}

/** An input of a text-decides dialect: an event from `event`, a policy from `policy`, a run from `runFor`. */
const inputArb = (
  event: fc.Arbitrary<HookEvent>,
  runFor: (event: HookEvent, policy: DecideOptions) => fc.Arbitrary<HookRun>,
  policy: fc.Arbitrary<DecideOptions> = policyWithArb("continue", textDecidesDialectArb)
): fc.Arbitrary<Input> =>
  fc.tuple(event, policy).chain(([e, p]) => runFor(e, p).map((run): Input => ({ event: e, run, policy: p })))

const isDiagnostic = (effect: HookEffect, code?: string): boolean =>
  effect._tag === "Diagnostic" && (code === undefined || effect.code === code)

const isFailedNotice = (effect: HookEffect, event: HookEvent): boolean =>
  effect._tag === "ShowUser" && effect.level === "warning" && effect.text === failedNoticeOf(event)

/** The effects of `decide` but the Diagnostics, the hook's name left out of the "failed" notice. */
const shownOf = (input: Input): ReadonlyArray<HookEffect> =>
  decide(input.event, input.run, input.policy)
    .filter((effect) => !isDiagnostic(effect))
    .map(withoutHookName)

/** `effects` without the first one that `matches`, or `undefined` when none does. */
const withoutFirst = (
  effects: ReadonlyArray<HookEffect>,
  matches: (effect: HookEffect) => boolean
): ReadonlyArray<HookEffect> | undefined => {
  const index = effects.findIndex(matches)
  return index < 0 ? undefined : [...effects.slice(0, index), ...effects.slice(index + 1)]
}

describe("text-decides laws (Gemini CLI)", () => {
  it("should let the text decide: exit 0 shows it, exit 1 warns with it, any other code denies with it, and each non-zero exit says the hook failed", () => {
    fc.assert(
      fc.property(
        inputArb(geminiEventArb, (event) => textRunArb(event)),
        (input) => {
          const code = input.run.exitCode as number
          const expected = textRowsOf(input.event, input.run, code)
          let actual: ReadonlyArray<HookEffect> | undefined = shownOf(input)
          if (expected.silentExit2) {
            // design 4 row 2: a silent exit 2 blocks nothing, and a warning says so.
            actual = withoutFirst(
              actual,
              (e) => e._tag === "ShowUser" && e.level === "warning" && !isFailedNotice(e, input.event)
            )
            assert.isDefined(actual, "no warning that a silent exit 2 blocks nothing")
          }
          assertSameEffects(actual ?? [], expected.effects)
        }
      )
    )
  })

  it("should never block on an empty answer, and leave an ignored-output Diagnostic on a non-zero exit (onFailure continue, every event)", () => {
    fc.assert(
      fc.property(
        inputArb(biasedHookEventArb, (event) => textRunArb(event).filter((run) => answerTextOf(run).length === 0)),
        ({ event, policy, run }) => {
          const effects = decide(event, run, policy)
          for (const effect of effects)
            assert.isTrue(
              isDiagnostic(effect) || (effect._tag === "ShowUser" && effect.level === "warning"),
              `${effect._tag} on an empty answer`
            )
          if (run.exitCode === 0) assert.deepStrictEqual(effects, [], "effects of a silent exit 0")
          else
            assert.isTrue(
              effects.some((e) => isDiagnostic(e, "ignored-output")),
              "no ignored-output Diagnostic for a silent non-zero exit"
            )
        }
      )
    )
  })

  it("should read a text on exit 2 or any code but 0 and 1 exactly as the answer {decision: deny, reason: text} (every event)", () => {
    fc.assert(
      fc.property(
        inputArb(
          biasedHookEventArb,
          (event) =>
            textRunArb(event, fc.oneof(fc.constant(2), otherExitCodeArb)).filter((run) => answerTextOf(run).length > 0),
          policyInArb(textDecidesDialectArb)
        ),
        ({ event, policy, run }) => {
          const code = run.exitCode as number
          const asText = decide(event, run, policy)
          const asJson = decide(
            event,
            { ...run, stdout: JSON.stringify({ decision: "deny", reason: answerTextOf(run) }), stderr: "" },
            policy
          )
          // An exit code other than 2 also says that it denied (design 4 row 2): one ignored-output Diagnostic.
          const rest =
            code === 2
              ? asText
              : withoutFirst(
                  asText,
                  (e) => e._tag === "Diagnostic" && e.code === "ignored-output" && e.message.includes(String(code))
                )
          assert.isDefined(rest, `no ignored-output Diagnostic for exit ${code}`)
          assertSameEffects(rest ?? [], asJson)
        }
      )
    )
  })

  it("should treat every exit code other than 0, 1 and 2 alike without JSON, up to the code in the text", () => {
    // stdout, stderr and command carry no digits and no stream sizes are named, so the exit code is the only number
    // a text can hold.
    const digitFreeTextArb = plainStdoutArb.filter((text) => !/[0-9]/u.test(text))
    const extras = fc.record({ truncated: fc.boolean(), command: digitFreeStringArb }, { requiredKeys: [] })
    fc.assert(
      fc.property(
        inputArb(
          biasedHookEventArb,
          (event) =>
            exitedRunArb(event, {
              exitCode: otherExitCodeArb,
              stdout: digitFreeTextArb,
              stderr: digitFreeStringArb,
              extras
            }),
          policyInArb(textDecidesDialectArb)
        ),
        otherExitCodeArb,
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

  it("should read stdout that looks like JSON but does not parse as text, never as malformed JSON", () => {
    fc.assert(
      fc.property(
        inputArb(geminiEventArb, (event) =>
          exitedRunArb(event, { exitCode: textExitCodeArb, stdout: malformedStdoutArb(event), extras: commandOnlyArb })
        ),
        (input) => {
          const effects = decide(input.event, input.run, input.policy)
          assert.isFalse(
            effects.some((e) => isDiagnostic(e, "malformed-json")),
            "a malformed-json Diagnostic"
          )
          const expected = textRowsOf(input.event, input.run, input.run.exitCode as number)
          assertSameEffects(shownOf(input), expected.effects)
        }
      )
    )
  })

  it("should let a JSON object answer whatever the exit code, a non-zero exit adding only the failed notice (onFailure continue)", () => {
    fc.assert(
      fc.property(
        inputArb(biasedHookEventArb, (event, policy) =>
          exitedRunArb(event, {
            exitCode: textExitCodeArb,
            stdout: jsonStdoutArb(event, { noisy: false }, policy.dialect),
            dialect: policy.dialect
          })
        ),
        ({ event, policy, run }) => {
          const onExit0 = decide(event, { ...run, exitCode: 0 }, policy)
          const actual = decide(event, run, policy).map(withoutHookName)
          const rest = run.exitCode === 0 ? actual : withoutFirst(actual, (e) => isFailedNotice(e, event))
          assert.isDefined(rest, `no failed notice for exit ${run.exitCode}`)
          assertSameEffects(rest ?? [], onExit0)
        }
      )
    )
  })

  it("should read a JSON string holding a JSON object as that object", () => {
    fc.assert(
      fc.property(
        inputArb(
          biasedHookEventArb,
          (event, policy) =>
            exitedRunArb(event, {
              stdout: jsonStdoutArb(event, { noisy: false }, policy.dialect),
              exitCode: textExitCodeArb,
              dialect: policy.dialect
            }),
          policyInArb(textDecidesDialectArb)
        ),
        ({ event, policy, run }) => {
          const twice = { ...run, stdout: JSON.stringify(run.stdout.trim()) }
          assertSameEffects(decide(event, twice, policy), decide(event, run, policy))
        }
      )
    )
  })

  it("should read stderr when stdout is blank, and only then", () => {
    fc.assert(
      fc.property(
        inputArb(
          biasedHookEventArb,
          (event, policy) => answerTextRunArb(event, policy.dialect).filter((run) => run.stdout.trim().length > 0),
          policyInArb(textDecidesDialectArb)
        ),
        fc.constantFrom("", " \n", "\t"),
        ({ event, policy, run }, blank) => {
          const onStderr = { ...run, stdout: blank, stderr: run.stdout }
          assertSameEffects(decide(event, onStderr, policy), decide(event, run, policy))
        }
      )
    )
  })

  // Found by this law, now fixed (src/core/decide.ts `decideRun`): research 2.4 step 3 and design 2.1 (`timeout` row) say a process killed by
  // a signal counts as exit 0 in Gemini CLI, so its text decides (a JSON deny printed before the kill still
  // denies). `decideRun` reads every `exitCode: null` run as a failed run, its output unread. Counterexample:
  // PreToolUse, {exitCode: null, signal: "SIGKILL", stdout: '{"decision":"deny","reason":"no"}'} gives
  // [ShowUser{warning, "Hook(s) [] failed for event BeforeTool. Hook was killed by signal SIGKILL."}], where
  // exit 0 gives [BlockTool{"no"}].
  it("should read a run killed by a signal as exit 0 (onFailure continue)", () => {
    fc.assert(
      fc.property(
        inputArb(geminiEventArb, (event, policy) =>
          fc.tuple(answerTextArb(event, policy.dialect), fc.constantFrom("SIGKILL", "SIGTERM", "SIGSEGV")).map(
            ([stdout, signal]): HookRun => ({
              exitCode: null,
              signal,
              stdout,
              stderr: "",
              durationMs: 5,
              timedOut: false
            })
          )
        ),
        ({ event, policy, run }) => {
          const { signal: _signal, ...rest } = run
          assertSameEffects(decide(event, run, policy), decide(event, { ...rest, exitCode: 0 }, policy))
        }
      )
    )
  })

  // Found by this law, now fixed (src/core/dialect-answers.ts `translateGeminiAnswer`): the translated answer is built by assigning each
  // top-level key into an object literal (`json[key] = value`), so a `__proto__` key sets that object's prototype
  // instead of a field: it vanishes, and the unknown-field Diagnostic every other unknown key gets (and the wave
  // dialect gives it) is lost. Counterexample: PreToolUse, exit 0, stdout '{"__proto__":null}' gives [] in
  // gemini-cli, [Diagnostic{unknown-field, "$.__proto__: unknown field for PreToolUse output; ..."}] in wave.
  it("should report a top-level __proto__ key as unknown, as every other unknown key", () => {
    fc.assert(
      fc.property(
        inputArb(biasedHookEventArb, (event, policy) =>
          fc
            .tuple(jsonStdoutArb(event, { noisy: false }, policy.dialect), fc.jsonValue({ maxDepth: 1 }))
            .map(([stdout, value]): HookRun => {
              const answer = JSON.parse(stdout.trim()) as Record<string, unknown>
              const text = `{"__proto__":${JSON.stringify(value)}${Object.keys(answer).length > 0 ? "," : ""}${JSON.stringify(answer).slice(1)}`
              return { exitCode: 0, stdout: text, stderr: "", durationMs: 1, timedOut: false }
            })
        ),
        ({ event, policy, run }) => {
          const effects = decide(event, run, policy)
          assert.isTrue(
            effects.some((e) => e._tag === "Diagnostic" && e.message.startsWith("$.__proto__:")),
            "no Diagnostic for $.__proto__"
          )
        }
      )
    )
  })

  // Found by this law, now fixed (src/core/dialect-answers.ts `translateGeminiAnswer`): on the events where Gemini CLI ignores `continue`
  // (SessionStart, SessionEnd, PreCompress, Notification) only `continue: false` leaves a discarded-field
  // Diagnostic; any other value (null, "no", 0) is dropped silently, where every other dialect reports a common
  // field of the wrong type. Counterexample: PreCompact, exit 0, stdout '{"continue":null}' gives [] in gemini-cli.
  it("should report a continue that is not a boolean where continue is ignored", () => {
    fc.assert(
      fc.property(
        inputArb(fc.constantFrom<HookEvent>(...geminiIgnoresContinue), () =>
          fc.constantFrom<unknown>(null, "no", 0, 1, [], {}).map(
            (value): HookRun => ({
              exitCode: 0,
              stdout: JSON.stringify({ continue: value }),
              stderr: "",
              durationMs: 1,
              timedOut: false
            })
          )
        ),
        ({ event, policy, run }) => {
          const effects = decide(event, run, policy)
          assert.isTrue(
            effects.some((e) => e._tag === "Diagnostic" && e.message.startsWith("$.continue:")),
            "no Diagnostic for $.continue"
          )
        }
      )
    )
  })
})
