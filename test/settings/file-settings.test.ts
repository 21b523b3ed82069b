/**
 * The 0.2.0 file-wide settings (ARCHITECTURE section 7): the `env` map, the
 * `plugins` list, managed `allowManagedHooksOnly`, a plugin's hooks file, and
 * how layering applies them (`layerSettings`, `applyHookPolicy`). Pure.
 */
import { assert, describe, it } from "@effect/vitest"
import { layerSettings, planHooks } from "../../src/settings/plan.ts"
import type { SettingsScope, ValidatedSettings } from "../../src/settings/settings-schema.ts"
import { validateSettings } from "../../src/settings/validate-settings.ts"
import { substitutePluginVariables, validatePluginHooks, pluginNameOf } from "../../src/settings/plugin-hooks.ts"

const validate = (json: unknown, scope: SettingsScope = "project", file = `/p/${scope}.json`): ValidatedSettings =>
  validateSettings(JSON.stringify(json), { file, scope, dialect: "wave" })

const stopHook = (command: string) => ({ Stop: [{ hooks: [{ type: "command", command }] }] })

describe("env map", () => {
  it("given string variables, when validated, then they are read with no diagnostic", () => {
    const v = validate({ env: { CI: "1", NODE_ENV: "test" } })
    assert.deepStrictEqual(v.env, { CI: "1", NODE_ENV: "test" })
    assert.deepStrictEqual(v.diagnostics, [])
  })

  it("given a bad name and a non-string value, when validated, then each is an error naming its path and only the good variable is kept", () => {
    const v = validate({ env: { GOOD: "x", "BAD-NAME": "y", COUNT: 3 } })
    assert.deepStrictEqual(v.env, { GOOD: "x" })
    assert.deepStrictEqual(
      v.diagnostics.map((d) => [d.severity, d.path]),
      [
        ["error", '$.env["BAD-NAME"]'],
        ["error", "$.env.COUNT"]
      ]
    )
    assert.match(v.diagnostics[1]!.fix, /"COUNT": "3"/)
  })

  it("given env that is not an object, when validated, then it is an error and no variable is set", () => {
    const v = validate({ env: ["A=1"] })
    assert.isUndefined(v.env)
    assert.strictEqual(v.diagnostics[0]!.path, "$.env")
  })

  it("given user, then project, then local maps, when layered, then later files win and untrusted files count for nothing", () => {
    const user = validate({ env: { A: "user", B: "user" } }, "user")
    const project = { ...validate({ env: { B: "project", C: "project" } }, "project"), trust: "trusted" as const }
    const local = { ...validate({ env: { C: "local" } }, "local"), trust: "untrusted" as const }
    assert.deepStrictEqual(layerSettings([user, project, local], "wave").env, { A: "user", B: "project", C: "project" })
  })
})

describe("plugins list", () => {
  it("given paths and Wave's {type: local, path} entries, when validated, then the paths are kept in order", () => {
    const v = validate({ plugins: ["./a", { type: "local", path: "/abs/b" }] })
    assert.deepStrictEqual(v.plugins, ["./a", "/abs/b"])
    assert.deepStrictEqual(v.diagnostics, [])
  })

  it("given a bad entry, when validated, then it is an error at its index and the others are kept", () => {
    const v = validate({ plugins: ["./a", 7, { type: "git", url: "x" }] })
    assert.deepStrictEqual(v.plugins, ["./a"])
    assert.deepStrictEqual(
      v.diagnostics.map((d) => d.path),
      ["$.plugins[1]", "$.plugins[2]"]
    )
  })
})

describe("allowManagedHooksOnly", () => {
  it("given it in a managed file, when validated, then it is read", () => {
    assert.isTrue(validate({ allowManagedHooksOnly: true }, "managed").allowManagedHooksOnly)
  })

  it("given it in a user or project file, when validated, then it is ignored with a warning", () => {
    for (const scope of ["user", "project"] as const) {
      const v = validate({ allowManagedHooksOnly: true }, scope)
      assert.isUndefined(v.allowManagedHooksOnly)
      assert.deepStrictEqual(
        v.diagnostics.map((d) => [d.severity, d.path]),
        [["warning", "$.allowManagedHooksOnly"]]
      )
    }
  })
})

