/**
 * The dialect table (`src/core/dialect.ts`): one list of dialects that every
 * enumeration reads, and a complete row of rules for each, so that a dialect
 * added to `Dialect` is added everywhere or fails to type-check and here.
 */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { Dialect, dialectRules, dialects } from "../../src/core/dialect.ts"
import { settingsParams } from "../../src/cli/common-flags.ts"
import { decisionParams } from "../../src/cli/decision-input.ts"
import { agentEventOf, dialectEvents, eventsNotRunYet } from "../../src/core/dialect-events.ts"

describe("the dialect table", () => {
  it("lists every dialect the schema accepts, once", () => {
    assert.deepStrictEqual([...dialects], [...Dialect.literals])
    assert.strictEqual(new Set(dialects).size, dialects.length)
    for (const dialect of dialects) assert.isTrue(Schema.is(Dialect)(dialect), dialect)
  })

  it("has a row for every dialect, with the same fields in each", () => {
    const fields = Object.keys(dialectRules.wave).sort()
    for (const dialect of dialects) assert.deepStrictEqual(Object.keys(dialectRules[dialect]).sort(), fields, dialect)
  })

  it("names, as the variable a fix suggests, one the hooks of that dialect are given", () => {
    for (const dialect of dialects) {
      const rules = dialectRules[dialect]
      assert.include(rules.projectDirVariables, rules.ownProjectDirVariable, dialect)
    }
  })

  it("says how to install a plugin with the plugin's id in it", () => {
    for (const dialect of dialects) assert.include(dialectRules[dialect].pluginInstallHint, "{id}", dialect)
  })

  it("is what --dialect offers: every dialect (and auto where the files choose)", () => {
    assert.deepStrictEqual([...settingsParams.dialect.choices], ["auto", ...dialects])
    assert.deepStrictEqual([...decisionParams.dialect.choices], [...dialects])
  })

  it("names each dialect's events once, each firing one internal event, apart from the events not run yet", () => {
    for (const dialect of dialects) {
      const names = dialectEvents[dialect].map((row) => row.name)
      assert.strictEqual(new Set(names).size, names.length, dialect)
      for (const name of eventsNotRunYet[dialect]) assert.notInclude(names, name, dialect)
    }
  })

  it("gives every internal event a dialect fires its own name in it: the first row that fires it", () => {
    for (const dialect of dialects) {
      for (const row of dialectEvents[dialect]) {
        const first = dialectEvents[dialect].find((other) => other.event === row.event)
        assert.strictEqual(agentEventOf(dialect, row.event), first, `${dialect} ${row.name}`)
      }
    }
    // Cursor: three of its events fire PreToolUse; preToolUse is the event's own name.
    assert.deepStrictEqual(
      dialectEvents.cursor.filter((row) => row.event === "PreToolUse" && row.observes !== true).map((row) => row.name),
      ["preToolUse", "beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "beforeTabFileRead"]
    )
    assert.strictEqual(agentEventOf("cursor", "PreToolUse")?.name, "preToolUse")
  })

  it("marks only events that cannot change what the agent does as observing", () => {
    const observing = dialects.flatMap((d) =>
      dialectEvents[d].filter((row) => row.observes === true).map((row) => row.name)
    )
    assert.includeMembers(observing, ["afterShellExecution", "afterFileEdit", "sessionEnd"])
    for (const name of ["preToolUse", "beforeShellExecution", "stop", "subagentStart"])
      assert.notInclude(observing, name)
  })

  it("has a user and a project settings file for every dialect, the user's under its own folder", () => {
    for (const dialect of dialects) {
      const rows = dialectRules[dialect].settingsFiles
      assert.isTrue(
        rows.some((row) => row.scope === "user"),
        dialect
      )
      assert.isTrue(
        rows.some((row) => row.scope === "project"),
        dialect
      )
      // Copilot keeps a project's hooks under .github/, not under .copilot/.
      for (const row of rows.filter((r) => r.scope === "user"))
        assert.isTrue(row.path.startsWith(`${dialectRules[dialect].settingsDir}/`), row.path)
    }
  })

  it("reads, without --dialect, only the files of wave and Claude Code (another agent's settings need the flag)", () => {
    assert.deepStrictEqual(
      dialects.filter((dialect) => dialectRules[dialect].readWithoutFlag),
      ["wave", "claude-code"]
    )
  })

  it("says what an unusable matcher is: an error, an exact name (Gemini CLI) or a skipped group (Codex CLI, Copilot)", () => {
    assert.deepStrictEqual(Object.fromEntries(dialects.map((d) => [d, dialectRules[d].invalidMatcher])), {
      wave: "error",
      "claude-code": "error",
      "gemini-cli": "exact-name",
      codex: "skips-group",
      cursor: "error",
      copilot: "skips-group"
    })
  })
})
