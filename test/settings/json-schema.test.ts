/**
 * The shipped settings JSON Schema (ARCHITECTURE section 10): it equals the
 * one generated from the Schema (never stale), the example and fixture
 * settings files validate against it (draft 2020-12, with ajv), and invalid
 * files are rejected by it as by `validateSettings`.
 */
import { assert, describe, it } from "@effect/vitest"
import Ajv2020Module from "ajv/dist/2020.js"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { settingsJsonSchema } from "../../src/settings/settings-json-schema.ts"
import { validateSettings } from "../../src/settings/validate-settings.ts"
import { dialectRules } from "../../src/core/dialect.ts"

const root = fileURLToPath(new URL("../../", import.meta.url))
const schemaPath = join(root, "schema", "settings.schema.json")
const fixtures = join(root, "test", "fixtures", "settings")

// ajv is CommonJS: the class is `module.exports` at run time and `.default` in its types.
const Ajv2020 =
  (Ajv2020Module as unknown as { readonly default?: typeof Ajv2020Module.default }).default ??
  (Ajv2020Module as unknown as typeof Ajv2020Module.default)

const shipped = JSON.parse(readFileSync(schemaPath, "utf8")) as Record<string, unknown>
const ajv = new Ajv2020({ allErrors: true, strict: false })
const validateWithSchema = ajv.compile(shipped)

/** Every file under `dir` (hidden folders included) whose name matches. */
const findFiles = (dir: string, name: RegExp): ReadonlyArray<string> =>
  !existsSync(dir)
    ? []
    : readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) return entry.name === "node_modules" ? [] : findFiles(path, name)
        return name.test(entry.name) ? [path] : []
      })

const schemaErrors = (json: unknown): string =>
  ajv.errorsText(validateWithSchema(json) ? null : validateWithSchema.errors)

describe("schema/settings.schema.json", () => {
  it("equals the freshly generated settingsJsonSchema() (run `npm run schema` when this fails)", () => {
    assert.deepStrictEqual(shipped, settingsJsonSchema())
  })

  it("is written as the generator writes it (2-space JSON and a final newline)", () => {
    assert.strictEqual(readFileSync(schemaPath, "utf8"), JSON.stringify(settingsJsonSchema(), null, 2) + "\n")
  })

  it("is a valid draft 2020-12 schema", () => {
    assert.strictEqual(shipped["$schema"], "https://json-schema.org/draft/2020-12/schema")
    assert.isTrue(ajv.validateSchema(shipped), ajv.errorsText(ajv.errors))
  })
})

describe("settings files validate against the schema", () => {
  // The wave schema describes wave and Claude Code settings; other agents' example files are checked below.
  const examples = findFiles(join(root, "examples"), /^settings(\.local)?\.json$/).filter((path) =>
    /\/(\.wave|\.claude)\//.test(path)
  )
  const valid = findFiles(fixtures, /\.json$/).filter((path) => !path.includes(`${join(fixtures, "invalid")}`))

  it("there is a fixture using every field", () => {
    const everyField = JSON.parse(readFileSync(join(fixtures, "every-field.json"), "utf8")) as {
      hooks: Record<string, Array<{ matcher?: string; parallel?: boolean; hooks: Array<Record<string, unknown>> }>>
      disableAllHooks?: boolean
      $schema?: string
    }
    const events = Object.keys(everyField.hooks).sort()
    const hookKeys = new Set(
      Object.values(everyField.hooks)
        .flat()
        .flatMap((g) => g.hooks.flatMap((h) => Object.keys(h)))
    )
    const groupKeys = new Set(
      Object.values(everyField.hooks)
        .flat()
        .flatMap((g) => Object.keys(g))
    )
    const schemaEvents = Object.keys(
      (shipped["properties"] as Record<string, { properties: object }>)["hooks"]!.properties
    ).sort()
    assert.deepStrictEqual(events, schemaEvents)
    assert.deepStrictEqual([...hookKeys].sort(), ["command", "env", "onFailure", "timeout", "type"])
    assert.deepStrictEqual([...groupKeys].sort(), ["hooks", "matcher", "parallel"])
    assert.isBoolean(everyField.disableAllHooks)
    assert.isString(everyField.$schema)
  })

  for (const path of [...examples, ...valid]) {
    it(`${relative(root, path)} validates against the schema and passes validateSettings without errors`, () => {
      const text = readFileSync(path, "utf8")
      const json = JSON.parse(text) as unknown
      assert.isTrue(validateWithSchema(json), schemaErrors(json))
      const checked = validateSettings(text, { file: path, scope: "project", dialect: "wave" })
      assert.deepStrictEqual(
        checked.diagnostics.filter((d) => d.severity === "error"),
        []
      )
    })
  }

  it("every example settings file was found (examples/ is checked when it holds any)", () => {
    assert.include(examples, join(root, "examples", "demo", ".wave", "settings.json"))
  })

  // The demo's hooks for other agents pass validateSettings in their own dialects.
  for (const [path, dialect] of [
    ["examples/demo/.gemini/settings.json", "gemini-cli"],
    ["examples/demo/.cursor/hooks.json", "cursor"],
    ["examples/demo/.github/hooks/redact-subagent.json", "copilot"],
    ["examples/demo/.github/hooks/prompt-conventions.json", "copilot"]
  ] as const) {
    it(`${path} passes validateSettings in the ${dialect} dialect without errors or warnings`, () => {
      const row = dialectRules[dialect].settingsFiles.find((r) => r.scope === "project")!
      const checked = validateSettings(readFileSync(join(root, path), "utf8"), {
        file: join(root, path),
        scope: "project",
        dialect,
        format: row.format,
        keys: row.keys,
        ...(row.entries === undefined ? {} : { entries: row.entries })
      })
      assert.deepStrictEqual(checked.diagnostics, [])
      assert.isAbove(checked.hooks.length, 0)
    })
  }
})

describe("invalid files are rejected by the schema and by validateSettings", () => {
  const invalid = findFiles(join(fixtures, "invalid"), /\.json$/)

  it("the invalid fixtures include an unknown event and a timeout of 0", () => {
    const names = invalid.map((path) => path.slice(path.lastIndexOf("/") + 1))
    assert.includeMembers(names, ["unknown-event.json", "timeout-zero.json"])
  })

  for (const path of invalid) {
    it(`${relative(root, path)} is rejected`, () => {
      const text = readFileSync(path, "utf8")
      assert.isFalse(validateWithSchema(JSON.parse(text)), `the schema accepted ${path}`)
      const checked = validateSettings(text, { file: path, scope: "project", dialect: "wave" })
      assert.isAbove(checked.diagnostics.filter((d) => d.severity === "error").length, 0)
    })
  }

  it("inline: unknown event and timeout 0 are schema errors at their paths", () => {
    const json = {
      hooks: {
        PreToolUs: [{ hooks: [{ type: "command", command: "x" }] }],
        Stop: [{ hooks: [{ type: "command", command: "x", timeout: 0 }] }]
      }
    }
    assert.isFalse(validateWithSchema(json))
    const paths = (validateWithSchema.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`)
    assert.include(paths, "/hooks additionalProperties")
    assert.include(paths, "/hooks/Stop/0/hooks/0/timeout exclusiveMinimum")
  })
})
