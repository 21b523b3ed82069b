/**
 * The handler fields `if`, `async`, `asyncRewake`, `rewakeMessage`,
 * `statusMessage`, `once`, `shell` and `args`: validation knows them (errors
 * skip the hook, warnings keep it), the JSON Schema covers them, and
 * `planHooks` honours `if`, `once` and the background hooks. Also: a Claude
 * Code event that wave-hooks does not run is a warning of `validate`, never
 * reported on the runs of other events; per-event default timeouts.
 */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import type { Dialect } from "../../src/index.ts"
import type { ConfiguredHook } from "../../src/settings/settings-schema.ts"
import { layerSettings, onceKey, planHooks, skippedEntriesFor } from "../../src/settings/plan.ts"
import { effectiveTimeoutSeconds } from "../../src/settings/plan.ts"
import { sessionEndBudget } from "../../src/settings/hook-timeouts.ts"
import { HookCommandConfig } from "../../src/settings/settings-schema.ts"
import { settingsJsonSchema } from "../../src/settings/settings-json-schema.ts"
import { validateSettings } from "../../src/settings/validate-settings.ts"
import { group, hook, settings } from "../helpers/project.ts"

const FILE = "/p/.wave/settings.json"
const validate = (content: unknown, dialect: Dialect = "wave") =>
  validateSettings(JSON.stringify(content), { file: FILE, scope: "project", dialect })

const oneHook = (event: string, extra: Record<string, unknown>) =>
  validate(settings({ [event]: [group([hook("./h.sh", extra)])] }))

describe("validate: handler fields", () => {
  it("given every field with a good value, then the hook is kept with them and nothing is reported", () => {
    const result = oneHook("PreToolUse", {
      if: "Bash(git commit:*)",
      async: false,
      asyncRewake: true,
      rewakeMessage: "tests fail",
      statusMessage: "Checking the commit...",
      once: true,
      shell: "bash"
    })
    assert.deepStrictEqual(result.diagnostics, [])
    const h = result.hooks[0]!
    assert.deepInclude(h, {
      if: "Bash(git commit:*)",
      async: false,
      asyncRewake: true,
      rewakeMessage: "tests fail",
      statusMessage: "Checking the commit...",
      once: true,
      shell: "bash"
    })
  })

  it("given args, then they are kept as the exec form", () => {
    const result = oneHook("Stop", { args: ["a b", "$HOME"] })
    assert.deepStrictEqual(result.diagnostics, [])
    assert.deepStrictEqual(result.hooks[0]!.args, ["a b", "$HOME"])
  })

  const errors: ReadonlyArray<readonly [string, Record<string, unknown>, string, RegExp]> = [
    ["an if that is not a rule", { if: "Bash(git commit" }, "if", /is not a permission rule: .*closing/],
    ["an if that is not a string", { if: 3 }, "if", /expected a permission rule as a string/],
    ["async not a boolean", { async: "yes" }, "async", /expected true or false/],
    ["asyncRewake not a boolean", { asyncRewake: 1 }, "asyncRewake", /expected true or false/],
    ["once not a boolean", { once: "true" }, "once", /expected true or false/],
    ["an unknown shell", { shell: "zsh" }, "shell", /unknown shell "zsh"/],
    ["args not strings", { args: ["a", 1] }, "args", /expected an array of strings/]
  ]
  for (const [name, extra, key, problem] of errors) {
    it(`given ${name}, then an error at its JSON path skips the hook, and runs of its event report it`, () => {
      const result = oneHook("PreToolUse", extra)
      assert.deepStrictEqual(result.hooks, [])
      const d = result.diagnostics.find((x) => x.severity === "error")!
      assert.strictEqual(d.path, `$.hooks.PreToolUse[0].hooks[0].${key}`)
      assert.match(d.problem, problem)
      assert.match(d.problem, /the hook was skipped/)
      const snapshot = layerSettings([result], "wave")
      assert.deepStrictEqual(
        skippedEntriesFor(snapshot, "PreToolUse").map((x) => x.path),
        [d.path]
      )
    })
  }

  const warnings: ReadonlyArray<readonly [string, string, Record<string, unknown>, string, RegExp]> = [
    [
      "if on an event that is not a tool event",
      "Stop",
      { if: "Bash" },
      "if",
      /only evaluated on tool events.*never runs/
    ],
    ["statusMessage not a string", "Stop", { statusMessage: 3 }, "statusMessage", /expected a string/],
    [
      "rewakeMessage without asyncRewake",
      "Stop",
      { rewakeMessage: "x" },
      "rewakeMessage",
      /only used with "asyncRewake": true/
    ],
    ["shell with args", "Stop", { args: [], shell: "bash" }, "shell", /no shell runs/],
    [
      "onFailure block on an async hook",
      "PreToolUse",
      { async: true, onFailure: "block" },
      "onFailure",
      /cannot block/
    ],
    ["a misspelt field", "Stop", { statusMesage: "x" }, "statusMesage", /unknown key/]
  ]
  for (const [name, event, extra, key, problem] of warnings) {
    it(`given ${name}, then a warning at its JSON path keeps the hook`, () => {
      const result = oneHook(event, extra)
      assert.strictEqual(result.hooks.length, 1)
      assert.deepStrictEqual(
        result.diagnostics.map((d) => [d.severity, d.path]),
        [["warning", `$.hooks.${event}[0].hooks[0].${key}`]]
      )
      assert.match(result.diagnostics[0]!.problem, problem)
    })
  }

  it("given a misspelt field, then the fix names the closest field", () => {
    assert.match(oneHook("Stop", { statusMesage: "x" }).diagnostics[0]!.fix, /did you mean "statusMessage"\?/)
  })
})

