/**
 * What ships and what a user reads names no issue tracker entry, seed document
 * or outside reference by number: README.md, docs/** (working notes live in
 * notes/, which is not shipped), src/**, examples/**, the generated pages and
 * the demo's actual output. A section of our own docs is the place to point to.
 */
import { assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { ensureCliBuilt, repoRoot, runCli } from "../helpers/cli-process.ts"

/** An issue number, a seed document or a numbered outside reference. */
export const internalReference = /\bissues? #?\d+\b|\bseed 0\d\d\b|\breference \d+\.\d+\b/i

const textFile = /\.(md|ts|tsx|js|mjs|cjs|json|sh|html|css|txt|ya?ml)$/

/** Every text file under `dir`, recursively (node_modules and dist skipped). */
const filesUnder = (dir: string): ReadonlyArray<string> =>
  !existsSync(dir)
    ? []
    : statSync(dir).isFile()
      ? [dir]
      : readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.name === "node_modules" || e.name === "dist"
            ? []
            : e.isDirectory()
              ? filesUnder(join(dir, e.name))
              : textFile.test(e.name)
                ? [join(dir, e.name)]
                : []
        )

/** Each hit as `name:line: text`. */
export const hitsIn = (name: string, text: string): ReadonlyArray<string> =>
  text
    .split("\n")
    .flatMap((line, index) => (internalReference.test(line) ? [`${name}:${index + 1}: ${line.trim()}`] : []))

const hitsUnder = (...paths: ReadonlyArray<string>): ReadonlyArray<string> =>
  paths
    .flatMap((p) => filesUnder(join(repoRoot, p)))
    .flatMap((file) => hitsIn(relative(repoRoot, file), readFileSync(file, "utf8")))

describe("no internal references", () => {
  it("the pattern catches what it must and lets our own sections through", () => {
    assert.deepStrictEqual(
      hitsIn(
        "x.md",
        "fixed in issue 12\nsee issues #3\nas seed 004 says\nreference 3.4 says\nsee docs/ARCHITECTURE.md section 7.3"
      ),
      ["x.md:1: fixed in issue 12", "x.md:2: see issues #3", "x.md:3: as seed 004 says", "x.md:4: reference 3.4 says"]
    )
  })

  it("src/** names none", () => {
    assert.deepStrictEqual(hitsUnder("src"), [])
  })

  it("docs/ARCHITECTURE.md and the generated reference pages name none", () => {
    assert.deepStrictEqual(
      hitsUnder("docs/ARCHITECTURE.md", "docs/reference/decision-table.md", "docs/reference/conformance.md"),
      []
    )
  })

  it("README.md, docs/** and examples/** name none", () => {
    assert.deepStrictEqual(hitsUnder("README.md", "docs", "examples"), [])
  })

  describe("the demo's output", () => {
    beforeAll(() => ensureCliBuilt(), 180_000)

    it("names none", async () => {
      const ran = await runCli(["demo"], { env: { ...process.env, NO_COLOR: "1" }, timeoutMs: 120_000 })
      assert.strictEqual(ran.status, 0, ran.stderr)
      assert.isAbove(ran.stdout.length, 100)
      assert.deepStrictEqual(
        [...hitsIn("wave-hooks demo (stdout)", ran.stdout), ...hitsIn("wave-hooks demo (stderr)", ran.stderr)],
        []
      )
    }, 180_000)
  })
})
