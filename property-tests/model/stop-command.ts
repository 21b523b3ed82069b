/**
 * The agent wants to stop; a Stop hook answers.
 */
import { assert } from "@effect/vitest"
import type * as fc from "fast-check"
import type { StopHook } from "../arbitraries/hook-outcomes.ts"
import { stopHookRun } from "../arbitraries/hook-outcomes.ts"
import type { Model, Real } from "./session.ts"
import { checkAgainstModel } from "./session.ts"

export class StopCommand implements fc.AsyncCommand<Model, Real> {
  readonly hook: StopHook

  constructor(hook: StopHook) {
    this.hook = hook
  }

  check(): boolean {
    return true
  }

  async run(model: Model, real: Real): Promise<void> {
    real.session.answer("Stop", stopHookRun(this.hook))
    const outcome = await real.run(real.loop.stop())

    if (this.hook.kind === "block") model.userTexts.push(this.hook.reason)
    if (this.hook.kind === "error" || this.hook.kind === "stop") model.userOnlyBlocks++

    assert.strictEqual(outcome.stops, this.hook.kind !== "block", "the agent stops")
    assert.strictEqual(outcome.continueWith, this.hook.kind === "block" ? this.hook.reason : undefined)
    checkAgainstModel(model, real)
  }

  toString(): string {
    return `Stop(${JSON.stringify(this.hook)})`
  }
}
