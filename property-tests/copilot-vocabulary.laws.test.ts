/**
 * Laws of `decide` and the merge rows in the dialects whose answers are GitHub Copilot CLI's (`vocabulary:
 * "copilot"`): what Copilot's top-level fields decide on its camelCase events, its reading of stdout (progress lines
 * removed, the rest one JSON object or no answer), its exit-code rows, the later-verdict-overrides merge of
 * permissionRequest and the joined postToolUse contexts, and the two payload shapes. Written from ARCHITECTURE 5.3.4
 * and Copilot's hooks reference as research agent-dialects.md 5.2-5.5 records it: the oracle is
 * `support/copilot-answer-table.ts` and the answers of `arbitraries/copilot-answers.ts`, not `decide`,
 * `copilotRun` or `translateCopilotAnswer`.
 *
 * The laws at the end each found a bug in src/ (their comments keep the counterexample); they hold since it was fixed.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { DecideOptions, Dialect, HookEffect, HookEvent, HookRun } from "../src/index.ts"
import { decide, textOf } from "../src/index.ts"
import { dialects } from "../src/core/dialect.ts"
import { dialectEvents } from "../src/core/dialect-events.ts"
import { copilotPayloadAs } from "../src/core/copilot-payload.ts"
import type { TracedEffect } from "../src/core/trace.ts"
import { BlockTool, AllowTool, InjectContext, ShowUser } from "../src/effects/hook-effect.ts"
import { joinContexts, laterVerdictsOverride } from "../src/settings/merge-rows.ts"
import type { ConfiguredHook } from "../src/settings/settings-schema.ts"
import {
  copilotAnswerArb,
  copilotMessageArb,
  copilotValidAnswerArb,
  progressLineArb
} from "./arbitraries/copilot-answers.ts"
import type { JsonObject } from "./arbitraries/hook-output.ts"
import { shortWeirdStringArb } from "./arbitraries/strings.ts"
import type { CopilotRow, ExpectedEffect } from "./support/copilot-answer-table.ts"
import {
  blockingTags,
  copilotCamelRows,
  copilotDecides,
  copilotRows,
  crashDenyPrefix,
  crashDeniesOn,
  exit2DeniesOn,
  exit2GuidesOn,
  isCopilotDialect
} from "./support/copilot-answer-table.ts"

/** The dialects of Copilot's vocabulary. */
const copilotDialects: ReadonlyArray<Dialect> = dialects.filter(isCopilotDialect)
const copilotDialectArb: fc.Arbitrary<Dialect> = fc.constantFrom(...copilotDialects)

/** The camelCase rows whose answer is read (not only observed). */
const readingRows = copilotCamelRows.filter((row) => !row.observes)
const rowNamed = (name: string): CopilotRow => copilotRows.find((row) => row.name === name)!

interface CopilotInput {
  readonly row: CopilotRow
  readonly run: HookRun
  readonly policy: DecideOptions
}

/** A `decide` input for one of `rows`: a Copilot dialect, `onFailure` either, the row by its name, a run from `runFor`. */
const copilotInputArb = (
  rows: ReadonlyArray<CopilotRow>,
  runFor: (row: CopilotRow) => fc.Arbitrary<HookRun>
): fc.Arbitrary<CopilotInput> =>
  fc
    .tuple(fc.constantFrom(...rows), copilotDialectArb, fc.constantFrom("continue" as const, "block" as const))
    .chain(([row, dialect, onFailure]) =>
      runFor(row).map((run): CopilotInput => ({ row, run, policy: { dialect, onFailure, agentEvent: row.name } }))
    )

/** A run that exits `exitCode` printing `stdout`, with `stderr`. */
const runOf = (exitCode: number | null, stdout: string, stderr: string, extra: Partial<HookRun> = {}): HookRun => ({
  exitCode,
  stdout,
  stderr,
  durationMs: 1,
  timedOut: false,
  ...extra
})

