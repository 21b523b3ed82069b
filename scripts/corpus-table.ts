/**
 * Print the conformance table of the hook corpus (test/corpus/cases.ts, test/corpus/gemini-cli-cases.ts,
 * test/corpus/codex-cases.ts): one row per event, one column per dialect, the number of cases in each cell
 * (known failures in brackets). A gemini-cli case counts under the internal event its Gemini event runs as;
 * Codex CLI uses the internal event names.
 * For the README's conformance table: `node scripts/corpus-table.ts`.
 */
import { hookEvents } from "../src/core/events.ts"
import type { CorpusCase } from "../test/corpus/cases.ts"
import { cases as otherCases } from "../test/corpus/cases.ts"
import { geminiCliCases } from "../test/corpus/gemini-cli-cases.ts"
import { codexCases } from "../test/corpus/codex-cases.ts"

const cases: ReadonlyArray<CorpusCase> = [...otherCases, ...geminiCliCases, ...codexCases]
const dialects = ["claude-code", "wave", "gemini-cli", "codex"] as const

/** Gemini CLI's event names and the internal events they run as (the gemini-cli event table). */
const geminiEvents: Readonly<Record<string, string>> = {
  BeforeTool: "PreToolUse",
  AfterTool: "PostToolUse",
  BeforeAgent: "UserPromptSubmit",
  AfterAgent: "Stop",
  PreCompress: "PreCompact",
  SessionStart: "SessionStart",
  SessionEnd: "SessionEnd",
  Notification: "Notification"
}

const eventOf = (c: CorpusCase): string => (c.dialect === "gemini-cli" ? (geminiEvents[c.event] ?? c.event) : c.event)

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
  ...hookEvents.map((event) => `| ${event} | ${dialects.map((d) => cell(event, d)).join(" | ")} |`),
  `| **total** | ${dialects.map((d) => String(cases.filter((c) => c.dialect === d).length)).join(" | ")} |`
]
const unknown = cases.filter((c) => !(hookEvents as ReadonlyArray<string>).includes(eventOf(c)))
if (unknown.length > 0) lines.push("", `Cases of no known event: ${unknown.map((c) => c.name).join(", ")}`)
const missing = hookEvents.filter((e) => !cases.some((c) => c.event === e && c.dialect === "claude-code"))
if (missing.length > 0) lines.push("", `Events without a claude-code case: ${missing.join(", ")}`)
console.log(lines.join("\n"))
