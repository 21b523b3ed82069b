/**
 * Laws of the hook types (issue 13): timeouts, `onFailure`, caps, trust,
 * parallel groups and ordering behave the same for every type. A generated
 * list of hooks of mixed types (`command`, `http`, `mcp_tool`, `prompt`,
 * `agent`), in sequential and parallel matcher groups of a user file and a
 * trusted or untrusted project file, in every dialect (its event names, group keys, timeout unit and files; a flat
 * hooks file, Cursor's, one entry per hook),
 * runs through fake transports
 * (`HttpHook.layerTest`, `McpTools.layerTest`, `PromptHooks.layerTest`); the
 * same list then runs as command hooks (`HookProcess.layerTest`), each
 * answering with the run its transport's answer stands for, under the same
 * name. What `combine` gives, the runs and the order must be the same.
 *
 * The command-equivalent of an answer is written here from the issue's table
 * (2xx empty = exit 0; 2xx JSON object = that stdout; MCP text = stdout;
 * prompt ok:true = exit 0, nothing printed); the other rows are taken from
 * `httpResponseRun`, `mcpToolResultRun` and `promptOutcome`, as the issue
 * says they define the command a transport's answer stands for.
 */
import { NodeFileSystem } from "@effect/platform-node"
import { rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, afterAll, describe, it } from "@effect/vitest"
import { Effect, type FileSystem, Layer } from "effect"
import * as fc from "fast-check"
import { statisticsWithCounts } from "./support/statistics.ts"
import type { Dialect, SettingsFileRow } from "../src/core/dialect.ts"
import { dialectRules, dialects } from "../src/core/dialect.ts"
import { agentEventName, agentEventOf } from "../src/core/dialect-events.ts"
import type { HookEvent } from "../src/core/events.ts"
import type { HookRun, OnFailure } from "../src/core/hook-run.ts"
import type { JsonRecord } from "../src/core/payload.ts"
import type { PromptAnswer } from "../src/core/prompt-verdict.ts"
import { modelHookLabel, promptFailure, promptOutcome, promptTimeout } from "../src/core/prompt-verdict.ts"
import type { HttpOutcome, McpOutcome } from "../src/core/transport-outcome.ts"
import { capUtf8, httpResponseRun, mcpToolResultRun } from "../src/core/transport-outcome.ts"
import type { HookEffect } from "../src/effects/hook-effect.ts"
import type { HookProcessOptions } from "../src/runner/hook-process.ts"
import { defaultOutputCapBytes, HookProcess } from "../src/runner/hook-process.ts"
import type { HttpRequestOptions } from "../src/runner/http-hook.ts"
import { HttpHook } from "../src/runner/http-hook.ts"
import type { McpToolCall } from "../src/runner/mcp-client.ts"
import { McpTools } from "../src/runner/mcp-client.ts"
import type { CannedAnswer, ModelHookRequest } from "../src/runner/prompt-hook.ts"
import { PromptHooks } from "../src/runner/prompt-hook.ts"
import type { RunHooksResult } from "../src/runner/run-hooks.ts"
import { runHooks } from "../src/runner/run-hooks.ts"
import { applyTrust } from "../src/runner/settings-files.ts"
import type { HookType } from "../src/settings/hook-types.ts"
import { hookTypeEvents } from "../src/settings/hook-types.ts"
import { decide } from "../src/core/decide.ts"
import { defaultTimeoutSecondsFor } from "../src/settings/hook-timeouts.ts"
import { urlNotAllowedMessage } from "../src/settings/http-hook-config.ts"
import type { SettingsSnapshot } from "../src/settings/plan.ts"
import { layerSettings, onceKey } from "../src/settings/plan.ts"
import type { ValidatedSettings } from "../src/settings/settings-schema.ts"
import { emptyTrustStore } from "../src/settings/trust.ts"
import { validateSettings } from "../src/settings/validate-settings.ts"
import { decisiveHookOutputArb } from "./arbitraries/hook-output.ts"
import { shortWeirdStringArb, weirdStringArb } from "./arbitraries/strings.ts"
import { observesIn } from "./support/cursor-answer-table.ts"

// ====== The scenario ======

/** The events every type runs on (agent: all but PermissionRequest), with a payload each. */
const payloads = {
  PreToolUse: { tool_name: "Bash", tool_input: { command: "git status" } },
  PermissionRequest: { tool_name: "Bash", tool_input: { command: "git status" } },
  PostToolUse: { tool_name: "Bash", tool_input: { command: "git status" }, tool_response: { stdout: "clean" } },
  PostToolUseFailure: { tool_name: "Bash", tool_input: { command: "git status" }, error: "exit 1" },
  UserPromptSubmit: { prompt: "fix the tests" },
  Stop: {},
  SubagentStop: {}
} satisfies { readonly [E in HookEvent]?: JsonRecord }

type LawEvent = keyof typeof payloads
const lawEvents = Object.keys(payloads) as ReadonlyArray<LawEvent>
/** The law's events `dialect` fires (Gemini CLI has no PermissionRequest, PostToolUseFailure or SubagentStop). */
const lawEventsOf = (dialect: Dialect): ReadonlyArray<LawEvent> =>
  lawEvents.filter((event) => agentEventOf(dialect, event) !== undefined)
const toolEvents: ReadonlySet<LawEvent> = new Set([
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PostToolUseFailure"
])

/** `if` rules against the payloads' `Bash(git status)`: the first matches, the others do not. */
const conditions = ["Bash(git *)", "Bash(rm *)", "Read"] as const
const conditionMatches = (condition: string | undefined): boolean =>
  condition === undefined || condition === "Bash(git *)"

/** What a hook answers, by type. */
type Answer =
  | { readonly type: "command"; readonly run: Partial<HookRun> & { readonly exitCode: number | null } }
  | {
      readonly type: "http"
      /** A response (`body` cut at the request's cap by the fake transport), a timeout or a failure. */
      readonly outcome:
        | {
            readonly _tag: "Response"
            readonly status: number
            readonly body: string
            readonly location?: string
            readonly durationMs: number
          }
        | Extract<HttpOutcome, { readonly _tag: "TimedOut" | "Failed" }>
    }
  | { readonly type: "mcp_tool"; readonly outcome: McpOutcome }
  | { readonly type: "prompt" | "agent"; readonly answer: CannedAnswer; readonly continueOnBlock: boolean | undefined }

interface HookSpec {
  /** Names the hook (URL path, tool name, prompt text, command): equal specs are the same hook. */
  readonly id: number
  readonly answer: Answer
  readonly onFailure: OnFailure | undefined
  readonly timeout: number | undefined
  readonly once: boolean
  /** A `once` hook that already ran in the session (its key is in `ranOnce`). */
  readonly ranBefore: boolean
  readonly condition: string | undefined
  /** An `http` hook's URL is in the allowlist (when there is one). */
  readonly allowed: boolean
  /** How many times the fake transport yields before it answers (to shuffle parallel completion). */
  readonly yields: number
}

