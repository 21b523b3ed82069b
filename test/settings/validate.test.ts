/**
 * Settings validation (ARCHITECTURE section 7): errors skip only their entry,
 * warnings keep it, a file is never dropped whole for one bad entry, and every
 * diagnostic names the file, the JSON path, the problem and the fix
 * (`FILE: JSON-PATH: problem; fix`).
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { mkdirSync } from "node:fs"
import type { HookEvent } from "../../src/core/events.ts"
import type { SettingsDiagnostic, ValidatedSettings } from "../../src/settings/settings-schema.ts"
import { formatSettingsDiagnostic, validateSettings } from "../../src/settings/validate-settings.ts"
import {
  diagnosticCodes,
  effectsOf,
  group,
  hook,
  logLine,
  makeProject,
  removeTempProjects,
  settings
} from "../helpers/project.ts"

afterAll(removeTempProjects)

const FILE = "/repo/.wave/settings.json"

const validate = (content: unknown, file = FILE): ValidatedSettings =>
  validateSettings(typeof content === "string" ? content : JSON.stringify(content, null, 2), {
    file,
    scope: "project",
    dialect: "wave"
  })

/** Every diagnostic names the file, a JSON path, a problem and a fix, and renders as `FILE: JSON-PATH: problem; fix`. */
const assertWellFormed = (d: SettingsDiagnostic, file: string): void => {
  assert.strictEqual(d.file, file)
  assert.match(d.path, /^\$/)
  assert.isAbove(d.problem.trim().length, 0)
  assert.isAbove(d.fix.trim().length, 0)
  const line = formatSettingsDiagnostic(d)
  assert.isTrue(line.startsWith(`${file}: ${d.path}: `), line)
  assert.isTrue(line.endsWith(`; ${d.fix}`), line)
  assert.include(line, d.problem)
  assert.notInclude(line, "\n")
}

const only = (v: ValidatedSettings): SettingsDiagnostic => {
  assert.strictEqual(v.diagnostics.length, 1, JSON.stringify(v.diagnostics, null, 2))
  const d = v.diagnostics[0]!
  assertWellFormed(d, v.file)
  return d
}

const ok = (command = "./ok.sh") => hook(command)

interface Case {
  readonly name: string
  readonly event: HookEvent | string
  readonly group: Record<string, unknown>
  readonly severity: "error" | "warning"
  readonly path: string
  readonly problem: RegExp
  readonly fix?: RegExp
  /** Hooks of the file that remain (the valid sibling always does). */
  readonly kept: ReadonlyArray<string>
}

