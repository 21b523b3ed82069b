/**
 * Fuzzing payloads of every event (issue 11): hostile payload objects
 * (missing or ill-typed `tool_name`, prototype keys, deep nesting, huge
 * strings, control characters) through the pure planning path and through
 * `runHooks` on canned hook runs. Nothing throws or dies, every effect
 * decodes, and a tool event without a string `tool_name` gets the
 * `missing-tool-name` Diagnostic, where the dialect's event fires it with a `tool_name` matcher.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { Effect, Exit, Layer, Result } from "effect"
import { NodeServices } from "@effect/platform-node"
import { tmpdir } from "node:os"
import type { HookEvent, SettingsSnapshot } from "../../src/index.ts"
import type { JsonRecord } from "../../src/core/payload.ts"
import { hookEvents, validateSettings } from "../../src/index.ts"
import { matcherFieldOf } from "../../src/core/events.ts"
import { decodeHookEffect } from "../../src/effects/hook-effect.ts"
import { layerSettings, planHooks } from "../../src/settings/plan.ts"
import { runHooks } from "../../src/runner/run-hooks.ts"
import type { HookProcessOptions } from "../../src/runner/hook-process.ts"
import { HookProcess } from "../../src/runner/hook-process.ts"
import { controlArb, jsonTextArb, prototypeKeys, smallHostileStringArb } from "../arbitraries/hostile.ts"
import { fuzzRuns, fuzzTimeoutMs } from "./fuzz-runs.ts"
import { dialectArb } from "../arbitraries/policies.ts"
import type { Dialect } from "../../src/core/dialect.ts"
import { dialectRules, dialects } from "../../src/core/dialect.ts"
import { agentEventOf, dialectEvents } from "../../src/core/dialect-events.ts"

const eventArb: fc.Arbitrary<HookEvent> = fc.constantFrom(...hookEvents)

/** A group of hooks for one event: its matcher (none: every tool) and its commands. */
interface FuzzGroup {
  readonly matcher?: string
  readonly parallel?: true
  readonly commands: ReadonlyArray<string>
}

/** The groups of an event: with tool matchers where its matcher tests `tool_name`, else one hook that always runs. */
const groupsFor = (matcherField: string | undefined): ReadonlyArray<FuzzGroup> =>
  matcherField !== "tool_name"
    ? [{ commands: ["./all.sh"] }]
    : [
        { matcher: "*", commands: ["./all.sh"] },
        { matcher: "Bash|Edit", parallel: true, commands: ["./bash.sh", "./log.sh"] },
        { matcher: "mcp__.*", commands: ["./mcp.sh"] }
      ]

/**
 * A small fixed settings file of `dialect`: a hook for every event, with and without matchers, under the dialect's
 * event names (every one of its events, Cursor's beforeShellExecution and preToolUse both), in its file's shape (a
 * flat hooks file, Cursor's, has one entry per hook with its own matcher).
 */
const settingsTextFor = (dialect: Dialect): string => {
  const flat = dialectRules[dialect].settingsFiles.find((row) => row.scope === "user")?.keys === "flat-hooks-file"
  const hooks = Object.fromEntries(
    dialectEvents[dialect].map((row) => {
      const groups = groupsFor(row.matcherField)
      return [
        row.name,
        flat
          ? groups.flatMap((g) =>
              g.commands.map((command) => ({ command, ...(g.matcher === undefined ? {} : { matcher: g.matcher }) }))
            )
          : groups.map((g) => ({
              ...(g.matcher === undefined ? {} : { matcher: g.matcher }),
              ...(g.parallel === undefined ? {} : { parallel: g.parallel }),
              hooks: g.commands.map((command) => ({ type: "command", command }))
            }))
      ]
    })
  )
  return JSON.stringify(flat ? { version: 1, hooks } : { hooks })
}

const snapshots = Object.fromEntries(
  dialects.map((dialect) => [
    dialect,
    layerSettings(
      [validateSettings(settingsTextFor(dialect), { file: "settings.json", scope: "user", dialect })],
      dialect
    )
  ])
) as { readonly [D in Dialect]: SettingsSnapshot }

/** Deeply nested values (arrays or objects) as JS values. */
const deepValueArb: fc.Arbitrary<unknown> = fc
  .record({ depth: fc.integer({ min: 10, max: 3_000 }), kind: fc.constantFrom("array", "object") })
  .map(({ depth, kind }) => {
    let value: unknown = "leaf"
    for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value }
    return value
  })

const hostileValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: jsonTextArb.map((t) => JSON.parse(t) as unknown) },
  { weight: 2, arbitrary: smallHostileStringArb },
  { weight: 1, arbitrary: controlArb },
  { weight: 1, arbitrary: deepValueArb },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 64 }).map((n) => "y".repeat(16 * 1024 * n)) } // up to 1 MiB
)

const toolNameArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("Bash", "Edit", "mcp__s__t", "Write", "") },
  { weight: 2, arbitrary: smallHostileStringArb },
  { weight: 2, arbitrary: fc.constantFrom(null, 0, 1, true, false, [], {}, ["Bash"], { name: "Bash" }) },
  { weight: 1, arbitrary: hostileValueArb }
)

/** A hostile payload object: maybe a tool_name (maybe ill-typed), hostile fields, prototype keys. */
const payloadArb: fc.Arbitrary<JsonRecord> = fc
  .record({
    toolName: fc.option(toolNameArb, { nil: undefined }),
    fields: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...prototypeKeys),
          fc.constantFrom(
            "tool_input",
            "prompt",
            "agent_type",
            "source",
            "trigger",
            "matcher",
            "session_id",
            "cwd",
            "hook_event_name",
            "transcript_path",
            "notification_type",
            "reason"
          ),
          smallHostileStringArb
        ),
        hostileValueArb
      ),
      { maxLength: 5 }
    )
  })
  .map(({ fields, toolName }) => {
    const payload: Record<string, unknown> = {}
    for (const [key, value] of fields)
      Object.defineProperty(payload, key, { value, enumerable: true, writable: true, configurable: true })
    if (toolName !== undefined)
      Object.defineProperty(payload, "tool_name", {
        value: toolName,
        enumerable: true,
        writable: true,
        configurable: true
      })
    return payload as JsonRecord
  })

/** What the canned runs were asked (the test layer records every request, payloads included): emptied after each case, or 100,000 cases of up to 1 MiB payloads fill the heap. */
const requests: Array<HookProcessOptions> = []
const layer = Layer.mergeAll(
  HookProcess.layerTest(() => ({ exitCode: 0 }), requests),
  NodeServices.layer
)

describe(`fuzz: payloads of every event (${fuzzRuns} cases per target)`, () => {
  it(
    "planHooks never throws on a hostile payload of any event",
    () => {
      fc.assert(
        fc.property(eventArb, payloadArb, dialectArb, (event, payload, dialect) => {
          const plan = planHooks(snapshots[dialect], event, payload)
          assert.isArray(plan.steps)
          const toolName = payload["tool_name"]
          if (matcherFieldOf[event] === "tool_name" && typeof toolName !== "string") {
            // Only hooks matching every tool can run (the rows whose matcher tests another field have only those).
            for (const step of plan.steps) {
              const hooks = step._tag === "Sequential" ? [step.hook] : step.hooks
              for (const hook of hooks) assert.strictEqual(hook.command, "./all.sh")
            }
          }
        }),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )

  it(
    "runHooks on canned runs never dies; every effect decodes, and a tool event without a string tool_name gets missing-tool-name (where the dialect's event matches on tool_name)",
    async () => {
      await fc.assert(
        fc.asyncProperty(eventArb, payloadArb, dialectArb, async (event, payload, dialect) => {
          const exit = await Effect.runPromiseExit(
            runHooks({ event, payload, projectDir: tmpdir(), dialect, env: {}, settings: snapshots[dialect] }).pipe(
              Effect.provide(layer)
            )
          )
          requests.length = 0
          assert.isTrue(Exit.isSuccess(exit), Exit.isFailure(exit) ? String(exit.cause) : "")
          if (!Exit.isSuccess(exit)) return
          for (const effect of exit.value.effects) {
            assert.isTrue(
              Result.isSuccess(decodeHookEffect(effect)),
              `${JSON.stringify(effect).slice(0, 300)} does not decode`
            )
          }
          const toolName = payload["tool_name"]
          // A tool event as the dialect fires it: its own event's matcher tests tool_name (Cursor's beforeShellExecution
          // tests the command, 5.3.3; an event the dialect has no name for, Gemini CLI's PermissionRequest, no hook of
          // the dialect can be configured for).
          const firedMatcherField = agentEventOf(dialect, event)?.matcherField
          if (firedMatcherField === "tool_name" && (typeof toolName !== "string" || toolName === "")) {
            assert.isTrue(
              exit.value.effects.some((e) => e._tag === "Diagnostic" && e.code === "missing-tool-name"),
              `${event} without a string tool_name: no missing-tool-name Diagnostic`
            )
          }
        }),
        { numRuns: fuzzRuns }
      )
    },
    fuzzTimeoutMs
  )
})