interface GroupSpec {
  readonly parallel: boolean
  readonly hooks: ReadonlyArray<HookSpec>
}

interface Scenario {
  readonly event: LawEvent
  readonly dialect: Dialect
  readonly user: ReadonlyArray<GroupSpec>
  readonly project: ReadonlyArray<GroupSpec>
  readonly projectTrusted: boolean
  /** The user file sets `allowedHttpHookUrls: ["http://h/ok/*"]`. */
  readonly allowlist: boolean
  readonly outputCapBytes: number | undefined
}

const allowPatterns = ["http://h/ok/*"]
/** The dialect's settings file of `scope` (its first row in `settingsFiles`). */
const settingsFileRowOf = (dialect: Dialect, scope: "user" | "project"): SettingsFileRow => {
  const row = dialectRules[dialect].settingsFiles.find((r) => r.scope === scope)
  if (row === undefined) throw new Error(`${dialect} has no ${scope} settings file`)
  return row
}

/**
 * The user file holds wave-hooks' own settings (`keys: "settings"`): `allowedHttpHookUrls` and `mcpServers`. An
 * agent's own settings file (`keys: "agent-settings"`, Gemini CLI's) is read for its `hooks` and `hooksConfig` only.
 */
const readsOwnSettings = (dialect: Dialect): boolean => settingsFileRowOf(dialect, "user").keys === "settings"

/**
 * The dialect's files are flat hooks files (`keys: "flat-hooks-file"`, Cursor's hooks.json, 5.3.3): `{"version": 1,
 * "hooks": {"<event>": [hook, ...]}}`, each entry one hook with its own matcher, `command` its type by default, and
 * the dialect's own key for failing closed (`failClosedKey`: `failClosed`).
 */
const writesFlatFile = (dialect: Dialect): boolean => settingsFileRowOf(dialect, "user").keys === "flat-hooks-file"

/** The user file's allowlist counts (see {@link readsOwnSettings}). */
const allowlistApplies = (scenario: Scenario): boolean => scenario.allowlist && readsOwnSettings(scenario.dialect)
/** The hook's URL: https:// where the dialect's agent posts to https:// only (Copilot: `httpUrls`), else http://. */
const urlOf = (spec: HookSpec, scenario: Scenario): string =>
  `${dialectRules[scenario.dialect].httpUrls === "any" ? "http" : "https"}://h/${!allowlistApplies(scenario) || spec.allowed ? "ok" : "no"}/${spec.id}`
const promptOf = (spec: HookSpec): string => `Is hook ${spec.id} happy?`
const toolOf = (spec: HookSpec): string => `tool_${spec.id}`

/** The name a hook goes by in runs and texts: a command hook's command, else the type's label. */
const labelOf = (spec: HookSpec, scenario: Scenario): string => {
  const { answer } = spec
  switch (answer.type) {
    case "command":
      return `check-${spec.id}`
    case "http":
      return `POST ${urlOf(spec, scenario)}`
    case "mcp_tool":
      return `mcp srv/${toolOf(spec)}`
    case "prompt":
    case "agent":
      return modelHookLabel(answer.type, promptOf(spec))
  }
}

/** The timeout a hook runs with, in seconds: its own, else 30 (prompt), 60 (agent), the event's default (the rest). */
const timeoutSecondsOf = (spec: HookSpec, scenario: Scenario): number =>
  spec.timeout ??
  (spec.answer.type === "prompt"
    ? 30
    : spec.answer.type === "agent"
      ? 60
      : defaultTimeoutSecondsFor(scenario.event, scenario.dialect))

const capOf = (scenario: Scenario): number => scenario.outputCapBytes ?? defaultOutputCapBytes

const allHooks = (scenario: Scenario): ReadonlyArray<HookSpec> =>
  [...scenario.user, ...scenario.project].flatMap((g) => g.hooks)

// ====== Arbitraries ======

/** `arb`'s value about once in `every` times, else `undefined`. */
const rarely = <A>(arb: fc.Arbitrary<A>, every: number): fc.Arbitrary<A | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: every - 1 }, { arbitrary: arb, weight: 1 })

/** A hook's stdout or a 2xx body: decisive JSON for the event mostly, sometimes nothing or plain text. */
const outputTextArb = (event: LawEvent, dialect: Dialect): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: decisiveHookOutputArb(event, dialect).map((o) => JSON.stringify(o)), weight: 6 },
    { arbitrary: fc.constant(""), weight: 2 },
    { arbitrary: fc.constantFrom("all good", "[1,2]", '{"cut', "42"), weight: 1 }
  )

const durationArb = fc.integer({ min: 1, max: 90_000 })

/** A command hook's canned run: exit 0, 2, another code, or no exit (timeout, spawn error). */
const commandAnswerArb = (event: LawEvent, dialect: Dialect): fc.Arbitrary<Answer> =>
  fc
    .oneof(
      {
        arbitrary: fc.record({
          exitCode: fc.constant(0),
          stdout: outputTextArb(event, dialect),
          durationMs: durationArb
        }),
        weight: 4
      },
      {
        arbitrary: fc.record({
          exitCode: fc.constantFrom(1, 2, 3, 127),
          stderr: shortWeirdStringArb,
          durationMs: durationArb
        }),
        weight: 3
      },
      {
        arbitrary: fc.record({ exitCode: fc.constant(null), timedOut: fc.constant(true), durationMs: durationArb }),
        weight: 1
      },
      {
        arbitrary: fc.record({
          exitCode: fc.constant(null),
          spawnError: fc.constant("spawn bash ENOENT"),
          durationMs: fc.constant(0)
        }),
        weight: 1
      }
    )
    .map((run) => ({ type: "command", run }))

/** An `http` hook's answer: 2xx with a body, another status, a redirect, a timeout, a refused connection. */
const httpAnswerArb = (event: LawEvent, dialect: Dialect): fc.Arbitrary<Answer> =>
  fc
    .oneof(
      {
        arbitrary: fc.record({
          _tag: fc.constant("Response" as const),
          status: fc.constantFrom(200, 200, 201, 204),
          body: outputTextArb(event, dialect),
          durationMs: durationArb
        }),
        weight: 6
      },
      {
        arbitrary: fc.record({
          _tag: fc.constant("Response" as const),
          status: fc.constantFrom(400, 403, 404, 500, 503, 418),
          body: fc.oneof(outputTextArb(event, dialect), weirdStringArb),
          durationMs: durationArb
        }),
        weight: 2
      },
      {
        arbitrary: fc.record({
          _tag: fc.constant("Response" as const),
          status: fc.constantFrom(301, 302, 307),
          body: fc.constant(""),
          location: fc.constant("http://h/elsewhere"),
          durationMs: durationArb
        }),
        weight: 1
      },
      { arbitrary: fc.record({ _tag: fc.constant("TimedOut" as const), durationMs: durationArb }), weight: 1 },
      {
        arbitrary: fc.record({
          _tag: fc.constant("Failed" as const),
          message: fc.constantFrom("connection refused (ECONNREFUSED 127.0.0.1:9)", "socket hang up"),
          durationMs: durationArb
        }),
        weight: 1
      }
    )
    .map((outcome) => ({ type: "http", outcome }))

