/**
 * Given/when/then helpers for decision-core tests:
 * `given("PreToolUse").whenExit(2, "", "nope").then([BlockTool({ reason: "nope" })])`.
 */
import { assert } from "@effect/vitest"
import type { Dialect, HookEffect, HookEvent, HookRun, OnFailure } from "../../src/index.ts"
import { decide, hookRun } from "../../src/index.ts"

/** Effects as a sorted list of JSON strings: compare as multisets. */
export const asMultiset = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> =>
  effects.map((e) => JSON.stringify(e)).sort()

/** The effects of a decision without diagnostics (for rows that only care about behaviour). */
export const withoutDiagnostics = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<HookEffect> =>
  effects.filter((e) => e._tag !== "Diagnostic")

export interface Outcome {
  readonly effects: ReadonlyArray<HookEffect>
  /** The effects equal `expected` as a multiset (diagnostics included). */
  then(expected: ReadonlyArray<HookEffect>): void
  /** Ignoring diagnostics, the effects equal `expected` as a multiset. */
  thenIgnoringDiagnostics(expected: ReadonlyArray<HookEffect>): void
  /** No effects at all. */
  thenNothing(): void
  /** The diagnostic codes, in order. */
  diagnosticCodes(): ReadonlyArray<string>
}

const outcome = (effects: ReadonlyArray<HookEffect>): Outcome => ({
  effects,
  then: (expected) => assert.deepStrictEqual(asMultiset(effects), asMultiset(expected)),
  thenIgnoringDiagnostics: (expected) => assert.deepStrictEqual(asMultiset(withoutDiagnostics(effects)), asMultiset(expected)),
  thenNothing: () => assert.deepStrictEqual(effects, []),
  diagnosticCodes: () => effects.flatMap((e) => (e._tag === "Diagnostic" ? [e.code] : []))
})

export interface Given {
  /** Use the claude-code dialect. */
  inDialect(dialect: Dialect): Given
  /** Set `onFailure`. */
  onFailure(onFailure: OnFailure): Given
  /** Name the hook command (used in default texts). */
  withCommand(command: string): Given
  /** The hook exited with `code`, printing `stdout` and `stderr`. */
  whenExit(code: number, stdout?: string, stderr?: string): Outcome
  /** The hook printed `json` (serialised) and exited with `code` (default 0). */
  whenJson(json: unknown, code?: number, stderr?: string): Outcome
  /** Any run. */
  whenRun(run: Partial<HookRun> & { readonly exitCode: number | null }): Outcome
}

/** Start a decision-table scenario for `event`. */
export const given = (
  event: HookEvent,
  settings: { readonly dialect: Dialect; readonly onFailure: OnFailure; readonly command?: string } = {
    dialect: "wave",
    onFailure: "continue"
  }
): Given => {
  const run = (fields: Partial<HookRun> & { readonly exitCode: number | null }) =>
    outcome(
      decide(event, hookRun({ ...(settings.command === undefined ? {} : { command: settings.command }), ...fields }), {
        dialect: settings.dialect,
        onFailure: settings.onFailure
      })
    )
  return {
    inDialect: (dialect) => given(event, { ...settings, dialect }),
    onFailure: (onFailure) => given(event, { ...settings, onFailure }),
    withCommand: (command) => given(event, { ...settings, command }),
    whenExit: (code, stdout = "", stderr = "") => run({ exitCode: code, stdout, stderr }),
    whenJson: (json, code = 0, stderr = "") => run({ exitCode: code, stdout: JSON.stringify(json), stderr }),
    whenRun: run
  }
}
