/**
 * Laws of `decide` in the dialects whose answers are Cursor's (`vocabulary: "cursor"`): what Cursor's fields decide
 * on each Cursor event, the events that only observe, the fields Cursor discards, and the exit-code rows. Written
 * from ARCHITECTURE 5.3.3 and Cursor's hooks documentation as research agent-dialects.md 4.2-4.5 records it: the
 * oracle is `support/cursor-answer-table.ts` and the answers of `arbitraries/cursor-answers.ts`, not `decide` or
 * `translateCursorAnswer`.
 *
 * - `permission: "deny"` blocks with `agent_message` as the reason the model reads and `user_message` shown (the
 *   reason when there is no `agent_message`); `ask` asks the user with `user_message`; `allow` approves; on
 *   subagentStart deny and ask refuse the subagent (`BlockAction`).
 * - `updated_input` (preToolUse), `additional_context` (postToolUse, sessionStart), `updated_mcp_tool_output`
 *   (postToolUse, `MCP:<tool>` tools), `followup_message` (stop, subagentStop), `continue: false` (beforeSubmitPrompt),
 *   preCompact's `user_message`; any other field is discarded with a `discarded-field` Diagnostic naming its path.
 * - The first hooks page's camelCase `agentMessage` and `userMessage` decide as the snake_case ones.
 * - The events that only observe change nothing the agent does: their answer is discarded, exit 2 blocks nothing, a
 *   failed run is reported.
 * - JSON is read only on exit 0; exit 2 takes the event's blocking row with stderr; another failure fails open
 *   unless the hook is `failClosed` (`onFailure: "block"`).
 *
 * The laws at the end each found a bug (their comments keep the counterexample); they hold since it was fixed.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { statisticsWithCounts } from "./support/statistics.ts"
import type { DecideOptions, Dialect, HookEffect, HookEvent, HookRun, OnFailure } from "../src/index.ts"
import { audienceOf, decide, textOf } from "../src/index.ts"
import { dialects } from "../src/core/dialect.ts"
import { agentEventOf, dialectEvents } from "../src/core/dialect-events.ts"
import { promptOutcome } from "../src/core/prompt-verdict.ts"
import { jsonPath } from "../src/core/read-output.ts"
import {
  cursorAnswerArb,
  cursorForeignFieldsArb,
  cursorMessageArb,
  cursorToolNameArb,
  cursorValidAnswerArb
} from "./arbitraries/cursor-answers.ts"
import { decideInputArb } from "./arbitraries/decide-input.ts"
import { exitCodeArb, failureExitCodeArb } from "./arbitraries/exit-codes.ts"
import type { JsonObject } from "./arbitraries/hook-output.ts"
import { exitedRunArb, failedRunArb, hookRunArb } from "./arbitraries/hook-runs.ts"
import { onFailureArb, policyInArb } from "./arbitraries/policies.ts"
import { serializedJsonArb, stdoutArb } from "./arbitraries/stdout.ts"
import { shortWeirdStringArb } from "./arbitraries/strings.ts"
import { multisetMinus } from "./support/effect-lists.ts"
import type { CursorRow, ExpectedEffect } from "./support/cursor-answer-table.ts"
import {
  actionRefusingRows,
  askNotEnforcedRows,
  cursorBlockingTag,
  cursorDecides,
  cursorFieldOf,
  cursorReads,
  cursorRows,
  cursorRowsOf,
  documentedCamelCase,
  isCursorDialect,
  permissionRows
} from "./support/cursor-answer-table.ts"

/** The dialects of Cursor's vocabulary. */
const cursorDialects: ReadonlyArray<Dialect> = dialects.filter(isCursorDialect)
const cursorDialectArb: fc.Arbitrary<Dialect> = fc.constantFrom(...cursorDialects)

/** The rows whose answer is read, those that only observe, and the before-events that refuse a tool call. */
const readingRows = cursorRows.filter((row) => !row.observes)
const observingRows = cursorRows.filter((row) => row.observes)
const toolPermissionRows = readingRows.filter(
  (row) => permissionRows.has(row.name) && !actionRefusingRows.has(row.name)
)
const rowNamed = (name: string): CursorRow => cursorRows.find((row) => row.name === name)!

interface CursorInput {
  readonly event: HookEvent
  readonly row: CursorRow
  readonly run: HookRun
  readonly policy: DecideOptions
}