const cases: ReadonlyArray<Case> = [
  {
    name: "unknown event, with the closest valid name",
    event: "PreToolUs",
    group: group([hook("./guard.sh")]),
    severity: "error",
    path: "$.hooks.PreToolUs",
    problem: /unknown event "PreToolUs"/,
    fix: /did you mean "PreToolUse"\?/,
    kept: ["./ok.sh"]
  },
  {
    name: "unknown event in other case, closest name",
    event: "pretooluse",
    group: group([hook("./guard.sh")]),
    severity: "error",
    path: "$.hooks.pretooluse",
    problem: /unknown event/,
    fix: /"PreToolUse"/,
    kept: ["./ok.sh"]
  },
  {
    name: "unknown hook type",
    event: "Stop",
    group: group([hook("./guard.sh", { type: "shell" })]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].type",
    problem: /unknown hook type/,
    fix: /"type": "command" \(types: command, http, mcp_tool, prompt, agent\)/,
    kept: ["./ok.sh"]
  },
  {
    name: "missing hook type",
    event: "Stop",
    group: group([{ command: "./guard.sh" }]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].type",
    problem: /missing hook type/,
    kept: ["./ok.sh"]
  },
  {
    name: "missing command",
    event: "Stop",
    group: group([{ type: "command" }]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].command",
    problem: /missing command/,
    kept: ["./ok.sh"]
  },
  {
    name: "empty command",
    event: "Stop",
    group: group([hook("")]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].command",
    problem: /empty command/,
    kept: ["./ok.sh"]
  },
  {
    name: "blank command",
    event: "Stop",
    group: group([hook("   ")]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].command",
    problem: /empty command/,
    kept: ["./ok.sh"]
  },
  {
    name: "command that is not a string",
    event: "Stop",
    group: group([hook(42 as unknown as string)]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].command",
    problem: /expected a string/,
    kept: ["./ok.sh"]
  },
  {
    name: "timeout 0",
    event: "Stop",
    group: group([hook("./guard.sh", { timeout: 0 })]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].timeout",
    problem: /positive number of seconds/,
    kept: ["./ok.sh"]
  },
  {
    name: "negative timeout",
    event: "Stop",
    group: group([hook("./guard.sh", { timeout: -5 })]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].timeout",
    problem: /positive number of seconds/,
    kept: ["./ok.sh"]
  },
  {
    name: "timeout as a string",
    event: "Stop",
    group: group([hook("./guard.sh", { timeout: "30" })]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].timeout",
    problem: /positive number of seconds, found the string "30"/,
    kept: ["./ok.sh"]
  },
  {
    name: "invalid regular expression matcher",
    event: "PreToolUse",
    group: group([hook("./guard.sh")], { matcher: "Edit(" }),
    severity: "error",
    path: "$.hooks.PreToolUse[1].matcher",
    problem: /not a valid regular expression/,
    kept: ["./ok.sh"]
  },
  {
    name: "onFailure that is neither continue nor block",
    event: "Stop",
    group: group([hook("./guard.sh", { onFailure: "deny" })]),
    severity: "error",
    path: "$.hooks.Stop[1].hooks[0].onFailure",
    problem: /"continue" or "block"/,
    kept: ["./ok.sh"]
  },
  {
    name: "timeout >= 1000 (looks like milliseconds) is a warning",
    event: "Stop",
    group: group([hook("./guard.sh", { timeout: 5000 })]),
    severity: "warning",
    path: "$.hooks.Stop[1].hooks[0].timeout",
    problem: /looks like milliseconds/,
    fix: /"timeout": 5/,
    kept: ["./ok.sh", "./guard.sh"]
  },
  {
    name: "timeout of exactly 1000 is a warning",
    event: "Stop",
    group: group([hook("./guard.sh", { timeout: 1000 })]),
    severity: "warning",
    path: "$.hooks.Stop[1].hooks[0].timeout",
    problem: /milliseconds/,
    kept: ["./ok.sh", "./guard.sh"]
  },
  {
    name: "a matcher on UserPromptSubmit is a warning",
    event: "UserPromptSubmit",
    group: group([hook("./guard.sh")], { matcher: "Bash" }),
    severity: "warning",
    path: "$.hooks.UserPromptSubmit[1].matcher",
    problem: /UserPromptSubmit takes no matcher/,
    kept: ["./ok.sh", "./guard.sh"]
  },
  {
    name: "a matcher on Stop is a warning",
    event: "Stop",
    group: group([hook("./guard.sh")], { matcher: "Edit|Write" }),
    severity: "warning",
    path: "$.hooks.Stop[1].matcher",
    problem: /Stop takes no matcher/,
    kept: ["./ok.sh", "./guard.sh"]
  }
]

describe("validateSettings: each check", () => {
  for (const c of cases) {
    it(`${c.name}: ${c.severity} at ${c.path}`, () => {
      // The valid sibling sits in the first group of the same event (or Stop for unknown events).
      const siblingEvent = c.event === "PreToolUs" || c.event === "pretooluse" ? "Stop" : c.event
      const hooks: Record<string, Array<Record<string, unknown>>> = { [siblingEvent]: [group([ok()])] }
      hooks[c.event] = [...(hooks[c.event] ?? []), c.group]
      const v = validate({ hooks })
      const d = only(v)
      assert.strictEqual(d.severity, c.severity)
      assert.strictEqual(d.path, c.path)
      assert.match(d.problem, c.problem)
      if (c.fix !== undefined) assert.match(d.fix, c.fix)
      assert.isTrue(v.readable)
      assert.deepStrictEqual(
        v.hooks.map((h) => h.command),
        c.kept
      )
    })
  }

  it('timeout 999 and a "*" or empty matcher on Stop are fine', () => {
    const v = validate(
      settings({
        Stop: [group([hook("./a.sh", { timeout: 999 })], { matcher: "*" }), group([hook("./b.sh")], { matcher: "" })]
      })
    )
    assert.deepStrictEqual(v.diagnostics, [])
    assert.deepStrictEqual(
      v.hooks.map((h) => [h.command, h.timeoutSeconds]),
      [
        ["./a.sh", 999],
        ["./b.sh", undefined]
      ]
    )
  })

  it("a warned matcher on Stop is ignored: the hook runs for every Stop", () => {
    const v = validate(settings({ Stop: [group([hook("./a.sh")], { matcher: "NeverMatches" })] }))
    assert.strictEqual(v.hooks[0]!.matcher, undefined)
  })

  it("one bad entry among many: every other entry of the file is kept, in order", () => {
    const v = validate(
      settings({
        PreToolUse: [
          group([hook("./one.sh"), hook("", { timeout: 0 }), hook("./two.sh")], { matcher: "Bash" }),
          group([hook("./skipped.sh")], { matcher: "[" }),
          group([hook("./three.sh", { timeout: 1e4 })])
        ],
        Stop: [group([hook("./four.sh"), hook("./five.sh", { type: "shell" })])],
        Stopp: [group([hook("./six.sh")])]
      })
    )
    assert.deepStrictEqual(
      v.hooks.map((h) => h.command),
      ["./one.sh", "./two.sh", "./three.sh", "./four.sh"]
    )
    assert.deepStrictEqual(
      v.diagnostics.map((d) => [d.severity, d.path]),
      [
        ["error", "$.hooks.PreToolUse[0].hooks[1].command"],
        ["error", "$.hooks.PreToolUse[0].hooks[1].timeout"],
        ["error", "$.hooks.PreToolUse[1].matcher"],
        ["warning", "$.hooks.PreToolUse[2].hooks[0].timeout"],
        ["error", "$.hooks.Stop[0].hooks[1].type"],
        ["error", "$.hooks.Stopp"]
      ]
    )
    for (const d of v.diagnostics) assertWellFormed(d, FILE)
    assert.deepStrictEqual(
      v.hooks.map((h) => h.path),
      [
        "$.hooks.PreToolUse[0].hooks[0]",
        "$.hooks.PreToolUse[0].hooks[2]",
        "$.hooks.PreToolUse[2].hooks[0]",
        "$.hooks.Stop[0].hooks[0]"
      ]
    )
  })

  it("the formatted line is exactly FILE: JSON-PATH: problem; fix", () => {
    const d = only(validate(settings({ Stop: [group([hook("")])] })))
    assert.strictEqual(formatSettingsDiagnostic(d), `${FILE}: $.hooks.Stop[0].hooks[0].command: ${d.problem}; ${d.fix}`)
  })
})

