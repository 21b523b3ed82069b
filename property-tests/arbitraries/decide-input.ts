/**
 * Arbitraries for the three inputs of `decide`: an event, a run for that
 * event and a policy (ARCHITECTURE section 2).
 */
import * as fc from "fast-check"
import type { Dialect, HookEvent, HookRun, DecideOptions } from "../../src/index.ts"
import { claudeCodeEvents } from "../../src/core/events.ts"
import { dialectRules } from "../../src/core/dialect.ts"
import { exitCodeArb, textExitCodeArb } from "./exit-codes.ts"
import { biasedHookEventArbFor, claudeCodeEventArb, eventsOf, hookEventArb } from "./events.ts"
import { codexInvalidAnswerArb } from "./codex-answers.ts"
import { copilotAgentEventArb } from "./copilot-answers.ts"
import { cursorAgentEventArb, cursorToolNameArb } from "./cursor-answers.ts"
import { decisiveHookOutputArb, speaksCodex, speaksCursor } from "./hook-output.ts"
import { anyHookRunArb, exitedRunArb, hookRunArb } from "./hook-runs.ts"
import { claudeVocabularyDialects, policyArb, policyInArb } from "./policies.ts"
import { plainStdoutArb, serializedJsonArb } from "./stdout.ts"

/** The arguments of one `decide` call. */
export interface DecideInput {
  readonly event: HookEvent
  readonly run: HookRun
  readonly policy: DecideOptions
}

/**
 * Builds a run for an event, in a dialect (whose vocabulary its JSON answers use), answering the agent's event
 * `agentEvent` names where several of the dialect's events fire `event` (Cursor's; absent: the event's own).
 */
export type RunFor = (event: HookEvent, dialect: Dialect, agentEvent?: string) => fc.Arbitrary<HookRun>

/** What a `decide` call says of the agent's event: its name (`agentEvent`) and the payload's tool (`toolName`). */
type AgentFields = Pick<DecideOptions, "agentEvent" | "toolName">

/**
 * The agent's event and tool of a run of `event` in `dialect`: in a dialect of Cursor's vocabulary, one of its events
 * that fire `event` (`dialectEvents` rows; absent one time in three, which `decide` reads as the event's own) and,
 * on the tool events, a tool as Cursor names it (MCP tools as `MCP:<tool>`); in one of Copilot's, one of its events
 * that fire `event` (`dialectEvents.copilot`: the camelCase name or Claude Code's PascalCase one; absent one time in
 * three, which `decide` reads as the camelCase one); elsewhere nothing.
 */
export const agentFieldsArb = (event: HookEvent, dialect: Dialect): fc.Arbitrary<AgentFields> =>
  speaksCursor(event, dialect)
    ? fc
        .tuple(
          cursorAgentEventArb(event),
          event === "PreToolUse" || event === "PostToolUse" || event === "PostToolUseFailure"
            ? fc.option(cursorToolNameArb, { nil: undefined, freq: 4 })
            : fc.constant(undefined)
        )
        .map(([agentEvent, toolName]) => ({
          ...(agentEvent === undefined ? {} : { agentEvent }),
          ...(toolName === undefined ? {} : { toolName })
        }))
    : dialectRules[dialect].vocabulary === "copilot"
      ? copilotAgentEventArb(event).map((agentEvent) => (agentEvent === undefined ? {} : { agentEvent }))
      : fc.constant({})

/**
 * A `decide` input with a policy from `policy`, the event from `event` (for its dialect), the agent's event and tool
 * ({@link agentFieldsArb}) and a run built for all three.
 */
const inputFor = (
  event: fc.Arbitrary<HookEvent> | ((dialect: Dialect) => fc.Arbitrary<HookEvent>),
  runFor: RunFor,
  policy: fc.Arbitrary<DecideOptions>
): fc.Arbitrary<DecideInput> =>
  policy.chain((p) =>
    (typeof event === "function" ? event(p.dialect) : event).chain((e) =>
      agentFieldsArb(e, p.dialect).chain((agent) =>
        runFor(e, p.dialect, agent.agentEvent).map(
          (run): DecideInput => ({ event: e, run, policy: { ...p, ...agent } })
        )
      )
    )
  )

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
  { arbitrary: fc.constantFrom<HookEvent>("Stop", "SubagentStop"), weight: 3 },
  { arbitrary: fc.constant<HookEvent>("PreCompact"), weight: 3 },
  { arbitrary: hookEventArb, weight: 1 }
)