/** An `mcp_tool` hook's answer: text content (an error or not), a protocol error, a timeout, a server that did not start. */
const mcpAnswerArb = (event: LawEvent, dialect: Dialect): fc.Arbitrary<Answer> =>
  fc
    .oneof(
      {
        arbitrary: fc.record({
          _tag: fc.constant("Result" as const),
          content: outputTextArb(event, dialect).map((text) => (text === "" ? [] : [{ type: "text", text }])),
          isError: fc.constant(false),
          durationMs: durationArb
        }),
        weight: 6
      },
      {
        arbitrary: fc.record({
          _tag: fc.constant("Result" as const),
          content: shortWeirdStringArb.map((text) => [{ type: "text", text }]),
          isError: fc.constant(true),
          durationMs: durationArb
        }),
        weight: 2
      },
      {
        arbitrary: fc.record({
          _tag: fc.constant("ProtocolError" as const),
          message: fc.constant("MCP error -32602: Tool tool_x not found"),
          durationMs: durationArb
        }),
        weight: 1
      },
      { arbitrary: fc.record({ _tag: fc.constant("TimedOut" as const), durationMs: durationArb }), weight: 1 },
      {
        arbitrary: fc.record({
          _tag: fc.constant("Failed" as const),
          message: fc.constant('the MCP server "srv" could not be started'),
          durationMs: durationArb
        }),
        weight: 1
      }
    )
    .map((outcome): Answer => ({ type: "mcp_tool", outcome: outcome as McpOutcome }))

/** A model's answer ({ok, reason, impossible}), a failure to ask it, or a timeout. */
const modelAnswerArb: fc.Arbitrary<CannedAnswer> = fc.oneof(
  { arbitrary: fc.constant<PromptAnswer>({ ok: true }), weight: 3 },
  {
    arbitrary: fc.record(
      {
        ok: fc.constant(false),
        reason: fc.oneof(shortWeirdStringArb, fc.constant("tests fail")),
        impossible: fc.boolean()
      },
      {
        requiredKeys: ["ok"]
      }
    ),
    weight: 4
  },
  { arbitrary: fc.constant({ failure: 'Hook "prompt": the model request failed: 401 Unauthorized' }), weight: 1 },
  { arbitrary: fc.constant({ timedOut: true as const }), weight: 1 }
)

const modelHookAnswerArb = (type: "prompt" | "agent"): fc.Arbitrary<Answer> =>
  fc
    .record({
      answer: modelAnswerArb,
      continueOnBlock: type === "prompt" ? fc.option(fc.boolean(), { nil: undefined }) : fc.constant(undefined)
    })
    .map(({ answer, continueOnBlock }) => ({ type, answer, continueOnBlock }))

/**
 * The types that may be configured on `event` in `dialect`: those its agent runs (`hookTypes`; a hook of another type is
 * skipped with a warning, as the agent skips it), and no `mcp_tool` where the settings file is the agent's own (not
 * {@link readsOwnSettings}, Gemini CLI: its `mcpServers` are Gemini's, not read, so a hook has no server to call).
 */
const typesOn = (event: LawEvent, dialect: Dialect): ReadonlyArray<HookType> =>
  (event === "PermissionRequest"
    ? (["command", "http", "mcp_tool", "prompt"] as const)
    : (["command", "http", "mcp_tool", "prompt", "agent"] as const)
  ).filter(
    (type) =>
      dialectRules[dialect].hookTypes.includes(type) &&
      (type !== "mcp_tool" || readsOwnSettings(dialect)) &&
      // Copilot's prompt entry is text for the first user message, not a model hook: its own tests cover it.
      (type !== "prompt" || dialectRules[dialect].promptEntries === "ask-model")
  )

const answerArb = (event: LawEvent, dialect: Dialect): fc.Arbitrary<Answer> =>
  fc.constantFrom(...typesOn(event, dialect)).chain((type) => {
    switch (type) {
      case "command":
        return commandAnswerArb(event, dialect)
      case "http":
        return httpAnswerArb(event, dialect)
      case "mcp_tool":
        return mcpAnswerArb(event, dialect)
      case "prompt":
      case "agent":
        return modelHookAnswerArb(type)
    }
  })

/** One hook of any type for `event` (its `id` is set by the scenario). */
const hookSpecArb = (event: LawEvent, dialect: Dialect): fc.Arbitrary<HookSpec> =>
  fc.record({
    id: fc.constant(0),
    answer: answerArb(event, dialect),
    onFailure: fc.constantFrom<OnFailure | undefined>(undefined, "continue", "block", "block"),
    timeout: rarely(fc.integer({ min: 1, max: 120 }), 2),
    once: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
    ranBefore: fc.boolean(),
    condition: toolEvents.has(event) ? rarely(fc.constantFrom(...conditions), 4) : fc.constant(undefined),
    allowed: fc.boolean(),
    yields: fc.nat({ max: 4 })
  })

/** A group's order: parallel twice as often as sequential; always parallel where the dialect has no other (`groupOrder: "parallel"`, Codex CLI). */
const parallelArb = (dialect: Dialect): fc.Arbitrary<boolean> =>
  dialectRules[dialect].groupOrder === "parallel"
    ? fc.constant(true)
    : fc.oneof({ arbitrary: fc.constant(true), weight: 2 }, { arbitrary: fc.constant(false), weight: 1 })

const groupsArb = (event: LawEvent, dialect: Dialect, maxGroups: number): fc.Arbitrary<ReadonlyArray<GroupSpec>> =>
  fc.array(
    fc.record({
      parallel: parallelArb(dialect),
      hooks: fc.array(hookSpecArb(event, dialect), { minLength: 1, maxLength: 4 })
    }),
    { maxLength: maxGroups }
  )

/**
 * Numbers the hooks in config order, and makes some an exact copy of an
 * earlier one (the same hook configured twice: it runs once, as a command
 * hook with the same command and timeout does).
 */
const numbered = (
  user: ReadonlyArray<GroupSpec>,
  project: ReadonlyArray<GroupSpec>,
  copies: ReadonlyArray<number | undefined>
): { readonly user: ReadonlyArray<GroupSpec>; readonly project: ReadonlyArray<GroupSpec> } => {
  const seen: Array<HookSpec> = []
  let n = 0
  const renumber = (groups: ReadonlyArray<GroupSpec>) =>
    groups.map((g) => ({
      ...g,
      hooks: g.hooks.map((h) => {
        const copy = copies[n]
        const spec = copy !== undefined && seen.length > 0 ? seen[copy % seen.length]! : { ...h, id: n }
        n++
        seen.push(spec)
        return spec
      })
    }))
  const u = renumber(user)
  return { user: u, project: renumber(project) }
}

