/**
 * The generated tables of the docs: `docs/reference/decision-table.md` (every
 * rule of the decision core, from src/core/rule-id.ts; what each event does
 * on exit 2, 1 and 0, by running `decideTraced`; the precedence of effects,
 * from src/effects/precedence.ts) and `docs/reference/conformance.md` (the
 * hook corpus, test/corpus/cases.ts, per event and dialect).
 *
 * Each table sits between `<!-- generated: NAME -->` and
 * `<!-- end generated: NAME -->` lines; the prose around them is written by
 * hand. `node scripts/docs-tables.ts --update` rewrites the tables,
 * `--check` exits 1 naming each table that differs from the code.
 * `--root DIR` works on another copy of the repository (the tests use it).
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { decideTraced } from "../src/core/decide.ts"
import { claudeCodeEvents, hookEvents } from "../src/core/events.ts"
import { type RuleId, rules, type RuleTopic, ruleTopics } from "../src/core/rule-id.ts"
import { precedence, precedenceOrder } from "../src/effects/precedence.ts"
import { cases as ownCases } from "../test/corpus/cases.ts"
import { codexCases } from "../test/corpus/codex-cases.ts"
import { copilotCases } from "../test/corpus/copilot-cases.ts"
import { cursorCases } from "../test/corpus/cursor-cases.ts"
import { geminiCliCases } from "../test/corpus/gemini-cli-cases.ts"
import { dialects } from "../src/core/dialect.ts"
import { agentEventNamed } from "../src/core/dialect-events.ts"

const cellText = (text: string): string => text.replace(/\|/g, "\\|")

/** Every rule, one section per topic, in the order of `rules`. */
const ruleTables = (): string => {
  const ids = Object.keys(rules) as Array<RuleId>
  const topics = Object.keys(ruleTopics) as Array<RuleTopic>
  return topics
    .flatMap((topic) => {
      const of = ids.filter((id) => rules[id].topic === topic)
      if (of.length === 0) return []
      return [
        `### ${ruleTopics[topic]}`,
        "",
        "| id | rule |",
        "|---|---|",
        ...of.map((id) => `| \`${id}\` | ${cellText(rules[id].description)} |`),
        ""
      ]
    })
    .join("\n")
    .trimEnd()
}

/** What `decide` gives for a bare exit code, per event and dialect: the effect tags, and the rule ids. */
const exitTable = (): string => {
  const run = (exitCode: number) => ({
    exitCode,
    stdout: exitCode === 0 ? "text" : "",
    stderr: "why",
    timedOut: false,
    durationMs: 1
  })
  const cell = (
    event: (typeof claudeCodeEvents)[number],
    exitCode: number,
    dialect: (typeof dialects)[number]
  ): string => {
    const traced = decideTraced(event, run(exitCode) as never, { dialect, onFailure: "continue" } as never)
    return traced.length === 0 ? "-" : traced.map((t) => `${t.effect._tag} (\`${t.id}\`)`).join(", ")
  }
  return [
    "| event | exit 2, wave | exit 2, claude-code | exit 1 | exit 0 with stdout `text` |",
    "|---|---|---|---|---|",
    // The wave and claude-code rows: Claude Code's events (Gemini CLI's model-level ones are in its own section).
    ...claudeCodeEvents.map(
      (event) =>
        `| ${event} | ${cell(event, 2, "wave")} | ${cell(event, 2, "claude-code")} | ${cell(event, 1, "wave")} | ${cell(event, 0, "wave")} |`
    )
  ].join("\n")
}

