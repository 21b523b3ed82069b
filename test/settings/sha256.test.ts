/**
 * The trust hash is pure JavaScript (so the root runs in a browser and the CLI
 * does not load `node:crypto`); it must equal Node's SHA-256 of the UTF-8
 * bytes, or trust recorded by older versions would stop matching.
 */
import { createHash } from "node:crypto"
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"

import { sha256Of } from "../../src/settings/trust.ts"

const nodeSha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex")

describe("sha256Of", () => {
  it("gives the known digest of the empty string and of 'abc'", () => {
    expect(sha256Of("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    expect(sha256Of("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })

  it("equals node:crypto for any string, lone surrogates and astral characters included", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary", maxLength: 300 }),
          fc.string({ unit: "grapheme", maxLength: 300 }),
          fc.string({ maxLength: 5000 })
        ),
        (text) => {
          expect(sha256Of(text)).toBe(nodeSha256(text))
        }
      ),
      { numRuns: 500 }
    )
  })
})
