/**
 * `explain` cites the decision-table page by the rule's id: every rule id
 * names a section of `docs/reference/decision-table.md` that exists and lists
 * it, and the rule text carries no section number.
 */
import { assert, describe, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { renderExplainJson, renderExplainText } from "../../src/cli/render-explain.ts"
import { decideTraced } from "../../src/core/decide.ts"
import { anchorOf, citationOfRule, decisionTablePage, type RuleId, rules } from "../../src/core/rule-id.ts"
import { repoRoot } from "../helpers/cli-process.ts"

const page = readFileSync(join(repoRoot, decisionTablePage), "utf8")
const anchors = new Set([...page.matchAll(/^#+ (.*)$/gm)].map((m) => `${decisionTablePage}#${anchorOf(m[1]!)}`))

/** Every `src/**` file's text. */
const sources = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith(".ts")
        ? [readFileSync(join(dir, e.name), "utf8")]
        : []
  )

describe("explain's citations", () => {
  it("the package ships the cited page", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { files: ReadonlyArray<string> }
    assert.isTrue(pkg.files.includes("docs") || pkg.files.includes(decisionTablePage))
  })

  it("every rule id cites a section of the decision-table page that exists and lists the id", () => {
    const ids = Object.keys(rules) as Array<RuleId>
    assert.isAbove(ids.length, 50)
    for (const id of ids) {
      assert.isTrue(anchors.has(citationOfRule(id)), `${id} cites ${citationOfRule(id)}, which the page does not have`)
      assert.include(page, `| \`${id}\` |`, `${id} is not listed on ${decisionTablePage}`)
    }
  })

  it("no rule text in src starts with a section number", () => {
    const numbered = sources(join(repoRoot, "src")).flatMap((text) =>
      [...text.matchAll(/at\("[^"]+", ["`](\d+(?:\.\d+)? [^"`]*)["`]\)/g)].map((m) => m[1]!)
    )
    assert.deepStrictEqual(numbered, [])
  })

  it("the text names the rule and the page section; the JSON adds the id", () => {
    const run = { exitCode: 2, stdout: "", stderr: "no rm", timedOut: false }
    const policy = { dialect: "wave", onFailure: "continue" } as const
    const traced = decideTraced("PreToolUse", run as never, policy as never)
    const text = renderExplainText({ event: "PreToolUse", run, policy } as never, traced)
    assert.include(text, "PreToolUse exit 2 (docs/reference/decision-table.md#no-valid-json-the-exit-code-decides)")
    assert.notMatch(text, /§|rule\s+\d/)
    const json = JSON.parse(renderExplainJson(traced)) as { effects: ReadonlyArray<Record<string, unknown>> }
    assert.deepStrictEqual(json.effects[0], {
      effect: { _tag: "BlockTool", reason: "no rm" },
      audience: "model",
      id: "exit.2",
      rule: "PreToolUse exit 2",
      cites: "docs/reference/decision-table.md#no-valid-json-the-exit-code-decides"
    })
  })
})

describe("explain in an agent's dialect", () => {
  it("names the event as the agent does, then the internal event, and cites the dialect's rule", () => {
    const run = { exitCode: 2, stdout: "", stderr: "no rm", timedOut: false }
    const policy = { dialect: "gemini-cli", onFailure: "continue" } as const
    const traced = decideTraced("PreToolUse", run as never, policy as never)
    const text = renderExplainText({ event: "PreToolUse", run, policy } as never, traced)
    assert.isTrue(text.startsWith("BeforeTool (PreToolUse), exit code 2, gemini-cli dialect"), text)
    assert.include(text, "docs/reference/decision-table.md#gemini-cli-dialect-differences")
  })
})