describe("managed policy (layerSettings)", () => {
  const managed = (extra: Record<string, unknown> = {}) =>
    validate({ hooks: stopHook("managed.sh"), ...extra }, "managed")
  const user = (extra: Record<string, unknown> = {}) => validate({ hooks: stopHook("user.sh"), ...extra }, "user")
  const project = (extra: Record<string, unknown> = {}) => ({
    ...validate({ hooks: stopHook("project.sh"), ...extra }, "project"),
    trust: "trusted" as const
  })
  const commands = (files: ReadonlyArray<ValidatedSettings>) => layerSettings(files, "wave").hooks.map((h) => h.command)

  it("given managed, user and project hooks, when layered, then managed hooks come first", () => {
    assert.deepStrictEqual(commands([managed(), user(), project()]), ["managed.sh", "user.sh", "project.sh"])
  })

  it("given allowManagedHooksOnly in a managed file, when layered, then only managed hooks run and the others are reported as excluded", () => {
    const snapshot = layerSettings([managed({ allowManagedHooksOnly: true }), user(), project()], "wave")
    assert.deepStrictEqual(
      snapshot.hooks.map((h) => h.command),
      ["managed.sh"]
    )
    assert.strictEqual(snapshot.excludedByPolicy?.reason, "allowManagedHooksOnly")
    assert.deepStrictEqual(
      snapshot.excludedByPolicy?.hooks.map((h) => h.command),
      ["user.sh", "project.sh"]
    )
  })

  it("given a user disableAllHooks, when layered with managed hooks, then the managed hooks still run", () => {
    const snapshot = layerSettings([managed(), user({ disableAllHooks: true }), project()], "wave")
    assert.isFalse(snapshot.disabled)
    assert.deepStrictEqual(
      snapshot.hooks.map((h) => h.command),
      ["managed.sh"]
    )
    assert.strictEqual(snapshot.excludedByPolicy?.reason, "disableAllHooks")
  })

  it("given a user disableAllHooks and no managed hooks, when layered, then no hook runs (as before managed settings)", () => {
    const snapshot = layerSettings([user({ disableAllHooks: true }), project()], "wave")
    assert.isTrue(snapshot.disabled)
    assert.deepStrictEqual(snapshot.hooks, [])
  })

  it("given a project disableAllHooks: false after a user true, when layered, then the later file decides (hooks run)", () => {
    assert.deepStrictEqual(commands([user({ disableAllHooks: true }), project({ disableAllHooks: false })]), [
      "user.sh",
      "project.sh"
    ])
  })

  it("given a managed disableAllHooks, when layered, then nothing runs, managed hooks included, whatever lower files say", () => {
    const snapshot = layerSettings([managed({ disableAllHooks: true }), user({ disableAllHooks: false })], "wave")
    assert.isTrue(snapshot.disabled)
    assert.deepStrictEqual(planHooks(snapshot, "Stop", {}).steps, [])
  })

  it("given a managed env map, when layered, then its variables win over the user's", () => {
    assert.deepStrictEqual(
      layerSettings([managed({ env: { A: "policy" } }), user({ env: { A: "mine", B: "b" } })], "wave").env,
      { A: "policy", B: "b" }
    )
  })
})

