/**
 * Arbitraries for `HookEffect` values and effect lists, the input of
 * `combine` (ARCHITECTURE sections 3 and 6).
 */
import * as fc from "fast-check"
import type { EffectOf, HookEffect, HookEffectTag } from "../../src/index.ts"
import { diagnosticCodes } from "../../src/effects/diagnostic-code.ts"
import {
  AllowRetry,
  AllowTool,
  AnswerElicitation,
  AskPermission,
  BlockAction,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockModelRequest,
  BlockTool,
  ChainToolCall,
  ClearContext,
  decide,
  DeferTool,
  Diagnostic,
  InjectContext,
  PromptModel,
  ReplaceDisplay,
  ReplacePrompt,
  ReplaceSubagentResponse,
  RestrictTools,
  SendUserMessage,
  SetEnv,
  SetSessionTitle,
  SetWorktreePath,
  ShowUser,
  StopAgent,
  SyntheticModelResponse,
  UpdateInput,
  UpdateModelRequest,
  UpdateModelResponse,
  UpdatePermissions,
  UpdateToolOutput,
  WatchPaths
} from "../../src/index.ts"
import { decideInputArb, decisiveDecideInputArb } from "./decide-input.ts"
import { shortWeirdStringArb } from "./strings.ts"

const textArb = shortWeirdStringArb

const reasonArb = fc.option(textArb, { nil: undefined })

/** Each effect kind, by tag. */
const effectArbs = {
  AllowTool: fc.constant(AllowTool()),
  AskPermission: reasonArb.map((reason) => AskPermission({ reason })),
  BlockTool: textArb.map((reason) => BlockTool({ reason })),
  UpdateInput: fc
    .dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })
    .map((input) => UpdateInput({ input })),
  UpdateToolOutput: fc.jsonValue({ maxDepth: 1 }).map((output) => UpdateToolOutput({ output })),
  InjectContext: textArb.map((text) => InjectContext({ text })),
  PromptModel: textArb.map((text) => PromptModel({ text })),
  BlockPrompt: fc
    .tuple(textArb, fc.boolean())
    .map(([reason, suppressOriginalPrompt]) => BlockPrompt({ reason, suppressOriginalPrompt })),
  BlockStop: textArb.map((reason) => BlockStop({ reason })),
  BlockCompaction: textArb.map((reason) => BlockCompaction({ reason })),
  BlockAction: textArb.map((reason) => BlockAction({ reason })),
  DeferTool: reasonArb.map((reason) => DeferTool({ reason })),
  AllowRetry: fc.constant(AllowRetry()),
  UpdatePermissions: fc
    .array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 })
    .map((updates) => UpdatePermissions({ updates })),
  ReplaceDisplay: textArb.map((text) => ReplaceDisplay({ text })),
  AnswerElicitation: fc
    .tuple(
      fc.constantFrom("accept" as const, "decline" as const, "cancel" as const),
      fc.option(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), {
        nil: undefined
      })
    )
    .map(([action, content]) => AnswerElicitation({ action, content })),
  SetWorktreePath: textArb.map((path) => SetWorktreePath({ path })),
  SetSessionTitle: textArb.map((title) => SetSessionTitle({ title })),
  SendUserMessage: textArb.map((text) => SendUserMessage({ text })),
  WatchPaths: fc.array(textArb, { maxLength: 3 }).map((paths) => WatchPaths({ paths })),
  ChainToolCall: fc
    .tuple(textArb, fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }))
    .map(([name, args]) => ChainToolCall({ name, args })),
  ClearContext: fc.constant(ClearContext()),
  SetEnv: fc
    .dictionary(fc.constantFrom("A", "B", "PATH"), textArb, { maxKeys: 2 })
    .map((variables) => SetEnv({ variables })),
  ReplaceSubagentResponse: textArb.map((text) => ReplaceSubagentResponse({ text })),
  ReplacePrompt: textArb.map((text) => ReplacePrompt({ text })),
  BlockModelRequest: textArb.map((reason) => BlockModelRequest({ reason })),
  UpdateModelRequest: fc
    .dictionary(fc.constantFrom("model", "config", "messages"), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })
    .map((request) => UpdateModelRequest({ request })),
  SyntheticModelResponse: textArb.map((text) =>
    SyntheticModelResponse({ response: { candidates: [{ content: { role: "model", parts: [text] } }] } })
  ),
  UpdateModelResponse: textArb.map((text) =>
    UpdateModelResponse({ response: { candidates: [{ content: { role: "model", parts: [text] } }] } })
  ),
  RestrictTools: fc
    .tuple(
      fc.constantFrom("AUTO" as const, "ANY" as const, "NONE" as const),
      fc.option(fc.array(fc.constantFrom("read_file", "glob", "run_shell_command"), { maxLength: 3 }), {
        nil: undefined
      })
    )
    .map(([mode, allowedFunctionNames]) => RestrictTools({ mode, allowedFunctionNames })),
  StopAgent: reasonArb.map((reason) => StopAgent({ reason })),
  ShowUser: fc
    .tuple(fc.constantFrom("info" as const, "warning" as const, "error" as const), textArb)
    .map(([level, text]) => ShowUser({ level, text })),
  Diagnostic: fc
    .tuple(fc.constantFrom(...diagnosticCodes), textArb)
    .map(([code, message]) => Diagnostic({ code, message }))
} satisfies { readonly [T in HookEffectTag]: fc.Arbitrary<EffectOf<T>> }