describe("validateSettings: JSON syntax", () => {
  const syntaxCases: ReadonlyArray<{
    readonly name: string
    readonly text: string
    readonly line: number
    readonly column: number
  }> = [
    { name: "a trailing comma", text: `{\n  "hooks": {\n    "Stop": []\n  },\n}\n`, line: 5, column: 1 },
    { name: "a missing comma", text: `{\n  "disableAllHooks": false\n  "hooks": {}\n}\n`, line: 3, column: 3 },
    { name: "a stray comma in an array", text: `{\n  "hooks": {\n    "Stop": [,]\n  }\n}\n`, line: 3, column: 14 },
    { name: "a bare word", text: `{\n  "disableAllHooks": yes\n}\n`, line: 2, column: 22 },
    { name: "a comment", text: `{\n  // my hooks\n  "hooks": {}\n}\n`, line: 2, column: 3 }
  ]
  for (const c of syntaxCases) {
    it(`${c.name}: one error with line ${c.line} and column ${c.column}; nothing in the file is used`, () => {
      const v = validate(c.text)
      assert.isFalse(v.readable)
      assert.deepStrictEqual(v.hooks, [])
      const d = only(v)
      assert.strictEqual(d.severity, "error")
      assert.strictEqual(d.path, "$")
      assert.include(d.problem, `line ${c.line}, column ${c.column}`)
    })
  }

  it("an empty file says so", () => {
    const d = only(validate(""))
    assert.strictEqual(d.severity, "error")
    assert.match(d.problem, /empty/)
  })

  it("a UTF-8 BOM is accepted", () => {
    const v = validate(`\uFEFF${JSON.stringify(settings({ Stop: [group([hook("./a.sh")])] }))}`)
    assert.deepStrictEqual(v.diagnostics, [])
    assert.strictEqual(v.hooks.length, 1)
  })

  it("JSON that is not an object", () => {
    const d = only(validate("[]"))
    assert.strictEqual(d.severity, "error")
    assert.strictEqual(d.path, "$")
  })
})

