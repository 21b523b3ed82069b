/**
 * The package says it is MIT-licensed (package.json `license`): the LICENSE
 * file that grants it must be there and say the same (issue 11).
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../", import.meta.url))

describe("license", () => {
  it("package.json's license has its LICENSE file, with the same licence and a copyright line", () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { license?: string }
    assert.strictEqual(pkg.license, "MIT")
    const text = readFileSync(`${root}LICENSE`, "utf8")
    assert.match(text, /^MIT License/m)
    assert.match(text, /^Copyright \(c\) \d{4} /m)
    assert.include(text, "Permission is hereby granted, free of charge")
  })
})