describe("validate: event names", () => {
  it("given an event this version does not know (a newer agent's: BackgroundJobQueued), then one warning without an event, never reported on Stop runs", () => {
    const result = validate(
      settings({ BackgroundJobQueued: [group([hook("./setup.sh")])], Stop: [group([hook("./stop.sh")])] }),
      "claude-code"
    )
    assert.deepStrictEqual(
      result.diagnostics.map((d) => [d.severity, d.path, d.event]),
      [["warning", "$.hooks.BackgroundJobQueued", undefined]]
    )
    assert.match(
      result.diagnostics[0]!.problem,
      /unknown event "BackgroundJobQueued": not one of the 33 events wave-hooks runs/
    )
    const snapshot = layerSettings([result], "claude-code")
    for (const event of ["Stop", "SessionStart", "PreToolUse"] as const)
      assert.deepStrictEqual(skippedEntriesFor(snapshot, event), [])
    assert.deepStrictEqual(
      result.hooks.map((h) => h.command),
      ["./stop.sh"]
    )
  })

  it("given a misspelt event (PreToolUs), then it stays an error reported on PreToolUse runs", () => {
    const result = validate(settings({ PreToolUs: [group([hook("./guard.sh")])] }))
    assert.strictEqual(result.diagnostics[0]!.severity, "error")
    assert.strictEqual(skippedEntriesFor(layerSettings([result], "wave"), "PreToolUse").length, 1)
  })

  it("given Setup, one of Claude Code's 33 events, then it validates with no diagnostic in either dialect", () => {
    for (const dialect of ["wave", "claude-code"] as const) {
      const result = validate(settings({ Setup: [group([hook("./setup.sh")])] }), dialect)
      assert.deepStrictEqual(result.diagnostics, [], dialect)
      assert.deepStrictEqual(
        result.hooks.map((h) => h.event),
        ["Setup"],
        dialect
      )
    }
  })
})

describe("JSON Schema", () => {
  it("covers every handler field, with a description", () => {
    const schema = settingsJsonSchema() as {
      $defs: Record<string, { properties: Record<string, { description?: string }> }>
    }
    const properties = schema.$defs["HookCommand"]!.properties
    for (const key of ["if", "async", "asyncRewake", "rewakeMessage", "statusMessage", "once", "shell", "args"]) {
      assert.isString(properties[key]?.description, key)
    }
  })
  it("the Effect schema takes a hook with every field and refuses a bad shell", () => {
    const decode = Schema.decodeUnknownSync(HookCommandConfig)
    decode({
      type: "command",
      command: "x",
      if: "Bash",
      async: true,
      asyncRewake: false,
      once: true,
      shell: "powershell",
      args: ["a"],
      statusMessage: "s",
      rewakeMessage: "r"
    })
    assert.throws(() => decode({ type: "command", command: "x", shell: "zsh" }))
  })
})

// ====== Planning ======

const planned = (
  event: string,
  payload: Record<string, unknown>,
  extras: ReadonlyArray<Record<string, unknown>>,
  ranOnce?: ReadonlySet<string>
) => {
  const result = validate(settings({ [event]: [group(extras.map((extra, i) => hook(`./h${i}.sh`, extra)))] }))
  const plan = planHooks(layerSettings([result], "wave"), event as ConfiguredHook["event"], payload, {
    projectDir: "/repo",
    ...(ranOnce === undefined ? {} : { ranOnce })
  })
  return {
    result,
    plan,
    commands: plan.steps.flatMap((s) => (s._tag === "Sequential" ? [s.hook.command] : s.hooks.map((h) => h.command)))
  }
}