/** A whole scenario: a dialect, an event it fires, the two files' groups, trust, allowlist and cap. */
const scenarioArb: fc.Arbitrary<Scenario> = fc
  .constantFrom(...dialects.filter((d) => lawEventsOf(d).length > 0))
  .chain((dialect) => fc.tuple(fc.constant(dialect), fc.constantFrom(...lawEventsOf(dialect))))
  .chain(([dialect, event]) =>
    fc
      .record({
        event: fc.constant(event),
        dialect: fc.constant(dialect),
        user: groupsArb(event, dialect, 3),
        project: groupsArb(event, dialect, 2),
        copies: fc.array(rarely(fc.nat(), 10), { minLength: 24, maxLength: 24 }),
        projectTrusted: fc.oneof(
          { arbitrary: fc.constant(true), weight: 3 },
          { arbitrary: fc.constant(false), weight: 1 }
        ),
        allowlist: fc.boolean(),
        outputCapBytes: rarely(fc.integer({ min: 8, max: 64 }), 4)
      })
      .map(({ copies, project, user, ...rest }) => ({ ...rest, ...numbered(user, project, copies) }))
  )
  .filter((s) => allHooks(s).length > 0)

// ====== Settings ======

/** The user and project settings files of the scenario's dialect. */
const userFileOf = (scenario: Scenario): string => `/home/u/${settingsFileRowOf(scenario.dialect, "user").path}`
const projectFileOf = (scenario: Scenario): string => `/p/${settingsFileRowOf(scenario.dialect, "project").path}`

/** A timeout of `seconds` as the dialect's settings write it (`timeoutUnit`: Gemini CLI's are milliseconds). */
const timeoutIn = (seconds: number, scenario: Scenario): number =>
  dialectRules[scenario.dialect].timeoutUnit === "milliseconds" ? seconds * 1000 : seconds
const sessionId = "hook-types-laws"
const projectDir = tmpdir()

/**
 * How a hook of `type` says `onFailure` in `dialect`: the dialect's own key where it has one and the type is one of
 * its agent's (Cursor's `failClosed` on command and prompt hooks), else wave-hooks' `onFailure`.
 */
const onFailureField = (spec: HookSpec, type: HookType, dialect: Dialect): Record<string, unknown> => {
  if (spec.onFailure === undefined) return {}
  const key = dialectRules[dialect].failClosedKey
  return key !== undefined && (type === "command" || type === "prompt")
    ? { [key]: spec.onFailure === "block" }
    : { onFailure: spec.onFailure }
}

const commonFields = (spec: HookSpec, type: HookType, scenario: Scenario): Record<string, unknown> => ({
  ...onFailureField(spec, type, scenario.dialect),
  ...(spec.once ? { once: true } : {}),
  ...(spec.condition === undefined ? {} : { if: spec.condition })
})

/** The hook as configured, of its own type. */
const typedEntry = (spec: HookSpec, scenario: Scenario): Record<string, unknown> => {
  const common = {
    ...commonFields(spec, spec.answer.type, scenario),
    ...(spec.timeout === undefined ? {} : { timeout: timeoutIn(spec.timeout, scenario) })
  }
  const { answer } = spec
  switch (answer.type) {
    case "command":
      return { type: "command", command: labelOf(spec, scenario), ...common }
    case "http":
      return { type: "http", url: urlOf(spec, scenario), ...common }
    case "mcp_tool":
      return { type: "mcp_tool", server: "srv", tool: toolOf(spec), input: {}, ...common }
    case "prompt":
    case "agent":
      return {
        type: answer.type,
        prompt: promptOf(spec),
        ...(answer.continueOnBlock === undefined ? {} : { continueOnBlock: answer.continueOnBlock }),
        ...common
      }
  }
}

/** The same hook as a command hook: its label as the command, its effective timeout. */
const commandEntry = (spec: HookSpec, scenario: Scenario): Record<string, unknown> =>
  spec.answer.type === "command"
    ? typedEntry(spec, scenario)
    : {
        type: "command",
        command: labelOf(spec, scenario),
        timeout: timeoutIn(timeoutSecondsOf(spec, scenario), scenario),
        ...commonFields(spec, "command", scenario)
      }

/** The keys that give a group its order in `dialect`'s settings (`groupOrder`). */
const groupOrderKeys = (group: GroupSpec, dialect: Dialect): Record<string, boolean> => {
  switch (dialectRules[dialect].groupOrder) {
    case "parallel-unless-sequential":
      return group.parallel ? {} : { sequential: true }
    case "sequential-unless-parallel":
      return group.parallel ? { parallel: true } : {}
    case "parallel":
      return {}
  }
}

/** A flat file's entry: the hook itself, `command` its type by default (Cursor writes none). */
const flatEntry = (hook: Record<string, unknown>): Record<string, unknown> => {
  const { type, ...rest } = hook
  return type === "command" ? rest : hook
}

const fileText = (
  groups: ReadonlyArray<GroupSpec>,
  scenario: Scenario,
  entry: (spec: HookSpec, scenario: Scenario) => Record<string, unknown>,
  extra: Record<string, unknown>
): string =>
  writesFlatFile(scenario.dialect)
    ? // Every hook its own entry; the groups' order is the dialect's (Cursor runs every hook in parallel).
      JSON.stringify({
        version: 1,
        ...extra,
        hooks: {
          [agentEventName(scenario.dialect, scenario.event)]: groups.flatMap((g) =>
            g.hooks.map((h) => flatEntry(entry(h, scenario)))
          )
        }
      })
    : JSON.stringify({
        ...extra,
        hooks: {
          // The dialect's name of the event; a group is parallel by `parallel: true`, or, where groups are parallel
          // unless sequential (`groupOrder`, Gemini CLI), unless `sequential: true`; where groups are always parallel
          // (Codex CLI) neither key is written (Codex's groups have no such key).
          [agentEventName(scenario.dialect, scenario.event)]: groups.map((g) => ({
            ...groupOrderKeys(g, scenario.dialect),
            hooks: g.hooks.map((h) => entry(h, scenario))
          }))
        }
      })

