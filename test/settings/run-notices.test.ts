import { describe, expect, it } from "vitest"
import type { SettingsSnapshot } from "../../src/settings/plan.ts"
import type { ConfiguredHook, SettingsDiagnostic, ValidatedSettings } from "../../src/settings/settings-schema.ts"
import {
  changedScriptEffects,
  missingToolNameEffects,
  skippedEffects,
  skippedEntryText,
  sourcePriorityEffects,
  transportNoteEffects,
  untrustedEffects,
  untrustedElsewhereEffects
} from "../../src/settings/run-notices.ts"

// The notice builders are pure: each test gives plain data and reads the effects' tags, codes and words.
const tags = (effects: ReadonlyArray<{ readonly effect: { readonly _tag: string } }>) =>
  effects.map((e) => e.effect._tag)
const hook = (fields: Partial<ConfiguredHook>): ConfiguredHook =>
  ({
    event: "PreToolUse",
    command: "./guard.sh",
    file: "/p/.wave/settings.json",
    path: "$.hooks.PreToolUse[0].hooks[0]",
    ...fields
  }) as ConfiguredHook
const file = (fields: Partial<ValidatedSettings>): ValidatedSettings =>
  ({
    file: "/p/.wave/settings.json",
    scope: "project",
    readable: true,
    hooks: [],
    disableAllHooks: undefined,
    ...fields
  }) as ValidatedSettings

describe("skippedEntryText", () => {
  const d: SettingsDiagnostic = {
    severity: "error",
    file: "/p/s.json",
    path: "$",
    problem: "not JSON",
    fix: "fix the JSON"
  }
  it("says a whole file was skipped, one hook was skipped, or a setting was ignored, and gives the validate advice once", () => {
    expect(skippedEntryText(d)).toBe(
      "The settings file /p/s.json was skipped: $: not JSON. Fix: fix the JSON. Run wave-hooks validate to check the settings."
    )
    expect(skippedEntryText({ ...d, path: "$.hooks.Stop[0]", event: "Stop" })).toMatch(
      /^A hook in \/p\/s\.json was skipped/
    )
    expect(skippedEntryText({ ...d, path: "$.env" })).toMatch(/^A setting in \/p\/s\.json was ignored/)
    expect(skippedEntryText({ ...d, fix: "run wave-hooks validate" })).not.toContain("Run wave-hooks validate")
  })
  it("skippedEffects gives a skipped-entry Diagnostic and a warning per entry", () => {
    const effects = skippedEffects([d, { ...d, file: "/p/t.json" }])
    expect(tags(effects)).toEqual(["Diagnostic", "ShowUser", "Diagnostic", "ShowUser"])
    expect(effects[1]?.effect).toMatchObject({ level: "warning", text: skippedEntryText(d) })
    expect(effects[0]?.effect).toMatchObject({ code: "skipped-entry" })
  })
})

describe("transportNoteEffects", () => {
  it("tells the author where and the user what", () => {
    const effects = transportNoteEffects(hook({}), "header X was sent empty")
    expect(effects.map((e) => e.effect)).toMatchObject([
      {
        _tag: "Diagnostic",
        code: "transport-warning",
        message: "/p/.wave/settings.json $.hooks.PreToolUse[0].hooks[0]: header X was sent empty"
      },
      { _tag: "ShowUser", level: "warning", text: "header X was sent empty" }
    ])
  })
})

describe("missingToolNameEffects", () => {
  it("is silent for a named tool and for events without a tool matcher", () => {
    expect(missingToolNameEffects("PreToolUse", { tool_name: "Bash" }, "tool_name")).toEqual([])
    expect(missingToolNameEffects("Stop", {}, undefined)).toEqual([])
  })
  it("is silent when the fired agent event's matchers test another field (Cursor's beforeShellExecution)", () => {
    expect(missingToolNameEffects("PreToolUse", { command: "ls" }, "command")).toEqual([])
    expect(missingToolNameEffects("PostToolUse", { file_path: "/p/a.ts" }, undefined)).toEqual([])
  })
  it("names what the payload had instead", () => {
    expect(missingToolNameEffects("PreToolUse", {}, "tool_name")[0]?.effect).toMatchObject({
      code: "missing-tool-name",
      message: expect.stringContaining("has no tool_name")
    })
    expect(missingToolNameEffects("PostToolUse", { tool_name: 3 }, "tool_name")[1]?.effect).toMatchObject({
      text: expect.stringContaining("(tool_name 3)")
    })
  })
})