/** An answer as Copilot hooks print it: compact or indented, padded. */
const printedArb = (answer: fc.Arbitrary<JsonObject>): fc.Arbitrary<string> =>
  fc
    .tuple(answer, fc.boolean(), fc.constantFrom("", "\n", "  \n"))
    .map(([json, indented, pad]) => `${pad}${JSON.stringify(json, null, indented ? 2 : undefined)}${pad}`)

const decideOf = (input: CopilotInput): ReadonlyArray<HookEffect> => decide(input.row.event, input.run, input.policy)
const nonDiagnostic = (effects: ReadonlyArray<HookEffect>) => effects.filter((e) => e._tag !== "Diagnostic")
const blocks = (effects: ReadonlyArray<HookEffect>): boolean => effects.some((e) => blockingTags.has(e._tag))

/** Asserts `actual` (Diagnostics aside) is `expected` as a multiset (tags, and texts where the oracle fixes them). */
const assertExpected = (actual: ReadonlyArray<HookEffect>, expected: ReadonlyArray<ExpectedEffect>): void => {
  const left = [...nonDiagnostic(actual)]
  for (const want of expected) {
    const index = left.findIndex((e) => e._tag === want._tag && (want.text === undefined || textOf(e) === want.text))
    assert.isAtLeast(index, 0, `no ${want._tag} ${want.text ?? ""} in ${JSON.stringify(actual)}`)
    left.splice(index, 1)
  }
  assert.deepStrictEqual(left, [], `more than the table says: ${JSON.stringify(actual)}`)
}

describe("copilot vocabulary laws", () => {
  it("should give every camelCase event's well-typed answer exactly the effects research 5.4 lists", () => {
    const arb = copilotInputArb(readingRows, (row) =>
      printedArb(copilotValidAnswerArb(row.name)).map((stdout) => runOf(0, stdout, ""))
    )
    fc.statistics(
      arb,
      (input) => `${input.row.name}: ${nonDiagnostic(decideOf(input)).length > 0 ? "decides" : "none"}`,
      { numRuns: 400 }
    )
    fc.assert(
      fc.property(arb, (input) => {
        const answer = JSON.parse(input.run.stdout) as JsonObject
        assertExpected(decideOf(input), copilotDecides(input.row.name, answer))
      })
    )
  })

  it("should let a deny on preToolUse always block, whatever else the answer says", () => {
    const arb = copilotInputArb([rowNamed("preToolUse")], () =>
      fc
        .tuple(copilotAnswerArb("preToolUse"), fc.option(copilotMessageArb, { nil: undefined }))
        .chain(([answer, reason]) =>
          printedArb(
            fc.constant({
              ...answer,
              permissionDecision: "deny",
              ...(reason === undefined ? {} : { permissionDecisionReason: reason })
            })
          )
        )
        .map((stdout) => runOf(0, stdout, ""))
    )
    fc.assert(
      fc.property(arb, (input) => {
        const effects = decideOf(input)
        const answer = JSON.parse(input.run.stdout) as JsonObject
        const block = effects.find((e) => e._tag === "BlockTool")
        assert.isDefined(block, `no BlockTool in ${JSON.stringify(effects)}`)
        const reason = answer["permissionDecisionReason"]
        if (typeof reason === "string" && reason.length > 0) assert.strictEqual(textOf(block!), reason)
        for (const tag of ["AllowTool", "AskPermission", "UpdateInput"] as const)
          assert.isFalse(
            effects.some((e) => e._tag === tag),
            `${tag} next to a deny`
          )
      })
    )
  })

  it("should deny when a preToolUse hook crashes or exits with another code, and never block on a timeout", () => {
    const crashArb = fc.oneof(
      fc
        .integer({ min: 1, max: 255 })
        .filter((code) => code !== 2)
        .map((code) => runOf(code, "", "")),
      fc.constant(runOf(null, "", "", { signal: "SIGKILL" })),
      fc.constant(runOf(null, "", "", { spawnError: "spawn bash ENOENT" }))
    )
    const arb = fc.tuple(
      copilotInputArb(
        copilotRows.filter((row) => crashDeniesOn.has(row.event)),
        () => fc.tuple(crashArb, shortWeirdStringArb).map(([run, stderr]) => ({ ...run, stderr }))
      ),
      copilotInputArb(
        copilotRows.filter((row) => !row.observes),
        () =>
          fc
            .tuple(printedArb(copilotValidAnswerArb("preToolUse")), shortWeirdStringArb)
            .map(([stdout, stderr]) => runOf(null, stdout, stderr, { timedOut: true }))
      )
    )
    fc.assert(
      fc.property(arb, ([crashed, timedOut]) => {
        const denied = decideOf(crashed).find((e) => e._tag === "BlockTool")
        assert.isDefined(denied, `a crashed ${crashed.row.name} hook did not deny`)
        assert.isTrue(textOf(denied!)?.startsWith(crashDenyPrefix.replace("preToolUse", crashed.row.name)))
        const effects = decideOf(timedOut)
        assert.isFalse(blocks(effects), `a timed-out ${timedOut.row.name} hook blocked: ${JSON.stringify(effects)}`)
        assert.isTrue(
          effects.some((e) => e._tag === "ShowUser" && e.level === "warning"),
          "a timeout is not a warning"
        )
      })
    )
  })

  it("should never let progress lines change the decision (exit 0, and exit 2 where stdout is not guidance)", () => {
    const arb = progressArb(
      readingRows.filter((row) => !exit2GuidesOn.has(row.event)),
      [0, 2]
    )
    fc.assert(
      fc.property(arb, ({ input, noisy }) => {
        assert.deepStrictEqual(
          nonDiagnostic(decide(input.row.event, noisy, input.policy)),
          nonDiagnostic(decideOf(input))
        )
      })
    )
  })

  it("should never let progress lines change the decision on exit 0 where exit 2's stdout is guidance", () => {
    const arb = progressArb(
      readingRows.filter((row) => exit2GuidesOn.has(row.event)),
      [0]
    )
    fc.assert(
      fc.property(arb, ({ input, noisy }) => {
        assert.deepStrictEqual(
          nonDiagnostic(decide(input.row.event, noisy, input.policy)),
          nonDiagnostic(decideOf(input))
        )
      })
    )
  })
})

