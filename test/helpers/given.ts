/**
 * Given/when/then helpers for decision-core tests:
 * `given("PreToolUse").whenExit(2, "", "nope").then([BlockTool({ reason: "nope" })])`.
 *
 * Effect lists are compared as multisets, except the relative order of the
 * texts of `InjectContext`, `PromptModel` and `ShowUser`, which carries meaning
 * (ARCHITECTURE section 3).
 */
import { assert } from "@effect/vitest"
import type {
  Audience,
  Dialect,
  EffectOf,
  HookEffect,
  HookEffectTag,
  HookEvent,
  HookRun,
  OnFailure,
  DecideOptions
} from "../../src/index.ts"
import { audienceOf, decide, hookRun } from "../../src/index.ts"

/** Effects as a sorted list of JSON strings: compare as multisets. */
export const asMultiset = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> =>
  effects.map((e) => JSON.stringify(e)).sort()

/** The effects of a decision without diagnostics (for rows that only care about behaviour). */
export const withoutDiagnostics = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<HookEffect> =>
  effects.filter((e) => e._tag !== "Diagnostic")

const orderedTags: ReadonlySet<HookEffectTag> = new Set<HookEffectTag>(["InjectContext", "PromptModel", "ShowUser"])

/** The effects whose relative order carries meaning, in order. */
export const orderedTexts = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<string> =>
  effects.filter((e) => orderedTags.has(e._tag)).map((e) => JSON.stringify(e))

/**
 * Assert two effect lists are equal as multisets, and that the texts of
 * `InjectContext`, `PromptModel` and `ShowUser` come in the same order.
 */
export const assertSameEffects = (
  actual: ReadonlyArray<HookEffect>,
  expected: ReadonlyArray<HookEffect>,
  message?: string
): void => {
  assert.deepStrictEqual(asMultiset(actual), asMultiset(expected), message)
  assert.deepStrictEqual(
    orderedTexts(actual),
    orderedTexts(expected),
    message ?? "order of InjectContext/PromptModel/ShowUser texts"
  )
}

/** The effects with a given tag. */
export const ofTag = <T extends HookEffectTag>(
  effects: ReadonlyArray<HookEffect>,
  tag: T
): ReadonlyArray<EffectOf<T>> => effects.filter((e): e is EffectOf<T> => e._tag === tag)

export interface Outcome {
  readonly effects: ReadonlyArray<HookEffect>
  /** The effects equal `expected` as a multiset (diagnostics included), message order kept. */
  then(expected: ReadonlyArray<HookEffect>): Outcome
  /** Ignoring diagnostics, the effects equal `expected` as a multiset, message order kept. */
  thenIgnoringDiagnostics(expected: ReadonlyArray<HookEffect>): Outcome
  /** The effects equal `expected` exactly, in order. */
  thenExactly(expected: ReadonlyArray<HookEffect>): Outcome
  /** No effects at all. */
  thenNothing(): Outcome
  /** The diagnostic codes, in order. */
  diagnosticCodes(): ReadonlyArray<string>
  /** The diagnostics, in order. */
  diagnostics(): ReadonlyArray<EffectOf<"Diagnostic">>
  /** The effects with this tag. */
  withTag<T extends HookEffectTag>(tag: T): ReadonlyArray<EffectOf<T>>
  /** Each non-diagnostic effect's tag with who sees its text, e.g. `"BlockTool:model"`. */
  audiences(): ReadonlyArray<string>
}

const outcome = (effects: ReadonlyArray<HookEffect>): Outcome => {
  const self: Outcome = {
    effects,
    then: (expected) => {
      assertSameEffects(effects, expected)
      return self
    },
    thenIgnoringDiagnostics: (expected) => {
      assertSameEffects(withoutDiagnostics(effects), expected)
      return self
    },
    thenExactly: (expected) => {
      assert.deepStrictEqual(effects, expected)
      return self
    },
    thenNothing: () => {
      assert.deepStrictEqual(effects, [])
      return self
    },
    diagnosticCodes: () => effects.flatMap((e) => (e._tag === "Diagnostic" ? [e.code] : [])),
    diagnostics: () => ofTag(effects, "Diagnostic"),
    withTag: (tag) => ofTag(effects, tag),
    audiences: () => withoutDiagnostics(effects).map((e) => `${e._tag}:${audienceOf(e)}`)
  }
  return self
}

export interface Given {
  readonly event: HookEvent
  readonly policy: DecideOptions
  /** Use another dialect. */
  inDialect(dialect: Dialect): Given
  /** Set `onFailure`. */
  onFailure(onFailure: OnFailure): Given
  /** Name the hook command (used in default texts). */
  withCommand(command: string): Given
  /** The agent's name of the event (Cursor's `beforeShellExecution`) and, optionally, the tool it is about. */
  asAgentEvent(agentEvent: string, toolName?: string): Given
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
  settings: {
    readonly dialect: Dialect
    readonly onFailure: OnFailure
    readonly command?: string
    readonly agentEvent?: string
    readonly toolName?: string
  } = {
    dialect: "wave",
    onFailure: "continue"
  }
): Given => {
  const policy: DecideOptions = {
    dialect: settings.dialect,
    onFailure: settings.onFailure,
    ...(settings.agentEvent === undefined ? {} : { agentEvent: settings.agentEvent }),
    ...(settings.toolName === undefined ? {} : { toolName: settings.toolName })
  }
  const run = (fields: Partial<HookRun> & { readonly exitCode: number | null }) =>
    outcome(
      decide(
        event,
        hookRun({ ...(settings.command === undefined ? {} : { command: settings.command }), ...fields }),
        policy
      )
    )
  return {
    event,
    policy,
    inDialect: (dialect) => given(event, { ...settings, dialect }),
    onFailure: (onFailure) => given(event, { ...settings, onFailure }),
    withCommand: (command) => given(event, { ...settings, command }),
    asAgentEvent: (agentEvent, toolName) =>
      given(event, { ...settings, agentEvent, ...(toolName === undefined ? {} : { toolName }) }),
    whenExit: (code, stdout = "", stderr = "") => run({ exitCode: code, stdout, stderr }),
    whenJson: (json, code = 0, stderr = "") => run({ exitCode: code, stdout: JSON.stringify(json), stderr }),
    whenRun: run
  }
}

/** Who sees the text of each effect, keyed by tag (for audience assertions). */
export const audienceByTag = (effects: ReadonlyArray<HookEffect>): ReadonlyArray<readonly [HookEffectTag, Audience]> =>
  effects.map((e) => [e._tag, audienceOf(e)] as const)
