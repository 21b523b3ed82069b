/**
 * `convertSettings` laws: for generated settings of the convertible subset (the events every dialect has,
 * matchers that are lists of known tool names, trigger values, `*` or a regular expression naming no tool,
 * whole-second timeouts, commands with or without the project variable), converting to any dialect and back
 * keeps every decision: for each event and each probe name, the same hooks run with the same timeout in
 * seconds; and no conversion of the subset has an error note. The same holds from every dialect's version of
 * the settings (from -> to -> from for every pair). Cursor's subset is narrower (its tool types join Edit and
 * Write in one, it has no Glob, LS, WebFetch or WebSearch, and its sessionStart, sessionEnd and preCompact
 * take no matcher): over it, the same laws hold for every pair, Cursor included. Copilot's subset is
 * narrower too (it has no LS or WebSearch; its task is Claude Code's Agent, so Task does not come back as
 * written; its sessionStart and sessionEnd take no matcher): over it, the same laws hold for every pair,
 * Copilot included, and over the subset Cursor and Copilot both can say, for every pair of every dialect.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { Dialect } from "../src/core/dialect.ts"
import { dialects } from "../src/core/dialect.ts"
import { matcherOptionsOf, matches } from "../src/core/matcher.ts"
import { convertSettings } from "../src/settings/convert-settings.ts"
import { effectiveTimeoutSeconds } from "../src/settings/plan.ts"
import { validateSettings } from "../src/settings/validate-settings.ts"

/** Claude Code's tool names and Gemini CLI's (the table its migrate uses), written out a second time as the oracle. */
const geminiNames: { readonly [name: string]: string } = {
  Bash: "run_shell_command",
  Edit: "replace",
  Write: "write_file",
  Read: "read_file",
  Glob: "glob",
  Grep: "search_file_content",
  LS: "list_directory",
  WebFetch: "web_fetch",
  WebSearch: "google_web_search"
}
const toolNames = Object.keys(geminiNames)
const toolProbes = [
  ...toolNames,
  "NotebookEdit",
  "Task",
  "mcp__github__create_issue",
  "mcp__memory__read",
  "mcp__fs__read_file"
]
const valuesOf: { readonly [event: string]: ReadonlyArray<string> } = {
  SessionStart: ["startup", "resume", "clear"],
  SessionEnd: ["clear", "logout", "other"],
  PreCompact: ["manual", "auto"]
}
const toolEvents = ["PreToolUse", "PostToolUse"]
const plainEvents = ["UserPromptSubmit", "Stop"]

const subsetArb = (values: ReadonlyArray<string>) =>
  fc.subarray([...values], { minLength: 1, maxLength: Math.min(3, values.length) }).map((names) => names.join("|"))

/** Claude Code's tools Cursor has, as it has them: Edit and Write are its one Write (Cursor's hooks docs). */
const cursorUnits: ReadonlyArray<ReadonlyArray<string>> = [["Bash"], ["Read"], ["Grep"], ["Edit", "Write"], ["Task"]]

/** Cursor's tool types for Claude Code's tools, written out a second time as the oracle (MCP:<tool>, no server). */
const cursorNames: { readonly [name: string]: string } = {
  Bash: "Shell",
  Edit: "Write",
  Write: "Write",
  Read: "Read",
  Grep: "Grep",
  Task: "Task"
}

/** Matchers of the subset every dialect, Cursor too, can say: only tool events have one. */
const cursorMatcherArb = (event: string): fc.Arbitrary<string | undefined> =>
  toolEvents.includes(event)
    ? fc.oneof(
        fc.constant(undefined),
        fc.constant("*"),
        fc.subarray([...cursorUnits], { minLength: 1, maxLength: 3 }).map((units) => units.flat().join("|")),
        fc.constant("mcp__.*")
      )
    : fc.constant(undefined)

/** Claude Code's tools Copilot has (its bash, view, create, edit and apply_patch, glob, grep, web_fetch). */
const copilotTools = ["Bash", "Read", "Write", "Edit", "Glob", "Grep", "WebFetch"]

/** Copilot's tool names for Claude Code's, written out a second time as the oracle (camelCase events). */
const copilotNames: { readonly [name: string]: string } = {
  Bash: "bash",
  Read: "view",
  Write: "create",
  Edit: "edit",
  Glob: "glob",
  Grep: "grep",
  WebFetch: "web_fetch"
}

