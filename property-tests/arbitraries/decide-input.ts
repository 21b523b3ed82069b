/**
 * Arbitraries for the three inputs of `decide`: an event, a run for that
 * event and a policy (ARCHITECTURE section 2).
 */
import * as fc from "fast-check"
import type { HookEvent, HookRun, DecideOptions } from "../../src/index.ts"
import { exitCodeArb } from "./exit-codes.ts"
import { biasedHookEventArb, hookEventArb } from "./events.ts"
import { decisiveHookOutputArb } from "./hook-output.ts"
import { anyHookRunArb, exitedRunArb, hookRunArb } from "./hook-runs.ts"
import { policyArb } from "./policies.ts"
import { serializedJsonArb } from "./stdout.ts"

/** The arguments of one `decide` call. */
export interface DecideInput {
  readonly event: HookEvent
  readonly run: HookRun
  readonly policy: DecideOptions
}

/** A `decide` input with the event from `event` and a run built for it. */
const inputFor = (
  event: fc.Arbitrary<HookEvent>,
  runFor: (event: HookEvent) => fc.Arbitrary<HookRun>,
  policy: fc.Arbitrary<DecideOptions>
): fc.Arbitrary<DecideInput> => event.chain((e) => fc.record({ event: fc.constant(e), run: runFor(e), policy }))

/**
 * Events weighted by how many decisions they carry: the permission events
 * most, then PostToolUse (updated output) and the events that can block,
 * then any event.
 */
export const decisiveEventArb: fc.Arbitrary<HookEvent> = fc.oneof(
  { arbitrary: fc.constant<HookEvent>("PreToolUse"), weight: 4 },
  { arbitrary: fc.constant<HookEvent>("PermissionRequest"), weight: 4 },
  { arbitrary: fc.constant<HookEvent>("PostToolUse"), weight: 2 },
  { arbitrary: fc.constant<HookEvent>("UserPromptSubmit"), weight: 2 },
  { arbitrary: fc.constantFrom<HookEvent>("Stop", "SubagentStop"), weight: 2 },
  { arbitrary: fc.constant<HookEvent>("PreCompact"), weight: 2 },
  { arbitrary: hookEventArb, weight: 1 }
)

/**
 * The events issue 12 added, and the old events whose new fields it reads
 * (PreToolUse defer, PermissionRequest updatedPermissions, Stop feedback,
 * SessionStart's session fields, UserPromptSubmit's title), equally likely.
 */
export const issue12EventArb: fc.Arbitrary<HookEvent> = fc.constantFrom<HookEvent>(
  "PreToolUse",
  "PermissionRequest",
  "Stop",
  "SessionStart",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "PermissionDenied",
  "PostToolBatch",
  "MessageDisplay",
  "TaskCreated",
  "ConfigChange",
  "CwdChanged",
  "FileChanged",
  "WorktreeCreate",
  "WorktreeRemove",
  "Elicitation",
  "ElicitationResult",
  "PreModelSwitch",
  "PostModelSwitch"
)

/**
 * A run whose stdout is a valid, decisive JSON answer for `event`
 * ({@link decisiveHookOutputArb}), mostly with exit code 0 (so JSON decides
 * in both dialects and under both `onFailure` values).
 */
export const decisiveRunArb = (event: HookEvent): fc.Arbitrary<HookRun> =>
  exitedRunArb(event, {
    exitCode: fc.oneof({ arbitrary: fc.constant(0), weight: 6 }, { arbitrary: exitCodeArb, weight: 1 }),
    stdout: serializedJsonArb(decisiveHookOutputArb(event), { noisy: false })
  })

/**
 * A `decide` input whose run answers with decisive JSON: permission
 * decisions, updated input and output, PermissionRequest decisions with
 * `interrupt`, `continue: false`, blocks.
 */
export const decisiveDecideInputArb = (policy: fc.Arbitrary<DecideOptions> = policyArb): fc.Arbitrary<DecideInput> =>
  inputFor(decisiveEventArb, decisiveRunArb, policy)

/** A `hookSpecificOutput` for `event` with `fields`. */
const specific = (event: HookEvent, fields: fc.Arbitrary<Record<string, unknown>>) =>
  fields.map((inner) => ({ hookSpecificOutput: { hookEventName: event, ...inner } }))