/** The payload's tool on a row's event: MCP tools on postToolUse half the time (their result can be replaced). */
const toolNameArbFor = (row: CursorRow): fc.Arbitrary<string | undefined> =>
  row.event === "PostToolUse"
    ? fc.oneof(fc.constantFrom("MCP:query", "MCP:deploy"), cursorToolNameArb)
    : row.event === "PreToolUse" || row.event === "PostToolUseFailure"
      ? cursorToolNameArb
      : fc.constant(undefined)

/** The rows whose answers decide the most (preToolUse, postToolUse, subagentStart, beforeSubmitPrompt) three times as often. */
const rowArb = (rows: ReadonlyArray<CursorRow>): fc.Arbitrary<CursorRow> =>
  fc.oneof(
    ...rows.map((row) => ({
      arbitrary: fc.constant(row),
      weight: ["preToolUse", "postToolUse", "subagentStart", "beforeSubmitPrompt"].includes(row.name) ? 3 : 1
    }))
  )

/**
 * A `decide` input for one of `rows` ({@link rowArb}): a dialect of Cursor's, `onFailure` from `onFailure`, the row
 * by its name (the event's own row half the time by the event alone, as a host that fires the internal event does),
 * the payload's tool, and a run from `runFor`.
 */
const cursorInputArb = (
  rows: ReadonlyArray<CursorRow>,
  runFor: (row: CursorRow) => fc.Arbitrary<HookRun>,
  onFailure: fc.Arbitrary<OnFailure> = fc.constant("continue")
): fc.Arbitrary<CursorInput> =>
  fc.tuple(rowArb(rows), cursorDialectArb, onFailure).chain(([row, dialect, failure]) =>
    fc
      .tuple(cursorRowsOf(row.event)[0] === row ? fc.boolean() : fc.constant(true), toolNameArbFor(row), runFor(row))
      .map(
        ([named, toolName, run]): CursorInput => ({
          event: row.event,
          row,
          run,
          policy: {
            dialect,
            onFailure: failure,
            ...(named ? { agentEvent: row.name } : {}),
            ...(toolName === undefined ? {} : { toolName })
          }
        })
      )
  )

/** A run that exits 0 printing `json` (compact or indented, padded), with some stderr. */
const answeredRunArb = (json: fc.Arbitrary<JsonObject>): fc.Arbitrary<HookRun> =>
  exitedRunArb("PreToolUse", {
    exitCode: fc.constant(0),
    stdout: serializedJsonArb(json, { noisy: false }),
    stderr: shortWeirdStringArb,
    extras: fc.constant({})
  })

const decideOf = (input: CursorInput): ReadonlyArray<HookEffect> => decide(input.event, input.run, input.policy)
const diagnosticsOf = (effects: ReadonlyArray<HookEffect>) =>
  effects.flatMap((e) => (e._tag === "Diagnostic" ? [e] : []))
const nonDiagnostic = (effects: ReadonlyArray<HookEffect>) => effects.filter((e) => e._tag !== "Diagnostic")

/** Whether an effect is the expected one: its tag, and its text where the oracle fixes it. */
const isExpected = (effect: HookEffect, expected: ExpectedEffect): boolean =>
  effect._tag === expected._tag && (expected.text === undefined || textOf(effect) === expected.text)

/** Asserts `actual` (Diagnostics aside) is `expected` as a multiset. */
const assertExpectedEffects = (actual: ReadonlyArray<HookEffect>, expected: ReadonlyArray<ExpectedEffect>): void => {
  const left = [...nonDiagnostic(actual)]
  for (const want of expected) {
    const index = left.findIndex((effect) => isExpected(effect, want))
    assert.isAtLeast(
      index,
      0,
      `no ${want._tag}${want.text === undefined ? "" : ` "${want.text}"`} in ${JSON.stringify(actual)}`
    )
    left.splice(index, 1)
  }
  assert.deepStrictEqual(left, [], `effects the oracle does not expect, in ${JSON.stringify(actual)}`)
}

/** Whether a Diagnostic's message names `key`'s path: alone (`$.key: ...`), or in an observing row's list. */
const namesPath = (message: string, key: string): boolean => {
  const path = jsonPath([key])
  return (
    message.startsWith(`${path}:`) ||
    message.startsWith(`${path}, `) ||
    message.includes(`, ${path}:`) ||
    message.includes(`, ${path}, `)
  )
}

/** The JSON object a run printed. */
const answerOf = (run: HookRun): JsonObject => JSON.parse(run.stdout.trim().replace(/^\uFEFF/u, "")) as JsonObject

