/**
 * `askTimeoutSeconds`: validated like every other key (a bad value is a
 * diagnostic naming the file, the path and the fix, and is ignored), in the
 * generated JSON Schema, and decided by the last file that sets it among the
 * files whose hooks run.
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { askTimeoutSecondsOf, validateSettings } from "../../src/settings/validate-settings.ts"

const validate = (json: unknown) =>
  validateSettings(JSON.stringify(json), { file: "/home/u/.wave/settings.json", scope: "user", dialect: "wave" })

describe("askTimeoutSeconds", () => {
  it("reads a positive number of seconds, with or without hooks", () => {
    assert.strictEqual(validate({ askTimeoutSeconds: 90 }).askTimeoutSeconds, 90)
    const both = validate({
      askTimeoutSeconds: 2.5,
      hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] }
    })
    assert.strictEqual(both.askTimeoutSeconds, 2.5)
    assert.deepStrictEqual(both.diagnostics, [])
    assert.isFalse("askTimeoutSeconds" in validate({ hooks: {} }), "absent when not set")
  })

  it("reports a bad value and ignores it", () => {
    for (const bad of [0, -5, "60", null, true]) {
      const v = validate({ askTimeoutSeconds: bad })
      assert.isUndefined(v.askTimeoutSeconds, JSON.stringify(bad))
      assert.strictEqual(v.diagnostics.length, 1)
      const d = v.diagnostics[0]!
      assert.strictEqual(d.severity, "error")
      assert.strictEqual(d.path, "$.askTimeoutSeconds")
      assert.include(d.problem, "greater than 0")
      assert.include(d.fix, '"askTimeoutSeconds": 120')
    }
  })

  it("is decided by the last file that sets it, among user and trusted files", () => {
    assert.isUndefined(askTimeoutSecondsOf([]))
    assert.strictEqual(
      askTimeoutSecondsOf([
        { askTimeoutSeconds: 300 },
        { trust: "trusted", askTimeoutSeconds: 60 },
        { trust: "trusted" }
      ]),
      60
    )
    assert.strictEqual(
      askTimeoutSecondsOf([
        { askTimeoutSeconds: 300 },
        { trust: "untrusted", askTimeoutSeconds: 1 },
        { trust: "changed", askTimeoutSeconds: 2 }
      ]),
      300,
      "an untrusted file's value is ignored like its hooks"
    )
  })

  it("is in the generated JSON Schema", () => {
    const schema = JSON.parse(
      readFileSync(fileURLToPath(new URL("../../schema/settings.schema.json", import.meta.url)), "utf8")
    ) as {
      properties: Record<string, { type?: string; exclusiveMinimum?: number; description?: string }>
    }
    const key = schema.properties["askTimeoutSeconds"]
    assert.isDefined(key)
    assert.strictEqual(key!.exclusiveMinimum, 0)
    assert.include(key!.description, "permission question")
  })
})