/** The layered settings of the scenario, its hooks written by `entry`. */
const snapshotOf = (
  scenario: Scenario,
  entry: (spec: HookSpec, scenario: Scenario) => Record<string, unknown>
): Effect.Effect<SettingsSnapshot, never, FileSystem.FileSystem> =>
  Effect.gen(function* () {
    const { dialect } = scenario
    // A hooks file (`keys: "hooks-file"`, Codex CLI's hooks.json) holds only `hooks` and `description`: another key
    // rejects the whole file, so wave-hooks' own keys are written only where the file may hold them (a flat hooks
    // file, Cursor's, reports them as unknown keys and reads none).
    const userExtra =
      settingsFileRowOf(dialect, "user").keys === "hooks-file" || writesFlatFile(dialect)
        ? {}
        : {
            mcpServers: { srv: { command: "node", args: ["server.js"] } },
            ...(scenario.allowlist ? { allowedHttpHookUrls: allowPatterns } : {})
          }
    const files: Array<ValidatedSettings> = [
      validateSettings(fileText(scenario.user, scenario, entry, userExtra), {
        file: userFileOf(scenario),
        scope: "user",
        dialect
      })
    ]
    if (scenario.project.length > 0) {
      const project = {
        ...validateSettings(fileText(scenario.project, scenario, entry, {}), {
          file: projectFileOf(scenario),
          scope: "project",
          dialect
        }),
        sha256: "0".repeat(64)
      }
      files.push(
        yield* applyTrust(project, emptyTrustStore, {
          projectDir: "/p",
          homeDir: "/home/u",
          dialect,
          trustPolicy: scenario.projectTrusted ? "all" : "trusted"
        })
      )
    }
    for (const f of files) {
      const errors = f.diagnostics.filter((d) => d.severity === "error")
      if (errors.length > 0) throw new Error(`the generated settings do not validate: ${JSON.stringify(errors)}`)
    }
    return layerSettings(files, dialect)
  })

/** `onceKey`s of the `once` hooks that already ran, by their place in the files (in a flat file, their entry's). */
const ranOnceOf = (scenario: Scenario): ReadonlySet<string> => {
  const keys = new Set<string>()
  const name = agentEventName(scenario.dialect, scenario.event)
  const add = (file: string, groups: ReadonlyArray<GroupSpec>) => {
    let entry = 0
    groups.forEach((g, gi) => {
      g.hooks.forEach((h, hi) => {
        const path = writesFlatFile(scenario.dialect)
          ? `$.hooks.${name}[${entry}]`
          : `$.hooks.${name}[${gi}].hooks[${hi}]`
        entry++
        if (h.once && h.ranBefore) keys.add(onceKey({ file, path }))
      })
    })
  }
  add(userFileOf(scenario), scenario.user)
  add(projectFileOf(scenario), scenario.project)
  return keys
}

// ====== The fake transports and the command-equivalents ======

const later = <A>(yields: number, value: A): Effect.Effect<A> =>
  yields <= 0
    ? Effect.succeed(value)
    : Effect.andThen(
        Effect.yieldNow,
        Effect.suspend(() => later(yields - 1, value))
      )

const isJsonObjectText = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === "object" && !Array.isArray(value)
  } catch {
    return false
  }
}

/** What the fake transport answers an `http` request: the body cut at the request's cap, as a real client would. */
const httpOutcomeFor = (answer: Extract<Answer, { readonly type: "http" }>, capBytes: number): HttpOutcome => {
  const { outcome } = answer
  if (outcome._tag !== "Response") return outcome
  const cut = capUtf8(outcome.body, capBytes)
  return {
    _tag: "Response",
    status: outcome.status,
    body: cut.text,
    truncated: cut.truncated,
    capBytes,
    location: outcome.location,
    durationMs: outcome.durationMs
  }
}

/** The run of a command hook that answers as `spec` does (without its `command`, set by the runner). */
const equivalentRun = (spec: HookSpec, scenario: Scenario): Partial<HookRun> & { readonly exitCode: number | null } => {
  const label = labelOf(spec, scenario)
  const cap = capOf(scenario)
  const { answer } = spec
  const derived = ((): Partial<HookRun> & { readonly exitCode: number | null } => {
    switch (answer.type) {
      case "command":
        return answer.run
      case "http": {
        if (allowlistApplies(scenario) && !spec.allowed) {
          return httpResponseRun(
            { _tag: "Failed", message: urlNotAllowedMessage(urlOf(spec, scenario), allowPatterns), durationMs: 0 },
            label
          )
        }
        const outcome = httpOutcomeFor(answer, cap)
        // The issue's rows: 2xx empty = exit 0; 2xx JSON object = that stdout.
        if (outcome._tag === "Response" && outcome.status >= 200 && outcome.status <= 299 && !outcome.truncated) {
          if (outcome.body === "") return { exitCode: 0, durationMs: outcome.durationMs }
          if (isJsonObjectText(outcome.body))
            return { exitCode: 0, stdout: outcome.body, durationMs: outcome.durationMs }
        }
        return httpResponseRun(outcome, label)
      }
      case "mcp_tool": {
        const { outcome } = answer
        // Text content read like stdout.
        if (outcome._tag === "Result" && outcome.isError !== true && Array.isArray(outcome.content)) {
          const text = (outcome.content as ReadonlyArray<{ readonly text: string }>).map((c) => c.text).join("\n")
          if (!capUtf8(text, cap).truncated) return { exitCode: 0, stdout: text, durationMs: outcome.durationMs }
        }
        return mcpToolResultRun(outcome, label, cap).run
      }
      case "prompt":
      case "agent": {
        const canned = answer.answer
        if ("failure" in canned) return promptFailure(label, canned.failure)
        if ("timedOut" in canned) return promptTimeout(label, timeoutSecondsOf(spec, scenario) * 1000)
        // ok: true is a command that exits 0 and prints nothing.
        if (canned.ok) return { exitCode: 0 }
        return promptOutcome(scenario.event, canned, {
          type: answer.type,
          continueOnBlock: answer.continueOnBlock === true,
          label
        })
      }
    }
  })()
  const { command: _command, ...fields } = derived
  return fields
}

/**
 * A hook's event JSON, without the `timestamp` a dialect stamps each run with (`payloadTimestamp`, Gemini CLI: the
 * typed run and its command-equivalent run at different instants).
 */
const eventJson = (input: string, scenario: Scenario): unknown => {
  const value = JSON.parse(input) as { readonly [key: string]: unknown }
  if (!dialectRules[scenario.dialect].payloadTimestamp) return value
  const { timestamp: _timestamp, ...rest } = value
  return rest
}

/** What each service was asked, in order. */
interface Asked {
  readonly commands: Array<HookProcessOptions>
  readonly http: Array<HttpRequestOptions>
  readonly mcp: Array<McpToolCall>
  readonly prompts: Array<ModelHookRequest>
}

const asked = (): Asked => ({ commands: [], http: [], mcp: [], prompts: [] })

const unexpected = (what: string): never => {
  throw new Error(`no generated hook answers ${what}`)
}

