/**
 * A browser consumer of `wave-hooks` (no @types/node): uses the decision
 * core, the effect union, settings validation and the interpreter contract
 * through the shipped types only. Checked by `npm run check:consumer`; not
 * run. The `satisfies` and annotations pin the shapes a consumer relies on.
 */
import {
  AllowTool,
  BlockTool,
  type EffectOf,
  combine,
  decide,
  formatSettingsDiagnostic,
  type EffectsRequest,
  type HookEffect,
  type HookEffectTag,
  hookRun,
  Interpreter,
  makeInterpreter,
  parseStdout,
  Permission,
  type PermissionAnswer,
  type Render,
  type Resolution,
  resolveEffects,
  type SettingsDiagnostic,
  type ValidatedSettings,
  validateSettings
} from "wave-hooks"
import { Effect, Layer } from "effect"

const denied: ReadonlyArray<HookEffect> = decide(
  "PreToolUse",
  hookRun({
    exitCode: 0,
    stdout: '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no rm"}}'
  })
)
const allowed: ReadonlyArray<HookEffect> = [AllowTool()]
const combined: ReadonlyArray<HookEffect> = combine([denied, allowed])
const curried: ReadonlyArray<HookEffect> = combine()([denied, allowed])

// Narrowing on the tag gives the member's fields.
const reasons: Array<string> = []
for (const effect of combined) {
  if (effect._tag === "BlockTool") reasons.push(effect.reason)
}
const tag: HookEffectTag = combined[0]?._tag ?? "AllowTool"
const block: EffectOf<"BlockTool"> = BlockTool({ reason: "no" })

// Settings validation: pure, from text.
const settings: ValidatedSettings = validateSettings('{"hooks":{"Stopp":[]}}', {
  file: ".wave/settings.json",
  scope: "project",
  dialect: "wave"
})
const diagnostics: ReadonlyArray<SettingsDiagnostic> = settings.diagnostics
const lines: Array<string> = diagnostics.map(formatSettingsDiagnostic)

// The interpreter contract: a renderer that writes to the page.
const render: Render = (request: EffectsRequest, resolution: Resolution) =>
  Effect.sync(() => {
    const text = `${request.event}: ${resolution.permission}`
    if (typeof document !== "undefined") document.title = text
  })
const answer: PermissionAnswer = "deny"
const interpreterLayer: Layer.Layer<Interpreter> = makeInterpreter("page", render).pipe(
  Layer.provide(Permission.always(answer))
)
const program: Effect.Effect<Resolution, never, Interpreter> = Effect.gen(function* () {
  const interpreter = yield* Interpreter
  return yield* interpreter.carryOut({ event: "PreToolUse", effects: combined })
})
const run: Promise<Resolution> = Effect.runPromise(Effect.provide(program, interpreterLayer))

const parsed = parseStdout("plain text", "wave")
const resolved: Resolution = resolveEffects(combined, "allow")

export { block, curried, lines, parsed, reasons, resolved, run, tag }
