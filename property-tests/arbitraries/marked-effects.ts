/**
 * Arbitraries for interpreter sessions whose every text carries a unique
 * marker naming its audience: sequences of events, each with an effect list
 * built with the constructors, a permission answer, and (for prompts and tool
 * events) what the agent put in the conversation before the hooks ran.
 */
import * as fc from "fast-check"
import type { HookEffect, HookEvent } from "../../src/index.ts"
import { diagnosticCodes } from "../../src/effects/diagnostic-code.ts"
import {
  AllowTool,
  AskPermission,
  BlockCompaction,
  BlockPrompt,
  BlockStop,
  BlockTool,
  combine,
  Diagnostic,
  hookEvents,
  InjectContext,
  PromptModel,
  ShowUser,
  StopAgent,
  UpdateInput,
  UpdateToolOutput
} from "../../src/index.ts"
import type { PermissionAnswer } from "../../src/interpreters/resolution.ts"
import { shortWeirdStringArb } from "./strings.ts"

/** Who a marked text is for. `user` covers every user-only kind (and the hook author's Diagnostic). */
export type Audience = "user" | "model" | "agent"

/** The effect kinds whose text is for the user (or the hook's author) only. */
export const userOnlyTags = [
  "ShowUser",
  "BlockPrompt",
  "BlockCompaction",
  "StopAgent",
  "AskPermission",
  "Diagnostic"
] as const

/** A unique marker: ASCII that `JSON.stringify` never escapes and awkward text never forms. */
export const marker = (audience: Audience, n: number): string => `<<${audience}:${n}>>`

/** A text made of awkward noise around a marker. */
const marked = (noise: readonly [string, string], audience: Audience, n: number): string =>
  `${noise[0]}${marker(audience, n)}${noise[1]}`

const noiseArb = fc.tuple(shortWeirdStringArb, shortWeirdStringArb)

/** An effect still waiting for its marker number. */
type Pending = (n: number) => HookEffect

const levelArb = fc.constantFrom("info" as const, "warning" as const, "error" as const)

/** One effect of any kind, numbered later; user-only texts get `user` markers, the others `model` markers. */
const pendingEffectArb: fc.Arbitrary<Pending> = fc.oneof(
  fc.constant<Pending>(() => AllowTool()),
  fc.tuple(noiseArb, fc.boolean()).map(
    ([noise, withReason]): Pending =>
      (n) =>
        withReason ? AskPermission({ reason: marked(noise, "user", n) }) : AskPermission()
  ),
  noiseArb.map(
    (noise): Pending =>
      (n) =>
        BlockTool({ reason: marked(noise, "model", n) })
  ),
  noiseArb.map(
    (noise): Pending =>
      (n) =>
        UpdateInput({ input: { command: marked(noise, "model", n) } })
  ),
  noiseArb.map(
    (noise): Pending =>
      (n) =>
        UpdateToolOutput({ output: marked(noise, "model", n) })
  ),
  noiseArb.map(
    (noise): Pending =>
      (n) =>
        UpdateToolOutput({ output: { lines: [marked(noise, "model", n)] } })
  ),
  noiseArb.map(
    (noise): Pending =>
      (n) =>
        InjectContext({ text: marked(noise, "model", n) })
  ),
  noiseArb.map(
    (noise): Pending =>
      (n) =>
        PromptModel({ text: marked(noise, "model", n) })
  ),
  noiseArb.map(
    (noise): Pending =>
      (n) =>
        BlockPrompt({ reason: marked(noise, "user", n) })
  ),
  noiseArb.map(
    (noise): Pending =>
      (n) =>
        BlockStop({ reason: marked(noise, "model", n) })
  ),
  noiseArb.map(
    (noise): Pending =>
      (n) =>
        BlockCompaction({ reason: marked(noise, "user", n) })
  ),
  fc.tuple(noiseArb, fc.boolean()).map(
    ([noise, withReason]): Pending =>
      (n) =>
        withReason ? StopAgent({ reason: marked(noise, "user", n) }) : StopAgent()
  ),
  fc.tuple(noiseArb, levelArb).map(
    ([noise, level]): Pending =>
      (n) =>
        ShowUser({ level, text: marked(noise, "user", n) })
  ),
  fc.tuple(noiseArb, fc.constantFrom(...diagnosticCodes)).map(
    ([noise, code]): Pending =>
      (n) =>
        Diagnostic({ code, message: marked(noise, "user", n) })
  )
)