/** The scenario's hooks through the fake transports (command hooks canned too). */
const typedLayer = (scenario: Scenario, record: Asked) => {
  const specs = allHooks(scenario)
  const byLabel = new Map(specs.map((s) => [labelOf(s, scenario), s]))
  const byUrl = new Map(specs.filter((s) => s.answer.type === "http").map((s) => [urlOf(s, scenario), s]))
  const byTool = new Map(specs.filter((s) => s.answer.type === "mcp_tool").map((s) => [toolOf(s), s]))
  const byPrompt = new Map(
    specs.filter((s) => s.answer.type === "prompt" || s.answer.type === "agent").map((s) => [promptOf(s), s])
  )
  return Layer.mergeAll(
    NodeFileSystem.layer,
    HookProcess.layerTest((o) => {
      const spec = byLabel.get(o.command) ?? unexpected(`the command ${o.command}`)
      return later(
        spec.yields,
        spec.answer.type === "command" ? spec.answer.run : unexpected(`${o.command} as a command`)
      )
    }, record.commands),
    HttpHook.layerTest((request) => {
      const spec = byUrl.get(request.url) ?? unexpected(`the URL ${request.url}`)
      return later(
        spec.yields,
        spec.answer.type === "http" ? httpOutcomeFor(spec.answer, request.capBytes) : unexpected(request.url)
      )
    }, record.http),
    McpTools.layerTest((call) => {
      const spec = byTool.get(call.tool) ?? unexpected(`the tool ${call.tool}`)
      return later(spec.yields, spec.answer.type === "mcp_tool" ? spec.answer.outcome : unexpected(call.tool))
    }, record.mcp),
    PromptHooks.layerTest((request) => {
      const spec = byPrompt.get(request.hook.prompt) ?? unexpected(`the prompt ${request.hook.prompt}`)
      return later(spec.yields, "answer" in spec.answer ? spec.answer.answer : unexpected(request.hook.prompt))
    }, record.prompts)
  )
}

/** The scenario's hooks as command hooks answering with the command-equivalent runs. */
const commandLayer = (scenario: Scenario, record: Asked) => {
  const byLabel = new Map(allHooks(scenario).map((s) => [labelOf(s, scenario), s]))
  return Layer.mergeAll(
    NodeFileSystem.layer,
    HookProcess.layerTest((o) => {
      const spec = byLabel.get(o.command) ?? unexpected(`the command ${o.command}`)
      return later(spec.yields, equivalentRun(spec, scenario))
    }, record.commands)
  )
}

const runScenario = (
  scenario: Scenario,
  entry: (spec: HookSpec, scenario: Scenario) => Record<string, unknown>,
  layer: Layer.Layer<HookProcess | FileSystem.FileSystem>
): Promise<RunHooksResult> =>
  Effect.runPromise(
    Effect.gen(function* () {
      const settings = yield* snapshotOf(scenario, entry)
      return yield* runHooks({
        event: scenario.event,
        // A fixed time where the dialect's payloads carry one (`payloadTimestamp`): both runs send the same JSON.
        payload: dialectRules[scenario.dialect].payloadTimestamp
          ? { ...payloads[scenario.event], timestamp: "2026-11-27T00:00:00.000Z" }
          : payloads[scenario.event],
        projectDir,
        homeDir: "/home/u",
        dialect: scenario.dialect,
        env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
        settings,
        session: { session_id: sessionId, transcript_path: "", cwd: "/p" },
        ranOnce: ranOnceOf(scenario),
        ...(scenario.outputCapBytes === undefined ? {} : { outputCapBytes: scenario.outputCapBytes })
      })
    }).pipe(Effect.provide(layer))
  )

/** Both runs of a scenario: through the fake transports, and as command hooks. */
const runBoth = async (scenario: Scenario) => {
  const typedAsked = asked()
  const commandAsked = asked()
  const typed = await runScenario(scenario, typedEntry, typedLayer(scenario, typedAsked))
  const commands = await runScenario(scenario, commandEntry, commandLayer(scenario, commandAsked))
  return { typed, commands, typedAsked, commandAsked }
}

/** A text long enough to be capped in the claude-code dialect is saved to a numbered file: the number is not part of the law. */
const normalised = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replace(/hook-output-\d+-\d+\.txt/gu, "hook-output-N.txt"))

/**
 * The labels of the hooks that run, in config order, written from the
 * rules: user file then project file (only when trusted), a hook whose `if`
 * does not match or whose `once` already ran is left out, and a hook equal to
 * an earlier one that runs (same name and timeout) runs once, except in a dialect that runs both
 * (`dedupeKey: "none"`, Codex CLI).
 */
const expectedOrder = (scenario: Scenario): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  const files = [scenario.user, scenario.projectTrusted ? scenario.project : []]
  for (const groups of files) {
    for (const g of groups) {
      for (const h of g.hooks) {
        if (!conditionMatches(h.condition) || (h.once && h.ranBefore)) continue
        const key = `${labelOf(h, scenario)}\u0000${timeoutSecondsOf(h, scenario)}`
        if (seen.has(key) && dialectRules[scenario.dialect].dedupeKey !== "none") continue
        seen.add(key)
        out.push(labelOf(h, scenario))
      }
    }
  }
  return out
}

/**
 * Whether a hook's answer is a failure that `onFailure: "block"` makes block: a timeout is none where the dialect's
 * timeouts never block (`timeoutsFailOpen`, Copilot, 5.3.4).
 */
const isFailure = (spec: HookSpec, scenario: Scenario): boolean => {
  const run = equivalentRun(spec, scenario)
  if (run.timedOut === true && dialectRules[scenario.dialect].timeoutsFailOpen) return false
  return run.exitCode === null || (run.exitCode !== 0 && run.exitCode !== 2)
}

/**
 * The effect a blocking failure gives on the scenario's event (section 5.2):
 * `undefined` where there is none (a dialect with `onFailureIgnoredOnStopEvents`, claude-code, ignores
 * `onFailure` on Stop and SubagentStop; a Cursor event that only observes, postToolUseFailure, blocks nothing).
 */
const blockingTag = (scenario: Scenario): HookEffect["_tag"] | undefined => {
  if (observesIn(scenario.event, { dialect: scenario.dialect, onFailure: "block" })) return undefined
  switch (scenario.event) {
    case "PreToolUse":
    case "PermissionRequest":
      return "BlockTool"
    case "UserPromptSubmit":
      return "BlockPrompt"
    case "PostToolUse":
    case "PostToolUseFailure":
      return "PromptModel"
    case "Stop":
    case "SubagentStop":
      return dialectRules[scenario.dialect].onFailureIgnoredOnStopEvents ? undefined : "BlockStop"
  }
}

/** The hooks of other types than command that run, fail and have onFailure block. */
const failingBlockers = (scenario: Scenario): ReadonlyArray<string> => {
  const specs = new Map(allHooks(scenario).map((s) => [labelOf(s, scenario), s]))
  return expectedOrder(scenario).filter((label) => {
    const spec = specs.get(label)!
    return spec.answer.type !== "command" && spec.onFailure === "block" && isFailure(spec, scenario)
  })
}

const numRuns = 120

/**
 * Whether the scenario's dialect reads scripts' answers other than as the engine writes its own (ARCHITECTURE 5.5:
 * another vocabulary, text that decides, a strict wire, JSON on exit 0 only, Copilot's reading of stdout) and it has
 * a prompt or agent hook: such a hook's run is read in the engine's own vocabulary (`engineAnswer`), so no command
 * hook of the dialect is its equivalent (the law "should read a prompt or agent hook's verdict as the engine writes
 * it" below says what it decides).
 */
