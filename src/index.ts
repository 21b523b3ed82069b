/**
 * wave-hooks: the hook engine for AI coding agents.
 *
 * The package root exports the pure decision core (`decide`, `combine`,
 * `parseStdout`, `matches`), the `HookEffect` schema with its constructors and
 * `audienceOf`, the event and output schemas.
 *
 * @since 0.1.0
 */
export * from "./effects/audience.ts"
export * from "./effects/diagnostic-code.ts"
export * from "./effects/hook-effect.ts"
export * from "./core/combine.ts"
export * from "./core/decide.ts"
export * from "./core/dedupe.ts"
export * from "./core/dialect.ts"
export * from "./core/events.ts"
export * from "./core/hook-run.ts"
export * from "./core/matcher.ts"
export * from "./core/output.ts"
export * from "./core/parse.ts"
export * from "./core/read-output.ts"
export * from "./core/suggest.ts"
export * from "./core/trace.ts"
export * from "./core/payload.ts"
export * from "./core/script-path.ts"
export * from "./core/settings.ts"
export * from "./core/settings-json-schema.ts"
export * from "./runner/hook-env.ts"
export * from "./runner/hook-process.ts"
export * from "./runner/process-group.ts"
export * from "./runner/run-hooks.ts"
export * from "./runner/session.ts"
export * from "./runner/settings-files.ts"
export * from "./core/compare-effects.ts"
export * from "./core/resolution.ts"
export * from "./interpreters/contract.ts"
export * from "./interpreters/agent-loop.ts"