/** `answer` with the documented camelCase spellings (`agentMessage`, `userMessage`) in `to`'s spelling. */
const spelt = (answer: JsonObject, to: "snake" | "camel"): JsonObject =>
  Object.fromEntries(
    Object.entries(answer).map(([key, value]) => {
      const snake = Object.entries(documentedCamelCase).find(([s, c]) => key === s || key === c)?.[0]
      return [snake === undefined ? key : to === "snake" ? snake : documentedCamelCase[snake]!, value]
    })
  )

/** A Diagnostic reduced to its code (its message names the key as written), other effects as they are. */
const withoutPaths = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<unknown> =>
  effects.map((e) => (e._tag === "Diagnostic" ? { _tag: "Diagnostic", code: e.code } : e))

/** Whether a run failed: no exit of its own, or an exit code other than 0 and 2. */
const failed = (run: HookRun): boolean => run.exitCode === null || (run.exitCode !== 0 && run.exitCode !== 2)

/** Effects that change what the agent does (every effect but a message and a Diagnostic). */
const isDeciding = (effect: HookEffect): boolean => effect._tag !== "ShowUser" && effect._tag !== "Diagnostic"

describe("cursor vocabulary laws", () => {
  it("should have Cursor's events: the oracle's rows are the dialect's, each event's own row first", () => {
    for (const dialect of cursorDialects) {
      assert.deepStrictEqual(
        dialectEvents[dialect].map((row) => ({ name: row.name, event: row.event, observes: row.observes === true })),
        cursorRows.map((row) => ({ name: row.name, event: row.event, observes: row.observes })),
        `${dialect}'s events`
      )
      for (const row of cursorRows)
        assert.strictEqual(agentEventOf(dialect, row.event)?.name, cursorRowsOf(row.event)[0]?.name, row.event)
    }
  })

  it("should decide a well-typed Cursor answer as 5.3.3 says on every event that reads it (Diagnostics aside), fields it does not read changing nothing", () => {
    fc.assert(
      fc.property(
        cursorInputArb(readingRows, (row) => answeredRunArb(cursorAnswerArb(row.name))),
        (input) => {
          const effects = decideOf(input)
          const expected = cursorDecides(input.row.name, answerOf(input.run), input.policy.toolName)
          assertExpectedEffects(effects, expected.effects)
          const codes = diagnosticsOf(effects).map((d) => d.code)
          for (const code of expected.codes) assert.include(codes, code, `no ${code} Diagnostic`)
        }
      )
    )
  })

  it("should let a Cursor deny block the tool with agent_message as the reason and user_message shown (the reason without agent_message)", () => {
    const denyArb = fc
      .tuple(
        fc.option(cursorMessageArb, { nil: undefined }),
        fc.option(cursorMessageArb, { nil: undefined }),
        fc.boolean()
      )
      .map(([agent, user, camel]) =>
        spelt(
          {
            permission: "deny",
            ...(agent === undefined ? {} : { agent_message: agent }),
            ...(user === undefined ? {} : { user_message: user })
          },
          camel ? "camel" : "snake"
        )
      )
    fc.assert(
      fc.property(
        cursorInputArb(toolPermissionRows, () => answeredRunArb(denyArb)),
        (input) => {
          const effects = nonDiagnostic(decideOf(input))
          const answer = spelt(answerOf(input.run), "snake")
          const agent = answer["agent_message"] as string | undefined
          const user = answer["user_message"] as string | undefined
          const blocks = effects.filter((e) => e._tag === "BlockTool")
          assert.lengthOf(blocks, 1, "one BlockTool")
          const reason = textOf(blocks[0]!)
          if (agent !== undefined) assert.strictEqual(reason, agent, "the reason is agent_message")
          else if (user !== undefined) assert.strictEqual(reason, user, "the reason is user_message")
          else assert.isTrue((reason ?? "").length > 0, "a default reason")
          const shown = effects.filter((e) => e._tag === "ShowUser").map(textOf)
          assert.deepStrictEqual(shown, agent !== undefined && user !== undefined ? [user] : [], "user_message shown")
          assert.deepStrictEqual(
            effects.map((e) => e._tag).sort(),
            [...(shown.length > 0 ? ["ShowUser" as const] : []), "BlockTool"].sort(),
            "nothing else"
          )
        }
      )
    )
  })

  it("should let a Cursor ask ask the user with user_message as the question, saying so where Cursor does not enforce ask", () => {
    const askArb = fc
      .tuple(fc.option(cursorMessageArb, { nil: undefined }), fc.option(cursorMessageArb, { nil: undefined }))
      .map(([agent, user]) => ({
        permission: "ask",
        ...(agent === undefined ? {} : { agent_message: agent }),
        ...(user === undefined ? {} : { user_message: user })
      }))
    fc.assert(
      fc.property(
        cursorInputArb(toolPermissionRows, () => answeredRunArb(askArb)),
        (input) => {
          const effects = decideOf(input)
          const answer = answerOf(input.run)
          const asks = effects.filter((e) => e._tag === "AskPermission")
          assert.lengthOf(asks, 1, "one AskPermission")
          const question = answer["user_message"] as string | undefined
          if (question !== undefined) assert.strictEqual(textOf(asks[0]!), question, "the question")
          for (const effect of effects)
            assert.isFalse(["BlockTool", "AllowTool", "ShowUser"].includes(effect._tag), `${effect._tag} on ask`)
          const stricter = diagnosticsOf(effects).some((d) => d.code === "stricter-than-agent")
          assert.strictEqual(
            stricter,
            askNotEnforcedRows.has(input.row.name),
            "stricter-than-agent where ask is not enforced"
          )
        }
      )
    )
  })

  it("should let a Cursor allow approve the call, and updated_input rewrite it on preToolUse only", () => {
    const allowArb = fc
      .tuple(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), fc.boolean())
      .map(([input, rewrite]) => ({ permission: "allow", ...(rewrite ? { updated_input: input } : {}) }))
    fc.assert(
      fc.property(
        cursorInputArb(toolPermissionRows, () => answeredRunArb(allowArb)),
        (input) => {
          const effects = decideOf(input)
          const answer = answerOf(input.run)
          assert.lengthOf(
            effects.filter((e) => e._tag === "AllowTool"),
            1,
            "one AllowTool"
          )
          const updates = effects.flatMap((e) => (e._tag === "UpdateInput" ? [e.input] : []))
          const rewrites = cursorReads(input.row.name).has("updated_input") && "updated_input" in answer
          assert.deepStrictEqual(updates, rewrites ? [answer["updated_input"]] : [], "UpdateInput")
          if ("updated_input" in answer && !rewrites)
            assert.isTrue(
              diagnosticsOf(effects).some((d) => d.code === "discarded-field" && namesPath(d.message, "updated_input")),
              "no discarded-field Diagnostic for updated_input"
            )
          for (const effect of effects)
            assert.isFalse(["BlockTool", "AskPermission"].includes(effect._tag), `${effect._tag} on allow`)
        }
      )
    )
  })

  it("should let subagentStart's deny or ask always refuse the subagent (BlockAction), whatever else the answer holds, and allow never", () => {
    const subagentStart = rowNamed("subagentStart")
    const refusalArb = fc
      .tuple(cursorAnswerArb("subagentStart"), fc.constantFrom("deny", "ask", "allow"))
      .map(([answer, permission]) => ({ ...answer, permission }))
    fc.assert(
      fc.property(
        cursorInputArb([subagentStart], () => answeredRunArb(refusalArb)),
        (input) => {
          const permission = answerOf(input.run)["permission"]
          const refusals = decideOf(input).filter((e) => e._tag === "BlockAction")
          assert.lengthOf(refusals, permission === "allow" ? 0 : 1, `BlockAction on ${String(permission)}`)
        }
      )
    )
  })

  it("should let subagentStart's exit 2, and a failed run of a failClosed hook, refuse the subagent (BlockAction)", () => {
    const subagentStart = rowNamed("subagentStart")
    fc.assert(
      fc.property(
        cursorInputArb(
          [subagentStart],
          () =>
            fc.oneof(
              exitedRunArb("SubagentStart", { exitCode: fc.oneof(fc.constant(2), failureExitCodeArb) }),
              failedRunArb("SubagentStart", "cursor")
            ),
          onFailureArb
        ),
        (input) => {
          const refuses = input.run.exitCode === 2 || input.policy.onFailure === "block"
          const refusals = decideOf(input).filter((e) => e._tag === "BlockAction")
          assert.lengthOf(refusals, refuses ? 1 : 0, "BlockAction")
        }
      )
    )
  })

  it("should let the events that only observe change nothing the agent does: only Diagnostics, and ShowUser for failed runs (or a cut or escaped output)", () => {
    fc.assert(
      fc.property(
        cursorInputArb(observingRows, (row) => hookRunArb(row.event, "cursor", row.name), onFailureArb),
        (input) => {
          const effects = decideOf(input)
          const { run } = input
          const cut = run.truncated === true || (run.truncatedStreams ?? []).length > 0 || run.escaped !== undefined
          for (const effect of effects) {
            assert.isFalse(isDeciding(effect), `${effect._tag} from a hook that only observes`)
            if (effect._tag === "ShowUser")
              assert.isTrue(
                (effect.level === "error" && failed(run)) || (effect.level === "warning" && cut),
                `ShowUser ${effect.level} from a run that ${failed(run) ? "failed" : "did not fail"}`
              )
          }
          if (run.exitCode === 2)
            assert.isTrue(
              diagnosticsOf(effects).some((d) => d.code === "ignored-output"),
              "no ignored-output Diagnostic for exit 2"
            )
        }
      )
    )
  })

  it("should discard an observing event's answer with one discarded-field Diagnostic naming every key", () => {
    fc.assert(
      fc.property(
        cursorInputArb(observingRows, (row) =>
          answeredRunArb(
            fc
              .tuple(cursorAnswerArb(row.name), cursorForeignFieldsArb(row.name))
              .map(([answer, foreign]) => ({ ...foreign, ...answer }))
          )
        ),
        (input) => {
          const effects = decideOf(input)
          const keys = Object.keys(answerOf(input.run))
          const discarded = diagnosticsOf(effects).filter((d) => d.code === "discarded-field")
          assert.lengthOf(discarded, 1, "one discarded-field Diagnostic")
          for (const key of keys) assert.isTrue(namesPath(discarded[0]!.message, key), `${jsonPath([key])} not named`)
          assert.deepStrictEqual(nonDiagnostic(effects), [], "effects of a discarded answer")
        }
      )
    )
  })

  it("should name every field an event does not read in a discarded-field Diagnostic with its JSON path", () => {
    fc.assert(
      fc.property(
        cursorInputArb(readingRows, (row) =>
          answeredRunArb(
            fc
              .tuple(cursorValidAnswerArb(row.name), cursorForeignFieldsArb(row.name))
              .map(([answer, foreign]) => ({ ...foreign, ...answer }))
          )
        ),
        (input) => {
          const answer = answerOf(input.run)
          const reads = cursorReads(input.row.name)
          const messages = diagnosticsOf(decideOf(input))
            .filter((d) => d.code === "discarded-field")
            .map((d) => d.message)
          for (const key of Object.keys(answer)) {
            const field = cursorFieldOf(key)
            // 5.3.3: updated_mcp_tool_output replaces an MCP tool's result only.
            const mcpOnly = field === "updated_mcp_tool_output" && input.policy.toolName?.startsWith("MCP:") !== true
            if (field !== undefined && reads.has(field) && !mcpOnly) continue
            assert.isTrue(
              messages.some((m) => m.startsWith(`${jsonPath([key])}:`)),
              `no discarded-field Diagnostic for ${jsonPath([key])}`
            )
          }
        }
      )
    )
  })

  it("should let the first hooks page's camelCase agentMessage and userMessage decide as agent_message and user_message", () => {
    fc.assert(
      fc.property(
        cursorInputArb(readingRows, (row) => answeredRunArb(cursorAnswerArb(row.name).map((a) => spelt(a, "snake")))),
        (input) => {
          const camel = { ...input.run, stdout: JSON.stringify(spelt(answerOf(input.run), "camel")) }
          assert.deepStrictEqual(withoutPaths(decide(input.event, camel, input.policy)), withoutPaths(decideOf(input)))
        }
      )
    )
  })

  it("should let continue: false refuse the prompt on beforeSubmitPrompt (user_message the reason), and elsewhere change nothing but a discarded-field Diagnostic naming it", () => {
    fc.assert(
      fc.property(
        cursorInputArb(readingRows, (row) =>
          answeredRunArb(cursorValidAnswerArb(row.name).map(({ continue: _go, ...rest }) => rest))
        ),
        (input) => {
          const answer = answerOf(input.run)
          const stopping = { ...input.run, stdout: JSON.stringify({ ...answer, continue: false }) }
          const effects = decide(input.event, stopping, input.policy)
          assert.isFalse(
            effects.some((e) => e._tag === "StopAgent"),
            "StopAgent from a Cursor answer"
          )
          if (input.row.name === "beforeSubmitPrompt") {
            const refusals = effects.filter((e) => e._tag === "BlockPrompt")
            assert.lengthOf(refusals, 1, "one BlockPrompt")
            const user = (answer["user_message"] ?? answer["userMessage"]) as string | undefined
            if (user !== undefined && user.length > 0) assert.strictEqual(textOf(refusals[0]!), user, "the reason")
            return
          }
          const extra = multisetMinus(effects, decideOf(input))
          assert.isDefined(extra, "continue: false changed the other effects")
          assert.lengthOf(extra ?? [], 1, "one more effect")
          const [diagnostic] = extra ?? []
          assert.isTrue(
            diagnostic?._tag === "Diagnostic" &&
              diagnostic.code === "discarded-field" &&
              diagnostic.message.startsWith("$.continue:"),
            `${JSON.stringify(diagnostic)} is not a discarded-field Diagnostic naming $.continue`
          )
        }
      )
    )
  })

  it("should read JSON only on exit 0: on any other exit, stdout changes nothing (every event, both onFailure values)", () => {
    fc.assert(
      fc.property(
        cursorInputArb(
          cursorRows,
          (row) =>
            exitedRunArb(row.event, {
              exitCode: exitCodeArb.filter((code) => code !== 0),
              stdout: stdoutArb(row.event, "cursor", row.name)
            }),
          onFailureArb
        ),
        (input) => {
          assert.deepStrictEqual(decideOf(input), decide(input.event, { ...input.run, stdout: "" }, input.policy))
        }
      )
    )
  })

  it("should let exit 2 take the event's blocking row with stderr, and another failure block only when the hook fails closed (onFailure block)", () => {
    fc.assert(
      fc.property(
        cursorInputArb(
          readingRows,
          (row) =>
            fc.oneof(
              exitedRunArb(row.event, {
                exitCode: fc.oneof(fc.constant(2), failureExitCodeArb),
                stdout: stdoutArb(row.event, "cursor", row.name),
                stderr: cursorMessageArb
              }),
              failedRunArb(row.event, "cursor", row.name)
            ),
          onFailureArb
        ),
        (input) => {
          const effects = decideOf(input)
          const tag = cursorBlockingTag(input.row.name)
          const blocks = input.run.exitCode === 2 || input.policy.onFailure === "block"
          const deciding = effects.filter(isDeciding)
          if (!blocks || tag === undefined) {
            assert.deepStrictEqual(deciding, [], "a failed run that does not block decides nothing")
            assert.isTrue(
              effects.some((e) => e._tag === "ShowUser" && e.level === "error"),
              "the failed run is not reported"
            )
            return
          }
          assert.deepStrictEqual(
            deciding.map((e) => e._tag),
            [tag],
            "the blocking row"
          )
          if (input.run.exitCode === 2)
            assert.strictEqual(textOf(deciding[0]!), input.run.stderr.trim(), "stderr is the blocking text")
        }
      )
    )
  })
})