const readsPromptsApart = (scenario: Scenario): boolean => {
  const rules = dialectRules[scenario.dialect]
  const apart =
    rules.vocabulary !== "claude" ||
    rules.exitCodeRows !== "exit-2-blocks" ||
    rules.strictWire ||
    rules.jsonOnlyOnExit0 ||
    rules.stdoutReading !== "json"
  return apart && allHooks(scenario).some((s) => s.answer.type === "prompt" || s.answer.type === "agent")
}

/** {@link scenarioArb} where every hook has a command-equivalent in its dialect (not {@link readsPromptsApart}). */
const equivalentScenarioArb: fc.Arbitrary<Scenario> = scenarioArb.filter((s) => !readsPromptsApart(s))

afterAll(() => rmSync(join(tmpdir(), `wave-hooks-${sessionId}`), { recursive: true, force: true }))

// ====== Laws ======

describe("hook type laws", () => {
  it("should give combine exactly what command hooks with the same output give, for every mix of types", async () => {
    await fc.assert(
      fc.asyncProperty(equivalentScenarioArb, async (scenario) => {
        const { commands, typed } = await runBoth(scenario)
        assert.deepStrictEqual(normalised(typed.effects), normalised(commands.effects), "combined effects")
        assert.deepStrictEqual(
          normalised(typed.traced),
          normalised(commands.traced),
          "traced effects (rule and source of each)"
        )
        assert.deepStrictEqual(typed.toolInput, commands.toolInput, "the chained tool input")
      }),
      { numRuns }
    )
  })

  it("should read a prompt or agent hook's verdict as the engine writes it, in every dialect (5.5)", () => {
    // The premise of the two laws above leaves out the dialects that read scripts' answers apart
    // (`readsPromptsApart`); there a prompt or agent hook's run decides as in wave, on the agent events that read
    // answers (one that only observes discards it).
    fc.assert(
      fc.property(
        fc.constantFrom(...dialects),
        fc.constantFrom<"prompt" | "agent">("prompt", "agent"),
        fc.record({ ok: fc.boolean(), reason: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }) }),
        fc.boolean(),
        fc.constantFrom<OnFailure>("continue", "block"),
        (dialect, type, answer, continueOnBlock, onFailure) => {
          for (const event of hookTypeEvents[type] ?? []) {
            const internal = event as HookEvent
            if (agentEventOf(dialect, internal)?.observes === true) continue
            const verdict: PromptAnswer =
              answer.reason === undefined ? { ok: answer.ok } : { ok: answer.ok, reason: answer.reason }
            const run = promptOutcome(internal, verdict, { type, continueOnBlock, label: "check" })
            assert.deepStrictEqual(
              decide(internal, run, { dialect, onFailure, engineAnswer: true }),
              decide(internal, run, { dialect: "wave", onFailure }),
              `${dialect} ${type} on ${event}`
            )
          }
        }
      ),
      { numRuns: 60 }
    )
  })

  it("should record for each hook the run its command-equivalent gives, with the same effects", async () => {
    await fc.assert(
      fc.asyncProperty(equivalentScenarioArb, async (scenario) => {
        const { commands, typed } = await runBoth(scenario)
        const view = (r: RunHooksResult) =>
          r.runs.map((record) => normalised({ hook: record.hook.command, run: record.run, effects: record.effects }))
        assert.deepStrictEqual(view(typed), view(commands))
      }),
      { numRuns }
    )
  })

  it("should run hooks of every type in config order, whatever order parallel ones finish in", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { commands, typed } = await runBoth(scenario)
        const expected = expectedOrder(scenario)
        assert.deepStrictEqual(
          typed.runs.map((r) => r.hook.command),
          expected,
          "typed hooks"
        )
        assert.deepStrictEqual(
          commands.runs.map((r) => r.hook.command),
          expected,
          "command hooks"
        )
        assert.deepStrictEqual(
          typed.plan.steps.map((s) => s._tag),
          commands.plan.steps.map((s) => s._tag),
          "parallel groups"
        )
      }),
      { numRuns }
    )
  })

  it("should give every type the same timeout, event JSON and cap as its command-equivalent", async () => {
    // The event JSON of a later hook holds what earlier ones decided (the chained input and output), so the premise
    // is the equivalent scenarios'.
    await fc.assert(
      fc.asyncProperty(equivalentScenarioArb, async (scenario) => {
        const { commandAsked, typedAsked } = await runBoth(scenario)
        const specs = new Map(allHooks(scenario).map((s) => [labelOf(s, scenario), s]))
        // Each label's command-equivalents in the order they ran: where identical hooks both run (`dedupeKey:
        // "none"`, Codex CLI) a label runs more than once, each time with the tool input of its place in the chain.
        const asCommand = new Map<string, Array<(typeof commandAsked.commands)[number]>>()
        for (const o of commandAsked.commands) asCommand.set(o.command, [...(asCommand.get(o.command) ?? []), o])
        const check = (label: string, timeoutMs: number, input: string | undefined) => {
          const spec = specs.get(label)!
          const twin = asCommand.get(label)?.shift()
          assert.isDefined(twin, `${label} ran as a typed hook but not as a command`)
          assert.strictEqual(timeoutMs, timeoutSecondsOf(spec, scenario) * 1000, `${label}: timeout`)
          assert.strictEqual(twin!.timeoutMs, timeoutMs, `${label}: timeout of the command-equivalent`)
          if (input !== undefined)
            assert.deepStrictEqual(eventJson(input, scenario), eventJson(twin!.input, scenario), `${label}: event JSON`)
        }
        for (const o of typedAsked.commands) check(o.command, o.timeoutMs, o.input)
        for (const r of typedAsked.http) {
          check(`POST ${r.url}`, r.timeoutMs, r.body)
          assert.strictEqual(r.capBytes, capOf(scenario), `POST ${r.url}: body cap`)
        }
        for (const c of typedAsked.mcp) check(`mcp ${c.server}/${c.tool}`, c.timeoutMs, undefined)
        for (const p of typedAsked.prompts) {
          check(modelHookLabel(p.hook.type, p.hook.prompt), p.timeoutMs, p.payload)
          assert.strictEqual(p.event, scenario.event)
        }
        const typedCount =
          typedAsked.commands.length + typedAsked.http.length + typedAsked.mcp.length + typedAsked.prompts.length
        const allowedOut = commandAsked.commands.filter((o) => {
          const spec = specs.get(o.command)!
          return !(spec.answer.type === "http" && allowlistApplies(scenario) && !spec.allowed)
        })
        assert.strictEqual(
          typedCount,
          allowedOut.length,
          "one request per hook that runs (none for a URL outside the allowlist)"
        )
      }),
      { numRuns }
    )
  })

  it("should send nothing for a hook of an untrusted file, of any type", async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarioArb.filter((s) => !s.projectTrusted && s.project.length > 0),
        async (scenario) => {
          const { typed, typedAsked } = await runBoth(scenario)
          const userLabels = new Set(scenario.user.flatMap((g) => g.hooks.map((h) => labelOf(h, scenario))))
          const reached = [
            ...typedAsked.commands.map((o) => o.command),
            ...typedAsked.http.map((r) => `POST ${r.url}`),
            ...typedAsked.mcp.map((c) => `mcp ${c.server}/${c.tool}`),
            ...typedAsked.prompts.map((p) => modelHookLabel(p.hook.type, p.hook.prompt))
          ]
          for (const label of reached)
            assert.isTrue(userLabels.has(label), `${label} of the untrusted project file was called`)
          assert.isTrue(
            typed.effects.some((e) => e._tag === "Diagnostic" && e.code === "untrusted-settings"),
            "the untrusted file is reported"
          )
        }
      ),
      { numRuns: Math.round(numRuns / 2) }
    )
  })

  it("should let a failing hook of any type with onFailure block block its event, as a command would", async () => {
    await fc.assert(
      fc.asyncProperty(
        scenarioArb.filter((s) => blockingTag(s) !== undefined && failingBlockers(s).length > 0),
        async (scenario) => {
          const { typed } = await runBoth(scenario)
          const expected = blockingTag(scenario)!
          for (const label of failingBlockers(scenario)) {
            const record = typed.runs.find((r) => r.hook.command === label)
            assert.isDefined(record, `${label} did not run`)
            assert.include(
              record!.effects.map((t) => t.effect._tag),
              expected,
              `${label} failed with onFailure block on ${scenario.event}`
            )
          }
        }
      ),
      { numRuns: Math.round(numRuns / 2) }
    )
  })
})