describe("untrusted settings notices", () => {
  const untrusted = file({
    trust: "untrusted",
    sha256: "abc",
    untrustedHooks: [hook({}), hook({ event: "Stop" })]
  } as Partial<ValidatedSettings>)
  it("counts this event's hooks that did not run and names the trust command", () => {
    const effects = untrustedEffects([untrusted], "PreToolUse", "/p", undefined)
    expect(effects.map((e) => e.effect)).toMatchObject([
      {
        code: "untrusted-settings",
        message: "/p/.wave/settings.json is not trusted (SHA-256 abc); its 1 PreToolUse hook did not run."
      },
      {
        text: "1 PreToolUse hook in /p/.wave/settings.json did not run: the file is not trusted. Review it, then run: wave-hooks trust --project-dir /p"
      }
    ])
  })
  it("says the trust store's problem when there is one", () => {
    expect(untrustedEffects([untrusted], "PreToolUse", "/p", "is not JSON")[1]?.effect).toMatchObject({
      text: expect.stringContaining("the trust store is not JSON")
    })
  })
  it("names a file whose hooks are all for other events once per event, unless already reported or disabled", () => {
    const snapshot = { files: [untrusted], disabled: false } as unknown as SettingsSnapshot
    expect(untrustedElsewhereEffects(snapshot, [], "UserPromptSubmit", "/p")[0]?.effect).toMatchObject({
      message: expect.stringContaining("none of its hooks run (1 PreToolUse, 1 Stop; none for UserPromptSubmit)")
    })
    expect(untrustedElsewhereEffects(snapshot, [untrusted], "UserPromptSubmit", "/p")).toEqual([])
    expect(untrustedElsewhereEffects({ ...snapshot, disabled: true }, [], "UserPromptSubmit", "/p")).toEqual([])
  })
  it("changedScriptEffects says which script changed or was never recorded", () => {
    const effects = changedScriptEffects(
      [
        {
          hook: hook({}),
          changes: [
            { path: "guard.sh", change: "changed" },
            { path: "lib.sh", change: "not-recorded" }
          ]
        }
      ],
      "PreToolUse",
      "/p"
    )
    expect(tags(effects)).toEqual(["Diagnostic", "ShowUser"])
    expect(effects[0]?.effect).toMatchObject({
      message: expect.stringContaining(
        "guard.sh has changed since it was trusted; lib.sh was not recorded when the project was trusted"
      )
    })
  })
})

describe("sourcePriorityEffects", () => {
  const ran = (scope: ConfiguredHook["scope"], effect: { readonly _tag: string }) => ({
    hook: hook({ scope, file: `/${scope}/.cursor/hooks.json` }),
    effects: [{ effect, id: "json.block", rule: "r" }] as never
  })

  it("says so when a higher-priority source allowed what a lower one denied, naming both files", () => {
    const effects = sourcePriorityEffects([ran("user", { _tag: "BlockTool" }), ran("project", { _tag: "AllowTool" })])
    expect(effects.map((e) => e.effect)).toEqual([
      expect.objectContaining({
        code: "source-priority",
        message: expect.stringContaining("/project/.cursor/hooks.json (project) allowed")
      })
    ])
    expect(
      sourcePriorityEffects([ran("project", { _tag: "BlockTool" }), ran("managed", { _tag: "AllowTool" })])
    ).toHaveLength(1)
  })

  it("is silent when the deny came from the higher-priority source, or nobody allowed", () => {
    expect(sourcePriorityEffects([ran("managed", { _tag: "BlockTool" }), ran("user", { _tag: "AllowTool" })])).toEqual(
      []
    )
    expect(sourcePriorityEffects([ran("user", { _tag: "BlockTool" }), ran("project", { _tag: "BlockTool" })])).toEqual(
      []
    )
  })
})
