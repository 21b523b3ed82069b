/**
 * One conformance suite for every interpreter: the same effects give the same
 * resolution, permission questions go through the Permission service, and
 * each text reaches its audience (and user-only text never reaches the model).
 *
 * An interpreter joins by giving a harness: a layer (needing Permission) and a
 * way to read what it showed to the user and to the model.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { HookEffect, HookEvent } from "../../src/index.ts"
import {
  AllowTool,
  AskPermission,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  Diagnostic,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/index.ts"
import { resolveEffects, userDeniedReason } from "../../src/interpreters/resolution.ts"
import type { PermissionAnswer } from "../../src/interpreters/resolution.ts"
import type { EffectsRequest, PermissionRequest, ToolCall } from "../../src/interpreters/contract.ts"
import { Interpreter, Permission } from "../../src/interpreters/contract.ts"

/** What an interpreter showed: everything the user could read, and what the model was given. */
export interface Shown {
  readonly user: string
  /** `undefined` when the interpreter has no model channel of its own (it only shows a person). */
  readonly model: string | undefined
}

/** A fresh interpreter under test. */
export interface Harness {
  readonly layer: Layer.Layer<Interpreter, never, Permission>
  /** Prepare the medium for a request (e.g. add the tool call or the prompt to a conversation). */
  readonly before?: (request: EffectsRequest) => void
  readonly shown: () => Shown
  readonly dispose?: () => Promise<void>
}

const tool: ToolCall = { id: "toolu_1", name: "Bash", input: { command: "ls" } }

interface Case {
  readonly name: string
  readonly event: HookEvent
  readonly effects: ReadonlyArray<HookEffect>
  readonly answers?: ReadonlyArray<PermissionAnswer>
  /** Texts the user must see. */
  readonly user: ReadonlyArray<string>
  /** Texts the model must be given (when the interpreter has a model channel). */
  readonly model: ReadonlyArray<string>
  /** Texts the model must never be given. */
  readonly notModel: ReadonlyArray<string>
}

const cases: ReadonlyArray<Case> = [
  {
    name: "a deny reaches the model, not as a user message",
    event: "PreToolUse",
    effects: [BlockTool({ reason: "deny-reason-7" })],
    user: [],
    model: ["deny-reason-7"],
    notModel: []
  },
  {
    name: "user messages reach the user only",
    event: "PreToolUse",
    effects: [
      AllowTool(),
      ShowUser({ level: "info", text: "info-for-user-3" }),
      ShowUser({ level: "warning", text: "warn-for-user-4" })
    ],
    user: ["info-for-user-3", "warn-for-user-4"],
    model: [],
    notModel: ["info-for-user-3", "warn-for-user-4"]
  },
  {
    name: "an allowed ask runs the tool with the updated input",
    event: "PreToolUse",
    effects: [AskPermission({ reason: "ask-reason-5" }), UpdateInput({ input: { command: "ls -la" } })],
    answers: ["allow"],
    user: ["ask-reason-5"],
    model: [],
    notModel: ["ask-reason-5"]
  },
  {
    name: "a refused ask denies the tool and tells the model",
    event: "PreToolUse",
    effects: [AskPermission({ reason: "ask-reason-6" })],
    answers: ["deny"],
    user: ["ask-reason-6"],
    model: [userDeniedReason()],
    // The question's reason was written for the user (section 3).
    notModel: ["ask-reason-6"]
  },
  {
    name: "context and feedback reach the model",
    event: "PostToolUse",
    effects: [
      InjectContext({ text: "context-8" }),
      PromptModel({ text: "feedback-9" }),
      UpdateToolOutput({ output: "new-output-10" })
    ],
    user: [],
    model: ["context-8", "feedback-9", "new-output-10"],
    notModel: []
  },
  {
    name: "a blocked prompt is shown to the user and erased for the model",
    event: "UserPromptSubmit",
    effects: [BlockPrompt({ reason: "prompt-block-11" })],
    user: ["prompt-block-11"],
    model: [],
    notModel: ["prompt-block-11", "the user prompt 12"]
  },
  {
    name: "a blocked stop reaches the model",
    event: "Stop",
    effects: [BlockStop({ reason: "keep-going-13" })],
    user: [],
    model: ["keep-going-13"],
    notModel: []
  },
  {
    name: "StopAgent, compaction blocks and diagnostics stay away from the model",
    event: "PreCompact",
    effects: [
      StopAgent({ reason: "stop-14" }),
      BlockCompaction({ reason: "compaction-15" }),
      Diagnostic({ code: "noisy-stdout", message: "diag-16" })
    ],
    user: ["stop-14", "compaction-15"],
    model: [],
    notModel: ["stop-14", "compaction-15", "diag-16"]
  }
]

const isToolEvent = (event: HookEvent) =>
  event === "PreToolUse" || event === "PostToolUse" || event === "PermissionRequest"

/** Run the conformance suite against an interpreter. */
export const conformance = (name: string, makeHarness: () => Harness | Promise<Harness>): void => {
  describe(`interpreter conformance: ${name}`, () => {
    for (const c of cases) {
      it(c.name, async () => {
        const harness = await makeHarness()
        try {
          const asked: Array<PermissionRequest> = []
          const request: EffectsRequest = {
            event: c.event,
            effects: c.effects,
            ...(isToolEvent(c.event) ? { tool } : {})
          }
          harness.before?.(request)
          const resolution = await Effect.runPromise(
            Effect.gen(function* () {
              const interpreter = yield* Interpreter
              return yield* interpreter.carryOut(request)
            }).pipe(
              Effect.provide(harness.layer.pipe(Layer.provide(Permission.scripted(c.answers ?? [], "deny", asked))))
            )
          )
          // Same resolution as the reference, whatever the medium.
          assert.deepStrictEqual(resolution, resolveEffects(c.effects, c.answers?.[0]))
          // Permission questions go through the service, once, with the reason.
          const ask = c.effects.find((e) => e._tag === "AskPermission")
          assert.strictEqual(asked.length, ask === undefined ? 0 : 1)
          if (ask !== undefined && ask._tag === "AskPermission") assert.strictEqual(asked[0]?.reason, ask.reason)
          const shown = harness.shown()
          for (const text of c.user) assert.include(shown.user, text, `the user should see ${text}`)
          if (shown.model !== undefined) {
            for (const text of c.model) assert.include(shown.model, text, `the model should be given ${text}`)
            for (const text of c.notModel) assert.notInclude(shown.model, text, `the model must not be given ${text}`)
          }
        } finally {
          await harness.dispose?.()
        }
      })
    }

    it("does not ask when a BlockTool already decided", async () => {
      const harness = await makeHarness()
      try {
        const asked: Array<PermissionRequest> = []
        const request: EffectsRequest = {
          event: "PreToolUse",
          effects: [BlockTool({ reason: "no" }), AskPermission({ reason: "r" })],
          tool
        }
        harness.before?.(request)
        const resolution = await Effect.runPromise(
          Effect.gen(function* () {
            return yield* (yield* Interpreter).carryOut(request)
          }).pipe(Effect.provide(harness.layer.pipe(Layer.provide(Permission.scripted(["allow"], "allow", asked)))))
        )
        assert.strictEqual(asked.length, 0)
        assert.strictEqual(resolution.permission, "deny")
      } finally {
        await harness.dispose?.()
      }
    })
  })
}