/**
 * A run of one of `rows` exiting with one of `exitCodes` and printing an answer, with the same run where progress lines
 * are put before, between (at a line break of an indented answer) or after the answer.
 */
const progressArb = (
  rows: ReadonlyArray<CopilotRow>,
  exitCodes: ReadonlyArray<number>
): fc.Arbitrary<{ readonly input: CopilotInput; readonly noisy: HookRun }> =>
  copilotInputArb(rows, (row) =>
    fc
      .tuple(fc.constantFrom(...exitCodes), printedArb(copilotAnswerArb(row.name)), shortWeirdStringArb)
      .map(([exitCode, stdout, stderr]) => runOf(exitCode, stdout, stderr))
  ).chain((input) =>
    fc.tuple(fc.array(progressLineArb, { minLength: 1, maxLength: 3 }), fc.nat()).map(([progress, at]) => {
      // Progress lines before, between (at a line break of an indented answer) or after the answer.
      const lines = input.run.stdout.split("\n")
      const cut = at % (lines.length + 1)
      const stdout = [...lines.slice(0, cut), ...progress, ...lines.slice(cut)].join("\n")
      return { input, noisy: { ...input.run, stdout } }
    })
  )

describe("copilot vocabulary laws (exit codes)", () => {
  it("should decide nothing on two JSON objects, and report them", () => {
    const arb = copilotInputArb(readingRows, (row) =>
      fc
        .tuple(copilotValidAnswerArb(row.name), copilotValidAnswerArb(row.name), fc.constantFrom("\n", "", " "))
        .map(([first, second, between]) => runOf(0, `${JSON.stringify(first)}${between}${JSON.stringify(second)}`, ""))
    )
    fc.assert(
      fc.property(arb, (input) => {
        const effects = decideOf(input)
        assert.deepStrictEqual(nonDiagnostic(effects), [], "two objects decided something")
        assert.isTrue(
          effects.some((e) => e._tag === "Diagnostic" && e.code === "malformed-json"),
          "two objects were not reported"
        )
      })
    )
  })

  it("should never block on exit 2 outside preToolUse and permissionRequest", () => {
    const arb = copilotInputArb(
      copilotRows.filter((row) => !exit2DeniesOn.has(row.event)),
      (row) =>
        fc
          .tuple(printedArb(copilotAnswerArb(row.camel ? row.name : "preToolUse")), shortWeirdStringArb)
          .map(([stdout, stderr]) => runOf(2, stdout, stderr))
    )
    fc.statistics(arb, (input) => input.row.name, { numRuns: 300 })
    fc.assert(
      fc.property(arb, (input) => {
        const effects = decideOf(input)
        const blocking = effects.filter((e) => blockingTags.has(e._tag))
        assert.deepStrictEqual(blocking, [], `exit 2 blocked ${input.row.name}`)
      })
    )
  })

  it("should deny on exit 2 on preToolUse and permissionRequest, with the answer's reason, else stderr on preToolUse", () => {
    const arb = copilotInputArb(
      copilotCamelRows.filter((row) => exit2DeniesOn.has(row.event)),
      (row) =>
        fc
          .tuple(printedArb(copilotAnswerArb(row.name)), fc.option(copilotMessageArb, { nil: undefined }))
          .map(([stdout, stderr]) => runOf(2, stdout, stderr ?? ""))
    )
    fc.assert(
      fc.property(arb, (input) => {
        const block = decideOf(input).find((e) => e._tag === "BlockTool")
        assert.isDefined(block, `exit 2 did not deny ${input.row.name}`)
        const answer = JSON.parse(input.run.stdout) as JsonObject
        const own = input.row.name === "permissionRequest" ? answer["message"] : answer["permissionDecisionReason"]
        const stderr = input.run.stderr.trim()
        if (typeof own === "string" && own.length > 0) assert.strictEqual(textOf(block!), own)
        else if (input.row.name === "preToolUse" && stderr.length > 0 && answer["reason"] === undefined)
          assert.strictEqual(textOf(block!), stderr)
        // permissionRequest ignores stderr (research 5.3).
        if (input.row.name === "permissionRequest" && !(typeof own === "string" && own.length > 0) && stderr.length > 0)
          assert.notStrictEqual(textOf(block!), stderr)
      })
    )
  })
})

