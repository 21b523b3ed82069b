/**
 * scripts/api-report.ts (`npm run api:update` / `api:check`): the reports
 * cover every entry point, hold no machine paths, and the check catches a
 * changed, missing or stale report. (That `api/*.api.md` matches the sources
 * is `npm run api:check`'s job in CI, not this test's.) No entry exports a
 * helper from src/internal.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import {
  clean,
  compareReports,
  entries,
  generateReports,
  type Report,
  usesAny,
  writeReports
} from "../../scripts/api-report.ts"

const repo = resolve(import.meta.dirname, "../..")

describe("the API report", () => {
  let reports: ReadonlyArray<Report>
  const dir = mkdtempSync(join(tmpdir(), "wave-hooks-api-test-"))
  beforeAll(() => {
    reports = generateReports()
  }, 60_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("has one report per package.json entry point, each listing its exports", () => {
    const pkg = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { exports: Record<string, unknown> }
    const subpaths = Object.keys(pkg.exports).filter((key) => key !== "./package.json")
    expect(reports.map((r) => r.entry.specifier).sort()).toEqual(
      subpaths.map((s) => (s === "." ? "wave-hooks" : `wave-hooks/${s.slice(2)}`)).sort()
    )
    const root = reports.find((r) => r.entry.specifier === "wave-hooks")!
    expect(root.entry.reportFile).toBe("wave-hooks.api.md")
    expect(root.text).toContain("## decide (function)")
    expect(root.text).toContain("## HookEffect (type)")
    expect(root.text).toContain("## Interpreter (class)")
    expect(entries().find((e) => e.specifier === "wave-hooks/runner")?.source).toBe("src/runner/index.ts")
  })

  it("holds no machine paths or unreadable import() types", () => {
    for (const r of reports) {
      expect(r.text).not.toContain(repo)
      expect(r.text).not.toContain('import("')
      expect(r.text).not.toMatch(/^## \S+ \(unknown\)$/m)
    }
  })

  it("check passes on a fresh update and names what changed otherwise", () => {
    writeReports(dir, reports)
    expect(compareReports(dir, reports)).toEqual([])

    const file = join(dir, "wave-hooks.api.md")
    writeFileSync(file, readFileSync(file, "utf8").replace("## decide (function)", "## decide (const)"))
    const [changed, ...rest] = compareReports(dir, reports)
    expect(rest).toEqual([])
    expect(changed).toMatch(/wave-hooks\.api\.md differs from the exports of wave-hooks/)
    expect(changed).toMatch(/^-## decide \(const\)$/m)
    expect(changed).toMatch(/^\+## decide \(function\)$/m)

    rmSync(file)
    writeFileSync(join(dir, "wave-hooks-gone.api.md"), "old\n")
    const problems = compareReports(dir, reports).join("\n")
    expect(problems).toMatch(/wave-hooks\.api\.md is missing \(entry point wave-hooks\)/)
    expect(problems).toMatch(/wave-hooks-gone\.api\.md is for an entry point package\.json no longer exports/)

    writeReports(dir, reports) // removes the stale one, restores the missing one
    expect(compareReports(dir, reports)).toEqual([])
  })

  it("prints an entry the same whatever else the compiler checked first (unions and object members sorted)", () => {
    // The compiler orders union members and mapped-type keys by when it first
    // met each type; the runner's report, alone, once differed from the same
    // report printed after the other entries.
    for (const specifier of ["wave-hooks/runner", "wave-hooks/web"]) {
      const together = reports.find((r) => r.entry.specifier === specifier)!
      const [alone] = generateReports([together.entry])
      expect(alone!.text).toBe(together.text)
    }
  }, 60_000)

  it("exports nothing from src/internal, and would name what it did", () => {
    expect(reports.flatMap((r) => r.internal.map((name) => `${r.entry.specifier}: ${name}`))).toEqual([])
    const [leaky] = generateReports([
      { specifier: "leaky", source: "test/package/fixtures/leaky-entry.ts", reportFile: "leaky.api.md" }
    ])
    expect(leaky!.internal).toEqual(["closest"])
  }, 60_000)

  it("flags any, outside string literals", () => {
    expect(usesAny("(x: any) => void")).toBe(true)
    expect(usesAny("Array<any>")).toBe(true)
    expect(usesAny("'any' | \"any\"")).toBe(false)
    expect(usesAny("company | anything")).toBe(false)
  })

  it("prints dependency types as Module.Name and this package's types by name", () => {
    expect(clean(`import("${repo}/node_modules/effect/dist/Schema").String`)).toBe("Schema.String")
    expect(clean(`import("${repo}/node_modules/ai/dist/index").ModelMessage`)).toBe("ai.ModelMessage")
    expect(clean(`import("${repo}/node_modules/@scope/pkg/dist/index").X`)).toBe("@scope/pkg.X")
    expect(clean(`import("${repo}/src/core/hook-run").HookRun`)).toBe("HookRun")
  })
})
