/**
 * Arbitraries for the commands of the model-based session test
 * (property-tests/model/*).
 */
import * as fc from "fast-check"
import { CallToolCommand } from "../model/call-tool-command.ts"
import type { Model, Real } from "../model/session.ts"
import { StopCommand } from "../model/stop-command.ts"
import { SubmitPromptCommand } from "../model/submit-prompt-command.ts"
import type { Execution } from "./hook-outcomes.ts"
import {
  postFailureHookArb,
  postToolHookArb,
  preToolHookArb,
  promptHookArb,
  stopHookArb,
  wordsArb
} from "./hook-outcomes.ts"

const executionArb: fc.Arbitrary<Execution> = fc.oneof(
  { arbitrary: wordsArb.map((output) => ({ ok: true as const, output })), weight: 3 },
  { arbitrary: wordsArb.map((error) => ({ ok: false as const, error })), weight: 1 }
)

export const submitPromptArb: fc.Arbitrary<fc.AsyncCommand<Model, Real>> = fc
  .tuple(wordsArb, promptHookArb)
  .map(([text, hook]) => new SubmitPromptCommand(text, hook))

export const callToolArb: fc.Arbitrary<fc.AsyncCommand<Model, Real>> = fc
  .tuple(
    fc.constantFrom("Bash", "Read", "Write", "mcp__git__push"),
    wordsArb.map((command) => ({ command })),
    preToolHookArb,
    fc.constantFrom("allow" as const, "deny" as const),
    executionArb
  )
  .chain(([name, input, pre, answer, execution]) =>
    (execution.ok ? postToolHookArb : postFailureHookArb).map(
      (post) => new CallToolCommand(name, input, pre, answer, execution, post)
    )
  )

export const stopArb: fc.Arbitrary<fc.AsyncCommand<Model, Real>> = stopHookArb.map((hook) => new StopCommand(hook))

/** Sessions of up to 12 prompts, tool calls and stops. */
export const sessionCommandsArb = fc.commands([submitPromptArb, callToolArb, stopArb], { maxCommands: 12 })
