/**
 * The keys each hook type knows come from its schema (issue 23): the
 * unknown-key warning of `command`, `http`, `mcp_tool`, `prompt` and `agent`
 * hooks lists exactly the schema's fields plus `if` and `once`, so a field
 * added to a schema is known at once, and the "valid keys" texts stay the
 * ones the hand-kept lists printed.
 */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { everyHookTypeKeys, handlerFieldSchemas, hookKeysOf } from "../../src/settings/handler-fields.ts"
import { HttpHookConfig } from "../../src/settings/http-hook-config.ts"
import { McpToolHookConfig } from "../../src/settings/mcp-tool-hook-config.ts"
import { AgentHookConfig, checkModelHook, PromptHookConfig } from "../../src/settings/prompt-hook-config.ts"
import { HookCommandConfig } from "../../src/settings/settings-schema.ts"
import type { ValidatedSettings } from "../../src/settings/settings-schema.ts"
import { validateSettings } from "../../src/settings/validate-settings.ts"

const validate = (hook: Record<string, unknown>): ValidatedSettings =>
  validateSettings(JSON.stringify({ hooks: { PreToolUse: [{ matcher: "*", hooks: [hook] }] } }), {
    file: "/repo/.wave/settings.json",
    scope: "project",
    dialect: "wave"
  })

const unknownKeyWarnings = (v: ValidatedSettings) => v.diagnostics.filter((d) => d.problem.startsWith("unknown key"))

const validKeysOf = (fix: string): string => /\(valid keys: (.*)\)$/u.exec(fix)?.[1] ?? ""

describe("hookKeysOf", () => {
  it("a field added to a schema is known; if and once are added once", () => {
    const extended = Schema.Struct({ ...HttpHookConfig.fields, retries: Schema.optionalKey(Schema.Number) })
    assert.include(hookKeysOf(extended.fields), "retries")
    assert.deepStrictEqual(hookKeysOf({ type: Schema.String, if: Schema.String }), ["type", "if", "once"])
  })

  it("if and once are handler fields", () => {
    for (const key of everyHookTypeKeys) assert.isTrue(Object.hasOwn(handlerFieldSchemas, key), key)
  })
})

describe("the unknown-key warning lists the schema's keys, in the order the hand-kept lists had", () => {
  const cases = [
    {
      hook: { type: "http", url: "http://h/x", bogus: 1 },
      schema: HttpHookConfig.fields,
      text: "type, url, headers, allowedEnvVars, timeout, onFailure, statusMessage, if, once"
    },
    {
      hook: { type: "mcp_tool", server: "s", tool: "t", bogus: 1 },
      schema: McpToolHookConfig.fields,
      text: "type, server, tool, input, timeout, onFailure, statusMessage, if, once"
    }
  ] as const
  for (const { hook, schema, text } of cases) {
    it(hook.type, () => {
      const warnings = unknownKeyWarnings(validate(hook))
      assert.strictEqual(warnings.length, 1)
      assert.strictEqual(validKeysOf(warnings[0]!.fix), text)
      assert.strictEqual(text, hookKeysOf(schema).join(", "))
    })
  }

  it("command: the schema's fields and Claude Code's ignored rewakeSummary", () => {
    const warnings = unknownKeyWarnings(validate({ type: "command", command: "x.sh", bogus: 1 }))
    assert.strictEqual(warnings.length, 1)
    assert.strictEqual(
      validKeysOf(warnings[0]!.fix),
      [...Object.keys(HookCommandConfig.fields), "rewakeSummary"].join(", ")
    )
    assert.strictEqual(
      validKeysOf(warnings[0]!.fix),
      "type, command, timeout, onFailure, env, if, async, asyncRewake, rewakeMessage, statusMessage, once, shell, args, rewakeSummary"
    )
  })

  it("prompt and agent", () => {
    const prompt = checkModelHook("prompt", { type: "prompt", prompt: "ok?", bogus: 1 }, "PreToolUse").problems
    const agent = checkModelHook("agent", { type: "agent", prompt: "ok?", bogus: 1 }, "PreToolUse").problems
    assert.strictEqual(
      validKeysOf(prompt[0]!.fix),
      "type, prompt, model, continueOnBlock, timeout, onFailure, statusMessage, if, once"
    )
    assert.strictEqual(validKeysOf(agent[0]!.fix), "type, prompt, model, timeout, onFailure, statusMessage, if, once")
    assert.strictEqual(validKeysOf(prompt[0]!.fix), hookKeysOf(PromptHookConfig.fields).join(", "))
    assert.strictEqual(validKeysOf(agent[0]!.fix), hookKeysOf(AgentHookConfig.fields).join(", "))
  })

  it("every schema field of every type is accepted without an unknown-key warning", () => {
    const samples = [
      {
        type: "http",
        url: "http://h/x",
        ...Object.fromEntries(
          hookKeysOf(HttpHookConfig.fields)
            .slice(2)
            .map((k) => [k, undefined])
        )
      },
      {
        type: "mcp_tool",
        server: "s",
        tool: "t",
        ...Object.fromEntries(
          hookKeysOf(McpToolHookConfig.fields)
            .slice(3)
            .map((k) => [k, undefined])
        )
      }
    ]
    for (const hook of samples) {
      // JSON.stringify drops undefined values, so name each key with null and read only unknown-key warnings
      const named = Object.fromEntries(Object.keys(hook).map((k) => [k, (hook as Record<string, unknown>)[k] ?? null]))
      assert.deepStrictEqual(unknownKeyWarnings(validate(named)), [], JSON.stringify(named))
    }
  })
})
