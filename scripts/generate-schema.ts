/**
 * Writes schema/settings.schema.json from the settings Schema
 * (`npm run schema`). A test fails when the committed file is out of date.
 */
import { writeFileSync } from "node:fs"
import { settingsJsonSchema } from "../src/settings/settings-json-schema.ts"

const target = new URL("../schema/settings.schema.json", import.meta.url)
writeFileSync(target, JSON.stringify(settingsJsonSchema(), null, 2) + "\n")
console.log(`wrote ${target.pathname}`)