// ====== The merge rows ======

/** A hook of the merge rows: its command, file and scope (the rest of a configured hook is not read). */
const hookOf = (index: number, managed: boolean): ConfiguredHook =>
  ({
    command: `check-${index}.sh`,
    file: managed ? "/etc/github-copilot/policy.d/a.json" : ".github/hooks/a.json",
    scope: managed ? "managed" : "project"
  }) as unknown as ConfiguredHook

const traced = (effect: HookEffect): TracedEffect => ({ effect, id: "test" as TracedEffect["id"], rule: "test" })

type Verdict = "allow" | "deny" | "none"

/** One permissionRequest hook's run as the merge sees it: its verdict, and whether its file is a managed policy. */
const verdictArb: fc.Arbitrary<{ readonly verdict: Verdict; readonly managed: boolean }> = fc.record({
  verdict: fc.constantFrom<Verdict>("allow", "deny", "none"),
  managed: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 })
})

const effectsOf = (verdict: Verdict, index: number): ReadonlyArray<TracedEffect> =>
  verdict === "allow"
    ? [traced(AllowTool())]
    : verdict === "deny"
      ? [traced(BlockTool({ reason: `no ${index}` }))]
      : [traced(ShowUser({ level: "info", text: `ran ${index}` }))]

describe("copilot merge-row laws", () => {
  it("should let a later permissionRequest allow override earlier non-managed denies and say so, and keep a managed deny", () => {
    const arb = fc.array(verdictArb, { minLength: 1, maxLength: 6 })
    fc.statistics(
      arb,
      (list) => {
        const last = list.findLast((r) => r.verdict !== "none")
        const denied = list.filter((r) => r.verdict === "deny")
        if (last?.verdict !== "allow" || denied.length === 0) return "no override asked"
        return denied.some((r) => r.managed) ? "a managed deny stands" : "overridden"
      },
      { numRuns: 500 }
    )
    fc.assert(
      fc.property(arb, (list) => {
        const runs = list.map((r, index) => ({ hook: hookOf(index, r.managed), effects: effectsOf(r.verdict, index) }))
        const { runs: merged, notices } = laterVerdictsOverride(runs)
        const stillDenied = merged.some((run) => run.effects.some((t) => t.effect._tag === "BlockTool"))
        const last = list.findLast((r) => r.verdict !== "none")
        const denied = list.filter((r) => r.verdict === "deny")
        const overrides = last?.verdict === "allow" && denied.length > 0 && !denied.some((r) => r.managed)
        if (overrides) {
          assert.isFalse(stillDenied, "an earlier deny stood against a later allow")
          assert.isTrue(
            notices.some((t) => t.effect._tag === "Diagnostic" && t.effect.code === "overridden-deny"),
            "no overridden-deny Diagnostic"
          )
          assert.isTrue(
            notices.some((t) => t.effect._tag === "ShowUser"),
            "the user is not told"
          )
        } else {
          assert.strictEqual(stillDenied, denied.length > 0, "a deny was dropped without a later allow")
          assert.deepStrictEqual(notices, [])
        }
        // The allows are never touched.
        assert.strictEqual(
          merged.filter((run) => run.effects.some((t) => t.effect._tag === "AllowTool")).length,
          list.filter((r) => r.verdict === "allow").length
        )
      })
    )
  })

  it("should keep every postToolUse context, in order, in one joined text", () => {
    const arb = fc.array(
      fc.oneof(
        copilotMessageArb.map((text) => traced(InjectContext({ text }))),
        copilotMessageArb.map((text) => traced(ShowUser({ level: "info", text })))
      ),
      { maxLength: 6 }
    )
    fc.assert(
      fc.property(arb, fc.constantFrom("\n\n", "\n"), (effects, separator) => {
        const joined = joinContexts(effects, { separator, capBytes: 10 * 1024 })
        const contexts = effects.flatMap((t) => (t.effect._tag === "InjectContext" ? [t.effect.text] : []))
        const after = joined.flatMap((t) => (t.effect._tag === "InjectContext" ? [t.effect.text] : []))
        if (contexts.length === 0) assert.deepStrictEqual(after, [])
        else assert.deepStrictEqual(after, [contexts.join(separator)])
        // Everything else is kept, in order.
        assert.deepStrictEqual(
          joined.filter((t) => t.effect._tag !== "InjectContext"),
          effects.filter((t) => t.effect._tag !== "InjectContext")
        )
      })
    )
  })
})