describe("hook type laws: timeout units", () => {
  // Found by this law, now fixed (src/settings/validate-settings.ts `validateTransportHook`): a prompt or agent hook's `timeout` is read by
  // `checkModelHook` in seconds in every dialect, while every other hook's goes through `validateLimits`, which
  // reads it in the dialect's unit (`timeoutUnit`; Gemini CLI: milliseconds, research 2.3). Counterexample:
  // gemini-cli, {"hooks": {"BeforeTool": [{"hooks": [{"type": "prompt", "prompt": "ok?", "timeout": 30000}]}]}}
  // gives timeoutSeconds 30000 (over 8 hours), where a command hook with "timeout": 30000 gets 30.
  it("should read a prompt or agent hook's timeout in the dialect's unit, as a command hook's (every dialect that runs it)", () => {
    // The dialect and a model-hook type its agent runs (`hookTypes`: Cursor runs prompt hooks only; Copilot's prompt
    // entry is no model hook, `promptEntries`).
    const pairs = dialects.flatMap((d) =>
      (["prompt", "agent"] as const)
        .filter((t) => dialectRules[d].hookTypes.includes(t))
        .filter((t) => t !== "prompt" || dialectRules[d].promptEntries === "ask-model")
        .map((t) => [d, t] as const)
    )
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.integer({ min: 1, max: 600_000 }), ([dialect, type], timeout) => {
        const eventName = agentEventName(dialect, "PreToolUse")
        const file = `/home/u/${settingsFileRowOf(dialect, "user").path}`
        const entries = [
          { type: "command", command: "check", timeout },
          { type, prompt: "Is it ok?", timeout }
        ]
        // A flat hooks file (Cursor's) has one entry per hook; other files a group holding them.
        const text = JSON.stringify(
          writesFlatFile(dialect)
            ? { version: 1, hooks: { [eventName]: entries } }
            : { hooks: { [eventName]: [{ hooks: entries }] } }
        )
        const { hooks } = validateSettings(text, { file, scope: "user", dialect })
        assert.strictEqual(hooks.length, 2, "both hooks validate")
        assert.strictEqual(hooks[1]!.timeoutSeconds, hooks[0]!.timeoutSeconds, `${type} vs command timeout`)
      })
    )
  })
})

// ====== Reach ======

/** The cases the laws are about that one scenario holds. */
const scenarioClasses = (scenario: Scenario): ReadonlyArray<string> => {
  const ran = new Set(expectedOrder(scenario))
  const specs = allHooks(scenario)
  const running = specs.filter((s) => ran.has(labelOf(s, scenario)))
  const classes = new Set<string>([`in ${scenario.dialect}`])
  for (const s of running) classes.add(`runs ${s.answer.type}`)
  const groups = [...scenario.user, ...(scenario.projectTrusted ? scenario.project : [])]
  if (
    groups.some(
      (g) =>
        g.parallel && new Set(g.hooks.filter((h) => ran.has(labelOf(h, scenario))).map((h) => h.answer.type)).size >= 2
    )
  ) {
    classes.add("parallel group of mixed types")
  }
  if (running.some((s) => s.answer.type !== "command" && s.onFailure === "block" && isFailure(s, scenario)))
    classes.add("onFailure block on a failing typed hook")
  if (running.some((s) => s.answer.type !== "command" && isFailure(s, scenario) && s.onFailure !== "block"))
    classes.add("non-blocking failure of a typed hook")
  if (running.some((s) => s.answer.type === "http" && allowlistApplies(scenario) && !s.allowed))
    classes.add("URL outside the allowlist")
  if (scenario.project.length > 0 && !scenario.projectTrusted) classes.add("untrusted project file")
  if (specs.length > new Set(specs.map((s) => s.id)).size) classes.add("a hook configured twice")
  if (specs.some((s) => s.once && s.ranBefore)) classes.add("once hook already ran")
  if (specs.some((s) => !conditionMatches(s.condition))) classes.add("if does not match")
  if (
    scenario.outputCapBytes !== undefined &&
    running.some((s) => s.answer.type === "http" || s.answer.type === "mcp_tool")
  )
    classes.add("small cap on a transport")
  if (scenario.event === "PreToolUse" && running.length >= 2) classes.add("PreToolUse chain")
  return [...classes]
}

describe("hook type generator reach", () => {
  it("should reach every dialect, every type, mixed parallel groups, onFailure block failures, trust and the allowlist in at least 5% of scenarios", () => {
    const seed = 20261125
    const runs = 1000
    const counts = statisticsWithCounts("scenarioArb", scenarioArb, scenarioClasses, { seed, numRuns: runs })
    for (const c of [
      ...dialects.map((d) => `in ${d}`),
      "runs command",
      "runs http",
      "runs mcp_tool",
      "runs prompt",
      "runs agent",
      "parallel group of mixed types",
      "onFailure block on a failing typed hook",
      "non-blocking failure of a typed hook",
      "URL outside the allowlist",
      "untrusted project file",
      "a hook configured twice",
      "once hook already ran",
      "if does not match",
      "small cap on a transport",
      "PreToolUse chain"
    ]) {
      const share = (counts.get(c) ?? 0) / runs
      assert.isAtLeast(share, 0.05, `${c}: ${(share * 100).toFixed(1)}% of scenarios`)
    }
  })
})