/** One event of a marked session. */
export interface MarkedStep {
  readonly event: HookEvent
  readonly effects: ReadonlyArray<HookEffect>
  /** The user's answer if the effects ask. */
  readonly answer: PermissionAnswer
  /** For UserPromptSubmit: the prompt the agent added before the hooks ran (model-visible). */
  readonly prompt?: string
  /** For tool events: the tool call (its input is model-visible). */
  readonly tool?: { readonly id: string; readonly name: string; readonly input: { readonly command: string } }
  /** For PostToolUse / PostToolUseFailure: the tool's output before the hooks ran (model-visible). */
  readonly output?: string
}

const toolEvents: ReadonlyArray<HookEvent> = ["PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure"]

interface StepShape {
  readonly event: HookEvent
  readonly effects: ReadonlyArray<Pending>
  readonly combined: boolean
  readonly answer: PermissionAnswer
  readonly noise: readonly [string, string]
}

const stepShapeArb: fc.Arbitrary<StepShape> = fc.record({
  // Tool events and prompts twice as often: they are where the conversation changes most.
  event: fc.oneof(fc.constantFrom(...hookEvents), fc.constantFrom(...toolEvents, "UserPromptSubmit" as const)),
  effects: fc.array(pendingEffectArb, { maxLength: 6 }),
  // Half the lists go through `combine`, as the runner would hand them over.
  combined: fc.boolean(),
  answer: fc.constantFrom("allow" as const, "deny" as const),
  noise: noiseArb
})

/**
 * A session: up to 8 events. Every text (effects, prompts, tool inputs and
 * outputs) holds a marker unique in the session: `<<user:N>>` for user-only
 * kinds, `<<model:N>>` for the model's, `<<agent:N>>` for what the agent
 * itself wrote.
 */
export const markedSessionArb: fc.Arbitrary<ReadonlyArray<MarkedStep>> = fc
  .array(stepShapeArb, { maxLength: 8 })
  .map((shapes) => {
    let n = 0
    return shapes.map((shape, index): MarkedStep => {
      const effects = shape.effects.map((pending) => pending(n++))
      const isTool = toolEvents.includes(shape.event)
      return {
        event: shape.event,
        effects: shape.combined ? combine([effects]) : effects,
        answer: shape.answer,
        ...(shape.event === "UserPromptSubmit" ? { prompt: marked(shape.noise, "agent", n++) } : {}),
        ...(isTool
          ? { tool: { id: `toolu_${index}`, name: "Bash", input: { command: marked(shape.noise, "agent", n++) } } }
          : {}),
        ...(shape.event === "PostToolUse" || shape.event === "PostToolUseFailure"
          ? { output: marked(shape.noise, "agent", n++) }
          : {})
      }
    })
  })

/** The markers of the texts in `effects` meant for the user (or the hook's author) only. */
export const userOnlyMarkers = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> =>
  effects
    .flatMap((effect) => {
      switch (effect._tag) {
        case "ShowUser":
          return [effect.text]
        case "BlockPrompt":
        case "BlockCompaction":
          return [effect.reason]
        case "StopAgent":
        case "AskPermission":
          return effect.reason === undefined ? [] : [effect.reason]
        case "Diagnostic":
          return [effect.message]
        default:
          return []
      }
    })
    .flatMap((text) => text.match(/<<user:\d+>>/g) ?? [])