const text = fc.string({ minLength: 1, maxLength: 12 })

/**
 * For each effect of issue 12, an event and a JSON answer that asks for it
 * (ARCHITECTURE 5.4), the other fields left to chance.
 */
const issue12Answers: ReadonlyArray<readonly [HookEvent, fc.Arbitrary<Record<string, unknown>>]> = [
  ["ConfigChange", fc.record({ decision: fc.constant("block"), reason: text })],
  [
    "PreModelSwitch",
    specific("PreModelSwitch", fc.record({ permissionDecision: fc.constantFrom("deny", "ask", "allow") }))
  ],
  [
    "PreToolUse",
    specific(
      "PreToolUse",
      fc.record(
        { permissionDecision: fc.constant("defer"), permissionDecisionReason: text },
        { requiredKeys: ["permissionDecision"] }
      )
    )
  ],
  ["PermissionDenied", specific("PermissionDenied", fc.record({ retry: fc.constant(true) }))],
  [
    "PermissionRequest",
    specific(
      "PermissionRequest",
      fc
        .array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 })
        .map((updatedPermissions) => ({ decision: { behavior: "allow", updatedPermissions } }))
    )
  ],
  ["MessageDisplay", specific("MessageDisplay", fc.record({ displayContent: text }))],
  ["Elicitation", specific("Elicitation", fc.record({ action: fc.constantFrom("accept", "decline", "cancel") }))],
  ["WorktreeCreate", specific("WorktreeCreate", fc.record({ worktreePath: text }))],
  ["SessionStart", specific("SessionStart", fc.record({ sessionTitle: text, initialUserMessage: text }))],
  ["UserPromptSubmit", specific("UserPromptSubmit", fc.record({ sessionTitle: text }))],
  ["CwdChanged", specific("CwdChanged", fc.record({ watchPaths: fc.array(text, { maxLength: 2 }) }))],
  ["Stop", specific("Stop", fc.record({ additionalContext: text }))]
]

/**
 * A `decide` input for the events of issue 12: mostly (two in three) a run
 * that exits 0 with an answer asking for one of the new effects
 * ({@link issue12Answers}, each as likely), else a decisive run for one of
 * {@link issue12EventArb}, or any run: what the generator-reach test checks
 * the new effects against.
 */
export const issue12DecideInputArb = (policy: fc.Arbitrary<DecideOptions> = policyArb): fc.Arbitrary<DecideInput> =>
  fc.oneof(
    {
      arbitrary: fc.oneof(
        ...issue12Answers.map(([event, answer]) =>
          fc.record({
            event: fc.constant(event),
            run: exitedRunArb(event, { exitCode: fc.constant(0), stdout: serializedJsonArb(answer, { noisy: false }) }),
            policy
          })
        )
      ),
      weight: 4
    },
    { arbitrary: inputFor(issue12EventArb, decisiveRunArb, policy), weight: 1 },
    { arbitrary: inputFor(issue12EventArb, hookRunArb, policy), weight: 1 }
  )

/**
 * A `decide` input whose run is built for its event (so `hookEventName`
 * usually matches); events as in {@link biasedHookEventArb}.
 *
 * Without `runFor`, four inputs in five are decisive
 * ({@link decisiveDecideInputArb}) and one in five any run
 * ({@link hookRunArb}); `policy` defaults to any policy.
 */
export const decideInputArb = (
  runFor?: (event: HookEvent) => fc.Arbitrary<HookRun>,
  policy: fc.Arbitrary<DecideOptions> = policyArb
): fc.Arbitrary<DecideInput> =>
  runFor !== undefined
    ? inputFor(biasedHookEventArb, runFor, policy)
    : fc.oneof(
        { arbitrary: inputFor(biasedHookEventArb, hookRunArb, policy), weight: 1 },
        { arbitrary: decisiveDecideInputArb(policy), weight: 4 }
      )

/** Any `decide` input, exit codes such as NaN and 0.5 included: for totality. */
export const anyDecideInputArb: fc.Arbitrary<DecideInput> = decideInputArb(anyHookRunArb)
