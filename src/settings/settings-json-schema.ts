/**
 * The JSON Schema of settings files, generated from `SettingsFileSchema`
 * (shipped as `schema/settings.schema.json` for editors).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { SettingsFileSchema } from "./settings-schema.ts"

/**
 * Where the shipped schema can be referenced from a settings file.
 *
 * @category constants
 * @since 0.1.0
 */
const settingsSchemaId = "https://wave-hooks.dev/schema/settings.schema.json"

/**
 * The settings JSON Schema document (draft 2020-12). Event names are closed
 * (`additionalProperties: false` under `hooks`) so editors flag a misspelt
 * event; other keys stay open, as the validator only warns about them.
 *
 * **Example** (Using it from a settings file)
 *
 * ```json
 * { "$schema": "../node_modules/wave-hooks/schema/settings.schema.json", "hooks": { ... } }
 * ```
 *
 * @category schemas
 * @since 0.1.0
 */
export const settingsJsonSchema = (): Record<string, unknown> => {
  const document = Schema.toJsonSchemaDocument(SettingsFileSchema)
  const schema = document.schema as Record<string, unknown>
  const properties = schema["properties"] as Record<string, Record<string, unknown>>
  const hooks = properties["hooks"]
  if (hooks !== undefined) {
    hooks["additionalProperties"] = false
    hooks["description"] = "Hooks by event name; each event takes an array of matcher groups."
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: settingsSchemaId,
    ...schema,
    $defs: document.definitions
  }
}