/** Any single effect of any tag, with awkward texts; every tag equally likely. */
export const hookEffectArb: fc.Arbitrary<HookEffect> = fc.oneof(...Object.values(effectArbs))

/**
 * One effect, the permission and update kinds (`AllowTool`,
 * `AskPermission`, `BlockTool`, `UpdateInput`) four times and `StopAgent`
 * twice as likely as each other kind: what the precedence rules are about.
 */
export const permissionHeavyEffectArb: fc.Arbitrary<HookEffect> = fc.oneof(
  { arbitrary: effectArbs.AllowTool, weight: 4 },
  { arbitrary: effectArbs.AskPermission, weight: 4 },
  { arbitrary: effectArbs.BlockTool, weight: 4 },
  { arbitrary: effectArbs.UpdateInput, weight: 4 },
  { arbitrary: effectArbs.StopAgent, weight: 2 },
  { arbitrary: effectArbs.DeferTool, weight: 1 },
  { arbitrary: hookEffectArb, weight: 4 }
)

/**
 * One effect, the kinds of the prompt and stop events (`BlockPrompt`,
 * `InjectContext`, `PromptModel`, `BlockStop`) and the blocks and answers of
 * issue 12 (`BlockAction`, `DeferTool`, `AnswerElicitation`,
 * `SetWorktreePath`) more likely than the rest: the interactions of rules 4
 * and 4a.
 */
export const blockHeavyEffectArb: fc.Arbitrary<HookEffect> = fc.oneof(
  { arbitrary: effectArbs.BlockPrompt, weight: 3 },
  { arbitrary: effectArbs.InjectContext, weight: 3 },
  { arbitrary: effectArbs.PromptModel, weight: 2 },
  { arbitrary: effectArbs.BlockStop, weight: 2 },
  { arbitrary: effectArbs.BlockAction, weight: 2 },
  { arbitrary: effectArbs.DeferTool, weight: 2 },
  { arbitrary: effectArbs.AnswerElicitation, weight: 4 },
  { arbitrary: effectArbs.SetWorktreePath, weight: 1 },
  { arbitrary: permissionHeavyEffectArb, weight: 3 }
)

/** One hook's effects as `decide` returns them for a generated run. */
export const decidedEffectsArb: fc.Arbitrary<ReadonlyArray<HookEffect>> = decideInputArb().map(
  ({ event, policy, run }) => decide(event, run, policy)
)

/** One hook's effects: arbitrary ones, permission-heavy ones, or ones `decide` produced. */
export const effectListArb: fc.Arbitrary<ReadonlyArray<HookEffect>> = fc.oneof(
  fc.array(hookEffectArb, { maxLength: 5 }),
  fc.array(permissionHeavyEffectArb, { maxLength: 4 }),
  fc.array(blockHeavyEffectArb, { maxLength: 4 }),
  decidedEffectsArb
)

/** Several hooks' effects in config order (the argument of `combine`). */
export const effectListsArb: fc.Arbitrary<ReadonlyArray<ReadonlyArray<HookEffect>>> = fc.array(effectListArb, {
  maxLength: 5
})

/**
 * Several hooks' effects in config order, most effects permission, update
 * or stop ones ({@link permissionHeavyEffectArb}), and lists from `decide`
 * on decisive runs: for the precedence laws.
 */
export const permissionHeavyListsArb: fc.Arbitrary<ReadonlyArray<ReadonlyArray<HookEffect>>> = fc.array(
  fc.oneof(
    { arbitrary: fc.array(permissionHeavyEffectArb, { minLength: 1, maxLength: 4 }), weight: 3 },
    { arbitrary: decisiveDecideInputArb().map(({ event, policy, run }) => decide(event, run, policy)), weight: 1 }
  ),
  { minLength: 1, maxLength: 5 }
)
