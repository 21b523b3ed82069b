/**
 * Generator reach: the generators the laws use must reach each case class
 * the laws are about in at least 5% of their values. Prints `fc.statistics`
 * and counts the classes over a fixed-seed sample, so the figures are the
 * same on every run.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { HookEffect } from "../src/index.ts"
import { audienceOf, decide, textOf } from "../src/index.ts"
import { decideInputArb, issue12DecideInputArb } from "./arbitraries/decide-input.ts"
import { effectListsArb, permissionHeavyListsArb } from "./arbitraries/effects.ts"
import { markedRunArb } from "./arbitraries/marked-runs.ts"
import { claudeVocabularyDialects, policyInArb, textDecidesDialectArb } from "./arbitraries/policies.ts"
import { dialectRules, dialects } from "../src/core/dialect.ts"
import { geminiEventArb, textRunArb } from "./arbitraries/text-runs.ts"
import {
  codexClasses,
  combineClasses,
  decideClasses,
  issue12Classes,
  issue12Tags,
  markerReachClasses,
  textDecidesClasses,
  textDecidesTags,
  textRunClasses
} from "./support/reach.ts"
import { statisticsWithCounts } from "./support/statistics.ts"

const seed = 20261125
const numRuns = 2000
const floor = 0.05

/** The share of `values` in each class, printed with `fc.statistics` first. */
const reach = <A>(
  name: string,
  arb: fc.Arbitrary<A>,
  classify: (value: A) => ReadonlyArray<string>
): ReadonlyMap<string, number> => {
  const counts = statisticsWithCounts(name, arb, classify, { seed, numRuns })
  return new Map([...counts].map(([label, n]) => [label, n / numRuns]))
}

/** Asserts every class in `required` reaches the floor. */
const assertReach = (shares: ReadonlyMap<string, number>, required: ReadonlyArray<string>): void => {
  for (const label of required) {
    const share = shares.get(label) ?? 0
    assert.isAtLeast(share, floor, `${label}: ${(share * 100).toFixed(1)}% of generated values, under ${floor * 100}%`)
  }
}

/**
 * `decide` over {@link decideInputArb} in the dialects of Claude Code's vocabulary (`vocabulary: "claude"`), whose
 * answers can ask for every decisive effect; Gemini CLI's and Codex CLI's (no ask, no defer) have their own tests below.
 */
const decidedArb: fc.Arbitrary<ReadonlyArray<HookEffect>> = decideInputArb(
  undefined,
  policyInArb(fc.constantFrom(...claudeVocabularyDialects))
).map(({ event, policy, run }) => decide(event, run, policy))

/** The dialects of Codex CLI's vocabulary (`vocabulary: "codex"`). */
const codexVocabularyArb = fc.constantFrom(...dialects.filter((d) => dialectRules[d].vocabulary === "codex"))

describe("generator reach", () => {
  it("should make decideInputArb reach every decisive effect in at least 5% of runs", () => {
    assertReach(reach("decide(decideInputArb())", decidedArb, decideClasses), [
      "AllowTool",
      "AskPermission",
      "BlockTool",
      "UpdateInput",
      "UpdateToolOutput",
      "StopAgent",
      "interrupt (BlockTool + StopAgent)",
      "BlockPrompt",
      "BlockStop",
      "BlockCompaction"
    ])
  })

  it("should make issue12DecideInputArb reach every effect of issue 12 in at least 5% of runs", () => {
    const arb = issue12DecideInputArb().map(({ event, policy, run }) => decide(event, run, policy))
    assertReach(reach("decide(issue12DecideInputArb())", arb, issue12Classes), [
      ...issue12Tags,
      "PromptModel without a block"
    ])
  })

  it("should make permissionHeavyListsArb reach every precedence interaction in at least 5% of runs", () => {
    assertReach(reach("permissionHeavyListsArb", permissionHeavyListsArb, combineClasses), [
      "StopAgent with a permission effect",
      "StopAgent with allow or ask, no BlockTool",
      "BlockTool with allow, ask or update",
      "ask with allow, no BlockTool",
      "two or more UpdateInput",
      "reasons to join",
      "two or more messages"
    ])
  })

  it("should make effectListsArb reach the precedence interactions and message order in at least 5% of runs", () => {
    assertReach(reach("effectListsArb", effectListsArb, combineClasses), [
      "StopAgent with a permission effect",
      "BlockTool with allow, ask or update",
      "two or more UpdateInput",
      "BlockPrompt with InjectContext",
      "two or more messages",
      "DeferTool with another verdict or update",
      "BlockAction with ask, allow or a worktree path",
      "two or more AnswerElicitation"
    ])
  })

  it("should make decideInputArb reach every Gemini CLI effect in at least 5% of text-decides runs", () => {
    const arb = decideInputArb(undefined, policyInArb(textDecidesDialectArb)).map(({ event, policy, run }) =>
      decide(event, run, policy)
    )
    assertReach(reach("decide(decideInputArb(text-decides))", arb, textDecidesClasses), [
      ...textDecidesTags,
      "text shown",
      "text as a warning",
      "failed notice",
      "discarded-field"
    ])
  })

  it("should make decideInputArb reach every Codex CLI effect, refused answers and failed runs in at least 5% of codex runs", () => {
    const arb = decideInputArb(undefined, policyInArb(codexVocabularyArb)).map(({ event, policy, run }) =>
      decide(event, run, policy)
    )
    assertReach(reach("decide(decideInputArb(codex))", arb, codexClasses), [
      "AllowTool",
      "BlockTool",
      "UpdateInput",
      "StopAgent",
      "BlockPrompt",
      "BlockStop",
      "InjectContext",
      "refused answer",
      "failed run"
    ])
  })

  it("should make markedRunArb reach the texts of Codex answers and stderr for both readers in codex runs", () => {
    const reached = decideInputArb(markedRunArb, policyInArb(codexVocabularyArb)).map(({ event, policy, run }) =>
      decide(event, run, policy)
    )
    assertReach(
      reach("markers reached (codex)", reached, (effects) => markerReachClasses(effects, audienceOf, textOf)),
      ["systemMessage to the user", "stderr to the model", "stderr to the user"]
    )
  })

  it("should make textRunArb reach each exit class, text on stdout and on stderr, no answer and JSON-like text in at least 5% of runs", () => {
    const arb = geminiEventArb.chain((event) => textRunArb(event))
    assertReach(reach("textRunArb", arb, textRunClasses), [
      "exit 0",
      "exit 1",
      "exit 2",
      "another exit code",
      "text on stdout",
      "text on stderr",
      "no answer",
      "JSON-like text"
    ])
  })

  it("should make markedRunArb reach JSON and text answers on stdout and stderr, and both readers, in text-decides runs", () => {
    const inputs = decideInputArb(markedRunArb, policyInArb(textDecidesDialectArb))
    assertReach(
      reach("markedRunArb (text-decides)", inputs, ({ run }) => textRunClasses(run)),
      [
        "JSON on stdout",
        "JSON on stderr",
        "text on stdout",
        "text on stderr",
        "exit 0",
        "exit 1",
        "exit 2",
        "another exit code"
      ]
    )
    const reached = inputs.map(({ event, policy, run }) => decide(event, run, policy))
    assertReach(
      reach("markers reached (text-decides)", reached, (effects) => markerReachClasses(effects, audienceOf, textOf)),
      [
        "systemMessage to the user",
        "stopReason to the user",
        "reason to the user",
        "reason to the model",
        "additionalContext to the model",
        "stdout to the user",
        "stdout to the model",
        "stderr to the user",
        "stderr to the model"
      ]
    )
  })
})
