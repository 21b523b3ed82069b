/**
 * Print the conformance table of the hook corpus (test/corpus/cases.ts): one row per event of
 * the 33, one column per dialect, the number of cases in each cell (known failures in brackets).
 * For the README's conformance table: `node scripts/corpus-table.ts`.
 */
import { hookEvents } from "../src/core/events.ts"
import { cases } from "../test/corpus/cases.ts"

const dialects = ["claude-code", "wave"] as const

const cell = (event: string, dialect: string): string => {
  const of = cases.filter((c) => c.event === event && c.dialect === dialect)
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
const unknown = cases.filter((c) => !(hookEvents as ReadonlyArray<string>).includes(c.event))
if (unknown.length > 0) lines.push("", `Cases of no known event: ${unknown.map((c) => c.name).join(", ")}`)
const missing = hookEvents.filter((e) => !cases.some((c) => c.event === e && c.dialect === "claude-code"))
if (missing.length > 0) lines.push("", `Events without a claude-code case: ${missing.join(", ")}`)
console.log(lines.join("\n"))
