/**
 * The generated tables of docs/reference: the committed pages match the code,
 * and `--check` fails, naming the part, on a page whose table was edited.
 */
import { assert, describe, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { repoRoot } from "../helpers/cli-process.ts"

const script = join(repoRoot, "scripts", "docs-tables.ts")
const node = join(repoRoot, "node_modules", ".bin", "node")

const tables = (...args: ReadonlyArray<string>) =>
  spawnSync(node, [script, ...args], { cwd: repoRoot, encoding: "utf8", timeout: 60_000 })

describe("docs-tables", () => {
  it("the committed pages match the code", () => {
    const r = tables("--check")
    assert.strictEqual(r.status, 0, r.stderr)
  })

  it("--check fails naming the page and the part when a table drifts, and --update repairs it", () => {
    const root = mkdtempSync(join(tmpdir(), "docs-tables-"))
    try {
      cpSync(join(repoRoot, "docs", "reference"), join(root, "docs", "reference"), { recursive: true })
      const page = join(root, "docs", "reference", "decision-table.md")
      writeFileSync(page, readFileSync(page, "utf8").replace("| `exit.2` |", "| `exit.two` |"))
      const drift = tables("--check", "--root", root)
      assert.strictEqual(drift.status, 1)
      assert.include(drift.stderr, `docs/reference/decision-table.md: the generated part "rules" differs from the code`)
      assert.strictEqual(tables("--update", "--root", root).status, 0)
      assert.strictEqual(tables("--check", "--root", root).status, 0)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it("--check fails on a page without the markers", () => {
    const root = mkdtempSync(join(tmpdir(), "docs-tables-"))
    try {
      cpSync(join(repoRoot, "docs", "reference"), join(root, "docs", "reference"), { recursive: true })
      writeFileSync(join(root, "docs", "reference", "conformance.md"), "# Conformance\n")
      const r = tables("--check", "--root", root)
      assert.strictEqual(r.status, 1)
      assert.include(r.stderr, `docs/reference/conformance.md: has no "<!-- generated: conformance -->"`)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