// ====== Laws that once failed ======

describe("cursor vocabulary: laws that once failed (each found a bug, now fixed)", () => {
  // Found by this law: `translateCursorAnswer` marks agent_message read on every event and uses it only as a deny's
  // reason, an ask's question without user_message, or subagentStart's refusal; elsewhere (stop, sessionStart, an
  // allow, an ask with user_message, beforeSubmitPrompt, preCompact) it is dropped with no Diagnostic, where 5.3.3
  // says any other field is discarded with one. Counterexample: stop, exit 0, stdout '{"agent_message":"A"}' gives [].
  it("should name every agent_message that decides nothing in a discarded-field Diagnostic", () => {
    const withAgentArb = (rowName: string) =>
      fc.tuple(cursorValidAnswerArb(rowName), cursorMessageArb).map(([answer, agent]) => ({
        ...spelt(answer, "snake"),
        agent_message: agent
      }))
    fc.assert(
      fc.property(
        cursorInputArb(readingRows, (row) => answeredRunArb(withAgentArb(row.name))),
        (input) => {
          const answer = answerOf(input.run)
          if (cursorDecides(input.row.name, answer, input.policy.toolName).used.has("agent_message")) return
          assert.isTrue(
            diagnosticsOf(decideOf(input)).some(
              (d) => d.code === "discarded-field" && d.message.startsWith("$.agent_message:")
            ),
            "no discarded-field Diagnostic for $.agent_message"
          )
        }
      ),
      { seed: 20261125 }
    )
  })

  // Found by this law: a message that is not a string (agent_message, user_message, followup_message) is dropped with
  // no Diagnostic (`textOf` in cursor-answer.ts returns undefined and nothing reports it), where 4.5 drops an invalid
  // field with a Diagnostic naming its path. Counterexample: stop, exit 0, stdout '{"followup_message":5}' gives [];
  // beforeShellExecution '{"permission":"deny","agent_message":5}' gives [BlockTool{"Hook denied the tool call."}].
  it("should report a Cursor message that is not a string with a Diagnostic naming its path", () => {
    const messageFields = ["agent_message", "user_message", "followup_message"] as const
    fc.assert(
      fc.property(
        cursorInputArb(readingRows, (row) => {
          const fields = messageFields.filter((f) => cursorReads(row.name).has(f))
          return fields.length === 0
            ? answeredRunArb(fc.constant({ user_message: 5 }))
            : answeredRunArb(
                fc
                  .tuple(cursorValidAnswerArb(row.name), fc.constantFrom(...fields), fc.constantFrom(5, null, true, []))
                  .map(([answer, field, value]) => ({ ...spelt(answer, "snake"), [field]: value }))
              )
        }),
        (input) => {
          const effects = decideOf(input)
          for (const key of Object.keys(answerOf(input.run))) {
            if (!(messageFields as ReadonlyArray<string>).includes(key)) continue
            if (typeof answerOf(input.run)[key] === "string") continue
            assert.isTrue(
              diagnosticsOf(effects).some((d) => d.message.startsWith(`${jsonPath([key])}:`)),
              `no Diagnostic for ${jsonPath([key])}`
            )
          }
        }
      ),
      { seed: 20261125 }
    )
  })

  // Found by this law: a field of the wrong type that the translation passes on (additional_context,
  // updated_input, updated_mcp_tool_output) is reported by `readOutput` at the Claude Code path it was translated to,
  // a path the hook never wrote. Counterexample: postToolUse, exit 0, stdout '{"additional_context":5}' gives
  // [Diagnostic{invalid-field, "$.hookSpecificOutput.additionalContext: expected string, found the number 5; ..."}].
  it("should name a Cursor field of the wrong type by the path the hook wrote", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["postToolUse", "additional_context"],
      ["sessionStart", "additional_context"],
      ["preToolUse", "updated_input"]
    ]
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.constantFrom<unknown>(5, true, "x", []),
        cursorDialectArb,
        ([rowName, field], value, dialect) => {
          if (field === "additional_context" && typeof value === "string") return
          const row = rowNamed(rowName)
          const run: HookRun = {
            exitCode: 0,
            stdout: JSON.stringify({ [field]: value }),
            stderr: "",
            durationMs: 1,
            timedOut: false
          }
          const effects = decide(row.event, run, { dialect, onFailure: "continue", agentEvent: rowName })
          assert.isTrue(
            diagnosticsOf(effects).some((d) => d.message.startsWith(`${jsonPath([field])}:`)),
            `no Diagnostic names ${jsonPath([field])}: ${JSON.stringify(effects)}`
          )
        }
      ),
      { seed: 20261125 }
    )
  })

  // Found by this law: an ask without user_message asks the user with agent_message (`translateCursorAnswer`: the
  // question is `userMessage ?? agentMessage`), and subagentStart's refusal is a BlockAction (the user reads it,
  // section 3) whose reason is agent_message: the text Cursor gives the model (research 4.4, "agent_message (model)";
  // subagentStart's fields are permission and user_message) reaches the user. Counterexamples: beforeMCPExecution,
  // exit 0, stdout '{"permission":"ask","agent_message":"no"}' gives [AskPermission{"no"}]; subagentStart,
  // '{"permission":"deny","agent_message":"A"}' gives [BlockAction{"A"}].
  it("should never show agent_message, the model's text, to the user", () => {
    fc.assert(
      fc.property(
        cursorInputArb(readingRows, (row) =>
          answeredRunArb(
            fc.tuple(cursorValidAnswerArb(row.name), cursorMessageArb).map(([answer, agent]) => ({
              ...spelt(answer, "snake"),
              agent_message: `\u27E6agent\u27E7${agent}`
            }))
          )
        ),
        (input) => {
          for (const effect of decideOf(input))
            if (audienceOf(effect) === "user")
              assert.notInclude(
                textOf(effect) ?? "",
                "\u27E6agent\u27E7",
                `agent_message shown to the user by ${effect._tag}`
              )
        }
      ),
      { seed: 20261125 }
    )
  })

  // Found by this law: a `prompt` hook (Cursor's second hook type, research 4.3: {ok, reason} from a model) that
  // answers ok: false is turned by `promptOutcome` into Claude Code's JSON ({continue: false, stopReason} or a
  // hookSpecificOutput deny, {decision: "block"}), which Cursor's vocabulary discards: the hook blocks nothing, a
  // fail-open. Counterexample: beforeShellExecution, a prompt hook answering {ok: false, reason: "not safe"} gives
  // [Diagnostic{discarded-field, "$.continue: ..."}, Diagnostic{discarded-field, "$.stopReason: ..."}].
  it("should let a Cursor prompt hook that answers ok: false refuse what it guards", () => {
    // The events a prompt hook guards: the before-events' tool calls and beforeSubmitPrompt's prompt.
    const guarded = readingRows.filter((row) => row.event === "PreToolUse" || row.event === "UserPromptSubmit")
    fc.assert(
      fc.property(
        fc.constantFrom(...guarded),
        cursorDialectArb,
        fc.option(fc.boolean(), { nil: undefined }),
        cursorMessageArb,
        (row, dialect, continueOnBlock, reason) => {
          const run = promptOutcome(
            row.event,
            { ok: false, reason },
            { type: "prompt", label: "prompt", ...(continueOnBlock === undefined ? {} : { continueOnBlock }) }
          )
          // The runner marks a prompt hook's run as the engine's own answer (run-hooks.ts).
          const effects = decide(row.event, run, {
            dialect,
            onFailure: "continue",
            agentEvent: row.name,
            engineAnswer: true
          })
          assert.isTrue(effects.some(isDeciding), `${row.name}: ok: false decided nothing: ${JSON.stringify(effects)}`)
        }
      ),
      { seed: 20261125 }
    )
  })
})

