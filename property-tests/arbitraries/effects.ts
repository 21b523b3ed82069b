/**
 * Arbitraries for `HookEffect` values and effect lists, the input of
 * `combine` (ARCHITECTURE sections 3 and 6).
 */
import * as fc from "fast-check"
import type { HookEffect } from "../../src/index.ts"
import {
  AllowTool,
  AskPermission,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  decide,
  Diagnostic,
  diagnosticCodes,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/index.ts"
import { decideInputArb } from "./decide-input.ts"
import { shortWeirdStringArb } from "./strings.ts"

const textArb = shortWeirdStringArb

/** Any single effect of any tag, with awkward texts. */
export const hookEffectArb: fc.Arbitrary<HookEffect> = fc.oneof(
  fc.constant(AllowTool()),
  fc.option(textArb, { nil: undefined }).map((reason) => AskPermission({ reason })),
  textArb.map((reason) => BlockTool({ reason })),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }).map((input) => UpdateInput({ input })),
  fc.jsonValue({ maxDepth: 1 }).map((output) => UpdateToolOutput({ output })),
  textArb.map((text) => InjectContext({ text })),
  textArb.map((text) => PromptModel({ text })),
  textArb.map((reason) => BlockPrompt({ reason })),
  textArb.map((reason) => BlockStop({ reason })),
  textArb.map((reason) => BlockCompaction({ reason })),
  fc.option(textArb, { nil: undefined }).map((reason) => StopAgent({ reason })),
  fc.tuple(fc.constantFrom("info" as const, "warning" as const, "error" as const), textArb).map(([level, text]) => ShowUser({ level, text })),
  fc.tuple(fc.constantFrom(...diagnosticCodes), textArb).map(([code, message]) => Diagnostic({ code, message }))
)

/** One hook's effects as `decide` returns them for a generated run. */
export const decidedEffectsArb: fc.Arbitrary<ReadonlyArray<HookEffect>> = decideInputArb().map(({ event, policy, run }) =>
  decide(event, run, policy)
)

/** One hook's effects: arbitrary ones, or ones `decide` produced. */
export const effectListArb: fc.Arbitrary<ReadonlyArray<HookEffect>> = fc.oneof(
  fc.array(hookEffectArb, { maxLength: 5 }),
  decidedEffectsArb
)

/** Several hooks' effects in config order (the argument of `combine`). */
export const effectListsArb: fc.Arbitrary<ReadonlyArray<ReadonlyArray<HookEffect>>> = fc.array(effectListArb, { maxLength: 5 })
