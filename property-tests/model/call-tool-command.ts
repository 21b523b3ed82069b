/**
 * The agent calls a tool: a PreToolUse hook answers (and maybe the user, when
 * it asks), the tool runs or fails, then a PostToolUse / PostToolUseFailure
 * hook answers.
 */
import { assert } from "@effect/vitest"
import { Effect } from "effect"
import type * as fc from "fast-check"

import type { JsonRecord } from "../../src/core/payload.ts"
import type { PermissionAnswer } from "../../src/interpreters/resolution.ts"
import { userDeniedReason } from "../../src/interpreters/resolution.ts"
import type { Execution, PostToolHook, PreToolHook } from "../arbitraries/hook-outcomes.ts"
import { postToolHookRun, preToolHookRun } from "../arbitraries/hook-outcomes.ts"
import type { Model, ModelTool, Real } from "./session.ts"
import { checkAgainstModel, toolId } from "./session.ts"

export class CallToolCommand implements fc.AsyncCommand<Model, Real> {
  readonly name: string
  readonly input: JsonRecord
  readonly pre: PreToolHook
  readonly answer: PermissionAnswer
  readonly execution: Execution
  readonly post: PostToolHook

  constructor(
    name: string,
    input: JsonRecord,
    pre: PreToolHook,
    answer: PermissionAnswer,
    execution: Execution,
    post: PostToolHook
  ) {
    this.name = name
    this.input = input
    this.pre = pre
    this.answer = answer
    this.execution = execution
    this.post = post
  }

  check(): boolean {
    return true
  }

  async run(model: Model, real: Real): Promise<void> {
    const id = toolId(model.tools.length + 1)
    real.permission.next = this.answer
    real.session.answer("PreToolUse", preToolHookRun(this.pre))
    real.session.answer(this.execution.ok ? "PostToolUse" : "PostToolUseFailure", postToolHookRun(this.post))
    const firedBefore = real.session.fired.length
    const execution = this.execution
    const ranWith: Array<JsonRecord> = []
    const outcome = await real.run(
      real.loop.useTool(this.name, this.input, (input) => {
        ranWith.push(input)
        return execution.ok ? Effect.succeed(execution.output) : Effect.fail(new Error(execution.error))
      })
    )

    // What the model should see.
    const input: JsonRecord = this.pre.kind === "rewrite" ? { command: this.pre.command } : this.input
    if (this.pre.kind === "ask") {
      model.asked++
      model.userOnlyBlocks++ // the question and its answer, for the user
    }
    const denied =
      this.pre.kind === "deny"
        ? this.pre.reason
        : this.pre.kind === "ask" && this.answer === "deny"
          ? userDeniedReason()
          : undefined
    const stopped = this.pre.kind === "stop"
    if (stopped) model.userOnlyBlocks++
    const runs = denied === undefined && !stopped
    let result: ModelTool["result"]
    if (denied !== undefined) result = { value: denied, error: true }
    else if (stopped) result = { value: "The tool call did not run: a hook stopped the agent.", error: true }
    else if (runs) {
      const base = this.post.kind === "replace" ? this.post.output : execution.ok ? execution.output : execution.error
      const value = this.post.kind === "feedback" ? `${base}\n\nHook feedback: ${this.post.text}` : base
      if (this.post.kind === "error") model.userOnlyBlocks++
      result = { value, error: !execution.ok }
    }
    model.tools.push({ id, name: this.name, input, ...(result === undefined ? {} : { result }) })

    // What the agent loop reports, and what it ran.
    assert.strictEqual(outcome.call.id, id)
    assert.strictEqual(outcome.ran, runs, "the tool ran")
    assert.strictEqual(outcome.stopped, stopped, "the agent stopped")
    assert.deepStrictEqual(ranWith, runs ? [input] : [], "the tool ran once, with the (updated) input")
    if (result !== undefined)
      assert.strictEqual(outcome.resultForModel, result.value, "resultForModel is what the conversation sends")
    if (this.pre.kind === "stop")
      assert.notInclude(outcome.resultForModel, this.pre.reason, "a StopAgent reason is for the user")
    const fired = real.session.fired.slice(firedBefore)
    assert.deepStrictEqual(
      fired.map((f) => f.event),
      runs ? ["PreToolUse", execution.ok ? "PostToolUse" : "PostToolUseFailure"] : ["PreToolUse"]
    )
    for (const f of fired) assert.strictEqual(f.payload["tool_use_id"], id)
    if (runs)
      assert.deepStrictEqual(fired[1]?.payload["tool_input"], input, "post hooks see the input the tool ran with")
    checkAgainstModel(model, real)
  }

  toString(): string {
    return (
      `CallTool(${this.name}, ${JSON.stringify(this.input)}, pre=${JSON.stringify(this.pre)}, answer=${this.answer}, ` +
      `${JSON.stringify(this.execution)}, post=${JSON.stringify(this.post)})`
    )
  }
}