// ====== The payloads ======

/** A camelCase key as Copilot writes them (no underscore, lowercase first). */
const camelKeyArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("session", "tool", "agent", "stop", "custom", "x"),
    fc.constantFrom("", "Id", "Name", "Reason", "Path2")
  )
  .map(([head, tail]) => `${head}${tail}`)
  .filter((key) => !["toolName", "toolInput"].includes(key))

/** A camelCase payload: `toolName` among Copilot's tools, `toolArgs` an object, `timestamp` in whole milliseconds. */
const camelPayloadArb: fc.Arbitrary<JsonObject> = fc
  .tuple(
    fc.dictionary(camelKeyArb, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
    fc.constantFrom("bash", "view", "create", "edit", "task", "glob", "grep", "web_fetch", "my_tool"),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    fc.integer({ min: 0, max: 4_102_444_800_000 })
  )
  .map(([rest, toolName, toolArgs, timestamp]) => ({ ...rest, toolName, toolArgs, timestamp }))

describe("copilot payload laws", () => {
  it("should give back the camelCase payload's fields through the snake_case shape (copilotPayloadAs snake, then camel)", () => {
    fc.assert(
      fc.property(
        camelPayloadArb,
        fc.constantFrom(...dialectEvents.copilot.filter((r) => r.payloadCase === "snake").map((r) => r.name)),
        (payload, eventName) => {
          const back = copilotPayloadAs("camel", eventName, copilotPayloadAs("snake", eventName, payload))
          assert.deepStrictEqual(back, payload)
        }
      )
    )
  })
})

// ====== Suspected bugs ======

describe("copilot vocabulary laws that found a bug", () => {
  // A hook that logs a line and then prints its verdict is common (ARCHITECTURE 4.4: "a verdict is never lost
  // silently"). Copilot reads it as no answer (research 5.3), and 5.3.4 says such stdout is reported with a
  // malformed-json Diagnostic; but only stdout that starts with { or [ is. Counterexample: preToolUse, exit 0,
  // stdout "checking\n{\"permissionDecision\":\"deny\"}" gives [] (no effect, no Diagnostic): the deny is lost
  // without a word.
  it("should report a JSON answer after a log line (no answer, never silently)", () => {
    fc.assert(
      fc.property(
        copilotInputArb(readingRows, (row) =>
          fc
            .tuple(fc.constantFrom("checking", "> lint", "ok: 3 files"), copilotValidAnswerArb(row.name))
            .map(([log, answer]) => runOf(0, `${log}\n${JSON.stringify(answer)}`, ""))
        ),
        (input) => {
          assert.isTrue(
            // noisy-stdout: the code of text before a JSON answer (section 4.4).
            decideOf(input).some((e) => e._tag === "Diagnostic" && e.code === "noisy-stdout"),
            "the dropped answer was not reported"
          )
        }
      )
    )
  })

  // Research 5.3: progress lines are removed from stdout. On postToolUseFailure's exit 2 stdout is guidance for the
  // model; when the rest is one JSON object the whole stdout is, progress lines included. Counterexample:
  // postToolUseFailure, exit 2, stdout "{\"type\":\"progress\",\"message\":\"no\"}\n{}" gives InjectContext with the
  // progress line, where "{}" alone gives InjectContext "{}".
  it("should keep progress lines out of postToolUseFailure's exit-2 guidance", () => {
    fc.assert(
      fc.property(progressArb([rowNamed("postToolUseFailure")], [2]), ({ input, noisy }) => {
        assert.deepStrictEqual(
          nonDiagnostic(decide(input.row.event, noisy, input.policy)),
          nonDiagnostic(decideOf(input))
        )
      })
    )
  })

  // 5.3.4: "A timeout never blocks, whatever the hook's onFailure". A prompt or agent hook's run is read in the
  // engine's own vocabulary (`engineAnswer`, 5.5), and that reading lets a timeout with onFailure: "block" block.
  // Counterexample: PreToolUse, copilot, onFailure "block", engineAnswer, a run that timed out gives BlockTool.
  it("should never block on a prompt or agent hook's timeout either", () => {
    fc.assert(
      fc.property(
        copilotDialectArb,
        fc.constantFrom<HookEvent>("PreToolUse", "PermissionRequest", "Stop"),
        (dialect, event) => {
          const effects = decide(event, runOf(null, "", "", { timedOut: true }), {
            dialect,
            onFailure: "block",
            engineAnswer: true
          })
          assert.isFalse(blocks(effects), JSON.stringify(effects))
        }
      )
    )
  })

  // Research 5.2: permissionRequest's camelCase payload carries `toolInput` (not `toolArgs`). Through the snake_case
  // shape (a host that fires PermissionRequest with Claude Code's `tool_input`) a camelCase permissionRequest hook
  // reads `toolArgs`. Counterexample: copilotPayloadAs("camel", "permissionRequest", copilotPayloadAs("snake",
  // "PermissionRequest", { toolName: "bash", toolInput: { command: "ls" } })) has `toolArgs`, no `toolInput`.
  it("should give a camelCase permissionRequest hook its toolInput back", () => {
    const snake = copilotPayloadAs("snake", "PermissionRequest", { toolName: "bash", toolInput: { command: "ls" } })
    const camel = copilotPayloadAs("camel", "permissionRequest", snake)
    assert.deepStrictEqual(camel["toolInput"], { command: "ls" })
  })
})
