/**
 * Print the conformance table of the hook corpus (test/corpus/cases.ts, test/corpus/gemini-cli-cases.ts,
 * test/corpus/codex-cases.ts, test/corpus/cursor-cases.ts, test/corpus/copilot-cases.ts): one row per event,
 * one column per dialect, the number of cases in each cell (known failures in brackets). A gemini-cli, cursor
 * or copilot case counts under the internal event its agent event runs as (the dialect design's event table);
 * Codex CLI uses the internal event names. Internal events the design adds for those agents and `hookEvents`
 * does not list yet (PreFileRead, AgentResponse, PromptTransformed) get rows after the others when a case uses them.
 * For the README's conformance table: `node scripts/corpus-table.ts`.
 */
import { hookEvents } from "../src/core/events.ts"
import { agentEventNamed } from "../src/core/dialect-events.ts"
import type { CorpusCase } from "../test/corpus/cases.ts"
import { cases as otherCases } from "../test/corpus/cases.ts"
import { geminiCliCases } from "../test/corpus/gemini-cli-cases.ts"
import { codexCases } from "../test/corpus/codex-cases.ts"
import { cursorCases } from "../test/corpus/cursor-cases.ts"
import { copilotCases } from "../test/corpus/copilot-cases.ts"

const cases: ReadonlyArray<CorpusCase> = [
  ...otherCases,
  ...geminiCliCases,
  ...codexCases,
  ...cursorCases,
  ...copilotCases
]
const dialects = ["claude-code", "wave", "gemini-cli", "codex", "cursor", "copilot"] as const

/** The internal event a case fires: its agent's name of it, read through the dialect's event table. */
const eventOf = (c: CorpusCase): string => agentEventNamed(c.dialect, c.event)?.event ?? c.event

const rows: ReadonlyArray<string> = hookEvents

const cell = (event: string, dialect: string): string => {
  const of = cases.filter((c) => eventOf(c) === event && c.dialect === dialect)
  const failing = of.filter((c) => c.knownFailure !== undefined).length
  return of.length === 0
    ? "-"
    : failing === 0
      ? String(of.length)
      : `${of.length} (${failing} known failure${failing === 1 ? "" : "s"})`
}

const lines = [
  `| event | ${dialects.join(" | ")} |`,
  `|---|${dialects.map(() => "---:").join("|")}|`,
  ...rows.map((event) => `| ${event} | ${dialects.map((d) => cell(event, d)).join(" | ")} |`),
  `| **total** | ${dialects.map((d) => String(cases.filter((c) => c.dialect === d).length)).join(" | ")} |`
]
const unknown = cases.filter((c) => !rows.includes(eventOf(c)))
if (unknown.length > 0) lines.push("", `Cases of no known event: ${unknown.map((c) => c.name).join(", ")}`)
const missing = hookEvents.filter((e) => !cases.some((c) => c.event === e && c.dialect === "claude-code"))
if (missing.length > 0) lines.push("", `Events without a claude-code case: ${missing.join(", ")}`)
console.log(lines.join("\n"))
