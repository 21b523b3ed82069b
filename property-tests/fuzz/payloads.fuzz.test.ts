/**
 * Fuzzing payloads of every event (issue 11): hostile payload objects
 * (missing or ill-typed `tool_name`, prototype keys, deep nesting, huge
 * strings, control characters) through the pure planning path and through
 * `runHooks` on canned hook runs. Nothing throws or dies, every effect
 * decodes, and a tool event without a string `tool_name` gets the
 * `missing-tool-name` Diagnostic.
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
import { dialects } from "../../src/core/dialect.ts"

const eventArb: fc.Arbitrary<HookEvent> = fc.constantFrom(...hookEvents)

/** A small fixed settings file: a hook for every event, with and without matchers. */
const settingsText = JSON.stringify({
  hooks: Object.fromEntries(
    hookEvents.map((event) => [
      event,
      matcherFieldOf[event] === undefined
        ? [{ hooks: [{ type: "command", command: "./all.sh" }] }]
        : [
            { matcher: "*", hooks: [{ type: "command", command: "./all.sh" }] },
            {
              matcher: "Bash|Edit",
              parallel: true,
              hooks: [
                { type: "command", command: "./bash.sh" },
                { type: "command", command: "./log.sh" }
              ]
            },
            { matcher: "mcp__.*", hooks: [{ type: "command", command: "./mcp.sh" }] }
          ]
    ])
  )
})

const snapshots = Object.fromEntries(
  dialects.map((dialect) => [
    dialect,
    layerSettings([validateSettings(settingsText, { file: "settings.json", scope: "user", dialect })], dialect)
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
            // Only hooks matching every tool can run.
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
    "runHooks on canned runs never dies; every effect decodes, and a tool event without a string tool_name gets missing-tool-name",
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
          if (matcherFieldOf[event] === "tool_name" && (typeof toolName !== "string" || toolName === "")) {
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
