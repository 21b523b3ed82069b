/**
 * Arbitraries for the three inputs of `decide`: an event, a run for that
 * event and a policy (ARCHITECTURE section 2).
 */
import * as fc from "fast-check"
import type { HookEvent, HookRun, Policy } from "../../src/index.ts"
import { biasedHookEventArb } from "./events.ts"
import { anyHookRunArb, hookRunArb } from "./hook-runs.ts"
import { policyArb } from "./policies.ts"

/** The arguments of one `decide` call. */
export interface DecideInput {
  readonly event: HookEvent
  readonly run: HookRun
  readonly policy: Policy
}

/**
 * A `decide` input whose run is built for its event (so `hookEventName`
 * usually matches); events as in {@link biasedHookEventArb}. `runFor`
 * defaults to {@link hookRunArb}, `policy` to any policy.
 */
export const decideInputArb = (
  runFor: (event: HookEvent) => fc.Arbitrary<HookRun> = hookRunArb,
  policy: fc.Arbitrary<Policy> = policyArb
): fc.Arbitrary<DecideInput> =>
  biasedHookEventArb.chain((event) => fc.record({ event: fc.constant(event), run: runFor(event), policy }))

/** Any `decide` input, exit codes such as NaN and 0.5 included: for totality. */
export const anyDecideInputArb: fc.Arbitrary<DecideInput> = decideInputArb(anyHookRunArb)
