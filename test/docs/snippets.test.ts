/**
 * scripts/docs-snippets.ts: every `<!-- snippet: PATH -->` code block in README.md and docs/ equals
 * its example file; a drifted block or a missing example fails `--check` naming file:line and the
 * example, and `--update` rewrites the block.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { repoRoot } from "../helpers/cli-process.ts"
import { removeTempProjects } from "../helpers/project.ts"
import { processMarkdown, snippetText } from "../../scripts/docs-snippets.ts"
import { docsCopy, runDocsScript } from "./docs-scripts.ts"

afterAll(removeTempProjects)

describe("docs snippets", () => {
  it("--check passes on the committed docs", () => {
    const result = runDocsScript("docs-snippets.ts", ["--check"], repoRoot)
    assert.strictEqual(result.status, 0, result.stderr)
  })

  it("--check fails on a drifted block, naming file:line and the example; --update repairs it", () => {
    const root = docsCopy()
    const page = join(root, "docs/guides/hook-types.md")
    const source = readFileSync(page, "utf8")
    const marker = "<!-- snippet: examples/guides/hook-types/policy-server.mjs -->"
    const at = source.indexOf(marker)
    assert.isAtLeast(at, 0, "hook-types.md includes the policy server")
    const line = source.slice(0, at).split("\n").length
    const drifted = source.replace("createServer(async (request", "createServer(async (req")
    assert.notStrictEqual(drifted, source, "the drift is planted in the policy server's block")
    writeFileSync(page, drifted)
    const drift = runDocsScript("docs-snippets.ts", ["--check"], root)
    assert.strictEqual(drift.status, 1)
    assert.include(
      drift.stderr,
      `docs/guides/hook-types.md:${line}: the code block differs from examples/guides/hook-types/policy-server.mjs`
    )
    runDocsScript("docs-snippets.ts", ["--update"], root)
    assert.strictEqual(readFileSync(page, "utf8"), source)
  })

  it("--check fails on a missing example file", () => {
    const root = docsCopy()
    rmSync(join(root, "examples/guides/hook-types/policy-server.mjs"))
    const missing = runDocsScript("docs-snippets.ts", ["--check"], root)
    assert.strictEqual(missing.status, 1)
    assert.match(
      missing.stderr,
      /docs\/guides\/hook-types\.md:\d+: the example examples\/guides\/hook-types\/policy-server\.mjs does not exist/u
    )
  })

  it("includes a region without its markers, and fills an empty block on update", () => {
    const root = docsCopy()
    writeFileSync(
      join(root, "example.sh"),
      "#!/bin/sh\n# #region main\necho hi\n# #region inner\necho there\n# #endregion inner\n# #endregion main\nexit 0\n"
    )
    assert.deepStrictEqual(snippetText(root, "example.sh", "main"), { text: "echo hi\necho there" })
    assert.deepStrictEqual(snippetText(root, "example.sh", undefined), {
      text: readFileSync(join(root, "example.sh"), "utf8").trimEnd()
    })
    assert.deepStrictEqual(snippetText(root, "example.sh", "nope"), {
      error: 'the example example.sh has no "#region nope" line'
    })
    const markdown = "Text\n<!-- snippet: example.sh#main -->\n```sh\n```\nafter\n"
    assert.deepStrictEqual(processMarkdown(root, "x.md", markdown, true), {
      text: "Text\n<!-- snippet: example.sh#main -->\n```sh\necho hi\necho there\n```\nafter\n",
      problems: []
    })
    assert.deepStrictEqual(processMarkdown(root, "x.md", "<!-- snippet: example.sh -->\nno block\n", false).problems, [
      { file: "x.md", line: 1, message: "the snippet of example.sh is not followed directly by a fenced code block" }
    ])
  })
})
