/**
 * Laws of the memory interpreter (ARCHITECTURE sections 3 and 9, seed 004):
 * what it sends the model never holds user-only text, and, over whole
 * sessions driven through the agent loop, the conversation matches a much
 * simpler model of what the model should see.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as fc from "fast-check"
import type { EffectsRequest } from "../src/interpreters/contract.ts"
import { Interpreter, Permission } from "../src/interpreters/contract.ts"
import { Conversation } from "../src/interpreters/memory/conversation.ts"
import { memoryInterpreter } from "../src/interpreters/memory/memory-interpreter.ts"
import type { MarkedStep } from "./arbitraries/marked-effects.ts"
import { markedSessionArb, userOnlyMarkers } from "./arbitraries/marked-effects.ts"
import { sessionCommandsArb } from "./arbitraries/session-commands.ts"
import { initialModel, makeReal } from "./model/session.ts"

/** Carry a marked session out with the memory interpreter, as an agent would. */
const carryOut = (steps: ReadonlyArray<MarkedStep>): Promise<Conversation> => {
  const conversation = new Conversation()
  let current: MarkedStep | undefined
  // The user answers each step's question with that step's answer.
  const permission = Layer.succeed(
    Permission,
    Permission.of({ ask: () => Effect.sync(() => current?.answer ?? "deny") })
  )
  const program = Effect.gen(function* () {
    const interpreter = yield* Interpreter
    for (const step of steps) {
      current = step
      if (step.prompt !== undefined) conversation.addUserMessage(step.prompt)
      if (step.tool !== undefined) {
        conversation.addToolCall(step.tool.id, step.tool.name, step.tool.input)
        if (step.output !== undefined) {
          conversation.updateToolBlock(step.tool.id, {
            status: step.event === "PostToolUse" ? "done" : "failed",
            result: step.output
          })
        }
      }
      const request: EffectsRequest = {
        event: step.event,
        effects: step.effects,
        ...(step.tool === undefined ? {} : { tool: step.tool })
      }
      yield* interpreter.carryOut(request)
    }
    return conversation
  })
  return Effect.runPromise(
    program.pipe(Effect.provide(memoryInterpreter(conversation).pipe(Layer.provide(permission))))
  )
}

describe("memory interpreter laws", () => {
  it("should never send user-only text to the model", async () => {
    await fc.assert(
      fc.asyncProperty(markedSessionArb, async (steps) => {
        const conversation = await carryOut(steps)
        const sent = JSON.stringify(conversation.toModelMessages())
        for (const step of steps) {
          for (const marker of userOnlyMarkers(step.effects)) {
            const effect = step.effects.find((e) => JSON.stringify(e).includes(marker))
            assert.notInclude(sent, marker, `${effect?._tag} text (${step.event}) reached the model`)
          }
        }
      })
    )
  })

  it("should send the model every InjectContext text", async () => {
    await fc.assert(
      fc.asyncProperty(markedSessionArb, async (steps) => {
        const conversation = await carryOut(steps)
        const sent = JSON.stringify(conversation.toModelMessages())
        for (const step of steps) {
          for (const effect of step.effects) {
            if (effect._tag !== "InjectContext") continue
            const marker = /<<model:\d+>>/.exec(effect.text)?.[0]
            assert.isDefined(marker)
            assert.include(sent, marker!, `InjectContext (${step.event}) did not reach the model`)
          }
        }
      })
    )
  })

  it("should keep the conversation in step with a simple model over random sessions", async () => {
    await fc.assert(
      fc.asyncProperty(sessionCommandsArb, async (commands) => {
        const real = makeReal()
        try {
          await fc.asyncModelRun(() => ({ model: initialModel(), real }), commands)
        } finally {
          await real.dispose()
        }
      })
    )
  })
})