// ====== Reach ======

/** The cases the laws are about that one `decide` result of a Cursor run holds. */
const cursorClasses = (
  input: { readonly event: HookEvent; readonly policy: DecideOptions },
  effects: ReadonlyArray<HookEffect>
) => {
  const classes = new Set<string>()
  for (const effect of effects) {
    if (effect._tag === "Diagnostic") {
      if (effect.code === "discarded-field" || effect.code === "stricter-than-agent") classes.add(effect.code)
    } else if (effect._tag === "ShowUser") classes.add(`ShowUser ${effect.level}`)
    else classes.add(effect._tag)
  }
  const row = input.policy.agentEvent ?? agentEventOf(input.policy.dialect, input.event)?.name
  if (cursorRows.find((r) => r.name === row)?.observes === true) classes.add("a row that only observes")
  if (input.policy.agentEvent !== undefined && input.policy.agentEvent !== cursorRowsOf(input.event)[0]?.name)
    classes.add("another row than the event's own")
  return classes.size === 0 ? ["nothing"] : [...classes]
}

describe("cursor generator reach", () => {
  const seed = 20261125
  const numRuns = 2000

  /** The share of `arb`'s values in each class, printed with `fc.statistics` first. */
  const reach = <A>(name: string, arb: fc.Arbitrary<A>, classify: (value: A) => ReadonlyArray<string>) => {
    const counts = statisticsWithCounts(name, arb, classify, { seed, numRuns })
    return (label: string) => (counts.get(label) ?? 0) / numRuns
  }

  // The generic generator's cursor runs meet the permission, block and discard cases often; the rarer effects (context,
  // an MCP result, subagentStart's refusal) are the next test's, whose rows are Cursor's own.
  it("should make the generic decideInputArb give cursor its vocabulary: its permission and block effects, discarded fields, other rows than the event's own and the rows that only observe in at least 5% of cursor runs", () => {
    const arb = decideInputArb(undefined, policyInArb(cursorDialectArb)).map((input) => ({
      input,
      effects: decide(input.event, input.run, input.policy)
    }))
    const share = reach("decide(decideInputArb(cursor))", arb, ({ effects, input }) => cursorClasses(input, effects))
    for (const label of [
      "AllowTool",
      "AskPermission",
      "BlockTool",
      "UpdateInput",
      "BlockStop",
      "BlockPrompt",
      "ShowUser warning",
      "discarded-field",
      "a row that only observes",
      "another row than the event's own"
    ])
      assert.isAtLeast(share(label), 0.05, `${label}: ${(share(label) * 100).toFixed(1)}% of cursor runs`)
  })

  it("should make the answers of cursor-answers.ts reach every Cursor effect on the events that read them in at least 5% of runs", () => {
    const arb = cursorInputArb(readingRows, (row) => answeredRunArb(cursorAnswerArb(row.name))).map((input) => ({
      input,
      effects: decideOf(input)
    }))
    const share = reach("decide(cursorAnswerArb)", arb, ({ effects, input }) => [
      ...cursorClasses(input, effects),
      ...(Object.keys(answerOf(input.run)).some((key) => Object.values(documentedCamelCase).includes(key))
        ? ["camelCase message"]
        : [])
    ])
    for (const label of [
      "AllowTool",
      "AskPermission",
      "BlockTool",
      "BlockAction",
      "UpdateInput",
      "UpdateToolOutput",
      "InjectContext",
      "BlockStop",
      "BlockPrompt",
      "ShowUser warning",
      "discarded-field",
      "camelCase message"
    ])
      assert.isAtLeast(share(label), 0.05, `${label}: ${(share(label) * 100).toFixed(1)}% of runs`)
  })
})
