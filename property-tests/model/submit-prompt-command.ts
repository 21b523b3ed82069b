/**
 * The user submits a prompt; a UserPromptSubmit hook answers.
 */
import { assert } from "@effect/vitest"
import type * as fc from "fast-check"
import type { PromptHook } from "../arbitraries/hook-outcomes.ts"
import { promptHookRun } from "../arbitraries/hook-outcomes.ts"
import type { Model, Real } from "./session.ts"
import { checkAgainstModel } from "./session.ts"

export class SubmitPromptCommand implements fc.AsyncCommand<Model, Real> {
  readonly text: string
  readonly hook: PromptHook

  constructor(text: string, hook: PromptHook) {
    this.text = text
    this.hook = hook
  }

  check(): boolean {
    return true
  }

  async run(model: Model, real: Real): Promise<void> {
    const prompt = `${this.text} [prompt ${++model.prompts}]`
    real.session.answer("UserPromptSubmit", promptHookRun(this.hook))
    const outcome = await real.run(real.loop.prompt(prompt))

    model.lastPrompt = prompt
    model.lastPromptErased = this.hook.kind === "block"
    if (this.hook.kind !== "block") model.userTexts.push(prompt)
    if (this.hook.kind === "context") model.userTexts.push(this.hook.text)
    if (this.hook.kind === "block" || this.hook.kind === "error" || this.hook.kind === "stop") model.userOnlyBlocks++

    assert.strictEqual(outcome.accepted, this.hook.kind !== "block" && this.hook.kind !== "stop", "prompt accepted")
    if (this.hook.kind === "block") assert.strictEqual(outcome.resolution.promptBlocked, this.hook.reason)
    checkAgainstModel(model, real)
  }

  toString(): string {
    return `SubmitPrompt(${JSON.stringify(this.text)}, ${JSON.stringify(this.hook)})`
  }
}
