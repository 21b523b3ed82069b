/**
 * A prompt or agent hook's answer through the one decision path: the run
 * `promptOutcome` builds, decided by `decide`, gives what Claude Code's
 * reference gives for `ok: false` on each event (issue 13), in both dialects.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { decide } from "../../src/core/decide.ts"
import type { Dialect } from "../../src/core/dialect.ts"
import type { HookEvent } from "../../src/core/events.ts"
import { hookEvents } from "../../src/core/events.ts"
import type { PromptAnswer, PromptOutcomeOptions } from "../../src/core/prompt-verdict.ts"
import {
  modelHookLabel,
  promptFailure,
  promptOutcome,
  promptTimeout,
  readPromptAnswer
} from "../../src/core/prompt-verdict.ts"
import type { HookEffect } from "../../src/effects/hook-effect.ts"
import { BlockPrompt, BlockStop, BlockTool, PromptModel, ShowUser, StopAgent } from "../../src/effects/hook-effect.ts"
import { precedence } from "../../src/effects/precedence.ts"
import { agentHookEvents, promptHookEvents } from "../../src/settings/prompt-hook-config.ts"

const dialects: ReadonlyArray<Dialect> = ["wave", "claude-code"]
const label = modelHookLabel("prompt", "Is this safe?")
const prompt: PromptOutcomeOptions = { type: "prompt", label }
const promptContinuing: PromptOutcomeOptions = { type: "prompt", label, continueOnBlock: true }
const agent: PromptOutcomeOptions = { type: "agent", label: modelHookLabel("agent", "Check the tests") }
const no: PromptAnswer = { ok: false, reason: "not safe" }

interface Row {
  readonly name: string
  readonly event: HookEvent
  readonly answer: PromptAnswer
  readonly options: PromptOutcomeOptions
  readonly effects: ReadonlyArray<HookEffect>
}

const rows: ReadonlyArray<Row> = [
  { name: "PermissionDenied: no effect", event: "PermissionDenied", answer: no, options: prompt, effects: [] },
  {
    name: "PostToolBatch: the turn ends",
    event: "PostToolBatch",
    answer: no,
    options: prompt,
    effects: [StopAgent({ reason: "not safe" })]
  },
  {
    name: "UserPromptExpansion: the prompt is blocked and the turn ends",
    event: "UserPromptExpansion",
    answer: no,
    options: prompt,
    effects: [BlockPrompt({ reason: "not safe" })]
  },
  {
    name: "TaskCreated: a tool error (the task is rolled back)",
    event: "TaskCreated",
    answer: no,
    options: prompt,
    effects: [BlockTool({ reason: "not safe" })]
  },
  {
    name: "TaskCompleted: a tool error (the task is not completed)",
    event: "TaskCompleted",
    answer: no,
    options: prompt,
    effects: [BlockTool({ reason: "not safe" })]
  },
  {
    name: "TeammateIdle: the teammate keeps working",
    event: "TeammateIdle",
    answer: no,
    options: prompt,
    effects: [BlockStop({ reason: "not safe" })]
  },
  {
    name: "PreToolUse: denied and the turn ends",
    event: "PreToolUse",
    answer: no,
    options: prompt,
    effects: [StopAgent({ reason: "not safe" })]
  },
  {
    name: "PreToolUse, continueOnBlock: the reason is the tool error",
    event: "PreToolUse",
    answer: no,
    options: promptContinuing,
    effects: [BlockTool({ reason: "not safe" })]
  },
  {
    name: "PreToolUse, agent: as continueOnBlock",
    event: "PreToolUse",
    answer: no,
    options: agent,
    effects: [BlockTool({ reason: "not safe" })]
  },
  {
    name: "PostToolUse: the turn ends",
    event: "PostToolUse",
    answer: no,
    options: prompt,
    effects: [StopAgent({ reason: "not safe" })]
  },
  {
    name: "PostToolUse, continueOnBlock: the reason goes to the model",
    event: "PostToolUse",
    answer: no,
    options: promptContinuing,
    effects: [PromptModel({ text: "not safe" })]
  },
  {
    name: "PostToolUse, agent: as continueOnBlock",
    event: "PostToolUse",
    answer: no,
    options: agent,
    effects: [PromptModel({ text: "not safe" })]
  },
  {
    name: "UserPromptSubmit: the prompt is blocked (the turn ends)",
    event: "UserPromptSubmit",
    answer: no,
    options: prompt,
    effects: [BlockPrompt({ reason: "not safe" })]
  },
  {
    name: "UserPromptSubmit, agent: blocked too",
    event: "UserPromptSubmit",
    answer: no,
    options: agent,
    effects: [BlockPrompt({ reason: "not safe" })]
  },
  {
    name: "Stop: the agent continues with the reason",
    event: "Stop",
    answer: no,
    options: prompt,
    effects: [BlockStop({ reason: "not safe" })]
  },
  {
    name: "SubagentStop: the subagent continues",
    event: "SubagentStop",
    answer: no,
    options: agent,
    effects: [BlockStop({ reason: "not safe" })]
  },
  {
    name: "Stop, impossible: the agent stops and the user is told",
    event: "Stop",
    answer: { ok: false, reason: "needs a human", impossible: true },
    options: prompt,
    effects: [
      ShowUser({
        level: "warning",
        text: `Hook "${label}" judged it impossible to go on, so the agent stops: needs a human`
      })
    ]
  },
  {
    name: "PostToolUseFailure: tool error, the turn continues",
    event: "PostToolUseFailure",
    answer: no,
    options: prompt,
    effects: [PromptModel({ text: "not safe" })]
  },
  {
    name: "PostToolUseFailure, continueOnBlock changes nothing",
    event: "PostToolUseFailure",
    answer: no,
    options: promptContinuing,
    effects: [PromptModel({ text: "not safe" })]
  },
  { name: "PermissionRequest: no effect", event: "PermissionRequest", answer: no, options: prompt, effects: [] },
  {
    name: "Stop without a reason: a default naming the hook (a block always has one)",
    event: "Stop",
    answer: { ok: false },
    options: prompt,
    effects: [BlockStop({ reason: `Hook "${label}" answered ok: false without giving a reason.` })]
  }
]

describe("promptOutcome through decide: ok:false per event", () => {
  for (const row of rows) {
    for (const dialect of dialects) {
      it(`${row.name} (${dialect})`, () => {
        // given the model's answer, when the run it stands for is decided
        const effects = decide(row.event, promptOutcome(row.event, row.answer, row.options), {
          dialect,
          onFailure: "continue"
        })
        // then the effects are the reference's
        assert.deepStrictEqual(effects, row.effects)
      })
    }
  }

  it("covers every event that accepts prompt or agent hooks", () => {
    const covered = new Set(rows.map((r) => r.event))
    for (const event of [...promptHookEvents, ...agentHookEvents]) assert.isTrue(covered.has(event), event)
  })

  it("an event that takes no model hook: a non-blocking error that says so", () => {
    const effects = decide("SessionStart", promptOutcome("SessionStart", no, prompt))
    assert.deepStrictEqual(effects, [
      ShowUser({
        level: "error",
        text: "prompt hooks do not run on SessionStart; its answer was ignored. Use a command hook for SessionStart."
      })
    ])
  })
})

describe("ok: true", () => {
  it("is exit 0 with no output: no effect on any event that accepts model hooks", () => {
    for (const event of hookEvents) {
      const run = promptOutcome(event, { ok: true, reason: "fine" }, prompt)
      if (!promptHookEvents.includes(event)) continue
      assert.deepStrictEqual(decide(event, run), [], event)
    }
  })

  it("never blocks (property: any event, reason, impossible, options, dialect, onFailure)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...promptHookEvents),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.constantFrom<ModelOptions>(prompt, promptContinuing, agent),
        fc.constantFrom(...dialects),
        fc.constantFrom("continue" as const, "block" as const),
        (event, reason, impossible, options, dialect, onFailure) => {
          const answer: PromptAnswer = {
            ok: true,
            ...(reason === undefined ? {} : { reason }),
            ...(impossible === undefined ? {} : { impossible })
          }
          const effects = decide(event, promptOutcome(event, answer, options), { dialect, onFailure })
          return effects.every((e) => !precedence[e._tag].blocks)
        }
      )
    )
  })
})

type ModelOptions = PromptOutcomeOptions

describe("failures", () => {
  it("a failure shows its message, and blocks under onFailure: block", () => {
    const run = promptFailure(label, "Set OPENAI_BASE_URL.")
    assert.deepStrictEqual(decide("PreToolUse", run), [ShowUser({ level: "error", text: "Set OPENAI_BASE_URL." })])
    const blocked = decide("PreToolUse", run, { dialect: "wave", onFailure: "block" })
    assert.strictEqual(blocked.length, 1)
    assert.strictEqual(blocked[0]!._tag, "BlockTool")
    assert.include((blocked[0] as { reason: string }).reason, "Set OPENAI_BASE_URL.")
  })

  it("a timeout is a timeout: no decision, named after the hook", () => {
    const effects = decide("Stop", promptTimeout(label, 30_000))
    assert.deepStrictEqual(effects, [
      ShowUser({ level: "error", text: `Hook "${label}" timed out after 30.0 s and was stopped.` })
    ])
  })
})

describe("readPromptAnswer", () => {
  it("reads the answer and drops extra keys", () => {
    assert.deepStrictEqual(readPromptAnswer({ ok: false, reason: "r", impossible: true, extra: 1 }), {
      answer: { ok: false, reason: "r", impossible: true }
    })
    assert.deepStrictEqual(readPromptAnswer({ ok: true, reason: null }), { answer: { ok: true } })
  })

  it("says what is wrong with anything else", () => {
    assert.deepStrictEqual(readPromptAnswer({ ok: "yes" }), { problem: '"ok" is "yes", not true or false' })
    assert.deepStrictEqual(readPromptAnswer({}), { problem: '"ok" is missing, not true or false' })
    assert.deepStrictEqual(readPromptAnswer({ ok: true, reason: 3 }), { problem: '"reason" is 3, not a string' })
    assert.include((readPromptAnswer([1]) as { problem: string }).problem, "an array")
    assert.include((readPromptAnswer("ok") as { problem: string }).problem, "string")
  })
})