describe("loadSettings: script paths (warnings that keep the entry)", () => {
  it("a first word that is a path that does not exist, or is not executable, relative or with $WAVE_PROJECT_DIR expanded", async () => {
    const p = makeProject()
    p.writeFile("hooks/noexec.sh", "#!/bin/sh\n", 0o644)
    p.writeFile("hooks/ok.sh", "#!/bin/sh\n", 0o755)
    mkdirSync(p.path("hooks/a-directory"))
    p.writeFile("home-ok.sh", "#!/bin/sh\n", 0o755)
    const file = p.writeSettings(
      "project",
      settings({
        PreToolUse: [
          group([
            hook("./hooks/missing.sh"), // 0
            hook("hooks/noexec.sh --strict"), // 1
            hook("$WAVE_PROJECT_DIR/hooks/missing-too.sh"), // 2
            hook('"$WAVE_PROJECT_DIR"/hooks/noexec.sh'), // 3
            hook("${WAVE_PROJECT_DIR}/hooks/ok.sh"), // 4: fine
            hook("./hooks/ok.sh; echo done"), // 5: fine
            hook("jq -r .tool_name"), // 6: a program on PATH: not checked
            hook("./hooks/a-directory"), // 7: not an executable file
            hook("FOO=1 ./hooks/missing.sh") // 8: an assignment first: not checked
          ])
        ]
      })
    )
    const snapshot = await p.load()
    const warnings = snapshot.files.flatMap((f) => f.diagnostics)
    for (const d of warnings) assertWellFormed(d, file)
    assert.deepStrictEqual(
      warnings.map((d) => d.severity),
      ["warning", "warning", "warning", "warning", "warning"]
    )
    assert.deepStrictEqual(
      warnings.map((d) => d.path),
      [
        "$.hooks.PreToolUse[0].hooks[0].command",
        "$.hooks.PreToolUse[0].hooks[1].command",
        "$.hooks.PreToolUse[0].hooks[2].command",
        "$.hooks.PreToolUse[0].hooks[3].command",
        "$.hooks.PreToolUse[0].hooks[7].command"
      ]
    )
    assert.match(warnings[0]!.problem, new RegExp(`${p.path("hooks/missing.sh")} does not exist`))
    assert.match(warnings[1]!.problem, new RegExp(`${p.path("hooks/noexec.sh")} is not executable`))
    assert.match(warnings[1]!.fix, /chmod \+x/)
    assert.match(warnings[2]!.problem, new RegExp(`${p.path("hooks/missing-too.sh")} does not exist`))
    assert.match(warnings[3]!.problem, new RegExp(`${p.path("hooks/noexec.sh")} is not executable`))
    assert.match(warnings[4]!.problem, /not executable/)
    // Warnings keep the entries.
    assert.strictEqual(snapshot.hooks.length, 9)
  })

  it("claude-code: $CLAUDE_PROJECT_DIR is expanded too, and ~ is the home directory", async () => {
    const p = makeProject()
    p.writeSettings(
      "project",
      settings({ Stop: [group([hook("$CLAUDE_PROJECT_DIR/.claude/hooks/missing.sh"), hook("~/bin/missing.sh")])] }),
      "claude-code"
    )
    const snapshot = await p.load("claude-code")
    const problems = snapshot.files.flatMap((f) => f.diagnostics).map((d) => d.problem)
    assert.strictEqual(problems.length, 2)
    assert.include(problems[0]!, `${p.dir}/.claude/hooks/missing.sh`)
    assert.include(problems[1]!, `${p.home}/bin/missing.sh`)
  })
})