/** Matchers of the subset every dialect but Cursor, Copilot too, can say: no matcher on SessionStart or SessionEnd. */
const copilotMatcherArb = (event: string): fc.Arbitrary<string | undefined> =>
  toolEvents.includes(event)
    ? fc.oneof(
        fc.constant(undefined),
        fc.constant("*"),
        subsetArb(copilotTools),
        fc.constantFrom("mcp__.*", "mcp__github__.*", ".*__read")
      )
    : event === "PreCompact"
      ? fc.oneof(fc.constant(undefined), subsetArb(valuesOf[event]!))
      : fc.constant(undefined)

/** Matchers Cursor and Copilot both can say: Cursor's tool types without Task (Copilot's task comes back as Agent). */
const cursorCopilotMatcherArb = (event: string): fc.Arbitrary<string | undefined> =>
  toolEvents.includes(event)
    ? fc.oneof(
        fc.constant(undefined),
        fc.constant("*"),
        fc
          .subarray(
            cursorUnits.filter((unit) => !unit.includes("Task")),
            { minLength: 1, maxLength: 3 }
          )
          .map((units) => units.flat().join("|")),
        fc.constant("mcp__.*")
      )
    : fc.constant(undefined)

const matcherArb = (event: string): fc.Arbitrary<string | undefined> =>
  toolEvents.includes(event)
    ? fc.oneof(
        fc.constant(undefined),
        fc.constant("*"),
        subsetArb(toolNames),
        fc.constantFrom("mcp__.*", "mcp__github__.*", ".*__read")
      )
    : plainEvents.includes(event)
      ? fc.constant(undefined)
      : fc.oneof(fc.constant(undefined), subsetArb(valuesOf[event]!))

const commandArb = fc.constantFrom(
  "./hooks/check.sh",
  '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
  "$CLAUDE_PROJECT_DIR/hooks/format.sh --all",
  "git log --oneline -5"
)

const hookArb = fc.record(
  { type: fc.constant("command"), command: commandArb, timeout: fc.integer({ min: 1, max: 900 }) },
  { requiredKeys: ["type", "command"] }
)

const groupArb = (event: string, matchers: (event: string) => fc.Arbitrary<string | undefined>) =>
  fc
    .record({
      matcher: matchers(event),
      parallel: fc.boolean(),
      hooks: fc.array(hookArb, { minLength: 1, maxLength: 2 })
    })
    .map(({ hooks, matcher, parallel }) => ({
      ...(matcher === undefined ? {} : { matcher }),
      ...(parallel ? { parallel: true } : {}),
      hooks
    }))

const settingsArbOf = (matchers: (event: string) => fc.Arbitrary<string | undefined>) =>
  fc
    .uniqueArray(fc.constantFrom(...toolEvents, ...plainEvents, ...Object.keys(valuesOf)), {
      minLength: 1,
      maxLength: 4
    })
    .chain((events) =>
      fc
        .tuple(...events.map((event) => fc.array(groupArb(event, matchers), { minLength: 1, maxLength: 2 })))
        .map((groups) => JSON.stringify({ hooks: Object.fromEntries(events.map((event, i) => [event, groups[i]])) }))
    )

/** Claude Code settings of the convertible subset of every dialect but Cursor. */
const settingsArb = settingsArbOf(matcherArb)
/** Claude Code settings of the subset every dialect, Cursor too, can say. */
const cursorSettingsArb = settingsArbOf(cursorMatcherArb)
/** Claude Code settings of the subset every dialect but Cursor, Copilot too, can say. */
const copilotSettingsArb = settingsArbOf(copilotMatcherArb)
/** Claude Code settings of the subset every dialect, Cursor and Copilot too, can say. */
const cursorCopilotSettingsArb = settingsArbOf(cursorCopilotMatcherArb)
/** The dialects the wider subset converts between without loss. */
const wideDialects = dialects.filter((d) => d !== "cursor" && d !== "copilot")
/** The dialects Cursor's subset converts between without loss (Copilot has no Task: see above). */
const cursorDialects = dialects.filter((d) => d !== "copilot")
/** The dialects Copilot's subset converts between without loss. */
const copilotDialects = dialects.filter((d) => d !== "cursor")

/** A command with its project variable, quoted or not, written as one placeholder. */
const normalized = (command: string): string =>
  command.replace(/"?\$(?:\{([A-Z_]+_(?:PROJECT_DIR|CWD))\}|([A-Z_]+_(?:PROJECT_DIR|CWD)))"?/g, "$P")

const nameIn = (dialect: Dialect, name: string) =>
  dialect === "gemini-cli"
    ? (geminiNames[name] ?? name)
    : dialect === "cursor"
      ? (cursorNames[name] ?? (name.startsWith("mcp__") ? `MCP:${name.split("__")[2]}` : name))
      : dialect === "copilot"
        ? (copilotNames[name] ?? name)
        : name