/** The precedence table, strongest first. */
const precedenceTable = (): string =>
  [
    "| rank | effect | dropped when the list also holds | kept | blocks | permission |",
    "|---:|---|---|---|---|---|",
    ...precedenceOrder.map((tag, index) => {
      const p = precedence[tag]
      return `| ${index + 1} | \`${tag}\` | ${p.absorbedBy.length === 0 ? "-" : p.absorbedBy.map((t) => `\`${t}\``).join(", ")} | ${p.keep} | ${p.blocks ? "yes" : "no"} | ${p.permission ?? "-"} |`
    })
  ].join("\n")

/** Every dialect's corpus cases. */
const cases = [...ownCases, ...geminiCliCases, ...codexCases, ...cursorCases, ...copilotCases]

/** The internal event a case fires: its agent's name of it, read through the dialect's event table. */
const eventOf = (c: (typeof cases)[number]): string => agentEventNamed(c.dialect, c.event)?.event ?? c.event

/** The hook corpus per event and dialect (known failures counted apart). */
const conformanceTable = (): string => {
  const cell = (event: string, dialect: string): string => {
    const of = cases.filter((c) => eventOf(c) === event && c.dialect === dialect)
    const failing = of.filter((c) => c.knownFailure !== undefined).length
    return of.length === 0
      ? "-"
      : failing === 0
        ? String(of.length)
        : `${of.length} (${failing} known failure${failing === 1 ? "" : "s"})`
  }
  const corpusDialects = ["claude-code", ...dialects.filter((d) => d !== "claude-code")]
  return [
    `| event | ${corpusDialects.join(" | ")} |`,
    `|---|${corpusDialects.map(() => "---:").join("|")}|`,
    ...hookEvents.map((event) => `| ${event} | ${corpusDialects.map((d) => cell(event, d)).join(" | ")} |`),
    `| **total** | ${corpusDialects.map((d) => String(cases.filter((c) => c.dialect === d).length)).join(" | ")} |`
  ].join("\n")
}

/** Each page and the generated parts it holds. */
export const pages: ReadonlyArray<{ readonly file: string; readonly parts: Readonly<Record<string, () => string>> }> = [
  {
    file: "docs/reference/decision-table.md",
    parts: { rules: ruleTables, "exit-codes": exitTable, precedence: precedenceTable }
  },
  { file: "docs/reference/conformance.md", parts: { conformance: conformanceTable } }
]

/** `text` with the part `name` replaced by `body`, or a reason it cannot be. */
export const replacePart = (text: string, name: string, body: string): string | { readonly problem: string } => {
  const start = `<!-- generated: ${name} -->`
  const end = `<!-- end generated: ${name} -->`
  const a = text.indexOf(start)
  const b = text.indexOf(end)
  if (a < 0 || b < 0 || b < a) return { problem: `has no "${start}" ... "${end}" pair` }
  return `${text.slice(0, a + start.length)}\n${body}\n${text.slice(b)}`
}

const main = (): number => {
  const args = process.argv.slice(2)
  const mode = args.includes("--update") ? "update" : args.includes("--check") ? "check" : undefined
  const rootAt = args.indexOf("--root")
  const root = rootAt >= 0 && args[rootAt + 1] !== undefined ? resolve(args[rootAt + 1]!) : process.cwd()
  if (mode === undefined) {
    console.error("usage: node scripts/docs-tables.ts --update|--check [--root DIR]")
    return 2
  }
  const problems: Array<string> = []
  for (const page of pages) {
    const path = join(root, page.file)
    const before = readFileSync(path, "utf8")
    let text = before
    for (const [name, make] of Object.entries(page.parts)) {
      const next = replacePart(text, name, make())
      if (typeof next !== "string") {
        problems.push(`${page.file}: ${next.problem}`)
        continue
      }
      if (next !== text && mode === "check")
        problems.push(`${page.file}: the generated part "${name}" differs from the code`)
      text = next
    }
    if (mode === "update" && text !== before) {
      writeFileSync(path, text)
      console.log(`updated ${page.file}`)
    }
  }
  for (const p of problems) console.error(p)
  if (problems.length > 0 && mode === "check") console.error("Run: node scripts/docs-tables.ts --update")
  return problems.length > 0 ? 1 : 0
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main()
