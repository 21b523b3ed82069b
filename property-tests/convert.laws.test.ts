/**
 * `convertSettings` laws: for generated settings of the convertible subset (the events every dialect has,
 * matchers that are lists of known tool names, trigger values, `*` or a regular expression naming no tool,
 * whole-second timeouts, commands with or without the project variable), converting to any dialect and back
 * keeps every decision: for each event and each probe name, the same hooks run with the same timeout in
 * seconds; and no conversion of the subset has an error note. The same holds from every dialect's version of
 * the settings (from -> to -> from for every pair).
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

const groupArb = (event: string) =>
  fc
    .record({
      matcher: matcherArb(event),
      parallel: fc.boolean(),
      hooks: fc.array(hookArb, { minLength: 1, maxLength: 2 })
    })
    .map(({ hooks, matcher, parallel }) => ({
      ...(matcher === undefined ? {} : { matcher }),
      ...(parallel ? { parallel: true } : {}),
      hooks
    }))

const settingsArb = fc
  .uniqueArray(fc.constantFrom(...toolEvents, ...plainEvents, ...Object.keys(valuesOf)), { minLength: 1, maxLength: 4 })
  .chain((events) =>
    fc
      .tuple(...events.map((event) => fc.array(groupArb(event), { minLength: 1, maxLength: 2 })))
      .map((groups) => JSON.stringify({ hooks: Object.fromEntries(events.map((event, i) => [event, groups[i]])) }))
  )

/** A command with its project variable, quoted or not, written as one placeholder. */
const normalized = (command: string): string =>
  command.replace(/"?\$(?:\{([A-Z_]+_(?:PROJECT_DIR|CWD))\}|([A-Z_]+_(?:PROJECT_DIR|CWD)))"?/g, "$P")

const nameIn = (dialect: Dialect, name: string) => (dialect === "gemini-cli" ? (geminiNames[name] ?? name) : name)

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
        .filter((probe) =>
          matches(hook.matcher, nameIn(dialect, probe), dialect, matcherOptionsOf(hook.event, dialect))
        )
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

describe("convert laws", () => {
  it("claude-code -> any dialect -> claude-code keeps every decision", () => {
    fc.assert(
      fc.property(settingsArb, fc.constantFrom(...dialects), (text, to) => {
        const back = convert(convert(text, "claude-code", to), to, "claude-code")
        assert.deepStrictEqual(decisions(back, "claude-code"), decisions(text, "claude-code"), `via ${to}`)
      }),
      { numRuns: 300 }
    )
  })

  it("from -> to -> from keeps every decision, for every pair, from each dialect's version of the settings", () => {
    fc.assert(
      fc.property(settingsArb, fc.constantFrom(...dialects), fc.constantFrom(...dialects), (claude, from, to) => {
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
  })
})