/** Cursor's events that fire for some tools only, by Claude Code's names of them (the probes they run for). */
const cursorEventTools: { readonly [event: string]: ReadonlyArray<string> } = {
  beforeShellExecution: ["Bash"],
  afterShellExecution: ["Bash"],
  beforeReadFile: ["Read"],
  afterFileEdit: ["Edit", "Write"],
  beforeMCPExecution: toolProbes.filter((p) => p.startsWith("mcp__")),
  afterMCPExecution: toolProbes.filter((p) => p.startsWith("mcp__"))
}

/** A Cursor hooks.json of its own events every other dialect has a counterpart for, without matchers where they test no tool. */
const cursorOwnArb = fc
  .uniqueArray(
    fc.constantFrom(
      "preToolUse",
      "postToolUse",
      ...Object.keys(cursorEventTools),
      "beforeSubmitPrompt",
      "stop",
      "sessionStart",
      "sessionEnd",
      "preCompact"
    ),
    { minLength: 1, maxLength: 5 }
  )
  .chain((events) =>
    fc
      .tuple(
        ...events.map((event) =>
          fc.array(
            fc.record(
              {
                command: commandArb.map((c) => c.replace("CLAUDE_PROJECT_DIR", "CURSOR_PROJECT_DIR")),
                timeout: fc.integer({ min: 1, max: 900 }),
                matcher:
                  event === "preToolUse" || event === "postToolUse"
                    ? fc.constantFrom("Shell", "Read|Grep", "Write", "Task", "Shell|Write", "MCP:.*", "*")
                    : fc.constant(undefined),
                loop_limit: event === "stop" ? fc.constantFrom(null, 3) : fc.constant(undefined)
              },
              { requiredKeys: ["command"] }
            ),
            { minLength: 1, maxLength: 2 }
          )
        )
      )
      .map((entries) =>
        JSON.stringify({
          version: 1,
          hooks: Object.fromEntries(
            events.map((event, i) => [
              event,
              entries[i]!.map((entry) =>
                Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined))
              )
            ])
          )
        })
      )
  )

/**
 * A Copilot hooks file of its own camelCase events and of Claude Code's PascalCase spellings (whose matchers
 * name Claude Code's tools), of events every dialect but Cursor has a counterpart for.
 */
const copilotOwnArb = fc
  .uniqueArray(
    fc.constantFrom(
      "preToolUse",
      "postToolUse",
      "userPromptSubmitted",
      "agentStop",
      "sessionStart",
      "sessionEnd",
      "PreToolUse",
      "PostToolUse",
      "Stop"
    ),
    { minLength: 1, maxLength: 5 }
  )
  .chain((events) =>
    fc
      .tuple(
        ...events.map((event) =>
          fc.array(
            fc.record(
              {
                type: fc.constant("command"),
                bash: commandArb.map((c) => c.replace(/"?\$\{?CLAUDE_PROJECT_DIR\}?"?\/?/g, "")),
                timeoutSec: fc.integer({ min: 1, max: 900 }),
                matcher:
                  event === "preToolUse" || event === "postToolUse"
                    ? fc.constantFrom("bash", "view|grep", "edit|apply_patch", "create", "glob|web_fetch", "*")
                    : event === "PreToolUse" || event === "PostToolUse"
                      ? fc.constantFrom("Bash", "Read|Grep", "Edit|Write", "WebFetch")
                      : fc.constant(undefined)
              },
              { requiredKeys: ["type", "bash"] }
            ),
            { minLength: 1, maxLength: 2 }
          )
        )
      )
      .map((entries) =>
        JSON.stringify({
          version: 1,
          hooks: Object.fromEntries(
            events.map((event, i) => [
              event,
              entries[i]!.map((entry) =>
                Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined))
              )
            ])
          )
        })
      )
  )

/** Which hooks run, with which timeout, for each event and probe name. */
const decisions = (text: string, dialect: Dialect): ReadonlyArray<string> => {
  const validated = validateSettings(text, { file: "x", scope: "project", dialect })
  assert.deepStrictEqual(
    validated.diagnostics.filter((d) => d.severity === "error"),
    [],
    text
  )
  return validated.hooks
    .flatMap((hook) =>
      (toolEvents.includes(hook.event) ? toolProbes : (valuesOf[hook.event] ?? ["-"]))
        .filter((probe) => {
          // A Cursor shell, file or MCP event runs for its tools only.
          const only = hook.agentEvent === undefined ? undefined : cursorEventTools[hook.agentEvent]
          if (only !== undefined) return only.includes(probe)
          // Copilot's PascalCase spellings match Claude Code's tool names.
          const own = dialect === "copilot" && /^[A-Z]/.test(hook.agentEvent ?? "") ? "claude-code" : dialect
          return matches(hook.matcher, nameIn(own, probe), dialect, matcherOptionsOf(hook.event, dialect))
        })
        .map(
          (probe) => `${hook.event} ${probe}: ${normalized(hook.command)} ${effectiveTimeoutSeconds(hook, dialect)}s`
        )
    )
    .sort()
}