describe("planHooks: if, once, background", () => {
  const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } })

  it("given a hook for Bash(git commit:*), when Bash runs ls, then it does not run; when git commit, it runs", () => {
    const extras = [{ if: "Bash(git commit:*)" }, {}]
    assert.deepStrictEqual(planned("PreToolUse", bash("ls -la"), extras).commands, ["./h1.sh"])
    assert.deepStrictEqual(planned("PreToolUse", bash("git add . && git commit -m x"), extras).commands, [
      "./h0.sh",
      "./h1.sh"
    ])
    assert.deepStrictEqual(
      planned("PreToolUse", bash("ls -la"), extras).plan.conditionFalse?.map((h) => h.command),
      ["./h0.sh"]
    )
  })

  it("given a Bash command that cannot be parsed, then the hook runs and is listed as failed open with the reason", () => {
    const { commands, plan } = planned("PreToolUse", bash("git commit -m 'oops"), [{ if: "Bash(git push:*)" }])
    assert.deepStrictEqual(commands, ["./h0.sh"])
    assert.deepStrictEqual(
      plan.failedOpen?.map((f) => [f.hook.command, f.reason]),
      [["./h0.sh", "a single quote is not closed"]]
    )
  })

  it("given an Edit(src/**) hook, then it runs for files under the project's src only", () => {
    const edit = (file_path: string) => ({ tool_name: "Edit", tool_input: { file_path } })
    assert.deepStrictEqual(planned("PostToolUse", edit("/repo/src/a.ts"), [{ if: "Edit(src/**)" }]).commands, [
      "./h0.sh"
    ])
    assert.deepStrictEqual(planned("PostToolUse", edit("/repo/README.md"), [{ if: "Edit(src/**)" }]).commands, [])
  })

  it("given a hook with if on Stop, then it never runs", () => {
    assert.deepStrictEqual(planned("Stop", {}, [{ if: "Bash" }, {}]).commands, ["./h1.sh"])
  })

  it("given a once hook that already ran, then it is left out and listed", () => {
    const first = planned("Stop", {}, [{ once: true }])
    assert.deepStrictEqual(first.commands, ["./h0.sh"])
    const again = planned("Stop", {}, [{ once: true }], new Set([onceKey(first.result.hooks[0]!)]))
    assert.deepStrictEqual(again.commands, [])
    assert.deepStrictEqual(
      again.plan.alreadyRan?.map((h) => h.command),
      ["./h0.sh"]
    )
  })

  it("given async and asyncRewake hooks, then they are background, not steps", () => {
    const { commands, plan } = planned("Stop", {}, [{ async: true }, { asyncRewake: true }, {}])
    assert.deepStrictEqual(commands, ["./h2.sh"])
    assert.deepStrictEqual(
      plan.background?.map((h) => h.command),
      ["./h0.sh", "./h1.sh"]
    )
  })

  it("given the same command twice, once as exec form, then both run (different runs); twice identical runs once", () => {
    const result = validate(
      settings({ Stop: [group([hook("node", { args: ["a.js"] }), hook("node"), hook("node", { args: ["a.js"] })])] })
    )
    const plan = planHooks(layerSettings([result], "wave"), "Stop", {})
    assert.strictEqual(plan.steps.length, 2)
    assert.strictEqual(plan.duplicates.length, 1)
  })
})

describe("timeouts", () => {
  const hookOf = (event: ConfiguredHook["event"], timeoutSeconds?: number) => ({
    ...validate(settings({ [event]: [group([hook("./x")])] })).hooks[0]!,
    timeoutSeconds
  })
  it("claude-code: UserPromptSubmit 30 s, PreToolUse 600 s; wave: 60 s; a hook's own timeout wins", () => {
    assert.strictEqual(effectiveTimeoutSeconds(hookOf("UserPromptSubmit"), "claude-code"), 30)
    assert.strictEqual(effectiveTimeoutSeconds(hookOf("PreToolUse"), "claude-code"), 600)
    assert.strictEqual(effectiveTimeoutSeconds(hookOf("UserPromptSubmit"), "wave"), 60)
    assert.strictEqual(effectiveTimeoutSeconds(hookOf("UserPromptSubmit", 5), "claude-code"), 5)
  })
  it("the SessionEnd budget: 1.5 s, raised to the largest hook timeout up to 60 s, or the variable; wave and other events have none", () => {
    assert.deepStrictEqual(sessionEndBudget("SessionEnd", "claude-code", [{ timeoutSeconds: undefined }], undefined), {
      budgetMs: 1500
    })
    assert.deepStrictEqual(
      sessionEndBudget("SessionEnd", "claude-code", [{ timeoutSeconds: 5 }, { timeoutSeconds: 1 }], undefined),
      { budgetMs: 5000 }
    )
    assert.deepStrictEqual(sessionEndBudget("SessionEnd", "claude-code", [{ timeoutSeconds: 600 }], undefined), {
      budgetMs: 60_000
    })
    assert.deepStrictEqual(sessionEndBudget("SessionEnd", "claude-code", [{ timeoutSeconds: 600 }], "2500"), {
      budgetMs: 2500
    })
    assert.match(
      sessionEndBudget("SessionEnd", "claude-code", [{ timeoutSeconds: 2 }], "soon")?.problem ?? "",
      /CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS="soon" is not a positive number/
    )
    assert.strictEqual(sessionEndBudget("SessionEnd", "wave", [{ timeoutSeconds: 2 }], undefined), undefined)
    assert.strictEqual(sessionEndBudget("Stop", "claude-code", [{ timeoutSeconds: 2 }], undefined), undefined)
  })
})