/**
 * {@link decisiveEventArb} in a dialect that fires every event; in one that fires only some (Gemini CLI, Codex CLI),
 * its decisive events in their place: PreToolUse (BeforeTool) most, then PermissionRequest where it has one, then
 * PostToolUse, UserPromptSubmit, Stop (AfterTool, BeforeAgent, AfterAgent), then any event.
 */
export const decisiveEventArbFor = (dialect: Dialect): fc.Arbitrary<HookEvent> => {
  const own = eventsOf(dialect)
  if (own.length === 0 || own.length >= claudeCodeEvents.length) return decisiveEventArb
  const weighted = (event: HookEvent, weight: number) =>
    own.includes(event) ? [{ arbitrary: fc.constant(event), weight }] : []
  return fc.oneof(
    ...weighted("PreToolUse", 6),
    ...weighted("PermissionRequest", 5),
    ...weighted("PostToolUse", 2),
    ...weighted("UserPromptSubmit", 2),
    ...weighted("Stop", 3),
    { arbitrary: fc.constantFrom(...own), weight: 2 },
    { arbitrary: claudeCodeEventArb, weight: 1 }
  )
}

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
 * A run whose stdout is a valid, decisive JSON answer for `event` in `dialect`'s vocabulary
 * ({@link decisiveHookOutputArb}), mostly with exit code 0 (so JSON decides
 * in every dialect and under both `onFailure` values); in a dialect whose text decides, one time in three a
 * plain text instead, on any exit code; in Codex CLI's vocabulary, one time in six an answer its strict wire refuses;
 * in Cursor's, a well-typed answer for the Cursor event `agentEvent` names.
 */
export const decisiveRunArb = (
  event: HookEvent,
  dialect: Dialect = "wave",
  agentEvent?: string
): fc.Arbitrary<HookRun> => {
  // In Codex CLI's vocabulary one answer in six is one its strict wire refuses (a failed run that decides nothing).
  const answer = speaksCodex(event, dialect)
    ? fc.oneof(
        { arbitrary: decisiveHookOutputArb(event, dialect), weight: 5 },
        { arbitrary: codexInvalidAnswerArb(event).map((refused) => refused.json), weight: 1 }
      )
    : decisiveHookOutputArb(event, dialect, agentEvent)
  const json = exitedRunArb(event, {
    exitCode: fc.oneof({ arbitrary: fc.constant(0), weight: 6 }, { arbitrary: exitCodeArb, weight: 1 }),
    stdout: serializedJsonArb(answer, { noisy: false })
  })
  if (dialectRules[dialect].exitCodeRows !== "text-decides") return json
  // Where the text decides, a text is decisive too: shown on exit 0, a warning on exit 1, a deny on any other code.
  const text = exitedRunArb(event, {
    exitCode: textExitCodeArb,
    stdout: plainStdoutArb.filter((stdout) => stdout.trim().length > 0),
    dialect
  })
  return fc.oneof({ arbitrary: json, weight: 2 }, { arbitrary: text, weight: 1 })
}

/**
 * A `decide` input whose run answers with decisive JSON: permission
 * decisions, updated input and output, PermissionRequest decisions with
 * `interrupt`, `continue: false`, blocks.
 */
export const decisiveDecideInputArb = (policy: fc.Arbitrary<DecideOptions> = policyArb): fc.Arbitrary<DecideInput> =>
  inputFor(decisiveEventArbFor, decisiveRunArb, policy)

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
 * the new effects against. The policy's dialect is by default one whose answers use Claude Code's vocabulary,
 * where those fields exist (Gemini CLI's answers cannot ask for these effects).
 */
export const issue12DecideInputArb = (
  policy: fc.Arbitrary<DecideOptions> = policyInArb(fc.constantFrom(...claudeVocabularyDialects))
): fc.Arbitrary<DecideInput> =>
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
 * usually matches); events as in {@link biasedHookEventArbFor} the policy's dialect.
 *
 * Without `runFor`, four inputs in five are decisive
 * ({@link decisiveDecideInputArb}) and one in five any run
 * ({@link hookRunArb}); `policy` defaults to any policy.
 */
export const decideInputArb = (
  runFor?: RunFor,
  policy: fc.Arbitrary<DecideOptions> = policyArb
): fc.Arbitrary<DecideInput> =>
  runFor !== undefined
    ? inputFor(biasedHookEventArbFor, runFor, policy)
    : fc.oneof(
        { arbitrary: inputFor(biasedHookEventArbFor, hookRunArb, policy), weight: 1 },
        { arbitrary: decisiveDecideInputArb(policy), weight: 4 }
      )

/** Any `decide` input, exit codes such as NaN and 0.5 included: for totality. */
export const anyDecideInputArb: fc.Arbitrary<DecideInput> = decideInputArb(anyHookRunArb)
