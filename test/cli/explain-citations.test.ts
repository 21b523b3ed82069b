/**
 * `explain` cites the rules of `docs/ARCHITECTURE.md`, which the package ships
 * (`files` in package.json): every rule the decision core can cite names a
 * section (or a numbered item of a section) that exists in that file.
 */
import { assert, describe, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { citationOf, citedDocument, renderExplainText } from "../../src/cli/render-explain.ts"
import { decideTraced } from "../../src/core/decide.ts"
import { repoRoot } from "../helpers/cli-process.ts"

const doc = readFileSync(join(repoRoot, citedDocument), "utf8")

/** Whether `docs/ARCHITECTURE.md §5.2` or `§4 item 6` names a heading or a numbered item that exists. */
const exists = (cites: string): boolean => {
  const m = /^docs\/ARCHITECTURE\.md §(\d+)(?:\.(\d+)| item (\d+))$/.exec(cites)
  if (m === null) return false
  const [, section, sub, item] = m
  if (sub !== undefined) return new RegExp(`^### ${section}\\.${sub} `, "m").test(doc)
  const start = doc.search(new RegExp(`^## ${section}\\. `, "m"))
  if (start < 0) return false
  const rest = doc.slice(start + 1)
  const end = rest.search(/^## /m)
  return new RegExp(`^${item}\\. `, "m").test(end < 0 ? rest : rest.slice(0, end))
}

/** Every rule literal in the decision core: `"5.1 systemMessage"`, `` `5.2 ${event} exit 2` ``. */
const coreDir = join(repoRoot, "src", "core")
const ruleLiterals = readdirSync(coreDir)
  .filter((f) => f.endsWith(".ts"))
  .flatMap((f) => [...readFileSync(join(coreDir, f), "utf8").matchAll(/["`](\d+\.\d+ [^"`]*)["`]/g)].map((m) => m[1]!))

describe("explain's citations", () => {
  it("the package ships the cited document", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { files: ReadonlyArray<string> }
    assert.isTrue(pkg.files.includes("docs") || pkg.files.includes(citedDocument))
  })

  it("every rule of the decision core cites a section of docs/ARCHITECTURE.md that exists", () => {
    assert.isAbove(ruleLiterals.length, 20)
    for (const rule of ruleLiterals) {
      const cited = citationOf(rule)
      assert.isDefined(cited, rule)
      assert.isTrue(exists(cited!.cites), `${rule} cites ${cited!.cites}, which docs/ARCHITECTURE.md does not have`)
    }
  })

  it("a cited section that does not exist is caught", () => {
    assert.isFalse(exists("docs/ARCHITECTURE.md §5.9"))
    assert.isFalse(exists("docs/ARCHITECTURE.md §6 item 42"))
  })

  it("the text names the document and the section", () => {
    const run = { exitCode: 2, stdout: "", stderr: "no rm", timedOut: false }
    const policy = { dialect: "wave", onFailure: "continue" } as const
    const traced = decideTraced("PreToolUse", run as never, policy as never)
    const text = renderExplainText({ event: "PreToolUse", run, policy } as never, traced)
    assert.include(text, "(docs/ARCHITECTURE.md §5.2)")
    assert.notMatch(text, /rule\s+5\.2/)
  })
})
