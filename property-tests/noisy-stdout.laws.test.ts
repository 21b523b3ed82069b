/**
 * A verdict is never lost to log output (ARCHITECTURE section 4, issue 11):
 * for any log prefix and any valid verdict in any indentation, wave's
 * `decide` gives what it gives for the verdict alone plus the noisy-stdout
 * Diagnostic; claude-code does not recover it but reports it, and the log
 * never reaches the model.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { statisticsWithCounts } from "./support/statistics.ts"
import type { HookEffect, HookEvent, DecideOptions } from "../src/index.ts"
import { decide, hookRun } from "../src/index.ts"
import { hookEventArb } from "./arbitraries/events.ts"
import { exitCodeArb } from "./arbitraries/exit-codes.ts"
import type { NoisyVerdict } from "./arbitraries/noisy-stdout.ts"
import { noisyVerdictArb, noisyVerdictClasses } from "./arbitraries/noisy-stdout.ts"
import { onFailureArb } from "./arbitraries/policies.ts"
import { digitFreeStringArb } from "./arbitraries/strings.ts"

const caseArb = fc
  .tuple(
    hookEventArb.chain((event: HookEvent) => noisyVerdictArb(event)),
    exitCodeArb,
    digitFreeStringArb,
    onFailureArb
  )
  .map(([noisy, exitCode, stderr, onFailure]) => ({ noisy, exitCode, stderr, onFailure }))

const kind = (effect: HookEffect): string =>
  effect._tag === "Diagnostic"
    ? `Diagnostic:${effect.code}`
    : effect._tag === "ShowUser"
      ? `ShowUser:${effect.level}`
      : effect._tag

describe("noisy stdout laws", () => {
  it("wave: for any log prefix and any valid verdict in any indentation, decide is the verdict's decision plus the noisy-stdout Diagnostic", () => {
    fc.assert(
      fc.property(caseArb, ({ exitCode, noisy, onFailure, stderr }) => {
        const policy: DecideOptions = { dialect: "wave", onFailure }
        const withLog = decide(noisy.event, hookRun({ exitCode, stdout: noisy.stdout, stderr }), policy)
        const alone = decide(noisy.event, hookRun({ exitCode, stdout: noisy.verdict.text, stderr }), policy)
        assert.strictEqual(kind(withLog[0]!), "Diagnostic:noisy-stdout")
        assert.deepStrictEqual(withLog.slice(1), [...alone])
      })
    )
  })

  it("claude-code: a verdict with a key after a log prefix is never used and never reaches the model; it is reported", () => {
    fc.assert(
      fc.property(
        caseArb.filter(({ noisy }) => Object.keys(noisy.verdict.value).length > 0),
        ({ exitCode, noisy, onFailure, stderr }) => {
          const policy: DecideOptions = { dialect: "claude-code", onFailure }
          const withLog = decide(noisy.event, hookRun({ exitCode, stdout: noisy.stdout, stderr }), policy)
          // As malformed JSON (section 4.6): the exit code decides as if stdout were empty.
          const malformed = decide(noisy.event, hookRun({ exitCode, stdout: "{oops}", stderr }), policy)
          assert.deepStrictEqual(withLog.map(kind), malformed.map(kind))
          const notReports = (e: HookEffect) =>
            e._tag !== "Diagnostic" && !(e._tag === "ShowUser" && e.level === "warning")
          assert.deepStrictEqual(withLog.filter(notReports), malformed.filter(notReports))
        }
      )
    )
  })

  it("the generators reach pretty and compact verdicts, jq-style and CRLF ones, multi-line and structured-log prefixes (>= 5% each)", () => {
    const seed = 20261125
    const numRuns = 2000
    const arb: fc.Arbitrary<NoisyVerdict> = hookEventArb.chain((event: HookEvent) => noisyVerdictArb(event))
    const counts = statisticsWithCounts("noisyVerdictArb", arb, noisyVerdictClasses, { seed, numRuns })
    for (const label of [
      "pretty verdict",
      "compact verdict",
      "jq-style (2 spaces) verdict",
      "CRLF verdict",
      "multi-line prefix",
      "prefix line starting with {"
    ]) {
      const share = (counts.get(label) ?? 0) / numRuns
      assert.isAtLeast(share, 0.05, `${label}: ${(share * 100).toFixed(1)}%`)
    }
  })
})