describe("plugin hooks files", () => {
  const plugin = { name: "fmt", root: "/plugins/fmt", dataDir: "/home/.wave/plugins/data/fmt", namedBy: "option" }

  it("given a hooks.json with description, when validated, then its hooks are the plugin's with the placeholders substituted", () => {
    const text = JSON.stringify({
      description: "formatting",
      hooks: {
        Stop: [
          {
            hooks: [
              {
                type: "command",
                command: "${WAVE_PLUGIN_ROOT}/a.sh ${CLAUDE_PLUGIN_ROOT} ${CLAUDE_PLUGIN_DATA}/x $WAVE_PLUGIN_ROOT"
              }
            ]
          }
        ]
      }
    })
    const v = validatePluginHooks(text, { file: "/plugins/fmt/hooks/hooks.json", dialect: "wave", plugin })
    assert.deepStrictEqual(v.diagnostics, [])
    assert.strictEqual(
      v.hooks[0]!.command,
      '"${WAVE_PLUGIN_ROOT}"/a.sh "${CLAUDE_PLUGIN_ROOT}" "${CLAUDE_PLUGIN_DATA}"/x $WAVE_PLUGIN_ROOT'
    )
    assert.strictEqual(v.hooks[0]!.scope, "plugin")
    assert.deepStrictEqual(v.hooks[0]!.plugin, plugin)
  })

  it("given a settings key in a plugin's hooks file, when validated, then it is an unknown key (a plugin cannot set env or disable hooks)", () => {
    const v = validatePluginHooks(
      JSON.stringify({ env: { A: "1" }, disableAllHooks: true, askTimeoutSeconds: 5, hooks: {} }),
      { file: "/f", dialect: "wave", plugin }
    )
    assert.isUndefined(v.env)
    assert.isUndefined(v.disableAllHooks)
    assert.isUndefined(v.askTimeoutSeconds)
    assert.deepStrictEqual(
      v.diagnostics.map((d) => [d.severity, d.path]),
      [
        ["warning", "$.env"],
        ["warning", "$.disableAllHooks"],
        ["warning", "$.askTimeoutSeconds"]
      ]
    )
  })

  it("given the same command in settings and in a plugin, when planned, then both run (a plugin's copy stays separate)", () => {
    const fromPlugin = validatePluginHooks(JSON.stringify({ hooks: stopHook("echo hi") }), {
      file: "/f",
      dialect: "wave",
      plugin
    })
    const snapshot = layerSettings([validate({ hooks: stopHook("echo hi") }, "user"), fromPlugin], "wave")
    assert.strictEqual(planHooks(snapshot, "Stop", {}).steps.length, 2)
  })

  it("substitutes only plugin placeholders", () => {
    assert.strictEqual(
      substitutePluginVariables("${HOME}/${WAVE_PLUGIN_DATA}", { root: "/r", dataDir: "/d" }),
      '${HOME}/"${WAVE_PLUGIN_DATA}"'
    )
    assert.strictEqual(
      substitutePluginVariables("${HOME}/${WAVE_PLUGIN_DATA}", { root: "/r", dataDir: "/d" }, "exec"),
      "${HOME}//d"
    )
  })

  it("names a plugin after its manifest, else its folder", () => {
    assert.strictEqual(pluginNameOf('{"name": "lint"}', "/x/folder"), "lint")
    assert.strictEqual(pluginNameOf("not json", "/x/folder/"), "folder")
    assert.strictEqual(pluginNameOf(undefined, "/x/folder"), "folder")
  })
})

describe("Claude Code's own keys", () => {
  it("given Claude Code keys close to ours in a claude-code file, when validated, then none is a misspelling, and enabledPlugins is read (no warning)", () => {
    const v = validateSettings(
      JSON.stringify({
        allowManagedMcpServersOnly: true,
        pluginConfigs: {},
        allowManagedPermissionRulesOnly: true,
        enabledPlugins: { "x@m": true },
        env: { A: "1" }
      }),
      { file: "/p/.claude/settings.json", scope: "project", dialect: "claude-code" }
    )
    assert.deepStrictEqual(
      v.diagnostics.map((d) => [d.severity, d.path]),
      []
    )
    assert.deepStrictEqual(v.enabledPlugins, { "x@m": true })
    assert.deepStrictEqual(v.env, { A: "1" })
  })

  it("given a misspelt new key in a wave file, when validated, then the closest key is suggested", () => {
    const v = validate({ pluginz: [] })
    assert.match(v.diagnostics[0]!.fix, /did you mean "plugins"/)
  })
})