const convert = (text: string, from: Dialect, to: Dialect): string => {
  const result = convertSettings(text, { from, to })
  assert.deepStrictEqual(
    result.notes.filter((n) => n.severity === "error"),
    [],
    `${from} -> ${to}: ${text}`
  )
  return result.text
}

/** From Claude Code's settings to `to` and back: every decision kept. */
const viaLaw = (settings: fc.Arbitrary<string>, targets: ReadonlyArray<Dialect>) =>
  fc.assert(
    fc.property(settings, fc.constantFrom(...targets), (text, to) => {
      const back = convert(convert(text, "claude-code", to), to, "claude-code")
      assert.deepStrictEqual(decisions(back, "claude-code"), decisions(text, "claude-code"), `via ${to}`)
    }),
    { numRuns: 300 }
  )

/** From each dialect's version of the settings to every other and back: every decision kept. */
const pairLaw = (settings: fc.Arbitrary<string>, pairs: ReadonlyArray<Dialect>) =>
  fc.assert(
    fc.property(settings, fc.constantFrom(...pairs), fc.constantFrom(...pairs), (claude, from, to) => {
      const source = convert(claude, "claude-code", from)
      const there = convert(source, from, to)
      assert.deepStrictEqual(decisions(there, to), decisions(claude, "claude-code"), `${from} -> ${to}`)
      assert.deepStrictEqual(
        decisions(convert(there, to, from), from),
        decisions(source, from),
        `${from} -> ${to} -> ${from}`
      )
    }),
    { numRuns: 300 }
  )

describe("convert laws", () => {
  it("claude-code -> any dialect but cursor and copilot -> claude-code keeps every decision", () => {
    viaLaw(settingsArb, wideDialects)
  })

  it("from -> to -> from keeps every decision, for every pair but cursor's and copilot's, from each dialect's version of the settings", () => {
    pairLaw(settingsArb, wideDialects)
  })

  it("on the subset Cursor can say, claude-code -> any dialect but copilot -> claude-code keeps every decision", () => {
    viaLaw(cursorSettingsArb, cursorDialects)
  })

  it("on the subset Cursor can say, from -> to -> from keeps every decision, for every pair but copilot's, cursor included", () => {
    pairLaw(cursorSettingsArb, cursorDialects)
  })

  it("on the subset Copilot can say, claude-code -> any dialect but cursor -> claude-code keeps every decision", () => {
    viaLaw(copilotSettingsArb, copilotDialects)
  })

  it("on the subset Copilot can say, from -> to -> from keeps every decision, for every pair but cursor's, copilot included", () => {
    pairLaw(copilotSettingsArb, copilotDialects)
  })

  it("on the subset Cursor and Copilot both can say, from -> to -> from keeps every decision, for every pair", () => {
    pairLaw(cursorCopilotSettingsArb, dialects)
  })

  it("Copilot's own events, camelCase and PascalCase, keep every decision through any dialect but Cursor and back", () => {
    fc.assert(
      fc.property(copilotOwnArb, fc.constantFrom(...copilotDialects), (text, to) => {
        const there = convert(text, "copilot", to)
        assert.deepStrictEqual(decisions(there, to), decisions(text, "copilot"), `copilot -> ${to}`)
        assert.deepStrictEqual(
          decisions(convert(there, to, "copilot"), "copilot"),
          decisions(text, "copilot"),
          `via ${to}`
        )
      }),
      { numRuns: 300 }
    )
  })

  it("Cursor's own events (beforeShellExecution, afterFileEdit, ...) keep every decision through any dialect and back", () => {
    fc.assert(
      fc.property(cursorOwnArb, fc.constantFrom(...cursorDialects), (text, to) => {
        const there = convert(text, "cursor", to)
        assert.deepStrictEqual(decisions(there, to), decisions(text, "cursor"), `cursor -> ${to}`)
        assert.deepStrictEqual(
          decisions(convert(there, to, "cursor"), "cursor"),
          decisions(text, "cursor"),
          `via ${to}`
        )
      }),
      { numRuns: 300 }
    )
  })
})