describe("runHooks: skipped entries are never silent", () => {
  it("a broken entry next to a working one: the working one runs; ShowUser warning + Diagnostic skipped-entry name the file and JSON path", async () => {
    const p = makeProject()
    const file = p.writeSettings(
      "project",
      settings({ PreToolUse: [group([hook("", { timeout: 5 }), hook(logLine("working"))])] })
    )
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    assert.deepStrictEqual(p.lines("order.log"), ["working"])
    assert.strictEqual(result.runs.length, 1)
    assert.strictEqual(result.skipped.length, 1)
    const diagnostics = effectsOf(result.effects, "Diagnostic").filter((d) => d.code === "skipped-entry")
    assert.strictEqual(diagnostics.length, 1)
    assert.include(diagnostics[0]!.message, file)
    assert.include(diagnostics[0]!.message, "$.hooks.PreToolUse[0].hooks[0].command")
    const warnings = effectsOf(result.effects, "ShowUser").filter((e) => e.level === "warning")
    assert.strictEqual(warnings.length, 1)
    assert.include(warnings[0]!.text, file)
    assert.include(warnings[0]!.text, "$.hooks.PreToolUse[0].hooks[0].command")
  })

  it("a misspelt event is reported when its closest event fires", async () => {
    const p = makeProject()
    const file = p.writeSettings(
      "project",
      settings({ PreToolUs: [group([hook(logLine("never"))])], PreToolUse: [group([hook(logLine("ok"))])] })
    )
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    assert.deepStrictEqual(p.lines("order.log"), ["ok"])
    assert.include(diagnosticCodes(result.effects), "skipped-entry")
    const warning = effectsOf(result.effects, "ShowUser").find((e) => e.level === "warning")
    assert.isDefined(warning)
    assert.include(warning!.text, file)
    assert.include(warning!.text, "$.hooks.PreToolUs")
  })

  it("errors of other events are not reported for this event", async () => {
    const p = makeProject()
    p.writeSettings("project", settings({ Stop: [group([hook("")])], PreToolUse: [group([hook(logLine("ok"))])] }))
    const result = await p.run("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })
    assert.deepStrictEqual(result.effects, [])
  })

  it("a user settings file with a syntax error does not stop the project's hooks; the error is reported", async () => {
    const p = makeProject()
    const userFile = p.writeSettings("user", '{\n  "hooks": {,\n}\n')
    p.writeSettings("project", settings({ Stop: [group([hook(logLine("project"))])] }))
    const result = await p.run("Stop", {})
    assert.deepStrictEqual(p.lines("order.log"), ["project"])
    const diagnostic = effectsOf(result.effects, "Diagnostic").find((d) => d.code === "unreadable-settings")
    assert.isDefined(diagnostic)
    assert.include(diagnostic!.message, userFile)
  })
})

describe("validateSettings: matchers the linear-time engine cannot run (issue 11)", () => {
  const cases: ReadonlyArray<readonly [string, RegExp, RegExp]> = [
    ["(Bash)\\1", /backreference/, /without backreferences/],
    ["(?!Bash).*", /lookahead/, /list the names/],
    ["(?<=mcp__)github", /lookbehind/, /list the names/]
  ]
  for (const [matcher, problem, fix] of cases) {
    it(`${JSON.stringify(matcher)} is an error naming the file, the JSON path, the problem and the fix; the group is skipped`, () => {
      const v = validate(settings({ PreToolUse: [group([ok("./kept.sh")]), group([hook("./guard.sh")], { matcher })] }))
      const d = only(v)
      assert.strictEqual(d.severity, "error")
      assert.strictEqual(d.path, "$.hooks.PreToolUse[1].matcher")
      assert.match(d.problem, problem)
      assert.match(d.problem, /linear time/)
      assert.match(d.problem, /the group was skipped/)
      assert.match(d.fix, fix)
      assert.notMatch(d.problem, /not a valid regular expression/)
      assert.deepStrictEqual(
        v.hooks.map((h) => h.command),
        ["./kept.sh"]
      )
      assert.include(formatSettingsDiagnostic(d), FILE)
    })
  }

  it("a catastrophic-backtracking pattern is valid (it runs in linear time)", () => {
    const v = validate(settings({ PreToolUse: [group([hook("./guard.sh")], { matcher: "(a+)+$" })] }))
    assert.deepStrictEqual(v.diagnostics, [])
    assert.lengthOf(v.hooks, 1)
  })
})

describe("validateSettings: unknown top-level keys (issue 11)", () => {
  const claude = (content: unknown): ValidatedSettings =>
    validateSettings(JSON.stringify(content), {
      file: "/repo/.claude/settings.json",
      scope: "project",
      dialect: "claude-code"
    })

  it('a misspelt "hoks" in a file without "hooks" is an error: the file configures no hook', () => {
    for (const v of [validate({ hoks: { Stop: [] } }), claude({ hoks: { Stop: [] }, permissions: {} })]) {
      assert.strictEqual(v.diagnostics.length, 1, JSON.stringify(v.diagnostics))
      const d = v.diagnostics[0]!
      assertWellFormed(d, v.file)
      assert.strictEqual(d.severity, "error")
      assert.strictEqual(d.path, "$.hoks")
      assert.include(d.fix, `"hooks"`)
    }
  })

  it("any other unknown top-level key is a warning naming the closest known key", () => {
    const v = validate({ hooks: {}, hoks: {}, disableAllHook: true, colour: "red" })
    assert.deepStrictEqual(
      v.diagnostics.map((d) => [d.severity, d.path]),
      [
        ["warning", "$.hoks"],
        ["warning", "$.disableAllHook"],
        ["warning", "$.colour"]
      ]
    )
    for (const d of v.diagnostics) assertWellFormed(d, FILE)
    assert.include(v.diagnostics[1]!.fix, "disableAllHooks")
    assert.include(v.diagnostics[2]!.fix, "remove it")
  })

  it("a Claude Code file's other settings are not reported; $schema is known", () => {
    assert.deepStrictEqual(claude({ permissions: { allow: [] }, model: "x", env: {}, hooks: {} }).diagnostics, [])
    assert.deepStrictEqual(
      validate({ $schema: "https://wave-hooks.dev/schema/settings.schema.json", hooks: {} }).diagnostics,
      []
    )
  })
})
