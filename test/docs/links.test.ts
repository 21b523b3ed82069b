/**
 * scripts/docs-links.ts: every relative link and #anchor of README.md and docs/ resolves (no
 * network); a broken link or a broken anchor in a copy fails naming file:line.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { appendFileSync } from "node:fs"
import { join } from "node:path"
import { repoRoot } from "../helpers/cli-process.ts"
import { removeTempProjects } from "../helpers/project.ts"
import { githubSlug, headingAnchors, linksOf } from "../../scripts/docs-links.ts"
import { docsCopy, runDocsScript } from "./docs-scripts.ts"

afterAll(removeTempProjects)

describe("docs links", () => {
  it("--check passes on the committed docs", () => {
    const result = runDocsScript("docs-links.ts", ["--check"], repoRoot)
    assert.strictEqual(result.status, 0, result.stderr)
    assert.match(result.stdout, /docs links: \d+ relative links resolve/u)
  })

  it("fails on a link to a missing file", () => {
    const root = docsCopy()
    appendFileSync(join(root, "docs/README.md"), "\nSee [gone](guides/no-such-page.md).\n")
    const result = runDocsScript("docs-links.ts", ["--check"], root)
    assert.strictEqual(result.status, 1)
    assert.match(
      result.stderr,
      /docs\/README\.md:\d+: guides\/no-such-page\.md: docs\/guides\/no-such-page\.md does not exist/u
    )
  })

  it("fails on an anchor no heading has, in another page and in the same page", () => {
    const root = docsCopy()
    appendFileSync(
      join(root, "docs/README.md"),
      "\nSee [settings](guides/settings.md#no-such-heading) and [here](#nor-this).\n"
    )
    const result = runDocsScript("docs-links.ts", ["--check"], root)
    assert.strictEqual(result.status, 1)
    assert.include(result.stderr, "docs/guides/settings.md has no heading with the anchor #no-such-heading")
    assert.include(result.stderr, "docs/README.md has no heading with the anchor #nor-this")
  })

  it("lists external links without fetching them", () => {
    const root = docsCopy()
    appendFileSync(join(root, "docs/README.md"), "\n[far](https://example.invalid/x)\n")
    const result = runDocsScript("docs-links.ts", ["--check", "--list-external"], root)
    assert.strictEqual(result.status, 0, result.stderr)
    assert.include(result.stdout, "https://example.invalid/x (external, not fetched)")
  })

  it("slugs headings as GitHub does and skips code", () => {
    assert.strictEqual(githubSlug("`mcp_tool`"), "mcp_tool")
    assert.strictEqual(githubSlug("MCP gateway (`wave-hooks mcp-proxy`)"), "mcp-gateway-wave-hooks-mcp-proxy")
    assert.strictEqual(githubSlug("Fleet view: telemetry, audit log, stats"), "fleet-view-telemetry-audit-log-stats")
    assert.deepStrictEqual([...headingAnchors("# A\n## A\n```\n# B\n```\n")], ["a", "a-1"])
    assert.deepStrictEqual(
      linksOf("x.md", "[a](b.md) `[c](d.md)`\n```\n[e](f.md)\n```\n").map((l) => l.target),
      ["b.md"]
    )
  })
})
